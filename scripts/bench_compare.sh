#!/usr/bin/env bash
# bench_compare.sh A B [RUNS] - speed of two kyodai binaries, runs alternated
# (A B A B ...) so that load from other jobs on the machine falls on both.
#
# Each run is `kyodai bench` (one thread, fixed depth: both must print the
# same node count). Prints each binary's median CPU seconds (user+sys, which
# a busy machine disturbs less than the wall clock) and median nps, and B's
# speed as a fraction of A's from the medians of the CPU times.
set -euo pipefail
A=${1:?usage: bench_compare.sh A B [RUNS]}
B=${2:?usage: bench_compare.sh A B [RUNS]}
RUNS=${3:-10}
TIMEFORMAT='%U %S'

# run BIN: "NODES NPS CPU_SECONDS" of one bench.
run() {
    local cpu
    cpu=$( { time "$1" bench >"$TMP" 2>/dev/null; } 2>&1)
    echo "$(awk '$1=="nodes"{n=$2} $1=="nps"{p=$2} END{print n, p}' "$TMP")" \
        "$(awk '{print $1 + $2}' <<<"$cpu")"
}

median() { sort -g | awk '{v[NR]=$1} END{print (NR%2) ? v[(NR+1)/2] : (v[NR/2]+v[NR/2+1])/2}'; }

TMP=$(mktemp)
: >"$TMP.a"
: >"$TMP.b"
trap 'rm -f "$TMP" "$TMP.a" "$TMP.b"' EXIT
for _ in $(seq "$RUNS"); do
    run "$A" >>"$TMP.a"
    run "$B" >>"$TMP.b"
done
nodes=$(cut -d' ' -f1 "$TMP.a" "$TMP.b" | sort -u)
if [ "$(wc -l <<<"$nodes")" -ne 1 ]; then
    echo "bench_compare.sh: the node counts differ: $(tr '\n' ' ' <<<"$nodes")" >&2
    exit 1
fi
cpu_a=$(cut -d' ' -f3 "$TMP.a" | median)
cpu_b=$(cut -d' ' -f3 "$TMP.b" | median)
echo "nodes $nodes, $RUNS runs each"
echo "A $A: median cpu ${cpu_a}s, median nps $(cut -d' ' -f2 "$TMP.a" | median)"
echo "B $B: median cpu ${cpu_b}s, median nps $(cut -d' ' -f2 "$TMP.b" | median)"
awk -v a="$cpu_a" -v b="$cpu_b" 'BEGIN{printf "B/A speed %.3f\n", a / b}'
