#!/usr/bin/env python3
"""Nodes per second of tokin's search against YaneuraOu's NNUE edition on the same network
file: the table "Nodes per second of the search" in docs/nnue.md.

YaneuraOu is built outside the repository from its public sources, with the edition that
matches the network (`YANEURAOU_EDITION=YANEURAOU_ENGINE_NNUE_KP256` for `kp_256x2-32-32`,
`YANEURAOU_ENGINE_NNUE` for `halfkp_256x2-32-32`), e.g. `make normal COMPILER=g++
TARGET_CPU=AVX2 YANEURAOU_EDITION=...` in its `source/`. Then:

    python3 scripts/nnue/nps.py FOLDER [MS [ROUNDS]] --yaneuraou PATH [--tokin PATH]

FOLDER holds the network as `nn.bin` (both engines get `setoption name EvalDir value
FOLDER`); MS is each search's time (default 2000), ROUNDS the rounds (default 3); --tokin
defaults to target/release/tokin. Each round starts each engine afresh (the engine that goes
first alternates) with one thread and `USI_Hash 256`, and searches each of the eight `tokin
bench` positions (read from usi/src/bench.rs) with `usinewgame`, `isready`, `position sfen
...`, `go movetime MS`. An engine's figure is the nodes of its last `info` line summed over
the positions, divided by the time from `go` to `bestmove` summed likewise. The last line is
the median over the rounds, and the median of the rounds' ratios.
"""
import argparse
import os
import re
import statistics
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "strength"))
sys.dont_write_bytecode = True  # leave no cache in strength/
from usi_engine import Engine  # noqa: E402

# Options each engine gets besides EvalDir; YaneuraOu's book is turned off so that every
# move is searched.
OPTIONS = {
    "tokin": [("Threads", "1"), ("USI_Hash", "256")],
    "YaneuraOu": [("Threads", "1"), ("USI_Hash", "256"), ("USI_OwnBook", "false")],
}


def bench_positions():
    """The SFENs of `BENCH_SFENS` in usi/src/bench.rs."""
    with open(os.path.join(ROOT, "usi/src/bench.rs"), encoding="utf-8") as f:
        source = f.read()
    block = re.search(r"BENCH_SFENS: \[&str; \d+\] = \[(.*?)\];", source, re.S)
    if not block:
        sys.exit("usi/src/bench.rs: no BENCH_SFENS list found")
    return re.findall(r'"([^"]+)"', block.group(1))


def search(engine, sfen, ms):
    """(nodes of the last `info` line that gives them, seconds from `go` to `bestmove`)."""
    engine.send("usinewgame")
    engine.send("isready")
    engine.until("readyok")
    engine.send(f"position sfen {sfen}")
    start = time.perf_counter()
    engine.send(f"go movetime {ms}")
    lines = engine.until("bestmove")
    seconds = time.perf_counter() - start
    nodes = 0
    for line in lines:
        found = re.search(r"\bnodes (\d+)", line)
        if line.startswith("info") and found:
            nodes = int(found.group(1))
    return nodes, seconds


def run(name, path, folder, positions, ms):
    """Nodes per second of one engine over the positions, and each position's."""
    engine = Engine(path, OPTIONS[name] + [("EvalDir", folder)])
    total_nodes, total_seconds, each = 0, 0.0, []
    for sfen in positions:
        nodes, seconds = search(engine, sfen, ms)
        total_nodes += nodes
        total_seconds += seconds
        each.append(nodes / seconds)
    engine.quit()
    return total_nodes / total_seconds, each


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("folder", help="the folder holding nn.bin")
    parser.add_argument("ms", nargs="?", type=int, default=2000, help="milliseconds a search (2000)")
    parser.add_argument("rounds", nargs="?", type=int, default=3, help="rounds (3)")
    parser.add_argument("--tokin", default=os.path.join(ROOT, "target/release/tokin"))
    parser.add_argument("--yaneuraou", required=True, help="YaneuraOu's NNUE edition")
    args = parser.parse_args()
    folder = os.path.abspath(args.folder)
    if not os.path.isfile(os.path.join(folder, "nn.bin")):
        sys.exit(f"{folder}: no nn.bin in it")
    engines = {"tokin": args.tokin, "YaneuraOu": args.yaneuraou}
    for path in engines.values():
        if not os.access(path, os.X_OK):
            sys.exit(f"{path}: no engine there")
    positions = bench_positions()
    rates = {name: [] for name in engines}
    ratios = []
    for round_ in range(1, args.rounds + 1):
        order = list(engines) if round_ % 2 else list(reversed(engines))
        for name in order:
            nps, each = run(name, engines[name], folder, positions, args.ms)
            rates[name].append(nps)
            shown = " ".join(f"{x / 1e6:.2f}" for x in each)
            print(f"round {round_} {name}: {nps:,.0f} nodes/s (per position, M: {shown})", flush=True)
        ratios.append(rates["tokin"][-1] / rates["YaneuraOu"][-1])
    print(
        f"median: tokin {statistics.median(rates['tokin']):,.0f}, "
        f"YaneuraOu {statistics.median(rates['YaneuraOu']):,.0f}, "
        f"tokin / YaneuraOu {statistics.median(ratios):.3f} "
        f"({', '.join(f'{r:.3f}' for r in ratios)})"
    )


if __name__ == "__main__":
    main()
