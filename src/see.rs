//! Static exchange evaluation (SEE): what a capture wins once the
//! exchange it starts on its destination square is played out, each side
//! taking back with its least valuable piece and free to stop when going
//! on would lose.
//!
//! The large variants' captures are not one piece for one square: a
//! General's jump takes pieces in passing, a Fire Demon burns its
//! neighbours, a Lion takes two, igui takes without moving, and in Nutty a
//! piece that ends next to an enemy Fire Demon burns. So the exchange is
//! played on the board (`Position::make`) with moves from the generator:
//! every removed piece counts, whichever move removes it, and a piece that
//! does not stay on the square (igui, a burn, a mover burnt) ends the
//! exchange, since nothing is left there to take.

use crate::board::Position;
use crate::movegen::generate_captures_of;
use crate::moves::Move;
use crate::types::Square;

/// A royal counts this much above its value: taking it is worth more than
/// any material.
const ROYAL_BONUS: i32 = 5000;

/// Most captures on the square played out after the first one: longer
/// exchanges are rare and their tail hardly changes the sign.
const MAX_REPLIES: usize = 6;

/// A piece's value for exchanges (`PieceType::value`, at least 1, a
/// royal `ROYAL_BONUS` more).
fn value_at(pos: &Position, sq: Square) -> i32 {
    let v = pos.variant();
    pos.piece_at(sq).map_or(0, |p| {
        let t = v.piece(p.kind());
        t.value.max(1) + i32::from(t.royal) * ROYAL_BONUS
    })
}

/// The value of the pieces a move captures on its kill squares and its
/// destination (Nutty's automatic burns not included).
pub fn victims_value(pos: &Position, mv: Move) -> i32 {
    let mut victims: i32 = mv.kills().iter().map(|&k| value_at(pos, k)).sum();
    if mv.to() != mv.from() {
        victims += value_at(pos, mv.to());
    }
    victims
}

/// The value of the moving piece.
pub fn capturer_value(pos: &Position, mv: Move) -> i32 {
    pos.piece_at(mv.from())
        .map_or(0, |p| pos.variant().piece(p.kind()).value)
}

/// What promotion adds to the mover's value.
fn promotion_gain(pos: &Position, mv: Move) -> i32 {
    let v = pos.variant();
    match pos.piece_at(mv.from()) {
        Some(p) if mv.promotes() => {
            let t = v.piece(p.kind());
            t.promotes_to.map_or(0, |k| v.piece(k).value - t.value)
        }
        _ => 0,
    }
}

/// The material a move wins outright, before any reply: every piece it
/// removes (Nutty's burns included), what promotion adds, less the mover
/// if it burns next to an enemy Fire Demon.
fn gain(pos: &Position, mv: Move) -> i32 {
    let v = pos.variant();
    let mut g = victims_value(pos, mv) + promotion_gain(pos, mv);
    if v.auto_burn {
        let burns = pos.auto_burns(mv);
        g += burns
            .victims
            .iter()
            .map(|&sq| value_at(pos, sq))
            .sum::<i32>();
        if burns.mover_burnt {
            g -= capturer_value(pos, mv);
        }
    }
    g
}

/// Whether `mv`'s exchange wins at least `threshold` for the side to move
/// (`see`), deciding from the material alone where it can: the exchange
/// wins at most the victims, and at least the victims less the capturer
/// (a bound, not the exchange's floor: a reply that takes the capturer
/// and more besides, a Lion's double capture or a burn, loses the mover
/// more, and this may say yes where `see` says no). Not where the move
/// promotes, nor in Nutty, where a piece stepping next to a Fire Demon
/// burns (and a Demon's reply burns its neighbours).
pub fn see_ge(pos: &mut Position, mv: Move, threshold: i32, buf: &mut Vec<Move>) -> bool {
    if !pos.variant().auto_burn && !mv.promotes() {
        let victims = victims_value(pos, mv);
        if victims < threshold {
            return false;
        }
        if victims - capturer_value(pos, mv) >= threshold {
            return true;
        }
    }
    exchange_at_least(pos, mv, mv.to(), threshold, buf, MAX_REPLIES)
}

/// The material the side to move wins with `mv` once the exchange on its
/// destination is over (0 for a move that captures nothing and is not
/// taken). `buf` is scratch space for generated moves. The search asks
/// only `see_ge`; this whole value is what the tests hold it to.
#[cfg(test)]
pub fn see(pos: &mut Position, mv: Move, buf: &mut Vec<Move>) -> i32 {
    exchange(pos, mv, mv.to(), buf, MAX_REPLIES)
}

/// What `mv`, a capture on `sq` (or the first move of an exchange there),
/// wins: its own gain, less what the opponent wins taking back on `sq`
/// with `left` captures more, if the mover stays there to be taken.
#[cfg(test)]
fn exchange(pos: &mut Position, mv: Move, sq: Square, buf: &mut Vec<Move>, left: usize) -> i32 {
    let g = gain(pos, mv);
    let us = pos.side();
    pos.make(mv);
    let stays =
        mv.to() == sq && mv.from() != sq && pos.piece_at(sq).is_some_and(|p| p.color() == us);
    let score = if stays {
        g - reply(pos, sq, buf, left)
    } else {
        g
    };
    pos.unmake();
    score
}

/// Whether `exchange(pos, mv, sq, buf, left)` is at least `threshold`,
/// without playing the exchange further than that takes: the mover
/// wins at most `mv`'s own gain, so the opponent's reply need only be
/// shown to win no more than that gain less the threshold, and each
/// capture after it likewise (most exchanges end at the first reply,
/// whose taker is worth too little to matter).
fn exchange_at_least(
    pos: &mut Position,
    mv: Move,
    sq: Square,
    threshold: i32,
    buf: &mut Vec<Move>,
    left: usize,
) -> bool {
    let g = gain(pos, mv);
    if g < threshold {
        return false;
    }
    let us = pos.side();
    pos.make(mv);
    let stays =
        mv.to() == sq && mv.from() != sq && pos.piece_at(sq).is_some_and(|p| p.color() == us);
    // The reply, never below 0, must win at most `g - threshold` (>= 0).
    let holds = !stays || reply_at_most(pos, sq, g - threshold, buf, left);
    pos.unmake();
    holds
}

/// Whether `reply(pos, sq, buf, left)` is at most `bound` (>= 0).
fn reply_at_most(
    pos: &mut Position,
    sq: Square,
    bound: i32,
    buf: &mut Vec<Move>,
    left: usize,
) -> bool {
    match least_valuable_taker(pos, sq, buf, left) {
        None => true,
        Some(m) => !exchange_at_least(pos, m, sq, bound + 1, buf, left - 1),
    }
}

/// What the side to move wins at best by taking the piece on `sq` with its
/// least valuable taker, the exchange going on from there (0: it may
/// decline).
#[cfg(test)]
fn reply(pos: &mut Position, sq: Square, buf: &mut Vec<Move>, left: usize) -> i32 {
    least_valuable_taker(pos, sq, buf, left)
        .map_or(0, |m| exchange(pos, m, sq, buf, left - 1).max(0))
}

/// The capture the exchange on `sq` goes on with, if it goes on (`left`
/// captures more allowed, the game not over): the side to move's least
/// valuable piece left on the square (nothing at all where the taker
/// does not stay there), and of its ways the one taking most.
fn least_valuable_taker(
    pos: &Position,
    sq: Square,
    buf: &mut Vec<Move>,
    left: usize,
) -> Option<Move> {
    if left == 0 || pos.is_over() {
        return None;
    }
    generate_captures_of(pos, sq, buf);
    buf.iter().copied().min_by_key(|&m| taker_order(pos, sq, m))
}

/// What the exchange on `sq` takes back with first, least first: the
/// value left on the square to be taken in turn (none where the taker
/// does not stay there), then the most taken.
fn taker_order(pos: &Position, sq: Square, m: Move) -> (i32, i32) {
    let risk = if m.to() == sq && m.from() != sq {
        capturer_value(pos, m)
    } else {
        0
    };
    (risk, -victims_value(pos, m))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::movegen::parse_move;
    use crate::variant::VariantSet;

    fn position(variant: &str, fen: &str) -> Position {
        let v = VariantSet::builtin().find(variant).unwrap();
        Position::from_fen(v, fen).unwrap()
    }

    /// The value the built-in data gives the piece `token` of `variant`.
    fn value(variant: &str, token: &str) -> i32 {
        let v = VariantSet::builtin().find(variant).unwrap();
        v.piece(v.kind(token).unwrap()).value
    }

    fn see_of(pos: &mut Position, text: &str) -> i32 {
        let mv = parse_move(pos, text).unwrap();
        let before = pos.fen();
        let score = see(pos, mv, &mut Vec::new());
        assert_eq!(pos.fen(), before, "the exchange is taken back");
        score
    }

    /// Along random games in every variant, the exchange judged against a
    /// threshold agrees with the exchange played out for every capture,
    /// at thresholds on both sides of its value and of `see_ge`'s quick
    /// bounds.
    #[test]
    fn the_threshold_test_agrees_with_the_whole_exchange() {
        use crate::movegen::{generate, is_capture};
        use crate::types::Rng;
        let mut buf = Vec::new();
        let mut moves = Vec::new();
        for v in &VariantSet::builtin().variants {
            let mut rng = Rng::new(11);
            let (mut checked, mut losing) = (0, 0);
            for _game in 0..6 {
                let mut pos = Position::start(v);
                for _ply in 0..160 {
                    generate(&pos, &mut moves);
                    if moves.is_empty() || pos.is_over() {
                        break;
                    }
                    for mv in moves.clone() {
                        if !is_capture(&pos, mv) {
                            continue;
                        }
                        let value = see(&mut pos, mv, &mut buf);
                        let victims = victims_value(&pos, mv);
                        let capturer = capturer_value(&pos, mv);
                        for t in [
                            value,
                            value + 1,
                            value - 1,
                            0,
                            1,
                            -100,
                            victims - capturer,
                            victims,
                        ] {
                            let sq = mv.to();
                            assert_eq!(
                                exchange_at_least(&mut pos, mv, sq, t, &mut buf, MAX_REPLIES),
                                value >= t,
                                "{} {mv} threshold {t}: the exchange wins {value}",
                                pos.fen()
                            );
                        }
                        checked += 1;
                        losing += usize::from(value < 0);
                    }
                    pos.make(moves[rng.below(moves.len())]);
                }
            }
            assert!(
                checked > 500 && losing > 20,
                "{}: {checked} captures, {losing} losing",
                v.name
            );
        }
    }

    #[test]
    fn a_defended_pawn_costs_the_rook() {
        // Chu: the Rook a1 takes the Pawn a6, which the Gold b7 guards; a
        // loose Pawn is simply won.
        let (pawn, rook) = (value("chu", "P"), value("chu", "R"));
        let guarded = "k11/12/12/12/12/1g10/p11/12/12/12/12/R4K6 w";
        assert_eq!(see_of(&mut position("chu", guarded), "a1a6"), pawn - rook);
        let loose = "k11/12/12/12/12/12/p11/12/12/12/12/R4K6 w";
        assert_eq!(see_of(&mut position("chu", loose), "a1a6"), pawn);
        let mut pos = position("chu", guarded);
        let mv = parse_move(&pos, "a1a6").unwrap();
        let mut buf = Vec::new();
        assert!(see_ge(&mut pos, mv, pawn - rook, &mut buf));
        assert!(!see_ge(&mut pos, mv, pawn - rook + 1, &mut buf));
    }

    #[test]
    fn a_jump_counts_what_it_takes_in_passing() {
        // Suzumu: the Rook General a3 jumps its Pawn a5 and the enemy Pawn
        // a8 to take the Bishop a10, the Pawn in passing or not; the Gold
        // b11 takes it back.
        let fen = "15k/16/16/16/16/1g14/b15/16/p15/16/16/P15/16/R!15/16/K15 w - - 0 1";
        let (pawn, bishop, general) = (
            value("suzumu", "P"),
            value("suzumu", "B"),
            value("suzumu", "R!"),
        );
        let mut pos = position("suzumu", fen);
        assert_eq!(see_of(&mut pos, "a3a8,a8a10"), pawn + bishop - general);
        assert_eq!(see_of(&mut pos, "a3a10"), bishop - general);
        // Without the Gold the General keeps what it took.
        let fen = "15k/16/16/16/16/16/b15/16/p15/16/16/P15/16/R!15/16/K15 w - - 0 1";
        assert_eq!(
            see_of(&mut position("suzumu", fen), "a3a8,a8a10"),
            pawn + bishop
        );
    }

    #[test]
    fn a_piece_that_ends_next_to_a_fire_demon_burns() {
        // Nutty: the Rook a1 takes the Pawn a7 but burns next to the
        // Fire Demon b8 (which nothing here can take).
        let fen = "12k/13/13/13/13/1d!11/p12/13/13/13/13/13/R5K6 w - - 0 1";
        let mut pos = position("nutty", fen);
        assert_eq!(
            see_of(&mut pos, "a1a7"),
            value("nutty", "P") - value("nutty", "R")
        );
    }
}
