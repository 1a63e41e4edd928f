//! What a search is asked and what it answers: its limits, the lines it
//! reports, its outcome, the root moves it prefers, and the signals the
//! outside world sends it.

use crate::moves::Move;
use crate::time::Budget;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

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
pub(super) struct Signals {
    /// Stop now and return the best move so far.
    pub(super) stop: Arc<AtomicBool>,
    /// The pondering search becomes the engine's own: its clock starts.
    pub(super) ponderhit: Arc<AtomicBool>,
    pub(super) checkpoint: Option<Checkpoint>,
}
