//! The search's life cycle, whatever protocol asks for it and whatever
//! hosts it: a search is started, stopped by a flag (which the host's
//! input reader may raise the moment a command that stops it arrives),
//! told that pondering has become the engine's own search (USI
//! `ponderhit`), and waited for to get its result.
//!
//! Natively a search runs on a thread of its own while the protocol goes on
//! reading commands. On wasm32 there are no threads: `start` searches where
//! it is called, and the host reads the input that arrives meanwhile at the
//! search's node checkpoints (`search::Checkpoint`), raising the same
//! flags; the result then waits for `wait` as a thread's would.

use crate::board::Position;
use crate::search::{Checkpoint, Info, Limits, Outcome, Searcher};
use crate::types::Rng;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// Where a running search's thinking lines go.
pub type Report = Box<dyn FnMut(&Info) + Send>;
/// Called once the result is ready for `wait` (on the search's thread
/// natively): a protocol's host learns of it this way.
pub type Finished = Box<dyn FnOnce() + Send>;

/// The searcher and the search under way.
pub struct SearchControl {
    /// Here while no search runs; on the search thread while one does.
    idle: Option<Searcher>,
    #[cfg(not(target_arch = "wasm32"))]
    running: Option<std::thread::JoinHandle<(Searcher, Outcome)>>,
    /// The result of a search run where it was started, not yet taken.
    #[cfg(target_arch = "wasm32")]
    running: Option<Outcome>,
    flags: SearchFlags,
    /// For a fresh searcher after a search thread panicked.
    #[cfg(not(target_arch = "wasm32"))]
    checkpoint: Option<Checkpoint>,
}

impl SearchControl {
    /// A search controller with a `hash_mb` table; `checkpoint` is called
    /// at the search's node checkpoints (the wasm32 host reads its input
    /// there).
    pub fn new(hash_mb: usize, checkpoint: Option<Checkpoint>) -> SearchControl {
        let stop = Arc::new(AtomicBool::new(false));
        let ponderhit = Arc::new(AtomicBool::new(false));
        SearchControl {
            idle: Some(Searcher::with_signals(
                hash_mb,
                stop.clone(),
                ponderhit.clone(),
                checkpoint.clone(),
            )),
            running: None,
            flags: SearchFlags { stop, ponderhit },
            #[cfg(not(target_arch = "wasm32"))]
            checkpoint,
        }
    }

    /// The flags a host's input reader raises for commands that stop the
    /// search or end its pondering, as soon as they arrive.
    pub fn flags(&self) -> SearchFlags {
        self.flags.clone()
    }

    /// The searcher, to configure or to search with here. A running search
    /// is stopped and its result dropped first.
    pub fn searcher(&mut self) -> &mut Searcher {
        if self.running.is_some() {
            self.stop();
            self.wait();
        }
        self.idle
            .as_mut()
            .expect("the searcher is back once no search runs")
    }

    /// Search `pos`: `report` gets each thinking line, `finished` is called
    /// once the result is ready for `wait`. A search still running is
    /// stopped first.
    pub fn start(
        &mut self,
        mut pos: Position,
        limits: Limits,
        mut report: Report,
        finished: Finished,
    ) {
        self.searcher();
        self.flags.lower_stop();
        self.flags.ponderhit.store(false, Ordering::SeqCst);
        #[cfg(not(target_arch = "wasm32"))]
        {
            let mut searcher = self
                .idle
                .take()
                .expect("the searcher is back once no search runs");
            self.running = Some(std::thread::spawn(move || {
                let outcome = searcher.think(&mut pos, limits, &mut *report);
                finished();
                (searcher, outcome)
            }));
        }
        #[cfg(target_arch = "wasm32")]
        {
            let searcher = self
                .idle
                .as_mut()
                .expect("the searcher is back once no search runs");
            self.running = Some(searcher.think(&mut pos, limits, &mut *report));
            finished();
        }
    }

    /// Ask the running search to stop (it returns its best move so far).
    pub fn stop(&self) {
        self.flags.stop();
    }

    /// Lower the stop flag that an input reader raised for a command once
    /// that command has been handled with no search running.
    pub fn lower_stop(&self) {
        self.flags.lower_stop();
    }

    /// The pondering search becomes the engine's own: its time budget
    /// (`Limits::ponder`) starts counting now.
    pub fn ponderhit(&self) {
        self.flags.ponderhit();
    }

    /// Whether a search is still searching: natively its thread has not
    /// finished; on wasm32 never, when anything else can ask (the search
    /// runs inside the call that started it).
    pub fn is_searching(&self) -> bool {
        #[cfg(not(target_arch = "wasm32"))]
        {
            self.running.as_ref().is_some_and(|h| !h.is_finished())
        }
        #[cfg(target_arch = "wasm32")]
        {
            false
        }
    }

    /// Whether a search was started and its result not yet taken.
    pub fn is_running(&self) -> bool {
        self.running.is_some()
    }

    /// Wait for the search to end and take its result (`None`: no search
    /// was running). The stop flag is lowered again.
    pub fn wait(&mut self) -> Option<Outcome> {
        let outcome = self.take_result()?;
        self.flags.lower_stop();
        Some(outcome)
    }

    #[cfg(not(target_arch = "wasm32"))]
    fn take_result(&mut self) -> Option<Outcome> {
        let handle = self.running.take()?;
        let (searcher, outcome) = match handle.join() {
            Ok(done) => done,
            // The search panicked: a fresh searcher (default table size)
            // keeps the engine playing, and the move falls to the caller.
            Err(_) => {
                log::error!("the search thread panicked");
                let searcher = Searcher::with_signals(
                    crate::engine::options::DEFAULT_HASH_MB as usize,
                    self.flags.stop.clone(),
                    self.flags.ponderhit.clone(),
                    self.checkpoint.clone(),
                );
                (searcher, Outcome::default())
            }
        };
        self.idle = Some(searcher);
        Some(outcome)
    }

    #[cfg(target_arch = "wasm32")]
    fn take_result(&mut self) -> Option<Outcome> {
        self.running.take()
    }

    /// Search here until done or stopped (the stop flag may be raised by
    /// the input reader meanwhile).
    pub fn think(
        &mut self,
        pos: &mut Position,
        limits: Limits,
        report: &mut dyn FnMut(&Info),
    ) -> Outcome {
        self.searcher().think(pos, limits, report)
    }

    /// `Searcher::varied_move`, here.
    pub fn varied_move(
        &mut self,
        pos: &mut Position,
        limits: Limits,
        margin: i32,
        rng: &mut Rng,
    ) -> Option<crate::moves::Move> {
        self.searcher().varied_move(pos, limits, margin, rng)
    }
}

impl Drop for SearchControl {
    fn drop(&mut self) {
        self.stop();
        self.wait();
    }
}

/// The flags of a `SearchControl` that an input reader raises.
#[derive(Clone)]
pub struct SearchFlags {
    stop: Arc<AtomicBool>,
    ponderhit: Arc<AtomicBool>,
}

impl SearchFlags {
    pub fn stop(&self) {
        self.stop.store(true, Ordering::SeqCst);
    }

    pub fn ponderhit(&self) {
        self.ponderhit.store(true, Ordering::SeqCst);
    }

    fn lower_stop(&self) {
        self.stop.store(false, Ordering::SeqCst);
    }
}
