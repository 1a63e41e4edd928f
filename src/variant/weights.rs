//! What the evaluation keeps per variant, as plain data: the `eval-*`
//! weights read from the variant's `engine.ini` section, and the shape of
//! the placement table that `placement.rs` builds from them (kept in
//! `Variant::placement`). The variant carries them; the evaluation
//! (`eval.rs`, `placement.rs`) interprets them.

use crate::types::{Color, Piece, Square};

/// The largest `eval-*` weight either way, in centipawns.
pub const MAX_WEIGHT: i32 = 10_000;

/// A variant's evaluation weights, in centipawns, read from its
/// `engine.ini` section as `eval-NAME = VALUE` (piece values are the
/// pieces' `value=` flags). The defaults are first estimates for Chu,
/// kept because games against HaChu went well with them: each is small
/// next to a Pawn (100) so that placement breaks ties between equal
/// material and never outweighs it.
#[derive(Clone, Debug, PartialEq)]
pub struct EvalParams {
    /// A royal loses this much per rank it stands away from its home rank
    /// (`eval-royal-rank`): a King that walks out meets the long-range
    /// pieces.
    pub royal_rank: i32,
    /// ... and this much per file it stands from the centre file
    /// (`eval-royal-file`), where every royal of these games starts.
    pub royal_file: i32,
    /// Pieces worth at most `slow_value` (`eval-slow-value`) gain
    /// `advance` (`eval-advance`) per rank they have moved up, to the
    /// middle of the board plus one: step movers only fight once they get
    /// there.
    pub advance: i32,
    pub slow_value: i32,
    /// Every non-royal piece loses this much per file away from the
    /// centre (`eval-centre`): central pieces reach more squares.
    pub centre: i32,
    /// Each friendly piece next to a royal (`eval-shelter`).
    pub shelter: i32,
    /// Each enemy piece next to a royal (`eval-royal-attacker`).
    pub royal_attacker: i32,
    /// Each square a Queen on a royal's square would reach, the first
    /// piece on each line included (`eval-royal-exposure`): the open lines
    /// along which the long-range pieces of these games come at it.
    pub royal_exposure: i32,
    /// Enemy pieces within two steps of a royal, squared
    /// (`eval-royal-crowd`): one attacker near a royal is nothing, four
    /// are an attack.
    pub royal_crowd: i32,
    /// Promotion potential (`eval-promotion`), in percent of what the
    /// promotion gains (promoted value minus value): a piece that can
    /// still promote earns that share divided by one plus the ranks it
    /// has yet to go to the zone, and the whole share inside it. Only
    /// where a zone exists; where captures promote anywhere (Cashew,
    /// Macadamia) every capture is equally near.
    pub promotion: i32,
    /// Each enemy piece within two steps of a Lion (`eval-lion-threat`):
    /// the Lion reaches it over anything, and can take it and another, or
    /// take it and step back (igui).
    pub lion_threat: i32,
    /// Each enemy piece within two steps of a burning Fire Demon
    /// (`eval-burn-threat`): one step of the Demon brings it next to it.
    pub burn_threat: i32,
    /// Mop-up (`eval-mop-up`), per step: once one side has at most one
    /// piece besides its royals, Pawns and Lances, and the other side two
    /// or more and `MOP_UP_LEAD` more material, the stronger side gains this
    /// for each step its royals stand nearer the lone royal and for each
    /// step that royal stands from the centre. Material alone scores every
    /// such position alike, and the mate lies beyond the horizon: without
    /// a gradient the search shuffles (a game with King, Crown Prince, Rook
    /// and Flying Stag against King and Vertical Mover went 300 plies
    /// without progress), and the royal-rank term even keeps the stronger
    /// side's King at home.
    pub mop_up: i32,
    /// The side to move's due (`eval-tempo`): having the move is worth
    /// something of its own, and a score that counts it compares alike
    /// between nodes of either side to move (stand-pat, futility).
    pub tempo: i32,
}

impl Default for EvalParams {
    fn default() -> Self {
        EvalParams {
            royal_rank: 12,
            royal_file: 2,
            advance: 4,
            slow_value: 400,
            centre: 3,
            shelter: 8,
            royal_attacker: 25,
            royal_exposure: 0,
            royal_crowd: 0,
            promotion: 0,
            lion_threat: 0,
            burn_threat: 0,
            mop_up: 20,
            tempo: 0,
        }
    }
}

impl EvalParams {
    /// Set the weight an `eval-NAME` key names.
    pub fn set(&mut self, name: &str, value: &str) -> Result<(), String> {
        let v: i32 = value
            .trim()
            .parse()
            .map_err(|_| format!("eval-{name} needs a whole number of centipawns"))?;
        if v.abs() > MAX_WEIGHT {
            return Err(format!("eval-{name} = {v} is out of range"));
        }
        let slot = self
            .slot(name)
            .ok_or_else(|| format!("unknown evaluation weight 'eval-{name}'"))?;
        *slot = v;
        Ok(())
    }

    /// The weight an `eval-NAME` key names.
    pub fn get(&self, name: &str) -> Option<i32> {
        self.clone().slot(name).copied()
    }

    fn slot(&mut self, name: &str) -> Option<&mut i32> {
        Some(match name {
            "royal-rank" => &mut self.royal_rank,
            "royal-file" => &mut self.royal_file,
            "advance" => &mut self.advance,
            "slow-value" => &mut self.slow_value,
            "centre" => &mut self.centre,
            "shelter" => &mut self.shelter,
            "royal-attacker" => &mut self.royal_attacker,
            "royal-exposure" => &mut self.royal_exposure,
            "royal-crowd" => &mut self.royal_crowd,
            "promotion" => &mut self.promotion,
            "lion-threat" => &mut self.lion_threat,
            "burn-threat" => &mut self.burn_threat,
            "mop-up" => &mut self.mop_up,
            "tempo" => &mut self.tempo,
            _ => return None,
        })
    }
}

/// Placement scores of each coloured piece on each cell, White-positive,
/// indexed `piece.index() * CELLS + cell`, for the middle game and for
/// the ending, and the material that blends them (`placement.rs` builds
/// them, `Position::placement` blends them).
#[derive(Clone, Debug)]
pub struct Placement {
    pub scores: Vec<[i16; 2]>,
    /// The material on the board (both sides) from which on the middle
    /// game's scores count alone; below it the ending's take over in
    /// proportion. At least 1.
    pub phase_material: i32,
    /// Learned by `kyodai train` (a compiled-in table), not written from
    /// the `eval-*` placement weights.
    pub learned: bool,
}

/// Dimensions of the pair term's vectors (`PairTable`).
pub const PAIR_RANK: usize = 16;
/// The pair term's weights are stored in 1/`PAIR_UNIT` of the trained
/// vectors' unit (square roots of centipawns).
pub const PAIR_UNIT: i64 = 256;

/// Where a piece's pair weights sit: by whose it is (the side to move's
/// or not), its kind and its square as the side to move sees the board
/// (rank 0 its back rank).
#[derive(Clone, Copy, Debug)]
pub struct PairGeometry {
    pub width: usize,
    pub height: usize,
    pub kinds: usize,
}

impl PairGeometry {
    /// Features: two owners, every kind, every square.
    pub fn len(&self) -> usize {
        2 * self.kinds * self.width * self.height
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The feature of `piece` on `sq` with `side` to move.
    #[inline]
    pub fn index(&self, piece: Piece, sq: Square, side: Color) -> usize {
        let (file, rank) = match side {
            Color::White => (sq.file(), sq.rank()),
            Color::Black => (self.width - 1 - sq.file(), self.height - 1 - sq.rank()),
        };
        let owner = usize::from(piece.color() != side);
        ((owner * self.kinds + piece.kind() as usize) * self.height + rank) * self.width + file
    }
}

/// The evaluation's pair term, learned (`pairs.rs` reads it, the board
/// sums each side's view as pieces move, `Position::pair_score` squares
/// the sums): a vector of `PAIR_RANK` weights per feature.
#[derive(Clone, Debug)]
pub struct PairTable {
    pub geometry: PairGeometry,
    pub weights: Vec<[i16; PAIR_RANK]>,
}

impl PairTable {
    /// The term for the side whose view `sums` are: each dimension's
    /// squared sum, the first half counted for it and the second against.
    #[inline]
    pub fn score(&self, sums: &[i32; PAIR_RANK]) -> i32 {
        let (plus, minus) = sums.split_at(PAIR_RANK / 2);
        let square = |s: &[i32]| s.iter().map(|&x| i64::from(x) * i64::from(x)).sum::<i64>();
        // Bounded well inside i32 whatever the weights: the evaluation
        // adds it to its other terms before its own limit.
        let term = (square(plus) - square(minus)) / (PAIR_UNIT * PAIR_UNIT);
        term.clamp(-1_000_000, 1_000_000) as i32
    }

    /// The term for `side` to move with `pieces` on the board, summed
    /// afresh (what the board's incremental sums must agree with).
    #[cfg(test)]
    pub fn score_afresh(&self, pieces: impl Iterator<Item = (Square, Piece)>, side: Color) -> i32 {
        let mut sums = [[0; PAIR_RANK]; 2];
        for (sq, piece) in pieces {
            self.update(&mut sums, piece, sq, 1);
        }
        self.score(&sums[side.index()])
    }

    /// Adds (`sign` 1) or takes away (-1) `piece` on `sq` in both sides'
    /// views.
    #[inline]
    pub fn update(&self, sums: &mut [[i32; PAIR_RANK]; 2], piece: Piece, sq: Square, sign: i32) {
        for side in Color::BOTH {
            let row = &self.weights[self.geometry.index(piece, sq, side)];
            for (s, &w) in sums[side.index()].iter_mut().zip(row) {
                *s += sign * i32::from(w);
            }
        }
    }
}
