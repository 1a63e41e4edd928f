//! CECP's command language as Kyodai reads and answers it: the help, which
//! commands stop a search or run beside it, `level`, and thinking lines.

use crate::search::Info;
use crate::time::Control;

/// `help`: comment lines, which a GUI ignores.
pub(super) const HELP: &[&str] = &[
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
pub(super) fn abandons_search(cmd: &str) -> bool {
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
pub(super) fn runs_beside_search(cmd: &str) -> bool {
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
pub(super) fn split_command(line: &str) -> (&str, &str) {
    let line = line.trim();
    line.split_once(char::is_whitespace)
        .map_or((line, ""), |(c, a)| (c, a.trim()))
}

/// A search's progress as `.` reports it.
#[derive(Clone, Copy, Default)]
pub(super) struct Stat {
    pub(super) centiseconds: u64,
    pub(super) nodes: u64,
    pub(super) depth: u32,
}

/// The settings the commands that `runs_beside_search` names change.
pub(super) struct Settings {
    pub(super) post: bool,
    /// `hard`: think on the opponent's time.
    pub(super) ponder: bool,
    pub(super) my_time_ms: u64,
}

/// Handle a command that `runs_beside_search` names; `stat` answers `.`
/// (`None`: no analysis is running, so there is nothing to report).
pub(super) fn handle_beside_search(
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

/// A thinking-output line: `depth score centiseconds nodes pv`.
pub(super) fn thinking_line(info: &Info) -> String {
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

pub(super) fn looks_like_move(s: &str) -> bool {
    let b = s.as_bytes();
    s == "@@@@"
        || (b.len() >= 4 && b[0].is_ascii_lowercase() && b[1].is_ascii_digit() && !s.contains(' '))
}

/// `level MPS BASE INC`, BASE in minutes or `min:sec`, INC in seconds.
pub(super) fn parse_level(arg: &str) -> Option<Control> {
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
