#!/usr/bin/env python3
"""Write the values `kyodai tune VARIANT --data FILE` printed into engine.ini.

Usage: kyodai tune chu --data chu.data > tuned.txt
       scripts/apply_tuned.py tuned.txt [engine.ini] [--agree HALF1 HALF2] [--values-only]
                              [--keep NAME ...]

The tuner's output names its section (`[chu]`), gives each changed piece
value as a comment (`# piece R (Rook): value=641 (was 600)`) and each
changed `eval-*` weight as a line after a comment with its value before
(`# eval-promotion (was 20)`). In that section of the ini file, each `piece =`
line of a changed piece gets the new `value=` (added to its options when it
had none), each `eval-*` line the new
weight, and a weight the section does not set yet is added after its last
`eval-*` line. Nothing else in the file changes. Exits with 1 and a message
if the section, a piece or a value cannot be found.

--agree HALF1 HALF2: the tuner's output on two disjoint halves of the data
(`--data` each); a value is written only where both halves moved it the
same way from where it was, the others stay (the halves disagreeing means
the data do not tell). --keep NAME ...: pieces (by token) or weights (as
eval-NAME) left as they are. --values-only: the piece values alone, every
eval-* weight left as it is (Chu's first fitted values were written so:
with the weights as well the fit lost in play). A fit made with `kyodai
tune --values-only` holds the weights already and prints none; one made
with `--weights-only` prints no piece value.
"""
import re
import sys

PIECE = re.compile(r"^# piece (\S+) \(.*\): value=(-?\d+) \(was (-?\d+)\)$")
WEIGHT = re.compile(r"^(eval-[a-z-]+) = (-?\d+)$")
WEIGHT_BEFORE = re.compile(r"^# (eval-[a-z-]+) \(was (-?\d+)\)$")


def read_tuned(text):
    """The section, {token: (new, old)} and {eval-name: (new, old)} of one output."""
    section, values, weights, before = None, {}, {}, {}
    for line in text.splitlines():
        line = line.strip()
        if re.fullmatch(r"\[[^\]]+\]", line):
            section = line[1:-1]
        elif m := PIECE.match(line):
            values[m.group(1)] = (m.group(2), m.group(3))
        elif m := WEIGHT_BEFORE.match(line):
            before[m.group(1)] = m.group(2)
        elif m := WEIGHT.match(line):
            if m.group(1) not in before:
                raise ValueError(f"{m.group(1)}: no '# {m.group(1)} (was N)' line before it")
            weights[m.group(1)] = (m.group(2), before[m.group(1)])
    if section is None:
        raise ValueError("no [section] line in the tuner's output")
    return section, values, weights


def agreed(changes, halves):
    """Of {name: (new, old)}, the changes every half's {name: (new, old)}
    makes in the same direction (a half that leaves a value alone does
    not agree)."""
    def direction(new, old):
        return (int(new) > int(old)) - (int(new) < int(old))
    kept = {}
    for name, (new, old) in changes.items():
        moves = {direction(half.get(name, (old, old))[0], old) for half in halves}
        if len(moves) == 1 and 0 not in moves:
            kept[name] = (new, old)
    return kept


def apply(ini, section, values, weights):
    lines = ini.split("\n")
    start = next((i for i, l in enumerate(lines) if l.strip() == f"[{section}]"), None)
    if start is None:
        raise ValueError(f"no [{section}] section")
    end = next((i for i in range(start + 1, len(lines)) if lines[i].startswith("[")), len(lines))
    pending_values, pending_weights = dict(values), dict(weights)
    last_weight = None
    for i in range(start + 1, end):
        line = lines[i]
        if m := re.match(r"^(eval-[a-z-]+)\s*=", line):
            last_weight = i
            if m.group(1) in pending_weights:
                lines[i] = f"{m.group(1)} = {pending_weights.pop(m.group(1))[0]}"
        elif m := re.match(r"^piece\s*=\s*(\S+)\s*\|", line):
            token = m.group(1)
            if token in pending_values:
                value = pending_values.pop(token)[0]
                new, count = re.subn(r"\bvalue=-?\d+", f"value={value}", line)
                if count == 0 and line.count("|") == 5:
                    # No value= yet (the value was worked out from the
                    # piece's mobility): it joins the options, the last field.
                    new = f"{line.rstrip()} value={value}"
                elif count != 1:
                    raise ValueError(f"piece {token}: cannot place value= in '{line}'")
                lines[i] = new
    if pending_values:
        raise ValueError(f"pieces not in [{section}]: {' '.join(sorted(pending_values))}")
    if pending_weights:
        if last_weight is None:
            raise ValueError(f"[{section}] has no eval-* line to add weights after")
        added = [f"{name} = {new}" for name, (new, _) in pending_weights.items()]
        lines[last_weight + 1:last_weight + 1] = added
    return "\n".join(lines)


def main():
    args = sys.argv[1:]
    keep = []
    if "--keep" in args:
        at = args.index("--keep")
        keep, args = args[at + 1:], args[:at]
    values_only = "--values-only" in args
    args = [a for a in args if a != "--values-only"]
    halves = None
    if "--agree" in args:
        at = args.index("--agree")
        halves, args = args[at + 1:at + 3], args[:at] + args[at + 3:]
    if len(args) not in (1, 2) or (halves is not None and len(halves) != 2):
        print(__doc__.strip(), file=sys.stderr)
        return 2
    ini_path = args[1] if len(args) == 2 else "engine.ini"
    try:
        with open(args[0]) as f:
            section, values, weights = read_tuned(f.read())
        with open(ini_path) as f:
            ini = f.read()
        if halves is not None:
            read = []
            for path in halves:
                with open(path) as f:
                    read.append(read_tuned(f.read()))
            if any(h[0] != section for h in read):
                raise ValueError("the halves tuned another section")
            values = agreed(values, [h[1] for h in read])
            weights = agreed(weights, [h[2] for h in read])
        values = {t: v for t, v in values.items() if t not in keep}
        weights = {n: v for n, v in weights.items() if n not in keep and not values_only}
        out = apply(ini, section, values, weights)
    except (OSError, ValueError) as e:
        print(f"apply_tuned.py: {e}", file=sys.stderr)
        return 1
    with open(ini_path, "w") as f:
        f.write(out)
    print(f"{ini_path}: [{section}] {len(values)} piece values, {len(weights)} weights",
          file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
