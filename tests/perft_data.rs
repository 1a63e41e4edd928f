//! Reference perft counts kept as data in `perft/<variant>.txt`.
//!
//! File format, one block per case:
//!
//! ```text
//! [case-name]
//! # comment lines (what the case tests, how the counts were obtained)
//! fen = <FEN>
//! moves = <move> <move> ...   (optional, played from the FEN first)
//! perft 1 = N
//! perft 2 = N                 (optional further depths)
//! ```
//!
//! The variant is the file stem (`chu.txt` -> `chu`). Every case of every
//! file is checked; all failures are reported together, each naming its file
//! and case.

use kyodai::board::Position;
use kyodai::movegen::parse_move;
use kyodai::perft::perft;
use kyodai::variant::{Variant, VariantSet};
use std::path::{Path, PathBuf};

#[derive(Debug, Default)]
struct Case {
    name: String,
    line: usize,
    fen: Option<String>,
    moves: Vec<String>,
    counts: Vec<(usize, u64)>,
}

fn variants() -> &'static VariantSet {
    VariantSet::builtin()
}

fn parse_file(path: &Path) -> Result<Vec<Case>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read: {e}"))?;
    let mut cases: Vec<Case> = Vec::new();
    for (n, raw) in text.lines().enumerate() {
        let line = raw.trim();
        let lineno = n + 1;
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if let Some(name) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
            let name = name.trim();
            if name.is_empty() {
                return Err(format!("line {lineno}: empty case name"));
            }
            if cases.iter().any(|c| c.name == name) {
                return Err(format!("line {lineno}: duplicate case [{name}]"));
            }
            cases.push(Case {
                name: name.to_string(),
                line: lineno,
                ..Case::default()
            });
            continue;
        }
        let case = cases
            .last_mut()
            .ok_or_else(|| format!("line {lineno}: '{line}' before the first [case]"))?;
        let (key, value) = line
            .split_once('=')
            .ok_or_else(|| format!("line {lineno}: expected 'key = value', got '{line}'"))?;
        let (key, value) = (key.trim(), value.trim());
        if key == "fen" {
            case.fen = Some(value.to_string());
        } else if key == "moves" {
            case.moves = value.split_whitespace().map(str::to_string).collect();
        } else if let Some(depth) = key.strip_prefix("perft") {
            let depth: usize = depth
                .trim()
                .parse()
                .map_err(|_| format!("line {lineno}: bad depth in '{key}'"))?;
            let count: u64 = value
                .parse()
                .map_err(|_| format!("line {lineno}: bad count '{value}'"))?;
            case.counts.push((depth, count));
        } else {
            return Err(format!("line {lineno}: unknown key '{key}'"));
        }
    }
    for c in &cases {
        if c.fen.is_none() {
            return Err(format!("case [{}] (line {}): no fen", c.name, c.line));
        }
        if c.counts.is_empty() {
            return Err(format!(
                "case [{}] (line {}): no perft count",
                c.name, c.line
            ));
        }
    }
    Ok(cases)
}

/// Check one case; `Err` carries every problem found in it.
fn check_case(variant: &'static Variant, case: &Case) -> Result<(), Vec<String>> {
    let fen = case.fen.as_deref().expect("checked by parse_file");
    let mut pos =
        Position::from_fen(variant, fen).map_err(|e| vec![format!("bad FEN '{fen}': {e}")])?;
    for (i, text) in case.moves.iter().enumerate() {
        let mv = parse_move(&pos, text).map_err(|e| {
            vec![format!(
                "move {} '{text}' of 'moves' is not legal here: {e}",
                i + 1
            )]
        })?;
        pos.make(mv);
    }
    let mut problems = Vec::new();
    for &(depth, expected) in &case.counts {
        let got = perft(&mut pos, depth);
        if got != expected {
            problems.push(format!("perft {depth}: expected {expected}, got {got}"));
        }
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(problems)
    }
}

fn data_files() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("perft");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("cannot list {}: {e}", dir.display()))
        .map(|entry| entry.expect("directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
    files.sort();
    files
}

#[test]
fn perft_data_files() {
    let set = variants();
    let files = data_files();
    assert!(!files.is_empty(), "no perft/*.txt data files found");
    let mut failures = Vec::new();
    let mut checked = 0;
    for path in &files {
        let file = path.file_name().unwrap().to_string_lossy().to_string();
        let stem = path.file_stem().unwrap().to_string_lossy().to_string();
        let Some(variant) = set.find(&stem) else {
            failures.push(format!("{file}: no variant named '{stem}'"));
            continue;
        };
        let cases = match parse_file(path) {
            Ok(c) => c,
            Err(e) => {
                failures.push(format!("{file}: {e}"));
                continue;
            }
        };
        for case in &cases {
            checked += 1;
            if let Err(problems) = check_case(variant, case) {
                for p in problems {
                    failures.push(format!("{file} [{}] (line {}): {p}", case.name, case.line));
                }
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} perft data failure(s) in {checked} case(s):\n  {}",
        failures.len(),
        failures.join("\n  ")
    );
}

#[test]
fn chu_data_file_is_present_and_substantial() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("perft/chu.txt");
    let cases = parse_file(&path).unwrap_or_else(|e| panic!("perft/chu.txt: {e}"));
    assert!(
        cases.len() >= 16,
        "perft/chu.txt has only {} cases",
        cases.len()
    );
    let start = cases
        .iter()
        .find(|c| c.name == "start")
        .expect("perft/chu.txt has a [start] case");
    for (depth, count) in [(1, 36), (2, 1296), (3, 48315), (4, 1801639)] {
        assert!(
            start.counts.contains(&(depth, count)),
            "[start] must assert perft {depth} = {count}"
        );
    }
}
