//! Skill levels over both protocols: Fairy-Stockfish's range -20..20 as
//! lishogi sends it, the lower levels searching less, `USI_LimitStrength`
//! with `USI_Elo` choosing a level, and the random mover (docs/skill.md).

mod common;

use std::io::Write;
use std::time::Duration;

/// Run `kyodai ARG`, send `commands`, then read its output until a line
/// starting with `until` (a minute at most), and quit; the lines printed.
fn session(arg: &str, commands: &[&str], until: &str) -> Vec<String> {
    let (mut child, stdin, rx) = common::spawn_engine(&[arg]);
    let mut stdin = stdin.expect("stdin");
    for c in commands {
        writeln!(stdin, "{c}").expect("kyodai reads");
    }
    stdin.flush().expect("kyodai reads");
    let mut lines = Vec::new();
    while let Ok(line) = rx.recv_timeout(Duration::from_secs(60)) {
        let done = line.starts_with(until);
        lines.push(line);
        if done {
            break;
        }
    }
    let _ = writeln!(stdin, "quit");
    drop(stdin);
    let _ = child.wait();
    lines
}

/// The depths of the `info` lines a USI search printed.
fn depths(lines: &[String]) -> Vec<u32> {
    lines
        .iter()
        .filter_map(|l| {
            let mut w = l.split_whitespace();
            (w.next() == Some("info") && w.next() == Some("depth"))
                .then(|| w.next()?.parse().ok())
                .flatten()
        })
        .collect()
}

fn errors(lines: &[String]) -> Vec<&String> {
    lines
        .iter()
        .filter(|l| l.starts_with("info string error"))
        .collect()
}

#[test]
fn lishogi_s_negative_levels_are_taken_and_search_less() {
    // lishogi's weakest AI levels send -9 and lower: taken, and level -20
    // stops at depth 1 where full strength goes on to depth 4.
    let weak = session(
        "usi",
        &[
            "usi",
            "setoption name Skill_Level value -9",
            "setoption name Skill_Level value -20",
            "position startpos",
            "go depth 4",
        ],
        "bestmove",
    );
    assert!(errors(&weak).is_empty(), "{weak:?}");
    assert!(
        weak.iter()
            .any(|l| l == "option name Skill_Level type spin default 20 min -20 max 20"),
        "{weak:?}"
    );
    assert_eq!(depths(&weak), [1], "{weak:?}");
    let full = session(
        "usi",
        &["usi", "position startpos", "go depth 4"],
        "bestmove",
    );
    assert_eq!(depths(&full), [1, 2, 3, 4], "{full:?}");
    let refused = session(
        "usi",
        &["usi", "setoption name Skill_Level value -21", "isready"],
        "readyok",
    );
    assert_eq!(errors(&refused).len(), 1, "{refused:?}");
}

#[test]
fn limit_strength_plays_the_level_of_the_elo_asked_for() {
    let option = |lines: &[String], name: &str| {
        lines
            .iter()
            .find(|l| l.starts_with(&format!("option name {name} ")))
            .cloned()
            .unwrap_or_default()
    };
    let intro = session("usi", &["usi"], "usiok");
    assert_eq!(
        option(&intro, "USI_LimitStrength"),
        "option name USI_LimitStrength type check default false"
    );
    let elo = option(&intro, "USI_Elo");
    let words: Vec<&str> = elo.split_whitespace().collect();
    let [_, _, _, _, _, _, default, _, min, _, max] = words[..] else {
        panic!("{elo}");
    };
    assert_eq!(default, max, "{elo}");
    // The bottom of the ladder is level -20: depth 1 only.
    let lowest = session(
        "usi",
        &[
            "usi",
            "setoption name USI_LimitStrength value true",
            &format!("setoption name USI_Elo value {min}"),
            "position startpos",
            "go depth 4",
        ],
        "bestmove",
    );
    assert!(errors(&lowest).is_empty(), "{lowest:?}");
    assert_eq!(depths(&lowest), [1], "{lowest:?}");
    // USI_Elo alone changes nothing.
    let unlimited = session(
        "usi",
        &[
            "usi",
            &format!("setoption name USI_Elo value {min}"),
            "position startpos",
            "go depth 3",
        ],
        "bestmove",
    );
    assert_eq!(depths(&unlimited), [1, 2, 3], "{unlimited:?}");
}

#[test]
fn cecp_offers_the_same_levels_and_the_random_mover() {
    let features = session("xboard", &["xboard", "protover 2"], "feature done=1");
    for option in [
        "feature option=\"Skill level -spin 20 -20 20\"",
        "feature option=\"Limit strength -check 0\"",
        "feature option=\"Random mover -check 0\"",
    ] {
        assert!(
            features.iter().any(|l| l == option),
            "{option}: {features:?}"
        );
    }
    assert!(
        features
            .iter()
            .any(|l| l.starts_with("feature option=\"Elo -spin ")),
        "{features:?}"
    );
    // The random mover answers at once, with no search to show.
    let random = session(
        "xboard",
        &[
            "xboard",
            "protover 2",
            "new",
            "variant chu",
            "option Random mover=1",
            "post",
            "go",
        ],
        "move ",
    );
    let after_go = random
        .iter()
        .skip_while(|l| l.starts_with("feature"))
        .collect::<Vec<_>>();
    assert_eq!(after_go.len(), 1, "{after_go:?}");
}
