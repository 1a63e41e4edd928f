#!/usr/bin/env python3
"""Nodes per second of Kyodai against HaChu on the same positions (issue 5).

For every position (the `start =` FEN of each chosen variant in engine.ini,
plus the extra positions in src/bench.rs POSITIONS) each engine is started
fresh and driven over CECP:

    xboard / protover 2 / memory 64 / new / variant V / force /
    setboard FEN / post / st T / go

The last thinking line (`depth score time nodes pv`) before the engine's
`move` gives nodes and time in centiseconds, hence nps. Both engines stop an
iteration early when they judge the next one will not finish, so the time is
that of the last completed iteration, not T; nps is still nodes / that time.

HaChu quirks handled here:
  * `setboard` must carry only the board field: anything after it makes
    HaChu print `tellusererror Unknown piece` and exit. HaChu then assumes
    the first mover is to move, so a position with the other side to move
    is not given to HaChu (reported as skipped).
  * With `st` alone HaChu thinks it has no clock and moves after depth 2;
    it is also sent `time`/`otim` of T seconds so that `st T` takes effect.
  * A variant section may give `hachu-start =` (HaChu's piece letters);
    that FEN is used for HaChu's start position.

An engine that crashes, refuses the position, or does not move within the
per-position timeout is reported and the run goes on.

Per variant and overall the ratio nps(Kyodai)/nps(HaChu) is the geometric
mean over positions where both engines gave a figure.

Usage: scripts/nps_vs_hachu.py [--seconds 5] [--variants chu,dai,...]
"""
import argparse
import math
import os
import queue
import re
import subprocess
import sys
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_VARIANTS = ["chu", "dai", "cashew-shogi", "macadamia-shogi"]
THINK = re.compile(r"^\s*(\d+)\s+(-?\d+)\s+(\d+)\s+(\d+)(\s|$)")


def read_ini(path):
    """{section: {'start': fen, 'hachu-start': fen}} from engine.ini."""
    sections, cur = {}, None
    with open(path) as f:
        for line in f:
            line = line.strip()
            m = re.match(r"^\[([^\]]+)\]$", line)
            if m:
                cur = sections.setdefault(m.group(1), {})
                continue
            if cur is None:
                continue
            m = re.match(r"^(start|hachu-start)\s*=\s*(.+)$", line)
            if m:
                cur[m.group(1)] = m.group(2).strip()
    return sections


def read_bench(path):
    """[(variant, fen)] from the POSITIONS array of src/bench.rs."""
    with open(path) as f:
        text = f.read()
    m = re.search(r"const POSITIONS[^=]*=\s*&\[(.*?)\];", text, re.S)
    if not m:
        return []
    return re.findall(r'\(\s*"([^"]+)"\s*,\s*"([^"]+)"\s*,?\s*\)', m.group(1))


class Engine:
    """One engine process; stdout lines go to a queue read with timeouts."""

    def __init__(self, command):
        self.proc = subprocess.Popen(
            command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.PIPE, text=True, bufsize=1)
        self.lines = queue.Queue()
        self.stderr_tail = []
        threading.Thread(target=self._pump, daemon=True).start()
        threading.Thread(target=self._drain_err, daemon=True).start()

    def _pump(self):
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\n"))
        self.lines.put(None)  # EOF

    def _drain_err(self):
        for line in self.proc.stderr:
            self.stderr_tail = (self.stderr_tail + [line.rstrip()])[-5:]

    def send(self, text):
        try:
            self.proc.stdin.write(text + "\n")
            self.proc.stdin.flush()
            return True
        except (BrokenPipeError, OSError):
            return False

    def readline(self, deadline):
        """A line, None on EOF, or False on timeout."""
        left = deadline - time.monotonic()
        if left <= 0:
            return False
        try:
            return self.lines.get(timeout=left)
        except queue.Empty:
            return False

    def close(self):
        if self.proc.poll() is None:
            self.send("quit")
            try:
                self.proc.wait(timeout=2)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


def measure(command, variant, fen, seconds, memory, timeout, hachu):
    """Search one position; returns dict(depth, nodes, cs, nps) or dict(error)."""
    try:
        eng = Engine(command)
    except OSError as e:
        return {"error": f"cannot start: {e}"}
    try:
        eng.send("xboard")
        eng.send("protover 2")
        deadline = time.monotonic() + 10
        while True:  # wait for feature done=1 (or give up after 10 s)
            line = eng.readline(deadline)
            if line is None:
                return {"error": "exited during protover"}
            if line is False or "done=1" in line:
                break
        cmds = [f"memory {memory}", "new", f"variant {variant}", "force",
                f"setboard {fen}", "post", f"st {seconds}"]
        if hachu:
            cs = int(seconds * 100)
            cmds += [f"time {cs}", f"otim {cs}"]
        cmds.append("go")
        for c in cmds:
            if not eng.send(c):
                return {"error": "exited while being set up"}
        last, notes = None, []
        deadline = time.monotonic() + timeout
        while True:
            line = eng.readline(deadline)
            if line is None:
                time.sleep(0.1)
                code = eng.proc.poll()
                tail = "; ".join(notes + eng.stderr_tail)[-120:]
                return {"error": f"crashed (exit {code}) {tail}".strip()}
            if line is False:
                return {"error": f"no move within {timeout:.0f} s (hang)"}
            m = THINK.match(line)
            if m:
                last = m
                continue
            if line.startswith("move "):
                break
            low = line.lower()
            if low.startswith(("tellusererror", "error", "illegal")) or \
                    "unknown" in low:
                notes.append(line.strip())
            if line.startswith(("resign", "1-0", "0-1", "1/2-1/2")):
                return {"error": f"no move: {line.strip()}"}
        if last is None:
            return {"error": "moved without a thinking line"}
        depth, cs, nodes = int(last.group(1)), int(last.group(3)), int(last.group(4))
        nps = nodes * 100.0 / cs if cs > 0 else None
        return {"depth": depth, "nodes": nodes, "cs": cs, "nps": nps}
    finally:
        eng.close()


def gmean(xs):
    return math.exp(sum(math.log(x) for x in xs) / len(xs)) if xs else None


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seconds", type=float, default=5.0,
                    help="time per move (st), default 5")
    ap.add_argument("--variants", default=",".join(DEFAULT_VARIANTS),
                    help="comma-separated variants for start positions")
    ap.add_argument("--no-bench", action="store_true",
                    help="skip the src/bench.rs POSITIONS")
    ap.add_argument("--kyodai", default=os.path.join(ROOT, "target/release/kyodai"))
    ap.add_argument("--hachu", default="/usr/games/hachu")
    ap.add_argument("--memory", type=int, default=64)
    ap.add_argument("--timeout", type=float, default=None,
                    help="seconds before an engine counts as hung "
                         "(default 3*seconds+15)")
    args = ap.parse_args()
    if args.seconds == int(args.seconds):
        args.seconds = int(args.seconds)
    timeout = args.timeout or 3 * args.seconds + 15

    ini = read_ini(os.path.join(ROOT, "engine.ini"))
    positions = []  # (label, variant, kyodai fen, hachu fen)
    for v in [x for x in args.variants.split(",") if x]:
        sec = ini.get(v)
        if not sec or "start" not in sec:
            print(f"warning: no start position for {v} in engine.ini", file=sys.stderr)
            continue
        positions.append((f"{v} start", v, sec["start"],
                          sec.get("hachu-start", sec["start"])))
    if not args.no_bench:
        for i, (v, fen) in enumerate(read_bench(os.path.join(ROOT, "src/bench.rs")), 1):
            positions.append((f"{v} bench#{i}", v, fen, fen))

    rows = []  # (label, variant, kyodai result, hachu result)
    for label, v, kfen, hfen in positions:
        k = measure([args.kyodai], v, kfen, args.seconds, args.memory, timeout, False)
        fields = hfen.split()
        start_side = (ini.get(v, {}).get("start", "x w").split() + ["w"])[1]
        if len(fields) > 1 and fields[1] != start_side:
            h = {"error": "skipped: HaChu setboard cannot set side to move"}
        else:
            h = measure([args.hachu], v, fields[0], args.seconds, args.memory,
                        timeout, True)
        rows.append((label, v, k, h))
        print_position(label, k, h)
        sys.stdout.flush()

    print_summary(rows, args.seconds)


def fmt_nps(nps):
    return f"{nps:,.0f}" if nps else "-"


def print_position(label, k, h):
    print(f"\n== {label}")
    print(f"  {'engine':<8} {'depth':>5} {'nodes':>13} {'seconds':>8} {'nps':>12}")
    for name, r in (("Kyodai", k), ("HaChu", h)):
        if "error" in r:
            print(f"  {name:<8} {r['error']}")
        else:
            print(f"  {name:<8} {r['depth']:>5} {r['nodes']:>13,} "
                  f"{r['cs'] / 100:>8.2f} {fmt_nps(r['nps']):>12}")
    ratio = pos_ratio(k, h)
    print(f"  nps ratio Kyodai/HaChu: {ratio:.3f}" if ratio else
          "  nps ratio Kyodai/HaChu: n/a")


def pos_ratio(k, h):
    if k.get("nps") and h.get("nps"):
        return k["nps"] / h["nps"]
    return None


def print_summary(rows, seconds):
    print(f"\n== Summary (st {seconds}; geometric mean of per-position ratios)")
    print(f"  {'variant':<18} {'positions':>9} {'Kyodai nps':>12} {'HaChu nps':>12} {'ratio K/H':>10}")
    variants = []
    for _, v, _, _ in rows:
        if v not in variants:
            variants.append(v)
    for v in variants + [None]:
        sel = [r for r in rows if v is None or r[1] == v]
        ratios = [pos_ratio(k, h) for _, _, k, h in sel if pos_ratio(k, h)]
        kn = [k["nps"] for _, _, k, h in sel if pos_ratio(k, h)]
        hn = [h["nps"] for _, _, k, h in sel if pos_ratio(k, h)]
        g = gmean(ratios)
        name = v if v else "overall"
        print(f"  {name:<18} {len(ratios):>5}/{len(sel):<3} {fmt_nps(gmean(kn)):>12} "
              f"{fmt_nps(gmean(hn)):>12} {(f'{g:.3f}' if g else 'n/a'):>10}")
    failed = [(lbl, n, r["error"]) for lbl, _, k, h in rows
              for n, r in (("Kyodai", k), ("HaChu", h)) if "error" in r]
    for lbl, n, e in failed:
        print(f"  note: {lbl}: {n}: {e}")


if __name__ == "__main__":
    main()
