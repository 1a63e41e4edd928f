//! Move ordering: the hash move, captures by what they take, promotions,
//! killers, then quiet moves by history; and the capture variants that
//! the ordering ranks below the rest.

use super::history::history_slot;
use super::worker::Worker;
use crate::board::Position;
use crate::movegen::{attacked_by, is_capture};
use crate::moves::Move;
use crate::params::{P, get as param};
use crate::see::{capturer_value, victims_value};

/// Ordering score of the second killer; everything at or above it (hash
/// move, captures, promotions, killers) is searched at full depth.
pub(super) const KILLER_SCORE: i32 = 1 << 26;
/// Ordering score of the hash move.
pub(super) const TT_MOVE: i32 = 1 << 30;
/// Ordering score of captures, before their exchanges are looked at
/// (plus `capture_gain`).
pub(super) const GOOD_CAPTURE: i32 = 1 << 28;
/// Ordering score of a capture that another generated move outdoes
/// (`outdone`) or that loses material (`see::see_ge`): below the killers,
/// searched with the quiet moves' late move reductions.
pub(super) const LESSER_VARIANT: i32 = 1 << 24;

impl Worker {
    pub(super) fn order(
        &self,
        pos: &Position,
        list: &[Move],
        scores: &mut Vec<i32>,
        tt_move: Option<Move>,
        ply: usize,
    ) {
        scores.clear();
        let killers = self.killers[ply];
        let weights = self.continuations.each_ref().map(|t| t.weight());
        for (i, &mv) in list.iter().enumerate() {
            let s = if Some(mv) == tt_move {
                TT_MOVE
            } else if is_capture(pos, mv) {
                if outdone(list, i) {
                    LESSER_VARIANT + capture_gain(pos, mv)
                } else {
                    good_capture_order(capture_gain(pos, mv), self.capture_bonus(pos, mv))
                }
            } else if mv.promotes() {
                1 << 27
            } else if killers[0] == Some(mv) {
                KILLER_SCORE + 1
            } else if killers[1] == Some(mv) {
                KILLER_SCORE
            } else {
                let mut history = history_slot(pos, mv).map_or(0, |i| self.history[i]);
                for (table, &weight) in self.continuations.iter().zip(&weights) {
                    if weight > 0 {
                        history += table.get(pos, mv) * weight / 16;
                    }
                }
                history
            };
            scores.push(s);
        }
    }

    /// The capture history's say in a capture's order (`capture-history`).
    #[inline]
    fn capture_bonus(&self, pos: &Position, mv: Move) -> i32 {
        let weight = param(P::CaptureHistory);
        if weight == 0 {
            return 0;
        }
        history_slot(pos, mv).map_or(0, |i| self.capture_history[i] * weight / 64)
    }
}

/// The plies a late quiet move's reduction changes by for its `history`
/// (`lmr-history`): one less for each `per_ply` above zero, one more for
/// each below, at most two either way; none where `per_ply` is 0.
pub(super) fn reduction_by_history(history: i32, per_ply: i32) -> i32 {
    if per_ply <= 0 {
        return 0;
    }
    (-history / per_ply).clamp(-2, 2)
}

/// A late move reduction of `hundredths` of a ply (rounding's half
/// included) and `by_history` whole plies, in whole plies at a node of
/// `depth`: rounded down, none where the total is negative, and at most
/// `depth - 2`, so that the move keeps a ply of its own.
pub(super) fn reduction_in_plies(hundredths: i32, by_history: i32, depth: i32) -> i32 {
    (hundredths.div_euclid(100) + by_history).clamp(0, (depth - 2).max(0))
}

/// The order of a capture that does not lose its exchange at first sight:
/// by what it takes (`capture_gain`), moved by its history, which never
/// takes it out of the range whose exchanges are judged when picked
/// (from `GOOD_CAPTURE` up).
pub(super) fn good_capture_order(gain: i32, history: i32) -> i32 {
    GOOD_CAPTURE + gain + history.max(-gain.max(0))
}

/// Most valuable victims first (all removed pieces count), then the least
/// valuable attacker; scaled by 16 so the attacker only breaks ties.
pub(super) fn capture_gain(pos: &Position, mv: Move) -> i32 {
    victims_value(pos, mv) * 16 - capturer_value(pos, mv) / 16
}

/// Whether the opponent could take back on the square of a plain capture
/// (multi-captures count as defended): a loose piece is worth taking even
/// with a stronger one, deep in quiescence too. Not in the Tenjiku family,
/// where such captures chain on and on (a Suzumu search blew up).
pub(super) fn defended(pos: &Position, mv: Move) -> bool {
    let Some(victim) = pos.piece_at(mv.to()) else {
        return true;
    };
    pos.variant().capture_chains
        || !mv.kills().is_empty()
        || mv.to() == mv.from()
        || attacked_by(
            pos,
            mv.to(),
            victim.color(),
            &[Some(mv.from())],
            Some(mv.to()),
        )
}

/// Quiescence looks at one variant of each capture: the promoting one
/// where promotion is optional, and the one taking most pieces in passing
/// (a General's jump). Generation emits such variants next to each other,
/// the promoting one first and kill sets growing, so one pass drops them.
pub(super) fn keep_strongest_variants(list: &mut Vec<Move>) {
    let mut kept = 0;
    for i in 0..list.len() {
        let mv = list[i];
        if kept > 0 {
            let prev = list[kept - 1];
            let same_path = prev.from() == mv.from() && prev.to() == mv.to();
            if same_path && prev.promotes() && !mv.promotes() && prev.kills() == mv.kills() {
                continue;
            }
            if same_path
                && prev.promotes() == mv.promotes()
                && prev.kills().len() < mv.kills().len()
                && prev.kills().iter().all(|k| mv.kills().contains(k))
            {
                list[kept - 1] = mv;
                continue;
            }
        }
        list[kept] = mv;
        kept += 1;
    }
    list.truncate(kept);
}

/// Whether another variant of the capture `list[i]` takes everything it
/// takes and more: the same piece to the same square with the same
/// promotion choice, its kill squares a strict superset (a General's jump
/// that leaves a piece it could take in passing, a Fire Demon burning
/// fewer neighbours than it may). Such a variant is rarely better, so it
/// is searched after the killers and may be reduced; the generator emits
/// the variants of one path next to each other.
pub(super) fn outdone(list: &[Move], i: usize) -> bool {
    let mv = list[i];
    let same_path = |m: &Move| m.from() == mv.from() && m.to() == mv.to();
    let more = |m: &Move| {
        m.promotes() == mv.promotes()
            && m.kills().len() > mv.kills().len()
            && mv.kills().iter().all(|k| m.kills().contains(k))
    };
    list[i + 1..].iter().take_while(|m| same_path(m)).any(more)
        || list[..i]
            .iter()
            .rev()
            .take_while(|m| same_path(m))
            .any(more)
}

/// Swap the best-scored remaining move into place `i` and return it (the
/// first of equal scores).
pub(super) fn pick(list: &mut [Move], scores: &mut [i32], i: usize) -> Move {
    // The best score so far is kept, not read again at `best` for each
    // move: WebAssembly engines compile that comparison to a conditional
    // move whose every step waits for the previous one's load (native
    // code branches instead), and the search spent twice as long here
    // as a module as natively.
    let mut best = i;
    let mut best_score = scores[i];
    for (j, &score) in (i + 1..).zip(&scores[i + 1..list.len()]) {
        if score > best_score {
            best = j;
            best_score = score;
        }
    }
    list.swap(i, best);
    scores.swap(i, best);
    list[i]
}
