import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { writePgn, readPgn, formatSeconds } from '../page/pgn.mjs';

const MATCH = readFileSync(new URL('./fixtures/match-nutty.pgn', import.meta.url), 'utf8');

test('a game written exactly as `kyodai match -pgnout` wrote it', () => {
  // fixtures/match-nutty.pgn: kyodai match -engine cmd=kyodai name=A depth=2
  // -engine cmd=kyodai name=B depth=2 -variant nutty -games 1 -maxmoves 12
  const tags = Object.fromEntries([...MATCH.matchAll(/^\[(\w+) "(.*)"\]$/gm)].map((m) => [m[1], m[2]]));
  const movetext = MATCH.split('\n\n')[1].replace(/\n/g, ' ');
  const moves = [...movetext.matchAll(/(?:\d+\. )?(\S+) \{([^}]*)\}/g)]
    .filter((m) => !m[2].startsWith('Draw'))
    .map((m) => ({ text: m[1], comment: m[2] }));
  const text = writePgn({
    event: tags.Event, site: tags.Site, date: tags.Date, round: 1,
    white: 'A', black: 'B', result: '1/2-1/2', termination: 'adjudication',
    reason: 'Draw by adjudication: maximum number of moves',
    variant: 'nutty-shogi', startFen: tags.FEN, standardStart: '(another)',
    timeControl: 'inf', moves,
  });
  assert.equal(text, MATCH);
});

test('no FEN tag from the standard start; Gote to move starts with 1...', () => {
  const start = '5k6/12/12/12/12/12/12/12/12/12/12/5K6 b - 0 1';
  const text = writePgn({
    white: 'You', black: 'Kyodai', result: '*', variant: 'chu', startFen: start,
    standardStart: start, timeControl: '2/move', moves: [{ text: 'f12e12', comment: '1.0s' }],
    date: '2026.11.28',
  });
  assert.ok(!text.includes('[FEN'));
  assert.match(text, /\[Termination "unterminated"\]/);
  assert.match(text, /\n1\.\.\. f12e12 \{1\.0s\} \*\n\n$/);
});

test('reading back a PGN: variant, FEN, moves with legs and promotions', () => {
  const g = readPgn(MATCH);
  assert.equal(g.variant, 'nutty-shogi');
  assert.equal(g.moves.length, 24);
  assert.equal(g.moves[18], 'g3g11+');
  assert.equal(g.result, '1/2-1/2');
  assert.equal(formatSeconds(2.5), '2.5');
  assert.equal(formatSeconds(10), '10');
});
