//! The Lion's powers and their relatives (the Lion, its diagonal form,
//! stings, the Wolf), and Chu's Lion-trading rules: rule 1 on a Lion
//! taking a protected Lion, rule 2 on the counter-strike.

use super::attack::attacked_by;
use super::emitter::{Emitter, Protection, Sink};
use crate::types::{KING_STEPS, LION_JUMPS, Square};
use crate::variant::PieceType;

impl<S: Sink> Emitter<'_, S> {
    /// Chu rule 2 (counter-strike), for a non-Lion's capture right after a
    /// non-Lion took a Lion: whether it is barred. (Out of line: its
    /// temporaries would otherwise give every `emit` a stack frame in the
    /// WebAssembly build.)
    #[inline(never)]
    pub(super) fn counter_strike_barred(&self, from: Square, to: Square, kills: &[Square]) -> bool {
        // No non-Lion capture of a Lion; under lishogi's reading, except
        // on the square of that capture (`lion_square`).
        let exempt = self.pos.state().lion_square;
        let barred = |e: &Self, sq: Square| e.is_lion_at(sq) && Some(sq) != exempt;
        let takes_lion = kills.iter().any(|&k| barred(self, k)) || (to != from && barred(self, to));
        // The Okazaki rule lets a plain capture of a Lion through when
        // no piece could take the capturer back.
        let okazaki = self.okazaki
            && kills.is_empty()
            && !attacked_by(self.pos, to, self.us.flip(), &[Some(from)], Some(to));
        takes_lion && !okazaki
    }

    /// The Lion's capture-first moves on diagonal steps (Harpy, Free
    /// Eagle): take a diagonal neighbour and stay (igui) or step on
    /// diagonally to an empty square or onto another enemy; a pass over an
    /// empty diagonal neighbour.
    pub(super) fn diagonal_lion(&mut self, t: &PieceType, from: Square) {
        let mut can_pass = false;
        for &d in KING_STEPS.iter().skip(1).step_by(2) {
            let a = from.offset(d);
            if self.pos.cell(a).is_empty() {
                can_pass = true;
            }
            if !self.is_enemy(a) {
                continue;
            }
            self.emit(t, from, from, &[a]);
            for &e in KING_STEPS.iter().skip(1).step_by(2) {
                let to = a.offset(e);
                if to != from && (self.pos.cell(to).is_empty() || self.is_enemy(to)) {
                    self.emit(t, from, to, &[a]);
                }
            }
        }
        if can_pass {
            self.emit(t, from, from, &[]);
        }
    }

    /// Lion power: steps, jumps to distance 2, igui, hit and run, double
    /// capture, pass. A step-step through an empty square has the effect of
    /// a jump (or, back to the start, a pass), so only paths whose first step
    /// captures are generated as two legs.
    pub(super) fn lion(&mut self, t: &PieceType, from: Square) {
        let mut can_pass = false;
        for &d in &KING_STEPS {
            let a = from.offset(d);
            let cell = self.pos.cell(a);
            if cell.is_off() {
                continue;
            }
            match cell.piece() {
                None => {
                    can_pass = true;
                    self.emit(t, from, a, &[]);
                }
                Some(p) if p.color() != self.us => {
                    self.emit(t, from, a, &[]);
                    self.emit(t, from, from, &[a]);
                    for &e in &KING_STEPS {
                        let to = a.offset(e);
                        if to == from {
                            continue;
                        }
                        let c2 = self.pos.cell(to);
                        if (c2.is_empty() || self.is_enemy(to))
                            && self.lion_capture_allowed(from, to, Some(a))
                        {
                            self.emit(t, from, to, &[a]);
                        }
                    }
                }
                Some(_) => {}
            }
        }
        for &d in &LION_JUMPS {
            let to = from.offset(d);
            let cell = self.pos.cell(to);
            if cell.is_empty() || (self.is_enemy(to) && self.lion_capture_allowed(from, to, None)) {
                self.emit(t, from, to, &[]);
            }
        }
        if can_pass {
            self.emit(t, from, from, &[]);
        }
    }

    /// Chu rule 1: a Lion may take a non-adjacent Lion only if it is not
    /// protected, unless the move is a double capture whose first victim is
    /// not a worthless bridge (unpromoted Pawn or Go-Between). Protection is
    /// judged in the position before the move with the capturing Lion
    /// lifted and the first victim's square see-through ([J], rules 5.4.1).
    fn lion_capture_allowed(&self, from: Square, to: Square, first: Option<Square>) -> bool {
        if !self.v.lion_trading
            || !self.is_lion_at(to)
            || !self.is_lion_at(from)
            || from.distance(to) < 2
        {
            return true;
        }
        if let Some(a) = first {
            let victim = self.pos.piece_at(a).map(|p| self.v.piece(p.kind()));
            if victim.is_some_and(|t| !t.bridge) {
                return true;
            }
        }
        let transparent = [Some(from), first];
        let captured = match self.protection {
            Protection::BeforeMove => None,
            Protection::AfterMove => first,
        };
        !attacked_by(self.pos, to, self.us.flip(), &transparent, captured)
    }

    /// Limited Lion power along single directions (Horned Falcon, Soaring
    /// Eagle): step to F1, jump to F2, capture on F1 then continue to F2 or
    /// return (igui). Returns whether F1 is empty, which allows a pass.
    pub(super) fn sting(&mut self, t: &PieceType, from: Square, d: i32) -> bool {
        let f1 = from.offset(d);
        let c1 = self.pos.cell(f1);
        if c1.is_off() {
            return false;
        }
        let f2 = f1.offset(d);
        let c2 = self.pos.cell(f2);
        let f2_open = c2.is_empty() || self.is_enemy(f2);
        if c1.is_empty() {
            self.emit(t, from, f1, &[]);
        } else if self.is_enemy(f1) {
            self.emit(t, from, f1, &[]);
            self.emit(t, from, from, &[f1]);
            if f2_open {
                self.emit(t, from, f2, &[f1]);
            }
        }
        if f2_open {
            self.emit(t, from, f2, &[]);
        }
        c1.is_empty()
    }

    /// Wolf power along each king line, with d1..d3 the squares out from
    /// the Wolf: jump to any of them; capture d1 and stay (igui), or go on
    /// to d2 or d3; capture d2 and end on d1 or d3; capture d1 and d2 and
    /// end on d3 (docs/rules/cashew.md 5.3). Each effect once; a pass if a
    /// neighbour is empty.
    pub(super) fn wolf(&mut self, t: &PieceType, from: Square) {
        let mut can_pass = false;
        for &d in &KING_STEPS {
            let s1 = from.offset(d);
            if self.pos.cell(s1).is_off() {
                continue;
            }
            let s2 = s1.offset(d);
            let s3 = s2.offset(d);
            let open = |e: &Self, sq: Square| e.pos.cell(sq).is_empty() || e.is_enemy(sq);
            can_pass |= self.pos.cell(s1).is_empty();
            for sq in [s1, s2, s3] {
                if open(self, sq) {
                    self.emit(t, from, sq, &[]);
                }
            }
            let (e1, e2) = (self.is_enemy(s1), self.is_enemy(s2));
            if e1 {
                self.emit(t, from, from, &[s1]);
                if open(self, s2) {
                    self.emit(t, from, s2, &[s1]);
                }
                if open(self, s3) {
                    self.emit(t, from, s3, &[s1]);
                }
            }
            if e2 {
                if open(self, s1) {
                    self.emit(t, from, s1, &[s2]);
                }
                if open(self, s3) {
                    self.emit(t, from, s3, &[s2]);
                }
            }
            if e1 && e2 && open(self, s3) {
                self.emit(t, from, s3, &[s1, s2]);
            }
        }
        if can_pass {
            self.emit(t, from, from, &[]);
        }
    }
}
