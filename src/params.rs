//! The search's and the time manager's tunable coefficients, named and
//! bounded in one place.
//!
//! Each has a default (what the engine plays with), bounds that keep it
//! meaningful, and the perturbation SPSA ends with (`step`, fishtest's
//! `c_end`). They are read at start-up (`kyodai --param NAME=VALUE`), so
//! that a tuning run (`scripts/spsa.py`) plays different values without a
//! rebuild; `kyodai params` lists them. The values live in atomics that
//! the search reads with relaxed loads: as cheap as a constant in memory.
//! A default changes only by a match: docs/strength.md has each one's.

use std::sync::atomic::{AtomicI32, Ordering};

/// One coefficient.
pub struct Param {
    pub name: &'static str,
    pub default: i32,
    pub min: i32,
    pub max: i32,
    /// SPSA's perturbation at the end of a run (fishtest's `c_end`).
    pub step: i32,
    pub help: &'static str,
}

macro_rules! params {
    ($($id:ident $name:literal = $default:literal in $min:literal..=$max:literal step $step:literal: $help:literal;)*) => {
        /// The coefficients by name in code.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum P {
            $($id,)*
        }

        /// Every coefficient, in `P`'s order.
        pub const PARAMS: &[Param] = &[
            $(Param { name: $name, default: $default, min: $min, max: $max, step: $step, help: $help },)*
        ];

        static VALUES: [AtomicI32; PARAMS.len()] = [$(AtomicI32::new($default),)*];
    };
}

params! {
    AspirationWindow "aspiration-window" = 40 in 10..=300 step 8:
        "half-width of the aspiration window around the last score (cp)";
    FutilityMargin "futility-margin" = 150 in 40..=500 step 15:
        "(reverse) futility margin per ply of depth (cp)";
    ReverseFutilityDepth "reverse-futility-depth" = 3 in 1..=8 step 1:
        "deepest node that reverse futility may cut";
    LmpDepth "lmp-depth" = 3 in 1..=6 step 1:
        "deepest node whose late quiet moves are pruned";
    LmpBase "lmp-base" = 4 in 2..=40 step 2:
        "moves searched before late move pruning, at any depth";
    LmpSlope "lmp-slope" = 2 in 1..=20 step 1:
        "moves searched before late move pruning, per depth squared";
    SeePruningDepth "see-pruning-depth" = 3 in 1..=8 step 1:
        "deepest node whose losing captures are pruned";
    SeeMargin "see-margin" = 100 in 20..=400 step 15:
        "material a pruned capture loses at least, per ply of depth (cp)";
    QuietSeeMargin "quiet-see-margin" = 0 in 0..=400 step 10:
        "a late quiet move near the leaves whose piece the exchange on its new square loses by more than this per ply of depth squared is pruned (cp; 0: never)";
    NullDepth "null-depth" = 3 in 1..=8 step 1:
        "shallowest node that tries a null move";
    NullBase "null-base" = 3 in 2..=6 step 1:
        "null-move reduction at any depth";
    NullDivisor "null-divisor" = 6 in 2..=16 step 1:
        "depth per extra ply of null-move reduction";
    LmrDivisor "lmr-divisor" = 150 in 100..=500 step 15:
        "late move reduction ln(depth) ln(moves) / (this / 100)";
    LmrNonPv "lmr-non-pv" = 0 in 0..=3 step 1:
        "plies a late move is reduced more at a node off the principal variation";
    LmrMinMove "lmr-min-move" = 4 in 2..=8 step 1:
        "the first move in a node's order that late move reductions may reduce (the first searched is 1)";
    LmrCutNode "lmr-cut-node" = 0 in 0..=3 step 1:
        "plies a late move is reduced more at a node expected to fail high (a cut node: Stockfish's cutNode)";
    LmrHistory "lmr-history" = 32 in 0..=1024 step 16:
        "history per ply a late quiet move is reduced less (history above zero) or more (below), at most 2 plies either way (0: history plays no part)";
    LmrOffset "lmr-offset" = 0 in -100..=300 step 20:
        "hundredths of a ply added to every late move reduction before it is rounded down";
    LmrCaptures "lmr-captures" = 0 in 0..=1 step 1:
        "1: late move reductions reach captures, promotions and killers too, all but the hash move (0: quiet moves and lesser capture variants only)";
    NullEvalDivisor "null-eval-divisor" = 0 in 0..=1000 step 25:
        "static score above beta per extra ply of null-move reduction, at most 3 (cp; 0: none)";
    IirDepth "iir-depth" = 99 in 2..=99 step 1:
        "shallowest node without a hash move searched a ply less (99: none)";
    HistoryGravity "history-gravity" = 1 in 0..=1 step 1:
        "1: quiet moves' history falls for those that failed, pulled to zero (0: rises only)";
    QsDelta "qs-delta" = 200 in 0..=1000 step 25:
        "quiescence delta-pruning margin (cp)";
    QsCaptures "qs-captures" = 99 in 1..=99 step 1:
        "captures a quiescence node searches at most, besides recaptures and royal captures (99: all)";
    QsTable "qs-table" = 0 in 0..=1 step 1:
        "1: quiescence probes and stores the transposition table";
    QsEvasions "qs-evasions" = 0 in 0..=1 step 1:
        "1: a quiescence node whose sole royal is attacked searches its escapes, not standing pat";
    CheckExtension "check-extension" = 1 in 0..=1 step 1:
        "1: a node whose sole royal is attacked is searched a ply deeper";
    RazorMargin "razor-margin" = 0 in 0..=1000 step 25:
        "depth 1-2 nodes this far per ply below alpha are settled by quiescence (cp; 0: never)";
    CaptureHistory "capture-history" = 0 in 0..=32 step 2:
        "weight of the capture history in the captures' order, in 64ths (0: none; 8: at most 128 cp of victim either way)";
    ContinuationHistory "continuation-history" = 0 in 0..=64 step 4:
        "weight of the reply history (a quiet move by the square the opponent's last move reached) in the quiet moves' order, in 16ths (0: none)";
    FollowUpHistory "follow-up-history" = 0 in 0..=64 step 4:
        "weight of the follow-up history (a quiet move by the square the mover's own last move reached) in the quiet moves' order, in 16ths (0: none)";
    Correction "correction" = 0 in 0..=200 step 10:
        "percent of the learned correction by material balance added to the static evaluation (0: none)";
    Improving "improving" = 0 in 0..=1 step 1:
        "1: a node whose static score is below its own two plies before prunes and reduces more (0: no)";
    PlannedMoves "planned-moves" = 30 in 10..=100 step 3:
        "moves ahead a sudden-death clock is shared over";
    TimeStable "time-stable" = 100 in 40..=150 step 5:
        "percent of the usual time a search may start iterations in while its best move has not changed of late";
    TimeUnstable "time-unstable" = 0 in 0..=300 step 10:
        "percent more time for each recent change of the best move between iterations (each counting half as much an iteration later; 0: none)";
    IncrementShare "increment-share" = 90 in 40..=100 step 4:
        "percent of the increment spent each move";
}

/// The value in force.
#[inline]
pub fn get(p: P) -> i32 {
    VALUES[p as usize].load(Ordering::Relaxed)
}

/// Sets a coefficient by name, within its bounds.
pub fn set(name: &str, value: i32) -> Result<(), String> {
    let i = PARAMS
        .iter()
        .position(|p| p.name == name)
        .ok_or_else(|| format!("no parameter '{name}' (kyodai params lists them)"))?;
    let p = &PARAMS[i];
    if !(p.min..=p.max).contains(&value) {
        return Err(format!(
            "{name} = {value} is out of its range {}..={}",
            p.min, p.max
        ));
    }
    VALUES[i].store(value, Ordering::Relaxed);
    Ok(())
}

/// Reads `NAME=VALUE` and sets it.
pub fn set_from(text: &str) -> Result<(), String> {
    let (name, value) = text
        .split_once('=')
        .ok_or_else(|| format!("'{text}' is not NAME=VALUE"))?;
    let value = value
        .trim()
        .parse::<i32>()
        .map_err(|_| format!("'{value}' is not a whole number"))?;
    set(name.trim(), value)
}

/// The value in force of every coefficient, by name.
pub fn current() -> Vec<(&'static str, i32)> {
    PARAMS
        .iter()
        .zip(&VALUES)
        .map(|(p, v)| (p.name, v.load(Ordering::Relaxed)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_lie_within_their_bounds_and_names_are_unique() {
        for (i, p) in PARAMS.iter().enumerate() {
            assert!(p.min <= p.default && p.default <= p.max, "{}", p.name);
            assert!(p.step > 0, "{}", p.name);
            assert!(PARAMS[..i].iter().all(|q| q.name != p.name), "{}", p.name);
        }
        assert_eq!(PARAMS[P::QsDelta as usize].name, "qs-delta");
    }

    #[test]
    fn values_out_of_bounds_or_unknown_names_are_refused() {
        assert!(set_from("lmp-base=1").is_err());
        assert!(set_from("lmp-base=x").is_err());
        assert!(set_from("no-such=3").is_err());
        assert!(set_from("lmp-base").is_err());
        // A value within bounds is taken; the default, since searches in
        // other tests read it meanwhile.
        set_from("qs-delta = 200").expect("in range");
        assert_eq!(get(P::QsDelta), 200);
    }
}
