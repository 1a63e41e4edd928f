//! The position: a padded mailbox, the side to move, the rule state a FEN
//! cannot hold, an incremental Zobrist hash, and make/unmake.
//!
//! Make records every cell it changes (old contents) in an undo record, so
//! unmake restores any move, however many pieces it removed, by writing the
//! cells back in reverse order.
//!
//! The position, its rule state and what it is asked are here; the other
//! files add to `Position` what they are named for: `fen.rs` setting up a
//! position (the start, a FEN read and written), `make.rs` make and unmake,
//! `history.rs` the positions and moves since the set-up (repetition).
//! `zobrist.rs` holds the hash keys.

mod fen;
mod history;
mod make;
mod zobrist;

use crate::moves::Move;
use crate::types::{CELL_WORDS, CELLS, Cell, Color, KING_STEPS, Piece, Square};
use crate::variant::{PAIR_RANK, PairTable, Placement, Variant};
use arrayvec::ArrayVec;
use zobrist::ZOBRIST;

/// Cells one move may change: origin, destination, kill squares and (later
/// variants) automatic burns of up to eight neighbours.
const MAX_CHANGES: usize = 16;

/// Most royal pieces one side may have (King, Prince, promoted Elephants).
pub const MAX_ROYALS: usize = 8;

/// Most pieces of one side with moves the generic attack test does not see
/// (`PieceType::special`), counting those that may become one by
/// promotion.
pub const MAX_SPECIALS: usize = 32;

/// Most `striker` pieces (Lions, burning Demons) of one side, counting
/// those that may become one by promotion.
pub const MAX_STRIKERS: usize = 32;

/// What Nutty's automatic burning does to one move (docs/rules/nutty.md 5.1.6).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct AutoBurn {
    /// The mover ends next to an enemy Fire Demon and burns.
    pub mover_burnt: bool,
    /// Enemies the mover, a Fire Demon after the move, burns.
    pub victims: ArrayVec<Square, 8>,
}

/// Rule state that depends on the previous move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RuleState {
    /// Chu counter-strike: the last move captured a Lion with a non-Lion.
    pub lion_strike: bool,
    /// With `lion_strike`, under `CounterStrike::ExceptSameSquare`
    /// (lishogi): the square of that capture (of the last Lion the move
    /// took, its destination last), where a non-Lion may still take a
    /// Lion. lishogi's SFEN writes it as its third field.
    pub lion_square: Option<Square>,
    /// The same rule as XBoard 4.9.1 applies it: only a piece `N` is a Lion,
    /// and after a non-`N` took an `N` no `N` may be captured at all
    /// (docs/rules/chu.md 5.4.2). Only the engine's choice of its own moves
    /// reads it.
    pub xboard_strike: bool,
    /// Bit per colour: that side passed on its last turn (Suzumu forbids
    /// two passes running).
    pub skipped: u8,
}

impl RuleState {
    /// Whether `color` passed on its last turn.
    #[inline]
    pub fn skipped(self, color: Color) -> bool {
        self.skipped & (1 << color.index()) != 0
    }
}

#[derive(Clone, Debug)]
struct Undo {
    /// The move made (a null move for `make_null`), for replaying a cycle.
    mv: Option<Move>,
    changes: ArrayVec<(Square, Cell), MAX_CHANGES>,
    state: RuleState,
    hash: u64,
    reversible: u16,
}

#[derive(Clone)]
pub struct Position {
    variant: &'static Variant,
    /// The variant's placement table (`placement::table`), looked up once
    /// here rather than on every move.
    placement_table: &'static Placement,
    /// The variant's learned pair term (`pairs::table`), if it has one.
    pair_table: Option<&'static PairTable>,
    cells: [Cell; CELLS],
    side: Color,
    state: RuleState,
    hash: u64,
    /// Squares of each side's royal pieces.
    royals: [ArrayVec<Square, MAX_ROYALS>; 2],
    /// Squares of each side's `special` pieces.
    specials: [ArrayVec<Square, MAX_SPECIALS>; 2],
    /// Squares of each side's `striker` pieces (Lions, burning Demons).
    strikers: [ArrayVec<Square, MAX_STRIKERS>; 2],
    /// Each colour's occupied cells, a bit per mailbox cell: move
    /// generation visits these instead of every square.
    occupied: [[u64; CELL_WORDS]; 2],
    material: [i32; 2],
    /// Which pieces are on the board, wherever they stand: the sum of a
    /// key per piece (kind and colour), for the search's correction of
    /// the evaluation by material balance.
    material_key: u64,
    /// Pieces per colour that are neither royal nor able to die on a far
    /// rank (no Pawn or Lance): where a side has none, the bare-king and
    /// kings-only rules may apply (`game::material_ending`).
    strong: [u16; 2],
    /// Hook movers on the board, `[color][diagonal]`: the attack test
    /// looks for hook moves only where some exist.
    hooks: [[u8; 2]; 2],
    /// Freezers (Tetrarchs) on the board per colour: only where the
    /// opponent has one can a piece be frozen.
    freezers: [u8; 2],
    /// Sums of the pieces' placement scores, White-positive: the middle
    /// game's table and the ending's (`placement_table`).
    placement: [i32; 2],
    /// The pair term's sums of weights, with White to move and with Black
    /// to move (`PairTable::update`); zero without a pair term.
    pair_sums: [[i32; PAIR_RANK]; 2],
    /// Plies since the last capture or promotion: no earlier position can
    /// recur, which bounds the repetition scan.
    reversible: u16,
    undo: Vec<Undo>,
    /// Hash of every position since the game (or the last `setboard`)
    /// started, the current one last.
    keys: Vec<u64>,
    /// Chu's Okazaki rule (docs/rules/chu.md 5.4, an option): a non-Lion may
    /// counter-strike a Lion that nothing recaptures.
    okazaki: bool,
    /// Per colour: the side had a royal when the position was set up. A
    /// side set up without one (a mate problem's attacker, as the problem
    /// literature leaves its King out) cannot lose by having none.
    had_royals: [bool; 2],
}

impl Position {
    #[inline]
    pub fn variant(&self) -> &'static Variant {
        self.variant
    }

    #[inline]
    pub fn cell(&self, sq: Square) -> Cell {
        self.cells[sq.index()]
    }

    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.cells[sq.index()].piece()
    }

    #[inline]
    pub fn side(&self) -> Color {
        self.side
    }

    /// Whether the Okazaki rule applies (off unless `set_okazaki`).
    #[inline]
    pub fn okazaki(&self) -> bool {
        self.okazaki
    }

    pub fn set_okazaki(&mut self, on: bool) {
        self.okazaki = on;
    }

    #[inline]
    pub fn state(&self) -> RuleState {
        self.state
    }

    /// Set the previous-move state (for tests and for replaying a game's
    /// history into a position given by FEN).
    pub fn set_state(&mut self, state: RuleState) {
        self.state = state;
    }

    /// Position hash: pieces and side to move. Used for repetition.
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// Hash for the transposition table: the position hash plus the rule
    /// state that changes which moves are legal.
    #[inline]
    pub fn search_key(&self) -> u64 {
        let mut key = self.hash;
        if self.state.lion_strike {
            key ^= ZOBRIST.lion_strike;
        }
        if let Some(sq) = self.state.lion_square {
            key ^= ZOBRIST.lion_square[sq.index()];
        }
        for c in Color::BOTH {
            if self.state.skipped(c) {
                key ^= ZOBRIST.skipped[c.index()];
            }
        }
        key
    }

    #[inline]
    pub fn royals(&self, color: Color) -> usize {
        self.royals[color.index()].len()
    }

    /// Squares of `color`'s pieces with `special` moves.
    #[inline]
    pub fn specials(&self, color: Color) -> &[Square] {
        &self.specials[color.index()]
    }

    /// Squares of `color`'s `striker` pieces.
    #[inline]
    pub fn strikers(&self, color: Color) -> &[Square] {
        &self.strikers[color.index()]
    }

    /// Whether the piece on `sq` is frozen: an enemy freezer stands next
    /// to it and it is not a freezer itself (docs/rules/suzumu.md 5.3).
    #[inline]
    pub fn is_frozen(&self, sq: Square) -> bool {
        let v = self.variant;
        if !v.has_freezers {
            return false;
        }
        let Some(p) = self.piece_at(sq) else {
            return false;
        };
        self.freezers[p.color().flip().index()] > 0
            && !v.piece(p.kind()).freezes
            && KING_STEPS.iter().any(|&d| {
                self.piece_at(sq.offset(d))
                    .is_some_and(|q| q.color() != p.color() && v.piece(q.kind()).freezes)
            })
    }

    #[inline]
    pub fn material(&self, color: Color) -> i32 {
        self.material[color.index()]
    }

    /// A key of the pieces on the board, the same wherever they stand:
    /// equal for positions of the same material balance.
    #[inline]
    pub fn material_key(&self) -> u64 {
        self.material_key
    }

    /// `color`'s pieces that are neither royal nor a Pawn or Lance (nothing
    /// with `dead-ranks`).
    #[inline]
    pub fn strong_pieces(&self, color: Color) -> usize {
        self.strong[color.index()] as usize
    }

    /// Whether `color` has a hook mover with diagonal (or orthogonal)
    /// slides on the board.
    #[inline]
    pub fn has_hook(&self, color: Color, diagonal: bool) -> bool {
        self.hooks[color.index()][usize::from(diagonal)] > 0
    }

    /// Placement score of all pieces, White-positive: the middle game's
    /// and the ending's tables blended by the material on the board, the
    /// middle game's alone at `Placement::phase_material` or more.
    #[inline]
    pub fn placement(&self) -> i32 {
        let full = self.placement_table.phase_material;
        let m = (self.material[0] + self.material[1]).clamp(0, full);
        let [middle, end] = self.placement;
        // One table for both phases (the hand-written placement): no blend.
        if middle == end {
            return middle;
        }
        ((i64::from(middle) * i64::from(m) + i64::from(end) * i64::from(full - m))
            / i64::from(full)) as i32
    }

    /// The learned pair term from the side to move's view (0 where the
    /// variant has none).
    #[inline]
    pub fn pair_score(&self) -> i32 {
        self.pair_table
            .map_or(0, |t| t.score(&self.pair_sums[self.side.index()]))
    }

    /// Whether `color` has lost its last royal: it had royals when the
    /// position was set up and has none left. A side set up without royals
    /// (a mate problem's attacker) never loses this way.
    #[inline]
    pub fn royals_lost(&self, color: Color) -> bool {
        self.had_royals[color.index()] && self.royals[color.index()].is_empty()
    }

    /// Whether a side has lost its last royal (`royals_lost`); the position
    /// then has no moves.
    #[inline]
    pub fn is_over(&self) -> bool {
        self.royals_lost(Color::White) || self.royals_lost(Color::Black)
    }

    /// Plies made since the position was set up.
    #[inline]
    pub fn ply(&self) -> usize {
        self.undo.len()
    }

    /// The squares of `color`'s pieces, in ascending order (the order of
    /// `Variant::squares`), from the occupancy bits: most squares are
    /// empty or the opponent's.
    #[inline]
    pub fn squares_of(&self, color: Color) -> OccupiedSquares {
        OccupiedSquares {
            words: self.occupied[color.index()],
            word: 0,
        }
    }

    /// The pieces of one colour with their squares, in ascending order.
    pub fn pieces(&self, color: Color) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.squares_of(color)
            .filter_map(move |sq| self.piece_at(sq).map(|p| (sq, p)))
    }

    /// Squares of the royal pieces of one colour.
    pub fn royal_squares(&self, color: Color) -> &[Square] {
        &self.royals[color.index()]
    }
}

/// The squares of one side's pieces (`Position::squares_of`): the set
/// bits of a copy of its occupancy, lowest first.
pub struct OccupiedSquares {
    words: [u64; CELL_WORDS],
    /// The word being emptied; those below are empty.
    word: usize,
}

impl Iterator for OccupiedSquares {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        while self.word < CELL_WORDS {
            let bits = self.words[self.word];
            if bits != 0 {
                self.words[self.word] = bits & (bits - 1);
                return Some(Square::from_index(
                    self.word * 64 + bits.trailing_zeros() as usize,
                ));
            }
            self.word += 1;
        }
        None
    }
}
