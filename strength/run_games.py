"""What a shogiarena run's `game.db` says about who played: the binaries of each game's
engines. shogiarena starts (and restarts) an engine from a file named after the engine in its
output folder, shared by every run there, so a run can end up playing another run's engines;
the status scripts check each game's binaries against the first game's.
"""
import math
import sqlite3
import sys


def binaries_by_game(db: sqlite3.Connection) -> dict[int, dict[str, str]]:
    """Each game's engines by name, with the binary each ran."""
    binaries: dict[int, dict[str, str]] = {}
    for game, engine, path in db.execute(
            "select game_id, engine_name, binary_path from game_instance_participation"):
        binaries.setdefault(game, {})[engine] = path
    return binaries


def foreign_games(db: sqlite3.Connection) -> tuple[dict[str, str], list[int]]:
    """The first game's binaries, and the games (ids, in order) played by any others."""
    binaries = binaries_by_game(db)
    ids = [g for (g,) in db.execute("select id from game order by id")]
    if not ids:
        return {}, []
    first = binaries.get(ids[0], {})
    return first, [g for g in ids if binaries.get(g, {}) != first]


def warning(first: dict[str, str], foreign: list[int]) -> str:
    """The line that says which games another run's binaries played."""
    return (f"WARNING: {len(foreign)} games (from game {foreign[0]}) were played by binaries "
            f"other than the first game's {first}")


def score_of(result: str, is_black: bool) -> float | None:
    """A player's score in a game from shogiarena's result (`BLACK_WIN`, `WHITE_WIN_BY_...`,
    `DRAW_...`), or None for a game neither won nor drawn (an error)."""
    if result.startswith("DRAW"):
        return 0.5
    if result.startswith("BLACK_WIN") or result.startswith("WHITE_WIN"):
        return 1.0 if result.startswith("BLACK_WIN") == is_black else 0.0
    return None


def repeats(db: sqlite3.Connection) -> tuple[int, int, int, int, int]:
    """How often a run played the same game start again: games, distinct (opening, black
    player) starts, distinct openings, starts played more than once, and of those the ones
    whose every game ended alike (result and length). Node-limited games repeat, so a start
    played again adds a game but little evidence."""
    by_start: dict[tuple[str, int], list[tuple[str, int]]] = {}
    for result, black, opening, plies in db.execute(
            "select game_result, black_player_id, initial_position_sfen, num_moves from game"):
        by_start.setdefault((opening, black), []).append((result, plies))
    repeated = [g for g in by_start.values() if len(g) > 1]
    return (sum(len(g) for g in by_start.values()), len(by_start),
            len({opening for opening, _ in by_start}), len(repeated),
            sum(1 for g in repeated if len(set(g)) == 1))


def repeats_line(counts: tuple[int, int, int, int, int]) -> str | None:
    """The line that says how many games repeated a start, or None when none did."""
    games, starts, openings, repeated, alike = counts
    if not repeated:
        return None
    return (f"REPEATS: {games} games were {starts} distinct starts (opening, colour) from "
            f"{openings} openings; {repeated} starts were played more than once, {alike} of "
            f"them ending alike every time")


def elo(score: float) -> float:
    """The Elo difference of a score (0 to 1), held finite at the ends."""
    score = min(max(score, 1e-6), 1 - 1e-6)
    return -400 * math.log10(1 / score - 1)


def first_engine(db: sqlite3.Connection, run_dir: str) -> tuple[dict[int, str], int]:
    """A strength/match.sh run's players by id, and the id of its first engine (named
    `first-NAME`); exits when there is none."""
    names = dict(db.execute("select id, player_name from player"))
    first = next((i for i, n in names.items() if n.startswith("first")), None)
    if first is None:
        sys.exit(f"{run_dir}: no engine named first (not a strength/match.sh run?)")
    return names, first
