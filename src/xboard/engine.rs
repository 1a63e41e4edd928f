//! The CECP engine: its state, the commands that change the game, the
//! features it announces, and its moves.

use super::commands::{
    HELP, Settings, Stat, abandons_search, handle_beside_search, looks_like_move, parse_level,
    runs_beside_search, split_command, thinking_line,
};
use super::setup::{rank_16_origin, setup_lines};
use crate::board::Position;
use crate::clock::Instant;
use crate::engine::control::SearchControl;
use crate::engine::link::{Interrupter, Link, Protocol};
use crate::engine::options::{self, Kind, MAX_HASH_MB};
use crate::engine::session::{Decision, Session};
use crate::game::Ending;
use crate::highlight::Entry;
use crate::movegen::parse_move;
use crate::search::{Info, MAX_THREADS};
use crate::time::{self, Control};
use crate::types::Color;
use crate::variant::{Variant, VariantSet};
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
    pub(super) session: Session,
    search: SearchControl,
    /// The side the engine plays; `None` in force mode.
    engine_side: Option<Color>,
    control: Control,
    depth_limit: Option<u32>,
    settings: Settings,
    /// First legs of a move whose legs come on separate lines.
    pub(super) pending_legs: String,
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
    pub(super) entry: Option<Entry>,
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
                self.say(&format!("# Variants: {}", self.session.set.names()));
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

    pub(super) fn say(&mut self, line: &str) {
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
