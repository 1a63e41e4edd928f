# Independent reference move generator for Chu Shogi, written from
# shared/rules/chu.md only (not from the engine), used to cross-check the
# counts in perft/chu.txt and the engine's perft: see perft_crosscheck.py.
# Usage: python3 scripts/chu_reference.py FEN DEPTH ["MOVES"] [--divide]
import sys
W = H = 12
FILES = "abcdefghijkl"
ROYAL = {"K", "+E"}
LIONS = {"N", "+O"}
PROMOTABLE = set("DHRBVMALOXETFGSCIP")  # 3.2 minus K, Q, N

K8 = [(1,0),(-1,0),(0,1),(0,-1),(1,1),(1,-1),(-1,1),(-1,-1)]
ORTH = [(1,0),(-1,0),(0,1),(0,-1)]
DIAG = [(1,1),(1,-1),(-1,1),(-1,-1)]
FWD=(0,1); BACK=(0,-1); LEFT=(-1,0); RIGHT=(1,0)
FD=[(1,1),(-1,1)]; BD=[(1,-1),(-1,-1)]
# (steps, slides, jumps, special); directions in owner's view, dy>0 forward
P = {}
def d(tok, steps=(), slides=(), jumps=(), special=None):
    P[tok] = (list(steps), list(slides), list(jumps), special)
d("K", steps=K8)
d("Q", slides=K8)
d("N", special="lion")
d("+O", special="lion")
d("D", slides=ORTH, steps=DIAG)
d("H", slides=DIAG, steps=ORTH)
d("R", slides=ORTH)
d("B", slides=DIAG)
d("V", slides=[FWD,BACK], steps=[LEFT,RIGHT])
d("M", slides=[LEFT,RIGHT], steps=[FWD,BACK])
d("A", slides=[FWD,BACK])
d("L", slides=[FWD])
d("O", steps=DIAG, jumps=[(0,2),(0,-2),(2,0),(-2,0)])
d("X", steps=ORTH, jumps=[(2,2),(2,-2),(-2,2),(-2,-2)])
d("E", steps=DIAG+[FWD,LEFT,RIGHT])
d("T", steps=DIAG+[BACK,LEFT,RIGHT])
d("F", steps=DIAG+[FWD,BACK])
d("G", steps=ORTH+FD)
d("S", steps=DIAG+[FWD])
d("C", steps=FD+[FWD,BACK])
d("I", steps=[FWD,BACK])
d("P", steps=[FWD])
d("+P", steps=ORTH+FD)
d("+I", steps=DIAG+[FWD,LEFT,RIGHT])
d("+C", slides=[LEFT,RIGHT], steps=[FWD,BACK])
d("+S", slides=[FWD,BACK], steps=[LEFT,RIGHT])
d("+G", slides=ORTH)
d("+F", slides=DIAG)
d("+T", slides=[FWD,BACK], steps=DIAG+[LEFT,RIGHT])
d("+E", steps=K8)
d("+L", slides=[FWD,BACK]+FD)
d("+A", slides=[FWD,BACK]+BD)
d("+X", slides=K8)
d("+M", slides=DIAG+[LEFT,RIGHT])
d("+V", slides=DIAG+[FWD,BACK])
d("+B", slides=DIAG, steps=ORTH)
d("+R", slides=ORTH, steps=DIAG)
d("+H", slides=[LEFT,RIGHT,BACK]+DIAG, special=("limited",[FWD]))
d("+D", slides=ORTH+BD, special=("limited",FD))

def sqname(s): return FILES[s[0]] + str(s[1]+1)
def parse_sq(t):
    return (FILES.index(t[0]), int(t[1:])-1)

class Pos:
    def __init__(self, fen):
        parts = fen.split()
        self.b = {}
        ranks = parts[0].split("/")
        assert len(ranks) == H
        for i, r in enumerate(ranks):
            y = H-1-i; x = 0; j = 0
            while j < len(r):
                c = r[j]
                if c.isdigit():
                    n = c
                    if j+1 < len(r) and r[j+1].isdigit(): n += r[j+1]; j += 1
                    x += int(n); j += 1; continue
                prom = False
                if c == "+": prom = True; j += 1; c = r[j]
                col = 0 if c.isupper() else 1
                tok = ("+" if prom else "") + c.upper()
                assert tok in P, tok
                self.b[(x,y)] = (col, tok); x += 1; j += 1
            assert x == W, (r, x)
        self.side = 0 if len(parts) < 2 or parts[1] == "w" else 1
        self.strike = False
        self.hist = []

def on(s): return 0 <= s[0] < W and 0 <= s[1] < H
def add(s, dv, col):
    dx, dy = dv
    if col == 1: dx, dy = -dx, -dy
    return (s[0]+dx, s[1]+dy)
def dist(a, b): return max(abs(a[0]-b[0]), abs(a[1]-b[1]))
def in_zone(col, s): return s[1] >= 8 if col == 0 else s[1] <= 3
def last_rank(col, s): return s[1] == 11 if col == 0 else s[1] == 0

def attacks(b, s, col, tok, target):
    """Can the piece tok of col on s capture on target (board b, pseudo)?"""
    steps, slides, jumps, special = P[tok]
    for dv in steps + jumps:
        if add(s, dv, col) == target: return True
    for dv in slides:
        t = add(s, dv, col)
        while on(t):
            if t == target: return True
            if t in b: break
            t = add(t, dv, col)
    if special == "lion":
        if 1 <= dist(s, target) <= 2: return True
    elif special:
        for dv in special[1]:
            f1 = add(s, dv, col); f2 = add(f1, dv, col)
            if target in (f1, f2): return True
    return False

def raw_moves(pos, s):
    """(from, to, kills tuple) pseudo moves of the piece on s, incl. pass as (s,s,())."""
    b = pos.b
    col, tok = b[s]
    out = []
    def free_or_enemy(t): return on(t) and (t not in b or b[t][0] != col)
    def enemy(t): return on(t) and t in b and b[t][0] != col
    steps, slides, jumps, special = P[tok]
    for dv in steps + jumps:
        t = add(s, dv, col)
        if free_or_enemy(t): out.append((s, t, ()))
    for dv in slides:
        t = add(s, dv, col)
        while on(t):
            if t in b:
                if b[t][0] != col: out.append((s, t, ()))
                break
            out.append((s, t, ()))
            t = add(t, dv, col)
    if special == "lion":
        n1 = [(s[0]+dx, s[1]+dy) for dx,dy in K8]
        n2 = [(s[0]+dx, s[1]+dy) for dx in range(-2,3) for dy in range(-2,3) if max(abs(dx),abs(dy)) == 2]
        for t in n1 + n2:
            if free_or_enemy(t): out.append((s, t, ()))
        for a in n1:
            if enemy(a):
                for dx,dy in K8:
                    t = (a[0]+dx, a[1]+dy)
                    if t == s: out.append((s, s, (a,)))
                    elif on(t) and t not in b: out.append((s, t, (a,)))
                    elif enemy(t): out.append((s, t, (a,)))
        if any(on(t) and t not in b for t in n1): out.append((s, s, ()))
    elif special:
        can_pass = False
        for dv in special[1]:
            f1 = add(s, dv, col); f2 = add(f1, dv, col)
            if free_or_enemy(f1): out.append((s, f1, ()))
            if free_or_enemy(f2): out.append((s, f2, ()))
            if enemy(f1):
                out.append((s, s, (f1,)))
                if free_or_enemy(f2): out.append((s, f2, (f1,)))
            if on(f1) and f1 not in b: can_pass = True
        if can_pass: out.append((s, s, ()))
    return out

def captured(b, mv):
    s, t, kills = mv
    caps = list(kills)
    if t != s and t in b: caps.append(t)
    return caps

def protected(b, mv, victim_sq):
    s, t, kills = mv
    vcol = b[victim_sq][0]
    bb = dict(b)
    del bb[s]
    if kills:
        first = kills[0]
        bridge = bb.pop(first)
    else:
        bridge = None
    attackers = [(q, p) for q, p in bb.items() if p[0] == vcol and q != victim_sq]
    if bridge is not None and bridge[0] == vcol:
        attackers.append((kills[0], bridge))
    for q, (c, tk) in attackers:
        if attacks(bb, q, c, tk, victim_sq): return True
    return False

def legal_trading(pos, mv):
    b = pos.b
    s, t, kills = mv
    col, tok = b[s]
    caps = captured(b, mv)
    lion_caps = [q for q in caps if b[q][1] in LIONS]
    if not lion_caps: return True
    if tok not in LIONS:
        return not pos.strike   # rule 2
    # rule 1 (lion capturer)
    for q in lion_caps:
        if dist(s, q) <= 1: continue
        if kills and len(caps) == 2 and q != kills[0]:
            first = b[kills[0]][1]
            if first not in ("P", "I"): continue
        if protected(b, mv, q): return False
    return True

def royals(pos, col):
    return sum(1 for p in pos.b.values() if p[0] == col and p[1] in ROYAL)

def gen(pos):
    if royals(pos, 0) == 0 or royals(pos, 1) == 0: return []
    res = []
    seen = set()
    for s, (col, tok) in list(pos.b.items()):
        if col != pos.side: continue
        for mv in raw_moves(pos, s):
            key = (mv[0], mv[1], frozenset(mv[2]))
            if key in seen: continue
            seen.add(key)
            if not legal_trading(pos, mv): continue
            caps = captured(pos.b, mv)
            fr, to = mv[0], mv[1]
            offer = False
            if tok in PROMOTABLE and fr != to:
                if not caps and not in_zone(col, fr) and in_zone(col, to): offer = True
                if caps and (in_zone(col, fr) or in_zone(col, to)): offer = True
                if tok in ("P", "L") and last_rank(col, to): offer = True
            res.append(mv + (False,))
            if offer: res.append(mv + (True,))
    return res

def make(pos, m):
    s, t, kills, prom = m
    b = pos.b
    col, tok = b[s]
    caps = captured(b, m[:3])
    undo = (dict(b), pos.side, pos.strike)
    pos.hist.append(undo)
    strike = tok not in LIONS and any(b[q][1] in LIONS for q in caps)
    for q in kills: del b[q]
    del b[s]
    b[t] = (col, ("+" + tok) if prom else tok)
    pos.side ^= 1
    pos.strike = strike

def unmake(pos):
    b, side, strike = pos.hist.pop()
    pos.b = b; pos.side = side; pos.strike = strike

def mtext(m):
    s, t, kills, prom = m
    out = ""; at = s
    for k in kills:
        out += sqname(at) + sqname(k) + ","; at = k
    out += sqname(at) + sqname(t)
    if prom: out += "+"
    return out

def parse(pos, text):
    text = text.strip()
    for m in gen(pos):
        if mtext(m) == text: return m
        if text in ("@@@@",) and m[0] == m[1] and not m[2]: return m
        if m[0] == m[1] and not m[2] and text == sqname(m[0]) * 2: return m
    raise ValueError("illegal " + text)

def perft(pos, d):
    ms = gen(pos)
    if d == 1: return len(ms)
    n = 0
    for m in ms:
        make(pos, m); n += perft(pos, d-1); unmake(pos)
    return n

if __name__ == "__main__":
    fen = sys.argv[1]; depth = int(sys.argv[2])
    moves = sys.argv[3].split() if len(sys.argv) > 3 else []
    pos = Pos(fen)
    for t in moves: make(pos, parse(pos, t))
    if "--divide" in sys.argv:
        for m in gen(pos):
            t = mtext(m) if not (m[0]==m[1] and not m[2]) else sqname(m[0])*2
            if depth > 1:
                make(pos, m); n = perft(pos, depth-1); unmake(pos)
            else: n = 1
            print(t, n)
    print("total", perft(pos, depth))
