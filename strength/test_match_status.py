"""Tests of match_status.py's account of each engine's searches.

    python3 -m unittest discover -s strength -p 'test_*.py'
"""
import os
import sqlite3
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from match_status import searches  # noqa: E402


def game_db(moves: list[tuple[int, int, int | None, int | None]]) -> sqlite3.Connection:
    """A game.db in memory reduced to what `searches` reads: one game, black 'first' and white
    'second'; each move is (game, ply, nodes, depth)."""
    db = sqlite3.connect(":memory:")
    db.execute("create table player (id integer, player_name text)")
    db.executemany("insert into player values (?, ?)", [(1, "first"), (2, "second")])
    db.execute("create table game (id integer, black_player_id integer, white_player_id integer)")
    db.execute("insert into game values (1, 1, 2)")
    db.execute("create table game_move (game_id integer, ply integer, nodes integer, "
               "depth integer)")
    db.executemany("insert into game_move values (?, ?, ?, ?)", moves)
    return db


class Searches(unittest.TestCase):
    def test_each_engines_moves_by_the_parity_of_the_ply(self):
        db = game_db([
            (1, 12, 800, 14), (1, 13, 900, 19),
            (1, 14, 1000, 16), (1, 15, 700, 17),
            (1, 16, 600, 15), (1, 17, None, None),  # a move without a search (a book move)
        ])
        self.assertEqual(searches(db), {"first": (3, 800, 15), "second": (2, 800, 18)})

    def test_a_move_without_a_depth_counts_as_depth_zero(self):
        self.assertEqual(searches(game_db([(1, 0, 10, None), (1, 2, 30, 4)])),
                         {"first": (2, 20, 2)})


if __name__ == "__main__":
    unittest.main()
