//! The figures of `kyodai analyse`, as lichess computes them
//! (docs/analysis.md): a score turned into winning chances, a move's loss
//! in them, its classification (inaccuracy, mistake, blunder), its
//! accuracy, and each side's totals.

use crate::search::{MATE, MATE_BOUND};

/// lichess's slope of winning chances over centipawns.
pub const LICHESS_SLOPE: f64 = 0.003_682_08;
/// Centipawns beyond which a score counts as this much (lichess's cap).
pub const CP_CAP: f64 = 1000.0;
/// Material of one side at the start of chess (8 Pawns of 100, 2 Knights
/// and 2 Bishops of 300, 2 Rooks of 500, a Queen of 900), the army the
/// lichess slope was fitted to.
pub const CHESS_ARMY: f64 = 3900.0;
/// Drops in winning chances (from -1 to 1) from which a move is an
/// inaccuracy, a mistake, a blunder (lichess's 0.1, 0.2 and 0.3).
pub const THRESHOLDS: [(f64, Judgement); 3] = [
    (0.3, Judgement::Blunder),
    (0.2, Judgement::Mistake),
    (0.1, Judgement::Inaccuracy),
];

/// What a move that lost winning chances is called.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Judgement {
    Inaccuracy,
    Mistake,
    Blunder,
}

impl Judgement {
    pub fn name(self) -> &'static str {
        match self {
            Judgement::Inaccuracy => "Inaccuracy",
            Judgement::Mistake => "Mistake",
            Judgement::Blunder => "Blunder",
        }
    }

    /// PGN's NAG: `$6` (?!), `$2` (?), `$4` (??).
    pub fn nag(self) -> u8 {
        match self {
            Judgement::Inaccuracy => 6,
            Judgement::Mistake => 2,
            Judgement::Blunder => 4,
        }
    }
}

/// How the engine's centipawns of a variant compare with chess's: the
/// same lead is a smaller share of a larger army, so a variant's score is
/// multiplied by `CHESS_ARMY / army` (`army`: one side's material at the
/// start, royals left out) before it becomes winning chances. Never more
/// than 1: a smaller army keeps chess's scale.
pub fn variant_scale(army: i32) -> f64 {
    if army <= 0 {
        1.0
    } else {
        (CHESS_ARMY / f64::from(army)).min(1.0)
    }
}

/// A score (centipawns from the mover's view; mates from the search's
/// `MATE`) as chess-sized centipawns: scaled, capped at `CP_CAP`; a mate
/// as the cap itself is not enough (`chances` tells mates apart).
fn capped(score: i32, scale: f64) -> f64 {
    (f64::from(score) * scale).clamp(-CP_CAP, CP_CAP)
}

/// Winning chances from -1 (lost) to 1 (won) of a score: lichess's
/// `2 / (1 + exp(-0.00368208 cp)) - 1` of the scaled, capped score; a
/// mate is -1 or 1.
pub fn chances(score: i32, scale: f64) -> f64 {
    if score.abs() >= MATE_BOUND {
        return f64::from(score.signum());
    }
    2.0 / (1.0 + (-LICHESS_SLOPE * capped(score, scale)).exp()) - 1.0
}

/// The win percentage, 0 to 100: `50 + 50 * chances`.
pub fn win_percent(score: i32, scale: f64) -> f64 {
    50.0 + 50.0 * chances(score, scale)
}

/// A move's judgement by the winning chances it dropped.
pub fn judge(drop: f64) -> Option<Judgement> {
    THRESHOLDS
        .iter()
        .find(|(t, _)| drop >= *t - 1e-12)
        .map(|&(_, j)| j)
}

/// lichess's accuracy of a move from the win percentages before and after
/// it (the mover's): `103.1668 exp(-0.04354 (before - after)) - 3.1669`,
/// 0 to 100, and 100 for a move that lost nothing.
pub fn move_accuracy(before: f64, after: f64) -> f64 {
    if after >= before {
        return 100.0;
    }
    (103.1668 * (-0.04354 * (before - after)).exp() - 3.1669).clamp(0.0, 100.0)
}

/// One move's figures.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MoveFigures {
    /// Centipawns lost (engine centipawns, each score capped at `CP_CAP`
    /// chess-sized ones, a mate at the cap).
    pub cp_loss: f64,
    /// Winning chances lost (0 to 2).
    pub drop: f64,
    pub win_before: f64,
    pub win_after: f64,
    pub accuracy: f64,
    pub judgement: Option<Judgement>,
}

/// The figures of a move whose mover's score was `before` and is `after`
/// the move (both from the mover's view). `best`: the move played was the
/// engine's choice, which loses nothing whatever the two searches said.
pub fn figures(before: i32, after: i32, best: bool, scale: f64) -> MoveFigures {
    let (win_before, mut win_after) = (win_percent(before, scale), win_percent(after, scale));
    let cap = CP_CAP / scale;
    let cp = |s: i32| {
        if s.abs() >= MATE_BOUND {
            cap * f64::from(s.signum())
        } else {
            f64::from(s).clamp(-cap, cap)
        }
    };
    let mut cp_loss = (cp(before) - cp(after)).max(0.0);
    let mut drop = (chances(before, scale) - chances(after, scale)).max(0.0);
    if best {
        cp_loss = 0.0;
        drop = 0.0;
        win_after = win_after.max(win_before);
    }
    MoveFigures {
        cp_loss,
        drop,
        win_before,
        win_after,
        accuracy: move_accuracy(win_before, win_after),
        judgement: judge(drop),
    }
}

/// One side's totals over a game.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct SideTotals {
    pub moves: usize,
    pub cp_loss: f64,
    pub accuracy: f64,
    pub inaccuracies: usize,
    pub mistakes: usize,
    pub blunders: usize,
}

impl SideTotals {
    pub fn add(&mut self, f: &MoveFigures) {
        self.moves += 1;
        self.cp_loss += f.cp_loss;
        self.accuracy += f.accuracy;
        match f.judgement {
            Some(Judgement::Inaccuracy) => self.inaccuracies += 1,
            Some(Judgement::Mistake) => self.mistakes += 1,
            Some(Judgement::Blunder) => self.blunders += 1,
            None => {}
        }
    }

    /// Average centipawn loss a move (0 with no move).
    pub fn average_loss(&self) -> f64 {
        if self.moves == 0 {
            0.0
        } else {
            self.cp_loss / self.moves as f64
        }
    }

    /// Average accuracy, percent (100 with no move).
    pub fn average_accuracy(&self) -> f64 {
        if self.moves == 0 {
            100.0
        } else {
            self.accuracy / self.moves as f64
        }
    }
}

/// A search score as `kyodai match` writes it: pawns with two decimals
/// from the mover's view (`+0.35`), or a mate in moves (`+M5`).
pub fn score_text(score: i32) -> String {
    if score.abs() >= MATE_BOUND {
        let n = ((MATE - score.abs() + 1) / 2).max(1);
        format!("{}M{n}", if score > 0 { "+" } else { "-" })
    } else {
        format!("{:+.2}", f64::from(score) / 100.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lichess_figures_where_the_answer_is_known() {
        // lichess: +100 cp is about 59.1% to win; 0 is 50%.
        assert!((win_percent(100, 1.0) - 59.1).abs() < 0.05);
        assert_eq!(win_percent(0, 1.0), 50.0);
        assert_eq!(win_percent(MATE - 3, 1.0), 100.0);
        assert_eq!(win_percent(-(MATE - 3), 1.0), 0.0);
        // Capped at 1000 cp.
        assert_eq!(win_percent(5000, 1.0), win_percent(1000, 1.0));
        // A move that loses nothing is 100% accurate; the formula at a
        // drop of 10 points of win percentage gives 63.6%.
        assert_eq!(move_accuracy(60.0, 60.0), 100.0);
        assert!((move_accuracy(60.0, 50.0) - 63.585).abs() < 0.01);
        assert_eq!(move_accuracy(100.0, 0.0), 0.0);
        // The thresholds, on winning chances from -1 to 1.
        assert_eq!(judge(0.099), None);
        assert_eq!(judge(0.1), Some(Judgement::Inaccuracy));
        assert_eq!(judge(0.25), Some(Judgement::Mistake));
        assert_eq!(judge(0.3), Some(Judgement::Blunder));
        assert_eq!(judge(2.0), Some(Judgement::Blunder));
    }

    #[test]
    fn a_move_from_level_to_lost_is_a_blunder_of_low_accuracy() {
        let f = figures(0, -(MATE - 2), false, 1.0);
        assert_eq!(f.judgement, Some(Judgement::Blunder));
        assert_eq!((f.win_before, f.win_after), (50.0, 0.0));
        // 50 points of win percentage lost: 8.5% accurate.
        assert!((f.accuracy - 8.530).abs() < 0.01);
        assert_eq!(f.cp_loss, 1000.0);
        assert!((f.drop - 1.0).abs() < 1e-12);
        // The engine's own choice loses nothing, whatever the scores.
        let f = figures(0, -300, true, 1.0);
        assert_eq!((f.cp_loss, f.accuracy, f.judgement), (0.0, 100.0, None));
        // 0 to -100 cp: winning chances 0 to -0.18, an inaccuracy.
        let f = figures(0, -100, false, 1.0);
        assert_eq!(f.judgement, Some(Judgement::Inaccuracy));
        assert_eq!(f.cp_loss, 100.0);
    }

    #[test]
    fn totals_average_over_the_moves() {
        let mut t = SideTotals::default();
        t.add(&figures(0, 0, false, 1.0));
        t.add(&figures(0, -(MATE - 2), false, 1.0));
        assert_eq!(t.moves, 2);
        assert_eq!(t.average_loss(), 500.0);
        assert!((t.average_accuracy() - (100.0 + 8.530) / 2.0).abs() < 0.01);
        assert_eq!((t.inaccuracies, t.mistakes, t.blunders), (0, 0, 1));
    }

    #[test]
    fn a_larger_army_scales_scores_down() {
        assert_eq!(variant_scale(3900), 1.0);
        assert_eq!(variant_scale(1000), 1.0);
        assert_eq!(variant_scale(7800), 0.5);
        // Half the scale: the same score is worth the half as much.
        assert_eq!(win_percent(200, 0.5), win_percent(100, 1.0));
    }

    #[test]
    fn scores_written_as_the_match_writes_them() {
        assert_eq!(score_text(35), "+0.35");
        assert_eq!(score_text(-120), "-1.20");
        assert_eq!(score_text(MATE - 9), "+M5");
        assert_eq!(score_text(-(MATE - 1)), "-M1");
    }
}
