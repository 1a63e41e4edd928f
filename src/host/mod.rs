//! Hosts: what runs a protocol adapter (`xboard::Engine`, `usi::Usi`) and
//! connects it to the world. An adapter takes one input line at a time and
//! hands its output lines to a callback; it owns no thread, reads no input
//! and writes to no stream itself. The host feeds it lines, tells it when
//! a search has its result, and judges each line the moment it arrives, so
//! that a command that stops a search reaches the search at once.
//!
//! - `native`: standard input read by a thread of its own, searches on
//!   threads, standard output.
//! - `wasm` (wasm32 only): the module a Web Worker loads; lines come from
//!   JavaScript, and while a search runs (there are no threads) the input
//!   is read at the search's node checkpoints.
//! - tests drive an adapter directly with `handle`, collecting its lines.
//!
//! What an adapter asks of its host (`Link`, `Protocol`) is the engine
//! core's (`engine::link`), so that the adapters need no host.
//!
//! `page` is what the browser page asks of the module besides a protocol
//! (records read, a game's review), on every platform so that it is tested.

#[cfg(not(target_arch = "wasm32"))]
pub mod native;
pub mod page;
#[cfg(target_arch = "wasm32")]
pub mod wasm;

/// The longest input line taken; a longer one is refused unread (a USI
/// `position` of a long game is some 7 bytes a move).
pub const MAX_LINE: usize = 1 << 20;
