//! KIF as lishogi writes Chu games (scalashogi's KIF reader and writer and
//! shogiops' are the reference; docs/analysis.md, "Records"): header fields
//! `名前：値`, a `手合割` (handicap) line or a board diagram for another
//! start, one line per move (`1手目 ▲7八歩兵 （←7九）`: destination, the
//! moving piece's name, `成` when it promotes, origin), two for a Lion-type
//! double move (`57手目一歩目 ▲仝獅子 （←7七）` then `57手目二歩目
//! ▲7七獅子（居食い） （←6六）`), `仝` for the previous move's destination,
//! `*` comments, and the end as a termination word (`130手目 投了`) or a
//! `まで` line. Squares: the file as a number from Sente's right (1 to
//! 12), the rank as a kanji number from the top (一 to 十二). Games are
//! read under lishogi's rules (the records come from lishogi).

use super::kanji::{PIECES, token_at};
use super::replay::{
    Game, MAX_COMMENT_CHARS, MAX_GAMES, MAX_PLIES, MAX_TAGS, Notation, Problem, RawGame, RawMove,
    Read, bounded_comment, lishogi_chu, replay, same_position,
};
use crate::board::Position;
use crate::game;
use crate::moves::Move;
use crate::notation::usi::parse_sfen;
use crate::types::{Color, Square};
use crate::variant::{Variant, VariantSet};

/// lishogi's Chu handicaps (scalashogi's `Handicap`): name and SFEN.
const HANDICAPS: &[(&str, &str)] = &[
    (
        "三枚獅子",
        "lfcsgekgscfl/a1b1txxt1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1T+O+OT1B1A/LFCSGKEGSCFL w - 1",
    ),
    (
        "二枚獅子",
        "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1T+OXT1B1A/LFCSGKEGSCFL w - 1",
    ),
    (
        "二枚王",
        "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGK+EGSCFL w - 1",
    ),
];

/// `手合割` values that name the ordinary start.
const EVEN: &[&str] = &["平手", "中将棋", "chushogi", "chuushogi"];

/// The words that end a KIF game, and who wins by each: the side to move
/// (`Some(true)`), the other (`Some(false)`), nobody (`None`, a draw).
/// `中断` (interrupted) has no result.
const TERMINATIONS: &[(&str, Option<bool>)] = &[
    ("投了", Some(false)),
    ("切れ負け", Some(false)),
    ("反則負け", Some(false)),
    ("Time-up", Some(false)),
    ("詰み", Some(false)),
    ("反則勝ち", Some(true)),
    ("入玉勝ち", Some(true)),
    ("千日手", None),
    ("持将棋", None),
    ("引き分け", None),
    ("引分け", None),
];

/// KIF header names and the PGN tags they are kept under.
const FIELDS: &[(&str, &str)] = &[
    ("先手", "White"),
    ("下手", "White"),
    ("後手", "Black"),
    ("上手", "Black"),
    ("棋戦", "Event"),
    ("場所", "Site"),
    ("開始日時", "Date"),
    ("持ち時間", "TimeControl"),
    ("戦型", "Opening"),
    ("手合割", "Handicap"),
];

const MOVE_HEADER: &str = "手数----指手---------消費時間--";
const FILE_LINE: &str = " １２ １１ １０ ９  ８  ７  ６  ５  ４  ３  ２  １";
const RANKS: [&str; 12] = [
    "一", "二", "三", "四", "五", "六", "七", "八", "九", "十", "十一", "十二",
];

/// A square of the KIF board: file and rank, both from 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct KifSquare(usize, usize);

impl KifSquare {
    fn of(v: &Variant, sq: Square) -> KifSquare {
        KifSquare(v.width - sq.file(), v.height - sq.rank())
    }

    fn kanji(self) -> String {
        format!(
            "{}{}",
            self.0,
            RANKS.get(self.1 - 1).copied().unwrap_or("?")
        )
    }

    fn usi(self) -> String {
        format!("{}{}", self.0, (b'a' + (self.1 - 1) as u8) as char)
    }
}

/// The square at the start of `s` (`7七`, `10九`, `4十一`) and the rest.
fn parse_square(s: &str) -> Option<(KifSquare, &str)> {
    let digits = s.bytes().take_while(u8::is_ascii_digit).count();
    if !(1..=2).contains(&digits) {
        return None;
    }
    let file: usize = s[..digits].parse().ok()?;
    let rest = &s[digits..];
    // Longest first: 十二 before 十 before 一.
    let (rank, rest) = (1..=12)
        .rev()
        .find_map(|r| rest.strip_prefix(RANKS[r - 1]).map(|rest| (r, rest)))?;
    (1..=12)
        .contains(&file)
        .then_some((KifSquare(file, rank), rest))
}

/// Full-width digits and spaces as ASCII, `：` as `:`.
fn normalize(line: &str) -> String {
    line.trim_start_matches('\u{feff}')
        .chars()
        .map(|c| match c {
            '０'..='９' => char::from(b'0' + (c as u32 - '０' as u32) as u8),
            '\u{3000}' => ' ',
            '：' => ':',
            c => c,
        })
        .collect::<String>()
        .trim()
        .to_string()
}

/// A move line's content.
#[derive(Debug, PartialEq)]
enum Line {
    /// One step: `lion` 1 or 2 for a double move's steps.
    Step {
        lion: Option<u8>,
        /// `None`: `仝`, the previous destination.
        to: Option<KifSquare>,
        piece: String,
        promotes: bool,
        from: KifSquare,
    },
    Termination(&'static str, Option<bool>),
}

/// Read a line that is a move line (it starts with a move number, `一歩目`
/// or `二歩目`, or a side's mark): `None` for any other line.
fn parse_move_line(line: &str) -> Option<Result<Line, String>> {
    let digits = line.bytes().take_while(u8::is_ascii_digit).count();
    let mut rest = line[digits..].trim_start();
    let mut marked = digits > 0;
    if let Some(r) = rest.strip_prefix("手目") {
        rest = r.trim_start();
    }
    let mut lion = None;
    for (word, n) in [("一歩目", 1), ("二歩目", 2)] {
        if let Some(r) = rest.strip_prefix(word) {
            lion = Some(n);
            marked = true;
            rest = r.trim_start();
        }
    }
    if let Some(r) = rest.strip_prefix(['▲', '△', '☗', '☖']) {
        marked = true;
        rest = r.trim_start();
    }
    if !marked {
        return None;
    }
    if let Some(&(word, winner)) = TERMINATIONS.iter().find(|(w, _)| rest.starts_with(w)) {
        return Some(Ok(Line::Termination(word, winner)));
    }
    Some(parse_step(rest, lion))
}

fn parse_step(text: &str, lion: Option<u8>) -> Result<Line, String> {
    let bad = |what: &str| Err(format!("unreadable KIF move: {what}"));
    let (to, rest) = match text.strip_prefix(['仝', '同']) {
        Some(r) => (None, r.trim_start()),
        None => match parse_square(text) {
            Some((sq, r)) => (Some(sq), r),
            None => return bad("no destination square"),
        },
    };
    let Some(piece) = PIECES
        .iter()
        .flat_map(|e| e.1.iter())
        .filter(|n| rest.starts_with(**n))
        .max_by_key(|n| n.len())
    else {
        return bad("no piece name");
    };
    let mut rest = &rest[piece.len()..];
    let mut promotes = false;
    if let Some(r) = rest.strip_prefix("不成") {
        rest = r;
    } else if let Some(r) = rest.strip_prefix(['成', '+']) {
        promotes = true;
        rest = r;
    }
    rest = rest.trim_start();
    for mark in ["（居食い）", "(居食い)", "（じっと）", "(じっと)", "まで"] {
        if let Some(r) = rest.strip_prefix(mark) {
            rest = r.trim_start();
        }
    }
    let Some(rest) = rest.strip_prefix(['(', '（']) else {
        return bad("no origin square");
    };
    let rest = rest.strip_prefix('←').unwrap_or(rest);
    let Some((from, rest)) = parse_square(rest) else {
        return bad("no origin square");
    };
    if !rest.starts_with([')', '）']) {
        return bad("origin square not closed");
    }
    Ok(Line::Step {
        lion,
        to,
        piece: piece.to_string(),
        promotes,
        from,
    })
}

/// A game while its lines are read.
#[derive(Default)]
struct Draft {
    raw: RawGame,
    handicap: Option<String>,
    board: Vec<String>,
    gote_to_move: bool,
    /// Why the header cannot be used.
    broken: Option<String>,
    in_moves: bool,
    /// Nothing more of this game is read (after `まで`, a variation or a
    /// problem in its moves).
    done: bool,
    last_to: Option<KifSquare>,
    /// A double move's first step: origin, middle square, piece, text.
    first_step: Option<(KifSquare, KifSquare, String, String)>,
    termination: Option<(&'static str, Option<bool>)>,
    /// The winner a `まで` line names: `Some(None)` a draw.
    ended: Option<Option<Color>>,
    /// `まで` named no result (`中断`).
    unfinished: bool,
}

impl Draft {
    fn is_empty(&self) -> bool {
        self.raw.tags.is_empty()
            && !self.in_moves
            && self.board.is_empty()
            && self.handicap.is_none()
    }

    fn stop(&mut self, text: &str, why: String) {
        if self.raw.stopped.is_none() {
            self.raw.stopped = Some((text.chars().take(80).collect(), why));
        }
        self.done = true;
    }

    fn step(&mut self, text: &str, line: Line) {
        let Line::Step {
            lion,
            to,
            piece,
            promotes,
            from,
        } = line
        else {
            return;
        };
        let Some(to) = to.or(self.last_to) else {
            return self.stop(text, "仝 with no previous move".to_string());
        };
        self.last_to = Some(to);
        let plus = if promotes { "+" } else { "" };
        let (notation, shown, piece) = match (lion, self.first_step.take()) {
            (Some(1), None) => {
                self.first_step = Some((from, to, piece, text.to_string()));
                return;
            }
            (Some(2), Some((origin, mid, first_piece, first_text))) => {
                if from != mid {
                    return self.stop(
                        text,
                        "the second step does not start where the first ended".to_string(),
                    );
                }
                (
                    format!("{}{}{}{plus}", origin.usi(), mid.usi(), to.usi()),
                    format!("{first_text} / {text}"),
                    first_piece,
                )
            }
            (None, None) => (
                format!("{}{}{plus}", from.usi(), to.usi()),
                text.to_string(),
                piece,
            ),
            _ => return self.stop(text, "a double move's steps out of order".to_string()),
        };
        if self.raw.moves.len() == MAX_PLIES {
            return self.stop(text, format!("more than {MAX_PLIES} plies"));
        }
        self.raw.moves.push(RawMove {
            shown,
            notation,
            piece: Some(piece),
            ..RawMove::default()
        });
    }
}

/// Every game of a KIF text, under lishogi's rules for Chu.
pub fn read(text: &str, set: &'static VariantSet) -> Read {
    let mut read = Read::default();
    let variant = match lishogi_chu(set) {
        Ok(v) => v,
        Err(problem) => {
            read.problems.push(problem);
            return read;
        }
    };
    let mut draft = Draft::default();
    let mut number = 0;
    for line in text.lines() {
        let line = normalize(line);
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if let Some(c) = line.strip_prefix(['*', '＊']) {
            let c = bounded_comment(c);
            match draft.raw.moves.last_mut() {
                Some(m) if !draft.done => m.comments.push(c),
                Some(_) => {}
                None => draft.raw.comments.push(c),
            }
            continue;
        }
        if draft.done && !line.contains(':') {
            continue;
        }
        if let Some(result) = line.strip_prefix("まで") {
            draft.ended = ended_by(result);
            draft.unfinished = draft.ended.is_none();
            draft.done = true;
            continue;
        }
        if line.starts_with("変化") {
            draft.done = true;
            continue;
        }
        if line.starts_with("手数") || line.starts_with('+') {
            continue;
        }
        if !draft.in_moves && line.starts_with('|') {
            if draft.board.len() < 12 {
                draft.board.push(line);
            } else {
                draft.broken = Some("a board diagram of more than 12 ranks".to_string());
            }
            continue;
        }
        if !draft.in_moves && line.chars().all(|c| c.is_ascii_digit() || c == ' ') {
            continue; // the diagram's file numbers
        }
        if !draft.in_moves && (line.starts_with("後手番") || line.starts_with("上手番")) {
            draft.gote_to_move = true;
            continue;
        }
        match parse_move_line(&line) {
            Some(_) if draft.done => {}
            Some(Ok(Line::Termination(word, winner))) => {
                draft.in_moves = true;
                draft.termination = Some((word, winner));
                draft.done = true;
            }
            Some(Ok(step)) => {
                draft.in_moves = true;
                draft.step(&line, step);
            }
            Some(Err(e)) => {
                draft.in_moves = true;
                draft.stop(&line, e);
            }
            None => {
                let Some((key, value)) = line.split_once(':') else {
                    continue; // other lines carry nothing Kyodai reads
                };
                if draft.in_moves {
                    // A header after moves: the next game.
                    number += 1;
                    finish(number, std::mem::take(&mut draft), variant, &mut read);
                    if number == MAX_GAMES {
                        return read;
                    }
                }
                header(&mut draft, key.trim(), value.trim());
            }
        }
    }
    if !draft.is_empty() {
        finish(number + 1, draft, variant, &mut read);
    }
    read
}

/// The winner a `まで` line's text names (`64手で先手の勝ち`):
/// `Some(None)` for a draw, `None` for no result.
fn ended_by(text: &str) -> Option<Option<Color>> {
    if ["千日手", "持将棋", "引き分け", "引分け"]
        .iter()
        .any(|w| text.contains(w))
    {
        return Some(None);
    }
    let side = if text.contains("先手") || text.contains("下手") {
        Color::White
    } else if text.contains("後手") || text.contains("上手") {
        Color::Black
    } else {
        return None;
    };
    if text.contains("勝ち") {
        Some(Some(side))
    } else if text.contains("負け") {
        Some(Some(side.flip()))
    } else {
        None
    }
}

fn header(draft: &mut Draft, key: &str, value: &str) {
    if key.ends_with("の持駒") {
        return; // Chu has no pieces in hand
    }
    if key == "手合割" {
        draft.handicap = Some(value.to_string());
    }
    let name = FIELDS
        .iter()
        .find(|(k, _)| *k == key)
        .map_or(key, |(_, tag)| tag);
    if draft.raw.tags.len() < MAX_TAGS {
        draft.raw.tags.push((name.to_string(), value.to_string()));
    }
}

/// The start position a draft's header gives, as a FEN.
fn start_fen(draft: &Draft, variant: &'static Variant) -> Result<String, String> {
    if !draft.board.is_empty() {
        return diagram_fen(&draft.board, draft.gote_to_move);
    }
    match draft.handicap.as_deref() {
        None => Ok(variant.start_fen.clone()),
        Some(h) if h.is_empty() || EVEN.contains(&h) => Ok(variant.start_fen.clone()),
        Some(h) => {
            let (_, sfen) = HANDICAPS
                .iter()
                .find(|(name, _)| *name == h)
                .ok_or_else(|| format!("unknown handicap '{h}'"))?;
            Ok(parse_sfen(variant, sfen)?.position.fen())
        }
    }
}

/// A board diagram's rows (`|v香v猛 ...|一`) as a FEN.
fn diagram_fen(rows: &[String], gote_to_move: bool) -> Result<String, String> {
    if rows.len() != 12 {
        return Err(format!("a board diagram of {} ranks, not 12", rows.len()));
    }
    let mut fen_rows = Vec::new();
    for (r, row) in rows.iter().enumerate() {
        let body = row.trim_start_matches('|');
        let body = body.rsplit_once('|').map_or(body, |(b, _)| b);
        let mut out = String::new();
        let (mut empty, mut cells) = (0, 0);
        let (mut gote, mut promoted) = (false, false);
        for c in body.chars() {
            match c {
                ' ' => {}
                '・' => {
                    empty += 1;
                    cells += 1;
                }
                'v' | 'V' => gote = true,
                '成' => promoted = true,
                c => {
                    let name = format!("{}{c}", if promoted { "成" } else { "" });
                    let token = PIECES
                        .iter()
                        .find(|e| e.2 == name)
                        .or_else(|| PIECES.iter().find(|e| e.1.contains(&name.as_str())))
                        .map(|e| e.0)
                        .ok_or_else(|| format!("rank {}: unknown piece {name}", r + 1))?;
                    if empty > 0 {
                        out += &empty.to_string();
                        empty = 0;
                    }
                    out += &if gote {
                        token.to_ascii_lowercase()
                    } else {
                        token.to_string()
                    };
                    cells += 1;
                    gote = false;
                    promoted = false;
                }
            }
        }
        if empty > 0 {
            out += &empty.to_string();
        }
        if cells != 12 {
            return Err(format!("rank {} of the diagram has {cells} squares", r + 1));
        }
        fen_rows.push(out);
    }
    let side = if gote_to_move { "b" } else { "w" };
    Ok(format!("{} {side} - 0 1", fen_rows.join("/")))
}

fn finish(number: usize, mut draft: Draft, variant: &'static Variant, read: &mut Read) {
    let no_ply = |why: String| Problem {
        game: number,
        ply: None,
        text: None,
        why,
    };
    if let Some(why) = draft.broken.take() {
        return read.problems.push(no_ply(why));
    }
    if let Some((_, _, _, text)) = draft.first_step.take() {
        draft.stop(
            &text,
            "a double move's first step without its second".to_string(),
        );
    }
    let fen = match start_fen(&draft, variant) {
        Ok(f) => f,
        Err(e) => return read.problems.push(no_ply(e)),
    };
    if let Some((word, _)) = draft.termination {
        draft
            .raw
            .tags
            .push(("Termination".to_string(), word.to_string()));
    }
    let (game, problem) = replay(number, variant, &fen, draft.raw, Notation::Usi);
    if let Some(mut game) = game {
        // Who is to move after the moves read decides what a word means.
        let to_move = game
            .start_position()
            .map_or(Color::White, |p| p.side())
            .flip_if(game.moves.len() % 2 == 1);
        let by_word = draft.termination.map(|(_, w)| match w {
            Some(true) => Some(to_move),
            Some(false) => Some(to_move.flip()),
            None => None,
        });
        game.result = match (draft.ended, by_word) {
            (Some(w), _) | (None, Some(w)) => Some(game::result_text(w).to_string()),
            _ if draft.unfinished || draft.termination.is_some() => Some("*".to_string()),
            _ => None,
        };
        read.games.push(game);
    }
    read.problems.extend(problem);
}

trait FlipIf {
    fn flip_if(self, flip: bool) -> Self;
}

impl FlipIf for Color {
    fn flip_if(self, flip: bool) -> Color {
        if flip { self.flip() } else { self }
    }
}

/// The name of the handicap a game starts from (`平手` aside), if any.
fn handicap_name(game: &Game) -> Option<&'static str> {
    HANDICAPS.iter().find_map(|(name, sfen)| {
        let fen = parse_sfen(game.variant, sfen).ok()?.position.fen();
        same_position(&fen, &game.start_fen).then_some(*name)
    })
}

/// A game of Chu as KIF, as lishogi writes it (one game; its moves
/// replayed to name the pieces). Other variants have no KIF.
pub fn write(game: &Game) -> Result<String, String> {
    let v = game.variant;
    if !v.answers_to("chu") {
        return Err(format!("KIF is written for Chu only, not {}", v.name));
    }
    let handicap = handicap_name(game);
    let standard = game.standard_start();
    let mut head = Vec::new();
    let mut start_written = false;
    let start_lines = |out: &mut Vec<String>| -> Result<(), String> {
        match handicap {
            Some(h) => out.push(format!("手合割：{h}")),
            None => out.extend(diagram(&game.start_position()?)),
        }
        Ok(())
    };
    for (key, value) in &game.tags {
        let kif_key = match key.as_str() {
            "White" if handicap.is_some() => "下手",
            "Black" if handicap.is_some() => "上手",
            "Handicap" => {
                if standard {
                    head.push(format!("手合割：{value}"));
                } else if !start_written {
                    start_lines(&mut head)?;
                }
                start_written = true;
                continue;
            }
            k => match FIELDS.iter().find(|(_, tag)| *tag == k) {
                Some((kif, _)) => kif,
                // PGN's own tags (Round, Result, Variant...) stay out.
                None if k.is_ascii() => continue,
                None => k,
            },
        };
        head.push(format!("{kif_key}：{value}"));
    }
    if !standard && !start_written {
        start_lines(&mut head)?;
    }
    let mut out = head;
    if !out.is_empty() {
        out.push(MOVE_HEADER.to_string());
    }
    out.extend(game.comments.iter().map(|c| comment_line(c)));
    let mut pos = game.start_position()?;
    let mut last_to = None;
    for (i, m) in game.moves.iter().enumerate() {
        out.extend(move_lines(&pos, m.mv, i + 1, last_to)?);
        out.extend(m.comments.iter().map(|c| comment_line(c)));
        last_to = Some(m.mv.to());
        game::play_accepted(&mut pos, m.mv).map_err(|e| format!("ply {}: {e}", i + 1))?;
    }
    let n = game.moves.len();
    let word = game
        .tag("Termination")
        .and_then(|t| TERMINATIONS.iter().find(|(w, _)| *w == t));
    let (first, second) = if handicap.is_some() {
        ("下手", "上手")
    } else {
        ("先手", "後手")
    };
    match (word, game.result.as_deref()) {
        (Some((w, _)), _) => out.push(format!("{}手目 {w}", n + 1)),
        (None, Some("1-0")) => out.push(format!("まで{n}手で{first}の勝ち")),
        (None, Some("0-1")) => out.push(format!("まで{n}手で{second}の勝ち")),
        (None, Some("1/2-1/2")) => out.push(format!("まで{n}手で引き分け")),
        _ => {}
    }
    Ok(out.join("\n") + "\n")
}

fn comment_line(c: &str) -> String {
    let one_line: String = c
        .chars()
        .map(|c| if c == '\n' { ' ' } else { c })
        .take(MAX_COMMENT_CHARS)
        .collect();
    format!("*{one_line}")
}

/// The board diagram of `pos` (lishogi's layout: each square three
/// columns wide, Gote's pieces marked `v`), and `後手番` when Gote moves.
fn diagram(pos: &Position) -> Vec<String> {
    let v = pos.variant();
    let rule = format!("+{}+", "-".repeat(v.width * 4));
    let mut out = vec![FILE_LINE.to_string(), rule.clone()];
    for r in 0..v.height {
        let rank = v.height - 1 - r;
        let mut row = String::from("|");
        for file in 0..v.width {
            let sq = Square::new(file, rank);
            let cell = match (pos.piece_at(sq), token_at(pos, sq)) {
                (Some(p), Some(token)) => {
                    let name = PIECES.iter().find(|e| e.0 == token).map_or("?", |e| e.2);
                    let mark = if p.color() == Color::Black { "v" } else { "" };
                    format!("{mark}{name}")
                }
                _ => "・".to_string(),
            };
            row += &format!("{cell:>3}");
        }
        row += &format!("|{}", RANKS.get(r).copied().unwrap_or("?"));
        out.push(row);
    }
    out.push(rule);
    if pos.side() == Color::Black {
        out.push("後手番".to_string());
    }
    out
}

/// Move `mv` of `pos` as a list of moves shows it in KIF: its line (both
/// lines of a double move) without the ply number, `▲7八歩兵 （←7九）`;
/// `last_to`: the previous move's destination, written `仝`.
pub fn move_text(pos: &Position, mv: Move, last_to: Option<Square>) -> Result<String, String> {
    let lines = move_lines(pos, mv, 1, last_to)?;
    let bodies: Vec<&str> = lines
        .iter()
        .map(|l| l.split_once(' ').map_or(l.as_str(), |(_, body)| body))
        .collect();
    Ok(bodies.join(" "))
}

/// The line (two for a double move) of move `mv`, ply `ply`, in `pos`.
fn move_lines(
    pos: &Position,
    mv: Move,
    ply: usize,
    last_to: Option<Square>,
) -> Result<Vec<String>, String> {
    let v = pos.variant();
    let token = token_at(pos, mv.from()).ok_or_else(|| format!("ply {ply}: no piece moves"))?;
    let name = PIECES.iter().find(|e| e.0 == token).map_or("?", |e| e.1[0]);
    let mark = if pos.side() == Color::White {
        "▲"
    } else {
        "△"
    };
    let sq = |s: Square| KifSquare::of(v, s).kanji();
    let dest = |s: Square, last: Option<Square>| {
        if last == Some(s) {
            "仝".to_string()
        } else {
            sq(s)
        }
    };
    let promotes = if mv.promotes() { "成" } else { "" };
    let mid = match mv.kills() {
        [] if mv.is_pass() => crate::perft::empty_midpoints(pos, mv).first().copied(),
        [] => None,
        [k] if *k != mv.to() => Some(*k),
        _ => return Err(format!("ply {ply}: a move KIF cannot write ({mv})")),
    };
    let Some(mid) = mid else {
        return Ok(vec![format!(
            "{ply}手目 {mark}{}{name}{promotes} （←{}）",
            dest(mv.to(), last_to),
            sq(mv.from())
        )]);
    };
    let back = if mv.to() == mv.from() {
        if mv.kills().is_empty() {
            "(じっと)"
        } else {
            "（居食い）"
        }
    } else {
        ""
    };
    Ok(vec![
        format!(
            "{ply}手目一歩目 {mark}{}{name} （←{}）",
            dest(mid, last_to),
            sq(mv.from())
        ),
        format!(
            "{ply}手目二歩目 {mark}{}{name}{promotes}{back} （←{}）",
            sq(mv.to()),
            sq(mid)
        ),
    ])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_lines_read_as_lishogi_writes_them() {
        let step = |text: &str| parse_move_line(&normalize(text));
        assert_eq!(
            step("1手目 ▲7八歩兵 （←7九）"),
            Some(Ok(Line::Step {
                lion: None,
                to: Some(KifSquare(7, 8)),
                piece: "歩兵".into(),
                promotes: false,
                from: KifSquare(7, 9),
            }))
        );
        assert_eq!(
            step("57手目二歩目 ▲7七獅子（居食い） （←6六）"),
            Some(Ok(Line::Step {
                lion: Some(2),
                to: Some(KifSquare(7, 7)),
                piece: "獅子".into(),
                promotes: false,
                from: KifSquare(6, 6),
            }))
        );
        assert!(matches!(
            step("123手目 ▲6十一金将成 （←5十二）"),
            Some(Ok(Line::Step {
                promotes: true,
                to: Some(KifSquare(6, 11)),
                from: KifSquare(5, 12),
                ..
            }))
        ));
        assert!(matches!(
            step("  3手目一歩目 仝龍馬 （←5九）"),
            Some(Ok(Line::Step { to: None, .. }))
        ));
        assert_eq!(
            step("130手目 投了"),
            Some(Ok(Line::Termination("投了", Some(false))))
        );
        assert!(matches!(step("5手目 ▲7八兵士 （←7九）"), Some(Err(_))));
        assert_eq!(step("先手：someone"), None);
    }

    #[test]
    fn results_of_the_closing_lines() {
        assert_eq!(ended_by("64手で先手の勝ち"), Some(Some(Color::White)));
        assert_eq!(ended_by("64手で後手の反則負け"), Some(Some(Color::White)));
        assert_eq!(ended_by("64手で千日手"), Some(None));
        assert_eq!(ended_by("64手で中断"), None);
    }
}
