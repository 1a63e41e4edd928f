#!/usr/bin/env bash
# shogiops_check.sh - check Kyodai's Chu under lishogi's rules against
# lishogi's own rules library, shogiops (npm, installed by this script into
# target/shogiops; needs node and npm).
#
# Usage: scripts/shogiops_check.sh [GAMES] [POSITIONS] [SEED]
#
# 1. The start position and scripts/openings/chu.fen: per position, the set
#    of moves by path in USI notation must be the same, and perft 3 by path
#    of the start position too (52599).
# 2. Random games played by shogiops (GAMES, default 20, seeded by SEED,
#    default 1) until at least POSITIONS (default 200) positions are kept,
#    plus positions chosen for the rules where lishogi differs: per position
#    the moves, the perft count below each move (depth 2; the start position
#    depth 3) and the game's outcome must be the same.
# Exit status 1 on any difference. tests/shogiops.rs runs it with the
# defaults as part of the test suite.
set -euo pipefail
REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
GAMES=${1:-20}
POSITIONS=${2:-200}
SEED=${3:-1}
# KYODAI: the binary to check (cargo test passes its own); else built here.
if [ -z "${KYODAI:-}" ]; then
    (cd "$REPO" && cargo build --release -q)
    KYODAI="$REPO/target/release/kyodai"
fi
# shellcheck source=scripts/shogiops_setup.sh
source "$REPO/scripts/shogiops_setup.sh"
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

START="lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL w - 0 1"
{ echo "$START"; cat "$REPO/scripts/openings/chu.fen"; } > "$WORK/fens.txt"
: > "$WORK/kyodai.txt"
while read -r fen; do
    [ -n "$fen" ] || continue
    # SFEN: the same board field; Sente (`b`) to move; no Lion square.
    echo "${fen%% *} b - 1" >> "$WORK/sfens.txt"
    "$KYODAI" perft chu 1 --rules lishogi --divide --by path --notation usi --fen "$fen" |
        awk '$1 != "total" {print $1}' | LC_ALL=C sort | paste -sd' ' >> "$WORK/kyodai.txt"
done < "$WORK/fens.txt"
(cd "$LIB" && node shogiops_moves.mjs sets 3 < "$WORK/sfens.txt") > "$WORK/shogiops.out"
grep -v '^perft ' "$WORK/shogiops.out" | while read -r line; do
    tr ' ' '\n' <<< "$line" | LC_ALL=C sort | paste -sd' '
done > "$WORK/shogiops.txt"
differ=$(paste -d'|' "$WORK/kyodai.txt" "$WORK/shogiops.txt" | awk -F'|' '$1 != $2' | wc -l)
echo "openings: $(wc -l < "$WORK/kyodai.txt") positions, differing: $differ"
if [ "$differ" -gt 0 ]; then
    diff <(tr ' ' '\n' < "$WORK/kyodai.txt" | sort) <(tr ' ' '\n' < "$WORK/shogiops.txt" | sort) | head -20
fi
ours=$("$KYODAI" perft chu 3 --rules lishogi --by path | awk '{print $2}')
theirs=$(grep '^perft ' "$WORK/shogiops.out" | awk '{print $2}')
echo "start position perft 3 by path: kyodai $ours, shogiops $theirs"
status=0
[ "$differ" -eq 0 ] && [ "$ours" = "$theirs" ] || status=1
(cd "$LIB" && node shogiops_moves.mjs games "$KYODAI" "$SEED" "$GAMES" "$POSITIONS") || status=1
exit $status
