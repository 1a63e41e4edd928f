//! Static evaluation from the side to move's view: material (kept
//! incrementally by the board) plus placement tables built per variant from
//! the board geometry.

use crate::board::Position;
use crate::types::{CELLS, Color, KING_STEPS, Square};
use crate::variant::Variant;

pub struct Evaluator {
    /// `placement[piece index][cell]`, White-positive, by coloured piece.
    placement: Vec<Vec<i16>>,
}

impl Evaluator {
    pub fn new(v: &Variant) -> Evaluator {
        let mut placement = vec![vec![0i16; CELLS]; 256];
        let cx = (v.width as f64 - 1.0) / 2.0;
        for (kind, t) in v.pieces.iter().enumerate() {
            for color in Color::BOTH {
                let piece = crate::types::Piece::new(color, kind as u8);
                for &sq in &v.squares {
                    // Rank counted from the owner's side.
                    let own_rank = match color {
                        Color::White => sq.rank(),
                        Color::Black => v.height - 1 - sq.rank(),
                    } as f64;
                    let file_off = (sq.file() as f64 - cx).abs();
                    let score = if t.royal {
                        // Royals are safest at home, away from the edges'
                        // open files but not in the centre of the front.
                        -12.0 * own_rank - 2.0 * file_off
                    } else {
                        // Central files give more scope; stepping pieces
                        // gain by moving up to take part in the fight.
                        let slow = t.value <= 400;
                        let advance = if slow {
                            4.0 * own_rank.min(v.height as f64 / 2.0 + 1.0)
                        } else {
                            0.0
                        };
                        advance - 3.0 * file_off
                    };
                    let s = if color == Color::White { score } else { -score };
                    placement[piece.index()][sq.index()] = s as i16;
                }
            }
        }
        Evaluator { placement }
    }

    /// Score in centipawns for the side to move.
    pub fn evaluate(&self, pos: &Position) -> i32 {
        let v = pos.variant();
        let mut score = pos.material(Color::White) - pos.material(Color::Black);
        for &sq in &v.squares {
            if let Some(p) = pos.piece_at(sq) {
                score += self.placement[p.index()][sq.index()] as i32;
                if v.piece(p.kind()).royal {
                    score += royal_shelter(pos, sq, p.color());
                }
            }
        }
        if pos.side() == Color::White {
            score
        } else {
            -score
        }
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
