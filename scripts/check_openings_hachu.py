#!/usr/bin/env python3
"""Check match openings against HaChu 0.21: keep only the positions HaChu
reads right.

HaChu's `setboard` takes the board field only and sometimes misreads a
position (in a Chu opening with the Lion on h5 it played h4h5 through its
own Lion, and XBoard forfeited it). For each FEN of the file, HaChu is set
up with the board and plays PLIES moves for both sides (`go` after each
move); every move must be legal by Kyodai (the same moves sent to Kyodai in
force mode are answered with silence). Positions where HaChu errs, stalls
or dies are dropped.

Usage: scripts/check_openings_hachu.py VARIANT FILE [--plies N] [--write OUT]
Prints one line per position (ok / bad, with the reason) and the count of
good ones; with --write, the good FENs go to OUT.
"""
import argparse
import os
import subprocess
import sys
import threading
import queue
import time

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
KYODAI = os.path.join(REPO, "target", "release", "kyodai")
HACHU = "/usr/games/hachu"


class Engine:
    def __init__(self, cmd):
        self.p = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.q = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.p.stdout:
            self.q.put(line.rstrip("\n"))
        self.q.put(None)

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def wait(self, pred, timeout):
        """Lines until one satisfies pred (returned last); None on timeout
        or exit."""
        end = time.time() + timeout
        seen = []
        while time.time() < end:
            try:
                line = self.q.get(timeout=max(0.01, end - time.time()))
            except queue.Empty:
                break
            if line is None:
                return seen, None
            seen.append(line)
            if pred(line):
                return seen, line
        return seen, None

    def sync(self, n, timeout=10):
        self.send("ping %d" % n)
        seen, line = self.wait(lambda l: l.strip() == "pong %d" % n, timeout)
        return seen[:-1] if line else None

    def close(self):
        try:
            self.send("quit")
            self.p.wait(timeout=2)
        except Exception:
            self.p.kill()


def check(variant, fen, plies):
    """None if HaChu plays `plies` legal moves from fen, else the reason."""
    board = fen.split()[0]
    hachu = Engine([HACHU])
    kyodai = Engine([KYODAI])
    try:
        for e in (hachu, kyodai):
            e.send("xboard")
            e.send("protover 2")
            # HaChu allocates its hash table on `memory` and crashes in a
            # search without one.
            e.send("memory 16")
            e.send("new")
            e.send("variant " + variant)
            e.send("level 0 1 0")
            e.send("force")
        hachu.send("setboard " + board)
        kyodai.send("setboard " + fen)
        if kyodai.sync(1) is None or hachu.sync(1) is None:
            return "no answer after setboard"
        hachu.send("sd 2")
        for ply in range(plies):
            hachu.send("time 6000")
            hachu.send("otim 6000")
            hachu.send("go")
            _, line = hachu.wait(lambda l: l.startswith("move "), 20)
            if line is None:
                return "HaChu made no move at ply %d" % (ply + 1)
            mv = line.split()[1]
            hachu.send("force")
            kyodai.send("usermove " + mv)
            out = kyodai.sync(ply + 2)
            if out is None or any(l.startswith("Illegal") for l in out):
                return "HaChu's move %d, %s, is illegal: %s" % (ply + 1, mv, out)
        return None
    finally:
        hachu.close()
        kyodai.close()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("variant")
    ap.add_argument("file")
    ap.add_argument("--plies", type=int, default=4)
    ap.add_argument("--write")
    a = ap.parse_args()
    fens = [l.strip() for l in open(a.file) if l.strip()]
    good = []
    for i, fen in enumerate(fens, 1):
        why = check(a.variant, fen, a.plies)
        print("%3d %s%s" % (i, "ok" if why is None else "bad", "" if why is None else ": " + why))
        sys.stdout.flush()
        if why is None:
            good.append(fen)
    print("%d of %d positions good" % (len(good), len(fens)))
    if a.write:
        with open(a.write, "w") as f:
            f.write("".join(g + "\n" for g in good))


if __name__ == "__main__":
    main()
