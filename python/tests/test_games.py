"""read_games: every kind of source, the record's parts, verdicts, laziness."""

from __future__ import annotations

import io
import pathlib
import re

import pytest

import fvnote
from conftest import FIXTURES

ANNOTATED = """[Event "Example"]
[White "Anna"]
[Black "Ben"]
[Result "1-0"]

{A short game} 1. e4 {[%clk 0:05:00]} e5 2. Bc4 Nc6 3. Qh5 Nf6?? (3... g6 4. Qf3) 4. Qxf7# 1-0
"""


def test_a_game_has_tags_moves_comments_nags_and_variations() -> None:
    (game,) = list(fvnote.read_games(ANNOTATED))
    assert game.tags == [("Event", "Example"), ("White", "Anna"), ("Black", "Ben"), ("Result", "1-0")]
    assert game.tag("White") == "Anna" and game.tag("Round") is None
    assert game.variant == "chess" and game.result == "1-0" and game.valid
    assert [c.text for c in game.prelude] == ["A short game"]
    assert game.sans() == ["e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6", "Qxf7#"]
    e4 = game.moves[0]
    assert (e4.from_square, e4.to_square, e4.kind, e4.color, e4.piece) == ("e2", "e4", "move", "white", "P")
    assert e4.comments[0].commands == [("clk", "0:05:00")]
    nf6 = game.moves[5]
    assert nf6.nags == [4]
    (line,) = nf6.variations
    assert [p.san for p in line] == ["g6", "Qf3"] and line[1].from_square == "h5"
    mate = game.moves[6]
    assert (mate.kind, mate.captured, mate.check) == ("capture", "P", "#")


def test_typed_annotations_come_from_the_comments() -> None:
    text = "1. e4 {[%clk 0:02:59.9] [%eval 0.17,22] [%cal Ge2e4] [%csl Rf7]} e5 {[%emt 0:00:02] [%eval #-3]} *\n"
    (game,) = list(fvnote.read_games(text))
    e4, e5 = game.moves
    assert (e4.clock, e4.eval, e4.emt) == (179.9, {"pawns": 0.17, "depth": 22}, None)
    assert e4.arrows == [{"from": "e2", "to": "e4", "color": "green"}]
    assert e4.marks == [{"square": "f7", "color": "red"}]
    assert (e5.clock, e5.emt, e5.eval, e5.arrows) == (None, 2, {"mate": -3}, [])


def test_the_game_is_the_json_form_of_convert(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "a.pgn"
    path.write_text(ANNOTATED)
    (game,) = fvnote.read_games(path)
    assert [game.to_json()] == fvnote.to_json(path)


@pytest.mark.parametrize("kind", ["path", "pathlike", "text", "bytes", "binary file", "text file"])
def test_every_kind_of_source_reads_the_same(kind: str, tmp_path: pathlib.Path) -> None:
    path = tmp_path / "two.pgn"
    path.write_text("1. e4 e5 *\n\n1. d4 Nf6 2. c4 *\n")
    source = {
        "path": str(path),
        "pathlike": path,
        "text": path.read_text(),
        "bytes": path.read_bytes(),
        "binary file": io.BytesIO(path.read_bytes()),
        "text file": io.StringIO(path.read_text()),
    }[kind]
    games = list(fvnote.read_games(source))
    assert [g.sans() for g in games] == [["e4", "e5"], ["d4", "Nf6", "c4"]]
    assert [g.number for g in games] == [1, 2]


def test_a_path_names_its_verdicts_and_a_missing_one_fails_at_once(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "x.pgn"
    path.write_text("1. e4 *\n")
    assert next(fvnote.read_games(str(path))).verdict.file == str(path)
    with pytest.raises(FileNotFoundError):
        fvnote.read_games(str(tmp_path / "missing.pgn"))


def test_an_invalid_game_is_yielded_with_its_located_error() -> None:
    games = list(fvnote.read_games("1. e4 e5 2. Ke3 Nc6 *\n\n1. d4 d5 *\n"))
    bad, good = games
    assert not bad.valid and good.valid
    error = bad.verdict.error
    assert error is not None
    assert (error.line, error.column, error.token, error.ply) == (1, 13, "Ke3", 3)
    assert error.suggestions == ["Ke2"]
    # Plies after the error keep only what was written.
    assert [p.resolved for p in bad.moves] == [True, True, False, False]
    assert bad.moves[2].from_square is None


def test_raise_errors_raises_the_first_invalid_game() -> None:
    games = fvnote.read_games("1. d4 d5 *\n\n1. e4 e5 2. Ke3 *\n", raise_errors=True)
    assert next(games).valid
    with pytest.raises(fvnote.IllegalMoveError) as info:
        next(games)
    assert (info.value.file, info.value.line, info.value.column) == ("<text>", 3, 13)
    assert info.value.token == "Ke3"
    assert str(info.value).startswith("<text>:3:13: no king can reach e3")


@pytest.mark.parametrize(
    "path", sorted(FIXTURES.glob("*/invalid/*.pgn")), ids=lambda p: f"{p.parent.parent.name}/{p.stem}"
)
def test_each_invalid_fixture_raises_its_declared_error(path: pathlib.Path) -> None:
    (game,) = fvnote.read_games(path)
    # The tag `[ExpectedError "ply=N ruling=ID line=L column=C"]` (fixtures/README.md).
    found = re.search(r'ExpectedError "([^"]*)"', path.read_text())
    assert found, path
    declared = dict(f.split("=") for f in found.group(1).split())
    with pytest.raises(fvnote.FvnoteError) as info:
        game.verdict.raise_for_error()
    e = info.value
    assert e.file == str(path)
    assert (e.line, e.column) == (int(declared["line"]), int(declared["column"]))
    assert (e.ruling or "-") == declared["ruling"]


@pytest.mark.parametrize(
    ("text", "error"),
    [
        ("1. e4 {never closed\n", fvnote.ParseError),
        ("1. e4 Nf *\n", fvnote.ParseError),
        ('[SetUp "1"]\n[FEN "8/8 w - - 0 1"]\n\n1. e4 *\n', fvnote.ParseError),
        ("1. e4 e5 2. Ke3 *\n", fvnote.IllegalMoveError),
        ("1. f3 e5 2. g4 Qh4# 1/2-1/2\n", fvnote.InvalidGameError),
        ("1. e4 e5\n", fvnote.InvalidGameError),
    ],
)
def test_each_kind_of_error_raises_its_class(text: str, error: type) -> None:
    (verdict,) = fvnote.validate(text)
    with pytest.raises(fvnote.FvnoteError) as info:
        verdict.raise_for_error()
    assert type(info.value) is error, info.value


def test_a_game_cut_short_is_kept_as_its_text() -> None:
    text = '[Result "*"]\n\n1. e4 {the knight\n'
    (game,) = fvnote.read_games(text)
    assert game.unreadable == text and game.moves == []
    error = game.verdict.error
    assert error is not None and error.kind == "cut-in-comment" and error.syntax
    with pytest.raises(fvnote.ParseError):
        game.verdict.raise_for_error()
    assert game.to_pgn() == text


def test_the_json_form_reads_back_into_the_same_games() -> None:
    games = fvnote.to_json(ANNOTATED)
    again = list(fvnote.read_games(fvnote.convert(ANNOTATED, "jsonl")))
    assert [g.to_json() for g in again] == games
    assert fvnote.from_json(games) == fvnote.convert(ANNOTATED, "pgn")
    assert fvnote.from_json(games[0]) == fvnote.from_json(fvnote.convert(ANNOTATED, "json"))


def test_variant_moves_carry_their_fields() -> None:
    (game,) = fvnote.read_games('[Variant "fault-line"]\n\n1. S3e S6w *\n')
    s3e, s6w = game.moves
    assert (s3e.kind, s3e.rank, s3e.direction, s3e.permission) == ("slide", 3, "e", True)
    assert (s6w.rank, s6w.direction, s6w.permission) == (6, "w", False)
    assert s3e.from_square is None and game.variant == "fault-line"


def test_fens_adds_the_position_after_each_ply() -> None:
    (game,) = fvnote.read_games("1. e4 *\n", fens=True)
    assert game.moves[0].fen_after == fvnote.Position().play("e4").fen()


def test_games_are_read_one_at_a_time_from_a_file_object() -> None:
    class Counting(io.BytesIO):
        asked = 0

        def read(self, n: int | None = -1) -> bytes:
            Counting.asked += 1
            return super().read(min(n if n and n > 0 else 4096, 4096))

    one = b"1. e4 e5 2. Nf3 Nc6 *\n\n"
    source = Counting(one * 10_000)
    games = fvnote.read_games(source)
    assert next(games).sans() == ["e4", "e5", "Nf3", "Nc6"]
    # A few reads of 4 KiB, not the whole input (about 230 KiB).
    assert source.tell() < 100_000
    assert sum(1 for _ in games) == 9_999


def test_a_file_object_that_raises_raises_its_own_exception() -> None:
    class Broken(io.RawIOBase):
        def readable(self) -> bool:
            return True

        def read(self, n: int = -1) -> bytes:
            raise ConnectionResetError("gone")

    with pytest.raises(ConnectionResetError, match="gone"):
        list(fvnote.read_games(Broken(), syntax="pgn"))
    # Told PGN from JSON by its first bytes: the read fails at the call.
    with pytest.raises(ConnectionResetError, match="gone"):
        fvnote.read_games(Broken())


def test_a_source_of_another_type_is_a_type_error() -> None:
    with pytest.raises(TypeError):
        fvnote.read_games(42)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        fvnote.read_games("1. e4 *\n", syntax="xml")


def test_a_one_line_text_is_a_record_and_a_record_name_a_path() -> None:
    assert next(fvnote.read_games("1. e4 *")).sans() == ["e4"]
    with pytest.raises(FileNotFoundError):
        fvnote.read_games("no-such-archive.pgn")


def test_a_game_the_json_form_cannot_hold_is_said_and_refused() -> None:
    deep = "1. e4 " + "(1. d4 " * 41 + ")" * 41 + " *\n"
    (game,) = fvnote.read_games(deep)
    assert game.valid and game.moves == [] and "nested 41 deep" in (game.refused or "")
    with pytest.raises(fvnote.ConvertError) as info:
        fvnote.convert(deep, "json")
    assert info.value.line == 1 and info.value.output == "[]\n"
    assert fvnote.convert(deep, "pgn").startswith("1. e4 (1. d4 (1. d4")
