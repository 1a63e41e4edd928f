#!/usr/bin/env bash
# screenshot.sh - start XBoard headless (Xvfb) with Kyodai as its engine in
# one variant and save a picture of the start position XBoard shows.
#
# Usage: scripts/screenshot.sh VARIANT OUT.png [ENGINE-COMMAND]
#   VARIANT: chu, dai, cashew-shogi, macadamia-shogi, ...
#   ENGINE-COMMAND defaults to target/release/kyodai (built if missing).
#
# For the variants XBoard does not know, the board comes entirely from
# Kyodai's `setup` and `piece` lines, so the picture shows that XBoard
# accepted them. Installs xboard, xvfb, imagemagick and xdotool with apt-get
# when they are missing (needs root).
set -eu -o pipefail

[ $# -ge 2 ] || { sed -n '2,/^$/{s/^# \{0,1\}//;p}' "$0"; exit 2; }
VARIANT=$1
OUT=$(realpath -m "$2")
REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
ENGINE=${3:-$REPO/target/release/kyodai}
export PATH="$PATH:/usr/games"

missing=()
command -v xboard >/dev/null || missing+=(xboard)
command -v Xvfb >/dev/null || missing+=(xvfb)
command -v import >/dev/null || missing+=(imagemagick)
command -v xdotool >/dev/null || missing+=(xdotool)
if [ ${#missing[@]} -gt 0 ]; then
    apt-get update -q >&2 && DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${missing[@]}" >&2
fi
[ -x "${ENGINE%% *}" ] || (cd "$REPO" && cargo build --release -q)

WORK=$(mktemp -d)
trap 'kill $XB $XV 2>/dev/null; wait 2>/dev/null; rm -rf "$WORK"' EXIT
# A display number nobody uses.
N=90
while [ -e "/tmp/.X$N-lock" ]; do N=$((N + 1)); done
Xvfb ":$N" -screen 0 1600x1600x24 >/dev/null 2>&1 & XV=$!
sleep 1
DISPLAY=":$N" xboard -fcp "$ENGINE" -fd "$REPO" -variant "$VARIANT" \
    -saveSettingsOnExit false -settingsFile "$WORK/xb.settings" \
    -saveSettingsFile "$WORK/xb.settings" -popupExitMessage false \
    -ponderNextMove false -debugMode true -nameOfDebugFile "$WORK/debug.log" \
    >"$WORK/xboard.out" 2>&1 & XB=$!
sleep 5
# XBoard keeps its start-up window size; make room for a 15x15 board.
for w in $(DISPLAY=":$N" xdotool search --class xboard 2>/dev/null); do
    DISPLAY=":$N" xdotool windowsize "$w" 1100 1250 2>/dev/null || true
done
sleep 2
DISPLAY=":$N" import -window root "$WORK/root.png"
convert "$WORK/root.png" -trim +repage "$OUT"
if grep -q "setup (" "$WORK/debug.log"; then
    echo "XBoard got: $(grep -m1 -o 'setup ([^)]*) [^ ]*' "$WORK/debug.log" | cut -c1-60)..."
fi
echo "saved $OUT"
