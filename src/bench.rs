//! `kyodai bench`: a fixed-depth search over fixed positions of every
//! variant in the data. The total node count is the signature of the search
//! (it changes only when the search does); nodes per second measure speed.
//! It is run before every commit, so it is meant to take a few seconds.

use crate::board::Position;
use crate::clock::Instant;
use crate::search::{Limits, SearchStats, Searcher};
use crate::variant::{Variant, VariantSet};
use std::io::{self, Write};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

/// Extra positions besides each variant's start position: hand-made
/// opening positions with contact between the armies.
const POSITIONS: &[(&str, &str)] = &[
    (
        "chu",
        "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppp1pppppp1/4p2i3p/3i8/12/3I4I3/PPPPP1PPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL w - 0 1",
    ),
    (
        "chu",
        "lfcsgekgscfl/a1b1tx1t1b1a/mvrhdqndhrvm/1ppp2pppppp/p3pp6/3i1o2i3/12/3I1N2I3/PPPPP1PPPPPP/MVRHD1QDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL w - 0 1",
    ),
];

/// The depth `kyodai bench` searches to without a depth argument: a few
/// seconds in all, every variant taking a share of them.
pub const DEFAULT_DEPTH: u32 = 8;

/// The deepest bench a user may ask for. Each ply multiplies the time by
/// about three to five, so depth 20 would take weeks at the least: a larger
/// number is a typo, refused rather than run.
pub const MAX_DEPTH: u32 = 20;

/// Plies by which a variant's positions are searched shallower than the
/// bench depth, so that the bench takes a few seconds and no variant
/// outweighs the rest. At depth 6 Nutty's start position costs about five
/// times Chu's nodes, and Suzumu's, with its many long-range and
/// area-moving pieces, over two hundred times; at depth 8 Dai's alone
/// takes about as long as Chu's three positions together. Tenjiku's
/// burning Fire Demons make each node several times dearer than Suzumu's.
pub const SHALLOWER: &[(&str, u32)] = &[
    ("dai", 1),
    ("nutty-shogi", 1),
    ("suzumu-shogi", 4),
    ("tenjiku", 4),
];

/// The depth `variant`'s positions are searched to in a bench of `depth`
/// (at least 1). Variants the table does not name (from `--ini`) are
/// searched to `depth`.
fn depth_for(variant: &Variant, depth: u32) -> u32 {
    let shallower = SHALLOWER
        .iter()
        .find(|(name, _)| variant.answers_to(name))
        .map_or(0, |&(_, plies)| plies);
    depth.saturating_sub(shallower).max(1)
}

/// Search every position to its variant's depth in a bench of `depth`
/// (`depth_for`) with `threads` threads. With more than one thread the
/// node count varies from run to run; the time to reach the depth is the
/// figure that matters then. With `stats`, the searches' counts of what
/// they pruned and reduced follow, all positions together. The report
/// goes to `out`; a write error (a closed pipe) ends the run.
pub fn run(
    set: &'static VariantSet,
    depth: u32,
    threads: usize,
    stats: bool,
    out: &mut impl Write,
) -> io::Result<()> {
    let mut searcher = Searcher::new(64, Arc::new(AtomicBool::new(false)));
    searcher.set_threads(threads);
    let mut fens: Vec<(&'static Variant, String)> = set
        .variants
        .iter()
        .map(|v| (v, v.start_fen.clone()))
        .collect();
    for (name, fen) in POSITIONS {
        if let Some(v) = set.find(name) {
            fens.push((v, fen.to_string()));
        }
    }
    let start = Instant::now();
    let mut total = 0u64;
    let mut counts = SearchStats::default();
    for (v, fen) in fens {
        let Ok(mut pos) = Position::from_fen(v, &fen) else {
            eprintln!("bench: bad position for {}: {fen}", v.name);
            continue;
        };
        searcher.clear();
        let position_start = Instant::now();
        let found = searcher.think(
            &mut pos,
            Limits {
                depth: Some(depth_for(v, depth)),
                ..Limits::default()
            },
            &mut |_| {},
        );
        let best = found.best.map_or("none".to_string(), |m| m.to_string());
        writeln!(
            out,
            "{:<16} nodes {:>10} best {best} score {} depth {} ms {}",
            v.name,
            found.nodes,
            found.score,
            found.depth,
            position_start.elapsed().as_millis()
        )?;
        total += found.nodes;
        counts += searcher.stats();
    }
    let secs = start.elapsed().as_secs_f64();
    writeln!(out, "nodes {total}")?;
    writeln!(out, "time {:.3}", secs)?;
    writeln!(out, "nps {}", (total as f64 / secs.max(1e-6)) as u64)?;
    if stats {
        write!(out, "{counts}")?;
    }
    Ok(())
}
