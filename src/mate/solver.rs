//! The schedule of the searches: an unlimited df-pn search and one for a
//! mate within a growing number of plies take turns, then the mate found
//! is shortened.

use super::dfpn::Search;
use super::limits::Limits;
use super::verdict::Verdict;
use crate::board::Position;
use crate::clock::Instant;
use crate::moves::Move;
use crate::types::Color;

/// The shortening of a mate line may search this many times the nodes of
/// the proof, and at least `SHORTEN_MIN_NODES`.
const SHORTEN_FACTOR: u64 = 2;
const SHORTEN_MIN_NODES: u64 = 10_000;
/// The first capped search looks for a mate within this many plies to the
/// game's end, and the last within at most `MAX_CAP`.
const FIRST_CAP: u16 = 7;
const MAX_CAP: u16 = u16::MAX - 1;
/// The nodes each of the two searches gets in the first round (doubled
/// every round).
const FIRST_SLICE: u64 = 1024;

/// What `Solver::prove` found: with a mate, its plies to the game's end and
/// its line, replayed under the rules.
pub(super) struct Proof {
    pub(super) verdict: Verdict,
    pub(super) mate: Option<(usize, Vec<Move>)>,
}

impl Proof {
    fn mate(plies: usize, line: Vec<Move>) -> Proof {
        Proof {
            verdict: Verdict::Mate,
            mate: Some((plies, line)),
        }
    }
}

/// What one run of the search found.
enum Run {
    /// A mate in so many plies to the game's end, with its line replayed.
    Mate(usize, Vec<Move>),
    /// No mate; `escaped`: as the search counts a defender's return to a
    /// position of the line (`Entry::escaped`).
    NoMate { escaped: bool },
    /// The run's nodes or the problem's limits ran out.
    Unknown,
    /// A proof whose line does not replay under the rules (it rested on
    /// the history of the line searched).
    Unreplayable,
}

/// Two df-pn searches taking turns over one table, each given the same
/// number of nodes a round (twice as many every round): one without a
/// limit on the plies, the only one that can answer `nomate`; and one for a
/// mate within a number of plies, widened (`wider`) each time it finds
/// none.
/// Unlimited, df-pn can follow checks for hundreds of plies while a short
/// mate waits beside them (tumechu7's is proved within 127 plies in 2 s,
/// and not at all in 10 s without a limit); limited, every line ends.
pub(super) struct Solver<'a> {
    search: Search<'a>,
    /// The plies limit of the next capped search; `None` once it cannot
    /// grow.
    cap: Option<u16>,
    limits: &'a Limits,
    started: Instant,
    /// The capped searches have found no mate within this many plies to
    /// the game's end.
    no_mate_within: usize,
}

impl<'a> Solver<'a> {
    /// A solver for the problem in `root`, `attacker` attacking, within
    /// `limits` from `started`.
    pub(super) fn new(
        root: &Position,
        attacker: Color,
        limits: &'a Limits,
        started: Instant,
    ) -> Solver<'a> {
        Solver {
            search: Search::new(root, attacker, limits, started),
            cap: Some(FIRST_CAP),
            limits,
            started,
            no_mate_within: 0,
        }
    }

    pub(super) fn nodes(&self) -> u64 {
        self.search.nodes
    }

    /// The nodes the next search may take: `want`, within the problem's
    /// limits and `ceiling` (a number of nodes for all the searches);
    /// `None` once they have run out.
    fn allowance(&self, want: u64, ceiling: Option<u64>) -> Option<u64> {
        let limits = self.limits;
        if limits.time.is_some_and(|t| self.started.elapsed() >= t)
            || limits.stop.as_ref().is_some_and(|stop| stop())
        {
            return None;
        }
        let ceiling = match (limits.nodes, ceiling) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        let left = ceiling.map_or(u64::MAX, |c| c.saturating_sub(self.nodes()));
        (left > 0).then_some(want.min(left))
    }

    /// Search `root` within `plies` (`None`: without a limit) for `nodes`
    /// more nodes.
    fn run(&mut self, root: &mut Position, plies: Option<u16>, nodes: u64) -> Run {
        self.search.plies = plies;
        let entry = self.search.run(root, nodes);
        log::debug!(
            "within {plies:?} plies: {entry:?} after {} nodes, {:?}",
            self.search.nodes,
            self.started.elapsed()
        );
        if entry.proof == 0 {
            match self.search.verified_line(root) {
                Some(line) => Run::Mate(usize::from(entry.plies), line),
                None => Run::Unreplayable,
            }
        } else if entry.disproof == 0 {
            Run::NoMate {
                escaped: entry.escaped,
            }
        } else {
            Run::Unknown
        }
    }

    /// Search until one of the two searches settles the problem or the
    /// limits run out.
    pub(super) fn prove(&mut self, root: &mut Position) -> Proof {
        let mut slice = FIRST_SLICE;
        let mut open = true;
        while open || self.cap.is_some() {
            if let Some(cap) = self.cap {
                let Some(nodes) = self.allowance(slice, None) else {
                    break;
                };
                match self.run(root, Some(cap), nodes) {
                    Run::Mate(plies, line) => return Proof::mate(plies, line),
                    Run::NoMate { escaped } => {
                        if !escaped {
                            self.no_mate_within = usize::from(cap);
                        }
                        self.cap = wider(cap);
                        continue;
                    }
                    // A proof whose line does not replay counts for
                    // nothing: look further.
                    Run::Unreplayable => self.cap = wider(cap),
                    Run::Unknown => {}
                }
            }
            if open {
                let Some(nodes) = self.allowance(slice, None) else {
                    break;
                };
                match self.run(root, None, nodes) {
                    Run::Mate(plies, line) => return Proof::mate(plies, line),
                    Run::NoMate { .. } => {
                        return Proof {
                            verdict: Verdict::NoMate,
                            mate: None,
                        };
                    }
                    Run::Unreplayable => open = false,
                    Run::Unknown => {}
                }
            }
            slice = slice.saturating_mul(2);
        }
        Proof {
            verdict: Verdict::Unknown,
            mate: None,
        }
    }

    /// Shorten a mate of `plies` plies (to the game's end) with `line`:
    /// look for a mate within fewer plies until none is found (the mate is
    /// then minimal) or the shortening's budget runs out, a multiple of the
    /// proof's nodes within the problem's own limits. The line, and whether
    /// it is proven minimal.
    pub(super) fn shorten(
        &mut self,
        root: &mut Position,
        mut plies: usize,
        mut line: Vec<Move>,
    ) -> (Vec<Move>, bool) {
        let proof_nodes = self.nodes();
        let budget = self
            .limits
            .shorten_nodes
            .unwrap_or((proof_nodes * SHORTEN_FACTOR).max(SHORTEN_MIN_NODES));
        let ceiling = Some(proof_nodes.saturating_add(budget));
        let mut minimal = plies <= 1 || plies - 1 <= self.no_mate_within;
        while !minimal {
            let Some(nodes) = self.allowance(u64::MAX, ceiling) else {
                break;
            };
            let limit = (plies - 1).min(usize::from(MAX_CAP)) as u16;
            match self.run(root, Some(limit), nodes) {
                Run::Mate(p, shorter) if p < plies => {
                    plies = p;
                    line = shorter;
                    minimal = plies <= 1 || plies - 1 <= self.no_mate_within;
                }
                // Not shorter, but only proven so without escapes by
                // repetition.
                Run::NoMate { escaped } => {
                    minimal = !escaped;
                    break;
                }
                _ => break,
            }
        }
        // The line read may be shorter than its proof's bound where the
        // defender's longest resistance is not known exactly; only the line
        // that resists as long as the bound is proven minimal.
        let minimal = minimal && line.len() == plies;
        (line, minimal)
    }
}

/// The plies limit after `cap`: three times it and two more (odd, as the
/// attacker's capture ends the game on an odd ply): 7, 23, 71, 215...
/// (growing by three proved more of the collection's hardest problems
/// within 10 s than by two or four); `None` past `MAX_CAP`.
fn wider(cap: u16) -> Option<u16> {
    (cap < MAX_CAP / 3 - 1).then(|| cap * 3 + 2)
}
