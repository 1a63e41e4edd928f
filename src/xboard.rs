//! CECP (XBoard protocol version 2) on stdin/stdout.
//!
//! A reader thread forwards input lines over a channel and raises the stop
//! flag for commands that must interrupt the engine's own search (`?` plays
//! the best move found so far; `new`, `force`, `result`, `quit`, ...
//! abandon it). Every line is handled in order on the main thread, so
//! `pong` always follows the commands before its `ping`. A background
//! search (analysis, pondering) runs on a thread of its own, so that the
//! main thread answers the commands that leave it running (`.`, `ping`,
//! `time`, ...) while it goes on deepening; the first other command stops
//! it, and it restarts, if still wanted, once that command is handled.

use crate::board::Position;
use crate::game::{self, Ending, legal_moves};
use crate::highlight::{self, Entry, Marker};
use crate::movegen::parse_move;
use crate::moves::Move;
use crate::search::{Info, Limits, MATE, MAX_THREADS, Outcome, Searcher};
use crate::time::{self, Control};
use crate::types::{Color, Rng, Square};
use crate::variant::{PieceType, Variant, VariantSet};
use std::collections::HashMap;
use std::io::{BufRead, IsTerminal, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::time::Instant;

const NAME: &str = concat!("Kyodai ", env!("CARGO_PKG_VERSION"));
/// Check option: choose only moves HaChu 0.21 can follow when there is one
/// (`Searcher::root_moves`), and take its unpromoted captures where the
/// rules make them promote as played (`movegen::parse_move_as_played`),
/// for matches against it.
const HACHU_OPTION: &str = "HaChu compatible moves";
/// Spin option: centipawns a draw is worth less than nothing to the engine
/// (negative: it welcomes draws).
const CONTEMPT_OPTION: &str = "Contempt";
/// Spin option: resign once `RESIGN_MOVES` searches running have scored
/// the engine at least this many centipawns down (0: resign only when
/// every move loses the last royal at once).
const RESIGN_OPTION: &str = "Resign threshold";
const RESIGN_MOVES: u32 = 3;
/// How long `hint` searches when no reply was expected: long enough for
/// a sensible move, short enough not to hold up the GUI.
const HINT_TIME: std::time::Duration = std::time::Duration::from_millis(300);
/// A draw offer is accepted when the engine's last search scored its
/// position at least this much below even: two Pawns, a clear material
/// deficit that an even game does not show.
const DRAW_ACCEPT_LOSS: i32 = 200;
/// Spin option: the engine's first N moves of a game are chosen at random
/// among the moves a short search finds nearly as good as the best, so
/// that games between deterministic engines differ (matches). 0: off.
const RANDOM_OPTION: &str = "Random opening moves";
/// Depth and score margin (centipawns) of that choice: a Pawn's worth
/// stays out of the choice; placement differences stay in.
const RANDOM_DEPTH: u32 = 2;
const RANDOM_MARGIN: i32 = 30;
/// Combo option, one per variant with more than one start layout (the
/// rules leave the setup open): `"<variant title> layout"`.
const LAYOUT_OPTION_SUFFIX: &str = " layout";
/// Check option (default on): keep to moves XBoard 4.9.1 passes on and
/// judges correctly (`movegen::interop_safe`) whenever there is one. Off:
/// any legal move, for GUIs without those faults.
const XBOARD_SAFE_OPTION: &str = "XBoard-safe moves";
/// Check option (default off): the engine may play counter-strikes the
/// Okazaki rule allows (docs/rules/chu.md 5.4); it accepts them either way.
const OKAZAKI_OPTION: &str = "Okazaki rule";
/// Default transposition-table size before the GUI sends `memory`.
const DEFAULT_MEMORY_MB: usize = 64;
/// The largest `memory` taken (64 GiB): a bigger table is a typing error,
/// and trying to fill it could get the engine killed for lack of memory.
const MAX_MEMORY_MB: usize = 64 << 10;
/// The deepest `sd` taken: the search's own limit (search.rs: `MAX_PLY`
/// less 10 plies of quiescence room).
const MAX_DEPTH: u32 = 90;
/// What `run` tells a person who starts the engine at a terminal (on
/// stderr: stdout belongs to the protocol).
const TERMINAL_NOTICE: &str = "Kyodai speaks CECP (the XBoard protocol) and is meant to be run by a GUI \
     such as XBoard: xboard -fcp kyodai -variant chu. Type 'help' for its commands, 'quit' to leave.";
/// `help`: comment lines, which a GUI ignores.
const HELP: &[&str] = &[
    "# Kyodai speaks CECP (XBoard protocol 2). Commands:",
    "#   new, variant NAME, setboard FEN: start a game",
    "#   usermove MOVE (or MOVE alone, e.g. f4f5, f6f7,f7f8, c8c9+), undo, remove",
    "#   go (play the side to move), force (play neither), playother, ? (move now)",
    "#   level MOVES MINUTES INCREMENT, st SECONDS, sd DEPTH, time/otim CENTISECONDS",
    "#   analyze (think without moving; . shows progress), exit, hint",
    "#   exclude/include MOVE|all, post/nopost (thinking output), hard/easy (pondering)",
    "#   memory MB, cores N, option NAME=VALUE, ping N, quit",
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

/// What the main thread waits for while it serves the protocol.
enum Event {
    /// An input line.
    Line(String),
    /// Background search number `search` finished an iteration.
    Thinking {
        search: u64,
        line: String,
        stat: Stat,
    },
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
    out: &mut dyn Write,
    cmd: &str,
    arg: &str,
    stat: Option<Stat>,
) {
    match cmd {
        "." => {
            if let Some(s) = stat {
                let line = format!("stat01: {} {} {} 0 0", s.centiseconds, s.nodes, s.depth);
                emit(out, &line);
            }
        }
        "ping" => emit(out, &format!("pong {arg}")),
        "post" => settings.post = true,
        "nopost" => settings.post = false,
        "hard" => settings.ponder = true,
        "easy" => settings.ponder = false,
        "time" => match arg.parse::<i64>() {
            Ok(cs) => settings.my_time_ms = (cs.max(0) as u64).saturating_mul(10),
            Err(_) => emit(out, &format!("Error (bad time): {arg}")),
        },
        "otim" if arg.parse::<i64>().is_err() => emit(out, &format!("Error (bad time): {arg}")),
        // Information the engine has no use for (the opponent's clock too).
        _ => {}
    }
}

/// Write one protocol line and flush it.
fn emit(out: &mut dyn Write, line: &str) {
    // If the GUI has gone away there is nobody left to tell.
    let _ = writeln!(out, "{line}");
    let _ = out.flush();
}

pub struct Engine {
    set: &'static VariantSet,
    variant: &'static Variant,
    pos: Position,
    /// The side the engine plays; `None` in force mode.
    engine_side: Option<Color>,
    control: Control,
    depth_limit: Option<u32>,
    settings: Settings,
    game_over: bool,
    /// First legs of a move whose legs come on separate lines.
    pending_legs: String,
    searcher: Searcher,
    /// A FEN that replaces the start position of every variant it fits
    /// (`kyodai --start-fen`: handicaps, match openings). In the variants
    /// XBoard does not know it goes out in the `setup` line, so XBoard
    /// starts the game, and the other engine, from it.
    start_override: Option<String>,
    /// `RANDOM_OPTION`'s value, and the random source it draws from.
    random_moves: u32,
    rng: Rng,
    stop: Arc<AtomicBool>,
    /// Set with `stop` by commands after which the search's move is void.
    abandon: Arc<AtomicBool>,
    /// `analyze` mode: search the position, never move, until `exit`.
    analyzing: bool,
    /// Background searches started, which numbers their thinking lines.
    background_searches: u64,
    /// Root moves `exclude`d in this position.
    excluded: Vec<Move>,
    /// The reply the last search expected to the engine's move (`hint`).
    expected_reply: Option<Move>,
    /// The score of the engine's last search, for answering `draw`.
    last_score: Option<i32>,
    /// `RESIGN_OPTION`'s value, and how many searches running have scored
    /// the engine below it.
    resign_threshold: i32,
    losing_searches: u32,
    /// The start layout chosen per variant name (an index into its
    /// `layouts`); absent: the rules' start position.
    layouts: HashMap<String, usize>,
    /// The move the user is entering with the mouse (`lift`, `put`).
    entry: Option<Entry>,
    /// `OKAZAKI_OPTION`'s value, given to every position of the game.
    okazaki: bool,
    /// Where protocol lines go: stdout, or a test's buffer.
    out: Box<dyn Write>,
}

impl Engine {
    pub fn new(set: &'static VariantSet, start_override: Option<String>) -> Engine {
        Engine::with_output(set, start_override, Box::new(std::io::stdout()))
    }

    /// An engine that writes its protocol lines to `out` (tests drive it
    /// line by line with `handle` and `respond`).
    pub fn with_output(
        set: &'static VariantSet,
        start_override: Option<String>,
        out: Box<dyn Write>,
    ) -> Engine {
        let variant = set.find("chu").unwrap_or(&set.variants[0]);
        let stop = Arc::new(AtomicBool::new(false));
        Engine {
            set,
            variant,
            pos: Position::start(variant),
            engine_side: Some(Color::Black),
            control: Control::default(),
            depth_limit: None,
            settings: Settings {
                post: false,
                ponder: false,
                my_time_ms: 300_000,
            },
            game_over: false,
            pending_legs: String::new(),
            searcher: Searcher::new(DEFAULT_MEMORY_MB, stop.clone()),
            start_override,
            random_moves: 0,
            // Seeded from the clock: every game is meant to differ.
            rng: Rng::new(
                std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .map_or(1, |d| d.as_nanos() as u64),
            ),
            stop,
            abandon: Arc::new(AtomicBool::new(false)),
            analyzing: false,
            background_searches: 0,
            excluded: Vec::new(),
            expected_reply: None,
            last_score: None,
            resign_threshold: 0,
            losing_searches: 0,
            layouts: HashMap::new(),
            okazaki: false,
            entry: None,
            out,
        }
    }

    /// Run the protocol until `quit` or end of input.
    pub fn run(mut self) {
        if std::io::stdin().is_terminal() {
            // Nothing to do if stderr is gone too.
            let _ = writeln!(std::io::stderr(), "{TERMINAL_NOTICE}");
        }
        let (tx, rx) = channel::<Event>();
        let lines = tx.clone();
        let stop = self.stop.clone();
        let abandon = self.abandon.clone();
        std::thread::spawn(move || {
            let mut stdin = std::io::stdin().lock();
            let mut bytes = Vec::new();
            loop {
                bytes.clear();
                match stdin.read_until(b'\n', &mut bytes) {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {}
                }
                // Bytes that are not UTF-8 become U+FFFD, and the command
                // they are in is then refused like any other bad line.
                let line = String::from_utf8_lossy(&bytes)
                    .trim_end_matches(['\n', '\r'])
                    .to_string();
                let (cmd, _) = split_command(&line);
                if cmd == "?" {
                    stop.store(true, Ordering::SeqCst);
                } else if abandons_search(cmd) {
                    abandon.store(true, Ordering::SeqCst);
                    stop.store(true, Ordering::SeqCst);
                }
                if lines.send(Event::Line(line)).is_err() {
                    return;
                }
            }
            let _ = lines.send(Event::Line("quit".to_string()));
        });
        self.serve(&tx, &rx);
    }

    fn serve(&mut self, events: &Sender<Event>, rx: &Receiver<Event>) {
        let mut next = None;
        loop {
            let line = match next.take() {
                Some(line) => line,
                None => match rx.recv() {
                    Ok(Event::Line(line)) => line,
                    // From a background search that has been stopped.
                    Ok(Event::Thinking { .. }) => continue,
                    Err(_) => return,
                },
            };
            log::debug!("< {line}");
            if !self.handle(&line) {
                return;
            }
            self.respond();
            let ponders = self.settings.ponder
                && !self.game_over
                && self.engine_side == Some(self.pos.side().flip());
            if (self.analyzing && !self.game_over) || ponders {
                match self.background(events, rx) {
                    Some(line) => next = Some(line),
                    None => return,
                }
            }
        }
    }

    /// Analyse the position (printing thinking output), or think on the
    /// opponent's time (filling the transposition table for the positions
    /// after the opponent's replies; the result is dropped), on a thread of
    /// its own, while the commands that `runs_beside_search` names are
    /// handled here. Returns the first other line, once the search has
    /// stopped (`None`: the input has ended); the table keeps what was
    /// found for the search that follows it.
    fn background(&mut self, events: &Sender<Event>, rx: &Receiver<Event>) -> Option<String> {
        self.background_searches += 1;
        let id = self.background_searches;
        let analyzing = self.analyzing;
        let limits = Limits {
            excluded: self.excluded.clone(),
            ..Limits::default()
        };
        let tx = events.clone();
        let mut report = move |info: &Info| {
            if analyzing {
                let stat = Stat {
                    centiseconds: info.elapsed_cs,
                    nodes: info.nodes,
                    depth: info.depth,
                };
                let line = thinking_line(info);
                // The main thread only goes away at `quit`, which stops
                // the search first.
                let _ = tx.send(Event::Thinking {
                    search: id,
                    line,
                    stat,
                });
            }
        };
        let stop = self.stop.clone();
        stop.store(false, Ordering::SeqCst);
        let started = Instant::now();
        let mut stat = Stat::default();
        let (searcher, pos) = (&mut self.searcher, &mut self.pos);
        let next = std::thread::scope(|scope| {
            let search = scope.spawn(move || {
                searcher.think(pos, limits, &mut report);
            });
            let next = loop {
                let line = match rx.recv() {
                    Err(_) => break None,
                    Ok(Event::Thinking {
                        search,
                        line,
                        stat: now,
                    }) => {
                        // An earlier search's output ended with the line
                        // that stopped it.
                        if search == id {
                            emit(&mut *self.out, &line);
                            stat = now;
                        }
                        continue;
                    }
                    Ok(Event::Line(line)) => line,
                };
                let (cmd, arg) = split_command(&line);
                // `easy` turns pondering off.
                if !runs_beside_search(cmd) || (cmd == "easy" && !analyzing) {
                    break Some(line);
                }
                log::debug!("< {line}");
                // A search that has ended (a forced mate found) took as
                // long as its last iteration.
                let progress = if search.is_finished() {
                    stat
                } else {
                    Stat {
                        centiseconds: started.elapsed().as_millis() as u64 / 10,
                        ..stat
                    }
                };
                let progress = analyzing.then_some(progress);
                handle_beside_search(&mut self.settings, &mut *self.out, cmd, arg, progress);
            };
            stop.store(true, Ordering::SeqCst);
            next
        });
        // The stop and abandon flags raised for the line that stopped the
        // search are spent.
        self.stop.store(false, Ordering::SeqCst);
        self.abandon.store(false, Ordering::SeqCst);
        next
    }

    /// `hint`: the reply the last search expected, else the best move a
    /// short search finds for the side to move.
    fn hint(&mut self) {
        if self.game_over {
            return;
        }
        let expected = self
            .expected_reply
            .filter(|m| legal_moves(&mut self.pos).contains(m));
        let mv = expected.or_else(|| {
            let limits = Limits {
                budget: Some(time::Budget {
                    soft: HINT_TIME,
                    hard: HINT_TIME,
                }),
                ..Limits::default()
            };
            self.searcher.think(&mut self.pos, limits, &mut |_| {}).best
        });
        if let Some(mv) = mv {
            self.say(&format!("Hint: {}", mv.cecp_text()));
        }
    }

    /// `exclude MOVE` / `include MOVE` / `exclude all` / `include all`.
    fn exclude(&mut self, arg: &str, exclude: bool) {
        if arg == "all" {
            self.excluded = if exclude {
                legal_moves(&mut self.pos)
            } else {
                Vec::new()
            };
            return;
        }
        match parse_move(&self.pos, arg) {
            Ok(mv) => {
                self.excluded.retain(|&m| m != mv);
                if exclude {
                    self.excluded.push(mv);
                }
            }
            Err(e) => self.say(&format!("Error ({e}): {arg}")),
        }
    }

    /// Handle one command line; false on `quit`.
    pub fn handle(&mut self, line: &str) -> bool {
        let line = line.trim();
        let (cmd, arg) = split_command(line);
        if cmd == "?" || abandons_search(cmd) {
            // The reader raised the stop flag for this command; it has done
            // its work (or there was no search to stop) once we get here. A
            // `?` read while an earlier command is still being handled stops
            // the search that command starts; a `?` handled with no search
            // running is spent, as CECP intends.
            self.stop.store(false, Ordering::SeqCst);
            self.abandon.store(false, Ordering::SeqCst);
        }
        if runs_beside_search(cmd) {
            // No analysis is running for `.` to report on: `background`
            // answers it while one runs.
            handle_beside_search(&mut self.settings, &mut *self.out, cmd, arg, None);
            return true;
        }
        match cmd {
            "quit" => return false,
            "help" => {
                for line in HELP {
                    self.say(line);
                }
                let names: Vec<&str> = self.set.variants.iter().map(|v| v.name.as_str()).collect();
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
                // Accepted only when the engine's own search finds it is
                // losing; an even game is played on.
                if self.last_score.is_some_and(|s| s <= -DRAW_ACCEPT_LOSS) && !self.game_over {
                    self.say("offer draw");
                }
            }
            "bk" => {}
            "protover" => self.features(),
            "new" => {
                self.variant = self.set.find("chu").unwrap_or(&self.set.variants[0]);
                self.reset(Position::start(self.variant));
                self.engine_side = Some(Color::Black);
                self.depth_limit = None;
                self.searcher.clear();
            }
            "variant" => match self.set.find(arg) {
                Some(v) => {
                    self.variant = v;
                    // The start position option if it fits this variant;
                    // else, against HaChu, its own start position where it
                    // differs (it can crash on the rules' one). The built-in
                    // positions were checked when the data was loaded.
                    let chosen = self
                        .start_override
                        .as_ref()
                        .and_then(|f| Position::from_fen(v, f).ok().map(|p| (p, f)));
                    let layout = self.layouts.get(&v.name).and_then(|&i| v.layouts.get(i));
                    let (pos, fen) = chosen.unwrap_or_else(|| {
                        let hachu_fen = v
                            .hachu_start_fen
                            .as_ref()
                            .filter(|_| self.searcher.hachu_compatible);
                        let fen = match layout {
                            Some(l) => &l.fen,
                            None => hachu_fen.unwrap_or(&v.start_fen),
                        };
                        let pos = Position::from_fen(v, fen).unwrap_or_else(|_| Position::start(v));
                        (pos, fen)
                    });
                    let lines = if v.native {
                        Vec::new()
                    } else {
                        setup_lines(v, fen)
                    };
                    self.reset(pos);
                    for line in lines {
                        self.say(&line);
                    }
                }
                None => self.say(&format!("Error (unsupported variant): {arg}")),
            },
            "force" => self.engine_side = None,
            "go" => self.engine_side = Some(self.pos.side()),
            "playother" => self.engine_side = Some(self.pos.side().flip()),
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
            "setboard" => match Position::from_fen(self.variant, arg) {
                Ok(p) => self.reset(p),
                // XBoard shows this to the user; the game goes on as it was.
                Err(e) => self.say(&format!("tellusererror Illegal position: {e}")),
            },
            "undo" => self.take_back(1),
            "remove" => self.take_back(2),
            "result" => {
                self.game_over = true;
                self.engine_side = None;
            }
            "option" => self.set_option(arg),
            "cores" => match arg.parse::<usize>() {
                Ok(n) if (1..=MAX_THREADS).contains(&n) => self.searcher.set_threads(n),
                _ => self.say(&format!("Error (cores must be 1 to {MAX_THREADS}): {arg}")),
            },
            "memory" => match arg.parse::<usize>() {
                Ok(mb) if (1..=MAX_MEMORY_MB).contains(&mb) => {
                    if let Err(e) = self.searcher.resize(mb) {
                        self.say(&format!("Error (cannot allocate {mb} MB): {e}"));
                    }
                }
                _ => self.say(&format!(
                    "Error (memory must be 1 to {MAX_MEMORY_MB} MB): {arg}"
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

    fn features(&mut self) {
        let names: Vec<&str> = self.set.variants.iter().map(|v| v.name.as_str()).collect();
        self.say(&format!(
            "feature ping=1 setboard=1 usermove=1 memory=1 smp=1 exclude=1 highlight=1 sigint=0 sigterm=0 colors=0 draw=1 analyze=1 \
             myname=\"{NAME}\" variants=\"{}\"",
            names.join(",")
        ));
        self.say(&format!("feature option=\"{HACHU_OPTION} -check 0\""));
        self.say(&format!("feature option=\"{RANDOM_OPTION} -spin 0 0 50\""));
        self.say(&format!(
            "feature option=\"{CONTEMPT_OPTION} -spin 0 -1000 1000\""
        ));
        self.say(&format!(
            "feature option=\"{RESIGN_OPTION} -spin 0 0 10000\""
        ));
        self.say(&format!("feature option=\"{XBOARD_SAFE_OPTION} -check 1\""));
        self.say(&format!("feature option=\"{OKAZAKI_OPTION} -check 0\""));
        for v in self.set.variants.iter().filter(|v| !v.layouts.is_empty()) {
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
        match arg.split_once('=') {
            Some((HACHU_OPTION, v @ ("0" | "1"))) => self.searcher.hachu_compatible = v == "1",
            Some((RANDOM_OPTION, v)) => match v.trim().parse::<u32>() {
                Ok(n) if n <= 50 => self.random_moves = n,
                _ => self.say(&format!("Error (bad value, 0 to 50): {arg}")),
            },
            Some((CONTEMPT_OPTION, v)) => match v.trim().parse::<i32>() {
                Ok(n) if n.abs() <= 1000 => self.searcher.contempt = n,
                _ => self.say(&format!("Error (bad value, -1000 to 1000): {arg}")),
            },
            Some((RESIGN_OPTION, v)) => match v.trim().parse::<i32>() {
                Ok(n) if (0..=10_000).contains(&n) => self.resign_threshold = n,
                _ => self.say(&format!("Error (bad value, 0 to 10000): {arg}")),
            },
            Some((XBOARD_SAFE_OPTION, v @ ("0" | "1"))) => self.searcher.xboard_safe = v == "1",
            Some((OKAZAKI_OPTION, v @ ("0" | "1"))) => {
                self.okazaki = v == "1";
                self.pos.set_okazaki(self.okazaki);
            }
            Some((name, value)) if name.ends_with(LAYOUT_OPTION_SUFFIX) => {
                let title = name.trim_end_matches(LAYOUT_OPTION_SUFFIX);
                let variant = self.set.variants.iter().find(|v| v.title == title);
                let choice = variant.and_then(|v| {
                    let i = v.layouts.iter().position(|l| l.name == value.trim())?;
                    Some((v.name.clone(), i))
                });
                match choice {
                    // The first layout is the rules' start position:
                    // choosing it is choosing nothing, so that the start
                    // position rules (HaChu's own, --start-fen) still apply.
                    Some((variant, 0)) => {
                        self.layouts.remove(&variant);
                    }
                    Some((variant, i)) => {
                        self.layouts.insert(variant, i);
                    }
                    None => self.say(&format!("Error (unknown layout): {arg}")),
                }
            }
            _ => self.say(&format!("Error (unknown option): {arg}")),
        }
    }

    /// A square named by the GUI, or an error said.
    fn square(&mut self, cmd: &str, arg: &str) -> Option<Square> {
        let v = self.pos.variant();
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
        let movable = !self.game_over
            && self.entry.as_ref().is_some_and(|e| {
                self.pos
                    .piece_at(e.from)
                    .is_some_and(|p| p.color() == self.pos.side())
            });
        let marks = match &self.entry {
            Some(e) if movable => highlight::markers(&self.pos, e),
            _ => Vec::new(),
        };
        let fen = highlight::colour_fen(&self.pos, &marks, extra);
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
        let marker = highlight::markers(&self.pos, entry)
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
        let victims = highlight::victims(&self.pos, entry, sq);
        if !victims.is_empty() {
            let extra: Vec<(Square, char)> = victims.into_iter().map(|s| (s, 'g')).collect();
            self.send_highlight(&extra);
        }
    }

    fn say(&mut self, line: &str) {
        emit(&mut self.out, line);
    }

    /// The game's current position.
    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// Whether the game has ended (a result was claimed or received).
    pub fn is_game_over(&self) -> bool {
        self.game_over
    }

    fn reset(&mut self, mut pos: Position) {
        pos.set_okazaki(self.okazaki);
        self.pos = pos;
        self.entry = None;
        self.game_over = false;
        self.pending_legs.clear();
        self.excluded.clear();
        self.expected_reply = None;
        self.last_score = None;
        self.losing_searches = 0;
    }

    fn take_back(&mut self, plies: usize) {
        self.entry = None;
        if self.pos.ply() < plies {
            self.say("Error (no move to undo): undo");
            return;
        }
        for _ in 0..plies {
            self.pos.unmake();
        }
        self.game_over = false;
        self.excluded.clear();
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
        if self.game_over {
            self.say(&format!("Illegal move (game is over): {full}"));
            return;
        }
        let text = rank_16_origin(self.pos.variant(), &full);
        let as_played = self.searcher.hachu_compatible;
        match game::play_text(&mut self.pos, text.as_deref().unwrap_or(&full), as_played) {
            Err(e) => self.say(&format!("Illegal move ({e}): {full}")),
            Ok((_, ending)) => {
                self.excluded.clear();
                self.claim(ending);
            }
        }
    }

    /// Claim the result if the game has ended.
    fn claim(&mut self, ending: Option<Ending>) {
        if let Some(end) = ending {
            self.game_over = true;
            self.say(&format!("{} {{{end}}}", end.result()));
        }
    }

    /// Search and play a move if it is the engine's turn (called after
    /// every command).
    pub fn respond(&mut self) {
        if self.game_over || self.engine_side != Some(self.pos.side()) {
            return;
        }
        let moves_played = (self.pos.ply() / 2) as u32;
        let limits = Limits {
            depth: self.depth_limit,
            budget: Some(time::budget(
                self.control,
                self.settings.my_time_ms,
                moves_played,
            )),
            excluded: self.excluded.clone(),
        };
        let post = self.settings.post;
        let mut expected = None;
        let out = &mut self.out;
        let mut report = |info: &Info| {
            expected = info.pv.get(1).copied();
            if post {
                emit(out, &thinking_line(info));
            }
        };
        let outcome = if moves_played < self.random_moves
            && let Some(mv) = self.searcher.varied_move(
                &mut self.pos,
                Limits {
                    depth: Some(RANDOM_DEPTH),
                    ..limits.clone()
                },
                RANDOM_MARGIN,
                &mut self.rng,
            ) {
            Outcome {
                best: Some(mv),
                ..Outcome::default()
            }
        } else {
            self.searcher.think(&mut self.pos, limits, &mut report)
        };
        if self.abandon.load(Ordering::SeqCst) {
            return;
        }
        let Some(mv) = outcome.best else {
            // No move at all: the game is lost; say so.
            let ending = game::ending(&mut self.pos, None);
            self.claim(ending);
            return;
        };
        let losing = self.resign_threshold > 0
            && outcome.depth >= 2
            && outcome.score <= -self.resign_threshold;
        self.losing_searches = if losing { self.losing_searches + 1 } else { 0 };
        if (outcome.score <= -MATE + 2 && outcome.depth >= 2)
            || self.losing_searches >= RESIGN_MOVES
        {
            // Every move loses the last royal at once, or the game has
            // been lost by the resign threshold for several moves.
            self.say("resign");
            self.game_over = true;
            self.engine_side = None;
            return;
        }
        self.expected_reply = expected;
        self.last_score = (outcome.depth > 0).then_some(outcome.score);
        let ending = game::play(&mut self.pos, mv);
        self.excluded.clear();
        self.say(&format!("move {}", mv.cecp_text()));
        self.claim(ending);
    }
}

/// A thinking-output line: `depth score centiseconds nodes pv`.
fn thinking_line(info: &Info) -> String {
    let pv: Vec<String> = info.pv.iter().map(|m| m.to_string()).collect();
    format!(
        "{} {} {} {} {}",
        info.depth,
        info.score,
        info.elapsed_cs,
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
