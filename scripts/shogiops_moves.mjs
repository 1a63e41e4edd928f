// Compare Kyodai's Chu with lishogi's rules library, shogiops (npm), which
// must be installed where this script runs (scripts/shogiops_check.sh does
// that). Two modes:
//
//   node shogiops_moves.mjs sets DEPTH < SFENS
//     For each SFEN read from stdin (one a line) print the sorted USI moves
//     shogiops generates, one string per path, on one line; then
//     `perft N` of the first position at DEPTH (0: none).
//
//   node shogiops_moves.mjs games KYODAI SEED GAMES POSITIONS
//     Play GAMES random games from the start position with shogiops
//     (seeded: the same SEED gives the same games), keep at least POSITIONS
//     distinct positions from them, and compare each with Kyodai under
//     lishogi's rules (`KYODAI perft chu D --rules lishogi --by path
//     --notation usi --divide --outcome --moves ...`, the game's moves in
//     USI notation): the set of moves, the count below each move (depth
//     2; the start position depth 3) and the game's outcome. Prints what
//     it compared and every difference; exit status 1 on any.
//
// Counts are shogiops' own move generation and `play`, counted by a perft
// of this script's: shogiops' `perft` (debug.js, 0.18.0) plays a Lion's
// two-step move with its middle and final squares exchanged. A count
// stops at a position whose side to move has lost its royals, where the
// game is over (shogiops' `outcome`: 'kingslost'), as Kyodai's does.
import { parseSfen, makeSfen } from 'shogiops/sfen';
import { makeUsi } from 'shogiops/util';
import { execFileSync } from 'child_process';
import * as fs from 'fs';
import { START, legalMoves, after, outcomeText, xorshift32 } from './shogiops_lib.mjs';

const LIONS = ['lion', 'lionpromoted'];

function perft(pos, depth) {
  if (depth === 0) return 1;
  const moves = legalMoves(pos);
  if (depth === 1) return moves.length;
  let n = 0;
  for (const m of moves) n += perft(after(pos, m), depth - 1);
  return n;
}

if (process.argv[2] === 'sets') {
  const depth = Number(process.argv[3] || 0);
  const sfens = fs.readFileSync(0, 'utf8').trim().split('\n');
  for (const sfen of sfens) {
    const pos = parseSfen('chushogi', sfen).unwrap();
    console.log(legalMoves(pos).map(makeUsi).sort().join(' '));
  }
  if (depth > 0) console.log(`perft ${perft(parseSfen('chushogi', sfens[0]).unwrap(), depth)}`);
  process.exit(0);
}

if (process.argv[2] !== 'games') {
  console.error('usage: shogiops_moves.mjs sets DEPTH < SFENS | games KYODAI SEED GAMES POSITIONS');
  process.exit(2);
}
const [kyodai, seedText, gamesText, positionsText] = process.argv.slice(3);
const GAMES = Number(gamesText);
const POSITIONS = Number(positionsText);
const MAX_PLIES = 400;

// The same seed, the same games.
const random = xorshift32(Number(seedText));

// USI square `7g` is CECP `f6`: files from the right, ranks from the top.
function cecpSquare(usi) {
  const m = usi.match(/^(\d+)([a-l])/);
  return [String.fromCharCode(97 + 12 - Number(m[1])) + (12 - (m[2].charCodeAt(0) - 97)), m[0].length];
}

function captures(pos, m) {
  const victim = sq => sq !== undefined && pos.board.get(sq) && pos.board.get(sq).color !== pos.turn;
  return (m.to !== m.from && victim(m.to)) || victim(m.midStep);
}

function takes(pos, m, roles) {
  const victim = sq => sq !== undefined && roles.includes(pos.board.get(sq)?.role) && pos.board.get(sq).color !== pos.turn;
  return (m.to !== m.from && victim(m.to)) || victim(m.midStep);
}

const takesLion = (pos, m) => takes(pos, m, LIONS);
const takesRoyal = (pos, m) => takes(pos, m, ['king', 'prince']);

function squareDistance(a, b) {
  return Math.max(Math.abs((a & 15) - (b & 15)), Math.abs((a >> 4) - (b >> 4)));
}

function lionsOf(pos, color) {
  return [...pos.board.color(color).intersect(pos.board.roles(...LIONS))];
}

// Whether a Lion of each side stands within `n` king steps of the other.
function lionsWithin(pos, n) {
  return lionsOf(pos, 'sente').some(a => lionsOf(pos, 'gote').some(b => squareDistance(a, b) <= n));
}

// The moves of the side's Lions that end nearest two squares from an
// enemy Lion, where rule 1 (a protected Lion two squares away) applies.
function lionApproaches(pos, moves) {
  const theirs = lionsOf(pos, pos.turn === 'sente' ? 'gote' : 'sente');
  if (theirs.length === 0) return [];
  const distance = m => Math.abs(Math.min(...theirs.map(l => squareDistance(m.to, l))) - 2);
  const lionMoves = moves.filter(m => LIONS.includes(pos.board.get(m.from).role) && !captures(pos, m));
  if (lionMoves.length === 0) return [];
  const best = Math.min(...lionMoves.map(distance));
  return lionMoves.filter(m => distance(m) === best);
}

// Random games that capture often and spare the royals, so that boards
// empty and kings get bared, and whose Lions seek each other out, so that
// the Lion-trading rules come into play; a move that would bring a
// position back a third time is avoided (Kyodai applies lishogi's
// repetition rule, which shogiops does not know).
const samples = new Map(); // SFEN -> { pos, usi: [...], final }
const outcomesOfGames = {};
for (let game = 0; game < GAMES; game++) {
  let pos = parseSfen('chushogi', START).unwrap();
  const usi = [];
  const seen = new Map();
  const keep = (final) => {
    const sfen = makeSfen(pos);
    const known = samples.get(sfen);
    if (!known) samples.set(sfen, { pos, usi: [...usi], final });
    else known.final ||= final;
  };
  for (let ply = 0; ; ply++) {
    const outcome = pos.outcome();
    if (outcome || ply >= MAX_PLIES) {
      keep(true);
      const name = outcome ? `${outcome.result}` : 'unfinished';
      outcomesOfGames[name] = (outcomesOfGames[name] || 0) + 1;
      break;
    }
    if (ply % 4 === game % 4 || pos.lastLionCapture !== undefined || lionsWithin(pos, 3)) keep(false);
    const board = p => makeSfen(p).split(' ').slice(0, 2).join(' ');
    seen.set(board(pos), (seen.get(board(pos)) || 0) + 1);
    let moves = legalMoves(pos);
    if (random(10) > 0 && moves.some(m => !takesRoyal(pos, m)))
      moves = moves.filter(m => !takesRoyal(pos, m));
    let next;
    while (moves.length > 0) {
      const lionTakes = moves.filter(m => takesLion(pos, m));
      const approaches = lionApproaches(pos, moves);
      const taking = moves.filter(m => captures(pos, m));
      const pick = lionTakes.length > 0 && random(4) === 0 ? lionTakes
        : approaches.length > 0 && random(3) > 0 ? approaches
        : taking.length > 0 && random(10) < 7 ? taking : moves;
      const move = pick[random(pick.length)];
      next = after(pos, move);
      if ((seen.get(board(next)) || 0) < 2) {
        usi.push(makeUsi(move));
        break;
      }
      moves = moves.filter(m => m !== move);
      next = undefined;
    }
    if (!next) {
      keep(true);
      outcomesOfGames.repetition = (outcomesOfGames.repetition || 0) + 1;
      break;
    }
    pos = next;
  }
  if (samples.size >= POSITIONS && game >= GAMES - 1) break;
}

let compared = 0, differing = 0, withLionCapture = 0, lionMeetsLion = 0, lionsNear = 0, lionBarred = 0, leaves = 0;
const finals = {};
const report = [];
// A shogiops SFEN as Kyodai's FEN: the same board, the side letters the
// other way round (`b` is Sente in SFEN, `w` in Kyodai's FEN), the Lion
// square in CECP notation.
function kyodaiFen(sfen) {
  const [board, side, lion] = sfen.split(' ');
  return `${board} ${side === 'b' ? 'w' : 'b'} ${lion === '-' ? '-' : cecpSquare(lion)[0]} 0 1`;
}

// Positions the rules single out, as SFENs (what each shows in its name).
const SPECIAL = [
  // Gote's promoted Kirin has just taken a Lion on 7e: Sente's Rook may
  // take it there, not the Lions on 10e and 3f; Sente's Lion may take a
  // Lion (rule 1 aside); the Horned Falcon on 3h may not.
  ['rule2-same-square', '11k/12/12/5g6/2n2+o6/6s2n2/4D2N1p2/9+H2/12/2R2R6/12/K11 b 7e 1'],
  // Protected Lions two squares away: guarded by a Go-Between behind,
  // reached over a Pawn or a Silver, x-rayed by a Rook behind the Lion.
  ['rule1-bridges', '11k/12/n11/5i6/N4n6/4sp6/r4N6/9ni1/8p3/9N2/12/K11 b - 1'],
  ['rule1-unprotected', '11k/12/12/12/5n6/12/3P1N6/12/2+O1n7/12/12/K11 b - 1'],
  ['bare-king', '12/12/7k4/12/12/12/12/4K7/12/12/1P10/G1p9 b - 1'],
  ['bare-king-gote-to-move', '12/12/7k4/12/12/12/12/4K7/12/12/1P10/G1p9 w - 1'],
  ['bare-king-takes-last-piece', '12/12/7k4/6G5/12/12/12/4K7/12/12/1P10/12 w - 1'],
  ['bare-king-two-pieces', '12/12/7k4/6G5/12/12/12/4K7/12/12/12/S11 w - 1'],
  ['bare-king-checks', '12/6K5/7k4/12/12/12/12/12/12/12/12/G11 b - 1'],
  ['bare-king-two-royals', '12/12/7k4/12/12/12/12/4K7/4+E7/12/12/G11 w - 1'],
  ['bare-king-pawns-only', '2L9/12/7k4/12/12/12/12/1I2K7/P11/12/12/12 w - 1'],
  ['bare-king-go-between-counts', '12/12/7k4/2i9/12/12/12/4K7/12/12/12/G11 w - 1'],
  ['kings-only', '1PL8k/12/12/12/12/12/12/12/12/12/12/K8pl1 b - 1'],
  ['kings-only-adjacent', '1P10/12/12/12/12/6k5/5K6/12/12/12/12/12 b - 1'],
  ['kings-only-live-pawn', '11k/1P10/12/12/12/12/12/12/12/12/12/K11 b - 1'],
  ['no-legal-move', 'KP10/PP10/12/12/12/12/12/10g1/12/12/12/11k b - 1'],
  ['last-rank-promotion', '11k/5P6/1L10/12/12/12/12/12/12/12/7l1p2/K11 b - 1'],
];

function compare(name, pos, usi, depth, fen) {
  const args = ['perft', 'chu', String(depth), '--rules', 'lishogi', '--by', 'path', '--notation', 'usi', '--divide', '--outcome'];
  if (fen) args.push('--fen', fen);
  if (usi.length > 0) args.push('--moves', usi.join(' '));
  const out = execFileSync(kyodai, args, { encoding: 'utf8' }).trim().split('\n');
  const theirs = new Map();
  let outcome = '';
  for (const line of out) {
    const words = line.split(' ');
    if (words[0] === 'outcome') outcome = words.slice(1, 3).join(' ');
    else if (words[0] !== 'total') theirs.set(words[0], Number(words[1]));
  }
  const ours = new Map();
  const moves = legalMoves(pos);
  for (const m of moves) ours.set(makeUsi(m), perft(after(pos, m), depth - 1));
  const problems = [];
  for (const [m, n] of ours) {
    if (!theirs.has(m)) problems.push(`${m} only in shogiops`);
    else if (theirs.get(m) !== n) problems.push(`${m}: shogiops ${n}, kyodai ${theirs.get(m)}`);
  }
  for (const m of theirs.keys()) if (!ours.has(m)) problems.push(`${m} only in kyodai`);
  const expected = outcomeText(pos) || 'none';
  if (outcome !== expected) problems.push(`outcome: shogiops ${expected}, kyodai ${outcome}`);
  compared++;
  for (const n of ours.values()) leaves += n;
  if (pos.lastLionCapture !== undefined) withLionCapture++;
  if (moves.some(m => LIONS.includes(pos.board.get(m.from).role) && takesLion(pos, m))) lionMeetsLion++;
  if (lionsWithin(pos, 2)) lionsNear++;
  // Rule 1 at work: a Lion two squares from an enemy Lion it may not take.
  const enemy = pos.turn === 'sente' ? 'gote' : 'sente';
  if (lionsOf(pos, pos.turn).some(a => lionsOf(pos, enemy).some(b => squareDistance(a, b) === 2 &&
    !moves.some(m => m.from === a && m.to === b && m.midStep === undefined)))) lionBarred++;
  if (problems.length > 0) {
    differing++;
    report.push(`${name} (${makeSfen(pos)}; moves ${usi.join(' ') || '-'}):\n  ${problems.slice(0, 8).join('\n  ')}`);
  }
  return expected;
}

const startLeaves = perft(parseSfen('chushogi', START).unwrap(), 3);
compare('start position, depth 3', parseSfen('chushogi', START).unwrap(), [], 3);
const specialOutcomes = [];
for (const [name, sfen] of SPECIAL)
  specialOutcomes.push(`${name} ${compare(name, parseSfen('chushogi', sfen).unwrap(), [], 2, kyodaiFen(sfen))}`);
for (const s of samples.values()) {
  const expected = compare(`position ${compared}`, s.pos, s.usi, 2);
  if (s.final) finals[expected] = (finals[expected] || 0) + 1;
}
console.log(`games: ${Object.entries(outcomesOfGames).map(([k, v]) => `${k} ${v}`).join(', ')}`);
console.log(`final positions by outcome: ${Object.entries(finals).map(([k, v]) => `${k} ${v}`).join(', ')}`);
console.log(`start position perft 3 by path: ${startLeaves}`);
console.log(`special positions (${SPECIAL.length}), outcomes: ${specialOutcomes.join(', ')}`);
console.log(`positions compared: ${compared} (after a non-Lion took a Lion: ${withLionCapture}; ` +
  `Lions two squares apart or closer: ${lionsNear}; a Lion can take a Lion: ${lionMeetsLion}; ` +
  `a Lion may not take one two squares away: ${lionBarred}); leaves counted: ${leaves}`);
console.log(`positions differing: ${differing}`);
for (const r of report.slice(0, 10)) console.log(r);
process.exit(differing === 0 ? 0 : 1);
