import test from 'node:test';
import assert from 'node:assert/strict';
import { parseLine, parseColourFen, formatScore, MultiPv, parseOption } from '../page/protocol.mjs';

// Lines recorded from `target/release/kyodai xboard` (see session.test.mjs
// for the same lines from a live engine).
test('highlight: a Lion on f6 beside two Pawns (Chu)', () => {
  const ev = parseLine('highlight 12/12/12/12/3YYRYY4/3YCCCY4/3YC1CY4/3YCCCY4/3YYYYY4/12/12/12', 12);
  assert.equal(ev.type, 'highlight');
  assert.equal(ev.marks.get('f8'), 'capture');
  assert.equal(ev.marks.get('f7'), 'leg');
  assert.equal(ev.marks.get('d8'), 'quiet');
  assert.equal(ev.marks.has('f6'), false);
  assert.equal(ev.marks.size, 24);
});

test('colour FEN: victims in lower case, two-digit runs, 16 ranks', () => {
  const marks = parseColourFen('12/12/12/12/4RRR5/4RgR5/4RRR5/12/12/12/12/12', 12);
  assert.equal(marks.get('f7'), 'victim');
  assert.equal(marks.get('e8'), 'capture');
  const big = parseColourFen('16/15M/14B1/16/16/16/16/16/16/16/16/16/16/16/16/C15', 16);
  assert.equal(big.get('p15'), 'promotion');
  assert.equal(big.get('o14'), 'forced');
  assert.equal(big.get('a1'), 'leg');
});

test('thinking lines, with legs in the PV', () => {
  const ev = parseLine('8 2 40 245238 f3f5 g10e8 f5h7 e8e6 c1d2 e6d5,d5d6 h7i8,i8h7 d8d7');
  assert.deepEqual(
    { ...ev, pv: ev.pv.length },
    { type: 'thinking', depth: 8, score: 2, centiseconds: 40, nodes: 245238, pv: 8 },
  );
  assert.equal(ev.pv[5], 'e6d5,d5d6');
});

test('results, refusals, errors, pong, choice, move', () => {
  assert.deepEqual(parseLine('1-0 {Gote lost its last royal}'), {
    type: 'result', result: '1-0', reason: 'Gote lost its last royal',
  });
  assert.equal(parseLine('1/2-1/2 {Draw by repetition}').result, '1/2-1/2');
  assert.deepEqual(parseLine("Illegal move (bad square in leg 'z9z9'): z9z9"), {
    type: 'illegal', reason: "bad square in leg 'z9z9'", move: 'z9z9',
  });
  assert.equal(parseLine('Error (no move to undo): undo').reason, 'no move to undo');
  assert.equal(parseLine('tellusererror Illegal position: FEN has 1 ranks, 12 expected').type, 'usererror');
  assert.deepEqual(parseLine('pong 7'), { type: 'pong', id: '7' });
  assert.deepEqual(parseLine('choice +'), { type: 'choice', piece: '+' });
  assert.deepEqual(parseLine('move f6f7,f7f8'), { type: 'move', move: 'f6f7,f7f8' });
});

test('features and options', () => {
  const f = parseLine('feature ping=1 setboard=1 myname="Kyodai 0.1.0" variants="chu,dai"');
  assert.equal(f.features.myname, 'Kyodai 0.1.0');
  assert.equal(f.features.variants, 'chu,dai');
  assert.deepEqual(parseOption('Skill level -spin 20 0 20'), {
    name: 'Skill level', kind: 'spin', default: 20, min: 0, max: 20,
  });
  assert.deepEqual(parseOption('Rules -combo *standard /// lishogi').choices, ['standard', 'lishogi']);
  assert.equal(parseLine('feature option="MultiPV -spin 1 1 64"').name, 'MultiPV');
  assert.equal(parseLine('feature done=1').type, 'done');
});

test('scores as kyodai match writes them', () => {
  assert.equal(formatScore(0), '+0.00');
  assert.equal(formatScore(-751), '-7.51');
  assert.equal(formatScore(99995), '+M3');
  assert.equal(formatScore(-99998), '-M1');
});

test('MultiPV: lines gathered per depth, best first', () => {
  const pv = new MultiPv(3);
  const line = (d, s, m) => parseLine(`${d} ${s} 0 100 ${m}`);
  pv.add(line(1, 7, 'd5d6'));
  pv.add(line(1, 7, 'i5i6'));
  assert.deepEqual(pv.add(line(1, 6, 'c1d2')).map((l) => l.pv[0]), ['d5d6', 'i5i6', 'c1d2']);
  // A new depth's first line replaces the first line only.
  assert.deepEqual(pv.add(line(2, -1, 'f3f5')).map((l) => l.depth), [2, 1, 1]);
  pv.add(line(2, -2, 'a4a5'));
  assert.deepEqual(pv.add(line(2, -3, 'b4b5')).map((l) => l.pv[0]), ['f3f5', 'a4a5', 'b4b5']);
});
