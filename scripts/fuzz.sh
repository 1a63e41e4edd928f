#!/usr/bin/env bash
# fuzz.sh - the long protocol fuzz run: tests/fuzz.rs with many inputs.
#
# Usage: scripts/fuzz.sh [TOTAL_INPUTS] [SEED]    (defaults: 1000000, a
#        seed from the clock)
#
# Feeds TOTAL_INPUTS random command lines, FENs and move strings, spread
# evenly over the variants, to the CECP engine in-process: no input may
# make it panic, and every input it rejects must leave the game unchanged.
# Prints the inputs tried, the seed (to replay a failure with
# KYODAI_FUZZ_SEED) and the time taken.
set -eu -o pipefail
TOTAL=${1:-1000000}
SEED=${2:-$(date +%s)}
REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# The variants tests/fuzz.rs feeds (every one the engine plays).
VARIANTS=8
PER=$(( (TOTAL + VARIANTS - 1) / VARIANTS ))
cd "$REPO"
cargo build --release --tests -q
start=$(date +%s)
KYODAI_FUZZ_INPUTS=$PER KYODAI_FUZZ_SEED=$SEED \
    cargo test --release -q --test fuzz -- --nocapture 2>&1 | grep -E "fuzz:|panicked|FAILED|test result" || true
echo "fuzz.sh: seed $SEED, $((PER * VARIANTS)) inputs asked for, $(( $(date +%s) - start )) s"
