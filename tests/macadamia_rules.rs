//! Macadamia Shogi rules (docs/rules/macadamia.md), one check per
//! rule, in the style of `chu_rules.rs` (helpers in `common`). First mover
//! = upper case, moves up; promotion only by capture: optional, forced
//! when a promoted piece is taken; Saint/Ghost contagion.

mod common;

use common::{
    after, all_illegal, all_legal, assert_after, count, illegal, legal, play, token_at, variant,
};
use kyodai::board::Position;
use kyodai::types::Color;

common::sides!("macadamia-shogi");

/// Kings out of the way: first mover a1, second mover m13.
const KINGS: &str = "K@a1 k@m13 ";

fn with_kings(rest: &str) -> Position {
    white(&format!("{KINGS}{rest}"))
}

// ---------------------------------------------------------------------------
// 3.1 / 3.2 Single-leg pieces (on g7, otherwise only the Kings).
// ---------------------------------------------------------------------------

/// The piece `token` alone on g7: `ok` legal, `not` illegal.
fn on_g7(token: &str, ok: &[&str], not: &[&str]) {
    let p = with_kings(&format!("{token}@g7"));
    all_legal(&p, ok);
    all_illegal(&p, not);
}

#[test]
fn small_steppers() {
    // 3.1 #2 Pawn fW, #3 Snake vW, #4 Copper vWfF, #7 Tiger FbsW,
    // #8 Elephant FfsW.
    on_g7("P", &["g7g8"], &["g7g6", "g7f8"]);
    on_g7("P'", &["g7g8", "g7g6"], &["g7f7", "g7g9"]);
    on_g7("C", &["g7g8", "g7g6", "g7f8"], &["g7f6", "g7f7"]);
    on_g7("T", &["g7f8", "g7h6", "g7f7", "g7g6"], &["g7g8"]);
    on_g7("E", &["g7f8", "g7h6", "g7f7", "g7g8"], &["g7g6"]);
}

#[test]
fn priest_and_pirate() {
    // 3.1 #9 Priest rbfFlW, #10 Pirate lbfFrW.
    on_g7(
        "I'",
        &["g7f8", "g7h8", "g7h6", "g7f7"],
        &["g7f6", "g7h7", "g7g8", "g7g6"],
    );
    on_g7(
        "J'",
        &["g7f8", "g7h8", "g7f6", "g7h7"],
        &["g7h6", "g7f7", "g7g8", "g7g6"],
    );
    // Rotated for the second player (1): forward is down, left is file m.
    let p = black(&format!("{KINGS}i'@g7"));
    all_legal(&p, &["g7f6", "g7h6", "g7f8", "g7h7"]);
    all_illegal(&p, &["g7h8", "g7f7", "g7g6"]);
}

#[test]
fn wrestler_and_guardian() {
    // 3.1 #17 Wrestler F3sW, #18 Guardian W3fF.
    on_g7(
        "W'",
        &["g7j10", "g7d4", "g7f7", "g7h7"],
        &["g7k11", "g7g8", "g7e7"],
    );
    on_g7(
        "G'",
        &["g7g10", "g7g4", "g7d7", "g7j7", "g7f8"],
        &["g7g11", "g7c7", "g7f6"],
    );
}

#[test]
fn running_pieces_and_sliding_snake() {
    // 3.2 +C vRfB, +S BfR, +G RfB, +T BbsR, +P' vR.
    on_g7("+C", &["g7g13", "g7g1", "g7a13"], &["g7f6", "g7f7"]);
    on_g7("+S", &["g7a13", "g7g13", "g7m1"], &["g7g6", "g7f7"]);
    on_g7("+G", &["g7g13", "g7g1", "g7a7", "g7a13"], &["g7f6"]);
    on_g7("+T", &["g7a13", "g7a7", "g7g1", "g7m1"], &["g7g8"]);
    on_g7("+P'", &["g7g13", "g7g1"], &["g7f7"]);
}

#[test]
fn golden_bird_unicorn_promoted_gold_and_crown() {
    // 3.2 +X F3vRsW2, +O F3sRvW2 (8 item 4), +P Gold, +E King.
    on_g7(
        "+X",
        &["g7j10", "g7g13", "g7e7", "g7i7"],
        &["g7k11", "g7d7"],
    );
    on_g7(
        "+O",
        &["g7j10", "g7a7", "g7g9", "g7g5"],
        &["g7k11", "g7g10"],
    );
    on_g7("+P", &["g7g8", "g7f8", "g7g6"], &["g7f6"]);
    on_g7("+E", &["g7g6", "g7f6"], &["g7g5"]);
}

// ---------------------------------------------------------------------------
// 5.1 Emperor.
// ---------------------------------------------------------------------------

#[test]
fn emperor_leaps_to_any_empty_square() {
    // 5.1: one leap to any empty square; here also the capture of the
    // unprotected King: 167 empty squares + 1 capture.
    let p = white("+K@g7 k@m13");
    all_legal(&p, &["g7a13", "g7m1", "g7g8", "g7b3"]);
    illegal(&p, "g7g7");
    assert_eq!(count(&p), 168);
}

#[test]
fn emperor_captures_any_non_royal_protected_or_not() {
    // 5.1 / 8 item 5: non-royal enemies anywhere, protected or not (the
    // Gold g8 protects the Rook g7; the Rook m5 is unprotected).
    let p = white("+K@a1 k@m13 r@g7 g@g8 r@m5");
    all_legal(&p, &["a1g7", "a1g8", "a1m5"]);
}

#[test]
fn emperor_may_not_capture_a_protected_royal() {
    // 5.1: the King g13 protected by the Gold g12 cannot be taken; alone,
    // it can.
    let p = white("+K@a1 k@g13 g@g12");
    illegal(&p, "a1g13");
    legal(&p, "a1g12");
    let q = white("+K@a1 k@g13");
    legal(&q, "a1g13");
}

#[test]
fn emperor_and_promoted_elephant_royal() {
    // 5.1: a promoted Elephant +E is royal: protected, it is safe.
    let p = with_kings("+K@c1 +e@g7 g@g8");
    illegal(&p, "c1g7");
    let q = with_kings("+K@c1 +e@g7");
    legal(&q, "c1g7");
}

#[test]
fn emperor_protection_judged_after_it_left_its_square() {
    // 5.1 "could recapture ... in the position after the Emperor's
    // capture": the Rook g2 sees g7 once the Emperor has left g5.
    let p = white("K@a1 +K@g5 k@g7 r@g2");
    illegal(&p, "g5g7");
    let q = white("K@a1 +K@g5 k@g7 r@h2");
    legal(&q, "g5g7");
}

#[test]
fn enemy_emperor_guards_every_square() {
    // 5.1: while the opponent has an Emperor, an Emperor cannot take his
    // other royals, but may take the Emperor itself if nothing else guards
    // it.
    let p = white("+K@a1 +k@m13 k@g7");
    illegal(&p, "a1g7");
    legal(&p, "a1m13");
    let q = white("+K@a1 +k@m13 k@g7 g@m12");
    all_illegal(&q, &["a1g7", "a1m13"]);
}

#[test]
fn other_pieces_take_royals_without_restriction() {
    // 5.1: only the Emperor is restricted. A Rook takes the protected King;
    // a King takes a protected +E (forced promotion: +E is promoted, 4).
    let p = white("K@a1 k@g13 g@h13 R@g2");
    legal(&p, "g2g13");
    let q = white("K@a1 k@m13 +e@b2 g@b3");
    illegal(&q, "a1b2");
    assert_after(&q, "a1b2+", "+K@b2 k@m13 g@b3", 'b');
}

// ---------------------------------------------------------------------------
// 5.5 Saint and Ghost.
// ---------------------------------------------------------------------------

#[test]
fn saint_is_queen_plus_wolf() {
    // 5.5: Queen slides, Wolf jumps (over its own g8) and captures, pass.
    let p = with_kings("+I'@g7 P@g8 p@h8");
    all_legal(
        &p,
        &[
            "g7g9",
            "g7g10",
            "g7a13",
            "g7b7",
            "g7h8,h8i9",
            "g7h8,h8g7",
            "@@@@",
        ],
    );
    // Wolf kind 3, both notations.
    let q = with_kings("+I'@g7 p@g8 p@g9");
    assert_eq!(legal(&q, "g7g9,g9g8"), legal(&q, "g7g8,g8g9,g9g8"));
    assert_after(&q, "g7g9,g9g8", &format!("{KINGS}+I'@g8"), 'b');
    // No Lion moves, no Queen slide past its own piece.
    all_illegal(&p, &["g7g11", "g7h9", "g7h8,h8h9", "g7g8"]);
}

#[test]
fn ghost_is_queen_plus_lion() {
    // 5.5: Queen slides, Lion jumps (over its own g8), igui, hit and run
    // turning aside, pass.
    let p = with_kings("+J'@g7 P@g8 p@h8");
    all_legal(
        &p,
        &[
            "g7g9",
            "g7h9",
            "g7a13",
            "g7h8,h8g7",
            "g7h8,h8h9",
            "g7h8,h8i8",
            "@@@@",
        ],
    );
    // No Wolf d3 jump; no Queen slide past its own piece.
    all_illegal(&p, &["g7g10", "g7g11", "g7h8,h8j10"]);
}

#[test]
fn saint_and_ghost_never_promote() {
    // 4: promoted pieces never promote (except by contagion).
    let p = with_kings("+I'@g7 +J'@c7 p@g8 p@c8");
    all_legal(&p, &["g7g8", "c7c8"]);
    all_illegal(&p, &["g7g8+", "c7c8+"]);
}

// ---------------------------------------------------------------------------
// 4 Contagion.
// ---------------------------------------------------------------------------

#[test]
fn gold_capturing_priest_becomes_saint() {
    // 4 step 1: a non-royal capturer of a Priest becomes a Saint +I'.
    let p = with_kings("G@g7 i'@g8");
    assert_after(&p, "g7g8", &format!("{KINGS}+I'@g8"), 'b');
}

#[test]
fn gold_capturing_pirate_or_ghost_becomes_ghost() {
    // 4 step 1: Pirate or Ghost -> Ghost +J'; Saint -> Saint.
    for (victim, result) in [("j'", "+J'"), ("+j'", "+J'"), ("+i'", "+I'")] {
        let p = with_kings(&format!("G@g7 {victim}@g8"));
        assert_after(&p, "g7g8", &format!("{KINGS}{result}@g8"), 'b');
    }
}

#[test]
fn contagion_ignores_the_suffix() {
    // 7.2 / 8 item 15: `+`, `=`, none (and HaChu's letters) name the same
    // converting capture.
    let p = with_kings("G@g7 i'@g8");
    let plain = legal(&p, "g7g8");
    for m in ["g7g8+", "g7g8=", "g7g8z"] {
        assert_eq!(legal(&p, m), plain, "{m}");
        assert_after(&p, m, &format!("{KINGS}+I'@g8"), 'b');
    }
}

#[test]
fn promoted_pieces_queen_and_castle_convert_too() {
    // 4: contagion applies to promoted pieces and to Queen/Castle, and a
    // Saint taking a Pirate becomes a Ghost.
    for (mover, victim, result) in [
        ("+P", "i'", "+I'"),
        ("+G", "j'", "+J'"),
        ("Q", "j'", "+J'"),
        ("D", "i'", "+I'"),
        ("+I'", "j'", "+J'"),
        ("+J'", "i'", "+I'"),
    ] {
        let p = with_kings(&format!("{mover}@g7 {victim}@g8"));
        assert_after(&p, "g7g8", &format!("{KINGS}{result}@g8"), 'b');
    }
}

#[test]
fn multi_capture_last_contagious_victim_decides() {
    // 4 / 8 item 3: when one move takes both kinds, the kind taken last
    // along the path decides; a later plain victim does not undo it.
    let p = with_kings("L!@g7 i'@g8 j'@g9");
    assert_after(&p, "g7g8,g8g9", &format!("{KINGS}+J'@g9"), 'b');
    let q = with_kings("L!@g7 j'@g8 i'@g9");
    assert_after(&q, "g7g8,g8g9", &format!("{KINGS}+I'@g9"), 'b');
    let r = with_kings("L!@g7 i'@g8 p@g9");
    assert_after(&r, "g7g8,g8g9", &format!("{KINGS}+I'@g9"), 'b');
    // Igui converts the Lion on its own square.
    let s = with_kings("L!@g7 j'@g8");
    assert_after(&s, "g7g8,g8g7", &format!("{KINGS}+J'@g7"), 'b');
}

#[test]
fn king_capturing_priest_must_become_emperor() {
    // 4 step 2 / 8 item 3: a King taking a Priest, Pirate, Saint or Ghost
    // promotes to Emperor, compulsorily.
    for victim in ["i'", "j'", "+i'", "+j'"] {
        let p = white(&format!("K@g7 k@m13 {victim}@g8"));
        all_illegal(&p, &["g7g8", "g7g8="]);
        assert_after(&p, "g7g8+", "+K@g8 k@m13", 'b');
    }
}

#[test]
fn emperor_and_crown_prince_never_change() {
    // 4: +E and +K never change, not even by contagion.
    let p = with_kings("+K@c1 i'@g7 +E@c3 j'@c4");
    assert_after(&p, "c1g7", &format!("{KINGS}+K@g7 +E@c3 j'@c4"), 'b');
    assert_after(&p, "c3c4", &format!("{KINGS}+K@c1 i'@g7 +E@c4"), 'b');
}

#[test]
fn king_and_elephant_may_promote_on_ordinary_capture() {
    // 4 step 3: an ordinary victim: optional royal promotion.
    let p = white("K@g7 k@m13 p@g8 E@c7 p@c8");
    all_legal(&p, &["g7g8", "g7g8+", "c7c8", "c7c8+"]);
    assert_after(&p, "g7g8+", "+K@g8 k@m13 E@c7 p@c8", 'b');
    let q = after(&p, "c7c8+");
    assert_eq!(q.royals(Color::White), 2);
}

#[test]
fn elephant_capturing_pirate_must_become_royal() {
    // 4 step 2: an Elephant taking a Pirate promotes to +E (a royal): the
    // side then has two royals.
    let p = with_kings("E@g7 j'@g8");
    illegal(&p, "g7g8");
    let q = after(&p, "g7g8+");
    assert_eq!(token_at(&q, "g8").as_deref(), Some("+E"));
    assert_eq!(q.royals(Color::White), 2);
}

// ---------------------------------------------------------------------------
// 4 Ordinary capture promotion.
// ---------------------------------------------------------------------------

#[test]
fn capture_promotion_is_optional() {
    // 4: an unpromoted victim: promote or not.
    let p = with_kings("G@g7 p@g8 L!@c7 p@c8");
    all_legal(&p, &["g7g8", "g7g8+", "c7c8,c8c7", "c7c8,c8c7+"]);
    assert_after(&p, "g7g8+", &format!("{KINGS}+G@g8 L!@c7 p@c8"), 'b');
    assert_after(&p, "g7g8", &format!("{KINGS}G@g8 L!@c7 p@c8"), 'b');
    assert_after(&p, "c7c8,c8c7+", &format!("{KINGS}G@g7 p@g8 +L!@c7"), 'b');
}

#[test]
fn capture_of_promoted_piece_forces_promotion() {
    // 4: a promoted victim (a promoted Gold +P, a Running Silver +S)
    // forces promotion.
    for victim in ["+p", "+s"] {
        let p = with_kings(&format!("G@g7 {victim}@g8"));
        all_illegal(&p, &["g7g8", "g7g8="]);
        assert_after(&p, "g7g8+", &format!("{KINGS}+G@g8"), 'b');
    }
}

#[test]
fn hook_mover_and_capricorner_demote_to_gold() {
    // 4 / 5.6: they become Gold +P when forced (promoted victim) or when
    // they choose to; otherwise they stay.
    let p = with_kings("H!@g7 +p@g10 C!@c7 +p@e9");
    all_illegal(&p, &["g7g10", "c7e9"]);
    assert_after(&p, "g7g10+", &format!("{KINGS}+P@g10 C!@c7 +p@e9"), 'b');
    assert_after(&p, "c7e9+", &format!("{KINGS}H!@g7 +p@g10 +P@e9"), 'b');
    let q = with_kings("H!@g7 p@g10");
    legal(&q, "g7g10");
    assert_after(&q, "g7g10+", &format!("{KINGS}+P@g10"), 'b');
}

#[test]
fn wolf_promotes_to_gold() {
    // 4 table: the Wolf promotes to a Gold +P; optional on an ordinary
    // victim, forced on a promoted one.
    let p = with_kings("W!@g7 p@g8 p@g9");
    all_legal(&p, &["g7g8,g8g9", "g7g8,g8g9+"]);
    assert_after(&p, "g7g8,g8g9+", &format!("{KINGS}+P@g9"), 'b');
    let q = with_kings("W!@g7 p@g8 +p@g9");
    illegal(&q, "g7g8,g8g9");
    assert_after(&q, "g7g8,g8g9+", &format!("{KINGS}+P@g9"), 'b');
}

#[test]
fn castle_and_queen_never_promote() {
    // 4: Castle and Queen never promote, not even on a promoted victim.
    for victim in ["p", "+p"] {
        let p = with_kings(&format!("D@g7 {victim}@g8 Q@c7 {victim}@c9"));
        all_legal(&p, &["g7g8", "c7c9"]);
        all_illegal(&p, &["g7g8+", "c7c9+"]);
    }
}

#[test]
fn non_capture_never_promotes() {
    // 4: promotion only at the end of a capturing move.
    let p = with_kings("G@g7 H!@c7 L!@j7 E@c3");
    all_legal(&p, &["g7g8", "c7c10", "j7j9", "c3c4"]);
    all_illegal(&p, &["g7g8+", "c7c10+", "j7j9+", "c3c4+"]);
}

#[test]
fn hook_mover_turns() {
    // 5.6: rook slide, 90-degree turn on an empty square, second slide.
    let p = with_kings("H!@g7 P@f7 P@h7 P@g6");
    all_legal(&p, &["g7c10", "g7j10", "g7g12"]);
    all_illegal(&p, &["g7c4", "g7j4"]);
    let q = with_kings("C!@g7");
    all_legal(&q, &["g7i11", "g7k7", "g7g9"]);
    all_illegal(&q, &["g7g8", "g7h9"]);
}

// ---------------------------------------------------------------------------
// 6 Royals and game end.
// ---------------------------------------------------------------------------

#[test]
fn two_royals_losing_one_is_not_fatal() {
    // 6: with King and +E, losing the King does not end the game; losing
    // both does.
    let mut p = black("K@a1 +E@c1 k@m13 r@a5 r@c5");
    play(&mut p, "a5a1");
    assert!(!p.is_over());
    assert_eq!(p.royals(Color::White), 1);
    // The +E is promoted, so taking it forces the Rook's promotion.
    play(&mut p, "c1d1 c5c2");
    play(&mut p, "d1d2");
    illegal(&p, "c2d2");
    play(&mut p, "c2d2+");
    assert!(p.is_over());
    assert_eq!(count(&p), 0);
}

// ---------------------------------------------------------------------------
// 2.2 FEN.
// ---------------------------------------------------------------------------

#[test]
fn both_start_fens_parse() {
    // 2.2: the recommended FEN (Pirate f13, Priest h13) and HaChu's (the
    // two exchanged) are both accepted by setboard.
    let v = variant("macadamia-shogi");
    let ours = "lxcsgj'ki'gscol/1f'1w!1tet1l!1f'1/rr'g'bdh!qc!dbw'l'r/ppppppppppppp/3p'5p'3/13/13/13/3P'5P'3/PPPPPPPPPPPPP/RL'W'BDC!QH!DBG'R'R/1F'1L!1TET1W!1F'1/LOCSGI'KJ'GSCXL w 0 1";
    let hachu = "lxcsgi'kj'gscol/1f'1w!1tet1l!1f'1/rr'g'bdh!qc!dbw'l'r/ppppppppppppp/3p'5p'3/13/13/13/3P'5P'3/PPPPPPPPPPPPP/RL'W'BDC!QH!DBG'R'R/1F'1L!1TET1W!1F'1/LOCSGI'KJ'GSCXL";
    let p = Position::from_fen(v, ours).unwrap();
    assert_eq!(Position::start(v).fen(), p.fen());
    assert_eq!(token_at(&p, "f13").as_deref(), Some("j'"));
    assert_eq!(token_at(&p, "h13").as_deref(), Some("i'"));
    let q = Position::from_fen(v, hachu).unwrap();
    assert_eq!(q.fen().split(' ').next(), Some(hachu));
    assert_eq!(token_at(&q, "f13").as_deref(), Some("i'"));
    assert_eq!(token_at(&q, "h13").as_deref(), Some("j'"));
    // Appendix B: 48 moves plus the pass, which docs/notation.md counts once
    // per piece that can make it (Lion d2, Wolf j2): 50.
    for pos in [&p, &q] {
        assert_eq!(pos.pieces(Color::White).count(), 48);
        assert_eq!(pos.pieces(Color::Black).count(), 48);
        assert_eq!(count(pos), 50);
    }
}

#[test]
fn contagion_accepts_hachus_letters_only() {
    // macadamia.md 8.15: `z`/`j` are HaChu's suffix letters for the Saint
    // and Ghost; another letter names no conversion.
    let p = with_kings("G@f5 i'@f6");
    legal(&p, "f5f6z");
    legal(&p, "f5f6j");
    illegal(&p, "f5f6q");
}

#[test]
fn a_gui_promotion_letter_on_a_move_without_choice_is_ignored() {
    // XBoard 4.9.1 sends `a2a1q` for a Gote Pawn stepping onto its last
    // rank: a non-capture cannot promote here, so the letter means nothing.
    let p = black("K@m1 k@m13 p@a2");
    let mv = legal(&p, "a2a1q");
    assert_eq!(mv, legal(&p, "a2a1"));
    // On a capture the promotion choice is real: a letter is no answer.
    let q = black("K@m1 k@m13 p@b2 G@b1");
    illegal(&q, "b2b1q");
}
