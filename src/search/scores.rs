//! Scores with a meaning beyond the evaluation: won and lost games at a
//! distance, their storage in the transposition table, and the
//! repetition rule's results.

use crate::board::Position;
use crate::moves::Move;
use crate::repetition::Verdict;
use crate::tt::{Bound, Entry};
use crate::types::Color;

pub const MATE: i32 = 100_000;
/// Scores beyond this are wins or losses at a known distance.
pub const MATE_BOUND: i32 = MATE - 1_000;
const _: () = assert!(crate::eval::EVAL_LIMIT < MATE_BOUND - 1_000);
/// A game won by the repetition rule: more than any material, less than a
/// mate (`repetition_score`).
pub(super) const REPETITION_WIN: i32 = MATE_BOUND - 1;
pub(super) const INF: i32 = MATE + 1;

/// The score, for the side to move, of a position where a side has no
/// royal left: lost if it is the side to move (whatever the other has
/// left: a move that takes the last enemy royal wins even if it burns the
/// mover's own), won if only the side that just moved burnt its own last
/// royal (a Tenjiku or Nutty royal stepping next to a Fire Demon).
pub(super) fn over_score(pos: &Position, ply: usize) -> i32 {
    if pos.royals_lost(pos.side()) {
        -MATE + ply as i32
    } else {
        MATE - ply as i32
    }
}

/// Whether `mv` removes the opponent's last royal and not the mover's.
pub(super) fn takes_last_royal(pos: &mut Position, mv: Move) -> bool {
    let us = pos.side();
    pos.make(mv);
    let won = pos.royals_lost(us.flip()) && !pos.royals_lost(us);
    pos.unmake();
    won
}

/// Mate scores are stored relative to the node, not the root.
pub(super) fn score_to_tt(s: i32, ply: usize) -> i32 {
    if s > MATE_BOUND {
        s + ply as i32
    } else if s < -MATE_BOUND {
        s - ply as i32
    } else {
        s
    }
}

pub(super) fn score_from_tt(s: i32, ply: usize) -> i32 {
    if s > MATE_BOUND {
        s - ply as i32
    } else if s < -MATE_BOUND {
        s + ply as i32
    } else {
        s
    }
}

/// The score a table entry settles a node with, between `alpha` and
/// `beta` at `ply`: its score where its bound cuts the window off.
pub(super) fn table_cut(e: &Entry, ply: usize, alpha: i32, beta: i32) -> Option<i32> {
    let s = score_from_tt(e.score, ply);
    let cut = match e.bound {
        Bound::Exact => true,
        Bound::Lower => s >= beta,
        Bound::Upper => s <= alpha,
    };
    cut.then_some(s)
}

/// Score of a game ended by the repetition rule, for `side` to move. A
/// repetition result depends on the path, not only the position, so a
/// won or lost cycle scores just inside the mate bound rather than as a
/// mate: the transposition table may carry it to the same position reached
/// another way, and a mate score would stop the search or make the engine
/// resign on that.
pub(super) fn repetition_score(v: Verdict, side: Color, draw: i32) -> i32 {
    match v {
        Verdict::Loss(c) if c == side => -REPETITION_WIN,
        Verdict::Loss(_) => REPETITION_WIN,
        Verdict::Draw => draw,
        Verdict::Illegal => unreachable!("illegal repetitions are never searched"),
    }
}
