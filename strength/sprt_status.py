#!/usr/bin/env python3
"""Prints where an SPRT run stands: games, W-D-L of the tested engine, the pentanomial counts of
its game pairs, the log-likelihood ratio against the bounds, and the verdict if there is one.

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
