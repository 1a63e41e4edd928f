#!/usr/bin/env python3
"""Summarise a match played by scripts/match.sh.

Usage: match_report.py RUN_DIR

RUN_DIR holds match.conf and game-NNN/ directories, each with meta (written
by match.sh), game.pgn and debug.log (written by XBoard) and the engines'
stderr. Prints the score from engine A's view, one line per game with its
termination reason, per-engine counts of crashes, illegal moves and time
losses, and the paths of the files. Also writes RUN_DIR/match.pgn (all games,
Round tags renumbered). Exit status 3 if no game produced a result.
"""

import glob
import os
import re
import sys


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


def main():
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    run = os.path.abspath(sys.argv[1])
    conf = read_kv(os.path.join(run, "match.conf"))
    name = {"a": conf.get("name_a", "A"), "b": conf.get("name_b", "B")}
    ngames = int(conf.get("games", "0") or 0)
    gdirs = sorted(glob.glob(os.path.join(run, "game-[0-9][0-9][0-9]")))

    stats = {t: dict(crash=0, illegal=0, time=0, false_claim=0, rejects=0, errors=0,
                     stderr=0) for t in "ab"}
    w = d = l = 0
    unscored = 0
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
    print("Score for %s (A): W %d  D %d  L %d   %.1f/%d = %.1f%%   (games planned %d, played %d, unscored %d)"
          % (name["a"], w, d, l, pts, scored, pct, ngames, len(rows), unscored))
    print("-" * 78)
    print("%4s  %-7s %-8s %-3s %5s %5s  %s" % ("game", "A plays", "result", "A", "moves", "secs", "termination"))
    for g, col, res, sc, mv, el, text, detail in rows:
        line = "%4d  %-7s %-8s %-3s %5d %5s  %s" % (g, col, res, sc, mv, el, text)
        if detail:
            line += ' ("%s")' % detail
        print(line)
    print("-" * 78)
    print("%-22s %7s %9s %10s %12s %14s %10s" % ("engine", "crashes", "illegal", "time-loss",
                                                 "false-claim", "'Illegal move'", "errors"))
    for t in "ab":
        s = stats[t]
        print("%-22s %7d %9d %10d %12d %14d %10d" % ("%s (%s)" % (name[t], t.upper()), s["crash"],
                                                     s["illegal"], s["time"], s["false_claim"],
                                                     s["rejects"], s["errors"]))
    print("  (illegal = games lost by an illegal move; 'Illegal move' = moves the engine refused;")
    print("   errors = 'Error ...'/'telluser(error) ...' lines the engine sent)")
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
