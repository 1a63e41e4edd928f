//! `kyodai match` against small misbehaving engines (tests/engines/
//! fake_engine.py): each game must end with the right result and reason,
//! no engine process may be left behind, and the match must go on.

use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

const SENTE: &str = "a4a5 b4b5 c4c5 e4e5 f4f5 g4g5 h4h5 j4j5";
const GOTE: &str = "a9a8 b9b8 c9c8 e9e8 f9f8 g9g8 h9h8 j9j8";

/// The `-engine` words of a fake engine: mode, moves played properly first,
/// the two scripts, and a tag to find its processes by.
fn fake(mode: &str, k: u32, sente: &str, gote: &str, tag: &str) -> Vec<String> {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/engines/fake_engine.py");
    [
        "-engine".to_string(),
        "cmd=python3".to_string(),
        format!("arg={}", script.display()),
        format!("arg={mode}"),
        format!("arg={k}"),
        format!("arg={sente}"),
        format!("arg={gote}"),
        format!("arg={tag}"),
        format!("name={mode}"),
    ]
    .to_vec()
}

struct Run {
    stdout: String,
    success: bool,
    elapsed: Duration,
}

impl Run {
    /// The `Finished game` lines.
    fn finished(&self) -> Vec<&str> {
        self.stdout
            .lines()
            .filter(|l| l.starts_with("Finished game"))
            .collect()
    }
}

/// Run `kyodai match` with these arguments; then check that no process
/// carrying `tag` is left.
fn run(args: &[String], tag: &str) -> Run {
    let start = Instant::now();
    let out = Command::new(env!("CARGO_BIN_EXE_kyodai"))
        .arg("match")
        .args(args)
        .output()
        .expect("kyodai runs");
    let elapsed = start.elapsed();
    let left = processes_with(tag);
    assert!(left.is_empty(), "processes left behind: {left:?}");
    Run {
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        success: out.status.success(),
        elapsed,
    }
}

/// Pids whose command line holds `tag`.
fn processes_with(tag: &str) -> Vec<u32> {
    let mut pids = Vec::new();
    for entry in std::fs::read_dir("/proc").into_iter().flatten().flatten() {
        let Ok(pid) = entry.file_name().to_string_lossy().parse::<u32>() else {
            continue;
        };
        let cmdline = std::fs::read(entry.path().join("cmdline")).unwrap_or_default();
        if String::from_utf8_lossy(&cmdline).contains(tag) {
            pids.push(pid);
        }
    }
    pids
}

/// A fake in `mode` against a well-behaved one, two games with colours
/// swapped, and `extra` options.
fn against_normal(mode: &str, k: u32, extra: &str) -> Run {
    let tag = format!("kyodai-match-test-{mode}-{}", std::process::id());
    let engines = [
        fake(mode, k, SENTE, GOTE, &tag),
        fake("normal", 0, SENTE, GOTE, &tag),
    ];
    play(&engines, &format!("-variant chu -games 2 {extra}"), &tag)
}

/// Run a match of `engines` (their `-engine` words) with the options
/// `extra`.
fn play(engines: &[Vec<String>], extra: &str, tag: &str) -> Run {
    let mut args = engines.concat();
    args.extend(extra.split_whitespace().map(String::from));
    run(&args, tag)
}

#[test]
fn an_illegal_move_loses_and_the_match_goes_on() {
    let r = against_normal("illegal", 2, "-each tc=10+0.1");
    assert_eq!(
        r.finished(),
        [
            "Finished game 1 (illegal vs normal): 0-1 {Sente makes an illegal move: a1a12 (not a legal move)}",
            "Finished game 2 (normal vs illegal): 1-0 {Gote makes an illegal move: a1a12 (not a legal move)}",
        ],
        "{}",
        r.stdout
    );
    assert!(
        r.stdout
            .contains("Score of illegal vs normal: 0 - 2 - 0  [0.000] 2")
    );
    assert!(r.success);
}

#[test]
fn garbage_is_survived_and_an_unreadable_move_loses() {
    let r = against_normal("garbage", 1, "-each tc=10+0.1");
    let f = r.finished();
    assert_eq!(f.len(), 2, "{}", r.stdout);
    assert!(f[0].starts_with(
        "Finished game 1 (garbage vs normal): 0-1 {Sente makes an illegal move: zz99"
    ));
    assert!(
        f[1].starts_with(
            "Finished game 2 (normal vs garbage): 1-0 {Gote makes an illegal move: zz99"
        )
    );
}

#[test]
fn a_crash_loses_and_stops_the_match_unless_recover() {
    let r = against_normal("crash", 3, "-each tc=10+0.1");
    assert_eq!(
        r.finished(),
        ["Finished game 1 (crash vs normal): 0-1 {Sente disconnects}"],
        "{}",
        r.stdout
    );
    assert!(r.stdout.contains("stopping the match"));
    let r = against_normal("crash", 3, "-each tc=10+0.1 -recover");
    assert_eq!(
        r.finished(),
        [
            "Finished game 1 (crash vs normal): 0-1 {Sente disconnects}",
            "Finished game 2 (normal vs crash): 1-0 {Gote disconnects}",
        ],
        "{}",
        r.stdout
    );
}

#[test]
fn an_engine_that_never_answers_loses_on_time_within_the_margin() {
    let r = against_normal("hang", 1, "-each tc=1 timemargin=200");
    assert_eq!(
        r.finished(),
        [
            "Finished game 1 (hang vs normal): 0-1 {Sente loses on time}",
            "Finished game 2 (normal vs hang): 1-0 {Gote loses on time}",
        ],
        "{}",
        r.stdout
    );
    // Two games of at most 1.2 s thinking each, plus start-up and the
    // kill after the grace period: well under the time a hang would take.
    assert!(r.elapsed < Duration::from_secs(10), "{:?}", r.elapsed);
}

#[test]
fn a_false_claim_loses() {
    let r = against_normal("claim", 2, "-each tc=10+0.1");
    assert_eq!(
        r.finished(),
        [
            "Finished game 1 (claim vs normal): 0-1 {Sente makes a false claim: 1-0 {Sente mates}}",
            "Finished game 2 (normal vs claim): 1-0 {Gote makes a false claim: 0-1 {Gote mates}}",
        ],
        "{}",
        r.stdout
    );
}

#[test]
fn refusing_a_legal_move_loses() {
    let r = against_normal("refuse", 2, "-each tc=10+0.1");
    assert_eq!(
        r.finished(),
        [
            "Finished game 1 (refuse vs normal): 0-1 {Sente refuses a legal move: b9b8 (Illegal move: b9b8)}",
            "Finished game 2 (normal vs refuse): 1-0 {Gote refuses a legal move: c4c5 (Illegal move: c4c5)}",
        ],
        "{}",
        r.stdout
    );
}

#[test]
fn a_slow_handshake_is_waited_for() {
    let r = against_normal("slowdone", 0, "-games 1 -each tc=10+0.1");
    // Both scripts are 8 moves long: Sente runs out first and resigns.
    assert_eq!(
        r.finished(),
        ["Finished game 1 (slowdone vs normal): 0-1 {Sente resigns}"],
        "{}",
        r.stdout
    );
    assert!(r.elapsed >= Duration::from_secs(3));
}

#[test]
fn an_engine_slow_to_start_keeps_its_features() {
    // Silent for 3 s, past the protocol's two seconds: its features
    // (`usermove=1` among them) still count, so the game is played out.
    let r = against_normal("slowstart", 0, "-games 1 -each tc=10+0.1");
    assert_eq!(
        r.finished(),
        ["Finished game 1 (slowstart vs normal): 0-1 {Sente resigns}"],
        "{}",
        r.stdout
    );
    assert!(r.elapsed >= Duration::from_secs(3));
}

/// One game between two scripted engines (the first in `mode`) from
/// `fen`, with PGN and EPD output and `extra` options; the run, the PGN's
/// text and the EPD's.
fn scripted_game(
    name: &str,
    mode: &str,
    fen: &str,
    sente: &str,
    gote: &str,
    extra: &str,
) -> (Run, String, String) {
    let tag = format!("kyodai-match-test-{name}-{}", std::process::id());
    let dir = std::env::temp_dir().join(&tag);
    std::fs::create_dir_all(&dir).unwrap();
    let openings = dir.join("openings.fen");
    let pgn = dir.join("games.pgn");
    let epd = dir.join("games.epd");
    std::fs::write(&openings, format!("{fen}\n")).unwrap();
    let mut args = fake(mode, 0, sente, gote, &tag);
    args.extend(fake("normal", 0, sente, gote, &tag));
    args.extend(
        format!(
            "-variant chu -games 1 -each tc=10+0.1 -openings file={} -pgnout {} -epdout {} {extra}",
            openings.display(),
            pgn.display(),
            epd.display()
        )
        .split_whitespace()
        .map(String::from),
    );
    let r = run(&args, &tag);
    let text = std::fs::read_to_string(&pgn).unwrap_or_default();
    let epd = std::fs::read_to_string(&epd).unwrap_or_default();
    let _ = std::fs::remove_dir_all(&dir);
    (r, text, epd)
}

#[test]
fn a_move_on_two_lines_is_one_move_and_the_pgn_has_it() {
    // A Sente Lion on f5 takes the Gote Pawns on f6 and f7 in one move.
    let fen = "11k/12/12/12/12/5p6/5p6/5N6/12/12/12/K11 w - 0 1";
    let (r, text, _) = scripted_game("legs", "legs", fen, "f5f6,f6f7 a1a2", "l12k12 k12j12", "");
    assert_eq!(
        r.finished(),
        ["Finished game 1 (legs vs normal): 0-1 {Sente resigns}"],
        "{}",
        r.stdout
    );
    assert!(text.contains("1. f5f6,f6f7 {+0.10/1 "), "{text}");
    assert!(text.contains(&format!("[FEN \"{fen}\"]")));
    assert!(text.contains("[SetUp \"1\"]"));
    assert!(text.contains("[PlyCount \"4\"]"));
    assert!(text.contains("[Termination \"normal\"]"));
    assert!(text.contains("{Sente resigns} 0-1"));
}

#[test]
fn the_rules_end_the_game_when_the_last_royal_is_taken() {
    let fen = "k11/12/12/12/12/12/12/12/12/12/12/R10K w - 0 1";
    let (r, text, epd) = scripted_game("royal", "normal", fen, "a1a12", "a12b12", "-debug");
    assert_eq!(
        r.finished(),
        ["Finished game 1 (normal vs normal): 1-0 {Gote lost its last royal}"],
        "{}",
        r.stdout
    );
    assert!(text.contains("[Result \"1-0\"]"), "{text}");
    // The final position: the Rook on the King's square, Gote to move.
    assert_eq!(epd, "R11/12/12/12/12/12/12/12/12/12/12/11K b - 0 1\n");
    // -debug: every line both ways, stamped, with engine, game and seat.
    let traced = |needle: &str| r.stdout.lines().any(|l| l.ends_with(needle));
    assert!(traced(" >normal(1:0): protover 2"), "{}", r.stdout);
    assert!(traced(" <normal(1:0): move a1a12"), "{}", r.stdout);
    assert!(traced(
        " >normal(1:1): result 1-0 {Gote lost its last royal}"
    ));
}

#[test]
fn bad_command_lines_are_refused_with_a_reason() {
    for (args, why) in [
        ("-engine cmd=a", "at least two"),
        (
            "-engine cmd=a -engine cmd=b -variant xiangqi",
            "unknown variant 'xiangqi'",
        ),
        (
            "-engine cmd=/nonexistent/engine -engine cmd=b -variant chu",
            "cannot start engine",
        ),
        (
            "-engine cmd=a -engine cmd=b -openings file=/nonexistent.fen",
            "cannot read",
        ),
        (
            "-engine cmd=a proto=usi -engine cmd=b -variant dai",
            "proto=usi engines play Chu only",
        ),
        (
            "-engine cmd=a -engine cmd=b -variant dai -rules lishogi",
            "-rules lishogi: dai has no such rule set (lishogi plays only chu)",
        ),
        (
            "-engine cmd=a -engine cmd=b -variant chu -rules fd-sideways",
            "-rules fd-sideways: chu has no such rule set (fd-sideways plays only tenjiku)",
        ),
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_kyodai"))
            .arg("match")
            .args(args.split_whitespace())
            .output()
            .expect("kyodai runs");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{args}");
        assert!(err.contains(why), "{args}: {err}");
    }
}

#[test]
fn pgn_openings_are_played_as_book_moves_and_maxmoves_adjudicates() {
    let tag = format!("kyodai-match-test-pgn-{}", std::process::id());
    let dir = std::env::temp_dir().join(&tag);
    std::fs::create_dir_all(&dir).unwrap();
    let (openings, pgn) = (dir.join("book.pgn"), dir.join("games.pgn"));
    std::fs::write(
        &openings,
        "[Event \"book\"]\n\n1. h4h5 {x} g9g8 2. f4f5 *\n",
    )
    .unwrap();
    // A copy whose path carries the tag, to find its processes by.
    let kyodai = dir.join("kyodai");
    std::fs::copy(env!("CARGO_BIN_EXE_kyodai"), &kyodai).unwrap();
    let kyodai = kyodai.display();
    let args: Vec<String> = format!(
        "-engine cmd={kyodai} name=A -engine cmd={kyodai} name=B \
         -each st=0.05 timemargin=200 -variant chu -openings file={} format=pgn plies=2 -maxmoves 3 \
         -pgnout {}",
        openings.display(),
        pgn.display()
    )
    .split_whitespace()
    .map(String::from)
    .collect();
    let r = run(&args, &tag);
    assert_eq!(
        r.finished(),
        ["Finished game 1 (A vs B): 1/2-1/2 {Draw by adjudication: maximum number of moves}"],
        "{}",
        r.stdout
    );
    let text = std::fs::read_to_string(&pgn).unwrap();
    // plies=2: the third book move is left to the engines.
    assert!(text.contains("1. h4h5 {book} g9g8 {book} 2. "), "{text}");
    assert!(text.contains("[PlyCount \"6\"]"), "{text}");
    assert!(text.contains("[Termination \"adjudication\"]"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_repetition_rule_of_the_variant_is_the_referees() {
    // Chu forbids recreating a position: Gote's fourth move would.
    let fen = "k11/12/12/12/12/12/12/12/12/12/12/R10K w - 0 1";
    let (r, _, _) = scripted_game(
        "repeat",
        "normal",
        fen,
        "l1l2 l2l1 a1a2",
        "a12a11 a11a12",
        "",
    );
    assert_eq!(
        r.finished(),
        [
            "Finished game 1 (normal vs normal): 1-0 {Gote makes an illegal move: a11a12 (repeats earlier position)}"
        ],
        "{}",
        r.stdout
    );
}

#[test]
fn an_sprt_decision_ends_the_match_early() {
    // The first engine resigns at once with either colour: H0 (it is not
    // 50 Elo stronger) is accepted long before 200 games.
    let tag = format!("kyodai-match-test-sprt-{}", std::process::id());
    let mut args = fake("normal", 0, "", "", &tag);
    args.extend(fake("normal", 0, SENTE, GOTE, &tag));
    args.extend(
        "-variant chu -games 200 -each tc=10+0.1 -sprt elo0=0 elo1=50 alpha=0.05 beta=0.05 -ratinginterval 0"
            .split_whitespace()
            .map(String::from),
    );
    let r = run(&args, &tag);
    let games = r.finished().len();
    assert!((10..200).contains(&games), "{games} games\n{}", r.stdout);
    let sprt = r
        .stdout
        .lines()
        .find(|l| l.starts_with("SPRT: llr"))
        .unwrap_or("");
    assert!(sprt.ends_with(" - H0 was accepted"), "{}", r.stdout);
}

#[test]
fn paired_games_get_the_pentanomial_sprt_and_a_results_file_to_merge() {
    // As above, but each opening twice (-repeat): every pair is lost (LL),
    // and fishtest's GSPRT accepts H0 after 20 pairs (LLR -3.08).
    let tag = format!("kyodai-match-test-ptnml-{}", std::process::id());
    let results = std::env::temp_dir().join(format!("{tag}.tsv"));
    let _ = std::fs::remove_file(&results);
    let mut args = fake("normal", 0, "", "", &tag);
    args.extend(fake("normal", 0, SENTE, GOTE, &tag));
    args.extend(
        "-variant chu -games 200 -repeat -each tc=10+0.1 -sprt elo0=0 elo1=50 -ratinginterval 0 -results"
            .split_whitespace()
            .map(String::from),
    );
    args.push(results.display().to_string());
    let r = run(&args, &tag);
    // The worker may have taken game 41 before the decision reached it:
    // a game whose pair partner is never played, left out of Ptnml.
    let games = r.finished().len();
    assert!((40..=41).contains(&games), "{}", r.stdout);
    let lines: Vec<&str> = r.stdout.lines().collect();
    let ptnml = if games == 40 {
        "Ptnml(0-2): [20, 0, 0, 0, 0]"
    } else {
        "Ptnml(0-2): [20, 0, 0, 0, 0] (+1 unpaired game, not in it)"
    };
    assert!(lines.contains(&ptnml), "{}", r.stdout);
    assert!(
        lines.contains(&"SPRT: llr -3.08 (-104.8%), lbound -2.94, ubound 2.94 - H0 was accepted"),
        "{}",
        r.stdout
    );

    // The same run twice over: twice the pairs (pairs match within a file).
    let merge = Command::new(env!("CARGO_BIN_EXE_kyodai"))
        .arg("match-merge")
        .args(["-sprt", "elo0=0", "elo1=50"])
        .args([&results, &results])
        .output()
        .expect("kyodai runs");
    let stdout = String::from_utf8_lossy(&merge.stdout);
    assert!(merge.status.success(), "{stdout}");
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(
        lines[0],
        format!("Merged {} games from 2 files", 2 * games),
        "{stdout}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("Ptnml(0-2): [40, 0, 0, 0, 0]")),
        "{stdout}"
    );
    assert!(
        lines.iter().any(|l| l.starts_with("SPRT: llr -6.17")),
        "{stdout}"
    );
    // A second run may not write into the first one's file.
    let again = run(&args, &tag);
    assert!(!again.success);
    let _ = std::fs::remove_file(&results);
}

const USI_SENTE: &str = "12i12h 11i11h 10i10h 8i8h";
const USI_GOTE: &str = "12d12e 11d11e 10d10e 8d8e";

/// The `-engine` words of a fake USI engine (tests/engines/fake_usi.py)
/// with the usual scripts.
fn fake_usi(mode: &str, tag: &str) -> Vec<String> {
    fake_usi_playing(mode, USI_SENTE, USI_GOTE, tag)
}

fn fake_usi_playing(mode: &str, sente: &str, gote: &str, tag: &str) -> Vec<String> {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/engines/fake_usi.py");
    [
        "-engine".to_string(),
        "cmd=python3".to_string(),
        format!("arg={}", script.display()),
        format!("arg={mode}"),
        format!("arg={sente}"),
        format!("arg={gote}"),
        format!("arg={tag}"),
        format!("name={mode}"),
        "proto=usi".to_string(),
    ]
    .to_vec()
}

/// One game of a fake USI engine in `mode` (Sente) against a normal one.
fn usi_game(mode: &str, extra: &str) -> Run {
    let tag = format!("kyodai-match-test-usi-{mode}-{}", std::process::id());
    let engines = [fake_usi(mode, &tag), fake_usi("normal", &tag)];
    play(
        &engines,
        &format!("-variant chu -games 1 -debug {extra}"),
        &tag,
    )
}

#[test]
fn usi_engines_are_refereed_like_cecp_ones() {
    // The script runs out: the side without moves resigns, and both are
    // told how the game ended.
    let r = usi_game("normal", "-each tc=10+0.1");
    assert_eq!(
        r.finished(),
        ["Finished game 1 (normal vs normal): 0-1 {Sente resigns}"],
        "{}",
        r.stdout
    );
    let traced = |s: &str| r.stdout.contains(s);
    assert!(traced(" >normal(1:0): usi\n"), "{}", r.stdout);
    assert!(traced(" >normal(1:0): setoption name USI_Hash value 64"));
    assert!(traced(" >normal(1:0): usinewgame"));
    assert!(traced(" >normal(1:0): position startpos\n"));
    assert!(traced(
        " >normal(1:0): go btime 10000 wtime 10000 binc 100 winc 100"
    ));
    assert!(traced(
        " >normal(1:1): position startpos moves 12i12h 12d12e 11i11h 11d11e 10i10h 10d10e 8i8h\n"
    ));
    assert!(traced(" >normal(1:0): gameover lose"));
    assert!(traced(" >normal(1:1): gameover win"));
    for (mode, reason) in [
        ("resign", "Sente resigns"),
        ("illegal", "Sente makes an illegal move: 13z1a"),
        ("win", "Sente claims a win by entering kings"),
    ] {
        let r = usi_game(mode, "-each tc=inf");
        let f = r.finished();
        assert_eq!(f.len(), 1, "{}", r.stdout);
        assert!(
            f[0].starts_with(&format!(
                "Finished game 1 ({mode} vs normal): 0-1 {{{reason}"
            )),
            "{}",
            r.stdout
        );
    }
}

#[test]
fn a_move_over_the_byoyomi_loses_on_time() {
    // No main time: each move has 0.3 s, the slow engine takes 1 s.
    let r = usi_game("slow", "-each tc=0 byoyomi=0.3");
    assert_eq!(
        r.finished(),
        ["Finished game 1 (slow vs normal): 0-1 {Sente loses on time}"],
        "{}",
        r.stdout
    );
    assert!(
        r.stdout
            .contains(" >slow(1:0): go btime 0 wtime 0 byoyomi 300"),
        "{}",
        r.stdout
    );
}

/// Kyodai's USI side against its CECP side, or against itself, for a few
/// moves at depth 2 under `rules`.
fn kyodai_usi_game(second: &str, rules: &str) -> Run {
    let tag = format!("kyodai-match-test-usi-{rules}-{}", std::process::id());
    let dir = std::env::temp_dir().join(&tag);
    std::fs::create_dir_all(&dir).unwrap();
    let kyodai = dir.join("kyodai");
    std::fs::copy(env!("CARGO_BIN_EXE_kyodai"), &kyodai).unwrap();
    let kyodai = kyodai.display();
    let args: Vec<String> = format!(
        "-engine cmd={kyodai} name=U arg=usi proto=usi -engine cmd={kyodai} name=C {second} \
         -each depth=2 -variant chu -rules {rules} -games 2 -maxmoves 12 -debug"
    )
    .split_whitespace()
    .map(String::from)
    .collect();
    let r = run(&args, &tag);
    let _ = std::fs::remove_dir_all(&dir);
    r
}

#[test]
fn kyodai_over_usi_meets_kyodai_over_cecp_under_the_standard_rules() {
    let r = kyodai_usi_game("", "standard");
    assert_eq!(
        r.finished(),
        [
            "Finished game 1 (U vs C): 1/2-1/2 {Draw by adjudication: maximum number of moves}",
            "Finished game 2 (C vs U): 1/2-1/2 {Draw by adjudication: maximum number of moves}",
        ],
        "{}",
        r.stdout
    );
    // Each is told the rule set, in its own protocol.
    assert!(
        r.stdout
            .contains(" >U(1:0): setoption name Rules value standard")
    );
    assert!(r.stdout.contains(" >C(1:1): option Rules=standard"));
    assert!(r.stdout.contains(" >U(1:0): go depth 2\n"));
    assert!(r.stdout.contains(" >U(2:1): position startpos moves "));
    assert!(r.success);
}

#[test]
fn usi_engines_meet_under_lishogis_rules() {
    let r = kyodai_usi_game("arg=usi proto=usi", "lishogi");
    assert_eq!(r.finished().len(), 2, "{}", r.stdout);
    assert!(
        r.stdout
            .contains(" >U(1:0): setoption name Rules value lishogi")
    );
    assert!(
        r.stdout
            .contains(" >C(1:1): setoption name Rules value lishogi")
    );
    assert!(r.success);
}

#[test]
fn the_referee_judges_by_the_rules_named() {
    // Both Kings go back and forth from a set position (given as an
    // SFEN): Kyodai's rules forbid bringing a position back, lishogi's
    // draw at its fourth occurrence.
    let tag = format!("kyodai-match-test-usi-rules-{}", std::process::id());
    let dir = std::env::temp_dir().join(&tag);
    std::fs::create_dir_all(&dir).unwrap();
    let openings = dir.join("start.fen");
    std::fs::write(
        &openings,
        "5g5k/12/12/12/12/12/12/12/12/12/12/K4G6 w - 0 1\n",
    )
    .unwrap();
    let cycle = |a: &str, b: &str| format!("{a} {b} {a} {b} {a} {b}");
    let (sente, gote) = (cycle("12l11l", "11l12l"), cycle("1a2a", "2a1a"));
    let game = |rules: &str| {
        let normal = fake_usi_playing("normal", &sente, &gote, &tag);
        let extra = format!(
            "-variant chu -games 1 -debug -rules {rules} -openings file={}",
            openings.display()
        );
        play(&[normal.clone(), normal], &extra, &tag)
    };
    let r = game("standard");
    assert_eq!(
        r.finished(),
        [
            "Finished game 1 (normal vs normal): 1-0 {Gote makes an illegal move: 2a1a (repeats earlier position)}"
        ],
        "{}",
        r.stdout
    );
    assert!(
        r.stdout.contains(
            " >normal(1:0): position sfen 5g5k/12/12/12/12/12/12/12/12/12/12/K4G6 b - 1\n"
        ),
        "{}",
        r.stdout
    );
    let r = game("lishogi");
    assert_eq!(
        r.finished(),
        ["Finished game 1 (normal vs normal): 1/2-1/2 {repetition}"],
        "{}",
        r.stdout
    );
    let _ = std::fs::remove_dir_all(&dir);
}
