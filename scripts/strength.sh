#!/usr/bin/env bash
# Reproduces the matches of docs/STRENGTH.md: Tengen (`tengen gtp`) against GNU Go 3.8
# (`gnugo --mode gtp`, Chinese counting, positional superko, level 10), against Pachi 12.90
# (the `*-pachi` matches; set PACHI to your Pachi binary) and against itself.
# Each match writes its SGF records and summary under docs/strength/<name>/.
#
#   scripts/strength.sh            # every match, one after the other (several hours)
#   scripts/strength.sh NAME...    # only these (see the names below)
#
# Needs `cargo build --release` and gnugo (Debian: apt-get install gnugo; it lands in
# /usr/games). Run on an otherwise idle machine: the engine's budget is wall-clock time.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PATH:/usr/games"

TENGEN=${TENGEN:-target/release/tengen}
GNUGO="gnugo --mode gtp --chinese-rules --positional-superko --level 10 --seed {seed}"
# Pachi 12.90 built without its DCNN (its own Makefile: `make DCNN=0 JOSEKIFIX=0`), by you:
# this script only runs it. `-t N` is N seconds a move as one-period byo-yomi less Pachi's 2 s
# network allowance: `-t 3` thinks up to about 1 s, `-t 4` up to about 2 s.
PACHI=${PACHI:-pachi}
pachi() { # seconds
  echo "$PACHI -t $1 -s {seed} -D threads=1,pondering=0"
}
OUT=docs/strength

match() { # name games size komi engine opponent [extra args...]
  local name=$1 games=$2 size=$3 komi=$4 engine=$5 opponent=$6
  shift 6
  nice -n 10 python3 scripts/match.py --games "$games" --size "$size" --komi "$komi" \
    --rules chinese --engine "$engine" --opponent "$opponent" --out "$OUT/$name" \
    --judge "$TENGEN gtp --rules classic" --label "$name" "$@"
}

halves() { # name-a name-b games-each size komi engine opponent [extra args...]
  # One match as two processes at once (one a core): games 1..N into name-a, N+1..2N into
  # name-b, on the same seeds a single run would use.
  local a=$1 b=$2 n=$3
  shift 3
  match "$a" "$n" "$@" &
  match "$b" "$n" "$@" --first-game $((n + 1))
  wait
}

tengen() { # level [extra args...]
  local level=$1
  shift
  echo "$TENGEN gtp --level $level --rules chinese --seed {seed} $*"
}

run() {
  case $1 in
  advanced-9x9-gnugo10)
    match "$1" 50 9 7 "$(tengen advanced --max-time 0.95)" "$GNUGO" --seed-base 1000 ;;
  advanced-9x9-gnugo10-run2) # the second run, as two processes
    halves "$1a" "$1b" 25 9 7 "$(tengen advanced --max-time 0.95)" "$GNUGO" --seed-base 5000 ;;
  advanced-9x9-pachi) # as two processes
    halves "$1-a" "$1-b" 25 9 7 "$(tengen advanced --max-time 0.95)" "$(pachi 3)" \
      --opponent-name "Pachi 12.90" --seed-base 8000 ;;
  advanced-19x19-pachi) # as two processes
    halves "$1-a" "$1-b" 1 19 7.5 "$(tengen advanced --max-time 1.95)" "$(pachi 4)" \
      --opponent-name "Pachi 12.90" --seed-base 9000 ;;
  advanced-19x19-pachi-s14000) # 20 games on fresh seeds, as two processes
    halves "$1-a" "$1-b" 10 19 7.5 "$(tengen advanced --max-time 1.95)" "$(pachi 4)" \
      --opponent-name "Pachi 12.90" --seed-base 14000 ;;
  advanced-13x13-gnugo10) # a first figure, one process
    match "$1-a" 4 13 7.5 "$(tengen advanced --max-time 1.45)" "$GNUGO" --seed-base 15000 ;;
  advanced-13x13-pachi) # a first figure, one process; Pachi -t 3.5: about 1.35 s a move
    match "$1-a" 6 13 7.5 "$(tengen advanced --max-time 1.45)" "$(pachi 3.5)" \
      --opponent-name "Pachi 12.90" --seed-base 16000 ;;
  advanced-13x13-pachi-s19000) # 20 games on fresh seeds, as two processes
    halves "$1-a" "$1-b" 10 13 7.5 "$(tengen advanced --max-time 1.45)" "$(pachi 3.5)" \
      --opponent-name "Pachi 12.90" --seed-base 19000 ;;
  advanced-9x9-pachi-busy) # one process, the other core kept busy by `yes`
    yes > /dev/null &
    local busy=$!
    match "$1" 20 9 7 "$(tengen advanced --max-time 0.95)" "$(pachi 3)" \
      --opponent-name "Pachi 12.90" --seed-base 17000 || true
    kill "$busy" ;;
  advanced-19x19-gnugo10)
    match "$1" 20 19 7.5 "$(tengen advanced --max-time 1.95)" "$GNUGO" --seed-base 2000 ;;
  intermediate-9x9-gnugo10)
    match "$1" 20 9 7 "$(tengen intermediate)" "$GNUGO" --seed-base 3000 ;;
  intermediate-9x9-gnugo10-h2)
    match "$1" 20 9 0.5 "$(tengen intermediate)" "$GNUGO" --handicap 2 --seed-base 3100 ;;
  beginner-9x9-gnugo10-h2)
    match "$1" 20 9 0.5 "$(tengen beginner)" "$GNUGO" --handicap 2 --seed-base 4000 ;;
  beginner-9x9-gnugo10-h4)
    match "$1" 20 9 0.5 "$(tengen beginner)" "$GNUGO" --handicap 4 --seed-base 4100 ;;
  intermediate-9x9-advanced)
    match "$1" 20 9 7 "$(tengen intermediate)" "$(tengen advanced --max-time 0.95)" \
      --opponent-name "Tengen advanced" --seed-base 5000 ;;
  beginner-9x9-intermediate)
    match "$1" 20 9 7 "$(tengen beginner)" "$(tengen intermediate)" \
      --opponent-name "Tengen intermediate" --seed-base 6000 ;;
  *) echo "unknown match $1" >&2; exit 2 ;;
  esac
}

ALL=(advanced-9x9-gnugo10 advanced-19x19-gnugo10 intermediate-9x9-gnugo10
  intermediate-9x9-gnugo10-h2 beginner-9x9-gnugo10-h2 beginner-9x9-gnugo10-h4
  intermediate-9x9-advanced beginner-9x9-intermediate)
for name in "${@:-${ALL[@]}}"; do
  run "$name"
done
python3 scripts/strength_table.py "$OUT"/*/summary.json
