//! The evaluation's pair term: a factorisation machine over the pieces on
//! the board, learned by `kyodai train --pairs`. Each piece on a square,
//! seen from the side to move (its own or the opponent's, the board turned
//! so that rank 0 is the mover's back rank), has a short vector of
//! weights; the term is the sum over the vector's dimensions of the
//! square of the pieces' summed weights, each dimension counted for or
//! against the mover. Squaring a sum scores every pair of pieces together
//! (a Dragon King two squares from the enemy King, say), which a table of
//! each piece on its own square cannot. The board keeps both sides'
//! sums as pieces move (`PairTable::update`); the evaluation squares
//! the mover's.

use crate::placement::{kind_named, learned_file_head, read_learned_file, weights_of};
use crate::types::{Color, Piece, Square};
use crate::variant::{PAIR_RANK, PAIR_UNIT, PairGeometry, PairTable, Variant};
use std::fmt::Write as _;

/// Pair terms learned by `kyodai train --pairs`, compiled in, by variant
/// name; each file's header says what data made it.
const LEARNED_PAIRS: &[(&str, &str)] = &[];

pub fn geometry(v: &Variant) -> PairGeometry {
    PairGeometry {
        width: v.width,
        height: v.height,
        kinds: v.pieces.len(),
    }
}

/// `v`'s pair term, if one is compiled in, fits its pieces and the
/// variant uses its learned evaluation (`learned-placement`); read on
/// first use and kept with the variant.
pub fn table(v: &Variant) -> Option<&PairTable> {
    v.pairs
        .get_or_init(|| {
            if !v.learned_placement {
                return None;
            }
            let (_, text) = LEARNED_PAIRS.iter().find(|(name, _)| *name == v.name)?;
            read_pairs(v, text)
                .map_err(|e| log::warn!("{}: learned pair term not used: {e}", v.name))
                .ok()
        })
        .as_ref()
}

/// Reads a pair file (`pairs_text` writes them): `#` comment lines,
/// `variant NAME`, `size WxH`, `rank N`, then one line a feature with
/// weights, `own|other TOKEN FILE RANK` (the side to move's view, from 0)
/// and its `rank` weights in 1/`PAIR_UNIT`; the features left out weigh 0.
pub fn read_pairs(v: &Variant, text: &str) -> Result<PairTable, String> {
    let geometry = geometry(v);
    let mut weights = vec![[0i16; PAIR_RANK]; geometry.len()];
    let mut rank_seen = false;
    read_learned_file(v, text, |first, mut words| {
        match first {
            "rank" => {
                if words.next() != Some(PAIR_RANK.to_string().as_str()) {
                    return Err(format!("the engine's vectors have {PAIR_RANK} dimensions"));
                }
                rank_seen = true;
            }
            "own" | "other" => {
                let kind = kind_named(v, words.next().unwrap_or_default())?;
                let mut coordinate = |limit: usize| {
                    words
                        .next()
                        .and_then(|w| w.parse::<usize>().ok())
                        .filter(|&c| c < limit)
                        .ok_or("a file and rank on the board expected")
                };
                let (file, rank) = (coordinate(v.width)?, coordinate(v.height)?);
                let row: [i16; PAIR_RANK] = weights_of(words)?
                    .try_into()
                    .map_err(|r: Vec<i16>| format!("{} weights, not {PAIR_RANK}", r.len()))?;
                // The mover's own piece seen with White to move.
                let color = if first == "own" {
                    Color::White
                } else {
                    Color::Black
                };
                let piece = Piece::new(color, kind as u8);
                weights[geometry.index(piece, Square::new(file, rank), Color::White)] = row;
            }
            other => return Err(format!("unknown line '{other}'")),
        }
        Ok(())
    })?;
    if !rank_seen {
        return Err("no rank line".into());
    }
    Ok(PairTable { geometry, weights })
}

/// The pair term as the file `read_pairs` reads: `weights` in the trained
/// unit, `PAIR_RANK` a feature, rounded to 1/`PAIR_UNIT`; features whose
/// weights all round to 0 left out.
pub fn pairs_text(v: &Variant, weights: &[f64], header: &[String]) -> String {
    let geometry = geometry(v);
    let mut out = learned_file_head(v, header);
    let _ = writeln!(out, "rank {PAIR_RANK}");
    for (owner, color) in [("own", Color::White), ("other", Color::Black)] {
        for (kind, t) in v.pieces.iter().enumerate() {
            for rank in 0..v.height {
                for file in 0..v.width {
                    let piece = Piece::new(color, kind as u8);
                    let f = geometry.index(piece, Square::new(file, rank), Color::White);
                    let row: Vec<i64> = weights[f * PAIR_RANK..(f + 1) * PAIR_RANK]
                        .iter()
                        .map(|w| ((w * PAIR_UNIT as f64).round() as i64).clamp(-32_767, 32_767))
                        .collect();
                    if row.iter().all(|&w| w == 0) {
                        continue;
                    }
                    let _ = write!(out, "{owner} {} {file} {rank}", t.token);
                    for w in row {
                        let _ = write!(out, " {w}");
                    }
                    out.push('\n');
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Position;
    use crate::variant::VariantSet;

    fn chu() -> &'static Variant {
        VariantSet::builtin().find("chu").unwrap()
    }

    /// Weights in the trained unit that `pairs_text` writes exactly: small
    /// multiples of 1/`PAIR_UNIT`, some features left at zero.
    fn some_weights(g: &PairGeometry) -> Vec<f64> {
        (0..g.len() * PAIR_RANK)
            .map(|k| {
                if (k / PAIR_RANK).is_multiple_of(3) {
                    0.0
                } else {
                    ((k * 7919) % 61) as f64 / PAIR_UNIT as f64 - 0.1
                }
            })
            .collect()
    }

    /// A variant has a pair term exactly where a file is compiled in for
    /// it, and that file reads and is the term in force (a broken file
    /// would leave the variant without one, with only a warning).
    #[test]
    fn the_learned_pair_terms_are_in_force() {
        for v in &VariantSet::builtin().variants {
            let compiled = LEARNED_PAIRS.iter().find(|(name, _)| *name == v.name);
            match (compiled, table(v)) {
                (None, None) => {}
                (Some((_, text)), Some(in_force)) => {
                    let learned = read_pairs(v, text).unwrap();
                    assert_eq!(in_force.weights, learned.weights, "{}", v.name);
                }
                (compiled, _) => panic!("{}: compiled in {}", v.name, compiled.is_some()),
            }
        }
    }

    #[test]
    fn a_pair_file_reads_back_as_written() {
        let v = chu();
        let g = geometry(v);
        let weights = some_weights(&g);
        let text = pairs_text(v, &weights, &["made by a test".into()]);
        assert!(text.starts_with("# made by a test\n"));
        let table = read_pairs(v, &text).unwrap();
        for f in 0..g.len() {
            for d in 0..PAIR_RANK {
                let w = (weights[f * PAIR_RANK + d] * PAIR_UNIT as f64).round() as i16;
                assert_eq!(table.weights[f][d], w, "feature {f}");
            }
        }
    }

    #[test]
    fn a_broken_pair_file_is_refused_with_its_line() {
        let v = chu();
        let row = " 1".repeat(PAIR_RANK);
        let good = format!("variant chu\nsize 12x12\nrank {PAIR_RANK}\nown K 5 0{row}\n");
        assert!(read_pairs(v, &good).is_ok());
        for (bad, says) in [
            (good.replace("12x12", "13x13"), "line 2"),
            (
                good.replace(&format!("rank {PAIR_RANK}"), "rank 3"),
                "line 3",
            ),
            (good.replace("own K", "own Zz"), "no piece 'Zz'"),
            (good.replace("K 5 0", "K 12 0"), "line 4"),
            (good.replace("K 5 0 1", "K 5 0 x"), "'x' is not a weight"),
            (good.replace(&row, " 1 1"), "2 weights"),
            (
                good.replace(&format!("rank {PAIR_RANK}\n"), ""),
                "no rank line",
            ),
            (good.replace("own", "mine"), "unknown line 'mine'"),
        ] {
            let e = read_pairs(v, &bad).err().unwrap_or_default();
            assert!(e.contains(says), "{bad}: {e}");
        }
    }

    /// The term is the mover's view: a position and the same position
    /// turned half round with the colours swapped and the other side to
    /// move score alike for the mover; the board's sums are those of its
    /// pieces counted afresh.
    #[test]
    fn the_pair_term_sees_the_board_as_the_mover_does() {
        let v = chu();
        let g = geometry(v);
        let table = PairTable {
            geometry: g,
            weights: (0..g.len())
                .map(|f| std::array::from_fn(|d| (((f * 31 + d * 17) % 41) as i16 - 20) * 40))
                .collect(),
        };
        let score_of = |pos: &Position| {
            let pieces = Color::BOTH.iter().flat_map(|&c| pos.pieces(c));
            table.score_afresh(pieces, pos.side())
        };
        // Chu's start is its own twin: turned half round, the colours
        // swapped. After White's f4f5, Black to move sees what White sees
        // after Black's g9g8 from the start with Black to move.
        let after = |fen: &str, mv: &str| {
            let mut pos = Position::from_fen(v, fen).unwrap();
            pos.make(crate::movegen::parse_move(&pos, mv).unwrap());
            pos
        };
        let white_moved = after(&v.start_fen, "f4f5");
        let black_moved = after(&v.start_fen.replace(" w ", " b "), "g9g8");
        assert_eq!(white_moved.side(), Color::Black);
        assert_eq!(score_of(&white_moved), score_of(&black_moved));
        assert_ne!(score_of(&white_moved), 0);
        // Not the same as White's own view of its move.
        let start = Position::from_fen(v, &v.start_fen).unwrap();
        assert_ne!(score_of(&white_moved), score_of(&start));
    }
}
