//! The runner's side of USI (`proto=usi`): the commands it sends a USI
//! engine and how it reads the replies, as lishogi's programs speak it
//! (Chu only, in lishogi's notation: `crate::notation::usi`). The referee
//! keeps the game; each turn the engine gets the whole game as
//! `position ... moves ...` and a `go` with both clocks.

use super::clock::Clock;
use super::config::EngineConfig;
use super::score::{Eval, MATE_SCORE};
use crate::board::Position;
use crate::notation::usi::sfen;

/// How long a USI engine may take to answer `usi` with `usiok`.
pub const USIOK_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(10);

/// `position startpos|sfen SFEN [moves M1 M2 ...]`: `start` is where the
/// game began (`None`: the variant's start position), `moves` every move
/// since in USI notation.
pub fn position_command(start: Option<&Position>, moves: &[String]) -> String {
    let mut line = match start {
        None => "position startpos".to_string(),
        Some(pos) => format!("position sfen {}", sfen(pos, 1)),
    };
    if !moves.is_empty() {
        line += " moves ";
        line += &moves.join(" ");
    }
    line
}

/// The `go` command of the engine in `seat` with the clocks as they are
/// (seat 0 is Sente, USI's `b`): lishogi's `go btime wtime byoyomi` or
/// `binc winc`, `movetime` for a fixed time per move, and the engine's
/// depth and node limits; `go infinite` when nothing limits the search.
pub fn go_command(clocks: &[Clock; 2], seat: usize, config: &EngineConfig) -> String {
    let clock = &clocks[seat];
    let mut go = "go".to_string();
    if clock.is_timed() {
        go += &format!(" btime {} wtime {}", clocks[0].millis(), clocks[1].millis());
        if !clock.byoyomi().is_zero() {
            go += &format!(" byoyomi {}", clock.byoyomi().as_millis());
        } else if !clock.increment().is_zero() {
            go += &format!(
                " binc {} winc {}",
                clocks[0].increment().as_millis(),
                clocks[1].increment().as_millis()
            );
        }
    } else if let Some(t) = clock.allowed() {
        go += &format!(" movetime {}", t.as_millis());
    }
    if let Some(d) = config.depth {
        go += &format!(" depth {d}");
    }
    if let Some(n) = config.nodes {
        go += &format!(" nodes {n}");
    }
    if go == "go" {
        go += " infinite";
    }
    go
}

/// What a line from a USI engine says to the referee.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reply {
    /// `bestmove MOVE`.
    Move(String),
    /// `bestmove resign`.
    Resign,
    /// `bestmove win`: a claim to have won by entering kings, which Chu
    /// does not have.
    Win,
    /// An `info` line with a depth and a score.
    Eval(Eval),
    /// `info string error ...` and other `info string` lines.
    Said(String),
    /// Anything else.
    Other,
}

/// Read one line of a USI engine.
pub fn read(line: &str) -> Reply {
    let mut words = line.split_whitespace();
    match words.next() {
        Some("bestmove") => match words.next() {
            Some("resign") => Reply::Resign,
            Some("win") => Reply::Win,
            Some(mv) => Reply::Move(mv.to_string()),
            None => Reply::Other,
        },
        Some("info") => info(line),
        _ => Reply::Other,
    }
}

/// The depth and score of an `info` line, or its string.
fn info(line: &str) -> Reply {
    if let Some((_, text)) = line.split_once(" string ") {
        return Reply::Said(text.trim().to_string());
    }
    let words: Vec<&str> = line.split_whitespace().collect();
    let after = |key: &str| {
        words
            .iter()
            .position(|w| *w == key)
            .and_then(|i| words.get(i + 1))
    };
    let depth = after("depth").and_then(|d| d.parse::<u32>().ok());
    let score = match (after("cp"), after("mate")) {
        (Some(cp), _) => cp.parse::<i32>().ok(),
        // USI counts mates in plies; the referee's scores as XBoard does,
        // 100000 less the plies (`referee::comment`).
        (None, Some(m)) => m.trim_start_matches('+').parse::<i32>().ok().map(|n| {
            let plies = n.unsigned_abs().min(MATE_SCORE as u32 / 10) as i32;
            let mate = 100_000 - plies;
            if n < 0 || m.starts_with('-') {
                -mate
            } else {
                mate
            }
        }),
        (None, None) => None,
    };
    match (depth, score) {
        (Some(depth), Some(score)) => Reply::Eval(Eval { score, depth }),
        _ => Reply::Other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::clock::TimeControl;
    use crate::variant::VariantSet;
    use std::time::Duration;

    #[test]
    fn reads_bestmove_and_info() {
        assert_eq!(read("bestmove 7g7f"), Reply::Move("7g7f".into()));
        assert_eq!(
            read("bestmove 9e9d9e ponder 3d3e"),
            Reply::Move("9e9d9e".into())
        );
        assert_eq!(read("bestmove resign"), Reply::Resign);
        assert_eq!(read("bestmove win"), Reply::Win);
        assert_eq!(read("bestmove"), Reply::Other);
        assert_eq!(
            read("info depth 7 seldepth 9 multipv 1 score cp -35 nodes 1200 pv 7g7f"),
            Reply::Eval(Eval {
                score: -35,
                depth: 7
            })
        );
        assert_eq!(
            read("info depth 3 score mate -4 pv 7g7f"),
            Reply::Eval(Eval {
                score: -99_996,
                depth: 3
            })
        );
        assert_eq!(
            read("info depth 3 score mate 5 pv 7g7f"),
            Reply::Eval(Eval {
                score: 99_995,
                depth: 3
            })
        );
        assert_eq!(read("info nodes 100 nps 1000"), Reply::Other);
        assert_eq!(
            read("info string error bad move"),
            Reply::Said("error bad move".into())
        );
        assert_eq!(read("readyok"), Reply::Other);
    }

    #[test]
    fn go_tells_both_clocks_and_the_byoyomi() {
        let tc = TimeControl::parse_tc("60").unwrap();
        let mut clocks = [
            Clock::new(tc, Duration::from_secs(1)),
            Clock::new(tc, Duration::from_secs(1)),
        ];
        assert!(clocks[0].charge(Duration::from_millis(2500), Duration::ZERO));
        let config = EngineConfig::default();
        assert_eq!(
            go_command(&clocks, 1, &config),
            "go btime 57500 wtime 60000 byoyomi 1000"
        );
        let inc = TimeControl::parse_tc("10+0.1").unwrap();
        let clocks = [
            Clock::new(inc, Duration::ZERO),
            Clock::new(inc, Duration::ZERO),
        ];
        assert_eq!(
            go_command(&clocks, 0, &config),
            "go btime 10000 wtime 10000 binc 100 winc 100"
        );
        let limited = EngineConfig {
            depth: Some(3),
            nodes: Some(5000),
            ..EngineConfig::default()
        };
        let free = [Clock::new(TimeControl::Infinite, Duration::ZERO); 2];
        assert_eq!(go_command(&free, 0, &limited), "go depth 3 nodes 5000");
        assert_eq!(go_command(&free, 0, &config), "go infinite");
        let st = [Clock::new(TimeControl::PerMove(Duration::from_secs(2)), Duration::ZERO); 2];
        assert_eq!(go_command(&st, 1, &config), "go movetime 2000");
    }

    #[test]
    fn the_position_is_the_start_and_every_move() {
        let chu = VariantSet::builtin().find("chu").expect("built in");
        assert_eq!(position_command(None, &[]), "position startpos");
        assert_eq!(
            position_command(None, &["7i7h".into(), "6d6e".into()]),
            "position startpos moves 7i7h 6d6e"
        );
        let pos = Position::from_fen(chu, "11k/12/12/12/12/12/5p6/5N6/12/12/12/K11 b - 0 1")
            .expect("reads");
        assert_eq!(
            position_command(Some(&pos), &[]),
            "position sfen 11k/12/12/12/12/12/5p6/5N6/12/12/12/K11 w - 1"
        );
    }
}
