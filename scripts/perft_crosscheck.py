#!/usr/bin/env python3
"""Cross-check Kyodai's Chu perft against the independent reference
generator (chu_reference.py) on random positions crowded with Lions, Horned
Falcons, Soaring Eagles and promoted pieces.

Usage: python3 scripts/perft_crosscheck.py [SEED] [POSITIONS] [DEPTH] [PIECES]
(defaults 1 100 2 14). Builds nothing: run `cargo build --release` first.
Prints each mismatch and a final `positions N mismatches M`; exits 1 on any
mismatch.
"""
import os
import random
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import chu_reference as chu  # noqa: E402

ENGINE = os.path.join(HERE, "..", "target", "release", "kyodai")
FILES = "abcdefghijkl"


def fen(pieces, side):
    rows = []
    for rank in range(11, -1, -1):
        row, empty = "", 0
        for file in range(12):
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


def main():
    seed, count, depth, npieces = (list(map(int, sys.argv[1:5])) + [1, 100, 2, 14][len(sys.argv) - 1:])[:4]
    rng = random.Random(seed)
    kinds = [t for t in chu.P if t not in ("K", "+E")] + ["N", "+O", "+H", "+D"] * 2
    squares = [(f, r) for f in range(12) for r in range(12)]
    bad = 0
    for _ in range(count):
        spots = rng.sample(squares, npieces + 2)
        pieces = {spots[0]: "K", spots[1]: "k"}
        for sq in spots[2:]:
            tok = rng.choice(kinds)
            pieces[sq] = tok if rng.random() < 0.5 else tok.lower()
        f = fen(pieces, rng.choice("wb"))
        want = chu.perft(chu.Pos(f), depth)
        out = subprocess.run([ENGINE, "perft", "chu", str(depth), "--fen", f], capture_output=True, text=True)
        got = out.stdout.split()[-1] if out.stdout.split() else out.stderr.strip()
        if str(want) != got:
            bad += 1
            print("MISMATCH", f, "reference", want, "engine", got)
    print("positions", count, "mismatches", bad)
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
