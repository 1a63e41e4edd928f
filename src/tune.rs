//! `kyodai tune`: the evaluation's weights fitted to game results by
//! Texel's method. Self-play games at a small fixed depth, or games
//! already played (a PGN file), give positions, each labelled with its
//! game's result; the tuner then looks for the
//! piece values and `eval-*` weights under which a logistic of the static
//! evaluation predicts those results best (least squared error), and
//! prints them as `engine.ini` lines (`Fit::ValuesOnly`: the piece values
//! alone, `Fit::WeightsOnly`: the weights alone). Every weight stays
//! within the bounds engine.ini accepts.
//!
//! The evaluation is linear in every weight tuned here (`evaluate` is a sum
//! of weights times counts and distances), so each position is reduced
//! once to its `terms`, and the error and its gradient are sums over those
//! vectors: no search, no board, per step. A test holds `terms` to
//! `evaluate` exactly (up to the board's rounding of placement scores to
//! whole centipawns, and below `eval::EVAL_LIMIT`). Two inputs stay
//! fixed: `eval-slow-value`, a threshold rather than a weight, and the
//! gain of a promotion, taken from the piece values before tuning. Where
//! the variant's placement is learned (`kyodai train`), the placement is
//! a fixed part of the evaluation, held as it is, and the weights that
//! would have written it (`PLACEMENT_WEIGHTS`) have nothing to fit.

use crate::board::Position;
use crate::eval::{evaluate, mop_up_steps};
use crate::game;
use crate::movegen::{is_capture, royal_attacked};
use crate::moves::Move;
use crate::openings;
use crate::placement;
use crate::record::Game;
use crate::search::{Limits, Searcher};
use crate::types::{Color, KING_STEPS, LION_JUMPS};
use crate::variant::{Burn, MAX_PIECE_VALUE, MAX_WEIGHT, Variant};
use std::io::{self, Write};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

/// The `eval-*` weights tuned, in the order of their terms after the
/// piece counts.
pub const WEIGHTS: [&str; 11] = [
    "royal-rank",
    "royal-file",
    "advance",
    "centre",
    "shelter",
    "royal-attacker",
    "promotion",
    "lion-threat",
    "burn-threat",
    "mop-up",
    "tempo",
];

/// The weights the hand-written placement is made of: without a say
/// where the placement is learned.
const PLACEMENT_WEIGHTS: [&str; 5] = ["royal-rank", "royal-file", "advance", "centre", "promotion"];

/// The longest self-play game kept: one still going is scored a draw.
const MAX_GAME_PLIES: usize = 600;
/// Random moves before a game's own play (`openings::generate`).
const OPENING_PLIES: usize = 8;
/// Most positions read from a data file.
pub const MAX_SAMPLES: usize = 2_000_000;
/// The deepest self-play search: data needs many games, not deep ones.
pub const MAX_DEPTH: u32 = 8;
/// The most games one run may ask for.
pub const MAX_GAMES: usize = 100_000;
/// The most tuning steps one run may ask for.
pub const MAX_ITERATIONS: usize = 100_000;
/// The strongest pull towards the current weights, in positions.
pub const MAX_PRIOR: f64 = 1e9;

/// Where each weight's term sits in a term vector: the piece kinds first
/// (one count per kind, White's minus Black's), then `WEIGHTS`.
fn weight_index(v: &Variant, name: &str) -> usize {
    v.pieces.len() + WEIGHTS.iter().position(|w| *w == name).unwrap_or(0)
}

/// Where the learned placement's term sits, after `WEIGHTS`: the
/// placement itself, its weight 1 and never tuned (0 where the placement
/// is written by hand, whose weights are among `WEIGHTS`).
fn learned_placement_index(v: &Variant) -> usize {
    v.pieces.len() + WEIGHTS.len()
}

/// The variant's current weights, in term order; last, the learned
/// placement's (`learned_placement_index`).
pub fn weights(v: &Variant) -> Vec<f64> {
    let w = &v.eval;
    let mut out: Vec<f64> = v.pieces.iter().map(|t| t.value as f64).collect();
    out.extend(
        WEIGHTS.map(|name| f64::from(w.get(name).expect("WEIGHTS holds eval-* weight names"))),
    );
    out.push(1.0);
    out
}

/// What each weight multiplies in the evaluation of `pos`, White's view:
/// `evaluate` (White to move) is the dot product of these terms and
/// `weights`, each piece's placement rounded.
pub fn terms(pos: &Position) -> Vec<f64> {
    let v = pos.variant();
    let w = &v.eval;
    let at = |name| weight_index(v, name);
    let mut t = vec![0.0; learned_placement_index(v) + 1];
    let learned = placement::table(v).learned;
    if learned {
        t[learned_placement_index(v)] = f64::from(pos.placement());
    }
    let cx = (v.width as f64 - 1.0) / 2.0;
    for color in Color::BOTH {
        let sign = if color == Color::White { 1.0 } else { -1.0 };
        for (sq, p) in pos.pieces(color) {
            let ty = v.piece(p.kind());
            t[p.kind() as usize] += sign;
            let own_rank = match color {
                Color::White => sq.rank(),
                Color::Black => v.height - 1 - sq.rank(),
            } as f64;
            let file_off = (sq.file() as f64 - cx).abs();
            if ty.royal {
                t[at("royal-rank")] -= sign * own_rank;
                t[at("royal-file")] -= sign * file_off;
                for &d in &KING_STEPS {
                    if let Some(q) = pos.piece_at(sq.offset(d)) {
                        if q.color() == color {
                            t[at("shelter")] += sign;
                        } else {
                            t[at("royal-attacker")] -= sign;
                        }
                    }
                }
                continue;
            }
            if ty.value <= w.slow_value {
                t[at("advance")] += sign * own_rank.min(v.height as f64 / 2.0 + 1.0);
            }
            t[at("centre")] -= sign * file_off;
            if let Some(k) = ty.promotes_to.filter(|_| v.zone > 0) {
                let gain = (v.pieces[k as usize].value - ty.value).max(0) as f64;
                let to_go = ((v.height - v.zone) as f64 - own_rank).max(0.0);
                t[at("promotion")] += sign * gain / 100.0 / (1.0 + to_go);
            }
        }
        for &sq in pos.strikers(color) {
            let Some(p) = pos.piece_at(sq) else { continue };
            let term = if v.piece(p.kind()).burn != Burn::None {
                at("burn-threat")
            } else {
                at("lion-threat")
            };
            let enemies = KING_STEPS
                .iter()
                .chain(LION_JUMPS.iter())
                .filter(|&&d| {
                    pos.piece_at(sq.offset(d))
                        .is_some_and(|q| q.color() != color)
                })
                .count();
            t[term] += sign * enemies as f64;
        }
    }
    t[at("mop-up")] = f64::from(mop_up_steps(pos));
    t[at("tempo")] = if pos.side() == Color::White {
        1.0
    } else {
        -1.0
    };
    if learned {
        for name in PLACEMENT_WEIGHTS {
            t[at(name)] = 0.0;
        }
    }
    t
}

/// `evaluate` from White's view.
pub fn white_eval(pos: &Position) -> i32 {
    let e = evaluate(pos);
    if pos.side() == Color::White { e } else { -e }
}

fn dot(a: &[f64], b: &[f64]) -> f64 {
    a.iter().zip(b).map(|(x, y)| x * y).sum()
}

/// One labelled position: its terms and its game's result for White (1 a
/// win, 0.5 a draw, 0 a loss).
#[derive(Clone, Debug)]
pub struct Sample {
    pub terms: Vec<f64>,
    pub result: f64,
}

/// Play `games` self-play games of `v` at `depth` from varied balanced
/// openings (seeded by `seed`) and write each position worth learning from
/// as `FEN;RESULT` (RESULT for the first mover: 1, 0.5 or 0): the side to
/// move not in check and the move found not a capture, so that the static
/// evaluation is close to what a search would say. Returns the positions
/// written.
pub fn generate(
    v: &'static Variant,
    games: usize,
    depth: u32,
    seed: u64,
    out: &mut dyn Write,
) -> io::Result<usize> {
    let request = openings::Request {
        count: games,
        plies: OPENING_PLIES,
        seed,
        max_score: 150,
        depth: 2,
    };
    let mut searcher = Searcher::new(16, Arc::new(AtomicBool::new(false)));
    let mut written = 0;
    for fen in openings::generate(v, &request) {
        let Ok(mut pos) = Position::from_fen(v, &fen) else {
            continue;
        };
        searcher.clear();
        let mut quiet = Vec::new();
        let mut winner = None;
        for _ in 0..MAX_GAME_PLIES {
            let limits = Limits {
                depth: Some(depth),
                ..Limits::default()
            };
            let outcome = searcher.think(&mut pos, limits, &mut |_| {});
            let Some(mv) = outcome.best else {
                winner = game::ending(&mut pos, None).and_then(|e| e.winner);
                break;
            };
            if worth_learning(&pos, mv) {
                quiet.push(pos.fen());
            }
            if let Some(end) = game::play(&mut pos, mv) {
                winner = end.winner;
                break;
            }
        }
        let result = label(winner);
        for fen in &quiet {
            writeln!(out, "{fen};{result}")?;
        }
        written += quiet.len();
    }
    Ok(written)
}

/// A game's result as the data write it: 1, 0.5 or 0 for the first mover.
fn label(winner: Option<Color>) -> &'static str {
    match winner {
        Some(Color::White) => "1",
        Some(Color::Black) => "0",
        None => "0.5",
    }
}

/// Whether the position before `mv` is one the static evaluation should
/// predict the result from: the side to move not in check and `mv` not a
/// capture, so that no exchange is under way.
fn worth_learning(pos: &Position, mv: Move) -> bool {
    let side = pos.side();
    let in_check = pos.royals(side) == 1 && royal_attacked(pos, side);
    !(is_capture(pos, mv) || in_check)
}

/// What `from_games` found in a PGN file.
#[derive(Debug, Default, PartialEq)]
pub struct GamesRead {
    /// Games of the variant with a result, replayed.
    pub games: usize,
    /// Positions written.
    pub positions: usize,
    /// Games left out: another variant, no result, or a start position or
    /// move the rules refuse (each said on stderr).
    pub skipped: usize,
}

/// The positions worth learning from (`worth_learning`) in games played
/// elsewhere, such as those `kyodai match` writes, each labelled with its
/// game's result as `generate` writes them: games between engines at
/// match strength, where self-play at a small depth teaches what only a
/// shallow search needs. Games of another variant (by their `Variant`
/// tag) or without a result are left out; a game whose position or move
/// the rules refuse is left out whole, since its result may rest on it.
pub fn from_games(
    v: &'static Variant,
    games: &[Game],
    out: &mut dyn Write,
) -> io::Result<GamesRead> {
    let mut read = GamesRead::default();
    for (n, g) in games.iter().enumerate() {
        let Some(winner) = g.result.as_deref().and_then(game::winner_of) else {
            read.skipped += 1;
            continue;
        };
        let result = label(winner);
        if g.variant.name != v.name {
            read.skipped += 1;
            continue;
        }
        let mut quiet = Vec::new();
        let replayed = g
            .replay(|pos, m, _| {
                if worth_learning(pos, m.mv) {
                    quiet.push(pos.fen());
                }
            })
            .map(|_| quiet);
        match replayed {
            Ok(quiet) => {
                for fen in &quiet {
                    writeln!(out, "{fen};{result}")?;
                }
                read.games += 1;
                read.positions += quiet.len();
            }
            Err(e) => {
                eprintln!("kyodai: game {} left out: {e}", n + 1);
                read.skipped += 1;
            }
        }
    }
    Ok(read)
}

/// Read `FEN;RESULT` lines of `v` (blank lines and `#` comments skipped).
pub fn read_samples(v: &'static Variant, text: &str) -> Result<Vec<Sample>, String> {
    let mut samples = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if samples.len() == MAX_SAMPLES {
            return Err(format!("more than {MAX_SAMPLES} positions"));
        }
        let at = |e: String| format!("line {}: {e}", i + 1);
        let (fen, result) = line
            .rsplit_once(';')
            .ok_or_else(|| at("expected FEN;RESULT".into()))?;
        let result = match result.trim() {
            "1" => 1.0,
            "0.5" => 0.5,
            "0" => 0.0,
            r => return Err(at(format!("result '{r}' is not 1, 0.5 or 0"))),
        };
        let pos = Position::from_fen(v, fen).map_err(at)?;
        samples.push(Sample {
            terms: terms(&pos),
            result,
        });
    }
    Ok(samples)
}

fn sigmoid(k: f64, score: f64) -> f64 {
    1.0 / (1.0 + (-k * score).exp())
}

/// Mean squared error of the results predicted from `weights` with
/// scale `k`.
pub fn error(samples: &[Sample], weights: &[f64], k: f64) -> f64 {
    if samples.is_empty() {
        return 0.0;
    }
    let sum: f64 = samples
        .iter()
        .map(|s| (s.result - sigmoid(k, dot(&s.terms, weights))).powi(2))
        .sum();
    sum / samples.len() as f64
}

/// The scale `k` (per centipawn) that fits the results best under
/// `weights`: golden-section search, the error being unimodal in it.
pub fn fit_scale(samples: &[Sample], weights: &[f64]) -> f64 {
    let (mut lo, mut hi) = (1e-5_f64, 0.05_f64);
    let phi = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..60 {
        let a = hi - phi * (hi - lo);
        let b = lo + phi * (hi - lo);
        if error(samples, weights, a) < error(samples, weights, b) {
            hi = b;
        } else {
            lo = a;
        }
    }
    (lo + hi) / 2.0
}

/// Which weights a fit may move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fit {
    /// Piece values and `eval-*` weights together.
    All,
    /// Piece values alone, every `eval-*` weight held where it is: the
    /// values are then fitted to the evaluation they will be played with
    /// (a joint fit's values lean on weights that are not applied).
    ValuesOnly,
    /// The `eval-*` weights alone, every piece value held: the mirror of
    /// `ValuesOnly`, for weights fitted to the values they play with.
    WeightsOnly,
}

/// What tuning found.
#[derive(Clone, Debug)]
pub struct Tuned {
    pub before: Vec<f64>,
    pub after: Vec<f64>,
    pub scale: f64,
    pub error_before: f64,
    pub error_after: f64,
}

/// Fit `v`'s weights to `samples`: the scale first, under the current
/// weights, then `iterations` steps of Adam (a gradient method with a
/// step of about one centipawn per weight) on the error plus a pull
/// towards the current weights worth `prior` positions: a weight whose
/// term shows (as one piece up, say) in n positions ends near
/// `(n * fitted + prior * current) / (n + prior)`. Without it the rare
/// pieces, seen in a few games, take whatever value those games' results
/// suggest (two disjoint 600-game Chu sets put a promoted Leopard at 45
/// and at 993). Royal piece values stay as they are (losing a royal ends
/// the game; the value is never traded), and so do weights whose term is
/// zero in every sample; with `Fit::ValuesOnly` every `eval-*` weight,
/// with `Fit::WeightsOnly` every piece value.
pub fn tune(v: &Variant, samples: &[Sample], iterations: usize, prior: f64, fit: Fit) -> Tuned {
    let before = weights(v);
    let scale = fit_scale(samples, &before);
    // The error's curvature in a weight whose term is 1, at an even
    // position, is 2 (scale / 4)^2 per sample; the pull has `prior` times
    // that.
    let pull = 2.0 * prior * (scale / 4.0).powi(2);
    let n = before.len();
    let mut frozen: Vec<bool> = (0..n)
        .map(|i| match v.pieces.get(i) {
            Some(piece) => piece.royal || fit == Fit::WeightsOnly,
            None => fit == Fit::ValuesOnly || i == learned_placement_index(v),
        })
        .collect();
    for (i, f) in frozen.iter_mut().enumerate() {
        *f |= samples.iter().all(|s| s.terms[i] == 0.0);
    }
    // Each weight stays within what engine.ini accepts: a piece's value
    // at 0 or more (the data can make a piece look like a burden, as
    // Suzumu's Pawns, whose numbers go with the losing side), a weight
    // within its bound.
    let (low, high): (Vec<f64>, Vec<f64>) = (0..n)
        .map(|i| {
            if i < v.pieces.len() {
                (0.0, f64::from(MAX_PIECE_VALUE))
            } else {
                (-f64::from(MAX_WEIGHT), f64::from(MAX_WEIGHT))
            }
        })
        .unzip();
    let mut w = before.clone();
    let (mut m, mut second) = (vec![0.0; n], vec![0.0; n]);
    let (beta1, beta2, rate) = (0.9_f64, 0.999_f64, 1.0_f64);
    let count = samples.len().max(1) as f64;
    for step in 1..=iterations {
        let mut grad = vec![0.0; n];
        for s in samples {
            let p = sigmoid(scale, dot(&s.terms, &w));
            let g = 2.0 * (p - s.result) * p * (1.0 - p) * scale / count;
            for (gi, ti) in grad.iter_mut().zip(&s.terms) {
                *gi += g * ti;
            }
        }
        for i in 0..n {
            if frozen[i] {
                continue;
            }
            grad[i] += pull * (w[i] - before[i]) / count;
            m[i] = beta1 * m[i] + (1.0 - beta1) * grad[i];
            second[i] = beta2 * second[i] + (1.0 - beta2) * grad[i] * grad[i];
            let m_hat = m[i] / (1.0 - beta1.powi(step as i32));
            let v_hat = second[i] / (1.0 - beta2.powi(step as i32));
            w[i] = (w[i] - rate * m_hat / (v_hat.sqrt() + 1e-12)).clamp(low[i], high[i]);
        }
    }
    Tuned {
        error_before: error(samples, &before, scale),
        error_after: error(samples, &w, scale),
        before,
        after: w,
        scale,
    }
}

/// The tuned weights as `engine.ini` lines for `v`'s section: each
/// `eval-*` weight that changed, after a comment with its value before,
/// and each piece whose value changed as a comment with the `value=` to
/// write on its `piece =` line (`scripts/apply_tuned.py` writes both into
/// the file).
pub fn ini_lines(v: &Variant, tuned: &Tuned) -> Vec<String> {
    let mut lines = Vec::new();
    for (i, t) in v.pieces.iter().enumerate() {
        let (old, new) = (tuned.before[i].round(), tuned.after[i].round());
        if old != new {
            lines.push(format!(
                "# piece {} ({}): value={new} (was {old})",
                t.token, t.name
            ));
        }
    }
    for (j, name) in WEIGHTS.iter().enumerate() {
        let i = v.pieces.len() + j;
        let (old, new) = (tuned.before[i].round(), tuned.after[i].round());
        if new != old {
            lines.push(format!("# eval-{name} (was {old})"));
            lines.push(format!("eval-{name} = {new}"));
        }
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::legal_moves;
    use crate::types::Rng;
    use crate::variant::VariantSet;

    /// `terms` is `evaluate` taken apart: for positions of every variant
    /// reached by random moves, the dot product with the weights is the
    /// evaluation, up to rounding each piece's placement to a whole
    /// centipawn.
    #[test]
    fn the_terms_add_up_to_the_evaluation() {
        let mut rng = Rng::new(7);
        // Chu again with a tempo (0 in every built-in variant), larger
        // than the rounding the comparison allows.
        let mut chu = VariantSet::builtin().find("chu").unwrap().clone();
        chu.eval.tempo = 400;
        let chu: &'static Variant = Box::leak(Box::new(chu));
        for v in VariantSet::builtin().variants.iter().chain([chu]) {
            let mut pos = Position::start(v);
            for ply in 0..60 {
                let t = terms(&pos);
                let pieces = Color::BOTH
                    .iter()
                    .map(|&c| pos.pieces(c).count())
                    .sum::<usize>();
                let diff = dot(&t, &weights(v)) - white_eval(&pos) as f64;
                assert!(
                    diff.abs() <= pieces as f64,
                    "{} ply {ply}: terms give {diff} more than evaluate in {}",
                    v.name,
                    pos.fen()
                );
                let moves = legal_moves(&mut pos);
                if moves.is_empty() || pos.is_over() {
                    break;
                }
                pos.make(moves[rng.below(moves.len())]);
            }
        }
    }

    /// Results made up so that a Gold is worth more than a Rook: whoever
    /// has the Gold for the Rook wins, and a Pawn up is a slight edge.
    /// Tuning must move the two values towards that and lower the error.
    #[test]
    fn tuning_follows_the_results() {
        let set = VariantSet::builtin();
        let mut chu = set.find("chu").unwrap().clone();
        let index = |v: &Variant, token| v.kind(token).unwrap() as usize;
        let (gold, rook, pawn) = (index(&chu, "G"), index(&chu, "R"), index(&chu, "P"));
        // The values this test was written for, whatever engine.ini holds.
        for (i, value) in [(gold, 300), (rook, 600), (pawn, 100)] {
            chu.pieces[i].value = value;
        }
        let v = &chu;
        let n = weights(v).len();
        let sample = |entries: &[(usize, f64)], result| {
            let mut terms = vec![0.0; n];
            for &(i, x) in entries {
                terms[i] = x;
            }
            Sample { terms, result }
        };
        // 80 positions of the Gold for the Rook, scored `gold_side` for
        // whoever has the Gold, and 80 of a Pawn up.
        let positions = |gold_side: f64| {
            let mut samples = Vec::new();
            for k in 0..40 {
                samples.push(sample(&[(gold, 1.0), (rook, -1.0)], gold_side));
                samples.push(sample(&[(gold, -1.0), (rook, 1.0)], 1.0 - gold_side));
                let edge = if k % 3 == 0 { 0.5 } else { 1.0 };
                samples.push(sample(&[(pawn, 1.0)], edge));
                samples.push(sample(&[(pawn, -1.0)], 1.0 - edge));
            }
            samples
        };
        let tuned = tune(v, &positions(1.0), 500, 0.0, Fit::All);
        let margin = |w: &[f64]| w[gold] - w[rook];
        assert!(
            margin(&tuned.after) > margin(&tuned.before) + 200.0,
            "{tuned:?}"
        );
        assert!(tuned.error_after < tuned.error_before, "{tuned:?}");
        // A term that never occurs keeps its weight.
        let lion = index(v, "N");
        assert_eq!(tuned.after[lion], tuned.before[lion]);

        // The pull towards the current values. Here the Gold for the Rook
        // is an even trade (the data alone say the two are worth the
        // same, 300 apart now). Against a prior of 80 positions its 80
        // positions close two thirds of the gap (the margin is pulled
        // through both values, each moved half as far, so at half the
        // cost), and hardly any of it against a prior of 80,000.
        let even_trade = positions(0.5);
        let moved = |prior| {
            let t = tune(v, &even_trade, 2000, prior, Fit::All);
            margin(&t.after) - margin(&t.before)
        };
        let (free, two_thirds, strong) = (moved(0.0), moved(80.0), moved(80_000.0));
        assert!((free - 300.0).abs() < 10.0, "{free}");
        assert!((two_thirds - 200.0).abs() < 20.0, "{two_thirds}");
        assert!(strong.abs() < 5.0, "{strong}");

        // A weight's term that decides the results: a joint fit moves the
        // weight, a fit of the values alone holds it and moves the Gold, a
        // fit of the weights alone holds the Gold and moves the weight.
        let promotion = weight_index(v, "promotion");
        let mut decided = positions(1.0);
        for _ in 0..40 {
            decided.push(sample(&[(promotion, 3.0), (gold, 1.0)], 1.0));
            decided.push(sample(&[(promotion, -3.0), (gold, -1.0)], 0.0));
        }
        let joint = tune(v, &decided, 500, 0.0, Fit::All);
        let values = tune(v, &decided, 500, 0.0, Fit::ValuesOnly);
        let weights = tune(v, &decided, 500, 0.0, Fit::WeightsOnly);
        assert!(
            joint.after[promotion] > joint.before[promotion] + 20.0,
            "{joint:?}"
        );
        assert_eq!(values.after[promotion], values.before[promotion]);
        assert!(
            values.after[gold] > values.before[gold] + 100.0,
            "{values:?}"
        );
        assert_eq!(weights.after[gold], weights.before[gold]);
        assert!(
            weights.after[promotion] > weights.before[promotion] + 20.0,
            "{weights:?}"
        );

        // A piece whose numbers go with losing: its value stops at 0.
        let burden: Vec<Sample> = (0..80)
            .map(|k| sample(&[(pawn, 1.0 - 2.0 * f64::from(k % 2))], f64::from(k % 2)))
            .collect();
        let t = tune(v, &burden, 2000, 0.0, Fit::ValuesOnly);
        assert_eq!(t.after[pawn], 0.0, "{t:?}");
    }

    #[test]
    fn bad_data_lines_are_refused_with_their_number() {
        let v = VariantSet::builtin().find("chu").unwrap();
        let fen = Position::start(v).fen();
        assert_eq!(
            read_samples(v, &format!("# c\n\n{fen};1\n{fen};0.5\n")).map(|s| s.len()),
            Ok(2)
        );
        for bad in [format!("{fen};2"), fen.clone(), "xyz;1".to_string()] {
            let e = read_samples(v, &format!("{fen};1\n{bad}\n")).unwrap_err();
            assert!(e.starts_with("line 2:"), "{e}");
        }
    }

    /// Played games give their quiet positions with their results; games
    /// of another variant, without a result or with a move the rules
    /// refuse are left out whole.
    #[test]
    fn positions_from_played_games() {
        let v = VariantSet::builtin().find("chu").unwrap();
        let pgn = "[Variant \"chushogi\"]\n\n1. a4a5 a9a8 2. b4b5 0-1\n\n\
                   [Variant \"dai\"]\n\n1. a5a6 1-0\n\n\
                   1. a4a5 a9a8 *\n\n\
                   1. a4a5 a9a8 2. a5a7 1/2-1/2\n\n\
                   1. a4a5 1/2-1/2\n";
        let mut out = Vec::new();
        let (games, problems) =
            crate::record::read(pgn, VariantSet::builtin(), Some(v)).whole_games();
        // The game with a move the rules refuse (2. a5a7).
        assert_eq!(problems.len(), 1);
        let read = from_games(v, &games, &mut out).unwrap();
        let expected = GamesRead {
            games: 2,
            positions: 4,
            skipped: 2,
        };
        assert_eq!(read, expected);
        let text = String::from_utf8(out).unwrap();
        let results: Vec<&str> = text
            .lines()
            .filter_map(|l| l.rsplit_once(';'))
            .map(|(_, r)| r)
            .collect();
        assert_eq!(results, ["0", "0", "0", "0.5"]);
        assert!(text.starts_with(&format!("{};", v.start_fen)), "{text}");
        assert_eq!(read_samples(v, &text).map(|s| s.len()), Ok(4));
    }

    /// A short run of the generator: positions in the format the reader
    /// takes, each with a result, the same for the same seed.
    #[test]
    fn generated_data_reads_back() {
        let v = VariantSet::builtin().find("cashew").unwrap();
        let mut first = Vec::new();
        let n = generate(v, 2, 1, 5, &mut first).unwrap();
        let text = String::from_utf8(first).unwrap();
        assert!(n > 10, "{text}");
        assert_eq!(read_samples(v, &text).map(|s| s.len()), Ok(n));
        let mut again = Vec::new();
        generate(v, 2, 1, 5, &mut again).unwrap();
        assert_eq!(String::from_utf8(again).unwrap(), text);
    }
}
