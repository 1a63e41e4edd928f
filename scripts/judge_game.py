#!/usr/bin/env python3
"""Judge a game's moves with the independent reference move generator.

Usage: judge_game.py VARIANT FEN MOVE...
       judge_game.py --selftest

  VARIANT: chu | dai | cashew | macadamia (cashew-shogi, macadamia-shogi too)
  FEN:     start position (board and side fields are read, any tail accepted)
  MOVE:    moves in docs/notation.md notation, in the order played

Replays the moves with scripts/reference_movegen.py (written from the rules
files alone) and prints the index (0-based) and text of the first move the
rules do not allow, or that all moves are legal.  Exit status 0 = all legal,
1 = an illegal move, 2 = usage error or the reference failed.

A move text is matched to the reference's moves by effect, not by spelling
(docs/notation.md "Move strings"): origin, destination, the set of removed squares
(a leg ending on an empty square removes nothing, a kill square equal to the
destination is just the arrival capture, kill order is irrelevant) and the
promotion choice (`+` = promote; none or `=` = decline).  A pass may be
written `@@@@`, `f6f6` or as an out-and-back over an empty square.
Macadamia Saint/Ghost contagion (the capturer becomes `+I'`/`+J'` although
the reference move carries no promotion suffix) is legal with any suffix
(`+`, `=`, none or a letter such as `z`/`j`).  A capture by a piece that must
promote (Cashew: any promotable piece that captures; Macadamia: capturing a
promoted piece; royal promotions) written without `+` is illegal.

As a library: judge(variant, start_fen, moves) -> dict with keys
  legal (bool), index (int or None), move (str or None), reason (str),
  plies (number of moves replayed), fen (position before the bad move, or
  the final position).
"""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import reference_movegen as ref  # noqa: E402

VARIANT_ALIASES = {"cashew-shogi": "cashew", "macadamia-shogi": "macadamia"}
CONTAGION = ("+I'", "+J'")
LEG_RE = re.compile(r"^([a-p])(\d{1,2})([a-p])(\d{1,2})$")
LAST_LEG_RE = re.compile(r"^([a-p])(\d{1,2})([a-p])(\d{1,2})(.*)$")


def norm_variant(v):
    v = v.strip().lower()
    return VARIANT_ALIASES.get(v, v)


class MoveText:
    """A move text split into squares: origin, destination, the end squares
    of the non-final legs (kill candidates), suffix; or a pass `@@@@`."""

    def __init__(self, g, text):
        self.text = text
        t = text.strip()
        self.anypass = t == "@@@@"
        self.origin = self.dest = None
        self.legs_ends = []
        self.suffix = ""
        if self.anypass:
            return
        legs = t.split(",")
        if any(not leg for leg in legs):
            raise ValueError("malformed move text %r" % text)
        sqs = []
        for i, leg in enumerate(legs):
            m = (LAST_LEG_RE if i == len(legs) - 1 else LEG_RE).match(leg)
            if not m:
                raise ValueError("malformed move text %r" % text)
            a = self.square(g, m.group(1), m.group(2), text)
            b = self.square(g, m.group(3), m.group(4), text)
            if sqs and a != sqs[-1]:
                raise ValueError("legs of %r do not connect" % text)
            if not sqs:
                sqs.append(a)
            sqs.append(b)
            if i == len(legs) - 1:
                self.suffix = m.group(5)
        self.origin, self.dest = sqs[0], sqs[-1]
        self.legs_ends = sqs[1:-1]

    @staticmethod
    def square(g, f, r, text):
        x = g.v.files.find(f)
        y = int(r) - 1
        if x < 0 or not (0 <= y < g.H):
            raise ValueError("square %s%s of %r is off the board" % (f, r, text))
        return (x, y)

    def removed(self, b):
        """Squares whose pieces the move removes besides the arrival capture."""
        return frozenset(q for q in self.legs_ends
                         if q in b and q != self.dest and q != self.origin)


def ref_effect(m):
    s, t, kills = m[0], m[1], m[2]
    return (s, t, frozenset(q for q in kills if q != t))


def is_contagion(g, pos, m):
    """Macadamia Saint/Ghost contagion: the reference move carries no
    promotion suffix, yet making it turns the capturer into a Saint/Ghost
    (its token changes to +I'/+J', or it already is one and the move takes a
    Priest/Pirate/Saint/Ghost)."""
    if g.v.kind != "macadamia" or m[3] != "":
        return False
    caps = ref.captured(pos.b, m)
    if not caps:
        return False
    old = pos.b[m[0]][1]
    g.make(pos, m)
    new = pos.b[m[1]][1]
    g.unmake(pos)
    if new not in CONTAGION:
        return False
    return new != old or any(pos.b[q][1] in ref.PRIESTS + ref.PIRATES for q in caps)


def match_move(g, pos, text):
    """-> (reference move, None) or (None, reason why the text is illegal)."""
    try:
        mt = MoveText(g, text)
    except ValueError as e:
        return None, str(e)
    ms = g.gen(pos)
    if not ms:
        return None, "the game is over (no royal left) or no legal moves"
    if mt.anypass:
        for m in ms:
            if m[0] == m[1] and not m[2]:
                return m, None
        return None, "no piece can pass"
    if mt.origin not in pos.b:
        return None, "no piece on the origin square"
    if pos.b[mt.origin][0] != pos.side:
        return None, "the piece on the origin square belongs to the side not to move"
    want = (mt.origin, mt.dest, mt.removed(pos.b))
    same = [m for m in ms if ref_effect(m) == want]
    if not same:
        return None, "no %s move with this effect (from %s to %s removing {%s})" % (
            pos.b[mt.origin][1], g.sqname(mt.origin), g.sqname(mt.dest),
            ",".join(sorted(g.sqname(q) for q in want[2])))
    for m in same:
        if is_contagion(g, pos, m):
            return m, None          # any suffix
    suf = mt.suffix
    if suf == "+":
        for m in same:
            if m[3] == "+":
                return m, None
        return None, "promotion (+) not allowed here"
    if suf in ("", "="):
        for m in same:
            if m[3] == "":
                return m, None
        return None, "promotion is mandatory here but the move has no '+'"
    return None, "unknown promotion suffix %r" % suf


def judge(variant, start_fen, moves):
    """Replay moves from start_fen; see the module docstring for the result."""
    var = ref.VARIANTS[norm_variant(variant)]
    g = ref.Gen(var)
    pos = ref.Pos(var, start_fen)
    for i, text in enumerate(moves):
        m, why = match_move(g, pos, text)
        if m is None:
            return dict(legal=False, index=i, move=text, reason=why, plies=i,
                        fen=ref.to_fen(pos))
        g.make(pos, m)
    return dict(legal=True, index=None, move=None, reason="all %d moves legal" % len(moves),
                plies=len(moves), fen=ref.to_fen(pos))


# ------------------------------------------------------------ self-tests
def selftest():
    E13 = "13"
    def fen13(rows, side="w"):
        """rows: dict rank(1-based) -> row string; others empty."""
        return "/".join(rows.get(r, E13) for r in range(13, 0, -1)) + " " + side + " - 0 1"

    cases = []
    # Cashew: Wolf (W!) on f6, enemy pawn on e6, kings far away.
    cas = fen13({1: "K12", 13: "12k", 6: "4pW!7"})
    cases += [
        ("cashew", cas, ["f6e6,e6f6+"], True),     # igui with the mandatory +
        ("cashew", cas, ["f6e6,e6f6"], False),     # same without + (HaChu's move)
        ("cashew", cas, ["f6e6,e6f6="], False),
        ("cashew", cas, ["f6e6+"], True),          # plain capture, promotes
        ("cashew", cas, ["f6e6"], False),
        ("cashew", cas, ["f6f8"], True),           # kind 1, no capture
        ("cashew", cas, ["f6f8+"], False),         # no promotion without capture
        ("cashew", cas, ["f6f7,f7f8"], True),      # leg through an empty square
        ("cashew", cas, ["@@@@"], True),           # pass
        ("cashew", cas, ["f6f6"], True),
        ("cashew", cas, ["f6f7,f7f6"], True),      # out-and-back over empty f7
        ("cashew", cas, ["f6e6,e6f6+", "m13m12", "f6f5"], True),
        ("cashew", cas, ["m13m12"], False),        # not that side's turn
        ("cashew", cas, ["f6f11"], False),         # Wolf has range 3
    ]
    # Macadamia: Wolf (W!) on h8, enemy pawn on h10: kind 3 h8h10,h10h9
    mac = fen13({1: "K12", 13: "12k", 10: "7p5", 8: "7W!5"})
    cases += [
        ("macadamia", mac, ["h8h10,h10h9"], True),
        ("macadamia", mac, ["h8h10,h10h9+"], True),   # capture of a pawn: optional
        ("macadamia", mac, ["h8h10,h10h9="], True),
        ("macadamia", mac, ["h8h10,h10h11"], True),   # kind 6
        ("macadamia", mac, ["h8h9,h9h10"], True),     # h9 empty: just h8h10
        ("macadamia", mac, ["h8h9,h9h11"], True),     # h9 empty: kind 1 jump to h11
        ("macadamia", mac, ["h8h9,h9h12"], False),    # 4 squares: beyond the Wolf's range
    ]
    # Macadamia contagion: Gold (G) on d4 takes an enemy Priest (i') on d5
    con = fen13({1: "K12", 13: "12k", 5: "3i'9", 4: "3G9"})
    cases += [
        ("macadamia", con, ["d4d5"], True),
        ("macadamia", con, ["d4d5+"], True),
        ("macadamia", con, ["d4d5="], True),
        ("macadamia", con, ["d4d5z"], True),
    ]
    # Macadamia: capturing a promoted piece forces promotion
    prm = fen13({1: "K12", 13: "12k", 5: "3+p9", 4: "3G9"})
    cases += [
        ("macadamia", prm, ["d4d5+"], True),
        ("macadamia", prm, ["d4d5"], False),
        ("macadamia", prm, ["d4d5z"], False),
    ]
    # Chu: standard start, a few plain moves
    chu = "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL w - 0 1"
    cases += [
        ("chu", chu, ["f4f5", "f9f8", "g3f4"], True),
        ("chu", chu, ["f4f5", "f9f8", "f4f6"], False),   # nothing on f4 any more
        ("chu", chu, ["g3g5"], False),                   # own pawn on g4
    ]
    bad = 0
    for variant, fen, moves, want in cases:
        r = judge(variant, fen, moves)
        ok = r["legal"] == want
        if not ok:
            bad += 1
        print("%s %-9s %-40s -> %s%s" % ("ok  " if ok else "FAIL", variant, " ".join(moves),
                                       "legal" if r["legal"] else "illegal #%d %s (%s)" % (
                                           r["index"], r["move"], r["reason"]),
                                       "" if ok else "   [expected %s]" % ("legal" if want else "illegal")))
    print("%d/%d self-checks passed" % (len(cases) - bad, len(cases)))
    return 1 if bad else 0


def main(argv):
    if len(argv) == 1 and argv[0] == "--selftest":
        return selftest()
    if len(argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    variant, fen, moves = argv[0], argv[1], argv[2:]
    if len(moves) == 1 and " " in moves[0].strip():
        moves = moves[0].split()
    try:
        r = judge(variant, fen, moves)
    except Exception as e:  # reference could not run (bad FEN, unknown variant, ...)
        print("error: %s: %s" % (type(e).__name__, e))
        return 2
    if r["legal"]:
        print("legal: all %d moves are allowed by the rules" % r["plies"])
        return 0
    print("illegal: move %d (ply %d, %s to move) %s: %s"
          % (r["index"], r["index"] + 1, "white" if r["fen"].split()[1] == "w" else "black",
             r["move"], r["reason"]))
    print("position before it: %s" % r["fen"])
    return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
