"""Tests of stm_bonus.py: the SFEN with the other side to move, the bonus of a position, and a
whole run against a stand-in engine.

    python3 -m unittest discover -s strength -p 'test_*.py'
"""
import os
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from stm_bonus import bonus, other_side  # noqa: E402

# A stand-in USI engine whose evaluation is 200 with Black to move and 150 with White: a bonus
# of 175 in every position.
STAND_IN = """import sys
side = "b"
for line in sys.stdin:
    f = line.split()
    if f[:1] == ["usi"]:
        print("id name stand-in"); print("usiok", flush=True)
    elif f[:1] == ["isready"]:
        print("readyok", flush=True)
    elif f[:2] == ["position", "sfen"]:
        side = f[3]
    elif f[:1] == ["eval"]:
        print("eval =", 200 if side == "b" else 150, flush=True)
    elif f[:1] == ["quit"]:
        break
"""


class OtherSide(unittest.TestCase):
    def test_only_the_side_to_move_changes(self):
        sfen = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"
        self.assertEqual(other_side(sfen),
                         "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1")
        self.assertEqual(other_side(other_side(sfen)), sfen)

    def test_a_line_without_a_side_is_refused(self):
        with self.assertRaises(ValueError):
            other_side("lnsgkgsnl/9 x - 1")

    def test_the_bonus_is_half_the_sum_of_the_two_evaluations(self):
        self.assertEqual(bonus(302, 50), 176)
        self.assertEqual(bonus(-40, 40), 0)


class WholeRun(unittest.TestCase):
    def test_the_mean_and_spread_over_the_openings(self):
        with tempfile.TemporaryDirectory() as d:
            engine = os.path.join(d, "engine")
            with open(engine, "w") as f:
                f.write(f"#!{sys.executable}\n{STAND_IN}")
            os.chmod(engine, 0o755)
            out = subprocess.run([sys.executable, os.path.join(HERE, "stm_bonus.py"), engine, "5"],
                                 capture_output=True, text=True, check=True).stdout
        self.assertIn("5 openings", out)
        self.assertIn("mean 175, spread (standard deviation) 0, from 175 to 175", out)


if __name__ == "__main__":
    unittest.main()
