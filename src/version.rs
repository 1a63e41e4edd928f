//! The engine's version, one string for every place that shows it:
//! `kyodai --version`, CECP's `myname` and USI's `id name`.
//!
//! The package version from Cargo.toml and the git commit `build.rs` found
//! (`no git` when built outside a checkout).

/// `0.1.0 (1a2b3c4)`, as a literal so that `concat!` can build on it.
macro_rules! version {
    () => {
        concat!(env!("CARGO_PKG_VERSION"), " (", env!("KYODAI_COMMIT"), ")")
    };
}

/// `0.1.0 (1a2b3c4)`.
pub const VERSION: &str = version!();

/// The engine's name as the protocols announce it: `Kyodai 0.1.0 (1a2b3c4)`.
pub const NAME: &str = concat!("Kyodai ", version!());
