//! The quiescence search: captures only, from a stand-pat score.

use super::ordering::{capture_gain, defended, keep_strongest_variants, pick};
use super::scores::{MATE, over_score, score_to_tt, table_cut, takes_last_royal};
use super::worker::{MAX_PLY, Shared, Worker};
use crate::board::Position;
use crate::eval::evaluate;
use crate::movegen::{
    attackers, attacks_are_plain, capturable_through, generate, generate_captures,
    generate_captures_of, is_capture, stays_attacked,
};
use crate::moves::Move;
use crate::params::{P, get as param};
use crate::see::{capturer_value, see_ge, victims_value};
use crate::tt::Bound;

/// Quiescence plies in which every capture is tried.
pub(super) const QS_ALL_CAPTURES: usize = 2;
/// Quiescence plies from which only captures of the piece that moved
/// last are tried (Stockfish's recaptures-only quiescence).
pub(super) const QS_RECAPTURES: usize = 4;
/// Quiescence plies at most.
pub(super) const QS_MAX_PLIES: usize = 12;

impl Worker {
    /// Captures only, standing pat on the static evaluation. In the first
    /// `QS_ALL_CAPTURES` plies every capture is tried that does not lose
    /// material in its exchange (`see::see_ge`); past them only captures
    /// that take at least the capturer's value or take an undefended
    /// piece, from `QS_RECAPTURES` on only those that take the piece that
    /// moved last, and the search stops at `QS_MAX_PLIES`: in the Tenjiku
    /// family (Generals jumping into the enemy camp, Fire Demons burning)
    /// capture chains otherwise run away, each side taking something
    /// elsewhere in turn. Two of minase's limits are there behind their
    /// coefficients, off until tuning finds them worth it: at most
    /// `qs-captures` captures a node besides recaptures and royal
    /// captures, and the transposition table (`qs-table`).
    ///
    /// `checked`: whether the side to move's royal is attacked, where the
    /// caller knows; else it is read from the last move. Under
    /// `qs-evasions` a side whose sole royal is attacked does not stand
    /// pat (its royal would be taken): its escapes are searched instead
    /// (`quiesce_evasions`).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn quiesce(
        &mut self,
        shared: &Shared,
        pos: &mut Position,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        qply: usize,
        checked: Option<bool>,
    ) -> i32 {
        self.pv[ply].clear();
        self.seldepth = self.seldepth.max(ply);
        self.nodes += 1;
        self.stats.quiescence_nodes += 1;
        if pos.is_over() {
            return over_score(pos, ply);
        }
        if let Some(score) = self.material_end_score(pos, ply) {
            return score;
        }
        if self.out_of_time(shared) {
            return 0;
        }
        if param(P::QsEvasions) == 1
            && ply < MAX_PLY - 2
            && qply < QS_MAX_PLIES
            && checked.unwrap_or_else(|| checked_by_last_move(pos))
        {
            return self.quiesce_evasions(shared, pos, alpha, beta, ply, qply);
        }
        let stand = self.correction.corrected(pos, evaluate(pos));
        if stand >= beta || ply >= MAX_PLY - 2 || qply >= QS_MAX_PLIES {
            return stand;
        }
        let key = (param(P::QsTable) == 1).then(|| pos.search_key());
        if let Some(s) = key
            .and_then(|k| self.tt.probe(k))
            .and_then(|e| table_cut(&e, ply, alpha, beta))
        {
            return s;
        }
        let alpha0 = alpha;
        alpha = alpha.max(stand);
        let mut list = std::mem::take(&mut self.lists[ply]);
        let mut scores = std::mem::take(&mut self.scores[ply]);
        // From `QS_RECAPTURES` on, only the captures of the piece that moved
        // last: the attackers of its square alone are generated.
        let last = pos.move_back(0).map(|m| m.to());
        match last {
            Some(last) if qply >= QS_RECAPTURES => generate_captures_of(pos, last, &mut list),
            _ => generate_captures(pos, &mut list),
        }
        keep_strongest_variants(&mut list);
        scores.clear();
        scores.extend(list.iter().map(|&m| capture_gain(pos, m)));
        let most = param(P::QsCaptures) as usize;
        let mut searched = 0;
        let mut best_move = None;
        for i in 0..list.len() {
            let mv = pick(&mut list, &mut scores, i);
            // Past the most captures a node may search, only recaptures
            // and the capture of a royal: a large board's dozens of
            // captures otherwise make most of the tree.
            if searched >= most && Some(mv.to()) != last && !takes_last_royal(pos, mv) {
                continue;
            }
            // Delta pruning: even winning this material (the most any
            // capture left takes) cannot reach alpha.
            if stand + scores[i] / 16 + param(P::QsDelta) < alpha {
                break;
            }
            if self.benched(pos, mv) {
                continue;
            }
            if qply < QS_ALL_CAPTURES && !see_ge(pos, mv, 0, &mut self.see_buf) {
                continue;
            }
            if qply >= QS_ALL_CAPTURES
                && victims_value(pos, mv) < capturer_value(pos, mv)
                && defended(pos, mv)
            {
                continue;
            }
            searched += 1;
            let Some(score) = self.quiesce_move(shared, pos, mv, alpha, beta, ply, qply) else {
                break;
            };
            if score > alpha {
                alpha = score;
                best_move = Some(mv);
                if score >= beta {
                    break;
                }
            }
        }
        self.lists[ply] = list;
        self.scores[ply] = scores;
        if let Some(key) = key
            && !self.halted()
        {
            let bound = if alpha >= beta {
                Bound::Lower
            } else if alpha > alpha0 {
                Bound::Exact
            } else {
                Bound::Upper
            };
            self.tt
                .store(key, best_move, score_to_tt(alpha, ply), 0, bound);
        }
        alpha
    }

    /// The score of `mv` at a quiescence node, searched on in quiescence
    /// from the position after it; None once the search is halted.
    #[allow(clippy::too_many_arguments)]
    fn quiesce_move(
        &mut self,
        shared: &Shared,
        pos: &mut Position,
        mv: Move,
        alpha: i32,
        beta: i32,
        ply: usize,
        qply: usize,
    ) -> Option<i32> {
        pos.make(mv);
        let score = -self.quiesce(shared, pos, -beta, -alpha, ply + 1, qply + 1, None);
        pos.unmake();
        (!self.halted()).then_some(score)
    }

    /// Quiescence at a node whose sole royal is attacked: every move that
    /// may save it (its captures first), searched on in quiescence; the
    /// moves that surely leave the royal attacked (`stays_attacked`) lose
    /// it next ply and are not made. With none, the royal is lost.
    fn quiesce_evasions(
        &mut self,
        shared: &Shared,
        pos: &mut Position,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        qply: usize,
    ) -> i32 {
        let us = pos.side();
        let them = us.flip();
        let royal = pos.royal_squares(us)[0];
        let checkers = attackers(pos, royal, them);
        let mut list = std::mem::take(&mut self.lists[ply]);
        let mut scores = std::mem::take(&mut self.scores[ply]);
        generate(pos, &mut list);
        scores.clear();
        scores.extend(list.iter().map(|&m| {
            if is_capture(pos, m) {
                capture_gain(pos, m)
            } else {
                i32::from(m.from() == royal)
            }
        }));
        // Taken next ply, as `over_score` counts it there.
        let mut best = -MATE + ply as i32 + 1;
        for i in 0..list.len() {
            let mv = pick(&mut list, &mut scores, i);
            if checkers
                .as_ref()
                .is_some_and(|c| stays_attacked(pos, mv, royal, c, them))
                || self.benched(pos, mv)
            {
                continue;
            }
            let Some(score) = self.quiesce_move(shared, pos, mv, alpha, beta, ply, qply) else {
                break;
            };
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        self.lists[ply] = list;
        self.scores[ply] = scores;
        best
    }
}

/// Whether the side to move's sole royal is attacked through a square the
/// last move changed (where the attacker's pieces all attack along lines,
/// jumps and leaps: `attacks_are_plain`; elsewhere, and with no last move
/// or two royals, false, as the quiescence search stood pat before it
/// looked for checks).
fn checked_by_last_move(pos: &Position) -> bool {
    let us = pos.side();
    let them = us.flip();
    let (Some(last), &[royal]) = (pos.move_back(0), pos.royal_squares(us)) else {
        return false;
    };
    if !attacks_are_plain(pos, them) {
        return false;
    }
    capturable_through(pos, royal, them, &last.changed_squares())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::movegen::royal_attacked;
    use crate::types::Rng;
    use crate::variant::VariantSet;

    /// Along random games in Chu and Dai, and after every move of set Chu
    /// positions: where the side to move's sole royal was not attacked
    /// before the last move, `checked_by_last_move` says it is exactly
    /// when the whole attack test does.
    #[test]
    fn a_check_is_read_from_the_last_move() {
        for name in ["chu", "dai"] {
            let v = VariantSet::builtin().find(name).expect("built in");
            let mut rng = Rng::new(7);
            let (mut judged, mut checks) = (0, 0);
            for _game in 0..20 {
                let mut pos = Position::start(v);
                let mut moves = Vec::new();
                for _ply in 0..200 {
                    generate(&pos, &mut moves);
                    if moves.is_empty() || pos.is_over() {
                        break;
                    }
                    let them = pos.side().flip();
                    let safe_before = !royal_attacked(&pos, them);
                    pos.make(moves[rng.below(moves.len())]);
                    if pos.is_over() {
                        break;
                    }
                    if safe_before && pos.royals(them) == 1 {
                        let attacked = royal_attacked(&pos, them);
                        assert_eq!(checked_by_last_move(&pos), attacked, "{}", pos.fen());
                        judged += 1;
                        checks += usize::from(attacked);
                    }
                }
            }
            assert!(
                judged > 1_000 && checks > 5,
                "{name}: {judged} judged, {checks} checks"
            );
        }
        // Set positions: a Gold leaving a Rook's file checks (discovered),
        // a Lion's jump checks.
        let v = VariantSet::builtin().find("chu").expect("built in");
        for fen in [
            "k11/12/12/12/12/12/12/12/12/G11/12/R10K w - 0 1",
            "k11/12/12/3N8/12/12/12/12/12/12/12/11K w - 0 1",
        ] {
            let mut pos = Position::from_fen(v, fen).expect("a position");
            let mut moves = Vec::new();
            generate(&pos, &mut moves);
            let mut checks = 0;
            for mv in moves {
                pos.make(mv);
                let attacked = royal_attacked(&pos, pos.side());
                assert_eq!(checked_by_last_move(&pos), attacked, "{fen} {mv}");
                checks += usize::from(attacked);
                pos.unmake();
            }
            assert!(checks > 0, "{fen}");
        }
    }
}
