#!/usr/bin/env python3
"""Compares the rows a solve printed (scripts/mate/solve_set.sh, anchor_cshogi.py or
anchor_usi.py: verdict, plies, nodes, seconds, SFEN) with the answers a set stores, position by
position matched by SFEN, and lists each verdict or length that differs and the counts.

    scripts/mate/solve_set.sh > rows.txt
    python3 scripts/mate/compare.py tests/data/mate/yaneuraou.txt rows.txt

ROWS is read from standard input when left out. A row whose SFEN the set does not hold is
skipped (yaneuraou.txt holds both positions.txt's and long.txt's); the totals line is ignored."""
import sys

from mate_set import VERDICTS, Comparison, read_set


def main() -> None:
    if len(sys.argv) not in (2, 3):
        sys.stderr.write("usage: compare.py SET [ROWS]\n" + __doc__.split("\n\n")[1] + "\n")
        sys.exit(2)
    answers = {p.sfen: p for p in read_set(sys.argv[1])}
    path = sys.argv[2] if len(sys.argv) == 3 else "-"
    try:
        rows = sys.stdin if path == "-" else open(path, encoding="utf-8")
    except OSError as e:
        sys.exit(f"{path}: {e.strerror}")
    comparison = Comparison()
    for number, line in enumerate(rows, 1):
        fields = line.rstrip("\n").split("\t")
        if len(fields) < 5:
            continue  # the totals
        verdict, plies, sfen = fields[0], fields[1], fields[4]
        if verdict not in VERDICTS or not plies.isdigit():
            sys.exit(f"{path}:{number}: not a row (verdict, plies, nodes, seconds, SFEN)")
        if sfen in answers:
            comparison.add(answers[sfen], verdict, int(plies))
    comparison.report()


if __name__ == "__main__":
    main()
