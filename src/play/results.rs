//! Results files (`kyodai match -results FILE`) and `kyodai match-merge`,
//! which adds up the files of a match split across processes or machines
//! (e.g. each run its own `-openings ... start=K`) and prints the match's
//! statistics for all of them.
//!
//! A results file is text, tab-separated, one finished game a line, written
//! as the games finish (a run cut short keeps what it played):
//!
//! ```text
//! # kyodai match results 1
//! # game  pair  opening  first  second  colour  result
//! 1       1     3        Kyodai minase  sente   win
//! 2       1     3        Kyodai minase  gote    draw
//! ```
//!
//! `game` is the game's number in its run, `pair` the number of its game
//! pair (`-` when the run did not play pairs), `opening` its line in the
//! openings file (`-`: none), `first` and `second` the engines in the
//! match's order, `colour` and `result` the first engine's. Pairs are
//! matched within a file only: two runs' pair numbers say nothing about each
//! other.

use super::config;
use super::referee::GameRecord;
use super::standings::{PairId, Standings, print_ratings, score_line};
use super::stats::Outcome;
use crate::types::Color;
use std::collections::{HashMap, HashSet};
use std::io::Write;
use std::path::Path;

/// The first line of every results file, with the format's version.
const HEADER: &str = "# kyodai match results 1";
const COLUMNS: &str = "# game\tpair\topening\tfirst\tsecond\tcolour\tresult";

/// Starts a results file. An existing file that is not empty is refused:
/// its pair numbers would collide with this run's, so each run writes a
/// file of its own and `match-merge` adds them up.
pub fn create(path: &Path) -> Result<(), String> {
    if std::fs::metadata(path).is_ok_and(|m| m.len() > 0) {
        return Err(format!(
            "-results {}: the file exists and is not empty (one new file per run; kyodai match-merge adds them up)",
            path.display()
        ));
    }
    std::fs::File::create(path)
        .and_then(|mut f| writeln!(f, "{HEADER}\n{COLUMNS}"))
        .map_err(|e| format!("cannot write {}: {e}", path.display()))
}

/// The results line of a finished game of a two-engine match; `names` are
/// the engines' names, in the match's order.
pub fn game_line(game: &GameRecord, names: &[String]) -> String {
    let first_is_sente = game.spec.players[0] == 0;
    let for_first = match game.winner {
        None => Outcome::Draw,
        Some(Color::White) if first_is_sente => Outcome::Win,
        Some(Color::Black) if !first_is_sente => Outcome::Win,
        Some(_) => Outcome::Loss,
    };
    let dash_or = |n: Option<String>| n.unwrap_or_else(|| "-".to_string());
    format!(
        "{}\t{}\t{}\t{}\t{}\t{}\t{}\n",
        game.spec.number,
        dash_or(game.spec.pair.map(|p| p.to_string())),
        dash_or(game.spec.opening.number.map(|n| n.to_string())),
        field(names.first().map_or("", String::as_str)),
        field(names.get(1).map_or("", String::as_str)),
        if first_is_sente { "sente" } else { "gote" },
        outcome_word(for_first)
    )
}

/// A name as a field: tabs and line breaks would split it.
fn field(name: &str) -> String {
    name.replace(['\t', '\n', '\r'], " ")
}

fn outcome_word(o: Outcome) -> &'static str {
    match o {
        Outcome::Win => "win",
        Outcome::Draw => "draw",
        Outcome::Loss => "loss",
    }
}

/// One line of a results file.
#[derive(Clone, Debug, PartialEq)]
struct GameLine {
    game: u64,
    pair: Option<u64>,
    first: String,
    second: String,
    first_is_sente: bool,
    outcome: Outcome,
}

/// Reads one game line; the error says what is wrong with it.
fn parse_line(line: &str) -> Result<GameLine, String> {
    let fields: Vec<&str> = line.split('\t').collect();
    let [game, pair, opening, first, second, colour, result] = fields[..] else {
        return Err(format!("{} fields, expected 7", fields.len()));
    };
    let number = |what: &str, text: &str| -> Result<u64, String> {
        text.parse::<u64>()
            .ok()
            .filter(|&n| n >= 1)
            .ok_or_else(|| format!("{what} '{text}' is not a number from 1"))
    };
    let optional = |what: &str, text: &str| -> Result<Option<u64>, String> {
        if text == "-" {
            Ok(None)
        } else {
            number(what, text).map(Some)
        }
    };
    optional("opening", opening)?;
    if first.is_empty() || second.is_empty() {
        return Err("an engine without a name".to_string());
    }
    Ok(GameLine {
        game: number("game", game)?,
        pair: optional("pair", pair)?,
        first: first.to_string(),
        second: second.to_string(),
        first_is_sente: match colour {
            "sente" => true,
            "gote" => false,
            _ => return Err(format!("colour '{colour}' is not sente or gote")),
        },
        outcome: match result {
            "win" => Outcome::Win,
            "draw" => Outcome::Draw,
            "loss" => Outcome::Loss,
            _ => return Err(format!("result '{result}' is not win, draw or loss")),
        },
    })
}

/// Reads a results file's games; errors name the file and the line.
fn read(path: &Path) -> Result<Vec<GameLine>, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let mut lines = text.lines().enumerate();
    if lines.next().map(|(_, l)| l.trim_end()) != Some(HEADER) {
        return Err(format!(
            "{}:1: not a kyodai match results file (its first line is '{HEADER}')",
            path.display()
        ));
    }
    let mut games = Vec::new();
    for (index, line) in lines {
        let line = line.trim_end_matches('\r');
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let game =
            parse_line(line).map_err(|e| format!("{}:{}: {e}", path.display(), index + 1))?;
        games.push(game);
    }
    Ok(games)
}

pub const USAGE: &str = "\
Usage: kyodai match-merge [-sprt elo0=A elo1=B [alpha=X] [beta=Y] [model=M]] FILE...

Adds up the results files of `kyodai match -results FILE` runs (a match
split across processes or machines, e.g. each with its own -openings
start=K) and prints the match's statistics for all of their games: the
score, by colour, cutechess-cli's Elo line, the pair counts Ptnml(0-2) and
their Elo, and with -sprt the SPRT line (pentanomial GSPRT when the games
come in pairs, as in kyodai match). Game pairs are matched within a file.
";

/// `kyodai match-merge`: `args` are the words after it.
pub fn merge(args: &[String]) -> Result<(), String> {
    if args.is_empty()
        || args
            .iter()
            .any(|a| a == "-help" || a == "--help" || a == "-h")
    {
        print!("{USAGE}");
        return if args.is_empty() {
            Err("no results files given".to_string())
        } else {
            Ok(())
        };
    }
    let mut files = Vec::new();
    let mut sprt = None;
    let mut words = args.iter().peekable();
    while let Some(arg) = words.next() {
        if arg == "-sprt" {
            let mut settings = Vec::new();
            while let Some(w) = words.next_if(|w| w.contains('=')) {
                settings.push(w.as_str());
            }
            sprt = Some(config::sprt(&settings)?);
        } else if arg.starts_with('-') {
            return Err(format!(
                "match-merge: unknown option '{arg}' (-sprt, then files)"
            ));
        } else {
            files.push(Path::new(arg));
        }
    }
    if files.is_empty() {
        return Err("match-merge: no results files given".to_string());
    }
    let runs = files
        .iter()
        .map(|path| read(path).map(|games| (*path, games)))
        .collect::<Result<Vec<_>, String>>()?;
    let standings = add_up(&runs)?;
    let games = standings.pair[0][1].games();
    let files = runs.len();
    let plural = if files == 1 { "" } else { "s" };
    println!("Merged {games} games from {files} file{plural}");
    let test = match sprt {
        Some(s) => Some(super::standings::sprt_test(&s, standings.paired)?),
        None => None,
    };
    let names = &standings.names;
    println!(
        "{}",
        score_line(
            &format!("Score of {} vs {}", names[0], names[1]),
            &standings.pair[0][1]
        )
    );
    print_ratings(&standings, test.as_ref());
    Ok(())
}

/// The standings of all the runs' games. The engines are the first game's
/// first and second (by column: two engines may share a name); a file that
/// names two differently named engines the other way round is read from the
/// other side.
fn add_up(runs: &[(&Path, Vec<GameLine>)]) -> Result<Standings, String> {
    let Some(first_game) = runs.iter().find_map(|(_, games)| games.first()) else {
        return Err("match-merge: the files hold no games".to_string());
    };
    let names = [first_game.first.clone(), first_game.second.clone()];
    let paired = runs.iter().flat_map(|(_, g)| g).any(|g| g.pair.is_some());
    let mut standings = Standings::new(names.to_vec(), paired);
    for (source, (path, games)) in runs.iter().enumerate() {
        let mut seen = HashSet::new();
        // Per pair: engine 0's colour in its first game, and whether its
        // second game has been seen.
        let mut pairs: HashMap<u64, (bool, bool)> = HashMap::new();
        for g in games {
            let at = |what: String| format!("{}: game {}: {what}", path.display(), g.game);
            let flip = if [&g.first, &g.second] == [&names[0], &names[1]] {
                false
            } else if [&g.second, &g.first] == [&names[0], &names[1]] {
                true
            } else {
                return Err(at(format!(
                    "engines {} and {}, not {} and {}",
                    g.first, g.second, names[0], names[1]
                )));
            };
            if !seen.insert(g.game) {
                return Err(at("the game is there twice".to_string()));
            }
            let zero_is_sente = g.first_is_sente != flip;
            let outcome = if flip { g.outcome.flipped() } else { g.outcome };
            if let Some(p) = g.pair {
                match pairs.get_mut(&p) {
                    None => {
                        pairs.insert(p, (zero_is_sente, false));
                    }
                    Some((_, true)) => {
                        return Err(at(format!("pair {p} has more than two games")));
                    }
                    Some((earlier, _)) if *earlier == zero_is_sente => {
                        return Err(at(format!(
                            "pair {p} has {} as {} in both games",
                            names[0],
                            if zero_is_sente { "Sente" } else { "Gote" }
                        )));
                    }
                    Some((_, complete)) => *complete = true,
                }
            }
            let players = if zero_is_sente { [0, 1] } else { [1, 0] };
            let winner = match outcome {
                Outcome::Draw => None,
                Outcome::Win if zero_is_sente => Some(Color::White),
                Outcome::Win => Some(Color::Black),
                Outcome::Loss if zero_is_sente => Some(Color::Black),
                Outcome::Loss => Some(Color::White),
            };
            let pair: Option<PairId> = g.pair.map(|p| (source, p));
            standings.add(players, winner, pair);
        }
    }
    Ok(standings)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A results file in the temporary directory, removed when dropped.
    struct TempFile(std::path::PathBuf);

    impl TempFile {
        fn new(name: &str, text: &str) -> TempFile {
            let path = std::env::temp_dir()
                .join(format!("kyodai-results-{}-{name}.tsv", std::process::id()));
            std::fs::write(&path, text).expect("temporary file");
            TempFile(path)
        }
    }

    impl Drop for TempFile {
        fn drop(&mut self) {
            let _ = std::fs::remove_file(&self.0);
        }
    }

    fn file(lines: &[&str]) -> String {
        format!("{HEADER}\n{COLUMNS}\n{}\n", lines.join("\n"))
    }

    #[test]
    fn reads_game_lines_and_names_what_is_wrong() {
        assert_eq!(
            parse_line("3\t2\t-\tA\tB\tgote\tdraw"),
            Ok(GameLine {
                game: 3,
                pair: Some(2),
                first: "A".to_string(),
                second: "B".to_string(),
                first_is_sente: false,
                outcome: Outcome::Draw,
            })
        );
        for (line, why) in [
            ("3\t2\t-\tA\tB\tgote", "6 fields"),
            ("0\t1\t1\tA\tB\tsente\twin", "game '0'"),
            ("x\t1\t1\tA\tB\tsente\twin", "game 'x'"),
            ("1\t1\t?\tA\tB\tsente\twin", "opening '?'"),
            ("1\t1\t1\t\tA\tsente\twin", "without a name"),
            ("1\t1\t1\tA\tB\twhite\twin", "colour 'white'"),
            ("1\t1\t1\tA\tB\tsente\t1-0", "result '1-0'"),
        ] {
            let e = parse_line(line).expect_err(line);
            assert!(e.contains(why), "{line}: {e}");
        }
        let bad = TempFile::new(
            "bad",
            &file(&["1\t1\t1\tA\tB\tsente\twin", "2\t1\t1\tA\tB"]),
        );
        let e = read(&bad.0).expect_err("malformed line");
        assert!(
            e.contains(&format!("{}:4: 5 fields", bad.0.display())),
            "{e}"
        );
        let alien = TempFile::new("alien", "game\tresult\n1\twin\n");
        let e = read(&alien.0).expect_err("no header");
        assert!(e.contains(":1: not a kyodai match results file"), "{e}");
        assert!(read(Path::new("/nonexistent/kyodai.tsv")).is_err());
    }

    #[test]
    fn adds_up_runs_pairing_within_each_file() {
        // Run 1: pair 1 WD for A, pair 2 LD (second game first), and game 5
        // whose partner never finished.
        let one = file(&[
            "1\t1\t1\tA\tB\tsente\twin",
            "2\t1\t1\tA\tB\tgote\tdraw",
            "4\t2\t2\tA\tB\tgote\tloss",
            "3\t2\t2\tA\tB\tsente\tdraw",
            "5\t3\t3\tA\tB\tsente\twin",
        ]);
        // Run 2 names the engines the other way round: B's WW is A's LL.
        // Its pair 1 is not run 1's pair 1.
        let two = file(&["1\t1\t7\tB\tA\tsente\twin", "2\t1\t7\tB\tA\tgote\twin"]);
        let runs = vec![
            (Path::new("one"), read_text(&one)),
            (Path::new("two"), read_text(&two)),
        ];
        let s = add_up(&runs).expect("valid runs");
        assert_eq!(s.names, ["A", "B"]);
        assert!(s.paired);
        assert_eq!(s.pentanomial.counts, [1, 1, 0, 1, 0]);
        assert_eq!(s.unpaired_games(), 1);
        assert_eq!(s.pair[0][1].wins, 2);
        assert_eq!(s.pair[0][1].losses, 3);
        assert_eq!(s.pair[0][1].draws, 2);
        // A as Sente: win, draw, win (run 1), loss (run 2's game 2).
        assert_eq!(s.by_colour[0][0].games(), 4);
    }

    #[test]
    fn refuses_runs_that_do_not_add_up() {
        for (lines, why) in [
            (
                vec!["1\t1\t1\tA\tB\tsente\twin", "2\t2\t1\tA\tC\tgote\twin"],
                "not A and B",
            ),
            (
                vec!["1\t1\t1\tA\tB\tsente\twin", "1\t1\t1\tA\tB\tgote\twin"],
                "twice",
            ),
            (
                vec!["1\t1\t1\tA\tB\tsente\twin", "2\t1\t1\tA\tB\tsente\twin"],
                "both games",
            ),
            (
                vec![
                    "1\t1\t1\tA\tB\tsente\twin",
                    "2\t1\t1\tA\tB\tgote\twin",
                    "3\t1\t1\tA\tB\tsente\twin",
                ],
                "more than two",
            ),
        ] {
            let runs = vec![(Path::new("run"), read_text(&file(&lines)))];
            let e = add_up(&runs).err().unwrap_or_default();
            assert!(e.contains(why), "{lines:?}: {e}");
            assert!(e.starts_with("run: game "), "{e}");
        }
        assert!(add_up(&[(Path::new("empty"), Vec::new())]).is_err());
    }

    #[test]
    fn unpaired_runs_count_no_pairs() {
        let runs = vec![(
            Path::new("run"),
            read_text(&file(&[
                "1\t-\t-\tA\tB\tsente\twin",
                "2\t-\t-\tA\tB\tgote\tloss",
            ])),
        )];
        let s = add_up(&runs).expect("valid run");
        assert!(!s.paired);
        assert_eq!(s.pentanomial.pairs(), 0);
        assert_eq!(s.pair[0][1].games(), 2);
    }

    /// The game lines of a file's text (after its two header lines).
    fn read_text(text: &str) -> Vec<GameLine> {
        text.lines()
            .skip(2)
            .map(|l| parse_line(l).expect("valid line"))
            .collect()
    }
}
