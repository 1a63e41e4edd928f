//! The move parser: any text in a position reached by a few moves the
//! input chooses. A text that reads names a move the rules accept, which
//! its own notation reads back to; the position is left as it was.
#![no_main]
use kyodai::board::Position;
use kyodai::game::legal_moves;
use kyodai::movegen::{accepted_moves, parse_move};
use kyodai::variant::VariantSet;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let [pick, plies, choices @ ..] = data else {
        return;
    };
    let set = VariantSet::builtin();
    let v = &set.variants[*pick as usize % set.variants.len()];
    let mut pos = Position::start(v);
    let plies = (*plies % 8) as usize;
    for &c in choices.iter().take(plies) {
        let legal = legal_moves(&mut pos);
        if legal.is_empty() {
            return;
        }
        pos.make(legal[c as usize % legal.len()]);
    }
    let text = String::from_utf8_lossy(choices.get(plies..).unwrap_or_default());
    let before = pos.hash();
    if let Ok(mv) = parse_move(&pos, &text) {
        assert!(accepted_moves(&pos).contains(&mv), "{text}");
        // Kyodai's own spelling (a pass as its square twice) reads back.
        let written = mv.to_string();
        assert_eq!(parse_move(&pos, &written), Ok(mv), "{text} -> {written}");
    }
    assert_eq!(pos.hash(), before);
});
