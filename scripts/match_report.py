#!/usr/bin/env python3
"""Summarise a match played by scripts/match.sh.

Usage: match_report.py RUN_DIR [--sprt ELO0 ELO1 [--alpha A] [--beta B]] [--sprt-check]
       match_report.py --selftest

RUN_DIR holds match.conf and game-NNN/ directories, each with meta (written
by match.sh), game.pgn and debug.log (written by XBoard) and the engines'
stderr. Prints the score from engine A's view, one line per game with its
termination reason, per-engine counts of crashes, illegal moves and time
losses, and the paths of the files. Also writes RUN_DIR/match.pgn (all games,
Round tags renumbered). Exit status 3 if no game produced a result.

Disputed games: when one engine answers the other's move with `Illegal move`
(legality testing off, or the engines disagree with XBoard), the game is
*disputed*: it is not scored, whatever XBoard made of it. The move list is
rebuilt from the debug log (the `move` lines the engines sent, HaChu's
split legs joined) up to the refused move, and scripts/judge_game.py replays
it with the independent reference generator (scripts/reference_movegen.py):
if the rules forbid the refused move, the mover gets an `illegal`; if they
allow it, the refusing engine gets a `wrong-reject`; if the reference cannot
decide (error, or it rejects an earlier move both engines accepted) the
verdict is "unjudged". One note line per disputed game gives the verdict.
If the `usermove` XBoard sent the refusing engine differs from the `move` the
mover sent (XBoard 4.9.1 turns a move from rank 16 into a drop, `k16j15` ->
`K@j15`, on 16-rank boards), the refusal is not held against the refusing
engine: the game counts as an XBoard relay error (the mover still gets an
`illegal` if the reference rejects the move it sent).

Statistics (from A's view, over the scored games W/D/L; disputed and
unscored games left out): the Elo difference -400*log10(1/s - 1) of the score
fraction s with its 95% interval (s +- 1.96*stderr, stderr from the
trinomial variance of the per-game score, mapped through the same formula;
"+/-" is half the interval's width), and the LOS 0.5*(1 + erf((W-L) /
sqrt(2*(W+L)))).

--sprt ELO0 ELO1: also print the GSPRT of H0 "Elo = ELO0" against H1
"Elo = ELO1" (logistic Elo; the normal approximation of the trinomial that
fishtest and cutechess use), with bounds ln(beta/(1-alpha)) and
ln((1-beta)/alpha), alpha = beta = 0.05 unless --alpha/--beta say otherwise:
"SPRT elo0=.. elo1=..: LLR x.xx (bounds a, b) -> H0 accepted / H1 accepted /
continue". Without --sprt the settings match.sh --sprt wrote to match.conf
are used. --sprt-check prints that line alone (nothing else, match.pgn not
written) and exits 0 (continue), 10 (H0 accepted) or 11 (H1 accepted): match.sh
runs it after every game. --selftest checks the arithmetic on known numbers.
"""

import glob
import math
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
try:
    import judge_game  # noqa: E402
    JUDGE_ERROR = None
except Exception as e:  # the reference could not be loaded: verdicts "unjudged"
    judge_game = None
    JUDGE_ERROR = "%s: %s" % (type(e).__name__, e)

CHU_START = ("lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/"
             "3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL w - 0 1")
JUDGE_VARIANT = {"cashew-shogi": "cashew", "macadamia-shogi": "macadamia",
                 "cashew": "cashew", "macadamia": "macadamia", "chu": "chu", "dai": "dai"}
# one line of XBoard's debug log that shows CECP traffic: "TIME >first : TEXT"
# (to the engine) or "TIME <second: TEXT" (from it)
CECP_RE = re.compile(r"^(\d+) ([<>])(first|second)\s*: ?(.*)$")
# XBoard writes "usermove " and the move in two calls, each with its own
# prefix: ">second: usermove 963 >second: j3i2"
INNER_PREFIX_RE = re.compile(r"\s*\b\d+ [<>](?:first|second)\s*: ?")


def read_kv(path):
    d = {}
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            for line in f:
                line = line.rstrip("\n")
                if "=" in line:
                    k, v = line.split("=", 1)
                    d[k] = v
    except OSError:
        pass
    return d


def read_text(path):
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            return f.read()
    except OSError:
        return ""


RESULT_RE = re.compile(r"(1-0|0-1|1/2-1/2|\*)\s*$")


def parse_pgn(text):
    """Return (headers, movetext) of the first game in text, or None."""
    if "[" not in text:
        return None
    headers = dict(re.findall(r'^\[(\w+)\s+"((?:[^"\\]|\\.)*)"\]\s*$', text, re.M))
    body = "\n".join(l for l in text.splitlines() if not l.startswith("[")).strip()
    return headers, body


def final_comment(body):
    """The comment XBoard puts right before the result token, e.g.
    '{Xboard adjudication: Checkmate} 1-0'."""
    m = re.search(r"\{([^{}]*)\}\s*(1-0|0-1|1/2-1/2|\*)\s*$", body)
    return m.group(1).strip() if m else ""


def move_count(body):
    plain = re.sub(r"\{[^{}]*\}", " ", body)
    plain = re.sub(r"\([^()]*\)", " ", plain)
    nums = re.findall(r"(\d+)\.(?!\d)", plain)
    return int(nums[-1]) if nums else 0


def classify(comment, result):
    """-> (kind, text). kind is one of: illegal, false-claim, time, crash,
    resign, mate, draw, unfinished, other. For the fault kinds the engine at
    fault is the loser of the game."""
    c = comment.lower()
    if "forfeit due to invalid move" in c or "forfeit due to illegal move" in c:
        return "illegal", "forfeit: invalid move"
    if "false illegal-move claim" in c:
        return "false-claim", "false illegal-move claim"
    if "false win claim" in c or "false draw claim" in c:
        return "false-claim", "false result claim"
    if "illegal" in c or "rejected" in c:
        return "illegal", "illegal move"
    if "on time" in c or "flag fell" in c or "time forfeit" in c:
        return "time", "lost on time"
    if "exited unexpectedly" in c or "error writing to" in c or "crash" in c:
        return "crash", "engine died (XBoard noticed)"
    if "resign" in c:
        return "resign", "resignation"
    if "mate" in c or "king destroyed" in c or "bare king" in c or "captur" in c:
        return "mate", "checkmate/king capture"
    if "xboard exit" in c or result == "*":
        return "unfinished", "unfinished"
    if result == "1/2-1/2":
        return "draw", "draw"
    return "other", "other"


def find_dispute(dbg, conf_variant):
    """The first `Illegal move` reply in a game's debug log, with the game
    rebuilt up to the refused move; None if no engine refused a move.
    -> dict(refuser, mover ('first'/'second'), move, ply (1-based), moves,
    fen, variant, said)."""
    moves = []                  # (tag, text) in the order the engines sent them
    pending = {"first": "", "second": ""}   # HaChu's split legs ("move f6e6,")
    setboard_first = None
    setup_fen = None
    refuser = said = None
    relayed = {"first": None, "second": None}   # last move XBoard sent each engine
    for line in dbg.splitlines():
        m = CECP_RE.match(line)
        if not m:
            continue
        direction, tag, text = m.group(2), m.group(3), m.group(4)
        text = INNER_PREFIX_RE.sub(" ", text).strip()
        if direction == ">":
            if tag == "first" and text.startswith("setboard ") and not moves:
                setboard_first = text[len("setboard "):].strip()
            elif text.startswith("usermove "):
                relayed[tag] = text[len("usermove "):].strip()
            continue
        if text.startswith("Illegal move"):
            refuser, said = tag, text
            break
        if text.startswith("setup ") and tag == "first" and not moves:
            sm = re.search(r"\s\d+x\d+\+\d+_\w+\s+(\S.*)$", text)
            if sm:
                setup_fen = sm.group(1).strip()
            continue
        if text.startswith("move "):
            mv = text[5:].strip()
            if pending[tag]:
                mv = pending[tag] + mv
            if mv.endswith(","):
                pending[tag] = mv
                continue
            pending[tag] = ""
            moves.append((tag, mv))
    if refuser is None:
        return None
    variant = JUDGE_VARIANT.get(conf_variant, conf_variant)
    if setboard_first:
        fen = setboard_first
    elif variant == "chu":
        fen = CHU_START
    else:
        fen = setup_fen
    mover = "second" if refuser == "first" else "first"
    # the refused move: the last move the other engine sent before the reply
    last = max((i for i, (t, _) in enumerate(moves) if t == mover), default=None)
    if last is None:
        return dict(refuser=refuser, mover=mover, move=None, ply=None, moves=[],
                    fen=fen, variant=variant, said=said, relayed=relayed[refuser])
    moves = moves[:last + 1]
    return dict(refuser=refuser, mover=mover, move=moves[-1][1], ply=len(moves),
                moves=[t for _, t in moves], fen=fen, variant=variant, said=said,
                relayed=relayed[refuser])


def judge_dispute(disp):
    """-> (verdict, detail): verdict 'illegal' (the refused move breaks the
    rules), 'legal' (the refusal was wrong) or 'unjudged'."""
    if judge_game is None:
        return "unjudged", "reference not loaded (%s)" % JUDGE_ERROR
    if not disp["move"]:
        return "unjudged", "no refused move found in the debug log"
    if not disp["fen"]:
        return "unjudged", "no start position found in the debug log"
    try:
        r = judge_game.judge(disp["variant"], disp["fen"], disp["moves"])
    except Exception as e:
        return "unjudged", "reference failed: %s: %s" % (type(e).__name__, e)
    if r["legal"]:
        return "legal", "the rules allow it"
    if r["index"] == len(disp["moves"]) - 1:
        return "illegal", r["reason"]
    return "unjudged", "reference rejects an earlier move, ply %d %s (%s)" % (
        r["index"] + 1, r["move"], r["reason"])


# ---- statistics ----------------------------------------------------------
# All from A's view, over the scored games only (disputed/unscored games are
# left out): W wins, D draws, L losses, N = W + D + L, s = (W + D/2) / N.

def elo_from_score(s):
    """Logistic Elo of a score fraction: -400*log10(1/s - 1); +-inf at 1 and 0."""
    if s >= 1.0:
        return math.inf
    if s <= 0.0:
        return -math.inf
    return -400.0 * math.log10(1.0 / s - 1.0)


def score_from_elo(elo):
    """Expected score fraction of a logistic Elo difference."""
    return 1.0 / (1.0 + 10.0 ** (-elo / 400.0))


def score_stats(w, d, l):
    """-> (N, s, var): s the mean score per game, var the variance of the
    per-game score (trinomial); None for s and var when N = 0."""
    n = w + d + l
    if n == 0:
        return 0, None, None
    s = (w + 0.5 * d) / n
    var = (w * (1.0 - s) ** 2 + d * (0.5 - s) ** 2 + l * (0.0 - s) ** 2) / n
    return n, s, var


def elo_interval(w, d, l, z=1.96):
    """-> (elo, lo, hi) with lo..hi the 95% (z = 1.96) interval: s +- z*stderr,
    stderr = sqrt(var/N), mapped through elo_from_score (bounds outside
    (0, 1) become -inf / +inf); None when there is no scored game."""
    n, s, var = score_stats(w, d, l)
    if n == 0:
        return None
    se = math.sqrt(var / n)
    return elo_from_score(s), elo_from_score(s - z * se), elo_from_score(s + z * se)


def fmt_elo(x):
    if x == math.inf:
        return "+inf"
    if x == -math.inf:
        return "-inf"
    return "%+.1f" % x


def elo_text(w, d, l):
    iv = elo_interval(w, d, l)
    if iv is None:
        return "n/a (no scored games)"
    elo, lo, hi = iv
    n = w + d + l
    if w == n:
        return "+inf (all %d scored games won; no error bar)" % n
    if l == n:
        return "-inf (all %d scored games lost; no error bar)" % n
    if d == n:
        return "+0.0 (all %d scored games drawn; no error bar)" % n
    if math.isinf(lo) or math.isinf(hi):
        pm = "inf"
    else:
        pm = "%.1f" % ((hi - lo) / 2.0)
    return "%s +/- %s  (95%% interval %s .. %s, %d scored games)" % (fmt_elo(elo), pm, fmt_elo(lo),
                                                                     fmt_elo(hi), n)


def los(w, l):
    """Likelihood of superiority: 0.5*(1 + erf((W-L)/sqrt(2*(W+L)))); None
    without decisive games."""
    if w + l == 0:
        return None
    return 0.5 * (1.0 + math.erf((w - l) / math.sqrt(2.0 * (w + l))))


def los_text(w, l):
    p = los(w, l)
    if p is None:
        return "n/a (no decisive games)"
    if p > 0.9999:
        pct = ">99.99%"
    elif p < 0.0001:
        pct = "<0.01%"
    else:
        pct = "%.2f%%" % (100.0 * p)
    return "%s  (%d wins, %d losses)" % (pct, w, l)


def sprt_llr(w, d, l, elo0, elo1):
    """Log-likelihood ratio of H1 (Elo = elo1) against H0 (Elo = elo0), logistic
    Elo, by the GSPRT normal approximation of the trinomial (as fishtest and
    cutechess do): LLR = (s1 - s0) * (2*s - s0 - s1) / (2 * var/N), with s0,
    s1 the expected scores of elo0, elo1 and s, var as in score_stats.
    When every game had the same result (var = 0, e.g. 5 wins out of 5) half
    a virtual win and half a virtual loss are added so that the LLR stays
    finite and grows with the number of games; 0 when N = 0."""
    n, s, var = score_stats(w, d, l)
    if n == 0:
        return 0.0
    if var <= 0.0:
        n, s, var = score_stats(w + 0.5, d, l + 0.5)
    s0, s1 = score_from_elo(elo0), score_from_elo(elo1)
    return (s1 - s0) * (2.0 * s - s0 - s1) / (2.0 * var / n)


def sprt_bounds(alpha=0.05, beta=0.05):
    """-> (lower, upper) = (ln(beta/(1-alpha)), ln((1-beta)/alpha))."""
    return math.log(beta / (1.0 - alpha)), math.log((1.0 - beta) / alpha)


# The normal approximation needs a sample: with a handful of games the
# variance estimate is near 0 (W 5 D 1 L 0 gave LLR 4.9, "H1" after six
# games), so no decision is taken before this many scored games.
SPRT_MIN_GAMES = 20


def sprt_test(w, d, l, elo0, elo1, alpha=0.05, beta=0.05):
    """-> dict(llr, lower, upper, decision 'H0'/'H1'/'continue', elo0, elo1,
    alpha, beta)."""
    llr = sprt_llr(w, d, l, elo0, elo1)
    lower, upper = sprt_bounds(alpha, beta)
    if w + d + l < SPRT_MIN_GAMES:
        decision = "continue"
    elif llr >= upper:
        decision = "H1"
    elif llr <= lower:
        decision = "H0"
    else:
        decision = "continue"
    return dict(llr=llr, lower=lower, upper=upper, decision=decision, elo0=elo0,
                elo1=elo1, alpha=alpha, beta=beta)


def sprt_line(res, w=None, d=None, l=None):
    verdict = {"H0": "H0 accepted", "H1": "H1 accepted"}.get(res["decision"], "continue")
    games = "" if w is None else "  [W %d D %d L %d]" % (w, d, l)
    return "SPRT elo0=%g elo1=%g alpha=%g beta=%g: LLR %.2f (bounds %.2f, %.2f) -> %s%s" % (
        res["elo0"], res["elo1"], res["alpha"], res["beta"], res["llr"], res["lower"],
        res["upper"], verdict, games)


def parse_args(args):
    """-> dict(run, sprt, alpha, beta, sprt_check, selftest), or None on a
    usage error."""
    o = dict(run=None, sprt=None, alpha=None, beta=None, sprt_check=False, selftest=False)
    i = 0
    try:
        while i < len(args):
            a = args[i]
            if a == "--selftest":
                o["selftest"] = True
                i += 1
            elif a == "--sprt-check":
                o["sprt_check"] = True
                i += 1
            elif a == "--sprt":
                o["sprt"] = (float(args[i + 1]), float(args[i + 2]))
                i += 3
            elif a in ("--alpha", "--beta"):
                o[a[2:]] = float(args[i + 1])
                i += 2
            elif a.startswith("-") and a != "-":
                return None
            elif o["run"] is None:
                o["run"] = a
                i += 1
            else:
                return None
    except (IndexError, ValueError):
        return None
    for k in ("alpha", "beta"):
        if o[k] is not None and not 0.0 < o[k] < 0.5:
            return None
    if o["sprt"] is not None and not o["sprt"][0] < o["sprt"][1]:
        return None
    if not o["selftest"] and o["run"] is None:
        return None
    return o


def selftest():
    """Checks of the Elo, error-bar, LOS and SPRT arithmetic on known numbers."""
    fails = []

    def check(what, got, want, tol=0.05):
        ok = (got == want) if (tol is None or not isinstance(want, float)) else (
            got is not None and abs(got - want) <= tol)
        print("%-4s %-58s got %-10s want %s" % ("ok" if ok else "FAIL", what,
                                                "%.4f" % got if isinstance(got, float) else got, want))
        if not ok:
            fails.append(what)

    # Elo formula: 75% -> 400*log10(3) = 190.85
    check("elo_from_score(0.75)", elo_from_score(0.75), 190.85)
    check("elo_from_score(0.5)", elo_from_score(0.5), 0.0, 1e-9)
    check("elo_from_score(0.25)", elo_from_score(0.25), -190.85)
    check("elo_from_score(1.0)", elo_from_score(1.0), math.inf, None)
    check("elo_from_score(0.0)", elo_from_score(0.0), -math.inf, None)
    check("score_from_elo(190.85)", score_from_elo(190.85), 0.75, 1e-4)
    # W 60 D 0 L 40: s = 0.6, var = 0.6*0.4^2 + 0.4*0.6^2 = 0.24,
    # stderr = sqrt(0.24/100) = 0.04899, s in [0.50398, 0.69602]
    # -> Elo 70.44 in [+2.77, +143.91], +/- 70.57
    elo, lo, hi = elo_interval(60, 0, 40)
    check("W60 D0 L40: Elo", elo, 70.44)
    check("W60 D0 L40: 95% low", lo, 2.77)
    check("W60 D0 L40: 95% high", hi, 143.91)
    check("W60 D0 L40: +/- (half width)", (hi - lo) / 2, 70.57)
    # W 30 D 40 L 30: s = 0.5, var = 0.6*0.25 = 0.15, stderr = 0.03873,
    # s in [0.42409, 0.57591] -> Elo 0 +/- 53.16 (symmetric)
    elo, lo, hi = elo_interval(30, 40, 30)
    check("W30 D40 L30: Elo", elo, 0.0, 1e-9)
    check("W30 D40 L30: 95% high", hi, 53.16)
    check("W30 D40 L30: 95% low = -high", lo, -hi, 1e-9)
    # edge cases: no crash, sensible text
    check("0 games: elo_interval", elo_interval(0, 0, 0), None, None)
    check("0 games: text", elo_text(0, 0, 0), "n/a (no scored games)", None)
    check("5/5 won: text starts +inf", elo_text(5, 0, 0).split()[0], "+inf", None)
    check("0/5: text starts -inf", elo_text(0, 0, 5).split()[0], "-inf", None)
    check("W9 D1 L0: upper bound +inf", elo_interval(9, 1, 0)[2], math.inf, None)
    print("     e.g. W9 D1 L0 -> Elo %s" % elo_text(9, 1, 0))
    # LOS: W 60 L 40 -> 0.5*(1+erf(20/sqrt(200))) = 0.97725
    check("LOS W60 L40", los(60, 40), 0.97725, 1e-4)
    check("LOS W10 L10", los(10, 10), 0.5, 1e-12)
    check("LOS W0 L0 (no decisive games)", los(0, 0), None, None)
    # SPRT bounds for alpha = beta = 0.05: ln(0.05/0.95) = -2.944, +2.944
    lower, upper = sprt_bounds(0.05, 0.05)
    check("SPRT lower bound", lower, -2.944, 1e-3)
    check("SPRT upper bound", upper, 2.944, 1e-3)
    # LLR by hand, W 60 D 0 L 40, elo0 0, elo1 50: s0 = 0.5, s1 = 0.57146,
    # LLR = 0.07146*(1.2 - 1.07146)/(2*0.24/100) = 1.9137
    check("LLR W60 D0 L40 (0, 50)", sprt_llr(60, 0, 40, 0, 50), 1.914, 2e-3)
    check("no games -> LLR 0, continue", sprt_test(0, 0, 0, 0, 50)["decision"], "continue", None)
    check("small sample W3 D2 L1 -> continue", sprt_test(3, 2, 1, 0, 50)["decision"], "continue", None)
    check("3 wins of 3 -> continue", sprt_test(3, 0, 0, 0, 50)["decision"], "continue", None)
    check("W5 D1 L0 (too few games) -> continue", sprt_test(5, 1, 0, -10, 40)["decision"],
          "continue", None)
    check("clearly winning W40 D20 L10 -> H1", sprt_test(40, 20, 10, 0, 50)["decision"], "H1", None)
    check("all won W30 D0 L0 -> H1", sprt_test(30, 0, 0, 0, 50)["decision"], "H1", None)
    check("clearly losing W10 D20 L40 -> H0", sprt_test(10, 20, 40, 0, 50)["decision"], "H0", None)
    check("even W25 D50 L25 (100 games) -> continue", sprt_test(25, 50, 25, 0, 50)["decision"],
          "continue", None)
    check("even W100 D200 L100 (400 games) -> H0", sprt_test(100, 200, 100, 0, 50)["decision"],
          "H0", None)
    # even results: the LLR only falls as games are added, H0 from some N on
    first = None
    for k in range(1, 400):
        if sprt_test(k, 2 * k, k, 0, 50)["decision"] == "H0":
            first = 4 * k
            break
    check("even W=L=D/2: H0 accepted at some N <= 400", first is not None, True, None)
    print("     even W=L=D/2, elo0=0 elo1=50: H0 first accepted after %s games" % first)
    # a 60% score over a growing sample: continue at first, H1 later
    seq = [sprt_test(3 * k, 0, 2 * k, 0, 50)["decision"] for k in (1, 5, 40)]
    check("60% score at 5/25/200 games -> continue, continue, H1", seq,
          ["continue", "continue", "H1"], None)
    check("alpha=beta=0.1 bounds", tuple(round(b, 3) for b in sprt_bounds(0.1, 0.1)),
          (-2.197, 2.197), None)
    res = sprt_test(40, 20, 10, 0, 50)
    print("     sample: " + sprt_line(res, 40, 20, 10))
    print("     sample: Elo " + elo_text(40, 20, 10) + ";  LOS " + los_text(40, 10))
    if fails:
        print("selftest: %d FAILED: %s" % (len(fails), "; ".join(fails)))
        return 1
    print("selftest: all checks passed")
    return 0


def analyse(run):
    """Read every game of RUN_DIR; -> dict of the counts, rows and notes the
    report prints (nothing is printed or written here)."""
    conf = read_kv(os.path.join(run, "match.conf"))
    name = {"a": conf.get("name_a", "A"), "b": conf.get("name_b", "B")}
    ngames = int(conf.get("games", "0") or 0)
    gdirs = sorted(glob.glob(os.path.join(run, "game-[0-9][0-9][0-9]")))

    stats = {t: dict(crash=0, illegal=0, time=0, false_claim=0, wrong_reject=0, rejects=0,
                     errors=0, stderr=0) for t in "ab"}
    relay_errors = []           # games where XBoard changed a move on its way
    w = d = l = 0
    unscored = 0
    disputed = 0
    dispute_notes = []
    rows = []
    merged = []
    notes = []

    for gdir in gdirs:
        meta = read_kv(os.path.join(gdir, "meta"))
        if not meta:
            continue  # game never started
        g = int(meta.get("game", "0"))
        a_color = meta.get("a_color", "white")
        status = meta.get("status", "?")
        crash = {"a": meta.get("crash_a") == "1", "b": meta.get("crash_b") == "1"}
        pgn_text = read_text(os.path.join(gdir, "game.pgn"))
        parsed = parse_pgn(pgn_text)
        result, comment, moves = "", "", 0
        if parsed:
            headers, body = parsed
            result = headers.get("Result", "")
            m = RESULT_RE.search(body)
            if m and not result:
                result = m.group(1)
            comment = final_comment(body)
            moves = move_count(body)
            # trust the PGN names over the planned colours when they tell
            if headers.get("White") == name["a"] or headers.get("Black") == name["b"]:
                a_color = "white"
            elif headers.get("White") == name["b"] or headers.get("Black") == name["a"]:
                a_color = "black"
            pgn_out = re.sub(r'^\[Round "[^"]*"\]', '[Round "%d"]' % g, pgn_text.strip(),
                             count=1, flags=re.M)
            merged.append(pgn_out + "\n")
        dbg = read_text(os.path.join(gdir, "debug.log"))
        if not result:
            # XBoard saves no PGN for a game without moves; the result it sent
            # to the engines is in the debug log
            m = re.search(r"^\d+ >(?:first|second)\s*: result (1-0|0-1|1/2-1/2|\*) \{(.*)\}\s*$", dbg, re.M)
            if m:
                result, comment = m.group(1), m.group(2).strip()
                parsed = parsed or ({}, "")
        color_of = {"a": a_color, "b": "black" if a_color == "white" else "white"}

        # debug log: replies from each engine ("first" is always A)
        for t, tag in (("a", "first"), ("b", "second")):
            rej = re.findall(r"^\d+ <%s\s*: *(Illegal move.*)$" % tag, dbg, re.M)
            err = re.findall(r"^\d+ <%s\s*: *((?:Error|tellusererror|telluser).*)$" % tag, dbg, re.M)
            stats[t]["rejects"] += len(rej)
            stats[t]["errors"] += len(err)
            for msg in (rej + err)[:3]:
                notes.append("game %d: %s said: %s" % (g, name[t], msg.strip()[:150]))
            # "Error: <who> chess program (<command>) exited unexpectedly"
            for prog in re.findall(r"chess program \(([^)]*)\) exited unexpectedly", dbg):
                if "engine-%s.sh" % t in prog:
                    crash[t] = True
            if read_text(os.path.join(gdir, "engine-%s.stderr" % t)).strip():
                stats[t]["stderr"] += 1

        kind, text = classify(comment, result) if (parsed and result) else ("unfinished", "no game record")
        disp = find_dispute(dbg, conf.get("variant", "chu"))
        winner_color = {"1-0": "white", "0-1": "black"}.get(result)
        loser = None
        if winner_color:
            loser = "a" if color_of["a"] != winner_color else "b"

        # scoring from A's view
        score = None
        if result == "1/2-1/2":
            score = 0.5
        elif winner_color:
            score = 1.0 if color_of["a"] == winner_color else 0.0
        # XBoard ended the game because it lost an engine:
        # "Error writing to second chess program", "... exited unexpectedly"
        if kind == "crash":
            m = re.search(r"\b(first|second)\b", comment)
            if m:
                crash["a" if m.group(1) == "first" else "b"] = True
        crashed = [t for t in "ab" if crash[t]]
        for t in crashed:
            stats[t]["crash"] += 1
        if score is None and len(crashed) == 1:
            # a crash is a loss for the crashed engine
            score = 0.0 if crashed[0] == "a" else 1.0
            loser = crashed[0]
            kind, text = "crash", "engine process died"
        if disp:
            # disputed: not scored, whatever XBoard made of it; the reference
            # decides who was wrong
            disputed += 1
            score = None
            mv_t = "a" if disp["mover"] == "first" else "b"
            rf_t = "b" if mv_t == "a" else "a"
            verdict, why = judge_dispute(disp)
            relayed = disp.get("relayed")
            mangled = bool(disp["move"] and relayed and relayed != disp["move"])
            if mangled:
                relay_errors.append(g)
            if verdict == "illegal":
                stats[mv_t]["illegal"] += 1
                outcome = "illegal by the rules: %s at fault (%s)" % (name[mv_t], why)
            elif mangled:
                outcome = ("%s as sent is %s; XBoard relayed it to %s as %s: XBoard relay error, "
                           "no engine at fault" % (disp["move"], "legal by the rules" if verdict == "legal"
                                                   else "unjudged (%s)" % why, name[rf_t], relayed))
            elif verdict == "legal":
                stats[rf_t]["wrong_reject"] += 1
                outcome = "legal by the rules: %s's refusal is wrong (wrong-reject)" % name[rf_t]
            else:
                outcome = "unjudged: %s" % why
            mvtext = disp["move"] or "?"
            if mangled:
                text = "disputed: XBoard relayed %s's %s to %s as %s (XBoard relay error; reference: %s) [XBoard: %s]" % (
                    name[mv_t], mvtext, name[rf_t], relayed, verdict, text)
            else:
                text = "disputed: %s refused %s's %s (reference: %s) [XBoard: %s]" % (
                    name[rf_t], name[mv_t], mvtext, verdict, text)
            dispute_notes.append("game %d: disputed: %s (%s) played %s%s, %s (%s) refused it (\"%s\"); "
                                 "verdict: %s"
                                 % (g, name[mv_t], mv_t.upper(), mvtext,
                                    " (ply %d)" % disp["ply"] if disp["ply"] else "",
                                    name[rf_t], rf_t.upper(), disp["said"][:80], outcome))
        else:
            if kind == "crash" and loser and not crashed:
                stats[loser]["crash"] += 1
            if kind == "illegal" and loser:
                stats[loser]["illegal"] += 1
            if kind == "time" and loser:
                stats[loser]["time"] += 1
            if kind == "false-claim" and loser:
                stats[loser]["false_claim"] += 1

        if status == "timeout":
            text += " [killed: wall-time budget exceeded]"
        elif status == "crash" and crashed:
            text += " [%s process died mid-game]" % "+".join(name[t] for t in crashed)
        if score is None:
            unscored += 1
            sc = "-"
        else:
            sc = {1.0: "1", 0.5: "1/2", 0.0: "0"}[score]
            if score == 1.0:
                w += 1
            elif score == 0.5:
                d += 1
            else:
                l += 1
        detail = comment if comment else ""
        rows.append((g, a_color, result or "none", sc, moves, meta.get("elapsed", "?"),
                     text, detail))

    return dict(conf=conf, name=name, ngames=ngames, gdirs=gdirs, stats=stats,
                relay_errors=relay_errors, w=w, d=d, l=l, unscored=unscored,
                disputed=disputed, dispute_notes=dispute_notes, rows=rows,
                merged=merged, notes=notes)


def main(argv=None):
    opts = parse_args(sys.argv[1:] if argv is None else argv)
    if opts is None:
        print(__doc__, file=sys.stderr)
        return 2
    if opts["selftest"]:
        return selftest()
    run = os.path.abspath(opts["run"])
    r = analyse(run)
    conf, name, ngames, gdirs, stats = r["conf"], r["name"], r["ngames"], r["gdirs"], r["stats"]
    relay_errors, w, d, l = r["relay_errors"], r["w"], r["d"], r["l"]
    unscored, disputed, dispute_notes = r["unscored"], r["disputed"], r["dispute_notes"]
    rows, merged, notes = r["rows"], r["merged"], r["notes"]

    # SPRT settings: from the command line, else from match.conf (match.sh --sprt)
    sprt = opts["sprt"]
    alpha, beta = opts["alpha"], opts["beta"]
    if sprt is None and conf.get("sprt_elo0") and conf.get("sprt_elo1"):
        try:
            sprt = (float(conf["sprt_elo0"]), float(conf["sprt_elo1"]))
            if alpha is None and conf.get("sprt_alpha"):
                alpha = float(conf["sprt_alpha"])
            if beta is None and conf.get("sprt_beta"):
                beta = float(conf["sprt_beta"])
        except ValueError:
            sprt = None
    alpha = 0.05 if alpha is None else alpha
    beta = 0.05 if beta is None else beta
    if opts["sprt_check"]:
        # match.sh after each game: the SPRT line alone; exit status 0
        # continue, 10 H0 accepted, 11 H1 accepted
        if sprt is None:
            print("match_report.py: --sprt-check needs --sprt ELO0 ELO1", file=sys.stderr)
            return 2
        res = sprt_test(w, d, l, sprt[0], sprt[1], alpha, beta)
        print(sprt_line(res, w, d, l))
        return {"H0": 10, "H1": 11}.get(res["decision"], 0)

    with open(os.path.join(run, "match.pgn"), "w", encoding="utf-8") as f:
        f.write("\n".join(merged))

    scored = w + d + l
    pts = w + 0.5 * d
    pct = 100.0 * pts / scored if scored else 0.0
    print("=" * 78)
    print("Match: %s (A) vs %s (B)   variant %s   tc %s + %ss   testLegality %s"
          % (name["a"], name["b"], conf.get("variant", "?"), conf.get("tc", "?"),
             conf.get("inc", "?"), conf.get("test_legality", "?")))
    print("A = %s" % conf.get("cmd_a", "?"))
    print("B = %s" % conf.get("cmd_b", "?"))
    print("repo commit %s" % conf.get("repo_commit", "?"))
    print("-" * 78)
    print("Score for %s (A): W %d  D %d  L %d   %.1f/%d = %.1f%%   (games planned %d, played %d, unscored %d%s)"
          % (name["a"], w, d, l, pts, scored, pct, ngames, len(rows), unscored,
             ", of them disputed %d" % disputed if disputed else ""))
    print("Elo for %s (A): %s" % (name["a"], elo_text(w, d, l)))
    print("LOS for %s (A): %s" % (name["a"], los_text(w, l)))
    if sprt is not None:
        print(sprt_line(sprt_test(w, d, l, sprt[0], sprt[1], alpha, beta), w, d, l))
    if conf.get("sprt_stopped"):
        print("match stopped early by the SPRT: %s" % conf["sprt_stopped"])
    print("-" * 78)
    print("%4s  %-7s %-8s %-3s %5s %5s  %s" % ("game", "A plays", "result", "A", "moves", "secs", "termination"))
    for g, col, res, sc, mv, el, text, detail in rows:
        line = "%4d  %-7s %-8s %-3s %5d %5s  %s" % (g, col, res, sc, mv, el, text)
        if detail:
            line += ' ("%s")' % detail
        print(line)
    print("-" * 78)
    print("%-22s %7s %9s %10s %12s %13s %14s %10s" % ("engine", "crashes", "illegal", "time-loss",
                                                      "false-claim", "wrong-reject",
                                                      "'Illegal move'", "errors"))
    for t in "ab":
        s = stats[t]
        print("%-22s %7d %9d %10d %12d %13d %14d %10d" % ("%s (%s)" % (name[t], t.upper()), s["crash"],
                                                          s["illegal"], s["time"], s["false_claim"],
                                                          s["wrong_reject"], s["rejects"], s["errors"]))
    print("  (illegal = games lost by an illegal move, or disputed games where the reference")
    print("   generator finds the refused move illegal; wrong-reject = disputed games where the")
    print("   engine refused a move the reference finds legal; 'Illegal move' = moves the engine")
    print("   refused; errors = 'Error ...'/'telluser(error) ...' lines the engine sent;")
    print("   disputed games are not scored)")
    if relay_errors:
        print("  XBoard relay errors (the move XBoard passed on differs from the move sent): %d "
              "(game%s %s)" % (len(relay_errors), "s" if len(relay_errors) > 1 else "",
                              ", ".join(str(g) for g in relay_errors)))
    for n in dispute_notes:
        print("  " + n)
    for n in notes[:20]:
        print("  " + n)
    if len(notes) > 20:
        print("  ... %d more, see the debug logs" % (len(notes) - 20))
    for t in "ab":
        if stats[t]["stderr"]:
            print("  note: %s wrote to stderr in %d game(s): %s/game-*/engine-%s.stderr"
                  % (name[t], stats[t]["stderr"], run, t))
    print("-" * 78)
    print("PGN (all games):  %s" % os.path.join(run, "match.pgn"))
    print("per game:         %s/game-NNN/{game.pgn,debug.log,engine-a.stderr,engine-b.stderr,xboard.err,xboard.cmd}" % run)
    print("debug logs:       %s" % " ".join(os.path.join(g, "debug.log") for g in gdirs))
    print("summary:          %s" % os.path.join(run, "summary.txt"))
    print("=" * 78)
    return 0 if scored else 3


if __name__ == "__main__":
    sys.exit(main())
