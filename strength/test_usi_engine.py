"""Tests of usi_engine.py's helpers: the positions the scripts search and the options they set.

    python3 -m unittest discover -s strength -p 'test_*.py'
"""
import os
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from usi_engine import OPENINGS, first_positions, last_info, option_pairs  # noqa: E402


class Positions(unittest.TestCase):
    def test_the_first_positions_of_a_file_without_blanks_or_prefix(self):
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "p.sfen")
            with open(path, "w") as f:
                f.write("sfen 9/9/9/9/9/9/9/9/4K4 b - 1\n\n4k4/9/9/9/9/9/9/9/9 w - 1\nx b - 1\n")
            self.assertEqual(first_positions(2, path),
                             ["9/9/9/9/9/9/9/9/4K4 b - 1", "4k4/9/9/9/9/9/9/9/9 w - 1"])
        self.assertEqual(len(first_positions(3)), 3)
        with open(OPENINGS) as f:
            self.assertEqual(first_positions(1)[0], f.readline().strip())


class OptionPairs(unittest.TestCase):
    def test_name_value_pairs_split_at_the_first_equals_sign(self):
        self.assertEqual(option_pairs(["EvalDir=/a=b", "USI_Hash=64"]),
                         [("EvalDir", "/a=b"), ("USI_Hash", "64")])


class LastInfo(unittest.TestCase):
    def test_the_last_value_of_a_field_from_info_lines_only(self):
        lines = ["info depth 1 nodes 30 nps 3000 score cp 5 pv 7g7f",
                 "info depth 2 seldepth 4 nodes 90 nps 4500 score cp 9 pv 7g7f",
                 "info depth 3 currmove 2g2f",
                 "info string nps 99 depth 7",
                 "bestmove 7g7f"]
        self.assertEqual((last_info(lines, "nps"), last_info(lines, "depth")), (4500, 3))
        self.assertEqual(last_info(lines, "hashfull"), 0)
        # A field name as the line's last word has no value after it.
        self.assertEqual(last_info(["info string nps"], "nps"), 0)


if __name__ == "__main__":
    unittest.main()
