//! A piece's movement compiled: its Betza lines into rays for both
//! colours, its flags into powers, and the squares its power covers.

use super::ini::{PieceDraft, yes_no};
use super::piece::{Burn, Jump, MAX_PIECE_VALUE, PieceType, Power, Ray, UNLIMITED, unpack};
use crate::betza;
use crate::types::{Color, KING_STEPS, delta};

/// Rays for both colours: Black's are White's turned by 180 degrees.
fn rays_for(lines: &[betza::Line]) -> [Vec<Ray>; 2] {
    let make = |sign: i32| {
        lines
            .iter()
            .map(|l| Ray {
                delta: delta(sign * l.dx, sign * l.dy),
                range: l.range,
                can_move: l.can_move,
                can_capture: l.can_capture,
                skip_first: l.skip_first,
                covered: 0,
            })
            .collect()
    };
    [make(1), make(-1)]
}

pub(super) fn compile_piece(d: &PieceDraft) -> Result<PieceType, String> {
    let lines = betza::parse(&d.movement)?;
    if lines
        .iter()
        .any(|l| l.dx.abs().max(l.dy.abs()) > crate::types::PAD as i32)
    {
        return Err("leap longer than the board padding".into());
    }
    let mut p = PieceType {
        token: d.token.clone(),
        name: d.name.clone(),
        xbetza: d.xbetza.clone(),
        promotes_to: None,
        promoted: false,
        royal: false,
        power: Power::None,
        dead_ranks: 0,
        bridge: false,
        contagion: None,
        slot: None,
        hachu_misplays: false,
        area: 0,
        area_pass: true,
        burn: Burn::None,
        igui: 0,
        jump: None,
        rank: 0,
        freezes: false,
        special: false,
        burns: false,
        striker: false,
        rays_only: false,
        value: 0,
        rays: rays_for(&lines),
        stings: [Vec::new(), Vec::new()],
        reach: [[0; 8]; 2],
        leaps: [Vec::new(), Vec::new()],
    };
    for c in Color::BOTH {
        for r in &p.rays[c.index()] {
            if !r.can_capture || r.skip_first {
                continue;
            }
            match KING_STEPS.iter().position(|&d| d == r.delta) {
                Some(i) => p.reach[c.index()][i] = if r.range == 0 { UNLIMITED } else { r.range },
                None if r.range == 1 => p.leaps[c.index()].push(r.delta),
                None => return Err("riders on leaps (e.g. NN) are not supported".into()),
            }
        }
    }
    let mut value = None;
    for flag in &d.flags {
        let (name, arg) = flag
            .split_once('=')
            .map_or((flag.as_str(), None), |(a, b)| (a, Some(b)));
        match (name, arg) {
            ("royal", None) => p.royal = true,
            ("lion", None) => p.power = Power::Lion,
            ("wolf", None) => p.power = Power::Wolf,
            ("hook", Some("R")) => p.power = Power::Hook { diagonal: false },
            ("hook", Some("B")) => p.power = Power::Hook { diagonal: true },
            ("emperor", None) => p.power = Power::Emperor,
            ("lion", Some("F")) => p.power = Power::DiagonalLion,
            ("area", Some(n)) => p.area = small_number(n, "area", 3)?,
            ("area-pass", Some(v)) => {
                p.area_pass = yes_no(v).map_err(|e| format!("area-pass: {e}"))?
            }
            ("burn", Some("auto")) => p.burn = Burn::Auto,
            ("burn", Some("2")) => p.burn = Burn::Choose,
            ("igui", Some(n)) => p.igui = small_number(n, "igui", 2)?,
            ("jump", Some(n)) => {
                let max = if n == "any" {
                    0
                } else {
                    small_number(n, "jump", 8)?
                };
                let j = p.jump.unwrap_or_default();
                p.jump = Some(Jump { max, ..j });
            }
            ("take-jumped", None) => {
                let j = p.jump.unwrap_or_default();
                p.jump = Some(Jump {
                    take_jumped: true,
                    ..j
                });
            }
            ("jump-victims", Some("lower")) => {
                let j = p.jump.unwrap_or_default();
                p.jump = Some(Jump {
                    lower_victims: true,
                    ..j
                });
            }
            ("rank", Some(n)) => p.rank = small_number(n, "rank", 100)?,
            ("freeze", None) => p.freezes = true,
            ("dead-ranks", Some(n)) => {
                p.dead_ranks = n.parse().map_err(|_| format!("bad dead-ranks '{n}'"))?
            }
            ("bridge", None) => p.bridge = true,
            ("contagion", Some(_)) => {}
            ("hachu-misplays", None) => p.hachu_misplays = true,
            ("slot", Some(n)) => {
                let slot: u8 = n.parse().map_err(|_| format!("bad slot '{n}'"))?;
                if slot > 65 {
                    return Err(format!("XBoard slot {slot} is not 0-65"));
                }
                p.slot = Some(slot);
            }
            ("sting", Some(b)) => {
                let steps = betza::parse(b)?;
                if steps
                    .iter()
                    .any(|l| l.range != 1 || l.dx.abs().max(l.dy.abs()) != 1)
                {
                    return Err("sting directions must be single steps".into());
                }
                let r = rays_for(&steps);
                p.stings = [
                    r[0].iter().map(|r| r.delta).collect(),
                    r[1].iter().map(|r| r.delta).collect(),
                ];
            }
            ("value", Some(v)) => match v.parse::<i32>() {
                Ok(n) if (0..=MAX_PIECE_VALUE).contains(&n) => value = Some(n),
                _ => {
                    return Err(format!(
                        "bad value '{v}' (a whole number of centipawns, 0 to {MAX_PIECE_VALUE})"
                    ));
                }
            },
            _ => return Err(format!("unknown flag '{flag}'")),
        }
    }
    if p.royal {
        p.rank = u8::MAX;
    }
    if p.jump.is_some() && !flag_named(&d.flags, "jump") {
        return Err("take-jumped or jump-victims without jump=".into());
    }
    if flag_named(&d.flags, "area-pass") && p.area == 0 {
        return Err("area-pass without area=".into());
    }
    for rays in &mut p.rays {
        let leaps: Vec<Ray> = rays.iter().filter(|r| r.range == 1).copied().collect();
        for r in rays.iter_mut() {
            r.covered = covered_squares(p.power, p.area, r, &leaps);
        }
    }
    p.special = p.area > 0
        || p.burn != Burn::None
        || p.igui > 0
        || p.jump.is_some()
        || p.rays[0].iter().any(|r| r.skip_first);
    p.burns = p.burn != Burn::None;
    p.striker = p.power == Power::Lion || p.burn != Burn::None;
    p.rays_only =
        p.power == Power::None && p.stings.iter().all(Vec::is_empty) && p.area == 0 && p.igui == 0;
    p.value = value.unwrap_or_else(|| p.mobility_value());
    Ok(p)
}

fn small_number(n: &str, flag: &str, max: u8) -> Result<u8, String> {
    n.parse::<u8>()
        .ok()
        .filter(|v| (1..=max).contains(v))
        .ok_or_else(|| format!("bad {flag} '{n}'"))
}

fn flag_named(flags: &[String], name: &str) -> bool {
    flags
        .iter()
        .any(|f| f.split_once('=').is_some_and(|(a, _)| a == name))
}

/// The squares of `ray` (bit n-1 for the n-th) that the piece reaches
/// whatever stands between: by its power (a Lion every square within king
/// distance 2, a Wolf the first three squares of a king line, an area move
/// the neighbours) or by one of its `leaps` with the same modes.
fn covered_squares(power: Power, area: u8, ray: &Ray, leaps: &[Ray]) -> u8 {
    let (dx, dy) = unpack(ray.delta);
    let step = dx.abs().max(dy.abs());
    let king_line = step == 1;
    let leading = match power {
        Power::Lion => (2 / step) as u8,
        Power::Wolf if king_line => 3,
        _ if area > 0 && king_line => 1,
        _ => 0,
    };
    let mut mask = ((1u16 << leading) - 1) as u8;
    if ray.range != 1 && !ray.skip_first {
        for n in 2..=3 {
            let by_leap = leaps.iter().any(|l| {
                l.delta == n * ray.delta
                    && (l.can_move, l.can_capture) == (ray.can_move, ray.can_capture)
            });
            if by_leap {
                mask |= 1 << (n - 1);
            }
        }
    }
    mask
}

#[cfg(test)]
mod tests {
    use crate::variant::VariantSet;

    #[test]
    fn area_pass_is_checked() {
        let demon = |flags: &str| {
            VariantSet::parse(&format!(
                "[x]\nboard = 5x5\nstart = k4/5/2D2/5/4K w\npiece = K | King | K | K | - | royal\n\
                 piece = D | Demon | K | K | - | {flags}\n"
            ))
        };
        let d = demon("area=3 area-pass=no").expect("valid");
        let t = d.variants[0].piece(d.variants[0].kind("D").unwrap());
        assert!(t.area == 3 && !t.area_pass);
        let d = demon("area=2").expect("valid");
        assert!(d.variants[0].piece(1).area_pass);
        for (flags, why) in [
            ("area-pass=no", "area-pass without area="),
            ("area=3 area-pass=maybe", "area-pass: expected yes or no"),
        ] {
            let e = demon(flags).err().unwrap_or_default();
            assert!(e.contains(why), "{flags}: {e}");
        }
    }
}
