//! A draft made into a `Variant`: checked, its pieces compiled, and the
//! tables built once at start-up (squares, zones, far ranks, leap deltas,
//! layouts).

use super::compile::compile_piece;
use super::definition::{Layout, Variant};
use super::ini::Draft;
use super::piece::{Burn, Power};
use super::rules::Rules;
use crate::types::{CELLS, Color, Kind, MAX_KINDS, Square};
use std::sync::OnceLock;

impl Draft {
    /// The variant this section describes, or what is wrong with it.
    pub(super) fn finish(mut self) -> Result<Variant, String> {
        let ctx = |e: String| format!("variant {}: {e}", self.name);
        if self.rules != Rules::Standard {
            // Another rule set of the same game goes by the game's name.
            let base = self.base.take().ok_or_else(|| {
                ctx(format!(
                    "rules = {} needs base = VARIANT",
                    self.rules.name()
                ))
            })?;
            self.name = base;
        }
        let ctx = |e: String| format!("variant {}: {e}", self.name);
        let (width, height) = self.size.ok_or_else(|| ctx("no board size".into()))?;
        // Each side's zone lies within the board (found by fuzzing: a
        // deeper one made the evaluation tables' rank arithmetic overflow).
        if self.zone > height {
            return Err(ctx(format!(
                "zone depth {} is deeper than the board's {height} ranks",
                self.zone
            )));
        }
        if self.pieces.is_empty() || self.pieces.len() > MAX_KINDS {
            return Err(ctx(format!("needs 1..{MAX_KINDS} piece types")));
        }
        let mut pieces = Vec::new();
        for d in &self.pieces {
            pieces.push(compile_piece(d).map_err(|e| ctx(format!("piece {}: {e}", d.token)))?);
        }
        // A token another piece's field names.
        let kind_named = |token: &str, named_by: &str, field: &str| {
            self.pieces
                .iter()
                .position(|p| p.token == token)
                .map(|k| k as Kind)
                .ok_or_else(|| ctx(format!("piece {named_by} {field} unknown {token}")))
        };
        for (i, d) in self.pieces.iter().enumerate() {
            if self.pieces[..i].iter().any(|o| o.token == d.token) {
                return Err(ctx(format!("piece {} defined twice", d.token)));
            }
            if let Some(t) = &d.promotes_to {
                let k = kind_named(t, &d.token, "promotes to")?;
                pieces[i].promotes_to = Some(k);
                pieces[k as usize].promoted = true;
            }
            if let Some(t) = &d.contagion {
                pieces[i].contagion = Some(kind_named(t, &d.token, "converts to")?);
            }
            if let Some(slot) = pieces[i].slot
                && pieces[..i].iter().any(|p| p.slot == Some(slot))
            {
                return Err(ctx(format!("two pieces in XBoard slot {slot}")));
            }
        }
        // A piece promoting into a burning Demon burns on promotion (the
        // Nutty Buffalo), which the attack test must see.
        for i in 0..pieces.len() {
            if let Some(k) = pieces[i].promotes_to
                && pieces[k as usize].burn == Burn::Auto
                && self.burn_on_promotion
            {
                pieces[i].special = true;
                pieces[i].burns = true;
            }
        }
        let mut squares = Vec::new();
        let mut in_zone = [vec![false; CELLS], vec![false; CELLS]];
        let mut far_rank = [vec![0u8; CELLS], vec![0u8; CELLS]];
        for rank in 0..height {
            for file in 0..width {
                let sq = Square::new(file, rank);
                squares.push(sq);
                in_zone[0][sq.index()] = rank >= height - self.zone.min(height);
                in_zone[1][sq.index()] = rank < self.zone;
                far_rank[0][sq.index()] = (height - 1 - rank) as u8;
                far_rank[1][sq.index()] = rank as u8;
            }
        }
        let mut leap_deltas = [Vec::new(), Vec::new()];
        for p in &pieces {
            for c in Color::BOTH {
                for &d in p.leaps(c) {
                    if !leap_deltas[c.index()].contains(&d) {
                        leap_deltas[c.index()].push(d);
                    }
                }
            }
        }
        let has_power = |f: fn(Power) -> bool| pieces.iter().any(|p| f(p.power));
        let has_wolves = has_power(|p| p == Power::Wolf);
        let has_emperor = has_power(|p| p == Power::Emperor);
        let has_freezers = pieces.iter().any(|p| p.freezes);
        let auto_burn = pieces.iter().any(|p| p.burn == Burn::Auto);
        let capture_chains = pieces
            .iter()
            .any(|p| p.area > 0 || p.burn != Burn::None || p.jump.is_some_and(|j| j.take_jumped));
        let start_fen = self.start.ok_or_else(|| ctx("no start position".into()))?;
        let mut layouts = self.layouts;
        if !layouts.is_empty() {
            let name = self.start_name.unwrap_or_else(|| "standard".to_string());
            layouts.insert(
                0,
                Layout {
                    name,
                    fen: start_fen.clone(),
                },
            );
        }
        let mut variant = Variant {
            name: self.name,
            title: self.title,
            aliases: self.aliases,
            width,
            height,
            zone: self.zone,
            promotion: self.promotion,
            lion_trading: self.lion_trading,
            learned_placement: self.learned_placement,
            counter_strike: self.counter_strike,
            lenient_lion_rules: self.lenient_lion_rules,
            repetition: self.repetition,
            bare_king: self.bare_king,
            kings_only_draw: self.kings_only_draw,
            rules: self.rules,
            native: self.native,
            start_fen,
            hachu_start_fen: self.hachu_start,
            layouts,
            pieces,
            squares,
            leap_deltas,
            placement: OnceLock::new(),
            pairs: OnceLock::new(),
            eval: self.eval,
            xboard_lion: None,
            has_wolves,
            has_emperor,
            has_freezers,
            capture_chains,
            auto_burn,
            no_double_pass: self.no_double_pass,
            dead_ranks_forced: self.dead_ranks_forced,
            burn_on_promotion: self.burn_on_promotion,
            captured_demons_burn: self.captured_demons_burn,
            own_demons_burn: self.own_demons_burn,
            in_zone,
            far_rank,
        };
        if variant.lion_trading {
            variant.xboard_lion = variant.kind("N");
        }
        Ok(variant)
    }
}

#[cfg(test)]
mod tests {
    use crate::variant::VariantSet;

    #[test]
    fn capture_chains_mark_the_tenjiku_family() {
        let set = VariantSet::builtin();
        for (name, chains) in [
            ("chu", false),
            ("dai", false),
            ("cashew", false),
            ("macadamia", false),
            ("nutty", true),
            ("suzumu", true),
        ] {
            assert_eq!(set.find(name).unwrap().capture_chains, chains, "{name}");
        }
    }
}
