//! What the subcommands share: loading the variants, reading files, argument checks, and how a command stops.

use kyodai::board::Position;
use kyodai::variant::{Rules, Variant, VariantSet};
use kyodai::{bench, tune};
use std::io::{self};

/// The help of a VARIANT argument.
pub(crate) fn variant_help() -> String {
    format!(
        "Variant: {} (or one defined in --ini FILE)",
        VariantSet::builtin().names()
    )
}

/// The help of `bench`'s DEPTH, with the variants searched shallower.
pub(crate) fn bench_depth_help() -> String {
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
pub(crate) fn read_text(path: &std::path::Path) -> Result<String, String> {
    std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))
}

pub(crate) fn load(ini: Option<&str>) -> Result<&'static VariantSet, String> {
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
pub(crate) fn check_start_positions(
    set: &'static VariantSet,
) -> Result<&'static VariantSet, String> {
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

/// A number from `low` to `high` (a command-line option).
fn number_from(s: &str, low: f64, high: f64) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(x) if (low..=high).contains(&x) => Ok(x),
        _ => Err(format!("'{s}' is not a number from {low} to {high}")),
    }
}

pub(crate) fn unit_interval(s: &str) -> Result<f64, String> {
    number_from(s, 0.0, 1.0)
}

/// Adam's step for `kyodai train`, in centipawns.
pub(crate) fn learning_rate(s: &str) -> Result<f64, String> {
    number_from(s, 0.001, 100.0)
}

pub(crate) fn prior_in_range(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(p) if (0.0..=tune::MAX_PRIOR).contains(&p) => Ok(p),
        _ => Err(format!(
            "a number of positions from 0 to {}",
            tune::MAX_PRIOR
        )),
    }
}

pub(crate) fn variant_named(
    set: &'static VariantSet,
    name: &str,
) -> Result<&'static Variant, String> {
    set.find(name)
        .ok_or_else(|| format!("unknown variant '{name}'; variants: {}", set.names()))
}

/// Why a command stopped early.
pub(crate) enum Stop {
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

/// `--rules`'s values: the names in `Rules::NAMES`, read into a `Rules`.
pub(crate) fn rules_parser() -> impl clap::builder::TypedValueParser<Value = Rules> {
    use clap::builder::{PossibleValuesParser, TypedValueParser};
    PossibleValuesParser::new(Rules::NAMES).map(|name| Rules::parse(&name).unwrap_or_default())
}

/// `v` under the rule set `--rules` names.
pub(crate) fn under_rules(
    set: &'static VariantSet,
    v: &'static Variant,
    rules: Rules,
) -> Result<&'static Variant, String> {
    set.find_under(&v.name, rules)
        .map_err(|e| format!("--rules {}: {e}", rules.name()))
}

/// Writes `text` to the file at `path`, or to `out` without one.
pub(crate) fn write_output(
    path: Option<&std::path::Path>,
    text: &str,
    out: &mut dyn io::Write,
) -> Result<(), Stop> {
    match path {
        Some(path) => std::fs::write(path, text).map_err(|e| format!("{}: {e}", path.display()))?,
        None => out.write_all(text.as_bytes())?,
    }
    Ok(())
}
