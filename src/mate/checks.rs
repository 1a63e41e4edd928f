//! Which moves may give check or end one, without making them: the
//! solver's filters, and its first estimate of a defender's answers.

use crate::board::Position;
use crate::movegen::{generate_captures_of, generate_of, royal_attacked};
use crate::moves::Move;
use crate::types::{Color, Square};
use crate::variant::{Power, Variant};

/// Whether every check in `variant` comes from a piece on a line through
/// the royal or within four squares of it, and from the pieces that
/// moved or were taken (`may_check`): not where a piece turns a corner
/// (hook movers), leaps anywhere (an Emperor), burns, freezes, or changes
/// its capturer (contagion).
pub(super) fn checks_are_local(variant: &Variant) -> bool {
    variant.pieces.iter().all(|t| {
        matches!(
            t.power,
            Power::None | Power::Lion | Power::DiagonalLion | Power::Wolf
        ) && !t.burns
            && !t.freezes
            && t.contagion.is_none()
    })
}

/// Whether `mv` in `pos` may give check to a royal on one of `targets`,
/// where checks are local (`checks_are_local`) and none is given now, or
/// (a move of the royal's side, not of a royal) may end the check the
/// royal is in: a capture may (it may also end the game), and a quiet
/// move if it starts or ends on a line through a royal or within four
/// squares of it (a discovered check opens a line through the square
/// left, a direct one comes from the square reached: slides and jumps
/// along lines, leaps, Lion and Wolf moves and area moves within four
/// squares; a check ends where a piece steps into its line).
pub(super) fn may_check(pos: &Position, mv: Move, targets: &[Square]) -> bool {
    !mv.kills().is_empty()
        || pos.piece_at(mv.to()).is_some()
        || targets
            .iter()
            .any(|&royal| lined_up(mv.from(), royal) || lined_up(mv.to(), royal))
}

/// Whether `a` and `b` share a rank, a file or a diagonal, or are within
/// four squares of each other.
fn lined_up(a: Square, b: Square) -> bool {
    let dx = a.file().abs_diff(b.file());
    let dy = a.rank().abs_diff(b.rank());
    dx.max(dy) <= 4 || dx == 0 || dy == 0 || dx == dy
}

/// A first estimate of the defender's answers to the check just given by
/// a move to `checker`: the moves of its royal and the captures on
/// `checker` that do not leave its last royal to be taken next move, or
/// that win the game at once; at least 1. With two royals or more, 1.
/// Interpositions and captures of a discovering piece are not counted:
/// making every move of the defender for every check took four fifths of
/// the solver's time, for a number that only orders the checks until the
/// defender's moves are searched. `moves`: room for the moves looked at.
pub(super) fn evasions(
    pos: &mut Position,
    attacker: Color,
    checker: Square,
    moves: &mut Vec<Move>,
) -> u32 {
    let defender = attacker.flip();
    if pos.royals(defender) != 1 {
        return 1;
    }
    let royal = pos.royal_squares(defender)[0];
    let mut n: u32 = 0;
    let mut count = |pos: &mut Position, moves: &[Move], skip_royal: bool| {
        for &mv in moves {
            if skip_royal && mv.from() == royal {
                continue;
            }
            pos.make(mv);
            if pos.royals_lost(attacker) || !royal_attacked(pos, defender) {
                n += 1;
            }
            pos.unmake();
        }
    };
    generate_of(pos, royal, moves);
    count(pos, moves, false);
    generate_captures_of(pos, checker, moves);
    count(pos, moves, true);
    n.max(1)
}
