//! The engine's search as the protocols see it (`Searcher`): threads,
//! the transposition table, the root moves, the weakening, and one search
//! from start to finish.

use super::limits::{Checkpoint, Info, Limits, MAX_THREADS, Outcome, RootPolicy, Signals};
use super::scores::{INF, MATE, repetition_score, takes_last_royal};
use super::skill::{MAX_SKILL, SKILL_LINES, skill_nodes, weakened_choice};
use super::stats::SearchStats;
use super::worker::{Shared, Worker};
use crate::board::Position;
use crate::game::legal_moves;
use crate::movegen::{hachu_follows, interop_safe, royal_attacked};
use crate::moves::Move;
use crate::repetition::{self, Verdict};
use crate::tt::Table;
use crate::types::Rng;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// The engine's search: one or more threads (lazy SMP) sharing a
/// transposition table. Each thread runs its own iterative deepening; the
/// helpers mostly search one ply deeper than the main thread, and
/// whichever finishes a depth first publishes its result, so the others
/// move on to the next depth (`Shared`).
pub struct Searcher {
    tt: Arc<Table>,
    /// `workers[0]` is the main thread: it reports and keeps the clock.
    pub(super) workers: Vec<Worker>,
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

    /// What the last `think` pruned and reduced, all threads together.
    pub fn stats(&self) -> SearchStats {
        let mut sum = SearchStats::default();
        for w in &self.workers {
            sum += w.stats;
        }
        sum
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
            w.capture_history.iter_mut().for_each(|h| *h = 0);
            w.correction.clear();
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
        for w in &mut self.workers {
            w.stats = SearchStats::default();
        }
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
            let score = match repetition::verdict_in_search(pos, 1) {
                Some(Verdict::Illegal) => None,
                Some(v) => Some(-repetition_score(v, pos.side(), w.draw_score(pos.side()))),
                None => Some(-w.search(&shared, pos, depth - 1, -INF, INF, 1, false)),
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
