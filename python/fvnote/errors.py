"""The exceptions fvnote raises, each with the location and ruling it knows.

``FvnoteError`` is the base of them all. Each carries ``file``, ``line`` and
``column`` (1-based, None when unknown), the ``ruling`` of the rule book
(``notation/rules.md``: ``G3``, ``FL6`` ...), the offending ``token``, the
damage ``kind`` (``cut-in-comment`` ...), the position as ``fen`` and
``suggestions`` ("did you mean"), each None or empty when it does not apply.
"""

from __future__ import annotations

from typing import Iterable, Optional


class FvnoteError(Exception):
    """An error of fvnote, located in its source and citing its ruling."""

    def __init__(
        self,
        message: str,
        *,
        file: Optional[str] = None,
        line: Optional[int] = None,
        column: Optional[int] = None,
        ruling: Optional[str] = None,
        token: Optional[str] = None,
        kind: Optional[str] = None,
        fen: Optional[str] = None,
        suggestions: Iterable[str] = (),
    ) -> None:
        super().__init__(message)
        self.message = message
        self.file = file
        self.line = line
        self.column = column
        self.ruling = ruling
        self.token = token
        self.kind = kind
        self.fen = fen
        self.suggestions = list(suggestions)

    def __str__(self) -> str:
        # As the command says it: FILE:LINE:COLUMN: message [RULING]; a
        # token alone (a move, a FEN) by its column.
        if self.line is not None:
            at = [str(p) for p in (self.file, self.line, self.column) if p is not None]
            where = ":".join(at) + ": "
        elif self.column is not None:
            where = (
                f"{self.token!r}, column {self.column}: "
                if self.token
                else f"column {self.column}: "
            )
        else:
            where = f"{self.file}: " if self.file else ""
        ruling = f" [{self.ruling}]" if self.ruling else ""
        return f"{where}{self.message}{ruling}"


class ParseError(FvnoteError, ValueError):
    """Text that does not read: PGN or JSON syntax, a FEN, a malformed move token."""


class IllegalMoveError(FvnoteError, ValueError):
    """A move token that names no single legal move (illegal, no match, ambiguous)."""


class InvalidGameError(FvnoteError):
    """A game the rules or its damage make invalid, other than a parse or move error
    (a missing termination marker, a result that disagrees ...)."""


class ReadError(FvnoteError):
    """An input that could not be read to its end (an I/O error part-way)."""


class ConvertError(FvnoteError):
    """A game the target form cannot hold; ``output`` is what was converted."""

    output: str = ""


__all__ = [
    "FvnoteError",
    "ParseError",
    "IllegalMoveError",
    "InvalidGameError",
    "ReadError",
    "ConvertError",
]
