#!/usr/bin/env python3
"""Generate tests/data/random-perft.tsv: perft counts from an independent engine.

This is a one-off test-data generator, committed so the data can be reproduced.
CI never runs it.  It needs the PyPI package `cshogi` (pip install cshogi).

What it does:
  1. Checks that cshogi's legal-move generator counts the way we do
     (startpos perft 3 = 25470, matsuri perft 2 = 28684): legal_moves includes
     the optional non-promotions and excludes pawn-drop mate (uchifuzume).
  2. Plays seeded random legal games from the even start and from handicap
     starts (White, the handicap giver, moves first there): uniformly random
     ones, and "attacking" ones that prefer checking moves.
  3. Tags every position it passes through (our own tagging code, below) and
     picks a spread of positions: early/mid/late from every start, plus extra
     ones with rare features (double check, uchifuzume, mate, ...).
  4. Computes perft 1 and 2 for each, and 3 when the count stays small, by
     plain recursive push/pop enumeration of cshogi's legal moves.

Tags (comma separated, '-' for none), all from the side to move's view:
  check         side to move is in check
  double-check  ... by two or more pieces
  mate          in check with no legal move
  drops         side to move has at least one legal drop
  hands-both    both sides have pieces in hand
  uchifuzume    a pawn drop giving check is pseudo-legal but mates, so illegal
  pin           a piece of the side to move is pinned to its king
  promoted      a promoted piece is on the board

Usage: python3 tests/data/gen_random_perft.py [--seed N] [--out PATH]
"""

import argparse
import importlib.metadata
import os
import random

import cshogi

SEED = 20261122
MAX_DEPTH3_NODES = 3_000_000  # depth 3 rows only below this, to keep tests fast

MATSURI = "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1"
_HANDICAP_BLACK = "ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"
STARTS = [
    ("even", cshogi.STARTING_SFEN),
    ("lance", "lnsgkgsn1/1r5b1/" + _HANDICAP_BLACK),
    ("bishop", "lnsgkgsnl/1r7/" + _HANDICAP_BLACK),
    ("rook", "lnsgkgsnl/7b1/" + _HANDICAP_BLACK),
    ("rook-lance", "lnsgkgsn1/7b1/" + _HANDICAP_BLACK),
    ("2-piece", "lnsgkgsnl/9/" + _HANDICAP_BLACK),
    ("4-piece", "1nsgkgsn1/9/" + _HANDICAP_BLACK),
    ("6-piece", "2sgkgs2/9/" + _HANDICAP_BLACK),
    ("8-piece", "3gkg3/9/" + _HANDICAP_BLACK),
]
GAMES_PER_START = 40
MAX_PLIES = 300

# --- geometry -------------------------------------------------------------
# cshogi square index = (file-1)*9 + (rank-1); Black moves towards rank 1.
# Piece codes: black 1..14 (P L N S B R G K +P +L +N +S +B +R), white = +16.


def sq(f, r):
    return (f - 1) * 9 + (r - 1)


def fr(s):
    return s // 9 + 1, s % 9 + 1


ORTHO = [(0, -1), (0, 1), (-1, 0), (1, 0)]
DIAG = [(-1, -1), (1, -1), (-1, 1), (1, 1)]
GOLD = [(0, -1), (-1, -1), (1, -1), (-1, 0), (1, 0), (0, 1)]
# piece type -> (step offsets, slide directions), for Black ((0,-1) = forward)
MOVES = {
    1: ([(0, -1)], []),                       # pawn
    2: ([], [(0, -1)]),                       # lance
    3: ([(-1, -2), (1, -2)], []),             # knight
    4: ([(0, -1), (-1, -1), (1, -1), (-1, 1), (1, 1)], []),  # silver
    5: ([], DIAG),                            # bishop
    6: ([], ORTHO),                           # rook
    7: (GOLD, []), 9: (GOLD, []), 10: (GOLD, []), 11: (GOLD, []), 12: (GOLD, []),
    8: (ORTHO + DIAG, []),                    # king
    13: (ORTHO, DIAG),                        # horse
    14: (DIAG, ORTHO),                        # dragon
}


def color_of(p):
    return cshogi.BLACK if p < 16 else cshogi.WHITE


def attackers(pieces, target, by):
    """Squares of `by`'s pieces that attack square `target`."""
    tf, tr = fr(target)
    out = []
    for s, p in enumerate(pieces):
        if p == 0 or color_of(p) != by:
            continue
        steps, slides = MOVES[p & 15]
        sign = 1 if by == cshogi.BLACK else -1
        f, r = fr(s)
        if any((f + df, r + sign * dr) == (tf, tr) for df, dr in steps):
            out.append(s)
            continue
        for df, dr in slides:
            nf, nr = f + df, r + sign * dr
            while 1 <= nf <= 9 and 1 <= nr <= 9:
                if (nf, nr) == (tf, tr):
                    out.append(s)
                    break
                if pieces[sq(nf, nr)]:
                    break
                nf, nr = nf + df, nr + sign * dr
    return out


def has_pin(pieces, us, ksq):
    """True if some piece of `us` is pinned against its king on `ksq`."""
    kf, kr = fr(ksq)
    for df, dr in ORTHO + DIAG:
        blocker = None
        f, r = kf + df, kr + dr
        while 1 <= f <= 9 and 1 <= r <= 9:
            p = pieces[sq(f, r)]
            if p:
                if color_of(p) == us:
                    if blocker is not None:
                        break  # two of ours: no pin on this ray
                    blocker = (f, r)
                else:
                    if blocker is None:
                        break
                    # does this enemy slider slide back towards our king?
                    _, slides = MOVES[p & 15]
                    sign = 1 if color_of(p) == cshogi.BLACK else -1
                    return_dir = (-df, -dr)
                    if any((sdf, sign * sdr) == return_dir for sdf, sdr in slides):
                        return True
                    break
            f, r = f + df, r + dr
    return False


def tag_position(board):
    """Return the set of tags (see module docstring) for `board`."""
    tags = set()
    us = board.turn
    them = 1 - us
    pieces = board.pieces
    hands = board.pieces_in_hand
    legal = list(board.legal_moves)
    if board.is_check():
        tags.add("check")
        if len(attackers(pieces, board.king_square(us), them)) >= 2:
            tags.add("double-check")
        if not legal:
            tags.add("mate")
    if any(cshogi.move_is_drop(m) for m in legal):
        tags.add("drops")
    if any(hands[0]) and any(hands[1]):
        tags.add("hands-both")
    if any((p & 15) >= 9 for p in pieces if p):
        tags.add("promoted")
    if has_pin(pieces, us, board.king_square(us)):
        tags.add("pin")
    if hands[us][cshogi.HPAWN] and is_uchifuzume(board, legal):
        tags.add("uchifuzume")
    return tags


def is_uchifuzume(board, legal):
    """The pawn drop in front of the enemy king is otherwise legal (empty
    square, no second pawn on the file, our king safe after it) and mates, so
    it must be missing from legal_moves.  cshogi's pseudo_legal_moves already
    drop it, so the move is built and played by hand here."""
    us = board.turn
    them = 1 - us
    pieces = board.pieces
    kf, kr = fr(board.king_square(them))
    rank = kr + 1 if us == cshogi.BLACK else kr - 1
    if not 1 <= rank <= 9 or pieces[sq(kf, rank)]:
        return False
    own_pawn = cshogi.BPAWN if us == cshogi.BLACK else cshogi.WPAWN
    if any(pieces[sq(kf, r)] == own_pawn for r in range(1, 10)):
        return False  # nifu
    m = board.drop_move(sq(kf, rank), cshogi.PAWN)
    if m in legal:
        return False  # a pawn-drop check that does not mate
    board.push(m)
    mates = board.is_check() and len(board.legal_moves) == 0
    safe = not attackers(board.pieces, board.king_square(us), them)
    board.pop()
    return mates and safe


# --- perft ----------------------------------------------------------------

def perft(board, depth):
    if depth == 1:
        return len(board.legal_moves)
    n = 0
    for m in list(board.legal_moves):
        board.push(m)
        n += perft(board, depth - 1)
        board.pop()
    return n


def self_check():
    b = cshogi.Board()
    assert perft(b, 3) == 25470, "startpos perft 3"
    b.set_sfen(MATSURI)
    assert perft(b, 2) == 28684, "matsuri perft 2"


# --- random games and selection -------------------------------------------

def play_games(rng):
    """Yield candidate dicts for every position of every random game.
    Games 'g' pick uniformly among legal moves; games 'a' ("attacking") pick a
    checking move half the time when there is one, which finds far more
    double checks, mates and pawn-drop-mate positions."""
    board = cshogi.Board()
    for start, sfen in STARTS:
        for kind, check_bias in (("g", 0.0), ("a", 0.5)):
            for g in range(GAMES_PER_START):
                board.set_sfen(sfen)
                for ply in range(MAX_PLIES + 1):
                    tags = tag_position(board)
                    yield {"name": f"{start}-{kind}{g:02d}-p{ply:03d}", "start": start,
                           "ply": ply, "sfen": board.sfen(), "tags": tags}
                    legal = list(board.legal_moves)
                    if not legal:
                        break
                    checks = list(board.check_moves) if check_bias else []
                    if checks and rng.random() < check_bias:
                        board.push(rng.choice(checks))
                    else:
                        board.push(rng.choice(legal))


def select(pool, rng):
    chosen = {}

    def take(cands, k):
        """Take up to k from cands, spread round-robin over the starts."""
        by_start = {}
        for c in cands:
            if c["sfen"] not in chosen:
                by_start.setdefault(c["start"], []).append(c)
        for lst in by_start.values():
            rng.shuffle(lst)
        starts = sorted(by_start)
        got = 0
        while got < k and any(by_start.values()):
            for s in starts:
                if got < k and by_start[s]:
                    c = by_start[s].pop()
                    if c["sfen"] not in chosen:
                        chosen[c["sfen"]] = c
                        got += 1

    for start, _ in STARTS:  # game phases from every start
        own = [c for c in pool if c["start"] == start]
        take([c for c in own if 6 <= c["ply"] <= 40], 2)
        take([c for c in own if 41 <= c["ply"] <= 120], 3)
        take([c for c in own if c["ply"] > 120], 3)
    rare = lambda t: [c for c in pool if t(c["tags"])]
    take(rare(lambda t: "uchifuzume" in t), 20)
    take(rare(lambda t: "double-check" in t), 15)
    take(rare(lambda t: "mate" in t), 6)
    take(rare(lambda t: "check" in t and "drops" in t), 20)
    take(rare(lambda t: "check" in t and "pin" in t), 10)
    take(rare(lambda t: "check" in t), 15)
    take(rare(lambda t: "pin" in t and "hands-both" in t), 20)
    take(rare(lambda t: "promoted" in t and "hands-both" in t), 20)
    return list(chosen.values())


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=SEED)
    ap.add_argument("--out", default=os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                                  "random-perft.tsv"))
    args = ap.parse_args()
    version = importlib.metadata.version("cshogi")
    print(f"seed {args.seed}, cshogi {version}")
    self_check()
    rng = random.Random(args.seed)

    pool = list(play_games(rng))
    fixed = [{"name": "matsuri", "start": "-", "ply": 0, "sfen": MATSURI}]
    fixed += [{"name": f"{s}-start", "start": s, "ply": 0, "sfen": f} for s, f in STARTS]
    board = cshogi.Board()
    for c in fixed:  # normalise to cshogi's SFEN spelling and tag
        board.set_sfen(c["sfen"])
        c["sfen"], c["tags"] = board.sfen(), tag_position(board)
    picked = fixed + sorted(select(pool, rng), key=lambda c: (c["start"], c["name"]))

    rows = []
    for c in picked:
        board.set_sfen(c["sfen"])
        tags = ",".join(sorted(c["tags"])) or "-"
        for depth in (1, 2, 3):
            n = perft(board, depth)
            if depth == 3 and n > MAX_DEPTH3_NODES:
                break
            rows.append(f"{c['name']}\t{c['sfen']}\t{depth}\t{n}\t{tags}")

    with open(args.out, "w") as out:
        out.write(f"# random-perft.tsv: generated by tests/data/gen_random_perft.py, "
                  f"seed {args.seed}, cshogi {version}; do not edit by hand.\n")
        out.write("# perft = leaves of the legal-move tree (non-promotions counted, "
                  "uchifuzume excluded); depth 3 only when <= "
                  f"{MAX_DEPTH3_NODES} nodes.\n")
        out.write("# Positions: random legal games from the even and handicap starts; "
                  "tags: see the script ('-' = none).\n")
        out.write("# name\tsfen\tdepth\tnodes\ttags\n")
        out.write("\n".join(rows) + "\n")
    counts = {}
    for c in picked:
        for t in c["tags"]:
            counts[t] = counts.get(t, 0) + 1
    print(f"wrote {args.out}: {len(picked)} positions, {len(rows)} rows, "
          f"tags {sorted(counts.items())}")


if __name__ == "__main__":
    main()
