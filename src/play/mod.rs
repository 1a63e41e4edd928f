//! `kyodai match`: engine-vs-engine games and tournaments with Kyodai's
//! rules as the referee, cutechess-cli's command line and output.
//!
//! The schedule is made up front (pairings, colours, openings); worker
//! threads, `-concurrency` of them, each take the next game, start its two
//! engine processes and play it (`referee`); the main thread prints what
//! finishes, keeps the score, writes PGN and stops the match on an SPRT
//! decision or an engine crash (unless `-recover`).

pub mod clock;
pub mod config;
pub mod engine;
mod numbers;
pub mod pgn;
pub mod referee;
pub mod results;
pub mod score;
mod setup;
pub mod standings;
pub mod stats;
pub mod usi;

use crate::board::Position;
use crate::types::Rng;
use crate::variant::{Variant, VariantSet};
use config::{MatchConfig, OpeningFormat, Tournament};
use referee::{GameRecord, GameSpec, Opening, Table};
use standings::{PairId, Standings, print_outcomes, print_ratings, score_line};
use std::collections::VecDeque;
use std::fs::OpenOptions;
use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::channel;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The most openings read from a file.
const MAX_OPENINGS: usize = 1_000_000;

/// Read the openings file: one FEN (or EPD) a line, `#` comments and blank
/// lines skipped, or PGN games; each checked against the variant.
fn load_openings(
    cfg: &config::OpeningsConfig,
    set: &'static VariantSet,
    variant: &'static Variant,
    seed: u64,
) -> Result<Vec<Opening>, String> {
    let text = std::fs::read_to_string(&cfg.file)
        .map_err(|e| format!("cannot read {}: {e}", cfg.file.display()))?;
    let mut openings = match cfg.format {
        OpeningFormat::Fen => text
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .map(|l| Opening {
                fen: Some(l.to_string()),
                moves: Vec::new(),
                number: None,
            })
            .collect(),
        OpeningFormat::Pgn => pgn::read_openings(&text, set, variant, cfg.plies)
            .map_err(|e| format!("{}: {e}", cfg.file.display()))?,
    };
    for (i, o) in openings.iter_mut().enumerate() {
        o.number = Some(i + 1);
    }
    if openings.len() > MAX_OPENINGS {
        return Err(format!(
            "{}: more than {MAX_OPENINGS} openings",
            cfg.file.display()
        ));
    }
    for (i, o) in openings.iter().enumerate() {
        let mut pos = match &o.fen {
            Some(fen) => Position::from_fen(variant, fen)
                .map_err(|e| format!("{} opening {}: {e}", cfg.file.display(), i + 1))?,
            None => Position::start(variant),
        };
        for m in &o.moves {
            crate::game::play_text(&mut pos, m, false)
                .map_err(|e| format!("{} opening {}: move {m}: {e}", cfg.file.display(), i + 1))?;
        }
    }
    if openings.is_empty() {
        return Err(format!("{}: no openings", cfg.file.display()));
    }
    if cfg.random {
        let mut rng = Rng::new(seed.max(1));
        for i in (1..openings.len()).rev() {
            openings.swap(i, rng.below(i + 1));
        }
    }
    let start = (cfg.start - 1) % openings.len();
    openings.rotate_left(start);
    Ok(openings)
}

/// Whether the schedule plays the games in pairs, games 2k−1 and 2k of a
/// two-engine match on one opening with the colours swapped: `-repeat` an
/// even number of times, colours swapped, two engines.
fn paired(cfg: &MatchConfig) -> bool {
    cfg.engines.len() == 2 && cfg.swap && cfg.repeat.is_multiple_of(2)
}

/// Every game of the match in order: pairings, colours, openings and, for a
/// paired schedule (`paired`), the pair each game belongs to.
fn schedule(cfg: &MatchConfig, openings: &[Opening]) -> Vec<GameSpec> {
    let in_pairs = paired(cfg);
    let n = cfg.engines.len();
    let pairs: Vec<(usize, usize)> = match cfg.tournament {
        Tournament::Gauntlet => (1..n).map(|j| (0, j)).collect(),
        Tournament::RoundRobin => (0..n)
            .flat_map(|i| (i + 1..n).map(move |j| (i, j)))
            .collect(),
    };
    let mut games = Vec::new();
    let mut number = 0u64;
    for round in 0..cfg.rounds {
        for &(a, b) in &pairs {
            for g in 0..cfg.games {
                let swapped = cfg.swap && (round * cfg.games + g) % 2 == 1;
                let opening = if openings.is_empty() {
                    Opening::default()
                } else {
                    openings[((number / cfg.repeat) % openings.len() as u64) as usize].clone()
                };
                number += 1;
                games.push(GameSpec {
                    number,
                    round: round + 1,
                    players: if swapped { [b, a] } else { [a, b] },
                    opening,
                    pair: in_pairs.then(|| number.div_ceil(2)),
                });
            }
        }
    }
    games
}

/// Append to an output file (`-pgnout`, `-epdout`).
fn append(path: &std::path::Path, text: &str) -> Result<(), String> {
    OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .and_then(|mut f| f.write_all(text.as_bytes()))
        .map_err(|e| format!("cannot write {}: {e}", path.display()))
}

/// What a worker tells the main thread, which does all the printing so
/// that a game's end is told before the next game's start.
enum Report {
    Started(String),
    Finished(GameSpec, Box<Result<GameRecord, String>>),
}

/// Play the match `args` describe (the words after `kyodai match`);
/// `Err` for a command line or set-up error, or a game that could not be
/// played.
pub fn run(set: &'static VariantSet, args: &[String]) -> Result<(), String> {
    if args.is_empty()
        || args
            .iter()
            .any(|a| a == "-help" || a == "--help" || a == "-h")
    {
        print!("{}", config::USAGE);
        return if args.is_empty() {
            Err("no engines given".to_string())
        } else {
            Ok(())
        };
    }
    let cfg = config::parse(args)?;
    let base = set.find(&cfg.variant).ok_or_else(|| {
        format!(
            "unknown variant '{}'; variants: {}",
            cfg.variant,
            set.names()
        )
    })?;
    let variant = set
        .find_under(&base.name, cfg.rules)
        .map_err(|e| format!("-rules {}: {e}", cfg.rules.name()))?;
    if base.name != "chu"
        && let Some(e) = cfg
            .engines
            .iter()
            .find(|e| e.protocol == config::Protocol::Usi)
    {
        return Err(format!(
            "{}: proto=usi engines play Chu only (USI in lishogi's notation), not {}",
            e.command, base.name
        ));
    }
    let sprt = match cfg.sprt {
        Some(s) => {
            if cfg.engines.len() != 2 {
                return Err("-sprt needs exactly two engines".to_string());
            }
            let test = standings::sprt_test(&s, paired(&cfg))?;
            eprintln!("kyodai match: SPRT by the {}", test.model.describe());
            Some(test)
        }
        None => None,
    };
    if let Some(path) = &cfg.results_out {
        if cfg.engines.len() != 2 {
            return Err("-results needs exactly two engines".to_string());
        }
        results::create(path)?;
    }
    let openings = match &cfg.openings {
        Some(o) => load_openings(o, set, variant, cfg.seed)?,
        None => Vec::new(),
    };
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    if cfg.concurrency > cores {
        // Engines of one game would think on the time of another's.
        eprintln!(
            "kyodai match: warning: -concurrency {} on {cores} cores: engines will share cores and their clocks run meanwhile",
            cfg.concurrency
        );
    }
    let games = schedule(&cfg, &openings);
    let total = games.len();
    let queue = Arc::new(Mutex::new(VecDeque::from(games)));
    let stop = Arc::new(AtomicBool::new(false));
    let cfg = Arc::new(cfg);
    let (tx, rx) = channel::<Report>();
    let mut workers = Vec::new();
    for _ in 0..cfg.concurrency.min(total) {
        let (queue, stop, cfg, tx) = (queue.clone(), stop.clone(), cfg.clone(), tx.clone());
        workers.push(std::thread::spawn(move || {
            let table = Table {
                config: &cfg,
                variant,
            };
            let mut first = true;
            loop {
                if stop.load(Ordering::SeqCst) {
                    return;
                }
                let Some(spec) = queue.lock().ok().and_then(|mut q| q.pop_front()) else {
                    return;
                };
                if !first && !cfg.wait.is_zero() {
                    std::thread::sleep(cfg.wait);
                }
                first = false;
                let mut started = |names: &[String; 2]| {
                    let line = format!(
                        "Started game {} of {total} ({} vs {})",
                        spec.number, names[0], names[1]
                    );
                    let _ = tx.send(Report::Started(line));
                };
                // A panic in one game must not take the match's engines
                // with it unreaped: the game's engines are dropped (killed)
                // while unwinding, and the game is reported as failed.
                let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                    referee::play(&table, &spec, &mut started)
                }))
                .unwrap_or_else(|_| Err(format!("game {} failed (runner panic)", spec.number)));
                // Decided here, before this worker takes another game: a
                // crash stops the match unless -recover, a game that could
                // not be played stops it always.
                let crashed = result.as_ref().map_or(true, |g| g.crashed.contains(&true));
                if result.is_err() || (crashed && !cfg.recover) {
                    stop.store(true, Ordering::SeqCst);
                }
                if tx.send(Report::Finished(spec, Box::new(result))).is_err() {
                    return;
                }
            }
        }));
    }
    drop(tx);
    let names: Vec<String> = cfg
        .engines
        .iter()
        .map(|e| e.name.clone().unwrap_or_else(|| e.command.clone()))
        .collect();
    let mut standings = Standings::new(names, paired(&cfg));
    let mut failure = None;
    let mut finished = 0u64;
    let mut overhead: Vec<Duration> = Vec::new();
    let date = pgn::today();
    let started = Instant::now();
    for report in rx {
        let (spec, result) = match report {
            Report::Started(line) => {
                println!("{line}");
                continue;
            }
            Report::Finished(spec, result) => (spec, *result),
        };
        let game = match result {
            Ok(g) => g,
            Err(e) => {
                println!("Game {} could not be played: {e}", spec.number);
                failure.get_or_insert(e);
                continue;
            }
        };
        finished += 1;
        // Names as the engines gave them (myname) from now on.
        for (seat, &i) in game.spec.players.iter().enumerate() {
            if cfg.engines[i].name.is_none() {
                standings.names[i] = game.names[seat].clone();
            }
        }
        println!(
            "Finished game {} ({} vs {}): {} {{{}}}",
            game.spec.number,
            game.names[0],
            game.names[1],
            game.result(),
            game.reason
        );
        let pair: Option<PairId> = game.spec.pair.map(|p| (0, p));
        standings.add(game.spec.players, game.winner, pair);
        if let Some(path) = &cfg.results_out {
            let line = results::game_line(&game, &standings.names);
            if let Err(e) = append(path, &line) {
                failure.get_or_insert(e);
                stop.store(true, Ordering::SeqCst);
            }
        }
        overhead.extend(&game.overhead);
        if let Some(path) = &cfg.pgn_out {
            let header = pgn::Header {
                event: &cfg.event,
                site: &cfg.site,
                date: &date,
                variant,
                time_controls: [
                    cfg.engines[game.spec.players[0]].time_control_tag(),
                    cfg.engines[game.spec.players[1]].time_control_tag(),
                ],
            };
            if let Err(e) = append(path, &pgn::write(&game, &header)) {
                failure.get_or_insert(e);
                stop.store(true, Ordering::SeqCst);
            }
        }
        if let Some(path) = &cfg.epd_out
            && let Err(e) = append(path, &format!("{}\n", game.final_fen))
        {
            failure.get_or_insert(e);
            stop.store(true, Ordering::SeqCst);
        }
        let [a, b] = game.spec.players;
        let (first, second) = (a.min(b), a.max(b));
        let names = &standings.names;
        println!(
            "{}",
            score_line(
                &format!("Score of {} vs {}", names[first], names[second]),
                &standings.pair[first][second]
            )
        );
        let interval = cfg.rating_interval;
        if interval > 0 && finished.is_multiple_of(interval) {
            print_ratings(&standings, sprt.as_ref());
        }
        if cfg.outcome_interval > 0 && finished.is_multiple_of(cfg.outcome_interval) {
            print_outcomes(&standings);
        }
        for (seat, &i) in game.spec.players.iter().enumerate() {
            if game.crashed[seat] && !cfg.recover {
                println!(
                    "Engine {} disconnected or stalled: stopping the match (-recover plays on)",
                    standings.names[i]
                );
            }
        }
        if let Some(s) = &sprt
            && s.status(&standings).result != stats::SprtResult::Continue
            && !stop.swap(true, Ordering::SeqCst)
        {
            println!("SPRT decided: the games under way finish, no new game starts");
        }
    }
    for w in workers {
        let _ = w.join();
    }
    // The last game's score line has just been printed; the block that
    // goes with it, unless the interval printed it already.
    if cfg.rating_interval == 0 || !finished.is_multiple_of(cfg.rating_interval) {
        print_ratings(&standings, sprt.as_ref());
    }
    if !overhead.is_empty() {
        let sum: Duration = overhead.iter().sum();
        let max = overhead.iter().max().copied().unwrap_or_default();
        log::info!(
            "referee time per move: mean {:.3} ms, max {:.3} ms over {} moves; wall time {:.1} s",
            sum.as_secs_f64() * 1000.0 / overhead.len() as f64,
            max.as_secs_f64() * 1000.0,
            overhead.len(),
            started.elapsed().as_secs_f64()
        );
    }
    if standings.paired && standings.unpaired_games() > 0 {
        eprintln!(
            "kyodai match: {} game(s) without the other game of their pair (an odd game count, or a game unfinished or not played): in the score, not in Ptnml or the pentanomial SPRT",
            standings.unpaired_games()
        );
    }
    println!("Finished match");
    match failure {
        Some(e) => Err(e),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::stats::SprtModel;

    fn cfg(extra: &str) -> MatchConfig {
        let args: Vec<String> = format!("-engine cmd=a -engine cmd=b -engine cmd=c {extra}")
            .split_whitespace()
            .map(String::from)
            .collect();
        config::parse(&args).unwrap()
    }

    #[test]
    fn round_robin_pairs_everyone_and_swaps_colours() {
        let games = schedule(&cfg("-games 2"), &[]);
        let players: Vec<[usize; 2]> = games.iter().map(|g| g.players).collect();
        assert_eq!(players, [[0, 1], [1, 0], [0, 2], [2, 0], [1, 2], [2, 1]]);
        assert_eq!(games.last().map(|g| g.number), Some(6));
    }

    #[test]
    fn gauntlet_and_noswap_and_repeated_openings() {
        let o = |f: &str| Opening {
            fen: Some(f.to_string()),
            moves: Vec::new(),
            number: None,
        };
        let openings = [o("A"), o("B")];
        let games = schedule(
            &cfg("-tournament gauntlet -games 2 -repeat -noswap"),
            &openings,
        );
        let players: Vec<[usize; 2]> = games.iter().map(|g| g.players).collect();
        assert_eq!(players, [[0, 1], [0, 1], [0, 2], [0, 2]]);
        let fens: Vec<&str> = games
            .iter()
            .filter_map(|g| g.opening.fen.as_deref())
            .collect();
        assert_eq!(fens, ["A", "A", "B", "B"]);
        // Three engines, or colours not swapped: no pairs.
        assert!(games.iter().all(|g| g.pair.is_none()));
    }

    #[test]
    fn two_engines_repeating_openings_play_numbered_pairs() {
        let two = |extra: &str| -> MatchConfig {
            let args: Vec<String> = format!("-engine cmd=a -engine cmd=b {extra}")
                .split_whitespace()
                .map(String::from)
                .collect();
            config::parse(&args).unwrap()
        };
        let games = schedule(&two("-games 5 -repeat"), &[]);
        let pairs: Vec<Option<u64>> = games.iter().map(|g| g.pair).collect();
        assert_eq!(pairs, [Some(1), Some(1), Some(2), Some(2), Some(3)]);
        assert_eq!(games[0].players, [0, 1]);
        assert_eq!(games[1].players, [1, 0]);
        assert!(
            schedule(&two("-games 4"), &[])
                .iter()
                .all(|g| g.pair.is_none())
        );
        assert!(
            schedule(&two("-games 4 -repeat 3"), &[])
                .iter()
                .all(|g| g.pair.is_none())
        );
        assert!(
            schedule(&two("-games 4 -repeat 4"), &[])
                .iter()
                .all(|g| g.pair.is_some())
        );

        // The SPRT's model follows the schedule unless model= says.
        let sprt = |words: &str| config::sprt(&words.split_whitespace().collect::<Vec<_>>());
        let s = sprt("elo0=0 elo1=5").unwrap();
        assert_eq!(
            standings::sprt_test(&s, true).unwrap().model,
            SprtModel::Pentanomial
        );
        assert_eq!(
            standings::sprt_test(&s, false).unwrap().model,
            SprtModel::BayesElo
        );
        let s = sprt("elo0=0 elo1=5 model=bayeselo").unwrap();
        assert_eq!(
            standings::sprt_test(&s, true).unwrap().model,
            SprtModel::BayesElo
        );
        let s = sprt("elo0=0 elo1=5 model=pentanomial").unwrap();
        assert!(
            standings::sprt_test(&s, false)
                .unwrap_err()
                .contains("-repeat")
        );
    }
}
