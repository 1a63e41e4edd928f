//! The positions and moves since the position was set up: repetition,
//! the plies since the last irreversible move, the moves back.

use super::Position;
use crate::moves::Move;

impl Position {
    /// Whether the current position occurred before (same pieces, same side
    /// to move) since the position was set up.
    pub fn is_repetition(&self) -> bool {
        self.repetition_distance().is_some()
    }

    /// Plies back to the latest earlier occurrence of the current position.
    pub fn repetition_distance(&self) -> Option<usize> {
        let n = self.keys.len();
        let back = (self.reversible as usize).min(n - 1);
        (2..=back)
            .step_by(2)
            .find(|&i| self.keys[n - 1 - i] == self.hash)
    }

    /// Plies back to the earliest earlier occurrence of the current
    /// position (lishogi judges a repetition from there).
    pub fn first_repetition_distance(&self) -> Option<usize> {
        let n = self.keys.len();
        let back = (self.reversible as usize).min(n - 1);
        (2..=back)
            .step_by(2)
            .filter(|&i| self.keys[n - 1 - i] == self.hash)
            .last()
    }

    /// Plies since the last capture or promotion, or since the position was
    /// set up: the moves within which an earlier position can recur.
    pub fn reversible_plies(&self) -> usize {
        (self.reversible as usize).min(self.keys.len() - 1)
    }

    /// How often the current position occurred before (same pieces, same
    /// side to move) since the position was set up.
    pub fn earlier_occurrences(&self) -> usize {
        let n = self.keys.len();
        let back = (self.reversible as usize).min(n - 1);
        (2..=back)
            .step_by(2)
            .filter(|&i| self.keys[n - 1 - i] == self.hash)
            .count()
    }

    /// The move made `back` plies ago (0 = the last one); `None` for a null
    /// move or beyond the recorded history.
    pub fn move_back(&self, back: usize) -> Option<Move> {
        let n = self.undo.len();
        self.undo.get(n.checked_sub(back + 1)?).and_then(|u| u.mv)
    }
}
