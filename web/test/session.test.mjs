// The page's engine session against a live native engine
// (`cargo build --release` first; $KYODAI names another binary).

import test from 'node:test';
import assert from 'node:assert/strict';
import { Session } from '../page/session.mjs';
import { nativeEngine, kyodaiBuilt, KYODAI } from './native-engine.mjs';

const skip = kyodaiBuilt() ? false : `no engine at ${KYODAI}: cargo build --release`;

async function session() {
  const engine = nativeEngine();
  const s = new Session(engine);
  await s.init();
  return { s, engine };
}

test('handshake: variants and options from the features', { skip }, async () => {
  const { s, engine } = await session();
  assert.match(s.features.variants, /chu,dai,cashew-shogi,macadamia-shogi,nutty-shogi,suzumu-shogi/);
  assert.equal(s.option('skill level').max, 20);
  assert.equal(s.option('MultiPV').kind, 'spin');
  engine.terminate();
});

test('a Lion double capture and igui entered as the mouse does (Chu)', { skip }, async () => {
  const { s, engine } = await session();
  assert.equal(await s.newGame('chu', 12, '5k6/12/12/12/5p6/5p6/5N6/12/12/12/12/5K6 w - 0 1'), null);
  const first = await s.lift('f6');
  assert.equal(first.get('f7'), 'leg');
  assert.equal(first.get('f8'), 'capture');
  assert.equal(await s.put('f7'), null);
  const second = await s.lift('f7');
  assert.equal(second.get('f8'), 'capture');
  assert.equal(second.get('f6'), 'capture', 'igui: back to its own square');
  assert.deepEqual(await s.hover('f8'), ['f7']);
  assert.deepEqual(await s.userMove('f6f7,f7f8'), {});
  await s.undo();
  assert.deepEqual(await s.userMove('f6f7,f7f6'), {});
  engine.terminate();
});

test('refusals: a bad FEN, an illegal move, nothing to undo', { skip }, async () => {
  const { s, engine } = await session();
  assert.match(await s.newGame('chu', 12, '12/12 w'), /2 ranks, 12 expected/);
  await s.newGame('chu', 12);
  assert.ok((await s.userMove('f4f6')).illegal);
  const r = await s.userMove('z9z9');
  assert.match(r.illegal, /bad square/);
  engine.terminate();
});

test('promotion: offered (Chu Silver entering the zone), forced (Cashew Commoner capturing)', { skip }, async () => {
  const { s, engine } = await session();
  await s.newGame('chu', 12, 'k11/12/12/12/5S6/12/12/12/12/12/12/6K5 w - 0 1');
  const silver = await s.lift('f8');
  assert.equal(silver.get('f9'), 'promotion');
  assert.equal(silver.get('e7'), 'quiet');
  assert.equal(await s.put('f9'), null);
  assert.deepEqual(await s.userMove('f8f9+'), {});
  await s.newGame('cashew-shogi', 13, '6k6/13/13/13/13/13/6p6/6N6/13/13/13/13/6K6 w - 0 1');
  const commoner = await s.lift('g6');
  assert.equal(commoner.get('g7'), 'forced');
  assert.equal(await s.put('g7'), '+');
  assert.deepEqual(await s.userMove('g6g7+'), {});
  engine.terminate();
});

test('the game ends with the engine judging it; go plays and claims', { skip }, async () => {
  const { s, engine } = await session();
  await s.newGame('chu', 12, '5k6/5N6/12/12/12/12/12/12/12/12/12/5K6 w - 0 1');
  assert.deepEqual(await s.userMove('f11f12'), {
    result: { result: '1-0', reason: 'Gote lost its last royal' },
  });
  await s.newGame('chu', 12, '5k6/5N6/12/12/12/12/12/12/12/12/12/5K6 b - 0 1');
  await s.userMove('f12e12');
  await s.request('sd 2');
  const thinking = [];
  s.on('thinking', (t) => thinking.push(t));
  const { move, result } = await s.go();
  assert.equal(move, 'f11e12');
  assert.equal(result.result, '1-0');
  assert.ok(thinking.length > 0);
  engine.terminate();
});

test('analysis with MultiPV streams lines; exit stops them', { skip }, async () => {
  const { s, engine } = await session();
  await s.newGame('chu', 12);
  await s.setOption('MultiPV', 3);
  const lines = [];
  s.on('thinking', (t) => lines.push(t));
  await s.analyze();
  while (!lines.some((l) => l.depth >= 3)) await new Promise((r) => setTimeout(r, 20));
  await s.exitAnalysis();
  assert.equal(lines.filter((l) => l.depth === 1).length, 3);
  engine.terminate();
});

test('stop during go: Kyodai plays nothing, and a move it had played is taken back', { skip }, async () => {
  const { s, engine } = await session();
  await s.newGame('chu', 12);
  await s.request('st 5');
  const going = s.go();
  await new Promise((r) => setTimeout(r, 200));
  await s.stop();
  assert.deepEqual(await going, { move: null });
  // Still Sente to move in the start position: a Sente move is legal.
  assert.deepEqual(await s.userMove('f4f5'), {});
  // A stop too late for the search (its move was on its way): the move
  // Kyodai played is taken back.
  await s.request('st 0.05');
  const quick = s.go();
  s.stopped = true;
  assert.deepEqual(await quick, { move: null });
  assert.deepEqual(await s.userMove('f9f8'), {}, 'Gote to move again');
  engine.terminate();
});
