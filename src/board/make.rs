//! Make and unmake: every cell a move changes is recorded with its old
//! contents, and the hash, material, placement and piece lists are kept in
//! step as cells are written.

use super::zobrist::ZOBRIST;
use super::{AutoBurn, Position, RuleState, Undo};
use crate::moves::Move;
use crate::types::{CELLS, Cell, Color, KING_STEPS, Kind, Piece, Square};
use crate::variant::{Burn, CounterStrike, Power};
use arrayvec::ArrayVec;

impl Position {
    /// Nutty's automatic burns caused by `mv`, judged in the position
    /// before it (docs/rules/nutty.md 5.1.6): the mover burns if it ends next
    /// to an enemy Fire Demon that the move does not remove (under
    /// `own-demons-burn`, next to one of its own side's too); otherwise, if
    /// it is (or promotes to) a burning Demon, every enemy next to its
    /// final square burns.
    pub fn auto_burns(&self, mv: Move) -> AutoBurn {
        let mut burn = AutoBurn::default();
        let v = self.variant;
        let Some(mover) = self.piece_at(mv.from()) else {
            return burn;
        };
        if !v.auto_burn {
            return burn;
        }
        let us = mover.color();
        let to = mv.to();
        let t = v.piece(mover.kind());
        let landed = match t.promotes_to {
            Some(k) if mv.promotes() && v.burn_on_promotion => v.piece(k),
            _ => t,
        };
        // Most moves neither land a Demon nor end next to one: the enemy's
        // Demons are among its few special pieces.
        let near = |c: Color| {
            self.specials[c.index()]
                .iter()
                .any(|&sq| sq != mv.from() && sq.distance(to) <= 1)
        };
        if landed.burn != Burn::Auto && !near(us.flip()) && !(v.own_demons_burn && near(us)) {
            return burn;
        }
        let removed = |sq: Square| mv.kills().contains(&sq);
        let enemy_at = |sq: Square| {
            self.piece_at(sq)
                .filter(|p| p.color() != us && !removed(sq) && sq != mv.from())
        };
        // HaChu's rule set also lets a Demon the move captures burn, and
        // the mover's own Demons (not the mover itself).
        let burner_at = |sq: Square| {
            let p = if v.captured_demons_burn {
                self.piece_at(sq).filter(|p| p.color() != us)
            } else {
                enemy_at(sq)
            };
            let own = || {
                self.piece_at(sq)
                    .filter(|p| v.own_demons_burn && p.color() == us && sq != mv.from())
            };
            p.or_else(own)
                .is_some_and(|p| v.piece(p.kind()).burn == Burn::Auto)
        };
        burn.mover_burnt = KING_STEPS.iter().any(|&d| burner_at(to.offset(d)));
        if !burn.mover_burnt && landed.burn == Burn::Auto {
            for &d in &KING_STEPS {
                if enemy_at(to.offset(d)).is_some() {
                    burn.victims.push(to.offset(d));
                }
            }
        }
        burn
    }

    /// Write a cell, keeping hash, royal count and material in step.
    #[inline]
    pub(super) fn put(&mut self, sq: Square, new: Cell) {
        let old = self.cells[sq.index()];
        let z = &ZOBRIST.cell[sq.index()];
        self.hash ^= z[old.index()] ^ z[new.index()];
        let placement = &self.placement_table.scores;
        if let Some(p) = old.piece() {
            let [middle, end] = placement[p.index() * CELLS + sq.index()];
            self.placement[0] -= i32::from(middle);
            self.placement[1] -= i32::from(end);
            if let Some(t) = self.pair_table {
                t.update(&mut self.pair_sums, p, sq, -1);
            }
            let t = self.variant.piece(p.kind());
            if t.royal {
                self.royals[p.color().index()].retain(|s| *s != sq);
            }
            if t.special {
                self.specials[p.color().index()].retain(|s| *s != sq);
            }
            if t.striker {
                self.strikers[p.color().index()].retain(|s| *s != sq);
            }
            if let Power::Hook { diagonal } = t.power {
                self.hooks[p.color().index()][usize::from(diagonal)] -= 1;
            }
            self.freezers[p.color().index()] -= u8::from(t.freezes);
            self.occupied[p.color().index()][sq.index() / 64] &= !(1 << (sq.index() % 64));
            self.material[p.color().index()] -= t.value;
            self.material_key = self.material_key.wrapping_sub(ZOBRIST.material[p.index()]);
            self.strong[p.color().index()] -= u16::from(t.is_strong());
        }
        if let Some(p) = new.piece() {
            let [middle, end] = placement[p.index() * CELLS + sq.index()];
            self.placement[0] += i32::from(middle);
            self.placement[1] += i32::from(end);
            if let Some(t) = self.pair_table {
                t.update(&mut self.pair_sums, p, sq, 1);
            }
            let t = self.variant.piece(p.kind());
            if t.royal {
                // More royals than this are refused when a FEN is read.
                let _ = self.royals[p.color().index()].try_push(sq);
            }
            if t.special {
                // Likewise for special pieces.
                let _ = self.specials[p.color().index()].try_push(sq);
            }
            if t.striker {
                // And for strikers.
                let _ = self.strikers[p.color().index()].try_push(sq);
            }
            if let Power::Hook { diagonal } = t.power {
                self.hooks[p.color().index()][usize::from(diagonal)] += 1;
            }
            self.freezers[p.color().index()] += u8::from(t.freezes);
            self.occupied[p.color().index()][sq.index() / 64] |= 1 << (sq.index() % 64);
            self.material[p.color().index()] += t.value;
            self.material_key = self.material_key.wrapping_add(ZOBRIST.material[p.index()]);
            self.strong[p.color().index()] += u16::from(t.is_strong());
        }
        self.cells[sq.index()] = new;
    }

    /// Write a cell, its old contents kept in the undo record of the move
    /// being made (the last one).
    #[inline]
    fn record(&mut self, sq: Square, new: Cell) {
        let old = self.cells[sq.index()];
        if let Some(undo) = self.undo.last_mut() {
            undo.changes.push((sq, old));
        }
        self.put(sq, new);
    }

    /// Play a move produced by `movegen` (or matched against its output).
    pub fn make(&mut self, mv: Move) {
        let from = mv.from();
        let mover = self.piece_at(from).expect("move from an empty square");
        let v = self.variant;
        // (`auto_burns` checks the variant too, but it is not inlined:
        // without the check here every move pays for the call.)
        let burns = if v.auto_burn {
            self.auto_burns(mv)
        } else {
            AutoBurn::default()
        };
        // The undo record is filled in place (`record`): one built aside
        // and pushed at the end is a 96-byte copy, which WebAssembly
        // engines make through a call into the host.
        self.undo.push(Undo {
            mv: Some(mv),
            changes: ArrayVec::new(),
            state: self.state,
            hash: self.hash,
            reversible: self.reversible,
        });
        // The last Lion taken, the destination's after the kill squares'.
        let mut lion_taken: Option<Square> = None;
        let mut plain_lion_taken = false;
        let mut captured = false;
        // The last victim along the path with contagion decides what the
        // capturer turns into (docs/rules/macadamia.md 4).
        let mut contagion: Option<Kind> = None;
        let mut take = |p: Piece, sq: Square| {
            let t = v.piece(p.kind());
            if t.is_lion() {
                lion_taken = Some(sq);
            }
            plain_lion_taken |= Some(p.kind()) == v.xboard_lion;
            captured = true;
            contagion = t.contagion.or(contagion);
        };
        for &k in mv.kills() {
            if let Some(p) = self.piece_at(k) {
                take(p, k);
            }
            self.record(k, Cell::EMPTY);
        }
        if mv.to() != from {
            if let Some(p) = self.piece_at(mv.to()) {
                take(p, mv.to());
            }
            self.record(from, Cell::EMPTY);
        }
        let mover_type = v.piece(mover.kind());
        let landed_kind: Kind = match contagion {
            Some(k) if !v.is_exempt_from_contagion(mover_type) => k,
            _ if mv.promotes() => mover_type
                .promotes_to
                .expect("promotion of a piece that cannot promote"),
            _ => mover.kind(),
        };
        let landed = Piece::new(mover.color(), landed_kind);
        if mv.to() != from || landed != mover {
            self.record(mv.to(), Cell::from(landed));
        }
        if burns.mover_burnt {
            self.record(mv.to(), Cell::EMPTY);
        }
        for &sq in &burns.victims {
            self.record(sq, Cell::EMPTY);
        }
        let burnt = burns.mover_burnt || !burns.victims.is_empty();
        let bit = 1u8 << mover.color().index();
        let skipped = if mv.is_pass() {
            self.state.skipped | bit
        } else {
            self.state.skipped & !bit
        };
        let lion_strike =
            v.lion_trading && lion_taken.is_some() && !v.piece(mover.kind()).is_lion();
        self.state = RuleState {
            lion_strike,
            lion_square: lion_taken
                .filter(|_| lion_strike && v.counter_strike == CounterStrike::ExceptSameSquare),
            xboard_strike: plain_lion_taken && Some(mover.kind()) != v.xboard_lion,
            skipped: if v.no_double_pass { skipped } else { 0 },
        };
        self.reversible = if captured || burnt || landed != mover {
            0
        } else {
            self.reversible + 1
        };
        self.side = self.side.flip();
        self.hash ^= ZOBRIST.black_to_move;
        self.keys.push(self.hash);
    }

    /// Take back the last `make` or `make_null`.
    pub fn unmake(&mut self) {
        // Read in place, not popped whole (a copy, as in `make`).
        let last = self
            .undo
            .len()
            .checked_sub(1)
            .expect("unmake without a move");
        for i in (0..self.undo[last].changes.len()).rev() {
            let (sq, old) = self.undo[last].changes[i];
            self.put(sq, old);
        }
        let undo = &self.undo[last];
        self.state = undo.state;
        self.hash = undo.hash;
        self.reversible = undo.reversible;
        self.undo.truncate(last);
        self.side = self.side.flip();
        self.keys.pop();
    }

    /// Pass the turn without moving (null-move pruning). The position after
    /// it never counts as a repetition of an earlier one.
    pub fn make_null(&mut self) {
        self.undo.push(Undo {
            mv: None,
            changes: ArrayVec::new(),
            state: self.state,
            hash: self.hash,
            reversible: self.reversible,
        });
        self.state = RuleState::default();
        self.reversible = 0;
        self.side = self.side.flip();
        self.hash ^= ZOBRIST.black_to_move;
        self.keys.push(self.hash);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::{CELL_WORDS, Color};
    use crate::variant::{Variant, VariantSet};

    fn chu() -> &'static Variant {
        let set = VariantSet::builtin();
        set.find("chu").unwrap()
    }

    #[test]
    fn make_unmake_restores_everything() {
        let v = chu();
        let mut p = Position::from_fen(v, "12/12/12/12/12/5p6/5P6/5N6/12/12/12/K10k w").unwrap();
        let before = (p.fen(), p.hash(), p.material(Color::Black));
        let sq = |s: &str| Square::parse_prefix(s, 12, 12).unwrap().0;
        p.make(Move::new(sq("f5"), sq("f7"), &[sq("f6")], false));
        let pawn = v.piece(v.kind("P").unwrap()).value;
        assert_eq!(p.material(Color::Black), before.2 - pawn);
        assert_eq!(p.piece_at(sq("f5")), None);
        p.unmake();
        assert_eq!((p.fen(), p.hash(), p.material(Color::Black)), before);
    }

    #[test]
    fn material_key_counts_pieces_not_squares() {
        let v = chu();
        let key = |fen: &str| Position::from_fen(v, fen).unwrap().material_key();
        let sq = |s: &str| Square::parse_prefix(s, 12, 12).unwrap().0;
        let fen = "12/12/12/12/12/5p6/5P6/5N6/12/12/12/K10k w";
        // The same pieces elsewhere: the same key.
        assert_eq!(key(fen), key("12/12/12/12/12/4p7/3P8/2N9/12/12/12/1K9k w"));
        // A piece more, or of the other colour, or promoted: another key.
        assert_ne!(key(fen), key("12/12/12/12/12/5p6/5P6/5N6/12/12/12/KP9k w"));
        assert_ne!(key(fen), key("12/12/12/12/12/5p6/5p6/5N6/12/12/12/K10k w"));
        assert_ne!(key(fen), key("12/12/12/12/12/5p6/5+P6/5N6/12/12/12/K10k w"));
        let mut p = Position::from_fen(v, fen).unwrap();
        p.make(Move::new(sq("f5"), sq("f7"), &[sq("f6")], false));
        // Kept in step by the move: as if read from the position after it.
        assert_eq!(p.material_key(), key(&p.fen()));
        assert_ne!(p.material_key(), key(fen));
        p.unmake();
        assert_eq!(p.material_key(), key(fen));
    }

    /// The occupancy bits, as they should be from the cells.
    fn occupancy_from_cells(p: &Position) -> [[u64; CELL_WORDS]; 2] {
        let mut bits = [[0; CELL_WORDS]; 2];
        for &sq in &p.variant().squares {
            if let Some(q) = p.piece_at(sq) {
                bits[q.color().index()][sq.index() / 64] |= 1 << (sq.index() % 64);
            }
        }
        bits
    }

    #[test]
    fn occupancy_follows_make_and_unmake() {
        for v in &VariantSet::builtin().variants {
            let mut p = Position::start(v);
            let start = p.occupied;
            assert_eq!(start, occupancy_from_cells(&p), "{}", v.name);
            let mut made = 0;
            for ply in 0..60 {
                let mut moves = Vec::new();
                crate::movegen::generate(&p, &mut moves);
                if moves.is_empty() {
                    break;
                }
                // Captures first where there are some, to empty the board.
                let captures: Vec<Move> = moves
                    .iter()
                    .copied()
                    .filter(|&m| crate::movegen::is_capture(&p, m))
                    .collect();
                let pick = if captures.is_empty() {
                    &moves
                } else {
                    &captures
                };
                p.make(pick[(ply * 7919) % pick.len()]);
                made += 1;
                assert_eq!(p.occupied, occupancy_from_cells(&p), "{} ply {ply}", v.name);
            }
            for _ in 0..made {
                p.unmake();
            }
            assert_eq!(p.occupied, start, "{}", v.name);
        }
    }
}
