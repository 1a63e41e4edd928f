//! `kyodai analyse`: its arguments and the run over the record files.

use crate::cli::common::{Stop, variant_named};
use clap::builder::RangedU64ValueParser;
use kyodai::search::MAX_THREADS;
use kyodai::variant::VariantSet;
use std::io::Write;

/// `analyse`'s arguments.
#[derive(clap::Args)]
pub(crate) struct AnalyseArgs {
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
pub(crate) fn run_analyse(
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
