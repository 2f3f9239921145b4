#!/usr/bin/env python3
"""The moves of a match's first engine after which the opponent's own score rose by a
threshold or more (a "jump": the opponent saw something the first engine missed), read from a
strength/match.sh run's game.db, where shogiarena keeps each engine's score for each of its
moves.

    python3 strength/blunders.py RUN_DIR [--threshold CP] [--search BIN [--nodes N]
                                        [--cases K] [--option NAME=VALUE ...]]

It prints how the jumps split into drops, promotions and other moves beside all the first
engine's moves, the share of each kind (and each piece dropped) that a jump followed, the
opponent's replies by kind after a jump and in all, and the first jump of each lost game.
With --search it then searches, with BIN, the position before each of the first K such jumps
(from a level score, below 300 either way) as a fresh engine would (`go nodes N`); when BIN
plays the game's move again, it searches the position after that move to one ply less than
the first search reached and prints the cases where that search finds the reply worth the
threshold more than the first search believed: a move the search of its parent left out or
cut short, not one past its horizon.
Those are the positions to study (which pruning hides the reply: a tuning build's options).

Moves are stored as shogiarena's 16-bit codes; positions are passed to BIN as the opening and
the moves played, so nothing here needs to know the rules.
"""
import argparse
import sqlite3
from collections import Counter
from dataclasses import dataclass

from run_games import first_engine, foreign_games, score_of
from usi_engine import Engine, last_info, last_score, option_pairs

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


KINDS = ("drop", "promotion", "other")


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


@dataclass
class Moves:
    """Every move of a match's games with a score on each side: the first engine's, and
    the opponent's replies to them."""
    ours: Counter
    replies: Counter


def read_jumps(run_dir: str, threshold: int) -> tuple[Moves, list[Jump]]:
    """The first engine's moves and the opponent's replies by kind (dropped pieces by letter
    as `drop P`, ...), and the first engine's moves the opponent's score jumped after."""
    db = sqlite3.connect(f"{run_dir}/game.db")
    _, first = first_engine(db, run_dir)
    foreign = set(foreign_games(db)[1])
    counts = Moves(Counter(), Counter())
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
        # The first engine moves first when it is the opening's side to move.
        fields = opening.split()
        black_first = len(fields) < 2 or fields[1] == "b"
        ours = 0 if black_first == (black == first) else 1
        for i in range(ours, len(moves), 2):
            counts.ours.update(kinds_of(usis[i]))
            if i < 1 or i + 1 >= len(moves):
                continue
            counts.replies.update(kinds_of(usis[i + 1]))
            before, after = moves[i - 1][1], moves[i + 1][1]
            if before is None or after is None or abs(before) >= DECIDED:
                continue
            if after - before >= threshold:
                jumps.append(Jump(game, opening, usis[:i], usis[i], before, after - before,
                                  usis[i + 1], score == 0.0))
    db.close()
    return counts, jumps


def kinds_of(usi: str) -> list[str]:
    """A move's kind, and for a drop also `drop P` (its piece) and so on."""
    kind = kind_of(usi)
    return [kind, f"drop {usi[0]}"] if kind == "drop" else [kind]


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


def share_line(name: str, counts: Counter) -> str:
    """Each kind's count and share of `counts`."""
    total = sum(counts[k] for k in KINDS) or 1
    return f"{name}: " + ", ".join(f"{k} {counts[k]} ({100 * counts[k] / total:.0f}%)"
                                   for k in KINDS)


def rate_line(name: str, part: Counter, whole: Counter) -> str:
    """For each kind and dropped piece, how many of `whole` are in `part` (a percentage)."""
    keys = [*KINDS, *sorted(k for k in whole if k.startswith("drop "))]
    return f"{name}: " + ", ".join(f"{k} {100 * part[k] / whole[k]:.1f}%"
                                   for k in keys if whole[k])


def search(engine, opening: str, moves: list[str], go: str) -> tuple[str, int, int]:
    """The best move, and the last score (a mate as ±MATE_SCORE) and depth reported."""
    engine.send("usinewgame")
    engine.send(f"position sfen {opening}" + (" moves " + " ".join(moves) if moves else ""))
    engine.send(f"go {go}")
    lines = engine.until("bestmove")
    return lines[-1].split()[1], last_score(lines), last_info(lines, "depth")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("run_dir")
    ap.add_argument("--threshold", type=int, default=300)
    ap.add_argument("--search", metavar="BIN")
    ap.add_argument("--nodes", type=int, default=20000)
    ap.add_argument("--cases", type=int, default=40)
    ap.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    args = ap.parse_args()
    counts, jumps = read_jumps(args.run_dir, args.threshold)
    jumped = Counter(k for j in jumps for k in kinds_of(j.move))
    print(share_line("all moves", counts.ours))
    print(share_line(f"moves the opponent's score rose {args.threshold} or more after", jumped))
    print(rate_line("of each kind, the share followed by a jump", jumped, counts.ours))
    print(share_line("the opponent's replies", counts.replies))
    print(share_line("its replies after a jump", Counter(kind_of(j.reply) for j in jumps)))
    firsts = first_in_lost_games(jumps)
    print(f"{sum(1 for j in jumps if not j.lost)} of {len(jumps)} jumps in games not lost; "
          f"{len(firsts)} lost games with one")
    if not args.search:
        for j in firsts:
            after = j.score_before + j.rise
            print(f"game {j.game} move {move_number(j)}: {j.move} "
                  f"(opponent {j.score_before:+} then {after:+}), reply {j.reply}")
        return
    engine = Engine(args.search, [("USI_Hash", "16"), *option_pairs(args.option)])
    level = [j for j in firsts if abs(j.score_before) < LEVEL][:args.cases]
    again = blind = 0
    for j in level:
        best, score, depth = search(engine, j.opening, j.before, f"nodes {args.nodes}")
        if best != j.move or depth < 2:
            continue
        again += 1
        reply, reply_score, _ = search(engine, j.opening, j.before + [j.move], f"depth {depth - 1}")
        if reply_score + score >= args.threshold:
            blind += 1
            print(f"game {j.game} move {move_number(j)}: {j.move} scored {score:+} at depth "
                  f"{depth}; after it, {reply} scores {reply_score:+} for the opponent at depth "
                  f"{depth - 1} (the game's reply: {j.reply})")
    engine.quit()
    print(f"{len(level)} cases searched: the game's move played again in {again}, "
          f"its reply missed at the same depth in {blind}")


if __name__ == "__main__":
    main()
