"""Tests of usi_engine.py's helpers: the positions the scripts search and the options they set.

    python3 -m unittest discover -s strength -p 'test_*.py'
"""
import os
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from usi_engine import OPENINGS, first_positions, option_pairs  # noqa: E402


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


if __name__ == "__main__":
    unittest.main()
