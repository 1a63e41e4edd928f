// A static server for web/dist/ in the browser tests, sending the
// cross-origin isolation headers (COOP/COEP) the module's fast `stop` needs.

import http from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.png': 'image/png',
};

const ISOLATED = {
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-embedder-policy': 'require-corp',
};

/** Answer a GET of `path` with the file under `root` (404 if none);
 * `isolated`: with the COOP/COEP headers. */
export async function serveFile(root, path, res, isolated = true) {
  const rel = normalize(path === '/' ? '/index.html' : path).replace(/^(\.\.[/\\])+/, '');
  try {
    const body = await readFile(join(root, rel));
    res.writeHead(200, {
      'content-type': TYPES[extname(rel)] ?? 'application/octet-stream',
      ...(isolated ? ISOLATED : {}),
    });
    res.end(body);
  } catch {
    res.writeHead(404).end('not found');
  }
}

/** Listen on `port` (0: any free one) of 127.0.0.1; resolves with { url, close }. */
export function listen(server, port = 0, onClose = () => {}) {
  return new Promise((resolve) => {
    server.listen(port, '127.0.0.1', () => {
      resolve({
        url: `http://127.0.0.1:${server.address().port}/`,
        close: () => {
          onClose();
          server.closeAllConnections();
          server.close();
        },
      });
    });
  });
}

export function startStaticServer(root, { isolated = true } = {}) {
  return listen(
    http.createServer((req, res) => serveFile(root, new URL(req.url, 'http://x').pathname, res, isolated)),
  );
}
