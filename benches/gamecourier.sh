#!/usr/bin/env bash
# Reading Game Courier move lists against reading the same games as PGN.
#
#   benches/gamecourier.sh [--games N] [--runs R] [--instructions]
#
# For every variant: `fvnote gen V N --seed 1` games, each written to its own
# PGN file and, by `fvnote convert --to gamecourier`, to its own list. Then
# hyperfine times
#   fvnote validate PGN-FILES...
#   fvnote validate --from gamecourier --variant V LIST-FILES...
# on one thread (RAYON_NUM_THREADS=1: the work, not the parallelism), without
# a shell (-N), and prints the mean CPU time (user + sys) of each and their
# ratio, lists / PGN (CPU rather than wall time: the machine may be shared).
# With --instructions, valgrind's callgrind counts the instructions of one
# run of each instead (exact and repeatable on a loaded machine), output to
# JSON Lines as `validate --format json` writes it.
# The goal: at most 2.
set -euo pipefail
cd "$(dirname "$0")/.."

games=200
runs=10
instructions=0
while [ $# -gt 0 ]; do
  case "$1" in
    --games) games=$2; shift ;;
    --runs) runs=$2; shift ;;
    --instructions) instructions=1 ;;
    *) echo "usage: benches/gamecourier.sh [--games N] [--runs R] [--instructions]" >&2; exit 2 ;;
  esac
  shift
done

if [ "$instructions" = 1 ]; then
  command -v valgrind >/dev/null || { echo "--instructions needs valgrind" >&2; exit 2; }
else
  command -v hyperfine >/dev/null || cargo install hyperfine --version 1.20.0 --locked
fi
# Instructions of one run (callgrind's total), output discarded.
count() {
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null |
    awk '/Collected/ {print $4}'
}
cargo build --release --quiet
bin=$PWD/target/release/fvnote
data=benches/data/gamecourier
rm -rf "$data"
mkdir -p "$data"
export RAYON_NUM_THREADS=1

if [ "$instructions" = 1 ]; then
  printf '%-14s %6s %8s %14s %14s %7s\n' variant games plies "pgn instr" "list instr" ratio
else
  printf '%-14s %6s %8s %12s %12s %7s\n' variant games plies "pgn cpu ms" "list cpu ms" ratio
fi
for v in chess grid rank-and-file fault-line quake quake-lb slide; do
  dir=$data/$v
  mkdir -p "$dir/pgn" "$dir/list"
  "$bin" gen "$v" "$games" --seed 1 > "$dir/all.pgn"
  # One game per file: a list holds one game.
  awk -v d="$dir/pgn" '/^\[Event /{n++} {print > sprintf("%s/%04d.pgn", d, n)}' "$dir/all.pgn"
  for f in "$dir"/pgn/*.pgn; do
    "$bin" convert --to gamecourier "$f" > "$dir/list/$(basename "$f" .pgn).txt"
  done
  plies=$(grep -c '^[0-9]' "$dir"/list/*.txt | awk -F: '{s+=$2} END {print s}')
  if [ "$instructions" = 1 ]; then
    p=$(count "$bin" validate --format json "$dir"/pgn/*.pgn)
    l=$(count "$bin" validate --format json --from gamecourier --variant "$v" "$dir"/list/*.txt)
    awk -v v="$v" -v g="$games" -v n="$plies" -v p="$p" -v l="$l" \
      'BEGIN {printf "%-14s %6s %8s %14s %14s %7.2f\n", v, g, n, p, l, l / p}'
    continue
  fi
  pgns=$(printf '%s ' "$dir"/pgn/*.pgn)
  lists=$(printf '%s ' "$dir"/list/*.txt)
  hyperfine -N --style none --warmup 1 --runs "$runs" --export-json "$dir/times.json" \
    "$bin validate $pgns" \
    "$bin validate --from gamecourier --variant $v $lists" >/dev/null
  python3 - "$dir/times.json" "$v" "$games" "$plies" <<'PY'
import json, sys
t = json.load(open(sys.argv[1]))["results"]
cpu = lambda r: (r["user"] + r["system"]) * 1000
pgn, lst = cpu(t[0]), cpu(t[1])
print(f"{sys.argv[2]:<14} {sys.argv[3]:>6} {sys.argv[4]:>8} {pgn:>12.1f} {lst:>12.1f} {lst / pgn:>7.2f}")
PY
done
