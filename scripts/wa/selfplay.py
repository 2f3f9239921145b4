#!/usr/bin/env python3
"""Wa shogi matches between two USI engines, refereed by the tests' second move generator.

    python3 scripts/wa/selfplay.py --new TOKIN [--old TOKIN] --games N
        [--nodes N | --byoyomi MS [--main MS] [--inc MS]] [--variant washogi|washogi-nodrops]
        [--max-plies N] [--seed S] [--referee PATH] [--new-option NAME=VALUE]...
        [--old-option NAME=VALUE]... [--plain]

Each engine is one process for the whole match, started as a GUI starts it (`TOKIN
--variant V`, or plainly with `--plain`, then `setoption name USI_Variant`). Games go in pairs
from the same opening (two random legal moves from the seed), the colours swapped. Every
`bestmove` is checked by the referee (`cargo build --release --example referee -p tokin-wa`),
which replays the game on the generator written apart from the crate; an illegal move, a
crash, or (under a clock) a move past the time left loses (with an increment, the time left and
this move's increment, as USI's Fischer clock counts them). A game ends when the side to move
has no legal move (it has lost), at the fourth repetition (a draw, or a loss for the side that
gave check with every move since the first of the four), or at MAX_PLIES (a draw).

The summary gives the score from --new's view, W-L-D, and Elo with a 95% interval."""
import argparse, math, random, shlex, subprocess, sys, time

ap = argparse.ArgumentParser(description="Wa shogi matches between two USI engines.")
ap.add_argument("--new", required=True)
ap.add_argument("--old", help="the opponent (default: --new); a command line is split as a shell does")
ap.add_argument("--games", type=int, default=100)
ap.add_argument("--nodes", type=int)
ap.add_argument("--byoyomi", type=int)
ap.add_argument("--main", type=int, default=0)
ap.add_argument("--inc", type=int, default=0)
ap.add_argument("--variant", default="washogi")
ap.add_argument("--max-plies", type=int, default=300)
ap.add_argument("--seed", type=int, default=1)
ap.add_argument("--referee", default="target/release/examples/referee")
ap.add_argument("--new-option", action="append", default=[])
ap.add_argument("--old-option", action="append", default=[])
ap.add_argument("--plain", action="store_true")
# Read here for the match; tune.py, which imports this file, sets its own.
args = ap.parse_args() if __name__ == "__main__" else None


class Engine:
    def __init__(self, path, options):
        self.path, self.options = path, options
        self.start()

    def start(self):
        # A path, or a command with its arguments (an adapter script and its engine).
        cmd = shlex.split(self.path)
        if not args.plain:
            cmd += ["--variant", args.variant]
        self.p = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.send("usi"); self.wait("usiok")
        self.send(f"setoption name USI_Variant value {args.variant}")
        for o in self.options:
            name, value = o.split("=", 1)
            self.send(f"setoption name {name} value {value}")
        self.send("isready"); self.wait("readyok")

    def send(self, line):
        self.p.stdin.write(line + "\n"); self.p.stdin.flush()

    def wait(self, prefix):
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError("engine closed its output")
            if line.startswith("info string"):
                print("  ", line.strip(), file=sys.stderr)
            if line.startswith(prefix):
                return line.strip()

    def set_option(self, name, value):
        self.send(f"setoption name {name} value {value}")
        self.send("isready"); self.wait("readyok")

    def quit(self):
        try:
            self.send("quit"); self.p.wait(timeout=10)
            return self.p.returncode == 0
        except Exception:
            self.p.kill()
            return False


class Referee:
    def __init__(self):
        self.p = subprocess.Popen([args.referee], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)

    def ask(self, line):
        self.p.stdin.write(line + "\n"); self.p.stdin.flush()
        return self.p.stdout.readline().strip()


def play_game(engines, ref, opening):
    """engines[0] plays Black. Returns (winner index or None, reason, plies)."""
    ref.ask("new " + args.variant)
    moves, history = [], []  # history: (key, side to move in check) of every position after a move
    for m in opening:
        r = ref.ask("play " + m).split()
        moves.append(m); history.append((r[1], r[2] == "check"))
    clock = [args.main, args.main]
    for e in engines:
        e.send("usinewgame")
    while len(moves) < args.max_plies:
        side = len(moves) % 2
        e = engines[side]
        if args.nodes is not None:
            go = f"go nodes {args.nodes}"
        else:
            go = f"go btime {clock[0]} wtime {clock[1]} byoyomi {args.byoyomi}"
            if args.inc:
                go += f" binc {args.inc} winc {args.inc}"
        try:
            e.send("position startpos moves " + " ".join(moves))
            t0 = time.monotonic()
            e.send(go)
            best = e.wait("bestmove").split()[1]
            used = int((time.monotonic() - t0) * 1000)
        except Exception as ex:
            e.start()
            return 1 - side, f"crash ({ex})", len(moves)
        if args.byoyomi is not None:
            # As USI's GUIs keep a Fischer clock: the time sent does not yet hold this
            # move's increment, and the move may use both.
            if used > clock[side] + args.inc + args.byoyomi:
                return 1 - side, f"time ({used} ms)", len(moves)
            clock[side] = max(0, clock[side] + args.inc - used)
        if best == "resign":
            if ref.ask("moves"):
                print("   resigned after:", " ".join(moves), file=sys.stderr)
                return 1 - side, "resigned with legal moves", len(moves)
            return 1 - side, "no legal move", len(moves)
        r = ref.ask("play " + best).split()
        if r[0] != "legal":
            print("   illegal after:", " ".join(moves), file=sys.stderr)
            return 1 - side, f"illegal move {best}", len(moves)
        moves.append(best)
        history.append((r[1], r[2] == "check"))
        if r[3] == "none":
            return side, "no legal move", len(moves)
        key = r[1]
        seen = [i for i, (k, _) in enumerate(history) if k == key]
        if len(seen) >= 4:
            # history[i] follows move i, made by side i % 2; that move gave check when the
            # side to move after it is in check.
            cycle = range(seen[0] + 1, len(history))
            for checker in (0, 1):
                mine = [history[i][1] for i in cycle if i % 2 == checker]
                if mine and all(mine):
                    return 1 - checker, "perpetual check", len(moves)
            return None, "repetition", len(moves)
    return None, "ply cap", len(moves)


def random_opening(ref, rng):
    """Two random legal moves, shared by a pair of games."""
    ref.ask("new " + args.variant)
    opening = []
    for _ in range(2):
        m = rng.choice(ref.ask("moves").split())
        ref.ask("play " + m); opening.append(m)
    return opening


def elo(score):
    if score <= 0 or score >= 1:
        return math.copysign(math.inf, score - 0.5)
    return -400 * math.log10(1 / score - 1)


def main():
    if (args.nodes is None) == (args.byoyomi is None):
        sys.exit("give one of --nodes and --byoyomi")
    new = Engine(args.new, args.new_option)
    old = Engine(args.old or args.new, args.old_option)
    ref = Referee()
    rng = random.Random(args.seed)
    w = l = d = 0
    illegal = crashes = timeouts = plies = 0
    reasons = {}
    opening = []
    for g in range(args.games):
        if g % 2 == 0:
            opening = random_opening(ref, rng)
        new_black = g % 2 == 0
        engines = [new, old] if new_black else [old, new]
        winner, reason, n = play_game(engines, ref, opening)
        plies += n
        reasons[reason.split(" (")[0]] = reasons.get(reason.split(" (")[0], 0) + 1
        illegal += reason.startswith("illegal") or reason.startswith("resigned")
        crashes += reason.startswith("crash")
        timeouts += reason.startswith("time")
        if winner is None:
            d += 1; res = "1/2"
        elif (winner == 0) == new_black:
            w += 1; res = "new"
        else:
            l += 1; res = "old"
        print(f"{g + 1} {' '.join(opening)} {res} {reason} {n}", flush=True)
    for e in (new, old):
        crashes += not e.quit()
    n = w + l + d
    s = (w + d / 2) / n
    var = (w * (1 - s) ** 2 + d * (0.5 - s) ** 2 + l * s ** 2) / n
    se = math.sqrt(var / n)
    lo, hi = elo(s - 1.96 * se), elo(s + 1.96 * se)
    print(f"games {n} W-L-D {w}-{l}-{d} score {s:.3f} elo {elo(s):+.0f} [{lo:+.0f}, {hi:+.0f}] "
          f"plies {plies} illegal {illegal} crashes {crashes} time-losses {timeouts} ends {reasons}")


if __name__ == "__main__":
    main()
