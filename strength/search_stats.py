#!/usr/bin/env python3
"""What tokin's search does on the opening set, counted: a build with the `stats` feature
prints one line of counters on standard error after each search; this runs `go nodes NODES`
(after `usinewgame`) on the first N openings of strength/openings.sfen and prints each
counter's mean over the positions (percentages averaged as they come).

    cargo build --release -p tokin-usi --features stats
    python3 strength/search_stats.py target/release/tokin [N [NODES]] [NAME=VALUE ...]
        [--positions FILE]

NAME=VALUE pairs are USI options (e.g. `LmrDivisor100=150` for a build with `tune,stats`).
`--positions FILE` takes the first N positions of FILE (one SFEN a line) in place of the
openings, e.g. strength/regret-positions.sfen for middle games.
"""
import pathlib
import select
import statistics
import subprocess
import sys

from usi_engine import Engine, first_positions, option_pairs, take_positions_flag

argv = sys.argv[1:]
source = take_positions_flag(argv)
if source is None:
    sys.exit(__doc__)
args = [a for a in argv if "=" not in a]
options = option_pairs([a for a in argv if "=" in a])
if not args:
    sys.exit(__doc__)
path, n, nodes = args[0], int(args[1]) if len(args) > 1 else 60, int(args[2]) if len(args) > 2 else 100000
openings = first_positions(n, source)
engine = Engine(path, [("USI_Hash", "64"), *options], stderr=subprocess.PIPE)
rows = []
for sfen in openings:
    engine.send("usinewgame")
    engine.send(f"position sfen {sfen}")
    engine.send(f"go nodes {nodes}")
    engine.until("bestmove")
    # The line comes before `bestmove`; a build without the feature prints none.
    ready, _, _ = select.select([engine.p.stderr], [], [], 5)
    line = engine.p.stderr.readline().split() if ready else []
    if not line or line[0] != "stats":
        sys.exit(f"{path}: no stats line after a search (build it with --features stats)")
    rows.append({k: float(v.split("/")[0]) for k, v in (f.split("=", 1) for f in line[1:])})
engine.quit()
print(f"{path}: {len(rows)} positions of {pathlib.Path(source).name}, go nodes {nodes}, mean per search")
for key in rows[0]:
    print(f"  {key:16} {statistics.mean(r[key] for r in rows):12.1f}")
