"""Tests of spsa_status.py's reading of an SPSA run's ledger.

    python3 -m unittest discover -s strength -p 'test_*.py'
"""
import contextlib
import json
import os
import sqlite3
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import spsa_status  # noqa: E402


def write_ledger(run_dir: str, thetas: list[dict[str, float]], running: bool) -> None:
    """A ledger as shogiarena writes it, reduced to what spsa_status.py reads: parameters A
    (start 100, c_end 10) and B (start 3, c_end 1), one committed update a theta, two games an
    update, and with `running` an update whose games are still being played."""
    os.makedirs(f"{run_dir}/spsa")
    with contextlib.closing(sqlite3.connect(f"{run_dir}/spsa/ledger.sqlite3")) as db:
        db.execute("create table parameters (parameter_id text, ordinal integer, "
                   "initial_value text, schedule_json text)")
        db.executemany("insert into parameters values (?, ?, ?, ?)",
                       [("A", 0, "100", '{"c_end": 10.0}'), ("B", 1, "3", '{"c_end": 1.0}')])
        db.execute("create table updates (update_idx integer, state text, "
                   "theta_final_json text)")
        # Stored out of order: the trajectory follows the update number.
        rows = [(i, "COMMITTED", json.dumps(t)) for i, t in enumerate(thetas, 1)]
        db.executemany("insert into updates values (?, ?, ?)", reversed(rows))
        if running:
            db.execute("insert into updates values (?, 'GAMES_RUNNING', null)",
                       (len(thetas) + 1,))
        db.execute("create table game_observations (game_id text)")
        db.executemany("insert into game_observations values (?)",
                       [(f"g{i}",) for i in range(2 * len(thetas))])
        db.commit()


class Trajectory(unittest.TestCase):
    def test_the_table_follows_each_parameter_update_by_update(self):
        thetas = [{"A": 100 + 5 * i, "B": 3 - 0.1 * i} for i in range(1, 5)]
        with tempfile.TemporaryDirectory() as d:
            write_ledger(d, thetas, running=True)
            params, got, games = spsa_status.trajectory(d)
        self.assertEqual(got, thetas)
        self.assertEqual(games, 8)
        rows = spsa_status.table(params, got, every=2)
        self.assertEqual(rows[0], "| parameter | start | now | least-most | moved / c_end "
                                  "| after 2 | after 4 |")
        # A: 105, 110, 115, 120 (moved 20, two c_end); B: 2.9 down to 2.6.
        self.assertEqual(rows[2], "| A | 100 | 120.0 | 105.0-120.0 | +2.0 | 110.0 | 120.0 |")
        self.assertEqual(rows[3], "| B | 3 | 2.6 | 2.6-2.9 | -0.4 | 2.8 | 2.6 |")

    def test_a_run_without_updates_shows_its_start(self):
        with tempfile.TemporaryDirectory() as d:
            write_ledger(d, [], running=True)
            params, thetas, games = spsa_status.trajectory(d)
        self.assertEqual((thetas, games), ([], 0))
        self.assertEqual(spsa_status.table(params, thetas, every=100)[2],
                         "| A | 100 | 100.0 | 100.0-100.0 | +0.0 |")


if __name__ == "__main__":
    unittest.main()
