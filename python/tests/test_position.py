"""Position: every variant's legal moves, play, FEN, SVG, perft, errors."""

from __future__ import annotations

import subprocess

import pytest

import fvnote

VARIANTS = [v.id for v in fvnote.variants()]


def test_the_variants_are_those_of_the_command(fvnote_command: str) -> None:
    listed = subprocess.run([fvnote_command, "variants"], capture_output=True, text=True).stdout
    ids = [line.split()[0] for line in listed.splitlines() if not line.startswith(" ")]
    assert VARIANTS == ids and {"chess", "fault-line", "quake", "slide"} <= set(VARIANTS)


@pytest.mark.parametrize("variant", VARIANTS)
def test_legal_moves_are_those_fvnote_moves_lists(variant: str, fvnote_command: str) -> None:
    pos = fvnote.Position(variant=variant)
    listed = subprocess.run(
        [fvnote_command, "moves", "--variant", variant], capture_output=True, text=True, check=True
    ).stdout.split()
    assert sorted(m.san for m in pos.legal_moves()) == sorted(listed)
    assert pos.perft(1) == len(listed) > 0


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_played_line_reads_back_from_its_fen(variant: str) -> None:
    pos = fvnote.Position(variant=variant)
    for _ in range(12):
        moves = pos.legal_moves()
        if not moves:
            break
        # The same as playing its SAN, or the Move itself.
        mv = moves[len(moves) // 3]
        after = pos.play(mv.san)
        assert after == pos.play(mv) and after != pos
        assert fvnote.Position(after.fen(), variant=variant) == after
        assert hash(fvnote.Position(after.fen(), variant=variant)) == hash(after)
        pos = after
    assert pos.variant == variant and repr(pos).startswith("Position(")


def test_positions_are_values() -> None:
    start = fvnote.Position()
    after = start.play("e4")
    assert start == fvnote.Position() and start.turn == "white" and after.turn == "black"
    assert after.fen() == "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"


def test_a_move_has_the_fields_of_a_ply() -> None:
    pos = fvnote.Position("r3k2r/1P6/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1")
    by_uci = {m.uci: m for m in pos.legal_moves()}
    castle = by_uci["e1g1"]
    assert (castle.san, castle.kind, castle.from_square, castle.to_square) == ("O-O", "castle", "e1", "g1")
    ep = by_uci["e5d6"]
    assert (ep.san, ep.kind, ep.captured) == ("exd6", "capture", "P")
    promo = by_uci["b7a8q"]
    assert (promo.san, promo.kind, promo.promotion, promo.captured, promo.check) == ("bxa8=Q+", "promotion", "Q", "R", "+")
    assert promo.long == "Pb7xRa8=Q" and str(promo) == "bxa8=Q+" and promo == pos.parse_san("bxa8=Q")


def test_variant_moves_have_their_own_fields() -> None:
    fl = fvnote.Position(variant="fault-line")
    slide = fl.parse_san("S3e")
    assert (slide.kind, slide.rank, slide.direction, slide.permission) == ("slide", 3, "e", True)
    quake = fvnote.Position("rnnkbbr*/ppp1pppp/8/8/PPP1PPPP/*RBBKNNR[PNp] w - - 0 1", variant="quake")
    drop = quake.parse_san("N@e3")
    assert (drop.kind, drop.piece, drop.from_square, drop.to_square) == ("drop", "N", None, "e3")


def test_an_illegal_move_raises_with_its_ruling() -> None:
    grid = fvnote.Position(variant="grid").play("a3").play("a6")
    with pytest.raises(fvnote.IllegalMoveError) as info:
        grid.play("a4")
    assert info.value.ruling == "GR2" and info.value.token == "a4" and info.value.fen == grid.fen()
    assert isinstance(info.value, ValueError)
    with pytest.raises(fvnote.IllegalMoveError) as ambiguous:
        fvnote.Position("4k3/8/8/8/8/8/8/2N1K1N1 w - - 0 1").play("Ne2")
    assert ambiguous.value.suggestions == ["Nce2", "Nge2"]


def test_a_malformed_token_or_fen_raises_a_parse_error_at_its_column() -> None:
    with pytest.raises(fvnote.ParseError) as token:
        fvnote.Position().play("Nf")
    assert token.value.column == 3 and token.value.token == "Nf"
    with pytest.raises(fvnote.ParseError) as fen:
        fvnote.Position("rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
    assert fen.value.column == 14 and "board" in str(fen.value)
    with pytest.raises(ValueError, match="unknown variant"):
        fvnote.Position(variant="checkers")
    with pytest.raises(TypeError):
        fvnote.Position().play(42)  # type: ignore[arg-type]


def test_game_ends_are_told() -> None:
    mate = fvnote.Position().play("f3").play("e5").play("g4").play("Qh4#")
    assert mate.legal_moves() == [] and mate.is_check()
    assert mate.result() == "0-1" and mate.outcome() == "checkmate, Black wins"
    assert fvnote.Position().result() == "*" and fvnote.Position().outcome() is None


def test_perft_counts_the_move_tree() -> None:
    assert [fvnote.perft(d) for d in range(4)] == [1, 20, 400, 8902]
    kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
    assert fvnote.perft(2, fen=kiwipete) == 2039
    assert fvnote.Position(variant="fault-line").perft(2) == fvnote.perft(2, variant="fault-line")
    with pytest.raises(ValueError, match="more than 20"):
        fvnote.perft(21)


def test_pictures() -> None:
    pos = fvnote.Position(variant="slide")
    svg = pos.svg(size=30, flip=True, arrows=["e2e4"])
    assert svg.startswith("<svg") and svg.rstrip().endswith("</svg>")
    assert pos._repr_svg_() == pos.svg()
    assert "FEN: " + pos.fen() in str(pos)
    with pytest.raises(ValueError):
        pos.svg(size=2)
    with pytest.raises(ValueError):
        pos.svg(arrows=["nowhere"])
