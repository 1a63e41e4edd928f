//! `kyodai train`: the placement table learned from Kyodai's own searches.
//!
//! The evaluation's placement term is a table of centipawns for each piece
//! kind on each square (`placement::table`), summed incrementally by
//! the board. Written by hand it says little more than "keep the King home,
//! bring the Pawns up, stay central". Here it is learned instead, from
//! games Kyodai played (`kyodai match -pgnout` writes every move's score in
//! its comment): each quiet position's static evaluation, with the table in
//! place of the hand-written placement, is fitted to a blend of the search's
//! score there and the game's result,
//! `lambda * sigmoid(score / K) + (1 - lambda) * result`, by binary cross
//! entropy, as the engines that learned their evaluations did. The search
//! score is the look-ahead kind: the mean of the scores of the next plies,
//! weighted down by `DECAY` a ply, so that one search's horizon blunder
//! does not teach the table.
//!
//! The table is seen from each piece's owner (rank 0 its own back rank)
//! and shares a square with its mirror image across the centre file, so
//! Black's Rook on its home square reads the weight White's reads on its
//! own. The other terms of the evaluation (material, royal shelter, Lion
//! and Fire Demon threats, the mop-up) stay as they are and are held fixed
//! while the table learns.

use crate::board::Position;
use crate::eval::evaluate;
use crate::game;
use crate::movegen::{is_capture, royal_attacked};
use crate::pairs;
use crate::placement::{self, TableGeometry};
use crate::record::Game;
use crate::types::{Color, Piece};
use crate::variant::{PAIR_RANK, PairGeometry, Variant};
use std::fmt::Write as _;

/// Scores at or beyond this many centipawns in a comment are left out:
/// near a mate the score says nothing of the position's placement.
const SCORE_CAP: f64 = 2_000.0;
/// How much each later ply's score weighs against the one before in the
/// look-ahead target.
const DECAY: f64 = 0.9;
/// Plies of look-ahead in the target.
const LOOK_AHEAD: usize = 40;
/// The largest weight the table may hold either way, in centipawns: what
/// the engine's i16 table and the search's score scale take comfortably.
pub const MAX_TABLE_WEIGHT: f64 = 3_000.0;
/// Most positions one training run reads.
pub const MAX_POSITIONS: usize = 5_000_000;

/// One training position: its table features and the fixed part of its
/// evaluation, White's view.
struct Sample {
    /// Range of this sample's entries in `Data::features`.
    start: u32,
    end: u32,
    /// The evaluation less the placement, White's view, centipawns.
    fixed: f32,
    /// The look-ahead search score, White's view, centipawns.
    score: f32,
    /// The game's result for White: 1, 0.5 or 0.
    result: f32,
    /// The middle game's share of the placement (the ending's: the rest).
    middle: f32,
    /// Which game it came from (validation takes whole games).
    game: u32,
    /// White to move (the pair term is the mover's view).
    white_to_move: bool,
}

/// A set of positions ready for training.
pub struct Data {
    samples: Vec<Sample>,
    /// Weights a phase (`TableGeometry::len`): the middle game's come
    /// first in a table, then the ending's.
    per_phase: usize,
    /// The material at which the middle game's weights count alone.
    pub phase_material: i32,
    /// Table index, with the sign in the top bit (set: Black's piece).
    features: Vec<u32>,
    /// The same pieces' pair features (`PairGeometry::index`), in the
    /// same order: a sample's range covers both.
    pair_features: Vec<u16>,
    pub pair_geometry: PairGeometry,
    /// Games replayed and games left out.
    pub games: usize,
    pub skipped: usize,
}

const BLACK_BIT: u32 = 1 << 31;

impl Data {
    pub fn positions(&self) -> usize {
        self.samples.len()
    }
}

/// The look-ahead targets of one game: for each ply, the decayed mean of
/// the known scores from it on (White's view), or None where the ply's
/// own score is unknown.
fn look_ahead(scores: &[Option<f64>]) -> Vec<Option<f64>> {
    (0..scores.len())
        .map(|i| {
            scores[i]?;
            let (mut sum, mut weight, mut w) = (0.0, 0.0, 1.0);
            for s in scores.iter().skip(i).take(LOOK_AHEAD) {
                if let Some(s) = s {
                    sum += w * s;
                    weight += w;
                }
                w *= DECAY;
            }
            Some(sum / weight)
        })
        .collect()
}

/// The mover's score in a `kyodai match` comment (`+0.35/12 0.50s`), in
/// centipawns; None for a mate score, a missing one or one past
/// `SCORE_CAP`.
fn comment_score(comment: &str) -> Option<f64> {
    let first = comment.split_whitespace().next()?;
    let (score, _depth) = first.split_once('/')?;
    let pawns: f64 = score.parse().ok()?;
    let cp = pawns * 100.0;
    (cp.is_finite() && cp.abs() < SCORE_CAP).then_some(cp)
}

/// The positions of `games` worth learning from: the side to move not in
/// check, the move played neither a capture nor a promotion (no exchange
/// under way), and a score known. Games of another variant or without a
/// result are left out, as is a game a move of which the rules refuse.
pub fn read(v: &'static Variant, games: &[Game]) -> Data {
    let layout = TableGeometry::of(v);
    let mut data = Data {
        per_phase: layout.len(),
        phase_material: phase_material(v),
        samples: Vec::new(),
        features: Vec::new(),
        pair_features: Vec::new(),
        pair_geometry: pairs::geometry(v),
        games: 0,
        skipped: 0,
    };
    for (n, g) in games.iter().enumerate() {
        if data.samples.len() >= MAX_POSITIONS {
            eprintln!("kyodai: {MAX_POSITIONS} positions read; the remaining games left out");
            break;
        }
        let Some(winner) = g.result.as_deref().and_then(game::winner_of) else {
            data.skipped += 1;
            continue;
        };
        if g.variant.name != v.name {
            data.skipped += 1;
            continue;
        }
        let result = match winner {
            Some(Color::White) => 1.0,
            Some(Color::Black) => 0.0,
            None => 0.5,
        };
        match replay(g, &layout, &data.pair_geometry) {
            Ok(positions) => {
                let white_scores: Vec<Option<f64>> = positions.iter().map(|p| p.score).collect();
                for (p, target) in positions.into_iter().zip(look_ahead(&white_scores)) {
                    let (Some(score), true) = (target, p.quiet) else {
                        continue;
                    };
                    let start = data.features.len() as u32;
                    data.features.extend(&p.features);
                    data.pair_features.extend(&p.pair_features);
                    data.samples.push(Sample {
                        start,
                        end: data.features.len() as u32,
                        fixed: p.fixed as f32,
                        score: score as f32,
                        result,
                        middle: p.material.clamp(0, data.phase_material) as f32
                            / data.phase_material as f32,
                        game: n as u32,
                        white_to_move: p.white_to_move,
                    });
                }
                data.games += 1;
            }
            Err(e) => {
                eprintln!("kyodai: game {} left out: {e}", n + 1);
                data.skipped += 1;
            }
        }
    }
    data
}

/// One ply of a replayed game.
struct Ply {
    features: Vec<u32>,
    pair_features: Vec<u16>,
    white_to_move: bool,
    fixed: i32,
    /// The mover's search score turned to White's view.
    score: Option<f64>,
    quiet: bool,
    /// Both sides' material.
    material: i32,
}

fn replay(g: &Game, layout: &TableGeometry, pairs: &PairGeometry) -> Result<Vec<Ply>, String> {
    let mut plies = Vec::with_capacity(g.moves.len());
    g.replay(|pos, m, _| {
        let side = pos.side();
        let in_check = pos.royals(side) == 1 && royal_attacked(pos, side);
        let score = m
            .comments
            .first()
            .and_then(|c| comment_score(c))
            .map(|s| if side == Color::White { s } else { -s });
        // The evaluation less its learned terms, White's view.
        let mover_eval = evaluate(pos) - pos.pair_score();
        let white_eval = if side == Color::White {
            mover_eval
        } else {
            -mover_eval
        };
        let pair_features = pair_features(pos, pairs);
        plies.push(Ply {
            features: features(pos, layout),
            pair_features,
            white_to_move: side == Color::White,
            fixed: white_eval - pos.placement(),
            score,
            quiet: !in_check && !is_capture(pos, m.mv) && !m.mv.promotes(),
            material: pos.material(Color::White) + pos.material(Color::Black),
        });
    })?;
    Ok(plies)
}

fn features(pos: &Position, layout: &TableGeometry) -> Vec<u32> {
    let mut out = Vec::with_capacity(96);
    for color in Color::BOTH {
        for (sq, piece) in pos.pieces(color) {
            let i = layout.index(piece, sq) as u32;
            out.push(if color == Color::Black {
                i | BLACK_BIT
            } else {
                i
            });
        }
    }
    out
}

/// The pair features of every piece on the board, in `features`' order,
/// the side to move's view. A u16 holds any: at most 2 owners x 127 kinds
/// x 256 squares.
fn pair_features(pos: &Position, geometry: &PairGeometry) -> Vec<u16> {
    let side = pos.side();
    Color::BOTH
        .iter()
        .flat_map(|&color| pos.pieces(color))
        .map(|(sq, piece)| geometry.index(piece, sq, side) as u16)
        .collect()
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// The scale K (centipawns) under which `sigmoid(score / K)` predicts the
/// games' results best: what a search score means in results, for this
/// data. Golden-section search on the mean squared error.
pub fn fit_scale(data: &Data) -> f64 {
    let error = |k: f64| -> f64 {
        data.samples
            .iter()
            .map(|s| (sigmoid(s.score as f64 / k) - s.result as f64).powi(2))
            .sum::<f64>()
            / data.samples.len().max(1) as f64
    };
    let (mut lo, mut hi) = (20.0f64, 3_000.0f64);
    let g = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..60 {
        let a = hi - g * (hi - lo);
        let b = lo + g * (hi - lo);
        if error(a) < error(b) {
            hi = b;
        } else {
            lo = a;
        }
    }
    (lo + hi) / 2.0
}

/// Training settings.
#[derive(Clone, Debug)]
pub struct Settings {
    /// Share of the search score in the target (the rest: the result).
    pub lambda: f64,
    pub epochs: usize,
    /// Adam's step, in centipawns.
    pub rate: f64,
    /// Pull of each weight towards its starting value (L2, per position).
    pub pull: f64,
    /// Every `holdout`-th game is held out to validate (0: none).
    pub holdout: u32,
    pub batch: usize,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            lambda: 0.75,
            epochs: 30,
            rate: 1.0,
            pull: 1e-4,
            holdout: 10,
            batch: 512,
        }
    }
}

/// What `train` learned and how well.
pub struct Trained {
    pub table: Vec<f64>,
    pub scale: f64,
    /// Validation loss of the starting table, and of the best epoch's.
    pub loss_before: f64,
    pub loss_after: f64,
    pub best_epoch: usize,
    /// The least loss any table could reach on the held-out positions:
    /// their targets' own entropy.
    pub loss_floor: f64,
    pub train_positions: usize,
    pub validation_positions: usize,
}

fn target(s: &Sample, scale: f64, lambda: f64) -> f64 {
    lambda * sigmoid(s.score as f64 / scale) + (1.0 - lambda) * s.result as f64
}

fn predict(data: &Data, s: &Sample, table: &[f64]) -> f64 {
    let (middle, end) = table.split_at(data.per_phase);
    let m = f64::from(s.middle);
    let mut e = s.fixed as f64;
    for &f in &data.features[s.start as usize..s.end as usize] {
        let k = (f & !BLACK_BIT) as usize;
        let w = m * middle[k] + (1.0 - m) * end[k];
        e += if f & BLACK_BIT != 0 { -w } else { w };
    }
    e
}

/// Mean binary cross entropy over `set` of the evaluations `eval` gives
/// (White's view, centipawns, by sample) against the targets.
fn cross_entropy(
    data: &Data,
    set: &[usize],
    scale: f64,
    lambda: f64,
    mut eval: impl FnMut(usize) -> f64,
) -> f64 {
    let eps = 1e-9;
    set.iter()
        .map(|&i| {
            let p = sigmoid(eval(i) / scale).clamp(eps, 1.0 - eps);
            let t = target(&data.samples[i], scale, lambda);
            -(t * p.ln() + (1.0 - t) * (1.0 - p).ln())
        })
        .sum::<f64>()
        / set.len().max(1) as f64
}

/// The least loss any evaluation could reach on `set`: its targets' own
/// entropy.
fn target_entropy(data: &Data, set: &[usize], scale: f64, lambda: f64) -> f64 {
    cross_entropy(data, set, scale, lambda, |i| {
        let t = target(&data.samples[i], scale, lambda).clamp(1e-9, 1.0 - 1e-9);
        scale * (t / (1.0 - t)).ln()
    })
}

/// Adam's running moments, a pair per weight.
struct Adam {
    m: Vec<f64>,
    v: Vec<f64>,
    step: i32,
    /// The bias corrections of the step under way.
    corrections: (f64, f64),
}

impl Adam {
    const B1: f64 = 0.9;
    const B2: f64 = 0.999;

    fn new(weights: usize) -> Adam {
        Adam {
            m: vec![0.0; weights],
            v: vec![0.0; weights],
            step: 0,
            corrections: (1.0, 1.0),
        }
    }

    /// Starts a batch's update.
    fn next_step(&mut self) {
        self.step += 1;
        self.corrections = (
            1.0 - Self::B1.powi(self.step),
            1.0 - Self::B2.powi(self.step),
        );
    }

    /// The change of weight `k` for its gradient `g`, at step `rate`.
    fn delta(&mut self, k: usize, g: f64, rate: f64) -> f64 {
        let (c1, c2) = self.corrections;
        self.m[k] = Self::B1 * self.m[k] + (1.0 - Self::B1) * g;
        self.v[k] = Self::B2 * self.v[k] + (1.0 - Self::B2) * g * g;
        -rate * (self.m[k] / c1) / ((self.v[k] / c2).sqrt() + 1e-8)
    }
}

/// Where a training starts: its weights, and those whose loss it is
/// measured against (`Trained::loss_before`), named.
struct Start<'a> {
    weights: Vec<f64>,
    baseline: &'a [f64],
    baseline_name: &'static str,
}

/// Runs the epochs of a training: each shuffles the training positions
/// with the engine's own generator (the same seed, the same result), feeds
/// them to `learn` in batches, and is judged by `loss` on the checking
/// positions; the weights of the epoch with the least loss are kept, or
/// the starting ones if none does better.
fn run_epochs(
    data: &Data,
    settings: &Settings,
    seed: u64,
    scale: f64,
    start: Start,
    mut learn: impl FnMut(&[usize], &mut [f64]),
    loss: impl Fn(&[usize], &[f64]) -> f64,
) -> Trained {
    let (mut train_set, validation): (Vec<usize>, Vec<usize>) =
        (0..data.samples.len()).partition(|&i| {
            settings.holdout == 0 || !data.samples[i].game.is_multiple_of(settings.holdout)
        });
    // Without a held-out set the training positions judge the epochs.
    let check = if validation.is_empty() {
        train_set.clone()
    } else {
        validation.clone()
    };
    let mut weights = start.weights;
    let loss_before = loss(&check, start.baseline);
    let (mut best, mut best_loss, mut best_epoch) = (weights.clone(), loss(&check, &weights), 0);
    let what = start.baseline_name;
    let mut rng = crate::types::Rng::new(seed);
    for epoch in 1..=settings.epochs {
        for i in (1..train_set.len()).rev() {
            let j = rng.below(i + 1);
            train_set.swap(i, j);
        }
        for batch in train_set.chunks(settings.batch) {
            learn(batch, &mut weights);
        }
        let l = loss(&check, &weights);
        eprintln!("kyodai: epoch {epoch}: held-out loss {l:.6} ({what} {loss_before:.6})");
        if l < best_loss {
            best_loss = l;
            best = weights.clone();
            best_epoch = epoch;
        }
    }
    Trained {
        table: best,
        scale,
        loss_before,
        loss_after: best_loss,
        best_epoch,
        loss_floor: target_entropy(data, &check, scale, settings.lambda),
        train_positions: train_set.len(),
        validation_positions: validation.len(),
    }
}

/// Learns the table from `start` (the current placement, `start_table`)
/// with Adam on mini-batches, keeping the epoch whose held-out loss is
/// lowest.
pub fn train(data: &Data, start: &[f64], settings: &Settings, seed: u64) -> Trained {
    let scale = fit_scale(data);
    let lambda = settings.lambda;
    let n = start.len();
    let mut adam = Adam::new(n);
    let mut grad = vec![0.0; n];
    let mut touched = vec![false; n];
    let learn = |batch: &[usize], table: &mut [f64]| {
        grad.iter_mut().for_each(|g| *g = 0.0);
        for &i in batch {
            let s = &data.samples[i];
            let p = sigmoid(predict(data, s, table) / scale);
            let d = (p - target(s, scale, lambda)) / scale / batch.len() as f64;
            let m = f64::from(s.middle);
            for &f in &data.features[s.start as usize..s.end as usize] {
                let k = (f & !BLACK_BIT) as usize;
                let d = if f & BLACK_BIT != 0 { -d } else { d };
                grad[k] += m * d;
                grad[data.per_phase + k] += (1.0 - m) * d;
                touched[k] = true;
                touched[data.per_phase + k] = true;
            }
        }
        adam.next_step();
        for k in 0..n {
            let g = grad[k] + 2.0 * settings.pull * (table[k] - start[k]);
            if !touched[k] && g == 0.0 {
                continue;
            }
            table[k] += adam.delta(k, g, settings.rate);
            table[k] = table[k].clamp(-MAX_TABLE_WEIGHT, MAX_TABLE_WEIGHT);
        }
    };
    let loss = |set: &[usize], table: &[f64]| {
        cross_entropy(data, set, scale, lambda, |i| {
            predict(data, &data.samples[i], table)
        })
    };
    let start = Start {
        weights: start.to_vec(),
        baseline: start,
        baseline_name: "start",
    };
    run_epochs(data, settings, seed, scale, start, learn, loss)
}

/// The sign each dimension of the pair term counts with: the first half
/// for the side to move, the second against (as `PairTable::score`).
fn pair_sign(d: usize) -> f64 {
    if d < PAIR_RANK / 2 { 1.0 } else { -1.0 }
}

/// The pair term (White's view) of sample `s` and, into `sums`, its
/// dimensions' summed weights.
fn pair_term(data: &Data, s: &Sample, weights: &[f64], sums: &mut [f64; PAIR_RANK]) -> f64 {
    *sums = [0.0; PAIR_RANK];
    for &f in &data.pair_features[s.start as usize..s.end as usize] {
        let row = &weights[f as usize * PAIR_RANK..(f as usize + 1) * PAIR_RANK];
        for (x, w) in sums.iter_mut().zip(row) {
            *x += w;
        }
    }
    let p: f64 = sums
        .iter()
        .enumerate()
        .map(|(d, x)| pair_sign(d) * x * x)
        .sum();
    if s.white_to_move { p } else { -p }
}

/// Learns the pair term over the evaluation with `table` as its placement
/// (held fixed), from small random vectors (zero for the features no
/// position has), with Adam on mini-batches and a pull towards zero
/// (`Settings::pull`), keeping the epoch whose held-out loss is lowest.
/// `Trained::table` holds `PAIR_RANK` weights a feature, feature by
/// feature; its loss before is the evaluation's without the term.
pub fn train_pairs(data: &Data, table: &[f64], settings: &Settings, seed: u64) -> Trained {
    let scale = fit_scale(data);
    let lambda = settings.lambda;
    let base: Vec<f64> = data
        .samples
        .iter()
        .map(|s| predict(data, s, table))
        .collect();
    let features = data.pair_geometry.len();
    let mut seen = vec![false; features];
    for &f in &data.pair_features {
        seen[f as usize] = true;
    }
    let mut rng = crate::types::Rng::new(seed ^ 0x9e37_79b9_7f4a_7c15);
    let start: Vec<f64> = (0..features * PAIR_RANK)
        .map(|k| {
            let r = (rng.below(2001) as f64 - 1000.0) / 1000.0 * 0.05;
            if seen[k / PAIR_RANK] { r } else { 0.0 }
        })
        .collect();
    let mut adam = Adam::new(start.len());
    let mut grad = vec![0.0; start.len()];
    let mut touched = vec![false; features];
    let mut sums = [0.0; PAIR_RANK];
    let learn = |batch: &[usize], weights: &mut [f64]| {
        for &i in batch {
            let s = &data.samples[i];
            let p = sigmoid((base[i] + pair_term(data, s, weights, &mut sums)) / scale);
            let mut d = (p - target(s, scale, lambda)) / scale / batch.len() as f64;
            if !s.white_to_move {
                d = -d;
            }
            // d(term)/d(weight) is twice the dimension's sum, signed.
            for (dim, x) in sums.iter_mut().enumerate() {
                *x *= 2.0 * d * pair_sign(dim);
            }
            for &f in &data.pair_features[s.start as usize..s.end as usize] {
                let f = f as usize;
                touched[f] = true;
                for (g, x) in grad[f * PAIR_RANK..(f + 1) * PAIR_RANK]
                    .iter_mut()
                    .zip(&sums)
                {
                    *g += x;
                }
            }
        }
        adam.next_step();
        for (f, touched) in touched.iter_mut().enumerate() {
            if !std::mem::take(touched) {
                continue;
            }
            for k in f * PAIR_RANK..(f + 1) * PAIR_RANK {
                let g = std::mem::take(&mut grad[k]) + 2.0 * settings.pull * weights[k];
                weights[k] += adam.delta(k, g, settings.rate);
            }
        }
    };
    let loss = |set: &[usize], weights: &[f64]| {
        let mut sums = [0.0; PAIR_RANK];
        cross_entropy(data, set, scale, lambda, |i| {
            base[i] + pair_term(data, &data.samples[i], weights, &mut sums)
        })
    };
    let zero = vec![0.0; start.len()];
    let start = Start {
        weights: start,
        baseline: &zero,
        baseline_name: "without the pairs",
    };
    run_epochs(data, settings, seed, scale, start, learn, loss)
}

/// The material of the variant's start position, both sides: where the
/// middle game's weights count alone (the variant's own where its table
/// already has phases).
fn phase_material(v: &'static Variant) -> i32 {
    let phase_material = placement::table(v).phase_material;
    if phase_material > 1 {
        return phase_material;
    }
    Position::from_fen(v, &v.start_fen)
        .map(|p| p.material(Color::White) + p.material(Color::Black))
        .unwrap_or(1)
        .max(1)
}

/// The starting table: the variant's current placement (learned or
/// written by hand) for White's pieces, each folded square the mean of
/// its two mirror squares; the middle game's weights, then the ending's.
pub fn start_table(v: &Variant) -> Vec<f64> {
    let layout = TableGeometry::of(v);
    let scores = &placement::table(v).scores;
    let mut sum = vec![0.0; 2 * layout.len()];
    let mut count = vec![0.0; layout.len()];
    for kind in 0..v.pieces.len() {
        let piece = Piece::new(Color::White, kind as u8);
        for &sq in &v.squares {
            let i = layout.index(piece, sq);
            let [m, e] = scores[piece.index() * crate::types::CELLS + sq.index()];
            sum[i] += f64::from(m);
            sum[layout.len() + i] += f64::from(e);
            count[i] += 1.0;
        }
    }
    let n = layout.len();
    (0..2 * n)
        .map(|i| {
            if count[i % n] > 0.0 {
                sum[i] / count[i % n]
            } else {
                0.0
            }
        })
        .collect()
}

/// The table as the file the engine reads (`placement::read_table`): a header
/// of `#` lines, the variant, board size and phase material, then two
/// lines a piece kind, its token, the phase and its weights rank by rank
/// from the owner's back rank, each rank from the edge file to the centre.
pub fn table_text(v: &Variant, data_phase: i32, table: &[f64], header: &[String]) -> String {
    let layout = TableGeometry::of(v);
    let n = layout.per_kind();
    let mut out = placement::learned_file_head(v, header);
    let _ = writeln!(out, "phase {data_phase}");
    for (kind, t) in v.pieces.iter().enumerate() {
        for (phase, name) in ["middle", "end"].iter().enumerate() {
            let _ = write!(out, "piece {} {name}", t.token);
            let first = phase * layout.len() + kind * n;
            for w in &table[first..first + n] {
                let _ = write!(out, " {}", w.round() as i64);
            }
            out.push('\n');
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::Square;
    use crate::variant::PAIR_UNIT;

    fn chu() -> &'static Variant {
        crate::variant::VariantSet::builtin()
            .find("chu")
            .expect("chu is built in")
    }

    fn read_games(text: &str) -> Vec<Game> {
        let set = crate::variant::VariantSet::builtin();
        crate::record::read(text, set, None).whole_games().0
    }

    /// `games` copies of one short game in which every score favours
    /// White by 3 Pawns, and White wins.
    fn white_leads(games: usize) -> String {
        "[Variant \"chu\"]\n\n1. f4f5 {+3.00/5 0.1s} g9g8 {-3.00/5 0.1s} 2. e4e5 {+3.00/5 0.1s} 1-0\n\n"
            .repeat(games)
    }

    #[test]
    fn comment_scores_are_read_in_centipawns_and_mates_left_out() {
        assert_eq!(comment_score("+0.35/12 0.50s"), Some(35.0));
        assert_eq!(comment_score("-1.20/7 0.031s"), Some(-120.0));
        assert_eq!(comment_score("+M5/12 0.50s"), None);
        assert_eq!(comment_score("+25.00/9 0.1s"), None);
        assert_eq!(comment_score("book"), None);
    }

    #[test]
    fn the_look_ahead_target_weighs_later_scores_down() {
        let t = look_ahead(&[Some(100.0), None, Some(0.0)]);
        let w2 = DECAY * DECAY;
        assert!((t[0].unwrap() - 100.0 / (1.0 + w2)).abs() < 1e-9);
        assert_eq!(t[1], None);
        assert_eq!(t[2], Some(0.0));
    }

    #[test]
    fn mirror_squares_and_the_two_owners_share_a_weight() {
        let v = chu();
        let layout = TableGeometry::of(v);
        let rook = v.pieces.iter().position(|t| t.token == "R").unwrap() as u8;
        let white = Piece::new(Color::White, rook);
        let black = Piece::new(Color::Black, rook);
        let (w, h) = (v.width, v.height);
        let a = layout.index(white, Square::new(1, 2));
        assert_eq!(a, layout.index(white, Square::new(w - 2, 2)));
        assert_eq!(a, layout.index(black, Square::new(w - 2, h - 3)));
        assert_eq!(a, layout.index(black, Square::new(1, h - 3)));
        assert_ne!(a, layout.index(white, Square::new(1, 3)));
    }

    /// The starting table's evaluation is the engine's: the features and
    /// the fixed part add up to `evaluate` from White's view, in a
    /// position the table is mirror-symmetric in.
    #[test]
    fn features_and_the_fixed_part_add_up_to_the_evaluation() {
        let v = chu();
        let text = "[Variant \"chu\"]\n\n1. f4f5 {+0.10/5 0.1s} g9g8 {-0.05/5 0.1s} 2. e4e5 {+0.2/5 0.1s} 1-0\n";
        let games = read_games(text);
        let data = read(v, &games);
        assert_eq!((data.games, data.skipped), (1, 0));
        assert_eq!(data.positions(), 3);
        let table = start_table(v);
        let pos = Position::from_fen(v, &v.start_fen).unwrap();
        let e = predict(&data, &data.samples[0], &table);
        let without_pairs = evaluate(&pos) - pos.pair_score();
        assert!((e - f64::from(without_pairs)).abs() < 1e-6, "{e}");
        assert_eq!(data.samples[0].result, 1.0);
        // The second position's score is the mover's (Black's), turned.
        let second = &data.samples[1];
        assert!(second.score > 0.0);
    }

    /// A pair term as the trainer holds it (floats) and as the engine does
    /// (its file read back: integers in 1/`PAIR_UNIT`, summed as the board
    /// sums them) give the same term within the rounding of the last
    /// division, for either side to move.
    #[test]
    fn the_trainers_pair_term_is_the_engines() {
        let v = chu();
        let g = crate::pairs::geometry(v);
        let weights: Vec<f64> = (0..g.len() * PAIR_RANK)
            .map(|k| ((k * 7919) % 301) as f64 / PAIR_UNIT as f64 - 0.5)
            .collect();
        let text = crate::pairs::pairs_text(v, &weights, &[]);
        let engine = crate::pairs::read_pairs(v, &text).unwrap();
        let engine_score = |pos: &Position| {
            let pieces = Color::BOTH.iter().flat_map(|&c| pos.pieces(c));
            engine.score_afresh(pieces, pos.side())
        };
        let text = "[Variant \"chu\"]\n\n1. f4f5 {+0.10/5 0.1s} g9g8 {-0.05/5 0.1s} 2. e4e5 {+0.2/5 0.1s} g8g7 {-0.1/5 0.1s} 1-0\n";
        let data = read(v, &read_games(text));
        let mut pos = Position::from_fen(v, &v.start_fen).unwrap();
        let mut sums = [0.0; PAIR_RANK];
        for (i, mv) in ["f4f5", "g9g8", "e4e5", "g8g7"].iter().enumerate() {
            let s = &data.samples[i];
            assert_eq!(s.white_to_move, pos.side() == Color::White);
            let float = pair_term(&data, s, &weights, &mut sums);
            let white = if s.white_to_move { 1 } else { -1 } * engine_score(&pos);
            assert!((float - f64::from(white)).abs() <= 1.0, "{float} {white}");
            assert!(float.abs() > 10.0, "{float}");
            let m = crate::movegen::parse_move(&pos, mv).unwrap();
            pos.make(m);
        }
    }

    /// Trained on positions whose scores favour White by the pieces'
    /// being together, the pair term lowers the loss from none.
    #[test]
    fn training_the_pairs_lowers_the_loss() {
        let v = chu();
        let data = read(v, &read_games(&white_leads(40)));
        let settings = Settings {
            lambda: 1.0,
            epochs: 20,
            rate: 0.01,
            pull: 0.0,
            holdout: 0,
            batch: 16,
        };
        let trained = train_pairs(&data, &start_table(v), &settings, 1);
        assert!(
            trained.loss_after < trained.loss_before - 0.01,
            "{} {}",
            trained.loss_before,
            trained.loss_after
        );
        assert_eq!(trained.table.len(), data.pair_geometry.len() * PAIR_RANK);
        // A feature no position has stays at zero: no Black King on the
        // White King's square.
        let king = v.pieces.iter().position(|t| t.royal).unwrap() as u8;
        let f = data.pair_geometry.index(
            Piece::new(Color::Black, king),
            Square::new(5, 0),
            Color::White,
        );
        assert!(
            trained.table[f * PAIR_RANK..(f + 1) * PAIR_RANK]
                .iter()
                .all(|&w| w == 0.0)
        );
    }

    /// Trained on positions that all say one side's Rook belongs on one
    /// square, the table moves that way.
    #[test]
    fn training_moves_the_table_towards_the_scores() {
        let v = chu();
        let data = read(v, &read_games(&white_leads(40)));
        let start = start_table(v);
        let settings = Settings {
            holdout: 0,
            epochs: 20,
            ..Settings::default()
        };
        let trained = train(&data, &start, &settings, 1);
        assert!(trained.loss_after < trained.loss_before);
        let layout = TableGeometry::of(v);
        let pawn = v.pieces.iter().position(|t| t.token == "P").unwrap() as u8;
        let advanced = layout.index(Piece::new(Color::White, pawn), Square::new(5, 4));
        assert!(trained.table[advanced] > start[advanced]);
        // A smaller step (`--rate`) moves it less in as many epochs.
        let slow = train(
            &data,
            &start,
            &Settings {
                rate: 0.1,
                ..settings
            },
            1,
        );
        assert!(slow.table[advanced] > start[advanced]);
        assert!(slow.table[advanced] < trained.table[advanced]);
    }

    /// A table written and read back by the engine is the table.
    #[test]
    fn the_table_file_reads_back_as_written() {
        let v = chu();
        let start = start_table(v);
        let text = table_text(v, 9_000, &start, &["test".into()]);
        assert!(text.starts_with("# test\nvariant chu\nsize 12x12\nphase 9000\n"));
        assert_eq!(
            text.lines().filter(|l| l.starts_with("piece ")).count(),
            2 * v.pieces.len()
        );
        let read = crate::placement::read_table(v, &text).expect("a table just written");
        assert_eq!(read.phase_material, 9_000);
        let n = read.weights.len();
        for (i, [m, e]) in read.weights.iter().enumerate() {
            assert_eq!(
                (*m, *e),
                (start[i].round() as i16, start[n + i].round() as i16)
            );
        }
    }
}
