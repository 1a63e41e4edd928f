//! Files of mate problems, one a line, as `kyodai mate` reads them: a FEN
//! as Kyodai reads it, or `sfen ` and lishogi's SFEN of a Chu position
//! (then solved under lishogi's rules and written in its USI notation),
//! optionally followed by ` ; NAME`. Blank lines and lines starting with
//! `#` are skipped. Each problem's report is a text line or, for
//! `--json`, one JSON object.

use super::{Limits, Solution, Verdict, solve};
use crate::board::Position;
use crate::moves::Move;
use crate::notation::usi::{parse_sfen, usi_move};
use crate::variant::{Rules, Variant, VariantSet};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::channel;

/// One problem read from a file.
#[derive(Clone)]
pub struct Problem {
    /// The name after ` ; `, else `line N`.
    pub name: String,
    /// The file's line number (from 1).
    pub line_number: usize,
    pub position: Position,
    /// Read from an SFEN: its moves are written in lishogi's notation.
    pub sfen: bool,
}

/// A line that is not a problem, or a problem the solver refuses.
#[derive(Clone, Debug)]
pub struct ProblemLineError {
    pub name: String,
    pub line_number: usize,
    pub message: String,
}

/// One problem's result.
pub struct Report {
    pub problem: Problem,
    pub result: Result<Solution, String>,
}

/// Read a file's text: its problems in order, and the lines that are none.
pub fn read_problems(
    text: &str,
    set: &'static VariantSet,
    variant: &'static Variant,
) -> Vec<Result<Problem, ProblemLineError>> {
    text.lines()
        .enumerate()
        .filter_map(|(i, line)| read_line(line, i + 1, set, variant))
        .collect()
}

/// One line: `None` for a blank line or a comment.
fn read_line(
    line: &str,
    line_number: usize,
    set: &'static VariantSet,
    variant: &'static Variant,
) -> Option<Result<Problem, ProblemLineError>> {
    let line = line.trim();
    if line.is_empty() || line.starts_with('#') {
        return None;
    }
    let (setup, name) = match line.split_once(" ; ") {
        Some((s, n)) if !n.trim().is_empty() => (s.trim(), n.trim().to_string()),
        _ => (line.trim_end_matches(" ;"), format!("line {line_number}")),
    };
    let error = |message: String| ProblemLineError {
        name: name.clone(),
        line_number,
        message,
    };
    let read = match setup.strip_prefix("sfen ") {
        Some(sfen) => set
            .find_with("chu", Rules::Lishogi)
            .ok_or_else(|| "no Chu variant under lishogi's rules is loaded".to_string())
            .and_then(|chu| parse_sfen(chu, sfen).map(|s| (s.position, true))),
        None => Position::from_fen(variant, setup).map(|p| (p, false)),
    };
    Some(
        read.map(|(position, sfen)| Problem {
            name: name.clone(),
            line_number,
            position,
            sfen,
        })
        .map_err(|e| error(format!("bad position: {e}"))),
    )
}

/// Solve `problems` on `threads` threads (a problem each at a time),
/// handing each report to `done` in the problems' order as soon as it and
/// those before it are ready.
pub fn solve_all(
    problems: Vec<Problem>,
    limits: &Limits,
    threads: usize,
    mut done: impl FnMut(Report),
) {
    let next = AtomicUsize::new(0);
    let problems = &problems;
    let (sender, receiver) = channel::<(usize, Report)>();
    let sender = Mutex::new(sender);
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1).min(problems.len().max(1)) {
            let sender = match sender.lock() {
                Ok(s) => s.clone(),
                Err(_) => return,
            };
            let next = &next;
            scope.spawn(move || {
                loop {
                    let i = next.fetch_add(1, Ordering::SeqCst);
                    let Some(problem) = problems.get(i) else {
                        break;
                    };
                    let result = solve(&problem.position, limits).map_err(|e| e.to_string());
                    let report = Report {
                        problem: problem.clone(),
                        result,
                    };
                    if sender.send((i, report)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(sender);
        // Reports come in any order; they go out in the file's.
        let mut waiting: Vec<Option<Report>> = (0..problems.len()).map(|_| None).collect();
        let mut next_out = 0;
        for (i, report) in receiver {
            waiting[i] = Some(report);
            while let Some(report) = waiting.get_mut(next_out).and_then(Option::take) {
                done(report);
                next_out += 1;
            }
        }
    });
}

/// The moves of `line` from `pos`: lishogi's USI notation for an SFEN
/// problem, CECP's otherwise.
pub fn line_text(pos: &Position, line: &[Move], sfen: bool) -> String {
    let mut replay = pos.clone();
    let mut words = Vec::with_capacity(line.len());
    for &mv in line {
        words.push(if sfen {
            usi_move(&replay, mv)
        } else {
            mv.cecp_text()
        });
        replay.make(mv);
    }
    words.join(" ")
}

/// A report as a text line: `NAME: VERDICT [LENGTH [minimal]] nodes N
/// time T ms [line MOVES]`, or `NAME: error MESSAGE`.
pub fn text_report(report: &Report) -> String {
    let name = &report.problem.name;
    match &report.result {
        Err(e) => format!("{name}: error {e}"),
        Ok(s) => {
            let length = match s.length {
                Some(n) if s.minimal => format!(" {n} minimal"),
                Some(n) => format!(" {n}"),
                None => String::new(),
            };
            let line = if s.verdict == Verdict::Mate {
                format!(
                    " line {}",
                    line_text(&report.problem.position, &s.line, report.problem.sfen)
                )
            } else {
                String::new()
            };
            let proof = s
                .proved_in
                .map_or(String::new(), |t| format!(" (proof {} ms)", t.as_millis()));
            format!(
                "{name}: {}{length} nodes {} time {} ms{proof}{line}",
                s.verdict.name(),
                s.nodes,
                s.elapsed.as_millis()
            )
        }
    }
}

/// A report as one JSON object: name, verdict (mate, nomate, unknown),
/// length (null without a mate), minimal, line, nodes, time_ms (the
/// shortening included), proof_ms (to the first proof; null without a
/// mate); or name and error.
pub fn json_report(report: &Report) -> String {
    let name = json_string(&report.problem.name);
    match &report.result {
        Err(e) => format!("{{\"name\":{name},\"error\":{}}}", json_string(e)),
        Ok(s) => format!(
            "{{\"name\":{name},\"verdict\":\"{}\",\"length\":{},\"minimal\":{},\"line\":{},\"nodes\":{},\"time_ms\":{},\"proof_ms\":{}}}",
            s.verdict.name(),
            s.length.map_or("null".to_string(), |n| n.to_string()),
            s.minimal,
            json_string(&line_text(
                &report.problem.position,
                &s.line,
                report.problem.sfen
            )),
            s.nodes,
            s.elapsed.as_millis(),
            s.proved_in
                .map_or("null".to_string(), |t| t.as_millis().to_string())
        ),
    }
}

/// `text` as a JSON string literal.
pub fn json_string(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}
