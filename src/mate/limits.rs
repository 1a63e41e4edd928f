//! What a mate search runs within.

use std::sync::Arc;
use std::time::Duration;

/// Asked at the search's checks whether to stop (USI `stop`).
pub type StopQuery = Arc<dyn Fn() -> bool + Send + Sync>;

/// What to search within. With none of the three the search runs until it
/// settles the problem (or memory runs out).
#[derive(Clone, Default)]
pub struct Limits {
    pub nodes: Option<u64>,
    pub time: Option<Duration>,
    /// True once the search is to end (read every 1,024 nodes).
    pub stop: Option<StopQuery>,
    /// Nodes the shortening of a mate line may search, within the limits
    /// above; `None`: twice the proof's, at least 10,000
    /// (`solver::SHORTEN_FACTOR`, `solver::SHORTEN_MIN_NODES`).
    pub shorten_nodes: Option<u64>,
}
