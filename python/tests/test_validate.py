"""validate: the verdicts are those of `fvnote validate --format json`."""

from __future__ import annotations

import json
import pathlib
import subprocess

import pytest

import fvnote
from conftest import FIXTURES, fixture_files


@pytest.mark.parametrize("variant", sorted(p.name for p in FIXTURES.iterdir() if (p / "invalid").is_dir()))
def test_verdicts_equal_the_json_report(variant: str, fvnote_command: str) -> None:
    files = [str(p) for p in sorted((FIXTURES / variant).glob("*/*.pgn"))]
    report = subprocess.run(
        [fvnote_command, "validate", "--format", "json", *files],
        capture_output=True,
        text=True,
    )
    assert report.returncode == 1, report.stderr
    expected = [json.loads(line) for line in report.stdout.splitlines()]
    got = [v.to_json() for f in files for v in fvnote.validate(f)]
    assert got == expected


def test_read_games_and_validate_agree_on_every_fixture() -> None:
    for path in fixture_files("valid") + fixture_files("invalid"):
        by_games = [g.verdict.to_json() for g in fvnote.read_games(path)]
        assert by_games == [v.to_json() for v in fvnote.validate(path)], path


def test_a_verdict_says_validity_variant_errors_and_warnings() -> None:
    text = '[Variant "Fault Line"]\n\n1. S3e e4 2. Nf1-e3 *\n'
    (ok,) = fvnote.validate(text)
    assert ok.valid and bool(ok) and ok.variant == "fault-line" and ok.errors == []
    roster, lenient = ok.warnings
    assert "Seven Tag Roster" in roster.message
    assert (lenient.token, lenient.line, lenient.column) == ("Nf1-e3", 3, 14)
    assert lenient.message == "long algebraic notation: write Ne3"
    assert [(n.ruling, n.token) for n in ok.notes] == [("FL6", "S3e")]
    (strict,) = fvnote.validate(text, strict=True)
    assert not strict.valid and strict.error is not None


def test_a_ruling_is_cited_with_its_place_in_the_rule_book() -> None:
    path = FIXTURES / "grid" / "invalid"
    verdicts = [v for p in sorted(path.glob("*.pgn")) for v in fvnote.validate(p)]
    rulings = {v.error.ruling for v in verdicts if v.error}
    assert any(r and r.startswith("GR") for r in rulings)
    for v in verdicts:
        assert v.error is not None
        if v.error.ruling:
            assert v.error.ruling_doc and v.error.ruling_doc.startswith("notation/rules.md#")


def test_json_input_is_validated_too(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "g.json"
    path.write_text(fvnote.convert("1. e4 e5 2. Ke3 *\n", "json"))
    (v,) = fvnote.validate(path)
    assert not v.valid and v.error is not None and v.error.token == "Ke3"
