//! Move generation: every move the rules allow, once per effect.
//!
//! Ordinary movement walks the rays compiled from the data; the special
//! powers (`Power`, stings) are implemented here once. The rules that depend
//! on more than one piece (Chu's Lion-trading rules) are applied as moves are
//! emitted. Repetition is not a move-generation rule: games and search apply
//! it (`Position::is_repetition`), perft ignores it.

use crate::board::Position;
use crate::moves::{Move, MoveText};
use crate::types::{
    CELLS, Color, KING_STEPS, KING_STEPS_ASCENDING, LION_JUMPS, Square, WOLF_JUMPS,
};
use crate::variant::{
    Burn, CounterStrike, PieceType, Power, PromotionRule, Ray, UNLIMITED, Variant,
};
use arrayvec::ArrayVec;

/// Where emitted moves go: a move list, or a `Probe`.
trait Sink {
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

/// Only asks whether some move removes the piece on `target` (the attack
/// test for pieces with special moves).
struct Probe {
    target: Square,
    found: bool,
}

impl Sink for Probe {
    fn take(&mut self, pos: &Position, mv: Move) {
        self.found = self.found || removes(pos, mv, self.target);
    }

    #[inline(always)]
    fn may_take(&self, t: &PieceType, to: Square, kills: &[Square]) -> bool {
        !self.found && may_remove(t, to, kills, self.target)
    }
}

/// Whether a move of a `t` to `to` naming `kills` can remove the piece on
/// `target`: it lands there or names it, or the piece burns (a burn takes
/// only neighbours of the destination).
#[inline(always)]
fn may_remove(t: &PieceType, to: Square, kills: &[Square], target: Square) -> bool {
    to == target || kills.contains(&target) || (t.burns && to.distance(target) <= 1)
}

/// Only asks whether some move takes a piece on its destination in one leg
/// (`threatens`).
#[derive(Default)]
struct OneLegCapture {
    found: bool,
}

impl Sink for OneLegCapture {
    fn take(&mut self, pos: &Position, mv: Move) {
        self.found |=
            mv.kills().is_empty() && mv.to() != mv.from() && pos.cell(mv.to()).piece().is_some();
    }
}

/// Emits moves for one position, applying promotion and the rules that
/// filter captures.
struct Emitter<'a, S: Sink> {
    pos: &'a Position,
    v: &'static Variant,
    us: Color,
    sink: &'a mut S,
    /// Quiescence wants only moves that remove an enemy piece.
    captures_only: bool,
    protection: Protection,
    /// The Okazaki rule: a counter-strike on an unprotected Lion is legal.
    okazaki: bool,
    /// The side passed last turn and may not pass again (Suzumu).
    no_pass: bool,
}

impl<'a, S: Sink> Emitter<'a, S> {
    /// An emitter for the moves of one piece of `us` outside the legal
    /// move list (probes and path counting): protection read before the
    /// move, passes allowed.
    fn for_piece(
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
struct CellSet([u64; CELLS.div_ceil(64)]);

impl CellSet {
    /// Add `sq`; whether it was new.
    #[inline]
    fn insert(&mut self, sq: Square) -> bool {
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
enum Protection {
    /// [J]: before the move; the bridge still protects. The rule the engine
    /// plays by.
    BeforeMove,
    /// [H]/[X]: after the whole move; the captured bridge no longer
    /// protects. Accepted from opponents (HaChu plays it).
    AfterMove,
}

impl<S: Sink> Emitter<'_, S> {
    #[inline]
    fn is_enemy(&self, sq: Square) -> bool {
        self.pos.piece_at(sq).is_some_and(|p| p.color() != self.us)
    }

    #[inline]
    fn is_lion_at(&self, sq: Square) -> bool {
        self.pos
            .piece_at(sq)
            .is_some_and(|p| self.v.piece(p.kind()).is_lion())
    }

    #[inline(always)]
    fn push(&mut self, mv: Move) {
        self.sink.take(self.pos, mv);
    }

    /// Emit a move of `piece` (type `t`) after the rules that forbid it have
    /// been checked, once or twice depending on promotion; a Suzumu Fire
    /// Demon moving to another square also with each choice of burns.
    #[inline]
    fn emit(&mut self, t: &PieceType, from: Square, to: Square, kills: &[Square]) {
        if !self.sink.may_take(t, to, kills) {
            return;
        }
        self.emit_one(t, from, to, kills);
        if t.burn == Burn::Choose && to != from && kills.is_empty() {
            self.emit_burns(t, from, to);
        }
    }

    /// docs/rules/suzumu.md 5.1 (4): the Demon that moved to `to` also burns
    /// one or two different adjacent enemies that are not Fire Demons,
    /// listed in ascending square order.
    #[inline(never)]
    fn emit_burns(&mut self, t: &PieceType, from: Square, to: Square) {
        let victims = self.enemies_around(to, |p| !p.is_demon());
        self.emit_victim_sets(t, from, to, &victims, 2);
    }

    /// The enemies next to `sq` whose type `allowed` accepts, in ascending
    /// square order.
    fn enemies_around(&self, sq: Square, allowed: fn(&PieceType) -> bool) -> ArrayVec<Square, 8> {
        KING_STEPS_ASCENDING
            .iter()
            .map(|&d| sq.offset(d))
            .filter(|&a| {
                self.pos
                    .piece_at(a)
                    .is_some_and(|p| p.color() != self.us && allowed(self.v.piece(p.kind())))
            })
            .collect()
    }

    /// The moves from `from` to `to` that take one of `victims` or, with
    /// `most` = 2, two different ones (kill squares in ascending order).
    fn emit_victim_sets(
        &mut self,
        t: &PieceType,
        from: Square,
        to: Square,
        victims: &[Square],
        most: u8,
    ) {
        for (i, &a) in victims.iter().enumerate() {
            self.emit(t, from, to, &[a]);
            if most >= 2 {
                for &b in &victims[i + 1..] {
                    self.emit(t, from, to, &[a, b]);
                }
            }
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

    /// Chu rule 2 (counter-strike), for a non-Lion's capture right after a
    /// non-Lion took a Lion: whether it is barred. (Out of line: its
    /// temporaries would otherwise give every `emit` a stack frame in the
    /// WebAssembly build.)
    #[inline(never)]
    fn counter_strike_barred(&self, from: Square, to: Square, kills: &[Square]) -> bool {
        // No non-Lion capture of a Lion; under lishogi's reading, except
        // on the square of that capture (`lion_square`).
        let exempt = self.pos.state().lion_square;
        let barred = |e: &Self, sq: Square| e.is_lion_at(sq) && Some(sq) != exempt;
        let takes_lion = kills.iter().any(|&k| barred(self, k)) || (to != from && barred(self, to));
        // The Okazaki rule lets a plain capture of a Lion through when
        // no piece could take the capturer back.
        let okazaki = self.okazaki
            && kills.is_empty()
            && !attacked_by(self.pos, to, self.us.flip(), &[Some(from)], Some(to));
        takes_lion && !okazaki
    }

    /// `emit_one`'s last step where Nutty's burning or Suzumu's ban on a
    /// second pass applies.
    #[inline(never)]
    fn emit_under_rules(
        &mut self,
        from: Square,
        to: Square,
        kills: &[Square],
        mut promotion: Promotion,
        captures: bool,
    ) {
        let mv = Move::new(from, to, kills, false);
        if self.v.auto_burn
            && !matches!(promotion, Promotion::None)
            && self.pos.auto_burns(mv).mover_burnt
        {
            // Burnt on arrival: nothing left to promote (nutty.md 9.1).
            promotion = Promotion::None;
        }
        // Only a Nutty burn can make this a capture now.
        let burns_needed = self.captures_only && !captures;
        let plain_allowed = !(self.no_pass && mv.is_pass());
        match promotion {
            Promotion::None => {
                if plain_allowed {
                    self.push_if(mv, burns_needed);
                }
            }
            Promotion::Optional => {
                self.push_if(mv.with_promotion(true), burns_needed);
                if plain_allowed {
                    self.push_if(mv, burns_needed);
                }
            }
            Promotion::Forced => self.push_if(mv.with_promotion(true), burns_needed),
        }
    }

    /// Push `mv`, unless `burns_needed` and it burns nothing.
    #[inline(always)]
    fn push_if(&mut self, mv: Move, burns_needed: bool) {
        if !burns_needed || !self.pos.auto_burns(mv).victims.is_empty() {
            self.push(mv);
        }
    }

    /// (Inlined in the WebAssembly build, like `piece_moves`: kept out of
    /// line there it costs 3.6% more instructions, and the inliner's
    /// choice shifts with small changes elsewhere.)
    #[cfg_attr(target_arch = "wasm32", inline(always))]
    fn rays(&mut self, t: &PieceType, from: Square) {
        for r in t.rays(self.us) {
            let mut sq = from;
            let mut n = 0u8;
            if r.skip_first {
                // The first square is ignored, whatever stands there.
                sq = sq.offset(r.delta);
                if self.pos.cell(sq).is_off() {
                    continue;
                }
                n = 1;
            }
            // The first square before the loop: most rays end there (a
            // step, or a slide that meets a piece), and in WebAssembly
            // each pass through a loop's head costs a stack check.
            sq = sq.offset(r.delta);
            if !self.ray_square(t, from, r, sq, n) {
                continue;
            }
            n += 1;
            if n == r.range {
                continue;
            }
            loop {
                sq = sq.offset(r.delta);
                if !self.ray_square(t, from, r, sq, n) {
                    break;
                }
                n += 1;
                if n == r.range {
                    break;
                }
            }
        }
    }

    /// The `n`-th square (from 0) of ray `r` from `from`, `sq`: its move,
    /// and whether the ray goes on past it.
    #[inline(always)]
    fn ray_square(&mut self, t: &PieceType, from: Square, r: &Ray, sq: Square, n: u8) -> bool {
        let cell = self.pos.cell(sq);
        if cell.is_off() {
            return false;
        }
        let covered = n < 8 && r.covered & (1 << n) != 0;
        match cell.piece() {
            None => {
                // Among captures only, a move to an empty square counts
                // only for a piece that may burn there.
                if r.can_move && !covered && (!self.captures_only || t.burns) {
                    self.emit(t, from, sq, &[]);
                }
                true
            }
            Some(p) => {
                if r.can_capture && p.color() != self.us && !covered {
                    self.emit(t, from, sq, &[]);
                }
                if let Some(jump) = t.jump
                    && r.range == 0
                    && r.can_capture
                {
                    self.jump_capture(t, from, r.delta, sq, jump);
                }
                false
            }
        }
    }

    /// Captures beyond the first piece met on a slide line (`first`):
    /// every piece jumped must rank below the mover, at most `jump.max` of
    /// them (0: any number), and the move ends by capturing an enemy of any
    /// rank (with `lower_victims`, of a lower one); with `take_jumped` each jumped enemy may also be captured in
    /// passing (docs/rules/nutty.md 5.2, suzumu.md 5.2).
    fn jump_capture(
        &mut self,
        t: &PieceType,
        from: Square,
        delta: i32,
        first: Square,
        jump: crate::variant::Jump,
    ) {
        let rank_of =
            |e: &Self, sq: Square| e.pos.piece_at(sq).map_or(0, |p| e.v.piece(p.kind()).rank);
        if rank_of(self, first) >= t.rank {
            return;
        }
        let mut jumped = 1u8;
        // Jumped enemies that may be taken in passing, nearest first.
        let mut takeable: ArrayVec<Square, 2> = ArrayVec::new();
        let note = |e: &Self, sq: Square, takeable: &mut ArrayVec<Square, 2>| {
            if jump.take_jumped && e.is_enemy(sq) {
                let _ = takeable.try_push(sq);
            }
        };
        note(self, first, &mut takeable);
        let mut sq = first;
        loop {
            sq = sq.offset(delta);
            let cell = self.pos.cell(sq);
            if cell.is_off() {
                break;
            }
            if cell.is_empty() {
                continue;
            }
            if self.is_enemy(sq) && !(jump.lower_victims && rank_of(self, sq) >= t.rank) {
                self.emit(t, from, sq, &[]);
                match takeable.as_slice() {
                    [] => {}
                    &[a] => self.emit(t, from, sq, &[a]),
                    &[a, b] => {
                        self.emit(t, from, sq, &[a]);
                        self.emit(t, from, sq, &[b]);
                        self.emit(t, from, sq, &[a, b]);
                    }
                    _ => unreachable!("at most two kill squares"),
                }
            }
            if rank_of(self, sq) >= t.rank || (jump.max != 0 && jumped >= jump.max) {
                break;
            }
            jumped = jumped.saturating_add(1);
            note(self, sq, &mut takeable);
        }
    }

    /// Area move (docs/rules/nutty.md 5.3, suzumu.md 5.1): up to `t.area` king
    /// steps, each in any direction, through empty squares; the last may
    /// capture. Back on the start square it is a pass, unless the data
    /// says `area-pass=no`. A destination the piece already reaches by its
    /// other moves is not emitted again.
    fn area(&mut self, t: &PieceType, from: Square) {
        let mut seen = CellSet::default();
        seen.insert(from);
        // Every empty square reached, in the order reached, the last
        // step's squares from `start` on: one list rather than a frontier
        // copied per step. Three king steps (the most `area` allows) reach
        // at most 48 squares.
        let mut reached: ArrayVec<Square, 64> = ArrayVec::new();
        reached.push(from);
        let mut start = 0;
        let mut can_pass = false;
        for step in 0..t.area {
            let end = reached.len();
            for i in start..end {
                let q = reached[i];
                for &d in &KING_STEPS {
                    let sq = q.offset(d);
                    if sq == from {
                        can_pass |= step > 0;
                        continue;
                    }
                    let cell = self.pos.cell(sq);
                    let enemy = self.is_enemy(sq);
                    if !(cell.is_empty() || enemy) || !seen.insert(sq) {
                        continue;
                    }
                    if cell.is_empty() {
                        reached.push(sq);
                    }
                    if step == 0 || !self.slides_reach(t, from, sq) {
                        self.emit(t, from, sq, &[]);
                    }
                }
            }
            start = end;
        }
        if can_pass && t.area_pass {
            self.emit(t, from, from, &[]);
        }
    }

    /// Whether the piece's slides (`rays`, jump captures included) reach
    /// `to`, at distance 2 or more on one of its lines, with no kill
    /// squares: an area move there would repeat that effect.
    fn slides_reach(&self, t: &PieceType, from: Square, to: Square) -> bool {
        if !from.on_line(to) {
            return false;
        }
        let n = from.distance(to);
        let step = |a: usize, b: usize| (b as i32 - a as i32).signum();
        let d = crate::types::delta(step(from.file(), to.file()), step(from.rank(), to.rank()));
        let enemy = self.is_enemy(to);
        t.rays(self.us).iter().any(|r| {
            if r.delta != d || r.skip_first || !(r.range == 0 || r.range as usize >= n) {
                return false;
            }
            let mut between = 0u8;
            let mut lowest_rank_ok = true;
            let mut sq = from.offset(d);
            while sq != to {
                if let Some(p) = self.pos.piece_at(sq) {
                    between += 1;
                    lowest_rank_ok &= self.v.piece(p.kind()).rank < t.rank;
                }
                sq = sq.offset(d);
            }
            match between {
                0 => {
                    if enemy {
                        r.can_capture
                    } else {
                        r.can_move
                    }
                }
                _ => t.jump.is_some_and(|j| {
                    let victim_ok = !j.lower_victims
                        || self
                            .pos
                            .piece_at(to)
                            .is_some_and(|p| self.v.piece(p.kind()).rank < t.rank);
                    enemy
                        && victim_ok
                        && r.range == 0
                        && r.can_capture
                        && lowest_rank_ok
                        && (j.max == 0 || between <= j.max)
                }),
            }
        })
    }

    /// Igui on up to `t.igui` adjacent enemies at once, any type (the
    /// Tetrarchs; Suzumu's Fire Demon), victims in ascending square order.
    fn igui(&mut self, t: &PieceType, from: Square) {
        let victims = self.enemies_around(from, |_| true);
        self.emit_victim_sets(t, from, from, &victims, t.igui);
    }

    /// The Lion's capture-first moves on diagonal steps (Harpy, Free
    /// Eagle): take a diagonal neighbour and stay (igui) or step on
    /// diagonally to an empty square or onto another enemy; a pass over an
    /// empty diagonal neighbour.
    fn diagonal_lion(&mut self, t: &PieceType, from: Square) {
        let mut can_pass = false;
        for &d in KING_STEPS.iter().skip(1).step_by(2) {
            let a = from.offset(d);
            if self.pos.cell(a).is_empty() {
                can_pass = true;
            }
            if !self.is_enemy(a) {
                continue;
            }
            self.emit(t, from, from, &[a]);
            for &e in KING_STEPS.iter().skip(1).step_by(2) {
                let to = a.offset(e);
                if to != from && (self.pos.cell(to).is_empty() || self.is_enemy(to)) {
                    self.emit(t, from, to, &[a]);
                }
            }
        }
        if can_pass {
            self.emit(t, from, from, &[]);
        }
    }

    /// Lion power: steps, jumps to distance 2, igui, hit and run, double
    /// capture, pass. A step-step through an empty square has the effect of
    /// a jump (or, back to the start, a pass), so only paths whose first step
    /// captures are generated as two legs.
    fn lion(&mut self, t: &PieceType, from: Square) {
        let mut can_pass = false;
        for &d in &KING_STEPS {
            let a = from.offset(d);
            let cell = self.pos.cell(a);
            if cell.is_off() {
                continue;
            }
            match cell.piece() {
                None => {
                    can_pass = true;
                    self.emit(t, from, a, &[]);
                }
                Some(p) if p.color() != self.us => {
                    self.emit(t, from, a, &[]);
                    self.emit(t, from, from, &[a]);
                    for &e in &KING_STEPS {
                        let to = a.offset(e);
                        if to == from {
                            continue;
                        }
                        let c2 = self.pos.cell(to);
                        if (c2.is_empty() || self.is_enemy(to))
                            && self.lion_capture_allowed(from, to, Some(a))
                        {
                            self.emit(t, from, to, &[a]);
                        }
                    }
                }
                Some(_) => {}
            }
        }
        for &d in &LION_JUMPS {
            let to = from.offset(d);
            let cell = self.pos.cell(to);
            if cell.is_empty() || (self.is_enemy(to) && self.lion_capture_allowed(from, to, None)) {
                self.emit(t, from, to, &[]);
            }
        }
        if can_pass {
            self.emit(t, from, from, &[]);
        }
    }

    /// Chu rule 1: a Lion may take a non-adjacent Lion only if it is not
    /// protected, unless the move is a double capture whose first victim is
    /// not a worthless bridge (unpromoted Pawn or Go-Between). Protection is
    /// judged in the position before the move with the capturing Lion
    /// lifted and the first victim's square see-through ([J], rules 5.4.1).
    fn lion_capture_allowed(&self, from: Square, to: Square, first: Option<Square>) -> bool {
        if !self.v.lion_trading
            || !self.is_lion_at(to)
            || !self.is_lion_at(from)
            || from.distance(to) < 2
        {
            return true;
        }
        if let Some(a) = first {
            let victim = self.pos.piece_at(a).map(|p| self.v.piece(p.kind()));
            if victim.is_some_and(|t| !t.bridge) {
                return true;
            }
        }
        let transparent = [Some(from), first];
        let captured = match self.protection {
            Protection::BeforeMove => None,
            Protection::AfterMove => first,
        };
        !attacked_by(self.pos, to, self.us.flip(), &transparent, captured)
    }

    /// Limited Lion power along single directions (Horned Falcon, Soaring
    /// Eagle): step to F1, jump to F2, capture on F1 then continue to F2 or
    /// return (igui). Returns whether F1 is empty, which allows a pass.
    fn sting(&mut self, t: &PieceType, from: Square, d: i32) -> bool {
        let f1 = from.offset(d);
        let c1 = self.pos.cell(f1);
        if c1.is_off() {
            return false;
        }
        let f2 = f1.offset(d);
        let c2 = self.pos.cell(f2);
        let f2_open = c2.is_empty() || self.is_enemy(f2);
        if c1.is_empty() {
            self.emit(t, from, f1, &[]);
        } else if self.is_enemy(f1) {
            self.emit(t, from, f1, &[]);
            self.emit(t, from, from, &[f1]);
            if f2_open {
                self.emit(t, from, f2, &[f1]);
            }
        }
        if f2_open {
            self.emit(t, from, f2, &[]);
        }
        c1.is_empty()
    }

    /// Wolf power along each king line, with d1..d3 the squares out from
    /// the Wolf: jump to any of them; capture d1 and stay (igui), or go on
    /// to d2 or d3; capture d2 and end on d1 or d3; capture d1 and d2 and
    /// end on d3 (docs/rules/cashew.md 5.3). Each effect once; a pass if a
    /// neighbour is empty.
    fn wolf(&mut self, t: &PieceType, from: Square) {
        let mut can_pass = false;
        for &d in &KING_STEPS {
            let s1 = from.offset(d);
            if self.pos.cell(s1).is_off() {
                continue;
            }
            let s2 = s1.offset(d);
            let s3 = s2.offset(d);
            let open = |e: &Self, sq: Square| e.pos.cell(sq).is_empty() || e.is_enemy(sq);
            can_pass |= self.pos.cell(s1).is_empty();
            for sq in [s1, s2, s3] {
                if open(self, sq) {
                    self.emit(t, from, sq, &[]);
                }
            }
            let (e1, e2) = (self.is_enemy(s1), self.is_enemy(s2));
            if e1 {
                self.emit(t, from, from, &[s1]);
                if open(self, s2) {
                    self.emit(t, from, s2, &[s1]);
                }
                if open(self, s3) {
                    self.emit(t, from, s3, &[s1]);
                }
            }
            if e2 {
                if open(self, s1) {
                    self.emit(t, from, s1, &[s2]);
                }
                if open(self, s3) {
                    self.emit(t, from, s3, &[s2]);
                }
            }
            if e1 && e2 && open(self, s3) {
                self.emit(t, from, s3, &[s1, s2]);
            }
        }
        if can_pass {
            self.emit(t, from, from, &[]);
        }
    }

    /// Hook move: slide over empty squares to an empty turning square, turn
    /// 90 degrees, slide on to an empty square or the first enemy. The
    /// straight slide is an ordinary ray of the piece; two routes can reach
    /// one square (turn after a then b, or after b then a), so targets are
    /// marked once. A turned target never lies on one of the hook's own
    /// slide lines from the origin, so no hook move repeats a straight
    /// slide; the data gives hook pieces no other ray that could reach a
    /// turned target (the Goblin's W step changes square colour, its
    /// diagonal hooks do not).
    fn hook(&mut self, t: &PieceType, from: Square, diagonal: bool) {
        let mut seen = CellSet::default();
        for i in hook_directions(diagonal) {
            let a = KING_STEPS[i];
            let mut turn = from.offset(a);
            while self.pos.cell(turn).is_empty() {
                for b in [KING_STEPS[(i + 2) % 8], KING_STEPS[(i + 6) % 8]] {
                    let mut sq = turn.offset(b);
                    loop {
                        let cell = self.pos.cell(sq);
                        if cell.is_off() || !(cell.is_empty() || self.is_enemy(sq)) {
                            break;
                        }
                        if seen.insert(sq) {
                            self.emit(t, from, sq, &[]);
                        }
                        if !cell.is_empty() {
                            break;
                        }
                        sq = sq.offset(b);
                    }
                }
                turn = turn.offset(a);
            }
        }
    }

    /// Emperor: a leap to any empty square, or a capture anywhere except of
    /// a protected enemy royal (docs/rules/macadamia.md 5.1).
    fn emperor(&mut self, t: &PieceType, from: Square) {
        for &to in &self.v.squares {
            match self.pos.piece_at(to) {
                None => self.emit(t, from, to, &[]),
                Some(p) if p.color() != self.us => {
                    if !(self.v.piece(p.kind()).royal && emperor_refused(self.pos, from, to)) {
                        self.emit(t, from, to, &[]);
                    }
                }
                Some(_) => {}
            }
        }
    }
}

/// Indices into `KING_STEPS` of a hook piece's four slide directions.
pub(crate) fn hook_directions(diagonal: bool) -> impl Iterator<Item = usize> {
    (usize::from(diagonal)..8).step_by(2)
}

/// Whether an Emperor on `from` may not take the royal on `to`: some other
/// piece of the royal's side could recapture there afterwards, an Emperor
/// of that side guarding every square.
fn emperor_refused(pos: &Position, from: Square, to: Square) -> bool {
    let Some(victim) = pos.piece_at(to) else {
        return false;
    };
    attacked_by(pos, to, victim.color(), &[Some(from)], Some(to))
}

/// The pieces a move removes, as far as promotion cares.
#[derive(Default)]
struct Victims {
    any: bool,
    /// A promoted piece was taken (Macadamia: promotion becomes forced).
    promoted: bool,
    /// A piece with contagion was taken (Saint, Ghost, Priest, Pirate).
    contagion: bool,
}

impl Victims {
    /// The victims of a move from `from` to `to` removing `kills` (the
    /// destination's occupant too, unless the piece stays put).
    #[inline]
    fn of(pos: &Position, from: Square, to: Square, kills: &[Square]) -> Victims {
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

enum Promotion {
    None,
    Optional,
    Forced,
}

/// Why a move offers promotion under the Chu rule (docs/rules/chu.md 4.1,
/// dai.md 4.1): by the zone rule (a, b) and by a piece reaching a rank it
/// could never leave (c, `dead-ranks`).
#[derive(Clone, Copy, Default)]
struct Offer {
    by_zone: bool,
    by_dead_rank: bool,
}

/// Why a move offers promotion under the Chu rule.
fn chu_offer(
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
fn promotion(
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

/// Whether a move removes an enemy piece (Nutty burns included).
#[inline]
pub fn is_capture(pos: &Position, mv: Move) -> bool {
    !mv.kills().is_empty()
        || (mv.to() != mv.from() && pos.piece_at(mv.to()).is_some())
        || (pos.variant().auto_burn && burns(pos, mv.pack(), None))
}

/// Whether `mv` removes the (enemy) piece on `target`: as a kill square,
/// on its destination, or by Nutty's burning.
pub fn removes(pos: &Position, mv: Move, target: Square) -> bool {
    mv.kills_on(target)
        || (mv.to() != mv.from() && mv.to() == target)
        || (pos.variant().auto_burn && burns(pos, mv.pack(), Some(target)))
}

/// Whether Nutty's burns by the move packed as `bits` (`Move::pack`)
/// remove the piece on `target`, or with `None` any piece. Out of line
/// and given the move packed: a `Move` (10 bytes) handed to a function
/// that is not inlined goes through memory in the WebAssembly build,
/// which gave every caller a stack frame on its hot path.
#[inline(never)]
fn burns(pos: &Position, bits: u64, target: Option<Square>) -> bool {
    let victims = pos.auto_burns(Move::unpack(bits)).victims;
    match target {
        Some(sq) => victims.contains(&sq),
        None => !victims.is_empty(),
    }
}

/// XBoard's piece slots that it treats as pawns on the last rank.
const XBOARD_PAWN_SLOT: u8 = 0;
const XBOARD_LANCE_SLOT: u8 = 18;

/// Moves the rules allow but the engine does not play itself because
/// XBoard 4.9.1 or HaChu would reject them (docs/rules/chu.md 4.3 and section 8,
/// dai.md 4.3): a promotion offered only by the dead-rank rule (HaChu
/// rejects it), a piece with dead ranks (Pawn, Lance; in Dai also Iron,
/// Stone, Knight) declining a promotion the zone rule offers (HaChu
/// promotes such pieces silently on their dead ranks and restricts
/// declined pawns; declining elsewhere gains them little), and, after a
/// piece other than `N` took an `N`, any capture of an `N` (XBoard forbids
/// it even by a Lion). In every variant: a move with two kill squares
/// (three legs, a Wolf's double capture on the way), which XBoard 4.9.1
/// passes on wrongly (it turned `g7g8,g8g9,g9g10` into `g7g8,g8g9,g9g8`),
/// and, where only captures promote, a non-promoting move onto a rank the
/// piece can never leave (XBoard then appends a promotion letter of its
/// own, and the piece would be stranded anyway). On a 16-rank board, any
/// move from rank 16: XBoard 4.9.1 takes it for a drop. A piece in
/// XBoard's Pawn or Lance slot (Nutty's Buffalo has the Lance's) moving to
/// the last rank without promoting: XBoard relays it with a `q` of its
/// own (`g9k13` became `g9k13q` in a Nutty match).
pub fn interop_safe(pos: &Position, mv: Move) -> bool {
    let v = pos.variant();
    let Some(p) = pos.piece_at(mv.from()) else {
        return false;
    };
    let t = v.piece(p.kind());
    if mv.kills().len() > 1 {
        return false;
    }
    if mv.from() == mv.to() && mv.kills().is_empty() && mv.promotes() {
        // A promotion without moving has no notation XBoard knows.
        return false;
    }
    if v.height == 16 && mv.from().rank() == 15 {
        // XBoard records and relays a move from rank 16 as a drop of the
        // file's letter (`K@j15`): its own board goes wrong from then on
        // (and it later forfeits moves its board cannot follow), promotions
        // and kill squares are lost, and a file whose letter no piece has
        // becomes `@@@@`.
        return false;
    }
    if matches!(t.slot, Some(XBOARD_PAWN_SLOT | XBOARD_LANCE_SLOT))
        && v.is_last_rank(p.color(), mv.to())
        && !mv.promotes()
    {
        return false;
    }
    if v.promotion != PromotionRule::Chu
        && v.is_dead_square(t, p.color(), mv.to())
        && !mv.promotes()
    {
        return false;
    }
    if v.promotion == PromotionRule::Chu {
        let captures = is_capture(pos, mv);
        let o = chu_offer(v, t, p.color(), mv.from(), mv.to(), captures);
        if mv.promotes() && !o.by_zone {
            return false;
        }
        if t.dead_ranks > 0 && o.by_zone && !mv.promotes() {
            return false;
        }
    }
    if pos.state().xboard_strike {
        let plain_lion = |sq: Square| {
            pos.piece_at(sq)
                .is_some_and(|q| Some(q.kind()) == v.xboard_lion)
        };
        if mv.kills().iter().any(|&k| plain_lion(k))
            || (mv.to() != mv.from() && plain_lion(mv.to()))
        {
            return false;
        }
    }
    true
}

/// Whether HaChu 0.21 follows a move the rules allow (docs/rules/cashew.md and
/// macadamia.md §8, and refusals seen in matches): it moves some types
/// wrongly or not at all (hook movers, the Emperor, the Golden Bird: the
/// data's `hachu-misplays`), lacks the Wolf's "capture d1, go on to d3"
/// and "capture d2, back to an empty d1", and converts a capturer only on
/// taking a Saint or Ghost, not a Priest or Pirate. The engine avoids these
/// moves, when asked to, so that games against HaChu are played to their
/// end.
pub fn hachu_follows(pos: &Position, mv: Move) -> bool {
    let v = pos.variant();
    let Some(mover) = pos.piece_at(mv.from()) else {
        return false;
    };
    let t = v.piece(mover.kind());
    if t.hachu_misplays {
        return false;
    }
    if mv.promotes() && t.promotes_to.is_some_and(|k| v.piece(k).hachu_misplays) {
        return false;
    }
    // HaChu marks its Pawn (`P`) when it declines promotion on entering
    // the zone and then lets it promote only on the last rank: a Pawn
    // inside the zone came in unpromoted (no opening has one there), so
    // its capture that promotes short of the last rank is refused
    // (`b9b10+` in a Chu match).
    if v.promotion == PromotionRule::Chu
        && t.token == "P"
        && mv.promotes()
        && v.in_zone(mover.color(), mv.from())
        && !v.is_last_rank(mover.color(), mv.to())
    {
        return false;
    }
    let unpromoted_convert = |sq: Square| {
        pos.piece_at(sq)
            .is_some_and(|p| v.piece(p.kind()).contagion.is_some() && !v.piece(p.kind()).promoted)
    };
    let dest = (mv.to() != mv.from()).then_some(mv.to());
    if !v.is_exempt_from_contagion(t)
        && mv
            .kills()
            .iter()
            .chain(dest.iter())
            .any(|&sq| unpromoted_convert(sq))
    {
        return false;
    }
    if t.power == Power::Wolf
        && let [kill] = mv.kills()
    {
        let (out, to) = (mv.from().distance(*kill), mv.from().distance(mv.to()));
        let back_to_empty = out == 2 && to == 1 && pos.cell(mv.to()).is_empty();
        if back_to_empty || (out == 1 && to == 3) {
            return false;
        }
    }
    true
}

/// The moves accepted from an opponent or a user (repetition aside):
/// liberal, either reading of Lion-trading rule 1 and the counter-strikes
/// the Okazaki rule allows (docs/rules/chu.md 8, items 5 and 6), unless the
/// variant's rules are exact (`lenient_lion_rules` off: lishogi's), when
/// they are the moves `generate` lists.
pub fn accepted_moves(pos: &Position) -> Vec<Move> {
    let mut legal = Vec::new();
    if pos.variant().lenient_lion_rules {
        generate_into(pos, &mut legal, false, Protection::AfterMove, true);
    } else {
        generate(pos, &mut legal);
    }
    legal
}

/// Whether the piece on `from`, were it to move again, could take an enemy
/// piece on the square it moves to, in one leg (a step, slide or jump;
/// the Lion-trading rules as the position's rule state has them): with a
/// check, what makes a move an attack for lishogi's perpetual-check rule
/// (`repetition`).
pub fn threatens(pos: &Position, from: Square) -> bool {
    let Some(p) = pos.piece_at(from) else {
        return false;
    };
    let v = pos.variant();
    let mut probe = OneLegCapture::default();
    let mut e = Emitter::for_piece(pos, p.color(), &mut probe, true, false);
    e.piece_moves(v.piece(p.kind()), from);
    probe.found
}

/// Whether `mv`'s piece also makes `mv` by its ordinary movement (a
/// slide, step or jump from the data), apart from its special powers and
/// area move: that way is one path of its own (path-counting perft).
pub fn made_by_rays(pos: &Position, mv: Move) -> bool {
    let Some(p) = pos.piece_at(mv.from()) else {
        return false;
    };
    let v = pos.variant();
    let mut moves = Vec::new();
    let mut e = Emitter::for_piece(pos, p.color(), &mut moves, false, pos.okazaki());
    e.rays(v.piece(p.kind()), mv.from());
    moves.contains(&mv)
}

/// Only asks whether one given move is generated (`generates`).
struct Finds {
    mv: Move,
    found: bool,
}

impl Sink for Finds {
    fn take(&mut self, _: &Position, mv: Move) {
        self.found |= mv == self.mv;
    }

    #[inline(always)]
    fn may_take(&self, _t: &PieceType, to: Square, _kills: &[Square]) -> bool {
        !self.found && to == self.mv.to()
    }
}

/// Whether `mv` is among the moves `generate` lists, found by generating
/// the moves of its piece alone: the search tries the hash move before
/// it generates the rest, and a move from another position (a hash
/// collision) must not be played.
pub fn generates(pos: &Position, mv: Move) -> bool {
    if pos.is_over() {
        return false;
    }
    let from = mv.from();
    let Some(t) = mover(pos, from) else {
        return false;
    };
    let mut finds = Finds { mv, found: false };
    let mut e = Emitter::for_side_to_move(
        pos,
        &mut finds,
        false,
        Protection::BeforeMove,
        pos.okazaki(),
    );
    e.piece_moves(t, from);
    finds.found
}

/// The type of the piece on `from` if the side to move may move it: its
/// own, and not frozen (Suzumu's freezers).
#[inline]
fn mover(pos: &Position, from: Square) -> Option<&'static PieceType> {
    let v = pos.variant();
    let p = pos.piece_at(from)?;
    (p.color() == pos.side() && !(v.has_freezers && pos.is_frozen(from))).then(|| v.piece(p.kind()))
}

/// All legal moves of the side to move (repetition aside) into `out`.
pub fn generate(pos: &Position, out: &mut Vec<Move>) {
    generate_into(pos, out, false, Protection::BeforeMove, pos.okazaki());
}

/// The legal moves that remove an enemy piece.
pub fn generate_captures(pos: &Position, out: &mut Vec<Move>) {
    generate_into(pos, out, true, Protection::BeforeMove, pos.okazaki());
}

fn generate_into(
    pos: &Position,
    out: &mut Vec<Move>,
    captures_only: bool,
    protection: Protection,
    okazaki: bool,
) {
    out.clear();
    if pos.is_over() {
        return;
    }
    let mut e = Emitter::for_side_to_move(pos, out, captures_only, protection, okazaki);
    for from in pos.squares_of(pos.side()) {
        if let Some(t) = mover(pos, from) {
            e.piece_moves(t, from);
        }
    }
}

impl<'a, S: Sink> Emitter<'a, S> {
    /// The emitter of the legal moves of the side to move.
    fn for_side_to_move(
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

/// Keeps the moves that remove the piece on `target`
/// (`generate_captures_of`).
struct Removing<'a> {
    target: Square,
    out: &'a mut Vec<Move>,
}

impl Sink for Removing<'_> {
    fn take(&mut self, pos: &Position, mv: Move) {
        if removes(pos, mv, self.target) {
            self.out.push(mv);
        }
    }

    #[inline(always)]
    fn may_take(&self, t: &PieceType, to: Square, kills: &[Square]) -> bool {
        may_remove(t, to, kills, self.target)
    }
}

/// The legal moves of the side to move that remove the piece on `target`,
/// in the order `generate_captures` lists them: only the pieces the attack
/// test finds, the pieces with special moves that `special_may_reach` the
/// target, and Emperors are generated (the exchanges of `see` ask this
/// once per reply).
pub fn generate_captures_of(pos: &Position, target: Square, out: &mut Vec<Move>) {
    out.clear();
    if pos.is_over() {
        return;
    }
    let us = pos.side();
    let mut seen = CellSet::default();
    let mut movers: ArrayVec<Square, 64> = ArrayVec::new();
    let mut overflow = false;
    let mut add = |sq: Square| {
        if seen.insert(sq) && movers.try_push(sq).is_err() {
            overflow = true;
        }
    };
    for_each_attacker(pos, target, us, &[], None, &mut |sq| {
        add(sq);
        false
    });
    let v = pos.variant();
    let reaching_specials = pos
        .specials(us)
        .iter()
        .copied()
        .filter(|&sq| special_may_reach(sq, target));
    for sq in reaching_specials.chain(emperors(pos, us)) {
        if !(v.has_freezers && pos.is_frozen(sq)) {
            add(sq);
        }
    }
    if overflow {
        generate_captures(pos, out);
        out.retain(|&m| removes(pos, m, target));
        return;
    }
    // Mailbox order is `Variant::squares` order, the order generation
    // walks the board in.
    movers.sort_unstable_by_key(|sq| sq.index());
    let mut sink = Removing { target, out };
    let mut e =
        Emitter::for_side_to_move(pos, &mut sink, true, Protection::BeforeMove, pos.okazaki());
    for &from in &movers {
        if let Some(p) = pos.piece_at(from) {
            e.piece_moves(v.piece(p.kind()), from);
        }
    }
}

impl<S: Sink> Emitter<'_, S> {
    /// Every move of one piece. (Inlined into each caller in the
    /// WebAssembly build: see `rays`.)
    #[cfg_attr(target_arch = "wasm32", inline(always))]
    fn piece_moves(&mut self, t: &PieceType, from: Square) {
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

/// Whether the special piece (`PieceType::special`) on `from` can remove
/// the piece on `target` with its next move: its moves are generated and
/// looked at, once `special_may_reach` lets the target through.
fn special_attacks(pos: &Position, from: Square, target: Square) -> bool {
    if !special_may_reach(from, target) || pos.is_frozen(from) {
        return false;
    }
    let Some(p) = pos.piece_at(from) else {
        return false;
    };
    let v = pos.variant();
    let mut probe = Probe {
        target,
        found: false,
    };
    let mut e = Emitter::for_piece(pos, p.color(), &mut probe, true, pos.okazaki());
    e.piece_moves(v.piece(p.kind()), from);
    probe.found
}

/// Whether a special piece on `from` may remove the piece on `target` at
/// all: the target is within four squares, or it or one of its neighbours
/// stands on one of the lines through `from`. Area moves and burns stay
/// within four squares; jumps, skipped first squares and igui follow the
/// piece's lines; a burn at the end of a line move takes a neighbour of
/// the line's square.
fn special_may_reach(from: Square, target: Square) -> bool {
    let dx = (target.file() as i32 - from.file() as i32).abs();
    let dy = (target.rank() as i32 - from.rank() as i32).abs();
    dx.max(dy) <= 4 || dx <= 1 || dy <= 1 || (dx - dy).abs() <= 2
}

/// Whether any piece of `by` could capture on `target` (a Lion or sting
/// by any of its legs), an Emperor counting as guarding every square (the
/// test for protection: docs/rules/macadamia.md 5.1). Squares in `transparent`
/// do not block lines, but a piece of `by` standing on one still attacks
/// (Lion-trading rule 1 judges protection with the capturing Lion lifted
/// and the first victim's square see-through), unless it is the piece on
/// `captured`.
pub fn attacked_by(
    pos: &Position,
    target: Square,
    by: Color,
    transparent: &[Option<Square>],
    captured: Option<Square>,
) -> bool {
    attacked_by_movers(pos, target, by, transparent, captured)
        || emperors(pos, by).any(|e| e != target && Some(e) != captured)
}

/// The squares of `by`'s Emperors.
fn emperors(pos: &Position, by: Color) -> impl Iterator<Item = Square> + '_ {
    let v = pos.variant();
    let royals = if v.has_emperor {
        pos.royal_squares(by)
    } else {
        &[]
    };
    royals.iter().copied().filter(move |&sq| {
        pos.piece_at(sq)
            .is_some_and(|p| v.piece(p.kind()).power == Power::Emperor)
    })
}

/// `attacked_by` without Emperors.
fn attacked_by_movers(
    pos: &Position,
    target: Square,
    by: Color,
    transparent: &[Option<Square>],
    captured: Option<Square>,
) -> bool {
    for_each_attacker(pos, target, by, transparent, captured, &mut |_| true)
        || pos
            .specials(by)
            .iter()
            .any(|&sq| Some(sq) != captured && special_attacks(pos, sq, target))
}

/// Calls `visit` with the square of each piece of `by` without special
/// moves (nor an Emperor's) that can capture on `target`, a piece perhaps
/// more than once, until `visit` returns true; whether it did.
#[inline(always)]
fn for_each_attacker(
    pos: &Position,
    target: Square,
    by: Color,
    transparent: &[Option<Square>],
    captured: Option<Square>,
    visit: &mut impl FnMut(Square) -> bool,
) -> bool {
    // The piece on `captured` is gone: it neither blocks nor attacks; a
    // frozen piece does not move.
    let attacker = |sq: Square| {
        pos.piece_at(sq)
            .filter(|p| p.color() == by && Some(sq) != captured && !pos.is_frozen(sq))
    };
    let v = pos.variant();
    for (i, &d) in KING_STEPS.iter().enumerate() {
        let back = (i + 4) % 8;
        let mut sq = target;
        let mut distance = 0u8;
        loop {
            sq = sq.offset(d);
            distance += 1;
            let cell = pos.cell(sq);
            if cell.is_off() {
                break;
            }
            if cell.piece().is_some() {
                if let Some(p) = attacker(sq) {
                    let t = v.piece(p.kind());
                    let reach = t.reach(by, back);
                    // Farther Wolves are found by their jumps below.
                    let attacks = reach == UNLIMITED
                        || reach >= distance
                        || (distance <= 2
                            && (t.power == Power::Lion
                                || t.stings(by).contains(&KING_STEPS[back])))
                        || (distance == 1 && t.power == Power::Wolf);
                    if attacks && visit(sq) {
                        return true;
                    }
                }
                if !transparent.contains(&Some(sq)) {
                    break;
                }
            }
        }
    }
    // Jumps to distance 2 over whatever stands between.
    for &j in &LION_JUMPS {
        let sq = target.offset(j);
        if let Some(p) = attacker(sq) {
            let t = v.piece(p.kind());
            if (t.power == Power::Lion || t.stings(by).iter().any(|&d| 2 * d == -j)) && visit(sq) {
                return true;
            }
        }
    }
    if v.has_wolves {
        for &j in &WOLF_JUMPS {
            let sq = target.offset(j);
            if attacker(sq).is_some_and(|p| v.piece(p.kind()).power == Power::Wolf) && visit(sq) {
                return true;
            }
        }
    }
    if hooked(pos, target, by, transparent, captured, visit) {
        return true;
    }
    // Pieces with special moves exist only where no rule asks for
    // transparent squares (Lion trading, the Emperor); the callers look at
    // their generated moves.
    for &l in &v.leap_deltas[by.index()] {
        let sq = target.offset(-l);
        if attacker(sq).is_some_and(|p| v.piece(p.kind()).leaps(by).contains(&l)) && visit(sq) {
            return true;
        }
    }
    false
}

/// Whether a hook move of `by` (with its turn) reaches `target`: walk back
/// from the target along the second slide over empty squares; each one is
/// a possible turning square, from which the first piece met sideways is
/// the candidate mover.
fn hooked(
    pos: &Position,
    target: Square,
    by: Color,
    transparent: &[Option<Square>],
    captured: Option<Square>,
    visit: &mut impl FnMut(Square) -> bool,
) -> bool {
    let v = pos.variant();
    let clear = |sq: Square| pos.cell(sq).is_empty() || transparent.contains(&Some(sq));
    for diagonal in [false, true] {
        if !pos.has_hook(by, diagonal) {
            continue;
        }
        for i in hook_directions(diagonal) {
            let a = KING_STEPS[i];
            let mut turn = target.offset(a);
            while clear(turn) {
                for b in [KING_STEPS[(i + 2) % 8], KING_STEPS[(i + 6) % 8]] {
                    let mut sq = turn.offset(b);
                    while clear(sq) {
                        sq = sq.offset(b);
                    }
                    let hooker = pos.piece_at(sq).filter(|p| {
                        p.color() == by
                            && Some(sq) != captured
                            && v.piece(p.kind()).power == Power::Hook { diagonal }
                    });
                    if hooker.is_some() && visit(sq) {
                        return true;
                    }
                }
                turn = turn.offset(a);
            }
        }
    }
    false
}

/// Whether some royal of `color` can be captured by the opponent's next
/// move.
pub fn royal_attacked(pos: &Position, color: Color) -> bool {
    pos.royal_squares(color)
        .iter()
        .any(|&sq| capturable(pos, sq, color.flip()))
}

/// Whether `by` can capture the piece on `sq` with its next move: as
/// `attacked_by`, except that an Emperor takes a royal only when it is
/// unprotected (docs/rules/macadamia.md 5.1 and 6: only then does it attack it).
pub fn capturable(pos: &Position, sq: Square, by: Color) -> bool {
    let royal = pos
        .piece_at(sq)
        .is_some_and(|p| pos.variant().piece(p.kind()).royal);
    if !royal {
        return attacked_by(pos, sq, by, &[], None);
    }
    attacked_by_movers(pos, sq, by, &[], None)
        || emperors(pos, by).any(|e| !emperor_refused(pos, e, sq))
}

/// Find the legal move a move string names (docs/notation.md notation): kill
/// squares in any order, `@@@@`, `f6f6` and `f6f7,f7f6` over an empty `f7`
/// for a pass, `=` or no suffix to decline promotion. Lion-trading rule 1
/// is read the lenient way ([H]: protection judged after the move), so that
/// every move HaChu or the association's rules allow is accepted.
/// Repetition is not checked here.
pub fn parse_move(pos: &Position, text: &str) -> Result<Move, String> {
    let v = pos.variant();
    let mut t = MoveText::parse(text, v.width, v.height)?;
    let legal = accepted_moves(pos);
    let pass = t.null || t.as_pass(t.kills.first().is_some_and(|&k| pos.cell(k).is_empty()));
    let found = if pass {
        // `f6f6+` (or `f6f7,f7f6+`) promotes in place (Suzumu).
        let promote = t.promote == Some(true);
        legal.iter().find(|m| {
            m.from() == m.to()
                && m.kills().is_empty()
                && m.promotes() == promote
                && (t.null || m.from() == t.from)
        })
    } else {
        // A leg through an empty square removes nothing: `f6f7,f7f8` over an
        // empty f7 is the jump `f6f8`. Only a two-leg move may be read
        // that way; in a three-leg move every kill square must hold a
        // piece (docs/rules/suzumu.md 7.5), except the destination when the path
        // passes it first (the Cashew Wolf's `g7g8,g8g9,g9g8` over an empty
        // g8, cashew.md 7).
        let to = t.to;
        if t.kills.len() > 1 && t.kills.iter().any(|k| *k != to && pos.cell(*k).is_empty()) {
            return Err("a kill square of a three-leg move is empty".to_string());
        }
        t.kills.retain(|k| !pos.cell(*k).is_empty());
        // A victim on the destination is taken by arriving there: the
        // Wolf's `g7g8,g8g9,g9g8` is `g7g9,g9g8` onto an enemy g8.
        t.kills.retain(|k| *k != to);
        // Suffixes where the rules leave no choice. Saint/Ghost contagion
        // has no notation of its own: whatever suffix comes with a
        // converting capture (`+`, `=`, none, or the letters `z`/`j` of
        // HaChu's suffix table, docs/rules/macadamia.md 8.15), the rules decide.
        // And XBoard 4.9.1 appends a promotion letter of its own (`a2a1q`)
        // to a Pawn reaching the last rank where only captures promote: a
        // letter on a non-capture that cannot promote changes nothing.
        let contagion_letter = t.letter.is_none_or(|c| matches!(c, 'z' | 'j'));
        let bare = t.without_suffix();
        let no_choice = |m: Move| {
            !is_capture(pos, m)
                && !legal
                    .iter()
                    .any(|&o| o.promotes() && o.with_promotion(false) == m)
        };
        legal.iter().find(|m| m.matches(&t)).or_else(|| {
            legal.iter().find(|&&m| {
                m.matches(&bare)
                    && ((contagion_letter && converts(pos, m))
                        || (t.letter.is_some() && no_choice(m)))
            })
        })
    };
    found.copied().ok_or_else(|| {
        if pass && v.no_double_pass && pos.state().skipped(pos.side()) {
            return "no pass on two turns running".to_string();
        }
        // Say why when only the promotion choice is wrong.
        let bare = t.without_suffix();
        let effect_is_legal = legal.iter().any(|m| m.matches(&bare));
        let promoting_is_legal = legal.iter().any(|m| {
            m.promotes()
                && m.matches(&MoveText {
                    promote: Some(true),
                    ..bare.clone()
                })
        });
        match (effect_is_legal, promoting_is_legal, t.promote) {
            (false, true, _) => "this move must promote",
            (true, false, Some(true)) => "this move cannot promote",
            _ if t.letter.is_some() => "the piece letter names no conversion here",
            _ => "not a legal move",
        }
        .to_string()
    })
}

/// `parse_move`, and where only captures promote and `as_played` is set,
/// also a capture the rules make promote given without `+`, taken as played
/// (unpromoted). HaChu plays and accepts such captures in Cashew and
/// Macadamia; the rules files let a compatibility mode follow it
/// (cashew.md 8.7, macadamia.md 8.7) rather than refuse the move, and never
/// promote silently (the GUI's board would then differ).
pub fn parse_move_as_played(pos: &Position, text: &str, as_played: bool) -> Result<Move, String> {
    let refused = match parse_move(pos, text) {
        Ok(mv) => return Ok(mv),
        Err(e) => e,
    };
    let v = pos.variant();
    let capture_promotes = matches!(
        v.promotion,
        PromotionRule::CaptureForced | PromotionRule::Capture
    );
    let bare = MoveText::parse(text, v.width, v.height).is_ok_and(|t| t.promote.is_none());
    if !(as_played && capture_promotes && bare) {
        return Err(refused);
    }
    match parse_move(pos, &format!("{text}+")) {
        Ok(mv) if mv.promotes() && is_capture(pos, mv) => Ok(mv.with_promotion(false)),
        _ => Err(refused),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::VariantSet;

    /// `judge` applied to the moves of `variant` at `fen`, named by text.
    fn judge_moves(
        variant: &str,
        fen: &str,
        judge: fn(&Position, Move) -> bool,
    ) -> impl Fn(&str) -> bool {
        let v = VariantSet::builtin().find(variant).unwrap();
        let pos = Position::from_fen(v, fen).unwrap();
        move |text| judge(&pos, parse_move(&pos, text).unwrap())
    }

    #[test]
    fn unpromoted_captures_are_taken_as_played_only_when_asked() {
        // Cashew: a Commoner that captures must promote.
        let v = VariantSet::builtin().find("cashew").unwrap();
        let pos = Position::from_fen(v, "6k6/13/13/13/13/13/6p6/6N6/13/13/13/13/6K6 w").unwrap();
        assert!(parse_move_as_played(&pos, "g6g7", false).is_err());
        let mv = parse_move_as_played(&pos, "g6g7", true).unwrap();
        assert!(!mv.promotes() && is_capture(&pos, mv));
        assert_eq!(mv, parse_move(&pos, "g6g7+").unwrap().with_promotion(false));
        // Only captures: a quiet move has nothing to be taken as played.
        assert_eq!(
            parse_move_as_played(&pos, "g6f6", true),
            parse_move(&pos, "g6f6")
        );
        assert!(parse_move_as_played(&pos, "g6g9", true).is_err());
        // Chu's promotions are optional: nothing changes there.
        let chu = VariantSet::builtin().find("chu").unwrap();
        let pos = Position::start(chu);
        assert!(parse_move_as_played(&pos, "a1a2", true).is_err());
    }

    /// Along random games in every variant: `generates` accepts exactly
    /// the moves `generate` lists, judged on those and on the moves of
    /// the position before (most of them no longer legal, some the
    /// opponent's), so that the search's hash move is never one the
    /// position does not allow.
    #[test]
    fn generates_accepts_exactly_the_generated_moves() {
        for v in &VariantSet::builtin().variants {
            let mut seed = 0x9E37_79B9_7F4A_7C15u64;
            let mut checked = 0;
            for _game in 0..6 {
                let mut pos = Position::start(v);
                let mut before: Vec<Move> = Vec::new();
                for _ply in 0..80 {
                    let mut moves = Vec::new();
                    generate(&pos, &mut moves);
                    for &m in moves.iter().chain(&before) {
                        assert_eq!(
                            generates(&pos, m),
                            moves.contains(&m),
                            "{} {m:?}",
                            pos.fen()
                        );
                        checked += 1;
                    }
                    if moves.is_empty() {
                        break;
                    }
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    pos.make(moves[(seed % moves.len() as u64) as usize]);
                    if pos.is_over() {
                        break;
                    }
                    before = moves;
                }
            }
            assert!(checked > 10_000, "{}: {checked} moves judged", v.name);
        }
    }

    /// Along random games: the board's incremental hash, material and
    /// placement equal those of the same position read from its FEN;
    /// `generate_captures` must give exactly the capturing moves of
    /// `generate`, `generate_captures_of` and `capturable` must agree with
    /// move generation: a
    /// square holding a piece is attacked exactly when the other side, to
    /// move, has a move removing that piece. In every variant; Lions are left
    /// out as victims under Chu's Lion-trading rules (rule 1 may forbid
    /// capturing them though they are attacked).
    #[test]
    fn attack_test_and_capture_generation_agree_with_generation() {
        for v in &VariantSet::builtin().variants {
            attack_test_agrees_with_generation(v);
        }
    }

    fn attack_test_agrees_with_generation(v: &'static Variant) {
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        let mut rand = move |n: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % n as u64) as usize
        };
        let mut checked = 0;
        for _game in 0..20 {
            let mut pos = Position::start(v);
            let mut moves = Vec::new();
            for _ply in 0..120 {
                generate(&pos, &mut moves);
                if moves.is_empty() {
                    break;
                }
                // Prefer captures so that positions get open and varied.
                let captures: Vec<Move> = moves
                    .iter()
                    .copied()
                    .filter(|&m| is_capture(&pos, m))
                    .collect();
                let mv = if !captures.is_empty() && rand(3) > 0 {
                    captures[rand(captures.len())]
                } else {
                    moves[rand(moves.len())]
                };
                pos.make(mv);
                if pos.is_over() {
                    break;
                }
                // Incremental state equals the state computed from scratch.
                let fresh = Position::from_fen(v, &pos.fen()).unwrap();
                assert_eq!(
                    (
                        fresh.hash(),
                        fresh.placement(),
                        fresh.material(Color::White),
                        fresh.material(Color::Black)
                    ),
                    (
                        pos.hash(),
                        pos.placement(),
                        pos.material(Color::White),
                        pos.material(Color::Black)
                    ),
                    "{}",
                    pos.fen()
                );
                let mut all = Vec::new();
                let mut captures = Vec::new();
                generate(&pos, &mut all);
                generate_captures(&pos, &mut captures);
                all.retain(|&m| is_capture(&pos, m));
                assert_eq!(all, captures, "{}", pos.fen());
                // The captures removing one piece, or ending on one empty
                // square (quiescence asks for those of the square the last
                // mover went to, which a burn may have emptied), from the
                // attackers alone, are those the whole list has, in its
                // order.
                let mut of_target = Vec::new();
                for &sq in &v.squares {
                    generate_captures_of(&pos, sq, &mut of_target);
                    let expected: Vec<Move> = captures
                        .iter()
                        .copied()
                        .filter(|&m| removes(&pos, m, sq))
                        .collect();
                    assert_eq!(of_target, expected, "{} square {sq}", pos.fen());
                }
                for by in Color::BOTH {
                    let board = pos.fen().split(' ').next().unwrap().to_string();
                    let fen = format!("{board} {}", if by == Color::White { "w" } else { "b" });
                    let turned = Position::from_fen(v, &fen).unwrap();
                    let mut theirs = Vec::new();
                    generate(&turned, &mut theirs);
                    for (sq, p) in pos.pieces(by.flip()) {
                        if v.lion_trading && v.piece(p.kind()).is_lion() {
                            continue;
                        }
                        let by_generation = theirs.iter().any(|&m| removes(&turned, m, sq));
                        assert_eq!(
                            capturable(&pos, sq, by),
                            by_generation,
                            "{} {fen} square {sq}",
                            v.name
                        );
                        checked += 1;
                    }
                }
            }
        }
        assert!(
            checked > 5_000,
            "{}: only {checked} squares checked",
            v.name
        );
    }

    #[test]
    fn moves_hachu_cannot_follow() {
        let v = VariantSet::builtin().find("macadamia").unwrap();
        // Gold f5 next to a Priest f6 and a Saint e6; Emperor a1 (after
        // a King move each); Hook Mover m1.
        let fen = "6k6/13/13/13/6p6/6p6/13/4+i'i'7/5G7/13/13/13/+K11H! w";
        let mut pos = Position::from_fen(v, fen).unwrap();
        pos.make(parse_move(&pos, "a1a2").unwrap());
        pos.make(parse_move(&pos, "g13g12").unwrap());
        let follows = |text: &str| hachu_follows(&pos, parse_move(&pos, text).unwrap());
        // HaChu's Wolf lacks "capture d2, back to an empty d1" and "capture
        // d1, on to d3"; it has the other kinds.
        // Wolf g7: enemies on g9 and g10 (g8 empty), and on h8.
        let wolf = "6k6/13/13/6p6/6p6/7p5/6W!6/13/13/13/13/13/K12 w";
        let wolf_follows = judge_moves("macadamia", wolf, hachu_follows);
        assert!(!wolf_follows("g7g9,g9g8"));
        assert!(!wolf_follows("g7h8,h8j10"));
        assert!(wolf_follows("g7g9,g9g10"));
        assert!(wolf_follows("g7h8,h8i9"));
        assert!(wolf_follows("g7h8,h8g7"));
        // No Emperor or hook moves; a Priest converts in HaChu only when
        // promoted (a Saint). No promotion into a Golden Bird.
        assert!(!follows("a2b2"));
        assert!(!follows("m1m2"));
        assert!(!follows("f5f6"));
        assert!(follows("f5e6"));
        let phoenix = "6k6/13/13/13/13/13/13/6p6/6X6/13/13/13/K12 w";
        let phoenix_follows = judge_moves("macadamia", phoenix, hachu_follows);
        assert!(!phoenix_follows("g5g6+"));
        assert!(phoenix_follows("g5g6"));
        // A Chu Pawn inside the zone promotes only on the last rank in
        // HaChu: Pawn b10 takes b11, Pawn d11 takes d12; Pawn f8 enters.
        let fen = "k2p8/1p1P8/1P10/5p6/5P6/12/12/12/12/12/12/11K w";
        let pawn_follows = judge_moves("chu", fen, hachu_follows);
        assert!(!pawn_follows("b10b11+"));
        assert!(pawn_follows("b10b11"));
        assert!(pawn_follows("d11d12+"));
        assert!(pawn_follows("f8f9+"));
    }

    #[test]
    fn own_moves_xboard_cannot_relay() {
        // Wolf g7, enemies g8 and g9: the double capture onto g10 has three
        // legs, which XBoard 4.9.1 mangles; the two-leg moves are fine.
        let fen = "12k/13/13/13/6q6/6q6/6W!6/13/13/13/13/P12/K12 w";
        let safe = judge_moves("cashew", fen, interop_safe);
        assert!(!safe("g7g8,g8g9,g9g10+"));
        assert!(safe("g7g8,g8g9+"));
        // No stranding a Pawn on its last rank by a non-capture (XBoard
        // would append a promotion letter).
        let pawn = "12k/P12/13/13/13/13/13/13/13/13/13/13/12K w";
        assert!(!judge_moves("cashew", pawn, interop_safe)("a12a13"));
    }

    #[test]
    fn nutty_buffalo_in_the_lance_slot_promotes_on_the_last_rank() {
        // The position of the Nutty match game where XBoard turned the
        // Buffalo's g9k13 into g9k13q.
        let fen = "lnf1gh1kgsfnl/1vc!x2tdt1o1v/s'br1s5rbs'/pp1pp3pp1pp/2p3W!2d'p2/3d'4b!4/13/11q1/2P4P1N3/P1RPPPPD3PP/S'B1HD6BS'/V3O1B!G1X2V/LNFSGTKT1SF1L w";
        let safe = judge_moves("nutty", fen, interop_safe);
        assert!(!safe("g9k13"));
        assert!(safe("g9k13+"));
        // Short of the last rank it may decline.
        assert!(safe("g9j12"));
    }

    #[test]
    fn suzumu_moves_xboard_cannot_relay() {
        let v = VariantSet::builtin().find("suzumu").unwrap();
        // Fire Demon h6 with enemy Golds g7 and i7; a Lion e13 in the zone.
        let fen = "15k/16/16/16/4L!11/16/16/16/16/6g1g7/7D!8/16/16/16/16/K15 w";
        let safe = judge_moves("suzumu", fen, interop_safe);
        // A double burn has three legs; one burn two.
        assert!(!safe("h6g7,g7i7,i7h7"));
        assert!(safe("h6g7,g7h7"));
        // A promotion without moving has no notation XBoard knows; the
        // plain pass is `@@@@`.
        assert!(!safe("e12e12+"));
        assert!(safe("e12e12"));
        // XBoard takes a move from rank 16 for a drop (`K@j15`); moves
        // onto rank 16 are fine.
        let back_rank = "9gs4k/16/16/16/16/16/16/16/16/16/16/16/16/16/16/K15 b";
        let mut pos = Position::from_fen(v, back_rank).unwrap();
        let safe = |pos: &Position, text: &str| interop_safe(pos, parse_move(pos, text).unwrap());
        assert!(!safe(&pos, "k16k15"));
        assert!(!safe(&pos, "p16o15"));
        pos.make(parse_move(&pos, "j16j15").unwrap());
        pos.make(parse_move(&pos, "a1a2").unwrap());
        assert!(safe(&pos, "j15j16"));
    }

    #[test]
    fn xboard_counts_a_promoted_kirin_as_a_non_lion() {
        let set = VariantSet::builtin();
        let v = set.find("chu").unwrap();
        // Gote's promoted Kirin on e9 takes Sente's Lion on e8: by the rules
        // a Lion took a Lion (no counter-strike), but XBoard sees a non-Lion
        // take an `N` and forbids Sente to take Gote's Lion next move.
        let fen = "11k/12/12/4+o7/4N1n5/6N5/12/12/12/12/12/K11 b";
        let mut pos = Position::from_fen(v, fen).unwrap();
        pos.make(parse_move(&pos, "e9e8").unwrap());
        assert!(!pos.state().lion_strike);
        let take = parse_move(&pos, "g7g8").unwrap();
        assert!(!interop_safe(&pos, take));
        let quiet = parse_move(&pos, "g7h6").unwrap();
        assert!(interop_safe(&pos, quiet));
    }
}
