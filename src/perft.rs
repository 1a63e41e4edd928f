//! Perft: count the leaf nodes of the legal-move tree: one per effect (a
//! Lion's step-step through an empty square is its jump), an optional
//! promotion twice, a pass once per piece that can make it, repetition
//! ignored, no moves once a side has lost its royals; or one per route
//! (`path_count`), as lishogi counts Chu moves.
//!
//! Deep counts split the root moves over threads and share a table of
//! subtree counts; suites (`perft/*.txt`) list positions with their
//! expected counts.

use crate::board::Position;
use crate::movegen::{generate, hook_directions, made_by_rays, parse_move};
use crate::moves::Move;
use crate::types::{KING_STEPS, Square};
use crate::variant::{Burn, Power, Variant};
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};

/// What one leaf is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Counting {
    /// One per effect (origin, destination, pieces removed, promotion).
    Effect,
    /// One per path (`path_count`): a move its piece can make by several
    /// routes counts once per route, as lishogi's shogiops lists Chu moves.
    Path,
}

/// The single steps of `mv`'s piece that may start a Lion-type double
/// step: all eight for a Lion, the sting directions for a Horned Falcon
/// or Soaring Eagle; none for other pieces.
fn lion_steps(pos: &Position, mv: Move) -> &'static [i32] {
    let Some(p) = pos.piece_at(mv.from()) else {
        return &[];
    };
    let t = pos.variant().piece(p.kind());
    if t.power == Power::Lion {
        &KING_STEPS
    } else {
        t.stings(p.color())
    }
}

/// The squares a Lion-power move may step through, empty, on a path to
/// its destination other than its direct one: every route `from -> mid ->
/// to` by two of the piece's steps (`to == from`: a pass out and back).
/// A Lion's second step goes any way; a Horned Falcon's or Soaring
/// Eagle's goes on along its first or straight back (docs/rules/chu.md
/// 5.3), as in shogiops' `secondLionStepDests`. Moves that remove pieces
/// have one path only: the removed squares are the path.
pub fn empty_midpoints(pos: &Position, mv: Move) -> Vec<Square> {
    let steps = lion_steps(pos, mv);
    if !mv.kills().is_empty() {
        return Vec::new();
    }
    let any_second_step = pos
        .piece_at(mv.from())
        .is_some_and(|p| pos.variant().piece(p.kind()).power == Power::Lion);
    steps
        .iter()
        .map(|&d| (d, mv.from().offset(d)))
        .filter(|&(_, mid)| pos.cell(mid).is_empty())
        .filter(|&(d, mid)| {
            if any_second_step {
                steps.iter().any(|&e| mid.offset(e) == mv.to())
            } else {
                mid.offset(d) == mv.to() || mid.offset(-d) == mv.to()
            }
        })
        .map(|(_, mid)| mid)
        .collect()
}

/// How many routes `mv`'s piece has to make `mv` (docs/perft.md, section
/// 2): a Lion-type move its direct way plus one through each empty square
/// it can step through; a pass once per empty square it can go out to and
/// come back from; a hook move once per turning square; an area move
/// (Fire Demon, Regent, Vice General) once per sequence of king steps over
/// empty squares, plus its slide or step there if it has one. A move that
/// removes pieces on its way (igui, double capture, jump capture) has the
/// one route through them; everything else has one route.
pub fn path_count(pos: &Position, mv: Move) -> u64 {
    let Some(p) = pos.piece_at(mv.from()) else {
        return 1;
    };
    let t = pos.variant().piece(p.kind());
    let (from, to) = (mv.from(), mv.to());
    // A Suzumu Demon's burns are chosen after its move; its route is the
    // move's.
    let burns_after = t.burn == Burn::Choose && to != from;
    if !mv.kills().is_empty() && !burns_after {
        return 1;
    }
    let empty_neighbours = |steps: &mut dyn Iterator<Item = i32>| {
        steps
            .filter(|&d| pos.cell(from.offset(d)).is_empty())
            .count() as u64
    };
    let routes = match t.power {
        Power::DiagonalLion if mv.is_pass() => {
            empty_neighbours(&mut KING_STEPS.iter().copied().skip(1).step_by(2))
        }
        Power::Wolf if mv.is_pass() => empty_neighbours(&mut KING_STEPS.iter().copied()),
        Power::Hook { diagonal } => turning_squares(pos, from, to, diagonal),
        _ if t.area > 0 => {
            let direct = from.distance(to) >= 2 && made_by_rays(pos, mv);
            u64::from(direct) + king_walks(pos, to, from, t.area)
        }
        // A pass has no direct path: its paths are its midpoints.
        _ if mv.is_pass() => empty_midpoints(pos, mv).len() as u64,
        _ => 1 + empty_midpoints(pos, mv).len() as u64,
    };
    routes.max(1)
}

/// The walks of 1 to `steps` king steps from `at` that end on `to`, over
/// empty squares (the moving piece's own square is not empty, so no route
/// passes back through it: that would be a pass and then another move).
fn king_walks(pos: &Position, to: Square, at: Square, steps: u8) -> u64 {
    let mut walks = 0;
    for &d in &KING_STEPS {
        let sq = at.offset(d);
        let cell = pos.cell(sq);
        if cell.is_off() {
            continue;
        }
        walks += u64::from(sq == to);
        if steps > 1 && cell.is_empty() {
            walks += king_walks(pos, to, sq, steps - 1);
        }
    }
    walks
}

/// The empty squares on which a hook piece on `from` can turn 90 degrees
/// and slide on to `to` (0 when `to` is a straight slide).
fn turning_squares(pos: &Position, from: Square, to: Square, diagonal: bool) -> u64 {
    let mut turns = 0;
    for i in hook_directions(diagonal) {
        let mut turn = from.offset(KING_STEPS[i]);
        while pos.cell(turn).is_empty() {
            for b in [KING_STEPS[(i + 2) % 8], KING_STEPS[(i + 6) % 8]] {
                let mut sq = turn.offset(b);
                while sq != to && pos.cell(sq).is_empty() {
                    sq = sq.offset(b);
                }
                turns += u64::from(sq == to);
            }
            turn = turn.offset(KING_STEPS[i]);
        }
    }
    turns
}

/// How many leaves one move is under `counting`.
fn leaves(pos: &Position, mv: Move, counting: Counting) -> u64 {
    match counting {
        Counting::Effect => 1,
        Counting::Path => path_count(pos, mv),
    }
}

/// The deepest perft a user may ask for. Chu's tree grows some forty-fold
/// per ply (48315 leaves at depth 3), so nothing near depth 20 finishes on
/// a real board, while a tiny test board from `--ini` can still go deep.
/// Beyond it a depth is a typo, refused before one move buffer per ply is
/// allocated for it.
pub const MAX_DEPTH: usize = 20;
/// The largest count table a user may ask for (16 GiB).
pub const MAX_HASH_MB: usize = 16 << 10;

/// Leaf count at `depth`, with one move buffer per level reused throughout.
pub fn perft(pos: &mut Position, depth: usize) -> u64 {
    let mut buffers = buffers(depth);
    count(pos, depth, &mut buffers, None, Counting::Effect)
}

fn buffers(depth: usize) -> Vec<Vec<Move>> {
    (0..depth.max(1)).map(|_| Vec::with_capacity(512)).collect()
}

fn count(
    pos: &mut Position,
    depth: usize,
    buffers: &mut [Vec<Move>],
    table: Option<&CountTable>,
    counting: Counting,
) -> u64 {
    if depth == 0 {
        return 1;
    }
    // Counts of one- and two-ply subtrees cost less than a table look-up
    // saves; from three plies on they are stored.
    let table = table.filter(|_| depth >= 3);
    let key = table.map(|_| table_key(pos, depth, counting));
    if let (Some(t), Some(k)) = (table, key)
        && let Some(n) = t.probe(k)
    {
        return n;
    }
    let (list, rest) = buffers.split_first_mut().expect("one buffer per level");
    generate(pos, list);
    if depth == 1 {
        return match counting {
            Counting::Effect => list.len() as u64,
            Counting::Path => list.iter().map(|&mv| leaves(pos, mv, counting)).sum(),
        };
    }
    let mut total = 0;
    for &mv in list.iter() {
        // Every path of a move leads to the same position.
        let ways = leaves(pos, mv, counting);
        pos.make(mv);
        total += ways * count(pos, depth - 1, rest, table, counting);
        pos.unmake();
    }
    if let (Some(t), Some(k)) = (table, key) {
        t.store(k, total);
    }
    total
}

/// A subtree's key: the position with its rule state, the depth and what
/// is counted.
fn table_key(pos: &Position, depth: usize, counting: Counting) -> u64 {
    let mode = match counting {
        Counting::Effect => 0,
        Counting::Path => 0x5A5A_5A5A_5A5A_5A5A,
    };
    pos.search_key() ^ (depth as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ mode
}

/// Subtree counts shared by threads without locks. A slot holds the key
/// XOR the count and the count; a slot two threads wrote at once fails the
/// check on reading and counts as empty.
pub struct CountTable {
    slots: Vec<[AtomicU64; 2]>,
}

impl CountTable {
    /// A table of about `megabytes` MB (a power-of-two number of slots).
    pub fn new(megabytes: usize) -> CountTable {
        let wanted = (megabytes.clamp(1, MAX_HASH_MB) << 20) / 16;
        let n = if wanted.is_power_of_two() {
            wanted
        } else {
            wanted.next_power_of_two() / 2
        };
        CountTable {
            slots: (0..n)
                .map(|_| [AtomicU64::new(0), AtomicU64::new(0)])
                .collect(),
        }
    }

    fn slot(&self, key: u64) -> &[AtomicU64; 2] {
        &self.slots[(key as usize) & (self.slots.len() - 1)]
    }

    fn probe(&self, key: u64) -> Option<u64> {
        let [check, value] = self.slot(key);
        let value = value.load(Ordering::Relaxed);
        // A count is never 0 here (a stored subtree has a move), so an
        // untouched slot never passes.
        (value != 0 && check.load(Ordering::Relaxed) ^ value == key).then_some(value)
    }

    fn store(&self, key: u64, count: u64) {
        let [check, value] = self.slot(key);
        check.store(key ^ count, Ordering::Relaxed);
        value.store(count, Ordering::Relaxed);
    }
}

/// Counts per root move, in generation order.
pub fn divide(pos: &mut Position, depth: usize) -> Vec<(Move, u64)> {
    divide_parallel(pos, depth, 1, None, Counting::Effect)
}

/// Counts per root move, in generation order, the root moves shared out
/// among `threads` threads (each takes the next one not yet taken), all
/// using `table` if given. A root move's count is that of one of its paths.
pub fn divide_parallel(
    pos: &Position,
    depth: usize,
    threads: usize,
    table: Option<&CountTable>,
    counting: Counting,
) -> Vec<(Move, u64)> {
    let mut roots = Vec::new();
    generate(pos, &mut roots);
    let counts: Vec<AtomicU64> = roots.iter().map(|_| AtomicU64::new(0)).collect();
    let next = AtomicUsize::new(0);
    std::thread::scope(|s| {
        for _ in 0..threads.clamp(1, roots.len().max(1)) {
            let mut pos = pos.clone();
            let (roots, counts, next) = (&roots, &counts, &next);
            s.spawn(move || {
                let mut buffers = buffers(depth.saturating_sub(1));
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(&mv) = roots.get(i) else { return };
                    pos.make(mv);
                    let n = count(
                        &mut pos,
                        depth.saturating_sub(1),
                        &mut buffers,
                        table,
                        counting,
                    );
                    pos.unmake();
                    counts[i].store(n, Ordering::Relaxed);
                }
            });
        }
    });
    roots
        .into_iter()
        .zip(counts)
        .map(|(mv, n)| (mv, n.into_inner()))
        .collect()
}

/// Leaf count at `depth` with `threads` threads and an optional table.
pub fn perft_parallel(
    pos: &Position,
    depth: usize,
    threads: usize,
    table: Option<&CountTable>,
    counting: Counting,
) -> u64 {
    if depth == 0 {
        return 1;
    }
    divide_parallel(pos, depth, threads, table, counting)
        .iter()
        .map(|&(mv, n)| leaves(pos, mv, counting) * n)
        .sum()
}

/// One position of a suite with its expected counts.
#[derive(Clone, Debug, Default)]
pub struct Case {
    pub name: String,
    /// The line of its `[name]`.
    pub line: usize,
    pub fen: String,
    /// Played from the FEN before counting.
    pub moves: Vec<String>,
    /// (depth, expected count).
    pub counts: Vec<(usize, u64)>,
}

/// Read a suite:
///
/// ```text
/// [case-name]
/// # comments
/// fen = FEN
/// moves = M1 M2 ...      (optional: played from the FEN first)
/// perft 1 = N
/// perft 2 = N            (any depths)
/// ```
pub fn parse_suite(text: &str) -> Result<Vec<Case>, String> {
    let mut cases: Vec<Case> = Vec::new();
    for (n, raw) in text.lines().enumerate() {
        let line = raw.trim();
        let lineno = n + 1;
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if let Some(name) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
            let name = name.trim();
            if name.is_empty() {
                return Err(format!("line {lineno}: empty case name"));
            }
            if cases.iter().any(|c| c.name == name) {
                return Err(format!("line {lineno}: duplicate case [{name}]"));
            }
            cases.push(Case {
                name: name.to_string(),
                line: lineno,
                ..Case::default()
            });
            continue;
        }
        let case = cases
            .last_mut()
            .ok_or_else(|| format!("line {lineno}: '{line}' before the first [case]"))?;
        let (key, value) = line
            .split_once('=')
            .ok_or_else(|| format!("line {lineno}: expected 'key = value', got '{line}'"))?;
        let (key, value) = (key.trim(), value.trim());
        if key == "fen" {
            case.fen = value.to_string();
        } else if key == "moves" {
            case.moves = value.split_whitespace().map(str::to_string).collect();
        } else if let Some(depth) = key.strip_prefix("perft") {
            let depth = depth
                .trim()
                .parse::<usize>()
                .ok()
                .filter(|&d| d <= MAX_DEPTH)
                .ok_or_else(|| format!("line {lineno}: bad depth in '{key}'"))?;
            let count: u64 = value
                .parse()
                .map_err(|_| format!("line {lineno}: bad count '{value}'"))?;
            case.counts.push((depth, count));
        } else {
            return Err(format!("line {lineno}: unknown key '{key}'"));
        }
    }
    for c in &cases {
        if c.fen.is_empty() {
            return Err(format!("case [{}] (line {}): no fen", c.name, c.line));
        }
        if c.counts.is_empty() {
            return Err(format!(
                "case [{}] (line {}): no perft count",
                c.name, c.line
            ));
        }
    }
    Ok(cases)
}

/// What checking one count of a suite found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Checked {
    pub case: String,
    pub line: usize,
    pub depth: usize,
    pub expected: u64,
    /// `Err`: the case's position or moves did not read.
    pub got: Result<u64, String>,
}

impl Checked {
    pub fn matches(&self) -> bool {
        self.got == Ok(self.expected)
    }
}

/// Check every count of `cases` up to `max_depth` in `variant`.
pub fn check_suite(
    variant: &'static Variant,
    cases: &[Case],
    max_depth: usize,
    threads: usize,
    table: Option<&CountTable>,
) -> Vec<Checked> {
    let mut out = Vec::new();
    for case in cases {
        let pos = case_position(variant, case);
        for &(depth, expected) in case.counts.iter().filter(|c| c.0 <= max_depth) {
            let got = match &pos {
                Ok(p) => Ok(perft_parallel(p, depth, threads, table, Counting::Effect)),
                Err(e) => Err(e.clone()),
            };
            out.push(Checked {
                case: case.name.clone(),
                line: case.line,
                depth,
                expected,
                got,
            });
        }
    }
    out
}

/// A case's position after its moves.
fn case_position(variant: &'static Variant, case: &Case) -> Result<Position, String> {
    let mut pos = Position::from_fen(variant, &case.fen)
        .map_err(|e| format!("bad FEN '{}': {e}", case.fen))?;
    for (i, text) in case.moves.iter().enumerate() {
        let mv = parse_move(&pos, text)
            .map_err(|e| format!("move {} '{text}' is not legal here: {e}", i + 1))?;
        pos.make(mv);
    }
    Ok(pos)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::VariantSet;

    fn start(name: &str) -> Position {
        Position::start(VariantSet::builtin().find(name).expect("built in"))
    }

    #[test]
    fn threads_and_the_table_give_the_single_thread_counts() {
        for (name, depth) in [("chu", 4), ("nutty", 3), ("suzumu", 3)] {
            let mut pos = start(name);
            let one = perft(&mut pos, depth);
            let table = CountTable::new(16);
            let effect = Counting::Effect;
            assert_eq!(perft_parallel(&pos, depth, 2, None, effect), one, "{name}");
            assert_eq!(
                perft_parallel(&pos, depth, 2, Some(&table), effect),
                one,
                "{name}"
            );
            // A second run answers from the filled table.
            assert_eq!(
                perft_parallel(&pos, depth, 3, Some(&table), effect),
                one,
                "{name}"
            );
            let rows = divide_parallel(&pos, depth, 2, Some(&table), effect);
            assert_eq!(rows, divide(&mut pos, depth), "{name}");
        }
    }

    #[test]
    fn chu_paths_are_counted_as_shogiops_counts_them() {
        // shogiops' perft of the start position: 36 / 1296 / 52599 / 2134748.
        let pos = start("chu");
        let table = CountTable::new(16);
        let by_path: Vec<u64> = (1..=4)
            .map(|d| perft_parallel(&pos, d, 2, Some(&table), Counting::Path))
            .collect();
        assert_eq!(by_path, [36, 1296, 52599, 2134748]);
        assert_eq!(perft_parallel(&pos, 3, 1, None, Counting::Effect), 48315);
        // A Lion on f6 of an otherwise empty board (but the Kings): its
        // jump to f8 is one effect and two paths (over f7, or jumping).
        let v = VariantSet::builtin().find("chu").expect("built in");
        let pos =
            Position::from_fen(v, "11k/12/12/12/12/12/5N6/12/12/12/12/K11 w - 0 1").expect("reads");
        let jump = parse_move(&pos, "f6f8").expect("legal");
        assert_eq!(path_count(&pos, jump), 4);
        let pass = parse_move(&pos, "@@@@").expect("legal");
        assert_eq!(path_count(&pos, pass), 8);
        let step = parse_move(&pos, "f6f7").expect("legal");
        assert_eq!(path_count(&pos, step), 5);
    }

    /// `path_count` of the move `text` in `fen`.
    fn routes(variant: &str, fen: &str, text: &str) -> u64 {
        let v = VariantSet::builtin().find(variant).expect("built in");
        let pos = Position::from_fen(v, fen).expect("reads");
        path_count(&pos, parse_move(&pos, text).expect("legal"))
    }

    #[test]
    fn hook_area_wolf_and_harpy_routes_are_counted() {
        // Cashew Hook Mover on g7: h8 by turning on g8 or on h7; a straight
        // slide has one route; an own Pawn on g8 leaves one turn.
        let hook = "12k/13/13/13/13/13/6H!6/13/13/13/13/13/K12 w - 0 1";
        assert_eq!(routes("cashew", hook, "g7h8"), 2);
        assert_eq!(routes("cashew", hook, "g7h10"), 2);
        assert_eq!(routes("cashew", hook, "g7g10"), 1);
        let blocked = "12k/13/13/13/13/6P6/6H!6/13/13/13/13/13/K12 w - 0 1";
        assert_eq!(routes("cashew", blocked, "g7h8"), 1);
        // Cashew Wolf on g7 with an own Pawn on g8: a pass out and back
        // over each of the seven empty neighbours.
        let wolf = "12k/13/13/13/13/6P6/6W!6/13/13/13/13/13/K12 w - 0 1";
        assert_eq!(routes("cashew", wolf, "@@@@"), 7);
        assert_eq!(routes("cashew", wolf, "g7i9"), 1);
        // Nutty Fire Demon on g6 (area 3) on an open board, counted by hand
        // with the Demon at (0,0): to (2,0) by its sideways slide, three
        // two-step and twelve three-step walks; to (2,2) by its diagonal
        // slide, one two-step and six three-step walks; to (1,0) one step,
        // four two-step and 19 three-step walks; a pass out and back (8)
        // or round a triangle (24).
        let demon = "12k/13/13/13/13/13/13/6D!6/13/13/13/13/K12 w - 0 1";
        assert_eq!(routes("nutty", demon, "g6i6"), 16);
        assert_eq!(routes("nutty", demon, "g6i8"), 8);
        assert_eq!(routes("nutty", demon, "g6h6"), 24);
        assert_eq!(routes("nutty", demon, "@@@@"), 32);
        // Nutty Harpy on g6 with an own Pawn on f7: its pass goes over one
        // of the three empty diagonal neighbours; its jumps have one route.
        let harpy = "12k/13/13/13/13/13/5P7/6+Q6/13/13/13/13/K12 w - 0 1";
        assert_eq!(routes("nutty", harpy, "@@@@"), 3);
        assert_eq!(routes("nutty", harpy, "g6i8"), 1);
    }

    #[test]
    fn suites_are_read_and_checked() {
        let text = "# a comment\n[start]\nfen = lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL w - 0 1\nperft 1 = 36\nperft 2 = 1297\n[after]\nfen = lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL w - 0 1\nmoves = a4a5 zz\nperft 1 = 36\n";
        let cases = parse_suite(text).expect("reads");
        assert_eq!(cases.len(), 2);
        let v = VariantSet::builtin().find("chu").expect("built in");
        let checked = check_suite(v, &cases, 2, 1, None);
        assert_eq!(checked.len(), 3);
        assert!(checked[0].matches());
        assert_eq!(checked[1].got, Ok(1296));
        assert!(!checked[1].matches());
        assert!(checked[2].got.as_ref().is_err_and(|e| e.contains("'zz'")));
        assert_eq!(check_suite(v, &cases, 1, 1, None).len(), 2);
        for bad in [
            "fen = x",
            "[a]\nperft 1 = 3",
            "[a]\nfen = x\n",
            "[a]\n[a]",
            "[a]\nfen = x\nperft 99 = 1",
        ] {
            assert!(parse_suite(bad).is_err(), "{bad}");
        }
    }
}
