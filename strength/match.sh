#!/usr/bin/env bash
# A match through shogiarena: ENGINE1 against ENGINE2 from strength/openings.sfen, each opening
# played with both colours and none twice, GAMES games in all (an even number, at most two per
# opening), drawn after 320 plies.
#
#   strength/match.sh NAME ENGINE1 ENGINE2 GAMES [LIMIT] [OPTION=VALUE | 2:OPTION=VALUE ...]
#
# LIMIT is `nodes=N` (a measure the machine's load does not bias), `byoyomi=MS` (or
# `byoyomi=MAIN_MS+MS`, with main time), `fischer=MAIN_MS+INC_MS` or `sudden=MS` (default
# `byoyomi=1000`). OPTION=VALUE goes to ENGINE1, 2:OPTION=VALUE to ENGINE2; both start with
# one thread and a 16 MB hash (give USI_Hash=256 2:USI_Hash=256 for the docs' 1000 ms
# matches).
# For YaneuraOu as ENGINE2 add 2:EvalDir=DIR 2:NetworkDelay=0 2:NetworkDelay2=0
# 2:MinimumThinkingTime=1 2:BookFile=no_book. shogiarena checks every move, times it and
# counts illegal moves, time losses and crashes. Results land under
# ${ARENA_DIR:-../tokin-arena}/tournament/runs/NAME-*; `python3 strength/sprt_status.py RUN_DIR`
# or `shogiarena results summary RUN_DIR` shows them. PARALLEL: games at once (default 1).
# INSTANCES: an instances file or folder, to play on those SSH workers (strength/arena.sh).
# RESIGN: centipawns; a game both engines call lost by that much ends early (strength/arena.sh).
# SEED: the openings' seed (default 42, shogiarena's: two matches of one size play the same
# openings with the same colours, which match_compare.py pairs).
set -euo pipefail
[ $# -ge 4 ] || { sed -n '2,18p' "$0" >&2; exit 2; }
name=$1; e1=$2; e2=$3; games=$4; shift 4
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=strength/arena.sh
. "$here/arena.sh"
limit=byoyomi=1000
if is_limit "${1:-}"; then limit=$1; shift; fi
time_control "$limit"
resign_rule
opening_seed 42
arena=${ARENA_DIR:-$here/../../tokin-arena}
o1=(options.USI_Hash=16 options.Threads=1)
o2=(options.USI_Hash=16 options.Threads=1)
for o in "$@"; do
  case $o in
    2:*=*) o2+=("options.${o#2:}") ;;
    *=*) o1+=("options.$o") ;;
    *) echo "an option is OPTION=VALUE or 2:OPTION=VALUE, not $o" >&2; exit 2 ;;
  esac
done
remote_args "$name" "$arena"
# Engines named after the run (see sprt.sh: runs at once must not share engine names).
# shellcheck disable=SC2086
exec shogiarena --output-dir "$arena" run tournament "${remote[@]}" \
  --experiment-name "$name" \
  --engine name="first-$name" path="$e1" "${o1[@]}" \
  --engine name="second-$name" path="$e2" "${o2[@]}" \
  --tournament games_per_pair="$games" num_parallel="${PARALLEL:-1}" seed="$seed" \
  --dashboard enabled=false \
  --rules $tc initial_positions.type=file initial_positions.source="$here/openings.sfen" \
    initial_positions.flip_policy=pair_both initial_positions.selection_policy=without_replacement adjudication.max_plies=320 "${resign[@]}"
