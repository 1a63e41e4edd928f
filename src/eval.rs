//! Static evaluation from the side to move's view: material and placement
//! (both kept incrementally by the board; the placement tables are built per
//! variant from the board geometry and the promotions when the variant is
//! loaded), royal shelter, the threats of Lions and Fire Demons, and once
//! one side is left with next to nothing, the mop-up that drives its royal
//! into a corner.

use crate::board::Position;
use crate::types::{CELLS, Color, KING_STEPS, LION_JUMPS, Piece, Square};
use crate::variant::{Burn, PieceType, Variant};

/// The largest `eval-*` weight either way, in centipawns.
pub const MAX_WEIGHT: i32 = 10_000;

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
    /// ... and this much per file it stands from the centre file
    /// (`eval-royal-file`), where every royal of these games starts.
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
    /// Promotion potential (`eval-promotion`), in percent of what the
    /// promotion gains (promoted value minus value): a piece that can
    /// still promote earns that share divided by one plus the ranks it
    /// has yet to go to the zone, and the whole share inside it. Only
    /// where a zone exists; where captures promote anywhere (Cashew,
    /// Macadamia) every capture is equally near.
    pub promotion: i32,
    /// Each enemy piece within two steps of a Lion (`eval-lion-threat`):
    /// the Lion reaches it over anything, and can take it and another, or
    /// take it and step back (igui).
    pub lion_threat: i32,
    /// Each enemy piece within two steps of a burning Fire Demon
    /// (`eval-burn-threat`): one step of the Demon brings it next to it.
    pub burn_threat: i32,
    /// Mop-up (`eval-mop-up`), per step: once one side has at most one
    /// piece besides its royals, Pawns and Lances, and the other side two
    /// or more and `MOP_UP_LEAD` more material, the stronger side gains this
    /// for each step its royals stand nearer the lone royal and for each
    /// step that royal stands from the centre. Material alone scores every
    /// such position alike, and the mate lies beyond the horizon: without
    /// a gradient the search shuffles (a game with King, Crown Prince, Rook
    /// and Flying Stag against King and Vertical Mover went 300 plies
    /// without progress), and the royal-rank term even keeps the stronger
    /// side's King at home.
    pub mop_up: i32,
}

/// The material lead (centipawns) the stronger side needs for the mop-up
/// term: with less, the weaker side's Pawns and Lances may still fight.
pub const MOP_UP_LEAD: i32 = 600;

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
            promotion: 0,
            lion_threat: 0,
            burn_threat: 0,
            mop_up: 20,
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
        if v.abs() > MAX_WEIGHT {
            return Err(format!("eval-{name} = {v} is out of range"));
        }
        let slot = self
            .slot(name)
            .ok_or_else(|| format!("unknown evaluation weight 'eval-{name}'"))?;
        *slot = v;
        Ok(())
    }

    /// The weight an `eval-NAME` key names.
    pub fn get(&self, name: &str) -> Option<i32> {
        self.clone().slot(name).copied()
    }

    fn slot(&mut self, name: &str) -> Option<&mut i32> {
        Some(match name {
            "royal-rank" => &mut self.royal_rank,
            "royal-file" => &mut self.royal_file,
            "advance" => &mut self.advance,
            "slow-value" => &mut self.slow_value,
            "centre" => &mut self.centre,
            "shelter" => &mut self.shelter,
            "royal-attacker" => &mut self.royal_attacker,
            "promotion" => &mut self.promotion,
            "lion-threat" => &mut self.lion_threat,
            "burn-threat" => &mut self.burn_threat,
            "mop-up" => &mut self.mop_up,
            _ => return None,
        })
    }
}

/// Placement tables learned by `kyodai train` from Kyodai's own games,
/// compiled in, by variant name. Each file's header says what data made
/// it and how to make it again.
const LEARNED_PLACEMENT: &[(&str, &str)] = &[];

/// The shape of a learned placement table: one weight per piece kind per
/// square as its owner sees the board (rank 0 its own back rank), a
/// square and its mirror image across the centre file sharing one.
pub struct TableGeometry {
    pub width: usize,
    pub height: usize,
    /// Files kept per rank: half the board, with the centre file where the
    /// width is odd.
    pub half: usize,
    pub kinds: usize,
}

impl TableGeometry {
    pub fn of(v: &Variant) -> TableGeometry {
        TableGeometry {
            width: v.width,
            height: v.height,
            half: v.width.div_ceil(2),
            kinds: v.pieces.len(),
        }
    }

    pub fn per_kind(&self) -> usize {
        self.half * self.height
    }

    pub fn len(&self) -> usize {
        self.per_kind() * self.kinds
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The weight of `piece` on `sq`. Black's view is the board turned
    /// half round, as the armies of these games are set up.
    pub fn index(&self, piece: Piece, sq: Square) -> usize {
        let (file, rank) = match piece.color() {
            Color::White => (sq.file(), sq.rank()),
            Color::Black => (self.width - 1 - sq.file(), self.height - 1 - sq.rank()),
        };
        let folded = file.min(self.width - 1 - file);
        piece.kind() as usize * self.per_kind() + rank * self.half + folded
    }
}

/// A learned placement table as the engine uses it: for each piece kind
/// and owner-view square (`TableGeometry::index`), the middle game's
/// weight and the ending's, and the material at which the middle game's
/// counts alone.
pub struct LearnedTable {
    pub weights: Vec<[i16; 2]>,
    pub phase_material: i32,
}

/// Reads a table file (`train::table_text` writes them): `#` comment
/// lines, `variant NAME`, `size WxH`, `phase MATERIAL`, then for every
/// piece kind of `v` the lines `piece TOKEN middle` and `piece TOKEN end`
/// with its weights, ranks from the owner's back rank, each from the edge
/// file in.
pub fn read_table(v: &Variant, text: &str) -> Result<LearnedTable, String> {
    let geometry = TableGeometry::of(v);
    let mut weights = vec![[None; 2]; geometry.len()];
    let mut phase_material = None;
    for (n, line) in text.lines().enumerate() {
        let at = |e: String| format!("line {}: {e}", n + 1);
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut words = line.split_whitespace();
        match words.next() {
            Some("variant") => {}
            Some("size") => {
                let want = format!("{}x{}", v.width, v.height);
                if words.next() != Some(want.as_str()) {
                    return Err(at(format!("the board is not {want}")));
                }
            }
            Some("phase") => {
                let m = words.next().and_then(|w| w.parse::<i32>().ok());
                phase_material = Some(
                    m.filter(|m| *m > 0)
                        .ok_or_else(|| at("phase needs a material above 0".into()))?,
                );
            }
            Some("piece") => {
                let token = words.next().unwrap_or_default();
                let kind = v
                    .pieces
                    .iter()
                    .position(|t| t.token == token)
                    .ok_or_else(|| at(format!("no piece '{token}' in {}", v.name)))?;
                let phase = match words.next() {
                    Some("middle") => 0,
                    Some("end") => 1,
                    _ => return Err(at("expected middle or end after the piece".into())),
                };
                let row = words
                    .map(|w| {
                        w.parse::<i16>()
                            .map_err(|_| at(format!("'{w}' is not a weight")))
                    })
                    .collect::<Result<Vec<_>, _>>()?;
                if row.len() != geometry.per_kind() {
                    return Err(at(format!(
                        "{} weights, not {}",
                        row.len(),
                        geometry.per_kind()
                    )));
                }
                for (i, w) in row.into_iter().enumerate() {
                    weights[kind * geometry.per_kind() + i][phase] = Some(w);
                }
            }
            Some(other) => return Err(at(format!("unknown line '{other}'"))),
            None => {}
        }
    }
    let missing =
        (0..v.pieces.len()).find(|&k| weights[k * geometry.per_kind()].iter().any(Option::is_none));
    if let Some(k) = missing {
        return Err(format!("no weights for '{}'", v.pieces[k].token));
    }
    Ok(LearnedTable {
        weights: weights
            .into_iter()
            .map(|[m, e]| [m.unwrap_or(0), e.unwrap_or(0)])
            .collect(),
        phase_material: phase_material.ok_or("no phase line")?,
    })
}

/// The learned placement of `v` as the board's White-positive tables and
/// phase material, if one is compiled in for it and fits its pieces (a
/// variant redefined by `--ini` may not: it keeps the hand-written
/// placement, said on stderr).
fn learned_placement(v: &Variant) -> Option<(Vec<[i16; 2]>, i32)> {
    let (_, text) = LEARNED_PLACEMENT.iter().find(|(name, _)| *name == v.name)?;
    let learned = match read_table(v, text) {
        Ok(t) => t,
        Err(e) => {
            log::warn!("{}: learned placement not used: {e}", v.name);
            return None;
        }
    };
    let geometry = TableGeometry::of(v);
    let mut table = vec![[0i16; 2]; 256 * CELLS];
    for kind in 0..v.pieces.len() {
        for color in Color::BOTH {
            let piece = Piece::new(color, kind as u8);
            for &sq in &v.squares {
                let [m, e] = learned.weights[geometry.index(piece, sq)];
                table[piece.index() * CELLS + sq.index()] = if color == Color::White {
                    [m, e]
                } else {
                    [-m, -e]
                };
            }
        }
    }
    Some((table, learned.phase_material))
}

/// Placement scores for every coloured piece on every cell, White-positive,
/// indexed `piece.index() * CELLS + cell`, middle game and ending, with
/// the phase material that blends them: the learned table where the
/// variant has one, else the hand-written terms below (one table for
/// both phases). The board sums them incrementally as pieces move.
pub fn placement_scores(v: &Variant) -> (Vec<[i16; 2]>, i32) {
    if v.learned_placement
        && let Some(learned) = learned_placement(v)
    {
        return learned;
    }
    let table = hand_written_placement(v)
        .into_iter()
        .map(|s| [s, s])
        .collect();
    (table, 1)
}

/// The placement written by hand: royals at home, step movers up to the
/// middle, pieces central, promotion potential.
pub fn hand_written_placement(v: &Variant) -> Vec<i16> {
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
                    // Royals are safest at home: on their back ranks and
                    // near the centre file they start on, behind their army.
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
                    advance - w.centre as f64 * file_off + promotion_potential(v, t, own_rank)
                };
                let s = if color == Color::White { score } else { -score };
                table[piece.index() * CELLS + sq.index()] = s as i16;
            }
        }
    }
    table
}

/// The `eval-promotion` share of what promoting gains a piece of type `t`
/// standing `own_rank` ranks up from its owner's side.
fn promotion_potential(v: &Variant, t: &PieceType, own_rank: f64) -> f64 {
    let Some(k) = t.promotes_to else { return 0.0 };
    if v.zone == 0 {
        return 0.0;
    }
    let gain = (v.pieces[k as usize].value - t.value).max(0) as f64;
    let to_go = ((v.height - v.zone) as f64 - own_rank).max(0.0);
    gain * v.eval.promotion as f64 / 100.0 / (1.0 + to_go)
}

/// The largest score the evaluation gives, short of the search's mate
/// scores: pieces valued near `variant::MAX_PIECE_VALUE` in an ini file could
/// otherwise sum past them and read as a mate.
pub const EVAL_LIMIT: i32 = 90_000;

/// Score in centipawns for the side to move, within `EVAL_LIMIT`.
pub fn evaluate(pos: &Position) -> i32 {
    let mut score = pos.material(Color::White) - pos.material(Color::Black) + pos.placement();
    for color in Color::BOTH {
        for &sq in pos.royal_squares(color) {
            score += royal_shelter(pos, sq, color);
        }
        for &sq in pos.strikers(color) {
            score += striker_threats(pos, sq, color);
        }
    }
    score += pos.variant().eval.mop_up * mop_up_steps(pos);
    let score = score.clamp(-EVAL_LIMIT, EVAL_LIMIT);
    if pos.side() == Color::White {
        score
    } else {
        -score
    }
}

/// The mop-up term's steps, White-positive (`EvalParams::mop_up`): for
/// the stronger side, how near its royals stand to the lone royals (board
/// size minus the distance in King steps, per pair) plus how far the lone
/// royals stand from the centre (files plus ranks, so that a corner counts
/// more than the middle of an edge). Zero unless one side is that far
/// ahead. Cheap to rule out: the piece counts are kept by the board.
pub fn mop_up_steps(pos: &Position) -> i32 {
    let weak = match (
        pos.strong_pieces(Color::White),
        pos.strong_pieces(Color::Black),
    ) {
        (w, b) if w <= 1 && b >= 2 => Color::White,
        (w, b) if b <= 1 && w >= 2 => Color::Black,
        _ => return 0,
    };
    let strong = weak.flip();
    if pos.material(strong) - pos.material(weak) < MOP_UP_LEAD {
        return 0;
    }
    let v = pos.variant();
    let size = v.width.max(v.height) as i32;
    // Doubled coordinates keep the centre of an even board on a whole
    // number; on a square board the two doubled offsets are both odd or
    // both even, so their sum halves exactly.
    let (cx, cy) = (v.width as i32 - 1, v.height as i32 - 1);
    let mut steps = 0;
    for &lone in pos.royal_squares(weak) {
        let off_centre = (2 * lone.file() as i32 - cx).abs() + (2 * lone.rank() as i32 - cy).abs();
        steps += off_centre / 2;
        for &hunter in pos.royal_squares(strong) {
            steps += size - hunter.distance(lone) as i32;
        }
    }
    if strong == Color::White {
        steps
    } else {
        -steps
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

/// Enemy pieces within two steps of a Lion or a burning Demon on `sq`.
fn striker_threats(pos: &Position, sq: Square, color: Color) -> i32 {
    let w = &pos.variant().eval;
    let Some(p) = pos.piece_at(sq) else { return 0 };
    let weight = if pos.variant().piece(p.kind()).burn != Burn::None {
        w.burn_threat
    } else {
        w.lion_threat
    };
    if weight == 0 {
        return 0;
    }
    let enemies = KING_STEPS
        .iter()
        .chain(LION_JUMPS.iter())
        .filter(|&&d| {
            pos.piece_at(sq.offset(d))
                .is_some_and(|q| q.color() != color)
        })
        .count() as i32;
    if color == Color::White {
        weight * enemies
    } else {
        -weight * enemies
    }
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
    fn the_score_stays_short_of_mate_scores() {
        let text = format!(
            "[big]\nboard = 5x5\nzone = 1\nstart = 2k2/5/5/5/2K2 w\n\
             piece = K | King | K | K | - | royal\n\
             piece = G | Gold | WfF | WfF | - | value={}\n",
            crate::variant::MAX_PIECE_VALUE
        );
        let set: &'static VariantSet = Box::leak(Box::new(VariantSet::parse(&text).unwrap()));
        // Twenty Golds at the largest value are worth 1,000,000.
        let fen = "GGkGG/GGGGG/GGGGG/GGGGG/GGKG1";
        assert_eq!(score(set, &format!("{fen} w")), super::EVAL_LIMIT);
        assert_eq!(score(set, &format!("{fen} b")), -super::EVAL_LIMIT);
    }

    /// A 7x7 variant with a 2-rank zone, every placement weight but the
    /// ones under test off, a Lion, a Demon that burns, and a Pawn that
    /// promotes to a Gold.
    fn threats(eval: &str) -> &'static VariantSet {
        let text = format!(
            "[mini]\nboard = 7x7\nzone = 2\neval-royal-rank = 0\neval-royal-file = 0\n\
             eval-advance = 0\neval-centre = 0\neval-shelter = 0\neval-royal-attacker = 0\n\
             {eval}start = 3k3/7/7/7/7/7/3K3 w\n\
             piece = K | King | K | K | - | royal\n\
             piece = N | Lion | KNADcaKmabK | - | - | lion value=2000\n\
             piece = D | Fire Demon | K | K | - | area=3 burn=auto value=3000\n\
             piece = G | Gold | WfF | WfF | - | value=300\n\
             piece = P | Pawn | fW | fW | +P | value=100\n\
             piece = +P | Tokin | WfF | WfF | - | value=300\n"
        );
        Box::leak(Box::new(VariantSet::parse(&text).unwrap()))
    }

    #[test]
    fn promotion_potential_grows_towards_the_zone() {
        let set = threats("eval-promotion = 30\n");
        // Promoting gains 200; 30% of it is 60, divided by one plus the
        // ranks still to go to the zone (ranks 6 and 7).
        let at = |rank: usize| {
            let mut rows = vec!["7".to_string(); 7];
            rows[0] = "3k3".into();
            rows[6] = "3K3".into();
            rows[7 - rank] = "P6".into();
            score(set, &format!("{} w", rows.join("/")))
        };
        assert_eq!(at(5) - at(2), 30 - 12);
        // Rank 6 is in the zone: the whole share.
        assert_eq!(at(6) - at(5), 60 - 30);
        // A black Pawn on its own rank 6 (the board's rank 2) likewise.
        assert_eq!(
            score(set, "3k3/7/7/7/7/p6/3K3 w") - score(set, "3k3/7/7/7/p6/7/3K3 w"),
            -(60 - 30)
        );
        // Without the weight, placement does not care.
        let flat = threats("");
        assert_eq!(
            score(flat, "3k3/7/P6/7/7/7/3K3 w"),
            score(flat, "3k3/7/7/7/7/P6/3K3 w")
        );
    }

    #[test]
    fn lions_and_demons_threaten_what_is_within_two_steps() {
        // (A Lion and a Gold against a lone King would be a mop-up.)
        let set = threats("eval-lion-threat = 11\neval-burn-threat = 7\neval-mop-up = 0\n");
        // White Lion on d4; black Golds two steps away count, three do not.
        let base = score(set, "3k3/7/7/3N3/7/7/3K3 w");
        assert_eq!(score(set, "3k3/7/1g5/3N3/7/7/3K3 w") - base, 11 - 300);
        assert_eq!(score(set, "3k3/7/g6/3N3/7/7/3K3 w") - base, -300);
        assert_eq!(score(set, "3k3/3g3/7/3N3/7/7/3K3 w") - base, 11 - 300);
        // Two in reach count twice; a friendly piece not at all.
        assert_eq!(score(set, "3k3/2g1g2/7/3N3/7/7/3K3 w") - base, 22 - 600);
        assert_eq!(score(set, "3k3/7/1G5/3N3/7/7/3K3 w") - base, 300);
        // A black Demon counts against White, with its own weight.
        let base = score(set, "3k3/7/7/3d3/7/7/3K3 w");
        assert_eq!(score(set, "3k3/7/7/3d3/4G2/7/3K3 w") - base, 300 - 7);
        // Black to move sees the same from its side.
        assert_eq!(
            score(set, "3k3/7/7/3d3/4G2/7/3K3 b") - score(set, "3k3/7/7/3d3/7/7/3K3 b"),
            7 - 300
        );
    }

    #[test]
    fn a_lone_royal_is_hunted_once_the_other_side_is_far_ahead() {
        // 7x7, every weight off but the mop-up: only its gradient shows.
        let set = threats("eval-mop-up = 10\n");
        // White: King and two Golds (600) against the lone black King.
        let far = score(set, "3k3/7/7/7/7/7/G1GK3 w");
        // The black King in the middle of the top edge is 3 ranks (and no
        // file) from the centre; the Kings are 6 apart: 3 + (7 - 6) steps.
        assert_eq!(far - 600, 10 * (3 + 1));
        // The white King 2 ranks up: 2 steps nearer.
        assert_eq!(score(set, "3k3/7/7/7/3K3/7/G1G4 w") - far, 20);
        // The black King driven into the corner (3 more from the centre)
        // with the white King beside it (5 nearer).
        assert_eq!(score(set, "k6/1K5/7/7/7/7/G1G4 w") - far, 10 * (3 + 5));
        // Black to move sees it from its side.
        assert_eq!(score(set, "3k3/7/7/7/7/7/G1GK3 b"), -far);
        // With one Gold, or with the black King keeping a Gold, no term.
        assert_eq!(
            score(set, "3k3/7/7/7/3K3/7/G6 w"),
            score(set, "3k3/7/7/7/7/7/G2K3 w")
        );
        assert_eq!(
            score(set, "3k3/3g3/7/7/3K3/7/G1G4 w"),
            score(set, "3k3/3g3/7/7/7/7/G1GK3 w")
        );
    }

    #[test]
    fn unknown_or_bad_weights_are_refused() {
        assert!(mini("eval-sheltre = 3\n").is_err());
        assert!(mini("eval-shelter = lots\n").is_err());
        assert!(mini("eval-shelter = 99999\n").is_err());
    }
}
