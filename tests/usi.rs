//! USI integration tests: spawn the engine binary, talk to it over
//! stdin/stdout as lishogi's tools and shogi GUIs do (Chu in lishogi's
//! notation: squares `12l` to `1a`, moves `7g7f`, `7g7f+`, `7h7g7f`), and
//! check what it answers.
//!
//! Every read has a deadline (a reader thread feeds a channel that is read
//! with `recv_timeout`), so a hung engine fails a test instead of hanging
//! CI; the child is killed when its driver is dropped. `isready` /
//! `readyok` is the synchronisation barrier: `Usi::sync` sends `isready`
//! and returns everything the engine printed before `readyok`.
//!
//! Legality is judged by the library (`kyodai::notation::usi::parse_usi_move` and
//! `kyodai::game::legal_moves`) on positions the tests build themselves,
//! and where it matters also by feeding the move back to the engine.

mod common;

use common::cecp::Engine as Cecp;
use kyodai::board::Position;
use kyodai::game;
use kyodai::movegen::parse_move;
use kyodai::moves::Move;
use kyodai::notation::usi::{parse_sfen, parse_usi_move};
use kyodai::types::Square;
use kyodai::variant::{Rules, Variant, VariantSet};
use std::io::Write;
use std::process::{Child, ChildStdin, ExitStatus};
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// lishogi's SFEN of the Chu start position (Sente, `b`, to move).
const START_SFEN: &str = "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 1";

/// How long a barrier or a short search may take.
const TIMEOUT: Duration = Duration::from_secs(10);

/// A few legal openings in lishogi notation: Sente's Lion steps out
/// (`7j7h`), Gote's Pawn answers, the Lion goes on through an empty
/// square (`7h7g7f`, one move, two steps), and takes a Pawn and goes back
/// (`7f7e7f`, igui).
const LINE: &[&str] = &["7j7h", "7d7e", "7h7g7f", "5d5e", "7f7e7f"];

// ---------------------------------------------------------------- driver

/// The engine speaking USI, driven over its stdin/stdout.
struct Usi {
    child: Child,
    stdin: Option<ChildStdin>,
    rx: Receiver<String>,
}

/// A finished `go`: what came before `bestmove`, the move, the reply the
/// engine expects (`ponder`), and the time from writing `go` to reading
/// `bestmove`.
struct Search {
    lines: Vec<String>,
    best: String,
    ponder: Option<String>,
    elapsed: Duration,
}

impl Usi {
    /// The binary with these arguments, nothing sent yet.
    fn spawn(args: &[&str]) -> Usi {
        let (child, stdin, rx) = common::spawn_engine(args);
        Usi { child, stdin, rx }
    }

    /// `kyodai usi` after `usi` ... `usiok`.
    fn start() -> Usi {
        let mut e = Usi::spawn(&["usi"]);
        e.send("usi");
        e.expect("usiok", TIMEOUT);
        e
    }

    fn send(&mut self, line: &str) {
        let mut bytes = line.as_bytes().to_vec();
        bytes.push(b'\n');
        self.send_bytes(&bytes);
    }

    /// Write raw bytes; a dead engine shows up as a closed stdout later.
    fn send_bytes(&mut self, bytes: &[u8]) {
        if let Some(stdin) = self.stdin.as_mut() {
            let _ = stdin.write_all(bytes);
            let _ = stdin.flush();
        }
    }

    /// The next line within `timeout` (`None`: none came); panics if the
    /// engine closed its output.
    fn line_within(&self, timeout: Duration, what: &str) -> Option<String> {
        match self.rx.recv_timeout(timeout) {
            Ok(l) => Some(l),
            Err(RecvTimeoutError::Timeout) => None,
            Err(RecvTimeoutError::Disconnected) => {
                panic!("engine exited (stdout closed) while waiting for {what}")
            }
        }
    }

    /// Read until a line starts with `prefix`; the lines before it and the
    /// line. Panics with the lines seen after `timeout`.
    fn expect(&self, prefix: &str, timeout: Duration) -> (Vec<String>, String) {
        let deadline = Instant::now() + timeout;
        let mut seen = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.line_within(left, prefix) {
                Some(l) if l.starts_with(prefix) => return (seen, l),
                Some(l) => seen.push(l),
                None => panic!(
                    "no '{prefix}' within {timeout:?}; output so far: {:?}",
                    shorten(&seen)
                ),
            }
        }
    }

    /// Every line printed during `d` (a search's progress, or the silence
    /// before a `bestmove` that must not come yet).
    fn lines_for(&self, d: Duration) -> Vec<String> {
        let deadline = Instant::now() + d;
        let mut seen = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return seen;
            }
            match self.rx.recv_timeout(left) {
                Ok(l) => seen.push(l),
                Err(RecvTimeoutError::Timeout) => return seen,
                Err(RecvTimeoutError::Disconnected) => {
                    panic!("engine exited (stdout closed); output: {seen:?}")
                }
            }
        }
    }

    /// `isready`: everything printed before `readyok`.
    fn sync(&mut self) -> Vec<String> {
        self.send("isready");
        self.expect("readyok", TIMEOUT).0
    }

    /// `line` is taken in silence.
    fn accepts(&mut self, line: &str) {
        self.send(line);
        let out = self.sync();
        assert!(out.is_empty(), "{line}: expected no output, got {out:?}");
    }

    /// `line` is answered with exactly one `info string error` line (which
    /// is returned), and the engine reads on.
    fn rejects(&mut self, line: &str) -> String {
        self.send(line);
        let out = self.sync();
        assert!(
            out.len() == 1 && out[0].starts_with("info string error"),
            "{}: expected one 'info string error' line, got {:?}",
            shorten_one(line),
            shorten(&out)
        );
        out[0].clone()
    }

    /// Send `go ARGS` and wait up to `timeout` for its `bestmove`.
    fn go(&mut self, args: &str, timeout: Duration) -> Search {
        self.send(&format!("go {args}"));
        let started = Instant::now();
        let (lines, line) = self.expect("bestmove", timeout);
        let elapsed = started.elapsed();
        let (best, ponder) = parse_bestmove(&line);
        Search {
            lines,
            best,
            ponder,
            elapsed,
        }
    }

    /// Wait up to `limit` for the process to exit; its status.
    fn exit_within(&mut self, limit: Duration) -> Option<ExitStatus> {
        let deadline = Instant::now() + limit;
        loop {
            match self.child.try_wait() {
                Ok(Some(status)) => return Some(status),
                Ok(None) if Instant::now() < deadline => {
                    std::thread::sleep(Duration::from_millis(5))
                }
                _ => return None,
            }
        }
    }
}

impl Drop for Usi {
    fn drop(&mut self) {
        // A failed test leaves no engine running.
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
        }
        let _ = self.child.wait();
    }
}

/// `bestmove M [ponder P]`: M and P.
fn parse_bestmove(line: &str) -> (String, Option<String>) {
    let words: Vec<&str> = line.split_whitespace().collect();
    match words.as_slice() {
        ["bestmove", m] => (m.to_string(), None),
        ["bestmove", m, "ponder", p] => (m.to_string(), Some(p.to_string())),
        _ => panic!("malformed bestmove line: {line:?}"),
    }
}

/// Long lines cut for failure messages (one test sends 100 kB).
fn shorten(lines: &[String]) -> Vec<String> {
    lines.iter().map(|l| shorten_one(l)).collect()
}

fn shorten_one(line: &str) -> String {
    if line.len() <= 200 {
        return line.to_string();
    }
    let mut cut = 200;
    while !line.is_char_boundary(cut) {
        cut -= 1;
    }
    format!("{}... ({} bytes)", &line[..cut], line.len())
}

fn info_errors(lines: &[String]) -> Vec<&String> {
    lines
        .iter()
        .filter(|l| l.starts_with("info string error"))
        .collect()
}

// ------------------------------------------------------ positions, legality

/// Chu under lishogi's rules, which USI plays by default: the referee of
/// these tests (a repetition, say, is legal there and not under Kyodai's
/// own rules).
fn chu() -> &'static Variant {
    VariantSet::builtin()
        .find_with("chu", Rules::Lishogi)
        .expect("chu is built in")
}

/// The position after `moves` (USI, each must be legal) from `pos`.
fn after(pos: &Position, moves: &[&str]) -> Position {
    let mut p = pos.clone();
    for m in moves {
        let mv = legal_move(&p, m)
            .unwrap_or_else(|| panic!("test bug: {m} is not legal in {}", p.fen()));
        p.make(mv);
    }
    p
}

fn start_after(moves: &[&str]) -> Position {
    after(&Position::start(chu()), moves)
}

/// The move `text` names, if it is legal in `pos` (the repetition rule
/// included).
fn legal_move(pos: &Position, text: &str) -> Option<Move> {
    let mv = parse_usi_move(pos, text).ok()?;
    game::legal_moves(&mut pos.clone())
        .contains(&mv)
        .then_some(mv)
}

fn assert_legal(pos: &Position, text: &str, context: &str) -> Move {
    legal_move(pos, text)
        .unwrap_or_else(|| panic!("{context}: {text} is not legal in {}", pos.fen()))
}

/// One `info` line with a search result, read by its keywords (USI lets
/// an engine send them in any order; `pv` comes last).
#[derive(Debug, Default)]
struct InfoLine {
    depth: u32,
    multipv: Option<u32>,
    nodes: u64,
    pv: Vec<String>,
}

/// Read `info depth ... score cp|mate N ... nodes N nps N time N ... pv
/// ...`; panics on a malformed line or one missing a required field.
fn parse_info(line: &str) -> InfoLine {
    let w: Vec<&str> = line.split_whitespace().collect();
    assert_eq!(w.first(), Some(&"info"), "{line:?}");
    let mut info = InfoLine::default();
    let mut seen: Vec<&str> = Vec::new();
    let mut i = 1;
    let number = |i: usize| -> i64 {
        w.get(i)
            .and_then(|s| s.parse().ok())
            .unwrap_or_else(|| panic!("no number after {:?} in {line:?}", w[i - 1]))
    };
    while i < w.len() {
        let key = w[i];
        seen.push(key);
        match key {
            "depth" | "seldepth" | "multipv" | "nodes" | "nps" | "time" | "hashfull" => {
                let n = number(i + 1);
                assert!(n >= 0, "negative {key} in {line:?}");
                match key {
                    "depth" => info.depth = n as u32,
                    "multipv" => info.multipv = Some(n as u32),
                    "nodes" => info.nodes = n as u64,
                    _ => {}
                }
                i += 2;
            }
            "score" => {
                assert!(
                    matches!(w.get(i + 1), Some(&"cp" | &"mate")),
                    "score neither cp nor mate in {line:?}"
                );
                number(i + 2);
                i += 3;
                if matches!(w.get(i), Some(&"lowerbound" | &"upperbound")) {
                    i += 1;
                }
            }
            "pv" => {
                info.pv = w[i + 1..].iter().map(|m| m.to_string()).collect();
                assert!(!info.pv.is_empty(), "empty pv in {line:?}");
                break;
            }
            _ => panic!("unknown info field {key:?} in {line:?}"),
        }
    }
    for key in ["depth", "score", "nodes", "nps", "time", "pv"] {
        assert!(seen.contains(&key), "no {key} in {line:?}");
    }
    info
}

/// A search's `info depth` lines are well formed and their PVs legal
/// lines of play from `root`; returns them read.
fn check_info_lines(root: &Position, lines: &[String]) -> Vec<InfoLine> {
    let mut infos = Vec::new();
    for line in lines.iter().filter(|l| l.starts_with("info depth")) {
        let info = parse_info(line);
        let mut pos = root.clone();
        for m in &info.pv {
            let mv =
                legal_move(&pos, m).unwrap_or_else(|| panic!("pv move {m} is illegal in {line:?}"));
            pos.make(mv);
        }
        infos.push(info);
    }
    infos
}

/// `position ARG` followed by `go depth 1` is answered without an error:
/// the engine itself takes every move of ARG as legal.
fn engine_takes(e: &mut Usi, position: &str) {
    e.send(&format!("position {position}"));
    let s = e.go("depth 1", TIMEOUT);
    let errors = info_errors(&s.lines);
    assert!(errors.is_empty(), "position {position}: {errors:?}");
}

// ------------------------------------------------------------ 1. handshake

/// A USI GUI learns the engine's name and options from `usi` and waits for
/// `usiok` before anything else; the options named are those GUIs and
/// lishogi set (USI_Variant tells lishogi which game the engine plays).
#[test]
fn usi_announces_name_options_and_usiok() {
    let mut e = Usi::spawn(&["usi"]);
    e.send("usi");
    let (out, _) = e.expect("usiok", TIMEOUT);
    assert!(
        out.first().is_some_and(|l| l.starts_with("id name Kyodai")),
        "{out:?}"
    );
    assert!(out.iter().any(|l| l.starts_with("id author ")), "{out:?}");
    let option = |name: &str| -> &String {
        out.iter()
            .find(|l| l.starts_with(&format!("option name {name} type ")))
            .unwrap_or_else(|| panic!("no option {name}: {out:?}"))
    };
    let exact = [
        "option name USI_Hash type spin default 64 min 1 max 65536",
        "option name Threads type spin default 1 min 1 max 64",
        "option name MultiPV type spin default 1 min 1 max 64",
        "option name USI_MultiPV type spin default 1 min 1 max 64",
        "option name USI_Ponder type check default false",
        "option name USI_AnalyseMode type check default false",
        "option name USI_Variant type combo default chushogi var chushogi",
        "option name Skill_Level type spin default 20 min -20 max 20",
        "option name USI_LimitStrength type check default false",
        "option name Contempt type spin default 0 min -1000 max 1000",
    ];
    for line in exact {
        let name = line.split_whitespace().nth(2).expect("a name");
        assert_eq!(option(name), line);
    }
    // Every other line is an option; none is announced twice.
    let mut names: Vec<&str> = out
        .iter()
        .filter(|l| l.starts_with("option name "))
        .map(|l| l.split_whitespace().nth(2).expect("a name"))
        .collect();
    assert_eq!(names.len() + 2, out.len(), "stray lines: {out:?}");
    names.sort_unstable();
    let count = names.len();
    names.dedup();
    assert_eq!(names.len(), count, "an option announced twice: {out:?}");
    assert_eq!(e.sync(), Vec::<String>::new());
}

/// GUIs start engines with no arguments: the first line `usi` must choose
/// USI, and anything else (XBoard's `xboard`) must still get CECP.
#[test]
fn the_first_line_chooses_the_protocol() {
    let mut e = Usi::spawn(&[]);
    e.send("usi");
    let (out, _) = e.expect("usiok", TIMEOUT);
    assert!(out.iter().any(|l| l.starts_with("id name ")), "{out:?}");
    assert_eq!(e.sync(), Vec::<String>::new());
    e.send("position startpos");
    let s = e.go("depth 2", TIMEOUT);
    assert_legal(&start_after(&[]), &s.best, "kyodai, then usi");

    // `Cecp::spawn` starts `kyodai` with no arguments and sends `xboard`,
    // `protover 2`, then `ping`: a pong means CECP is spoken.
    let (cecp, handshake) = Cecp::spawn();
    assert!(
        handshake
            .iter()
            .any(|l| l.starts_with("feature ") && l.contains("done=1")),
        "{handshake:?}"
    );
    cecp.quit();
}

// ------------------------------------------------------------- 2. options

/// The rule set decides what a repetition is: under lishogi's rules (the
/// USI default) the Lions may go out and back, under Kyodai's own the move
/// that brings the start position back is refused as a repetition, and a
/// move no rule allows is refused as illegal.
#[test]
fn the_rules_option_decides_repetitions() {
    let cycle = "7j7h 6c6e 7h7j 6e6c";
    let mut e = Usi::start();
    e.accepts(&format!("position startpos moves {cycle}"));
    e.accepts("setoption name Rules value standard");
    let error = e.rejects(&format!("position startpos moves {cycle}"));
    assert!(error.contains("repeats earlier position"), "{error}");
    let error = e.rejects("position startpos moves 7j7h 7j7h");
    assert!(error.contains("not a legal move"), "{error}");
    e.accepts("setoption name Rules value lishogi");
    e.accepts(&format!("position startpos moves {cycle} {cycle}"));
}

/// Options GUIs send must be taken silently, and a bad one must be
/// reported without ending the session (a GUI sends what its user typed).
#[test]
fn setoption_takes_good_values_and_reports_bad_ones() {
    let mut e = Usi::start();
    for good in [
        "setoption name USI_Hash value 16",
        "setoption name Threads value 2",
        "setoption name threads value 1",
        "setoption name USI_Ponder value true",
        "setoption name USI_AnalyseMode value false",
        "setoption name USI_Variant value chushogi",
        "setoption name Skill_Level value 20",
        "setoption name Contempt value -30",
        "setoption name MultiPV value 1",
        "setoption name USI_MultiPV value 1",
    ] {
        e.accepts(good);
    }
    for bad in [
        "setoption name USI_Hash value 0",
        "setoption name Threads value 0",
        "setoption name Threads value x",
        "setoption name Threads value 65",
        "setoption name USI_Ponder value maybe",
        "setoption name USI_Variant value shogi",
        "setoption name Contempt",
        "setoption name NoSuchOption value 1",
        "setoption name",
        "setoption",
    ] {
        e.rejects(bad);
    }
    e.send("position startpos");
    let s = e.go("depth 2", TIMEOUT);
    assert_legal(&start_after(&[]), &s.best, "after the options");
}

// ------------------------------------------------------------ 3. positions

/// The GUI sends the whole game before every `go`, in lishogi's notation
/// and SFEN; an illegal move or a broken SFEN is refused and must leave
/// the engine on the position it had, not half a game.
#[test]
fn position_startpos_sfen_and_moves() {
    let mut e = Usi::start();
    // `9i9h` is not legal at the start (a Go-Between stands on 9h); a
    // Pawn's step is.
    let start = start_after(&[]);
    assert!(legal_move(&start, "9i9h").is_none());
    assert!(legal_move(&start, "8i8h").is_some());

    e.accepts("usinewgame");
    e.accepts("position startpos");
    e.accepts("position startpos moves 8i8h");
    let moves = LINE.join(" ");
    e.accepts(&format!("position startpos moves {moves}"));
    e.accepts(&format!("position sfen {START_SFEN}"));
    e.accepts(&format!("position sfen {START_SFEN} moves {moves}"));

    // Gote to move after the odd-length line: a move for Sente (as from
    // the start position) would show the position was lost.
    let previous = start_after(&LINE[..3]);
    let prev_cmd = format!("position startpos moves {}", LINE[..3].join(" "));
    let check_previous = |e: &mut Usi, what: &str| {
        let s = e.go("depth 1", TIMEOUT);
        assert!(info_errors(&s.lines).is_empty(), "{what}: {:?}", s.lines);
        assert_legal(&previous, &s.best, what);
    };
    for bad in [
        // Illegal first and later moves, malformed moves, a promotion a
        // Pawn cannot make.
        "position startpos moves 9i9h".to_string(),
        format!("position startpos moves {} 9i9h", LINE.join(" ")),
        "position startpos moves 8i8h 8i8h".to_string(),
        "position startpos moves 8i".to_string(),
        "position startpos moves 13a1a".to_string(),
        "position startpos moves 8i8h+".to_string(),
        // Malformed SFENs: garbage, a bad side, a bad capture square, a bad
        // move number, a rank too long, a missing side.
        "position sfen xyz b - 1".to_string(),
        format!("position sfen {}", START_SFEN.replace(" b ", " x ")),
        format!("position sfen {}", START_SFEN.replace(" - ", " 13z ")),
        format!("position sfen {}", START_SFEN.replace(" - 1", " - 0")),
        format!(
            "position sfen {}",
            START_SFEN.replacen("lfcsgekgscfl", "lfcsgekgscfll", 1)
        ),
        format!(
            "position sfen {}",
            START_SFEN.split(' ').next().expect("board")
        ),
        "position sfen".to_string(),
        "position".to_string(),
        "position nowhere".to_string(),
    ] {
        e.accepts(&prev_cmd);
        e.rejects(&bad);
        check_previous(&mut e, &bad);
    }

    // An SFEN with Gote to move: the engine answers for Gote.
    let gote = START_SFEN.replace(" b - 1", " w - 1");
    e.accepts(&format!("position sfen {gote}"));
    let s = e.go("depth 2", TIMEOUT);
    let gote_pos = parse_sfen(chu(), &gote).expect("reads").position;
    assert_legal(&gote_pos, &s.best, "SFEN with Gote to move");
}

/// lishogi's SFEN carries, as its third field, the square where a non-Lion
/// just took a Lion: the counter-strike rule then bars Sente's non-Lions
/// from taking a Lion elsewhere. A position sent as that SFEN must be
/// the same game as one reached by the moves.
#[test]
fn sfen_lion_capture_square_restricts_the_reply() {
    // Kyodai squares: Sente Lion f6 (7g), Gote Gold f7 (7f) takes it; Gote
    // Lion c9 (10d), which Sente's Gold c8 (10e) could take but for the
    // counter-strike rule.
    let fen = common::fen(chu(), "K@a1 k@l12 N@f6 g@f7 n@c9 G@c8", 'b');
    let before = Position::from_fen(chu(), &fen).expect("reads");
    let gote_board = fen.split(' ').next().expect("board").to_string();
    let before_sfen = format!("{gote_board} w - 1");
    let struck = after(&before, &["7f7g"]);
    assert!(
        legal_move(&struck, "10e10d").is_none(),
        "test bug: the library allows the counter-strike"
    );
    let struck_board = struck.fen().split(' ').next().expect("board").to_string();
    let struck_sfen = format!("{struck_board} b 7g 2");

    let mut e = Usi::start();
    // Reached by the moves: refused.
    e.rejects(&format!("position sfen {before_sfen} moves 7f7g 10e10d"));
    // Given as the SFEN: refused too.
    e.accepts(&format!("position sfen {struck_sfen}"));
    e.rejects(&format!("position sfen {struck_sfen} moves 10e10d"));
}

// --------------------------------------------------------------- 4. search

/// A GUI shows `info` lines and plays the `bestmove`: both must be well
/// formed, in lishogi notation, and legal (the engine takes its own move
/// back as part of the game).
#[test]
fn go_depth_reports_info_and_a_legal_bestmove() {
    let mut e = Usi::start();
    for moves in [&[][..], &LINE[..2], LINE] {
        let pos = start_after(moves);
        let setup = if moves.is_empty() {
            "startpos".to_string()
        } else {
            format!("startpos moves {}", moves.join(" "))
        };
        e.send(&format!("position {setup}"));
        let s = e.go("depth 3", TIMEOUT);
        let depths: Vec<u32> = check_info_lines(&pos, &s.lines)
            .iter()
            .map(|i| i.depth)
            .collect();
        assert!(
            depths.contains(&1) && depths.contains(&3) && !depths.iter().any(|&d| d > 3),
            "depths {depths:?} in {:?}",
            s.lines
        );
        let mv = assert_legal(&pos, &s.best, "go depth 3");
        if let Some(p) = &s.ponder {
            let mut next = pos.clone();
            next.make(mv);
            assert_legal(&next, p, "the ponder move");
        }
        // The engine takes its own move as legal too.
        let with_best = if moves.is_empty() {
            format!("startpos moves {}", s.best)
        } else {
            format!("{setup} {}", s.best)
        };
        engine_takes(&mut e, &with_best);
    }
}

// -------------------------------------------------------- 5. infinite/stop

/// Analysis (`go infinite`) must run until the GUI says `stop`, and then
/// answer at once: a GUI waits for that `bestmove` before going on.
#[test]
fn go_infinite_runs_until_stop() {
    let mut e = Usi::start();
    e.send("position startpos moves 8i8h");
    e.send("go infinite");
    let out = e.lines_for(Duration::from_millis(500));
    assert!(
        out.iter().filter(|l| l.starts_with("info depth")).count() >= 2,
        "{out:?}"
    );
    assert!(!out.iter().any(|l| l.starts_with("bestmove")), "{out:?}");
    // Still thinking, and `isready` is answered meanwhile.
    let during = e.sync();
    assert!(
        !during.iter().any(|l| l.starts_with("bestmove")),
        "{during:?}"
    );
    e.send("stop");
    let started = Instant::now();
    let (_, line) = e.expect("bestmove", Duration::from_secs(5));
    let took = started.elapsed();
    assert!(took < Duration::from_secs(1), "stop took {took:?}");
    let (best, _) = parse_bestmove(&line);
    assert_legal(&start_after(&["8i8h"]), &best, "after stop");
    // Exactly one bestmove.
    let rest = e.sync();
    assert!(!rest.iter().any(|l| l.starts_with("bestmove")), "{rest:?}");
}

// ---------------------------------------------------------------- 6. ponder

/// Pondering is thinking on the opponent's time: the engine must not move
/// before `ponderhit`, and then move within what its clock allows; `stop`
/// (the opponent played something else) must also get a `bestmove`.
#[test]
fn go_ponder_waits_for_ponderhit_or_stop() {
    let mut e = Usi::start();
    e.accepts("setoption name USI_Ponder value true");
    let pos = start_after(&["8i8h"]);
    e.send("position startpos moves 8i8h");
    e.send("go ponder btime 5000 wtime 5000 binc 100 winc 100");
    let out = e.lines_for(Duration::from_millis(500));
    assert!(!out.iter().any(|l| l.starts_with("bestmove")), "{out:?}");
    e.send("ponderhit");
    let started = Instant::now();
    let (_, line) = e.expect("bestmove", Duration::from_secs(10));
    let took = started.elapsed();
    assert!(
        took < Duration::from_secs(3),
        "ponderhit to bestmove: {took:?}"
    );
    assert_legal(&pos, &parse_bestmove(&line).0, "after ponderhit");

    e.send("position startpos moves 8i8h");
    e.send("go ponder");
    let out = e.lines_for(Duration::from_millis(300));
    assert!(!out.iter().any(|l| l.starts_with("bestmove")), "{out:?}");
    e.send("stop");
    let started = Instant::now();
    let (_, line) = e.expect("bestmove", Duration::from_secs(5));
    assert!(started.elapsed() < Duration::from_secs(1));
    assert_legal(&pos, &parse_bestmove(&line).0, "after go ponder, stop");
    assert!(!e.sync().iter().any(|l| l.starts_with("bestmove")));
}

// ------------------------------------------------------------ 7. clocks

/// The clock arguments must bound the time taken: a move late by a
/// moment loses on lishogi. The margins allow for process latency only.
#[test]
fn go_with_clocks_answers_in_time() {
    let mut e = Usi::start();
    let pos = start_after(&["8i8h"]);
    let cases = [
        // (go arguments, the most it may take, the least)
        ("btime 0 wtime 0 byoyomi 1000", 1200, 0),
        ("btime 2000 wtime 2000 binc 100 winc 100", 1000, 0),
        // `movetime` is a time to use, not only a limit; the search may
        // stop at an iteration's end after half its time.
        ("movetime 300", 800, 100),
    ];
    for (args, most, least) in cases {
        e.send("position startpos moves 8i8h");
        let s = e.go(args, Duration::from_secs(10));
        let ms = s.elapsed.as_millis();
        assert!(
            (least..most).contains(&ms),
            "go {args}: {ms} ms (expected {least} to {most})"
        );
        assert!(info_errors(&s.lines).is_empty(), "go {args}: {:?}", s.lines);
        assert_legal(&pos, &s.best, args);
    }
}

/// `go nodes N` is a finite search: the GUI waits for its `bestmove`,
/// which must come once about N nodes are searched (the search looks at
/// the count every 1024 nodes a thread).
#[test]
fn go_nodes_answers_near_the_limit() {
    let mut e = Usi::start();
    let start = start_after(&[]);
    for limit in [5000, 50_000] {
        e.send("position startpos");
        let s = e.go(&format!("nodes {limit}"), Duration::from_secs(5));
        assert!(info_errors(&s.lines).is_empty(), "{:?}", s.lines);
        assert_legal(&start, &s.best, "go nodes");
        let infos = check_info_lines(&start, &s.lines);
        assert!(!infos.is_empty(), "{:?}", s.lines);
        for info in &infos {
            assert!(info.nodes < limit + 2048, "go nodes {limit}: {:?}", s.lines);
        }
    }
}

/// A `go` the engine cannot read must be refused without starting a
/// search (no `bestmove` the GUI did not ask for).
#[test]
fn go_with_bad_arguments_is_answered_all_the_same() {
    let mut e = Usi::start();
    e.send("position startpos");
    // Each limit out of range is clamped, each word that cannot be used
    // skipped, said in one `info string`; the `go` still gets its one
    // `bestmove` (after `stop` where no limit is left).
    for (bad, note) in [
        ("go depth 0", "depth 0 searched as depth 1"),
        ("go depth 245", "depth 245 searched as depth 90"),
        ("go depth", "depth needs a number"),
        ("go depth x", "bad number for depth: x"),
        ("go sideways", "unknown go argument 'sideways' skipped"),
        ("go btime", "btime needs a number"),
        ("go movetime soon", "bad number for movetime: soon"),
        ("go nodes -", "bad number for nodes: -"),
    ] {
        e.send(bad);
        e.send("stop");
        let (lines, best) = e.expect("bestmove", TIMEOUT);
        let notes: Vec<&String> = lines
            .iter()
            .filter(|l| l.starts_with("info string"))
            .collect();
        assert_eq!(notes.len(), 1, "{bad}: {lines:?}");
        assert!(notes[0].contains(note), "{bad}: {notes:?}");
        assert_legal(&start_after(&[]), &parse_bestmove(&best).0, bad);
    }
    // Exactly one: nothing comes later.
    let out = e.lines_for(Duration::from_millis(200));
    assert!(out.iter().all(|l| !l.starts_with("bestmove")), "{out:?}");
}

/// lishogi's browser analysis: `go depth 245` for endless analysis, then
/// `stop` (or a new position) gets the `bestmove`, whenever it comes.
#[test]
fn endless_analysis_as_lishogi_asks_for_it_ends_with_stop() {
    let mut e = Usi::start();
    e.send("position startpos");
    e.send("go depth 245");
    let first = e.expect("info depth", TIMEOUT).1;
    assert!(first.contains(" time "), "{first}");
    e.send("stop");
    let (_, best) = e.expect("bestmove", TIMEOUT);
    assert_legal(&start_after(&[]), &parse_bestmove(&best).0, "go depth 245");
    // A new position without `stop`: the search is ended and answered.
    e.send("go depth 245");
    e.expect("info depth", TIMEOUT);
    e.send("position startpos moves 8i8h");
    let (_, best) = e.expect("bestmove", TIMEOUT);
    assert_legal(&start_after(&[]), &parse_bestmove(&best).0, "new position");
    assert!(e.sync().iter().all(|l| !l.starts_with("bestmove")));
}

// ------------------------------------------------------------- 8. games

/// How the test keeps a side's clock.
#[derive(Clone, Copy)]
enum Clock {
    /// Main time, then this increment added after each move.
    Increment { start_ms: i64, inc_ms: i64 },
    /// Main time, then this much per move once it has run out (unused
    /// byoyomi is lost); `margin_ms` is the latency allowed beyond it.
    Byoyomi {
        start_ms: i64,
        byoyomi_ms: i64,
        margin_ms: i64,
    },
}

/// One engine plays both sides from the start position for up to
/// `max_plies` plies, the test keeping both clocks as a server would
/// (from writing `go` to reading `bestmove`). Panics on a lost time or an
/// illegal move; returns the plies played and the lowest clock seen.
fn play_game(clock: Clock, max_plies: usize) -> (usize, i64) {
    let mut e = Usi::start();
    e.accepts("usinewgame");
    let mut pos = start_after(&[]);
    let mut moves: Vec<String> = Vec::new();
    let start = match clock {
        Clock::Increment { start_ms, .. } | Clock::Byoyomi { start_ms, .. } => start_ms,
    };
    let mut clocks = [start, start];
    let mut lowest = start;
    for ply in 0..max_plies {
        let side = ply % 2;
        if moves.is_empty() {
            e.send("position startpos");
        } else {
            e.send(&format!("position startpos moves {}", moves.join(" ")));
        }
        let args = match clock {
            Clock::Increment { inc_ms, .. } => format!(
                "btime {} wtime {} binc {inc_ms} winc {inc_ms}",
                clocks[0], clocks[1]
            ),
            Clock::Byoyomi { byoyomi_ms, .. } => {
                format!(
                    "btime {} wtime {} byoyomi {byoyomi_ms}",
                    clocks[0], clocks[1]
                )
            }
        };
        let s = e.go(&args, Duration::from_secs(5));
        let used = s.elapsed.as_millis() as i64;
        assert!(info_errors(&s.lines).is_empty(), "ply {ply}: {:?}", s.lines);
        match clock {
            Clock::Increment { inc_ms, .. } => {
                clocks[side] -= used;
                assert!(
                    clocks[side] >= 0,
                    "ply {ply}: lost on time (used {used} ms, go {args}), moves {moves:?}"
                );
                lowest = lowest.min(clocks[side]);
                clocks[side] += inc_ms;
            }
            Clock::Byoyomi {
                byoyomi_ms,
                margin_ms,
                ..
            } => {
                let over = used - clocks[side];
                clocks[side] = (clocks[side] - used).max(0);
                assert!(
                    over <= byoyomi_ms + margin_ms,
                    "ply {ply}: lost on time ({used} ms with go {args}; byoyomi {byoyomi_ms} \
                     ms + {margin_ms} ms margin), moves {moves:?}"
                );
                lowest = lowest.min(clocks[side]);
            }
        }
        if s.best == "resign" {
            return (ply, lowest);
        }
        let mv = assert_legal(&pos, &s.best, &format!("ply {ply}"));
        moves.push(s.best.clone());
        if game::play(&mut pos, mv).is_some() {
            return (ply + 1, lowest);
        }
    }
    (max_plies, lowest)
}

/// A whole game at 1 s + 0.1 s a side, lishogi's fastest kind of clock:
/// no move may take more than the clock holds.
#[test]
fn a_game_at_one_second_plus_increment_loses_no_time() {
    let (plies, lowest) = play_game(
        Clock::Increment {
            start_ms: 1000,
            inc_ms: 100,
        },
        80,
    );
    assert!(plies > 0);
    assert!(lowest >= 0, "{lowest}");
}

/// The same on byoyomi: 1 s main time each, then 100 ms a move. The main
/// time runs out within the game (the engine spends a share of it and the
/// byoyomi period on every move), so most late moves must fit the period
/// itself; 50 ms is allowed beyond it for process and pipe latency (the
/// engine keeps 60 ms of each period for that).
#[test]
fn a_game_on_byoyomi_keeps_each_move_within_the_period() {
    let (plies, lowest) = play_game(
        Clock::Byoyomi {
            start_ms: 1000,
            byoyomi_ms: 100,
            margin_ms: 50,
        },
        80,
    );
    assert!(plies > 0);
    // The period itself was played on, not only the main time.
    assert!(plies < 60 || lowest == 0, "main time never ran out");
}

// ------------------------------------------------------ 9. gameover, quit

/// `gameover` ends the game whatever the engine is doing: a search under
/// way is dropped (no crash, no `bestmove` owed), and the engine is ready
/// for the next game.
#[test]
fn gameover_stops_a_search() {
    let mut e = Usi::start();
    for (go, result) in [
        ("go infinite", "gameover win"),
        ("go ponder btime 5000 wtime 5000", "gameover lose"),
        ("go btime 60000 wtime 60000", "gameover draw"),
    ] {
        e.send("position startpos moves 8i8h");
        e.send(go);
        e.expect("info depth", TIMEOUT);
        e.send(result);
        let started = Instant::now();
        let out = e.sync();
        assert!(
            started.elapsed() < Duration::from_secs(1),
            "{result} during {go}: readyok took {:?}",
            started.elapsed()
        );
        assert!(info_errors(&out).is_empty(), "{out:?}");
        // Anything still coming must not be a move.
        let late = e.lines_for(Duration::from_millis(100));
        assert!(
            !out.iter().chain(&late).any(|l| l.starts_with("bestmove")),
            "{result} during {go}: {out:?} {late:?}"
        );
    }
    e.accepts("usinewgame");
    e.send("position startpos");
    let s = e.go("depth 2", TIMEOUT);
    assert_legal(&start_after(&[]), &s.best, "the next game");
}

/// `quit` must end the process at once with success, also in the middle
/// of a search (a GUI kills engines that linger); so must the end of the
/// input (the GUI gone).
#[test]
fn quit_ends_the_process_promptly() {
    let mut e = Usi::start();
    e.send("quit");
    let status = e.exit_within(Duration::from_secs(1));
    assert!(status.is_some_and(|s| s.success()), "idle quit: {status:?}");

    let mut e = Usi::start();
    e.send("position startpos");
    e.send("go infinite");
    e.expect("info depth", TIMEOUT);
    e.send("quit");
    let status = e.exit_within(Duration::from_secs(1));
    assert!(
        status.is_some_and(|s| s.success()),
        "quit while searching: {status:?}"
    );

    let mut e = Usi::start();
    e.send("position startpos");
    e.send("go btime 600000 wtime 600000");
    e.expect("info depth", TIMEOUT);
    e.stdin = None;
    let status = e.exit_within(Duration::from_secs(1));
    assert!(
        status.is_some_and(|s| s.success()),
        "end of input: {status:?}"
    );
}

// ---------------------------------------------------------------- 10. garbage

/// Whatever arrives on stdin, the engine answers each bad line with one
/// error and reads on; empty lines are nothing at all.
#[test]
fn garbage_is_refused_line_by_line() {
    let mut e = Usi::start();
    e.accepts("");
    e.accepts("   ");
    e.send_bytes(b"\r\n\n\t\n");
    assert!(e.sync().is_empty());
    e.rejects(&"x".repeat(100_000));
    e.rejects(&format!(
        "position startpos moves {}",
        "8i8h ".repeat(20_000)
    ));
    e.send_bytes(b"\xff\xfe\x80 usi\n");
    assert_eq!(info_errors(&e.sync()).len(), 1);
    // `go` with a word it cannot read still searches (until `stop`).
    e.send_bytes(b"go \xff\xfe\n");
    e.send("stop");
    let (lines, _) = e.expect("bestmove", TIMEOUT);
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info string unknown go argument"))
    );
    e.send_bytes(b"position startpos moves 8i8h\xc3\x28\n");
    assert_eq!(info_errors(&e.sync()).len(), 1);
    for bad in [
        "position",
        "bestmove 8i8h",
        "usiok",
        "readyok",
        "info string hello",
        "\u{1b}[A",
    ] {
        e.rejects(bad);
    }
    e.send("position startpos");
    let s = e.go("depth 2", TIMEOUT);
    assert_legal(&start_after(&[]), &s.best, "after the garbage");
}

/// A line over the engine's limit (1 MiB) is skipped unread and reported
/// as what it is: too long.
#[test]
fn an_overlong_line_is_reported_as_too_long() {
    let mut e = Usi::start();
    let mut line = vec![b'x'; 2 << 20];
    line.push(b'\n');
    e.send_bytes(&line);
    let out = e.sync();
    assert!(
        out.len() == 1 && out[0].starts_with("info string error") && out[0].contains("too long"),
        "{:?}",
        shorten(&out)
    );
    e.send("position startpos");
    let s = e.go("depth 1", TIMEOUT);
    assert_legal(&start_after(&[]), &s.best, "after the long line");
}

// --------------------------------------------------------------- 11. MultiPV

/// lishogi's analysis and GUIs show several lines with `MultiPV`: at the
/// final depth each of lines 1 to 3 must be reported, each with its own
/// first move.
#[test]
fn multipv_reports_three_different_lines() {
    let mut e = Usi::start();
    e.accepts("setoption name MultiPV value 3");
    e.send("position startpos");
    let s = e.go("depth 4", TIMEOUT);
    let start = start_after(&[]);
    let infos = check_info_lines(&start, &s.lines);
    // The last report of each line at the final depth.
    let mut firsts: Vec<(u32, String)> = Vec::new();
    for info in infos.iter().filter(|i| i.depth == 4) {
        let k = info
            .multipv
            .unwrap_or_else(|| panic!("no multipv field: {:?}", s.lines));
        firsts.retain(|(j, _)| *j != k);
        firsts.push((k, info.pv[0].clone()));
    }
    firsts.sort();
    let ks: Vec<u32> = firsts.iter().map(|(k, _)| *k).collect();
    assert_eq!(ks, [1, 2, 3], "{:?}", s.lines);
    let mut moves: Vec<&String> = firsts.iter().map(|(_, m)| m).collect();
    // The move played is the first line's.
    assert_eq!(&s.best, moves[0], "{:?}", s.lines);
    moves.sort();
    moves.dedup();
    assert_eq!(moves.len(), 3, "{:?}", s.lines);
    // USI_MultiPV is the same option: back to one line.
    e.accepts("setoption name USI_MultiPV value 1");
    let s = e.go("depth 3", TIMEOUT);
    let infos = check_info_lines(&start, &s.lines);
    assert!(
        infos.iter().all(|i| i.multipv.unwrap_or(1) == 1),
        "{:?}",
        s.lines
    );
}

// ------------------------------------------------------- 12. two adapters

/// A USI square (`12l`) as CECP writes it (`a1`).
fn cecp_square(usi: &str) -> String {
    let (digits, letter) = usi.split_at(usi.len() - 1);
    let file: u8 = digits.parse().expect("a file number");
    let rank = 12 - (letter.as_bytes()[0] - b'a');
    format!("{}{}", (b'a' + 12 - file) as char, rank)
}

/// The squares of a USI move and its promotion mark.
fn usi_squares(usi: &str) -> (Vec<String>, bool) {
    let (body, plus) = match usi.strip_suffix('+') {
        Some(b) => (b, true),
        None => (usi, false),
    };
    let mut squares = Vec::new();
    let mut start = 0;
    for (i, c) in body.char_indices() {
        if c.is_ascii_lowercase() {
            squares.push(body[start..=i].to_string());
            start = i + 1;
        }
    }
    (squares, plus)
}

/// A USI move in CECP notation: a two-step move through an occupied square
/// is two legs (`f7f8,f8f7`), one through an empty square the plain move.
fn cecp_move(pos: &Position, usi: &str) -> String {
    let (sq, plus) = usi_squares(usi);
    let plus = if plus { "+" } else { "" };
    let c: Vec<String> = sq.iter().map(|s| cecp_square(s)).collect();
    match c.as_slice() {
        [from, to] => format!("{from}{to}{plus}"),
        [from, mid, to] => {
            let m = mid.as_bytes();
            let file = (m[0] - b'a') as usize;
            let rank: usize = mid[1..].parse().expect("a rank");
            if pos.piece_at(Square::new(file, rank - 1)).is_some() {
                format!("{from}{mid},{mid}{to}{plus}")
            } else {
                format!("{from}{to}{plus}")
            }
        }
        _ => panic!("test bug: {usi} is no USI move"),
    }
}

/// Both protocols are thin adapters over one engine core: the same
/// position and history, searched to the same depth with one thread and
/// the same table, must give the same move through either.
#[test]
fn usi_and_cecp_choose_the_same_move() {
    assert_eq!(cecp_square("12l"), "a1");
    assert_eq!(cecp_square("1a"), "l12");
    assert_eq!(cecp_square("7g"), "f6");
    let histories: [&[&str]; 5] = [&[], &LINE[..1], &LINE[..3], &LINE[..4], &LINE[..5]];
    let mut usi = Usi::start();
    usi.accepts("setoption name USI_Hash value 64");
    usi.accepts("setoption name Threads value 1");
    let (mut cecp, _) = Cecp::spawn_with(&["xboard"]);
    for line in [
        "option XBoard-safe moves=0",
        "option Rules=lishogi",
        "memory 64",
        "cores 1",
    ] {
        cecp.send(line);
    }
    cecp.expect_silence("CECP options");

    let mut disagreements = Vec::new();
    for history in histories {
        let pos = start_after(history);

        usi.accepts("usinewgame");
        if history.is_empty() {
            usi.send("position startpos");
        } else {
            usi.send(&format!("position startpos moves {}", history.join(" ")));
        }
        let s = usi.go("depth 5", Duration::from_secs(30));
        let by_usi = assert_legal(&pos, &s.best, "USI go depth 5");

        cecp.send("new");
        cecp.send("force");
        cecp.expect_silence("new, force");
        let mut replay = start_after(&[]);
        for m in history {
            cecp.accepts(&cecp_move(&replay, m));
            replay = after(&replay, &[m]);
        }
        cecp.send("sd 5");
        cecp.send("go");
        let (_, line) = cecp.wait_for(Duration::from_secs(30), "move", |l| l.starts_with("move "));
        cecp.send("force");
        let text = line.trim_start_matches("move ").trim();
        let by_cecp = parse_move(&pos, text)
            .unwrap_or_else(|err| panic!("CECP move {text} unreadable in {}: {err}", pos.fen()));
        if by_usi != by_cecp {
            disagreements.push(format!(
                "after {history:?}: USI bestmove {} (= {by_usi}), CECP move {text} (= {by_cecp})",
                s.best
            ));
        }
    }
    assert!(
        disagreements.is_empty(),
        "the adapters disagree:\n{}",
        disagreements.join("\n")
    );
    cecp.quit();
}

// ------------------------------------------------- 11. lishogi's programs

/// The command sequence of lishogi's server workers (shoginet): move work
/// at the low AI levels it sends (`Skill_Level` -9 and up), each answered
/// by a legal `bestmove`; then its analysis, which keeps the deepest
/// `info` of `go movetime 1000 depth 20 nodes 1250000`.
#[test]
fn shoginet_move_and_analysis_work() {
    let mut e = Usi::start();
    for level in [-9, 0, 20] {
        for line in [
            "setoption name USI_Variant value chushogi".to_string(),
            format!("setoption name Skill_Level value {level}"),
            "setoption name USI_MultiPV value 1".to_string(),
            "usinewgame".to_string(),
        ] {
            e.send(&line);
        }
        assert!(info_errors(&e.sync()).is_empty(), "level {level}");
        e.send("position sfen lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 1 moves 7j7h 7d7e");
        let s = e.go(
            "movetime 500 depth 6 btime 60000 wtime 60000 byoyomi 10000",
            TIMEOUT,
        );
        assert_legal(&start_after(&["7j7h", "7d7e"]), &s.best, "shoginet move");
    }
    for line in [
        "setoption name USI_AnalyseMode value true",
        "setoption name Skill_Level value 20",
        "usinewgame",
        "position startpos moves 7j7h",
    ] {
        e.send(line);
    }
    let s = e.go("movetime 1000 depth 20 nodes 1250000", TIMEOUT);
    let infos = check_info_lines(&start_after(&["7j7h"]), &s.lines);
    assert!(
        !infos.is_empty(),
        "analysis needs an info line: {:?}",
        s.lines
    );
    assert!(
        s.lines.iter().all(|l| !l.contains(" time 0 ")),
        "{:?}",
        s.lines
    );
    assert_legal(&start_after(&["7j7h"]), &s.best, "shoginet analysis");
}

/// A capture of the last enemy royal is played without a search (depth 1,
/// nodes 0), and its `info` line, a mate in 1, still reports `time` 1 or
/// more: lishogi's browser analysis divides the nodes by the time for every
/// mate line, whatever its depth (0 by 0 is not a number).
#[test]
fn a_royal_capture_played_at_once_reports_a_time_of_1_ms_or_more() {
    let mut e = Usi::start();
    e.send("setoption name USI_AnalyseMode value true");
    e.send("setoption name MultiPV value 3");
    // Gote to move: its Lion on 11k takes Sente's only King on 12l.
    let won = "k11/12/12/12/12/12/12/12/12/2n9/1n10/K10G w - 1";
    for go in [
        "depth 245",
        "movetime 90000",
        "movetime 1000 depth 20 nodes 1250000",
    ] {
        e.send(&format!("position sfen {won}"));
        e.send(&format!("go {go}"));
        if !go.contains("nodes") {
            // The browser's stop (shoginet sends none).
            e.send("stop");
        }
        let (lines, line) = e.expect("bestmove", TIMEOUT);
        assert_eq!(parse_bestmove(&line).0, "11k12l", "go {go}");
        let infos: Vec<&String> = lines
            .iter()
            .filter(|l| l.starts_with("info depth"))
            .collect();
        assert!(!infos.is_empty(), "go {go}: {lines:?}");
        for line in infos {
            let w: Vec<&str> = line.split_whitespace().collect();
            let at = w.iter().position(|&t| t == "time").expect("a time field");
            let ms: u64 = w[at + 1].parse().expect("a number of milliseconds");
            assert!(ms >= 1, "go {go}: {line:?}");
        }
    }
}

/// Sente to move, and every move loses its King at once.
const LOST: &str = "k11/12/12/12/12/12/12/12/12/2n9/1n10/K10G b - 1";

/// The community BOT bridge: pondering (`go ponder` answered only after
/// `ponderhit` or `stop`), a `stop` sent before any `go ponder`, byoyomi
/// clocks, and with `Resign` off a `bestmove` that is a move, never
/// `resign`, even in a lost position.
#[test]
fn the_bot_bridge_ponders_and_never_sees_resign() {
    let mut e = Usi::start();
    e.send("setoption name USI_Ponder value true");
    e.send("setoption name Resign value false");
    e.send("usinewgame");
    e.send("position startpos");
    // A stop with no search under way is nothing at all.
    e.send("stop");
    assert!(e.sync().is_empty());
    let s = e.go("btime 30000 wtime 30000 byoyomi 1000", TIMEOUT);
    let best = s.best.clone();
    assert_legal(&start_after(&[]), &best, "first move");
    // Ponder on the expected reply, then the opponent plays it.
    let reply = s.ponder.clone().expect("a ponder move with the bestmove");
    e.send(&format!("position startpos moves {best} {reply}"));
    e.send("go ponder btime 29000 wtime 30000 byoyomi 1000");
    e.expect("info depth", TIMEOUT);
    assert!(
        e.lines_for(Duration::from_millis(300))
            .iter()
            .all(|l| !l.starts_with("bestmove")),
        "no bestmove while pondering"
    );
    e.send("ponderhit");
    let (_, line) = e.expect("bestmove", TIMEOUT);
    assert_legal(
        &start_after(&[&best, &reply]),
        &parse_bestmove(&line).0,
        "ponderhit",
    );
    // Pondering the wrong move: stop, then the real position.
    e.send("go ponder btime 29000 wtime 29000 byoyomi 1000");
    e.expect("info depth", TIMEOUT);
    e.send("stop");
    e.expect("bestmove", TIMEOUT);
    // A lost position (Sente's King cornered by two Lions, every move
    // loses it at once): a move all the same.
    e.send(&format!("position sfen {LOST}"));
    let s = e.go("btime 1000 wtime 1000 byoyomi 1000", TIMEOUT);
    assert_ne!(s.best, "resign");
    e.send("setoption name Resign value true");
    e.send(&format!("position sfen {LOST}"));
    let s = e.go("depth 4", TIMEOUT);
    assert_eq!(s.best, "resign", "with Resign on, a lost game is resigned");
}
