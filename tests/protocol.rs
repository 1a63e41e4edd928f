//! CECP (XBoard protocol v2) integration tests: spawn the engine binary,
//! talk to it over stdin/stdout and check what it answers.
//!
//! Every read has a deadline (a reader thread feeds a channel that is read
//! with `recv_timeout`), so a hung engine fails a test instead of hanging it.
//! `ping N` / `pong N` is the synchronisation barrier: `Engine::sync` sends a
//! ping and returns everything the engine printed before the matching pong.

//!
//! The driver (`Engine`) is `common::cecp`'s; `Protocol` adds what only
//! these tests need.

mod common;

use common::cecp::{Engine, table_tokens};
use std::time::{Duration, Instant};

/// Chu start position as XBoard writes it.
const START_FEN: &str = "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL w - 0 1";

/// Board field only: Sente Lion f6, Gote Pawns f7 and f8, Sente King a1,
/// Gote King l12. The Lion can double-capture with `f6f7,f7f8`.
const LION_BOARD: &str = "11k/12/12/12/5p6/5p6/5N6/12/12/12/12/K11";

/// A Sente Lion alone on f6 (kings on a1 and l12): it can pass.
const LONE_LION_BOARD: &str = "11k/12/12/12/12/12/5N6/12/12/12/12/K11";

/// Sente Rook a2 sees the Gote King a12 up the a-file; Sente King l1.
const ROOK_TAKES_KING_FEN: &str = "k11/12/12/12/12/12/12/12/12/12/R11/11K w - 0 1";

/// Gote Rook a11 sees the Sente King a1 down the a-file; Gote King l12.
const GOTE_ROOK_TAKES_KING_FEN: &str = "11k/r11/12/12/12/12/12/12/12/12/12/K11 b - 0 1";

/// Kings a1 and c12 plus two Rooks that attack nothing: room to shuffle.
const SHUFFLE_FEN: &str = "2k9/12/12/12/10r1/12/12/11R/12/12/12/K11 w - 0 1";

/// Chu set-ups and checks only the protocol tests use.
trait Protocol: Sized {
    fn force_mode() -> Self;
    fn with_position(fen: &str) -> Self;
    fn rejects(&mut self, line: &str);
    fn rejects_position(&mut self, fen: &str);
    fn wait_move(&self, timeout: Duration) -> (Vec<String>, String);
}

impl Protocol for Engine {
    /// An engine after `new`, `variant chu`, `memory 16`, in force mode.
    fn force_mode() -> Engine {
        let (e, out) = Engine::in_variant("chu");
        assert!(out.is_empty(), "new / variant chu / force: got {out:?}");
        e
    }

    /// A force-mode engine with this position set up.
    fn with_position(fen: &str) -> Engine {
        let mut e = Engine::force_mode();
        e.send(&format!("setboard {fen}"));
        e.expect_silence(&format!("setboard {fen}"));
        e
    }

    /// `line` is answered with exactly one `Error ...` line.
    fn rejects(&mut self, line: &str) {
        self.send(line);
        let out = self.sync();
        assert!(
            out.len() == 1 && out[0].starts_with("Error"),
            "{line:?}: expected one Error line, got {out:?}"
        );
    }

    /// `setboard fen` is answered with exactly one `tellusererror Illegal
    /// position: REASON` line, which XBoard shows to the user.
    fn rejects_position(&mut self, fen: &str) {
        let out = self.setboard(fen);
        let reason = match out.as_slice() {
            [line] => line.strip_prefix("tellusererror Illegal position: "),
            _ => None,
        };
        assert!(
            reason.is_some_and(|r| !r.trim().is_empty()),
            "setboard {fen:?}: expected one 'tellusererror Illegal position: ...' line, got {out:?}"
        );
    }

    /// Wait for a `move X` line (thinking lines before it are returned too).
    fn wait_move(&self, timeout: Duration) -> (Vec<String>, String) {
        let (before, line) = self.wait_for(timeout, "'move' line", |l| l.starts_with("move "));
        let mv = line["move ".len()..].trim().to_string();
        (before, mv)
    }
}

/// The first line among `out` that starts with `prefix`.
fn line_starting<'a>(out: &'a [String], prefix: &str) -> &'a str {
    out.iter()
        .find(|l| l.starts_with(prefix))
        .unwrap_or_else(|| panic!("no '{prefix}' line: {out:?}"))
}

/// The `setup (...)` line among `out`.
fn setup_line(out: &[String]) -> &str {
    line_starting(out, "setup (")
}

/// Thinking output: `depth score time nodes pv...`.
fn is_thinking_line(l: &str) -> bool {
    let f: Vec<&str> = l.split_whitespace().collect();
    f.len() >= 4 && f[..4].iter().all(|x| x.parse::<i64>().is_ok())
}

/// Whether `mv` is legal after `moves` from `fen` (or the start position),
/// judged by a fresh engine in force mode.
fn legal_in_fresh_engine(fen: Option<&str>, moves: &[&str], mv: &str) -> bool {
    let mut e = match fen {
        Some(f) => Engine::with_position(f),
        None => Engine::force_mode(),
    };
    for m in moves {
        e.accepts(m);
    }
    e.send(&format!("usermove {mv}"));
    let out = e.sync();
    e.quit();
    out.is_empty()
}

/// Send `cmd` (`go`, `?`) and wait for the engine's move, which must come
/// within `limit`. Returns the lines before the move and the move.
fn move_within(e: &mut Engine, cmd: &str, limit: Duration) -> (Vec<String>, String) {
    let t = Instant::now();
    e.send(cmd);
    let out = e.wait_move(limit + Duration::from_secs(1));
    assert!(
        t.elapsed() < limit,
        "move after '{cmd}' took {:?}",
        t.elapsed()
    );
    out
}

/// From the Chu start position: `sd DEPTH`, `go`, and the engine answers
/// with a legal move (the engine still plays after whatever came before).
fn plays_a_legal_first_move(e: &mut Engine, depth: u32) {
    plays_a_legal_first_move_in(e, "chu", depth);
}

/// The same from the start position of `variant`.
fn plays_a_legal_first_move_in(e: &mut Engine, variant: &str, depth: u32) {
    e.send(&format!("sd {depth}"));
    e.send("go");
    let (_, mv) = e.wait_move(Duration::from_secs(5));
    let (mut judge, _) = Engine::in_variant(variant);
    judge.accepts(&mv);
    judge.quit();
}

// ---------------------------------------------------------------------------
// Handshake

/// A GUI that reads the answer to `protover 2` only up to `feature done=1`
/// (no `ping`) has every feature by then: `done=0` comes first, every
/// option before `done=1`, and nothing follows it.
#[test]
fn a_gui_waiting_for_done_1_gets_every_feature_before_it() {
    let mut e = Engine::start_with(&[]);
    e.send("xboard");
    e.send("protover 2");
    let (before, _) = e.wait_for(Duration::from_secs(10), "feature done=1", |l| {
        l == "feature done=1"
    });
    let after = e.sync();
    assert_eq!(
        before.first().map(String::as_str),
        Some("feature done=0"),
        "{before:?}"
    );
    assert!(
        before.iter().all(|l| l.starts_with("feature ")),
        "{before:?}"
    );
    assert!(after.is_empty(), "printed after done=1: {after:?}");
    let options: Vec<&String> = before
        .iter()
        .filter(|l| l.starts_with("feature option="))
        .collect();
    for option in ["MultiPV", "Skill level", "Nutty Shogi layout"] {
        assert!(
            options
                .iter()
                .any(|l| l.starts_with(&format!("feature option=\"{option} "))),
            "no option {option} before done=1: {before:?}"
        );
    }
    // The same features as a GUI that waits for a pong sees.
    let (other, full) = Engine::spawn();
    other.quit();
    let full: Vec<&String> = full.iter().filter(|l| *l != "feature done=1").collect();
    assert_eq!(full, before.iter().collect::<Vec<_>>());
    e.quit();
}

#[test]
fn protover_2_announces_features() {
    let (e, out) = Engine::spawn();
    assert_eq!(
        out.first().map(String::as_str),
        Some("feature done=0"),
        "the answer to protover 2 must start with done=0: {out:?}"
    );
    let features: Vec<&String> = out.iter().filter(|l| l.starts_with("feature ")).collect();
    assert!(
        features.last().is_some_and(|l| l.contains("done=1")),
        "the last feature line must carry done=1: {out:?}"
    );
    let f = features
        .iter()
        .find(|l| l.contains("variants="))
        .unwrap_or_else(|| panic!("no variants feature in {out:?}"));
    for item in [
        "ping=1",
        "setboard=1",
        "usermove=1",
        "memory=1",
        "smp=1",
        "analyze=1",
        "exclude=1",
        "draw=1",
        "highlight=1",
        "myname=\"",
    ] {
        assert!(f.contains(item), "feature line lacks {item}: {f}");
    }
    let variants = f
        .split("variants=\"")
        .nth(1)
        .and_then(|rest| rest.split('"').next())
        .unwrap_or_else(|| panic!("no variants=\"...\" in {f}"));
    assert!(
        variants.split(',').any(|v| v.trim() == "chu"),
        "variants list {variants:?} lacks chu"
    );
    assert!(
        out.iter().all(|l| l.starts_with("feature ")),
        "unexpected handshake output: {out:?}"
    );
    e.quit();
}

#[test]
fn help_lists_the_commands_as_comment_lines() {
    let (mut e, _) = Engine::spawn();
    e.send("help");
    let out = e.sync();
    assert!(
        out.len() >= 3 && out.iter().all(|l| l.starts_with('#')),
        "{out:?}"
    );
    let text = out.join("\n");
    for word in [
        "new", "variant", "usermove", "go", "force", "analyze", "quit", "chu",
    ] {
        assert!(text.contains(word), "help does not mention {word}: {out:?}");
    }
    e.quit();
}

/// Run the engine with `input` on stdin, through `script` (a pseudo
/// terminal) or not, and return its stdout and stderr; `None` if `script`
/// cannot run it here.
fn run_with_input(input: &str, at_terminal: bool) -> Option<(String, String)> {
    use std::process::{Command, Stdio};
    let bin = env!("CARGO_BIN_EXE_kyodai");
    let err_path = std::env::temp_dir().join(format!("kyodai-stderr-{}.txt", std::process::id()));
    let mut cmd = if at_terminal {
        let shell = format!("'{bin}' 2>'{}'", err_path.display());
        let mut c = Command::new("script");
        c.args(["-qec", &shell, "/dev/null"]).stderr(Stdio::null());
        c
    } else {
        let mut c = Command::new(bin);
        c.stderr(Stdio::piped());
        c
    };
    let mut child = cmd
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .ok()?;
    let mut stdin = child.stdin.take()?;
    std::io::Write::write_all(&mut stdin, input.as_bytes()).ok()?;
    drop(stdin);
    let deadline = Instant::now() + Duration::from_secs(10);
    while child.try_wait().ok()?.is_none() {
        if Instant::now() > deadline {
            let _ = child.kill();
            panic!("the engine did not quit");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let out = child.wait_with_output().ok()?;
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    let stderr = if at_terminal {
        // No file: the shell never ran under `script`.
        let text = std::fs::read_to_string(&err_path).ok()?;
        let _ = std::fs::remove_file(&err_path);
        text
    } else {
        String::from_utf8_lossy(&out.stderr).into_owned()
    };
    Some((stdout, stderr))
}

#[test]
fn a_person_at_a_terminal_is_told_on_stderr_what_the_engine_is() {
    // Started by a GUI (stdin a pipe): not a word beyond the protocol.
    let (stdout, stderr) = run_with_input("quit\n", false).expect("run the engine");
    assert!(
        stdout.is_empty() && stderr.is_empty(),
        "{stdout:?} {stderr:?}"
    );
    let Some((stdout, stderr)) = run_with_input("quit\n", true) else {
        eprintln!("no `script` to give the engine a terminal: notice not checked");
        return;
    };
    assert_eq!(stderr.lines().count(), 1, "{stderr:?}");
    for word in ["CECP", "xboard -fcp kyodai", "help", "quit"] {
        assert!(stderr.contains(word), "notice without {word:?}: {stderr:?}");
    }
    // The terminal echoes the input; stdout carries nothing else.
    assert_eq!(stdout.trim(), "quit", "{stdout:?}");
}

// ---------------------------------------------------------------------------
// Playing

#[test]
fn bad_limits_are_refused_and_the_engine_still_moves_on_go() {
    let mut e = Engine::force_mode();
    e.send("st 1");
    for bad in [
        "sd 0",
        "sd 91",
        "sd x",
        "st -1",
        "st nan",
        "level 40 x 0",
        "level 1 2",
        "time x",
    ] {
        e.send(bad);
        let out = e.sync();
        assert!(
            out.len() == 1 && out[0].starts_with("Error"),
            "{bad}: {out:?}"
        );
    }
    let (_, mv) = move_within(&mut e, "go", Duration::from_secs(4));
    assert!(legal_in_fresh_engine(None, &[], &mv), "engine move {mv}");
    e.quit();
}

#[test]
fn force_mode_usermoves_are_silent_and_go_plays_a_legal_move() {
    let mut e = Engine::force_mode();
    e.send("st 1");
    e.accepts("f4f5");
    e.accepts("f9f8");
    e.accepts("g4g5");
    let (before, mv) = move_within(&mut e, "go", Duration::from_secs(4));
    assert!(
        before.is_empty(),
        "unexpected output before move: {before:?}"
    );
    assert!(
        legal_in_fresh_engine(None, &["f4f5", "f9f8", "g4g5"], &mv),
        "engine move {mv} is not legal"
    );
    // The engine plays Gote now: a Sente move makes it answer again.
    e.send("usermove a4a5");
    let (before, mv2) = e.wait_move(Duration::from_secs(5));
    assert!(
        before.is_empty(),
        "unexpected output before move: {before:?}"
    );
    assert!(
        legal_in_fresh_engine(None, &["f4f5", "f9f8", "g4g5", &mv, "a4a5"], &mv2),
        "engine move {mv2} is not legal"
    );
    e.quit();
}

#[test]
fn playother_with_sd_2_answers_the_user_move() {
    let (mut e, _) = Engine::spawn();
    e.send("memory 16");
    e.send("new");
    e.send("variant chu");
    e.send("sd 2");
    e.send("playother");
    // Sente is to move and the engine plays Gote: it must not move yet.
    e.expect_silence("new / variant chu / sd 2 / playother");
    e.send("usermove h4h5");
    let (before, mv) = e.wait_move(Duration::from_secs(5));
    assert!(
        before.is_empty(),
        "unexpected output before move: {before:?}"
    );
    assert!(
        legal_in_fresh_engine(None, &["h4h5"], &mv),
        "engine move {mv} is not legal"
    );
    // The game goes on.
    e.send("usermove c4c5");
    let (_, mv2) = e.wait_move(Duration::from_secs(5));
    assert!(
        legal_in_fresh_engine(None, &["h4h5", &mv, "c4c5"], &mv2),
        "engine move {mv2} is not legal"
    );
    e.quit();
}

#[test]
fn level_time_otim_give_a_quick_move() {
    let (mut e, _) = Engine::spawn();
    e.send("memory 16");
    e.send("new");
    e.send("variant chu");
    e.send("level 0 0:10 0.1");
    e.send("time 1000");
    e.send("otim 1000");
    e.expect_silence("level / time / otim");
    let (_, mv) = move_within(&mut e, "go", Duration::from_secs(3));
    assert!(
        legal_in_fresh_engine(None, &[], &mv),
        "engine move {mv} is not legal"
    );
    e.send("time 990");
    e.send("otim 990");
    e.send("usermove b9b8");
    // Sente (the engine) moved, then Gote replied; now the engine again.
    let (_, mv2) = e.wait_move(Duration::from_secs(5));
    assert!(
        legal_in_fresh_engine(None, &[&mv, "b9b8"], &mv2),
        "engine move {mv2} is not legal"
    );
    e.quit();
}

#[test]
fn post_prints_thinking_and_nopost_does_not() {
    let mut e = Engine::force_mode();
    e.send("sd 3");
    e.send("post");
    e.send("go");
    let (thinking, mv) = e.wait_move(Duration::from_secs(10));
    assert!(!thinking.is_empty(), "post: no thinking output");
    let mut last_depth = 0;
    for l in &thinking {
        assert!(is_thinking_line(l), "not a thinking line: {l:?}");
        let f: Vec<&str> = l.split_whitespace().collect();
        let depth: i64 = f[0].parse().unwrap();
        assert!(depth >= last_depth, "depths out of order: {thinking:?}");
        last_depth = depth;
        assert!(f.len() >= 5, "thinking line without a PV: {l:?}");
    }
    assert_eq!(last_depth, 3, "sd 3 should end at depth 3: {thinking:?}");
    let last = thinking.last().unwrap();
    assert_eq!(
        last.split_whitespace().nth(4),
        Some(mv.as_str()),
        "final PV {last:?} does not start with the move played ({mv})"
    );

    // The engine plays Sente; switch thinking off and let it move again.
    e.send("nopost");
    e.send("usermove b9b8");
    let (thinking, _) = e.wait_move(Duration::from_secs(10));
    assert!(thinking.is_empty(), "nopost: got {thinking:?}");
    e.quit();
}

#[test]
fn move_now_interrupts_a_long_search() {
    let mut e = Engine::force_mode();
    e.send("st 100");
    e.send("post");
    e.send("go");
    // Wait until the search is really running, then ask for the move.
    e.wait_for(Duration::from_secs(5), "thinking line", is_thinking_line);
    let (_, mv) = move_within(&mut e, "?", Duration::from_secs(2));
    assert!(
        legal_in_fresh_engine(None, &[], &mv),
        "engine move {mv} is not legal"
    );
    let out = e.sync();
    assert!(
        out.iter().all(|l| is_thinking_line(l)),
        "unexpected output after the move: {out:?}"
    );
    e.quit();
}

#[test]
fn quit_and_result_stop_a_running_search() {
    // `result` abandons the search: no move, and the engine answers ping.
    let mut e = Engine::force_mode();
    e.send("st 100");
    e.send("post");
    e.send("go");
    e.wait_for(Duration::from_secs(5), "thinking line", is_thinking_line);
    e.send("result 0-1 {Sente resigns}");
    let out = e.sync_within(Duration::from_secs(3));
    assert!(
        out.iter().all(|l| is_thinking_line(l)),
        "a move or other output after 'result': {out:?}"
    );
    e.quit();

    // `quit` during a search ends the process promptly.
    let mut e = Engine::force_mode();
    e.send("st 100");
    e.send("post");
    e.send("go");
    e.wait_for(Duration::from_secs(5), "thinking line", is_thinking_line);
    e.quit();
}

#[test]
fn ping_is_answered_after_everything_before_it() {
    let mut e = Engine::force_mode();
    e.send("usermove f4f5");
    e.send("usermove zz99");
    e.send("hello");
    let out = e.sync();
    assert_eq!(out.len(), 2, "{out:?}");
    assert!(out[0].starts_with("Illegal move") && out[0].ends_with("zz99"));
    assert!(out[1].starts_with("Error"), "{out:?}");

    // A search started before the ping finishes before the pong.
    e.send("sd 2");
    e.send("go");
    let out = e.sync();
    assert_eq!(out.len(), 1, "{out:?}");
    assert!(out[0].starts_with("move "), "{out:?}");

    // Several pings are answered in order.
    e.send("ping 1");
    e.send("ping 2");
    e.send("ping 3");
    let out = e.sync();
    assert_eq!(out, ["pong 1", "pong 2", "pong 3"]);
    e.quit();
}

#[test]
fn memory_command_is_silent_and_engine_still_plays() {
    let mut e = Engine::force_mode();
    e.send("memory 16");
    e.send("memory 1");
    e.send("memory 32");
    e.expect_silence("memory");
    plays_a_legal_first_move(&mut e, 2);
    e.quit();
}

#[test]
fn result_ends_the_game_until_new() {
    let mut e = Engine::force_mode();
    e.accepts("f4f5");
    e.send("result 1-0 {x}");
    e.expect_silence("result");
    e.refuses("f9f8");
    e.send("new");
    e.send("variant chu");
    e.send("force");
    e.expect_silence("new");
    e.accepts("f4f5");
    e.accepts("f9f8");
    e.quit();
}

#[test]
fn undo_and_remove_restore_the_position() {
    let mut e = Engine::force_mode();
    // Nothing to undo yet.
    e.rejects("undo");

    e.accepts("f4f5");
    // `remove` needs two plies: refused, and nothing is taken back.
    e.rejects("remove");
    e.send("undo");
    e.expect_silence("undo");
    // Sente to move again, the Pawn back on f4; replaying is no repetition.
    e.refuses("f5f6");
    e.refuses("f9f8");
    e.accepts("f4f5");
    e.accepts("f9f8");
    e.send("remove");
    e.expect_silence("remove");
    // Both moves taken back.
    e.refuses("f5f6");
    e.accepts("f4f5");
    e.accepts("f9f8");
    e.accepts("f5f6");

    // A setboard position has no history to take back.
    e.send(&format!("setboard {LION_BOARD} w - 0 1"));
    e.rejects("undo");
    e.accepts("f6f7,f7f8");

    // `remove` in a game against the engine: it waits, then plays again.
    e.send("new");
    e.send("variant chu");
    e.send("sd 2");
    e.send("playother");
    e.expect_silence("playother");
    e.send("usermove f4f5");
    let (_, mv) = e.wait_move(Duration::from_secs(5));
    e.send("remove");
    e.expect_silence("remove");
    e.send("usermove g4g5");
    let (_, mv2) = e.wait_move(Duration::from_secs(5));
    assert!(
        legal_in_fresh_engine(None, &["g4g5"], &mv2),
        "after remove the engine played {mv2} (first reply was {mv})"
    );
    e.quit();
}

// ---------------------------------------------------------------------------
// setboard

#[test]
fn setboard_accepts_any_tail() {
    for tail in [" w - 0 1", " w 0 1", " w - - 0 1", " w", ""] {
        let fen = format!("{LION_BOARD}{tail}");
        let mut e = Engine::with_position(&fen);
        e.accepts("f6f7,f7f8");
        e.quit();
    }
    for tail in [" b - 0 1", " b 0 1", " b - - 0 1", " b"] {
        let fen = format!("{LION_BOARD}{tail}");
        let mut e = Engine::with_position(&fen);
        e.refuses("f6f7,f7f8");
        e.accepts("l12k12");
        e.accepts("f6f7,f7f8");
        e.quit();
    }
    // The full start position.
    let mut e = Engine::with_position(START_FEN);
    e.accepts("f4f5");
    e.accepts("f9f8");
    e.quit();
}

#[test]
fn rejected_setboard_keeps_the_old_position() {
    let bad = [
        // rank 1 too long / too short
        "11k/12/12/12/5p6/5p6/5N6/12/12/12/12/K12 w - 0 1".to_string(),
        "11k/12/12/12/5p6/5p6/5N6/12/12/12/12/K10 w - 0 1".to_string(),
        "11k/12/12/12/5p5/5p6/5N6/12/12/12/12/K11 w - 0 1".to_string(),
        // unknown letters
        "11k/12/12/12/5p6/5p6/5N6/12/12/12/12/K10Z w - 0 1".to_string(),
        "11k/12/12/12/5p6/5p6/5N6/12/12/12/12/K10J w - 0 1".to_string(),
        "11k/12/12/12/5p6/5p6/5N6/12/12/12/12/+K11 w - 0 1".to_string(),
        "11k/12/12/12/5p6/5p6/5N6/12/12/12/12/K10* w - 0 1".to_string(),
        "11k/12/12/12/5p6/5p6/5N6/12/12/12/12/K10+ w - 0 1".to_string(),
        // wrong number of ranks
        "11k/12/12/5p6/5p6/5N6/12/12/12/12/K11 w - 0 1".to_string(),
        "11k/12/12/12/12/5p6/5p6/5N6/12/12/12/12/K11 w - 0 1".to_string(),
        "12/12".to_string(),
        // bad side to move
        format!("{LION_BOARD} x - 0 1"),
        format!("{LION_BOARD} - w 0 1"),
        // absurd empty run
        "11k/12/12/12/5p6/5p6/5N6/12/12/12/12/K99999999999999999999999 w".to_string(),
        // nothing at all
        String::new(),
    ];
    let mut e = Engine::force_mode();
    for fen in &bad {
        e.send(&format!("setboard {LION_BOARD} w - 0 1"));
        // Sente Lion f6 -> f5; Gote to move.
        e.send("usermove f6f5");
        e.expect_silence("setboard + f6f5");
        e.rejects_position(fen);
        // Still Gote to move in the old position, Lion on f5.
        e.accepts("l12k12");
        e.accepts("f5f7");
        e.refuses("f7f6");
    }
    e.quit();
}

#[test]
fn bad_setboard_is_told_to_the_user_and_the_game_goes_on() {
    // A game two moves in: the refused position replaces nothing, the
    // moves played can still be taken back.
    let mut e = Engine::force_mode();
    e.accepts("f4f5");
    e.accepts("f9f8");
    e.rejects_position("11k/12/12/12/5p6/5p6/5N6/12/12/12/12/K12 w - 0 1");
    e.rejects_position("no position at all");
    e.refuses("f8f7");
    e.accepts("f5f6");
    e.send("undo");
    e.send("undo");
    e.expect_silence("undo twice");
    e.accepts("f9f8");
    e.quit();
}

// ---------------------------------------------------------------------------
// Multi-leg moves and passes

#[test]
fn lion_double_capture_in_one_line() {
    let mut e = Engine::with_position(&format!("{LION_BOARD} w - 0 1"));
    e.accepts("f6f7,f7f8");
    // Gote to move: both Pawns are gone and the Lion stands on f8.
    e.refuses("f7f6");
    e.refuses("f8f7");
    e.accepts("l12k12");
    e.accepts("f8f9");
    e.quit();
}

#[test]
fn lion_double_capture_with_legs_on_two_lines() {
    let mut e = Engine::with_position(&format!("{LION_BOARD} w - 0 1"));
    e.send("usermove f6f7,");
    e.expect_silence("first leg");
    e.accepts("f7f8");
    e.refuses("f7f6");
    e.refuses("f8f7");
    e.accepts("l12k12");
    e.accepts("f8f9");
    e.quit();
}

#[test]
fn lion_hit_and_run_and_igui() {
    // Hit and run: take f7, land on e8; the f8 Pawn survives.
    let mut e = Engine::with_position(&format!("{LION_BOARD} w - 0 1"));
    e.accepts("f6f7,f7e8");
    e.accepts("f8f7");
    e.accepts("e8f8");
    e.quit();

    // Igui: take f7 without moving.
    let mut e = Engine::with_position(&format!("{LION_BOARD} w - 0 1"));
    e.accepts("f6f7,f7f6");
    e.accepts("f8f7");
    e.accepts("f6f7");
    e.quit();
}

#[test]
fn engine_sends_a_double_capture_as_one_line() {
    // Gote Rook f7 and Free King f8 in front of the Sente Lion f6: taking
    // both is by far the best move.
    let fen = "11k/12/12/12/5q6/5r6/5N6/12/12/12/12/K11 w - 0 1";
    let mut e = Engine::with_position(fen);
    e.send("sd 3");
    e.send("go");
    let out = e.sync();
    assert_eq!(out, ["move f6f7,f7f8"]);
    e.quit();
    assert!(legal_in_fresh_engine(Some(fen), &[], "f6f7,f7f8"));
}

#[test]
fn lion_passes_in_all_notations() {
    let mut e = Engine::with_position(&format!("{LONE_LION_BOARD} w - 0 1"));
    e.accepts("@@@@");
    e.accepts("l12k12");
    e.accepts("f6f6");
    e.accepts("k12k11");
    // Out and back over an empty square is a pass too.
    e.accepts("f6f7,f7f6");
    e.accepts("k11k10");
    // The Lion never left f6.
    e.accepts("f6f8");
    // Gote has no piece that can pass.
    e.refuses("@@@@");
    e.quit();
}

// ---------------------------------------------------------------------------
// Bad input

#[test]
fn garbage_gets_one_error_line_and_changes_nothing() {
    let long_word = "x".repeat(100_000);
    let long_move = format!("usermove {}", "a1".repeat(50_000));
    let garbage: Vec<String> = [
        "hello",
        "usermove",
        "usermove zz99",
        "usermove a1a1a1",
        "usermove m1m2",
        "usermove a13a14",
        "usermove f4f5++",
        "\u{1}\u{2}\u{7f}junk\u{0}\u{1b}[0m",
        "\u{0}",
        "\u{fffd}\u{1f600} ünïcödé",
        "level x y z",
        "level 40 5",
        "st -1",
        "st abc",
        "st 0",
        "sd abc",
        "sd 0",
        "sd -3",
        "memory -5",
        "memory abc",
        "time abc",
        "otim abc",
        "variant nosuch",
        // wrong notations
        "usermove 7g7f",
        "usermove P-7f",
        "usermove f4f5x",
        // illegal moves (Gote is to move)
        "usermove g4g5",
        "usermove f9f7",
        "usermove f8f7",
    ]
    .iter()
    .map(|s| s.to_string())
    .chain([long_word, long_move])
    .collect();

    let mut e = Engine::force_mode();
    e.accepts("f4f5");
    for g in &garbage {
        e.send(g);
        let out = e.sync();
        let shown: String = g.chars().take(40).collect();
        assert!(
            out.len() == 1 && (out[0].starts_with("Error") || out[0].starts_with("Illegal move")),
            "{shown:?}: expected one Error/Illegal move line, got {:?}",
            out.iter()
                .map(|l| l.chars().take(80).collect::<String>())
                .collect::<Vec<_>>()
        );
        if let Some(mv) = g.strip_prefix("usermove ") {
            assert!(
                out[0].starts_with("Illegal move") && out[0].ends_with(mv),
                "{shown:?}: the Illegal move line should echo the move"
            );
        }
    }
    // `ping` without a number: an error, or an (empty) pong; never a crash.
    e.send("ping");
    let out = e.sync();
    assert!(
        out.len() == 1 && (out[0].starts_with("Error") || out[0].starts_with("pong")),
        "bare ping: {out:?}"
    );

    // The game is where it was: Gote to move after f4f5.
    e.accepts("f9f8");
    e.accepts("f5f6");
    // ... and the engine still plays in force mode's old settings.
    e.send("sd 2");
    e.send("go");
    let (_, mv) = e.wait_move(Duration::from_secs(5));
    assert!(
        legal_in_fresh_engine(None, &["f4f5", "f9f8", "f5f6"], &mv),
        "engine move {mv} not legal"
    );
    e.quit();
}

#[test]
fn invalid_utf8_input_does_not_kill_the_engine() {
    let mut e = Engine::force_mode();
    e.accepts("f4f5");
    e.send_bytes(b"abc \xff\xfe\x80 def\n");
    let out = e.sync();
    assert!(
        out.len() == 1 && out[0].starts_with("Error"),
        "non-UTF-8 line: expected one Error line, got {out:?}"
    );
    e.send_bytes(b"usermove f9\xc3\x28f8\n");
    let out = e.sync();
    assert!(
        out.len() == 1 && (out[0].starts_with("Error") || out[0].starts_with("Illegal move")),
        "non-UTF-8 move: expected one Error/Illegal move line, got {out:?}"
    );
    e.accepts("f9f8");
    e.quit();
}

#[test]
fn extreme_numbers_are_harmless() {
    let mut e = Engine::force_mode();
    // Out of range or not numbers at all: one Error line each.
    for bad in [
        "sd 4294967296",
        "sd 99999999999999999999999",
        "st 1e309",
        "st NaN",
        "st inf",
        "memory 99999999999999999999999",
        "time 99999999999999999999999",
        "level 0 1:99999999999999999999999 0",
        "level 0 1e309 0",
    ] {
        e.rejects(bad);
    }
    // Valid numbers at the edge of their type: accepted (or refused with an
    // Error line), never a crash.
    for edge in [
        "time 9223372036854775807",
        "otim 9223372036854775807",
        "time -9223372036854775808",
        "time 922337203685477580",
        "sd 4294967295",
        "level 4294967295 0 0",
        "level 0 99999999999999999999999 0",
        "level 0 18446744073709551615:59 0",
        "level 0 0:18446744073709551615 0",
    ] {
        e.send(edge);
        let out = e.sync();
        assert!(
            out.is_empty() || (out.len() == 1 && out[0].starts_with("Error")),
            "{edge}: {out:?}"
        );
    }
    // The engine still plays.
    e.send("time 6000");
    e.send("level 0 1 0");
    plays_a_legal_first_move(&mut e, 1);
    e.quit();
}

#[test]
fn absurd_depth_memory_and_cores_are_refused_and_change_nothing() {
    let mut e = Engine::force_mode();
    e.send("sd 2");
    e.expect_silence("sd 2");
    for bad in [
        "sd 99999999999",
        "sd 4294967296",
        "sd 4294967295",
        "sd 91",
        "memory 99999999999",
        "memory 65537",
        "memory 18446744073709551615",
        "memory 0",
        "cores 99999999999",
        "cores 18446744073709551616",
        "cores 65",
        "cores 0",
    ] {
        e.send(bad);
        let out = e.sync();
        assert!(
            out.len() == 1 && out[0].starts_with("Error"),
            "{bad}: expected one Error line, got {out:?}"
        );
        // The bound is named, and the size was never tried.
        if bad.starts_with("memory") {
            assert!(out[0].contains("65536"), "{bad}: {out:?}");
        }
    }
    // The largest depth is taken.
    e.send("sd 90");
    e.expect_silence("sd 90");
    e.send("sd 2");
    // `sd 2` still holds: the search ends at depth 2.
    e.send("post");
    e.send("go");
    let (thinking, mv) = e.wait_move(Duration::from_secs(10));
    let depths: Vec<u32> = thinking
        .iter()
        .filter(|l| is_thinking_line(l))
        .filter_map(|l| l.split_whitespace().next()?.parse().ok())
        .collect();
    assert_eq!(depths.last(), Some(&2), "{thinking:?}");
    assert!(legal_in_fresh_engine(None, &[], &mv), "{mv}");
    e.quit();
}

#[test]
fn illegal_move_is_echoed_and_leaves_the_game_alone() {
    let mut e = Engine::force_mode();
    e.refuses("f4f6");
    e.refuses("f9f8");
    e.refuses("f3f4");
    e.accepts("f4f5");
    e.refuses("f5f6");
    e.accepts("f9f8");
    e.quit();
}

// ---------------------------------------------------------------------------
// End of game

#[test]
fn capturing_the_last_king_is_claimed() {
    let mut e = Engine::with_position(ROOK_TAKES_KING_FEN);
    e.send("usermove a2a12");
    let out = e.sync();
    assert!(
        out.len() == 1 && out[0].starts_with("1-0 {") && out[0].ends_with('}'),
        "expected '1-0 {{...}}', got {out:?}"
    );
    e.refuses("l1k1");
    // `undo` reopens the game; the capture can be played (and claimed) again.
    e.send("undo");
    e.expect_silence("undo after the result");
    e.send("usermove a2a12");
    let out = e.sync();
    assert!(
        out.len() == 1 && out[0].starts_with("1-0 {"),
        "after undo: expected '1-0 {{...}}' again, got {out:?}"
    );
    e.quit();

    let mut e = Engine::with_position(GOTE_ROOK_TAKES_KING_FEN);
    e.send("usermove a11a1");
    let out = e.sync();
    assert!(
        out.len() == 1 && out[0].starts_with("0-1 {") && out[0].ends_with('}'),
        "expected '0-1 {{...}}', got {out:?}"
    );
    e.refuses("l12k12");
    e.quit();
}

#[test]
fn result_comments_name_sente_and_gote() {
    let mut e = Engine::with_position(ROOK_TAKES_KING_FEN);
    assert_eq!(e.usermove("a2a12"), ["1-0 {Gote lost its last royal}"]);
    e.quit();
    let mut e = Engine::with_position(GOTE_ROOK_TAKES_KING_FEN);
    assert_eq!(e.usermove("a11a1"), ["0-1 {Sente lost its last royal}"]);
    e.quit();
}

/// Under `option Rules=lishogi` the CECP adapter claims lishogi's endings:
/// the bare king, set before the game's first move; a game under way keeps
/// the rules it began with.
#[test]
fn lishogi_rules_over_cecp_claim_the_bare_king() {
    // Sente: King a1, Rook a7; Gote: King l12, Gold a10.
    let fen = "11k/12/g11/12/12/R11/12/12/12/12/12/K11 w - 0 1";
    let mut e = Engine::force_mode();
    e.send("option Rules=lishogi");
    e.send(&format!("setboard {fen}"));
    e.expect_silence("option, setboard");
    assert_eq!(e.usermove("a7a10"), ["1-0 {Gote has a bare king}"]);
    e.quit();
    // Under Kyodai's own rules the game goes on.
    let mut e = Engine::with_position(fen);
    assert_eq!(e.usermove("a7a10"), Vec::<String>::new());
    e.quit();
    // Set once a move has been played: from the next game on.
    let mut e = Engine::with_position(fen);
    assert_eq!(e.usermove("a1b1"), Vec::<String>::new());
    e.send("option Rules=lishogi");
    assert_eq!(e.usermove("l12k12"), Vec::<String>::new());
    assert_eq!(e.usermove("a7a10"), Vec::<String>::new());
    e.send("new");
    e.send("force");
    e.send(&format!("setboard {fen}"));
    e.expect_silence("new, force, setboard");
    assert_eq!(e.usermove("a7a10"), ["1-0 {Gote has a bare king}"]);
    e.quit();
}

#[test]
fn engine_takes_the_king_and_claims() {
    let mut e = Engine::with_position(ROOK_TAKES_KING_FEN);
    e.send("sd 2");
    e.send("go");
    let out = e.sync();
    assert_eq!(out.len(), 2, "expected a move and a result, got {out:?}");
    let mv = out[0]
        .strip_prefix("move ")
        .unwrap_or_else(|| panic!("expected a move, got {out:?}"));
    assert!(
        mv == "a2a12" || mv == "a2a12+" || mv == "a2a12=",
        "expected the King capture a2a12, got {mv}"
    );
    assert!(out[1].starts_with("1-0 {"), "expected 1-0, got {out:?}");
    // Nothing more happens; the game is over.
    e.refuses("l12k12");
    e.quit();

    // Same as Gote, with `st 1`.
    let mut e = Engine::with_position(GOTE_ROOK_TAKES_KING_FEN);
    e.send("st 1");
    e.send("go");
    let (_, mv) = e.wait_move(Duration::from_secs(5));
    assert!(
        mv == "a11a1" || mv == "a11a1+" || mv == "a11a1=",
        "expected the King capture a11a1, got {mv}"
    );
    let (_, result) = e.wait_for(Duration::from_secs(2), "result", |_| true);
    assert!(result.starts_with("0-1 {"), "expected 0-1, got {result:?}");
    e.quit();
}

#[test]
fn a_capturable_last_king_is_taken_without_a_search() {
    // From a mouse-entered Suzumu game: Gote's Bishop h13 can take Sente's
    // King h1. A depth-2 search of this position ran for minutes (capture
    // chains of the jumping Generals); the engine takes the King at once.
    let (mut e, _) = Engine::in_variant("suzumu-shogi");
    for mv in "h4h12,h12h13 i13h13 f4n12,n12o13+ h13h3,h3h2 g3h2,h2h3 j13j5,j5j4+ \
               k4b13,b13a14+ g13h13 o13n14,n14m15"
        .split_whitespace()
    {
        e.accepts(mv);
    }
    e.send("sd 3");
    let (_, mv) = move_within(&mut e, "go", Duration::from_secs(30));
    assert!(mv.starts_with("h13h1"), "{mv}");
    let (_, result) = e.wait_for(Duration::from_secs(2), "result", |_| true);
    assert!(result.starts_with("0-1 {"), "{result}");
    e.quit();
}

#[test]
fn setboard_without_a_gote_royal_is_a_sente_win() {
    // Gote has no royal: whoever is to move, Sente has won (chu.md 6.1).
    for side in ["b", "w"] {
        let mut e = Engine::with_position(&format!("12/12/12/12/12/12/12/12/12/12/12/K11 {side}"));
        e.send("sd 2");
        e.send("go");
        let out = e.sync();
        assert!(
            out.iter().any(|l| l.starts_with("1-0")),
            "side {side}: expected a 1-0 claim, got {out:?}"
        );
        assert!(
            !out.iter()
                .any(|l| l.starts_with("0-1") || l.starts_with("1/2-1/2")),
            "side {side}: wrong result claimed: {out:?}"
        );
        e.quit();
    }
}

#[test]
fn repeating_a_position_is_illegal() {
    let mut e = Engine::with_position(SHUFFLE_FEN);
    e.accepts("a1a2");
    e.accepts("c12d12");
    e.accepts("a2a1");
    // This would recreate the starting position with Sente to move.
    e.refuses("d12c12");
    // Gote deviates and the game goes on.
    e.accepts("d12d11");
    e.accepts("l5l6");
    e.accepts("k8k7");
    e.accepts("l6l5");
    // Gote's Rook back to k8 would repeat the position after d12d11.
    e.refuses("k7k8");
    e.accepts("k7k6");
    e.quit();
}

// ---------------------------------------------------------------------------
// Variants XBoard does not know: setup and piece lines, other rules

/// The variants the engine teaches XBoard with `setup`, with board size and
/// the number of piece types with a `piece` line: all of them but the
/// Macadamia Emperor, whose moves XBetza cannot write.
const ENGINE_DEFINED: [(&str, &str, usize); 7] = [
    ("dai", "15x15", 55),
    ("cashew-shogi", "13x13", 44),
    ("macadamia-shogi", "13x13", 38),
    ("nutty-shogi", "13x13", 47),
    ("suzumu-shogi", "16x16", 66),
    ("wa-shogi", "11x11", 31),
    ("tenjiku", "16x16", 66),
];

#[test]
fn hachus_variant_names_are_announced() {
    let (e, out) = Engine::spawn();
    let f = out
        .iter()
        .find(|l| l.starts_with("feature ") && l.contains("variants="))
        .expect("feature line with the variants");
    for (name, _, _) in ENGINE_DEFINED {
        assert!(
            f.contains(&format!(",{name}")) || f.contains(&format!("\"{name}")),
            "{name} missing from {f}"
        );
    }
    e.quit();
}

#[test]
fn engine_defined_variants_send_setup_and_piece_lines() {
    for (name, size, types) in ENGINE_DEFINED {
        let (mut e, out) = Engine::in_variant(name);
        let setup = setup_line(&out);
        let (table, rest) = setup["setup (".len()..]
            .split_once(") ")
            .unwrap_or_else(|| panic!("{name}: bad setup line {setup}"));
        // 65 tokens a side (64 slots and the King; 66 when slot 64 is
        // used, as in Suzumu), Gote's in lower case, the King last.
        let tokens = table_tokens(table);
        let side = tokens.len() / 2;
        assert!(
            tokens.len().is_multiple_of(2) && (side == 65 || side == 66),
            "{name}: {table}"
        );
        let (white, black) = table.split_at(table.len() / 2);
        assert_eq!(white.to_ascii_lowercase(), black, "{name}");
        assert_eq!(tokens[side - 1], "K", "{name}: the King is last");
        let (geometry, fen) = rest.split_once(' ').expect("geometry and FEN");
        assert_eq!(geometry, format!("{size}+0_chu"), "{name}");
        // Every type has a piece line, every line names a type in the table.
        let pieces: Vec<&String> = out.iter().filter(|l| l.starts_with("piece ")).collect();
        assert_eq!(pieces.len(), types, "{name}: {pieces:?}");
        for p in &pieces {
            let (token, betza) = p["piece ".len()..]
                .split_once("& ")
                .unwrap_or_else(|| panic!("{name}: bad piece line {p}"));
            assert!(!betza.is_empty(), "{name}: {p}");
            let slot_name = match token.strip_prefix('+') {
                Some(base) => format!("^{base}"),
                None => token.to_string(),
            };
            assert!(
                tokens
                    .iter()
                    .any(|t| t == &slot_name || *t == format!("*{token}")),
                "{name}: {token} has no slot"
            );
        }
        // The FEN is the position the engine plays from.
        e.send(&format!("setboard {fen}"));
        e.expect_silence(&format!("{name}: setboard of its own setup FEN"));
        plays_a_legal_first_move_in(&mut e, name, 2);
        e.quit();
    }
}

/// The setup tables that docs/rules/nutty.md 7.1 and suzumu.md 7.1 tested in
/// XBoard 4.9.1 (White's half). Nutty's there has one more empty slot
/// before the King, which XBoard reads the same way (it fills slots in
/// order and takes the last token as the King).
#[test]
fn tenjiku_family_tables_are_the_tested_ones() {
    let tested = [
        (
            "nutty-shogi",
            "PNBRQSGTFLVD'S'HDXOC!W!L!D!.R!B!V!^P^N^B^R^Q^S^G^T^F^L^V^D'^S'^H^D^X^O^C!^W!^L!^R!^B!.................K",
        ),
        (
            "suzumu-shogi",
            "PNBRQSGTFLVD'S'V'HDXOCIE^AAMF!E!L!B!R!C!W!Q'H!V!Q!D!^P^N^B^R^Q^S^G^T^F^L^V^D'^S'^V'^H^D^X^O^C^I^E^M^F!^E!^L!^B!^R!^C!^W!K",
        ),
    ];
    for (name, white) in tested {
        let (e, out) = Engine::in_variant(name);
        let setup = setup_line(&out);
        let expected = format!("setup ({white}{}) ", white.to_ascii_lowercase());
        assert!(setup.starts_with(&expected), "{name}: {setup}");
        e.quit();
    }
}

/// XBoard 4.9.1 relays a Suzumu move from rank 16 as `K@j15`: the origin's
/// file letter, `@`, the destination.
#[test]
fn suzumu_reads_xboards_rank_16_moves() {
    let (mut e, _) = Engine::in_variant("suzumu-shogi");
    e.accepts("a5a6");
    // The Gote Iron General d16 to e15 (the letter in either case).
    e.accepts("d@e15");
    e.accepts("a6a7");
    // d16 is empty now.
    e.refuses("D@d15");
    e.refuses("d16d15");
    e.refuses("Z@a1");
    e.quit();
}

#[test]
fn chu_needs_no_setup() {
    let (e, out) = Engine::in_variant("chu");
    assert!(out.is_empty(), "variant chu printed {out:?}");
    e.quit();
}

#[test]
fn hachus_macadamia_position_is_read() {
    // HaChu's array (Priest and Pirate exchanged on rank 13), board field
    // only, as HaChu's own setup sends it.
    let (mut e, _) = Engine::in_variant("macadamia-shogi");
    e.send("setboard lxcsgi'kj'gscol/1f'1w!1tet1l!1f'1/rr'g'bdh!qc!dbw'l'r/ppppppppppppp/3p'5p'3/13/13/13/3P'5P'3/PPPPPPPPPPPPP/RL'W'BDC!QH!DBG'R'R/1F'1L!1TET1W!1F'1/LOCSGI'KJ'GSCXL");
    e.expect_silence("HaChu's Macadamia FEN");
    e.accepts("j2m5");
    e.quit();
}

#[test]
fn dai_repetition_is_illegal_cashew_quiet_repetition_is_a_draw() {
    let (mut e, _) = Engine::in_variant("dai");
    e.send("setboard 2k12/15/15/15/15/15/15/15/15/15/15/15/15/15/K14 w");
    e.accepts("a1a2");
    e.accepts("c15d15");
    e.accepts("a2a1");
    e.refuses("d15c15");
    e.quit();

    let (mut e, _) = Engine::in_variant("cashew-shogi");
    e.send("setboard 2k10/13/13/13/13/13/13/13/13/13/13/13/K12 w");
    e.accepts("a1a2");
    e.accepts("c13d13");
    e.accepts("a2a1");
    e.send("usermove d13c13");
    let out = e.sync();
    assert_eq!(out, ["1/2-1/2 {repetition}"]);
    e.refuses("a1a2");
    e.quit();
}

#[test]
fn perpetual_check_loses_in_macadamia() {
    // Sente's Castle gives check along rank 13, then rank 12, then 13
    // again: every Sente move of the cycle checks, so Sente loses
    // (docs/rules/macadamia.md 6).
    let (mut e, _) = Engine::in_variant("macadamia-shogi");
    e.send("setboard 12k/13/D12/13/13/13/13/13/13/13/13/13/K12 w");
    e.accepts("a11a13");
    e.accepts("m13m12");
    e.accepts("a13a12");
    e.accepts("m12m13");
    e.send("usermove a12a13");
    let out = e.sync();
    assert_eq!(out.len(), 1, "{out:?}");
    assert!(out[0].starts_with("0-1 {"), "{out:?}");
    e.quit();
}

#[test]
fn hachu_compatibility_option() {
    let (mut e, out) = Engine::spawn();
    assert!(
        out.iter()
            .any(|l| l == "feature option=\"HaChu compatible moves -check 0\""),
        "{out:?}"
    );
    e.send("option HaChu compatible moves=1");
    e.expect_silence("option HaChu compatible moves=1");
    e.rejects("option HaChu compatible moves=2");
    e.rejects("option Nonsense=1");
    e.quit();

    // A Cashew Hook Mover a1 can take a free Queen a5. HaChu 0.21 cannot
    // move hook movers, so with the option the engine leaves it alone.
    let hook_move = |option: bool| {
        let (mut e, _) = Engine::in_variant("cashew-shogi");
        if option {
            e.send("option HaChu compatible moves=1");
        }
        e.send("setboard 12k/13/13/13/13/13/13/13/q12/13/13/13/H!11K w");
        e.send("sd 2");
        e.send("go");
        let (_, mv) = e.wait_move(Duration::from_secs(10));
        e.quit();
        mv
    };
    assert_eq!(hook_move(false), "a1a5");
    let mv = hook_move(true);
    assert!(
        mv.starts_with("m1"),
        "the King moves, not the Hook Mover: {mv}"
    );
}

#[test]
fn moves_xboard_cannot_describe_are_accepted_from_the_gui() {
    // The Macadamia Emperor has no XBetza (no `piece` line): XBoard with
    // legality testing off passes its leaps on, and the engine plays them.
    let (mut e, _) = Engine::in_variant("macadamia-shogi");
    e.send("setboard 12k/13/13/13/13/13/13/13/13/13/13/13/+K5p6 w");
    e.expect_silence("setboard with an Emperor");
    e.accepts("a1l12");
    e.accepts("m13m12");
    // A capture anywhere on the board. Now the lone Gote King can be taken
    // wherever it goes (nothing protects it from the Emperor): the engine,
    // playing Gote, resigns.
    e.accepts("l12g1");
    e.send("sd 2");
    e.send("go");
    let (out, last) = e.wait_for(Duration::from_secs(10), "resign", |l| {
        l == "resign" || l.starts_with("move ")
    });
    assert_eq!(last, "resign", "{out:?}");
    e.quit();
}

#[test]
fn hachu_compatibility_sets_up_hachus_own_macadamia_array() {
    // macadamia.md 2.2 and 8.13: the rules' start has Gote's Priest h13 and
    // Pirate f13; HaChu's array has them the other way round, and HaChu can
    // crash on the rules' one. Under the option the setup is HaChu's.
    let start_of = |option: bool| {
        let (mut e, _) = Engine::spawn();
        if option {
            e.send("option HaChu compatible moves=1");
        }
        e.send("new");
        e.send("variant macadamia-shogi");
        let out = e.sync();
        e.quit();
        let setup = out
            .iter()
            .find(|l| l.starts_with("setup "))
            .expect("setup line")
            .clone();
        setup.split("+0_chu ").nth(1).expect("FEN").to_string()
    };
    assert!(start_of(false).starts_with("lxcsgj'ki'gscol/"));
    assert!(start_of(true).starts_with("lxcsgi'kj'gscol/"));
}

// ---------------------------------------------------------------------------
// Match openings

/// Cashew after 1. f4f5 f10f9 (two quiet Pawn steps), Sente to move.
const CASHEW_OPENING: &str = "lh!f'dh'j'ki'qc'hg!l/t!p'w!+oogngx+xl!k'd!/r've'fst'+nt'sfw'vl'/ppppp1ppppppp/3d'1p3d'3/13/13/13/3D'1P3D'3/PPPPP1PPPPPPP/L'VW'FST'+NT'SFE'VR'/D!K'L!+XXGNGO+OW!P'T!/LG!HC'QI'KJ'H'DF'H!L w - 0 1";

#[test]
fn start_fen_replaces_the_start_position_of_the_variants_it_fits() {
    let (mut e, _) = Engine::spawn_with(&["xboard", "--start-fen", CASHEW_OPENING]);
    e.send("new");
    e.send("variant cashew-shogi");
    let out = e.sync();
    let setup = setup_line(&out);
    assert!(setup.ends_with(CASHEW_OPENING), "{setup}");
    // The engine plays from it: the Pawn on f5 steps on, the one on f4 is
    // gone.
    e.send("force");
    e.accepts("f5f6");
    e.refuses("f4f5");
    // Macadamia's board is the same size but the position does not fit
    // its pieces: its own start position goes out.
    e.send("new");
    e.send("variant macadamia-shogi");
    let out = e.sync();
    let setup = setup_line(&out);
    assert!(!setup.contains(CASHEW_OPENING), "{setup}");
    e.quit();
}

#[test]
fn random_opening_moves_play_legal_varied_moves() {
    let mut seen = std::collections::HashSet::new();
    for _ in 0..6 {
        let (mut e, _) = Engine::spawn();
        e.send("option Random opening moves=1");
        e.send("new");
        e.send("variant dai");
        let out = e.sync();
        assert!(!out.iter().any(|l| l.starts_with("Error")), "{out:?}");
        e.send("st 1");
        let (_, mv) = move_within(&mut e, "go", Duration::from_secs(3));
        e.quit();
        let (mut judge, _) = Engine::in_variant("dai");
        judge.accepts(&mv);
        judge.quit();
        assert_ne!(mv, "@@@@", "a pass is never a varied move");
        seen.insert(mv);
    }
    // Dai's start has many equal moves; six clock-seeded draws are all
    // the same one with a probability far below a test failure's worth.
    assert!(seen.len() > 1, "always {seen:?}");
    let (mut e, _) = Engine::spawn();
    e.send("option Random opening moves=51");
    let out = e.sync();
    assert!(out.iter().any(|l| l.starts_with("Error")), "{out:?}");
    e.quit();
}

#[test]
fn cores_sets_the_search_threads() {
    let (mut e, out) = Engine::spawn();
    assert!(out.iter().any(|l| l.contains("smp=1")), "{out:?}");
    for bad in ["cores 0", "cores x", "cores 65"] {
        e.send(bad);
        let out = e.sync();
        assert!(
            out.len() == 1 && out[0].starts_with("Error"),
            "{bad}: {out:?}"
        );
    }
    e.send("cores 2");
    assert!(e.sync().is_empty());
    e.send("new");
    plays_a_legal_first_move(&mut e, 5);
    e.quit();
}

#[test]
fn hard_ponders_on_the_opponents_time_and_any_input_stops_it() {
    for (mode, ponders) in [("hard", true), ("easy", false)] {
        let mut e = Engine::force_mode();
        e.send(mode);
        e.send("st 1");
        let (_, mv) = move_within(&mut e, "go", Duration::from_secs(3));
        // Now it is the opponent's turn. Pondering uses the CPU (within 10
        // s, however loaded the machine); not pondering leaves it idle for
        // 1.5 s.
        let before = e.cpu_time();
        let waited = Instant::now();
        let limit = Duration::from_millis(if ponders { 10_000 } else { 1_500 });
        let used = loop {
            std::thread::sleep(Duration::from_millis(250));
            let used = e.cpu_time().zip(before).map(|(a, b)| a - b);
            let enough = used.is_none_or(|u| u >= Duration::from_millis(300));
            if (ponders && enough) || waited.elapsed() >= limit {
                break used;
            }
        };
        if let Some(used) = used {
            if ponders {
                assert!(
                    used >= Duration::from_millis(300),
                    "{mode}: only {used:?} of CPU"
                );
            } else {
                assert!(
                    used <= Duration::from_millis(200),
                    "{mode}: {used:?} of CPU"
                );
            }
        }
        // Pondering answers at once and leaves the game as it was.
        let t = Instant::now();
        let out = e.sync();
        assert!(
            t.elapsed() < Duration::from_secs(1),
            "{mode}: ping took {:?}",
            t.elapsed()
        );
        assert!(out.is_empty(), "{out:?}");
        let reply = if mv == "c1d2" { "c12d11" } else { "a9a8" };
        let (_, answer) = move_within(&mut e, &format!("usermove {reply}"), Duration::from_secs(3));
        assert!(
            legal_in_fresh_engine(None, &[&mv, reply], &answer),
            "{mode}: {mv} {reply} {answer}"
        );
        e.quit();
    }
}

// ---------------------------------------------------------------------------
// Analysis, exclude, hint, draw

/// The first move of each thinking line's principal variation.
fn pv_heads(lines: &[String]) -> Vec<String> {
    lines
        .iter()
        .filter(|l| is_thinking_line(l))
        .filter_map(|l| l.split_whitespace().nth(4).map(str::to_string))
        .collect()
}

/// The analysis after the commands sent so far: a `ping` is answered
/// before the analysis restarts, so what the engine printed before its
/// `pong` is dropped; then wait for a thinking line and return all it
/// printed up to the next `pong`.
fn analysis_output(e: &mut Engine) -> Vec<String> {
    let synced = e.sync();
    // Lines after the `pong` come from the search the commands before
    // restarted. But analysis goes on through `ping`, and on a nearly empty
    // board it may reach its deepest depth and finish before the `pong`:
    // then its lines are among those read up to it.
    let mut out = Vec::new();
    let deadline = std::time::Instant::now() + Duration::from_secs(2);
    while let Some(line) = e.line_within(
        deadline.saturating_duration_since(std::time::Instant::now()),
        "analysis",
    ) {
        let thinking = is_thinking_line(&line);
        out.push(line);
        if thinking {
            std::thread::sleep(Duration::from_millis(200));
            out.extend(e.sync());
            return out;
        }
    }
    let mut out: Vec<String> = synced.into_iter().chain(out).collect();
    assert!(
        out.iter().any(|l| is_thinking_line(l)),
        "no thinking line: {out:?}"
    );
    out.extend(e.sync());
    out
}

#[test]
fn analyze_follows_moves_and_undo_until_exit_and_never_moves() {
    let mut e = Engine::force_mode();
    e.send("post");
    e.send("analyze");
    let out = analysis_output(&mut e);
    assert!(out.iter().all(|l| !l.starts_with("move")), "{out:?}");
    // `.` reports time, nodes and depth of the last thinking line.
    e.send(".");
    let out = e.sync();
    let stat = line_starting(&out, "stat01: ");
    assert_eq!(stat.split_whitespace().count(), 6, "{stat}");
    // A move restarts the analysis in the new position: Gote's moves.
    e.send("usermove c1d2");
    let out = analysis_output(&mut e);
    for head in pv_heads(&out) {
        assert!(
            legal_in_fresh_engine(None, &["c1d2"], &head),
            "{head} after c1d2"
        );
    }
    e.send("undo");
    let out = analysis_output(&mut e);
    for head in pv_heads(&out) {
        assert!(
            legal_in_fresh_engine(None, &[], &head),
            "{head} at the start"
        );
    }
    e.send("exit");
    e.sync();
    std::thread::sleep(Duration::from_millis(300));
    let out = e.sync();
    assert!(out.is_empty(), "thinking after exit: {out:?}");
    e.quit();
}

/// Depths of the thinking lines among `lines`.
fn thinking_depths(lines: &[String]) -> Vec<u32> {
    lines
        .iter()
        .filter(|l| is_thinking_line(l))
        .filter_map(|l| l.split_whitespace().next()?.parse().ok())
        .collect()
}

/// The thinking lines of one search that never restarted: depth 1 first,
/// each line deeper than the one before, and deeper than 3 in the end.
fn assert_one_deepening_search(lines: &[String]) {
    let depths = thinking_depths(lines);
    assert!(
        depths.first() == Some(&1)
            && depths.windows(2).all(|w| w[0] < w[1])
            && depths.last().is_some_and(|&d| d > 3),
        "the analysis restarted or did not deepen: depths {depths:?}"
    );
}

#[test]
fn analysis_deepens_while_dot_and_other_commands_are_answered() {
    let mut e = Engine::force_mode();
    e.send("post");
    e.send("analyze");
    // What XBoard sends during an analysis besides `.`: none of it changes
    // the position.
    let beside = [
        "time 6000",
        "otim 6000",
        "hard",
        "easy",
        "computer",
        "name Someone",
        "rating 2000 1800",
        "accepted setboard",
        "rejected reuse",
        "random",
        "nopost",
        "post",
    ];
    let started = Instant::now();
    let mut out = Vec::new();
    let mut dots = 0;
    // `.` every 100 to 200 ms for 3 s.
    while started.elapsed() < Duration::from_secs(3) {
        e.send(".");
        if let Some(cmd) = beside.get(dots) {
            e.send(cmd);
        }
        dots += 1;
        let until = Instant::now() + Duration::from_millis(100 + 50 * (dots % 3) as u64);
        while let Some(line) =
            e.line_within(until.saturating_duration_since(Instant::now()), "analysis")
        {
            out.push(line);
        }
    }
    e.send("exit");
    out.extend(e.sync());
    // Each `.` is answered with its search's time, nodes and depth.
    let stats: Vec<(u64, u64, u32)> = out
        .iter()
        .filter_map(|l| {
            let f: Vec<u64> = l
                .strip_prefix("stat01: ")?
                .split_whitespace()
                .map(|x| x.parse().expect("stat01 numbers"))
                .collect();
            assert_eq!(f.len(), 5, "{l}");
            Some((f[0], f[1], f[2] as u32))
        })
        .collect();
    assert_eq!(stats.len(), dots, "one stat01 per '.': {out:?}");
    assert!(
        stats
            .windows(2)
            .all(|w| w[0].0 <= w[1].0 && w[0].1 <= w[1].1 && w[0].2 <= w[1].2),
        "time, nodes or depth went back: {stats:?}"
    );
    assert!(
        stats[0].1 < stats[dots - 1].1,
        "nodes did not grow: {stats:?}"
    );
    assert!(stats[dots - 1].0 >= 200, "under 2 s of analysis: {stats:?}");
    assert_one_deepening_search(&out);
    assert!(
        out.iter()
            .all(|l| is_thinking_line(l) || l.starts_with("stat01: ")),
        "{out:?}"
    );
    e.quit();
}

#[test]
fn ping_during_analysis_is_answered_at_once_and_the_analysis_goes_on() {
    let mut e = Engine::force_mode();
    e.send("post");
    e.send("analyze");
    let (before, first) = e.wait_for(Duration::from_secs(10), "a thinking line", is_thinking_line);
    let mut out = before;
    out.push(first);
    for _ in 0..10 {
        std::thread::sleep(Duration::from_millis(150));
        let asked = Instant::now();
        out.extend(e.sync());
        assert!(
            asked.elapsed() < Duration::from_secs(1),
            "pong took {:?}",
            asked.elapsed()
        );
    }
    e.send("exit");
    out.extend(e.sync());
    assert!(out.iter().all(|l| is_thinking_line(l)), "{out:?}");
    assert_one_deepening_search(&out);
    e.quit();
}

#[test]
fn excluded_moves_stay_out_of_the_analysis_until_included() {
    // The Rook takes the King at once (a1a12, with or without promotion).
    let mut e = Engine::with_position("k11/12/12/12/12/12/12/12/12/12/12/R4K6 w - 0 1");
    e.send("post");
    e.send("analyze");
    let takes = |heads: &[String]| heads.iter().any(|h| h.starts_with("a1a12"));
    assert!(takes(&pv_heads(&analysis_output(&mut e))));
    e.send("exclude a1a12");
    e.send("exclude a1a12+");
    let out = analysis_output(&mut e);
    assert!(!takes(&pv_heads(&out)), "{out:?}");
    assert!(!pv_heads(&out).is_empty());
    e.send("exclude z9z9");
    let out = e.sync();
    assert!(out.iter().any(|l| l.starts_with("Error")), "{out:?}");
    e.send("include all");
    assert!(takes(&pv_heads(&analysis_output(&mut e))));
    // Excluding every move leaves nothing to analyse.
    e.send("exclude all");
    e.sync();
    std::thread::sleep(Duration::from_millis(300));
    assert!(pv_heads(&e.sync()).is_empty());
    e.send("exit");
    e.quit();
}

#[test]
fn hint_names_a_legal_reply() {
    let mut e = Engine::force_mode();
    e.send("sd 3");
    let (_, mv) = move_within(&mut e, "go", Duration::from_secs(5));
    e.send("hint");
    let out = e.sync();
    let hint = &line_starting(&out, "Hint: ")["Hint: ".len()..];
    assert!(legal_in_fresh_engine(None, &[&mv], hint), "{mv} {hint}");
    e.quit();
}

#[test]
fn draw_offers_are_accepted_only_when_losing() {
    // Sente has a lone King against a King and two Rooks.
    let losing = "k11/r11/1r10/12/12/12/12/12/12/12/12/6K5 w - 0 1";
    for (fen, accepts) in [(losing, true), (START_FEN, false)] {
        let mut e = Engine::with_position(fen);
        e.send("sd 3");
        move_within(&mut e, "go", Duration::from_secs(5));
        e.send("draw");
        let out = e.sync();
        assert_eq!(
            out.iter().any(|l| l == "offer draw"),
            accepts,
            "{fen}: {out:?}"
        );
        e.quit();
    }
}

// ---------------------------------------------------------------------------
// Options: contempt, resign threshold

#[test]
fn contempt_decides_whether_the_engine_takes_a_repetition_draw() {
    // Suzumu draws at the fourth occurrence of a position. After two round
    // trips of both Kings and three more moves, Gote's King stepping back
    // to a16 recreates the start a fourth time.
    let fen = "k15/16/16/16/16/16/16/16/16/16/16/16/16/16/16/K15 w - 0 1";
    let cycle = ["a1b1", "a16b16", "b1a1", "b16a16"];
    for (contempt, draws) in [(-500, true), (500, false)] {
        let (mut e, _) = Engine::in_variant("suzumu-shogi");
        e.send(&format!("option Contempt={contempt}"));
        assert!(e.setboard(fen).is_empty());
        for mv in cycle.iter().cycle().take(11) {
            e.accepts(mv);
        }
        e.send("sd 3");
        let (_, mv) = move_within(&mut e, "go", Duration::from_secs(10));
        assert_eq!(mv == "b16a16", draws, "contempt {contempt}: {mv}");
        e.quit();
    }
}

#[test]
fn resign_threshold_resigns_a_lost_game_after_three_searches() {
    // Sente's lone King against a King and two Rooks.
    let fen = "k11/r11/1r10/12/12/12/12/12/12/12/12/6K5 w - 0 1";
    for (threshold, resigns) in [(300, true), (0, false)] {
        let mut e = Engine::with_position(fen);
        e.send(&format!("option Resign threshold={threshold}"));
        e.send("sd 3");
        let mut out = Vec::new();
        for reply in ["a11a10", "a10a9", "a9a8"] {
            e.send("go");
            let (before, line) = e.wait_for(Duration::from_secs(10), "a move or resign", |l| {
                l.starts_with("move ") || l == "resign"
            });
            out.extend(before);
            out.push(line.clone());
            if line == "resign" {
                break;
            }
            e.send("force");
            e.accepts(reply);
        }
        assert_eq!(
            out.last().map(String::as_str) == Some("resign"),
            resigns,
            "{out:?}"
        );
        // It resigns on the third search, not before.
        assert_eq!(
            out.iter().filter(|l| l.starts_with("move ")).count(),
            if resigns { 2 } else { 3 }
        );
        e.quit();
    }
}

// ---------------------------------------------------------------------------
// Mouse entry: lift, put, hover

/// The `highlight` line the engine answers `cmd` with.
fn highlight_after(e: &mut Engine, cmd: &str) -> String {
    e.send(cmd);
    let out = e.sync();
    assert_eq!(out.len(), 1, "{cmd}: {out:?}");
    line_starting(&out, "highlight ").to_string()
}

#[test]
fn lion_double_capture_is_entered_leg_by_leg() {
    let mut e = Engine::with_fen("chu", "6k5/12/12/12/12/5p6/5N6/12/12/12/12/6K5 w - 0 1");
    // Lifted: the pawn and the empty neighbours go on (cyan, C), the
    // second ring ends the move (yellow, Y).
    assert_eq!(
        highlight_after(&mut e, "lift f6"),
        "highlight 12/12/12/12/3YYYYY4/3YCCCY4/3YC1CY4/3YCCCY4/3YYYYY4/12/12/12"
    );
    // Dropped on the pawn: XBoard sends put, then lift; the second leg may
    // end on any square round it, the origin too (igui), each a capture.
    e.send("put f7");
    e.expect_silence("put f7");
    assert_eq!(
        highlight_after(&mut e, "lift f7"),
        "highlight 12/12/12/12/4RRR5/4R1R5/4RRR5/12/12/12/12/12"
    );
    // Hovering a destination shows the victim in green (lower case: not a
    // square to drop on).
    assert_eq!(
        highlight_after(&mut e, "hover f8"),
        "highlight 12/12/12/12/4RRR5/4RgR5/4RRR5/12/12/12/12/12"
    );
    e.send("put f8");
    e.expect_silence("put f8");
    e.accepts("f6f7,f7f8");
    // The Lion's way out and back through an empty square is a pass.
    e.send("force");
    e.send("undo");
    highlight_after(&mut e, "lift f6");
    e.send("put f5");
    assert_eq!(
        highlight_after(&mut e, "lift f5"),
        "highlight 12/12/12/12/12/12/5Y6/12/4YYY5/12/12/12"
    );
    e.accepts("f6f5,f5f6");
    e.quit();
}

#[test]
fn forced_promotion_square_is_blue_and_put_there_gets_a_choice() {
    // Cashew: a Commoner that captures must promote.
    let mut e = Engine::with_fen(
        "cashew-shogi",
        "6k6/13/13/13/13/13/6p6/6N6/13/13/13/13/6K6 w - 0 1",
    );
    let h = highlight_after(&mut e, "lift g6");
    assert_eq!(
        h,
        "highlight 13/13/13/13/13/13/5YBY5/5Y1Y5/5YYY5/13/13/13/13"
    );
    e.send("put g7");
    assert_eq!(e.sync(), ["choice +"]);
    e.accepts("g6g7+");
    e.quit();
}

/// HaChu's captures without the compulsory `+` are refused by the rules and
/// taken as played, unpromoted, by `HaChu compatible moves`.
#[test]
fn hachu_compatible_moves_take_unpromoted_captures_as_played() {
    let fen = "6k6/13/13/13/13/13/6p6/6N6/13/13/13/13/6K6 w - 0 1";
    let mut e = Engine::with_fen("cashew-shogi", fen);
    assert!(e.refusal("g6g7").contains("this move must promote"));
    e.send("force");
    e.send("option HaChu compatible moves=1");
    e.accepts("g6g7");
    e.accepts("g13f13");
    // The Commoner stands on g7 unpromoted: a Flag's forward slide is not
    // its move.
    assert!(e.refusal("g7g10").contains("not a legal move"));
    e.send("undo");
    e.send("undo");
    e.accepts("g6g7+");
    e.accepts("g13f13");
    e.accepts("g7g10");
    e.quit();
}

#[test]
fn optional_promotion_square_is_magenta() {
    let mut e = Engine::with_fen("chu", "11k/12/12/12/5S6/12/12/12/12/12/12/6K5 w - 0 1");
    let h = highlight_after(&mut e, "lift f8");
    assert_eq!(h, "highlight 12/12/12/4MMM5/12/4Y1Y5/12/12/12/12/12/12");
    e.send("put f9");
    e.expect_silence("put f9");
    e.quit();
}

#[test]
fn hover_shows_a_fire_demons_burn_victims() {
    // Nutty: the Fire Demon on f5 moving to f7 burns the pieces round f7.
    let mut e = Engine::with_fen(
        "nutty-shogi",
        "6k6/13/13/13/5p1p5/13/13/13/5D!7/13/13/13/6K6 w - 0 1",
    );
    let lifted = highlight_after(&mut e, "lift f5");
    assert!(lifted.starts_with("highlight "), "{lifted}");
    let hovered = highlight_after(&mut e, "hover g8");
    // The Demon's destination markers stay; the two Pawns beside g8 show
    // in green.
    let rank9 = hovered
        .trim_start_matches("highlight ")
        .split('/')
        .nth(4)
        .unwrap_or_default()
        .to_string();
    assert_eq!(rank9.matches('g').count(), 2, "{hovered}");
    e.quit();
}

#[test]
fn fen_tells_the_position_with_a_moves_burns() {
    // The Fire Demon's move to g8 burns the Pawns on f9 and h9, which no
    // move string says: the GUI reads the position back.
    let mut e = Engine::with_fen(
        "nutty-shogi",
        "6k6/13/13/13/5p1p5/13/13/13/5D!7/13/13/13/6K6 w - 0 1",
    );
    e.accepts("f5g8");
    e.send("fen");
    let out = e.sync();
    assert_eq!(
        out,
        ["fen 6k6/13/13/13/13/6D!6/13/13/13/13/13/13/6K6 b - 0 1"],
        "{out:?}"
    );
    e.quit();
}

#[test]
fn lifting_a_piece_that_may_not_move_marks_nothing() {
    let mut e = Engine::with_fen("chu", "6k5/12/12/12/12/5p6/5N6/12/12/12/12/6K5 w - 0 1");
    // Gote's pawn, with Sente to move; an empty square.
    for cmd in ["lift f7", "lift a1"] {
        assert_eq!(
            highlight_after(&mut e, cmd),
            "highlight 12/12/12/12/12/12/12/12/12/12/12/12"
        );
    }
    for bad in ["lift", "lift z9", "put f13", "hover 9f"] {
        e.send(bad);
        let out = e.sync();
        assert!(
            out.len() == 1 && out[0].starts_with("Error (bad square)"),
            "{bad}: {out:?}"
        );
    }
    e.quit();
}

// ---------------------------------------------------------------------------
// Options: rule choices

#[test]
fn nutty_layout_option_chooses_the_start_position() {
    let (mut e, out) = Engine::spawn();
    assert!(
        out.iter()
            .any(|l| l == "feature option=\"Nutty Shogi layout -combo *Buffalo d2 /// Chariot d2\""),
        "{out:?}"
    );
    e.send("new");
    e.send("variant nutty-shogi");
    let standard = e.sync();
    assert!(
        setup_line(&standard).contains("/V1OW!1L!D!Q1XC!1V/"),
        "{standard:?}"
    );
    e.send("option Nutty Shogi layout=Chariot d2");
    e.send("new");
    e.send("variant nutty-shogi");
    let other = e.sync();
    assert!(
        setup_line(&other).contains("/V1OC!1L!D!Q1XW!1V/"),
        "{other:?}"
    );
    e.send("option Nutty Shogi layout=Nonsense");
    let out = e.sync();
    assert!(out[0].starts_with("Error (unknown layout)"), "{out:?}");
    e.quit();
}

/// Choosing the rules' own layout is no choice: where HaChu has its own
/// start position, `HaChu compatible moves` still picks it.
#[test]
fn choosing_the_standard_layout_keeps_hachus_start_position() {
    const CHARIOT: &str = "lnfsgtktgsfnl/v1w!x1qd!l!1c!o1v/s'brhdv!r!b!dhrbs'/ppppppppppppp/3d'5d'3/13/13/13/3D'5D'3/PPPPPPPPPPPPP/S'BRHDB!R!V!DHRBS'/V1OC!1L!D!Q1XW!1V/LNFSGTKTGSFNL w";
    let ini = include_str!("../engine.ini").replace(
        "[nutty-shogi]\n",
        &format!("[nutty-shogi]\nhachu-start = {CHARIOT}\n"),
    );
    let path = std::env::temp_dir().join(format!("kyodai-layout-{}.ini", std::process::id()));
    std::fs::write(&path, ini).unwrap();
    let (mut e, _) = Engine::spawn_with(&["--ini", path.to_str().unwrap()]);
    e.send("option HaChu compatible moves=1");
    e.send("option Nutty Shogi layout=Buffalo d2");
    e.send("new");
    e.send("variant nutty-shogi");
    let out = e.sync();
    assert!(setup_line(&out).contains("/V1OC!1L!D!Q1XW!1V/"), "{out:?}");
    e.quit();
    let _ = std::fs::remove_file(path);
}

#[test]
fn okazaki_option_lets_the_engine_counter_strike_an_unprotected_lion() {
    // Gote's Rook c5 takes Sente's Lion f5 (a non-Lion took a Lion). Sente's
    // Rook a10 may then take Gote's Lion f10 only by the Okazaki rule, as
    // nothing guards f10 (the Pawn f7 blocks Gote's Rook). XBoard forbids
    // it, so the engine plays it only with XBoard-safe moves off.
    let fen = "6k5/12/R4n6/12/12/5p6/12/2r2N6/12/12/12/11K b - 0 1";
    for okazaki in [false, true] {
        let (mut e, _) = Engine::in_variant("chu");
        e.send("option XBoard-safe moves=0");
        e.send(&format!("option Okazaki rule={}", u8::from(okazaki)));
        assert!(e.setboard(fen).is_empty());
        e.accepts("c5f5");
        e.send("sd 2");
        let (_, mv) = move_within(&mut e, "go", Duration::from_secs(10));
        assert_eq!(
            mv.starts_with("a10f10"),
            okazaki,
            "Okazaki rule {okazaki}: {mv}"
        );
        e.quit();
    }
    // Accepted from the user either way; not when f10 is guarded (a Silver
    // on e11).
    for (guard, legal) in [("", true), ("s@e11", false)] {
        let (mut e, _) = Engine::in_variant("chu");
        let pieces = format!("k@g12 R@a10 n@f10 p@f7 r@c5 N@f5 K@l1 {guard}");
        let fen = common::fen(common::variant("chu"), &pieces, 'b');
        assert!(e.setboard(&fen).is_empty());
        e.accepts("c5f5");
        if legal {
            e.accepts("a10f10");
        } else {
            e.refuses("a10f10");
        }
        e.quit();
    }
}

#[test]
fn xboard_safe_option_off_allows_moves_xboard_mishandles() {
    // Suzumu: a Rook on rank 16 can take Gote's King; XBoard 4.9.1 takes a
    // move from rank 16 for a drop, so by default the engine plays another.
    let fen = "R6k8/16/16/16/16/16/16/16/16/16/16/16/16/16/16/K15 w - 0 1";
    for safe in [true, false] {
        let (mut e, _) = Engine::in_variant("suzumu-shogi");
        e.send(&format!("option XBoard-safe moves={}", u8::from(safe)));
        assert!(e.setboard(fen).is_empty());
        e.send("sd 2");
        let (_, mv) = move_within(&mut e, "go", Duration::from_secs(10));
        assert_eq!(mv.starts_with("a16h16"), !safe, "XBoard-safe {safe}: {mv}");
        e.quit();
    }
}
