# shogiops_setup.sh - sourced by shogiops_check.sh, shogiops_mate.sh and
# usi_selfplay.sh:
# installs lishogi's rules library shogiops 0.18.0 (npm; needs node and
# npm) into target/shogiops once, and copies the scripts that use it there.
# Expects REPO (the repository root); sets LIB (where to run them).
LIB="$REPO/target/shogiops"
mkdir -p "$LIB"
# The test suite runs these scripts side by side: one installs and copies
# at a time (two cp into the same new file race, and so do two npm installs).
exec 9>"$LIB/.setup.lock"
flock 9
if [ ! -d "$LIB/node_modules/shogiops" ]; then
    (cd "$LIB" && npm init -y >/dev/null && npm install --silent shogiops@0.18.0 >/dev/null)
fi
cp "$REPO"/scripts/shogiops_lib.mjs "$REPO"/scripts/shogiops_moves.mjs \
    "$REPO"/scripts/usi_selfplay.mjs "$REPO"/scripts/shogiops_mate.mjs "$LIB/"
flock -u 9
exec 9>&-
