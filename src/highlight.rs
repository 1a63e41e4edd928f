//! Move entry with the mouse in a GUI that does not know the rules (CECP
//! `lift`, `put`, `hover`, answered with `highlight` colour FENs).
//!
//! XBoard 4.9 sends `lift SQ` when the user picks up a piece and expects
//! the squares it may go to marked: yellow a quiet destination, red a
//! capture (hovering it sends `hover`), magenta a destination where the
//! player chooses whether to promote, blue one where promotion is forced
//! (the GUI then waits for `choice`), cyan a square where the move goes on.
//! Dropping the piece on a cyan square makes the GUI send `put SQ` and then
//! `lift SQ`, and the engine marks where the next leg may go; the finished
//! move comes as `usermove FROM K1,K1 TO`, the notation of docs/notation.md, so
//! the legs the user clicks are a move's kill squares in order and then its
//! destination. A square that ends one move and continues another is cyan:
//! clicking it a second time ends the move there (XBoard's rule). Squares
//! left unmarked are illegal to the GUI.
//!
//! Paths through an empty square: a Lion's step-step through an empty
//! square is its jump, and a piece that may pass does so by stepping out
//! and back (`f6f7,f7f6`), so where a piece can pass its empty neighbouring
//! destinations are cyan too, and after one of them the second step's
//! squares (and the origin, for the pass) are marked.

use crate::board::Position;
use crate::movegen::{accepted_moves, is_capture};
use crate::moves::Move;
use crate::types::Square;

/// One square's marker, as the colour FEN writes it.
#[derive(Clone, Copy, PartialEq, Eq, Debug, PartialOrd, Ord)]
pub enum Marker {
    /// A quiet destination (yellow).
    Quiet,
    /// A capture: the GUI sends `hover` over it (red).
    Capture,
    /// The player chooses whether to promote (magenta).
    Promotion,
    /// Promotion is forced: the engine answers `put` with `choice` (blue).
    ForcedPromotion,
    /// The move may go on from here (cyan).
    Leg,
}

impl Marker {
    fn letter(self) -> char {
        match self {
            Marker::Quiet => 'Y',
            Marker::Capture => 'R',
            Marker::Promotion => 'M',
            Marker::ForcedPromotion => 'B',
            Marker::Leg => 'C',
        }
    }
}

/// A move being entered: the square the piece was lifted from and the
/// squares clicked since, each the end of one leg.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    pub from: Square,
    pub legs: Vec<Square>,
}

/// The squares clicked to enter `mv`, after its origin: its kill squares
/// in order, then its destination.
fn path(mv: &Move) -> impl Iterator<Item = Square> + '_ {
    mv.kills().iter().copied().chain(std::iter::once(mv.to()))
}

/// Markers for the next click of `entry`, one per square that has one.
pub fn markers(pos: &Position, entry: &Entry) -> Vec<(Square, Marker)> {
    let moves: Vec<Move> = accepted_moves(pos)
        .into_iter()
        .filter(|m| m.from() == entry.from)
        .collect();
    let can_pass = moves.iter().any(|m| m.is_pass());
    let mut marks: Vec<(Square, Marker)> = Vec::new();
    let mut mark = |sq: Square, m: Marker| match marks.iter_mut().find(|(s, _)| *s == sq) {
        Some((_, old)) => *old = (*old).max(m),
        None => marks.push((sq, m)),
    };
    match entry.legs.last() {
        // The last click was an empty square: the second step of a
        // step-step move (a jump), or back to the origin (a pass).
        Some(&via) if pos.cell(via).is_empty() && entry.legs.len() == 1 => {
            for mv in &moves {
                let step_step = mv.kills().is_empty()
                    && mv.to().distance(via) == 1
                    && mv.to().distance(entry.from) == 2;
                if mv.is_pass() || step_step {
                    mark(mv.to(), final_marker(pos, &moves, mv));
                }
            }
        }
        _ => {
            let done = entry.legs.len();
            for mv in &moves {
                let legs: Vec<Square> = path(mv).collect();
                if mv.is_pass() || legs.len() <= done || legs[..done] != entry.legs[..] {
                    continue;
                }
                let next = legs[done];
                if done + 1 < legs.len() {
                    mark(next, Marker::Leg);
                } else {
                    let out_and_back = can_pass && done == 0 && next.distance(entry.from) == 1;
                    let m = final_marker(pos, &moves, mv);
                    // Even a step that burns (Nutty) must leave the way
                    // out and back open.
                    let leg = out_and_back && pos.cell(next).is_empty();
                    mark(next, if leg { Marker::Leg } else { m });
                }
            }
        }
    }
    marks
}

/// The marker of the square where `mv` ends: promotion first, then capture.
fn final_marker(pos: &Position, moves: &[Move], mv: &Move) -> Marker {
    let same_effect = |o: &&Move| o.with_promotion(false) == mv.with_promotion(false);
    let (promotes, declines) = moves
        .iter()
        .filter(same_effect)
        .fold((false, false), |(p, d), o| {
            (p || o.promotes(), d || !o.promotes())
        });
    match (promotes, declines) {
        (true, true) => Marker::Promotion,
        (true, false) => Marker::ForcedPromotion,
        _ if is_capture(pos, *mv) => Marker::Capture,
        _ => Marker::Quiet,
    }
}

/// The pieces a move ending on `to` would remove besides any on `to`
/// itself (kill squares, burns), for `hover`.
pub fn victims(pos: &Position, entry: &Entry, to: Square) -> Vec<Square> {
    // Clicks on empty squares were steps, not kills.
    let kills: Vec<Square> = entry
        .legs
        .iter()
        .copied()
        .filter(|&sq| !pos.cell(sq).is_empty())
        .collect();
    let mut out = Vec::new();
    for mv in accepted_moves(pos) {
        let follows = mv.from() == entry.from
            && mv.to() == to
            && mv.kills().starts_with(&kills)
            && !mv.is_pass();
        if !follows {
            continue;
        }
        let burnt = if pos.variant().auto_burn {
            pos.auto_burns(mv).victims.to_vec()
        } else {
            Vec::new()
        };
        for sq in mv.kills().iter().copied().chain(burnt) {
            if sq != to && !out.contains(&sq) {
                out.push(sq);
            }
        }
    }
    out
}

/// `marks` (plus `extra` squares in lower case: shown, not legal) as a
/// colour FEN: ranks from the top, files from a, runs of unmarked squares
/// as numbers.
pub fn colour_fen(pos: &Position, marks: &[(Square, Marker)], extra: &[(Square, char)]) -> String {
    let v = pos.variant();
    let mut ranks = Vec::with_capacity(v.height);
    for rank in (0..v.height).rev() {
        let mut text = String::new();
        let mut run = 0;
        for file in 0..v.width {
            let sq = Square::new(file, rank);
            let letter = marks
                .iter()
                .find(|(s, _)| *s == sq)
                .map(|(_, m)| m.letter())
                .or_else(|| extra.iter().find(|(s, _)| *s == sq).map(|(_, c)| *c));
            match letter {
                Some(c) => {
                    if run > 0 {
                        text.push_str(&run.to_string());
                        run = 0;
                    }
                    text.push(c);
                }
                None => run += 1,
            }
        }
        if run > 0 {
            text.push_str(&run.to_string());
        }
        ranks.push(text);
    }
    ranks.join("/")
}
