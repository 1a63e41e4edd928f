#!/usr/bin/env bash
# check-release.sh [VERSION] - build the release (scripts/release.sh) and
# check each artifact the way a user gets it, on a fresh Debian machine
# (installs Wine, mingw-w64, XBoard and Xvfb, the Rust targets):
#
#   Windows zip   kyodai.exe under Wine: --version, a CECP session with CRLF
#                 input, a USI handshake, perft --suite on every perft/
#                 file (CRLF copies, Z:\ paths), the bench signature, and a
#                 two-game `kyodai match` of the exe against itself whose
#                 moves (fixed depth) must be the native build's.
#   Linux tar.gz  the static binary chrooted into an empty root holding
#                 nothing but it, the suites and /dev/null: the same checks.
#   Debian .deb   installed with apt, /usr/games/kyodai perft chu 4, and
#                 XBoard (under Xvfb, Debian's auto-install) listing it.
#
# Rust's std imports ProcessPrng (bcryptprimitives.dll), which Debian 12's
# Wine lacks; for these runs only, a stub DLL (packaging/wine/) built with
# mingw-w64 lies beside the exe.
set -euo pipefail
REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# shellcheck source=scripts/release-deps.sh
. "$REPO/scripts/release-deps.sh"
cd "$REPO"
VERSION=${1:-$(sed -n 's/^version = "\(.*\)"$/\1/p' Cargo.toml | head -n 1)}

section() { echo "== $* (at $SECONDS s)"; }
fail() {
    echo "check-release.sh: FAIL: $*" >&2
    exit 1
}

section "tools"
need_apt wine wine64 unzip xboard xvfb xauth
scripts/release.sh "$VERSION"
cargo build --release --locked --quiet
NATIVE=$REPO/target/release/kyodai

sudo=()
[ "$(id -u)" -eq 0 ] || sudo=(sudo)
WORK=$(mktemp -d)
trap '"${sudo[@]}" rm -rf "$WORK"' EXIT

# The native build's answers, which every artifact must give.
section "native reference"
REF_VERSION=$("$NATIVE" --version)
REF_BENCH=$("$NATIVE" bench 2>/dev/null | awk '$1=="nodes"{print $2}')
[ -n "$REF_BENCH" ] || fail "native bench printed no node count"
# Two whole games at a fixed depth, as PGN, the moves every build must play.
match_args=(-each depth=3 tc=inf -variant chu -games 2)
"$NATIVE" match -engine cmd="$NATIVE" -engine cmd="$NATIVE" "${match_args[@]}" \
    -pgnout "$WORK/native.pgn" >"$WORK/native.match"
grep -q '^\[PlyCount "[1-9]' "$WORK/native.pgn" || fail "native match played no moves"
# Moves and results of a PGN, without tags, comments (times) or line breaks.
pgn_moves() { grep -v '^\[' "$1" | tr -d '\r' | sed 's/{[^}]*}//g' | tr -s ' \n' ' '; }

# cecp_reply CMD...: Kyodai's CECP reply to 1. f3f5 at depth 3, CRLF
# input; prints the features line and the move line.
cecp_reply() {
    local line got_move=
    coproc ENGINE { "$@" 2>/dev/null; }
    printf 'xboard\r\nprotover 2\r\n' >&"${ENGINE[1]}"
    while IFS= read -r -t 60 line <&"${ENGINE[0]}"; do
        line=${line%$'\r'}
        if [[ $line == feature* ]]; then echo "$line"; fi
        [[ $line == *done=1* ]] && break
    done
    printf 'new\r\nvariant chu\r\nsd 3\r\nusermove z9z9\r\nusermove f3f5\r\n' >&"${ENGINE[1]}"
    while IFS= read -r -t 60 line <&"${ENGINE[0]}"; do
        line=${line%$'\r'}
        case $line in
        Illegal*) echo "$line" ;;
        move\ *) echo "$line"; got_move=1; break ;;
        esac
    done
    printf 'quit\r\n' >&"${ENGINE[1]}"
    wait "$ENGINE_PID" || true
    [ -n "$got_move" ]
}
REF_CECP=$(cecp_reply "$NATIVE") || fail "native CECP session gave no move"

# check_binary NAME SUITE_DIR ENGINE RUN...: the checks every build passes.
# RUN... runs the binary; ENGINE is the same binary as the match runner
# started under RUN names it; SUITE_DIR is the perft/ folder as it sees it,
# with the separator it uses.
check_binary() {
    local name=$1 suites=$2 engine=$3 out f
    shift 3
    section "$name: --version"
    out=$("$@" --version | tr -d '\r')
    [ "$out" = "$REF_VERSION" ] || fail "$name --version: '$out', native '$REF_VERSION'"

    section "$name: CECP session, CRLF input"
    out=$(cecp_reply "$@" | tr -d '\r') || fail "$name: no move in the CECP session"
    grep -q "myname=\"Kyodai ${REF_VERSION#kyodai }\"" <<<"$out" \
        || fail "$name: myname is not the version: $out"
    grep -q '^Illegal move' <<<"$out" || fail "$name: no 'Illegal move' for z9z9: $out"
    [ "$(grep '^move ' <<<"$out")" = "$(grep '^move ' <<<"$REF_CECP")" ] \
        || fail "$name: replied $(grep '^move ' <<<"$out"), native $(grep '^move ' <<<"$REF_CECP")"

    section "$name: USI handshake, CRLF input"
    out=$(printf 'usi\r\nisready\r\nquit\r\n' | "$@" 2>/dev/null | tr -d '\r')
    grep -qx "id name Kyodai ${REF_VERSION#kyodai }" <<<"$out" || fail "$name: USI id name: $out"
    grep -qx readyok <<<"$out" || fail "$name: no readyok: $out"

    section "$name: perft suites"
    for f in perft/*.txt; do
        f=$(basename "$f")
        out=$("$@" perft --suite "$suites$f" | tr -d '\r') \
            || fail "$name: perft --suite $f: $out"
        echo "$f: $(tail -n 1 <<<"$out")"
    done

    section "$name: bench"
    out=$("$@" bench 2>/dev/null | tr -d '\r' | awk '$1=="nodes"{print $2}')
    [ "$out" = "$REF_BENCH" ] || fail "$name: bench nodes $out, native $REF_BENCH"
    echo "bench nodes $out"

    section "$name: kyodai match against itself"
    "$@" match -engine cmd="$engine" -engine cmd="$engine" "${match_args[@]}" \
        -pgnout "$engine.pgn" | tr -d '\r' >"$WORK/$name.match" \
        || fail "$name: match: $(cat "$WORK/$name.match")"
    grep -q '^Finished match' "$WORK/$name.match" || fail "$name: match unfinished"
    [ "$(grep -c '^Finished game' "$WORK/$name.match")" = 2 ] || fail "$name: not two games"
}

# Windows: the zip as a user unpacks it, the test-only DLL beside the exe.
section "Windows zip under Wine"
unzip -q "dist/kyodai-$VERSION-x86_64-windows.zip" -d "$WORK/win"
WIN=$WORK/win/kyodai-$VERSION-x86_64-windows
x86_64-w64-mingw32-gcc -O2 -shared -o "$WIN/bcryptprimitives.dll" \
    packaging/wine/processprng.c packaging/wine/bcryptprimitives.def -ladvapi32
mkdir -p "$WIN/perft"
for f in perft/*.txt; do sed 's/$/\r/' "$f" >"$WIN/perft/$(basename "$f")"; done
export WINEPREFIX=$WORK/wine WINEDEBUG=-all WINEDLLOVERRIDES="bcryptprimitives=n;mscoree,mshtml="
wineboot -i >/dev/null 2>&1 || true
winpath() { echo "Z:${1//\//\\}"; }
check_binary windows "$(winpath "$WIN/perft")\\" "$(winpath "$WIN/kyodai.exe")" \
    wine "$WIN/kyodai.exe"
mv "$WIN/kyodai.exe.pgn" "$WORK/windows.pgn" 2>/dev/null \
    || mv "$(winpath "$WIN/kyodai.exe").pgn" "$WORK/windows.pgn"
[ "$(pgn_moves "$WORK/windows.pgn")" = "$(pgn_moves "$WORK/native.pgn")" ] \
    || fail "windows: the match's moves differ from the native build's"
echo "windows: match moves equal to native's"
wineserver -k || true

# Linux: the static binary alone in an empty root.
section "Linux tar.gz in an empty root"
tar -xzf "dist/kyodai-$VERSION-x86_64-linux.tar.gz" -C "$WORK"
ROOT=$WORK/root
mkdir -p "$ROOT/perft"
cp "$WORK/kyodai-$VERSION-x86_64-linux/kyodai" "$ROOT/kyodai"
cp perft/*.txt "$ROOT/perft/"
# `kyodai match` discards its engines' stderr into /dev/null, the one file
# the root needs besides the binary (without it: "cannot start engine").
mkdir -p "$ROOT/dev"
"${sudo[@]}" mknod -m 666 "$ROOT/dev/null" c 1 3
in_root() { "${sudo[@]}" chroot "$ROOT" "$@"; }
check_binary linux /perft/ /kyodai in_root /kyodai
mv "$ROOT/kyodai.pgn" "$WORK/linux.pgn"
[ "$(pgn_moves "$WORK/linux.pgn")" = "$(pgn_moves "$WORK/native.pgn")" ] \
    || fail "linux: the match's moves differ from the native build's"
echo "linux: match moves equal to native's"

# Debian: installed with apt; XBoard lists it.
section "Debian package"
DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq \
    "./dist/kyodai_${VERSION}_amd64.deb" >/dev/null
out=$(/usr/games/kyodai perft chu 4)
[ "$out" = "total 1801639" ] || fail "/usr/games/kyodai perft chu 4: $out"
echo "/usr/games/kyodai perft chu 4: $out"
# XBoard's auto-install (Debian's /etc/xboard/xboard.conf) adds the plugin
# file's engine to the engine list it saves. A fresh user: no settings file
# yet, so every plugin file is new to it.
SETTINGS=$WORK/xboard.settings
HOME=$WORK xvfb-run -a /usr/games/xboard -ncp -settingsFile "$SETTINGS" \
    -saveSettingsFile "$SETTINGS" -saveSettingsOnExit true >/dev/null 2>&1 &
XVFB=$!
# XBoard installs the plugins' engines once started, and saves its settings,
# the engine list with them, when told to end.
XB=
for _ in $(seq 60); do
    sleep 1
    XB=$(pgrep -f "^/usr/games/xboard -ncp -settingsFile $SETTINGS") && break
done
[ -n "$XB" ] || fail "XBoard did not start"
sleep 5
kill -TERM "$XB"
wait "$XVFB" || true
ENGINES=$(sed -n '/^-firstChessProgramNames {/,/^}/p' "$SETTINGS" 2>/dev/null)
grep -q kyodai <<<"$ENGINES" || fail "XBoard's engine list lacks kyodai: $ENGINES"
echo "XBoard's engine list: $(grep kyodai <<<"$ENGINES")"
section "all release checks passed"
