//! `kyodai match`'s command line, in cutechess-cli's syntax: `-option`
//! followed by values, engine settings as `key=value` words.

use super::clock::TimeControl;
use super::stats::SprtModel;
use crate::variant::Rules;
use std::path::PathBuf;
use std::time::Duration;

/// Bounds on what the command line may ask for: enough for any real
/// tournament, small enough that a typo cannot exhaust the machine.
const MAX_ENGINES: usize = 64;
const MAX_GAMES: u64 = 1_000_000;
const MAX_CONCURRENCY: usize = 64;
const MAX_MEMORY_MB: usize = 64 * 1024;
const MAX_CORES: usize = 256;
/// The longest byoyomi: lishogi's is at most a few minutes.
const MAX_BYOYOMI: Duration = Duration::from_secs(3600);
/// The default time an engine may overstep its clock by: scheduling noise
/// on a busy machine, not thinking time.
const DEFAULT_MARGIN: Duration = Duration::from_millis(0);

pub const USAGE: &str = "\
Usage: kyodai match -engine cmd=CMD [ENGINE OPTIONS] -engine cmd=CMD [ENGINE OPTIONS] [OPTIONS]

Plays engine-vs-engine games of a Kyodai variant with Kyodai as the referee,
with cutechess-cli's options and output. Engines speak CECP (XBoard protocol)
or, in Chu, USI with lishogi's notation (proto=usi).

Two engines playing each opening with both colours (-repeat) also get
fastchess's pair statistics after the score lines: `Ptnml(0-2): [LL, LD,
WL+DD, WD, WW]`, the first engine's game pairs by its points in the pair,
and `Ptnml Elo: E +/- M` from them (95%); a game whose pair is incomplete
(an odd game count, an unfinished partner) counts in the score only.

Engine options (after -engine, or after -each for all engines):
  cmd=CMD              the engine's program (required)
  name=NAME            its name in the output and PGN (default: its myname)
  dir=DIR              working directory
  arg=ARG              a command-line argument (repeatable)
  proto=PROTO          xboard (CECP, the default) or usi (Chu only)
  option.NAME=VALUE    send `option NAME=VALUE` (an option the engine declares)
  tc=TC                time control: [MOVES/]SECONDS[+INC] or inf (10+0.1, 40/60+0.5, 1:30)
  byoyomi=SECONDS      proto=usi: once the clock's time is spent, this long
                       for every move (lishogi's byoyomi, one period)
  st=SECONDS           a fixed time per move
  depth=N              depth limit (`sd N`, USI `go depth N`)
  nodes=N              proto=usi: node limit (`go nodes N`)
  timemargin=MS        how far an engine may overstep its clock (default 0)
  memory=MB            hash size sent with `memory` (default 64)
  cores=N              threads sent with `cores` (default 1)
  ponder               let the engine think on its opponent's time (`hard`)
  stderr=FILE          append the engine's stderr to FILE (default: discarded)

Match options:
  -variant V           chu, dai, cashew-shogi, macadamia-shogi, nutty-shogi,
                       suzumu-shogi, wa-shogi, tenjiku (or cashew,
                       macadamia, nutty, suzumu, wa)
  -rules R             the rules the referee judges by: standard (Kyodai's,
                       the default), lishogi (Chu only), hachu (Wa, Tenjiku),
                       or for Tenjiku only fd-sideways, no-area-pass,
                       jump-lower-only, forced-promotion (tenjiku.md 9)
  -games N             games per encounter per round (default 1)
  -rounds N            rounds (default 1)
  -repeat [N]          play each opening N times (default 2), colours swapped
  -noswap              do not swap colours between games
  -tournament T        round-robin (default) or gauntlet (the first engine
                       against each of the others)
  -concurrency N       games played at once (default 1)
  -wait MS             pause between a worker's games
  -srand N             seed for random opening order
  -event E, -site S    PGN tags
  -openings file=F [format=fen|epd|pgn] [order=sequential|random] [start=N] [plies=N]
  -pgnout FILE         append each finished game in PGN
  -epdout FILE         append each game's final position as a FEN line
  -debug               print all engine traffic, timestamped
  -draw movenumber=N movecount=N score=CP
                       draw once both engines scored within CP for N moves
  -resign movecount=N score=CP [twosided=true]
                       a side loses once it scored CP or worse for N moves
  -maxmoves N          draw after N moves of each side
  -sprt elo0=A elo1=B alpha=X beta=Y [model=pentanomial|bayeselo]
                       stop when the first engine is shown A or B Elo stronger;
                       games in pairs (-repeat): fishtest's pentanomial GSPRT,
                       A and B in logistic Elo; else (or model=bayeselo)
                       cutechess-cli's trinomial BayesElo SPRT
  -results FILE        write each finished game as a line of FILE (a new
                       file), for `kyodai match-merge FILE...`, which adds up
                       the runs of a match split across processes or machines
                       (-openings start=K) and prints the statistics again
  -ratinginterval N    print the ratings every N games (default 10, 0: never)
  -outcomeinterval N   print the outcome of every N games in a round-robin
  -recover             restart an engine that crashed instead of stopping
";

/// The protocol the runner speaks to an engine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Protocol {
    /// CECP (XBoard).
    Xboard,
    /// USI with lishogi's Chu notation (`crate::usi`).
    Usi,
}

#[derive(Clone, Debug)]
pub struct EngineConfig {
    pub name: Option<String>,
    pub command: String,
    pub dir: Option<PathBuf>,
    pub args: Vec<String>,
    pub protocol: Protocol,
    pub options: Vec<(String, String)>,
    pub time_control: TimeControl,
    /// Time for every move once the clock's time is spent (zero: none).
    pub byoyomi: Duration,
    pub depth: Option<u32>,
    /// Node limit (USI only: CECP has none).
    pub nodes: Option<u64>,
    pub margin: Duration,
    pub memory_mb: usize,
    pub cores: usize,
    pub ponder: bool,
    pub stderr: Option<PathBuf>,
}

impl Default for EngineConfig {
    fn default() -> EngineConfig {
        EngineConfig {
            name: None,
            command: String::new(),
            dir: None,
            args: Vec::new(),
            protocol: Protocol::Xboard,
            options: Vec::new(),
            time_control: TimeControl::Infinite,
            byoyomi: Duration::ZERO,
            depth: None,
            nodes: None,
            margin: DEFAULT_MARGIN,
            memory_mb: 64,
            cores: 1,
            ponder: false,
            stderr: None,
        }
    }
}

impl EngineConfig {
    /// The PGN `TimeControl` tag: cutechess's, with the byoyomi after it.
    pub fn time_control_tag(&self) -> String {
        let tag = self.time_control.tag();
        if self.byoyomi.is_zero() {
            tag
        } else {
            format!("{tag} byoyomi {}", self.byoyomi.as_secs_f64())
        }
    }

    /// The settings that only make sense together, checked once all are
    /// read.
    fn check(&self) -> Result<(), String> {
        if self.command.is_empty() {
            return Err("every -engine needs cmd=".to_string());
        }
        if self.protocol == Protocol::Xboard {
            if !self.byoyomi.is_zero() {
                return Err(format!(
                    "{}: byoyomi= needs proto=usi (CECP has no byoyomi)",
                    self.command
                ));
            }
            if self.nodes.is_some() {
                return Err(
                    "nodes=: CECP has no node limit; use depth=, st= or tc= instead".to_string(),
                );
            }
        } else if self.ponder {
            return Err(format!(
                "{}: ponder is not played with proto=usi engines here",
                self.command
            ));
        }
        if let TimeControl::Clock {
            base, increment, ..
        } = self.time_control
            && base.is_zero()
            && increment.is_zero()
            && self.byoyomi.is_zero()
        {
            return Err(format!(
                "tc={}: no time at all (give time, an increment or byoyomi=)",
                self.time_control.tag()
            ));
        }
        Ok(())
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tournament {
    RoundRobin,
    Gauntlet,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OpeningFormat {
    Fen,
    Pgn,
}

#[derive(Clone, Debug)]
pub struct OpeningsConfig {
    pub file: PathBuf,
    pub format: OpeningFormat,
    pub random: bool,
    /// First opening to use, from 1.
    pub start: usize,
    /// At most this many plies of a PGN opening's moves.
    pub plies: Option<usize>,
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DrawAdjudication {
    pub move_number: u32,
    pub move_count: u32,
    pub score: i32,
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ResignAdjudication {
    pub move_count: u32,
    pub score: i32,
    pub two_sided: bool,
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SprtConfig {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
    /// `model=`; `None`: pentanomial for games in pairs, else BayesElo.
    pub model: Option<SprtModel>,
}

#[derive(Clone, Debug)]
pub struct MatchConfig {
    pub engines: Vec<EngineConfig>,
    pub variant: String,
    /// The rules the referee judges by (`-rules`).
    pub rules: Rules,
    pub games: u64,
    pub rounds: u64,
    /// Play each opening this many times (1: every game its own opening).
    pub repeat: u64,
    pub swap: bool,
    pub tournament: Tournament,
    pub concurrency: usize,
    pub wait: Duration,
    pub seed: u64,
    pub event: String,
    pub site: String,
    pub openings: Option<OpeningsConfig>,
    pub pgn_out: Option<PathBuf>,
    pub epd_out: Option<PathBuf>,
    /// `-results`: a line per finished game, for `kyodai match-merge`.
    pub results_out: Option<PathBuf>,
    pub debug: bool,
    pub draw: Option<DrawAdjudication>,
    pub resign: Option<ResignAdjudication>,
    pub max_moves: Option<u32>,
    pub sprt: Option<SprtConfig>,
    pub rating_interval: u64,
    pub outcome_interval: u64,
    pub recover: bool,
}

/// The number after an option, bounded.
fn number<T: std::str::FromStr + PartialOrd + std::fmt::Display>(
    what: &str,
    text: &str,
    min: T,
    max: T,
) -> Result<T, String> {
    match text.parse::<T>() {
        Ok(n) if n >= min && n <= max => Ok(n),
        _ => Err(format!(
            "{what}: '{text}' is not a number from {min} to {max}"
        )),
    }
}

/// `key=value` words after an option, up to the next `-option`.
fn key_values<'a>(args: &mut std::iter::Peekable<std::slice::Iter<'a, String>>) -> Vec<&'a str> {
    let mut out = Vec::new();
    while let Some(a) = args.peek() {
        if a.starts_with('-') && !a.contains('=') {
            break;
        }
        out.push(args.next().map_or("", |s| s.as_str()));
    }
    out
}

/// The word after an option.
fn value<'a>(
    it: &mut std::iter::Peekable<std::slice::Iter<'a, String>>,
    name: &str,
) -> Result<&'a str, String> {
    it.next()
        .map(|s| s.as_str())
        .ok_or_else(|| format!("{name} needs a value"))
}

/// Apply one engine setting word (`tc=10+0.1`, `option.Hash=64`, `ponder`).
fn engine_setting(e: &mut EngineConfig, word: &str) -> Result<(), String> {
    if word == "ponder" {
        e.ponder = true;
        return Ok(());
    }
    let (key, value) = word
        .split_once('=')
        .ok_or_else(|| format!("engine setting '{word}' is not key=value"))?;
    if let Some(name) = key.strip_prefix("option.") {
        if name.is_empty() {
            return Err(format!("'{word}': the option has no name"));
        }
        e.options.retain(|(n, _)| n != name);
        e.options.push((name.to_string(), value.to_string()));
        return Ok(());
    }
    match key {
        "cmd" => e.command = value.to_string(),
        "name" => e.name = Some(value.to_string()),
        "dir" => e.dir = Some(PathBuf::from(value)),
        "arg" => e.args.push(value.to_string()),
        "proto" => {
            e.protocol = match value {
                "xboard" | "cecp" => Protocol::Xboard,
                "usi" => Protocol::Usi,
                _ => {
                    return Err(format!(
                        "proto={value}: the runner speaks xboard (CECP) and usi"
                    ));
                }
            }
        }
        "tc" => e.time_control = TimeControl::parse_tc(value)?,
        "byoyomi" => {
            e.byoyomi = super::clock::seconds(value, MAX_BYOYOMI)
                .map_err(|err| format!("byoyomi={value}: {err}"))?
        }
        "st" => e.time_control = TimeControl::parse_st(value)?,
        "depth" => e.depth = Some(number("depth", value, 1, 1000)?),
        "timemargin" => {
            e.margin = Duration::from_millis(number("timemargin", value, 0, 3_600_000)?)
        }
        "memory" => e.memory_mb = number("memory", value, 1, MAX_MEMORY_MB)?,
        "cores" => e.cores = number("cores", value, 1, MAX_CORES)?,
        "stderr" => e.stderr = Some(PathBuf::from(value)),
        "nodes" => e.nodes = Some(number("nodes", value, 1, u64::MAX)?),
        _ => return Err(format!("unknown engine setting '{key}'")),
    }
    Ok(())
}

fn openings(words: &[&str]) -> Result<OpeningsConfig, String> {
    let mut cfg = OpeningsConfig {
        file: PathBuf::new(),
        format: OpeningFormat::Fen,
        random: false,
        start: 1,
        plies: None,
    };
    for w in words {
        let (k, v) = w
            .split_once('=')
            .ok_or_else(|| format!("-openings: '{w}' is not key=value"))?;
        match k {
            "file" => cfg.file = PathBuf::from(v),
            "format" => {
                cfg.format = match v {
                    "fen" | "epd" => OpeningFormat::Fen,
                    "pgn" => OpeningFormat::Pgn,
                    _ => return Err(format!("-openings: unknown format '{v}' (fen, epd, pgn)")),
                }
            }
            "order" => {
                cfg.random = match v {
                    "sequential" => false,
                    "random" => true,
                    _ => return Err(format!("-openings: unknown order '{v}'")),
                }
            }
            "start" => cfg.start = number("-openings start", v, 1, usize::MAX)?,
            "plies" => cfg.plies = Some(number("-openings plies", v, 0, 10_000)?),
            "policy" if v == "default" => {}
            _ => return Err(format!("-openings: unknown setting '{w}'")),
        }
    }
    if cfg.file.as_os_str().is_empty() {
        return Err("-openings: file= is required".to_string());
    }
    Ok(cfg)
}

/// Settings of `-draw`, `-resign` or `-sprt`: `key=value` words with
/// numbers, each key known.
fn numbers(option: &str, words: &[&str], keys: &[&str]) -> Result<Vec<Option<f64>>, String> {
    let mut values = vec![None; keys.len()];
    for w in words {
        let (k, v) = w
            .split_once('=')
            .ok_or_else(|| format!("{option}: '{w}' is not key=value"))?;
        let i = keys
            .iter()
            .position(|&key| key == k)
            .ok_or_else(|| format!("{option}: unknown setting '{k}' ({})", keys.join(", ")))?;
        values[i] = Some(match v {
            "true" => 1.0,
            "false" => 0.0,
            _ => v
                .parse::<f64>()
                .ok()
                .filter(|x| x.is_finite() && x.abs() <= 1e9)
                .ok_or_else(|| format!("{option}: '{v}' is not a number"))?,
        });
    }
    Ok(values)
}

fn required(option: &str, key: &str, v: Option<f64>) -> Result<f64, String> {
    v.ok_or_else(|| format!("{option}: {key}= is required"))
}

/// The words after `-sprt`: `elo0=A elo1=B [alpha=X] [beta=Y] [model=M]`
/// (also read by `kyodai match-merge`).
pub fn sprt(words: &[&str]) -> Result<SprtConfig, String> {
    let mut model = None;
    let mut numeric = Vec::new();
    for &w in words {
        match w.strip_prefix("model=") {
            Some(name) => {
                model = Some(SprtModel::parse(name).ok_or_else(|| {
                    format!("-sprt: unknown model '{name}' (pentanomial, bayeselo)")
                })?)
            }
            None => numeric.push(w),
        }
    }
    let v = numbers("-sprt", &numeric, &["elo0", "elo1", "alpha", "beta"])?;
    Ok(SprtConfig {
        elo0: required("-sprt", "elo0", v[0])?,
        elo1: required("-sprt", "elo1", v[1])?,
        alpha: v[2].unwrap_or(0.05),
        beta: v[3].unwrap_or(0.05),
        model,
    })
}

/// Read `kyodai match`'s arguments (those after `match`).
pub fn parse(args: &[String]) -> Result<MatchConfig, String> {
    let mut cfg = MatchConfig {
        engines: Vec::new(),
        variant: "chu".to_string(),
        rules: Rules::Standard,
        games: 1,
        rounds: 1,
        repeat: 1,
        swap: true,
        tournament: Tournament::RoundRobin,
        concurrency: 1,
        wait: Duration::ZERO,
        seed: 0,
        event: "?".to_string(),
        site: "?".to_string(),
        openings: None,
        pgn_out: None,
        epd_out: None,
        results_out: None,
        debug: false,
        draw: None,
        resign: None,
        max_moves: None,
        sprt: None,
        rating_interval: 10,
        outcome_interval: 0,
        recover: false,
    };
    let mut engine_words: Vec<Vec<&str>> = Vec::new();
    let mut each: Vec<&str> = Vec::new();
    let mut it = args.iter().peekable();
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "-engine" => {
                if engine_words.len() == MAX_ENGINES {
                    return Err(format!("at most {MAX_ENGINES} engines"));
                }
                engine_words.push(key_values(&mut it));
            }
            "-each" => each.extend(key_values(&mut it)),
            "-variant" => cfg.variant = value(&mut it, "-variant")?.to_string(),
            "-rules" => {
                let name = value(&mut it, "-rules")?;
                cfg.rules = Rules::parse(name).ok_or_else(|| {
                    format!(
                        "-rules: unknown rule set '{name}' ({})",
                        Rules::NAMES.join(", ")
                    )
                })?
            }
            "-games" => cfg.games = number("-games", value(&mut it, "-games")?, 1, MAX_GAMES)?,
            "-rounds" => cfg.rounds = number("-rounds", value(&mut it, "-rounds")?, 1, MAX_GAMES)?,
            "-repeat" => {
                cfg.repeat = match it.peek().and_then(|n| n.parse::<u64>().ok()) {
                    Some(_) => number("-repeat", value(&mut it, "-repeat")?, 1, MAX_GAMES)?,
                    None => 2,
                }
            }
            "-noswap" => cfg.swap = false,
            "-tournament" => {
                cfg.tournament = match value(&mut it, "-tournament")? {
                    "round-robin" => Tournament::RoundRobin,
                    "gauntlet" => Tournament::Gauntlet,
                    t => {
                        return Err(format!(
                            "-tournament: unknown type '{t}' (round-robin, gauntlet)"
                        ));
                    }
                }
            }
            "-concurrency" => {
                cfg.concurrency = number(
                    "-concurrency",
                    value(&mut it, "-concurrency")?,
                    1,
                    MAX_CONCURRENCY,
                )?
            }
            "-wait" => {
                cfg.wait =
                    Duration::from_millis(number("-wait", value(&mut it, "-wait")?, 0, 3_600_000)?)
            }
            "-srand" => cfg.seed = number("-srand", value(&mut it, "-srand")?, 0, u64::MAX)?,
            "-event" => cfg.event = value(&mut it, "-event")?.to_string(),
            "-site" => cfg.site = value(&mut it, "-site")?.to_string(),
            "-openings" => cfg.openings = Some(openings(&key_values(&mut it))?),
            "-pgnout" => cfg.pgn_out = Some(PathBuf::from(value(&mut it, "-pgnout")?)),
            "-epdout" => cfg.epd_out = Some(PathBuf::from(value(&mut it, "-epdout")?)),
            "-results" => cfg.results_out = Some(PathBuf::from(value(&mut it, "-results")?)),
            "-debug" => cfg.debug = true,
            "-recover" => cfg.recover = true,
            "-maxmoves" => {
                cfg.max_moves = Some(number(
                    "-maxmoves",
                    value(&mut it, "-maxmoves")?,
                    1,
                    100_000,
                )?)
            }
            "-ratinginterval" => {
                cfg.rating_interval = number(
                    "-ratinginterval",
                    value(&mut it, "-ratinginterval")?,
                    0,
                    MAX_GAMES,
                )?
            }
            "-outcomeinterval" => {
                cfg.outcome_interval = number(
                    "-outcomeinterval",
                    value(&mut it, "-outcomeinterval")?,
                    0,
                    MAX_GAMES,
                )?
            }
            "-draw" => {
                let v = numbers(
                    "-draw",
                    &key_values(&mut it),
                    &["movenumber", "movecount", "score"],
                )?;
                cfg.draw = Some(DrawAdjudication {
                    move_number: required("-draw", "movenumber", v[0])?.clamp(0.0, 1e6) as u32,
                    move_count: required("-draw", "movecount", v[1])?.clamp(1.0, 1e6) as u32,
                    score: required("-draw", "score", v[2])?.clamp(0.0, 1e6) as i32,
                });
            }
            "-resign" => {
                let v = numbers(
                    "-resign",
                    &key_values(&mut it),
                    &["movecount", "score", "twosided"],
                )?;
                cfg.resign = Some(ResignAdjudication {
                    move_count: required("-resign", "movecount", v[0])?.clamp(1.0, 1e6) as u32,
                    score: required("-resign", "score", v[1])?.clamp(0.0, 1e6) as i32,
                    two_sided: v[2].is_some_and(|x| x != 0.0),
                });
            }
            "-sprt" => cfg.sprt = Some(sprt(&key_values(&mut it))?),
            other => {
                return Err(format!(
                    "unknown option '{other}' (kyodai match -help lists them)"
                ));
            }
        }
    }
    for words in &engine_words {
        let mut e = EngineConfig::default();
        for w in each.iter().chain(words) {
            engine_setting(&mut e, w)?;
        }
        e.check()?;
        cfg.engines.push(e);
    }
    if cfg.engines.len() < 2 {
        return Err("a match needs at least two -engine".to_string());
    }
    Ok(cfg)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(s: &str) -> Vec<String> {
        s.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn reads_a_cutechess_command_line() {
        let cfg = parse(&args(
            "-engine cmd=a name=A option.Contempt=5 -engine cmd=b arg=x arg=y -each tc=40/60+0.5 timemargin=50 \
             -variant dai -games 2 -rounds 3 -repeat -concurrency 2 -sprt elo0=0 elo1=10 alpha=0.05 beta=0.1 \
             -draw movenumber=40 movecount=8 score=10 -resign movecount=3 score=600 twosided=true -pgnout out.pgn \
             -openings file=o.fen order=random start=3",
        ))
        .unwrap();
        assert_eq!(cfg.engines.len(), 2);
        assert_eq!(cfg.engines[0].name.as_deref(), Some("A"));
        assert_eq!(
            cfg.engines[0].options,
            [("Contempt".to_string(), "5".to_string())]
        );
        assert_eq!(cfg.engines[1].args, ["x", "y"]);
        assert_eq!(cfg.engines[1].time_control.tag(), "40/60+0.5");
        assert_eq!(cfg.engines[1].margin, Duration::from_millis(50));
        assert_eq!(
            (cfg.games, cfg.rounds, cfg.repeat, cfg.concurrency),
            (2, 3, 2, 2)
        );
        assert_eq!(cfg.variant, "dai");
        assert_eq!(cfg.sprt.unwrap().beta, 0.1);
        assert_eq!(cfg.sprt.unwrap().model, None);
        assert_eq!(cfg.draw.unwrap().move_count, 8);
        assert!(cfg.resign.unwrap().two_sided);
        let o = cfg.openings.unwrap();
        assert!(o.random);
        assert_eq!(o.start, 3);
    }

    #[test]
    fn reads_usi_engines_byoyomi_and_rules() {
        let cfg = parse(&args(
            "-engine cmd=a arg=usi proto=usi nodes=5000 -engine cmd=b -each tc=0 byoyomi=1              -rules lishogi",
        ));
        // byoyomi= is USI's alone: the CECP engine refuses it.
        assert!(cfg.unwrap_err().contains("proto=usi"));
        let cfg = parse(&args(
            "-engine cmd=a arg=usi proto=usi nodes=5000 -engine cmd=b proto=usi              -each tc=60 byoyomi=1.5 -rules lishogi",
        ))
        .unwrap();
        assert_eq!(cfg.rules, Rules::Lishogi);
        let e = &cfg.engines[0];
        assert_eq!(
            (e.protocol, e.nodes, e.byoyomi),
            (Protocol::Usi, Some(5000), Duration::from_millis(1500))
        );
        assert_eq!(e.time_control_tag(), "60 byoyomi 1.5");
        // Byoyomi alone is a time control.
        let cfg = parse(&args(
            "-engine cmd=a proto=usi -engine cmd=b proto=usi -each tc=0 byoyomi=2",
        ))
        .unwrap();
        assert_eq!(cfg.rules, Rules::Standard);
        assert_eq!(cfg.engines[1].byoyomi, Duration::from_secs(2));
    }

    #[test]
    fn refuses_what_it_cannot_do_with_a_reason() {
        for (line, why) in [
            ("-engine cmd=a", "two"),
            ("-engine cmd=a -engine name=b", "cmd="),
            ("-engine cmd=a -engine cmd=b proto=uci", "xboard"),
            ("-engine cmd=a -engine cmd=b byoyomi=1", "proto=usi"),
            ("-engine cmd=a -engine cmd=b proto=usi ponder", "ponder"),
            ("-engine cmd=a -engine cmd=b proto=usi byoyomi=x", "byoyomi"),
            ("-engine cmd=a -engine cmd=b -each tc=0", "no time"),
            ("-engine cmd=a -engine cmd=b -each tc=0+0", "no time"),
            ("-engine cmd=a -engine cmd=b -rules fide", "-rules"),
            ("-engine cmd=a -engine cmd=b -games 0", "-games"),
            ("-engine cmd=a -engine cmd=b -games 99999999999", "-games"),
            (
                "-engine cmd=a -engine cmd=b -concurrency 1000",
                "-concurrency",
            ),
            ("-engine cmd=a -engine cmd=b -each tc=x", "tc=x"),
            ("-engine cmd=a -engine cmd=b -bogus", "unknown option"),
            ("-engine cmd=a -engine cmd=b -sprt elo0=1", "elo1"),
            (
                "-engine cmd=a -engine cmd=b -sprt elo0=0 elo1=5 model=normalized",
                "model",
            ),
            ("-engine cmd=a -engine cmd=b -results", "needs a value"),
            ("-engine cmd=a -engine cmd=b -each nodes=100", "node"),
            (
                "-engine cmd=a proto=usi -engine cmd=b proto=usi nodes=0",
                "nodes",
            ),
            (
                "-engine cmd=a -engine cmd=b -openings order=random",
                "file=",
            ),
            ("-engine cmd=a -engine cmd=b -variant", "needs a value"),
        ] {
            let e = parse(&args(line)).unwrap_err();
            assert!(e.contains(why), "{line}: {e}");
        }
    }
}
