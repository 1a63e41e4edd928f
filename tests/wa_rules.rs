//! Wa Shogi rules (docs/rules/wa.md), one check per rule, in the style of
//! the other `*_rules.rs` files (helpers in `common`). First mover (Sente)
//! = upper case, moves up; zone = ranks 9-11 for Sente, 1-3 for Gote; a
//! move starting or ending in the zone may promote, a Pawn or Oxcart
//! ending on the last rank must. Game results and protocol answers are
//! checked by driving the engine binary over stdin/stdout.

mod common;

use common::cecp::Engine;
use common::{all_illegal, all_legal, count, illegal, legal, play, token_at, variant};
use kyodai::board::Position;
use kyodai::movegen::generate;
use kyodai::perft::perft;
use kyodai::repetition::{Verdict, verdict};
use kyodai::types::Color;
use kyodai::variant::{Rules, VariantSet};

const NAME: &str = "wa-shogi";

common::sides!(NAME);

/// Kings out of the way: Sente a1, Gote k11.
const KINGS: &str = "K@a1 k@k11 ";

fn with_kings(rest: &str) -> Position {
    white(&format!("{KINGS}{rest}"))
}

/// Squares the piece alone on `square` can go to (the Kings of `KINGS`
/// aside; a move that may promote counts once).
fn moves_of(token: &str, square: &str) -> usize {
    let p = with_kings(&format!("{token}@{square}"));
    let mut list = Vec::new();
    generate(&p, &mut list);
    let from = common::sq(square);
    let mut targets: Vec<_> = list
        .iter()
        .filter(|m| m.from() == from)
        .map(|m| m.to())
        .collect();
    targets.sort_by_key(|t| t.index());
    targets.dedup();
    targets.len()
}

// ---------------------------------------------------------------------------
// 2 Start position.
// ---------------------------------------------------------------------------

#[test]
fn start_position_has_51_moves_for_either_side() {
    // 2.3, perft: 51 moves, 27 pieces a side.
    let v = variant(NAME);
    let p = Position::start(v);
    assert_eq!(count(&p), 51);
    assert_eq!(p.pieces(Color::White).count(), 27);
    assert_eq!(p.pieces(Color::Black).count(), 27);
    let board = v.start_fen.split(' ').next().unwrap();
    let gote = Position::from_fen(v, &format!("{board} b - 0 1")).unwrap();
    assert_eq!(count(&gote), 51);
    // 2.1: the array is not symmetric: Fox d3, Rabbit h3, Falcon b2, Eagle
    // j2, Crane King f1; Gote's is turned 180 degrees.
    for (square, token) in [
        ("d3", "X"),
        ("h3", "R"),
        ("b2", "F"),
        ("j2", "E"),
        ("f1", "K"),
        ("h9", "x"),
        ("d9", "r"),
        ("j10", "f"),
        ("b10", "e"),
        ("f11", "k"),
    ] {
        assert_eq!(token_at(&p, square).as_deref(), Some(token), "{square}");
    }
}

#[test]
fn alias_wa_names_the_variant() {
    // 7.1: `wa-shogi`, and `wa` on the command line.
    let v = variant(NAME);
    assert!(v.answers_to("wa") && v.answers_to("wa-shogi"));
    assert_eq!((v.width, v.height, v.zone), (11, 11, 3));
}

// ---------------------------------------------------------------------------
// 3 Pieces.
// ---------------------------------------------------------------------------

#[test]
fn step_movers_move_as_their_betza_says() {
    // 3.3 / 3.4, from f6 on an empty board: each listed square legal, each
    // other neighbour illegal.
    let cases: [(&str, &[&str]); 10] = [
        ("W", &["f7", "e6", "g6", "f5", "e7", "g7"]), // Gold
        ("V", &["e7", "f7", "g7", "e5", "g5"]),       // Silver
        ("G", &["e7", "f7", "g7", "f5"]),             // Flying Goose
        ("M", &["e7", "f7", "g7", "f5"]),             // Climbing Monkey
        ("C", &["e7", "g7", "e6", "g6"]),             // Flying Cock
        ("U", &["f7", "e5", "g5"]),                   // Strutting Crow
        ("L", &["f7", "e5", "g5"]),                   // Swooping Owl
        ("D", &["e7", "g7", "e6", "g6", "f5"]),       // Blind Dog
        ("+V", &["e7", "f7", "g7", "e6", "g6", "e5", "g5"]), // Roaming Boar
        ("+W", &["e7", "f7", "g7", "e6", "g6", "e5", "f5", "g5"]), // Bear's Eyes
    ];
    let neighbours = ["e7", "f7", "g7", "e6", "g6", "e5", "f5", "g5"];
    for (token, to) in cases {
        let p = with_kings(&format!("{token}@f6"));
        for n in neighbours {
            let m = format!("f6{n}");
            if to.contains(&n) {
                legal(&p, &m);
            } else {
                illegal(&p, &m);
            }
        }
        assert_eq!(moves_of(token, "f6"), to.len(), "{token}");
    }
}

#[test]
fn cloud_eagle_goes_three_squares_diagonally_forward_only() {
    // 3.3, 8.2: vRfF3bFsW.
    let p = with_kings("E@f6");
    all_legal(
        &p,
        &[
            "f6f11", "f6f1", "f6c9", "f6i9", "f6e5", "f6g5", "f6e6", "f6g6",
        ],
    );
    all_illegal(&p, &["f6b10", "f6j10", "f6d4", "f6h4", "f6d6", "f6h6"]);
    assert_eq!(moves_of("E", "f6"), 5 + 5 + 3 + 3 + 2 + 2);
    // The diagonal is a slide: a piece in the way stops it.
    let q = with_kings("E@f6 p@g7");
    legal(&q, "f6g7");
    illegal(&q, "f6h8");
}

#[test]
fn treacherous_fox_steps_or_jumps_but_never_sideways() {
    // 3.3, 8.2: FvWAvD; the jumps pass over anything.
    let p = with_kings("X@f6 P@f7 p@g7 P@e5");
    all_legal(
        &p,
        &[
            "f6f8", "f6h8", "f6d8", "f6d4", "f6h4", "f6f4", "f6g7", "f6f5",
        ],
    );
    all_illegal(
        &p,
        &[
            "f6e6", "f6g6", "f6d6", "f6h6", "f6f7", "f6e5", "f6f9", "f6c9",
        ],
    );
    assert_eq!(moves_of("X", "f6"), 6 + 6);
    // The promoted Running Rabbit moves the same way.
    assert_eq!(moves_of("+R", "f6"), 12);
}

#[test]
fn sliders_and_horses() {
    // Flying Falcon BfW; Tenacious Falcon BvRsW; Swallow's Wings sRvW;
    // Gliding Swallow R; Raiding Falcon vRsWfF; Running Rabbit FfRbW;
    // Liberated Horse fRbW2; Oxcart fR (from f6 on an empty board).
    // (a1 is the own King, k11 the enemy one.)
    assert_eq!(moves_of("F", "f6"), 5 + 5 + 4 + 5 + 1);
    assert_eq!(moves_of("+F", "f6"), 19 + 5 + 5 + 2);
    assert_eq!(moves_of("S", "f6"), 10 + 2);
    assert_eq!(moves_of("+S", "f6"), 20);
    assert_eq!(moves_of("+C", "f6"), 10 + 2 + 2);
    assert_eq!(moves_of("R", "f6"), 5 + 4 + 1);
    assert_eq!(moves_of("H", "f6"), 5 + 2);
    assert_eq!(moves_of("O", "f6"), 5);
    let p = with_kings("H@f6 P@f5");
    // The Liberated Horse's back move is a short slide, not a jump.
    all_illegal(&p, &["f6f4", "f6f3", "f6e6"]);
    // Heavenly Horse: the four narrow knight jumps, over anything.
    let h = with_kings("+H@f6 P@f7 P@e6 P@g5");
    all_legal(&h, &["f6e8", "f6g8", "f6e4", "f6g4"]);
    all_illegal(&h, &["f6d7", "f6h7", "f6d5", "f6h5", "f6f8", "f6f7"]);
}

#[test]
fn bears_eyes_and_plodding_ox_are_not_royal() {
    // 3.5: taking them ends nothing; taking the Crane King does (a side
    // without its King has no moves).
    let mut q = black("K@a1 k@k11 +W@e5 +O@g5 f@c7");
    play(&mut q, "c7e5");
    assert!(count(&q) > 0);
    play(&mut q, "a1b1 e5g7");
    play(&mut q, "b1a1 k11k10");
    assert!(
        count(&q) > 0,
        "Sente plays on without both King-like pieces"
    );
    let mut r = black("K@a1 k@k11 +W@e5 +O@g5 +s@a10");
    play(&mut r, "a10a1");
    assert_eq!(count(&r), 0, "no Crane King, no moves");
}

// ---------------------------------------------------------------------------
// 4 Promotion.
// ---------------------------------------------------------------------------

#[test]
fn a_move_starting_or_ending_in_the_zone_may_promote() {
    // 4: entering, inside, leaving; outside the zone never.
    let p = with_kings("W@e8 V@c9 S@h5");
    all_legal(&p, &["e8e9", "e8e9+", "c9c10", "c9c10+", "c9b8", "c9b8+"]);
    all_legal(&p, &["h5i5", "e8e7"]);
    all_illegal(&p, &["e8e7+", "h5i5+", "h5h6+"]);
    // Gote's zone is ranks 1-3.
    let g = black("K@a1 k@k11 w@e4 v@c3");
    all_legal(&g, &["e4e3+", "e4e3", "c3d4+", "c3c2+"]);
    illegal(&g, "e4e5+");
}

#[test]
fn pawn_and_oxcart_must_promote_on_the_last_rank_only() {
    // 4, 8.4: forced for the Sparrow Pawn and the Oxcart on the last rank;
    // optional before it; never forced for a piece that can still move.
    let p = with_kings("P@c10 P@b9 O@g5 H@i5 U@d10 p@g11");
    legal(&p, "c10c11+");
    illegal(&p, "c10c11");
    all_legal(&p, &["b9b10", "b9b10+", "g5g10", "g5g10+", "g5g11+"]);
    illegal(&p, "g5g11");
    all_legal(&p, &["i5i11", "i5i11+", "d10d11", "d10d11+"]);
    // Gote the same way round.
    let g = black("K@a1 k@k11 p@c2 o@h5");
    legal(&g, "c2c1+");
    all_illegal(&g, &["c2c1", "h5h1"]);
    legal(&g, "h5h1+");
}

/// The listed pieces under HaChu's promotion rule (`Rules` = `hachu`),
/// Sente to move.
fn hachu(pieces: &str) -> Position {
    let v = VariantSet::builtin()
        .find_with(NAME, Rules::Hachu)
        .expect("Wa under HaChu's rules");
    common::setup(v, pieces, 'w')
}

#[test]
fn hachus_rule_promotes_on_entering_or_by_capture_only() {
    // 9: HaChu promotes by Chu's rule: a move entering the zone may
    // promote; inside it or leaving it only with a capture; the Pawn and
    // Oxcart still must on the last rank.
    let p = hachu("K@a1 k@k11 W@e8 V@c9 S@h9 p@h10 P@c10 O@g9");
    all_legal(
        &p,
        &["e8e9", "e8e9+", "h9h10+", "h9h8", "c10c11+", "g9g11+"],
    );
    all_illegal(&p, &["c9c10+", "c9b8+", "h9i9+", "c10c11", "g9g11"]);
    // The same moves under Wa's own rule.
    let q = with_kings("W@e8 V@c9 S@h9 p@h10");
    all_legal(&q, &["c9c10+", "c9b8+", "h9i9+"]);
    // Counted by the reference generator (scripts/reference_movegen.py
    // wa-hachu) from the same position: 37 / 1,050 / 35,907 against the
    // 40 / 1,177 / 44,150 of Wa's own rule.
    let fen = "k10/1p1w3o3/2V1p1u4/4W6/3r7/11/3O3w3/8R2/1P1p7/11/K10 w - 0 1";
    for (rules, counts) in [
        (Rules::Standard, [40, 1177, 44_150]),
        (Rules::Hachu, [37, 1050, 35_907]),
    ] {
        let v = VariantSet::builtin().find_with(NAME, rules).unwrap();
        let mut p = Position::from_fen(v, fen).unwrap();
        for (depth, expected) in (1..).zip(counts) {
            assert_eq!(perft(&mut p, depth), expected, "{rules:?} depth {depth}");
        }
    }
}

#[test]
fn every_promotable_kind_promotes_to_its_plus_form() {
    // 3.3, 3.4: the promoted type is the `+` form of the letter.
    for t in [
        "F", "S", "R", "W", "V", "G", "M", "C", "U", "L", "D", "H", "O", "P",
    ] {
        let mut q = with_kings(&format!("{t}@f8"));
        // Straight forward into the zone, or diagonally for the two kinds
        // without a forward step.
        let to = if t == "C" || t == "D" { "e9" } else { "f9" };
        play(&mut q, &format!("f8{to}+"));
        assert_eq!(token_at(&q, to), Some(format!("+{t}")), "{t}");
    }
}

#[test]
fn crane_king_eagle_fox_and_promoted_pieces_never_promote() {
    // 4: no `+` form for K, E, X; promoted pieces promote no further.
    let kinds = [
        "E", "X", "+F", "+S", "+R", "+W", "+V", "+G", "+M", "+C", "+U", "+L", "+D", "+O", "+P",
    ];
    let positions = kinds
        .iter()
        .map(|t| with_kings(&format!("{t}@f9")))
        .chain([white("K@f9 k@k11")]);
    for p in positions {
        illegal(&p, "f9f10+");
        legal(&p, "f9f10");
    }
    let h = with_kings("+H@f8");
    illegal(&h, "f8g10+");
    legal(&h, "f8g10");
}

// ---------------------------------------------------------------------------
// 5 No drops.
// ---------------------------------------------------------------------------

#[test]
fn drops_are_not_moves() {
    // 5: captured pieces leave the game; no drop is ever legal.
    let mut p = with_kings("R@e5 p@e6");
    play(&mut p, "e5e6 k11k10");
    assert_eq!(p.pieces(Color::Black).count(), 1);
    let mut e = with_position(&format!("{KINGS}P@e5"), 'w');
    let line = e.refusal("P@e6");
    assert!(line.starts_with("Illegal move"), "{line}");
}

// ---------------------------------------------------------------------------
// 6.3 Repetition.
// ---------------------------------------------------------------------------

/// Kings that shuffle: the start position recurs after plies 4, 8 and 12.
const QUIET_PIECES: &str = "K@a1 k@k11 P@e5 p@e7";
const QUIET_MOVES: [&str; 12] = [
    "a1a2", "k11k10", "a2a1", "k10k11", "a1a2", "k11k10", "a2a1", "k10k11", "a1a2", "k11k10",
    "a2a1", "k10k11",
];

/// Sente's Gliding Swallow checks with every move; Gote's King steps away.
const CHECK_PIECES: &str = "K@a1 k@k11 +S@a10";
const CHECK_MOVES: [&str; 12] = [
    "a10a11", "k11k10", "a11a10", "k10k11", "a10a11", "k11k10", "a11a10", "k10k11", "a10a11",
    "k11k10", "a11a10", "k10k11",
];

fn verdicts(pieces: &str, moves: &[&str]) -> Vec<Option<Verdict>> {
    let mut p = white(pieces);
    moves
        .iter()
        .map(|m| {
            let mv = legal(&p, m);
            p.make(mv);
            verdict(&mut p)
        })
        .collect()
}

#[test]
fn fourth_occurrence_draws_third_does_not() {
    let got = verdicts(QUIET_PIECES, &QUIET_MOVES);
    let (last, before) = got.split_last().unwrap();
    assert!(before.iter().all(Option::is_none), "{got:?}");
    assert_eq!(*last, Some(Verdict::Draw));
}

#[test]
fn perpetual_check_loses() {
    // 6.3: Sente checked with every move of the cycle: Sente loses.
    let got = verdicts(CHECK_PIECES, &CHECK_MOVES);
    let (last, before) = got.split_last().unwrap();
    assert!(before.iter().all(Option::is_none), "{got:?}");
    assert_eq!(*last, Some(Verdict::Loss(Color::White)));
}

// ---------------------------------------------------------------------------
// Protocol.
// ---------------------------------------------------------------------------

fn with_position(pieces: &str, side: char) -> Engine {
    Engine::with_pieces(NAME, pieces, side)
}

/// HaChu 0.21's `setup` table for Wa (White's half), with `.` where HaChu
/// writes `/` in an unused slot.
const HACHU_TABLE: &str =
    "P..^S^FV..^LW^OH.F.^R.E....R...D.GOL^M..^H.M.C.^CU.^W........^V.^P.^U..^DS.^GXK";

#[test]
fn protocol_setup_line_is_hachus() {
    // 7.1: HaChu's slots, an 11x11 board without holdings, the start FEN;
    // one piece line per type, the Heavenly Horse as `vN`.
    let (e, out) = Engine::in_variant(NAME);
    let setup = out
        .iter()
        .find(|l| l.starts_with("setup ("))
        .unwrap_or_else(|| panic!("no setup line: {out:?}"));
    let expected = format!(
        "setup ({HACHU_TABLE}{}) 11x11+0_chu {}",
        HACHU_TABLE.to_ascii_lowercase(),
        variant(NAME).start_fen
    );
    assert_eq!(setup, &expected);
    let pieces: Vec<&String> = out.iter().filter(|l| l.starts_with("piece ")).collect();
    assert_eq!(pieces.len(), 31, "{pieces:?}");
    for line in [
        "piece +H& vN",
        "piece X& FvWAvD",
        "piece E& vRfF3bFsW",
        "piece D& sbWfF",
    ] {
        assert!(pieces.iter().any(|p| *p == line), "{line} missing");
    }
    e.quit();
}

#[test]
fn protocol_capturing_the_crane_king_wins() {
    // 6.1: no check rule; the capture ends the game.
    let mut e = with_position("K@a1 k@k11 +S@k2 g@j3", 'w');
    e.ends_with("k2k11", "1-0");
    // Moving into check is legal, and loses the King.
    let mut e = with_position("K@a1 k@k11 +s@b10", 'w');
    e.accepts("a1b1");
    e.ends_with("b10b1", "0-1");
}

#[test]
fn protocol_forced_promotion_is_required() {
    let mut e = with_position("K@a1 k@k11 P@c10", 'w');
    e.refuses("c10c11");
    e.accepts("c10c11+");
}

#[test]
fn protocol_perpetual_check_loses_and_repetition_draws() {
    let mut e = with_position(CHECK_PIECES, 'w');
    let (last, before) = CHECK_MOVES.split_last().unwrap();
    for m in before {
        e.accepts(m);
    }
    e.ends_with(last, "0-1");
    let mut e = with_position(QUIET_PIECES, 'w');
    let (last, before) = QUIET_MOVES.split_last().unwrap();
    for m in before {
        e.accepts(m);
    }
    e.ends_with(last, "1/2-1/2");
}
