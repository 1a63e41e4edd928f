//! The running score of a match and the blocks `kyodai match` prints from
//! it: per pair of engines, by colour, and for a two-engine match the game
//! pairs (pentanomial counts) that fishtest-style statistics need.
//!
//! `kyodai match` fills it from the games it plays, `kyodai match-merge`
//! from results files (`results`); both print the same lines.

use super::stats::{self, Outcome, Pentanomial, Score, Sprt, SprtModel};
use crate::types::Color;
use std::collections::HashMap;

/// Which pair a game belongs to: a source (0 for a match; a file's index for
/// a merge, whose pair numbers restart in each file) and the pair's number.
pub type PairId = (usize, u64);

/// The score of each ordered pair of engines, by colour, and the game pairs
/// of engines 0 and 1.
pub struct Standings {
    pub names: Vec<String>,
    /// `pair[i][j]`: engine i's results against engine j.
    pub pair: Vec<Vec<Score>>,
    /// Per engine, (as Sente, as Gote), against anyone.
    pub by_colour: Vec<[Score; 2]>,
    /// Sente's results against Gote, whoever played.
    pub sente: Score,
    /// Complete pairs of engines 0 and 1, from engine 0's view.
    pub pentanomial: Pentanomial,
    /// Whether the games come in pairs at all (`-repeat`, colours swapped).
    pub paired: bool,
    /// The first game of each pair whose other game has not been counted:
    /// engine 0's outcome. Left over at the end: games without a partner.
    waiting: HashMap<PairId, Outcome>,
    /// Games of engines 0 and 1 that belong to no pair.
    pub pairless: u32,
}

impl Standings {
    pub fn new(names: Vec<String>, paired: bool) -> Standings {
        let n = names.len();
        Standings {
            names,
            pair: vec![vec![Score::default(); n]; n],
            by_colour: vec![[Score::default(); 2]; n],
            sente: Score::default(),
            pentanomial: Pentanomial::default(),
            paired,
            waiting: HashMap::new(),
            pairless: 0,
        }
    }

    /// Counts a finished game: `players` Sente first, `winner` None for a
    /// draw, `pair` the pair it belongs to, if any.
    pub fn add(&mut self, players: [usize; 2], winner: Option<Color>, pair: Option<PairId>) {
        let [s, t] = players;
        let for_sente = match winner {
            Some(Color::White) => Outcome::Win,
            Some(Color::Black) => Outcome::Loss,
            None => Outcome::Draw,
        };
        let from_sente = for_sente.score();
        self.pair[s][t].add(from_sente);
        self.pair[t][s].add(from_sente.flipped());
        self.by_colour[s][0].add(from_sente);
        self.by_colour[t][1].add(from_sente.flipped());
        self.sente.add(from_sente);

        if self.names.len() != 2 {
            return;
        }
        let for_first = if s == 0 {
            for_sente
        } else {
            for_sente.flipped()
        };
        match pair {
            None => self.pairless = self.pairless.saturating_add(1),
            Some(id) => match self.waiting.remove(&id) {
                Some(earlier) => self.pentanomial.record(earlier, for_first),
                None => {
                    self.waiting.insert(id, for_first);
                }
            },
        }
    }

    /// Games of engines 0 and 1 that no complete pair counts: those of no
    /// pair and those whose partner is unfinished (or was never played).
    pub fn unpaired_games(&self) -> u64 {
        u64::from(self.pairless) + self.waiting.len() as u64
    }

    /// Engine i's score against the field.
    pub fn field(&self, i: usize) -> Score {
        let mut total = Score::default();
        for s in &self.pair[i] {
            total.add(*s);
        }
        total
    }

    /// Each engine's name and score against the field.
    fn outcomes(&self) -> Vec<(String, Score)> {
        (0..self.names.len())
            .map(|i| (self.names[i].clone(), self.field(i)))
            .collect()
    }
}

/// An SPRT and the model it is computed by.
#[derive(Clone, Copy, Debug)]
pub struct SprtTest {
    pub sprt: Sprt,
    pub model: SprtModel,
}

impl SprtTest {
    /// The test on the games so far (engines 0 and 1).
    pub fn status(&self, s: &Standings) -> stats::SprtStatus {
        self.sprt
            .status_by(self.model, &s.pair[0][1], &s.pentanomial)
    }
}

/// cutechess-cli's score line, e.g. `Score of A vs B: 6 - 2 - 3  [0.682] 11`.
pub fn score_line(label: &str, s: &Score) -> String {
    format!(
        "{label}: {} - {} - {}  [{:.3}] {}",
        s.wins,
        s.losses,
        s.draws,
        s.fraction(),
        s.games()
    )
}

/// The SPRT `-sprt` asks for: the model given with `model=`, else the
/// pentanomial GSPRT when the games come in pairs and cutechess-cli's
/// trinomial BayesElo SPRT when they do not.
pub fn sprt_test(s: &super::config::SprtConfig, paired: bool) -> Result<SprtTest, String> {
    let model = s.model.unwrap_or(if paired {
        SprtModel::Pentanomial
    } else {
        SprtModel::BayesElo
    });
    if model == SprtModel::Pentanomial && !paired {
        return Err(
            "-sprt model=pentanomial needs the games in pairs: -repeat (each opening twice, colours swapped), two engines"
                .to_string(),
        );
    }
    Ok(SprtTest {
        sprt: Sprt::new(s.elo0, s.elo1, s.alpha, s.beta)?,
        model,
    })
}

/// The rating block: for two engines cutechess-cli's score by colour and
/// Elo difference, then (games in pairs) the pentanomial counts and Elo,
/// then the SPRT; for more engines cutechess-cli's rating table.
pub fn print_ratings(s: &Standings, sprt: Option<&SprtTest>) {
    if s.names.len() > 2 {
        for line in stats::rating_table(&s.outcomes()) {
            println!("{line}");
        }
        return;
    }
    let score = s.pair[0][1];
    for (colour, label) in [(0, "Sente"), (1, "Gote")] {
        println!(
            "{}",
            score_line(
                &format!("...      {} playing {label}", s.names[0]),
                &s.by_colour[0][colour]
            )
        );
    }
    println!("{}", score_line("...      Sente vs Gote", &s.sente));
    println!("{}", stats::elo_line(&score));
    if s.paired {
        let unpaired = s.unpaired_games();
        if unpaired == 0 {
            println!("{}", s.pentanomial.line());
        } else {
            println!(
                "{} (+{unpaired} unpaired game{}, not in it)",
                s.pentanomial.line(),
                if unpaired == 1 { "" } else { "s" }
            );
        }
        println!("{}", stats::pentanomial_elo_line(&s.pentanomial));
    }
    if let Some(test) = sprt {
        println!("{}", stats::status_line(&test.status(s)));
    }
}

/// `-outcomeinterval`: the score of every pair that has played.
pub fn print_outcomes(s: &Standings) {
    for i in 0..s.names.len() {
        for j in i + 1..s.names.len() {
            if s.pair[i][j].games() > 0 {
                let label = format!("Score of {} vs {}", s.names[i], s.names[j]);
                println!("{}", score_line(&label, &s.pair[i][j]));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn two(paired: bool) -> Standings {
        Standings::new(vec!["A".to_string(), "B".to_string()], paired)
    }

    #[test]
    fn pairs_are_counted_from_the_first_engines_view() {
        let mut s = two(true);
        // Pair 1: A wins as Sente, then draws as Gote: WD.
        s.add([0, 1], Some(Color::White), Some((0, 1)));
        assert_eq!(s.unpaired_games(), 1);
        s.add([1, 0], None, Some((0, 1)));
        // Pair 2, finished in the other order: A loses as Gote, wins as
        // Sente: WL.
        s.add([1, 0], Some(Color::White), Some((0, 2)));
        s.add([0, 1], Some(Color::White), Some((0, 2)));
        // Pair 2 of another source is a different pair; it stays unpaired.
        s.add([0, 1], Some(Color::Black), Some((1, 2)));
        assert_eq!(s.pentanomial.counts, [0, 0, 1, 1, 0]);
        assert_eq!(s.unpaired_games(), 1);
        assert_eq!(
            s.pair[0][1],
            Score {
                wins: 2,
                losses: 2,
                draws: 1
            }
        );
        assert_eq!(
            s.by_colour[0][0],
            Score {
                wins: 2,
                losses: 1,
                draws: 0
            }
        );
        s.add([0, 1], None, None);
        assert_eq!(s.unpaired_games(), 2);
    }

    #[test]
    fn more_than_two_engines_count_no_pairs() {
        let mut s = Standings::new(vec!["A".into(), "B".into(), "C".into()], true);
        s.add([0, 2], None, Some((0, 1)));
        s.add([2, 0], None, Some((0, 1)));
        assert_eq!(s.pentanomial.pairs(), 0);
        assert_eq!(
            s.field(0),
            Score {
                wins: 0,
                losses: 0,
                draws: 2
            }
        );
    }
}
