//! Time management: how long to think for the next move under a time
//! control (CECP's `level` and `st`, USI's clocks with increment or
//! byoyomi) and the engine's own clock as the GUI reports it.

use crate::params::{P, get as param};
use std::time::Duration;

/// The clock settings the GUI gave.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Control {
    /// `level MPS BASE INC`: MPS moves per BASE (0 = whole game), INC
    /// seconds added per move.
    Level {
        moves_per_session: u32,
        base_ms: u64,
        inc_ms: u64,
    },
    /// `st N`, USI `movetime`: exactly this long per move.
    PerMove { ms: u64 },
    /// USI clocks: the main time left (the `remaining_ms` of `budget`),
    /// `inc_ms` added after each move, then `byoyomi_ms` per move once the
    /// main time has run out (a move within it costs nothing).
    Clock { inc_ms: u64, byoyomi_ms: u64 },
}

impl Default for Control {
    fn default() -> Self {
        Control::Level {
            moves_per_session: 0,
            base_ms: 300_000,
            inc_ms: 0,
        }
    }
}

/// The default of the `Move Overhead` option: milliseconds kept on the
/// clock, above the reserve, for latency the engine cannot measure.
pub const DEFAULT_OVERHEAD_MS: u64 = 60;
/// The largest overhead taken, option and measured lag together.
pub const MAX_OVERHEAD_MS: u64 = 5_000;

/// Soft and hard limits for one search.
#[derive(Clone, Copy, Debug)]
pub struct Budget {
    /// The time the search aims to use; it starts no iteration after half
    /// of it, since an iteration usually takes longer than all before it
    /// (more or less than half by the best move's stability: `Stability`).
    pub soft: Duration,
    /// Stop the search at once after this.
    pub hard: Duration,
}

/// `remaining_ms`: our clock; `moves_played`: our moves so far in the game;
/// `keep_ms`: the `Move Overhead` option, kept back from the clock as a
/// margin against delays nobody measured; `lag_ms`: what each move has
/// been costing on the GUI's clock beyond the search itself, as
/// `LagMeter` measured it.
pub fn budget(
    control: Control,
    remaining_ms: u64,
    moves_played: u32,
    keep_ms: u64,
    lag_ms: u64,
) -> Budget {
    let keep = keep_ms.min(MAX_OVERHEAD_MS);
    let lag = lag_ms.min(MAX_OVERHEAD_MS);
    let overhead = keep + lag;
    match control {
        Control::PerMove { ms } => {
            let t = ms.saturating_sub(overhead).max(10);
            Budget {
                soft: Duration::from_millis(t),
                hard: Duration::from_millis(t),
            }
        }
        Control::Level {
            moves_per_session,
            base_ms,
            inc_ms,
        } => {
            // A tenth of the base time (at most a second), and at least two
            // increments, with the margin and the lag, is what the clock
            // is steered towards: a long game ends up playing on the
            // increment with that cushion, rather than on a clock drained
            // to a few hundred milliseconds.
            let reserve = (base_ms / 10).min(1_000).max(inc_ms.saturating_mul(2)) + overhead;
            let clock = remaining_ms.saturating_sub(overhead);
            let moves_left = if moves_per_session > 0 {
                (moves_per_session - moves_played % moves_per_session).max(1) as u64
            } else {
                // Moves ahead a sudden-death clock is shared over. Chu games
                // between engines often last 200 or more moves a side, but
                // with an increment the clock is refilled every move: at
                // 10 s + 0.1 s, sharing over 50 moves left 6-9 s unused at
                // the end of most games (match PGNs), sharing over 30
                // leaves 2-3 s.
                param(P::PlannedMoves) as u64
            };
            // Most of the increment is spent, less the lag each move
            // costs besides the search. Only the measured lag is taken
            // from it: had the margin been too, an increment no larger
            // than the margin (1 s + 0.01 s against the default 60 ms)
            // would be spent only as a share of the excess, and the clock
            // would settle 30 moves' worth of thinking above the reserve,
            // never used (half a second of 1 s + 0.01 s in Chu). The
            // excess over the reserve is shared out, or when the clock is
            // below it, the shortfall is made good over as many moves: a
            // search ends a little after its soft limit on average, and
            // the clock still comes back towards the reserve.
            let increment =
                (inc_ms.saturating_mul(param(P::IncrementShare) as u64) / 100) as i64 - lag as i64;
            let excess = remaining_ms.min(i64::MAX as u64) as i64 - reserve as i64;
            let share = excess / (moves_left as i64 + 1) + increment;
            let soft = (share.max(0) as u64).min(clock / 4).max(5);
            let hard = soft
                .saturating_mul(2)
                .min((excess.max(0) as u64 / 4).saturating_add(increment.max(0) as u64))
                .min(clock / 3)
                .max(soft);
            Budget {
                soft: Duration::from_millis(soft),
                hard: Duration::from_millis(hard),
            }
        }
        Control::Clock { inc_ms, byoyomi_ms } => {
            // The main time is shared out as in a sudden-death game with an
            // increment; the byoyomi period is spent on every move, as it is
            // lost when not used, less the margin for latency.
            let main = if remaining_ms > overhead || byoyomi_ms == 0 {
                let level = Control::Level {
                    moves_per_session: 0,
                    base_ms: remaining_ms,
                    inc_ms,
                };
                budget(level, remaining_ms, moves_played, keep, lag)
            } else {
                Budget {
                    soft: Duration::ZERO,
                    hard: Duration::ZERO,
                }
            };
            let period = byoyomi_ms.saturating_sub(overhead);
            let add = |d: Duration, share: u64| d + Duration::from_millis(period * share / 10);
            Budget {
                soft: add(main.soft, 8),
                hard: add(main.hard, 10).max(Duration::from_millis(5)),
            }
        }
    }
}

/// The time a GUI charges the engine beyond what the engine measures
/// itself: pipe and process latency, and a GUI's own delays, such as
/// XBoard animating the engine's move on the engine's clock. After each of
/// its moves the engine works out what its clock should read; the next
/// time the GUI reports the clock, the shortfall is one sample.
#[derive(Clone, Copy, Debug, Default)]
pub struct LagMeter {
    /// What our clock should read at the next report, ms.
    expected_ms: Option<u64>,
    lag_ms: u64,
}

impl LagMeter {
    /// We moved: the clock read `remaining_ms` when the search started, it
    /// took `used_ms`, and `inc_ms` comes back after the move.
    pub fn moved(&mut self, remaining_ms: u64, used_ms: u64, inc_ms: u64) {
        self.expected_ms = Some(remaining_ms.saturating_sub(used_ms).saturating_add(inc_ms));
    }

    /// The clock cannot be predicted (a new game, a move taken back, a new
    /// time control, a byoyomi period).
    pub fn forget(&mut self) {
        self.expected_ms = None;
    }

    /// The GUI reports our clock. A shortfall counts at once, so that the
    /// next move is already planned with it; it fades over a few moves
    /// once the GUI charges less.
    pub fn observe(&mut self, reported_ms: u64) {
        let Some(expected) = self.expected_ms.take() else {
            return;
        };
        let sample = expected.saturating_sub(reported_ms).min(MAX_OVERHEAD_MS);
        self.lag_ms = sample.max((self.lag_ms * 3 + sample) / 4);
    }

    /// The lag to plan each move with, ms.
    pub fn lag_ms(&self) -> u64 {
        self.lag_ms
    }
}

/// How settled a search's best move is, for how much of its soft budget
/// it may start iterations in: an unsettled search gets more of its time,
/// a settled one less (`time-stable`, `time-unstable`). Generic over the
/// move so that the clock's rules know nothing of the board.
#[derive(Clone, Copy, Debug)]
pub struct Stability<M> {
    /// Changes of the best move between finished iterations, in
    /// hundredths, each counting half as much an iteration later.
    changes: i32,
    last: Option<M>,
}

impl<M: Copy + PartialEq> Stability<M> {
    pub fn new() -> Stability<M> {
        Stability {
            changes: 0,
            last: None,
        }
    }

    /// An iteration finished with `best` as its best move.
    pub fn finished(&mut self, best: Option<M>) {
        self.changes /= 2;
        if self.last.is_some() && best != self.last {
            self.changes += 100;
        }
        self.last = best;
    }

    /// The part of the soft budget after which no iteration starts, in
    /// percent: half of it (50) at the coefficients' defaults.
    pub fn start_limit_percent(&self) -> u32 {
        self.start_limit_under(param(P::TimeStable), param(P::TimeUnstable))
    }

    /// `start_limit_percent` under the coefficients `stable` and
    /// `unstable`.
    fn start_limit_under(&self, stable: i32, unstable: i32) -> u32 {
        ((stable + unstable * self.changes / 100) / 2).max(1) as u32
    }
}

impl<M: Copy + PartialEq> Default for Stability<M> {
    fn default() -> Self {
        Stability::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// At the defaults an iteration starts within half the soft budget
    /// whatever the best move does; with the coefficients, a change buys
    /// time that fades by half each settled iteration.
    #[test]
    fn an_unsettled_best_move_buys_time() {
        let defaults = |p: P| crate::params::PARAMS[p as usize].default;
        let (stable, unstable) = (defaults(P::TimeStable), defaults(P::TimeUnstable));
        let mut s = Stability::new();
        for best in [1, 2, 3] {
            s.finished(Some(best));
            assert_eq!(s.start_limit_under(stable, unstable), 50);
        }
        let mut s = Stability::new();
        let mut limits = Vec::new();
        for best in [1, 1, 2, 2, 2] {
            s.finished(Some(best));
            limits.push(s.start_limit_under(70, 100));
        }
        // The first move is no change; 1 -> 2 adds a whole change
        // (35 + 50), then half of it (35 + 25), then a quarter (35 + 12).
        assert_eq!(limits, [35, 35, 85, 60, 47]);
    }

    #[test]
    fn never_plans_beyond_the_clock() {
        let c = Control::Level {
            moves_per_session: 0,
            base_ms: 10_000,
            inc_ms: 100,
        };
        for remaining in [0, 50, 100, 500, 2_000, 10_000] {
            let b = budget(c, remaining, 10, DEFAULT_OVERHEAD_MS, 0);
            assert!(
                b.hard.as_millis() as u64 <= remaining.saturating_sub(DEFAULT_OVERHEAD_MS).max(5),
                "{remaining}"
            );
            assert!(b.soft <= b.hard);
        }
    }

    #[test]
    fn low_clock_spends_less_than_the_increment() {
        let c = Control::Level {
            moves_per_session: 0,
            base_ms: 10_000,
            inc_ms: 100,
        };
        let b = budget(c, 800, 150, DEFAULT_OVERHEAD_MS, 0);
        assert!(b.hard.as_millis() < 100, "{b:?}");
    }

    #[test]
    fn moves_per_session_spread_the_time() {
        let c = Control::Level {
            moves_per_session: 40,
            base_ms: 60_000,
            inc_ms: 0,
        };
        let early = budget(c, 60_000, 0, DEFAULT_OVERHEAD_MS, 0).soft;
        let late = budget(c, 10_000, 39, DEFAULT_OVERHEAD_MS, 0).soft;
        assert!(early.as_millis() < 2_000);
        assert!(
            late.as_millis() >= 2_000,
            "last move of a session may use a large share"
        );
    }

    #[test]
    fn byoyomi_is_spent_and_never_overrun() {
        let c = Control::Clock {
            inc_ms: 0,
            byoyomi_ms: 1_000,
        };
        // Main time gone: the period alone, short of its end.
        let b = budget(c, 0, 50, DEFAULT_OVERHEAD_MS, 0);
        assert!(
            b.hard.as_millis() <= 1_000 - DEFAULT_OVERHEAD_MS as u128,
            "{b:?}"
        );
        assert!(b.soft.as_millis() >= 500, "{b:?}");
        // With main time left, more than the period but within the clock.
        let b = budget(c, 60_000, 10, DEFAULT_OVERHEAD_MS, 0);
        assert!(b.soft.as_millis() > 1_000, "{b:?}");
        assert!(b.hard.as_millis() < 60_000 / 3 + 1_000, "{b:?}");
        assert!(b.soft <= b.hard);
    }

    #[test]
    fn fixed_time_per_move() {
        let b = budget(Control::PerMove { ms: 1_000 }, 0, 0, DEFAULT_OVERHEAD_MS, 0);
        assert!(b.hard.as_millis() <= 1_000);
    }

    #[test]
    fn lag_counts_at_once_and_fades() {
        let mut lag = LagMeter::default();
        // No expectation yet: a report teaches nothing.
        lag.observe(1_000);
        assert_eq!(lag.lag_ms(), 0);
        // 3000 ms on the clock, 100 used, 25 back: 2925 expected; the GUI
        // reports 2725, 200 ms short.
        lag.moved(3_000, 100, 25);
        lag.observe(2_725);
        assert_eq!(lag.lag_ms(), 200);
        // A report with nothing expected changes nothing.
        lag.observe(0);
        assert_eq!(lag.lag_ms(), 200);
        // The GUI charges nothing more: the lag fades, not at once.
        lag.moved(2_725, 100, 25);
        lag.observe(2_650);
        assert_eq!(lag.lag_ms(), 150);
        for _ in 0..20 {
            lag.moved(2_650, 0, 0);
            lag.observe(2_650);
        }
        assert!(lag.lag_ms() < 5, "{}", lag.lag_ms());
        // A clock reading more than expected is no lag; an absurd one is
        // bounded.
        lag.moved(1_000, 0, 0);
        lag.observe(u64::MAX);
        lag.moved(u64::MAX, 0, 0);
        lag.observe(0);
        assert_eq!(lag.lag_ms(), MAX_OVERHEAD_MS);
    }

    /// The lowest the clock gets in a 300-move game at `base_ms` +
    /// `inc_ms` where every move costs its soft limit and 10% more (a
    /// search ends a little after it) plus `lag_ms` the GUI charges, with
    /// `planned_lag_ms` of that lag known to the budget; and where the
    /// clock ends.
    fn clock_run(base_ms: u64, inc_ms: u64, lag_ms: u64, planned_lag_ms: u64) -> (i64, i64) {
        let c = Control::Level {
            moves_per_session: 0,
            base_ms,
            inc_ms,
        };
        let mut clock = base_ms as i64;
        let mut lowest = clock;
        for moves in 0..300 {
            let b = budget(
                c,
                clock.max(0) as u64,
                moves,
                DEFAULT_OVERHEAD_MS,
                planned_lag_ms,
            );
            clock -= b.soft.as_millis() as i64 * 11 / 10 + lag_ms as i64;
            lowest = lowest.min(clock);
            clock += inc_ms as i64;
        }
        (lowest, clock)
    }

    fn lowest_clock(base_ms: u64, inc_ms: u64, lag_ms: u64, planned_lag_ms: u64) -> i64 {
        clock_run(base_ms, inc_ms, lag_ms, planned_lag_ms).0
    }

    /// A long game spends its clock down to the reserve (a tenth of the
    /// base, at most 1 s, at least two increments, the margin and the
    /// lag) and then lives on the increment, even one no larger than the
    /// margin: nothing much is left unused at the end.
    /// (With a large increment, no move is given more than a quarter of
    /// the clock, which holds it at about four increments instead.)
    #[test]
    fn the_clock_is_spent_down_to_the_reserve() {
        for (base, inc, lag) in [
            (1_000u64, 10u64, 0u64),
            (1_000, 10, 5),
            (3_000, 30, 0),
            (10_000, 100, 0),
            (10_000, 100, 20),
        ] {
            let reserve = ((base / 10).min(1_000).max(2 * inc) + DEFAULT_OVERHEAD_MS + lag) as i64;
            let (_, end) = clock_run(base, inc, lag, lag);
            assert!(end <= reserve + 150, "{base}+{inc}: ends on {end}");
        }
    }

    /// The reserve holds through a long game: the clock never falls below
    /// two increments, nor at 3 s + 0.025 s below a tenth of the base.
    #[test]
    fn the_reserve_holds_and_grows_with_the_increment() {
        assert!(lowest_clock(60_000, 600, 0, 0) >= 1_200);
        assert!(lowest_clock(10_000, 100, 0, 0) >= 1_000);
        assert!(lowest_clock(3_000, 25, 0, 0) >= 300);
        assert!(lowest_clock(3_000, 25, 15, 15) >= 300);
    }

    /// A lag the budget knows of is taken from each move: the clock stays
    /// above the reserve; unknown, the same lag eats into it.
    #[test]
    fn a_known_lag_is_taken_from_each_move() {
        let known = lowest_clock(60_000, 600, 300, 300);
        let unknown = lowest_clock(60_000, 600, 300, 0);
        assert!(known >= 1_200, "{known}");
        assert!(unknown < 1_200, "{unknown}");
        assert!(lowest_clock(10_000, 100, 50, 50) >= 1_000);
    }
}
