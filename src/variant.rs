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
//! promotion = chu             ; see `PromotionRule`: chu, capture,
//!                             ; capture-forced, start-or-end
//! dead-ranks-forced = no      ; a piece ending where it could never move
//!                             ; again must promote (Wa; HaChu's Tenjiku)
//! burn-on-promotion = yes     ; a piece promoting into a burning Demon
//!                             ; burns at once (Tenjiku; not HaChu's)
//! captured-demons-burn = no   ; a Demon the move captures still burns the
//!                             ; mover landing next to it (HaChu's Tenjiku)
//! own-demons-burn = no        ; the mover's own Fire Demons burn it too
//!                             ; when it lands next to one (HaChu's Tenjiku)
//! lion-trading = yes          ; Chu's Lion-trading rules
//! counter-strike = everywhere ; see `CounterStrike`: everywhere,
//!                             ; except-same-square
//! lenient-lion-rules = yes    ; also accept other readings of the Lion
//!                             ; rules from an opponent (HaChu's, Okazaki)
//! repetition = strict         ; see `Repetition`: strict, perpetual,
//!                             ; perpetual-draw, fourfold, fourfold-check,
//!                             ; fourfold-perpetual
//! bare-king = no              ; a bare royal loses (`game::ending`)
//! kings-only-draw = no        ; two lone royals (dead pieces aside) draw
//! consecutive-passes = no     ; a side may not pass twice running (Suzumu)
//! native = yes                ; XBoard knows the variant: no `setup`
//! start = <FEN>
//! hachu-start = <FEN>         ; HaChu's own start position, if different
//! start-name = NAME           ; what `start` is called among the layouts
//! layout = NAME: <FEN>        ; another start position the rules offer
//!                             ; (an engine option chooses; Nutty d2/k2)
//! eval-NAME = <centipawns>    ; evaluation weights (`eval::EvalParams`)
//! piece = TOKEN | Name | XBetza for the GUI | movement | promotes to | flags
//! ```
//!
//! A section can be another rule set of a variant defined before it:
//!
//! ```text
//! [chu-lishogi]
//! base = chu                  ; first: a copy of [chu] (pieces included)
//! rules = lishogi             ; see `Rules`: the copy is `chu` under
//!                             ; lishogi's rules
//! repetition = ...            ; then what differs
//! ```
//!
//! Such a variant keeps its base's name (it is the same game to players),
//! is not among `VariantSet::variants` (so no list of variants shows it)
//! and is found by `VariantSet::find_with(name, rules)` only.
//!
//! Movement is the Betza subset of `betza.rs`. Flags:
//! - `royal`;
//! - powers, written once in `movegen`: `lion` (full Lion power, and a
//!   Lion for Chu's trading rules), `wolf` (Cashew/Macadamia Wolf),
//!   `hook=R` / `hook=B` (one 90-degree turn between two slides),
//!   `emperor` (Macadamia Emperor), `sting=<betza>` (limited Lion power
//!   along the given step directions: Horned Falcon, Soaring Eagle),
//!   `lion=F` (the Lion's capture-first double step and pass, on diagonal
//!   steps only: Harpy, Free Eagle);
//! - the Tenjiku family's powers: `area=N` (up to N king steps through
//!   empty squares, the last may capture; back to the start is a pass),
//!   `area-pass=no` (with `area=`: no pass by returning to the start),
//!   `burn=auto` (Nutty's Fire Demon: burns every adjacent enemy after its
//!   move, and burns an enemy that lands next to it), `burn=2` (Suzumu's
//!   Fire Demon: after moving, takes up to two chosen adjacent enemies
//!   other than Fire Demons), `igui=N` (takes up to N adjacent enemies
//!   without moving), `jump=any` / `jump=N` (a capture along a slide line
//!   may jump pieces of lower `rank=R`: any number, or at most N),
//!   `jump-victims=lower` (the piece taken by jumping must rank lower
//!   too: HaChu's Tenjiku),
//!   `take-jumped` (jumped enemies may be captured in passing),
//!   `freeze` (adjacent enemies other than freezers cannot move);
//! - `dead-ranks=N` (the piece could never move from the N far ranks:
//!   under the Chu rule reaching them offers promotion (Pawn, Lance 1,
//!   Dai's Knight 2), with `dead-ranks-forced` it must promote there (Wa's
//!   Pawn and Oxcart); elsewhere the engine does not strand its own
//!   piece there);
//! - `bridge` (a worthless piece: as the first victim of a Lion's double
//!   capture it does not buy the right to take a protected Lion (rule 1),
//!   and under the bare-king rule it does not count as a piece);
//! - `contagion=TOKEN` (whoever takes this piece turns into TOKEN:
//!   Macadamia's Priest, Pirate, Saint, Ghost);
//! - `slot=N` (XBoard piece slot for the `setup` table, 0-64, 65 = King);
//! - `hachu-misplays` (HaChu 0.21 moves the type wrongly: its moves, and
//!   promotions into it, are avoided under "HaChu compatible moves");
//! - `value=<centipawns>`.
//!
//! The promotion column names the promoted type; the variant's
//! `promotion` rule says when promotion happens (`chu`, `capture`,
//! `capture-forced`, `start-or-end`).
//!
//! In a section with `base =`, a `piece =` line whose token the base
//! already has replaces that piece (HaChu's Tenjiku pieces).

use crate::betza;
use crate::eval::EvalParams;
use crate::types::{CELLS, Color, KING_STEPS, Kind, MAX_KINDS, MAX_SIDE, Square, delta};
use once_cell::sync::Lazy;

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

/// A special power implemented in code and named in the data.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Power {
    None,
    /// Two king steps a turn: step, jump to distance 2, igui, hit and run,
    /// double capture, pass.
    Lion,
    /// Up to three king steps along one line (Cashew/Macadamia Wolf, the
    /// Saint): jumps to distance 1-3, igui, and captures of the first
    /// and/or second square on the way to a later one; pass.
    Wolf,
    /// A slide, one optional 90-degree turn on an empty square, and a
    /// second slide: orthogonal (Hook Mover) or diagonal (Goblin,
    /// Capricorner).
    Hook {
        diagonal: bool,
    },
    /// Macadamia's Emperor: leaps to any empty square and captures any
    /// enemy piece except a protected enemy royal.
    Emperor,
    /// The Lion's capture-first double step and its pass on diagonal steps
    /// only (Nutty's Harpy, Suzumu's Free Eagle); their direct moves, jumps
    /// included, are ordinary movement.
    DiagonalLion,
}

/// A Fire Demon's burning (docs/rules/nutty.md 5.1, suzumu.md 5.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Burn {
    None,
    /// Nutty: every adjacent enemy burns after the Demon's move, and an
    /// enemy ending its move next to the Demon burns.
    Auto,
    /// Suzumu: after moving to another square the Demon may take up to two
    /// adjacent enemies that are not Fire Demons, as kill squares.
    Choose,
}

/// Capture by jumping along a slide line (Tenjiku-family Generals).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Jump {
    /// Most pieces jumped; 0 = any number.
    pub max: u8,
    /// Jumped enemies may be captured in passing (Suzumu).
    pub take_jumped: bool,
    /// The piece taken by jumping must rank below the jumper too (HaChu).
    pub lower_victims: bool,
}

/// A mailbox ray: a direction and how far a piece may go along it.
#[derive(Clone, Copy, Debug)]
pub struct Ray {
    pub delta: i32,
    /// 0 = unlimited.
    pub range: u8,
    pub can_move: bool,
    pub can_capture: bool,
    /// The ray starts on its second square (Betza `j`: the Tetrarchs).
    pub skip_first: bool,
    /// Squares of the ray (bit n-1 for the n-th) that the piece reaches
    /// anyway, whatever stands between, so the ray must not emit them
    /// again: a Ghost's Queen slide within its Lion jumps, a Saint's
    /// within its Wolf jumps, a Fire Demon's first steps within its area
    /// move, a Harpy's second square within its A and D jumps.
    pub covered: u8,
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
    /// How many far ranks the piece could never leave (Pawn, Lance: 1;
    /// Dai's Knight: 2): reaching them offers promotion under the Chu rule.
    pub dead_ranks: u8,
    pub bridge: bool,
    /// Capturing this piece turns the capturer into this type
    /// (Macadamia's Saint/Ghost contagion), unless the capturer is royal or
    /// promotes to a royal (`is_exempt_from_contagion`).
    pub contagion: Option<Kind>,
    /// XBoard piece slot (0-64, 65 for the King) in the `setup` table.
    pub slot: Option<u8>,
    /// HaChu 0.21 moves this type wrongly or not at all (rules files §8),
    /// so its moves are avoided when playing HaChu-compatible moves.
    pub hachu_misplays: bool,
    /// King steps of the area move (0 = none).
    pub area: u8,
    /// An area move may end back on its start square: a pass (`area-pass`,
    /// yes unless the data says no).
    pub area_pass: bool,
    pub burn: Burn,
    /// Adjacent enemies taken at once without moving (0 = no igui).
    pub igui: u8,
    pub jump: Option<Jump>,
    /// Jump rank: a jumping piece passes only over lower ranks. Royals
    /// have the highest and are never jumped.
    pub rank: u8,
    /// Freezes adjacent enemies that do not freeze (Heavenly Tetrarch).
    pub freezes: bool,
    /// Moves that the generic attack test (reach, leaps, Lion jumps)
    /// does not see: area moves, burns, igui, jumps, skipped first
    /// squares, or a promotion into a burning Demon. The position keeps
    /// the squares of such pieces, and the attack test generates their
    /// moves.
    pub special: bool,
    /// Removes pieces it neither lands on nor names as kills: it burns
    /// (any `Burn`), or promotes into a piece that burns automatically.
    /// Such a move may capture next to its destination, and a move to an
    /// empty square may capture.
    pub burns: bool,
    /// Threatens every square within two steps whatever stands between:
    /// a Lion, or a Fire Demon that burns. The position keeps their
    /// squares for the evaluation's threat terms.
    pub striker: bool,
    /// Moves only along its rays: no power, stings, area move or igui
    /// (move generation skips looking for them).
    pub rays_only: bool,
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

/// The largest `value=` a piece may have, in centipawns (a built-in
/// Fire Demon has 3,000): a side's material stays far inside an `i32` on
/// the largest board, and the evaluation holds its sum short of the
/// search's mate scores (`eval::EVAL_LIMIT`).
pub const MAX_PIECE_VALUE: i32 = 50_000;

impl PieceType {
    #[inline]
    pub fn rays(&self, color: Color) -> &[Ray] {
        &self.rays[color.index()]
    }

    #[inline]
    pub fn stings(&self, color: Color) -> &[i32] {
        &self.stings[color.index()]
    }

    /// Betza's mobility measure: the average number of squares the piece
    /// reaches from each square of an empty 12x12 board. Powers count the
    /// squares they add: a Lion or Wolf its 24 extra targets; a hook mover
    /// as much again as its slides (on an empty board it reaches almost
    /// everything, but in play its turning squares are few); an Emperor
    /// like a Lion, since a leap anywhere is worth little more than strong
    /// local control; a sting 2. `kyodai values` prints it for every piece.
    pub fn mobility(&self) -> f64 {
        let side = 12i32;
        let mut total = 0i32;
        for y in 0..side {
            for x in 0..side {
                let mut slides = 0;
                for r in self.rays(Color::White) {
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
                    slides += n;
                }
                total += slides
                    + match self.power {
                        Power::None | Power::DiagonalLion => 0,
                        Power::Lion | Power::Wolf | Power::Emperor => 24,
                        Power::Hook { .. } => slides,
                    };
                total += 2 * self.stings(Color::White).len() as i32;
            }
        }
        total as f64 / (side * side) as f64
    }

    /// Default value when the data gives none, from `mobility`: 25
    /// centipawns a square plus 50, which puts Chu's Rook (22 squares) at
    /// 600, the value players quote; step movers come out lower (Gold
    /// 183) than players rate them, which is why the data gives values.
    pub fn mobility_value(&self) -> i32 {
        (self.mobility() * 25.0 + 50.0) as i32
    }

    #[inline]
    pub fn reach(&self, color: Color, direction: usize) -> u8 {
        self.reach[color.index()][direction]
    }

    #[inline]
    pub fn leaps(&self, color: Color) -> &[i32] {
        &self.leaps[color.index()]
    }

    /// Neither royal nor a piece that can end up dead on a far rank (a
    /// Pawn or Lance): what a side needs to escape the bare-king and
    /// kings-only rules (`Position::strong_pieces`).
    #[inline]
    pub fn is_strong(&self) -> bool {
        !self.royal && self.dead_ranks == 0
    }

    /// A Lion for Chu's trading rules (the Lion and the promoted Kirin).
    #[inline]
    pub fn is_lion(&self) -> bool {
        self.power == Power::Lion
    }

    /// A Fire Demon of either kind.
    #[inline]
    pub fn is_demon(&self) -> bool {
        self.burn != Burn::None
    }
}

/// A named start position (`layout = NAME: FEN`).
#[derive(Clone, Debug)]
pub struct Layout {
    pub name: String,
    pub fen: String,
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
    /// Whether the placement table learned for this variant (if one is
    /// compiled in, `eval::placement_scores`) replaces the hand-written
    /// one (`learned-placement = yes`, the default).
    pub learned_placement: bool,
    /// Which Lion captures the counter-strike rule bans (with
    /// `lion_trading`).
    pub counter_strike: CounterStrike,
    /// Moves from an opponent may also follow the other readings of the
    /// Lion-trading rules (HaChu's protection after the move, the Okazaki
    /// counter-strike): `movegen::accepted_moves`.
    pub lenient_lion_rules: bool,
    pub repetition: Repetition,
    /// A side left with a bare royal loses (`game::ending`).
    pub bare_king: bool,
    /// A game in which only one royal a side and dead pieces remain, neither
    /// royal attacked, is drawn (`game::ending`).
    pub kings_only_draw: bool,
    /// The rule set this variant is played under.
    pub rules: Rules,
    /// XBoard knows the variant natively (no `setup`/`piece` lines).
    pub native: bool,
    pub start_fen: String,
    /// HaChu 0.21's own start position where it differs from the rules'
    /// (Macadamia: Gote's Priest and Pirate exchanged); used for games
    /// against HaChu, which can crash on the rules' position.
    pub hachu_start_fen: Option<String>,
    /// The start positions a player may choose between (the rules file
    /// leaves the setup open), `start_fen` first; empty when there is
    /// only the one.
    pub layouts: Vec<Layout>,
    pub pieces: Vec<PieceType>,
    /// Every on-board square, rank by rank from a1.
    pub squares: Vec<Square>,
    /// Every capturing leap delta of any piece, per colour.
    pub leap_deltas: [Vec<i32>; 2],
    /// Placement scores of each coloured piece on each cell, for the
    /// middle game and for the ending (`eval::placement_scores`).
    pub placement: Vec<[i16; 2]>,
    /// The material on the board (both sides) from which on the middle
    /// game's placement counts alone; below it the ending's takes over in
    /// proportion (`Position::placement`). At least 1.
    pub phase_material: i32,
    /// Evaluation weights (`eval-NAME` keys).
    pub eval: EvalParams,
    /// The one type XBoard 4.9.1 treats as a Lion in its own Chu
    /// counter-strike rule (the letter `N`), where Lion-trading rules apply.
    pub xboard_lion: Option<Kind>,
    /// Some piece has a Wolf power, an Emperor: the attack test looks for
    /// them only then.
    pub has_wolves: bool,
    pub has_emperor: bool,
    /// Some piece freezes its neighbours (Suzumu's Tetrarch).
    pub has_freezers: bool,
    /// Nutty's automatic burning is in play.
    pub auto_burn: bool,
    /// Some piece moves through or burns many squares at once (area moves,
    /// burning, capturing jumped pieces): the Tenjiku family, whose
    /// capture chains quiescence must keep short.
    pub capture_chains: bool,
    /// A side may not pass on two turns running (Suzumu).
    pub no_double_pass: bool,
    /// A piece ending where it could never move again must promote.
    pub dead_ranks_forced: bool,
    /// A piece promoting into an automatically burning Demon burns at
    /// once (Nutty, Tenjiku; not HaChu's Tenjiku).
    pub burn_on_promotion: bool,
    /// A Demon the move itself captures still burns a mover that lands
    /// next to its square (HaChu's Tenjiku).
    pub captured_demons_burn: bool,
    /// A piece ending its move next to a Fire Demon of its own side burns
    /// too, as next to an enemy one (HaChu's Tenjiku: HaChu 0.21 marks
    /// every Demon's neighbours alike).
    pub own_demons_burn: bool,
    /// `in_zone[color][cell]`.
    in_zone: [Vec<bool>; 2],
    /// `far_rank[color][cell]`: ranks between the square and the far edge
    /// (0 on the last rank).
    far_rank: [Vec<u8>; 2],
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

    /// Whether a piece of type `t` could never move again on `sq`.
    #[inline]
    pub fn is_dead_square(&self, t: &PieceType, color: Color, sq: Square) -> bool {
        self.far_rank[color.index()][sq.index()] < t.dead_ranks
    }

    /// Whether `sq` is on the far edge seen from `color`'s side.
    #[inline]
    pub fn is_last_rank(&self, color: Color, sq: Square) -> bool {
        self.far_rank[color.index()][sq.index()] == 0
    }

    /// Royals and pieces that promote to one (Macadamia's King and
    /// Elephant) take their own promotion instead of Saint/Ghost contagion.
    pub fn is_exempt_from_contagion(&self, t: &PieceType) -> bool {
        t.royal || t.promotes_to.is_some_and(|k| self.piece(k).royal)
    }

    pub fn answers_to(&self, name: &str) -> bool {
        let n = name.to_ascii_lowercase();
        self.name == n || self.aliases.contains(&n)
    }
}

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

#[derive(Clone)]
struct PieceDraft {
    token: String,
    name: String,
    xbetza: String,
    movement: String,
    promotes_to: Option<String>,
    contagion: Option<String>,
    flags: Vec<String>,
}

#[derive(Clone)]
struct Draft {
    name: String,
    title: String,
    aliases: Vec<String>,
    /// The variant this section started as a copy of (`base =`).
    base: Option<String>,
    rules: Rules,
    size: Option<(usize, usize)>,
    zone: usize,
    promotion: PromotionRule,
    lion_trading: bool,
    learned_placement: bool,
    counter_strike: CounterStrike,
    lenient_lion_rules: bool,
    repetition: Repetition,
    bare_king: bool,
    kings_only_draw: bool,
    no_double_pass: bool,
    dead_ranks_forced: bool,
    burn_on_promotion: bool,
    captured_demons_burn: bool,
    own_demons_burn: bool,
    native: bool,
    start: Option<String>,
    hachu_start: Option<String>,
    start_name: Option<String>,
    layouts: Vec<Layout>,
    pieces: Vec<PieceDraft>,
    eval: EvalParams,
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

    fn answers_to(&self, name: &str) -> bool {
        let n = name.to_ascii_lowercase();
        self.name == n || self.aliases.contains(&n)
    }

    /// Become a copy of `base` (`base = NAME`), keeping this section's
    /// own name.
    fn copy_of(&mut self, base: &Draft) {
        let name = std::mem::take(&mut self.name);
        *self = Draft {
            name,
            base: Some(base.name.clone()),
            ..base.clone()
        };
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

    fn finish(mut self) -> Result<Variant, String> {
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
            placement: Vec::new(),
            phase_material: 1,
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
        (variant.placement, variant.phase_material) = crate::eval::placement_scores(&variant);
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
                skip_first: l.skip_first,
                covered: 0,
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
