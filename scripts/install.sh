#!/usr/bin/env bash
# install.sh - build Kyodai and install it where XBoard and man find it.
#
# Usage: scripts/install.sh [PREFIX]        (default /usr/local; run as root
#                                            for a system-wide PREFIX)
#   PREFIX/bin/kyodai                        the engine
#   PREFIX/share/man/man6/kyodai.6           its man page
#   /usr/share/games/plugins/xboard/kyodai.eng, when that directory exists
#                                            (Debian's XBoard then lists
#                                            Kyodai on its next start)
set -euo pipefail
REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
PREFIX=${1:-/usr/local}
(cd "$REPO" && cargo build --release --quiet)
install -D -m 755 "$REPO/target/release/kyodai" "$PREFIX/bin/kyodai"
install -D -m 644 "$REPO/kyodai.6" "$PREFIX/share/man/man6/kyodai.6"
PLUGINS=/usr/share/games/plugins/xboard
if [ -d "$PLUGINS" ] && [ -w "$PLUGINS" ]; then
    install -m 644 "$REPO/scripts/kyodai.eng" "$PLUGINS/kyodai.eng"
    echo "installed $PLUGINS/kyodai.eng"
fi
echo "installed $PREFIX/bin/kyodai and $PREFIX/share/man/man6/kyodai.6"
