//! Static evaluation from the side to move's view: material and placement
//! (both kept incrementally by the board; `placement.rs` builds the
//! placement tables per variant), royal shelter, the threats of Lions and
//! Fire Demons, and once one side is left with next to nothing, the mop-up
//! that drives its royal into a corner.

use crate::board::Position;
use crate::types::{Color, KING_STEPS, LION_JUMPS, Square};
use crate::variant::Burn;

/// The material lead (centipawns) the stronger side needs for the mop-up
/// term: with less, the weaker side's Pawns and Lances may still fight.
pub const MOP_UP_LEAD: i32 = 600;

/// The largest score the evaluation gives, short of the search's mate
/// scores: pieces valued near `variant::MAX_PIECE_VALUE` in an ini file could
/// otherwise sum past them and read as a mate.
pub const EVAL_LIMIT: i32 = 90_000;

/// Score in centipawns for the side to move, within `EVAL_LIMIT`.
pub fn evaluate(pos: &Position) -> i32 {
    let mut score = pos.material(Color::White) - pos.material(Color::Black) + pos.placement();
    for color in Color::BOTH {
        for &sq in pos.royal_squares(color) {
            score += royal_shelter(pos, sq, color);
        }
        for &sq in pos.strikers(color) {
            score += striker_threats(pos, sq, color);
        }
    }
    score += pos.variant().eval.mop_up * mop_up_steps(pos);
    let mover = if pos.side() == Color::White {
        score
    } else {
        -score
    };
    (mover + pos.variant().eval.tempo + pos.pair_score()).clamp(-EVAL_LIMIT, EVAL_LIMIT)
}

/// The mop-up term's steps, White-positive (`EvalParams::mop_up`): for
/// the stronger side, how near its royals stand to the lone royals (board
/// size minus the distance in King steps, per pair) plus how far the lone
/// royals stand from the centre (files plus ranks, so that a corner counts
/// more than the middle of an edge). Zero unless one side is that far
/// ahead. Cheap to rule out: the piece counts are kept by the board.
pub fn mop_up_steps(pos: &Position) -> i32 {
    let weak = match (
        pos.strong_pieces(Color::White),
        pos.strong_pieces(Color::Black),
    ) {
        (w, b) if w <= 1 && b >= 2 => Color::White,
        (w, b) if b <= 1 && w >= 2 => Color::Black,
        _ => return 0,
    };
    let strong = weak.flip();
    if pos.material(strong) - pos.material(weak) < MOP_UP_LEAD {
        return 0;
    }
    let v = pos.variant();
    let size = v.width.max(v.height) as i32;
    // Doubled coordinates keep the centre of an even board on a whole
    // number; on a square board the two doubled offsets are both odd or
    // both even, so their sum halves exactly.
    let (cx, cy) = (v.width as i32 - 1, v.height as i32 - 1);
    let mut steps = 0;
    for &lone in pos.royal_squares(weak) {
        let off_centre = (2 * lone.file() as i32 - cx).abs() + (2 * lone.rank() as i32 - cy).abs();
        steps += off_centre / 2;
        for &hunter in pos.royal_squares(strong) {
            steps += size - hunter.distance(lone) as i32;
        }
    }
    if strong == Color::White {
        steps
    } else {
        -steps
    }
}

/// Friendly pieces next to a royal shield it; enemies next to it threaten,
/// and more so when several are near; open lines into it expose it.
fn royal_shelter(pos: &Position, sq: Square, color: Color) -> i32 {
    let w = &pos.variant().eval;
    let mut s = 0;
    for &d in &KING_STEPS {
        if let Some(p) = pos.piece_at(sq.offset(d)) {
            s += if p.color() == color {
                w.shelter
            } else {
                -w.royal_attacker
            };
        }
    }
    if w.royal_exposure != 0 {
        s -= w.royal_exposure * open_lines(pos, sq);
    }
    if w.royal_crowd != 0 {
        let near = enemies_within_two_steps(pos, sq, color);
        s -= w.royal_crowd * near * near;
    }
    if color == Color::White { s } else { -s }
}

/// Pieces of `color`'s enemy within two King steps of `sq`.
fn enemies_within_two_steps(pos: &Position, sq: Square, color: Color) -> i32 {
    KING_STEPS
        .iter()
        .chain(LION_JUMPS.iter())
        .filter(|&&d| {
            pos.piece_at(sq.offset(d))
                .is_some_and(|q| q.color() != color)
        })
        .count() as i32
}

/// Squares a Queen on `sq` would reach, the first piece on a line included.
fn open_lines(pos: &Position, sq: Square) -> i32 {
    let mut n = 0;
    for &d in &KING_STEPS {
        let mut to = sq.offset(d);
        while pos.cell(to).is_empty() {
            n += 1;
            to = to.offset(d);
        }
        if !pos.cell(to).is_off() {
            n += 1;
        }
    }
    n
}

/// Enemy pieces within two steps of a Lion or a burning Demon on `sq`.
fn striker_threats(pos: &Position, sq: Square, color: Color) -> i32 {
    let w = &pos.variant().eval;
    let Some(p) = pos.piece_at(sq) else { return 0 };
    let weight = if pos.variant().piece(p.kind()).burn != Burn::None {
        w.burn_threat
    } else {
        w.lion_threat
    };
    if weight == 0 {
        return 0;
    }
    let enemies = enemies_within_two_steps(pos, sq, color);
    if color == Color::White {
        weight * enemies
    } else {
        -weight * enemies
    }
}

#[cfg(test)]
mod tests {
    use crate::board::Position;
    use crate::variant::VariantSet;

    /// A 5x5 board with Kings and Gold Generals, its weights from `eval`.
    fn mini(eval: &str) -> Result<VariantSet, String> {
        VariantSet::parse(&format!(
            "[mini]\nboard = 5x5\nzone = 1\n{eval}start = 2k2/5/5/5/2K2 w\n\
             piece = K | King | K | K | - | royal\npiece = G | Gold | WfF | WfF | - | value=500\n"
        ))
    }

    fn score(set: &'static VariantSet, fen: &str) -> i32 {
        super::evaluate(&Position::from_fen(&set.variants[0], fen).unwrap())
    }

    #[test]
    fn weights_come_from_the_ini() {
        let set: &'static VariantSet = Box::leak(Box::new(
            mini("eval-royal-rank = 30\neval-shelter = 40\neval-royal-attacker = 70\n").unwrap(),
        ));
        let w = &set.variants[0].eval;
        assert_eq!((w.royal_rank, w.shelter, w.royal_attacker), (30, 40, 70));
        // The white King one rank up: 30 worse for White.
        assert_eq!(
            score(set, "2k2/5/5/5/2K2 w") - score(set, "2k2/5/5/2K2/5 w"),
            30
        );
        // A Gold beside the white King rather than on the same file away
        // from both Kings (Golds are not slow: no advance term): shelter;
        // an enemy Gold there: an attacker.
        let apart = score(set, "2k2/5/1G3/5/2K2 w");
        assert_eq!(score(set, "2k2/5/5/5/1GK2 w") - apart, 40);
        let apart = score(set, "2k2/5/1g3/5/2K2 w");
        assert_eq!(score(set, "2k2/5/5/5/1gK2 w") - apart, -70);
    }

    /// The side to move gains `eval-tempo`, whichever side it is: the
    /// same position scores twice the tempo more for White with White to
    /// move than with Black to move (from White's view).
    #[test]
    fn the_side_to_move_gains_the_tempo() {
        let with = |eval: &str| -> &'static VariantSet { Box::leak(Box::new(mini(eval).unwrap())) };
        let fen = "2k2/5/1G3/5/2K2";
        let swing = |set| score(set, &format!("{fen} w")) + score(set, &format!("{fen} b"));
        assert_eq!(swing(with("")), 0);
        assert_eq!(swing(with("eval-tempo = 15\n")), 30);
    }

    #[test]
    fn the_score_stays_short_of_mate_scores() {
        let text = format!(
            "[big]\nboard = 5x5\nzone = 1\nstart = 2k2/5/5/5/2K2 w\n\
             piece = K | King | K | K | - | royal\n\
             piece = G | Gold | WfF | WfF | - | value={}\n",
            crate::variant::MAX_PIECE_VALUE
        );
        let set: &'static VariantSet = Box::leak(Box::new(VariantSet::parse(&text).unwrap()));
        // Twenty Golds at the largest value are worth 1,000,000.
        let fen = "GGkGG/GGGGG/GGGGG/GGGGG/GGKG1";
        assert_eq!(score(set, &format!("{fen} w")), super::EVAL_LIMIT);
        assert_eq!(score(set, &format!("{fen} b")), -super::EVAL_LIMIT);
    }

    /// A 7x7 variant with a 2-rank zone, every placement weight but the
    /// ones under test off, a Lion, a Demon that burns, and a Pawn that
    /// promotes to a Gold.
    fn threats(eval: &str) -> &'static VariantSet {
        let text = format!(
            "[mini]\nboard = 7x7\nzone = 2\neval-royal-rank = 0\neval-royal-file = 0\n\
             eval-advance = 0\neval-centre = 0\neval-shelter = 0\neval-royal-attacker = 0\n\
             {eval}start = 3k3/7/7/7/7/7/3K3 w\n\
             piece = K | King | K | K | - | royal\n\
             piece = N | Lion | KNADcaKmabK | - | - | lion value=2000\n\
             piece = D | Fire Demon | K | K | - | area=3 burn=auto value=3000\n\
             piece = G | Gold | WfF | WfF | - | value=300\n\
             piece = P | Pawn | fW | fW | +P | value=100\n\
             piece = +P | Tokin | WfF | WfF | - | value=300\n"
        );
        Box::leak(Box::new(VariantSet::parse(&text).unwrap()))
    }

    #[test]
    fn promotion_potential_grows_towards_the_zone() {
        let set = threats("eval-promotion = 30\n");
        // Promoting gains 200; 30% of it is 60, divided by one plus the
        // ranks still to go to the zone (ranks 6 and 7).
        let at = |rank: usize| {
            let mut rows = vec!["7".to_string(); 7];
            rows[0] = "3k3".into();
            rows[6] = "3K3".into();
            rows[7 - rank] = "P6".into();
            score(set, &format!("{} w", rows.join("/")))
        };
        assert_eq!(at(5) - at(2), 30 - 12);
        // Rank 6 is in the zone: the whole share.
        assert_eq!(at(6) - at(5), 60 - 30);
        // A black Pawn on its own rank 6 (the board's rank 2) likewise.
        assert_eq!(
            score(set, "3k3/7/7/7/7/p6/3K3 w") - score(set, "3k3/7/7/7/p6/7/3K3 w"),
            -(60 - 30)
        );
        // Without the weight, placement does not care.
        let flat = threats("");
        assert_eq!(
            score(flat, "3k3/7/P6/7/7/7/3K3 w"),
            score(flat, "3k3/7/7/7/7/P6/3K3 w")
        );
    }

    #[test]
    fn lions_and_demons_threaten_what_is_within_two_steps() {
        // (A Lion and a Gold against a lone King would be a mop-up.)
        let set = threats("eval-lion-threat = 11\neval-burn-threat = 7\neval-mop-up = 0\n");
        // White Lion on d4; black Golds two steps away count, three do not.
        let base = score(set, "3k3/7/7/3N3/7/7/3K3 w");
        assert_eq!(score(set, "3k3/7/1g5/3N3/7/7/3K3 w") - base, 11 - 300);
        assert_eq!(score(set, "3k3/7/g6/3N3/7/7/3K3 w") - base, -300);
        assert_eq!(score(set, "3k3/3g3/7/3N3/7/7/3K3 w") - base, 11 - 300);
        // Two in reach count twice; a friendly piece not at all.
        assert_eq!(score(set, "3k3/2g1g2/7/3N3/7/7/3K3 w") - base, 22 - 600);
        assert_eq!(score(set, "3k3/7/1G5/3N3/7/7/3K3 w") - base, 300);
        // A black Demon counts against White, with its own weight.
        let base = score(set, "3k3/7/7/3d3/7/7/3K3 w");
        assert_eq!(score(set, "3k3/7/7/3d3/4G2/7/3K3 w") - base, 300 - 7);
        // Black to move sees the same from its side.
        assert_eq!(
            score(set, "3k3/7/7/3d3/4G2/7/3K3 b") - score(set, "3k3/7/7/3d3/7/7/3K3 b"),
            7 - 300
        );
    }

    #[test]
    fn open_lines_expose_a_royal() {
        let set = threats("eval-royal-exposure = 5\neval-mop-up = 0\n");
        // Kings on d1 and d7 of an empty board see 3 + 3 along their rank,
        // 3 + 3 diagonally and 6 along the file (the other King counts):
        // 18 each, so the term cancels.
        assert_eq!(score(set, "3k3/7/7/7/7/7/3K3 w"), 0);
        // A white Gold on d2 closes the white King's file to 1 square (13
        // in all) and shortens the black King's by one (17).
        assert_eq!(score(set, "3k3/7/7/7/7/3G3/3K3 w"), 300 + 5 * (17 - 13));
    }

    #[test]
    fn enemies_crowding_a_royal_count_by_their_square() {
        let set = threats("eval-royal-crowd = 7\neval-mop-up = 0\n");
        let alone = score(set, "3k3/7/7/7/7/7/3K3 w");
        // Black Golds two steps from the white King: one costs 7, two 28,
        // one three steps away nothing.
        assert_eq!(score(set, "3k3/7/7/7/3g3/7/3K3 w") - alone, -300 - 7);
        assert_eq!(score(set, "3k3/7/7/7/2g1g2/7/3K3 w") - alone, -600 - 28);
        assert_eq!(score(set, "3k3/7/7/3g3/7/7/3K3 w") - alone, -300);
    }

    #[test]
    fn a_lone_royal_is_hunted_once_the_other_side_is_far_ahead() {
        // 7x7, every weight off but the mop-up: only its gradient shows.
        let set = threats("eval-mop-up = 10\n");
        // White: King and two Golds (600) against the lone black King.
        let far = score(set, "3k3/7/7/7/7/7/G1GK3 w");
        // The black King in the middle of the top edge is 3 ranks (and no
        // file) from the centre; the Kings are 6 apart: 3 + (7 - 6) steps.
        assert_eq!(far - 600, 10 * (3 + 1));
        // The white King 2 ranks up: 2 steps nearer.
        assert_eq!(score(set, "3k3/7/7/7/3K3/7/G1G4 w") - far, 20);
        // The black King driven into the corner (3 more from the centre)
        // with the white King beside it (5 nearer).
        assert_eq!(score(set, "k6/1K5/7/7/7/7/G1G4 w") - far, 10 * (3 + 5));
        // Black to move sees it from its side.
        assert_eq!(score(set, "3k3/7/7/7/7/7/G1GK3 b"), -far);
        // With one Gold, or with the black King keeping a Gold, no term.
        assert_eq!(
            score(set, "3k3/7/7/7/3K3/7/G6 w"),
            score(set, "3k3/7/7/7/7/7/G2K3 w")
        );
        assert_eq!(
            score(set, "3k3/3g3/7/7/3K3/7/G1G4 w"),
            score(set, "3k3/3g3/7/7/7/7/G1GK3 w")
        );
    }

    #[test]
    fn unknown_or_bad_weights_are_refused() {
        assert!(mini("eval-sheltre = 3\n").is_err());
        assert!(mini("eval-shelter = lots\n").is_err());
        assert!(mini("eval-shelter = 99999\n").is_err());
    }
}
