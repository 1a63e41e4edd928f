//! The engine.ini reader: any text, never a panic. (Reading a file builds
//! its variants' tables too, evaluation included. Start positions are the
//! FEN target's business: checking them here would need each variant to
//! live for ever, and a run leaks one per input.)
#![no_main]
use kyodai::variant::VariantSet;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let _ = VariantSet::parse(&text);
});
