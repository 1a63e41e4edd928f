//! The engine's options, listed once: each protocol adapter announces them
//! under its own names (CECP `feature option=...`, USI `option name ...`)
//! and hands the values it receives to `parse`, which checks them against
//! the same ranges.

/// An option of the engine, whatever protocol sets it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Opt {
    /// Transposition table size, MB (CECP sets it with `memory`).
    Hash,
    /// Search threads (CECP `cores`).
    Threads,
    /// Lines reported by analysis; the move is always the first line's.
    MultiPv,
    /// Strength for casual games: 20 is full strength, -20 the weakest
    /// (`search::skill_nodes`).
    SkillLevel,
    /// Play at the level `Elo` names instead of `SkillLevel`.
    LimitStrength,
    /// The strength asked for under `LimitStrength`, on the skill ladder's
    /// scale (docs/skill.md).
    Elo,
    /// Play random legal moves: the test opponent of the weakest level.
    RandomMover,
    /// Which rules the games are played under (`Rules::NAMES`); a variant
    /// a rule set does not cover is played under the engine's own rules.
    Rules,
    /// Centipawns a draw is worth less than nothing to the engine.
    Contempt,
    /// Milliseconds kept back on every move for latency, beyond the lag
    /// the engine measures against the GUI's clock itself.
    MoveOverhead,
    /// Resign once searches score the engine this far down (0: never by
    /// score).
    ResignThreshold,
    /// Resign lost games at all (off: play on to the end, as a bot whose
    /// server takes resignation through another channel must).
    Resign,
    /// The first N moves of a game are chosen at random among nearly
    /// equal moves, so that matches between deterministic engines vary.
    RandomOpeningMoves,
    /// Play moves HaChu 0.21 can follow, and take its unpromoted captures
    /// as played.
    HachuCompatible,
    /// Keep to moves XBoard 4.9.1 relays and judges correctly.
    XboardSafe,
    /// Play counter-strikes the Okazaki rule allows (Chu).
    Okazaki,
    /// USI: the GUI may send `go ponder`.
    Ponder,
    /// USI: the GUI wants analysis rather than play.
    AnalyseMode,
    /// USI: the variant (lishogi names it).
    Variant,
}

/// What values an option takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Check {
        default: bool,
    },
    Spin {
        default: i64,
        min: i64,
        max: i64,
    },
    Combo {
        default: &'static str,
        choices: &'static [&'static str],
    },
}

/// One option: its names in each protocol (`None`: not offered there) and
/// its values.
#[derive(Clone, Copy, Debug)]
pub struct Spec {
    pub opt: Opt,
    pub cecp: Option<&'static str>,
    pub usi: Option<&'static str>,
    pub kind: Kind,
}

/// A checked value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    Bool(bool),
    Int(i64),
    Text(&'static str),
}

/// The transposition table size before anything sets it, MB.
pub const DEFAULT_HASH_MB: i64 = 64;
/// The largest table taken (64 GiB): a bigger one is a typing error, and
/// trying to fill it could get the engine killed for lack of memory.
#[cfg(not(target_arch = "wasm32"))]
pub const MAX_HASH_MB: i64 = 64 << 10;
/// In a browser (wasm32) all of the engine lives in one linear memory of at
/// most 4 GiB, which the page shares with everything else it runs.
#[cfg(target_arch = "wasm32")]
pub const MAX_HASH_MB: i64 = 1024;
/// Most lines MultiPV reports.
pub const MAX_MULTIPV: i64 = 64;

/// Every option. Names are each protocol's customs: CECP GUIs show them as
/// written, USI names have no spaces.
pub const SPECS: &[Spec] = &[
    Spec {
        opt: Opt::Hash,
        cecp: None,
        usi: Some("USI_Hash"),
        kind: Kind::Spin {
            default: DEFAULT_HASH_MB,
            min: 1,
            max: MAX_HASH_MB,
        },
    },
    Spec {
        opt: Opt::Threads,
        cecp: None,
        usi: Some("Threads"),
        kind: Kind::Spin {
            default: 1,
            min: 1,
            max: crate::search::MAX_THREADS as i64,
        },
    },
    Spec {
        opt: Opt::MultiPv,
        cecp: Some("MultiPV"),
        usi: Some("MultiPV"),
        kind: Kind::Spin {
            default: 1,
            min: 1,
            max: MAX_MULTIPV,
        },
    },
    Spec {
        opt: Opt::SkillLevel,
        cecp: Some("Skill level"),
        usi: Some("Skill_Level"),
        kind: Kind::Spin {
            default: crate::search::MAX_SKILL as i64,
            min: crate::search::MIN_SKILL as i64,
            max: crate::search::MAX_SKILL as i64,
        },
    },
    Spec {
        opt: Opt::LimitStrength,
        cecp: Some("Limit strength"),
        usi: Some("USI_LimitStrength"),
        kind: Kind::Check { default: false },
    },
    Spec {
        opt: Opt::Elo,
        cecp: Some("Elo"),
        usi: Some("USI_Elo"),
        kind: Kind::Spin {
            default: crate::search::MAX_ELO as i64,
            min: crate::search::MIN_ELO as i64,
            max: crate::search::MAX_ELO as i64,
        },
    },
    Spec {
        opt: Opt::RandomMover,
        cecp: Some("Random mover"),
        usi: None,
        kind: Kind::Check { default: false },
    },
    Spec {
        opt: Opt::Rules,
        cecp: Some("Rules"),
        // USI plays lishogi's rules unless told otherwise (its adapter
        // announces that default).
        usi: Some("Rules"),
        kind: Kind::Combo {
            default: "standard",
            choices: crate::variant::Rules::NAMES,
        },
    },
    Spec {
        opt: Opt::Contempt,
        cecp: Some("Contempt"),
        usi: Some("Contempt"),
        kind: Kind::Spin {
            default: 0,
            min: -1000,
            max: 1000,
        },
    },
    Spec {
        opt: Opt::MoveOverhead,
        cecp: Some("Move Overhead"),
        usi: Some("Move_Overhead"),
        kind: Kind::Spin {
            default: crate::time::DEFAULT_OVERHEAD_MS as i64,
            min: 0,
            max: crate::time::MAX_OVERHEAD_MS as i64,
        },
    },
    Spec {
        opt: Opt::ResignThreshold,
        cecp: Some("Resign threshold"),
        usi: Some("Resign_Threshold"),
        kind: Kind::Spin {
            default: 0,
            min: 0,
            max: 10_000,
        },
    },
    Spec {
        opt: Opt::Resign,
        cecp: Some("Resign"),
        usi: Some("Resign"),
        kind: Kind::Check { default: true },
    },
    Spec {
        opt: Opt::RandomOpeningMoves,
        cecp: Some("Random opening moves"),
        usi: Some("Random_Opening_Moves"),
        kind: Kind::Spin {
            default: 0,
            min: 0,
            max: 50,
        },
    },
    Spec {
        opt: Opt::HachuCompatible,
        cecp: Some("HaChu compatible moves"),
        usi: None,
        kind: Kind::Check { default: false },
    },
    Spec {
        opt: Opt::XboardSafe,
        cecp: Some("XBoard-safe moves"),
        usi: None,
        kind: Kind::Check { default: true },
    },
    Spec {
        opt: Opt::Okazaki,
        cecp: Some("Okazaki rule"),
        usi: None,
        kind: Kind::Check { default: false },
    },
    Spec {
        opt: Opt::Ponder,
        cecp: None,
        usi: Some("USI_Ponder"),
        kind: Kind::Check { default: false },
    },
    Spec {
        opt: Opt::AnalyseMode,
        cecp: None,
        usi: Some("USI_AnalyseMode"),
        kind: Kind::Check { default: false },
    },
    Spec {
        opt: Opt::Variant,
        cecp: None,
        usi: Some("USI_Variant"),
        kind: Kind::Combo {
            default: "chushogi",
            choices: &["chushogi"],
        },
    },
];

/// The option a protocol names `name` (USI names are case-insensitive).
pub fn find(name: &str, usi: bool) -> Option<&'static Spec> {
    SPECS.iter().find(|s| {
        if usi {
            s.usi.is_some_and(|n| n.eq_ignore_ascii_case(name))
        } else {
            s.cecp == Some(name)
        }
    })
}

/// The spec of `opt`.
pub fn spec(opt: Opt) -> &'static Spec {
    SPECS
        .iter()
        .find(|s| s.opt == opt)
        .expect("every option has a spec")
}

/// Read `text` as a value of `spec`: a check is `true`/`false` (or CECP's
/// `1`/`0`), a spin an integer in range, a combo one of its choices.
pub fn parse(spec: &Spec, text: &str) -> Result<Value, String> {
    let text = text.trim();
    match spec.kind {
        Kind::Check { .. } => match text {
            "true" | "1" => Ok(Value::Bool(true)),
            "false" | "0" => Ok(Value::Bool(false)),
            _ => Err(format!("bad value, true or false: {text}")),
        },
        Kind::Spin { min, max, .. } => match text.parse::<i64>() {
            Ok(n) if (min..=max).contains(&n) => Ok(Value::Int(n)),
            _ => Err(format!("bad value, {min} to {max}: {text}")),
        },
        Kind::Combo { choices, .. } => choices
            .iter()
            .find(|c| c.eq_ignore_ascii_case(text))
            .map(|c| Value::Text(c))
            .ok_or_else(|| format!("bad value, one of {}: {text}", choices.join(", "))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_are_checked_against_their_ranges() {
        let contempt = spec(Opt::Contempt);
        assert_eq!(parse(contempt, "-30"), Ok(Value::Int(-30)));
        assert!(parse(contempt, "1001").is_err());
        assert!(parse(contempt, "x").is_err());
        let safe = spec(Opt::XboardSafe);
        assert_eq!(parse(safe, "0"), Ok(Value::Bool(false)));
        assert_eq!(parse(safe, "true"), Ok(Value::Bool(true)));
        assert!(parse(safe, "yes").is_err());
        assert_eq!(
            parse(spec(Opt::Rules), "Lishogi"),
            Ok(Value::Text("lishogi"))
        );
        assert!(parse(spec(Opt::Rules), "fide").is_err());
    }

    #[test]
    fn each_protocol_finds_its_own_names() {
        assert_eq!(find("usi_hash", true).map(|s| s.opt), Some(Opt::Hash));
        assert!(find("USI_Hash", false).is_none());
        assert_eq!(
            find("Okazaki rule", false).map(|s| s.opt),
            Some(Opt::Okazaki)
        );
        assert!(find("Okazaki rule", true).is_none());
        // Names within one protocol are unique.
        for s in SPECS {
            let same_cecp = SPECS
                .iter()
                .filter(|t| s.cecp.is_some() && t.cecp == s.cecp);
            assert_eq!(same_cecp.count(), usize::from(s.cecp.is_some()));
            let same_usi = SPECS.iter().filter(|t| s.usi.is_some() && t.usi == s.usi);
            assert_eq!(same_usi.count(), usize::from(s.usi.is_some()));
        }
    }
}
