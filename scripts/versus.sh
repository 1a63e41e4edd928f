#!/usr/bin/env bash
# versus.sh - the project's common matches, played by `kyodai match`.
#
# Usage:
#   scripts/versus.sh hachu VARIANT [options] [-- kyodai match options...]
#       Kyodai against HaChu 0.21 (chu, dai, cashew-shogi, macadamia-shogi,
#       wa-shogi, tenjiku). Wa and Tenjiku are refereed by HaChu's own
#       rule set (-rules hachu: docs/rules/wa.md 8.3, docs/rules/tenjiku.md
#       9.2), which Kyodai then plays too. Tenjiku needs a HaChu built to
#       play it (--hachu): Debian's binary crashes on `variant tenjiku`
#       (tenjiku.md, Sources).
#   scripts/versus.sh ab BASELINE VARIANT [options] [-- kyodai match options...]
#       Self-play A/B: this tree's Kyodai against the BASELINE binary, with
#       an SPRT (default elo0=0 elo1=25) that ends the match once decided.
#   scripts/versus.sh minase [chu] [options] [-- kyodai match options...]
#       Kyodai against minase 2.6.0 (crates.io), Chu only, both over USI
#       under lishogi's rules (-rules lishogi; minase --rules lishogi),
#       Threads 1 and USI_Hash 64 each. minase is installed with cargo
#       into target/tools when target/tools/bin/minase is missing.
#
# Options:
#   --games N        games to play at most (default 100; played in pairs,
#                    each opening once with each colour)
#   --tc TC          time control, cutechess syntax (default 10+0.1; ab: 5+0.05)
#   --kyodai-tc TC   Kyodai's own time control (time odds against HaChu
#                    or minase)
#   --hachu PATH     the HaChu binary (default: the installed hachu)
#   --sprt A B       SPRT bounds for ab (default 0 25)
#   --no-sprt        ab: play all the games (a margin to measure, not a
#                    change to decide)
#   --concurrency N  games at once (default: the number of cores)
#   --out DIR        run directory (default runs/NAME-DATE in the repo)
#   --opening-start K  first opening line (default 1)
#   --openings FILE  the start positions, one FEN a line (default
#                    scripts/openings/VARIANT.fen)
#   --maxmoves N     a game still going after N moves of each side is a
#                    draw (default 1000; 0: no limit). Self-play can
#                    shuffle for thousands of moves in an ending neither
#                    engine knows how to win, and one such game holds up
#                    the whole match.
#
# Kyodai is built (cargo build --release) and copied into the run
# directory, so that a rebuild during the match cannot change it. Openings
# are scripts/openings/VARIANT.fen (or --openings FILE), one pair of games
# per line. HaChu is installed with apt-get when it is missing and we are
# root. Kyodai plays with "XBoard-safe moves" off (no GUI relays its moves)
# and, against HaChu, with "HaChu compatible moves" on (moves HaChu can
# follow).
# Output: the match's own (cutechess-cli's, and for the games in pairs
# fastchess's Ptnml(0-2) and pentanomial Elo) on the terminal and in
# DIR/match.txt, the games in DIR/games.pgn, one line a game in
# DIR/results.tsv (results-2.tsv, ... for later runs into the same DIR;
# `kyodai match-merge` adds up several runs' files).
set -euo pipefail

REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
die() { echo "versus.sh: $*" >&2; exit 2; }

usage() { sed -n '2,/^set -e/{s/^# \{0,1\}//;/^set -e/d;p}' "$0"; exit 2; }
[ $# -ge 1 ] || usage
MODE=$1; shift
BASELINE=""
HACHU=""
MINASE_VERSION=2.6.0
MINASE=$REPO/target/tools/bin/minase
if [ "$MODE" = ab ]; then
    [ $# -ge 1 ] || usage
    BASELINE=$(readlink -f "$1") || die "no baseline binary $1"; shift
    [ -x "$BASELINE" ] || die "baseline $BASELINE is not executable"
elif [ "$MODE" = minase ]; then
    # The variant is optional: minase plays Chu alone.
    if [ $# -eq 0 ] || [[ "$1" == --* ]]; then set -- chu "$@"; fi
elif [ "$MODE" != hachu ]; then
    die "mode must be hachu, ab or minase"
fi
[ $# -ge 1 ] || die "which variant?"
VARIANT=$1; shift
if [ "$MODE" = minase ]; then
    case "$VARIANT" in
        chu|chu-shogi|chushogi) VARIANT=chu ;;
        *) die "minase plays Chu Shogi only, not $VARIANT" ;;
    esac
fi
GAMES=100
TC=""
KYODAI_TC=""
SPRT=(0 25)
CONCURRENCY=$(nproc)
OUT=""
START=1
OPENINGS=""
MAXMOVES=1000
while [ $# -gt 0 ]; do
    case "$1" in
        --games) GAMES=$2; shift 2 ;;
        --tc) TC=$2; shift 2 ;;
        --kyodai-tc) KYODAI_TC=$2; shift 2 ;;
        --hachu) HACHU=$(readlink -f "$2") || die "no HaChu binary $2"; shift 2 ;;
        --sprt) SPRT=("$2" "$3"); shift 3 ;;
        --no-sprt) SPRT=(); shift ;;
        --concurrency) CONCURRENCY=$2; shift 2 ;;
        --out) OUT=$2; shift 2 ;;
        --opening-start) START=$2; shift 2 ;;
        --openings) OPENINGS=$(readlink -f "$2") || die "no openings file $2"; shift 2 ;;
        --maxmoves) MAXMOVES=$2; shift 2 ;;
        --) shift; break ;;
        *) die "unknown option $1" ;;
    esac
done
[ -n "$TC" ] || { [ "$MODE" = ab ] && TC=5+0.05 || TC=10+0.1; }
[ -n "$KYODAI_TC" ] || KYODAI_TC=$TC
OUT=${OUT:-$REPO/runs/$MODE-$VARIANT-$(date +%Y%m%d-%H%M%S)}
mkdir -p "$OUT"

if [ "$MODE" = minase ] && [ ! -x "$MINASE" ]; then
    echo "versus.sh: installing minase $MINASE_VERSION into target/tools" >&2
    cargo install minase --version "$MINASE_VERSION" --root "$REPO/target/tools" \
        || die "cargo install minase failed"
fi
(cd "$REPO" && cargo build --release --quiet) || die "build failed"
cp "$REPO/target/release/kyodai" "$OUT/kyodai"

OPENINGS=${OPENINGS:-$REPO/scripts/openings/$VARIANT.fen}
OPENING_ARGS=()
[ -f "$OPENINGS" ] && OPENING_ARGS=(-openings "file=$OPENINGS" format=fen order=sequential "start=$START")

if [ "$MODE" = hachu ]; then
    if [ -n "$HACHU" ]; then
        [ -x "$HACHU" ] || die "HaChu $HACHU is not executable"
    else
        HACHU=$(command -v hachu || echo /usr/games/hachu)
        if [ ! -x "$HACHU" ]; then
            [ "$(id -u)" = 0 ] || die "hachu is not installed (apt-get install hachu)"
            apt-get update -qq && apt-get install -y -qq hachu >/dev/null
        fi
    fi
    # Where HaChu plays rules of its own (Wa's promotions, Tenjiku's
    # simplified pieces), the referee judges by HaChu's rule set and tells
    # Kyodai (its `Rules` option) to play it.
    EXTRA=()
    case "$VARIANT" in
        wa-shogi|wa|tenjiku|tenjiku-shogi|tenjikushogi) EXTRA=(-rules hachu) ;;
    esac
    ENGINES=(-engine "cmd=$OUT/kyodai" name=Kyodai "tc=$KYODAI_TC"
             "option.XBoard-safe moves=0" "option.HaChu compatible moves=1"
             -engine "cmd=$HACHU" name=HaChu "tc=$TC")
elif [ "$MODE" = minase ]; then
    # Both over USI and by lishogi's rules: the referee judges by them
    # (-rules lishogi, which Kyodai's Rules option is told too) and minase
    # plays them (--rules lishogi). Over CECP minase claims mate before the
    # royal is taken, which Kyodai's referee reads as a false claim; USI has
    # no such claim.
    ENGINES=(-engine "cmd=$OUT/kyodai" arg=usi proto=usi name=Kyodai "tc=$KYODAI_TC"
             -engine "cmd=$MINASE" arg=--protocol arg=usi arg=--rules arg=lishogi
             proto=usi name=minase "tc=$TC"
             -each option.Threads=1 option.USI_Hash=64)
    EXTRA=(-rules lishogi)
else
    ENGINES=(-engine "cmd=$OUT/kyodai" name=Kyodai "tc=$TC" "option.XBoard-safe moves=0"
             -engine "cmd=$BASELINE" name=Baseline "tc=$TC" "option.XBoard-safe moves=0")
    EXTRA=()
    [ ${#SPRT[@]} -eq 0 ] || EXTRA=(-sprt "elo0=${SPRT[0]}" "elo1=${SPRT[1]}" alpha=0.05 beta=0.05)
fi
# -results writes a new file: a second run into the same --out gets its own.
RESULTS=$OUT/results.tsv
n=2
while [ -e "$RESULTS" ]; do RESULTS=$OUT/results-$n.tsv; n=$((n + 1)); done
[[ "$MAXMOVES" =~ ^[0-9]+$ ]] || die "--maxmoves takes a whole number"
[ "$MAXMOVES" -eq 0 ] || EXTRA+=(-maxmoves "$MAXMOVES")

"$OUT/kyodai" match "${ENGINES[@]}" -variant "$VARIANT" -games "$GAMES" -repeat \
    -concurrency "$CONCURRENCY" -recover \
    "${OPENING_ARGS[@]}" "${EXTRA[@]}" -pgnout "$OUT/games.pgn" -results "$RESULTS" \
    "$@" | tee "$OUT/match.txt"
