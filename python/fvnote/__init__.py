"""fvnote: read, validate, convert and draw game records of chess variants.

A thin layer over the fvnote Rust library (the one behind the ``fvnote``
command): Fault Line, Rank and File, Grid, Quake (DF and LB armies),
Slide-chess, and orthodox chess.

>>> import fvnote
>>> game = next(fvnote.read_games("1. e4 e5 2. Nf3 *\\n"))
>>> [p.canonical for p in game.moves]
['e4', 'e5', 'Nf3']
>>> fvnote.Position().play("e4").fen()
'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1'
"""

from __future__ import annotations

from typing import List, NamedTuple

from fvnote import _fvnote
from fvnote._fvnote import Move, Position, __version__, perft
from fvnote._io import Source, convert, from_json, read_games, to_json, validate
from fvnote._records import Comment, Diagnostic, Game, Ply, Verdict
from fvnote.errors import (
    ConvertError,
    FvnoteError,
    IllegalMoveError,
    InvalidGameError,
    ParseError,
    ReadError,
)


class Variant(NamedTuple):
    """A variant: its identifier (the PGN ``Variant`` tag), aliases, summary."""

    id: str
    aliases: List[str]
    summary: str


def variants() -> List[Variant]:
    """The variants fvnote knows, as ``fvnote variants`` lists them."""
    return [Variant(i, list(a), s) for i, a, s in _fvnote.variants()]


__all__ = [
    "Comment",
    "ConvertError",
    "Diagnostic",
    "FvnoteError",
    "Game",
    "IllegalMoveError",
    "InvalidGameError",
    "Move",
    "ParseError",
    "Ply",
    "Position",
    "ReadError",
    "Source",
    "Variant",
    "Verdict",
    "convert",
    "from_json",
    "perft",
    "read_games",
    "to_json",
    "validate",
    "variants",
    "__version__",
]
