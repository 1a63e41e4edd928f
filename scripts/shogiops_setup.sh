# shogiops_setup.sh - sourced by shogiops_check.sh, shogiops_mate.sh and
# usi_selfplay.sh:
# installs lishogi's rules library shogiops 0.18.0 (npm; needs node and
# npm) into target/shogiops once, and copies the scripts that use it there.
# Expects REPO (the repository root); sets LIB (where to run them).
LIB="$REPO/target/shogiops"
if [ ! -d "$LIB/node_modules/shogiops" ]; then
    mkdir -p "$LIB"
    (cd "$LIB" && npm init -y >/dev/null && npm install --silent shogiops@0.18.0 >/dev/null)
fi
cp "$REPO"/scripts/shogiops_lib.mjs "$REPO"/scripts/shogiops_moves.mjs \
    "$REPO"/scripts/usi_selfplay.mjs "$REPO"/scripts/shogiops_mate.mjs "$LIB/"
