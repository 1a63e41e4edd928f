// Mate problems (tsume) on the page: the position a player pastes, and the
// words for what the module's mate solver answered (src/host/page.rs,
// solve_problem and defend_problem; docs/problems.md). Pure: the solving
// and the judging of moves are the engine's.

import { sfenToFen } from './notation.mjs';

/**
 * The position of a problem as the player pastes it, for `variant`: a FEN
 * (Kyodai's rules), or for Chu lishogi's SFEN (lishogi's rules, as `kyodai
 * mate` solves SFEN problems): `sfen …`, or four fields (`… b - 1`; a FEN
 * has five). A line of a problem file (`sfen … ; NAME`) and USI's
 * `position sfen …` are taken too. Returns {fen, rules}; throws on an
 * SFEN outside Chu or an empty text.
 */
export function readProblemPosition(text, variant) {
  const position = text.replace(/\s;.*$/s, '').trim().replace(/^position\s+/, '');
  if (!position) throw new Error('Paste a position first (FEN, or SFEN for Chu).');
  const sfen = /^sfen\s+/.test(position);
  const fields = position.split(/\s+/);
  if (sfen || (variant === 'chu' && fields.length === 4)) {
    if (variant !== 'chu') throw new Error('An SFEN is a Chu position: choose Chu Shogi first.');
    return { fen: sfenToFen(position.replace(/^sfen\s+/, '')), rules: 'lishogi' };
  }
  return { fen: position, rules: 'standard' };
}

const sideName = (side) => (side === 'w' ? 'Sente' : 'Gote');

/** Seconds for people: `0.04 s`, `2.3 s`, `1 s`, `10 s`. */
export function seconds(ms) {
  const s = ms / 1000;
  if (Number.isInteger(s) || s >= 10) return `${Math.round(s)} s`;
  return `${s.toFixed(s < 0.1 ? 2 : 1)} s`;
}

/**
 * What the solver's answer about a position with `side` to move (the
 * attacker) says, as a title and a line under it: `Mate in 7`, `No
 * mate`, `Unknown within 10 s` (`limitMs`, the limit it had). The length
 * is in plies to the mating move, as problem books count them.
 */
export function verdictText(answer, side, limitMs) {
  const attacker = sideName(side);
  const defender = sideName(side === 'w' ? 'b' : 'w');
  const effort = `${answer.nodes.toLocaleString('en')} positions in ${seconds(answer.ms)}`;
  if (answer.verdict === 'mate') {
    const shortest = answer.minimal
      ? 'none shorter'
      : 'a shorter one was not ruled out';
    return {
      title: answer.length === 0 ? `${attacker} takes the last royal` : `Mate in ${answer.length}`,
      detail: `${attacker} mates in ${answer.length} plies whatever ${defender} does (${shortest}); ${effort}.`,
    };
  }
  if (answer.verdict === 'nomate') {
    return { title: 'No mate', detail: `${defender} escapes every sequence of checks; ${effort}.` };
  }
  return {
    title: `Unknown within ${seconds(limitMs)}`,
    detail: `Neither a mate nor an escape was found (${effort}); a longer limit may settle it.`,
  };
}
