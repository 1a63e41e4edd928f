// The page's picture in the README (docs/web-page.png): web/dist/ served
// with isolation, a Chu game of two players on a 5+3 clock, a few moves
// entered by clicks, Kyodai analysing three lines; taken in headless
// Chromium once the analysis is a few plies deep. Needs a font with
// kanji (Debian: fonts-noto-cjk), else the page shows letters.
//
//   scripts/build-web.sh && node scripts/web-screenshot.mjs [OUT.png]
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { startStaticServer } from '../web/test/static-server.mjs';

const out = process.argv[2] ?? fileURLToPath(new URL('../docs/web-page.png', import.meta.url));
const { chromium } = createRequire(new URL('../web/package.json', import.meta.url))('playwright-core');
const server = await startStaticServer(fileURLToPath(new URL('../web/dist/', import.meta.url)));
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
const idle = () => page.waitForFunction(() => window.kyodaiPage?.ready && !window.kyodaiPage.busy);
await page.goto(`${server.url}?variant=chu`);
await idle();
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
