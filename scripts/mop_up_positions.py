#!/usr/bin/env python3
"""mop_up_positions.py - won Chu endings to test how an engine converts them.

Usage: scripts/mop_up_positions.py KYODAI COUNT [SEED] > FILE.fen

Each position has a King and two or three pieces (and at times the Crown
Prince, a second royal) against a lone King, or a King and one lesser
piece, at least 600 centipawns ahead (the lead Kyodai's mop-up term asks
for); the stronger side alternates between Sente and Gote and is to move. A
position is kept only when, with either side to move, Kyodai (the binary
KYODAI) finds no royal to take at depth 1: no one starts in check.
scripts/openings/chu-mop-up.fen was made with `... 100 7`, its first line
taken from a self-play game that shuffled for 300 plies instead of winning.
"""
import os
import random
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from perft_crosscheck import fen, ref  # noqa: E402

CHU = ref.VARIANTS['chu']
SIZE = CHU.W
STRONG = ['Q', 'D', 'H', '+T', 'R', 'B', 'V', 'M', 'G', 'S', 'C']
WEAK = ['V', 'M', 'A', 'G', 'S', 'C']
LEAD = 600
# A royal capture scores above this (Kyodai's mate scores are larger).
WON = 50000


def piece_values(kyodai):
    """Chu's piece values as the engine has them (`kyodai values chu`)."""
    out = subprocess.run([kyodai, 'values', 'chu'], capture_output=True, text=True,
                         check=True, timeout=20).stdout
    return {cols[0]: int(cols[3]) for cols in map(str.split, out.splitlines()[1:])}


def place(rng, board, piece):
    while True:
        square = (rng.randrange(SIZE), rng.randrange(SIZE))
        if square not in board:
            board[square] = piece
            return square


def ending(rng, value, sente_strong):
    board = {}
    king = place(rng, board, 'K')
    while True:
        lone = place(rng, board, 'k')
        if max(abs(king[0] - lone[0]), abs(king[1] - lone[1])) >= 3:
            break
        del board[lone]
    while True:
        pieces = rng.sample(STRONG, rng.choice([2, 3]))
        left = [rng.choice(WEAK)] if rng.random() < 0.6 else []
        if sum(map(value.get, pieces)) - sum(map(value.get, left)) >= LEAD:
            break
    if rng.random() < 0.3:
        pieces.append('+E')
    for piece in pieces:
        place(rng, board, piece)
    for piece in left:
        place(rng, board, piece.lower())
    if sente_strong:
        return fen(CHU, board, 'w')
    # Gote the stronger: the board turned upside down, colours swapped.
    turned = {(f, SIZE - 1 - r): p.swapcase() for (f, r), p in board.items()}
    return fen(CHU, turned, 'b')


def no_royal_en_prise(kyodai, position):
    board = position.split()[0]
    for to_move in 'wb':
        commands = (f'xboard\nprotover 2\nvariant chu\nforce\nsetboard {board} {to_move} - 0 1\n'
                    'post\nsd 1\ngo\n')
        out = subprocess.run([kyodai, 'xboard'], input=commands, capture_output=True,
                             text=True, timeout=20).stdout
        if '{' in out or 'Illegal' in out or 'Error' in out:
            return False  # refused, or the game is already over
        lines = [line for line in out.splitlines() if line[:1].isdigit()]
        if not lines or abs(int(lines[-1].split()[1])) > WON:
            return False
    return True


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    kyodai, count = sys.argv[1], int(sys.argv[2])
    rng = random.Random(int(sys.argv[3]) if len(sys.argv) > 3 else 7)
    value = piece_values(kyodai)
    made = 0
    while made < count:
        position = ending(rng, value, made % 2 == 0)
        if no_royal_en_prise(kyodai, position):
            print(position, flush=True)
            made += 1


if __name__ == '__main__':
    main()
