#!/usr/bin/env python3
"""Peer for benches/validate.sh: read every game with python-chess and replay
its main line. chess.pgn.read_game parses each SAN against the current position
(an illegal or ambiguous move is recorded in game.errors), and the main line is
then pushed move by move on a Board. Prints `games=G plies=P illegal=I`.
Optional --max-games N stops after N games (to time a slice)."""
import sys

import chess.pgn


def main():
    args = sys.argv[1:]
    limit = None
    if args[:1] == ["--max-games"]:
        limit = int(args[1])
        args = args[2:]
    games = plies = illegal = 0
    for path in args:
        with open(path, encoding="utf-8", errors="replace") as f:
            while limit is None or games < limit:
                game = chess.pgn.read_game(f)
                if game is None:
                    break
                games += 1
                if game.errors:
                    illegal += 1
                    continue
                board = game.board()
                for move in game.mainline_moves():
                    board.push(move)
                    plies += 1
    print("games=%d plies=%d illegal=%d" % (games, plies, illegal))


if __name__ == "__main__":
    main()
