//! The attack test: whether a piece could capture on a square next
//! move, walked out from the target over the compiled reach tables, with
//! the moves of the pieces it cannot see (special powers) generated and
//! looked at.

use super::burns::removes;
use super::emitter::{Emitter, Sink};
use crate::board::Position;
use crate::moves::Move;
use crate::types::{Color, KING_STEPS, LION_JUMPS, Piece, Square, WOLF_JUMPS, delta};
use crate::variant::{PieceType, Power, UNLIMITED};
use arrayvec::ArrayVec;

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
    let attacker = |sq: Square| attacker_on(pos, sq, by, captured);
    let v = pos.variant();
    for i in 0..KING_STEPS.len() {
        if let Some(sq) = line_attacker(pos, target, by, i, transparent, captured)
            && visit(sq)
        {
            return true;
        }
    }
    // Jumps to distance 2 over whatever stands between.
    for &j in &LION_JUMPS {
        let sq = target.offset(j);
        if attacker(sq).is_some_and(|p| jumps_to(v.piece(p.kind()), by, j)) && visit(sq) {
            return true;
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

/// The piece of `by` on `sq` that may attack from there: not the piece on
/// `captured` (it is gone: it neither blocks nor attacks), nor a frozen one
/// (it does not move).
#[inline(always)]
fn attacker_on(pos: &Position, sq: Square, by: Color, captured: Option<Square>) -> Option<Piece> {
    pos.piece_at(sq)
        .filter(|p| p.color() == by && Some(sq) != captured && !pos.is_frozen(sq))
}

/// The first piece met from `target` in the direction `KING_STEPS[i]`
/// (past the `transparent` squares), if it is one of `by` that can
/// capture on `target` from there with a step, slide, Lion or sting move,
/// or as a Wolf next to it (farther Wolves are found by their jumps).
#[inline(always)]
fn line_attacker(
    pos: &Position,
    target: Square,
    by: Color,
    i: usize,
    transparent: &[Option<Square>],
    captured: Option<Square>,
) -> Option<Square> {
    let v = pos.variant();
    let back = (i + 4) % 8;
    let d = KING_STEPS[i];
    let mut sq = target;
    let mut distance = 0u8;
    loop {
        sq = sq.offset(d);
        distance += 1;
        let cell = pos.cell(sq);
        if cell.is_off() {
            return None;
        }
        if cell.piece().is_some() {
            if attacker_on(pos, sq, by, captured)
                .is_some_and(|p| line_attacks(v.piece(p.kind()), by, back, distance))
            {
                return Some(sq);
            }
            if !transparent.contains(&Some(sq)) {
                return None;
            }
        }
    }
}

/// Whether a `t` of `by`, `distance` squares from a target in the
/// direction opposite to `KING_STEPS[back]` with nothing between, captures
/// on it with a step, slide, Lion or sting move, or as a Wolf next to it.
#[inline(always)]
fn line_attacks(t: &PieceType, by: Color, back: usize, distance: u8) -> bool {
    let reach = t.reach(by, back);
    reach == UNLIMITED
        || reach >= distance
        || (distance <= 2 && (t.power == Power::Lion || t.stings(by).contains(&KING_STEPS[back])))
        || (distance == 1 && t.power == Power::Wolf)
}

/// Whether a `t` of `by` captures by jumping `-j` (to distance 2 over
/// whatever stands between): a Lion, or a sting of that direction.
#[inline(always)]
fn jumps_to(t: &PieceType, by: Color, j: i32) -> bool {
    t.power == Power::Lion || t.stings(by).iter().any(|&d| 2 * d == -j)
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

/// Whether `by` can capture the piece on `target` with its next move by an
/// attack that runs through one of `via`: from a piece standing on one,
/// or along a line from `target` that crosses one. After a move that
/// changed the board only on `via`, these are the attacks the move may
/// have made or left standing: the attack test of a move's aftermath
/// without walking every line. Where `by` has pieces this does not look at
/// (special moves, hooks, an Emperor) or freezers play, it is
/// `capturable`.
pub fn capturable_through(pos: &Position, target: Square, by: Color, via: &[Square]) -> bool {
    if !attacks_are_plain(pos, by) {
        return capturable(pos, target, by);
    }
    let v = pos.variant();
    let mut lines_walked = 0u8;
    for &sq in via {
        if let Some(i) = direction(target, sq)
            && lines_walked & (1 << i) == 0
        {
            lines_walked |= 1 << i;
            if line_attacker(pos, target, by, i, &[], None).is_some() {
                return true;
            }
        }
        let j = sq.index() as i32 - target.index() as i32;
        let jumper = |t: &PieceType| {
            (target.distance(sq) == 2 && jumps_to(t, by, j))
                || (v.has_wolves && t.power == Power::Wolf && WOLF_JUMPS.contains(&j))
                || t.leaps(by).contains(&-j)
        };
        if attacker_on(pos, sq, by, None).is_some_and(|p| jumper(v.piece(p.kind()))) {
            return true;
        }
    }
    false
}

/// Whether the quiet move `mv` of the side to move (it captures nothing)
/// would attack the piece on `target` through the squares it changes
/// (`capturable_through` after the move), judged on the board before it,
/// so that the move need not be made: the moved piece, promoted or not,
/// from its new square, or a piece whose line the move opens. `None`
/// where this cannot tell: a capture, a mover that is or becomes a piece
/// with special moves, special pieces of either side (an enemy Demon may
/// burn the mover), or pieces `capturable_through` does not look at.
pub fn quiet_move_attacks(pos: &Position, mv: Move, target: Square) -> Option<bool> {
    let v = pos.variant();
    let by = pos.side();
    let (from, to) = (mv.from(), mv.to());
    if !mv.kills().is_empty()
        || pos.piece_at(to).is_some()
        || !attacks_are_plain(pos, by)
        || !pos.specials(by.flip()).is_empty()
    {
        return None;
    }
    let mover = pos.piece_at(from)?;
    let mut moved = v.piece(mover.kind());
    if mv.promotes() {
        moved = v.piece(moved.promotes_to?);
    }
    if moved.special || matches!(moved.power, Power::Hook { .. } | Power::Emperor) {
        return None;
    }
    // Along each line through a changed square, the first piece met with
    // the mover on its new square and its old one empty.
    let mut lines_walked = 0u8;
    for sq in [from, to] {
        let Some(i) = direction(target, sq) else {
            continue;
        };
        if lines_walked & (1 << i) != 0 {
            continue;
        }
        lines_walked |= 1 << i;
        let back = (i + 4) % 8;
        let mut on = target;
        let mut distance = 0u8;
        loop {
            on = on.offset(KING_STEPS[i]);
            distance += 1;
            if on == to {
                if line_attacks(moved, by, back, distance) {
                    return Some(true);
                }
                break;
            }
            let cell = pos.cell(on);
            if cell.is_off() {
                break;
            }
            if on == from || cell.piece().is_none() {
                continue;
            }
            if attacker_on(pos, on, by, None)
                .is_some_and(|p| line_attacks(v.piece(p.kind()), by, back, distance))
            {
                return Some(true);
            }
            break;
        }
    }
    // Jumps and leaps over whatever stands between: only the mover's are
    // new.
    let j = to.index() as i32 - target.index() as i32;
    Some(
        (target.distance(to) == 2 && jumps_to(moved, by, j))
            || (v.has_wolves && moved.power == Power::Wolf && WOLF_JUMPS.contains(&j))
            || moved.leaps(by).contains(&-j),
    )
}

/// Whether the quiet move `mv` of the side to move, whose royal on `royal`
/// is attacked by `by` from `checkers` (all its attackers, `attackers`),
/// surely leaves the royal attacked, judged on the board before it: the
/// royal steps to a square `by` reaches (its old square left open), or
/// some checker is neither taken (the move takes nothing) nor cut off (the
/// move does not end between it and the royal). Where it cannot tell,
/// false: the move must be made and looked at.
pub fn stays_attacked(
    pos: &Position,
    mv: Move,
    royal: Square,
    checkers: &[Square],
    by: Color,
) -> bool {
    if !mv.kills().is_empty() || pos.piece_at(mv.to()).is_some() || mv.promotes() {
        return false;
    }
    if mv.from() == royal {
        return attacked_by(pos, mv.to(), by, &[Some(royal)], None);
    }
    checkers
        .iter()
        .any(|&checker| !between(royal, mv.to(), checker))
}

/// Whether `b` stands on the line from `a` to `c`, strictly between them.
fn between(a: Square, b: Square, c: Square) -> bool {
    let step = |from: Square, to: Square| {
        (
            (to.file() as i32 - from.file() as i32).signum(),
            (to.rank() as i32 - from.rank() as i32).signum(),
        )
    };
    a.on_line(b) && a.on_line(c) && step(a, b) == step(a, c) && a.distance(b) < a.distance(c)
}

/// Whether every attack of `by` is a step, slide, jump or leap that
/// `for_each_attacker` finds from the target's lines and jump squares: no
/// piece of `by` has special moves, hooks or an Emperor's power, and no
/// freezer plays (what `capturable_through`, `attackers` and
/// `quiet_move_attacks` need).
pub fn attacks_are_plain(pos: &Position, by: Color) -> bool {
    let v = pos.variant();
    pos.specials(by).is_empty()
        && !v.has_emperor
        && !v.has_freezers
        && !pos.has_hook(by, false)
        && !pos.has_hook(by, true)
}

/// The index into `KING_STEPS` of the line from `from` to `to`, if they
/// share a rank, a file or a diagonal and differ.
fn direction(from: Square, to: Square) -> Option<usize> {
    let df = to.file() as i32 - from.file() as i32;
    let dr = to.rank() as i32 - from.rank() as i32;
    if (df, dr) == (0, 0) || !(df == 0 || dr == 0 || df.abs() == dr.abs()) {
        return None;
    }
    let step = delta(df.signum(), dr.signum());
    KING_STEPS.iter().position(|&d| d == step)
}

/// The squares of the pieces of `by` that can capture the piece on
/// `target` with their next move (a piece perhaps more than once), where
/// `capturable_through` would look at every attacker: none of `by`'s
/// pieces has special moves, hooks or an Emperor's power and no freezer
/// plays; otherwise `None`.
pub fn attackers(pos: &Position, target: Square, by: Color) -> Option<ArrayVec<Square, 16>> {
    if !attacks_are_plain(pos, by) {
        return None;
    }
    let mut found = ArrayVec::new();
    let complete = !for_each_attacker(pos, target, by, &[], None, &mut |sq| {
        found.try_push(sq).is_err()
    });
    complete.then_some(found)
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

    /// In set Chu positions with the defender's King alone in a corner:
    /// every quiet move's check is foreseen where `quiet_move_attacks`
    /// tells, and it tells for quiet moves: lines opened by a Gold leaving
    /// a Rook's file (and not by one moving along it), a Lion's steps and
    /// jumps, a Horned Falcon's and a Soaring Eagle's stings over a piece,
    /// promotions.
    #[test]
    fn quiet_moves_checks_are_foreseen_in_set_positions() {
        let v = VariantSet::builtin().find("chu").unwrap();
        let mut told = [0usize; 2];
        for fen in [
            "k11/12/12/12/12/12/12/12/12/G11/12/R10K w - 0 1",
            "k11/12/12/3N8/12/12/12/12/12/12/12/11K w - 0 1",
            "k11/1g10/12/2F9/12/3E8/12/12/12/12/12/11K w - 0 1",
            "k11/12/12/12/12/4B7/12/12/12/1R10/12/11K w - 0 1",
        ] {
            let mut pos = Position::from_fen(v, fen).unwrap();
            let royal = pos.royal_squares(Color::Black)[0];
            let mut moves = Vec::new();
            generate(&pos, &mut moves);
            for mv in moves {
                let foreseen = quiet_move_attacks(&pos, mv, royal);
                pos.make(mv);
                let attacks = capturable(&pos, royal, Color::White);
                pos.unmake();
                if let Some(foreseen) = foreseen {
                    assert_eq!(foreseen, attacks, "{fen} {mv:?}");
                    told[usize::from(attacks)] += 1;
                } else {
                    assert!(
                        pos.piece_at(mv.to()).is_some() || !mv.kills().is_empty(),
                        "{fen} {mv:?}"
                    );
                }
            }
        }
        assert!(told[0] > 50 && told[1] > 10, "{told:?}");
    }

    /// Along random games in every variant, for every move: where the
    /// opponent's royals were not attacked before it, a royal is attacked
    /// after it exactly when `capturable_through` the squares it changed
    /// says so, and when `quiet_move_attacks` foresaw it, where that can
    /// tell; where the mover's own lone royal was attacked and stays put,
    /// exactly when it is through those squares and its attackers' before.
    #[test]
    fn the_attack_test_through_changed_squares_agrees_with_the_whole_test() {
        for v in &VariantSet::builtin().variants {
            let mut checked = [0usize; 3];
            random_games(v, 0x9E37_79B9_7F4A_7C15, 6, 150, |pos, moves| {
                let us = pos.side();
                let them = us.flip();
                let quiet = !royal_attacked(pos, them);
                let own = match pos.royal_squares(us) {
                    &[royal] => attackers(pos, royal, them).map(|a| (royal, a)),
                    _ => None,
                };
                for &mv in moves {
                    let changed = mv.changed_squares();
                    let foreseen: Vec<Option<bool>> = pos
                        .royal_squares(them)
                        .iter()
                        .map(|&royal| quiet_move_attacks(pos, mv, royal))
                        .collect();
                    pos.make(mv);
                    for (&royal, foreseen) in pos.royal_squares(them).iter().zip(&foreseen) {
                        if let Some(attacks) = foreseen
                            && quiet
                        {
                            assert_eq!(
                                *attacks,
                                capturable(pos, royal, us),
                                "{} {} after {mv:?}",
                                v.name,
                                pos.fen()
                            );
                            checked[2] += 1;
                        }
                    }
                    if !pos.is_over() && quiet {
                        for &royal in pos.royal_squares(them) {
                            assert_eq!(
                                capturable_through(pos, royal, us, &changed),
                                capturable(pos, royal, us),
                                "{} {} after {mv:?}",
                                v.name,
                                pos.fen()
                            );
                            checked[0] += 1;
                        }
                    }
                    if let Some((royal, attackers)) = &own
                        && !attackers.is_empty()
                        && mv.from() != *royal
                        && !pos.is_over()
                    {
                        let mut via = changed.to_vec();
                        via.extend(attackers.iter().copied());
                        assert_eq!(
                            capturable_through(pos, *royal, them, &via),
                            capturable(pos, *royal, them),
                            "{} {} after {mv:?}",
                            v.name,
                            pos.fen()
                        );
                        checked[1] += 1;
                    }
                    pos.unmake();
                }
            });
            // Where the attackers are not listed (an Emperor, hooks,
            // special moves), the second test has nothing to check.
            let listed = !v.has_emperor && !v.has_freezers && v.pieces.iter().all(|t| !t.special);
            assert!(
                checked[0] > 1_000 && (checked[1] > 20 && checked[2] > 1_000 || !listed),
                "{}: only {checked:?} checked",
                v.name
            );
        }
    }

    /// Plays `games` random games of at most `plies` plies from the start
    /// position, captures preferred so that positions get open and
    /// varied, and calls `visit` with each position reached (the game
    /// going on) and its moves.
    fn random_games(
        v: &'static Variant,
        mut seed: u64,
        games: usize,
        plies: usize,
        mut visit: impl FnMut(&mut Position, &[Move]),
    ) {
        let mut rand = move |n: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % n as u64) as usize
        };
        for _game in 0..games {
            let mut pos = Position::start(v);
            let mut moves = Vec::new();
            for _ply in 0..plies {
                generate(&pos, &mut moves);
                if moves.is_empty() || pos.is_over() {
                    break;
                }
                visit(&mut pos, &moves);
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
            }
        }
    }

    fn attack_test_agrees_with_generation(v: &'static Variant) {
        let mut checked = 0;
        random_games(v, 0x2545_F491_4F6C_DD1D, 20, 120, |pos, _| {
            let pos = &*pos;
            // Incremental state equals the state computed from scratch.
            let fresh = Position::from_fen(v, &pos.fen()).unwrap();
            assert_eq!(
                (
                    fresh.hash(),
                    fresh.placement(),
                    fresh.pair_score(),
                    fresh.material(Color::White),
                    fresh.material(Color::Black)
                ),
                (
                    pos.hash(),
                    pos.placement(),
                    pos.pair_score(),
                    pos.material(Color::White),
                    pos.material(Color::Black)
                ),
                "{}",
                pos.fen()
            );
            let mut all = Vec::new();
            let mut captures = Vec::new();
            generate(pos, &mut all);
            generate_captures(pos, &mut captures);
            all.retain(|&m| is_capture(pos, m));
            assert_eq!(all, captures, "{}", pos.fen());
            // The captures removing one piece, or ending on one empty
            // square (quiescence asks for those of the square the last
            // mover went to, which a burn may have emptied), from the
            // attackers alone, are those the whole list has, in its
            // order.
            let mut of_target = Vec::new();
            for &sq in &v.squares {
                generate_captures_of(pos, sq, &mut of_target);
                let expected: Vec<Move> = captures
                    .iter()
                    .copied()
                    .filter(|&m| removes(pos, m, sq))
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
                        capturable(pos, sq, by),
                        by_generation,
                        "{} {fen} square {sq}",
                        v.name
                    );
                    checked += 1;
                }
            }
        });
        assert!(
            checked > 5_000,
            "{}: only {checked} squares checked",
            v.name
        );
    }
}
