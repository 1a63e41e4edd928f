//! What a repeated position means, per variant (`Repetition`). Games and
//! search ask after each move; perft never does.
//!
//! Under the strict rule (Chu, Dai) recreating an earlier position is an
//! illegal move. Under the perpetual rule (Cashew, Macadamia; rules/
//! cashew.md 6 and macadamia.md 6) the moves of the cycle since the earlier
//! occurrence decide: a side that checked with every one of its moves
//! loses (both: draw); otherwise a side that attacked something while the
//! other attacked nothing loses (perpetual chasing); if neither attacked
//! anything the game is drawn; in any other case the side whose move
//! recreated the position loses (Nutty: the game is drawn). Under the
//! fourfold rule (Suzumu) the fourth occurrence of a position draws; Wa's
//! adds that a side that gave check with every move of the cycle loses. Under
//! lishogi's rule for Chu (`FourfoldPerpetual`, the rule of its server,
//! scalashogi) the fourth occurrence draws too, unless exactly one side
//! attacked with every move since the position first occurred: that side
//! loses. A move attacks if it gives check (any royal) or leaves the moved
//! piece able to take an enemy piece in one leg (`movegen::threatens`).

use crate::board::Position;
use crate::movegen::{capturable, royal_attacked, threatens};
use crate::moves::Move;
use crate::types::{CELLS, Color};
use crate::variant::Repetition;

/// The outcome of the move just made, if it repeated a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The move may not be played.
    Illegal,
    Draw,
    /// The game is over and this side has lost.
    Loss(Color),
}

/// Judge the move just made. `None`: no repetition, the game goes on.
pub fn verdict(pos: &mut Position) -> Option<Verdict> {
    let distance = pos.repetition_distance()?;
    judge(pos, distance)
}

/// The rule's verdict on the move just made, whose position occurred
/// `distance` plies before.
fn judge(pos: &mut Position, distance: usize) -> Option<Verdict> {
    Some(match pos.variant().repetition {
        Repetition::Strict => Verdict::Illegal,
        Repetition::Perpetual => judge_cycle(pos, distance, false),
        Repetition::PerpetualDraw => judge_cycle(pos, distance, true),
        // docs/rules/suzumu.md 6.4: the fourth occurrence draws.
        Repetition::Fourfold if pos.earlier_occurrences() >= 3 => Verdict::Draw,
        Repetition::Fourfold => return None,
        Repetition::FourfoldCheck if pos.earlier_occurrences() >= 3 => {
            fourfold_check(pos, distance)
        }
        Repetition::FourfoldCheck => return None,
        Repetition::FourfoldPerpetual => return fourfold_perpetual(pos),
    })
}

/// Plies lishogi wants since the last move that cannot be undone before it
/// calls a position repeated: it keeps the positions since then and judges
/// only more than twelve of them. Four occurrences never take fewer plies
/// except in a cycle of mutual passes, which lishogi therefore draws later.
const LISHOGI_MIN_PLIES: usize = 12;

/// lishogi's verdict (scalashogi's `History.fourfoldRepetition` and
/// `perpetualCheckAttacker`) on the move just made; the position is left
/// as it was.
fn fourfold_perpetual(pos: &mut Position) -> Option<Verdict> {
    if pos.earlier_occurrences() < 3 || pos.reversible_plies() < LISHOGI_MIN_PLIES {
        return None;
    }
    let span = pos.first_repetition_distance()?;
    // lishogi also restarts its count at a Pawn's or Lance's move (a
    // piece that never moves back: `dead-ranks`); none lies inside the
    // cycle, but one may lie within the last twelve plies before it.
    perpetual_attacker(pos, span, span.max(LISHOGI_MIN_PLIES))
}

/// Replay the last `back` plies and judge the last `span` of them as
/// lishogi does: a side that attacked with every one of its moves loses
/// where the other did not; `None` where a one-way move (a Pawn's or a
/// Lance's) lies among the `back` plies. The position is left as it was.
fn perpetual_attacker(pos: &mut Position, span: usize, back: usize) -> Option<Verdict> {
    let moves: Vec<Move> = (0..back)
        .rev()
        .map(|b| {
            pos.move_back(b)
                .expect("reversible plies are recorded moves")
        })
        .collect();
    for _ in 0..back {
        pos.unmake();
    }
    let v = pos.variant();
    let mut one_way_move = false;
    // Whether every move of each side since the first occurrence attacked.
    let mut always_attacked = [true; 2];
    for (i, &mv) in moves.iter().enumerate() {
        let us = pos.side();
        one_way_move |= pos
            .piece_at(mv.from())
            .is_some_and(|p| v.piece(p.kind()).dead_ranks > 0);
        pos.make(mv);
        if i >= back - span {
            let attacks = royal_attacked(pos, us.flip()) || threatens(pos, mv.to());
            always_attacked[us.index()] &= attacks;
        }
    }
    if one_way_move {
        return None;
    }
    Some(match always_attacked {
        [true, false] => Verdict::Loss(Color::White),
        [false, true] => Verdict::Loss(Color::Black),
        _ => Verdict::Draw,
    })
}

/// The search's reading of the move just made, whose position lies `ply`
/// plies below the search's root: the rule's verdict where there is one,
/// and under the fourfold rules (Suzumu, Wa, Chu under lishogi's rules)
/// also the verdict the repetition is heading for, once the position has
/// recurred after the root or twice in all. Played on, the cycle reaches
/// its fourth occurrence with the same moves, and whoever loses it then
/// should steer clear now: judged only at the fourth occurrence, a search
/// of a few plies sees the cycle's end only when the opponent's move
/// closes it, too late to leave (Stockfish reads repetitions this way; a
/// draw there, here also lishogi's perpetual attack).
pub fn verdict_in_search(pos: &mut Position, ply: usize) -> Option<Verdict> {
    // One look back through the history: most moves repeat nothing.
    let distance = pos.repetition_distance()?;
    let rule = pos.variant().repetition;
    let now = judge(pos, distance);
    if now.is_some()
        || !matches!(
            rule,
            Repetition::Fourfold | Repetition::FourfoldCheck | Repetition::FourfoldPerpetual
        )
        || (distance >= ply && pos.earlier_occurrences() < 2)
    {
        return now;
    }
    match rule {
        Repetition::FourfoldCheck => Some(fourfold_check(pos, distance)),
        // lishogi judges the moves since the position's first occurrence:
        // a side whose every move attacked in the last cycle may not have
        // in an earlier one.
        Repetition::FourfoldPerpetual => {
            let span = pos.first_repetition_distance()?;
            perpetual_attacker(pos, span, span)
        }
        _ => Some(Verdict::Draw),
    }
}

/// What each side did in the cycle.
#[derive(Clone, Copy)]
struct Conduct {
    /// Every move of the side gave check.
    always_checked: bool,
    /// Some move of the side attacked a piece it did not attack before.
    attacked: bool,
}

/// Wa's rule (docs/rules/wa.md): the fourth occurrence draws, unless one
/// side gave check with every one of its moves of the cycle: it loses.
fn fourfold_check(pos: &mut Position, distance: usize) -> Verdict {
    match cycle_conduct(pos, distance).map(|c| c.always_checked) {
        [true, false] => Verdict::Loss(Color::White),
        [false, true] => Verdict::Loss(Color::Black),
        _ => Verdict::Draw,
    }
}

/// Replay the last `distance` plies, noting checks and new attacks, and
/// apply the rule; a cycle in which both sides attacked is drawn with
/// `mutual_chase_draws` (Nutty), else lost by the side that recreated the
/// position (Cashew, Macadamia). The position is left as it was.
fn judge_cycle(pos: &mut Position, distance: usize, mutual_chase_draws: bool) -> Verdict {
    let repeater = pos.side().flip();
    let [white, black] = cycle_conduct(pos, distance);
    let loser = |c: Color| Verdict::Loss(c);
    match (white.always_checked, black.always_checked) {
        (true, true) => return Verdict::Draw,
        (true, false) => return loser(Color::White),
        (false, true) => return loser(Color::Black),
        (false, false) => {}
    }
    match (white.attacked, black.attacked) {
        (true, false) => loser(Color::White),
        (false, true) => loser(Color::Black),
        (false, false) => Verdict::Draw,
        (true, true) if mutual_chase_draws => Verdict::Draw,
        (true, true) => loser(repeater),
    }
}

/// What each side did in the last `distance` plies, replayed; the
/// position is left as it was.
fn cycle_conduct(pos: &mut Position, distance: usize) -> [Conduct; 2] {
    // A null move resets the count of reversible plies, so a cycle never
    // holds one, and it lies within the recorded history.
    let cycle: Vec<Move> = (0..distance)
        .rev()
        .map(|back| {
            pos.move_back(back)
                .expect("a cycle is made of recorded moves")
        })
        .collect();
    for _ in 0..distance {
        pos.unmake();
    }
    let mut conduct = [Conduct {
        always_checked: true,
        attacked: false,
    }; 2];
    for &mv in &cycle {
        let us = pos.side();
        let before = attacked_enemies(pos, us);
        pos.make(mv);
        let them = us.flip();
        let after = attacked_enemies(pos, us);
        let c = &mut conduct[us.index()];
        c.always_checked &= pos.royals(them) == 1 && royal_attacked(pos, them);
        c.attacked |= after.iter().zip(before.iter()).any(|(a, b)| a & !b != 0);
    }
    conduct
}

/// The squares of `by`'s opponent's pieces that `by` attacks (could take
/// next move; an Emperor attacks only an unprotected royal), as a bitset
/// over mailbox cells.
fn attacked_enemies(pos: &Position, by: Color) -> [u64; CELLS.div_ceil(64)] {
    let mut set = [0u64; CELLS.div_ceil(64)];
    for (sq, _) in pos.pieces(by.flip()) {
        if capturable(pos, sq, by) {
            set[sq.index() / 64] |= 1 << (sq.index() % 64);
        }
    }
    set
}
