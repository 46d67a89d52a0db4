"""The type stubs agree with the module (mypy's stubtest), and the package
type-checks under mypy --strict."""

from __future__ import annotations

import subprocess
import sys

from conftest import missing


def have_mypy() -> bool:
    return subprocess.run([sys.executable, "-c", "import mypy"], capture_output=True).returncode == 0


def test_stubs_match_the_module() -> None:
    if not have_mypy():
        missing("mypy is not installed (pip install mypy)")
    r = subprocess.run(
        [sys.executable, "-m", "mypy.stubtest", "fvnote"], capture_output=True, text=True, cwd="/"
    )
    assert r.returncode == 0, r.stdout + r.stderr


def test_the_package_type_checks() -> None:
    if not have_mypy():
        missing("mypy is not installed (pip install mypy)")
    r = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", "-p", "fvnote"],
        capture_output=True,
        text=True,
        cwd="/",
    )
    assert r.returncode == 0, r.stdout + r.stderr
