//! Move generation: every move the rules allow, once per effect.
//!
//! Ordinary movement walks the rays compiled from the data; the special
//! powers (`Power`, stings) are implemented here once. The rules that depend
//! on more than one piece (Chu's Lion-trading rules) are applied as moves are
//! emitted. Repetition is not a move-generation rule: games and search apply
//! it (`Position::is_repetition`), perft ignores it.
//!
//! The files: `emitter.rs`, the emitter every move passes through, to
//! which each kind of movement adds its methods in a file of its own
//! (`rays.rs`, `lion.rs` with Chu's Lion-trading rules, `area.rs`,
//! `burns.rs`); `promotion.rs`; `legal.rs`, the legal move list;
//! `captures.rs`, captures only; `attack.rs`, the attack test;
//! `interop.rs`, the moves XBoard or HaChu cannot take; `parse.rs`,
//! reading a move. The attack test and the Lion-trading rules ask each
//! other (a Lion's capture depends on what attacks its victim, and the
//! attack test generates the moves of the pieces its tables do not cover)
//! through the emitter's methods, so the files import each other one way;
//! this file only names what the rest of the engine uses.

mod area;
mod attack;
mod burns;
mod captures;
mod emitter;
mod interop;
mod legal;
mod lion;
mod parse;
mod promotion;
mod rays;

pub(crate) use attack::hook_directions;
pub use attack::{
    attacked_by, attackers, attacks_are_plain, capturable, capturable_through, quiet_move_attacks,
    royal_attacked, stays_attacked,
};
pub use burns::{is_capture, removes};
pub use captures::{generate_captures, generate_captures_of, threatens};
pub use interop::{hachu_follows, interop_safe};
pub use legal::{accepted_moves, generate, generate_of, generates, made_by_rays};
pub use parse::{parse_move, parse_move_as_played};
pub use promotion::converts;
