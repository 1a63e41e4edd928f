//! Mate problems through the interfaces: problem positions (the attacker
//! without a King) over USI and CECP and in `perft --outcome`, USI's `go
//! mate`, and `kyodai mate FILE` with good, no-mate and bad lines.

mod common;

use common::cecp::Engine as Cecp;
use kyodai::notation::usi::parse_sfen;
use kyodai::variant::{Rules, VariantSet};
use std::io::Write;
use std::process::Command;
use std::sync::mpsc::Receiver;
use std::time::Duration;

/// The first problem of 中将棊絹篩 (tests/problems/chu-tsume.txt): Sente,
/// without a King, mates in 7 plies.
const KINU01: &str = "5ex1+Pc2/6okt3/3s4X2+H/2+D9/3p+v1+Dpt3/12/12/2+a6q2/12/12/12/12 b - 1";
/// A lone Sente Pawn far from Gote's King: no check, no mate.
const NO_MATE: &str = "k11/12/12/12/12/12/12/12/12/12/12/11P b - 1";

const TIMEOUT: Duration = Duration::from_secs(60);

/// kinu01 as Kyodai's FEN.
fn kinu01_fen() -> String {
    let chu = VariantSet::builtin()
        .find_with("chu", Rules::Lishogi)
        .expect("Chu under lishogi's rules");
    parse_sfen(chu, KINU01).expect("reads").position.fen()
}

/// Read lines until one starts with `prefix`; that line.
fn expect(rx: &Receiver<String>, prefix: &str) -> String {
    loop {
        match rx.recv_timeout(TIMEOUT) {
            Ok(l) if l.starts_with(prefix) => return l,
            Ok(_) => {}
            Err(e) => panic!("no '{prefix}' line: {e}"),
        }
    }
}

fn send(stdin: &mut Option<std::process::ChildStdin>, line: &str) {
    let stdin = stdin.as_mut().expect("stdin");
    writeln!(stdin, "{line}").expect("the engine reads");
    stdin.flush().expect("flush");
}

#[test]
fn usi_plays_a_problem_position_and_answers_go_mate() {
    let (mut child, mut stdin, rx) = common::spawn_engine(&["usi"]);
    send(&mut stdin, "usi");
    expect(&rx, "usiok");
    send(&mut stdin, &format!("position sfen {KINU01}"));
    send(&mut stdin, "go nodes 20000");
    let best = expect(&rx, "bestmove");
    assert_ne!(
        best, "bestmove resign",
        "the attacker without a King plays on"
    );
    send(&mut stdin, "go mate 30000");
    let answer = expect(&rx, "checkmate");
    let moves: Vec<&str> = answer.split_whitespace().skip(1).collect();
    assert_eq!(moves.len(), 7, "{answer}");
    assert_eq!(moves[0], "10d7d", "{answer}");
    send(&mut stdin, &format!("position sfen {NO_MATE}"));
    send(&mut stdin, "go mate infinite");
    assert_eq!(expect(&rx, "checkmate"), "checkmate nomate");
    send(&mut stdin, "quit");
    let _ = child.wait();
}

#[test]
fn usi_go_mate_stops_with_timeout() {
    let (mut child, mut stdin, rx) = common::spawn_engine(&["usi"]);
    send(&mut stdin, "usi");
    expect(&rx, "usiok");
    // kinu03 takes far more than a millisecond.
    send(
        &mut stdin,
        "position sfen 11l/5t2o1+O1/5n1t1s2/3m3k3q/5pP2p2/12/5N3f2/3+L4+b3/6+A5/12/12/12 b - 1",
    );
    send(&mut stdin, "go mate 1");
    assert_eq!(expect(&rx, "checkmate"), "checkmate timeout");
    send(&mut stdin, "quit");
    let _ = child.wait();
}

#[test]
fn cecp_sets_up_a_problem_without_ending_the_game_and_plays() {
    let fen = kinu01_fen();
    let (mut e, _) = Cecp::in_variant("chu");
    let out = e.setboard(&fen);
    assert!(out.is_empty(), "setboard {fen}: {out:?}");
    e.send("sd 2");
    e.send("go");
    let reply = e
        .line_within(TIMEOUT, "the engine's move")
        .expect("an answer to go");
    assert!(reply.starts_with("move "), "{reply}");
    e.quit();
}

#[test]
fn perft_outcome_of_a_problem_position_is_none() {
    let out = Command::new(env!("CARGO_BIN_EXE_kyodai"))
        .args(["perft", "chu", "1", "--outcome", "--fen", &kinu01_fen()])
        .output()
        .expect("runs");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert!(text.lines().any(|l| l == "outcome none"), "{text}");
}

#[test]
fn mate_command_solves_a_file_and_reports_bad_lines() {
    let dir = std::env::temp_dir().join(format!("kyodai-mate-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join("problems.txt");
    let problems = format!(
        "# a comment\n\
         sfen {KINU01} ; kinu01\n\
         \n\
         k11/12/12/12/12/12/12/12/12/12/12/11P w - 0 1 ; lone pawn\n\
         r11/12/12/12/12/12/12/12/12/12/12/R10K w - 0 1 ; no defender royal\n\
         sfen 5ex1+Pc2/6okt3 b - 1 ; malformed\n\
         k11/12/12/12/12/12/12/12/12/12/12/R11 w - 0 1\n"
    );
    std::fs::write(&file, problems).expect("written");
    let path = file.to_str().expect("a UTF-8 path");
    let out = Command::new(env!("CARGO_BIN_EXE_kyodai"))
        .args(["mate", path, "--json", "--nodes", "400000"])
        .args(["--shorten-nodes", "200000"])
        .output()
        .expect("runs");
    let _ = std::fs::remove_dir_all(&dir);
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "bad lines make the status 1");
    let lines: Vec<&str> = stdout.lines().collect();
    // The unreadable line is reported first, then the problems in order.
    assert_eq!(lines.len(), 5, "{stdout}");
    assert!(
        lines[0].starts_with("{\"name\":\"malformed\",\"error\":"),
        "{stdout}"
    );
    // The published line, or another as short (the defender's replies may
    // differ where several resist as long).
    assert!(
        lines[1].starts_with("{\"name\":\"kinu01\",\"verdict\":\"mate\",\"length\":7,"),
        "{stdout}"
    );
    assert!(lines[1].contains(",\"line\":\"10d7d "), "{stdout}");
    assert!(
        lines[2].contains("\"name\":\"lone pawn\",\"verdict\":\"nomate\""),
        "{stdout}"
    );
    assert!(
        lines[3].contains("\"name\":\"no defender royal\",\"error\":"),
        "{stdout}"
    );
    assert!(
        lines[4].contains("\"name\":\"line 7\",\"verdict\":\"mate\",\"length\":0"),
        "{stdout}"
    );
    assert!(stderr.contains("line 6 (malformed)"), "{stderr}");
    assert!(stderr.contains("line 5 (no defender royal)"), "{stderr}");
    // Without --json: a line a problem and the summary.
    std::fs::create_dir_all(&dir).expect("temp dir");
    std::fs::write(
        &file,
        format!("sfen {KINU01} ; kinu01\n{NO_MATE_FEN} ; lone pawn\n{ROOK_TAKES_KING} ; rook\n"),
    )
    .expect("written");
    let out = Command::new(env!("CARGO_BIN_EXE_kyodai"))
        .args(["mate", path, "--time", "30", "--shorten-nodes", "200000"])
        .output()
        .expect("runs");
    let _ = std::fs::remove_dir_all(&dir);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    assert!(stdout.starts_with("kinu01: mate 7 "), "{stdout}");
    assert!(stdout.contains("\nlone pawn: nomate "), "{stdout}");
    assert!(stdout.contains("\nrook: mate 0 minimal "), "{stdout}");
    assert!(stdout.ends_with("solved 2/3\n"), "{stdout}");
}

/// Sente, without a King, takes Gote's King at once.
const ROOK_TAKES_KING: &str = "k11/12/12/12/12/12/12/12/12/12/12/R11 w - 0 1";

/// `NO_MATE` as Kyodai's FEN.
const NO_MATE_FEN: &str = "k11/12/12/12/12/12/12/12/12/12/12/11P w - 0 1";
