"""Tests of strength/blunders.py on a small game.db (no engine, no shogiarena)."""
import os
import sys
import tempfile
import unittest
from collections import Counter

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import blunders  # noqa: E402
from game_db_fixture import write_game_db  # noqa: E402
from usi_engine import MATE_SCORE, last_info, last_score  # noqa: E402

START = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"


def code_of(usi: str) -> int:
    """shogiarena's code of a move (the inverse of blunders.usi_of)."""
    def square(s: str) -> int:
        return (int(s[0]) - 1) * 9 + "abcdefghi".index(s[1])
    if usi[1] == "*":
        return square(usi[2:4]) | (" PLNSBRG".index(usi[0]) << 7) | (1 << 14)
    return square(usi[2:4]) | (square(usi[0:2]) << 7) | ((1 << 15) if usi.endswith("+") else 0)


class MoveCodes(unittest.TestCase):
    def test_codes_read_as_shogiarena_writes_them(self):
        # Codes read from a real run's game.db beside the moves its games record.
        self.assertEqual(blunders.usi_of(39219), "6f6g+")
        self.assertEqual(blunders.usi_of(16564), "P*6h")
        self.assertEqual(blunders.usi_of(17315), "G*4i")
        self.assertEqual(blunders.usi_of(16653), "L*2e")
        for usi in ["7g7f", "8h2b+", "R*5e", "1a9i"]:
            self.assertEqual(blunders.usi_of(code_of(usi)), usi)

    def test_moves_are_told_apart_by_kind(self):
        self.assertEqual([blunders.kind_of(m) for m in ["P*5e", "8h2b+", "7g7f"]],
                         ["drop", "promotion", "other"])
        self.assertEqual(blunders.kinds_of("S*5e"), ["drop", "drop S"])


class SearchLines(unittest.TestCase):
    def test_the_last_score_and_depth_are_read_a_mate_as_the_mate_score(self):
        lines = ["info depth 1 score cp 40 pv 7g7f", "info depth 2 score cp -12 pv 7g7f 3c3d",
                 "info string done", "bestmove 7g7f"]
        self.assertEqual((last_score(lines), last_info(lines, "depth")), (-12, 2))
        lines = ["info depth 5 score mate -3 pv 5a4b", "bestmove 5a4b"]
        self.assertEqual((last_score(lines), last_info(lines, "depth")), (-MATE_SCORE, 5))
        self.assertEqual(last_score(["bestmove resign"]), -MATE_SCORE)


class Jumps(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.TemporaryDirectory()
        self.addCleanup(self.dir.cleanup)
        played = ["7g7f", "3c3d", "P*5e", "5c5d", "5e5d", "4a3b"]
        # The first engine plays black in game 1 and loses; after its drop (the third move)
        # the opponent's own score goes from +20 to +520; after its capture, +520 to +600.
        scores = [30, 20, 40, 520, -500, 600]
        # In game 2 it plays white and wins; the opponent's score rises 410 after its move.
        moves = {1: [(code_of(m), s) for m, s in zip(played, scores)],
                 2: [(code_of(m), s) for m, s in zip(played, [0, 10, 410, -400, 0, 0])]}
        write_game_db(self.dir.name, ["first-x", "second-y"],
                      [(START, "first-x", "second-y", "WHITE_WIN", {}),
                       (START, "second-y", "first-x", "WHITE_WIN", {})], moves)

    def test_a_rise_of_the_opponents_score_marks_the_move_before_it(self):
        counts, jumps = blunders.read_jumps(self.dir.name, 300)
        self.assertEqual([counts.ours[k] for k in blunders.KINDS], [1, 0, 5])
        self.assertEqual(counts.ours["drop P"], 1)
        # Replies to the first engine's moves that have a move before and after them.
        self.assertEqual([counts.replies[k] for k in blunders.KINDS], [1, 0, 3])
        self.assertEqual([(j.game, j.move, j.rise, j.reply, j.lost) for j in jumps],
                         [(1, "P*5e", 500, "5c5d", True), (2, "3c3d", 410, "P*5e", False)])
        self.assertEqual(jumps[0].before, ["7g7f", "3c3d"])
        self.assertEqual(blunders.move_number(jumps[0]), 3)

    def test_each_kind_is_given_the_share_of_its_moves_that_jumped(self):
        counts, jumps = blunders.read_jumps(self.dir.name, 300)
        jumped = Counter(k for j in jumps for k in blunders.kinds_of(j.move))
        self.assertEqual(blunders.rate_line("r", jumped, counts.ours),
                         "r: drop 100.0%, other 20.0%, drop P 100.0%")

    def test_only_the_first_jump_of_a_lost_game_is_a_case(self):
        _, jumps = blunders.read_jumps(self.dir.name, 50)
        self.assertEqual([(j.game, j.move) for j in jumps],
                         [(1, "P*5e"), (1, "5e5d"), (2, "3c3d")])
        self.assertEqual([(j.game, j.move) for j in blunders.first_in_lost_games(jumps)],
                         [(1, "P*5e")])


if __name__ == "__main__":
    unittest.main()
