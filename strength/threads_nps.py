#!/usr/bin/env python3
"""Nodes per second and depth by thread count: each of the first N openings searched for a
fixed time (`usinewgame`, `go movetime MS`) with each `Threads` value in turn, one engine
process for all. Prints, per thread count, the mean of the last `info` line's `nps` and
`depth` over the positions, and the ratio of the mean nps to the first count's. Run it with
the cores otherwise idle: the figure is a speed.

    python3 strength/threads_nps.py ENGINE N MS THREADS [--positions FILE] [OPTION=VALUE ...]

THREADS is a comma-separated list (1,2); the options go to the engine before `isready`.
"""
import statistics
import sys

from usi_engine import (Engine, first_positions, last_info, option_pairs,
                        take_positions_flag)


def measure(engine: Engine, threads: int, positions: list[str], ms: int) -> tuple[float, float]:
    """The mean nps and mean depth of `go movetime MS` over `positions` with `threads`."""
    engine.send(f"setoption name Threads value {threads}")
    engine.send("isready")
    engine.until("readyok")
    nps, depth = [], []
    for sfen in positions:
        engine.send("usinewgame")
        engine.send(f"position sfen {sfen}")
        engine.send(f"go movetime {ms}")
        lines = engine.until("bestmove")
        nps.append(last_info(lines, "nps"))
        depth.append(last_info(lines, "depth"))
    return statistics.mean(nps), statistics.mean(depth)


def main():
    argv = sys.argv[1:]
    source = take_positions_flag(argv)
    if source is None or len(argv) < 4:
        sys.exit(__doc__)
    path, count, ms, counts = argv[0], int(argv[1]), int(argv[2]), argv[3]
    engine = Engine(path, option_pairs(argv[4:]))
    positions = first_positions(count, source)
    base = None
    print("threads | nps, mean | ratio | depth, mean")
    for t in (int(x) for x in counts.split(",")):
        nps, depth = measure(engine, t, positions, ms)
        base = base or nps
        print(f"{t} | {nps:,.0f} | {nps / base:.2f} | {depth:.2f}")
    engine.quit()


if __name__ == "__main__":
    main()
