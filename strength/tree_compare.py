#!/usr/bin/env python3
"""Compares two USI engines' searches at equal nodes on the same positions: the depth each
reaches, the nodes each spends to finish each depth, and how often each one's best move is
the move a deep reference search chooses. It reads only what every engine prints (`info
depth ... nodes ...`, `bestmove`), so it works for tokin and YaneuraOu alike.

    python3 strength/tree_compare.py --engine A=PATH [--engine B=PATH ...] \
        [--option NAME=OPT=VALUE ...] [--positions strength/openings.sfen] [--count 100] \
        [--nodes 100000] [--reference NAME] [--reference-nodes 4000000]

`--option tokin=EvalFile=/x/nn.bin` sets an option of the engine named tokin; the reference
is an engine of the list searched with `--reference-nodes` (default: the first engine; give
`--reference` more than once for several).
"""
import argparse
import statistics
from collections import defaultdict

from usi_engine import Engine as UsiEngine


class Engine(UsiEngine):
    """An engine that reports each search's depths and best move."""

    def search(self, sfen: str, nodes: int) -> dict:
        self.send("usinewgame")
        self.send("isready")
        self.until("readyok")
        self.send(f"position sfen {sfen}")
        self.send(f"go nodes {nodes}")
        lines = self.until("bestmove")
        per_depth = {}
        depth = 0
        for line in lines:
            f = line.split()
            if f[:1] != ["info"] or "depth" not in f or "nodes" not in f:
                continue
            d = int(f[f.index("depth") + 1])
            # The depth reached is the last one reported, a window's bound or not; the nodes
            # a depth took are those of its exact line (engines that print only late in a
            # search, as YaneuraOu does, give none for the shallow depths).
            depth = d
            if "lowerbound" not in f and "upperbound" not in f:
                per_depth[d] = int(f[f.index("nodes") + 1])
        return {"best": lines[-1].split()[1], "depth": depth, "per_depth": per_depth}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--engine", action="append", required=True)
    ap.add_argument("--option", action="append", default=[])
    ap.add_argument("--positions", default="strength/openings.sfen")
    ap.add_argument("--count", type=int, default=100)
    ap.add_argument("--nodes", type=int, default=100000)
    ap.add_argument("--reference", action="append", default=[])
    ap.add_argument("--reference-nodes", type=int, default=4000000)
    a = ap.parse_args()
    engines = dict(e.split("=", 1) for e in a.engine)
    options = defaultdict(list)
    for o in a.option:
        name, rest = o.split("=", 1)
        options[name].append(tuple(rest.split("=", 1)))
    ref_names = a.reference or [next(iter(engines))]
    sfens = [l.strip() for l in open(a.positions) if l.strip()][: a.count]
    running = {n: Engine(p, [("USI_Hash", "64"), ("Threads", "1")] + options[n]) for n, p in engines.items()}
    refs = {r: [running[r].search(s, a.reference_nodes)["best"] for s in sfens] for r in ref_names}
    results = {n: [e.search(s, a.nodes) for s in sfens] for n, e in running.items()}
    for e in running.values():
        e.quit()
    print(f"{len(sfens)} positions from {a.positions}, {a.nodes} nodes each; references: "
          f"{', '.join(ref_names)} at {a.reference_nodes} nodes")
    heads = " | ".join(f"same best move as {r}'s reference" for r in ref_names)
    print(f"| engine | last depth reported, mean (min-max) | {heads} |"
          " nodes to finish depth 4 / 6 / 8 / 10 (median) |")
    print("| --- | --- | " + "--- | " * len(ref_names) + "--- |")
    for n, rs in results.items():
        depths = [r["depth"] for r in rs]
        agree = " | ".join(
            f"{sum(r['best'] == ref for r, ref in zip(rs, refs[n2]))}/{len(rs)}" for n2 in ref_names
        )
        med = []
        for d in (4, 6, 8, 10):
            xs = [r["per_depth"][d] for r in rs if d in r["per_depth"]]
            med.append(f"{statistics.median(xs):,.0f} ({len(xs)})" if xs else "-")
        print(f"| {n} | {statistics.mean(depths):.2f} ({min(depths)}-{max(depths)}) | "
              f"{agree} | {' / '.join(med)} |")
    names = list(results)
    if len(names) == 2:
        same = sum(x["best"] == y["best"] for x, y in zip(results[names[0]], results[names[1]]))
        print(f"\n{names[0]} and {names[1]} choose the same move in {same} of {len(sfens)}.")


if __name__ == "__main__":
    main()
