#!/usr/bin/env python3
"""H. G. Muller's HaChu (XBoard protocol) as a USI engine for wa shogi without drops.

    python3 scripts/wa/hachu_usi.py HACHU [--variant washogi-nodrops] [--memory MB]

HaChu plays wa shogi as `variant wa-shogi`, without drops (captured pieces leave the game), so
only `washogi-nodrops` is taken. The board is XBoard's: files a to k from the first player's
left (tokin's file 11 to 1), ranks 1 to 11 from the first player's side (tokin's k to a);
`+` after a promotion, nothing after a move that could promote and does not. What HaChu says
that is not a move (a refusal of a move it thinks illegal, a claimed result) goes out as an
`info string`, and a refusal or a claim instead of a move answers `bestmove resign`.

Used as the second engine of scripts/wa/selfplay.py:

    python3 scripts/wa/selfplay.py --new TOKIN --old "python3 scripts/wa/hachu_usi.py HACHU" \\
        --variant washogi-nodrops --byoyomi 0 --main 60000 ...
"""
import re, subprocess, sys

# Set by main() from the command line: the command that starts HaChu, and its hash size.
hachu = None
memory = "64"


def translate(move, square_pattern, square):
    """A board move, from-square then to-square then an optional `+`, each square matched by
    `square_pattern` (two groups) and rewritten by `square`."""
    m = re.fullmatch(square_pattern * 2 + r"(\+?)", move)
    if not m:
        raise ValueError(f"not a board move: {move}")
    return square(m[1], m[2]) + square(m[3], m[4]) + m[5]


def number(text, move):
    """A file or rank number, 1 to 11 (a twelfth file or rank is refused, not wrapped)."""
    n = int(text)
    if not 1 <= n <= 11:
        raise ValueError(f"not a square of the 11x11 board in {move}: {text}")
    return n


def to_xboard(move):
    """`8h8g+` → `d4d5+`: tokin's file 11..1 is XBoard's a..k, its rank a..k XBoard's 11..1."""
    return translate(move, r"(\d+)([a-k])",
                     lambda f, r: f"{chr(ord('a') + 11 - number(f, move))}{ord('l') - ord(r)}")


def from_xboard(move):
    """`d4d5+` → `8h8g+`."""
    return translate(move, r"([a-k])(\d+)",
                     lambda f, r: f"{ord('l') - ord(f)}{chr(ord('a') + 11 - number(r, move))}")


class HaChu:
    def __init__(self):
        self.p = subprocess.Popen(hachu, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.ping = 0
        self.sent = None  # the moves HaChu's board holds, None before a game
        self.refused = False  # HaChu refused a move of the game as illegal
        # HaChu allocates its hash table only on `memory`, and crashes without one. By default
        # it promotes only on entering the zone (`Promote on entry`) and refuses any move that
        # repeats a position (`Allow repeats`); wa shogi as played here promotes on any move
        # that starts or ends in the zone and allows repetitions up to the fourth.
        self.send(f"xboard\nprotover 2\nmemory {memory}\n"
                  "option Promote on entry=0\noption Allow repeats=1")
        self.sync()

    def send(self, text):
        self.p.stdin.write(text + "\n"); self.p.stdin.flush()

    def lines(self):
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError("HaChu closed its output")
            line = line.strip()
            if line and not line.startswith(("#", "feature", "setup", "piece")):
                yield line

    def sync(self):
        """Waits until HaChu has read everything sent; passes on what it said meanwhile."""
        self.ping += 1
        self.send(f"ping {self.ping}")
        for line in self.lines():
            if line == f"pong {self.ping}":
                return
            self.refused |= line.startswith("Illegal move")
            say(f"info string hachu: {line}")

    def position(self, moves):
        if self.sent is None or moves[: len(self.sent)] != self.sent:
            self.send("new\nvariant wa-shogi\nforce")
            self.sent, self.refused = [], False
        for ply in range(len(self.sent), len(moves)):
            # One move at a time, so that a refusal names the move refused.
            self.send("usermove " + to_xboard(moves[ply]))
            refused = self.refused
            self.sync()
            if self.refused and not refused:
                say(f"info string hachu refused ply {ply + 1}, {moves[ply]} ({to_xboard(moves[ply])})")
        self.sent = list(moves)

    def go(self, mine_ms, theirs_ms, inc_ms=0):
        if self.refused:
            return None
        # XBoard times are in centiseconds, its increment in whole seconds (HaChu reads no
        # fraction); the base is large enough not to matter, `time` says what is left.
        # A USI clock adds the increment when a move starts, XBoard's when it ends: the
        # same state is the time left plus one increment on each clock.
        mine_ms, theirs_ms = mine_ms + inc_ms, theirs_ms + inc_ms
        self.send(f"level 0 1000 {inc_ms // 1000}\ntime {max(1, mine_ms // 10)}\n"
                  f"otim {max(1, theirs_ms // 10)}\ngo")
        for line in self.lines():
            if line.startswith("move "):
                self.send("force")
                try:
                    move = from_xboard(line.split()[1])
                except ValueError as e:
                    # Seen from HaChu before its board was reset on `variant`: a twelfth file.
                    say(f"info string hachu: {e}")
                    self.sent = None
                    return None
                self.sent.append(move)
                self.sync()
                return move
            say(f"info string hachu: {line}")
            if re.match(r"(1-0|0-1|1/2-1/2|resign|Illegal move)", line):
                self.send("force")
                self.sent = None
                return None


def say(text):
    print(text, flush=True)


def main():
    global hachu, memory
    args = sys.argv[1:]
    if not args:
        sys.exit("usage: hachu_usi.py HACHU [--memory MB]")
    hachu = [args[0]]
    if "--memory" in args:
        memory = args[args.index("--memory") + 1]
    engine = None
    moves = []
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        cmd = words[0]
        if cmd == "usi":
            engine = engine or HaChu()
            say("id name HaChu (through hachu_usi.py)")
            say("option name USI_Variant type combo default washogi-nodrops var washogi-nodrops")
            say("usiok")
        elif cmd == "isready":
            engine = engine or HaChu()
            say("readyok")
        elif cmd == "setoption" and "USI_Variant" in words:
            if words[-1] != "washogi-nodrops":
                say(f"info string HaChu plays wa shogi without drops only, not `{words[-1]}`")
        elif cmd == "usinewgame":
            engine.sent = None
        elif cmd == "position":
            if words[1] != "startpos":
                say("info string only `position startpos` is taken")
                continue
            moves = words[3:] if len(words) > 2 and words[2] == "moves" else []
            engine.position(moves)
        elif cmd == "go":
            value = lambda k, default: int(words[words.index(k) + 1]) if k in words else default
            mine, theirs, inc = ("btime", "wtime", "binc") if len(moves) % 2 == 0 else ("wtime", "btime", "winc")
            mine, theirs, inc = value(mine, 60000), value(theirs, 60000), value(inc, 0)
            if "movetime" in words:
                mine = theirs = 40 * value("movetime", 0)
                inc = 0
            move = engine.go(mine, theirs, inc)
            say(f"bestmove {move or 'resign'}")
        elif cmd == "quit":
            break
    if engine:
        engine.send("quit")


if __name__ == "__main__":
    main()
