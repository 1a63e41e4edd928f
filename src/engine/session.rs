//! One game as the engine plays it, whatever protocol drives it: the
//! variant and rule set, the position with its history, whether the game
//! is over, the option values, and the engine's own decisions about its
//! moves (resigning, accepting a draw, varied opening moves).

use crate::board::Position;
use crate::clock::Instant;
use crate::engine::control::SearchControl;
use crate::engine::options::{self, Opt, Value};
use crate::game::{self, Ending, PlayError};
use crate::movegen::accepted_moves;
use crate::moves::Move;
use crate::search::{Info, Limits, MATE, Outcome};
use crate::time::{self, Budget, Control, LagMeter};
use crate::types::Rng;
use crate::variant::{Rules, Variant, VariantSet};
use std::collections::HashMap;

/// Resign once this many searches in a row have scored the engine below
/// the resign threshold.
const RESIGN_MOVES: u32 = 3;
/// A draw offer is accepted when the engine's last search scored its
/// position at least this much below even: two Pawns, a clear material
/// deficit that an even game does not show.
const DRAW_ACCEPT_LOSS: i32 = 200;
/// Depth and score margin (centipawns) of a varied opening move: a Pawn's
/// worth stays out of the choice; placement differences stay in.
const RANDOM_DEPTH: u32 = 2;
const RANDOM_MARGIN: i32 = 30;

/// The option values that shape play (see `options::SPECS`).
#[derive(Clone, Debug)]
pub struct Config {
    pub hash_mb: usize,
    pub threads: usize,
    pub multipv: usize,
    pub skill: i8,
    /// Play at the level `elo` names rather than at `skill`.
    pub limit_strength: bool,
    pub elo: i32,
    pub random_mover: bool,
    /// The rule set games are played under (`Opt::Rules`); a variant it
    /// does not cover keeps Kyodai's own rules.
    pub rules: Rules,
    pub contempt: i32,
    pub resign_threshold: i32,
    /// Resign lost games (`Opt::Resign`); off, the engine plays on.
    pub resign: bool,
    pub random_moves: u32,
    pub hachu_compatible: bool,
    pub xboard_safe: bool,
    pub okazaki: bool,
    /// Milliseconds kept back on every move (`Opt::MoveOverhead`).
    pub move_overhead_ms: u64,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            hash_mb: options::DEFAULT_HASH_MB as usize,
            threads: 1,
            multipv: 1,
            skill: crate::search::MAX_SKILL,
            limit_strength: false,
            elo: crate::search::MAX_ELO,
            random_mover: false,
            rules: Rules::Standard,
            contempt: 0,
            resign_threshold: 0,
            resign: true,
            random_moves: 0,
            hachu_compatible: false,
            xboard_safe: true,
            okazaki: false,
            move_overhead_ms: time::DEFAULT_OVERHEAD_MS,
        }
    }
}

/// What the engine does with a finished search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    /// Play this move; the game may end with it.
    Play(Move, Option<Ending>),
    /// Every move loses the last royal at once, or the game has been lost
    /// by the resign threshold for several moves.
    Resign,
    /// No legal move: the game is lost (the ending says how).
    NoMove(Option<Ending>),
}

pub struct Session {
    pub set: &'static VariantSet,
    variant: &'static Variant,
    pos: Position,
    over: bool,
    pub config: Config,
    /// Root moves excluded in this position (CECP `exclude`).
    pub excluded: Vec<Move>,
    /// The reply the last search expected to the engine's move.
    pub expected_reply: Option<Move>,
    /// The score of the engine's last search, for answering a draw offer.
    last_score: Option<i32>,
    /// How many searches in a row have scored the engine below the resign
    /// threshold.
    losing_searches: u32,
    /// Drawn from for varied opening moves.
    rng: Rng,
    /// The start layout chosen per variant name (an index into its
    /// `layouts`); absent: the rules' start position.
    pub layouts: HashMap<String, usize>,
    /// A FEN that replaces the start position of every variant it fits
    /// (`kyodai --start-fen`).
    start_override: Option<String>,
    /// What the GUI charges per move beyond the engine's own search time.
    lag: LagMeter,
    /// The engine's clock for the move being searched.
    clock: Option<MoveClock>,
}

/// The engine's clock as one of its searches began.
#[derive(Clone, Copy, Debug)]
struct MoveClock {
    remaining_ms: u64,
    inc_ms: u64,
    /// When the engine's own time began (`None`: not yet, a search on the
    /// opponent's time).
    started: Option<Instant>,
}

impl Session {
    pub fn new(set: &'static VariantSet, start_override: Option<String>) -> Session {
        let variant = set.find("chu").unwrap_or(&set.variants[0]);
        Session {
            set,
            variant,
            pos: Position::start(variant),
            over: false,
            config: Config::default(),
            excluded: Vec::new(),
            expected_reply: None,
            last_score: None,
            losing_searches: 0,
            // Seeded from the clock: every game is meant to differ.
            rng: Rng::new(crate::clock::seed()),
            layouts: HashMap::new(),
            start_override,
            lag: LagMeter::default(),
            clock: None,
        }
    }

    pub fn position(&self) -> &Position {
        &self.pos
    }

    pub fn variant(&self) -> &'static Variant {
        self.variant
    }

    /// Whether the game has ended (by the rules, a resignation, or a result
    /// the GUI sent).
    pub fn is_over(&self) -> bool {
        self.over
    }

    /// The GUI ended the game.
    pub fn end(&mut self) {
        self.over = true;
    }

    /// The variant called `name` under the rule set chosen, or under
    /// Kyodai's own rules where that rule set does not cover it (lishogi's
    /// covers Chu only).
    pub fn find_variant(&self, name: &str) -> Option<&'static Variant> {
        self.set
            .find_with(name, self.config.rules)
            .or_else(|| self.set.find(name))
    }

    /// Start a game of `v` from its start position (the `--start-fen`
    /// position if it fits, else the chosen layout, else, against HaChu,
    /// HaChu's own where it differs, else the rules'); returns that
    /// position's FEN.
    pub fn new_game(&mut self, v: &'static Variant) -> String {
        self.variant = v;
        let chosen = self
            .start_override
            .as_ref()
            .and_then(|f| Position::from_fen(v, f).ok().map(|p| (p, f.clone())));
        let layout = self.layouts.get(&v.name).and_then(|&i| v.layouts.get(i));
        let (pos, fen) = chosen.unwrap_or_else(|| {
            let hachu_fen = v
                .hachu_start_fen
                .as_ref()
                .filter(|_| self.config.hachu_compatible);
            let fen = match layout {
                Some(l) => &l.fen,
                None => hachu_fen.unwrap_or(&v.start_fen),
            };
            // The built-in positions were checked when the data was loaded.
            let pos = Position::from_fen(v, fen).unwrap_or_else(|_| Position::start(v));
            (pos, fen.clone())
        });
        self.set_position(pos);
        fen
    }

    /// Start a game of the current variant from `fen`; on an error the
    /// game is as it was.
    pub fn set_fen(&mut self, fen: &str) -> Result<(), String> {
        let pos = Position::from_fen(self.variant, fen)?;
        self.set_position(pos);
        Ok(())
    }

    /// Start a game from `pos`.
    pub fn set_position(&mut self, mut pos: Position) {
        pos.set_okazaki(self.config.okazaki);
        self.pos = pos;
        self.over = false;
        self.excluded.clear();
        self.expected_reply = None;
        self.last_score = None;
        self.losing_searches = 0;
        self.lag.forget();
        self.clock = None;
    }

    /// Take the game back to `pos`, one of its own positions (under USI
    /// the root of the search just ended: the GUI sends the move back with
    /// the game's next `position`). Unlike `set_position`, what the engine
    /// learns over a game (the lag of the GUI's clock, its last score, the
    /// searches that found it losing) carries on.
    pub fn return_to(&mut self, pos: Position) {
        self.pos = pos;
        self.over = false;
        self.excluded.clear();
    }

    /// Play the current game under the rule set chosen if no move has been
    /// made in it yet (GUIs set options after starting a game); a game
    /// under way keeps the rules it began with.
    fn apply_rules(&mut self) {
        let Some(v) = self.find_variant(&self.variant.name) else {
            return;
        };
        if std::ptr::eq(v, self.variant) || self.pos.ply() > 0 {
            return;
        }
        if let Ok(pos) = Position::from_fen(v, &self.pos.fen()) {
            self.variant = v;
            self.set_position(pos);
        }
    }

    /// The Okazaki option, for this game and the next.
    pub fn set_okazaki(&mut self, on: bool) {
        self.config.okazaki = on;
        self.pos.set_okazaki(on);
    }

    /// Take back `plies` moves; false if the game has fewer.
    pub fn take_back(&mut self, plies: usize) -> bool {
        if self.pos.ply() < plies {
            return false;
        }
        for _ in 0..plies {
            self.pos.unmake();
        }
        self.over = false;
        self.excluded.clear();
        self.lag.forget();
        true
    }

    /// Play the opponent's move `text` (CECP notation); the game may end
    /// with it. On an error nothing changes.
    pub fn play_text(&mut self, text: &str) -> Result<Option<Ending>, PlayError> {
        if self.over {
            return Err(PlayError::Illegal("game is over".to_string()));
        }
        let as_played = self.config.hachu_compatible;
        let (_, ending) = game::play_text(&mut self.pos, text, as_played)?;
        self.excluded.clear();
        self.over |= ending.is_some();
        Ok(ending)
    }

    /// Play `mv` if it is legal here, as a move from the opponent (the
    /// readings of the rules the variant accepts, and the repetition rule);
    /// on an error nothing changes.
    pub fn play_legal(&mut self, mv: Move) -> Result<Option<Ending>, PlayError> {
        if self.over {
            return Err(PlayError::Illegal("game is over".to_string()));
        }
        if !accepted_moves(&self.pos).contains(&mv) {
            return Err(PlayError::Illegal(format!("not a legal move: {mv}")));
        }
        let ending = game::play_accepted(&mut self.pos, mv)?;
        self.excluded.clear();
        self.over |= ending.is_some();
        Ok(ending)
    }

    /// Play a move known to be legal.
    pub fn play(&mut self, mv: Move) -> Option<Ending> {
        let ending = game::play(&mut self.pos, mv);
        self.excluded.clear();
        self.over |= ending.is_some();
        ending
    }

    /// Every legal move here (repetition included).
    pub fn legal_moves(&mut self) -> Vec<Move> {
        game::legal_moves(&mut self.pos)
    }

    /// The time for the engine's next move, with `remaining_ms` on its
    /// clock as the GUI reports it: shared out by `time::budget`, less the
    /// `Move Overhead` and the lag measured against the GUI's clock so far.
    /// The engine's own time starts now, or with `start_clock` for a search
    /// begun on the opponent's time (`own_time` false).
    pub fn budget(&mut self, control: Control, remaining_ms: u64, own_time: bool) -> Budget {
        // The lag is measured where the GUI adds a known increment (or
        // nothing) after each move; byoyomi periods, session time and a
        // time a move are not predicted.
        let predicted_inc = match control {
            Control::Level {
                moves_per_session: 0,
                inc_ms,
                ..
            }
            | Control::Clock {
                inc_ms,
                byoyomi_ms: 0,
            } => Some(inc_ms),
            _ => None,
        };
        if predicted_inc.is_some() {
            self.lag.observe(remaining_ms);
        } else {
            self.lag.forget();
        }
        let moves_played = (self.pos.ply() / 2) as u32;
        let (keep, lag) = (self.config.move_overhead_ms, self.lag.lag_ms());
        log::debug!("clock {remaining_ms} ms, lag {lag} ms, margin {keep} ms");
        self.clock = predicted_inc.map(|inc_ms| MoveClock {
            remaining_ms,
            inc_ms,
            started: own_time.then(Instant::now),
        });
        time::budget(control, remaining_ms, moves_played, keep, lag)
    }

    /// The engine's own time starts now (USI `ponderhit`).
    pub fn start_clock(&mut self) {
        if let Some(c) = &mut self.clock {
            c.started = Some(Instant::now());
        }
    }

    /// The lag the GUI's clock has shown so far, ms.
    pub fn lag_ms(&self) -> u64 {
        self.lag.lag_ms()
    }

    /// The limits of the engine's search for its move.
    pub fn limits(&self, depth: Option<u32>, budget: Option<Budget>) -> Limits {
        Limits {
            depth,
            budget,
            excluded: self.excluded.clone(),
            multipv: self.config.multipv,
            ..Limits::default()
        }
    }

    /// Whether the engine should choose its next move at random among
    /// nearly equal ones (`Opt::RandomOpeningMoves`).
    fn varies_next_move(&self) -> bool {
        ((self.pos.ply() / 2) as u32) < self.config.random_moves
    }

    /// Search the position on this thread for the engine's move (a varied
    /// one early in the game if asked), the stop flag of `search` ending it
    /// early; `report` gets the thinking lines.
    pub fn think(
        &mut self,
        search: &mut SearchControl,
        limits: Limits,
        report: &mut dyn FnMut(&Info),
    ) -> Outcome {
        self.configure(search);
        if self.varies_next_move() {
            let shallow = Limits {
                depth: Some(RANDOM_DEPTH),
                ..limits.clone()
            };
            if let Some(mv) =
                search.varied_move(&mut self.pos, shallow, RANDOM_MARGIN, &mut self.rng)
            {
                return Outcome {
                    best: Some(mv),
                    ..Outcome::default()
                };
            }
        }
        search.think(&mut self.pos, limits, report)
    }

    /// Give the searcher the option values it uses.
    pub fn configure(&self, search: &mut SearchControl) {
        let c = &self.config;
        let s = search.searcher();
        s.hachu_compatible = c.hachu_compatible;
        s.xboard_safe = c.xboard_safe;
        s.contempt = c.contempt;
        s.skill = if c.limit_strength {
            crate::search::skill_for_elo(c.elo)
        } else {
            c.skill
        };
        s.random_mover = c.random_mover;
        if s.threads() != c.threads {
            s.set_threads(c.threads);
        }
    }

    /// What to do with a finished search of the engine's move: play it
    /// (and remember its score and expected reply), resign, or say the
    /// game is lost.
    pub fn decide(&mut self, outcome: &Outcome, expected_reply: Option<Move>) -> Decision {
        let Some(mv) = outcome.best else {
            let ending = game::ending(&mut self.pos, None);
            self.over = true;
            return Decision::NoMove(ending);
        };
        let threshold = self.config.resign_threshold;
        let losing = threshold > 0 && outcome.depth >= 2 && outcome.score <= -threshold;
        self.losing_searches = if losing { self.losing_searches + 1 } else { 0 };
        if self.config.resign
            && ((outcome.score <= -MATE + 2 && outcome.depth >= 2)
                || self.losing_searches >= RESIGN_MOVES)
        {
            self.over = true;
            return Decision::Resign;
        }
        self.expected_reply = expected_reply;
        self.last_score = (outcome.depth > 0).then_some(outcome.score);
        match self.clock.take() {
            Some(MoveClock {
                remaining_ms,
                inc_ms,
                started: Some(t),
            }) => self
                .lag
                .moved(remaining_ms, t.elapsed().as_millis() as u64, inc_ms),
            _ => self.lag.forget(),
        }
        Decision::Play(mv, self.play(mv))
    }

    /// Whether to accept a draw offer: only when the engine's own last
    /// search found it losing; an even game is played on.
    pub fn accepts_draw(&self) -> bool {
        !self.over && self.last_score.is_some_and(|s| s <= -DRAW_ACCEPT_LOSS)
    }

    /// Set an option of the game or the engine (not `Hash`, `Threads`,
    /// which the protocol adapter hands to the searcher, nor the start
    /// layouts, which are per variant).
    pub fn set_option(&mut self, opt: Opt, value: &Value) {
        match (opt, value) {
            (Opt::Threads, Value::Int(n)) => self.config.threads = *n as usize,
            (Opt::Hash, Value::Int(n)) => self.config.hash_mb = *n as usize,
            (Opt::MultiPv, Value::Int(n)) => self.config.multipv = *n as usize,
            (Opt::SkillLevel, Value::Int(n)) => self.config.skill = *n as i8,
            (Opt::LimitStrength, Value::Bool(b)) => self.config.limit_strength = *b,
            (Opt::Elo, Value::Int(n)) => self.config.elo = *n as i32,
            (Opt::RandomMover, Value::Bool(b)) => self.config.random_mover = *b,
            (Opt::Rules, Value::Text(t)) => {
                self.config.rules = Rules::parse(t).unwrap_or(Rules::Standard);
                self.apply_rules();
            }
            (Opt::Contempt, Value::Int(n)) => self.config.contempt = *n as i32,
            (Opt::MoveOverhead, Value::Int(n)) => self.config.move_overhead_ms = *n as u64,
            (Opt::ResignThreshold, Value::Int(n)) => self.config.resign_threshold = *n as i32,
            (Opt::Resign, Value::Bool(b)) => self.config.resign = *b,
            (Opt::RandomOpeningMoves, Value::Int(n)) => self.config.random_moves = *n as u32,
            (Opt::HachuCompatible, Value::Bool(b)) => self.config.hachu_compatible = *b,
            (Opt::XboardSafe, Value::Bool(b)) => self.config.xboard_safe = *b,
            (Opt::Okazaki, Value::Bool(b)) => self.set_okazaki(*b),
            // Protocol settings, kept by the adapter.
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn a_move(s: &mut Session) -> Outcome {
        Outcome {
            best: s.legal_moves().first().copied(),
            score: 0,
            depth: 3,
            nodes: 1,
        }
    }

    /// The GUI's clock reads 500 ms less than the engine's own accounting
    /// predicts: the next budget is planned with that lag; a byoyomi clock,
    /// which cannot be predicted, teaches nothing.
    #[test]
    fn the_lag_is_measured_between_moves() {
        let mut s = Session::new(VariantSet::builtin(), None);
        let control = Control::Level {
            moves_per_session: 0,
            base_ms: 60_000,
            inc_ms: 1_000,
        };
        let plain = s.budget(control, 30_000, true);
        let outcome = a_move(&mut s);
        assert!(matches!(s.decide(&outcome, None), Decision::Play(..)));
        // Expected: 30 000 - (a few ms) + 1 000; reported 500 less.
        let reply = s.legal_moves()[0];
        s.play_legal(reply).expect("legal");
        let lagged = s.budget(control, 30_500, true);
        assert!((495..=500).contains(&s.lag_ms()), "{}", s.lag_ms());
        assert!(lagged.soft < plain.soft, "{lagged:?} {plain:?}");

        let mut s = Session::new(VariantSet::builtin(), None);
        let byoyomi = Control::Clock {
            inc_ms: 0,
            byoyomi_ms: 1_000,
        };
        s.budget(byoyomi, 30_000, true);
        let outcome = a_move(&mut s);
        s.decide(&outcome, None);
        let reply = s.legal_moves()[0];
        s.play_legal(reply).expect("legal");
        s.budget(byoyomi, 20_000, true);
        assert_eq!(s.lag_ms(), 0);

        // Nor does a time a move (`go movetime`) after a move on a clock.
        let mut s = Session::new(VariantSet::builtin(), None);
        s.budget(control, 30_000, true);
        let outcome = a_move(&mut s);
        s.decide(&outcome, None);
        let reply = s.legal_moves()[0];
        s.play_legal(reply).expect("legal");
        s.budget(Control::PerMove { ms: 300 }, 300, true);
        assert_eq!(s.lag_ms(), 0);
    }
}
