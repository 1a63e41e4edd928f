//! Static evaluation from the side to move's view: material and placement
//! (both kept incrementally by the board; the placement tables are built per
//! variant from the board geometry when the variant is loaded) plus royal
//! shelter.

use crate::board::Position;
use crate::types::{CELLS, Color, KING_STEPS, Piece, Square};
use crate::variant::Variant;

/// Placement scores for every coloured piece on every cell, White-positive,
/// indexed `piece.index() * CELLS + cell`. The board sums them
/// incrementally as pieces move.
pub fn placement_scores(v: &Variant) -> Vec<i16> {
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
                    -12.0 * own_rank - 2.0 * file_off
                } else {
                    // Central files give more scope; stepping pieces gain by
                    // moving up to take part in the fight.
                    let slow = t.value <= 400;
                    let advance = if slow {
                        4.0 * own_rank.min(v.height as f64 / 2.0 + 1.0)
                    } else {
                        0.0
                    };
                    advance - 3.0 * file_off
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
    let mut s = 0;
    for &d in &KING_STEPS {
        if let Some(p) = pos.piece_at(sq.offset(d)) {
            s += if p.color() == color { 8 } else { -25 };
        }
    }
    if color == Color::White { s } else { -s }
}
