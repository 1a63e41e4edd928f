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
//!
//! The files: this one holds the interface (`Searcher`, `Limits`, `Info`,
//! `Outcome`) and the constants shared below; `worker` a thread's
//! iterative deepening and root, `node` the search of a node, `quiesce`
//! the captures-only search, `ordering` the move order, `scores` the
//! scores of ended games, `skill` the weakening.

use crate::board::Position;
use crate::game::legal_moves;
use crate::movegen::{hachu_follows, interop_safe, royal_attacked};
use crate::moves::Move;
use crate::repetition::{self, Verdict};
use crate::time::Budget;
use crate::tt::Table;
use crate::types::Rng;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

mod node;
mod ordering;
mod quiesce;
mod scores;
mod skill;
#[cfg(test)]
mod tests;
mod worker;

use self::scores::{repetition_score, takes_last_royal};
use self::skill::weakened_choice;
use self::worker::{Shared, Worker};
pub use skill::{MAX_ELO, MIN_ELO, skill_for_elo, skill_nodes};

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
