//! The move histories: how often a move cut off, kept where the search
//! rewards a cut-off (`Worker::reward`) and read by the move order.
//!
//! The plain history (the quiet moves' and the captures') is a table by
//! the moving piece and the square it reaches (`history_slot`), each
//! entry moved with gravity (`with_gravity`). The continuation histories
//! (Stockfish's, folded to fit the large boards) are by what came before
//! the move as well: for each square a recent move reached, how well each
//! quiet move (a piece of a colour and kind to a square) did after it.
//! Looking one ply back (the opponent's move) it knows which answers
//! which, as a Lion's raid on one square calls for its own defence; two
//! plies back (the mover's own last move), which moves follow up which
//! plans. Indexed by the earlier move's square alone, not its piece too,
//! so that Chu's table stays under 4 MB.

use crate::board::Position;
use crate::moves::Move;
use crate::params::{P, get as param};
use crate::types::{CELLS, Square};
use crate::variant::Variant;

/// The largest history score either way: far below the killers'
/// ordering score.
pub(super) const HISTORY_MAX: i32 = 1 << 14;

/// Where `mv` stands in a history table (the quiet moves' or the
/// captures'): by the piece that moves and the square it reaches.
pub(super) fn history_slot(pos: &Position, mv: Move) -> Option<usize> {
    pos.piece_at(mv.from())
        .map(|p| p.index() * CELLS + mv.to().index())
}

/// `mv`'s entry of the history `table` moved by `bonus` (`with_gravity`).
pub(super) fn add_with_gravity(table: &mut [i32], pos: &Position, mv: Move, bonus: i32) {
    if let Some(i) = history_slot(pos, mv) {
        table[i] = with_gravity(table[i], bonus);
    }
}

/// A history entry `h` moved by `bonus` and pulled towards zero in
/// proportion to where it stands: it stays within `HISTORY_MAX` either
/// way, and what worked long ago fades.
pub(super) fn with_gravity(h: i32, bonus: i32) -> i32 {
    h + bonus - h * bonus.abs() / HISTORY_MAX
}

/// A continuation history (`continuation-history`, `follow-up-history`).
pub(super) struct ContinuationHistory {
    /// Plies back to the move it follows (0: the opponent's last, 1: the
    /// mover's own, `Position::move_back`).
    back: usize,
    /// The coefficient that weighs it in the quiet moves' order.
    coefficient: P,
    /// `[reached square][colour, kind][destination]`, the squares dense
    /// (rank by file) on the variant's board.
    table: Vec<i16>,
    width: usize,
    squares: usize,
    kinds: usize,
}

impl ContinuationHistory {
    pub(super) fn new(back: usize, coefficient: P) -> ContinuationHistory {
        ContinuationHistory {
            back,
            coefficient,
            table: Vec::new(),
            width: 0,
            squares: 0,
            kinds: 0,
        }
    }

    /// Its weight in the quiet moves' order, in sixteenths (0: unused).
    pub(super) fn weight(&self) -> i32 {
        param(self.coefficient)
    }

    /// Sized for `v`'s board and pieces: emptied where it was another's,
    /// otherwise faded (halved) from the last search.
    pub(super) fn prepare(&mut self, v: &Variant) {
        let (squares, kinds) = (v.width * v.height, v.pieces.len());
        if (self.width, self.squares, self.kinds) != (v.width, squares, kinds) {
            (self.width, self.squares, self.kinds) = (v.width, squares, kinds);
            self.table = vec![0; squares * 2 * kinds * squares];
        } else {
            self.table.iter_mut().for_each(|h| *h /= 2);
        }
    }

    fn dense(&self, sq: Square) -> usize {
        sq.rank() * self.width + sq.file()
    }

    /// `mv`'s entry in `pos`, if a move (not a pass of the null move) was
    /// made the table's plies back.
    #[inline]
    fn slot(&self, pos: &Position, mv: Move) -> Option<usize> {
        let earlier = pos.move_back(self.back)?;
        let piece = pos.piece_at(mv.from())?;
        let mover = piece.color().index() * self.kinds + piece.kind() as usize;
        let slot = (self.dense(earlier.to()) * 2 * self.kinds + mover) * self.squares
            + self.dense(mv.to());
        (slot < self.table.len()).then_some(slot)
    }

    /// How well `mv` did after the earlier move in `pos` (within
    /// `HISTORY_MAX` either way; 0 where there was none).
    #[inline]
    pub(super) fn get(&self, pos: &Position, mv: Move) -> i32 {
        self.slot(pos, mv).map_or(0, |i| i32::from(self.table[i]))
    }

    /// `mv`'s entry moved by `bonus`, with gravity.
    pub(super) fn add(&mut self, pos: &Position, mv: Move, bonus: i32) {
        if let Some(i) = self.slot(pos, mv) {
            // `with_gravity` keeps it within HISTORY_MAX, which an i16 holds.
            self.table[i] = with_gravity(i32::from(self.table[i]), bonus) as i16;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::movegen::parse_move;
    use crate::variant::VariantSet;

    #[test]
    fn a_move_is_remembered_after_what_it_followed_and_nowhere_else() {
        let v = VariantSet::builtin().find("chu").unwrap();
        let play = |pos: &mut Position, text: &str| {
            let mv = parse_move(pos, text).unwrap();
            pos.make(mv);
        };
        let mut after_f4 = Position::start(v);
        play(&mut after_f4, "f4f5");
        let mut after_g4 = Position::start(v);
        play(&mut after_g4, "g4g5");
        let answer = parse_move(&after_f4, "f9f8").unwrap();

        let mut replies = ContinuationHistory::new(0, P::ContinuationHistory);
        replies.prepare(v);
        replies.add(&after_f4, answer, 100);
        assert_eq!(replies.get(&after_f4, answer), 100);
        // Another last move, another entry.
        assert_eq!(replies.get(&after_g4, answer), 0);
        // Nothing led to the start position.
        assert_eq!(replies.get(&Position::start(v), answer), 0);
        // A fresh search of the same variant keeps half.
        replies.prepare(v);
        assert_eq!(replies.get(&after_f4, answer), 50);

        // Two plies back: the mover's own last move.
        let mut follow_ups = ContinuationHistory::new(1, P::FollowUpHistory);
        follow_ups.prepare(v);
        let mut later = after_f4.clone();
        play(&mut later, "f9f8");
        let follow_up = parse_move(&later, "f5f6").unwrap();
        follow_ups.add(&later, follow_up, -40);
        assert_eq!(follow_ups.get(&later, follow_up), -40);
        assert_eq!(replies.get(&later, follow_up), 0);
    }
}
