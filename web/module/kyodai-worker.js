// The Web Worker (or Node.js worker thread) that runs the engine: it
// instantiates kyodai.wasm, hands it the input lines and passes its
// output lines back. Built by scripts/build-web.sh into web/dist/.
//
// Messages in:  {type: 'init', wasm: ArrayBuffer, ring: SharedArrayBuffer|null, limitMs}
//               {type: 'line', line}          (without a ring: every input line)
//               {type: 'wake'}                (with a ring: lines are waiting in it)
//               {type: 'describe', id}
//               {type: 'record', id, variant, text}
//               {type: 'review', id, variant, text, movetimeMs}, {type: 'review-cancel', id}
//               {type: 'mate', id, role: 'solve'|'defend', request, timeMs, nodes}
// Messages out: {type: 'ready'}, {type: 'line', line}, {type: 'describe', id, json},
//               {type: 'quit'}, {type: 'record', id, json},
//               {type: 'review-progress', id, done, positions},
//               {type: 'review-done', id, json} or {type: 'review-done', id, error},
//               {type: 'mate', id, json} or {type: 'mate', id, error}

// The channel to the page: a Web Worker's own, or a Node.js worker
// thread's parent port (loaded as a module: no `require` there).
const inBrowser = typeof self !== 'undefined' && typeof self.postMessage === 'function';
const portReady = inBrowser
  ? Promise.resolve({
    send: (message) => self.postMessage(message),
    listen: (handler) => { self.onmessage = (event) => handler(event.data); },
    close: () => self.close(),
  })
  : import('node:worker_threads').then(({ parentPort }) => ({
    send: (message) => parentPort.postMessage(message),
    listen: (handler) => parentPort.on('message', handler),
    close: () => parentPort.close(),
  }));
let port = null;

const encoder = new TextEncoder();
const decoder = new TextDecoder();

// The shared input ring the page writes (see kyodai.js, `Ring`): a header of
// two Int32 counters, bytes written and bytes read, then the data; each line
// is its length (4 bytes, little-endian) and its UTF-8 bytes.
class RingReader {
  constructor(buffer) {
    this.header = new Int32Array(buffer, 0, 2);
    this.data = new Uint8Array(buffer, 8);
    this.mask = this.data.length - 1;
    this.length = -1;
  }

  // The length of the next line, or -1.
  peek() {
    const read = Atomics.load(this.header, 1);
    if (Atomics.load(this.header, 0) === read) return -1;
    let length = 0;
    for (let i = 0; i < 4; i++) length |= this.data[(read + i) & this.mask] << (8 * i);
    return length;
  }

  // Copy the next line's bytes into `target` and remove it.
  take(target) {
    const read = Atomics.load(this.header, 1);
    const length = target.length;
    for (let i = 0; i < length; i++) target[i] = this.data[(read + 4 + i) & this.mask];
    Atomics.store(this.header, 1, (read + 4 + length) | 0);
  }
}

let wasm = null;      // the instance's exports
let ring = null;      // RingReader, when the page is cross-origin isolated
let limitMs = 0;
let moduleBytes = null;
let scheduled = false;
let ended = false;

function memory() {
  return new Uint8Array(wasm.memory.buffer);
}

function instantiate() {
  const imports = {
    kyodai: {
      now: () => performance.now(),
      random: () => crypto.getRandomValues(new Uint32Array(1))[0],
      emit: (ptr, len) => {
        port.send({ type: 'line', line: decoder.decode(memory().slice(ptr, ptr + len)) });
      },
      input_length: () => (ring ? ring.peek() : -1),
      input_take: (ptr) => {
        const length = ring.peek();
        ring.take(memory().subarray(ptr, ptr + length));
      },
    },
  };
  const instance = new WebAssembly.Instance(new WebAssembly.Module(moduleBytes), imports);
  wasm = instance.exports;
  wasm.kyodai_init();
  // Without isolation no line reaches a running search: each search ends
  // by its own limit or after `limitMs`.
  wasm.kyodai_set_unisolated_limit(ring ? 0 : limitMs);
}

function post(line) {
  const bytes = encoder.encode(line);
  const at = wasm.kyodai_buffer(bytes.length);
  memory().set(bytes, at);
  wasm.kyodai_post();
}

// Lines waiting in the ring go to the engine's queue.
function drainRing() {
  if (!ring) return;
  for (let length = ring.peek(); length >= 0; length = ring.peek()) {
    const bytes = new Uint8Array(length);
    ring.take(bytes);
    post(decoder.decode(bytes));
  }
}

function schedule() {
  if (scheduled || ended) return;
  scheduled = true;
  setTimeout(pump, 0);
}

// One step at a time, back to the event loop between them so that
// messages (lines, `describe`) are taken in.
function pump() {
  scheduled = false;
  if (ended) return;
  let result;
  try {
    drainRing();
    result = wasm.kyodai_step();
  } catch (error) {
    // A panic traps the instance (its hook has said why): start afresh.
    port.send({ type: 'line', line: `info string error the engine stopped (${error}); restarted, send the protocol's first line again` });
    instantiate();
    result = 1;
  }
  if (result === 2) {
    ended = true;
    port.send({ type: 'quit' });
    port.close();
  } else if (result === 1 || (ring && ring.peek() >= 0)) {
    schedule();
  }
}

// A request's text for the module's buffer: the variant's line, then the record.
function putRecord(variant, text) {
  const bytes = encoder.encode(`${variant}\n${text}`);
  memory().set(bytes, wasm.kyodai_buffer(bytes.length));
}

// The JSON the module left in its buffer, `length` bytes.
function answer(length) {
  const at = wasm.kyodai_buffer_ptr();
  return decoder.decode(memory().slice(at, at + length));
}

// The review under way: {id, positions}. One position a step, back to the
// event loop between steps so that a cancel is read.
let review = null;

function startReview(message) {
  putRecord(message.variant, message.text);
  const started = JSON.parse(answer(wasm.kyodai_review_start(message.movetimeMs)));
  if (started.error) {
    port.send({ type: 'review-done', id: message.id, error: started.error });
    return;
  }
  review = { id: message.id, positions: started.positions };
  setTimeout(reviewStep, 0);
}

function reviewStep() {
  if (!review) return;
  const { id, positions } = review;
  let done;
  try {
    done = wasm.kyodai_review_step();
  } catch (error) {
    review = null;
    port.send({ type: 'review-done', id, error: `the engine stopped (${error})` });
    instantiate();
    return;
  }
  if (done >= 0) {
    port.send({ type: 'review-progress', id, done, positions });
    setTimeout(reviewStep, 0);
    return;
  }
  review = null;
  port.send({ type: 'review-done', id, json: answer(wasm.kyodai_review_finish()) });
}

// The mate solver on a problem (src/host/page.rs, solve_problem and
// defend_problem): one call that runs to its limits. A cancel ends the
// Worker, which nothing else could reach meanwhile.
function mate(message) {
  const bytes = encoder.encode(message.request);
  memory().set(bytes, wasm.kyodai_buffer(bytes.length));
  const run = message.role === 'defend' ? wasm.kyodai_defend_mate : wasm.kyodai_solve_mate;
  const json = answer(run(message.timeMs, message.nodes ?? 0));
  const { error } = JSON.parse(json);
  port.send(error ? { type: 'mate', id: message.id, error } : { type: 'mate', id: message.id, json });
}

portReady.then((ready) => {
  port = ready;
  port.listen(onMessage);
});

// Run a request's work; if the module traps (a bug, or memory run out),
// answer the request with the error and start a fresh instance, so that
// the next request finds a working engine.
function guarded(type, id, work) {
  try {
    work();
  } catch (error) {
    port.send({ type, id, error: `the engine stopped (${error})` });
    instantiate();
  }
}

function onMessage(message) {
  switch (message.type) {
    case 'init':
      moduleBytes = message.wasm;
      ring = message.ring ? new RingReader(message.ring) : null;
      limitMs = message.limitMs;
      instantiate();
      port.send({ type: 'ready' });
      break;
    case 'line':
      post(message.line);
      schedule();
      break;
    case 'wake':
      schedule();
      break;
    case 'describe':
      port.send({ type: 'describe', id: message.id, json: answer(wasm.kyodai_describe()) });
      break;
    case 'record':
      guarded('record', message.id, () => {
        putRecord(message.variant, message.text);
        port.send({ type: 'record', id: message.id, json: answer(wasm.kyodai_read_record()) });
      });
      break;
    case 'review':
      // A new review replaces one under way.
      if (review) port.send({ type: 'review-done', id: review.id, error: 'replaced by a new review' });
      review = null;
      wasm.kyodai_review_cancel();
      guarded('review-done', message.id, () => startReview(message));
      break;
    case 'mate':
      guarded('mate', message.id, () => mate(message));
      break;
    case 'review-cancel':
      if (review?.id === message.id) {
        review = null;
        wasm.kyodai_review_cancel();
      }
      break;
    default:
      break;
  }
}
