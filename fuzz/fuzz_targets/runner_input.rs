//! What `kyodai match` reads from outside: its command line, time
//! controls, PGN openings, and engines' `feature` lines. Any text, never a
//! panic.
#![no_main]
use kyodai::play::{clock::TimeControl, config, engine::feature_pairs, pgn};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let text = String::from_utf8_lossy(rest);
    match pick % 4 {
        0 => {
            let args: Vec<String> = text.split_whitespace().map(String::from).collect();
            let _ = config::parse(&args);
        }
        1 => {
            let _ = TimeControl::parse_tc(&text).map(|tc| (tc.tag(), tc.cecp_command()));
            let _ = TimeControl::parse_st(&text);
        }
        2 => {
            let _ = pgn::read_openings(&text, Some(8));
        }
        _ => {
            let _ = feature_pairs(&text);
        }
    }
});
