//! CECP (XBoard protocol version 2).
//!
//! The adapter takes one input line at a time from its host (`host`) and
//! hands its lines to the host's output. The engine's own search runs
//! where the command that asked for it is handled; the host judges each
//! line as it arrives (`Protocol::interrupter`) and stops that search for
//! the commands that must interrupt it (`?` plays the best move found so
//! far; `new`, `force`, `result`, `quit`, ... abandon it). Every line is
//! handled in order, so `pong` always follows the commands before its
//! `ping`. A background search (analysis, pondering) runs while commands go
//! on being handled: those that leave it running (`.`, `ping`, `time`,
//! ...) are answered beside it, the first other command stops it, and it
//! restarts, if still wanted, once that command is handled.

use crate::board::Position;
use crate::clock::Instant;
use crate::engine::control::SearchControl;
use crate::engine::options::{self, Kind, MAX_HASH_MB};
use crate::engine::session::{Decision, Session};
use crate::game::Ending;
use crate::highlight::{self, Entry, Marker};
use crate::host::{Interrupter, Link, Protocol};
use crate::movegen::parse_move;
use crate::search::{Info, MAX_THREADS};
use crate::time::{self, Control};
use crate::types::{Color, Square};
use crate::variant::{PieceType, Variant, VariantSet};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

const NAME: &str = crate::version::NAME;
/// How long `hint` searches when no reply was expected: long enough for
/// a sensible move, short enough not to hold up the GUI.
const HINT_TIME: std::time::Duration = std::time::Duration::from_millis(300);
/// Combo option, one per variant with more than one start layout (the
/// rules leave the setup open): `"<variant title> layout"`.
const LAYOUT_OPTION_SUFFIX: &str = " layout";
/// The deepest `sd` taken: the search's own limit (search/mod.rs: `MAX_PLY`
/// less 10 plies of quiescence room).
const MAX_DEPTH: u32 = 90;
/// `help`: comment lines, which a GUI ignores.
const HELP: &[&str] = &[
    "# Kyodai speaks CECP (XBoard protocol 2). Commands:",
    "#   new, variant NAME, setboard FEN: start a game",
    "#   usermove MOVE (or MOVE alone, e.g. f4f5, f6f7,f7f8, c8c9+), undo, remove",
    "#   go (play the side to move), force (play neither), playother, ? (move now)",
    "#   level MOVES MINUTES INCREMENT, st SECONDS, sd DEPTH, time/otim CENTISECONDS",
    "#   analyze (think without moving; . shows progress), exit, hint",
    "#   exclude/include MOVE|all, post/nopost (thinking output), hard/easy (pondering)",
    "#   memory MB, cores N, option NAME=VALUE, ping N, fen (the position), quit",
];

/// Commands that end a search without playing its move.
fn abandons_search(cmd: &str) -> bool {
    matches!(
        cmd,
        "new"
            | "force"
            | "result"
            | "quit"
            | "setboard"
            | "undo"
            | "remove"
            | "variant"
            | "edit"
            | "go"
            | "playother"
    )
}

/// Commands a background search (analysis, pondering) runs on through: they
/// change nothing it depends on, so they are handled while it runs
/// (`handle_beside_search`).
fn runs_beside_search(cmd: &str) -> bool {
    matches!(
        cmd,
        "" | "."
            | "ping"
            | "post"
            | "nopost"
            | "easy"
            | "hard"
            | "time"
            | "otim"
            | "xboard"
            | "computer"
            | "name"
            | "rating"
            | "ics"
            | "accepted"
            | "rejected"
            | "random"
    )
}

/// A command line's command word and its argument.
fn split_command(line: &str) -> (&str, &str) {
    let line = line.trim();
    line.split_once(char::is_whitespace)
        .map_or((line, ""), |(c, a)| (c, a.trim()))
}

/// A search's progress as `.` reports it.
#[derive(Clone, Copy, Default)]
struct Stat {
    centiseconds: u64,
    nodes: u64,
    depth: u32,
}

/// The settings the commands that `runs_beside_search` names change.
struct Settings {
    post: bool,
    /// `hard`: think on the opponent's time.
    ponder: bool,
    my_time_ms: u64,
}

/// Handle a command that `runs_beside_search` names; `stat` answers `.`
/// (`None`: no analysis is running, so there is nothing to report).
fn handle_beside_search(
    settings: &mut Settings,
    out: &dyn Fn(&str),
    cmd: &str,
    arg: &str,
    stat: Option<Stat>,
) {
    match cmd {
        "." => {
            if let Some(s) = stat {
                let line = format!("stat01: {} {} {} 0 0", s.centiseconds, s.nodes, s.depth);
                out(&line);
            }
        }
        "ping" => out(&format!("pong {arg}")),
        "post" => settings.post = true,
        "nopost" => settings.post = false,
        "hard" => settings.ponder = true,
        "easy" => settings.ponder = false,
        "time" => match arg.parse::<i64>() {
            Ok(cs) => settings.my_time_ms = (cs.max(0) as u64).saturating_mul(10),
            Err(_) => out(&format!("Error (bad time): {arg}")),
        },
        "otim" if arg.parse::<i64>().is_err() => out(&format!("Error (bad time): {arg}")),
        // Information the engine has no use for (the opponent's clock too).
        _ => {}
    }
}

/// A background search under way (analysis, pondering).
struct Background {
    id: u64,
    analyzing: bool,
    started: Instant,
    /// Its last iteration's figures, for `.`.
    stat: Arc<Mutex<Stat>>,
    /// It has ended by itself (a forced mate found, the deepest depth).
    ended: bool,
}
pub struct Engine {
    /// The game, its options and the engine's decisions.
    session: Session,
    search: SearchControl,
    /// The side the engine plays; `None` in force mode.
    engine_side: Option<Color>,
    control: Control,
    depth_limit: Option<u32>,
    settings: Settings,
    /// First legs of a move whose legs come on separate lines.
    pending_legs: String,
    /// Raised by the host's input reader with the search's stop flag for
    /// commands after which the search's move is void.
    abandon: Arc<AtomicBool>,
    /// `analyze` mode: search the position, never move, until `exit`.
    analyzing: bool,
    /// Background searches started, which numbers them.
    background_searches: u64,
    background: Option<Background>,
    /// Whether a background search runs, for the host's input reader.
    background_running: Arc<AtomicBool>,
    /// The move the user is entering with the mouse (`lift`, `put`).
    entry: Option<Entry>,
    link: Link,
}

impl Protocol for Engine {
    /// Handle the line, then play if it is the engine's turn, then start
    /// the background search if one is wanted.
    fn handle(&mut self, line: &str) -> bool {
        let (cmd, arg) = split_command(line);
        if let Some(bg) = &self.background {
            // `easy` turns pondering off.
            if runs_beside_search(cmd) && (cmd != "easy" || bg.analyzing) {
                log::debug!("< {line}");
                let progress = bg.analyzing.then(|| {
                    let stat = *bg.stat.lock().unwrap_or_else(|e| e.into_inner());
                    // A search that has ended (a forced mate found) took
                    // as long as its last iteration.
                    if bg.ended {
                        stat
                    } else {
                        Stat {
                            centiseconds: bg.started.elapsed().as_millis() as u64 / 10,
                            ..stat
                        }
                    }
                });
                let ended = bg.ended;
                handle_beside_search(&mut self.settings, &*self.link.out, cmd, arg, progress);
                // A host that cannot hand over a line while a search runs
                // (wasm32) stopped it for this one: it goes on now.
                if !ended && !self.search.is_searching() {
                    self.stop_background();
                    self.start_background();
                }
                return true;
            }
            self.stop_background();
        }
        if !self.command(line) {
            return false;
        }
        self.respond();
        let over = self.session.is_over();
        let ponders = self.settings.ponder
            && !over
            && self.engine_side == Some(self.session.position().side().flip());
        if (self.analyzing && !over) || ponders {
            self.start_background();
        }
        true
    }

    fn search_ended(&mut self, id: u64) {
        if let Some(bg) = self.background.as_mut().filter(|bg| bg.id == id) {
            bg.ended = true;
        }
    }

    fn refuse(&mut self, what: &str) {
        self.say(&format!("Error ({what})"));
    }

    /// `?` stops the engine's own search, the commands `abandons_search`
    /// names void it; a background search is stopped by every command that
    /// does not run beside it, and by every command at all where the host
    /// cannot answer one while a search runs.
    fn interrupter(&self, answers_beside: bool) -> Interrupter {
        let flags = self.search.flags();
        let abandon = self.abandon.clone();
        let background = self.background_running.clone();
        Arc::new(move |line: &str| {
            let (cmd, _) = split_command(line);
            if cmd == "?" {
                flags.stop();
            } else if abandons_search(cmd) {
                abandon.store(true, Ordering::SeqCst);
                flags.stop();
            } else if background.load(Ordering::SeqCst)
                && (!answers_beside || !runs_beside_search(cmd))
            {
                flags.stop();
            }
        })
    }
}

impl Engine {
    /// The adapter, its lines going to `link`; `start_override` replaces
    /// the start position of every variant it fits.
    pub fn new(set: &'static VariantSet, start_override: Option<String>, link: Link) -> Engine {
        Engine {
            session: Session::new(set, start_override),
            search: SearchControl::new(options::DEFAULT_HASH_MB as usize, link.checkpoint.clone()),
            engine_side: Some(Color::Black),
            control: Control::default(),
            depth_limit: None,
            settings: Settings {
                post: false,
                ponder: false,
                my_time_ms: 300_000,
            },
            pending_legs: String::new(),
            abandon: Arc::new(AtomicBool::new(false)),
            analyzing: false,
            background_searches: 0,
            background: None,
            background_running: Arc::new(AtomicBool::new(false)),
            entry: None,
            link,
        }
    }

    /// Analyse the position (printing thinking output), or think on the
    /// opponent's time (filling the transposition table for the positions
    /// after the opponent's replies; the result is dropped), while the
    /// commands that `runs_beside_search` names are answered beside it.
    /// The table keeps what was found for the search that follows it.
    fn start_background(&mut self) {
        self.background_searches += 1;
        let id = self.background_searches;
        let analyzing = self.analyzing;
        let limits = self.session.limits(None, None);
        let stat = Arc::new(Mutex::new(Stat::default()));
        let report = {
            let (out, stat) = (self.link.out.clone(), stat.clone());
            Box::new(move |info: &Info| {
                if analyzing {
                    *stat.lock().unwrap_or_else(|e| e.into_inner()) = Stat {
                        centiseconds: info.elapsed_ms / 10,
                        nodes: info.nodes,
                        depth: info.depth,
                    };
                    out(&thinking_line(info));
                }
            })
        };
        let finished = self.link.finished.clone();
        self.session.configure(&mut self.search);
        self.background = Some(Background {
            id,
            analyzing,
            started: Instant::now(),
            stat,
            ended: false,
        });
        self.background_running.store(true, Ordering::SeqCst);
        let pos = self.session.position().clone();
        self.search
            .start(pos, limits, report, Box::new(move || finished(id)));
    }

    /// Stop the background search and wait for it.
    fn stop_background(&mut self) {
        if self.background.take().is_some() {
            self.search.stop();
            self.search.wait();
            self.background_running.store(false, Ordering::SeqCst);
        }
    }

    /// `hint`: the reply the last search expected, else the best move a
    /// short search finds for the side to move.
    fn hint(&mut self) {
        if self.session.is_over() {
            return;
        }
        let expected = self
            .session
            .expected_reply
            .filter(|m| self.session.legal_moves().contains(m));
        let mv = expected.or_else(|| {
            let budget = time::Budget {
                soft: HINT_TIME,
                hard: HINT_TIME,
            };
            let limits = self.session.limits(None, Some(budget));
            let mut pos = self.session.position().clone();
            self.session.configure(&mut self.search);
            self.search.think(&mut pos, limits, &mut |_| {}).best
        });
        if let Some(mv) = mv {
            self.say(&format!("Hint: {}", mv.cecp_text()));
        }
    }

    /// `exclude MOVE` / `include MOVE` / `exclude all` / `include all`.
    fn exclude(&mut self, arg: &str, exclude: bool) {
        if arg == "all" {
            self.session.excluded = if exclude {
                self.session.legal_moves()
            } else {
                Vec::new()
            };
            return;
        }
        match parse_move(self.session.position(), arg) {
            Ok(mv) => {
                self.session.excluded.retain(|&m| m != mv);
                if exclude {
                    self.session.excluded.push(mv);
                }
            }
            Err(e) => self.say(&format!("Error ({e}): {arg}")),
        }
    }

    /// Handle one command line, and nothing more (the engine does not
    /// move: `respond`); false on `quit`. Tests and fuzzers drive the
    /// adapter this way.
    pub fn command(&mut self, line: &str) -> bool {
        let line = line.trim();
        let (cmd, arg) = split_command(line);
        if cmd == "?" || abandons_search(cmd) {
            // The reader raised the stop flag for this command; it has done
            // its work (or there was no search to stop) once we get here. A
            // `?` read while an earlier command is still being handled stops
            // the search that command starts; a `?` handled with no search
            // running is spent, as CECP intends.
            self.search.lower_stop();
            self.abandon.store(false, Ordering::SeqCst);
        }
        if runs_beside_search(cmd) {
            // No analysis is running for `.` to report on: `handle`
            // answers it while one runs.
            handle_beside_search(&mut self.settings, &*self.link.out, cmd, arg, None);
            return true;
        }
        match cmd {
            "quit" => {
                self.stop_background();
                return false;
            }
            "help" => {
                for line in HELP {
                    self.say(line);
                }
                let names: Vec<&str> = self
                    .session
                    .set
                    .variants
                    .iter()
                    .map(|v| v.name.as_str())
                    .collect();
                self.say(&format!("# Variants: {}", names.join(", ")));
            }
            "analyze" => {
                self.analyzing = true;
                self.engine_side = None;
            }
            "exit" => self.analyzing = false,
            "exclude" => self.exclude(arg, true),
            "include" => self.exclude(arg, false),
            "hint" => self.hint(),
            "lift" => self.lift(arg),
            "put" => self.put(arg),
            "hover" => self.hover(arg),
            "draw" => {
                if self.session.accepts_draw() {
                    self.say("offer draw");
                }
            }
            "bk" => {}
            // Kyodai's own: the game's position as the engine has it (a
            // move's burns and contagion included), for a GUI that cannot
            // work them out itself.
            "fen" => {
                let fen = self.session.position().fen();
                self.say(&format!("fen {fen}"));
            }
            "protover" => self.features(),
            "new" => {
                let chu = self.session.find_variant("chu");
                let v = chu.unwrap_or(&self.session.set.variants[0]);
                self.new_game(v);
                self.engine_side = Some(Color::Black);
                self.depth_limit = None;
                self.search.searcher().clear();
            }
            "variant" => match self.session.find_variant(arg) {
                Some(v) => {
                    let fen = self.new_game(v);
                    if !v.native {
                        for line in setup_lines(v, &fen) {
                            self.say(&line);
                        }
                    }
                }
                None => self.say(&format!("Error (unsupported variant): {arg}")),
            },
            "force" => self.engine_side = None,
            "go" => self.engine_side = Some(self.session.position().side()),
            "playother" => self.engine_side = Some(self.session.position().side().flip()),
            "white" | "black" => {}
            "usermove" => self.user_move(arg),
            "level" => match parse_level(arg) {
                Some(c) => self.control = c,
                None => self.say(&format!("Error (bad level): {arg}")),
            },
            "st" => match arg.parse::<f64>() {
                Ok(s) if s > 0.0 && s.is_finite() => {
                    self.control = Control::PerMove {
                        ms: (s * 1000.0) as u64,
                    }
                }
                _ => self.say(&format!("Error (bad time): {arg}")),
            },
            "sd" => match arg.parse::<u32>() {
                Ok(d) if (1..=MAX_DEPTH).contains(&d) => self.depth_limit = Some(d),
                _ => self.say(&format!("Error (depth must be 1 to {MAX_DEPTH}): {arg}")),
            },
            "?" => {}
            "setboard" => match self.session.set_fen(arg) {
                Ok(()) => self.entry_reset(),
                // XBoard shows this to the user; the game goes on as it was.
                Err(e) => self.say(&format!("tellusererror Illegal position: {e}")),
            },
            "undo" => self.take_back(1),
            "remove" => self.take_back(2),
            "result" => {
                self.session.end();
                self.engine_side = None;
            }
            "option" => self.set_option(arg),
            "cores" => match arg.parse::<usize>() {
                Ok(n) if (1..=MAX_THREADS).contains(&n) => self.session.config.threads = n,
                _ => self.say(&format!("Error (cores must be 1 to {MAX_THREADS}): {arg}")),
            },
            "memory" => match arg.parse::<usize>() {
                Ok(mb) if (1..=MAX_HASH_MB as usize).contains(&mb) => {
                    if let Err(e) = self.search.searcher().resize(mb) {
                        self.say(&format!("Error (cannot allocate {mb} MB): {e}"));
                    }
                }
                _ => self.say(&format!(
                    "Error (memory must be 1 to {MAX_HASH_MB} MB): {arg}"
                )),
            },
            _ => {
                // Protocol version 1 GUIs send bare moves.
                if looks_like_move(line) {
                    self.user_move(line);
                } else {
                    self.say(&format!("Error (unknown command): {cmd}"));
                }
            }
        }
        true
    }

    /// The answer to `protover 2`: `done=0` first, so that a GUI waits
    /// for `done=1` however long the rest takes, then the features and
    /// the options, then `done=1`.
    fn features(&mut self) {
        self.say("feature done=0");
        let names: Vec<&str> = self
            .session
            .set
            .variants
            .iter()
            .map(|v| v.name.as_str())
            .collect();
        self.say(&format!(
            "feature ping=1 setboard=1 usermove=1 memory=1 smp=1 exclude=1 highlight=1 sigint=0 sigterm=0 colors=0 draw=1 analyze=1 \
             myname=\"{NAME}\" variants=\"{}\"",
            names.join(",")
        ));
        for spec in options::SPECS {
            let Some(name) = spec.cecp else { continue };
            let kind = match spec.kind {
                Kind::Check { default } => format!("-check {}", u8::from(default)),
                Kind::Spin { default, min, max } => format!("-spin {default} {min} {max}"),
                Kind::Combo { default, choices } => {
                    let marked: Vec<String> = choices
                        .iter()
                        .map(|c| {
                            if *c == default {
                                format!("*{c}")
                            } else {
                                c.to_string()
                            }
                        })
                        .collect();
                    format!("-combo {}", marked.join(" /// "))
                }
            };
            self.say(&format!("feature option=\"{name} {kind}\""));
        }
        for v in self
            .session
            .set
            .variants
            .iter()
            .filter(|v| !v.layouts.is_empty())
        {
            let names: Vec<String> = v.layouts.iter().map(|l| l.name.clone()).collect();
            self.say(&format!(
                "feature option=\"{}{LAYOUT_OPTION_SUFFIX} -combo *{}\"",
                v.title,
                names.join(" /// ")
            ));
        }
        self.say("feature done=1");
    }

    /// `option NAME=VALUE` for the options announced in `features`.
    fn set_option(&mut self, arg: &str) {
        let Some((name, value)) = arg.split_once('=') else {
            self.say(&format!("Error (unknown option): {arg}"));
            return;
        };
        if let Some(spec) = options::find(name, false) {
            match options::parse(spec, value) {
                Ok(v) => self.session.set_option(spec.opt, &v),
                Err(e) => self.say(&format!("Error ({e}): {arg}")),
            }
            return;
        }
        let Some(title) = name.strip_suffix(LAYOUT_OPTION_SUFFIX) else {
            self.say(&format!("Error (unknown option): {arg}"));
            return;
        };
        let variant = self.session.set.variants.iter().find(|v| v.title == title);
        let choice = variant.and_then(|v| {
            let i = v.layouts.iter().position(|l| l.name == value.trim())?;
            Some((v.name.clone(), i))
        });
        match choice {
            // The first layout is the rules' start position: choosing it
            // is choosing nothing, so that the start position rules
            // (HaChu's own, --start-fen) still apply.
            Some((variant, 0)) => {
                self.session.layouts.remove(&variant);
            }
            Some((variant, i)) => {
                self.session.layouts.insert(variant, i);
            }
            None => self.say(&format!("Error (unknown layout): {arg}")),
        }
    }

    /// A square named by the GUI, or an error said.
    fn square(&mut self, cmd: &str, arg: &str) -> Option<Square> {
        let v = self.session.variant();
        // `put e5,`: XBoard adds the comma when Ctrl is held.
        match Square::parse_prefix(arg.trim().trim_end_matches(','), v.width, v.height) {
            Some((sq, "")) => Some(sq),
            _ => {
                self.say(&format!("Error (bad square): {cmd} {arg}"));
                None
            }
        }
    }

    /// The highlight for the next click of the move being entered; no
    /// square is marked for a piece that may not move now.
    fn send_highlight(&mut self, extra: &[(Square, char)]) {
        let pos = self.session.position();
        let movable = !self.session.is_over()
            && self.entry.as_ref().is_some_and(|e| {
                pos.piece_at(e.from)
                    .is_some_and(|p| p.color() == pos.side())
            });
        let marks = match &self.entry {
            Some(e) if movable => highlight::markers(pos, e),
            _ => Vec::new(),
        };
        let fen = highlight::colour_fen(pos, &marks, extra);
        self.say(&format!("highlight {fen}"));
    }

    /// `lift SQ`: the user picked up the piece on SQ, or (right after a
    /// `put` on a cyan square) goes on from there.
    fn lift(&mut self, arg: &str) {
        let Some(sq) = self.square("lift", arg) else {
            return;
        };
        let goes_on = self
            .entry
            .as_ref()
            .is_some_and(|e| e.legs.last() == Some(&sq));
        if !goes_on {
            self.entry = Some(Entry {
                from: sq,
                legs: Vec::new(),
            });
        }
        self.send_highlight(&[]);
    }

    /// `put SQ`: the user dropped the piece. On a cyan square the move goes
    /// on (XBoard sends `lift SQ` next); on a blue one the GUI waits for the
    /// promotion `choice`; elsewhere the move is complete.
    fn put(&mut self, arg: &str) {
        let Some(sq) = self.square("put", arg) else {
            return;
        };
        let Some(entry) = self.entry.as_mut() else {
            return;
        };
        if entry.legs.last() == Some(&sq) {
            // The same cyan square again: the move ends there.
            self.entry = None;
            return;
        }
        let marker = highlight::markers(self.session.position(), entry)
            .into_iter()
            .find(|(s, _)| *s == sq)
            .map(|(_, m)| m);
        match marker {
            Some(Marker::Leg) => entry.legs.push(sq),
            Some(Marker::ForcedPromotion) => self.say("choice +"),
            _ => self.entry = None,
        }
    }

    /// `hover SQ` over a red or magenta square: mark (green, not legal) the
    /// pieces the move ending there removes besides the one on SQ (burns).
    fn hover(&mut self, arg: &str) {
        let Some(sq) = self.square("hover", arg) else {
            return;
        };
        let Some(entry) = &self.entry else {
            return;
        };
        let victims = highlight::victims(self.session.position(), entry, sq);
        if !victims.is_empty() {
            let extra: Vec<(Square, char)> = victims.into_iter().map(|s| (s, 'g')).collect();
            self.send_highlight(&extra);
        }
    }

    fn say(&mut self, line: &str) {
        (self.link.out)(line);
    }

    /// The game's current position.
    pub fn position(&self) -> &Position {
        self.session.position()
    }

    /// Whether the game has ended (a result was claimed or received).
    pub fn is_game_over(&self) -> bool {
        self.session.is_over()
    }

    /// Start a game of `v` from its start position; returns its FEN.
    fn new_game(&mut self, v: &'static Variant) -> String {
        let fen = self.session.new_game(v);
        self.entry_reset();
        fen
    }

    /// A new position: no move is being entered.
    fn entry_reset(&mut self) {
        self.entry = None;
        self.pending_legs.clear();
    }

    fn take_back(&mut self, plies: usize) {
        self.entry = None;
        if !self.session.take_back(plies) {
            self.say("Error (no move to undo): undo");
        }
    }

    fn user_move(&mut self, text: &str) {
        let text = text.trim();
        if text.ends_with(',') {
            // The first leg(s) of a move sent one leg per line.
            self.pending_legs.push_str(text);
            return;
        }
        let full = std::mem::take(&mut self.pending_legs) + text;
        self.entry = None;
        let text = rank_16_origin(self.session.variant(), &full);
        match self.session.play_text(text.as_deref().unwrap_or(&full)) {
            Err(e) => self.say(&format!("Illegal move ({e}): {full}")),
            Ok(ending) => self.claim(ending),
        }
    }

    /// Claim the result if the game has ended.
    fn claim(&mut self, ending: Option<Ending>) {
        if let Some(end) = ending {
            self.say(&format!("{} {{{end}}}", end.result()));
        }
    }

    /// Search and play a move if it is the engine's turn (called after
    /// every command).
    pub fn respond(&mut self) {
        let side = self.session.position().side();
        if self.session.is_over() || self.engine_side != Some(side) {
            return;
        }
        let budget = self
            .session
            .budget(self.control, self.settings.my_time_ms, true);
        let limits = self.session.limits(self.depth_limit, Some(budget));
        let post = self.settings.post;
        let mut expected = None;
        let out = self.link.out.clone();
        let mut report = |info: &Info| {
            if info.multipv == 1 {
                expected = info.pv.get(1).copied();
            }
            if post {
                out(&thinking_line(info));
            }
        };
        let outcome = self.session.think(&mut self.search, limits, &mut report);
        if self.abandon.load(Ordering::SeqCst) {
            return;
        }
        match self.session.decide(&outcome, expected) {
            Decision::NoMove(ending) => self.claim(ending),
            Decision::Resign => {
                self.say("resign");
                self.engine_side = None;
            }
            Decision::Play(mv, ending) => {
                self.say(&format!("move {}", mv.cecp_text()));
                self.claim(ending);
            }
        }
    }
}

/// A thinking-output line: `depth score centiseconds nodes pv`.
fn thinking_line(info: &Info) -> String {
    let pv: Vec<String> = info.pv.iter().map(|m| m.to_string()).collect();
    format!(
        "{} {} {} {} {}",
        info.depth,
        info.score,
        info.elapsed_ms / 10,
        info.nodes,
        pv.join(" ")
    )
}

/// The `setup` and `piece` lines that teach XBoard a variant it does not
/// know: each piece type sits in its XBoard slot (`slot=` in engine.ini),
/// written `^X` if it is the promoted form of `X` and `*X` if it promotes
/// to a type other than `+X` (which must then be the Tokin slot's `^P`);
/// the King's slot is the last token (the 65th, or the 66th when slot 64
/// is used). Then one `piece` line per type that
/// has an XBetza description.
pub fn setup_lines(v: &Variant, start_fen: &str) -> Vec<String> {
    let mut slots: [Option<&PieceType>; 66] = [None; 66];
    for p in &v.pieces {
        if let Some(s) = p.slot {
            slots[s as usize] = Some(p);
        }
    }
    let name = |p: &PieceType| {
        if p.promoted {
            format!("^{}", p.token.trim_start_matches('+'))
        } else {
            match p.promotes_to.map(|k| &v.piece(k).token) {
                Some(to) if to.trim_start_matches('+') != p.token => format!("*{}", p.token),
                _ => p.token.clone(),
            }
        }
    };
    // XBoard fills its slots in order and takes the last token of each
    // half as the King; slot 64 is written only when a piece uses it.
    let last = if slots[64].is_some() { 65 } else { 64 };
    let white: String = (0..last)
        .chain([65])
        .map(|s| slots[s].map_or_else(|| ".".to_string(), name))
        .collect();
    let mut lines = vec![format!(
        "setup ({white}{}) {}x{}+0_chu {}",
        white.to_ascii_lowercase(),
        v.width,
        v.height,
        start_fen
    )];
    lines.extend(
        v.pieces
            .iter()
            .filter(|p| !p.xbetza.is_empty() && p.xbetza != "-")
            .map(|p| format!("piece {}& {}", p.token, p.xbetza)),
    );
    lines
}

/// XBoard 4.9.1 writes rank 16 as `@` internally, so it takes a move from
/// rank 16 for a drop: `k16j15` reaches the engine as `K@j15` (the origin's
/// file letter, `@`, the destination). On a board with 16 ranks, in
/// variants without drops, read it back as the move from rank 16 of that
/// file. (XBoard also loses such a move's promotion suffix and kill
/// squares, sends a move from a file whose letter is no piece letter as
/// `@@@@`, and its own board goes wrong; the engine's own moves avoid rank
/// 16 origins whenever they can: `movegen::interop_safe`.)
fn rank_16_origin(v: &Variant, text: &str) -> Option<String> {
    let (file, to) = text.split_once('@')?;
    let [letter] = file.as_bytes() else {
        return None;
    };
    let file = letter.to_ascii_lowercase();
    let inside = (file as usize).checked_sub(b'a' as usize)? < v.width;
    (v.height == 16 && inside && !to.is_empty()).then(|| format!("{}16{to}", file as char))
}

fn looks_like_move(s: &str) -> bool {
    let b = s.as_bytes();
    s == "@@@@"
        || (b.len() >= 4 && b[0].is_ascii_lowercase() && b[1].is_ascii_digit() && !s.contains(' '))
}

/// `level MPS BASE INC`, BASE in minutes or `min:sec`, INC in seconds.
fn parse_level(arg: &str) -> Option<Control> {
    let f: Vec<&str> = arg.split_whitespace().collect();
    if f.len() != 3 {
        return None;
    }
    let moves_per_session = f[0].parse::<u32>().ok()?;
    let base_ms = match f[1].split_once(':') {
        Some((m, s)) => m
            .parse::<u64>()
            .ok()?
            .saturating_mul(60_000)
            .saturating_add(s.parse::<u64>().ok()?.saturating_mul(1000)),
        // A float-to-integer cast saturates.
        None => {
            (f[1]
                .parse::<f64>()
                .ok()
                .filter(|x| x.is_finite() && *x >= 0.0)?
                * 60_000.0) as u64
        }
    };
    let inc = f[2]
        .parse::<f64>()
        .ok()
        .filter(|x| x.is_finite() && *x >= 0.0)?;
    Some(Control::Level {
        moves_per_session,
        base_ms,
        inc_ms: (inc * 1000.0) as u64,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels() {
        assert_eq!(
            parse_level("40 0:30 0"),
            Some(Control::Level {
                moves_per_session: 40,
                base_ms: 30_000,
                inc_ms: 0
            })
        );
        assert_eq!(
            parse_level("0 1 0.1"),
            Some(Control::Level {
                moves_per_session: 0,
                base_ms: 60_000,
                inc_ms: 100
            })
        );
        assert_eq!(parse_level("0 x 1"), None);
        assert_eq!(parse_level("0 1"), None);
        assert_eq!(parse_level("-1 1 1"), None);
    }
}
