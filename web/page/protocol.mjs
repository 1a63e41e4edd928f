// Reading the lines Kyodai prints in CECP (`kyodai xboard`). Pure functions.

/** The colour letters of a `highlight` line (src/highlight.rs). */
export const MARKERS = {
  Y: 'quiet', // a destination
  R: 'capture', // a destination that captures (hover shows other victims)
  M: 'promotion', // the player chooses whether to promote
  B: 'forced', // promotion is forced: the engine answers `put` with `choice`
  C: 'leg', // the move may go on from here
  g: 'victim', // shown, not legal: a piece the hovered move also removes
};

/**
 * A colour FEN as a Map from square name to marker name. Ranks from the
 * top, files from `a`, runs of unmarked squares as numbers.
 */
export function parseColourFen(fen, height) {
  const marks = new Map();
  const rows = fen.trim().split('/');
  rows.forEach((row, i) => {
    const rank = height - i;
    let file = 0;
    for (const m of row.matchAll(/(\d+)|([A-Za-z])/g)) {
      if (m[1]) {
        file += Number(m[1]);
      } else {
        const kind = MARKERS[m[2]];
        if (kind) marks.set(String.fromCharCode(97 + file) + rank, kind);
        file += 1;
      }
    }
  });
  return marks;
}

const THINKING = /^(\d+)\s+(-?\d+)\s+(\d+)\s+(\d+)\s*(.*)$/;
const RESULT = /^(1-0|0-1|1\/2-1\/2)\s*\{([^}]*)\}/;

/**
 * One output line as an event object with a `type`:
 * feature, done (feature done=1), option (feature option=...), move, thinking,
 * highlight, choice, result, illegal, error, usererror, pong, fen, comment, setup, other.
 */
export function parseLine(line, height = 12) {
  const text = line.trim();
  let m;
  if (text === 'feature done=1') return { type: 'done' };
  if ((m = /^feature option="(.*)"$/.exec(text))) return { type: 'option', ...parseOption(m[1]) };
  if (text.startsWith('feature ')) return { type: 'feature', features: parseFeatures(text.slice(8)) };
  if ((m = /^move\s+(\S+)/.exec(text))) return { type: 'move', move: m[1] };
  if ((m = THINKING.exec(text))) {
    return {
      type: 'thinking',
      depth: Number(m[1]),
      score: Number(m[2]),
      centiseconds: Number(m[3]),
      nodes: Number(m[4]),
      pv: m[5] ? m[5].split(/\s+/) : [],
    };
  }
  if ((m = /^highlight\s+(\S+)/.exec(text))) {
    return { type: 'highlight', marks: parseColourFen(m[1], height) };
  }
  if ((m = /^choice\s+(\S+)/.exec(text))) return { type: 'choice', piece: m[1] };
  if ((m = RESULT.exec(text))) return { type: 'result', result: m[1], reason: m[2] };
  if ((m = /^Illegal move\s*(?:\(([^)]*)\))?\s*:?\s*(.*)$/.exec(text))) {
    return { type: 'illegal', reason: m[1] ?? '', move: m[2] };
  }
  if ((m = /^Error\s*\(([^)]*)\):?\s*(.*)$/.exec(text))) {
    return { type: 'error', reason: m[1], detail: m[2] };
  }
  if ((m = /^tellusererror\s+(.*)$/.exec(text))) return { type: 'usererror', message: m[1] };
  if ((m = /^pong\s+(\S+)/.exec(text))) return { type: 'pong', id: m[1] };
  if ((m = /^fen\s+(.+)$/.exec(text))) return { type: 'fen', fen: m[1] };
  if (text.startsWith('#')) return { type: 'comment', text };
  if (text.startsWith('setup ') || text.startsWith('piece ')) return { type: 'setup', text };
  return { type: 'other', text };
}

/** `feature a=1 b="x y"` as an object. */
export function parseFeatures(text) {
  const out = {};
  for (const m of text.matchAll(/(\w+)=(?:"([^"]*)"|(\S+))/g)) {
    out[m[1]] = m[2] ?? m[3];
  }
  return out;
}

/** `NAME -spin 20 0 20` / `NAME -check 1` / `NAME -combo *a /// b`. */
export function parseOption(text) {
  const m = /^(.*?)\s+-(spin|check|combo|string|button)\s*(.*)$/.exec(text);
  if (!m) return { name: text, kind: 'unknown' };
  const [, name, kind, rest] = m;
  if (kind === 'spin') {
    const [def, min, max] = rest.split(/\s+/).map(Number);
    return { name, kind, default: def, min, max };
  }
  if (kind === 'check') return { name, kind, default: rest.trim() === '1' };
  if (kind === 'combo') {
    const choices = rest.split('///').map((c) => c.trim());
    const marked = choices.find((c) => c.startsWith('*'));
    return {
      name,
      kind,
      choices: choices.map((c) => c.replace(/^\*/, '')),
      default: marked ? marked.slice(1) : choices[0],
    };
  }
  return { name, kind, default: rest };
}

/**
 * A score as the PGN comments of `kyodai match` write it (src/play/referee.rs):
 * pawns with two decimals and a sign, or `+M5` / `-M3` for mates (Kyodai's
 * mate scores count down from 100000 by plies).
 */
export function formatScore(score) {
  const a = Math.abs(score);
  if (a >= 90000) {
    const n = a >= 100000 ? a - 100000 : Math.floor((100000 - a + 1) / 2);
    return `${score > 0 ? '+' : '-'}M${Math.max(n, 1)}`;
  }
  return `${score >= 0 ? '+' : '-'}${(a / 100).toFixed(2)}`;
}

/**
 * MultiPV thinking lines gathered per depth: Kyodai prints each depth's
 * lines best first, so a new depth (or more lines than MultiPV at the same
 * depth, a re-search) starts a new set.
 */
export class MultiPv {
  constructor(count = 1) {
    this.count = count;
    this.clear();
  }

  clear() {
    this.lines = [];
    this.depth = 0;
    this.building = [];
  }

  /** Add a thinking event; returns the lines to show, best first. */
  add(info) {
    if (info.depth !== this.depth || this.building.length >= this.count) {
      this.depth = info.depth;
      this.building = [];
    }
    this.building.push(info);
    // A partial set of a new depth shows over the old set's rest.
    const rest = this.lines.slice(this.building.length);
    this.lines = [...this.building, ...rest].slice(0, this.count);
    return this.lines;
  }
}
