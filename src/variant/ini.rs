//! Reading one `[section]` of `engine.ini`: its keys into a draft, which
//! `tables.rs` makes into a `Variant`.

use super::definition::Layout;
use super::rules::{CounterStrike, PromotionRule, Repetition, Rules};
use super::weights::EvalParams;
use crate::types::MAX_SIDE;

/// `;` and `#` start comments, except inside a FEN or XBetza field where `#`
/// never occurs in practice; `;` is the only comment marker after text.
pub(super) fn strip_comment(line: &str) -> &str {
    let t = line.trim_start();
    if t.starts_with('#') || t.starts_with(';') {
        return "";
    }
    match line.find(" ;") {
        Some(i) => &line[..i],
        None => line,
    }
}

#[derive(Clone)]
pub(super) struct PieceDraft {
    pub(super) token: String,
    pub(super) name: String,
    pub(super) xbetza: String,
    pub(super) movement: String,
    pub(super) promotes_to: Option<String>,
    pub(super) contagion: Option<String>,
    pub(super) flags: Vec<String>,
}

#[derive(Clone)]
pub(super) struct Draft {
    pub(super) name: String,
    pub(super) title: String,
    pub(super) aliases: Vec<String>,
    /// The variant this section started as a copy of (`base =`).
    pub(super) base: Option<String>,
    pub(super) rules: Rules,
    pub(super) size: Option<(usize, usize)>,
    pub(super) zone: usize,
    pub(super) promotion: PromotionRule,
    pub(super) lion_trading: bool,
    pub(super) learned_placement: bool,
    pub(super) counter_strike: CounterStrike,
    pub(super) lenient_lion_rules: bool,
    pub(super) repetition: Repetition,
    pub(super) bare_king: bool,
    pub(super) kings_only_draw: bool,
    pub(super) no_double_pass: bool,
    pub(super) dead_ranks_forced: bool,
    pub(super) burn_on_promotion: bool,
    pub(super) captured_demons_burn: bool,
    pub(super) own_demons_burn: bool,
    pub(super) native: bool,
    pub(super) start: Option<String>,
    pub(super) hachu_start: Option<String>,
    pub(super) start_name: Option<String>,
    pub(super) layouts: Vec<Layout>,
    pub(super) pieces: Vec<PieceDraft>,
    pub(super) eval: EvalParams,
}

pub(super) fn yes_no(v: &str) -> Result<bool, String> {
    match v {
        "yes" | "true" | "1" => Ok(true),
        "no" | "false" | "0" => Ok(false),
        _ => Err(format!("expected yes or no, got '{v}'")),
    }
}

impl Draft {
    pub(super) fn new(name: &str) -> Draft {
        Draft {
            name: name.to_ascii_lowercase(),
            title: name.to_string(),
            aliases: Vec::new(),
            base: None,
            rules: Rules::Standard,
            size: None,
            zone: 0,
            promotion: PromotionRule::Chu,
            lion_trading: false,
            learned_placement: true,
            counter_strike: CounterStrike::Everywhere,
            lenient_lion_rules: true,
            repetition: Repetition::Strict,
            bare_king: false,
            kings_only_draw: false,
            no_double_pass: false,
            dead_ranks_forced: false,
            burn_on_promotion: true,
            captured_demons_burn: false,
            own_demons_burn: false,
            native: false,
            start: None,
            hachu_start: None,
            start_name: None,
            layouts: Vec::new(),
            pieces: Vec::new(),
            eval: EvalParams::default(),
        }
    }

    pub(super) fn answers_to(&self, name: &str) -> bool {
        let n = name.to_ascii_lowercase();
        self.name == n || self.aliases.contains(&n)
    }

    /// Become a copy of `base` (`base = NAME`), keeping this section's
    /// own name.
    pub(super) fn copy_of(&mut self, base: &Draft) {
        let name = std::mem::take(&mut self.name);
        *self = Draft {
            name,
            base: Some(base.name.clone()),
            ..base.clone()
        };
    }

    pub(super) fn set(&mut self, key: &str, value: &str) -> Result<(), String> {
        match key {
            "name" => self.title = value.to_string(),
            "aliases" => {
                self.aliases = value
                    .split([',', ' '])
                    .filter(|s| !s.is_empty())
                    .map(|s| s.to_ascii_lowercase())
                    .collect()
            }
            "board" => {
                let (w, h) = value.split_once('x').ok_or("board must be WxH")?;
                let w: usize = w.trim().parse().map_err(|_| "bad board width")?;
                let h: usize = h.trim().parse().map_err(|_| "bad board height")?;
                if !(1..=MAX_SIDE).contains(&w) || !(1..=MAX_SIDE).contains(&h) {
                    return Err(format!("board sides must be 1..{MAX_SIDE}"));
                }
                self.size = Some((w, h));
            }
            "zone" => self.zone = value.parse().map_err(|_| "bad zone depth")?,
            "promotion" => {
                self.promotion = match value {
                    "chu" => PromotionRule::Chu,
                    "capture-forced" => PromotionRule::CaptureForced,
                    "capture" => PromotionRule::Capture,
                    "start-or-end" => PromotionRule::StartOrEnd,
                    _ => return Err(format!("unknown promotion rule '{value}'")),
                }
            }
            "lion-trading" => self.lion_trading = yes_no(value)?,
            "learned-placement" => self.learned_placement = yes_no(value)?,
            "counter-strike" => {
                self.counter_strike = match value {
                    "everywhere" => CounterStrike::Everywhere,
                    "except-same-square" => CounterStrike::ExceptSameSquare,
                    _ => return Err(format!("unknown counter-strike rule '{value}'")),
                }
            }
            "lenient-lion-rules" => self.lenient_lion_rules = yes_no(value)?,
            "repetition" => {
                self.repetition = match value {
                    "strict" => Repetition::Strict,
                    "perpetual" => Repetition::Perpetual,
                    "perpetual-draw" => Repetition::PerpetualDraw,
                    "fourfold" => Repetition::Fourfold,
                    "fourfold-check" => Repetition::FourfoldCheck,
                    "fourfold-perpetual" => Repetition::FourfoldPerpetual,
                    _ => return Err(format!("unknown repetition rule '{value}'")),
                }
            }
            "bare-king" => self.bare_king = yes_no(value)?,
            "kings-only-draw" => self.kings_only_draw = yes_no(value)?,
            "rules" => {
                self.rules =
                    Rules::parse(value).ok_or_else(|| format!("unknown rule set '{value}'"))?
            }
            "native" => self.native = yes_no(value)?,
            "consecutive-passes" => self.no_double_pass = !yes_no(value)?,
            "dead-ranks-forced" => self.dead_ranks_forced = yes_no(value)?,
            "burn-on-promotion" => self.burn_on_promotion = yes_no(value)?,
            "captured-demons-burn" => self.captured_demons_burn = yes_no(value)?,
            "own-demons-burn" => self.own_demons_burn = yes_no(value)?,
            "start" => self.start = Some(value.to_string()),
            "hachu-start" => self.hachu_start = Some(value.to_string()),
            "start-name" => self.start_name = Some(value.to_string()),
            "layout" => {
                let (name, fen) = value
                    .split_once(':')
                    .ok_or_else(|| format!("layout needs NAME: FEN, got '{value}'"))?;
                self.layouts.push(Layout {
                    name: name.trim().to_string(),
                    fen: fen.trim().to_string(),
                });
            }
            "piece" => {
                let f: Vec<&str> = value.split('|').map(str::trim).collect();
                if f.len() != 6 {
                    return Err(format!(
                        "piece needs 6 fields separated by |, got {}",
                        f.len()
                    ));
                }
                let opt = |s: &str| (!s.is_empty() && s != "-").then(|| s.to_ascii_uppercase());
                let flags: Vec<String> = f[5].split_whitespace().map(str::to_string).collect();
                // Flags naming other pieces are resolved when the section
                // is complete.
                let contagion = flags
                    .iter()
                    .find_map(|f| f.strip_prefix("contagion="))
                    .map(str::to_ascii_uppercase);
                let draft = PieceDraft {
                    token: f[0].to_ascii_uppercase(),
                    name: f[1].to_string(),
                    xbetza: f[2].to_string(),
                    movement: if f[3] == "-" {
                        String::new()
                    } else {
                        f[3].to_string()
                    },
                    promotes_to: opt(f[4]),
                    contagion,
                    flags,
                };
                // Another rule set of a variant redefines its base's piece.
                match self.pieces.iter_mut().find(|p| p.token == draft.token) {
                    Some(p) if self.base.is_some() => *p = draft,
                    _ => self.pieces.push(draft),
                }
            }
            _ => match key.strip_prefix("eval-") {
                Some(name) => self.eval.set(name, value)?,
                None => return Err(format!("unknown key '{key}'")),
            },
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use crate::variant::{MAX_PIECE_VALUE, VariantSet};

    #[test]
    fn rejects_broken_ini() {
        assert!(VariantSet::parse("").is_err());
        assert!(VariantSet::parse("board = 12x12").is_err());
        assert!(VariantSet::parse("[x]\nboard = 20x20\n").is_err());
        assert!(
            VariantSet::parse(
                "[x]\nboard = 3x3\nstart = 3/3/3 w\npiece = K | King | K | K | +Z | royal\n"
            )
            .is_err()
        );
        assert!(
            VariantSet::parse(
                "[x]\nboard = 3x3\nstart = 3/3/3 w\npiece = K | King | K | Y | - | royal\n"
            )
            .is_err()
        );
        assert!(
            VariantSet::parse(
                "[x]\nboard = 3x3\nstart = 3/3/3 w\npiece = K | King | K | K | - | flying\n"
            )
            .is_err()
        );
        let zone = |depth: u32| {
            VariantSet::parse(&format!(
                "[x]\nboard = 3x3\nzone = {depth}\nstart = k2/3/2K w\npiece = K | King | K | K | - | royal\n"
            ))
        };
        let valued = |value: &str| {
            VariantSet::parse(&format!(
                "[x]\nboard = 3x3\nstart = k2/3/2K w\npiece = K | King | K | K | - | royal\n\
                 piece = G | Gold | WfF | WfF | - | value={value}\n"
            ))
        };
        assert!(valued("0").is_ok() && valued(&MAX_PIECE_VALUE.to_string()).is_ok());
        for bad in ["-1", "50001", "2147483648", "x"] {
            let e = valued(bad).err().unwrap_or_default();
            assert!(e.contains(&format!("bad value '{bad}'")), "{bad}: {e}");
        }
        assert!(zone(3).is_ok());
        let deep = zone(4).err().unwrap_or_default();
        assert!(
            deep.contains("zone depth 4 is deeper than the board's 3 ranks"),
            "{deep}"
        );
    }
}
