// Replay the mates `kyodai mate --json` found with lishogi's rules library,
// shogiops (npm), which must be installed where this script runs
// (scripts/shogiops_mate.sh does that):
//
//   node shogiops_mate.mjs PROBLEMS < RESULTS
//
// PROBLEMS: the problem file (`sfen SFEN ; NAME` lines); RESULTS: one JSON
// object a problem. For each `mate`, every move of its line must be one
// shogiops allows, every attacker's move but the last must leave the
// defender in check, and the line must end the game won by the attacker:
// the defender's last royal taken (the attacker may have no King, as
// problems leave it out) or, with the attacker's King on the board,
// shogiops' own outcome (a bare King loses). Prints each failure and a
// last line `replayed N, failed M`; exit status 1 on any failure.
import { parseSfen } from 'shogiops/sfen';
import { makeUsi } from 'shogiops/util';
import * as fs from 'fs';
import { movesOf, after } from './shogiops_lib.mjs';

const problems = new Map();
for (const line of fs.readFileSync(process.argv[2], 'utf8').split('\n')) {
  if (!line.startsWith('sfen ')) continue;
  const [sfen, name] = line.slice(5).split(' ; ');
  problems.set(name, sfen);
}

function royals(pos, color) {
  let n = 0;
  for (const [, p] of pos.board) if (p.color === color && (p.role === 'king' || p.role === 'prince')) n++;
  return n;
}

// Why the line does not replay as a mate; undefined if it does.
function replayFailure(sfen, line) {
  let pos = parseSfen('chushogi', sfen).unwrap();
  const attacker = pos.turn;
  const defender = attacker === 'sente' ? 'gote' : 'sente';
  const moves = line.split(' ');
  for (let i = 0; i < moves.length; i++) {
    const move = movesOf(pos).find(m => makeUsi(m) === moves[i]);
    if (!move) return `ply ${i + 1}, ${moves[i]}: not a legal move`;
    pos = after(pos, move);
    const last = i === moves.length - 1;
    if (!last && royals(pos, defender) === 0) return `ply ${i + 1}: the last royal taken before the line ends`;
    if (!last && pos.turn === defender && !pos.isCheck()) return `ply ${i + 1}, ${moves[i]}: no check`;
  }
  const outcome = royals(pos, attacker) > 0 ? pos.outcome() : undefined;
  if (royals(pos, defender) > 0 && !(outcome && outcome.winner === attacker))
    return 'the game is not won at the end of the line';
  return undefined;
}

let replayed = 0, failed = 0;
for (const line of fs.readFileSync(0, 'utf8').split('\n')) {
  if (!line.trim()) continue;
  const result = JSON.parse(line);
  if (result.verdict !== 'mate') continue;
  const sfen = problems.get(result.name);
  const failure = sfen === undefined ? 'not in the problem file' : replayFailure(sfen, result.line);
  if (failure) {
    failed++;
    console.log(`${result.name}: ${failure}`);
  } else replayed++;
}
console.log(`replayed ${replayed}, failed ${failed}`);
process.exit(failed > 0 ? 1 : 0);
