//! Kyodai: an engine for the large shogi variants over CECP and USI.

pub mod bench;
pub mod betza;
pub mod board;
pub mod clock;
pub mod describe;
pub mod engine;
pub mod eval;
pub mod game;
pub mod highlight;
pub mod host;
pub mod movegen;
pub mod moves;
pub mod openings;
pub mod perft;
pub mod play;
pub mod repetition;
pub mod search;
pub mod see;
pub mod time;
pub mod tt;
pub mod tune;
pub mod types;
pub mod usi;
pub mod variant;
pub mod xboard;
