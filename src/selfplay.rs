//! `kyodai selfplay`: training games for `kyodai train`, played by the
//! engine against itself in one process, written as PGN with every move's
//! score in its comment as `kyodai match` writes it (`+0.35/6 0.004s`).
//!
//! Each game starts from a balanced opening of random plies
//! (`openings::generate`, seeded: the same seed gives the same games, and
//! runs with different seeds are shards that concatenate), and each move
//! is a search of a fixed number of nodes, so that the data does not
//! depend on the machine or on what else runs on it.

use crate::analyse::judge::score_text;
use crate::board::Position;
use crate::game;
use crate::openings;
use crate::search::{Limits, Searcher};
use crate::types::Color;
use crate::variant::Variant;
use std::io::{self, Write};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

/// The longest game: one still going is a draw.
pub const MAX_PLIES: usize = 600;
/// Most games one run may play.
pub const MAX_GAMES: usize = 100_000;
/// Most nodes a move may search.
pub const MAX_NODES: u64 = 100_000_000;
/// A game is adjudicated once the mover's score has been beyond this many
/// centipawns, the same side ahead, for `ADJUDICATION_PLIES` plies in a
/// row: the rest of a won game teaches the table little and costs time.
const ADJUDICATION_SCORE: i32 = 2_500;
const ADJUDICATION_PLIES: usize = 8;

/// How the games are played.
#[derive(Clone, Debug)]
pub struct Settings {
    pub games: usize,
    pub nodes: u64,
    pub seed: u64,
    /// Random plies of each opening.
    pub opening_plies: usize,
    pub hash_mb: usize,
}

/// The comment `kyodai match` writes for a move: the mover's score
/// (`analyse::judge::score_text`), the depth and the time.
fn comment(score: i32, depth: u32, seconds: f64) -> String {
    format!("{}/{depth} {seconds:.3}s", score_text(score))
}

/// Plays `settings.games` games and writes them to `out` as PGN. Returns
/// the games and the moves played.
pub fn play(
    v: &'static Variant,
    settings: &Settings,
    out: &mut dyn Write,
) -> io::Result<(usize, usize)> {
    let request = openings::Request {
        count: settings.games,
        plies: settings.opening_plies,
        seed: settings.seed,
        max_score: 150,
        depth: 2,
    };
    let mut searcher = Searcher::new(settings.hash_mb, Arc::new(AtomicBool::new(false)));
    let (mut games, mut moves) = (0, 0);
    for (n, fen) in openings::generate(v, &request).into_iter().enumerate() {
        let Ok(mut pos) = Position::from_fen(v, &fen) else {
            continue;
        };
        searcher.clear();
        let mut movetext = String::new();
        let mut winner = None;
        let mut ahead: (Option<Color>, usize) = (None, 0);
        let mut plies = 0;
        let reason = loop {
            if plies == MAX_PLIES {
                break "move limit";
            }
            let limits = Limits {
                nodes: Some(settings.nodes),
                ..Limits::default()
            };
            let started = Instant::now();
            let outcome = searcher.think(&mut pos, limits, &mut |_| {});
            let Some(mv) = outcome.best else {
                winner = game::ending(&mut pos, None).and_then(|e| e.winner);
                break "no move";
            };
            let side = pos.side();
            if plies % 2 == 0 {
                movetext.push_str(&format!("{}. ", plies / 2 + 1));
            }
            movetext.push_str(&format!(
                "{} {{{}}} ",
                mv.cecp_text(),
                comment(
                    outcome.score,
                    outcome.depth,
                    started.elapsed().as_secs_f64()
                )
            ));
            plies += 1;
            if let Some(end) = game::play(&mut pos, mv) {
                winner = end.winner;
                break "game over";
            }
            // Adjudication: the winning side by the mover's score.
            let leader = match outcome.score {
                s if s >= ADJUDICATION_SCORE => Some(side),
                s if s <= -ADJUDICATION_SCORE => Some(side.flip()),
                _ => None,
            };
            ahead = match (leader, ahead) {
                (Some(l), (Some(a), k)) if l == a => (Some(l), k + 1),
                (Some(l), _) => (Some(l), 1),
                (None, _) => (None, 0),
            };
            if ahead.1 >= ADJUDICATION_PLIES {
                winner = ahead.0;
                break "adjudicated";
            }
        };
        let result = game::result_text(winner);
        writeln!(out, "[Event \"kyodai selfplay\"]")?;
        writeln!(out, "[Round \"{}\"]", n + 1)?;
        writeln!(out, "[Result \"{result}\"]")?;
        writeln!(out, "[FEN \"{fen}\"]")?;
        writeln!(out, "[SetUp \"1\"]")?;
        writeln!(out, "[Variant \"{}\"]", v.name)?;
        writeln!(
            out,
            "[Annotator \"Kyodai {} selfplay nodes={} seed={}\"]",
            crate::version::VERSION,
            settings.nodes,
            settings.seed
        )?;
        writeln!(out, "[Termination \"{reason}\"]")?;
        writeln!(out)?;
        writeln!(out, "{movetext}{result}")?;
        writeln!(out)?;
        out.flush()?;
        games += 1;
        moves += plies;
    }
    Ok((games, moves))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::MATE;

    #[test]
    fn mate_and_ordinary_scores_are_written_as_the_match_writes_them() {
        assert_eq!(comment(35, 6, 0.004), "+0.35/6 0.004s");
        assert_eq!(comment(-120, 5, 0.01), "-1.20/5 0.010s");
        assert_eq!(comment(MATE - 9, 9, 0.0), "+M5/9 0.000s");
        assert_eq!(comment(-(MATE - 2), 3, 0.0), "-M1/3 0.000s");
    }

    /// Two short games read back as PGN with a score on every move, and
    /// the same seed plays the same games.
    #[test]
    fn games_read_back_with_their_scores_and_repeat_by_seed() {
        let v = crate::variant::VariantSet::builtin()
            .find("wa-shogi")
            .expect("wa is built in");
        let settings = Settings {
            games: 2,
            nodes: 300,
            seed: 5,
            opening_plies: 4,
            hash_mb: 1,
        };
        let run = || {
            let mut out = Vec::new();
            play(v, &settings, &mut out).expect("writing to memory");
            String::from_utf8(out).expect("PGN is text")
        };
        let text = run();
        let read = crate::record::read(&text, crate::variant::VariantSet::builtin(), None);
        assert!(read.problems.is_empty(), "{:?}", read.problems);
        assert_eq!(read.games.len(), 2);
        for g in &read.games {
            assert!(g.result.is_some());
            assert!(!g.moves.is_empty());
            assert!(
                g.moves
                    .iter()
                    .all(|m| m.comments.first().is_some_and(|c| c.contains('/')))
            );
        }
        let strip_times = |t: &str| -> String {
            t.split_whitespace()
                .filter(|w| !w.ends_with("s}"))
                .collect::<Vec<_>>()
                .join(" ")
        };
        assert_eq!(strip_times(&text), strip_times(&run()));
    }
}
