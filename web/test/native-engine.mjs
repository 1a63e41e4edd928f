// A native `kyodai xboard` process shaped like the browser module's engine
// object (postMessage, addMessageListener, terminate), so the page's
// protocol code is tested against the real engine without a browser.

import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';

/** The release binary the tests use: $KYODAI, or target/release/kyodai. */
export const KYODAI =
  process.env.KYODAI ?? fileURLToPath(new URL('../../target/release/kyodai', import.meta.url));

export function kyodaiBuilt() {
  return existsSync(KYODAI);
}

export function nativeEngine() {
  const proc = spawn(KYODAI, ['xboard'], { stdio: ['pipe', 'pipe', 'ignore'] });
  const listeners = new Set();
  createInterface({ input: proc.stdout }).on('line', (line) => {
    for (const fn of listeners) fn(line);
  });
  return {
    postMessage(line) {
      // The first line chooses the protocol in the module; the process was
      // started with `xboard` already.
      if (line !== 'xboard') proc.stdin.write(line + '\n');
    },
    addMessageListener: (fn) => listeners.add(fn),
    removeMessageListener: (fn) => listeners.delete(fn),
    terminate: () => proc.kill(),
  };
}
