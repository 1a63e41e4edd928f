//! The search of one node below the root: transposition cut-offs,
//! reverse futility, razoring, null move, then the move loop with its
//! pruning (futility, late moves, losing captures) and late move
//! reductions; and the killers and history a cut-off rewards.

use super::history::{HISTORY_MAX, add_with_gravity, history_slot};
use super::ordering::{
    GOOD_CAPTURE, KILLER_SCORE, LESSER_VARIANT, TT_MOVE, capture_gain, pick, reduction_by_history,
    reduction_in_plies,
};
use super::scores::{INF, MATE, MATE_BOUND, over_score, repetition_score, score_to_tt, table_cut};
use super::worker::{MAX_PLY, Shared, Worker};
use crate::board::Position;
use crate::eval::evaluate;
use crate::movegen::{generate, generates, is_capture, royal_attacked};
use crate::moves::Move;
use crate::params::{P, get as param};
use crate::repetition::{self, Verdict};
use crate::see::see_ge;
use crate::tt::Bound;
use arrayvec::ArrayVec;

impl Worker {
    /// The score of `pos` searched `depth` plies within (alpha, beta).
    /// `cut_node`: whether the node is expected to fail high (Stockfish's
    /// cutNode: a zero-window search of a move after the first, or the
    /// first move of an expected all node); under `lmr-cut-node` its late
    /// moves are reduced further.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn search(
        &mut self,
        shared: &Shared,
        pos: &mut Position,
        mut depth: i32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        cut_node: bool,
    ) -> i32 {
        self.pv[ply].clear();
        self.seldepth = self.seldepth.max(ply);
        if pos.is_over() {
            return over_score(pos, ply);
        }
        if let Some(score) = self.material_end_score(pos, ply) {
            return score;
        }
        if ply >= MAX_PLY - 2 {
            return evaluate(pos);
        }
        let us = pos.side();
        let in_check = pos.royals(us) == 1 && royal_attacked(pos, us);
        // A check is searched a ply deeper, but only within twice the
        // iteration's depth: with the large variants' long-range checkers
        // a side can give check after check, each extension paying for
        // the next move, and a depth-2 search of a Nutty middle game ran
        // 40 plies deep and millions of nodes before this bound.
        if in_check && param(P::CheckExtension) == 1 && ply < 2 * self.iteration as usize {
            depth += 1;
        }
        if depth <= 0 {
            return self.quiesce(shared, pos, alpha, beta, ply, 0, Some(in_check));
        }
        self.nodes += 1;
        self.stats.nodes += 1;
        if self.out_of_time(shared) {
            return 0;
        }
        let pv_node = beta - alpha > 1;
        let key = pos.search_key();
        let entry = self.tt.probe(key);
        if let Some(e) = entry
            && !pv_node
            && e.depth as i32 >= depth
            && let Some(s) = table_cut(&e, ply, alpha, beta)
        {
            self.stats.table_cuts += 1;
            return s;
        }

        // The evaluation as it stands (what the correction learns from) and
        // corrected (what the pruning reads).
        let (raw_eval, static_eval) = if in_check {
            (-INF, -INF)
        } else {
            let raw = evaluate(pos);
            (raw, self.correction.corrected(pos, raw))
        };
        let quiet_node = !pv_node && !in_check && beta.abs() < MATE_BOUND;
        // Whether the mover's position looks better than on its last move
        // (or it was in check then): where it does not, a quiet move is
        // less likely to rescue it and the pruning reaches further.
        self.static_evals[ply] = static_eval;
        let improving = param(P::Improving) == 0
            || in_check
            || ply < 2
            || static_eval > self.static_evals[ply - 2];
        // Reverse futility: far enough above beta that a shallow search
        // will not bring it back.
        let futility_margin = param(P::FutilityMargin);
        if quiet_node
            && depth <= param(P::ReverseFutilityDepth)
            && static_eval - futility_margin * (depth - i32::from(improving) + 1) >= beta
        {
            self.stats.reverse_futility += 1;
            return static_eval;
        }
        // Razoring: a shallow node far below alpha whose captures do not
        // bring it back is not searched further.
        let razor_margin = param(P::RazorMargin);
        if quiet_node
            && razor_margin > 0
            && depth <= 2
            && static_eval + razor_margin * depth < alpha
        {
            let s = self.quiesce(shared, pos, alpha, alpha + 1, ply, 0, Some(false));
            if self.halted() {
                return 0;
            }
            if s <= alpha {
                self.stats.razored += 1;
                return s;
            }
        }
        // Null move: if passing still fails high, a real move will too.
        // Large-shogi positions are practically never zugzwang.
        if quiet_node && depth >= param(P::NullDepth) && static_eval >= beta {
            let by_eval = match param(P::NullEvalDivisor) {
                0 => 0,
                d => ((static_eval - beta) / d).min(3),
            };
            let reduction = param(P::NullBase) + depth / param(P::NullDivisor) + by_eval;
            self.stats.null_tries += 1;
            pos.make_null();
            let s = -self.search(
                shared,
                pos,
                depth - reduction,
                -beta,
                -beta + 1,
                ply + 1,
                !cut_node,
            );
            pos.unmake();
            if self.halted() {
                return 0;
            }
            if s >= beta {
                self.stats.null_cuts += 1;
                return beta;
            }
        }
        // Futility: quiet moves cannot lift a hopeless static score to
        // alpha within one or two plies.
        let futile = quiet_node && depth <= 2 && static_eval + futility_margin * depth <= alpha;

        // The hash move is tried before the other moves are generated:
        // where it cuts off, generating and ordering them is saved. The
        // order is the full list's (the hash move ranks first there), but
        // the quiet moves' history is read once its subtree has added to it.
        let hash_move = entry.and_then(|e| e.mv).filter(|&m| generates(pos, m));
        // Internal iterative reduction: a node deep enough to matter that
        // the table knows no move for was most likely not worth searching
        // before either; one ply less, and the next iteration, with a
        // hash move, searches it fully.
        if hash_move.is_none() && depth >= param(P::IirDepth) {
            depth -= 1;
        }
        let mut pending_hash_move = hash_move;
        let mut list = std::mem::take(&mut self.lists[ply]);
        let mut scores = std::mem::take(&mut self.scores[ply]);
        let mut generated = false;
        let mut next = 0;

        let alpha0 = alpha;
        let mut best = -INF;
        let mut best_move = None;
        let mut legal = 0;
        // Whether late move pruning has skipped a move yet (for `kyodai
        // bench --stats`).
        let mut late_moves_pruned = false;
        let mut benched = false;
        // Quiet moves searched without a cutoff, whose history falls when
        // a later quiet move cuts off.
        let mut tried_quiets: ArrayVec<Move, 64> = ArrayVec::new();
        // Likewise the captures, for the capture history.
        let mut tried_captures: ArrayVec<Move, 32> = ArrayVec::new();
        loop {
            let (mv, rank) = if let Some(mv) = pending_hash_move.take() {
                (mv, TT_MOVE)
            } else {
                if !generated {
                    generated = true;
                    generate(pos, &mut list);
                    self.order(pos, &list, &mut scores, hash_move, ply);
                    if hash_move.is_some() {
                        // The hash move, ranked first and searched already.
                        pick(&mut list, &mut scores, 0);
                        next = 1;
                    }
                }
                if next >= list.len() {
                    break;
                }
                let i = next;
                next += 1;
                let mut mv = pick(&mut list, &mut scores, i);
                // A capture that loses material in its exchange goes back
                // among the lesser variants, judged only once picked: most
                // nodes cut off before their later captures.
                while (GOOD_CAPTURE..TT_MOVE).contains(&scores[i])
                    && !see_ge(pos, mv, 0, &mut self.see_buf)
                {
                    scores[i] = LESSER_VARIANT + capture_gain(pos, mv);
                    mv = pick(&mut list, &mut scores, i);
                }
                (mv, scores[i])
            };
            let capture = is_capture(pos, mv);
            let quiet = !capture && !mv.promotes();
            // Hash move, captures, promotions and killers are never pruned,
            // and reduced only under `lmr-captures`; lesser variants of a
            // capture (ordered below the killers) may be reduced.
            let ordinary = quiet && rank < KILLER_SCORE;
            let reducible = rank < KILLER_SCORE;
            if futile && ordinary && legal > 0 {
                self.stats.futile_moves += 1;
                continue;
            }
            // Late move pruning: near the leaves, once the likely moves
            // have been tried, the quiet rest of a wide move list is
            // skipped.
            if ordinary
                && quiet_node
                && depth <= param(P::LmpDepth)
                && legal as i32
                    >= (param(P::LmpBase) + param(P::LmpSlope) * depth * depth)
                        / (2 - i32::from(improving))
            {
                self.stats.late_moves_pruned += 1;
                if !late_moves_pruned {
                    late_moves_pruned = true;
                    self.stats.late_move_pruning_nodes += 1;
                    // Every quiet move searched so far failed low (or the
                    // node would have cut off), so it is among the tried.
                    self.stats.pruned_before_any_quiet += u64::from(tried_quiets.is_empty());
                }
                continue;
            }
            // Exchange pruning near the leaves: a capture that loses more
            // than a Pawn a ply of depth in its exchange, or a late quiet
            // move that leaves its piece to be taken (by more than
            // `quiet-see-margin` x depth squared), will hardly come good in
            // the few plies left.
            let quiet_see_margin = param(P::QuietSeeMargin);
            let exchange_floor = if ordinary && quiet_node && quiet_see_margin > 0 {
                Some(-quiet_see_margin * depth * depth)
            } else if capture && reducible && !pv_node && !in_check {
                Some(-param(P::SeeMargin) * depth)
            } else {
                None
            };
            if let Some(floor) = exchange_floor
                && legal > 0
                && depth <= param(P::SeePruningDepth)
                && !see_ge(pos, mv, floor, &mut self.see_buf)
            {
                if capture {
                    self.stats.losing_captures_pruned += 1;
                } else {
                    self.stats.losing_quiets_pruned += 1;
                }
                continue;
            }
            if self.benched(pos, mv) {
                benched = true;
                continue;
            }
            pos.make(mv);
            let verdict = repetition::verdict_in_search(pos, ply + 1);
            if verdict == Some(Verdict::Illegal) {
                pos.unmake();
                continue;
            }
            legal += 1;
            let mut score;
            if let Some(v) = verdict {
                self.pv[ply + 1].clear();
                score = -repetition_score(v, pos.side(), self.draw_score(pos.side()));
            } else if legal == 1 {
                let child_cut = !pv_node && !cut_node;
                score = -self.search(shared, pos, depth - 1, -beta, -alpha, ply + 1, child_cut);
            } else {
                let reduce = if (reducible || param(P::LmrCaptures) == 1)
                    && depth >= 3
                    && legal as i32 >= param(P::LmrMinMove)
                    && !in_check
                {
                    // A quiet move's history moves its reduction: its
                    // ordering score is its history.
                    let history = ordinary.then_some(rank);
                    self.late_move_reduction(depth, legal, pv_node, cut_node, improving, history)
                } else {
                    0
                };
                score = -self.search(
                    shared,
                    pos,
                    depth - 1 - reduce,
                    -alpha - 1,
                    -alpha,
                    ply + 1,
                    true,
                );
                if reduce > 0 {
                    self.stats.reduced += 1;
                }
                if score > alpha && reduce > 0 && !self.halted() {
                    self.stats.re_searched += 1;
                    score = -self.search(
                        shared,
                        pos,
                        depth - 1,
                        -alpha - 1,
                        -alpha,
                        ply + 1,
                        !cut_node,
                    );
                }
                if score > alpha && score < beta && !self.halted() {
                    score = -self.search(shared, pos, depth - 1, -beta, -alpha, ply + 1, false);
                }
            }
            pos.unmake();
            if self.halted() {
                break;
            }
            if quiet && score < beta {
                let _ = tried_quiets.try_push(mv);
            }
            if capture && score < beta {
                let _ = tried_captures.try_push(mv);
            }
            if score > best {
                best = score;
                best_move = Some(mv);
                if score > alpha {
                    alpha = score;
                    self.update_pv(ply, mv);
                    if score >= beta {
                        self.stats.cutoffs += 1;
                        self.stats.moves_to_cutoff += legal as u64;
                        if legal == 1 {
                            self.stats.first_move_cutoffs += 1;
                        }
                        if capture {
                            self.stats.capture_cutoffs += 1;
                        }
                        if quiet {
                            self.reward(pos, mv, depth, ply, &tried_quiets);
                        }
                        self.reward_capture(pos, mv, capture, depth, &tried_captures);
                        break;
                    }
                }
            }
        }
        self.lists[ply] = list;
        self.scores[ply] = scores;
        if self.halted() {
            return 0;
        }
        if legal == 0 && benched {
            // Only moves the engine will not play: no verdict, just the
            // position as it stands.
            return evaluate(pos);
        }
        if legal == 0 {
            // No legal move (everything blocked or repeating) loses.
            return -MATE + ply as i32;
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha0 {
            Bound::Exact
        } else {
            Bound::Upper
        };
        // The correction learns from quiet results only: a capture's
        // gain is the exchange's, not the evaluation's error, and a bound
        // on the evaluation's own side of the score says nothing.
        if !in_check
            && best.abs() < MATE_BOUND
            && best_move.is_none_or(|m| !is_capture(pos, m))
            && !(bound == Bound::Lower && best <= static_eval)
            && !(bound == Bound::Upper && best >= static_eval)
        {
            self.correction.learn(pos, raw_eval, best, depth);
        }
        self.tt
            .store(key, best_move, score_to_tt(best, ply), depth as i16, bound);
        best
    }

    /// The plies a late move is searched less at a node of `depth`, the
    /// `legal`-th move searched: by the count (deeper nodes and later
    /// moves are reduced more), more off the principal variation, at a
    /// node expected to fail high and where the position is not improving
    /// (each under its coefficient), by `lmr-offset` hundredths of a ply
    /// everywhere; a quiet move's `history` lowers it where the move has
    /// cut off elsewhere and raises it where it has failed. At most
    /// `depth - 2`: the move keeps a ply of its own.
    fn late_move_reduction(
        &mut self,
        depth: i32,
        legal: usize,
        pv_node: bool,
        cut_node: bool,
        improving: bool,
        history: Option<i32>,
    ) -> i32 {
        let extra = if pv_node { 0 } else { param(P::LmrNonPv) }
            + if cut_node { param(P::LmrCutNode) } else { 0 }
            + i32::from(!improving);
        let by_history = history.map_or(0, |h| reduction_by_history(h, param(P::LmrHistory)));
        let hundredths = self.reductions[(depth as usize).min(63)][legal.min(63)]
            + param(P::LmrOffset)
            + 100 * extra;
        let without = reduction_in_plies(hundredths, 0, depth);
        let with = reduction_in_plies(hundredths, by_history, depth);
        if with < without {
            self.stats.reduced_less_by_history += 1;
        } else if with > without {
            self.stats.reduced_more_by_history += 1;
        }
        with
    }

    /// A quiet move cut off: it becomes the first killer, its history
    /// rises and that of the quiet moves searched before it in vain falls,
    /// each by the depth squared, pulled towards zero in proportion to
    /// where it stands (the history gravity of Stockfish and its
    /// followers), so that what worked long ago fades.
    ///
    /// Under `history-gravity = 0` the history only rises, by the depth
    /// squared, up to a cap: it orders the quiet moves as well (gravity
    /// alone was neutral in self-play), but it cannot tell the late
    /// reductions (`lmr-history`) which moves have failed.
    pub(super) fn reward(
        &mut self,
        pos: &Position,
        mv: Move,
        depth: i32,
        ply: usize,
        tried: &[Move],
    ) {
        let k = &mut self.killers[ply];
        if k[0] != Some(mv) {
            k[1] = k[0];
            k[0] = Some(mv);
        }
        if param(P::HistoryGravity) == 0 {
            if let Some(i) = history_slot(pos, mv) {
                self.history[i] = (self.history[i] + depth * depth).min(1 << 20);
            }
            return;
        }
        let bonus = (depth * depth).min(HISTORY_MAX / 4);
        add_with_gravity(&mut self.history, pos, mv, bonus);
        for &m in tried {
            add_with_gravity(&mut self.history, pos, m, -bonus);
        }
        for table in &mut self.continuations {
            if table.weight() > 0 {
                table.add(pos, mv, bonus);
                for &m in tried {
                    table.add(pos, m, -bonus);
                }
            }
        }
    }

    /// A move cut off: a capture's history rises, and that of the
    /// captures searched before it in vain falls (Stockfish's capture
    /// history), by the depth squared.
    fn reward_capture(
        &mut self,
        pos: &Position,
        mv: Move,
        capture: bool,
        depth: i32,
        tried: &[Move],
    ) {
        if param(P::CaptureHistory) == 0 {
            return;
        }
        let bonus = (32 * depth * depth).min(HISTORY_MAX / 4);
        if capture {
            add_with_gravity(&mut self.capture_history, pos, mv, bonus);
        }
        for &m in tried {
            add_with_gravity(&mut self.capture_history, pos, m, -bonus);
        }
    }
}
