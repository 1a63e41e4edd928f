//! Dai Shogi rules (docs/rules/dai.md), one check per rule, in the
//! style of `chu_rules.rs`: a move string (docs/notation.md notation) must be
//! legal or illegal in a position given as a piece list (helpers in
//! `common`). Sente = upper case, moves up, zone ranks 11-15; Gote = lower
//! case, zone ranks 1-5. Letters are HaChu's (dai.md 3.1): `I` Iron, `N`
//! Knight, `P'` Go-Between, `L!` Lion.

mod common;

use common::{
    after, all_illegal, all_legal, assert_after, count, fen, illegal, legal, play, token_at,
    variant,
};
use kyodai::board::Position;
use kyodai::types::Color;

common::sides!("dai");

/// Kings out of the way: Sente a1 (3 moves), Gote o15.
const KINGS: &str = "K@a1 k@o15 ";

/// Moves of the Sente King on a1 when nothing stands next to it.
const KING_MOVES: usize = 3;

fn with_kings(rest: &str) -> Position {
    white(&format!("{KINGS}{rest}"))
}

// ---------------------------------------------------------------------------
// 3.2 #22-29 The Dai-only pieces (on g7, outside the zone: no promotion).
// ---------------------------------------------------------------------------

#[test]
fn violent_ox_up_to_two_orthogonally_no_jump() {
    // 3.2 #22 Violent Ox W2: up to two squares orthogonally, the first
    // square must be empty to reach the second.
    let p = with_kings("X'@g7");
    all_legal(&p, &["g7g8", "g7g9", "g7g5", "g7e7", "g7i7"]);
    all_illegal(&p, &["g7g10", "g7h8", "g7d7", "g7h9"]);
    assert_eq!(count(&p), KING_MOVES + 8);
    // A piece (friend or foe) on the first square blocks the second.
    let q = with_kings("X'@g7 P@g8 p@f7");
    all_illegal(&q, &["g7g8", "g7g9", "g7e7"]);
    legal(&q, "g7f7");
}

#[test]
fn flying_dragon_up_to_two_diagonally_no_jump() {
    // 3.2 #23 Flying Dragon F2: up to two squares diagonally, not jumping.
    let p = with_kings("F'@g7 P@h8");
    all_legal(&p, &["g7f8", "g7e9", "g7f6", "g7e5", "g7h6", "g7i5"]);
    all_illegal(&p, &["g7h8", "g7i9", "g7g8", "g7d10", "g7g9"]);
}

#[test]
fn evil_wolf_forward_diagonals_and_sideways() {
    // 3.2 #24 Evil Wolf fFfsW: forward, diagonally forward, sideways.
    let p = with_kings("W@g7");
    all_legal(&p, &["g7g8", "g7f8", "g7h8", "g7f7", "g7h7"]);
    all_illegal(&p, &["g7g6", "g7f6", "g7h6", "g7g9", "g7e7"]);
    assert_eq!(count(&p), KING_MOVES + 5);
}

#[test]
fn evil_wolf_of_gote_moves_down() {
    // 1: Gote's forward is towards rank 1.
    let p = black(&format!("{KINGS}w@g7"));
    all_legal(&p, &["g7g6", "g7f6", "g7h6", "g7f7", "g7h7"]);
    all_illegal(&p, &["g7g8", "g7f8", "g7h8"]);
}

#[test]
fn angry_boar_one_orthogonal_step() {
    // 3.2 #25 Angry Boar W.
    let p = with_kings("A'@g7");
    all_legal(&p, &["g7g8", "g7g6", "g7f7", "g7h7"]);
    all_illegal(&p, &["g7f8", "g7h6", "g7g9"]);
    assert_eq!(count(&p), KING_MOVES + 4);
}

#[test]
fn cat_sword_one_diagonal_step() {
    // 3.2 #26 Cat Sword F.
    let p = with_kings("C'@g7");
    all_legal(&p, &["g7f8", "g7h8", "g7f6", "g7h6"]);
    all_illegal(&p, &["g7g8", "g7g6", "g7f7", "g7e9"]);
    assert_eq!(count(&p), KING_MOVES + 4);
}

#[test]
fn iron_general_three_forward_squares() {
    // 3.2 #27 Iron General fWfF.
    let p = with_kings("I@g7");
    all_legal(&p, &["g7g8", "g7f8", "g7h8"]);
    all_illegal(&p, &["g7f7", "g7h7", "g7g6", "g7f6", "g7h6"]);
    assert_eq!(count(&p), KING_MOVES + 3);
}

#[test]
fn stone_general_two_forward_diagonals() {
    // 3.2 #28 Stone General fF.
    let p = with_kings("U@g7");
    all_legal(&p, &["g7f8", "g7h8"]);
    all_illegal(&p, &["g7g8", "g7f6", "g7h6", "g7f7"]);
    assert_eq!(count(&p), KING_MOVES + 2);
}

#[test]
fn knight_jumps_forward_only() {
    // 3.2 #29 Knight ffN: the two forward knight squares, over anything.
    let p = with_kings("N@g7 P@f8 P@g8 P@h8 p@f7 p@h7");
    all_legal(&p, &["g7f9", "g7h9"]);
    all_illegal(&p, &["g7e8", "g7i8", "g7f5", "g7h5", "g7e6", "g7g9"]);
    // Capture on a knight square.
    let q = with_kings("N@g7 p@h9");
    legal(&q, "g7h9");
    assert_eq!(count(&q), KING_MOVES + 2);
}

#[test]
fn dai_only_pieces_promote_to_gold() {
    // 3.2 #22-29 / 3.3: all eight promote to Gold; the promoted token is
    // `+` + the base token, and it moves like a Gold (WfF).
    for token in ["X'", "F'", "W", "A'", "C'", "I", "U", "N"] {
        // A capture starting in the zone (g11) onto a square each piece
        // reaches: g12 for most, f12 for the diagonal movers, the knight
        // square f13 for the Knight.
        let to = match token {
            "F'" | "C'" | "U" => "f12",
            "N" => "f13",
            _ => "g12",
        };
        let p = with_kings(&format!("{token}@g11 p@{to}"));
        let promoted = format!("+{token}");
        assert_after(
            &p,
            &format!("g11{to}+"),
            &format!("{KINGS}{promoted}@{to}"),
            'b',
        );
        let q = with_kings(&format!("{promoted}@g7"));
        all_legal(&q, &["g7g8", "g7f8", "g7h8", "g7f7", "g7h7", "g7g6"]);
        all_illegal(&q, &["g7f6", "g7h6", "g7g9"]);
    }
}

#[test]
fn promoted_go_between_is_drunk_elephant_not_royal() {
    // 3.3: +P' moves like a Drunk Elephant but is not a Crown Prince (3.4).
    let mut p = black("K@a1 k@o15 +P'@g7 r@a5");
    play(&mut p, "a5a1");
    assert!(p.is_over(), "+P' is not royal: Sente has lost");
    let q = with_kings("+P'@g7");
    all_legal(&q, &["g7g8", "g7f8", "g7f7", "g7f6"]);
    illegal(&q, "g7g6");
}

// ---------------------------------------------------------------------------
// 4.1 Promotion: five-rank zone, Chu logic, second chance on dead ranks.
// ---------------------------------------------------------------------------

#[test]
fn zone_is_five_ranks_entry_on_rank_11() {
    // 1, 4.1.1/4.1.3 (a): entering rank 11 offers promotion, rank 10 not.
    let p = with_kings("S@g10 S@c9");
    all_legal(&p, &["g10g11", "g10g11+", "g10f11+"]);
    legal(&p, "c9c10");
    illegal(&p, "c9c10+");
}

#[test]
fn gote_zone_is_ranks_1_to_5() {
    // 1, 4.1.1: Gote enters its zone on rank 5.
    let p = black(&format!("{KINGS}s@g6 s@c7"));
    all_legal(&p, &["g6g5", "g6g5+"]);
    legal(&p, "c7c6");
    illegal(&p, "c7c6+");
}

#[test]
fn capture_inside_into_or_out_of_zone_may_promote() {
    // 4.1.3 (b): a capture starting and/or ending in the zone offers
    // promotion (optional); a non-capture inside the zone does not.
    let p = with_kings("S@g12 p@g13 S@c11 p@b10");
    all_legal(&p, &["g12g13+", "g12g13", "c11b10+", "c11b10"]);
    all_illegal(&p, &["g12f13+", "c11c12+", "c11d10+"]);
    assert_after(&p, "g12g13+", &format!("{KINGS}+S@g13 S@c11 p@b10"), 'b');
}

#[test]
fn capture_outside_zone_does_not_promote() {
    // 4.1.3: a capture with both squares outside the zone offers nothing.
    let p = with_kings("S@g9 p@g10");
    legal(&p, "g9g10");
    illegal(&p, "g9g10+");
}

#[test]
fn knight_second_chance_on_rank_14_may_promote_or_decline() {
    // 4.1.3 (c) and 4.1.4: a Knight reaching rank 14 (one of its two dead
    // ranks) by a non-capture from inside the zone may promote, and may
    // decline, staying immobile.
    let p = with_kings("N@g12");
    all_legal(&p, &["g12f14+", "g12f14", "g12h14+", "g12h14"]);
    let mut q = p.clone();
    play(&mut q, "g12f14 o15o14");
    assert_eq!(token_at(&q, "f14").as_deref(), Some("N"));
    assert_eq!(count(&q), KING_MOVES, "the unpromoted Knight is dead");
    let r = after(&p, "g12f14+");
    assert_eq!(token_at(&r, "f14").as_deref(), Some("+N"));
}

#[test]
fn knight_inside_zone_not_onto_dead_rank_no_promotion() {
    // 4.1.3: g11-f13 stays inside the zone and rank 13 is not dead.
    let p = with_kings("N@g11 N@c10");
    legal(&p, "g11f13");
    illegal(&p, "g11f13+");
    // c10-b12 enters the zone: optional.
    all_legal(&p, &["c10b12", "c10b12+"]);
}

#[test]
fn iron_and_stone_second_chance_on_last_rank() {
    // 4.1.3 (c): Iron and Stone reaching rank 15 from inside the zone may
    // promote; not when stopping on rank 14.
    let p = with_kings("I@g14 U@c14 I@j13");
    all_legal(&p, &["g14g15+", "g14g15", "c14b15+", "c14b15", "j13j14"]);
    illegal(&p, "j13j14+");
    let mut q = with_kings("I@g14");
    play(&mut q, "g14g15 o15o14");
    assert_eq!(count(&q), KING_MOVES, "the unpromoted Iron is dead");
}

#[test]
fn lance_and_pawn_second_chance_on_last_rank() {
    // 4.1.3 (c): Pawn and Lance onto rank 15 from inside the zone.
    let p = with_kings("L@g12 P@c14");
    all_legal(&p, &["g12g15+", "g12g15", "c14c15+", "c14c15", "g12g14"]);
    illegal(&p, "g12g14+");
}

#[test]
fn king_free_king_lion_never_promote() {
    // 4.1.2: King, Free King and Lion never promote.
    let p = white("K@g10 k@o15 Q@c10 L!@j10 p@j12");
    all_legal(&p, &["g10g11", "c10c12", "j10j12"]);
    all_illegal(&p, &["g10g11+", "c10c12+", "j10j12+"]);
}

// ---------------------------------------------------------------------------
// 5 Lion: as in Chu, but no Lion-trading rules.
// ---------------------------------------------------------------------------

#[test]
fn lion_moves_as_in_chu() {
    // 5.1: step, jump, igui, hit and run, double capture, pass.
    let p = with_kings("L!@g7 p@g8 p@g9");
    all_legal(
        &p,
        &[
            "g7h9",
            "g7g9",
            "g7g8,g8g7",
            "g7g8,g8f9",
            "g7g8,g8g9",
            "@@@@",
        ],
    );
    all_illegal(&p, &["g7g10", "g7g8,g8g10"]);
}

#[test]
fn lion_may_jump_capture_a_protected_lion() {
    // 5.3: no rule 1 in Dai. The Gote Lion g9 is protected by the Gold g10.
    let p = with_kings("L!@g7 l!@g9 g@g10");
    legal(&p, "g7g9");
    // A double capture over a Pawn bridge is allowed as well.
    let q = with_kings("L!@g7 p@g8 l!@g9 g@g10");
    legal(&q, "g7g8,g8g9");
}

#[test]
fn no_counter_strike_after_non_lion_takes_lion() {
    // 5.3: no rule 2 in Dai. After Rook x Lion, Gote's Rook may take
    // Sente's Lion at once.
    let mut p = with_kings("R@c5 l!@c9 L!@h3 r@h10");
    play(&mut p, "c5c9");
    assert!(!p.state().lion_strike);
    all_legal(&p, &["h10h3", "h10h3+"]);
}

// ---------------------------------------------------------------------------
// 3.4 / 6 Royals.
// ---------------------------------------------------------------------------

#[test]
fn crown_prince_is_a_second_royal() {
    // 3.4/6: with King and Crown Prince, losing the King does not end the
    // game; losing both does.
    let mut p = black("K@a1 k@o15 +E@f1 r@a5");
    play(&mut p, "a5a1");
    assert!(!p.is_over());
    assert_eq!(p.royals(Color::White), 1);
    legal(&p, "f1f2");
    play(&mut p, "f1g1 a1b1");
    legal(&p, "g1g2");
}

#[test]
fn drunk_elephant_promotes_to_royal_crown_prince() {
    // 3.2 #14, 3.4: the Drunk Elephant promoting on rank 11 becomes a royal.
    let mut p = with_kings("E@g10 r@a5");
    play(&mut p, "g10g11+");
    assert_eq!(p.royals(Color::White), 2);
    play(&mut p, "a5a1");
    assert!(!p.is_over());
}

#[test]
fn losing_the_only_king_ends_the_game() {
    // 6: a side without royals has lost: no moves.
    let mut p = black("K@a1 k@o15 E@f1 r@a5");
    play(&mut p, "a5a1");
    assert!(p.is_over());
    assert_eq!(count(&p), 0);
}

// ---------------------------------------------------------------------------
// 2.2 / 3.1 FEN letters.
// ---------------------------------------------------------------------------

#[test]
fn hachu_letters_read_from_fen() {
    // 3.1: I = Iron, N = Knight, P' = Go-Between, L! = Lion (not Chu's
    // Go-Between I and Lion N).
    let p = with_kings("I@c7 N@g7 P'@j7 L!@m7");
    all_legal(&p, &["c7b8", "g7f9", "j7j6", "m7m9", "m7k9"]);
    all_illegal(&p, &["c7c6", "g7g8", "j7k8", "j7j8,j8j9"]);
    for (sq, token) in [("c7", "I"), ("g7", "N"), ("j7", "P'"), ("m7", "L!")] {
        assert_eq!(token_at(&p, sq).as_deref(), Some(token));
    }
}

#[test]
fn start_position_round_trips_and_counts() {
    // 2.1/2.2: the FEN of 2.2, 65 pieces a side, read and written back.
    let v = variant("dai");
    let start = "lnuicsgkgsciunl/a1c'1f1tet1f1c'1a/1x'1a'1wxl!ow1a'1x'1/rf'mvbhdqdhbvmf'r/ppppppppppppppp/4p'5p'4/15/15/15/4P'5P'4/PPPPPPPPPPPPPPP/RF'MVBHDQDHBVMF'R/1X'1A'1WOL!XW1A'1X'1/A1C'1F1TET1F1C'1A/LNUICSGKGSCIUNL w - 0 1";
    let p = Position::from_fen(v, start).unwrap();
    assert_eq!(p.fen(), start);
    assert_eq!(Position::start(v).fen(), start);
    assert_eq!(p.pieces(Color::White).count(), 65);
    assert_eq!(p.pieces(Color::Black).count(), 65);
    assert_eq!(token_at(&p, "h3").as_deref(), Some("L!"));
    assert_eq!(token_at(&p, "g13").as_deref(), Some("x"));
    // The helper's FEN for a 15x15 board has 15 ranks of 15 squares.
    assert!(Position::from_fen(v, &fen(v, KINGS, 'w')).is_ok());
}
