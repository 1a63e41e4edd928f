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
//! file is checked (by `kyodai::perft::check_suite`, which `kyodai perft
//! --suite` runs too); all failures are reported together, each naming its
//! file and case.

use kyodai::perft::{Case, check_suite, parse_suite};
use kyodai::variant::VariantSet;
use std::path::{Path, PathBuf};

fn parse_file(path: &Path) -> Result<Vec<Case>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read: {e}"))?;
    parse_suite(&text)
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
    let set = VariantSet::builtin();
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
        checked += cases.len();
        for c in check_suite(variant, &cases, usize::MAX, 2, None) {
            if !c.matches() {
                failures.push(format!(
                    "{file} [{}] (line {}): perft {}: expected {}, got {:?}",
                    c.case, c.line, c.depth, c.expected, c.got
                ));
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
