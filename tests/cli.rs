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
    // The last column is the value engine.ini gives (tuned, not derived).
    let chu = kyodai::variant::VariantSet::builtin().find("chu").unwrap();
    let value = |token| chu.piece(chu.kind(token).unwrap()).value.to_string();
    // A Rook reaches 11 squares on each line of a 12x12 board: 22 in all.
    assert_eq!(row("R")[1..4], ["22.00", "600", &value("R")]);
    // A Pawn's one step forward is off the board from the last rank.
    assert_eq!(row("P")[1], "0.92");
    // The Lion's value is the data's, not its mobility's.
    assert_eq!(row("N")[2..4], ["650", &value("N")]);
    assert_ne!(value("N"), "650");
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

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// `args` fail with a usage error (exit 2, not an abort) naming `bound`.
fn refused(args: &[&str], bound: &str) {
    let o = kyodai(args);
    assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
    assert!(stderr(&o).contains(bound), "{args:?}: {}", stderr(&o));
}

#[test]
fn perft_depth_is_bounded() {
    // These once asked for a move buffer per ply and aborted (exit 134).
    refused(&["perft", "chu", "99999999999"], "0..=20");
    refused(&["perft", "chu", "4294967296"], "0..=20");
    refused(&["perft", "chu", "21", "--divide"], "0..=20");
    assert!(kyodai(&["perft", "chu", "0"]).status.success());
}

#[test]
fn bench_depth_and_threads_are_bounded() {
    refused(&["bench", "0"], "1..=20");
    refused(&["bench", "1", "--threads", "0"], "1..=64");
    refused(&["bench", "1", "--threads", "65"], "1..=64");
    refused(&["bench", "21"], "1..=20");
}

#[test]
fn openings_sizes_are_bounded() {
    refused(&["openings", "chu", "--count", "0"], "1..=100000");
    refused(&["openings", "chu", "--depth", "0"], "1..=20");
    refused(&["openings", "chu", "--max-score=-1"], "0..=");
    refused(&["openings", "chu", "--count", "100001"], "1..=100000");
    refused(&["openings", "chu", "--plies", "101"], "0..=100");
    refused(&["openings", "chu", "--depth", "21"], "1..=20");
}

/// `tune` writes data that it reads back, and refuses what it cannot use
/// with a message (bad sizes, a bad line, neither or both of its modes).
#[test]
fn tune_generates_data_it_can_read_and_refuses_bad_input() {
    refused(&["tune", "chu", "--generate", "0"], "1..=100000");
    refused(&["tune", "chu", "--generate", "1", "--depth", "9"], "1..=8");
    refused(
        &["tune", "chu", "--data", "x", "--iterations", "0"],
        "1..=100000",
    );
    refused(
        &["tune", "chu", "--data", "x", "--prior=-1"],
        "0 to 1000000000",
    );
    refused(
        &["tune", "chu", "--data", "x", "--prior", "NaN"],
        "0 to 1000000000",
    );
    let data = kyodai(&["tune", "cashew", "--generate", "1", "--depth", "1"]);
    assert!(data.status.success(), "{}", stderr(&data));
    let text = stdout(&data);
    assert!(
        text.lines().count() > 10 && text.lines().all(|l| l.contains(';')),
        "{text}"
    );
    let dir = std::env::temp_dir().join(format!("kyodai-tune-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("cashew.txt");
    std::fs::write(&file, &text).unwrap();
    let path = file.to_str().unwrap();
    // A short fit of the data, with `extra` arguments.
    let fit = |extra: &[&str]| {
        let mut args = vec![
            "tune",
            "cashew",
            "--data",
            path,
            "--iterations",
            "20",
            "--prior",
            "0",
        ];
        args.extend_from_slice(extra);
        let run = kyodai(&args);
        assert!(run.status.success(), "{}", stderr(&run));
        stdout(&run)
    };
    let out = fit(&["--holdout", path]);
    assert!(
        out.contains("[cashew-shogi]")
            && out.contains("eval-")
            && out.contains(&format!("# held out: {} positions", text.lines().count())),
        "{out}"
    );
    // scripts/apply_tuned.py writes the values into an ini file that the
    // engine then plays with.
    let tuned_file = dir.join("tuned.txt");
    std::fs::write(&tuned_file, &out).unwrap();
    let ini = apply_tuned(&dir, &[tuned_file.as_os_str()]);
    let (token, value) = out
        .lines()
        .find_map(|l| {
            let rest = l.strip_prefix("# piece ")?;
            let token = rest.split(' ').next()?;
            let value = rest.split("value=").nth(1)?.split(' ').next()?;
            Some((token.to_string(), value.to_string()))
        })
        .expect("a piece value changed");
    assert_eq!(piece_value(&ini, "cashew", &token), Some(value));
    // --values-only prints piece values and no weight, --weights-only the
    // reverse; the two together are refused.
    let values = fit(&["--values-only"]);
    assert!(
        values.contains("# piece ") && !values.contains("eval-"),
        "{values}"
    );
    let weights = fit(&["--weights-only"]);
    assert!(
        weights.contains("eval-") && !weights.contains("# piece "),
        "{weights}"
    );
    refused(
        &[
            "tune",
            "chu",
            "--data",
            "x",
            "--values-only",
            "--weights-only",
        ],
        "cannot be used with",
    );
    std::fs::write(&file, format!("{text}not a fen;1\n")).unwrap();
    let bad = kyodai(&["tune", "cashew", "--data", path]);
    assert_eq!(bad.status.code(), Some(1), "{}", stderr(&bad));
    assert!(
        stderr(&bad).contains(&format!("line {}", text.lines().count() + 1)),
        "{}",
        stderr(&bad)
    );
    let neither = kyodai(&["tune", "cashew"]);
    assert_eq!(neither.status.code(), Some(1));
    assert!(stderr(&neither).contains("--generate GAMES, --pgn FILE and --data FILE"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn help_lists_the_variants_and_describes_every_argument() {
    let top = stdout(&kyodai(&["--help"]));
    for name in [
        "chu",
        "dai",
        "cashew-shogi (cashew)",
        "macadamia-shogi (macadamia)",
        "nutty-shogi (nutty)",
        "suzumu-shogi (suzumu)",
        "wa-shogi (wa)",
        "tenjiku",
    ] {
        assert!(top.contains(name), "{name}: {top}");
    }
    for command in [
        "--help",
        "perft --help",
        "bench --help",
        "openings --help",
        "values --help",
        "tune --help",
    ] {
        let args: Vec<&str> = command.split(' ').collect();
        let help = stdout(&kyodai(&args));
        assert!(help.contains("Usage:"), "{command}: {help}");
        // An argument's line is indented, and two spaces part it from its
        // description.
        for line in help.lines().filter(|l| l.starts_with("  ")) {
            let described = line
                .trim_start()
                .split_once("  ")
                .is_some_and(|(_, text)| !text.trim().is_empty());
            assert!(described, "{command}: undescribed: {line}");
        }
    }
    let perft = stdout(&kyodai(&["perft", "--help"]));
    assert!(perft.contains("Plies to count, 0 to 20"), "{perft}");
    assert!(perft.contains("CECP notation"), "{perft}");
    assert!(!perft.contains("docs/notation.md"), "{perft}");
    let bench = stdout(&kyodai(&["bench", "--help"]));
    assert!(
        bench.contains("1 to 20") && bench.contains("1 to 64"),
        "{bench}"
    );
}

#[test]
fn an_unknown_variant_is_refused_with_the_known_ones() {
    let o = kyodai(&["perft", "nosuchvariant", "1"]);
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert!(err.contains("unknown variant 'nosuchvariant'"), "{err}");
    assert!(
        err.contains("chu, dai, cashew-shogi (cashew), macadamia-shogi (macadamia)"),
        "{err}"
    );
    assert!(err.contains("suzumu-shogi (suzumu)"), "{err}");
    // The short names work.
    assert!(kyodai(&["perft", "suzumu", "1"]).status.success());
}

#[test]
fn ini_errors_name_the_file() {
    let dir = std::env::temp_dir().join(format!("kyodai-cli-ini-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mini = "[mini]\nboard = 3x3\nzone = 0\npiece = K | King | K | K | - | royal\n";
    for (name, text, error) in [
        (
            "line.ini",
            "[mini]\nboard = 3x3\nno equals sign\n",
            "line 3: expected key = value",
        ),
        ("empty.ini", "; nothing\n", "defines no variant"),
        (
            "start.ini",
            &format!("{mini}start = 1k/4/K2 w\n"),
            "variant mini: start position:",
        ),
    ] {
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        let path = path.to_str().unwrap();
        let o = kyodai(&["--ini", path, "perft", "mini", "1"]);
        assert_eq!(o.status.code(), Some(1), "{name}");
        let err = stderr(&o);
        assert!(err.contains(&format!("{path}: {error}")), "{name}: {err}");
        assert!(!err.contains("engine.ini"), "{name}: {err}");
    }
    // A variant the file does not define is refused with the file's list.
    let path = dir.join("mini.ini");
    std::fs::write(&path, format!("{mini}start = 1k1/3/K2 w\n")).unwrap();
    let o = kyodai(&["--ini", path.to_str().unwrap(), "perft", "chu", "1"]);
    assert!(
        stderr(&o).contains("unknown variant 'chu'; variants: mini"),
        "{}",
        stderr(&o)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bench_searches_the_costly_variants_shallower() {
    // Suzumu costs hundreds of times Chu's nodes at equal depth, Nutty and
    // Dai several times: searched as deep as the others they would be
    // most of the bench.
    let o = kyodai(&["bench", "5"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let depth_of = |variant: &str| -> Vec<u32> {
        out.lines()
            .filter(|l| l.split_whitespace().next() == Some(variant))
            .map(|l| {
                let f: Vec<&str> = l.split_whitespace().collect();
                let at = f.iter().position(|&w| w == "depth").expect("depth field");
                f[at + 1].parse().expect("a depth")
            })
            .collect()
    };
    assert_eq!(depth_of("chu"), [5, 5, 5], "{out}");
    assert_eq!(depth_of("cashew-shogi"), [5], "{out}");
    assert_eq!(depth_of("macadamia-shogi"), [5], "{out}");
    assert_eq!(depth_of("dai"), [4], "{out}");
    assert_eq!(depth_of("nutty-shogi"), [4], "{out}");
    assert_eq!(depth_of("suzumu-shogi"), [1], "{out}");
    // Never below depth 1.
    let shallow = stdout(&kyodai(&["bench", "1"]));
    assert!(
        shallow
            .lines()
            .any(|l| l.starts_with("suzumu-shogi") && l.contains(" depth 1 ")),
        "{shallow}"
    );
}

#[test]
fn perft_suites_pass_and_a_changed_count_fails_naming_its_case() {
    let suite = concat!(env!("CARGO_MANIFEST_DIR"), "/perft/chu.txt");
    let o = kyodai(&["perft", "--suite", suite, "--max-depth", "2"]);
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(o.status.success(), "{text}");
    let last = text.lines().last().unwrap_or("");
    let (matched, total) = last
        .strip_suffix(" counts match")
        .and_then(|n| n.split_once('/'))
        .expect("a summary line");
    assert_eq!(matched, total);
    // The same file with the start position's depth-2 count changed.
    let changed =
        std::fs::read_to_string(suite)
            .unwrap()
            .replacen("perft 2 = 1296", "perft 2 = 1297", 1);
    let dir = std::env::temp_dir().join(format!("kyodai-suite-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("chu.txt");
    std::fs::write(&path, changed).unwrap();
    let o = kyodai(&[
        "perft",
        "--suite",
        path.to_str().unwrap(),
        "--max-depth",
        "2",
        "--threads",
        "2",
    ]);
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(!o.status.success());
    let start_line = std::fs::read_to_string(suite)
        .unwrap()
        .lines()
        .position(|l| l == "[start]")
        .expect("a [start] case")
        + 1;
    let expected = format!("[start] (line {start_line}) perft 2: expected 1297, got 1296");
    assert!(text.contains(&expected), "{text}");
    let last = text.lines().last().unwrap_or("");
    assert_eq!(
        last,
        format!(
            "{}/{total} counts match",
            total.parse::<usize>().unwrap() - 1
        )
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn perft_with_threads_and_a_table_counts_the_same() {
    let o = kyodai(&[
        "perft",
        "chu",
        "4",
        "--threads",
        "2",
        "--hash",
        "16",
        "--divide",
    ]);
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(text.ends_with("total 1801639\n"), "{text}");
    // 36 root moves, each with its own count, in generation order.
    assert_eq!(text.lines().count(), 37);
    let o = kyodai(&["perft", "suzumu", "3", "--threads", "2", "--hash", "16"]);
    assert_eq!(String::from_utf8_lossy(&o.stdout), "total 561534\n");
}

#[test]
fn perft_by_path_in_usi_notation_counts_as_shogiops_does() {
    // shogiops (lishogi) lists every path of a Lion's move as a move of its
    // own: 52599 at depth 3 from the start, where the effects are 48315.
    let o = kyodai(&[
        "perft",
        "chu",
        "3",
        "--divide",
        "--by",
        "path",
        "--notation",
        "usi",
    ]);
    let text = String::from_utf8_lossy(&o.stdout);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.last(), Some(&"total 52599"));
    let sum: u64 = lines[..lines.len() - 1]
        .iter()
        .map(|l| l.rsplit(' ').next().unwrap().parse::<u64>().unwrap())
        .sum();
    assert_eq!(sum, 52599);
    let o = kyodai(&["perft", "chu", "3", "--divide", "--notation", "usi"]);
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(text.ends_with("total 48315\n"));
    // USI squares: Sente's Lion on f3 is 7j; its jumps to f5 and d2 are
    // 7j7h and 7j9k.
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines.contains(&"7j7h 1728"), "{text}");
    assert!(lines.contains(&"7j9k 1044"), "{text}");
}

#[test]
fn perft_by_path_in_cecp_notation_marks_moves_with_several_routes() {
    // A Cashew Hook Mover on g7 turns on g8 or h7 to reach h8: one line
    // with its subtree count and x2; the total counts both routes.
    let o = kyodai(&[
        "perft",
        "cashew",
        "2",
        "--fen",
        "12k/13/13/13/13/13/6H!6/13/13/13/13/13/K12 w - 0 1",
        "--divide",
        "--by",
        "path",
    ]);
    assert!(o.status.success());
    let text = String::from_utf8_lossy(&o.stdout);
    let line = text
        .lines()
        .find(|l| l.starts_with("g7h8 "))
        .expect("listed");
    assert!(line.ends_with(" x2"), "{line}");
    let rows: u64 = text
        .lines()
        .filter(|l| !l.starts_with("total"))
        .map(|l| {
            let mut f = l.split(' ').skip(1);
            let n: u64 = f.next().unwrap().parse().unwrap();
            let ways: u64 = f.next().map_or(1, |w| w[1..].parse().unwrap());
            n * ways
        })
        .sum();
    assert!(text.ends_with(&format!("total {rows}\n")), "{text}");
    let effect = kyodai(&[
        "perft",
        "cashew",
        "2",
        "--fen",
        "12k/13/13/13/13/13/6H!6/13/13/13/13/13/K12 w - 0 1",
    ]);
    let effect: u64 = String::from_utf8_lossy(&effect.stdout)
        .trim()
        .rsplit(' ')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert!(rows > effect, "{rows} paths, {effect} effects");
}

#[test]
fn the_man_page_describes_every_command() {
    let page = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/kyodai.6")).unwrap();
    let help = String::from_utf8_lossy(&kyodai(&["--help"]).stdout).into_owned();
    let commands: Vec<&str> = help
        .lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|&c| c != "help")
        .collect();
    assert!(commands.len() >= 6, "{help}");
    for c in commands {
        assert!(
            page.contains(&format!(".B {c}\n")),
            "kyodai.6 lacks a .B {c} entry"
        );
    }
}

/// Runs scripts/apply_tuned.py with `args` (the tuner's output first) on a
/// copy of engine.ini in `dir`; returns the copy's path.
fn apply_tuned(dir: &std::path::Path, args: &[&std::ffi::OsStr]) -> std::path::PathBuf {
    let ini = dir.join("engine.ini");
    std::fs::copy(concat!(env!("CARGO_MANIFEST_DIR"), "/engine.ini"), &ini).unwrap();
    let (tuned, rest) = args.split_first().expect("the tuner's output");
    let applied = Command::new("python3")
        .arg(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/scripts/apply_tuned.py"
        ))
        .arg(tuned)
        .arg(&ini)
        .args(rest)
        .output()
        .expect("run python3");
    assert!(applied.status.success(), "{}", stderr(&applied));
    ini
}

/// The value `kyodai values` gives `token` under the ini file `ini`.
fn piece_value(ini: &std::path::Path, variant: &str, token: &str) -> Option<String> {
    let values = stdout(&kyodai(&["--ini", ini.to_str()?, "values", variant]));
    values
        .lines()
        .find(|l| l.split_whitespace().next() == Some(token))
        .and_then(|l| l.split_whitespace().nth(3))
        .map(str::to_string)
}

/// `apply_tuned.py --agree`: of a fit on all the data, only the changes
/// (piece values and weights) that fits on two disjoint halves both make
/// in the same direction are written; `--keep` leaves a value alone;
/// `--values-only` writes no weight.
#[test]
fn apply_tuned_writes_only_what_both_halves_agree_on() {
    let dir = std::env::temp_dir().join(format!("kyodai-agree-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let write = |name: &str, text: &str| {
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        path
    };
    // The fits move Cashew's Pawn, Gold and Silver from their present
    // values (whatever engine.ini holds) by these amounts: all the data,
    // one half, the other.
    let builtin = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/engine.ini"));
    let present = |token| -> i32 {
        piece_value(builtin, "cashew", token)
            .and_then(|v| v.parse().ok())
            .expect("a built-in value")
    };
    let (pawn, gold, silver) = (present("P"), present("G"), present("S"));
    let fit = |name: &str, moves: [i32; 3], weights: [i32; 2]| {
        let text = format!(
            "[cashew-shogi]\n# piece P (Pawn): value={} (was {pawn})\n\
             # piece G (Gold): value={} (was {gold})\n# piece S (Silver): value={} (was {silver})\n\
             # eval-mop-up (was 20)\neval-mop-up = {}\n# eval-centre (was 3)\neval-centre = {}\n",
            pawn + moves[0],
            gold + moves[1],
            silver + moves[2],
            weights[0],
            weights[1]
        );
        write(name, &text)
    };
    let all = fit("all.txt", [-15, 17, 14], [30, -5]);
    let half1 = fit("half1.txt", [-10, 27, 4], [25, -2]);
    let half2 = fit("half2.txt", [-20, -3, 24], [28, 4]);
    let ini = apply_tuned(
        &dir,
        &[
            all.as_os_str(),
            "--agree".as_ref(),
            half1.as_os_str(),
            half2.as_os_str(),
            "--keep".as_ref(),
            "S".as_ref(),
        ],
    );
    // Both halves lower the Pawn; they split on the Gold; the Silver is kept.
    let value = |token| piece_value(&ini, "cashew", token);
    assert_eq!(value("P"), Some((pawn - 15).to_string()));
    assert_eq!(value("G"), Some(gold.to_string()));
    assert_eq!(value("S"), Some(silver.to_string()));
    // Weights likewise, one the section did not set (it is added) and one
    // the halves split on.
    let text = std::fs::read_to_string(&ini).unwrap();
    let section: Vec<&str> = text
        .lines()
        .skip_while(|l| *l != "[cashew-shogi]")
        .skip(1)
        .take_while(|l| !l.starts_with('['))
        .collect();
    assert!(section.contains(&"eval-mop-up = 30"), "{section:?}");
    assert!(section.contains(&"eval-centre = 3"), "{section:?}");
    // --values-only: the values as before, no weight changed.
    let ini = apply_tuned(&dir, &[all.as_os_str(), "--values-only".as_ref()]);
    assert_eq!(
        piece_value(&ini, "cashew", "S"),
        Some((silver + 14).to_string())
    );
    let text = std::fs::read_to_string(&ini).unwrap();
    assert!(!text.contains("eval-mop-up = 30"), "{text}");
    assert!(!text.contains("eval-centre = -5"), "{text}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// scripts/clock_use.py: a move played without a search (`{0.000s}`, no
/// score or depth) still counts for the side that made it, so the clock
/// and the depths of the two sides stay apart.
#[test]
fn clock_use_gives_each_side_its_own_moves() {
    let dir = std::env::temp_dir().join(format!("kyodai-clock-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // A takes 0.010 s at depth 5, B 0.100 s at depth 9, 100 moves each;
    // A's first move is played without a search.
    let mut body = String::new();
    for n in 0..100 {
        let a = if n == 0 {
            "{0.000s}".to_string()
        } else {
            "{+0.10/5 0.010s}".to_string()
        };
        body.push_str(&format!("{}. a1a2 {a} a9a8 {{-0.10/9 0.100s}}\n", n + 1));
    }
    let pgn = format!(
        "[Event \"?\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n{body}{{Gote resigns}} 1-0\n"
    );
    let path = dir.join("games.pgn");
    std::fs::write(&path, pgn).unwrap();
    let run = |name: &str, base: &str, inc: &str| {
        let o = Command::new("python3")
            .arg(concat!(env!("CARGO_MANIFEST_DIR"), "/scripts/clock_use.py"))
            .args([path.as_os_str(), name.as_ref(), base.as_ref(), inc.as_ref()])
            .output()
            .expect("run python3");
        assert!(o.status.success(), "{}", stderr(&o));
        stdout(&o)
    };
    // A: 1 + 100 * 0.01 - 99 * 0.010 = 1.010 s left.
    let a = run("A", "1", "0.01");
    assert!(a.contains("clock left at the end 1.010 s"), "{a}");
    assert!(a.contains("depth 5.00"), "{a}");
    // B: 10 + 100 * 0.1 - 100 * 0.100 = 10.000 s left.
    let b = run("B", "10", "0.1");
    assert!(b.contains("clock left at the end 10.000 s"), "{b}");
    assert!(b.contains("100.0 ms a move, depth 9.00"), "{b}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// scripts/trades.py: the ply where the opponent first scores itself three
/// pawns up while the named engine still scores itself level or better,
/// the material balance there against the first position, and how it
/// changed over the plies after it (counted from the boards Kyodai
/// replays).
#[test]
fn trades_counts_the_balance_where_both_sides_think_themselves_ahead() {
    let dir = std::env::temp_dir().join(format!("kyodai-trades-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // A's Rook takes a Pawn (A +0.50); B's Rook comes to the same rank
    // (B +3.50: both ahead); A's King steps aside and B takes the Rook.
    let pgn = "[Event \"?\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"0-1\"]\n\
               [FEN \"k10r/12/12/12/12/p11/12/12/12/12/12/R10K w - 0 1\"]\n[Variant \"chu\"]\n\n\
               1. a1a7 {+0.50/5 0.1s} l12l7 {+3.50/5 0.1s} 2. l1k1 {+0.20/5 0.1s} l7a7 \
               {+9.00/5 0.1s} 0-1\n";
    let path = dir.join("games.pgn");
    std::fs::write(&path, pgn).unwrap();
    let run = |name: &str| {
        let o = Command::new("python3")
            .arg(concat!(env!("CARGO_MANIFEST_DIR"), "/scripts/trades.py"))
            .arg(&path)
            .arg(name)
            .args(["--kyodai", env!("CARGO_BIN_EXE_kyodai")])
            .args(["--from-ply", "1", "--later", "2"])
            .output()
            .expect("run python3");
        assert!(o.status.success(), "{}", stderr(&o));
        stdout(&o)
    };
    let out = run("A");
    assert!(out.contains("1 games of A; 1 reach"), "{out}");
    assert!(out.contains("median ply 2\n"), "{out}");
    let (there, later) = out
        .split_once("the change over the next 2 plies")
        .expect(&out);
    assert!(there.contains("P    +1.00"), "{out}");
    assert!(!there.contains("R "), "{out}");
    assert!(later.contains("R    -1.00"), "{out}");
    assert!(!later.contains("P "), "{out}");
    // B never scores itself ahead while A does: no such ply.
    let out = run("B");
    assert!(out.contains("1 games of B; 0 reach"), "{out}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn version_names_the_commit_and_matches_both_protocols() {
    // `kyodai --version`, CECP's myname and USI's id name carry one string:
    // the package version and the commit it was built from.
    let o = kyodai(&["--version"]);
    assert!(o.status.success());
    let out = stdout(&o);
    let version = out.trim().strip_prefix("kyodai ").expect("kyodai VERSION");
    let commit = version
        .strip_prefix(concat!(env!("CARGO_PKG_VERSION"), " ("))
        .and_then(|rest| rest.strip_suffix(')'))
        .unwrap_or_else(|| panic!("no commit in {out:?}"));
    assert!(!commit.is_empty(), "{out:?}");
    let session = |input: &str| {
        let mut child = Command::new(env!("CARGO_BIN_EXE_kyodai"))
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .spawn()
            .expect("run kyodai");
        use std::io::Write;
        let mut stdin = child.stdin.take().expect("stdin");
        stdin.write_all(input.as_bytes()).expect("write");
        drop(stdin);
        stdout(&child.wait_with_output().expect("wait"))
    };
    let cecp = session("xboard\nprotover 2\nquit\n");
    assert!(
        cecp.contains(&format!("myname=\"Kyodai {version}\"")),
        "{cecp}"
    );
    let usi = session("usi\nquit\n");
    assert!(
        usi.lines()
            .any(|l| l == format!("id name Kyodai {version}")),
        "{usi}"
    );
}

/// Every search and time coefficient at either bound still searches every
/// bench position to the end (a technique switched on by its coefficient,
/// `improving` or `capture-history`, is run here if nowhere else), and a
/// technique that prunes changes the tree.
#[test]
fn every_coefficient_at_its_bounds_searches() {
    let listing = stdout(&kyodai(&["params"]));
    let nodes_of = |args: &[&str]| {
        let o = kyodai(args);
        assert!(
            o.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
        let out = stdout(&o);
        out.lines()
            .find_map(|l| l.strip_prefix("nodes "))
            .and_then(|n| n.trim().parse::<u64>().ok())
            .unwrap_or_else(|| panic!("{args:?}: no node count in\n{out}"))
    };
    let plain = nodes_of(&["bench", "4"]);
    let mut names = 0;
    for line in listing.lines().skip(1) {
        let words: Vec<&str> = line.split_whitespace().collect();
        let [name, _, _, min, max, _] = words[..] else {
            panic!("{line}");
        };
        for value in [min, max] {
            let setting = format!("{name}={value}");
            nodes_of(&["bench", "4", "--param", &setting]);
        }
        names += 1;
    }
    assert!(names >= 20, "{listing}");
    // `improving`; late captures reduced, and every reduction a ply
    // longer; the quiet moves ordered by what they answered and followed
    // up too.
    for setting in [
        "improving=1",
        "lmr-captures=1",
        "lmr-offset=100",
        "continuation-history=16",
        "follow-up-history=16",
    ] {
        assert_ne!(
            nodes_of(&["bench", "4", "--param", setting]),
            plain,
            "{setting}"
        );
    }
}
