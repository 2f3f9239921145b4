#!/usr/bin/env python3
"""Builds the folder of record files behind docs/records.md's speed table: every KIF, KI2 and
CSA file of tests/data/records/ (its subfolders included) and of the other projects' files
listed in tests/data/records/wild/SOURCES.md, kept where tokin, tsshogi and rsshogi read the
same main line of at least one move from it (a file of no moves times nothing the table
counts), with those moves in OUT/moves.tsv for the anchor scripts.

Needs the wild files (tests/data/records/wild/fetch.sh, or TOKIN_WILD_RECORDS naming another
copy), a tokin binary, tsshogi for node and cshogi and rsshogi for Python, installed as the
headers of anchor_tsshogi.mjs and anchor_python.py say. Run it with that Python:

    NODE_PATH=NODE_DIR/node_modules VENV/bin/python scripts/records/make_corpus.py OUT [TOKIN]

OUT must not exist yet (nothing is overwritten); TOKIN defaults to target/release/tokin. The
files are copied flat, a subfolder's `/` written `+`. Then:

    TOKIN_BENCH_RECORDS=OUT cargo bench --bench records -- corpus
    NODE_PATH=NODE_DIR/node_modules node scripts/records/anchor_tsshogi.mjs OUT
    VENV/bin/python scripts/records/anchor_python.py OUT
"""
import os
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
sys.dont_write_bytecode = True  # leave no cache beside the scripts
from anchor_python import FORMATS  # noqa: E402


def sources():
    """(flat name, path) of every record file to consider."""
    records = os.path.join(ROOT, "tests/data/records")
    wild = os.environ.get("TOKIN_WILD_RECORDS", os.path.join(records, "wild/files"))
    if not os.path.isdir(wild):
        sys.exit(f"{wild}: no wild files; run tests/data/records/wild/fetch.sh or set TOKIN_WILD_RECORDS")
    found = []
    for top in (records, wild):
        for folder, subfolders, names in os.walk(top):
            # The wild files are taken from `wild` alone, wherever that is.
            subfolders[:] = sorted(d for d in subfolders if os.path.join(folder, d) != os.path.join(records, "wild"))
            for name in sorted(names):
                if name.rsplit(".", 1)[-1].lower() in FORMATS:
                    path = os.path.join(folder, name)
                    found.append((os.path.relpath(path, top).replace(os.sep, "+"), path))
    return found


def tokin_line(tokin, path):
    """The main line tokin reads from `path` as USI moves, or None where it does not read
    one game."""
    run = subprocess.run([tokin, "convert", path, "--to", "usi", "-o", "-"], capture_output=True, text=True)
    lines = run.stdout.splitlines()
    if run.returncode != 0 or len(lines) != 1:
        return None
    return lines[0].partition(" moves ")[2].split()


def library_lines(command, folder):
    """{(library, file name): main line as USI moves, or None} from an anchor's --moves."""
    out = subprocess.run(command + ["--moves", folder], capture_output=True, text=True, check=True).stdout
    lines = {}
    for line in out.splitlines():
        library, name, moves = line.split("\t", 2)
        lines[(library, name)] = None if moves.startswith("!") else moves.split()
    return lines


def main():
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__)
    out = sys.argv[1]
    tokin = sys.argv[2] if len(sys.argv) == 3 else os.path.join(ROOT, "target/release/tokin")
    if not os.access(tokin, os.X_OK):
        sys.exit(f"{tokin}: no tokin binary there (build it, or give its path)")
    try:
        os.makedirs(out)
    except FileExistsError:
        sys.exit(f"{out}: already exists; give a folder that does not")
    for name, path in sources():
        shutil.copyfile(path, os.path.join(out, name))
    read = library_lines(["node", os.path.join(HERE, "anchor_tsshogi.mjs")], out)
    read |= library_lines([sys.executable, os.path.join(HERE, "anchor_python.py")], out)
    kept = {}
    for name in sorted(os.listdir(out)):
        line = tokin_line(tokin, os.path.join(out, name))
        if line and all(read.get((lib, name)) == line for lib in ("tsshogi", "rsshogi")):
            kept[name] = line
        else:
            os.remove(os.path.join(out, name))
    with open(os.path.join(out, "moves.tsv"), "w", encoding="utf-8") as f:
        for name, line in kept.items():
            f.write(f"{name}\t{' '.join(line)}\n")
    counts = {}
    for name in kept:
        fmt = FORMATS[name.rsplit(".", 1)[-1].lower()]
        counts[fmt] = counts.get(fmt, 0) + 1
    shown = ", ".join(f"{n} {fmt.upper()}" for fmt, n in sorted(counts.items()))
    print(f"{out}: {len(kept)} files ({shown}), {sum(map(len, kept.values()))} moves")


if __name__ == "__main__":
    main()
