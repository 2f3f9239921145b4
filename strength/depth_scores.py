#!/usr/bin/env python3
"""The mean score an engine reports at each depth of a fixed-depth search, over the first N
openings of strength/openings.sfen: how far the score swings from one depth to the next.

    python3 strength/depth_scores.py ENGINE N MAX_DEPTH [OPTION=VALUE ...]

Each opening is searched anew (`usinewgame`, then `go depth D` for D = 1..MAX_DEPTH, the
tables kept from one depth to the next as in iterative deepening); the score taken is the last
exact `score cp` of that depth. For tokin, depth 0 is its static evaluation (its `eval`
command). OPTIONs are set with `setoption` before `isready` (YaneuraOu needs
`EvalDir=DIR BookFile=no_book`).
"""
import statistics
import subprocess
import sys

from usi_engine import Engine, first_positions, option_pairs


def main() -> None:
    engine, n, max_depth = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    options = option_pairs(sys.argv[4:])
    openings = first_positions(n)
    e = Engine(engine, options, stderr=subprocess.DEVNULL)
    send, until = e.send, e.until
    # tokin answers `eval` with its static evaluation; other engines may not answer it.
    is_tokin = e.name.startswith("tokin")
    scores: dict[int, list[int]] = {d: [] for d in range(max_depth + 1)}
    for opening in openings:
        send("usinewgame")
        send(f"position sfen {opening}")
        for depth in range(1, max_depth + 1):
            send(f"go depth {depth}")
            score = None
            for line in until("bestmove"):
                f = line.split()
                if ("cp" in f and "depth" in f and int(f[f.index("depth") + 1]) == depth
                        and "lowerbound" not in f and "upperbound" not in f):
                    score = int(f[f.index("cp") + 1])
            if score is not None:
                scores[depth].append(score)
        if is_tokin:
            send("eval")
            scores[0].append(int(until("eval")[-1].split()[-1]))
    e.quit()
    print("depth | positions | mean score")
    for depth, s in scores.items():
        if s:
            print(f"{depth} | {len(s)} | {statistics.mean(s):.0f}")


if __name__ == "__main__":
    main()
