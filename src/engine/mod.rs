//! The engine core that knows no protocol: the game and its options
//! (`session`), the search's life cycle (`control`), and the list of
//! options both protocols offer (`options`), and what an adapter asks of
//! its host (`link`). The CECP (`xboard`) and USI (`usi`) adapters
//! translate commands into calls here.

pub mod control;
pub mod link;
pub mod options;
pub mod session;
