"""Tests of the shell scripts' arguments: `match.sh` and `sprt.sh` run against a stand-in
`shogiarena` that prints the arguments it is given, so no game is played.

    python3 -m unittest discover -s strength -p 'test_*.py'
"""
import os
import pathlib
import subprocess
import tempfile
import unittest

HERE = pathlib.Path(__file__).resolve().parent


def arena_args(script, *args, **env):
    """The arguments `script` (with `args`) hands shogiarena, one a line."""
    with tempfile.TemporaryDirectory() as d:
        stub = pathlib.Path(d) / "shogiarena"
        stub.write_text('#!/bin/sh\nprintf "%s\\n" "$@"\n')
        stub.chmod(0o755)
        full_env = {k: v for k, v in os.environ.items()
                    if k not in ("RESIGN", "RUN_DIR", "INSTANCES", "SEED")}
        # ARENA_DIR_KEEP: an output folder that outlives the call, to read what was written.
        arena = env.pop("ARENA_DIR_KEEP", d)
        full_env.update(PATH=f"{d}:{os.environ['PATH']}", ARENA_DIR=arena, **env)
        out = subprocess.run(
            ["bash", str(HERE / script), *args],
            env=full_env, capture_output=True, text=True, check=True,
        )
        return out.stdout.splitlines()


def spsa_config(**env) -> str:
    """The SPSA config `spsa.sh` writes for a stand-in tuning build with one option."""
    with tempfile.TemporaryDirectory() as d:
        tune = pathlib.Path(d) / "tune"
        tune.write_text("#!/bin/sh\necho 'option name LmpBase type spin default 3 min 1 max 12'\n")
        tune.chmod(0o755)
        arena_args("spsa.sh", "t", str(tune), "10", "nodes=100", ARENA_DIR_KEEP=d, **env)
        return (pathlib.Path(d) / "spsa-t" / "spsa.yaml").read_text()


class MatchLimits(unittest.TestCase):
    def test_every_limit_is_read_as_the_limit_not_an_option(self):
        for limit, rules in [
            ("nodes=20000", ["time_control.node_limit=20000"]),
            ("byoyomi=500", ["time_control.time_ms=0", "time_control.byoyomi_ms=500"]),
            ("byoyomi=5000+200", ["time_control.time_ms=5000", "time_control.byoyomi_ms=200"]),
            ("fischer=2000+50", ["time_control.time_ms=2000", "time_control.increment_ms=50"]),
            ("sudden=3000", ["time_control.time_ms=3000"]),
        ]:
            args = arena_args("match.sh", "m", "e1", "e2", "4", limit, "USI_Hash=8")
            for rule in rules:
                self.assertIn(rule, args, limit)
            self.assertFalse([a for a in args if a.startswith("options." + limit[:5])], limit)
            self.assertIn("options.USI_Hash=8", args)

    def test_without_a_limit_the_first_option_stays_an_option(self):
        args = arena_args("match.sh", "m", "e1", "e2", "4", "Threads=2")
        self.assertIn("time_control.byoyomi_ms=1000", args)
        self.assertIn("options.Threads=2", args)


class Openings(unittest.TestCase):
    def test_openings_are_drawn_without_replacement_and_enough_for_the_longest_run(self):
        # Node-limited games repeat: an opening drawn twice counts its games twice.
        for script, args in [
            ("match.sh", ["m", "e1", "e2", "4", "nodes=100"]),
            ("sprt.sh", ["s", "new", "base", "nodes=100"]),
        ]:
            self.assertIn("initial_positions.selection_policy=without_replacement",
                          arena_args(script, *args), script)
        sprt = arena_args("sprt.sh", "s", "new", "base", "nodes=100")
        max_games = int(sprt[sprt.index("--games") + 1])
        openings = [l for l in (HERE / "openings.sfen").read_text().splitlines() if l.strip()]
        self.assertEqual(len(set(openings)), len(openings))
        self.assertGreaterEqual(2 * len(openings), max_games)

    def test_an_sprt_draws_its_openings_by_a_seed_from_its_name(self):
        # Runs with one seed replay the same openings in order (and node-limited, the same
        # games): a test carried on under a new name must draw others.
        def seed(*args, **env):
            a = arena_args(*args, **env)
            return a[a.index("--tournament") + 1]
        first = seed("sprt.sh", "lmr-k32", "new", "base", "nodes=100")
        self.assertRegex(first, r"^seed=[0-9]+$")
        self.assertEqual(first, seed("sprt.sh", "lmr-k32", "new", "base", "nodes=100"))
        self.assertNotEqual(first, seed("sprt.sh", "lmr-k32b", "new", "base", "nodes=100"))
        self.assertEqual(seed("sprt.sh", "s", "new", "base", SEED="42"), "seed=42")
        # Matches keep one seed, so two builds' matches against a third engine pair up.
        m = arena_args("match.sh", "m", "e1", "e2", "4", "nodes=100")
        self.assertIn("seed=42", m)
        self.assertIn("seed=7", arena_args("match.sh", "m", "e1", "e2", "4", SEED="7"))

    def test_a_bad_seed_is_refused(self):
        with self.assertRaises(subprocess.CalledProcessError) as e:
            arena_args("sprt.sh", "s", "new", "base", SEED="x1")
        self.assertEqual(e.exception.returncode, 2)


class Resign(unittest.TestCase):
    def test_resign_rule_only_when_asked(self):
        for script, args in [
            ("match.sh", ["m", "e1", "e2", "4", "nodes=100"]),
            ("sprt.sh", ["s", "new", "base", "nodes=100"]),
        ]:
            plain = arena_args(script, *args)
            self.assertFalse([a for a in plain if "resign" in a], script)
            asked = arena_args(script, *args, RESIGN="2000")
            self.assertIn("adjudication.resign_threshold_cp=2000", asked, script)
            self.assertIn("adjudication.resign_move_count=8", asked, script)

    def test_an_spsa_resigns_only_when_asked(self):
        self.assertIn("adjudication: {max_plies: 320}", spsa_config())
        self.assertIn("adjudication: {max_plies: 320, resign_threshold_cp: 2000, "
                      "resign_move_count: 8}", spsa_config(RESIGN="2000"))

    def test_a_bad_resign_value_is_refused(self):
        with self.assertRaises(subprocess.CalledProcessError) as e:
            arena_args("sprt.sh", "s", "new", "base", RESIGN="12cp")
        self.assertEqual(e.exception.returncode, 2)


class CarryOn(unittest.TestCase):
    def test_a_stopped_sprt_is_carried_on_only_when_asked(self):
        # A 100,000-node SPRT outlasts a session: RUN_DIR resumes it. (shogiarena 1.3.2
        # resumes an SPRT so, but not a tournament: match.sh has no RUN_DIR.)
        args = ["s", "new", "base", "nodes=100"]
        self.assertNotIn("--run-dir", arena_args("sprt.sh", *args))
        asked = arena_args("sprt.sh", *args, RUN_DIR="/runs/s-1/2026")
        self.assertEqual(asked[asked.index("--run-dir") + 1], "/runs/s-1/2026")


if __name__ == "__main__":
    unittest.main()
