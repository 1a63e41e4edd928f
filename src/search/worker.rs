//! One search thread (`Worker`): its tables and limits, iterative
//! deepening with aspiration windows, the root's move loop and MultiPV
//! lines, and the clock and node checks; and what the threads of one
//! search share (`Shared`).

use super::correction::CorrectionHistory;
use super::history::ContinuationHistory;
use super::limits::{Info, Limits, Outcome, Signals};
use super::scores::{INF, MATE, MATE_BOUND, repetition_score};
use super::stats::SearchStats;
use crate::board::Position;
use crate::clock::Instant;
use crate::game::material_ending;
use crate::movegen::hachu_follows;
use crate::moves::Move;
use crate::params::{P, get as param};
use crate::repetition::{self};
use crate::time::{Budget, Stability};
use crate::tt::Table;
use crate::types::{CELLS, Color};
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

pub(super) const MAX_PLY: usize = 100;

/// What the threads of one search share.
pub(super) struct Shared {
    /// Deepest finished iteration, for a quick check by the others.
    pub(super) completed: AtomicU32,
    /// The best result so far.
    pub(super) result: Mutex<Published>,
    /// Nodes searched by all threads.
    pub(super) nodes: AtomicU64,
    /// Set when the main thread has finished: the helpers stop.
    pub(super) done: AtomicBool,
}

impl Shared {
    pub(super) fn new(first: Move) -> Shared {
        Shared {
            completed: AtomicU32::new(0),
            result: Mutex::new(Published {
                outcome: Outcome {
                    best: Some(first),
                    ..Outcome::default()
                },
                pv: Vec::new(),
                seldepth: 0,
                finished: false,
            }),
            nodes: AtomicU64::new(0),
            done: AtomicBool::new(false),
        }
    }

    pub(super) fn published(&self) -> Published {
        // A thread that panicked holding the lock left a whole result.
        self.result
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone()
    }

    /// Offer an iteration's result: kept if it is deeper than the one
    /// held (a finished iteration beats an unfinished one of the same
    /// depth, which only counts when it found a new best move). `pv`
    /// starts with the best move.
    pub(super) fn offer(
        &self,
        depth: u32,
        finished: bool,
        score: i32,
        pv: &[Move],
        seldepth: usize,
    ) {
        let mut held = self.result.lock().unwrap_or_else(|e| e.into_inner());
        let rank = |d: u32, f: bool| 2 * d + u32::from(f);
        if rank(depth, finished) > rank(held.outcome.depth, held.finished) {
            held.outcome.best = pv.first().copied();
            held.outcome.score = score;
            held.outcome.depth = depth;
            held.pv.clear();
            held.pv.extend_from_slice(pv);
            held.seldepth = seldepth as u32;
            held.finished = finished;
            if finished {
                self.completed.fetch_max(depth, Ordering::Relaxed);
            }
        }
    }
}

#[derive(Clone)]
pub(super) struct Published {
    pub(super) outcome: Outcome,
    pub(super) pv: Vec<Move>,
    pub(super) seldepth: u32,
    pub(super) finished: bool,
}

/// One of the main thread's lines (MultiPV): the root move first.
pub(super) struct Line {
    pub(super) score: i32,
    pub(super) pv: Vec<Move>,
}

/// One search thread's own state.
pub(super) struct Worker {
    pub(super) tt: Arc<Table>,
    /// 0 for the main thread.
    pub(super) id: usize,
    pub(super) killers: Vec<[Option<Move>; 2]>,
    pub(super) history: Vec<i32>,
    /// Which captures cut off (by the capturing piece and its square),
    /// for the captures' order (`capture-history`).
    pub(super) capture_history: Vec<i32>,
    /// Which quiet moves answered the opponent's last move well
    /// (`continuation-history`), and which followed up the mover's own
    /// (`follow-up-history`).
    pub(super) continuations: [ContinuationHistory; 2],
    /// The evaluation's correction by material balance (`correction`).
    pub(super) correction: CorrectionHistory,
    /// Each ply's static evaluation on the line being searched (`-INF`
    /// in check), to tell whether the mover's position is improving.
    pub(super) static_evals: Vec<i32>,
    /// Late-move reduction by depth and move number, in hundredths of a
    /// ply, rounding's half included.
    pub(super) reductions: Vec<[i32; 64]>,
    pub(super) lists: Vec<Vec<Move>>,
    pub(super) scores: Vec<Vec<i32>>,
    /// Scratch moves for static exchange evaluation.
    pub(super) see_buf: Vec<Move>,
    pub(super) pv: Vec<Vec<Move>>,
    /// The main thread's lines of its last finished iteration when it
    /// searches several, best first.
    pub(super) lines: Vec<Line>,
    /// The deepest ply reached in the iteration under way.
    pub(super) seldepth: usize,
    /// Nodes since the last addition to `Shared::nodes`.
    pub(super) nodes: u64,
    /// What this thread's search pruned and reduced since `think` began.
    pub(super) stats: SearchStats,
    pub(super) start: Instant,
    /// When the budget started counting: the search's start, or for a
    /// pondering search the ponderhit (`None` until then).
    pub(super) clock_start: Option<Instant>,
    pub(super) limits: Limits,
    pub(super) signals: Signals,
    /// The depth of the iteration under way: abandoned once another
    /// thread finishes it.
    pub(super) iteration: u32,
    /// The search is over (time, `stop`, the main thread finished).
    pub(super) aborted: bool,
    /// Only this iteration is over: another thread finished its depth.
    pub(super) overtaken: bool,
    pub(super) hachu_compatible: bool,
    pub(super) contempt: i32,
    /// The side to move at the root: under `hachu_compatible` its moves
    /// that HaChu cannot follow are left out of the whole tree, not only
    /// the root, so the search does not count on them.
    pub(super) root_side: Color,
}

impl Worker {
    pub(super) fn new(tt: Arc<Table>, signals: Signals, id: usize) -> Worker {
        let lmr_divisor = f64::from(param(P::LmrDivisor)) / 100.0;
        Worker {
            tt,
            id,
            killers: vec![[None; 2]; MAX_PLY + 1],
            history: vec![0; 256 * CELLS],
            capture_history: vec![0; 256 * CELLS],
            continuations: [
                ContinuationHistory::new(0, P::ContinuationHistory),
                ContinuationHistory::new(1, P::FollowUpHistory),
            ],
            correction: CorrectionHistory::new(),
            static_evals: vec![0; MAX_PLY + 1],
            // The usual logarithmic formula: deeper nodes and later moves
            // are reduced more.
            reductions: (0..64)
                .map(|d| {
                    let mut row = [0; 64];
                    for (n, r) in row.iter_mut().enumerate().skip(1) {
                        if d > 0 {
                            *r = (100.0 * (0.5 + (d as f64).ln() * (n as f64).ln() / lmr_divisor))
                                as i32;
                        }
                    }
                    row
                })
                .collect(),
            lists: (0..=MAX_PLY).map(|_| Vec::with_capacity(512)).collect(),
            scores: (0..=MAX_PLY).map(|_| Vec::with_capacity(512)).collect(),
            see_buf: Vec::with_capacity(512),
            pv: (0..=MAX_PLY).map(|_| Vec::with_capacity(MAX_PLY)).collect(),
            lines: Vec::new(),
            seldepth: 0,
            nodes: 0,
            stats: SearchStats::default(),
            start: Instant::now(),
            clock_start: None,
            limits: Limits::default(),
            signals,
            iteration: 0,
            aborted: false,
            overtaken: false,
            hachu_compatible: false,
            contempt: 0,
            root_side: Color::White,
        }
    }

    /// What a draw is worth to `side`: `-contempt` for the root side.
    /// The score for the side to move of a game ended by the bare-king
    /// or kings-only rule (lishogi's Chu), as a mate or a draw.
    #[inline]
    pub(super) fn material_end_score(&self, pos: &Position, ply: usize) -> Option<i32> {
        let end = material_ending(pos)?;
        Some(match end.winner {
            None => self.draw_score(pos.side()),
            Some(w) if w == pos.side() => MATE - ply as i32,
            Some(_) => -MATE + ply as i32,
        })
    }

    pub(super) fn draw_score(&self, side: Color) -> i32 {
        if side == self.root_side {
            -self.contempt
        } else {
            self.contempt
        }
    }

    /// A move the engine will not play under `hachu_compatible`.
    #[inline]
    pub(super) fn benched(&self, pos: &Position, mv: Move) -> bool {
        self.hachu_compatible && pos.side() == self.root_side && !hachu_follows(pos, mv)
    }

    pub(super) fn prepare(&mut self, pos: &Position, limits: Limits) {
        self.start = Instant::now();
        self.clock_start = (!limits.ponder).then_some(self.start);
        self.limits = limits;
        self.nodes = 0;
        self.aborted = false;
        self.overtaken = false;
        self.iteration = 0;
        self.killers.iter_mut().for_each(|k| *k = [None; 2]);
        self.root_side = pos.side();
        self.history.iter_mut().for_each(|h| *h /= 8);
        self.capture_history.iter_mut().for_each(|h| *h /= 2);
        for table in &mut self.continuations {
            if table.weight() > 0 {
                table.prepare(pos.variant());
            }
        }
    }

    /// Iterative deepening until the limits, `stop`, or (for a helper)
    /// the main thread's end. Helpers with an odd id start each iteration
    /// one ply deeper than the deepest finished one plus one, so that two
    /// threads mostly search different depths. Only the main thread
    /// searches several lines (`Limits::multipv`); the helpers then search
    /// the best line and publish nothing, so that the outcome is the main
    /// thread's line 1.
    pub(super) fn iterate(
        &mut self,
        pos: &mut Position,
        mut roots: Vec<Move>,
        limits: Limits,
        shared: &Shared,
        mut report: Option<&mut dyn FnMut(&Info)>,
    ) {
        self.prepare(pos, limits);
        self.lines.clear();
        let max_depth = self
            .limits
            .depth
            .unwrap_or(MAX_PLY as u32 - 10)
            .min(MAX_PLY as u32 - 10);
        let lines = if self.id == 0 {
            self.limits.multipv.min(roots.len()).max(1)
        } else {
            1
        };
        let publish = self.id == 0 || self.limits.multipv <= 1;
        let mut reported = 0;
        let mut score = 0;
        let mut depth = 1 + self.skew();
        let mut stability = Stability::new();
        while depth <= max_depth {
            self.iteration = depth;
            self.overtaken = false;
            self.seldepth = 0;
            let (s, finished) = if lines > 1 {
                self.multipv_iteration(shared, pos, &mut roots, depth, lines)
            } else {
                let (s, best, finished) = self.aspiration(shared, pos, &mut roots, depth, score);
                if finished {
                    stability.finished(best);
                }
                if publish && best.is_some() {
                    shared.offer(depth, finished, s, &self.pv[0], self.seldepth);
                }
                (s, finished)
            };
            if self.aborted {
                break;
            }
            if finished {
                score = s;
            }
            let completed = shared.completed.load(Ordering::Relaxed);
            if let Some(report) = report.as_mut()
                && completed > reported
            {
                reported = completed;
                self.flush_nodes(shared);
                let elapsed_ms = self.start.elapsed().as_millis() as u64;
                let nodes = shared.nodes.load(Ordering::Relaxed);
                let hashfull = self.tt.hashfull();
                if lines > 1 {
                    for (k, line) in self.lines.iter().enumerate() {
                        report(&Info {
                            depth,
                            seldepth: self.seldepth as u32,
                            multipv: k + 1,
                            score: line.score,
                            elapsed_ms,
                            nodes,
                            hashfull,
                            pv: &line.pv,
                        });
                    }
                } else {
                    let p = shared.published();
                    report(&Info {
                        depth: p.outcome.depth,
                        seldepth: p.seldepth,
                        multipv: 1,
                        score: p.outcome.score,
                        elapsed_ms,
                        nodes,
                        hashfull,
                        pv: &p.pv,
                    });
                }
            }
            if completed >= max_depth || (finished && s.abs() > MATE_BOUND && depth > 2) {
                break;
            }
            let percent = stability.start_limit_percent();
            if self.id == 0 && (self.past(|b| b.soft * percent / 100) || self.spent_nodes(shared)) {
                break;
            }
            depth = completed.max(depth) + 1 + self.skew();
        }
        self.flush_nodes(shared);
    }

    /// One iteration searching `lines` lines: line k is the best of the
    /// root moves lines 1..k did not take, searched in its own aspiration
    /// window around its score of the last iteration. The lines' moves
    /// stay at the front of `roots`, best first, for the next iteration.
    /// Publishes line 1 (cut short: line 1 if it was finished, else a move
    /// that beat its window). Returns line 1's score and whether every
    /// line was finished.
    pub(super) fn multipv_iteration(
        &mut self,
        shared: &Shared,
        pos: &mut Position,
        roots: &mut [Move],
        depth: u32,
        lines: usize,
    ) -> (i32, bool) {
        let mut found: Vec<Line> = Vec::with_capacity(lines);
        for k in 0..lines {
            let last = self.lines.get(k).map_or(0, |l| l.score);
            let (s, best, finished) = self.aspiration(shared, pos, &mut roots[k..], depth, last);
            if !finished {
                if let Some(first) = found.first() {
                    shared.offer(depth, true, first.score, &first.pv, self.seldepth);
                } else if best.is_some() {
                    shared.offer(depth, false, s, &self.pv[0], self.seldepth);
                }
                return (s, false);
            }
            // An unstable search can score a later line higher: keep the
            // lines, and their moves in `roots`, best first.
            let at = found.iter().position(|l| l.score < s).unwrap_or(k);
            roots[at..=k].rotate_right(1);
            found.insert(
                at,
                Line {
                    score: s,
                    pv: self.pv[0].clone(),
                },
            );
        }
        self.lines = found;
        let first = &self.lines[0];
        shared.offer(depth, true, first.score, &first.pv, self.seldepth);
        (first.score, true)
    }

    /// Plies odd helpers search beyond the next depth.
    pub(super) fn skew(&self) -> u32 {
        (self.id % 2) as u32
    }

    pub(super) fn flush_nodes(&mut self, shared: &Shared) {
        shared.nodes.fetch_add(self.nodes, Ordering::Relaxed);
        self.nodes = 0;
    }

    /// One iteration in a window around the last score, widened on
    /// failure; a full window for the first iterations and mate scores.
    /// Returns the score, the best move if any, and whether the iteration
    /// finished.
    pub(super) fn aspiration(
        &mut self,
        shared: &Shared,
        pos: &mut Position,
        roots: &mut [Move],
        depth: u32,
        last: i32,
    ) -> (i32, Option<Move>, bool) {
        let window = param(P::AspirationWindow);
        let mut delta = window;
        let (mut alpha, mut beta) = if depth >= 4 && last.abs() < MATE_BOUND {
            (last - delta, last + delta)
        } else {
            (-INF, INF)
        };
        loop {
            let (score, best) = self.root(shared, pos, roots, depth as i32, alpha, beta);
            if self.halted() {
                // A move that beat the window is worth playing.
                return (score, best, false);
            }
            if score <= alpha {
                alpha = (alpha - delta).max(-INF);
            } else if score >= beta {
                beta = (beta + delta).min(INF);
            } else {
                return (score, best, true);
            }
            delta *= 2;
            if delta >= 16 * window {
                (alpha, beta) = (-INF, INF);
            }
        }
    }

    /// One pass over the root moves in the window (alpha, beta), best
    /// first. Returns the best score and the move that reached it, if any
    /// move scored above alpha.
    pub(super) fn root(
        &mut self,
        shared: &Shared,
        pos: &mut Position,
        roots: &mut [Move],
        depth: i32,
        mut alpha: i32,
        beta: i32,
    ) -> (i32, Option<Move>) {
        let mut best = None;
        let mut best_score = -INF;
        let mut best_index = 0;
        self.pv[0].clear();
        for (i, &mv) in roots.iter().enumerate() {
            pos.make(mv);
            let score = if let Some(v) = repetition::verdict_in_search(pos, 1) {
                self.pv[1].clear();
                -repetition_score(v, pos.side(), self.draw_score(pos.side()))
            } else if i == 0 {
                -self.search(shared, pos, depth - 1, -beta, -alpha, 1, false)
            } else {
                let s = -self.search(shared, pos, depth - 1, -alpha - 1, -alpha, 1, true);
                if s > alpha && s < beta && !self.halted() {
                    -self.search(shared, pos, depth - 1, -beta, -alpha, 1, false)
                } else {
                    s
                }
            };
            pos.unmake();
            if self.halted() {
                break;
            }
            if score > best_score {
                best_score = score;
                if score > alpha {
                    alpha = score;
                    best = Some(mv);
                    best_index = i;
                    self.update_pv(0, mv);
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        // Search the best move first next time.
        roots[..=best_index].rotate_right(1);
        (best_score, best)
    }

    pub(super) fn update_pv(&mut self, ply: usize, mv: Move) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        let line = &mut head[ply];
        line.clear();
        line.push(mv);
        if let Some(child) = tail.first() {
            line.extend_from_slice(child);
        }
    }

    /// Whether this iteration or the whole search is over.
    #[inline]
    pub(super) fn halted(&self) -> bool {
        self.aborted || self.overtaken
    }

    /// Whether the search has used up `Limits::nodes` and a depth-1
    /// result exists to play.
    pub(super) fn spent_nodes(&self, shared: &Shared) -> bool {
        self.limits
            .nodes
            .is_some_and(|n| shared.nodes.load(Ordering::Relaxed) + self.nodes >= n)
            && shared.completed.load(Ordering::Relaxed) >= 1
    }

    /// Whether the search has a time budget and has used the part of it
    /// `limit` picks: counted from the search's start, or for a pondering
    /// search from the ponderhit (never before it).
    pub(super) fn past(&mut self, limit: impl Fn(&Budget) -> std::time::Duration) -> bool {
        let Some(budget) = self.limits.budget else {
            return false;
        };
        if self.clock_start.is_none() && self.signals.ponderhit.load(Ordering::Relaxed) {
            self.clock_start = Some(Instant::now());
        }
        self.clock_start
            .is_some_and(|t| t.elapsed() >= limit(&budget))
    }

    /// Checks the host's input (`Checkpoint`), the clock, the node limit,
    /// `stop` and the other threads every 1024 nodes.
    pub(super) fn out_of_time(&mut self, shared: &Shared) -> bool {
        if self.halted() {
            return true;
        }
        if self.nodes & 1023 == 0 {
            let host_stop = self.id == 0 && self.signals.checkpoint.as_ref().is_some_and(|c| c());
            let late = self.id == 0 && (self.past(|b| b.hard) || self.spent_nodes(shared));
            let stopped = self.signals.stop.load(Ordering::Relaxed);
            if late || stopped || host_stop || shared.done.load(Ordering::Relaxed) {
                self.aborted = true;
            }
            if shared.completed.load(Ordering::Relaxed) >= self.iteration {
                self.overtaken = true;
            }
            self.flush_nodes(shared);
        }
        self.halted()
    }
}
