//! A game under the rules: which moves may be played now, playing one
//! checked move (the repetition rule included), and whether the game has
//! ended and how. The CECP engine and the match referee both ask here, so
//! an engine and the referee never disagree on a result.

use crate::board::Position;
use crate::movegen::{generate, parse_move_as_played, royal_attacked};
use crate::moves::Move;
use crate::repetition::{self, Verdict};
use crate::types::{Color, Piece, Square};
use crate::variant::Repetition;
use std::fmt;

/// Why a game ended by the rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reason {
    /// The loser has no royal piece left (captured, or burnt in Nutty).
    LastRoyalLost,
    /// The loser is to move and has no legal move.
    NoLegalMove,
    /// The repetition rule of the variant decided (a loss or a draw).
    Repetition,
    /// lishogi's repetition rule: the loser attacked with every move of a
    /// position's fourfold repetition (`Repetition::FourfoldPerpetual`);
    /// Wa's: the loser checked with every move of its cycle
    /// (`Repetition::FourfoldCheck`).
    PerpetualCheck,
    /// The loser has a bare royal (`Variant::bare_king`).
    BareKing,
    /// A draw: one royal a side and dead pieces are all that is left
    /// (`Variant::kings_only_draw`).
    KingsOnly,
}

impl Reason {
    /// A short fixed name (`kyodai perft --outcome` prints it).
    pub fn name(self) -> &'static str {
        match self {
            Reason::LastRoyalLost => "last-royal-lost",
            Reason::NoLegalMove => "no-legal-move",
            Reason::Repetition => "repetition",
            Reason::PerpetualCheck => "perpetual-check",
            Reason::BareKing => "bare-king",
            Reason::KingsOnly => "kings-only",
        }
    }
}

/// A game's end: the winner (`None`: drawn) and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ending {
    pub winner: Option<Color>,
    pub reason: Reason,
}

impl Ending {
    /// The result as CECP and PGN write it (`1-0`: the first mover won).
    pub fn result(&self) -> &'static str {
        result_text(self.winner)
    }
}

/// `1-0`, `0-1` or `1/2-1/2` for a winner (`None`: a draw).
pub fn result_text(winner: Option<Color>) -> &'static str {
    match winner {
        Some(Color::White) => "1-0",
        Some(Color::Black) => "0-1",
        None => "1/2-1/2",
    }
}

/// The winner a result text (`1-0`, `0-1`, `1/2-1/2`) names, `None`
/// inside for a draw; `None` for any other text (`*`).
pub fn winner_of(result: &str) -> Option<Option<Color>> {
    [Some(Color::White), Some(Color::Black), None]
        .into_iter()
        .find(|&w| result_text(w) == result)
}

/// The side's name for players: Sente moves first, Gote second.
pub fn side_name(c: Color) -> &'static str {
    match c {
        Color::White => "Sente",
        Color::Black => "Gote",
    }
}

impl fmt::Display for Ending {
    /// The reason as a result comment says it (`Gote lost its last royal`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let loser = self.winner.map(|w| side_name(w.flip()));
        match (self.reason, loser) {
            (Reason::KingsOnly, _) => write!(f, "draw: only kings and dead pieces remain"),
            (_, None) => write!(f, "repetition"),
            (Reason::LastRoyalLost, Some(l)) => write!(f, "{l} lost its last royal"),
            (Reason::NoLegalMove, Some(l)) => write!(f, "{l} has no legal move"),
            (Reason::Repetition, Some(l)) => write!(f, "{l} loses by the repetition rule"),
            (Reason::PerpetualCheck, Some(l)) => write!(f, "{l} loses by perpetual check"),
            (Reason::BareKing, Some(l)) => write!(f, "{l} has a bare king"),
        }
    }
}

/// Why a move text was not played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayError {
    /// The text names no legal move here (the reason from the move parser).
    Illegal(String),
    /// The move is legal on the board but recreates an earlier position,
    /// which the variant's repetition rule forbids.
    RepeatsPosition,
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::Illegal(why) => write!(f, "{why}"),
            PlayError::RepeatsPosition => write!(f, "repeats earlier position"),
        }
    }
}

/// Every legal move, those the strict repetition rule bans left out.
pub fn legal_moves(pos: &mut Position) -> Vec<Move> {
    let mut legal = Vec::new();
    generate(pos, &mut legal);
    legal.retain(|&mv| {
        pos.make(mv);
        let illegal = repetition::verdict(pos) == Some(Verdict::Illegal);
        pos.unmake();
        !illegal
    });
    legal
}

/// Play the move `text` names if the rules allow it, and say whether it
/// ended the game; on an error the position is unchanged. `as_played`:
/// take a capture the rules make promote, given without `+`, unpromoted
/// (`parse_move_as_played`).
pub fn play_text(
    pos: &mut Position,
    text: &str,
    as_played: bool,
) -> Result<(Move, Option<Ending>), PlayError> {
    let mv = parse_move_as_played(pos, text, as_played).map_err(PlayError::Illegal)?;
    play_accepted(pos, mv).map(|ending| (mv, ending))
}

/// Play `mv`, a move the board allows (`accepted_moves`), if the
/// repetition rule allows it too, and say whether it ended the game; on an
/// error the position is unchanged.
pub fn play_accepted(pos: &mut Position, mv: Move) -> Result<Option<Ending>, PlayError> {
    pos.make(mv);
    let verdict = repetition::verdict(pos);
    if verdict == Some(Verdict::Illegal) {
        pos.unmake();
        return Err(PlayError::RepeatsPosition);
    }
    Ok(ending(pos, verdict))
}

/// Play a move already known to be legal (a search's choice) and say
/// whether it ended the game.
pub fn play(pos: &mut Position, mv: Move) -> Option<Ending> {
    pos.make(mv);
    let verdict = repetition::verdict(pos);
    ending(pos, verdict)
}

/// Whether the game is over after the move just made: by the repetition
/// rule's `verdict` on it, or because a side has lost its last royal
/// (`Position::royals_lost`: not a side set up without royals) or the side
/// to move has no legal move (both lose); where the variant has them, then
/// by a bare royal (the side to move's first) and by only royals and dead
/// pieces being left (a draw), in lishogi's order (shogiops'
/// `Chushogi.outcome`). A repetition cannot coincide with those: they
/// depend on the board alone, and would have ended the game at the
/// position's first occurrence.
pub fn ending(pos: &mut Position, verdict: Option<Verdict>) -> Option<Ending> {
    let side = pos.side();
    let v = pos.variant();
    let draw = |reason| {
        Some(Ending {
            winner: None,
            reason,
        })
    };
    let (loser, reason) = match verdict {
        Some(Verdict::Draw) => return draw(Reason::Repetition),
        Some(Verdict::Loss(c))
            if matches!(
                v.repetition,
                Repetition::FourfoldPerpetual | Repetition::FourfoldCheck
            ) =>
        {
            (c, Reason::PerpetualCheck)
        }
        Some(Verdict::Loss(c)) => (c, Reason::Repetition),
        _ if pos.royals_lost(side) => (side, Reason::LastRoyalLost),
        _ if pos.royals_lost(side.flip()) => (side.flip(), Reason::LastRoyalLost),
        _ if legal_moves(pos).is_empty() => (side, Reason::NoLegalMove),
        _ => return material_ending(pos),
    };
    Some(Ending {
        winner: Some(loser.flip()),
        reason,
    })
}

/// How the game has ended by lishogi's material rules, the bare king and
/// the kings-only draw, where the variant has them (checked in this order
/// by `ending`, and by the search in its tree).
pub fn material_ending(pos: &Position) -> Option<Ending> {
    let v = pos.variant();
    // Both rules need a side with nothing but royals, Pawns and Lances.
    if !(v.bare_king || v.kings_only_draw) || Color::BOTH.iter().all(|&c| pos.strong_pieces(c) > 0)
    {
        return None;
    }
    let side = pos.side();
    for loser in [side, side.flip()] {
        if v.bare_king && has_bare_king(pos, loser) {
            return Some(Ending {
                winner: Some(loser.flip()),
                reason: Reason::BareKing,
            });
        }
    }
    (v.kings_only_draw && only_kings_left(pos)).then_some(Ending {
        winner: None,
        reason: Reason::KingsOnly,
    })
}

/// `color`'s pieces that count: not dead (a Pawn or Lance on its last
/// rank: `dead-ranks`), and, with `worthless_too`, not a `bridge` piece
/// either (the Pawn and the Go-Between).
fn counted_pieces(
    pos: &Position,
    color: Color,
    worthless_too: bool,
) -> impl Iterator<Item = (Square, Piece)> + '_ {
    let v = pos.variant();
    pos.pieces(color).filter(move |&(sq, p)| {
        let t = v.piece(p.kind());
        !(v.is_dead_square(t, color, sq) || worthless_too && t.bridge)
    })
}

/// The bare-king rule as lishogi applies it (shogiops'
/// `Chushogi.isBareKing`): `color` has lost if its only piece, dead ones
/// aside, is one royal, while the other side has exactly one royal and
/// besides it a piece that counts (neither a Pawn, a Go-Between nor dead),
/// unless that royal is attacked, or that side has a single such piece
/// and it stands next to the bare royal (which could take it).
fn has_bare_king(pos: &Position, color: Color) -> bool {
    let other = color.flip();
    if pos.royals(color) != 1 || counted_pieces(pos, color, false).nth(1).is_some() {
        return false;
    }
    let bare = pos.royal_squares(color)[0];
    // The other side's royal is among its counted pieces.
    let theirs = counted_pieces(pos, other, true).count();
    pos.royals(other) == 1
        && theirs > 1
        && !royal_attacked(pos, other)
        && (theirs > 2 || counted_pieces(pos, other, true).all(|(sq, _)| sq.distance(bare) != 1))
}

/// lishogi's draw (shogiops' `Chushogi.isDraw`): one royal a side, no other
/// piece but dead ones, and neither royal attacked.
fn only_kings_left(pos: &Position) -> bool {
    Color::BOTH.iter().all(|&c| {
        pos.royals(c) == 1
            && counted_pieces(pos, c, false).nth(1).is_none()
            && !royal_attacked(pos, c)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::VariantSet;

    fn chu(fen: &str) -> Position {
        let v = VariantSet::builtin().find("chu").expect("chu is built in");
        Position::from_fen(v, fen).expect("test FEN reads")
    }

    #[test]
    fn taking_the_last_royal_ends_the_game_for_its_owner() {
        // Sente's Rook takes Gote's only King.
        let mut pos = chu("k11/12/12/12/12/12/12/12/12/12/12/R10K w - 0 1");
        let (_, end) = play_text(&mut pos, "a1a12", false).expect("legal capture");
        let end = end.expect("the game is over");
        assert_eq!(end.winner, Some(Color::White));
        assert_eq!(end.reason, Reason::LastRoyalLost);
        assert_eq!(end.result(), "1-0");
        assert_eq!(end.to_string(), "Gote lost its last royal");
    }

    #[test]
    fn an_illegal_text_leaves_the_position_unchanged() {
        let mut pos = chu("k11/12/12/12/12/12/12/12/12/12/12/R10K w - 0 1");
        let before = pos.hash();
        assert!(matches!(
            play_text(&mut pos, "a1b3", false),
            Err(PlayError::Illegal(_))
        ));
        assert!(matches!(
            play_text(&mut pos, "zz", false),
            Err(PlayError::Illegal(_))
        ));
        assert_eq!(pos.hash(), before);
        assert_eq!(pos.ply(), 0);
    }

    #[test]
    fn a_quiet_move_does_not_end_the_game() {
        let mut pos = chu("k11/12/12/12/12/12/12/12/12/12/12/R10K w - 0 1");
        let (_, end) = play_text(&mut pos, "a1a5", false).expect("legal");
        assert_eq!(end, None);
    }

    #[test]
    fn the_strict_repetition_rule_refuses_the_move_and_keeps_the_position() {
        // Chu: recreating a position is illegal (Kings shuffle back).
        let mut pos = chu("k11/12/12/12/12/12/12/12/12/12/12/R10K w - 0 1");
        for m in ["l1l2", "a12a11", "l2l1"] {
            play_text(&mut pos, m, false).expect("legal");
        }
        let before = pos.hash();
        assert_eq!(
            play_text(&mut pos, "a11a12", false),
            Err(PlayError::RepeatsPosition)
        );
        assert_eq!(pos.hash(), before);
    }

    #[test]
    fn a_side_set_up_without_royals_plays_on_until_the_other_loses_its_last() {
        // A mate problem: Sente has no King, only a Rook; Gote has a King.
        let mut pos = chu("k11/12/12/12/12/12/12/12/12/12/12/R11 w - 0 1");
        assert!(!pos.is_over());
        assert!(!pos.royals_lost(Color::White));
        assert_eq!(ending(&mut pos, None), None);
        assert!(!legal_moves(&mut pos).is_empty());
        let (_, end) = play_text(&mut pos, "a1a12", false).expect("legal capture");
        let end = end.expect("Gote has lost its last royal");
        assert_eq!(end.winner, Some(Color::White));
        assert_eq!(end.reason, Reason::LastRoyalLost);
    }

    #[test]
    fn a_side_set_up_with_royals_still_loses_the_last() {
        // Gote's Rook takes Sente's only King; Gote has no King itself.
        let mut pos = chu("r11/12/12/12/12/12/12/12/12/12/12/K11 b - 0 1");
        let (_, end) = play_text(&mut pos, "a12a1", false).expect("legal capture");
        let end = end.expect("the game is over");
        assert_eq!(end.winner, Some(Color::Black));
        assert_eq!(end.to_string(), "Sente lost its last royal");
    }
}
