//! Suzumu Shogi rules (docs/rules/suzumu.md, section 9 included),
//! one check per rule, in the style of `cashew_rules.rs` (helpers in
//! `common`). First mover (Sente) = upper case, moves up; zone = ranks
//! 12-16 for Sente, 1-5 for Gote; promotion optional for any move starting
//! and/or ending in the zone. Game results and protocol answers are checked
//! by driving the engine binary over stdin/stdout.

mod common;

use common::cecp::Engine;
use common::{
    after, all_illegal, all_legal, assert_after, count, illegal, legal, play, ring_around,
    token_at, variant,
};
use kyodai::board::Position;
use kyodai::movegen::generate;
use kyodai::repetition::{Verdict, verdict};
use kyodai::types::Color;

const NAME: &str = "suzumu-shogi";

common::sides!(NAME);

/// Kings out of the way: Sente a1 (3 moves), Gote p16.
const KINGS: &str = "K@a1 k@p16 ";

/// Moves of the King on a1 when nothing stands next to it.
const KING_MOVES: usize = 3;

fn with_kings(rest: &str) -> Position {
    white(&format!("{KINGS}{rest}"))
}

/// The canonical text of the move `m` names.
fn canonical(pos: &Position, m: &str) -> String {
    legal(pos, m).to_string()
}

// ---------------------------------------------------------------------------
// 2 Start position.
// ---------------------------------------------------------------------------

#[test]
fn start_position_has_76_moves_for_either_side() {
    // 2.3 / perft: 76 moves; no piece can pass (all are boxed in).
    let v = variant(NAME);
    let p = Position::start(v);
    assert_eq!(count(&p), 76);
    all_illegal(&p, &["@@@@", "h2h2", "g3g3", "i4i4"]);
    let board = v.start_fen.split(' ').next().unwrap();
    let gote = Position::from_fen(v, &format!("{board} b - 0 1")).unwrap();
    assert_eq!(count(&gote), 76);
    assert_eq!(p.pieces(Color::White).count(), 78);
    assert_eq!(p.pieces(Color::Black).count(), 78);
}

// ---------------------------------------------------------------------------
// 5.1 Fire Demon.
// ---------------------------------------------------------------------------

#[test]
fn fire_demon_slides_sideways_and_diagonally_only() {
    // 5.1 (1): `shQ`, no vertical slide; beyond the area move (distance 4+)
    // only the six slide directions.
    let p = with_kings("D!@h8");
    all_legal(
        &p,
        &["h8a8", "h8p8", "h8b2", "h8a15", "h8o1", "h8o15", "h8p16"],
    );
    all_illegal(&p, &["h8h12", "h8h16", "h8h4", "h8h1", "h8j12", "h8d10"]);
    // Area move: 48 squares within distance 3; slides beyond: left d8-a8 4,
    // right l8-p8 5, up-left d12-a15 4, up-right l12-p16 5 (King capture),
    // down-left d4-b2 3 (own King a1), down-right l4-o1 4; pass 1; and
    // the slide to o15 burning the King p16 (5.1 (4), 6.1).
    legal(&p, "h8p16,p16o15");
    assert_eq!(count(&p), KING_MOVES + 48 + 4 + 5 + 4 + 5 + 3 + 4 + 1 + 1);
    // A slide stops at the first piece, capturing an enemy.
    let q = with_kings("D!@h8 P@j8 p@e8");
    legal(&q, "h8e8");
    all_illegal(&q, &["h8j8", "h8l8", "h8m8", "h8d8", "h8b8"]);
}

#[test]
fn fire_demon_area_move_goes_through_empty_squares_only() {
    // 5.1 (2): 1-3 king steps, every square before the last empty. Own
    // Pawns all round h8 except h9: only paths through h9 exist.
    let p = with_kings(&format!("D!@h8 {}", ring_around("h8", "P", &["h9"])));
    all_legal(
        &p,
        &[
            "h8h9", "h8h10", "h8h11", "h8g10", "h8f10", "h8f9", "h8j11", "@@@@",
        ],
    );
    all_illegal(&p, &["h8f8", "h8h6", "h8e11", "h8k11", "h8h12", "h8j8"]);
    // Boxed in by its own pieces: no move, no pass, no jumping out.
    let boxed = with_kings(&format!("D!@h8 {}", ring_around("h8", "P", &[])));
    all_illegal(
        &boxed,
        &["h8h10", "h8h11", "h8f10", "h8j10", "h8f8", "@@@@", "h8h8"],
    );
}

#[test]
fn fire_demon_area_move_stops_at_the_first_capture() {
    // 5.1 (2): the last step may capture; no step after a capture.
    let p = with_kings(&format!(
        "D!@h8 {} p@g10 p@h10 p@i10",
        ring_around("h8", "P", &["h9"])
    ));
    all_legal(&p, &["h8h9", "h8g10", "h8h10", "h8i10", "@@@@"]);
    all_illegal(&p, &["h8h11", "h8g11", "h8i11", "h8f11", "h8j11", "h8f9"]);
    // An enemy on the only exit: capture it, but never pass through it.
    let q = with_kings(&format!("D!@h8 {} p@h9", ring_around("h8", "P", &["h9"])));
    all_legal(&q, &["h8h9", "h8h9,h9h8"]);
    all_illegal(&q, &["h8h10", "h8g10", "h8i10", "@@@@", "h8h8"]);
}

#[test]
fn fire_demon_burns_none_one_or_two_chosen_adjacent_enemies() {
    // 5.1 (4), 7.7: area move e6 -> e8, then burn d9 and/or f9 (or not);
    // its own f7 is never burnt.
    let rest = "P@f7 p@d9 p@f9";
    let p = with_kings(&format!("D!@e6 {rest}"));
    assert_after(&p, "e6e8", &format!("{KINGS}P@f7 D!@e8 p@d9 p@f9"), 'b');
    assert_after(&p, "e6d9,d9e8", &format!("{KINGS}P@f7 D!@e8 p@f9"), 'b');
    assert_after(&p, "e6f9,f9e8", &format!("{KINGS}P@f7 D!@e8 p@d9"), 'b');
    assert_after(&p, "e6d9,d9f9,f9e8", &format!("{KINGS}P@f7 D!@e8"), 'b');
    // The same move whatever the order of the kill squares (7.3, 7.5).
    assert_eq!(legal(&p, "e6f9,f9d9,d9e8"), legal(&p, "e6d9,d9f9,f9e8"));
    // Only neighbours of the destination, only enemies.
    all_illegal(&p, &["e6d9,d9e7", "e6f7,f7e8", "e6d9,d9f7,f7e8"]);
    // After a slide (diagonal e6-i10, beyond the area move) too.
    let q = with_kings("D!@e6 p@h11 p@j11");
    assert_after(&q, "e6h11,h11i10", &format!("{KINGS}D!@i10 p@j11"), 'b');
    assert_after(&q, "e6h11,h11j11,j11i10", &format!("{KINGS}D!@i10"), 'b');
    // Sideways slide e6-a6 capturing a6, and burn a7.
    let r = with_kings("D!@e6 p@a6 p@a7");
    assert_after(&r, "e6a7,a7a6", &format!("{KINGS}D!@a6"), 'b');
    assert_after(&r, "e6a6", &format!("{KINGS}D!@a6 p@a7"), 'b');
}

#[test]
fn fire_demon_may_not_burn_a_fire_demon() {
    // 5.1 (4): burnt pieces must not be Fire Demons (D! or +W!).
    let p = with_kings("D!@e6 d!@d9 +w!@f9 p@e9");
    all_legal(&p, &["e6e8", "e6e9,e9e8"]);
    all_illegal(
        &p,
        &["e6d9,d9e8", "e6f9,f9e8", "e6d9,d9e9,e9e8", "e6e9,e9f9,f9e8"],
    );
}

#[test]
fn fire_demon_takes_a_demon_on_its_destination_and_still_burns() {
    // 5.1 (4), 9.2: the piece captured on Z may be a Fire Demon, and the
    // burn that follows may take other (non-Demon) pieces.
    let p = with_kings("D!@e6 d!@e8 p@d9 d!@f9");
    assert_after(&p, "e6e8", &format!("{KINGS}D!@e8 p@d9 d!@f9"), 'b');
    assert_after(&p, "e6d9,d9e8", &format!("{KINGS}D!@e8 d!@f9"), 'b');
    all_illegal(&p, &["e6f9,f9e8", "e6d9,d9f9,f9e8"]);
}

#[test]
fn fire_demon_igui_and_double_igui_take_any_adjacent_enemies() {
    // 5.1 (3), 9.2: without moving, one or two adjacent enemies, Fire
    // Demons included.
    let p = with_kings("D!@e6 p@d7 p@f7 d!@e7 +w!@f5 p@c8");
    assert_after(
        &p,
        "e6d7,d7e6",
        &format!("{KINGS}D!@e6 p@f7 d!@e7 +w!@f5 p@c8"),
        'b',
    );
    assert_after(
        &p,
        "e6e7,e7e6",
        &format!("{KINGS}D!@e6 p@d7 p@f7 +w!@f5 p@c8"),
        'b',
    );
    // The example of 7.7.
    assert_after(
        &p,
        "e6d7,d7f7,f7e6",
        &format!("{KINGS}D!@e6 d!@e7 +w!@f5 p@c8"),
        'b',
    );
    assert_after(
        &p,
        "e6e7,e7f5,f5e6",
        &format!("{KINGS}D!@e6 p@d7 p@f7 p@c8"),
        'b',
    );
    // Only neighbours: c8 is two squares away (taken by an area move).
    legal(&p, "e6c8");
    illegal(&p, "e6c8,c8e6");
}

#[test]
fn fire_demon_passes_by_returning() {
    // 5.1 (3), 5.9, 7.2: a pass, in every notation; over an enemy the
    // out-and-back is igui instead.
    let p = with_kings("D!@e5");
    let pass = legal(&p, "@@@@");
    assert!(pass.is_pass());
    for m in ["e5e5", "e5e6,e6e5", "e5d4,d4e5"] {
        assert_eq!(legal(&p, m), pass, "{m}");
    }
    assert_after(&p, "@@@@", &format!("{KINGS}D!@e5"), 'b');
    let q = with_kings("D!@e5 p@e6");
    let igui = legal(&q, "e5e6,e6e5");
    assert!(!igui.is_pass());
    assert_after(&q, "e5e6,e6e5", &format!("{KINGS}D!@e5"), 'b');
    // Enemies all round: igui, but no pass.
    let r = with_kings(&format!("D!@h8 {}", ring_around("h8", "p", &[])));
    all_illegal(&r, &["@@@@", "h8h8"]);
    all_legal(&r, &["h8h9,h9h8", "h8g7,g7i9,i9h8"]);
}

#[test]
fn no_passive_burning() {
    // 5.1 (5): standing or arriving next to an enemy Demon burns nothing,
    // and a Demon's move burns only what it names.
    let p = with_kings("P@g7 d!@h9");
    assert_after(&p, "g7g8", &format!("{KINGS}P@g8 d!@h9"), 'b');
    let q = black(&format!("{KINGS}D!@e5 p@d7"));
    assert_after(&q, "d7d6", &format!("{KINGS}D!@e5 p@d6"), 'w');
    let r = with_kings("D!@e5 p@d8");
    assert_after(&r, "e5e7", &format!("{KINGS}D!@e7 p@d8"), 'b');
}

// ---------------------------------------------------------------------------
// 5.2 Jumping Generals (rank: Bishop/Rook General 1, Vice 2, Great 3).
// ---------------------------------------------------------------------------

#[test]
fn generals_examples_from_the_start_position() {
    // 5.2 / 7.7: h4h12 (over the own h5 Pawn, takes h12), h4h13 (over h5
    // and h12, takes the Vice General), h4h12,h12h13 (h12 taken in
    // passing); g4g13 (Rook General over two Pawns takes the equal-rank
    // Rook General, which it could not jump).
    let p = Position::start(variant(NAME));
    let a = after(&p, "h4h12");
    assert_eq!(token_at(&a, "h4"), None);
    assert_eq!(token_at(&a, "h5").as_deref(), Some("P"));
    assert_eq!(token_at(&a, "h12").as_deref(), Some("Q!"));
    assert_eq!(token_at(&a, "h13").as_deref(), Some("v!"));
    let b = after(&p, "h4h13");
    assert_eq!(token_at(&b, "h12").as_deref(), Some("p"));
    assert_eq!(token_at(&b, "h13").as_deref(), Some("Q!"));
    let c = after(&p, "h4h12,h12h13");
    assert_eq!(token_at(&c, "h12"), None);
    assert_eq!(token_at(&c, "h13").as_deref(), Some("Q!"));
    assert_eq!(token_at(&c, "h5").as_deref(), Some("P"));
    assert_eq!(canonical(&p, "h4h12,h12h13"), "h4h12,h12h13");
    let d = after(&p, "g4g13");
    assert_eq!(token_at(&d, "g5").as_deref(), Some("P"));
    assert_eq!(token_at(&d, "g12").as_deref(), Some("p"));
    assert_eq!(token_at(&d, "g13").as_deref(), Some("R!"));
    legal(&p, "g4g13+");
    // Vice General i4 over its own h5 Pawn to a12.
    legal(&p, "i4a12");
    // Not three pieces, not over the Rook General g13 (equal rank), not
    // onto an empty square, not its own Pawn, no promotion (Great General).
    all_illegal(
        &p,
        &[
            "h4h14",
            "h4h12,h12h14",
            "h4h13,h13h14",
            "g4g14",
            "h4h8",
            "h4h5",
            "h4h12+",
            "h4h13+",
        ],
    );
}

#[test]
fn generals_jump_one_or_two_pieces_never_three() {
    // 5.2: over one or two pieces (friend or foe), then a capture; never
    // three; never ending on an empty square.
    for g in ["Q!", "R!", "+R!", "+E!"] {
        let p = with_kings(&format!("{g}@h4 P@h6 p@h8 p@h10 p@h12"));
        all_legal(&p, &["h4h8", "h4h10", "h4h8,h8h10"]);
        all_illegal(
            &p,
            &[
                "h4h12",
                "h4h10,h10h12",
                "h4h8,h8h12",
                "h4h8,h8h10,h10h12",
                "h4h6",
                "h4h7",
                "h4h9",
                "h4h11",
                "h4h8,h8h9",
                "h4h8,h8h11",
            ],
        );
    }
    for g in ["B!", "V!", "+F!", "+B!", "Q!"] {
        let p = with_kings(&format!("{g}@c3 P@e5 p@g7 p@i9 p@k11"));
        all_legal(&p, &["c3g7", "c3i9", "c3g7,g7i9"]);
        all_illegal(&p, &["c3k11", "c3h8", "c3j10", "c3g7,g7h8"]);
    }
}

#[test]
fn generals_jump_only_lower_ranks_and_never_a_royal() {
    // 5.2, 3.7: every jumped piece ranks strictly lower; royals are never
    // jumped; Fire Demons and Tetrarchs rank 0.
    // Rook General (1): not over an equal-ranked General, friend or foe.
    let p = with_kings("R!@h4 r!@h6 p@h8");
    legal(&p, "h4h6");
    all_illegal(&p, &["h4h8", "h4h6,h6h8"]);
    for own in ["B!", "R!", "V!", "Q!", "+E", "K"] {
        let kings = if own == "K" { "k@p16" } else { "K@a1 k@p16" };
        let q = white(&format!("{kings} R!@h4 {own}@h6 p@h8"));
        illegal(&q, "h4h8");
    }
    // Vice General (2): over a Rook General (friend, or foe taken in
    // passing), not over a Vice or Great General.
    let v = with_kings("V!@c3 R!@e5 p@g7");
    legal(&v, "c3g7");
    let v = with_kings("V!@c3 Q!@e5 p@g7");
    illegal(&v, "c3g7");
    let v = with_kings("V!@c3 r!@e5 p@g7");
    all_legal(&v, &["c3g7", "c3e5,e5g7", "c3e5"]);
    let v = with_kings("V!@c3 v!@e5 p@g7");
    legal(&v, "c3e5");
    all_illegal(&v, &["c3g7", "c3e5,e5g7"]);
    // Great General (3): over a Vice General, not over a Great General.
    let q = with_kings("Q!@h4 v!@h6 p@h8");
    all_legal(&q, &["h4h8", "h4h6,h6h8"]);
    let q = with_kings("Q!@h4 q!@h6 p@h8");
    legal(&q, "h4h6");
    all_illegal(&q, &["h4h8", "h4h6,h6h8"]);
    // Royals: a Prince or King is captured, never jumped.
    let q = with_kings("Q!@h4 +e@h6 p@h8");
    legal(&q, "h4h6");
    all_illegal(&q, &["h4h8", "h4h6,h6h8"]);
    let q = white("K@a1 k@h6 Q!@h4 p@h8");
    legal(&q, "h4h6");
    all_illegal(&q, &["h4h8", "h4h6,h6h8"]);
    // Rank 0: Fire Demons and Tetrarchs are jumped by a Rook General and
    // may be taken in passing.
    for zero in ["d!", "+c!", "+w!"] {
        let r = with_kings(&format!("R!@h4 {zero}@h6 p@h8"));
        all_legal(&r, &["h4h8", "h4h6,h6h8"]);
    }
}

#[test]
fn generals_final_victim_may_be_of_any_rank() {
    // 5.2, 9.3: the final capture is irrespective of rank, royals included.
    let p = with_kings("Q!@h4 P@h6 +e@h8");
    legal(&p, "h4h8");
    let q = with_kings("R!@h4 P@h6 q!@h8");
    legal(&q, "h4h8");
    let r = white("K@a1 k@h8 R!@h4 P@h6");
    legal(&r, "h4h8");
    let s = with_kings("B!@c3 p@e5 v!@g7");
    all_legal(&s, &["c3g7", "c3e5,e5g7"]);
}

#[test]
fn generals_take_jumped_enemies_or_leave_them_friends_unharmed() {
    // 5.2: each jumped enemy is taken in passing or left; friends stay.
    let p = with_kings("Q!@h4 p@h6 p@h8 p@h10");
    assert_after(&p, "h4h10", &format!("{KINGS}p@h6 p@h8 Q!@h10"), 'b');
    assert_after(&p, "h4h6,h6h10", &format!("{KINGS}p@h8 Q!@h10"), 'b');
    assert_after(&p, "h4h8,h8h10", &format!("{KINGS}p@h6 Q!@h10"), 'b');
    assert_after(&p, "h4h6,h6h8,h8h10", &format!("{KINGS}Q!@h10"), 'b');
    // 7.3: passing captures in path order, any order accepted.
    assert_eq!(canonical(&p, "h4h8,h8h6,h6h10"), "h4h6,h6h8,h8h10");
    let down = with_kings("Q!@h13 p@h11 p@h9 p@h7");
    assert_eq!(canonical(&down, "h13h9,h9h11,h11h7"), "h13h11,h11h9,h9h7");
    // A friendly jumped piece is never harmed.
    let q = with_kings("Q!@h4 P@h6 p@h8 p@h10");
    assert_after(&q, "h4h10", &format!("{KINGS}P@h6 p@h8 Q!@h10"), 'b');
    assert_after(&q, "h4h8,h8h10", &format!("{KINGS}P@h6 Q!@h10"), 'b');
    all_illegal(&q, &["h4h6,h6h10", "h4h6,h6h8,h8h10", "h4h6,h6h8"]);
}

#[test]
fn vice_general_area_move_and_pass_but_no_igui_or_burn() {
    // 5.2: Bishop + jumps + area move (1-3 king steps) + pass; no igui,
    // no burning, no orthogonal slide.
    let p = with_kings("V!@h8");
    all_legal(
        &p,
        &[
            "h8h11",
            "h8h9",
            "h8j9",
            "h8e8",
            "h8k11",
            "h8m13",
            "@@@@",
            "h8h8",
            "h8h9,h9h8",
        ],
    );
    all_illegal(&p, &["h8h12", "h8d8", "h8l8", "h8h1"]);
    let q = with_kings("V!@h8 p@h9 p@h11");
    all_legal(&q, &["h8h9", "h8g10", "h8i10"]);
    all_illegal(&q, &["h8h9,h9h8", "h8h11,h11h10", "h8h9,h9i10"]);
    let r = with_kings("V!@h8 p@g10");
    legal(&r, "h8h10");
    illegal(&r, "h8g10,g10h10");
    // Boxed in: no area move through pieces, no pass.
    let boxed = with_kings(&format!("V!@h8 {}", ring_around("h8", "P", &[])));
    all_illegal(&boxed, &["h8h10", "h8f10", "@@@@", "h8h8"]);
}

#[test]
fn great_rook_and_bishop_generals_cannot_pass() {
    // 5.2, 8.8.
    for g in ["Q!", "R!", "B!", "+R!", "+E!", "+F!"] {
        let p = with_kings(&format!("{g}@h8"));
        all_illegal(&p, &["@@@@", "h8h8", "h8h9,h9h8", "h8i9,i9h8"]);
    }
}

// ---------------------------------------------------------------------------
// 5.3 Heavenly Tetrarch (+C!).
// ---------------------------------------------------------------------------

#[test]
fn tetrarch_skips_the_first_square() {
    // 5.3: vertical and diagonal slides from the 2nd square, sideways to
    // the 2nd or 3rd only; never to an adjacent square.
    let p = with_kings("+C!@h8");
    all_legal(
        &p,
        &[
            "h8h10", "h8h16", "h8h6", "h8h1", "h8j10", "h8p16", "h8b2", "h8a15", "h8o1", "h8j8",
            "h8k8", "h8f8", "h8e8",
        ],
    );
    all_illegal(
        &p,
        &[
            "h8h9", "h8g8", "h8i8", "h8h7", "h8i9", "h8g7", "h8l8", "h8d8", "h8a8",
        ],
    );
    // Up 7 (h10-h16), down 6, diagonals 7 + 6 + 6 + 5, sideways 4.
    assert_eq!(count(&p), KING_MOVES + 7 + 6 + 7 + 6 + 6 + 5 + 4);
    // The first square is ignored whatever stands there (friend or foe,
    // left in place); from the second square on, an ordinary slider.
    let q = with_kings("+C!@h8 P@h9 p@g9 P@i8 p@g8 P@k8 p@e8");
    all_legal(&q, &["h8h10", "h8f10", "h8j8", "h8f8", "h8e8"]);
    all_illegal(&q, &["h8k8", "h8d8"]);
    assert_after(
        &q,
        "h8h10",
        &format!("{KINGS}P@h9 p@g9 P@i8 p@g8 P@k8 p@e8 +C!@h10"),
        'b',
    );
    let r = with_kings("+C!@h8 p@j8 P@f8");
    legal(&r, "h8j8");
    all_illegal(&r, &["h8k8", "h8f8", "h8e8"]);
}

#[test]
fn tetrarch_igui_and_double_igui_but_no_pass() {
    // 5.3: takes one or two adjacent enemies without moving; cannot pass;
    // cannot step onto an adjacent enemy.
    let p = with_kings("+C!@h8 p@h9 p@g7");
    assert_after(&p, "h8h9,h9h8", &format!("{KINGS}+C!@h8 p@g7"), 'b');
    assert_after(&p, "h8g7,g7h8", &format!("{KINGS}+C!@h8 p@h9"), 'b');
    assert_after(&p, "h8g7,g7h9,h9h8", &format!("{KINGS}+C!@h8"), 'b');
    assert_eq!(canonical(&p, "h8h9,h9g7,g7h8"), "h8g7,g7h9,h9h8");
    all_illegal(&p, &["h8h9", "h8g7", "@@@@", "h8h8", "h8i9,i9h8"]);
    let alone = with_kings("+C!@h8");
    all_illegal(&alone, &["@@@@", "h8h8", "h8h9,h9h8"]);
}

#[test]
fn tetrarch_freezes_adjacent_enemies_royals_included() {
    // 5.3, 9.4: every adjacent enemy but a Tetrarch has no move at all
    // (steps, slides, igui, pass, King moves); others move freely.
    let pieces = "K@a1 R@a9 +C!@h8 k@i9 g@h9 c!@g9 d!@g8 l!@h7 r@m12";
    let p = black(pieces);
    let mut moves = Vec::new();
    generate(&p, &mut moves);
    assert!(!moves.is_empty());
    let m12 = common::sq("m12");
    assert!(
        moves.iter().all(|m| m.from() == m12),
        "only the Rook m12 moves: {:?}",
        moves.iter().map(|m| m.to_string()).collect::<Vec<_>>()
    );
    legal(&p, "m12m1");
    all_illegal(
        &p,
        &[
            "i9i10",
            "i9j9",
            "i9j10",
            "i9j8",
            "i9i8",
            "i9h8",
            "h9h10",
            "h9h8",
            "h9i8",
            "g9g12",
            "g9f10",
            "g9e9",
            "g8h8,h8g8",
            "g8a8",
            "g8f7",
            "@@@@",
            "g8g8",
            "h7h8",
            "h7h8,h8h7",
            "h7h5",
            "h7i6",
        ],
    );
    // Frozen pieces can still be captured.
    let w = white(pieces);
    all_legal(
        &w,
        &["a9g9", "h8h9,h9h8", "h8g8,g8i9,i9h8", "h8g9,g9h7,h7h8"],
    );
    // Friendly pieces are never frozen.
    let f = with_kings("+C!@h8 G@h9 R@g9");
    all_legal(&f, &["h9h10", "g9g16", "g9a9"]);
}

#[test]
fn tetrarchs_do_not_freeze_tetrarchs_but_freeze_chariot_soldiers() {
    // 5.3: a Tetrarch next to an enemy Tetrarch moves; an unpromoted
    // Chariot Soldier there does not.
    let p = black(&format!("{KINGS}+C!@h8 +c!@g9 c!@i9"));
    all_legal(&p, &["g9g11", "g9g7", "g9h8,h8g9"]);
    all_illegal(&p, &["i9i12", "i9i10", "i9j9"]);
    let w = with_kings("+C!@h8 +c!@g9");
    all_legal(&w, &["h8h10", "h8g9,g9h8"]);
    // Gote's Tetrarch freezes Sente's pieces alike.
    let s = with_kings("+c!@h8 G@h7 R@i9 +C!@g9");
    all_illegal(&s, &["h7h6", "h7g6", "i9i16", "i9p9", "i9h8"]);
    all_legal(&s, &["g9g11", "g9h8,h8g9", "a1b2"]);
}

#[test]
fn freezing_ends_when_the_tetrarch_leaves_or_is_taken() {
    // 5.3: judged at the start of the frozen side's turn.
    let p = with_kings("+C!@h8 g@h9");
    illegal(&black(&format!("{KINGS}+C!@h8 g@h9")), "h9h10");
    let left = after(&p, "h8e8");
    all_legal(&left, &["h9h10", "h9h8"]);
    // Taken by another Gote piece: the Gold moves again next turn.
    let mut q = black(&format!("{KINGS}+C!@h8 g@h9 r@h1"));
    illegal(&q, "h9h10");
    play(&mut q, "h1h8 a1a2");
    legal(&q, "h9h10");
}

#[test]
fn a_piece_may_pass_a_tetrarch_and_is_frozen_where_it_stops() {
    // 5.3: a moving piece is not stopped by passing next to a Tetrarch; it
    // is frozen from its next turn on.
    let mut p = black(&format!("{KINGS}+C!@h8 r@a7"));
    all_legal(&p, &["a7p7", "a7h7", "a7g7"]);
    play(&mut p, "a7h7 a1a2");
    all_illegal(&p, &["h7h1", "h7a7", "h7p7", "h7h8"]);
}

#[test]
fn a_side_with_every_piece_frozen_has_no_moves() {
    // 5.3, 6.3, 9.4: no legal move at all.
    let p = black("K@a1 +C!@h8 k@i9");
    assert_eq!(count(&p), 0);
    let q = black("K@a1 +C!@h8 +C!@c8 k@i9 g@b8");
    assert_eq!(count(&q), 0);
}

// ---------------------------------------------------------------------------
// 5.4-5.6 Lion Hawk, Free Eagle, Soaring Eagle, Horned Falcon.
// ---------------------------------------------------------------------------

#[test]
fn lion_hawk_is_lion_plus_bishop() {
    // 5.4: Lion moves (5x5 jumps, igui, hit and run, double capture,
    // pass) and Bishop slides.
    let p = with_kings("H!@h8");
    all_legal(
        &p,
        &[
            "h8m13", "h8c3", "h8b14", "h8h10", "h8j9", "h8f10", "h8h9", "h8j6", "@@@@",
        ],
    );
    all_illegal(&p, &["h8h11", "h8k8", "h8l8", "h8h5", "h8k9"]);
    let q = with_kings("H!@h8 p@h9 p@h10 P@i9");
    all_legal(
        &q,
        &["h8h9,h9h8", "h8h9,h9h10", "h8h9,h9g10", "h8j10", "h8h10"],
    );
    all_illegal(&q, &["h8k11", "h8i9", "h8h9,h9h11"]);
    assert_after(&q, "h8h9,h9h10", &format!("{KINGS}P@i9 H!@h10"), 'b');
}

#[test]
fn free_eagle_queen_jumps_and_diagonal_double_step() {
    // 5.5: Queen; jump to the 2nd square in 8 directions; capture a
    // diagonal neighbour and step on diagonally (or back: igui); pass via
    // an empty diagonal neighbour only.
    let p = with_kings("Q'@h8 P@h9 P@i9");
    all_legal(&p, &["h8h10", "h8j10", "h8a8", "h8a15", "h8h1", "h8p8"]);
    all_illegal(&p, &["h8h11", "h8k11"]);
    let q = with_kings("Q'@h8 p@i9 p@h9");
    all_legal(
        &q,
        &[
            "h8i9,i9j10",
            "h8i9,i9h8",
            "h8i9,i9j8",
            "h8i9,i9h10",
            "h8h9",
            "h8i9",
        ],
    );
    all_illegal(&q, &["h8h9,h9h10", "h8h9,h9h8", "h8h9,h9i10", "h8i9,i9i10"]);
    assert_after(&q, "h8i9,i9h10", &format!("{KINGS}p@h9 Q'@h10"), 'b');
    legal(&with_kings("Q'@h8"), "@@@@");
    let s = with_kings("Q'@h8 P@g9 P@i9 P@g7 P@i7");
    legal(&s, "h8h9");
    all_illegal(&s, &["@@@@", "h8h8", "h8h9,h9h8"]);
}

#[test]
fn soaring_eagle_stings_on_the_forward_diagonals() {
    // 5.6: Rook, backward Bishop, and on each forward diagonal: step,
    // jump, capture then on or back, pass.
    let p = with_kings("E!@h8");
    all_legal(
        &p,
        &[
            "h8h16", "h8a8", "h8h1", "h8e5", "h8k5", "h8i9", "h8j10", "h8g9", "h8f10", "@@@@",
        ],
    );
    all_illegal(&p, &["h8k11", "h8d12", "h8l12"]);
    let q = with_kings("E!@h8 p@i9 p@j10 P@g9");
    all_legal(&q, &["h8i9,i9j10", "h8i9,i9h8", "h8f10", "h8i9"]);
    all_illegal(&q, &["h8i9,i9j8", "h8i9,i9i10", "h8g9", "h8e11"]);
    assert_after(&q, "h8i9,i9j10", &format!("{KINGS}P@g9 E!@j10"), 'b');
    let r = with_kings("E!@h8 P@g9 P@i9");
    legal(&r, "h8h9");
    all_illegal(&r, &["@@@@", "h8h8", "h8h9,h9h8"]);
    // Rotated for Gote: its forward diagonals point down.
    let g = black(&format!("{KINGS}e!@h8 P@g7 P@i9"));
    all_legal(&g, &["h8j6", "h8g7,g7f6", "h8g7,g7h8", "h8i9", "h8a15"]);
    all_illegal(&g, &["h8k5", "h8i9,i9h8", "h8i9,i9j10"]);
}

#[test]
fn horned_falcon_stings_straight_forward() {
    // 5.6: Bishop, Rook sideways and back, stinging set straight forward.
    let p = with_kings("F!@h8");
    all_legal(
        &p,
        &[
            "h8h9", "h8h10", "h8h1", "h8a8", "h8p8", "h8m13", "h8c3", "@@@@",
        ],
    );
    illegal(&p, "h8h11");
    let q = with_kings("F!@h8 p@h9 p@h10");
    all_legal(&q, &["h8h9,h9h10", "h8h9,h9h8", "h8h9"]);
    all_illegal(&q, &["h8h9,h9g10", "h8h11", "h8h9,h9h11"]);
    let r = with_kings("F!@h8 P@h9");
    all_legal(&r, &["h8h10", "h8g8"]);
    all_illegal(&r, &["@@@@", "h8h8", "h8g8,g8h8"]);
}

// ---------------------------------------------------------------------------
// 5.7 Boosted Lance, Knight, Iron; Pawn.
// ---------------------------------------------------------------------------

#[test]
fn lance_slides_forward_and_steps_back_two() {
    // 5.7: fRbW2.
    let p = with_kings("L@h8");
    all_legal(&p, &["h8h9", "h8h16", "h8h7", "h8h6"]);
    all_illegal(&p, &["h8h5", "h8g8", "h8i9", "h8g7"]);
    let q = with_kings("L@h8 P@h7");
    illegal(&q, "h8h6");
    let r = with_kings("L@h8 p@h7");
    legal(&r, "h8h7");
    illegal(&r, "h8h6");
    // Rotated for Gote.
    let g = black(&format!("{KINGS}l@h8"));
    all_legal(&g, &["h8h2", "h8h9", "h8h10"]);
    illegal(&g, "h8h11");
}

#[test]
fn knight_jumps_in_all_eight_directions() {
    // 5.7: all 8 jumps, over pieces.
    let p = with_kings(&format!("N@h8 {}", ring_around("h8", "P", &[])));
    all_legal(
        &p,
        &[
            "h8i10", "h8g10", "h8j9", "h8f9", "h8j7", "h8f7", "h8i6", "h8g6",
        ],
    );
    assert_eq!(count(&with_kings("N@h8")), KING_MOVES + 8);
}

#[test]
fn iron_general_diagonally_forward_or_straight_back() {
    // 5.7: fFbW.
    let p = with_kings("I@h8");
    all_legal(&p, &["h8g9", "h8i9", "h8h7"]);
    all_illegal(&p, &["h8h9", "h8g7", "h8i7", "h8g8", "h8i8"]);
    assert_eq!(count(&p), KING_MOVES + 3);
    let pawn = with_kings("P@h8");
    legal(&pawn, "h8h9");
    assert_eq!(count(&pawn), KING_MOVES + 1);
}

// ---------------------------------------------------------------------------
// 5.8 / 6.1 King and Prince.
// ---------------------------------------------------------------------------

#[test]
fn drunk_elephant_promotes_to_a_royal_prince() {
    // 3.3, 5.8: +E is royal; losing one of two royals goes on.
    let p = with_kings("E@h11");
    let q = after(&p, "h11h12+");
    assert_eq!(token_at(&q, "h12").as_deref(), Some("+E"));
    assert_eq!(q.royals(Color::White), 2);
    let mut r = white("K@a1 k@p16 +e@h16 R@h3");
    assert_eq!(r.royals(Color::Black), 2);
    play(&mut r, "h3h16");
    assert_eq!(r.royals(Color::Black), 1);
    assert!(!r.is_over());
    assert!(count(&r) > 0);
    play(&mut r, "p16p15 a1a2");
    legal(&r, "p15p14");
}

// ---------------------------------------------------------------------------
// 4 Promotion.
// ---------------------------------------------------------------------------

#[test]
fn promotion_zone_is_five_ranks_start_or_end() {
    // 4: Sente's zone is ranks 12-16; entering, leaving or moving inside
    // it may promote; never forced.
    let p = with_kings("G@h11");
    all_legal(&p, &["h11h12", "h11h12+", "h11h12="]);
    assert_eq!(legal(&p, "h11h12="), legal(&p, "h11h12"));
    assert_eq!(
        token_at(&after(&p, "h11h12+"), "h12").as_deref(),
        Some("+G")
    );
    assert_eq!(token_at(&after(&p, "h11h12"), "h12").as_deref(), Some("G"));
    let q = with_kings("G@h10");
    legal(&q, "h10h11");
    illegal(&q, "h10h11+");
    let r = with_kings("G@h12");
    all_legal(&r, &["h12h11+", "h12h13+", "h12h11", "h12h13"]);
    // Gote's zone is ranks 1-5.
    let g = black(&format!("{KINGS}g@h6"));
    all_legal(&g, &["h6h5+", "h6h5"]);
    let g = black(&format!("{KINGS}g@h7"));
    illegal(&g, "h7h6+");
    // A Pawn on the last rank need not promote.
    let pawn = with_kings("P@h15");
    all_legal(&pawn, &["h15h16", "h15h16+"]);
    assert_eq!(
        token_at(&after(&pawn, "h15h16"), "h16").as_deref(),
        Some("P")
    );
}

#[test]
fn pass_and_igui_in_the_zone_may_promote() {
    // 4, 9.1: a pass or igui by a piece in the zone may promote.
    let p = with_kings("L!@h12");
    let promote = legal(&p, "h12h12+");
    assert_eq!(legal(&p, "h12h13,h13h12+"), promote);
    assert!(!promote.is_pass());
    assert_eq!(
        token_at(&after(&p, "h12h12+"), "h12").as_deref(),
        Some("+L!")
    );
    assert!(legal(&p, "@@@@").is_pass());
    let q = with_kings("L!@h11");
    illegal(&q, "h11h11+");
    // Only a piece that can pass can pass and promote.
    let boxed = white(&format!("K@a1 k@p16 L!@h12 {}", {
        ["g11", "h11", "i11", "g12", "i12", "g13", "h13", "i13"]
            .map(|s| format!("P@{s}"))
            .join(" ")
    }));
    all_illegal(&boxed, &["h12h12+", "@@@@"]);
    legal(&boxed, "h12h14+");
    let igui = with_kings("L!@h12 p@h13");
    assert_after(&igui, "h12h13,h13h12+", &format!("{KINGS}+L!@h12"), 'b');
    let out = with_kings("L!@h10 p@h11");
    legal(&out, "h10h11,h11h10");
    illegal(&out, "h10h11,h11h10+");
    // A Water Buffalo's capture into the zone makes a Fire Demon.
    let w = with_kings("W!@h13 p@i14");
    legal(&w, "h13i14+");
    assert_eq!(
        token_at(&after(&w, "h13i14+"), "i14").as_deref(),
        Some("+W!")
    );
}

#[test]
fn every_unpromoted_piece_but_six_promotes_to_its_plus_form() {
    // 3.3 / 4: pieces 1-31 promote to their `+` form.
    for (token, m) in [
        ("P", "h11h12"),
        ("D'", "h11h12"),
        ("I", "h11i12"),
        ("C", "h11h12"),
        ("S", "h11h12"),
        ("F", "h11h12"),
        ("G", "h11h12"),
        ("T", "h11i12"),
        ("E", "h11h12"),
        ("N", "h11i13"),
        ("O", "h11i12"),
        ("X", "h11h12"),
        ("L", "h11h12"),
        ("A", "h11h12"),
        ("M", "h11h12"),
        ("V", "h11h12"),
        ("S'", "h11h12"),
        ("V'", "h11h12"),
        ("B", "h11i12"),
        ("R", "h11h12"),
        ("H", "h11h12"),
        ("D", "h11h12"),
        ("F!", "h11h12"),
        ("E!", "h11h12"),
        ("L!", "h11h12"),
        ("Q", "h11h12"),
        ("B!", "h11i12"),
        ("R!", "h11h12"),
        ("C!", "h11h12"),
        ("W!", "h11h12"),
    ] {
        let p = with_kings(&format!("{token}@h11"));
        legal(&p, m);
        let to = &m[m.len() - 3..];
        let promoted = after(&p, &format!("{m}+"));
        assert_eq!(
            token_at(&promoted, to),
            Some(format!("+{token}")),
            "{token} {m}+"
        );
    }
}

#[test]
fn non_promoting_types_never_promote() {
    // 3.3 / 4: King, Fire Demon, Great and Vice General, Lion Hawk, Free
    // Eagle and every promoted piece never promote, even in the zone.
    for token in [
        "D!", "Q!", "V!", "H!", "Q'", "+P", "+D'", "+I", "+C", "+S", "+F", "+G", "+T", "+E", "+N",
        "+O", "+X", "+L", "+A", "+M", "+V", "+S'", "+V'", "+B", "+R", "+H", "+D", "+F!", "+E!",
        "+L!", "+Q", "+B!", "+R!", "+W!",
    ] {
        let p = with_kings(&format!("{token}@h13"));
        let mut moves = Vec::new();
        generate(&p, &mut moves);
        let h13 = common::sq("h13");
        assert!(moves.iter().any(|m| m.from() == h13), "{token} moves");
        assert!(
            moves.iter().all(|m| !m.promotes()),
            "{token} must not promote"
        );
    }
    let tetrarch = with_kings("+C!@h13");
    legal(&tetrarch, "h13h15");
    illegal(&tetrarch, "h13h15+");
    let king = white("K@h13 k@p16");
    legal(&king, "h13h14");
    illegal(&king, "h13h14+");
}

// ---------------------------------------------------------------------------
// 5.9 Skipping.
// ---------------------------------------------------------------------------

#[test]
fn no_second_pass_in_a_row_but_the_opponents_pass_does_not_count() {
    // 5.9, 8.10: a player may not skip on two consecutive turns of his own.
    let mut p = with_kings("L!@h7 Q'@c7 l!@h10");
    legal(&p, "@@@@");
    play(&mut p, "@@@@");
    assert!(p.state().skipped(Color::White));
    // Gote may pass right after Sente's pass.
    legal(&p, "@@@@");
    play(&mut p, "@@@@");
    // Sente passed last turn: no pass with any piece, in any notation.
    all_illegal(&p, &["@@@@", "h7h7", "h7h8,h8h7", "c7c7", "c7d8,d8c7"]);
    legal(&p, "h7h8");
    play(&mut p, "h7h8");
    all_illegal(&p, &["@@@@", "h10h10"]);
    play(&mut p, "h10h11");
    // Sente moved last turn: it may pass again.
    legal(&p, "@@@@");
}

#[test]
fn a_pass_that_promotes_is_no_pass() {
    // 9.1: pass-and-promote is legal right after a pass and does not count
    // as a pass.
    let mut p = with_kings("L!@h13 l!@h8");
    play(&mut p, "@@@@ @@@@");
    all_illegal(&p, &["@@@@", "h13h13"]);
    legal(&p, "h13h13+");
    play(&mut p, "h13h13+");
    assert!(!p.state().skipped(Color::White));
    assert_eq!(token_at(&p, "h13").as_deref(), Some("+L!"));
    play(&mut p, "h8h7");
    legal(&p, "@@@@");
}

// ---------------------------------------------------------------------------
// 6.4 Repetition: the fourth occurrence draws.
// ---------------------------------------------------------------------------

/// Lions that pass, Kings that shuffle: after plies 2, 6 and 8 the board
/// is the start one with Sente to move (occurrences 2, 3 and 4).
const REPEAT_PIECES: &str = "K@a1 k@p16 L!@h7 l!@h10";
const REPEAT_MOVES: [&str; 8] = [
    "@@@@", "@@@@", "a1a2", "p16p15", "a2a1", "p15p16", "@@@@", "@@@@",
];

#[test]
fn fourth_occurrence_draws_third_does_not() {
    // 6.4, 8.13: the first occurrence counts; only the fourth draws;
    // positions count whatever the skip state.
    let mut p = white(REPEAT_PIECES);
    for (i, m) in REPEAT_MOVES.iter().enumerate() {
        let mv = legal(&p, m);
        p.make(mv);
        let got = verdict(&mut p);
        if i + 1 < REPEAT_MOVES.len() {
            assert_eq!(got, None, "no verdict yet after ply {} ({m})", i + 1);
        } else {
            assert_eq!(got, Some(Verdict::Draw), "fourth occurrence");
        }
    }
}

// ---------------------------------------------------------------------------
// 7 Notation.
// ---------------------------------------------------------------------------

#[test]
fn kill_squares_any_order_in_canonical_order_out() {
    // 7.3: burns and double igui ascending (lower rank first, then lower
    // file); Generals' passing captures in path order.
    let p = with_kings("D!@e6 p@d9 p@f9 p@d7 p@f5");
    assert_eq!(canonical(&p, "e6f9,f9d9,d9e8"), "e6d9,d9f9,f9e8");
    assert_eq!(canonical(&p, "e6d9,d9f9,f9e8"), "e6d9,d9f9,f9e8");
    assert_eq!(canonical(&p, "e6f9,f9e8"), "e6f9,f9e8");
    // Lower rank first: f5 (rank 5) before d7 (rank 7).
    assert_eq!(canonical(&p, "e6d7,d7f5,f5e6"), "e6f5,f5d7,d7e6");
    assert_eq!(canonical(&p, "e6f5,f5d7,d7e6"), "e6f5,f5d7,d7e6");
    // A burn written with the destination's neighbours in either order.
    let q = with_kings("D!@e6 p@d7 p@f7");
    assert_eq!(canonical(&q, "e6f7,f7d7,d7e6"), "e6d7,d7f7,f7e6");
    // A plain move and a pass print plainly.
    assert_eq!(canonical(&q, "e6e8"), "e6e8");
    assert_eq!(legal(&q, "e6e5,e5e6"), legal(&q, "@@@@"));
}

#[test]
fn pass_notations_are_equivalent() {
    // 7.2: `@@@@`, `e5e5`, `e5e6,e6e5` over an empty e6.
    for token in ["D!", "V!", "L!", "H!"] {
        let p = with_kings(&format!("{token}@e5"));
        let pass = legal(&p, "@@@@");
        assert!(pass.is_pass(), "{token}");
        assert_eq!(legal(&p, "e5e5"), pass, "{token}");
        assert_eq!(legal(&p, "e5e6,e6e5"), pass, "{token}");
    }
    // The Free Eagle passes over a diagonal neighbour; by effect (7.4)
    // every out-and-back over an empty square is the same pass.
    let e = with_kings("Q'@e5");
    assert_eq!(legal(&e, "e5f6,f6e5"), legal(&e, "@@@@"));
}

// ---------------------------------------------------------------------------
// Protocol: game results claimed by the engine, refusals.
// ---------------------------------------------------------------------------

/// The engine binary in force mode with a Suzumu position set up; nothing
/// it printed on the way is an error.
fn with_position(pieces: &str, side: char) -> Engine {
    let fen = common::fen(variant(NAME), pieces, side);
    let (mut e, mut out) = Engine::in_variant(NAME);
    out.splice(0..0, e.handshake.clone());
    out.extend(e.setboard(&fen));
    assert!(
        !out.iter().any(|l| l.starts_with("Error")),
        "setting up {fen}: {out:?}"
    );
    e
}

#[test]
fn protocol_losing_one_royal_goes_on_losing_the_last_ends() {
    // 6.1: Prince h16 taken, no result; King p16 taken: 1-0.
    let mut e = with_position("K@a1 R@h3 R@p3 k@p16 +e@h16 g@c16", 'w');
    e.accepts("h3h16");
    e.accepts("c16c15");
    e.ends_with("p3p16", "1-0");
    e.refuses("c15c14");
}

#[test]
fn protocol_taking_both_royals_at_once_wins() {
    // 6.1: a double igui removing King and Prince.
    let mut e = with_position("K@a1 D!@h8 k@g9 +e@i9", 'w');
    e.ends_with("h8g9,g9i9,i9h8", "1-0");
    // For Gote by a burn: Sente's last royal burnt.
    let mut e = with_position("K@c6 d!@e10 k@p16", 'b');
    e.ends_with("e10c6,c6d7", "0-1");
}

#[test]
fn protocol_all_frozen_is_a_loss_for_the_frozen_side() {
    // 5.3, 6.3, 9.4: Sente's Tetrarch freezes Gote's only piece, its King:
    // Gote has no move and loses.
    let mut e = with_position("K@a1 +C!@h6 k@i9", 'w');
    e.ends_with("h6h8", "1-0");
    // Also with two royals, both frozen (6.3, 8.12).
    let mut e = with_position("K@a1 +C!@h6 k@i9 +e@g9", 'w');
    e.ends_with("h6h8", "1-0");
    // Not before: a Tetrarch two squares away freezes nothing.
    let mut e = with_position("K@a1 +C!@h6 k@i9", 'w');
    e.accepts("h6h4");
    e.accepts("i9i8");
}

#[test]
fn protocol_second_pass_is_refused() {
    // 5.9: `@@@@` after one's own pass is an illegal move.
    let mut e = with_position("K@a1 k@p16 L!@h7 l!@h10", 'w');
    e.accepts("@@@@");
    e.accepts("@@@@");
    e.refuses("@@@@");
    e.refuses("h7h8,h8h7");
    e.accepts("h7h8");
    e.refuses("@@@@");
    e.accepts("h10h11");
    e.accepts("h8h9,h9h8");
}

#[test]
fn protocol_setboard_starts_without_skip_state() {
    // 9.1, docs/notation.md: a FEN carries no skip state.
    let pieces = "K@a1 k@p16 L!@h7 l!@h10";
    let mut e = with_position(pieces, 'w');
    e.accepts("@@@@");
    e.accepts("@@@@");
    e.refuses("@@@@");
    e.send(&format!(
        "setboard {}",
        common::fen(variant(NAME), pieces, 'w')
    ));
    e.accepts("@@@@");
}

#[test]
fn protocol_fourfold_repetition_is_claimed_as_a_draw() {
    // 6.4, 6.6: the fourth occurrence, not the third.
    let mut e = with_position(REPEAT_PIECES, 'w');
    let (last, before) = REPEAT_MOVES.split_last().unwrap();
    for m in before {
        e.accepts(m);
    }
    e.ends_with(last, "1/2-1/2");
}

#[test]
fn protocol_multi_leg_moves_in_any_kill_order() {
    // 7.2, 7.5: kill squares in any order, one leg per line too.
    let pieces = "K@a1 k@p16 D!@e6 p@d9 p@f9";
    let mut e = with_position(pieces, 'w');
    e.accepts("e6f9,f9d9,d9e8");
    let mut e = with_position(pieces, 'w');
    e.send("usermove e6d9,");
    e.send("usermove d9f9,");
    e.accepts("f9e8");
    e.refuses("d9d8");
}

#[test]
fn every_kill_square_of_a_three_leg_move_must_hold_an_enemy() {
    // 7.5 (3): a kill square must hold an enemy piece; only the single
    // intermediate square of an out-and-back skip may be empty (and, 7.5
    // (4), a two-leg string through an empty square may stand for the
    // single-leg move).
    let p = with_kings("D!@e6 p@f9 p@f7");
    all_legal(&p, &["e6f9,f9e8", "e6f7,f7e6", "e6d9,d9e8"]);
    all_illegal(&p, &["e6d9,d9f9,f9e8", "e6d7,d7f7,f7e6", "e6d5,d5f7,f7e6"]);
    let q = with_kings("Q!@h4 p@h8 p@h10");
    legal(&q, "h4h8,h8h10");
    illegal(&q, "h4h6,h6h8,h8h10");
}
