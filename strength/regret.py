#!/usr/bin/env python3
"""How much worse than a stronger engine's best an engine's moves are, at a node limit: a
quick look at a search, in minutes where an SPRT takes hours, but coarse (about ±12
centipawns over 1,000 positions, some 100 Elo: for large changes only).

    python3 strength/regret.py positions GAME_DB COUNT > POSITIONS
    python3 strength/regret.py moves POSITIONS OUT ENGINE NODES [OPTION=VALUE ...]
    python3 strength/regret.py score POSITIONS CACHE REFERENCE REF_NODES MOVES... \
        [--option OPTION=VALUE ...]

`positions`: one position from each of COUNT games of a shogiarena game database (a game of
at least 50 plies, cut after a random ply from the 16th to the 110th; seed 7); needs rsshogi,
which shogiarena installs. `moves`: ENGINE's best move at NODES for each position, searched
in order as one game (the histories carry over, as in play; 16 MB hash, one thread).
`score`: the REFERENCE engine searches the position after each move of each MOVES file at
REF_NODES (kept in the CACHE file, a JSON object, so each move is searched once); a move's
regret is the best value among the moves scored for its position less its own, capped at
800 (a mate counts as 3000). Prints each file's mean regret and, for each file after the
first, the mean of its paired differences from the first with a 95% interval.
"""
import argparse
import json
import os
import random
import sqlite3
import statistics
import sys

from usi_engine import Engine, last_score, option_pairs

CAP = 800


def positions(db: str, count: int) -> None:
    from rsshogi.core import Board, Move

    c = sqlite3.connect(db)
    games = c.execute("select id, initial_position_sfen from game where num_moves > 60").fetchall()
    random.seed(7)
    random.shuffle(games)
    out = []
    for gid, sfen in games:
        moves = [m for (m,) in c.execute(
            "select next_move from game_move where game_id=? order by ply", (gid,))]
        if len(moves) < 50:
            continue
        stop = random.randint(16, min(len(moves) - 10, 110))
        board = Board()
        board.set_sfen(sfen)
        for m in moves[:stop]:
            board.push_move(Move(m))
        out.append(board.to_sfen())
        if len(out) >= count:
            break
    print("\n".join(out))


def moves(sfens: list[str], out: str, path: str, nodes: int, opts: list[str]) -> None:
    e = Engine(path, [("USI_Hash", "16"), ("Threads", "1")] + option_pairs(opts))
    e.send("usinewgame")
    best = []
    for sfen in sfens:
        e.send(f"position sfen {sfen}")
        e.send(f"go nodes {nodes}")
        best.append(e.until("bestmove")[-1].split()[1])
    e.quit()
    with open(out, "w") as f:
        f.write("\n".join(best) + "\n")


def score(sfens: list[str], cache_path: str, ref: str, ref_nodes: int, files: list[str],
          opts: list[str]) -> None:
    cache = json.load(open(cache_path)) if os.path.exists(cache_path) else {}
    lists = {f: open(f).read().split() for f in files}
    need = sorted({(i, m) for ms in lists.values() for i, m in enumerate(ms)
                   if f"{i} {m}" not in cache})
    if need:
        e = Engine(ref, [("USI_Hash", "64"), ("Threads", "1")] + option_pairs(opts))
        for n, (i, m) in enumerate(need):
            e.send("usinewgame")
            e.send(f"position sfen {sfens[i]} moves {m}")
            e.send(f"go nodes {ref_nodes}")
            # The reference searches for the opponent: the move's value is the negation.
            cache[f"{i} {m}"] = -last_score(e.until("bestmove"))
            if n % 50 == 49:
                json.dump(cache, open(cache_path, "w"))
        e.quit()
        json.dump(cache, open(cache_path, "w"))
    best: dict[int, int] = {}
    for k, v in cache.items():
        i = int(k.split()[0])
        best[i] = max(best.get(i, v), v)

    def regrets(ms: list[str]) -> list[int]:
        return [min(best[i] - cache[f"{i} {m}"], CAP) for i, m in enumerate(ms)]

    first = None
    for f, ms in lists.items():
        r = regrets(ms)
        line = f"{f}: mean regret {statistics.mean(r):.1f}, 200 or more {sum(x >= 200 for x in r)}/{len(r)}"
        if first is None:
            first = r
        else:
            d = [a - b for a, b in zip(r, first)]
            half = 1.96 * statistics.stdev(d) / len(d) ** 0.5
            line += f", against the first {statistics.mean(d):+.1f} ± {half:.1f}"
        print(line)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="command", required=True)
    p = sub.add_parser("positions")
    p.add_argument("db")
    p.add_argument("count", type=int)
    m = sub.add_parser("moves")
    m.add_argument("positions")
    m.add_argument("out")
    m.add_argument("engine")
    m.add_argument("nodes", type=int)
    m.add_argument("options", nargs="*", help="OPTION=VALUE")
    s = sub.add_parser("score")
    s.add_argument("positions")
    s.add_argument("cache")
    s.add_argument("reference")
    s.add_argument("ref_nodes", type=int)
    s.add_argument("moves", nargs="+")
    s.add_argument("--option", action="append", default=[], help="OPTION=VALUE")
    a = ap.parse_args()
    if a.command == "positions":
        positions(a.db, a.count)
        return
    sfens = [l.strip() for l in open(a.positions) if l.strip()]
    if a.command == "moves":
        moves(sfens, a.out, a.engine, a.nodes, a.options)
    else:
        score(sfens, a.cache, a.reference, a.ref_nodes, a.moves, a.option)


if __name__ == "__main__":
    main()
