//! An engine's report of its search as the runner reads it, whichever
//! protocol it speaks: CECP's thinking output (`referee`) and USI's `info`
//! lines (`usi`) both come down to an `Eval`.

/// Scores at or beyond this many centipawns are mate scores. This reads
/// any engine's scores, so it is looser than Kyodai's own search bound
/// (`search::MATE_BOUND`, which `analyse::judge::score_text` uses for
/// Kyodai's scores): engines count a mate down from 100,000 by plies or
/// moves, or up from it (XBoard's 100,000 + N).
pub const MATE_SCORE: i32 = 90_000;

/// An engine's report of its search for a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Eval {
    /// Centipawns, from the mover's view.
    pub score: i32,
    pub depth: u32,
}
