//! The rule choices a variant makes: when promotion is offered, which
//! rule set it is played under, what the counter-strike rule bans, and
//! what a repetition means.

/// When a move offers promotion.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PromotionRule {
    /// Chu rule 4.1 (Japanese association), also Dai's: a non-capture
    /// entering the zone, a capture starting or ending in it, or a piece
    /// reaching a rank where it could never move again (`dead-ranks`).
    /// Always optional.
    Chu,
    /// Cashew: only a capture promotes, and then it must.
    CaptureForced,
    /// Macadamia: only a capture promotes; optional, but forced when a
    /// promoted piece was among the victims.
    Capture,
    /// Suzumu, Wa: any move starting or ending in the zone, passes and
    /// igui included; optional (but see `Variant::dead_ranks_forced`).
    StartOrEnd,
}

/// A rule set under which a variant is played. Kyodai's own rules are
/// `Standard`; another rule set is a variant section with `rules = NAME`
/// and `base = VARIANT` (`VariantSet::find_with`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Rules {
    /// The rules of docs/rules/VARIANT.md, as Kyodai plays them over CECP.
    #[default]
    Standard,
    /// lishogi's rules (its rules library shogiops; docs/rules/chu.md,
    /// "lishogi's rules"): Chu only.
    Lishogi,
    /// HaChu 0.21's rules: Tenjiku's simplified pieces (docs/rules/tenjiku.md
    /// 9.2) and Wa's promotion rule (docs/rules/wa.md 8.3).
    Hachu,
    /// Kyodai's Tenjiku with the Fire Demon sliding sideways instead of
    /// vertically (docs/rules/tenjiku.md 9.3).
    FdSideways,
    /// Kyodai's Tenjiku without the Fire Demon's and Vice General's pass
    /// by area move (docs/rules/tenjiku.md 9.4).
    NoAreaPass,
    /// Kyodai's Tenjiku with a General's jump victim of lower rank only
    /// (docs/rules/tenjiku.md 9.5).
    JumpLowerOnly,
    /// Kyodai's Tenjiku with promotion forced on the ranks a piece could
    /// never leave (docs/rules/tenjiku.md 9.6).
    ForcedPromotion,
}

impl Rules {
    /// Every rule set, `Standard` first: the `Rules` option's choices, in
    /// the order of `NAMES`.
    pub const ALL: [Rules; 7] = [
        Rules::Standard,
        Rules::Lishogi,
        Rules::Hachu,
        Rules::FdSideways,
        Rules::NoAreaPass,
        Rules::JumpLowerOnly,
        Rules::ForcedPromotion,
    ];

    /// The names of `ALL`, as `engine.ini`, the command line and the
    /// protocols write them.
    pub const NAMES: &'static [&'static str] = &[
        "standard",
        "lishogi",
        "hachu",
        "fd-sideways",
        "no-area-pass",
        "jump-lower-only",
        "forced-promotion",
    ];

    /// The rule set named in `engine.ini` and on the command line.
    pub fn parse(name: &str) -> Option<Rules> {
        Rules::ALL.into_iter().find(|r| r.name() == name)
    }

    pub fn name(self) -> &'static str {
        Rules::NAMES[self as usize]
    }
}

/// Which captures of a Lion by a non-Lion Chu's counter-strike rule (rule 2,
/// docs/rules/chu.md 5.4.2) bans on the move after a non-Lion took a Lion.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CounterStrike {
    /// Every such capture (HaChu, Kyodai's rules).
    Everywhere,
    /// All but a capture on the square where the Lion was just taken
    /// (lishogi: a Kirin that promoted there may be taken back).
    ExceptSameSquare,
}

/// What a repeated position means in a game (never applied in perft).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Repetition {
    /// A move that recreates an earlier position is illegal (Chu, HaChu).
    Strict,
    /// Cashew and Macadamia: the cycle decides. Perpetual check loses,
    /// then perpetual chasing loses, a quiet cycle is a draw, and
    /// otherwise the side that recreated the position loses
    /// (`repetition::verdict`).
    Perpetual,
    /// Nutty: as `Perpetual`, except that a cycle in which both sides
    /// attacked is drawn (docs/rules/nutty.md 6.4).
    PerpetualDraw,
    /// Suzumu: the fourth occurrence of a position draws; nothing is
    /// illegal.
    Fourfold,
    /// Wa: as `Fourfold`, but a side that gave check with every one of
    /// its moves of the cycle loses.
    FourfoldCheck,
    /// lishogi's Chu: the fourth occurrence of a position draws, unless
    /// one side attacked (gave check, or left the moved piece able to take
    /// an enemy piece) with every move since its first occurrence: that
    /// side loses. Nothing is illegal (`repetition::verdict`).
    FourfoldPerpetual,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::VariantSet;

    #[test]
    fn rule_sets_are_named_once_each() {
        assert_eq!(Rules::ALL.len(), Rules::NAMES.len());
        for (i, r) in Rules::ALL.into_iter().enumerate() {
            assert_eq!(r as usize, i);
            assert_eq!(Rules::parse(r.name()), Some(r));
        }
        assert_eq!(Rules::parse("fide"), None);
        // Every rule set but the default plays some variant.
        let set = VariantSet::builtin();
        for r in &Rules::ALL[1..] {
            assert!(set.other_rules.iter().any(|v| v.rules == *r), "{r:?}");
        }
    }
}
