//! CECP (XBoard protocol version 2).
//!
//! The adapter takes one input line at a time from its host (`host`) and
//! hands its lines to the host's output. The engine's own search runs
//! where the command that asked for it is handled; the host judges each
//! line as it arrives (`Protocol::interrupter`) and stops that search for
//! the commands that must interrupt it (`?` plays the best move found so
//! far; `new`, `force`, `result`, `quit`, ... abandon it). Every line is
//! handled in order, so `pong` always follows the commands before its
//! `ping`. A background search (analysis, pondering) runs while commands go
//! on being handled: those that leave it running (`.`, `ping`, `time`,
//! ...) are answered beside it, the first other command stops it, and it
//! restarts, if still wanted, once that command is handled.
//!
//! The files: `engine` the adapter and its game, `commands` the command
//! language, `mouse` moves entered with the mouse, `setup` the lines that
//! describe a variant to XBoard. This one only declares them.

mod commands;
mod engine;
mod mouse;
mod setup;

pub use engine::Engine;
pub use setup::setup_lines;
