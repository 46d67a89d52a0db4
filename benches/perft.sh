#!/usr/bin/env bash
# Chess perft, fvnote side by side with Fairy-Stockfish (Debian `fairy-stockfish`),
# on this machine, one core each. Prints both CPU times and their ratio.
#
#   benches/perft.sh [DEPTH]        (default 5; the brief's reference is depth 6)
#
# Installs fairy-stockfish with apt when it can; skips the comparison cleanly when
# it cannot.
set -euo pipefail
cd "$(dirname "$0")/.."
depth="${1:-5}"
# Debian installs the engines under /usr/games.
export PATH="$PATH:/usr/games"

if ! command -v fairy-stockfish >/dev/null 2>&1; then
  if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
    (apt-get update -qq && apt-get install -y -qq fairy-stockfish) >/dev/null 2>&1 || true
  fi
fi

cargo build --release --quiet
fv=target/release/fvnote

# CPU seconds (user + sys) of a command: unlike wall time, this stays comparable
# when other work shares the machine.
cpu_seconds() {
  local TIMEFORMAT='%U %S'
  { time "$@" >/dev/null 2>&1; } 2>&1 | awk '{ print $1 + $2 }'
}
best_of() { # best_of N cmd... : the smallest CPU time of N runs
  local n=$1; shift; local best=""
  for _ in $(seq "$n"); do
    local t; t=$(cpu_seconds "$@")
    if [ -z "$best" ] || [ "$(echo "$t < $best" | bc -l)" = 1 ]; then best=$t; fi
  done
  echo "$best"
}

nodes=$("$fv" perft "$depth" | tail -n 1)
t_fv=$(best_of 3 "$fv" perft "$depth")
printf 'fvnote          perft %s = %s nodes in %.3f s\n' "$depth" "$nodes" "$t_fv"

if ! command -v fairy-stockfish >/dev/null 2>&1; then
  echo "fairy-stockfish not available: comparison skipped"
  exit 0
fi
fsf() { printf 'uci\nsetoption name Threads value 1\nposition startpos\ngo perft %s\nquit\n' "$depth" | fairy-stockfish; }
fsf_nodes=$(fsf | awk '/^Nodes searched/ {print $3}')
t_fsf=$(best_of 3 fsf)
printf 'fairy-stockfish perft %s = %s nodes in %.3f s\n' "$depth" "$fsf_nodes" "$t_fsf"
if [ "$fsf_nodes" != "$nodes" ]; then
  echo "node counts differ: $nodes vs $fsf_nodes" >&2
  exit 1
fi
printf 'ratio fvnote / fairy-stockfish time: %.2f\n' "$(echo "$t_fv / $t_fsf" | bc -l)"
