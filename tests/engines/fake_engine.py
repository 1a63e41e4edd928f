#!/usr/bin/env python3
"""A small scripted CECP engine for testing `kyodai match` (tests/match.rs).

It plays a fixed list of moves for the side it is given, whatever the
opponent does, and misbehaves in one chosen way after its first K moves.

Usage: fake_engine.py MODE K SENTE_MOVES GOTE_MOVES [TAG]
  MODE   normal     play the script, then resign when it runs out
         illegal    then play a move the rules forbid
         garbage    then print junk lines (an overlong one, bytes that are
                    not UTF-8) and an unreadable move
         crash      then exit without a word
         hang       then never answer again (ignoring quit too)
         claim      then claim a win it does not have
         refuse     then answer the opponent's move with `Illegal move`
         slowdone   wait 3 s between `done=0` and `done=1`, then play normally
         slowstart  wait 3 s before reading anything (a process starting on
                    a loaded machine), then play normally
         legs       print every move with legs one leg a line
  K      how many moves it plays properly first
  SENTE_MOVES, GOTE_MOVES  space-separated moves for either side
  TAG    ignored: lets a test find its own processes
The side it plays: Sente if it is told `go` before any move, else Gote.
"""
import os
import sys
import time


def say(line):
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def main():
    mode, k = sys.argv[1], int(sys.argv[2])
    scripts = {"sente": sys.argv[3].split(), "gote": sys.argv[4].split()}
    side = None
    played = 0
    playing = False  # out of force mode: answer each move
    broken = False  # has misbehaved: answers nothing more
    last = ""  # the opponent's last move
    if mode == "slowstart":
        time.sleep(3)
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        cmd = words[0]
        if cmd == "protover":
            # done=0 first, so that a slow start on a loaded machine is
            # waited for rather than taken for protocol version 1.
            say("feature done=0")
            if mode == "slowdone":
                time.sleep(3)
            say('feature ping=1 setboard=1 usermove=1 time=1 myname="Fake %s" '
                'variants="chu,dai" done=1' % mode)
            continue
        elif cmd == "ping":
            say("pong " + " ".join(words[1:]))
            continue
        elif cmd == "quit":
            return
        elif cmd == "force":
            playing = False
            continue
        elif cmd == "usermove":
            last = words[1] if len(words) > 1 else ""
            if side is None:
                side = "gote"
            if not playing:
                continue
        elif cmd == "go":
            if side is None:
                side = "sente"
            playing = True
        else:
            continue
        # Our turn.
        if broken:
            continue
        if played >= k and mode in ("illegal", "garbage", "crash", "hang", "claim", "refuse"):
            misbehave(mode, side, last)
            broken = True
            continue
        script = scripts[side]
        if played >= len(script):
            say("resign")
            continue
        move = script[played]
        played += 1
        say("1 10 1 100 " + move)
        if mode == "legs" and "," in move:
            legs = move.split(",")
            for leg in legs[:-1]:
                say("move %s," % leg)
            say("move " + legs[-1])
        else:
            say("move " + move)


def misbehave(mode, side, last):
    if mode == "illegal":
        say("move a1a12")
    elif mode == "garbage":
        say("x" * 200000)
        sys.stdout.buffer.write(b"\xff\xfe\x00 junk \x80\n")
        sys.stdout.flush()
        say("feature bogus=1")
        say("move zz99")
    elif mode == "crash":
        os._exit(3)
    elif mode == "hang":
        while True:
            time.sleep(60)
    elif mode == "refuse":
        say("Illegal move: " + last)
    elif mode == "claim":
        say("1-0 {Sente mates}" if side == "sente" else "0-1 {Gote mates}")


if __name__ == "__main__":
    main()
