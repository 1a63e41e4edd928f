//! Static evaluation from the side to move's view: material and placement
//! (both kept incrementally by the board; the placement tables are built per
//! variant from the board geometry when the variant is loaded) plus royal
//! shelter.

use crate::board::Position;
use crate::types::{CELLS, Color, KING_STEPS, Piece, Square};
use crate::variant::Variant;

/// A variant's evaluation weights, in centipawns, read from its
/// `engine.ini` section as `eval-NAME = VALUE` (piece values are the
/// pieces' `value=` flags). The defaults are first estimates for Chu,
/// kept because games against HaChu went well with them: each is small
/// next to a Pawn (100) so that placement breaks ties between equal
/// material and never outweighs it.
#[derive(Clone, Debug, PartialEq)]
pub struct EvalParams {
    /// A royal loses this much per rank it stands away from its home rank
    /// (`eval-royal-rank`): a King that walks out meets the long-range
    /// pieces.
    pub royal_rank: i32,
    /// ... and this much per file away from the corner-most file
    /// (`eval-royal-file`), counted from the centre.
    pub royal_file: i32,
    /// Pieces worth at most `slow_value` (`eval-slow-value`) gain
    /// `advance` (`eval-advance`) per rank they have moved up, to the
    /// middle of the board plus one: step movers only fight once they get
    /// there.
    pub advance: i32,
    pub slow_value: i32,
    /// Every non-royal piece loses this much per file away from the
    /// centre (`eval-centre`): central pieces reach more squares.
    pub centre: i32,
    /// Each friendly piece next to a royal (`eval-shelter`).
    pub shelter: i32,
    /// Each enemy piece next to a royal (`eval-royal-attacker`).
    pub royal_attacker: i32,
}

impl Default for EvalParams {
    fn default() -> Self {
        EvalParams {
            royal_rank: 12,
            royal_file: 2,
            advance: 4,
            slow_value: 400,
            centre: 3,
            shelter: 8,
            royal_attacker: 25,
        }
    }
}

impl EvalParams {
    /// Set the weight an `eval-NAME` key names.
    pub fn set(&mut self, name: &str, value: &str) -> Result<(), String> {
        let v: i32 = value
            .trim()
            .parse()
            .map_err(|_| format!("eval-{name} needs a whole number of centipawns"))?;
        if v.abs() > 10_000 {
            return Err(format!("eval-{name} = {v} is out of range"));
        }
        let slot = match name {
            "royal-rank" => &mut self.royal_rank,
            "royal-file" => &mut self.royal_file,
            "advance" => &mut self.advance,
            "slow-value" => &mut self.slow_value,
            "centre" => &mut self.centre,
            "shelter" => &mut self.shelter,
            "royal-attacker" => &mut self.royal_attacker,
            _ => return Err(format!("unknown evaluation weight 'eval-{name}'")),
        };
        *slot = v;
        Ok(())
    }
}

/// Placement scores for every coloured piece on every cell, White-positive,
/// indexed `piece.index() * CELLS + cell`. The board sums them
/// incrementally as pieces move.
pub fn placement_scores(v: &Variant) -> Vec<i16> {
    let w = &v.eval;
    let mut table = vec![0i16; 256 * CELLS];
    let cx = (v.width as f64 - 1.0) / 2.0;
    for (kind, t) in v.pieces.iter().enumerate() {
        for color in Color::BOTH {
            let piece = Piece::new(color, kind as u8);
            for &sq in &v.squares {
                // Rank counted from the owner's side.
                let own_rank = match color {
                    Color::White => sq.rank(),
                    Color::Black => v.height - 1 - sq.rank(),
                } as f64;
                let file_off = (sq.file() as f64 - cx).abs();
                let score = if t.royal {
                    // Royals are safest at home and away from the centre
                    // files, where the long-range pieces meet.
                    -(w.royal_rank as f64) * own_rank - w.royal_file as f64 * file_off
                } else {
                    // Central files give more scope; stepping pieces gain by
                    // moving up to take part in the fight.
                    let slow = t.value <= w.slow_value;
                    let advance = if slow {
                        w.advance as f64 * own_rank.min(v.height as f64 / 2.0 + 1.0)
                    } else {
                        0.0
                    };
                    advance - w.centre as f64 * file_off
                };
                let s = if color == Color::White { score } else { -score };
                table[piece.index() * CELLS + sq.index()] = s as i16;
            }
        }
    }
    table
}

/// Score in centipawns for the side to move.
pub fn evaluate(pos: &Position) -> i32 {
    let mut score = pos.material(Color::White) - pos.material(Color::Black) + pos.placement();
    for color in Color::BOTH {
        for &sq in pos.royal_squares(color) {
            score += royal_shelter(pos, sq, color);
        }
    }
    if pos.side() == Color::White {
        score
    } else {
        -score
    }
}

/// Friendly pieces next to a royal shield it; enemies next to it threaten.
fn royal_shelter(pos: &Position, sq: Square, color: Color) -> i32 {
    let w = &pos.variant().eval;
    let mut s = 0;
    for &d in &KING_STEPS {
        if let Some(p) = pos.piece_at(sq.offset(d)) {
            s += if p.color() == color {
                w.shelter
            } else {
                -w.royal_attacker
            };
        }
    }
    if color == Color::White { s } else { -s }
}

#[cfg(test)]
mod tests {
    use crate::board::Position;
    use crate::variant::VariantSet;

    /// A 5x5 board with Kings and Gold Generals, its weights from `eval`.
    fn mini(eval: &str) -> Result<VariantSet, String> {
        VariantSet::parse(&format!(
            "[mini]\nboard = 5x5\nzone = 1\n{eval}start = 2k2/5/5/5/2K2 w\n\
             piece = K | King | K | K | - | royal\npiece = G | Gold | WfF | WfF | - | value=500\n"
        ))
    }

    fn score(set: &'static VariantSet, fen: &str) -> i32 {
        super::evaluate(&Position::from_fen(&set.variants[0], fen).unwrap())
    }

    #[test]
    fn weights_come_from_the_ini() {
        let set: &'static VariantSet = Box::leak(Box::new(
            mini("eval-royal-rank = 30\neval-shelter = 40\neval-royal-attacker = 70\n").unwrap(),
        ));
        let w = &set.variants[0].eval;
        assert_eq!((w.royal_rank, w.shelter, w.royal_attacker), (30, 40, 70));
        // The white King one rank up: 30 worse for White.
        assert_eq!(
            score(set, "2k2/5/5/5/2K2 w") - score(set, "2k2/5/5/2K2/5 w"),
            30
        );
        // A Gold beside the white King rather than on the same file away
        // from both Kings (Golds are not slow: no advance term): shelter;
        // an enemy Gold there: an attacker.
        let apart = score(set, "2k2/5/1G3/5/2K2 w");
        assert_eq!(score(set, "2k2/5/5/5/1GK2 w") - apart, 40);
        let apart = score(set, "2k2/5/1g3/5/2K2 w");
        assert_eq!(score(set, "2k2/5/5/5/1gK2 w") - apart, -70);
    }

    #[test]
    fn unknown_or_bad_weights_are_refused() {
        assert!(mini("eval-sheltre = 3\n").is_err());
        assert!(mini("eval-shelter = lots\n").is_err());
        assert!(mini("eval-shelter = 99999\n").is_err());
    }
}
