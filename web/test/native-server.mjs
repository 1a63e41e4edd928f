// A test server for the page without the WebAssembly build: it serves
// web/page/ and, in place of the browser module, a `kyodai.mjs` whose
// engines are native `kyodai xboard` processes reached over HTTP (lines
// posted in order, output streamed as server-sent events). `describe()`
// reads engine.ini as the module's describe does. The page's browser
// tests run against web/dist/ (the real module) when it is built, and
// against this otherwise.
//
//   node web/test/native-server.mjs [PORT]   then open http://localhost:PORT/

import http from 'node:http';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { KYODAI } from './native-engine.mjs';
import { serveFile, listen } from './static-server.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The variants of engine.ini in the shape of the module's describe(). */
export function describeFromIni(text) {
  const variants = [];
  let v = null;
  for (const raw of text.split('\n')) {
    const line = raw.replace(/#.*$/, '').trim();
    let m;
    if ((m = /^\[(.+)\]$/.exec(line))) {
      v = { name: m[1], title: m[1], aliases: [], pieces: [] };
      variants.push(v);
    } else if (v && (m = /^(\S+)\s*=\s*(.*)$/.exec(line))) {
      const [, key, value] = m;
      if (key === 'name') v.title = value;
      if (key === 'aliases') v.aliases = value.split(',').map((s) => s.trim());
      if (key === 'board') [v.width, v.height] = value.split('x').map(Number);
      if (key === 'zone') v.zone = Number(value);
      if (key === 'start') v.start = value;
      if (key === 'piece') {
        const [token, name, , betza, to, flags = ''] = value.split('|').map((s) => s.trim());
        v.pieces.push({
          token,
          name,
          promoted: token.startsWith('+'),
          promotesTo: to === '-' ? null : to,
          royal: /\broyal\b/.test(flags),
          betza,
        });
      }
    }
  }
  return { variants: variants.filter((x) => x.width && x.start) };
}

const SHIM = `
export default async function Kyodai() {
  const id = await (await fetch('/engine/new', { method: 'POST' })).text();
  const listeners = new Set();
  const events = new EventSource('/engine/' + id + '/events');
  await new Promise((resolve) => events.addEventListener('open', resolve, { once: true }));
  events.onmessage = (e) => { for (const fn of listeners) fn(e.data); };
  let queue = Promise.resolve();
  return {
    postMessage(line) {
      queue = queue.then(() => fetch('/engine/' + id + '/send', { method: 'POST', body: line }));
    },
    addMessageListener: (fn) => listeners.add(fn),
    removeMessageListener: (fn) => listeners.delete(fn),
    describe: async () => (await fetch('/engine/describe')).json(),
    terminate() { events.close(); fetch('/engine/' + id + '/kill', { method: 'POST' }); },
  };
}
`;

export function startServer(port = 0) {
  const engines = new Map();
  let next = 0;
  const describe = JSON.stringify(describeFromIni(readFileSync(join(ROOT, 'engine.ini'), 'utf8')));
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url, 'http://x');
    const parts = url.pathname.split('/').filter(Boolean);
    if (parts[0] === 'engine') {
      if (parts[1] === 'describe') {
        res.writeHead(200, { 'content-type': 'application/json' }).end(describe);
      } else if (parts[1] === 'new') {
        const id = String(++next);
        const proc = spawn(KYODAI, ['xboard'], { stdio: ['pipe', 'pipe', 'ignore'] });
        const e = { proc, out: null, backlog: [] };
        createInterface({ input: proc.stdout }).on('line', (line) => {
          if (e.out) e.out.write(`data: ${line}\n\n`);
          else e.backlog.push(line);
        });
        engines.set(id, e);
        res.end(id);
      } else if (parts[2] === 'events') {
        const e = engines.get(parts[1]);
        res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
        res.write(': open\n\n');
        e.out = res;
        for (const line of e.backlog.splice(0)) res.write(`data: ${line}\n\n`);
        req.on('close', () => e.proc.kill());
      } else if (parts[2] === 'send') {
        let body = '';
        for await (const chunk of req) body += chunk;
        // The module's first line chooses the protocol; the process runs xboard already.
        if (body !== 'xboard') engines.get(parts[1])?.proc.stdin.write(body + '\n');
        res.end();
      } else if (parts[2] === 'kill') {
        engines.get(parts[1])?.proc.kill();
        res.end();
      } else {
        res.writeHead(404).end();
      }
      return;
    }
    if (url.pathname === '/kyodai.mjs') {
      res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' }).end(SHIM);
      return;
    }
    await serveFile(join(ROOT, 'web/page'), url.pathname, res);
  });
  return listen(server, port, () => {
    for (const e of engines.values()) e.proc.kill();
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { url } = await startServer(Number(process.argv[2] ?? 8080));
  console.log(`serving the page with native engines at ${url}`);
}
