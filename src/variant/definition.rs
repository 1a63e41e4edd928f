//! One variant as the engine plays it: the board, the zone, the rules,
//! the start positions, the pieces, and the tables move generation and
//! the board read (squares, zones, far ranks).

use super::piece::PieceType;
use super::rules::{CounterStrike, PromotionRule, Repetition, Rules};
use super::weights::{EvalParams, PairTable, Placement};
use crate::types::{Color, Kind, Square};
use std::sync::OnceLock;

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
    /// compiled in, `placement::table`) replaces the hand-written
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
    /// The evaluation's placement table, built from the variant by
    /// `placement::table` when a position first asks for it: the
    /// variant keeps it without knowing how it is made.
    pub placement: OnceLock<Placement>,
    /// The evaluation's learned pair term, if the variant has one
    /// (`pairs::table`), read on first use.
    pub pairs: OnceLock<Option<PairTable>>,
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
    pub(super) in_zone: [Vec<bool>; 2],
    /// `far_rank[color][cell]`: ranks between the square and the far edge
    /// (0 on the last rank).
    pub(super) far_rank: [Vec<u8>; 2],
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
