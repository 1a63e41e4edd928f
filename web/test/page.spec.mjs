// The page in headless Chromium: it loads without a console error, plays
// a short game by clicks in every variant against Kyodai, enters a Lion
// double capture, an igui, a promotion and a Nutty burn with the engine's
// marks, shows analysis lines, takes moves back and exports PGN; opens
// game records (a bad one too), reviews a game and reads its graph.
//
// It tests web/dist/ (the page beside the WebAssembly module, built by
// scripts/build-web.sh) when that is built, else the page with native
// engines (native-server.mjs; needs `cargo build --release`).
// Needs Chromium (/usr/bin/chromium, or $CHROMIUM) and `npm ci` in web/.

import test, { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startServer } from './native-server.mjs';
import { startStaticServer } from './static-server.mjs';
import { kyodaiBuilt } from './native-engine.mjs';

const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
const DIST = process.env.KYODAI_WEB_DIST ?? fileURLToPath(new URL('../dist/', import.meta.url));
const useDist = existsSync(`${DIST}index.html`) && existsSync(`${DIST}kyodai.mjs`);
let playwright = null;
try {
  playwright = await import('playwright-core');
} catch {
  playwright = null;
}
const skip = !playwright
  ? 'playwright-core is not installed: npm ci in web/'
  : !existsSync(CHROMIUM)
    ? `no Chromium at ${CHROMIUM}`
    : !useDist && !kyodaiBuilt()
      ? 'neither web/dist (scripts/build-web.sh) nor target/release/kyodai is built'
      : false;

let browser;
let server;

before(async () => {
  if (skip) return;
  server = useDist ? await startStaticServer(DIST) : await startServer();
  browser = await playwright.chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
});

after(async () => {
  await browser?.close();
  server?.close();
});

/** A fresh page on `query`, ready, failing the test on any console error;
 * with kanji labels (the tests read them; the default depends on the
 * machine's fonts) unless `fontDefault`. */
async function open(t, { query = '', width = 1280, height = 800, fontDefault = false } = {}) {
  const page = await browser.newPage({ viewport: { width, height } });
  const errors = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  t.after(async () => {
    await page.close();
    assert.deepEqual(errors, [], 'console errors');
  });
  await page.goto(server.url + query);
  await ready(page);
  if (!fontDefault) await page.selectOption('#labels', 'kanji');
  return page;
}

async function ready(page) {
  await page.waitForFunction(() => window.kyodaiPage?.ready && !window.kyodaiPage.busy, null, { timeout: 20000 });
}

async function idle(page) {
  await page.waitForFunction(() => window.kyodaiPage.ready && !window.kyodaiPage.busy && !window.kyodaiPage.thinking);
}

async function click(page, square) {
  await page.click(`[data-square="${square}"]`);
  await page.waitForFunction(() => !window.kyodaiPage.busy);
}

const marks = (page) => page.evaluate(() => Object.fromEntries(window.kyodaiPage.entry?.marks ?? []));
const moves = (page) => page.$$eval('.ply', (b) => b.map((x) => x.textContent));
const pieceOn = (page, sq) => page.evaluate((s) => {
  const el = document.querySelector(`[data-square="${s}"] .pc`);
  return el ? { label: el.textContent.replace(/\n/g, ''), promoted: el.classList.contains('promoted'), sente: el.classList.contains('sente') } : null;
}, sq);

async function setup(page, { mode = 'watch', fen, variant } = {}) {
  if (variant) await page.selectOption('#variant', variant);
  await page.selectOption('#mode', mode);
  await ready(page);
  if (fen) {
    await page.click('#io-card summary');
    await page.fill('#fen', fen);
    await page.click('#fen-load');
    await page.waitForFunction((f) => window.kyodaiPage.ready && window.kyodaiPage.game.startFen === f, fen);
  }
  await idle(page);
}

test('the page loads with no console error and draws the start position', { skip }, async (t) => {
  const page = await open(t);
  const options = await page.$$eval('#variant option', (o) => o.map((x) => x.value));
  assert.deepEqual(options, ['chu', 'dai', 'cashew-shogi', 'macadamia-shogi', 'nutty-shogi', 'suzumu-shogi', 'wa-shogi', 'tenjiku']);
  assert.equal(await page.locator('.sq').count(), 144);
  assert.equal(await page.locator('.pc').count(), 92);
  assert.deepEqual(await pieceOn(page, 'f1'), { label: '王', promoted: false, sente: true });
  assert.equal((await pieceOn(page, 'g12')).sente, false);
  await page.selectOption('#labels', 'latin');
  assert.equal((await pieceOn(page, 'f1')).label, 'K');
});

test('the pieces show kanji where the browser has a font for them, letters where it would draw boxes', { skip }, async (t) => {
  const page = await open(t, { fontDefault: true });
  const judged = await page.evaluate(async () => {
    const { drawsKanji } = await import('./labels.mjs');
    const font = getComputedStyle(document.querySelector('.pc')).fontFamily;
    return {
      kanji: drawsKanji(document, font),
      latin: drawsKanji(document, font, 'K'),
      missing: drawsKanji(document, font, '\u{10FFFC}'),
    };
  });
  assert.equal(judged.latin, true);
  assert.equal(judged.missing, false);
  const expected = judged.kanji ? 'kanji' : 'latin';
  assert.equal(await page.inputValue('#labels'), expected);
  assert.equal((await pieceOn(page, 'f1')).label, judged.kanji ? '王' : 'K');
});

test('the choices of one visit are kept for the next', { skip }, async (t) => {
  const page = await open(t);
  await page.selectOption('#variant', 'wa-shogi');
  await ready(page);
  await page.selectOption('#mode', 'watch');
  await ready(page);
  await page.selectOption('#labels', 'latin');
  await page.selectOption('#time', '2');
  await page.selectOption('#multipv', '3');
  await page.reload();
  await ready(page);
  assert.equal(await page.inputValue('#variant'), 'wa-shogi');
  assert.equal(await page.inputValue('#mode'), 'watch');
  assert.equal(await page.inputValue('#time'), '2');
  assert.equal(await page.inputValue('#multipv'), '3');
  assert.equal(await page.locator('.sq').count(), 121);
  assert.equal((await pieceOn(page, 'f1')).label, 'K');
  // The address's variant wins over the kept one.
  await page.goto(`${server.url}?variant=dai`);
  await ready(page);
  assert.equal(await page.locator('.sq').count(), 225);
  assert.equal(await page.inputValue('#mode'), 'watch');
});

test('a short game by clicks in every variant against Kyodai, with its thinking shown', { skip }, async (t) => {
  const page = await open(t);
  await page.selectOption('#time', '0.5');
  for (const variant of ['chu', 'dai', 'cashew-shogi', 'macadamia-shogi', 'nutty-shogi', 'suzumu-shogi', 'wa-shogi', 'tenjiku']) {
    await setup(page, { mode: 'sente', variant });
    for (let turn = 0; turn < 2; turn++) {
      // The first Sente piece, from the front, with a quiet move.
      const squares = await page.$$eval('.sq', (cells) =>
        cells.filter((c) => c.querySelector('.pc.sente')).map((c) => c.dataset.square).reverse());
      let moved = false;
      for (const sq of squares) {
        await click(page, sq);
        const quiet = Object.entries(await marks(page)).find(([, k]) => k === 'quiet');
        if (quiet) {
          await click(page, quiet[0]);
          moved = true;
          break;
        }
      }
      assert.ok(moved, `${variant}: a Sente piece with a quiet move`);
      await page.waitForFunction((n) => window.kyodaiPage.game.plies.length === n, 2 * turn + 2, { timeout: 15000 });
      await idle(page);
    }
    assert.equal((await moves(page)).length, 4, variant);
    assert.ok(await page.locator('#analysis li').count() > 0, `${variant}: Kyodai's thinking lines`);
  }
});

// Chu: a Sente Lion on f6 below two Gote Pawns.
const LION_FEN = '5k6/12/12/12/5p6/5p6/5N6/12/12/12/12/5K6 w - 0 1';

test('Chu: a Lion double capture, take-back, igui; analysis with two lines', { skip }, async (t) => {
  const page = await open(t);
  await setup(page, { fen: LION_FEN });
  await click(page, 'f6');
  assert.equal((await marks(page)).f7, 'leg');
  await click(page, 'f7');
  assert.equal((await marks(page)).f6, 'capture', 'igui is offered');
  await click(page, 'f8');
  assert.deepEqual(await moves(page), ['f6f7,f7f8']);
  assert.equal(await pieceOn(page, 'f7'), null);
  assert.equal((await pieceOn(page, 'f8')).label, '獅');
  await page.waitForFunction(() => document.querySelectorAll('#analysis li').length === 2, null, { timeout: 10000 });
  await page.click('#takeback');
  await idle(page);
  assert.deepEqual(await moves(page), []);
  assert.equal((await pieceOn(page, 'f7')).sente, false);
  await click(page, 'f6');
  await click(page, 'f7');
  await click(page, 'f6');
  assert.deepEqual(await moves(page), ['f6f7,f7f6']);
  assert.equal(await pieceOn(page, 'f7'), null);
  assert.equal((await pieceOn(page, 'f6')).label, '獅');
});

test('Chu: a promotion chosen in the dialog is marked red; PGN export', { skip }, async (t) => {
  const page = await open(t);
  await setup(page, { fen: 'k11/12/12/12/5S6/12/12/12/12/12/12/6K5 w - 0 1' });
  await click(page, 'f8');
  assert.equal((await marks(page)).f9, 'promotion');
  await page.click('[data-square="f9"]');
  await page.click('#promote-yes');
  await idle(page);
  assert.deepEqual(await moves(page), ['f8f9+']);
  assert.deepEqual(await pieceOn(page, 'f9'), { label: '竪', promoted: true, sente: true });
  await page.click('#pgn-export');
  const pgn = await page.inputValue('#pgn');
  assert.match(pgn, /\[Variant "chu"\]/);
  assert.match(pgn, /\[FEN "k11\/12\/12\/12\/5S6\/12\/12\/12\/12\/12\/12\/6K5 w - 0 1"\]/);
  assert.match(pgn, /\n1\. f8f9\+ \{[\d.]+s\} \*\n\n$/);
});

test("Nutty: a Fire Demon's burn is shown on hover; the move is played", { skip }, async (t) => {
  const page = await open(t);
  await setup(page, { variant: 'nutty-shogi', fen: '6k6/13/13/13/13/13/13/10p2/D!12/13/13/13/6K6 w - 0 1' });
  await click(page, 'a5');
  assert.equal((await marks(page)).k5, 'capture', 'a move that burns is a capture');
  await page.hover('[data-square="k5"]');
  await page.waitForSelector('[data-square="k6"].m-victim');
  await click(page, 'k5');
  assert.deepEqual(await moves(page), ['a5k5']);
  assert.equal((await pieceOn(page, 'k5')).label, '火');
  if (await page.evaluate(() => window.kyodaiPage.session.readsFen)) {
    assert.equal(await pieceOn(page, 'k6'), null, 'the Pawn beside the Demon burnt');
  } else {
    t.diagnostic('the engine has no `fen` command: the page cannot draw the burn');
  }
});

test('the game ends as the engine judges it, with the reason', { skip }, async (t) => {
  const page = await open(t);
  await setup(page, { fen: '5k6/5N6/12/12/12/12/12/12/12/12/12/5K6 w - 0 1' });
  await click(page, 'f11');
  // f12 is cyan (the Lion could go on): a second click ends the move there.
  await click(page, 'f12');
  assert.equal((await marks(page)).f11, 'capture');
  await click(page, 'f12');
  await idle(page);
  assert.deepEqual(await moves(page), ['f11f12']);
  assert.equal(await page.textContent('#result'), '1-0 Gote lost its last royal');
  assert.match(await page.textContent('#status'), /1-0/);
});

test('resigning: while Kyodai thinks it stops; with two players the side to move resigns', { skip }, async (t) => {
  const page = await open(t);
  await page.selectOption('#time', '5');
  await page.selectOption('#mode', 'gote');
  await ready(page);
  await page.waitForFunction(() => window.kyodaiPage.thinking);
  await page.click('#resign');
  await page.waitForFunction(() => !window.kyodaiPage.thinking && window.kyodaiPage.game.result);
  assert.equal(await page.textContent('#result'), '1-0 Gote resigns');
  assert.match(await page.textContent('#status'), /1-0 · Gote resigns/);
  assert.equal(await page.isDisabled('#resign'), true);
  // Kyodai's move, stopped, is not played.
  await page.waitForTimeout(300);
  assert.deepEqual(await moves(page), []);
  assert.match(await exportPgn(page), /\{Gote resigns\} 1-0\n/);
  await setup(page, { mode: 'watch' });
  assert.equal(await page.isDisabled('#resign'), false);
  await click(page, 'f4');
  await click(page, 'f5');
  await idle(page);
  await page.click('#resign');
  await page.waitForFunction(() => window.kyodaiPage.game.result);
  assert.equal(await page.textContent('#result'), '1-0 Gote resigns');
  // A take-back takes the resignation back too.
  await page.click('#takeback');
  await idle(page);
  assert.equal(await page.isVisible('#result'), false);
  assert.equal(await page.isDisabled('#resign'), false);
});

test('a phone-sized screen: the board fits the width', { skip }, async (t) => {
  const page = await open(t, { width: 390, height: 844 });
  const box = await page.locator('#board').boundingBox();
  assert.ok(box.width <= 390 && box.width > 340, `board ${box.width} px wide`);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(overflow <= 390, `page ${overflow} px wide`);
});

test('Chu: a Lion pass out and back; the position out and in as SFEN', { skip }, async (t) => {
  const page = await open(t);
  await setup(page, { fen: LION_FEN });
  await click(page, 'f6');
  assert.equal((await marks(page)).e6, 'leg');
  await click(page, 'e6');
  assert.equal((await marks(page)).f6, 'quiet', 'back to its square: a pass');
  await click(page, 'f6');
  assert.deepEqual(await moves(page), ['f6f6']);
  assert.equal((await pieceOn(page, 'f6')).label, '獅');
  await page.click('#sfen-show');
  const sfen = await page.inputValue('#fen');
  assert.equal(sfen, '5k6/12/12/12/5p6/5p6/5N6/12/12/12/12/5K6 w - 2');
  await page.click('#sfen-load');
  await page.waitForFunction(() => window.kyodaiPage.ready && window.kyodaiPage.game.startFen.endsWith(' b - 0 1'));
  assert.equal(await page.textContent('#status'), 'Gote to move');
});

test('take-back while Kyodai thinks stops it; the game goes on in step', { skip }, async (t) => {
  const page = await open(t);
  await page.selectOption('#time', '5');
  await setup(page, { mode: 'sente' });
  await click(page, 'f4');
  await click(page, 'f5');
  await page.waitForFunction(() => window.kyodaiPage.thinking);
  await page.click('#takeback');
  await idle(page);
  assert.deepEqual(await moves(page), []);
  assert.equal(await page.textContent('#status'), 'Sente to move');
  await page.selectOption('#time', '0.5');
  await click(page, 'g4');
  await click(page, 'g5');
  await page.waitForFunction(() => window.kyodaiPage.game.plies.length === 2, null, { timeout: 10000 });
  assert.equal((await moves(page))[0], 'g4g5');
});

test('Suzumu: a Great General takes the piece it jumps, one click per victim', { skip }, async (t) => {
  const page = await open(t);
  await setup(page, {
    variant: 'suzumu-shogi',
    fen: '7k8/16/16/16/16/16/16/16/16/16/p15/16/16/p15/16/Q!6K8 w - - 0 1',
  });
  await click(page, 'a1');
  assert.equal((await marks(page)).a3, 'leg');
  await click(page, 'a3');
  assert.equal((await marks(page)).a6, 'capture');
  await click(page, 'a6');
  assert.deepEqual(await moves(page), ['a1a3,a3a6']);
  assert.equal(await pieceOn(page, 'a3'), null);
  assert.equal((await pieceOn(page, 'a6')).label, '大将');
});

test('without cross-origin isolation the page still plays and analyses', {
  skip: skip || (!useDist && 'only with the WebAssembly module (web/dist)'),
}, async (t) => {
  const plain = await startStaticServer(DIST, { isolated: false });
  t.after(() => plain.close());
  const page = await browser.newPage();
  t.after(() => page.close());
  await page.goto(plain.url);
  await ready(page);
  assert.equal(await page.evaluate(() => crossOriginIsolated), false);
  await setup(page, { mode: 'watch' });
  await click(page, 'f4');
  await click(page, 'f5');
  assert.deepEqual(await moves(page), ['f4f5']);
  await page.waitForFunction(() => document.querySelectorAll('#analysis li').length > 0);
  assert.match(await page.textContent('#analysis-stats'), /analysis stops after 2 s/);
});

test('analysis deepens on its own and pauses while a move is entered', { skip }, async (t) => {
  const page = await open(t);
  await setup(page, { mode: 'watch' });
  await page.selectOption('#multipv', '3');
  const depth = () => page.evaluate(() => window.kyodaiPage.pv.lines[0]?.depth ?? 0);
  // Three lines at depth 6: the analysis restarted for MultiPV 3 (a fast
  // search can reach depth 6 before the restart clears the lines).
  await page.waitForFunction(() => {
    const lines = window.kyodaiPage.pv.lines;
    return lines.length === 3 && lines.every((l) => l.depth >= 6);
  }, null, { timeout: 20000 });
  assert.equal(await page.locator('#analysis li').count(), 3);
  assert.match(await page.textContent('#analysis li'), /^[+-]\d+\.\d\d [a-l]\d+[a-l]\d+/);
  await click(page, 'f4');
  assert.equal(await page.evaluate(() => window.kyodaiPage.analysing), false);
  const paused = await depth();
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => window.kyodaiPage.analysing && !window.kyodaiPage.entry);
  assert.ok(paused >= 6);
});

/** A new game against Kyodai (or `watch`) under a custom clock; resolves once it has started. */
async function clockGame(page, { mode, min = '0', inc = '0', byo = '0' }) {
  await page.selectOption('#clock', 'custom');
  await page.fill('#clock-min', min);
  await page.fill('#clock-inc', inc);
  await page.fill('#clock-byo', byo);
  await page.selectOption('#mode', mode);
  await page.click('#new');
  await page.evaluate(() => window.kyodaiPage.starting);
  await ready(page);
}

const clockRow = (page, side) => page.evaluate((s) => {
  const row = document.querySelector(`.clock-row[data-side="${s}"]`);
  return {
    time: row.querySelector('.time').textContent,
    note: row.querySelector('.note').textContent,
    running: row.classList.contains('running'),
    flagged: row.classList.contains('flagged'),
    low: row.classList.contains('low'),
    top: row.id === 'clock-top',
  };
}, side);
async function exportPgn(page) {
  if (!(await page.evaluate(() => document.getElementById('io-card').open))) await page.click('#io-card summary');
  await page.click('#pgn-export');
  return page.inputValue('#pgn');
}

const shown = (page, side) => page.evaluate((s) => window.kyodaiPage.clock.show(s), side);

test('a game clock: both clocks run, Kyodai moves in its time, a loss on time, take-back', { skip }, async (t) => {
  const page = await open(t);
  // 6 s + 0.5 s a move.
  await clockGame(page, { mode: 'sente', min: '0.1', inc: '0.5' });
  assert.equal((await clockRow(page, 'b')).top, true, "Kyodai's clock above the board");
  assert.equal((await clockRow(page, 'b')).time, '0:06.0');
  assert.equal((await clockRow(page, 'w')).running, true, "the player's clock runs on the player's turn");
  await page.waitForTimeout(300);
  assert.ok((await shown(page, 'w')).main < 5800, 'Sente thinks on its own time');
  for (const [from, to] of [['f4', 'f5'], ['g4', 'g5']]) {
    await click(page, from);
    await click(page, to);
    await page.waitForFunction(() => window.kyodaiPage.clock.turn === 'w', null, { timeout: 10000 });
    assert.equal(await page.evaluate(() => window.kyodaiPage.game.result), null);
  }
  assert.equal((await moves(page)).length, 4);
  const gote = await shown(page, 'b');
  // Two moves of Kyodai's in 6 s + 2 x 0.5 s, with time to spare.
  assert.ok(gote.main > 1000 && gote.main < 7000, `Kyodai has ${gote.main} ms left`);
  // Sente does not move again: its time runs out, and the page says so.
  await page.waitForFunction(() => window.kyodaiPage.game.result, null, { timeout: 15000 });
  assert.equal(await page.textContent('#result'), '0-1 Sente loses on time');
  assert.match(await page.textContent('#status'), /0-1 · Sente loses on time/);
  assert.deepEqual(
    { ...(await clockRow(page, 'w')), top: undefined },
    { time: '0:00.0', note: '', running: false, flagged: true, low: true, top: undefined },
  );
  const stopped = await clockRow(page, 'b');
  await page.waitForTimeout(300);
  assert.deepEqual(await clockRow(page, 'b'), stopped, 'the clocks stop with the game');
  const pgn = await exportPgn(page);
  assert.match(pgn, /\[TimeControl "6\+0\.5"\]/);
  assert.match(pgn, /\[Termination "time forfeit"\]/);
  assert.match(pgn, /\{Sente loses on time\} 0-1\n\n$/);
  // Take-back: Sente's last move again, on the clocks as they read then.
  await page.click('#takeback');
  await idle(page);
  assert.equal(await page.isHidden('#result'), true);
  assert.equal((await moves(page)).length, 2);
  const back = await shown(page, 'w');
  assert.ok(back.main > 1000, `Sente has ${back.main} ms again`);
  assert.equal((await clockRow(page, 'w')).running, true);
});

test('byoyomi: Kyodai moves within the period; a side over it loses', { skip }, async (t) => {
  const page = await open(t);
  // No main time, 2 s a move; Kyodai plays Sente.
  await clockGame(page, { mode: 'gote', byo: '2' });
  assert.equal((await clockRow(page, 'w')).top, true);
  await page.waitForFunction(() => window.kyodaiPage.game.plies.length === 1, null, { timeout: 10000 });
  assert.equal((await clockRow(page, 'b')).note, 'byoyomi');
  await click(page, 'f9');
  await click(page, 'f8');
  await page.waitForFunction(() => window.kyodaiPage.game.plies.length === 3, null, { timeout: 10000 });
  assert.equal(await page.evaluate(() => window.kyodaiPage.game.result), null);
  // Kyodai's moves took less than the period (the PGN's times).
  const pgn = await exportPgn(page);
  assert.match(pgn, /\[TimeControl "0 byoyomi 2"\]/);
  const times = [...pgn.matchAll(/\{[^}]*?([\d.]+)s\}/g)].map((m) => Number(m[1]));
  assert.equal(times.length, 3);
  assert.ok(times[0] < 2 && times[2] < 2, `Kyodai's times ${times}`);
  await page.waitForFunction(() => window.kyodaiPage.game.result, null, { timeout: 5000 });
  assert.equal(await page.textContent('#result'), '1-0 Gote loses on time');
});

// ---- Records and the game review (the module's own: web/dist only) ----------

const skipModule = skip || (!useDist && 'records and reviews are the module\'s: scripts/build-web.sh');
// lishogi's KIF of a Lion handicap game (tests/records/): Gote moves first
// and loses its Lion at ply 3 to an igui.
const HANDICAP_KIF = readFileSync(new URL('../../tests/records/handicap.kif', import.meta.url), 'utf8');

/** Paste `text` into "Open a game" and open it. */
async function openRecord(page, text) {
  if (!(await page.locator('#record-text').isVisible())) await page.click('#open-card summary');
  await page.fill('#record-text', text);
  await page.click('#record-open');
  await opened(page);
}

async function opened(page) {
  await page.waitForFunction(() => !window.kyodaiPage.opening && window.kyodaiPage.ready && !window.kyodaiPage.busy);
  await idle(page);
}

const edges = (page) => page.evaluate(() => ({
  files: [...document.querySelectorAll('#files span')].map((s) => s.textContent),
  ranks: [...document.querySelectorAll('#ranks span')].map((s) => s.textContent),
}));

test('a KIF game pasted opens and steps; its moves and the board\'s edges in each notation', { skip: skipModule }, async (t) => {
  const page = await open(t, { query: '?variant=wa-shogi' });
  await openRecord(page, HANDICAP_KIF);
  assert.equal(await page.inputValue('#variant'), 'chu');
  const g = await page.evaluate(() => ({ plies: window.kyodaiPage.game.plies.length, rules: window.kyodaiPage.game.rules, view: window.kyodaiPage.view }));
  assert.deepEqual(g, { plies: 6, rules: 'lishogi', view: 0 });
  assert.match(await page.textContent('#result'), /^1-0 投了/);
  assert.equal(await page.isVisible('#record-error'), false);
  // Kyodai's notation: letters from Sente's left below, numbers on the left.
  await page.selectOption('#notation', 'cecp');
  assert.equal((await moves(page))[0], 'g10g8');
  let e = await edges(page);
  assert.deepEqual([e.files[0], e.files[11], e.ranks[0], e.ranks[11]], ['a', 'l', '12', '1']);
  // lishogi's: files 12 to 1 above, ranks a to l (KIF: 一 to 十二) on the right.
  await page.selectOption('#notation', 'usi');
  assert.equal((await moves(page))[0], '6c6e');
  e = await edges(page);
  assert.deepEqual([e.files[0], e.files[11], e.ranks[0], e.ranks[11]], ['12', '1', 'a', 'l']);
  await page.selectOption('#notation', 'kif');
  assert.deepEqual((await moves(page)).slice(0, 2), ['△6五獅子 （←6三）', '▲7八獅子 （←7十）']);
  e = await edges(page);
  assert.deepEqual([e.ranks[0], e.ranks[11]], ['一', '十二']);
  // The labels are on the screen, beside the board.
  const board = await page.locator('#board').boundingBox();
  const file = await page.locator('#files span').first().boundingBox();
  const rank = await page.locator('#ranks span').first().boundingBox();
  assert.ok(file.y + file.height <= board.y + 1 && file.y >= 0, 'files above the board');
  assert.ok(rank.x >= board.x + board.width - 1 && rank.x + rank.width <= 1280, 'ranks right of it');
  // Stepping: the position after each ply is the engine's.
  await page.click('#next');
  await page.click('#next');
  assert.equal(await page.evaluate(() => window.kyodaiPage.view), 2);
  await page.keyboard.press('End');
  assert.equal(await page.evaluate(() => window.kyodaiPage.view), 6);
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  assert.equal(await page.evaluate(() => window.kyodaiPage.view), 2);
  assert.equal(await page.getAttribute('[data-square="g8"] .pc', 'class'), 'pc gote turned');
  // A game played here reads in lishogi's notation too (the module writes it).
  await page.selectOption('#variant', 'chu');
  await idle(page);
  await click(page, 'f4');
  await click(page, 'f5');
  await page.waitForFunction(() => document.querySelector('.ply')?.textContent === '▲7八歩兵 （←7九）');
  await page.selectOption('#notation', 'usi');
  assert.deepEqual(await moves(page), ['7i7h']);
});

test('Analyse game: progress, a blunder marked with the better move, accuracy, the graph clicked', { skip: skipModule }, async (t) => {
  const page = await open(t);
  await openRecord(page, HANDICAP_KIF);
  await page.selectOption('#notation', 'cecp');
  await page.selectOption('#review-time', '200');
  await page.click('#review-start');
  await page.waitForFunction(() => window.kyodaiPage.review, null, { timeout: 60000 });
  assert.equal(await page.isVisible('#review-running'), false);
  // Gote's Lion walked into Sente's at ply 3: a blunder, the better move named.
  const blunder = page.locator('[data-ply="3"]');
  assert.equal(await blunder.getAttribute('data-judgement'), 'Blunder');
  assert.equal(await blunder.locator('.nag').textContent(), '??');
  assert.match(await blunder.getAttribute('title'), /^Blunder: better [a-l]\d+[a-l]\d+/);
  assert.equal(await page.locator('[data-judgement]').count(), 1);
  // Each side's figures: Gote's one blunder and lower accuracy.
  const rows = await page.$$eval('#review-totals tbody tr', (trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent)));
  assert.equal(rows.length, 2);
  assert.equal(rows[0][0], '☗ Shita');
  assert.deepEqual(rows[1].slice(2, 5), ['0', '0', '1']);
  assert.ok(parseFloat(rows[1][1]) < parseFloat(rows[0][1]), `accuracy ${rows[1][1]} < ${rows[0][1]}`);
  // The graph under the board: a click goes to the ply under it.
  const graph = page.locator('#graph-svg');
  const box = await graph.boundingBox();
  const board = await page.locator('#board').boundingBox();
  assert.ok(box.y > board.y + board.height, 'the graph is under the board');
  assert.equal(await page.locator('#graph-svg .dot').count(), 1);
  assert.equal(await page.textContent('#graph-svg .dot title'), 'Blunder: g8g6');
  await graph.click({ position: { x: box.width * (3 / 6), y: box.height / 2 } });
  assert.equal(await page.evaluate(() => window.kyodaiPage.view), 3);
  const note = await page.textContent('#review-note');
  assert.match(note, /^g8g6\?\? Blunder: .* Kyodai prefers [a-l]\d+[a-l]\d+ /);
  await graph.click({ position: { x: 2, y: box.height / 2 } });
  assert.equal(await page.evaluate(() => window.kyodaiPage.view), 0);
  // The PGN is the review's: kyodai analyse's comments, NAGs and figures.
  await page.click('#io-card summary');
  await page.click('#pgn-export');
  const pgn = await page.inputValue('#pgn');
  assert.match(pgn, /g8g6 \$4 \{-?\d+\.\d\d\/\d+ /);
  assert.match(pgn, /\[BlackBlunders "1"\]/);
  // A review can be cancelled, and the page is usable meanwhile.
  await page.selectOption('#review-time', '3000');
  await page.click('#review-start');
  await page.waitForFunction(() => window.kyodaiPage.reviewing);
  assert.equal(await page.isVisible('#review-progress'), true);
  await page.click('#next');
  assert.equal(await page.evaluate(() => window.kyodaiPage.view), 1);
  await page.click('#review-cancel');
  assert.equal(await page.evaluate(() => window.kyodaiPage.reviewing), null);
  assert.equal(await page.isVisible('#review-running'), false);
  assert.equal(await page.isEnabled('#review-start'), true);
});

test('a bad record: the error names the game, ply and move text; what was read before it opens', { skip: skipModule }, async (t) => {
  const page = await open(t);
  await openRecord(page, 'position startpos moves 3i3h 10d10e 3h3z\n');
  const error = await page.textContent('#record-error');
  assert.match(error, /Game 1, ply 3 \('3h3z'\): /);
  assert.match(error, /Game 1 is opened up to ply 2, the last read\./);
  assert.deepEqual(await page.evaluate(() => [window.kyodaiPage.game.plies.length, window.kyodaiPage.view]), [2, 2]);
  // A file's good game is not lost to a bad one after it; each can be chosen.
  await openRecord(page, '[Variant "chu"]\n\n1. f4f5 g9g8 *\n\n[Variant "chu"]\n\n1. f4f5 zz9 *\n');
  assert.equal(await page.locator('#record-games option').count(), 2);
  assert.match(await page.textContent('#record-error'), /^Game 2, ply 2 \('zz9'\): /);
  assert.equal(await page.evaluate(() => window.kyodaiPage.game.plies.length), 2);
  await page.selectOption('#record-games', '1');
  await opened(page);
  assert.equal(await page.evaluate(() => window.kyodaiPage.game.plies.length), 1);
  assert.match(await page.textContent('#record-error'), /Game 2 is opened up to ply 1/);
  // Nothing readable: said, and the game on the board stays.
  await openRecord(page, '[Variant "nonesuch"]\n\n1. a1a2 *\n');
  assert.match(await page.textContent('#record-error'), /^No game could be read\.Game 1: unknown variant 'nonesuch'/);
  assert.equal(await page.evaluate(() => window.kyodaiPage.game.plies.length), 1);
});

// ---- Mate problems (the module's solver: web/dist only) ------------------------

// tumechu82 of tests/problems/chu-tsume.txt, a line of the file as it is:
// a mate in 3 under lishogi's rules, Kyodai's line a4a5 b5a5 a1a5 b7b8 a5a6.
const TUMECHU82 = 'sfen 12/12/12/12/1+I10/brX9/krvI8/n+xO9/PPPPPPPPPPPP/12/12/L1K9 b - 1 ; tumechu82';
// A Rook against a King in a corner: it checks, the King walks away (the
// Rook in the promotion zone already: a move in it offers no promotion).
const NO_MATE = '11k/12/12/R11/12/12/12/12/12/12/12/12 w - 0 1';
// A Queen against a King in the open: checks without end and no mate, more
// than the solver settles in seconds (natively not in 8 s).
const ENDLESS = '12/12/12/12/12/5k6/12/12/12/12/12/Q11 w - 0 1';

/** Paste `position` into the problem card and set it up. */
async function setUpProblem(page, position) {
  if (!(await page.locator('#problem-position').isVisible())) await page.click('#problem-card summary');
  await page.fill('#problem-position', position);
  await page.click('#problem-setup');
  await page.waitForFunction(() => window.kyodaiPage.problem && window.kyodaiPage.ready);
  await idle(page);
}

async function solve(page) {
  await page.click('#problem-solve');
  await page.waitForFunction(() => !window.kyodaiPage.solving && !document.getElementById('problem-verdict').hidden, null, { timeout: 30000 });
  return page.textContent('#problem-title');
}

/** A move by clicks; then Kyodai's turn in the problem is over. */
async function attack(page, from, to) {
  await click(page, from);
  await click(page, to);
  await page.waitForFunction(() => !window.kyodaiPage.thinking && !window.kyodaiPage.busy, null, { timeout: 30000 });
}

const problemStatus = (page) => page.textContent('#problem-status');

test('a mate problem pasted as SFEN: Solve says mate in 3 and shows the line; played out by clicks to "Solved"', { skip: skipModule }, async (t) => {
  const page = await open(t);
  await setUpProblem(page, TUMECHU82);
  assert.deepEqual(await page.evaluate(() => [window.kyodaiPage.game.rules, window.kyodaiPage.problem.attacker]), ['lishogi', 'w']);
  assert.match(await page.textContent('#problem-about'), /^Sente to mate/);
  assert.equal(await solve(page), 'Mate in 3');
  assert.match(await page.textContent('#problem-detail'), /Sente mates in 3 plies whatever Gote does \(none shorter\)/);
  assert.equal(await page.textContent('#problem-line'), 'a4a5 b5a5 a1a5 a6a5 c5a5');
  await page.selectOption('#notation', 'usi');
  assert.equal(await page.textContent('#problem-line'), '12i12h 11h12h 12l12h 12g12h 10h12h');
  await page.selectOption('#notation', 'cecp');
  // The solution stepped through on the board, from the problem's start.
  await page.click('#problem-show');
  await idle(page);
  assert.deepEqual(await moves(page), ['a4a5', 'b5a5', 'a1a5', 'a6a5', 'c5a5']);
  assert.equal(await page.evaluate(() => window.kyodaiPage.view), 0);
  await page.click('#next');
  assert.equal((await pieceOn(page, 'a5')).sente, true);
  assert.match(await problemStatus(page), /^Kyodai's solution is on the board/);
  // Retry, and play it out: a quiet move is no check and is taken back.
  await page.click('#problem-retry');
  await idle(page);
  assert.deepEqual(await moves(page), []);
  await attack(page, 'c1', 'd1');
  assert.match(await problemStatus(page), /^c1d1 does not give check/);
  assert.deepEqual(await moves(page), []);
  assert.equal(await page.textContent('#problem-title'), 'Mate in 3', "the start's solution is still shown");
  await attack(page, 'a4', 'a5');
  assert.deepEqual(await moves(page), ['a4a5', 'b5a5']);
  assert.match(await problemStatus(page), /^Kyodai's longest defence: b5a5\. Mate in 1 from here\./);
  await page.selectOption('#notation', 'usi');
  assert.match(await problemStatus(page), /^Kyodai's longest defence: 11h12h\./);
  await page.selectOption('#notation', 'cecp');
  await attack(page, 'a1', 'a5');
  assert.equal((await moves(page)).length, 4);
  assert.match(await problemStatus(page), /^a1a5 mates/);
  // The capture, as Solve gives it from here.
  assert.equal(await solve(page), 'Sente takes the last royal');
  const capture = await page.evaluate(() => window.kyodaiPage.solution.answer.line[0].cecp);
  await attack(page, capture.slice(0, 2), capture.slice(2));
  await page.waitForFunction(() => window.kyodaiPage.problem.status?.kind === 'solved');
  assert.equal(await problemStatus(page), 'Solved: mate in 3.');
  assert.match(await page.textContent('#result'), /^1-0 Gote lost its last royal/);
  // Solved with Gote to move, Sente still attacks: Gote's longest defence first.
  await page.click('#first');
  await page.click('#next');
  assert.equal(await solve(page), 'Mate in 2');
  assert.equal(await page.textContent('#problem-line'), 'b5a5 a1a5 a6a5 c5a5');
});

test("a mate problem that fails: no mate, the attack has failed; unknown within the limit, Kyodai's own move; Solve cancelled; bad positions", { skip: skipModule }, async (t) => {
  const page = await open(t);
  await setUpProblem(page, NO_MATE);
  assert.equal(await page.evaluate(() => window.kyodaiPage.game.rules), 'standard');
  assert.equal(await solve(page), 'No mate');
  await attack(page, 'a9', 'a12');
  assert.match(await problemStatus(page), /^The attack has failed: after a9a12 there is no mate\./);
  assert.equal((await moves(page)).length, 2, 'Kyodai escapes with a move of its own');
  await page.click('#takeback');
  await idle(page);
  assert.deepEqual(await moves(page), []);
  assert.equal(await page.isVisible('#problem-status'), false);
  // No verdict within the limit: Solve says so, and Kyodai answers a check
  // with its own move.
  await setUpProblem(page, ENDLESS);
  await page.selectOption('#problem-time', '1000');
  assert.equal(await solve(page), 'Unknown within 1 s');
  await attack(page, 'a1', 'a7');
  assert.equal((await moves(page)).length, 2);
  assert.equal(await problemStatus(page), "Kyodai's solver found no verdict within 1 s; Kyodai plays its own move.");
  // A long solve: its time shown against the limit, cancelled.
  await page.click('#problem-retry');
  await idle(page);
  await page.selectOption('#problem-time', '60000');
  await page.click('#problem-solve');
  await page.waitForFunction(() => /^Solving… .* of 60 s$/.test(document.getElementById('problem-clock').textContent));
  assert.equal(await page.isVisible('#problem-progress'), true);
  assert.equal(await page.isVisible('#problem-verdict'), false);
  await page.click('#problem-cancel');
  assert.equal(await page.isVisible('#problem-running'), false);
  assert.equal(await page.textContent('#problem-title'), 'Unknown within 1 s', 'the last verdict again');
  // A bad position is refused with the reason; an SFEN outside Chu too.
  await page.fill('#problem-position', '12/12 w - 0 1');
  await page.click('#problem-setup');
  await page.waitForSelector('#problem-error:not([hidden])');
  assert.match(await page.textContent('#problem-error'), /^Kyodai refused the position: /);
  assert.equal(await page.evaluate(() => window.kyodaiPage.problem), null);
  await page.selectOption('#variant', 'wa-shogi');
  await ready(page);
  await page.fill('#problem-position', TUMECHU82);
  await page.click('#problem-setup');
  assert.equal(await page.textContent('#problem-error'), 'An SFEN is a Chu position: choose Chu Shogi first.');
});
