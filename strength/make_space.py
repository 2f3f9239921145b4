#!/usr/bin/env python3
"""Writes the SPSA space of a tuning build: every search parameter it offers as a USI option
(`cargo build --release -p tokin-usi --features tune`), with the build's default as the
start, its range as the bounds, and a final perturbation of a twentieth of the range.

    python3 strength/make_space.py TUNE_BIN [NAME ...] > space.yaml

With NAMEs, only those parameters (the rest stay at their defaults).
"""
import subprocess
import sys

FIXED = {"USI_Hash", "MateHash", "Threads", "MultiPV", "MaxMovesToDraw", "NetworkDelay",
         "DepthLimit", "NodesLimit", "DrawValue", "FV_SCALE", "RootMateNodes"}


def main() -> None:
    binary, wanted = sys.argv[1], set(sys.argv[2:])
    out = subprocess.run([binary], input="usi\nquit\n", capture_output=True, text=True).stdout
    print("schema_version: shogiarena.spsa.space.v1")
    print("target: {protocol: usi_options, engine_family: tokin}")
    print("parameters:")
    for line in out.splitlines():
        f = line.split()
        if len(f) < 11 or f[:2] != ["option", "name"] or f[3:5] != ["type", "spin"]:
            continue
        name, default, lo, hi = f[2], int(f[6]), int(f[8]), int(f[10])
        if name in FIXED or (wanted and name not in wanted):
            continue
        print(f"  - id: {name}")
        print(f"    value_type: int")
        print(f"    target: {{option: {name}}}")
        print(f"    initial: {default}")
        print(f"    bounds: {{min: {lo}, max: {hi}}}")
        print(f"    schedule: {{c_end: {max(1.0, (hi - lo) / 20):.1f}, r_end: 0.002}}")
        print(f"    rounding: {{mode: stochastic}}")


if __name__ == "__main__":
    main()
