//! USI, as lishogi's tools and shogi GUIs speak it, over the protocol-free
//! core (`engine`): Chu under lishogi's rules by default, in lishogi's
//! notation (`notation::usi`).
//!
//! The adapter takes one input line at a time from its host (`host`) and
//! hands its lines to the host's output. A search runs while commands go on
//! being read (natively on a thread of its own; in a browser the host reads
//! them at the search's checkpoints), so that `stop` and `ponderhit` reach
//! it at once. The search's end comes back from the host as
//! `search_ended`: the `bestmove` is written then, unless the search was a
//! `go ponder` or `go infinite`, whose `bestmove` waits for `stop` or
//! `ponderhit` as the protocol requires. Every `go` is answered by exactly
//! one `bestmove`: limits out of range are clamped, and words it does not
//! know are skipped, each said in an `info string`. `go mate` is answered
//! by one `checkmate` line instead (the mate solver, `crate::mate`).

use crate::board::Position;
use crate::engine::control::SearchControl;
use crate::engine::link::{Interrupter, Link, Protocol};
use crate::engine::options::{self, Kind, Opt, Value};
use crate::engine::session::{Decision, Session};
use crate::mate;
use crate::moves::Move;
use crate::notation::usi::{parse_sfen, parse_usi_move, usi_move};
use crate::search::{Info, Limits, MATE};
use crate::time::Control;
use crate::variant::{Rules, Variant, VariantSet};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

const NAME: &str = crate::version::NAME;
const AUTHOR: &str = "the Kyodai developers";
/// The deepest search (the search's own limit); `go depth` beyond it, such
/// as lishogi's `go depth 245` for endless analysis, searches this deep.
const MAX_DEPTH: u32 = 90;
/// Scores this close to `MATE` are mates, `MATE - score` plies away (no
/// search reaches so deep; evaluations stay far below).
const MATE_PLIES: i32 = 1000;

/// How the running search was started.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    /// `go` with a limit: `bestmove` as soon as it ends.
    Play,
    /// `go ponder`: on the opponent's time until `ponderhit` or `stop`.
    Ponder,
    /// `go infinite`: until `stop`.
    Infinite,
}

/// The search under way.
struct Going {
    id: u64,
    mode: Mode,
    /// The position searched, to write the moves of its result.
    root: Position,
    /// The search has ended; its `bestmove` waits for `stop`/`ponderhit`.
    ended: bool,
    /// The last reported line's second move, sent as `ponder`.
    expected: Arc<Mutex<Option<Move>>>,
}

/// The USI adapter.
pub struct Usi {
    session: Session,
    search: SearchControl,
    link: Link,
    going: Option<Going>,
    searches: u64,
    /// `Opt::Ponder`, `Opt::AnalyseMode`.
    ponder: bool,
    analyse: bool,
    /// Lines read that stop a search (`interrupts`), counted by the
    /// reader as it reads them, and those handled so far: a `go mate`
    /// (solved while commands wait) stops when the reader is ahead.
    interruptions_read: Arc<AtomicU64>,
    interruptions_handled: u64,
    /// The game the last `position` command set up, while the session
    /// still holds it: lishogi and shogi GUIs send the whole game before
    /// every `go`, and a command that only adds moves to it plays just
    /// those (the whole game's replay took 2-6 ms a move late in a game).
    last_game: Option<SentGame>,
}

/// A `position` command's game as sent, and the position it led to.
struct SentGame {
    setup: String,
    moves: Vec<String>,
    /// The session position's key and ply once the moves were played.
    key: u64,
    ply: usize,
}

impl SentGame {
    /// How many of `moves` this game has played already, where `moves`
    /// goes on from it and the session still holds its position under the
    /// variant `v` the command is read in.
    fn played_of(
        &self,
        session: &Session,
        v: &'static Variant,
        setup: &str,
        moves: &[&str],
    ) -> Option<usize> {
        let pos = session.position();
        let same_game = self.setup == setup
            && std::ptr::eq(v, session.variant())
            && pos.search_key() == self.key
            && pos.ply() == self.ply
            && !session.is_over();
        let extends =
            moves.len() >= self.moves.len() && self.moves.iter().zip(moves).all(|(a, b)| a == b);
        (same_game && extends).then_some(self.moves.len())
    }
}

/// Whether a command stops the search under way.
fn interrupts(cmd: &str) -> bool {
    matches!(
        cmd,
        "stop" | "quit" | "position" | "go" | "usinewgame" | "setoption" | "gameover"
    )
}

impl Protocol for Usi {
    fn handle(&mut self, line: &str) -> bool {
        self.command(line)
    }

    fn search_ended(&mut self, id: u64) {
        let Some(going) = self.going.as_mut().filter(|g| g.id == id) else {
            return;
        };
        if going.mode == Mode::Play {
            self.best_move();
        } else {
            going.ended = true;
        }
    }

    fn refuse(&mut self, what: &str) {
        self.error(what);
    }

    /// `stop` and every command that abandons the search stop it at once;
    /// `ponderhit` starts its clock. (`isready` leaves it running: in a
    /// browser its `readyok` then waits for the search's end.)
    fn interrupter(&self, _answers_beside: bool) -> Interrupter {
        let flags = self.search.flags();
        let read = self.interruptions_read.clone();
        Arc::new(move |line: &str| {
            let cmd = line.split_whitespace().next().unwrap_or("");
            if interrupts(cmd) {
                read.fetch_add(1, Ordering::SeqCst);
                flags.stop();
            } else if cmd == "ponderhit" {
                flags.ponderhit();
            }
        })
    }
}

impl Usi {
    /// The adapter, its lines going to `link`.
    pub fn new(set: &'static VariantSet, link: Link) -> Usi {
        let mut session = Session::new(set, None);
        session.config.rules = Rules::Lishogi;
        if let Some(chu) = session.find_variant("chu") {
            session.new_game(chu);
        }
        Usi {
            session,
            search: SearchControl::new(options::DEFAULT_HASH_MB as usize, link.checkpoint.clone()),
            link,
            going: None,
            searches: 0,
            ponder: false,
            analyse: false,
            interruptions_read: Arc::new(AtomicU64::new(0)),
            interruptions_handled: 0,
            last_game: None,
        }
    }

    fn say(&self, line: &str) {
        (self.link.out)(line);
    }

    fn error(&self, what: &str) {
        self.say(&format!("info string error {what}"));
    }

    /// Handle one command line; false on `quit`.
    fn command(&mut self, line: &str) -> bool {
        let line = line.trim();
        let (cmd, arg) = line
            .split_once(char::is_whitespace)
            .map_or((line, ""), |(c, a)| (c, a.trim()));
        if interrupts(cmd) {
            self.interruptions_handled += 1;
        }
        match cmd {
            "" => {}
            "usi" => self.identify(),
            "isready" => {
                // A search may run on; the answer only says commands are
                // read.
                self.say("readyok");
            }
            "setoption" => self.set_option(arg),
            "usinewgame" => {
                self.abandon();
                self.search.searcher().clear();
            }
            "position" => {
                self.conclude();
                if let Err(e) = self.set_position(arg) {
                    self.error(&format!("{e}: position {arg}"));
                }
            }
            "go" => self.go(arg),
            "stop" => self.stop(),
            "ponderhit" => self.ponderhit(),
            "gameover" => {
                self.abandon();
                self.session.end();
            }
            "quit" => {
                self.abandon();
                return false;
            }
            _ => self.error(&format!("unknown command: {cmd}")),
        }
        true
    }

    fn identify(&self) {
        self.say(&format!("id name {NAME}"));
        self.say(&format!("id author {AUTHOR}"));
        for spec in options::SPECS {
            let Some(name) = spec.usi else { continue };
            let kind = match spec.kind {
                Kind::Check { default } => format!("type check default {default}"),
                Kind::Spin { default, min, max } => {
                    format!("type spin default {default} min {min} max {max}")
                }
                Kind::Combo { default, choices } => {
                    // USI plays lishogi's rules unless told otherwise.
                    let default = if spec.opt == Opt::Rules {
                        "lishogi"
                    } else {
                        default
                    };
                    let vars: Vec<String> = choices.iter().map(|c| format!("var {c}")).collect();
                    format!("type combo default {default} {}", vars.join(" "))
                }
            };
            self.say(&format!("option name {name} {kind}"));
        }
        // USI_MultiPV is MultiPV under the name some GUIs use.
        self.say(&format!(
            "option name USI_MultiPV type spin default 1 min 1 max {}",
            options::MAX_MULTIPV
        ));
        self.say("usiok");
    }

    /// `setoption name NAME [value VALUE]`.
    fn set_option(&mut self, arg: &str) {
        let Some(rest) = arg.strip_prefix("name") else {
            self.error(&format!("setoption needs a name: setoption {arg}"));
            return;
        };
        let (name, value) = match rest.split_once(" value ") {
            Some((n, v)) => (n.trim(), v.trim()),
            None => (rest.trim(), ""),
        };
        let name = if name.eq_ignore_ascii_case("USI_MultiPV") {
            "MultiPV"
        } else {
            name
        };
        let Some(spec) = options::find(name, true) else {
            self.error(&format!("unknown option: {name}"));
            return;
        };
        let value = match options::parse(spec, value) {
            Ok(v) => v,
            Err(e) => {
                self.error(&format!("{e} (option {name})"));
                return;
            }
        };
        self.conclude();
        match (spec.opt, &value) {
            (Opt::Hash, Value::Int(mb)) => {
                if let Err(e) = self.search.searcher().resize(*mb as usize) {
                    self.error(&format!("cannot allocate {mb} MB: {e}"));
                }
            }
            (Opt::Ponder, Value::Bool(b)) => self.ponder = *b,
            (Opt::AnalyseMode, Value::Bool(b)) => self.analyse = *b,
            _ => self.session.set_option(spec.opt, &value),
        }
    }

    /// `position startpos|sfen SFEN [moves M1 M2 ...]`; on an error the
    /// position is as it was.
    fn set_position(&mut self, arg: &str) -> Result<(), String> {
        let (setup, moves) = match arg.split_once("moves") {
            Some((s, m)) => (s.trim(), m.split_whitespace().collect::<Vec<_>>()),
            None => (arg.trim(), Vec::new()),
        };
        let v = self
            .session
            .find_variant("chu")
            .ok_or("no Chu variant is loaded")?;
        let resumed = self
            .last_game
            .as_ref()
            .and_then(|g| g.played_of(&self.session, v, setup, &moves));
        let fresh = match resumed {
            // The same game one turn on (the engine's move and the reply):
            // it goes on from where the last command left it, and so does
            // what the session learns over a game (the lag of the GUI's
            // clock, the searches that found it losing).
            Some(played) if moves.len() == played + 2 => None,
            // The same game otherwise (sent again, or moves the engine did
            // not search for): its moves so far are not replayed.
            Some(_) => Some(self.session.position().clone()),
            None if setup == "startpos" => Some(Position::start(v)),
            None => match setup.strip_prefix("sfen") {
                Some(sfen) => Some(parse_sfen(v, sfen)?.position),
                None => return Err("startpos or sfen expected".to_string()),
            },
        };
        let before = self.session.position().clone();
        let was_over = self.session.is_over();
        let started_afresh = fresh.is_some();
        if let Some(pos) = fresh {
            self.session.set_position(pos);
        }
        // The game is replayed through the session, so that its rules
        // (repetition, the game's end) apply to every move.
        for text in &moves[resumed.unwrap_or(0)..] {
            let played = parse_usi_move(self.session.position(), text)
                .and_then(|mv| self.session.play_legal(mv).map_err(|e| e.to_string()));
            if let Err(e) = played {
                if started_afresh {
                    self.session.set_position(before);
                    if was_over {
                        self.session.end();
                    }
                } else {
                    self.session.return_to(before);
                }
                return Err(format!("move {text}: {e}"));
            }
        }
        let pos = self.session.position();
        self.last_game = Some(SentGame {
            setup: setup.to_string(),
            moves: moves.iter().map(|m| m.to_string()).collect(),
            key: pos.search_key(),
            ply: pos.ply(),
        });
        Ok(())
    }

    /// `go [ponder] [infinite] [btime B] [wtime W] [byoyomi Y] [binc I]
    /// [winc I] [movetime T] [depth D] [nodes N]`: always answered by one
    /// `bestmove` (after `stop` or `ponderhit` for `infinite` and `ponder`).
    fn go(&mut self, arg: &str) {
        self.conclude();
        let (go, notes) = GoArgs::parse(arg);
        if !notes.is_empty() {
            self.say(&format!("info string {}: go {arg}", notes.join("; ")));
        }
        if let Some(time_ms) = go.mate {
            self.go_mate(time_ms);
            return;
        }
        if self.session.legal_moves().is_empty() {
            self.say("bestmove resign");
            return;
        }
        let pos = self.session.position().clone();
        let side = pos.side();
        let mode = if go.infinite {
            Mode::Infinite
        } else if go.ponder {
            Mode::Ponder
        } else {
            Mode::Play
        };
        // A pondering search keeps its budget for after `ponderhit`;
        // `go infinite` has none.
        let budget =
            go.control(side)
                .filter(|_| mode != Mode::Infinite)
                .map(|(control, remaining)| {
                    self.session.budget(control, remaining, mode == Mode::Play)
                });
        let limits = Limits {
            nodes: go.nodes,
            ponder: mode == Mode::Ponder,
            ..self.session.limits(go.depth, budget)
        };
        self.searches += 1;
        let id = self.searches;
        let expected = Arc::new(Mutex::new(None));
        let report = {
            let (out, root, expected) = (self.link.out.clone(), pos.clone(), expected.clone());
            Box::new(move |info: &Info| {
                if info.multipv == 1
                    && let Ok(mut e) = expected.lock()
                {
                    *e = info.pv.get(1).copied();
                }
                out(&info_line(&root, info));
            })
        };
        let finished = {
            let finished = self.link.finished.clone();
            Box::new(move || finished(id))
        };
        self.session.configure(&mut self.search);
        self.going = Some(Going {
            id,
            mode,
            root: pos.clone(),
            ended: false,
            expected,
        });
        self.search.start(pos, limits, report, finished);
    }

    /// `go mate MS|infinite`: solve the position as a mate problem, the
    /// side to move attacking (`mate::solve`), within `time_ms` (`None`:
    /// until `stop`), while later commands wait; answered `checkmate
    /// MOVES` (the mate line to the mating move, as shogi GUIs expect it;
    /// the capture of the last royal when it can be taken at once),
    /// `checkmate nomate` or `checkmate timeout`. A position that is no
    /// problem (the defender has no royal, the game is over) is answered
    /// `checkmate nomate` after an `info string`.
    fn go_mate(&mut self, time_ms: Option<u64>) {
        let read = self.interruptions_read.clone();
        let handled = self.interruptions_handled;
        let limits = mate::Limits {
            nodes: None,
            time: time_ms.map(std::time::Duration::from_millis),
            stop: Some(Arc::new(move || read.load(Ordering::SeqCst) > handled)),
            shorten_nodes: None,
        };
        let pos = self.session.position().clone();
        let answer = match mate::solve(&pos, &limits) {
            Ok(s) if s.verdict == mate::Verdict::Mate => {
                let shown = s.length.filter(|&n| n > 0).unwrap_or(s.line.len());
                let line = s.line.get(..shown).unwrap_or(&s.line);
                self.say(&format!(
                    "info string mate in {} plies, nodes {}, time {} ms",
                    s.length.unwrap_or(0),
                    s.nodes,
                    s.elapsed.as_millis()
                ));
                format!("checkmate {}", mate::problems::line_text(&pos, line, true))
            }
            Ok(s) if s.verdict == mate::Verdict::NoMate => "checkmate nomate".to_string(),
            Ok(_) => "checkmate timeout".to_string(),
            Err(e) => {
                self.error(&format!("go mate: {e}"));
                "checkmate nomate".to_string()
            }
        };
        self.say(&answer);
    }

    /// `stop`: end the search and send its move.
    fn stop(&mut self) {
        if self.going.is_some() {
            self.search.stop();
            self.best_move();
        }
    }

    /// `ponderhit`: the opponent played the move pondered on; the search
    /// goes on as the engine's own, with the time its clock allows.
    fn ponderhit(&mut self) {
        let Some(going) = self.going.as_mut().filter(|g| g.mode == Mode::Ponder) else {
            return;
        };
        going.mode = Mode::Play;
        self.session.start_clock();
        if going.ended {
            self.best_move();
        } else {
            self.search.ponderhit();
        }
    }

    /// Wait for the search and write `bestmove` (`resign` when the search
    /// finds every move loses at once, or the resign threshold says so).
    fn best_move(&mut self) {
        let Some(going) = self.going.take() else {
            return;
        };
        let Some(outcome) = self.search.wait() else {
            return;
        };
        let expected = going.expected.lock().ok().and_then(|e| *e);
        let root = going.root;
        let text = outcome.best.map(|mv| usi_move(&root, mv));
        let decision = self.session.decide(&outcome, expected);
        let line = match (decision, text) {
            (Decision::Play(mv, _), Some(text)) => {
                let mut after = root.clone();
                after.make(mv);
                let ponder = expected
                    .filter(|r| crate::game::legal_moves(&mut after).contains(r))
                    .map(|r| format!(" ponder {}", usi_move(&after, r)))
                    .unwrap_or_default();
                format!("bestmove {text}{ponder}")
            }
            _ => "bestmove resign".to_string(),
        };
        // The GUI sends the game anew with each `go`: the session's copy
        // is taken back to the root, where the next `position` goes on.
        self.session.return_to(root);
        self.say(&line);
    }

    /// End the search under way before a command that changes what it
    /// searched (`position`, `go`, `setoption`): a client that sent no
    /// `stop` still gets the `bestmove` of its `go`, so that every `go`
    /// has exactly one.
    fn conclude(&mut self) {
        if self.going.is_some() {
            self.search.stop();
            self.best_move();
        }
    }

    /// Stop a search whose move nobody wants any more: the game is over
    /// (`gameover`, `usinewgame`, `quit`).
    fn abandon(&mut self) {
        if self.going.take().is_some() {
            self.search.stop();
            self.search.wait();
        }
    }
}

/// The limits of `go`.
#[derive(Clone, Debug, Default, PartialEq)]
struct GoArgs {
    ponder: bool,
    infinite: bool,
    /// Sente's (`btime`) and Gote's (`wtime`) clocks, ms.
    time: [Option<u64>; 2],
    inc: [u64; 2],
    byoyomi: u64,
    movetime: Option<u64>,
    depth: Option<u32>,
    nodes: Option<u64>,
    /// `mate MS` (`Some(Some(MS))`) or `mate infinite` (`Some(None)`).
    mate: Option<Option<u64>>,
}

impl GoArgs {
    /// Read `go`'s words; what cannot be used is left out and described in
    /// the notes (a number out of range is clamped into it), so that the
    /// `go` is still answered.
    fn parse(arg: &str) -> (GoArgs, Vec<String>) {
        let mut go = GoArgs::default();
        let mut notes = Vec::new();
        let mut words = arg.split_whitespace();
        while let Some(word) = words.next() {
            let mut number = || -> Option<u64> {
                let Some(text) = words.next() else {
                    notes.push(format!("{word} needs a number"));
                    return None;
                };
                // Clocks may run below zero on some servers; a number too
                // large for the clock is as good as endless.
                match text.parse::<i128>() {
                    Ok(n) => Some(n.clamp(0, i128::from(u64::MAX)) as u64),
                    Err(_) => {
                        notes.push(format!("bad number for {word}: {text}"));
                        None
                    }
                }
            };
            match word {
                "ponder" => go.ponder = true,
                "infinite" => go.infinite = true,
                "btime" => go.time[0] = number().or(go.time[0]),
                "wtime" => go.time[1] = number().or(go.time[1]),
                "binc" => go.inc[0] = number().unwrap_or(go.inc[0]),
                "winc" => go.inc[1] = number().unwrap_or(go.inc[1]),
                "byoyomi" => go.byoyomi = number().unwrap_or(go.byoyomi),
                "movetime" => go.movetime = number().or(go.movetime),
                "depth" => {
                    if let Some(d) = number() {
                        let clamped = d.clamp(1, u64::from(MAX_DEPTH));
                        if clamped != d {
                            notes.push(format!("depth {d} searched as depth {clamped}"));
                        }
                        go.depth = Some(clamped as u32);
                    }
                }
                "nodes" => {
                    if let Some(n) = number() {
                        if n == 0 {
                            notes.push("nodes 0 searched as nodes 1".to_string());
                        }
                        go.nodes = Some(n.max(1));
                    }
                }
                "mate" => match words.next() {
                    Some("infinite") => go.mate = Some(None),
                    Some(text) => match text.parse::<u64>() {
                        Ok(ms) => go.mate = Some(Some(ms)),
                        Err(_) => notes.push(format!("bad time for mate: {text}")),
                    },
                    None => notes.push("mate needs a time or infinite".to_string()),
                },
                // Accepted and not used: Kyodai plans its own time.
                "movestogo" => {
                    number();
                }
                _ => notes.push(format!("unknown go argument '{word}' skipped")),
            }
        }
        (go, notes)
    }

    /// The time control for the side to move and its clock, if any was
    /// given.
    fn control(&self, side: crate::types::Color) -> Option<(Control, u64)> {
        if let Some(ms) = self.movetime {
            return Some((Control::PerMove { ms }, ms));
        }
        let i = side.index();
        let remaining = self.time[i].or((self.byoyomi > 0).then_some(0))?;
        Some((
            Control::Clock {
                inc_ms: self.inc[i],
                byoyomi_ms: self.byoyomi,
            },
            remaining,
        ))
    }
}

/// `info depth D score cp S|mate N nodes N nps N time MS pv ...`.
fn info_line(root: &Position, info: &Info) -> String {
    let score = if info.score.abs() >= MATE - MATE_PLIES {
        let plies = MATE - info.score.abs();
        format!("mate {}", if info.score > 0 { plies } else { -plies })
    } else {
        format!("cp {}", info.score)
    };
    // A client divides by the time (nodes per second; lishogi's browser
    // does for every line it shows, mate lines of any depth included): it
    // is at least 1 ms, however quickly the table answered, and also when
    // nothing was searched (a capture of the last royal, played at once).
    let ms = info.elapsed_ms.max(1);
    let nps = info.nodes * 1000 / ms;
    let mut pos = root.clone();
    let mut pv = Vec::new();
    for &mv in info.pv {
        pv.push(usi_move(&pos, mv));
        pos.make(mv);
    }
    format!(
        "info depth {} seldepth {} multipv {} score {score} nodes {} nps {nps} time {ms} hashfull {} pv {}",
        info.depth,
        info.seldepth,
        info.multipv,
        info.nodes,
        info.hashfull,
        pv.join(" ")
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::Rng;

    /// An adapter whose output is dropped.
    fn quiet_usi() -> Usi {
        Usi::new(VariantSet::builtin(), Link::writer(std::io::sink()))
    }

    /// An adapter whose output lines are kept in the returned buffer.
    fn recorded_usi() -> (Usi, Arc<Mutex<Vec<u8>>>) {
        #[derive(Clone)]
        struct Shared(Arc<Mutex<Vec<u8>>>);
        impl std::io::Write for Shared {
            fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
                self.0
                    .lock()
                    .expect("not poisoned")
                    .extend_from_slice(bytes);
                Ok(bytes.len())
            }
            fn flush(&mut self) -> std::io::Result<()> {
                Ok(())
            }
        }
        let out = Shared(Arc::new(Mutex::new(Vec::new())));
        let usi = Usi::new(VariantSet::builtin(), Link::writer(out.clone()));
        (usi, out.0)
    }

    /// The session position's FEN, key and ply.
    fn state(usi: &Usi) -> (String, u64, usize) {
        let pos = usi.session.position();
        (pos.fen(), pos.search_key(), pos.ply())
    }

    /// The lag of the GUI's clock is learnt over a USI game as over a
    /// CECP one: the engine moves, and the next `go` reports its clock
    /// 500 ms below what the engine's own accounting predicts (the clock
    /// then, less the time the search took, plus the increment).
    #[test]
    fn the_lag_of_the_clock_is_learnt_over_a_game() {
        let (mut usi, out) = recorded_usi();
        assert!(usi.command("position startpos"));
        assert!(usi.command("go btime 30000 wtime 30000 binc 1000 winc 1000 depth 1"));
        usi.best_move();
        let text = String::from_utf8(out.lock().expect("not poisoned").clone()).expect("text");
        let ours = text
            .lines()
            .find_map(|l| l.strip_prefix("bestmove "))
            .and_then(|l| l.split_whitespace().next())
            .expect("a move")
            .to_string();
        let mut after = usi.session.position().clone();
        let mv = parse_usi_move(&after, &ours).expect("its own move");
        after.make(mv);
        let first_reply = crate::game::legal_moves(&mut after)[0];
        let reply = usi_move(&after, first_reply);
        assert!(usi.command(&format!("position startpos moves {ours} {reply}")));
        assert!(usi.command("go btime 30500 wtime 30000 binc 1000 winc 1000 depth 1"));
        let lag = usi.session.lag_ms();
        usi.best_move();
        // 500 less the search's few milliseconds (more on a loaded machine);
        // without the lag learnt, 0.
        assert!((250..=500).contains(&lag), "lag {lag} ms");
    }

    /// A game sent move by move, as GUIs send it, goes on from the last
    /// command's position and ends where the whole game replayed at once
    /// does; a command that takes moves back, one from another setup and
    /// one with an illegal move are replayed whole (the last refused, the
    /// game as it was).
    #[test]
    fn a_game_sent_again_plays_only_its_new_moves() {
        let mut usi = quiet_usi();
        let mut rng = Rng::new(11);
        let mut pos = usi.session.position().clone();
        let mut moves: Vec<String> = Vec::new();
        while moves.len() < 120 {
            let legal = crate::game::legal_moves(&mut pos);
            if legal.is_empty() || pos.is_over() {
                break;
            }
            let mv = legal[rng.below(legal.len())];
            moves.push(usi_move(&pos, mv));
            if crate::game::play(&mut pos, mv).is_some() {
                break;
            }
            let sent: Vec<&str> = moves.iter().map(String::as_str).collect();
            let played = usi
                .last_game
                .as_ref()
                .and_then(|g| g.played_of(&usi.session, usi.session.variant(), "startpos", &sent));
            assert_eq!(played, (moves.len() > 1).then(|| moves.len() - 1));
            usi.set_position(&format!("startpos moves {}", sent.join(" ")))
                .expect("a legal game");
            assert_eq!(state(&usi).0, pos.fen());
            if moves.len().is_multiple_of(10) {
                let mut whole = quiet_usi();
                whole
                    .set_position(&format!("startpos moves {}", sent.join(" ")))
                    .expect("a legal game");
                assert_eq!(state(&usi), state(&whole), "after {} moves", moves.len());
            }
        }
        assert!(moves.len() > 40, "{} moves", moves.len());
        // Moves taken back: the game is replayed from its start.
        let fewer = format!("startpos moves {}", moves[..20].join(" "));
        usi.set_position(&fewer).expect("a legal game");
        let mut whole = quiet_usi();
        whole.set_position(&fewer).expect("a legal game");
        assert_eq!(state(&usi), state(&whole));
        // An illegal move after the game leaves it as it was, and the next
        // command still goes on from it.
        let before = state(&usi);
        assert!(usi.set_position(&format!("{fewer} 1a1a")).is_err());
        assert_eq!(state(&usi), before);
        let next = format!("startpos moves {}", moves[..21].join(" "));
        let sent: Vec<&str> = moves[..21].iter().map(String::as_str).collect();
        let played = usi
            .last_game
            .as_ref()
            .and_then(|g| g.played_of(&usi.session, usi.session.variant(), "startpos", &sent));
        assert_eq!(played, Some(20));
        usi.set_position(&next).expect("a legal game");
        let mut whole = quiet_usi();
        whole.set_position(&next).expect("a legal game");
        assert_eq!(state(&usi), state(&whole));
        // Another setup is a new game.
        let sfen = format!(
            "sfen {} moves {}",
            crate::notation::usi::sfen(&Position::start(usi.session.variant()), 1),
            moves[0]
        );
        usi.set_position(&sfen).expect("a legal game");
        assert_eq!(usi.session.position().ply(), 1);
    }

    #[test]
    fn go_arguments() {
        let (go, notes) = GoArgs::parse("btime 1000 wtime 2000 byoyomi 500 binc 10 winc 20");
        assert!(notes.is_empty());
        assert_eq!(go.time, [Some(1000), Some(2000)]);
        assert_eq!((go.inc, go.byoyomi), ([10, 20], 500));
        assert_eq!(
            go.control(crate::types::Color::Black),
            Some((
                Control::Clock {
                    inc_ms: 20,
                    byoyomi_ms: 500
                },
                2000
            ))
        );
        assert_eq!(GoArgs::parse("wtime -5").0.time[1], Some(0));
        assert!(
            GoArgs::parse("infinite")
                .0
                .control(crate::types::Color::White)
                .is_none()
        );
    }

    #[test]
    fn go_limits_out_of_range_are_clamped_and_said() {
        // lishogi's browser analysis asks for endless analysis this way.
        let (go, notes) = GoArgs::parse("depth 245");
        assert_eq!(go.depth, Some(MAX_DEPTH));
        assert_eq!(notes, ["depth 245 searched as depth 90"]);
        assert_eq!(GoArgs::parse("depth 0").0.depth, Some(1));
        assert_eq!(GoArgs::parse("nodes 0").0.nodes, Some(1));
        let (go, _) = GoArgs::parse("btime 99999999999999999999999");
        assert_eq!(go.time[0], Some(u64::MAX));
    }

    #[test]
    fn words_go_cannot_use_are_skipped_and_said() {
        for (bad, note) in [
            ("btime", "btime needs a number"),
            ("btime x", "bad number for btime: x"),
            ("sideways 3", "unknown go argument 'sideways' skipped"),
            ("nodes -", "bad number for nodes: -"),
        ] {
            let (_, notes) = GoArgs::parse(bad);
            assert!(notes.iter().any(|n| n == note), "{bad}: {notes:?}");
        }
        // What can be used still is.
        let (go, notes) = GoArgs::parse("movetime 100 sideways depth 3");
        assert_eq!(
            (go.movetime, go.depth, notes.len()),
            (Some(100), Some(3), 1)
        );
    }
}
