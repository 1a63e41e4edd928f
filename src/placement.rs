//! The evaluation's placement tables, built per variant from its board,
//! pieces and `eval-*` weights (or from a learned table compiled in): what
//! each piece scores on each square. Below the board, which sums the
//! scores as pieces move; the rest of the evaluation is in `eval.rs`.

use crate::types::{CELLS, Color, Piece, Square};
use crate::variant::{PieceType, Placement, Variant};

/// Placement tables learned by `kyodai train` from Kyodai's own games,
/// compiled in, by variant name. Each file's header says what data made
/// it and how to make it again.
const LEARNED_PLACEMENT: &[(&str, &str)] = &[
    ("chu", include_str!("placement/chu.pst")),
    ("wa-shogi", include_str!("placement/wa-shogi.pst")),
];

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
    read_learned_file(v, text, |first, mut words| {
        match first {
            "phase" => {
                let m = words.next().and_then(|w| w.parse::<i32>().ok());
                phase_material = Some(
                    m.filter(|m| *m > 0)
                        .ok_or("phase needs a material above 0")?,
                );
            }
            "piece" => {
                let kind = kind_named(v, words.next().unwrap_or_default())?;
                let phase = match words.next() {
                    Some("middle") => 0,
                    Some("end") => 1,
                    _ => return Err("expected middle or end after the piece".into()),
                };
                let row = weights_of(words)?;
                if row.len() != geometry.per_kind() {
                    return Err(format!(
                        "{} weights, not {}",
                        row.len(),
                        geometry.per_kind()
                    ));
                }
                for (i, w) in row.into_iter().enumerate() {
                    weights[kind * geometry.per_kind() + i][phase] = Some(w);
                }
            }
            other => return Err(format!("unknown line '{other}'")),
        }
        Ok(())
    })?;
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

/// Reads a learned file of `v` (a placement table, a pair term): `#`
/// comment lines and blank lines skipped, `variant NAME` taken as read,
/// `size WxH` checked against the variant's board, and every other line
/// given to `line` as its first word and the rest; an error (the file's,
/// or what `line` returns) names its line.
pub fn read_learned_file<'a>(
    v: &Variant,
    text: &'a str,
    mut line: impl FnMut(&'a str, std::str::SplitWhitespace<'a>) -> Result<(), String>,
) -> Result<(), String> {
    for (n, text) in text.lines().enumerate() {
        let text = text.trim();
        if text.is_empty() || text.starts_with('#') {
            continue;
        }
        let mut words = text.split_whitespace();
        let first = words.next().unwrap_or_default();
        let read = match first {
            "variant" => Ok(()),
            "size" => {
                let want = format!("{}x{}", v.width, v.height);
                if words.next() == Some(want.as_str()) {
                    Ok(())
                } else {
                    Err(format!("the board is not {want}"))
                }
            }
            _ => line(first, words),
        };
        read.map_err(|e| format!("line {}: {e}", n + 1))?;
    }
    Ok(())
}

/// The head of a learned file of `v` as `read_learned_file` reads it: the
/// `header` as `#` lines, then `variant NAME` and `size WxH`.
pub fn learned_file_head(v: &Variant, header: &[String]) -> String {
    let mut out: String = header.iter().map(|line| format!("# {line}\n")).collect();
    out += &format!("variant {}\nsize {}x{}\n", v.name, v.width, v.height);
    out
}

/// The kind of `v` whose token is `token`.
pub fn kind_named(v: &Variant, token: &str) -> Result<usize, String> {
    v.pieces
        .iter()
        .position(|t| t.token == token)
        .ok_or_else(|| format!("no piece '{token}' in {}", v.name))
}

/// The rest of a learned file's line as weights.
pub fn weights_of(words: std::str::SplitWhitespace) -> Result<Vec<i16>, String> {
    words
        .map(|w| {
            w.parse::<i16>()
                .map_err(|_| format!("'{w}' is not a weight"))
        })
        .collect()
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

/// `v`'s placement table, built on first use and then kept with the
/// variant (`Variant::placement`): the board asks for it whenever it sets
/// up a position.
pub fn table(v: &Variant) -> &Placement {
    v.placement.get_or_init(|| placement_scores(v))
}

/// Placement scores for every coloured piece on every cell, White-positive,
/// indexed `piece.index() * CELLS + cell`, middle game and ending, with
/// the phase material that blends them: the learned table where the
/// variant has one, else the hand-written terms below (one table for
/// both phases). The board sums them incrementally as pieces move.
fn placement_scores(v: &Variant) -> Placement {
    if v.learned_placement
        && let Some((scores, phase_material)) = learned_placement(v)
    {
        return Placement {
            scores,
            phase_material,
            learned: true,
        };
    }
    let scores = hand_written_placement(v)
        .into_iter()
        .map(|s| [s, s])
        .collect();
    Placement {
        scores,
        phase_material: 1,
        learned: false,
    }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::{Rules, VariantSet};

    /// A table file that does not fit the variant or says something else
    /// is refused, the error naming its line.
    #[test]
    fn a_broken_table_file_is_refused_with_its_line() {
        let v = VariantSet::builtin().find("chu").unwrap();
        let row = " 1".repeat(TableGeometry::of(v).per_kind());
        let mut good = "variant chu\nsize 12x12\nphase 5000\n".to_string();
        for t in &v.pieces {
            good += &format!(
                "piece {} middle{row}\npiece {} end{row}\n",
                t.token, t.token
            );
        }
        assert!(read_table(v, &good).is_ok());
        for (bad, says) in [
            (
                good.replace("12x12", "11x11"),
                "line 2: the board is not 12x12",
            ),
            (good.replace("phase 5000", "phase 0"), "line 3: phase needs"),
            (
                good.replace("piece K middle", "piece Zz middle"),
                "no piece 'Zz'",
            ),
            (
                good.replace("piece K middle", "piece K early"),
                "middle or end",
            ),
            (
                good.replacen(" 1\n", " y\n", 1),
                "line 4: 'y' is not a weight",
            ),
            (good.replacen(" 1\n", "\n", 1), "line 4: 71 weights, not 72"),
            (good.replace("phase 5000\n", ""), "no phase line"),
            (
                good.replace("variant chu", "colour chu"),
                "line 1: unknown line 'colour'",
            ),
        ] {
            let e = read_table(v, &bad).err().unwrap_or_default();
            assert!(e.contains(says), "{says}: {e}");
        }
        // A kind left out.
        let first = good.lines().take(5).collect::<Vec<_>>().join("\n");
        let e = read_table(v, &first).err().unwrap_or_default();
        assert!(e.contains("no weights for"), "{e}");
    }

    /// Each compiled-in table reads, fits its variant and is the one the
    /// board sums (a broken file would fall back to the hand-written
    /// placement with only a warning), under the variant's other rule
    /// sets too.
    #[test]
    fn the_learned_tables_are_in_force() {
        for kept in ["chu", "wa-shogi"] {
            assert!(LEARNED_PLACEMENT.iter().any(|(name, _)| *name == kept));
        }
        let set = VariantSet::builtin();
        for (v, rules) in [("chu", Rules::Lishogi), ("wa-shogi", Rules::Hachu)] {
            let under = set.find_with(v, rules).unwrap();
            assert!(table(under).learned, "{v} under {}", rules.name());
        }
        for (name, text) in LEARNED_PLACEMENT {
            let v = set.find(name).unwrap();
            let learned = read_table(v, text).unwrap();
            let in_force = table(v);
            assert!(in_force.learned, "{name}");
            assert_eq!(in_force.phase_material, learned.phase_material, "{name}");
            let geometry = TableGeometry::of(v);
            for kind in 0..v.pieces.len() {
                for &sq in &v.squares {
                    let white = Piece::new(Color::White, kind as u8);
                    let black = Piece::new(Color::Black, kind as u8);
                    let [m, e] = learned.weights[geometry.index(white, sq)];
                    assert_eq!(in_force.scores[white.index() * CELLS + sq.index()], [m, e]);
                    // Black's piece on the square turned half round: the
                    // same weights against it.
                    let turned = Square::new(v.width - 1 - sq.file(), v.height - 1 - sq.rank());
                    assert_eq!(
                        in_force.scores[black.index() * CELLS + turned.index()],
                        [-m, -e]
                    );
                }
            }
        }
    }
}
