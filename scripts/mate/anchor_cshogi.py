#!/usr/bin/env python3
"""Solves every position of a mate test set with cshogi's df-pn (the cshogi anchor of
docs/mate.md) and prints, as scripts/mate/solve_set.sh does for tokin, one row a position
(verdict, plies, nodes, seconds, SFEN) and the totals.

    python3 scripts/mate/anchor_cshogi.py [--depth 31] [--nodes 1000000] [--compare] SET

Needs cshogi (`pip install cshogi`; the figures of docs/mate.md are cshogi 1.1.0's). All
positions are solved in this one process, each by a new `DfPn(depth, nodes)`; the seconds are
the processor time of its `search` and `get_pv`, and the totals line sums them. The verdict is
`unknown` where the search ran out of nodes, `nomate` where it found no mate within the depth.
With --compare, each verdict and length that differs from the set's stored answer is listed
after the totals (tests/data/mate/positions.txt stores cshogi's own)."""
import argparse
import time

import cshogi

from mate_set import Table, read_set


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("set", metavar="SET")
    parser.add_argument("--depth", type=int, default=31,
                        help="the longest mate looked for, in plies")
    parser.add_argument("--nodes", type=int, default=1_000_000,
                        help="the node limit of each search")
    parser.add_argument("--compare", action="store_true",
                        help="list differences from the set's answers")
    args = parser.parse_args()
    table = Table(args.compare)
    for position in read_set(args.set):
        board = cshogi.Board(position.sfen)  # its form checked by read_set
        dfpn = cshogi.DfPn(args.depth, args.nodes)
        start = time.process_time()
        mate = dfpn.search(board)
        line = dfpn.get_pv(board) if mate else []
        seconds = time.process_time() - start
        nodes = dfpn.searched_node
        verdict = "mate" if mate else "unknown" if nodes >= args.nodes else "nomate"
        table.row(position, verdict, len(line), nodes, seconds)
    table.totals()


if __name__ == "__main__":
    main()
