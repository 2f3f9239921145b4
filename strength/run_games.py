"""What a shogiarena run's `game.db` says about who played: the binaries of each game's
engines. shogiarena starts (and restarts) an engine from a file named after the engine in its
output folder, shared by every run there, so a run can end up playing another run's engines;
the status scripts check each game's binaries against the first game's.
"""
import sqlite3


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
