//! PGN: the games a match writes (`-pgnout`), and the openings it reads
//! (`-openings format=pgn`). Moves are in Kyodai's CECP notation; `White`
//! is the first mover (Sente), as in XBoard's PGN of these games.

use super::referee::{GameRecord, Opening, comment};
use crate::record;
use crate::variant::{Variant, VariantSet};

/// Tag values may not hold `"` or `\` unescaped.
fn escape(s: &str) -> String {
    s.replace('\\', "\\\\").replace('"', "\\\"")
}

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
    pub variant: &'a str,
    /// Each side's time control tag, Sente first.
    pub time_controls: [String; 2],
    /// The variant's own start position: no `FEN` tag when the game
    /// starts there.
    pub standard_start: &'a str,
}

/// One game in PGN, ending with a blank line.
pub fn write(game: &GameRecord, h: &Header) -> String {
    let mut out = String::new();
    let mut tag = |name: &str, value: &str| {
        out += &format!("[{name} \"{}\"]\n", escape(value));
    };
    tag("Event", h.event);
    tag("Site", h.site);
    tag("Date", h.date);
    tag("Round", &game.spec.round.to_string());
    tag("White", &game.names[0]);
    tag("Black", &game.names[1]);
    tag("Result", game.result());
    if game.start_fen != h.standard_start {
        tag("FEN", &game.start_fen);
        tag("SetUp", "1");
    }
    tag("Variant", h.variant);
    if h.time_controls[0] == h.time_controls[1] {
        tag("TimeControl", &h.time_controls[0]);
    } else {
        tag("WhiteTimeControl", &h.time_controls[0]);
        tag("BlackTimeControl", &h.time_controls[1]);
    }
    tag("PlyCount", &game.moves.len().to_string());
    tag("Termination", game.termination.tag());
    out.push('\n');
    // Movetext, wrapped before 80 columns.
    let first_mover_starts = game.start_fen.split_whitespace().nth(1) != Some("b");
    let mut tokens = Vec::new();
    for (i, m) in game.moves.iter().enumerate() {
        let ply = i + usize::from(!first_mover_starts);
        if ply % 2 == 0 {
            tokens.push(format!("{}.", ply / 2 + 1));
        } else if i == 0 {
            tokens.push(format!("{}...", ply / 2 + 1));
        }
        tokens.push(m.text.clone());
        tokens.push(format!("{{{}}}", comment(m)));
    }
    tokens.push(format!("{{{}}}", game.reason.replace('}', ")")));
    tokens.push(game.result().to_string());
    let mut line = String::new();
    for t in tokens {
        if !line.is_empty() && line.len() + 1 + t.len() > 79 {
            out += &line;
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line += &t;
    }
    out += &line;
    out += "\n\n";
    out
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
