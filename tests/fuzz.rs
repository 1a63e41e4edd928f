//! Fuzzing the protocol: random command lines, FENs and move strings in
//! every variant, fed to the CECP engine in-process. Nothing may panic,
//! and an input the engine rejects (`Error ...`, `Illegal move ...`,
//! `tellusererror Illegal position ...`) must
//! leave the game exactly as it was.
//!
//! The count per variant is `KYODAI_FUZZ_INPUTS` (default 2000);
//! `scripts/fuzz.sh` runs a long series the same way.

use kyodai::board::Position;
use kyodai::engine::link::Link;
use kyodai::game::legal_moves;
use kyodai::types::Rng;
use kyodai::variant::VariantSet;
use kyodai::xboard::Engine;
use std::io::Write;
use std::sync::{Arc, Mutex};

/// The engine's output, shared with the test.
#[derive(Clone, Default)]
struct Sink(Arc<Mutex<Vec<u8>>>);

impl Write for Sink {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().expect("one writer").extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Sink {
    fn take(&self) -> String {
        String::from_utf8_lossy(&std::mem::take(&mut *self.0.lock().expect("one writer")))
            .into_owned()
    }
}

/// Everything about the game an input may change.
fn state(e: &Engine) -> (String, usize, u64, bool) {
    let p = e.position();
    (p.fen(), p.ply(), p.hash(), e.is_game_over())
}

const COMMANDS: &[&str] = &[
    "usermove",
    "setboard",
    "lift",
    "put",
    "hover",
    "variant",
    "level",
    "st",
    "sd",
    "time",
    "otim",
    "memory",
    "cores",
    "option",
    "exclude",
    "include",
    "undo",
    "remove",
    "ping",
    "result",
    "draw",
    "force",
    "new",
    "analyze",
    "exit",
    ".",
    "?",
    "protover",
    "accepted",
    "rejected",
    "white",
    "black",
    "random",
    "computer",
    "name",
    "rating",
    "ics",
    "hard",
    "easy",
    "post",
    "nopost",
    "edit",
    "bk",
    "xboard",
    "hint",
    "playother",
    "go",
    "quit",
    "",
];

const WORDS: &[&str] = &[
    "0",
    "1",
    "-1",
    "40",
    "2147483648",
    "99999999999999999999",
    "1e9",
    "0:30",
    "1:00:00",
    "0.5",
    "NaN",
    "inf",
    "all",
    "chu",
    "dai",
    "cashew-shogi",
    "suzumu",
    "HaChu compatible moves=1",
    "Contempt=50",
    "Resign threshold=x",
    "Random opening moves=2",
    "Okazaki rule=1",
    "XBoard-safe moves=0",
    "Nutty Shogi layout=Chariot d2",
    "Nutty Shogi layout=",
    "=",
    "@@@@",
    ",",
    "+",
    "é",
    "\u{fffd}",
    "\t",
    "w",
    "b",
    "- 0 1",
];

/// A square name, mostly on the board.
fn square(rng: &mut Rng) -> String {
    let file = (b'a' + rng.below(18) as u8) as char;
    format!("{file}{}", rng.below(18))
}

/// A move string: a legal move with a mutation, or pieces of notation.
fn move_text(rng: &mut Rng, pos: &mut Position) -> String {
    let legal = legal_moves(pos);
    let mut text = if !legal.is_empty() && rng.below(3) > 0 {
        legal[rng.below(legal.len())].to_string()
    } else {
        let legs = 1 + rng.below(3);
        (0..legs)
            .map(|_| format!("{}{}", square(rng), square(rng)))
            .collect::<Vec<_>>()
            .join(",")
    };
    mutate(rng, &mut text, "abcdefghijklmnop0123456789,+@x=-");
    text
}

/// Zero to three random edits: delete, insert or replace a character, or
/// cut the text short.
fn mutate(rng: &mut Rng, text: &mut String, alphabet: &str) {
    let alphabet: Vec<char> = alphabet.chars().collect();
    for _ in 0..rng.below(4) {
        let chars: Vec<char> = text.chars().collect();
        let at = rng.below(chars.len() + 1);
        let c = alphabet[rng.below(alphabet.len())];
        let mut out: Vec<char> = chars.clone();
        match rng.below(4) {
            0 if at < out.len() => {
                out.remove(at);
            }
            1 => out.insert(at, c),
            2 if at < out.len() => out[at] = c,
            _ => out.truncate(at),
        }
        *text = out.into_iter().collect();
    }
}

/// One input line.
fn input(rng: &mut Rng, e: &Engine, start_fen: &str) -> String {
    let mut pos = e.position().clone();
    match rng.below(11) {
        0..=3 => format!("usermove {}", move_text(rng, &mut pos)),
        // Mouse entry, mostly on the squares of a real move's legs.
        10 => {
            let cmd = ["lift", "put", "hover"][rng.below(3)];
            let legal = legal_moves(&mut pos);
            let sq = match legal.get(rng.below(legal.len() + 1)) {
                Some(m) => {
                    let legs: Vec<_> = std::iter::once(m.from())
                        .chain(m.kills().iter().copied())
                        .chain(std::iter::once(m.to()))
                        .collect();
                    legs[rng.below(legs.len())].to_string()
                }
                None => square(rng),
            };
            format!("{cmd} {sq}")
        }
        4 => {
            let mut fen = if rng.below(2) == 0 {
                start_fen.to_string()
            } else {
                pos.fen()
            };
            mutate(rng, &mut fen, "pPkKgGlLnN+!'/123456789 wb-");
            format!("setboard {fen}")
        }
        5 => move_text(rng, &mut pos),
        6 => {
            // Raw junk, control characters and all.
            (0..rng.below(20))
                .map(|_| char::from_u32(rng.below(0x3000) as u32).unwrap_or('?'))
                .collect()
        }
        _ => {
            let cmd = COMMANDS[rng.below(COMMANDS.len())];
            let args: Vec<&str> = (0..rng.below(4))
                .map(|_| WORDS[rng.below(WORDS.len())])
                .collect();
            format!("{cmd} {}", args.join(" "))
        }
    }
}

#[test]
fn random_input_never_panics_and_rejected_input_changes_nothing() {
    let per_variant: usize = std::env::var("KYODAI_FUZZ_INPUTS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(2000);
    let set = VariantSet::builtin();
    let mut rng = Rng::new(
        std::env::var("KYODAI_FUZZ_SEED")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(20261121),
    );
    let mut total = 0;
    for v in &set.variants {
        let sink = Sink::default();
        let mut e = Engine::new(set, None, Link::writer(sink.clone()));
        for line in [
            "xboard",
            "protover 2",
            "memory 1",
            "new",
            &format!("variant {}", v.name),
            "force",
        ] {
            e.command(line);
        }
        sink.take();
        for _ in 0..per_variant {
            let line = input(&mut rng, &e, &v.start_fen);
            let before = state(&e);
            let cmd = line.split_whitespace().next().unwrap_or("");
            total += 1;
            if cmd == "quit" {
                assert!(!e.command(&line), "quit must end the session");
                continue;
            }
            e.command(&line);
            // The engine may be on move now (`go`, `playother`): keep
            // its search short. `sd` from the fuzz is overridden here.
            e.command("sd 1");
            e.command("st 0.01");
            let between = state(&e);
            e.respond();
            let out = sink.take();
            let rejected = out.lines().any(|l| {
                l.starts_with("Error")
                    || l.starts_with("Illegal move")
                    || l.starts_with("tellusererror Illegal position")
            });
            if rejected {
                assert_eq!(
                    before, between,
                    "{}: rejected {line:?} changed the game: {out}",
                    v.name
                );
            }
        }
    }
    eprintln!("fuzz: {total} inputs, no panic, every rejected input left the game as it was");
}
