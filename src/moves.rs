//! The move value type and its CECP notation.
//!
//! A move is its *effect*: origin, destination, the squares whose pieces it
//! removes besides the destination ("kill squares"), and the promotion
//! choice. Igui is `to == from` with one kill; a pass is `to == from` with no
//! kill. Automatic removals that the notation never writes (Nutty burns) are
//! not part of the move; `Position::make` computes them.

use crate::types::Square;
use arrayvec::ArrayVec;
use std::fmt;

/// Most kill squares one move may name (Suzumu: two burns, two igui victims
/// or two pieces captured in passing).
pub const MAX_KILLS: usize = 2;

#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash, Default)]
pub struct Move {
    from: Square,
    to: Square,
    kills: [Square; MAX_KILLS],
    kill_count: u8,
    promote: bool,
}

impl Move {
    /// A move with kill squares in the order the piece takes them (or, where
    /// no path orders them, ascending square order).
    #[inline]
    pub fn new(from: Square, to: Square, kills: &[Square], promote: bool) -> Move {
        debug_assert!(kills.len() <= MAX_KILLS);
        // Element by element, not `copy_from_slice`: a copy of a length
        // known only at run time is a call to `memcpy`, and this runs for
        // every generated move (musl's `memcpy` made that 18% of a search).
        let k = std::array::from_fn(|i| kills.get(i).copied().unwrap_or_default());
        Move {
            from,
            to,
            kills: k,
            kill_count: kills.len() as u8,
            promote,
        }
    }

    /// The move in 35 bits (file and rank of each square in 4 bits each,
    /// the kill count, the promotion flag), for the transposition table.
    pub fn pack(self) -> u64 {
        let square = |sq: Square| (sq.file() as u64) << 4 | sq.rank() as u64;
        let mut bits = square(self.from) | square(self.to) << 8;
        // Over the whole array, not `kills()`: a slice of run-time length
        // keeps the move in memory in the WebAssembly build.
        for (i, &k) in self.kills.iter().enumerate() {
            if i < self.kill_count as usize {
                bits |= square(k) << (16 + 8 * i);
            }
        }
        bits | (self.kill_count as u64) << 32 | (self.promote as u64) << 34
    }

    /// The move `pack` gave these bits for. Any bits give a move on the
    /// largest board; whether it is legal is for the position to say.
    pub fn unpack(bits: u64) -> Move {
        let square = |shift: u32| {
            let b = (bits >> shift) as usize;
            Square::new(b >> 4 & 15, b & 15)
        };
        let kill_count = ((bits >> 32) & 3).min(MAX_KILLS as u64) as u8;
        let mut kills = [Square::default(); MAX_KILLS];
        for (i, k) in kills.iter_mut().enumerate().take(kill_count as usize) {
            *k = square(16 + 8 * i as u32);
        }
        Move {
            from: square(0),
            to: square(8),
            kills,
            kill_count,
            promote: bits >> 34 & 1 == 1,
        }
    }

    #[inline]
    pub fn from(self) -> Square {
        self.from
    }

    #[inline]
    pub fn to(self) -> Square {
        self.to
    }

    #[inline]
    pub fn kills(&self) -> &[Square] {
        &self.kills[..self.kill_count as usize]
    }

    /// Whether `sq` is one of the kill squares (`kills().contains`, which
    /// keeps the move in memory in the WebAssembly build).
    #[inline]
    pub fn kills_on(self, sq: Square) -> bool {
        (0..MAX_KILLS).any(|i| i < self.kill_count as usize && self.kills[i] == sq)
    }

    /// The squares the move changes where nothing burns: the one it
    /// leaves, the one it reaches and those it captures on (what the
    /// attack test after it looks through: `movegen::capturable_through`).
    pub fn changed_squares(self) -> ArrayVec<Square, { 2 + MAX_KILLS }> {
        let mut squares = ArrayVec::new();
        squares.push(self.from);
        squares.push(self.to);
        squares.extend(self.kills().iter().copied());
        squares
    }

    #[inline]
    pub fn promotes(self) -> bool {
        self.promote
    }

    #[inline]
    pub fn with_promotion(self, promote: bool) -> Move {
        Move { promote, ..self }
    }

    /// A turn skip: the piece ends where it started, removes nothing and
    /// does not promote (Suzumu's pass-and-promote is not a skip).
    #[inline]
    pub fn is_pass(self) -> bool {
        self.from == self.to && self.kill_count == 0 && !self.promote
    }

    /// The move as an engine or GUI sends it over CECP: the `Display`
    /// form, but a pass as the null move `@@@@`.
    pub fn cecp_text(self) -> String {
        if self.is_pass() {
            "@@@@".to_string()
        } else {
            self.to_string()
        }
    }

    /// Whether `text` names this move's effect (kill squares in any order).
    /// Texts that need the board to be understood (an out-and-back over an
    /// empty square, legs through empty squares) are resolved by
    /// `movegen::parse_move` before matching.
    pub fn matches(self, text: &MoveText) -> bool {
        if text.null {
            return self.is_pass();
        }
        let kills = self.kills();
        text.from == self.from
            && text.to == self.to
            && text.letter.is_none()
            && text.promote.unwrap_or(false) == self.promote
            && kills.len() == text.kills.len()
            && kills.iter().all(|k| text.kills.contains(k))
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut at = self.from;
        for &k in self.kills() {
            write!(f, "{at}{k},")?;
            at = k;
        }
        write!(f, "{at}{}", self.to)?;
        if self.promote {
            write!(f, "+")?;
        }
        Ok(())
    }
}

/// A move as written by a GUI or user, before it is checked against the
/// position: legs `a b,b c,...` chained, an optional promotion suffix, or the
/// null move `@@@@`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveText {
    pub from: Square,
    pub to: Square,
    pub kills: ArrayVec<Square, MAX_KILLS>,
    /// `Some(true)` for `+`, `Some(false)` for `=`, `None` without suffix.
    pub promote: Option<bool>,
    /// A piece letter after the destination (`g7g8z`): the piece the mover
    /// turns into, as HaChu's table names Saint/Ghost contagion. Only a
    /// move whose result the rules fix anyway matches it.
    pub letter: Option<char>,
    /// `@@@@`: a pass by whichever piece can make it.
    pub null: bool,
}

impl MoveText {
    /// Parse a move string for a board of `width` x `height`.
    pub fn parse(s: &str, width: usize, height: usize) -> Result<MoveText, String> {
        let s = s.trim();
        if s == "@@@@" {
            return Ok(MoveText {
                from: Square::default(),
                to: Square::default(),
                kills: ArrayVec::new(),
                promote: None,
                letter: None,
                null: true,
            });
        }
        let (body, promote) = if let Some(b) = s.strip_suffix('+') {
            (b, Some(true))
        } else if let Some(b) = s.strip_suffix('=') {
            (b, Some(false))
        } else {
            (s, None)
        };
        let mut letter = None;
        let mut body = body;
        if let [.., digit, c] = body.as_bytes()
            && digit.is_ascii_digit()
            && c.is_ascii_lowercase()
            && promote.is_none()
        {
            letter = Some(*c as char);
            body = &body[..body.len() - 1];
        }
        let mut squares: ArrayVec<Square, { MAX_KILLS + 2 }> = ArrayVec::new();
        for (i, leg) in body.split(',').enumerate() {
            let (a, rest) = Square::parse_prefix(leg, width, height)
                .ok_or_else(|| format!("bad square in leg '{leg}'"))?;
            let (b, rest) = Square::parse_prefix(rest, width, height)
                .ok_or_else(|| format!("bad destination in leg '{leg}'"))?;
            if !rest.is_empty() {
                return Err(format!("trailing text '{rest}'"));
            }
            if i == 0 {
                squares.push(a);
            } else if squares.last() != Some(&a) {
                return Err("legs do not chain".to_string());
            }
            squares
                .try_push(b)
                .map_err(|_| format!("more than {} legs", MAX_KILLS + 1))?;
        }
        let from = squares[0];
        let to = squares[squares.len() - 1];
        let kills = squares[1..squares.len() - 1].iter().copied().collect();
        Ok(MoveText {
            from,
            to,
            kills,
            promote,
            letter,
            null: false,
        })
    }

    /// The same move with its promotion suffix or piece letter dropped.
    pub fn without_suffix(&self) -> MoveText {
        MoveText {
            promote: None,
            letter: None,
            ..self.clone()
        }
    }

    /// `f6f7,f7f6` over an empty `f7` and `f6f6` both mean a pass by the
    /// piece on f6; the caller tells whether the single kill square is empty.
    pub fn as_pass(&self, kill_square_empty: bool) -> bool {
        !self.null
            && self.from == self.to
            && (self.kills.is_empty() || (self.kills.len() == 1 && kill_square_empty))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packing_keeps_every_part_of_a_move() {
        let sq = |f, r| Square::new(f, r);
        for mv in [
            Move::new(sq(0, 0), sq(15, 15), &[], false),
            Move::new(sq(5, 5), sq(5, 5), &[], false),
            Move::new(sq(3, 4), sq(3, 4), &[sq(4, 4)], true),
            Move::new(sq(7, 1), sq(9, 3), &[sq(8, 2), sq(10, 2)], true),
            Move::new(sq(15, 0), sq(0, 15), &[sq(12, 3), sq(1, 14)], false),
        ] {
            assert_eq!(Move::unpack(mv.pack()), mv, "{mv}");
        }
    }

    #[test]
    fn parses_and_prints_multi_leg_moves() {
        let t = MoveText::parse("f6f7,f7f8", 12, 12).unwrap();
        assert_eq!(t.from, Square::new(5, 5));
        assert_eq!(t.to, Square::new(5, 7));
        assert_eq!(t.kills.as_slice(), &[Square::new(5, 6)]);
        let m = Move::new(t.from, t.to, &t.kills, false);
        assert_eq!(m.to_string(), "f6f7,f7f8");
        assert!(m.matches(&t));
        assert_eq!(
            Move::new(Square::new(0, 9), Square::new(11, 11), &[], true).to_string(),
            "a10l12+"
        );
    }

    #[test]
    fn rejects_garbled_text() {
        for bad in [
            "",
            "f6",
            "f6f",
            "z1a1",
            "a0a1",
            "a1a13",
            "f6f7,f8f9",
            "f6f7xy",
            "f6f7+x",
            "a1b1,b1c1,c1d1,d1e1",
        ] {
            assert!(MoveText::parse(bad, 12, 12).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_piece_letter_suffix_is_kept_apart_from_promotion() {
        let t = MoveText::parse("g7g8z", 13, 13).unwrap();
        assert_eq!((t.letter, t.promote), (Some('z'), None));
        let plain = Move::new(t.from, t.to, &[], false);
        assert!(!plain.matches(&t));
        assert!(plain.matches(&t.without_suffix()));
    }

    #[test]
    fn kill_order_does_not_matter_for_matching() {
        let b2 = Square::new(1, 1);
        let c3 = Square::new(2, 2);
        let m = Move::new(Square::new(1, 2), Square::new(1, 2), &[b2, c3], false);
        for text in ["b3c3,c3b2,b2b3", "b3b2,b2c3,c3b3"] {
            let t = MoveText::parse(text, 13, 13).unwrap();
            assert!(m.matches(&t), "{text}");
        }
        let t = MoveText::parse("b3b2,b2b3", 13, 13).unwrap();
        assert!(!m.matches(&t));
    }
}
