#!/usr/bin/env python3
"""Prints where a match run (strength/match.sh) stands, from the first engine's side: games,
W-L-D, Elo with its 95% interval, the games lost by an illegal move, on time or by a crash
(forfeit, error) for each engine, each engine's slowest move, the median nodes and mean
depth of its searches, and how many games repeated a
start (opening and colour) when any did (runs that drew openings with replacement).

    python3 strength/match_status.py RUN_DIR

A warning names the games played by binaries other than the first game's (another run in the
same output folder with the same engine names: see strength/sprt_status.py).
"""
import math
import sqlite3
import statistics
import sys

from run_games import elo, first_engine, foreign_games, repeats, repeats_line, warning

# Each move's player: black moves at even plies (the ply is the move number less one).
MOVER = ("from game_move m join game g on m.game_id = g.id join player p on p.id = "
         "case when m.ply % 2 = 0 then g.black_player_id else g.white_player_id end")


def searches(db: sqlite3.Connection) -> dict[str, tuple[int, float, float]]:
    """How large each engine's searches were, by name: its moves with a node count, their
    median nodes and their mean reported depth. Under a time limit the nodes tell how fast
    each searched, and the depths how deep those nodes took it."""
    moves = {}
    for name, nodes, depth in db.execute(
        f"select p.player_name, m.nodes, m.depth {MOVER} where m.nodes is not null"
    ):
        moves.setdefault(name, []).append((nodes, depth or 0))
    return {name: (len(m), statistics.median(n for n, _ in m), statistics.mean(d for _, d in m))
            for name, m in sorted(moves.items())}


def main() -> None:
    db = sqlite3.connect(f"{sys.argv[1]}/game.db")
    names, first = first_engine(db, sys.argv[1])

    w = l = d = 0
    faults = {}  # (engine, how) -> games
    for result, black, white in db.execute("select game_result, black_player_id, white_player_id from game"):
        if result.startswith("DRAW"):
            d += 1
            continue
        if not (result.startswith("BLACK_WIN") or result.startswith("WHITE_WIN")):
            faults[("runner", result)] = faults.get(("runner", result), 0) + 1
            continue
        winner = black if result.startswith("BLACK_WIN") else white
        loser = white if winner == black else black
        if winner == first:
            w += 1
        else:
            l += 1
        for how in ("ILLEGAL_MOVE", "TIMEOUT", "FORFEIT"):
            if result.endswith(how):
                key = (names[loser], how.lower().replace("_", " "))
                faults[key] = faults.get(key, 0) + 1

    n = w + l + d
    line = f"{n} games, W-L-D {w}-{l}-{d} (first engine: {names[first]})"
    if n:
        p = (w + d / 2) / n
        var = (w * (1 - p) ** 2 + l * p**2 + d * (0.5 - p) ** 2) / n
        half = 1.96 * math.sqrt(var / n)
        line += f", score {p:.3f}, Elo {elo(p):+.0f} [{elo(p - half):+.0f}, {elo(p + half):+.0f}]"
    print(line)
    print("lost by illegal move, time or crash: " + (", ".join(f"{e} {how} {c}" for (e, how), c in sorted(faults.items())) or "none"))
    for name, slowest in db.execute(
        f"select p.player_name, max(m.next_move_time_ms) {MOVER} group by p.player_name"
    ):
        print(f"slowest move: {name} {slowest} ms")
    for name, (count, nodes, depth) in searches(db).items():
        print(f"searches: {name} {count} moves, median {nodes:,.0f} nodes, mean depth {depth:.1f}")

    repeated = repeats_line(repeats(db))
    if repeated is not None:
        print(repeated)
    first_binaries, foreign = foreign_games(db)
    if foreign:
        print(warning(first_binaries, foreign))


if __name__ == "__main__":
    main()
