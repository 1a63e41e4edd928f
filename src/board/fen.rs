//! Setting up a position: the start position, a FEN read and written.

use super::zobrist::ZOBRIST;
use super::{MAX_ROYALS, MAX_SPECIALS, MAX_STRIKERS, Position, RuleState};
use crate::pairs;
use crate::placement;
use crate::types::{CELL_WORDS, CELLS, Cell, Color, Piece, Square};
use crate::variant::{CounterStrike, PAIR_RANK, PieceType, Variant};
use arrayvec::ArrayVec;

impl Position {
    /// The variant's start position.
    pub fn start(variant: &'static Variant) -> Position {
        // The start FEN is part of the variant data, which tests check.
        Position::from_fen(variant, &variant.start_fen).expect("variant start FEN is valid")
    }

    fn empty(variant: &'static Variant) -> Position {
        let mut cells = [Cell::OFF; CELLS];
        for &sq in &variant.squares {
            cells[sq.index()] = Cell::EMPTY;
        }
        Position {
            variant,
            placement_table: placement::table(variant),
            pair_table: pairs::table(variant),
            cells,
            side: Color::White,
            state: RuleState::default(),
            hash: 0,
            royals: [ArrayVec::new(), ArrayVec::new()],
            specials: [ArrayVec::new(), ArrayVec::new()],
            strikers: [ArrayVec::new(), ArrayVec::new()],
            occupied: [[0; CELL_WORDS]; 2],
            material: [0; 2],
            material_key: 0,
            strong: [0; 2],
            hooks: [[0; 2]; 2],
            freezers: [0; 2],
            placement: [0; 2],
            pair_sums: [[0; PAIR_RANK]; 2],
            reversible: 0,
            undo: Vec::with_capacity(256),
            keys: Vec::with_capacity(512),
            okazaki: false,
            had_royals: [false; 2],
        }
    }

    /// Read a FEN: the board field and the side to move; in a variant with
    /// the Lion-trading rules, a square in the third field (`f6`, not `-`)
    /// is where a non-Lion has just taken a Lion, as lishogi's SFEN has it
    /// (`RuleState::lion_strike`, and under lishogi's counter-strike rule
    /// `lion_square`); any other tail is ignored.
    pub fn from_fen(variant: &'static Variant, fen: &str) -> Result<Position, String> {
        let mut fields = fen.split_whitespace();
        let board = fields.next().ok_or("empty FEN")?;
        let side = match fields.next() {
            None | Some("w") => Color::White,
            Some("b") => Color::Black,
            Some(s) => return Err(format!("bad side to move '{s}'")),
        };
        let exact = variant.counter_strike == CounterStrike::ExceptSameSquare;
        let lion_square = match fields.next() {
            Some(text) if text != "-" && variant.lion_trading => {
                match Square::parse_prefix(text, variant.width, variant.height) {
                    Some((sq, "")) => Some(sq),
                    _ if exact => return Err(format!("bad Lion-capture square '{text}'")),
                    // XBoard's castling field, which these games leave '-'.
                    _ => None,
                }
            }
            _ => None,
        };
        let mut pos = Position::empty(variant);
        let mut royal_capable = [0usize; 2];
        let mut special_capable = [0usize; 2];
        let mut striker_capable = [0usize; 2];
        let ranks: Vec<&str> = board.split('/').collect();
        if ranks.len() != variant.height {
            return Err(format!(
                "FEN has {} ranks, {} expected",
                ranks.len(),
                variant.height
            ));
        }
        for (i, text) in ranks.iter().enumerate() {
            let rank = variant.height - 1 - i;
            let mut file = 0usize;
            let chars: Vec<char> = text.chars().collect();
            let mut j = 0;
            while j < chars.len() {
                let c = chars[j];
                if c.is_ascii_digit() {
                    let digits: String = chars[j..]
                        .iter()
                        .take_while(|c| c.is_ascii_digit())
                        .collect();
                    j += digits.len();
                    let run = digits
                        .parse::<usize>()
                        .map_err(|_| "bad empty-square count")?;
                    file = file.saturating_add(run);
                    continue;
                }
                let mut token = String::new();
                if c == '+' {
                    token.push('+');
                    j += 1;
                }
                let letter = *chars.get(j).ok_or("'+' without a piece letter")?;
                if !letter.is_ascii_alphabetic() {
                    return Err(format!("unexpected '{letter}' in FEN"));
                }
                token.push(letter);
                j += 1;
                if let Some(&s) = chars.get(j).filter(|&&s| s == '\'' || s == '!') {
                    token.push(s);
                    j += 1;
                }
                let kind = variant
                    .kind(&token)
                    .ok_or_else(|| format!("unknown piece '{token}'"))?;
                let color = if letter.is_ascii_uppercase() {
                    Color::White
                } else {
                    Color::Black
                };
                if file >= variant.width {
                    return Err(format!(
                        "rank {} is longer than {} squares",
                        rank + 1,
                        variant.width
                    ));
                }
                // The royal and special-piece lists have fixed room; pieces
                // that may join them by promotion count too, so that they
                // can never overflow in play.
                let t = variant.piece(kind);
                let may_be = |f: fn(&PieceType) -> bool| {
                    f(t) || t.promotes_to.is_some_and(|k| f(variant.piece(k)))
                };
                for (is, counts, room, what) in [
                    (
                        may_be(|p| p.royal),
                        &mut royal_capable,
                        MAX_ROYALS,
                        "royal (or royal-to-be) pieces",
                    ),
                    (
                        may_be(|p| p.special),
                        &mut special_capable,
                        MAX_SPECIALS,
                        "pieces with special moves",
                    ),
                    (
                        may_be(|p| p.striker),
                        &mut striker_capable,
                        MAX_STRIKERS,
                        "Lions and Fire Demons (or pieces promoting to one)",
                    ),
                ] {
                    counts[color.index()] += usize::from(is);
                    if counts[color.index()] > room {
                        return Err(format!("more than {room} {what} of one side"));
                    }
                }
                pos.put(Square::new(file, rank), Cell::from(Piece::new(color, kind)));
                file += 1;
            }
            if file != variant.width {
                return Err(format!(
                    "rank {} has {file} squares, {} expected",
                    rank + 1,
                    variant.width
                ));
            }
        }
        pos.side = side;
        pos.had_royals = [0, 1].map(|i| !pos.royals[i].is_empty());
        if side == Color::Black {
            pos.hash ^= ZOBRIST.black_to_move;
        }
        if lion_square.is_some() {
            pos.state.lion_strike = true;
            pos.state.lion_square = lion_square.filter(|_| exact);
        }
        pos.keys.push(pos.hash);
        Ok(pos)
    }

    pub fn fen(&self) -> String {
        let v = self.variant;
        let mut out = String::new();
        for rank in (0..v.height).rev() {
            let mut empty = 0;
            for file in 0..v.width {
                match self.piece_at(Square::new(file, rank)) {
                    None => empty += 1,
                    Some(p) => {
                        if empty > 0 {
                            out += &empty.to_string();
                            empty = 0;
                        }
                        out += &self.token(p);
                    }
                }
            }
            if empty > 0 {
                out += &empty.to_string();
            }
            if rank > 0 {
                out.push('/');
            }
        }
        out += if self.side == Color::White {
            " w"
        } else {
            " b"
        };
        match self.state.lion_square {
            Some(sq) => out += &format!(" {sq} 0 1"),
            None => out += " - 0 1",
        }
        out
    }

    /// FEN token of a piece: upper case for White.
    pub fn token(&self, p: Piece) -> String {
        let t = &self.variant.piece(p.kind()).token;
        match p.color() {
            Color::White => t.clone(),
            Color::Black => t.to_ascii_lowercase(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::VariantSet;

    fn chu() -> &'static Variant {
        let set = VariantSet::builtin();
        set.find("chu").unwrap()
    }

    #[test]
    fn start_fen_round_trips() {
        let v = chu();
        let p = Position::start(v);
        assert_eq!(p.fen(), v.start_fen);
        assert_eq!(p.pieces(Color::White).count(), 46);
        assert_eq!(p.pieces(Color::Black).count(), 46);
        assert_eq!(p.royals(Color::White), 1);
    }

    #[test]
    fn broken_fens_are_rejected() {
        let v = chu();
        for bad in [
            "",
            "12/12 w",
            "13/12/12/12/12/12/12/12/12/12/12/12 w",
            "11/12/12/12/12/12/12/12/12/12/12/12 w",
            "Z11/12/12/12/12/12/12/12/12/12/12/12 w",
            "+12/12/12/12/12/12/12/12/12/12/12/12 w",
            "12/12/12/12/12/12/12/12/12/12/12/12 x",
            "K*10/12/12/12/12/12/12/12/12/12/12/12 w",
        ] {
            assert!(Position::from_fen(v, bad).is_err(), "{bad}");
        }
    }
}
