//! The CECP command handler: any lines, in any variant, never panic. (The
//! engine is not asked to move: searches are the search's business, and
//! tests/fuzz.rs checks them at a fixed depth. `memory` lines are left
//! out: the table size is the user's to choose, up to 64 GiB.)
#![no_main]
use kyodai::engine::link::Link;
use kyodai::variant::VariantSet;
use kyodai::xboard::Engine;
use libfuzzer_sys::fuzz_target;
use std::cell::RefCell;

thread_local! {
    // One engine for the run, its game started afresh for each input:
    // making one allocates its transposition table, which would take most
    // of the time.
    static ENGINE: RefCell<Engine> = RefCell::new({
        let mut e = Engine::new(VariantSet::builtin(), None, Link::writer(std::io::sink()));
        for line in ["xboard", "protover 2", "memory 1"] {
            e.command(line);
        }
        e
    });
}

fuzz_target!(|data: &[u8]| {
    ENGINE.with(|e| {
        let mut e = e.borrow_mut();
        for line in ["exit", "new", "force"] {
            e.command(line);
        }
        let text = String::from_utf8_lossy(data);
        for line in text.lines().take(64) {
            if line.trim_start().starts_with("memory") {
                continue;
            }
            if !e.command(line) {
                return;
            }
        }
    });
});
