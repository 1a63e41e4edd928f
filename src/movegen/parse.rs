//! Reading a move: the legal move a move string names.

use super::burns::is_capture;
use super::legal::accepted_moves;
use super::promotion::converts;
use crate::board::Position;
use crate::moves::{Move, MoveText};
use crate::variant::PromotionRule;

/// Find the legal move a move string names (docs/notation.md notation): kill
/// squares in any order, `@@@@`, `f6f6` and `f6f7,f7f6` over an empty `f7`
/// for a pass, `=` or no suffix to decline promotion. Lion-trading rule 1
/// is read the lenient way ([H]: protection judged after the move), so that
/// every move HaChu or the association's rules allow is accepted.
/// Repetition is not checked here.
pub fn parse_move(pos: &Position, text: &str) -> Result<Move, String> {
    let v = pos.variant();
    let mut t = MoveText::parse(text, v.width, v.height)?;
    let legal = accepted_moves(pos);
    let pass = t.null || t.as_pass(t.kills.first().is_some_and(|&k| pos.cell(k).is_empty()));
    let found = if pass {
        // `f6f6+` (or `f6f7,f7f6+`) promotes in place (Suzumu).
        let promote = t.promote == Some(true);
        legal.iter().find(|m| {
            m.from() == m.to()
                && m.kills().is_empty()
                && m.promotes() == promote
                && (t.null || m.from() == t.from)
        })
    } else {
        // A leg through an empty square removes nothing: `f6f7,f7f8` over an
        // empty f7 is the jump `f6f8`. Only a two-leg move may be read
        // that way; in a three-leg move every kill square must hold a
        // piece (docs/rules/suzumu.md 7.5), except the destination when the path
        // passes it first (the Cashew Wolf's `g7g8,g8g9,g9g8` over an empty
        // g8, cashew.md 7).
        let to = t.to;
        if t.kills.len() > 1 && t.kills.iter().any(|k| *k != to && pos.cell(*k).is_empty()) {
            return Err("a kill square of a three-leg move is empty".to_string());
        }
        t.kills.retain(|k| !pos.cell(*k).is_empty());
        // A victim on the destination is taken by arriving there: the
        // Wolf's `g7g8,g8g9,g9g8` is `g7g9,g9g8` onto an enemy g8.
        t.kills.retain(|k| *k != to);
        // Suffixes where the rules leave no choice. Saint/Ghost contagion
        // has no notation of its own: whatever suffix comes with a
        // converting capture (`+`, `=`, none, or the letters `z`/`j` of
        // HaChu's suffix table, docs/rules/macadamia.md 8.15), the rules decide.
        // And XBoard 4.9.1 appends a promotion letter of its own (`a2a1q`)
        // to a Pawn reaching the last rank where only captures promote: a
        // letter on a non-capture that cannot promote changes nothing.
        let contagion_letter = t.letter.is_none_or(|c| matches!(c, 'z' | 'j'));
        let bare = t.without_suffix();
        let no_choice = |m: Move| {
            !is_capture(pos, m)
                && !legal
                    .iter()
                    .any(|&o| o.promotes() && o.with_promotion(false) == m)
        };
        legal.iter().find(|m| m.matches(&t)).or_else(|| {
            legal.iter().find(|&&m| {
                m.matches(&bare)
                    && ((contagion_letter && converts(pos, m))
                        || (t.letter.is_some() && no_choice(m)))
            })
        })
    };
    found.copied().ok_or_else(|| {
        if pass && v.no_double_pass && pos.state().skipped(pos.side()) {
            return "no pass on two turns running".to_string();
        }
        // Say why when only the promotion choice is wrong.
        let bare = t.without_suffix();
        let effect_is_legal = legal.iter().any(|m| m.matches(&bare));
        let promoting_is_legal = legal.iter().any(|m| {
            m.promotes()
                && m.matches(&MoveText {
                    promote: Some(true),
                    ..bare.clone()
                })
        });
        match (effect_is_legal, promoting_is_legal, t.promote) {
            (false, true, _) => "this move must promote",
            (true, false, Some(true)) => "this move cannot promote",
            _ if t.letter.is_some() => "the piece letter names no conversion here",
            _ => "not a legal move",
        }
        .to_string()
    })
}

/// `parse_move`, and where only captures promote and `as_played` is set,
/// also a capture the rules make promote given without `+`, taken as played
/// (unpromoted). HaChu plays and accepts such captures in Cashew and
/// Macadamia; the rules files let a compatibility mode follow it
/// (cashew.md 8.7, macadamia.md 8.7) rather than refuse the move, and never
/// promote silently (the GUI's board would then differ).
pub fn parse_move_as_played(pos: &Position, text: &str, as_played: bool) -> Result<Move, String> {
    let refused = match parse_move(pos, text) {
        Ok(mv) => return Ok(mv),
        Err(e) => e,
    };
    let v = pos.variant();
    let capture_promotes = matches!(
        v.promotion,
        PromotionRule::CaptureForced | PromotionRule::Capture
    );
    let bare = MoveText::parse(text, v.width, v.height).is_ok_and(|t| t.promote.is_none());
    if !(as_played && capture_promotes && bare) {
        return Err(refused);
    }
    match parse_move(pos, &format!("{text}+")) {
        Ok(mv) if mv.promotes() && is_capture(pos, mv) => Ok(mv.with_promotion(false)),
        _ => Err(refused),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::VariantSet;

    #[test]
    fn unpromoted_captures_are_taken_as_played_only_when_asked() {
        // Cashew: a Commoner that captures must promote.
        let v = VariantSet::builtin().find("cashew").unwrap();
        let pos = Position::from_fen(v, "6k6/13/13/13/13/13/6p6/6N6/13/13/13/13/6K6 w").unwrap();
        assert!(parse_move_as_played(&pos, "g6g7", false).is_err());
        let mv = parse_move_as_played(&pos, "g6g7", true).unwrap();
        assert!(!mv.promotes() && is_capture(&pos, mv));
        assert_eq!(mv, parse_move(&pos, "g6g7+").unwrap().with_promotion(false));
        // Only captures: a quiet move has nothing to be taken as played.
        assert_eq!(
            parse_move_as_played(&pos, "g6f6", true),
            parse_move(&pos, "g6f6")
        );
        assert!(parse_move_as_played(&pos, "g6g9", true).is_err());
        // Chu's promotions are optional: nothing changes there.
        let chu = VariantSet::builtin().find("chu").unwrap();
        let pos = Position::start(chu);
        assert!(parse_move_as_played(&pos, "a1a2", true).is_err());
    }
}
