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
import os
import statistics
import subprocess
import sys


def main() -> None:
    engine, n, max_depth = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    options = [o.split("=", 1) for o in sys.argv[4:]]
    here = os.path.dirname(os.path.abspath(__file__))
    with open(os.path.join(here, "openings.sfen")) as f:
        openings = [line.strip() for line in f if line.strip()][:n]
    p = subprocess.Popen([engine], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=subprocess.DEVNULL, text=True, bufsize=1)

    def send(line: str) -> None:
        p.stdin.write(line + "\n")
        p.stdin.flush()

    def until(prefix: str) -> list[str]:
        lines = []
        while True:
            line = p.stdout.readline()
            if not line:
                raise SystemExit(f"{engine} closed its output")
            lines.append(line)
            if line.startswith(prefix):
                return lines

    send("usi")
    # tokin answers `eval` with its static evaluation; other engines may not answer it.
    is_tokin = any(line.startswith("id name tokin") for line in until("usiok"))
    for name, value in options:
        send(f"setoption name {name} value {value}")
    send("isready")
    until("readyok")
    scores: dict[int, list[int]] = {d: [] for d in range(max_depth + 1)}
    for opening in openings:
        position = opening if opening.startswith("sfen ") else f"sfen {opening}"
        send("usinewgame")
        send(f"position {position}")
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
    send("quit")
    print("depth | positions | mean score")
    for depth, s in scores.items():
        if s:
            print(f"{depth} | {len(s)} | {statistics.mean(s):.0f}")


if __name__ == "__main__":
    main()
