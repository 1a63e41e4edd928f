#!/usr/bin/env bash
# check-web.sh - build the browser module and page (scripts/build-web.sh)
# and run their tests: the module under Node.js, the module and the page in
# headless Chromium. Installs what they need on a fresh Debian machine
# (Debian's chromium, npm's playwright-core from web/package-lock.json).
# The native engine (target/release/kyodai) must be built: the tests compare
# the module's moves with it.
set -euo pipefail
REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# shellcheck source=scripts/release-deps.sh
. "$REPO/scripts/release-deps.sh"
cd "$REPO"
need_apt chromium
cargo build --release --locked --quiet
scripts/build-web.sh
cd web
npm ci --no-audit --no-fund --loglevel=error
# Named file by file: `node --test test/` would also run the helpers.
node --test test/*.test.mjs test/*.spec.mjs
