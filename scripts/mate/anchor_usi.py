#!/usr/bin/env python3
"""Solves every position of a mate test set with a USI mate engine (YaneuraOu's mate-solving
edition, KomoringHeights, or tokin itself) by `go mate`, a new engine process for each
position, and prints, as scripts/mate/solve_set.sh does for tokin, one row a position
(verdict, plies, nodes, seconds, SFEN) and the totals.

    python3 scripts/mate/anchor_usi.py [--time MS] [--from-start] [--compare] ENGINE SET \
        [-- NAME=VALUE ...]

ENGINE is the command that starts the engine, split as a shell would (so `"taskset -c 1
./KomoringHeights"` pins it to a core). Each NAME=VALUE after `--` is sent as `setoption name
NAME value VALUE` before `isready`: e.g. `USI_Hash=4096 Threads=1`. Each position is sent as
`position sfen SFEN` and `go mate MS` (default 10000). The seconds are those from `go mate` to
the `checkmate` answer, or with --from-start from the start of the process (the table's
clearing at `isready` included). The nodes are the last `info ... nodes N` before the answer.
The verdict is `mate` for a line, `nomate` for `checkmate nomate`, and `unknown` for anything
else (`timeout`, a full table's `none`, no answer within twice the time and 30 s more, or the
process ending), which the row's last column then names. With --compare, each verdict and
length that differs from the set's stored answer is listed after the totals."""
import argparse
import shlex
import subprocess
import threading
import time

from mate_set import USI_MOVE, Table, read_set


def solve(command: list[str], options: list[tuple[str, str]], sfen: str, ms: int):
    """(verdict, plies, nodes, seconds from `go mate`, seconds from the start, note)."""
    start = time.monotonic()
    try:
        engine = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True, bufsize=1)
    except OSError as e:
        raise SystemExit(f"{command[0]}: {e.strerror}")
    # An engine that neither answers nor ends is killed, so that one position cannot stop the set.
    killed = threading.Event()

    def kill() -> None:
        killed.set()
        engine.kill()

    watchdog = threading.Timer(2 * ms / 1000 + 30, kill)
    watchdog.start()
    nodes, go = 0, None

    def send(line: str) -> None:
        engine.stdin.write(line + "\n")
        engine.stdin.flush()

    def until(prefix: str) -> str | None:
        nonlocal nodes
        for line in engine.stdout:
            words = line.split()
            if words[:1] == ["info"] and "nodes" in words[:-1]:
                count = words[words.index("nodes") + 1]
                nodes = int(count) if count.isdigit() else nodes
            if line.startswith(prefix):
                return line
        return None

    try:
        send("usi")
        answer = until("usiok")
        if answer is not None:
            for name, value in options:
                send(f"setoption name {name} value {value}")
            send("isready")
            answer = until("readyok")
        if answer is not None:
            send("usinewgame")
            send(f"position sfen {sfen}")
            go = time.monotonic()
            send(f"go mate {ms}")
            answer = until("checkmate")
        end = time.monotonic()
        if answer is not None:
            send("quit")
    except BrokenPipeError:
        answer, end = None, time.monotonic()
    finally:
        watchdog.cancel()
    try:
        engine.wait(timeout=10)
    except subprocess.TimeoutExpired:
        engine.kill()
        engine.wait()
    from_go = end - go if go is not None else 0.0
    if answer is None:
        note = "killed, no answer" if killed.is_set() else f"ended, exit status {engine.returncode}"
        return "unknown", 0, nodes, from_go, end - start, note
    moves = answer.split()[1:]
    if moves == ["nomate"]:
        return "nomate", 0, nodes, from_go, end - start, ""
    if moves and all(USI_MOVE.fullmatch(m) for m in moves):
        return "mate", len(moves), nodes, from_go, end - start, ""
    return "unknown", 0, nodes, from_go, end - start, " ".join(moves)


def option(text: str) -> tuple[str, str]:
    name, sep, value = text.partition("=")
    if not sep or not name:
        raise argparse.ArgumentTypeError(f"option {text!r} is not NAME=VALUE")
    return name, value


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("engine", metavar="ENGINE")
    parser.add_argument("set", metavar="SET")
    parser.add_argument("options", metavar="NAME=VALUE", nargs="*", type=option)
    parser.add_argument("--time", type=int, default=10000, help="the time of `go mate`, in ms")
    parser.add_argument("--from-start", action="store_true",
                        help="seconds from the start of the engine's process")
    parser.add_argument("--compare", action="store_true",
                        help="list differences from the set's answers")
    args = parser.parse_args()
    command = shlex.split(args.engine)
    table = Table(args.compare)
    for position in read_set(args.set):
        verdict, plies, nodes, from_go, from_start, note = solve(command, args.options,
                                                                 position.sfen, args.time)
        table.row(position, verdict, plies, nodes, from_start if args.from_start else from_go, note)
    table.totals()


if __name__ == "__main__":
    main()
