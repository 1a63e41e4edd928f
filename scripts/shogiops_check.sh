#!/usr/bin/env bash
# shogiops_check.sh - compare Kyodai's Chu moves, counted by path and
# written in USI, with those of lishogi's rules library (npm shogiops,
# installed into a temporary directory; needs node and npm).
#
# Usage: scripts/shogiops_check.sh [FEN-FILE] [DEPTH]
#   FEN-FILE  Chu positions in Kyodai's FEN, first mover to move
#             (default: the start position and scripts/openings/chu.fen)
#   DEPTH     also compare perft by path of the first position (default 3)
#
# Per position, the set of USI move strings must be the same; prints the
# number of positions that differ (and the first differences) and the two
# perft counts. Exit status 1 on any difference.
set -euo pipefail
REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
DEPTH=${2:-3}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
(cd "$REPO" && cargo build --release -q)
KYODAI="$REPO/target/release/kyodai"
(cd "$WORK" && npm init -y >/dev/null && npm install --silent shogiops@0.18.0 >/dev/null)
cp "$REPO/scripts/shogiops_moves.mjs" "$WORK/"
START="lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL w - 0 1"
if [ $# -ge 1 ]; then cat "$1"; else echo "$START"; cat "$REPO/scripts/openings/chu.fen"; fi > "$WORK/fens.txt"
: > "$WORK/kyodai.txt"
while read -r fen; do
    [ -n "$fen" ] || continue
    # SFEN: the same board field; Sente (`b`) to move; no Lion square.
    echo "${fen%% *} b - 1" >> "$WORK/sfens.txt"
    "$KYODAI" perft chu 1 --divide --by path --notation usi --fen "$fen" |
        awk '$1 != "total" {print $1}' | LC_ALL=C sort | paste -sd' ' >> "$WORK/kyodai.txt"
done < "$WORK/fens.txt"
(cd "$WORK" && node shogiops_moves.mjs "$DEPTH" < sfens.txt) > "$WORK/shogiops.out"
grep -v '^perft ' "$WORK/shogiops.out" | while read -r line; do
    tr ' ' '\n' <<< "$line" | LC_ALL=C sort | paste -sd' '
done > "$WORK/shogiops.txt"
differ=$(paste -d'|' "$WORK/kyodai.txt" "$WORK/shogiops.txt" | awk -F'|' '$1 != $2' | wc -l)
echo "positions: $(wc -l < "$WORK/kyodai.txt"), differing: $differ"
if [ "$differ" -gt 0 ]; then
    diff <(tr ' ' '\n' < "$WORK/kyodai.txt" | sort) <(tr ' ' '\n' < "$WORK/shogiops.txt" | sort) | head -20
fi
first=$(head -1 "$WORK/fens.txt")
ours=$("$KYODAI" perft chu "$DEPTH" --by path --fen "$first" | awk '{print $2}')
theirs=$(grep '^perft ' "$WORK/shogiops.out" | awk '{print $2}')
echo "perft $DEPTH by path: kyodai $ours, shogiops $theirs"
[ "$differ" -eq 0 ] && [ "$ours" = "$theirs" ]
