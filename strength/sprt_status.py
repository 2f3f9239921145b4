#!/usr/bin/env python3
"""Prints where an SPRT run stands: games, W-D-L of the tested engine, the pentanomial counts of
its game pairs, the log-likelihood ratio against the bounds, the verdict if there is one, and
the Elo difference with its 95% interval from the pairs (each pair's score, 0 to 1, is one
sample: the normal approximation of their mean, turned into Elo by the logistic curve).

    python3 strength/sprt_status.py RUN_DIR
"""
import json
import math
import sys

s = json.load(open(f"{sys.argv[1]}/state.json"))["sprt_state"]
lower = math.log(s["beta"] / (1 - s["alpha"]))
upper = math.log((1 - s["beta"]) / s["alpha"])
verdict = "H1 accepted (keep)" if s["llr"] >= upper else "H0 accepted (reject)" if s["llr"] <= lower else "running"
print(f"{s['games_played']} games, W-D-L {s['wins']}-{s['draws']}-{s['losses']}, "
      f"pairs (0, 0.5, 1, 1.5, 2 points) {s['penta_bins']}, "
      f"LLR {s['llr']:.2f} in [{lower:.2f}, {upper:.2f}] for nElo [{s['elo0']}, {s['elo1']}]: {verdict}")


def elo(score: float) -> float:
    score = min(max(score, 1e-6), 1 - 1e-6)
    return -400 * math.log10(1 / score - 1)


pairs = s["penta_bins"]
n = sum(pairs)
if n > 1:
    points = [0, 0.25, 0.5, 0.75, 1]
    mean = sum(c * x for c, x in zip(pairs, points)) / n
    var = sum(c * x * x for c, x in zip(pairs, points)) / n - mean * mean
    half = 1.96 * math.sqrt(var / n)
    print(f"Elo {elo(mean):+.0f} [{elo(mean - half):+.0f}, {elo(mean + half):+.0f}] from {n} pairs")
