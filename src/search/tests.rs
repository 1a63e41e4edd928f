//! The search's tests: game-ending rules in the tree, threads, MultiPV,
//! limits and the weakening.

use super::history::{HISTORY_MAX, with_gravity};
use super::limits::{Limits, Outcome, RootPolicy};
use super::ordering::{
    GOOD_CAPTURE, good_capture_order, keep_strongest_variants, reduction_by_history,
    reduction_in_plies,
};
use super::scores::MATE_BOUND;
use super::searcher::Searcher;
use super::skill::{
    MAX_ELO, MAX_SKILL, MIN_ELO, MIN_SKILL, SKILL_BASE_NODES, SKILL_LADDER, SKILL_LINES,
    skill_for_elo, skill_nodes, weakened_choice,
};
use super::worker::Line;
use crate::board::Position;
use crate::game::legal_moves;
use crate::movegen::generate_captures;
use crate::moves::Move;
use crate::types::Rng;
use crate::variant::VariantSet;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

fn chu() -> &'static crate::variant::Variant {
    let set = VariantSet::builtin();
    set.find("chu").unwrap()
}

#[test]
fn quiescence_keeps_one_variant_of_each_capture() {
    // Suzumu start: the Rook General g4 takes g12 (jumping g5), or g13
    // (jumping g5 and g12) with or without taking g12 in passing, each
    // with or without promotion: quiescence keeps `g4g12+` and
    // `g4g12,g12g13+`, the promoting variant taking most.
    let v = VariantSet::builtin().find("suzumu").unwrap();
    let pos = Position::start(v);
    let mut list = Vec::new();
    generate_captures(&pos, &mut list);
    keep_strongest_variants(&mut list);
    let mut from_g4: Vec<String> = list
        .iter()
        .filter(|m| m.from().to_string() == "g4")
        .map(|m| m.to_string())
        .collect();
    from_g4.sort();
    assert_eq!(from_g4, ["g4g12+", "g4g12,g12g13+"]);
}

/// The engine's root moves, as sorted move strings.
fn sorted_roots(pos: &mut Position) -> Vec<String> {
    let mut roots: Vec<String> = Searcher::root_moves(pos, RootPolicy::XBOARD)
        .iter()
        .map(|m| m.to_string())
        .collect();
    roots.sort();
    roots
}

fn search_to_depth(pos: &mut Position, depth: u32) -> Outcome {
    search_with_threads(pos, depth, 1)
}

fn search_with_threads(pos: &mut Position, depth: u32, threads: usize) -> Outcome {
    let mut s = Searcher::new(1, Arc::new(AtomicBool::new(false)));
    s.set_threads(threads);
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    s.think(pos, limits, &mut |_| {})
}

/// Under lishogi's rules taking Gote's last piece but its King wins
/// (bare king): the search sees it as a mate; under Kyodai's own rules
/// it is only a Gold's worth.
#[test]
fn a_bare_king_is_a_win_in_the_tree_under_lishogi_rules() {
    use crate::variant::Rules;
    let set = VariantSet::builtin();
    // Sente: King a1, Rook a7; Gote: King l12, Gold a10.
    let fen = "11k/12/g11/12/12/R11/12/12/12/12/12/K11 w - 0 1";
    let lishogi = set.find_with("chu", Rules::Lishogi).unwrap();
    let mut pos = Position::from_fen(lishogi, fen).unwrap();
    let out = search_to_depth(&mut pos, 3);
    assert!(out.score >= MATE_BOUND, "{}", out.score);
    let best = out.best.map(|m| m.to_string()).unwrap_or_default();
    assert!(best.starts_with("a7a10"), "{best}");
    let mut pos = Position::from_fen(set.find("chu").unwrap(), fen).unwrap();
    let out = search_to_depth(&mut pos, 3);
    assert!(out.score < MATE_BOUND, "{}", out.score);
}

#[test]
fn hachu_compatibility_keeps_benched_moves_out_of_the_whole_tree() {
    // A Cashew Hook Mover a1 guards the Gold a5 against the Castle a9,
    // but HaChu cannot move hook movers: under the option no line the
    // engine thinks about, at any depth, has White moving it (without
    // the option the engine counts on the recapture a1a5).
    let v = VariantSet::builtin().find("cashew").unwrap();
    let fen = "12k/13/13/13/d12/13/13/13/G12/13/13/13/H!11K w";
    let mut pos = Position::from_fen(v, fen).unwrap();
    let mut s = Searcher::new(1, Arc::new(AtomicBool::new(false)));
    s.hachu_compatible = true;
    let limits = Limits {
        depth: Some(4),
        ..Limits::default()
    };
    let mut white_moves = Vec::new();
    s.think(&mut pos, limits, &mut |info| {
        white_moves.extend(info.pv.iter().step_by(2).map(|m| m.to_string()));
    });
    assert!(!white_moves.is_empty());
    assert!(
        white_moves.iter().all(|m| !m.starts_with("a1")),
        "{white_moves:?}"
    );
}

#[test]
fn a_pawn_in_the_zone_steps_onto_the_last_rank_unpromoted() {
    // White's King is boxed in by its own dead Pawns; the only moves are
    // a11a12 (a dead Pawn, as HaChu plays it) and a11a12+ (promotion by
    // the last-rank rule alone, which HaChu rejects).
    let fen = "10PK/P9PP/12/12/12/12/12/12/12/12/12/k11 w";
    let mut pos = Position::from_fen(chu(), fen).unwrap();
    assert_eq!(sorted_roots(&mut pos), ["a11a12"]);
    let out = search_to_depth(&mut pos, 2);
    assert!(out.best.is_some());
}

#[test]
fn a_side_whose_every_move_exposes_its_king_still_moves() {
    // The White King on a1 may go to a2, b1 or b2; the Rooks on b12 and
    // l2 attack all three. Those moves are the last tier, not dropped.
    let fen = "1r10/12/12/12/12/12/12/12/12/12/11r/K10k w";
    let mut pos = Position::from_fen(chu(), fen).unwrap();
    assert_eq!(sorted_roots(&mut pos), ["a1a2", "a1b1", "a1b2"]);
    assert!(search_to_depth(&mut pos, 2).best.is_some());
}

#[test]
fn prefers_moves_that_keep_the_sole_king_safe() {
    // The White King on f1 may step into the Rook's file (legal, but
    // XBoard forfeits it); the search must never choose such a move.
    let fen = "12/12/4r7/12/12/12/12/12/12/12/12/5K5k w";
    let mut pos = Position::from_fen(chu(), fen).unwrap();
    let roots = Searcher::root_moves(&mut pos, RootPolicy::XBOARD);
    assert!(!roots.is_empty());
    assert!(roots.iter().all(|m| m.to().file() != 4), "{roots:?}");
}

#[test]
fn threads_finish_the_depth_asked_for_with_a_legal_move() {
    for fen in [
        "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL w",
        "k11/12/12/12/12/12/12/12/12/12/12/R4K6 w",
    ] {
        let mut pos = Position::from_fen(chu(), fen).unwrap();
        let before = pos.fen();
        let single = search_with_threads(&mut pos, 5, 1);
        for threads in [2, 3] {
            let out = search_with_threads(&mut pos, 5, threads);
            assert_eq!(pos.fen(), before, "the search restores the position");
            assert!(out.depth >= 5 || out.score.abs() > MATE_BOUND, "{out:?}");
            let best = out.best.expect("a move");
            assert!(legal_moves(&mut pos).contains(&best), "{best}");
            // (Taking the last King needs no search.)
            assert!(out.nodes > 0 || out.score > MATE_BOUND);
            // A mate is a mate whatever the thread count.
            assert_eq!(out.score > MATE_BOUND, single.score > MATE_BOUND, "{fen}");
        }
    }
}

/// A report's depth, line number, score and PV.
type Reported = (u32, usize, i32, Vec<Move>);

/// Every report of a search of `pos` to `depth` with `multipv` lines
/// on `threads` threads, and the outcome.
fn multipv_search(
    pos: &mut Position,
    depth: u32,
    multipv: usize,
    threads: usize,
) -> (Vec<Reported>, Outcome) {
    let mut s = Searcher::new(1, Arc::new(AtomicBool::new(false)));
    s.set_threads(threads);
    let limits = Limits {
        depth: Some(depth),
        multipv,
        ..Limits::default()
    };
    let mut infos = Vec::new();
    let out = s.think(pos, limits, &mut |info| {
        infos.push((info.depth, info.multipv, info.score, info.pv.to_vec()));
    });
    (infos, out)
}

#[test]
fn multipv_reports_the_best_lines_of_each_depth() {
    // The Black Rook e5 hangs to the Golds d4 and e4: lines 1 and 2
    // take it, line 3 is some other move.
    let fen = "k11/12/12/12/12/12/12/4r7/3GG7/12/12/11K w";
    for threads in [1, 2] {
        let mut pos = Position::from_fen(chu(), fen).unwrap();
        let (infos, out) = multipv_search(&mut pos, 5, 3, threads);
        let mut depths: Vec<u32> = infos.iter().map(|i| i.0).collect();
        depths.dedup();
        assert!(depths.contains(&5), "{depths:?}");
        for d in depths {
            let lines: Vec<_> = infos.iter().filter(|i| i.0 == d).collect();
            let numbers: Vec<usize> = lines.iter().map(|i| i.1).collect();
            assert_eq!(numbers, [1, 2, 3], "depth {d}");
            assert!(lines.windows(2).all(|w| w[0].2 >= w[1].2), "{lines:?}");
            let firsts: Vec<Move> = lines.iter().map(|i| i.3[0]).collect();
            assert!(firsts[0] != firsts[1] && firsts[1] != firsts[2]);
            assert!(firsts[0] != firsts[2]);
            for mv in &firsts[..2] {
                assert_eq!(mv.to().to_string(), "e5", "depth {d}: {firsts:?}");
            }
            assert!(firsts[2].to().to_string() != "e5", "depth {d}");
        }
        let last = infos.iter().rev().find(|i| i.1 == 1).unwrap();
        assert_eq!(out.best, Some(last.3[0]), "threads {threads}");
        assert_eq!(out.score, last.2);
    }
}

#[test]
fn multipv_reports_no_more_lines_than_moves() {
    // The White King's three moves (see below).
    let fen = "1r10/12/12/12/12/12/12/12/12/12/11r/K10k w";
    let mut pos = Position::from_fen(chu(), fen).unwrap();
    let (infos, out) = multipv_search(&mut pos, 3, 5, 1);
    for d in 1..=3 {
        let numbers: Vec<usize> = infos.iter().filter(|i| i.0 == d).map(|i| i.1).collect();
        assert_eq!(numbers, [1, 2, 3], "depth {d}");
    }
    assert!(out.best.is_some());
}

#[test]
fn multipv_one_searches_as_before() {
    // One line is the plain search, node for node (the bench count
    // checks this over more positions).
    let mut pos = Position::start(chu());
    let (infos, out) = multipv_search(&mut pos, 5, 1, 1);
    let plain = search_to_depth(&mut pos, 5);
    assert_eq!(
        (out.best, out.score, out.nodes),
        (plain.best, plain.score, plain.nodes)
    );
    assert!(infos.iter().all(|i| i.1 == 1));
}

#[test]
fn the_node_limit_stops_the_search_near_it() {
    let mut pos = Position::start(chu());
    let mut s = Searcher::new(1, Arc::new(AtomicBool::new(false)));
    let limit = 30_000;
    let limits = Limits {
        nodes: Some(limit),
        ..Limits::default()
    };
    let out = s.think(&mut pos, limits, &mut |_| {});
    assert!(out.nodes >= limit && out.nodes < limit + 2048, "{out:?}");
    assert!(out.depth >= 1 && out.best.is_some(), "{out:?}");
    // However small the limit, depth 1 is finished.
    let limits = Limits {
        nodes: Some(1),
        ..Limits::default()
    };
    let out = s.think(&mut pos, limits, &mut |_| {});
    assert!(out.depth >= 1 && out.best.is_some(), "{out:?}");
}

#[test]
fn seldepth_and_hashfull_are_reported() {
    let mut pos = Position::start(chu());
    let mut s = Searcher::new(1, Arc::new(AtomicBool::new(false)));
    let limits = Limits {
        depth: Some(6),
        ..Limits::default()
    };
    let mut seen = Vec::new();
    s.think(&mut pos, limits, &mut |info| {
        seen.push((info.depth, info.seldepth, info.hashfull));
    });
    assert_eq!(seen.len(), 6);
    assert!(seen.iter().all(|&(d, sel, _)| sel >= d), "{seen:?}");
    assert!(seen.last().unwrap().2 > 0, "{seen:?}");
    assert_eq!(s.hashfull(), seen.last().unwrap().2);
}

#[test]
fn a_low_skill_plays_legal_moves_not_always_the_best() {
    let mut pos = Position::start(chu());
    let legal = legal_moves(&mut pos);
    let mut s = Searcher::new(1, Arc::new(AtomicBool::new(false)));
    s.skill = MIN_SKILL;
    let mut weaker = 0;
    for seed in 1..=20 {
        s.seed_skill(seed);
        let mut lines = Vec::new();
        let out = s.think(&mut pos, Limits::default(), &mut |info| {
            lines.push((info.depth, info.multipv));
        });
        // Depth 1 only (its nodes are past the cap), and only the line
        // asked for is shown.
        assert_eq!(lines, [(1, 1)]);
        let best = out.best.expect("a move");
        assert!(legal.contains(&best), "{best}");
        assert!(!best.is_pass());
        let searched = &s.workers[0].lines;
        assert_eq!(searched.len(), SKILL_LINES);
        assert!(searched.iter().any(|l| l.pv[0] == best));
        weaker += usize::from(best != searched[0].pv[0]);
    }
    assert!(weaker > 0);
}

#[test]
fn each_level_up_searches_more_nodes() {
    assert_eq!(skill_nodes(MIN_SKILL), SKILL_BASE_NODES);
    assert_eq!(skill_nodes(MIN_SKILL + 2), 2 * SKILL_BASE_NODES);
    assert_eq!(skill_nodes(0), SKILL_BASE_NODES << 10);
    for level in MIN_SKILL..MAX_SKILL {
        assert!(skill_nodes(level + 1) > skill_nodes(level), "{level}");
    }
    // A level 5 search stops where a full one goes on.
    let mut pos = Position::start(chu());
    let mut s = Searcher::new(1, Arc::new(AtomicBool::new(false)));
    let limits = Limits {
        depth: Some(12),
        ..Limits::default()
    };
    s.skill = 5;
    let weak = s.think(&mut pos, limits.clone(), &mut |_| {});
    assert!(weak.depth >= 2 && weak.depth < 12, "{}", weak.depth);
    assert!(weak.nodes < skill_nodes(5) + 4096, "{}", weak.nodes);
}

#[test]
fn the_random_mover_plays_every_kind_of_legal_move() {
    let mut pos = Position::start(chu());
    let legal = legal_moves(&mut pos);
    let mut s = Searcher::new(1, Arc::new(AtomicBool::new(false)));
    s.random_mover = true;
    s.seed_skill(11);
    let mut chosen = Vec::new();
    for _ in 0..50 {
        let out = s.think(&mut pos, Limits::default(), &mut |_| {
            panic!("the random mover does not search")
        });
        let mv = out.best.expect("a move");
        assert!(legal.contains(&mv), "{mv}");
        chosen.push(mv);
    }
    chosen.sort_by_key(|m| m.to_string());
    chosen.dedup();
    assert!(chosen.len() > 20, "{}", chosen.len());
}

#[test]
fn an_elo_picks_the_ladders_level() {
    assert!(
        SKILL_LADDER
            .windows(2)
            .all(|p| p[0].0 < p[1].0 && p[0].1 < p[1].1)
    );
    assert_eq!(skill_for_elo(MIN_ELO - 500), SKILL_LADDER[0].0);
    assert_eq!(
        skill_for_elo(MAX_ELO + 500),
        SKILL_LADDER[SKILL_LADDER.len() - 1].0
    );
    for &(level, elo) in SKILL_LADDER {
        assert_eq!(skill_for_elo(elo), level, "{elo}");
    }
    let mut last = MIN_SKILL;
    for elo in MIN_ELO..=MAX_ELO {
        let level = skill_for_elo(elo);
        assert!(level >= last, "{elo}");
        last = level;
    }
}

#[test]
fn full_skill_changes_nothing() {
    let mut pos = Position::start(chu());
    let plain = search_to_depth(&mut pos, 5);
    let mut s = Searcher::new(1, Arc::new(AtomicBool::new(false)));
    s.skill = MAX_SKILL;
    s.seed_skill(7);
    let limits = Limits {
        depth: Some(5),
        ..Limits::default()
    };
    let out = s.think(&mut pos, limits, &mut |_| {});
    assert_eq!(
        (out.best, out.score, out.depth, out.nodes),
        (plain.best, plain.score, plain.depth, plain.nodes)
    );
}

#[test]
fn the_weakening_never_chooses_a_pass() {
    let sq = |f, r| crate::types::Square::new(f, r);
    let pass = Move::new(sq(5, 5), sq(5, 5), &[], false);
    let step = Move::new(sq(4, 4), sq(4, 5), &[], false);
    let other = Move::new(sq(3, 3), sq(3, 4), &[], false);
    let line = |mv, score| Line {
        score,
        pv: vec![mv],
    };
    // A pass as good as the best line is never the weaker choice...
    let lines = [line(step, 0), line(pass, 0), line(other, -50)];
    let mut rng = Rng::new(3);
    let mut chosen = Vec::new();
    for _ in 0..200 {
        chosen.push(weakened_choice(&lines, 0, &mut rng).unwrap().pv[0]);
    }
    assert!(!chosen.contains(&pass));
    assert!(chosen.contains(&step) && chosen.contains(&other));
    // ...but a pass far better than anything else is still played.
    let lines = [line(pass, 100), line(step, -900)];
    for _ in 0..50 {
        assert_eq!(weakened_choice(&lines, 19, &mut rng).unwrap().pv[0], pass);
    }
}

#[test]
fn finds_the_king_capture() {
    let fen = "k11/12/12/12/12/12/12/12/12/12/12/R4K6 w";
    let mut pos = Position::from_fen(chu(), fen).unwrap();
    let out = search_to_depth(&mut pos, 3);
    let best = out.best.map(|m| m.to_string());
    assert!(
        matches!(best.as_deref(), Some("a1a12" | "a1a12+")),
        "{best:?}"
    );
    assert!(out.score > MATE_BOUND);
}

/// The counts of `kyodai bench --stats` add up: every node is either
/// searched to a depth or in quiescence, a second search counts afresh,
/// and the cut-offs and prunings are parts of what they are counted in.
#[test]
fn search_stats_add_up_to_the_nodes() {
    let mut pos = Position::start(chu());
    let mut s = Searcher::new(1, Arc::new(AtomicBool::new(false)));
    let limits = Limits {
        depth: Some(5),
        ..Limits::default()
    };
    let first = s.think(&mut pos, limits.clone(), &mut |_| {});
    let stats = s.stats();
    assert_eq!(stats.nodes + stats.quiescence_nodes, first.nodes);
    assert!(stats.nodes > 0 && stats.quiescence_nodes > 0);
    assert!(stats.first_move_cutoffs <= stats.cutoffs && stats.cutoffs <= stats.nodes);
    assert!(stats.null_cuts <= stats.null_tries && stats.re_searched <= stats.reduced);
    assert!(stats.moves_to_cutoff >= stats.cutoffs);
    assert!(stats.late_moves_pruned > 0 && stats.reduced > 0);
    assert!(stats.pruned_before_any_quiet <= stats.late_move_pruning_nodes);
    assert!(
        stats.late_move_pruning_nodes > 0
            && stats.late_move_pruning_nodes <= stats.late_moves_pruned
    );
    let again = s.think(&mut pos, limits, &mut |_| {});
    assert_eq!(s.stats().nodes + s.stats().quiescence_nodes, again.nodes);
}

#[test]
fn history_stays_bounded_and_never_demotes_a_good_capture() {
    let mut h = 0;
    for _ in 0..1_000 {
        h = with_gravity(h, HISTORY_MAX / 4);
        assert!((0..=HISTORY_MAX).contains(&h));
    }
    assert!(h > HISTORY_MAX / 2);
    for _ in 0..1_000 {
        h = with_gravity(h, -HISTORY_MAX / 4);
        assert!((-HISTORY_MAX..=HISTORY_MAX).contains(&h));
    }
    assert!(h < -HISTORY_MAX / 2);
    // A good history raises a capture, a bad one lowers it, but never
    // below the captures whose exchanges are judged when picked.
    assert!(good_capture_order(800, 100) > good_capture_order(800, 0));
    assert!(good_capture_order(800, -100) < good_capture_order(800, 0));
    assert_eq!(good_capture_order(800, -5_000), GOOD_CAPTURE);
    assert_eq!(good_capture_order(-20, 0), GOOD_CAPTURE - 20);
}

#[test]
fn history_moves_a_reduction_by_at_most_two_plies_either_way() {
    assert_eq!(reduction_by_history(1_000, 0), 0);
    assert_eq!(reduction_by_history(-1_000, 0), 0);
    assert_eq!(reduction_by_history(31, 32), 0);
    assert_eq!(reduction_by_history(-31, 32), 0);
    assert_eq!(reduction_by_history(32, 32), -1);
    assert_eq!(reduction_by_history(-64, 32), 2);
    assert_eq!(reduction_by_history(HISTORY_MAX, 32), -2);
    assert_eq!(reduction_by_history(-HISTORY_MAX, 32), 2);
}

#[test]
fn a_reduction_in_hundredths_is_whole_plies_rounded_down_within_the_depth() {
    assert_eq!(reduction_in_plies(399, 0, 10), 3);
    assert_eq!(reduction_in_plies(400, 0, 10), 4);
    // `lmr-offset` of -100 on a table value under a ply: no reduction,
    // not a ply deeper.
    assert_eq!(reduction_in_plies(-50, 0, 10), 0);
    assert_eq!(reduction_in_plies(150, -2, 10), 0);
    assert_eq!(reduction_in_plies(150, 2, 10), 3);
    // The move keeps a ply: at depth 5, three at most.
    assert_eq!(reduction_in_plies(900, 0, 5), 3);
    assert_eq!(reduction_in_plies(200, 2, 5), 3);
    assert_eq!(reduction_in_plies(900, 0, 2), 0);
}
