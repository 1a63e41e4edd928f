// Measure the browser module against the native engine on this machine:
// nodes per second of the same fixed-depth USI search (Chu start position),
// alternating module and native runs; the module's start-up time; `stop`
// latency with and without the shared input buffer; memory use.
//
//   scripts/build-web.sh && cargo build --release
//   node scripts/web-speed.mjs [DEPTH] [RUNS]
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import Kyodai from '../web/dist/kyodai.mjs';

const depth = Number(process.argv[2] ?? 9);
const runs = Number(process.argv[3] ?? 3);
const NATIVE = fileURLToPath(new URL('../target/release/kyodai', import.meta.url));

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

// Nodes and milliseconds of the last `info depth` line.
function figures(lines) {
  const info = lines.filter((l) => l.startsWith('info depth')).pop();
  return { nodes: Number(/ nodes (\d+)/.exec(info)[1]), ms: Number(/ time (\d+)/.exec(info)[1]) };
}

async function search(r) {
  r.send('usinewgame');
  r.send('position startpos');
  await r.ask('isready', 'readyok');
  return figures(await r.ask(`go depth ${depth}`, 'bestmove'));
}

async function moduleRun() {
  const e = await Kyodai();
  const r = reader((l) => e.postMessage(l));
  e.addMessageListener((l) => r.take(l));
  await r.ask('usi', 'usiok');
  const f = await search(r);
  e.terminate();
  return f;
}

async function nativeRun() {
  const child = spawn(NATIVE, ['usi'], { stdio: ['pipe', 'pipe', 'ignore'] });
  const r = reader((l) => child.stdin.write(`${l}\n`));
  let rest = '';
  child.stdout.on('data', (d) => {
    rest += d;
    const parts = rest.split('\n');
    rest = parts.pop();
    parts.forEach((l) => r.take(l));
  });
  await r.ask('usi', 'usiok');
  const f = await search(r);
  child.kill();
  return f;
}

const nps = (f) => (f.nodes * 1000) / f.ms;
const ratios = [];
for (let i = 0; i < runs; i++) {
  const native = await nativeRun();
  const wasm = await moduleRun();
  ratios.push(nps(wasm) / nps(native));
  console.log(`run ${i + 1}: native ${native.nodes} nodes ${native.ms} ms (${nps(native).toFixed(0)} nps), module ${wasm.nodes} nodes ${wasm.ms} ms (${nps(wasm).toFixed(0)} nps), ratio ${ratios.at(-1).toFixed(3)}`);
}
ratios.sort((a, b) => a - b);
console.log(`median module/native nps: ${ratios[Math.floor(runs / 2)].toFixed(3)}`);

// Start-up: from the factory call to `usiok`.
const rss0 = process.memoryUsage().rss;
const t0 = performance.now();
const e = await Kyodai();
const r = reader((l) => e.postMessage(l));
e.addMessageListener((l) => r.take(l));
await r.ask('usi', 'usiok');
console.log(`ready (factory to usiok): ${(performance.now() - t0).toFixed(0)} ms`);
await search(r);
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
