//! The Zobrist keys the position's hash is made of.

use crate::types::CELLS;
use once_cell::sync::Lazy;

/// Zobrist keys: one per (cell, cell contents), plus the side to move.
pub(super) struct Zobrist {
    pub(super) cell: Vec<[u64; 256]>,
    pub(super) black_to_move: u64,
    pub(super) lion_strike: u64,
    /// Per side: it passed on its last turn (Suzumu).
    pub(super) skipped: [u64; 2],
    /// Per cell: the square of a Lion capture that lishogi's counter-strike
    /// rule exempts (`RuleState::lion_square`).
    pub(super) lion_square: Vec<u64>,
    /// Per piece (kind and colour): its share of the material key, summed
    /// over the pieces on the board.
    pub(super) material: [u64; 256],
}

pub(super) static ZOBRIST: Lazy<Zobrist> = Lazy::new(|| {
    // SplitMix64 with a fixed seed: keys are the same in every run, so node
    // counts of `bench` are reproducible.
    let mut state = 0x4b79_6f64_6169_u64;
    let mut next = || {
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    };
    let mut cell = vec![[0u64; 256]; CELLS];
    for row in cell.iter_mut() {
        for (i, k) in row.iter_mut().enumerate() {
            // The empty cell hashes to zero so only pieces contribute.
            *k = if i == 0 { 0 } else { next() };
        }
    }
    let black_to_move = next();
    let lion_strike = next();
    let skipped = [next(), next()];
    // Drawn after the older keys, which therefore stay what they were.
    let lion_square = (0..CELLS).map(|_| next()).collect();
    let mut material = [0u64; 256];
    material.iter_mut().for_each(|k| *k = next());
    Zobrist {
        cell,
        black_to_move,
        lion_strike,
        skipped,
        lion_square,
        material,
    }
});
