// The engine module in headless Chromium, loaded as lishogi's analysis
// page loads its engines: a classic script defining a global factory,
// called on the main thread with {wasmBinary, locateFile, wasmMemory}, in a
// cross-origin-isolated page; then lishogi's analysis commands. Also the
// ES module's shape, the page without isolation, and the README's example
// for a site as that site's own script. Needs
// scripts/build-web.sh first, Debian's chromium and npm's playwright-core.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { startStaticServer } from './static-server.mjs';

const DIST = fileURLToPath(new URL('../dist/', import.meta.url));
const CHU_SFEN = 'lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 1';

let browser;
before(async () => {
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
});
after(() => browser.close());

// A page served from web/dist (an empty document at /blank.html), with or
// without the COOP/COEP headers.
async function openPage(isolated) {
  const server = await startStaticServer(DIST, { isolated });
  const page = await browser.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  // The browser's own favicon request is not the page's.
  page.on('console', (m) => {
    if (m.type() === 'error' && !m.location().url.endsWith('/favicon.ico')) errors.push(m.text());
  });
  await page.route('**/blank.html', (route) => route.fulfill({
    status: 200,
    headers: isolated
      ? { 'content-type': 'text/html', 'cross-origin-opener-policy': 'same-origin', 'cross-origin-embedder-policy': 'require-corp' }
      : { 'content-type': 'text/html' },
    body: '<!doctype html><title>Kyodai module test</title>',
  }));
  // In the page: every line of `engine`, and the next one that starts
  // with a prefix.
  await page.addInitScript(() => {
    window.listenTo = (engine) => {
      const lines = [];
      let waiting = null;
      engine.addMessageListener((line) => {
        lines.push(line);
        if (waiting && line.startsWith(waiting.prefix)) {
          const w = waiting;
          waiting = null;
          w.resolve(line);
        }
      });
      return { lines, expect: (prefix) => new Promise((resolve) => { waiting = { prefix, resolve }; }) };
    };
  });
  await page.goto(`${server.url}blank.html`);
  return { page, errors, server };
}

test("lishogi's way: classic script, global factory, analysis commands", async () => {
  const { page, errors, server } = await openPage(true);
  assert.equal(await page.evaluate(() => crossOriginIsolated), true);
  await page.addScriptTag({ url: `${server.url}kyodai.js` });
  const result = await page.evaluate(async (sfen) => {
    const wasmBinary = await (await fetch('/kyodai.wasm')).arrayBuffer();
    const wasmMemory = new WebAssembly.Memory({ shared: true, initial: 2048, maximum: 32768 });
    const loadStarted = performance.now();
    const engine = await window.Kyodai({ wasmBinary, locateFile: (name) => `/${name}`, wasmMemory });
    const { lines, expect } = window.listenTo(engine);
    let answer = expect('usiok');
    engine.postMessage('usi');
    await answer;
    const readyMs = performance.now() - loadStarted;
    for (const line of ['setoption name USI_AnalyseMode value true', 'setoption name USI_Hash value 16',
      'setoption name Threads value 1', 'usinewgame']) engine.postMessage(line);
    answer = expect('readyok');
    engine.postMessage('isready');
    await answer;
    engine.postMessage('setoption name USI_Variant value chushogi');
    engine.postMessage('setoption name MultiPV value 2');
    engine.postMessage(`position sfen ${sfen} moves 8i8h`);
    answer = expect('info depth 6');
    engine.postMessage('go depth 245');
    const info = await answer;
    answer = expect('bestmove');
    const stopAt = performance.now();
    engine.postMessage('stop');
    const best = await answer;
    const stopMs = performance.now() - stopAt;
    // A new position, then a long search stopped in turn.
    engine.postMessage(`position sfen ${sfen}`);
    answer = expect('info depth 5');
    engine.postMessage('go movetime 90000');
    await answer;
    answer = expect('bestmove');
    engine.postMessage('stop');
    const second = await answer;
    engine.terminate();
    return { readyMs, info, best, stopMs, second, isolated: engine.isolated, errors: lines.filter((l) => l.includes('error')) };
  }, CHU_SFEN);
  assert.equal(result.isolated, true);
  assert.match(result.info, / multipv 1 .* pv /);
  assert.ok(!/ time 0 /.test(result.info), result.info);
  assert.match(result.best, /^bestmove \S+/);
  assert.match(result.second, /^bestmove \S+/);
  assert.deepEqual(result.errors, []);
  assert.ok(result.stopMs < 1000, `stop took ${result.stopMs} ms`);
  assert.deepEqual(errors, []);
  console.log(`chromium: engine ready ${result.readyMs.toFixed(0)} ms after the factory was called; stop answered in ${result.stopMs.toFixed(1)} ms (isolated)`);
  await page.close();
  server.close();
});

test('ES module, no isolation: CECP plays and a search without limit ends', async () => {
  const { page, errors, server } = await openPage(false);
  assert.equal(await page.evaluate(() => crossOriginIsolated), false);
  const result = await page.evaluate(async () => {
    const { default: Kyodai } = await import('/kyodai.mjs');
    const engine = await Kyodai({ searchLimitMs: 1000 });
    const { expect } = window.listenTo(engine);
    engine.postMessage('xboard');
    let answer = expect('feature done=1');
    engine.postMessage('protover 2');
    await answer;
    engine.postMessage('variant nutty-shogi');
    engine.postMessage('sd 3');
    answer = expect('move ');
    engine.postMessage('go');
    const move = await answer;
    engine.postMessage('force');
    engine.postMessage('post');
    answer = expect('1 ');
    engine.postMessage('analyze');
    await answer;
    const stopAt = performance.now();
    answer = expect('pong 1');
    engine.postMessage('exit');
    engine.postMessage('ping 1');
    await answer;
    const stopMs = performance.now() - stopAt;
    engine.terminate();
    return { move, stopMs, isolated: engine.isolated };
  });
  assert.equal(result.isolated, false);
  assert.match(result.move, /^move \S+/);
  assert.ok(result.stopMs < 5000, `exit answered after ${result.stopMs} ms`);
  assert.deepEqual(errors, []);
  console.log(`chromium, not isolated: analysis ended ${result.stopMs.toFixed(0)} ms after exit (search limit 1000 ms)`);
  await page.close();
  server.close();
});

test("the README's ten-line example gets Kyodai's best move for a lishogi Chu SFEN", async () => {
  const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
  const example = /Chu analysis in ten lines:\n\n```js\n([^]*?)```/.exec(readme)?.[1];
  assert.ok(example, 'the README has the example');
  assert.ok(example.trim().split('\n').length <= 10, 'ten lines at most');
  const { page, errors, server } = await openPage(true);
  const logged = [];
  page.on('console', (m) => logged.push(m.text()));
  // The example as a site's own module script, in a page beside the module.
  await page.route('**/readme-example.html', (route) => route.fulfill({
    status: 200,
    headers: { 'content-type': 'text/html' },
    body: `<!doctype html><title>README example</title><script type="module">${example}</script>`,
  }));
  const bestmove = page.waitForEvent('console', { predicate: (m) => m.text().startsWith('bestmove'), timeout: 60000 });
  await page.goto(`${server.url}readme-example.html`);
  assert.match((await bestmove).text(), /^bestmove [1-9][0-2]?[a-l][1-9][0-2]?[a-l]/);
  assert.ok(logged.some((l) => /^info depth 10 .* multipv 3 /.test(l)), 'three lines at depth 10');
  assert.deepEqual(errors, []);
  await page.close();
  server.close();
});
