//! `kyodai perft`: its arguments, suites and counts.

use crate::cli::common::{Stop, read_text, rules_parser, under_rules, variant_help, variant_named};
use clap::builder::RangedU64ValueParser;
use kyodai::board::Position;
use kyodai::perft;
use kyodai::perft::Counting;
use kyodai::search::MAX_THREADS;
use kyodai::variant::{Rules, VariantSet};
use std::io::Write;

/// `perft`'s arguments.
#[derive(clap::Args)]
pub(crate) struct PerftArgs {
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
        value_parser = rules_parser()
    )]
    rules: Rules,
    /// Print how the game has ended in the position counted from (after
    /// --moves) under the rules in force: `outcome none`, or `outcome
    /// RESULT REASON {TEXT}` (`outcome 1-0 bare-king {Gote has a bare king}`).
    #[arg(long)]
    outcome: bool,
}

#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum By {
    Effect,
    Path,
}

#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum Notation {
    Cecp,
    Usi,
}

/// Run a perft suite file; false if a count did not match.
pub(crate) fn perft_suite(
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
pub(crate) fn run_perft(
    set: &'static VariantSet,
    r: PerftArgs,
    out: &mut dyn Write,
) -> Result<(), Stop> {
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
            Notation::Usi => kyodai::notation::usi::parse_usi_move(&pos, text),
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
                (Notation::Usi, Counting::Effect) => kyodai::notation::usi::move_paths(&pos, *mv)
                    .into_iter()
                    .take(1)
                    .collect(),
                (Notation::Usi, Counting::Path) => kyodai::notation::usi::move_paths(&pos, *mv),
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
