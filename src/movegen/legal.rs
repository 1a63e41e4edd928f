//! The legal move list, and the questions about one move that are
//! answered by generating the moves of its piece.

use super::emitter::{Emitter, Protection, Sink};
use crate::board::Position;
use crate::moves::Move;
use crate::types::Square;
use crate::variant::PieceType;

/// The moves accepted from an opponent or a user (repetition aside):
/// liberal, either reading of Lion-trading rule 1 and the counter-strikes
/// the Okazaki rule allows (docs/rules/chu.md 8, items 5 and 6), unless the
/// variant's rules are exact (`lenient_lion_rules` off: lishogi's), when
/// they are the moves `generate` lists.
pub fn accepted_moves(pos: &Position) -> Vec<Move> {
    let mut legal = Vec::new();
    if pos.variant().lenient_lion_rules {
        generate_into(pos, &mut legal, false, Protection::AfterMove, true);
    } else {
        generate(pos, &mut legal);
    }
    legal
}

/// Whether `mv`'s piece also makes `mv` by its ordinary movement (a
/// slide, step or jump from the data), apart from its special powers and
/// area move: that way is one path of its own (path-counting perft).
pub fn made_by_rays(pos: &Position, mv: Move) -> bool {
    let Some(p) = pos.piece_at(mv.from()) else {
        return false;
    };
    let v = pos.variant();
    let mut moves = Vec::new();
    let mut e = Emitter::for_piece(pos, p.color(), &mut moves, false, pos.okazaki());
    e.rays(v.piece(p.kind()), mv.from());
    moves.contains(&mv)
}

/// Only asks whether one given move is generated (`generates`).
struct Finds {
    mv: Move,
    found: bool,
}

impl Sink for Finds {
    fn take(&mut self, _: &Position, mv: Move) {
        self.found |= mv == self.mv;
    }

    #[inline(always)]
    fn may_take(&self, _t: &PieceType, to: Square, _kills: &[Square]) -> bool {
        !self.found && to == self.mv.to()
    }
}

/// Whether `mv` is among the moves `generate` lists, found by generating
/// the moves of its piece alone: the search tries the hash move before
/// it generates the rest, and a move from another position (a hash
/// collision) must not be played.
pub fn generates(pos: &Position, mv: Move) -> bool {
    if pos.is_over() {
        return false;
    }
    let from = mv.from();
    let Some(t) = mover(pos, from) else {
        return false;
    };
    let mut finds = Finds { mv, found: false };
    let mut e = Emitter::for_side_to_move(
        pos,
        &mut finds,
        false,
        Protection::BeforeMove,
        pos.okazaki(),
    );
    e.piece_moves(t, from);
    finds.found
}

/// The type of the piece on `from` if the side to move may move it: its
/// own, and not frozen (Suzumu's freezers).
#[inline]
fn mover(pos: &Position, from: Square) -> Option<&'static PieceType> {
    let v = pos.variant();
    let p = pos.piece_at(from)?;
    (p.color() == pos.side() && !(v.has_freezers && pos.is_frozen(from))).then(|| v.piece(p.kind()))
}

/// All legal moves of the side to move (repetition aside) into `out`.
pub fn generate(pos: &Position, out: &mut Vec<Move>) {
    generate_into(pos, out, false, Protection::BeforeMove, pos.okazaki());
}

/// The legal moves (repetition aside) of the side to move's piece on
/// `from` into `out`: none if there is none or it is frozen.
pub fn generate_of(pos: &Position, from: Square, out: &mut Vec<Move>) {
    out.clear();
    if pos.is_over() {
        return;
    }
    if let Some(t) = mover(pos, from) {
        let mut e =
            Emitter::for_side_to_move(pos, out, false, Protection::BeforeMove, pos.okazaki());
        e.piece_moves(t, from);
    }
}

pub(super) fn generate_into(
    pos: &Position,
    out: &mut Vec<Move>,
    captures_only: bool,
    protection: Protection,
    okazaki: bool,
) {
    out.clear();
    if pos.is_over() {
        return;
    }
    let mut e = Emitter::for_side_to_move(pos, out, captures_only, protection, okazaki);
    for from in pos.squares_of(pos.side()) {
        if let Some(t) = mover(pos, from) {
            e.piece_moves(t, from);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::VariantSet;

    /// Along random games in every variant: `generate_of` lists a
    /// piece's moves as `generate` does; `generates` accepts exactly
    /// the moves `generate` lists, judged on those and on the moves of
    /// the position before (most of them no longer legal, some the
    /// opponent's), so that the search's hash move is never one the
    /// position does not allow.
    #[test]
    fn generates_accepts_exactly_the_generated_moves() {
        for v in &VariantSet::builtin().variants {
            let mut seed = 0x9E37_79B9_7F4A_7C15u64;
            let mut checked = 0;
            for _game in 0..6 {
                let mut pos = Position::start(v);
                let mut before: Vec<Move> = Vec::new();
                for _ply in 0..80 {
                    let mut moves = Vec::new();
                    generate(&pos, &mut moves);
                    let mut of_piece = Vec::new();
                    for from in pos.squares_of(pos.side()) {
                        generate_of(&pos, from, &mut of_piece);
                        let expected: Vec<Move> =
                            moves.iter().copied().filter(|m| m.from() == from).collect();
                        assert_eq!(of_piece, expected, "{} {from:?}", pos.fen());
                    }
                    for &m in moves.iter().chain(&before) {
                        assert_eq!(
                            generates(&pos, m),
                            moves.contains(&m),
                            "{} {m:?}",
                            pos.fen()
                        );
                        checked += 1;
                    }
                    if moves.is_empty() {
                        break;
                    }
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    pos.make(moves[(seed % moves.len() as u64) as usize]);
                    if pos.is_over() {
                        break;
                    }
                    before = moves;
                }
            }
            assert!(checked > 10_000, "{}: {checked} moves judged", v.name);
        }
    }
}
