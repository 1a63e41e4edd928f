// The game clock: time controls as `kyodai match` writes them in the PGN's
// TimeControl tag (`300+3`, `600 byoyomi 30`), the two players' clocks,
// and what Kyodai is told of them in CECP. Pure: the time comes from
// `now()` (performance.now() in the page), so the tests can set it.

import { formatSeconds } from './pgn.mjs';

/** The longest main time (a day), increment (a minute) and byoyomi (an
 * hour), as `kyodai match` accepts them. */
export const LIMITS = { base: 24 * 3600_000, increment: 60_000, byoyomi: 3600_000 };

/**
 * A time control from its tag: `BASE[+INC][ byoyomi SECONDS]`, seconds,
 * as `kyodai match` writes it (`300+3`, `60`, `600 byoyomi 30`).
 * Returns { base, increment, byoyomi } in milliseconds; throws on a bad tag.
 */
export function parseControl(tag) {
  const m = /^\s*(\d+(?:\.\d+)?)(?:\+(\d+(?:\.\d+)?))?(?:\s+byoyomi\s+(\d+(?:\.\d+)?))?\s*$/.exec(tag);
  if (!m) throw new Error(`not a time control: ${tag}`);
  const ms = (s) => Math.round(Number(s ?? 0) * 1000);
  return checkControl({ base: ms(m[1]), increment: ms(m[2]), byoyomi: ms(m[3]) });
}

/** A control from the custom entry: minutes, seconds added a move, byoyomi seconds. */
export function customControl(minutes, increment, byoyomi) {
  const num = (text, what) => {
    const n = text === '' || text == null ? 0 : Number(text);
    if (!Number.isFinite(n) || n < 0) throw new Error(`${what}: a number of 0 or more`);
    return n;
  };
  return checkControl({
    base: Math.round(num(minutes, 'minutes') * 60_000),
    increment: Math.round(num(increment, 'increment') * 1000),
    byoyomi: Math.round(num(byoyomi, 'byoyomi') * 1000),
  });
}

function checkControl(c) {
  if (c.base > LIMITS.base) throw new Error('at most 1440 minutes');
  if (c.increment > LIMITS.increment) throw new Error('at most 60 seconds added a move');
  if (c.byoyomi > LIMITS.byoyomi) throw new Error('at most 3600 seconds of byoyomi');
  if (c.base === 0 && c.byoyomi === 0) throw new Error('no time at all: give minutes or byoyomi');
  return c;
}

/** The control's TimeControl tag, as `kyodai match` writes it (src/play). */
export function controlTag(c) {
  let tag = formatSeconds(c.base / 1000);
  if (c.increment) tag += `+${formatSeconds(c.increment / 1000)}`;
  if (c.byoyomi) tag += ` byoyomi ${c.byoyomi / 1000}`;
  return tag;
}

/** The control in words, for the page: `5+3`, `10 min, then 30 s a move`. */
export function describeControl(c) {
  const min = formatSeconds(c.base / 60_000);
  if (c.byoyomi) {
    const then = `${formatSeconds(c.byoyomi / 1000)} s a move (byoyomi)`;
    const inc = c.increment ? ` + ${formatSeconds(c.increment / 1000)} s` : '';
    return c.base ? `${min} min${inc}, then ${then}` : then;
  }
  return `${min}+${formatSeconds(c.increment / 1000)}`;
}

/** CECP's `level 0 BASE INC` for the control (BASE in minutes, or
 * MIN:SS; INC in seconds), as `kyodai match` sends it. */
export function levelCommand(c) {
  const min = Math.floor(c.base / 60_000);
  const rest = c.base % 60_000;
  let base;
  if (rest === 0) base = `${min}`;
  else if (rest % 1000 === 0) base = `${min}:${String(rest / 1000).padStart(2, '0')}`;
  // Fractions of a second: XBoard's MIN:SS takes whole seconds only.
  else base = `${c.base / 60_000}`;
  return `level 0 ${base} ${formatSeconds(c.increment / 1000)}`;
}

// Kyodai's CECP has no byoyomi (`kyodai match` refuses byoyomi= for a
// CECP engine), and shares a clock out over this many moves ahead
// (PLANNED_MOVES in src/time.rs).
const PLANNED_MOVES = 30;

/**
 * What Kyodai is told before it moves: `mine` and `theirs` are the main
 * time left, ms. Without byoyomi, XBoard's `time`/`otim` (centiseconds)
 * under `level`. With byoyomi, the move may take the main time left and
 * the byoyomi: while Kyodai's share of that over the moves ahead is more
 * than the byoyomi, `level` and a `time` of both together; after that a
 * time a move (`st`) of the byoyomi less a margin for the page's messages,
 * which never takes more than the clock allows.
 */
export function engineCommands(c, mine, theirs) {
  const cs = (ms) => Math.max(0, Math.floor(ms / 10));
  if (c.byoyomi && mine < PLANNED_MOVES * c.byoyomi) {
    const margin = Math.min(1000, c.byoyomi / 10);
    return [`st ${formatSeconds((c.byoyomi - margin) / 1000)}`];
  }
  return [levelCommand(c), `time ${cs(mine + c.byoyomi)}`, `otim ${cs(theirs + c.byoyomi)}`];
}

const other = (side) => (side === 'w' ? 'b' : 'w');

/**
 * Both players' clocks ('w' Sente, 'b' Gote). One runs at a time: the side
 * to move's. A move that takes more than the main time left and the
 * byoyomi loses; otherwise its time comes off the main time (not below
 * zero) and the increment is added, as `kyodai match`'s referee charges
 * it (src/play/clock.rs): once the main time is spent, every move has the
 * byoyomi afresh.
 */
export class GameClock {
  constructor(control, { now = () => performance.now() } = {}) {
    this.control = control;
    this.now = now;
    this.left = { w: control.base, b: control.base }; // main time, ms
    this.turn = null; // whose clock runs
    this.since = 0; // when it started
    this.flag = null; // the side whose time ran out
    this.history = []; // before each move: { left, turn }
  }

  /** `side`'s clock runs from now (the start of a game). */
  start(side, at = this.now()) {
    this.turn = side;
    this.since = at;
  }

  get running() {
    return this.turn !== null;
  }

  /** Stop the clock that runs (the game is over), charging its time. */
  stop(at = this.now()) {
    if (!this.turn) return;
    const s = this.turn;
    this.left[s] = Math.max(0, this.left[s] - (at - this.since));
    this.turn = null;
  }

  /** How long `side` may still take for the move now due, ms (main time and byoyomi). */
  allowed(side, at = this.now()) {
    const used = side === this.turn ? at - this.since : 0;
    return Math.max(0, this.left[side] + this.control.byoyomi - used);
  }

  /** What `side`'s clock shows: { main, byoyomi } left (byoyomi: of the
   * period, when the main time is spent; else the whole period). */
  show(side, at = this.now()) {
    if (side === this.flag) return { main: 0, byoyomi: 0 };
    const used = side === this.turn ? at - this.since : 0;
    const main = this.left[side] - used;
    if (main >= 0) return { main, byoyomi: this.control.byoyomi };
    return { main: 0, byoyomi: Math.max(0, this.control.byoyomi + main) };
  }

  /** The side whose time has run out at `at`, or null. */
  flagged(at = this.now()) {
    if (this.flag) return this.flag;
    const s = this.turn;
    return s && at - this.since > this.left[s] + this.control.byoyomi ? s : null;
  }

  /** The running side has moved at `at`: charge it and start the other
   * clock. Returns false (and stops, the side flagged) if it was too late. */
  press(at = this.now()) {
    const s = this.turn;
    if (!s) return false;
    const used = at - this.since;
    if (used > this.left[s] + this.control.byoyomi) {
      this.left[s] = 0;
      this.flag = s;
      this.turn = null;
      return false;
    }
    this.history.push({ left: { ...this.left }, turn: s });
    this.left[s] = Math.max(0, this.left[s] - used) + this.control.increment;
    this.turn = other(s);
    this.since = at;
    return true;
  }

  /** `side` lost on time (the page saw its clock run out): it stops at zero. */
  expire(side) {
    this.left[side] = 0;
    this.flag = side;
    this.turn = null;
  }

  /** Take back `n` moves: the clocks read again what they did when that
   * position was reached, and the side to move's runs from now. */
  undo(n, at = this.now()) {
    if (!n) return;
    const back = this.history[this.history.length - n];
    if (!back) throw new Error(`no ${n} moves to take back on the clock`);
    this.history.length -= n;
    this.left = { ...back.left };
    this.turn = back.turn;
    this.since = at;
    this.flag = null;
  }
}

/** A clock reading: `4:59`, `1:02:03`, under ten seconds `0:09.4`. */
export function formatClock(ms) {
  const t = Math.max(0, ms);
  if (t < 10_000) return `0:0${(Math.floor(t / 100) / 10).toFixed(1)}`;
  const secs = Math.floor(t / 1000);
  const h = Math.floor(secs / 3600);
  const m = Math.floor((secs % 3600) / 60);
  const s = String(secs % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}
