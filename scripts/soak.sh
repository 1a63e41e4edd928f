#!/usr/bin/env bash
# soak.sh - a long series of games in every variant under XBoard, to
# catch crashes, illegal moves, time losses and hung games.
#
# Usage: scripts/soak.sh [--games N] [--tc M[:SS]] [--inc SEC]
#                        [--variants "chu dai ..."] [--out DIR] [--jobs J]
#
# Defaults: 200 games, 0:10 + 0.1 s, every variant, out dir
# match-out/soak-DATE. Games go round the variants two at a time (one with
# each colour): against HaChu in Chu, Dai, Cashew and Macadamia, Kyodai
# against itself in Nutty and Suzumu (HaChu does not play them), Tenjiku
# (Debian's HaChu cannot) and Wa (HaChu plays Wa by another promotion rule,
# and XBoard would judge by Kyodai's: scripts/versus.sh plays that). Each pair is
# one scripts/match.sh run (openings, adapters and options as match.sh sets
# them). At the end a table per variant counts Kyodai's crashes, illegal
# moves (lost by an illegal move, or a refused move the reference generator
# finds illegal), time losses, and games left unfinished, with totals and
# the command line; the same goes to DIR/soak.txt. --jobs J (default 1) plays
# J matches at once: give each a core, or the clocks suffer.
set -u -o pipefail

SCRIPT_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO=$(cd "$SCRIPT_DIR/.." && pwd)
GAMES=200
TC=0:10
INC=0.1
VARIANTS="chu dai cashew macadamia nutty suzumu tenjiku wa-shogi"
JOBS=1
OUT="$REPO/match-out/soak-$(date +%Y%m%d-%H%M%S)"
COMMAND="$0 $*"

die() { echo "soak.sh: error: $*" >&2; exit 2; }
need_arg() { [ $# -ge 2 ] || die "option $1 needs a value"; }
while [ $# -gt 0 ]; do
    case "$1" in
        --games) need_arg "$@"; GAMES=$2; shift 2 ;;
        --tc) need_arg "$@"; TC=$2; shift 2 ;;
        --inc) need_arg "$@"; INC=$2; shift 2 ;;
        --variants) need_arg "$@"; VARIANTS=$2; shift 2 ;;
        --out) need_arg "$@"; OUT=$2; shift 2 ;;
        --jobs) need_arg "$@"; JOBS=$2; shift 2 ;;
        -h|--help) sed -n '2,/^$/{s/^# \{0,1\}//;p}' "${BASH_SOURCE[0]}"; exit 0 ;;
        *) die "unknown option '$1' (see --help)" ;;
    esac
done
[[ "$GAMES" =~ ^[1-9][0-9]*$ ]] || die "--games must be a positive integer"
[[ "$JOBS" =~ ^[1-9][0-9]*$ ]] || die "--jobs must be a positive integer"
read -r -a variants <<<"$VARIANTS"
[ ${#variants[@]} -gt 0 ] || die "--variants names no variant"
mkdir -p "$OUT" || die "cannot create $OUT"
(cd "$REPO" && cargo build --release -q) || die "cargo build --release failed"
KYODAI="$REPO/target/release/kyodai"

# The series as a list of short matches (variant, games, opening offset):
# each pair of games in a variant starts from the next line of its opening
# file, so the pairs do not replay one another.
batches=()
played=0
round=0
while [ "$played" -lt "$GAMES" ]; do
    v=${variants[$((round % ${#variants[@]}))]}
    n=$(( GAMES - played < 2 ? GAMES - played : 2 ))
    batches+=("$v $n $((round / ${#variants[@]}))")
    round=$((round + 1))
    played=$((played + n))
done

# lane J plays batches J, J+JOBS, J+2*JOBS, ... one after another.
lane() {
    local i v n offset opponent first=0
    for ((i = $1; i < ${#batches[@]}; i += JOBS)); do
        read -r v n offset <<<"${batches[$i]}"
        case "$v" in
            nutty|nutty-shogi|suzumu|suzumu-shogi|tenjiku|tenjiku-shogi|wa|wa-shogi) opponent=(--engine-b "$KYODAI") ;;
            *) opponent=() ;;
        esac
        first=$(( 2 * i + 1 ))
        echo "soak.sh: games $first-$((first + n - 1)) of $GAMES: $v (lane $1)" >&2
        "$SCRIPT_DIR/match.sh" --games "$n" --variant "$v" --tc "$TC" --inc "$INC" \
            --opening-offset "$offset" --no-build --keep-going --out "$OUT" "${opponent[@]}" \
            >/dev/null 2>>"$OUT/match-lane$1.log"
    done
}
for ((j = 0; j < JOBS; j++)); do
    lane "$j" &
done
wait

python3 - "$SCRIPT_DIR" "$OUT" "$COMMAND" <<'PY' | tee "$OUT/soak.txt"
import os, sys
scripts, out, command = sys.argv[1:4]
sys.path.insert(0, scripts)
import match_report

KINDS = ("crash", "illegal", "time")
table = {}
for run in sorted(os.listdir(out)):
    path = os.path.join(out, run)
    if not os.path.isfile(os.path.join(path, "match.conf")):
        continue
    r = match_report.analyse(path)
    variant = r["conf"].get("variant", "?")
    row = table.setdefault(variant, dict(games=0, unfinished=0, **{k: 0 for k in KINDS}))
    # Kyodai is engine A; in self-play engine B is Kyodai too.
    sides = "ab" if r["name"]["b"].startswith("Kyodai") else "a"
    for t in sides:
        for k in KINDS:
            row[k] += r["stats"][t][k]
    for game in r["rows"]:
        row["games"] += 1
        if game[2] not in ("1-0", "0-1", "1/2-1/2"):
            row["unfinished"] += 1
print("soak: %s" % command)
print("%-16s %6s %8s %8s %10s %11s" % ("variant", "games", "crashes", "illegal", "time-loss", "unfinished"))
total = dict(games=0, unfinished=0, **{k: 0 for k in KINDS})
for variant, row in sorted(table.items()):
    print("%-16s %6d %8d %8d %10d %11d" % (variant, row["games"], row["crash"], row["illegal"],
                                          row["time"], row["unfinished"]))
    for k in total:
        total[k] += row[k]
print("%-16s %6d %8d %8d %10d %11d" % ("total", total["games"], total["crash"], total["illegal"],
                                      total["time"], total["unfinished"]))
print("(Kyodai's counts; in Nutty, Suzumu, Tenjiku and Wa both engines are Kyodai. Per-run reports: %s/*/summary.txt)" % out)
PY
