#!/usr/bin/env python3
"""SPSA over Kyodai's search and time coefficients, played by `kyodai match`.

The coefficients, their bounds and their final perturbations are the
engine's own (`kyodai params`); each is set at start-up with
`kyodai --param NAME=VALUE`, so the run needs no rebuild. The schedule is
fishtest's and OpenBench's: alpha 0.602, gamma 0.101, A = a tenth of the
planned iterations, the perturbation of each coefficient ending at its
step (c_end) and the learning rate at r_end; each iteration plays one game
pair (an opening with both colours) between theta + c_k * delta and
theta - c_k * delta, delta a random sign per coefficient, and moves theta
by r_k * c_k * result * delta (result: the plus side's wins minus losses
in the pair). Values are rounded stochastically before a game, so that a
small integer coefficient still moves on average.

The state (theta, the iterations done, the settings) is kept in a JSON
file after every batch: a run ends whenever it is told to (--pairs, or
Ctrl-C) and the next run with the same --state goes on from there, so a
long tuning is played in pieces and on several machines in turn.

Usage:
  scripts/spsa.py --state runs/spsa/chu.json --init --iterations 2000 \\
      [--params lmp-base,lmp-slope,...] [--r-end 0.002]
  scripts/spsa.py --state runs/spsa/chu.json --pairs 100 [--tc 2+0.02] \\
      [--concurrency 2] [--variant chu] [--openings FILE] [--engine PATH]
  scripts/spsa.py --state runs/spsa/chu.json --show
"""

import argparse
import json
import os
import random
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ALPHA = 0.602
GAMMA = 0.101
SCORE_LINE = re.compile(r"^Score of plus vs minus: (\d+) - (\d+) - (\d+)")


def engine_params(engine):
    """The engine's coefficients: name -> (default, min, max, step)."""
    out = subprocess.run([engine, "params"], capture_output=True, text=True, check=True)
    params = {}
    for line in out.stdout.splitlines()[1:]:
        name, _value, default, lo, hi, step = line.split()
        params[name] = (int(default), int(lo), int(hi), int(step))
    return params


def save(path, state):
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        json.dump(state, f, indent=1, sort_keys=True)
    os.replace(tmp, path)


def gains(state, name, k):
    """(c_k, r_k) of one coefficient at iteration k (0-based)."""
    n = state["iterations"]
    big_a = 0.1 * n
    c_end = state["bounds"][name][3]
    c = c_end * n**GAMMA
    a_end = state["r_end"] * c_end**2
    a = a_end * (big_a + n) ** ALPHA
    c_k = c / (k + 1) ** GAMMA
    a_k = a / (big_a + k + 1) ** ALPHA
    return c_k, a_k / c_k**2


def stochastic_round(x, rng):
    low = int(x // 1)
    return low + (1 if rng.random() < x - low else 0)


def side_args(values):
    """`kyodai match` engine words that set the coefficients."""
    words = []
    for name, v in sorted(values.items()):
        words += ["arg=--param", f"arg={name}={v}"]
    return words


def play_pair(args, plus, minus, opening):
    """Wins minus losses of the plus side over one pair (-2..2)."""
    cmd = [args.engine, "match",
           "-engine", f"cmd={args.engine}", "name=plus", *side_args(plus),
           "option.XBoard-safe moves=0",
           "-engine", f"cmd={args.engine}", "name=minus", *side_args(minus),
           "option.XBoard-safe moves=0",
           "-each", f"tc={args.tc}", "-variant", args.variant,
           "-games", "2", "-repeat", "-maxmoves", "400", "-recover",
           "-ratinginterval", "0"]
    if args.openings:
        cmd += ["-openings", f"file={args.openings}", "format=fen", "order=sequential",
                f"start={opening}"]
    out = subprocess.run(cmd, capture_output=True, text=True)
    for line in reversed(out.stdout.splitlines()):
        m = SCORE_LINE.match(line)
        if m:
            wins, losses, _draws = map(int, m.groups())
            return wins - losses
    raise RuntimeError(f"no score from the match:\n{out.stdout[-2000:]}\n{out.stderr[-2000:]}")


def default_log(state_path):
    """runs/spsa/NAME.log in the repository (ignored by git): the state may
    live in docs/, where a log beside it would be taken for a document."""
    folder = os.path.join(REPO, "runs", "spsa")
    os.makedirs(folder, exist_ok=True)
    return os.path.join(folder, os.path.basename(state_path) + ".log")


def run(args, state):
    rng = random.Random(state["seed"] + state["k"])
    names = sorted(state["theta"])
    openings = 0
    if args.openings:
        with open(args.openings) as f:
            openings = sum(1 for line in f if line.strip())
    log = open(args.log or default_log(args.state), "a")
    played = 0
    with ThreadPoolExecutor(max_workers=args.concurrency) as pool:
        while played < args.pairs and state["k"] < state["iterations"]:
            batch = min(args.concurrency, args.pairs - played, state["iterations"] - state["k"])
            jobs = []
            for j in range(batch):
                k = state["k"] + j
                delta = {n: rng.choice((-1, 1)) for n in names}
                plus, minus = {}, {}
                for n in names:
                    c_k, _ = gains(state, n, k)
                    lo, hi = state["bounds"][n][1], state["bounds"][n][2]
                    plus[n] = min(hi, max(lo, stochastic_round(state["theta"][n] + c_k * delta[n], rng)))
                    minus[n] = min(hi, max(lo, stochastic_round(state["theta"][n] - c_k * delta[n], rng)))
                opening = 1 + (k % openings) if openings else 1
                jobs.append((k, delta, pool.submit(play_pair, args, plus, minus, opening)))
            for k, delta, job in jobs:
                result = job.result()
                for n in names:
                    c_k, r_k = gains(state, n, k)
                    lo, hi = state["bounds"][n][1], state["bounds"][n][2]
                    state["theta"][n] = min(hi, max(lo, state["theta"][n] + r_k * c_k * result * delta[n]))
                state["results"][str(result)] = state["results"].get(str(result), 0) + 1
                log.write(json.dumps({"k": k, "result": result,
                                      "theta": {n: round(state["theta"][n], 2) for n in names}}) + "\n")
            state["k"] += batch
            played += batch
            save(args.state, state)
            log.flush()
            print(f"iteration {state['k']}/{state['iterations']}: "
                  + " ".join(f"{n}={state['theta'][n]:.2f}" for n in names), file=sys.stderr)


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--state", required=True, help="the run's JSON state file")
    p.add_argument("--init", action="store_true", help="start a new run in --state")
    p.add_argument("--iterations", type=int, default=2000, help="--init: the planned pairs (the schedule's N)")
    p.add_argument("--params", help="--init: comma-separated coefficients to tune (default: all)")
    p.add_argument("--r-end", type=float, default=0.002, help="--init: the final learning rate")
    p.add_argument("--seed", type=int, default=1, help="--init: seed of the perturbations")
    p.add_argument("--pairs", type=int, default=0, help="pairs to play in this run")
    p.add_argument("--tc", default="2+0.02", help="time control of the games")
    p.add_argument("--concurrency", type=int, default=os.cpu_count() or 1, help="pairs played at once")
    p.add_argument("--variant", default="chu")
    p.add_argument("--openings", help="FEN file of the openings (one pair each, in turn)")
    p.add_argument("--engine", default=os.path.join(REPO, "target", "release", "kyodai"))
    p.add_argument("--show", action="store_true", help="print the values as --param words")
    p.add_argument("--log", help="where each pair's values and result are appended (default: runs/spsa/STATE-NAME.log)")
    args = p.parse_args()

    if args.init:
        if os.path.exists(args.state):
            sys.exit(f"spsa.py: {args.state} exists; tune on with it, or remove it")
        bounds = engine_params(args.engine)
        chosen = args.params.split(",") if args.params else sorted(bounds)
        unknown = [n for n in chosen if n not in bounds]
        if unknown:
            sys.exit(f"spsa.py: no such parameter: {', '.join(unknown)} (kyodai params)")
        state = {"iterations": args.iterations, "r_end": args.r_end, "seed": args.seed, "k": 0,
                 "bounds": {n: bounds[n] for n in chosen},
                 "theta": {n: float(bounds[n][0]) for n in chosen}, "results": {}}
        os.makedirs(os.path.dirname(os.path.abspath(args.state)), exist_ok=True)
        save(args.state, state)
    with open(args.state) as f:
        state = json.load(f)
    if args.pairs:
        try:
            run(args, state)
        except KeyboardInterrupt:
            print("spsa.py: stopped; the state holds every finished batch", file=sys.stderr)
    if args.show or not args.pairs:
        print(" ".join(f"--param {n}={round(v)}" for n, v in sorted(state["theta"].items())))


if __name__ == "__main__":
    main()
