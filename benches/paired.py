#!/usr/bin/env python3
"""Times commands in turn, round after round, and compares each with the first.

    benches/paired.py RUNS NAME=COMMAND [NAME=COMMAND ...]

Each round runs every command once, in the order given (after one warm-up
round that is not counted), and records its CPU time (user + system of the
child). A command that exits non-zero stops the script. Printed, one line
per command:

    NAME MEDIAN MIN MAX RATIO

in seconds, where RATIO is the median over the rounds of (the first
command's time in that round) / (this command's time in that round). Taking
the ratio round by round keeps it meaningful when the machine's speed
drifts, as it does on shared machines by a third from minute to minute;
timing one command's runs and then the other's does not.

COMMAND is split as a shell splits words (shlex); pin it yourself with
`taskset -c 0` and set RAYON_NUM_THREADS in the environment.
"""

import os
import shlex
import statistics
import subprocess
import sys


def cpu_seconds(argv):
    """The CPU time of one run of argv, to the microsecond (wait4's rusage)."""
    child = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(child.pid, 0)
    code = os.waitstatus_to_exitcode(status)
    if code != 0:
        sys.exit(f"paired.py: {shlex.join(argv)} exited with {code}")
    return usage.ru_utime + usage.ru_stime


def main():
    if len(sys.argv) < 3 or not sys.argv[1].isdigit() or int(sys.argv[1]) < 1:
        sys.exit("usage: benches/paired.py RUNS NAME=COMMAND [NAME=COMMAND ...]")
    runs = int(sys.argv[1])
    commands = []
    for spec in sys.argv[2:]:
        name, sep, command = spec.partition("=")
        if not sep or not name or not command:
            sys.exit(f"paired.py: expected NAME=COMMAND, found {spec!r}")
        commands.append((name, shlex.split(command)))
    times = {name: [] for name, _ in commands}
    for round_ in range(runs + 1):
        for name, argv in commands:
            t = cpu_seconds(argv)
            if round_ > 0:
                times[name].append(t)
    first = times[commands[0][0]]
    for name, _ in commands:
        ts = times[name]
        ratio = statistics.median(f / t for f, t in zip(first, ts) if t > 0)
        print(name, statistics.median(ts), min(ts), max(ts), ratio)


if __name__ == "__main__":
    main()
