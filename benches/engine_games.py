#!/usr/bin/env python3
"""Write N orthodox-chess games played by Stockfish (UCI) against itself as PGN.

    engine_games.py OUT.pgn [N] [--engine PATH] [--nodes K] [--seed S] [--jobs J]

Each game starts with 2..8 random legal plies so games differ, then Stockfish
plays both sides at a small node budget (fast, not strong). Games end by the
rules (mate, stalemate, insufficient material, claimable 50-move/threefold) or
are stopped at 400 plies with result "*". Needs PyPI `chess` (python-chess).
"""
import argparse
import datetime
import multiprocessing
import random
import sys

import chess
import chess.engine
import chess.pgn

MAX_PLIES = 400


def play(args):
    engine_path, nodes, seed, first, count = args
    out = []
    engine = chess.engine.SimpleEngine.popen_uci(engine_path)
    try:
        engine.configure({"Threads": 1, "Hash": 16})
        for i in range(first, first + count):
            rng = random.Random(seed * 1_000_003 + i)
            board = chess.Board()
            for _ in range(rng.randint(2, 8)):
                moves = list(board.legal_moves)
                if not moves:
                    break
                board.push(rng.choice(moves))
            while not board.is_game_over(claim_draw=True) and board.ply() < MAX_PLIES:
                result = engine.play(board, chess.engine.Limit(nodes=nodes))
                board.push(result.move)
            game = chess.pgn.Game.from_board(board)
            outcome = board.outcome(claim_draw=True)
            game.headers["Event"] = "fvnote validation benchmark"
            game.headers["Site"] = "localhost"
            game.headers["Date"] = datetime.date.today().strftime("%Y.%m.%d")
            game.headers["Round"] = str(i + 1)
            game.headers["White"] = "Stockfish nodes=%d" % nodes
            game.headers["Black"] = "Stockfish nodes=%d" % nodes
            game.headers["Result"] = outcome.result() if outcome else "*"
            out.append(str(game))
    finally:
        engine.quit()
    return out


def main():
    p = argparse.ArgumentParser()
    p.add_argument("out")
    p.add_argument("n", nargs="?", type=int, default=2000)
    p.add_argument("--engine", default="/usr/games/stockfish")
    p.add_argument("--nodes", type=int, default=300)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--jobs", type=int, default=2)
    a = p.parse_args()
    jobs = max(1, min(a.jobs, a.n))
    per = [a.n // jobs + (1 if k < a.n % jobs else 0) for k in range(jobs)]
    tasks, first = [], 0
    for k in range(jobs):
        tasks.append((a.engine, a.nodes, a.seed, first, per[k]))
        first += per[k]
    with multiprocessing.Pool(jobs) as pool:
        chunks = pool.map(play, tasks)
    tmp = a.out + ".tmp"
    with open(tmp, "w") as f:
        for chunk in chunks:
            for g in chunk:
                f.write(g + "\n\n")
    import os
    os.replace(tmp, a.out)
    print("wrote %d games to %s" % (a.n, a.out), file=sys.stderr)


if __name__ == "__main__":
    main()
