//! Playing weaker on purpose: node limits per level, the Elo ladder, and
//! the choice among the searched lines.

use super::scores::INF;
use super::worker::Line;
use crate::types::Rng;

/// Full strength (`Searcher::skill`).
pub const MAX_SKILL: i8 = 20;
/// The weakest level (Fairy-Stockfish's range, which lishogi sends).
pub const MIN_SKILL: i8 = -20;
/// Nodes a search at `MIN_SKILL` may spend; two levels up double it
/// (`skill_nodes`).
pub(super) const SKILL_BASE_NODES: u64 = 128;
/// Lines a weakened engine searches and chooses among (Stockfish's).
pub(super) const SKILL_LINES: usize = 4;
/// Most centipawns the random part of the weakening adds: a Pawn.
pub(super) const SKILL_SPREAD: i32 = 100;

/// The nodes a weakened engine's search may spend: `SKILL_BASE_NODES` at
/// `MIN_SKILL`, about √2 times more a level up. Nodes rather than depth:
/// a Chu search's depth costs about four times the nodes of the one
/// before, so depth caps make steps of several hundred Elo, while a
/// doubling of nodes is a fraction of a ply; and a node cap weakens the
/// same whatever the clock and the machine. The search always finishes
/// depth 1 (`Limits::nodes`), which is all level -20 searches; level 0
/// spends 128 k nodes, level 19 about 100 M, more than any blitz move.
pub fn skill_nodes(skill: i8) -> u64 {
    let steps = skill.clamp(MIN_SKILL, MAX_SKILL).abs_diff(MIN_SKILL);
    let nodes = SKILL_BASE_NODES << (steps / 2);
    if steps % 2 == 1 { nodes * 3 / 2 } else { nodes }
}

/// The skill ladder as measured in Chu (docs/skill.md): levels and their
/// Elo from `kyodai match` games of each against its neighbours (160 to
/// 200 games a step, each step's 95% interval within ±60), on a scale
/// anchored at level -20 = 1000. Lowest first.
pub(super) const SKILL_LADDER: &[(i8, i32)] = &[
    (-20, 1000),
    (-14, 1057),
    (-12, 1186),
    (-10, 1321),
    (-8, 1479),
    (-6, 1662),
];
/// The range of `USI_Elo`: the ladder's measured span.
pub const MIN_ELO: i32 = SKILL_LADDER[0].1;
pub const MAX_ELO: i32 = SKILL_LADDER[SKILL_LADDER.len() - 1].1;

/// The level that plays at `elo` on the ladder's scale: between two
/// measured levels the one whose interpolated Elo is nearest; outside the
/// measured span the end level.
pub fn skill_for_elo(elo: i32) -> i8 {
    let mut level = SKILL_LADDER[0].0;
    for pair in SKILL_LADDER.windows(2) {
        let [(l0, e0), (l1, e1)] = [pair[0], pair[1]];
        if elo >= e1 {
            level = l1;
        } else if elo > e0 {
            let span = i32::from(l1 - l0);
            let steps = ((elo - e0) * span + (e1 - e0) / 2) / (e1 - e0);
            level = l0 + steps as i8;
        }
    }
    level
}

/// The line a weakened engine plays, from `lines` best first (Stockfish's
/// `Skill::pick_best`, in centipawns): each line's score is pushed towards
/// the best score, by a share that grows as the level falls, plus a random
/// amount up to the spread of the scores (at most `SKILL_SPREAD`); the
/// highest pushed score wins, ties going to the later line. A pass is
/// played only as the best line: the weakening never chooses one.
pub(super) fn weakened_choice<'a>(lines: &'a [Line], skill: i8, rng: &mut Rng) -> Option<&'a Line> {
    let top = lines.first()?.score;
    let spread = (top - lines.last()?.score).min(SKILL_SPREAD);
    let weakness = 120 - 2 * i32::from(skill.clamp(MIN_SKILL, MAX_SKILL));
    let mut chosen = None;
    let mut max = -INF;
    for (i, line) in lines.iter().enumerate() {
        if i > 0 && line.pv[0].is_pass() {
            continue;
        }
        let luck = rng.below(weakness as usize) as i32;
        let pushed = line.score + (weakness * (top - line.score) + spread * luck) / 128;
        if pushed >= max {
            max = pushed;
            chosen = Some(line);
        }
    }
    chosen
}
