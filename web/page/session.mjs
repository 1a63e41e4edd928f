// The page's conversation with Kyodai in CECP. Works with any object that has
// postMessage(line) and addMessageListener(fn) (the browser module, or a
// native `kyodai xboard` process in tests). Each request ends with `ping N`:
// Kyodai answers commands in order, so the lines before `pong N` are that
// request's answer.

import { parseLine } from './protocol.mjs';

export class Session {
  constructor(engine, { log } = {}) {
    this.engine = engine;
    this.log = log ?? (() => {});
    this.height = 12;
    this.pings = 0;
    this.fences = new Map(); // ping id -> { lines, resolve }
    this.collecting = []; // the open fences' line buffers
    this.queue = Promise.resolve();
    this.going = null; // the running go(), if any
    this.stopped = false; // stop() was called during it
    this.handlers = { thinking: [], result: [], move: [], line: [] };
    this.options = [];
    this.readsFen = false;
    this.features = {};
    engine.addMessageListener((line) => this.receive(line));
  }

  on(kind, fn) {
    this.handlers[kind].push(fn);
  }

  emit(kind, value) {
    for (const fn of this.handlers[kind]) fn(value);
  }

  send(line) {
    this.log('>', line);
    this.engine.postMessage(line);
  }

  receive(line) {
    this.log('<', line);
    this.emit('line', line);
    const ev = parseLine(line, this.height);
    switch (ev.type) {
      case 'pong': {
        const fence = this.fences.get(ev.id);
        if (fence) {
          this.fences.delete(ev.id);
          this.collecting = this.collecting.filter((c) => c !== fence.lines);
          fence.resolve(fence.lines);
        }
        return;
      }
      case 'thinking':
        this.emit('thinking', ev);
        return;
      case 'move':
        this.emit('move', ev.move);
        break;
      case 'result':
        this.emit('result', ev);
        break;
      case 'option':
        this.options.push(ev);
        break;
      case 'feature':
        Object.assign(this.features, ev.features);
        break;
      default:
        break;
    }
    for (const buf of this.collecting) buf.push(ev);
  }

  /** Send lines, then resolve with the events they caused (up to `pong`). */
  request(...lines) {
    const run = () =>
      new Promise((resolve) => {
        const id = String(++this.pings);
        const buf = [];
        this.fences.set(id, { lines: buf, resolve });
        this.collecting.push(buf);
        for (const l of lines) this.send(l);
        this.send(`ping ${id}`);
      });
    const p = this.queue.then(run);
    this.queue = p.catch(() => {});
    return p;
  }

  /** The handshake: `xboard`, `protover 2`, features up to `feature done=1`. */
  async init() {
    this.send('xboard');
    const done = new Promise((resolve) => {
      const off = (line) => {
        if (line.trim() === 'feature done=1') resolve();
      };
      this.on('line', off);
    });
    this.send('protover 2');
    await done;
    // Kyodai's `fen` (its position as a FEN line) where it has it.
    const evs = await this.request('post', 'fen');
    this.readsFen = evs.some((e) => e.type === 'fen');
    return this.features;
  }

  /** The engine's position as a FEN, or null when it cannot say. */
  async fen() {
    if (!this.readsFen) return null;
    const evs = await this.request('fen');
    return evs.find((e) => e.type === 'fen')?.fen ?? null;
  }

  /** The option Kyodai announced whose name matches (case-insensitive). */
  option(name) {
    return this.options.find((o) => o.name.toLowerCase() === name.toLowerCase()) ?? null;
  }

  /** `option NAME=VALUE` with the engine's own spelling of NAME. */
  setOption(name, value) {
    const o = this.option(name);
    return this.request(`option ${o ? o.name : name}=${value}`);
  }

  /** A new game of `variant` in force mode, from `fen` if given; resolves
   * with an error message if the engine refused the FEN. */
  async newGame(variant, height, fen) {
    this.height = height;
    const lines = ['new', `variant ${variant}`, 'force'];
    if (fen) lines.push(`setboard ${fen}`);
    const evs = await this.request(...lines);
    const bad = evs.find((e) => e.type === 'usererror' || e.type === 'error');
    return bad ? bad.message ?? `${bad.reason}: ${bad.detail}` : null;
  }

  /** `lift SQ`: the marks for the next click (Map square -> marker). */
  async lift(square) {
    const evs = await this.request(`lift ${square}`);
    return lastHighlight(evs) ?? new Map();
  }

  /** `put SQ` (a leg goes on from there, or the move ends there); resolves
   * with the promotion the engine forces (`+`), or null. */
  async put(square) {
    const evs = await this.request(`put ${square}`);
    return evs.find((e) => e.type === 'choice')?.piece ?? null;
  }

  /** `hover SQ`: the other squares whose pieces the move ending there removes. */
  async hover(square) {
    const evs = await this.request(`hover ${square}`);
    const marks = lastHighlight(evs);
    if (!marks) return [];
    return [...marks].filter(([, k]) => k === 'victim').map(([sq]) => sq);
  }

  /** `usermove MOVE`: resolves with { illegal } or { result } or {}. */
  async userMove(text) {
    const evs = await this.request(`usermove ${text}`);
    return answer(evs);
  }

  /** `go`: Kyodai plays the side to move; resolves with its move (null if
   * stopped) and any result it then claimed. The page takes control back
   * with `force` after each move. `before`: lines sent just before `go`
   * (the clocks: `time`, `otim`). */
  go(before = []) {
    this.going = this.think(before).finally(() => {
      this.going = null;
    });
    return this.going;
  }

  async think(before) {
    // Kyodai answers the `ping` after its move, and a result it claims
    // comes right after the move, so both are in this request's answer.
    const evs = await this.request(...before, 'go');
    const move = evs.find((e) => e.type === 'move');
    if (this.stopped) {
      this.stopped = false;
      // A move played before `force` was seen is taken back.
      await this.request(...(move ? ['force', 'undo'] : ['force']));
      return { move: null };
    }
    await this.request('force');
    return { move: move?.move ?? null, ...answer(evs) };
  }

  /** Stop Kyodai's search for a move without its move: `force` at once
   * (not queued behind the search's `ping`), then wait for the search. */
  async stop() {
    if (!this.going) return;
    this.stopped = true;
    this.send('force');
    await this.going;
  }

  /** `analyze`, sent without the `ping` of other requests: it has no
   * answer to wait for, and the analysis then runs with no input line until
   * the page's next command. */
  analyze() {
    const sent = this.queue.then(() => this.send('analyze'));
    this.queue = sent.catch(() => {});
    return sent;
  }

  exitAnalysis() {
    return this.request('exit');
  }

  undo(n = 1) {
    const lines = [];
    for (let i = 0; i < n; i++) lines.push('undo');
    return this.request(...lines);
  }
}

function lastHighlight(evs) {
  const h = evs.filter((e) => e.type === 'highlight');
  return h.length ? h[h.length - 1].marks : null;
}

function answer(evs) {
  const illegal = evs.find((e) => e.type === 'illegal');
  if (illegal) return { illegal: illegal.reason || 'illegal move' };
  const error = evs.find((e) => e.type === 'error');
  if (error) return { illegal: error.reason };
  const result = evs.find((e) => e.type === 'result');
  return result ? { result: { result: result.result, reason: result.reason } } : {};
}
