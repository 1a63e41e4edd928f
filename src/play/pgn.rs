//! PGN: the games a match writes (`-pgnout`), and the openings it reads
//! (`-openings format=pgn`). Moves are in Kyodai's CECP notation; `White`
//! is the first mover (Sente), as in XBoard's PGN of these games.

use super::referee::{GameRecord, Opening, comment};
use crate::record::{self, Game, GameMove};
use crate::variant::{Variant, VariantSet};

/// Today's date as PGN writes it, from the system clock (UTC).
pub fn today() -> String {
    let days = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() / 86_400) as i64;
    let (y, m, d) = civil_from_days(days);
    format!("{y:04}.{m:02}.{d:02}")
}

/// The calendar date of a day count since 1970-01-01 (Howard Hinnant's
/// days-to-civil algorithm).
fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

/// What the tags need besides the game itself.
pub struct Header<'a> {
    pub event: &'a str,
    pub site: &'a str,
    pub date: &'a str,
    pub variant: &'static Variant,
    /// Each side's time control tag, Sente first.
    pub time_controls: [String; 2],
}

/// One game in PGN, ending with a blank line, written by the game
/// records' writer (`record::pgn::write`): the seven tags, the start
/// position where it is not the variant's, the variant, the time
/// controls, the ply count and the termination; each move's comment
/// (`+0.32/12 1.2s`, `book`), and the reason the game ended last.
pub fn write(game: &GameRecord, h: &Header) -> String {
    let result = game.result().to_string();
    let mut tags: Vec<(&str, String)> = vec![
        ("Event", h.event.to_string()),
        ("Site", h.site.to_string()),
        ("Date", h.date.to_string()),
        ("Round", game.spec.round.to_string()),
        ("White", game.names[0].clone()),
        ("Black", game.names[1].clone()),
        ("Result", result.clone()),
    ];
    if !record::same_position(&game.start_fen, &h.variant.start_fen) {
        tags.push(("FEN", game.start_fen.clone()));
        tags.push(("SetUp", "1".to_string()));
    }
    tags.push(("Variant", h.variant.name.clone()));
    if h.time_controls[0] == h.time_controls[1] {
        tags.push(("TimeControl", h.time_controls[0].clone()));
    } else {
        tags.push(("WhiteTimeControl", h.time_controls[0].clone()));
        tags.push(("BlackTimeControl", h.time_controls[1].clone()));
    }
    tags.push(("PlyCount", game.moves.len().to_string()));
    tags.push(("Termination", game.termination.tag().to_string()));
    let mut moves: Vec<GameMove> = game
        .moves
        .iter()
        .map(|m| GameMove {
            mv: m.mv,
            text: m.text.clone(),
            nags: Vec::new(),
            comments: vec![comment(m)],
        })
        .collect();
    let mut comments = Vec::new();
    match moves.last_mut() {
        Some(last) => last.comments.push(game.reason.clone()),
        None => comments.push(game.reason.clone()),
    }
    record::pgn::write(&Game {
        number: usize::try_from(game.spec.number).unwrap_or(usize::MAX),
        variant: h.variant,
        tags: tags.into_iter().map(|(n, v)| (n.to_string(), v)).collect(),
        start_fen: game.start_fen.clone(),
        comments,
        moves,
        result: Some(result),
    })
}

/// The openings of a PGN file, read by the game records' reader
/// (`record::pgn`): each game's start position and its moves, at most
/// `plies` of them; a game without a `Variant` tag is `variant`'s. A game
/// the reader cannot take whole is an error: a match must not play an
/// opening other than the one written.
pub fn read_openings(
    text: &str,
    set: &'static VariantSet,
    variant: &'static Variant,
    plies: Option<usize>,
) -> Result<Vec<Opening>, String> {
    let read = record::pgn::read(text, set, Some(variant));
    if let Some(p) = read.problems.first() {
        return Err(p.to_string());
    }
    Ok(read
        .games
        .into_iter()
        .map(|g| {
            let moves = g.moves.iter().take(plies.unwrap_or(usize::MAX));
            Opening {
                fen: (!g.standard_start()).then(|| g.start_fen.clone()),
                moves: moves.map(|m| m.mv.to_string()).collect(),
                number: None,
            }
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_from_day_counts() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(20_781), (2026, 11, 24));
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
    }

    #[test]
    fn reads_pgn_openings() {
        let set = VariantSet::builtin();
        let chu = set.find("chu").expect("chu is built in");
        let text = "[Event \"x\"]\n[FEN \"k11/12/12/12/12/12/12/12/12/12/12/R10K w - 0 1\"]\n\n\
                    1. a1a2 {book} a12b12 2. a2a3 $1 *\n\n[Event \"y\"]\n\n1. h4h5 h9h8 1-0\n";
        let o = read_openings(text, set, chu, None).expect("both games read");
        assert_eq!(o.len(), 2);
        assert_eq!(o[0].moves, ["a1a2", "a12b12", "a2a3"]);
        assert!(o[0].fen.as_deref().is_some_and(|f| f.starts_with("k11/")));
        assert_eq!(o[1].fen, None);
        assert_eq!(o[1].moves, ["h4h5", "h9h8"]);
        let o = read_openings(text, set, chu, Some(1)).expect("both games read");
        assert_eq!(o[0].moves, ["a1a2"]);
        // A move the rules refuse is an error naming the game and ply.
        let e = read_openings("1. h4h5 h9h8 2. h5h8 *\n", set, chu, None).unwrap_err();
        assert!(e.contains("game 1") && e.contains("ply 3"), "{e}");
    }
}
