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
  positions that pass them;
* for every game, a position from it with the pieces shuffled over the
  board's cells (holes stay put) and a random side to move, set up from a
  `[FEN]` tag, followed by one random legal move when the variant accepts the
  set-up; when it refuses it, also the first of a few more shuffles that it
  accepts.  Why: the set-up checks and move generation branch on where pieces
  stand relative to each king (which rays are open, which piece ends them);
  games reach few of those geometries, so without these the `replay` fuzzer
  spent hours finding them one edge at a time.

Standard library only.  Usage:

    fuzz/seed_corpus.py [--fvnote PATH] [--games N] [--seed S]
                        [--max-plies P] OUT_DIR
"""

import argparse
import json
import os
import random
import re
import subprocess

MAX_LEN = 4096
TAIL = 30


def run(fvnote, *args, stdin=None, refusal_ok=False):
    """fvnote's stdout; on failure exit, or `None` if `refusal_ok`."""
    done = subprocess.run(
        [fvnote, *args], input=stdin, capture_output=True, check=False
    )
    if done.returncode != 0:
        if refusal_ok:
            return None
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


def set_up_game(variant, fen, sans, result):
    """PGN of the moves `sans` played from `fen`, numbered as the FEN says."""
    fields = fen.split()
    number, black = int(fields[5]), fields[1] == "b"
    tokens = []
    for i, san in enumerate(sans):
        if not black:
            tokens.append(f"{number}.")
        elif i == 0:
            tokens.append(f"{number}...")
        tokens.append(san)
        number += black
        black = not black
    return (
        f'[Variant "{variant}"]\n[Result "{result}"]\n[SetUp "1"]\n'
        f'[FEN "{fen}"]\n\n{" ".join(tokens + [result])}\n'
    ).encode()


def tail(game, plies):
    """The last `plies` main-line plies of a JSON game, set up from a FEN."""
    moves = game["moves"]
    result = next(t["value"] for t in game["tags"] if t["name"] == "Result")
    start = len(moves) - plies
    sans = [move["san"] for move in moves[start:]]
    return set_up_game(game["variant"], moves[start - 1]["fen_after"], sans, result)


CELL = re.compile(r"\(..\)|\d+|.")


def shuffled(fen, rng):
    """`fen` with its board's pieces and empty cells shuffled over the cells
    (holes `*` and rank breaks stay), a random side to move, and no castling
    or en passant rights, which a shuffle would almost always break."""
    fields = fen.split(" ")
    board, pocket = fields[0], ""
    if "[" in board:
        board, pocket = board[: board.index("[")], board[board.index("[") :]
    ranks = [
        [c for token in CELL.findall(rank) for c in (["1"] * int(token) if token.isdigit() else [token])]
        for rank in board.split("/")
    ]
    cells = [(r, f) for r, rank in enumerate(ranks) for f, c in enumerate(rank) if c != "*"]
    contents = [ranks[r][f] for r, f in cells]
    rng.shuffle(contents)
    for (r, f), c in zip(cells, contents):
        ranks[r][f] = c
    fields[0] = "/".join(re.sub(r"1+", lambda m: str(len(m.group())), "".join(rank)) for rank in ranks) + pocket
    fields[1] = rng.choice("wb")
    fields[2] = fields[3] = "-"
    return " ".join(fields)


def legal_moves(fvnote, variant, fen):
    """The legal moves of `fen` in SAN, or `None` if `variant` refuses it."""
    listing = run(
        fvnote, "moves", "--variant", variant, "--format", "json", fen,
        refusal_ok=True,
    )
    if listing is None:
        return None
    return [move["san"] for move in json.loads(listing)["moves"]]


def shuffle_inputs(fvnote, variant, record, rng, tries=30):
    """Shuffled positions of `record` set up from a FEN: the first shuffle
    whatever the variant says of it (a refused set-up tests the checks'
    verdicts), and if that one was refused, the first of up to `tries` more
    that the variant accepts, with one random legal move."""
    if not record["moves"]:
        return []
    inputs = []
    for attempt in range(tries + 1):
        fen = shuffled(rng.choice(record["moves"])["fen_after"], rng)
        moves = legal_moves(fvnote, variant, fen)
        if moves is None and attempt > 0:
            continue
        sans = [rng.choice(moves)] if moves else []
        inputs.append(set_up_game(variant, fen, sans, "*"))
        if moves is not None:
            break
    return inputs


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out_dir")
    parser.add_argument("--fvnote", default="target/release/fvnote")
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=7000)
    parser.add_argument("--max-plies", type=int, default=400)
    args = parser.parse_args()
    os.makedirs(args.out_dir, exist_ok=True)

    rng = random.Random(args.seed)
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
            for j, shuffle in enumerate(shuffle_inputs(args.fvnote, variant, record, rng)):
                pieces.append((f"shuffle{j}", shuffle))
            for kind, data in pieces:
                if len(data) <= MAX_LEN:
                    path = os.path.join(args.out_dir, f"{kind}-{variant}-{i}.pgn")
                    with open(path, "wb") as out:
                        out.write(data)
                    written += 1
    print(f"wrote {written} inputs to {args.out_dir}")


if __name__ == "__main__":
    main()
