#!/usr/bin/env python3
"""Write a seed corpus for the `pgn_reader` and `replay` fuzz targets.

libFuzzer cuts every input at -max_len (4096 bytes in our runs), so a file
of several games seeds only its first few moves, and a short game never
reaches the end of a game.  This writes instead, for every variant:

* one file per `fvnote gen` game that fits in MAX_LEN bytes, most of them
  played out to mate, stalemate or a draw rule;
* for every third game, its last TAIL plies (half of a shorter game) set up
  from a `[FEN]` tag, so late positions (bare kings, promotions, long
  halfmove clocks) fit in one input too, and every variant's FEN checks see
  positions that pass them.

Standard library only.  Usage:

    fuzz/seed_corpus.py [--fvnote PATH] [--games N] [--seed S]
                        [--max-plies P] OUT_DIR
"""

import argparse
import json
import os
import subprocess

MAX_LEN = 4096
TAIL = 30


def run(fvnote, *args, stdin=None):
    done = subprocess.run(
        [fvnote, *args], input=stdin, capture_output=True, check=False
    )
    if done.returncode != 0:
        raise SystemExit(f"{fvnote} {' '.join(args)}: {done.stderr.decode()}")
    return done.stdout


def variants(fvnote):
    listing = run(fvnote, "variants").decode()
    return [line.split()[0] for line in listing.splitlines() if line[:1].strip()]


def split_games(pgn):
    """PGN text of one game per `[Event` tag (gen writes one per game)."""
    games, current = [], []
    for line in pgn.splitlines(keepends=True):
        if line.startswith(b"[Event ") and current:
            games.append(b"".join(current))
            current = []
        current.append(line)
    if current:
        games.append(b"".join(current))
    return games


def tail(game, plies):
    """The last `plies` main-line plies of a JSON game, set up from a FEN."""
    moves = game["moves"]
    result = next(t["value"] for t in game["tags"] if t["name"] == "Result")
    start = len(moves) - plies
    fen = moves[start - 1]["fen_after"]
    fields = fen.split()
    number, black = int(fields[5]), fields[1] == "b"
    tokens = []
    for i, move in enumerate(moves[start:]):
        if not black:
            tokens.append(f"{number}.")
        elif i == 0:
            tokens.append(f"{number}...")
        tokens.append(move["san"])
        number += black
        black = not black
    return (
        f'[Variant "{game["variant"]}"]\n[Result "{result}"]\n[SetUp "1"]\n'
        f'[FEN "{fen}"]\n\n{" ".join(tokens)} {result}\n'
    ).encode()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out_dir")
    parser.add_argument("--fvnote", default="target/release/fvnote")
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=7000)
    parser.add_argument("--max-plies", type=int, default=400)
    args = parser.parse_args()
    os.makedirs(args.out_dir, exist_ok=True)

    written = 0
    for variant in variants(args.fvnote):
        pgn = run(
            args.fvnote, "gen", variant, str(args.games),
            "--seed", str(args.seed), "--max-plies", str(args.max_plies),
        )
        games = split_games(pgn)
        jsonl = run(args.fvnote, "convert", "--to", "jsonl", "--fens", stdin=pgn)
        records = [json.loads(line) for line in jsonl.splitlines() if line.strip()]
        if len(records) != len(games):
            raise SystemExit(f"{variant}: {len(games)} games but {len(records)} records")
        for i, (text, record) in enumerate(zip(games, records)):
            pieces = [("gen", text)]
            plies = min(TAIL, len(record["moves"]) // 2)
            if i % 3 == 0 and plies > 0:
                pieces.append(("tail", tail(record, plies)))
            for kind, data in pieces:
                if len(data) <= MAX_LEN:
                    path = os.path.join(args.out_dir, f"{kind}-{variant}-{i}.pgn")
                    with open(path, "wb") as out:
                        out.write(data)
                    written += 1
    print(f"wrote {written} inputs to {args.out_dir}")


if __name__ == "__main__":
    main()
