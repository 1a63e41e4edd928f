# release-deps.sh - sourced by release.sh and check-release.sh: install what
# building and checking the release archives needs on a fresh Debian
# machine, skipping whatever is already there.

# need_apt PKG... - install the Debian packages not yet installed
# (as root, or through sudo).
need_apt() {
    local missing=() p
    for p in "$@"; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" \
            || missing+=("$p")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    local sudo=()
    [ "$(id -u)" -eq 0 ] || sudo=(sudo)
    echo "installing ${missing[*]}" >&2
    "${sudo[@]}" apt-get update -qq
    DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq \
        --no-install-recommends "${missing[@]}" >/dev/null
}

# need_targets TRIPLE... - add the Rust standard libraries of these targets.
need_targets() {
    local installed t
    installed=$(rustup target list --installed)
    for t in "$@"; do
        grep -qx "$t" <<<"$installed" || rustup target add "$t"
    done
}

LINUX_TARGET=x86_64-unknown-linux-musl
WINDOWS_TARGET=x86_64-pc-windows-gnu
