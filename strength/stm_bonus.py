#!/usr/bin/env python3
"""The evaluation's bonus for the side to move over the first N openings of
strength/openings.sfen: for each opening, half the sum of tokin's static evaluation (its
`eval` command) with either side to move, since a position's two evaluations would be
opposites without such a bonus. Prints the bonus's mean and spread: the mean is what every
node's evaluation carries alike; the spread is its swing from one position to the next.

    python3 strength/stm_bonus.py ENGINE N [OPTION=VALUE ...]

ENGINE answers `eval` (tokin); OPTIONs are set before `isready` (`EvalFile=FILE` for another
network).
"""
import statistics
import subprocess
import sys

from usi_engine import Engine, first_positions, option_pairs


def other_side(sfen: str) -> str:
    """`sfen` (board, side, hands, move number) with the other side to move."""
    fields = sfen.split()
    if len(fields) < 2 or fields[1] not in ("b", "w"):
        raise ValueError(f"not an SFEN with a side to move: {sfen!r}")
    fields[1] = "w" if fields[1] == "b" else "b"
    return " ".join(fields)


def bonus(own: int, other: int) -> float:
    """The bonus for the side to move of a position whose evaluation is `own` for the side to
    move and `other` with the other side to move."""
    return (own + other) / 2


def main() -> None:
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    engine, n = sys.argv[1], int(sys.argv[2])
    openings = first_positions(n)
    e = Engine(engine, option_pairs(sys.argv[3:]), stderr=subprocess.DEVNULL)

    def evaluate(sfen: str) -> int:
        e.send(f"position sfen {sfen}")
        e.send("eval")
        line = e.until("eval =")[-1]
        return int(line.split("=")[1])

    bonuses = [bonus(evaluate(s), evaluate(other_side(s))) for s in openings]
    e.quit()
    print(f"{len(bonuses)} openings: bonus for the side to move, mean "
          f"{statistics.mean(bonuses):.0f}, spread (standard deviation) "
          f"{statistics.pstdev(bonuses):.0f}, from {min(bonuses):.0f} to {max(bonuses):.0f}")


if __name__ == "__main__":
    main()
