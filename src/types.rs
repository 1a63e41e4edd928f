//! Basic value types shared by every module: colours, squares, pieces.
//!
//! The board is a padded mailbox of fixed geometry: every variant (12x12 up
//! to 16x16) lives in the lower-left corner of a 22x22 array whose outer
//! `PAD` rings (and the unused files/ranks of smaller boards) hold an
//! off-board sentinel. A fixed stride lets direction offsets be constants and
//! lets leaps of up to `PAD` squares skip bounds checks.

use std::fmt;

/// Largest board side any variant may use.
pub const MAX_SIDE: usize = 16;
/// Off-board margin; at least the longest leap (3 squares) of any piece.
pub const PAD: usize = 3;
/// Row length of the mailbox.
pub const STRIDE: usize = MAX_SIDE + 2 * PAD;
/// Number of mailbox cells.
pub const CELLS: usize = STRIDE * STRIDE;
/// 64-bit words in a set of mailbox cells.
pub const CELL_WORDS: usize = CELLS.div_ceil(64);

/// The two sides. XBoard calls the first mover "white" (upper case, `w`,
/// `1-0`); in shogi terms it is Sente.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Color {
    White = 0,
    Black = 1,
}

impl Color {
    pub const BOTH: [Color; 2] = [Color::White, Color::Black];

    #[inline]
    pub fn flip(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    /// Rank direction of "forward" for this side.
    #[inline]
    pub fn forward(self) -> i32 {
        match self {
            Color::White => 1,
            Color::Black => -1,
        }
    }
}

/// A mailbox index. Only squares inside the variant's board are ever stored
/// in moves; the constructor takes file and rank inside the maximal board.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash, PartialOrd, Ord, Default)]
pub struct Square(u16);

impl Square {
    #[inline]
    pub fn new(file: usize, rank: usize) -> Square {
        debug_assert!(file < MAX_SIDE && rank < MAX_SIDE);
        Square(((rank + PAD) * STRIDE + file + PAD) as u16)
    }

    /// The square of mailbox cell `index` (below `CELLS`).
    #[inline]
    pub fn from_index(index: usize) -> Square {
        debug_assert!(index < CELLS);
        Square(index as u16)
    }

    /// The square `delta` mailbox cells away. The result may be off the
    /// board; callers only use it after checking the cell holds no sentinel.
    #[inline]
    pub fn offset(self, delta: i32) -> Square {
        Square((self.0 as i32 + delta) as u16)
    }

    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }

    #[inline]
    pub fn file(self) -> usize {
        self.0 as usize % STRIDE - PAD
    }

    #[inline]
    pub fn rank(self) -> usize {
        self.0 as usize / STRIDE - PAD
    }

    /// King distance (Chebyshev) between two squares.
    pub fn distance(self, other: Square) -> usize {
        let df = (self.file() as i32 - other.file() as i32).unsigned_abs();
        let dr = (self.rank() as i32 - other.rank() as i32).unsigned_abs();
        df.max(dr) as usize
    }

    /// Whether the two squares share a rank, file or diagonal.
    pub fn on_line(self, other: Square) -> bool {
        let df = self.file() as i32 - other.file() as i32;
        let dr = self.rank() as i32 - other.rank() as i32;
        df == 0 || dr == 0 || df.abs() == dr.abs()
    }

    /// Parse `f6`, `a10`: file letter then decimal rank (1-based), inside a
    /// board of `width` x `height`. Returns the square and the rest of `s`.
    pub fn parse_prefix(s: &str, width: usize, height: usize) -> Option<(Square, &str)> {
        let bytes = s.as_bytes();
        let file = bytes.first()?.wrapping_sub(b'a') as usize;
        if file >= width {
            return None;
        }
        let digits = bytes[1..].iter().take_while(|b| b.is_ascii_digit()).count();
        if digits == 0 || digits > 2 {
            return None;
        }
        let rank: usize = s[1..1 + digits].parse().ok()?;
        if rank == 0 || rank > height {
            return None;
        }
        Some((Square::new(file, rank - 1), &s[1 + digits..]))
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            (b'a' + self.file() as u8) as char,
            self.rank() + 1
        )
    }
}

/// Mailbox offset of a vector (`df` files right, `dr` ranks up).
#[inline]
pub const fn delta(df: i32, dr: i32) -> i32 {
    dr * STRIDE as i32 + df
}

/// King steps counter-clockwise from east; `KING_STEPS[(i + 4) % 8]` is
/// the opposite of `KING_STEPS[i]`.
pub const KING_STEPS: [i32; 8] = [
    delta(1, 0),
    delta(1, 1),
    delta(0, 1),
    delta(-1, 1),
    delta(-1, 0),
    delta(-1, -1),
    delta(0, -1),
    delta(1, -1),
];

/// The king steps in ascending order of mailbox offset: the neighbours of
/// a square, visited in this order, come out in square order.
pub const KING_STEPS_ASCENDING: [i32; 8] = [
    delta(-1, -1),
    delta(0, -1),
    delta(1, -1),
    delta(-1, 0),
    delta(1, 0),
    delta(-1, 1),
    delta(0, 1),
    delta(1, 1),
];

/// The 16 squares at king distance exactly 2.
pub const LION_JUMPS: [i32; 16] = [
    delta(2, -2),
    delta(2, -1),
    delta(2, 0),
    delta(2, 1),
    delta(2, 2),
    delta(-2, -2),
    delta(-2, -1),
    delta(-2, 0),
    delta(-2, 1),
    delta(-2, 2),
    delta(-1, 2),
    delta(0, 2),
    delta(1, 2),
    delta(-1, -2),
    delta(0, -2),
    delta(1, -2),
];

/// Wolf jumps beyond the first square: distance 2 and 3 along the eight
/// king lines.
pub const WOLF_JUMPS: [i32; 16] = {
    let mut j = [0; 16];
    let mut i = 0;
    while i < 8 {
        j[2 * i] = 2 * KING_STEPS[i];
        j[2 * i + 1] = 3 * KING_STEPS[i];
        i += 1;
    }
    j
};

/// Index of a piece type within its variant (0-based).
pub type Kind = u8;

/// Most piece types (base and promoted) one variant may define.
pub const MAX_KINDS: usize = 126;

/// A coloured piece as stored in a mailbox cell: bit 7 is the colour, the low
/// seven bits are `kind + 1`. `0` is an empty cell and `0xFF` the off-board
/// sentinel, so neither is ever a `Piece`.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub struct Piece(u8);

impl Piece {
    #[inline]
    pub fn new(color: Color, kind: Kind) -> Piece {
        debug_assert!((kind as usize) < MAX_KINDS);
        Piece(((color as u8) << 7) | (kind + 1))
    }

    #[inline]
    pub fn color(self) -> Color {
        if self.0 & 0x80 == 0 {
            Color::White
        } else {
            Color::Black
        }
    }

    #[inline]
    pub fn kind(self) -> Kind {
        (self.0 & 0x7F) - 1
    }

    /// Dense index 0..256 for tables indexed by coloured piece.
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// Contents of a mailbox cell.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash, Default)]
pub struct Cell(u8);

impl Cell {
    pub const EMPTY: Cell = Cell(0);
    pub const OFF: Cell = Cell(0xFF);

    #[inline]
    pub fn piece(self) -> Option<Piece> {
        if self.0 == 0 || self.0 == 0xFF {
            None
        } else {
            Some(Piece(self.0))
        }
    }

    #[inline]
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    #[inline]
    pub fn is_off(self) -> bool {
        self.0 == 0xFF
    }

    /// Index for hashing (0 for empty).
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

impl From<Piece> for Cell {
    #[inline]
    fn from(p: Piece) -> Cell {
        Cell(p.0)
    }
}

impl From<Option<Piece>> for Cell {
    #[inline]
    fn from(p: Option<Piece>) -> Cell {
        p.map_or(Cell::EMPTY, Cell::from)
    }
}

/// xorshift64*: a small random source, the same sequence on every machine
/// for the same seed (openings, varied opening moves).
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed.max(1))
    }

    /// A number in `0..n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 33) as usize % n
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ascending_king_steps_are_the_king_steps_in_offset_order() {
        let mut sorted = KING_STEPS;
        sorted.sort_unstable();
        assert_eq!(KING_STEPS_ASCENDING, sorted);
    }
}
