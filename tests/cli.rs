//! The command line: perft output format, --divide, --ini, bench, errors.

use std::process::{Command, Output};

fn kyodai(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_kyodai"))
        .args(args)
        .output()
        .expect("run kyodai")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

#[test]
fn perft_prints_total_last() {
    let o = kyodai(&["perft", "chu", "3"]);
    assert!(o.status.success());
    assert_eq!(stdout(&o).lines().last(), Some("total 48315"));
}

#[test]
fn divide_prints_one_line_per_root_move() {
    let o = kyodai(&["perft", "chu", "2", "--divide"]);
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 37, "{out}");
    assert_eq!(lines[36], "total 1296");
    // In the start position every root move has 36 replies.
    assert!(lines[..36].iter().all(|l| l.ends_with(" 36")), "{out}");
    assert!(lines.contains(&"f3f5 36"), "Lion jump missing: {out}");
}

#[test]
fn divide_writes_passes_as_from_from() {
    let fen = "12/12/12/12/12/12/5N6/12/12/12/12/K10k w";
    let o = kyodai(&["perft", "chu", "1", "--divide", "--fen", fen]);
    assert!(stdout(&o).lines().any(|l| l == "f6f6 1"), "{}", stdout(&o));
}

#[test]
fn perft_after_moves() {
    // After the Lion's double capture f6f7,f7f8 Gote has only its King
    // (l12: k12, k11, l11); a refused move is an error, not a count.
    let fen = "11k/12/12/12/5p6/5p6/5N6/12/12/12/12/K11 w";
    let o = kyodai(&["perft", "chu", "1", "--fen", fen, "--moves", "f6f7,f7f8"]);
    assert_eq!(stdout(&o).trim(), "total 3", "{}", stdout(&o));
    let o = kyodai(&[
        "perft",
        "chu",
        "0",
        "--fen",
        fen,
        "--moves",
        "f6f7,f7f8",
        "--print-fen",
    ]);
    assert_eq!(
        stdout(&o),
        "fen 11k/12/12/12/5N6/12/12/12/12/12/12/K11 b - 0 1\ntotal 1\n"
    );
    let bad = kyodai(&["perft", "chu", "1", "--fen", fen, "--moves", "f6f7 f8f6"]);
    assert!(!bad.status.success());
    assert!(String::from_utf8_lossy(&bad.stderr).contains("--moves: f8f6"));
}

#[test]
fn ini_file_replaces_the_builtin_variants() {
    let dir = std::env::temp_dir().join(format!("kyodai-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let ini = dir.join("mini.ini");
    // A 3x3 board with two Kings and a Rook: the Rook on a1 has 2 moves
    // (a2, a3; its King on b1 blocks the rank) and the King on b1 has 4
    // (a2, b2, c1, c2): 6.
    std::fs::write(
        &ini,
        "[mini]\nboard = 3x3\nzone = 0\nstart = 2k/3/RK1 w\npiece = K | King | K | K | - | royal\npiece = R | Rook | R | R | - |\n",
    )
    .unwrap();
    let o = kyodai(&["--ini", ini.to_str().unwrap(), "perft", "mini", "1"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(stdout(&o).lines().last(), Some("total 6"));
    // The built-in variants are gone.
    let o = kyodai(&["--ini", ini.to_str().unwrap(), "perft", "chu", "1"]);
    assert!(!o.status.success());
}

#[test]
fn bad_arguments_fail_with_a_message() {
    for args in [
        &["perft", "nosuchvariant", "1"][..],
        &["perft", "chu", "1", "--fen", "12/12 w"],
        &["--ini", "/nonexistent/engine.ini", "perft", "chu", "1"],
    ] {
        let o = kyodai(args);
        assert!(!o.status.success(), "{args:?}");
        assert!(
            String::from_utf8_lossy(&o.stderr).contains("kyodai:"),
            "{args:?}"
        );
    }
}

#[test]
fn bench_reports_nodes_and_speed() {
    let o = kyodai(&["bench", "2"]);
    let out = stdout(&o);
    let nodes = out
        .lines()
        .find_map(|l| l.strip_prefix("nodes "))
        .expect("nodes line");
    assert!(nodes.parse::<u64>().unwrap() > 0);
    assert!(out.lines().any(|l| l.starts_with("nps ")));
    // Node counts are deterministic: the signature of the search.
    assert_eq!(
        stdout(&kyodai(&["bench", "2"]))
            .lines()
            .find_map(|l| l.strip_prefix("nodes ").map(str::to_string)),
        Some(nodes.to_string())
    );
}

#[test]
fn openings_prints_distinct_reproducible_positions_with_sente_to_move() {
    let args = [
        "openings",
        "cashew-shogi",
        "--count",
        "4",
        "--plies",
        "2",
        "--depth",
        "2",
        "--seed",
        "7",
    ];
    let first = stdout(&kyodai(&args));
    assert_eq!(first, stdout(&kyodai(&args)), "same seed, same openings");
    let fens: Vec<&str> = first.lines().collect();
    assert_eq!(fens.len(), 4, "{first}");
    let start = kyodai(&["perft", "cashew-shogi", "1", "--divide"]);
    for (i, fen) in fens.iter().enumerate() {
        assert!(!fens[..i].contains(fen), "repeated opening {fen}");
        assert!(fen.contains(" w "), "an even number of plies: {fen}");
        // A real position of the variant, other than the start.
        let o = kyodai(&["perft", "cashew-shogi", "1", "--divide", "--fen", fen]);
        assert!(o.status.success(), "{fen}");
        assert_ne!(stdout(&o), stdout(&start), "{fen}");
    }
}

#[test]
fn a_start_fen_that_fits_no_variant_is_refused() {
    let o = kyodai(&["xboard", "--start-fen", "8/8/8 w"]);
    assert!(!o.status.success());
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("fits no variant"),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
}

#[test]
fn values_prints_mobility_beside_the_value_used() {
    let o = kyodai(&["values", "chu"]);
    assert!(o.status.success());
    let out = stdout(&o);
    let row = |token: &str| -> Vec<String> {
        out.lines()
            .map(|l| l.split_whitespace().map(String::from).collect::<Vec<_>>())
            .find(|f| f.first().map(String::as_str) == Some(token))
            .unwrap_or_else(|| panic!("no row for {token}: {out}"))
    };
    // A Rook reaches 11 squares on each line of a 12x12 board: 22 in all.
    assert_eq!(row("R")[1..4], ["22.00", "600", "600"]);
    // A Pawn's one step forward is off the board from the last rank.
    assert_eq!(row("P")[1], "0.92");
    // The Lion's value is the data's, not its mobility's.
    assert_eq!(row("N")[3], "2000");
    assert_eq!(out.lines().count(), 1 + 39, "{out}");
    assert!(!kyodai(&["values", "nosuch"]).status.success());
}

#[test]
fn a_closed_stdout_ends_a_command_quietly() {
    use std::process::Stdio;
    // The reader goes away before perft has counted (as with `| head`).
    let mut child = Command::new(env!("CARGO_BIN_EXE_kyodai"))
        .args(["perft", "chu", "4", "--divide"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run kyodai");
    drop(child.stdout.take());
    let o = child.wait_with_output().expect("wait for kyodai");
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "{:?} {err}", o.status);
    assert!(err.is_empty(), "{err}");
}
