//! PGN: the games a match writes (`-pgnout`), and the openings it reads
//! (`-openings format=pgn`). Moves are in Kyodai's CECP notation; `White`
//! is the first mover (Sente), as in XBoard's PGN of these games.

use super::referee::{GameRecord, Opening, comment};
use crate::board::Position;
use crate::game;
use crate::movegen::parse_move_as_played;
use crate::moves::Move;
use crate::variant::Variant;

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

/// One game of a PGN file as read back: its `Variant` and `FEN` tags
/// (none: the variant's start position), its moves and its result (`1-0`,
/// `0-1`, `1/2-1/2` or `*`; none when the movetext ends without one).
#[derive(Clone, Debug, Default)]
pub struct PgnGame {
    pub variant: Option<String>,
    pub fen: Option<String>,
    pub moves: Vec<String>,
    /// The comment after each move (without its braces), `comments[i]`
    /// following `moves[i]`: `kyodai match` writes the mover's score,
    /// depth and time there (`+0.35/12 0.50s`).
    pub comments: Vec<Option<String>>,
    pub result: Option<String>,
}

impl PgnGame {
    /// Plays the game through from its start under `v`'s rules, showing
    /// `visit` each position before its move with the move and its ply
    /// index. An unreadable or illegal move ends the replay with an error
    /// naming its ply and text.
    pub fn replay(
        &self,
        v: &'static Variant,
        mut visit: impl FnMut(&Position, Move, usize),
    ) -> Result<(), String> {
        let mut pos = Position::from_fen(v, self.fen.as_deref().unwrap_or(&v.start_fen))?;
        for (i, text) in self.moves.iter().enumerate() {
            let at = |e: String| format!("ply {}, {text}: {e}", i + 1);
            let mv = parse_move_as_played(&pos, text, false).map_err(at)?;
            visit(&pos, mv, i);
            game::play_accepted(&mut pos, mv).map_err(|e| at(e.to_string()))?;
        }
        Ok(())
    }
}

/// The value of tag `name` on `line` (`[Name "value"]`).
fn tag<'a>(line: &'a str, name: &str) -> Option<&'a str> {
    line.strip_prefix('[')?
        .strip_prefix(name)?
        .strip_prefix(" \"")?
        .strip_suffix("\"]")
}

/// The games of a PGN file.
pub fn read_games(text: &str) -> Vec<PgnGame> {
    let mut games = Vec::new();
    let mut current: Option<PgnGame> = None;
    let mut in_comment = false;
    for line in text.lines() {
        let line = line.trim();
        if !in_comment && line.starts_with('[') {
            // A tag after movetext starts the next game.
            if current.as_ref().is_some_and(|g| !g.moves.is_empty()) {
                games.extend(current.take());
            }
            let game = current.get_or_insert_with(PgnGame::default);
            if let Some(value) = tag(line, "FEN") {
                game.fen = Some(value.to_string());
            } else if let Some(value) = tag(line, "Variant") {
                game.variant = Some(value.to_string());
            }
            continue;
        }
        for word in line.split_whitespace() {
            if in_comment {
                in_comment = !word.ends_with('}');
                add_to_comment(&mut current, word);
                continue;
            }
            if word.starts_with('{') {
                in_comment = !word.ends_with('}');
                add_to_comment(&mut current, word);
                continue;
            }
            if matches!(word, "1-0" | "0-1" | "1/2-1/2" | "*") {
                if let Some(mut game) = current.take() {
                    game.result = Some(word.to_string());
                    games.push(game);
                }
                continue;
            }
            // Move numbers (`12.`, `12...`, `12.a1a2`) and NAGs (`$1`).
            let word = word.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
            if word.is_empty() || word.starts_with('$') {
                continue;
            }
            let game = current.get_or_insert_with(PgnGame::default);
            game.moves.push(word.to_string());
            game.comments.push(None);
        }
    }
    games.extend(current);
    games
}

/// Adds a word of a comment to the current game's last move (a comment
/// before the first move is not kept).
fn add_to_comment(current: &mut Option<PgnGame>, word: &str) {
    let Some(comment) = current
        .as_mut()
        .and_then(|g| g.comments.last_mut())
        .map(|c| c.get_or_insert_with(String::new))
    else {
        return;
    };
    let word = word.trim_start_matches('{').trim_end_matches('}');
    if word.is_empty() {
        return;
    }
    if !comment.is_empty() {
        comment.push(' ');
    }
    comment.push_str(word);
}

/// The openings of a PGN file: each game's `FEN` tag (none: the start
/// position) and its moves, at most `plies` of them.
pub fn read_openings(text: &str, plies: Option<usize>) -> Vec<Opening> {
    read_games(text)
        .into_iter()
        .map(|mut g| {
            if let Some(p) = plies {
                g.moves.truncate(p);
            }
            Opening {
                fen: g.fen,
                moves: g.moves,
                number: None,
            }
        })
        .collect()
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
        let text = "[Event \"x\"]\n[FEN \"k11/12/12/12/12/12/12/12/12/12/12/R10K w - 0 1\"]\n\n\
                    1. a1a2 {book} a12b12 2. a2a3 $1 *\n\n[Event \"y\"]\n\n1. h3h4 i10i9 1-0\n";
        let o = read_openings(text, None);
        assert_eq!(o.len(), 2);
        assert_eq!(o[0].moves, ["a1a2", "a12b12", "a2a3"]);
        assert!(o[0].fen.as_deref().is_some_and(|f| f.starts_with("k11/")));
        assert_eq!(o[1].fen, None);
        assert_eq!(o[1].moves, ["h3h4", "i10i9"]);
        let o = read_openings(text, Some(1));
        assert_eq!(o[0].moves, ["a1a2"]);
        let g = read_games(
            "[Variant \"chu\"]\n\n1. h3h4 {a comment} i10i9 1-0\n\n1. a1a2 *\n\n1. b1b2",
        );
        assert_eq!(g.len(), 3);
        assert_eq!(g[0].variant.as_deref(), Some("chu"));
        assert_eq!((g[0].moves.len(), g[0].result.as_deref()), (2, Some("1-0")));
        assert_eq!(
            (g[1].variant.as_deref(), g[1].result.as_deref()),
            (None, Some("*"))
        );
        assert_eq!((g[2].moves.len(), g[2].result.as_deref()), (1, None));
    }
}
