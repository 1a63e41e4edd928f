//! `kyodai mate`: its arguments and the run over a file of problems.

use crate::cli::common::{Stop, read_text, rules_parser, under_rules, variant_named};
use clap::builder::RangedU64ValueParser;
use kyodai::search::MAX_THREADS;
use kyodai::variant::{Rules, VariantSet};
use std::io::{self, Write};

/// `mate`'s arguments.
#[derive(clap::Args)]
pub(crate) struct MateArgs {
    /// The problem file.
    file: std::path::PathBuf,
    /// The variant of the FEN lines (SFEN lines are Chu under lishogi's rules).
    #[arg(long, default_value = "chu")]
    variant: String,
    /// The rules the FEN lines are solved under (as perft's --rules).
    #[arg(
        long,
        default_value = "standard",
        value_parser = rules_parser()
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

/// A number of seconds above zero.
pub(crate) fn positive_seconds(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(s) if s > 0.0 && s.is_finite() => Ok(s),
        _ => Err(format!("not a number of seconds above 0: {text}")),
    }
}

/// `kyodai mate FILE`: solve every problem, report each in the file's
/// order; a bad line is reported on stderr (and, with `--json`, as an
/// object with an `error`) and makes the exit status 1, the rest solved.
pub(crate) fn run_mate(
    set: &'static VariantSet,
    r: MateArgs,
    out: &mut dyn Write,
) -> Result<(), Stop> {
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
