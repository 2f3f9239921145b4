#!/usr/bin/env bash
# Solves every position of a mate test set with tokin, one process per position, and prints
# one line per position (verdict, plies, nodes, seconds) and the totals: the figures of
# docs/mate.md's comparisons.
#
#   scripts/mate/solve_set.sh [SET] [TOKIN] [-- MATE FLAGS...]
#
# SET is tests/data/mate/positions.txt (the 141 positions; default, with `--hash 64
# --timeout 10`) or tests/data/mate/long.txt (the composed problems: pass
# `-- --hash 4096 --timeout 60`). TOKIN defaults to target/release/tokin. The CPU time of the
# whole run is what `time` or `/usr/bin/time` around this script reports.
set -euo pipefail
cd "$(dirname "$0")/../.."
set_file=${1:-tests/data/mate/positions.txt}
tokin=${2:-target/release/tokin}
shift $(( $# < 2 ? $# : 2 ))
[ "${1:-}" = "--" ] && shift
flags=("$@")
[ ${#flags[@]} -eq 0 ] && flags=(--hash 64 --timeout 10)
total_nodes=0; total_plies=0; n=0
while IFS= read -r line; do
  case "$line" in ''|'#'*) continue ;; esac
  sfen=${line%% | *}
  start=$(date +%s.%N)
  out=$("$tokin" mate --sfen "$sfen" "${flags[@]}" 2>&1) || true
  secs=$(echo "$(date +%s.%N) - $start" | bc)
  nodes=$(echo "$out" | sed -n 's/^nodes \([0-9]*\) .*/\1/p')
  plies=$(echo "$out" | sed -n 's/^mate in \([0-9]*\)$/\1/p')
  verdict=$(echo "$out" | grep -qx 'no mate' && echo nomate || { [ -n "$plies" ] && echo mate || echo unknown; })
  printf '%s\t%s\t%s\t%.2f\t%s\n' "$verdict" "${plies:-0}" "${nodes:-0}" "$secs" "$sfen"
  total_nodes=$((total_nodes + ${nodes:-0})); total_plies=$((total_plies + ${plies:-0})); n=$((n + 1))
done < "$set_file"
echo "positions $n nodes $total_nodes plies $total_plies"
