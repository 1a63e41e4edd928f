//! The FEN reader: any text in any variant. A FEN that reads must write
//! back to a FEN that reads to the same position (hash and FEN).
#![no_main]
use kyodai::board::Position;
use kyodai::variant::VariantSet;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let set = VariantSet::builtin();
    let v = &set.variants[pick as usize % set.variants.len()];
    let text = String::from_utf8_lossy(rest);
    if let Ok(pos) = Position::from_fen(v, &text) {
        let fen = pos.fen();
        let again = Position::from_fen(v, &fen).expect("a written FEN reads");
        assert_eq!(again.fen(), fen);
        assert_eq!(again.hash(), pos.hash());
    }
});
