"""Tests of match_compare.py's pairing of two match runs' games by opening and colour.

    python3 -m unittest discover -s strength -p 'test_*.py'
"""
import os
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import match_compare  # noqa: E402
from game_db_fixture import write_game_db  # noqa: E402

BIN, OTHER = "/bins/first", "/bins/other"


def make_run(directory: str, games: list[tuple[str, str, str, str]]) -> None:
    """A match run's game.db, reduced to what match_compare.py reads: each game is (opening,
    the first engine's colour 'b' or 'w', result, the first engine's binary)."""
    write_game_db(directory, ["first-x", "second-x"], [
        (opening, *(("first-x", "second-x") if colour == "b" else ("second-x", "first-x")),
         result, {"first-x": binary})
        for opening, colour, result, binary in games])


def scores_of(games):
    with tempfile.TemporaryDirectory() as d:
        make_run(d, games)
        return match_compare.first_engine_scores(d)


class Pairing(unittest.TestCase):
    def test_scores_are_the_first_engines_by_opening_and_colour(self):
        s = scores_of([
            ("a", "b", "BLACK_WIN_BY_RESIGN", BIN),
            ("a", "w", "BLACK_WIN_BY_RESIGN", BIN),
            ("b", "w", "DRAW_BY_MAX_PLIES", BIN),
            # Another run's binary played this one: left out.
            ("b", "b", "WHITE_WIN_BY_RESIGN", OTHER),
            # Neither a win nor a draw (an aborted game): left out.
            ("c", "b", "ERROR", BIN),
        ])
        self.assertEqual(s, {("a", "b"): 1.0, ("a", "w"): 0.0, ("b", "w"): 0.5})

    def test_only_games_of_both_runs_are_compared(self):
        a = {("a", "b"): 0.0, ("a", "w"): 0.0, ("b", "b"): 1.0, ("c", "w"): 1.0}
        b = {("a", "b"): 1.0, ("a", "w"): 0.0, ("b", "b"): 1.0, ("d", "w"): 0.0}
        r = match_compare.compare(a, b)
        self.assertEqual(r["games"], 3)
        self.assertEqual(r["same"], 2)
        self.assertAlmostEqual(r["diff"], 1 / 3)
        self.assertAlmostEqual(r["a"], 1 / 3)
        self.assertAlmostEqual(r["b"], 2 / 3)
        self.assertGreater(r["half"], 0)
        self.assertEqual(match_compare.compare(a, {("z", "b"): 1.0})["games"], 0)


if __name__ == "__main__":
    unittest.main()
