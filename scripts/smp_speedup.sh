#!/usr/bin/env bash
# smp_speedup.sh - how much faster two search threads reach the same depth
# than one, over the bench positions (issue 5: at least 1.5x).
#
# Usage: scripts/smp_speedup.sh [DEPTH] [RUNS]    (defaults: 8, bench's own; 3)
#
# Runs `kyodai bench DEPTH --threads 1` and `--threads 2` RUNS times each,
# alternating, and prints per position the median time to finish DEPTH with
# each thread count, then the total of the medians and the speed-up (time
# with one thread / time with two), and the geometric mean of the
# per-position speed-ups. Needs two idle cores: anything else
# running (a match, a build) makes the two-thread figure worse.
set -eu -o pipefail
DEPTH=${1:-8}
RUNS=${2:-3}
REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
(cd "$REPO" && cargo build --release -q)
BIN="$REPO/target/release/kyodai"
OUT=$(mktemp -d)
for r in $(seq 1 "$RUNS"); do
    for t in 1 2; do
        "$BIN" bench "$DEPTH" --threads "$t" >"$OUT/t$t-r$r.txt"
    done
done
python3 - "$OUT" "$RUNS" "$DEPTH" <<'PY'
import statistics, sys
out, runs, depth = sys.argv[1], int(sys.argv[2]), sys.argv[3]
def times(t):
    # position index -> list of ms over the runs
    per = {}
    for r in range(1, runs + 1):
        rows = [l.split() for l in open(f"{out}/t{t}-r{r}.txt") if " ms " in l]
        for i, f in enumerate(rows):
            per.setdefault(i, (f[0], []))[1].append(int(f[f.index("ms") + 1]))
    return per
one, two = times(1), times(2)
print(f"depth {depth}, median of {runs} runs, ms")
print(f"{'position':<20} {'1 thread':>10} {'2 threads':>10} {'speed-up':>9}")
total1 = total2 = 0
for i in sorted(one):
    name, a = one[i]
    m1, m2 = statistics.median(a), statistics.median(two[i][1])
    total1 += m1
    total2 += m2
    print(f"{i + 1:>2} {name:<17} {m1:>10.0f} {m2:>10.0f} {m1 / max(m2, 1):>8.2f}x")
print(f"{'total':<20} {total1:>10.0f} {total2:>10.0f} {total1 / max(total2, 1):>8.2f}x")
ratios = [statistics.median(one[i][1]) / max(statistics.median(two[i][1]), 1) for i in one]
print(f"{'geometric mean':<42} {statistics.geometric_mean(ratios):>8.2f}x")
PY
rm -rf "$OUT"
