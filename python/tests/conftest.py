"""Shared helpers: the repository's paths, the installed `fvnote` command,
the Rust binary to hold it to, and peers that CI must have."""

from __future__ import annotations

import os
import pathlib
import sysconfig

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "fixtures"
CI = os.environ.get("CI") in ("true", "1")


def missing(reason: str) -> None:
    """A peer is missing: skip, or fail under CI=true (a CI run never
    reports a check it did not make)."""
    if CI:
        pytest.fail(f"{reason}; CI=true requires it (see .ci/run)")
    pytest.skip(reason)


@pytest.fixture(scope="session")
def fvnote_command() -> str:
    """The wheel's `fvnote` script (the Python entry point, not a binary)."""
    script = pathlib.Path(sysconfig.get_path("scripts")) / "fvnote"
    if not script.exists():
        pytest.fail(f"{script} not found: is the package installed (pip install .)?")
    assert script.read_bytes()[:2] == b"#!", f"{script} is not the wheel's script"
    return str(script)


@pytest.fixture(scope="session")
def rust_binary() -> str:
    """The Rust binary built from the same source (`cargo build`)."""
    given = os.environ.get("FVNOTE_BIN")
    dirs = [os.environ.get("CARGO_TARGET_DIR"), str(ROOT / "target")]
    candidates = [given] if given else [os.path.join(d, "debug", "fvnote") for d in dirs if d]
    for c in candidates:
        if c and os.access(c, os.X_OK):
            return c
    missing(f"no Rust fvnote binary among {candidates} (cargo build, or set FVNOTE_BIN)")
    raise AssertionError("unreachable")


def fixture_files(kind: str) -> list[pathlib.Path]:
    """Every PGN fixture of `kind` (`valid` or `invalid`), all variants."""
    return sorted(FIXTURES.glob(f"*/{kind}/*.pgn"))
