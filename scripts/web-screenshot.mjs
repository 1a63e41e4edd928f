// The page's pictures in the README: docs/web-page.png, web/dist/ served
// with isolation, a Chu game of two players on a 5+3 clock, a few moves
// entered by clicks, Kyodai analysing three lines, taken in headless
// Chromium once the analysis is a few plies deep; with `review`,
// docs/analysed-game.png: scalashogi's Chu game (tests/records/) opened
// from its KIF, analysed at 0.2 s a position, the board at the first
// blunder; and with `problem`, docs/problem-mode.png: the mate problem
// kinu01 (tests/problems/chu-tsume.txt) pasted as its SFEN and solved, in
// lishogi's notation, then the first move of the solution played and
// Kyodai's defence. Needs a font with kanji (Debian: fonts-noto-cjk), else
// the page shows letters.
//
//   scripts/build-web.sh && node scripts/web-screenshot.mjs [OUT.png] [review|problem]
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startStaticServer } from '../web/test/static-server.mjs';

const review = process.argv[3] === 'review';
const problem = process.argv[3] === 'problem';
const picture = review ? 'analysed-game' : problem ? 'problem-mode' : 'web-page';
const out = process.argv[2] ?? fileURLToPath(new URL(`../docs/${picture}.png`, import.meta.url));
const { chromium } = createRequire(new URL('../web/package.json', import.meta.url))('playwright-core');
const server = await startStaticServer(fileURLToPath(new URL('../web/dist/', import.meta.url)));
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
// The review's picture is taller: the graph is under the board.
const page = await browser.newPage({ viewport: { width: 1280, height: review ? 1010 : 860 } });
const idle = () => page.waitForFunction(() => window.kyodaiPage?.ready && !window.kyodaiPage.busy);
await page.goto(`${server.url}?variant=chu`);
await idle();
if (review) {
  const kif = readFileSync(new URL('../tests/records/scalashogi-chushogi1.kif', import.meta.url), 'utf8');
  await page.click('#game-card summary');
  await page.click('#open-card summary');
  await page.fill('#record-text', kif);
  await page.click('#record-open');
  await page.waitForFunction(() => !window.kyodaiPage.opening && window.kyodaiPage.ready && !window.kyodaiPage.busy);
  await page.click('#open-card summary');
  await page.selectOption('#notation', 'kif');
  await page.selectOption('#review-time', '200');
  await page.click('#review-start');
  await page.waitForFunction(() => window.kyodaiPage.review, null, { timeout: 300000 });
  await page.click('[data-judgement="Blunder"]');
  await page.screenshot({ path: out });
  console.log(`wrote ${out}`);
  await browser.close();
  server.close();
  process.exit(0);
}
if (problem) {
  const kinu01 = readFileSync(new URL('../tests/problems/chu-tsume.txt', import.meta.url), 'utf8')
    .split('\n').find((line) => line.endsWith(' ; kinu01'));
  await page.click('#game-card summary');
  await page.click('#problem-card summary');
  await page.selectOption('#notation', 'usi');
  await page.fill('#problem-position', kinu01);
  await page.click('#problem-setup');
  await page.waitForFunction(() => window.kyodaiPage.problem && window.kyodaiPage.ready && !window.kyodaiPage.busy);
  await page.click('#problem-solve');
  await page.waitForFunction(() => window.kyodaiPage.solution && !window.kyodaiPage.solving, null, { timeout: 60000 });
  // The solution's first move, 10d7d: the Dragon King from c9 to f9.
  await page.click('[data-square="c9"]');
  await idle();
  await page.click('[data-square="f9"]');
  await page.waitForFunction(() => window.kyodaiPage.game.plies.length === 2 && !window.kyodaiPage.thinking, null, { timeout: 60000 });
  await page.screenshot({ path: out });
  console.log(`wrote ${out}`);
  await browser.close();
  server.close();
  process.exit(0);
}
await page.selectOption('#mode', 'watch');
await idle();
await page.selectOption('#clock', '300+3');
await idle();
await page.selectOption('#multipv', '3');
await idle();
// Pawns, Sente's Lion two squares out, a Gote Go-Between.
for (const [from, to] of [['f4', 'f5'], ['g9', 'g8'], ['f3', 'e5'], ['d8', 'd7']]) {
  await page.click(`[data-square="${from}"]`);
  await idle();
  await page.click(`[data-square="${to}"]`);
  await idle();
}
await page.waitForFunction(() => (window.kyodaiPage.lastInfo?.depth ?? 0) >= 8, null, { timeout: 60000 });
await page.screenshot({ path: out });
console.log(`wrote ${out}`);
await browser.close();
server.close();
