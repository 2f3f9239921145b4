#!/usr/bin/env python3
"""Times cshogi's and rsshogi's record readers and writers on the files tokin's `corpus`
benchmark reads: the cshogi and rsshogi columns of docs/records.md's speed table.

Install the libraries outside the repository, in a virtual environment:

    python3 -m venv VENV && VENV/bin/pip install cshogi==1.1.0 rsshogi==1.7.0

Then, with DIR the folder given to the benchmark as TOKIN_BENCH_RECORDS (make_corpus.py
builds it, with the moves tokin reads from each file in DIR/moves.tsv):

    VENV/bin/python scripts/records/anchor_python.py DIR [ROUNDS [SECONDS]]
    VENV/bin/python scripts/records/anchor_python.py --moves DIR

The first form times each operation of the table's rows that a library has: main-line moves
per second of this process's CPU time (`getrusage`: user and system), each operation repeated
over its files for at least SECONDS (default 1.5) a round, ROUNDS rounds (default 3), the
libraries taking turns, the median printed. A library is timed only on the files it reads to
the moves in moves.tsv; the others are counted and named (a reader that crashes on a file is
one of them: every file is first read once in a forked child). Texts are decoded before
timing, as the benchmark decodes them: UTF-8 (with or without a byte-order mark), else
Shift_JIS (CP932).

The second form prints, for make_corpus.py, one line per library and file: the library, the
file name, then the main line as USI moves, or `!` and why it read nothing.
"""
import os
import pickle
import resource
import statistics
import sys

import cshogi
import cshogi.CSA
import cshogi.KI2
import cshogi.KIF
import rsshogi

# The benchmark's formats, by file extension.
FORMATS = {"kif": "kif", "kifu": "kif", "ki2": "ki2", "ki2u": "ki2", "csa": "csa"}


def decode(data):
    """Text as tokin's `record::decode` gives it."""
    data = data.removeprefix(b"\xef\xbb\xbf")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("cp932", errors="replace")


def record_files(folder):
    """(name, format, text) for every record file in `folder`, in name order."""
    files = []
    for name in sorted(os.listdir(folder)):
        fmt = FORMATS.get(name.rsplit(".", 1)[-1].lower())
        path = os.path.join(folder, name)
        if fmt and os.path.isfile(path):
            with open(path, "rb") as f:
                files.append((name, fmt, decode(f.read())))
    return files


def expected_moves(folder):
    """{file name: main line as USI moves} from `folder`/moves.tsv, or None without one."""
    path = os.path.join(folder, "moves.tsv")
    if not os.path.exists(path):
        return None
    with open(path, encoding="utf-8") as f:
        return {n: m.split() for n, _, m in (line.rstrip("\n").partition("\t") for line in f)}


def cpu_seconds():
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def cshogi_read(fmt, text):
    if fmt == "csa":
        games = cshogi.CSA.Parser.parse_str(text)
        if len(games) != 1:
            raise ValueError(f"{len(games)} games")
        return games[0]
    return (cshogi.KIF if fmt == "kif" else cshogi.KI2).Parser.parse_str(text)


def cshogi_line(game):
    return [cshogi.move_to_usi(m) for m in game.moves]


RSSHOGI_READERS = {
    "kif": rsshogi.record.Record.from_kif_str,
    "ki2": rsshogi.record.Record.from_ki2_str,
    "csa": rsshogi.record.Record.from_csa_str,
}


def rsshogi_line(record):
    return [entry.move.to_usi() for entry in record.moves]


# Each library: how it reads a text of a format (None where it has no reader), the main line
# of what it read, and how it writes a whole KI2 record (None where it cannot).
LIBRARIES = {
    "cshogi": (cshogi_read, cshogi_line, None),
    "rsshogi": (lambda fmt, text: RSSHOGI_READERS[fmt](text), rsshogi_line, lambda r: r.to_ki2()),
}


def main_line_in_child(library, fmt, text):
    """The main line `library` reads from `text`, read in a forked child so that a reader
    that crashes the process costs one file; a string saying why where it read nothing."""
    read, line, _ = LIBRARIES[library]
    rfd, wfd = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(rfd)
        try:
            result = line(read(fmt, text))
        except Exception as e:  # noqa: BLE001 - any failure of the reader is its verdict
            result = f"{type(e).__name__}: {e}".replace("\n", " ")[:200]
        with os.fdopen(wfd, "wb") as w:
            pickle.dump(result, w)
        os._exit(0)
    os.close(wfd)
    with os.fdopen(rfd, "rb") as r:
        data = r.read()
    _, status = os.waitpid(pid, 0)
    if os.WIFSIGNALED(status):
        return f"crashed (signal {os.WTERMSIG(status)})"
    return pickle.loads(data) if data else "no answer"


def print_moves(folder):
    for name, fmt, text in record_files(folder):
        for library in LIBRARIES:
            line = main_line_in_child(library, fmt, text)
            shown = " ".join(line) if isinstance(line, list) else "! " + line
            print(f"{library}\t{name}\t{shown}", flush=True)


def timed(work, seconds):
    """CPU seconds a call of `work` takes, over as many calls as fill `seconds`."""
    calls, start = 0, cpu_seconds()
    while True:
        work()
        calls += 1
        spent = cpu_seconds() - start
        if spent >= seconds:
            return spent / calls


def main():
    args = sys.argv[1:]
    if len(args) == 2 and args[0] == "--moves":
        print_moves(args[1])
        return
    if not 1 <= len(args) <= 3:
        sys.exit(__doc__)
    folder = args[0]
    rounds = int(args[1]) if len(args) > 1 else 3
    seconds = float(args[2]) if len(args) > 2 else 1.5
    files = record_files(folder)
    expected = expected_moves(folder)
    if expected is None:
        print(f"{folder}/moves.tsv missing: each library timed on the files it reads, its own moves")
    # For each library and format: the texts it reads to the expected moves, and their moves.
    tasks = []
    for library, (read, line, write) in LIBRARIES.items():
        games, game_moves = [], 0
        for fmt in ("kif", "ki2", "csa"):
            texts, moves, left_out = [], 0, []
            for name, f, text in files:
                if f != fmt:
                    continue
                got = main_line_in_child(library, fmt, text)
                want = got if expected is None else expected.get(name)
                if isinstance(got, list) and got == want:
                    texts.append(text)
                    moves += len(got)
                    games.append(read(fmt, text))
                else:
                    left_out.append(name)
            if left_out:
                print(f"{library} {fmt}: left out {len(left_out)}: {' '.join(left_out)}")
            if texts:
                label = f"read {fmt.upper()} ({len(texts)} files, {moves} moves)"
                tasks.append((library, label, moves, lambda t=texts, f=fmt, r=read: [r(f, x) for x in t]))
                game_moves += moves
        if write and games:
            label = f"write KI2 record ({len(games)} games, {game_moves} moves)"
            tasks.append((library, label, game_moves, lambda g=games, w=write: [w(x) for x in g]))
    rates = {task[:2]: [] for task in tasks}
    for _ in range(rounds):
        for library, label, moves, work in tasks:
            rates[(library, label)].append(moves / timed(work, seconds))
    for (library, label), r in rates.items():
        rounds_shown = ", ".join(f"{x:,.0f}" for x in r)
        print(f"{library}\t{label}\t{statistics.median(r):,.0f} moves/s\t({rounds_shown})")


if __name__ == "__main__":
    main()
