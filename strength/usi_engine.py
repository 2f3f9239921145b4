"""A USI engine run as a child process, for the strength scripts: send a line, read up to a
line that starts with a prefix; what the scripts read from its answers; and the positions
they search."""
import os
import subprocess

# The opening set every script searches unless told otherwise.
OPENINGS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "openings.sfen")


def take_positions_flag(argv: list[str]) -> str | None:
    """The file of `--positions FILE` in `argv`, which loses the two (OPENINGS without the
    flag); None when the flag has no file after it."""
    if "--positions" not in argv:
        return OPENINGS
    i = argv.index("--positions")
    if i + 1 >= len(argv):
        return None
    source = argv[i + 1]
    del argv[i:i + 2]
    return source


def first_positions(n: int, path: str = OPENINGS) -> list[str]:
    """The first `n` positions of a file of one SFEN a line (blank lines skipped, a leading
    `sfen ` dropped), for `position sfen ...`."""
    with open(path) as f:
        return [line.strip().removeprefix("sfen ") for line in f if line.strip()][:n]

# The score a mate counts as, either way.
MATE_SCORE = 3000


def option_pairs(args: list[str]) -> list[tuple[str, str]]:
    """`NAME=VALUE` arguments as (name, value) pairs for `Engine`."""
    return [tuple(a.split("=", 1)) for a in args]


def last_score(lines: list[str]) -> int:
    """The searching side's last reported score from a search's lines up to `bestmove` (a
    mate as ±MATE_SCORE, and so are `bestmove resign` and `bestmove win`)."""
    best = lines[-1].split()[1]
    if best == "resign":
        return -MATE_SCORE
    if best == "win":
        return MATE_SCORE
    v = 0
    for line in lines:
        f = line.split()
        if "score" in f:
            k = f.index("score")
            if f[k + 1] == "cp":
                v = int(f[k + 2])
            elif f[k + 1] == "mate":
                v = -MATE_SCORE if f[k + 2].startswith("-") else MATE_SCORE
    return v


def last_info(lines: list[str], field: str) -> int:
    """The last value of `field` (`depth`, `nps`, ...) a search's `info` lines report (0 when
    none does)."""
    value = 0
    for line in lines:
        f = line.split()
        if f[:1] == ["info"] and f[1:2] != ["string"] and field in f[:-1]:
            value = int(f[f.index(field) + 1])
    return value


class Engine:
    """A USI engine, handshaken (`usi`, options, `isready`) when made."""

    def __init__(self, path: str, options: list[tuple[str, str]] = (), stderr=None):
        """`stderr=subprocess.PIPE` keeps the engine's standard error for `self.p.stderr`."""
        self.p = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=stderr, text=True, bufsize=1)
        self.send("usi")
        # The name the engine gives itself (`id name ...`), empty when it gives none.
        self.name = next((l.split(None, 2)[2] for l in self.until("usiok")
                          if l.startswith("id name ") and len(l.split(None, 2)) > 2), "")
        for name, value in options:
            self.send(f"setoption name {name} value {value}")
        self.send("isready")
        self.until("readyok")

    def send(self, line: str) -> None:
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def until(self, prefix: str) -> list[str]:
        """The lines read up to and including the first that starts with `prefix`."""
        lines = []
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise SystemExit("the engine ended")
            lines.append(line.rstrip("\n"))
            if line.startswith(prefix):
                return lines

    def quit(self) -> None:
        self.send("quit")
        self.p.wait(timeout=10)
