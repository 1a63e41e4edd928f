//! Variants as data: `engine.ini` is parsed into `Variant`s, and each piece's
//! movement is compiled into mailbox rays at load time so that move
//! generation only walks precomputed tables.
//!
//! File format (one section per variant):
//!
//! ```text
//! [chu]                       ; the CECP name
//! name = Chu Shogi
//! aliases = chushogi          ; more names accepted on the command line
//! board = 12x12
//! zone = 4                    ; promotion-zone depth in ranks
//! promotion = chu             ; promotion rule (see `PromotionRule`)
//! lion-trading = yes          ; Chu's Lion-trading rules
//! repetition = strict         ; see `Repetition`
//! native = yes                ; XBoard knows the variant: no `setup`
//! start = <FEN>
//! piece = TOKEN | Name | XBetza for the GUI | movement | promotes to | flags
//! ```
//!
//! Movement is the Betza subset of `betza.rs`. Flags: `royal`; `lion` (full
//! Lion power, and a Lion for the trading rules); `sting=<betza>` (limited
//! Lion power along the given step directions: Horned Falcon, Soaring
//! Eagle); `last-rank` (may promote on reaching the last rank: Pawn, Lance);
//! `bridge` (a worthless first victim for Lion-trading rule 1);
//! `value=<centipawns>`.

use crate::betza;
use crate::types::{CELLS, Color, KING_STEPS, Kind, MAX_KINDS, MAX_SIDE, Square, delta};
use once_cell::sync::Lazy;

/// When a move offers promotion.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PromotionRule {
    /// Chu rule 4.1 (Japanese association): a non-capture entering the zone,
    /// a capture starting or ending in it, or a `last-rank` piece reaching
    /// the last rank. Always optional.
    Chu,
}

/// What a repeated position means in a game (never applied in perft).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Repetition {
    /// A move that recreates an earlier position is illegal (Chu, HaChu).
    Strict,
}

/// A special power implemented in code and named in the data.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Power {
    None,
    /// Two king steps a turn: step, jump to distance 2, igui, hit and run,
    /// double capture, pass.
    Lion,
}

/// A mailbox ray: a direction and how far a piece may go along it.
#[derive(Clone, Copy, Debug)]
pub struct Ray {
    pub delta: i32,
    /// 0 = unlimited.
    pub range: u8,
    pub can_move: bool,
    pub can_capture: bool,
}

#[derive(Clone, Debug)]
pub struct PieceType {
    /// Upper-case token as in FEN: `K`, `+H`, `N'`.
    pub token: String,
    pub name: String,
    /// XBetza for XBoard's `piece` command.
    pub xbetza: String,
    pub promotes_to: Option<Kind>,
    /// This type is the promoted form of another.
    pub promoted: bool,
    pub royal: bool,
    pub power: Power,
    pub last_rank: bool,
    pub bridge: bool,
    pub value: i32,
    rays: [Vec<Ray>; 2],
    /// Step deltas with limited Lion power, per colour.
    stings: [Vec<i32>; 2],
    /// How far the piece captures along each of `KING_STEPS` (0 = not at
    /// all, `UNLIMITED`), per colour: the attack test walks out from the
    /// target and asks the first piece met.
    reach: [[u8; 8]; 2],
    /// Capturing leaps that are not king steps (Kirin's D, Phoenix's A),
    /// per colour.
    leaps: [Vec<i32>; 2],
}

/// `reach` value of an unlimited slide.
pub const UNLIMITED: u8 = u8::MAX;

impl PieceType {
    #[inline]
    pub fn rays(&self, color: Color) -> &[Ray] {
        &self.rays[color.index()]
    }

    #[inline]
    pub fn stings(&self, color: Color) -> &[i32] {
        &self.stings[color.index()]
    }

    #[inline]
    pub fn reach(&self, color: Color, direction: usize) -> u8 {
        self.reach[color.index()][direction]
    }

    #[inline]
    pub fn leaps(&self, color: Color) -> &[i32] {
        &self.leaps[color.index()]
    }

    /// A Lion for Chu's trading rules (the Lion and the promoted Kirin).
    #[inline]
    pub fn is_lion(&self) -> bool {
        self.power == Power::Lion
    }
}

#[derive(Clone, Debug)]
pub struct Variant {
    /// CECP name (`chu`, `cashew-shogi`).
    pub name: String,
    pub title: String,
    pub aliases: Vec<String>,
    pub width: usize,
    pub height: usize,
    pub zone: usize,
    pub promotion: PromotionRule,
    pub lion_trading: bool,
    pub repetition: Repetition,
    /// XBoard knows the variant natively (no `setup`/`piece` lines).
    pub native: bool,
    pub start_fen: String,
    pub pieces: Vec<PieceType>,
    /// Every on-board square, rank by rank from a1.
    pub squares: Vec<Square>,
    /// Every capturing leap delta of any piece, per colour.
    pub leap_deltas: [Vec<i32>; 2],
    /// Placement score of each coloured piece on each cell
    /// (`eval::placement_scores`).
    pub placement: Vec<i16>,
    /// `in_zone[color][cell]`.
    in_zone: [Vec<bool>; 2],
    /// `last_rank[color][cell]`.
    last_rank: [Vec<bool>; 2],
}

impl Variant {
    pub fn kind(&self, token: &str) -> Option<Kind> {
        let upper = token.to_ascii_uppercase();
        self.pieces
            .iter()
            .position(|p| p.token == upper)
            .map(|k| k as Kind)
    }

    #[inline]
    pub fn piece(&self, kind: Kind) -> &PieceType {
        &self.pieces[kind as usize]
    }

    #[inline]
    pub fn in_zone(&self, color: Color, sq: Square) -> bool {
        self.in_zone[color.index()][sq.index()]
    }

    #[inline]
    pub fn is_last_rank(&self, color: Color, sq: Square) -> bool {
        self.last_rank[color.index()][sq.index()]
    }

    pub fn answers_to(&self, name: &str) -> bool {
        let n = name.to_ascii_lowercase();
        self.name == n || self.aliases.contains(&n)
    }
}

/// All variants of one ini file.
#[derive(Clone, Debug)]
pub struct VariantSet {
    pub variants: Vec<Variant>,
}

/// The ini compiled into the binary.
pub const BUILTIN_INI: &str = include_str!("../engine.ini");

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
            let draft = drafts
                .last_mut()
                .ok_or_else(|| at("key outside a [variant] section".into()))?;
            let (key, value) = line
                .split_once('=')
                .ok_or_else(|| at(format!("expected key = value, got '{line}'")))?;
            draft.set(key.trim(), value.trim()).map_err(at)?;
        }
        let variants = drafts
            .into_iter()
            .map(Draft::finish)
            .collect::<Result<Vec<_>, _>>()?;
        if variants.is_empty() {
            return Err("engine.ini defines no variant".into());
        }
        Ok(VariantSet { variants })
    }
}

/// `;` and `#` start comments, except inside a FEN or XBetza field where `#`
/// never occurs in practice; `;` is the only comment marker after text.
fn strip_comment(line: &str) -> &str {
    let t = line.trim_start();
    if t.starts_with('#') || t.starts_with(';') {
        return "";
    }
    match line.find(" ;") {
        Some(i) => &line[..i],
        None => line,
    }
}

struct PieceDraft {
    token: String,
    name: String,
    xbetza: String,
    movement: String,
    promotes_to: Option<String>,
    flags: Vec<String>,
}

struct Draft {
    name: String,
    title: String,
    aliases: Vec<String>,
    size: Option<(usize, usize)>,
    zone: usize,
    promotion: PromotionRule,
    lion_trading: bool,
    repetition: Repetition,
    native: bool,
    start: Option<String>,
    pieces: Vec<PieceDraft>,
}

fn yes_no(v: &str) -> Result<bool, String> {
    match v {
        "yes" | "true" | "1" => Ok(true),
        "no" | "false" | "0" => Ok(false),
        _ => Err(format!("expected yes or no, got '{v}'")),
    }
}

impl Draft {
    fn new(name: &str) -> Draft {
        Draft {
            name: name.to_ascii_lowercase(),
            title: name.to_string(),
            aliases: Vec::new(),
            size: None,
            zone: 0,
            promotion: PromotionRule::Chu,
            lion_trading: false,
            repetition: Repetition::Strict,
            native: false,
            start: None,
            pieces: Vec::new(),
        }
    }

    fn set(&mut self, key: &str, value: &str) -> Result<(), String> {
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
                    _ => return Err(format!("unknown promotion rule '{value}'")),
                }
            }
            "lion-trading" => self.lion_trading = yes_no(value)?,
            "repetition" => {
                self.repetition = match value {
                    "strict" => Repetition::Strict,
                    _ => return Err(format!("unknown repetition rule '{value}'")),
                }
            }
            "native" => self.native = yes_no(value)?,
            "start" => self.start = Some(value.to_string()),
            "piece" => {
                let f: Vec<&str> = value.split('|').map(str::trim).collect();
                if f.len() != 6 {
                    return Err(format!(
                        "piece needs 6 fields separated by |, got {}",
                        f.len()
                    ));
                }
                let opt = |s: &str| (!s.is_empty() && s != "-").then(|| s.to_ascii_uppercase());
                self.pieces.push(PieceDraft {
                    token: f[0].to_ascii_uppercase(),
                    name: f[1].to_string(),
                    xbetza: f[2].to_string(),
                    movement: if f[3] == "-" {
                        String::new()
                    } else {
                        f[3].to_string()
                    },
                    promotes_to: opt(f[4]),
                    flags: f[5].split_whitespace().map(str::to_string).collect(),
                });
            }
            _ => return Err(format!("unknown key '{key}'")),
        }
        Ok(())
    }

    fn finish(self) -> Result<Variant, String> {
        let ctx = |e: String| format!("variant {}: {e}", self.name);
        let (width, height) = self.size.ok_or_else(|| ctx("no board size".into()))?;
        if self.pieces.is_empty() || self.pieces.len() > MAX_KINDS {
            return Err(ctx(format!("needs 1..{MAX_KINDS} piece types")));
        }
        let mut pieces = Vec::new();
        for d in &self.pieces {
            pieces.push(compile_piece(d).map_err(|e| ctx(format!("piece {}: {e}", d.token)))?);
        }
        for (i, d) in self.pieces.iter().enumerate() {
            if self.pieces[..i].iter().any(|o| o.token == d.token) {
                return Err(ctx(format!("piece {} defined twice", d.token)));
            }
            if let Some(t) = &d.promotes_to {
                let k = self
                    .pieces
                    .iter()
                    .position(|p| &p.token == t)
                    .ok_or_else(|| ctx(format!("piece {} promotes to unknown {t}", d.token)))?;
                pieces[i].promotes_to = Some(k as Kind);
                pieces[k].promoted = true;
            }
        }
        let mut squares = Vec::new();
        let mut in_zone = [vec![false; CELLS], vec![false; CELLS]];
        let mut last_rank = [vec![false; CELLS], vec![false; CELLS]];
        for rank in 0..height {
            for file in 0..width {
                let sq = Square::new(file, rank);
                squares.push(sq);
                in_zone[0][sq.index()] = rank >= height - self.zone.min(height);
                in_zone[1][sq.index()] = rank < self.zone;
                last_rank[0][sq.index()] = rank == height - 1;
                last_rank[1][sq.index()] = rank == 0;
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
        let start_fen = self.start.ok_or_else(|| ctx("no start position".into()))?;
        let mut variant = Variant {
            name: self.name,
            title: self.title,
            aliases: self.aliases,
            width,
            height,
            zone: self.zone,
            promotion: self.promotion,
            lion_trading: self.lion_trading,
            repetition: self.repetition,
            native: self.native,
            start_fen,
            pieces,
            squares,
            leap_deltas,
            placement: Vec::new(),
            in_zone,
            last_rank,
        };
        variant.placement = crate::eval::placement_scores(&variant);
        Ok(variant)
    }
}

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
            })
            .collect()
    };
    [make(1), make(-1)]
}

fn compile_piece(d: &PieceDraft) -> Result<PieceType, String> {
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
        last_rank: false,
        bridge: false,
        value: 0,
        rays: rays_for(&lines),
        stings: [Vec::new(), Vec::new()],
        reach: [[0; 8]; 2],
        leaps: [Vec::new(), Vec::new()],
    };
    for c in Color::BOTH {
        for r in &p.rays[c.index()] {
            if !r.can_capture {
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
            ("last-rank", None) => p.last_rank = true,
            ("bridge", None) => p.bridge = true,
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
            ("value", Some(v)) => {
                value = Some(v.parse::<i32>().map_err(|_| format!("bad value '{v}'"))?)
            }
            _ => return Err(format!("unknown flag '{flag}'")),
        }
    }
    p.value = value.unwrap_or_else(|| mobility_value(&p));
    Ok(p)
}

/// Default piece value when the data gives none: proportional to the
/// average number of squares the piece reaches from each square of an empty
/// 12x12 board (Betza's mobility measure), with Lion powers counted as the
/// squares they add. Royals get a nominal value; their loss ends the game.
fn mobility_value(p: &PieceType) -> i32 {
    let side = 12i32;
    let mut total = 0i32;
    for y in 0..side {
        for x in 0..side {
            for r in p.rays(Color::White) {
                let (dx, dy) = unpack(r.delta);
                let mut n = 0;
                let (mut cx, mut cy) = (x + dx, y + dy);
                while (0..side).contains(&cx)
                    && (0..side).contains(&cy)
                    && (r.range == 0 || n < r.range as i32)
                {
                    n += 1;
                    cx += dx;
                    cy += dy;
                }
                total += n;
            }
            if p.power == Power::Lion {
                total += 24;
            }
            total += 2 * p.stings(Color::White).len() as i32;
        }
    }
    let avg = total as f64 / (side * side) as f64;
    (avg * 25.0 + 50.0) as i32
}

/// Inverse of `delta` for small vectors.
fn unpack(d: i32) -> (i32, i32) {
    let s = crate::types::STRIDE as i32;
    let dy = (d + s / 2).div_euclid(s);
    (d - dy * s, dy)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unpack_inverts_delta() {
        for dx in -3..=3 {
            for dy in -3..=3 {
                assert_eq!(unpack(delta(dx, dy)), (dx, dy));
            }
        }
    }

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
    }

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
