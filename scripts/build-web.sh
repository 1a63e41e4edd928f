#!/usr/bin/env bash
# Build Kyodai for the browser into web/dist/: the engine as WebAssembly
# (kyodai.wasm), its Worker (kyodai-worker.js), the factory as an ES module
# (kyodai.mjs, default export) and as a classic script (kyodai.js, global
# `Kyodai`), and the page (web/page/). Installs the wasm32 target if needed.
set -euo pipefail
REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# shellcheck source=scripts/release-deps.sh
. "$REPO/scripts/release-deps.sh"
cd "$REPO"
target=wasm32-unknown-unknown
need_targets "$target"
# The library as a C-style dynamic library: its exports are src/host/wasm.rs.
# LLVM inlines more than its default (threshold 225) here: the browsers'
# WebAssembly compilers inline little or nothing themselves, and each call
# costs a frame, a stack check and reloads of the memory's base. At 1500
# the search runs about 6.5% fewer instructions than at the default (V8,
# Node 20) for a file 1.3 times as large (229 KB gzipped instead of 180
# KB); 2000 ran as many instructions for 255 KB, 1000 0.8% more, 3000
# 13% more (V8 compiles the huge functions worse). Move generation's
# piece_moves and rays are inlined whatever the threshold (src/movegen/):
# the inliner's choices otherwise shift with small source changes.
cargo rustc --quiet --release --lib --target "$target" --crate-type cdylib -- -C llvm-args=-inline-threshold=1500
dist=web/dist
rm -rf "$dist"
mkdir -p "$dist"
cp "target/$target/release/kyodai.wasm" "$dist/kyodai.wasm"
cp web/module/kyodai-worker.js "$dist/"
{
    echo "// Kyodai engine module (classic script): defines the global Kyodai."
    echo "var KYODAI_BASE = (typeof document !== 'undefined' && document.currentScript && document.currentScript.src)"
    echo "  || (typeof location !== 'undefined' ? location.href : '');"
    cat web/module/kyodai.js
    echo "globalThis.Kyodai = Kyodai;"
} >"$dist/kyodai.js"
{
    echo "// Kyodai engine module (ES module): the default export is the factory."
    echo "const KYODAI_BASE = new URL('./', import.meta.url).href;"
    cat web/module/kyodai.js
    echo "export default Kyodai;"
} >"$dist/kyodai.mjs"
if [ -d web/page ]; then
    cp -r web/page/. "$dist/"
fi
echo "built $dist: $(ls "$dist" | tr '\n' ' ')"
