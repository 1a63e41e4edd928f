//! Iterative-deepening principal-variation search with a transposition
//! table, null-move pruning, late-move reductions and pruning, killer and
//! history move ordering, captures judged by static exchange evaluation
//! (`see`), and a quiescence search over captures (multi-captures
//! included).
//!
//! The main thread can search several best lines (MultiPV), and the engine
//! can play weaker on purpose (`Searcher::skill`).
//!
//! Game-ending rules inside the tree: a side without royals has lost (the
//! board generates no moves there), a side with no legal move has lost, a
//! move that recreates an earlier position is illegal or ends the game
//! as the variant's repetition rule says (`repetition::verdict`), and where
//! the variant has them the bare-king and kings-only rules end it
//! (`game::material_ending`).

use crate::board::Position;
use crate::clock::Instant;
use crate::eval::evaluate;
use crate::game::{legal_moves, material_ending};
use crate::movegen::{
    attacked_by, generate, generate_captures, generate_captures_of, generates, hachu_follows,
    interop_safe, is_capture, royal_attacked,
};
use crate::moves::Move;
use crate::params::{P, get as param};
use crate::repetition::{self, Verdict};
use crate::see::{capturer_value, see_ge, victims_value};
use crate::time::Budget;
use crate::tt::{Bound, Table};
use crate::types::{CELLS, Color, Rng};
use arrayvec::ArrayVec;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

pub const MATE: i32 = 100_000;
/// Quiescence plies in which every capture is tried.
const QS_ALL_CAPTURES: usize = 2;
/// Quiescence plies from which only captures of the piece that moved
/// last are tried (Stockfish's recaptures-only quiescence).
const QS_RECAPTURES: usize = 4;
/// Quiescence plies at most.
const QS_MAX_PLIES: usize = 12;
/// Scores beyond this are wins or losses at a known distance.
pub const MATE_BOUND: i32 = MATE - 1_000;
const _: () = assert!(crate::eval::EVAL_LIMIT < MATE_BOUND - 1_000);
/// A game won by the repetition rule: more than any material, less than a
/// mate (`repetition_score`).
const REPETITION_WIN: i32 = MATE_BOUND - 1;
const INF: i32 = MATE + 1;
/// Ordering score of the second killer; everything at or above it (hash
/// move, captures, promotions, killers) is searched at full depth.
const KILLER_SCORE: i32 = 1 << 26;
/// Ordering score of the hash move.
const TT_MOVE: i32 = 1 << 30;
/// The largest history score either way: far below the killers'
/// ordering score.
const HISTORY_MAX: i32 = 1 << 14;
/// Ordering score of captures, before their exchanges are looked at
/// (plus `capture_gain`).
const GOOD_CAPTURE: i32 = 1 << 28;
/// Ordering score of a capture that another generated move outdoes
/// (`outdone`) or that loses material (`see::see_ge`): below the killers,
/// searched with the quiet moves' late move reductions.
const LESSER_VARIANT: i32 = 1 << 24;
const MAX_PLY: usize = 100;
/// Full strength (`Searcher::skill`).
pub const MAX_SKILL: i8 = 20;
/// The weakest level (Fairy-Stockfish's range, which lishogi sends).
pub const MIN_SKILL: i8 = -20;
/// Nodes a search at `MIN_SKILL` may spend; two levels up double it
/// (`skill_nodes`).
const SKILL_BASE_NODES: u64 = 128;
/// Lines a weakened engine searches and chooses among (Stockfish's).
const SKILL_LINES: usize = 4;
/// Most centipawns the random part of the weakening adds: a Pawn.
const SKILL_SPREAD: i32 = 100;

/// What stops a search, and how many lines it looks for.
#[derive(Clone)]
pub struct Limits {
    pub depth: Option<u32>,
    pub budget: Option<Budget>,
    /// Root moves not to search (CECP `exclude`).
    pub excluded: Vec<Move>,
    /// Best lines to search and report (MultiPV): line k is the best of
    /// the root moves that lines 1..k did not take. 1 (the default) finds
    /// the best move only; 0 counts as 1.
    pub multipv: usize,
    /// Stop after about this many nodes (all threads together), once a
    /// depth-1 result exists.
    pub nodes: Option<u64>,
    /// A search on the opponent's time (USI `go ponder`): `budget` applies
    /// only from the moment `Searcher::ponderhit_flag` is raised.
    pub ponder: bool,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            depth: None,
            budget: None,
            excluded: Vec::new(),
            multipv: 1,
            nodes: None,
            ponder: false,
        }
    }
}

/// One line of thinking output. With several lines (MultiPV) each depth
/// reports lines 1, 2, ... in order, best first.
pub struct Info<'a> {
    pub depth: u32,
    /// The deepest ply the iteration reached, quiescence included.
    pub seldepth: u32,
    /// The line's number, from 1.
    pub multipv: usize,
    pub score: i32,
    /// Time since the search started, milliseconds.
    pub elapsed_ms: u64,
    pub nodes: u64,
    /// Permille of the transposition table holding this search's entries
    /// (`Searcher::hashfull`).
    pub hashfull: u32,
    pub pv: &'a [Move],
}

#[derive(Clone, Debug, Default)]
pub struct Outcome {
    pub best: Option<Move>,
    pub score: i32,
    pub depth: u32,
    pub nodes: u64,
}

/// The engine's search: one or more threads (lazy SMP) sharing a
/// transposition table. Each thread runs its own iterative deepening; the
/// helpers mostly search one ply deeper than the main thread, and
/// whichever finishes a depth first publishes its result, so the others
/// move on to the next depth (`Shared`).
pub struct Searcher {
    tt: Arc<Table>,
    /// `workers[0]` is the main thread: it reports and keeps the clock.
    workers: Vec<Worker>,
    signals: Signals,
    /// Prefer moves HaChu 0.21 can follow (`movegen::hachu_follows`), for
    /// games against it in the variants it gets wrong.
    pub hachu_compatible: bool,
    /// Prefer moves XBoard 4.9.1 handles (`movegen::interop_safe`).
    pub xboard_safe: bool,
    /// Centipawns a draw is worth less than nothing to the side to move at
    /// the root (negative: a draw is welcome).
    pub contempt: i32,
    /// Playing strength, `MIN_SKILL` to `MAX_SKILL` (the default: full
    /// strength). Below it the search stops after `skill_nodes` nodes,
    /// looks for at least `SKILL_LINES` lines (reporting only those asked
    /// for) and plays one of them at random, the best one the more likely
    /// the higher the level (`weakened_choice`).
    pub skill: i8,
    /// Play a legal move chosen uniformly at random, without searching:
    /// the opponent the weakest level is measured against (docs/skill.md).
    pub random_mover: bool,
    /// The random source of the weakening and of the random mover
    /// (`seed_skill`).
    rng: Rng,
}

/// Which legal root moves the engine prefers to play (`Searcher::root_moves`).
#[derive(Clone, Copy, Debug)]
pub struct RootPolicy {
    pub hachu_compatible: bool,
    pub xboard_safe: bool,
}

impl RootPolicy {
    /// The default: XBoard-safe moves, HaChu's faults ignored.
    pub const XBOARD: RootPolicy = RootPolicy {
        hachu_compatible: false,
        xboard_safe: true,
    };
}

/// Most search threads (`cores`).
#[cfg(not(target_arch = "wasm32"))]
pub const MAX_THREADS: usize = 64;
/// A browser module (wasm32) searches on the thread that hosts it.
#[cfg(target_arch = "wasm32")]
pub const MAX_THREADS: usize = 1;

/// Called by the main thread at each node checkpoint (every 1024 nodes):
/// a host without threads (wasm32) reads the input that arrived meanwhile
/// there, and raises the stop or ponderhit flag for it. True stops the
/// search at once (the host's own limit).
pub type Checkpoint = Arc<dyn Fn() -> bool + Send + Sync>;

/// What the outside world can tell a running search.
#[derive(Clone)]
struct Signals {
    /// Stop now and return the best move so far.
    stop: Arc<AtomicBool>,
    /// The pondering search becomes the engine's own: its clock starts.
    ponderhit: Arc<AtomicBool>,
    checkpoint: Option<Checkpoint>,
}

impl Searcher {
    pub fn new(tt_megabytes: usize, stop: Arc<AtomicBool>) -> Searcher {
        Searcher::with_signals(tt_megabytes, stop, Arc::new(AtomicBool::new(false)), None)
    }

    /// A searcher stopped by `stop`, whose pondering ends with `ponderhit`
    /// (`Limits::ponder`), calling `checkpoint` at its node checkpoints.
    pub fn with_signals(
        tt_megabytes: usize,
        stop: Arc<AtomicBool>,
        ponderhit: Arc<AtomicBool>,
        checkpoint: Option<Checkpoint>,
    ) -> Searcher {
        let tt = Arc::new(Table::new(tt_megabytes));
        let signals = Signals {
            stop,
            ponderhit,
            checkpoint,
        };
        Searcher {
            workers: vec![Worker::new(tt.clone(), signals.clone(), 0)],
            tt,
            signals,
            hachu_compatible: false,
            xboard_safe: true,
            contempt: 0,
            skill: MAX_SKILL,
            random_mover: false,
            rng: Rng::new(crate::clock::seed()),
        }
    }

    /// Restart the weakening's random choices from `seed` (they start
    /// from the clock), so that a weakened engine's games can be replayed.
    pub fn seed_skill(&mut self, seed: u64) {
        self.rng = Rng::new(seed);
    }

    /// Permille of the transposition table holding entries of the current
    /// (or last) search, sampled over its first thousand slots.
    pub fn hashfull(&self) -> u32 {
        self.tt.hashfull()
    }

    fn policy(&self) -> RootPolicy {
        RootPolicy {
            hachu_compatible: self.hachu_compatible,
            xboard_safe: self.xboard_safe,
        }
    }

    /// Search with `n` threads (at least 1, at most `MAX_THREADS`).
    pub fn set_threads(&mut self, n: usize) {
        let n = n.clamp(1, MAX_THREADS);
        self.workers.truncate(n);
        while self.workers.len() < n {
            let id = self.workers.len();
            self.workers
                .push(Worker::new(self.tt.clone(), self.signals.clone(), id));
        }
    }

    pub fn threads(&self) -> usize {
        self.workers.len()
    }

    /// Resize the transposition table; on failure the old one stays.
    pub fn resize(&mut self, megabytes: usize) -> Result<(), String> {
        self.tt = Arc::new(Table::try_new(megabytes)?);
        for w in &mut self.workers {
            w.tt = self.tt.clone();
        }
        Ok(())
    }

    /// Forget everything learnt (a new game).
    pub fn clear(&mut self) {
        self.tt.clear();
        for w in &mut self.workers {
            w.history.iter_mut().for_each(|h| *h = 0);
        }
    }

    /// The root moves the engine plays, best tier first: legal (not banned
    /// by the repetition rule), then preferring moves that do not leave a
    /// sole royal en prise (XBoard forfeits those in Chu); with
    /// `xboard_safe`, moves XBoard and HaChu accept (`interop_safe`); with
    /// `hachu_compatible`, also moves HaChu follows and that repeat no
    /// position (HaChu refuses every repetition). A lower tier is used only
    /// when the better ones are empty, so a side with a legal move always
    /// moves.
    pub fn root_moves(pos: &mut Position, policy: RootPolicy) -> Vec<Move> {
        let RootPolicy {
            hachu_compatible,
            xboard_safe,
        } = policy;
        let us = pos.side();
        let single_royal = pos.royals(us) == 1;
        // tiers[0]: safe; [1]: exposes the royal; [2]: not interop-safe.
        let mut tiers: [Vec<Move>; 3] = Default::default();
        for mv in legal_moves(pos) {
            let unsafe_move = xboard_safe && !interop_safe(pos, mv);
            let tier = if unsafe_move || (hachu_compatible && !hachu_follows(pos, mv)) {
                2
            } else {
                pos.make(mv);
                // A move that burns our last royal (and not the enemy's
                // last) loses at once: the worst of the legal moves.
                let lost = pos.royals_lost(us) && !pos.royals_lost(us.flip());
                let exposed = lost || (single_royal && !pos.is_over() && royal_attacked(pos, us));
                let repeats = hachu_compatible && pos.is_repetition();
                pos.unmake();
                if repeats { 2 } else { usize::from(exposed) }
            };
            tiers[tier].push(mv);
        }
        tiers
            .into_iter()
            .find(|t| !t.is_empty())
            .unwrap_or_default()
    }

    /// Search the position and return the best move found: line 1 with
    /// several lines, or the weakened choice below full `skill`.
    pub fn think(
        &mut self,
        pos: &mut Position,
        mut limits: Limits,
        report: &mut dyn FnMut(&Info),
    ) -> Outcome {
        self.tt.new_search();
        let shown = limits.multipv.max(1);
        let weakened = self.skill < MAX_SKILL;
        if weakened {
            let cap = skill_nodes(self.skill);
            limits.nodes = Some(limits.nodes.map_or(cap, |n| n.min(cap)));
            limits.multipv = shown.max(SKILL_LINES);
        }
        let mut roots = Self::root_moves(pos, self.policy());
        roots.retain(|m| !limits.excluded.contains(m));
        if self.random_mover && !roots.is_empty() {
            return Outcome {
                best: Some(roots[self.rng.below(roots.len())]),
                ..Outcome::default()
            };
        }
        if roots.len() <= 1 {
            return Outcome {
                best: roots.first().copied(),
                ..Outcome::default()
            };
        }
        // Taking the last enemy royal ends the game: nothing to search (in
        // Suzumu a search of such a position can take a minute).
        if let Some(win) = roots.iter().copied().find(|&m| takes_last_royal(pos, m)) {
            report(&Info {
                depth: 1,
                seldepth: 1,
                multipv: 1,
                score: MATE - 1,
                elapsed_ms: 0,
                nodes: 0,
                hashfull: self.tt.hashfull(),
                pv: &[win],
            });
            return Outcome {
                best: Some(win),
                score: MATE - 1,
                depth: 1,
                nodes: 0,
            };
        }
        let shared = Shared::new(roots[0]);
        // The lines searched only for the weakening are not shown.
        let mut shown_report = |info: &Info| {
            if info.multipv <= shown {
                report(info);
            }
        };
        let (hachu_compatible, contempt) = (self.hachu_compatible, self.contempt);
        let (main, helpers) = self.workers.split_at_mut(1);
        std::thread::scope(|scope| {
            for helper in helpers.iter_mut() {
                let mut own = pos.clone();
                let (roots, limits, shared) = (roots.clone(), limits.clone(), &shared);
                helper.hachu_compatible = hachu_compatible;
                helper.contempt = contempt;
                scope.spawn(move || helper.iterate(&mut own, roots, limits, shared, None));
            }
            main[0].hachu_compatible = hachu_compatible;
            main[0].contempt = contempt;
            main[0].iterate(pos, roots, limits, &shared, Some(&mut shown_report));
            // The helpers stop with the main thread.
            shared.done.store(true, Ordering::Relaxed);
        });
        let mut out = shared.published().outcome;
        out.nodes = shared.nodes.load(Ordering::Relaxed);
        if weakened
            && let Some(line) = weakened_choice(&self.workers[0].lines, self.skill, &mut self.rng)
        {
            out.best = Some(line.pv[0]);
            out.score = line.score;
        }
        out
    }

    /// A random choice among the root moves that a `depth`-ply search
    /// scores within `margin` centipawns of the best: varied openings
    /// (the "Random opening moves" option). Each root move is searched
    /// with a full window so that every score is exact; out of time, the
    /// choice is among the moves scored so far (`None` if none was).
    pub fn varied_move(
        &mut self,
        pos: &mut Position,
        limits: Limits,
        margin: i32,
        rng: &mut Rng,
    ) -> Option<Move> {
        let depth = limits.depth.unwrap_or(1).max(1) as i32;
        self.tt.new_search();
        let shared = Shared::new(Move::default());
        let policy = self.policy();
        let w = &mut self.workers[0];
        w.hachu_compatible = self.hachu_compatible;
        w.contempt = self.contempt;
        w.prepare(pos, limits);
        w.iteration = depth as u32;
        let mut scored = Vec::new();
        // A pass is never a varied opening move, even where it scores as
        // well as anything (the start position).
        let roots = Self::root_moves(pos, policy);
        for mv in roots.into_iter().filter(|m| !m.is_pass()) {
            pos.make(mv);
            let score = match repetition::verdict(pos) {
                Some(Verdict::Illegal) => None,
                Some(v) => Some(-repetition_score(v, pos.side(), w.draw_score(pos.side()))),
                None => Some(-w.search(&shared, pos, depth - 1, -INF, INF, 1)),
            };
            pos.unmake();
            if w.aborted {
                break;
            }
            scored.extend(score.map(|s| (mv, s)));
        }
        let best = scored.iter().map(|&(_, s)| s).max()?;
        scored.retain(|&(_, s)| s >= best - margin);
        Some(scored[rng.below(scored.len())].0)
    }
}

/// What the threads of one search share.
struct Shared {
    /// Deepest finished iteration, for a quick check by the others.
    completed: AtomicU32,
    /// The best result so far.
    result: Mutex<Published>,
    /// Nodes searched by all threads.
    nodes: AtomicU64,
    /// Set when the main thread has finished: the helpers stop.
    done: AtomicBool,
}

impl Shared {
    fn new(first: Move) -> Shared {
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

    fn published(&self) -> Published {
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
    fn offer(&self, depth: u32, finished: bool, score: i32, pv: &[Move], seldepth: usize) {
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
struct Published {
    outcome: Outcome,
    pv: Vec<Move>,
    seldepth: u32,
    finished: bool,
}

/// One of the main thread's lines (MultiPV): the root move first.
struct Line {
    score: i32,
    pv: Vec<Move>,
}

/// One search thread's own state.
struct Worker {
    tt: Arc<Table>,
    /// 0 for the main thread.
    id: usize,
    killers: Vec<[Option<Move>; 2]>,
    history: Vec<i32>,
    /// Late-move reduction by depth and move number.
    reductions: Vec<[i32; 64]>,
    lists: Vec<Vec<Move>>,
    scores: Vec<Vec<i32>>,
    /// Scratch moves for static exchange evaluation.
    see_buf: Vec<Move>,
    pv: Vec<Vec<Move>>,
    /// The main thread's lines of its last finished iteration when it
    /// searches several, best first.
    lines: Vec<Line>,
    /// The deepest ply reached in the iteration under way.
    seldepth: usize,
    /// Nodes since the last addition to `Shared::nodes`.
    nodes: u64,
    start: Instant,
    /// When the budget started counting: the search's start, or for a
    /// pondering search the ponderhit (`None` until then).
    clock_start: Option<Instant>,
    limits: Limits,
    signals: Signals,
    /// The depth of the iteration under way: abandoned once another
    /// thread finishes it.
    iteration: u32,
    /// The search is over (time, `stop`, the main thread finished).
    aborted: bool,
    /// Only this iteration is over: another thread finished its depth.
    overtaken: bool,
    hachu_compatible: bool,
    contempt: i32,
    /// The side to move at the root: under `hachu_compatible` its moves
    /// that HaChu cannot follow are left out of the whole tree, not only
    /// the root, so the search does not count on them.
    root_side: Color,
}

impl Worker {
    fn new(tt: Arc<Table>, signals: Signals, id: usize) -> Worker {
        let lmr_divisor = f64::from(param(P::LmrDivisor)) / 100.0;
        Worker {
            tt,
            id,
            killers: vec![[None; 2]; MAX_PLY + 1],
            history: vec![0; 256 * CELLS],
            // The usual logarithmic formula: deeper nodes and later moves
            // are reduced more.
            reductions: (0..64)
                .map(|d| {
                    let mut row = [0; 64];
                    for (n, r) in row.iter_mut().enumerate().skip(1) {
                        if d > 0 {
                            *r = (0.5 + (d as f64).ln() * (n as f64).ln() / lmr_divisor) as i32;
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
    fn material_end_score(&self, pos: &Position, ply: usize) -> Option<i32> {
        let end = material_ending(pos)?;
        Some(match end.winner {
            None => self.draw_score(pos.side()),
            Some(w) if w == pos.side() => MATE - ply as i32,
            Some(_) => -MATE + ply as i32,
        })
    }

    fn draw_score(&self, side: Color) -> i32 {
        if side == self.root_side {
            -self.contempt
        } else {
            self.contempt
        }
    }

    /// A move the engine will not play under `hachu_compatible`.
    #[inline]
    fn benched(&self, pos: &Position, mv: Move) -> bool {
        self.hachu_compatible && pos.side() == self.root_side && !hachu_follows(pos, mv)
    }

    fn prepare(&mut self, pos: &Position, limits: Limits) {
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
    }

    /// Iterative deepening until the limits, `stop`, or (for a helper)
    /// the main thread's end. Helpers with an odd id start each iteration
    /// one ply deeper than the deepest finished one plus one, so that two
    /// threads mostly search different depths. Only the main thread
    /// searches several lines (`Limits::multipv`); the helpers then search
    /// the best line and publish nothing, so that the outcome is the main
    /// thread's line 1.
    fn iterate(
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
        while depth <= max_depth {
            self.iteration = depth;
            self.overtaken = false;
            self.seldepth = 0;
            let (s, finished) = if lines > 1 {
                self.multipv_iteration(shared, pos, &mut roots, depth, lines)
            } else {
                let (s, best, finished) = self.aspiration(shared, pos, &mut roots, depth, score);
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
            if self.id == 0 && (self.past(|b| b.soft / 2) || self.spent_nodes(shared)) {
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
    fn multipv_iteration(
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
    fn skew(&self) -> u32 {
        (self.id % 2) as u32
    }

    fn flush_nodes(&mut self, shared: &Shared) {
        shared.nodes.fetch_add(self.nodes, Ordering::Relaxed);
        self.nodes = 0;
    }

    /// One iteration in a window around the last score, widened on
    /// failure; a full window for the first iterations and mate scores.
    /// Returns the score, the best move if any, and whether the iteration
    /// finished.
    fn aspiration(
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
    fn root(
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
            let score = if let Some(v) = repetition::verdict(pos) {
                self.pv[1].clear();
                -repetition_score(v, pos.side(), self.draw_score(pos.side()))
            } else if i == 0 {
                -self.search(shared, pos, depth - 1, -beta, -alpha, 1)
            } else {
                let s = -self.search(shared, pos, depth - 1, -alpha - 1, -alpha, 1);
                if s > alpha && s < beta && !self.halted() {
                    -self.search(shared, pos, depth - 1, -beta, -alpha, 1)
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

    fn update_pv(&mut self, ply: usize, mv: Move) {
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
    fn halted(&self) -> bool {
        self.aborted || self.overtaken
    }

    /// Whether the search has used up `Limits::nodes` and a depth-1
    /// result exists to play.
    fn spent_nodes(&self, shared: &Shared) -> bool {
        self.limits
            .nodes
            .is_some_and(|n| shared.nodes.load(Ordering::Relaxed) + self.nodes >= n)
            && shared.completed.load(Ordering::Relaxed) >= 1
    }

    /// Whether the search has a time budget and has used the part of it
    /// `limit` picks: counted from the search's start, or for a pondering
    /// search from the ponderhit (never before it).
    fn past(&mut self, limit: impl Fn(&Budget) -> std::time::Duration) -> bool {
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
    fn out_of_time(&mut self, shared: &Shared) -> bool {
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

    fn search(
        &mut self,
        shared: &Shared,
        pos: &mut Position,
        mut depth: i32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
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
            return self.quiesce(shared, pos, alpha, beta, ply, 0);
        }
        self.nodes += 1;
        if self.out_of_time(shared) {
            return 0;
        }
        let pv_node = beta - alpha > 1;
        let key = pos.search_key();
        let entry = self.tt.probe(key);
        if let Some(e) = entry
            && !pv_node
            && e.depth as i32 >= depth
        {
            let s = score_from_tt(e.score, ply);
            let cut = match e.bound {
                Bound::Exact => true,
                Bound::Lower => s >= beta,
                Bound::Upper => s <= alpha,
            };
            if cut {
                return s;
            }
        }

        let static_eval = if in_check { -INF } else { evaluate(pos) };
        let quiet_node = !pv_node && !in_check && beta.abs() < MATE_BOUND;
        // Reverse futility: far enough above beta that a shallow search
        // will not bring it back.
        let futility_margin = param(P::FutilityMargin);
        if quiet_node
            && depth <= param(P::ReverseFutilityDepth)
            && static_eval - futility_margin * depth >= beta
        {
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
            let s = self.quiesce(shared, pos, alpha, alpha + 1, ply, 0);
            if self.halted() {
                return 0;
            }
            if s <= alpha {
                return s;
            }
        }
        // Null move: if passing still fails high, a real move will too.
        // Large-shogi positions are practically never zugzwang.
        if quiet_node && depth >= 3 && static_eval >= beta {
            let reduction = param(P::NullBase) + depth / param(P::NullDivisor);
            pos.make_null();
            let s = -self.search(shared, pos, depth - reduction, -beta, -beta + 1, ply + 1);
            pos.unmake();
            if self.halted() {
                return 0;
            }
            if s >= beta {
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
        let mut benched = false;
        // Quiet moves searched without a cutoff, whose history falls when
        // a later quiet move cuts off.
        let mut tried_quiets: ArrayVec<Move, 64> = ArrayVec::new();
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
            // Hash move, captures, promotions and killers are never pruned
            // or reduced; lesser variants of a capture (ordered below the
            // killers) may be reduced.
            let ordinary = quiet && rank < KILLER_SCORE;
            let reducible = rank < KILLER_SCORE;
            if futile && ordinary && legal > 0 {
                continue;
            }
            // Late move pruning: near the leaves, once the likely moves
            // have been tried, the quiet rest of a wide move list is
            // skipped.
            if ordinary
                && quiet_node
                && depth <= param(P::LmpDepth)
                && legal as i32 >= param(P::LmpBase) + param(P::LmpSlope) * depth * depth
            {
                continue;
            }
            // A capture that loses more than a Pawn a ply of depth in its
            // exchange will hardly come good in the few plies left.
            if capture
                && reducible
                && !pv_node
                && !in_check
                && depth <= param(P::SeePruningDepth)
                && legal > 0
                && !see_ge(pos, mv, -param(P::SeeMargin) * depth, &mut self.see_buf)
            {
                continue;
            }
            if self.benched(pos, mv) {
                benched = true;
                continue;
            }
            pos.make(mv);
            let verdict = repetition::verdict(pos);
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
                score = -self.search(shared, pos, depth - 1, -beta, -alpha, ply + 1);
            } else {
                let reduce = if reducible && depth >= 3 && legal > 3 && !in_check {
                    self.reductions[(depth as usize).min(63)][legal.min(63)].min(depth - 2)
                } else {
                    0
                };
                score = -self.search(shared, pos, depth - 1 - reduce, -alpha - 1, -alpha, ply + 1);
                if score > alpha && reduce > 0 && !self.halted() {
                    score = -self.search(shared, pos, depth - 1, -alpha - 1, -alpha, ply + 1);
                }
                if score > alpha && score < beta && !self.halted() {
                    score = -self.search(shared, pos, depth - 1, -beta, -alpha, ply + 1);
                }
            }
            pos.unmake();
            if self.halted() {
                break;
            }
            if quiet && score < beta {
                let _ = tried_quiets.try_push(mv);
            }
            if score > best {
                best = score;
                best_move = Some(mv);
                if score > alpha {
                    alpha = score;
                    self.update_pv(ply, mv);
                    if score >= beta {
                        if quiet {
                            self.reward(pos, mv, depth, ply, &tried_quiets);
                        }
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
        self.tt
            .store(key, best_move, score_to_tt(best, ply), depth as i16, bound);
        best
    }

    /// A quiet move cut off: it becomes the first killer, its history
    /// rises and that of the quiet moves searched before it in vain falls,
    /// each by the depth squared, pulled towards zero in proportion to
    /// where it stands (the history gravity of Stockfish and its
    /// followers), so that what worked long ago fades.
    ///
    /// Under `history-gravity = 0` (the default: gravity was neutral in
    /// self-play against the current pruning) the history only rises, by
    /// the depth squared, up to a cap.
    fn reward(&mut self, pos: &Position, mv: Move, depth: i32, ply: usize, tried: &[Move]) {
        let k = &mut self.killers[ply];
        if k[0] != Some(mv) {
            k[1] = k[0];
            k[0] = Some(mv);
        }
        if param(P::HistoryGravity) == 0 {
            if let Some(p) = pos.piece_at(mv.from()) {
                let h = &mut self.history[p.index() * CELLS + mv.to().index()];
                *h = (*h + depth * depth).min(1 << 20);
            }
            return;
        }
        let bonus = (depth * depth).min(HISTORY_MAX / 4);
        self.add_history(pos, mv, bonus);
        for &m in tried {
            self.add_history(pos, m, -bonus);
        }
    }

    fn add_history(&mut self, pos: &Position, mv: Move, bonus: i32) {
        if let Some(p) = pos.piece_at(mv.from()) {
            let h = &mut self.history[p.index() * CELLS + mv.to().index()];
            *h += bonus - *h * bonus.abs() / HISTORY_MAX;
        }
    }

    /// Captures only, standing pat on the static evaluation. In the first
    /// `QS_ALL_CAPTURES` plies every capture is tried that does not lose
    /// material in its exchange (`see::see_ge`); past them only captures
    /// that take at least the capturer's value or take an undefended
    /// piece, from `QS_RECAPTURES` on only those that take the piece that
    /// moved last, and the search stops at `QS_MAX_PLIES`: in the Tenjiku
    /// family (Generals jumping into the enemy camp, Fire Demons burning)
    /// capture chains otherwise run away, each side taking something
    /// elsewhere in turn. Two of minase's limits are there behind their
    /// coefficients, off until tuning finds them worth it: at most
    /// `qs-captures` captures a node besides recaptures and royal
    /// captures, and the transposition table (`qs-table`).
    fn quiesce(
        &mut self,
        shared: &Shared,
        pos: &mut Position,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        qply: usize,
    ) -> i32 {
        self.pv[ply].clear();
        self.seldepth = self.seldepth.max(ply);
        self.nodes += 1;
        if pos.is_over() {
            return over_score(pos, ply);
        }
        if let Some(score) = self.material_end_score(pos, ply) {
            return score;
        }
        if self.out_of_time(shared) {
            return 0;
        }
        let stand = evaluate(pos);
        if stand >= beta || ply >= MAX_PLY - 2 || qply >= QS_MAX_PLIES {
            return stand;
        }
        let key = (param(P::QsTable) == 1).then(|| pos.search_key());
        if let Some(e) = key.and_then(|k| self.tt.probe(k)) {
            let s = score_from_tt(e.score, ply);
            let cut = match e.bound {
                Bound::Exact => true,
                Bound::Lower => s >= beta,
                Bound::Upper => s <= alpha,
            };
            if cut {
                return s;
            }
        }
        let alpha0 = alpha;
        alpha = alpha.max(stand);
        let mut list = std::mem::take(&mut self.lists[ply]);
        let mut scores = std::mem::take(&mut self.scores[ply]);
        // From `QS_RECAPTURES` on, only the captures of the piece that moved
        // last: the attackers of its square alone are generated.
        match pos.move_back(0).map(|m| m.to()) {
            Some(last) if qply >= QS_RECAPTURES => generate_captures_of(pos, last, &mut list),
            _ => generate_captures(pos, &mut list),
        }
        keep_strongest_variants(&mut list);
        scores.clear();
        scores.extend(list.iter().map(|&m| capture_gain(pos, m)));
        let last = pos.move_back(0).map(|m| m.to());
        let most = param(P::QsCaptures) as usize;
        let mut searched = 0;
        let mut best_move = None;
        for i in 0..list.len() {
            let mv = pick(&mut list, &mut scores, i);
            // Past the most captures a node may search, only recaptures
            // and the capture of a royal: a large board's dozens of
            // captures otherwise make most of the tree.
            if searched >= most && Some(mv.to()) != last && !takes_last_royal(pos, mv) {
                continue;
            }
            // Delta pruning: even winning this material (the most any
            // capture left takes) cannot reach alpha.
            if stand + scores[i] / 16 + param(P::QsDelta) < alpha {
                break;
            }
            if self.benched(pos, mv) {
                continue;
            }
            if qply < QS_ALL_CAPTURES && !see_ge(pos, mv, 0, &mut self.see_buf) {
                continue;
            }
            if qply >= QS_ALL_CAPTURES
                && victims_value(pos, mv) < capturer_value(pos, mv)
                && defended(pos, mv)
            {
                continue;
            }
            searched += 1;
            pos.make(mv);
            let score = -self.quiesce(shared, pos, -beta, -alpha, ply + 1, qply + 1);
            pos.unmake();
            if self.halted() {
                break;
            }
            if score > alpha {
                alpha = score;
                best_move = Some(mv);
                if score >= beta {
                    break;
                }
            }
        }
        self.lists[ply] = list;
        self.scores[ply] = scores;
        if let Some(key) = key
            && !self.halted()
        {
            let bound = if alpha >= beta {
                Bound::Lower
            } else if alpha > alpha0 {
                Bound::Exact
            } else {
                Bound::Upper
            };
            self.tt
                .store(key, best_move, score_to_tt(alpha, ply), 0, bound);
        }
        alpha
    }

    fn order(
        &self,
        pos: &Position,
        list: &[Move],
        scores: &mut Vec<i32>,
        tt_move: Option<Move>,
        ply: usize,
    ) {
        scores.clear();
        let killers = self.killers[ply];
        for (i, &mv) in list.iter().enumerate() {
            let s = if Some(mv) == tt_move {
                TT_MOVE
            } else if is_capture(pos, mv) {
                if outdone(list, i) {
                    LESSER_VARIANT + capture_gain(pos, mv)
                } else {
                    GOOD_CAPTURE + capture_gain(pos, mv)
                }
            } else if mv.promotes() {
                1 << 27
            } else if killers[0] == Some(mv) {
                KILLER_SCORE + 1
            } else if killers[1] == Some(mv) {
                KILLER_SCORE
            } else {
                pos.piece_at(mv.from())
                    .map_or(0, |p| self.history[p.index() * CELLS + mv.to().index()])
            };
            scores.push(s);
        }
    }
}

/// The nodes a weakened engine's search may spend: `SKILL_BASE_NODES` at
/// `MIN_SKILL`, about √2 times more a level up. Nodes rather than depth:
/// a Chu search's depth costs about four times the nodes of the one
/// before, so depth caps make steps of several hundred Elo, while a
/// doubling of nodes is a fraction of a ply; and a node cap weakens the
/// same whatever the clock and the machine. The search always finishes
/// depth 1 (`Limits::nodes`), which is all level -20 searches; level 0
/// spends 128 k nodes, level 19 about 100 M, more than any blitz move.
pub fn skill_nodes(skill: i8) -> u64 {
    let steps = skill.clamp(MIN_SKILL, MAX_SKILL).abs_diff(MIN_SKILL);
    let nodes = SKILL_BASE_NODES << (steps / 2);
    if steps % 2 == 1 { nodes * 3 / 2 } else { nodes }
}

/// The skill ladder as measured in Chu (docs/skill.md): levels and their
/// Elo from `kyodai match` games of each against its neighbours (160 to
/// 200 games a step, each step's 95% interval within ±60), on a scale
/// anchored at level -20 = 1000. Lowest first.
const SKILL_LADDER: &[(i8, i32)] = &[
    (-20, 1000),
    (-14, 1057),
    (-12, 1186),
    (-10, 1321),
    (-8, 1479),
    (-6, 1662),
];
/// The range of `USI_Elo`: the ladder's measured span.
pub const MIN_ELO: i32 = SKILL_LADDER[0].1;
pub const MAX_ELO: i32 = SKILL_LADDER[SKILL_LADDER.len() - 1].1;

/// The level that plays at `elo` on the ladder's scale: between two
/// measured levels the one whose interpolated Elo is nearest; outside the
/// measured span the end level.
pub fn skill_for_elo(elo: i32) -> i8 {
    let mut level = SKILL_LADDER[0].0;
    for pair in SKILL_LADDER.windows(2) {
        let [(l0, e0), (l1, e1)] = [pair[0], pair[1]];
        if elo >= e1 {
            level = l1;
        } else if elo > e0 {
            let span = i32::from(l1 - l0);
            let steps = ((elo - e0) * span + (e1 - e0) / 2) / (e1 - e0);
            level = l0 + steps as i8;
        }
    }
    level
}

/// The line a weakened engine plays, from `lines` best first (Stockfish's
/// `Skill::pick_best`, in centipawns): each line's score is pushed towards
/// the best score, by a share that grows as the level falls, plus a random
/// amount up to the spread of the scores (at most `SKILL_SPREAD`); the
/// highest pushed score wins, ties going to the later line. A pass is
/// played only as the best line: the weakening never chooses one.
fn weakened_choice<'a>(lines: &'a [Line], skill: i8, rng: &mut Rng) -> Option<&'a Line> {
    let top = lines.first()?.score;
    let spread = (top - lines.last()?.score).min(SKILL_SPREAD);
    let weakness = 120 - 2 * i32::from(skill.clamp(MIN_SKILL, MAX_SKILL));
    let mut chosen = None;
    let mut max = -INF;
    for (i, line) in lines.iter().enumerate() {
        if i > 0 && line.pv[0].is_pass() {
            continue;
        }
        let luck = rng.below(weakness as usize) as i32;
        let pushed = line.score + (weakness * (top - line.score) + spread * luck) / 128;
        if pushed >= max {
            max = pushed;
            chosen = Some(line);
        }
    }
    chosen
}

/// The score, for the side to move, of a position where a side has no
/// royal left: lost if it is the side to move (whatever the other has
/// left: a move that takes the last enemy royal wins even if it burns the
/// mover's own), won if only the side that just moved burnt its own last
/// royal (a Tenjiku or Nutty royal stepping next to a Fire Demon).
fn over_score(pos: &Position, ply: usize) -> i32 {
    if pos.royals_lost(pos.side()) {
        -MATE + ply as i32
    } else {
        MATE - ply as i32
    }
}

/// Most valuable victims first (all removed pieces count), then the least
/// valuable attacker; scaled by 16 so the attacker only breaks ties.
fn capture_gain(pos: &Position, mv: Move) -> i32 {
    victims_value(pos, mv) * 16 - capturer_value(pos, mv) / 16
}

/// Whether `mv` removes the opponent's last royal and not the mover's.
fn takes_last_royal(pos: &mut Position, mv: Move) -> bool {
    let us = pos.side();
    pos.make(mv);
    let won = pos.royals_lost(us.flip()) && !pos.royals_lost(us);
    pos.unmake();
    won
}

/// Whether the opponent could take back on the square of a plain capture
/// (multi-captures count as defended): a loose piece is worth taking even
/// with a stronger one, deep in quiescence too. Not in the Tenjiku family,
/// where such captures chain on and on (a Suzumu search blew up).
fn defended(pos: &Position, mv: Move) -> bool {
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
fn keep_strongest_variants(list: &mut Vec<Move>) {
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
fn outdone(list: &[Move], i: usize) -> bool {
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
fn pick(list: &mut [Move], scores: &mut [i32], i: usize) -> Move {
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

/// Mate scores are stored relative to the node, not the root.
fn score_to_tt(s: i32, ply: usize) -> i32 {
    if s > MATE_BOUND {
        s + ply as i32
    } else if s < -MATE_BOUND {
        s - ply as i32
    } else {
        s
    }
}

fn score_from_tt(s: i32, ply: usize) -> i32 {
    if s > MATE_BOUND {
        s - ply as i32
    } else if s < -MATE_BOUND {
        s + ply as i32
    } else {
        s
    }
}

/// Score of a game ended by the repetition rule, for `side` to move. A
/// repetition result depends on the path, not only the position, so a
/// won or lost cycle scores just inside the mate bound rather than as a
/// mate: the transposition table may carry it to the same position reached
/// another way, and a mate score would stop the search or make the engine
/// resign on that.
fn repetition_score(v: Verdict, side: Color, draw: i32) -> i32 {
    match v {
        Verdict::Loss(c) if c == side => -REPETITION_WIN,
        Verdict::Loss(_) => REPETITION_WIN,
        Verdict::Draw => draw,
        Verdict::Illegal => unreachable!("illegal repetitions are never searched"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::VariantSet;

    fn chu() -> &'static crate::variant::Variant {
        let set = VariantSet::builtin();
        set.find("chu").unwrap()
    }

    #[test]
    fn quiescence_keeps_one_variant_of_each_capture() {
        // Suzumu start: the Rook General g4 takes g12 (jumping g5), or g13
        // (jumping g5 and g12) with or without taking g12 in passing, each
        // with or without promotion: quiescence keeps `g4g12+` and
        // `g4g12,g12g13+`, the promoting variant taking most.
        let v = VariantSet::builtin().find("suzumu").unwrap();
        let pos = Position::start(v);
        let mut list = Vec::new();
        generate_captures(&pos, &mut list);
        keep_strongest_variants(&mut list);
        let mut from_g4: Vec<String> = list
            .iter()
            .filter(|m| m.from().to_string() == "g4")
            .map(|m| m.to_string())
            .collect();
        from_g4.sort();
        assert_eq!(from_g4, ["g4g12+", "g4g12,g12g13+"]);
    }

    /// The engine's root moves, as sorted move strings.
    fn sorted_roots(pos: &mut Position) -> Vec<String> {
        let mut roots: Vec<String> = Searcher::root_moves(pos, RootPolicy::XBOARD)
            .iter()
            .map(|m| m.to_string())
            .collect();
        roots.sort();
        roots
    }

    fn search_to_depth(pos: &mut Position, depth: u32) -> Outcome {
        search_with_threads(pos, depth, 1)
    }

    fn search_with_threads(pos: &mut Position, depth: u32, threads: usize) -> Outcome {
        let mut s = Searcher::new(1, Arc::new(AtomicBool::new(false)));
        s.set_threads(threads);
        let limits = Limits {
            depth: Some(depth),
            ..Limits::default()
        };
        s.think(pos, limits, &mut |_| {})
    }

    /// Under lishogi's rules taking Gote's last piece but its King wins
    /// (bare king): the search sees it as a mate; under Kyodai's own rules
    /// it is only a Gold's worth.
    #[test]
    fn a_bare_king_is_a_win_in_the_tree_under_lishogi_rules() {
        use crate::variant::Rules;
        let set = VariantSet::builtin();
        // Sente: King a1, Rook a7; Gote: King l12, Gold a10.
        let fen = "11k/12/g11/12/12/R11/12/12/12/12/12/K11 w - 0 1";
        let lishogi = set.find_with("chu", Rules::Lishogi).unwrap();
        let mut pos = Position::from_fen(lishogi, fen).unwrap();
        let out = search_to_depth(&mut pos, 3);
        assert!(out.score >= MATE_BOUND, "{}", out.score);
        let best = out.best.map(|m| m.to_string()).unwrap_or_default();
        assert!(best.starts_with("a7a10"), "{best}");
        let mut pos = Position::from_fen(set.find("chu").unwrap(), fen).unwrap();
        let out = search_to_depth(&mut pos, 3);
        assert!(out.score < MATE_BOUND, "{}", out.score);
    }

    #[test]
    fn hachu_compatibility_keeps_benched_moves_out_of_the_whole_tree() {
        // A Cashew Hook Mover a1 guards the Gold a5 against the Castle a9,
        // but HaChu cannot move hook movers: under the option no line the
        // engine thinks about, at any depth, has White moving it (without
        // the option the engine counts on the recapture a1a5).
        let v = VariantSet::builtin().find("cashew").unwrap();
        let fen = "12k/13/13/13/d12/13/13/13/G12/13/13/13/H!11K w";
        let mut pos = Position::from_fen(v, fen).unwrap();
        let mut s = Searcher::new(1, Arc::new(AtomicBool::new(false)));
        s.hachu_compatible = true;
        let limits = Limits {
            depth: Some(4),
            ..Limits::default()
        };
        let mut white_moves = Vec::new();
        s.think(&mut pos, limits, &mut |info| {
            white_moves.extend(info.pv.iter().step_by(2).map(|m| m.to_string()));
        });
        assert!(!white_moves.is_empty());
        assert!(
            white_moves.iter().all(|m| !m.starts_with("a1")),
            "{white_moves:?}"
        );
    }

    #[test]
    fn a_pawn_in_the_zone_steps_onto_the_last_rank_unpromoted() {
        // White's King is boxed in by its own dead Pawns; the only moves are
        // a11a12 (a dead Pawn, as HaChu plays it) and a11a12+ (promotion by
        // the last-rank rule alone, which HaChu rejects).
        let fen = "10PK/P9PP/12/12/12/12/12/12/12/12/12/k11 w";
        let mut pos = Position::from_fen(chu(), fen).unwrap();
        assert_eq!(sorted_roots(&mut pos), ["a11a12"]);
        let out = search_to_depth(&mut pos, 2);
        assert!(out.best.is_some());
    }

    #[test]
    fn a_side_whose_every_move_exposes_its_king_still_moves() {
        // The White King on a1 may go to a2, b1 or b2; the Rooks on b12 and
        // l2 attack all three. Those moves are the last tier, not dropped.
        let fen = "1r10/12/12/12/12/12/12/12/12/12/11r/K10k w";
        let mut pos = Position::from_fen(chu(), fen).unwrap();
        assert_eq!(sorted_roots(&mut pos), ["a1a2", "a1b1", "a1b2"]);
        assert!(search_to_depth(&mut pos, 2).best.is_some());
    }

    #[test]
    fn prefers_moves_that_keep_the_sole_king_safe() {
        // The White King on f1 may step into the Rook's file (legal, but
        // XBoard forfeits it); the search must never choose such a move.
        let fen = "12/12/4r7/12/12/12/12/12/12/12/12/5K5k w";
        let mut pos = Position::from_fen(chu(), fen).unwrap();
        let roots = Searcher::root_moves(&mut pos, RootPolicy::XBOARD);
        assert!(!roots.is_empty());
        assert!(roots.iter().all(|m| m.to().file() != 4), "{roots:?}");
    }

    #[test]
    fn threads_finish_the_depth_asked_for_with_a_legal_move() {
        for fen in [
            "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL w",
            "k11/12/12/12/12/12/12/12/12/12/12/R4K6 w",
        ] {
            let mut pos = Position::from_fen(chu(), fen).unwrap();
            let before = pos.fen();
            let single = search_with_threads(&mut pos, 5, 1);
            for threads in [2, 3] {
                let out = search_with_threads(&mut pos, 5, threads);
                assert_eq!(pos.fen(), before, "the search restores the position");
                assert!(out.depth >= 5 || out.score.abs() > MATE_BOUND, "{out:?}");
                let best = out.best.expect("a move");
                assert!(legal_moves(&mut pos).contains(&best), "{best}");
                // (Taking the last King needs no search.)
                assert!(out.nodes > 0 || out.score > MATE_BOUND);
                // A mate is a mate whatever the thread count.
                assert_eq!(out.score > MATE_BOUND, single.score > MATE_BOUND, "{fen}");
            }
        }
    }

    /// A report's depth, line number, score and PV.
    type Reported = (u32, usize, i32, Vec<Move>);

    /// Every report of a search of `pos` to `depth` with `multipv` lines
    /// on `threads` threads, and the outcome.
    fn multipv_search(
        pos: &mut Position,
        depth: u32,
        multipv: usize,
        threads: usize,
    ) -> (Vec<Reported>, Outcome) {
        let mut s = Searcher::new(1, Arc::new(AtomicBool::new(false)));
        s.set_threads(threads);
        let limits = Limits {
            depth: Some(depth),
            multipv,
            ..Limits::default()
        };
        let mut infos = Vec::new();
        let out = s.think(pos, limits, &mut |info| {
            infos.push((info.depth, info.multipv, info.score, info.pv.to_vec()));
        });
        (infos, out)
    }

    #[test]
    fn multipv_reports_the_best_lines_of_each_depth() {
        // The Black Rook e5 hangs to the Golds d4 and e4: lines 1 and 2
        // take it, line 3 is some other move.
        let fen = "k11/12/12/12/12/12/12/4r7/3GG7/12/12/11K w";
        for threads in [1, 2] {
            let mut pos = Position::from_fen(chu(), fen).unwrap();
            let (infos, out) = multipv_search(&mut pos, 5, 3, threads);
            let mut depths: Vec<u32> = infos.iter().map(|i| i.0).collect();
            depths.dedup();
            assert!(depths.contains(&5), "{depths:?}");
            for d in depths {
                let lines: Vec<_> = infos.iter().filter(|i| i.0 == d).collect();
                let numbers: Vec<usize> = lines.iter().map(|i| i.1).collect();
                assert_eq!(numbers, [1, 2, 3], "depth {d}");
                assert!(lines.windows(2).all(|w| w[0].2 >= w[1].2), "{lines:?}");
                let firsts: Vec<Move> = lines.iter().map(|i| i.3[0]).collect();
                assert!(firsts[0] != firsts[1] && firsts[1] != firsts[2]);
                assert!(firsts[0] != firsts[2]);
                for mv in &firsts[..2] {
                    assert_eq!(mv.to().to_string(), "e5", "depth {d}: {firsts:?}");
                }
                assert!(firsts[2].to().to_string() != "e5", "depth {d}");
            }
            let last = infos.iter().rev().find(|i| i.1 == 1).unwrap();
            assert_eq!(out.best, Some(last.3[0]), "threads {threads}");
            assert_eq!(out.score, last.2);
        }
    }

    #[test]
    fn multipv_reports_no_more_lines_than_moves() {
        // The White King's three moves (see below).
        let fen = "1r10/12/12/12/12/12/12/12/12/12/11r/K10k w";
        let mut pos = Position::from_fen(chu(), fen).unwrap();
        let (infos, out) = multipv_search(&mut pos, 3, 5, 1);
        for d in 1..=3 {
            let numbers: Vec<usize> = infos.iter().filter(|i| i.0 == d).map(|i| i.1).collect();
            assert_eq!(numbers, [1, 2, 3], "depth {d}");
        }
        assert!(out.best.is_some());
    }

    #[test]
    fn multipv_one_searches_as_before() {
        // One line is the plain search, node for node (the bench count
        // checks this over more positions).
        let mut pos = Position::start(chu());
        let (infos, out) = multipv_search(&mut pos, 5, 1, 1);
        let plain = search_to_depth(&mut pos, 5);
        assert_eq!(
            (out.best, out.score, out.nodes),
            (plain.best, plain.score, plain.nodes)
        );
        assert!(infos.iter().all(|i| i.1 == 1));
    }

    #[test]
    fn the_node_limit_stops_the_search_near_it() {
        let mut pos = Position::start(chu());
        let mut s = Searcher::new(1, Arc::new(AtomicBool::new(false)));
        let limit = 30_000;
        let limits = Limits {
            nodes: Some(limit),
            ..Limits::default()
        };
        let out = s.think(&mut pos, limits, &mut |_| {});
        assert!(out.nodes >= limit && out.nodes < limit + 2048, "{out:?}");
        assert!(out.depth >= 1 && out.best.is_some(), "{out:?}");
        // However small the limit, depth 1 is finished.
        let limits = Limits {
            nodes: Some(1),
            ..Limits::default()
        };
        let out = s.think(&mut pos, limits, &mut |_| {});
        assert!(out.depth >= 1 && out.best.is_some(), "{out:?}");
    }

    #[test]
    fn seldepth_and_hashfull_are_reported() {
        let mut pos = Position::start(chu());
        let mut s = Searcher::new(1, Arc::new(AtomicBool::new(false)));
        let limits = Limits {
            depth: Some(6),
            ..Limits::default()
        };
        let mut seen = Vec::new();
        s.think(&mut pos, limits, &mut |info| {
            seen.push((info.depth, info.seldepth, info.hashfull));
        });
        assert_eq!(seen.len(), 6);
        assert!(seen.iter().all(|&(d, sel, _)| sel >= d), "{seen:?}");
        assert!(seen.last().unwrap().2 > 0, "{seen:?}");
        assert_eq!(s.hashfull(), seen.last().unwrap().2);
    }

    #[test]
    fn a_low_skill_plays_legal_moves_not_always_the_best() {
        let mut pos = Position::start(chu());
        let legal = legal_moves(&mut pos);
        let mut s = Searcher::new(1, Arc::new(AtomicBool::new(false)));
        s.skill = MIN_SKILL;
        let mut weaker = 0;
        for seed in 1..=20 {
            s.seed_skill(seed);
            let mut lines = Vec::new();
            let out = s.think(&mut pos, Limits::default(), &mut |info| {
                lines.push((info.depth, info.multipv));
            });
            // Depth 1 only (its nodes are past the cap), and only the line
            // asked for is shown.
            assert_eq!(lines, [(1, 1)]);
            let best = out.best.expect("a move");
            assert!(legal.contains(&best), "{best}");
            assert!(!best.is_pass());
            let searched = &s.workers[0].lines;
            assert_eq!(searched.len(), SKILL_LINES);
            assert!(searched.iter().any(|l| l.pv[0] == best));
            weaker += usize::from(best != searched[0].pv[0]);
        }
        assert!(weaker > 0);
    }

    #[test]
    fn each_level_up_searches_more_nodes() {
        assert_eq!(skill_nodes(MIN_SKILL), SKILL_BASE_NODES);
        assert_eq!(skill_nodes(MIN_SKILL + 2), 2 * SKILL_BASE_NODES);
        assert_eq!(skill_nodes(0), SKILL_BASE_NODES << 10);
        for level in MIN_SKILL..MAX_SKILL {
            assert!(skill_nodes(level + 1) > skill_nodes(level), "{level}");
        }
        // A level 5 search stops where a full one goes on.
        let mut pos = Position::start(chu());
        let mut s = Searcher::new(1, Arc::new(AtomicBool::new(false)));
        let limits = Limits {
            depth: Some(12),
            ..Limits::default()
        };
        s.skill = 5;
        let weak = s.think(&mut pos, limits.clone(), &mut |_| {});
        assert!(weak.depth >= 2 && weak.depth < 12, "{}", weak.depth);
        assert!(weak.nodes < skill_nodes(5) + 4096, "{}", weak.nodes);
    }

    #[test]
    fn the_random_mover_plays_every_kind_of_legal_move() {
        let mut pos = Position::start(chu());
        let legal = legal_moves(&mut pos);
        let mut s = Searcher::new(1, Arc::new(AtomicBool::new(false)));
        s.random_mover = true;
        s.seed_skill(11);
        let mut chosen = Vec::new();
        for _ in 0..50 {
            let out = s.think(&mut pos, Limits::default(), &mut |_| {
                panic!("the random mover does not search")
            });
            let mv = out.best.expect("a move");
            assert!(legal.contains(&mv), "{mv}");
            chosen.push(mv);
        }
        chosen.sort_by_key(|m| m.to_string());
        chosen.dedup();
        assert!(chosen.len() > 20, "{}", chosen.len());
    }

    #[test]
    fn an_elo_picks_the_ladders_level() {
        assert!(
            SKILL_LADDER
                .windows(2)
                .all(|p| p[0].0 < p[1].0 && p[0].1 < p[1].1)
        );
        assert_eq!(skill_for_elo(MIN_ELO - 500), SKILL_LADDER[0].0);
        assert_eq!(
            skill_for_elo(MAX_ELO + 500),
            SKILL_LADDER[SKILL_LADDER.len() - 1].0
        );
        for &(level, elo) in SKILL_LADDER {
            assert_eq!(skill_for_elo(elo), level, "{elo}");
        }
        let mut last = MIN_SKILL;
        for elo in MIN_ELO..=MAX_ELO {
            let level = skill_for_elo(elo);
            assert!(level >= last, "{elo}");
            last = level;
        }
    }

    #[test]
    fn full_skill_changes_nothing() {
        let mut pos = Position::start(chu());
        let plain = search_to_depth(&mut pos, 5);
        let mut s = Searcher::new(1, Arc::new(AtomicBool::new(false)));
        s.skill = MAX_SKILL;
        s.seed_skill(7);
        let limits = Limits {
            depth: Some(5),
            ..Limits::default()
        };
        let out = s.think(&mut pos, limits, &mut |_| {});
        assert_eq!(
            (out.best, out.score, out.depth, out.nodes),
            (plain.best, plain.score, plain.depth, plain.nodes)
        );
    }

    #[test]
    fn the_weakening_never_chooses_a_pass() {
        let sq = |f, r| crate::types::Square::new(f, r);
        let pass = Move::new(sq(5, 5), sq(5, 5), &[], false);
        let step = Move::new(sq(4, 4), sq(4, 5), &[], false);
        let other = Move::new(sq(3, 3), sq(3, 4), &[], false);
        let line = |mv, score| Line {
            score,
            pv: vec![mv],
        };
        // A pass as good as the best line is never the weaker choice...
        let lines = [line(step, 0), line(pass, 0), line(other, -50)];
        let mut rng = Rng::new(3);
        let mut chosen = Vec::new();
        for _ in 0..200 {
            chosen.push(weakened_choice(&lines, 0, &mut rng).unwrap().pv[0]);
        }
        assert!(!chosen.contains(&pass));
        assert!(chosen.contains(&step) && chosen.contains(&other));
        // ...but a pass far better than anything else is still played.
        let lines = [line(pass, 100), line(step, -900)];
        for _ in 0..50 {
            assert_eq!(weakened_choice(&lines, 19, &mut rng).unwrap().pv[0], pass);
        }
    }

    #[test]
    fn finds_the_king_capture() {
        let fen = "k11/12/12/12/12/12/12/12/12/12/12/R4K6 w";
        let mut pos = Position::from_fen(chu(), fen).unwrap();
        let out = search_to_depth(&mut pos, 3);
        let best = out.best.map(|m| m.to_string());
        assert!(
            matches!(best.as_deref(), Some("a1a12" | "a1a12+")),
            "{best:?}"
        );
        assert!(out.score > MATE_BOUND);
    }
}
