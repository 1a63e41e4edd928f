//! Perft: count the leaf nodes of the legal-move tree: one per effect (a
//! Lion's step-step through an empty square is its jump), an optional
//! promotion twice, a pass once per piece that can make it, repetition
//! ignored, no moves once a side has lost its royals.

use crate::board::Position;
use crate::movegen::generate;
use crate::moves::Move;

/// The deepest perft a user may ask for. Chu's tree grows some forty-fold
/// per ply (48315 leaves at depth 3), so nothing near depth 20 finishes on
/// a real board, while a tiny test board from `--ini` can still go deep.
/// Beyond it a depth is a typo, refused before one move buffer per ply is
/// allocated for it.
pub const MAX_DEPTH: usize = 20;

/// Leaf count at `depth`, with one move buffer per level reused throughout.
pub fn perft(pos: &mut Position, depth: usize) -> u64 {
    let mut buffers: Vec<Vec<Move>> = (0..depth.max(1)).map(|_| Vec::with_capacity(512)).collect();
    count(pos, depth, &mut buffers)
}

fn count(pos: &mut Position, depth: usize, buffers: &mut [Vec<Move>]) -> u64 {
    if depth == 0 {
        return 1;
    }
    let (list, rest) = buffers.split_first_mut().expect("one buffer per level");
    generate(pos, list);
    if depth == 1 {
        return list.len() as u64;
    }
    let mut total = 0;
    for &mv in list.iter() {
        pos.make(mv);
        total += count(pos, depth - 1, rest);
        pos.unmake();
    }
    total
}

/// Counts per root move, in generation order.
pub fn divide(pos: &mut Position, depth: usize) -> Vec<(Move, u64)> {
    let mut roots = Vec::new();
    generate(pos, &mut roots);
    roots
        .into_iter()
        .map(|mv| {
            pos.make(mv);
            let n = if depth <= 1 { 1 } else { perft(pos, depth - 1) };
            pos.unmake();
            (mv, n)
        })
        .collect()
}
