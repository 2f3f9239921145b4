#!/usr/bin/env python3
"""Prints where an SPRT run stands: games, W-D-L of the tested engine, the pentanomial counts of
its game pairs, the log-likelihood ratio against the bounds, the verdict if there is one, and
the Elo difference with its 95% interval from the pairs (each pair's score, 0 to 1, is one
sample: the normal approximation of their mean, turned into Elo by the logistic curve).

    python3 strength/sprt_status.py RUN_DIR [RUN_DIR ...]

It also checks, game by game, which binaries played (the run's `game.db`): shogiarena starts
an engine from a file named after the engine (`generated_engine_configs/sprt/01-NAME.yaml`
under its output folder), which another run in the same folder with the same engine names
overwrites, and engines restarted after that are the other run's. When any game was played
by binaries other than the run's first game's, the figures are given again from the pairs
whose two games were played by the first game's binaries alone, with the LLR of the same
pentanomial GSPRT recomputed from them. When an opening was played more than once (runs that
drew openings with replacement), it says how many games repeated a start and gives the figures
again from each opening's first pair alone: node-limited games repeat, so a repeated pair
counts much the same evidence twice.

With several RUN_DIRs (one test carried on in new runs, with the same bounds), each run is
reported, then the runs together: each opening's first clean pair, from the first run that
played the opening (a later run that played it again, as runs seeded alike did, replays much
the same games), with the LLR recomputed from the pooled pairs.
"""
import contextlib
import json
import math
import sqlite3
import sys

from run_games import (binaries_by_game, elo, foreign_games, repeats, repeats_line, score_of,
                       warning)

ELO_PER_T = 800 / math.log(10)


def pair_figures(pairs: list[int]) -> tuple[float, float, float] | None:
    """Mean pair score (0 to 1), its variance and its 95% half-width, or None for too few."""
    n = sum(pairs)
    if n < 2:
        return None
    points = [0, 0.25, 0.5, 0.75, 1]
    mean = sum(c * x for c, x in zip(pairs, points)) / n
    var = sum(c * x * x for c, x in zip(pairs, points)) / n - mean * mean
    return mean, var, 1.96 * math.sqrt(var / n)


def gsprt_llr(pairs: list[int], elo0: float, elo1: float) -> float:
    """The generalised SPRT's log-likelihood ratio for normalised Elo bounds on pentanomial
    pairs, by the normal approximation: each bound is the mean pair score at that many
    normalised Elo given the pairs' own variance."""
    figures = pair_figures(pairs)
    if figures is None or figures[1] <= 0:
        return 0.0
    mean, var, _ = figures
    sigma = math.sqrt(2 * var)
    m0 = 0.5 + elo0 / ELO_PER_T * sigma
    m1 = 0.5 + elo1 / ELO_PER_T * sigma
    return sum(pairs) * (m1 - m0) * (2 * mean - m0 - m1) / (2 * var)


def report(wins, draws, losses, pairs, llr, elo0, elo1, lower, upper, games):
    verdict = ("H1 accepted (keep)" if llr >= upper else "H0 accepted (reject)" if llr <= lower
               else "running")
    print(f"{games} games, W-D-L {wins}-{draws}-{losses}, "
          f"pairs (0, 0.5, 1, 1.5, 2 points) {pairs}, "
          f"LLR {llr:.2f} in [{lower:.2f}, {upper:.2f}] for nElo [{elo0}, {elo1}]: {verdict}")
    figures = pair_figures(pairs)
    if figures is not None:
        mean, _, half = figures
        print(f"Elo {elo(mean):+.0f} [{elo(mean - half):+.0f}, {elo(mean + half):+.0f}] "
              f"from {sum(pairs)} pairs")


def report_pairs(wins: int, draws: int, losses: int, pairs: list[int], state: dict) -> None:
    """`report` of counted pairs, with the LLR recomputed from them for the test's bounds."""
    lower, upper = llr_bounds(state)
    report(wins, draws, losses, pairs, gsprt_llr(pairs, state["elo0"], state["elo1"]),
           state["elo0"], state["elo1"], lower, upper, 2 * sum(pairs))


def opening_pairs(run_dir: str):
    """`opening_pairs_in` the run's game.db."""
    with contextlib.closing(sqlite3.connect(f"{run_dir}/game.db")) as db:
        return opening_pairs_in(db)


def opening_pairs_in(db: sqlite3.Connection):
    """The binaries of the run's first game, the games played by others, and each opening the
    run played with the scores of its clean pairs in order (pairs whose two games the first
    game's binaries played; an opening may have none); None for a run without games."""
    players = {i: name for i, _, name in db.execute("select * from player")}
    binaries = binaries_by_game(db)
    first, foreign = foreign_games(db)
    games = list(db.execute("select id, game_result, black_player_id, "
                            "initial_position_sfen from game order by id"))
    if not games:
        return None
    # sprt.sh names the tested engine NAME-new (runs before it: new).
    names = sorted(players.values())
    tested = next((n for n in names if n == "new" or n.endswith("-new")), players[1])

    def score(game) -> float | None:
        _, result, black, _ = game
        return score_of(result, players[black] == tested)

    # A pair is an opening's two games, one with each colour, in the order they were made.
    by_opening: dict[str, list] = {}
    for game in games:
        by_opening.setdefault(game[3], []).append(game)
    clean: dict[str, list[tuple[float, float]]] = {}
    for opening, played in by_opening.items():
        clean[opening] = []
        for a, b in zip(played[::2], played[1::2]):
            if binaries.get(a[0]) != first or binaries.get(b[0]) != first:
                continue
            sa, sb = score(a), score(b)
            if sa is not None and sb is not None:
                clean[opening].append((sa, sb))
    return first, foreign, clean


def tally(clean: dict[str, list[tuple[float, float]]], first_only: bool = False,
          skip: set[str] | frozenset[str] = frozenset()):
    """W-D-L and pentanomial counts of the pairs of `opening_pairs` (with `first_only`, of
    each opening's first pair alone), leaving out the openings in `skip`."""
    wins = draws = losses = 0
    pairs = [0] * 5
    for opening, scores in clean.items():
        if opening in skip:
            continue
        for sa, sb in scores[:1] if first_only else scores:
            for x in (sa, sb):
                wins += x == 1.0
                draws += x == 0.5
                losses += x == 0.0
            pairs[int((sa + sb) * 2)] += 1
    return wins, draws, losses, pairs


def clean_pairs(run_dir: str, first_only: bool = False):
    """The binaries of the run's first game, the games played by others, and the W-D-L and
    pentanomial counts of the pairs played by the first game's binaries alone (with
    `first_only`, of each opening's first such pair alone)."""
    read = opening_pairs(run_dir)
    if read is None:
        return None
    first, foreign, clean = read
    return (first, foreign, *tally(clean, first_only))


def pooled(run_dirs: list[str]):
    """W-D-L and pentanomial counts of several runs of one test together: each opening's
    first clean pair from the first run that played it; also the number of later runs' pairs
    left out because an earlier run had played their opening."""
    wins = draws = losses = replayed = 0
    pairs = [0] * 5
    played: set[str] = set()
    for run_dir in run_dirs:
        read = opening_pairs(run_dir)
        if read is None:
            continue
        clean = read[2]
        w, d, l, p = tally(clean, first_only=True, skip=played)
        wins, draws, losses = wins + w, draws + d, losses + l
        pairs = [a + b for a, b in zip(pairs, p)]
        replayed += sum(1 for opening, scores in clean.items() if opening in played and scores)
        played |= clean.keys()
    return wins, draws, losses, pairs, replayed


def sprt_state(run_dir: str) -> dict:
    """shogiarena's state of the run's test: its counts, LLR, bounds and error rates."""
    with open(f"{run_dir}/state.json") as f:
        return json.load(f)["sprt_state"]


def llr_bounds(state: dict) -> tuple[float, float]:
    """The LLR bounds of the test's error rates (Wald's)."""
    return (math.log(state["beta"] / (1 - state["alpha"])),
            math.log((1 - state["beta"]) / state["alpha"]))


def status(run_dir: str, s: dict) -> None:
    """Prints where one run stands (see the module's text), `s` its `sprt_state`."""
    lower, upper = llr_bounds(s)
    report(s["wins"], s["draws"], s["losses"], s["penta_bins"], s["llr"], s["elo0"], s["elo1"],
           lower, upper, s["games_played"])
    # One connection for both readings of the run's games.
    try:
        with contextlib.closing(sqlite3.connect(f"{run_dir}/game.db")) as db:
            read = opening_pairs_in(db)
            line = repeats_line(repeats(db))
    except sqlite3.Error:
        return
    if read is None:
        return
    first, foreign, clean = read
    if foreign:
        print(f"{warning(first, foreign)}; from the first game's binaries alone:")
        report_pairs(*tally(clean), s)
    if line is not None:
        print(f"{line}; from each opening's first pair alone:")
        report_pairs(*tally(clean, first_only=True), s)


def main() -> None:
    run_dirs = sys.argv[1:]
    if not run_dirs:
        sys.exit("usage: sprt_status.py RUN_DIR [RUN_DIR ...]")
    states = [sprt_state(d) for d in run_dirs]
    for run_dir, state in zip(run_dirs, states):
        if len(run_dirs) > 1:
            print(f"{run_dir}:")
        status(run_dir, state)
    if len(run_dirs) > 1:
        bounds = {(s["elo0"], s["elo1"], s["alpha"], s["beta"]) for s in states}
        if len(bounds) > 1:
            sys.exit(f"the runs were tested with different bounds {sorted(bounds)}: "
                     "not pooled")
        wins, draws, losses, pairs, replayed = pooled(run_dirs)
        print(f"together, each opening's first clean pair from the first run that played it "
              f"({replayed} later pairs of replayed openings left out):")
        report_pairs(wins, draws, losses, pairs, states[0])


if __name__ == "__main__":
    main()
