//! Moves entered with the mouse: `lift`, `put` and `hover`, answered with
//! `highlight` lines.

use super::engine::Engine;
use crate::highlight::{self, Entry, Marker};
use crate::types::Square;

impl Engine {
    /// A square named by the GUI, or an error said.
    pub(super) fn square(&mut self, cmd: &str, arg: &str) -> Option<Square> {
        let v = self.session.variant();
        // `put e5,`: XBoard adds the comma when Ctrl is held.
        match Square::parse_prefix(arg.trim().trim_end_matches(','), v.width, v.height) {
            Some((sq, "")) => Some(sq),
            _ => {
                self.say(&format!("Error (bad square): {cmd} {arg}"));
                None
            }
        }
    }

    /// The highlight for the next click of the move being entered; no
    /// square is marked for a piece that may not move now.
    pub(super) fn send_highlight(&mut self, extra: &[(Square, char)]) {
        let pos = self.session.position();
        let movable = !self.session.is_over()
            && self.entry.as_ref().is_some_and(|e| {
                pos.piece_at(e.from)
                    .is_some_and(|p| p.color() == pos.side())
            });
        let marks = match &self.entry {
            Some(e) if movable => highlight::markers(pos, e),
            _ => Vec::new(),
        };
        let fen = highlight::colour_fen(pos, &marks, extra);
        self.say(&format!("highlight {fen}"));
    }

    /// `lift SQ`: the user picked up the piece on SQ, or (right after a
    /// `put` on a cyan square) goes on from there.
    pub(super) fn lift(&mut self, arg: &str) {
        let Some(sq) = self.square("lift", arg) else {
            return;
        };
        let goes_on = self
            .entry
            .as_ref()
            .is_some_and(|e| e.legs.last() == Some(&sq));
        if !goes_on {
            self.entry = Some(Entry {
                from: sq,
                legs: Vec::new(),
            });
        }
        self.send_highlight(&[]);
    }

    /// `put SQ`: the user dropped the piece. On a cyan square the move goes
    /// on (XBoard sends `lift SQ` next); on a blue one the GUI waits for the
    /// promotion `choice`; elsewhere the move is complete.
    pub(super) fn put(&mut self, arg: &str) {
        let Some(sq) = self.square("put", arg) else {
            return;
        };
        let Some(entry) = self.entry.as_mut() else {
            return;
        };
        if entry.legs.last() == Some(&sq) {
            // The same cyan square again: the move ends there.
            self.entry = None;
            return;
        }
        let marker = highlight::markers(self.session.position(), entry)
            .into_iter()
            .find(|(s, _)| *s == sq)
            .map(|(_, m)| m);
        match marker {
            Some(Marker::Leg) => entry.legs.push(sq),
            Some(Marker::ForcedPromotion) => self.say("choice +"),
            _ => self.entry = None,
        }
    }

    /// `hover SQ` over a red or magenta square: mark (green, not legal) the
    /// pieces the move ending there removes besides the one on SQ (burns).
    pub(super) fn hover(&mut self, arg: &str) {
        let Some(sq) = self.square("hover", arg) else {
            return;
        };
        let Some(entry) = &self.entry else {
            return;
        };
        let victims = highlight::victims(self.session.position(), entry, sq);
        if !victims.is_empty() {
            let extra: Vec<(Square, char)> = victims.into_iter().map(|s| (s, 'g')).collect();
            self.send_highlight(&extra);
        }
    }

    /// A new position: no move is being entered.
    pub(super) fn entry_reset(&mut self) {
        self.entry = None;
        self.pending_legs.clear();
    }
}
