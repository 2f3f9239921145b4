#!/usr/bin/env python3
"""Times perft in tokin and in other move generators, one thread each, pinned to one core,
best of interleaved rounds: the speed table of docs/perft.md.

The other generators are built outside the repository from their public sources and given by
path, each as NAME=KIND:WHAT:

    tokin=tokin:target/release/tokin    tokin's command line (`perft D --threads 1 --sfen S`)
    yo=usi:/path/YaneuraOu-by-gcc       a USI engine that answers `go perft D` with a line
                                        `Nodes searched: N` (YaneuraOu; its material edition
                                        is `make normal TARGET_CPU=AVX2
                                        YANEURAOU_EDITION=YANEURAOU_ENGINE_MATERIAL`)
    shunsai=cmd:'/path/perft {sfen} {depth}'
                                        any command, {sfen} and {depth} filled in (shell
                                        quoted), whose output's last number is the count

    python3 scripts/perft/compare.py [--core N] [--rounds 3] [--startpos-depth 6]
        [--matsuri-depth 4] [--usi-option NAME=VALUE ...] GENERATOR...

Each round runs every generator on each case in turn (start position, then matsuri), so that
a slow spell of the machine falls on all of them. A command's time is from its start to its
exit; a USI engine's, from `go perft` to its count (its start and `isready` left out; it gets
`USI_Hash 16`, `Threads 1` and the --usi-option settings before `isready`). Both are wall time, as the
table gives; the CPU time of the same span is printed beside it (from the child's resource
use, or /proc for a USI engine), and the node counts are checked to agree.
"""
import argparse
import os
import re
import shlex
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "strength"))
sys.dont_write_bytecode = True  # leave no cache in strength/
from usi_engine import Engine  # noqa: E402

STARTPOS = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"
MATSURI = "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1"


def last_number(text):
    numbers = re.findall(r"\d+", text)
    return int(numbers[-1]) if numbers else None


class Command:
    """A generator run as one process per count."""

    def __init__(self, argv_for, core):
        self.argv_for, self.core = argv_for, core

    def count(self, sfen, depth):
        """(nodes, wall seconds, CPU seconds) of one count."""
        start = time.perf_counter()
        proc = subprocess.Popen(["taskset", "-c", str(self.core)] + self.argv_for(sfen, depth),
                                stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        out = proc.stdout.read()
        # wait4 rather than wait: it gives the child's own resource use.
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - start
        proc.returncode = os.waitstatus_to_exitcode(status)  # reaped here, not by Popen
        if proc.returncode != 0:
            sys.exit(f"{' '.join(self.argv_for(sfen, depth))}: exit status {proc.returncode}")
        return last_number(out), wall, usage.ru_utime + usage.ru_stime

    def close(self):
        pass


def process_cpu(pid):
    """User and system CPU seconds of a running process (`/proc`, in 10 ms ticks)."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / 100


class Usi(Engine):
    """A USI engine that counts with `go perft`."""

    def __init__(self, path, core, options):
        super().__init__(path, [("USI_Hash", "16"), ("Threads", "1")] + options)
        # Every thread of it pinned, once it runs.
        subprocess.run(["taskset", "-a", "-p", "-c", str(core), str(self.p.pid)], check=True,
                       stdout=subprocess.DEVNULL)

    def count(self, sfen, depth):
        self.send(f"position sfen {sfen}")
        cpu0, start = process_cpu(self.p.pid), time.perf_counter()
        self.send(f"go perft {depth}")
        line = self.until("Nodes searched")[-1]
        wall = time.perf_counter() - start
        return last_number(line), wall, process_cpu(self.p.pid) - cpu0

    def close(self):
        self.quit()


def generator(spec, core, usi_options):
    name, _, rest = spec.partition("=")
    kind, _, what = rest.partition(":")
    if not name or not what:
        sys.exit(f"{spec}: give NAME=KIND:WHAT (KIND tokin, usi or cmd)")
    if kind == "tokin":
        return name, Command(lambda s, d: [what, "perft", str(d), "--threads", "1", "--sfen", s], core)
    if kind == "usi":
        return name, Usi(what, core, usi_options)
    if kind == "cmd":
        fill = lambda s, d: ["sh", "-c", what.format(sfen=shlex.quote(s), depth=d)]  # noqa: E731
        return name, Command(fill, core)
    sys.exit(f"{spec}: unknown kind `{kind}` (tokin, usi or cmd)")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("generators", nargs="+", metavar="NAME=KIND:WHAT")
    parser.add_argument("--core", type=int, default=0, help="the core every generator runs on (0)")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--startpos-depth", type=int, default=6)
    parser.add_argument("--matsuri-depth", type=int, default=4)
    parser.add_argument("--usi-option", action="append", default=[], metavar="NAME=VALUE")
    args = parser.parse_args()
    usi_options = [tuple(o.split("=", 1)) for o in args.usi_option]
    cases = [("startpos", STARTPOS, args.startpos_depth), ("matsuri", MATSURI, args.matsuri_depth)]
    gens = [generator(g, args.core, usi_options) for g in args.generators]
    runs = {(name, case): [] for name, _ in gens for case, _, _ in cases}
    nodes = {}
    for round_ in range(1, args.rounds + 1):
        for name, gen in gens:
            for case, sfen, depth in cases:
                n, wall, cpu = gen.count(sfen, depth)
                print(f"round {round_} {name} {case} perft {depth}: {n} nodes, {wall:.3f} s, CPU {cpu:.2f} s",
                      flush=True)
                if nodes.setdefault(case, n) != n:
                    sys.exit(f"{name} counts {n} on {case}, {gens[0][0]} counted {nodes[case]}")
                runs[(name, case)].append((wall, cpu))
    for _, gen in gens:
        gen.close()
    print("| generator | case | nodes | best s | M nodes/s | best CPU s | rounds (s) |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for (name, case), r in runs.items():
        best = min(w for w, _ in r)
        depth = next(d for c, _, d in cases if c == case)
        rounds = ", ".join(f"{w:.3f}" for w, _ in r)
        print(f"| {name} | {case} perft {depth} | {nodes[case]} | {best:.3f} | "
              f"{nodes[case] / best / 1e6:.0f} | {min(c for _, c in r):.2f} | {rounds} |")


if __name__ == "__main__":
    main()
