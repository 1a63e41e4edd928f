// The engine module (web/dist/kyodai.mjs) under Node.js: both protocols'
// handshakes, the same best move as the native binary at a fixed depth in
// every variant, `stop` during endless analysis, bad input, lishogi's
// analysis command sequence, the module without a shared buffer, and its
// record reader and game review.
// Needs `scripts/build-web.sh` and `cargo build --release` first.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import Kyodai from '../dist/kyodai.mjs';

const NATIVE = fileURLToPath(new URL('../../target/release/kyodai', import.meta.url));
const TIMEOUT_MS = 60000;

// An engine (module or native process) read line by line.
class Lines {
  constructor(send) {
    this.send = send;
    this.seen = [];
    this.waiting = [];
  }

  take(line) {
    this.seen.push(line);
    this.waiting = this.waiting.filter(({ prefix, resolve, from }) => {
      const at = this.seen.findIndex((l, i) => i >= from && l.startsWith(prefix));
      if (at < 0) return true;
      resolve({ line: this.seen[at], before: this.seen.slice(from, at) });
      return false;
    });
  }

  // The next line starting with `prefix` (and the lines before it).
  expect(prefix, timeoutMs = TIMEOUT_MS) {
    const from = this.seen.length;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no '${prefix}' within ${timeoutMs} ms; saw ${this.seen.slice(from).join(' | ')}`)), timeoutMs);
      this.waiting.push({ prefix, from, resolve: (r) => { clearTimeout(timer); resolve(r); } });
    });
  }

  async ask(line, prefix, timeoutMs) {
    const answer = this.expect(prefix, timeoutMs);
    this.send(line);
    return answer;
  }
}

async function moduleEngine(options) {
  const engine = await Kyodai(options);
  const lines = new Lines((line) => engine.postMessage(line));
  engine.addMessageListener((line) => lines.take(line));
  lines.close = () => engine.terminate();
  lines.engine = engine;
  return lines;
}

function nativeEngine(args = []) {
  const child = spawn(NATIVE, args, { stdio: ['pipe', 'pipe', 'ignore'] });
  const lines = new Lines((line) => child.stdin.write(`${line}\n`));
  let rest = '';
  child.stdout.on('data', (chunk) => {
    rest += chunk;
    const parts = rest.split('\n');
    rest = parts.pop();
    for (const line of parts) lines.take(line);
  });
  lines.close = () => child.kill();
  return lines;
}

async function cecpMove(engine, variant, depth) {
  await engine.ask('xboard', '', 0).catch(() => {});
  await engine.ask('protover 2', 'feature done=1');
  engine.send(`variant ${variant}`);
  engine.send('force');
  engine.send(`sd ${depth}`);
  const { line } = await engine.ask('go', 'move ');
  return line;
}

test('USI handshake', async () => {
  const e = await moduleEngine();
  const { before } = await e.ask('usi', 'usiok');
  assert.ok(before.includes(`id name ${before[0].slice('id name '.length)}`));
  assert.match(before[0], /^id name Kyodai /);
  assert.ok(before.some((l) => l.startsWith('option name USI_Hash type spin default 64 min 1 max 1024')), 'Hash bounded in the browser');
  assert.ok(before.some((l) => l.startsWith('option name Threads type spin default 1 min 1 max 1')), 'one thread in the browser');
  await e.ask('isready', 'readyok');
  e.close();
});

test('CECP handshake', async () => {
  const e = await moduleEngine();
  e.send('xboard');
  const { before } = await e.ask('protover 2', 'feature done=1');
  assert.ok(before.some((l) => l.includes('myname="Kyodai')));
  assert.ok(before.some((l) => l.includes('variants="chu,dai,cashew-shogi')));
  assert.equal((await e.ask('ping 7', 'pong')).line, 'pong 7');
  e.close();
});

test('every variant: the same move as the native engine at a fixed depth', async () => {
  const describing = await moduleEngine();
  const { variants } = await describing.engine.describe();
  describing.close();
  for (const { name } of variants) {
    const web = await moduleEngine();
    const native = nativeEngine(['xboard']);
    const [a, b] = [await cecpMove(web, name, 4), await cecpMove(native, name, 4)];
    web.close();
    native.close();
    assert.equal(a, b, name);
  }
});

test('stop during go infinite is answered at once', async () => {
  const e = await moduleEngine();
  await e.ask('usi', 'usiok');
  e.send('position startpos');
  await e.ask('go infinite', 'info depth 5');
  const started = performance.now();
  const { line } = await e.ask('stop', 'bestmove');
  const ms = performance.now() - started;
  assert.match(line, /^bestmove \S+/);
  // 50 ms on an idle machine; CI's is shared.
  assert.ok(ms < 1000, `stop answered after ${ms} ms`);
  e.close();
});

test('CECP analysis: . and exit reach the running search', async () => {
  const e = await moduleEngine();
  e.send('xboard');
  await e.ask('protover 2', 'feature done=1');
  e.send('new');
  e.send('post');
  await e.ask('analyze', '4 ');
  const stat = await e.ask('.', 'stat01:');
  assert.match(stat.line, /^stat01: \d+ \d+ \d+/);
  // The analysis goes on after a line answered beside it.
  await e.ask('ping 2', 'pong 2');
  await e.expect('6 ');
  e.send('exit');
  assert.equal((await e.ask('ping 1', 'pong')).line, 'pong 1');
  e.close();
});

test('bad input is answered with an error line and breaks nothing', async () => {
  const e = await moduleEngine();
  await e.ask('usi', 'usiok');
  for (const bad of ['position sfen nonsense', 'setoption name USI_Hash value 99999', 'frobnicate', 'position startpos moves 1a1a']) {
    const { line } = await e.ask(bad, 'info string error');
    assert.ok(line.length > 0, bad);
  }
  e.send('position startpos moves 8i8h');
  const { line } = await e.ask('go depth 3', 'bestmove');
  assert.match(line, /^bestmove \S+/);
  e.close();
});

test("lishogi's browser analysis sequence", async () => {
  const e = await moduleEngine();
  await e.ask('usi', 'usiok');
  for (const line of ['setoption name USI_AnalyseMode value true', 'setoption name USI_Hash value 16', 'setoption name Threads value 1', 'usinewgame']) {
    e.send(line);
  }
  await e.ask('isready', 'readyok');
  e.send('setoption name USI_Variant value chushogi');
  e.send('setoption name MultiPV value 3');
  e.send('position sfen lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 1 moves 8i8h');
  const info = await e.ask('go depth 245', 'info depth 6');
  assert.match(info.line, / multipv 1 /);
  assert.ok(!/ time 0 /.test(info.line), info.line);
  assert.ok(info.before.some((l) => / multipv 3 /.test(l)), 'three lines');
  const stopped = await e.ask('stop', 'bestmove');
  assert.ok(!stopped.before.some((l) => l.startsWith('info string error')), stopped.before.join('\n'));
  // A new position mid-search, then a long search stopped in turn.
  e.send('position startpos');
  const long = e.expect('bestmove');
  e.send('go movetime 90000');
  await e.expect('info depth 4');
  e.send('stop');
  assert.match((await long).line, /^bestmove \S+/);
  e.close();
});

test('without a shared buffer a search without limit still ends', async () => {
  const e = await moduleEngine({ isolated: false, searchLimitMs: 500 });
  assert.equal(e.engine.isolated, false);
  await e.ask('usi', 'usiok');
  e.send('position startpos');
  await e.ask('go infinite', 'info depth 1');
  const started = performance.now();
  const { line } = await e.ask('stop', 'bestmove');
  const ms = performance.now() - started;
  assert.match(line, /^bestmove \S+/);
  // The stop waited for the search's end, which came with the limit.
  assert.ok(ms > 200 && ms < 10000, `stop answered after ${ms} ms`);
  e.close();
});

test("records and reviews: the engine's readers and kyodai analyse's figures, beside a running search", async (t) => {
  const engine = await Kyodai();
  t.after(() => engine.terminate());
  // An endless analysis in the protocol's engine holds up neither.
  const lines = new Lines((line) => engine.postMessage(line));
  engine.addMessageListener((line) => lines.take(line));
  await lines.ask('usi', 'usiok');
  engine.postMessage('position startpos');
  engine.postMessage('go infinite');
  const read = await engine.readRecord('position startpos moves 3i3h 10d10e 3h3z\n');
  assert.equal(read.format, 'USI');
  assert.deepEqual(read.games[0].plies.map((p) => [p.usi, p.cecp, p.kif]), [
    ['3i3h', 'j4j5', '▲3八歩兵 （←3九）'],
    ['10d10e', 'c9c8', '△10五歩兵 （←10四）'],
  ]);
  assert.deepEqual(read.problems.map((p) => [p.game, p.ply, p.text]), [[1, 3, '3h3z']]);
  const progress = [];
  const job = engine.review('[Variant "chu"]\n\n1. f4f5 g9g8 2. f5f6 *\n', {
    movetimeMs: 50,
    onProgress: (done, positions) => progress.push([done, positions]),
  });
  const review = await job.result;
  assert.deepEqual(progress.at(-1), [4, 4]);
  assert.deepEqual(review.plies.map((p) => p.ply), [1, 2, 3]);
  assert.deepEqual(review.totals.map((s) => s.moves), [2, 1]);
  assert.match(review.pgn, /\[WhiteAccuracy "\d+\.\d"\]/);
  // Cancelled, the result rejects at once; a record with no game is
  // refused with the reader's reason.
  const long = engine.review('[Variant "chu"]\n\n1. f4f5 g9g8 2. f5f6 *\n', { movetimeMs: 2000 });
  long.cancel();
  await assert.rejects(long.result, (e) => e.cancelled === true);
  const bad = engine.review('[Variant "nonesuch"]\n\n1. a1a2 *\n');
  await assert.rejects(bad.result, /unknown variant 'nonesuch'/);
  await lines.ask('stop', 'bestmove');
});

// tests/problems/chu-tsume.txt, lishogi's SFEN made the FEN the page sends
// (Sente to move: `b` there, `w` here): tumechu82, a mate in 3; kinu32, a
// mate in 9; kinu39, no mate; kinu03, long to solve.
const MATE_IN_3 = '12/12/12/12/1+I10/brX9/krvI8/n+xO9/PPPPPPPPPPPP/12/12/L1K9 w - 0 1';
const MATE_IN_9 = '8+lc1l/7+h2ok/4+H3Q3/9Fg1/11p/9D2/12/12/12/12/4+L7/12 w - 0 1';
const NO_MATE = '4ge1g3l/4tkx4a/2f2o2t3/12/m4s2p1Gp/5pp5/11Q/12/2H7+p1/12/9+o2/9+v2 w - 0 1';
const LONG = '11l/5t2o1+O1/5n1t1s2/3m3k3q/5pP2p2/12/5N3f2/3+L4+b3/6+A5/12/12/12 w - 0 1';

test("problems: the mate solver's verdicts, the longest defence, bad input, a cancel", async (t) => {
  const engine = await Kyodai();
  t.after(() => engine.terminate());
  const problem = (fen, moves = []) => ({ variant: 'chu', rules: 'lishogi', fen, moves });
  // Node counts, not times: the same answer on any machine.
  const limits = { timeMs: 60000, nodes: 20000 };
  const three = await engine.solveMate(problem(MATE_IN_3), limits).result;
  assert.deepEqual([three.verdict, three.length, three.minimal], ['mate', 3, true]);
  assert.deepEqual(three.line.map((m) => m.usi), ['12i12h', '11h12h', '12l12h', '12g12h', '10h12h']);
  assert.equal(three.line[0].cecp, 'a4a5');
  assert.match(three.line[0].kif, /^▲12八歩兵/);
  const nine = await engine.solveMate(problem(MATE_IN_9), limits).result;
  assert.deepEqual([nine.verdict, nine.length, nine.line.length], ['mate', 9, 11]);
  const none = await engine.solveMate(problem(NO_MATE), limits).result;
  assert.deepEqual([none.verdict, none.length, none.line], ['nomate', null, []]);
  // Played out: a check gets the longest defence, a quiet move is no check,
  // and the capture of the King ends a mate in 3.
  const defence = await engine.defendMate(problem(MATE_IN_3, ['a4a5']), limits).result;
  assert.deepEqual([defence.check, defence.verdict, defence.length], [true, 'mate', 2]);
  assert.deepEqual(await engine.defendMate(problem(MATE_IN_3, ['c1d1']), limits).result, { check: false });
  const played = ['a4a5', defence.line[0].cecp];
  const rest = await engine.solveMate(problem(MATE_IN_3, played), limits).result;
  const end = await engine.defendMate(problem(MATE_IN_3, [...played, ...rest.line.map((m) => m.cecp)]), limits).result;
  assert.deepEqual(end, { ended: '1-0 {Gote lost its last royal}', length: 3 });
  // Bad input is refused with the reason.
  await assert.rejects(engine.solveMate(problem('12/12 w - 0 1')).result, /rank/);
  await assert.rejects(engine.solveMate({ variant: 'nonesuch', fen: MATE_IN_3 }).result, /unknown variant 'nonesuch'/);
  await assert.rejects(engine.solveMate(problem(MATE_IN_3, ['a4a9'])).result, /move 1 \('a4a9'\)/);
  // A long solve, cancelled, rejects at once; the solver then answers afresh.
  const long = engine.solveMate(problem(LONG), { timeMs: 60000 });
  long.cancel();
  await assert.rejects(long.result, (e) => e.cancelled === true);
  assert.equal((await engine.solveMate(problem(MATE_IN_3), limits).result).length, 3);
});
