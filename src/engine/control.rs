//! The search's life cycle, whatever protocol asks for it: a search runs on
//! a thread of its own while the protocol goes on reading commands; it is
//! stopped by a flag (which a protocol's input reader may raise at once),
//! given a deadline later (USI `ponderhit`), and waited for to get its
//! result.

use crate::board::Position;
use crate::search::{Info, Limits, Outcome, Searcher};
use crate::types::Rng;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::thread::JoinHandle;
use std::time::Duration;

/// Where a running search's thinking lines go.
pub type Report = Box<dyn FnMut(&Info) + Send>;
/// Called on the search's thread when it has finished, before `wait` can
/// return (a protocol's event loop learns of it this way).
pub type Finished = Box<dyn FnOnce() + Send>;

/// The searcher and the thread it runs on.
pub struct SearchThread {
    /// Here while no search runs; on the search thread while one does.
    idle: Option<Searcher>,
    running: Option<JoinHandle<(Searcher, Outcome)>>,
    stop: Arc<AtomicBool>,
    /// Counts searches started, so that a deadline set for one search
    /// never stops a later one.
    generation: Arc<AtomicU64>,
}

impl SearchThread {
    pub fn new(hash_mb: usize) -> SearchThread {
        let stop = Arc::new(AtomicBool::new(false));
        SearchThread {
            idle: Some(Searcher::new(hash_mb, stop.clone())),
            running: None,
            stop,
            generation: Arc::new(AtomicU64::new(0)),
        }
    }

    /// The flag that stops the search; a protocol's input reader raises it
    /// as soon as a command that stops the search arrives.
    pub fn stop_flag(&self) -> Arc<AtomicBool> {
        self.stop.clone()
    }

    /// The searcher, to configure or to search with on this thread. A
    /// running search is stopped and its result dropped first.
    pub fn searcher(&mut self) -> &mut Searcher {
        if self.running.is_some() {
            self.stop();
            self.wait();
        }
        self.idle
            .as_mut()
            .expect("the searcher is back once no search runs")
    }

    /// Search `pos` on the search thread; `report` gets each thinking line
    /// there, `finished` is called there once the result is ready for
    /// `wait`. A search still running is stopped first.
    pub fn start(
        &mut self,
        mut pos: Position,
        limits: Limits,
        mut report: Report,
        finished: Finished,
    ) {
        self.searcher();
        let mut searcher = self
            .idle
            .take()
            .expect("the searcher is back once no search runs");
        self.stop.store(false, Ordering::SeqCst);
        self.generation.fetch_add(1, Ordering::SeqCst);
        self.running = Some(std::thread::spawn(move || {
            let outcome = searcher.think(&mut pos, limits, &mut *report);
            finished();
            (searcher, outcome)
        }));
    }

    /// Ask the running search to stop (it returns its best move so far).
    pub fn stop(&self) {
        self.stop.store(true, Ordering::SeqCst);
    }

    /// Stop the running search after `after` (USI `ponderhit`: the
    /// pondering search becomes the engine's own, with the time its clock
    /// allows).
    pub fn stop_after(&self, after: Duration) {
        let (stop, generation) = (self.stop.clone(), self.generation.clone());
        let this = generation.load(Ordering::SeqCst);
        std::thread::spawn(move || {
            std::thread::sleep(after);
            if generation.load(Ordering::SeqCst) == this {
                stop.store(true, Ordering::SeqCst);
            }
        });
    }

    /// Whether a search was started and its result not yet taken.
    pub fn is_running(&self) -> bool {
        self.running.is_some()
    }

    /// Wait for the search to end and take its result (`None`: no search
    /// was running). The stop flag is lowered again.
    pub fn wait(&mut self) -> Option<Outcome> {
        let handle = self.running.take()?;
        let (searcher, outcome) = match handle.join() {
            Ok(done) => done,
            // The search panicked: a fresh searcher (default table size)
            // keeps the engine playing, and the move falls to the caller.
            Err(_) => {
                log::error!("the search thread panicked");
                (
                    Searcher::new(
                        crate::engine::options::DEFAULT_HASH_MB as usize,
                        self.stop.clone(),
                    ),
                    Outcome::default(),
                )
            }
        };
        self.idle = Some(searcher);
        self.stop.store(false, Ordering::SeqCst);
        Some(outcome)
    }

    /// Search on this thread until done or stopped (the stop flag may be
    /// raised by the input reader meanwhile).
    pub fn think(
        &mut self,
        pos: &mut Position,
        limits: Limits,
        report: &mut dyn FnMut(&Info),
    ) -> Outcome {
        self.searcher().think(pos, limits, report)
    }

    /// `Searcher::varied_move`, on this thread.
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

impl Drop for SearchThread {
    fn drop(&mut self) {
        self.stop();
        self.wait();
    }
}
