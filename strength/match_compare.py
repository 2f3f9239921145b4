#!/usr/bin/env python3
"""Compares two builds by their matches against the same opponent: the games of RUN_A and
RUN_B (two strength/match.sh runs whose first engines differ, the second the same) paired by
opening and colour, and the mean difference of the first engine's score over those pairs with
its 95% interval. Node-limited games repeat exactly, so a change that leaves a game's moves
alone leaves its result alone, and the paired difference is far tighter than the two matches'
intervals: it screens a change against another program where self-play may mislead.

    python3 strength/match_compare.py RUN_A RUN_B

Games played by binaries other than the first game's (see run_games.py) are left out, and a
start played twice in one run (openings drawn with replacement) counts once, by its last game.
"""
import math
import sqlite3
import sys

from run_games import elo, first_engine, foreign_games, score_of


def first_engine_scores(run_dir: str) -> dict[tuple[str, str], float]:
    """The first engine's score (1, 1/2 or 0) in each decided or drawn game of a match run, by
    (opening, the first engine's colour 'b' or 'w')."""
    db = sqlite3.connect(f"{run_dir}/game.db")
    _, first = first_engine(db, run_dir)
    _, foreign = foreign_games(db)
    scores = {}
    for game, result, black, opening in db.execute(
            "select id, game_result, black_player_id, initial_position_sfen from game"):
        if game in foreign:
            continue
        score = score_of(result, black == first)
        if score is not None:
            scores[(opening, "b" if black == first else "w")] = score
    db.close()
    return scores


def compare(a: dict, b: dict) -> dict:
    """The paired comparison of two runs' scores (from first_engine_scores)."""
    common = sorted(set(a) & set(b))
    n = len(common)
    if n < 2:
        return {"games": n}
    diffs = [b[k] - a[k] for k in common]
    mean = sum(diffs) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in diffs) / (n - 1))
    sa = sum(a[k] for k in common) / n
    sb = sum(b[k] for k in common) / n
    return {"games": n, "a": sa, "b": sb, "diff": mean, "half": 1.96 * sd / math.sqrt(n),
            "same": sum(1 for x in diffs if x == 0)}


def main() -> None:
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    r = compare(first_engine_scores(sys.argv[1]), first_engine_scores(sys.argv[2]))
    if r["games"] < 2:
        sys.exit(f"{r['games']} games in common: nothing to compare")
    # The difference in Elo about the first run's score: the second's score is the first's
    # plus the mean difference.
    lo, hi = r["a"] + r["diff"] - r["half"], r["a"] + r["diff"] + r["half"]
    print(f"{r['games']} games in common ({r['same']} with the same result): "
          f"A {r['a']:.3f} (Elo {elo(r['a']):+.0f}), B {r['b']:.3f} (Elo {elo(r['b']):+.0f}); "
          f"B - A {r['diff']:+.3f} ± {r['half']:.3f}, Elo {elo(r['b']) - elo(r['a']):+.0f} "
          f"[{elo(lo) - elo(r['a']):+.0f}, {elo(hi) - elo(r['a']):+.0f}]")


if __name__ == "__main__":
    main()
