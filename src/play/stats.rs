//! Match statistics for `kyodai match`: game scores, Elo estimates, the
//! sequential probability ratio test (SPRT) and the tournament rating table.
//!
//! The per-game statistics reproduce cutechess-cli's definitions and output
//! formats (its `Elo` and `Sprt` classes and `Tournament::results()`), so a
//! `kyodai match` run can be compared number for number, and line for line,
//! with a cutechess-cli run on the same games. The statistics of game pairs
//! (`Pentanomial`, `pentanomial_elo`, `Sprt::status_pentanomial`) are
//! fishtest's, OpenBench's and fastchess's. The module is pure arithmetic:
//! no I/O, no engine protocol.

use super::numbers::{format_fixed, format_significant};
use std::f64::consts::FRAC_2_SQRT_PI;

/// Results of one player against another (or against the field), from that
/// player's view.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Score {
    pub wins: u32,
    pub losses: u32,
    pub draws: u32,
}

impl Score {
    /// Number of finished games.
    ///
    /// Saturates at `u32::MAX` rather than overflowing: no real match gets
    /// there, and a counter must never be able to panic.
    pub fn games(&self) -> u32 {
        self.wins
            .saturating_add(self.losses)
            .saturating_add(self.draws)
    }

    /// Points per game, (wins + draws/2) / games, in [0, 1].
    ///
    /// With no game played this is 0.5: a player who has not played is
    /// neither ahead nor behind, and a neutral number keeps sorting and
    /// averaging free of NaN. (`elo_estimate` does not use this value; it
    /// reports NaN for an empty score, as cutechess-cli does.)
    pub fn fraction(&self) -> f64 {
        let games = self.total();
        if games == 0.0 {
            return 0.5;
        }
        // The same operations as cutechess-cli's point ratio,
        // (2 * wins + draws) / (2 * games), so the result is the same double.
        (2.0 * f64::from(self.wins) + f64::from(self.draws)) / (2.0 * games)
    }

    /// The same games seen from the opponent's side.
    pub fn flipped(&self) -> Score {
        Score {
            wins: self.losses,
            losses: self.wins,
            draws: self.draws,
        }
    }

    /// Adds the games of `other` (saturating, like `games`).
    pub fn add(&mut self, other: Score) {
        self.wins = self.wins.saturating_add(other.wins);
        self.losses = self.losses.saturating_add(other.losses);
        self.draws = self.draws.saturating_add(other.draws);
    }

    /// Number of games as a float, summed in f64 so it cannot saturate.
    fn total(&self) -> f64 {
        f64::from(self.wins) + f64::from(self.losses) + f64::from(self.draws)
    }
}

/// The standard normal quantile that cutechess-cli uses for its 95% error
/// margin.
///
/// cutechess-cli does not use the exact 1.959964 but computes the 97.5%
/// quantile with Winitzki's closed-form approximation of the inverse error
/// function (with pi written as 3.1415926535897), which gives this value.
/// Using the same number keeps our margins identical to its margins down to
/// the printed digit; the difference from the exact quantile is 0.15%.
const MARGIN_QUANTILE: f64 = 1.957_161_931_656_024_5;

/// cutechess-cli's Elo estimate of a score, as printed after a two-player
/// match.
///
/// Special values follow from the formulas exactly as in cutechess-cli:
/// with no game everything is NaN; a 100% (0%) score has `diff` +inf (-inf)
/// and a NaN margin; `los` is NaN when no game was decisive.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EloEstimate {
    /// Elo difference implied by the mean score under the logistic model.
    pub diff: f64,
    /// Half-width of the 95% confidence interval, in Elo.
    pub error_margin: f64,
    /// Likelihood of superiority, in percent.
    pub los: f64,
    /// Share of drawn games, in percent.
    pub draw_ratio: f64,
}

/// Estimates the Elo difference of a score, exactly as cutechess-cli does.
///
/// The mean score per game is mu = (wins + draws/2) / games and the per-game
/// variance is that of the trinomial outcome 1 / 0.5 / 0 around mu; its
/// standard error is the standard deviation over sqrt(games). The interval
/// mu ± z·se (z = `MARGIN_QUANTILE`) is mapped through the logistic Elo
/// formula, so it is asymmetric in Elo, and the margin is half its width.
/// The likelihood of superiority ignores draws:
/// LOS = 1/2 + 1/2·erf((wins − losses) / sqrt(2·(wins + losses))).
pub fn elo_estimate(s: &Score) -> EloEstimate {
    let wins = f64::from(s.wins);
    let losses = f64::from(s.losses);
    let draws = f64::from(s.draws);
    let games = wins + losses + draws;

    let win_share = wins / games;
    let loss_share = losses / games;
    let draw_share = draws / games;
    let mean = win_share + draw_share / 2.0;
    let variance = win_share * (1.0 - mean).powi(2)
        + loss_share * mean.powi(2)
        + draw_share * (0.5 - mean).powi(2);
    let standard_error = variance.sqrt() / games.sqrt();

    let low = elo_from_mean_score(mean - MARGIN_QUANTILE * standard_error);
    let high = elo_from_mean_score(mean + MARGIN_QUANTILE * standard_error);
    EloEstimate {
        diff: elo_from_mean_score(mean),
        error_margin: (high - low) / 2.0,
        los: 100.0 * (0.5 + 0.5 * erf((wins - losses) / (2.0 * (wins + losses)).sqrt())),
        draw_ratio: draws / games * 100.0,
    }
}

/// Logistic Elo model: a mean score `p` means an Elo difference of
/// -400·log10(1/p − 1). Gives ±inf at p = 1 and p = 0, NaN outside [0, 1].
fn elo_from_mean_score(p: f64) -> f64 {
    -400.0 * (1.0 / p - 1.0).log10()
}

/// The line cutechess-cli prints after a two-player match, e.g.
/// `Elo difference: 46.6 +/- 45.8, LOS: 97.7 %, DrawRatio: 33.3 %`.
///
/// Numbers have one decimal and are rounded as Qt rounds them (halves away
/// from zero); infinities and NaN print as `inf`, `-inf` and `nan`, as Qt
/// prints them, and a negative zero prints as `0.0`.
pub fn elo_line(s: &Score) -> String {
    let elo = elo_estimate(s);
    format!(
        "Elo difference: {} +/- {}, LOS: {} %, DrawRatio: {} %",
        format_fixed(elo.diff, 1),
        format_fixed(elo.error_margin, 1),
        format_fixed(elo.los, 1),
        format_fixed(elo.draw_ratio, 1)
    )
}

/// A sequential probability ratio test of H0: "the Elo difference is `elo0`"
/// against H1: "it is `elo1`", with error rates `alpha` (accepting H1 when H0
/// holds) and `beta` (accepting H0 when H1 holds).
///
/// The model is cutechess-cli's (its `sprt.cpp`): the BayesElo trinomial
/// model with a draw Elo estimated from the games played so far, not the
/// logistic/normalized GSPRT used by Fishtest and OpenBench. The same games
/// therefore give the same LLR and the same decision as in cutechess-cli.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
}

/// The largest |elo0| or |elo1| an SPRT takes.
const MAX_SPRT_ELO: f64 = 1000.0;

/// Decision of the test after the games played so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SprtResult {
    Continue,
    AcceptH0,
    AcceptH1,
}

/// Log-likelihood ratio of the games so far, the bounds it is compared with,
/// and the resulting decision.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SprtStatus {
    pub llr: f64,
    pub lower_bound: f64,
    pub upper_bound: f64,
    pub result: SprtResult,
}

/// Win, loss and draw probabilities of one game.
#[derive(Clone, Copy, Debug)]
struct OutcomeProbabilities {
    win: f64,
    loss: f64,
    draw: f64,
}

impl OutcomeProbabilities {
    /// BayesElo model: P(win) = 1 / (1 + 10^((draw_elo − elo)/400)),
    /// P(loss) = 1 / (1 + 10^((draw_elo + elo)/400)), the rest is a draw.
    fn from_bayes_elo(elo: f64, draw_elo: f64) -> OutcomeProbabilities {
        let win = 1.0 / (1.0 + 10f64.powf((draw_elo - elo) / 400.0));
        let loss = 1.0 / (1.0 + 10f64.powf((draw_elo + elo) / 400.0));
        OutcomeProbabilities {
            win,
            loss,
            draw: 1.0 - win - loss,
        }
    }
}

impl Sprt {
    /// Checks the parameters (cutechess-cli accepts any numbers): every value
    /// must be finite, `alpha` and `beta` must lie in (0, 0.5] (an error rate above
    /// one half makes the test worse than a coin), and `elo0` must be below
    /// `elo1`. The error text names the offending value.
    pub fn new(elo0: f64, elo1: f64, alpha: f64, beta: f64) -> Result<Sprt, String> {
        for (name, value) in [
            ("elo0", elo0),
            ("elo1", elo1),
            ("alpha", alpha),
            ("beta", beta),
        ] {
            if !value.is_finite() {
                return Err(format!("SPRT {name} must be a finite number, got {value}"));
            }
        }
        for (name, value) in [("alpha", alpha), ("beta", beta)] {
            if value <= 0.0 || value > 0.5 {
                return Err(format!("SPRT {name} must be in (0, 0.5], got {value}"));
            }
        }
        for (name, value) in [("elo0", elo0), ("elo1", elo1)] {
            // Beyond, the expected score is within 0.3% of 0 or 1: no test
            // between engines that finish games against each other.
            if value.abs() > MAX_SPRT_ELO {
                return Err(format!(
                    "SPRT {name} must be within ±{MAX_SPRT_ELO} Elo, got {value}"
                ));
            }
        }
        if elo0 >= elo1 {
            return Err(format!(
                "SPRT elo0 ({elo0}) must be less than elo1 ({elo1})"
            ));
        }
        Ok(Sprt {
            elo0,
            elo1,
            alpha,
            beta,
        })
    }

    /// Evaluates the test on the games in `s`, as cutechess-cli does.
    ///
    /// Half a game is added to each of wins, losses and draws (a
    /// Dirichlet(1/2, 1/2, 1/2), i.e. Jeffreys, prior), so the test also
    /// works when some outcome has not occurred yet: there is no special
    /// case giving LLR 0, and even with no game at all the LLR is a tiny
    /// non-zero number. From these counts the draw Elo is estimated; elo0
    /// and elo1 are converted to BayesElo by dividing by the scale
    /// s = 4x / (1 + x)², x = 10^(−draw_elo/400), and the LLR is
    /// Σ count_i · ln(P1_i / P0_i) over the three outcomes.
    ///
    /// The bounds are Wald's ln(beta / (1 − alpha)) and
    /// ln((1 − beta) / alpha); reaching a bound (closed interval) decides.
    pub fn status(&self, s: &Score) -> SprtStatus {
        let wins = f64::from(s.wins) + 0.5;
        let losses = f64::from(s.losses) + 0.5;
        let draws = f64::from(s.draws) + 0.5;
        let count = wins + losses + draws;
        let p_win = wins / count;
        let p_loss = losses / count;
        let draw_elo = 200.0 * ((1.0 - p_loss) / p_loss * (1.0 - p_win) / p_win).log10();

        let x = 10f64.powf(-draw_elo / 400.0);
        let scale = 4.0 * x / ((1.0 + x) * (1.0 + x));
        let h0 = OutcomeProbabilities::from_bayes_elo(self.elo0 / scale, draw_elo);
        let h1 = OutcomeProbabilities::from_bayes_elo(self.elo1 / scale, draw_elo);

        let llr = wins * (h1.win / h0.win).ln()
            + losses * (h1.loss / h0.loss).ln()
            + draws * (h1.draw / h0.draw).ln();
        self.status_of(llr)
    }

    /// Evaluates the test on game pairs as fishtest's `LLR_logistic` (and
    /// fastchess's logistic model) does: a generalized SPRT on the
    /// pentanomial distribution, H0 and H1 saying that the expected score
    /// per game is s0 = L(elo0) or s1 = L(elo1), L(e) = 1 / (1 + 10^(−e/400)).
    ///
    /// Empty categories count `EMPTY_CATEGORY_PAIRS` pairs. With the N
    /// (so regularised) pairs' shares q_k, each hypothesis's most likely
    /// distribution p_k (`most_likely_with_mean`) gives
    /// LLR = N · Σ q_k · ln(p1_k / p0_k). For many pairs this is close to
    /// the familiar N·(s1 − s0)·(2·mu − s0 − s1) / (2·var) (fishtest's
    /// `LLR_alt2`, mu and var the pair scores' mean and variance), which the
    /// exact form replaces because it drifts off in small samples. With no
    /// pair at all the LLR is a tiny number near zero, never NaN.
    ///
    /// Bounds and decision are Wald's, as in `status`.
    pub fn status_pentanomial(&self, p: &Pentanomial) -> SprtStatus {
        let counts = p.counts.map(|c| {
            if c == 0 {
                EMPTY_CATEGORY_PAIRS
            } else {
                f64::from(c)
            }
        });
        let pairs: f64 = counts.iter().sum();
        let observed = counts.map(|c| c / pairs);
        let h0 = most_likely_with_mean(&observed, score_from_elo(self.elo0));
        let h1 = most_likely_with_mean(&observed, score_from_elo(self.elo1));
        let llr = pairs
            * (0..5)
                .map(|k| observed[k] * (h1[k].ln() - h0[k].ln()))
                .sum::<f64>();
        self.status_of(llr)
    }

    /// The test by `model` on the games (`score`) or their pairs (`pairs`).
    pub fn status_by(&self, model: SprtModel, score: &Score, pairs: &Pentanomial) -> SprtStatus {
        match model {
            SprtModel::BayesElo => self.status(score),
            SprtModel::Pentanomial => self.status_pentanomial(pairs),
        }
    }

    /// Wald's bounds ln(beta / (1 − alpha)) and ln((1 − beta) / alpha) and
    /// the decision they give for `llr`.
    fn status_of(&self, llr: f64) -> SprtStatus {
        let lower_bound = (self.beta / (1.0 - self.alpha)).ln();
        let upper_bound = ((1.0 - self.beta) / self.alpha).ln();
        SprtStatus {
            llr,
            lower_bound,
            upper_bound,
            result: decide(llr, lower_bound, upper_bound),
        }
    }

    /// cutechess-cli's SPRT line, e.g.
    /// `SPRT: llr 3.68 (125.0%), lbound -2.94, ubound 2.94 - H1 was accepted`.
    ///
    /// LLR and bounds have three significant digits (C's `%.3g` style,
    /// trailing zeros dropped); the percentage is the LLR as a share of the
    /// upper bound with one decimal. Without a decision the line ends after
    /// the upper bound.
    pub fn line(&self, s: &Score) -> String {
        status_line(&self.status(s))
    }
}

/// The SPRT line of `status` in cutechess-cli's format (`Sprt::line`),
/// whichever model computed it.
pub fn status_line(status: &SprtStatus) -> String {
    let mut line = format!(
        "SPRT: llr {} ({}%), lbound {}, ubound {}",
        format_significant(status.llr, 3),
        format_fixed(status.llr / status.upper_bound * 100.0, 1),
        format_significant(status.lower_bound, 3),
        format_significant(status.upper_bound, 3)
    );
    match status.result {
        SprtResult::AcceptH0 => line.push_str(" - H0 was accepted"),
        SprtResult::AcceptH1 => line.push_str(" - H1 was accepted"),
        SprtResult::Continue => {}
    }
    line
}

/// The SPRT decision; the bounds themselves count as reached.
fn decide(llr: f64, lower_bound: f64, upper_bound: f64) -> SprtResult {
    if llr >= upper_bound {
        SprtResult::AcceptH1
    } else if llr <= lower_bound {
        SprtResult::AcceptH0
    } else {
        SprtResult::Continue
    }
}

/// The result of one game from one player's view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Loss,
    Draw,
    Win,
}

impl Outcome {
    /// Points in half-points: 0, 1 or 2.
    fn half_points(self) -> usize {
        match self {
            Outcome::Loss => 0,
            Outcome::Draw => 1,
            Outcome::Win => 2,
        }
    }

    /// The same game from the opponent's view.
    pub fn flipped(self) -> Outcome {
        match self {
            Outcome::Loss => Outcome::Win,
            Outcome::Draw => Outcome::Draw,
            Outcome::Win => Outcome::Loss,
        }
    }

    /// This one game as a `Score`.
    pub fn score(self) -> Score {
        let mut s = Score::default();
        match self {
            Outcome::Loss => s.losses = 1,
            Outcome::Draw => s.draws = 1,
            Outcome::Win => s.wins = 1,
        }
        s
    }
}

/// Game pairs (one opening played once with each colour) counted by the
/// first player's points in the pair: `counts[k]` pairs scored k/2 points,
/// i.e. LL, LD, WL or DD, WD, WW for k = 0..4 — fastchess's and fishtest's
/// "pentanomial" counts (`Ptnml(0-2)`).
///
/// Counting pairs instead of games takes out most of what the opening
/// contributes to the variance (a lopsided opening tends to give one win and
/// one loss, not two wins), so the error bars and the SPRT need fewer games
/// than the trinomial model's, which treats the two games as independent.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pentanomial {
    pub counts: [u32; 5],
}

impl Pentanomial {
    /// Counts the pair whose two games went `first` and `second` for the
    /// first player (saturating, like `Score`).
    pub fn record(&mut self, first: Outcome, second: Outcome) {
        let k = first.half_points() + second.half_points();
        self.counts[k] = self.counts[k].saturating_add(1);
    }

    /// Adds the pairs of `other` (saturating).
    pub fn add(&mut self, other: &Pentanomial) {
        for (count, more) in self.counts.iter_mut().zip(other.counts) {
            *count = count.saturating_add(more);
        }
    }

    /// The same pairs from the second player's view.
    pub fn flipped(&self) -> Pentanomial {
        let mut counts = self.counts;
        counts.reverse();
        Pentanomial { counts }
    }

    /// Number of pairs, summed in u64 so that it cannot saturate.
    pub fn pairs(&self) -> u64 {
        self.counts.iter().map(|&c| u64::from(c)).sum()
    }

    /// fastchess's line, e.g. `Ptnml(0-2): [1, 11, 47, 25, 16]`.
    pub fn line(&self) -> String {
        let [a, b, c, d, e] = self.counts;
        format!("Ptnml(0-2): [{a}, {b}, {c}, {d}, {e}]")
    }

    /// Mean and variance of the pair score on the 0..1 scale (a pair's
    /// points divided by 2), weighted by the counts in `weights`.
    fn mean_and_variance(weights: &[f64; 5]) -> (f64, f64) {
        let total: f64 = weights.iter().sum();
        let mean = (0..5).map(|k| weights[k] * pair_score(k)).sum::<f64>() / total;
        let variance = (0..5)
            .map(|k| weights[k] * (pair_score(k) - mean).powi(2))
            .sum::<f64>()
            / total;
        (mean, variance)
    }
}

/// The score per game of a pair that scored k half-points: k/4.
fn pair_score(k: usize) -> f64 {
    k as f64 / 4.0
}

/// The 97.5% quantile of the standard normal distribution, as fishtest
/// (scipy's `norm.ppf(0.975)`), OpenBench and fastchess use it for their 95%
/// error bars.
const NORMAL_QUANTILE_975: f64 = 1.959_963_984_540_054;

/// The Elo estimate of a pentanomial count, as fastchess, OpenBench and
/// fishtest report it ("Elo: 77.71 +/- 33.03").
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PairEloEstimate {
    /// Elo difference implied by the mean score (logistic model).
    pub diff: f64,
    /// Half-width of the 95% confidence interval, in Elo.
    pub error_margin: f64,
    /// Likelihood of superiority, in percent; NaN when every pair scored
    /// the same (no spread, nothing to say).
    pub los: f64,
}

/// Estimates the Elo difference from pentanomial counts; `None` without
/// pairs.
///
/// The pair scores x_k = k/4 (per game) have mean mu and variance var over
/// the N pairs; the standard error of mu is sqrt(var / N), the pairs being
/// the independent samples. The interval mu ± 1.959964·se is mapped through
/// the logistic Elo formula -400·log10(1/p − 1) and the margin is half its
/// width, so it is asymmetric in Elo as in the other tools. Like fishtest's
/// `elo()` and OpenBench's `logistic_elo()`, a score is clamped to
/// [0.001, 0.999] before the conversion, so a 100% score reads ±1199.8 Elo
/// and not infinity. LOS = Phi((mu − 1/2) / se). No category is regularised
/// here (fastchess and OpenBench don't for Elo): all draws give 0 ± 0.
pub fn pentanomial_elo(p: &Pentanomial) -> Option<PairEloEstimate> {
    if p.pairs() == 0 {
        return None;
    }
    let weights = p.counts.map(f64::from);
    let (mean, variance) = Pentanomial::mean_and_variance(&weights);
    let standard_error = (variance / p.pairs() as f64).sqrt();
    let low = clamped_elo(mean - NORMAL_QUANTILE_975 * standard_error);
    let high = clamped_elo(mean + NORMAL_QUANTILE_975 * standard_error);
    let los = if standard_error > 0.0 {
        100.0 * (0.5 + 0.5 * erf((mean - 0.5) / (standard_error * std::f64::consts::SQRT_2)))
    } else {
        f64::NAN
    };
    Some(PairEloEstimate {
        diff: clamped_elo(mean),
        error_margin: (high - low) / 2.0,
        los,
    })
}

/// fishtest's and OpenBench's Elo of a score: the score clamped to
/// [0.001, 0.999], then the logistic formula.
fn clamped_elo(score: f64) -> f64 {
    elo_from_mean_score(score.clamp(1e-3, 1.0 - 1e-3))
}

/// Logistic Elo to expected score: 1 / (1 + 10^(−elo/400)).
fn score_from_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The pentanomial Elo line, e.g.
/// `Ptnml Elo: 77.71 +/- 33.03, LOS: 100.00 %, pairs: 100`, with
/// fastchess's two decimals; `Ptnml Elo: no game pairs yet` before the first
/// pair.
pub fn pentanomial_elo_line(p: &Pentanomial) -> String {
    match pentanomial_elo(p) {
        None => "Ptnml Elo: no game pairs yet".to_string(),
        Some(e) => format!(
            "Ptnml Elo: {} +/- {}, LOS: {} %, pairs: {}",
            format_fixed(e.diff, 2),
            format_fixed(e.error_margin, 2),
            format_fixed(e.los, 2),
            p.pairs()
        ),
    }
}

/// Which model the SPRT computes its log-likelihood ratio with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SprtModel {
    /// Fishtest's and fastchess's GSPRT on pentanomial counts, the bounds in
    /// logistic Elo (`Sprt::status_pentanomial`): for games played in
    /// pairs.
    Pentanomial,
    /// cutechess-cli's trinomial BayesElo SPRT (`Sprt::status`).
    BayesElo,
}

impl SprtModel {
    /// The names `-sprt model=` takes.
    pub fn parse(name: &str) -> Option<SprtModel> {
        match name {
            "pentanomial" => Some(SprtModel::Pentanomial),
            "bayeselo" | "trinomial" => Some(SprtModel::BayesElo),
            _ => None,
        }
    }

    /// What the model is, for the match's log.
    pub fn describe(self) -> &'static str {
        match self {
            SprtModel::Pentanomial => "pentanomial GSPRT (fishtest's LLR_logistic), logistic Elo",
            SprtModel::BayesElo => "trinomial BayesElo SPRT (cutechess-cli's)",
        }
    }
}

/// What an empty pentanomial category counts as in the GSPRT: fishtest's
/// and fastchess's regularisation, without which the maximum-likelihood
/// distributions below could put a zero where the LLR takes a logarithm.
const EMPTY_CATEGORY_PAIRS: f64 = 1e-3;

/// The distribution on the pair scores 0, 1/4, …, 1 with mean `mean` that
/// is most likely to have produced the observed shares `observed` (all
/// positive), by Proposition 1.1 of Van den Bergh's "Comments on normalized
/// Elo" (support_MLE_multinomial.pdf): p_k = q_k / (1 + θ·(a_k − mean)),
/// θ the root of Σ q_k·(a_k − mean) / (1 + θ·(a_k − mean)) = 0 that keeps
/// every p_k positive, θ in (−1/(1 − mean), 1/mean).
///
/// The left side falls strictly from +∞ to −∞ over that interval, so
/// bisection finds θ; it runs until the interval cannot shrink in f64
/// (fishtest's Brent solver stops at 1e-12 or so, which changes the LLR
/// by far less than it prints).
fn most_likely_with_mean(observed: &[f64; 5], mean: f64) -> [f64; 5] {
    let excess = |k: usize| pair_score(k) - mean;
    let slope = |theta: f64| -> f64 {
        (0..5)
            .map(|k| observed[k] * excess(k) / (1.0 + theta * excess(k)))
            .sum()
    };
    let (mut low, mut high) = (-1.0 / (1.0 - mean), 1.0 / mean);
    for _ in 0..2000 {
        let middle = low + (high - low) / 2.0;
        if middle <= low || middle >= high {
            break;
        }
        if slope(middle) > 0.0 {
            low = middle;
        } else {
            high = middle;
        }
    }
    let theta = low + (high - low) / 2.0;
    std::array::from_fn(|k| observed[k] / (1.0 + theta * excess(k)))
}

/// The rating table cutechess-cli prints at the end of a tournament with
/// more than two players, in its default result format
/// (`Rank,Name,Elo,Error,Games,Score,DScore`):
///
/// ```text
/// Rank Name                          Elo     +/-   Games   Score    Draw
///    1 Alpha                         147     268      10   70.0%   20.0%
/// ```
///
/// Each player's Elo, margin and draw share come from `elo_estimate` of its
/// score against the whole field (cutechess-cli rates every player as if it
/// had played a single opponent). Players are sorted by score fraction, best
/// first; players without a finished game come last and show `nan`, as in
/// cutechess-cli. Among equal scores the player later in `players` comes
/// first, which is the order cutechess-cli's multimap yields. Ranks start at
/// 1 (cutechess-cli's gauntlet numbering, which ranks the seed as 0, is not
/// reproduced). The first line is the header; each line keeps cutechess-cli's
/// trailing space so output can be diffed against it. No players, no lines.
pub fn rating_table(players: &[(String, Score)]) -> Vec<String> {
    if players.is_empty() {
        return Vec::new();
    }
    let mut ranking: Vec<&(String, Score)> = players.iter().rev().collect();
    // A stable sort keeps the reversed order among equal keys.
    ranking.sort_by(|a, b| ranking_key(&a.1).total_cmp(&ranking_key(&b.1)));

    let mut lines = Vec::with_capacity(players.len() + 1);
    lines.push(format!(
        "{:>4} {:<25} {:>7} {:>7} {:>7} {:>7} {:>7} ",
        "Rank", "Name", "Elo", "+/-", "Games", "Score", "Draw"
    ));
    for (index, (name, score)) in ranking.into_iter().enumerate() {
        let elo = elo_estimate(score);
        let score_percent = if score.games() == 0 {
            f64::NAN
        } else {
            score.fraction() * 100.0
        };
        lines.push(format!(
            "{:>4} {:<25} {:>7} {:>7} {:>7} {:>6}% {:>6}% ",
            index + 1,
            name,
            format_fixed(elo.diff, 0),
            format_fixed(elo.error_margin, 0),
            score.games(),
            format_fixed(score_percent, 1),
            format_fixed(elo.draw_ratio, 1)
        ));
    }
    lines
}

/// Sort key of cutechess-cli's ranking: 1 − score fraction, ascending, with
/// players who have not finished a game after everyone else.
fn ranking_key(s: &Score) -> f64 {
    if s.games() == 0 {
        2.0
    } else {
        1.0 - s.fraction()
    }
}

/// The error function erf(x) = 2/sqrt(pi) · ∫₀ˣ e^(−t²) dt, which Rust's std
/// lacks and the likelihood of superiority needs.
///
/// Uses the series erf(x) = 2/sqrt(pi) · e^(−x²) · Σₙ 2ⁿ x^(2n+1) / (1·3·…·(2n+1))
/// (Abramowitz & Stegun 7.1.6). All its terms have the sign of x, so nothing
/// cancels and the result is good to about 1e-15 (the 7.1.26 rational
/// approximation would only give 1.5e-7). Beyond |x| = 6 erf(x) rounds to ±1
/// in f64 (erfc(6) ≈ 2e-17), which also bounds the series to under 100 terms.
fn erf(x: f64) -> f64 {
    if x.is_nan() {
        return x;
    }
    if x.abs() >= 6.0 {
        return x.signum();
    }
    let x_squared = x * x;
    let mut term = x;
    let mut sum = x;
    let mut n = 0.0;
    while term.abs() > sum.abs() * f64::EPSILON / 4.0 {
        n += 1.0;
        term *= 2.0 * x_squared / (2.0 * n + 1.0);
        sum += term;
    }
    (FRAC_2_SQRT_PI * (-x_squared).exp() * sum).clamp(-1.0, 1.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Absolute comparison for values computed by a reference formula.
    fn assert_close(actual: f64, expected: f64, tolerance: f64) {
        assert!(
            (actual - expected).abs() <= tolerance,
            "expected {expected}, got {actual} (tolerance {tolerance})"
        );
    }

    fn score(wins: u32, losses: u32, draws: u32) -> Score {
        Score {
            wins,
            losses,
            draws,
        }
    }

    #[test]
    fn score_counts_fraction_flip_and_add() {
        let mut s = score(6, 2, 3);
        assert_eq!(s.games(), 11);
        // (6 + 1.5) / 11
        assert_close(s.fraction(), 7.5 / 11.0, 1e-15);
        assert_eq!(s.flipped(), score(2, 6, 3));
        assert_close(s.flipped().fraction(), 3.5 / 11.0, 1e-15);
        s.add(score(1, 1, 1));
        assert_eq!(s, score(7, 3, 4));
        assert_eq!(Score::default().fraction(), 0.5);
        let mut full = score(u32::MAX, 1, 0);
        full.add(score(1, 0, 0));
        assert_eq!(full.wins, u32::MAX);
        assert_eq!(full.games(), u32::MAX);
    }

    #[test]
    fn erf_matches_libm_values() {
        // Reference values: Python's math.erf (the C library's erf).
        let cases = [
            (0.0, 0.0),
            (0.1, 0.112_462_916_018_284_9),
            (-0.3, -0.328_626_759_459_127_4),
            (0.5, 0.520_499_877_813_046_5),
            (1.0, 0.842_700_792_949_714_9),
            (-1.0, -0.842_700_792_949_714_9),
            (2.0, 0.995_322_265_018_952_7),
            (3.5, 0.999_999_256_901_627_6),
            (5.0, 0.999_999_999_998_462_6),
            (5.9, 0.999_999_999_999_999_9),
        ];
        for (x, expected) in cases {
            assert_close(erf(x), expected, 2e-15);
        }
        assert_eq!(erf(7.0), 1.0);
        assert_eq!(erf(-40.0), -1.0);
        assert_eq!(erf(f64::INFINITY), 1.0);
        assert!(erf(f64::NAN).is_nan());
        assert!(erf(5.99) <= 1.0);
    }

    #[test]
    fn margin_quantile_is_winitzki_approximation_of_cutechess() {
        // Winitzki: erfinv(y) ≈ sqrt(sqrt(t² − ln(1−y²)/a) − t),
        // t = 2/(pi·a) + ln(1−y²)/2, a = 8(pi−3)/(3pi(4−pi)),
        // evaluated with cutechess-cli's pi = 3.1415926535897 at y = 0.95.
        #[allow(clippy::approx_constant)] // cutechess-cli's truncated pi
        let pi = 3.141_592_653_589_7;
        let a = 8.0 * (pi - 3.0) / (3.0 * pi * (4.0 - pi));
        let ln = (1.0 - 0.95f64 * 0.95).ln();
        let t = 2.0 / (pi * a) + ln / 2.0;
        let quantile = 2f64.sqrt() * ((t * t - ln / a).sqrt() - t).sqrt();
        assert_close(MARGIN_QUANTILE, quantile, 1e-12);
        // ... and within 0.2% of the exact 97.5% quantile 1.959964.
        assert_close(MARGIN_QUANTILE, 1.959_963_984_540_054, 0.003);
    }

    #[test]
    fn elo_estimate_matches_reference_formula() {
        // Expected values computed independently in Python with the same
        // definitions (math.erf, math.log10).
        let e = elo_estimate(&score(60, 40, 50));
        assert_close(e.diff, 46.602_227_628_574_88, 1e-9);
        assert_close(e.error_margin, 45.811_286_944_272_91, 1e-9);
        assert_close(e.los, 97.724_986_805_182_08, 1e-9);
        assert_close(e.draw_ratio, 100.0 / 3.0, 1e-12);

        let e = elo_estimate(&score(1477, 1351, 2942));
        assert_close(e.diff, 7.588_187_907_473_929, 1e-9);
        assert_close(e.error_margin, 6.267_695_591_721_147, 1e-9);
        assert_close(e.los, 99.109_052_254_789_79, 1e-9);
        assert_close(e.draw_ratio, 50.987_868_284_228_77, 1e-9);

        let e = elo_estimate(&score(3, 149, 1));
        assert_close(e.diff, -652.229_259_324_069_2, 1e-8);
        assert_close(e.error_margin, 535.327_779_415_941_2, 1e-8);
        assert_close(e.los, 0.0, 1e-12);
    }

    #[test]
    fn elo_estimate_is_antisymmetric() {
        let s = score(31, 17, 40);
        let us = elo_estimate(&s);
        let them = elo_estimate(&s.flipped());
        assert_close(us.diff, -them.diff, 1e-9);
        assert_close(us.error_margin, them.error_margin, 1e-9);
        assert_close(us.los, 100.0 - them.los, 1e-9);
        assert_eq!(us.draw_ratio, them.draw_ratio);
    }

    #[test]
    fn elo_estimate_special_cases_follow_cutechess_formulas() {
        let none = elo_estimate(&Score::default());
        assert!(none.diff.is_nan() && none.error_margin.is_nan());
        assert!(none.los.is_nan() && none.draw_ratio.is_nan());

        let all_wins = elo_estimate(&score(10, 0, 0));
        assert_eq!(all_wins.diff, f64::INFINITY);
        assert!(all_wins.error_margin.is_nan());
        // 50 + 50·erf(10 / sqrt(20))
        assert_close(all_wins.los, 99.921_729_887_099_87, 1e-9);

        let all_losses = elo_estimate(&score(0, 10, 0));
        assert_eq!(all_losses.diff, f64::NEG_INFINITY);

        let all_draws = elo_estimate(&score(0, 0, 5));
        assert_eq!(all_draws.diff, 0.0);
        assert_eq!(all_draws.error_margin, 0.0);
        assert!(all_draws.los.is_nan());
        assert_eq!(all_draws.draw_ratio, 100.0);
    }

    #[test]
    fn elo_line_formats_like_cutechess() {
        assert_eq!(
            elo_line(&score(60, 40, 50)),
            "Elo difference: 46.6 +/- 45.8, LOS: 97.7 %, DrawRatio: 33.3 %"
        );
        // An even score gives -0.0 Elo, which Qt prints without a sign.
        assert_eq!(
            elo_line(&score(555, 555, 298)),
            "Elo difference: 0.0 +/- 16.1, LOS: 50.0 %, DrawRatio: 21.2 %"
        );
        assert_eq!(
            elo_line(&score(10, 0, 0)),
            "Elo difference: inf +/- nan, LOS: 99.9 %, DrawRatio: 0.0 %"
        );
        assert_eq!(
            elo_line(&score(0, 10, 0)),
            "Elo difference: -inf +/- nan, LOS: 0.1 %, DrawRatio: 0.0 %"
        );
        assert_eq!(
            elo_line(&Score::default()),
            "Elo difference: nan +/- nan, LOS: nan %, DrawRatio: nan %"
        );
        // 1 draw in 16 games is exactly 6.25%: Qt rounds the half up.
        assert!(elo_line(&score(8, 7, 1)).ends_with("DrawRatio: 6.3 %"));
    }

    #[test]
    fn sprt_new_validates_parameters() {
        assert_eq!(
            Sprt::new(0.0, 5.0, 0.05, 0.05),
            Ok(Sprt {
                elo0: 0.0,
                elo1: 5.0,
                alpha: 0.05,
                beta: 0.05
            })
        );
        assert!(Sprt::new(-3.0, 1.0, 0.5, 0.5).is_ok());

        let error = |result: Result<Sprt, String>| result.err().unwrap_or_default();
        assert!(error(Sprt::new(0.0, 5.0, 0.0, 0.05)).contains("alpha"));
        assert!(error(Sprt::new(0.0, 5.0, 0.6, 0.05)).contains("alpha"));
        assert!(error(Sprt::new(0.0, 5.0, 0.05, -0.1)).contains("beta"));
        assert!(error(Sprt::new(0.0, 5.0, 0.05, 0.51)).contains("beta"));
        assert!(error(Sprt::new(5.0, 5.0, 0.05, 0.05)).contains("elo0"));
        assert!(error(Sprt::new(6.0, 5.0, 0.05, 0.05)).contains("elo1"));
        assert!(error(Sprt::new(f64::NAN, 5.0, 0.05, 0.05)).contains("elo0"));
        assert!(error(Sprt::new(0.0, f64::INFINITY, 0.05, 0.05)).contains("elo1"));
        assert!(error(Sprt::new(0.0, 5.0, f64::NAN, 0.05)).contains("alpha"));
    }

    #[test]
    fn sprt_matches_cutechess_test_data() {
        // cutechess's own SPRT test (projects/lib/tests/sprt/tst_sprt.cpp)
        // expects these values within 0.01.
        let sprt = Sprt::new(0.0, 10.0, 0.01, 0.01).expect("valid parameters");
        for (s, llr) in [
            (score(1477, 1351, 2942), 2.52),
            (score(555, 555, 298), -0.74),
            (score(3, 149, 1), -4.69),
        ] {
            let status = sprt.status(&s);
            assert_close(status.llr, llr, 0.01);
            assert_close(status.lower_bound, -4.6, 0.01);
            assert_close(status.upper_bound, 4.6, 0.01);
        }
    }

    #[test]
    fn sprt_matches_reference_formula() {
        // Expected values computed independently in Python.
        let sprt = Sprt::new(0.0, 10.0, 0.01, 0.01).expect("valid parameters");
        let status = sprt.status(&score(1477, 1351, 2942));
        assert_close(status.llr, 2.523_585_020_156_542_4, 1e-9);
        assert_close(status.lower_bound, -4.595_119_850_134_59, 1e-12);
        assert_close(status.upper_bound, 4.595_119_850_134_59, 1e-12);
        assert_eq!(status.result, SprtResult::Continue);
        let status = sprt.status(&score(3, 149, 1));
        assert_close(status.llr, -4.690_026_035_584_224, 1e-9);
        assert_eq!(status.result, SprtResult::AcceptH0);

        let sprt = Sprt::new(0.0, 5.0, 0.05, 0.05).expect("valid parameters");
        let status = sprt.status(&score(450, 300, 600));
        assert_close(status.llr, 3.680_048_231_497_379_7, 1e-9);
        assert_eq!(status.result, SprtResult::AcceptH1);
        let status = sprt.status(&score(300, 420, 600));
        assert_close(status.llr, -3.445_375_902_149_656, 1e-9);
        assert_eq!(status.result, SprtResult::AcceptH0);
        let status = sprt.status(&score(350, 330, 600));
        assert_close(status.llr, 0.291_998_963_785_082_83, 1e-9);
        assert_eq!(status.result, SprtResult::Continue);

        // Asymmetric error rates give asymmetric bounds.
        let sprt = Sprt::new(-1.5, 4.5, 0.05, 0.1).expect("valid parameters");
        let status = sprt.status(&Score::default());
        assert_close(status.lower_bound, (0.1f64 / 0.95).ln(), 1e-15);
        assert_close(status.upper_bound, (0.9f64 / 0.05).ln(), 1e-15);
    }

    #[test]
    fn sprt_pseudocounts_give_a_value_without_games_or_draws() {
        // The half-game prior keeps the LLR defined (and not zero) when an
        // outcome has not occurred or no game was played.
        let sprt = Sprt::new(0.0, 5.0, 0.05, 0.05).expect("valid parameters");
        let empty = sprt.status(&Score::default());
        assert_close(empty.llr, -0.000_232_986_783_742_289_73, 1e-12);
        assert_eq!(empty.result, SprtResult::Continue);
        let only_wins = sprt.status(&score(10, 0, 0));
        assert_close(only_wins.llr, 0.174_823_819_328_664_14, 1e-9);
    }

    #[test]
    fn sprt_decision_bounds_are_closed() {
        assert_eq!(decide(2.94, -2.94, 2.94), SprtResult::AcceptH1);
        assert_eq!(decide(-2.94, -2.94, 2.94), SprtResult::AcceptH0);
        assert_eq!(decide(2.93, -2.94, 2.94), SprtResult::Continue);
        assert_eq!(decide(-2.93, -2.94, 2.94), SprtResult::Continue);
    }

    #[test]
    fn sprt_line_formats_like_cutechess() {
        let sprt = Sprt::new(0.0, 5.0, 0.05, 0.05).expect("valid parameters");
        assert_eq!(
            sprt.line(&score(450, 300, 600)),
            "SPRT: llr 3.68 (125.0%), lbound -2.94, ubound 2.94 - H1 was accepted"
        );
        assert_eq!(
            sprt.line(&score(300, 420, 600)),
            "SPRT: llr -3.45 (-117.0%), lbound -2.94, ubound 2.94 - H0 was accepted"
        );
        assert_eq!(
            sprt.line(&score(350, 330, 600)),
            "SPRT: llr 0.292 (9.9%), lbound -2.94, ubound 2.94"
        );
        // A tiny negative LLR keeps its sign even where it rounds to zero.
        assert_eq!(
            sprt.line(&Score::default()),
            "SPRT: llr -0.000233 (-0.0%), lbound -2.94, ubound 2.94"
        );
        let sprt = Sprt::new(0.0, 10.0, 0.01, 0.01).expect("valid parameters");
        assert_eq!(
            sprt.line(&score(555, 555, 298)),
            "SPRT: llr -0.741 (-16.1%), lbound -4.6, ubound 4.6"
        );
    }

    fn ptnml(counts: [u32; 5]) -> Pentanomial {
        Pentanomial { counts }
    }

    #[test]
    fn pentanomial_counts_pairs_by_their_score() {
        use Outcome::{Draw, Loss, Win};
        let mut p = Pentanomial::default();
        for (first, second) in [
            (Loss, Loss),
            (Loss, Draw),
            (Draw, Loss),
            (Win, Loss),
            (Draw, Draw),
            (Loss, Win),
            (Win, Draw),
            (Win, Win),
        ] {
            p.record(first, second);
        }
        assert_eq!(p.counts, [1, 2, 3, 1, 1]);
        assert_eq!(p.pairs(), 8);
        assert_eq!(p.flipped().counts, [1, 1, 3, 2, 1]);
        p.add(&ptnml([1, 0, 0, 0, u32::MAX]));
        assert_eq!(p.counts, [2, 2, 3, 1, u32::MAX]);
        assert_eq!(p.line(), format!("Ptnml(0-2): [2, 2, 3, 1, {}]", u32::MAX));
        assert_eq!(Win.flipped(), Loss);
        assert_eq!(Draw.score(), score(0, 0, 1));
    }

    #[test]
    fn pentanomial_elo_matches_fastchess_output() {
        // fastchess's own reports (two decimals), quoted in a public dev log:
        // "Elo: 77.71 +/- 33.03 ... LOS: 100.00 %" for [1, 11, 47, 25, 16] and
        // "Elo: 26.11 +/- 31.23 ... LOS: 95.04 %" for [1, 24, 42, 25, 8].
        let e = pentanomial_elo(&ptnml([1, 11, 47, 25, 16])).expect("pairs");
        assert_close(e.diff, 77.71, 0.005);
        assert_close(e.error_margin, 33.03, 0.005);
        let e = pentanomial_elo(&ptnml([1, 24, 42, 25, 8])).expect("pairs");
        assert_close(e.diff, 26.11, 0.005);
        assert_close(e.error_margin, 31.23, 0.005);
        assert_close(e.los, 95.04, 0.005);
    }

    #[test]
    fn pentanomial_elo_matches_reference_formula() {
        // Expected values computed independently in Python (mpmath, 50
        // digits) from OpenBench's Elo() with fishtest's clamp.
        let e = pentanomial_elo(&ptnml([1, 11, 47, 25, 16])).expect("pairs");
        assert_close(e.diff, 77.706_091_193_707_13, 1e-9);
        assert_close(e.error_margin, 33.031_015_300_445_39, 1e-9);
        assert_close(e.los, 99.999_913_482_617_67, 1e-9);
        let e = pentanomial_elo(&ptnml([10789, 19328, 33806, 19402, 10543])).expect("pairs");
        assert_close(e.diff, -0.773_577_335_916_590_8, 1e-9);
        assert_close(e.error_margin, 1.277_579_895_727_996_5, 1e-9);
        assert_close(e.los, 11.765_885_803_276_944, 1e-8);
        // Empty categories need no regularisation here.
        let e = pentanomial_elo(&ptnml([0, 0, 2, 3, 5])).expect("pairs");
        assert_close(e.diff, 269.366_359_945_452_26, 1e-9);
        assert_close(e.error_margin, 173.483_196_214_507_2, 1e-9);
        let e = pentanomial_elo(&ptnml([0, 5, 10, 5, 0])).expect("pairs");
        assert_eq!(e.diff, 0.0);
        assert_close(e.error_margin, 54.271_868_739_474_31, 1e-9);
        assert_close(e.los, 50.0, 1e-12);
    }

    #[test]
    fn pentanomial_elo_edge_cases() {
        assert_eq!(pentanomial_elo(&Pentanomial::default()), None);
        assert_eq!(
            pentanomial_elo_line(&Pentanomial::default()),
            "Ptnml Elo: no game pairs yet"
        );
        // All pairs drawn (or won-and-lost): no spread, 0 +/- 0, no LOS.
        let e = pentanomial_elo(&ptnml([0, 0, 30, 0, 0])).expect("pairs");
        assert_eq!((e.diff, e.error_margin), (0.0, 0.0));
        assert!(e.los.is_nan());
        // Every pair lost: the clamped score 0.001, as fishtest and OpenBench.
        let e = pentanomial_elo(&ptnml([8, 0, 0, 0, 0])).expect("pairs");
        assert_close(e.diff, -1_199.826_195_290_393, 1e-9);
        assert_eq!(e.error_margin, 0.0);
        assert_eq!(
            pentanomial_elo_line(&ptnml([1, 11, 47, 25, 16])),
            "Ptnml Elo: 77.71 +/- 33.03, LOS: 100.00 %, pairs: 100"
        );
        // Antisymmetric: the opponent's view.
        let p = ptnml([3, 20, 40, 25, 12]);
        let us = pentanomial_elo(&p).expect("pairs");
        let them = pentanomial_elo(&p.flipped()).expect("pairs");
        assert_close(us.diff, -them.diff, 1e-9);
        assert_close(us.error_margin, them.error_margin, 1e-9);
    }

    #[test]
    fn pentanomial_sprt_matches_fishtest_llr_logistic() {
        // Expected values: fishtest's LLR_logistic (regularise empty
        // categories to 1e-3, maximum-likelihood distributions by the
        // secular equation) computed independently in Python with mpmath
        // at 50 digits; the first two count vectors are fishtest's and
        // OpenBench's own examples.
        let cases: [([u32; 5], f64, f64, f64); 12] = [
            (
                [10789, 19328, 33806, 19402, 10543],
                -3.0,
                1.0,
                2.131_067_811_787_892_2,
            ),
            (
                [10789, 19328, 33806, 19402, 10543],
                0.0,
                5.0,
                -38.514_408_473_413_81,
            ),
            (
                [39, 8843, 26675, 9240, 44],
                0.5,
                2.5,
                0.555_517_068_723_533_2,
            ),
            (
                [39, 8843, 26675, 9240, 44],
                -3.0,
                1.0,
                37.275_092_023_264_18,
            ),
            ([1, 11, 47, 25, 16], 0.0, 10.0, 2.403_574_339_000_377),
            ([3, 20, 40, 25, 12], 0.0, 5.0, 0.614_729_404_866_940_3),
            ([0, 5, 10, 5, 0], 0.0, 5.0, -0.016_556_180_922_770_43),
            ([0, 0, 2, 3, 5], 0.0, 5.0, 0.142_863_261_473_938_12),
            // All draws, a single category, no pair at all.
            ([0, 0, 30, 0, 0], 0.0, 5.0, -0.428_222_645_941_122_1),
            ([0, 0, 30, 0, 0], -3.0, 1.0, 0.172_605_545_114_087_5),
            ([8, 0, 0, 0, 0], 0.0, 10.0, -0.233_630_929_143_374_2),
            ([0, 0, 0, 0, 0], 0.0, 5.0, -1.035_448_350_228_153e-6),
        ];
        for (counts, elo0, elo1, llr) in cases {
            let sprt = Sprt::new(elo0, elo1, 0.05, 0.05).expect("valid parameters");
            let status = sprt.status_pentanomial(&ptnml(counts));
            let tolerance = 1e-9 * llr.abs().max(1e-3);
            assert!(
                (status.llr - llr).abs() <= tolerance,
                "{counts:?} [{elo0}, {elo1}]: expected {llr}, got {}",
                status.llr
            );
        }
    }

    #[test]
    fn pentanomial_sprt_decides_and_prints_like_cutechess() {
        let sprt = Sprt::new(-3.0, 1.0, 0.05, 0.05).expect("valid parameters");
        let status = sprt.status_pentanomial(&ptnml([39, 8843, 26675, 9240, 44]));
        assert_eq!(status.result, SprtResult::AcceptH1);
        assert_eq!(
            status_line(&status),
            "SPRT: llr 37.3 (1265.9%), lbound -2.94, ubound 2.94 - H1 was accepted"
        );
        let sprt = Sprt::new(0.0, 5.0, 0.05, 0.05).expect("valid parameters");
        let p = ptnml([10789, 19328, 33806, 19402, 10543]);
        assert_eq!(sprt.status_pentanomial(&p).result, SprtResult::AcceptH0);
        assert_eq!(
            sprt.status_by(SprtModel::Pentanomial, &Score::default(), &p),
            sprt.status_pentanomial(&p)
        );
        let s = score(450, 300, 600);
        assert_eq!(sprt.status_by(SprtModel::BayesElo, &s, &p), sprt.status(&s));
        assert_eq!(
            sprt.status_pentanomial(&ptnml([3, 20, 40, 25, 12])).result,
            SprtResult::Continue
        );
    }

    #[test]
    fn sprt_model_names() {
        assert_eq!(
            SprtModel::parse("pentanomial"),
            Some(SprtModel::Pentanomial)
        );
        assert_eq!(SprtModel::parse("bayeselo"), Some(SprtModel::BayesElo));
        assert_eq!(SprtModel::parse("trinomial"), Some(SprtModel::BayesElo));
        assert_eq!(SprtModel::parse("normalized"), None);
        assert!(Sprt::new(0.0, 1001.0, 0.05, 0.05).is_err());
    }

    #[test]
    fn rating_table_matches_cutechess_layout_and_order() {
        let players = [
            ("Beta".to_string(), score(3, 3, 4)),
            ("Alpha".to_string(), score(6, 2, 2)),
            ("Idle".to_string(), Score::default()),
            ("Gamma".to_string(), score(2, 6, 2)),
            ("Delta".to_string(), score(3, 3, 4)),
        ];
        // Elo and margins from the Python reference: Alpha 147.19 ± 267.97,
        // Beta/Delta -0.0 ± 181.43, Gamma -147.19 ± 267.97.
        let expected = [
            "Rank Name                          Elo     +/-   Games   Score    Draw ",
            "   1 Alpha                         147     268      10   70.0%   20.0% ",
            "   2 Delta                           0     181      10   50.0%   40.0% ",
            "   3 Beta                            0     181      10   50.0%   40.0% ",
            "   4 Gamma                        -147     268      10   30.0%   20.0% ",
            "   5 Idle                          nan     nan       0    nan%    nan% ",
        ];
        assert_eq!(rating_table(&players), expected);
        assert!(rating_table(&[]).is_empty());
    }
}
