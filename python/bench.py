"""Side-by-side speed of tokin and the other Python shogi packages, in one run.

Run from the repository root, with the packages installed in the same environment:

    python python/bench.py

`python python/bench.py boards [LIBRARY ...]` times only the two push and pop jobs, 200 passes
each, three times in a row, for tokin, for each other build of tokin's library given by path
(`_tokin*.so`, loaded beside the installed one, to compare builds in one process) and for
cshogi: milliseconds of CPU time per pass.

`python python/bench.py csa [LIBRARY ...]` times only the read of the folder of 30 CSA games,
200 passes each, 20 times, for tokin, each other build given by path, cshogi and rsshogi
taking turns: the median and range of the CPU milliseconds per pass, and of cshogi's time over
each build's.

Each row is CPU time (time.process_time) of the same work in each package, so other load on
the machine inflates wall time but not these figures much. The positions are the ones reached in
random games played by tokin with a fixed seed; every package gets the same SFENs.
"""

import importlib.machinery
import importlib.util
import os
import random
import statistics
import sys
import tempfile
import time
import warnings

# NumPy's BLAS threads (NumPy comes with tokin) spin for a while after start-up, and CPU time
# counts every thread of the process.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import tokin  # noqa: E402

GAMES, PLIES, ROUNDS = 30, 120, 5


def games():
    """The random games' moves, in USI."""
    rng = random.Random(1)
    out = []
    for _ in range(GAMES):
        board = tokin.Board()
        for _ in range(PLIES):
            moves = board.legal_moves
            if not moves:
                break
            board.push_usi(rng.choice(moves))
        out.append(board.move_stack)
    return out


def positions():
    """Each position of the games with the move played there: (SFEN, USI)."""
    out = []
    for moves in games():
        board = tokin.Board()
        for usi in moves:
            out.append((board.sfen(), usi))
            board.push_usi(usi)
    return out


def cpu(work, rounds=ROUNDS):
    start = time.process_time()
    for _ in range(rounds):
        work()
    return (time.process_time() - start) / rounds


class Package:
    """How one package does each timed job; `None` where it has no way."""

    def __init__(self, name, board, move_of, usi_moves, move_numbers, push="push"):
        self.name = name
        self.board = board  # a board from an SFEN, or the start position from None
        self.move_of = move_of  # (board, USI) -> the package's fast form of the move
        self.usi_moves = usi_moves  # board -> its legal moves as USI text
        self.move_numbers = move_numbers  # board -> its legal moves in the fast form
        self.push = push  # the name of the method that plays the fast form


def packages():
    """Every installed package's way of doing each job."""
    out = [Package("tokin", lambda s: tokin.Board(s) if s else tokin.Board(),
                   lambda b, m: b.move_from_usi(m), lambda b: b.legal_moves,
                   lambda b: b.legal_move_ids)]
    try:
        import cshogi

        out.append(Package("cshogi", lambda s: cshogi.Board(s) if s else cshogi.Board(),
                           lambda b, m: b.move_from_usi(m),
                           lambda b: [cshogi.move_to_usi(x) for x in b.legal_moves],
                           lambda b: list(b.legal_moves)))
    except ImportError:
        out.append(Package("cshogi", None, None, None, None))
    try:
        from rsshogi import core

        out.append(Package("rsshogi", lambda s: core.Board(s) if s else core.Board(),
                           lambda b, m: core.Move.from_usi(m),
                           lambda b: [x.to_usi() for x in b.legal_moves()],
                           lambda b: b.legal_moves(), push="push_move"))
    except ImportError:
        out.append(Package("rsshogi", None, None, None, None))
    try:
        import shogi

        out.append(Package("python-shogi", lambda s: shogi.Board(s) if s else shogi.Board(),
                           lambda b, m: shogi.Move.from_usi(m),
                           lambda b: [x.usi() for x in b.legal_moves],
                           lambda b: list(b.legal_moves)))
    except ImportError:
        out.append(Package("python-shogi", None, None, None, None))
    return out


def board_rows(package, cases, game_moves):
    """The package's four timed board jobs: legal moves as text and as numbers on each
    position's board, a push and a pop on each position's board (3,571 boards: what a
    dataset of positions costs, memory included), and every game pushed move by move and
    taken back on one board (walking a game)."""
    boards = []
    for s, m in cases:
        b = package.board(s)
        boards.append((b, package.move_of(b, m)))
    games = []
    for moves in game_moves:
        b = package.board(None)
        line = []
        for m in moves:
            line.append(package.move_of(b, m))
            getattr(b, package.push)(line[-1])
        for _ in moves:
            b.pop()
        games.append((b, line))
    push = package.push

    def usi():
        for b, _ in boards:
            package.usi_moves(b)

    def numbers():
        for b, _ in boards:
            package.move_numbers(b)

    def push_pop():
        for b, m in boards:
            getattr(b, push)(m)
            b.pop()

    def walk():
        for b, line in games:
            play = getattr(b, push)
            for m in line:
                play(m)
            for _ in line:
                b.pop()

    return usi, numbers, push_pop, walk


def record_folder(folder, fmt):
    """The random games written by tokin as one record file each in `folder`."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", tokin.RecordLossWarning)
        for i, moves in enumerate(games()):
            tokin.Record(moves, result="resign").write(os.path.join(folder, f"{i:02}.{fmt}"))
    return sorted(os.path.join(folder, f) for f in os.listdir(folder))


def record_readers(folder):
    """Per package, a function reading every KIF file of the folder and one reading every CSA
    file (tokin's `read_records` on the folders; the others file by file)."""
    kif_dir, csa_dir = os.path.join(folder, "kif"), os.path.join(folder, "csa")
    os.mkdir(kif_dir)
    os.mkdir(csa_dir)
    kif, csa = record_folder(kif_dir, "kif"), record_folder(csa_dir, "csa")
    readers = [("tokin", lambda: tokin.read_records([kif_dir]),
                lambda: tokin.read_records([csa_dir]))]
    try:
        import cshogi.CSA
        import cshogi.KIF

        readers.append(("cshogi", lambda: [cshogi.KIF.Parser.parse_file(p) for p in kif],
                        lambda: [cshogi.CSA.Parser.parse_file(p) for p in csa]))
    except ImportError:
        readers.append(("cshogi", None, None))
    try:
        from rsshogi.record import Record

        readers.append(("rsshogi", lambda: [Record.from_kif_file(p) for p in kif],
                        lambda: [Record.from_csa_file(p) for p in csa]))
    except ImportError:
        readers.append(("rsshogi", None, None))
    return readers


def training_data_readers(cases):
    """Per package, a function turning every position's training record into SFEN: tokin
    from a PackedSfenValue array (decoded in Rust on every core; CPU time counts every
    thread), cshogi from the same positions as an hcpe array, one `set_hcp` and `sfen` each."""
    records = tokin.psv_records([s for s, _ in cases], moves=[m for _, m in cases])
    readers = [("tokin", lambda: tokin.psv_sfens(records))]
    try:
        import cshogi

        hcpes = tokin.psv_to_hcpe(records)
        board = cshogi.Board()

        def decode():
            out = []
            for hcp in hcpes["hcp"]:
                board.set_hcp(hcp)
                out.append(board.sfen())
            return out

        readers.append(("cshogi", decode))
    except ImportError:
        readers.append(("cshogi", None))
    return readers


def load_build(path):
    """Another build of tokin's extension module, loaded from `path` under the installed
    module's name but not in its place."""
    loader = importlib.machinery.ExtensionFileLoader("tokin._tokin", path)
    spec = importlib.util.spec_from_file_location("tokin._tokin", path, loader=loader)
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    return module


def other_build(path):
    """A `Package` for another build of tokin's extension module (`load_build`)."""
    module = load_build(path)
    return Package(path, lambda s: module.Board(s) if s else module.Board(),
                   lambda b, m: b.move_from_usi(m), None, None)


def csa_timings(libraries, times=20):
    """The CSA folder read of `record_readers`, 200 passes each, `times` times for every
    reader (tokin, each other build of tokin's library given by path, cshogi, rsshogi) taking
    turns: the median and range of the CPU milliseconds per pass, and of the ratio of cshogi's
    time to each build's in the same turn."""
    with tempfile.TemporaryDirectory() as folder:
        readers = [(name, csa) for name, _, csa in record_readers(folder) if csa]
        csa_dir = os.path.join(folder, "csa")
        builds = [(path, load_build(path)) for path in libraries]
        readers[1:1] = [(path, lambda m=m: m.read_records([csa_dir])) for path, m in builds]
        runs = {name: [] for name, _ in readers}
        for _ in range(times):
            for name, read in readers:
                runs[name].append(cpu(read, 200) * 1e3)
    print("| reader | CPU ms, median | range | cshogi's time / this one's, median | range |")
    print("| --- | ---: | ---: | ---: | ---: |")
    for name, t in runs.items():
        ratios = ([c / x for c, x in zip(runs["cshogi"], t)]
                  if "cshogi" in runs and name != "cshogi" else [])
        ratio = (f"{statistics.median(ratios):.2f} | {min(ratios):.2f}–{max(ratios):.2f}"
                 if ratios else "| ")
        print(f"| {name} | {statistics.median(t):.4f} | {min(t):.4f}–{max(t):.4f} | {ratio} |")


def board_timings(libraries):
    """The push and pop jobs of `board_rows`, 200 passes each, three times in a row for every
    build: the builds take turns, so load on the machine falls on all of them alike."""
    builds = [p for p in packages() if p.name in ("tokin", "cshogi") and p.board]
    builds[1:1] = [other_build(path) for path in libraries]
    cases, game_moves = positions(), games()
    jobs = [board_rows(b, cases, game_moves)[2:] for b in builds]
    times = [([], []) for _ in builds]
    for _ in range(3):
        for (push_pop, walk), (per_position, per_game) in zip(jobs, times):
            per_position.append(cpu(push_pop, 200) * 1e3)
            per_game.append(cpu(walk, 200) * 1e3)
    print("| build | push + pop, a board per position (ms) "
          "| push all + pop all, a board per game (ms) |")
    print("| --- | ---: | ---: |")
    for build, (per_position, per_game) in zip(builds, times):
        print(f"| {build.name} | " + " ".join(f"{t:.3f}" for t in per_position) + " | "
              + " ".join(f"{t:.3f}" for t in per_game) + " |")


def main():
    if sys.argv[1:2] == ["boards"]:
        board_timings(sys.argv[2:])
        return
    if sys.argv[1:2] == ["csa"]:
        csa_timings(sys.argv[2:])
        return
    cases = positions()
    game_moves = games()
    print(f"{len(cases)} positions of {GAMES} games, CPU seconds per pass (mean of {ROUNDS})\n")
    print("| package | legal moves as USI text | legal moves, fast form "
          "| push + pop, a board per position | push all + pop all, a board per game |")
    print("| --- | ---: | ---: | ---: | ---: |")
    for package in packages():
        if package.board is None:
            print(f"| {package.name} | not installed | | | |")
            continue
        rows = board_rows(package, cases, game_moves)
        print(f"| {package.name} | " + " | ".join(f"{cpu(r):.4f}" for r in rows) + " |")
    print(f"\nReading the {GAMES} games from a folder of record files, CPU seconds per pass "
          f"(mean of {ROUNDS})\n")
    print("| package | KIF | CSA |")
    print("| --- | ---: | ---: |")
    with tempfile.TemporaryDirectory() as folder:
        for name, kif, csa in record_readers(folder):
            if kif is None:
                print(f"| {name} | not installed | not installed |")
                continue
            print(f"| {name} | {cpu(kif):.4f} | {cpu(csa):.4f} |")
    print(f"\nTraining records of the {len(cases)} positions to SFEN, CPU seconds per pass\n")
    print("| package | records to SFEN | positions per CPU second |")
    print("| --- | ---: | ---: |")
    for name, decode in training_data_readers(cases):
        if decode is None:
            print(f"| {name} | not installed | |")
            continue
        t = cpu(decode)
        print(f"| {name} | {t:.4f} | {len(cases) / t:,.0f} |")


if __name__ == "__main__":
    main()
