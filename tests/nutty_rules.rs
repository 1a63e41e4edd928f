//! Nutty Shogi rules (docs/rules/nutty.md, with its section 9
//! decisions), one check per rule, in the style of `cashew_rules.rs`
//! (helpers in `common`). First mover = upper case, moves up; zone = the
//! last 4 ranks (10-13 for the first mover, 1-4 for the second); Fire
//! Demons burn automatically and burns are never written.
//!
//! The library is asked what is legal (`parse_move`), what a move leaves
//! on the board (`Position::make`, compared by FEN) and how a repetition
//! ends (`repetition::verdict`); the result lines are read from the
//! engine binary over CECP, as `protocol.rs` does.

mod common;

use common::cecp::{Engine, assert_result, table_tokens};
use common::{
    after, all_illegal, all_legal, assert_after, count, illegal, legal, play, ring_around,
    token_at, variant,
};
use kyodai::board::Position;
use kyodai::movegen::generate;
use kyodai::moves::Move;
use kyodai::repetition::Verdict;
use kyodai::types::Color;

common::sides!("nutty-shogi");

const NUTTY: &str = "nutty-shogi";

/// Kings out of the way: first mover a1 (3 moves), second mover m13.
const KINGS: &str = "K@a1 k@m13 ";

/// Moves of the King on a1 when nothing stands next to it.
const KING_MOVES: usize = 3;

fn with_kings(rest: &str) -> Position {
    white(&format!("{KINGS}{rest}"))
}

/// The eight squares around g7.
const G7_RING: [&str; 8] = ["f6", "g6", "h6", "f7", "h7", "f8", "g8", "h8"];

/// The piece `token` with the Kings only, on g7: `ok` legal, `not` illegal.
fn on_g7(token: &str, ok: &[&str], not: &[&str]) {
    let p = with_kings(&format!("{token}@g7"));
    all_legal(&p, ok);
    all_illegal(&p, not);
}

/// The generated moves from `from` to `to` (all effects and promotion
/// choices).
fn moves_between(pos: &Position, from: &str, to: &str) -> Vec<Move> {
    let mut list = Vec::new();
    generate(pos, &mut list);
    list.retain(|m| m.from() == common::sq(from) && m.to() == common::sq(to));
    list
}

// ---------------------------------------------------------------------------
// 2 Initial position.
// ---------------------------------------------------------------------------

/// nutty.md 2.4, recommended FEN (Buffalo d2, Chariot k2).
const START_FEN: &str = "lnfsgtktgsfnl/v1c!x1qd!l!1w!o1v/s'brhdv!r!b!dhrbs'/ppppppppppppp/3d'5d'3/13/13/13/3D'5D'3/PPPPPPPPPPPPP/S'BRHDB!R!V!DHRBS'/V1OW!1L!D!Q1XC!1V/LNFSGTKTGSFNL w - - 0 1";

#[test]
fn start_position_is_the_recommended_fen_with_43_moves() {
    // 2.2-2.5, 8.1, 9.4: 50 pieces a side, Buffalo d2 / Chariot k2 (Gote
    // j12 / c12); the reference generator's 43 moves (Regent pass h3-i2-h3
    // included).
    let v = variant(NUTTY);
    let p = Position::start(v);
    let q = Position::from_fen(v, START_FEN).unwrap();
    assert_eq!(p.fen(), q.fen());
    assert_eq!(p.fen().split(' ').next(), START_FEN.split(' ').next());
    assert_eq!(p.side(), Color::White);
    for (sq, token) in [
        ("d2", "W!"),
        ("k2", "C!"),
        ("j12", "w!"),
        ("c12", "c!"),
        ("g1", "K"),
        ("g13", "k"),
        ("g2", "D!"),
        ("g12", "d!"),
        ("g3", "R!"),
        ("f3", "B!"),
        ("h3", "V!"),
        ("f11", "v!"),
        ("a3", "S'"),
        ("d5", "D'"),
        ("j9", "d'"),
    ] {
        assert_eq!(token_at(&p, sq).as_deref(), Some(token), "{sq}");
    }
    assert_eq!(p.pieces(Color::White).count(), 50);
    assert_eq!(p.pieces(Color::Black).count(), 50);
    assert_eq!(count(&p), 43);
    // 2.4: HaChu's tail `w 0 1` and the alternative layout (8.1) are read.
    let board = START_FEN.split(' ').next().unwrap();
    let hachu = Position::from_fen(v, &format!("{board} w 0 1")).unwrap();
    assert_eq!(hachu.fen(), p.fen());
    let alt = "lnfsgtktgsfnl/v1w!x1qd!l!1c!o1v/s'brhdv!r!b!dhrbs'/ppppppppppppp/3d'5d'3/13/13/13/3D'5D'3/PPPPPPPPPPPPP/S'BRHDB!R!V!DHRBS'/V1OC!1L!D!Q1XW!1V/LNFSGTKTGSFNL w - - 0 1";
    let alt = Position::from_fen(v, alt).unwrap();
    assert_eq!(token_at(&alt, "d2").as_deref(), Some("C!"));
    assert_eq!(token_at(&alt, "k2").as_deref(), Some("W!"));
    // 5.2 / 7.5: the Jumping Rook jumps its own g4 Pawn to take g10, the
    // Jumping Bishop jumps g4 to take m10; the jumped Pawn stays.
    all_legal(&p, &["g3g10", "f3m10", "@@@@", "h3i2,i2h3"]);
    let q = after(&p, "g3g10");
    assert_eq!(token_at(&q, "g10").as_deref(), Some("R!"));
    assert_eq!(token_at(&q, "g4").as_deref(), Some("P"));
    assert_eq!(token_at(&q, "g3"), None);
    assert_eq!(q.pieces(Color::Black).count(), 49);
}

// ---------------------------------------------------------------------------
// 5.1.1 Fire Demon moves.
// ---------------------------------------------------------------------------

#[test]
fn fire_demon_slides_diagonally_and_sideways_not_vertically() {
    // 5.1.1: diagonal and sideways slides of any length; no vertical slide
    // (beyond the area move's 3 squares).
    on_g7(
        "D!",
        &[
            "g7a13", "g7c11", "g7m1", "g7k3", "g7b2", "g7a7", "g7m7", "g7b7", "g7l7", "g7m13",
        ],
        &["g7g11", "g7g12", "g7g13", "g7g3", "g7g2", "g7g1", "g7a1"],
    );
    // A slide stops at the first piece, capturing an enemy.
    let p = with_kings("D!@g7 p@c7 p@c11");
    all_legal(&p, &["g7c7", "g7c11"]);
    all_illegal(&p, &["g7b7", "g7a7", "g7b12", "g7a13"]);
}

#[test]
fn fire_demon_alone_has_its_exact_move_count() {
    // 5.1.1 / 5.3 / 5.8: 48 area squares within distance 3, 17 slide
    // squares beyond (the King m13 included), one pass; plus the King's 3.
    assert_eq!(count(&with_kings("D!@g7")), 48 + 17 + 1 + KING_MOVES);
}

#[test]
fn area_move_reaches_up_to_three_king_steps() {
    // 5.3: any square within king distance 3, also off the slide lines.
    on_g7(
        "D!",
        &[
            "g7j9", "g7h10", "g7e4", "g7d5", "g7g10", "g7g4", "g7h8", "g7g8", "g7i8",
        ],
        &["g7k9", "g7h11", "g7c6", "g7f3", "g7k8"],
    );
}

#[test]
fn area_move_goes_through_empty_squares_only() {
    // 5.3: every square before the last must be empty. With f8 g8 h8
    // occupied no path of three king steps climbs to rank 10 or to g9;
    // f9 and h9 are reached round the side (f7-e8-f9).
    for blockers in ["P@f8 P@g8 P@h8", "p@f8 p@g8 p@h8"] {
        let p = with_kings(&format!("D!@g7 {blockers}"));
        all_illegal(&p, &["g7g9", "g7g10", "g7h10", "g7f10", "g7e10", "g7i10"]);
        all_legal(&p, &["g7f9", "g7h9", "g7e8", "g7i8"]);
    }
    // One gap (h8) opens the way.
    let p = with_kings("D!@g7 P@f8 P@g8");
    all_legal(&p, &["g7g10", "g7g9", "g7f10"]);
}

#[test]
fn area_move_cannot_step_on_own_pieces_and_stops_at_the_first_capture() {
    // 5.1.1 / 5.3: own neighbours on seven squares, an enemy on h8: the
    // only move is to take h8; it cannot go on beyond it.
    let p = with_kings(&format!("D!@g7 {} p@h8", ring_around("g7", "P", &["h8"])));
    legal(&p, "g7h8");
    all_illegal(
        &p,
        &[
            "g7g8", "g7f7", "g7i9", "g7h9", "g7i8", "g7i7", "g7g9", "g7j10",
        ],
    );
    let demon_moves = {
        let mut list = Vec::new();
        generate(&p, &mut list);
        list.retain(|m| m.from() == common::sq("g7"));
        list
    };
    assert_eq!(demon_moves.len(), 1, "{demon_moves:?}");
    // No empty neighbour: no pass.
    all_illegal(&p, &["@@@@", "g7g7"]);
}

#[test]
fn fire_demon_passes_by_returning_to_its_square() {
    // 5.3 / 5.8 / 8.6 / 9.4: out to an empty neighbour and back is a pass,
    // in every notation, counted once; the board is unchanged.
    let p = with_kings(&format!("D!@g7 {}", ring_around("g7", "P", &["h8"])));
    let a = legal(&p, "@@@@");
    assert!(a.is_pass());
    assert_eq!(legal(&p, "g7g7"), a);
    assert_eq!(legal(&p, "g7h8,h8g7"), a);
    assert_eq!(moves_between(&p, "g7", "g7").len(), 1);
    assert_after(
        &p,
        "@@@@",
        &format!("{KINGS}D!@g7 {}", ring_around("g7", "P", &["h8"])),
        'b',
    );
    // Every neighbour its own: no pass.
    let q = with_kings(&format!("D!@g7 {}", ring_around("g7", "P", &[])));
    all_illegal(&q, &["@@@@", "g7g7", "g7h8,h8g7"]);
}

#[test]
fn fire_demon_has_no_igui() {
    // 5.1.1: "It has no igui (stationary capture) of its own."
    let p = with_kings("D!@g7 p@g8");
    legal(&p, "g7g8");
    illegal(&p, "g7g8,g8g7");
}

// ---------------------------------------------------------------------------
// 5.1.2 Active burning.
// ---------------------------------------------------------------------------

#[test]
fn area_move_burns_every_enemy_around_the_final_square_only() {
    // 5.1.2: after g5-g6-g7-g8 (the only path: f6 h6 own, f7 enemy, h7
    // own) the enemies f7 h8 f9 h9 next to g8 burn; own g9 h7 stay; f5 h5
    // (next to the intermediate g6) and g10 (two away) stay.
    let p = with_kings("D!@g5 P@f6 P@h6 G@h7 P@g9 p@f7 p@h8 p@f9 p@h9 p@f5 p@h5 p@g10");
    assert_after(
        &p,
        "g5g8",
        &format!("{KINGS}D!@g8 P@f6 P@h6 G@h7 P@g9 p@f5 p@h5 p@g10"),
        'b',
    );
}

#[test]
fn slide_capture_then_burns_around_the_destination() {
    // 5.1.2: a sideways slide j5-c5 takes c5 and burns b6 and d4 next to
    // c5; the own b5 stays; e4 and f6, next to the squares passed over,
    // stay.
    let p = with_kings("D!@j5 p@c5 p@b6 p@d4 P@b5 p@e4 p@f6");
    assert_after(&p, "j5c5", &format!("{KINGS}D!@c5 P@b5 p@e4 p@f6"), 'b');
}

#[test]
fn burns_are_not_written_and_do_not_split_moves() {
    // 7.3 / 9.3: the burning move is the plain from-to, generated once; a
    // burnt square written as a leg names no legal move.
    let p = with_kings("D!@g5 p@f9 p@h9");
    let mv = legal(&p, "g5g8");
    assert!(mv.kills().is_empty());
    assert_eq!(mv.to_string(), "g5g8");
    assert_eq!(moves_between(&p, "g5", "g8"), vec![mv]);
    all_illegal(&p, &["g5f9,f9g8", "g5h9,h9g8", "g5g8,g8f9"]);
    assert_after(&p, "g5g8", &format!("{KINGS}D!@g8"), 'b');
}

// ---------------------------------------------------------------------------
// 5.1.3 / 5.1.4 Passive burning, capturing a Fire Demon.
// ---------------------------------------------------------------------------

#[test]
fn piece_ending_next_to_an_enemy_demon_burns_its_captures_stand() {
    // 5.1.3: the Gold that steps next to the Demon h8 disappears; the
    // Pawn it took stays taken.
    let p = with_kings("G@g6 d!@h8");
    assert_after(&p, "g6g7", &format!("{KINGS}d!@h8"), 'b');
    let q = with_kings("G@g6 p@g7 d!@h8");
    assert_after(&q, "g6g7", &format!("{KINGS}d!@h8"), 'b');
    // An unpromoted Buffalo does not burn; a promoted one (+W!) does.
    let r = with_kings("G@g6 w!@h8");
    assert_after(&r, "g6g7", &format!("{KINGS}G@g7 w!@h8"), 'b');
    let s = with_kings("G@g6 +w!@h8");
    assert_after(&s, "g6g7", &format!("{KINGS}+w!@h8"), 'b');
}

#[test]
fn only_the_final_square_counts_for_passive_burning() {
    // 5.1.3 / 8.8: Lion f6 takes g7 (next to the Demon h8): ending on g7
    // it burns; ending on f8 (hit and run) or back on f6 (igui) it does
    // not. A Lion double capture ending next to the Demon burns with both
    // victims gone.
    let p = with_kings("L!@f6 p@g7 d!@h8");
    assert_after(&p, "f6g7", &format!("{KINGS}d!@h8"), 'b');
    assert_after(&p, "f6g7,g7f8", &format!("{KINGS}L!@f8 d!@h8"), 'b');
    assert_after(&p, "f6g7,g7f6", &format!("{KINGS}L!@f6 d!@h8"), 'b');
    let q = with_kings("L!@f5 p@f6 p@g7 d!@h8");
    assert_after(&q, "f5f6,f6g7", &format!("{KINGS}d!@h8"), 'b');
    assert_after(&q, "f5f6,f6e7", &format!("{KINGS}L!@e7 p@g7 d!@h8"), 'b');
}

#[test]
fn demon_moving_next_to_an_enemy_demon_is_burnt_and_burns_nothing() {
    // 5.1.3: White's Demon g5-g7 lands next to Black's h8: it burns
    // first, so f8 survives. Without h8 the same move burns f8.
    let p = with_kings("D!@g5 d!@h8 p@f8");
    assert_after(&p, "g5g7", &format!("{KINGS}d!@h8 p@f8"), 'b');
    let q = with_kings("D!@g5 p@f8");
    assert_after(&q, "g5g7", &format!("{KINGS}D!@g7"), 'b');
}

#[test]
fn capturing_a_demon_on_its_square_is_safe_from_it_not_from_another() {
    // 5.1.4: the Rook takes the Demon g7 and stays; with a second Demon
    // (+W!) on h8 next to g7 it is burnt by that one.
    let p = with_kings("R@g2 d!@g7");
    assert_after(&p, "g2g7", &format!("{KINGS}R@g7"), 'b');
    let q = with_kings("R@g2 d!@g7 +w!@h8");
    assert_after(&q, "g2g7", &format!("{KINGS}+w!@h8"), 'b');
    // A Demon taking a Demon on its square burns around it; next to a
    // second enemy Demon it is burnt and burns nothing.
    let r = with_kings("D!@g5 d!@g7 p@f8");
    assert_after(&r, "g5g7", &format!("{KINGS}D!@g7"), 'b');
    let s = with_kings("D!@g5 d!@g7 p@f8 +w!@h8");
    assert_after(&s, "g5g7", &format!("{KINGS}p@f8 +w!@h8"), 'b');
}

#[test]
fn jumper_landing_next_to_a_demon_burns_jumping_past_one_does_not() {
    // 5.2: the Jumping Rook jumps its g4 Pawn, takes g8 next to the Demon
    // h9 and burns (g8 stays taken, g4 untouched). Jumping the Demon g6
    // itself (rank 0) to take g10 is safe: g10 is not next to g6.
    let p = with_kings("R!@g3 P@g4 p@g8 d!@h9");
    assert_after(&p, "g3g8", &format!("{KINGS}P@g4 d!@h9"), 'b');
    let q = with_kings("R!@g3 d!@g6 p@g10");
    assert_after(&q, "g3g10", &format!("{KINGS}d!@g6 R!@g10"), 'b');
}

// ---------------------------------------------------------------------------
// 5.1.5 / 8.7 / 9.1 Promotion and burning.
// ---------------------------------------------------------------------------

#[test]
fn buffalo_promotion_burns_at_once() {
    // 5.1.5: d9-d10+ (entering the zone) makes a Fire Demon that burns
    // c11 and e11 at once; the own d11 and b10 (two away) stay. Declined,
    // nothing burns.
    let p = with_kings("W!@d9 p@c11 p@e11 P@d11 p@b10");
    assert_after(&p, "d9d10+", &format!("{KINGS}+W!@d10 P@d11 p@b10"), 'b');
    assert_after(
        &p,
        "d9d10",
        &format!("{KINGS}W!@d10 p@c11 p@e11 P@d11 p@b10"),
        'b',
    );
}

#[test]
fn piece_burnt_on_arrival_has_no_promotion_choice() {
    // 9.1 / 8.7: a Buffalo entering the zone next to an enemy Demon dies
    // as a Buffalo and burns nothing: `+` is rejected, the plain move
    // exists once.
    let p = with_kings("W!@d9 d!@e11 p@c11");
    illegal(&p, "d9d10+");
    legal(&p, "d9d10");
    assert_eq!(moves_between(&p, "d9", "d10").len(), 1);
    assert_after(&p, "d9d10", &format!("{KINGS}d!@e11 p@c11"), 'b');
    // The same for a Silver.
    let q = with_kings("S@g9 d!@h11");
    illegal(&q, "g9g10+");
    assert_eq!(moves_between(&q, "g9", "g10").len(), 1);
    assert_after(&q, "g9g10", &format!("{KINGS}d!@h11"), 'b');
}

// ---------------------------------------------------------------------------
// 6.1 / 9.2 Kings and burning.
// ---------------------------------------------------------------------------

#[test]
fn king_burning_itself_loses_and_the_game_is_over() {
    // 6.1 / 9.2: the King steps next to the enemy Demon and is gone; the
    // position has no moves.
    let p = white("K@g6 k@m13 d!@h8 G@a1");
    let q = after(&p, "g6g7");
    assert_eq!(token_at(&q, "g7"), None);
    assert_eq!(q.royals(Color::White), 0);
    assert_eq!(q.royals(Color::Black), 1);
    assert!(q.is_over());
    assert_eq!(count(&q), 0);
}

#[test]
fn burning_the_enemy_king_wins() {
    // 6.1: the Demon lands next to the King h8 (g5-g7): burnt. A Buffalo
    // promoting next to the King h11 burns it too.
    let p = white("K@a1 k@h8 D!@g5");
    let q = after(&p, "g5g7");
    assert_eq!(token_at(&q, "h8"), None);
    assert_eq!(q.royals(Color::Black), 0);
    assert!(q.is_over());
    assert_eq!(count(&q), 0);
    let r = white("K@a1 k@h11 W!@g9");
    let s = after(&r, "g9g10+");
    assert_eq!(s.royals(Color::Black), 0);
    assert!(s.is_over());
    assert_eq!(after(&r, "g9g10").royals(Color::Black), 1);
}

#[test]
fn one_move_removing_both_kings_ends_the_game() {
    // 6.1 / 8.11: the King takes the King g8 and lands next to the Demon
    // h9: both Kings are gone (the result line is checked over CECP
    // below).
    let p = white("K@g7 k@g8 d!@h9");
    let q = after(&p, "g7g8");
    assert_eq!(q.royals(Color::White), 0);
    assert_eq!(q.royals(Color::Black), 0);
    assert!(q.is_over());
    assert_eq!(count(&q), 0);
}

// ---------------------------------------------------------------------------
// 5.2 Jumping sliders.
// ---------------------------------------------------------------------------

#[test]
fn jumping_rook_jumps_any_number_of_rank_0_pieces_to_capture() {
    // 5.2: own g5 and enemy g7, g9 are rank 0: g3 takes g7, g9 or g11;
    // the jumped pieces stay; no jump ends on an empty square.
    let p = with_kings("R!@g3 P@g5 p@g7 p@g9 p@g11");
    all_legal(&p, &["g3g4", "g3g7", "g3g9", "g3g11"]);
    all_illegal(&p, &["g3g5", "g3g6", "g3g8", "g3g10", "g3g12"]);
    assert_after(&p, "g3g11", &format!("{KINGS}P@g5 p@g7 p@g9 R!@g11"), 'b');
    // A plain slide may not pass its own piece; no jump off its lines.
    let q = with_kings("R!@g3 P@g4");
    all_illegal(&q, &["g3g5", "g3g8"]);
    let r = with_kings("R!@c3 P@d4 p@e5");
    illegal(&r, "c3e5");
}

#[test]
fn jumping_rook_cannot_jump_equal_or_higher_rank_or_a_king() {
    // 5.2 / 3.6: rank 1 (R! B!), 2 (V! +B!) and 3 (+R!), own or enemy,
    // block the jump; enemies of any rank can be taken.
    for blocker in ["R!", "B!", "V!", "+B!", "+R!"] {
        let own = with_kings(&format!("R!@g3 {blocker}@g5 p@g9"));
        illegal(&own, "g3g9");
        let enemy_token = blocker.to_ascii_lowercase();
        let enemy = with_kings(&format!("R!@g3 {enemy_token}@g5 p@g9"));
        legal(&enemy, "g3g5");
        illegal(&enemy, "g3g9");
    }
    // Behind a rank-0 piece a higher-ranked enemy can be taken, not jumped.
    let p = with_kings("R!@g3 P@g5 b!@g7 p@g9");
    legal(&p, "g3g7");
    illegal(&p, "g3g9");
    // Nothing jumps a King, own or enemy; the enemy King can be taken.
    let q = white("K@g5 k@m13 R!@g3 p@g9");
    illegal(&q, "g3g9");
    let r = white("K@a1 k@g5 R!@g3 p@g9");
    legal(&r, "g3g5");
    illegal(&r, "g3g9");
    // Captured pieces may rank higher: a Jumping Queen, a King.
    let s = with_kings("R!@g3 P@g5 +r!@g9");
    legal(&s, "g3g9");
    let t = white("K@a1 k@g9 R!@g3 P@g5 p@g7");
    legal(&t, "g3g9");
}

#[test]
fn jumping_bishop_jumps_along_diagonals() {
    // 5.2: Bishop with jump-capture, rank 1.
    let p = with_kings("B!@c3 P@d4 p@e5 p@g7");
    all_legal(&p, &["c3e5", "c3g7"]);
    all_illegal(&p, &["c3f6", "c3h8", "c3d4"]);
    assert_after(&p, "c3g7", &format!("{KINGS}P@d4 p@e5 B!@g7"), 'b');
    let q = with_kings("B!@c3 r!@e5 p@g7");
    legal(&q, "c3e5");
    illegal(&q, "c3g7");
    // No orthogonal moves.
    illegal(&with_kings("B!@g7"), "g7g8");
}

#[test]
fn jumping_queen_jumps_regents_and_jumping_rooks() {
    // 5.2 / 3.6: rank 3 jumps ranks 0-2 in all 8 directions, not another
    // Jumping Queen and not a King.
    let p = with_kings("+R!@g3 V!@g5 r!@g7 p@g9");
    legal(&p, "g3g9");
    assert_after(&p, "g3g9", &format!("{KINGS}V!@g5 r!@g7 +R!@g9"), 'b');
    let q = with_kings("+R!@c3 +B!@d4 b!@e5 p@g7");
    legal(&q, "c3g7");
    let r = with_kings("+R!@g3 +r!@g6 p@g9");
    legal(&r, "g3g6");
    illegal(&r, "g3g9");
    let s = white("K@a1 k@g6 +R!@g3 p@g9");
    legal(&s, "g3g6");
    illegal(&s, "g3g9");
    // No non-capturing jump.
    illegal(&p, "g3g8");
}

#[test]
fn regent_jumps_rank_1_pieces_on_diagonals() {
    // 5.2 / 3.6: rank 2 jumps Jumping Rooks/Bishops and rank-0 pieces,
    // not Regents (V!, +B!) or Jumping Queens.
    for regent in ["V!", "+B!"] {
        let p = with_kings(&format!("{regent}@c3 B!@d4 r!@e5 p@g7"));
        all_legal(&p, &["c3e5", "c3g7"]);
        illegal(&p, "c3f6");
        for blocker in ["v!", "+b!", "+r!", "V!"] {
            let q = with_kings(&format!("{regent}@c3 {blocker}@e5 p@g7"));
            illegal(&q, "c3g7");
        }
    }
}

#[test]
fn regent_area_move_king_step_and_pass() {
    // 3.3 / 5.3 / 8.6: Bishop, one king step, area move of 2-3 steps
    // through empty squares, pass; no rook slide beyond 3; never burns.
    for regent in ["V!", "+B!"] {
        on_g7(
            regent,
            &[
                "g7g8",
                "g7f7",
                "g7g10",
                "g7j9",
                "g7h10",
                "g7e4",
                "g7a13",
                "g7m1",
                "@@@@",
                "g7g8,g8g7",
            ],
            &["g7g11", "g7k8", "g7c7", "g7g2"],
        );
        let p = with_kings(&format!("{regent}@g7 P@f8 P@g8 P@h8"));
        all_illegal(&p, &["g7g9", "g7g10", "g7h10"]);
        legal(&p, "g7f9");
        let q = with_kings(&format!("{regent}@g5 p@f8"));
        assert_after(&q, "g5g7", &format!("{KINGS}{regent}@g7 p@f8"), 'b');
    }
}

// ---------------------------------------------------------------------------
// 5.7 Tetrarchs.
// ---------------------------------------------------------------------------

#[test]
fn tetrarchs_skip_the_first_square() {
    // 5.7: whatever stands on the first square is ignored; forward,
    // backward and diagonally it slides on without limit.
    let p = with_kings("+C!@g7 P@g8 p@f6");
    all_legal(
        &p,
        &["g7g9", "g7g13", "g7e5", "g7b2", "g7m1", "g7a13", "g7g1"],
    );
    assert_after(&p, "g7e5", &format!("{KINGS}P@g8 p@f6 +C!@e5"), 'b');
    assert_after(&p, "g7g9", &format!("{KINGS}P@g8 p@f6 +C!@g9"), 'b');
}

#[test]
fn tetrarchs_never_end_next_to_their_square_by_moving() {
    // 5.7: no move to an adjacent square, empty, own or enemy.
    let p = with_kings("+C!@g7 p@f6 p@g8");
    all_illegal(&p, &["g7f6", "g7g8", "g7h8", "g7h7", "g7g6", "g7f7"]);
}

#[test]
fn tetrarchs_sideways_only_second_and_third_square() {
    // 5.7: sideways only the 2nd and 3rd square, the 3rd only over an
    // empty 2nd; the first square (own f7) is skipped.
    on_g7(
        "+C!",
        &["g7e7", "g7d7", "g7i7", "g7j7"],
        &["g7c7", "g7k7", "g7a7", "g7m7"],
    );
    let p = with_kings("+C!@g7 P@f7 P@e7 p@i7");
    all_illegal(&p, &["g7e7", "g7d7", "g7j7"]);
    legal(&p, "g7i7");
    let q = with_kings("+C!@g7 P@f7");
    all_legal(&q, &["g7e7", "g7d7"]);
}

#[test]
fn tetrarchs_stop_at_the_first_capture_and_before_own_pieces() {
    // 5.7: from the second square on, an ordinary slide.
    let p = with_kings("+C!@g7 p@g10 P@d4");
    all_legal(&p, &["g7g9", "g7g10", "g7e5"]);
    all_illegal(&p, &["g7g11", "g7d4", "g7c3"]);
}

#[test]
fn tetrarchs_igui_on_every_adjacent_enemy() {
    // 5.7: capture without moving on any of the 8 neighbours.
    let q = with_kings(&format!("+C!@g7 {}", ring_around("g7", "p", &[])));
    for sq in G7_RING {
        legal(&q, &format!("g7{sq},{sq}g7"));
    }
    let r = with_kings("+C!@g7 p@f6");
    assert_after(&r, "g7f6,f6g7", &format!("{KINGS}+C!@g7"), 'b');
    // Not on its own piece.
    illegal(&with_kings("+C!@g7 P@f6"), "g7f6,f6g7");
}

#[test]
fn tetrarchs_cannot_pass() {
    // 5.7 / 5.8.
    let p = with_kings("+C!@g7");
    all_illegal(&p, &["@@@@", "g7g7", "g7g8,g8g7"]);
}

// ---------------------------------------------------------------------------
// 5.5 Harpy.
// ---------------------------------------------------------------------------

#[test]
fn harpy_is_queen_plus_a_and_d_jumps() {
    // 5.5 / 8.4 / 9.4: Queen slides; jumps to the second square
    // diagonally (A) and orthogonally (D) over anything; no knight jump.
    let p = with_kings("+Q@g7 P@g8 P@h8");
    all_legal(
        &p,
        &["g7g9", "g7i9", "g7e9", "g7e5", "g7a7", "g7b2", "g7m7"],
    );
    all_illegal(&p, &["g7g10", "g7j10", "g7h9", "g7f9", "g7g8"]);
}

#[test]
fn harpy_captures_a_diagonal_neighbour_then_steps_diagonally() {
    // 5.5: take h8, then igui, hit and run or a second capture, each a
    // diagonal step (not straight back beyond igui); never orthogonal.
    let p = with_kings("+Q@g7 p@h8 p@i9");
    all_legal(
        &p,
        &["g7h8", "g7h8,h8i9", "g7h8,h8g7", "g7h8,h8g9", "g7h8,h8i7"],
    );
    all_illegal(&p, &["g7h8,h8h9", "g7h8,h8i8", "g7h8,h8g8", "g7h8,h8h7"]);
    assert_after(&p, "g7h8,h8i9", &format!("{KINGS}+Q@i9"), 'b');
    // Not on to its own piece.
    illegal(&with_kings("+Q@g7 p@h8 P@i9"), "g7h8,h8i9");
    assert_after(&p, "g7h8,h8g7", &format!("{KINGS}+Q@g7 p@i9"), 'b');
    assert_after(&p, "g7h8,h8g9", &format!("{KINGS}+Q@g9 p@i9"), 'b');
    // An orthogonal neighbour is only taken by the Queen move.
    let q = with_kings("+Q@g7 p@g8");
    legal(&q, "g7g8");
    all_illegal(&q, &["g7g8,g8g7", "g7g8,g8h9", "g7g8,g8g9"]);
}

#[test]
fn harpy_passes_only_over_an_empty_diagonal_neighbour() {
    // 5.5 item 4 / 5.8.
    let open = with_kings("+Q@g7");
    assert!(legal(&open, "@@@@").is_pass());
    assert_eq!(legal(&open, "g7h8,h8g7"), legal(&open, "@@@@"));
    let closed = with_kings("+Q@g7 P@f8 P@h8 P@f6 P@h6");
    all_illegal(&closed, &["@@@@", "g7g7", "g7g8,g8g7"]);
}

// ---------------------------------------------------------------------------
// 5.6 Eagle and Unicorn.
// ---------------------------------------------------------------------------

#[test]
fn eagle_moves() {
    // 3.4 / 5.6: Rook, backward Bishop, and on the two forward diagonals
    // one step or a jump to the second square, no slide.
    on_g7(
        "+D",
        &[
            "g7g13", "g7g1", "g7a7", "g7m7", "g7d4", "g7j4", "g7h8", "g7i9", "g7f8", "g7e9",
        ],
        &["g7j10", "g7c11", "g7k11", "g7h9"],
    );
    let p = with_kings("+D@g7 P@h8");
    legal(&p, "g7i9");
}

#[test]
fn eagle_stings_on_the_forward_diagonals_only() {
    // 5.6: capture h8 and go on to i9 (empty or enemy), or return (igui);
    // no turn; no sting backwards.
    let p = with_kings("+D@g7 p@h8 p@i9");
    all_legal(&p, &["g7h8,h8i9", "g7h8,h8g7", "g7h8", "g7i9"]);
    all_illegal(&p, &["g7h8,h8i8", "g7h8,h8g9", "g7h8,h8h9"]);
    assert_after(&p, "g7h8,h8i9", &format!("{KINGS}+D@i9"), 'b');
    assert_after(&p, "g7h8,h8g7", &format!("{KINGS}+D@g7 p@i9"), 'b');
    let q = with_kings("+D@g7 p@h8");
    assert_after(&q, "g7h8,h8i9", &format!("{KINGS}+D@i9"), 'b');
    let r = with_kings("+D@g7 p@f6 p@g8");
    all_legal(&r, &["g7f6", "g7g8"]);
    all_illegal(&r, &["g7f6,f6g7", "g7f6,f6e5", "g7g8,g8g7", "g7g8,g8g9"]);
}

#[test]
fn eagle_passes_over_an_empty_forward_diagonal_square() {
    // 5.6 / 5.8.
    let p = with_kings("+D@g7 P@f8");
    assert!(legal(&p, "@@@@").is_pass());
    legal(&p, "g7h8,h8g7");
    let q = with_kings("+D@g7 P@f8 P@h8");
    all_illegal(&q, &["@@@@", "g7g7", "g7g8,g8g7", "g7f6,f6g7"]);
}

#[test]
fn unicorn_moves_and_stings_straight_forward() {
    // 3.4 / 5.6: Bishop, sideways and backward Rook; forward one step or a
    // jump to the second square; capture g8 and go on or return.
    on_g7(
        "+H",
        &[
            "g7a13", "g7m1", "g7b2", "g7a7", "g7m7", "g7g1", "g7g8", "g7g9", "@@@@",
        ],
        &["g7g10", "g7g13", "g7h9", "g7f9"],
    );
    let p = with_kings("+H@g7 P@g8");
    legal(&p, "g7g9");
    let q = with_kings("+H@g7 p@g8 p@g9");
    all_legal(&q, &["g7g8", "g7g9", "g7g8,g8g9", "g7g8,g8g7"]);
    all_illegal(&q, &["g7g8,g8h9", "g7g8,g8f9", "g7g8,g8h8"]);
    assert_after(&q, "g7g8,g8g9", &format!("{KINGS}+H@g9"), 'b');
    let r = with_kings("+H@g7 p@h8");
    illegal(&r, "g7h8,h8g7");
}

#[test]
fn unicorn_passes_forward_only() {
    // 5.6 / 8.5 / 9.4: the pass goes through g8 only, not g6.
    let p = with_kings("+H@g7");
    assert!(legal(&p, "@@@@").is_pass());
    legal(&p, "g7g8,g8g7");
    let q = with_kings("+H@g7 P@g8");
    all_illegal(&q, &["@@@@", "g7g7", "g7g6,g6g7"]);
}

// ---------------------------------------------------------------------------
// 5.4 Lion and Griffon.
// ---------------------------------------------------------------------------

#[test]
fn lion_igui_hit_and_run_double_capture_jump_pass() {
    // 5.4 items 1-5.
    let p = with_kings("L!@g7 p@g8 p@g9");
    all_legal(
        &p,
        &[
            "g7g8,g8g7",
            "g7g8,g8f9",
            "g7g8,g8g9",
            "g7g9",
            "g7i9",
            "g7h9",
            "@@@@",
        ],
    );
    all_illegal(&p, &["g7g10", "g7g8,g8g10", "g7g9,g9g10"]);
    assert_after(&p, "g7g8,g8g9", &format!("{KINGS}L!@g9"), 'b');
    // No pass when every neighbour is its own.
    let q = with_kings(&format!("L!@g7 {}", ring_around("g7", "P", &[])));
    all_illegal(&q, &["@@@@", "g7g7"]);
    legal(&q, "g7g9");
}

#[test]
fn no_lion_trading_rules() {
    // 5.4 / 5.9: a Lion takes a protected Lion two squares away ...
    let p = with_kings("L!@g7 l!@g9 g@g10");
    legal(&p, "g7g9");
    // ... and after a Rook took a Lion, a Rook may take the other Lion
    // (no counter-strike rule).
    let mut q = black("K@a1 k@m13 L!@c5 r@c10 l!@j7 R@j2");
    play(&mut q, "c10c5");
    legal(&q, "j2j7");
}

#[test]
fn griffon_is_lion_plus_bishop() {
    // 3.4: +L! has all Lion moves plus Bishop slides, no rook slide.
    on_g7(
        "+L!",
        &[
            "g7a13", "g7b2", "g7m1", "g7k11", "g7g9", "g7i9", "g7h9", "@@@@",
        ],
        &["g7g10", "g7c7", "g7g1"],
    );
    let p = with_kings("+L!@g7 p@g8 p@g9");
    all_legal(&p, &["g7g8,g8g9", "g7g8,g8g7", "g7g8,g8h9"]);
    // The promoted Kirin is a Lion.
    let q = with_kings("+O@g7 p@g8");
    all_legal(&q, &["g7g8,g8g7", "g7g8,g8f9", "g7i9"]);
}

// ---------------------------------------------------------------------------
// 3.3 / 3.4 Other pieces (on g7, otherwise only the Kings).
// ---------------------------------------------------------------------------

#[test]
fn buffalo_and_chariot_rook_moves_go_forward_only() {
    // 3.3 / 8.2 / 9.4: Buffalo BsRfW2, Chariot BfRsW2; no backward move.
    on_g7(
        "W!",
        &["g7a13", "g7m1", "g7a7", "g7m7", "g7g8", "g7g9"],
        &["g7g10", "g7g6", "g7g5"],
    );
    on_g7(
        "C!",
        &["g7a13", "g7m1", "g7g13", "g7e7", "g7i7", "g7f7"],
        &["g7d7", "g7j7", "g7g6", "g7g1"],
    );
    // The promoted Soldier is a Chariot.
    on_g7("+S'", &["g7g13", "g7e7"], &["g7g6", "g7d7"]);
    // Rotated for the second player: forward is down.
    let p = black(&format!("{KINGS}w!@g7 c!@c7"));
    all_legal(&p, &["g7g6", "g7g5", "c7c1"]);
    all_illegal(&p, &["g7g8", "g7g4", "c7c8"]);
}

#[test]
fn small_steppers() {
    // 3.3: Pawn fW, Dog fWbF, Silver FfW, Gold WfF, Leopard FvW, Tiger
    // FsbW, Phoenix WA, Kirin FD, Knight ffN.
    on_g7("P", &["g7g8"], &["g7g9", "g7g6", "g7f8"]);
    on_g7("D'", &["g7g8", "g7f6", "g7h6"], &["g7f8", "g7g6", "g7f7"]);
    on_g7("S", &["g7g8", "g7f8", "g7f6"], &["g7f7", "g7g6"]);
    on_g7("G", &["g7g8", "g7f8", "g7f7", "g7g6"], &["g7f6", "g7h6"]);
    on_g7("F", &["g7g8", "g7g6", "g7f6", "g7h8"], &["g7f7", "g7h7"]);
    on_g7("T", &["g7f8", "g7f6", "g7f7", "g7g6"], &["g7g8", "g7g9"]);
    on_g7(
        "X",
        &["g7g8", "g7f7", "g7i9", "g7e5"],
        &["g7f8", "g7g9", "g7j10"],
    );
    on_g7("O", &["g7f8", "g7h6", "g7g9", "g7e7"], &["g7g8", "g7i9"]);
    on_g7("N", &["g7f9", "g7h9"], &["g7e8", "g7i8", "g7f5", "g7g9"]);
    let p = with_kings("N@g7 P@g8 P@f8");
    legal(&p, "g7f9");
    let q = with_kings("X@g7 P@h8");
    legal(&q, "g7i9");
}

#[test]
fn soldier_lance_vertical_mover() {
    // 3.3: Soldier sRfW2bW, Lance fR, Vertical Mover vRsW.
    on_g7(
        "S'",
        &["g7a7", "g7m7", "g7g8", "g7g9", "g7g6"],
        &["g7g10", "g7g5", "g7f8", "g7f6"],
    );
    on_g7("L", &["g7g13", "g7g8"], &["g7g6", "g7f8"]);
    on_g7("V", &["g7g13", "g7g1", "g7f7", "g7h7"], &["g7e7", "g7f8"]);
}

#[test]
fn long_range_pieces() {
    // 3.3 / 3.4: Queen Q, Castle RF, Crowned Bishop BW, Rook R, Bishop B,
    // Narrow Queen BvR, White Horse vRfB, Stag vRFsW, Greyhound fRbB, and
    // the duplicates +X (Queen), +R (Castle), +B (Crowned Bishop), +G
    // (Rook), +F (Bishop), +S (Vertical Mover), +N (Soldier), +P (Gold).
    for q in ["Q", "+X"] {
        on_g7(q, &["g7g13", "g7a13", "g7m1", "g7a7"], &["g7h9"]);
    }
    for d in ["D", "+R"] {
        on_g7(d, &["g7g13", "g7a7", "g7f8", "g7h6"], &["g7e9", "g7i5"]);
    }
    for h in ["H", "+B"] {
        on_g7(h, &["g7a13", "g7m1", "g7g8", "g7f7"], &["g7g9", "g7e7"]);
    }
    for r in ["R", "+G"] {
        on_g7(r, &["g7g13", "g7a7", "g7g1"], &["g7f8"]);
    }
    for b in ["B", "+F"] {
        on_g7(b, &["g7a13", "g7m1"], &["g7g8"]);
    }
    on_g7("+V", &["g7a13", "g7m1", "g7g13", "g7g1"], &["g7f7", "g7a7"]);
    on_g7(
        "+L",
        &["g7g13", "g7g1", "g7a13", "g7k11"],
        &["g7f6", "g7f7"],
    );
    on_g7(
        "+T",
        &["g7g13", "g7g1", "g7f8", "g7h6", "g7f7", "g7h7"],
        &["g7e9", "g7e7", "g7i5"],
    );
    on_g7("+D'", &["g7g13", "g7b2", "g7m1"], &["g7g6", "g7f8", "g7f7"]);
    on_g7("+S", &["g7g13", "g7g1", "g7f7"], &["g7e7", "g7f8"]);
    on_g7("+N", &["g7a7", "g7g9", "g7g6"], &["g7g10", "g7g5"]);
    on_g7("+P", &["g7g8", "g7f8", "g7g6"], &["g7f6"]);
}

// ---------------------------------------------------------------------------
// 4 Promotion.
// ---------------------------------------------------------------------------

#[test]
fn zone_is_the_last_four_ranks() {
    // 4: entering rank 10 (first mover) or rank 4 (second mover) offers
    // promotion; rank 9 (resp. 5) does not.
    let p = with_kings("P@g9 P@c8");
    all_legal(&p, &["g9g10+", "g9g10", "c8c9"]);
    illegal(&p, "c8c9+");
    assert_after(&p, "g9g10+", &format!("{KINGS}+P@g10 P@c8"), 'b');
    let q = black(&format!("{KINGS}p@g5 p@c6"));
    all_legal(&q, &["g5g4+", "g5g4", "c6c5"]);
    illegal(&q, "c6c5+");
    assert_after(&q, "g5g4+", &format!("{KINGS}p@c6 +p@g4"), 'w');
}

#[test]
fn capture_from_inside_the_zone_promotes_even_when_leaving_it() {
    // 4 item 2: a capture starting in the zone may promote wherever it
    // ends; a non-capture inside or out of the zone may not.
    let p = with_kings("G@g10 p@g9");
    all_legal(&p, &["g10g9+", "g10g9"]);
    assert_after(&p, "g10g9+", &format!("{KINGS}+G@g9"), 'b');
    let q = with_kings("G@g11 p@g12");
    all_legal(&q, &["g11g12+", "g11g12"]);
    let quiet = with_kings("G@g10");
    all_legal(&quiet, &["g10g9", "g10g11"]);
    all_illegal(&quiet, &["g10g9+", "g10g11+"]);
    // Outside the zone a capture does not promote.
    let out = with_kings("G@g7 p@g8");
    legal(&out, "g7g8");
    illegal(&out, "g7g8+");
}

#[test]
fn igui_from_inside_the_zone_promotes_a_pass_never() {
    // 4 item 2: Lion igui in the zone qualifies; a pass does not.
    let p = with_kings("L!@g10 p@g11");
    all_legal(&p, &["g10g11,g11g10+", "g10g11,g11g10"]);
    assert_after(&p, "g10g11,g11g10+", &format!("{KINGS}+L!@g10"), 'b');
    // From outside the zone only a move ending in it qualifies: igui or
    // hit and run back to rank 9 do not.
    let r = with_kings("L!@g9 p@g10");
    all_legal(
        &r,
        &["g9g10+", "g9g10,g10g11+", "g9g10,g10g9", "g9g10,g10f9"],
    );
    all_illegal(&r, &["g9g10,g10g9+", "g9g10,g10f9+"]);
    let q = with_kings("L!@g10");
    legal(&q, "@@@@");
    all_illegal(&q, &["g10g10+", "g10g11,g11g10+"]);
    assert!(
        moves_between(&q, "g10", "g10")
            .iter()
            .all(|m| !m.promotes())
    );
}

#[test]
fn promotion_is_never_forced() {
    // 4 / 8.9 / 9.4: a Pawn, a Lance may reach rank 13 unpromoted, a
    // Knight rank 12 or 13; they then have no move.
    let p = with_kings("P@g12 L@c5 N@j10 p@i12");
    all_legal(&p, &["g12g13", "c5c13", "c5c13+", "j10i12", "j10i12+"]);
    let n = with_kings("N@j9");
    all_legal(&n, &["j9i11", "j9i11+"]);
    for stuck in ["P@g13", "L@c13", "N@j12", "N@j13"] {
        assert_eq!(count(&with_kings(stuck)), KING_MOVES, "{stuck}");
    }
}

/// Each promotable type on g9 (3.3), a move from g9 into the zone, its
/// promoted token.
const PROMOTING: [(&str, &str, &str); 22] = [
    ("P", "g10", "+P"),
    ("D'", "g10", "+D'"),
    ("L", "g10", "+L"),
    ("N", "f11", "+N"),
    ("F", "g10", "+F"),
    ("S", "g10", "+S"),
    ("G", "g10", "+G"),
    ("T", "h10", "+T"),
    ("V", "g10", "+V"),
    ("S'", "g10", "+S'"),
    ("B", "h10", "+B"),
    ("R", "g10", "+R"),
    ("H", "g10", "+H"),
    ("D", "g10", "+D"),
    ("R!", "g10", "+R!"),
    ("B!", "h10", "+B!"),
    ("C!", "g10", "+C!"),
    ("O", "h10", "+O"),
    ("X", "g10", "+X"),
    ("W!", "g10", "+W!"),
    ("Q", "g10", "+Q"),
    ("L!", "g10", "+L!"),
];

#[test]
fn every_promotable_type_promotes_to_its_partner() {
    // 3.3 / 4: entering the zone, optional, one promoted form each.
    for (token, to, promoted) in PROMOTING {
        let p = with_kings(&format!("{token}@g9"));
        let m = format!("g9{to}");
        all_legal(&p, &[&m, &format!("{m}+"), &format!("{m}=")]);
        assert_after(
            &p,
            &format!("{m}+"),
            &format!("{KINGS}{promoted}@{to}"),
            'b',
        );
        assert_after(&p, &m, &format!("{KINGS}{token}@{to}"), 'b');
    }
}

#[test]
fn king_fire_demon_and_regent_never_promote() {
    // 4: not even entering the zone or capturing in it.
    let p = white("K@g9 k@m13 D!@c9 V!@j9 p@g10");
    all_legal(&p, &["g9g10", "c9c10", "j9j10"]);
    all_illegal(&p, &["g9g10+", "c9c10+", "j9j10+"]);
    let q = with_kings("D!@c10 p@c12 V!@j10 p@j11");
    all_legal(&q, &["c10c12", "j10j11"]);
    all_illegal(&q, &["c10c12+", "j10j11+"]);
}

/// Each promoted type on g9 and a move from g9 into the zone.
const PROMOTED: [(&str, &str); 22] = [
    ("+L!", "g10"),
    ("+Q", "g10"),
    ("+R!", "g10"),
    ("+B!", "g10"),
    ("+C!", "g11"),
    ("+D", "g10"),
    ("+H", "g10"),
    ("+W!", "g10"),
    ("+R", "g10"),
    ("+B", "g10"),
    ("+S'", "g10"),
    ("+V", "g10"),
    ("+L", "g10"),
    ("+T", "g10"),
    ("+G", "g10"),
    ("+F", "h10"),
    ("+S", "g10"),
    ("+N", "g10"),
    ("+O", "g10"),
    ("+X", "g10"),
    ("+D'", "g10"),
    ("+P", "g10"),
];

#[test]
fn promoted_pieces_never_promote_again() {
    // 3.4 / 4: including the Jumping Queen, the promoted Regent and the
    // promoted Fire Demon.
    for (token, to) in PROMOTED {
        let p = with_kings(&format!("{token}@g9"));
        legal(&p, &format!("g9{to}"));
        illegal(&p, &format!("g9{to}+"));
        let q = with_kings(&format!("{token}@g9 p@{to}"));
        legal(&q, &format!("g9{to}"));
        illegal(&q, &format!("g9{to}+"));
    }
}

// ---------------------------------------------------------------------------
// 5.8 / 5.9 / 6.2 What Nutty does not have.
// ---------------------------------------------------------------------------

#[test]
fn a_side_may_pass_on_consecutive_turns() {
    // 5.8: no "no consecutive passes" rule.
    let mut p = with_kings("L!@g7");
    play(&mut p, "@@@@ m13m12");
    legal(&p, "@@@@");
    legal(&p, "g7g8,g8g7");
}

#[test]
fn no_freezing_no_double_igui_no_capture_of_jumped_pieces() {
    // 5.9: an enemy next to the Tetrarchs still moves; Tetrarchs take one
    // adjacent enemy at a time; a jumping slider never takes what it
    // jumps.
    let p = black(&format!("{KINGS}+C!@g7 g@g8"));
    all_legal(&p, &["g8f8", "g8g9", "g8h8", "g8g7"]);
    let q = with_kings("+C!@g7 p@f6 p@g8");
    all_illegal(&q, &["g7f6,f6g8,g8g7", "g7g8,g8f6,f6g7"]);
    let r = with_kings("R!@g3 p@g5 p@g9");
    legal(&r, "g3g9");
    all_illegal(&r, &["g3g5,g5g9"]);
    assert_after(&r, "g3g9", &format!("{KINGS}p@g5 R!@g9"), 'b');
}

#[test]
fn no_check_rule() {
    // 6.2: a King may step into attack or stay there; the enemy may take
    // it.
    let p = white("K@g7 k@m13 r@h13 d!@j9");
    all_legal(&p, &["g7h7", "g7h8", "g7g6"]);
    let q = black("K@g7 k@m13 r@g13");
    legal(&q, "g13g7");
}

// ---------------------------------------------------------------------------
// 7 Notation.
// ---------------------------------------------------------------------------

#[test]
fn pass_is_accepted_in_all_three_notations() {
    // 7.2 / docs/notation.md: `@@@@`, `f5f5` and `f5f6,f6f5` over an empty f6
    // are one pass; over an enemy f6 the last is igui.
    let p = with_kings("L!@f5");
    let pass = legal(&p, "@@@@");
    assert!(pass.is_pass());
    assert_eq!(legal(&p, "f5f5"), pass);
    assert_eq!(legal(&p, "f5f6,f6f5"), pass);
    assert_after(&p, "f5f6,f6f5", &format!("{KINGS}L!@f5"), 'b');
    let q = with_kings("L!@f5 p@f6");
    let igui = legal(&q, "f5f6,f6f5");
    assert!(!igui.is_pass());
    assert_eq!(igui.kills(), &[common::sq("f6")]);
    assert_after(&q, "f5f6,f6f5", &format!("{KINGS}L!@f5"), 'b');
}

#[test]
fn igui_and_double_capture_strings() {
    // 7.2 / 7.5: Lion e5 takes f6 and returns (`e5f6,f6e5`), or takes f6
    // and g7 (`e5f6,f6g7`); the engine writes them the same way.
    let p = with_kings("L!@e5 p@f6 p@g7");
    assert_eq!(legal(&p, "e5f6,f6e5").to_string(), "e5f6,f6e5");
    assert_eq!(legal(&p, "e5f6,f6g7").to_string(), "e5f6,f6g7");
    assert_after(&p, "e5f6,f6e5", &format!("{KINGS}L!@e5 p@g7"), 'b');
    assert_after(&p, "e5f6,f6g7", &format!("{KINGS}L!@g7"), 'b');
    // 7.4: a kill square must hold an enemy.
    let own = with_kings("L!@e5 P@f6 p@g7");
    all_illegal(&own, &["e5f6,f6g7", "e5f6,f6e5"]);
    // Tetrarchs igui `e5d4,d4e5` (7.5).
    let q = with_kings("+C!@e5 p@d4");
    assert_eq!(legal(&q, "e5d4,d4e5").to_string(), "e5d4,d4e5");
}

// ---------------------------------------------------------------------------
// 6.4 Repetition.
// ---------------------------------------------------------------------------

/// `common::cycle` in Nutty Shogi.
fn cycle(pieces: &str, side: char, moves: &str, expected: Verdict) {
    common::cycle(NUTTY, pieces, side, moves, expected);
}

#[test]
fn perpetual_check_by_burning_threat_loses() {
    // 6.2 / 6.4: a check is a threat to capture or burn the King. The
    // Demon on i12 or i11 cannot take the King m13, but it can land on
    // l12 (slide from i12, area move from i11) and burn it. Black's Gold
    // e2-f2 attacks nothing. White checked with every move and loses.
    cycle(
        "K@a1 k@m13 D!@i11 g@e2",
        'w',
        "i11i12 e2f2 i12i11 f2e2",
        Verdict::Loss(Color::White),
    );
}

#[test]
fn perpetual_check_by_promotion_burn_threat_loses() {
    // 5.1.5 / 6.4: the Buffalo on d9 or b9 cannot take the King c11, but
    // it can enter the zone next to it (d10, c10, b10, b11), promote and
    // burn it: every White move checks. Black's Gold attacks nothing.
    cycle(
        "K@a1 k@c11 W!@d9 g@m3",
        'w',
        "d9b9 m3m4 b9d9 m4m3",
        Verdict::Loss(Color::White),
    );
}

#[test]
fn quiet_cycle_and_mutual_passing_are_draws() {
    // 6.4 rule 3, 5.8: no attack on either side.
    // (A quiet shuffle of Castles: tests/repetition.rs, for all three
    // variants with a cycle rule.)
    cycle("K@a1 k@m13 L!@c7 l!@k7", 'w', "@@@@ @@@@", Verdict::Draw);
    cycle("K@a1 k@m13 D!@c5 d!@k9", 'w', "c5c5 k9k9", Verdict::Draw);
}

#[test]
fn both_sides_attacking_is_a_draw() {
    // 6.4 "Cases not covered ... both sides attacked: draw" (Cashew's
    // rule 4 would make the repeater lose): White's e5f5 newly attacks the
    // Gold f10, Black's h9i9 the Gold i4; nobody checks. Entered from
    // either side.
    cycle(
        "K@a1 k@m13 D@e5 g@f10 d@h9 G@i4",
        'w',
        "e5f5 h9i9 f5e5 i9h9",
        Verdict::Draw,
    );
    cycle(
        "K@a1 k@m13 D@e5 g@f10 d@h9 G@i4",
        'b',
        "h9i9 e5f5 i9h9 f5e5",
        Verdict::Draw,
    );
}

// ---------------------------------------------------------------------------
// CECP: result lines and the setup line (6.1, 6.3, 6.4, 6.6, 7.1, 8.11).
// ---------------------------------------------------------------------------

/// A force-mode engine on the listed pieces, `side` to move.
fn engine(pieces: &str, side: char) -> Engine {
    Engine::with_fen(NUTTY, &common::fen(variant(NUTTY), pieces, side))
}

#[test]
fn cecp_king_burning_itself_loses() {
    // 6.1 / 6.6 / 9.2: 0-1, and the game is over.
    let mut e = engine("K@g6 k@m13 d!@h8", 'w');
    assert_result(&e.usermove("g6g7"), "0-1");
    e.refusal("m13m12");
}

#[test]
fn cecp_burning_the_enemy_king_wins() {
    // 6.1: the Demon burns the King h8: 1-0; the second player's Demon
    // burning the first player's King: 0-1.
    let mut e = engine("K@a1 k@h8 D!@g5", 'w');
    assert_result(&e.usermove("g5g7"), "1-0");
    let mut e = engine("K@h6 k@m13 d!@g9", 'b');
    assert_result(&e.usermove("g9g7"), "0-1");
}

#[test]
fn cecp_both_kings_removed_by_one_move_the_mover_wins() {
    // 6.1 / 8.11: the King takes the King and lands next to an enemy
    // Demon: the mover wins, for either side.
    let mut e = engine("K@g7 k@g8 d!@h9", 'w');
    assert_result(&e.usermove("g7g8"), "1-0");
    e.refusal("h9h10");
    let mut e = engine("K@g2 k@g3 D!@h1", 'b');
    assert_result(&e.usermove("g3g2"), "0-1");
}

#[test]
fn cecp_no_legal_move_loses() {
    // 6.3 / 8.12: White's King a1 is walled in by its own Pawns, which are
    // blocked or on rank 13: after Black's move White has no move and
    // loses.
    let mut pieces = String::from("K@a1 k@m13 P@b1");
    for file in ["a", "b"] {
        for rank in 2..=13 {
            pieces.push_str(&format!(" P@{file}{rank}"));
        }
    }
    assert_eq!(count(&white(&pieces)), 0);
    let mut e = engine(&pieces, 'b');
    assert_result(&e.usermove("m13m12"), "0-1");
}

#[test]
fn cecp_both_sides_attacking_repetition_is_a_draw() {
    // 6.4 / 6.6: the cycle of `both_sides_attacking_is_a_draw`.
    let mut e = engine("K@a1 k@m13 D@e5 g@f10 d@h9 G@i4", 'w');
    for mv in ["e5f5", "h9i9", "f5e5"] {
        e.accepts(mv);
    }
    assert_eq!(e.usermove("i9h9"), ["1/2-1/2 {repetition}"]);
}

#[test]
fn cecp_perpetual_check_loses() {
    // 6.4 rule 1 over CECP: the checker (White) loses: 0-1.
    let mut e = engine("K@a1 k@m13 D@l5", 'w');
    for mv in ["l5m5", "m13l13", "m5l5"] {
        e.accepts(mv);
    }
    assert_result(&e.usermove("l13m13"), "0-1");
}

#[test]
fn cecp_burns_are_implicit_and_passes_accepted() {
    // 7.2 / 7.3: the Demon's burning move is sent as its plain from-to;
    // naming a burnt square as a leg is refused; `@@@@` and the
    // out-and-back pass are accepted.
    let mut e = engine("K@a1 k@m13 D!@g5 p@f9 p@h9 l!@c10", 'w');
    e.refusal("g5f9,f9g8");
    e.accepts("g5g8");
    // Passes separated by real moves (two passes running would repeat the
    // position, a draw by 6.4).
    for mv in ["@@@@", "g8g7", "c10c9", "g7g8,g8g7", "c9c8", "g7g7"] {
        e.accepts(mv);
    }
}

/// nutty.md 7.1: the tested `setup` line.
const SETUP_LINE: &str = "setup (PNBRQSGTFLVD'S'HDXOC!W!L!D!.R!B!V!^P^N^B^R^Q^S^G^T^F^L^V^D'^S'^H^D^X^O^C!^W!^L!^R!^B!..................Kpnbrqsgtflvd's'hdxoc!w!l!d!.r!b!v!^p^n^b^r^q^s^g^t^f^l^v^d'^s'^h^d^x^o^c!^w!^l!^r!^b!..................k) 13x13+0_chu lnfsgtktgsfnl/v1c!x1qd!l!1w!o1v/s'brhdv!r!b!dhrbs'/ppppppppppppp/3d'5d'3/13/13/13/3D'5D'3/PPPPPPPPPPPPP/S'BRHDB!R!V!DHRBS'/V1OW!1L!D!Q1XC!1V/LNFSGTKTGSFNL w - - 0 1";

/// The XBoard slots (0-64) of one half of a piece-to-char table, and its
/// King token (the last). Slots the table leaves out are empty (`.`), as
/// XBoard's `SetCharTableEsc` leaves them.
fn slots(half: &str) -> (Vec<String>, String) {
    let mut tokens = table_tokens(half);
    let king = tokens.pop().expect("a King token");
    assert!(tokens.len() <= 65, "{half}");
    tokens.resize(65, ".".to_string());
    (tokens, king)
}

/// One half of a piece-to-char table: slots and King token.
type Half = (Vec<String>, String);

/// Table, geometry and FEN of a `setup` line, the table split in halves.
fn parse_setup(line: &str) -> (Half, Half, String) {
    let rest = line.strip_prefix("setup (").expect("setup line");
    let (table, rest) = rest.split_once(") ").expect("table");
    let (white, black) = table.split_at(table.len() / 2);
    (slots(white), slots(black), rest.to_string())
}

#[test]
fn cecp_variant_sends_the_tested_setup_line() {
    // 7.1: `variant nutty-shogi` is advertised and answered with the
    // tested setup: the same letter in every XBoard slot (XBoard's Lion
    // slot 21 empty), `13x13+0_chu` and the start FEN of 2.4.
    let (e, out) = Engine::in_variant(NUTTY);
    // Everything printed from the handshake on.
    let out: Vec<String> = e.handshake.iter().cloned().chain(out).collect();
    drop(e);
    assert!(
        out.iter()
            .any(|l| l.starts_with("feature ") && l.contains("nutty-shogi")),
        "{out:?}"
    );
    let line = out
        .iter()
        .find(|l| l.starts_with("setup ("))
        .unwrap_or_else(|| panic!("no setup line: {out:?}"));
    assert_eq!(parse_setup(line), parse_setup(SETUP_LINE));
    assert!(
        line.ends_with(&format!("13x13+0_chu {START_FEN}")),
        "{line}"
    );
}
