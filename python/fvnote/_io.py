"""Reading, validating and converting records: each a call into the
library's one pipeline (``fvnote._fvnote``), which reads a game at a time."""

from __future__ import annotations

import json
import os
from typing import IO, Any, Dict, Iterator, List, Optional, Tuple, Union

from fvnote import _fvnote
from fvnote._records import Game, Verdict
from fvnote.errors import ConvertError

#: What a record can be read from: a path, the text itself (``str``,
#: ``bytes``), or a file object opened in text or binary mode.
Source = Union[str, "os.PathLike[str]", bytes, bytearray, memoryview, IO[str], IO[bytes]]

# A `str` ending so is a path even when no such file exists (then an error
# says so, rather than a PGN syntax error about the name).
_RECORD_SUFFIXES = (".pgn", ".json", ".jsonl", ".ndjson")


def _opened(source: Source) -> Tuple[Any, str]:
    """What the native reader takes (a path `str`, `bytes` or a file
    object) and the input's name in verdicts."""
    if isinstance(source, os.PathLike):
        path = os.fsdecode(os.fspath(source))
        return path, path
    if isinstance(source, str):
        one_line = "\n" not in source and "\r" not in source
        if one_line and (source.lower().endswith(_RECORD_SUFFIXES) or os.path.isfile(source)):
            return source, source
        return source.encode("utf-8"), "<text>"
    if isinstance(source, (bytes, bytearray, memoryview)):
        return bytes(source), "<text>"
    if hasattr(source, "read"):
        name = getattr(source, "name", None)
        return source, name if isinstance(name, str) else "<file>"
    raise TypeError(
        f"expected a path, the text (str or bytes) or a file object, not {type(source).__name__}"
    )


def read_games(
    source: Source,
    *,
    syntax: Optional[str] = None,
    strict: bool = False,
    fens: bool = False,
    raise_errors: bool = False,
) -> Iterator[Game]:
    """The games of `source`, lazily: one game in memory at a time.

    `source` is a path (``str`` or ``os.PathLike``), the record's text
    (``str`` with a line break, or ``bytes``), or a file object. A ``str``
    without a line break is a path when it names a file or ends in
    ``.pgn``/``.json``/``.jsonl``. PGN or the JSON form is told from the
    first bytes, unless `syntax` (``"pgn"`` or ``"json"``) says.

    Each game is replayed through the rules of its variant and comes with
    its `verdict`, as ``fvnote validate`` reports it; an invalid game is
    still yielded (with what was read of it), or raised as its exception
    with `raise_errors`. `strict`: lenient notation is an error. `fens`:
    each ply carries ``fen_after``.

    The file is opened now (``FileNotFoundError`` now, not at the first
    game); an input that fails part-way raises ``ReadError``.
    """
    native, name = _opened(source)
    stream = _fvnote.GameStream(native, name, games=True, syntax=syntax, strict=strict, fens=fens)
    return _games(stream, raise_errors)


def _games(stream: Any, raise_errors: bool) -> Iterator[Game]:
    for verdict, game, refused in stream:
        v = Verdict(json.loads(verdict))
        if raise_errors:
            v.raise_for_error()
        yield Game(None if game is None else json.loads(game), v, refused)


def validate(
    source: Source,
    *,
    syntax: Optional[str] = None,
    strict: bool = False,
) -> Iterator[Verdict]:
    """The verdict on each game of `source`, lazily, as ``fvnote validate
    --format json`` reports them (see ``read_games`` for `source`)."""
    native, name = _opened(source)
    stream = _fvnote.GameStream(native, name, games=False, syntax=syntax, strict=strict)
    return (Verdict(json.loads(v)) for v, _, _ in stream)


def convert(
    source: Source,
    to: str,
    *,
    syntax: Optional[str] = None,
    fens: bool = False,
) -> str:
    """Every game of `source` converted as ``fvnote convert --to TO`` does:
    `to` is ``"pgn"`` (canonical PGN), ``"json"``, ``"jsonl"``, ``"fen"`` or
    ``"gamecourier"``. An invalid game is written as it is where the form
    can say so (PGN, JSON); a game the form cannot hold raises
    ``ConvertError`` (its ``output`` holds the rest, converted)."""
    native, name = _opened(source)
    text, refused = _fvnote.convert(native, name, to, syntax=syntax, fens=fens)
    if refused:
        verdict, why = refused[0]
        v = Verdict(json.loads(verdict))
        more = f" (and {len(refused) - 1} more games)" if len(refused) > 1 else ""
        err = ConvertError(
            f"game {v.game} not converted: {why}{more}",
            file=v.file,
            line=v.error.line if v.error else v.line,
            column=v.error.column if v.error else None,
        )
        err.output = text
        raise err
    return text


def to_json(source: Source, *, fens: bool = False) -> List[Dict[str, Any]]:
    """The games of `source` in the JSON form (notation/json.md), as dicts."""
    result: List[Dict[str, Any]] = json.loads(convert(source, "json", fens=fens))
    return result


def from_json(data: Union[Dict[str, Any], List[Dict[str, Any]], str, bytes]) -> str:
    """PGN from the JSON form: a game object, a list of them, or JSON text."""
    if isinstance(data, (dict, list)):
        text = json.dumps(data).encode("utf-8")
    elif isinstance(data, str):
        text = data.encode("utf-8")
    else:
        text = bytes(data)
    return convert(text, "pgn", syntax="json")
