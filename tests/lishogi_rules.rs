//! Chu under lishogi's rules (`Rules::Lishogi`, engine.ini `[chu-lishogi]`):
//! each rule where it differs from Kyodai's own Chu, tested both ways, so
//! that a test fails if either rule set loses its reading.
//!
//! Piece lists as in `common`: upper case is Sente (the first mover, moving
//! up, XBoard's "white").

mod common;

use common::{fen, illegal, legal, sq};
use kyodai::board::Position;
use kyodai::game::{self, Ending, PlayError, Reason};
use kyodai::movegen::parse_move;
use kyodai::repetition::{Verdict, verdict, verdict_in_search};
use kyodai::types::Color;
use kyodai::variant::{Rules, Variant, VariantSet};

fn lishogi() -> &'static Variant {
    VariantSet::builtin()
        .find_with("chu", Rules::Lishogi)
        .expect("engine.ini has Chu under lishogi's rules")
}

fn standard() -> &'static Variant {
    common::variant("chu")
}

fn setup(v: &'static Variant, pieces: &str, side: char) -> Position {
    common::setup(v, pieces, side)
}

/// Play `moves` one by one as a game does; the ending of the last one.
fn play_game(pos: &mut Position, moves: &str) -> Option<Ending> {
    let mut ending = None;
    for m in moves.split_whitespace() {
        assert!(ending.is_none(), "the game ended before {m}: {ending:?}");
        let mv =
            parse_move(pos, m).unwrap_or_else(|e| panic!("{m} rejected in {}: {e}", pos.fen()));
        ending = game::play(pos, mv);
    }
    ending
}

/// Who won, and why.
type Win = (Color, Reason);

fn ending_of(pos: &mut Position) -> Option<Ending> {
    game::ending(pos, None)
}

#[test]
fn the_rule_set_is_chu_under_its_own_name_and_in_no_list() {
    let set = VariantSet::builtin();
    let v = lishogi();
    assert_eq!(v.name, "chu");
    assert_eq!(v.rules, Rules::Lishogi);
    assert!(set.variants.iter().all(|v| v.rules == Rules::Standard));
    assert!(set.find_with("dai", Rules::Lishogi).is_none());
    assert!(std::ptr::eq(
        set.find_with("chu", Rules::Standard).expect("chu"),
        standard()
    ));
    assert_eq!(Position::start(v).fen(), Position::start(standard()).fen());
}

/// After a non-Lion takes a Lion, lishogi lets a non-Lion take a Lion back
/// on that square; elsewhere the counter-strike ban holds in both.
#[test]
fn a_lion_may_be_taken_back_on_the_square_where_it_was_taken() {
    // Gote's Kirin f6 jumps onto Sente's Lion on f4, in its zone, and
    // promotes: the capturer is now a Lion, standing where a non-Lion took
    // a Lion. Sente's Gold f3 takes it back there; its Gold c8 would take
    // Gote's Lion c9 elsewhere. Gote's Golds guard both squares, so that
    // Kyodai's reading of the Okazaki rule, which lets an unguarded Lion
    // be taken, does not come into it.
    let pieces = "K@a1 k@l12 N@f4 o@f6 G@f3 n@c9 G@c8 g@c10 g@e5";
    for (v, same_square_allowed) in [(lishogi(), true), (standard(), false)] {
        let mut pos = setup(v, pieces, 'b');
        common::play(&mut pos, "f6f4+");
        assert!(pos.state().lion_strike, "{}", pos.fen());
        illegal(&pos, "c8c9");
        if same_square_allowed {
            legal(&pos, "f3f4");
        } else {
            illegal(&pos, "f3f4");
        }
    }
}

/// lishogi's SFEN carries that square as its third field; Kyodai's FEN
/// reads and writes it in the same place, and the position behaves as
/// the one reached by the move.
#[test]
fn the_lion_capture_square_survives_the_fen() {
    let v = lishogi();
    let mut played = setup(v, "K@a1 k@l12 N@f4 o@f6 G@f3 n@c9 G@c8 g@c10 g@e5", 'b');
    common::play(&mut played, "f6f4+");
    let text = played.fen();
    assert_eq!(text.split(' ').nth(2), Some("f4"), "{text}");
    let read = Position::from_fen(v, &text).expect("reads its own FEN");
    assert_eq!(read.state().lion_square, Some(sq("f4")));
    legal(&read, "f3f4");
    illegal(&read, "c8c9");
    assert_eq!(
        read.hash(),
        played.hash(),
        "the same position, the same key"
    );
    // A square that is none is refused.
    let bad = text.replacen(" f4 ", " z9 ", 1);
    assert!(Position::from_fen(v, &bad).is_err(), "{bad}");
}

/// Under Kyodai's rules a move that brings a position back is illegal;
/// under lishogi's the fourth occurrence draws.
#[test]
fn the_fourth_occurrence_draws() {
    let pieces = "K@a1 G@f1 k@l12 g@f12";
    let cycle = "a1b1 l12k12 b1a1 k12l12";
    let mut pos = setup(lishogi(), pieces, 'w');
    assert_eq!(play_game(&mut pos, &format!("{cycle} {cycle}")), None);
    assert_eq!(play_game(&mut pos, "a1b1 l12k12 b1a1"), None);
    let end = play_game(&mut pos, "k12l12").expect("fourth occurrence");
    assert_eq!((end.winner, end.reason), (None, Reason::Repetition));

    let mut pos = setup(standard(), pieces, 'w');
    common::play(&mut pos, "a1b1 l12k12 b1a1");
    assert_eq!(
        game::play_text(&mut pos, "k12l12", false),
        Err(PlayError::RepeatsPosition)
    );
}

/// The side that gave check with every move of the cycle loses at the
/// fourth occurrence.
#[test]
fn perpetual_check_loses_at_the_fourth_occurrence() {
    // Gote's Gold keeps its King from being bare.
    let mut pos = setup(lishogi(), "K@a1 R@a10 k@l12 g@e5", 'w');
    let checks = "a10a12 l12l11 a12a11 l11l12 a11a12";
    assert_eq!(play_game(&mut pos, checks), None);
    assert_eq!(play_game(&mut pos, "l12l11 a12a11 l11l12 a11a12"), None);
    assert_eq!(play_game(&mut pos, "l12l11 a12a11 l11l12"), None);
    let end = play_game(&mut pos, "a11a12").expect("fourth occurrence");
    assert_eq!(
        (end.winner, end.reason),
        (Some(Color::Black), Reason::PerpetualCheck),
        "{}",
        pos.fen()
    );
    assert_eq!(end.to_string(), "Sente loses by perpetual check");
}

/// The search reads a cycle by what its fourth occurrence will be: once
/// the position recurs inside the tree (here the tree's root is taken to
/// lie as many plies back as the moves played), or a third time in all.
/// A search judging at the fourth occurrence only would see the perpetual
/// checker's loss only when the other side's move closes the cycle.
#[test]
fn the_search_foresees_where_a_cycle_ends() {
    let mut pos = setup(lishogi(), "K@a1 R@a10 k@l12 g@e5", 'w');
    common::play(&mut pos, "a10a12 l12l11 a12a11 l11l12 a11a12");
    assert_eq!(verdict(&mut pos), None, "only a second occurrence");
    let sente_loses = Some(Verdict::Loss(Color::White));
    assert_eq!(
        verdict_in_search(&mut pos, 5),
        sente_loses,
        "inside the tree"
    );
    assert_eq!(
        verdict_in_search(&mut pos, 4),
        None,
        "the first occurrence is the root's position"
    );
    common::play(&mut pos, "l12l11 a12a11 l11l12 a11a12");
    assert_eq!(verdict(&mut pos), None, "only a third occurrence");
    assert_eq!(verdict_in_search(&mut pos, 1), sente_loses, "a third time");

    // Kings walking to and fro attack nothing: the cycle draws.
    let mut pos = setup(lishogi(), "K@a1 G@f1 k@l12 g@f12", 'w');
    common::play(&mut pos, "a1b1 l12k12 b1a1 k12l12");
    assert_eq!(verdict_in_search(&mut pos, 5), Some(Verdict::Draw));
    assert_eq!(verdict_in_search(&mut pos, 4), None);
    // Under Kyodai's own rules the move is illegal, inside the tree or not.
    let mut pos = setup(standard(), "K@a1 G@f1 k@l12 g@f12", 'w');
    common::play(&mut pos, "a1b1 l12k12 b1a1 k12l12");
    assert_eq!(verdict_in_search(&mut pos, 1), Some(Verdict::Illegal));
}

/// The search judges a cycle from the position's first occurrence, as
/// lishogi does. From a self-play game: Gote's Lion, beside Sente's
/// pieces, passes every time (each pass an attack); Sente's King steps
/// g1-f1 and back between Sente's own Lion passes. In the last cycle
/// alone both sides attacked (a draw); since the first occurrence only
/// Gote did, and Gote loses.
#[test]
fn the_search_judges_a_cycle_from_its_first_occurrence() {
    let mut pos = Position::from_fen(
        lishogi(),
        "5ekg4/5tt5/8s3/5N+C5/12/12/12/5+BG5/3n8/12/5TT5/6K5 b - 0 1",
    )
    .expect("a Chu position");
    common::play(
        &mut pos,
        "i10h11 g9i9 @@@@ f9g9 @@@@ i9h9 @@@@ g1f1 @@@@ f1g1 @@@@ @@@@ d4d4",
    );
    assert_eq!(
        verdict_in_search(&mut pos, 1),
        Some(Verdict::Loss(Color::Black))
    );
}

/// A side left with a lone royal loses when the other has a piece that
/// counts, in shogiops' exact terms.
#[test]
fn a_bare_king_loses_with_lishogi_s_exceptions() {
    let cases: &[(&str, char, Option<Win>)] = &[
        // Gote bare, Sente has a Gold: Sente wins, whoever is to move.
        (
            "K@e5 G@a1 k@h10",
            'b',
            Some((Color::White, Reason::BareKing)),
        ),
        (
            "K@e5 G@a1 k@h10",
            'w',
            Some((Color::White, Reason::BareKing)),
        ),
        // Dead pieces of the bared side do not save it (a Gote Pawn on
        // rank 1, its last).
        (
            "K@e5 G@a1 k@h10 p@c1",
            'b',
            Some((Color::White, Reason::BareKing)),
        ),
        // Pawns and Go-Betweens of the winner do not count.
        ("K@e5 P@b4 k@h10", 'b', None),
        ("K@e5 I@b4 k@h10", 'b', None),
        // The winner's royal attacked: no win yet.
        ("K@g11 G@a1 k@h10", 'b', None),
        // One piece, next to the bare royal, which could take it.
        ("K@e5 G@g9 k@h10", 'b', None),
        // Two pieces: the bare royal cannot take both.
        (
            "K@e5 G@g9 S@a1 k@h10",
            'b',
            Some((Color::White, Reason::BareKing)),
        ),
        // Two royals on the winning side: the rule needs exactly one.
        ("K@e5 +E@e4 G@a1 k@h10", 'b', None),
    ];
    for &(pieces, side, expected) in cases {
        let mut pos = setup(lishogi(), pieces, side);
        let got = ending_of(&mut pos).map(|e| (e.winner.expect("a win"), e.reason));
        assert_eq!(got, expected, "{pieces} ({side} to move)");
        let mut pos = setup(standard(), pieces, side);
        assert_eq!(ending_of(&mut pos), None, "standard rules: {pieces}");
    }
}

/// Only the two royals and dead pieces left, neither attacked: drawn.
#[test]
fn kings_and_dead_pieces_alone_draw() {
    let drawn = "K@a1 P@b12 L@c12 k@l12 p@k1";
    let mut pos = setup(lishogi(), drawn, 'w');
    let end = ending_of(&mut pos).expect("drawn");
    assert_eq!((end.winner, end.reason), (None, Reason::KingsOnly));
    assert_eq!(end.result(), "1/2-1/2");
    for pieces in [
        // A Pawn that can still move.
        "K@a1 P@b11 k@l12",
        // A royal attacked.
        "K@f6 k@g7",
    ] {
        let mut pos = setup(lishogi(), pieces, 'w');
        assert_eq!(ending_of(&mut pos), None, "{pieces}");
    }
    let mut pos = setup(standard(), drawn, 'w');
    assert_eq!(ending_of(&mut pos), None);
}

/// The same start position counts under both rule sets to depth 3, by
/// effect and by path (lishogi's shogiops: 36 / 1296 / 52599 by path).
#[test]
fn start_position_perft_is_the_same_under_both_rule_sets() {
    use kyodai::perft::{Counting, perft_parallel};
    for (counting, expected) in [(Counting::Path, 52599), (Counting::Effect, 48315)] {
        for v in [lishogi(), standard()] {
            let pos = Position::start(v);
            assert_eq!(perft_parallel(&pos, 3, 1, None, counting), expected);
        }
    }
}

#[test]
fn the_fen_helper_matches_the_variant() {
    // Guards the piece lists above: a 12x12 board.
    assert_eq!(
        fen(lishogi(), "K@a1 k@l12", 'w'),
        "11k/12/12/12/12/12/12/12/12/12/12/K11 w - 0 1"
    );
}
