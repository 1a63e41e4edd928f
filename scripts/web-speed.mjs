// Measure the browser module against the native engine on this machine:
// nodes per second of the same fixed-depth USI search (Chu start position),
// alternating a native run, a run of the module under Node and one in
// headless Chromium (a cross-origin-isolated page importing kyodai.mjs;
// skipped where Debian's chromium or web/'s playwright-core is missing),
// by the engines' own clock (wall time) and by the CPU time of the thread
// that searched (on a machine shared with other work, wall time measures
// the neighbours too); then under Node the module's start-up time, `stop`
// latency with and without the shared input buffer, and memory use.
//
//   scripts/build-web.sh && cargo build --release && (cd web && npm ci)
//   node scripts/web-speed.mjs [DEPTH] [RUNS]
//   node scripts/web-speed.mjs variants [RUNS]
//
// `variants`: the speed ratios alone, in every variant, by CECP (`sd`
// from the start position, each to a depth of about a second natively).
//
// Each engine first searches to depth 9 and is then reset (usinewgame)
// before the measured search: the module's code is compiled twice, a
// quick first version at once and the optimised one in the background
// as functions get hot, and the first search of a fresh module runs
// partly in the first (its start-up is measured on its own, below).
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import Kyodai from '../web/dist/kyodai.mjs';
import { startStaticServer } from '../web/test/static-server.mjs';

const everyVariant = process.argv[2] === 'variants';
const depth = everyVariant ? null : Number(process.argv[2] ?? 9);
const runs = Number(process.argv[3] ?? 3);
const NATIVE = fileURLToPath(new URL('../target/release/kyodai', import.meta.url));
const CHROMIUM = '/usr/bin/chromium';

// Feed lines to `send`, resolve when a line starting with `prefix` comes.
function reader(send) {
  let waiting = null;
  const lines = [];
  return {
    take(line) {
      lines.push(line);
      if (waiting && line.startsWith(waiting.prefix)) {
        const w = waiting;
        waiting = null;
        w.resolve(lines.slice());
      }
    },
    send,
    ask(line, prefix) {
      const p = new Promise((resolve) => { waiting = { prefix, resolve }; });
      lines.length = 0;
      send(line);
      return p;
    },
  };
}

// CPU milliseconds (user and system) used so far by a process or thread,
// from its /proc stat file (null where there is none).
function cpuMs(statFile) {
  try {
    const stat = readFileSync(statFile, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return null;
  }
}

// CPU milliseconds per thread of the processes `pids`, keyed pid/tid.
function threadsCpuMs(pids) {
  const threads = new Map();
  for (const pid of pids) {
    try {
      for (const t of readdirSync(`/proc/${pid}/task`)) threads.set(`${pid}/${t}`, cpuMs(`/proc/${pid}/task/${t}/stat`));
    } catch {
      // The process ended.
    }
  }
  return threads;
}

// This process's descendants (Chromium's browser, zygote and renderers).
function descendants(root) {
  const children = new Map();
  for (const p of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${p}/stat`, 'utf8');
      const ppid = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1];
      children.set(ppid, [...(children.get(ppid) ?? []), p]);
    } catch {
      // The process ended.
    }
  }
  const found = [];
  const queue = [String(root)];
  while (queue.length) {
    const kids = children.get(queue.shift()) ?? [];
    found.push(...kids);
    queue.push(...kids);
  }
  return found;
}

// The measured search, the same in every engine: USI from Chu's start
// position, or CECP from a variant's start. `prepare` resets the engine
// (its hash table too) and waits for it; `go` searches to depth `d` and
// reads the nodes and milliseconds of the last depth reported.
function usiSearch(d) {
  return {
    args: ['usi'],
    depth: d,
    warmDepth: 9,
    hello: (r) => r.ask('usi', 'usiok'),
    async prepare(r) {
      await r.send('usinewgame');
      await r.send('position startpos');
      await r.ask('isready', 'readyok');
    },
    async go(r, to) {
      const info = (await r.ask(`go depth ${to}`, 'bestmove')).filter((l) => l.startsWith('info depth')).pop();
      return { nodes: Number(/ nodes (\d+)/.exec(info)[1]), ms: Number(/ time (\d+)/.exec(info)[1]) };
    },
  };
}

function cecpSearch(variant, d) {
  return {
    args: ['xboard'],
    depth: d,
    warmDepth: d - 1,
    async hello(r) {
      await r.send('xboard');
      await r.ask('protover 2', 'feature done=1');
    },
    async prepare(r) {
      for (const line of ['new', `variant ${variant}`, 'force', 'post']) await r.send(line);
      await r.ask('ping 1', 'pong 1');
    },
    async go(r, to) {
      await r.send(`sd ${to}`);
      // Thinking lines: depth, score, centiseconds, nodes, moves.
      const last = (await r.ask('go', 'move ')).filter((l) => /^\s*\d+ /.test(l)).pop();
      const [, , cs, nodes] = last.trim().split(/\s+/);
      return { nodes: Number(nodes), ms: Number(cs) * 10 };
    },
  };
}

// `game`'s search by the engine `r` after one a ply shorter (or to depth 9)
// and a reset, with the CPU time it took by `meter` (a map of CPU
// milliseconds per thread, read before and after): the time of the thread
// that ran it (the native search thread, the module's worker; V8's
// compiler and collector threads are not counted).
async function search(r, game, meter) {
  await game.prepare(r);
  await game.go(r, game.warmDepth);
  await game.prepare(r);
  const before = meter();
  const f = await game.go(r, game.depth);
  const after = meter();
  const deltas = [...after].map(([t, ms]) => (ms ?? 0) - (before.get(t) ?? ms ?? 0));
  return { ...f, cpu: deltas.length ? Math.max(...deltas) : null };
}

async function moduleRun(game) {
  const e = await Kyodai();
  const r = reader((l) => e.postMessage(l));
  e.addMessageListener((l) => r.take(l));
  await game.hello(r);
  const f = await search(r, game, () => threadsCpuMs([process.pid]));
  e.terminate();
  return f;
}

async function nativeRun(game) {
  const child = spawn(NATIVE, game.args, { stdio: ['pipe', 'pipe', 'ignore'] });
  const r = reader((l) => child.stdin.write(`${l}\n`));
  let rest = '';
  child.stdout.on('data', (d) => {
    rest += d;
    const parts = rest.split('\n');
    rest = parts.pop();
    parts.forEach((l) => r.take(l));
  });
  await game.hello(r);
  // The whole process: its search thread ends with each search.
  const f = await search(r, game, () => new Map([['process', cpuMs(`/proc/${child.pid}/stat`)]]));
  child.kill();
  return f;
}

// Headless Chromium with a cross-origin-isolated page that imports the
// module as a site would (Debian's chromium, npm's playwright-core from
// web/); null where either is missing.
async function openChromium() {
  let chromium;
  try {
    ({ chromium } = createRequire(new URL('../web/package.json', import.meta.url))('playwright-core'));
  } catch {
    return null;
  }
  if (!existsSync(CHROMIUM)) return null;
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const server = await startStaticServer(fileURLToPath(new URL('../web/dist/', import.meta.url)));
  const page = await browser.newPage();
  await page.route('**/speed.html', (route) => route.fulfill({
    status: 200,
    headers: {
      'content-type': 'text/html',
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-embedder-policy': 'require-corp',
    },
    body: '<!doctype html><title>Kyodai speed</title>',
  }));
  await page.goto(`${server.url}speed.html`);
  if (!(await page.evaluate(() => crossOriginIsolated))) throw new Error('the speed page is not cross-origin isolated');
  return {
    page,
    close: async () => {
      await browser.close();
      server.close();
    },
  };
}

// A fresh engine in the page, driven like the others (by `reader`, whose
// source the page gets).
async function chromiumRun({ page }, game) {
  await page.evaluate(async (readerSource) => {
    const { default: Factory } = await import('./kyodai.mjs');
    const engine = await Factory();
    const r = new Function(`return ${readerSource}`)()((l) => engine.postMessage(l));
    engine.addMessageListener((l) => r.take(l));
    window.kyodai = { engine, r };
  }, reader.toString());
  const r = {
    send: (line) => page.evaluate((l) => window.kyodai.r.send(l), line),
    ask: (line, prefix) => page.evaluate(([l, p]) => window.kyodai.r.ask(l, p), [line, prefix]),
  };
  await game.hello(r);
  const f = await search(r, game, () => threadsCpuMs(descendants(process.pid)));
  await page.evaluate(() => window.kyodai.engine.terminate());
  return f;
}

const nps = (f) => (f.nodes * 1000) / f.ms;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)].toFixed(3);

// The module against native on `game`, RUNS times alternating; per runtime
// the median ratios of nodes per second by wall time and by CPU time.
async function compare(game, runtimes, verbose) {
  const ratios = new Map(runtimes.map(([name]) => [name, { wall: [], cpu: [] }]));
  for (let i = 0; i < runs; i++) {
    const native = await nativeRun(game);
    const parts = [`native ${native.nodes} nodes ${native.ms} ms, CPU ${native.cpu} ms`];
    for (const [name, run] of runtimes) {
      const wasm = await run(game);
      if (native.nodes !== wasm.nodes) console.log(`node counts differ: native ${native.nodes}, ${name} ${wasm.nodes}`);
      const wall = nps(wasm) / nps(native);
      const cpu = native.cpu / wasm.cpu;
      ratios.get(name).wall.push(wall);
      ratios.get(name).cpu.push(cpu);
      parts.push(`${name} ${wasm.ms} ms, CPU ${wasm.cpu} ms: ratio ${wall.toFixed(3)} (wall), ${cpu.toFixed(3)} (CPU)`);
    }
    if (verbose) console.log(`run ${i + 1}: ${parts.join('; ')}`);
  }
  return [...ratios].map(([name, { wall, cpu }]) => `${name} ${median(wall)} (wall), ${median(cpu)} (CPU time)`).join('; ');
}

// Depths that take 0.6-1.6 s natively from each start position (CPU
// time is read in hundredths of a second).
const VARIANT_DEPTHS = {
  chu: 10, dai: 10, 'cashew-shogi': 11, 'macadamia-shogi': 10, 'nutty-shogi': 9, 'suzumu-shogi': 6, 'wa-shogi': 11, tenjiku: 9,
};

const browser = await openChromium();
if (!browser) console.log(`no Chromium run: needs ${CHROMIUM} and npm ci in web/`);
const runtimes = [['Node', moduleRun], ...(browser ? [['Chromium', (game) => chromiumRun(browser, game)]] : [])];
if (everyVariant) {
  for (const [variant, d] of Object.entries(VARIANT_DEPTHS)) {
    console.log(`${variant} (depth ${d}), median module/native nps: ${await compare(cecpSearch(variant, d), runtimes, false)}`);
  }
} else {
  console.log(`median module/native nps: ${await compare(usiSearch(depth), runtimes, true)}`);
}
if (browser) await browser.close();
if (everyVariant) process.exit(0);

// Start-up: from the factory call to `usiok`.
const rss0 = process.memoryUsage().rss;
const t0 = performance.now();
const e = await Kyodai();
const r = reader((l) => e.postMessage(l));
e.addMessageListener((l) => r.take(l));
await r.ask('usi', 'usiok');
console.log(`ready (factory to usiok): ${(performance.now() - t0).toFixed(0)} ms`);
await search(r, usiSearch(9), () => new Map());
console.log(`memory: process RSS grew ${((process.memoryUsage().rss - rss0) / 2 ** 20).toFixed(0)} MB with the default hash (64 MB) after a search`);
// stop latency, shared buffer.
r.send('position startpos');
await r.ask('go infinite', 'info depth 6');
let t = performance.now();
await r.ask('stop', 'bestmove');
console.log(`stop (shared buffer): ${(performance.now() - t).toFixed(1)} ms`);
e.terminate();
// stop latency without it: the search ends at its limit.
const u = await Kyodai({ isolated: false, searchLimitMs: 3000 });
const ru = reader((l) => u.postMessage(l));
u.addMessageListener((l) => ru.take(l));
await ru.ask('usi', 'usiok');
ru.send('position startpos');
const started = performance.now();
await ru.ask('go infinite', 'info depth 3');
t = performance.now();
await ru.ask('stop', 'bestmove');
console.log(`stop (no shared buffer, limit 3000 ms): ${(performance.now() - t).toFixed(0)} ms after stop, ${(performance.now() - started).toFixed(0)} ms after go`);
u.terminate();
