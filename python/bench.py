"""Side-by-side speed of tokin and the other Python shogi packages, in one run.

Run from the repository root, with the packages installed in the same environment:

    python python/bench.py

Each row is CPU time (time.process_time) of the same work in each package, so other load on
the machine inflates wall time but not these figures much. The positions are the ones reached in
random games played by tokin with a fixed seed; every package gets the same SFENs.
"""

import random
import time
import warnings

import tokin

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


def cpu(work):
    start = time.process_time()
    for _ in range(ROUNDS):
        work()
    return (time.process_time() - start) / ROUNDS


def tokin_rows(cases):
    boards = []
    for s, m in cases:
        b = tokin.Board(s)
        boards.append((b, b.move_from_usi(m)))

    def legal():
        for b, _ in boards:
            [tokin.move_to_usi(x) for x in b.legal_move_ids]

    def push_pop():
        for b, m in boards:
            b.push(m)
            b.pop()

    return legal, push_pop


def cshogi_rows(cases):
    import cshogi

    boards = []
    for s, m in cases:
        b = cshogi.Board(s)
        boards.append((b, b.move_from_usi(m)))

    def legal():
        for b, _ in boards:
            [cshogi.move_to_usi(x) for x in b.legal_moves]

    def push_pop():
        for b, m in boards:
            b.push(m)
            b.pop()

    return legal, push_pop


def python_shogi_rows(cases):
    import shogi

    boards = [(shogi.Board(s), shogi.Move.from_usi(m)) for s, m in cases]

    def legal():
        for b, _ in boards:
            [x.usi() for x in b.legal_moves]

    def push_pop():
        for b, m in boards:
            b.push(m)
            b.pop()

    return legal, push_pop


def record_texts(fmt):
    """The random games as record files of `fmt`, written by tokin (every package reads the
    same text)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", tokin.RecordLossWarning)
        return [tokin.Record(moves, result="resign").to_string(fmt) for moves in games()]


def record_readers():
    """Per package, a function reading every KIF text and one reading every CSA text."""
    kif, csa = record_texts("kif"), record_texts("csa")
    readers = [("tokin", lambda: [tokin.parse_record(t, "kif") for t in kif],
                lambda: [tokin.parse_record(t, "csa") for t in csa])]
    try:
        import cshogi.CSA
        import cshogi.KIF

        readers.append(("cshogi", lambda: [cshogi.KIF.Parser.parse_str(t) for t in kif],
                        lambda: [cshogi.CSA.Parser.parse_str(t) for t in csa]))
    except ImportError:
        readers.append(("cshogi", None, None))
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


def main():
    cases = positions()
    print(f"{len(cases)} positions, CPU seconds per pass (mean of {ROUNDS})\n")
    print("| package | legal moves as USI text | push + pop |")
    print("| --- | ---: | ---: |")
    for name, rows in [
        ("tokin", tokin_rows),
        ("cshogi", cshogi_rows),
        ("python-shogi", python_shogi_rows),
    ]:
        try:
            legal, push_pop = rows(cases)
        except ImportError:
            print(f"| {name} | not installed | not installed |")
            continue
        print(f"| {name} | {cpu(legal):.4f} | {cpu(push_pop):.4f} |")
    print(f"\nReading the {GAMES} games as records, CPU seconds per pass (mean of {ROUNDS})\n")
    print("| package | KIF | CSA |")
    print("| --- | ---: | ---: |")
    for name, kif, csa in record_readers():
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
