#!/usr/bin/env python3
"""Compare two `-print_coverage=1` reports of a libFuzzer target.

Prints the edges each function gained from BEFORE to AFTER (most first), then,
for the functions of `src/`, the `UNCOVERED_PC` source lines that became
covered.  Used to tell new code reached from known code reached from a new
side (see "What the corpus does not reach" in fuzz/README.md).

    fuzz/coverage_diff.py BEFORE.txt AFTER.txt
"""

import collections
import re
import sys

FUNC = re.compile(r"(?:UN)?COVERED_FUNC: hits: \d+ edges: (\d+)/\d+ (.*) (\S+):\d+$")
PC = re.compile(r"\s+UNCOVERED_PC: (\S+)")


def load(path):
    """Per (function, file): covered edges and a count of uncovered lines."""
    edges, uncovered, current = {}, collections.defaultdict(collections.Counter), None
    with open(path, errors="replace") as report:
        for line in report:
            if m := FUNC.match(line.rstrip()):
                current = (m.group(2), m.group(3))
                edges[current] = edges.get(current, 0) + int(m.group(1))
            elif (m := PC.match(line)) and current:
                uncovered[current][m.group(1)] += 1
    return edges, uncovered


def main():
    if len(sys.argv) != 3:
        raise SystemExit(__doc__.strip().splitlines()[-1].strip())
    (before, before_pcs), (after, after_pcs) = load(sys.argv[1]), load(sys.argv[2])
    gained = sorted(
        ((after.get(k, 0) - before.get(k, 0), k) for k in set(before) | set(after)),
        reverse=True,
    )
    gained = [(d, k) for d, k in gained if d]
    ours = sum(d for d, (_, f) in gained if "/src/" in f and "/.cargo/" not in f and "/rustc/" not in f)
    print(f"edges gained: {sum(d for d, _ in gained)}, {ours} in src/")
    for delta, (func, path) in gained:
        print(f"{delta:+5d} {func[:100]} {path}")
    for key in after_pcs:
        if key in before_pcs and "/rustc/" not in key[1] and "/.cargo/" not in key[1]:
            for line, n in (before_pcs[key] - after_pcs[key]).items():
                print(f"now covered: {key[0][:80]}: {line} (x{n})")


if __name__ == "__main__":
    main()
