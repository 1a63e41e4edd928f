//! Captures only: the moves that remove an enemy piece (quiescence),
//! those that remove one given piece (exchanges), and the one-leg threat
//! that lishogi's perpetual-check rule asks about.

use super::attack::{emperors, for_each_attacker, may_remove, special_may_reach};
use super::burns::removes;
use super::emitter::{CellSet, Emitter, Protection, Sink};
use super::legal::generate_into;
use crate::board::Position;
use crate::moves::Move;
use crate::types::Square;
use crate::variant::PieceType;
use arrayvec::ArrayVec;

/// Only asks whether some move takes a piece on its destination in one leg
/// (`threatens`).
#[derive(Default)]
struct OneLegCapture {
    found: bool,
}

impl Sink for OneLegCapture {
    fn take(&mut self, pos: &Position, mv: Move) {
        self.found |=
            mv.kills().is_empty() && mv.to() != mv.from() && pos.cell(mv.to()).piece().is_some();
    }
}

/// Whether the piece on `from`, were it to move again, could take an enemy
/// piece on the square it moves to, in one leg (a step, slide or jump;
/// the Lion-trading rules as the position's rule state has them): with a
/// check, what makes a move an attack for lishogi's perpetual-check rule
/// (`repetition`).
pub fn threatens(pos: &Position, from: Square) -> bool {
    let Some(p) = pos.piece_at(from) else {
        return false;
    };
    let v = pos.variant();
    let mut probe = OneLegCapture::default();
    let mut e = Emitter::for_piece(pos, p.color(), &mut probe, true, false);
    e.piece_moves(v.piece(p.kind()), from);
    probe.found
}

/// The legal moves that remove an enemy piece.
pub fn generate_captures(pos: &Position, out: &mut Vec<Move>) {
    generate_into(pos, out, true, Protection::BeforeMove, pos.okazaki());
}

/// Keeps the moves that remove the piece on `target`
/// (`generate_captures_of`).
struct Removing<'a> {
    target: Square,
    out: &'a mut Vec<Move>,
}

impl Sink for Removing<'_> {
    fn take(&mut self, pos: &Position, mv: Move) {
        if removes(pos, mv, self.target) {
            self.out.push(mv);
        }
    }

    #[inline(always)]
    fn may_take(&self, t: &PieceType, to: Square, kills: &[Square]) -> bool {
        may_remove(t, to, kills, self.target)
    }
}

/// The legal moves of the side to move that remove the piece on `target`,
/// in the order `generate_captures` lists them: only the pieces the attack
/// test finds, the pieces with special moves that `special_may_reach` the
/// target, and Emperors are generated (the exchanges of `see` ask this
/// once per reply).
pub fn generate_captures_of(pos: &Position, target: Square, out: &mut Vec<Move>) {
    out.clear();
    if pos.is_over() {
        return;
    }
    let us = pos.side();
    let mut seen = CellSet::default();
    let mut movers: ArrayVec<Square, 64> = ArrayVec::new();
    let mut overflow = false;
    let mut add = |sq: Square| {
        if seen.insert(sq) && movers.try_push(sq).is_err() {
            overflow = true;
        }
    };
    for_each_attacker(pos, target, us, &[], None, &mut |sq| {
        add(sq);
        false
    });
    let v = pos.variant();
    let reaching_specials = pos
        .specials(us)
        .iter()
        .copied()
        .filter(|&sq| special_may_reach(sq, target));
    for sq in reaching_specials.chain(emperors(pos, us)) {
        if !(v.has_freezers && pos.is_frozen(sq)) {
            add(sq);
        }
    }
    if overflow {
        generate_captures(pos, out);
        out.retain(|&m| removes(pos, m, target));
        return;
    }
    // Mailbox order is `Variant::squares` order, the order generation
    // walks the board in.
    movers.sort_unstable_by_key(|sq| sq.index());
    // A plain piece (steps, slides and leaps alone) that attacks an enemy
    // piece takes it in one way only, by landing on it: that move alone
    // is emitted, not every move of the piece filtered.
    let enemy_target = pos.piece_at(target).is_some_and(|p| p.color() != us);
    let mut sink = Removing { target, out };
    let mut e =
        Emitter::for_side_to_move(pos, &mut sink, true, Protection::BeforeMove, pos.okazaki());
    for &from in &movers {
        if let Some(p) = pos.piece_at(from) {
            let t = v.piece(p.kind());
            if t.rays_only && !t.special {
                if enemy_target {
                    e.emit(t, from, target, &[]);
                }
            } else {
                e.piece_moves(t, from);
            }
        }
    }
}
