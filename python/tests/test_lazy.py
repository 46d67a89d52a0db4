"""A 100,000-game archive read lazily: memory stays bounded per game."""

from __future__ import annotations

import json
import pathlib
import subprocess
import sys

# Run in its own process, so that the peak (VmHWM) is this read's alone.
READER = r"""
import json, sys, fvnote

def peak_kib():
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmHWM:"):
                return int(line.split()[1])

start = peak_kib()
games = plies = invalid = 0
for game in fvnote.read_games(sys.argv[1]):
    games += 1
    plies += len(game.moves)
    invalid += not game.valid
    if games == 10_000:
        at_10k = peak_kib()
print(json.dumps(dict(games=games, plies=plies, invalid=invalid,
                      start=start, at_10k=at_10k, end=peak_kib())))
"""

MIB = 1024


def test_a_100000_game_archive_reads_in_bounded_memory(fvnote_command: str, tmp_path: pathlib.Path) -> None:
    archive = tmp_path / "100k.pgn"
    subprocess.run(
        [fvnote_command, "gen", "chess", "100000", "--seed", "1", "--max-plies", "60", "-o", str(archive)],
        check=True,
    )
    size_mib = archive.stat().st_size / (1 << 20)
    assert size_mib > 50
    r = subprocess.run([sys.executable, "-c", READER, str(archive)], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    m = json.loads(r.stdout)
    print(f"archive {size_mib:.0f} MiB; peak memory KiB: {m}")
    assert (m["games"], m["invalid"]) == (100_000, 0) and m["plies"] > 3_000_000
    # The last 90,000 games add nothing to speak of: memory per game, not
    # per archive; the whole read takes far less than the archive's size.
    assert m["end"] - m["at_10k"] < 4 * MIB
    assert m["end"] - m["start"] < 32 * MIB < size_mib * MIB
