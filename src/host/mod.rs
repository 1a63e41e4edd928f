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
//! `page` is what the browser page asks of the module besides a protocol
//! (records read, a game's review), on every platform so that it is tested.

#[cfg(not(target_arch = "wasm32"))]
pub mod native;
pub mod page;
#[cfg(target_arch = "wasm32")]
pub mod wasm;

use std::io::Write;
use std::sync::{Arc, Mutex};

/// The longest input line taken; a longer one is refused unread (a USI
/// `position` of a long game is some 7 bytes a move).
pub const MAX_LINE: usize = 1 << 20;

/// Where an adapter's output lines go, one line per call without its line
/// end. Called from the search's thread too.
pub type Output = Arc<dyn Fn(&str) + Send + Sync>;

/// Judges a line on arrival, ahead of the lines queued before it: raises
/// the stop or ponderhit flag of the search it concerns.
pub type Interrupter = Arc<dyn Fn(&str) + Send + Sync>;

/// What an adapter needs from its host.
#[derive(Clone)]
pub struct Link {
    pub out: Output,
    /// Tells the host that search number N has its result; the host then
    /// calls the adapter's `search_ended(N)` between input lines.
    pub finished: Arc<dyn Fn(u64) + Send + Sync>,
    /// Called at the search's node checkpoints (the wasm32 host reads
    /// its input there; `None` natively).
    pub checkpoint: Option<crate::search::Checkpoint>,
}

impl Link {
    /// A link writing to `out`, for tests and tools that drive an adapter
    /// directly with `handle` (a search's end is not announced: such a
    /// caller waits for it through the adapter).
    pub fn writer(out: impl Write + Send + 'static) -> Link {
        let out = Mutex::new(out);
        Link {
            out: Arc::new(move |line: &str| {
                // A poisoned lock only means a writer panicked mid-line;
                // the output is still usable. If the reader has gone away
                // there is nobody left to tell.
                let mut out = out.lock().unwrap_or_else(|e| e.into_inner());
                let _ = writeln!(out, "{line}");
                let _ = out.flush();
            }),
            finished: Arc::new(|_| {}),
            checkpoint: None,
        }
    }
}

/// A protocol adapter, as a host drives it.
pub trait Protocol {
    /// Handle one input line; false once the session is over (`quit`).
    fn handle(&mut self, line: &str) -> bool;
    /// Search number `id` (as the adapter numbered it) has its result.
    fn search_ended(&mut self, id: u64);
    /// Say that an input line was refused before it was read (too long).
    fn refuse(&mut self, what: &str);
    /// How this protocol judges a line on arrival. `answers_beside` is
    /// false for a host that cannot hand the adapter a line while a search
    /// runs (wasm32): a line the adapter would answer beside a running
    /// background search must then stop that search.
    fn interrupter(&self, answers_beside: bool) -> Interrupter;
}
