"""The wheel's `fvnote` command behaves as the Rust binary: the same
output and the same exit status."""

from __future__ import annotations

import pathlib
import subprocess
import sys

import pytest

from conftest import FIXTURES

CHESS = str(FIXTURES / "chess")
INVALID = str(FIXTURES / "chess" / "invalid" / "ambiguous-knight.pgn")
VALID = str(FIXTURES / "fault-line" / "valid" / "01-king-captured-after-refusal.pgn")

RUNS = [
    ["--version"],
    ["--help"],
    ["variants"],
    ["validate", CHESS],
    ["validate", "--format", "json", CHESS],
    ["validate", VALID],
    ["validate", "no-such-file.pgn"],
    ["validate", "--no-such-flag"],
    ["moves", "--variant", "quake"],
    ["perft", "3", "--variant", "slide"],
    ["perft", "99"],
    ["explain", "FL6"],
    ["explain", "XX9"],
    ["convert", "--to", "json", INVALID],
    ["show", "--variant", "grid"],
    ["gen", "rank-and-file", "2", "--seed", "7"],
    [],
]


def run(command: list[str], stdin: str = "") -> tuple[int, str, str]:
    r = subprocess.run(command, input=stdin, capture_output=True, text=True, cwd=FIXTURES)
    return r.returncode, r.stdout, r.stderr


@pytest.mark.parametrize("args", RUNS, ids=lambda a: " ".join(a) or "(none)")
def test_the_command_is_the_binary(args: list[str], fvnote_command: str, rust_binary: str) -> None:
    assert run([fvnote_command, *args]) == run([rust_binary, *args])


def test_exit_statuses(fvnote_command: str) -> None:
    assert run([fvnote_command, "validate", VALID])[0] == 0
    assert run([fvnote_command, "validate", INVALID])[0] == 1
    assert run([fvnote_command, "validate", "no-such-file.pgn"])[0] == 2
    assert run([fvnote_command, "--no-such-flag"])[0] == 2
    assert run([fvnote_command, "--help"])[0] == 0


def test_standard_input_and_python_dash_m(fvnote_command: str) -> None:
    code, out, _ = run([fvnote_command, "validate", "-q", "-"], "1. e4 e5 2. Ke3 *\n")
    assert code == 1
    code, out, _ = run([sys.executable, "-m", "fvnote", "perft", "2"])
    assert (code, out) == (0, "400\n")


def test_a_closed_pipe_ends_quietly(fvnote_command: str, tmp_path: pathlib.Path) -> None:
    script = f"'{fvnote_command}' gen chess 2000 --seed 3 | head -c 100 >/dev/null; echo ${{PIPESTATUS[0]}}"
    r = subprocess.run(["bash", "-c", script], capture_output=True, text=True)
    assert r.stdout.strip() == "0" and r.stderr == ""
