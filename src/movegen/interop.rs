//! The moves the rules allow that the engine does not play itself, so
//! that XBoard 4.9.1 can relay them and HaChu 0.21 can follow them.

use super::burns::is_capture;
use super::promotion::chu_offer;
use crate::board::Position;
use crate::moves::Move;
use crate::types::Square;
use crate::variant::{Power, PromotionRule};

/// XBoard's piece slots that it treats as pawns on the last rank.
const XBOARD_PAWN_SLOT: u8 = 0;
const XBOARD_LANCE_SLOT: u8 = 18;

/// Moves the rules allow but the engine does not play itself because
/// XBoard 4.9.1 or HaChu would reject them (docs/rules/chu.md 4.3 and section 8,
/// dai.md 4.3): a promotion offered only by the dead-rank rule (HaChu
/// rejects it), a piece with dead ranks (Pawn, Lance; in Dai also Iron,
/// Stone, Knight) declining a promotion the zone rule offers (HaChu
/// promotes such pieces silently on their dead ranks and restricts
/// declined pawns; declining elsewhere gains them little), and, after a
/// piece other than `N` took an `N`, any capture of an `N` (XBoard forbids
/// it even by a Lion). In every variant: a move with two kill squares
/// (three legs, a Wolf's double capture on the way), which XBoard 4.9.1
/// passes on wrongly (it turned `g7g8,g8g9,g9g10` into `g7g8,g8g9,g9g8`),
/// and, where only captures promote, a non-promoting move onto a rank the
/// piece can never leave (XBoard then appends a promotion letter of its
/// own, and the piece would be stranded anyway). On a 16-rank board, any
/// move from rank 16: XBoard 4.9.1 takes it for a drop. A piece in
/// XBoard's Pawn or Lance slot (Nutty's Buffalo has the Lance's) moving to
/// the last rank without promoting: XBoard relays it with a `q` of its
/// own (`g9k13` became `g9k13q` in a Nutty match).
pub fn interop_safe(pos: &Position, mv: Move) -> bool {
    let v = pos.variant();
    let Some(p) = pos.piece_at(mv.from()) else {
        return false;
    };
    let t = v.piece(p.kind());
    if mv.kills().len() > 1 {
        return false;
    }
    if mv.from() == mv.to() && mv.kills().is_empty() && mv.promotes() {
        // A promotion without moving has no notation XBoard knows.
        return false;
    }
    if v.height == 16 && mv.from().rank() == 15 {
        // XBoard records and relays a move from rank 16 as a drop of the
        // file's letter (`K@j15`): its own board goes wrong from then on
        // (and it later forfeits moves its board cannot follow), promotions
        // and kill squares are lost, and a file whose letter no piece has
        // becomes `@@@@`.
        return false;
    }
    if matches!(t.slot, Some(XBOARD_PAWN_SLOT | XBOARD_LANCE_SLOT))
        && v.is_last_rank(p.color(), mv.to())
        && !mv.promotes()
    {
        return false;
    }
    if v.promotion != PromotionRule::Chu
        && v.is_dead_square(t, p.color(), mv.to())
        && !mv.promotes()
    {
        return false;
    }
    if v.promotion == PromotionRule::Chu {
        let captures = is_capture(pos, mv);
        let o = chu_offer(v, t, p.color(), mv.from(), mv.to(), captures);
        if mv.promotes() && !o.by_zone {
            return false;
        }
        if t.dead_ranks > 0 && o.by_zone && !mv.promotes() {
            return false;
        }
    }
    if pos.state().xboard_strike {
        let plain_lion = |sq: Square| {
            pos.piece_at(sq)
                .is_some_and(|q| Some(q.kind()) == v.xboard_lion)
        };
        if mv.kills().iter().any(|&k| plain_lion(k))
            || (mv.to() != mv.from() && plain_lion(mv.to()))
        {
            return false;
        }
    }
    true
}

/// Whether HaChu 0.21 follows a move the rules allow (docs/rules/cashew.md and
/// macadamia.md §8, and refusals seen in matches): it moves some types
/// wrongly or not at all (hook movers, the Emperor, the Golden Bird: the
/// data's `hachu-misplays`), lacks the Wolf's "capture d1, go on to d3"
/// and "capture d2, back to an empty d1", and converts a capturer only on
/// taking a Saint or Ghost, not a Priest or Pirate. The engine avoids these
/// moves, when asked to, so that games against HaChu are played to their
/// end.
pub fn hachu_follows(pos: &Position, mv: Move) -> bool {
    let v = pos.variant();
    let Some(mover) = pos.piece_at(mv.from()) else {
        return false;
    };
    let t = v.piece(mover.kind());
    if t.hachu_misplays {
        return false;
    }
    if mv.promotes() && t.promotes_to.is_some_and(|k| v.piece(k).hachu_misplays) {
        return false;
    }
    // HaChu marks its Pawn (`P`) when it declines promotion on entering
    // the zone and then lets it promote only on the last rank: a Pawn
    // inside the zone came in unpromoted (no opening has one there), so
    // its capture that promotes short of the last rank is refused
    // (`b9b10+` in a Chu match).
    if v.promotion == PromotionRule::Chu
        && t.token == "P"
        && mv.promotes()
        && v.in_zone(mover.color(), mv.from())
        && !v.is_last_rank(mover.color(), mv.to())
    {
        return false;
    }
    let unpromoted_convert = |sq: Square| {
        pos.piece_at(sq)
            .is_some_and(|p| v.piece(p.kind()).contagion.is_some() && !v.piece(p.kind()).promoted)
    };
    let dest = (mv.to() != mv.from()).then_some(mv.to());
    if !v.is_exempt_from_contagion(t)
        && mv
            .kills()
            .iter()
            .chain(dest.iter())
            .any(|&sq| unpromoted_convert(sq))
    {
        return false;
    }
    if t.power == Power::Wolf
        && let [kill] = mv.kills()
    {
        let (out, to) = (mv.from().distance(*kill), mv.from().distance(mv.to()));
        let back_to_empty = out == 2 && to == 1 && pos.cell(mv.to()).is_empty();
        if back_to_empty || (out == 1 && to == 3) {
            return false;
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::movegen::parse_move;
    use crate::variant::VariantSet;

    /// `judge` applied to the moves of `variant` at `fen`, named by text.
    fn judge_moves(
        variant: &str,
        fen: &str,
        judge: fn(&Position, Move) -> bool,
    ) -> impl Fn(&str) -> bool {
        let v = VariantSet::builtin().find(variant).unwrap();
        let pos = Position::from_fen(v, fen).unwrap();
        move |text| judge(&pos, parse_move(&pos, text).unwrap())
    }

    #[test]
    fn moves_hachu_cannot_follow() {
        let v = VariantSet::builtin().find("macadamia").unwrap();
        // Gold f5 next to a Priest f6 and a Saint e6; Emperor a1 (after
        // a King move each); Hook Mover m1.
        let fen = "6k6/13/13/13/6p6/6p6/13/4+i'i'7/5G7/13/13/13/+K11H! w";
        let mut pos = Position::from_fen(v, fen).unwrap();
        pos.make(parse_move(&pos, "a1a2").unwrap());
        pos.make(parse_move(&pos, "g13g12").unwrap());
        let follows = |text: &str| hachu_follows(&pos, parse_move(&pos, text).unwrap());
        // HaChu's Wolf lacks "capture d2, back to an empty d1" and "capture
        // d1, on to d3"; it has the other kinds.
        // Wolf g7: enemies on g9 and g10 (g8 empty), and on h8.
        let wolf = "6k6/13/13/6p6/6p6/7p5/6W!6/13/13/13/13/13/K12 w";
        let wolf_follows = judge_moves("macadamia", wolf, hachu_follows);
        assert!(!wolf_follows("g7g9,g9g8"));
        assert!(!wolf_follows("g7h8,h8j10"));
        assert!(wolf_follows("g7g9,g9g10"));
        assert!(wolf_follows("g7h8,h8i9"));
        assert!(wolf_follows("g7h8,h8g7"));
        // No Emperor or hook moves; a Priest converts in HaChu only when
        // promoted (a Saint). No promotion into a Golden Bird.
        assert!(!follows("a2b2"));
        assert!(!follows("m1m2"));
        assert!(!follows("f5f6"));
        assert!(follows("f5e6"));
        let phoenix = "6k6/13/13/13/13/13/13/6p6/6X6/13/13/13/K12 w";
        let phoenix_follows = judge_moves("macadamia", phoenix, hachu_follows);
        assert!(!phoenix_follows("g5g6+"));
        assert!(phoenix_follows("g5g6"));
        // A Chu Pawn inside the zone promotes only on the last rank in
        // HaChu: Pawn b10 takes b11, Pawn d11 takes d12; Pawn f8 enters.
        let fen = "k2p8/1p1P8/1P10/5p6/5P6/12/12/12/12/12/12/11K w";
        let pawn_follows = judge_moves("chu", fen, hachu_follows);
        assert!(!pawn_follows("b10b11+"));
        assert!(pawn_follows("b10b11"));
        assert!(pawn_follows("d11d12+"));
        assert!(pawn_follows("f8f9+"));
    }

    #[test]
    fn own_moves_xboard_cannot_relay() {
        // Wolf g7, enemies g8 and g9: the double capture onto g10 has three
        // legs, which XBoard 4.9.1 mangles; the two-leg moves are fine.
        let fen = "12k/13/13/13/6q6/6q6/6W!6/13/13/13/13/P12/K12 w";
        let safe = judge_moves("cashew", fen, interop_safe);
        assert!(!safe("g7g8,g8g9,g9g10+"));
        assert!(safe("g7g8,g8g9+"));
        // No stranding a Pawn on its last rank by a non-capture (XBoard
        // would append a promotion letter).
        let pawn = "12k/P12/13/13/13/13/13/13/13/13/13/13/12K w";
        assert!(!judge_moves("cashew", pawn, interop_safe)("a12a13"));
    }

    #[test]
    fn nutty_buffalo_in_the_lance_slot_promotes_on_the_last_rank() {
        // The position of the Nutty match game where XBoard turned the
        // Buffalo's g9k13 into g9k13q.
        let fen = "lnf1gh1kgsfnl/1vc!x2tdt1o1v/s'br1s5rbs'/pp1pp3pp1pp/2p3W!2d'p2/3d'4b!4/13/11q1/2P4P1N3/P1RPPPPD3PP/S'B1HD6BS'/V3O1B!G1X2V/LNFSGTKT1SF1L w";
        let safe = judge_moves("nutty", fen, interop_safe);
        assert!(!safe("g9k13"));
        assert!(safe("g9k13+"));
        // Short of the last rank it may decline.
        assert!(safe("g9j12"));
    }

    #[test]
    fn suzumu_moves_xboard_cannot_relay() {
        let v = VariantSet::builtin().find("suzumu").unwrap();
        // Fire Demon h6 with enemy Golds g7 and i7; a Lion e13 in the zone.
        let fen = "15k/16/16/16/4L!11/16/16/16/16/6g1g7/7D!8/16/16/16/16/K15 w";
        let safe = judge_moves("suzumu", fen, interop_safe);
        // A double burn has three legs; one burn two.
        assert!(!safe("h6g7,g7i7,i7h7"));
        assert!(safe("h6g7,g7h7"));
        // A promotion without moving has no notation XBoard knows; the
        // plain pass is `@@@@`.
        assert!(!safe("e12e12+"));
        assert!(safe("e12e12"));
        // XBoard takes a move from rank 16 for a drop (`K@j15`); moves
        // onto rank 16 are fine.
        let back_rank = "9gs4k/16/16/16/16/16/16/16/16/16/16/16/16/16/16/K15 b";
        let mut pos = Position::from_fen(v, back_rank).unwrap();
        let safe = |pos: &Position, text: &str| interop_safe(pos, parse_move(pos, text).unwrap());
        assert!(!safe(&pos, "k16k15"));
        assert!(!safe(&pos, "p16o15"));
        pos.make(parse_move(&pos, "j16j15").unwrap());
        pos.make(parse_move(&pos, "a1a2").unwrap());
        assert!(safe(&pos, "j15j16"));
    }

    #[test]
    fn xboard_counts_a_promoted_kirin_as_a_non_lion() {
        let set = VariantSet::builtin();
        let v = set.find("chu").unwrap();
        // Gote's promoted Kirin on e9 takes Sente's Lion on e8: by the rules
        // a Lion took a Lion (no counter-strike), but XBoard sees a non-Lion
        // take an `N` and forbids Sente to take Gote's Lion next move.
        let fen = "11k/12/12/4+o7/4N1n5/6N5/12/12/12/12/12/K11 b";
        let mut pos = Position::from_fen(v, fen).unwrap();
        pos.make(parse_move(&pos, "e9e8").unwrap());
        assert!(!pos.state().lion_strike);
        let take = parse_move(&pos, "g7g8").unwrap();
        assert!(!interop_safe(&pos, take));
        let quiet = parse_move(&pos, "g7h6").unwrap();
        assert!(interop_safe(&pos, quiet));
    }
}
