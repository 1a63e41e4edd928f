//! What the browser page asks of the module besides the protocol, as JSON:
//! game records read by `record::read` (the readers of `kyodai analyse`),
//! each ply in the notations the page's move list offers, a game's review
//! by `analyse::Review` (the figures of `kyodai analyse`), and mate
//! problems solved and played out with `mate` (the solver of `kyodai
//! mate`). Free of the platform so that the tests run it natively;
//! `host/wasm.rs` exports it to the page.

use crate::analyse::judge::score_text;
use crate::analyse::{Analysed, PlyReview, Review, Settings};
use crate::board::Position;
use crate::describe::text as json_text;
use crate::game;
use crate::mate::{self, Limits, Solution};
use crate::movegen::royal_attacked;
use crate::moves::Move;
use crate::notation::usi::usi_move;
use crate::record::{self, Game, Problem, kif, pgn};
use crate::types::{Color, Square};
use crate::variant::{Rules, Variant, VariantSet};
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
fn lishogi_notation(variant: &Variant) -> bool {
    variant.answers_to("chu")
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
    let lishogi = lishogi_notation(game.variant);
    // Each move's notations from the position before it, and the FEN of
    // every position: before each move and after the last.
    let mut moves = Vec::with_capacity(game.moves.len());
    let mut fens = Vec::with_capacity(game.moves.len() + 1);
    let mut last_to = None;
    let last = game.replay(|pos, m, _| {
        fens.push(pos.fen());
        moves.push(notations(pos, m.mv, last_to, lishogi));
        last_to = Some(m.mv.to());
    })?;
    fens.push(last.fen());
    let plies =
        game.moves
            .iter()
            .zip(moves.iter().zip(&fens[1..]))
            .map(|(m, (notations, fen_after))| {
                format!(
                    "{{{notations},\"shown\":{},\"fen\":{},\"comments\":{}}}",
                    json_text(&m.text),
                    json_text(fen_after),
                    array(m.comments.iter().map(|c| json_text(c)))
                )
            });
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
fn better_json(mut pos: Position, game: &Game, r: &PlyReview, lishogi: bool) -> String {
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
    // Replayed by the review already; none only if that changed.
    let positions = a.game.positions().ok();
    let lishogi = lishogi_notation(a.game.variant);
    let plies = a.plies.iter().map(|r| {
        let f = &r.figures;
        let sente_win = if r.mover == Color::White {
            f.win_after
        } else {
            100.0 - f.win_after
        };
        // The position before a judged move only: each is the game's last
        // with moves taken back.
        let before = f.judgement.and(positions.as_ref()).and_then(|p| p.at(r.ply - 1));
        let better = before.map_or_else(|| "null".to_string(), |pos| better_json(pos, &a.game, r, lishogi));
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

/// A problem as the page sends it: the position it starts from and the
/// moves played since, replayed under the rules.
struct PlayedProblem {
    start: Position,
    played: Vec<Move>,
    /// The position after the moves (with their history: the repetition
    /// rule sees it).
    now: Position,
    /// How the game ended with the last move, if it did.
    ended: Option<game::Ending>,
}

/// Read a problem request: four lines, the variant, the rule set (as the
/// `Rules` option names it), the start position's FEN, and the moves played
/// from it in Kyodai's notation (CECP), separated by spaces.
fn read_problem(request: &str) -> Result<PlayedProblem, String> {
    let mut lines = request.lines().map(str::trim);
    let mut field = || lines.next().unwrap_or("");
    let (variant, rules, fen, moves) = (field(), field(), field(), field());
    let rules = Rules::parse(rules).ok_or_else(|| format!("unknown rule set '{rules}'"))?;
    let set = VariantSet::builtin();
    if set.find(variant).is_none() {
        return Err(format!("unknown variant '{variant}'"));
    }
    let v = set.find_under(variant, rules)?;
    if fen.is_empty() {
        return Err("no position".to_string());
    }
    let start = Position::from_fen(v, fen)?;
    let mut now = start.clone();
    let mut played = Vec::new();
    let mut ended = None;
    for (i, text) in moves.split_whitespace().enumerate() {
        if ended.is_some() {
            return Err(format!(
                "move {} ('{text}') comes after the game ended",
                i + 1
            ));
        }
        let (mv, ending) = game::play_text(&mut now, text, false)
            .map_err(|e| format!("move {} ('{text}'): {e}", i + 1))?;
        played.push(mv);
        ended = ending;
    }
    Ok(PlayedProblem {
        start,
        played,
        now,
        ended,
    })
}

/// The limits of a search the page asked for: `time_ms`, and `nodes`
/// unless 0 (a test's exact count).
fn page_limits(time_ms: f64, nodes: f64) -> Limits {
    Limits {
        nodes: (nodes >= 1.0).then_some(nodes as u64),
        time: Some(Duration::from_secs_f64(
            (time_ms / 1000.0).clamp(0.001, 3600.0),
        )),
        ..Limits::default()
    }
}

fn error_json(why: &str) -> String {
    format!("{{\"error\":{}}}", json_text(why))
}

/// A solver's answer: verdict, length, minimal, nodes, ms, and the line
/// from `pos` with each move in the three notations and the FEN after it.
fn solution_json(pos: &Position, last_to: Option<Square>, s: &Solution) -> String {
    let lishogi = lishogi_notation(pos.variant());
    let mut replay = pos.clone();
    let mut last_to = last_to;
    let mut line = Vec::with_capacity(s.line.len());
    for &mv in &s.line {
        let written = notations(&replay, mv, last_to, lishogi);
        replay.make(mv);
        line.push(format!(
            "{{{written},\"fen\":{}}}",
            json_text(&replay.fen())
        ));
        last_to = Some(mv.to());
    }
    format!(
        "\"verdict\":{},\"length\":{},\"minimal\":{},\"line\":{},\"nodes\":{},\"ms\":{}",
        json_text(s.verdict.name()),
        s.length
            .map_or_else(|| "null".to_string(), |n| n.to_string()),
        s.minimal,
        array(line),
        s.nodes,
        s.elapsed.as_millis()
    )
}

/// Solve the problem of `request` (`read_problem`) in the position after
/// its moves, the side to move attacking (`mate::solve`), within the
/// limits: `{verdict, length, minimal, line: [{cecp, usi, kif, fen}],
/// nodes, ms}` (the line to the capture of the last royal, the length in
/// plies to the mating move as problem books count it), or `{error}`.
pub fn solve_problem(request: &str, time_ms: f64, nodes: f64) -> String {
    let p = match read_problem(request) {
        Ok(p) => p,
        Err(why) => return error_json(&why),
    };
    match mate::solve(&p.now, &page_limits(time_ms, nodes)) {
        Ok(s) => format!(
            "{{{}}}",
            solution_json(&p.now, p.played.last().map(|m| m.to()), &s)
        ),
        Err(e) => error_json(&e.to_string()),
    }
}

/// The defender's turn in the problem of `request`, played out from its
/// start with the start's side to move attacking and every attacking move
/// a check, as in problem books:
/// - the game has ended: `{ended: RESULT, length}`, `length` the mate's as
///   problem books count it when the attacker won by the rules of a
///   problem (every move a check), else null with `why`;
/// - the last move was the attacker's and gave no check: `{check: false}`;
/// - else the longest defence (`mate::defend`), `{check: true, verdict,
///   length, minimal, line, nodes, ms}` as `solve_problem`'s, the line
///   starting with the defender's reply and `length` counting from it;
///   `nomate`: the defender escapes, the attack has failed.
pub fn defend_problem(request: &str, time_ms: f64, nodes: f64) -> String {
    let p = match read_problem(request) {
        Ok(p) => p,
        Err(why) => return error_json(&why),
    };
    let attacker = p.start.side();
    if let Some(end) = p.ended {
        let (length, why) = match mate::mate_length(&p.start, &p.played) {
            Ok(n) => (n.to_string(), String::new()),
            Err(why) => ("null".to_string(), format!(",\"why\":{}", json_text(&why))),
        };
        return format!(
            "{{\"ended\":{},\"length\":{length}{why}}}",
            json_text(&format!("{} {{{end}}}", end.result()))
        );
    }
    if p.now.side() == attacker {
        return error_json("the attacker is to move, not the defender");
    }
    if !royal_attacked(&p.now, p.now.side()) {
        return "{\"check\":false}".to_string();
    }
    match mate::defend(&p.now, &page_limits(time_ms, nodes)) {
        Ok(s) => format!(
            "{{\"check\":true,{}}}",
            solution_json(&p.now, p.played.last().map(|m| m.to()), &s)
        ),
        Err(e) => error_json(&e.to_string()),
    }
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
    /// tumechu82 of tests/problems/chu-tsume.txt (lishogi's SFEN `... b -
    /// 1`), a mate in 3, as the page sends it: the FEN and lishogi's rules.
    const MATE_IN_3: &str = "12/12/12/12/1+I10/brX9/krvI8/n+xO9/PPPPPPPPPPPP/12/12/L1K9 w - 0 1";

    fn request(fen: &str, moves: &str) -> String {
        format!("chu\nlishogi\n{fen}\n{moves}\n")
    }

    /// The moves of a JSON line in Kyodai's notation.
    fn cecp_moves(json: &str) -> Vec<String> {
        json.split("\"cecp\":\"")
            .skip(1)
            .map(|rest| rest.split('"').next().unwrap_or("").to_string())
            .collect()
    }

    #[test]
    fn a_problem_is_solved_with_its_line_in_every_notation() {
        let json = solve_problem(&request(MATE_IN_3, ""), 60_000.0, 20_000.0);
        assert!(
            json.starts_with("{\"verdict\":\"mate\",\"length\":3,\"minimal\":true,"),
            "{json}"
        );
        assert!(json.contains("\"usi\":\"12i12h\""), "{json}");
        assert_eq!(cecp_moves(&json).len(), 5, "{json}");
        // A lone Pawn can never check: no mate, and no line.
        let json = solve_problem(
            "chu\nstandard\nk11/12/12/12/12/12/12/12/12/12/12/11P w - 0 1\n\n",
            1000.0,
            0.0,
        );
        assert!(
            json.starts_with("{\"verdict\":\"nomate\",\"length\":null,"),
            "{json}"
        );
        assert!(json.contains("\"line\":[]"), "{json}");
    }

    #[test]
    fn a_problem_played_out_gets_the_longest_defence_and_its_end() {
        let line = cecp_moves(&solve_problem(&request(MATE_IN_3, ""), 60_000.0, 20_000.0));
        // The solution's first move: a check, answered with a defence
        // that holds two plies more (the reply and the mating move).
        let json = defend_problem(&request(MATE_IN_3, &line[0]), 60_000.0, 20_000.0);
        assert!(
            json.starts_with("{\"check\":true,\"verdict\":\"mate\",\"length\":2,"),
            "{json}"
        );
        let reply = cecp_moves(&json)[0].clone();
        // A quiet move of the Sente King gives no check.
        let json = defend_problem(&request(MATE_IN_3, "c1d1"), 60_000.0, 20_000.0);
        assert_eq!(json, "{\"check\":false}");
        // Played to the capture of Gote's King: a mate in 3.
        let mut played = vec![line[0].clone(), reply];
        let rest = cecp_moves(&solve_problem(
            &request(MATE_IN_3, &played.join(" ")),
            60_000.0,
            20_000.0,
        ));
        played.extend(rest);
        let json = defend_problem(&request(MATE_IN_3, &played.join(" ")), 60_000.0, 0.0);
        assert_eq!(
            json,
            "{\"ended\":\"1-0 {Gote lost its last royal}\",\"length\":3}"
        );
    }

    #[test]
    fn a_bad_problem_request_is_an_error() {
        for (request, expected) in [
            (
                "nonesuch\nstandard\n8/8 w - 0 1\n\n",
                "unknown variant 'nonesuch'",
            ),
            ("chu\nnone\n12/12 w - 0 1\n\n", "unknown rule set 'none'"),
            ("wa\nlishogi\n12/12 w - 0 1\n\n", "no such rule set"),
            ("chu\nstandard\n\n\n", "no position"),
            ("chu\nstandard\n12/12 w - 0 1\n\n", "rank"),
            (&request(MATE_IN_3, "a1a9"), "move 1 ('a1a9')"),
            // Sente has no royal to mate in Gote's turn.
            (
                "chu\nstandard\nk11/12/12/12/12/12/12/12/12/12/12/11P b - 0 1\n\n",
                "no royal",
            ),
        ] {
            let json = solve_problem(request, 1000.0, 0.0);
            assert!(json.starts_with("{\"error\":"), "{request}: {json}");
            assert!(json.contains(expected), "{request}: {json}");
        }
        let json = defend_problem(&request(MATE_IN_3, ""), 1000.0, 0.0);
        assert!(json.contains("the attacker is to move"), "{json}");
    }
}
