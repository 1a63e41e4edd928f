//! Moves and positions in USI notation as lishogi writes Chu (its shogiops
//! library): files numbered from the first mover's right (`1` to `12`),
//! ranks lettered from the top (`a` to `l`): Kyodai's `a1` is `12l`, `l12`
//! is `1a`. A move is `from to`, a Lion-type double step `from middle to`
//! (igui and a pass go out and back: `7g7f7g`), `+` when it promotes. A
//! position (SFEN) is the board as Kyodai's FEN writes it, `b` (Sente, the
//! first mover) or `w`, the square of a Lion capture that limits the reply
//! or `-`, and the move number.

use crate::board::Position;
use crate::movegen::parse_move;
use crate::moves::Move;
use crate::perft::empty_midpoints;
use crate::types::Square;
use crate::variant::Variant;

/// A square in USI notation.
pub fn square(pos: &Position, sq: Square) -> String {
    let v = pos.variant();
    let file = v.width - sq.file();
    let rank = (b'a' + (v.height - 1 - sq.rank()) as u8) as char;
    format!("{file}{rank}")
}

/// The square a USI name (`7g`) names, if on the board.
pub fn parse_square(v: &Variant, text: &str) -> Option<Square> {
    let digits = text.len().checked_sub(1)?;
    let file: usize = text.get(..digits)?.parse().ok()?;
    let letter = *text.as_bytes().last()?;
    let from_top = letter.checked_sub(b'a')? as usize;
    if !(1..=v.width).contains(&file) || from_top >= v.height {
        return None;
    }
    Some(Square::new(v.width - file, v.height - 1 - from_top))
}

/// The squares of a USI move string and whether it promotes: `7g7f+`,
/// `7g7f6e` (a Lion-type two-step move through 7f).
fn split_move(v: &Variant, text: &str) -> Option<(Vec<Square>, bool)> {
    let (body, promotes) = match text.strip_suffix('+') {
        Some(b) => (b, true),
        // `=` declines a promotion explicitly.
        None => (text.strip_suffix('=').unwrap_or(text), false),
    };
    let mut squares = Vec::new();
    let mut rest = body;
    while !rest.is_empty() {
        let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
        let name = rest.get(..digits + 1)?;
        squares.push(parse_square(v, name)?);
        rest = &rest[digits + 1..];
    }
    matches!(squares.len(), 2 | 3).then_some((squares, promotes))
}

/// The move a USI string names in `pos`: any of the spellings shogiops
/// gives it (`move_paths`), the direct one and each two-step path.
pub fn parse_usi_move(pos: &Position, text: &str) -> Result<Move, String> {
    let v = pos.variant();
    let (squares, promotes) =
        split_move(v, text).ok_or_else(|| format!("not a USI move: '{text}'"))?;
    let cecp = |sq: Square| sq.to_string();
    let plus = if promotes { "+" } else { "" };
    let (from, to) = (squares[0], squares[squares.len() - 1]);
    // A middle square with a piece on it is a capture on the way (a leg of
    // its own in CECP notation); an empty one is a route of the direct move.
    let candidate = match squares.get(1) {
        Some(&mid) if squares.len() == 3 && !pos.cell(mid).is_empty() => {
            format!(
                "{}{},{}{}{plus}",
                cecp(from),
                cecp(mid),
                cecp(mid),
                cecp(to)
            )
        }
        _ => format!("{}{}{plus}", cecp(from), cecp(to)),
    };
    let mv = if from == to && squares.len() == 3 && pos.cell(squares[1]).is_empty() {
        pass_of(pos, from)?
    } else {
        parse_move(pos, &candidate)?
    };
    if move_paths(pos, mv)
        .iter()
        .any(|p| p == text.trim_end_matches('='))
    {
        Ok(mv)
    } else {
        Err(format!("no such path for this move: '{text}'"))
    }
}

/// The pass of the piece on `from` (a move back to its own square with
/// nothing taken), if it can make one.
fn pass_of(pos: &Position, from: Square) -> Result<Move, String> {
    let mut moves = Vec::new();
    crate::movegen::generate(pos, &mut moves);
    moves
        .into_iter()
        .find(|m| m.is_pass() && m.from() == from)
        .ok_or_else(|| "that piece cannot pass here".to_string())
}

/// The USI string Kyodai sends for `mv`: the direct spelling, or for a
/// pass its first path.
pub fn usi_move(pos: &Position, mv: Move) -> String {
    move_paths(pos, mv)
        .into_iter()
        .next()
        .unwrap_or_else(|| mv.to_string())
}

/// What an SFEN says besides the board.
#[derive(Clone)]
pub struct Sfen {
    pub position: Position,
    /// The square of the Lion capture that limits the reply.
    pub lion_capture: Option<Square>,
    /// The number of the next move (1 at the start).
    pub move_number: u32,
}

/// Read an SFEN of variant `v`.
pub fn parse_sfen(v: &'static Variant, text: &str) -> Result<Sfen, String> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    let [board, side, rest @ ..] = fields.as_slice() else {
        return Err(format!("SFEN needs a board and a side: '{text}'"));
    };
    let side = match *side {
        "b" => "w",
        "w" => "b",
        s => return Err(format!("bad side to move '{s}' (b or w)")),
    };
    let lion_capture = match rest.first() {
        None | Some(&"-") => None,
        Some(sq) => Some(parse_square(v, sq).ok_or_else(|| format!("bad square '{sq}'"))?),
    };
    let lion_field = lion_capture.map_or("-".to_string(), |sq| sq.to_string());
    let position = Position::from_fen(v, &format!("{board} {side} {lion_field}"))?;
    let move_number = match rest.get(1) {
        None => 1,
        Some(n) => n
            .parse::<u32>()
            .ok()
            .filter(|&n| n >= 1)
            .ok_or_else(|| format!("bad move number '{n}'"))?,
    };
    if rest.len() > 2 {
        return Err(format!("SFEN has extra fields: '{text}'"));
    }
    Ok(Sfen {
        position,
        lion_capture,
        move_number,
    })
}

/// `pos` as an SFEN with move number `move_number` (`parse_sfen` reads it
/// back).
pub fn sfen(pos: &Position, move_number: u32) -> String {
    let v = pos.variant();
    let fen = pos.fen();
    let mut fields = fen.split_whitespace();
    let board = fields.next().unwrap_or_default();
    let side = if pos.side() == crate::types::Color::White {
        "b"
    } else {
        "w"
    };
    let lion = fields
        .nth(1)
        .and_then(|f| Square::parse_prefix(f, v.width, v.height))
        .map_or("-".to_string(), |(sq, _)| square(pos, sq));
    format!("{board} {side} {lion} {move_number}")
}

/// Every way shogiops writes `mv`, one per path: the direct one first
/// (none for a pass), then one through each empty square it can step
/// through. A move that removes a piece other than on its destination
/// has one spelling, through that square.
pub fn move_paths(pos: &Position, mv: Move) -> Vec<String> {
    let sq = |s| square(pos, s);
    let promotion = if mv.promotes() { "+" } else { "" };
    let (from, to) = (sq(mv.from()), sq(mv.to()));
    if let [kill] = mv.kills() {
        return vec![format!("{from}{}{to}{promotion}", sq(*kill))];
    }
    let direct = (!mv.is_pass()).then(|| format!("{from}{to}{promotion}"));
    direct
        .into_iter()
        .chain(
            empty_midpoints(pos, mv)
                .into_iter()
                .map(|mid| format!("{from}{}{to}{promotion}", sq(mid))),
        )
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::movegen::parse_move;
    use crate::variant::VariantSet;

    #[test]
    fn every_spelling_reads_back_as_its_move() {
        let v = VariantSet::builtin().find("chu").expect("built in");
        let pos = Position::from_fen(v, "11k/12/12/12/12/12/5p6/5N6/12/12/12/K11 w - 0 1")
            .expect("reads");
        let mut moves = Vec::new();
        crate::movegen::generate(&pos, &mut moves);
        for mv in moves {
            for text in move_paths(&pos, mv) {
                assert_eq!(parse_usi_move(&pos, &text).ok(), Some(mv), "{text}");
            }
        }
        // A middle square no step reaches, a move off the board, garbage.
        for bad in ["7h5f9h", "7h7h", "13a1a", "7h", "", "7h7g7f7e", "x"] {
            assert!(parse_usi_move(&pos, bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn the_start_sfen_is_the_start_position() {
        let v = VariantSet::builtin().find("chu").expect("built in");
        let start = "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 1";
        let sfen = parse_sfen(v, start).expect("reads");
        assert_eq!(sfen.position.fen(), Position::start(v).fen());
        assert_eq!((sfen.lion_capture, sfen.move_number), (None, 1));
        assert_eq!(super::sfen(&sfen.position, 1), start);
        let gote_text = start.replace(" b - 1", " w 7f 12");
        let gote = parse_sfen(v, &gote_text).expect("reads");
        assert_eq!(gote.position.side(), crate::types::Color::Black);
        assert_eq!(gote.lion_capture, Some(Square::new(5, 6)));
        assert_eq!(gote.move_number, 12);
        let gote_moves = gote_text.replace(" 7f ", " - ");
        let gote_sfen = parse_sfen(v, &gote_moves).expect("reads");
        assert_eq!(super::sfen(&gote_sfen.position, 12), gote_moves);
        for bad in [
            "",
            "x b - 1",
            &start.replace(" b ", " x "),
            &start.replace(" - ", " 13z "),
        ] {
            assert!(parse_sfen(v, bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn squares_and_paths_as_shogiops_writes_them() {
        let v = VariantSet::builtin().find("chu").expect("built in");
        let pos = Position::from_fen(v, "11k/12/12/12/12/12/5p6/5N6/12/12/12/K11 w - 0 1")
            .expect("reads");
        assert_eq!(square(&pos, Square::new(0, 0)), "12l");
        assert_eq!(square(&pos, Square::new(11, 11)), "1a");
        // Lion f5 (7h), Gote Pawn f6 (7g): taking it on the way to f7 is
        // one move with one spelling, and so is taking it and going back.
        let double = parse_move(&pos, "f5f6,f6f7").expect("legal");
        assert_eq!(move_paths(&pos, double), ["7h7g7f"]);
        let igui = parse_move(&pos, "f5f6,f6f5").expect("legal");
        assert_eq!(move_paths(&pos, igui), ["7h7g7h"]);
        // The jump to d5 (9h): directly, or through e5 (8h), e4 (8i) or
        // e6 (8g).
        let jump = parse_move(&pos, "f5d5").expect("legal");
        let mut paths = move_paths(&pos, jump);
        assert_eq!(paths.remove(0), "7h9h");
        paths.sort();
        assert_eq!(paths, ["7h8g9h", "7h8h9h", "7h8i9h"]);
    }
}
