//! PGN as XBoard and `kyodai match` write these games: tags (`Variant`,
//! `FEN`, Kyodai's `Rules` for a rule set other than its own), moves in
//! Kyodai's CECP notation, `White` the first mover (Sente), comments,
//! NAGs, several games a file. Variations (`( ... )`) are read over and
//! not kept; `;` and `%` comments are skipped.

use super::replay::{
    Game, MAX_GAMES, MAX_PLIES, MAX_TAGS, Notation, Problem, RawGame, RawMove, Read,
    bounded_comment, replay, variant_of,
};
use crate::variant::{Rules, Variant, VariantSet};

/// The lexical pieces of PGN movetext and headers.
#[derive(Debug, PartialEq)]
enum Token {
    Tag(String, String),
    /// A line that starts with `[` but is no tag.
    BrokenTag(String),
    Comment(String),
    Nag(u8),
    Move(String),
    Result(String),
    VariationStart,
    VariationEnd,
}

/// `[Name "value"]` with `\"` and `\\` escapes.
fn parse_tag(line: &str) -> Option<(String, String)> {
    let inner = line.strip_prefix('[')?.trim_end().strip_suffix(']')?;
    let (name, rest) = inner.split_once(char::is_whitespace)?;
    if name.is_empty() || !name.chars().all(|c| c.is_alphanumeric() || c == '_') {
        return None;
    }
    let quoted = rest.trim().strip_prefix('"')?.strip_suffix('"')?;
    let mut value = String::new();
    let mut chars = quoted.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => value.push(chars.next()?),
            '"' => return None,
            c => value.push(c),
        }
    }
    Some((name.to_string(), value))
}

fn tokens(text: &str) -> Vec<Token> {
    let mut out = Vec::new();
    let mut comment: Option<String> = None;
    for line in text.lines() {
        let trimmed = line.trim();
        if comment.is_none() {
            if trimmed.starts_with('%') {
                continue;
            }
            if trimmed.starts_with('[') {
                out.push(match parse_tag(trimmed) {
                    Some((n, v)) => Token::Tag(n, v),
                    None => Token::BrokenTag(trimmed.to_string()),
                });
                continue;
            }
        }
        let chars = line.chars();
        let mut word = String::new();
        let flush = |word: &mut String, out: &mut Vec<Token>| {
            if !word.is_empty() {
                out.extend(word_token(word));
                word.clear();
            }
        };
        for c in chars {
            if let Some(text) = comment.as_mut() {
                if c == '}' {
                    out.push(Token::Comment(bounded_comment(text)));
                    comment = None;
                } else {
                    text.push(c);
                }
                continue;
            }
            match c {
                '{' => {
                    flush(&mut word, &mut out);
                    comment = Some(String::new());
                }
                ';' => {
                    flush(&mut word, &mut out);
                    break;
                }
                '(' => {
                    flush(&mut word, &mut out);
                    out.push(Token::VariationStart);
                }
                ')' => {
                    flush(&mut word, &mut out);
                    out.push(Token::VariationEnd);
                }
                c if c.is_whitespace() => flush(&mut word, &mut out),
                c => word.push(c),
            }
        }
        flush(&mut word, &mut out);
        if let Some(text) = comment.as_mut() {
            text.push('\n');
        }
    }
    if let Some(text) = comment {
        out.push(Token::Comment(bounded_comment(&text)));
    }
    out
}

/// The tokens of one word of movetext: a move number goes, a move's
/// `!`/`?` suffix becomes its NAG.
fn word_token(word: &str) -> Vec<Token> {
    if matches!(word, "1-0" | "0-1" | "1/2-1/2" | "*") {
        return vec![Token::Result(word.to_string())];
    }
    if let Some(n) = word.strip_prefix('$') {
        return n.parse().ok().map(Token::Nag).into_iter().collect();
    }
    // `12.`, `12...`, `12.h3h4`
    let digits = word.bytes().take_while(u8::is_ascii_digit).count();
    let rest = if digits > 0 && word[digits..].starts_with('.') {
        word[digits..].trim_start_matches('.')
    } else {
        word
    };
    if rest.is_empty() {
        return Vec::new();
    }
    let mv = rest.trim_end_matches(['!', '?']);
    let nag = match &rest[mv.len()..] {
        "!" => Some(1),
        "?" => Some(2),
        "!!" => Some(3),
        "??" => Some(4),
        "!?" => Some(5),
        "?!" => Some(6),
        _ => None,
    };
    let mut out = vec![Token::Move(mv.to_string())];
    out.extend(nag.map(Token::Nag));
    out
}

/// Every game of a PGN text. `default`: the variant of a game without a
/// `Variant` tag.
pub fn read(text: &str, set: &'static VariantSet, default: Option<&'static Variant>) -> Read {
    let mut read = Read::default();
    let mut raw = RawGame::default();
    let mut broken: Option<String> = None;
    let mut started = false; // movetext seen
    let mut depth = 0usize; // inside variations
    let mut seen = 0usize; // games finished, broken ones too
    let finish =
        |raw: &mut RawGame, broken: &mut Option<String>, read: &mut Read, seen: &mut usize| {
            let game = std::mem::take(raw);
            *seen += 1;
            if let Some(why) = broken.take() {
                read.problems.push(Problem {
                    game: *seen,
                    ply: None,
                    text: None,
                    why,
                });
                return;
            }
            finish_game(*seen, game, set, default, read);
        };
    for token in tokens(text) {
        if seen >= MAX_GAMES {
            break;
        }
        match token {
            Token::Tag(..) | Token::BrokenTag(_) if started => {
                finish(&mut raw, &mut broken, &mut read, &mut seen);
                started = false;
                depth = 0;
                add_header(token, &mut raw, &mut broken);
            }
            Token::Tag(..) | Token::BrokenTag(_) => add_header(token, &mut raw, &mut broken),
            Token::VariationStart => depth += 1,
            Token::VariationEnd => depth = depth.saturating_sub(1),
            _ if depth > 0 => {}
            Token::Comment(c) => match raw.moves.last_mut() {
                Some(m) => m.comments.push(c),
                None => {
                    started = true;
                    raw.comments.push(c);
                }
            },
            Token::Nag(n) => {
                if let Some(m) = raw.moves.last_mut() {
                    m.nags.push(n);
                }
            }
            Token::Move(text) => {
                started = true;
                if raw.moves.len() < MAX_PLIES {
                    raw.moves.push(RawMove {
                        shown: text.clone(),
                        notation: text,
                        ..RawMove::default()
                    });
                } else if raw.stopped.is_none() {
                    raw.stopped = Some((text, format!("more than {MAX_PLIES} plies")));
                }
            }
            Token::Result(r) => {
                raw.result = Some(r);
                finish(&mut raw, &mut broken, &mut read, &mut seen);
                started = false;
                depth = 0;
            }
        }
    }
    if started || !raw.tags.is_empty() || broken.is_some() {
        finish(&mut raw, &mut broken, &mut read, &mut seen);
    }
    read
}

fn add_header(token: Token, raw: &mut RawGame, broken: &mut Option<String>) {
    match token {
        Token::Tag(name, value) if raw.tags.len() < MAX_TAGS => raw.tags.push((name, value)),
        Token::Tag(..) => {
            broken.get_or_insert_with(|| format!("more than {MAX_TAGS} tags"));
        }
        Token::BrokenTag(line) => {
            let shown: String = line.chars().take(80).collect();
            broken.get_or_insert_with(|| format!("broken header line: {shown}"));
        }
        _ => {}
    }
}

fn finish_game(
    number: usize,
    raw: RawGame,
    set: &'static VariantSet,
    default: Option<&'static Variant>,
    read: &mut Read,
) {
    let no_ply = |why: String| Problem {
        game: number,
        ply: None,
        text: None,
        why,
    };
    let variant = match variant_of(set, &raw.tags, default) {
        Ok(v) => v,
        Err(e) => return read.problems.push(no_ply(e)),
    };
    let fen = raw
        .tags
        .iter()
        .find(|(n, _)| n == "FEN")
        .map_or(variant.start_fen.clone(), |(_, f)| f.clone());
    let (game, problem) = replay(number, variant, &fen, raw, Notation::Cecp);
    read.games.extend(game);
    read.problems.extend(problem);
}

/// Tag values may not hold `"` or `\` unescaped.
fn escape(s: &str) -> String {
    s.replace('\\', "\\\\").replace('"', "\\\"")
}

/// One game as PGN, ending with a blank line: its tags in their order
/// (`Result`, and `Variant`, `FEN` and `Rules` where the game needs them,
/// added or brought up to date), then the movetext wrapped before 80
/// columns, as `kyodai match` writes it.
pub fn write(game: &Game) -> String {
    let result = game.result.clone().unwrap_or_else(|| "*".to_string());
    let mut tags = game.tags.clone();
    fn set(tags: &mut Vec<(String, String)>, name: &str, value: String) {
        match tags.iter_mut().find(|(n, _)| n == name) {
            Some(t) => t.1 = value,
            None => tags.push((name.to_string(), value)),
        }
    }
    set(&mut tags, "Result", result.clone());
    if !game.standard_start() {
        set(&mut tags, "FEN", game.start_fen.clone());
        set(&mut tags, "SetUp", "1".to_string());
    }
    if !tags.iter().any(|(n, _)| n == "Variant") {
        set(&mut tags, "Variant", game.variant.name.clone());
    }
    if game.variant.rules != Rules::Standard {
        set(&mut tags, "Rules", game.variant.rules.name().to_string());
    }
    let mut out = String::new();
    for (name, value) in &tags {
        // A KIF field without a PGN name has no place here.
        if name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
            out += &format!("[{name} \"{}\"]\n", escape(value));
        }
    }
    out.push('\n');
    let comment = |c: &str| format!("{{{}}}", c.replace('}', ")"));
    let mut words: Vec<String> = game.comments.iter().map(|c| comment(c)).collect();
    let gote_starts = game.start_fen.split_whitespace().nth(1) == Some("b");
    for (i, m) in game.moves.iter().enumerate() {
        let ply = i + usize::from(gote_starts);
        if ply % 2 == 0 {
            words.push(format!("{}.", ply / 2 + 1));
        } else if i == 0 {
            words.push(format!("{}...", ply / 2 + 1));
        }
        // The record's own spelling where it is CECP's; else the move with
        // its squares, a pass too (`f5f5`: `@@@@` would not say which
        // piece passed, where several can).
        words.push(if m.text == m.mv.cecp_text() {
            m.text.clone()
        } else {
            m.mv.to_string()
        });
        words.extend(m.nags.iter().map(|n| format!("${n}")));
        words.extend(m.comments.iter().map(|c| comment(c)));
    }
    words.push(result);
    out += &wrap(&words);
    out += "\n\n";
    out
}

/// Words joined by spaces into lines shorter than 80 columns (a longer
/// word stands alone).
pub(crate) fn wrap(words: &[String]) -> String {
    let mut out = String::new();
    let mut line = String::new();
    for w in words {
        if !line.is_empty() && line.len() + 1 + w.len() > 79 {
            out += &line;
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line += w;
    }
    out + &line
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set() -> &'static VariantSet {
        VariantSet::builtin()
    }

    #[test]
    fn tags_comments_nags_and_results_read_back() {
        let text = "[Event \"a \\\"test\\\"\"]\n[Variant \"chu\"]\n[Result \"1-0\"]\n\n\
                    {before} 1. h4h5?! {+0.10/3 0.1s} h9h8 $2 (1... a10a9 2. b3b4) {x}\n\
                    2. g4g5 {two\nlines} 1-0\n";
        let read = read(text, set(), None);
        assert!(read.problems.is_empty(), "{:?}", read.problems);
        let g = &read.games[0];
        assert_eq!(g.tag("Event"), Some("a \"test\""));
        assert_eq!(g.comments, ["before"]);
        assert_eq!(g.moves.len(), 3);
        assert_eq!(g.moves[0].nags, [6]);
        assert_eq!(g.moves[0].comments, ["+0.10/3 0.1s"]);
        assert_eq!(g.moves[1].nags, [2]);
        assert_eq!(g.moves[1].comments, ["x"]);
        assert_eq!(g.moves[2].comments, ["two\nlines"]);
        assert_eq!(g.result.as_deref(), Some("1-0"));
        let again = super::read(&write(g), set(), None);
        assert_eq!(again.games[0].moves, g.moves);
        assert_eq!(write(&again.games[0]), write(g));
    }

    #[test]
    fn a_bad_game_keeps_its_moves_and_the_next_game() {
        let text = "[Variant \"chu\"]\n\n1. h4h5 h9h8 2. a1a9 g4g5 1-0\n\n\
                    [Variant \"nonesuch\"]\n\n1. h4h5 *\n\n\
                    [Event \"x\n\n1. h4h5 *\n\n\
                    [Variant \"chu\"]\n\n1. h4h5 0-1\n";
        let read = read(text, set(), None);
        assert_eq!(read.games.len(), 2);
        assert_eq!(read.games[0].moves.len(), 2);
        assert_eq!(read.games[1].number, 4);
        let shown: Vec<String> = read.problems.iter().map(|p| p.to_string()).collect();
        assert_eq!(shown.len(), 3, "{shown:?}");
        assert!(
            shown[0].starts_with("game 1, ply 3 ('a1a9'): "),
            "{shown:?}"
        );
        assert!(
            shown[1].starts_with("game 2: unknown variant 'nonesuch'"),
            "{shown:?}"
        );
        assert!(
            shown[2].starts_with("game 3: broken header line"),
            "{shown:?}"
        );
    }

    #[test]
    fn a_game_without_a_variant_needs_one_named() {
        let text = "1. h4h5 *\n";
        let read = super::read(text, set(), None);
        assert!(read.games.is_empty());
        assert!(read.problems[0].why.contains("--variant"));
        let chu = set().find("chu");
        assert_eq!(super::read(text, set(), chu).games.len(), 1);
    }
}
