#!/usr/bin/env bash
# An SPRT of a change through shogiarena: NEW against BASE from strength/openings.sfen, each
# opening played with both colours and none twice, pentanomial GSPRT with nElo bounds [0, 5],
# alpha = beta = 0.05, until it accepts or rejects (or MAX games, at most two per opening).
#
#   strength/sprt.sh NAME NEW_BIN BASE_BIN [LIMIT] [NEW OPTION=VALUE ...]
#
# LIMIT is `nodes=N` (both engines `go nodes N`-like limits; a measure the machine's load does
# not bias), `byoyomi=MS` (byoyomi alone), `byoyomi=MAIN_MS+MS`, `fischer=MAIN_MS+INC_MS` or
# `sudden=MS` (default `nodes=20000`).
# Options after it go to NEW only, e.g. `LmrDivisor100=150` with a tuning build as NEW.
# Results land under ${ARENA_DIR:-../tokin-arena}/tournament/runs/NAME-*; `shogiarena results
# summary DIR` shows them. Environment: PARALLEL (games at once, default 1), MAX (default
# 4000), ELO0, ELO1, RESIGN (centipawns: a game both engines call lost by that much for 8
# moves each ends there, and so does one either engine scores as a mate: strength/arena.sh),
# INSTANCES (an instances file or folder, to play on those SSH workers: strength/arena.sh),
# RUN_DIR (a stopped run's folder, to carry it on: its games count toward the test), SEED (the
# openings' seed; by default one made from NAME, so a test carried on under a new NAME draws
# other openings: give SEED=42 with the RUN_DIR of a run started before the seed was set).
set -euo pipefail
name=$1; new=$2; base=$3; shift 3
limit=${1:-nodes=20000}; [ $# -gt 0 ] && shift
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=strength/arena.sh
. "$here/arena.sh"
time_control "$limit"
resign_rule
opening_seed "$(printf %s "$name" | cksum | cut -d' ' -f1)"
arena=${ARENA_DIR:-$here/../../tokin-arena}
new_opts=(options.USI_Hash=16 options.Threads=1 options.NetworkDelay=0)
for o in "$@"; do new_opts+=("options.$o"); done
remote_args "$name" "$arena"
# With a config file shogiarena reads the game limit from sprt.max_games, not --games, and
# refuses `tested=true`: there the first engine is the tested one.
tested=(tested=true)
[ ${#remote[@]} -eq 0 ] || { tested=(); remote+=(--sprt max_games="${MAX:-4000}"); }
[ -z "${RUN_DIR:-}" ] || remote+=(--run-dir "$RUN_DIR")
# The engines are named after the run: shogiarena starts (and restarts) each engine from a
# file named after it under the output folder, shared by every run there, so two runs with the
# same engine names at once would end up playing each other's engines.
# shellcheck disable=SC2086
exec shogiarena --output-dir "$arena" run sprt "${remote[@]}" \
  --experiment-name "$name" --games "${MAX:-4000}" \
  --engine name="$name-new" path="$new" "${tested[@]}" "${new_opts[@]}" \
  --engine name="$name-base" path="$base" options.USI_Hash=16 options.Threads=1 options.NetworkDelay=0 \
  --tournament seed="$seed" \
  --rules $tc initial_positions.type=file initial_positions.source="$here/openings.sfen" \
    initial_positions.flip_policy=pair_both initial_positions.selection_policy=without_replacement adjudication.max_plies=320 "${resign[@]}" \
  --sprt model=gsprt-pentanomial-v1 elo0="${ELO0:-0}" elo1="${ELO1:-5}" alpha=0.05 beta=0.05 \
    num_parallel="${PARALLEL:-1}"
