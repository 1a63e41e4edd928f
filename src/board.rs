//! The position: a padded mailbox, the side to move, the rule state a FEN
//! cannot hold, an incremental Zobrist hash, and make/unmake.
//!
//! Make records every cell it changes (old contents) in an undo record, so
//! unmake restores any move, however many pieces it removed, by writing the
//! cells back in reverse order.

use crate::moves::Move;
use crate::placement;
use crate::types::{CELL_WORDS, CELLS, Cell, Color, KING_STEPS, Kind, Piece, Square};
use crate::variant::{Burn, CounterStrike, PieceType, Placement, Power, Variant};
use arrayvec::ArrayVec;
use once_cell::sync::Lazy;

/// Zobrist keys: one per (cell, cell contents), plus the side to move.
struct Zobrist {
    cell: Vec<[u64; 256]>,
    black_to_move: u64,
    lion_strike: u64,
    /// Per side: it passed on its last turn (Suzumu).
    skipped: [u64; 2],
    /// Per cell: the square of a Lion capture that lishogi's counter-strike
    /// rule exempts (`RuleState::lion_square`).
    lion_square: Vec<u64>,
}

static ZOBRIST: Lazy<Zobrist> = Lazy::new(|| {
    // SplitMix64 with a fixed seed: keys are the same in every run, so node
    // counts of `bench` are reproducible.
    let mut state = 0x4b79_6f64_6169_u64;
    let mut next = || {
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    };
    let mut cell = vec![[0u64; 256]; CELLS];
    for row in cell.iter_mut() {
        for (i, k) in row.iter_mut().enumerate() {
            // The empty cell hashes to zero so only pieces contribute.
            *k = if i == 0 { 0 } else { next() };
        }
    }
    let black_to_move = next();
    let lion_strike = next();
    let skipped = [next(), next()];
    // Drawn after the older keys, which therefore stay what they were.
    let lion_square = (0..CELLS).map(|_| next()).collect();
    Zobrist {
        cell,
        black_to_move,
        lion_strike,
        skipped,
        lion_square,
    }
});

/// Cells one move may change: origin, destination, kill squares and (later
/// variants) automatic burns of up to eight neighbours.
const MAX_CHANGES: usize = 16;

/// Most royal pieces one side may have (King, Prince, promoted Elephants).
pub const MAX_ROYALS: usize = 8;

/// Most pieces of one side with moves the generic attack test does not see
/// (`PieceType::special`), counting those that may become one by
/// promotion.
pub const MAX_SPECIALS: usize = 32;

/// Most `striker` pieces (Lions, burning Demons) of one side, counting
/// those that may become one by promotion.
pub const MAX_STRIKERS: usize = 32;

/// What Nutty's automatic burning does to one move (docs/rules/nutty.md 5.1.6).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct AutoBurn {
    /// The mover ends next to an enemy Fire Demon and burns.
    pub mover_burnt: bool,
    /// Enemies the mover, a Fire Demon after the move, burns.
    pub victims: ArrayVec<Square, 8>,
}

/// Rule state that depends on the previous move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RuleState {
    /// Chu counter-strike: the last move captured a Lion with a non-Lion.
    pub lion_strike: bool,
    /// With `lion_strike`, under `CounterStrike::ExceptSameSquare`
    /// (lishogi): the square of that capture (of the last Lion the move
    /// took, its destination last), where a non-Lion may still take a
    /// Lion. lishogi's SFEN writes it as its third field.
    pub lion_square: Option<Square>,
    /// The same rule as XBoard 4.9.1 applies it: only a piece `N` is a Lion,
    /// and after a non-`N` took an `N` no `N` may be captured at all
    /// (docs/rules/chu.md 5.4.2). Only the engine's choice of its own moves
    /// reads it.
    pub xboard_strike: bool,
    /// Bit per colour: that side passed on its last turn (Suzumu forbids
    /// two passes running).
    pub skipped: u8,
}

impl RuleState {
    /// Whether `color` passed on its last turn.
    #[inline]
    pub fn skipped(self, color: Color) -> bool {
        self.skipped & (1 << color.index()) != 0
    }
}

#[derive(Clone, Debug)]
struct Undo {
    /// The move made (a null move for `make_null`), for replaying a cycle.
    mv: Option<Move>,
    changes: ArrayVec<(Square, Cell), MAX_CHANGES>,
    state: RuleState,
    hash: u64,
    reversible: u16,
}

#[derive(Clone)]
pub struct Position {
    variant: &'static Variant,
    /// The variant's placement table (`placement::table`), looked up once
    /// here rather than on every move.
    placement_table: &'static Placement,
    cells: [Cell; CELLS],
    side: Color,
    state: RuleState,
    hash: u64,
    /// Squares of each side's royal pieces.
    royals: [ArrayVec<Square, MAX_ROYALS>; 2],
    /// Squares of each side's `special` pieces.
    specials: [ArrayVec<Square, MAX_SPECIALS>; 2],
    /// Squares of each side's `striker` pieces (Lions, burning Demons).
    strikers: [ArrayVec<Square, MAX_STRIKERS>; 2],
    /// Each colour's occupied cells, a bit per mailbox cell: move
    /// generation visits these instead of every square.
    occupied: [[u64; CELL_WORDS]; 2],
    material: [i32; 2],
    /// Pieces per colour that are neither royal nor able to die on a far
    /// rank (no Pawn or Lance): where a side has none, the bare-king and
    /// kings-only rules may apply (`game::material_ending`).
    strong: [u16; 2],
    /// Hook movers on the board, `[color][diagonal]`: the attack test
    /// looks for hook moves only where some exist.
    hooks: [[u8; 2]; 2],
    /// Freezers (Tetrarchs) on the board per colour: only where the
    /// opponent has one can a piece be frozen.
    freezers: [u8; 2],
    /// Sums of the pieces' placement scores, White-positive: the middle
    /// game's table and the ending's (`placement_table`).
    placement: [i32; 2],
    /// Plies since the last capture or promotion: no earlier position can
    /// recur, which bounds the repetition scan.
    reversible: u16,
    undo: Vec<Undo>,
    /// Hash of every position since the game (or the last `setboard`)
    /// started, the current one last.
    keys: Vec<u64>,
    /// Chu's Okazaki rule (docs/rules/chu.md 5.4, an option): a non-Lion may
    /// counter-strike a Lion that nothing recaptures.
    okazaki: bool,
    /// Per colour: the side had a royal when the position was set up. A
    /// side set up without one (a mate problem's attacker, as the problem
    /// literature leaves its King out) cannot lose by having none.
    had_royals: [bool; 2],
}

impl Position {
    /// The variant's start position.
    pub fn start(variant: &'static Variant) -> Position {
        // The start FEN is part of the variant data, which tests check.
        Position::from_fen(variant, &variant.start_fen).expect("variant start FEN is valid")
    }

    fn empty(variant: &'static Variant) -> Position {
        let mut cells = [Cell::OFF; CELLS];
        for &sq in &variant.squares {
            cells[sq.index()] = Cell::EMPTY;
        }
        Position {
            variant,
            placement_table: placement::table(variant),
            cells,
            side: Color::White,
            state: RuleState::default(),
            hash: 0,
            royals: [ArrayVec::new(), ArrayVec::new()],
            specials: [ArrayVec::new(), ArrayVec::new()],
            strikers: [ArrayVec::new(), ArrayVec::new()],
            occupied: [[0; CELL_WORDS]; 2],
            material: [0; 2],
            strong: [0; 2],
            hooks: [[0; 2]; 2],
            freezers: [0; 2],
            placement: [0; 2],
            reversible: 0,
            undo: Vec::with_capacity(256),
            keys: Vec::with_capacity(512),
            okazaki: false,
            had_royals: [false; 2],
        }
    }

    /// Read a FEN: the board field and the side to move; in a variant with
    /// the Lion-trading rules, a square in the third field (`f6`, not `-`)
    /// is where a non-Lion has just taken a Lion, as lishogi's SFEN has it
    /// (`RuleState::lion_strike`, and under lishogi's counter-strike rule
    /// `lion_square`); any other tail is ignored.
    pub fn from_fen(variant: &'static Variant, fen: &str) -> Result<Position, String> {
        let mut fields = fen.split_whitespace();
        let board = fields.next().ok_or("empty FEN")?;
        let side = match fields.next() {
            None | Some("w") => Color::White,
            Some("b") => Color::Black,
            Some(s) => return Err(format!("bad side to move '{s}'")),
        };
        let exact = variant.counter_strike == CounterStrike::ExceptSameSquare;
        let lion_square = match fields.next() {
            Some(text) if text != "-" && variant.lion_trading => {
                match Square::parse_prefix(text, variant.width, variant.height) {
                    Some((sq, "")) => Some(sq),
                    _ if exact => return Err(format!("bad Lion-capture square '{text}'")),
                    // XBoard's castling field, which these games leave '-'.
                    _ => None,
                }
            }
            _ => None,
        };
        let mut pos = Position::empty(variant);
        let mut royal_capable = [0usize; 2];
        let mut special_capable = [0usize; 2];
        let mut striker_capable = [0usize; 2];
        let ranks: Vec<&str> = board.split('/').collect();
        if ranks.len() != variant.height {
            return Err(format!(
                "FEN has {} ranks, {} expected",
                ranks.len(),
                variant.height
            ));
        }
        for (i, text) in ranks.iter().enumerate() {
            let rank = variant.height - 1 - i;
            let mut file = 0usize;
            let chars: Vec<char> = text.chars().collect();
            let mut j = 0;
            while j < chars.len() {
                let c = chars[j];
                if c.is_ascii_digit() {
                    let digits: String = chars[j..]
                        .iter()
                        .take_while(|c| c.is_ascii_digit())
                        .collect();
                    j += digits.len();
                    let run = digits
                        .parse::<usize>()
                        .map_err(|_| "bad empty-square count")?;
                    file = file.saturating_add(run);
                    continue;
                }
                let mut token = String::new();
                if c == '+' {
                    token.push('+');
                    j += 1;
                }
                let letter = *chars.get(j).ok_or("'+' without a piece letter")?;
                if !letter.is_ascii_alphabetic() {
                    return Err(format!("unexpected '{letter}' in FEN"));
                }
                token.push(letter);
                j += 1;
                if let Some(&s) = chars.get(j).filter(|&&s| s == '\'' || s == '!') {
                    token.push(s);
                    j += 1;
                }
                let kind = variant
                    .kind(&token)
                    .ok_or_else(|| format!("unknown piece '{token}'"))?;
                let color = if letter.is_ascii_uppercase() {
                    Color::White
                } else {
                    Color::Black
                };
                if file >= variant.width {
                    return Err(format!(
                        "rank {} is longer than {} squares",
                        rank + 1,
                        variant.width
                    ));
                }
                // The royal and special-piece lists have fixed room; pieces
                // that may join them by promotion count too, so that they
                // can never overflow in play.
                let t = variant.piece(kind);
                let may_be = |f: fn(&PieceType) -> bool| {
                    f(t) || t.promotes_to.is_some_and(|k| f(variant.piece(k)))
                };
                for (is, counts, room, what) in [
                    (
                        may_be(|p| p.royal),
                        &mut royal_capable,
                        MAX_ROYALS,
                        "royal (or royal-to-be) pieces",
                    ),
                    (
                        may_be(|p| p.special),
                        &mut special_capable,
                        MAX_SPECIALS,
                        "pieces with special moves",
                    ),
                    (
                        may_be(|p| p.striker),
                        &mut striker_capable,
                        MAX_STRIKERS,
                        "Lions and Fire Demons (or pieces promoting to one)",
                    ),
                ] {
                    counts[color.index()] += usize::from(is);
                    if counts[color.index()] > room {
                        return Err(format!("more than {room} {what} of one side"));
                    }
                }
                pos.put(Square::new(file, rank), Cell::from(Piece::new(color, kind)));
                file += 1;
            }
            if file != variant.width {
                return Err(format!(
                    "rank {} has {file} squares, {} expected",
                    rank + 1,
                    variant.width
                ));
            }
        }
        pos.side = side;
        pos.had_royals = [0, 1].map(|i| !pos.royals[i].is_empty());
        if side == Color::Black {
            pos.hash ^= ZOBRIST.black_to_move;
        }
        if lion_square.is_some() {
            pos.state.lion_strike = true;
            pos.state.lion_square = lion_square.filter(|_| exact);
        }
        pos.keys.push(pos.hash);
        Ok(pos)
    }

    pub fn fen(&self) -> String {
        let v = self.variant;
        let mut out = String::new();
        for rank in (0..v.height).rev() {
            let mut empty = 0;
            for file in 0..v.width {
                match self.piece_at(Square::new(file, rank)) {
                    None => empty += 1,
                    Some(p) => {
                        if empty > 0 {
                            out += &empty.to_string();
                            empty = 0;
                        }
                        out += &self.token(p);
                    }
                }
            }
            if empty > 0 {
                out += &empty.to_string();
            }
            if rank > 0 {
                out.push('/');
            }
        }
        out += if self.side == Color::White {
            " w"
        } else {
            " b"
        };
        match self.state.lion_square {
            Some(sq) => out += &format!(" {sq} 0 1"),
            None => out += " - 0 1",
        }
        out
    }

    /// FEN token of a piece: upper case for White.
    pub fn token(&self, p: Piece) -> String {
        let t = &self.variant.piece(p.kind()).token;
        match p.color() {
            Color::White => t.clone(),
            Color::Black => t.to_ascii_lowercase(),
        }
    }

    #[inline]
    pub fn variant(&self) -> &'static Variant {
        self.variant
    }

    #[inline]
    pub fn cell(&self, sq: Square) -> Cell {
        self.cells[sq.index()]
    }

    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.cells[sq.index()].piece()
    }

    #[inline]
    pub fn side(&self) -> Color {
        self.side
    }

    /// Whether the Okazaki rule applies (off unless `set_okazaki`).
    #[inline]
    pub fn okazaki(&self) -> bool {
        self.okazaki
    }

    pub fn set_okazaki(&mut self, on: bool) {
        self.okazaki = on;
    }

    #[inline]
    pub fn state(&self) -> RuleState {
        self.state
    }

    /// Set the previous-move state (for tests and for replaying a game's
    /// history into a position given by FEN).
    pub fn set_state(&mut self, state: RuleState) {
        self.state = state;
    }

    /// Position hash: pieces and side to move. Used for repetition.
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// Hash for the transposition table: the position hash plus the rule
    /// state that changes which moves are legal.
    #[inline]
    pub fn search_key(&self) -> u64 {
        let mut key = self.hash;
        if self.state.lion_strike {
            key ^= ZOBRIST.lion_strike;
        }
        if let Some(sq) = self.state.lion_square {
            key ^= ZOBRIST.lion_square[sq.index()];
        }
        for c in Color::BOTH {
            if self.state.skipped(c) {
                key ^= ZOBRIST.skipped[c.index()];
            }
        }
        key
    }

    #[inline]
    pub fn royals(&self, color: Color) -> usize {
        self.royals[color.index()].len()
    }

    /// Squares of `color`'s pieces with `special` moves.
    #[inline]
    pub fn specials(&self, color: Color) -> &[Square] {
        &self.specials[color.index()]
    }

    /// Squares of `color`'s `striker` pieces.
    #[inline]
    pub fn strikers(&self, color: Color) -> &[Square] {
        &self.strikers[color.index()]
    }

    /// Whether the piece on `sq` is frozen: an enemy freezer stands next
    /// to it and it is not a freezer itself (docs/rules/suzumu.md 5.3).
    #[inline]
    pub fn is_frozen(&self, sq: Square) -> bool {
        let v = self.variant;
        if !v.has_freezers {
            return false;
        }
        let Some(p) = self.piece_at(sq) else {
            return false;
        };
        self.freezers[p.color().flip().index()] > 0
            && !v.piece(p.kind()).freezes
            && KING_STEPS.iter().any(|&d| {
                self.piece_at(sq.offset(d))
                    .is_some_and(|q| q.color() != p.color() && v.piece(q.kind()).freezes)
            })
    }

    /// Nutty's automatic burns caused by `mv`, judged in the position
    /// before it (docs/rules/nutty.md 5.1.6): the mover burns if it ends next
    /// to an enemy Fire Demon that the move does not remove (under
    /// `own-demons-burn`, next to one of its own side's too); otherwise, if
    /// it is (or promotes to) a burning Demon, every enemy next to its
    /// final square burns.
    pub fn auto_burns(&self, mv: Move) -> AutoBurn {
        let mut burn = AutoBurn::default();
        let v = self.variant;
        let Some(mover) = self.piece_at(mv.from()) else {
            return burn;
        };
        if !v.auto_burn {
            return burn;
        }
        let us = mover.color();
        let to = mv.to();
        let t = v.piece(mover.kind());
        let landed = match t.promotes_to {
            Some(k) if mv.promotes() && v.burn_on_promotion => v.piece(k),
            _ => t,
        };
        // Most moves neither land a Demon nor end next to one: the enemy's
        // Demons are among its few special pieces.
        let near = |c: Color| {
            self.specials[c.index()]
                .iter()
                .any(|&sq| sq != mv.from() && sq.distance(to) <= 1)
        };
        if landed.burn != Burn::Auto && !near(us.flip()) && !(v.own_demons_burn && near(us)) {
            return burn;
        }
        let removed = |sq: Square| mv.kills().contains(&sq);
        let enemy_at = |sq: Square| {
            self.piece_at(sq)
                .filter(|p| p.color() != us && !removed(sq) && sq != mv.from())
        };
        // HaChu's rule set also lets a Demon the move captures burn, and
        // the mover's own Demons (not the mover itself).
        let burner_at = |sq: Square| {
            let p = if v.captured_demons_burn {
                self.piece_at(sq).filter(|p| p.color() != us)
            } else {
                enemy_at(sq)
            };
            let own = || {
                self.piece_at(sq)
                    .filter(|p| v.own_demons_burn && p.color() == us && sq != mv.from())
            };
            p.or_else(own)
                .is_some_and(|p| v.piece(p.kind()).burn == Burn::Auto)
        };
        burn.mover_burnt = KING_STEPS.iter().any(|&d| burner_at(to.offset(d)));
        if !burn.mover_burnt && landed.burn == Burn::Auto {
            for &d in &KING_STEPS {
                if enemy_at(to.offset(d)).is_some() {
                    burn.victims.push(to.offset(d));
                }
            }
        }
        burn
    }

    #[inline]
    pub fn material(&self, color: Color) -> i32 {
        self.material[color.index()]
    }

    /// `color`'s pieces that are neither royal nor a Pawn or Lance (nothing
    /// with `dead-ranks`).
    #[inline]
    pub fn strong_pieces(&self, color: Color) -> usize {
        self.strong[color.index()] as usize
    }

    /// Whether `color` has a hook mover with diagonal (or orthogonal)
    /// slides on the board.
    #[inline]
    pub fn has_hook(&self, color: Color, diagonal: bool) -> bool {
        self.hooks[color.index()][usize::from(diagonal)] > 0
    }

    /// Placement score of all pieces, White-positive: the middle game's
    /// and the ending's tables blended by the material on the board, the
    /// middle game's alone at `Placement::phase_material` or more.
    #[inline]
    pub fn placement(&self) -> i32 {
        let full = self.placement_table.phase_material;
        let m = (self.material[0] + self.material[1]).clamp(0, full);
        let [middle, end] = self.placement;
        // One table for both phases (the hand-written placement): no blend.
        if middle == end {
            return middle;
        }
        ((i64::from(middle) * i64::from(m) + i64::from(end) * i64::from(full - m))
            / i64::from(full)) as i32
    }

    /// Whether `color` has lost its last royal: it had royals when the
    /// position was set up and has none left. A side set up without royals
    /// (a mate problem's attacker) never loses this way.
    #[inline]
    pub fn royals_lost(&self, color: Color) -> bool {
        self.had_royals[color.index()] && self.royals[color.index()].is_empty()
    }

    /// Whether a side has lost its last royal (`royals_lost`); the position
    /// then has no moves.
    #[inline]
    pub fn is_over(&self) -> bool {
        self.royals_lost(Color::White) || self.royals_lost(Color::Black)
    }

    /// Plies made since the position was set up.
    #[inline]
    pub fn ply(&self) -> usize {
        self.undo.len()
    }

    /// Write a cell, keeping hash, royal count and material in step.
    #[inline]
    fn put(&mut self, sq: Square, new: Cell) {
        let old = self.cells[sq.index()];
        let z = &ZOBRIST.cell[sq.index()];
        self.hash ^= z[old.index()] ^ z[new.index()];
        let placement = &self.placement_table.scores;
        if let Some(p) = old.piece() {
            let [middle, end] = placement[p.index() * CELLS + sq.index()];
            self.placement[0] -= i32::from(middle);
            self.placement[1] -= i32::from(end);
            let t = self.variant.piece(p.kind());
            if t.royal {
                self.royals[p.color().index()].retain(|s| *s != sq);
            }
            if t.special {
                self.specials[p.color().index()].retain(|s| *s != sq);
            }
            if t.striker {
                self.strikers[p.color().index()].retain(|s| *s != sq);
            }
            if let Power::Hook { diagonal } = t.power {
                self.hooks[p.color().index()][usize::from(diagonal)] -= 1;
            }
            self.freezers[p.color().index()] -= u8::from(t.freezes);
            self.occupied[p.color().index()][sq.index() / 64] &= !(1 << (sq.index() % 64));
            self.material[p.color().index()] -= t.value;
            self.strong[p.color().index()] -= u16::from(t.is_strong());
        }
        if let Some(p) = new.piece() {
            let [middle, end] = placement[p.index() * CELLS + sq.index()];
            self.placement[0] += i32::from(middle);
            self.placement[1] += i32::from(end);
            let t = self.variant.piece(p.kind());
            if t.royal {
                // More royals than this are refused when a FEN is read.
                let _ = self.royals[p.color().index()].try_push(sq);
            }
            if t.special {
                // Likewise for special pieces.
                let _ = self.specials[p.color().index()].try_push(sq);
            }
            if t.striker {
                // And for strikers.
                let _ = self.strikers[p.color().index()].try_push(sq);
            }
            if let Power::Hook { diagonal } = t.power {
                self.hooks[p.color().index()][usize::from(diagonal)] += 1;
            }
            self.freezers[p.color().index()] += u8::from(t.freezes);
            self.occupied[p.color().index()][sq.index() / 64] |= 1 << (sq.index() % 64);
            self.material[p.color().index()] += t.value;
            self.strong[p.color().index()] += u16::from(t.is_strong());
        }
        self.cells[sq.index()] = new;
    }

    /// Write a cell, its old contents kept in the undo record of the move
    /// being made (the last one).
    #[inline]
    fn record(&mut self, sq: Square, new: Cell) {
        let old = self.cells[sq.index()];
        if let Some(undo) = self.undo.last_mut() {
            undo.changes.push((sq, old));
        }
        self.put(sq, new);
    }

    /// Play a move produced by `movegen` (or matched against its output).
    pub fn make(&mut self, mv: Move) {
        let from = mv.from();
        let mover = self.piece_at(from).expect("move from an empty square");
        let v = self.variant;
        // (`auto_burns` checks the variant too, but it is not inlined:
        // without the check here every move pays for the call.)
        let burns = if v.auto_burn {
            self.auto_burns(mv)
        } else {
            AutoBurn::default()
        };
        // The undo record is filled in place (`record`): one built aside
        // and pushed at the end is a 96-byte copy, which WebAssembly
        // engines make through a call into the host.
        self.undo.push(Undo {
            mv: Some(mv),
            changes: ArrayVec::new(),
            state: self.state,
            hash: self.hash,
            reversible: self.reversible,
        });
        // The last Lion taken, the destination's after the kill squares'.
        let mut lion_taken: Option<Square> = None;
        let mut plain_lion_taken = false;
        let mut captured = false;
        // The last victim along the path with contagion decides what the
        // capturer turns into (docs/rules/macadamia.md 4).
        let mut contagion: Option<Kind> = None;
        let mut take = |p: Piece, sq: Square| {
            let t = v.piece(p.kind());
            if t.is_lion() {
                lion_taken = Some(sq);
            }
            plain_lion_taken |= Some(p.kind()) == v.xboard_lion;
            captured = true;
            contagion = t.contagion.or(contagion);
        };
        for &k in mv.kills() {
            if let Some(p) = self.piece_at(k) {
                take(p, k);
            }
            self.record(k, Cell::EMPTY);
        }
        if mv.to() != from {
            if let Some(p) = self.piece_at(mv.to()) {
                take(p, mv.to());
            }
            self.record(from, Cell::EMPTY);
        }
        let mover_type = v.piece(mover.kind());
        let landed_kind: Kind = match contagion {
            Some(k) if !v.is_exempt_from_contagion(mover_type) => k,
            _ if mv.promotes() => mover_type
                .promotes_to
                .expect("promotion of a piece that cannot promote"),
            _ => mover.kind(),
        };
        let landed = Piece::new(mover.color(), landed_kind);
        if mv.to() != from || landed != mover {
            self.record(mv.to(), Cell::from(landed));
        }
        if burns.mover_burnt {
            self.record(mv.to(), Cell::EMPTY);
        }
        for &sq in &burns.victims {
            self.record(sq, Cell::EMPTY);
        }
        let burnt = burns.mover_burnt || !burns.victims.is_empty();
        let bit = 1u8 << mover.color().index();
        let skipped = if mv.is_pass() {
            self.state.skipped | bit
        } else {
            self.state.skipped & !bit
        };
        let lion_strike =
            v.lion_trading && lion_taken.is_some() && !v.piece(mover.kind()).is_lion();
        self.state = RuleState {
            lion_strike,
            lion_square: lion_taken
                .filter(|_| lion_strike && v.counter_strike == CounterStrike::ExceptSameSquare),
            xboard_strike: plain_lion_taken && Some(mover.kind()) != v.xboard_lion,
            skipped: if v.no_double_pass { skipped } else { 0 },
        };
        self.reversible = if captured || burnt || landed != mover {
            0
        } else {
            self.reversible + 1
        };
        self.side = self.side.flip();
        self.hash ^= ZOBRIST.black_to_move;
        self.keys.push(self.hash);
    }

    /// Take back the last `make` or `make_null`.
    pub fn unmake(&mut self) {
        // Read in place, not popped whole (a copy, as in `make`).
        let last = self
            .undo
            .len()
            .checked_sub(1)
            .expect("unmake without a move");
        for i in (0..self.undo[last].changes.len()).rev() {
            let (sq, old) = self.undo[last].changes[i];
            self.put(sq, old);
        }
        let undo = &self.undo[last];
        self.state = undo.state;
        self.hash = undo.hash;
        self.reversible = undo.reversible;
        self.undo.truncate(last);
        self.side = self.side.flip();
        self.keys.pop();
    }

    /// Pass the turn without moving (null-move pruning). The position after
    /// it never counts as a repetition of an earlier one.
    pub fn make_null(&mut self) {
        self.undo.push(Undo {
            mv: None,
            changes: ArrayVec::new(),
            state: self.state,
            hash: self.hash,
            reversible: self.reversible,
        });
        self.state = RuleState::default();
        self.reversible = 0;
        self.side = self.side.flip();
        self.hash ^= ZOBRIST.black_to_move;
        self.keys.push(self.hash);
    }

    /// Whether the current position occurred before (same pieces, same side
    /// to move) since the position was set up.
    pub fn is_repetition(&self) -> bool {
        self.repetition_distance().is_some()
    }

    /// Plies back to the latest earlier occurrence of the current position.
    pub fn repetition_distance(&self) -> Option<usize> {
        let n = self.keys.len();
        let back = (self.reversible as usize).min(n - 1);
        (2..=back)
            .step_by(2)
            .find(|&i| self.keys[n - 1 - i] == self.hash)
    }

    /// Plies back to the earliest earlier occurrence of the current
    /// position (lishogi judges a repetition from there).
    pub fn first_repetition_distance(&self) -> Option<usize> {
        let n = self.keys.len();
        let back = (self.reversible as usize).min(n - 1);
        (2..=back)
            .step_by(2)
            .filter(|&i| self.keys[n - 1 - i] == self.hash)
            .last()
    }

    /// Plies since the last capture or promotion, or since the position was
    /// set up: the moves within which an earlier position can recur.
    pub fn reversible_plies(&self) -> usize {
        (self.reversible as usize).min(self.keys.len() - 1)
    }

    /// How often the current position occurred before (same pieces, same
    /// side to move) since the position was set up.
    pub fn earlier_occurrences(&self) -> usize {
        let n = self.keys.len();
        let back = (self.reversible as usize).min(n - 1);
        (2..=back)
            .step_by(2)
            .filter(|&i| self.keys[n - 1 - i] == self.hash)
            .count()
    }

    /// The move made `back` plies ago (0 = the last one); `None` for a null
    /// move or beyond the recorded history.
    pub fn move_back(&self, back: usize) -> Option<Move> {
        let n = self.undo.len();
        self.undo.get(n.checked_sub(back + 1)?).and_then(|u| u.mv)
    }

    /// The squares of `color`'s pieces, in ascending order (the order of
    /// `Variant::squares`), from the occupancy bits: most squares are
    /// empty or the opponent's.
    #[inline]
    pub fn squares_of(&self, color: Color) -> OccupiedSquares {
        OccupiedSquares {
            words: self.occupied[color.index()],
            word: 0,
        }
    }

    /// The pieces of one colour with their squares, in ascending order.
    pub fn pieces(&self, color: Color) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.squares_of(color)
            .filter_map(move |sq| self.piece_at(sq).map(|p| (sq, p)))
    }

    /// Squares of the royal pieces of one colour.
    pub fn royal_squares(&self, color: Color) -> &[Square] {
        &self.royals[color.index()]
    }
}

/// The squares of one side's pieces (`Position::squares_of`): the set
/// bits of a copy of its occupancy, lowest first.
pub struct OccupiedSquares {
    words: [u64; CELL_WORDS],
    /// The word being emptied; those below are empty.
    word: usize,
}

impl Iterator for OccupiedSquares {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        while self.word < CELL_WORDS {
            let bits = self.words[self.word];
            if bits != 0 {
                self.words[self.word] = bits & (bits - 1);
                return Some(Square::from_index(
                    self.word * 64 + bits.trailing_zeros() as usize,
                ));
            }
            self.word += 1;
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::VariantSet;

    fn chu() -> &'static Variant {
        let set = VariantSet::builtin();
        set.find("chu").unwrap()
    }

    #[test]
    fn start_fen_round_trips() {
        let v = chu();
        let p = Position::start(v);
        assert_eq!(p.fen(), v.start_fen);
        assert_eq!(p.pieces(Color::White).count(), 46);
        assert_eq!(p.pieces(Color::Black).count(), 46);
        assert_eq!(p.royals(Color::White), 1);
    }

    #[test]
    fn make_unmake_restores_everything() {
        let v = chu();
        let mut p = Position::from_fen(v, "12/12/12/12/12/5p6/5P6/5N6/12/12/12/K10k w").unwrap();
        let before = (p.fen(), p.hash(), p.material(Color::Black));
        let sq = |s: &str| Square::parse_prefix(s, 12, 12).unwrap().0;
        p.make(Move::new(sq("f5"), sq("f7"), &[sq("f6")], false));
        let pawn = v.piece(v.kind("P").unwrap()).value;
        assert_eq!(p.material(Color::Black), before.2 - pawn);
        assert_eq!(p.piece_at(sq("f5")), None);
        p.unmake();
        assert_eq!((p.fen(), p.hash(), p.material(Color::Black)), before);
    }

    /// The occupancy bits, as they should be from the cells.
    fn occupancy_from_cells(p: &Position) -> [[u64; CELL_WORDS]; 2] {
        let mut bits = [[0; CELL_WORDS]; 2];
        for &sq in &p.variant().squares {
            if let Some(q) = p.piece_at(sq) {
                bits[q.color().index()][sq.index() / 64] |= 1 << (sq.index() % 64);
            }
        }
        bits
    }

    #[test]
    fn occupancy_follows_make_and_unmake() {
        for v in &VariantSet::builtin().variants {
            let mut p = Position::start(v);
            let start = p.occupied;
            assert_eq!(start, occupancy_from_cells(&p), "{}", v.name);
            let mut made = 0;
            for ply in 0..60 {
                let mut moves = Vec::new();
                crate::movegen::generate(&p, &mut moves);
                if moves.is_empty() {
                    break;
                }
                // Captures first where there are some, to empty the board.
                let captures: Vec<Move> = moves
                    .iter()
                    .copied()
                    .filter(|&m| crate::movegen::is_capture(&p, m))
                    .collect();
                let pick = if captures.is_empty() {
                    &moves
                } else {
                    &captures
                };
                p.make(pick[(ply * 7919) % pick.len()]);
                made += 1;
                assert_eq!(p.occupied, occupancy_from_cells(&p), "{} ply {ply}", v.name);
            }
            for _ in 0..made {
                p.unmake();
            }
            assert_eq!(p.occupied, start, "{}", v.name);
        }
    }

    #[test]
    fn broken_fens_are_rejected() {
        let v = chu();
        for bad in [
            "",
            "12/12 w",
            "13/12/12/12/12/12/12/12/12/12/12/12 w",
            "11/12/12/12/12/12/12/12/12/12/12/12 w",
            "Z11/12/12/12/12/12/12/12/12/12/12/12 w",
            "+12/12/12/12/12/12/12/12/12/12/12/12 w",
            "12/12/12/12/12/12/12/12/12/12/12/12 x",
            "K*10/12/12/12/12/12/12/12/12/12/12/12 w",
        ] {
            assert!(Position::from_fen(v, bad).is_err(), "{bad}");
        }
    }
}
