//! Time controls as cutechess-cli writes them, and the clock the referee
//! keeps for each player.

use std::time::Duration;

/// Longest time control accepted: a day a period, a minute an increment
/// (larger values come from typing mistakes, and would overflow nothing but
/// a user's patience).
const MAX_BASE: Duration = Duration::from_secs(24 * 3600);
const MAX_INCREMENT: Duration = Duration::from_secs(60);

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimeControl {
    /// No clock (`tc=inf`): the engine is told nothing and may think as
    /// long as it likes.
    Infinite,
    /// `tc=[MOVES/]BASE[+INC]`: BASE for every MOVES moves (0: the whole
    /// game), plus INC after each move.
    Clock {
        moves: u32,
        base: Duration,
        increment: Duration,
    },
    /// `st=SECONDS`: at most this long for every move.
    PerMove(Duration),
}

/// Seconds as cutechess writes them (`10`, `0.1`, `1:30` = 90), bounded.
pub(super) fn seconds(text: &str, max: Duration) -> Result<Duration, String> {
    let secs = match text.split_once(':') {
        Some((m, s)) => {
            let m: u64 = m
                .parse()
                .map_err(|_| format!("bad minutes '{m}' in '{text}'"))?;
            let s: f64 = s
                .parse()
                .map_err(|_| format!("bad seconds '{s}' in '{text}'"))?;
            m as f64 * 60.0 + s
        }
        None => text
            .parse::<f64>()
            .map_err(|_| format!("bad seconds '{text}'"))?,
    };
    if !secs.is_finite() || secs < 0.0 || secs > max.as_secs_f64() {
        return Err(format!(
            "time '{text}' out of range (0 to {} s)",
            max.as_secs()
        ));
    }
    Ok(Duration::from_secs_f64(secs))
}

impl TimeControl {
    /// Read `tc=`'s value: `inf`, `40/60+0.5`, `10+0.1`, `1:30`, `60`.
    pub fn parse_tc(text: &str) -> Result<TimeControl, String> {
        if text == "inf" || text == "infinite" {
            return Ok(TimeControl::Infinite);
        }
        let (moves, rest) = match text.split_once('/') {
            Some((m, rest)) => (
                m.parse::<u32>()
                    .ok()
                    .filter(|&n| (1..=1000).contains(&n))
                    .ok_or_else(|| format!("bad move count '{m}' in tc={text}"))?,
                rest,
            ),
            None => (0, text),
        };
        let (base, inc) = match rest.split_once('+') {
            Some((b, i)) => (b, Some(i)),
            None => (rest, None),
        };
        let base = seconds(base, MAX_BASE).map_err(|e| format!("tc={text}: {e}"))?;
        let increment = match inc {
            Some(i) => seconds(i, MAX_INCREMENT).map_err(|e| format!("tc={text}: {e}"))?,
            None => Duration::ZERO,
        };
        // No time at all is refused with the engine's other settings: a
        // byoyomi (`EngineConfig::byoyomi`) can be all the time there is.
        Ok(TimeControl::Clock {
            moves,
            base,
            increment,
        })
    }

    /// Read `st=`'s value in seconds.
    pub fn parse_st(text: &str) -> Result<TimeControl, String> {
        let t = seconds(text, MAX_BASE).map_err(|e| format!("st={text}: {e}"))?;
        if t.is_zero() {
            return Err(format!("st={text}: no time at all"));
        }
        Ok(TimeControl::PerMove(t))
    }

    /// The CECP command that sets it (`level 40 1:00 0.5`, `st 2`), if any.
    pub fn cecp_command(&self) -> Option<String> {
        match *self {
            TimeControl::Infinite => None,
            TimeControl::Clock {
                moves,
                base,
                increment,
            } => {
                let ms = base.as_millis();
                let (min, sec_ms) = (ms / 60_000, ms % 60_000);
                let base = if sec_ms == 0 {
                    format!("{min}")
                } else if sec_ms % 1000 == 0 {
                    format!("{min}:{:02}", sec_ms / 1000)
                } else {
                    // Fractions of a second: XBoard's form takes whole
                    // seconds, a plain number of minutes takes decimals.
                    format!("{}", ms as f64 / 60_000.0)
                };
                Some(format!(
                    "level {moves} {base} {}",
                    fmt_secs(increment.as_secs_f64())
                ))
            }
            TimeControl::PerMove(t) => Some(format!("st {}", fmt_secs(t.as_secs_f64()))),
        }
    }

    /// As the PGN `TimeControl` tag and cutechess write it (`40/60+0.5`,
    /// `10+0.1`, `inf`); `st=2` is `2/move`.
    pub fn tag(&self) -> String {
        match *self {
            TimeControl::Infinite => "inf".to_string(),
            TimeControl::Clock {
                moves,
                base,
                increment,
            } => {
                let mut s = String::new();
                if moves > 0 {
                    s += &format!("{moves}/");
                }
                s += &fmt_secs(base.as_secs_f64());
                if !increment.is_zero() {
                    s += &format!("+{}", fmt_secs(increment.as_secs_f64()));
                }
                s
            }
            TimeControl::PerMove(t) => format!("{}/move", fmt_secs(t.as_secs_f64())),
        }
    }
}

/// Seconds without trailing zeros: `10`, `0.1`, `2.55`.
fn fmt_secs(s: f64) -> String {
    let t = format!("{s:.3}");
    t.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// One player's clock during a game.
#[derive(Clone, Copy, Debug)]
pub struct Clock {
    control: TimeControl,
    remaining: Duration,
    /// lishogi's byoyomi (one period): once `remaining` is spent, every
    /// move may take this long, and a move over it loses.
    byoyomi: Duration,
    /// Moves made in the current period (`moves` per period).
    moves_in_period: u32,
}

impl Clock {
    /// A clock of `control`; `byoyomi` counts only for a `Clock` control.
    pub fn new(control: TimeControl, byoyomi: Duration) -> Clock {
        let remaining = match control {
            TimeControl::Infinite => Duration::MAX,
            TimeControl::Clock { base, .. } => base,
            TimeControl::PerMove(t) => t,
        };
        let byoyomi = if matches!(control, TimeControl::Clock { .. }) {
            byoyomi
        } else {
            Duration::ZERO
        };
        Clock {
            control,
            remaining,
            byoyomi,
            moves_in_period: 0,
        }
    }

    /// How long the player may take for the move now due, before the
    /// margin; `None`: no limit.
    pub fn allowed(&self) -> Option<Duration> {
        match self.control {
            TimeControl::Infinite => None,
            _ => Some(self.remaining + self.byoyomi),
        }
    }

    /// Milliseconds left on the clock before byoyomi, for USI's `btime`
    /// and `wtime` (0 without a clock).
    pub fn millis(&self) -> u64 {
        if self.is_timed() {
            self.remaining.as_millis().min(u128::from(u64::MAX)) as u64
        } else {
            0
        }
    }

    /// The byoyomi, for USI's `go ... byoyomi`.
    pub fn byoyomi(&self) -> Duration {
        self.byoyomi
    }

    /// The increment of a `Clock` control.
    pub fn increment(&self) -> Duration {
        match self.control {
            TimeControl::Clock { increment, .. } => increment,
            _ => Duration::ZERO,
        }
    }

    /// Centiseconds left, for CECP's `time` and `otim`.
    pub fn centiseconds(&self) -> u64 {
        (self.remaining.as_millis() / 10).min(u64::MAX as u128) as u64
    }

    pub fn is_timed(&self) -> bool {
        matches!(self.control, TimeControl::Clock { .. })
    }

    /// Charge a move that took `used`; false if it overstepped the time
    /// allowed by more than `margin` (the player has lost on time).
    pub fn charge(&mut self, used: Duration, margin: Duration) -> bool {
        match self.control {
            TimeControl::Infinite => true,
            TimeControl::PerMove(t) => used <= t + margin,
            TimeControl::Clock {
                moves,
                base,
                increment,
            } => {
                if used > self.remaining + self.byoyomi + margin {
                    self.remaining = Duration::ZERO;
                    return false;
                }
                // Within the byoyomi or the margin the clock stops at
                // zero, not below.
                self.remaining = self.remaining.saturating_sub(used) + increment;
                self.moves_in_period += 1;
                if moves > 0 && self.moves_in_period == moves {
                    self.moves_in_period = 0;
                    self.remaining += base;
                }
                true
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn reads_cutechess_time_controls() {
        assert_eq!(
            TimeControl::parse_tc("40/60+0.5"),
            Ok(TimeControl::Clock {
                moves: 40,
                base: ms(60_000),
                increment: ms(500)
            })
        );
        assert_eq!(
            TimeControl::parse_tc("1:30"),
            Ok(TimeControl::Clock {
                moves: 0,
                base: ms(90_000),
                increment: Duration::ZERO
            })
        );
        assert_eq!(TimeControl::parse_tc("inf"), Ok(TimeControl::Infinite));
        assert_eq!(
            TimeControl::parse_st("0.5"),
            Ok(TimeControl::PerMove(ms(500)))
        );
        for bad in ["", "x", "10+", "-1", "1e9", "40/", "0/10", "nan", "10+100"] {
            assert!(TimeControl::parse_tc(bad).is_err(), "{bad}");
        }
        assert!(TimeControl::parse_st("0").is_err());
    }

    #[test]
    fn writes_level_and_tags() {
        let tc = TimeControl::parse_tc("10+0.1").unwrap();
        assert_eq!(tc.cecp_command().as_deref(), Some("level 0 0:10 0.1"));
        assert_eq!(tc.tag(), "10+0.1");
        let tc = TimeControl::parse_tc("40/120+2").unwrap();
        assert_eq!(tc.cecp_command().as_deref(), Some("level 40 2 2"));
        assert_eq!(tc.tag(), "40/120+2");
        let tc = TimeControl::parse_tc("2.5").unwrap();
        assert_eq!(
            tc.cecp_command().as_deref(),
            Some("level 0 0.041666666666666664 0")
        );
        assert_eq!(
            TimeControl::parse_st("2")
                .unwrap()
                .cecp_command()
                .as_deref(),
            Some("st 2")
        );
        assert_eq!(TimeControl::Infinite.cecp_command(), None);
    }

    #[test]
    fn the_clock_adds_increment_and_new_periods_and_flags_late_moves() {
        let mut c = Clock::new(TimeControl::parse_tc("2/10+1").unwrap(), Duration::ZERO);
        assert!(c.charge(ms(4000), ms(0)));
        assert_eq!(c.allowed(), Some(ms(7000)));
        // Second move of the period: a new 10 s period is added.
        assert!(c.charge(ms(2000), ms(0)));
        assert_eq!(c.allowed(), Some(ms(16_000)));
        assert_eq!(c.centiseconds(), 1600);
        // Over the time left, but within the margin: allowed, clock at 0 + inc.
        assert!(c.charge(ms(16_050), ms(100)));
        assert_eq!(c.allowed(), Some(ms(1000)));
        assert!(!c.charge(ms(1101), ms(100)));
        let mut st = Clock::new(TimeControl::PerMove(ms(1000)), ms(5000));
        assert!(st.charge(ms(1000), ms(0)));
        assert!(!st.charge(ms(1001), ms(0)));
        assert_eq!(st.allowed(), Some(ms(1000)));
    }

    #[test]
    fn byoyomi_follows_the_clocks_time_as_lishogi_plays_it() {
        let mut c = Clock::new(TimeControl::parse_tc("10").unwrap(), ms(1000));
        assert_eq!(c.allowed(), Some(ms(11_000)));
        // A move that runs into the byoyomi leaves the clock at zero...
        assert!(c.charge(ms(10_500), ms(0)));
        assert_eq!((c.millis(), c.allowed()), (0, Some(ms(1000))));
        // ...and from then on every move has the byoyomi, afresh.
        assert!(c.charge(ms(1000), ms(0)));
        assert!(c.charge(ms(900), ms(0)));
        assert_eq!(c.allowed(), Some(ms(1000)));
        assert!(!c.charge(ms(1001), ms(0)));
        // Byoyomi alone.
        let mut b = Clock::new(TimeControl::parse_tc("0").unwrap(), ms(2000));
        assert!(b.charge(ms(1999), ms(0)));
        assert!(!b.charge(ms(2001), ms(0)));
    }
}
