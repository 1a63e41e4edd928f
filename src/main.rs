use clap::{Parser, Subcommand};
use kyodai::board::Position;
use kyodai::variant::{Variant, VariantSet};
use std::io::{self, Write};
use std::process::ExitCode;

/// Kyodai: Chu, Dai, Cashew, Macadamia, Nutty and Suzumu Shogi over CECP.
#[derive(Parser)]
#[command(name = "kyodai", version)]
struct Cli {
    /// Load variant definitions from this file instead of the built-in engine.ini.
    #[arg(long, global = true)]
    ini: Option<String>,
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Speak CECP (XBoard protocol) on stdin/stdout (the default).
    Xboard {
        /// Start every variant this FEN fits from it instead of the
        /// rules' position (handicaps, match openings); in the variants
        /// XBoard does not know, XBoard then takes it from the `setup` line.
        #[arg(long)]
        start_fen: Option<String>,
    },
    /// Search a fixed set of positions to a fixed depth; print nodes and speed.
    Bench {
        #[arg(default_value_t = 6)]
        depth: u32,
        /// Search threads (lazy SMP).
        #[arg(long, default_value_t = 1)]
        threads: usize,
    },
    /// Print balanced opening positions (FENs) for engine matches.
    Openings {
        variant: String,
        #[arg(long, default_value_t = 100)]
        count: usize,
        /// Random quiet moves from the start position (even: the first
        /// mover is to move).
        #[arg(long, default_value_t = 4)]
        plies: usize,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Largest score in centipawns a kept opening may have.
        #[arg(long, default_value_t = 60)]
        max_score: i32,
        /// Depth of the balance check.
        #[arg(long, default_value_t = 5)]
        depth: u32,
    },
    /// Print each piece's empty-board mobility, the value that mobility
    /// gives, and the value the evaluation uses.
    Values { variant: String },
    /// Play engine-vs-engine games and tournaments with Kyodai as the
    /// referee (cutechess-cli's options: `kyodai match -help`).
    #[command(disable_help_flag = true)]
    Match {
        #[arg(trailing_var_arg = true, allow_hyphen_values = true, num_args = 0..)]
        args: Vec<String>,
    },
    /// Count leaf nodes of the move tree.
    Perft {
        variant: String,
        depth: usize,
        /// Start from this FEN instead of the variant's start position.
        #[arg(long)]
        fen: Option<String>,
        /// Play these moves first (space-separated, PROTOCOL.md notation).
        #[arg(long)]
        moves: Option<String>,
        /// Print the count below each root move.
        #[arg(long)]
        divide: bool,
        /// Print the position's FEN (after --moves) first.
        #[arg(long)]
        print_fen: bool,
    },
}

fn load(ini: Option<&str>) -> Result<&'static VariantSet, String> {
    let set: &'static VariantSet = match ini {
        None => VariantSet::builtin(),
        Some(path) => {
            let text =
                std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))?;
            // Variants live as long as the engine.
            Box::leak(Box::new(VariantSet::parse(&text)?))
        }
    };
    // A variant whose start position does not read is unusable: refuse the
    // file now rather than fail when the variant is chosen.
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

fn variant_named(set: &'static VariantSet, name: &str) -> Result<&'static Variant, String> {
    set.find(name)
        .ok_or_else(|| format!("unknown variant '{name}'"))
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

fn run(cli: Cli) -> Result<(), Stop> {
    let set = load(cli.ini.as_deref())?;
    let mut out = io::stdout().lock();
    match cli.command {
        None => {
            drop(out);
            kyodai::xboard::Engine::new(set, None).run();
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
            kyodai::xboard::Engine::new(set, start_fen).run();
            Ok(())
        }
        Some(Command::Match { args }) => {
            drop(out);
            Ok(kyodai::play::run(set, &args)?)
        }
        Some(Command::Bench { depth, threads }) => {
            Ok(kyodai::bench::run(set, depth, threads, &mut out)?)
        }
        Some(Command::Openings {
            variant,
            count,
            plies,
            seed,
            max_score,
            depth,
        }) => {
            let v = variant_named(set, &variant)?;
            let request = kyodai::openings::Request {
                count,
                plies,
                seed,
                max_score,
                depth,
            };
            for fen in kyodai::openings::generate(v, &request) {
                writeln!(out, "{fen}")?;
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
        Some(Command::Perft {
            variant,
            depth,
            fen,
            moves,
            divide,
            print_fen,
        }) => {
            let v = variant_named(set, &variant)?;
            let mut pos = match fen {
                Some(f) => Position::from_fen(v, &f)?,
                None => Position::start(v),
            };
            for text in moves.iter().flat_map(|m| m.split_whitespace()) {
                let mv = kyodai::movegen::parse_move(&pos, text)
                    .map_err(|e| format!("--moves: {text}: {e}"))?;
                pos.make(mv);
            }
            if print_fen {
                writeln!(out, "fen {}", pos.fen())?;
            }
            let total = if divide {
                let rows = kyodai::perft::divide(&mut pos, depth);
                for (mv, n) in &rows {
                    writeln!(out, "{mv} {n}")?;
                }
                rows.iter().map(|r| r.1).sum()
            } else {
                kyodai::perft::perft(&mut pos, depth)
            };
            writeln!(out, "total {total}")?;
            Ok(())
        }
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
