//! Burns and what a move removes: Suzumu's chosen burns, Nutty's
//! automatic ones (with Suzumu's ban on a second pass, judged in the same
//! last step), and the tests whether a move captures, burns included.

use super::emitter::{Emitter, Sink};
use super::promotion::Promotion;
use crate::board::Position;
use crate::moves::Move;
use crate::types::{KING_STEPS_ASCENDING, Square};
use crate::variant::PieceType;
use arrayvec::ArrayVec;

impl<S: Sink> Emitter<'_, S> {
    /// docs/rules/suzumu.md 5.1 (4): the Demon that moved to `to` also burns
    /// one or two different adjacent enemies that are not Fire Demons,
    /// listed in ascending square order.
    #[inline(never)]
    pub(super) fn emit_burns(&mut self, t: &PieceType, from: Square, to: Square) {
        let victims = self.enemies_around(to, |p| !p.is_demon());
        self.emit_victim_sets(t, from, to, &victims, 2);
    }

    /// The enemies next to `sq` whose type `allowed` accepts, in ascending
    /// square order.
    pub(super) fn enemies_around(
        &self,
        sq: Square,
        allowed: fn(&PieceType) -> bool,
    ) -> ArrayVec<Square, 8> {
        KING_STEPS_ASCENDING
            .iter()
            .map(|&d| sq.offset(d))
            .filter(|&a| {
                self.pos
                    .piece_at(a)
                    .is_some_and(|p| p.color() != self.us && allowed(self.v.piece(p.kind())))
            })
            .collect()
    }

    /// The moves from `from` to `to` that take one of `victims` or, with
    /// `most` = 2, two different ones (kill squares in ascending order).
    pub(super) fn emit_victim_sets(
        &mut self,
        t: &PieceType,
        from: Square,
        to: Square,
        victims: &[Square],
        most: u8,
    ) {
        for (i, &a) in victims.iter().enumerate() {
            self.emit(t, from, to, &[a]);
            if most >= 2 {
                for &b in &victims[i + 1..] {
                    self.emit(t, from, to, &[a, b]);
                }
            }
        }
    }

    /// `emit_one`'s last step where Nutty's burning or Suzumu's ban on a
    /// second pass applies.
    #[inline(never)]
    pub(super) fn emit_under_rules(
        &mut self,
        from: Square,
        to: Square,
        kills: &[Square],
        mut promotion: Promotion,
        captures: bool,
    ) {
        let mv = Move::new(from, to, kills, false);
        if self.v.auto_burn
            && !matches!(promotion, Promotion::None)
            && self.pos.auto_burns(mv).mover_burnt
        {
            // Burnt on arrival: nothing left to promote (nutty.md 9.1).
            promotion = Promotion::None;
        }
        // Only a Nutty burn can make this a capture now.
        let burns_needed = self.captures_only && !captures;
        let plain_allowed = !(self.no_pass && mv.is_pass());
        match promotion {
            Promotion::None => {
                if plain_allowed {
                    self.push_if(mv, burns_needed);
                }
            }
            Promotion::Optional => {
                self.push_if(mv.with_promotion(true), burns_needed);
                if plain_allowed {
                    self.push_if(mv, burns_needed);
                }
            }
            Promotion::Forced => self.push_if(mv.with_promotion(true), burns_needed),
        }
    }

    /// Push `mv`, unless `burns_needed` and it burns nothing.
    #[inline(always)]
    fn push_if(&mut self, mv: Move, burns_needed: bool) {
        if !burns_needed || !self.pos.auto_burns(mv).victims.is_empty() {
            self.push(mv);
        }
    }
}

/// Whether a move removes an enemy piece (Nutty burns included).
#[inline]
pub fn is_capture(pos: &Position, mv: Move) -> bool {
    !mv.kills().is_empty()
        || (mv.to() != mv.from() && pos.piece_at(mv.to()).is_some())
        || (pos.variant().auto_burn && burns(pos, mv.pack(), None))
}

/// Whether `mv` removes the (enemy) piece on `target`: as a kill square,
/// on its destination, or by Nutty's burning.
pub fn removes(pos: &Position, mv: Move, target: Square) -> bool {
    mv.kills_on(target)
        || (mv.to() != mv.from() && mv.to() == target)
        || (pos.variant().auto_burn && burns(pos, mv.pack(), Some(target)))
}

/// Whether Nutty's burns by the move packed as `bits` (`Move::pack`)
/// remove the piece on `target`, or with `None` any piece. Out of line
/// and given the move packed: a `Move` (10 bytes) handed to a function
/// that is not inlined goes through memory in the WebAssembly build,
/// which gave every caller a stack frame on its hot path.
#[inline(never)]
fn burns(pos: &Position, bits: u64, target: Option<Square>) -> bool {
    let victims = pos.auto_burns(Move::unpack(bits)).victims;
    match target {
        Some(sq) => victims.contains(&sq),
        None => !victims.is_empty(),
    }
}
