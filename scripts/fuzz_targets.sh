#!/usr/bin/env bash
# fuzz_targets.sh - coverage-guided fuzzing of everything that reads outside
# input (cargo fuzz, libFuzzer, on the nightly toolchain; not part of the
# build, the tests or CI).
#
# Usage: scripts/fuzz_targets.sh [SECONDS] [TARGET...]
#   SECONDS  how long each target runs (default 600)
#   TARGET   fen, move_text, cecp, ini, runner_input (default: all)
#
# Installs the nightly toolchain and cargo-fuzz when missing. Each target
# starts from fuzz/seeds/TARGET plus what earlier runs found
# (fuzz/corpus/TARGET, minimised after the run with `cargo fuzz cmin` so it
# stays small); a crash stops the script and leaves its input under
# fuzz/artifacts/TARGET (replay: cargo +nightly fuzz run TARGET FILE).
# Prints per target the executions, the coverage (libFuzzer's `cov`, edges
# reached, and `ft`, features) and the corpus size. Leak detection is off:
# variants are leaked on purpose (they live as long as the engine, as
# `&'static Variant`), which is no fault.
set -euo pipefail
REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
SECONDS_EACH=${1:-600}
shift || true
TARGETS=("$@")
[ ${#TARGETS[@]} -gt 0 ] || TARGETS=(fen move_text cecp ini runner_input)
rustup toolchain list | grep -q '^nightly' || rustup toolchain install nightly --profile minimal
command -v cargo-fuzz >/dev/null || cargo install cargo-fuzz
cd "$REPO"
for t in "${TARGETS[@]}"; do
    mkdir -p "fuzz/corpus/$t"
    log=$(mktemp)
    cargo +nightly fuzz run "$t" "fuzz/corpus/$t" "fuzz/seeds/$t" -- \
        -max_total_time="$SECONDS_EACH" -rss_limit_mb=4096 -max_len=4096 -print_final_stats=1 \
        -detect_leaks=0 \
        > "$log" 2>&1 || { tail -40 "$log"; echo "fuzz_targets.sh: $t failed"; exit 1; }
    cargo +nightly fuzz cmin "$t" "fuzz/corpus/$t" > /dev/null 2>&1 || true
    runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo '?')
    cov=$(grep -o 'cov: [0-9]* ft: [0-9]*' "$log" | tail -1)
    echo "$t: $runs executions in ${SECONDS_EACH} s, $cov, corpus $(ls "fuzz/corpus/$t" | wc -l) inputs"
    rm -f "$log"
done
