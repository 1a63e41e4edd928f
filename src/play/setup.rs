//! Bringing two engine processes to a game: the protocol's handshake
//! (CECP features, USI `usiok`), synchronising them (`ping`, `isready`),
//! and telling each the variant, its options, the position and the time
//! control; with the reader of the engines' next line that the referee
//! also plays the game by.

use super::config::Protocol;
use super::engine::{
    Engine, Event, FEATURE_TIMEOUT, FEATURE_TIMEOUT_LONG, FEATURE_TIMEOUT_SILENT, Message,
    PING_TIMEOUT, receive,
};
use super::usi::USIOK_TIMEOUT;
use crate::variant::Variant;
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::Instant;

/// What waiting for an engine's next line can end with besides a line.
pub(super) enum Silence {
    /// The deadline passed.
    Timeout,
    /// This seat's engine closed its output (it exited or crashed).
    Closed(usize),
}

/// The next line either engine prints before `deadline` (`None`: no
/// limit), with its seat and arrival time; traced under `-debug`.
pub(super) fn next_line(
    engines: &[Engine; 2],
    rx: &Receiver<Message>,
    deadline: Option<Instant>,
) -> Result<(usize, Instant, String), Silence> {
    match receive(rx, deadline) {
        Err(RecvTimeoutError::Timeout) => Err(Silence::Timeout),
        // Both readers gone: the engines have both exited.
        Err(RecvTimeoutError::Disconnected) => Err(Silence::Closed(0)),
        Ok(Message {
            seat,
            event: Event::Closed,
            ..
        }) => Err(Silence::Closed(seat)),
        Ok(Message {
            seat,
            at,
            event: Event::Line(line),
        }) => {
            if engines[seat].is_debug() {
                engines[seat].trace('<', &line);
            }
            Ok((seat, at, line))
        }
    }
}

/// Both engines started and through the handshake, or the end of the game
/// if one failed there.
pub(super) fn handshake(
    engines: &mut [Engine; 2],
    rx: &Receiver<Message>,
) -> Result<(), (usize, String)> {
    let start = Instant::now();
    let mut deadlines = [None; 2];
    // Whether each engine has said anything yet: the protocol's two
    // seconds for the features count from its first line.
    let mut heard = [false; 2];
    for (e, deadline) in engines.iter_mut().zip(deadlines.iter_mut()) {
        match e.config.protocol {
            Protocol::Xboard => {
                e.send("xboard");
                e.send("protover 2");
                *deadline = Some(start + FEATURE_TIMEOUT_SILENT);
            }
            Protocol::Usi => {
                e.send("usi");
                *deadline = Some(start + USIOK_TIMEOUT);
            }
        }
    }
    while let Some(deadline) = deadlines.iter().flatten().min().copied() {
        match next_line(engines, rx, Some(deadline)) {
            Err(Silence::Timeout) => {
                for (seat, d) in deadlines.iter_mut().enumerate() {
                    if d.is_some_and(|d| d <= Instant::now()) {
                        if engines[seat].config.protocol == Protocol::Usi {
                            return Err((seat, " does not answer usi".to_string()));
                        }
                        // Protocol version 1, or features without `done`:
                        // go on with what it said.
                        *d = None;
                    }
                }
            }
            Err(Silence::Closed(seat)) => return Err((seat, "disconnects".to_string())),
            Ok((seat, _, line)) => {
                let first = !std::mem::replace(&mut heard[seat], true);
                match engines[seat].config.protocol {
                    Protocol::Usi => {
                        if engines[seat].take_usi_line(&line) {
                            deadlines[seat] = None;
                        }
                    }
                    Protocol::Xboard => match engines[seat].take_feature_line(&line) {
                        Some(true) => deadlines[seat] = None,
                        Some(false) => {
                            deadlines[seat] = Some(Instant::now() + FEATURE_TIMEOUT_LONG)
                        }
                        None if first => deadlines[seat] = Some(Instant::now() + FEATURE_TIMEOUT),
                        None => {}
                    },
                }
            }
        }
    }
    Ok(())
}

/// Send `ping` (USI: `isready`) to both and wait for both `pong`s
/// (`readyok`); CECP engines without `ping` are taken as ready.
pub(super) fn synchronise(
    engines: &mut [Engine; 2],
    rx: &Receiver<Message>,
) -> Result<(), (usize, String)> {
    let mut waiting: [Option<u32>; 2] = [None; 2];
    for (seat, e) in engines.iter_mut().enumerate() {
        if e.config.protocol == Protocol::Usi {
            e.send("isready");
            waiting[seat] = Some(0);
        } else if e.features.ping {
            waiting[seat] = Some(e.ping());
        }
    }
    let deadline = Instant::now() + PING_TIMEOUT;
    while let Some(seat) = waiting.iter().position(Option::is_some) {
        match next_line(engines, rx, Some(deadline)) {
            Err(Silence::Timeout) => return Err((seat, "'s connection stalls".to_string())),
            Err(Silence::Closed(seat)) => return Err((seat, "disconnects".to_string())),
            Ok((seat, _, line)) => {
                if engines[seat].config.protocol == Protocol::Usi {
                    if line.trim() == "readyok" {
                        waiting[seat] = None;
                    }
                } else if let (Some(n), Some(answer)) = (waiting[seat], line.strip_prefix("pong "))
                    && answer.trim() == n.to_string()
                {
                    waiting[seat] = None;
                }
            }
        }
    }
    Ok(())
}

/// The option an engine is given the match's rule set by, if it declares
/// it and the command line did not set it: Kyodai's `Rules`, under both
/// protocols.
const RULES_OPTION: &str = "Rules";

/// Tell a USI engine its options; the position and clocks come with each
/// `go`.
fn prepare_usi(e: &mut Engine, variant: &Variant) {
    let mut options = Vec::new();
    if e.declares("USI_Variant") {
        options.push(("USI_Variant".to_string(), "chushogi".to_string()));
    }
    if e.declares(RULES_OPTION) {
        options.push((RULES_OPTION.to_string(), variant.rules.name().to_string()));
    }
    if e.declares("USI_Hash") {
        options.push(("USI_Hash".to_string(), e.config.memory_mb.to_string()));
    }
    if e.declares("Threads") {
        options.push(("Threads".to_string(), e.config.cores.to_string()));
    }
    for (name, value) in e.config.options.clone() {
        options.retain(|(n, _)| !n.eq_ignore_ascii_case(&name));
        if e.declares(&name) {
            options.push((name, value));
        } else {
            log::warn!("{} declares no option '{name}': not sent", e.name);
        }
    }
    for (name, value) in options {
        e.send(&format!("setoption name {name} value {value}"));
    }
}

/// Tell an engine the variant, the position and the time control.
pub(super) fn prepare(
    e: &mut Engine,
    variant: &Variant,
    start_fen: &str,
    book: &[String],
) -> Result<(), String> {
    if e.config.protocol == Protocol::Usi {
        prepare_usi(e, variant);
        return Ok(());
    }
    if let Some(list) = &e.features.variants
        && !list.iter().any(|v| variant.answers_to(v))
    {
        return Err(format!("{} does not play {}", e.name, variant.name));
    }
    e.send("new");
    e.send(&format!("variant {}", variant.name));
    if e.features.memory {
        e.send(&format!("memory {}", e.config.memory_mb));
    }
    if e.features.smp {
        e.send(&format!("cores {}", e.config.cores));
    }
    if e.features.options.iter().any(|o| o == RULES_OPTION)
        && !e.config.options.iter().any(|(n, _)| n == RULES_OPTION)
    {
        e.send(&format!("option {RULES_OPTION}={}", variant.rules.name()));
    }
    for (name, value) in e.config.options.clone() {
        if e.features.options.contains(&name) {
            e.send(&format!("option {name}={value}"));
        } else {
            log::warn!("{} declares no option '{name}': not sent", e.name);
        }
    }
    e.send("force");
    if e.features.setboard {
        let fen = if e.reads_board_field_only() {
            start_fen.split_whitespace().next().unwrap_or(start_fen)
        } else {
            start_fen
        };
        e.send(&format!("setboard {fen}"));
    } else if start_fen != variant.start_fen {
        return Err(format!(
            "{} cannot be given a position (it has no setboard)",
            e.name
        ));
    }
    if let Some(cmd) = e.config.time_control.cecp_command() {
        e.send(&cmd);
    }
    if let Some(d) = e.config.depth {
        e.send(&format!("sd {d}"));
    }
    e.send("post");
    e.send(if e.config.ponder { "hard" } else { "easy" });
    e.send("computer");
    for m in book {
        send_move(e, m);
    }
    Ok(())
}

pub(super) fn send_move(e: &mut Engine, text: &str) {
    if e.features.usermove {
        e.send(&format!("usermove {text}"));
    } else {
        e.send(text);
    }
}
