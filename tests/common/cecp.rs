//! A CECP (XBoard protocol v2) driver for the engine binary, shared by
//! `protocol.rs` and the rule tests that check result lines over the
//! protocol (`nutty_rules.rs`, `suzumu_rules.rs`).
//!
//! Every read has a deadline (a reader thread feeds a channel that is read
//! with `recv_timeout`), so a hung engine fails a test instead of hanging it.
//! `ping N` / `pong N` is the synchronisation barrier: `Engine::sync` sends a
//! ping and returns everything the engine printed before the matching pong.

use std::io::Write;
use std::process::{Child, ChildStdin};
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// How long a barrier (`ping`) may take when no long search is running.
pub const SYNC_TIMEOUT: Duration = Duration::from_secs(10);

pub struct Engine {
    child: Child,
    stdin: Option<ChildStdin>,
    rx: Receiver<String>,
    next_ping: u32,
    /// What the engine printed during the handshake (`xboard`, `protover 2`).
    pub handshake: Vec<String>,
}

impl Engine {
    /// Start the engine and do the XBoard handshake; returns the engine and
    /// what it printed during the handshake.
    pub fn spawn() -> (Engine, Vec<String>) {
        Engine::spawn_with(&[])
    }

    /// `spawn` with these command-line arguments.
    pub fn spawn_with(args: &[&str]) -> (Engine, Vec<String>) {
        let mut engine = Engine::start_with(args);
        engine.send("xboard");
        engine.send("protover 2");
        let out = engine.sync();
        engine.handshake = out.clone();
        (engine, out)
    }

    /// Start the engine with these command-line arguments and send it
    /// nothing (no handshake).
    pub fn start_with(args: &[&str]) -> Engine {
        let (child, stdin, rx) = super::spawn_engine(args);
        Engine {
            child,
            stdin,
            rx,
            // Well above the small numbers tests send by hand.
            next_ping: 1000,
            handshake: Vec::new(),
        }
    }

    /// The engine after the handshake and `memory 16`, `new`, `variant
    /// NAME`, `force`; with what it printed after the handshake.
    pub fn in_variant(name: &str) -> (Engine, Vec<String>) {
        let (mut e, _) = Engine::spawn();
        e.send("memory 16");
        e.send("new");
        e.send(&format!("variant {name}"));
        e.send("force");
        let out = e.sync();
        (e, out)
    }

    /// A force-mode engine playing `name` on `fen`; the `setboard` must be
    /// answered with silence.
    pub fn with_fen(name: &str, fen: &str) -> Engine {
        let (mut e, _) = Engine::in_variant(name);
        let out = e.setboard(fen);
        assert!(out.is_empty(), "setboard {fen}: {out:?}");
        e
    }

    /// A force-mode engine playing `name` on the listed pieces (as in
    /// `common::fen`), `side` to move.
    pub fn with_pieces(name: &str, pieces: &str, side: char) -> Engine {
        Engine::with_fen(name, &super::fen(super::variant(name), pieces, side))
    }

    /// What `setboard fen` makes the engine print.
    pub fn setboard(&mut self, fen: &str) -> Vec<String> {
        self.send(&format!("setboard {fen}"));
        self.sync()
    }

    /// CPU time the engine process has used so far (Linux /proc), if
    /// readable.
    pub fn cpu_time(&self) -> Option<Duration> {
        let stat = std::fs::read_to_string(format!("/proc/{}/stat", self.child.id())).ok()?;
        // Fields after the parenthesised command name; utime and stime are
        // the 14th and 15th fields of the whole line, in clock ticks
        // (100 per second on Linux).
        let rest = &stat[stat.rfind(')')? + 2..];
        let f: Vec<u64> = rest
            .split_whitespace()
            .skip(11)
            .take(2)
            .filter_map(|x| x.parse().ok())
            .collect();
        (f.len() == 2).then(|| Duration::from_millis((f[0] + f[1]) * 10))
    }

    pub fn send(&mut self, line: &str) {
        let mut bytes = line.as_bytes().to_vec();
        bytes.push(b'\n');
        self.send_bytes(&bytes);
    }

    /// Write raw bytes. A dead engine shows up as a closed stdout later, so
    /// a write error (broken pipe) is not reported here.
    pub fn send_bytes(&mut self, bytes: &[u8]) {
        if let Some(stdin) = self.stdin.as_mut() {
            let _ = stdin.write_all(bytes);
            let _ = stdin.flush();
        }
    }

    /// Next output line within `timeout`; `None` on timeout; panics if the
    /// engine has closed its output.
    pub fn line_within(&self, timeout: Duration, context: &str) -> Option<String> {
        match self.rx.recv_timeout(timeout) {
            Ok(l) => Some(l),
            Err(RecvTimeoutError::Timeout) => None,
            Err(RecvTimeoutError::Disconnected) => {
                panic!("engine exited (stdout closed) while waiting: {context}")
            }
        }
    }

    /// Read lines until one satisfies `want`; returns the lines before it and
    /// the line itself. Panics (with the lines seen) after `timeout`.
    pub fn wait_for(
        &self,
        timeout: Duration,
        what: &str,
        want: impl Fn(&str) -> bool,
    ) -> (Vec<String>, String) {
        let deadline = Instant::now() + timeout;
        let mut seen = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let context = format!("{what}; output so far: {seen:?}");
            match self.line_within(left, &context) {
                Some(l) if want(&l) => return (seen, l),
                Some(l) => seen.push(l),
                None => panic!("no {what} within {timeout:?}; output so far: {seen:?}"),
            }
        }
    }

    /// Send `ping N` and return all lines printed before `pong N`.
    pub fn sync_within(&mut self, timeout: Duration) -> Vec<String> {
        self.next_ping += 1;
        let n = self.next_ping;
        self.send(&format!("ping {n}"));
        let pong = format!("pong {n}");
        self.wait_for(timeout, &pong, |l| l.trim() == pong).0
    }

    /// Everything printed before the answer to a fresh `ping`.
    pub fn sync(&mut self) -> Vec<String> {
        self.sync_within(SYNC_TIMEOUT)
    }

    /// Everything sent since the last barrier produced no output.
    pub fn expect_silence(&mut self, what: &str) {
        let out = self.sync();
        assert!(out.is_empty(), "{what}: expected no output, got {out:?}");
    }

    /// What `usermove mv` makes the engine print.
    pub fn usermove(&mut self, mv: &str) -> Vec<String> {
        self.send(&format!("usermove {mv}"));
        self.sync()
    }

    /// `usermove mv` is accepted: no output at all.
    pub fn accepts(&mut self, mv: &str) {
        let out = self.usermove(mv);
        assert!(
            out.is_empty(),
            "usermove {mv}: expected no output, got {out:?}"
        );
    }

    /// `usermove mv` is answered with exactly one `Illegal move` line,
    /// which is returned.
    pub fn refusal(&mut self, mv: &str) -> String {
        let out = self.usermove(mv);
        assert_eq!(
            out.len(),
            1,
            "usermove {mv}: expected one line, got {out:?}"
        );
        assert!(
            out[0].starts_with("Illegal move"),
            "usermove {mv} should be refused: {out:?}"
        );
        out[0].clone()
    }

    /// `usermove mv` is refused with exactly one `Illegal move` line that
    /// echoes the move.
    pub fn refuses(&mut self, mv: &str) {
        let line = self.refusal(mv);
        assert!(
            line.trim_end().ends_with(mv.trim()),
            "usermove {mv}: expected 'Illegal move ...: {mv}', got {line:?}"
        );
    }

    /// `usermove mv` ends the game with `result` (`1-0`, `0-1`, `1/2-1/2`).
    pub fn ends_with(&mut self, mv: &str, result: &str) {
        let out = self.usermove(mv);
        assert_result(&out, result);
    }

    /// Send `quit` and wait for the process to exit; kill it on timeout.
    pub fn quit(mut self) {
        self.send("quit");
        self.stdin = None;
        let deadline = Instant::now() + Duration::from_secs(5);
        loop {
            match self.child.try_wait() {
                Ok(Some(status)) => {
                    assert!(status.success(), "engine exited with {status}");
                    return;
                }
                Ok(None) if Instant::now() < deadline => {
                    std::thread::sleep(Duration::from_millis(10))
                }
                _ => {
                    let _ = self.child.kill();
                    let _ = self.child.wait();
                    panic!("engine did not exit within 5 s of 'quit'");
                }
            }
        }
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        // Ask politely, then make sure a failed test leaves no engine
        // running.
        if let Ok(None) = self.child.try_wait() {
            self.send("quit");
            self.stdin = None;
            for _ in 0..100 {
                if let Ok(Some(_)) = self.child.try_wait() {
                    return;
                }
                std::thread::sleep(Duration::from_millis(10));
            }
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

/// The output is exactly one result line starting with `result` and
/// carrying a `{comment}`.
pub fn assert_result(out: &[String], result: &str) {
    assert!(
        out.len() == 1 && out[0].starts_with(&format!("{result} {{")) && out[0].ends_with('}'),
        "expected one '{result} {{...}}' line, got {out:?}"
    );
}

/// Tokens of a piece-to-char table: `.` or an optional `^`/`*` prefix, a
/// letter and an optional `'`/`!`.
pub fn table_tokens(table: &str) -> Vec<String> {
    let mut tokens = Vec::new();
    let mut chars = table.chars().peekable();
    while let Some(c) = chars.next() {
        let mut t = c.to_string();
        if c == '^' || c == '*' {
            t.push(chars.next().expect("prefix without a letter"));
        }
        if let Some(&s) = chars.peek().filter(|&&s| s == '\'' || s == '!') {
            t.push(s);
            chars.next();
        }
        tokens.push(t);
    }
    tokens
}
