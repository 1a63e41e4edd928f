//! Mate lines: replayed under the game's rules, and counted as problem
//! books count them.

use crate::board::Position;
use crate::game;
use crate::movegen::royal_attacked;
use crate::moves::Move;
use crate::types::Color;

/// The plies of a verified mate line as problem books count them: to the
/// mating move, without the defender's last reply and the capture; a line
/// that ends with the defender to move and without a legal move is all
/// mate.
pub(super) fn book_length(pos: &Position, attacker: Color, line: &[Move]) -> usize {
    let mut end = pos.clone();
    for &mv in line {
        end.make(mv);
    }
    if end.side() != attacker && !end.is_over() {
        line.len()
    } else {
        line.len().saturating_sub(2)
    }
}

/// Replay `line` from `pos` under the game's rules: every move legal (the
/// repetition rule included), every attacking move a check or the end of
/// the game, and the game won by the attacker at the line's end.
pub fn verify_line(pos: &Position, line: &[Move]) -> Result<(), String> {
    verify_line_as(pos, pos.side(), line)
}

/// `verify_line` with `attacker` attacking, whoever is to move in `pos`.
pub(super) fn verify_line_as(pos: &Position, attacker: Color, line: &[Move]) -> Result<(), String> {
    let mut replay = pos.clone();
    let mut ending = None;
    for (i, &mv) in line.iter().enumerate() {
        if ending.is_some() {
            return Err(format!("move {} ({mv}) comes after the game ended", i + 1));
        }
        if !game::legal_moves(&mut replay).contains(&mv) {
            return Err(format!("move {} ({mv}) is not legal", i + 1));
        }
        let mover = replay.side();
        ending = game::play(&mut replay, mv);
        if mover == attacker && ending.is_none() && !royal_attacked(&replay, attacker.flip()) {
            return Err(format!("move {} ({mv}) is not a check", i + 1));
        }
    }
    let ending = ending.or_else(|| game::ending(&mut replay, None));
    match ending {
        Some(end) if end.winner == Some(attacker) => Ok(()),
        Some(end) => Err(format!("the line ends {} {{{end}}}", end.result())),
        None => Err("the game has not ended at the line's end".to_string()),
    }
}
