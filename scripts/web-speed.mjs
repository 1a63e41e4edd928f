// Measure the browser module against the native engine on this machine:
// nodes per second of the same fixed-depth USI search (Chu start position),
// alternating module and native runs, by the engines' own clock (wall
// time) and by the CPU time each process spent on the search (on Linux:
// on a machine shared with other work, wall time measures the neighbours
// too); the module's start-up time; `stop` latency with and without the
// shared input buffer; memory use.
//
//   scripts/build-web.sh && cargo build --release
//   node scripts/web-speed.mjs [DEPTH] [RUNS]
//
// Each engine first searches to depth 9 and is then reset (usinewgame)
// before the measured search: the module's code is compiled twice, a
// quick first version at once and the optimised one in the background
// as functions get hot, and the first search of a fresh module runs
// partly in the first (its start-up is measured on its own, below).
import { spawn } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
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

// CPU milliseconds per thread of this process.
function threadsCpuMs() {
  try {
    return new Map(readdirSync('/proc/self/task').map((t) => [t, cpuMs(`/proc/self/task/${t}/stat`)]));
  } catch {
    return null;
  }
}

// Nodes and milliseconds of the last `info depth` line.
function figures(lines) {
  const info = lines.filter((l) => l.startsWith('info depth')).pop();
  return { nodes: Number(/ nodes (\d+)/.exec(info)[1]), ms: Number(/ time (\d+)/.exec(info)[1]) };
}

// The search, with the CPU time it took: the native process's (`pid`),
// or for the module the time of the thread of this process that ran it
// (its worker; V8's compiler and collector threads are not counted).
async function search(r, pid = null) {
  r.send('usinewgame');
  r.send('position startpos');
  await r.ask('go depth 9', 'bestmove');
  r.send('usinewgame');
  r.send('position startpos');
  await r.ask('isready', 'readyok');
  const before = pid ? cpuMs(`/proc/${pid}/stat`) : threadsCpuMs();
  const f = figures(await r.ask(`go depth ${depth}`, 'bestmove'));
  const after = pid ? cpuMs(`/proc/${pid}/stat`) : threadsCpuMs();
  let cpu = null;
  if (pid && before !== null && after !== null) cpu = after - before;
  if (!pid && before && after) {
    cpu = Math.max(...[...after].map(([t, ms]) => ms - (before.get(t) ?? 0)));
  }
  return { ...f, cpu };
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
  const f = await search(r, child.pid);
  child.kill();
  return f;
}

const nps = (f) => (f.nodes * 1000) / f.ms;
const ratios = [];
const cpuRatios = [];
for (let i = 0; i < runs; i++) {
  const native = await nativeRun();
  const wasm = await moduleRun();
  if (native.nodes !== wasm.nodes) console.log(`node counts differ: native ${native.nodes}, module ${wasm.nodes}`);
  ratios.push(nps(wasm) / nps(native));
  const cpu = native.cpu && wasm.cpu ? native.cpu / wasm.cpu : null;
  if (cpu) cpuRatios.push(cpu);
  const cpuText = cpu ? `; CPU ${native.cpu.toFixed(0)} ms and ${wasm.cpu.toFixed(0)} ms, ratio ${cpu.toFixed(3)}` : '';
  console.log(`run ${i + 1}: native ${native.nodes} nodes ${native.ms} ms (${nps(native).toFixed(0)} nps), module ${wasm.nodes} nodes ${wasm.ms} ms (${nps(wasm).toFixed(0)} nps), ratio ${ratios.at(-1).toFixed(3)}${cpuText}`);
}
const median = (xs) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)].toFixed(3);
console.log(`median module/native nps: ${median(ratios)} (wall)${cpuRatios.length ? `, ${median(cpuRatios)} (CPU time)` : ''}`);

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
