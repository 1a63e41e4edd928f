#!/usr/bin/env python3
"""How an engine used its clock in a match: from the PGN kyodai match writes.

Usage: scripts/clock_use.py GAMES.pgn NAME BASE_S INC_S

For the engine called NAME (its White/Black tag), over the games where it
made 100 moves or more: the clock it had left at the end (median; BASE_S
plus INC_S a move, less the times its move comments record), its time a
move and its search depth (means). Each move's comment ends with the time
it took (`{+0.12/6 0.050s}`, or `{0.000s}` for a move played without a
search); the game's closing comment has none.
"""
import os
import re
import statistics
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import match_report  # noqa: E402  (parse_pgn: one game's tags and moves)

MOVE_COMMENT = re.compile(r"^(?:\S+/(\d+) )?([\d.]+)s$")


def moves_of(headers, body, name):
    """(seconds, depth or None) of each move NAME made in one game."""
    made = []
    for comment in re.findall(r"\{([^}]*)\}", body):
        m = MOVE_COMMENT.match(comment.strip())
        if m:
            made.append((float(m.group(2)), int(m.group(1)) if m.group(1) else None))
    first = 0 if headers.get("White") == name else 1
    return made[first::2]


def main():
    if len(sys.argv) != 5:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    path, name = sys.argv[1], sys.argv[2]
    try:
        base, inc = float(sys.argv[3]), float(sys.argv[4])
        games = open(path).read().split("[Event ")[1:]
    except (OSError, ValueError) as e:
        print(f"clock_use.py: {e}", file=sys.stderr)
        return 1
    left, per_move, depths = [], [], []
    for game in games:
        headers, body = match_report.parse_pgn("[Event " + game)
        if name not in (headers.get("White"), headers.get("Black")):
            continue
        made = moves_of(headers, body, name)
        if len(made) < 100:
            continue
        spent = sum(t for t, _ in made)
        left.append(base + inc * len(made) - spent)
        per_move.append(spent / len(made))
        depths.extend(d for _, d in made if d is not None)
    if not left:
        print(f"{name}: no game of 100 moves or more in {path}", file=sys.stderr)
        return 1
    print(f"{name}: {len(left)} games of 100 moves or more; clock left at the end "
          f"{statistics.median(left):.3f} s (median); {1000 * statistics.mean(per_move):.1f} ms "
          f"a move, depth {statistics.mean(depths):.2f} (means)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
