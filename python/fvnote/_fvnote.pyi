"""Type stubs of the native module (python/src): positions, moves, game
streams, conversion, perft and the command line."""

from typing import Any, Iterator, List, Optional, Tuple, final

__all__ = ["GameStream", "Move", "Position", "__version__", "convert", "perft", "run_cli", "variants"]

__version__: str

@final
class Move:
    """A legal move of a position, with the JSON form's fields of a ply."""

    @property
    def san(self) -> str:
        """Canonical SAN, with its check or mate mark (`Nf3`, `O-O`, `S3e`)."""
    @property
    def uci(self) -> str:
        """The short form: UCI for chess moves (`g1f3`, `e7e8q`)."""
    @property
    def long(self) -> str:
        """The long form of notation/moves.md (`Ng1-f3`)."""
    @property
    def kind(self) -> str:
        """`move`, `capture`, `castle`, `promotion`, `drop`, `slide`, `quake`,
        `cage-move` or `cage-insert`."""
    @property
    def color(self) -> str:
        """`white` or `black`: the side that moves."""
    @property
    def piece(self) -> Optional[str]:
        """Role code of the moving (dropped, quaking) piece, or None."""
    @property
    def from_square(self) -> Optional[str]:
        """Origin square, or None (drops, slides)."""
    @property
    def to_square(self) -> Optional[str]:
        """Destination square, or None (slides, quakes)."""
    @property
    def rank(self) -> Optional[int]:
        """Fault Line slides: the rank (1-based), else None."""
    @property
    def direction(self) -> Optional[str]:
        """Slides and quakes: `n`, `s`, `e` or `w`, else None."""
    @property
    def promotion(self) -> Optional[str]:
        """The role code a pawn promotes to, or None."""
    @property
    def cage_promotions(self) -> List[Tuple[str, str]]:
        """A cage insertion's promotions: (square, role code) pairs."""
    @property
    def captured(self) -> Optional[str]:
        """Role code of the captured piece, or None."""
    @property
    def check(self) -> Optional[str]:
        """`+`, `#` or None: the mark the move deserves."""
    @property
    def permission(self) -> Optional[bool]:
        """Fault Line slides: whether the slide needed permission (FL6)."""
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class Position:
    """A position of any variant: its legal moves, SAN, FEN and pictures.
    Positions are values: `play` returns a new one."""

    def __new__(cls, fen: Optional[str] = None, variant: str = "chess") -> "Position":
        """The position a FEN describes in `variant`, or its start position;
        raises ParseError for a FEN that does not read."""
    @property
    def variant(self) -> str:
        """The variant's identifier (`chess`, `fault-line` ...)."""
    @property
    def turn(self) -> str:
        """The side to move: `white` or `black`."""
    def fen(self) -> str:
        """The position in FEN (notation/fen.md)."""
    def legal_moves(self) -> List[Move]:
        """Every legal move."""
    def play(self, move: "str | Move", /) -> "Position":
        """The position after `move` (SAN or a Move of this position); raises
        ParseError or IllegalMoveError."""
    def parse_san(self, san: str) -> Move:
        """The legal move a SAN token names (see `play`)."""
    def is_check(self) -> bool:
        """Whether the side to move is in check."""
    def outcome(self) -> Optional[str]:
        """How the game ended here, or None."""
    def result(self) -> str:
        """The result the rules decide here (`1-0`, `0-1`, `1/2-1/2`), or `*`."""
    def perft(self, depth: int) -> int:
        """Leaf nodes of the legal move tree `depth` plies deep (G7)."""
    def svg(
        self,
        *,
        flip: bool = False,
        size: int = 45,
        coordinates: bool = True,
        legend: bool = True,
        arrows: List[str] = ...,
    ) -> str:
        """An SVG diagram (the one `fvnote show --svg` draws)."""
    def _repr_svg_(self) -> str:
        """The SVG diagram, for Jupyter."""
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class GameStream:
    """Games of one source, one at a time (behind `read_games`, `validate`)."""

    def __new__(
        cls,
        source: Any,
        name: str,
        *,
        games: bool,
        syntax: Optional[str] = None,
        strict: bool = False,
        fens: bool = False,
    ) -> "GameStream": ...
    def __iter__(self) -> Iterator[Tuple[str, Optional[str], Optional[str]]]: ...
    def __next__(self) -> Tuple[str, Optional[str], Optional[str]]: ...

def convert(
    source: Any,
    name: str,
    to: str,
    *,
    syntax: Optional[str] = None,
    fens: bool = False,
) -> Tuple[str, List[Tuple[str, str]]]:
    """Every game of `source` converted to `to`, and the games refused."""

def perft(depth: int, fen: Optional[str] = None, variant: str = "chess") -> int:
    """Leaf nodes of the legal move tree `depth` plies deep (G7)."""

def variants() -> List[Tuple[str, List[str], str]]:
    """The variants: (identifier, aliases, summary) each."""

def run_cli(argv: List[str]) -> int:
    """Runs the `fvnote` command on `argv` and returns its exit status."""
