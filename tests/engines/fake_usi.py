#!/usr/bin/env python3
"""A small scripted USI engine for testing `kyodai match` with proto=usi
(tests/match.rs).

It plays a fixed list of moves for the side to move (Sente when the
`position` command has an even number of moves), whatever the opponent
does, and resigns when its list runs out; in MODE it misbehaves on its
first move instead.

Usage: fake_usi.py MODE SENTE_MOVES GOTE_MOVES [TAG]
  MODE   normal     play the script
         resign     answer `bestmove resign`
         win        answer `bestmove win` (a claim Chu has no rule for)
         illegal    answer a move off the board
         slow       think 1 s before every move
  SENTE_MOVES, GOTE_MOVES  space-separated moves in USI notation
  TAG    ignored: lets a test find its own processes
"""
import sys
import time


def say(line):
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def main():
    mode = sys.argv[1]
    scripts = {0: sys.argv[2].split(), 1: sys.argv[3].split()}
    plies = 0
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        cmd = words[0]
        if cmd == "usi":
            say("id name fake-" + mode)
            say("option name USI_Hash type spin default 16 min 1 max 1024")
            say("usiok")
        elif cmd == "isready":
            say("readyok")
        elif cmd == "position":
            plies = len(words) - words.index("moves") - 1 if "moves" in words else 0
        elif cmd == "go":
            side, n = plies % 2, plies // 2
            if mode == "slow":
                time.sleep(1.0)
            say("info depth 1 score cp 12 nodes 1 pv x")
            if mode in ("resign", "win"):
                say("bestmove " + mode)
            elif mode == "illegal":
                say("bestmove 13z1a")
            elif n < len(scripts[side]):
                say("bestmove " + scripts[side][n])
            else:
                say("bestmove resign")
        elif cmd == "quit":
            return


if __name__ == "__main__":
    main()
