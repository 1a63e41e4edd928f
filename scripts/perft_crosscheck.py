#!/usr/bin/env python3
"""Cross-check Kyodai's perft against the independent reference generator
(reference_movegen.py, written from the rules files alone) on random
positions crowded with the variant's special pieces (Lions, Wolves, hook
movers, Emperors, Saints, Ghosts, Horned Falcons, Soaring Eagles, promoted
pieces...).

Usage: python3 scripts/perft_crosscheck.py VARIANT [SEED] [POSITIONS] [DEPTH] [PIECES]
  VARIANT: chu | dai | cashew | macadamia | nutty | suzumu | wa | wa-hachu | tenjiku |
           tenjiku-RULES (RULES: hachu, fd-sideways, no-area-pass,
           jump-lower-only, forced-promotion)   (defaults 1 100 2 14)
Builds nothing: run `cargo build --release` first.  Prints each mismatch
(with the root moves whose counts differ) and a final
`positions N mismatches M`; exits 1 on any mismatch.
"""
import os
import random
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import reference_movegen as ref  # noqa: E402

ENGINE = os.path.join(HERE, "..", "target", "release", "kyodai")

# Pieces drawn more often than the rest (multi-leg movers and other pieces
# with special rules), per variant.
EXTRA = {
    "chu": ["N", "+O", "+H", "+D"],
    "dai": ["L!", "+O", "+H", "+D", "N", "I", "U"],
    "cashew": ["L!", "+L!", "W!", "+W'", "+E'", "H!", "G!", "+P'", "+K'"],
    "macadamia": ["L!", "+L!", "W!", "+I'", "+J'", "H!", "C!", "I'", "J'", "E"],
    "nutty": ["D!", "+W!", "W!", "R!", "B!", "+R!", "V!", "+C!", "+Q", "+D", "+H", "+L!", "L!"],
    "suzumu": ["D!", "+W!", "Q!", "V!", "R!", "B!", "+C!", "Q'", "H!", "E!", "F!", "L!", "E"],
    "wa": ["X", "+R", "E", "+L", "+H", "H", "P", "O"],
    "tenjiku": ["D!", "+W!", "W!", "Q!", "V!", "R!", "B!", "+C!", "Q'", "H!", "E!", "F!", "L!", "E", "P", "N", "I", "L"],
}
# Pieces that are or may become royal (Drunk Elephant -> Crown Prince,
# Macadamia King -> Emperor, Elephant -> King); the engine keeps at most
# MAX_ROYAL of them per side, so random positions stay within that.
TO_BE_ROYAL = {"chu": {"E"}, "dai": {"E"}, "cashew": set(), "macadamia": {"E", "K"},
               "nutty": set(), "suzumu": {"E"}, "wa": set(), "tenjiku": {"E"}}
MAX_ROYAL = 4
# The first royal of each side; the second list gives extra royals that may
# be added (Crown Prince, promoted Elephant, Emperor).
ROYALS = {
    "chu": (["K"], ["+E"]),
    "dai": (["K"], ["+E"]),
    "cashew": (["K"], []),
    "macadamia": (["K", "K", "+K"], ["+E", "+K"]),
    "nutty": (["K"], []),
    "suzumu": (["K"], ["+E"]),
    "wa": (["K"], []),
    "tenjiku": (["K"], ["+E"]),
}


def fen(var, pieces, side):
    rows = []
    for rank in range(var.H - 1, -1, -1):
        row, empty = "", 0
        for file in range(var.W):
            tok = pieces.get((file, rank))
            if tok is None:
                empty += 1
                continue
            if empty:
                row += str(empty)
                empty = 0
            row += tok
        if empty:
            row += str(empty)
        rows.append(row)
    return "/".join(rows) + " " + side + " - 0 1"


def lower(tok):
    return tok[:-1].lower() + tok[-1] if tok[-1] in "'!" else tok.lower()


def engine(variant, depth, f, divide=False):
    # `wa-hachu`, `tenjiku-hachu` and the other `tenjiku-RULES`: the
    # variant under another rule set (`--rules RULES`).
    var = ref.VARIANTS[variant]
    name = var.name
    extra = ["--rules", var.rules] if var.rules != "standard" else []
    cmd = [ENGINE, "perft", name, str(depth), "--fen", f] + extra + (["--divide"] if divide else [])
    return subprocess.run(cmd, capture_output=True, text=True)


def divide_lines(text):
    out = {}
    for line in text.splitlines():
        parts = line.split()
        if len(parts) == 2 and parts[1].isdigit() and parts[0] != "total":
            out[parts[0].rstrip(":")] = int(parts[1])
    return out


def main():
    if len(sys.argv) < 2 or sys.argv[1] not in ref.VARIANTS:
        sys.exit(__doc__)
    variant = sys.argv[1]
    var = ref.VARIANTS[variant]
    key = var.kind
    seed, count, depth, npieces = (list(map(int, sys.argv[2:6])) + [1, 100, 2, 14][len(sys.argv) - 2:])[:4]
    rng = random.Random(seed)
    royal_first, royal_extra = ROYALS[key]
    kinds = [t for t in var.P if t not in var.royal] + EXTRA[key] * 2
    squares = [(f, r) for f in range(var.W) for r in range(var.H)]
    bad = 0
    for _ in range(count):
        spots = rng.sample(squares, npieces + 2)
        pieces = {spots[0]: rng.choice(royal_first), spots[1]: lower(rng.choice(royal_first))}
        special = var.royal | TO_BE_ROYAL[key]
        nroyal = [1, 1]
        for sq in spots[2:]:
            tok = rng.choice(kinds)
            if royal_extra and rng.random() < 0.05:
                tok = rng.choice(royal_extra)
            col = 0 if rng.random() < 0.5 else 1
            while tok in special and nroyal[col] >= MAX_ROYAL:
                tok = rng.choice(kinds)
            nroyal[col] += tok in special
            pieces[sq] = tok if col == 0 else lower(tok)
        f = fen(var, pieces, rng.choice("wb"))
        want = ref.perft(variant, f, depth)
        out = engine(variant, depth, f)
        got = out.stdout.split()[-1] if out.stdout.split() else out.stderr.strip()
        if str(want) != got:
            bad += 1
            print("MISMATCH", f, "reference", want, "engine", got)
            lines = []
            ref.run(variant, f, depth, divide=True, out=lambda *a: lines.append(" ".join(map(str, a))))
            mine = divide_lines("\n".join(lines))
            theirs = divide_lines(engine(variant, depth, f, divide=True).stdout)
            for mv in sorted(set(mine) | set(theirs)):
                if mine.get(mv) != theirs.get(mv):
                    print("   ", mv, "reference", mine.get(mv), "engine", theirs.get(mv))
    print("positions", count, "mismatches", bad)
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
