#!/usr/bin/env python3
"""Run HaChu 0.21 behind a filter that works around its `setboard` quirk.

HaChu reads only the board field of a FEN: any text after it (" w - 0 1")
makes it print `tellusererror Unknown piece` and exit (docs/notation.md,
"Meeting XBoard and HaChu"). In the variants XBoard does not know, XBoard
sends the first engine's setup position to the second engine with a full
FEN, so HaChu as the second engine dies at once. This filter passes every
line from the GUI to HaChu unchanged except `setboard`, whose FEN it cuts to
the board field (HaChu then assumes the first mover is to move, which holds
for every start position). HaChu's output goes straight to the GUI.

Usage: scripts/hachu_adapter.py [HACHU-COMMAND...]   (default /usr/games/hachu)
"""
import os
import signal
import subprocess
import sys
import threading


def forward(child):
    """GUI lines to HaChu, with `setboard` cut to the board field."""
    try:
        for line in sys.stdin.buffer:
            if line.startswith(b"setboard "):
                fields = line.split()
                if len(fields) > 2:
                    line = b"setboard " + fields[1] + b"\n"
            child.stdin.write(line)
            child.stdin.flush()
        child.stdin.close()
    except (BrokenPipeError, OSError):
        pass


def main():
    command = sys.argv[1:] or ["/usr/games/hachu"]
    child = subprocess.Popen(command, stdin=subprocess.PIPE, bufsize=0)
    # The GUI may signal the adapter; the engine must go with it.
    for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        signal.signal(sig, lambda *_: (child.kill(), os._exit(0)))
    threading.Thread(target=forward, args=(child,), daemon=True).start()
    # When HaChu exits (or crashes) the adapter goes too, so that whoever
    # watches the engine process sees it.
    code = child.wait()
    os._exit(code if code >= 0 else 128 - code)


if __name__ == "__main__":
    main()
