#!/usr/bin/env bash
# Per-variant speed table: validate, convert and perft, one core, each
# variant side by side with the pgn-reader + shakmaty peer.
#
#   benches/variants.sh [--games N] [--seed S] [--bias P] [--runs R] [--depth D]
#                       [--fvnote BIN]
#
#   --games N  games per variant archive (default 1000)
#   --seed S   seed of the archives (default 1)
#   --bias P   percent of plies drawn from the legal special moves when there
#              are any (default 60): drops, quakes, slides, cage moves and
#              insertions, castling, en passant, promotions
#   --runs R   rounds per row (default 10, after one warm-up round)
#   --depth D  perft depth (default 5)
#   --fvnote B time this fvnote binary instead of building one (before/after)
#
# Archives: `cargo run --release --example special_games -- V N S P`
# (cached, git-ignored, in benches/data/special-V-N-sS-bP.pgn). Every command
# runs pinned to one core (taskset -c 0, RAYON_NUM_THREADS=1), so the table is
# one-core speed whatever the machine. For each row, benches/paired.py runs
# the peer (benches/peer-shakmaty, validating the chess archive) and the
# variant's commands in turn, round after round, and takes each ratio round
# by round: "ratio" is a variant's validate rate over the peer's chess rate
# (the goal: >= 0.25), then convert's (to JSON Lines: >= 0.12) and JSON Lines
# back to PGN's (the issue's 2 M plies/s: ~0.25), each the median over the
# rounds. Rates use the median CPU time (user + system); "spread" is
# (max - min) / min of validate's times, how noisy the machine was.
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

# Each row's commands run in turn, round after round (benches/paired.py):
# the peer on the chess archive, then the variant's validate, convert and
# back to PGN, then perft. A ratio is taken round by round, so it holds
# when the machine's speed drifts (by a third from minute to minute here).
peer_plies=""
[ -z "$peer" ] ||
  peer_plies=$("$peer" "$data/special-chess-$games-s$seed-b$bias.pgn" | tr ' ' '\n' |
    awk -F= '$1 == "plies" { print $2 }')
q() { printf '%q ' "${pin[@]}" "$@"; }

echo
printf '| %-13s | %7s | %9s | %9s | %6s | %6s | %9s | %6s | %9s | %6s | %9s | %11s |\n' \
  variant plies "peer/s" "validate/s" ratio spread "convert/s" ratio "to PGN/s" ratio "perft/s" "perft nodes"
printf '|%s\n' '---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|'
for v in "${variants[@]}"; do
  f="$data/special-$v-$games-s$seed-b$bias.pgn"
  p=$(plies_of "$f")
  bad=$(invalid_of "$f")
  nodes=$("$fv" perft --variant "$v" "$depth" | tail -n 1)
  # The first command is the yardstick: the peer, or without it validate.
  specs=()
  [ -z "$peer" ] || specs+=("peer=$(q "$peer" "$data/special-chess-$games-s$seed-b$bias.pgn")")
  specs+=("val=$(q "$fv" validate --format json "$f")"
    "conv=$(q "$fv" convert --to jsonl -o "$tmp/out.jsonl" "$f")"
    "json=$(q "$fv" convert --to pgn -o "$tmp/out.pgn" "$tmp/out.jsonl")"
    "perft=$(q "$fv" perft --variant "$v" "$depth")")
  # The JSON Lines that `json` reads, before the first round.
  "$fv" convert --to jsonl -o "$tmp/out.jsonl" "$f"
  RAYON_NUM_THREADS=1 python3 benches/paired.py "$runs" "${specs[@]}" >"$tmp/row" || exit 1
  row() { awk -v n="$1" -v k="$2" '$1 == n { print $k }' "$tmp/row"; }
  awk -v v="$v" -v p="$p" -v pp="$peer_plies" -v n="$nodes" -v bad="$bad" \
      -v tpeer="$(row peer 2)" -v tv="$(row val 2)" -v vmin="$(row val 3)" -v vmax="$(row val 4)" \
      -v tc="$(row conv 2)" -v tj="$(row json 2)" -v tp="$(row perft 2)" \
      -v rv="$(row val 5)" -v rc="$(row conv 5)" -v rj="$(row json 5)" 'BEGIN {
    # A rate ratio: plies over plies times the round-by-round time ratio.
    peer = pp == "" ? "-" : sprintf("%.0f", pp / tpeer)
    ratio = pp == "" ? "-" : sprintf("%.2f", p / pp * rv)
    cratio = pp == "" ? "-" : sprintf("%.2f", p / pp * rc)
    jratio = pp == "" ? "-" : sprintf("%.2f", p / pp * rj)
    printf "| %-13s | %7d | %9s | %9.0f | %6s | %5.0f%% | %9.0f | %6s | %9.0f | %6s | %9.0f | %11d |%s\n",
      v, p, peer, p / tv, ratio, 100 * (vmax - vmin) / vmin, p / tc, cratio, p / tj, jratio, n / tp, n,
      bad == 0 ? "" : " " bad " INVALID"
  }'
done
echo
echo "(validate: fvnote validate --format json; convert: fvnote convert --to jsonl -o FILE;"
echo " to PGN: fvnote convert --to pgn -o FILE of that JSON Lines; ratios over the peer's chess rate"
echo " (peer/s), taken round by round over $runs rounds with the peer run in each;"
echo " perft: fvnote perft --variant V $depth; rates from the median CPU time, one core)"
