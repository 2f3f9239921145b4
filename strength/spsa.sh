#!/usr/bin/env bash
# SPSA of a tuning build's search parameters through shogiarena: the tuned engine plays the
# same build at its defaults from strength/openings.sfen, in pairs of games with both
# colours, and each pair moves the parameters.
#
#   strength/spsa.sh NAME TUNE_BIN UPDATES [LIMIT] [PARAM ...]
#
# TUNE_BIN is a tuning build (`strength/build.sh HEAD OUT --features tune`); LIMIT is
# `nodes=N` or `byoyomi=MS` (default `nodes=20000`); PARAMs are the options to tune (default:
# all, see strength/make_space.py). The trajectory is in the run directory under
# ${ARENA_DIR:-../tokin-arena}/spsa/; PARALLEL sets the games played at once, and RESIGN ends a
# game both engines call lost by that many centipawns for 8 moves each (strength/arena.sh).
set -euo pipefail
name=$1; bin=$(realpath "$2"); updates=$3; shift 3
limit=${1:-nodes=20000}; [ $# -gt 0 ] && shift
case $limit in
  nodes=*) tc="time_control: {node_limit: ${limit#nodes=}}" ;;
  byoyomi=*) tc="time_control: {time_ms: 0, byoyomi_ms: ${limit#byoyomi=}}" ;;
  *) echo "LIMIT is nodes=N or byoyomi=MS, not $limit" >&2; exit 2 ;;
esac
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=strength/arena.sh
. "$here/arena.sh"
resign_rule
# The rule's `adjudication.KEY=VALUE` words as keys of the YAML's adjudication map.
adjudication="max_plies: 320"
for r in "${resign[@]}"; do r=${r#adjudication.}; adjudication+=", ${r%%=*}: ${r#*=}"; done
arena=$(mkdir -p "${ARENA_DIR:-$here/../../tokin-arena}" && cd "${ARENA_DIR:-$here/../../tokin-arena}" && pwd)
conf=$arena/spsa-$name; mkdir -p "$conf"
python3 "$here/make_space.py" "$bin" "$@" > "$conf/space.yaml"
cat > "$conf/engine.yaml" <<YAML
name: tokin-tune
engine_path: $bin
working_directory: $(dirname "$bin")
YAML
cat > "$conf/spsa.yaml" <<YAML
experiment_name: $name
engines:
  - {name: tokin-tune, engine_path: $conf/engine.yaml, options: {USI_Hash: 16, Threads: 1, NetworkDelay: 0}}
rules:
  $tc
  initial_positions: {type: file, source: $here/openings.sfen, flip_policy: pair_both}
  adjudication: {$adjudication}
spsa:
  space: $conf/space.yaml
  num_updates: $updates
  pairs_per_update: 1
  num_parallel: ${PARALLEL:-1}
  # tokin clears its hash at usinewgame, which every game sends; it has no Clear Hash button.
  variants: {apply: {clear_hash: false}}
dashboard: {enabled: false}
YAML
exec shogiarena --output-dir "$arena" run spsa "$conf/spsa.yaml"
