// Kyodai's USI self-play checked against lishogi's rules library, shogiops
// (npm shogiops@0.18.0), which must be installed where this script runs
// (scripts/usi_selfplay.sh does that).
//
//   node usi_selfplay.mjs KYODAI GAMES MOVETIME_MS FIRST_GAME [MAX_PLIES]
//     Play games FIRST_GAME .. FIRST_GAME+GAMES-1, Kyodai against itself
//     over USI (`KYODAI usi`), `go movetime MOVETIME_MS` a move. Game N
//     starts from the start position after 2-4 random legal plies chosen
//     by an RNG seeded with N (drawn again while they repeat an earlier
//     game's), so game N's opening is reproducible and unlike any other.
//     Every bestmove must parse (shogiops' parseUsi), be legal on
//     shogiops' board (`isLegal`) and be spelled as shogiops spells one of
//     its own moves (makeUsi of a generated move; a Lion's double move as
//     `from mid to`). After every ply shogiops' `outcome()` and lishogi's
//     repetition rule (done here: shogiops does not know it) are compared
//     with Kyodai's verdict on the same moves (`KYODAI perft chu 0 --rules
//     lishogi --notation usi --outcome --moves ...`). A game ends when the
//     rules end it, when an engine answers `bestmove resign` (which
//     shogiops must confirm: every legal move lets the opponent win at
//     once, since Kyodai resigns only when mated in one), or after
//     MAX_PLIES plies (default 300; unfinished). A bestmove later than MOVETIME_MS+200 ms is
//     reported. One line per game, then a summary, then one line
//     `summary-json {...}` for usi_selfplay.sh to combine. Exit status 1
//     on any failure. With USI_SELFPLAY_RECORD=FILE in the environment
//     each game's moves are appended to FILE (`game N RESULT: M1 M2 ...`).
//
//   node usi_selfplay.mjs --replay KYODAI "M1 M2 ..."
//     Replay USI moves from the start position: per ply the move's
//     legality in shogiops, shogiops' outcome, this script's repetition
//     verdict and Kyodai's verdict (to reproduce a reported failure); then,
//     if the game goes on, whether every move of the side to move loses
//     at once (whether a resignation there is right).
//
//   node usi_selfplay.mjs --combine MOVETIME_MS LOG...
//     One summary of the runs whose output is in LOG... (exit 1 on any
//     failure, or a LOG without a summary).
//
// The repetition rule (lishogi's server, scalashogi): the fourth occurrence
// of a position (board, side to move and SFEN Lion field, i.e. the SFEN
// without its move number) draws, unless exactly one side gave check with
// every one of its moves since the position's first occurrence: that side
// loses. lishogi's server counts an "attack" as well as a check in Chu
// (Kyodai does too: the moved piece able to capture an enemy piece); this
// script judges by checks alone, and a disagreement that counting attacks
// (approximated with shogiops' `attacks` of the moved piece) explains is
// reported as a note, not a failure.
//
// Engines: one `KYODAI usi` process per side, started anew for each game.
// That is how an engine plays on lishogi or in a GUI match: each side has
// its own hash table and search state and learns the opponent's moves
// only from `position ... moves`, so the game exercises exactly what a
// real opponent would; only one of the two searches at a time, so the
// CPU each gets is what a single process would get.
import { parseSfen, makeSfen } from 'shogiops/sfen';
import { makeUsi, parseUsi } from 'shogiops/util';
import { attacks } from 'shogiops/attacks';
import { spawn, execFileSync } from 'child_process';
import * as fs from 'fs';
import { START, legalMoves, after, outcomeText, xorshift32 } from './shogiops_lib.mjs';

const DEFAULT_MAX_PLIES = 300;
const LATE_MS = 200;      // a bestmove later than movetime + this is reported
const HANG_MS = 30000;    // no bestmove this long after movetime: a failure
const HASH_MB = 32;

// xorshift32, seeded by the game number (mixed by murmur3's finalizer, so
// that neighbouring numbers give unrelated streams).
function rng(game) {
  let s = game >>> 0;
  s ^= s >>> 16; s = Math.imul(s, 0x85ebca6b) >>> 0;
  s ^= s >>> 13; s = Math.imul(s, 0xc2b2ae35) >>> 0;
  s ^= s >>> 16;
  const random = xorshift32(s ^ 0x9e3779b9);
  for (let i = 0; i < 8; i++) random(1);
  return random;
}

// Game N's opening: 2-4 random legal plies drawn with rng(N), drawn again
// (from the same stream) while they equal the opening of a game 1..N-1,
// so openings differ between games and depend on N alone.
const openings = [];
function openingOf(n) {
  for (let m = openings.length + 1; m <= n; m++) {
    const random = rng(m);
    const taken = new Set(openings);
    let line;
    do {
      const pos = parseSfen('chushogi', START).unwrap();
      const plies = 2 + random(3);
      const moves = [];
      for (let i = 0; i < plies && !pos.outcome(); i++) {
        const legal = legalMoves(pos);
        const move = legal[random(legal.length)];
        pos.play(move);
        moves.push(makeUsi(move));
      }
      line = moves.join(' ');
    } while (taken.has(line));
    openings.push(line);
  }
  return openings[n - 1].split(' ');
}

// A game as shogiops and this script see it: the position, the moves, and
// per position since the start its repetition key; per move whether it
// gave check and whether it attacked (check, or the moved piece can take).
class Game {
  constructor() {
    this.pos = parseSfen('chushogi', START).unwrap();
    this.moves = [];
    this.keys = [Game.key(this.pos)];
    this.checks = [];
    this.attacks = [];
  }

  static key(pos) {
    return makeSfen(pos).split(' ').slice(0, 3).join(' ');
  }

  play(move, usi) {
    const pos = this.pos;
    pos.play(move);
    this.moves.push(usi);
    this.keys.push(Game.key(pos));
    const check = pos.isCheck(); // the side now to move is in check
    const piece = pos.board.get(move.to);
    const threat = !!piece && attacks(piece, move.to, pos.board.occupied).intersect(pos.board.color(pos.turn)).nonEmpty();
    this.checks.push(check);
    this.attacks.push(check || threat);
  }

  // lishogi's repetition rule on the last position, judged by `gave` (per
  // move: counts as a check). undefined: the game goes on.
  repetition(gave = this.checks) {
    const n = this.keys.length - 1;
    const key = this.keys[n];
    const seen = [];
    for (let k = 0; k <= n; k++) if (this.keys[k] === key) seen.push(k);
    if (seen.length < 4) return undefined;
    const first = seen[0];
    // Move j leads from position j to j+1; Sente makes the even ones.
    const always = [true, true];
    for (let j = first; j < n; j++) always[j % 2] &&= gave[j];
    const span = n - first;
    if (always[0] && !always[1]) return { text: '0-1 perpetual-check', first, span, occurrences: seen };
    if (always[1] && !always[0]) return { text: '1-0 perpetual-check', first, span, occurrences: seen };
    return { text: '1/2-1/2 repetition', first, span, occurrences: seen };
  }
}

function kyodaiVerdict(kyodai, moves) {
  const args = ['perft', 'chu', '0', '--rules', 'lishogi', '--notation', 'usi', '--outcome', '--moves', moves.join(' ')];
  let out;
  try {
    out = execFileSync(kyodai, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (e) {
    return { error: `kyodai perft failed: ${(e.stderr || e.message || '').toString().trim()}` };
  }
  const line = out.split('\n').find(l => l.startsWith('outcome '));
  if (!line) return { error: `kyodai perft printed no outcome: ${out.trim()}` };
  if (line === 'outcome none') return { text: undefined, line };
  const w = line.split(' ');
  return { text: `${w[1]} ${w[2]}`, line };
}

// Kyodai resigns only a position where every move loses at once (its
// search finds itself mated in one; the resign threshold is off by
// default): shogiops must agree that after each legal move of the side
// to move the opponent has a reply that ends the game in its favour.
// Returns a move that does not lose at once, or undefined.
function escapeFrom(pos) {
  const side = pos.turn;
  for (const move of legalMoves(pos)) {
    const next = after(pos, move);
    const ended = next.outcome();
    if (ended) {
      if (ended.winner === side || !ended.winner) return makeUsi(move);
      continue;
    }
    const lost = legalMoves(next).some(reply => {
      const o = after(next, reply).outcome();
      return !!o && !!o.winner && o.winner !== side;
    });
    if (!lost) return makeUsi(move);
  }
  return undefined;
}

// Judge the position after the last move: shogiops' outcome, the script's
// repetition rule, Kyodai's verdict. Returns { over, text, failure, note }.
function judge(kyodai, game) {
  const ours = outcomeText(game.pos);
  const ky = kyodaiVerdict(kyodai, game.moves);
  const sfen = makeSfen(game.pos);
  if (ky.error) return { over: true, failure: `${ky.error} (SFEN ${sfen})` };
  const theirs = ky.text;
  if (ours !== undefined) {
    if (theirs === ours) return { over: true, text: ours };
    return { over: true, failure: `outcome: shogiops ${ours}, kyodai ${theirs || 'none'} (${ky.line}; SFEN ${sfen})` };
  }
  const rep = game.repetition();
  const expected = rep?.text;
  if (expected === theirs) return { over: expected !== undefined, text: expected };
  const describe = r => r ? `${r.text} (occurrences at plies ${r.occurrences.join(',')}, span ${r.span})` : 'none';
  const checksOf = r => r ? game.moves.slice(r.first).map((m, i) => `${m}${game.checks[r.first + i] ? '+chk' : ''}${game.attacks[r.first + i] && !game.checks[r.first + i] ? '+att' : ''}`).join(' ') : '';
  const withAttacks = game.repetition(game.attacks);
  const detail = `shogiops none; script (checks only) ${describe(rep)}; script (checks or attacks) ${describe(withAttacks)}; kyodai ${ky.line}; SFEN ${sfen}` +
    (rep || withAttacks ? `; moves since first occurrence: ${checksOf(rep || withAttacks)}` : '');
  if (theirs !== undefined && withAttacks?.text === theirs && rep)
    return { over: true, text: theirs, note: `repetition judged by attacks: ${detail}` };
  return { over: true, failure: `repetition: ${detail}` };
}

// One `KYODAI usi` process: lines in, lines out.
class Engine {
  constructor(cmd, name) {
    this.name = name;
    this.lines = [];
    this.waiter = null;
    this.buffer = '';
    this.errors = [];
    this.stderr = '';
    this.exited = null;
    this.proc = spawn(cmd, ['usi'], { stdio: ['pipe', 'pipe', 'pipe'] });
    this.proc.stdout.setEncoding('utf8');
    this.proc.stdout.on('data', chunk => {
      this.buffer += chunk;
      let i;
      while ((i = this.buffer.indexOf('\n')) >= 0) {
        const line = this.buffer.slice(0, i).replace(/\r$/, '');
        this.buffer = this.buffer.slice(i + 1);
        if (line.startsWith('info string error')) this.errors.push(line);
        this.lines.push(line);
      }
      this.wake();
    });
    this.proc.stderr.setEncoding('utf8');
    this.proc.stderr.on('data', d => { this.stderr = (this.stderr + d).slice(-2000); });
    this.proc.on('exit', (code, signal) => { this.exited = `exited (code ${code}, signal ${signal})`; this.wake(); });
    this.proc.stdin.on('error', () => {});
  }

  wake() {
    if (this.waiter) { const w = this.waiter; this.waiter = null; w(); }
  }

  send(line) {
    if (!this.exited) this.proc.stdin.write(line + '\n');
  }

  // The first line matching `test` (earlier lines dropped); throws on a
  // timeout or the process's exit.
  async expect(test, timeoutMs) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      while (this.lines.length > 0) {
        const line = this.lines.shift();
        if (test(line)) return line;
      }
      if (this.exited) throw new Error(`${this.name} ${this.exited}${this.stderr ? `; stderr: ${this.stderr.trim()}` : ''}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`${this.name}: no answer within ${timeoutMs} ms`);
      await new Promise(resolve => {
        const t = setTimeout(() => { this.waiter = null; resolve(); }, left);
        this.waiter = () => { clearTimeout(t); resolve(); };
      });
    }
  }

  async start() {
    this.send('usi');
    await this.expect(l => l === 'usiok', 10000);
    this.send(`setoption name USI_Hash value ${HASH_MB}`);
    this.send('isready');
    await this.expect(l => l === 'readyok', 10000);
    this.send('usinewgame');
  }

  async quit() {
    if (this.exited) return;
    this.send('quit');
    const gone = new Promise(resolve => this.proc.once('exit', resolve));
    const t = setTimeout(() => this.proc.kill('SIGKILL'), 3000);
    await gone;
    clearTimeout(t);
  }
}

async function playGame(kyodai, n, movetime, maxPlies, stats) {
  const game = new Game();
  const record = { n, plies: 0, result: undefined, failures: [], notes: [], late: [] };
  const fail = (ply, text) => record.failures.push(`game ${n} ply ${ply}: ${text}`);
  let verdict = { over: false };
  for (const usi of openingOf(n)) {
    game.play(parseUsi(usi), usi);
    verdict = judge(kyodai, game);
    if (verdict.over) break;
  }
  const engines = [new Engine(kyodai, `game ${n} Sente engine`), new Engine(kyodai, `game ${n} Gote engine`)];
  try {
    await Promise.all(engines.map(e => e.start()));
    while (!verdict.over && game.moves.length < maxPlies) {
      const ply = game.moves.length + 1;
      const side = game.pos.turn;
      const engine = engines[side === 'sente' ? 0 : 1];
      const sfen = makeSfen(game.pos);
      engine.send(`position startpos moves ${game.moves.join(' ')}`);
      engine.send(`go movetime ${movetime}`);
      const t0 = process.hrtime.bigint();
      const line = await engine.expect(l => l.startsWith('bestmove'), movetime + HANG_MS);
      const took = Number(process.hrtime.bigint() - t0) / 1e6;
      stats.thinks++;
      stats.thought += took;
      if (took > stats.longest.ms) stats.longest = { ms: took, game: n, ply };
      if (took > movetime + LATE_MS) record.late.push(`game ${n} ply ${ply}: bestmove after ${took.toFixed(0)} ms`);
      if (engine.errors.length > 0) {
        fail(ply, `engine error: ${engine.errors.join(' | ')} (moves ${game.moves.join(' ')})`);
        engine.errors = [];
        break;
      }
      const text = line.split(/\s+/)[1];
      if (text === 'resign') {
        record.result = `${side === 'sente' ? '0-1' : '1-0'} resign`;
        stats.resigned++;
        const escape = escapeFrom(game.pos);
        if (escape) fail(ply, `resigned, but in shogiops ${escape} does not lose at once; SFEN ${sfen}; moves ${game.moves.join(' ')}`);
        else stats.resignsConfirmed++;
        break;
      }
      stats.checked++;
      const move = text === undefined ? undefined : parseUsi(text);
      if (!move || !game.pos.isLegal(move)) {
        stats.illegal++;
        fail(ply, `illegal bestmove '${text}' (${line}); SFEN ${sfen}; moves ${game.moves.join(' ') || '-'}`);
        break;
      }
      const spellings = new Set(legalMoves(game.pos).map(makeUsi));
      if (!spellings.has(text)) {
        stats.unlisted++;
        fail(ply, `bestmove '${text}' is legal but not a spelling shogiops generates; SFEN ${sfen}; moves ${game.moves.join(' ')}`);
        break;
      }
      game.play(move, text);
      verdict = judge(kyodai, game);
    }
  } catch (e) {
    fail(game.moves.length + 1, `${e.message}; SFEN ${makeSfen(game.pos)}; moves ${game.moves.join(' ')}`);
  } finally {
    await Promise.all(engines.map(e => e.quit()));
  }
  record.plies = game.moves.length;
  if (verdict.failure) fail(game.moves.length, `${verdict.failure}; moves ${game.moves.join(' ')}`);
  if (verdict.note) record.notes.push(`game ${n} ply ${game.moves.length}: ${verdict.note}; moves ${game.moves.join(' ')}`);
  if (record.result === undefined) {
    if (verdict.over && verdict.text) record.result = verdict.text;
    else if (!verdict.over && game.moves.length >= maxPlies) record.result = '* unfinished';
    else record.result = '* failed';
  }
  record.agreed = verdict.over && !!verdict.text && !verdict.failure;
  if (process.env.USI_SELFPLAY_RECORD)
    fs.appendFileSync(process.env.USI_SELFPLAY_RECORD, `game ${n} ${record.result}: ${game.moves.join(' ')}\n`);
  return record;
}

async function selfplay(kyodai, games, movetime, first, maxPlies) {
  const stats = { thinks: 0, thought: 0, checked: 0, illegal: 0, unlisted: 0, resigned: 0, resignsConfirmed: 0, longest: { ms: 0 } };
  const records = [];
  for (let n = first; n < first + games; n++) {
    const r = await playGame(kyodai, n, movetime, maxPlies, stats);
    records.push(r);
    let line = `game ${n}: ${r.plies} plies, ${r.result}`;
    if (r.failures.length > 0) line += ` FAILURE\n  ${r.failures.join('\n  ')}`;
    else if (r.agreed) line += r.notes.length > 0 ? ' (agreed, with a note)' : ' (agreed)';
    for (const note of r.notes) line += `\n  note: ${note}`;
    for (const late of r.late) line += `\n  late: ${late}`;
    console.log(line);
  }
  const summary = {
    games: records.length,
    plies: records.reduce((a, r) => a + r.plies, 0),
    thinks: stats.thinks,
    thought: stats.thought,
    checked: stats.checked,
    illegal: stats.illegal,
    unlisted: stats.unlisted,
    resigned: stats.resigned,
    resignsConfirmed: stats.resignsConfirmed,
    ended: records.filter(r => !r.result.startsWith('*') && !r.result.endsWith('resign')).length,
    agreed: records.filter(r => r.agreed).length,
    noted: records.filter(r => r.agreed && r.notes.length > 0).length,
    failures: records.reduce((a, r) => a + r.failures.length, 0),
    late: records.reduce((a, r) => a + r.late.length, 0),
    outcomes: {},
    longest: stats.longest,
  };
  for (const r of records) {
    const reason = r.result.split(' ').slice(1).join(' ');
    summary.outcomes[reason] = (summary.outcomes[reason] || 0) + 1;
  }
  console.log(summaryLine(summary, movetime));
  console.log(`summary-json ${JSON.stringify(summary)}`);
  return summary.failures === 0;
}

function summaryLine(s, movetime) {
  const outcomes = Object.entries(s.outcomes).sort().map(([k, v]) => `${k} ${v}`).join(', ');
  const longest = s.longest.ms > 0 ? `${s.longest.ms.toFixed(0)} ms (game ${s.longest.game} ply ${s.longest.ply})` : '-';
  return `summary: games ${s.games}, plies ${s.plies}, bestmoves checked ${s.checked}, illegal ${s.illegal}/${s.checked}, ` +
    `unlisted spellings ${s.unlisted}, results agreed ${s.agreed}/${s.ended}, ` +
    `resignations lost at once in shogiops ${s.resignsConfirmed}/${s.resigned}` +
    (s.noted > 0 ? ` (${s.noted} only with attacks counted: see notes)` : '') +
    `, outcomes: ${outcomes}, failures ${s.failures}, late bestmoves (> ${movetime}+${LATE_MS} ms) ${s.late}/${s.thinks}, ` +
    `longest think ${longest}, mean think ${s.thinks > 0 ? (s.thought / s.thinks).toFixed(0) : '-'} ms`;
}

function replay(kyodai, text) {
  const game = new Game();
  const usi = text.trim().split(/\s+/).filter(Boolean);
  for (const [i, m] of usi.entries()) {
    const move = parseUsi(m);
    const sfen = makeSfen(game.pos);
    const listed = new Set(legalMoves(game.pos).map(makeUsi)).has(m);
    if (!move || !game.pos.isLegal(move)) {
      console.log(`ply ${i + 1} ${m}: ILLEGAL in shogiops (SFEN ${sfen})`);
      return false;
    }
    game.play(move, m);
    const v = judge(kyodai, game);
    const rep = game.repetition();
    console.log(`ply ${i + 1} ${m}${listed ? '' : ' (unlisted spelling)'}${game.checks[i] ? ' check' : ''}: shogiops ${outcomeText(game.pos) || 'none'}, ` +
      `script ${rep?.text || 'none'}, ${v.failure ? `FAILURE ${v.failure}` : v.note ? `note ${v.note}` : `agreed ${v.text || 'none'}`}; SFEN ${makeSfen(game.pos)}`);
  }
  if (!game.pos.outcome()) {
    const escape = escapeFrom(game.pos);
    console.log(`${game.pos.turn} to move: ${escape ? `${escape} does not lose at once` : 'every move loses at once (a resignation is right)'}`);
  }
  return true;
}

// The summaries (`summary-json` lines) in FILES as one.
function combine(movetime, files) {
  const parts = [];
  for (const f of files) {
    const line = fs.readFileSync(f, 'utf8').split('\n').find(l => l.startsWith('summary-json '));
    if (!line) {
      console.log(`${f}: no summary (the run did not finish)`);
      return false;
    }
    parts.push(JSON.parse(line.slice('summary-json '.length)));
  }
  const total = { outcomes: {}, longest: { ms: 0 } };
  for (const p of parts) {
    for (const [k, v] of Object.entries(p)) if (typeof v === 'number') total[k] = (total[k] || 0) + v;
    for (const [k, v] of Object.entries(p.outcomes)) total.outcomes[k] = (total.outcomes[k] || 0) + v;
    if (p.longest.ms > total.longest.ms) total.longest = p.longest;
  }
  console.log(summaryLine(total, movetime));
  return total.failures === 0;
}

const args = process.argv.slice(2);
if (args[0] === '--replay' && args.length === 3) {
  process.exit(replay(args[1], args[2]) ? 0 : 1);
} else if (args[0] === '--combine' && args.length >= 3) {
  process.exit(combine(Number(args[1]), args.slice(2)) ? 0 : 1);
} else if ((args.length === 4 || args.length === 5) && args.slice(1).every(a => /^\d+$/.test(a))) {
  const [kyodai, games, movetime, first, maxPlies = DEFAULT_MAX_PLIES] = [args[0], ...args.slice(1).map(Number)];
  selfplay(kyodai, games, movetime, first, maxPlies).then(ok => process.exit(ok ? 0 : 1), e => {
    console.error(e);
    process.exit(1);
  });
} else {
  console.error('usage: node usi_selfplay.mjs KYODAI GAMES MOVETIME_MS FIRST_GAME [MAX_PLIES]\n' +
    '       node usi_selfplay.mjs --replay KYODAI "M1 M2 ..."\n' +
    '       node usi_selfplay.mjs --combine MOVETIME_MS LOG...');
  process.exit(2);
}
