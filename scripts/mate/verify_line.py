#!/usr/bin/env python3
"""Checks mating lines with cshogi: every move legal, every attacker's move a check, the line
ending on the attacker's move in mate or with only interpositions left, each of them mated
(tokin leaves useless interpositions out of its lines, as composers do).

    python3 scripts/mate/verify_line.py SFEN [MOVE ...]
    tokin mate --sfen SFEN | python3 scripts/mate/verify_line.py SFEN
    python3 scripts/mate/verify_line.py --replies TOKIN SFEN [MOVE ...] [-- TOKIN MATE FLAGS]
    python3 scripts/mate/verify_line.py --set SET --tokin TOKIN [-- TOKIN MATE FLAGS]

The moves are USI; without them the line is read from standard input: the first line of
`tokin mate`'s output, or an engine's `checkmate ...` answer. An interposition left at the end
(a reply in check that neither moves the king nor captures) counts as mated where cshogi's
df-pn (depth 31, 1,000,000 nodes) proves a mate after it.

--replies goes further: at each defender's move of the line, every other legal reply is solved
by `TOKIN mate` from the position after it (default flags `--hash 1024 --nodes 2000000`), and
its mate's length compared with the plies the line has left there: a longer mate or no mate
means the line is not the defender's longest resistance, but for an interposition whose mate,
beginning with the capture of the interposed piece, is at most two plies longer (useless: its
own two plies do not count). --set solves each position of a set
(tests/data/mate/positions.txt, long.txt) with `TOKIN mate --sfen SFEN FLAGS` (default `--hash
64 --timeout 10`) and checks each line found. Exit status 0 when every check holds, 1 when
one does not, 2 for bad input. Needs cshogi (`pip install cshogi`)."""
import argparse
import subprocess
import sys

import cshogi

from mate_set import USI_MOVE, read_set, sfen_error


def line_from(text: str) -> list[str]:
    """The moves of `tokin mate`'s first output line or of a `checkmate` answer."""
    for line in text.splitlines():
        words = line.split()
        if words[:1] == ["checkmate"]:
            return words[1:]
        if words and not line.startswith(("mate in", "nodes", "no mate", "info")):
            return words
    return []


def board_at(sfen: str) -> cshogi.Board:
    if error := sfen_error(sfen):
        sys.stderr.write(error + "\n")
        sys.exit(2)
    return cshogi.Board(sfen)


def check(sfen: str, moves: list[str]) -> tuple[list[str], str]:
    """What is wrong with the line (empty when nothing), and how it ends."""
    board = board_at(sfen)
    if not moves:
        return ["no move"], ""
    for ply, usi in enumerate(moves, 1):
        move = board.move_from_usi(usi) if USI_MOVE.fullmatch(usi) else 0
        if move == 0 or move not in set(board.legal_moves):
            return [f"ply {ply}: {usi} is not legal"], ""
        board.push(move)
        if ply % 2 == 1 and not board.is_check():
            return [f"ply {ply}: {usi} gives no check"], ""
    if len(moves) % 2 == 0:
        return ["the line ends on the defender's move"], ""
    replies = list(board.legal_moves)
    if not replies:
        return [], "mate"
    problems, longest = [], 0
    for reply in replies:
        usi = cshogi.move_to_usi(reply)
        if not interposes(board, reply):
            problems.append(f"after the line, {usi} escapes the check without interposing")
            continue
        board.push(reply)
        dfpn = cshogi.DfPn(31, 1_000_000)
        if dfpn.search(board):
            longest = max(longest, len(dfpn.get_pv(board)))
        else:
            problems.append(f"after the line, the interposition {usi} is not shown mated by cshogi")
        board.pop()
    return problems, f"{len(replies)} interpositions left, mated within {longest} plies more"


def interposes(board: cshogi.Board, reply: int) -> bool:
    """Whether a reply to a check steps between the checker and the king: neither a king's
    move nor a capture."""
    king = (not cshogi.move_is_drop(reply)
            and board.piece_type(cshogi.move_from(reply)) == cshogi.KING)
    return not king and not cshogi.move_cap(reply)


def tokin_mate(tokin: str, sfen: str, flags: list[str]) -> tuple[str, list[str]]:
    """tokin's verdict (mate, nomate, unknown) and line."""
    try:
        run = subprocess.run([tokin, "mate", "--sfen", sfen, "--style", "usi", *flags],
                             capture_output=True, text=True)
    except OSError as e:
        sys.stderr.write(f"{tokin}: {e.strerror}\n")
        sys.exit(2)
    if run.returncode == 2:
        sys.stderr.write(f"{tokin} mate --sfen {sfen!r}: {run.stderr.strip()}\n")
        sys.exit(2)
    verdict = {0: "mate", 1: "nomate"}.get(run.returncode, "unknown")
    return verdict, line_from(run.stdout) if verdict == "mate" else []


def replies(tokin: str, sfen: str, moves: list[str], flags: list[str]) -> list[str]:
    """Each other reply of the defender's moves of the line that tokin does not show mated
    within the line's rest; prints the counts."""
    board = board_at(sfen)
    problems = []
    counts = {"within": 0, "useless interpositions": 0, "longer": 0, "no mate": 0, "undecided": 0}
    for ply, usi in enumerate(moves, 1):
        if ply % 2 == 0:
            left = len(moves) - ply
            for reply in board.legal_moves:
                other = cshogi.move_to_usi(reply)
                if other == usi:
                    continue
                board.push(reply)
                verdict, line = tokin_mate(tokin, board.sfen(), flags)
                board.pop()
                if verdict == "mate" and len(line) <= left:
                    counts["within"] += 1
                    continue
                # A useless interposition is no resistance: its two plies do not count.
                if (verdict == "mate" and line and len(line) <= left + 2
                        and interposes(board, reply) and line[0][2:4] == other[-2:]):
                    counts["useless interpositions"] += 1
                    continue
                kind = {"mate": "longer", "nomate": "no mate"}.get(verdict, "undecided")
                counts[kind] += 1
                what = f"{len(line)} plies against {left} left" if verdict == "mate" else kind
                problems.append(f"ply {ply}: {other} in place of {usi}: {what}")
        board.push(board.move_from_usi(usi))
    print("other replies: " + ", ".join(f"{k} {v}" for k, v in counts.items()))
    return problems


def main() -> None:
    argv = sys.argv[1:]
    flags = argv[argv.index("--") + 1:] if "--" in argv else None
    argv = argv[:argv.index("--")] if "--" in argv else argv
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("sfen", metavar="SFEN", nargs="?")
    parser.add_argument("moves", metavar="MOVE", nargs="*")
    parser.add_argument("--replies", metavar="TOKIN",
                        help="solve every other defender's reply with TOKIN")
    parser.add_argument("--set", metavar="SET",
                        help="solve each position of SET with --tokin and check each line")
    parser.add_argument("--tokin", metavar="TOKIN", help="the tokin binary of --set")
    args = parser.parse_args(argv)
    if args.set:
        if not args.tokin or args.sfen or args.replies:
            parser.error("--set takes --tokin and no SFEN, moves or --replies")
        sys.exit(check_set(args.set, args.tokin,
                           flags if flags is not None else ["--hash", "64", "--timeout", "10"]))
    if not args.sfen:
        parser.error("give an SFEN, or --set")
    moves = args.moves or line_from(sys.stdin.read())
    problems, end = check(args.sfen, moves)
    if not problems and args.replies:
        problems = replies(args.replies, args.sfen, moves,
                           flags if flags is not None else ["--hash", "1024", "--nodes", "2000000"])
    for problem in problems:
        print(problem)
    print(f"{len(moves)} plies: " + ("ok, " + end if not problems else f"{len(problems)} problems"))
    sys.exit(1 if problems else 0)


def check_set(path: str, tokin: str, flags: list[str]) -> int:
    """Solves and checks each position of a set; prints a row a line found and the counts."""
    counts = {"lines": 0, "bad": 0, "nomate": 0, "unknown": 0}
    for position in read_set(path):
        verdict, line = tokin_mate(tokin, position.sfen, flags)
        if verdict != "mate":
            counts[verdict] += 1
            continue
        counts["lines"] += 1
        problems, end = check(position.sfen, line)
        counts["bad"] += bool(problems)
        result = "; ".join(problems) or end
        print(f"{'bad' if problems else 'ok'}\t{len(line)}\t{result}\t{position.sfen}", flush=True)
    print(" ".join(f"{k} {v}" for k, v in counts.items()))
    return 1 if counts["bad"] else 0


if __name__ == "__main__":
    main()
