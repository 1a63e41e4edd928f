//! An engine process seen from the GUI's side of CECP or USI: start it, feed it
//! lines, and read what it prints with a time stamp taken the moment a line
//! arrives (so the referee's clock charges an engine for its own thinking,
//! not for the runner's). Each process belongs to one game and is ended on
//! every path out of it: `quit` with a grace period, then kill (`Drop`).

use super::config::EngineConfig;
use once_cell::sync::Lazy;
use std::fs::OpenOptions;
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{RecvTimeoutError, Sender};
use std::time::{Duration, Instant};

/// The longest line read from an engine; the rest of a longer line is
/// dropped (a runaway engine must not exhaust memory).
const MAX_LINE: usize = 64 * 1024;
/// How long after its first reply to `protover 2` an engine that never
/// says `done=0` has to finish its features (the protocol's two seconds).
pub const FEATURE_TIMEOUT: Duration = Duration::from_secs(2);
/// How long an engine that has said nothing yet may take to start: on a
/// loaded machine (a match of 13 games at once on 2 cores starts 26
/// engines together) a process can take more than the protocol's two
/// seconds to print its first line, and its features would be lost. An
/// engine of protocol version 1, which never answers `protover`, costs
/// this long before its first game.
pub const FEATURE_TIMEOUT_SILENT: Duration = Duration::from_secs(10);
/// How long an engine that said `done=0` may take to say `done=1`.
pub const FEATURE_TIMEOUT_LONG: Duration = Duration::from_secs(3600);
/// How long an engine may take to answer `ping` before a game.
pub const PING_TIMEOUT: Duration = Duration::from_secs(30);
/// How long an engine has to exit after `quit` before it is killed.
const QUIT_GRACE: Duration = Duration::from_millis(1000);

/// The time the runner started, for `-debug` time stamps.
pub static START: Lazy<Instant> = Lazy::new(Instant::now);

/// What an engine's reader thread reports.
#[derive(Debug)]
pub enum Event {
    Line(String),
    /// Its stdout closed: it exited or crashed.
    Closed,
}

/// An event of the engine in `seat` (0 or 1 in its game), stamped on arrival.
#[derive(Debug)]
pub struct Message {
    pub seat: usize,
    pub at: Instant,
    pub event: Event,
}

/// What the engine told about itself with `feature`.
#[derive(Clone, Debug)]
pub struct Features {
    pub ping: bool,
    pub setboard: bool,
    pub usermove: bool,
    pub time: bool,
    pub memory: bool,
    pub smp: bool,
    pub myname: Option<String>,
    pub variants: Option<Vec<String>>,
    /// Names of the options it declared.
    pub options: Vec<String>,
}

impl Default for Features {
    /// What the protocol assumes of an engine that says nothing.
    fn default() -> Features {
        Features {
            ping: false,
            setboard: false,
            usermove: false,
            time: true,
            memory: false,
            smp: false,
            myname: None,
            variants: None,
            options: Vec::new(),
        }
    }
}

/// Split `feature a=1 b="x y"` into pairs; `None` for a malformed tail.
pub fn feature_pairs(args: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut rest = args.trim_start();
    while !rest.is_empty() {
        let Some(eq) = rest.find('=') else { break };
        let name = rest[..eq].trim().to_string();
        rest = &rest[eq + 1..];
        let value;
        if let Some(quoted) = rest.strip_prefix('"') {
            let end = quoted.find('"').unwrap_or(quoted.len());
            value = quoted[..end].to_string();
            rest = quoted.get(end + 1..).unwrap_or("");
        } else {
            let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
            value = rest[..end].to_string();
            rest = &rest[end..];
        }
        out.push((name, value));
        rest = rest.trim_start();
    }
    out
}

/// The name of a `feature option="NAME -type ..."` declaration.
fn option_name(decl: &str) -> Option<&str> {
    const TYPES: [&str; 9] = [
        " -check", " -spin", " -combo", " -string", " -button", " -save", " -reset", " -file",
        " -path",
    ];
    let end = TYPES.iter().filter_map(|t| decl.find(t)).min()?;
    Some(decl[..end].trim()).filter(|n| !n.is_empty())
}

impl Features {
    /// Take one `feature` pair; whether the runner accepts it.
    fn take(&mut self, name: &str, value: &str) -> bool {
        let on = value == "1";
        match name {
            "ping" => self.ping = on,
            "setboard" => self.setboard = on,
            "usermove" => self.usermove = on,
            "time" => self.time = on,
            "memory" => self.memory = on,
            "smp" => self.smp = on,
            "myname" => self.myname = Some(value.to_string()),
            "variants" => {
                self.variants = Some(value.split(',').map(|s| s.trim().to_string()).collect())
            }
            "option" => match option_name(value) {
                Some(n) => self.options.push(n.to_string()),
                None => return false,
            },
            // Coordinate notation only: the referee reads no SAN.
            "san" => return !on,
            // Known and harmless either way.
            "playother" | "draw" | "sigint" | "sigterm" | "reuse" | "analyze" | "colors"
            | "ics" | "name" | "pause" | "nps" | "debug" | "egt" | "exclude" | "setscore"
            | "highlight" | "done" => {}
            _ => return false,
        }
        true
    }
}

pub struct Engine {
    pub seat: usize,
    /// Name in the output: the configured name, else `myname`, else the
    /// command's file name.
    pub name: String,
    pub config: EngineConfig,
    pub features: Features,
    child: Child,
    stdin: Option<ChildStdin>,
    debug: bool,
    /// The game's number, for `-debug` lines.
    game: u64,
    next_ping: u32,
}

/// Read lines from an engine's stdout and send them on, stamped, until it
/// closes.
fn read_lines(seat: usize, out: impl Read, tx: Sender<Message>) {
    let mut reader = BufReader::new(out);
    let mut buf = Vec::new();
    loop {
        buf.clear();
        // A read error ends the engine's output like end of file.
        let n = (&mut reader)
            .take(MAX_LINE as u64)
            .read_until(b'\n', &mut buf)
            .unwrap_or(0);
        if n == 0 {
            let _ = tx.send(Message {
                seat,
                at: Instant::now(),
                event: Event::Closed,
            });
            return;
        }
        let at = Instant::now();
        if buf.last() != Some(&b'\n') && n == MAX_LINE {
            // Skip the rest of an overlong line.
            let mut skipped = Vec::new();
            let _ = reader.read_until(b'\n', &mut skipped);
        }
        let line = String::from_utf8_lossy(&buf)
            .trim_end_matches(['\n', '\r'])
            .to_string();
        if tx
            .send(Message {
                seat,
                at,
                event: Event::Line(line),
            })
            .is_err()
        {
            return;
        }
    }
}

impl Engine {
    /// Start the engine's process; its output goes to `tx` tagged `seat`.
    pub fn start(
        config: &EngineConfig,
        seat: usize,
        game: u64,
        debug: bool,
        tx: Sender<Message>,
    ) -> Result<Engine, String> {
        let mut cmd = Command::new(&config.command);
        cmd.args(&config.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped());
        match &config.stderr {
            Some(path) => {
                let file = OpenOptions::new()
                    .create(true)
                    .append(true)
                    .open(path)
                    .map_err(|e| format!("cannot open {}: {e}", path.display()))?;
                cmd.stderr(file);
            }
            None => {
                cmd.stderr(Stdio::null());
            }
        }
        if let Some(dir) = &config.dir {
            cmd.current_dir(dir);
        }
        let mut child = cmd
            .spawn()
            .map_err(|e| format!("cannot start engine '{}': {e}", config.command))?;
        let stdin = child.stdin.take();
        let stdout = child
            .stdout
            .take()
            .ok_or_else(|| format!("engine '{}' has no stdout", config.command))?;
        std::thread::spawn(move || read_lines(seat, stdout, tx));
        let file_name = std::path::Path::new(&config.command)
            .file_name()
            .map_or(config.command.clone(), |f| f.to_string_lossy().into_owned());
        Ok(Engine {
            seat,
            name: config.name.clone().unwrap_or(file_name),
            config: config.clone(),
            features: Features::default(),
            child,
            stdin,
            debug,
            game,
            next_ping: 1,
        })
    }

    /// Send one line; false if the engine no longer reads (it has exited).
    pub fn send(&mut self, line: &str) -> bool {
        if self.debug {
            self.trace('>', line);
        }
        let Some(stdin) = self.stdin.as_mut() else {
            return false;
        };
        let ok = writeln!(stdin, "{line}")
            .and_then(|_| stdin.flush())
            .is_ok();
        if !ok {
            self.stdin = None;
        }
        ok
    }

    /// A `-debug` line: milliseconds since start, direction, engine, text.
    pub fn trace(&self, direction: char, line: &str) {
        println!(
            "{} {direction}{}({}:{}): {line}",
            START.elapsed().as_millis(),
            self.name,
            self.game,
            self.seat
        );
    }

    /// Take a line the engine printed during the handshake; true once it
    /// has said `feature ... done=1`, and `Some(false)` for `done=0`.
    pub fn take_feature_line(&mut self, line: &str) -> Option<bool> {
        let args = line.strip_prefix("feature ")?;
        let mut done = None;
        for (name, value) in feature_pairs(args) {
            let accepted = self.features.take(&name, &value);
            let verdict = if accepted { "accepted" } else { "rejected" };
            self.send(&format!("{verdict} {name}"));
            if name == "done" {
                done = Some(value == "1");
            }
        }
        if let (Some(myname), None) = (&self.features.myname, &self.config.name) {
            self.name = myname.clone();
        }
        done
    }

    /// Take a line a USI engine printed after `usi`: its name and
    /// options; true at `usiok`.
    pub fn take_usi_line(&mut self, line: &str) -> bool {
        let line = line.trim();
        if line == "usiok" {
            return true;
        }
        if let Some(name) = line.strip_prefix("id name ") {
            self.features.myname = Some(name.trim().to_string());
            if self.config.name.is_none() {
                self.name = name.trim().to_string();
            }
        } else if let Some(decl) = line.strip_prefix("option name ")
            && let Some((name, _)) = decl.split_once(" type ")
        {
            self.features.options.push(name.trim().to_string());
        }
        false
    }

    /// Whether the engine declared the option `name` (USI names are
    /// case-insensitive, CECP's exact).
    pub fn declares(&self, name: &str) -> bool {
        let usi = self.config.protocol == super::config::Protocol::Usi;
        self.features.options.iter().any(|o| {
            if usi {
                o.eq_ignore_ascii_case(name)
            } else {
                o == name
            }
        })
    }

    /// A new `ping` number.
    pub fn ping(&mut self) -> u32 {
        let n = self.next_ping;
        self.next_ping += 1;
        self.send(&format!("ping {n}"));
        n
    }

    /// Whether this engine reads only the board field of `setboard`:
    /// HaChu 0.21 takes any text after it for an unknown piece and exits.
    /// The runner then sends the board alone, which HaChu reads with the
    /// first mover to move.
    pub fn reads_board_field_only(&self) -> bool {
        self.features
            .myname
            .as_deref()
            .is_some_and(|n| n.starts_with("HaChu"))
    }

    /// Ask the engine to quit (no wait).
    pub fn quit(&mut self) {
        self.send("quit");
        // Closing stdin too: an engine that ignores `quit` sees end of input.
        self.stdin = None;
    }

    /// Wait for the engine to exit after `quit`, killing it after the
    /// grace period; true if it exited by itself.
    pub fn finish(&mut self) -> bool {
        let until = Instant::now() + QUIT_GRACE;
        loop {
            match self.child.try_wait() {
                Ok(Some(_)) => return true,
                Ok(None) if Instant::now() < until => std::thread::sleep(Duration::from_millis(5)),
                _ => break,
            }
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
        false
    }

    /// Whether `-debug` traces this engine's traffic.
    pub fn is_debug(&self) -> bool {
        self.debug
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        // Every path out of a game ends here: a process still running is
        // asked to quit, then killed, and always reaped.
        if let Ok(None) = self.child.try_wait() {
            self.quit();
            self.finish();
        }
    }
}

/// Wait for a message until `deadline` (`None`: for ever).
pub fn receive(
    rx: &std::sync::mpsc::Receiver<Message>,
    deadline: Option<Instant>,
) -> Result<Message, RecvTimeoutError> {
    match deadline {
        None => rx.recv().map_err(|_| RecvTimeoutError::Disconnected),
        Some(d) => rx.recv_timeout(d.saturating_duration_since(Instant::now())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_feature_pairs_with_quotes() {
        let pairs = feature_pairs(
            r#"ping=1 myname="HaChu 0.21" variants="chu,dai" option="Resign -check 0" done=1"#,
        );
        let names: Vec<&str> = pairs.iter().map(|p| p.0.as_str()).collect();
        assert_eq!(names, ["ping", "myname", "variants", "option", "done"]);
        assert_eq!(pairs[1].1, "HaChu 0.21");
        assert_eq!(pairs[3].1, "Resign -check 0");
        // A quote that never closes takes the rest of the line.
        assert_eq!(
            feature_pairs("myname=\"x y"),
            [("myname".into(), "x y".into())]
        );
        assert!(feature_pairs("garbage").is_empty());
    }

    #[test]
    fn option_names_end_at_their_type() {
        assert_eq!(
            option_name("XBoard-safe moves -check 1"),
            Some("XBoard-safe moves")
        );
        assert_eq!(
            option_name("Tsume -combo no /// Sente mates"),
            Some("Tsume")
        );
        assert_eq!(option_name("nothing"), None);
        let mut f = Features::default();
        assert!(f.take("option", "Contempt -spin 0 -200 200"));
        assert!(!f.take("san", "1"));
        assert!(!f.take("frobnicate", "1"));
        assert_eq!(f.options, ["Contempt"]);
    }

    #[test]
    fn reads_a_usi_engines_name_and_options() {
        let config = EngineConfig {
            command: "true".to_string(),
            protocol: super::super::config::Protocol::Usi,
            ..EngineConfig::default()
        };
        let (tx, _rx) = std::sync::mpsc::channel();
        let mut e = Engine::start(&config, 0, 1, false, tx).expect("starts");
        assert!(!e.take_usi_line("id name Kyodai 1.0"));
        assert!(!e.take_usi_line("option name USI_Hash type spin default 64 min 1 max 65536"));
        assert!(!e.take_usi_line("option name Skill_Level type spin default 20 min -20 max 20"));
        assert!(!e.take_usi_line("option name broken"));
        assert!(e.take_usi_line("usiok"));
        assert_eq!(e.name, "Kyodai 1.0");
        assert_eq!(e.features.options, ["USI_Hash", "Skill_Level"]);
        assert!(e.declares("usi_hash") && !e.declares("Threads"));
    }
}
