#!/usr/bin/env bash
# shogiops_mate.sh - solve a file of Chu problems with `kyodai mate` and
# replay every mate found with lishogi's rules library, shogiops (npm,
# installed into target/shogiops; needs node and npm): each move legal,
# each attacker's move a check, the game won at the end.
#
# Usage: scripts/shogiops_mate.sh [FILE] [KYODAI MATE OPTIONS...]
#   FILE: `sfen SFEN ; NAME` lines (default tests/problems/chu-tsume.txt);
#   the options go to `kyodai mate` (default: --time 10 --threads 2).
# Prints each failure and `replayed N, failed M` (N + M: the mates found);
# exit status 1 on any failure.
set -euo pipefail
REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
FILE=${1:-$REPO/tests/problems/chu-tsume.txt}
shift || true
[ $# -gt 0 ] || set -- --time 10 --threads 2
# KYODAI: the binary to check (cargo test passes its own); else built here.
if [ -z "${KYODAI:-}" ]; then
    (cd "$REPO" && cargo build --release -q)
    KYODAI="$REPO/target/release/kyodai"
fi
# shellcheck source=scripts/shogiops_setup.sh
source "$REPO/scripts/shogiops_setup.sh"
FILE=$(realpath "$FILE")
RESULTS=$(mktemp)
trap 'rm -f "$RESULTS"' EXIT
"$KYODAI" mate "$FILE" --json "$@" > "$RESULTS"
(cd "$LIB" && node shogiops_mate.mjs "$FILE" < "$RESULTS")
