//! Time management: how long to think for the next move under a time
//! control (CECP's `level` and `st`, USI's clocks with increment or
//! byoyomi) and the engine's own clock as the GUI reports it.

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

/// Always left on the clock for process and GUI latency.
const SAFETY_MS: u64 = 60;

/// Moves ahead the remaining time of a sudden-death game is shared over.
/// Chu games between engines often last 200 or more moves a side, but
/// with an increment the clock is refilled every move: at 10 s + 0.1 s,
/// sharing over 50 moves left 6-9 s unused at the end of most games
/// (match PGNs), sharing over 30 leaves 2-3 s.
const PLANNED_MOVES: u64 = 30;

/// Soft and hard limits for one search.
#[derive(Clone, Copy, Debug)]
pub struct Budget {
    /// The time the search aims to use; it starts no iteration after half
    /// of it, since an iteration usually takes longer than all before it.
    pub soft: Duration,
    /// Stop the search at once after this.
    pub hard: Duration,
}

/// `remaining_ms`: our clock; `moves_played`: our moves so far in the game.
pub fn budget(control: Control, remaining_ms: u64, moves_played: u32) -> Budget {
    match control {
        Control::PerMove { ms } => {
            let t = ms.saturating_sub(SAFETY_MS).max(10);
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
            // A tenth of the base time (at most a second) is kept in reserve
            // and only the rest is shared out, so that a long game ends up
            // playing on the increment with a cushion against latency,
            // rather than on a clock drained to a few hundred milliseconds.
            let reserve = (base_ms / 10).clamp(SAFETY_MS, 1_000);
            let clock = remaining_ms.saturating_sub(SAFETY_MS);
            let usable = remaining_ms.saturating_sub(reserve);
            let moves_left = if moves_per_session > 0 {
                (moves_per_session - moves_played % moves_per_session).max(1) as u64
            } else {
                PLANNED_MOVES
            };
            // Most of the increment is spent; a search overshoots its soft
            // limit by a little on average, so the clock still grows back
            // towards the reserve when it is below it.
            let soft = ((usable / (moves_left + 1)).saturating_add(inc_ms.saturating_mul(9) / 10))
                .min(clock / 4)
                .max(5);
            let hard = soft
                .saturating_mul(2)
                .min((usable / 4).saturating_add(inc_ms.saturating_mul(9) / 10))
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
            let main = if remaining_ms > SAFETY_MS || byoyomi_ms == 0 {
                let level = Control::Level {
                    moves_per_session: 0,
                    base_ms: remaining_ms,
                    inc_ms,
                };
                budget(level, remaining_ms, moves_played)
            } else {
                Budget {
                    soft: Duration::ZERO,
                    hard: Duration::ZERO,
                }
            };
            let period = byoyomi_ms.saturating_sub(SAFETY_MS);
            let add = |d: Duration, share: u64| d + Duration::from_millis(period * share / 10);
            Budget {
                soft: add(main.soft, 8),
                hard: add(main.hard, 10).max(Duration::from_millis(5)),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn never_plans_beyond_the_clock() {
        let c = Control::Level {
            moves_per_session: 0,
            base_ms: 10_000,
            inc_ms: 100,
        };
        for remaining in [0, 50, 100, 500, 2_000, 10_000] {
            let b = budget(c, remaining, 10);
            assert!(
                b.hard.as_millis() as u64 <= remaining.saturating_sub(SAFETY_MS).max(5),
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
        let b = budget(c, 800, 150);
        assert!(b.hard.as_millis() < 100, "{b:?}");
    }

    #[test]
    fn moves_per_session_spread_the_time() {
        let c = Control::Level {
            moves_per_session: 40,
            base_ms: 60_000,
            inc_ms: 0,
        };
        let early = budget(c, 60_000, 0).soft;
        let late = budget(c, 10_000, 39).soft;
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
        let b = budget(c, 0, 50);
        assert!(b.hard.as_millis() <= 1_000 - SAFETY_MS as u128, "{b:?}");
        assert!(b.soft.as_millis() >= 500, "{b:?}");
        // With main time left, more than the period but within the clock.
        let b = budget(c, 60_000, 10);
        assert!(b.soft.as_millis() > 1_000, "{b:?}");
        assert!(b.hard.as_millis() < 60_000 / 3 + 1_000, "{b:?}");
        assert!(b.soft <= b.hard);
    }

    #[test]
    fn fixed_time_per_move() {
        let b = budget(Control::PerMove { ms: 1_000 }, 0, 0);
        assert!(b.hard.as_millis() <= 1_000);
    }
}
