//! Chu's pieces as KIF names them (scalashogi's `KifUtils`): the names a
//! move may give each, and the one-square name of a board diagram.

use crate::board::Position;
use crate::types::Square;

/// Each Chu piece (by its `engine.ini` token): its names in a KIF move,
/// the one lishogi writes first, and its name in a board diagram.
pub(crate) const PIECES: &[(&str, &[&str], &str)] = &[
    ("K", &["玉将", "王将", "玉", "王"], "玉"),
    ("Q", &["奔王", "奔"], "奔"),
    ("N", &["獅子", "獅", "師"], "獅"),
    ("D", &["龍王", "龍玉", "竜", "竜王", "竜玉", "龍"], "龍"),
    ("H", &["龍馬", "竜馬", "馬"], "馬"),
    ("R", &["飛車", "飛"], "飛"),
    ("B", &["角行", "角"], "角"),
    ("V", &["竪行", "竪"], "竪"),
    ("M", &["横行", "横"], "横"),
    ("A", &["反車", "反"], "反"),
    ("L", &["香車", "香"], "香"),
    ("O", &["麒麟", "麒"], "麒"),
    ("X", &["鳳凰", "鳳"], "鳳"),
    ("E", &["醉象", "酔象", "象"], "象"),
    ("T", &["盲虎", "虎"], "虎"),
    ("F", &["猛豹", "豹"], "豹"),
    ("G", &["金将", "金"], "金"),
    ("S", &["銀将", "銀"], "銀"),
    ("C", &["銅将", "銅"], "銅"),
    ("I", &["仲人", "仲"], "仲"),
    ("P", &["歩兵", "歩", "兵"], "歩"),
    // A promoted piece goes by the name of the piece it moves as: the
    // Tokin as a Gold, a promoted Gold as a Rook.
    (
        "+P",
        &["金将", "金", "と", "と金", "个", "杏", "成歩", "成兵"],
        "杏",
    ),
    ("+I", &["醉象", "酔象", "象", "成象"], "成象"),
    ("+C", &["横行", "横", "成横"], "成横"),
    ("+S", &["竪行", "竪", "成竪"], "成竪"),
    ("+G", &["金飛車", "飛車", "飛", "成飛"], "成飛"),
    ("+F", &["小角", "角行", "角", "成角"], "成角"),
    ("+T", &["飛鹿", "鹿"], "鹿"),
    ("+E", &["太子", "太"], "太"),
    ("+L", &["白駒", "駒"], "駒"),
    ("+A", &["鯨鯢", "鯨"], "鯨"),
    ("+O", &["獅子", "獅", "師", "成獅", "成師"], "成獅"),
    ("+X", &["奔王", "奔", "成奔"], "成奔"),
    ("+M", &["奔猪", "猪"], "猪"),
    ("+V", &["飛牛", "牛"], "牛"),
    ("+B", &["龍馬", "竜馬", "馬", "成馬"], "成馬"),
    (
        "+R",
        &["龍王", "龍玉", "竜", "竜王", "竜玉", "龍", "成竜", "成龍"],
        "成龍",
    ),
    ("+H", &["角鷹", "鷹"], "鷹"),
    ("+D", &["飛鷲", "鷲"], "鷲"),
];

/// The token of the piece on `sq` (`+O`), if any.
pub(crate) fn token_at(pos: &Position, sq: Square) -> Option<&'static str> {
    let p = pos.piece_at(sq)?;
    let token = &pos.variant().piece(p.kind()).token;
    PIECES.iter().find(|e| e.0 == token).map(|e| e.0)
}

/// Whether `name` is a KIF name of the piece on `from`.
pub(crate) fn check_piece(pos: &Position, from: Square, name: &str) -> Result<(), String> {
    let token = token_at(pos, from);
    let names = PIECES.iter().find(|e| Some(e.0) == token).map(|e| e.1);
    match names {
        Some(names) if names.contains(&name) => Ok(()),
        Some(names) => Err(format!("the piece there is a {}, not a {name}", names[0])),
        None => Err(format!("no piece KIF names {name} stands there")),
    }
}
