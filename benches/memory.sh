#!/usr/bin/env bash
# Peak resident memory of every command on one 1 M-ply game (BENCHMARKS.md,
# "Peak memory of every command on one 1 M-ply game").
#
#   benches/memory.sh [FVNOTE]
#
# Builds fvnote (release) unless given a binary, makes the inputs in
# benches/data/ (git-ignored): long.pgn (1,000,000 plies of knights
# shuffling, 7.9 MB), other.pgn (the same game but its last ply), long.jsonl
# and long.json; then prints one Markdown row per command: its peak RSS and
# wall time, by GNU time (`apt install time`).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ $# -gt 0 ]; then
  fv=$(realpath "$1")
else
  cargo build --release -q
  fv=$PWD/target/release/fvnote
fi
[ -x /usr/bin/time ] || { echo "benches/memory.sh needs GNU time (apt install time)" >&2; exit 2; }
mkdir -p benches/data
cd benches/data
if [ ! -f long.pgn ]; then
  awk 'BEGIN { printf "[Event \"long\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"1\"]\n[White \"a\"]\n[Black \"b\"]\n[Result \"*\"]\n\n";
    for (i = 1; i <= 500000; i++) printf "%d. %s ", i, (i % 2 ? "Nf3 Nf6" : "Ng1 Ng8"); print "*" }' > long.pgn
fi
[ -f other.pgn ] || sed 's/Ng8 \*$/Nh6 */' long.pgn > other.pgn
[ -f long.jsonl ] || "$fv" convert --to jsonl -o long.jsonl long.pgn
[ -f long.json ] || "$fv" convert --to json -o long.json long.pgn

row() {
  local name=$1
  shift
  /usr/bin/time -f "%M %e" -o time.txt "$@" > /dev/null 2> err.txt || true
  # GNU time says a non-zero exit (fmt --check, dedup, diff) on a line first.
  tail -n 1 time.txt | awk -v n="$name" '{ printf "| `%s` | %.0f MB | %s s |\n", n, $1 / 1024, $2 }'
}
echo "| command | peak RSS | wall |"
echo "|---|---:|---:|"
row "validate long.pgn" "$fv" validate long.pgn
row "convert --to pgn" "$fv" convert --to pgn long.pgn
for to in jsonl json fen gamecourier; do
  row "convert --to $to" "$fv" convert --to "$to" long.pgn
done
row "fmt - < long.pgn" sh -c "\"$fv\" fmt - < long.pgn"
row "fmt --check --diff" "$fv" fmt --check --diff long.pgn
row "validate long.jsonl" "$fv" validate long.jsonl
row "validate long.json" "$fv" validate long.json
row "convert --to pgn long.jsonl" "$fv" convert --to pgn long.jsonl
row "convert --to pgn long.json" "$fv" convert --to pgn long.json
row "convert --to fen long.json" "$fv" convert --to fen long.json
row "dedup long.pgn other.pgn" "$fv" dedup long.pgn other.pgn
row "show" "$fv" show long.pgn
row "moves" "$fv" moves long.pgn
row "diff --format json long.pgn other.pgn" "$fv" diff --format json long.pgn other.pgn
row "diff long.pgn@10 long.pgn@999990" "$fv" diff long.pgn@10 long.pgn@999990
row "html" "$fv" html long.pgn
rm -f time.txt err.txt
