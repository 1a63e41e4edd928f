//! What the browser page asks of the module besides the protocol, as JSON:
//! game records read by `record::read` (the readers of `kyodai analyse`),
//! each ply in the notations the page's move list offers, and a game's
//! review by `analyse::Review` (the figures of `kyodai analyse`). Free of
//! the platform so that the tests run it natively; `host/wasm.rs` exports
//! it to the page.

use crate::analyse::judge::score_text;
use crate::analyse::{Analysed, PlyReview, Review, Settings};
use crate::board::Position;
use crate::describe::text as json_text;
use crate::game;
use crate::moves::Move;
use crate::record::{self, Game, Problem, kif, pgn};
use crate::types::{Color, Square};
use crate::usi::notation::usi_move;
use crate::variant::VariantSet;
use std::time::Duration;

/// Most moves of the engine's better line given for a lost move (as
/// `kyodai analyse` writes them).
const LINE_MOVES: usize = 10;

/// A JSON array of already written values.
fn array(items: impl IntoIterator<Item = String>) -> String {
    format!("[{}]", items.into_iter().collect::<Vec<_>>().join(","))
}

fn optional(value: Option<String>) -> String {
    value.map_or_else(|| "null".to_string(), |v| json_text(&v))
}

/// A figure with one decimal (JSON has no NaN or infinity; the figures
/// are finite by construction, this keeps the output valid regardless).
fn number(x: f64) -> String {
    if x.is_finite() {
        format!("{x:.1}")
    } else {
        "null".to_string()
    }
}

/// Whether the variant has lishogi's notations (USI and KIF are Chu's).
fn lishogi_notation(game: &Game) -> bool {
    game.variant.answers_to("chu")
}

/// A move in the three notations: Kyodai's (CECP), lishogi's USI and KIF
/// (`null` for the last two outside Chu, or for a move KIF cannot write).
fn notations(pos: &Position, mv: Move, last_to: Option<Square>, lishogi: bool) -> String {
    let (usi, kif) = if lishogi {
        (
            Some(usi_move(pos, mv)),
            kif::move_text(pos, mv, last_to).ok(),
        )
    } else {
        (None, None)
    };
    format!(
        "\"cecp\":{},\"usi\":{},\"kif\":{}",
        json_text(&mv.to_string()),
        optional(usi),
        optional(kif)
    )
}

fn problem_json(p: &Problem) -> String {
    format!(
        "{{\"game\":{},\"ply\":{},\"text\":{},\"message\":{}}}",
        p.game,
        p.ply.map_or_else(|| "null".to_string(), |n| n.to_string()),
        optional(p.text.clone()),
        json_text(&p.to_string())
    )
}

fn game_json(game: &Game) -> Result<String, String> {
    let positions = game.positions()?;
    let lishogi = lishogi_notation(game);
    let mut plies = Vec::with_capacity(game.moves.len());
    let mut last_to = None;
    for (i, m) in game.moves.iter().enumerate() {
        plies.push(format!(
            "{{{},\"shown\":{},\"fen\":{},\"comments\":{}}}",
            notations(&positions[i], m.mv, last_to, lishogi),
            json_text(&m.text),
            json_text(&positions[i + 1].fen()),
            array(m.comments.iter().map(|c| json_text(c)))
        ));
        last_to = Some(m.mv.to());
    }
    let tags = game
        .tags
        .iter()
        .map(|(k, v)| format!("[{},{}]", json_text(k), json_text(v)));
    Ok(format!(
        "{{\"number\":{},\"variant\":{},\"rules\":{},\"players\":{},\"tags\":{},\"start\":{},\"result\":{},\"comments\":{},\"plies\":{}}}",
        game.number,
        json_text(&game.variant.name),
        json_text(game.variant.rules.name()),
        json_text(&game.players()),
        array(tags),
        json_text(&game.start_fen),
        optional(game.result.clone()),
        array(game.comments.iter().map(|c| json_text(c))),
        array(plies)
    ))
}

/// Every game of a record's text (PGN, KIF, or SFEN with USI moves: its
/// format recognised from the content), as JSON: `{"format", "games":
/// [{number, variant, rules, players, tags, start, result, comments,
/// plies: [{cecp, usi, kif, shown, fen, comments}]}], "problems": [{game,
/// ply, text, message}]}`. A game is there as far as it could be read;
/// `default_variant` is the variant of a PGN game without a Variant tag.
pub fn read_record(text: &str, default_variant: &str) -> String {
    let set = VariantSet::builtin();
    let read = record::read(text, set, set.find(default_variant));
    let mut problems: Vec<String> = read.problems.iter().map(problem_json).collect();
    let mut games = Vec::new();
    for game in &read.games {
        match game_json(game) {
            Ok(g) => games.push(g),
            // Replayed once already by the reader: not expected, but said.
            Err(why) => problems.push(problem_json(&Problem {
                game: game.number,
                ply: None,
                text: None,
                why,
            })),
        }
    }
    format!(
        "{{\"format\":{},\"games\":{},\"problems\":{}}}",
        optional(read.format.map(|f| f.name().to_string())),
        array(games),
        array(problems)
    )
}

/// The first game of `text` (the page sends the game it shows, as PGN),
/// ready to be analysed a position at a time, `movetime` a position.
pub fn start_review(
    text: &str,
    default_variant: &str,
    movetime: Duration,
) -> Result<Review, String> {
    let set = VariantSet::builtin();
    let read = record::read(text, set, set.find(default_variant));
    let game = match (read.games.into_iter().next(), read.problems.first()) {
        (Some(game), _) => game,
        (None, Some(problem)) => return Err(problem.to_string()),
        (None, None) => return Err("no game to analyse".to_string()),
    };
    Review::new(
        game,
        Settings {
            depth: None,
            nodes: None,
            movetime: Some(movetime),
            threads: 1,
            from: 1,
            to: None,
        },
    )
}

/// The engine's better line for a move that lost, from the position
/// before it, in each notation.
fn better_json(positions: &[Position], game: &Game, r: &PlyReview, lishogi: bool) -> String {
    let mut pos = positions[r.ply - 1].clone();
    let last_to = (r.ply >= 2).then(|| game.moves[r.ply - 2].mv.to());
    let first = r
        .line
        .first()
        .map(|&mv| format!("{{{}}}", notations(&pos, mv, last_to, lishogi)));
    let (mut cecp, mut usi) = (Vec::new(), Vec::new());
    for &mv in r.line.iter().take(LINE_MOVES) {
        cecp.push(json_text(&mv.to_string()));
        usi.push(json_text(&usi_move(&pos, mv)));
        if game::play_accepted(&mut pos, mv).is_err() {
            break;
        }
    }
    format!(
        "{{\"score\":{},\"depth\":{},\"move\":{},\"line\":{{\"cecp\":{},\"usi\":{}}}}}",
        json_text(&score_text(r.line_score)),
        r.line_depth,
        first.unwrap_or_else(|| "null".to_string()),
        array(cecp),
        if lishogi {
            array(usi)
        } else {
            "null".to_string()
        }
    )
}

/// A review as JSON: each side's totals (Sente first), and for each
/// analysed ply the score after it (the mover's view), Sente's win
/// percentage, the move's accuracy and judgement and, for a move judged,
/// the engine's better move and line; and the game as `kyodai analyse`
/// writes it (PGN with its comments, NAGs and figures).
pub fn review_json(a: &Analysed) -> String {
    let totals = a.totals.iter().map(|t| {
        format!(
            "{{\"moves\":{},\"accuracy\":{},\"loss\":{},\"inaccuracies\":{},\"mistakes\":{},\"blunders\":{}}}",
            t.moves,
            number(t.average_accuracy()),
            number(t.average_loss()),
            t.inaccuracies,
            t.mistakes,
            t.blunders
        )
    });
    // Replayed by the review already; an empty list only if that changed.
    let positions = a.game.positions().unwrap_or_default();
    let lishogi = lishogi_notation(&a.game);
    let plies = a.plies.iter().map(|r| {
        let f = &r.figures;
        let sente_win = if r.mover == Color::White {
            f.win_after
        } else {
            100.0 - f.win_after
        };
        let better = match f.judgement {
            Some(_) if r.ply <= positions.len() => better_json(&positions, &a.game, r, lishogi),
            _ => "null".to_string(),
        };
        format!(
            "{{\"ply\":{},\"score\":{},\"depth\":{},\"sente\":{},\"accuracy\":{},\"judgement\":{},\"better\":{better}}}",
            r.ply,
            json_text(&score_text(r.score)),
            r.depth,
            number(sente_win),
            number(f.accuracy),
            optional(f.judgement.map(|j| j.name().to_string()))
        )
    });
    format!(
        "{{\"totals\":{},\"plies\":{},\"pgn\":{}}}",
        array(totals),
        array(plies),
        json_text(&pgn::write(&a.game))
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A record's first game reviewed to the end, as JSON.
    fn reviewed(text: &str, movetime_ms: u64) -> String {
        let mut review = start_review(text, "chu", Duration::from_millis(movetime_ms))
            .unwrap_or_else(|e| panic!("{e}"));
        while review.step() {}
        review_json(&review.finish())
    }

    #[test]
    fn a_kif_game_reads_with_every_notation() {
        let kif = "手合割：平手\n先手：A\n後手：B\n手数----指手---------消費時間--\n\
                   1手目 ▲7八歩兵 （←7九）\n2手目 △6五歩兵 （←6四）\nまで2手で先手の勝ち\n";
        let json = read_record(kif, "");
        assert!(json.starts_with("{\"format\":\"KIF\""), "{json}");
        assert!(
            json.contains("\"variant\":\"chu\",\"rules\":\"lishogi\""),
            "{json}"
        );
        assert!(json.contains("\"players\":\"A - B\""), "{json}");
        assert!(json.contains("\"kif\":\"▲7八歩兵 （←7九）\""), "{json}");
        assert!(json.contains("\"result\":\"1-0\""), "{json}");
        assert!(json.contains("\"problems\":[]"), "{json}");
    }

    #[test]
    fn a_bad_move_keeps_the_plies_before_it() {
        let usi = "position startpos moves 3i3h 10d10e 3h3z\n";
        let json = read_record(usi, "");
        assert!(json.contains("\"format\":\"USI\""), "{json}");
        // Two plies read, the third named.
        assert_eq!(json.matches("\"cecp\"").count(), 2, "{json}");
        assert!(
            json.contains("\"game\":1,\"ply\":3,\"text\":\"3h3z\""),
            "{json}"
        );
        assert!(json.contains("game 1, ply 3 ('3h3z')"), "{json}");
    }

    #[test]
    fn outside_chu_only_kyodai_s_notation() {
        let pgn = "[Variant \"wa-shogi\"]\n\n1. f3f4 *\n";
        let json = read_record(pgn, "");
        assert!(json.contains("\"variant\":\"wa-shogi\""), "{json}");
        assert!(json.contains("\"usi\":null,\"kif\":null"), "{json}");
    }

    #[test]
    fn a_review_gives_the_figures_of_kyodai_analyse() {
        let json = reviewed("position startpos moves 3i3h 10d10e 3h3g\n", 20);
        assert!(json.starts_with("{\"totals\":[{\"moves\":2,"), "{json}");
        assert_eq!(json.matches("\"ply\":").count(), 3, "{json}");
        assert!(json.contains("[Annotator \\\"Kyodai"), "{json}");
        // Sente plays a1a2 where a1a12+ takes Gote's only King.
        let json = reviewed(
            "[Variant \"chu\"]\n[FEN \"k10r/12/12/12/12/12/12/12/12/12/12/R10K w - 0 1\"]\n\n\
             1. a1a2 l12l1 0-1\n",
            50,
        );
        assert!(
            json.contains("\"judgement\":\"Blunder\",\"better\":{\"score\":\"+M1\""),
            "{json}"
        );
        assert!(
            json.contains("\"move\":{\"cecp\":\"a1a12+\",\"usi\":\"12l12a+\""),
            "{json}"
        );
        let err = start_review("[Variant \"nonesuch\"]\n\n1. a1a2 *\n", "", Duration::ZERO);
        assert!(err.is_err_and(|e| e.contains("nonesuch")));
    }
}
