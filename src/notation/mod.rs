//! Move and position notations that belong to no one protocol: `usi`,
//! lishogi's SFEN and USI move strings for Chu, read and written by the
//! USI adapter, the match runner's referee, the record readers and the
//! mate solver alike.

pub mod usi;
