//! What a protocol adapter (`xboard::Engine`, `usi::Usi`) asks of the
//! host that runs it (`host`): where its output lines go, how a search's
//! end is announced, and the calls a host makes on the adapter. Here in
//! the core rather than with the hosts, so that the adapters depend on
//! the core alone and the hosts on the adapters.

use std::io::Write;
use std::sync::{Arc, Mutex};

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
