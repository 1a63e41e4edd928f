#!/usr/bin/env bash
# release.sh VERSION - build Kyodai's release archives into dist/.
#
#   dist/kyodai-VERSION-x86_64-linux.tar.gz    static (musl) Linux binary
#   dist/kyodai-VERSION-x86_64-windows.zip     kyodai.exe (x86_64-pc-windows-gnu)
#   dist/kyodai_VERSION_amd64.deb              Debian package (the glibc build in
#                                              /usr/games, man page, XBoard
#                                              plugin file)
#   dist/kyodai-VERSION-web.zip                web/dist/, when scripts/build-web.sh
#                                              exists
#   dist/SHA256SUMS                            the checksums of the above
#
# Each archive holds the binary, README.md and the text of docs/, both
# licences, the man page, kyodai.eng and the platform's INSTALL.txt
# (packaging/). VERSION must be
# Cargo.toml's version, which the binaries print. Installs what it needs on
# a fresh Debian machine (the Rust targets, mingw-w64, zip). File dates are
# the commit's, so the same commit gives the same archives.
set -euo pipefail
REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# shellcheck source=scripts/release-deps.sh
. "$REPO/scripts/release-deps.sh"

VERSION=${1:?usage: scripts/release.sh VERSION}
if ! [[ $VERSION =~ ^[0-9][0-9A-Za-z.+~-]*$ ]]; then
    echo "release.sh: '$VERSION' is not a version (digits, letters, . + ~ -)" >&2
    exit 2
fi
CARGO_VERSION=$(sed -n 's/^version = "\(.*\)"$/\1/p' "$REPO/Cargo.toml" | head -n 1)
if [ "$VERSION" != "$CARGO_VERSION" ]; then
    echo "release.sh: VERSION $VERSION is not Cargo.toml's version $CARGO_VERSION;" \
        "set it there first (the binaries print it)" >&2
    exit 2
fi

need_apt gcc-mingw-w64-x86-64 binutils-mingw-w64-x86-64 zip dpkg-dev
need_targets "$LINUX_TARGET" "$WINDOWS_TARGET"

cd "$REPO"
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct 2>/dev/null || date +%s)}
cargo build --release --locked
cargo build --release --locked --target "$LINUX_TARGET"
cargo build --release --locked --target "$WINDOWS_TARGET"

DIST=$REPO/dist
STAGE=$DIST/stage
rm -rf "$STAGE"
mkdir -p "$STAGE"
rm -f "$DIST"/kyodai-"$VERSION"-* "$DIST"/kyodai_"$VERSION"_* "$DIST/SHA256SUMS"

# stage DIR INSTALL_TEXT LINE_END: the files every archive shares.
stage() {
    local dir=$1
    mkdir -p "$dir"
    cp README.md LICENSE-MIT LICENSE-APACHE kyodai.6 "$dir/"
    # The manual the README links to (its text; the pictures stay behind).
    mkdir -p "$dir/docs/rules"
    cp docs/*.md "$dir/docs/"
    cp docs/rules/*.md "$dir/docs/rules/"
    cp scripts/kyodai.eng "$dir/kyodai.eng"
    sed "s/@VERSION@/$VERSION/g" "packaging/$2" >"$dir/INSTALL.txt"
    if [ "$3" = crlf ]; then
        sed -i 's/$/\r/' "$dir/INSTALL.txt"
    fi
}

# Dates of every staged file set to the commit's, for reproducible archives.
settle() {
    find "$1" -exec touch -h -d "@$SOURCE_DATE_EPOCH" {} +
}

# Linux: static binary, tar.gz.
LINUX=kyodai-$VERSION-x86_64-linux
stage "$STAGE/$LINUX" INSTALL-linux.txt lf
install -m 755 "target/$LINUX_TARGET/release/kyodai" "$STAGE/$LINUX/kyodai"
strip --strip-unneeded "$STAGE/$LINUX/kyodai"
settle "$STAGE/$LINUX"
tar -C "$STAGE" --sort=name --owner=0 --group=0 --numeric-owner \
    -cf - "$LINUX" | gzip -9n >"$DIST/$LINUX.tar.gz"

# Windows: kyodai.exe, zip, text files with CRLF for Notepad.
WINDOWS=kyodai-$VERSION-x86_64-windows
stage "$STAGE/$WINDOWS" INSTALL-windows.txt crlf
install -m 755 "target/$WINDOWS_TARGET/release/kyodai.exe" "$STAGE/$WINDOWS/kyodai.exe"
x86_64-w64-mingw32-strip --strip-unneeded "$STAGE/$WINDOWS/kyodai.exe"
settle "$STAGE/$WINDOWS"
(cd "$STAGE" && find "$WINDOWS" -print | LC_ALL=C sort | zip -X -9 -q "$DIST/$WINDOWS.zip" -@)

# Debian: the ordinary (glibc) build in /usr/games, its library
# dependencies as dpkg-shlibdeps finds them, man page, XBoard plugin file.
# (Debian's rules want dynamic linking; lintian takes a static-pie binary
# for a shared library.)
DEB=$STAGE/deb
install -D -m 755 target/release/kyodai "$DEB/usr/games/kyodai"
strip --strip-unneeded --remove-section=.comment --remove-section=.note "$DEB/usr/games/kyodai"
mkdir -p "$STAGE/shlibs/debian"
: >"$STAGE/shlibs/debian/control"
DEPENDS=$(cd "$STAGE/shlibs" && dpkg-shlibdeps -O "$DEB/usr/games/kyodai" 2>/dev/null |
    sed -n 's/^shlibs:Depends=//p')
[ -n "$DEPENDS" ] || { echo "release.sh: dpkg-shlibdeps found no dependencies" >&2; exit 1; }
install -D -m 644 scripts/kyodai.eng "$DEB/usr/share/games/plugins/xboard/kyodai.eng"
install -d "$DEB/usr/share/man/man6" "$DEB/usr/share/doc/kyodai"
gzip -9n <kyodai.6 >"$DEB/usr/share/man/man6/kyodai.6.gz"
gzip -9n <README.md >"$DEB/usr/share/doc/kyodai/README.md.gz"
sed "s/@VERSION@/$VERSION/g" packaging/debian/copyright >"$DEB/usr/share/doc/kyodai/copyright"
sed -n '/^Permission/,$p' LICENSE-MIT | sed 's/^$/./; s/^/ /' >>"$DEB/usr/share/doc/kyodai/copyright"
{
    printf 'kyodai (%s) unstable; urgency=medium\n\n' "$VERSION"
    printf '  * Release %s (commit %s).\n\n' "$VERSION" "$(git rev-parse --short HEAD 2>/dev/null || echo unknown)"
    printf ' -- %s  %s\n' "$(sed -n 's/^Maintainer: //p' packaging/debian/control)" \
        "$(date -u -R -d "@$SOURCE_DATE_EPOCH")"
} | gzip -9n >"$DEB/usr/share/doc/kyodai/changelog.gz"
install -d "$DEB/DEBIAN"
sed -e "s/@VERSION@/$VERSION/g" \
    -e "s/@SIZE@/$(du -sk --exclude=DEBIAN "$DEB" | cut -f1)/" \
    -e "s/@DEPENDS@/$DEPENDS/" \
    packaging/debian/control >"$DEB/DEBIAN/control"
install -m 755 packaging/debian/postinst "$DEB/DEBIAN/postinst"
(cd "$DEB" && find usr -type f -print0 | LC_ALL=C sort -z | xargs -0 md5sum >DEBIAN/md5sums)
find "$DEB" -type d -exec chmod 755 {} +
find "$DEB" -type f ! -path '*/usr/games/*' ! -path '*/DEBIAN/postinst' -exec chmod 644 {} +
settle "$DEB"
dpkg-deb --root-owner-group -Zxz --build "$DEB" "$DIST/kyodai_${VERSION}_amd64.deb" >/dev/null

# Web: the browser bundle, when the project has one.
if [ -x scripts/build-web.sh ]; then
    scripts/build-web.sh
    WEB=kyodai-$VERSION-web
    mkdir -p "$STAGE/$WEB"
    cp -r web/dist/. "$STAGE/$WEB/"
    cp README.md LICENSE-MIT LICENSE-APACHE scripts/serve-web.py "$STAGE/$WEB/"
    settle "$STAGE/$WEB"
    (cd "$STAGE" && find "$WEB" -print | LC_ALL=C sort | zip -X -9 -q "$DIST/$WEB.zip" -@)
else
    echo "release.sh: no scripts/build-web.sh, no web bundle" >&2
fi

rm -rf "$STAGE"
(cd "$DIST" && sha256sum kyodai-"$VERSION"-* kyodai_"$VERSION"_* >SHA256SUMS)
(cd "$DIST" && ls -l kyodai-"$VERSION"-* kyodai_"$VERSION"_* SHA256SUMS)
