//! `kyodai analyse` end to end, on games whose figures are known.

use std::process::{Command, Output};

fn analyse(record: &str, args: &[&str]) -> (Output, String) {
    let dir = std::env::temp_dir().join(format!("kyodai-analyse-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    // One file a call: the tests run at once.
    static CALLS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = CALLS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let file = dir.join(format!("game{n}.pgn"));
    std::fs::write(&file, record).expect("write record");
    let o = Command::new(env!("CARGO_BIN_EXE_kyodai"))
        .arg("analyse")
        .arg(&file)
        .args(args)
        .output()
        .expect("run kyodai");
    let out = String::from_utf8_lossy(&o.stdout).into_owned();
    (o, out)
}

/// Sente can take Gote's only King with its Rook, plays a1a2 instead, and
/// Gote takes Sente's King: a blunder from a won position to a lost one
/// (accuracy 0), then Gote's best move.
const BLUNDER: &str = "[Variant \"chu\"]\n[FEN \"k10r/12/12/12/12/12/12/12/12/12/12/R10K w - 0 1\"]\n\n\
                       1. a1a2 l12l1 0-1\n";

#[test]
fn a_blunder_from_won_to_lost_is_counted_and_explained() {
    let (o, out) = analyse(BLUNDER, &["--depth", "3"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    for tag in [
        "[WhiteAccuracy \"0.0\"]",
        "[WhiteBlunders \"1\"]",
        "[WhiteMistakes \"0\"]",
        "[BlackAccuracy \"100.0\"]",
        "[BlackBlunders \"0\"]",
        "[BlackAverageLoss \"0\"]",
    ] {
        assert!(out.contains(tag), "{tag} missing:\n{out}");
    }
    let out = out.split_whitespace().collect::<Vec<_>>().join(" ");
    // The mover's score after a1a2 is mate against it; the better move
    // takes the King.
    assert!(out.contains("1. a1a2 $4 {-M1/"), "{out}");
    assert!(out.contains("better a1a12+ +M1/"), "{out}");
    // Gote's capture ends the game: a win for its mover.
    assert!(out.contains("l12l1 {+M1/0 0.000s}"), "{out}");
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert!(stderr.contains("positions searched"), "{stderr}");
}

#[test]
fn threads_give_the_same_analysis_and_plies_can_be_chosen() {
    let (_, one) = analyse(BLUNDER, &["--depth", "3", "--threads", "1"]);
    let (_, two) = analyse(BLUNDER, &["--depth", "3", "--threads", "2", "--from", "1"]);
    let strip = |t: &str| {
        t.split_whitespace()
            .filter(|w| !w.ends_with("s}"))
            .collect::<Vec<_>>()
            .join(" ")
    };
    assert_eq!(strip(&one), strip(&two));
    let (_, later) = analyse(BLUNDER, &["--depth", "3", "--from", "2"]);
    assert!(later.contains("[WhiteBlunders \"0\"]"), "{later}");
    assert!(later.contains("1. a1a2 l12l1"), "{later}");
}

#[test]
fn a_broken_record_keeps_what_came_before_and_fails_with_the_place() {
    let text = format!("{BLUNDER}\n[Variant \"chu\"]\n\n1. h4h5 h9h8 2. a1a9 *\n");
    let (o, out) = analyse(&text, &["--depth", "1"]);
    assert!(!o.status.success());
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert!(stderr.contains("game 2, ply 3 ('a1a9')"), "{stderr}");
    // Both games are written, the second up to its bad move.
    assert_eq!(out.matches("[Variant \"chu\"]").count(), 2, "{out}");
    assert!(out.contains("1. h4h5 {"), "{out}");
}
