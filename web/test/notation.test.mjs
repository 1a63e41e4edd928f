import test from 'node:test';
import assert from 'node:assert/strict';
import {
  parseFen, writeFen, parseMove, moveText, applyMove, squareName, parseSquare, pieceAt, boardCoordinates,
} from '../page/notation.mjs';

const CHU = 'lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL w - 0 1';
const DAI = "lnuicsgkgsciunl/a1c'1f1tet1f1c'1a/1x'1a'1wxl!ow1a'1x'1/rf'mvbhdqdhbvmf'r/ppppppppppppppp/4p'5p'4/15/15/15/4P'5P'4/PPPPPPPPPPPPPPP/RF'MVBHDQDHBVMF'R/1X'1A'1WOL!XW1A'1X'1/A1C'1F1TET1F1C'1A/LNUICSGKGSCIUNL w - 0 1";

test('squares: files from a, ranks from 1, two-digit ranks', () => {
  assert.equal(squareName(0, 0), 'a1');
  assert.equal(squareName(15, 15), 'p16');
  assert.deepEqual(parseSquare('l12', 12, 12), { file: 11, rank: 11 });
  assert.equal(parseSquare('m1', 12, 12), null);
  assert.equal(parseSquare('a13', 12, 12), null);
});

test('FEN round trip: Chu and Dai start positions (primes, bangs, two-digit runs)', () => {
  const chu = parseFen(CHU, 12, 12);
  assert.equal(chu.cells[0][5], 'K');
  assert.equal(chu.cells[11][6], 'k');
  assert.equal(chu.cells[2][5], 'N');
  assert.equal(writeFen(chu), CHU);
  const dai = parseFen(DAI, 15, 15);
  assert.equal(dai.cells[1][2], "C'");
  assert.equal(dai.cells[2][7], 'L!');
  assert.equal(writeFen(dai), DAI);
});

test('the piece on a square: a token, null when empty or off the board', () => {
  const chu = parseFen(CHU, 12, 12);
  assert.equal(pieceAt(chu, 'f1'), 'K');
  assert.equal(pieceAt(chu, 'g12'), 'k');
  assert.equal(pieceAt(chu, 'e6'), null);
  assert.equal(pieceAt(chu, 'm1'), null);
  assert.equal(pieceAt(chu, 'a13'), null);
});

test('FEN errors say what is wrong', () => {
  assert.throws(() => parseFen('12/12 w', 12, 12), /2 ranks, 12 expected/);
  assert.throws(() => parseFen(CHU.replace('lfcsgekgscfl', 'lfcsgekgscf'), 12, 12), /11 files/);
  assert.throws(() => parseFen(CHU.replace('pppppppppppp', 'ppppp?pppppp'), 12, 12), /bad character/);
});

test('moves: plain, promotion, legs, passes', () => {
  assert.deepEqual(parseMove('f6f8'), { pass: false, from: 'f6', kills: [], to: 'f8', promote: false });
  assert.equal(parseMove('c8c9+').promote, true);
  assert.deepEqual(parseMove('f6f7,f7f8').kills, ['f7']);
  assert.deepEqual(parseMove('h4h12,h12h13+'), { pass: false, from: 'h4', kills: ['h12'], to: 'h13', promote: true });
  assert.deepEqual(parseMove('e5f6,f6g7,g7h8').kills, ['f6', 'g7']);
  assert.equal(parseMove('f6f7,f7f6').to, 'f6');
  assert.equal(parseMove('@@@@').pass, true);
  assert.equal(parseMove('f6f6').pass, true);
  assert.equal(parseMove('f6f7,f8f9'), null);
  assert.equal(parseMove('bestmove'), null);
  assert.equal(moveText(['f6', 'f7', 'f8']), 'f6f7,f7f8');
  assert.equal(moveText(['c8', 'c9'], true), 'c8c9+');
});

test('applying a Lion double capture, igui and a promotion', () => {
  const fen = '5k6/12/12/12/5p6/5p6/5N6/12/12/12/12/5K6 w - 0 1';
  const pos = parseFen(fen, 12, 12);
  const promo = (t) => ({ P: '+P', N: null }[t] ?? null);
  const dbl = applyMove(pos, parseMove('f6f7,f7f8'), promo);
  assert.equal(writeFen(dbl), '5k6/12/12/12/5N6/12/12/12/12/12/12/5K6 b - 0 1');
  const igui = applyMove(pos, parseMove('f6f7,f7f6'), promo);
  assert.equal(writeFen(igui), '5k6/12/12/12/5p6/12/5N6/12/12/12/12/5K6 b - 0 1');
  const p = parseFen('5k6/12/12/12/12/12/12/12/5P6/12/12/5K6 w - 0 1', 12, 12);
  const prom = applyMove(p, parseMove('f4f5+'), promo);
  assert.equal(prom.cells[4][5], '+P');
  // A pass (by a named piece or not) changes only the side to move.
  assert.equal(writeFen(applyMove(pos, parseMove('f6f6'), promo)), fen.replace(' w ', ' b '));
  assert.equal(writeFen(applyMove(pos, parseMove('@@@@'), promo)), fen.replace(' w ', ' b '));
});

test('SFEN for Chu: the same board, the side letters swapped', async () => {
  const { writeSfen, sfenToFen } = await import('../page/notation.mjs');
  const pos = parseFen(CHU, 12, 12);
  // The start SFEN as lishogi writes it (src/notation/usi.rs's test).
  const start = 'lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 1';
  assert.equal(writeSfen(pos, 1), start);
  assert.equal(sfenToFen(start), CHU);
  assert.equal(sfenToFen(start.replace(' b - 1', ' w 7f 12')).split(' ')[1], 'b');
  assert.throws(() => sfenToFen('12/12 x - 1'), /not an SFEN/);
});

test("board coordinates: Kyodai's a1 at Sente's lower left, lishogi's 12a at the upper left", () => {
  const cecp = boardCoordinates(12, 12, 'cecp', false);
  assert.deepEqual([cecp.files[0], cecp.files[11], cecp.ranks[0], cecp.ranks[11]], ['a', 'l', '12', '1']);
  const usi = boardCoordinates(12, 12, 'usi', false);
  assert.deepEqual([usi.files[0], usi.files[11], usi.ranks[0], usi.ranks[11]], ['12', '1', 'a', 'l']);
  const kif = boardCoordinates(12, 12, 'kif', false);
  assert.deepEqual([kif.ranks[0], kif.ranks[6], kif.ranks[11]], ['一', '七', '十二']);
  // Flipped, Gote's side is at the bottom: the labels run the other way.
  const flipped = boardCoordinates(12, 12, 'usi', true);
  assert.deepEqual([flipped.files[0], flipped.ranks[0]], ['1', 'l']);
});
