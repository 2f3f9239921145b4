"""A shogiarena `game.db` for the strength scripts' tests, reduced to the tables and columns
the scripts read."""
import contextlib
import os
import sqlite3


def write_game_db(directory: str, players: list[str],
                  games: list[tuple[str, str, str, str, dict[str, str]]],
                  moves: dict[int, list[tuple[int, int | None]]] | None = None) -> None:
    """`players` by name (ids from 1); each game is (opening, black player, white player,
    result, the binary each engine ran by engine name), 100 plies long; `moves` gives some
    games (by number, from 1) their moves as (shogiarena's move code, the mover's score)."""
    ids = {name: i for i, name in enumerate(players, 1)}
    with contextlib.closing(sqlite3.connect(os.path.join(directory, "game.db"))) as db:
        db.execute("create table player (id integer, game_type text, player_name text)")
        db.executemany("insert into player values (?, 'arena', ?)",
                       [(i, name) for name, i in ids.items()])
        db.execute("create table game (id integer, game_result text, black_player_id integer, "
                   "white_player_id integer, initial_position_sfen text, num_moves integer)")
        db.execute("create table game_instance_participation (game_id integer, "
                   "engine_name text, binary_path text)")
        db.execute("create table game_move (game_id integer, ply integer, next_move integer, "
                   "eval integer)")
        for game, played in (moves or {}).items():
            db.executemany("insert into game_move values (?, ?, ?, ?)",
                           [(game, ply, code, score) for ply, (code, score) in enumerate(played)])
        for i, (opening, black, white, result, binaries) in enumerate(games, 1):
            db.execute("insert into game values (?, ?, ?, ?, ?, 100)",
                       (i, result, ids[black], ids[white], opening))
            db.executemany("insert into game_instance_participation values (?, ?, ?)",
                           [(i, engine, path) for engine, path in binaries.items()])
        db.commit()
