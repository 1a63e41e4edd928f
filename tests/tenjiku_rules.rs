//! Tenjiku Shogi rules (docs/rules/tenjiku.md, Kyodai's default rule set),
//! one check per rule, in the style of the other `*_rules.rs` files
//! (helpers in `common`). First mover (Sente) = upper case, moves up; zone
//! = ranks 12-16 for Sente, 1-5 for Gote. Game results and protocol
//! answers are checked by driving the engine binary over stdin/stdout.

mod common;

use common::cecp::Engine;
use common::{after, all_illegal, all_legal, assert_after, count, illegal, legal, play, variant};
use kyodai::board::Position;
use kyodai::perft::perft;
use kyodai::repetition::{Verdict, verdict};
use kyodai::types::Color;
use kyodai::variant::{Rules, Variant, VariantSet};
use std::time::Duration;

const NAME: &str = "tenjiku";

common::sides!(NAME);

/// Kings out of the way: Sente a1 (3 moves), Gote p16.
const KINGS: &str = "K@a1 k@p16 ";

/// Moves of the King on a1 when nothing stands next to it.
const KING_MOVES: usize = 3;

fn with_kings(rest: &str) -> Position {
    white(&format!("{KINGS}{rest}"))
}

// ---------------------------------------------------------------------------
// 2 Start position.
// ---------------------------------------------------------------------------

#[test]
fn start_position_has_72_moves_for_either_side() {
    // 2.3 / perft: 72 moves, 78 pieces a side; the Rook Generals take the
    // equal-ranked Gote Rook Generals by jumping (5.2).
    let v = variant(NAME);
    let p = Position::start(v);
    assert_eq!(count(&p), 72);
    assert_eq!(p.pieces(Color::White).count(), 78);
    assert_eq!(p.pieces(Color::Black).count(), 78);
    all_legal(&p, &["g4g13", "j4j13", "h4h16", "h4p12", "i4a12"]);
    all_illegal(&p, &["h4h13+", "g4g14", "@@@@"]);
    let board = v.start_fen.split(' ').next().unwrap();
    let gote = Position::from_fen(v, &format!("{board} b - 0 1")).unwrap();
    assert_eq!(count(&gote), 72);
}

#[test]
fn the_alias_tenjiku_shogi_names_the_variant() {
    let v = variant("tenjiku-shogi");
    assert_eq!(v.name, NAME);
    assert_eq!((v.width, v.height, v.zone), (16, 16, 5));
}

// ---------------------------------------------------------------------------
// 5.1 Fire Demon.
// ---------------------------------------------------------------------------

#[test]
fn fire_demon_slides_vertically_and_diagonally_and_area_moves() {
    // 5.1.1: BvR slides, no sideways slide beyond the area move; up to
    // three king steps through empty squares; a pass by returning.
    let p = with_kings("D!@h8");
    all_legal(
        &p,
        &[
            "h8h16", "h8h1", "h8a15", "h8o1", "h8k8", "h8e8", "h8k11", "h8h8",
        ],
    );
    all_illegal(&p, &["h8a8", "h8p8", "h8d8", "h8l8", "h8l11", "h8d5"]);
    // Area: 48 squares within distance 3; slides beyond: up h12-h16 5, down
    // h4-h1 4, up-left d12-a15 4, up-right l12-p16 5 (the King), down-left
    // d4-b2 3 (own King a1), down-right l4-o1 4; the pass 1.
    assert_eq!(count(&p), KING_MOVES + 48 + 5 + 4 + 4 + 5 + 3 + 4 + 1);
    // An area move stops at its first capture and goes through empty
    // squares only.
    let q = with_kings("D!@h8 P@g9 P@h9 P@i9 P@g7 P@h7 P@i7 P@g8 p@i8");
    legal(&q, "h8i8");
    all_illegal(&q, &["h8j8", "h8h10", "h8h11", "h8h8"]);
}

#[test]
fn a_fire_demon_burns_every_adjacent_enemy_after_its_move() {
    // 5.1.2: automatic, not written; own pieces never burn.
    let p = with_kings("D!@h6 p@g9 p@i9 g@h10 P@j9 p@m12");
    assert_after(&p, "h6h8", "K@a1 k@p16 D!@h8 g@h10 P@j9 p@m12", 'b');
    // A capture burns the destination's neighbours too.
    assert_after(&p, "h6h10", "K@a1 k@p16 D!@h10 P@j9 p@m12", 'b');
    // Burning the enemy King wins: Gote has no moves left.
    let mut q = with_kings("D!@m13 g@n14");
    play(&mut q, "m13o15");
    assert_eq!(count(&q), 0);
}

#[test]
fn a_piece_ending_next_to_an_enemy_demon_burns() {
    // 5.1.3: the mover is removed, keeps what it took, and cannot promote;
    // passing next to the Demon does not burn.
    let p = with_kings("d!@e13 P@d11 G@g11");
    assert_after(&p, "d11d12", "K@a1 k@p16 d!@e13 G@g11", 'b');
    illegal(&p, "d11d12+");
    all_legal(&p, &["g11g12+", "g11f12"]);
    illegal(&p, "g11f12+");
    // A Rook passing the Demon is safe; one stopping next to it burns.
    let q = with_kings("d!@e13 R@d2 p@d16");
    assert_after(&q, "d2d16", "K@a1 k@p16 d!@e13 R@d16", 'b');
    assert_after(&q, "d2d12", "K@a1 k@p16 d!@e13 p@d16", 'b');
}

#[test]
fn a_demon_taken_by_the_move_burns_nothing_and_demons_burn_each_other() {
    // 5.1.3: taking the Demon on its square, or as a Lion's first victim
    // and stepping beside its square, is safe; a Demon ending next to an
    // enemy Demon is burnt and burns nothing.
    let p = with_kings("L!@h6 d!@h7 p@i8");
    assert_after(&p, "h6h7,h7h8", "K@a1 k@p16 L!@h8 p@i8", 'b');
    let q = with_kings("D!@h6 d!@h10 p@g11 p@i9");
    assert_after(&q, "h6h9", "K@a1 k@p16 d!@h10 p@g11 p@i9", 'b');
    assert_after(&q, "h6h10", "K@a1 k@p16 D!@h10", 'b');
}

#[test]
fn a_water_buffalo_promoting_to_a_fire_demon_burns_at_once() {
    // 5.1.5.
    let p = with_kings("W!@h11 p@g13 p@i13 p@h14");
    assert_after(&p, "h11h12+", "K@a1 k@p16 +W!@h12 p@h14", 'b');
    assert_after(&p, "h11h12", "K@a1 k@p16 W!@h12 p@g13 p@i13 p@h14", 'b');
}

// ---------------------------------------------------------------------------
// 5.2 Jumping Generals.
// ---------------------------------------------------------------------------

#[test]
fn generals_jump_any_number_of_lower_pieces_and_take_any_rank() {
    // 5.2: Great General (3) over Pawns, Bishop and Vice Generals; a Rook
    // General (1) takes a higher General behind lower pieces; nothing
    // jumps a royal or an equal or higher General; a jump ends with a
    // capture and leaves the jumped pieces alone.
    let p = with_kings("Q!@h4 P@h5 p@h7 b!@h9 v!@h11 g@h13 +e@e7 g@c9");
    all_legal(&p, &["h4h7", "h4h9", "h4h11", "h4h13", "h4e7"]);
    all_illegal(&p, &["h4h8", "h4h12", "h4h14", "h4c9", "h4d8", "h4h13+"]);
    assert_after(
        &p,
        "h4h11",
        "K@a1 k@p16 Q!@h11 P@h5 p@h7 b!@h9 g@h13 +e@e7 g@c9",
        'b',
    );
    let r = with_kings("R!@h4 P@h5 p@h6 q!@h8 g@h10 P@g4 r!@e4 g@b4");
    all_legal(&r, &["h4h6", "h4h8", "h4e4"]);
    all_illegal(&r, &["h4h10", "h4b4", "h4h7", "h4f4"]);
}

#[test]
fn vice_general_has_the_area_move_and_a_pass() {
    // 5.3: B + jumps (rank 2) + up to 3 king steps, back to its square =
    // pass; it never burns.
    let p = with_kings("V!@h7 p@i8 r!@j9 q!@k10");
    all_legal(
        &p,
        &[
            "h7h10", "h7e7", "h7k7", "h7h8", "h7h7", "h7i8", "h7j9", "h7k10",
        ],
    );
    all_illegal(&p, &["h7l11", "h7h11", "h7d7"]);
    assert_after(&p, "h7g8", "K@a1 k@p16 V!@g8 p@i8 r!@j9 q!@k10", 'b');
}

// ---------------------------------------------------------------------------
// 5.4-5.7 Lion Hawk, Free Eagle, Tetrarch.
// ---------------------------------------------------------------------------

#[test]
fn heavenly_tetrarch_skips_the_first_square_and_takes_one_neighbour() {
    // 5.7: sideways only to the 2nd and 3rd square; igui on one adjacent
    // enemy; no pass, no double igui, no freezing.
    let p = with_kings("+C!@h7 p@g8 p@i8 P@h6 p@h9");
    all_legal(
        &p,
        &[
            "h7h9", "h7h5", "h7f7", "h7e7", "h7j7", "h7k7", "h7f9", "h7j9",
        ],
    );
    all_legal(&p, &["h7g8,g8h7", "h7i8,i8h7"]);
    all_illegal(
        &p,
        &[
            "h7g7",
            "h7d7",
            "h7l7",
            "h7h8",
            "h7g8",
            "h7h7",
            "h7g8,g8i8,i8h7",
        ],
    );
    // An enemy next to a Tetrarch moves freely (Suzumu's freezing is not
    // Tenjiku's).
    let q = black("K@a1 k@p16 +C!@h7 g@g8");
    legal(&q, "g8g7");
}

#[test]
fn free_eagle_and_lion_hawk() {
    // 5.4, 5.5: Free Eagle = Queen + jumps to the second square + diagonal
    // Lion power; Lion Hawk = Lion + Bishop.
    let e = with_kings("Q'@h7 P@h8 p@i8 p@j9");
    all_legal(
        &e,
        &[
            "h7h9",
            "h7j9",
            "h7i8,i8h7",
            "h7i8,i8j7",
            "h7i8,i8j9",
            "h7a7",
        ],
    );
    illegal(&e, "h7h10");
    let h = with_kings("H!@h7 p@i8");
    all_legal(&h, &["h7j9", "h7f5", "h7i8,i8i9", "h7a14", "@@@@"]);
    illegal(&h, "h7h11");
}

// ---------------------------------------------------------------------------
// 4 Promotion.
// ---------------------------------------------------------------------------

#[test]
fn promotion_is_chus_rule_in_five_ranks_with_a_second_chance() {
    // 4: a non-capture must enter the zone; a capture may start or end in
    // it; Pawn, Lance, Iron on the last rank and a Knight on the last two
    // may promote even without entering; never forced.
    let p = with_kings("G@g11 S@c13 P@e15 N@j13 I@m15 L@o14 p@b14");
    all_legal(
        &p,
        &[
            "g11g12+", "g11g12", "e15e16+", "e15e16", "j13i15+", "j13i15",
        ],
    );
    all_legal(
        &p,
        &[
            "m15m16+", "m15m16", "o14o16+", "o14o15", "c13b14+", "c13d12",
        ],
    );
    all_illegal(&p, &["g11h11+", "c13c14+", "o14o15+", "c13d12+"]);
    // The Queen and Lion promote (to Free Eagle and Lion Hawk); the Drunk
    // Elephant to a royal Prince.
    let q = with_kings("Q@d10 L!@h10 E@m11");
    let mut after = q.clone();
    play(&mut after, "d10d12+ p16o16 h10h12+ o16p16 m11m12+");
    for (square, token) in [("d12", "+Q"), ("h12", "+L!"), ("m12", "+E")] {
        assert_eq!(common::token_at(&after, square).as_deref(), Some(token));
    }
    // Non-promoting kinds.
    for t in ["Q'", "H!", "V!", "Q!", "D!"] {
        let p = with_kings(&format!("{t}@h10"));
        illegal(&p, "h10h12+");
    }
}

// ---------------------------------------------------------------------------
// 6 Game end.
// ---------------------------------------------------------------------------

#[test]
fn only_the_last_royal_counts() {
    // 6.1: taking the Prince leaves the King; taking the last royal ends.
    let mut p = with_kings("R@h3 R@p3 +e@h16 g@c16");
    play(&mut p, "h3h16");
    assert!(count(&p) > 0);
    play(&mut p, "c16c15 p3p16");
    assert_eq!(count(&p), 0);
}

#[test]
fn a_repeated_position_is_illegal() {
    // 6.4: a move recreating an earlier position (same side to move).
    let mut p = with_kings("G@e5 g@e12");
    for m in ["e5e6", "e12e11", "e6e5"] {
        let mv = legal(&p, m);
        p.make(mv);
        assert_eq!(verdict(&mut p), None, "{m}");
    }
    let mv = legal(&p, "e11e12");
    p.make(mv);
    assert_eq!(verdict(&mut p), Some(Verdict::Illegal));
}

// ---------------------------------------------------------------------------
// 9.2 HaChu's rule set.
// ---------------------------------------------------------------------------

/// Tenjiku under the rule set `rules`.
fn tenjiku_under(rules: Rules) -> &'static Variant {
    VariantSet::builtin()
        .find_with(NAME, rules)
        .unwrap_or_else(|| panic!("Tenjiku under the rule set {}", rules.name()))
}

/// The listed pieces (and the Kings of `KINGS`) under the rule set `rules`,
/// Sente to move.
fn under(rules: Rules, pieces: &str) -> Position {
    common::setup(tenjiku_under(rules), &format!("{KINGS}{pieces}"), 'w')
}

/// The listed pieces (and the Kings of `KINGS`) under HaChu's rules, Sente
/// to move.
fn hachu(pieces: &str) -> Position {
    under(Rules::Hachu, pieces)
}

#[test]
fn hachus_rule_set_counts_70_4952_388084() {
    let mut p = Position::start(tenjiku_under(Rules::Hachu));
    assert_eq!(count(&p), 70);
    assert_eq!(perft(&mut p, 2), 4952);
    assert_eq!(perft(&mut p, 3), 388_084);
    // Without the equal-ranked Rook Generals' jump captures.
    all_illegal(&p, &["g4g13", "j4j13"]);
}

#[test]
fn hachus_pieces_lack_area_moves_eagle_and_tetrarch_powers() {
    // Fire Demon and Vice General: slides and jumps only, no pass.
    let p = hachu("D!@h8 V!@c4");
    all_legal(&p, &["h8h16", "h8a15", "c4f7"]);
    all_illegal(&p, &["h8i8", "h8j9", "h8h8", "c4c5", "c4d4", "c4c4"]);
    // Free Eagle: a Queen. Tetrarch: a Chariot Soldier.
    let q = hachu("Q'@h7 P@h8 p@i8 +C!@c7 p@d8");
    all_legal(&q, &["h7i8", "c7d8", "c7c16", "c7e7"]);
    all_illegal(&q, &["h7h9", "h7i8,i8h7", "c7d8,d8c7", "c7f7"]);
}

#[test]
fn hachus_generals_take_only_lower_ranks_by_jumping() {
    let p = hachu("R!@h4 P@h5 r!@h7 p@h9 Q!@a4 P@a5 v!@a8");
    all_illegal(&p, &["h4h7", "h4h9"]);
    legal(&p, "a4a8");
    let standard = with_kings("R!@h4 P@h5 r!@h7 p@h9");
    legal(&standard, "h4h7");
}

#[test]
fn hachus_promotions_and_burns() {
    // Forced promotion on the ranks a piece could never leave.
    let p = hachu("P@e15 N@j13 I@m15 L@o10");
    all_legal(
        &p,
        &[
            "e15e16+", "j13i15+", "m15m16+", "o10o16+", "o10o15", "o10o15+",
        ],
    );
    all_illegal(&p, &["e15e16", "j13i15", "m15m16", "o10o16"]);
    // A promoting Water Buffalo does not burn.
    let b = hachu("W!@h11 p@g13");
    assert_eq!(
        after(&b, "h11h12+").fen(),
        common::fen(b.variant(), "K@a1 k@p16 +W!@h12 p@g13", 'b')
    );
    // A Demon the move captures still burns the Lion stepping beside it.
    let l = hachu("L!@h6 d!@h7 p@i8");
    assert_eq!(
        after(&l, "h6h7,h7h8").fen(),
        common::fen(l.variant(), "K@a1 k@p16 p@i8", 'b')
    );
}

#[test]
fn hachus_own_demons_burn_a_piece_landing_next_to_them() {
    // HaChu 0.21 marks the neighbours of every Fire Demon alike: a piece
    // (a Demon too) that ends its move next to a Demon of its own side
    // burns as next to an enemy one, keeping what it took and without
    // promoting. Passing by is safe, and a Demon burns none of its own.
    let p = hachu("D!@d4 P@c2 R@a5 r@c6 D!@h8 G@e11 p@f12 D!@g13");
    let rest = "K@a1 k@p16 D!@d4 R@a5 r@c6 D!@h8 G@e11 p@f12 D!@g13";
    assert_after(&p, "c2c3", rest, 'b');
    assert_after(
        &p,
        "a5c5",
        "K@a1 k@p16 D!@d4 P@c2 r@c6 D!@h8 G@e11 p@f12 D!@g13",
        'b',
    );
    assert_after(
        &p,
        "a5h5",
        "K@a1 k@p16 D!@d4 P@c2 R@h5 r@c6 D!@h8 G@e11 p@f12 D!@g13",
        'b',
    );
    // A Demon next to its own Demon burns and burns nothing.
    assert_after(
        &p,
        "h8e5",
        "K@a1 k@p16 D!@d4 P@c2 R@a5 r@c6 G@e11 p@f12 D!@g13",
        'b',
    );
    // A capture next to its own Demon keeps the victim off, unpromoted.
    let q = hachu("D!@d4 R@a5 r@c5 G@e11 p@f12 D!@g13");
    assert_after(&q, "a5c5", "K@a1 k@p16 D!@d4 G@e11 p@f12 D!@g13", 'b');
    assert_after(&q, "e11f12", "K@a1 k@p16 D!@d4 R@a5 r@c5 D!@g13", 'b');
    illegal(&q, "e11f12+");
    // Under Kyodai's own rules the same moves are safe.
    let standard = with_kings("D!@d4 P@c2 R@a5 r@c5");
    assert_after(&standard, "c2c3", "K@a1 k@p16 D!@d4 P@c3 R@a5 r@c5", 'b');
    assert_after(&standard, "a5c5", "K@a1 k@p16 D!@d4 P@c2 R@c5", 'b');
}

// ---------------------------------------------------------------------------
// 9.3-9.6 The named options, each the default rule set with one change.
// ---------------------------------------------------------------------------

/// The start position's counts at depths 1 and 2 under `rules`, and the
/// depth-2 count of `fen` (a position where the option shows).
fn assert_counts(rules: Rules, start: (usize, u64), fen: &str, at_depth_2: u64) {
    let v = tenjiku_under(rules);
    let mut p = Position::start(v);
    assert_eq!(count(&p), start.0, "{}", rules.name());
    assert_eq!(perft(&mut p, 2), start.1, "{}", rules.name());
    let mut q = Position::from_fen(v, fen).unwrap();
    assert_eq!(perft(&mut q, 2), at_depth_2, "{}: {fen}", rules.name());
}

/// A Fire Demon on c8 and a Gote Pawn on k8: the Demon's sideways slide
/// reaches it (under `fd-sideways`), its vertical one leaves the area.
const DEMON_C8: &str = "15k/16/16/16/16/16/16/16/2D!7p5/16/16/16/16/16/16/K15 w - 0 1";

#[test]
fn fd_sideways_slides_the_fire_demon_sideways_not_vertically() {
    // 9.3: BsR instead of BvR, for the promoted Water Buffalo too; the
    // area move (up to three steps any way) stays.
    let p = under(Rules::FdSideways, "D!@c8 p@k8 +W!@h5");
    all_legal(
        &p,
        &["c8k8", "c8j8", "c8c11", "c8c5", "c8f11", "h5p5", "h5a5"],
    );
    all_illegal(&p, &["c8l8", "c8c12", "c8c16", "c8c1", "h5h9", "h5h1"]);
    // The default's Demon: the other way round.
    let standard = with_kings("D!@c8 p@k8");
    all_legal(&standard, &["c8c12", "c8c16", "c8c1"]);
    illegal(&standard, "c8k8");
    // Same start counts as the default to depth 3 (the Demons' sideways
    // lines are closed there); 59 / 234 / 15,028 from DEMON_C8 (default
    // 63 / 252 / 15,696).
    assert_counts(Rules::FdSideways, (72, 5255), DEMON_C8, 234);
}

/// The Vice General's suite case (perft/tenjiku.txt [vice-general]).
const VICE_GENERAL: &str = "15k/16/16/13g2/12q!3/11p4/10r!5/9p6/16/7V!8/16/16/16/16/16/K15 w - 0 1";

#[test]
fn no_area_pass_takes_the_area_movers_pass_away() {
    // 9.4: no area move back to the start square, for both Fire Demons and
    // both Vice Generals; their other area moves, and a Lion's pass, stay.
    let p = under(Rules::NoAreaPass, "D!@h8 +W!@m8 V!@c4 +B!@e12 L!@c10");
    all_illegal(&p, &["h8h8", "m8m8", "c4c4", "e12e12"]);
    all_legal(&p, &["h8i10", "h8h11", "m8m5", "c4c7", "c4f4", "e12e9"]);
    all_legal(&p, &["c10c10", "c10d10,d10c10"]);
    let standard = with_kings("D!@h8 V!@c4");
    all_legal(&standard, &["h8h8", "c4c4"]);
    // 72 / 5,248 / 430,203 from the start: the Demons and Vice General
    // get a free square to pass through from the second move on.
    assert_counts(Rules::NoAreaPass, (72, 5248), VICE_GENERAL, 5005);
}

#[test]
fn jump_lower_only_takes_only_lower_ranks_by_jumping() {
    // 9.5: the victim of a jump capture must rank below the General; the
    // first piece on a line is taken by the slide whatever its rank.
    let p = under(
        Rules::JumpLowerOnly,
        "R!@h4 P@h5 r!@h7 p@h9 Q!@a4 P@a5 v!@a8 B!@m4 q!@n5",
    );
    all_illegal(&p, &["h4h7", "h4h9"]);
    all_legal(&p, &["a4a8", "m4n5"]);
    let start = Position::start(tenjiku_under(Rules::JumpLowerOnly));
    all_illegal(&start, &["g4g13", "j4j13"]);
    all_legal(&start, &["g4g12", "h4h13", "h4h16"]);
    // 70 / 4,963 / 401,078 from the start.
    assert_counts(Rules::JumpLowerOnly, (70, 4963), VICE_GENERAL, 5041);
}

/// The second-chance suite case (perft/tenjiku.txt [second-chance]).
const SECOND_CHANCE: &str = "15k/2P3I7n1/16/9N6/16/13P2/4L6N4/16/16/16/16/16/16/16/16/K15 w - 0 1";

#[test]
fn forced_promotion_on_the_ranks_a_piece_could_never_leave() {
    // 9.6: Pawn, Lance, Iron on the last rank, Knight on the last two must
    // promote; elsewhere promotion stays a choice, and a promoting Water
    // Buffalo still burns (unlike HaChu's rules).
    let p = under(
        Rules::ForcedPromotion,
        "P@e15 N@j13 I@m15 L@o10 W!@h11 p@g13",
    );
    all_legal(
        &p,
        &[
            "e15e16+", "j13i15+", "m15m16+", "o10o16+", "o10o15", "o10o15+",
        ],
    );
    all_illegal(&p, &["e15e16", "j13i15", "m15m16", "o10o16"]);
    assert_eq!(
        after(&p, "h11h12+").fen(),
        common::fen(
            p.variant(),
            "K@a1 k@p16 P@e15 N@j13 I@m15 L@o10 +W!@h12",
            'b'
        )
    );
    // The start counts are the default's to depth 3; 25 / 100 / 2,777
    // from SECOND_CHANCE (default 32 / 128 / 4,141).
    assert_counts(Rules::ForcedPromotion, (72, 5255), SECOND_CHANCE, 100);
}

#[test]
fn the_options_are_tenjikus_alone() {
    // Asked for in another variant, each is refused as `hachu` is (which
    // Wa has too).
    for (rules, covered) in [
        (Rules::Hachu, "wa-shogi, tenjiku"),
        (Rules::FdSideways, "tenjiku"),
        (Rules::NoAreaPass, "tenjiku"),
        (Rules::JumpLowerOnly, "tenjiku"),
        (Rules::ForcedPromotion, "tenjiku"),
    ] {
        let name = rules.name();
        for other in ["chu", "nutty", "suzumu"] {
            assert!(
                VariantSet::builtin().find_with(other, rules).is_none(),
                "{other} {name}"
            );
        }
        let perft = |variant: &str| {
            std::process::Command::new(env!("CARGO_BIN_EXE_kyodai"))
                .args(["perft", variant, "1", "--rules", name])
                .output()
                .expect("kyodai runs")
        };
        let out = perft("suzumu");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{name}");
        let why = format!(
            "--rules {name}: suzumu-shogi has no such rule set ({name} plays only {covered})"
        );
        assert!(err.contains(&why), "{err}");
        assert!(perft(NAME).status.success(), "{name}");
    }
}

// ---------------------------------------------------------------------------
// Protocol.
// ---------------------------------------------------------------------------

fn with_position(pieces: &str, side: char) -> Engine {
    Engine::with_pieces(NAME, pieces, side)
}

#[test]
fn protocol_setup_line_is_suzumus_tested_one() {
    // 7.1: the same 66 types, letters, slots and start FEN as Suzumu.
    let (e, out) = Engine::in_variant(NAME);
    let (s, suzumu) = Engine::in_variant("suzumu-shogi");
    let line = |o: &[String]| {
        o.iter()
            .find(|l| l.starts_with("setup ("))
            .cloned()
            .unwrap_or_else(|| panic!("no setup line: {o:?}"))
    };
    let ours = line(&out);
    let theirs = line(&suzumu);
    let table = |l: &str| l.split(") ").next().unwrap().to_string();
    assert_eq!(table(&ours), table(&theirs));
    assert!(ours.ends_with(&variant(NAME).start_fen), "{ours}");
    assert!(ours.contains(") 16x16+0_chu "), "{ours}");
    e.quit();
    s.quit();
}

#[test]
fn protocol_results_by_capture_and_by_burning() {
    // 6.1: taking the last royal wins; so does burning it.
    let mut e = with_position("K@a1 R@p3 k@p16", 'w');
    e.ends_with("p3p16", "1-0");
    let mut e = with_position("K@a1 D!@m13 k@p16", 'w');
    e.ends_with("m13o15", "1-0");
    // A royal stepping next to an enemy Demon burns itself.
    let mut e = with_position("K@a1 d!@c3 k@p16", 'w');
    e.ends_with("a1b2", "0-1");
}

/// The engine's move after `sd depth` and `go`.
fn engine_move(e: &mut Engine, depth: u32) -> String {
    e.send(&format!("sd {depth}"));
    e.send("go");
    let (_, line) = e.wait_for(Duration::from_secs(10), "'move' line", |l| {
        l.starts_with("move ")
    });
    line["move ".len()..].trim().to_string()
}

#[test]
fn the_engine_does_not_burn_its_own_last_royal() {
    // 6.1: a royal stepping next to a Fire Demon burns and its side loses;
    // the search once scored such a step as a win (the game over, the
    // opponent to move). The Gote Demon on c3 is walled in by its Pawns;
    // a1b2 takes one and burns the King.
    let mut e = with_position(
        "K@a1 R@h1 d!@c3 p@b2 p@b3 p@b4 p@c2 p@c4 p@d2 p@d3 p@d4 k@p16",
        'w',
    );
    for depth in 1..=3 {
        let mv = engine_move(&mut e, depth);
        assert_ne!(mv, "a1b2", "depth {depth}");
        e.send("force");
        e.send("undo");
        e.sync();
    }
    // Under HaChu's rules its own Demon (walled in by its Pawns) burns it
    // too.
    let (mut h, _) = Engine::spawn();
    h.send("option Rules=hachu");
    h.send("new");
    h.send(&format!("variant {NAME}"));
    h.send("force");
    h.send(&format!(
        "setboard {}",
        common::fen(
            variant(NAME),
            "K@a1 R@h1 D!@c3 P@b3 P@b4 P@c4 P@d4 P@d3 P@d2 P@c2 k@p16",
            'w'
        )
    ));
    h.sync();
    for depth in 1..=3 {
        let mv = engine_move(&mut h, depth);
        assert_ne!(mv, "a1b2", "depth {depth}");
        h.send("force");
        h.send("undo");
        h.sync();
    }
}

#[test]
fn protocol_burns_are_not_written() {
    // 7.2: a burning move is written as a plain move; the burnt piece is
    // gone from the engine's board.
    let mut e = with_position("K@a1 D!@h6 p@g9 k@p16", 'w');
    e.accepts("h6h8");
    e.refuses("g9g8");
    e.accepts("p16p15");
}

/// The engine after the handshake, `option Rules=RULES`, `new`, `variant
/// tenjiku` and `force`, at the start position.
fn engine_under(rules: &str) -> Engine {
    let (mut e, _) = Engine::spawn();
    e.send(&format!("option Rules={rules}"));
    e.send("new");
    e.send(&format!("variant {NAME}"));
    e.send("force");
    e.sync();
    e
}

#[test]
fn protocol_rules_option_chooses_hachus_rules() {
    // 9.2: the `Rules` option's `hachu` plays HaChu's rule set.
    let mut e = engine_under("hachu");
    e.refuses("g4g13");
    e.accepts("g4g12");
    let mut standard = with_position(&format!("{KINGS}R!@h4 P@h5 r!@h7"), 'w');
    standard.accepts("h4h7");
}

#[test]
fn protocol_rules_option_offers_and_plays_the_named_options() {
    // 9.3-9.6: the `Rules` combo lists every option; `jump-lower-only`
    // refuses the start's equal-rank jump, `no-area-pass` a Demon's pass
    // once the Kirin has left g2 (which the default allows).
    let (e, features) = Engine::spawn();
    let combo = features
        .iter()
        .find(|l| l.contains("option=\"Rules -combo"))
        .unwrap_or_else(|| panic!("no Rules option: {features:?}"));
    for name in [
        "fd-sideways",
        "no-area-pass",
        "jump-lower-only",
        "forced-promotion",
    ] {
        assert!(combo.contains(name), "{combo}");
    }
    e.quit();
    let mut e = engine_under("jump-lower-only");
    e.refuses("g4g13");
    e.accepts("g4g12");
    e.quit();
    for (rules, pass_is_legal) in [("no-area-pass", false), ("standard", true)] {
        let mut e = engine_under(rules);
        e.accepts("g2e2");
        e.accepts("j15l15");
        if pass_is_legal {
            e.accepts("g3g3");
        } else {
            e.refuses("g3g3");
        }
        e.quit();
    }
}
