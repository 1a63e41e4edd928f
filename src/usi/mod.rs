//! USI on stdin/stdout, as lishogi's tools and shogi GUIs speak it, over
//! the protocol-free core (`engine`): Chu under lishogi's rules by default,
//! in lishogi's notation (`notation`).
//!
//! A reader thread forwards input lines; the search runs on its own thread
//! (`SearchThread`), so that `stop`, `ponderhit` and `isready` are answered
//! while it runs. A search's end comes back as an event too: the
//! `bestmove` is written here, on the main thread, unless the search was a
//! `go ponder` or `go infinite`, whose `bestmove` waits for `stop` or
//! `ponderhit` as the protocol requires.

pub mod notation;

pub use notation::{move_paths, parse_sfen, parse_usi_move, square, usi_move};

use crate::board::Position;
use crate::engine::control::SearchThread;
use crate::engine::options::{self, Kind, Opt, Value};
use crate::engine::session::{Decision, Session};
use crate::moves::Move;
use crate::search::{Info, Limits, MATE};
use crate::time::{Budget, Control};
use crate::variant::{Rules, VariantSet};
use std::io::{BufRead, Read, Write};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::sync::{Arc, Mutex};

const NAME: &str = crate::version::NAME;
const AUTHOR: &str = "the Kyodai developers";
/// The longest input line taken; a longer one is refused unread (a
/// `position` of a long game is some 7 bytes a move).
const MAX_LINE: usize = 1 << 20;
/// The deepest `go depth` taken (the search's own limit).
const MAX_DEPTH: u32 = 90;
/// Scores this close to `MATE` are mates, `MATE - score` plies away (no
/// search reaches so deep; evaluations stay far below).
const MATE_PLIES: i32 = 1000;

/// Protocol lines, written from the main thread and the search thread.
type Out = Arc<Mutex<Box<dyn Write + Send>>>;

/// Write one protocol line and flush it.
fn emit(out: &Out, line: &str) {
    // A poisoned lock only means a writer panicked mid-line; the output is
    // still usable. If the GUI has gone away there is nobody left to tell.
    let mut out = out.lock().unwrap_or_else(|e| e.into_inner());
    let _ = writeln!(out, "{line}");
    let _ = out.flush();
}

/// What the main thread waits for.
enum Event {
    Line(String),
    /// A line longer than `MAX_LINE`, skipped unread.
    Overlong,
    /// Search number N has its result ready.
    Finished(u64),
}

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
    /// Its clock settings, for `ponderhit`.
    budget: Option<Budget>,
    /// The search has ended; its `bestmove` waits for `stop`/`ponderhit`.
    ended: bool,
    /// The last reported line's second move, sent as `ponder`.
    expected: Arc<Mutex<Option<Move>>>,
}

/// The USI adapter.
pub struct Usi {
    session: Session,
    search: SearchThread,
    out: Out,
    going: Option<Going>,
    searches: u64,
    /// `Opt::Ponder`, `Opt::AnalyseMode`.
    ponder: bool,
    analyse: bool,
}

impl Usi {
    pub fn new(set: &'static VariantSet) -> Usi {
        Usi::with_output(set, Box::new(std::io::stdout()))
    }

    pub fn with_output(set: &'static VariantSet, out: Box<dyn Write + Send>) -> Usi {
        let mut session = Session::new(set, None);
        session.config.rules = Rules::Lishogi;
        if let Some(chu) = session.find_variant("chu") {
            session.new_game(chu);
        }
        Usi {
            session,
            search: SearchThread::new(options::DEFAULT_HASH_MB as usize),
            out: Arc::new(Mutex::new(out)),
            going: None,
            searches: 0,
            ponder: false,
            analyse: false,
        }
    }

    /// Run the protocol until `quit` or end of input; `first` is a line
    /// already read (the `usi` that chose this protocol).
    pub fn run(mut self, first: Option<String>) {
        let (tx, rx) = channel::<Event>();
        let lines = tx.clone();
        std::thread::spawn(move || read_lines(&lines));
        if let Some(line) = first
            && !self.handle(&line, &tx)
        {
            return;
        }
        self.serve(&tx, &rx);
    }

    fn serve(&mut self, tx: &Sender<Event>, rx: &Receiver<Event>) {
        while let Ok(event) = rx.recv() {
            match event {
                Event::Line(line) => {
                    log::debug!("< {line}");
                    if !self.handle(&line, tx) {
                        break;
                    }
                }
                Event::Overlong => {
                    self.error(&format!("line too long (over {MAX_LINE} bytes), skipped"))
                }
                Event::Finished(id) => self.search_ended(id),
            }
        }
        self.search.stop();
        self.search.wait();
    }

    fn say(&self, line: &str) {
        emit(&self.out, line);
    }

    fn error(&self, what: &str) {
        self.say(&format!("info string error {what}"));
    }

    /// Handle one command line; false on `quit`.
    fn handle(&mut self, line: &str, tx: &Sender<Event>) -> bool {
        let line = line.trim();
        let (cmd, arg) = line
            .split_once(char::is_whitespace)
            .map_or((line, ""), |(c, a)| (c, a.trim()));
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
                self.abandon();
                if let Err(e) = self.set_position(arg) {
                    self.error(&format!("{e}: position {arg}"));
                }
            }
            "go" => self.go(arg, tx),
            "stop" => self.stop(),
            "ponderhit" => self.ponderhit(),
            "gameover" => {
                self.abandon();
                self.session.end();
            }
            "quit" => return false,
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
        self.abandon();
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
        let pos = if setup == "startpos" {
            Position::start(v)
        } else if let Some(sfen) = setup.strip_prefix("sfen") {
            parse_sfen(v, sfen)?.position
        } else {
            return Err("startpos or sfen expected".to_string());
        };
        let before = self.session.position().clone();
        let was_over = self.session.is_over();
        // The game is replayed through the session, so that its rules
        // (repetition, the game's end) apply to every move.
        self.session.set_position(pos);
        for text in moves {
            let played = parse_usi_move(self.session.position(), text)
                .and_then(|mv| self.session.play_legal(mv).map_err(|e| e.to_string()));
            if let Err(e) = played {
                self.session.set_position(before);
                if was_over {
                    self.session.end();
                }
                return Err(format!("move {text}: {e}"));
            }
        }
        Ok(())
    }

    /// `go [ponder] [infinite] [btime B] [wtime W] [byoyomi Y] [binc I]
    /// [winc I] [movetime T] [depth D] [nodes N]`.
    fn go(&mut self, arg: &str, tx: &Sender<Event>) {
        self.abandon();
        let go = match GoArgs::parse(arg) {
            Ok(g) => g,
            Err(e) => {
                self.error(&format!("{e}: go {arg}"));
                return;
            }
        };
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
        let budget = go.control(side).map(|(control, remaining)| {
            self.session.budget(control, remaining, mode == Mode::Play)
        });
        let play_budget = if mode == Mode::Play { budget } else { None };
        let limits = Limits {
            nodes: go.nodes,
            ..self.session.limits(go.depth, play_budget)
        };
        self.searches += 1;
        let id = self.searches;
        let expected = Arc::new(Mutex::new(None));
        let report = {
            let (out, root, expected) = (self.out.clone(), pos.clone(), expected.clone());
            Box::new(move |info: &Info| {
                if info.multipv == 1
                    && let Ok(mut e) = expected.lock()
                {
                    *e = info.pv.get(1).copied();
                }
                emit(&out, &info_line(&root, info));
            })
        };
        let finished = {
            let tx = tx.clone();
            // The main thread is gone only after `quit`, which waits for
            // the search first.
            Box::new(move || {
                let _ = tx.send(Event::Finished(id));
            })
        };
        self.session.configure(&mut self.search);
        self.search.start(pos.clone(), limits, report, finished);
        self.going = Some(Going {
            id,
            mode,
            root: pos,
            budget,
            ended: false,
            expected,
        });
    }

    /// The search numbered `id` has its result.
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
        } else if let Some(budget) = going.budget {
            self.search.stop_after(budget.soft);
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
        // is taken back to the root.
        self.session.set_position(root);
        self.say(&line);
    }

    /// Stop a search whose result nobody wants any more.
    fn abandon(&mut self) {
        if self.going.take().is_some() {
            self.search.stop();
            self.search.wait();
        }
    }
}

/// Forward input lines until the input ends (then a `quit`).
fn read_lines(lines: &Sender<Event>) {
    let mut stdin = std::io::stdin().lock();
    let mut bytes = Vec::new();
    loop {
        bytes.clear();
        match (&mut stdin)
            .take(MAX_LINE as u64 + 1)
            .read_until(b'\n', &mut bytes)
        {
            Ok(0) | Err(_) => break,
            Ok(_) => {}
        }
        let event = if bytes.len() > MAX_LINE {
            // Skip the rest of the over-long line.
            let _ = stdin.skip_until(b'\n');
            Event::Overlong
        } else {
            // Bytes that are not UTF-8 become U+FFFD: the command is then
            // refused like any other bad line.
            Event::Line(
                String::from_utf8_lossy(&bytes)
                    .trim_end_matches(['\n', '\r'])
                    .to_string(),
            )
        };
        if lines.send(event).is_err() {
            return;
        }
    }
    let _ = lines.send(Event::Line("quit".to_string()));
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
}

impl GoArgs {
    fn parse(arg: &str) -> Result<GoArgs, String> {
        let mut go = GoArgs::default();
        let mut words = arg.split_whitespace();
        while let Some(word) = words.next() {
            let mut number = || -> Result<u64, String> {
                let text = words
                    .next()
                    .ok_or_else(|| format!("{word} needs a number"))?;
                // Clocks may run below zero on some servers.
                text.parse::<i64>()
                    .map(|n| n.max(0) as u64)
                    .map_err(|_| format!("bad number for {word}: {text}"))
            };
            match word {
                "ponder" => go.ponder = true,
                "infinite" => go.infinite = true,
                "btime" => go.time[0] = Some(number()?),
                "wtime" => go.time[1] = Some(number()?),
                "binc" => go.inc[0] = number()?,
                "winc" => go.inc[1] = number()?,
                "byoyomi" => go.byoyomi = number()?,
                "movetime" => go.movetime = Some(number()?),
                "depth" => {
                    let d = number()?;
                    if !(1..=MAX_DEPTH as u64).contains(&d) {
                        return Err(format!("depth must be 1 to {MAX_DEPTH}"));
                    }
                    go.depth = Some(d as u32);
                }
                "nodes" => go.nodes = Some(number()?),
                // Accepted and not used: Kyodai plans its own time.
                "movestogo" => {
                    number()?;
                }
                _ => return Err(format!("unknown go argument '{word}'")),
            }
        }
        Ok(go)
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
    let ms = info.elapsed_cs * 10;
    let nps = info.nodes * 1000 / ms.max(1);
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

/// Chooses the protocol by the first command: `usi` starts USI, anything
/// else CECP (which handles that line itself).
pub fn first_line() -> Option<String> {
    let mut line = String::new();
    match std::io::stdin().lock().read_line(&mut line) {
        Ok(0) | Err(_) => None,
        Ok(_) => Some(line.trim_end_matches(['\n', '\r']).to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn go_arguments() {
        let go = GoArgs::parse("btime 1000 wtime 2000 byoyomi 500 binc 10 winc 20").expect("reads");
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
        assert_eq!(GoArgs::parse("wtime -5").expect("reads").time[1], Some(0));
        assert!(
            GoArgs::parse("infinite")
                .expect("reads")
                .control(crate::types::Color::White)
                .is_none()
        );
        for bad in [
            "depth 0",
            "depth 91",
            "btime",
            "btime x",
            "sideways 3",
            "nodes -",
        ] {
            assert!(GoArgs::parse(bad).is_err(), "{bad}");
        }
    }
}
