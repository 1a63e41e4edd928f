// Kyodai in a browser (or Node.js 20+): the engine factory, in the shape
// web sites already load stockfish.wasm and fairy-stockfish.wasm in.
//
//   const engine = await Kyodai(options);
//   engine.addMessageListener((line) => console.log(line));
//   engine.postMessage('usi');        // or 'xboard': the first line chooses
//   engine.postMessage('go depth 8');
//
// The engine runs in a Worker of its own. When the page is cross-origin
// isolated (SharedArrayBuffer available), input lines go through a shared
// ring buffer that the engine reads while it searches, so `stop`,
// `ponderhit`, `?` and `.` reach a running search at once. Without it,
// lines wait for the search under way to end, and a search without a limit
// of its own ends after `searchLimitMs` (10 s) instead of never.
//
// options (all optional): locateFile(name) -> URL of 'kyodai.wasm' and
// 'kyodai-worker.js'; wasmBinary (ArrayBuffer: the module's bytes);
// isolated (false: do without the shared buffer even where it could be
// had); searchLimitMs. lishogi's `wasmMemory` is accepted and not needed.
//
// scripts/build-web.sh makes kyodai.mjs (this file, `export default
// Kyodai`) and kyodai.js (this file, defining the global `Kyodai`).

const KYODAI_RING_BYTES = 1 << 22;
const KYODAI_SEARCH_LIMIT_MS = 10000;

// The writing end of the worker's input ring (kyodai-worker.js, RingReader).
class KyodaiRing {
  constructor() {
    this.buffer = new SharedArrayBuffer(8 + KYODAI_RING_BYTES);
    this.header = new Int32Array(this.buffer, 0, 2);
    this.data = new Uint8Array(this.buffer, 8);
    this.mask = KYODAI_RING_BYTES - 1;
    this.backlog = [];
  }

  // Write `bytes` as one line, after any that waited for room; false if
  // it must wait too.
  write(bytes) {
    this.backlog.push(bytes);
    return this.flush();
  }

  // Write the lines that waited for room; false if some still must.
  flush() {
    while (this.backlog.length > 0) {
      const line = this.backlog[0];
      const written = Atomics.load(this.header, 0);
      const free = KYODAI_RING_BYTES - ((written - Atomics.load(this.header, 1)) | 0);
      if (free < 4 + line.length) return false;
      for (let i = 0; i < 4; i++) this.data[(written + i) & this.mask] = (line.length >>> (8 * i)) & 255;
      for (let i = 0; i < line.length; i++) this.data[(written + 4 + i) & this.mask] = line[i];
      Atomics.store(this.header, 0, (written + 4 + line.length) | 0);
      this.backlog.shift();
    }
    return true;
  }
}

async function Kyodai(options = {}) {
  const inNode = typeof process !== 'undefined' && !!(process.versions && process.versions.node)
    && typeof window === 'undefined';
  const locate = (name) => (options.locateFile ? options.locateFile(name) : new URL(name, KYODAI_BASE).href);
  const readBytes = async (url) => {
    if (inNode && url.startsWith('file:')) {
      const { readFile } = await import('node:fs/promises');
      return (await readFile(new URL(url))).buffer;
    }
    const response = await fetch(url);
    if (!response.ok) throw new Error(`Kyodai: cannot load ${url} (${response.status})`);
    return response.arrayBuffer();
  };

  const wasm = options.wasmBinary ? options.wasmBinary.slice(0) : await readBytes(locate('kyodai.wasm'));
  const canShare = typeof SharedArrayBuffer !== 'undefined'
    && (inNode || (typeof crossOriginIsolated !== 'undefined' && crossOriginIsolated));
  const ring = options.isolated !== false && canShare ? new KyodaiRing() : null;

  let worker;
  let onMessage;
  if (inNode) {
    const { Worker } = await import('node:worker_threads');
    const { fileURLToPath } = await import('node:url');
    const script = locate('kyodai-worker.js');
    worker = new Worker(script.startsWith('file:') ? fileURLToPath(script) : script);
    onMessage = (handler) => worker.on('message', handler);
    worker.unref();
  } else {
    worker = new Worker(locate('kyodai-worker.js'));
    onMessage = (handler) => { worker.onmessage = (event) => handler(event.data); };
  }

  const listeners = new Set();
  const describing = new Map();
  let describeId = 0;
  let ready;
  const started = new Promise((resolve) => { ready = resolve; });
  onMessage((message) => {
    switch (message.type) {
      case 'ready':
        ready();
        break;
      case 'line':
        for (const listener of [...listeners]) listener(message.line);
        break;
      case 'describe':
        describing.get(message.id)(JSON.parse(message.json));
        describing.delete(message.id);
        break;
      default:
        break;
    }
  });
  worker.postMessage({
    type: 'init',
    wasm,
    ring: ring ? ring.buffer : null,
    limitMs: options.searchLimitMs || KYODAI_SEARCH_LIMIT_MS,
  }, [wasm]);
  await started;

  const encoder = new TextEncoder();
  // Lines that did not fit the ring are written when there is room.
  let retry = null;
  return {
    // Send one command line (a string without line end) to the engine.
    postMessage(line) {
      const text = String(line);
      if (!ring) {
        worker.postMessage({ type: 'line', line: text });
        return;
      }
      if (!ring.write(encoder.encode(text)) && retry === null) {
        retry = setInterval(() => {
          if (ring.flush()) {
            clearInterval(retry);
            retry = null;
          }
          worker.postMessage({ type: 'wake' });
        }, 10);
      }
      worker.postMessage({ type: 'wake' });
    },
    addMessageListener(listener) {
      listeners.add(listener);
    },
    removeMessageListener(listener) {
      listeners.delete(listener);
    },
    // Kyodai's own: the variants it plays, as its page draws them.
    describe() {
      describeId += 1;
      const id = describeId;
      return new Promise((resolve) => {
        describing.set(id, resolve);
        worker.postMessage({ type: 'describe', id });
      });
    },
    // Whether commands reach a running search (see above).
    isolated: ring !== null,
    terminate() {
      if (retry !== null) clearInterval(retry);
      worker.terminate();
    },
  };
}
