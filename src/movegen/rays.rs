//! Ordinary movement: the slides, steps and leaps compiled from the data
//! as rays, and the capturing jumps along a slide line (the Tenjiku
//! family).

use super::emitter::{Emitter, Sink};
use crate::types::Square;
use crate::variant::{PieceType, Ray};
use arrayvec::ArrayVec;

impl<S: Sink> Emitter<'_, S> {
    /// (Inlined in the WebAssembly build, like `piece_moves`: kept out of
    /// line there it costs 3.6% more instructions, and the inliner's
    /// choice shifts with small changes elsewhere.)
    #[cfg_attr(target_arch = "wasm32", inline(always))]
    pub(super) fn rays(&mut self, t: &PieceType, from: Square) {
        for r in t.rays(self.us) {
            let mut sq = from;
            let mut n = 0u8;
            if r.skip_first {
                // The first square is ignored, whatever stands there.
                sq = sq.offset(r.delta);
                if self.pos.cell(sq).is_off() {
                    continue;
                }
                n = 1;
            }
            // The first square before the loop: most rays end there (a
            // step, or a slide that meets a piece), and in WebAssembly
            // each pass through a loop's head costs a stack check.
            sq = sq.offset(r.delta);
            if !self.ray_square(t, from, r, sq, n) {
                continue;
            }
            n += 1;
            if n == r.range {
                continue;
            }
            loop {
                sq = sq.offset(r.delta);
                if !self.ray_square(t, from, r, sq, n) {
                    break;
                }
                n += 1;
                if n == r.range {
                    break;
                }
            }
        }
    }

    /// The `n`-th square (from 0) of ray `r` from `from`, `sq`: its move,
    /// and whether the ray goes on past it.
    #[inline(always)]
    fn ray_square(&mut self, t: &PieceType, from: Square, r: &Ray, sq: Square, n: u8) -> bool {
        let cell = self.pos.cell(sq);
        if cell.is_off() {
            return false;
        }
        let covered = n < 8 && r.covered & (1 << n) != 0;
        match cell.piece() {
            None => {
                // Among captures only, a move to an empty square counts
                // only for a piece that may burn there.
                if r.can_move && !covered && (!self.captures_only || t.burns) {
                    self.emit(t, from, sq, &[]);
                }
                true
            }
            Some(p) => {
                if r.can_capture && p.color() != self.us && !covered {
                    self.emit(t, from, sq, &[]);
                }
                if let Some(jump) = t.jump
                    && r.range == 0
                    && r.can_capture
                {
                    self.jump_capture(t, from, r.delta, sq, jump);
                }
                false
            }
        }
    }

    /// Captures beyond the first piece met on a slide line (`first`):
    /// every piece jumped must rank below the mover, at most `jump.max` of
    /// them (0: any number), and the move ends by capturing an enemy of any
    /// rank (with `lower_victims`, of a lower one); with `take_jumped` each jumped enemy may also be captured in
    /// passing (docs/rules/nutty.md 5.2, suzumu.md 5.2).
    fn jump_capture(
        &mut self,
        t: &PieceType,
        from: Square,
        delta: i32,
        first: Square,
        jump: crate::variant::Jump,
    ) {
        let rank_of =
            |e: &Self, sq: Square| e.pos.piece_at(sq).map_or(0, |p| e.v.piece(p.kind()).rank);
        if rank_of(self, first) >= t.rank {
            return;
        }
        let mut jumped = 1u8;
        // Jumped enemies that may be taken in passing, nearest first.
        let mut takeable: ArrayVec<Square, 2> = ArrayVec::new();
        let note = |e: &Self, sq: Square, takeable: &mut ArrayVec<Square, 2>| {
            if jump.take_jumped && e.is_enemy(sq) {
                let _ = takeable.try_push(sq);
            }
        };
        note(self, first, &mut takeable);
        let mut sq = first;
        loop {
            sq = sq.offset(delta);
            let cell = self.pos.cell(sq);
            if cell.is_off() {
                break;
            }
            if cell.is_empty() {
                continue;
            }
            if self.is_enemy(sq) && !(jump.lower_victims && rank_of(self, sq) >= t.rank) {
                self.emit(t, from, sq, &[]);
                match takeable.as_slice() {
                    [] => {}
                    &[a] => self.emit(t, from, sq, &[a]),
                    &[a, b] => {
                        self.emit(t, from, sq, &[a]);
                        self.emit(t, from, sq, &[b]);
                        self.emit(t, from, sq, &[a, b]);
                    }
                    _ => unreachable!("at most two kill squares"),
                }
            }
            if rank_of(self, sq) >= t.rank || (jump.max != 0 && jumped >= jump.max) {
                break;
            }
            jumped = jumped.saturating_add(1);
            note(self, sq, &mut takeable);
        }
    }
}
