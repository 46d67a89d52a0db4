#!/usr/bin/env bash
# `fvnote diff` of two long records, with hyperfine (https://github.com/sharkdp/hyperfine;
# `cargo install hyperfine` or Debian `hyperfine`). Each record is a chess game of
# knights shuffling back and forth (legal for ever: draw claims do not stop play).
#
#   benches/diff.sh [PLIES...]      (default: 40000 160000 1000000)
#
# Two cases per length:
#   same      B is A with one move changed in the middle (the usual diff: few edits);
#   different A and B differ in every move (the worst case: the edit search stops at
#             its deadline, record::diff::DIFF_DEADLINE, and the rest is one hunk).
set -euo pipefail
cd "$(dirname "$0")/.."
lengths=("${@:-40000 160000 1000000}")
# shellcheck disable=SC2206
lengths=(${lengths[*]})
command -v hyperfine >/dev/null || { echo "hyperfine not found (cargo install hyperfine)" >&2; exit 1; }
cargo build --release --quiet
fv=target/release/fvnote
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

# shuffle PLIES FILE K1 K2 K3 K4 [CHANGED_AT]: the knight shuffle; at move pair
# CHANGED_AT the first knight goes to h3 and back instead (still legal).
shuffle() {
  awk -v n="$1" -v a="$3" -v b="$4" -v c="$5" -v d="$6" -v at="${7:--1}" 'BEGIN {
    print "[Event \"shuffle\"]\n"
    for (i = 0; i < n / 4; i++) {
      x = a; z = c
      if (i == at) { x = "Nh3"; z = "Ng1" }
      printf "%d. %s %s %d. %s %s ", 2 * i + 1, x, b, 2 * i + 2, z, d
    }
    print "*"
  }' > "$2"
}

for n in "${lengths[@]}"; do
  shuffle "$n" "$dir/a.pgn" Nf3 Nf6 Ng1 Ng8
  shuffle "$n" "$dir/same.pgn" Nf3 Nf6 Ng1 Ng8 $((n / 8))
  shuffle "$n" "$dir/different.pgn" Nc3 Nc6 Nb1 Nb8
  hyperfine --warmup 1 --runs 3 -i -N \
    -n "diff $n plies, one move changed" "$fv diff $dir/a.pgn $dir/same.pgn" \
    -n "diff $n plies, every move different" "$fv diff $dir/a.pgn $dir/different.pgn"
done
