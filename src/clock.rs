//! The clock and the seed of random choices, the same on every platform.
//!
//! On wasm32 the standard library's `Instant` and `SystemTime` panic, so
//! there the JavaScript around the module lends its clock
//! (`performance.now()`) and a random seed, as the imports `now` and
//! `random` of the module `kyodai` (`web/module/kyodai-worker.js` provides
//! them); everywhere else they are the standard library's.
//!
//! This file imports nothing of the engine: the search and the protocol
//! adapters read the clock, and the wasm32 host (`host/wasm.rs`) drives
//! them, so the host's clock lives here rather than the other way round.

#[cfg(not(target_arch = "wasm32"))]
pub use std::time::Instant;

#[cfg(target_arch = "wasm32")]
#[link(wasm_import_module = "kyodai")]
unsafe extern "C" {
    /// `performance.now()`, milliseconds.
    fn now() -> f64;
    /// A random 32-bit number (`crypto.getRandomValues`).
    fn random() -> u32;
}

/// A point in time on the host's monotonic clock.
#[cfg(target_arch = "wasm32")]
#[derive(Clone, Copy, Debug, PartialEq, PartialOrd)]
pub struct Instant {
    ms: f64,
}

#[cfg(target_arch = "wasm32")]
impl Instant {
    pub fn now() -> Instant {
        // SAFETY: an imported function without arguments.
        Instant {
            ms: unsafe { now() },
        }
    }

    pub fn elapsed(&self) -> std::time::Duration {
        Instant::now().duration_since(*self)
    }

    pub fn duration_since(&self, earlier: Instant) -> std::time::Duration {
        std::time::Duration::from_secs_f64(((self.ms - earlier.ms) / 1000.0).max(0.0))
    }
}

/// A seed that differs from run to run (the skill level's and the opening
/// moves' random choices).
pub fn seed() -> u64 {
    #[cfg(target_arch = "wasm32")]
    {
        // SAFETY: an imported function without arguments.
        unsafe { (u64::from(random()) << 32) | u64::from(random()) }
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(1, |d| d.as_nanos() as u64)
    }
}
