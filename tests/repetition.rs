//! Repetition rules: `kyodai::repetition::verdict` after `Position::make`.
//!
//! Chu and Dai (docs/rules/chu.md, dai.md 6): strict rule, a move recreating an
//! earlier position (same pieces, same side to move) is illegal.
//! Cashew and Macadamia (cashew.md 6, macadamia.md 6): the moves of the
//! cycle since the earlier occurrence decide, in this order:
//!   1. a side that checked with every one of its moves loses;
//!   2. otherwise a side that attacked something while the other attacked
//!      nothing loses (perpetual chasing);
//!   3. neither attacked anything: draw;
//!   4. any other case: the side whose move recreated the position loses.
//!
//! Nutty (nutty.md 6.4) has the same rule, except that case 4 is a draw.
//!
//! "Attacks something" = after the move the mover attacks an enemy piece it
//! did not attack before.
//!
//! Every cycle below is four plies of real moves; each test plays it and
//! checks that no verdict comes before the last move and the expected one
//! comes with it. Most cycles use only Kings, Castles `D` (RF) and Golds
//! `G`, which have the same letters and moves in Cashew, Macadamia and
//! Nutty (all 13x13), so they are checked in all three.

mod common;

use common::{cycle, legal, setup, variant};
use kyodai::repetition::{Verdict, verdict};
use kyodai::types::Color;

/// The variants whose cycle rule blames a side (perpetual check, then
/// perpetual chasing): Cashew, Macadamia and Nutty. They differ only when
/// both sides attacked (`both_attacking_repeater_loses`; Nutty draws).
const CYCLE_RULE: [&str; 3] = ["cashew-shogi", "macadamia-shogi", "nutty-shogi"];

/// Cashew and Macadamia, where a cycle in which both sides attacked is lost
/// by the side that recreated the position.
const PERPETUAL: [&str; 2] = ["cashew-shogi", "macadamia-shogi"];

// ---------------------------------------------------------------------------
// Strict rule (Chu, Dai).
// ---------------------------------------------------------------------------

#[test]
fn chu_repeating_move_is_illegal() {
    // chu.md 6: Kings step out and back; Gote's return recreates the start
    // position (Sente to move): that move is illegal.
    cycle(
        "chu",
        "K@a1 k@l12",
        'w',
        "a1a2 l12l11 a2a1 l11l12",
        Verdict::Illegal,
    );
}

#[test]
fn dai_repeating_move_is_illegal() {
    // dai.md 6 "Repetition": strict rule as in Chu.
    cycle(
        "dai",
        "K@a1 k@o15",
        'w',
        "a1a2 o15o14 a2a1 o14o15",
        Verdict::Illegal,
    );
}

#[test]
fn strict_rule_needs_the_same_side_to_move() {
    // chu.md 6: a repeated position has the same side to move. The Sente
    // King's triangle a1-a2-b1-a1 brings the start placement back with
    // Gote to move: no repetition; the next Gote move repeats nothing
    // either (Sente's King a1, Gote's l11 never stood so with Sente to
    // move). Only the return l11l12 with Sente to move would.
    let mut pos = setup(variant("chu"), "K@a1 k@l12", 'w');
    for m in ["a1a2", "l12l11", "a2b1", "l11l12", "b1a1", "l12l11"] {
        pos.make(legal(&pos, m));
        assert_eq!(verdict(&mut pos), None, "{m}");
    }
}

// ---------------------------------------------------------------------------
// Perpetual rule (Cashew, Macadamia).
// ---------------------------------------------------------------------------

#[test]
fn perpetual_check_loses() {
    // Rule 1. White's Castle checks with both of its moves: l5m5 attacks
    // the King on m13 along the m-file, m5l5 attacks it on l13 along the
    // l-file. Black's King only steps (checks nothing). Black's l13m13
    // recreates the start, but White, the perpetual checker, loses (rule 4
    // alone would have blamed Black).
    for v in CYCLE_RULE {
        cycle(
            v,
            "K@a1 k@m13 D@l5",
            'w',
            "l5m5 m13l13 m5l5 l13m13",
            Verdict::Loss(Color::White),
        );
    }
}

#[test]
fn perpetual_chase_loses() {
    // Rule 2. White's Castle chases Black's Gold: f5e5 newly attacks the
    // Gold on e10 (e-file), e5f5 newly attacks it on f10 (f-file); no
    // check (the King m13 is on neither file nor rank 5). Black's Gold only
    // steps aside (e10f10, f10e10) and attacks nothing. Chaser White loses,
    // although Black's move recreated the position.
    for v in CYCLE_RULE {
        cycle(
            v,
            "K@a1 k@m13 D@f5 g@e10",
            'w',
            "f5e5 e10f10 e5f5 f10e10",
            Verdict::Loss(Color::White),
        );
    }
}

#[test]
fn perpetual_chase_by_second_player_loses() {
    // Rule 2 with the colours swapped, Black to move first: Black's Castle
    // f9e9 newly attacks White's Gold on e4 (e-file), e9f9 newly attacks
    // it on f4. White's Gold only steps aside (e4f4, f4e4), attacking
    // nothing; its last step recreates the position (Black to move). The
    // chaser, Black, loses (rule 4 alone would have blamed White).
    for v in CYCLE_RULE {
        cycle(
            v,
            "K@a1 k@m13 d@f9 G@e4",
            'b',
            "f9e9 e4f4 e9f9 f4e4",
            Verdict::Loss(Color::Black),
        );
    }
}

#[test]
fn quiet_shuffle_is_a_draw() {
    // Rule 3. Both Castles and Kings move without attacking anything:
    // White's D c5/c6 sees only empty lines, Black's d k9/k8 likewise.
    for v in CYCLE_RULE {
        cycle(
            v,
            "K@a1 k@m13 D@c5 d@k9",
            'w',
            "c5c6 k9k8 c6c5 k8k9",
            Verdict::Draw,
        );
        cycle(
            v,
            "K@a1 k@m13",
            'w',
            "a1a2 m13m12 a2a1 m12m13",
            Verdict::Draw,
        );
    }
}

#[test]
fn both_attacking_repeater_loses() {
    // Rule 4. White's e5f5 newly attacks Black's Gold f10 (f-file);
    // Black's h9i9 newly attacks White's Gold i4 (i-file); the returns
    // attack nothing new; nobody checks. Both attacked something, so the
    // side whose move recreated the position loses: Black (i9h9).
    for v in PERPETUAL {
        cycle(
            v,
            "K@a1 k@m13 D@e5 g@f10 d@h9 G@i4",
            'w',
            "e5f5 h9i9 f5e5 i9h9",
            Verdict::Loss(Color::Black),
        );
        // Same cycle entered with Black to move: White's f5e5 recreates
        // the position, so White loses.
        cycle(
            v,
            "K@a1 k@m13 D@e5 g@f10 d@h9 G@i4",
            'b',
            "h9i9 e5f5 i9h9 f5e5",
            Verdict::Loss(Color::White),
        );
    }
}

#[test]
fn mutual_perpetual_check_is_a_draw() {
    // Rule 4 (decision): both sides checked with every move: draw. White's
    // Castle checks the King m13 from m5 and from m6 (m-file); Black's
    // Castle checks the King a1 from a12 and from a11 (a-file). Moving
    // while in check is not forbidden (6).
    for v in CYCLE_RULE {
        cycle(
            v,
            "K@a1 k@m13 D@m5 d@a12",
            'w',
            "m5m6 a12a11 m6m5 a11a12",
            Verdict::Draw,
        );
    }
}

#[test]
fn attacking_one_of_two_royals_is_not_check() {
    // macadamia.md 6: "With two royals there is no check". White has King
    // a1 and a promoted Elephant +E. Black's Castle attacks the +E with
    // each move (f10e10 onto e5, e10f10 onto f5): attacks, but no checks.
    // White's +E steps e5f5 (newly attacking the Pawn g6) and back. Both
    // sides attacked something, so rule 4: White, whose f5e5 recreates the
    // position, loses. (Counting the attacks on +E as checks would make
    // Black the perpetual checker instead.)
    cycle(
        "macadamia-shogi",
        "K@a1 +E@e5 k@m13 d@f10 p@g6",
        'b',
        "f10e10 e5f5 e10f10 f5e5",
        Verdict::Loss(Color::White),
    );
}

#[test]
fn no_verdict_without_repetition() {
    // No position recurs: no verdict. The King triangle a1-a2-b1-a1 takes
    // three moves, so the start placement returns with Black to move,
    // which is not the start position.
    for v in CYCLE_RULE {
        let mut pos = setup(variant(v), "K@a1 k@m13", 'w');
        for m in ["a1a2", "m13m12", "a2b1", "m12m13", "b1a1"] {
            pos.make(legal(&pos, m));
            assert_eq!(verdict(&mut pos), None, "{v}: {m}");
        }
    }
}

#[test]
fn macadamia_emperor_attacks_only_an_unprotected_royal() {
    // macadamia.md 5.1 and 6: an Emperor attacks an enemy royal only when
    // it may take it, i.e. when no other enemy piece could recapture.
    // Sente's Gold l8-m8 cuts the Gote Rook m5 off from its King m13: the
    // Sente Emperor a1 now attacks the King (a new attack; the Gold's
    // retreat does not check, so no perpetual check). Gote's Gold only
    // shuffles a13-b13-a13 and attacks nothing. Sente chased: Sente loses,
    // though Gote's move recreated the position.
    cycle(
        "macadamia-shogi",
        "+K@a1 G@l8 k@m13 r@m5 g@a13",
        'w',
        "l8m8 a13b13 m8l8 b13a13",
        Verdict::Loss(Color::White),
    );
}
