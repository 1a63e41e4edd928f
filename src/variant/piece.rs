//! A piece type as move generation and the board read it: its movement
//! compiled into rays per colour, its powers, promotion, value and flags.

use crate::types::{Color, Kind};

/// A special power implemented in code and named in the data.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Power {
    None,
    /// Two king steps a turn: step, jump to distance 2, igui, hit and run,
    /// double capture, pass.
    Lion,
    /// Up to three king steps along one line (Cashew/Macadamia Wolf, the
    /// Saint): jumps to distance 1-3, igui, and captures of the first
    /// and/or second square on the way to a later one; pass.
    Wolf,
    /// A slide, one optional 90-degree turn on an empty square, and a
    /// second slide: orthogonal (Hook Mover) or diagonal (Goblin,
    /// Capricorner).
    Hook {
        diagonal: bool,
    },
    /// Macadamia's Emperor: leaps to any empty square and captures any
    /// enemy piece except a protected enemy royal.
    Emperor,
    /// The Lion's capture-first double step and its pass on diagonal steps
    /// only (Nutty's Harpy, Suzumu's Free Eagle); their direct moves, jumps
    /// included, are ordinary movement.
    DiagonalLion,
}

/// A Fire Demon's burning (docs/rules/nutty.md 5.1, suzumu.md 5.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Burn {
    None,
    /// Nutty: every adjacent enemy burns after the Demon's move, and an
    /// enemy ending its move next to the Demon burns.
    Auto,
    /// Suzumu: after moving to another square the Demon may take up to two
    /// adjacent enemies that are not Fire Demons, as kill squares.
    Choose,
}

/// Capture by jumping along a slide line (Tenjiku-family Generals).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Jump {
    /// Most pieces jumped; 0 = any number.
    pub max: u8,
    /// Jumped enemies may be captured in passing (Suzumu).
    pub take_jumped: bool,
    /// The piece taken by jumping must rank below the jumper too (HaChu).
    pub lower_victims: bool,
}

/// A mailbox ray: a direction and how far a piece may go along it.
#[derive(Clone, Copy, Debug)]
pub struct Ray {
    pub delta: i32,
    /// 0 = unlimited.
    pub range: u8,
    pub can_move: bool,
    pub can_capture: bool,
    /// The ray starts on its second square (Betza `j`: the Tetrarchs).
    pub skip_first: bool,
    /// Squares of the ray (bit n-1 for the n-th) that the piece reaches
    /// anyway, whatever stands between, so the ray must not emit them
    /// again: a Ghost's Queen slide within its Lion jumps, a Saint's
    /// within its Wolf jumps, a Fire Demon's first steps within its area
    /// move, a Harpy's second square within its A and D jumps.
    pub covered: u8,
}

#[derive(Clone, Debug)]
pub struct PieceType {
    /// Upper-case token as in FEN: `K`, `+H`, `N'`.
    pub token: String,
    pub name: String,
    /// XBetza for XBoard's `piece` command.
    pub xbetza: String,
    pub promotes_to: Option<Kind>,
    /// This type is the promoted form of another.
    pub promoted: bool,
    pub royal: bool,
    pub power: Power,
    /// How many far ranks the piece could never leave (Pawn, Lance: 1;
    /// Dai's Knight: 2): reaching them offers promotion under the Chu rule.
    pub dead_ranks: u8,
    pub bridge: bool,
    /// Capturing this piece turns the capturer into this type
    /// (Macadamia's Saint/Ghost contagion), unless the capturer is royal or
    /// promotes to a royal (`is_exempt_from_contagion`).
    pub contagion: Option<Kind>,
    /// XBoard piece slot (0-64, 65 for the King) in the `setup` table.
    pub slot: Option<u8>,
    /// HaChu 0.21 moves this type wrongly or not at all (rules files §8),
    /// so its moves are avoided when playing HaChu-compatible moves.
    pub hachu_misplays: bool,
    /// King steps of the area move (0 = none).
    pub area: u8,
    /// An area move may end back on its start square: a pass (`area-pass`,
    /// yes unless the data says no).
    pub area_pass: bool,
    pub burn: Burn,
    /// Adjacent enemies taken at once without moving (0 = no igui).
    pub igui: u8,
    pub jump: Option<Jump>,
    /// Jump rank: a jumping piece passes only over lower ranks. Royals
    /// have the highest and are never jumped.
    pub rank: u8,
    /// Freezes adjacent enemies that do not freeze (Heavenly Tetrarch).
    pub freezes: bool,
    /// Moves that the generic attack test (reach, leaps, Lion jumps)
    /// does not see: area moves, burns, igui, jumps, skipped first
    /// squares, or a promotion into a burning Demon. The position keeps
    /// the squares of such pieces, and the attack test generates their
    /// moves.
    pub special: bool,
    /// Removes pieces it neither lands on nor names as kills: it burns
    /// (any `Burn`), or promotes into a piece that burns automatically.
    /// Such a move may capture next to its destination, and a move to an
    /// empty square may capture.
    pub burns: bool,
    /// Threatens every square within two steps whatever stands between:
    /// a Lion, or a Fire Demon that burns. The position keeps their
    /// squares for the evaluation's threat terms.
    pub striker: bool,
    /// Moves only along its rays: no power, stings, area move or igui
    /// (move generation skips looking for them).
    pub rays_only: bool,
    pub value: i32,
    pub(super) rays: [Vec<Ray>; 2],
    /// Step deltas with limited Lion power, per colour.
    pub(super) stings: [Vec<i32>; 2],
    /// How far the piece captures along each of `KING_STEPS` (0 = not at
    /// all, `UNLIMITED`), per colour: the attack test walks out from the
    /// target and asks the first piece met.
    pub(super) reach: [[u8; 8]; 2],
    /// Capturing leaps that are not king steps (Kirin's D, Phoenix's A),
    /// per colour.
    pub(super) leaps: [Vec<i32>; 2],
}

/// `reach` value of an unlimited slide.
pub const UNLIMITED: u8 = u8::MAX;

/// The largest `value=` a piece may have, in centipawns (a built-in
/// Fire Demon has 3,000): a side's material stays far inside an `i32` on
/// the largest board, and the evaluation holds its sum short of the
/// search's mate scores (`eval::EVAL_LIMIT`).
pub const MAX_PIECE_VALUE: i32 = 50_000;

impl PieceType {
    #[inline]
    pub fn rays(&self, color: Color) -> &[Ray] {
        &self.rays[color.index()]
    }

    #[inline]
    pub fn stings(&self, color: Color) -> &[i32] {
        &self.stings[color.index()]
    }

    /// Betza's mobility measure: the average number of squares the piece
    /// reaches from each square of an empty 12x12 board. Powers count the
    /// squares they add: a Lion or Wolf its 24 extra targets; a hook mover
    /// as much again as its slides (on an empty board it reaches almost
    /// everything, but in play its turning squares are few); an Emperor
    /// like a Lion, since a leap anywhere is worth little more than strong
    /// local control; a sting 2. `kyodai values` prints it for every piece.
    pub fn mobility(&self) -> f64 {
        let side = 12i32;
        let mut total = 0i32;
        for y in 0..side {
            for x in 0..side {
                let mut slides = 0;
                for r in self.rays(Color::White) {
                    let (dx, dy) = unpack(r.delta);
                    let mut n = 0;
                    let (mut cx, mut cy) = (x + dx, y + dy);
                    while (0..side).contains(&cx)
                        && (0..side).contains(&cy)
                        && (r.range == 0 || n < r.range as i32)
                    {
                        n += 1;
                        cx += dx;
                        cy += dy;
                    }
                    slides += n;
                }
                total += slides
                    + match self.power {
                        Power::None | Power::DiagonalLion => 0,
                        Power::Lion | Power::Wolf | Power::Emperor => 24,
                        Power::Hook { .. } => slides,
                    };
                total += 2 * self.stings(Color::White).len() as i32;
            }
        }
        total as f64 / (side * side) as f64
    }

    /// Default value when the data gives none, from `mobility`: 25
    /// centipawns a square plus 50, which puts Chu's Rook (22 squares) at
    /// 600, the value players quote; step movers come out lower (Gold
    /// 183) than players rate them, which is why the data gives values.
    pub fn mobility_value(&self) -> i32 {
        (self.mobility() * 25.0 + 50.0) as i32
    }

    #[inline]
    pub fn reach(&self, color: Color, direction: usize) -> u8 {
        self.reach[color.index()][direction]
    }

    #[inline]
    pub fn leaps(&self, color: Color) -> &[i32] {
        &self.leaps[color.index()]
    }

    /// Neither royal nor a piece that can end up dead on a far rank (a
    /// Pawn or Lance): what a side needs to escape the bare-king and
    /// kings-only rules (`Position::strong_pieces`).
    #[inline]
    pub fn is_strong(&self) -> bool {
        !self.royal && self.dead_ranks == 0
    }

    /// A Lion for Chu's trading rules (the Lion and the promoted Kirin).
    #[inline]
    pub fn is_lion(&self) -> bool {
        self.power == Power::Lion
    }

    /// A Fire Demon of either kind.
    #[inline]
    pub fn is_demon(&self) -> bool {
        self.burn != Burn::None
    }
}

/// Inverse of `delta` for small vectors.
pub(super) fn unpack(d: i32) -> (i32, i32) {
    let s = crate::types::STRIDE as i32;
    let dy = (d + s / 2).div_euclid(s);
    (d - dy * s, dy)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::delta;

    #[test]
    fn unpack_inverts_delta() {
        for dx in -3..=3 {
            for dy in -3..=3 {
                assert_eq!(unpack(delta(dx, dy)), (dx, dy));
            }
        }
    }
}
