"""Games, plies, comments and verdicts: views of the JSON the library writes.

A ``Game`` is one game object of the JSON form (``notation/json.md``); a
``Verdict`` is one line of ``fvnote validate --format json``. The field
names are those of the two formats (``from``/``to`` become
``from_square``/``to_square``, ``from`` being a Python keyword).
"""

from __future__ import annotations

import copy
from typing import Any, Dict, Generic, List, Optional, Tuple, Type, TypeVar, Union, overload

from fvnote.errors import FvnoteError, IllegalMoveError, InvalidGameError, ParseError


T = TypeVar("T")


class _Field(Generic[T]):
    """A field of the object's JSON, read as an attribute (`default` when
    the JSON leaves it out)."""

    def __init__(self, key: str, default: Any, doc: str) -> None:
        self.key = key
        self.default = default
        self.__doc__ = doc

    @overload
    def __get__(self, obj: None, owner: Any = None) -> "_Field[T]": ...
    @overload
    def __get__(self, obj: object, owner: Any = None) -> T: ...
    def __get__(self, obj: Any, owner: Any = None) -> Any:
        if obj is None:
            return self
        return obj._data.get(self.key, self.default)


class Comment:
    """A comment: its ``text`` without delimiters, its ``kind`` (``brace`` for
    ``{...}``, ``line`` for ``;...``) and its ``commands`` (``[%clk 0:05:00]``
    as ``("clk", "0:05:00")``)."""

    __slots__ = ("text", "kind", "commands")

    def __init__(self, data: Dict[str, Any]) -> None:
        self.text: str = data.get("text", "")
        self.kind: str = data.get("kind", "brace")
        self.commands: List[Tuple[str, str]] = [
            (c.get("name", ""), c.get("args", "")) for c in data.get("commands", [])
        ]

    def __repr__(self) -> str:
        return f"Comment({self.text!r}, kind={self.kind!r})"

    def __str__(self) -> str:
        return self.text


def _comments(items: List[Dict[str, Any]]) -> List[Comment]:
    return [Comment(c) for c in items]


class Ply:
    """A ply of a line, as the JSON form describes it.

    ``san`` is the token as written; the derived fields (``canonical``,
    ``kind``, ``color``, ``piece``, ``from_square``, ``to_square``, ``rank``,
    ``direction``, ``promotion``, ``captured``, ``check``, ``permission``,
    ``fen_after``) are None for a ply the replay did not reach or resolve.
    The typed annotations (``clock``, ``emt``, ``eval``, ``arrows``,
    ``marks``) come from the ply's comments, whose text stays the record.
    """

    __slots__ = ("_data",)

    def __init__(self, data: Dict[str, Any]) -> None:
        self._data = data

    san: "_Field[str]" = _Field("san", "", "The move token as written.")
    move_number: "_Field[Optional[int]]" = _Field(
        "move_number", None, "The move number written before it, or None."
    )
    canonical: "_Field[Optional[str]]" = _Field("canonical", None, "Canonical SAN, or None.")
    kind: "_Field[Optional[str]]" = _Field(
        "kind",
        None,
        "`move`, `capture`, `castle`, `promotion`, `drop`, `slide`, `quake`, `cage-move`, `cage-insert`.",
    )
    color: "_Field[Optional[str]]" = _Field(
        "color", None, "`white` or `black`: the side that moves."
    )
    piece: "_Field[Optional[str]]" = _Field(
        "piece", None, "Role code of the moving piece (`N`, `RB` ...)."
    )
    from_square: "_Field[Optional[str]]" = _Field("from", None, "Origin square (`from` in JSON).")
    to_square: "_Field[Optional[str]]" = _Field("to", None, "Destination square (`to` in JSON).")
    rank: "_Field[Optional[int]]" = _Field("rank", None, "Slides: the rank, 1-based.")
    direction: "_Field[Optional[str]]" = _Field(
        "direction", None, "Slides and quakes: n, s, e or w."
    )
    promotion: "_Field[Union[str, List[Dict[str, str]], None]]" = _Field(
        "promotion", None, "The promotion piece, or for a cage insertion a list of {square, piece}."
    )
    captured: "_Field[Optional[str]]" = _Field("captured", None, "Role code of the captured piece.")
    check: "_Field[Optional[str]]" = _Field("check", None, "`+`, `#` or None.")
    permission: "_Field[Optional[bool]]" = _Field(
        "permission", None, "Fault Line: needed permission (FL6)."
    )
    fen_after: "_Field[Optional[str]]" = _Field(
        "fen_after", None, "The FEN after the ply (`fens=True`)."
    )
    clock: "_Field[Optional[float]]" = _Field(
        "clock", None, "`[%clk]` in the comments: the mover's clock after the move, in seconds."
    )
    emt: "_Field[Optional[float]]" = _Field(
        "emt", None, "`[%emt]` in the comments: the time the move took, in seconds."
    )
    eval: "_Field[Optional[Dict[str, Any]]]" = _Field(
        "eval", None, "`[%eval]` in the comments: `{pawns}` or `{mate}`, with `depth` if given."
    )

    @property
    def arrows(self) -> List[Dict[str, str]]:
        """`[%cal]` arrows in the comments: `{from, to, color}`."""
        return [dict(a) for a in self._data.get("arrows", [])]

    @property
    def marks(self) -> List[Dict[str, str]]:
        """`[%csl]` square marks in the comments: `{square, color}`."""
        return [dict(m) for m in self._data.get("marks", [])]

    @property
    def nags(self) -> List[int]:
        """NAGs (`!` is 1, `?` 2 ...)."""
        return list(self._data.get("nags", []))

    @property
    def comments(self) -> List[Comment]:
        """Comments after the move."""
        return _comments(self._data.get("comments", []))

    @property
    def comments_before(self) -> List[Comment]:
        """Comments before the move (at the start of a variation)."""
        return _comments(self._data.get("comments_before", []))

    @property
    def variations(self) -> List[List["Ply"]]:
        """Alternatives to this ply, each a line of plies."""
        return [[Ply(p) for p in line] for line in self._data.get("variations", [])]

    @property
    def resolved(self) -> bool:
        """Whether the replay resolved the ply (its derived fields are set)."""
        return "canonical" in self._data

    def to_json(self) -> Dict[str, Any]:
        """The ply's JSON object (a copy)."""
        return copy.deepcopy(self._data)

    def __repr__(self) -> str:
        return f"Ply({self.san!r})"

    def __str__(self) -> str:
        return str(self.san)


_RESULTS = ("1-0", "0-1", "1/2-1/2", "*")


class Diagnostic:
    """An error, warning or note of a verdict, located and citing its ruling.

    ``file``, ``line``, ``column`` (1-based), ``ruling`` (``G3``, ``FL6`` ...,
    or None for syntax), ``ruling_doc`` (where the rule book explains it),
    ``message``, ``token``, ``ply``, ``fen`` (the position before the move),
    ``suggestions``, ``kind`` (damage kind, or None), ``offset`` and
    ``length`` (bytes), ``in_variation``, ``syntax`` (a syntax error).
    """

    __slots__ = ("_data", "file")

    def __init__(self, data: Dict[str, Any], file: Optional[str]) -> None:
        self._data = data
        self.file = file

    line: "_Field[int]" = _Field("line", 0, "1-based line.")
    column: "_Field[int]" = _Field("column", 0, "1-based column.")
    ruling: "_Field[Optional[str]]" = _Field("ruling", None, "The ruling id, or None.")
    ruling_doc: "_Field[Optional[str]]" = _Field(
        "ruling_doc", None, "notation/rules.md#anchor, or None."
    )
    message: "_Field[str]" = _Field("message", "", "What is wrong.")
    token: "_Field[str]" = _Field("token", "", "The token as written.")
    ply: "_Field[Optional[int]]" = _Field("ply", None, "1-based ply, or None.")
    fen: "_Field[Optional[str]]" = _Field("fen", None, "The position the move was played from.")
    kind: "_Field[Optional[str]]" = _Field(
        "kind", None, "The damage kind (`cut-in-comment` ...), or None."
    )
    offset: "_Field[int]" = _Field("offset", 0, "Byte offset in the input.")
    length: "_Field[int]" = _Field("length", 0, "Length in bytes.")
    in_variation: "_Field[bool]" = _Field("in_variation", False, "Inside a variation.")
    syntax: "_Field[bool]" = _Field("syntax", False, "A syntax error (errors only).")

    @property
    def suggestions(self) -> List[str]:
        """Legal moves like the one tried ("did you mean")."""
        return list(self._data.get("suggestions", []))

    def exception_class(self) -> Type[FvnoteError]:
        """The exception this error raises as: ParseError for text that does
        not read (PGN or JSON syntax, a malformed move token, a FEN tag),
        IllegalMoveError for a move the rules refuse, InvalidGameError for
        the rest (damage, a result that disagrees ...)."""
        message = self.message
        if self.syntax or message.startswith("malformed move") or "invalid FEN" in message:
            return ParseError
        if self.ply is not None and self.token not in _RESULTS and not self.kind:
            return IllegalMoveError
        return InvalidGameError

    def exception(self) -> FvnoteError:
        """This diagnostic as an exception (not raised)."""
        return self.exception_class()(
            self.message,
            file=self.file,
            line=self.line,
            column=self.column,
            ruling=self.ruling,
            token=self.token,
            kind=self.kind,
            fen=self.fen,
            suggestions=self.suggestions,
        )

    def to_json(self) -> Dict[str, Any]:
        """The diagnostic's object of the JSON report (a copy)."""
        return copy.deepcopy(self._data)

    def __str__(self) -> str:
        return str(self.exception())

    def __repr__(self) -> str:
        return f"Diagnostic({str(self)!r})"


class Verdict:
    """The verdict on one game, as ``fvnote validate --format json`` reports it.

    ``valid``, ``variant``, ``file``, ``game`` (1-based number in its input),
    ``line`` (where the game starts), ``plies`` (main-line plies played),
    ``white``, ``black``, ``error`` (the first error, a Diagnostic, or None),
    ``errors`` (a list of it), ``warnings`` and ``notes`` (at most 100 each;
    ``warnings_omitted`` and ``notes_omitted`` count the rest).
    """

    __slots__ = ("_data",)

    def __init__(self, data: Dict[str, Any]) -> None:
        self._data = data

    valid: "_Field[bool]" = _Field("valid", False, "No error (warnings and notes allowed).")
    variant: "_Field[str]" = _Field("variant", "", "The variant identifier.")
    file: "_Field[str]" = _Field("file", "", "The input's name.")
    game: "_Field[int]" = _Field("game", 0, "1-based number of the game in its input.")
    line: "_Field[int]" = _Field("line", 0, "The line where the game starts.")
    plies: "_Field[int]" = _Field("plies", 0, "Main-line plies played.")
    white: "_Field[Optional[str]]" = _Field("white", None, "The White tag, or None.")
    black: "_Field[Optional[str]]" = _Field("black", None, "The Black tag, or None.")
    warnings_omitted: "_Field[int]" = _Field("warnings_omitted", 0, "Warnings not kept.")
    notes_omitted: "_Field[int]" = _Field("notes_omitted", 0, "Notes not kept.")

    @property
    def error(self) -> Optional[Diagnostic]:
        """The first error, or None for a valid game."""
        e = self._data.get("error")
        return None if e is None else Diagnostic(e, self.file)

    @property
    def errors(self) -> List[Diagnostic]:
        """The errors reported: the first one, which stops the replay."""
        e = self.error
        return [] if e is None else [e]

    @property
    def warnings(self) -> List[Diagnostic]:
        """Warnings (lenient notation ...)."""
        return [Diagnostic(d, self.file) for d in self._data.get("warnings", [])]

    @property
    def notes(self) -> List[Diagnostic]:
        """Notes (a Fault Line slide that needed permission ...)."""
        return [Diagnostic(d, self.file) for d in self._data.get("notes", [])]

    def raise_for_error(self) -> None:
        """Raises the game's error as an exception (ParseError,
        IllegalMoveError or InvalidGameError); nothing for a valid game."""
        e = self.error
        if e is not None:
            raise e.exception()

    def to_json(self) -> Dict[str, Any]:
        """The verdict's line of the JSON report, as a dict (a copy)."""
        return copy.deepcopy(self._data)

    def __bool__(self) -> bool:
        return self.valid

    def __repr__(self) -> str:
        state = "valid" if self.valid else f"invalid: {self.error}"
        return f"<Verdict {self.file} game {self.game}: {state}>"


class Game:
    """A game read by ``read_games``: its record in the JSON form and its verdict.

    A game that could not be read to its end has no moves: ``unreadable``
    holds its text as read. A game the JSON form cannot hold (variations
    nested over 40 deep) has only its verdict; ``refused`` says why.
    """

    __slots__ = ("_data", "verdict", "refused")

    def __init__(
        self, data: Optional[Dict[str, Any]], verdict: Verdict, refused: Optional[str] = None
    ) -> None:
        self._data: Dict[str, Any] = data if data is not None else {}
        self.verdict = verdict
        self.refused = refused

    @property
    def tags(self) -> List[Tuple[str, str]]:
        """The tag pairs in source order, duplicates kept."""
        return [(t["name"], t["value"]) for t in self._data.get("tags", [])]

    @property
    def headers(self) -> Dict[str, str]:
        """The tags as a dict (the first of a duplicated name)."""
        out: Dict[str, str] = {}
        for name, value in self.tags:
            out.setdefault(name, value)
        return out

    def tag(self, name: str, default: Optional[str] = None) -> Optional[str]:
        """The value of the first tag `name`, or `default`."""
        return self.headers.get(name, default)

    @property
    def variant(self) -> Optional[str]:
        """The variant identifier (None when the Variant tag names no known one)."""
        if self._data:
            return self._data.get("variant")
        return self.verdict.variant

    start: "_Field[Optional[str]]" = _Field(
        "start", None, "The start FEN when the record sets one up."
    )
    result: "_Field[Optional[str]]" = _Field(
        "result", None, "The movetext's result token, or None."
    )
    unreadable: "_Field[Optional[str]]" = _Field(
        "unreadable", None, "The text of a game not read to its end."
    )

    @property
    def prelude(self) -> List[Comment]:
        """Comments before the first move."""
        return _comments(self._data.get("prelude", []))

    @property
    def moves(self) -> List[Ply]:
        """The main line (variations hang off its plies)."""
        return [Ply(p) for p in self._data.get("moves", [])]

    @property
    def valid(self) -> bool:
        """Whether the game has no error."""
        return self.verdict.valid

    @property
    def number(self) -> int:
        """1-based number of the game in its input."""
        return int(self.verdict.game)

    def sans(self) -> List[str]:
        """The main line's tokens, canonical SAN where the replay resolved them."""
        return [p.canonical or p.san for p in self.moves]

    def to_json(self) -> Dict[str, Any]:
        """The game object of the JSON form (a copy; the verdict included for
        an invalid game)."""
        return copy.deepcopy(self._data)

    def to_pgn(self) -> str:
        """The game in canonical PGN (``fvnote convert --to pgn`` of its JSON)."""
        from fvnote._io import from_json

        if not self._data:
            raise InvalidGameError(self.refused or "the game has no record", file=self.verdict.file)
        return from_json(self._data)

    def __repr__(self) -> str:
        names = " vs ".join(n for n in (self.tag("White"), self.tag("Black")) if n)
        state = "valid" if self.valid else "invalid"
        return f"<Game {self.number} {names or ''}{' ' if names else ''}({len(self.moves)} plies, {state})>"
