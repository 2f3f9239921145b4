"""One call in a loop, for counting its instructions under callgrind beside cshogi's.

    OPENBLAS_NUM_THREADS=1 valgrind --tool=callgrind --callgrind-out-file=/dev/null \\
        python python/bench_calls.py tokin push 400000

prints nothing; callgrind's `I refs` of a run with count 0 (start-up and imports, the same for
both packages) taken from a run with count N, divided by N, is one loop turn. `push` is a push
and a pop of `R*5e` by move number; `usi` gets the position's 127 legal moves as USI text.

`boards` and `walk` run `bench.py`'s two push and pop jobs N times over its 30 games (3,571
moves): a push and a pop on each position's own board, and each game pushed and popped on one
board. Divide by N × 3,571 for one push + pop. With `--tool=cachegrind --cache-sim=yes` the
same runs give the cache misses of a push + pop (`PYTHONHASHSEED=0` keeps start-up the same
between the two runs).
"""

import sys

POSITION = "l8/rsk4sl/np3g2N/p2pP1p1p/P8/5pP1P/NPPK3P1/g1S2G+b2/L2G2S1L b RN3Pb2p 91"


def main():
    package, job, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
    import cshogi
    import tokin

    if job in ("boards", "walk"):
        import bench

        jobs = bench.board_rows(
            next(p for p in bench.packages() if p.name == package), bench.positions(), bench.games()
        )
        work = jobs[2] if job == "boards" else jobs[3]
        for _ in range(count):
            work()
        return
    if package == "tokin":
        board = tokin.Board(POSITION)

        def usi():
            return board.legal_moves
    else:
        board = cshogi.Board(POSITION)

        def usi():
            return [cshogi.move_to_usi(m) for m in board.legal_moves]
    move = board.move_from_usi("R*5e")
    if job == "push":
        for _ in range(count):
            board.push(move)
            board.pop()
    else:
        for _ in range(count):
            usi()


if __name__ == "__main__":
    main()
