#!/usr/bin/env python3
"""What an engine trades away while it still thinks itself ahead.

Usage: scripts/trades.py GAMES.pgn NAME [--kyodai BIN] [--from-ply N]
                         [--margin PAWNS] [--later N]

For each game of the PGN that `kyodai match -pgnout` wrote (every move's
comment begins with its mover's score, `{+0.35/12 0.50s}`) in which NAME
played: the first ply, from ply N (30) on, where NAME's opponent scores
itself MARGIN pawns (3.00) or more ahead while NAME's latest score is still
0 or better. Both engines then think they are winning, and one is wrong.
The game is replayed to that ply, and to LATER (40) plies beyond it, by
Kyodai's CECP `fen` command (BIN, `kyodai` on the PATH by default), and
the pieces on the board counted by their FEN letters. Printed, over those
games, a game on average: NAME's pieces less its opponent's, against the
game's first position, at that ply; and how that balance changed over the
next LATER plies. A piece NAME keeps losing there is one it values above
what the games give it, or whose loss it does not see coming.
"""
import argparse
import collections
import os
import re
import statistics
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import match_report  # noqa: E402  (parse_pgn: one game's tags and moves)

SCORE = re.compile(r"^([+-]\d+(?:\.\d+)?)/\d+")
RESULT = re.compile(r"^(1-0|0-1|1/2-1/2|\*)$")
PIECE = re.compile(r"\+?[A-Za-z]'*")


def moves_and_scores(body):
    """The game's moves and, for each, its mover's score in pawns (None
    where the comment has none: a book move, a mate score)."""
    moves, scores = [], []
    for token in re.findall(r"\{[^}]*\}|[^\s{}]+", body):
        if token.startswith("{"):
            if moves and scores[-1] is None:
                m = SCORE.match(token[1:-1].strip())
                scores[-1] = float(m.group(1)) if m else None
        elif RESULT.match(token):
            break
        elif not re.match(r"^\d+\.+$", token):
            moves.append(token)
            scores.append(None)
    return moves, scores


def turning_point(scores, name_moves_first, from_ply, margin):
    """The ply (from 1) after which the opponent first scored itself
    `margin` or more while NAME's latest score was 0 or more; None if the
    game has none from `from_ply` on."""
    latest = None
    for i, score in enumerate(scores):
        if score is None:
            continue
        if (i % 2 == 0) == name_moves_first:
            latest = score
        elif i + 1 >= from_ply and score >= margin and latest is not None and latest >= 0:
            return i + 1
    return None


def board_counts(kyodai, headers, moves):
    """Pieces on the board by FEN letter after `moves`, or None where
    Kyodai refused the game."""
    lines = ["xboard", "protover 2", f"variant {headers.get('Variant', 'chu')}"]
    if headers.get("Rules"):
        lines.append(f"option Rules={headers['Rules']}")
    lines.append("force")
    if headers.get("FEN"):
        lines.append(f"setboard {headers['FEN']}")
    lines += moves + ["fen", "quit"]
    run = subprocess.run([kyodai], input="\n".join(lines) + "\n",
                         capture_output=True, text=True, check=False)
    fens = [l[4:] for l in run.stdout.splitlines() if l.startswith("fen ")]
    if not fens or "Illegal move" in run.stdout or "Error" in run.stdout:
        return None
    return collections.Counter(PIECE.findall(fens[-1].split()[0]))


def balance(counts, name_is_white):
    """NAME's pieces less its opponent's, by piece (upper-case letters)."""
    out = collections.Counter()
    for piece, n in counts.items():
        white = piece.lstrip("+")[0].isupper()
        out[piece.upper()] += n if white == name_is_white else -n
    return out


def show(title, total, games):
    print(title)
    rows = sorted(((v / games, p) for p, v in total.items() if v), key=lambda r: r[0])
    for mean, piece in rows:
        print(f"  {piece:4} {mean:+.2f}")
    if not rows:
        print("  (none)")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("pgn")
    parser.add_argument("name")
    parser.add_argument("--kyodai", default="kyodai")
    parser.add_argument("--from-ply", type=int, default=30)
    parser.add_argument("--margin", type=float, default=3.0)
    parser.add_argument("--later", type=int, default=40)
    args = parser.parse_args()
    try:
        text = open(args.pgn, encoding="utf-8").read()
    except OSError as e:
        print(f"trades.py: {e}", file=sys.stderr)
        return 1
    played = found = 0
    plies = []
    at_point, over_later = collections.Counter(), collections.Counter()
    later_games = 0
    for chunk in re.split(r"\n(?=\[Event )", text):
        game = match_report.parse_pgn(chunk)
        if game is None:
            continue
        headers, body = game
        if args.name not in (headers.get("White"), headers.get("Black")):
            continue
        played += 1
        name_is_white = headers.get("White") == args.name
        moves, scores = moves_and_scores(body)
        # The first mover is White in Kyodai's FEN unless the FEN says b.
        fen = headers.get("FEN", "")
        white_first = len(fen.split()) < 2 or fen.split()[1] != "b"
        ply = turning_point(scores, name_is_white == white_first, args.from_ply, args.margin)
        if ply is None:
            continue
        start = board_counts(args.kyodai, headers, [])
        there = board_counts(args.kyodai, headers, moves[:ply])
        if start is None or there is None:
            print(f"trades.py: game {played}: Kyodai could not replay it", file=sys.stderr)
            continue
        found += 1
        plies.append(ply)
        at_point.update(balance(there, name_is_white))
        at_point.subtract(balance(start, name_is_white))
        if len(moves) >= ply + args.later:
            after = board_counts(args.kyodai, headers, moves[:ply + args.later])
            if after is not None:
                later_games += 1
                over_later.update(balance(after, name_is_white))
                over_later.subtract(balance(there, name_is_white))
    print(f"{played} games of {args.name}; {found} reach a ply (from {args.from_ply}) where "
          f"the opponent scores itself {args.margin:+.2f} or more and {args.name} 0 or more")
    if not found:
        return 0
    print(f"median ply {statistics.median(plies):g}")
    show(f"{args.name}'s pieces less the opponent's, against the first position, a game:",
         at_point, found)
    if later_games:
        show(f"the change over the next {args.later} plies, a game ({later_games} games that long):",
             over_later, later_games)
    return 0


if __name__ == "__main__":
    sys.exit(main())
