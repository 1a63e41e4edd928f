//! The engine.ini reader: any text. A file that reads gives variants whose
//! start positions read or are refused, never a panic.
#![no_main]
use kyodai::board::Position;
use kyodai::variant::VariantSet;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    if let Ok(set) = VariantSet::parse(&text) {
        // Variants live as long as the engine, as in `kyodai --ini`.
        let set: &'static VariantSet = Box::leak(Box::new(set));
        for v in &set.variants {
            if let Ok(mut pos) = Position::from_fen(v, &v.start_fen) {
                let _ = kyodai::game::legal_moves(&mut pos);
            }
        }
    }
});
