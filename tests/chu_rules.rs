//! Chu Shogi rules (docs/rules/chu.md), one check per rule: in a
//! given position a given move string (docs/notation.md notation) must be legal
//! (`parse_move` returns `Ok`) or illegal (`Err`).
//!
//! Positions are written as piece lists, `"K@a1 k@l12 N@f6 +o@f8"`: upper
//! case = Sente (first mover, XBoard "white", moving up, zone ranks 9-12),
//! lower case = Gote (moving down, zone ranks 1-4), `+` = promoted.

mod common;

use common::{
    accepted_not_played, all_illegal, all_legal, count, illegal, legal, play, played, sq,
};
use kyodai::board::{Position, RuleState};

common::sides!("chu");

/// Kings out of the way: Sente a1, Gote l12.
const KINGS: &str = "K@a1 k@l12 ";

fn with_kings(rest: &str) -> Position {
    white(&format!("{KINGS}{rest}"))
}

// ---------------------------------------------------------------------------
// 3.2 The 21 initial piece types (a piece on f6, otherwise only the Kings).
// ---------------------------------------------------------------------------

#[test]
fn king_steps_one_square() {
    // 3.2 #1 King: one step in any direction.
    let p = white("K@f6 k@l12");
    all_legal(&p, &["f6g7", "f6e5", "f6f5", "f6e6"]);
    all_illegal(&p, &["f6f8", "f6h8", "f6g8"]);
}

#[test]
fn free_king_slides_eight_ways() {
    // 3.2 #2 Free King: slides in all 8 directions.
    let p = with_kings("Q@f6");
    all_legal(&p, &["f6b10", "f6f12", "f6l6", "f6b2", "f6f1"]);
    all_illegal(&p, &["f6g8", "f6a1"]); // no knight move; a1 is its own King
}

#[test]
fn dragon_king_slides_orthogonally_steps_diagonally() {
    // 3.2 #4 Dragon King: R + one diagonal step.
    let p = with_kings("D@f6");
    all_legal(&p, &["f6f11", "f6a6", "f6g7", "f6e5"]);
    all_illegal(&p, &["f6h8", "f6d4"]);
}

#[test]
fn dragon_horse_slides_diagonally_steps_orthogonally() {
    // 3.2 #5 Dragon Horse: B + one orthogonal step.
    let p = with_kings("H@f6");
    all_legal(&p, &["f6b10", "f6j2", "f6f7", "f6e6"]);
    all_illegal(&p, &["f6f8", "f6d6"]);
}

#[test]
fn rook_and_bishop() {
    // 3.2 #6 Rook, #7 Bishop.
    let p = with_kings("R@f6 B@c6");
    all_legal(&p, &["f6f12", "f6l6", "f6d6", "c6g10", "c6a4"]);
    all_illegal(&p, &["f6g7", "f6c6", "f6b6", "c6c7"]); // c6 own, b6 behind it
}

#[test]
fn vertical_mover() {
    // 3.2 #8 Vertical Mover: slides forward/back, one step sideways.
    let p = with_kings("V@f6");
    all_legal(&p, &["f6f11", "f6f2", "f6g6", "f6e6"]);
    all_illegal(&p, &["f6h6", "f6g7"]);
}

#[test]
fn side_mover() {
    // 3.2 #9 Side Mover: slides sideways, one step forward/back.
    let p = with_kings("M@f6");
    all_legal(&p, &["f6k6", "f6a6", "f6f7", "f6f5"]);
    all_illegal(&p, &["f6f8", "f6f4", "f6g7"]);
}

#[test]
fn reverse_chariot() {
    // 3.2 #10 Reverse Chariot: slides forward and back only.
    let p = with_kings("A@f6");
    all_legal(&p, &["f6f11", "f6f1"]);
    all_illegal(&p, &["f6g6", "f6g7"]);
}

#[test]
fn lance() {
    // 3.2 #11 Lance: slides forward only; blocked by its own piece.
    let p = with_kings("L@f6 P@f10");
    all_legal(&p, &["f6f8", "f6f9", "f6f9+"]);
    all_illegal(&p, &["f6f5", "f6f10", "f6f11"]);
}

#[test]
fn kirin() {
    // 3.2 #12 Kirin: one diagonal step, or a jump 2 orthogonally (over pieces).
    let p = with_kings("O@f6 P@f7 p@g6");
    all_legal(&p, &["f6g7", "f6e5", "f6f8", "f6d6", "f6h6", "f6f4"]);
    all_illegal(&p, &["f6f7", "f6g6", "f6h8", "f6g8"]);
}

#[test]
fn phoenix() {
    // 3.2 #13 Phoenix: one orthogonal step, or a jump 2 diagonally (over pieces).
    let p = with_kings("X@f6 P@g7");
    all_legal(&p, &["f6f7", "f6e6", "f6h8", "f6d4"]);
    all_illegal(&p, &["f6g7", "f6e7", "f6f8", "f6i9"]);
}

#[test]
fn drunk_elephant() {
    // 3.2 #14 Drunk Elephant: one step any way but straight back.
    let p = with_kings("E@f6");
    all_legal(&p, &["f6f7", "f6g6", "f6g5", "f6e5"]);
    all_illegal(&p, &["f6f5", "f6f8"]);
}

#[test]
fn blind_tiger() {
    // 3.2 #15 Blind Tiger: one step any way but straight forward.
    let p = with_kings("T@f6");
    all_legal(&p, &["f6f5", "f6g7", "f6e6"]);
    all_illegal(&p, &["f6f7", "f6f4"]);
}

#[test]
fn ferocious_leopard() {
    // 3.2 #16 Ferocious Leopard: diagonal, straight forward or back; not sideways.
    let p = with_kings("F@f6");
    all_legal(&p, &["f6f7", "f6f5", "f6g5", "f6e7"]);
    all_illegal(&p, &["f6g6", "f6e6"]);
}

#[test]
fn gold_general() {
    // 3.2 #17 Gold: orthogonal or diagonally forward.
    let p = with_kings("G@f6");
    all_legal(&p, &["f6f7", "f6g7", "f6g6", "f6f5"]);
    all_illegal(&p, &["f6g5", "f6e5"]);
}

#[test]
fn silver_general() {
    // 3.2 #18 Silver: diagonal or straight forward.
    let p = with_kings("S@f6");
    all_legal(&p, &["f6f7", "f6g5", "f6e7"]);
    all_illegal(&p, &["f6g6", "f6f5"]);
}

#[test]
fn copper_general() {
    // 3.2 #19 Copper: straight forward, diagonally forward, straight back.
    let p = with_kings("C@f6");
    all_legal(&p, &["f6f7", "f6g7", "f6f5"]);
    all_illegal(&p, &["f6g5", "f6g6"]);
}

#[test]
fn go_between() {
    // 3.2 #20 Go-Between: straight forward or back.
    let p = with_kings("I@f6");
    all_legal(&p, &["f6f7", "f6f5"]);
    all_illegal(&p, &["f6g6", "f6g7"]);
}

#[test]
fn pawn() {
    // 3.2 #21 Pawn: one step straight forward.
    let p = with_kings("P@f6");
    legal(&p, "f6f7");
    all_illegal(&p, &["f6f5", "f6f8", "f6g7"]);
}

#[test]
fn gote_moves_down() {
    // 1: Gote's forward is towards rank 1.
    let p = black(&format!("{KINGS}p@f7 s@c8"));
    all_legal(&p, &["f7f6", "c8c7", "c8b9"]);
    all_illegal(&p, &["f7f8", "c8c9", "c8b8"]);
}

#[test]
fn own_pieces_block_and_cannot_be_captured() {
    // 3.1: slides stop at the first occupied square, capture only enemies.
    let p = with_kings("R@f6 P@f8 p@c6");
    all_legal(&p, &["f6f7", "f6c6", "f6d6"]);
    all_illegal(&p, &["f6f8", "f6f9", "f6b6"]);
}

// ---------------------------------------------------------------------------
// 3.3 The promoted forms.
// ---------------------------------------------------------------------------

#[test]
fn tokin_and_promoted_go_between() {
    // 3.3 +P moves like a Gold, +I like a Drunk Elephant.
    let p = with_kings("+P@f6 +I@c6");
    all_legal(&p, &["f6g7", "f6f5", "c6d7", "c6d5", "c6d6"]);
    all_illegal(&p, &["f6g5", "c6c5"]);
}

#[test]
fn promoted_copper_silver_gold_leopard() {
    // 3.3 +C = Side Mover, +S = Vertical Mover, +G = Rook, +F = Bishop.
    let p = with_kings("+C@c4 +S@f6 +G@i5 +F@c8");
    all_legal(
        &p,
        &[
            "c4h4", "c4c5", "f6f11", "f6g6", "i5i11", "i5l5", "c8g12", "c8h3",
        ],
    );
    all_illegal(&p, &["c4c6", "f6h6", "i5j6", "c8c9"]);
}

#[test]
fn flying_stag() {
    // 3.3 +T Flying Stag: slides vertically, one step in the other 6 directions.
    let p = with_kings("+T@f6");
    all_legal(&p, &["f6f11", "f6f1", "f6g6", "f6g5", "f6e7"]);
    all_illegal(&p, &["f6h6", "f6h8", "f6d4"]);
}

#[test]
fn crown_prince_moves_like_king() {
    // 3.3 +E Crown Prince: one step any way (including straight back).
    let p = with_kings("+E@f6");
    all_legal(&p, &["f6f5", "f6g7"]);
    all_illegal(&p, &["f6f8", "f6h6"]);
}

#[test]
fn white_horse_and_whale() {
    // 3.3 +L White Horse: vertical + forward diagonals; +A Whale: vertical +
    // backward diagonals.
    let p = with_kings("+L@f6 +A@i6");
    all_legal(&p, &["f6f11", "f6f2", "f6b10", "i6i12", "i6i1", "i6l3"]);
    all_illegal(&p, &["f6c3", "f6g6", "i6j7", "i6h6"]);
}

#[test]
fn promoted_phoenix_free_boar_flying_ox() {
    // 3.3 +X = Free King, +M Free Boar (sideways + diagonals), +V Flying Ox
    // (vertical + diagonals).
    let p = with_kings("+X@f6 +M@c9 +V@j4");
    all_legal(
        &p,
        &["f6b2", "f6f12", "c9l9", "c9f12", "c9a7", "j4j11", "j4g7"],
    );
    all_illegal(
        &p,
        &["f6g8", "f6b10", "c9c10", "c9c8", "c9f6", "j4k4", "j4i4"],
    );
}

#[test]
fn promoted_bishop_and_rook() {
    // 3.3 +B = Dragon Horse, +R = Dragon King.
    let p = with_kings("+B@f6 +R@c4");
    all_legal(&p, &["f6b10", "f6f7", "c4c12", "c4d5"]);
    all_illegal(&p, &["f6f8", "c4e6"]);
}

// ---------------------------------------------------------------------------
// 5.1 Lion move types.
// ---------------------------------------------------------------------------

#[test]
fn lion_step_and_jump() {
    // 5.1.1/5.1.2: steps to N1, jumps to any of the 16 squares of N2 over
    // anything, nothing at distance 3.
    let p = with_kings("N@f6 P@f7 P@g7 P@e7");
    all_legal(&p, &["f6e5", "f6f8", "f6h8", "f6d8", "f6d4"]);
    all_illegal(&p, &["f6f7", "f6f9", "f6i9", "f6g9"]);
}

#[test]
fn lion_igui_hit_and_run_double_capture() {
    // 5.1.3: capture on N1, then one more king step: back home (igui), to an
    // empty square (hit and run) or onto an enemy (double capture).
    let p = with_kings("N@f6 p@f7 p@g8");
    all_legal(
        &p,
        &[
            "f6f7",
            "f6f7,f7f6",
            "f6f7,f7e8",
            "f6f7,f7e6",
            "f6f7,f7g8",
            "f6g8",
        ],
    );
    // Second leg must be one king step; the first leg must capture to
    // continue (g8 is not next to f6).
    all_illegal(&p, &["f6f7,f7f9", "f6g8,g8h9", "f6f7,f7h9"]);
}

#[test]
fn lion_cannot_capture_own_piece() {
    // 5.1: a Lion never moves onto or captures its own pieces.
    let p = with_kings("N@f6 P@f7 P@f8");
    all_illegal(&p, &["f6f7", "f6f8", "f6f7,f7f6", "f6f7,f7f8"]);
}

#[test]
fn lion_pass() {
    // 5.1.4 and 7.2: pass via an empty neighbour, written @@@@, f6f6 or the
    // out-and-back f6e6,e6f6 over an empty e6.
    let p = with_kings("N@f6");
    for m in ["@@@@", "f6f6", "f6e6,e6f6"] {
        let mv = legal(&p, m);
        assert!(mv.is_pass(), "{m} should be a pass, got {mv}");
        assert_eq!(mv.from(), sq("f6"), "{m}: the Lion passes");
    }
}

#[test]
fn lion_cannot_pass_when_surrounded_by_own_pieces() {
    // 5.1.4: no pass without an empty neighbour; jumps are still possible.
    let ring = "P@e5 P@f5 P@g5 P@e6 P@g6 P@e7 P@f7 P@g7";
    let p = with_kings(&format!("N@f6 {ring}"));
    all_illegal(&p, &["@@@@", "f6f6", "f6f7,f7f6"]);
    all_legal(&p, &["f6f8", "f6d4"]);
}

#[test]
fn lion_cannot_pass_when_surrounded_by_enemies() {
    // 5.1.4: neighbours all enemies: no pass, but igui is available.
    let ring = "p@e5 p@f5 p@g5 p@e6 p@g6 p@e7 p@f7 p@g7";
    let p = with_kings(&format!("N@f6 {ring}"));
    all_illegal(&p, &["@@@@", "f6f6"]);
    all_legal(&p, &["f6f7,f7f6", "f6f7,f7g7", "f6e5,e5d4"]);
}

#[test]
fn lion_never_promotes() {
    // 4.1.2/4.1.5: Lion has no promoted form.
    let p = with_kings("N@f7 p@g9");
    all_legal(&p, &["f7f9", "f7g9", "f7f8"]);
    all_illegal(&p, &["f7f9+", "f7g9+", "f7g8,g8g9+"]);
}

// ---------------------------------------------------------------------------
// 5.2 Promoted Kirin = Lion.
// ---------------------------------------------------------------------------

#[test]
fn promoted_kirin_moves_as_lion() {
    // 5.2: +O has every Lion move, including igui, double capture and pass.
    let p = with_kings("+O@f6 p@f7 p@f8");
    all_legal(
        &p,
        &[
            "f6h8",
            "f6f7,f7f6",
            "f6f7,f7f8",
            "f6f7,f7g8",
            "@@@@",
            "f6f6",
        ],
    );
    illegal(&p, "f6f9");
}

#[test]
fn kirin_promotes_to_lion() {
    // 3.2 #12 and 4.1.5: a Kirin capturing into the zone may promote and is a
    // Lion from then on.
    let mut p = with_kings("O@f8 n@f10");
    play(&mut p, "f8f10+ l12k12");
    all_legal(&p, &["f10f12", "f10h12", "f10f10", "f10e11"]);
}

// ---------------------------------------------------------------------------
// 5.3 Horned Falcon and Soaring Eagle.
// ---------------------------------------------------------------------------

#[test]
fn horned_falcon_forward_lion_power() {
    // 5.3: +H steps/jumps forward up to 2, passes via empty F1; slides the
    // other 7 ways; nothing past F2.
    let p = white("K@a1 k@k12 +H@f6");
    all_legal(
        &p,
        &["f6f7", "f6f8", "@@@@", "f6f6", "f6a6", "f6f1", "f6b10"],
    );
    all_illegal(&p, &["f6f9", "f6f12", "f6g8"]);
}

#[test]
fn horned_falcon_captures_forward() {
    // 5.3: igui, capture then continue to F2 (double capture), jump capture;
    // no turning aside, no pass with F1 occupied.
    let p = white("K@a1 k@k12 +H@f6 p@f7 p@f8");
    all_legal(&p, &["f6f7", "f6f8", "f6f7,f7f6", "f6f7,f7f8"]);
    all_illegal(&p, &["f6f7,f7g7", "f6f7,f7e8", "f6f7,f7g8", "@@@@", "f6f6"]);
}

#[test]
fn horned_falcon_hit_and_run_and_own_piece_ahead() {
    // 5.3: capture on F1 then move on to an empty F2; with its own piece on
    // F1 it can still jump to F2, but not pass.
    let p = white("K@a1 k@k12 +H@f6 p@f7");
    all_legal(&p, &["f6f7,f7f8", "f6f7,f7f6"]);
    illegal(&p, "f6f7,f7f9");
    let q = white("K@a1 k@k12 +H@f6 P@f7");
    legal(&q, "f6f8");
    all_illegal(&q, &["f6f7", "f6f6", "@@@@"]);
}

#[test]
fn soaring_eagle_forward_diagonal_lion_power() {
    // 5.3: +D has limited Lion power on both forward diagonals, slides the
    // other 6 ways.
    let p = white("K@a1 k@k12 +D@f6");
    all_legal(
        &p,
        &[
            "f6g7", "f6h8", "f6e7", "f6d8", "@@@@", "f6f12", "f6l6", "f6b2",
        ],
    );
    all_illegal(&p, &["f6i9", "f6c9", "f6j10"]);
}

#[test]
fn soaring_eagle_captures_on_diagonal() {
    // 5.3: double capture / igui along the same diagonal; no turning aside.
    let p = white("K@a1 k@k12 +D@f6 p@g7 p@h8");
    all_legal(&p, &["f6g7,g7h8", "f6g7,g7f6", "f6h8", "f6g7"]);
    all_illegal(&p, &["f6g7,g7h7", "f6g7,g7g8", "f6g7,g7i9"]);
}

#[test]
fn falcon_and_eagle_never_promote() {
    // 3.3/4.1.2: promoted pieces never promote again.
    let p = white("K@a1 k@k12 +H@f7 +D@c7");
    all_legal(&p, &["f7f9", "c7d8"]);
    all_illegal(&p, &["f7f9+", "c7c10+", "f7f8+"]);
}

// ---------------------------------------------------------------------------
// 4.1 Promotion.
// ---------------------------------------------------------------------------

#[test]
fn promotion_on_entry_is_optional() {
    // 4.1.3 (a): non-capture entering the zone: promote or not.
    let p = with_kings("S@f8 E@c8");
    all_legal(&p, &["f8f9", "f8f9+", "f8e9+", "c8c9+", "c8c9"]);
    // Moves outside the zone offer nothing.
    all_illegal(&p, &["f8e7+", "c8d8+"]);
}

#[test]
fn no_promotion_on_non_capture_inside_or_leaving_zone() {
    // 4.1.3: a non-capturing move inside the zone, or leaving it, never
    // promotes.
    let p = with_kings("S@f9");
    all_legal(&p, &["f9f10", "f9e8"]);
    all_illegal(&p, &["f9f10+", "f9e8+", "f9g10+"]);
}

#[test]
fn promotion_on_captures_touching_zone() {
    // 4.1.3 (b): capture into, within or out of the zone may promote.
    let p = with_kings("S@f9 p@e8 p@f10 S@c8 p@d9");
    all_legal(&p, &["f9e8+", "f9e8", "f9f10+", "f9f10", "c8d9+", "c8d9"]);
    // Capture outside the zone: no promotion.
    let q = with_kings("S@f6 p@f7");
    legal(&q, "f6f7");
    illegal(&q, "f6f7+");
}

#[test]
fn pawn_and_lance_last_rank_second_chance_not_forced() {
    // 4.1.3 (c) and 4.1.4: Pawn/Lance reaching the last rank from inside the
    // zone may promote; promotion is never compulsory.
    let p = with_kings("P@f11 L@c10 P@h12");
    all_legal(&p, &["f11f12+", "f11f12", "c10c12+", "c10c12", "c10c11"]);
    // A non-capture inside the zone not ending on the last rank: no.
    illegal(&p, "c10c11+");
    let mut q = with_kings("P@f11");
    play(&mut q, "f11f12 l12k12");
    assert_eq!(count(&q), 3, "only the King can move; the pawn is dead");
}

#[test]
fn gote_promotion_zone_is_ranks_1_to_4() {
    // 1 and 4.1.1: Gote's zone is ranks 1-4.
    let p = black(&format!("{KINGS}s@g5 p@c2 g@i6"));
    all_legal(&p, &["g5g4+", "g5g4", "c2c1+", "c2c1"]);
    all_illegal(&p, &["i6i5+", "g5h6+"]);
}

#[test]
fn pieces_that_never_promote() {
    // 4.1.2: King, Free King, Lion and already-promoted pieces never promote.
    let p = white("K@f8 k@l12 Q@a8 N@j7 +R@c3 +P@h8");
    all_legal(&p, &["f8f9", "a8a12", "j7j9", "c3c10", "h8h9"]);
    all_illegal(&p, &["f8f9+", "a8a12+", "j7j9+", "c3c10+", "h8h9+"]);
}

// ---------------------------------------------------------------------------
// 5.4.1 Lion-trading rule 1.
// ---------------------------------------------------------------------------

#[test]
fn rule1_distant_protected_lion_cannot_be_taken() {
    // 5.4.1: jump capture of a protected Lion (Gold f9 protects f8) is illegal.
    let p = with_kings("N@f6 n@f8 g@f9");
    illegal(&p, "f6f8");
}

#[test]
fn rule1_distant_unprotected_lion_can_be_taken() {
    // 5.4.1: an unprotected non-adjacent Lion may be taken.
    let p = with_kings("N@f6 n@f8");
    legal(&p, "f6f8");
}

#[test]
fn rule1_adjacent_lion_always_capturable() {
    // 5.4.1: an adjacent Lion may be taken by step, igui or capture-and-move,
    // protected or not.
    let p = with_kings("N@f6 n@f7 g@f8");
    all_legal(&p, &["f6f7", "f6f7,f7f6", "f6f7,f7e8", "f6f7,f7f8"]);
}

#[test]
fn rule1_xray_protector_behind_capturing_lion() {
    // 5.4.1: a slider behind the capturing Lion counts once the Lion has left.
    let p = with_kings("N@f6 n@f8 r@f2");
    illegal(&p, "f6f8");
}

#[test]
fn rule1_king_counts_as_protector() {
    // 5.4.1: the King counts as a protector.
    let p = white("K@a1 k@g9 N@f6 n@f8");
    illegal(&p, "f6f8");
}

#[test]
fn rule1_lion_protects_lion() {
    // 5.4.1: a Lion protects the squares within distance 2.
    let p = with_kings("N@f6 n@f8 n@h10");
    illegal(&p, "f6f8");
    let q = with_kings("N@f6 n@f8 n@i11");
    legal(&q, "f6f8");
}

#[test]
fn rule1_bridge_pawn_or_go_between_double_capture_illegal_when_protected() {
    // 5.4.1: double capture whose first victim is an unpromoted Pawn or a
    // Go-Between may not take a protected Lion.
    for bridge in ["p", "i"] {
        let p = with_kings(&format!("N@f6 {bridge}@f7 n@f8 g@f9"));
        illegal(&p, "f6f7,f7f8");
        // Taking the bridge alone is fine.
        all_legal(&p, &["f6f7", "f6f7,f7f6", "f6f7,f7g8"]);
    }
}

#[test]
fn rule1_bridge_double_capture_legal_when_unprotected() {
    // 5.4.1: with the Lion unprotected the Pawn bridge does not matter.
    let p = with_kings("N@f6 p@f7 n@f8");
    legal(&p, "f6f7,f7f8");
}

#[test]
fn rule1_silver_or_tokin_first_double_capture_legal() {
    // 5.4.1: first victim other than unpromoted Pawn / Go-Between: allowed
    // even though the Lion is protected; the plain jump stays illegal.
    for bridge in ["s", "+p"] {
        let p = with_kings(&format!("N@f6 {bridge}@f7 n@f8 g@f9"));
        legal(&p, "f6f7,f7f8");
        illegal(&p, "f6f8");
    }
}

#[test]
fn rule1_bridge_pawn_as_sole_protector_recommended_rule() {
    // 5.4.1 / 8 #5: protection judged before the move, the bridge Pawn
    // counts ([J], recommended): the engine's own move list lacks the
    // double capture; but HaChu's reading (judged after the move) allows
    // it, and moves an opponent may play under any supported reading are
    // accepted.
    let p = with_kings("N@f10 p@f9 n@f8");
    let mv = legal(&p, "f10f9,f9f8");
    let mut own = Vec::new();
    kyodai::movegen::generate(&p, &mut own);
    assert!(
        !own.contains(&mv),
        "[J] forbids {mv} in the engine's own moves"
    );
    illegal(&p, "f10f8");
    // With a second protector both readings forbid it.
    let p = with_kings("N@f10 p@f9 n@f8 g@f7");
    illegal(&p, "f10f9,f9f8");
}

#[test]
fn rule1_first_leg_square_is_empty_for_lines_of_sight() {
    // 5.4.1: with the bridge removed the Rook f2 sees f8 -> double capture
    // illegal; for the plain jump the Pawn still blocks -> legal.
    let p = with_kings("N@f6 p@f7 n@f8 r@f2");
    illegal(&p, "f6f7,f7f8");
    legal(&p, "f6f8");
}

#[test]
fn rule1_second_victim_adjacent_to_start_is_allowed() {
    // 5.4.1: "adjacent" is measured from the capturing Lion's start square.
    let p = with_kings("N@f6 p@f7 n@g7 g@g8");
    all_legal(&p, &["f6f7,f7g7", "f6g7", "f6g7,g7f6", "f6g7,g7f7"]);
}

#[test]
fn rule1_applies_to_promoted_kirin() {
    // 5.2/5.4: +O is a Lion as capturer and as victim.
    let p = with_kings("+O@f6 n@f8 g@f9");
    illegal(&p, "f6f8");
    let q = with_kings("N@f6 +o@f8 g@f9");
    illegal(&q, "f6f8");
    let r = with_kings("N@f6 +o@f8");
    legal(&r, "f6f8");
}

#[test]
fn rule1_does_not_restrict_falcon_and_eagle() {
    // 5.4.4.3: HF and SE are not Lions for rule 1.
    let p = white("K@a1 k@k12 +H@f6 n@f8 g@f9 +D@c3 n@e5 g@e6");
    all_legal(&p, &["f6f8", "c3e5"]);
}

// ---------------------------------------------------------------------------
// 5.4.2 Lion-trading rule 2 (counter-strike).
// ---------------------------------------------------------------------------

const STRIKE: &str = "K@a1 k@l12 R@c5 N@h3 n@c9 r@h10 +o@j4";

#[test]
fn rule2_non_lion_may_not_recapture_lion_next_move() {
    // 5.4.2: after Rook x Lion, the opponent may not take a Lion with a
    // non-Lion on the very next move (with or without promotion)...
    let mut p = white(STRIKE);
    play(&mut p, "c5c9");
    assert!(
        p.state().lion_strike,
        "c5c9 is a non-Lion capture of a Lion"
    );
    // (The Lion h3 is unprotected: the Okazaki rule, an option, would
    // allow it, so it is accepted from an opponent but not played.)
    accepted_not_played(&p, "h10h3");
    accepted_not_played(&p, "h10h3+");
    // ... but a Lion may (here: distant and unprotected, rule 1 allows it).
    legal(&p, "j4h3");
    legal(&p, "h10h4");
}

#[test]
fn okazaki_rule_allows_counter_strike_on_an_unprotected_lion() {
    // Section 5.4 variants: with the Okazaki rule the Rook h10 may take the
    // unprotected Lion h3 right after the counter-strike position arose...
    let mut p = white(STRIKE);
    play(&mut p, "c5c9");
    p.set_okazaki(true);
    played(&p, "h10h3");
    // ... but not a protected one (a Sente Gold g2 guards h3): refused
    // outright, from anyone.
    let mut q = white(&format!("{STRIKE} G@g2"));
    play(&mut q, "c5c9");
    q.set_okazaki(true);
    illegal(&q, "h10h3");
    // Only a plain capture: a Horned Falcon's sting that takes the Lion
    // stays barred.
    let mut f = white("K@a1 k@l12 R@c5 N@h3 n@c9 +h@h4 +o@i2");
    play(&mut f, "c5c9");
    f.set_okazaki(true);
    illegal(&f, "h4h3,h3h4");
    legal(&black("K@a1 k@l12 R@c9 N@h3 +h@h4 +o@i2"), "h4h3,h3h4");
}

#[test]
fn rule2_lasts_one_ply_only() {
    // 5.4.2: after any intervening pair of moves the ban is gone.
    let mut p = white(STRIKE);
    play(&mut p, "c5c9 l12k12 a1b1");
    assert!(!p.state().lion_strike);
    all_legal(&p, &["h10h3", "h10h3+"]);
}

#[test]
fn rule2_state_from_set_state() {
    // 5.4.2: the state is one bit carried with the position (5.4.4.4); a FEN
    // starts without it.
    let fen_only = "K@a1 k@l12 R@c9 N@h3 r@h10 +o@j4";
    let mut p = black(fen_only);
    legal(&p, "h10h3");
    p.set_state(RuleState {
        lion_strike: true,
        ..RuleState::default()
    });
    accepted_not_played(&p, "h10h3");
    legal(&p, "j4h3");
}

#[test]
fn rule2_binds_horned_falcon() {
    // 5.4.2: HF and SE count as non-Lions.
    let mut p = white("K@a1 k@l12 R@c5 N@h3 n@c9 +h@h5 +o@i2");
    play(&mut p, "c5c9");
    accepted_not_played(&p, "h5h3");
    all_legal(&p, &["i2h3", "i2h3,h3i2", "i2h3,h3g4", "h5h4", "h5h5"]);
    let mut q = white("K@a1 k@l12 R@c5 N@h3 n@c9 +h@h5 +o@i2");
    play(&mut q, "c5c9 l12k12 a1b1");
    legal(&q, "h5h3");
}

#[test]
fn rule2_kirin_promoting_on_lion_capture_is_non_lion() {
    // 5.4.2: a Kirin that promotes while capturing a Lion counts as a
    // non-Lion; no same-square exception in the recommended rule.
    let mut p = with_kings("O@f8 n@f10 r@a10");
    play(&mut p, "f8f10+");
    assert!(p.state().lion_strike);
    accepted_not_played(&p, "a10f10");
    legal(&p, "a10e10");
}

#[test]
fn rule2_not_triggered_by_lion_capturing_lion() {
    // 5.4.2: only a non-Lion capture of a Lion starts the ban.
    let mut p = with_kings("N@f6 n@f7 r@f12");
    play(&mut p, "f6f7");
    assert!(!p.state().lion_strike);
    legal(&p, "f12f7");
}

#[test]
fn rule2_cleared_by_any_other_move() {
    // 5.4.4.4: the bit is cleared by every move that is not a non-Lion
    // capture of a Lion.
    let mut p = white(STRIKE);
    play(&mut p, "c5c9 h10h9");
    assert!(!p.state().lion_strike);
}

// ---------------------------------------------------------------------------
// 3.4 / 6.1 Royals, end of game.
// ---------------------------------------------------------------------------

#[test]
fn crown_prince_is_second_royal() {
    // 3.4/6.1: with King and Crown Prince, losing the King does not end the
    // game.
    let mut p = black("K@a1 k@l12 +E@f1 r@a5");
    play(&mut p, "a5a1");
    legal(&p, "f1f2");
    assert_eq!(count(&p), 5);
}

#[test]
fn drunk_elephant_promoted_becomes_royal() {
    // 3.2 #14/3.4: a Drunk Elephant promotes to a Crown Prince, a royal.
    let mut p = white("K@a1 k@l12 E@f8 r@a5");
    play(&mut p, "f8f9+ a5a1");
    legal(&p, "f9f10");
}

#[test]
fn unpromoted_drunk_elephant_is_not_royal() {
    // 3.4: only King and Crown Prince are royal.
    let mut p = black("K@a1 k@l12 E@f1 r@a5");
    play(&mut p, "a5a1");
    illegal(&p, "f1f2");
    assert_eq!(count(&p), 0);
}

#[test]
fn promoted_go_between_is_not_royal() {
    // 3.3/3.4: +I moves like a Drunk Elephant but is not a Crown Prince.
    let mut p = white("K@a1 k@l12 I@f8 r@a5");
    play(&mut p, "f8f9+ a5a1");
    illegal(&p, "f9f10");
    assert_eq!(count(&p), 0);
}

#[test]
fn crown_prince_alone_is_enough() {
    // 3.4/6.1: a side whose only royal is a Crown Prince is still playing.
    let p = white("+E@f1 k@l12");
    legal(&p, "f1f2");
}

#[test]
fn a_side_set_up_without_royals_plays_on() {
    // 6 / docs/notation.md (what perft counts): a side that had no royal
    // when the position was set up (a mate problem's attacker) has lost
    // nothing; either side may move.
    let p = white("k@l12 N@f6 G@e5");
    legal(&p, "f6f7");
    legal(&p, "e5e6");
    assert_eq!(count(&p), 29);
    let q = white("K@a1 N@f6 g@l11");
    legal(&q, "f6f7");
    legal(&q, "a1a2");
}

#[test]
fn moving_into_check_and_capturing_king_are_legal() {
    // 6.1: no rule forbids leaving a royal attacked; the King may be taken.
    let p = white("K@a1 k@l12 r@b5 R@l3");
    legal(&p, "a1b1"); // steps onto the Rook's file
    legal(&p, "l3l12"); // takes the King
    let mut q = white("K@a1 k@l12 R@l3");
    play(&mut q, "l3l12");
    assert_eq!(count(&q), 0, "Gote has lost its only royal");
}

#[test]
fn lion_double_capture_of_king_and_prince_ends_game() {
    // 6.1: a Lion double capture can take King and Crown Prince at once.
    let mut p = white("K@a1 N@f6 k@f7 +e@f8");
    play(&mut p, "f6f7,f7f8");
    assert_eq!(count(&p), 0);
    let mut q = white("K@a1 N@f6 k@f7 +e@f8");
    play(&mut q, "f6f7,f7f6");
    assert!(count(&q) > 0, "the Crown Prince is still there");
}
