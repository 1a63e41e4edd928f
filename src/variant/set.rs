//! The variants of one ini file, the built-in set, and finding a variant
//! by name and rule set.

use super::definition::Variant;
use super::ini::{Draft, strip_comment};
use super::rules::Rules;
use once_cell::sync::Lazy;

/// All variants of one ini file.
#[derive(Clone, Debug)]
pub struct VariantSet {
    /// The variants under Kyodai's own rules: the ones every list shows.
    pub variants: Vec<Variant>,
    /// Variants under another rule set (`Rules`), each named as its base
    /// variant; only `find_with` finds them.
    pub other_rules: Vec<Variant>,
}

/// The ini compiled into the binary.
pub const BUILTIN_INI: &str = include_str!("../../engine.ini");

/// The built-in variants, parsed once per process.
static BUILTIN: Lazy<VariantSet> = Lazy::new(|| {
    // The built-in data is checked by the test suite; failing here is a
    // build defect, not an input error.
    VariantSet::parse(BUILTIN_INI).expect("built-in engine.ini is valid")
});

impl VariantSet {
    pub fn builtin() -> &'static VariantSet {
        &BUILTIN
    }

    pub fn find(&self, name: &str) -> Option<&Variant> {
        self.variants.iter().find(|v| v.answers_to(name))
    }

    /// The variant `name` (or an alias) under `rules`: the variant itself
    /// for `Rules::Standard`, else its section with that rule set (`None`
    /// where the rule set does not play the variant: lishogi plays Chu
    /// only).
    pub fn find_with(&self, name: &str, rules: Rules) -> Option<&Variant> {
        let base = self.find(name)?;
        match rules {
            Rules::Standard => Some(base),
            _ => self
                .other_rules
                .iter()
                .find(|v| v.rules == rules && v.name == base.name),
        }
    }

    /// `find_with`, or an error naming the variants `rules` plays (the
    /// command line's `--rules`, `kyodai match -rules`).
    pub fn find_under(&self, name: &str, rules: Rules) -> Result<&Variant, String> {
        self.find_with(name, rules).ok_or_else(|| {
            let covered: Vec<&str> = self
                .other_rules
                .iter()
                .filter(|v| v.rules == rules)
                .map(|v| v.name.as_str())
                .collect();
            format!(
                "{name} has no such rule set ({} plays only {})",
                rules.name(),
                covered.join(", ")
            )
        })
    }

    /// The variants by name, each with its shortest alias where that is
    /// shorter still: `chu, dai, cashew-shogi (cashew), ...` (help texts and
    /// unknown-variant errors).
    pub fn names(&self) -> String {
        let named: Vec<String> = self
            .variants
            .iter()
            .map(|v| match v.aliases.iter().min_by_key(|a| a.len()) {
                Some(short) if short.len() < v.name.len() => format!("{} ({short})", v.name),
                _ => v.name.clone(),
            })
            .collect();
        named.join(", ")
    }

    pub fn parse(text: &str) -> Result<VariantSet, String> {
        let mut drafts: Vec<Draft> = Vec::new();
        for (n, raw) in text.lines().enumerate() {
            let line = strip_comment(raw).trim();
            if line.is_empty() {
                continue;
            }
            let at = |e: String| format!("engine.ini line {}: {e}", n + 1);
            if let Some(name) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
                drafts.push(Draft::new(name.trim()));
                continue;
            }
            let (key, value) = line
                .split_once('=')
                .ok_or_else(|| at(format!("expected key = value, got '{line}'")))?;
            let (key, value) = (key.trim(), value.trim());
            let (draft, earlier) = drafts
                .split_last_mut()
                .ok_or_else(|| at("key outside a [variant] section".into()))?;
            if key == "base" {
                let base = earlier
                    .iter()
                    .find(|d| d.rules == Rules::Standard && d.answers_to(value))
                    .ok_or_else(|| at(format!("base: no variant '{value}' defined before")))?;
                draft.copy_of(base);
                continue;
            }
            draft.set(key, value).map_err(at)?;
        }
        let (mut variants, mut other_rules) = (Vec::new(), Vec::new());
        for draft in drafts {
            let v = draft.finish()?;
            if v.rules == Rules::Standard {
                variants.push(v);
            } else {
                other_rules.push(v);
            }
        }
        if variants.is_empty() {
            return Err("engine.ini defines no variant".into());
        }
        Ok(VariantSet {
            variants,
            other_rules,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builtin_chu_has_all_pieces() {
        let set = VariantSet::builtin();
        let chu = set.find("chu").unwrap();
        assert_eq!((chu.width, chu.height, chu.zone), (12, 12, 4));
        let base = chu.pieces.iter().filter(|p| !p.promoted).count();
        let promoted = chu.pieces.iter().filter(|p| p.promoted).count();
        assert_eq!((base, promoted), (21, 18));
        assert!(chu.piece(chu.kind("+E").unwrap()).royal);
        assert!(!chu.piece(chu.kind("+I").unwrap()).royal);
        assert!(chu.piece(chu.kind("+O").unwrap()).is_lion());
    }
}
