"""Side by side with python-chess: on orthodox positions reached by random
playouts, the legal moves (as UCI and as SAN) and the FEN after each move
are the same."""

from __future__ import annotations

import random

import pytest

import fvnote
from conftest import missing

STARTS = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    # The perft suite's positions: castling, pins, en passant, promotions.
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
]


@pytest.fixture(scope="module")
def chess():  # type: ignore[no-untyped-def]
    try:
        import chess
    except ImportError:
        missing("python-chess is not installed (pip install chess)")
    return chess


@pytest.mark.parametrize("start", STARTS)
def test_legal_moves_equal_python_chess(chess, start: str) -> None:  # type: ignore[no-untyped-def]
    rng = random.Random(start)
    positions = 0
    for _ in range(12):
        pos, board = fvnote.Position(start), chess.Board(start)
        for _ in range(60):
            moves = pos.legal_moves()
            ours = {m.uci: m.san for m in moves}
            theirs = {m.uci(): board.san(m) for m in board.legal_moves}
            assert ours == theirs, board.fen()
            positions += 1
            if not moves:
                break
            mv = rng.choice(moves)
            pos = pos.play(mv)
            board.push_uci(mv.uci)
            assert pos.fen() == board.fen()
    assert positions > 500
