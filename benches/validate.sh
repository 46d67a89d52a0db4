#!/usr/bin/env bash
# PGN validation, fvnote side by side with peers on the same archive and machine.
# Prints CPU seconds (user + sys, best of 3), plies per second and ratios.
#
#   benches/validate.sh [--big] [--games N] [--copies K] [--rounds R] [--peers-only]
#
#   --games N   engine games in the orthodox archive (default 2000; cached in
#               benches/data/engine-games.pgn, regenerated only when missing, so
#               delete it to change N)
#   --copies K  the timed archive is K copies of it (default 20), so each run
#               takes a second or more
#   --rounds R  interleaved rounds for the close contenders (default 7)
#   --big       also measure peak memory on a >= 1 GB archive (disk and time)
#   --peers-only  sections 1 and 2 only (the peers and the 2-core scaling)
#
# Sections:
#   1. orthodox archive: Stockfish (Debian `stockfish`) plays the games through
#      benches/engine_games.py (PyPI `chess`);
#   2. peers on it: fvnote validate (1 thread pinned to one core with taskset,
#      and all cores), pgn-extract
#      (Debian), python-chess (PyPI), pgn-reader + shakmaty (crates.io,
#      benches/peer-shakmaty, pinned to one core). It prints the 2-core wall
#      time over fvnote's 1-core one and over the peer's, and each tool's
#      slowest round over its fastest (the machine's noise). fvnote and
#      pgn-reader + shakmaty are close, so
#      they are timed in R interleaved rounds (one run of each per round; a
#      shared machine's speed drifts by a third within minutes, which a
#      tool timed alone in a slow minute would be charged for): best CPU and
#      best wall of each. The others, 6 to 150 times apart, best of 3;
#   3. fvnote plies per second for every variant on `fvnote gen V 2000 --seed 1`;
#   4. peak resident memory of fvnote validate on a ~50 MB archive (and >= 1 GB
#      with --big), and on three single hostile games of about 40 MB (a
#      warning or an error per move or comment), measured with /usr/bin/time.
# Every peer is installed when possible and skipped with a message otherwise.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PATH:/usr/games"

big=0
peers_only=0
games=2000
copies=20
rounds=7
while [ $# -gt 0 ]; do
  case "$1" in
    --big) big=1 ;;
    --games) games=$2; shift ;;
    --copies) copies=$2; shift ;;
    --rounds) rounds=$2; shift ;;
    --peers-only) peers_only=1 ;;
    *) echo "usage: benches/validate.sh [--big] [--games N] [--copies K] [--rounds R] [--peers-only]" >&2; exit 2 ;;
  esac
  shift
done

data=benches/data
mkdir -p "$data"

# ---- installing what we can ------------------------------------------------
apt_updated=0
apt_install() { # apt_install PKG... : best effort, never fails
  command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ] || return 0
  if [ "$apt_updated" = 0 ]; then
    apt-get update -qq >/dev/null 2>&1 || true
    apt_updated=1
  fi
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null 2>&1 || true
}
have() { command -v "$1" >/dev/null 2>&1; }
pin=()
have taskset && pin=(taskset -c 0)
missing=()
have stockfish || missing+=(stockfish)
have pgn-extract || missing+=(pgn-extract)
[ -x /usr/bin/time ] || missing+=(time)
if [ ${#missing[@]} -gt 0 ]; then apt_install "${missing[@]}"; fi
have_pychess=0
if have python3; then
  python3 -c 'import chess.pgn, chess.engine' >/dev/null 2>&1 ||
    python3 -m pip install --quiet chess >/dev/null 2>&1 || true
  python3 -c 'import chess.pgn, chess.engine' >/dev/null 2>&1 && have_pychess=1
fi

cargo build --release --quiet
fv=target/release/fvnote
echo "fvnote: $("$fv" --version)"

peer_sm=benches/peer-shakmaty/target/release/peer-shakmaty
if ! (cd benches/peer-shakmaty && cargo build --release --quiet) >/dev/null 2>&1; then
  echo "pgn-reader + shakmaty peer did not build: skipped"
  peer_sm=""
fi

# ---- timing ----------------------------------------------------------------
# CPU seconds (user + sys) and wall seconds of a command, stdout and stderr
# discarded: "CPU WALL".
cpu_wall() {
  local TIMEFORMAT='%U %S %R'
  { time "$@" >/dev/null 2>&1; } 2>&1 | awk '{ printf "%.3f %.3f\n", $1 + $2, $3 }'
}
best_of() { # best_of N cmd... : "CPU WALL" of the run with the least CPU time
  local n=$1; shift; local best="" t
  for _ in $(seq "$n"); do
    t=$(cpu_wall "$@")
    if [ -z "$best" ] || awk -v a="${t% *}" -v b="${best% *}" 'BEGIN { exit !(a < b) }'; then
      best=$t
    fi
  done
  echo "$best"
}
kv() { # kv KEY "games=.. plies=.." : the value of KEY
  tr ' ' '\n' <<<"$2" | awk -F= -v k="$1" '$1 == k { print $2 }'
}
fv_counts() { # fv_counts FILE... : "games=G plies=P illegal=I" from fvnote's JSON
  "$fv" validate --format json "$@" 2>/dev/null |
    awk 'match($0, /"plies":[0-9]+/) { p += substr($0, RSTART + 8, RLENGTH - 8) }
         /"valid":false/ { bad++ }
         { g++ }
         END { printf "games=%d plies=%d illegal=%d\n", g, p, bad }' || true
}
fv1() { RAYON_NUM_THREADS=1 "$fv" validate --format json "$@"; }
fvn() { "$fv" validate --format json "$@"; }

rows=()
row() { # row TOOL GAMES PLIES CPU WALL NOTE
  rows+=("$1|$2|$3|$4|$5|$6")
}
print_table() { # relative to the first row's CPU time
  local base; base=$(cut -d'|' -f4 <<<"${rows[0]}")
  printf '| %-34s | %7s | %9s | %8s | %8s | %11s | %-6s | %s\n' \
    tool games plies "CPU s" "wall s" "plies/CPU s" ratio note
  printf '|%s\n' '---|---:|---:|---:|---:|---:|---:|---|'
  local r tool g p c w note
  for r in "${rows[@]}"; do
    IFS='|' read -r tool g p c w note <<<"$r"
    printf '| %-34s | %7s | %9s | %8s | %8s | %11s | %-6s | %s\n' "$tool" "$g" "$p" "$c" "$w" \
      "$(awk -v p="$p" -v c="$c" 'BEGIN { printf "%.0f", p / c }')" \
      "$(awk -v c="$c" -v b="$base" 'BEGIN { printf "%.2f", c / b }')" "$note"
  done
}

# ---- 1 + 2. orthodox engine games and peers --------------------------------
echo
echo "== 1-2. orthodox archive of Stockfish games: fvnote and peers =="
base="$data/engine-games.pgn"
if [ ! -s "$base" ]; then
  if have stockfish && [ "$have_pychess" = 1 ]; then
    echo "generating $games Stockfish games into $base (cached) ..."
    python3 benches/engine_games.py "$base" "$games" --engine "$(command -v stockfish)"
  fi
fi
if [ ! -s "$base" ]; then
  # Without an engine, random legal chess games stand in (fvnote gen), so the
  # peers and the 2-core scaling are still measured.
  echo "no Stockfish (or no python-chess to drive it): timing fvnote gen chess games instead"
  base="$data/gen-chess-$games-s1.pgn"
  [ -s "$base" ] || "$fv" gen chess "$games" --seed 1 -o "$base"
fi
if [ ! -s "$base" ]; then
  echo "no orthodox archive: peers skipped"
else
  arch="$data/engine-games-x$copies.pgn"
  if [ ! -s "$arch" ] || [ "$base" -nt "$arch" ]; then
    for _ in $(seq "$copies"); do cat "$base"; done >"$arch.tmp" && mv "$arch.tmp" "$arch"
  fi
  c=$(fv_counts "$arch")
  g=$(kv games "$c"); p=$(kv plies "$c")
  echo "archive: $arch ($(du -m "$arch" | cut -f1) MB), $copies x $base; fvnote: $c"
  if [ "$(kv illegal "$c")" != 0 ]; then echo "fvnote rejects games of the engine archive" >&2; fi

  declare -A best_cpu=() best_wall=() worst_wall=()
  keep_best() { # keep_best KEY "CPU WALL"
    local k=$1 cpu=${2% *} wall=${2#* }
    if [ -z "${worst_wall[$k]:-}" ] || awk -v a="$wall" -v b="${worst_wall[$k]}" 'BEGIN { exit !(a > b) }'; then
      worst_wall[$k]=$wall
    fi
    if [ -z "${best_cpu[$k]:-}" ] || awk -v a="$cpu" -v b="${best_cpu[$k]}" 'BEGIN { exit !(a < b) }'; then
      best_cpu[$k]=$cpu
    fi
    if [ -z "${best_wall[$k]:-}" ] || awk -v a="$wall" -v b="${best_wall[$k]}" 'BEGIN { exit !(a < b) }'; then
      best_wall[$k]=$wall
    fi
  }
  c2=""
  [ -z "$peer_sm" ] || c2=$("$peer_sm" "$arch")
  for _ in $(seq "$rounds"); do
    # One core: pinned (taskset) as well as one thread, so a single-threaded
    # run cannot borrow the second core for its kernel work either.
    keep_best fv1 "$(cpu_wall "${pin[@]}" env RAYON_NUM_THREADS=1 "$fv" validate --format json "$arch")"
    keep_best fvn "$(cpu_wall "$fv" validate --format json "$arch")"
    [ -z "$peer_sm" ] || keep_best sm "$(cpu_wall "${pin[@]}" "$peer_sm" "$arch")"
  done
  row "fvnote validate (1 thread)" "$g" "$p" "${best_cpu[fv1]}" "${best_wall[fv1]}" "$c"
  row "fvnote validate ($(nproc) cores)" "$g" "$p" "${best_cpu[fvn]}" "${best_wall[fvn]}" \
    "one file: compare wall time"
  if [ -n "$peer_sm" ]; then
    row "pgn-reader 0.29 + shakmaty 0.30" "$(kv games "$c2")" "$(kv plies "$c2")" \
      "${best_cpu[sm]}" "${best_wall[sm]}" "$c2"
  fi

  if have pgn-extract; then
    # -s: silent (no per-game line); -o /dev/null: the games are written nowhere.
    # pgn-extract still decodes every move against the board (it has to, to
    # write them), reporting illegal ones; an untimed run without -s gives its
    # "N games matched out of M" count.
    summary=$(pgn-extract -o /dev/null "$arch" 2>&1 >/dev/null | tr '\r' '\n' |
      grep 'games matched out of' | tail -n 1 | sed 's/^.*Games: [0-9]*//')
    pe_games=$(awk '/games matched out of/ { print $NF + 0 }' <<<"$summary")
    t=$(best_of 3 pgn-extract -s -o /dev/null "$arch")
    row "pgn-extract -s -o /dev/null" "${pe_games:-?}" "$p" "${t% *}" "${t#* }" \
      "$summary (plies: fvnote's count)"
  else
    echo "pgn-extract not available: skipped"
  fi

  if [ "$have_pychess" = 1 ]; then
    # python-chess is slow: time it on one copy of the base archive and scale
    # its CPU time per ply to the whole archive.
    c3=$(python3 benches/peer_python_chess.py "$base")
    t=$(best_of 3 python3 benches/peer_python_chess.py "$base")
    sp=$(kv plies "$c3")
    est=$(awk -v c="${t% *}" -v sp="$sp" -v p="$p" 'BEGIN { printf "%.3f", c * p / sp }')
    estw=$(awk -v c="${t#* }" -v sp="$sp" -v p="$p" 'BEGIN { printf "%.3f", c * p / sp }')
    row "python-chess $(python3 -c 'import chess; print(chess.__version__)')" \
      "$(( $(kv games "$c3") * copies ))" "$(( sp * copies ))" "$est" "$estw" \
      "timed on 1/$copies slice (${t% *} s CPU), scaled per ply; $c3 per slice"
  else
    echo "python-chess not available: skipped"
  fi

  print_table
  echo "(fvnote and pgn-reader + shakmaty: best of $rounds interleaved rounds; the others: best of 3)"
  if [ -n "$peer_sm" ]; then
    awk -v a="${best_cpu[fv1]}" -v b="${best_cpu[sm]}" -v w="${best_wall[fvn]}" -v s="${best_wall[sm]}" \
      -v n="$(nproc)" 'BEGIN {
        printf "fvnote 1 thread / pgn-reader + shakmaty, CPU time: %.2f (goal: at most 2)\n", a / b
        printf "fvnote %d cores / pgn-reader + shakmaty on one core, wall time: %.2f (goal: under 1)\n", n, w / s
      }'
  fi
  awk -v w1="${best_wall[fv1]}" -v wn="${best_wall[fvn]}" -v n="$(nproc)" 'BEGIN {
    printf "fvnote %d cores / fvnote 1 core, wall time: %.2f (goal: at most 0.6 on a quiet machine)\n", n, wn / w1
  }'
  # How noisy the machine was: each tool's slowest round over its fastest.
  for k in fv1 fvn sm; do
    [ -n "${best_wall[$k]:-}" ] || continue
    awk -v k="$k" -v lo="${best_wall[$k]}" -v hi="${worst_wall[$k]}" -v load="$(cut -d' ' -f1 /proc/loadavg 2>/dev/null)" \
      'BEGIN { printf "wall spread %s: %.3f .. %.3f s (max/min %.2f; load average %s)\n", k, lo, hi, hi / lo, load }'
  done
  for r in "${rows[@]}"; do
    rg=$(cut -d'|' -f2 <<<"$r")
    if [ "$rg" != "$g" ]; then echo "WARNING: $(cut -d'|' -f1 <<<"$r") saw $rg games, fvnote $g"; fi
  done
fi

[ "$peers_only" = 0 ] || exit 0

# ---- 3. every variant ------------------------------------------------------
echo
echo "== 3. fvnote plies per second per variant (fvnote gen V 2000 --seed 1, 1 thread) =="
printf '| %-14s | %6s | %8s | %7s | %11s |\n' variant games plies "CPU s" "plies/CPU s"
printf '|%s\n' '---|---:|---:|---:|---:|'
for v in chess grid rank-and-file fault-line quake quake-lb slide; do
  f="$data/gen-$v-2000-s1.pgn"
  [ -s "$f" ] || "$fv" gen "$v" 2000 --seed 1 -o "$f"
  c=$(fv_counts "$f")
  t=$(best_of 3 env RAYON_NUM_THREADS=1 "$fv" validate --format json "$f")
  printf '| %-14s | %6s | %8s | %7s | %11s |%s\n' "$v" "$(kv games "$c")" "$(kv plies "$c")" "${t% *}" \
    "$(awk -v p="$(kv plies "$c")" -v c="${t% *}" 'BEGIN { printf "%.0f", p / c }')" \
    "$([ "$(kv illegal "$c")" = 0 ] || echo " $(kv illegal "$c") INVALID")"
done

# ---- 4. memory -------------------------------------------------------------
echo
echo "== 4. peak resident memory of fvnote validate (target: under 100 MB) =="
src="$base"
[ -s "$src" ] || src="$data/gen-chess-2000-s1.pgn"
grow() { # grow OUT MB : concatenate $src until OUT has at least MB megabytes
  local out=$1 mb=$2
  if [ -s "$out" ] && [ "$(du -m "$out" | cut -f1)" -ge "$mb" ] && [ ! "$src" -nt "$out" ]; then return; fi
  : >"$out.tmp"
  while [ "$(du -m "$out.tmp" | cut -f1)" -lt "$mb" ]; do
    for _ in $(seq 10); do cat "$src"; done >>"$out.tmp"
  done
  mv "$out.tmp" "$out"
}
peak() { # peak FILE [THREADS...] : peak RSS, CPU and wall time (default: 1 thread, all cores)
  local threads f=$1 log
  shift
  [ $# -gt 0 ] || set -- 1 "$(nproc)"
  log=$(mktemp)
  for threads in "$@"; do
    RAYON_NUM_THREADS=$threads /usr/bin/time -o "$log" -f '%M %U %S %e' \
      "$fv" validate --format json "$f" >/dev/null 2>&1 || true
    awk -v t="$threads" -v f="$f" -v mb="$(du -m "$f" | cut -f1)" \
      'END { printf "%-32s %5d MB  threads=%-2s  peak RSS %6.1f MB  CPU %.2f s  wall %.2f s\n", f, mb, t, $1 / 1024, $2 + $3, $4 }' "$log"
  done
  rm -f "$log"
}
if [ ! -x /usr/bin/time ]; then
  echo "/usr/bin/time not available: memory check skipped"
else
  small="$data/memory-50mb.pgn"
  grow "$small" 50
  peak "$small"
  if [ "$big" = 1 ]; then
    large="$data/memory-1gb.pgn"
    grow "$large" 1024
    peak "$large" "$(nproc)"
  else
    echo "(run with --big for the >= 1 GB archive)"
  fi
  # One hostile game each, about 40 MB: memory must not grow with a game's
  # length (lenient moves give a warning each, [%deny] in chess an error
  # each; a verdict keeps the first of them and counts the rest).
  hostile() { # hostile NAME AWK-PROGRAM
    local out="$data/hostile-$1.pgn"
    [ -s "$out" ] || awk "BEGIN { $2 }" >"$out"
    peak "$out"
  }
  hostile lenient 'print "[Event \"lenient\"]\n"; for (i = 1; i <= 1000000; i++)
    printf "%d. Ng1f3 Ng8f6 %d. Nf3g1 Nf6g8\n", 2 * i - 1, 2 * i; print "*"'
  hostile deny 'print "1. e4"; for (i = 0; i < 3000000; i++) print "{[%deny S3e]}"; print "*"'
  hostile shuffle 'print "[Event \"shuffle\"]\n"; for (i = 1; i <= 1000000; i++)
    printf "%d. Nf3 Nf6 %d. Ng1 Ng8\n", 2 * i - 1, 2 * i; print "*"'
fi
