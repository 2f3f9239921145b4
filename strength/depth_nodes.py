#!/usr/bin/env python3
"""The nodes an engine takes to finish each depth of a fixed-depth search: the median over the
first N openings of strength/openings.sfen, each searched anew (`usinewgame`, then `go depth
D`, one engine process a search). Unlike the depth an engine reports under a node limit (some
engines, YaneuraOu among them, report the iteration they were stopped in), this counts whole
iterations only.

    python3 strength/depth_nodes.py ENGINE N DEPTHS [--positions FILE] [OPTION=VALUE ...]

DEPTHS is a comma-separated list (4,6,8,10); the options go to the engine before `isready`.
`--positions FILE` takes the first N positions of FILE (one SFEN a line) in place of the
openings, e.g. strength/regret-positions.sfen for middle games.
"""
import statistics
import subprocess
import sys

from usi_engine import first_positions, option_pairs, take_positions_flag


def nodes_to_depth(engine, options, sfen, depth):
    """The node count of the last exact `info` line of `go depth DEPTH` from `sfen`."""
    text = "usi\n" + "".join(f"setoption name {k} value {v}\n" for k, v in options)
    text += f"isready\nusinewgame\nposition sfen {sfen}\ngo depth {depth}\n"
    with subprocess.Popen([engine], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                          text=True) as p:
        p.stdin.write(text)
        p.stdin.flush()
        nodes = None
        for line in p.stdout:
            t = line.split()
            if (t[:1] == ["info"] and "depth" in t and "nodes" in t
                    and "lowerbound" not in t and "upperbound" not in t):
                nodes = int(t[t.index("nodes") + 1])
            if line.startswith("bestmove"):
                break
        p.stdin.write("quit\n")
        p.stdin.flush()
    return nodes


def main():
    argv = sys.argv[1:]
    source = take_positions_flag(argv)
    if source is None or len(argv) < 3:
        sys.exit(__doc__)
    engine, count, depths = argv[0], int(argv[1]), argv[2]
    options = option_pairs(argv[3:])
    positions = first_positions(count, source)
    for depth in (int(d) for d in depths.split(",")):
        counts = [nodes_to_depth(engine, options, s, depth) for s in positions]
        print(f"depth {depth}: median {int(statistics.median(counts))} nodes, "
              f"mean {int(statistics.mean(counts))}")


if __name__ == "__main__":
    main()
