#!/usr/bin/env bash
# match.sh - play an engine-vs-engine match under XBoard, headless (Xvfb).
#
# Usage:
#   scripts/match.sh [--games N] [--variant V] [--tc M[:SS]] [--inc SEC]
#                    [--engine-a CMD] [--engine-b CMD] [--name-a NAME] [--name-b NAME]
#                    [--out DIR] [--test-legality true|false] [--game-timeout SEC]
#                    [--hash MB] [--pause MS] [--max-moves N] [--xboard-arg ARG]...
#                    [--no-build] [--no-install] [--keep-going] [--no-hachu-compat]
#                    [--sprt ELO0 ELO1 [--alpha A] [--beta B]]
#                    [--openings FILE|none] [--opening-offset K] [--random-moves N]
#
# Defaults: 2 games, variant chu, -tc 0:10 -inc 0.1, engine A = Kyodai
# (target/release/kyodai, built with `cargo build --release` and copied into
# the run directory so that a rebuild during the match cannot change it),
# engine B = hachu, out dir = match-out/ (in the repo root).
#
# Each game is one XBoard run (`-matchGames 1`, A is always XBoard's first
# engine; colours alternate: odd games A moves first = "white" = Sente), so a
# hung or crashed game can be killed without losing the rest of the match.
# Every game has a wall-time budget (default 2*(base + 500*inc) + 60 s, i.e.
# 180 s at 0:10+0.1; XBoard's clocks and -autoCallFlag end games normally);
# an engine process that dies while the game is running is reported as a
# crash. At the end the score from A's view, per-game results with their
# termination reasons, per-engine crash / illegal-move / time-loss /
# wrong-reject counts and the paths of the PGN and logs are printed (also to
# summary.txt), with the Elo difference from A's view (95% error bar) and
# the LOS.
#
# Openings: deterministic engines replay the same game from the same start,
# so each pair of games starts from the next position of an opening file
# (one FEN per line, first mover to move; made by `kyodai openings VARIANT`),
# played once with each colour: games 2k-1 and 2k use line k, wrapping
# around (--opening-offset K starts at line K+1, so that a series of short
# matches can walk through the file). In Chu XBoard loads the position (-loadPositionFile); in the
# variants XBoard learns from the first engine's `setup` line, Kyodai as
# engine A is started with `xboard --start-fen FEN` and XBoard takes the
# position from its `setup` line (openings need Kyodai as A there). HaChu
# misreads set-up positions in those variants (its first move from one was
# refused in Cashew), so against HaChu there every game starts from the
# start position and Kyodai instead plays its first --random-moves moves
# (default 4) at random among the nearly best ("Random opening moves"
# option). The default file is scripts/openings/VARIANT.fen when it exists;
# --openings none plays every game from the start position.
#
# --sprt ELO0 ELO1 stops the match early on a clear result: after every game
# the report runs a GSPRT of H0 "A is ELO0 Elo stronger than B" against H1
# "A is ELO1 Elo stronger" (logistic Elo, ELO0 < ELO1, over the scored games)
# and the match ends as soon as H0 or H1 is accepted (error rates --alpha and
# --beta, default 0.05 each); --games is then the most games to play. The
# summary follows as usual, with the SPRT line.
#
# Against HaChu in the engine-defined variants, Kyodai is asked (XBoard's
# -firstOptions) to keep to moves HaChu 0.21 can follow (its "HaChu
# compatible moves" option: no hook or Emperor moves, no Wolf moves HaChu
# lacks, no repetitions); --no-hachu-compat plays by the rules alone.
#
# --test-legality defaults to true for chu (XBoard knows Chu natively) and to
# false for the engine-defined variants, where XBoard would judge moves by the
# first engine's own `piece` lines; with it off, illegal moves are caught by
# the receiving engine ("Illegal move"). Such a game is "disputed": the
# report leaves it unscored and judges the refused move with the reference
# generator (scripts/judge_game.py): illegal -> `illegal` for the mover,
# legal -> `wrong-reject` for the refusing engine.
#
# Examples:
#   scripts/match.sh --games 10 --variant chu --tc 0:10 --inc 0.1
#   scripts/match.sh --engine-a hachu --engine-b hachu --games 2
#   scripts/match.sh --variant dai --engine-b 'hachu' --games 4 --tc 1 --inc 0.5
#   scripts/match.sh --games 400 --sprt 0 50      # stop when A is clearly +50 or not
#
# Exit status: 0 if the match ran (whatever the results), 2 on setup errors
# (missing tools, build failure, bad options), 3 if no game produced a result.

set -u -o pipefail

SCRIPT_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO=$(cd "$SCRIPT_DIR/.." && pwd)
INVOKE_DIR=$(pwd)
export PATH="$PATH:/usr/games:/usr/local/games"

GAMES=2
VARIANT=chu
TC=0:10
INC=0.1
ENGINE_A_DEFAULT="$REPO/target/release/kyodai"
ENGINE_A="$ENGINE_A_DEFAULT"
ENGINE_B=hachu
NAME_A=""
NAME_B=""
OUT="$REPO/match-out"
LEGALITY=""
GAME_TIMEOUT=""
HASH=64
PAUSE=200
MAX_MOVES=0
BUILD=1
INSTALL=1
KEEP_GOING=0
HACHU_COMPAT=1
EXTRA_XB_ARGS=()
SPRT_ELO0=""
SPRT_ELO1=""
SPRT_ALPHA=0.05
SPRT_BETA=0.05
OPENINGS=""
FIRST_OPTIONS=""
RANDOM_MOVES=4
OPENING_OFFSET=0

die() { echo "match.sh: error: $*" >&2; exit 2; }
log() { echo "match.sh: $*" >&2; }
usage() { sed -n '2,/^$/{s/^# \{0,1\}//;p}' "${BASH_SOURCE[0]}"; }

need_arg() { [ $# -ge 2 ] || die "option $1 needs a value"; }
while [ $# -gt 0 ]; do
    case "$1" in
        --games) need_arg "$@"; GAMES=$2; shift 2 ;;
        --variant) need_arg "$@"; VARIANT=$2; shift 2 ;;
        --tc) need_arg "$@"; TC=$2; shift 2 ;;
        --inc) need_arg "$@"; INC=$2; shift 2 ;;
        --engine-a) need_arg "$@"; ENGINE_A=$2; shift 2 ;;
        --engine-b) need_arg "$@"; ENGINE_B=$2; shift 2 ;;
        --name-a) need_arg "$@"; NAME_A=$2; shift 2 ;;
        --name-b) need_arg "$@"; NAME_B=$2; shift 2 ;;
        --out) need_arg "$@"; OUT=$2; shift 2 ;;
        --test-legality) need_arg "$@"; LEGALITY=$2; shift 2 ;;
        --game-timeout) need_arg "$@"; GAME_TIMEOUT=$2; shift 2 ;;
        --hash) need_arg "$@"; HASH=$2; shift 2 ;;
        --pause) need_arg "$@"; PAUSE=$2; shift 2 ;;
        --max-moves) need_arg "$@"; MAX_MOVES=$2; shift 2 ;;
        --xboard-arg) need_arg "$@"; EXTRA_XB_ARGS+=("$2"); shift 2 ;;
        --no-build) BUILD=0; shift ;;
        --no-install) INSTALL=0; shift ;;
        --keep-going) KEEP_GOING=1; shift ;;
        --no-hachu-compat) HACHU_COMPAT=0; shift ;;
        --sprt) [ $# -ge 3 ] || die "option --sprt needs two values: ELO0 ELO1"
                SPRT_ELO0=$2; SPRT_ELO1=$3; shift 3 ;;
        --alpha) need_arg "$@"; SPRT_ALPHA=$2; shift 2 ;;
        --beta) need_arg "$@"; SPRT_BETA=$2; shift 2 ;;
        --openings) need_arg "$@"; OPENINGS=$2; shift 2 ;;
        --random-moves) need_arg "$@"; RANDOM_MOVES=$2; shift 2 ;;
        --opening-offset) need_arg "$@"; OPENING_OFFSET=$2; shift 2 ;;
        -h|--help) usage; exit 0 ;;
        *) die "unknown option '$1' (see --help)" ;;
    esac
done

# ---- option checks -------------------------------------------------------
[[ "$GAMES" =~ ^[1-9][0-9]*$ ]] || die "--games must be a positive integer"
[[ "$INC" =~ ^[0-9]+(\.[0-9]+)?$ ]] || die "--inc must be a number of seconds"
[[ "$TC" =~ ^[0-9]+(\.[0-9]+)?(:[0-9]{1,2})?$ ]] || die "--tc must be minutes[:seconds], e.g. 0:10 or 1"
[[ "$HASH" =~ ^[0-9]+$ ]] || die "--hash must be an integer (MB)"
[[ "$PAUSE" =~ ^[0-9]+$ ]] || die "--pause must be an integer (ms)"
[[ "$MAX_MOVES" =~ ^[0-9]+$ ]] || die "--max-moves must be an integer"
[[ "$OPENING_OFFSET" =~ ^[0-9]+$ ]] || die "--opening-offset must be a non-negative integer"
[[ "$RANDOM_MOVES" =~ ^[0-9]+$ ]] && [ "$RANDOM_MOVES" -le 50 ] || die "--random-moves must be 0..50"
if [ -n "$SPRT_ELO0" ]; then
    [[ "$SPRT_ELO0" =~ ^[-+]?[0-9]+(\.[0-9]+)?$ && "$SPRT_ELO1" =~ ^[-+]?[0-9]+(\.[0-9]+)?$ ]] \
        || die "--sprt needs two numbers (Elo), e.g. --sprt 0 50"
    awk -v a="$SPRT_ELO0" -v b="$SPRT_ELO1" 'BEGIN { exit !(a + 0 < b + 0) }' \
        || die "--sprt ELO0 ELO1 needs ELO0 < ELO1"
fi
for p in "$SPRT_ALPHA" "$SPRT_BETA"; do
    [[ "$p" =~ ^0?\.[0-9]+$ ]] && awk -v p="$p" 'BEGIN { exit !(p > 0 && p < 0.5) }' \
        || die "--alpha and --beta must be numbers between 0 and 0.5, e.g. 0.05"
done
case "$VARIANT" in
    cashew) VARIANT=cashew-shogi ;;
    macadamia) VARIANT=macadamia-shogi ;;
    nutty) VARIANT=nutty-shogi ;;
    suzumu) VARIANT=suzumu-shogi ;;
    tenjiku-shogi) VARIANT=tenjiku ;;
    wa) VARIANT=wa-shogi ;;
esac
if [ -z "$LEGALITY" ]; then
    if [ "$VARIANT" = chu ]; then LEGALITY=true; else LEGALITY=false; fi
fi
case "$LEGALITY" in true|false) ;; *) die "--test-legality must be true or false" ;; esac
if [ -z "$OPENINGS" ] && [ -f "$SCRIPT_DIR/openings/$VARIANT.fen" ]; then
    OPENINGS="$SCRIPT_DIR/openings/$VARIANT.fen"
fi
[ "$OPENINGS" = none ] && OPENINGS=""
if [ -n "$OPENINGS" ]; then
    case "$OPENINGS" in /*) ;; *) OPENINGS="$INVOKE_DIR/$OPENINGS" ;; esac
    [ -f "$OPENINGS" ] || die "--openings: no file '$OPENINGS'"
    OPENING_COUNT=$(grep -c . "$OPENINGS")
    [ "$OPENING_COUNT" -gt 0 ] || die "--openings: '$OPENINGS' holds no position"
fi

# base time in seconds: -tc is minutes[:seconds]
BASE=$(awk -v tc="$TC" 'BEGIN { n = split(tc, p, ":"); s = p[1] * 60; if (n > 1) s += p[2]; print s }')
if [ -z "$GAME_TIMEOUT" ]; then
    # both clocks for a 500-move game plus start-up slack (Chu games of 300-400
    # moves a side are common at 10+0.1: the 50-move rule ends them late)
    GAME_TIMEOUT=$(awk -v b="$BASE" -v i="$INC" 'BEGIN { printf "%d", 2 * (b + 500 * i) + 60 }')
fi
[[ "$GAME_TIMEOUT" =~ ^[0-9]+$ ]] || die "--game-timeout must be an integer (s)"

# ---- tools ---------------------------------------------------------------
as_root() {
    if [ "$(id -u)" -eq 0 ]; then "$@"
    elif command -v sudo >/dev/null 2>&1; then sudo -n "$@"
    else return 1; fi
}
missing=()
command -v xboard >/dev/null 2>&1 || missing+=(xboard)
command -v xvfb-run >/dev/null 2>&1 || missing+=(xvfb)
command -v hachu >/dev/null 2>&1 || missing+=(hachu)
command -v python3 >/dev/null 2>&1 || missing+=(python3)
if [ ${#missing[@]} -gt 0 ]; then
    [ "$INSTALL" = 1 ] || die "missing packages: ${missing[*]} (and --no-install given)"
    log "installing ${missing[*]} with apt-get"
    as_root apt-get update -q >&2 || die "apt-get update failed (need root): install ${missing[*]}"
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${missing[@]}" >&2 \
        || die "apt-get install ${missing[*]} failed"
fi
XBOARD=$(command -v xboard) || die "xboard not found"
command -v xvfb-run >/dev/null 2>&1 || die "xvfb-run not found"
PYTHON=$(command -v python3) || die "python3 not found"
REPORT="$SCRIPT_DIR/match_report.py"
[ -f "$REPORT" ] || die "missing $REPORT"

# ---- build ---------------------------------------------------------------
uses_kyodai=0
case "$ENGINE_A $ENGINE_B" in *"$ENGINE_A_DEFAULT"*) uses_kyodai=1 ;; esac
if [ "$BUILD" = 1 ]; then
    log "cargo build --release in $REPO"
    if ! (cd "$REPO" && cargo build --release >&2); then
        if [ "$uses_kyodai" = 1 ]; then die "cargo build --release failed"; fi
        log "warning: cargo build failed (Kyodai is not playing, continuing)"
    fi
fi

# ---- run directory -------------------------------------------------------
case "$OUT" in /*) ;; *) OUT="$INVOKE_DIR/$OUT" ;; esac
mkdir -p "$OUT" || die "cannot create $OUT"
RUN=$(mktemp -d "$OUT/$(date +%Y%m%d-%H%M%S)-${VARIANT}-XXXX") || die "cannot create run dir in $OUT"
mkdir -p "$RUN/bin"

# Resolve an engine command: its first word becomes an absolute path (relative
# paths are taken from the directory match.sh was started in); the default
# Kyodai binary is snapshotted into the run directory.
resolve_engine() {
    local cmd=$1 tag=$2 first rest path
    read -r first rest <<<"$cmd"
    [ -n "$first" ] || die "empty engine command"
    if [[ "$first" == */* ]]; then
        case "$first" in /*) path=$first ;; *) path="$INVOKE_DIR/$first" ;; esac
        [ -x "$path" ] || die "engine $tag: '$path' is not an executable file"
        if [ "$path" = "$ENGINE_A_DEFAULT" ]; then
            cp "$path" "$RUN/bin/kyodai-$tag" || die "cannot copy $path"
            path="$RUN/bin/kyodai-$tag"
        fi
    else
        path=$(command -v "$first") || die "engine $tag: '$first' not found in PATH"
    fi
    printf '%s' "$path${rest:+ $rest}"
}
CMD_A=$(resolve_engine "$ENGINE_A" a) || exit 2
CMD_B=$(resolve_engine "$ENGINE_B" b) || exit 2
# HaChu dies on a FEN with anything after the board field, which is what
# XBoard sends the second engine in the variants it does not know: put it
# behind scripts/hachu_adapter.py there.
# HaChu also gets several Cashew and Macadamia pieces wrong; Kyodai then
# keeps to moves HaChu can follow (its "HaChu compatible moves" option)
# unless --no-hachu-compat is given, so that games are played to their end.
# In Chu too once an opening is loaded, since XBoard then sends `setboard`.
read -r first_b _ <<<"$CMD_B"
if [ "$(basename "$first_b")" = hachu ] && { [ "$VARIANT" != chu ] || [ -n "$OPENINGS" ]; }; then
    CMD_B="$PYTHON $SCRIPT_DIR/hachu_adapter.py $CMD_B"
    if [ "$VARIANT" != chu ]; then
        read -r first_a _ <<<"$CMD_A"
        case "$(basename "$first_a")" in
            kyodai*)
                [ "$HACHU_COMPAT" = 1 ] && FIRST_OPTIONS="HaChu compatible moves=1"
                if [ -n "$OPENINGS" ]; then
                    OPENINGS=""
                    [ "$RANDOM_MOVES" -gt 0 ] && FIRST_OPTIONS="${FIRST_OPTIONS:+$FIRST_OPTIONS,}Random opening moves=$RANDOM_MOVES"
                fi ;;
        esac
    fi
fi

engine_name() {
    local first
    read -r first _ <<<"$1"
    first=$(basename "$first")
    case "$first" in kyodai*) echo Kyodai ;; hachu) echo HaChu ;; *) echo "$first" ;; esac
}
[ -n "$NAME_A" ] || NAME_A=$(engine_name "$ENGINE_A")
[ -n "$NAME_B" ] || NAME_B=$(engine_name "$ENGINE_B")
if [ "$NAME_A" = "$NAME_B" ]; then NAME_A="$NAME_A-A"; NAME_B="$NAME_B-B"; fi
NAME_A=${NAME_A//[[:space:]]/_}
NAME_B=${NAME_B//[[:space:]]/_}

{
    echo "variant=$VARIANT"
    echo "games=$GAMES"
    echo "tc=$TC"
    echo "inc=$INC"
    echo "base_seconds=$BASE"
    echo "test_legality=$LEGALITY"
    echo "game_timeout=$GAME_TIMEOUT"
    echo "engine_a=$ENGINE_A"
    echo "engine_b=$ENGINE_B"
    echo "cmd_a=$CMD_A"
    echo "cmd_b=$CMD_B"
    echo "name_a=$NAME_A"
    echo "name_b=$NAME_B"
    echo "repo_commit=$(git -C "$REPO" rev-parse --short HEAD 2>/dev/null || echo unknown)$(git -C "$REPO" diff --quiet HEAD -- src 2>/dev/null || echo '+dirty')"
    echo "xboard=$XBOARD"
    echo "openings=${OPENINGS:-none}"
    echo "first_options=$FIRST_OPTIONS"
    if [ -n "$SPRT_ELO0" ]; then
        echo "sprt_elo0=$SPRT_ELO0"
        echo "sprt_elo1=$SPRT_ELO1"
        echo "sprt_alpha=$SPRT_ALPHA"
        echo "sprt_beta=$SPRT_BETA"
    fi
} >"$RUN/match.conf"

if [ "$VARIANT" != chu ] && [[ "$CMD_A" != *kyodai* ]] && [ -n "$OPENINGS" ]; then
    log "warning: openings need Kyodai as engine A in $VARIANT; every game starts from the start position"
    OPENINGS=""
fi
if [ "$VARIANT" != chu ] && [[ "$CMD_A" != *kyodai* ]]; then
    log "warning: XBoard takes the $VARIANT board from the first engine's (A's) setup command;"
    log "  HaChu as A sends none for dai, and HaChu as second engine may not read the setboard FEN"
fi
log "run dir: $RUN"
log "A=$NAME_A ($CMD_A)  B=$NAME_B ($CMD_B)"
log "variant=$VARIANT games=$GAMES tc=$TC inc=$INC testLegality=$LEGALITY game-timeout=${GAME_TIMEOUT}s"
[ -n "$SPRT_ELO0" ] && log "SPRT elo0=$SPRT_ELO0 elo1=$SPRT_ELO1 alpha=$SPRT_ALPHA beta=$SPRT_BETA: stops early on H0 or H1"

# ---- helpers -------------------------------------------------------------
# Wrapper run by XBoard as the engine: records its pid, sends the engine's
# stderr to a file and then becomes the engine (exec), so signals and pipes
# reach the engine unchanged.
write_wrapper() {
    local file=$1 cmd=$2 pidfile=$3 errfile=$4
    {
        echo '#!/usr/bin/env bash'
        printf 'echo $$ > %q\n' "$pidfile"
        printf 'exec 2>>%q\n' "$errfile"
        printf 'CMD=%q\n' "$cmd"
        echo 'eval "exec $CMD"'
    } >"$file"
    chmod +x "$file"
}

# alive PID: the process exists and is not a zombie
alive() {
    local pid=$1 state
    [ -n "$pid" ] && [ -r "/proc/$pid/stat" ] || return 1
    state=$(awk '{ s = $0; sub(/^.*\) /, "", s); split(s, f, " "); print f[1] }' "/proc/$pid/stat" 2>/dev/null) || return 1
    [ -n "$state" ] && [ "$state" != Z ] && [ "$state" != X ]
}

game_over() { grep -qE '^GameEnds\(-?[0-9]+, [^(]' "$1" 2>/dev/null; }

# Screenshot of the Xvfb screen XBoard runs on (shows error popups that would
# otherwise block XBoard silently); needs imagemagick's `import`.
screenshot() {
    local pgid=$1 out=$2 xpid disp auth
    command -v import >/dev/null 2>&1 || return 0
    xpid=$(pgrep -g "$pgid" -x xboard 2>/dev/null | head -n1)
    [ -n "$xpid" ] && [ -r "/proc/$xpid/environ" ] || return 0
    disp=$(tr '\0' '\n' <"/proc/$xpid/environ" | sed -n 's/^DISPLAY=//p')
    auth=$(tr '\0' '\n' <"/proc/$xpid/environ" | sed -n 's/^XAUTHORITY=//p')
    [ -n "$disp" ] || return 0
    DISPLAY=$disp XAUTHORITY=$auth timeout 10 import -window root "$out" >/dev/null 2>&1 \
        && log "screenshot: $out"
    return 0
}

CUR_PGID=""
CUR_GDIR=""
# Stop the current XBoard run: SIGTERM to xboard itself first (it then saves
# the game as unfinished, "xboard exit"), then the whole process group.
stop_game() {
    local pgid=$1 gdir=$2 xpid p i
    [ -n "$pgid" ] || return 0
    xpid=$(pgrep -g "$pgid" -x xboard 2>/dev/null | head -n1)
    if [ -n "$xpid" ]; then
        kill -TERM "$xpid" 2>/dev/null
        for i in $(seq 1 50); do alive "$xpid" || break; sleep 0.1; done
    fi
    kill -TERM -- "-$pgid" 2>/dev/null
    for i in $(seq 1 20); do pgrep -g "$pgid" >/dev/null 2>&1 || break; sleep 0.1; done
    kill -KILL -- "-$pgid" 2>/dev/null
    for p in "$gdir/engine-a.pid" "$gdir/engine-b.pid"; do
        [ -f "$p" ] || continue
        p=$(cat "$p" 2>/dev/null)
        alive "$p" && kill -KILL "$p" 2>/dev/null
    done
    return 0
}
on_signal() {
    log "interrupted, stopping XBoard"
    stop_game "$CUR_PGID" "$CUR_GDIR"
    exit 130
}
trap on_signal INT TERM HUP

# ---- games ---------------------------------------------------------------
played=0
SETUP_FAILED=0
STARTUP_TIMEOUT=20
for g in $(seq 1 "$GAMES"); do
    gdir=$(printf '%s/game-%03d' "$RUN" "$g")
    mkdir -p "$gdir"
    cmd_a=$CMD_A
    if [ -n "$OPENINGS" ] && [ "$VARIANT" != chu ]; then
        fen=$(grep . "$OPENINGS" | sed -n "$(( ((g - 1) / 2 + OPENING_OFFSET) % OPENING_COUNT + 1 ))p")
        cmd_a="$CMD_A xboard --start-fen $(printf '%q' "$fen")"
    fi
    write_wrapper "$gdir/engine-a.sh" "$cmd_a" "$gdir/engine-a.pid" "$gdir/engine-a.stderr"
    write_wrapper "$gdir/engine-b.sh" "$CMD_B" "$gdir/engine-b.pid" "$gdir/engine-b.stderr"
    if [ $((g % 2)) -eq 1 ]; then a_color=white; fpb=false; else a_color=black; fpb=true; fi

    xb_args=(
        -fcp ./engine-a.sh -fd "$gdir" -fn "$NAME_A"
        -scp ./engine-b.sh -sd "$gdir" -sn "$NAME_B"
        -firstIsUCI false -secondIsUCI false
        -firstProtocolVersion 2 -secondProtocolVersion 2
        -firstPlaysBlack "$fpb"
        -variant "$VARIANT"
        -matchGames 1
        -tc "$TC" -inc "$INC"
        -saveGameFile "$gdir/game.pgn"
        -debugMode true -nameOfDebugFile "$gdir/debug.log" -engineDebugOutput 1
        -ponderNextMove false
        -saveSettingsOnExit false -saveSettingsFile "$gdir/xboard-settings.ini"
        -matchPause "$PAUSE"
        -popupExitMessage false -popupMoveErrors false
        -autoCallFlag true
        -testLegality "$LEGALITY"
        -defaultHashSize "$HASH" -defaultCacheSizeEGTB 4 -smpCores 1
        -usePolyglotBook false
        -adjudicateLossThreshold 0 -adjudicateDrawMoves "$MAX_MOVES"
        -firstTimeOdds 1 -secondTimeOdds 1
        -pgnExtendedInfo true
        -soundProgram ""
        # No move animation or flashing: XBoard reads engine output only
        # when it is done drawing, and charges the wait to the engine.
        -animateMoving false -flashCount 0
    )
    if [ -n "$OPENINGS" ] && [ "$VARIANT" = chu ]; then
        xb_args+=(-loadPositionFile "$OPENINGS" -loadPositionIndex $(( ((g - 1) / 2 + OPENING_OFFSET) % OPENING_COUNT + 1 )))
    fi
    [ -n "$FIRST_OPTIONS" ] && xb_args+=(-firstOptions "$FIRST_OPTIONS")
    [ ${#EXTRA_XB_ARGS[@]} -gt 0 ] && xb_args+=("${EXTRA_XB_ARGS[@]}")
    printf '%q ' "$XBOARD" "${xb_args[@]}" >"$gdir/xboard.cmd"; echo >>"$gdir/xboard.cmd"

    log "game $g/$GAMES: $NAME_A plays $a_color"
    start=$(date +%s)
    # the inner bash becomes a session (and process group) leader and records its pid
    setsid bash -c 'echo $$ > "$1"; shift; exec "$@"' _ "$gdir/pgid" \
        xvfb-run -a -e "$gdir/xvfb.err" -s "-screen 0 1600x1200x24" \
        "$XBOARD" "${xb_args[@]}" >"$gdir/xboard.out" 2>"$gdir/xboard.err" </dev/null &
    bgpid=$!
    CUR_GDIR=$gdir
    for i in $(seq 1 50); do [ -s "$gdir/pgid" ] && break; sleep 0.1; done
    CUR_PGID=$(cat "$gdir/pgid" 2>/dev/null || echo "$bgpid")

    status=finished
    crash_a=0; crash_b=0
    while alive "$bgpid"; do
        now=$(date +%s)
        if [ ! -e "$gdir/debug.log" ] && [ $((now - start)) -ge "$STARTUP_TIMEOUT" ]; then
            # XBoard opens its debug file at once; when it does not, it is
            # stuck on an error popup (bad option, no display, ...)
            status=startup-failure
            log "game $g: XBoard did not start within ${STARTUP_TIMEOUT}s (error popup? bad option?)"
            screenshot "$CUR_PGID" "$gdir/screenshot.png"
            stop_game "$CUR_PGID" "$gdir"
            break
        fi
        if [ $((now - start)) -ge "$GAME_TIMEOUT" ]; then
            status=timeout
            log "game $g: wall-time budget of ${GAME_TIMEOUT}s exceeded, killing XBoard"
            screenshot "$CUR_PGID" "$gdir/screenshot.png"
            stop_game "$CUR_PGID" "$gdir"
            break
        fi
        if ! game_over "$gdir/debug.log"; then
            dead=""
            for t in a b; do
                pf="$gdir/engine-$t.pid"
                [ -s "$pf" ] || continue
                alive "$(cat "$pf")" || dead="$dead $t"
            done
            if [ -n "$dead" ]; then
                # Give XBoard a moment: the engine may have been stopped because
                # the game just ended (quit, or SIGINT/SIGTERM to an engine that
                # did not send sigint=0/sigterm=0).
                for i in $(seq 1 30); do
                    game_over "$gdir/debug.log" && break
                    alive "$bgpid" || break
                    sleep 0.1
                done
                crashed=""
                for t in $dead; do
                    if [ "$t" = a ]; then tag=first; else tag=second; fi
                    if game_over "$gdir/debug.log" && grep -qE "^(Interrupting $tag|[0-9]+ >$tag ?: (quit|result))" "$gdir/debug.log"; then
                        continue  # XBoard ended the game and then the engine
                    fi
                    crashed="$crashed $t"
                    if [ "$t" = a ]; then crash_a=1; else crash_b=1; fi
                done
                if [ -n "$crashed" ]; then
                    status=crash
                    log "game $g: engine process died during the game:$crashed"
                    sleep 1
                    if alive "$bgpid"; then
                        screenshot "$CUR_PGID" "$gdir/screenshot.png"
                        stop_game "$CUR_PGID" "$gdir"
                    fi
                    break
                fi
            fi
        fi
        sleep 0.5
    done
    wait "$bgpid" 2>/dev/null
    xb_rc=$?
    # make sure nothing of this game is left running
    pgrep -g "$CUR_PGID" >/dev/null 2>&1 && stop_game "$CUR_PGID" "$gdir"
    CUR_PGID=""
    end=$(date +%s)
    {
        echo "game=$g"
        echo "a_color=$a_color"
        echo "status=$status"
        echo "crash_a=$crash_a"
        echo "crash_b=$crash_b"
        echo "xboard_rc=$xb_rc"
        echo "elapsed=$((end - start))"
    } >"$gdir/meta"
    if [ -s "$gdir/game.pgn" ]; then
        played=$((played + 1))
        res=$(grep -m1 '^\[Result ' "$gdir/game.pgn" | sed 's/^\[Result "\(.*\)"\]/\1/')
        log "game $g: done in $((end - start))s, status=$status, result=${res:-?}"
    else
        if game_over "$gdir/debug.log"; then
            log "game $g: ended without moves (XBoard saves no PGN then), status=$status; see $gdir/debug.log"
        else
            log "game $g: no result (status=$status, xboard rc=$xb_rc); see $gdir/"
        fi
        if [ "$status" = startup-failure ] || { [ "$g" -eq 1 ] && [ "$status" = finished ] && ! game_over "$gdir/debug.log"; }; then
            if [ "$KEEP_GOING" = 0 ]; then
                log "XBoard could not run this game; giving up (use --keep-going to continue anyway)"
                grep -v -e ALSA -e aplay "$gdir/xboard.err" 2>/dev/null | tail -n 5 >&2
                tail -n 5 "$gdir/xvfb.err" >&2 2>/dev/null
                SETUP_FAILED=1
                break
            fi
        fi
    fi
    if [ -n "$SPRT_ELO0" ]; then
        # the settings are in match.conf; exit status 0 continue, 10 H0, 11 H1
        sprt_out=$("$PYTHON" "$REPORT" "$RUN" --sprt-check 2>&1)
        sprt_rc=$?
        log "game $g: ${sprt_out:-SPRT check printed nothing}"
        case "$sprt_rc" in
            10|11)
                if [ "$sprt_rc" = 10 ]; then verdict=H0; else verdict=H1; fi
                log "SPRT: $verdict accepted after game $g of $GAMES, stopping the match"
                echo "sprt_stopped=$verdict accepted after game $g of $GAMES" >>"$RUN/match.conf"
                break ;;
            0) ;;
            *) log "warning: SPRT check failed (exit status $sprt_rc), the match goes on" ;;
        esac
    fi
done
trap - INT TERM HUP

"$PYTHON" "$REPORT" "$RUN" | tee "$RUN/summary.txt"
rc=${PIPESTATUS[0]}
[ "$SETUP_FAILED" = 1 ] && exit 2
exit "$rc"
