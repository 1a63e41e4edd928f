//! One game between two engine processes, refereed by the rules: every
//! move is checked and played on the referee's own position (`game`, the
//! code perft and search use), the clocks are the referee's, and the result
//! is what the rules, the clock or an adjudication say, never what an
//! engine claims unless the rules agree.

use super::clock::Clock;
use super::config::{MatchConfig, Protocol};
use super::engine::{Engine, Message};
use super::score::{Eval, MATE_SCORE};
use super::setup::{Silence, handshake, next_line, prepare, send_move, synchronise};
use super::usi::{self, Reply};
use crate::board::Position;
use crate::game::{self, Ending, result_text, side_name};
use crate::movegen::parse_move_as_played;
use crate::moves::Move;
use crate::notation::usi::{parse_usi_move, usi_move};
use crate::types::Color;
use crate::variant::Variant;
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

/// Where a game starts: a FEN (`None`: the variant's start position) and
/// moves played from it before the engines think.
#[derive(Clone, Debug, Default)]
pub struct Opening {
    pub fen: Option<String>,
    pub moves: Vec<String>,
    /// Its number in the openings file (1: the first), for the results
    /// file; `None`: no openings file.
    pub number: Option<usize>,
}

/// One scheduled game: `players[0]` moves first (Sente).
#[derive(Clone, Debug)]
pub struct GameSpec {
    pub number: u64,
    pub round: u64,
    pub players: [usize; 2],
    pub opening: Opening,
    /// The game pair (one opening, each colour once) it belongs to, by
    /// number from 1; `None` when the games are not played in pairs.
    pub pair: Option<u64>,
}

/// How a game ended, as PGN's `Termination` tag says it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Termination {
    Normal,
    Adjudication,
    TimeForfeit,
    RulesInfraction,
    /// An engine crashed, stalled or stopped reading.
    Abandoned,
}

impl Termination {
    pub fn tag(self) -> &'static str {
        match self {
            Termination::Normal => "normal",
            Termination::Adjudication => "adjudication",
            Termination::TimeForfeit => "time forfeit",
            Termination::RulesInfraction => "rules infraction",
            Termination::Abandoned => "abandoned",
        }
    }
}

#[derive(Clone, Debug)]
pub struct MoveRecord {
    pub mv: Move,
    /// The move in Kyodai's notation (legs on one line, a pass `@@@@`).
    pub text: String,
    pub eval: Option<Eval>,
    pub time: Duration,
    /// Played from the opening, not by an engine.
    pub book: bool,
}

#[derive(Clone, Debug)]
pub struct GameRecord {
    pub spec: GameSpec,
    /// Engine names, Sente first.
    pub names: [String; 2],
    pub start_fen: String,
    pub final_fen: String,
    pub moves: Vec<MoveRecord>,
    /// `None`: drawn.
    pub winner: Option<Color>,
    pub reason: String,
    pub termination: Termination,
    /// Which seats' engines crashed or stopped answering.
    pub crashed: [bool; 2],
    /// Time from an engine's move arriving to it being sent on, per move.
    pub overhead: Vec<Duration>,
}

impl GameRecord {
    pub fn result(&self) -> &'static str {
        result_text(self.winner)
    }
}

/// A game's end before it is written down.
struct End {
    winner: Option<Color>,
    reason: String,
    termination: Termination,
}

fn lost(loser: Color, reason: String, termination: Termination) -> End {
    End {
        winner: Some(loser.flip()),
        reason,
        termination,
    }
}

/// Seat 0 plays Sente.
fn color_of(seat: usize) -> Color {
    if seat == 0 {
        Color::White
    } else {
        Color::Black
    }
}

fn seat_of(c: Color) -> usize {
    c.index()
}

/// `depth score time nodes pv...`: CECP's thinking output.
fn thinking(line: &str) -> Option<Eval> {
    let mut f = line.split_whitespace();
    let depth = f.next()?.trim_end_matches(['.', '&']).parse::<u32>().ok()?;
    let score = f.next()?.parse::<i32>().ok()?;
    f.next()?.parse::<u64>().ok()?;
    f.next()?.parse::<u64>().ok()?;
    Some(Eval { score, depth })
}

/// The result claimed by a line like `1-0 {Gote resigns}`.
fn claimed(line: &str) -> Option<Option<Color>> {
    game::winner_of(line.split_whitespace().next()?)
}

/// The position a game starts from, the referee's copy.
fn start_position(variant: &'static Variant, opening: &Opening) -> Result<Position, String> {
    let fen = opening.fen.as_deref().unwrap_or(&variant.start_fen);
    Position::from_fen(variant, fen).map_err(|e| format!("opening FEN {fen}: {e}"))
}

/// What a game needs besides its spec.
pub struct Table<'a> {
    pub config: &'a MatchConfig,
    pub variant: &'static Variant,
}

/// Play one game; `started` is told the engines' names once they have
/// introduced themselves. `Err`: it could not be played at all (an engine
/// would not start, or cannot play this variant or opening), which stops
/// the match.
pub fn play(
    table: &Table,
    spec: &GameSpec,
    started: &mut dyn FnMut(&[String; 2]),
) -> Result<GameRecord, String> {
    let cfg = table.config;
    let variant = table.variant;
    let mut pos = start_position(variant, &spec.opening)?;
    let start_fen = pos.fen();
    // USI engines are told the start as an SFEN unless it is the
    // variant's own.
    let usi_start = spec.opening.fen.is_some().then(|| pos.clone());
    let mut moves = Vec::new();
    let mut usi_moves = Vec::new();
    for text in &spec.opening.moves {
        let before = pos.clone();
        let (mv, end) = game::play_text(&mut pos, text, false)
            .map_err(|e| format!("opening move {text}: {e}"))?;
        if end.is_some() {
            return Err(format!("the opening ends the game at {text}"));
        }
        usi_moves.push(usi_move(&before, mv));
        moves.push(MoveRecord {
            mv,
            text: mv.cecp_text(),
            eval: None,
            time: Duration::ZERO,
            book: true,
        });
    }
    let book: Vec<String> = moves.iter().map(|m| m.text.clone()).collect();
    let (tx, rx) = channel();
    let mut engines = [
        Engine::start(
            &cfg.engines[spec.players[0]],
            0,
            spec.number,
            cfg.debug,
            tx.clone(),
        )?,
        Engine::start(&cfg.engines[spec.players[1]], 1, spec.number, cfg.debug, tx)?,
    ];
    let clock = |e: &Engine| Clock::new(e.config.time_control, e.config.byoyomi);
    let mut referee = Referee {
        pos,
        moves,
        usi_start,
        usi_moves,
        clocks: [clock(&engines[0]), clock(&engines[1])],
        crashed: [false; 2],
        overhead: Vec::new(),
        draw_count: 0,
        losing_count: [0; 2],
        winning_count: [0; 2],
    };
    let handshake = handshake(&mut engines, &rx);
    started(&[engines[0].name.clone(), engines[1].name.clone()]);
    let end = match handshake {
        Err((seat, why)) => referee.fault(seat, why),
        Ok(()) => {
            for e in engines.iter_mut() {
                prepare(e, variant, &start_fen, &book)?;
            }
            match synchronise(&mut engines, &rx) {
                Err((seat, why)) => referee.fault(seat, why),
                Ok(()) => {
                    for e in engines.iter_mut() {
                        if e.config.protocol == Protocol::Usi {
                            e.send("usinewgame");
                        }
                    }
                    referee.run(cfg, &mut engines, &rx)
                }
            }
        }
    };
    let result = result_text(end.winner);
    for (seat, e) in engines.iter_mut().enumerate() {
        match e.config.protocol {
            Protocol::Xboard => e.send(&format!("result {result} {{{}}}", end.reason)),
            Protocol::Usi => e.send(match end.winner {
                None => "gameover draw",
                Some(c) if c == color_of(seat) => "gameover win",
                Some(_) => "gameover lose",
            }),
        };
        e.quit();
    }
    for e in engines.iter_mut() {
        e.finish();
    }
    Ok(GameRecord {
        spec: spec.clone(),
        names: [engines[0].name.clone(), engines[1].name.clone()],
        start_fen,
        final_fen: referee.pos.fen(),
        moves: referee.moves,
        winner: end.winner,
        reason: end.reason,
        termination: end.termination,
        crashed: referee.crashed,
        overhead: referee.overhead,
    })
}

struct Referee {
    pos: Position,
    moves: Vec<MoveRecord>,
    /// Where USI engines are told the game began (`None`: the start
    /// position), and every move since in USI notation.
    usi_start: Option<Position>,
    usi_moves: Vec<String>,
    clocks: [Clock; 2],
    crashed: [bool; 2],
    overhead: Vec<Duration>,
    /// Plies running in which the mover scored the game within the draw
    /// adjudication's score.
    draw_count: u32,
    /// Moves running in which each seat scored itself lost, and won, by
    /// the resign adjudication's score.
    losing_count: [u32; 2],
    winning_count: [u32; 2],
}

impl Referee {
    /// The end of a game one engine broke off: it disconnected or stalls.
    fn fault(&mut self, seat: usize, why: String) -> End {
        self.crashed[seat] = true;
        lost(
            color_of(seat),
            format!(
                "{}{}{why}",
                side_name(color_of(seat)),
                if why.starts_with('\'') { "" } else { " " }
            ),
            Termination::Abandoned,
        )
    }

    fn run(&mut self, cfg: &MatchConfig, engines: &mut [Engine; 2], rx: &Receiver<Message>) -> End {
        let mut in_play = [false; 2];
        let mut pending_legs = [String::new(), String::new()];
        // When the last move arrived, for the overhead figure.
        let mut arrived: Option<Instant> = None;
        loop {
            let side = self.pos.side();
            let mover = seat_of(side);
            let e = &mut engines[mover];
            let protocol = e.config.protocol;
            if protocol == Protocol::Usi {
                e.send(&usi::position_command(
                    self.usi_start.as_ref(),
                    &self.usi_moves,
                ));
                e.send(&usi::go_command(&self.clocks, mover, &e.config));
            } else {
                if e.features.time && self.clocks[mover].is_timed() {
                    let (mine, theirs) = (
                        self.clocks[mover].centiseconds(),
                        self.clocks[1 - mover].centiseconds(),
                    );
                    e.send(&format!("time {mine}"));
                    e.send(&format!("otim {theirs}"));
                }
                if let Some(last) = self.moves.last().filter(|m| !m.book) {
                    let text = last.text.clone();
                    send_move(e, &text);
                }
                if !in_play[mover] {
                    e.send("go");
                    in_play[mover] = true;
                }
            }
            let turn_start = Instant::now();
            if let Some(t) = arrived.take() {
                self.overhead.push(turn_start - t);
            }
            let margin = e.config.margin;
            let deadline = self.clocks[mover]
                .allowed()
                .map(|a| turn_start + a + margin);
            let mut eval = None;
            // Wait for the mover's move, hearing both engines meanwhile.
            let (mv, at) = loop {
                let (seat, at, line) = match next_line(engines, rx, deadline) {
                    Ok(l) => l,
                    Err(Silence::Timeout) => {
                        return lost(
                            side,
                            format!("{} loses on time", side_name(side)),
                            Termination::TimeForfeit,
                        );
                    }
                    Err(Silence::Closed(seat)) => {
                        return self.fault(seat, "disconnects".to_string());
                    }
                };
                let color = color_of(seat);
                let line = line.trim();
                if engines[seat].config.protocol == Protocol::Usi {
                    if seat != mover {
                        log::warn!("{} speaks out of turn: {line}", engines[seat].name);
                        continue;
                    }
                    match usi::read(line) {
                        Reply::Move(text) => break (text, at),
                        Reply::Resign => {
                            return lost(
                                color,
                                format!("{} resigns", side_name(color)),
                                Termination::Normal,
                            );
                        }
                        Reply::Win => {
                            return lost(
                                color,
                                format!(
                                    "{} claims a win by entering kings, which Chu does not have",
                                    side_name(color)
                                ),
                                Termination::RulesInfraction,
                            );
                        }
                        Reply::Eval(ev) => eval = Some(ev),
                        Reply::Said(text) if text.starts_with("error") => {
                            log::warn!("{}: {text}", engines[seat].name)
                        }
                        Reply::Said(_) | Reply::Other => {}
                    }
                    continue;
                }
                let first = line.split_whitespace().next().unwrap_or("");
                if let Some(text) = line.strip_prefix("move ") {
                    if seat != mover {
                        log::warn!("{} sent a move out of turn: {line}", engines[seat].name);
                        continue;
                    }
                    let text = text.trim();
                    pending_legs[seat].push_str(text);
                    if text.ends_with(',') {
                        continue;
                    }
                    break (std::mem::take(&mut pending_legs[seat]), at);
                } else if first == "resign" {
                    return lost(
                        color,
                        format!("{} resigns", side_name(color)),
                        Termination::Normal,
                    );
                } else if let Some(claim) = claimed(line) {
                    // A claim that the claimant lost is a resignation. The
                    // referee ends a game the rules end as soon as the move
                    // is played, so a game still running has no other
                    // result to claim.
                    if claim == Some(color.flip()) {
                        return lost(
                            color,
                            format!("{} resigns", side_name(color)),
                            Termination::Normal,
                        );
                    }
                    return lost(
                        color,
                        format!("{} makes a false claim: {line}", side_name(color)),
                        Termination::RulesInfraction,
                    );
                } else if first == "Illegal" && line.starts_with("Illegal move") {
                    // Every move it was sent was legal: the last one is
                    // what it refuses.
                    let refused = self.moves.last().map_or("", |m| m.text.as_str());
                    return lost(
                        color,
                        format!(
                            "{} refuses a legal move: {refused} ({line})",
                            side_name(color)
                        ),
                        Termination::RulesInfraction,
                    );
                } else if seat == mover
                    && let Some(ev) = thinking(line)
                {
                    eval = Some(ev);
                } else if first == "Error" || first == "tellusererror" {
                    log::warn!("{}: {line}", engines[seat].name);
                }
            };
            let used = at.saturating_duration_since(turn_start);
            if !self.clocks[mover].charge(used, margin) {
                return lost(
                    side,
                    format!("{} loses on time", side_name(side)),
                    Termination::TimeForfeit,
                );
            }
            let parsed = match protocol {
                Protocol::Xboard => parse_move_as_played(&self.pos, &mv, false),
                Protocol::Usi => parse_usi_move(&self.pos, &mv),
            };
            let usi_text = parsed.as_ref().ok().map(|&m| usi_move(&self.pos, m));
            let played = parsed
                .map_err(game::PlayError::Illegal)
                .and_then(|m| game::play_accepted(&mut self.pos, m).map(|ending| (m, ending)));
            let ending = match played {
                Err(e) => {
                    return lost(
                        side,
                        format!("{} makes an illegal move: {mv} ({e})", side_name(side)),
                        Termination::RulesInfraction,
                    );
                }
                Ok((played, ending)) => {
                    if let Some(text) = usi_text {
                        self.usi_moves.push(text);
                    }
                    self.moves.push(MoveRecord {
                        mv: played,
                        text: played.cecp_text(),
                        eval,
                        time: used,
                        book: false,
                    });
                    ending
                }
            };
            arrived = Some(at);
            if let Some(end) = ending {
                return by_rules(end);
            }
            if let Some(end) = self.adjudicate(cfg, mover, eval) {
                return end;
            }
        }
    }

    /// Adjudication after a move by `seat` that reported `eval`.
    fn adjudicate(&mut self, cfg: &MatchConfig, seat: usize, eval: Option<Eval>) -> Option<End> {
        let plies = self.moves.len() as u32;
        if let Some(max) = cfg.max_moves
            && plies >= 2 * max
        {
            return Some(End {
                winner: None,
                reason: "Draw by adjudication: maximum number of moves".to_string(),
                termination: Termination::Adjudication,
            });
        }
        if let Some(d) = cfg.draw {
            let within = eval.is_some_and(|e| e.score.abs() <= d.score);
            self.draw_count = if within && plies / 2 >= d.move_number {
                self.draw_count + 1
            } else {
                0
            };
            if self.draw_count >= 2 * d.move_count {
                return Some(End {
                    winner: None,
                    reason: "Draw by adjudication".to_string(),
                    termination: Termination::Adjudication,
                });
            }
        }
        if let Some(r) = cfg.resign {
            let count = |n: u32, yes: bool| if yes { n + 1 } else { 0 };
            let score = eval.map(|e| e.score);
            self.losing_count[seat] = count(
                self.losing_count[seat],
                score.is_some_and(|s| s <= -r.score),
            );
            self.winning_count[seat] = count(
                self.winning_count[seat],
                score.is_some_and(|s| s >= r.score),
            );
            // Two-sided: the winner's engine must have agreed for as long.
            let agreed = !r.two_sided || self.winning_count[1 - seat] >= r.move_count;
            if self.losing_count[seat] >= r.move_count && agreed {
                return Some(self.resign_win(seat));
            }
        }
        None
    }

    fn resign_win(&self, loser_seat: usize) -> End {
        let winner = color_of(loser_seat).flip();
        End {
            winner: Some(winner),
            reason: format!("{} wins by adjudication", side_name(winner)),
            termination: Termination::Adjudication,
        }
    }
}

fn by_rules(end: Ending) -> End {
    End {
        winner: end.winner,
        reason: end.to_string(),
        termination: Termination::Normal,
    }
}

/// A PGN move comment: `+0.32/12 1.2s`, `+M5/20 0.8s`, `book`.
pub fn comment(m: &MoveRecord) -> String {
    if m.book {
        return "book".to_string();
    }
    let secs = m.time.as_secs_f64();
    let time = if secs < 0.0995 {
        format!("{secs:.3}s")
    } else {
        format!("{secs:.1}s")
    };
    match m.eval {
        None => time,
        Some(Eval { score, depth }) => {
            let s = if score.abs() >= MATE_SCORE {
                // XBoard writes mate in N as 100000 + N; engines that count
                // down from 100000 by plies (Kyodai) are read that way.
                let a = score.abs();
                let n = if a >= 100_000 {
                    a - 100_000
                } else {
                    (100_000 - a + 1) / 2
                };
                format!("{}M{}", if score > 0 { "+" } else { "-" }, n.max(1))
            } else {
                format!("{:+.2}", score as f64 / 100.0)
            };
            format!("{s}/{depth} {time}")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_thinking_output_and_claims() {
        assert_eq!(
            thinking("12 -35 120 45678 f5f6 g7g6"),
            Some(Eval {
                score: -35,
                depth: 12
            })
        );
        assert_eq!(
            thinking("3. 10 1 2"),
            Some(Eval {
                score: 10,
                depth: 3
            })
        );
        assert_eq!(thinking("move f5f6"), None);
        assert_eq!(thinking("12 x 1 1"), None);
        assert_eq!(claimed("1-0 {Gote resigns}"), Some(Some(Color::White)));
        assert_eq!(claimed("1/2-1/2 {repetition}"), Some(None));
        assert_eq!(claimed("10 20 30 40"), None);
    }

    #[test]
    fn move_comments_are_cutechess_shaped() {
        let mut m = MoveRecord {
            mv: Move::default(),
            text: "a1a2".into(),
            eval: Some(Eval {
                score: 32,
                depth: 12,
            }),
            time: Duration::from_millis(1234),
            book: false,
        };
        assert_eq!(comment(&m), "+0.32/12 1.2s");
        m.eval = Some(Eval {
            score: -100_005,
            depth: 9,
        });
        assert_eq!(comment(&m), "-M5/9 1.2s");
        m.eval = None;
        m.time = Duration::from_millis(50);
        assert_eq!(comment(&m), "0.050s");
        m.book = true;
        assert_eq!(comment(&m), "book");
    }
}
