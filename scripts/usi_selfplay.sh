#!/usr/bin/env bash
# usi_selfplay.sh - check Kyodai's USI self-play in Chu against lishogi's
# own rules library, shogiops (npm, installed by this script into
# target/shogiops; needs node and npm).
#
# Usage: scripts/usi_selfplay.sh [GAMES] [MOVETIME_MS] [FIRST_GAME] [PARALLEL] [MAX_PLIES]
#
# Plays GAMES (default 50) games numbered from FIRST_GAME (default 1),
# Kyodai against itself over USI (`kyodai usi`, one process per side),
# `go movetime MOVETIME_MS` (default 1000) a move; game N starts after 2-4
# random legal plies seeded by N. Checked on every ply:
# 1. the bestmove parses, is legal in shogiops and is spelled as shogiops
#    spells one of its own moves (a Lion's double move `from mid to`);
# 2. whether and how the game has ended: shogiops' outcome (royals lost,
#    no legal move, bare king, kings only) and lishogi's fourfold
#    repetition / perpetual-check rule (done by the script) must match
#    Kyodai's verdict (`kyodai perft ... --outcome`); a repetition verdict
#    that differs only because Kyodai counts attacks as well as checks, as
#    lishogi's server does, is a note; a resignation must be of a position
#    shogiops finds lost at once (every move lets the opponent win);
# 3. no engine error, hang or crash; bestmoves later than MOVETIME_MS+200 ms
#    are listed.
# PARALLEL (default 2) runs that many node processes on disjoint ranges of
# games at once. A game not ended after MAX_PLIES plies (default 300) is
# stopped and counted unfinished. One line per game, then the combined
# summary. With
# USI_SELFPLAY_RECORD=FILE in the environment every game's moves are
# appended to FILE.
# Exit status 1 on any failure.
set -euo pipefail
REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
GAMES=${1:-50}
MOVETIME=${2:-1000}
FIRST=${3:-1}
PARALLEL=${4:-2}
MAX_PLIES=${5:-300}
(cd "$REPO" && cargo build --release -q)
KYODAI="$REPO/target/release/kyodai"
# shellcheck source=scripts/shogiops_setup.sh
source "$REPO/scripts/shogiops_setup.sh"
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
trap 'echo "usi_selfplay.sh: stopped by a signal after $SECONDS s" >&2; exit 1' INT TERM HUP
# The games use a copy: a rebuild during a long run does not change the
# engine between games.
cp "$KYODAI" "$WORK/kyodai"
KYODAI="$WORK/kyodai"

[ "$PARALLEL" -ge 1 ] || PARALLEL=1
[ "$PARALLEL" -le "$GAMES" ] || PARALLEL=$GAMES
echo "self-play: games $FIRST..$((FIRST + GAMES - 1)), movetime $MOVETIME ms, at most $MAX_PLIES plies, $PARALLEL at once;" \
    "kyodai $(sha256sum "$KYODAI" | cut -c1-12) built from $(cd "$REPO" && git rev-parse --short HEAD)$(cd "$REPO" && git diff --quiet HEAD -- src Cargo.toml engine.ini || echo ' + uncommitted changes')"
# Disjoint ranges: the first GAMES % PARALLEL ranges get one game more.
start=$FIRST
logs=()
for ((k = 0; k < PARALLEL; k++)); do
    count=$((GAMES / PARALLEL + (k < GAMES % PARALLEL ? 1 : 0)))
    log="$WORK/part$k.log"
    logs+=("$log")
    (cd "$LIB" && node usi_selfplay.mjs "$KYODAI" "$count" "$MOVETIME" "$start" "$MAX_PLIES" || true) |
        tee "$log" | grep --line-buffered -v -e '^summary-json ' -e '^summary: ' &
    start=$((start + count))
done
wait
echo "--- $GAMES games, combined:"
(cd "$LIB" && node usi_selfplay.mjs --combine "$MOVETIME" "${logs[@]}")
