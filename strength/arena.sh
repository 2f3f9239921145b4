# shellcheck shell=bash
# Sourced by sprt.sh and match.sh: what both tell shogiarena the same way, the limit of a move
# and (with INSTANCES) games on other machines through shogiarena's SSH instances.

# time_control LIMIT: sets `tc` to the rules for LIMIT, `nodes=N` (a measure the machine's load
# does not bias), `byoyomi=MS` (byoyomi alone) or `byoyomi=MAIN_MS+MS` (main time, then
# byoyomi), `fischer=MAIN_MS+INC_MS` or `sudden=MAIN_MS`; anything else ends the script with
# status 2.
time_control() {
  # shellcheck disable=SC2034 # read by the script that sources this file
  case $1 in
    nodes=*) tc="time_control.node_limit=${1#nodes=}" ;;
    byoyomi=*+* | fischer=*+*)
      # MAIN_MS+MS: main time, then byoyomi or an increment.
      local v=${1#*=} then=increment_ms
      [ "${1%%=*}" = byoyomi ] && then=byoyomi_ms
      tc="time_control.time_ms=${v%+*} time_control.$then=${v#*+}" ;;
    byoyomi=*) tc="time_control.time_ms=0 time_control.byoyomi_ms=${1#byoyomi=}" ;;
    sudden=*) tc="time_control.time_ms=${1#sudden=}" ;;
    *) echo "LIMIT is nodes=N, byoyomi=MS, byoyomi=MAIN_MS+MS, fischer=MAIN_MS+INC_MS or sudden=MS, not $1" >&2
       exit 2 ;;
  esac
}

# is_limit WORD: whether WORD is a LIMIT as time_control reads it (match.sh's LIMIT is
# optional, so it tells a limit from the first engine option by this).
is_limit() {
  case $1 in nodes=* | byoyomi=* | fischer=*+* | sudden=*) return 0 ;; *) return 1 ;; esac
}

# resign_rule: sets the array `resign` to the rule that ends a game once both engines have
# agreed for 8 moves in a row that one side is RESIGN centipawns or more ahead (empty without
# RESIGN: every game is played to its end), to spend the longer controls' time on games still
# open; the test counts such a game as the win both engines saw.
resign_rule() {
  resign=()
  [ -z "${RESIGN:-}" ] && return 0
  case $RESIGN in
    *[!0-9]*|0*) echo "RESIGN is a positive number of centipawns, not $RESIGN" >&2; exit 2 ;;
  esac
  # shellcheck disable=SC2034 # read by the script that sources this file
  resign=(adjudication.resign_threshold_cp="$RESIGN" adjudication.resign_move_count=8)
}

# opening_seed DEFAULT: sets `seed`, the seed shogiarena draws a run's openings by: SEED when
# set, else DEFAULT. Node-limited games repeat, so two runs with one seed (shogiarena's own
# default is 42) play the same openings in the same order and largely the same games: pooling
# them counts those games twice.
opening_seed() {
  seed=${SEED:-$1}
  case $seed in
    ''|*[!0-9]*) echo "SEED is a number, not $seed" >&2; exit 2 ;;
  esac
}
#
# With INSTANCES set to an instances file or a folder of them (strength/instances.example.yaml
# shows one), the games run on those SSH workers instead of here: shogiarena gives each game to
# the least busy worker that has two free slots (system.instance_scheduling.policy=auto).
# Without INSTANCES nothing changes: every game runs on this machine.

# remote_args NAME ARENA_DIR: sets the array `remote` to the extra arguments of `shogiarena run`
# (empty without INSTANCES). shogiarena reads an instances list only from a run config file, not
# from flags, so this writes one to ARENA_DIR/run-configs/NAME.yaml holding just the run's name
# and the instances; everything else stays in the flags, the same as a run here.
remote_args() {
  remote=()
  [ -n "${INSTANCES:-}" ] || return 0
  if [ ! -e "$INSTANCES" ]; then
    echo "INSTANCES names no file or folder: $INSTANCES" >&2
    exit 2
  fi
  local config="$2/run-configs/$1.yaml"
  mkdir -p "$2/run-configs"
  # JSON is YAML; json.dumps quotes any name or path. A config file brings shogiarena's own
  # defaults for what the flags leave out: the dashboard is on there, so it is turned off here.
  python3 -c '
import json, os, sys
print(json.dumps({"experiment_name": sys.argv[1], "instances": os.path.abspath(sys.argv[2]),
                  "engines": [], "rules": {}, "dashboard": {"enabled": False}}))' \
    "$1" "$INSTANCES" > "$config"
  # shellcheck disable=SC2034 # read by the script that sources this file
  remote=("$config" --system instance_scheduling.policy=auto)
}
