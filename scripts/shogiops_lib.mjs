// What the shogiops scripts (shogiops_moves.mjs, usi_selfplay.mjs,
// shogiops_mate.mjs) share: lishogi's Chu start position, every move
// shogiops generates (one per path, as its own perft lists them), a
// position after a move, shogiops' outcome in Kyodai's words, and their
// random numbers.
import { secondLionStepDests } from 'shogiops/variant/chushogi';
import { pieceCanPromote, pieceForcePromote } from 'shogiops/variant/util';

export const START = 'lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 1';
export const LION_POWER = ['lion', 'lionpromoted', 'eagle', 'falcon'];

// Every move of the side to move, one per path: a Lion-power piece's
// double move via secondLionStepDests (`from mid to`), with the middle and
// final squares in their right places. None once a side has lost its
// Kings (shogiops' game is over).
export function legalMoves(pos) {
  return pos.isWithoutKings() ? [] : movesOf(pos);
}

// `legalMoves` whether or not both sides have Kings: a mate problem's
// attacker has none, and its game goes on.
export function movesOf(pos) {
  const moves = [];
  for (const [from, dests] of pos.allMoveDests()) {
    const piece = pos.board.get(from);
    for (const to of dests) {
      if (pieceCanPromote(pos.rules)(piece, from, to, pos.board.get(to))) {
        moves.push({ from, to, promotion: true });
        if (!pieceForcePromote(pos.rules)(piece, to)) moves.push({ from, to, promotion: false });
      } else moves.push({ from, to, promotion: false });
      if (LION_POWER.includes(piece.role))
        for (const end of secondLionStepDests(pos, from, to))
          moves.push({ from, to: end, midStep: to, promotion: false });
    }
  }
  return moves;
}

// The position after `move`, `pos` unchanged.
export function after(pos, move) {
  const child = pos.clone();
  child.play(move);
  return child;
}

// shogiops' outcome in Kyodai's words (`kyodai perft --outcome`);
// undefined while the game goes on.
export function outcomeText(pos) {
  const o = pos.outcome();
  if (!o) return undefined;
  const result = o.winner === 'sente' ? '1-0' : o.winner === 'gote' ? '0-1' : '1/2-1/2';
  const reason = { kingslost: 'last-royal-lost', stalemate: 'no-legal-move', bareking: 'bare-king', draw: 'kings-only' }[o.result] || o.result;
  return `${result} ${reason}`;
}

// xorshift32 from `seed` (0 counts as 1): `random(n)` is the next number
// modulo n.
export function xorshift32(seed) {
  let s = (seed >>> 0) || 1;
  return n => {
    s ^= s << 13; s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5; s >>>= 0;
    return s % n;
  };
}
