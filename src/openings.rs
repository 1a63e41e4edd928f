//! `kyodai openings`: start positions for engine matches. Engines that
//! search deterministically replay the same game from the same start, so a
//! match needs varied openings to measure anything. Each opening is the
//! start position after a few random quiet moves (no captures, so no side
//! is simply a piece down), kept only if a short search finds it balanced.

use crate::board::Position;
use crate::movegen::is_capture;
use crate::search::{Limits, RootPolicy, Searcher};
use crate::types::Rng;
use crate::variant::Variant;
use std::collections::HashSet;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

/// The most openings one run may ask for: matches use hundreds, and each
/// opening costs a search (up to twenty when candidates are unbalanced).
pub const MAX_COUNT: usize = 100_000;

/// The most random moves before an opening: more is a middle game.
pub const MAX_PLIES: usize = 100;

/// The deepest balance check: each ply multiplies its time by three to
/// five, so a depth-20 check would take days per opening.
pub const MAX_DEPTH: u32 = 20;

/// What to generate.
pub struct Request {
    pub count: usize,
    /// Random moves from the start position; an even number leaves the
    /// first mover to move (HaChu reads only the board field of a FEN and
    /// assumes that side).
    pub plies: usize,
    pub seed: u64,
    /// Largest score (centipawns, either side) a kept opening may have.
    pub max_score: i32,
    /// Depth of the balance check.
    pub depth: u32,
}

/// The FENs of `req.count` distinct balanced openings (fewer if the
/// variant does not have that many within a bounded number of tries).
pub fn generate(variant: &'static Variant, req: &Request) -> Vec<String> {
    let mut rng = Rng::new(req.seed);
    let mut searcher = Searcher::new(16, Arc::new(AtomicBool::new(false)));
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    for _ in 0..req.count * 20 {
        if out.len() == req.count {
            break;
        }
        let mut pos = Position::start(variant);
        let mut played = 0;
        while played < req.plies {
            let quiet: Vec<_> = Searcher::root_moves(&mut pos, RootPolicy::XBOARD)
                .into_iter()
                .filter(|&m| !is_capture(&pos, m))
                .collect();
            if quiet.is_empty() {
                break;
            }
            pos.make(quiet[rng.below(quiet.len())]);
            played += 1;
        }
        if played < req.plies || !seen.insert(pos.hash()) {
            continue;
        }
        searcher.clear();
        let verdict = searcher.think(
            &mut pos,
            Limits {
                depth: Some(req.depth),
                ..Limits::default()
            },
            &mut |_| {},
        );
        if verdict.score.abs() <= req.max_score {
            out.push(pos.fen());
        }
    }
    out
}
