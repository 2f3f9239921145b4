#!/usr/bin/env python3
"""The moves of a match's first engine after which the opponent's own score rose by a
threshold or more (a "jump": the opponent saw something the first engine missed), read from a
strength/match.sh run's game.db, where shogiarena keeps each engine's score for each of its
moves.

    python3 strength/blunders.py RUN_DIR [--threshold CP] [--search BIN [--nodes N]
                                        [--cases K] [--option NAME=VALUE ...]]

It prints how the jumps split into drops, promotions and other moves beside all the first
engine's moves, and the first jump of each lost game. With --search it then searches, with
BIN, the position before each of the first K such jumps (from a level score, below 300 either
way) as a fresh engine would (`go nodes N`); when BIN plays the game's move again, it searches
the position after that move to one ply less than the first search reached and prints the
cases where that search finds the reply worth the threshold more than the first search
believed: a move the search of its parent left out or cut short, not one past its horizon.
Those are the positions to study (which pruning hides the reply: a tuning build's options).

Moves are stored as shogiarena's 16-bit codes; positions are passed to BIN as the opening and
the moves played, so nothing here needs to know the rules.
"""
import argparse
import sqlite3
import sys
from dataclasses import dataclass

from run_games import first_engine, foreign_games, score_of

# A score at or beyond this either way is left out (a mate, or a game long decided).
DECIDED = 1500
# The opponent's score before the jump must be within this for a case to be searched.
LEVEL = 300


def usi_of(code: int) -> str:
    """A move's USI text from shogiarena's 16-bit code: the destination in bits 0-6 and the
    origin in bits 7-13 (squares numbered file by file, 1a = 0, 1b = 1, ..., 9i = 80), a
    drop's piece in the origin's place with bit 14 set, and bit 15 for a promotion."""
    code &= 0xFFFF

    def square(i: int) -> str:
        return f"{i // 9 + 1}{'abcdefghi'[i % 9]}"

    to = square(code & 0x7F)
    origin = (code >> 7) & 0x7F
    if code & (1 << 14):
        return f"{' PLNSBRG'[origin]}*{to}"
    return square(origin) + to + ("+" if code & (1 << 15) else "")


def kind_of(usi: str) -> str:
    """`drop`, `promotion` or `other`."""
    return "drop" if "*" in usi else "promotion" if usi.endswith("+") else "other"


@dataclass
class Jump:
    """A move of the first engine after which the opponent's score rose by `rise`."""
    game: int
    opening: str
    # The moves before it, from the opening.
    before: list[str]
    move: str
    # The opponent's score (its own view) at its moves before and after this one.
    score_before: int
    rise: int
    reply: str
    lost: bool


def read_jumps(run_dir: str, threshold: int) -> tuple[dict[str, int], list[Jump]]:
    """The first engine's moves by kind, and its moves the opponent's score jumped after."""
    db = sqlite3.connect(f"{run_dir}/game.db")
    _, first = first_engine(db, run_dir)
    _, foreign = foreign_games(db)
    all_kinds = {"drop": 0, "promotion": 0, "other": 0}
    jumps = []
    for game, result, black, opening in db.execute(
            "select id, game_result, black_player_id, initial_position_sfen from game "
            "order by id").fetchall():
        if game in foreign:
            continue
        score = score_of(result, black == first)
        moves = db.execute("select next_move, eval from game_move where game_id = ? "
                           "order by ply", (game,)).fetchall()
        usis = [usi_of(code) for code, _ in moves]
        # The side to move at the opening: the first engine moves first when it is that side.
        black_first = opening.split()[1] == "b" if len(opening.split()) > 1 else True
        ours = 0 if black_first == (black == first) else 1
        for i in range(ours, len(moves), 2):
            all_kinds[kind_of(usis[i])] += 1
            if i < 1 or i + 1 >= len(moves):
                continue
            before, after = moves[i - 1][1], moves[i + 1][1]
            if before is None or after is None or abs(before) >= DECIDED:
                continue
            if after - before >= threshold:
                jumps.append(Jump(game, opening, usis[:i], usis[i], before, after - before,
                                  usis[i + 1], score == 0.0))
    db.close()
    return all_kinds, jumps


def first_in_lost_games(jumps: list[Jump]) -> list[Jump]:
    """The first jump of each game the first engine lost."""
    firsts: dict[int, Jump] = {}
    for j in jumps:
        if j.lost and j.game not in firsts:
            firsts[j.game] = j
    return list(firsts.values())


def move_number(j: Jump) -> int:
    """The jump's move number in the game (the opening's own number counted on)."""
    f = j.opening.split()
    return (int(f[3]) if len(f) > 3 and f[3].isdigit() else 1) + len(j.before)


def share_line(name: str, counts: dict[str, int]) -> str:
    total = sum(counts.values()) or 1
    return f"{name}: " + ", ".join(f"{k} {v} ({100 * v / total:.0f}%)" for k, v in counts.items())


def search(engine, opening: str, moves: list[str], go: str) -> tuple[str, int | None, int | None]:
    """The best move, and the score (centipawns; a mate as ±30000) and depth of the last
    `info` line with a score."""
    engine.send("usinewgame")
    engine.send(f"position sfen {opening}" + (" moves " + " ".join(moves) if moves else ""))
    engine.send(f"go {go}")
    score = depth = None
    lines = engine.until("bestmove")
    for line in lines:
        f = line.split()
        if "score" in f and "depth" in f:
            kind, value = f[f.index("score") + 1], f[f.index("score") + 2]
            if kind == "cp":
                score = int(value)
            else:
                score = 30000 if not value.startswith("-") else -30000
            depth = int(f[f.index("depth") + 1])
    return lines[-1].split()[1], score, depth


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("run_dir")
    ap.add_argument("--threshold", type=int, default=300)
    ap.add_argument("--search", metavar="BIN")
    ap.add_argument("--nodes", type=int, default=20000)
    ap.add_argument("--cases", type=int, default=40)
    ap.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    args = ap.parse_args()
    all_kinds, jumps = read_jumps(args.run_dir, args.threshold)
    kinds = {"drop": 0, "promotion": 0, "other": 0}
    for j in jumps:
        kinds[kind_of(j.move)] += 1
    print(share_line("all moves", all_kinds))
    print(share_line(f"moves the opponent's score rose {args.threshold} or more after", kinds))
    firsts = first_in_lost_games(jumps)
    print(f"{sum(1 for j in jumps if not j.lost)} of {len(jumps)} jumps in games not lost; "
          f"{len(firsts)} lost games with one")
    if not args.search:
        for j in firsts:
            print(f"game {j.game} move {move_number(j)}: {j.move} "
                  f"(opponent {j.score_before:+} then {j.score_before + j.rise:+}), reply {j.reply}")
        return
    from usi_engine import Engine
    options = [tuple(o.split("=", 1)) for o in args.option]
    engine = Engine(args.search, [("USI_Hash", "16"), *options])
    level = [j for j in firsts if abs(j.score_before) < LEVEL][:args.cases]
    again = blind = 0
    for j in level:
        best, score, depth = search(engine, j.opening, j.before, f"nodes {args.nodes}")
        if best != j.move or score is None or depth is None or depth < 2:
            continue
        again += 1
        reply, reply_score, _ = search(engine, j.opening, j.before + [j.move], f"depth {depth - 1}")
        if reply_score is not None and reply_score + score >= args.threshold:
            blind += 1
            print(f"game {j.game} move {move_number(j)}: {j.move} scored {score:+} at depth "
                  f"{depth}; after it, {reply} scores {reply_score:+} for the opponent at depth "
                  f"{depth - 1} (the game's reply: {j.reply})")
    engine.quit()
    print(f"{len(level)} cases searched: the game's move played again in {again}, "
          f"its reply missed at the same depth in {blind}")


if __name__ == "__main__":
    main()
