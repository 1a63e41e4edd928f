// List every Chu move lishogi's rules library (shogiops) generates, one
// USI string per path, for each SFEN read from stdin (one a line); print
// the sorted moves of each position on one line, then, with a depth
// argument, `perft N` of the first position by shogiops' own perft.
// Used by scripts/shogiops_check.sh.
import { parseSfen } from 'shogiops/sfen';
import { makeUsi } from 'shogiops/util';
import { perft } from 'shogiops/debug';
import { secondLionStepDests } from 'shogiops/variant/chushogi';
import { pieceCanPromote, pieceForcePromote } from 'shogiops/variant/util';
import * as fs from 'fs';

const LION_POWER = ['lion', 'lionpromoted', 'eagle', 'falcon'];
const depth = Number(process.argv[2] || 0);
const sfens = fs.readFileSync(0, 'utf8').trim().split('\n');
for (const sfen of sfens) {
  const pos = parseSfen('chushogi', sfen).unwrap();
  const moves = [];
  for (const [from, dests] of pos.allMoveDests()) {
    for (const to of dests) {
      const piece = pos.board.get(from);
      const promotions = [];
      if (pieceCanPromote(pos.rules)(piece, from, to, pos.board.get(to))) {
        promotions.push(true);
        if (!pieceForcePromote(pos.rules)(piece, to)) promotions.push(false);
      } else promotions.push(false);
      for (const promotion of promotions) moves.push(makeUsi({ from, to, promotion }));
      // `to` as a first step: the squares a second step reaches from it.
      if (LION_POWER.includes(piece.role))
        for (const end of secondLionStepDests(pos, from, to))
          moves.push(makeUsi({ from, to: end, midStep: to }));
    }
  }
  console.log(moves.sort().join(' '));
}
if (depth > 0) {
  const pos = parseSfen('chushogi', sfens[0]).unwrap();
  console.log(`perft ${perft(pos, depth)}`);
}
