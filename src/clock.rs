//! The clock and the seed of random choices, the same on every platform.
//!
//! On wasm32 the standard library's `Instant` and `SystemTime` panic, so
//! there the host (the JavaScript around the module) lends its clock
//! (`performance.now()`) and a random seed; everywhere else they are the
//! standard library's.

#[cfg(not(target_arch = "wasm32"))]
pub use std::time::Instant;

/// A point in time on the host's monotonic clock.
#[cfg(target_arch = "wasm32")]
#[derive(Clone, Copy, Debug, PartialEq, PartialOrd)]
pub struct Instant {
    ms: f64,
}

#[cfg(target_arch = "wasm32")]
impl Instant {
    pub fn now() -> Instant {
        Instant {
            ms: crate::host::wasm::now_ms(),
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
        crate::host::wasm::random_seed()
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(1, |d| d.as_nanos() as u64)
    }
}
