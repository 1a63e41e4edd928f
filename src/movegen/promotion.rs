//! Promotion: whether a move may, must or cannot promote under the
//! variant's rule, and contagion (Macadamia's conversions).

use crate::board::Position;
use crate::moves::Move;
use crate::types::{Color, Square};
use crate::variant::{PieceType, PromotionRule, Variant};

/// The pieces a move removes, as far as promotion cares.
#[derive(Default)]
pub(super) struct Victims {
    pub(super) any: bool,
    /// A promoted piece was taken (Macadamia: promotion becomes forced).
    promoted: bool,
    /// A piece with contagion was taken (Saint, Ghost, Priest, Pirate).
    contagion: bool,
}

impl Victims {
    /// The victims of a move from `from` to `to` removing `kills` (the
    /// destination's occupant too, unless the piece stays put).
    #[inline]
    pub(super) fn of(pos: &Position, from: Square, to: Square, kills: &[Square]) -> Victims {
        let v = pos.variant();
        let mut victims = Victims::default();
        let dest = (to != from).then_some(to);
        for sq in kills.iter().copied().chain(dest) {
            if let Some(p) = pos.piece_at(sq) {
                let t = v.piece(p.kind());
                victims.any = true;
                victims.promoted |= t.promoted;
                victims.contagion |= t.contagion.is_some();
            }
        }
        victims
    }
}

pub(super) enum Promotion {
    None,
    Optional,
    Forced,
}

/// Why a move offers promotion under the Chu rule (docs/rules/chu.md 4.1,
/// dai.md 4.1): by the zone rule (a, b) and by a piece reaching a rank it
/// could never leave (c, `dead-ranks`).
#[derive(Clone, Copy, Default)]
pub(super) struct Offer {
    pub(super) by_zone: bool,
    by_dead_rank: bool,
}

/// Why a move offers promotion under the Chu rule.
pub(super) fn chu_offer(
    v: &Variant,
    t: &PieceType,
    us: Color,
    from: Square,
    to: Square,
    captures: bool,
) -> Offer {
    if t.promotes_to.is_none() {
        return Offer::default();
    }
    let (zf, zt) = (v.in_zone(us, from), v.in_zone(us, to));
    Offer {
        by_zone: if captures { zf || zt } else { !zf && zt },
        by_dead_rank: v.is_dead_square(t, us, to),
    }
}

/// Whether a move promotes, may promote or must.
pub(super) fn promotion(
    v: &Variant,
    t: &PieceType,
    us: Color,
    from: Square,
    to: Square,
    victims: &Victims,
) -> Promotion {
    if victims.contagion {
        // A royal or royal-to-be takes its own promotion, compulsorily;
        // anything else turns into the victim's kind (`Position::make`),
        // which no promotion suffix expresses.
        return if v.is_exempt_from_contagion(t) && t.promotes_to.is_some() {
            Promotion::Forced
        } else {
            Promotion::None
        };
    }
    match v.promotion {
        PromotionRule::Chu => {
            let o = chu_offer(v, t, us, from, to, victims.any);
            if v.dead_ranks_forced && o.by_dead_rank {
                Promotion::Forced
            } else if o.by_zone || o.by_dead_rank {
                Promotion::Optional
            } else {
                Promotion::None
            }
        }
        PromotionRule::StartOrEnd
            if t.promotes_to.is_none() || !(v.in_zone(us, from) || v.in_zone(us, to)) =>
        {
            Promotion::None
        }
        PromotionRule::StartOrEnd if v.dead_ranks_forced && v.is_dead_square(t, us, to) => {
            Promotion::Forced
        }
        PromotionRule::StartOrEnd => Promotion::Optional,
        _ if t.promotes_to.is_none() || !victims.any => Promotion::None,
        PromotionRule::CaptureForced => Promotion::Forced,
        PromotionRule::Capture if victims.promoted => Promotion::Forced,
        PromotionRule::Capture => Promotion::Optional,
    }
}

/// Whether a move turns its piece into a Saint or Ghost (contagion).
pub fn converts(pos: &Position, mv: Move) -> bool {
    let v = pos.variant();
    let Some(mover) = pos.piece_at(mv.from()) else {
        return false;
    };
    Victims::of(pos, mv.from(), mv.to(), mv.kills()).contagion
        && !v.is_exempt_from_contagion(v.piece(mover.kind()))
}
