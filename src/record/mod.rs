//! Game records in and out: PGN as XBoard and `kyodai match` write it (every
//! variant), lishogi's KIF (Chu), and lishogi's SFEN with a USI move list
//! (Chu). Each format's reader turns the text into `RawGame`s; this module
//! replays their moves under the engine's own rules (`game::play_accepted`)
//! and keeps, for every game, what was read up to the first problem: an
//! illegal or unreadable move ends that game's moves, never the file.
//!
//! Used by `kyodai analyse`, `kyodai match` (openings), `kyodai tune` and
//! `kyodai train` (games to learn from), and the browser module.

mod kanji;
pub mod kif;
pub mod pgn;
pub mod replay;
pub mod usi;

pub use replay::{
    Format, Game, GameMove, GamePositions, MAX_BYTES, MAX_COMMENT_CHARS, MAX_GAMES, MAX_PLIES,
    MAX_TAGS, Problem, Read, same_position,
};

use crate::variant::{Variant, VariantSet};

/// The format `text` is in: KIF by its Japanese (move lines `N手目`, the
/// `手数` line, header fields such as `先手：`), USI by a `position`,
/// `sfen` or SFEN board opening or a first word that is a USI move, else
/// PGN.
pub fn detect(text: &str) -> Format {
    // A PGN game starts with its tags, whatever its comments hold.
    if text.trim_start().starts_with('[') {
        return Format::Pgn;
    }
    let kif_marks = ["手目", "手数", "先手", "後手", "手合割", "▲", "△", "☗", "☖"];
    if kif_marks.iter().any(|m| text.contains(m)) {
        return Format::Kif;
    }
    let first = text
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with('#'));
    let Some(first) = first else {
        return Format::Pgn;
    };
    let word = first.split_whitespace().next().unwrap_or_default();
    if word == "position"
        || word == "sfen"
        || word == "startpos"
        || (word.contains('/') && !word.starts_with('['))
        || usi::looks_like_move(word)
    {
        Format::Usi
    } else {
        Format::Pgn
    }
}
/// Read every game of `text`, its format recognised from the content.
/// `variant`: the variant of a PGN game without a `Variant` tag.
pub fn read(text: &str, set: &'static VariantSet, variant: Option<&'static Variant>) -> Read {
    let format = detect(text);
    let mut read = match format {
        Format::Pgn => pgn::read(text, set, variant),
        Format::Kif => kif::read(text, set),
        Format::Usi => usi::read(text, set),
    };
    read.format = Some(format);
    read
}
