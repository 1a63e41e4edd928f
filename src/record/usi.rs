//! lishogi's Chu as SFEN and USI moves (src/notation/usi.rs): one game a
//! line, `position sfen SFEN moves M...`, `position startpos moves M...`,
//! `SFEN moves M...`, or the moves alone from the start position. Games
//! are read under lishogi's rules.

use super::replay::{
    Game, MAX_GAMES, MAX_PLIES, Notation, Problem, RawGame, RawMove, Read, lishogi_chu, replay,
};
use crate::notation::usi::{parse_sfen, sfen, usi_move};
use crate::variant::VariantSet;

/// Whether `word` has the shape of a USI move (`7g7f`, `7h7g6f+`).
pub fn looks_like_move(word: &str) -> bool {
    let body = word.trim_end_matches(['+', '=']);
    let mut squares = 0;
    let mut rest = body;
    while !rest.is_empty() {
        let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
        let letter = rest.as_bytes().get(digits);
        if !(1..=2).contains(&digits) || !letter.is_some_and(u8::is_ascii_lowercase) {
            return false;
        }
        squares += 1;
        rest = &rest[digits + 1..];
    }
    (2..=3).contains(&squares)
}

/// Every game of a text of USI lines.
pub fn read(text: &str, set: &'static VariantSet) -> Read {
    let mut read = Read::default();
    let variant = match lishogi_chu(set) {
        Ok(v) => v,
        Err(problem) => {
            read.problems.push(problem);
            return read;
        }
    };
    let lines = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'));
    for (i, line) in lines.take(MAX_GAMES).enumerate() {
        let number = i + 1;
        let rest = line.strip_prefix("position").unwrap_or(line).trim_start();
        let (start, moves) = match rest.split_once("moves") {
            Some((s, m)) => (s.trim(), m),
            None if looks_like_move(rest.split_whitespace().next().unwrap_or_default()) => {
                ("", rest)
            }
            None => (rest, ""),
        };
        let start = start.strip_prefix("sfen").unwrap_or(start).trim();
        let fen = if start.is_empty() || start == "startpos" {
            Ok(variant.start_fen.clone())
        } else {
            parse_sfen(variant, start).map(|s| s.position.fen())
        };
        let fen = match fen {
            Ok(f) => f,
            Err(e) => {
                read.problems.push(Problem {
                    game: number,
                    ply: None,
                    text: None,
                    why: format!("bad SFEN: {e}"),
                });
                continue;
            }
        };
        let mut raw = RawGame::default();
        for word in moves.split_whitespace() {
            if raw.moves.len() == MAX_PLIES {
                raw.stopped = Some((word.to_string(), format!("more than {MAX_PLIES} plies")));
                break;
            }
            raw.moves.push(RawMove {
                shown: word.to_string(),
                notation: word.to_string(),
                ..RawMove::default()
            });
        }
        let (game, problem) = replay(number, variant, &fen, raw, Notation::Usi);
        read.games.extend(game);
        read.problems.extend(problem);
    }
    read
}

/// One game as a `position sfen ... moves ...` line (tags, comments and
/// the result have no place in it).
pub fn write(game: &Game) -> Result<String, String> {
    let mut pos = game.start_position()?;
    let mut line = format!("position sfen {}", sfen(&pos, 1));
    if !game.moves.is_empty() {
        line += " moves";
    }
    for (i, m) in game.moves.iter().enumerate() {
        line += " ";
        line += &usi_move(&pos, m.mv);
        crate::game::play_accepted(&mut pos, m.mv).map_err(|e| format!("ply {}: {e}", i + 1))?;
    }
    Ok(line + "\n")
}
