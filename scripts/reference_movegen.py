#!/usr/bin/env python3
"""Independent reference move generator for Chu, Dai, Cashew, Macadamia,
Nutty, Suzumu, Tenjiku and Wa Shogi, written from
docs/rules/{chu,dai,cashew,macadamia,nutty,suzumu,tenjiku,wa}.md and
docs/notation.md only (never from the engine's sources).  Used to
check the counts in perft/*.txt and, through perft_crosscheck.py, the
engine's perft.

Usage: python3 scripts/reference_movegen.py VARIANT FEN DEPTH ["MOVES"] [--divide]
  VARIANT: chu | dai | cashew | macadamia | nutty | suzumu | tenjiku | wa (the
           -shogi names too), wa-hachu (Wa under HaChu's promotion rule), or
           Tenjiku under a rule set of tenjiku.md 9 as tenjiku-RULES:
           tenjiku-hachu, tenjiku-fd-sideways, tenjiku-no-area-pass,
           tenjiku-jump-lower-only, tenjiku-forced-promotion (the engine's
           `--rules RULES`)
  MOVES:   space-separated moves in docs/notation.md notation played from FEN
  --divide one line per root move (`from to` legs, kill squares in path
           order, a pass as FROMFROM, `+` for promotion), then the total.

Conventions (docs/notation.md "What perft counts"): one move per effect (origin,
destination, set of removed squares, promotion choice); an optional
promotion counts twice, a forced one once; a pass counts once per piece that
can make it; moving into check is legal; a side with no royal left means no
moves at all; repetition is ignored.  Nutty burns (nutty.md 5.1.6) are
applied in make() and never written; Suzumu's "no two skips in a row" is
followed through the move history, freezing is judged per position.
"""
import sys

K8 = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)]
ORTH = [(1, 0), (-1, 0), (0, 1), (0, -1)]
DIAG = [(1, 1), (1, -1), (-1, 1), (-1, -1)]
# owner's view: dy > 0 forward, dx > 0 to the owner's right
FWD = (0, 1); BACK = (0, -1); LEFT = (-1, 0); RIGHT = (1, 0)
FL = (-1, 1); FR = (1, 1); BL = (-1, -1); BR = (1, -1)
FD = [FL, FR]; BD = [BL, BR]


class Piece:
    """steps: single steps; slides: (dir, max range or None); jumps: leaps
    over anything; special: list of 'lion' | 'wolf' | 'hookR' | 'hookB' |
    'emperor' | ('limited', dirs)."""
    pass


def mk(steps=(), slides=(), jumps=(), special=None, ranged=()):
    p = Piece()
    p.steps = list(steps)
    p.slides = [(d, None) for d in slides] + list(ranged)
    p.jumps = list(jumps)
    p.special = [] if special is None else [special]
    return p


def rng(dirs, n):
    return [(d, n) for d in dirs]


# ---------------------------------------------------------------- Chu
CHU = {}
CHU["K"] = mk(steps=K8)
CHU["Q"] = mk(slides=K8)
CHU["N"] = mk(special="lion")
CHU["+O"] = mk(special="lion")
CHU["D"] = mk(slides=ORTH, steps=DIAG)
CHU["H"] = mk(slides=DIAG, steps=ORTH)
CHU["R"] = mk(slides=ORTH)
CHU["B"] = mk(slides=DIAG)
CHU["V"] = mk(slides=[FWD, BACK], steps=[LEFT, RIGHT])
CHU["M"] = mk(slides=[LEFT, RIGHT], steps=[FWD, BACK])
CHU["A"] = mk(slides=[FWD, BACK])
CHU["L"] = mk(slides=[FWD])
CHU["O"] = mk(steps=DIAG, jumps=[(0, 2), (0, -2), (2, 0), (-2, 0)])
CHU["X"] = mk(steps=ORTH, jumps=[(2, 2), (2, -2), (-2, 2), (-2, -2)])
CHU["E"] = mk(steps=DIAG + [FWD, LEFT, RIGHT])
CHU["T"] = mk(steps=DIAG + [BACK, LEFT, RIGHT])
CHU["F"] = mk(steps=DIAG + [FWD, BACK])
CHU["G"] = mk(steps=ORTH + FD)
CHU["S"] = mk(steps=DIAG + [FWD])
CHU["C"] = mk(steps=FD + [FWD, BACK])
CHU["I"] = mk(steps=[FWD, BACK])
CHU["P"] = mk(steps=[FWD])
CHU["+P"] = CHU["G"]
CHU["+I"] = CHU["E"]
CHU["+C"] = CHU["M"]
CHU["+S"] = CHU["V"]
CHU["+G"] = CHU["R"]
CHU["+F"] = CHU["B"]
CHU["+T"] = mk(slides=[FWD, BACK], steps=DIAG + [LEFT, RIGHT])
CHU["+E"] = CHU["K"]
CHU["+L"] = mk(slides=[FWD, BACK] + FD)
CHU["+A"] = mk(slides=[FWD, BACK] + BD)
CHU["+X"] = CHU["Q"]
CHU["+M"] = mk(slides=DIAG + [LEFT, RIGHT])
CHU["+V"] = mk(slides=DIAG + [FWD, BACK])
CHU["+B"] = CHU["H"]
CHU["+R"] = CHU["D"]
CHU["+H"] = mk(slides=[LEFT, RIGHT, BACK] + DIAG, special=("limited", [FWD]))
CHU["+D"] = mk(slides=ORTH + BD, special=("limited", FD))

# ---------------------------------------------------------------- Dai
DAI = {}
for t, c in (("K", "K"), ("Q", "Q"), ("D", "D"), ("H", "H"), ("R", "R"), ("B", "B"),
             ("V", "V"), ("M", "M"), ("A", "A"), ("L", "L"), ("O", "O"), ("X", "X"),
             ("E", "E"), ("T", "T"), ("F", "F"), ("G", "G"), ("S", "S"), ("C", "C"),
             ("P'", "I"), ("P", "P")):
    DAI[t] = CHU[c]
DAI["L!"] = CHU["N"]
DAI["X'"] = mk(ranged=rng(ORTH, 2))            # Violent Ox W2
DAI["F'"] = mk(ranged=rng(DIAG, 2))            # Flying Dragon F2
DAI["W"] = mk(steps=[FWD, LEFT, RIGHT] + FD)   # Evil Wolf fFfsW
DAI["A'"] = mk(steps=ORTH)                     # Angry Boar W
DAI["C'"] = mk(steps=DIAG)                     # Cat Sword F
DAI["I"] = mk(steps=[FWD] + FD)                # Iron fWfF
DAI["U"] = mk(steps=FD)                        # Stone fF
DAI["N"] = mk(jumps=[(1, 2), (-1, 2)])         # Knight ffN
for t in ("P", "X'", "F'", "W", "A'", "C'", "I", "U", "N"):
    DAI["+" + t] = CHU["G"]
DAI["+P'"] = CHU["E"]
for t in ("C", "S", "G", "F", "T", "E", "L", "A", "O", "X", "M", "V", "B", "R", "H", "D"):
    DAI["+" + t] = CHU["+" + t]

# ---------------------------------------------------------------- Cashew
GOLD = CHU["G"]
CAS = {}
CAS["K"] = CHU["K"]
CAS["P"] = CHU["P"]
CAS["D'"] = mk(slides=[FWD], steps=[BACK])                       # Gun fRbW
CAS["L"] = CHU["L"]
CAS["G"] = GOLD
CAS["S"] = CHU["S"]
CAS["F"] = CHU["F"]
CAS["T'"] = mk(steps=FD, ranged=rng([FWD, BACK], 2))             # Tiger fFvW2
CAS["V"] = mk(steps=[LEFT, RIGHT], ranged=rng(FD, 2))            # Bear fF2sW
CAS["I'"] = mk(steps=DIAG + [FWD, BACK, RIGHT])                  # Left General FvrW
CAS["J'"] = mk(steps=DIAG + [FWD, BACK, LEFT])                   # Right General FvlW
CAS["D!"] = mk(slides=[LEFT, RIGHT, FR], steps=[FL], ranged=rng([FWD, BACK], 2))  # sRvW2frBflF
CAS["T!"] = mk(slides=[FWD, BACK, FL], steps=[FR], ranged=rng([LEFT, RIGHT], 2))  # vRsW2flBfrF
CAS["L'"] = mk(slides=[FWD, FL, BR], steps=[BACK])               # lfrbBfRbW
CAS["R'"] = mk(slides=[FWD, FR, BL], steps=[BACK])               # rflbBfRbW
CAS["H'"] = mk(steps=ORTH, ranged=rng(FD, 2))                    # WfF2
CAS["C'"] = mk(steps=DIAG)                                       # F
CAS["F'"] = mk(ranged=rng(DIAG, 2))                              # F2
CAS["K'"] = mk(steps=FD, ranged=rng(ORTH, 2))                    # W2fF
CAS["P'"] = mk(steps=[LEFT, RIGHT], jumps=[(0, 2), (-2, -2), (2, -2)])  # sWfDbA
CAS["O"] = CHU["O"]
CAS["X"] = CHU["X"]
CAS["N"] = CHU["K"]                                              # Commoner, not royal
CAS["W'"] = mk(steps=[FWD, BACK] + FD, ranged=rng([LEFT, RIGHT], 2))  # sW2vWfF
CAS["E'"] = mk(steps=[LEFT, RIGHT] + FD, ranged=rng([FWD, BACK], 2))  # vW2sWfF
CAS["L!"] = mk(special="lion")
CAS["W!"] = mk(special="wolf")
CAS["Q"] = CHU["Q"]
CAS["H"] = CHU["H"]
CAS["D"] = CHU["D"]
CAS["G!"] = mk(steps=ORTH, special="hookB")                      # Goblin WBmasB
CAS["H!"] = mk(special="hookR")                                  # Hook Mover RmasR
CAS["+O"] = mk(ranged=rng(DIAG, 3) + rng([FWD, BACK], 2), slides=[LEFT, RIGHT])   # F3sRvW2
CAS["+X"] = mk(ranged=rng(DIAG, 3) + rng([LEFT, RIGHT], 2), slides=[FWD, BACK])   # F3vRsW2
CAS["+N"] = mk(slides=[FWD] + FD, ranged=rng(BD, 2) + rng([BACK, LEFT, RIGHT], 2))  # fRfBbF2bsW2
CAS["+L!"] = mk(special="lion", ranged=rng(K8, 3))               # Berserker
CAS["+W!"] = mk(ranged=rng([FWD, BACK], 3) + rng([LEFT, RIGHT], 5) + rng(FD, 3) + rng(BD, 5))  # Elephant
CAS["+H'"] = CAS["Q"]
CAS["+C'"] = CAS["H"]
CAS["+F'"] = CAS["D"]
CAS["+K'"] = CAS["G!"]
CAS["+P'"] = CAS["H!"]
CAS["+W'"] = CAS["W!"]
CAS["+E'"] = CAS["L!"]
CAS_PROMO = {t: "+" + t for t in ("H'", "C'", "F'", "K'", "P'", "O", "X", "N", "W'", "E'", "L!", "W!")}

# ---------------------------------------------------------------- Macadamia
MAC = {}
MAC["K"] = CHU["K"]
MAC["P"] = CHU["P"]
MAC["P'"] = CHU["I"]                                             # Snake vW
MAC["C"] = CHU["C"]
MAC["S"] = CHU["S"]
MAC["G"] = GOLD
MAC["T"] = CHU["T"]
MAC["E"] = CHU["E"]
MAC["I'"] = mk(steps=FD + [BR, LEFT])                            # Priest rbfFlW
MAC["J'"] = mk(steps=FD + [BL, RIGHT])                           # Pirate lbfFrW
MAC["O"] = CHU["O"]
MAC["X"] = CHU["X"]
MAC["L!"] = mk(special="lion")
MAC["W!"] = mk(special="wolf")
MAC["F'"] = mk(ranged=rng(DIAG, 2))
MAC["L"] = CHU["L"]
MAC["W'"] = mk(steps=[LEFT, RIGHT], ranged=rng(DIAG, 3))         # Wrestler F3sW
MAC["G'"] = mk(steps=FD, ranged=rng(ORTH, 3))                    # Guardian W3fF
MAC["L'"] = CAS["L'"]
MAC["R'"] = CAS["R'"]
MAC["B"] = CHU["B"]
MAC["R"] = CHU["R"]
MAC["C!"] = mk(special="hookB")                                  # Capricorner BmasB
MAC["H!"] = mk(special="hookR")                                  # Hook Mover RmasR
MAC["D"] = CHU["D"]
MAC["Q"] = CHU["Q"]
MAC["+K"] = mk(special="emperor")
MAC["+E"] = CHU["K"]
MAC["+I'"] = mk(slides=K8, special="wolf")                       # Saint = Queen + Wolf
MAC["+J'"] = mk(slides=K8, special="lion")                       # Ghost = Queen + Lion
MAC["+L!"] = CAS["+L!"]
MAC["+X"] = CAS["+X"]
MAC["+O"] = CAS["+O"]
MAC["+C"] = mk(slides=[FWD, BACK] + FD)                          # vRfB
MAC["+S"] = mk(slides=DIAG + [FWD])                              # BfR
MAC["+G"] = mk(slides=ORTH + FD)                                 # RfB
MAC["+T"] = mk(slides=DIAG + [BACK, LEFT, RIGHT])                # BbsR
MAC["+P'"] = CHU["A"]                                            # vR
MAC["+P"] = GOLD
MAC_PROMO = {"K": "+K", "E": "+E", "I'": "+I'", "J'": "+J'", "L!": "+L!", "X": "+X",
             "O": "+O", "C": "+C", "S": "+S", "G": "+G", "T": "+T", "P'": "+P'", "P": "+P"}
for t in ("W!", "F'", "L", "W'", "G'", "L'", "R'", "B", "R", "C!", "H!"):
    MAC_PROMO[t] = "+P"
PRIESTS = ("I'", "+I'")
PIRATES = ("J'", "+J'")


# ---------------------------------------------------------------- Nutty
def mkx(steps=(), slides=(), jumps=(), specials=(), ranged=()):
    p = mk(steps=steps, slides=slides, jumps=jumps, ranged=ranged)
    p.special = list(specials)
    return p


A_JUMPS = [(2, 2), (2, -2), (-2, 2), (-2, -2)]
D_JUMPS = [(0, 2), (0, -2), (2, 0), (-2, 0)]
NUT = {}
NUT["K"] = CHU["K"]
NUT["D!"] = mkx(slides=DIAG + [LEFT, RIGHT], specials=["area3"])        # nutty.md 5.1
NUT["+W!"] = NUT["D!"]
NUT["L!"] = CHU["N"]
NUT["+O"] = CHU["N"]
NUT["+L!"] = mkx(slides=DIAG, specials=["lion"])                        # Griffon
NUT["Q"] = CHU["Q"]
NUT["+Q"] = mkx(slides=K8, specials=["harpy"])                          # QADcaFmcabF
NUT["W!"] = mkx(slides=DIAG + [LEFT, RIGHT], ranged=rng([FWD], 2))      # BsRfW2
NUT["X"] = mkx(steps=ORTH, jumps=A_JUMPS)
NUT["O"] = mkx(steps=DIAG, jumps=D_JUMPS)
NUT["C!"] = mkx(slides=DIAG + [FWD], ranged=rng([LEFT, RIGHT], 2))      # BfRsW2
NUT["V"] = CHU["V"]
NUT["R!"] = mkx(slides=ORTH, specials=[("njump", ORTH, 1)])
NUT["B!"] = mkx(slides=DIAG, specials=[("njump", DIAG, 1)])
NUT["+R!"] = mkx(slides=K8, specials=[("njump", K8, 3)])
NUT["V!"] = mkx(slides=DIAG, specials=[("njump", DIAG, 2), "area3"])    # Regent
NUT["+B!"] = NUT["V!"]
NUT["D"] = CHU["D"]
NUT["H"] = CHU["H"]
NUT["R"] = CHU["R"]
NUT["B"] = CHU["B"]
NUT["S'"] = mkx(slides=[LEFT, RIGHT], ranged=rng([FWD], 2), steps=[BACK])   # sRfW2bW
NUT["T"] = mkx(steps=DIAG + [LEFT, RIGHT, BACK])
NUT["G"] = GOLD
NUT["S"] = CHU["S"]
NUT["F"] = CHU["F"]                                                     # FvW
NUT["N"] = mkx(jumps=[(1, 2), (-1, 2)])
NUT["L"] = CHU["L"]
NUT["D'"] = mkx(steps=[FWD] + BD)
NUT["P"] = CHU["P"]
NUT["+C!"] = mkx(specials=[("tetrarch", False)])
NUT["+D"] = mkx(slides=ORTH + BD, specials=[("sting", FD)])             # Eagle
NUT["+H"] = mkx(slides=DIAG + [LEFT, RIGHT, BACK], specials=[("sting", [FWD])])   # Unicorn
NUT["+R"] = NUT["D"]
NUT["+B"] = NUT["H"]
NUT["+S'"] = NUT["C!"]
NUT["+V"] = mkx(slides=DIAG + [FWD, BACK])
NUT["+L"] = mkx(slides=[FWD, BACK] + FD)
NUT["+T"] = mkx(slides=[FWD, BACK], steps=DIAG + [LEFT, RIGHT])
NUT["+G"] = CHU["R"]
NUT["+F"] = CHU["B"]
NUT["+S"] = NUT["V"]
NUT["+N"] = NUT["S'"]
NUT["+X"] = CHU["Q"]
NUT["+D'"] = mkx(slides=[FWD] + BD)
NUT["+P"] = GOLD
NUT_PROMOTABLE = {t for t in NUT if not t.startswith("+")} - {"K", "D!", "V!"}
NUT_DEMONS = {"D!", "+W!"}
NUT_RANK = {"K": 99, "+R!": 3, "V!": 2, "+B!": 2, "R!": 1, "B!": 1}

# ---------------------------------------------------------------- Suzumu
SUZ = {}
SUZ["P"] = CHU["P"]
SUZ["D'"] = NUT["D'"]
SUZ["I"] = mkx(steps=FD + [BACK])                                       # fFbW
SUZ["C"] = mkx(steps=FD + [FWD, BACK])                                  # fFvW
SUZ["S"] = CHU["S"]
SUZ["F"] = CHU["F"]
SUZ["G"] = GOLD
SUZ["T"] = NUT["T"]
SUZ["E"] = CHU["E"]                                                     # FsfW
SUZ["N"] = mkx(jumps=[(1, 2), (-1, 2), (1, -2), (-1, -2), (2, 1), (-2, 1), (2, -1), (-2, -1)])
SUZ["O"] = NUT["O"]
SUZ["X"] = NUT["X"]
SUZ["L"] = mkx(slides=[FWD], ranged=rng([BACK], 2))                     # fRbW2
SUZ["A"] = CHU["A"]
SUZ["M"] = CHU["M"]
SUZ["V"] = CHU["V"]
SUZ["S'"] = NUT["S'"]
SUZ["V'"] = mkx(slides=[FWD], ranged=rng([LEFT, RIGHT], 2), steps=[BACK])   # bWfRsW2
SUZ["B"] = CHU["B"]
SUZ["R"] = CHU["R"]
SUZ["H"] = CHU["H"]
SUZ["D"] = CHU["D"]
SUZ["F!"] = NUT["+H"]                                                   # Horned Falcon
SUZ["E!"] = NUT["+D"]                                                   # Soaring Eagle
SUZ["L!"] = CHU["N"]
SUZ["Q"] = CHU["Q"]
SUZ["B!"] = mkx(slides=DIAG, specials=[("sjump", DIAG, 1)])
SUZ["R!"] = mkx(slides=ORTH, specials=[("sjump", ORTH, 1)])
SUZ["C!"] = mkx(slides=DIAG + [FWD, BACK], ranged=rng([LEFT, RIGHT], 2))    # BvRsW2
SUZ["W!"] = mkx(slides=DIAG + [LEFT, RIGHT], ranged=rng([FWD, BACK], 2))    # BsRvW2
SUZ["Q'"] = NUT["+Q"]                                                   # Free Eagle
SUZ["H!"] = NUT["+L!"]                                                  # Lion Hawk
SUZ["V!"] = mkx(slides=DIAG, specials=[("sjump", DIAG, 2), "area3"])    # Vice General
SUZ["Q!"] = mkx(slides=K8, specials=[("sjump", K8, 3)])                 # Great General
SUZ["D!"] = mkx(specials=["sdemon"])
SUZ["K"] = CHU["K"]
SUZ["+P"] = GOLD
SUZ["+D'"] = NUT["+D'"]
SUZ["+I"] = SUZ["V'"]
SUZ["+C"] = SUZ["M"]
SUZ["+S"] = SUZ["V"]
SUZ["+F"] = SUZ["B"]
SUZ["+G"] = SUZ["R"]
SUZ["+T"] = NUT["+T"]                                                   # FsWvR
SUZ["+E"] = CHU["K"]                                                    # Prince
SUZ["+N"] = SUZ["S'"]
SUZ["+O"] = CHU["N"]
SUZ["+X"] = CHU["Q"]
SUZ["+L"] = NUT["+L"]                                                   # fBvR
SUZ["+A"] = mkx(slides=[FWD, BACK] + BD)                                # bBvR
SUZ["+M"] = mkx(slides=DIAG + [LEFT, RIGHT])
SUZ["+V"] = mkx(slides=DIAG + [FWD, BACK])
SUZ["+S'"] = SUZ["W!"]
SUZ["+V'"] = SUZ["C!"]
SUZ["+B"] = SUZ["H"]
SUZ["+R"] = SUZ["D"]
SUZ["+H"] = SUZ["F!"]
SUZ["+D"] = SUZ["E!"]
SUZ["+F!"] = SUZ["B!"]
SUZ["+E!"] = SUZ["R!"]
SUZ["+L!"] = SUZ["H!"]
SUZ["+Q"] = SUZ["Q'"]
SUZ["+B!"] = SUZ["V!"]
SUZ["+R!"] = SUZ["Q!"]
SUZ["+C!"] = mkx(specials=[("tetrarch", True)])                         # Heavenly Tetrarch
SUZ["+W!"] = SUZ["D!"]
SUZ_PROMOTABLE = {t for t in SUZ if not t.startswith("+")} - {"K", "D!", "Q!", "V!", "H!", "Q'"}
SUZ_DEMONS = {"D!", "+W!"}
SUZ_RANK = {"K": 99, "+E": 99, "Q!": 3, "+R!": 3, "V!": 2, "+B!": 2,
            "R!": 1, "B!": 1, "+E!": 1, "+F!": 1}

# ---------------------------------------------------------------- Tenjiku
# tenjiku.md 3 and 5 (Muller's rules): Nutty's burning, jumps over any
# number of lower-ranked pieces, Suzumu's Free Eagle, Nutty's Tetrarch.
TEN = {}
TEN["K"] = CHU["K"]
TEN["P"] = CHU["P"]
TEN["D'"] = NUT["D'"]                                                   # fWbF
TEN["I"] = DAI["I"]                                                     # fWfF
TEN["C"] = SUZ["C"]                                                     # fFvW
TEN["S"] = CHU["S"]
TEN["F"] = CHU["F"]                                                     # FvW
TEN["G"] = GOLD
TEN["T"] = CHU["T"]                                                     # FsbW
TEN["E"] = CHU["E"]                                                     # FsfW
TEN["N"] = NUT["N"]                                                     # ffN
TEN["O"] = NUT["O"]
TEN["X"] = NUT["X"]
TEN["L"] = CHU["L"]                                                     # fR
TEN["A"] = CHU["A"]
TEN["M"] = CHU["M"]
TEN["V"] = CHU["V"]
TEN["S'"] = SUZ["S'"]                                                   # bWsRfW2
TEN["V'"] = SUZ["V'"]                                                   # bWfRsW2
TEN["B"] = CHU["B"]
TEN["R"] = CHU["R"]
TEN["H"] = CHU["H"]
TEN["D"] = CHU["D"]
TEN["F!"] = SUZ["F!"]                                                   # Horned Falcon
TEN["E!"] = SUZ["E!"]                                                   # Soaring Eagle
TEN["L!"] = CHU["N"]                                                    # Lion
TEN["Q"] = CHU["Q"]
TEN["B!"] = NUT["B!"]                                                   # rank 1, any number jumped
TEN["R!"] = NUT["R!"]
TEN["C!"] = SUZ["C!"]                                                   # BvRsW2
TEN["W!"] = SUZ["W!"]                                                   # BsRvW2
TEN["Q'"] = SUZ["Q'"]                                                   # Free Eagle
TEN["H!"] = SUZ["H!"]                                                   # Lion Hawk
TEN["V!"] = NUT["V!"]                                                   # Vice General: B, jumps, area
TEN["Q!"] = NUT["+R!"]                                                  # Great General: Q, jumps
TEN["D!"] = mkx(slides=DIAG + [FWD, BACK], specials=["area3"])          # tenjiku.md 5.1.1: BvR
TEN["+P"] = GOLD
TEN["+D'"] = NUT["+D'"]                                                 # fRbB
TEN["+I"] = SUZ["V'"]
TEN["+C"] = CHU["M"]
TEN["+S"] = CHU["V"]
TEN["+F"] = CHU["B"]
TEN["+G"] = CHU["R"]
TEN["+T"] = NUT["+T"]                                                   # FsWvR
TEN["+E"] = CHU["K"]                                                    # Prince
TEN["+N"] = SUZ["S'"]
TEN["+O"] = CHU["N"]
TEN["+X"] = CHU["Q"]
TEN["+L"] = NUT["+L"]                                                   # fBvR
TEN["+A"] = SUZ["+A"]                                                   # bBvR
TEN["+M"] = SUZ["+M"]                                                   # BsR
TEN["+V"] = SUZ["+V"]                                                   # BvR
TEN["+S'"] = TEN["W!"]
TEN["+V'"] = TEN["C!"]
TEN["+B"] = TEN["H"]
TEN["+R"] = TEN["D"]
TEN["+H"] = TEN["F!"]
TEN["+D"] = TEN["E!"]
TEN["+F!"] = TEN["B!"]
TEN["+E!"] = TEN["R!"]
TEN["+L!"] = TEN["H!"]
TEN["+Q"] = TEN["Q'"]
TEN["+B!"] = TEN["V!"]
TEN["+R!"] = TEN["Q!"]
TEN["+C!"] = NUT["+C!"]                                                 # Tetrarch: one igui, no freezing
TEN["+W!"] = TEN["D!"]
TEN_PROMOTABLE = {t for t in TEN if not t.startswith("+")} - {"K", "Q'", "H!", "V!", "Q!", "D!"}
# tenjiku.md 9.2 (HaChu 0.21): no area moves, the Free Eagle a Queen, the
# Tetrarch a Chariot Soldier; jump victims of lower rank ("njump-lower").
TENH = dict(TEN)
TENH["D!"] = mkx(slides=DIAG + [FWD, BACK])
TENH["+W!"] = TENH["D!"]
TENH["V!"] = mkx(slides=DIAG, specials=[("njump-lower", DIAG)])
TENH["+B!"] = TENH["V!"]
TENH["B!"] = mkx(slides=DIAG, specials=[("njump-lower", DIAG)])
TENH["+F!"] = TENH["B!"]
TENH["R!"] = mkx(slides=ORTH, specials=[("njump-lower", ORTH)])
TENH["+E!"] = TENH["R!"]
TENH["Q!"] = mkx(slides=K8, specials=[("njump-lower", K8)])
TENH["+R!"] = TENH["Q!"]
TENH["Q'"] = CHU["Q"]
TENH["+Q"] = CHU["Q"]
TENH["+C!"] = SUZ["C!"]
# tenjiku.md 9.3-9.6: the named options, each Kyodai's default with one
# change.  fd-sideways (9.3): the Fire Demon slides sideways and diagonally.
TEN_FDS = dict(TEN)
TEN_FDS["D!"] = mkx(slides=DIAG + [LEFT, RIGHT], specials=["area3"])
TEN_FDS["+W!"] = TEN_FDS["D!"]
# no-area-pass (9.4): an area move never ends on its own square.
TEN_NAP = dict(TEN)
TEN_NAP["D!"] = mkx(slides=DIAG + [FWD, BACK], specials=["area3-nopass"])
TEN_NAP["+W!"] = TEN_NAP["D!"]
TEN_NAP["V!"] = mkx(slides=DIAG, specials=[("njump", DIAG), "area3-nopass"])
TEN_NAP["+B!"] = TEN_NAP["V!"]
# jump-lower-only (9.5): a jump capture's victim ranks below the General too.
TEN_JLO = dict(TEN)
TEN_JLO["B!"] = mkx(slides=DIAG, specials=[("njump-lower", DIAG)])
TEN_JLO["R!"] = mkx(slides=ORTH, specials=[("njump-lower", ORTH)])
TEN_JLO["V!"] = mkx(slides=DIAG, specials=[("njump-lower", DIAG), "area3"])
TEN_JLO["Q!"] = mkx(slides=K8, specials=[("njump-lower", K8)])
TEN_JLO["+F!"] = TEN_JLO["B!"]
TEN_JLO["+E!"] = TEN_JLO["R!"]
TEN_JLO["+B!"] = TEN_JLO["V!"]
TEN_JLO["+R!"] = TEN_JLO["Q!"]
# forced-promotion (9.6): the pieces are the default's (Variant.forced below).
TEN_RANK = {"K": 99, "+E": 99, "Q!": 3, "+R!": 3, "V!": 2, "+B!": 2,
            "R!": 1, "B!": 1, "+E!": 1, "+F!": 1}

# ---------------------------------------------------------------- Wa
# wa.md 3: every piece steps, slides (some limited) or jumps; no powers.
WA = {}
WA["K"] = CHU["K"]                                                      # Crane King
WA["E"] = mkx(slides=[FWD, BACK], ranged=rng(FD, 3), steps=BD + [LEFT, RIGHT])  # Cloud Eagle vRfF3bFsW
WA["F"] = mkx(slides=DIAG, steps=[FWD])                                 # Flying Falcon BfW
WA["S"] = mkx(slides=[LEFT, RIGHT], steps=[FWD, BACK])                  # Swallow's Wings sRvW
WA["X"] = mkx(steps=DIAG + [FWD, BACK], jumps=A_JUMPS + [(0, 2), (0, -2)])  # Treacherous Fox FvWAvD
WA["R"] = mkx(steps=DIAG + [BACK], slides=[FWD])                        # Running Rabbit FfRbW
WA["W"] = GOLD                                                          # Violent Wolf WfF
WA["V"] = CHU["S"]                                                      # Violent Stag FfW
WA["G"] = mkx(steps=FD + [FWD, BACK])                                   # Flying Goose vWfF
WA["M"] = WA["G"]                                                       # Climbing Monkey
WA["C"] = mkx(steps=FD + [LEFT, RIGHT])                                 # Flying Cock sWfF
WA["U"] = mkx(steps=BD + [FWD])                                         # Strutting Crow fWbF
WA["L"] = WA["U"]                                                       # Swooping Owl
WA["D"] = mkx(steps=FD + [LEFT, RIGHT, BACK])                           # Blind Dog sbWfF
WA["H"] = mkx(slides=[FWD], ranged=rng([BACK], 2))                      # Liberated Horse fRbW2
WA["O"] = CHU["L"]                                                      # Oxcart fR
WA["P"] = CHU["P"]                                                      # Sparrow Pawn fW
WA["+F"] = mkx(slides=DIAG + [FWD, BACK], steps=[LEFT, RIGHT])          # Tenacious Falcon BvRsW
WA["+S"] = CHU["R"]                                                     # Gliding Swallow R
WA["+R"] = WA["X"]
WA["+W"] = CHU["K"]                                                     # Bear's Eyes, not royal
WA["+V"] = CHU["E"]                                                     # Roaming Boar FfsW
WA["+G"] = WA["S"]
WA["+M"] = WA["V"]
WA["+C"] = mkx(slides=[FWD, BACK], steps=[LEFT, RIGHT] + FD)            # Raiding Falcon vRsWfF
WA["+U"] = WA["F"]
WA["+L"] = WA["E"]
WA["+D"] = WA["W"]
WA["+H"] = mkx(jumps=[(1, 2), (-1, 2), (1, -2), (-1, -2)])              # Heavenly Horse ffNbbN
WA["+O"] = CHU["K"]                                                     # Plodding Ox, not royal
WA["+P"] = GOLD                                                         # Golden Bird
WA_PROMOTABLE = {t for t in WA if not t.startswith("+")} - {"K", "E", "X"}
WA_FORCED = {"P", "O"}                                                  # on the last rank (wa.md 4)


class Variant:
    def __init__(self, name, size, pieces, royal, kind):
        self.name = name
        self.W = self.H = size
        self.P = pieces
        self.royal = royal
        self.kind = kind
        self.hachu = False      # HaChu's rules (tenjiku.md 9.2, wa.md's promotion)
        self.forced = False     # Tenjiku's dead-rank promotions forced (9.2, 9.6)
        self.rules = "standard"  # the engine's `--rules` for this entry
        self.files = "abcdefghijklmnop"[:size]


VARIANTS = {
    "chu": Variant("chu", 12, CHU, {"K", "+E"}, "chu"),
    "dai": Variant("dai", 15, DAI, {"K", "+E"}, "dai"),
    "cashew": Variant("cashew", 13, CAS, {"K"}, "cashew"),
    "macadamia": Variant("macadamia", 13, MAC, {"K", "+E", "+K"}, "macadamia"),
}
VARIANTS["nutty"] = Variant("nutty", 13, NUT, {"K"}, "nutty")
VARIANTS["suzumu"] = Variant("suzumu", 16, SUZ, {"K", "+E"}, "suzumu")
VARIANTS["wa"] = Variant("wa", 11, WA, {"K"}, "wa")
VARIANTS["tenjiku"] = Variant("tenjiku", 16, TEN, {"K", "+E"}, "tenjiku")
VARIANTS["tenjiku-shogi"] = VARIANTS["tenjiku"]
VARIANTS["tenjiku-hachu"] = Variant("tenjiku", 16, TENH, {"K", "+E"}, "tenjiku")
VARIANTS["tenjiku-hachu"].hachu = True
VARIANTS["tenjiku-hachu"].forced = True
for _rules, _pieces in (("hachu", None), ("fd-sideways", TEN_FDS), ("no-area-pass", TEN_NAP),
                        ("jump-lower-only", TEN_JLO), ("forced-promotion", TEN)):
    if _pieces is not None:
        VARIANTS["tenjiku-" + _rules] = Variant("tenjiku", 16, _pieces, {"K", "+E"}, "tenjiku")
    VARIANTS["tenjiku-" + _rules].rules = _rules
VARIANTS["tenjiku-forced-promotion"].forced = True
VARIANTS["wa-shogi"] = VARIANTS["wa"]
VARIANTS["wa-hachu"] = Variant("wa", 11, WA, {"K"}, "wa")
VARIANTS["wa-hachu"].hachu = True
VARIANTS["wa-hachu"].rules = "hachu"
VARIANTS["nutty-shogi"] = VARIANTS["nutty"]
VARIANTS["suzumu-shogi"] = VARIANTS["suzumu"]
VARIANTS["cashew-shogi"] = VARIANTS["cashew"]
VARIANTS["macadamia-shogi"] = VARIANTS["macadamia"]

# Chu/Dai promotion (chu.md 4.1, dai.md 4.1)
CHU_PROMOTABLE = set("DHRBVMALOXETFGSCIP")          # 3.2 minus K, Q, N
DAI_PROMOTABLE = set(DAI) - {"K", "Q", "L!"} - {t for t in DAI if t.startswith("+")}
CHU_LIONS = {"N", "+O"}


class Pos:
    def __init__(self, var, fen):
        self.v = var
        parts = fen.split()
        self.b = {}
        ranks = parts[0].split("/")
        assert len(ranks) == var.H, "wrong number of ranks"
        for i, r in enumerate(ranks):
            y = var.H - 1 - i; x = 0; j = 0
            while j < len(r):
                c = r[j]
                if c.isdigit():
                    n = c
                    while j + 1 < len(r) and r[j + 1].isdigit():
                        n += r[j + 1]; j += 1
                    x += int(n); j += 1; continue
                prom = False
                if c == "+":
                    prom = True; j += 1; c = r[j]
                col = 0 if c.isupper() else 1
                tok = ("+" if prom else "") + c.upper()
                if j + 1 < len(r) and r[j + 1] in "'!":
                    tok += r[j + 1]; j += 1
                assert tok in var.P, "unknown piece " + tok
                self.b[(x, y)] = (col, tok); x += 1; j += 1
            assert x == var.W, (r, x)
        self.side = 0 if len(parts) < 2 or parts[1] == "w" else 1
        self.strike = False
        self.skipped = (False, False)   # Suzumu: did each side skip its last turn
        self.hist = []


def dist(a, b):
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


class Gen:
    def __init__(self, var):
        self.v = var
        W, H = var.W, var.H
        self.W, self.H = W, H

    def on(self, s):
        return 0 <= s[0] < self.W and 0 <= s[1] < self.H

    @staticmethod
    def add(s, dv, col):
        dx, dy = dv
        if col == 1:
            dx, dy = -dx, -dy
        return (s[0] + dx, s[1] + dy)

    def sqname(self, s):
        return self.v.files[s[0]] + str(s[1] + 1)

    # -------------------------------------------------- pseudo moves
    def raw_moves(self, b, s):
        """(from, to, kills) pseudo moves of the piece on s (kills in path
        order, the destination victim not included); a pass is (s, s, ())."""
        col, tok = b[s]
        pc = self.v.P[tok]
        on = self.on; add = self.add
        out = []

        def free_or_enemy(t):
            return on(t) and (t not in b or b[t][0] != col)

        def enemy(t):
            return on(t) and t in b and b[t][0] != col

        def empty(t):
            return on(t) and t not in b

        for dv in pc.steps + pc.jumps:
            t = add(s, dv, col)
            if free_or_enemy(t):
                out.append((s, t, ()))
        for dv, n in pc.slides:
            t = add(s, dv, col); k = 0
            while on(t) and (n is None or k < n):
                k += 1
                if t in b:
                    if b[t][0] != col:
                        out.append((s, t, ()))
                    break
                out.append((s, t, ()))
                t = add(t, dv, col)
        for sp in pc.special:
            if sp == "lion":
                n1 = [(s[0] + dx, s[1] + dy) for dx, dy in K8]
                n2 = [(s[0] + dx, s[1] + dy) for dx in range(-2, 3) for dy in range(-2, 3)
                      if max(abs(dx), abs(dy)) == 2]
                for t in n1 + n2:
                    if free_or_enemy(t):
                        out.append((s, t, ()))
                for a in n1:
                    if enemy(a):
                        for dx, dy in K8:
                            t = (a[0] + dx, a[1] + dy)
                            if t == s:
                                out.append((s, s, (a,)))
                            elif empty(t) or enemy(t):
                                out.append((s, t, (a,)))
                if any(empty(t) for t in n1):
                    out.append((s, s, ()))
            elif sp == "wolf":
                # rules: cashew.md 5.3 / macadamia.md 5.4, kinds 1-8
                for dv in K8:
                    d1 = (s[0] + dv[0], s[1] + dv[1])
                    d2 = (d1[0] + dv[0], d1[1] + dv[1])
                    d3 = (d2[0] + dv[0], d2[1] + dv[1])
                    for t in (d1, d2, d3):          # kind 1
                        if free_or_enemy(t):
                            out.append((s, t, ()))
                    if enemy(d1):
                        out.append((s, s, (d1,)))   # kind 2
                        if free_or_enemy(d2):
                            out.append((s, d2, (d1,)))   # kind 4
                        if free_or_enemy(d3):
                            out.append((s, d3, (d1,)))   # kind 5
                    if enemy(d2):
                        if free_or_enemy(d1):
                            out.append((s, d1, (d2,)))   # kind 3
                        if free_or_enemy(d3):
                            out.append((s, d3, (d2,)))   # kind 6
                    if enemy(d1) and enemy(d2) and free_or_enemy(d3):
                        out.append((s, d3, (d1, d2)))    # kind 7
                if any(empty((s[0] + dx, s[1] + dy)) for dx, dy in K8):
                    out.append((s, s, ()))               # kind 8
            elif sp in ("hookR", "hookB"):
                dirs = ORTH if sp == "hookR" else DIAG
                for dv in dirs:
                    t = (s[0] + dv[0], s[1] + dv[1])
                    while empty(t):
                        out.append((s, t, ()))
                        for d2 in ((dv[1], -dv[0]), (-dv[1], dv[0])):
                            u = (t[0] + d2[0], t[1] + d2[1])
                            while on(u):
                                if u in b:
                                    if b[u][0] != col:
                                        out.append((s, u, ()))
                                    break
                                out.append((s, u, ()))
                                u = (u[0] + d2[0], u[1] + d2[1])
                        t = (t[0] + dv[0], t[1] + dv[1])
                    if enemy(t):
                        out.append((s, t, ()))
            elif sp == "emperor":
                for x in range(self.W):
                    for y in range(self.H):
                        t = (x, y)
                        if t == s:
                            continue
                        if t not in b:
                            out.append((s, t, ()))
                        elif b[t][0] != col:
                            if b[t][1] in self.v.royal and self.emperor_protected(b, s, t):
                                continue
                            out.append((s, t, ()))
            elif isinstance(sp, tuple) and sp[0] == "limited":
                self.sting_moves(s, sp[1], col, enemy, empty, free_or_enemy, out)
            else:
                self.new_special(b, s, col, tok, sp, out)
        return out

    @staticmethod
    def sting_moves(s, dirs, col, enemy, empty, free_or_enemy, out):
        """Limited Lion power along single directions (Chu/Dai Horned Falcon
        and Soaring Eagle, Nutty Eagle and Unicorn): step to the first square,
        jump to the second, capture on the first and go on or return (igui);
        a pass, once per piece (docs/notation.md), if some first square is empty."""
        can_pass = False
        for dv in dirs:
            f1 = Gen.add(s, dv, col); f2 = Gen.add(f1, dv, col)
            if free_or_enemy(f1):
                out.append((s, f1, ()))
            if free_or_enemy(f2):
                out.append((s, f2, ()))
            if enemy(f1):
                out.append((s, s, (f1,)))
                if free_or_enemy(f2):
                    out.append((s, f2, (f1,)))
            if empty(f1):
                can_pass = True
        if can_pass:
            out.append((s, s, ()))

    # -------------------------------------------------- Nutty / Suzumu specials
    def jrank(self, tok):
        ranks = {"nutty": NUT_RANK, "suzumu": SUZ_RANK, "tenjiku": TEN_RANK}[self.v.kind]
        return ranks.get(tok, 0)

    def area3(self, b, s, col):
        """nutty.md 5.3 / suzumu.md 5.1(2): up to 3 king steps through empty
        squares, the last may capture; back on s = pass."""
        dests = set(); cur = {s}
        for _ in range(3):
            nxt = set()
            for q in cur:
                for dx, dy in K8:
                    t = (q[0] + dx, q[1] + dy)
                    if not self.on(t):
                        continue
                    if t == s:
                        dests.add(t)
                    elif t in b:
                        if b[t][0] != col:
                            dests.add(t)
                    else:
                        dests.add(t); nxt.add(t)
            cur = nxt
        return dests

    def new_special(self, b, s, col, tok, sp, out):
        on = self.on; add = self.add

        def enemy(t):
            return on(t) and t in b and b[t][0] != col

        def empty(t):
            return on(t) and t not in b

        def free_or_enemy(t):
            return on(t) and (t not in b or b[t][0] != col)

        def skey(q):
            return (q[1], q[0])

        if sp in ("area3", "area3-nopass"):
            # tenjiku.md 9.4 (no-area-pass): no area move ends on s
            for t in self.area3(b, s, col):
                if t != s or sp == "area3":
                    out.append((s, t, ()))
        elif sp == "harpy":
            for dv in A_JUMPS + D_JUMPS:
                t = (s[0] + dv[0], s[1] + dv[1])
                if free_or_enemy(t):
                    out.append((s, t, ()))
            for dv in DIAG:
                a = (s[0] + dv[0], s[1] + dv[1])
                if enemy(a):
                    for d2 in DIAG:
                        t = (a[0] + d2[0], a[1] + d2[1])
                        if t == s:
                            out.append((s, s, (a,)))
                        elif free_or_enemy(t):
                            out.append((s, t, (a,)))
            if any(empty((s[0] + dx, s[1] + dy)) for dx, dy in DIAG):
                out.append((s, s, ()))
        elif sp[0] == "sting":
            self.sting_moves(s, sp[1], col, enemy, empty, free_or_enemy, out)
        elif sp[0] == "tetrarch":
            for dv in K8:
                limit = 3 if dv in (LEFT, RIGHT) else None
                t = add(s, dv, col); k = 1
                t = add(t, dv, col); k += 1
                while on(t) and (limit is None or k <= limit):
                    if t in b:
                        if b[t][0] != col:
                            out.append((s, t, ()))
                        break
                    out.append((s, t, ()))
                    t = add(t, dv, col); k += 1
            adj = [(s[0] + dx, s[1] + dy) for dx, dy in K8]
            en = sorted([a for a in adj if enemy(a)], key=skey)
            for a in en:
                out.append((s, s, (a,)))
            if sp[1]:
                for i in range(len(en)):
                    for j in range(i + 1, len(en)):
                        out.append((s, s, (en[i], en[j])))
        elif sp[0] in ("njump", "njump-lower"):
            # nutty.md 5.2: capture beyond any number of lower-ranked pieces
            # (tenjiku.md 9.2 and 9.5: the victim must rank lower too)
            my = self.jrank(tok)
            for dv in sp[1]:
                t = add(s, dv, col); first = True
                while on(t):
                    if t in b:
                        if (not first and b[t][0] != col
                                and (sp[0] == "njump" or self.jrank(b[t][1]) < my)):
                            out.append((s, t, ()))
                        if self.jrank(b[t][1]) >= my:
                            break
                        first = False
                    t = add(t, dv, col)
        elif sp[0] == "sjump":
            # suzumu.md 5.2: jump 1 or 2 lower-ranked pieces, capture beyond,
            # jumped enemies optionally captured in passing
            my = self.jrank(tok)
            for dv in sp[1]:
                t = add(s, dv, col); occ = []
                while on(t) and len(occ) < 3:
                    if t in b:
                        occ.append(t)
                    t = add(t, dv, col)
                for n in (1, 2):
                    if len(occ) <= n:
                        break
                    jumped = occ[:n]
                    if any(self.jrank(b[q][1]) >= my for q in jumped):
                        break
                    tg = occ[n]
                    if not enemy(tg):
                        continue
                    ens = [q for q in jumped if b[q][0] != col]
                    subsets = [()]
                    for q in ens:
                        subsets += [x + (q,) for x in subsets]
                    for sub in subsets:
                        out.append((s, tg, tuple(sorted(sub, key=lambda q: dist(s, q)))))
        elif sp == "sdemon":
            # suzumu.md 5.1
            zs = set()
            for dv in DIAG + [LEFT, RIGHT]:
                t = add(s, dv, col)
                while on(t):
                    if t in b:
                        if b[t][0] != col:
                            zs.add(t)
                        break
                    zs.add(t)
                    t = add(t, dv, col)
            zs |= self.area3(b, s, col)
            zs.discard(s)
            for z in zs:
                out.append((s, z, ()))
                cand = sorted([(z[0] + dx, z[1] + dy) for dx, dy in K8], key=skey)
                cand = [q for q in cand if enemy(q) and b[q][1] not in SUZ_DEMONS]
                for i in range(len(cand)):
                    out.append((s, z, (cand[i],)))
                    for j in range(i + 1, len(cand)):
                        out.append((s, z, (cand[i], cand[j])))
            adj = sorted([(s[0] + dx, s[1] + dy) for dx, dy in K8], key=skey)
            en = [a for a in adj if enemy(a)]
            for i in range(len(en)):
                out.append((s, s, (en[i],)))
                for j in range(i + 1, len(en)):
                    out.append((s, s, (en[i], en[j])))
            if any(empty(a) for a in adj):
                out.append((s, s, ()))
        else:
            raise ValueError(sp)

    def captures_square(self, b, q, target):
        """Has the piece on q a pseudo-legal capture of the piece on target?"""
        for (_, t, kills) in self.raw_moves(b, q):
            if t == target and t != q or target in kills:
                return True
        return False

    def emperor_protected(self, b, s, t):
        """macadamia.md 5.1: after the Emperor on s captures the royal on t,
        could some other piece of the victim's side capture on t?  An enemy
        Emperor guards every square."""
        vcol = b[t][0]
        bb = dict(b)
        bb[t] = bb.pop(s)
        for q, (c, tk) in bb.items():
            if c != vcol:
                continue
            if tk == "+K":
                return True
            if self.captures_square(bb, q, t):
                return True
        return False

    # -------------------------------------------------- Chu Lion trading rules
    def protected_chu(self, b, mv, victim_sq):
        s, t, kills = mv
        vcol = b[victim_sq][0]
        bb = dict(b)
        del bb[s]
        bridge = bb.pop(kills[0]) if kills else None
        attackers = [(q, p) for q, p in bb.items() if p[0] == vcol and q != victim_sq]
        if bridge is not None and bridge[0] == vcol:
            attackers.append((kills[0], bridge))
        for q, p in attackers:
            if self.attacks_on(bb, q, p, victim_sq):
                return True
        return False

    def attacks_on(self, bb, q, p, target):
        """piece p on q (board bb may lack it) attacks target square?  The
        target square is treated as holding an enemy of p."""
        b2 = dict(bb); b2[q] = p
        if target not in b2 or b2[target][0] == p[0]:
            b2[target] = (1 - p[0], "K")
        return self.captures_square(b2, q, target)

    def legal_trading(self, pos, mv):
        b = pos.b
        s, t, kills = mv
        col, tok = b[s]
        caps = captured(b, mv)
        lion_caps = [q for q in caps if b[q][1] in CHU_LIONS]
        if not lion_caps:
            return True
        if tok not in CHU_LIONS:
            return not pos.strike     # rule 2
        for q in lion_caps:          # rule 1
            if dist(s, q) <= 1:
                continue
            if kills and len(caps) == 2 and q != kills[0]:
                if b[kills[0]][1] not in ("P", "I"):
                    continue
            if self.protected_chu(b, mv, q):
                return False
        return True

    # -------------------------------------------------- legal moves
    def royals(self, pos, col):
        return sum(1 for p in pos.b.values() if p[0] == col and p[1] in self.v.royal)

    def in_zone(self, col, s, depth):
        return s[1] >= self.H - depth if col == 0 else s[1] < depth

    def rank_from_end(self, col, s):
        return self.H - 1 - s[1] if col == 0 else s[1]

    def unique_moves(self, b, side, frozen=()):
        """(colour, token, move) for each effect of side's pieces not on a
        frozen square, once: docs/notation.md counts a move once per effect."""
        seen = set()
        for s, (col, tok) in list(b.items()):
            if col != side or s in frozen:
                continue
            for mv in self.raw_moves(b, s):
                key = (mv[0], mv[1], frozenset(mv[2]))
                if key not in seen:
                    seen.add(key)
                    yield col, tok, mv

    def gen(self, pos):
        """Moves as (from, to, kills, suffix, new token or None)."""
        v = self.v
        if self.royals(pos, 0) == 0 or self.royals(pos, 1) == 0:
            return []
        res = []
        b = pos.b
        if v.kind in ("nutty", "suzumu", "tenjiku"):
            return self.gen_nut_suz(pos)
        for col, tok, mv in self.unique_moves(b, pos.side):
            if v.kind == "chu" and not self.legal_trading(pos, mv):
                continue
            caps = captured(b, mv)
            fr, to = mv[0], mv[1]
            if v.kind in ("chu", "dai"):
                zone = 4 if v.kind == "chu" else 5
                promotable = CHU_PROMOTABLE if v.kind == "chu" else DAI_PROMOTABLE
                offer = False
                if tok in promotable and fr != to:
                    if not caps and not self.in_zone(col, fr, zone) and self.in_zone(col, to, zone):
                        offer = True
                    if caps and (self.in_zone(col, fr, zone) or self.in_zone(col, to, zone)):
                        offer = True
                    if v.kind == "chu":
                        if tok in ("P", "L") and self.rank_from_end(col, to) == 0:
                            offer = True
                    else:
                        if tok in ("P", "L", "I", "U") and self.rank_from_end(col, to) == 0:
                            offer = True
                        if tok == "N" and self.rank_from_end(col, to) <= 1:
                            offer = True
                res.append(mv + ("", None))
                if offer:
                    res.append(mv + ("+", "+" + tok))
            elif v.kind == "wa":
                # wa.md 4: a move starting or ending in the 3-rank zone may
                # promote; Pawn and Oxcart must on the last rank
                offer = tok in WA_PROMOTABLE and (self.in_zone(col, fr, 3) or self.in_zone(col, to, 3))
                if v.hachu and offer and not caps:
                    # HaChu's rule: without a capture only a move entering
                    # the zone promotes, or a Pawn or Oxcart reaching the
                    # last rank (where it must)
                    offer = not self.in_zone(col, fr, 3) or (
                        tok in WA_FORCED and self.rank_from_end(col, to) == 0)
                if not (offer and tok in WA_FORCED and self.rank_from_end(col, to) == 0):
                    res.append(mv + ("", None))
                if offer:
                    res.append(mv + ("+", "+" + tok))
            elif v.kind == "cashew":
                if caps and tok in CAS_PROMO:
                    res.append(mv + ("+", CAS_PROMO[tok]))
                else:
                    res.append(mv + ("", None))
            else:
                for r in self.mac_results(b, tok, caps):
                    res.append(mv + r)
        return res

    def demon_adjacent(self, b, t, col, gone, own=False):
        """nutty.md 5.1.3: is t next to an enemy (of col) Fire Demon that is
        not among the squares in gone? With own, a Demon of col's side counts
        too (HaChu's Tenjiku: its own Demons burn the mover, tenjiku.md 9.2)."""
        for dx, dy in K8:
            q = (t[0] + dx, t[1] + dy)
            if q in b and q not in gone and (own or b[q][0] != col) and b[q][1] in NUT_DEMONS:
                return True
        return False

    def gen_nut_suz(self, pos):
        v = self.v; b = pos.b; side = pos.side
        res = []
        nutty = v.kind == "nutty"
        burning = v.kind in ("nutty", "tenjiku")
        frozen = set()
        if v.kind == "suzumu":
            for q, (c, tk) in b.items():
                if c != side and tk == "+C!":
                    for dx, dy in K8:
                        a = (q[0] + dx, q[1] + dy)
                        if a in b and b[a][0] == side and b[a][1] != "+C!":
                            frozen.add(a)
        for col, tok, mv in self.unique_moves(b, side, frozen):
            caps = captured(b, mv)
            fr, to = mv[0], mv[1]
            if burning:
                # HaChu: a Demon the move captures still burns, and so do
                # the mover's own Demons (tenjiku.md 9.2)
                if (self.demon_adjacent(b, to, col, {fr}, own=True) if v.hachu
                        else self.demon_adjacent(b, to, col, set(caps))):
                    res.append(mv + ("", None))     # burnt on arrival: 9.1
                    continue
                if nutty:
                    offer = tok in NUT_PROMOTABLE and (
                        (not self.in_zone(col, fr, 4) and self.in_zone(col, to, 4))
                        or (caps and self.in_zone(col, fr, 4)))
                else:
                    # tenjiku.md 4: Chu's rule in a 5-rank zone, and the
                    # second chance on the ranks a piece could never leave
                    dead = ((tok in ("P", "L", "I") and self.rank_from_end(col, to) == 0)
                            or (tok == "N" and self.rank_from_end(col, to) <= 1))
                    offer = tok in TEN_PROMOTABLE and (
                        (not caps and not self.in_zone(col, fr, 5) and self.in_zone(col, to, 5))
                        or (caps and (self.in_zone(col, fr, 5) or self.in_zone(col, to, 5)))
                        or dead)
                    if offer and dead and v.forced:
                        res.append(mv + ("+", "+" + tok))   # forced (9.2, 9.6)
                        continue
                res.append(mv + ("", None))
                if offer:
                    res.append(mv + ("+", "+" + tok))
            else:
                offer = tok in SUZ_PROMOTABLE and (self.in_zone(col, fr, 5) or self.in_zone(col, to, 5))
                skip = fr == to and not mv[2]
                if not (skip and pos.skipped[side]):
                    res.append(mv + ("", None))
                if offer:
                    res.append(mv + ("+", "+" + tok))
        return res

    def mac_results(self, b, tok, caps):
        """macadamia.md 4, resolution order; caps in path order with the
        destination victim last."""
        if not caps:
            return [("", None)]
        vict = [b[q][1] for q in caps]
        kinds = [x for x in vict if x in PRIESTS or x in PIRATES]
        if kinds:
            if tok not in ("K", "E", "+E", "+K"):
                return [("", "+I'" if kinds[-1] in PRIESTS else "+J'")]
            if tok in ("K", "E"):
                return [("+", MAC_PROMO[tok])]
            return [("", None)]
        if not tok.startswith("+") and tok in MAC_PROMO:
            if any(x.startswith("+") for x in vict):
                return [("+", MAC_PROMO[tok])]
            return [("", None), ("+", MAC_PROMO[tok])]
        return [("", None)]

    # -------------------------------------------------- make / unmake
    def make(self, pos, m):
        s, t, kills, suffix, newtok = m
        b = pos.b
        col, tok = b[s]
        caps = captured(b, m[:3])
        pos.hist.append((dict(b), pos.side, pos.strike, pos.skipped))
        strike = (self.v.kind == "chu" and tok not in CHU_LIONS
                  and any(b[q][1] in CHU_LIONS for q in caps))
        for q in kills:
            del b[q]
        del b[s]
        b[t] = (col, newtok if newtok else tok)
        if self.v.kind in ("nutty", "tenjiku"):
            # nutty.md 5.1.6, tenjiku.md 5.1.6: passive burn, (promotion),
            # active burn
            old = pos.hist[-1][0]
            if (self.demon_adjacent(old, t, col, {s}, own=True) if self.v.hachu
                    else self.demon_adjacent(b, t, col, set())):
                del b[t]
            elif b[t][1] in NUT_DEMONS and not (self.v.hachu and tok not in NUT_DEMONS):
                # HaChu: a Water Buffalo promoting to a Demon does not burn
                for dx, dy in K8:
                    q = (t[0] + dx, t[1] + dy)
                    if q in b and b[q][0] != col:
                        del b[q]
        elif self.v.kind == "suzumu":
            sk = list(pos.skipped)
            sk[col] = (s == t and not kills and newtok is None)
            pos.skipped = tuple(sk)
        pos.side ^= 1
        pos.strike = strike

    def unmake(self, pos):
        b, side, strike, skipped = pos.hist.pop()
        pos.b = b; pos.side = side; pos.strike = strike; pos.skipped = skipped

    def mtext(self, m):
        s, t, kills, suffix, _ = m
        if s == t and not kills:
            return self.sqname(s) * 2 + suffix
        out = ""; at = s
        for k in kills:
            out += self.sqname(at) + self.sqname(k) + ","; at = k
        out += self.sqname(at) + self.sqname(t)
        return out + suffix

    def parse(self, pos, text):
        text = text.strip()
        ms = self.gen(pos)
        for m in ms:
            if self.mtext(m) == text:
                return m
        for m in ms:
            # a bare pass: a skip, never a pass that promotes (suzumu.md 9.1)
            if m[0] == m[1] and not m[2] and not m[3] and text == "@@@@":
                return m
        raise ValueError("illegal " + text)

    def perft(self, pos, d):
        ms = self.gen(pos)
        if d <= 1:
            return len(ms) if d == 1 else 1
        n = 0
        for m in ms:
            self.make(pos, m); n += self.perft(pos, d - 1); self.unmake(pos)
        return n


def captured(b, mv):
    s, t, kills = mv[:3]
    caps = list(kills)
    if t != s and t in b:
        caps.append(t)
    return caps


def run(variant, fen, depth, moves=(), divide=False, out=print):
    var = VARIANTS[variant]
    g = Gen(var)
    pos = Pos(var, fen)
    for t in moves:
        g.make(pos, g.parse(pos, t))
    if divide:
        total = 0
        for m in g.gen(pos):
            if depth > 1:
                g.make(pos, m); n = g.perft(pos, depth - 1); g.unmake(pos)
            else:
                n = 1
            total += n
            out(g.mtext(m), n)
        out("total", total)
        return total
    n = g.perft(pos, depth)
    out("total", n)
    return n


def to_fen(pos):
    """Board + side of a position (a FEN cannot hold the Chu counter-strike
    state)."""
    var = pos.v
    rows = []
    for y in range(var.H - 1, -1, -1):
        row, e = "", 0
        for x in range(var.W):
            p = pos.b.get((x, y))
            if p is None:
                e += 1
                continue
            if e:
                row += str(e); e = 0
            tok = p[1]
            row += tok if p[0] == 0 else tok.lower()
        if e:
            row += str(e)
        rows.append(row)
    return "/".join(rows) + (" w" if pos.side == 0 else " b") + " - 0 1"


def fen_after(variant, fen, moves):
    var = VARIANTS[variant]
    g = Gen(var)
    pos = Pos(var, fen)
    for t in moves:
        g.make(pos, g.parse(pos, t))
    return to_fen(pos)


# convenience for other scripts
def perft(variant, fen, depth, moves=()):
    var = VARIANTS[variant]
    g = Gen(var)
    pos = Pos(var, fen)
    for t in moves:
        g.make(pos, g.parse(pos, t))
    return g.perft(pos, depth)


if __name__ == "__main__":
    args = [a for a in sys.argv[1:] if a != "--divide"]
    if len(args) < 3:
        sys.exit(__doc__)
    run(args[0], args[1], int(args[2]), args[3].split() if len(args) > 3 else [],
        "--divide" in sys.argv)
