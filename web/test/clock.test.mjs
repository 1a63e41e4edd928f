import test from 'node:test';
import assert from 'node:assert/strict';
import {
  parseControl, customControl, controlTag, describeControl, levelCommand, engineCommands,
  GameClock, formatClock,
} from '../page/clock.mjs';

test('time controls: tags as `kyodai match` writes them, read and written', () => {
  assert.deepEqual(parseControl('300+3'), { base: 300_000, increment: 3000, byoyomi: 0 });
  assert.deepEqual(parseControl('600 byoyomi 30'), { base: 600_000, increment: 0, byoyomi: 30_000 });
  assert.deepEqual(parseControl('0 byoyomi 1.5'), { base: 0, increment: 0, byoyomi: 1500 });
  for (const tag of ['60', '180+2', '300+3', '600+5', '1800', '600 byoyomi 30', '10+0.1', '0 byoyomi 1.5', '3+1 byoyomi 5']) {
    assert.equal(controlTag(parseControl(tag)), tag);
  }
  for (const bad of ['', 'x', '5+', '-1', '0', '0+1', '100000', '10+61', '1 byoyomi 4000', '2/move']) {
    assert.throws(() => parseControl(bad), Error, bad);
  }
  assert.deepEqual(customControl('0.05', '', '0'), { base: 3000, increment: 0, byoyomi: 0 });
  assert.equal(controlTag(customControl('10', '0', '30')), '600 byoyomi 30');
  assert.throws(() => customControl('0', '2', '0'), /no time at all/);
  assert.throws(() => customControl('-1', '0', '0'), /minutes/);
  assert.equal(describeControl(parseControl('300+3')), '5+3');
  assert.equal(describeControl(parseControl('60')), '1+0');
  assert.equal(describeControl(parseControl('600 byoyomi 30')), '10 min, then 30 s a move (byoyomi)');
  assert.equal(describeControl(parseControl('0 byoyomi 10')), '10 s a move (byoyomi)');
});

test("CECP's level as `kyodai match` sends it", () => {
  assert.equal(levelCommand(parseControl('300+3')), 'level 0 5 3');
  assert.equal(levelCommand(parseControl('10+0.1')), 'level 0 0:10 0.1');
  assert.equal(levelCommand(parseControl('90')), 'level 0 1:30 0');
  assert.equal(levelCommand(parseControl('1.5')), 'level 0 0.025 0');
});

test('what Kyodai is told before it moves: level, time and otim; byoyomi as a time a move', () => {
  const inc = parseControl('180+2');
  assert.deepEqual(engineCommands(inc, 123_456, 99_999), ['level 0 3 2', 'time 12345', 'otim 9999']);
  const byo = parseControl('600 byoyomi 10');
  // Its share of the main time and the byoyomi is more than the byoyomi.
  assert.deepEqual(engineCommands(byo, 590_000, 600_000), ['level 0 10 0', 'time 60000', 'otim 61000']);
  // Less: the byoyomi on every move, less a margin, never over the clock.
  assert.deepEqual(engineCommands(byo, 250_000, 600_000), ['st 9']);
  assert.deepEqual(engineCommands(byo, 0, 0), ['st 9']);
  assert.deepEqual(engineCommands(parseControl('0 byoyomi 1'), 0, 0), ['st 0.9']);
});

/** A clock with a hand-set time. */
function clockAt(tag) {
  const t = { now: 0 };
  const clock = new GameClock(parseControl(tag), { now: () => t.now });
  return { clock, t };
}

test('the clock: one side runs, a move charges it and adds the increment', () => {
  const { clock, t } = clockAt('60+2');
  clock.start('w');
  t.now = 5000;
  assert.deepEqual(clock.show('w'), { main: 55_000, byoyomi: 0 });
  assert.deepEqual(clock.show('b'), { main: 60_000, byoyomi: 0 });
  assert.equal(clock.press(), true);
  assert.equal(clock.turn, 'b');
  assert.equal(clock.left.w, 57_000);
  t.now = 65_000;
  assert.equal(clock.flagged(), null, 'exactly all of it is still in time');
  t.now = 65_001;
  assert.equal(clock.flagged(), 'b');
  assert.equal(clock.press(), false, 'a move after the flag loses');
  assert.equal(clock.flag, 'b');
  assert.equal(clock.running, false);
  assert.deepEqual(clock.show('b'), { main: 0, byoyomi: 0 });
});

test('byoyomi: once the main time is spent, each move has the period afresh', () => {
  const { clock, t } = clockAt('10 byoyomi 5');
  clock.start('w');
  t.now = 12_000; // 2 s into the byoyomi
  assert.deepEqual(clock.show('w'), { main: 0, byoyomi: 3000 });
  assert.equal(clock.press(), true);
  assert.equal(clock.left.w, 0);
  t.now = 13_000;
  clock.press(); // Gote: 1 s of its main time
  assert.equal(clock.left.b, 9000);
  t.now = 17_900;
  assert.equal(clock.flagged(), null);
  assert.deepEqual(clock.show('w'), { main: 0, byoyomi: 100 });
  assert.equal(clock.press(), true, 'within the period');
  t.now = 13_000 + 4900 + 9000 + 5001;
  assert.equal(clock.flagged(), 'b');
});

test('stop, expire and take-back: the clocks as they were when the position was reached', () => {
  const { clock, t } = clockAt('100');
  clock.start('w');
  t.now = 10_000;
  clock.press(); // Sente 90 s
  t.now = 30_000;
  clock.press(); // Gote 80 s
  t.now = 35_000;
  clock.press(); // Sente 85 s
  assert.deepEqual(clock.left, { w: 85_000, b: 80_000 });
  t.now = 50_000;
  clock.undo(2); // back to Sente's second move: its 5 s and Gote's 15 s come back
  assert.deepEqual(clock.left, { w: 90_000, b: 100_000 });
  assert.equal(clock.turn, 'b');
  assert.equal(clock.since, 50_000);
  t.now = 52_000;
  assert.equal(clock.show('b').main, 98_000);
  clock.stop();
  t.now = 99_000;
  assert.equal(clock.show('b').main, 98_000, 'stopped');
  assert.equal(clock.flagged(), null);
  clock.undo(1);
  assert.deepEqual(clock.left, { w: 100_000, b: 100_000 });
  assert.equal(clock.turn, 'w');
  clock.expire('w');
  assert.equal(clock.flagged(), 'w');
  assert.throws(() => clock.undo(1));
});

test('clock readings', () => {
  assert.equal(formatClock(300_000), '5:00');
  assert.equal(formatClock(299_999), '4:59');
  assert.equal(formatClock(3_723_000), '1:02:03');
  assert.equal(formatClock(10_000), '0:10');
  assert.equal(formatClock(9_999), '0:09.9');
  assert.equal(formatClock(420), '0:00.4');
  assert.equal(formatClock(-5), '0:00.0');
});
