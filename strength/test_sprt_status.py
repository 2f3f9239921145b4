"""Tests of sprt_status.py's check of which binaries played a run's games (a run sharing its
engine names with another run started beside it ends up playing the other run's engines).

    python3 -m unittest discover -s strength -p 'test_*.py'
"""
import contextlib
import os
import sqlite3
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import run_games  # noqa: E402
from game_db_fixture import write_game_db  # noqa: E402
import sprt_status  # noqa: E402

NEW, BASE, OTHER = "/bins/new", "/bins/base", "/bins/other"


def make_run(directory: str, games: list[tuple[str, str, str, str, str]]) -> None:
    """A game.db as shogiarena writes it, reduced to what sprt_status.py reads: each game is
    (opening, black engine, white engine, result, binary of the engine named `x-new`)."""
    write_game_db(directory, ["x-base", "x-new"],
                  [(opening, black, white, result, {"x-new": new_binary, "x-base": BASE})
                   for opening, black, white, result, new_binary in games])


def pair(opening: str, first: str, second: str, second_binary: str = NEW) -> list[tuple]:
    """An opening's two games for make_run: new has black in the first, white in the second
    (whose new engine ran `second_binary`)."""
    return [(opening, "x-new", "x-base", first, NEW),
            (opening, "x-base", "x-new", second, second_binary)]


def on_run(games: list[tuple[str, str, str, str, str]], read):
    """`read` of the folder of a run made of `games` (see make_run)."""
    with tempfile.TemporaryDirectory() as d:
        make_run(d, games)
        return read(d)


def clean_pairs_of(games, first_only: bool = False):
    """sprt_status.clean_pairs of a run made of `games`."""
    return on_run(games, lambda d: sprt_status.clean_pairs(d, first_only))


def repeats_of(games):
    """run_games.repeats of a run made of `games`."""
    def read(d):
        with contextlib.closing(sqlite3.connect(os.path.join(d, "game.db"))) as db:
            return run_games.repeats(db)
    return on_run(games, read)


class CleanPairs(unittest.TestCase):
    def test_games_of_other_binaries_are_left_out(self):
        games = [
            # Opening a: new wins both (pair of 2 points).
            ("a", "x-new", "x-base", "BLACK_WIN", NEW),
            ("a", "x-base", "x-new", "WHITE_WIN", NEW),
            # Opening b: new wins one, draws one (1.5).
            ("b", "x-new", "x-base", "BLACK_WIN", NEW),
            ("b", "x-base", "x-new", "DRAW_BY_REPETITION", NEW),
            # Opening c: the second game was another run's engine: the pair is left out.
            ("c", "x-new", "x-base", "WHITE_WIN", NEW),
            ("c", "x-base", "x-new", "BLACK_WIN", OTHER),
            # Opening d, both games another run's.
            ("d", "x-new", "x-base", "BLACK_WIN", OTHER),
            ("d", "x-base", "x-new", "WHITE_WIN", OTHER),
        ]
        first, foreign, wins, draws, losses, pairs = clean_pairs_of(games)
        self.assertEqual(first, {"x-new": NEW, "x-base": BASE})
        self.assertEqual(foreign, [6, 7, 8])
        self.assertEqual((wins, draws, losses), (3, 1, 0))
        self.assertEqual(pairs, [0, 0, 0, 1, 1])

    def test_pairs_follow_the_opening_not_the_order_of_the_games(self):
        # Two games at a time finish out of order: pairs are an opening's games, one each.
        games = [
            ("a", "x-new", "x-base", "WHITE_WIN", NEW),
            ("b", "x-new", "x-base", "BLACK_WIN", NEW),
            ("a", "x-base", "x-new", "BLACK_WIN", NEW),
            ("b", "x-base", "x-new", "WHITE_WIN", NEW),
        ]
        _, foreign, wins, draws, losses, pairs = clean_pairs_of(games)
        self.assertEqual(foreign, [])
        self.assertEqual((wins, draws, losses), (2, 0, 2))
        self.assertEqual(pairs, [1, 0, 0, 0, 1])


class Repeats(unittest.TestCase):
    # Opening a played twice with each colour (drawn with replacement): the second pair
    # repeats the first but for one result; opening b once.
    GAMES = [
        ("a", "x-new", "x-base", "BLACK_WIN", NEW),
        ("a", "x-base", "x-new", "BLACK_WIN", NEW),
        ("b", "x-new", "x-base", "WHITE_WIN", NEW),
        ("b", "x-base", "x-new", "WHITE_WIN", NEW),
        ("a", "x-new", "x-base", "BLACK_WIN", NEW),
        ("a", "x-base", "x-new", "WHITE_WIN", NEW),
    ]

    def test_repeated_starts_are_counted(self):
        # 6 games, 4 starts, 2 openings; both of a's starts repeated, one of them alike.
        self.assertEqual(repeats_of(self.GAMES), (6, 4, 2, 2, 1))
        self.assertIsNone(run_games.repeats_line(repeats_of(self.GAMES[:4])))

    def test_first_pairs_alone_count_each_opening_once(self):
        # a: 1 point, then 2 (the repeat's second game went the other way); b: 1 point.
        self.assertEqual(clean_pairs_of(self.GAMES)[5], [0, 0, 2, 0, 1])
        _, _, wins, draws, losses, pairs = clean_pairs_of(self.GAMES, first_only=True)
        self.assertEqual(pairs, [0, 0, 2, 0, 0])
        self.assertEqual((wins, draws, losses), (2, 0, 2))


class Pooled(unittest.TestCase):
    def test_runs_pool_their_pairs_and_a_replayed_opening_counts_once(self):
        # a: new wins both (2 points); b: one each (1).
        first = pair("a", "BLACK_WIN", "WHITE_WIN") + pair("b", "BLACK_WIN", "BLACK_WIN")
        # a again (a replay, left out though it went the other way); c: new loses both; d:
        # the second game another run's binary, left out as in one run.
        second = (pair("a", "WHITE_WIN", "BLACK_WIN") + pair("c", "WHITE_WIN", "BLACK_WIN")
                  + pair("d", "DRAW_BY_REPETITION", "BLACK_WIN", OTHER))
        with tempfile.TemporaryDirectory() as a, tempfile.TemporaryDirectory() as b:
            make_run(a, first)
            make_run(b, second)
            wins, draws, losses, pairs, replayed = sprt_status.pooled([a, b])
            self.assertEqual(pairs, [1, 0, 1, 0, 1])
            self.assertEqual((wins, draws, losses, replayed), (3, 0, 3, 1))
            # The other order keeps the second run's pair of a instead.
            _, _, _, pairs, replayed = sprt_status.pooled([b, a])
            self.assertEqual((pairs, replayed), ([2, 0, 1, 0, 0], 1))


class Scores(unittest.TestCase):
    def test_results_read_for_either_colour(self):
        self.assertEqual(run_games.score_of("BLACK_WIN", True), 1.0)
        self.assertEqual(run_games.score_of("BLACK_WIN_BY_RESIGN", False), 0.0)
        self.assertEqual(run_games.score_of("WHITE_WIN_BY_TIMEOUT", False), 1.0)
        self.assertEqual(run_games.score_of("DRAW_BY_REPETITION", True), 0.5)
        self.assertIsNone(run_games.score_of("ERROR", True))


class Llr(unittest.TestCase):
    def test_the_llr_agrees_with_the_runner_and_has_the_sign_of_the_result(self):
        # A run shogiarena scored LLR 0.20 (capture history, 922 pairs).
        self.assertAlmostEqual(sprt_status.gsprt_llr([203, 47, 417, 30, 225], 0, 5), 0.20,
                               delta=0.01)
        self.assertLess(sprt_status.gsprt_llr([30, 5, 50, 5, 10], 0, 5), 0)
        self.assertEqual(sprt_status.gsprt_llr([0, 0, 20, 0, 0], 0, 5), 0.0)


if __name__ == "__main__":
    unittest.main()
