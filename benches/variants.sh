#!/usr/bin/env bash
# Per-variant speed table: validate, convert and perft, one core, with hyperfine.
#
#   benches/variants.sh [--games N] [--seed S] [--bias P] [--runs R] [--depth D]
#                       [--fvnote BIN]
#
#   --games N  games per variant archive (default 1000)
#   --seed S   seed of the archives (default 1)
#   --bias P   percent of plies drawn from the legal special moves when there
#              are any (default 60): drops, quakes, slides, cage moves and
#              insertions, castling, en passant, promotions
#   --runs R   hyperfine runs per command (default 10, after one warm-up)
#   --depth D  perft depth (default 5)
#   --fvnote B time this fvnote binary instead of building one (before/after)
#
# Archives: `cargo run --release --example special_games -- V N S P`
# (cached, git-ignored, in benches/data/special-V-N-sS-bP.pgn). Every command
# runs pinned to one core (taskset -c 0, RAYON_NUM_THREADS=1), so the table is
# one-core speed whatever the machine; the peer (pgn-reader + shakmaty,
# benches/peer-shakmaty) validates the chess archive the same way, timed again
# before each row, and its rate is that row's yardstick: "ratio" is a variant's validate rate over the peer's chess
# rate (the goal: >= 0.25), then convert's (to JSON Lines: >= 0.12) and JSON
# Lines back to PGN's (the issue's 2 M plies/s: ~0.25). Rates use hyperfine's
# mean CPU time; "spread" is
# (max - min) / min over the runs, how noisy the machine was.
set -euo pipefail
cd "$(dirname "$0")/.."

games=1000
seed=1
bias=60
runs=10
depth=5
fv=""
while [ $# -gt 0 ]; do
  case "$1" in
    --games) games=$2; shift ;;
    --seed) seed=$2; shift ;;
    --bias) bias=$2; shift ;;
    --runs) runs=$2; shift ;;
    --depth) depth=$2; shift ;;
    --fvnote) fv=$2; shift ;;
    *) echo "usage: benches/variants.sh [--games N] [--seed S] [--bias P] [--runs R] [--depth D] [--fvnote BIN]" >&2
       exit 2 ;;
  esac
  shift
done

if ! command -v hyperfine >/dev/null 2>&1; then
  if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
    (apt-get update -qq && apt-get install -y -qq hyperfine) >/dev/null 2>&1 || true
  fi
  command -v hyperfine >/dev/null 2>&1 || cargo install --quiet hyperfine
fi
pin=()
command -v taskset >/dev/null 2>&1 && pin=(taskset -c 0)

cargo build --release --quiet --example special_games
gen=target/release/examples/special_games
if [ -z "$fv" ]; then
  cargo build --release --quiet
  fv=target/release/fvnote
fi
peer=benches/peer-shakmaty/target/release/peer-shakmaty
if ! (cd benches/peer-shakmaty && cargo build --release --quiet) >/dev/null 2>&1; then
  echo "pgn-reader + shakmaty peer did not build: ratios skipped"
  peer=""
fi
echo "fvnote: $("$fv" --version) ($fv); one core: ${pin[*]:-no taskset} RAYON_NUM_THREADS=1"

data=benches/data
mkdir -p "$data"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# time NAME CMD... : hyperfine, one core; prints "CPU MIN MAX" seconds: mean
# user + system time, and the least and largest wall time.
time_cmd() {
  local name=$1; shift
  RAYON_NUM_THREADS=1 hyperfine --style none --warmup 1 --runs "$runs" \
    --export-json "$tmp/$name.json" -- "$(printf '%q ' "${pin[@]}" "$@")" >/dev/null 2>&1
  python3 -c 'import json,sys; r=json.load(open(sys.argv[1]))["results"][0]
print(r["user"] + r["system"], r["min"], r["max"])' "$tmp/$name.json"
}
plies_of() { # total main-line plies fvnote counts in FILE
  "$fv" validate --format json "$1" 2>/dev/null |
    awk 'match($0, /"plies":[0-9]+/) { p += substr($0, RSTART + 8, RLENGTH - 8) } END { print p + 0 }'
}
invalid_of() {
  "$fv" validate --format json "$1" 2>/dev/null | grep -c '"valid":false' || true
}

variants=(chess grid rank-and-file fault-line quake quake-lb slide)
for v in "${variants[@]}"; do
  f="$data/special-$v-$games-s$seed-b$bias.pgn"
  [ -s "$f" ] || "$gen" "$v" "$games" "$seed" "$bias" >"$f"
done

# The peer's chess rate, timed again before each row: this machine's speed
# drifts by a third from minute to minute, so each row's ratios use the
# peer timed next to it.
peer_rate=""
peer_plies=""
time_peer() {
  [ -n "$peer" ] || return 0
  local f="$data/special-chess-$games-s$seed-b$bias.pgn"
  [ -n "$peer_plies" ] ||
    peer_plies=$("$peer" "$f" | tr ' ' '\n' | awk -F= '$1 == "plies" { print $2 }')
  read -r mean min max <<<"$(time_cmd "peer-$1" "$peer" "$f")"
  peer_rate=$(awk -v p="$peer_plies" -v t="$mean" 'BEGIN { printf "%.0f", p / t }')
  echo "peer pgn-reader + shakmaty on $f ($1 row): $peer_plies plies, $mean CPU s (wall min $min, max $max): $peer_rate plies/s" >&2
}

echo
printf '| %-13s | %7s | %9s | %9s | %6s | %6s | %9s | %6s | %9s | %6s | %9s | %11s |\n' \
  variant plies "peer/s" "validate/s" ratio spread "convert/s" ratio "to PGN/s" ratio "perft/s" "perft nodes"
printf '|%s\n' '---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|'
for v in "${variants[@]}"; do
  time_peer "$v"
  f="$data/special-$v-$games-s$seed-b$bias.pgn"
  p=$(plies_of "$f")
  bad=$(invalid_of "$f")
  read -r vmean vmin vmax <<<"$(time_cmd "val-$v" "$fv" validate --format json "$f")"
  read -r cmean _ _ <<<"$(time_cmd "conv-$v" "$fv" convert --to jsonl -o "$tmp/out.jsonl" "$f")"
  # And back: the JSON Lines just written, to canonical PGN (checked).
  read -r jmean _ _ <<<"$(time_cmd "json-$v" "$fv" convert --to pgn -o "$tmp/out.pgn" "$tmp/out.jsonl")"
  nodes=$("$fv" perft --variant "$v" "$depth" | tail -n 1)
  read -r pmean _ _ <<<"$(time_cmd "perft-$v" "$fv" perft --variant "$v" "$depth")"
  awk -v v="$v" -v p="$p" -v vm="$vmean" -v vmin="$vmin" -v vmax="$vmax" -v cm="$cmean" -v jm="$jmean" \
      -v n="$nodes" -v pm="$pmean" -v peer="$peer_rate" -v bad="$bad" 'BEGIN {
    rate = p / vm
    ratio = peer == "" ? "-" : sprintf("%.2f", rate / peer)
    cratio = peer == "" ? "-" : sprintf("%.2f", p / cm / peer)
    jratio = peer == "" ? "-" : sprintf("%.2f", p / jm / peer)
    printf "| %-13s | %7d | %9s | %9.0f | %6s | %5.0f%% | %9.0f | %6s | %9.0f | %6s | %9.0f | %11d |%s\n",
      v, p, peer == "" ? "-" : peer, rate, ratio, 100 * (vmax - vmin) / vmin, p / cm, cratio, p / jm, jratio, n / pm, n,
      bad == 0 ? "" : " " bad " INVALID"
  }'
done
echo
echo "(validate: fvnote validate --format json; convert: fvnote convert --to jsonl -o FILE;"
echo " to PGN: fvnote convert --to pgn -o FILE of that JSON Lines; ratios over the peer's chess rate"
echo " (peer/s), timed just before each row;"
echo " perft: fvnote perft --variant V $depth; mean CPU time of $runs hyperfine runs, one core)"
