use clap::builder::RangedU64ValueParser;
use clap::{Parser, Subcommand};
use cli::analyse::{AnalyseArgs, run_analyse};
use cli::common::{
    Stop, bench_depth_help, learning_rate, load, prior_in_range, read_text, unit_interval,
    variant_help, variant_named, write_output,
};
use cli::mate::{MateArgs, run_mate};
use cli::perft::{PerftArgs, run_perft};
use kyodai::board::Position;
use kyodai::host::native;
use kyodai::search::MAX_THREADS;
use kyodai::usi::Usi;
use kyodai::variant::VariantSet;
use kyodai::xboard::Engine;
use kyodai::{bench, openings, params, selfplay, train, tune};
use std::io::{self, IsTerminal, Write};
use std::process::ExitCode;

mod cli;

/// Kyodai: Chu, Dai, Cashew, Macadamia, Nutty, Suzumu, Tenjiku and Wa Shogi over
/// CECP and USI.
#[derive(Parser)]
#[command(
    name = "kyodai",
    version = kyodai::version::VERSION,
    after_help = format!("Variants: {}", VariantSet::builtin().names())
)]
struct Cli {
    /// Load variant definitions from this file instead of the built-in engine.ini.
    #[arg(long, global = true, value_name = "FILE")]
    ini: Option<String>,
    /// Set a search or time coefficient for this run (repeatable; `kyodai
    /// params` lists them with their bounds): for tuning and testing.
    #[arg(long = "param", global = true, value_name = "NAME=VALUE")]
    params: Vec<String>,
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Speak USI on stdin/stdout: Chu under lishogi's rules and notation
    /// (with no command, the first input line `usi` chooses it too).
    Usi,
    /// Speak CECP (XBoard protocol) on stdin/stdout (with no command, the
    /// default unless the first input line is `usi`).
    Xboard {
        /// Start every variant this FEN fits from it instead of the
        /// rules' position (handicaps, match openings); in the variants
        /// XBoard does not know, XBoard then takes it from the `setup` line.
        #[arg(long)]
        start_fen: Option<String>,
    },
    /// Search a fixed set of positions to a fixed depth; print nodes and speed.
    Bench {
        #[arg(
            default_value_t = bench::DEFAULT_DEPTH,
            value_parser = clap::value_parser!(u32).range(1..=i64::from(bench::MAX_DEPTH)),
            help = bench_depth_help()
        )]
        depth: u32,
        #[arg(
            long,
            default_value_t = 1,
            value_parser = RangedU64ValueParser::<usize>::new().range(1..=MAX_THREADS as u64),
            help = format!(
                "Search threads (lazy SMP), 1 to {MAX_THREADS}; with more than 1 \
                 the node count varies from run to run"
            )
        )]
        threads: usize,
        /// Also print what the searches pruned and reduced, all positions
        /// together: the nodes each pruning cut, the moves each skipped or
        /// reduced, where the cut-offs came from.
        #[arg(long)]
        stats: bool,
    },
    /// Print balanced opening positions (FENs) for engine matches.
    Openings {
        #[arg(help = variant_help())]
        variant: String,
        #[arg(
            long,
            default_value_t = 100,
            value_parser = RangedU64ValueParser::<usize>::new().range(1..=openings::MAX_COUNT as u64),
            help = format!(
                "Openings to print, 1 to {} (fewer if the variant has not that many)",
                openings::MAX_COUNT
            )
        )]
        count: usize,
        #[arg(
            long,
            default_value_t = 4,
            value_parser = RangedU64ValueParser::<usize>::new().range(0..=openings::MAX_PLIES as u64),
            help = format!(
                "Random quiet moves from the start position, 0 to {} (even: the \
                 first mover is to move)",
                openings::MAX_PLIES
            )
        )]
        plies: usize,
        /// Seed of the random moves: the same seed gives the same openings.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Largest score in centipawns, either side, a kept opening may have (0 or more).
        #[arg(long, default_value_t = 60, value_parser = clap::value_parser!(i32).range(0..))]
        max_score: i32,
        #[arg(
            long,
            default_value_t = 5,
            value_parser = clap::value_parser!(u32).range(1..=i64::from(openings::MAX_DEPTH)),
            help = format!("Depth of the balance check, 1 to {}", openings::MAX_DEPTH)
        )]
        depth: u32,
    },
    /// Fit the evaluation to game results (Texel's method): --generate N
    /// writes positions of N self-play games with their results
    /// (`FEN;RESULT` lines), --pgn FILE those of games already played;
    /// --data FILE tunes on such a file and prints the weights as
    /// engine.ini lines.
    Tune {
        #[arg(help = variant_help())]
        variant: String,
        #[arg(
            long,
            value_parser = RangedU64ValueParser::<usize>::new().range(1..=tune::MAX_GAMES as u64),
            help = format!(
                "Self-play games to write positions from, 1 to {} (FEN;RESULT lines on stdout)",
                tune::MAX_GAMES
            )
        )]
        generate: Option<usize>,
        #[arg(
            long,
            default_value_t = 3,
            value_parser = clap::value_parser!(u32).range(1..=i64::from(tune::MAX_DEPTH)),
            help = format!("Search depth of the self-play games, 1 to {}", tune::MAX_DEPTH)
        )]
        depth: u32,
        /// Seed of the games' openings: the same seed gives the same data.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// A PGN file of played games (such as `kyodai match -pgnout`
        /// writes): their positions with their results, as FEN;RESULT
        /// lines on stdout.
        #[arg(long, value_name = "FILE")]
        pgn: Option<std::path::PathBuf>,
        /// A file of FEN;RESULT lines to tune on (RESULT for the first mover: 1, 0.5 or 0).
        #[arg(long, value_name = "FILE")]
        data: Option<std::path::PathBuf>,
        #[arg(
            long,
            default_value_t = 2000,
            value_parser = RangedU64ValueParser::<usize>::new().range(1..=tune::MAX_ITERATIONS as u64),
            help = format!("Tuning steps, 1 to {}", tune::MAX_ITERATIONS)
        )]
        iterations: usize,
        /// The pull towards the current weights, in positions: a weight
        /// seen in n positions moves n / (n + PRIOR) of the way to what
        /// the data alone says.
        #[arg(long, default_value_t = 20_000.0, value_parser = prior_in_range)]
        prior: f64,
        /// A second data file, not tuned on: its error under the weights
        /// before and after shows whether the fit carries over.
        #[arg(long, value_name = "FILE", requires = "data")]
        holdout: Option<std::path::PathBuf>,
        /// Fit the piece values alone, every eval-* weight held where it
        /// is (for a fit whose values will be applied without its weights).
        #[arg(long, requires = "data", conflicts_with = "weights_only")]
        values_only: bool,
        /// Fit the eval-* weights alone, every piece value held where it
        /// is (weights fitted to the values the engine plays with).
        #[arg(long, requires = "data")]
        weights_only: bool,
    },
    /// List the search's and time manager's tunable coefficients: name,
    /// value in force, default, bounds and SPSA step (`--param` sets them).
    Params,
    /// Play training games, the engine against itself at a fixed number of
    /// nodes a move from seeded random openings, and write them as PGN
    /// with every move's score in its comment (`kyodai train` reads them).
    /// Runs with different seeds are shards: their files concatenate.
    Selfplay {
        #[arg(help = variant_help())]
        variant: String,
        #[arg(
            long,
            default_value_t = 100,
            value_parser = RangedU64ValueParser::<usize>::new().range(1..=selfplay::MAX_GAMES as u64),
            help = format!("Games to play, 1 to {}", selfplay::MAX_GAMES)
        )]
        games: usize,
        #[arg(
            long,
            default_value_t = 20_000,
            value_parser = clap::value_parser!(u64).range(1..=selfplay::MAX_NODES),
            help = format!("Nodes a move, 1 to {}", selfplay::MAX_NODES)
        )]
        nodes: u64,
        /// Seed of the openings: the same seed gives the same games.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Random plies of each opening, 0 to 40.
        #[arg(long, default_value_t = 8, value_parser = RangedU64ValueParser::<usize>::new().range(0..=40))]
        opening_plies: usize,
    },
    /// Learn the placement table (centipawns for each piece kind on each
    /// square) from games Kyodai played, whose move comments hold its
    /// search scores (`kyodai match -pgnout`); write it as the table file
    /// the engine compiles in (src/placement/VARIANT.pst).
    Train {
        #[arg(help = variant_help())]
        variant: String,
        /// PGN files of games with `kyodai match` comments (+0.35/12 0.50s).
        #[arg(required = true, value_name = "PGN")]
        pgn: Vec<std::path::PathBuf>,
        /// Where to write the table (default: standard output).
        #[arg(long, value_name = "FILE")]
        out: Option<std::path::PathBuf>,
        /// Share of the search score in the target, 0 to 1 (the rest: the result).
        #[arg(long, default_value_t = 0.75, value_parser = unit_interval)]
        lambda: f64,
        /// Passes over the training positions, 1 to 1000.
        #[arg(long, default_value_t = 30, value_parser = clap::value_parser!(u32).range(1..=1000))]
        epochs: u32,
        /// Pull of each weight towards its starting value, 0 to 1.
        #[arg(long, default_value_t = 1e-4, value_parser = unit_interval)]
        pull: f64,
        /// Adam's step, in centipawns, 0.001 to 100: smaller steps learn
        /// slower and settle nearer the best table.
        #[arg(long, default_value_t = 1.0, value_parser = learning_rate)]
        rate: f64,
        /// Seed of the order the positions are visited in.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Learn the pair term instead (over the placement in force) and
        /// write its file.
        #[arg(long)]
        pairs: bool,
        /// A line for the table file's header (repeatable): where its data
        /// came from, so that it can be made again.
        #[arg(long, value_name = "TEXT")]
        note: Vec<String>,
    },
    /// Print each piece's empty-board mobility, the value that mobility
    /// gives, and the value the evaluation uses.
    Values {
        #[arg(help = variant_help())]
        variant: String,
    },
    /// Play engine-vs-engine games and tournaments with Kyodai as the
    /// referee (cutechess-cli's options: `kyodai match -help`).
    #[command(disable_help_flag = true)]
    Match {
        /// cutechess-cli's options, read by the referee.
        #[arg(trailing_var_arg = true, allow_hyphen_values = true, num_args = 0..)]
        args: Vec<String>,
    },
    /// Add up the results files of `kyodai match -results` runs and print
    /// the match statistics for all their games (`kyodai match-merge -help`).
    #[command(disable_help_flag = true)]
    MatchMerge {
        /// `-sprt` settings and results files.
        #[arg(trailing_var_arg = true, allow_hyphen_values = true, num_args = 0..)]
        args: Vec<String>,
    },
    /// Count leaf nodes of the move tree.
    Perft(PerftArgs),
    /// Analyse games: read record files (PGN, or for Chu lishogi's KIF or
    /// SFEN with USI moves; the format is recognised), search every
    /// position, and write the games as PGN with every move's score,
    /// NAGs, the better line where a move lost, and each side's accuracy
    /// (docs/analysis.md).
    Analyse(AnalyseArgs),
    /// Solve the mate problems (tsume) of a file, one a line: a FEN, or
    /// `sfen ` and lishogi's SFEN of a Chu position, optionally followed
    /// by ` ; NAME`. Prints each problem's verdict (mate, nomate, unknown),
    /// mate length, nodes, time and line, then `solved N/M` (the mates
    /// found, of the problems read).
    Mate(MateArgs),
}

/// What `kyodai` tells a person who starts it at a terminal (on stderr:
/// stdout belongs to the protocol).
const TERMINAL_NOTICE: &str = "Kyodai speaks CECP (the XBoard protocol) or USI and is meant to be run by \
     a GUI: xboard -fcp kyodai -variant chu, or a USI GUI. Type 'help' for the CECP commands, \
     'usi' to speak USI, 'quit' to leave.";

fn run(cli: Cli) -> Result<(), Stop> {
    for p in &cli.params {
        params::set_from(p).map_err(|e| format!("--param {p}: {e}"))?;
    }
    let set = load(cli.ini.as_deref())?;
    let mut out = io::stdout().lock();
    match cli.command {
        None => {
            drop(out);
            if io::stdin().is_terminal() {
                // Nothing to do if stderr is gone too.
                let _ = writeln!(io::stderr(), "{TERMINAL_NOTICE}");
            }
            // Dual-protocol engines go by the first command.
            match native::first_line() {
                Some(line) if line.trim() == "usi" => {
                    native::run(|link| Usi::new(set, link), Some(line))
                }
                first => native::run(|link| Engine::new(set, None, link), first),
            }
            Ok(())
        }
        Some(Command::Usi) => {
            drop(out);
            native::run(|link| Usi::new(set, link), None);
            Ok(())
        }
        Some(Command::Xboard { start_fen }) => {
            if let Some(fen) = &start_fen
                && !set
                    .variants
                    .iter()
                    .any(|v| Position::from_fen(v, fen).is_ok())
            {
                return Err(format!("--start-fen fits no variant: {fen}").into());
            }
            drop(out);
            native::run(|link| Engine::new(set, start_fen, link), None);
            Ok(())
        }
        Some(Command::Match { args }) => {
            drop(out);
            Ok(kyodai::play::run(set, &args)?)
        }
        Some(Command::MatchMerge { args }) => {
            drop(out);
            Ok(kyodai::play::results::merge(&args)?)
        }
        Some(Command::Bench {
            depth,
            threads,
            stats,
        }) => Ok(bench::run(set, depth, threads, stats, &mut out)?),
        Some(Command::Openings {
            variant,
            count,
            plies,
            seed,
            max_score,
            depth,
        }) => {
            let v = variant_named(set, &variant)?;
            let request = openings::Request {
                count,
                plies,
                seed,
                max_score,
                depth,
            };
            for fen in openings::generate(v, &request) {
                writeln!(out, "{fen}")?;
            }
            Ok(())
        }
        Some(Command::Tune {
            variant,
            generate,
            depth,
            seed,
            pgn,
            data,
            iterations,
            prior,
            holdout,
            values_only,
            weights_only,
        }) => {
            let v = variant_named(set, &variant)?;
            match (generate, pgn, data) {
                (Some(games), None, None) => {
                    let n = tune::generate(v, games, depth, seed, &mut out)?;
                    eprintln!("kyodai: {n} positions from {games} games");
                    Ok(())
                }
                (None, Some(path), None) => {
                    let (games, problems) =
                        kyodai::record::read(&read_text(&path)?, set, Some(v)).whole_games();
                    for p in &problems {
                        eprintln!("kyodai: {}: {p}; the game left out", path.display());
                    }
                    if games.len() > tune::MAX_GAMES {
                        return Err(format!(
                            "{}: more than {} games",
                            path.display(),
                            tune::MAX_GAMES
                        )
                        .into());
                    }
                    let read = tune::from_games(v, &games, &mut out)?;
                    eprintln!(
                        "kyodai: {} positions from {} games ({} left out)",
                        read.positions,
                        read.games,
                        read.skipped + problems.len()
                    );
                    Ok(())
                }
                (None, None, Some(path)) => {
                    let read = |path: &std::path::Path| {
                        tune::read_samples(v, &read_text(path)?)
                            .map_err(|e| format!("{}: {e}", path.display()))
                    };
                    let samples = read(&path)?;
                    let fit = match (values_only, weights_only) {
                        (true, _) => tune::Fit::ValuesOnly,
                        (_, true) => tune::Fit::WeightsOnly,
                        _ => tune::Fit::All,
                    };
                    let tuned = tune::tune(v, &samples, iterations, prior, fit);
                    writeln!(
                        out,
                        "# {} positions, scale {:.6}/cp, error {:.6} -> {:.6}, prior {prior} positions",
                        samples.len(),
                        tuned.scale,
                        tuned.error_before,
                        tuned.error_after
                    )?;
                    if let Some(path) = holdout {
                        let other = read(&path)?;
                        writeln!(
                            out,
                            "# held out: {} positions, error {:.6} -> {:.6}",
                            other.len(),
                            tune::error(&other, &tuned.before, tuned.scale),
                            tune::error(&other, &tuned.after, tuned.scale)
                        )?;
                    }
                    writeln!(out, "[{}]", v.name)?;
                    for line in tune::ini_lines(v, &tuned) {
                        writeln!(out, "{line}")?;
                    }
                    Ok(())
                }
                _ => Err(
                    "tune: give one of --generate GAMES, --pgn FILE and --data FILE"
                        .to_string()
                        .into(),
                ),
            }
        }
        Some(Command::Params) => {
            writeln!(out, "name value default min max step")?;
            for (p, (name, value)) in params::PARAMS.iter().zip(params::current()) {
                writeln!(
                    out,
                    "{name} {value} {} {} {} {}",
                    p.default, p.min, p.max, p.step
                )?;
            }
            Ok(())
        }
        Some(Command::Selfplay {
            variant,
            games,
            nodes,
            seed,
            opening_plies,
        }) => {
            let v = variant_named(set, &variant)?;
            let settings = selfplay::Settings {
                games,
                nodes,
                seed,
                opening_plies,
                hash_mb: 16,
            };
            let (played, moves) = selfplay::play(v, &settings, &mut out)?;
            eprintln!("kyodai: {played} games, {moves} moves");
            Ok(())
        }
        Some(Command::Train {
            variant,
            pgn,
            out: out_path,
            lambda,
            epochs,
            pull,
            rate,
            seed,
            pairs,
            note,
        }) => {
            let v = variant_named(set, &variant)?;
            let mut games = Vec::new();
            let mut left_out = 0;
            for path in &pgn {
                let (whole, problems) =
                    kyodai::record::read(&read_text(path)?, set, Some(v)).whole_games();
                for p in &problems {
                    eprintln!("kyodai: {}: {p}; the game left out", path.display());
                }
                left_out += problems.len();
                games.extend(whole);
                if games.len() > tune::MAX_GAMES {
                    return Err(format!("more than {} games", tune::MAX_GAMES).into());
                }
            }
            let data = train::read(v, &games);
            eprintln!(
                "kyodai: {} positions from {} games ({} left out)",
                data.positions(),
                data.games,
                data.skipped + left_out
            );
            if data.positions() == 0 {
                return Err(
                    "no position to learn from (games with kyodai match's score comments?)"
                        .to_string()
                        .into(),
                );
            }
            let settings = train::Settings {
                lambda,
                epochs: epochs as usize,
                pull,
                rate,
                ..train::Settings::default()
            };
            let start = train::start_table(v);
            let trained = if pairs {
                train::train_pairs(&data, &start, &settings, seed)
            } else {
                train::train(&data, &start, &settings, seed)
            };
            let mut header = note;
            header.push(format!(
                "{} games, {} positions ({} held out), lambda {lambda}, scale {:.1} cp, pull {pull}, rate {rate}, seed {seed}",
                data.games,
                trained.train_positions + trained.validation_positions,
                trained.validation_positions,
                trained.scale
            ));
            let before = if pairs { " (without the pairs)" } else { "" };
            header.push(format!(
                "held-out loss{before} {:.6} -> {:.6} (epoch {} of {epochs}; the targets' entropy {:.6})",
                trained.loss_before, trained.loss_after, trained.best_epoch, trained.loss_floor
            ));
            let text = if pairs {
                kyodai::pairs::pairs_text(v, &trained.table, &header)
            } else {
                train::table_text(v, data.phase_material, &trained.table, &header)
            };
            write_output(out_path.as_deref(), &text, &mut out)
        }
        Some(Command::Values { variant }) => {
            let v = variant_named(set, &variant)?;
            writeln!(out, "piece  mobility  by-mobility  value  name")?;
            for t in &v.pieces {
                writeln!(
                    out,
                    "{:<6} {:>8.2}  {:>11}  {:>5}  {}",
                    t.token,
                    t.mobility(),
                    t.mobility_value(),
                    t.value,
                    t.name
                )?;
            }
            Ok(())
        }
        Some(Command::Perft(args)) => run_perft(set, args, &mut out),
        Some(Command::Analyse(args)) => run_analyse(set, args, &mut out),
        Some(Command::Mate(args)) => run_mate(set, args, &mut out),
    }
}

fn main() -> ExitCode {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn"))
        .target(env_logger::Target::Stderr)
        .init();
    match run(Cli::parse()) {
        Ok(()) | Err(Stop::Closed) => ExitCode::SUCCESS,
        Err(Stop::Failed(e)) => {
            eprintln!("kyodai: {e}");
            ExitCode::FAILURE
        }
    }
}
