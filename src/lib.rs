//! Kyodai: an engine for the large shogi variants over CECP.

pub mod betza;
pub mod board;
pub mod movegen;
pub mod moves;
pub mod perft;
pub mod types;
pub mod variant;
