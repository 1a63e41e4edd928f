//! Correction history: what the searches below a node found against its
//! static evaluation, learned per material balance and side to move and
//! added to the evaluation of later nodes with the same pieces on the
//! board (the correction history of Stockfish and its followers, keyed
//! like minase's by the pieces of both sides).
//!
//! A hand-written evaluation may misjudge some balances consistently (a
//! Lion against two Dragons, a side whose promoted pieces are gone): the
//! search of one such node corrects the next, thousands of times a move.

use crate::board::Position;
use crate::params::{P, get as param};

/// Entries per side to move (a power of two).
const ENTRIES: usize = 1 << 14;
/// An entry is the correction in centipawns times this.
const GRAIN: i32 = 256;
/// Entries are bounded to this many centipawns either way.
const LIMIT: i32 = 64;
/// A search's weight in its entry, out of this.
const WEIGHT_SCALE: i32 = 1024;

fn index(pos: &Position) -> usize {
    pos.side().index() * ENTRIES + (pos.material_key() as usize & (ENTRIES - 1))
}

/// `raw` with `percent` of the correction `entry`.
fn apply(raw: i32, entry: i32, percent: i32) -> i32 {
    raw + entry * percent / (100 * GRAIN)
}

/// The entry after a search of `depth` found `best` where the evaluation
/// said `raw`: moved towards the difference, the more the deeper the
/// search, and bounded.
fn learned(entry: i32, raw: i32, best: i32, depth: i32) -> i32 {
    let target = ((best - raw) * GRAIN).clamp(-LIMIT * GRAIN, LIMIT * GRAIN);
    let weight = (depth * depth + 2 * depth + 1).min(128);
    (entry * (WEIGHT_SCALE - weight) + target * weight) / WEIGHT_SCALE
}

/// One search thread's corrections, by side to move and material key.
pub(super) struct CorrectionHistory {
    entries: Vec<i32>,
}

impl CorrectionHistory {
    pub(super) fn new() -> CorrectionHistory {
        CorrectionHistory {
            entries: vec![0; 2 * ENTRIES],
        }
    }

    /// Forget everything learnt (a new game).
    pub(super) fn clear(&mut self) {
        self.entries.iter_mut().for_each(|e| *e = 0);
    }

    /// The static evaluation `raw` of `pos` with its balance's correction
    /// (`correction` percent of it).
    #[inline]
    pub(super) fn corrected(&self, pos: &Position, raw: i32) -> i32 {
        match param(P::Correction) {
            0 => raw,
            percent => apply(raw, self.entries[index(pos)], percent),
        }
    }

    /// A search of `depth` found `best` (neither a bound on the wrong side
    /// of the evaluation nor a mate) where the evaluation said `raw`.
    pub(super) fn learn(&mut self, pos: &Position, raw: i32, best: i32, depth: i32) {
        if param(P::Correction) != 0 {
            let entry = &mut self.entries[index(pos)];
            *entry = learned(*entry, raw, best, depth);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_correction_follows_the_searches_within_its_bound() {
        // Deep searches finding 30 cp more than the evaluation, again and
        // again: the correction comes to 30 cp (to a rounding).
        let mut entry = 0;
        for _ in 0..100 {
            entry = learned(entry, 100, 130, 12);
        }
        assert!((129..=130).contains(&apply(100, entry, 100)));
        assert!((114..=115).contains(&apply(100, entry, 50)));
        assert_eq!(apply(100, entry, 0), 100);
        // A shallow search moves it less than a deep one.
        assert!(learned(0, 0, 50, 1) < learned(0, 0, 50, 6));
        // However far off the searches, it stays within its bound.
        for _ in 0..100 {
            entry = learned(entry, 0, -5_000, 20);
            assert!(apply(0, entry, 100) >= -LIMIT);
        }
        assert!(apply(0, entry, 100) <= 1 - LIMIT);
    }
}
