// Every piece of every variant the engine plays has a kanji label in the
// page's table (web/page/labels.mjs), so no board falls back to letters.
// Needs scripts/build-web.sh first (the variants come from the module).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import Kyodai from '../dist/kyodai.mjs';
import { baseName, kanji } from '../page/labels.mjs';

test('every piece of every variant has a kanji', async () => {
  const engine = await Kyodai();
  const { variants } = await engine.describe();
  engine.terminate();
  const missing = variants.flatMap((v) =>
    v.pieces.filter((p) => !kanji(p.name)).map((p) => `${v.name}: ${p.token} ${baseName(p.name)}`));
  assert.deepEqual(missing, []);
});
