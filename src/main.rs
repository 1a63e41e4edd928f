use clap::builder::{PossibleValuesParser, RangedU64ValueParser, TypedValueParser};
use clap::{Parser, Subcommand};
use kyodai::board::Position;
use kyodai::host::native;
use kyodai::perft::Counting;
use kyodai::search::MAX_THREADS;
use kyodai::usi::Usi;
use kyodai::variant::{Rules, Variant, VariantSet};
use kyodai::xboard::Engine;
use kyodai::{bench, openings, params, perft, selfplay, train, tune};
use std::io::{self, IsTerminal, Write};
use std::process::ExitCode;

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
        /// Seed of the order the positions are visited in.
        #[arg(long, default_value_t = 1)]
        seed: u64,
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

/// `analyse`'s arguments.
#[derive(clap::Args)]
struct AnalyseArgs {
    /// Record files.
    #[arg(required = true, value_name = "FILE")]
    files: Vec<std::path::PathBuf>,
    /// The variant of PGN games without a Variant tag.
    #[arg(long)]
    variant: Option<String>,
    /// Search each position to this depth, 1 to 64.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=64))]
    depth: Option<u32>,
    /// Search each position this many nodes, 1 to 1000000000 (the
    /// default, with no --depth or --movetime: 100000).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=1_000_000_000))]
    nodes: Option<u64>,
    /// Search each position this many milliseconds, 1 to 3600000.
    #[arg(long, value_name = "MS", value_parser = clap::value_parser!(u64).range(1..=3_600_000))]
    movetime: Option<u64>,
    #[arg(
        long,
        default_value_t = 1,
        value_parser = RangedU64ValueParser::<usize>::new().range(1..=MAX_THREADS as u64),
        help = format!("Positions searched at once, 1 to {MAX_THREADS} (one search thread each)")
    )]
    threads: usize,
    /// First ply analysed (from 1).
    #[arg(long, default_value_t = 1, value_parser = RangedU64ValueParser::<usize>::new().range(1..=kyodai::record::MAX_PLIES as u64))]
    from: usize,
    /// Last ply analysed (default: the game's last).
    #[arg(long, value_parser = RangedU64ValueParser::<usize>::new().range(1..=kyodai::record::MAX_PLIES as u64))]
    to: Option<usize>,
    /// Where to write the analysed games (default: standard output).
    #[arg(long, value_name = "FILE")]
    out: Option<std::path::PathBuf>,
    /// Draw each game's evaluation (Sente's win percentage) into this SVG file.
    #[arg(long, value_name = "FILE.svg")]
    graph: Option<std::path::PathBuf>,
}

/// `kyodai analyse`: every file's games analysed; a record's problems
/// reported on stderr (exit status 1) after what could be read is written.
fn run_analyse(
    set: &'static VariantSet,
    args: AnalyseArgs,
    out: &mut dyn Write,
) -> Result<(), Stop> {
    use kyodai::analyse::{self, graph};
    let default = match &args.variant {
        Some(name) => Some(variant_named(set, name)?),
        None => None,
    };
    let settings = analyse::Settings {
        depth: args.depth,
        nodes: match (args.depth, args.nodes, args.movetime) {
            (None, None, None) => Some(100_000),
            (_, n, _) => n,
        },
        movetime: args.movetime.map(std::time::Duration::from_millis),
        threads: args.threads,
        from: args.from,
        to: args.to,
    };
    let mut problems = 0;
    let mut text = String::new();
    let mut panels = Vec::new();
    for path in &args.files {
        let read = kyodai::record::read(&analyse::read_file(path)?, set, default);
        for p in &read.problems {
            eprintln!("kyodai: {}: {p}", path.display());
        }
        problems += read.problems.len();
        eprintln!(
            "kyodai: {}: {} games read ({})",
            path.display(),
            read.games.len(),
            read.format.map_or("?", |f| f.name())
        );
        for (game, analysed) in read
            .games
            .iter()
            .zip(analyse::analyse(&read.games, &settings))
        {
            match analysed {
                Ok(a) => {
                    eprintln!(
                        "kyodai: game {} ({}): Sente {}; Gote {}",
                        game.number,
                        game.players(),
                        analyse::summary(&a.totals[0]),
                        analyse::summary(&a.totals[1])
                    );
                    text += &kyodai::record::pgn::write(&a.game);
                    panels.push(graph::Panel {
                        title: format!(
                            "{} game {}: {}",
                            path.display(),
                            game.number,
                            game.players()
                        ),
                        first_ply: a.first_ply,
                        sente_win: a.sente_win,
                    });
                }
                Err(e) => {
                    problems += 1;
                    eprintln!("kyodai: {}: {e}", path.display());
                }
            }
        }
    }
    match &args.out {
        Some(p) => std::fs::write(p, &text).map_err(|e| format!("{}: {e}", p.display()))?,
        None => out.write_all(text.as_bytes())?,
    }
    if let Some(p) = &args.graph {
        std::fs::write(p, graph::svg(&panels)).map_err(|e| format!("{}: {e}", p.display()))?;
    }
    if problems > 0 {
        return Err(format!("{problems} problems in the records (above)").into());
    }
    Ok(())
}

/// `mate`'s arguments.
#[derive(clap::Args)]
struct MateArgs {
    /// The problem file.
    file: std::path::PathBuf,
    /// The variant of the FEN lines (SFEN lines are Chu under lishogi's rules).
    #[arg(long, default_value = "chu")]
    variant: String,
    /// The rules the FEN lines are solved under (as perft's --rules).
    #[arg(
        long,
        default_value = "standard",
        value_parser = PossibleValuesParser::new(Rules::NAMES)
            .map(|name| Rules::parse(&name).unwrap_or_default())
    )]
    rules: Rules,
    /// Nodes a problem may search (the shortening of its line included).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    nodes: Option<u64>,
    /// Nodes the shortening of a mate line may search (within --nodes and
    /// --time); default: twice the proof's, at least 10,000.
    #[arg(long, value_name = "N")]
    shorten_nodes: Option<u64>,
    /// Seconds a problem may take.
    #[arg(long, value_name = "SECONDS", value_parser = positive_seconds)]
    time: Option<f64>,
    /// Problems solved at once, one a thread.
    #[arg(long, default_value_t = 1, value_parser = RangedU64ValueParser::<usize>::new().range(1..=MAX_THREADS as u64))]
    threads: usize,
    /// One JSON object a problem (name, verdict, length, minimal, line,
    /// nodes, time_ms; name and error for a bad line), and no summary.
    #[arg(long)]
    json: bool,
}

/// `perft`'s arguments.
#[derive(clap::Args)]
struct PerftArgs {
    #[arg(help = format!("{} [default with --suite: the file's name, perft/chu.txt: chu]", variant_help()))]
    variant: Option<String>,
    #[arg(
        value_parser = RangedU64ValueParser::<usize>::new().range(0..=perft::MAX_DEPTH as u64),
        help = format!("Plies to count, 0 to {} (not with --suite)", perft::MAX_DEPTH)
    )]
    depth: Option<usize>,
    /// Start from this FEN instead of the variant's start position.
    #[arg(long)]
    fen: Option<String>,
    /// Play these moves first (space-separated; CECP notation, h3h4 or
    /// f5f6,f6f7, or with --notation usi lishogi's, 7g7f or 7g7f6e).
    #[arg(long)]
    moves: Option<String>,
    /// Print the count below each root move.
    #[arg(long)]
    divide: bool,
    /// Print the position's FEN (after --moves) first.
    #[arg(long)]
    print_fen: bool,
    /// Check every count of a suite file (the format of perft/*.txt, see
    /// docs/perft.md): one line per mismatch, then `N/M counts match`;
    /// exit status 1 on any mismatch.
    #[arg(long, value_name = "FILE")]
    suite: Option<std::path::PathBuf>,
    /// With --suite: skip counts deeper than this.
    #[arg(
        long,
        value_name = "D",
        value_parser = RangedU64ValueParser::<usize>::new().range(0..=perft::MAX_DEPTH as u64)
    )]
    max_depth: Option<usize>,
    /// Threads sharing out the root moves (the same counts, sooner).
    #[arg(
        long,
        default_value_t = 1,
        value_parser = RangedU64ValueParser::<usize>::new().range(1..=MAX_THREADS as u64)
    )]
    threads: usize,
    /// Megabytes of a table of subtree counts shared by the threads
    /// (0: none); it pays from depth 5 or so.
    #[arg(
        long,
        value_name = "MB",
        default_value_t = 0,
        value_parser = RangedU64ValueParser::<usize>::new().range(0..=perft::MAX_HASH_MB as u64)
    )]
    hash: usize,
    /// After the total, print `time SECONDS` and `leaves/s N`.
    #[arg(long)]
    time: bool,
    /// Count one leaf per effect, or per route as lishogi's shogiops lists
    /// Chu moves (a Lion's two steps through an empty square besides its
    /// jump or step; a pass once per empty square it goes out to), hook
    /// turns and area walks alike (docs/perft.md).
    #[arg(long, value_enum, default_value_t = By::Effect)]
    by: By,
    /// Notation of --moves and --divide's moves: CECP (Kyodai's, XBoard's),
    /// or USI as lishogi writes Chu moves (one line per path with --by path).
    #[arg(long, value_enum, default_value_t = Notation::Cecp)]
    notation: Notation,
    /// The rules counted under: Kyodai's own (docs/rules/), lishogi's, for
    /// Chu only (docs/rules/chu.md, "lishogi's rules"), HaChu's, for Wa and
    /// Tenjiku (docs/rules/wa.md 8.3, tenjiku.md 9.2), or for Tenjiku only
    /// one of the options of docs/rules/tenjiku.md 9.3-9.6 (fd-sideways,
    /// no-area-pass, jump-lower-only, forced-promotion).
    #[arg(
        long,
        default_value = "standard",
        value_parser = PossibleValuesParser::new(Rules::NAMES)
            .map(|name| Rules::parse(&name).unwrap_or_default())
    )]
    rules: Rules,
    /// Print how the game has ended in the position counted from (after
    /// --moves) under the rules in force: `outcome none`, or `outcome
    /// RESULT REASON {TEXT}` (`outcome 1-0 bare-king {Gote has a bare king}`).
    #[arg(long)]
    outcome: bool,
}

#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum By {
    Effect,
    Path,
}

#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum Notation {
    Cecp,
    Usi,
}

/// A number of seconds above zero.
fn positive_seconds(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(s) if s > 0.0 && s.is_finite() => Ok(s),
        _ => Err(format!("not a number of seconds above 0: {text}")),
    }
}

/// `kyodai mate FILE`: solve every problem, report each in the file's
/// order; a bad line is reported on stderr (and, with `--json`, as an
/// object with an `error`) and makes the exit status 1, the rest solved.
fn run_mate(set: &'static VariantSet, r: MateArgs, out: &mut dyn Write) -> Result<(), Stop> {
    use kyodai::mate::{self, problems};
    let v = under_rules(set, variant_named(set, &r.variant)?, r.rules)?;
    let text = read_text(&r.file)?;
    let file = r.file.display();
    let limits = mate::Limits {
        nodes: r.nodes,
        time: r.time.map(std::time::Duration::from_secs_f64),
        stop: None,
        shorten_nodes: r.shorten_nodes,
    };
    let mut bad = 0;
    let mut read = Vec::new();
    let entries = problems::read_problems(&text, set, v);
    let total = entries.len();
    for entry in entries {
        match entry {
            Ok(p) => read.push(p),
            Err(e) => {
                bad += 1;
                eprintln!(
                    "kyodai mate: {file} line {} ({}): {}",
                    e.line_number, e.name, e.message
                );
                if r.json {
                    writeln!(
                        out,
                        "{{\"name\":{},\"error\":{}}}",
                        problems::json_string(&e.name),
                        problems::json_string(&e.message)
                    )?;
                }
            }
        }
    }
    let mut solved = 0;
    let mut written: Result<(), io::Error> = Ok(());
    problems::solve_all(read, &limits, r.threads, |report| {
        if let Err(e) = &report.result {
            bad += 1;
            eprintln!(
                "kyodai mate: {file} line {} ({}): {e}",
                report.problem.line_number, report.problem.name
            );
        }
        if report
            .result
            .as_ref()
            .is_ok_and(|s| s.verdict == mate::Verdict::Mate)
        {
            solved += 1;
        }
        let line = if r.json {
            problems::json_report(&report)
        } else {
            problems::text_report(&report)
        };
        if written.is_ok() {
            written = writeln!(out, "{line}").and_then(|()| out.flush());
        }
    });
    written?;
    if !r.json {
        writeln!(out, "solved {solved}/{total}")?;
    }
    if bad > 0 {
        return Err(
            format!("{file}: {bad} of {total} problems could not be read or solved").into(),
        );
    }
    Ok(())
}

/// `v` under the rule set `--rules` names.
fn under_rules(
    set: &'static VariantSet,
    v: &'static Variant,
    rules: Rules,
) -> Result<&'static Variant, String> {
    set.find_under(&v.name, rules)
        .map_err(|e| format!("--rules {}: {e}", rules.name()))
}

/// Run a perft suite file; false if a count did not match.
fn perft_suite(
    set: &'static VariantSet,
    r: &PerftArgs,
    path: &std::path::Path,
    out: &mut dyn Write,
) -> Result<bool, Stop> {
    let name = match &r.variant {
        Some(v) => v.clone(),
        None => path
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default(),
    };
    let v = under_rules(set, variant_named(set, &name)?, r.rules)?;
    let text = read_text(path)?;
    let cases = perft::parse_suite(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    let table = (r.hash > 0).then(|| perft::CountTable::new(r.hash));
    let max_depth = r.max_depth.unwrap_or(perft::MAX_DEPTH);
    let checked = perft::check_suite(v, &cases, max_depth, r.threads, table.as_ref());
    let matched = checked.iter().filter(|c| c.matches()).count();
    for c in checked.iter().filter(|c| !c.matches()) {
        let got = match &c.got {
            Ok(n) => format!("got {n}"),
            Err(e) => e.clone(),
        };
        writeln!(
            out,
            "mismatch: {} [{}] (line {}) perft {}: expected {}, {got}",
            path.display(),
            c.case,
            c.line,
            c.depth,
            c.expected
        )?;
    }
    writeln!(out, "{matched}/{} counts match", checked.len())?;
    Ok(matched == checked.len())
}

/// `kyodai perft`: one position, or a suite with `--suite`.
fn run_perft(set: &'static VariantSet, r: PerftArgs, out: &mut dyn Write) -> Result<(), Stop> {
    if let Some(path) = &r.suite {
        return if perft_suite(set, &r, path, out)? {
            Ok(())
        } else {
            Err(Stop::Failed("perft suite: counts differ".to_string()))
        };
    }
    let (Some(variant), Some(depth)) = (&r.variant, r.depth) else {
        return Err("perft needs VARIANT and DEPTH (or --suite FILE)"
            .to_string()
            .into());
    };
    let v = under_rules(set, variant_named(set, variant)?, r.rules)?;
    let counting = match r.by {
        By::Effect => Counting::Effect,
        By::Path => Counting::Path,
    };
    if r.notation == Notation::Usi && v.name != "chu" {
        return Err("--notation usi: only Chu has a USI notation (lishogi's)"
            .to_string()
            .into());
    }
    let mut pos = match &r.fen {
        Some(f) => Position::from_fen(v, f)?,
        None => Position::start(v),
    };
    for text in r.moves.iter().flat_map(|m| m.split_whitespace()) {
        let mv = match r.notation {
            Notation::Cecp => kyodai::movegen::parse_move(&pos, text),
            Notation::Usi => kyodai::usi::parse_usi_move(&pos, text),
        }
        .map_err(|e| format!("--moves: {text}: {e}"))?;
        pos.make(mv);
    }
    if r.print_fen {
        writeln!(out, "fen {}", pos.fen())?;
    }
    if r.outcome {
        let verdict = kyodai::repetition::verdict(&mut pos);
        match kyodai::game::ending(&mut pos, verdict) {
            Some(end) => writeln!(
                out,
                "outcome {} {} {{{end}}}",
                end.result(),
                end.reason.name()
            )?,
            None => writeln!(out, "outcome none")?,
        }
    }
    let table = (r.hash > 0).then(|| perft::CountTable::new(r.hash));
    let started = std::time::Instant::now();
    let total = if r.divide {
        let rows = perft::divide_parallel(&pos, depth, r.threads, table.as_ref(), counting);
        let mut total = 0;
        for (mv, n) in &rows {
            // By path, every spelling of a move is a line of its own.
            let texts = match (r.notation, counting) {
                (Notation::Cecp, _) => vec![mv.to_string()],
                (Notation::Usi, Counting::Effect) => kyodai::usi::move_paths(&pos, *mv)
                    .into_iter()
                    .take(1)
                    .collect(),
                (Notation::Usi, Counting::Path) => kyodai::usi::move_paths(&pos, *mv),
            };
            let texts = if texts.is_empty() {
                vec![mv.to_string()]
            } else {
                texts
            };
            let ways = match counting {
                Counting::Effect => 1,
                Counting::Path => perft::path_count(&pos, *mv),
            };
            match r.notation {
                Notation::Cecp if ways > 1 => writeln!(out, "{} {n} x{ways}", texts[0])?,
                _ => {
                    for t in &texts {
                        writeln!(out, "{t} {n}")?;
                    }
                }
            }
            total += ways * n;
        }
        total
    } else {
        perft::perft_parallel(&pos, depth, r.threads, table.as_ref(), counting)
    };
    writeln!(out, "total {total}")?;
    if r.time {
        let secs = started.elapsed().as_secs_f64();
        writeln!(out, "time {secs:.3}")?;
        writeln!(out, "leaves/s {:.0}", total as f64 / secs.max(1e-9))?;
    }
    Ok(())
}

/// The help of a VARIANT argument.
fn variant_help() -> String {
    format!(
        "Variant: {} (or one defined in --ini FILE)",
        VariantSet::builtin().names()
    )
}

/// The help of `bench`'s DEPTH, with the variants searched shallower.
fn bench_depth_help() -> String {
    let shallower: Vec<String> = bench::SHALLOWER
        .iter()
        .map(|(name, plies)| format!("{name} by {plies}"))
        .collect();
    format!(
        "Depth to search, 1 to {}; shallower (never below 1): {}",
        bench::MAX_DEPTH,
        shallower.join(", ")
    )
}

/// The text of the file at `path`, or an error that names it.
fn read_text(path: &std::path::Path) -> Result<String, String> {
    std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))
}

fn load(ini: Option<&str>) -> Result<&'static VariantSet, String> {
    let Some(path) = ini else {
        return check_start_positions(VariantSet::builtin());
    };
    let text = read_text(std::path::Path::new(path))?;
    // The parser's errors name the built-in file, which is not the one read.
    let set = VariantSet::parse(&text)
        .map_err(|e| format!("{path}: {}", e.strip_prefix("engine.ini ").unwrap_or(&e)))?;
    // Variants live as long as the engine.
    check_start_positions(Box::leak(Box::new(set))).map_err(|e| format!("{path}: {e}"))
}

/// A variant whose start position does not read is unusable: refuse the
/// file now rather than fail when the variant is chosen.
fn check_start_positions(set: &'static VariantSet) -> Result<&'static VariantSet, String> {
    for v in &set.variants {
        let layouts = v.layouts.iter().map(|l| &l.fen);
        for fen in std::iter::once(&v.start_fen)
            .chain(&v.hachu_start_fen)
            .chain(layouts)
        {
            Position::from_fen(v, fen)
                .map_err(|e| format!("variant {}: start position: {e}", v.name))?;
        }
    }
    Ok(set)
}

fn unit_interval(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(x) if (0.0..=1.0).contains(&x) => Ok(x),
        _ => Err(format!("'{s}' is not a number from 0 to 1")),
    }
}

fn prior_in_range(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(p) if (0.0..=tune::MAX_PRIOR).contains(&p) => Ok(p),
        _ => Err(format!(
            "a number of positions from 0 to {}",
            tune::MAX_PRIOR
        )),
    }
}

fn variant_named(set: &'static VariantSet, name: &str) -> Result<&'static Variant, String> {
    set.find(name)
        .ok_or_else(|| format!("unknown variant '{name}'; variants: {}", set.names()))
}

/// Why a command stopped early.
enum Stop {
    /// Whoever read stdout went away (`kyodai perft ... | head`): nothing
    /// more to say, and nothing wrong.
    Closed,
    Failed(String),
}

impl From<String> for Stop {
    fn from(e: String) -> Stop {
        Stop::Failed(e)
    }
}

impl From<io::Error> for Stop {
    fn from(e: io::Error) -> Stop {
        if e.kind() == io::ErrorKind::BrokenPipe {
            Stop::Closed
        } else {
            Stop::Failed(format!("cannot write the output: {e}"))
        }
    }
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
        Some(Command::Bench { depth, threads }) => Ok(bench::run(set, depth, threads, &mut out)?),
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
            seed,
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
                ..train::Settings::default()
            };
            let trained = train::train(&data, &train::start_table(v), &settings, seed);
            let mut header = note;
            header.push(format!(
                "{} games, {} positions ({} held out), lambda {lambda}, scale {:.1} cp, pull {pull}, seed {seed}",
                data.games,
                trained.train_positions + trained.validation_positions,
                trained.validation_positions,
                trained.scale
            ));
            header.push(format!(
                "held-out loss {:.6} -> {:.6} (epoch {} of {epochs}; the targets' entropy {:.6})",
                trained.loss_before, trained.loss_after, trained.best_epoch, trained.loss_floor
            ));
            let text = train::table_text(v, data.phase_material, &trained.table, &header);
            match out_path {
                Some(path) => {
                    std::fs::write(&path, text).map_err(|e| format!("{}: {e}", path.display()))?
                }
                None => out.write_all(text.as_bytes())?,
            }
            Ok(())
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
