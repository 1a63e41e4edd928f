// The page's words for mate problems (web/page/problem.mjs): positions as
// players paste them, and the solver's answers as the problem card says them.
import test from 'node:test';
import assert from 'node:assert/strict';
import { readProblemPosition, verdictText, seconds } from '../page/problem.mjs';

const KINU01 = '5ex1+Pc2/6okt3/3s4X2+H/2+D9/3p+v1+Dpt3/12/12/2+a6q2/12/12/12/12';

test('a problem position: a FEN, or for Chu an SFEN in any of the forms lishogi and kyodai mate write', () => {
  const sfen = { fen: `${KINU01} w - 0 1`, rules: 'lishogi' };
  assert.deepEqual(readProblemPosition(`${KINU01} b - 1`, 'chu'), sfen);
  assert.deepEqual(readProblemPosition(`sfen ${KINU01} b - 1 ; kinu01\n`, 'chu'), sfen);
  assert.deepEqual(readProblemPosition(`position sfen ${KINU01} b - 1`, 'chu'), sfen);
  // Gote to move in an SFEN is `b` in the FEN.
  assert.equal(readProblemPosition(`${KINU01} w - 1`, 'chu').fen, `${KINU01} b - 0 1`);
  assert.deepEqual(readProblemPosition(`  ${KINU01} w - 0 1 `, 'chu'), { fen: `${KINU01} w - 0 1`, rules: 'standard' });
  assert.deepEqual(readProblemPosition('11k/11/11 w - 0 1', 'wa-shogi'), { fen: '11k/11/11 w - 0 1', rules: 'standard' });
  assert.throws(() => readProblemPosition(`sfen ${KINU01} b - 1`, 'dai'), /An SFEN is a Chu position/);
  assert.throws(() => readProblemPosition(' \n', 'chu'), /Paste a position first/);
});

test("the solver's verdicts in words: mate in N, no mate, unknown within the limit", () => {
  const mate = { verdict: 'mate', length: 7, minimal: true, line: [], nodes: 10554, ms: 1234 };
  assert.deepEqual(verdictText(mate, 'w', 10000), {
    title: 'Mate in 7',
    detail: 'Sente mates in 7 plies whatever Gote does (none shorter); 10,554 positions in 1.2 s.',
  });
  assert.match(verdictText({ ...mate, minimal: false }, 'b', 10000).detail, /^Gote mates in 7 plies whatever Sente does \(a shorter one was not ruled out\)/);
  assert.equal(verdictText({ ...mate, length: 0 }, 'w', 10000).title, 'Sente takes the last royal');
  const nomate = { verdict: 'nomate', length: null, minimal: false, line: [], nodes: 28, ms: 3 };
  assert.deepEqual(verdictText(nomate, 'w', 10000), {
    title: 'No mate',
    detail: 'Gote escapes every sequence of checks; 28 positions in 0.00 s.',
  });
  const unknown = { verdict: 'unknown', length: null, minimal: false, line: [], nodes: 250000, ms: 10004 };
  assert.equal(verdictText(unknown, 'w', 10000).title, 'Unknown within 10 s');
  assert.deepEqual([seconds(40), seconds(2345), seconds(1000), seconds(30000)], ['0.04 s', '2.3 s', '1 s', '30 s']);
});
