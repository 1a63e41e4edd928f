//! The parts every record format shares: a game as read, the problems
//! met, and the replay of a format's moves under the engine's rules, which
//! keeps a game's moves up to the first that cannot be played.

use super::kanji::check_piece;
use crate::board::Position;
use crate::game;
use crate::moves::Move;
use crate::variant::{Rules, Variant, VariantSet};
use std::fmt;

/// The largest record file read (bytes).
pub const MAX_BYTES: u64 = 64 << 20;
/// Most games read from one file.
pub const MAX_GAMES: usize = 100_000;
/// Most plies read of one game.
pub const MAX_PLIES: usize = 10_000;
/// Most tags (header fields) kept of one game.
pub const MAX_TAGS: usize = 200;
/// Most characters kept of one comment.
pub const MAX_COMMENT_CHARS: usize = 4_000;

/// A record's format, recognised from its content (`Format::detect`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Pgn,
    Kif,
    Usi,
}

impl Format {
    pub fn name(self) -> &'static str {
        match self {
            Format::Pgn => "PGN",
            Format::Kif => "KIF",
            Format::Usi => "USI",
        }
    }
}

/// One move of a game as read: the move, the text the record gave it, and
/// the NAGs and comments after it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameMove {
    pub mv: Move,
    /// The move as the record wrote it (for messages).
    pub text: String,
    /// Numeric annotation glyphs (`$2`, or `?` read as 2).
    pub nags: Vec<u8>,
    pub comments: Vec<String>,
}

/// One game as read and replayed under the rules.
#[derive(Clone, Debug)]
pub struct Game {
    /// Its place in the file, from 1.
    pub number: usize,
    pub variant: &'static Variant,
    /// Header fields in the record's order, PGN's names where one fits
    /// (`White` is Sente, the first mover), a KIF field without one under
    /// its Japanese name.
    pub tags: Vec<(String, String)>,
    /// The start position as a Kyodai FEN.
    pub start_fen: String,
    /// Comments before the first move.
    pub comments: Vec<String>,
    pub moves: Vec<GameMove>,
    /// `1-0`, `0-1`, `1/2-1/2` or `*`; `None` where the record gives none.
    pub result: Option<String>,
}

impl Game {
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// Set tag `name`, in its place if the game has it, else at the end.
    pub fn set_tag(&mut self, name: &str, value: &str) {
        match self.tags.iter_mut().find(|(n, _)| n == name) {
            Some(t) => t.1 = value.to_string(),
            None => self.tags.push((name.to_string(), value.to_string())),
        }
    }

    /// `White - Black` (`?` for a name the record leaves out), to say which
    /// game a message is about.
    pub fn players(&self) -> String {
        let name = |t| self.tag(t).filter(|n| !n.is_empty()).unwrap_or("?");
        format!("{} - {}", name("White"), name("Black"))
    }

    /// The start position (its FEN was read from it, so it reads back).
    pub fn start_position(&self) -> Result<Position, String> {
        Position::from_fen(self.variant, &self.start_fen)
    }

    /// Whether the game starts from its variant's start position.
    pub fn standard_start(&self) -> bool {
        same_position(&self.start_fen, &self.variant.start_fen)
    }

    /// Plays the game through, showing `visit` each position before its
    /// move, the move and its ply index (from 0); the position after the
    /// last move.
    pub fn replay(
        &self,
        mut visit: impl FnMut(&Position, &GameMove, usize),
    ) -> Result<Position, String> {
        let mut pos = self.start_position()?;
        for (ply, m) in self.moves.iter().enumerate() {
            visit(&pos, m, ply);
            game::play_accepted(&mut pos, m.mv)
                .map_err(|e| format!("ply {}, '{}': {e}", ply + 1, m.text))?;
        }
        Ok(pos)
    }

    /// The position before each move and the one after the last.
    pub fn positions(&self) -> Result<GamePositions, String> {
        Ok(GamePositions {
            last: self.replay(|_, _, _| {})?,
            len: self.moves.len() + 1,
        })
    }
}

/// A game's positions, before each move and after the last, kept as the
/// last one: an earlier one is that position with moves taken back. Each
/// position carries the game's history up to it (the repetition rules
/// read it), so a list of them all would cost memory by the square of the
/// game's length, gigabytes for a record of `MAX_PLIES`; this costs one
/// position's.
#[derive(Clone)]
pub struct GamePositions {
    last: Position,
    len: usize,
}

impl GamePositions {
    /// How many: the game's moves plus one.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Never: a game has at least its start position.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The position before move `index` (from 0; `len() - 1`: after the
    /// last move), with its history; `None` past the last.
    pub fn at(&self, index: usize) -> Option<Position> {
        if index >= self.len {
            return None;
        }
        let mut pos = self.last.clone();
        for _ in index + 1..self.len {
            pos.unmake();
        }
        Some(pos)
    }
}

/// Whether two FENs describe the same position: board, side and the
/// fields after them, move counters aside.
pub fn same_position(a: &str, b: &str) -> bool {
    let key = |f: &str| f.split_whitespace().take(3).collect::<Vec<_>>().join(" ");
    let (ka, kb) = (key(a), key(b));
    // A FEN without its third field (`-`) is the same as one with it.
    ka == kb || ka.trim_end_matches(" -") == kb.trim_end_matches(" -")
}

/// Chu under lishogi's rules, which KIF and USI records are played by; a
/// problem of the record's first game where the variant set lacks it.
pub fn lishogi_chu(set: &'static VariantSet) -> Result<&'static Variant, Problem> {
    set.find_with("chu", Rules::Lishogi).ok_or_else(|| Problem {
        game: 1,
        ply: None,
        text: None,
        why: "these variant definitions have no Chu under lishogi's rules".to_string(),
    })
}

/// What went wrong in a record: which game, at which ply and move text
/// where a move was at fault, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    pub game: usize,
    pub ply: Option<usize>,
    pub text: Option<String>,
    pub why: String,
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "game {}", self.game)?;
        if let Some(ply) = self.ply {
            write!(f, ", ply {ply}")?;
        }
        if let Some(text) = &self.text {
            write!(f, " ('{text}')")?;
        }
        write!(f, ": {}", self.why)
    }
}

/// A file's games, each as far as it could be read, and the problems
/// found (a game with a problem in its moves is in both, cut before the
/// move at fault; one whose header is unusable only among the problems).
#[derive(Debug, Default)]
pub struct Read {
    pub format: Option<Format>,
    pub games: Vec<Game>,
    pub problems: Vec<Problem>,
}

impl Read {
    /// The games read whole, and the problems: a game that a problem cut
    /// short is left out, for what it teaches (its result) may rest on
    /// the moves lost.
    pub fn whole_games(self) -> (Vec<Game>, Vec<Problem>) {
        let Read {
            games, problems, ..
        } = self;
        let whole = games
            .into_iter()
            .filter(|g| problems.iter().all(|p| p.game != g.number))
            .collect();
        (whole, problems)
    }
}

/// One move as a format's reader found it, before replaying.
#[derive(Clone, Debug, Default)]
pub(crate) struct RawMove {
    /// The text as the record wrote it.
    pub shown: String,
    /// The text the move's notation parser reads (CECP or USI).
    pub notation: String,
    /// The piece's name the record gave (KIF), checked against the board.
    pub piece: Option<String>,
    pub nags: Vec<u8>,
    pub comments: Vec<String>,
}

/// A game as a format's reader found it.
#[derive(Clone, Debug, Default)]
pub(crate) struct RawGame {
    pub tags: Vec<(String, String)>,
    pub comments: Vec<String>,
    pub moves: Vec<RawMove>,
    pub result: Option<String>,
    /// A problem the reader met in the text after the moves it kept: the
    /// ply it met it at (its moves so far plus one) and the text and why.
    pub stopped: Option<(String, String)>,
}

/// How a format's moves are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Notation {
    Cecp,
    Usi,
}

/// The variant a PGN game names (`Variant` and, for a rule set other than
/// Kyodai's own, `Rules` tags), or `default` where it names none.
pub(crate) fn variant_of(
    set: &'static VariantSet,
    tags: &[(String, String)],
    default: Option<&'static Variant>,
) -> Result<&'static Variant, String> {
    let tag = |name: &str| {
        tags.iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    };
    let rules = match tag("Rules") {
        None => Rules::Standard,
        Some(r) => Rules::parse(r)
            .ok_or_else(|| format!("unknown rules '{r}' (one of {})", Rules::NAMES.join(", ")))?,
    };
    match (tag("Variant"), default) {
        (Some(name), _) => set.find_under(name, rules).map_err(|_| {
            format!(
                "unknown variant '{name}'{}; variants: {}",
                if rules == Rules::Standard {
                    String::new()
                } else {
                    format!(" under rules {}", rules.name())
                },
                set.names()
            )
        }),
        (None, Some(v)) => Ok(v),
        (None, None) => Err("no Variant tag: say which variant with --variant".to_string()),
    }
}

/// Replay `raw` from `start_fen` in `variant`: the game up to the first
/// move that cannot be played, and the problem that stopped it.
pub(crate) fn replay(
    number: usize,
    variant: &'static Variant,
    start_fen: &str,
    raw: RawGame,
    notation: Notation,
) -> (Option<Game>, Option<Problem>) {
    let problem = |ply: Option<usize>, text: Option<String>, why: String| Problem {
        game: number,
        ply,
        text,
        why,
    };
    let mut pos = match Position::from_fen(variant, start_fen) {
        Ok(p) => p,
        Err(e) => {
            return (
                None,
                Some(problem(None, None, format!("bad start position: {e}"))),
            );
        }
    };
    let mut game = Game {
        number,
        variant,
        tags: raw.tags,
        start_fen: pos.fen(),
        comments: raw.comments,
        moves: Vec::new(),
        result: raw.result,
    };
    let mut ended: Option<game::Ending> = None;
    for (i, m) in raw.moves.into_iter().enumerate() {
        let ply = i + 1;
        let at = |why: String| Some(problem(Some(ply), Some(m.shown.clone()), why));
        if let Some(end) = ended {
            return (Some(game), at(format!("the game was already over ({end})")));
        }
        let parsed = match notation {
            Notation::Cecp => crate::movegen::parse_move_as_played(&pos, &m.notation, true),
            Notation::Usi => crate::notation::usi::parse_usi_move(&pos, &m.notation),
        };
        let mv = match parsed {
            Ok(mv) => mv,
            Err(e) => return (Some(game), at(e)),
        };
        if let Some(name) = &m.piece
            && let Err(e) = check_piece(&pos, mv.from(), name)
        {
            return (Some(game), at(e));
        }
        match game::play_accepted(&mut pos, mv) {
            Ok(end) => ended = end,
            Err(e) => return (Some(game), at(e.to_string())),
        }
        game.moves.push(GameMove {
            mv,
            text: m.shown,
            nags: m.nags,
            comments: m.comments,
        });
    }
    let stopped = raw
        .stopped
        .map(|(text, why)| problem(Some(game.moves.len() + 1), Some(text), why));
    (Some(game), stopped)
}

/// Keep at most `MAX_COMMENT_CHARS` of a comment.
pub(crate) fn bounded_comment(text: &str) -> String {
    text.trim().chars().take(MAX_COMMENT_CHARS).collect()
}
