//! The moves that leave the piece's lines: area moves and igui (king
//! steps around the piece), the hook's turn, the Emperor's leap
//! anywhere.

use super::attack::{emperor_refused, hook_directions};
use super::emitter::{CellSet, Emitter, Sink};
use crate::types::{KING_STEPS, Square};
use crate::variant::PieceType;
use arrayvec::ArrayVec;

impl<S: Sink> Emitter<'_, S> {
    /// Area move (docs/rules/nutty.md 5.3, suzumu.md 5.1): up to `t.area` king
    /// steps, each in any direction, through empty squares; the last may
    /// capture. Back on the start square it is a pass, unless the data
    /// says `area-pass=no`. A destination the piece already reaches by its
    /// other moves is not emitted again.
    pub(super) fn area(&mut self, t: &PieceType, from: Square) {
        let mut seen = CellSet::default();
        seen.insert(from);
        // Every empty square reached, in the order reached, the last
        // step's squares from `start` on: one list rather than a frontier
        // copied per step. Three king steps (the most `area` allows) reach
        // at most 48 squares.
        let mut reached: ArrayVec<Square, 64> = ArrayVec::new();
        reached.push(from);
        let mut start = 0;
        let mut can_pass = false;
        for step in 0..t.area {
            let end = reached.len();
            for i in start..end {
                let q = reached[i];
                for &d in &KING_STEPS {
                    let sq = q.offset(d);
                    if sq == from {
                        can_pass |= step > 0;
                        continue;
                    }
                    let cell = self.pos.cell(sq);
                    let enemy = self.is_enemy(sq);
                    if !(cell.is_empty() || enemy) || !seen.insert(sq) {
                        continue;
                    }
                    if cell.is_empty() {
                        reached.push(sq);
                    }
                    if step == 0 || !self.slides_reach(t, from, sq) {
                        self.emit(t, from, sq, &[]);
                    }
                }
            }
            start = end;
        }
        if can_pass && t.area_pass {
            self.emit(t, from, from, &[]);
        }
    }

    /// Whether the piece's slides (`rays`, jump captures included) reach
    /// `to`, at distance 2 or more on one of its lines, with no kill
    /// squares: an area move there would repeat that effect.
    fn slides_reach(&self, t: &PieceType, from: Square, to: Square) -> bool {
        if !from.on_line(to) {
            return false;
        }
        let n = from.distance(to);
        let step = |a: usize, b: usize| (b as i32 - a as i32).signum();
        let d = crate::types::delta(step(from.file(), to.file()), step(from.rank(), to.rank()));
        let enemy = self.is_enemy(to);
        t.rays(self.us).iter().any(|r| {
            if r.delta != d || r.skip_first || !(r.range == 0 || r.range as usize >= n) {
                return false;
            }
            let mut between = 0u8;
            let mut lowest_rank_ok = true;
            let mut sq = from.offset(d);
            while sq != to {
                if let Some(p) = self.pos.piece_at(sq) {
                    between += 1;
                    lowest_rank_ok &= self.v.piece(p.kind()).rank < t.rank;
                }
                sq = sq.offset(d);
            }
            match between {
                0 => {
                    if enemy {
                        r.can_capture
                    } else {
                        r.can_move
                    }
                }
                _ => t.jump.is_some_and(|j| {
                    let victim_ok = !j.lower_victims
                        || self
                            .pos
                            .piece_at(to)
                            .is_some_and(|p| self.v.piece(p.kind()).rank < t.rank);
                    enemy
                        && victim_ok
                        && r.range == 0
                        && r.can_capture
                        && lowest_rank_ok
                        && (j.max == 0 || between <= j.max)
                }),
            }
        })
    }

    /// Igui on up to `t.igui` adjacent enemies at once, any type (the
    /// Tetrarchs; Suzumu's Fire Demon), victims in ascending square order.
    pub(super) fn igui(&mut self, t: &PieceType, from: Square) {
        let victims = self.enemies_around(from, |_| true);
        self.emit_victim_sets(t, from, from, &victims, t.igui);
    }

    /// Hook move: slide over empty squares to an empty turning square, turn
    /// 90 degrees, slide on to an empty square or the first enemy. The
    /// straight slide is an ordinary ray of the piece; two routes can reach
    /// one square (turn after a then b, or after b then a), so targets are
    /// marked once. A turned target never lies on one of the hook's own
    /// slide lines from the origin, so no hook move repeats a straight
    /// slide; the data gives hook pieces no other ray that could reach a
    /// turned target (the Goblin's W step changes square colour, its
    /// diagonal hooks do not).
    pub(super) fn hook(&mut self, t: &PieceType, from: Square, diagonal: bool) {
        let mut seen = CellSet::default();
        for i in hook_directions(diagonal) {
            let a = KING_STEPS[i];
            let mut turn = from.offset(a);
            while self.pos.cell(turn).is_empty() {
                for b in [KING_STEPS[(i + 2) % 8], KING_STEPS[(i + 6) % 8]] {
                    let mut sq = turn.offset(b);
                    loop {
                        let cell = self.pos.cell(sq);
                        if cell.is_off() || !(cell.is_empty() || self.is_enemy(sq)) {
                            break;
                        }
                        if seen.insert(sq) {
                            self.emit(t, from, sq, &[]);
                        }
                        if !cell.is_empty() {
                            break;
                        }
                        sq = sq.offset(b);
                    }
                }
                turn = turn.offset(a);
            }
        }
    }

    /// Emperor: a leap to any empty square, or a capture anywhere except of
    /// a protected enemy royal (docs/rules/macadamia.md 5.1).
    pub(super) fn emperor(&mut self, t: &PieceType, from: Square) {
        for &to in &self.v.squares {
            match self.pos.piece_at(to) {
                None => self.emit(t, from, to, &[]),
                Some(p) if p.color() != self.us => {
                    if !(self.v.piece(p.kind()).royal && emperor_refused(self.pos, from, to)) {
                        self.emit(t, from, to, &[]);
                    }
                }
                Some(_) => {}
            }
        }
    }
}
