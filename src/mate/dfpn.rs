//! The df-pn search (Nagai 2002) over the engine's own move generation and
//! game rules, with its table, and the reading of a proved line from it.

use super::checks::{checks_are_local, evasions, may_check};
use super::limits::Limits;
use super::line::verify_line_as;
use crate::board::Position;
use crate::clock::Instant;
use crate::game;
use crate::movegen::{
    attackers, capturable_through, generate, quiet_move_attacks, royal_attacked, stays_attacked,
};
use crate::moves::Move;
use crate::repetition::Verdict as Repeat;
use crate::types::{Color, Square};
use crate::variant::Repetition;
use arrayvec::ArrayVec;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::rc::Rc;

/// Proof and disproof numbers saturate here: a proved position has a
/// disproof number of `INFINITE`, a disproved one a proof number of it.
const INFINITE: u32 = 1 << 30;
/// Sums of proof or disproof numbers stop below `INFINITE`, which only a
/// settled child gives.
const MOST: u32 = INFINITE - 1;
/// Positions whose moves `Search::expanded` keeps (some 50 bytes a move).
const EXPANDED_NODES: usize = 20_000;
/// How often (in nodes) the clock and the stop flag are read.
const CHECK_EVERY: u64 = 1024;
/// The longest line read out of the table: far beyond any problem, it
/// only guards against a table that loops.
const MAX_LINE: usize = 1000;
/// The positions the reading of a line may visit, the moves tried again
/// where a line came back to its own position included.
const LINE_STEPS: usize = 20_000;
/// Slots of `Search::on_path` (a power of two).
const PATH_FILTER: usize = 4096;
/// `Known::disproved_within` of a position disproved without a limit.
const UNLIMITED: u16 = u16::MAX;
/// Mixed into the table key with the plies left, in a search limited to a
/// number of plies (the same position with fewer plies left is another
/// question).
const PLIES_KEY: u64 = 0x9E37_79B9_7F4A_7C15;

/// A position's numbers in the table.
#[derive(Clone, Copy, Debug)]
pub(super) struct Entry {
    pub(super) proof: u32,
    pub(super) disproof: u32,
    /// For a proved position: plies to the game's end.
    pub(super) plies: u16,
    /// A disproof that rests on repetitions of the line searched (the
    /// defender went back to a position of it, or the attacker could not):
    /// the deepest such position's place in the line and the line's hash
    /// up to it. It holds only where the line searched starts the same
    /// (`Search::holds`), so that a disproof found on one line is not taken
    /// for another (the graph-history problem).
    rests_on: Option<(u16, u64)>,
    /// A disproof that rests on a defender's move back to a position of
    /// the line, which the search counts as a defence that holds. The game's
    /// rules do not (under lishogi's, the position must come four times,
    /// and the side that checked throughout loses), so such a disproof
    /// does not prove a mate minimal.
    pub(super) escaped: bool,
}

impl Entry {
    const FRESH: Entry = Entry {
        proof: 1,
        disproof: 1,
        plies: 0,
        rests_on: None,
        escaped: false,
    };
    const WON: Entry = Entry {
        proof: 0,
        disproof: INFINITE,
        plies: 0,
        rests_on: None,
        escaped: false,
    };
    /// The attacker to move takes the last royal.
    const WON_NEXT: Entry = Entry {
        proof: 0,
        disproof: INFINITE,
        plies: 1,
        rests_on: None,
        escaped: false,
    };
    const LOST: Entry = Entry {
        proof: INFINITE,
        disproof: 0,
        plies: 0,
        rests_on: None,
        escaped: false,
    };

    fn settled(self) -> bool {
        self.proof == 0 || self.disproof == 0
    }
}

/// What any run of the search settled about a position, whatever the plies
/// left (`Search::known`).
#[derive(Clone, Copy, Default)]
struct Known {
    /// The fewest plies to the game's end it is proved in.
    proved_in: Option<u16>,
    /// The most plies left it is disproved within (`UNLIMITED`: without a
    /// limit), and whether that disproof rests on an escape by repetition
    /// (`Entry::escaped`).
    disproved_within: Option<(u16, bool)>,
}

/// One move of a searched position, with what is known of the position
/// after it.
#[derive(Clone, Copy)]
struct Child {
    mv: Move,
    /// The position's key (`Position::search_key`), the plies left after
    /// the move, and the two together (the table's key).
    position: u64,
    left: Option<u16>,
    key: u64,
    /// The position's hash after the move (`Position::hash`), to find
    /// repetitions of the line searched.
    hash: u64,
    /// The game ended with the move (or it repeated a position): the
    /// result, whatever the table says.
    settled: Option<Entry>,
}

/// One df-pn search: unlimited (`plies: None`), or for a mate within
/// `plies` plies.
pub(super) struct Search<'a> {
    attacker: Color,
    /// `checks_are_local` for the problem's variant.
    local_checks: bool,
    pub(super) plies: Option<u16>,
    table: HashMap<u64, Entry, KeyHash>,
    /// By position (`Position::search_key`), whatever the plies left, so
    /// that a run with another limit starts from what the others found.
    by_position: HashMap<u64, Known, KeyHash>,
    limits: &'a Limits,
    started: Instant,
    pub(super) nodes: u64,
    /// The run stops when `nodes` reaches this.
    stop_at: u64,
    stopped: bool,
    /// Hashes of the positions from the root to the one searched.
    path: Vec<u64>,
    /// How many positions of `path` have each value of a hash's low bits:
    /// most moves are known not to repeat the line without reading it.
    on_path: Box<[u16; PATH_FILTER]>,
    /// `prefixes[i]`: a hash of `path[..=i]`.
    prefixes: Vec<u64>,
    /// The moves of recently searched positions by table key, kept so that
    /// a position searched again is not expanded again (emptied when it
    /// holds `EXPANDED_NODES`).
    expanded: HashMap<u64, Rc<Vec<Child>>, KeyHash>,
    /// Room for the moves of the position expanded, and for the
    /// defender's answers to a check (`evasions`), kept from one
    /// expansion to the next.
    moves: Vec<Move>,
    answers: Vec<Move>,
}

impl<'a> Search<'a> {
    pub(super) fn new(
        root: &Position,
        attacker: Color,
        limits: &'a Limits,
        started: Instant,
    ) -> Search<'a> {
        Search {
            attacker,
            local_checks: checks_are_local(root.variant()),
            plies: None,
            table: HashMap::default(),
            by_position: HashMap::default(),
            limits,
            started,
            nodes: 0,
            stop_at: 0,
            stopped: false,
            path: Vec::new(),
            on_path: Box::new([0; PATH_FILTER]),
            prefixes: Vec::new(),
            expanded: HashMap::default(),
            moves: Vec::new(),
            answers: Vec::new(),
        }
    }

    /// Search from `root` until the problem is settled, `nodes` more nodes
    /// are searched or the time runs out: the root's entry then (with a
    /// mate, its plies to the game's end). Another run goes on from the
    /// table.
    pub(super) fn run(&mut self, root: &mut Position, nodes: u64) -> Entry {
        self.stopped = false;
        self.stop_at = self.nodes.saturating_add(nodes);
        let key = keyed(root.search_key(), self.plies);
        self.start_path(root.hash());
        loop {
            let entry = self.solve_node(root, key, self.plies, MOST, MOST);
            if entry.settled() || self.stopped {
                return entry;
            }
        }
    }

    fn start_path(&mut self, hash: u64) {
        while !self.path.is_empty() {
            self.pop_path();
        }
        self.push_path(hash);
    }

    fn push_path(&mut self, hash: u64) {
        let before = self.prefixes.last().copied().unwrap_or(0);
        self.path.push(hash);
        self.on_path[filter_slot(hash)] += 1;
        self.prefixes
            .push(before.rotate_left(7).wrapping_mul(PLIES_KEY) ^ hash);
    }

    fn pop_path(&mut self) {
        if let Some(hash) = self.path.pop() {
            self.on_path[filter_slot(hash)] -= 1;
        }
        self.prefixes.pop();
    }

    /// The place in the line searched of the position with `hash`.
    fn place_on_path(&self, hash: u64) -> Option<usize> {
        if self.on_path[filter_slot(hash)] == 0 {
            return None;
        }
        self.path.iter().position(|&h| h == hash)
    }

    /// A disproof of the position searched resting on the line up to
    /// `path[i]`; none if that is the position itself (or below it), which
    /// is on the line wherever the position is searched.
    fn resting_on(&self, i: usize) -> Option<(u16, u64)> {
        (i + 1 < self.path.len()).then(|| (i as u16, self.prefixes[i]))
    }

    /// Whether what `e` says holds on the line searched now: a disproof
    /// that rests on repetitions holds where the line starts as it did.
    fn holds(&self, e: &Entry) -> bool {
        match e.rests_on {
            Some((i, h)) if e.disproof == 0 => self.prefixes.get(usize::from(i)) == Some(&h),
            _ => true,
        }
    }

    /// What is known of a child: how its move ended the game, what any
    /// search proved or disproved of its position for the plies left, or
    /// its table entry, where a disproof that rested on another line's
    /// repetition counts for nothing.
    fn lookup(&self, child: &Child) -> Entry {
        child
            .settled
            .or_else(|| self.known(child.position, child.left))
            .or_else(|| self.held(child.key))
            .unwrap_or(Entry::FRESH)
    }

    /// A proof or a disproof of `position` (a `Position::search_key`)
    /// that holds with `left` plies left, from any run of the search: a
    /// mate proved within fewer plies, or no mate within as many or more.
    fn known(&self, position: u64, left: Option<u16>) -> Option<Entry> {
        let known = self.by_position.get(&position)?;
        if let Some(plies) = known.proved_in
            && left.is_none_or(|l| plies <= l)
        {
            return Some(Entry {
                plies,
                ..Entry::WON
            });
        }
        let (within, escaped) = known.disproved_within?;
        left.map_or(within == UNLIMITED, |l| l <= within)
            .then_some(Entry {
                escaped,
                ..Entry::LOST
            })
    }

    /// Keep `entry` for `pos` (table key `key`, `left` plies left); a
    /// proof, or a disproof that rests on no line, also for any other
    /// number of plies left it holds with (`known`).
    fn store(&mut self, pos: &Position, key: u64, left: Option<u16>, entry: Entry) -> Entry {
        self.table.insert(key, entry);
        if entry.proof == 0 {
            let known = self.by_position.entry(pos.search_key()).or_default();
            known.proved_in = Some(known.proved_in.map_or(entry.plies, |p| p.min(entry.plies)));
        } else if entry.disproof == 0 && entry.rests_on.is_none() {
            let new = (left.unwrap_or(UNLIMITED), entry.escaped);
            let known = self.by_position.entry(pos.search_key()).or_default();
            // The widest disproof, and of two as wide the one without an
            // escape.
            if known
                .disproved_within
                .is_none_or(|(within, escaped)| (new.0, !new.1) > (within, !escaped))
            {
                known.disproved_within = Some(new);
            }
        }
        entry
    }

    /// The table's entry for `key` where it holds on the line searched now.
    fn held(&self, key: u64) -> Option<Entry> {
        self.table.get(&key).copied().filter(|e| self.holds(e))
    }

    /// Whether the limits have run out (read every `CHECK_EVERY` nodes).
    fn out_of_limits(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        let limits = self.limits;
        if self.nodes >= self.stop_at {
            self.stopped = true;
        } else if self.nodes.is_multiple_of(CHECK_EVERY) {
            self.stopped = limits.time.is_some_and(|t| self.started.elapsed() >= t)
                || limits.stop.as_ref().is_some_and(|stop| stop());
        }
        self.stopped
    }

    /// The result, for the attacker, of the game ending with the move just
    /// made (`verdict`: the repetition rule's word on it): won, lost, or
    /// `None` while it goes on.
    fn outcome(&self, pos: &mut Position, verdict: Option<Repeat>) -> Option<bool> {
        let mover = pos.side().flip();
        // A move that takes the opponent's last royal wins even if it
        // burns the mover's own.
        let winner = if pos.royals_lost(mover.flip()) {
            Some(mover)
        } else if pos.royals_lost(mover) {
            Some(mover.flip())
        } else {
            match verdict {
                Some(Repeat::Draw) => None,
                Some(Repeat::Loss(c)) => Some(c.flip()),
                _ => match game::material_ending(pos) {
                    Some(end) => end.winner,
                    None => return None,
                },
            }
        };
        Some(winner == Some(self.attacker))
    }

    /// The moves searched in `pos` (table key `key`): the attacker's checks
    /// and game-ending moves, or every legal move of the defender; `left`:
    /// the plies left after the move. A move back to a position of the
    /// line searched is left out (the strict repetition rule forbids it, and
    /// the attacker gains nothing by it) or, a defender's under another
    /// rule, counted as a defence that holds.
    ///
    /// Also the deepest place in the line of a position that an
    /// attacker's move left out so went back to: a disproof of the
    /// position then rests on the line.
    fn children(
        &mut self,
        pos: &mut Position,
        key: u64,
        left: Option<u16>,
    ) -> (Rc<Vec<Child>>, Option<usize>) {
        let expanded = match self.expanded.get(&key) {
            Some(list) => list.clone(),
            None => {
                let list = Rc::new(self.expand(pos, left));
                if self.expanded.len() >= EXPANDED_NODES {
                    self.expanded.clear();
                }
                self.expanded.insert(key, list.clone());
                list
            }
        };
        // Most positions repeat nothing of the line: their list as it is.
        if !expanded
            .iter()
            .any(|child| self.place_on_path(child.hash).is_some())
        {
            return (expanded, None);
        }
        let attacking = pos.side() == self.attacker;
        let strict = pos.variant().repetition == Repetition::Strict;
        let mut left_out: Option<usize> = None;
        let children = expanded
            .iter()
            .filter_map(|&child| {
                let Some(i) = self.place_on_path(child.hash) else {
                    return Some(child);
                };
                if strict || attacking {
                    if attacking {
                        left_out = left_out.max(Some(i));
                    }
                    None
                } else {
                    Some(Child {
                        settled: Some(Entry {
                            rests_on: self.resting_on(i),
                            escaped: true,
                            ..Entry::LOST
                        }),
                        ..child
                    })
                }
            })
            .collect();
        (Rc::new(children), left_out)
    }

    /// The moves of `children` whatever the line that led to `pos`. Of the
    /// defender's moves that lose at once (most of them leave its royal to
    /// be taken), one of each kind stands for the rest: they all count the
    /// same, and a list of a hundred moves read at every step of the search
    /// cost more than the search.
    fn expand(&mut self, pos: &mut Position, left: Option<u16>) -> Vec<Child> {
        let attacking = pos.side() == self.attacker;
        let defender = self.attacker.flip();
        let mut moves = std::mem::take(&mut self.moves);
        generate(pos, &mut moves);
        let mut children = Vec::with_capacity(moves.len());
        let mut losing_kinds = [false; 2];
        // Where checks are local, a quiet move far from every line of the
        // defender's royals cannot give one: most of the attacker's moves,
        // left unmade (the check test after each move was most of the
        // solver's time). Nor can such a move of the defender's, not of its
        // royal, end a check: once one move stands for those that leave the
        // royal to be taken, the rest are not made either.
        let mut targets = ArrayVec::<Square, 4>::new();
        let checked = self.local_checks && royal_attacked(pos, defender);
        if self.local_checks && attacking != checked {
            targets.extend(pos.royal_squares(defender).iter().copied().take(4));
        }
        let lone_royal = !attacking && pos.royals(defender) == 1 && left != Some(0);
        // Where checks are local, whether the defender's royal is attacked
        // after a move is asked only of the lines through the squares the
        // move changed: an attacker's move gives check through them (none
        // stood before it); a defender's move leaves one standing through
        // them or through a checker's square.
        let checkers = match pos.royal_squares(defender) {
            &[royal] if self.local_checks && !attacking => {
                attackers(pos, royal, self.attacker).map(|a| (royal, a))
            }
            _ => None,
        };
        let quick_checks = self.local_checks && attacking && !checked;
        for &mv in &moves {
            if !targets.is_empty() {
                let near = may_check(pos, mv, &targets) || targets.contains(&mv.from());
                if attacking && !near || lone_royal && losing_kinds[1] && !near {
                    continue;
                }
            }
            // A quiet move's check, or its failure to end one, is read off
            // the board before it where it can be: the moves that give no
            // check, and those that lose once one stands for them, are not
            // made.
            let foreseen = if quick_checks {
                self.foreseen_check(pos, mv)
            } else {
                None
            };
            if foreseen == Some(false) {
                continue;
            }
            if lone_royal
                && losing_kinds[1]
                && checkers.as_ref().is_some_and(|(royal, checkers)| {
                    stays_attacked(pos, mv, *royal, checkers, self.attacker)
                })
            {
                continue;
            }
            pos.make(mv);
            let settled = match self.outcome(pos, None) {
                Some(true) => Some(Entry::WON),
                Some(false) => Some(Entry::LOST),
                // The defender left its last royal where the attacker
                // takes it: most of its moves, settled here rather than by
                // searching the attacker's every move; only if a ply is
                // left for the capture.
                None if !attacking
                    && pos.royals(defender) == 1
                    && self.left_in_check(pos, mv, checkers.as_ref()) =>
                {
                    Some(if left == Some(0) {
                        Entry::LOST
                    } else {
                        Entry::WON_NEXT
                    })
                }
                // With no plies left after the move the attacker cannot win
                // any more (a game still going is lost to it).
                None if left == Some(0) => Some(Entry::LOST),
                None => None,
            };
            let searched = if attacking {
                settled.is_some_and(|e| e.proof == 0)
                    || settled.is_none()
                        && foreseen.unwrap_or_else(|| self.gives_check(pos, mv, quick_checks))
            } else {
                match settled {
                    Some(e) if e.proof == 0 => {
                        let kind = usize::from(e.plies.min(1));
                        !std::mem::replace(&mut losing_kinds[kind], true)
                    }
                    _ => true,
                }
            };
            if searched {
                let position = pos.search_key();
                let key = keyed(position, left);
                if attacking && settled.is_none() && !self.table.contains_key(&key) {
                    // A check's first proof number: the defender's answers
                    // that do not lose the royal at once, so that the checks
                    // that leave the fewest are tried first (df-pn+'s
                    // heuristic start).
                    let first = Entry {
                        proof: evasions(pos, self.attacker, mv.to(), &mut self.answers),
                        ..Entry::FRESH
                    };
                    self.table.insert(key, first);
                }
                children.push(Child {
                    mv,
                    position,
                    left,
                    key,
                    hash: pos.hash(),
                    settled,
                });
            }
            pos.unmake();
        }
        self.moves = moves;
        children
    }

    /// Whether the attacker's quiet move `mv`, not yet made, will attack a
    /// royal of the defender (none being attacked now), where
    /// `quiet_move_attacks` tells for each royal or for one that it does.
    fn foreseen_check(&self, pos: &Position, mv: Move) -> Option<bool> {
        let mut told = Some(false);
        for &royal in pos.royal_squares(self.attacker.flip()) {
            match quiet_move_attacks(pos, mv, royal) {
                Some(true) => return Some(true),
                Some(false) => {}
                None => told = None,
            }
        }
        told
    }

    /// Whether the attacker's move `mv`, just made, attacks a royal of the
    /// defender; `quick`: none was attacked before it.
    fn gives_check(&self, pos: &Position, mv: Move, quick: bool) -> bool {
        let defender = self.attacker.flip();
        if !quick {
            return royal_attacked(pos, defender);
        }
        let changed = mv.changed_squares();
        pos.royal_squares(defender)
            .iter()
            .any(|&royal| capturable_through(pos, royal, self.attacker, &changed))
    }

    /// Whether the defender's move `mv`, just made, leaves its lone royal
    /// attacked; `checkers`: the royal's square and its attackers before
    /// the move, where they are known.
    fn left_in_check(
        &self,
        pos: &Position,
        mv: Move,
        checkers: Option<&(Square, ArrayVec<Square, 16>)>,
    ) -> bool {
        match checkers {
            Some((royal, checkers)) if mv.from() != *royal => {
                capturable_through(pos, *royal, self.attacker, &changed_squares(mv, checkers))
            }
            _ => royal_attacked(pos, self.attacker.flip()),
        }
    }

    /// The df-pn step: search `pos` (table key `key`, `left` plies left)
    /// until its proof number reaches `proof_limit` or its disproof number
    /// `disproof_limit`, or it is settled; its numbers then.
    fn solve_node(
        &mut self,
        pos: &mut Position,
        key: u64,
        left: Option<u16>,
        proof_limit: u32,
        disproof_limit: u32,
    ) -> Entry {
        self.nodes += 1;
        if self.out_of_limits() {
            return self.held(key).unwrap_or(Entry::FRESH);
        }
        let attacking = pos.side() == self.attacker;
        if left == Some(0) && attacking {
            // No plies left for the attacker to win in.
            return self.store(pos, key, left, Entry::LOST);
        }
        let (children, left_out) = self.children(pos, key, left.map(|l| l - 1));
        if children.is_empty() {
            // The attacker has no check; the defender no legal move, which
            // loses the game at once.
            let entry = match (attacking, left_out) {
                (true, None) => Entry::LOST,
                (true, Some(i)) => Entry {
                    rests_on: self.resting_on(i),
                    ..Entry::LOST
                },
                (false, _) => Entry::WON,
            };
            return self.store(pos, key, left, entry);
        }
        if left == Some(0) {
            // The defender to move with no plies left: the game goes on.
            return self.store(pos, key, left, Entry::LOST);
        }
        loop {
            let node = self.combine(&children, attacking, left_out);
            if node.entry.settled()
                || node.entry.proof >= proof_limit
                || node.entry.disproof >= disproof_limit
                || self.stopped
            {
                return self.store(pos, key, left, node.entry);
            }
            let best = &children[node.best];
            let child = self.lookup(best);
            // The best child is searched until it stops being the best
            // (its number passes the second best's) or the node's own
            // limits are reached.
            let (child_proof, child_disproof) = if attacking {
                (
                    proof_limit.min(beyond(node.second)),
                    cap(disproof_limit - node.entry.disproof + child.disproof),
                )
            } else {
                (
                    cap(proof_limit - node.entry.proof + child.proof),
                    disproof_limit.min(beyond(node.second)),
                )
            };
            let (mv, child_key) = (best.mv, best.key);
            pos.make(mv);
            self.push_path(pos.hash());
            self.solve_node(
                pos,
                child_key,
                left.map(|l| l - 1),
                child_proof,
                child_disproof,
            );
            self.pop_path();
            pos.unmake();
        }
    }

    /// A node's numbers from its children's: at the attacker's move the
    /// best child is the one with the least proof number, at the
    /// defender's the one with the least disproof number; `second`: the
    /// next least. A disproof rests on the line as far as those of the
    /// children it comes from do, and an attacker's move left out for
    /// repeating it (`left_out`, its place in the line).
    fn combine(&self, children: &[Child], attacking: bool, left_out: Option<usize>) -> Combined {
        let mut least = INFINITE;
        let mut second = INFINITE;
        let mut best = 0;
        let mut sum: u32 = 0;
        let mut settled_sum = false;
        let mut plies_best: u16 = u16::MAX;
        let mut plies_worst: u16 = 0;
        // Attacking: the deepest place any child's disproof rests on;
        // defending: whether a disproof rests on nothing, else the least
        // deep place one rests on.
        let mut deepest = left_out;
        let mut clean_disproof = false;
        let mut least_deep: Option<usize> = None;
        // Whether a child's disproof rests on a defender's escape by
        // repetition, and whether one does not.
        let mut escaped = false;
        let mut unescaped = false;
        for (i, child) in children.iter().enumerate() {
            let e = self.lookup(child);
            if e.disproof == 0 {
                escaped |= e.escaped;
                unescaped |= !e.escaped;
                match e.rests_on.map(|(place, _)| usize::from(place)) {
                    None => clean_disproof = true,
                    Some(place) => {
                        deepest = deepest.max(Some(place));
                        least_deep = Some(least_deep.map_or(place, |l| l.min(place)));
                    }
                }
            }
            let (mine, theirs) = if attacking {
                (e.proof, e.disproof)
            } else {
                (e.disproof, e.proof)
            };
            // The quickest proved win for the attacker, the longest for the
            // defender (all its moves are proved when the node is).
            if e.proof == 0 {
                plies_best = plies_best.min(e.plies);
                plies_worst = plies_worst.max(e.plies);
            }
            if mine < least {
                second = least;
                least = mine;
                best = i;
            } else if mine < second {
                second = mine;
            }
            if theirs >= INFINITE {
                settled_sum = true;
            }
            sum = sum.saturating_add(theirs);
        }
        let sum = if settled_sum { INFINITE } else { sum.min(MOST) };
        let (proof, disproof, plies) = if attacking {
            (least, sum, plies_best)
        } else {
            (sum, least, plies_worst)
        };
        let rests_on = if disproof != 0 {
            None
        } else if attacking {
            deepest
        } else {
            least_deep.filter(|_| !clean_disproof)
        }
        .and_then(|i| self.resting_on(i));
        Combined {
            entry: Entry {
                proof,
                disproof,
                plies: if proof == 0 {
                    plies.saturating_add(1)
                } else {
                    0
                },
                rests_on,
                // Attacking, every move is disproved (one escape is
                // enough); defending, one disproved move without an escape
                // is.
                escaped: disproof == 0 && if attacking { escaped } else { !unescaped },
            },
            best,
            second,
        }
    }

    /// The line of a proved `root` (`line`) once it replays under the
    /// game's rules.
    pub(super) fn verified_line(&mut self, root: &mut Position) -> Option<Vec<Move>> {
        let line = self.line(root);
        match verify_line_as(root, self.attacker, &line) {
            Ok(()) => Some(line),
            Err(why) => {
                log::debug!("a proof's line does not replay: {why}");
                None
            }
        }
    }

    /// The line of a proved `root`, read from the table: the attacker's
    /// quickest win at each of its moves, the defender's longest
    /// resistance at each of its own. Where the line comes back to a
    /// position of its own (the plies of the table's entries were set at
    /// different times), the next best move is tried; empty if no line to
    /// the game's end is found within `LINE_STEPS` positions.
    fn line(&mut self, root: &mut Position) -> Vec<Move> {
        let mut pos = root.clone();
        let mut line = Vec::new();
        let mut steps = LINE_STEPS;
        self.start_path(pos.hash());
        self.extend_line(&mut pos, self.plies, &mut line, &mut steps);
        line
    }

    /// `line` from `pos` (`left` plies left) to the game's end, along
    /// proved positions; false if there is none within `steps`.
    fn extend_line(
        &mut self,
        pos: &mut Position,
        left: Option<u16>,
        line: &mut Vec<Move>,
        steps: &mut usize,
    ) -> bool {
        if line.len() >= MAX_LINE || *steps == 0 {
            return false;
        }
        *steps -= 1;
        let attacking = pos.side() == self.attacker;
        let key = keyed(pos.search_key(), left);
        let left = left.map(|l| l.saturating_sub(1));
        let (children, _) = self.children(pos, key, left);
        // The defender's longest resistance: the most plies the proofs
        // give, then the moves after which no mate was found within the
        // most plies.
        let mut proved: Vec<(Move, u16, Option<u16>)> = children
            .iter()
            .map(|c| (c, self.lookup(c)))
            .filter(|(_, e)| e.proof == 0)
            .map(|(c, e)| {
                let within = self
                    .by_position
                    .get(&c.position)
                    .and_then(|k| k.disproved_within)
                    .map(|(within, _)| within);
                (c.mv, e.plies, within)
            })
            .collect();
        if attacking {
            proved.sort_by_key(|&(_, plies, _)| plies);
        } else {
            proved.sort_by_key(|&(_, plies, within)| std::cmp::Reverse((plies, within)));
        }
        for (mv, plies, _) in proved {
            line.push(mv);
            if plies == 0 {
                return true;
            }
            pos.make(mv);
            self.push_path(pos.hash());
            let found = self.extend_line(pos, left, line, steps);
            self.pop_path();
            pos.unmake();
            if found {
                return true;
            }
            line.pop();
        }
        false
    }
}

/// The tables' keys are Zobrist hashes already, as random as a hasher
/// would make them: they are used as they are (SipHash took a tenth of the
/// solver's time).
type KeyHash = BuildHasherDefault<KeyHasher>;

#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

/// The table key of a position (`Position::search_key`) with `left` plies
/// to go.
fn keyed(position: u64, left: Option<u16>) -> u64 {
    match left {
        Some(l) => position ^ PLIES_KEY.wrapping_mul(u64::from(l) + 1),
        None => position,
    }
}

/// `Search::on_path`'s slot for a position's hash.
fn filter_slot(hash: u64) -> usize {
    (hash as usize) & (PATH_FILTER - 1)
}

/// How far the best child is searched past the second best's number: a
/// quarter more (df-pn's 1+epsilon trick), so that two close children do
/// not take turns at every step.
fn beyond(second: u32) -> u32 {
    second.saturating_add(second / 4 + 1)
}

/// The squares `mv` changes (`Move::changed_squares`), and `also`.
fn changed_squares(mv: Move, also: &[Square]) -> ArrayVec<Square, 20> {
    let mut squares: ArrayVec<Square, 20> = mv.changed_squares().into_iter().collect();
    squares.extend(also.iter().copied().take(squares.remaining_capacity()));
    squares
}

/// A child limit, kept below `INFINITE`.
fn cap(n: u32) -> u32 {
    n.min(MOST)
}

/// A node's numbers and its best child.
struct Combined {
    entry: Entry,
    best: usize,
    second: u32,
}
