//! Helpers shared by the rule tests (`chu_rules.rs`, `dai_rules.rs`,
//! `cashew_rules.rs`, `macadamia_rules.rs`, `nutty_rules.rs`,
//! `suzumu_rules.rs`, `repetition.rs`) and, in `cecp`, the engine driver of
//! the protocol tests.
//!
//! Positions are written as piece lists, `"K@a1 k@l12 N@f6 +o@f8"`: upper
//! case = the first mover (XBoard "white", moving up), lower case = the
//! second (moving down), `+` = promoted, `'`/`!` suffixes as in the FEN.
//! A move check asks `parse_move` (docs/notation.md notation): `Ok` = legal.

// Each test file uses its own subset of the helpers.
#![allow(dead_code)]

pub mod cecp;

use std::io::{BufRead, BufReader};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};

use kyodai::board::Position;
use kyodai::movegen::{generate, parse_move};
use kyodai::moves::{Move, MoveText};
use kyodai::repetition::{Verdict, verdict};
use kyodai::types::Square;
use kyodai::variant::{Variant, VariantSet};

/// A built-in variant by name.
pub fn variant(name: &str) -> &'static Variant {
    VariantSet::builtin()
        .find(name)
        .unwrap_or_else(|| panic!("variant {name} exists"))
}

/// Defines `white(pieces)` (first mover to move) and `black(pieces)` (second
/// mover to move) for the variant a test file is about.
#[allow(unused_macros)]
macro_rules! sides {
    ($name:expr) => {
        /// The listed pieces, the first mover (Sente, "white") to move.
        fn white(pieces: &str) -> kyodai::board::Position {
            $crate::common::setup($crate::common::variant($name), pieces, 'w')
        }

        /// The listed pieces, the second mover (Gote, "black") to move.
        #[allow(dead_code)]
        fn black(pieces: &str) -> kyodai::board::Position {
            $crate::common::setup($crate::common::variant($name), pieces, 'b')
        }
    };
}
#[allow(unused_imports)]
pub(crate) use sides;

/// Parse a square name (`a1`, `m13`).
pub fn sq(name: &str) -> Square {
    let file = (name.as_bytes()[0] - b'a') as usize;
    let rank: usize = name[1..].parse().unwrap();
    Square::new(file, rank - 1)
}

/// FEN of a board of `v`'s size holding the listed pieces, `side` 'w' or 'b'.
pub fn fen(v: &Variant, pieces: &str, side: char) -> String {
    let (width, height) = (v.width, v.height);
    let mut grid: Vec<Vec<Option<String>>> = vec![vec![None; width]; height];
    for item in pieces.split_whitespace() {
        let (token, square) = item.split_once('@').expect("piece@square");
        let file = (square.as_bytes()[0] - b'a') as usize;
        let rank: usize = square[1..].parse().expect("rank number");
        assert!(
            file < width && (1..=height).contains(&rank),
            "bad square {square}"
        );
        assert!(grid[rank - 1][file].is_none(), "{square} used twice");
        grid[rank - 1][file] = Some(token.to_string());
    }
    let mut rows = Vec::new();
    for rank in (0..height).rev() {
        let mut row = String::new();
        let mut empty = 0;
        for cell in &grid[rank] {
            match cell {
                None => empty += 1,
                Some(t) => {
                    if empty > 0 {
                        row.push_str(&empty.to_string());
                        empty = 0;
                    }
                    row.push_str(t);
                }
            }
        }
        if empty > 0 {
            row.push_str(&empty.to_string());
        }
        rows.push(row);
    }
    format!("{} {side} - 0 1", rows.join("/"))
}

/// The position of `v` holding the listed pieces, `side` to move.
pub fn setup(v: &'static Variant, pieces: &str, side: char) -> Position {
    let f = fen(v, pieces, side);
    Position::from_fen(v, &f).unwrap_or_else(|e| panic!("bad FEN {f}: {e}"))
}

/// Play moves (each must be legal).
pub fn play(pos: &mut Position, moves: &str) {
    for m in moves.split_whitespace() {
        let mv = parse_move(pos, m)
            .unwrap_or_else(|e| panic!("setup move {m} rejected in {}: {e}", pos.fen()));
        pos.make(mv);
    }
}

/// The position after one legal move.
pub fn after(pos: &Position, m: &str) -> Position {
    let mut p = pos.clone();
    play(&mut p, m);
    p
}

/// The board after `m` must be the listed pieces, `side` to move.
pub fn assert_after(pos: &Position, m: &str, pieces: &str, side: char) {
    let p = after(pos, m);
    assert_eq!(
        p.fen(),
        fen(pos.variant(), pieces, side),
        "position after {m} from {}",
        pos.fen()
    );
}

/// The FEN token on a square (`None` if empty).
pub fn token_at(pos: &Position, square: &str) -> Option<String> {
    pos.piece_at(sq(square)).map(|p| pos.token(p))
}

pub fn legal(pos: &Position, m: &str) -> Move {
    parse_move(pos, m).unwrap_or_else(|e| {
        panic!(
            "{m} should be legal in {} (state {:?}): {e}",
            pos.fen(),
            pos.state()
        )
    })
}

pub fn illegal(pos: &Position, m: &str) {
    // A typo must not make the check pass: the text itself has to be a
    // well-formed move string.
    let v = pos.variant();
    if let Err(e) = MoveText::parse(m, v.width, v.height) {
        panic!("test bug: '{m}' is not a well-formed move string: {e}");
    }
    if let Ok(mv) = parse_move(pos, m) {
        panic!(
            "{m} should be illegal in {} (state {:?}), but was accepted as {mv}",
            pos.fen(),
            pos.state()
        );
    }
}

/// Whether the legal (accepted) move `m` is one `generate` lists.
fn generated(pos: &Position, m: &str) -> bool {
    let mv = legal(pos, m);
    let mut list = Vec::new();
    generate(pos, &mut list);
    list.contains(&mv)
}

/// `m` is accepted from an opponent (liberal reading) but is not a move
/// the engine generates, and so never plays, under its own rules.
pub fn accepted_not_played(pos: &Position, m: &str) {
    assert!(
        !generated(pos, m),
        "{m} should not be generated in {} ({:?})",
        pos.fen(),
        pos.state()
    );
}

/// `m` is a move `generate` lists.
pub fn played(pos: &Position, m: &str) {
    assert!(
        generated(pos, m),
        "{m} should be generated in {}",
        pos.fen()
    );
}

pub fn all_legal(pos: &Position, moves: &[&str]) {
    for m in moves {
        legal(pos, m);
    }
}

pub fn all_illegal(pos: &Position, moves: &[&str]) {
    for m in moves {
        illegal(pos, m);
    }
}

/// Number of moves `generate` lists.
pub fn count(pos: &Position) -> usize {
    let mut list = Vec::new();
    generate(pos, &mut list);
    list.len()
}

/// `token` on each of the (up to) eight squares around `center`, except
/// those in `except`, as a piece list (`"P@f6 P@g6 ..."`).
pub fn ring_around(center: &str, token: &str, except: &[&str]) -> String {
    let file = center.as_bytes()[0] as i32;
    let rank: i32 = center[1..].parse().expect("rank number");
    let mut items = Vec::new();
    for dr in -1..=1 {
        for df in -1..=1 {
            if (df, dr) == (0, 0) || file + df < b'a' as i32 || rank + dr < 1 {
                continue;
            }
            let square = format!("{}{}", (file + df) as u8 as char, rank + dr);
            if !except.contains(&square.as_str()) {
                items.push(format!("{token}@{square}"));
            }
        }
    }
    items.join(" ")
}

/// Play `moves` from the listed pieces (`side` to move) in `variant_name`;
/// the verdict must be `None` after every move but the last and `expected`
/// after the last (the first recurrence decides).
pub fn cycle(variant_name: &str, pieces: &str, side: char, moves: &str, expected: Verdict) {
    let mut pos = setup(variant(variant_name), pieces, side);
    let moves: Vec<&str> = moves.split_whitespace().collect();
    for (i, m) in moves.iter().enumerate() {
        let mv = legal(&pos, m);
        pos.make(mv);
        let got = verdict(&mut pos);
        if i + 1 < moves.len() {
            assert_eq!(got, None, "{variant_name}: no repetition yet after {m}");
        } else {
            assert_eq!(
                got,
                Some(expected),
                "{variant_name}: verdict after {m} closing the cycle {moves:?}"
            );
        }
    }
}

/// Start the engine binary with `args`; its output lines arrive on the
/// channel, fed by a reader thread (so that every read can have a deadline
/// and a hung engine fails a test instead of hanging it).
pub fn spawn_engine(args: &[&str]) -> (Child, Option<ChildStdin>, Receiver<String>) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_kyodai"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("cannot start the engine");
    let stdin = child.stdin.take();
    let stdout = child.stdout.take().expect("engine stdout");
    let (tx, rx) = channel();
    std::thread::spawn(move || {
        let mut reader = BufReader::new(stdout);
        let mut buf = Vec::new();
        loop {
            buf.clear();
            match reader.read_until(b'\n', &mut buf) {
                Ok(0) | Err(_) => return,
                Ok(_) => {
                    let line = String::from_utf8_lossy(&buf)
                        .trim_end_matches(['\n', '\r'])
                        .to_string();
                    if tx.send(line).is_err() {
                        return;
                    }
                }
            }
        }
    });
    (child, stdin, rx)
}
