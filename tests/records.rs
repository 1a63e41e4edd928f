//! Game records read and written back: scalashogi's Chu KIF fixture, a
//! handicap KIF, `kyodai match`'s PGN in every variant, USI lines, and
//! broken records.

use kyodai::record::{self, Format, kif, pgn, usi};
use kyodai::variant::VariantSet;

fn fixture(name: &str) -> String {
    let path = format!("{}/tests/records/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn set() -> &'static VariantSet {
    VariantSet::builtin()
}

#[test]
fn scalashogi_chu_kif_reads_whole_and_writes_back_the_same() {
    let text = fixture("scalashogi-chushogi1.kif");
    let read = record::read(&text, set(), None);
    assert_eq!(read.format, Some(Format::Kif));
    assert!(read.problems.is_empty(), "{:?}", read.problems);
    assert_eq!(read.games.len(), 1);
    let game = &read.games[0];
    assert_eq!(game.moves.len(), 129);
    // 57: the Lion takes on 6六 and goes back (igui).
    assert_eq!(game.moves[56].mv.to(), game.moves[56].mv.from());
    assert_eq!(game.moves[56].mv.kills().len(), 1);
    // The fixture's last line ends its move with `まで` ("up to here"),
    // which the reader takes as a mark and the writer does not write.
    let written = kif::write(game).expect("Chu");
    assert_eq!(written.trim_end(), text.trim().replace("獅子まで", "獅子"));
}

#[test]
fn a_handicap_kif_with_header_comments_and_result_writes_back_the_same() {
    let text = fixture("handicap.kif");
    let read = record::read(&text, set(), None);
    assert!(read.problems.is_empty(), "{:?}", read.problems);
    let game = &read.games[0];
    assert_eq!(game.tag("White"), Some("Shita"));
    assert_eq!(game.tag("Black"), Some("Uwa"));
    assert_eq!(game.tag("Event"), Some("Kyodai test"));
    assert!(!game.standard_start());
    assert_eq!(game.result.as_deref(), Some("1-0"));
    assert_eq!(kif::write(game).expect("Chu"), text);
    // Through PGN and back: the same game.
    let through_pgn = record::read(&pgn::write(game), set(), None);
    assert!(
        through_pgn.problems.is_empty(),
        "{:?}",
        through_pgn.problems
    );
    let again = &through_pgn.games[0];
    let moves = |g: &record::Game| {
        g.moves
            .iter()
            .map(|m| (m.mv, m.comments.clone()))
            .collect::<Vec<_>>()
    };
    assert_eq!(moves(again), moves(game));
    assert_eq!(again.start_fen, game.start_fen);
    assert_eq!(again.result, game.result);
}

#[test]
fn match_games_of_every_variant_read_back_equal() {
    for v in &set().variants {
        let text = fixture(&format!("match-{}.pgn", v.name));
        let read = record::read(&text, set(), None);
        assert!(read.problems.is_empty(), "{}: {:?}", v.name, read.problems);
        assert_eq!(read.games.len(), 2, "{}", v.name);
        let written: String = read.games.iter().map(pgn::write).collect();
        assert_eq!(written, text, "{}", v.name);
        for g in &read.games {
            assert!(g.moves.iter().all(|m| !m.comments.is_empty()), "{}", v.name);
        }
    }
}

#[test]
fn usi_lines_read_and_write_back() {
    let text = fixture("game.usi");
    let read = record::read(&text, set(), None);
    assert_eq!(read.format, Some(Format::Usi));
    assert!(read.problems.is_empty(), "{:?}", read.problems);
    assert_eq!(read.games.len(), 2);
    for g in &read.games {
        let again = record::read(&usi::write(g).expect("writes"), set(), None);
        assert_eq!(
            again.games[0]
                .moves
                .iter()
                .map(|m| m.mv)
                .collect::<Vec<_>>(),
            g.moves.iter().map(|m| m.mv).collect::<Vec<_>>()
        );
        assert_eq!(again.games[0].start_fen, g.start_fen);
    }
}

#[test]
fn a_bad_move_in_a_kif_names_game_ply_and_text_and_keeps_the_moves_before() {
    let text = "1手目 ▲7八歩兵 （←7九）\n2手目 △7五獅子 （←6三）\n3手目 ▲7七金将 （←7九）\n4手目 △6五歩兵 （←6四）\n";
    let read = record::read(text, set(), None);
    assert_eq!(read.games[0].moves.len(), 2);
    let p = read.problems[0].to_string();
    assert!(
        p.starts_with("game 1, ply 3 ('3手目 ▲7七金将 （←7九）'): "),
        "{p}"
    );
    let wrong_piece = "1手目 ▲7八金将 （←7九）\n";
    let read = record::read(wrong_piece, set(), None);
    assert!(read.problems[0].why.contains("歩兵"), "{:?}", read.problems);
    let unreadable = "1手目 ▲7八歩兵 （←7九）\n2手目 △7五 （←6三）\n";
    let read = record::read(unreadable, set(), None);
    assert_eq!(read.games[0].moves.len(), 1);
    assert!(
        read.problems[0].to_string().starts_with("game 1, ply 2"),
        "{:?}",
        read.problems
    );
    let handicap = "手合割：九枚落ち\n1手目 ▲7八歩兵 （←7九）\n";
    let read = record::read(handicap, set(), None);
    assert!(read.games.is_empty());
    assert!(
        read.problems[0].why.contains("九枚落ち"),
        "{:?}",
        read.problems
    );
}

/// A Chu game of 8 opening plies from each side's quiet moves, then twice
/// round a cycle (a piece of each side out and back): positions that
/// recur, whose history the repetition rules read.
fn game_with_a_cycle() -> record::Game {
    let v = set()
        .find_with("chu", kyodai::variant::Rules::Lishogi)
        .expect("chu");
    let mut pos = kyodai::board::Position::start(v);
    let mut moves: Vec<String> = Vec::new();
    let quiet = |pos: &mut kyodai::board::Position| {
        kyodai::game::legal_moves(pos)
            .into_iter()
            .filter(|&m| !kyodai::movegen::is_capture(pos, m) && !m.promotes())
            .collect::<Vec<_>>()
    };
    for ply in 0..8 {
        let list = quiet(&mut pos);
        let mv = list[(ply * 7) % list.len()];
        moves.push(mv.to_string());
        pos.make(mv);
    }
    // A quiet move of each side that the same piece can take back.
    let reversible = |pos: &mut kyodai::board::Position| {
        quiet(pos)
            .into_iter()
            .find(|&m| {
                m.kills().is_empty() && {
                    let back = format!("{}{}", m.to(), m.from());
                    pos.make(m);
                    pos.make_null();
                    let ok = kyodai::movegen::parse_move(pos, &back).is_ok();
                    pos.unmake();
                    pos.unmake();
                    ok
                }
            })
            .expect("a move that can be taken back")
    };
    let out = reversible(&mut pos);
    pos.make(out);
    let answer = reversible(&mut pos);
    let cycle = [
        out.to_string(),
        answer.to_string(),
        format!("{}{}", out.to(), out.from()),
        format!("{}{}", answer.to(), answer.from()),
    ];
    for _ in 0..2 {
        moves.extend(cycle.iter().cloned());
    }
    let text = format!(
        "[Variant \"chu\"]\n[Rules \"lishogi\"]\n\n{} *\n",
        moves.join(" ")
    );
    let read = record::read(&text, set(), None);
    assert!(read.problems.is_empty(), "{:?}", read.problems);
    read.games.into_iter().next().expect("one game")
}

#[test]
fn a_game_s_positions_taken_back_from_its_last_are_those_it_passed_through() {
    let game = game_with_a_cycle();
    assert_eq!(game.moves.len(), 16);
    let positions = game.positions().expect("replays");
    assert_eq!(positions.len(), 17);
    let mut passed = Vec::new();
    let last = game
        .replay(|pos, _, _| passed.push(pos.clone()))
        .expect("replays");
    passed.push(last);
    let mut recurring = 0;
    for (i, pos) in passed.iter().enumerate() {
        let back = positions.at(i).expect("within the game");
        assert_eq!(back.fen(), pos.fen(), "ply {i}");
        assert_eq!(back.search_key(), pos.search_key(), "ply {i}");
        assert_eq!(back.ply(), pos.ply(), "ply {i}");
        assert_eq!(back.move_back(0), pos.move_back(0), "ply {i}");
        assert_eq!(
            back.earlier_occurrences(),
            pos.earlier_occurrences(),
            "ply {i}"
        );
        recurring += usize::from(pos.earlier_occurrences() > 0);
    }
    // The cycle's positions came back: the history matters here.
    assert!(recurring >= 4, "{recurring}");
    assert!(positions.at(17).is_none());
}
