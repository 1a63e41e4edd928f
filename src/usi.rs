//! Moves in USI notation as lishogi writes Chu moves (its shogiops
//! library): files numbered from the first mover's right (`1` to `12`),
//! ranks lettered from the top (`a` to `l`): Kyodai's `a1` is `12l`, `l12`
//! is `1a`. A move is `from to`, a Lion-type double step `from middle to`
//! (igui and a pass go out and back: `7g7f7g`), `+` when it promotes.

use crate::board::Position;
use crate::moves::Move;
use crate::perft::empty_midpoints;
use crate::types::Square;

/// A square in USI notation.
pub fn square(pos: &Position, sq: Square) -> String {
    let v = pos.variant();
    let file = v.width - sq.file();
    let rank = (b'a' + (v.height - 1 - sq.rank()) as u8) as char;
    format!("{file}{rank}")
}

/// Every way shogiops writes `mv`, one per path: the direct one first
/// (none for a pass), then one through each empty square it can step
/// through. A move that removes a piece other than on its destination
/// has one spelling, through that square.
pub fn move_paths(pos: &Position, mv: Move) -> Vec<String> {
    let sq = |s| square(pos, s);
    let promotion = if mv.promotes() { "+" } else { "" };
    let (from, to) = (sq(mv.from()), sq(mv.to()));
    if let [kill] = mv.kills() {
        return vec![format!("{from}{}{to}{promotion}", sq(*kill))];
    }
    let direct = (!mv.is_pass()).then(|| format!("{from}{to}{promotion}"));
    direct
        .into_iter()
        .chain(
            empty_midpoints(pos, mv)
                .into_iter()
                .map(|mid| format!("{from}{}{to}{promotion}", sq(mid))),
        )
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::movegen::parse_move;
    use crate::variant::VariantSet;

    #[test]
    fn squares_and_paths_as_shogiops_writes_them() {
        let v = VariantSet::builtin().find("chu").expect("built in");
        let pos = Position::from_fen(v, "11k/12/12/12/12/12/5p6/5N6/12/12/12/K11 w - 0 1")
            .expect("reads");
        assert_eq!(square(&pos, Square::new(0, 0)), "12l");
        assert_eq!(square(&pos, Square::new(11, 11)), "1a");
        // Lion f5 (7h), Gote Pawn f6 (7g): taking it on the way to f7 is
        // one move with one spelling, and so is taking it and going back.
        let double = parse_move(&pos, "f5f6,f6f7").expect("legal");
        assert_eq!(move_paths(&pos, double), ["7h7g7f"]);
        let igui = parse_move(&pos, "f5f6,f6f5").expect("legal");
        assert_eq!(move_paths(&pos, igui), ["7h7g7h"]);
        // The jump to d5 (9h): directly, or through e5 (8h), e4 (8i) or
        // e6 (8g).
        let jump = parse_move(&pos, "f5d5").expect("legal");
        let mut paths = move_paths(&pos, jump);
        assert_eq!(paths.remove(0), "7h9h");
        paths.sort();
        assert_eq!(paths, ["7h8g9h", "7h8h9h", "7h8i9h"]);
    }
}
