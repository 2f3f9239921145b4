#!/usr/bin/env python3
"""Processor time over a mate test set: tokin builds and cshogi alternating, round by round, as
docs/mate.md's timings were taken.

    python3 scripts/mate/cpu_rounds.py [--rounds 3] [--no-cshogi] SET TOKIN... [-- TOKIN MATE FLAGS]

In each round every TOKIN solves each position of SET in a process of its own (`TOKIN mate
--sfen SFEN FLAGS`, default `--hash 64 --timeout 10`), and its time is the user and system time
of those processes, start-up included; then cshogi solves the set by
scripts/mate/anchor_cshogi.py, run by this interpreter (which must have cshogi), and its time
is the processor time of its searches and line readings. Prints each round's times, then each
one's median and range. Other work on the machine slows both sides: quote the figures with what
else ran."""
import argparse
import os
import resource
import statistics
import subprocess
import sys

from mate_set import read_set

HERE = os.path.dirname(os.path.abspath(__file__))


def tokin_seconds(tokin: str, sfens: list[str], flags: list[str]) -> float:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    for sfen in sfens:
        try:
            run = subprocess.run([tokin, "mate", "--sfen", sfen, *flags],
                                 capture_output=True, text=True)
        except OSError as e:
            sys.exit(f"{tokin}: {e.strerror}")
        if run.returncode == 2:
            sys.exit(f"{tokin} mate --sfen {sfen!r}: {run.stderr.strip()}")
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def cshogi_seconds(path: str) -> float:
    run = subprocess.run([sys.executable, os.path.join(HERE, "anchor_cshogi.py"), path],
                         capture_output=True, text=True)
    if run.returncode != 0:
        sys.exit(f"anchor_cshogi.py {path}: {run.stderr.strip()}")
    totals = run.stdout.splitlines()[-2].split()  # positions N nodes N plies N seconds S
    return float(totals[totals.index("seconds") + 1])


def main() -> None:
    argv = sys.argv[1:]
    flags = argv[argv.index("--") + 1:] if "--" in argv else ["--hash", "64", "--timeout", "10"]
    argv = argv[:argv.index("--")] if "--" in argv else argv
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("set", metavar="SET")
    parser.add_argument("tokins", metavar="TOKIN", nargs="+")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--no-cshogi", action="store_true", help="time the tokin builds only")
    args = parser.parse_args(argv)
    sfens = [p.sfen for p in read_set(args.set)]
    times: dict[str, list[float]] = {t: [] for t in args.tokins}
    if not args.no_cshogi:
        times["cshogi"] = []
    for number in range(1, args.rounds + 1):
        for name in times:
            times[name].append(cshogi_seconds(args.set) if name == "cshogi"
                               else tokin_seconds(name, sfens, flags))
        print(f"round {number}\t" + "\t".join(f"{name} {t[-1]:.2f} s" for name, t in times.items()),
              flush=True)
    for name, t in times.items():
        print(f"{name}: median {statistics.median(t):.2f} s ({min(t):.2f}-{max(t):.2f})")


if __name__ == "__main__":
    main()
