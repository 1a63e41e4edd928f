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

  // A Worker running kyodai-worker.js, and how to hear it.
  const startWorker = () => {
    if (inNode) {
      return import('node:worker_threads').then(async ({ Worker }) => {
        const { fileURLToPath } = await import('node:url');
        const script = locate('kyodai-worker.js');
        const worker = new Worker(script.startsWith('file:') ? fileURLToPath(script) : script);
        // As in a browser, the worker lives until terminate(): under Node.js
        // a script that does not call it does not end.
        return { worker, onMessage: (handler) => worker.on('message', handler) };
      });
    }
    const worker = new Worker(locate('kyodai-worker.js'));
    return Promise.resolve({ worker, onMessage: (handler) => { worker.onmessage = (event) => handler(event.data); } });
  };
  // The record reader and the game review run in a second engine of their
  // own, started on first use, so that neither waits for the first one's
  // search (an analysis runs until it is stopped) nor holds it up; the mate
  // solver in a third, which a cancel ends (a solve is one call that
  // nothing can reach while it runs).
  const toolBytes = wasm.slice(0);
  const { worker, onMessage } = await startWorker();

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

  // An engine of its own for requests by id, each answered once ('record',
  // 'review-done', 'mate'), a review's progress on the way; its Worker
  // starts with the first request.
  let requestId = 0;
  const cancelledError = (what) => {
    const error = new Error(`${what} cancelled`);
    error.cancelled = true;
    return error;
  };
  const helperEngine = () => {
    let launched = null;
    const pending = new Map();
    const start = () => {
      launched ??= startWorker().then(({ worker: w, onMessage: listen }) => new Promise((resolve) => {
        listen((message) => {
          if (message.type === 'ready') {
            resolve(w);
            return;
          }
          const request = pending.get(message.id);
          if (!request) return;
          if (message.type === 'review-progress') {
            request.progress?.(message.done, message.positions);
            return;
          }
          pending.delete(message.id);
          if (message.error) request.reject(new Error(message.error));
          else request.resolve(JSON.parse(message.json));
        });
        w.postMessage({ type: 'init', wasm: toolBytes, ring: null, limitMs: KYODAI_SEARCH_LIMIT_MS });
      }));
      return launched;
    };
    return {
      // The request's id, its answer, and the Worker (once started).
      ask(message, progress) {
        requestId += 1;
        const id = requestId;
        const answer = new Promise((resolve, reject) => pending.set(id, { resolve, reject, progress }));
        const worker = start();
        // Not if it was cancelled while the Worker started.
        worker.then((w) => pending.has(id) && w.postMessage({ ...message, id }));
        return { id, answer, worker };
      },
      forget(id) {
        pending.delete(id);
      },
      // End the Worker mid-request: its requests reject (`cancelled`), and
      // the next one starts a fresh engine.
      restart(what) {
        const worker = launched;
        launched = null;
        for (const request of pending.values()) request.reject(cancelledError(what));
        pending.clear();
        worker?.then((w) => w.terminate());
      },
      terminate() {
        launched?.then((w) => w.terminate());
      },
    };
  };
  const tools = helperEngine();
  const solver = helperEngine();

  // A solver's job: `role` 'solve' or 'defend' (src/host/page.rs).
  const mateJob = (role, { variant = 'chu', rules = 'standard', fen, moves = [] }, { timeMs = 10000, nodes = 0 } = {}) => {
    const request = `${variant}\n${rules}\n${String(fen ?? '').trim()}\n${moves.join(' ')}\n`;
    return {
      result: solver.ask({ type: 'mate', role, request, timeMs, nodes }).answer,
      cancel: () => solver.restart(role === 'solve' ? 'solve' : 'defence'),
    };
  };

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
    // Kyodai's own: the games of a record (PGN, KIF, or SFEN with USI
    // moves), read by the engine's readers. `variant`: that of a PGN game
    // without a Variant tag. Resolves to {format, games, problems}
    // (docs/web.md, "Records and review").
    readRecord(text, variant = '') {
      return tools.ask({ type: 'record', variant, text: String(text) }).answer;
    },
    // Kyodai's own: the first game of a record searched position by
    // position, `movetimeMs` each, with `kyodai analyse`'s figures.
    // Returns {result, cancel()}: result resolves to the review, or
    // rejects (with `cancelled` set after cancel()); onProgress(done,
    // positions) follows each position.
    review(text, { variant = '', movetimeMs = 500, onProgress } = {}) {
      const { id, answer, worker: reviewing } = tools.ask({ type: 'review', variant, text: String(text), movetimeMs }, onProgress);
      let cancel;
      const cancelled = new Promise((resolve, reject) => {
        cancel = () => {
          reject(cancelledError('review'));
          tools.forget(id);
          reviewing.then((w) => w.postMessage({ type: 'review-cancel', id }));
        };
      });
      return { result: Promise.race([answer, cancelled]), cancel };
    },
    // Kyodai's own: the mate solver of `kyodai mate` on a problem, the
    // position `fen` of `variant` under `rules` (the `Rules` option's
    // names) after `moves` (Kyodai's notation), within `timeMs` and, for a
    // count that is the same everywhere, `nodes`. solveMate: the side to
    // move attacks; resolves to {verdict ('mate', 'nomate' or 'unknown'),
    // length (plies to the mating move, as problem books count them),
    // minimal, line: [{cecp, usi, kif, fen}], nodes, ms}. Returns {result,
    // cancel()}; a bad problem rejects with the reason, and cancel() ends
    // every solve under way (rejected with `cancelled` set).
    solveMate(problem, options) {
      return mateJob('solve', problem, options);
    },
    // Kyodai's own: the defender's turn in a problem played out from `fen`,
    // whose side to move attacks: {check: false} after a move that gives
    // no check; the game's end, {ended, length}, `length` the mate's when
    // the attack won; else the longest defence, {check: true, verdict,
    // length, line, ...}, the line starting with the defender's reply
    // ('nomate': the defender escapes). As solveMate otherwise.
    defendMate(problem, options) {
      return mateJob('defend', problem, options);
    },
    // Whether commands reach a running search (see above).
    isolated: ring !== null,
    terminate() {
      if (retry !== null) clearInterval(retry);
      worker.terminate();
      tools.terminate();
      solver.terminate();
    },
  };
}
