//! The emitter: where generated moves go (`Sink`), and the last steps
//! every move passes through (the sink's filter, the Lion-trading
//! counter-strike ban, promotion) before it is kept. Each power adds its
//! own `impl Emitter` in the file named for it.

use super::promotion::{Promotion, Victims, promotion};
use crate::board::Position;
use crate::moves::Move;
use crate::types::{CELLS, Color, Square};
use crate::variant::{Burn, CounterStrike, PieceType, Power, Variant};

/// Where emitted moves go: a move list, or a `Probe`.
pub(super) trait Sink {
    fn take(&mut self, pos: &Position, mv: Move);

    /// Whether a move of a `t` to `to` taking `kills` (before burns and
    /// promotion are settled) can be one the sink keeps: a sink that keeps
    /// few moves spares the emitter the work of building the others.
    #[inline(always)]
    fn may_take(&self, _t: &PieceType, _to: Square, _kills: &[Square]) -> bool {
        true
    }
}

impl Sink for Vec<Move> {
    #[inline(always)]
    fn take(&mut self, _: &Position, mv: Move) {
        self.push(mv);
    }
}

/// Emits moves for one position, applying promotion and the rules that
/// filter captures.
pub(super) struct Emitter<'a, S: Sink> {
    pub(super) pos: &'a Position,
    pub(super) v: &'static Variant,
    pub(super) us: Color,
    sink: &'a mut S,
    /// Quiescence wants only moves that remove an enemy piece.
    pub(super) captures_only: bool,
    pub(super) protection: Protection,
    /// The Okazaki rule: a counter-strike on an unprotected Lion is legal.
    pub(super) okazaki: bool,
    /// The side passed last turn and may not pass again (Suzumu).
    pub(super) no_pass: bool,
}

impl<'a, S: Sink> Emitter<'a, S> {
    /// An emitter for the moves of one piece of `us` outside the legal
    /// move list (probes and path counting): protection read before the
    /// move, passes allowed.
    pub(super) fn for_piece(
        pos: &'a Position,
        us: Color,
        sink: &'a mut S,
        captures_only: bool,
        okazaki: bool,
    ) -> Emitter<'a, S> {
        Emitter {
            pos,
            v: pos.variant(),
            us,
            sink,
            captures_only,
            protection: Protection::BeforeMove,
            okazaki,
            no_pass: false,
        }
    }
}

/// A small set of mailbox cells.
#[derive(Default)]
pub(super) struct CellSet([u64; CELLS.div_ceil(64)]);

impl CellSet {
    /// Add `sq`; whether it was new.
    #[inline]
    pub(super) fn insert(&mut self, sq: Square) -> bool {
        let (word, bit) = (sq.index() / 64, 1u64 << (sq.index() % 64));
        let new = self.0[word] & bit == 0;
        self.0[word] |= bit;
        new
    }
}

/// When Lion-trading rule 1 judges whether the victim Lion is protected
/// (docs/rules/chu.md 5.4.1). The two readings differ only when a bridge Pawn or
/// Go-Between taken first was the Lion's sole protector.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Protection {
    /// [J]: before the move; the bridge still protects. The rule the engine
    /// plays by.
    BeforeMove,
    /// [H]/[X]: after the whole move; the captured bridge no longer
    /// protects. Accepted from opponents (HaChu plays it).
    AfterMove,
}

impl<S: Sink> Emitter<'_, S> {
    #[inline]
    pub(super) fn is_enemy(&self, sq: Square) -> bool {
        self.pos.piece_at(sq).is_some_and(|p| p.color() != self.us)
    }

    #[inline]
    pub(super) fn is_lion_at(&self, sq: Square) -> bool {
        self.pos
            .piece_at(sq)
            .is_some_and(|p| self.v.piece(p.kind()).is_lion())
    }

    #[inline(always)]
    pub(super) fn push(&mut self, mv: Move) {
        self.sink.take(self.pos, mv);
    }

    /// Emit a move of `piece` (type `t`) after the rules that forbid it have
    /// been checked, once or twice depending on promotion; a Suzumu Fire
    /// Demon moving to another square also with each choice of burns.
    #[inline]
    pub(super) fn emit(&mut self, t: &PieceType, from: Square, to: Square, kills: &[Square]) {
        if !self.sink.may_take(t, to, kills) {
            return;
        }
        self.emit_one(t, from, to, kills);
        if t.burn == Burn::Choose && to != from && kills.is_empty() {
            self.emit_burns(t, from, to);
        }
    }

    #[inline(always)]
    fn emit_one(&mut self, t: &PieceType, from: Square, to: Square, kills: &[Square]) {
        let quiet = kills.is_empty() && (to == from || self.pos.cell(to).is_empty());
        let victims = if quiet {
            Victims::default()
        } else {
            Victims::of(self.pos, from, to, kills)
        };
        let captures = victims.any;
        // A Nutty Fire Demon (or a Buffalo promoting to one) captures by
        // burning; that is judged per promotion choice below.
        let may_burn = self.v.auto_burn && t.burns;
        if self.captures_only && !captures && !may_burn {
            return;
        }
        if self.pos.state().lion_strike
            && !t.is_lion()
            && captures
            && self.counter_strike_barred(from, to, kills)
        {
            return;
        }
        let promotion = promotion(self.v, t, self.us, from, to, &victims);
        if self.v.auto_burn || self.no_pass {
            self.emit_under_rules(from, to, kills, promotion, captures);
            return;
        }
        let mv = Move::new(from, to, kills, false);
        match promotion {
            Promotion::None => self.push(mv),
            Promotion::Optional => {
                self.push(mv.with_promotion(true));
                self.push(mv);
            }
            Promotion::Forced => self.push(mv.with_promotion(true)),
        }
    }
}

impl<'a, S: Sink> Emitter<'a, S> {
    /// The emitter of the legal moves of the side to move.
    pub(super) fn for_side_to_move(
        pos: &'a Position,
        sink: &'a mut S,
        captures_only: bool,
        protection: Protection,
        okazaki: bool,
    ) -> Emitter<'a, S> {
        let v = pos.variant();
        let us = pos.side();
        Emitter {
            pos,
            v,
            us,
            sink,
            captures_only,
            protection,
            // The Okazaki rule is a reading of the counter-strike ban that
            // bans everywhere; lishogi's has its own exception.
            okazaki: okazaki && v.counter_strike == CounterStrike::Everywhere,
            no_pass: v.no_double_pass && pos.state().skipped(us),
        }
    }
}

impl<S: Sink> Emitter<'_, S> {
    /// Every move of one piece. (Inlined into each caller in the
    /// WebAssembly build: see `rays`.)
    #[cfg_attr(target_arch = "wasm32", inline(always))]
    pub(super) fn piece_moves(&mut self, t: &PieceType, from: Square) {
        self.rays(t, from);
        if t.rays_only {
            return;
        }
        match t.power {
            Power::None => {}
            Power::Lion => self.lion(t, from),
            Power::Wolf => self.wolf(t, from),
            Power::Hook { diagonal } => self.hook(t, from, diagonal),
            Power::Emperor => self.emperor(t, from),
            Power::DiagonalLion => self.diagonal_lion(t, from),
        }
        // A pass counts once per piece, however many stings allow it.
        let mut can_pass = false;
        for &d in t.stings(self.us) {
            can_pass |= self.sting(t, from, d);
        }
        if can_pass {
            self.emit(t, from, from, &[]);
        }
        if t.area > 0 {
            self.area(t, from);
        }
        if t.igui > 0 {
            self.igui(t, from);
        }
    }
}
