"""What the mate scripts share: reading a mate test set, printing one row per position and the
totals in the shape of `solve_set.sh`, and comparing verdicts with the answers a set stores.

A set (tests/data/mate/positions.txt, long.txt, yaneuraou.txt) holds one position a line,
`SFEN | verdict | length | nodes | ...`, the answers being its anchor's; `#` starts a comment."""
import re
import sys
from dataclasses import dataclass

VERDICTS = ("mate", "nomate", "unknown")


RANK_SQUARE = re.compile(r"\+?[PLNSGBRKplnsgbrk]|[1-9]")
USI_MOVE = re.compile(r"[1-9][a-i][1-9][a-i]\+?|[PLNSGBR]\*[1-9][a-i]")
HAND = re.compile(r"-|(?:[0-9]*[PLNSGBRplnsgbr])+")


def sfen_error(sfen: str) -> str | None:
    """What is wrong with an SFEN's form, or None: checked before cshogi reads it, since
    cshogi ends the whole process on an SFEN it cannot read."""
    fields = sfen.split()
    if len(fields) not in (3, 4):
        return f"SFEN {sfen!r} has {len(fields)} fields, not board, side, hand and move number"
    ranks = fields[0].split("/")
    if len(ranks) != 9:
        return f"SFEN {sfen!r} has {len(ranks)} ranks, not 9"
    for number, rank in enumerate(ranks, 1):
        squares = RANK_SQUARE.findall(rank)
        width = sum(int(s) if s.isdigit() else 1 for s in squares)
        if "".join(squares) != rank or width != 9:
            return f"SFEN {sfen!r}: rank {number} ({rank!r}) is not 9 squares of pieces and digits"
    if fields[1] not in ("b", "w"):
        return f"SFEN {sfen!r}: side {fields[1]!r} is neither b nor w"
    if not HAND.fullmatch(fields[2]):
        return f"SFEN {sfen!r}: hand {fields[2]!r} is not - or counts and pieces"
    if len(fields) == 4 and not fields[3].isdigit():
        return f"SFEN {sfen!r}: move number {fields[3]!r} is not a whole number"
    return None


@dataclass
class Position:
    """One position of a set, with the answer the set stores for it (None where it has none)."""

    where: str  # FILE:LINE, for messages
    sfen: str
    verdict: str | None
    length: int | None


def read_set(path: str) -> list[Position]:
    """The positions of a set file; a line that is not `SFEN | verdict | length | ...` with a
    known verdict and a whole length stops the script with FILE:LINE and what is wrong."""
    positions = []
    try:
        with open(path, encoding="utf-8") as f:
            lines = f.read().splitlines()
    except OSError as e:
        sys.exit(f"{path}: {e.strerror}")
    for number, line in enumerate(lines, 1):
        if not line.strip() or line.startswith("#"):
            continue
        where = f"{path}:{number}"
        fields = [field.strip() for field in line.split(" | ")]
        if error := sfen_error(fields[0]):
            sys.exit(f"{where}: {error}")
        verdict = length = None
        if len(fields) >= 3:
            verdict = fields[1]
            if verdict not in VERDICTS:
                sys.exit(f"{where}: verdict {verdict!r} is none of {', '.join(VERDICTS)}")
            if not fields[2].isdigit():
                sys.exit(f"{where}: length {fields[2]!r} is not a whole number")
            length = int(fields[2])
        positions.append(Position(where, fields[0], verdict, length))
    if not positions:
        sys.exit(f"{path}: no position")
    return positions


class Comparison:
    """Each verdict or length that differs from a set's stored answer, and the counts."""

    def __init__(self):
        self.differ: list[str] = []
        self.compared = self.verdicts_differ = 0
        self.lengths = {"the same": 0, "shorter": 0, "longer": 0}

    def add(self, position: Position, verdict: str, plies: int) -> None:
        if position.verdict is None:
            return
        self.compared += 1
        if verdict != position.verdict:
            self.verdicts_differ += 1
            self.differ.append(f"{position.where}: verdict {verdict}, the set's {position.verdict}")
        elif verdict == "mate":
            which = ("the same" if plies == position.length
                     else "shorter" if plies < position.length else "longer")
            self.lengths[which] += 1
            if which != "the same":
                self.differ.append(f"{position.where}: {plies} plies, the set's {position.length}")

    def report(self) -> None:
        for line in self.differ:
            print(line)
        print(f"against the set's answers: {self.compared} compared, verdicts differ on"
              f" {self.verdicts_differ}; where both are mates, lengths "
              + ", ".join(f"{k} {v}" for k, v in self.lengths.items()))


class Table:
    """Prints a row a position (verdict, plies, nodes, seconds, SFEN, tab-separated) and the
    totals, as `solve_set.sh` does, the seconds summed at the end; and, where asked, how the
    verdicts and lengths compare with the set's answers."""

    def __init__(self, compare: bool):
        self.comparison = Comparison() if compare else None
        self.n = self.nodes = self.plies = 0
        self.seconds = 0.0
        self.verdicts = {v: 0 for v in VERDICTS}

    def row(self, position: Position, verdict: str, plies: int, nodes: int, seconds: float,
            note: str = "") -> None:
        print(f"{verdict}\t{plies}\t{nodes}\t{seconds:.2f}\t{position.sfen}"
              + (f"\t{note}" if note else ""), flush=True)
        self.n += 1
        self.nodes += nodes
        self.plies += plies
        self.seconds += seconds
        self.verdicts[verdict] += 1
        if self.comparison:
            self.comparison.add(position, verdict, plies)

    def totals(self) -> None:
        print(f"positions {self.n} nodes {self.nodes} plies {self.plies}"
              f" seconds {self.seconds:.2f}")
        print(" ".join(f"{v} {self.verdicts[v]}" for v in VERDICTS))
        if self.comparison:
            self.comparison.report()
