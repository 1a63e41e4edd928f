//! `kyodai analyse`: every position of every game of record files searched
//! (threads each with a Searcher of their own, positions shared out), and
//! the games written back as PGN with the score of every move in
//! `kyodai match`'s comment form, NAGs and the engine's better line where
//! a move lost winning chances, and each side's figures (docs/analysis.md).

pub mod graph;
pub mod judge;

use crate::board::Position;
use crate::clock::Instant;
use crate::game;
use crate::moves::Move;
use crate::record::{self, Game, GamePositions};
use crate::search::{Limits, MATE, Searcher};
use crate::time::Budget;
use crate::types::Color;
use judge::{MoveFigures, SideTotals, figures, score_text, variant_scale};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// Most moves of the engine's line written after a lost move.
const LINE_MOVES: usize = 10;
/// Transposition table of each thread, megabytes.
const HASH_MB: usize = 16;
/// Games replayed and searched together by `analyse`: a file of thousands
/// of games is taken a few at a time, each game's positions kept as its
/// last (`GamePositions`).
const GAMES_AT_ONCE: usize = 16;

/// How each position is searched, and which plies.
#[derive(Clone, Debug)]
pub struct Settings {
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub movetime: Option<Duration>,
    pub threads: usize,
    /// First and last ply analysed (from 1; `None`: the game's last).
    pub from: usize,
    pub to: Option<usize>,
}

/// A searched position: the score from the side to move's view, the
/// engine's move and line.
#[derive(Clone, Debug, Default)]
struct Searched {
    score: i32,
    depth: u32,
    seconds: f64,
    line: Vec<Move>,
}

/// Time as `kyodai match` writes it.
fn seconds_text(secs: f64) -> String {
    if secs < 0.0995 {
        format!("{secs:.3}s")
    } else {
        format!("{secs:.1}s")
    }
}

fn search(searcher: &mut Searcher, pos: &Position, settings: &Settings) -> Searched {
    let mut pos = pos.clone();
    searcher.clear();
    let limits = Limits {
        depth: settings.depth,
        nodes: settings.nodes,
        budget: settings.movetime.map(|t| Budget { soft: t, hard: t }),
        ..Limits::default()
    };
    let started = Instant::now();
    let mut line = Vec::new();
    let outcome = searcher.think(&mut pos, limits, &mut |info| {
        if info.multipv == 1 {
            line = info.pv.to_vec();
        }
    });
    if let Some(best) = outcome.best
        && line.first() != Some(&best)
    {
        line = vec![best];
    }
    Searched {
        score: outcome.score,
        depth: outcome.depth,
        seconds: started.elapsed().as_secs_f64(),
        line,
    }
}

/// The search of a position, or `None` where the game has ended there.
fn search_position(
    searcher: &mut Searcher,
    pos: &Position,
    settings: &Settings,
) -> Option<Searched> {
    if pos.is_over() || game::legal_moves(&mut pos.clone()).is_empty() {
        None
    } else {
        Some(search(searcher, pos, settings))
    }
}

/// The first ply of `game` that `settings` asks for (from 1) and the
/// game's positions: before each move and after the last.
fn plies(game: &Game, settings: &Settings) -> Result<(usize, GamePositions), String> {
    Ok((settings.from.max(1), game.positions()?))
}

/// One analysed move: the score after it from its mover's view (the next
/// position's search, negated, or the result where the move ended the
/// game), its figures, and the engine's line from the position before it.
#[derive(Clone, Debug)]
pub struct PlyReview {
    /// From 1.
    pub ply: usize,
    pub mover: Color,
    pub score: i32,
    pub depth: u32,
    pub seconds: f64,
    pub figures: MoveFigures,
    /// The engine's line where the move was played, its score and depth.
    pub line: Vec<Move>,
    pub line_score: i32,
    pub line_depth: u32,
}

/// One game's analysis: the game with its comments and NAGs, each side's
/// totals (Sente first), Sente's win percentage after each ply and each
/// analysed move's figures.
pub struct Analysed {
    pub game: Game,
    pub totals: [SideTotals; 2],
    pub first_ply: usize,
    pub sente_win: Vec<f64>,
    pub plies: Vec<PlyReview>,
}

/// One game analysed a position at a time, for a host without threads (the
/// browser module), which steps it between its other work.
pub struct Review {
    game: Game,
    settings: Settings,
    first: usize,
    positions: GamePositions,
    /// The positions searched, from the one before ply `first`.
    searched: Vec<Option<Searched>>,
    /// How many positions are to be searched.
    total: usize,
    searcher: Searcher,
}

impl Review {
    pub fn new(game: Game, settings: Settings) -> Result<Review, String> {
        let (first, positions) = plies(&game, &settings)?;
        let total = searched_count(positions.len(), &settings);
        Ok(Review {
            game,
            settings,
            first,
            positions,
            searched: Vec::with_capacity(total),
            total,
            searcher: Searcher::new(HASH_MB, Arc::new(AtomicBool::new(false))),
        })
    }

    /// Positions searched so far, and in all.
    pub fn progress(&self) -> (usize, usize) {
        (self.searched.len(), self.total)
    }

    /// Search the next position; false when all have been.
    pub fn step(&mut self) -> bool {
        if self.searched.len() >= self.total {
            return false;
        }
        let index = self.first - 1 + self.searched.len();
        let searched = self
            .positions
            .at(index)
            .and_then(|pos| search_position(&mut self.searcher, &pos, &self.settings));
        self.searched.push(searched);
        true
    }

    /// The analysis of the positions searched so far.
    pub fn finish(&self) -> Analysed {
        annotate(&self.game, &self.positions, self.first, &self.searched)
    }
}

/// Analyse `games`, writing a progress line to stderr after each position.
/// The games are replayed and searched `GAMES_AT_ONCE` at a time, so that
/// memory stays bounded however many games the records hold.
pub fn analyse(games: &[Game], settings: &Settings) -> Vec<Result<Analysed, String>> {
    let total = games
        .iter()
        .map(|g| searched_count(g.moves.len() + 1, settings))
        .sum();
    let progress = Progress {
        done: AtomicUsize::new(0),
        total,
    };
    games
        .chunks(GAMES_AT_ONCE)
        .flat_map(|chunk| analyse_chunk(chunk, settings, &progress))
        .collect()
}

/// How many of a game's `positions` (before each move and after the last)
/// `settings` has searched.
fn searched_count(positions: usize, settings: &Settings) -> usize {
    let last = settings.to.unwrap_or(usize::MAX);
    positions
        .min(last.saturating_add(1))
        .saturating_sub(settings.from.max(1) - 1)
}

/// Positions searched so far over all the games, and in all.
struct Progress {
    done: AtomicUsize,
    total: usize,
}

fn analyse_chunk(
    games: &[Game],
    settings: &Settings,
    progress: &Progress,
) -> Vec<Result<Analysed, String>> {
    let replayed: Vec<_> = games.iter().map(|game| plies(game, settings)).collect();
    // The positions to search: before each analysed move and after the
    // last, each with its game and ply (from 0), and the game's positions.
    let jobs: Vec<(usize, usize, &GamePositions)> = replayed
        .iter()
        .enumerate()
        .filter_map(|(g, r)| Some((g, r.as_ref().ok()?)))
        .flat_map(|(g, (first, positions))| {
            let count = searched_count(positions.len(), settings);
            (first - 1..first - 1 + count).map(move |p| (g, p, positions))
        })
        .collect();
    let results: Mutex<Vec<Option<Searched>>> = Mutex::new(vec![None; jobs.len()]);
    let next = AtomicUsize::new(0);
    std::thread::scope(|s| {
        for _ in 0..settings.threads.max(1) {
            s.spawn(|| {
                let mut searcher = Searcher::new(HASH_MB, Arc::new(AtomicBool::new(false)));
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(&(g, p, positions)) = jobs.get(i) else {
                        break;
                    };
                    let searched = positions
                        .at(p)
                        .and_then(|pos| search_position(&mut searcher, &pos, settings));
                    if let Ok(mut r) = results.lock() {
                        r[i] = searched;
                    }
                    let n = progress.done.fetch_add(1, Ordering::Relaxed) + 1;
                    eprintln!(
                        "kyodai: game {}, ply {}: {n}/{} positions searched",
                        games[g].number,
                        p + 1,
                        progress.total
                    );
                }
            });
        }
    });
    let results = results.into_inner().unwrap_or_default();
    let mut at = 0;
    let mut out = Vec::new();
    for (g, r) in replayed.into_iter().enumerate() {
        let (first, positions) = match r {
            Ok(x) => x,
            Err(e) => {
                out.push(Err(format!("game {}: {e}", games[g].number)));
                continue;
            }
        };
        let count = searched_count(positions.len(), settings);
        let searched = &results[at..at + count];
        at += count;
        out.push(Ok(annotate(&games[g], &positions, first, searched)));
    }
    out
}

/// The score of `ending`, the game's end with a move of `mover`, from the
/// mover's view: a win, a loss or a draw by the rules.
fn ending_score(ending: &game::Ending, mover: Color) -> i32 {
    match ending.winner {
        Some(w) if w == mover => MATE - 1,
        Some(_) => -(MATE - 1),
        None => 0,
    }
}

fn annotate(
    game: &Game,
    positions: &GamePositions,
    first: usize,
    searched: &[Option<Searched>],
) -> Analysed {
    let scale = variant_scale(Position::start(game.variant).material(Color::White));
    let mut out = game.clone();
    let mut totals = [SideTotals::default(); 2];
    let mut sente_win = Vec::new();
    let mut reviews = Vec::new();
    // searched[k] is the position before ply first + k.
    let at = |ply: usize| searched.get(ply - first).and_then(Option::as_ref);
    // The game walked through from the first analysed ply, one move a ply.
    let mut pos = positions.at(first - 1);
    for ply in first..first + searched.len().saturating_sub(1) {
        let Some(walked) = pos.as_mut() else { break };
        let mover = walked.side();
        // The game replayed with these moves already: none is refused.
        let Ok(ending) = game::play_accepted(walked, game.moves[ply - 1].mv) else {
            break;
        };
        let Some(before) = at(ply) else { continue };
        let m = &mut out.moves[ply - 1];
        let (after, depth, seconds) = match (ending.map(|e| ending_score(&e, mover)), at(ply + 1)) {
            (Some(s), _) => (s, 0, 0.0),
            (None, Some(next)) => (-next.score, next.depth, next.seconds),
            (None, None) => continue,
        };
        let best = before.line.first() == Some(&m.mv);
        let f = figures(before.score, after, best, scale);
        totals[mover.index()].add(&f);
        reviews.push(PlyReview {
            ply,
            mover,
            score: after,
            depth,
            seconds,
            figures: f,
            line: before.line.clone(),
            line_score: before.score,
            line_depth: before.depth,
        });
        sente_win.push(if mover == Color::White {
            f.win_after
        } else {
            100.0 - f.win_after
        });
        m.comments = vec![format!(
            "{}/{depth} {}",
            score_text(after),
            seconds_text(seconds)
        )];
        m.nags.clear();
        if let Some(j) = f.judgement {
            m.nags.push(j.nag());
            let line: Vec<String> = before
                .line
                .iter()
                .take(LINE_MOVES)
                .map(|mv| mv.to_string())
                .collect();
            m.comments.push(format!(
                "{}: win chance {:.0}% -> {:.0}%; better {} {}/{}: {}",
                j.name(),
                f.win_before,
                f.win_after,
                line.first().map_or("?", String::as_str),
                score_text(before.score),
                before.depth,
                line.join(" ")
            ));
        }
    }
    for (side, t) in [("White", &totals[0]), ("Black", &totals[1])] {
        out.set_tag(
            &format!("{side}Accuracy"),
            &format!("{:.1}", t.average_accuracy()),
        );
        out.set_tag(
            &format!("{side}AverageLoss"),
            &format!("{:.0}", t.average_loss()),
        );
        out.set_tag(&format!("{side}Inaccuracies"), &t.inaccuracies.to_string());
        out.set_tag(&format!("{side}Mistakes"), &t.mistakes.to_string());
        out.set_tag(&format!("{side}Blunders"), &t.blunders.to_string());
    }
    out.set_tag(
        "Annotator",
        &format!("Kyodai {} analyse", crate::version::VERSION),
    );
    Analysed {
        game: out,
        totals,
        first_ply: first,
        sente_win,
        plies: reviews,
    }
}

/// A side's figures in a line (`accuracy 87.2%, average loss 23 cp, ...`).
pub fn summary(t: &SideTotals) -> String {
    format!(
        "accuracy {:.1}%, average loss {:.0} cp, {} inaccuracies, {} mistakes, {} blunders",
        t.average_accuracy(),
        t.average_loss(),
        t.inaccuracies,
        t.mistakes,
        t.blunders
    )
}

/// A record file's text, bounded (`record::MAX_BYTES`) and UTF-8.
pub fn read_file(path: &std::path::Path) -> Result<String, String> {
    let shown = path.display();
    let size = std::fs::metadata(path)
        .map_err(|e| format!("cannot read {shown}: {e}"))?
        .len();
    if size > record::MAX_BYTES {
        return Err(format!(
            "{shown}: larger than {} MiB",
            record::MAX_BYTES >> 20
        ));
    }
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read {shown}: {e}"))?;
    String::from_utf8(bytes)
        .map_err(|_| format!("{shown}: not UTF-8 text (a Shift_JIS KIF? save it as UTF-8)"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::VariantSet;

    /// Sente takes Gote's only King with a1a12+, plays a1a2 instead, and
    /// Gote takes Sente's (tests/analyse.rs has the same game end to end).
    const BLUNDER: &str = "[Variant \"chu\"]\n[FEN \"k10r/12/12/12/12/12/12/12/12/12/12/R10K w - 0 1\"]\n\n\
                           1. a1a2 l12l1 0-1\n";

    #[test]
    fn a_review_stepped_a_position_at_a_time_is_the_threaded_analysis() {
        let read = record::read(BLUNDER, VariantSet::builtin(), None);
        let settings = Settings {
            depth: Some(3),
            nodes: None,
            movetime: None,
            threads: 2,
            from: 1,
            to: None,
        };
        let mut review = Review::new(read.games[0].clone(), settings.clone()).expect("review");
        assert_eq!(review.progress(), (0, 3));
        while review.step() {}
        assert_eq!(review.progress(), (3, 3));
        let stepped = review.finish();
        let threaded = analyse(&read.games, &settings).remove(0).expect("analysis");
        assert_eq!(stepped.totals, threaded.totals);
        assert_eq!(stepped.sente_win, threaded.sente_win);
        // The comments but for the time each search took.
        let without_time = |a: &Analysed| -> Vec<String> {
            a.game
                .moves
                .iter()
                .flat_map(|m| m.comments.iter())
                .map(|c| {
                    c.split(' ')
                        .filter(|w| !w.ends_with('s'))
                        .collect::<Vec<_>>()
                        .join(" ")
                })
                .collect()
        };
        assert_eq!(without_time(&stepped), without_time(&threaded));
        let blunder = &stepped.plies[0];
        assert_eq!(blunder.figures.judgement, Some(judge::Judgement::Blunder));
        assert_eq!(
            blunder.line.first().map(|m| m.to_string()).as_deref(),
            Some("a1a12+")
        );
    }

    #[test]
    fn games_past_one_batch_are_each_analysed_in_their_place() {
        let count = 2 * GAMES_AT_ONCE + 1;
        let record: String = (0..count)
            .map(|n| BLUNDER.replace("[Variant", &format!("[Round \"{}\"]\n[Variant", n + 1)))
            .collect::<Vec<_>>()
            .join("\n");
        let read = record::read(&record, VariantSet::builtin(), None);
        assert_eq!(read.games.len(), count);
        let settings = Settings {
            depth: Some(1),
            nodes: None,
            movetime: None,
            threads: 3,
            from: 1,
            to: None,
        };
        let analysed: Vec<Analysed> = analyse(&read.games, &settings)
            .into_iter()
            .map(|a| a.expect("analysis"))
            .collect();
        assert_eq!(analysed.len(), count);
        for (n, a) in analysed.iter().enumerate() {
            assert_eq!(a.game.tag("Round"), Some(format!("{}", n + 1).as_str()));
            assert_eq!(a.totals, analysed[0].totals);
            assert_eq!(a.plies.len(), 2);
        }
    }
}
