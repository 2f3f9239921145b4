#!/usr/bin/env bash
# Builds tokin at a git revision into a binary outside the repository, for a match:
#
#   strength/build.sh REV OUT [--features tune]
#
# REV is any revision (`main`, a commit, `HEAD`); the build happens in a temporary worktree
# beside the repository, so the working tree is not touched. `--features tune` makes a
# tuning build (the search's parameters as USI options, for SPSA or for an SPRT of a value).
set -euo pipefail
rev=$1; out=$2; shift 2
repo=$(cd "$(dirname "$0")/.." && pwd)
tree=$(mktemp -d "${TMPDIR:-/tmp}/tokin-build-XXXXXX")
git -C "$repo" worktree add --detach -q "$tree" "$rev"
trap 'git -C "$repo" worktree remove --force "$tree"' EXIT
CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$repo/target/strength} \
  cargo build --release -q --manifest-path "$tree/Cargo.toml" -p tokin-usi "$@"
cp "${CARGO_TARGET_DIR:-$repo/target/strength}/release/tokin" "$out"
echo "built $(git -C "$repo" rev-parse --short "$rev") as $out" >&2
