//! The command line's subcommands that are more than a call into the
//! library: each its arguments and its run (the others are dispatched
//! in main.rs). This file only declares them.

pub(crate) mod analyse;
pub(crate) mod common;
pub(crate) mod mate;
pub(crate) mod perft;
