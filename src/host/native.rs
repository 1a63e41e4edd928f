//! The native host: standard input read on a thread of its own, output to
//! standard output, searches on threads (`engine::control`).

use super::MAX_LINE;
use crate::engine::link::{Link, Protocol};
use std::io::{BufRead, Read};
use std::sync::Arc;
use std::sync::mpsc::{Sender, channel};

/// What the host's loop waits for.
enum Event {
    Line(String),
    /// A line longer than `MAX_LINE`, skipped unread.
    Overlong,
    /// Search number N has its result ready.
    Finished(u64),
}

/// Run the protocol that `make` builds on standard input and output until
/// `quit` or the end of input; `first` is a line already read (the one
/// that chose the protocol).
pub fn run<P: Protocol>(make: impl FnOnce(Link) -> P, first: Option<String>) {
    let (tx, rx) = channel::<Event>();
    let finished = tx.clone();
    let link = Link {
        finished: Arc::new(move |id| {
            // The loop is gone only after `quit`, when nobody waits for
            // the search any more.
            let _ = finished.send(Event::Finished(id));
        }),
        ..Link::writer(std::io::stdout())
    };
    let mut protocol = make(link);
    let interrupt = protocol.interrupter(true);
    if let Some(line) = &first {
        log::debug!("< {line}");
        if !protocol.handle(line) {
            return;
        }
    }
    std::thread::spawn(move || read_lines(&tx, &*interrupt));
    while let Ok(event) = rx.recv() {
        match event {
            Event::Line(line) => {
                log::debug!("< {line}");
                if !protocol.handle(&line) {
                    break;
                }
            }
            Event::Overlong => {
                protocol.refuse(&format!("line too long (over {MAX_LINE} bytes), skipped"))
            }
            Event::Finished(id) => protocol.search_ended(id),
        }
    }
}

/// Forward input lines, each judged by `interrupt` as it arrives, until the
/// input ends (then a `quit`).
fn read_lines(lines: &Sender<Event>, interrupt: &(dyn Fn(&str) + Send + Sync)) {
    let mut stdin = std::io::stdin().lock();
    let mut bytes = Vec::new();
    loop {
        bytes.clear();
        match (&mut stdin)
            .take(MAX_LINE as u64 + 1)
            .read_until(b'\n', &mut bytes)
        {
            Ok(0) | Err(_) => break,
            Ok(_) => {}
        }
        let event = if bytes.len() > MAX_LINE {
            // Skip the rest of the over-long line.
            let _ = stdin.skip_until(b'\n');
            Event::Overlong
        } else {
            // Bytes that are not UTF-8 become U+FFFD: the command is then
            // refused like any other bad line.
            let line = String::from_utf8_lossy(&bytes)
                .trim_end_matches(['\n', '\r'])
                .to_string();
            interrupt(&line);
            Event::Line(line)
        };
        if lines.send(event).is_err() {
            return;
        }
    }
    interrupt("quit");
    let _ = lines.send(Event::Line("quit".to_string()));
}

/// Read the first input line (it chooses the protocol: `usi` starts USI,
/// anything else CECP, which handles that line itself).
pub fn first_line() -> Option<String> {
    let mut line = String::new();
    match std::io::stdin()
        .lock()
        .take(MAX_LINE as u64)
        .read_line(&mut line)
    {
        Ok(0) | Err(_) => None,
        Ok(_) => Some(line.trim_end_matches(['\n', '\r']).to_string()),
    }
}
