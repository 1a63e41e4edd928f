//! The solver's answers: the verdict, the solution, and why a position is
//! no problem.

use crate::moves::Move;
use std::fmt;
use std::time::Duration;

/// The solver's answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The attacker forces the capture of the defender's last royal.
    Mate,
    /// It does not: every sequence of checks can be resisted.
    NoMate,
    /// The limits ran out first.
    Unknown,
}

impl Verdict {
    /// `mate`, `nomate` or `unknown` (`kyodai mate`'s words).
    pub fn name(self) -> &'static str {
        match self {
            Verdict::Mate => "mate",
            Verdict::NoMate => "nomate",
            Verdict::Unknown => "unknown",
        }
    }
}

/// A solved (or abandoned) problem.
#[derive(Clone, Debug)]
pub struct Solution {
    pub verdict: Verdict,
    /// With a mate: the moves to the capture of the last royal (the mate,
    /// the defender's last reply and the capture), replayed and checked
    /// under the rules (`verify_line`).
    pub line: Vec<Move>,
    /// With a mate: its length as problem books count it, in plies to the
    /// mating move (without the defender's last reply and the capture).
    pub length: Option<usize>,
    /// With a mate: a search limited to fewer plies found no mate, so no
    /// shorter one exists.
    pub minimal: bool,
    /// Nodes searched, the shortening included.
    pub nodes: u64,
    /// The time to the first proof of a mate (before the shortening).
    pub proved_in: Option<Duration>,
    /// The whole time, the shortening included.
    pub elapsed: Duration,
}

/// Why a position is not a problem the solver takes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ProblemError {
    /// The defender (for `solve` the side not to move, for `defend` the
    /// side to move) has no royal piece: there is nothing to mate.
    NoDefenderRoyal,
    /// The game has already ended in the position.
    GameOver(String),
}

impl fmt::Display for ProblemError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ProblemError::NoDefenderRoyal => write!(f, "the defender has no royal piece"),
            ProblemError::GameOver(how) => write!(f, "the game is already over: {how}"),
        }
    }
}
