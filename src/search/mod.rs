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
//! as the variant's repetition rule says, or as it will once the cycle
//! is played out (`repetition::verdict_in_search`), and where
//! the variant has them the bare-king and kings-only rules end it
//! (`game::material_ending`).
//!
//! The files, each importing the others by their own paths (this one
//! only declares them and re-exports the interface): `searcher` the
//! search as the protocols see it, `limits` what it is asked and answers,
//! `worker` a thread's iterative deepening and root, `node` the search of
//! a node, `quiesce` the captures-only search, `ordering` the move order,
//! `history` the histories of the moves that cut off,
//! `correction` the evaluation's correction by material balance,
//! `scores` the scores of ended games, `skill` the weakening, `stats` the
//! counts of what the search pruned and reduced.

mod correction;
mod history;
mod limits;
mod node;
mod ordering;
mod quiesce;
mod scores;
mod searcher;
mod skill;
mod stats;
#[cfg(test)]
mod tests;
mod worker;

pub use limits::{Checkpoint, Info, Limits, MAX_THREADS, Outcome, RootPolicy};
pub use scores::{MATE, MATE_BOUND};
pub use searcher::Searcher;
pub use skill::{MAX_ELO, MAX_SKILL, MIN_ELO, MIN_SKILL, skill_for_elo, skill_nodes};
pub use stats::SearchStats;
