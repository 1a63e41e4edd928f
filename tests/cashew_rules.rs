//! Cashew Shogi rules (docs/rules/cashew.md), one check per rule,
//! in the style of `chu_rules.rs` (helpers in `common`). First mover =
//! upper case, moves up; no zone: a capture by a promotable piece must
//! promote (`+`), nothing else promotes.

mod common;

use common::{
    after, all_illegal, all_legal, assert_after, count, illegal, legal, token_at, variant,
};
use kyodai::board::Position;
use kyodai::types::Color;

common::sides!("cashew-shogi");

/// Kings out of the way: first mover a1 (3 moves), second mover m13.
const KINGS: &str = "K@a1 k@m13 ";

/// Moves of the King on a1 when nothing stands next to it.
const KING_MOVES: usize = 3;

fn with_kings(rest: &str) -> Position {
    white(&format!("{KINGS}{rest}"))
}

/// The eight squares around g7.
const G7_RING: [&str; 8] = ["f6", "g6", "h6", "f7", "h7", "f8", "g8", "h8"];

fn ring(token: &str) -> String {
    G7_RING.map(|s| format!("{token}@{s}")).join(" ")
}

// ---------------------------------------------------------------------------
// 5.5 Hook Mover and Goblin.
// ---------------------------------------------------------------------------

#[test]
fn hook_mover_turns_after_each_first_direction() {
    // 5.5: rook slide to an empty turning square, 90-degree turn to either
    // side, second slide. Three first directions are blocked by own Pawns,
    // so each target is reachable only by turning after the open one.
    let cases = [
        // blockers, reachable by turning, unreachable
        // Up open: turns on g10 and g8.
        (
            "P@f7 P@h7 P@g6",
            ["g7c10", "g7j10", "g7a8"],
            ["g7c4", "g7j4"],
        ),
        // Down open.
        (
            "P@f7 P@h7 P@g8",
            ["g7c4", "g7j4", "g7a6"],
            ["g7c10", "g7j10"],
        ),
        // Left open: turns on c7 and e7.
        (
            "P@g8 P@g6 P@h7",
            ["g7c10", "g7c4", "g7e12"],
            ["g7j10", "g7j4"],
        ),
        // Right open.
        (
            "P@g8 P@g6 P@f7",
            ["g7j10", "g7j4", "g7i12"],
            ["g7c10", "g7c4"],
        ),
    ];
    for (blockers, reach, not) in cases {
        let p = with_kings(&format!("H!@g7 {blockers}"));
        all_legal(&p, &reach);
        all_illegal(&p, &not);
    }
}

#[test]
fn hook_mover_turning_square_must_be_empty() {
    // 5.5: it cannot capture on the turning square and continue; the turn
    // is only on an empty square (g8, g9 here, not g10).
    let p = with_kings("H!@g7 P@f7 P@h7 P@g6 p@g10");
    all_legal(&p, &["g7g10", "g7c9", "g7j8"]);
    all_illegal(&p, &["g7c10", "g7j10", "g7g11", "g7g10,g10c10"]);
}

#[test]
fn hook_mover_captures_first_piece_after_turn() {
    // 5.5: the second slide ends on an empty square or on the first piece
    // met, if hostile.
    let p = with_kings("H!@g7 P@f7 P@h7 P@g6 p@e9");
    all_legal(&p, &["g7e9", "g7f9"]);
    all_illegal(&p, &["g7d9", "g7c9"]);
    let q = with_kings("H!@g7 P@f7 P@h7 P@g6 P@e9");
    legal(&q, "g7f9");
    all_illegal(&q, &["g7e9", "g7d9"]);
}

#[test]
fn hook_mover_never_promotes() {
    // 4: the Hook Mover is not in the promotion table.
    let p = with_kings("H!@g7 p@g10");
    legal(&p, "g7g10");
    illegal(&p, "g7g10+");
}

#[test]
fn goblin_step_bishop_and_diagonal_hook() {
    // 5.5: one orthogonal step, or a bishop slide with one optional turn.
    let p = with_kings("G!@g7");
    all_legal(
        &p,
        &[
            "g7g8", "g7f7", "g7h7", "g7g6", "g7j10", "g7e5", "g7i11", "g7k7", "g7g9",
        ],
    );
    // Squares of the other colour are reached only by the step.
    all_illegal(&p, &["g7g10", "g7h9", "g7e8", "g7f5"]);
}

#[test]
fn goblin_cannot_hook_via_an_occupied_square() {
    // 5.5: g9 is reached only by turning on h8 or f8. With f8 its own and
    // h8 hostile it may take h8 but not turn there.
    let p = with_kings("G!@g7 P@f8 p@h8");
    legal(&p, "g7h8");
    all_illegal(&p, &["g7g9", "g7h8,h8g9"]);
    let q = with_kings("G!@g7 P@f8");
    legal(&q, "g7g9");
}

#[test]
fn promoted_kite_and_viper_hook_like_goblin_and_hook_mover() {
    // 3.1: +K' = Goblin, +P' = Hook Mover.
    let p = with_kings("+K'@g7");
    all_legal(&p, &["g7g8", "g7i11", "g7g9"]);
    illegal(&p, "g7g10");
    let q = with_kings("+P'@g7 P@f7 P@h7 P@g6");
    all_legal(&q, &["g7c10", "g7j10", "g7g12"]);
    all_illegal(&q, &["g7c4", "g7j4"]);
}

// ---------------------------------------------------------------------------
// 5.3 Wolf: the kinds of the table (the non-promoting Wolf +W' of a
// Viking, so that no `+` is involved; promotion is checked below).
// ---------------------------------------------------------------------------

#[test]
fn wolf_kind1_jumps_to_d1_d2_d3() {
    // 5.3 kind 1: d1, d2, d3 along the 8 lines, over anything; not d4, not
    // off the lines.
    let p = with_kings("+W'@g7 P@g8 p@g9 P@h8");
    all_legal(&p, &["g7g9", "g7g10", "g7i9", "g7j10", "g7d4", "g7d7"]);
    all_illegal(&p, &["g7g8", "g7g11", "g7h9", "g7k11", "g7h8"]);
}

#[test]
fn wolf_kind2_igui() {
    // 5.3 kind 2: capture d1, stay on S.
    let p = with_kings("+W'@g7 p@g8");
    legal(&p, "g7g8,g8g7");
    assert_after(&p, "g7g8,g8g7", &format!("{KINGS}+W'@g7"), 'b');
}

#[test]
fn wolf_kind3_two_out_one_back() {
    // 5.3 kind 3: capture d2, end on d1, written `S d2,d2 d1`, also
    // accepted as `S d1,d1 d2,d2 d1` (same effect).
    let p = with_kings("+W'@g7 p@g9");
    let short = legal(&p, "g7g9,g9g8");
    let long = legal(&p, "g7g8,g8g9,g9g8");
    assert_eq!(short, long);
    assert_after(&p, "g7g9,g9g8", &format!("{KINGS}+W'@g8"), 'b');
    // Not back to S (that would be four steps) and not past S.
    all_illegal(&p, &["g7g9,g9g7", "g7g9,g9g6"]);
}

#[test]
fn wolf_kind3_onto_enemy_d1_takes_two() {
    // 5.3: "kind 3 onto an enemy d1 takes two"; the long notation lists d1
    // as a kill square and as the destination, same effect.
    let p = with_kings("+W'@g7 p@g8 p@g9");
    let short = legal(&p, "g7g9,g9g8");
    assert_after(&p, "g7g9,g9g8", &format!("{KINGS}+W'@g8"), 'b');
    let long = legal(&p, "g7g8,g8g9,g9g8");
    assert_eq!(short, long);
}

#[test]
fn wolf_kind4_capture_d1_end_on_d2() {
    // 5.3 kind 4: capture d1, go on to d2 (empty or a second victim).
    let p = with_kings("+W'@g7 p@g8");
    legal(&p, "g7g8,g8g9");
    let q = with_kings("+W'@g7 p@f8 p@e9");
    assert_after(&q, "g7f8,f8e9", &format!("{KINGS}+W'@e9"), 'b');
    // Not onto its own piece, not turning aside.
    let r = with_kings("+W'@g7 p@g8 P@g9");
    all_illegal(&r, &["g7g8,g8g9", "g7g8,g8h9", "g7g8,g8f8"]);
}

#[test]
fn wolf_kind5_capture_d1_end_on_d3_over_friend() {
    // 5.3 kind 5: capture d1, end on d3, whatever stands on d2 (here its
    // own Pawn, which stays).
    let p = with_kings("+W'@g7 p@g8 P@g9");
    legal(&p, "g7g8,g8g10");
    assert_after(&p, "g7g8,g8g10", &format!("{KINGS}P@g9 +W'@g10"), 'b');
    // Capturing its own d1 is not possible.
    let q = with_kings("+W'@g7 P@g8 p@g9");
    illegal(&q, "g7g8,g8g10");
    // An enemy on d2 is left standing too.
    let r = with_kings("+W'@g7 p@g8 p@g9");
    assert_after(&r, "g7g8,g8g10", &format!("{KINGS}p@g9 +W'@g10"), 'b');
}

#[test]
fn wolf_kind6_capture_d2_end_on_d3_over_friend() {
    // 5.3 kind 6: capture d2, end on d3, d1 untouched (its own Pawn).
    let p = with_kings("+W'@g7 P@g8 p@g9");
    legal(&p, "g7g9,g9g10");
    assert_after(&p, "g7g9,g9g10", &format!("{KINGS}P@g8 +W'@g10"), 'b');
    // An enemy on d1 is left standing too.
    let q = with_kings("+W'@g7 p@g8 p@g9");
    assert_after(&q, "g7g9,g9g10", &format!("{KINGS}p@g8 +W'@g10"), 'b');
}

#[test]
fn wolf_kind7_triple_capture() {
    // 5.3 kind 7: capture d1 and d2 and end on an enemy d3: three pieces.
    let p = with_kings("+W'@g7 p@g8 p@g9 p@g10");
    legal(&p, "g7g8,g8g9,g9g10");
    assert_after(&p, "g7g8,g8g9,g9g10", &format!("{KINGS}+W'@g10"), 'b');
    // And onto an empty d3.
    let q = with_kings("+W'@g7 p@h8 p@i9");
    assert_after(&q, "g7h8,h8i9,i9j10", &format!("{KINGS}+W'@j10"), 'b');
}

#[test]
fn wolf_kind8_pass_needs_an_empty_neighbour() {
    // 5.3 kind 8: pass only with an empty neighbour.
    let own = with_kings(&format!("+W'@g7 {}", ring("P")));
    all_illegal(&own, &["@@@@", "g7g7"]);
    legal(&own, "g7g9"); // it still jumps
    let enemies = with_kings(&format!("+W'@g7 {}", ring("p")));
    all_illegal(&enemies, &["@@@@", "g7g7"]);
    legal(&enemies, "g7g8,g8g7");
    let open = with_kings(&format!(
        "+W'@g7 {}",
        G7_RING[..7]
            .iter()
            .map(|s| format!("P@{s}"))
            .collect::<Vec<_>>()
            .join(" ")
    ));
    let mv = legal(&open, "@@@@");
    assert!(mv.is_pass());
}

#[test]
fn wolf_moves_along_one_line_only() {
    // 5.3: no turn between the steps, nothing behind S.
    let p = with_kings("+W'@g7 p@g8");
    all_illegal(&p, &["g7g8,g8h9", "g7g8,g8f9", "g7g8,g8g6", "g7g8,g8h8"]);
}

// ---------------------------------------------------------------------------
// 5.1 / 5.2 Lion and Berserker.
// ---------------------------------------------------------------------------

#[test]
fn lion_igui_hit_and_run_double_capture() {
    // 5.1 kinds 1-5 (with the non-promoting Lion +E' of a Hun).
    let p = with_kings("+E'@g7 p@g8 p@g9");
    all_legal(
        &p,
        &[
            "g7g8,g8g7",
            "g7g8,g8f9",
            "g7g8,g8g9",
            "g7g9",
            "g7i9",
            "@@@@",
        ],
    );
    all_illegal(&p, &["g7g8,g8g10", "g7g10", "g7g9,g9g10"]);
    assert_after(&p, "g7g8,g8g9", &format!("{KINGS}+E'@g9"), 'b');
}

#[test]
fn lion_pass_needs_an_empty_neighbour() {
    // 5.1 kind 5: no pass when every neighbour is occupied.
    let own = with_kings(&format!("+E'@g7 {}", ring("P")));
    all_illegal(&own, &["@@@@", "g7g7"]);
    legal(&own, "g7g9");
    let enemies = with_kings(&format!("+E'@g7 {}", ring("p")));
    illegal(&enemies, "@@@@");
    legal(&enemies, "g7g8,g8g7");
}

#[test]
fn no_lion_trading_rules() {
    // 5.1: a Lion may take a protected Lion by a jump.
    let p = with_kings("+E'@g7 l!@g9 g@g10");
    legal(&p, "g7g9");
}

#[test]
fn berserker_slide_of_three_blocked_by_d2() {
    // 5.2: Lion moves plus K3; d3 only over empty d1 and d2.
    let open = with_kings("+L!@g7");
    all_legal(&open, &["g7g10", "g7j10", "g7d4", "g7h9", "@@@@"]);
    illegal(&open, "g7g11");
    let p = with_kings("+L!@g7 p@g9 P@h9");
    all_legal(&p, &["g7g9", "g7j10"]);
    all_illegal(&p, &["g7g10", "g7g9,g9g8"]);
    let q = with_kings("+L!@g7 P@i9");
    illegal(&q, "g7j10");
}

// ---------------------------------------------------------------------------
// 4 Promotion: only by capture, and then forced.
// ---------------------------------------------------------------------------

/// Promotable pieces on g7, a square each can capture on, its promoted
/// token (4, promotion table).
const PROMOTABLE: [(&str, &str, &str); 12] = [
    ("H'", "i9", "+H'"),  // Flying Horse fF2
    ("C'", "h8", "+C'"),  // Butterfly F
    ("F'", "i9", "+F'"),  // Dragon F2
    ("K'", "g9", "+K'"),  // Kite W2
    ("P'", "g9", "+P'"),  // Viper fD
    ("O", "g9", "+O"),    // Kirin D
    ("X", "i9", "+X"),    // Phoenix A
    ("N", "g8", "+N"),    // Commoner K
    ("W'", "e7", "+W'"),  // Viking sW2
    ("E'", "g5", "+E'"),  // Hun vW2 (backwards)
    ("L!", "h9", "+L!"),  // Lion jump
    ("W!", "g10", "+W!"), // Wolf d3 jump
];

#[test]
fn capture_by_promotable_piece_must_promote() {
    // 4: a capture without `+` is illegal, with `+` it is legal and the
    // piece stands on its square promoted.
    for (token, to, promoted) in PROMOTABLE {
        let p = with_kings(&format!("{token}@g7 p@{to}"));
        all_illegal(&p, &[&format!("g7{to}"), &format!("g7{to}=")]);
        legal(&p, &format!("g7{to}+"));
        assert_after(
            &p,
            &format!("g7{to}+"),
            &format!("{KINGS}{promoted}@{to}"),
            'b',
        );
    }
}

#[test]
fn non_capture_never_promotes() {
    // 4: non-capturing moves never promote.
    for (token, to, _) in PROMOTABLE {
        let p = with_kings(&format!("{token}@g7"));
        legal(&p, &format!("g7{to}"));
        illegal(&p, &format!("g7{to}+"));
    }
}

#[test]
fn multi_leg_captures_promote_too() {
    // 4 / 8 item 11: igui and double captures promote the Lion and Wolf.
    let p = with_kings("L!@g7 p@g8 p@g9");
    all_illegal(&p, &["g7g8,g8g7", "g7g8,g8g9", "g7g8,g8f9"]);
    all_legal(&p, &["g7g8,g8g7+", "g7g8,g8g9+", "g7g8,g8f9+"]);
    assert_after(&p, "g7g8,g8g7+", &format!("{KINGS}+L!@g7 p@g9"), 'b');
    let w = with_kings("W!@g7 p@g8 p@g9 p@g10");
    illegal(&w, "g7g8,g8g9,g9g10");
    assert_after(&w, "g7g8,g8g9,g9g10+", &format!("{KINGS}+W!@g10"), 'b');
    // A pass is no capture.
    let mv = legal(&p, "@@@@");
    assert!(mv.is_pass() && !mv.promotes());
}

#[test]
fn pieces_that_never_promote_capture_without_suffix() {
    // 4: Pawn, Queen, Gold, Gun, Unicorn, Flag, Goblin, Berserker,
    // Elephant and the promoted +W' / +E' capture without `+`.
    for (token, to) in [
        ("P", "g8"),
        ("Q", "g12"),
        ("G", "g8"),
        ("D'", "g11"),
        ("+O", "j10"),
        ("+N", "g12"),
        ("G!", "h8"),
        ("+L!", "g9"),
        ("+W!", "g10"),
        ("+W'", "g9"),
        ("+E'", "g9"),
        ("D", "g12"),
        ("H", "j10"),
    ] {
        let p = with_kings(&format!("{token}@g7 p@{to}"));
        legal(&p, &format!("g7{to}"));
        illegal(&p, &format!("g7{to}+"));
        assert_eq!(
            token_at(&after(&p, &format!("g7{to}")), to).as_deref(),
            Some(token)
        );
    }
}

#[test]
fn promoted_viking_and_hun_do_not_promote_again() {
    // 3.1/4: +W' is a Wolf, +E' a Lion, neither promotes.
    let p = with_kings("+W'@g7 p@g8");
    legal(&p, "g7g8,g8g7");
    illegal(&p, "g7g8,g8g7+");
    let q = with_kings("+E'@g7 p@g8");
    legal(&q, "g7g8,g8f9");
    illegal(&q, "g7g8,g8f9+");
}

// ---------------------------------------------------------------------------
// 3.1 Single-leg pieces (on g7, otherwise only the Kings; the second
// player's asymmetric pieces are rotated, 1).
// ---------------------------------------------------------------------------

/// The piece `token` alone on g7: `ok` legal, `not` illegal.
fn on_g7(token: &str, ok: &[&str], not: &[&str]) {
    let p = with_kings(&format!("{token}@g7"));
    all_legal(&p, ok);
    all_illegal(&p, not);
}

#[test]
fn pawn_gun_lance() {
    // 3.1 #2 Pawn fW, #3 Gun fRbW, #4 Lance fR.
    on_g7("P", &["g7g8"], &["g7g9", "g7g6", "g7f8"]);
    on_g7("D'", &["g7g8", "g7g12", "g7g6"], &["g7g5", "g7f8", "g7h7"]);
    on_g7("L", &["g7g12"], &["g7g6", "g7h8"]);
}

#[test]
fn gold_silver_leopard() {
    // 3.1 #5 Gold WfF, #6 Silver FfW, #7 Leopard FvW.
    on_g7("G", &["g7f8", "g7h7", "g7g6"], &["g7f6", "g7h6"]);
    on_g7("S", &["g7g8", "g7f6", "g7h6"], &["g7f7", "g7g6"]);
    on_g7("F", &["g7g8", "g7g6", "g7f6"], &["g7f7", "g7h7"]);
}

#[test]
fn tiger_and_bear() {
    // 3.1 #8 Tiger fFvW2, #9 Bear fF2sW.
    on_g7(
        "T'",
        &["g7f8", "g7h8", "g7g9", "g7g5"],
        &["g7g10", "g7g4", "g7f7", "g7f6"],
    );
    on_g7(
        "V",
        &["g7e9", "g7i9", "g7f7", "g7h7"],
        &["g7j10", "g7g8", "g7g6", "g7f6", "g7e7"],
    );
}

#[test]
fn left_and_right_general() {
    // 3.1 #10 Left General FvrW (not to the left), #11 Right General FvlW.
    on_g7("I'", &["g7h7", "g7g8", "g7g6", "g7f6"], &["g7f7"]);
    on_g7("J'", &["g7f7", "g7g8", "g7g6", "g7h6"], &["g7h7"]);
    // Rotated for the second player: its left is towards file m.
    let p = black(&format!("{KINGS}i'@g7 j'@c7"));
    all_legal(&p, &["g7f7", "c7d7"]);
    all_illegal(&p, &["g7h7", "c7b7"]);
}

#[test]
fn broad_and_deep_guard() {
    // 3.1 #12 Broad Guard sRvW2frBflF, #13 Deep Guard vRsW2flBfrF.
    on_g7(
        "D!",
        &["g7b7", "g7l7", "g7g9", "g7g5", "g7k11", "g7f8"],
        &["g7e9", "g7g10", "g7g4", "g7f6", "g7h6"],
    );
    on_g7(
        "T!",
        &["g7g12", "g7g2", "g7e7", "g7i7", "g7c11", "g7h8"],
        &["g7i9", "g7d7", "g7k7", "g7f6", "g7h6"],
    );
}

#[test]
fn left_and_right_chariot() {
    // 3.1 #14 Left Chariot lfrbBfRbW, #15 Right Chariot rflbBfRbW.
    on_g7(
        "L'",
        &["g7g12", "g7c11", "g7j4", "g7g6"],
        &["g7h8", "g7f6", "g7g5", "g7f7"],
    );
    on_g7(
        "R'",
        &["g7g12", "g7k11", "g7d4", "g7g6"],
        &["g7f8", "g7h6", "g7g5", "g7h7"],
    );
    // Rotated for the second player.
    let p = black(&format!("{KINGS}l'@g7"));
    all_legal(&p, &["g7g2", "g7k3", "g7d10", "g7g8"]);
    all_illegal(&p, &["g7f6", "g7h8", "g7g9"]);
}

#[test]
fn flying_horse_butterfly_dragon_kite() {
    // 3.1 #16 Flying Horse WfF2, #17 Butterfly F, #18 Dragon F2, #19 Kite
    // W2fF.
    on_g7(
        "H'",
        &["g7g8", "g7g6", "g7f7", "g7e9", "g7i9"],
        &["g7f6", "g7j10", "g7g9"],
    );
    on_g7("C'", &["g7f8", "g7h6"], &["g7g8", "g7e9"]);
    on_g7("F'", &["g7e9", "g7i5"], &["g7d10", "g7g8"]);
    on_g7("K'", &["g7g9", "g7e7", "g7g5", "g7f8"], &["g7g10", "g7f6"]);
}

#[test]
fn kirin_phoenix_commoner_viking() {
    // 3.1 #21 Kirin FD, #22 Phoenix WA, #23 Commoner K, #24 Viking sW2vWfF.
    on_g7("O", &["g7f8", "g7g9", "g7e7", "g7g5"], &["g7g8", "g7h9"]);
    on_g7("X", &["g7g8", "g7i9", "g7e5"], &["g7f8", "g7g9"]);
    on_g7("N", &["g7g8", "g7f6"], &["g7g9"]);
    on_g7(
        "W'",
        &["g7e7", "g7i7", "g7g8", "g7g6", "g7f8"],
        &["g7d7", "g7g9", "g7f6"],
    );
}

#[test]
fn queen_crowned_bishop_castle() {
    // 3.1 #28 Queen Q, #29 Crowned Bishop BW, #30 Castle RF, and the
    // promoted duplicates +H', +C', +F'.
    for q in ["Q", "+H'"] {
        on_g7(q, &["g7g13", "g7a13", "g7m1"], &["g7h9"]);
    }
    for h in ["H", "+C'"] {
        on_g7(h, &["g7a13", "g7g8"], &["g7g9"]);
    }
    for d in ["D", "+F'"] {
        on_g7(d, &["g7g13", "g7f8"], &["g7e9"]);
    }
}

#[test]
fn golden_bird_and_flag() {
    // 3.1 #34 Golden Bird F3vRsW2, #35 Flag fRfBbF2bsW2.
    on_g7(
        "+X",
        &["g7j10", "g7g13", "g7g1", "g7e7", "g7i7"],
        &["g7k11", "g7d7"],
    );
    on_g7(
        "+N",
        &["g7g13", "g7a13", "g7e5", "g7i5", "g7g5", "g7e7", "g7i7"],
        &["g7d4", "g7g4", "g7d7", "g7c7"],
    );
}

// ---------------------------------------------------------------------------
// 3.1 Other pieces with special shapes.
// ---------------------------------------------------------------------------

#[test]
fn viper_steps_sideways_leaps_forward_and_back_diagonally() {
    // 3.1 #20 Viper sWfDbA: leaps over pieces.
    let p = with_kings("P'@g7 P@g8 P@f6");
    all_legal(&p, &["g7f7", "g7h7", "g7g9", "g7e5", "g7i5"]);
    all_illegal(
        &p,
        &["g7g6", "g7h8", "g7h6", "g7e9", "g7i9", "g7g5", "g7e7"],
    );
    assert_eq!(count(&with_kings("P'@g7")), KING_MOVES + 5);
}

#[test]
fn hun_moves_back_two() {
    // 3.1 #25 / 8 item 3: Hun vW2sWfF (up to 2 back as well as forward).
    let p = with_kings("E'@g7");
    all_legal(
        &p,
        &[
            "g7g8", "g7g9", "g7g6", "g7g5", "g7f7", "g7h7", "g7f8", "g7h8",
        ],
    );
    all_illegal(&p, &["g7g10", "g7g4", "g7f6", "g7h6", "g7e7"]);
    assert_eq!(count(&p), KING_MOVES + 8);
    // A slide: blocked by a piece on the first square.
    let q = with_kings("E'@g7 P@g6");
    illegal(&q, "g7g5");
}

#[test]
fn deep_guard_single_forward_right_step() {
    // 3.1 #13 / 8 item 4: Deep Guard vRsW2flBfrF: one step forward-right.
    let p = with_kings("T!@g7");
    all_legal(&p, &["g7h8", "g7a13", "g7g13", "g7g1", "g7e7", "g7i7"]);
    all_illegal(&p, &["g7i9", "g7f6", "g7h6", "g7d7", "g7k7"]);
    assert_eq!(count(&p), KING_MOVES + 23);
}

#[test]
fn elephant_ranges() {
    // 5.4 Elephant +W!: up to 3 vertically and diagonally forward, up to 5
    // sideways and diagonally back, blocked by the first piece.
    let p = with_kings("+W!@g7");
    all_legal(
        &p,
        &[
            "g7g10", "g7g4", "g7b7", "g7l7", "g7j10", "g7d10", "g7b2", "g7l2",
        ],
    );
    all_illegal(
        &p,
        &["g7g11", "g7g3", "g7a7", "g7m7", "g7k11", "g7m1", "g7h9"],
    );
    let q = with_kings("+W!@g7 P@g8 p@e7");
    all_legal(&q, &["g7e7", "g7f7"]);
    all_illegal(&q, &["g7g9", "g7d7", "g7g8"]);
}

#[test]
fn unicorn_start_token_moves() {
    // 3.1 #33 Unicorn +O: F3sRvW2.
    let p = with_kings("+O@g7");
    all_legal(&p, &["g7j10", "g7b7", "g7g9", "g7d4"]);
    all_illegal(&p, &["g7k11", "g7g10", "g7h9"]);
}

// ---------------------------------------------------------------------------
// 2 FEN.
// ---------------------------------------------------------------------------

#[test]
fn start_fen_with_promoted_tokens_round_trips() {
    // 2.2: the array holds +O, +X, +N as start tokens; 54 pieces a side;
    // HaChu's root list has 21 moves (Appendix B).
    let v = variant("cashew-shogi");
    let start = "lh!f'dh'j'ki'qc'hg!l/t!p'w!+oogngx+xl!k'd!/r've'fst'+nt'sfw'vl'/ppppppppppppp/3d'5d'3/13/13/13/3D'5D'3/PPPPPPPPPPPPP/L'VW'FST'+NT'SFE'VR'/D!K'L!+XXGNGO+OW!P'T!/LG!HC'QI'KJ'H'DF'H!L w 0 1";
    let p = Position::from_fen(v, start).unwrap();
    assert_eq!(p.fen().split(' ').next(), start.split(' ').next());
    assert_eq!(Position::start(v).fen(), p.fen());
    for (sq, token) in [("j2", "+O"), ("d2", "+X"), ("g3", "+N"), ("d12", "+o")] {
        assert_eq!(token_at(&p, sq).as_deref(), Some(token), "{sq}");
    }
    assert_eq!(p.pieces(Color::White).count(), 54);
    assert_eq!(p.pieces(Color::Black).count(), 54);
    assert_eq!(count(&p), 21);
    illegal(&p, "@@@@");
}
