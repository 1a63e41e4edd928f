#!/usr/bin/env python3
"""mouse_game.py - play whole games against Kyodai in XBoard with the mouse only.

Usage: scripts/mouse_game.py [--variant V ...] [--max-moves N] [--seed S]
                             [--depth D] [--out DIR] [--engine PATH]
                             [--screenshot-at N] [--minutes M]

For each variant (default: all eight) XBoard runs headless (Xvfb) with Kyodai
as its engine, legality testing off, so that XBoard knows where a piece may
go only from Kyodai's `highlight` answers. The user's side (Sente, at the
bottom) is played by this script with xdotool, clicking squares as a person
would: the piece, then each square the engine marked for the next leg
(cyan squares go on, a cyan destination is clicked twice; a click on a
magenta square promotes, XBoard's default). Every click must land on a square the engine's last
highlight marked, the move XBoard then sends must be the intended one, and
the game must end with a result. The user's move is any legal one
(`kyodai perft --moves ... --divide`): a multi-capture (Lion double
captures, igui, burns, jumping Generals) whenever there is one, else mostly
the move a 2-ply Kyodai picks (a separate process), else one that sets up a
multi-capture or brings a piece that makes them nearer the enemy, a
promotion, a capture, the most forward move or any move.

Prints one line per game: moves, multi-capture moves entered, promotions
entered, clicks, result; exits non-zero if any game failed. Logs, XBoard's
debug file and screenshots (game.png: the user's move N, its piece lifted
and the engine's marks shown; multi.png: the first multi-capture halfway)
go to DIR/N-VARIANT (default match-out/mouse-DATE).
"""
import argparse
import os
import random
import re
import select
import shutil
import subprocess
import sys
import time

SCRIPT_DIR = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(SCRIPT_DIR)
ALL = ["chu", "dai", "cashew-shogi", "macadamia-shogi", "nutty-shogi", "suzumu-shogi",
       "tenjiku", "wa-shogi"]
SIZE = {"chu": 12, "dai": 15, "cashew-shogi": 13, "macadamia-shogi": 13,
        "nutty-shogi": 13, "suzumu-shogi": 16, "tenjiku": 16, "wa-shogi": 11}
XBOARD = shutil.which("xboard") or "/usr/games/xboard"


class Failure(Exception):
    pass


def screenshot(display):
    """The screen as (width, height, RGB bytes)."""
    data = subprocess.run(["import", "-display", display, "-window", "root", "-depth", "8",
                           "ppm:-"], capture_output=True, check=True).stdout
    fields, i = [], 0
    while len(fields) < 4:
        while data[i:i + 1].isspace():
            i += 1
        j = i
        while not data[j:j + 1].isspace():
            j += 1
        fields.append(data[i:j])
        i = j
    return int(fields[1]), int(fields[2]), data[i + 1:]


def window_size(display):
    out = subprocess.run(["xwininfo", "-display", display, "-root", "-tree"],
                         capture_output=True, text=True).stdout
    for line in out.splitlines():
        m = re.search(r'\("xboard" "Xboard"\)\s+(\d+)x(\d+)\+0\+0', line)
        if m and int(m.group(1)) > 100:
            return int(m.group(1)), int(m.group(2))
    raise Failure("no XBoard window")


def board_geometry(display, size):
    """(left, top, pitch) of the board: the grid lines are the rows and
    columns of the XBoard window that are dark nearly all along."""
    w, _, px = screenshot(display)
    ww, wh = window_size(display)

    def dark(x, y):
        o = 3 * (y * w + x)
        return px[o] < 60 and px[o + 1] < 60 and px[o + 2] < 60

    rows = [y for y in range(wh) if sum(dark(x, y) for x in range(ww)) > 0.85 * ww]
    cols = [x for x in range(ww) if sum(dark(x, y) for y in range(wh // 3, wh)) > 0.7 * (wh - wh // 3)]
    if not rows or len(cols) < 2:
        raise Failure("board grid not found")
    left, right = min(cols), max(cols)
    pitch = (right - left) / size
    bottom = max(rows)
    return left, bottom - pitch * size, pitch


class Game:
    def __init__(self, args, variant, display, out):
        self.args, self.variant, self.display, self.out = args, variant, display, out
        self.size = SIZE[variant]
        self.debug = os.path.join(out, "debug.log")
        self.seen = 0
        self.pending = []
        self.multi_done = False
        self.multi_pieces = self.multi_capture_pieces()
        self.moves = []
        self.clicks = 0

    # -- XBoard and its debug file ------------------------------------------
    def start(self):
        engine = os.path.join(self.out, "kyodai")
        shutil.copy(self.args.engine, engine)
        cmd = [XBOARD, "-fcp", "./kyodai", "-fd", self.out, "-firstProtocolVersion", "2",
               "-variant", self.variant, "-tc", str(self.args.minutes), "-inc", "0", "-searchDepth", str(self.args.depth),
               "-debugMode", "true", "-nameOfDebugFile", self.debug, "-engineDebugOutput", "1",
               "-ponderNextMove", "false", "-saveSettingsOnExit", "false",
               "-saveSettingsFile", os.path.join(self.out, "xboard.ini"),
               "-popupExitMessage", "false", "-popupMoveErrors", "false", "-testLegality", "false",
               "-animateMoving", "false", "-flashCount", "0", "-highlightDragging", "true",
               "-showTargetSquares", "true", "-autoCallFlag", "true"]
        env = dict(os.environ, DISPLAY=self.display)
        self.xboard = subprocess.Popen(cmd, env=env, stdout=open(os.path.join(self.out, "xboard.out"), "w"),
                                       stderr=subprocess.STDOUT)
        self.wait_for(r"<first : feature done=1", 20)
        time.sleep(2)
        self.geometry = board_geometry(self.display, self.size)

    def stop(self):
        self.xboard.terminate()
        try:
            self.xboard.wait(5)
        except subprocess.TimeoutExpired:
            self.xboard.kill()

    def new_lines(self):
        """Debug lines not read yet (the file so far is read once)."""
        with open(self.debug, errors="replace") as f:
            lines = f.read().splitlines()
        self.pending.extend(lines[self.seen:])
        self.seen = len(lines)

    def skip_pending(self):
        if os.path.exists(self.debug):
            self.new_lines()
        self.pending = []

    def wait_for(self, pattern, timeout):
        """The first unread debug line matching `pattern` (regex), and the
        lines before it; all of them count as read."""
        deadline = time.time() + timeout
        before = []
        while time.time() < deadline:
            if os.path.exists(self.debug):
                self.new_lines()
            while self.pending:
                line = self.pending.pop(0)
                before.append(line)
                if re.search(pattern, line):
                    return line, before
            time.sleep(0.05)
        raise Failure("timed out waiting for %r (last lines: %s)" % (pattern, before[-5:]))

    # -- the board -------------------------------------------------------------
    def square_xy(self, sq):
        left, top, pitch = self.geometry
        f, r = ord(sq[0]) - ord("a"), int(sq[1:]) - 1
        return int(left + pitch * (f + 0.5)), int(top + pitch * (self.size - 1 - r + 0.5))

    def click_xy(self, x, y):
        subprocess.run(["xdotool", "mousemove", "--sync", str(x), str(y), "click", "1"],
                       env=dict(os.environ, DISPLAY=self.display), check=True)
        self.clicks += 1

    def click(self, sq):
        self.click_xy(*self.square_xy(sq))

    def marks(self, highlight):
        """Square -> marker letter of a `highlight COLORFEN` line."""
        fen = highlight.split("highlight ", 1)[1].strip()
        out = {}
        for i, row in enumerate(fen.split("/")):
            rank, f = self.size - i, 0
            for tok in re.findall(r"\d+|[A-Za-z]", row):
                if tok.isdigit():
                    f += int(tok)
                else:
                    out["%s%d" % (chr(ord("a") + f), rank)] = tok
                    f += 1
        return out

    # -- moves -------------------------------------------------------------------
    def legal_moves(self):
        cmd = [self.args.engine, "perft", self.variant, "1", "--divide", "--moves", " ".join(self.moves)]
        out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
        return [line.split()[0] for line in out.splitlines() if not line.startswith("total")]

    def choose(self, rng, legal):
        """Multi-captures whenever there is one; else mostly what a 2-ply
        Kyodai plays; else (until a multi-capture has been entered) a move
        that sets one up or brings a piece that makes them nearer the enemy;
        else often a promotion, a capture or the most forward move; else
        any."""
        def squares(m):
            return re.findall(r"[a-p]\d+", m)
        multi = [m for m in legal if "," in m]
        if multi:
            return rng.choice(multi)
        advice = self.advice() if rng.random() < 0.9 else None
        if advice in legal:
            return advice
        if not self.multi_done:
            # Until a multi-capture has been entered: a move after which
            # one would be on (were it our turn again), among a sample; else
            # bring a piece that makes such moves nearer the enemy.
            best, score = None, 0
            for m in rng.sample(legal, min(len(legal), 25)):
                n = self.multi_after(m)
                if n > score:
                    best, score = m, n
            if best:
                return best
        if not self.multi_done:
            enemies = [sq for sq, tok in self.pieces.items() if tok.lstrip("+")[0].islower()]
            seekers = [m for m in legal if self.pieces.get(squares(m)[0]) in self.multi_pieces
                       and squares(m)[-1] != squares(m)[0]]
            if seekers and enemies and rng.random() < 0.8:
                def gap(m):
                    to = squares(m)[-1]
                    return min(max(abs(ord(to[0]) - ord(e[0])), abs(int(to[1:]) - int(e[1:])))
                               for e in enemies)
                near = min(gap(m) for m in seekers)
                return rng.choice([m for m in seekers if gap(m) == near])
        promoting = [m for m in legal if m.endswith("+")]
        if promoting and rng.random() < 0.7:
            return rng.choice(promoting)
        captures = [m for m in legal if squares(m)[-1] in self.pieces and squares(m)[-1] != squares(m)[0]]
        if captures and rng.random() < 0.7:
            return rng.choice(captures)
        if rng.random() < 0.6:
            gain = {m: int(squares(m)[-1][1:]) - int(squares(m)[0][1:]) for m in legal}
            best = max(gain.values())
            return rng.choice([m for m in legal if gain[m] == best])
        return rng.choice(legal)

    def advice(self):
        """The move a 2-ply Kyodai search picks for the user (a sensible
        player lasts longer, so the game reaches multi-captures)."""
        script = "xboard\nprotover 2\nnew\nvariant %s\nforce\n%ssd 2\ngo\n" % (
            self.variant, "".join("usermove %s\n" % m for m in self.moves))
        proc = subprocess.Popen([self.args.engine], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                stderr=subprocess.DEVNULL, text=True)
        proc.stdin.write(script)
        proc.stdin.flush()
        move = None
        deadline = time.time() + 30
        while time.time() < deadline:
            ready, _, _ = select.select([proc.stdout], [], [], 1.0)
            if not ready:
                continue
            line = proc.stdout.readline()
            # No move when the search resigns or the game is over.
            if not line or line.startswith(("resign", "1-0", "0-1", "1/2-1/2")):
                break
            if line.startswith("move "):
                move = line.split()[1]
                break
        proc.kill()
        proc.wait()
        return move

    def multi_capture_pieces(self):
        """FEN tokens (the user's, upper case) of the piece types engine.ini
        gives a power that removes pieces off the destination."""
        powers = ("lion", "wolf", "sting", "igui", "burn=2", "take-jumped")
        tokens, section = set(), None
        with open(os.path.join(REPO, "engine.ini")) as f:
            for line in f:
                line = line.strip()
                if line.startswith("["):
                    section = line.strip("[]")
                elif section == self.variant and line.startswith("piece"):
                    fields = [x.strip() for x in line.split("=", 1)[1].split("|")]
                    if any(w.startswith(powers) for w in fields[5].split()):
                        tokens.add(fields[0].upper())
        return tokens

    def multi_after(self, mv):
        """How many multi-capture moves the user would have after `mv` if
        it were the user's turn again."""
        out = subprocess.run([self.args.engine, "perft", self.variant, "0", "--moves",
                              " ".join(self.moves + [mv]), "--print-fen"],
                             capture_output=True, text=True, check=True).stdout
        fields = out.split()[1:]
        fen = " ".join([fields[0], "w"] + fields[2:fields.index("total")])
        out = subprocess.run([self.args.engine, "perft", self.variant, "1", "--fen", fen, "--divide"],
                             capture_output=True, text=True).stdout
        return sum("," in line for line in out.splitlines())

    def occupied(self, sq):
        return sq in self.pieces

    def enter(self, mv):
        """Click the move `mv` (docs/notation.md notation, a pass `f6f6`)."""
        squares = re.findall(r"[a-p]\d+", mv.rstrip("+"))
        origin = squares[0]
        # `from k1,k1 k2,...,kn to`: the clicks after the origin.
        legs = squares[1::2]
        self.skip_pending()
        self.click(origin)
        line, _ = self.wait_for(r">first : lift %s$" % origin, 5)
        hl, _ = self.wait_for(r"<first : highlight ", 5)
        marks = self.marks(hl)
        if len(self.moves) // 2 + 1 == self.args.screenshot_at:
            # The game in progress with the lifted piece's squares marked.
            self.shoot("game.png")
        if legs == [origin]:
            # A pass: out to a cyan empty neighbour and back.
            out = [s for s, m in marks.items() if m == "C" and s not in self.pieces
                   and abs(ord(s[0]) - ord(origin[0])) <= 1 and abs(int(s[1:]) - int(origin[1:])) <= 1]
            if not out:
                raise Failure("no way out and back for the pass %s: %s" % (mv, hl))
            legs = [out[0], origin]
        for i, sq in enumerate(legs):
            final = i == len(legs) - 1
            mark = marks.get(sq)
            if mark is None or not mark.isupper():
                raise Failure("%s: %s not marked in %s" % (mv, sq, hl))
            self.click(sq)
            if mark == "C" and not final:
                self.wait_for(r">first : lift %s$" % sq, 5)
                hl, _ = self.wait_for(r"<first : highlight ", 5)
                marks = self.marks(hl)
                if not self.multi_done and "," in mv:
                    # The first multi-capture, halfway: the next leg's marks.
                    self.shoot("multi.png")
            elif mark == "C":
                self.wait_for(r">first : lift %s$" % sq, 5)
                self.click(sq)
        sent, _ = self.wait_for(r">first : usermove ", 10)
        # XBoard logs the prefix and the move as two writes on one line:
        # `usermove 2702 >first : j1i2`.
        return sent.split()[-1]

    def shoot(self, name):
        """A screenshot of the XBoard window."""
        time.sleep(0.5)
        ww, wh = window_size(self.display)
        subprocess.run(["import", "-display", self.display, "-window", "root", "-crop",
                        "%dx%d+0+0" % (ww, wh), os.path.join(self.out, name)])

    def engine_reply(self):
        """The engine's move (legs joined), or None when the game ended."""
        legs = []
        while True:
            line, _ = self.wait_for(r"<first : (move |1-0|0-1|1/2-1/2|resign|Illegal move)|GameEnds", 120)
            if "Illegal move" in line:
                raise Failure("the engine refused the entered move: %s" % line)
            if "move " not in line:
                return None
            leg = line.split("move ", 1)[1].strip()
            legs.append(leg)
            if not leg.endswith(","):
                return "".join(legs)

    def play(self, rng):
        self.start()
        multi = promotions = 0
        result = "unfinished"
        try:
            for n in range(self.args.max_moves):
                self.pieces = self.occupied_squares()
                legal = self.legal_moves()
                if not legal:
                    break
                mv = self.choose(rng, legal)
                sent = self.enter(mv)
                # A click on a magenta square promotes (XBoard's default
                # choice); the same move declining is entered as promoting.
                if sent != mv and sent.rstrip("+") != mv.rstrip("+") and not (
                        mv[:len(mv) // 2] == mv[len(mv) // 2:] and "," in sent):
                    raise Failure("clicked %s, XBoard sent %s" % (mv, sent))
                check = subprocess.run([self.args.engine, "perft", self.variant, "1", "--moves",
                                        " ".join(self.moves + [sent])], capture_output=True)
                if check.returncode != 0:
                    raise Failure("XBoard sent %s for %s, refused" % (sent, mv))
                self.moves.append(sent)
                multi += "," in mv
                self.multi_done = multi > 0
                promotions += sent.endswith("+")
                reply = self.engine_reply()
                if reply is None:
                    break
                self.moves.append(reply)
            end = self.wait_for(r"(1-0|0-1|1/2-1/2) \{", 30)[0]
            result = re.search(r"(1-0|0-1|1/2-1/2) \{[^}]*\}", end).group(0)
        finally:
            self.stop()
        return multi, promotions, result

    def occupied_squares(self):
        """Square -> FEN token of every piece, from the engine's view of the
        game."""
        out = subprocess.run([self.args.engine, "perft", self.variant, "0", "--moves",
                              " ".join(self.moves), "--print-fen"], capture_output=True, text=True,
                             check=True)
        fen = out.stdout.split()[1]
        squares = {}
        for i, row in enumerate(fen.split("/")):
            f = 0
            for tok in re.findall(r"\d+|\+?[A-Za-z]['!]?", row):
                if tok.isdigit():
                    f += int(tok)
                else:
                    squares["%s%d" % (chr(ord("a") + f), self.size - i)] = tok
                    f += 1
        return squares

def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--variant", action="append")
    ap.add_argument("--max-moves", type=int, default=150)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--depth", type=int, default=2)
    # Minutes on each clock: the script's own moves take seconds each on a
    # loaded machine, and a lost clock ends the game early.
    ap.add_argument("--minutes", type=int, default=5)
    ap.add_argument("--out", default=os.path.join(REPO, "match-out", time.strftime("mouse-%Y%m%d-%H%M%S")))
    ap.add_argument("--engine", default=os.path.join(REPO, "target", "release", "kyodai"))
    ap.add_argument("--screenshot-at", type=int, default=8)
    args = ap.parse_args()
    display = ":%d" % (90 + os.getpid() % 50)
    xvfb = subprocess.Popen(["Xvfb", display, "-screen", "0", "1600x1200x24"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(1)
    failed = 0
    try:
        for i, variant in enumerate(args.variant or ALL):
            out = os.path.join(args.out, "%d-%s" % (i + 1, variant))
            os.makedirs(out, exist_ok=True)
            game = Game(args, variant, display, out)
            try:
                multi, promotions, result = game.play(random.Random(args.seed + i))
                print("%-16s moves %3d  multi-capture %2d  promotions %2d  clicks %4d  %s"
                      % (variant, len(game.moves), multi, promotions, game.clicks, result), flush=True)
            except Failure as e:
                failed += 1
                print("%-16s FAILED after %d moves: %s" % (variant, len(game.moves), e), flush=True)
    finally:
        xvfb.terminate()
    print("logs: %s" % args.out)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
