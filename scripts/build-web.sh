#!/usr/bin/env bash
# Build Kyodai for the browser into web/dist/: the engine as WebAssembly
# (kyodai.wasm), its Worker (kyodai-worker.js), the factory as an ES module
# (kyodai.mjs, default export) and as a classic script (kyodai.js, global
# `Kyodai`), and the page (web/page/). Installs the wasm32 target if needed.
set -euo pipefail
cd "$(dirname "$0")/.."
target=wasm32-unknown-unknown
if ! rustup target list --installed | grep -qx "$target"; then
    rustup target add "$target"
fi
# The library as a C-style dynamic library: its exports are src/host/wasm.rs.
cargo rustc --quiet --release --lib --target "$target" --crate-type cdylib
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
