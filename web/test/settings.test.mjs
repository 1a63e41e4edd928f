// The page's kept choices (web/page/settings.mjs) against stand-ins for the
// document's controls and the browser's storage.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { KEPT, restoreSettings, saveSettings } from '../page/settings.mjs';

// A control as the page has it: a menu with its entries, a number input
// with a range, a checkbox.
function select(value, entries) {
  return { type: 'select-one', value, options: entries.map((v) => ({ value: v })) };
}
function number(value, min, max) {
  return {
    type: 'number',
    value,
    checkValidity() {
      const n = Number(this.value);
      return this.value !== '' && n >= min && n <= max;
    },
  };
}
const checkbox = (checked) => ({ type: 'checkbox', checked });

function page() {
  const controls = {
    variant: select('chu', ['chu', 'dai', 'wa-shogi']),
    mode: select('sente', ['sente', 'gote', 'watch']),
    clock: select('move', ['move', '60', 'custom']),
    'clock-min': number('5', 0, 1440),
    'clock-inc': number('3', 0, 60),
    'clock-byo': number('0', 0, 3600),
    time: select('1', ['0.5', '1', '2']),
    skill: number('20', 0, 20),
    labels: select('kanji', ['kanji', 'latin']),
    analyse: checkbox(true),
    multipv: select('2', ['1', '2', '3']),
    notation: select('cecp', ['cecp', 'usi', 'kif']),
    'review-time': select('500', ['200', '500', '1000', '3000']),
    'problem-time': select('10000', ['1000', '3000', '10000', '30000', '60000']),
  };
  return { controls, getElementById: (id) => controls[id] ?? null };
}

function memoryStorage() {
  const items = new Map();
  return { getItem: (k) => items.get(k) ?? null, setItem: (k, v) => items.set(k, String(v)), items };
}

test('the choices made on one visit are the controls\' values on the next', () => {
  const storage = memoryStorage();
  const first = page();
  Object.assign(first.controls.variant, { value: 'wa-shogi' });
  Object.assign(first.controls.clock, { value: 'custom' });
  Object.assign(first.controls['clock-min'], { value: '12.5' });
  Object.assign(first.controls.labels, { value: 'latin' });
  Object.assign(first.controls.notation, { value: 'kif' });
  Object.assign(first.controls['problem-time'], { value: '30000' });
  first.controls.analyse.checked = false;
  saveSettings(first, storage);
  const next = page();
  assert.deepEqual(restoreSettings(next, storage), KEPT);
  assert.equal(next.controls.variant.value, 'wa-shogi');
  assert.equal(next.controls.clock.value, 'custom');
  assert.equal(next.controls['clock-min'].value, '12.5');
  assert.equal(next.controls.labels.value, 'latin');
  assert.equal(next.controls.notation.value, 'kif');
  assert.equal(next.controls['problem-time'].value, '30000');
  assert.equal(next.controls.analyse.checked, false);
  assert.equal(next.controls.mode.value, 'sente');
});

test('a kept value the page no longer accepts leaves the control at its default', () => {
  const storage = memoryStorage();
  storage.setItem('kyodai.settings', JSON.stringify({
    variant: 'no-such-variant', 'clock-min': '99999', skill: 7, analyse: 'yes', time: '2', labels: 'latin',
  }));
  const p = page();
  assert.deepEqual(restoreSettings(p, storage), ['time', 'labels']);
  assert.equal(p.controls.variant.value, 'chu');
  assert.equal(p.controls['clock-min'].value, '5');
  assert.equal(p.controls.skill.value, '20');
  assert.equal(p.controls.analyse.checked, true);
  assert.equal(p.controls.time.value, '2');
});

test('broken or missing storage keeps nothing and breaks nothing', () => {
  for (const stored of ['{not json', 'null', '42', '"text"']) {
    const storage = memoryStorage();
    storage.items.set('kyodai.settings', stored);
    const p = page();
    assert.deepEqual(restoreSettings(p, storage), []);
    assert.equal(p.controls.variant.value, 'chu');
  }
  assert.deepEqual(restoreSettings(page(), null), []);
  const refusing = { getItem: () => { throw new Error('denied'); }, setItem: () => { throw new Error('full'); } };
  assert.doesNotThrow(() => saveSettings(page(), refusing));
  assert.deepEqual(restoreSettings(page(), refusing), []);
});
