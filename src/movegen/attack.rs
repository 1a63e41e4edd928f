//! The attack test: whether a piece could capture on a square next
//! move, walked out from the target over the compiled reach tables, with
//! the moves of the pieces it cannot see (special powers) generated and
//! looked at.

use super::burns::removes;
use super::emitter::{Emitter, Sink};
use crate::board::Position;
use crate::moves::Move;
use crate::types::{Color, KING_STEPS, LION_JUMPS, Square, WOLF_JUMPS};
use crate::variant::{PieceType, Power, UNLIMITED};

/// Only asks whether some move removes the piece on `target` (the attack
/// test for pieces with special moves).
struct Probe {
    target: Square,
    found: bool,
}

impl Sink for Probe {
    fn take(&mut self, pos: &Position, mv: Move) {
        self.found = self.found || removes(pos, mv, self.target);
    }

    #[inline(always)]
    fn may_take(&self, t: &PieceType, to: Square, kills: &[Square]) -> bool {
        !self.found && may_remove(t, to, kills, self.target)
    }
}

/// Whether a move of a `t` to `to` naming `kills` can remove the piece on
/// `target`: it lands there or names it, or the piece burns (a burn takes
/// only neighbours of the destination).
#[inline(always)]
pub(super) fn may_remove(t: &PieceType, to: Square, kills: &[Square], target: Square) -> bool {
    to == target || kills.contains(&target) || (t.burns && to.distance(target) <= 1)
}

/// Indices into `KING_STEPS` of a hook piece's four slide directions.
pub(crate) fn hook_directions(diagonal: bool) -> impl Iterator<Item = usize> {
    (usize::from(diagonal)..8).step_by(2)
}

/// Whether an Emperor on `from` may not take the royal on `to`: some other
/// piece of the royal's side could recapture there afterwards, an Emperor
/// of that side guarding every square.
pub(super) fn emperor_refused(pos: &Position, from: Square, to: Square) -> bool {
    let Some(victim) = pos.piece_at(to) else {
        return false;
    };
    attacked_by(pos, to, victim.color(), &[Some(from)], Some(to))
}

/// Whether the special piece (`PieceType::special`) on `from` can remove
/// the piece on `target` with its next move: its moves are generated and
/// looked at, once `special_may_reach` lets the target through.
fn special_attacks(pos: &Position, from: Square, target: Square) -> bool {
    if !special_may_reach(from, target) || pos.is_frozen(from) {
        return false;
    }
    let Some(p) = pos.piece_at(from) else {
        return false;
    };
    let v = pos.variant();
    let mut probe = Probe {
        target,
        found: false,
    };
    let mut e = Emitter::for_piece(pos, p.color(), &mut probe, true, pos.okazaki());
    e.piece_moves(v.piece(p.kind()), from);
    probe.found
}

/// Whether a special piece on `from` may remove the piece on `target` at
/// all: the target is within four squares, or it or one of its neighbours
/// stands on one of the lines through `from`. Area moves and burns stay
/// within four squares; jumps, skipped first squares and igui follow the
/// piece's lines; a burn at the end of a line move takes a neighbour of
/// the line's square.
pub(super) fn special_may_reach(from: Square, target: Square) -> bool {
    let dx = (target.file() as i32 - from.file() as i32).abs();
    let dy = (target.rank() as i32 - from.rank() as i32).abs();
    dx.max(dy) <= 4 || dx <= 1 || dy <= 1 || (dx - dy).abs() <= 2
}

/// Whether any piece of `by` could capture on `target` (a Lion or sting
/// by any of its legs), an Emperor counting as guarding every square (the
/// test for protection: docs/rules/macadamia.md 5.1). Squares in `transparent`
/// do not block lines, but a piece of `by` standing on one still attacks
/// (Lion-trading rule 1 judges protection with the capturing Lion lifted
/// and the first victim's square see-through), unless it is the piece on
/// `captured`.
pub fn attacked_by(
    pos: &Position,
    target: Square,
    by: Color,
    transparent: &[Option<Square>],
    captured: Option<Square>,
) -> bool {
    attacked_by_movers(pos, target, by, transparent, captured)
        || emperors(pos, by).any(|e| e != target && Some(e) != captured)
}

/// The squares of `by`'s Emperors.
pub(super) fn emperors(pos: &Position, by: Color) -> impl Iterator<Item = Square> + '_ {
    let v = pos.variant();
    let royals = if v.has_emperor {
        pos.royal_squares(by)
    } else {
        &[]
    };
    royals.iter().copied().filter(move |&sq| {
        pos.piece_at(sq)
            .is_some_and(|p| v.piece(p.kind()).power == Power::Emperor)
    })
}

/// `attacked_by` without Emperors.
fn attacked_by_movers(
    pos: &Position,
    target: Square,
    by: Color,
    transparent: &[Option<Square>],
    captured: Option<Square>,
) -> bool {
    for_each_attacker(pos, target, by, transparent, captured, &mut |_| true)
        || pos
            .specials(by)
            .iter()
            .any(|&sq| Some(sq) != captured && special_attacks(pos, sq, target))
}

/// Calls `visit` with the square of each piece of `by` without special
/// moves (nor an Emperor's) that can capture on `target`, a piece perhaps
/// more than once, until `visit` returns true; whether it did.
#[inline(always)]
pub(super) fn for_each_attacker(
    pos: &Position,
    target: Square,
    by: Color,
    transparent: &[Option<Square>],
    captured: Option<Square>,
    visit: &mut impl FnMut(Square) -> bool,
) -> bool {
    // The piece on `captured` is gone: it neither blocks nor attacks; a
    // frozen piece does not move.
    let attacker = |sq: Square| {
        pos.piece_at(sq)
            .filter(|p| p.color() == by && Some(sq) != captured && !pos.is_frozen(sq))
    };
    let v = pos.variant();
    for (i, &d) in KING_STEPS.iter().enumerate() {
        let back = (i + 4) % 8;
        let mut sq = target;
        let mut distance = 0u8;
        loop {
            sq = sq.offset(d);
            distance += 1;
            let cell = pos.cell(sq);
            if cell.is_off() {
                break;
            }
            if cell.piece().is_some() {
                if let Some(p) = attacker(sq) {
                    let t = v.piece(p.kind());
                    let reach = t.reach(by, back);
                    // Farther Wolves are found by their jumps below.
                    let attacks = reach == UNLIMITED
                        || reach >= distance
                        || (distance <= 2
                            && (t.power == Power::Lion
                                || t.stings(by).contains(&KING_STEPS[back])))
                        || (distance == 1 && t.power == Power::Wolf);
                    if attacks && visit(sq) {
                        return true;
                    }
                }
                if !transparent.contains(&Some(sq)) {
                    break;
                }
            }
        }
    }
    // Jumps to distance 2 over whatever stands between.
    for &j in &LION_JUMPS {
        let sq = target.offset(j);
        if let Some(p) = attacker(sq) {
            let t = v.piece(p.kind());
            if (t.power == Power::Lion || t.stings(by).iter().any(|&d| 2 * d == -j)) && visit(sq) {
                return true;
            }
        }
    }
    if v.has_wolves {
        for &j in &WOLF_JUMPS {
            let sq = target.offset(j);
            if attacker(sq).is_some_and(|p| v.piece(p.kind()).power == Power::Wolf) && visit(sq) {
                return true;
            }
        }
    }
    if hooked(pos, target, by, transparent, captured, visit) {
        return true;
    }
    // Pieces with special moves exist only where no rule asks for
    // transparent squares (Lion trading, the Emperor); the callers look at
    // their generated moves.
    for &l in &v.leap_deltas[by.index()] {
        let sq = target.offset(-l);
        if attacker(sq).is_some_and(|p| v.piece(p.kind()).leaps(by).contains(&l)) && visit(sq) {
            return true;
        }
    }
    false
}

/// Whether a hook move of `by` (with its turn) reaches `target`: walk back
/// from the target along the second slide over empty squares; each one is
/// a possible turning square, from which the first piece met sideways is
/// the candidate mover.
fn hooked(
    pos: &Position,
    target: Square,
    by: Color,
    transparent: &[Option<Square>],
    captured: Option<Square>,
    visit: &mut impl FnMut(Square) -> bool,
) -> bool {
    let v = pos.variant();
    let clear = |sq: Square| pos.cell(sq).is_empty() || transparent.contains(&Some(sq));
    for diagonal in [false, true] {
        if !pos.has_hook(by, diagonal) {
            continue;
        }
        for i in hook_directions(diagonal) {
            let a = KING_STEPS[i];
            let mut turn = target.offset(a);
            while clear(turn) {
                for b in [KING_STEPS[(i + 2) % 8], KING_STEPS[(i + 6) % 8]] {
                    let mut sq = turn.offset(b);
                    while clear(sq) {
                        sq = sq.offset(b);
                    }
                    let hooker = pos.piece_at(sq).filter(|p| {
                        p.color() == by
                            && Some(sq) != captured
                            && v.piece(p.kind()).power == Power::Hook { diagonal }
                    });
                    if hooker.is_some() && visit(sq) {
                        return true;
                    }
                }
                turn = turn.offset(a);
            }
        }
    }
    false
}

/// Whether some royal of `color` can be captured by the opponent's next
/// move.
pub fn royal_attacked(pos: &Position, color: Color) -> bool {
    pos.royal_squares(color)
        .iter()
        .any(|&sq| capturable(pos, sq, color.flip()))
}

/// Whether `by` can capture the piece on `sq` with its next move: as
/// `attacked_by`, except that an Emperor takes a royal only when it is
/// unprotected (docs/rules/macadamia.md 5.1 and 6: only then does it attack it).
pub fn capturable(pos: &Position, sq: Square, by: Color) -> bool {
    let royal = pos
        .piece_at(sq)
        .is_some_and(|p| pos.variant().piece(p.kind()).royal);
    if !royal {
        return attacked_by(pos, sq, by, &[], None);
    }
    attacked_by_movers(pos, sq, by, &[], None)
        || emperors(pos, by).any(|e| !emperor_refused(pos, e, sq))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::movegen::{generate, generate_captures, generate_captures_of, is_capture};
    use crate::moves::Move;
    use crate::variant::{Variant, VariantSet};

    /// Along random games: the board's incremental hash, material and
    /// placement equal those of the same position read from its FEN;
    /// `generate_captures` must give exactly the capturing moves of
    /// `generate`, `generate_captures_of` and `capturable` must agree with
    /// move generation: a
    /// square holding a piece is attacked exactly when the other side, to
    /// move, has a move removing that piece. In every variant; Lions are left
    /// out as victims under Chu's Lion-trading rules (rule 1 may forbid
    /// capturing them though they are attacked).
    #[test]
    fn attack_test_and_capture_generation_agree_with_generation() {
        for v in &VariantSet::builtin().variants {
            attack_test_agrees_with_generation(v);
        }
    }

    fn attack_test_agrees_with_generation(v: &'static Variant) {
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        let mut rand = move |n: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % n as u64) as usize
        };
        let mut checked = 0;
        for _game in 0..20 {
            let mut pos = Position::start(v);
            let mut moves = Vec::new();
            for _ply in 0..120 {
                generate(&pos, &mut moves);
                if moves.is_empty() {
                    break;
                }
                // Prefer captures so that positions get open and varied.
                let captures: Vec<Move> = moves
                    .iter()
                    .copied()
                    .filter(|&m| is_capture(&pos, m))
                    .collect();
                let mv = if !captures.is_empty() && rand(3) > 0 {
                    captures[rand(captures.len())]
                } else {
                    moves[rand(moves.len())]
                };
                pos.make(mv);
                if pos.is_over() {
                    break;
                }
                // Incremental state equals the state computed from scratch.
                let fresh = Position::from_fen(v, &pos.fen()).unwrap();
                assert_eq!(
                    (
                        fresh.hash(),
                        fresh.placement(),
                        fresh.material(Color::White),
                        fresh.material(Color::Black)
                    ),
                    (
                        pos.hash(),
                        pos.placement(),
                        pos.material(Color::White),
                        pos.material(Color::Black)
                    ),
                    "{}",
                    pos.fen()
                );
                let mut all = Vec::new();
                let mut captures = Vec::new();
                generate(&pos, &mut all);
                generate_captures(&pos, &mut captures);
                all.retain(|&m| is_capture(&pos, m));
                assert_eq!(all, captures, "{}", pos.fen());
                // The captures removing one piece, or ending on one empty
                // square (quiescence asks for those of the square the last
                // mover went to, which a burn may have emptied), from the
                // attackers alone, are those the whole list has, in its
                // order.
                let mut of_target = Vec::new();
                for &sq in &v.squares {
                    generate_captures_of(&pos, sq, &mut of_target);
                    let expected: Vec<Move> = captures
                        .iter()
                        .copied()
                        .filter(|&m| removes(&pos, m, sq))
                        .collect();
                    assert_eq!(of_target, expected, "{} square {sq}", pos.fen());
                }
                for by in Color::BOTH {
                    let board = pos.fen().split(' ').next().unwrap().to_string();
                    let fen = format!("{board} {}", if by == Color::White { "w" } else { "b" });
                    let turned = Position::from_fen(v, &fen).unwrap();
                    let mut theirs = Vec::new();
                    generate(&turned, &mut theirs);
                    for (sq, p) in pos.pieces(by.flip()) {
                        if v.lion_trading && v.piece(p.kind()).is_lion() {
                            continue;
                        }
                        let by_generation = theirs.iter().any(|&m| removes(&turned, m, sq));
                        assert_eq!(
                            capturable(&pos, sq, by),
                            by_generation,
                            "{} {fen} square {sq}",
                            v.name
                        );
                        checked += 1;
                    }
                }
            }
        }
        assert!(
            checked > 5_000,
            "{}: only {checked} squares checked",
            v.name
        );
    }
}
