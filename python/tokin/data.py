"""Training data as NumPy arrays: the 40-byte records of `tokin gensfen` and the shogi NNUE
tools (YaneuraOu's PackedSfenValue, `.psv`/`.bin` files), cshogi's HuffmanCodedPos and
HuffmanCodedPosAndEval (`hcp`, `hcpe`), and self-play to make them.

The dtypes have cshogi's field names, so arrays pass between the two packages unchanged.

>>> import numpy as np
>>> records = np.zeros(1, tokin.PSV_DTYPE)
>>> records["sfen"][0] = np.frombuffer(tokin.Board().to_psfen(), np.uint8)
>>> records["gamePly"] = 1
>>> tokin.psv_sfens(records)
['lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1']
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from typing import Callable, Optional, Sequence, Tuple, Union

import numpy as np

from . import _tokin
from ._tokin import PsvError

PathLike = Union[str, "os.PathLike[str]"]

PSV_DTYPE = np.dtype(
    [
        ("sfen", np.uint8, 32),
        ("score", "<i2"),
        ("move", "<u2"),
        ("gamePly", "<u2"),
        ("game_result", "i1"),
        ("padding", "u1"),
    ]
)
"""One 40-byte training record: packed position, score and best move (16-bit) for the side to
move, game ply, and the game's result for the side to move (1 win, 0 draw, -1 loss)."""

HCP_DTYPE = np.dtype([("hcp", np.uint8, 32)])
"""cshogi's `HuffmanCodedPos`: a position in 32 bytes."""

HCPE_DTYPE = np.dtype(
    [
        ("hcp", np.uint8, 32),
        ("eval", "<i2"),
        ("bestMove16", "<i2"),
        ("gameResult", "i1"),
        ("dummy", "u1"),
    ]
)
"""cshogi's `HuffmanCodedPosAndEval` (38 bytes): the position, the score for the side to move,
the best move in cshogi's 16 bits, and the result (0 draw, 1 Black won, 2 White won)."""

RECORD_SIZE = PSV_DTYPE.itemsize


def _psv_error(index: int, file: Optional[str], message: str) -> PsvError:
    where = f"{file}: record {index}" if file is not None else f"record {index}"
    err = PsvError(f"{where}: {message}")
    err.index = index
    err.file = file
    return err


def read_psv(path: PathLike, mmap: bool = False) -> np.ndarray:
    """The training records of a file as an array of `PSV_DTYPE`: read into memory, or with
    `mmap=True` mapped read-only (no copy; the file's pages are read as they are used).

    A file whose size is not whole records raises `PsvError` naming the record it ends in;
    the positions are checked when decoded (`psv_sfens`, `psv_to_hcpe`).

    >>> import os, tempfile
    >>> path = os.path.join(tempfile.mkdtemp(), "one.psv")
    >>> tokin.write_psv(path, tokin.psv_records(["startpos"]))
    >>> tokin.read_psv(path)["gamePly"]
    array([1], dtype=uint16)
    """
    path = os.fspath(path)
    size = os.stat(path).st_size
    if size % RECORD_SIZE:
        raise _psv_error(
            size // RECORD_SIZE,
            path,
            f"the file ends {size % RECORD_SIZE} bytes into it (records are {RECORD_SIZE} bytes)",
        )
    if size == 0:
        return np.zeros(0, PSV_DTYPE)
    if mmap:
        return np.memmap(path, PSV_DTYPE, mode="r")
    return np.fromfile(path, PSV_DTYPE)


def _records(array: np.ndarray, dtype: np.dtype, name: str) -> np.ndarray:
    """`array` as a one-dimensional array of `dtype`, or a `TypeError`."""
    array = np.asarray(array)
    if array.dtype != dtype:
        raise TypeError(f"{name}: expected an array of {dtype}, not {array.dtype}")
    return np.ascontiguousarray(array.reshape(-1))


def write_psv(path: PathLike, records: np.ndarray, overwrite: bool = False) -> None:
    """Writes an array of `PSV_DTYPE` as a training-record file. An existing file is replaced
    only with `overwrite=True` (else `FileExistsError`), by way of a temporary file renamed
    over it, so that a failed write leaves the old file whole.

    >>> import os, tempfile
    >>> path = os.path.join(tempfile.mkdtemp(), "two.psv")
    >>> tokin.write_psv(path, tokin.psv_records(["startpos", "2-pieces"]))
    >>> os.path.getsize(path)
    80
    >>> tokin.write_psv(path, tokin.psv_records(["startpos"]))
    Traceback (most recent call last):
    ...
    FileExistsError: ...two.psv exists; pass overwrite=True to replace it
    """
    path = os.fspath(path)
    data = _records(records, PSV_DTYPE, "records").tobytes()
    if not overwrite:
        try:
            with open(path, "xb") as f:
                f.write(data)
        except FileExistsError:
            raise FileExistsError(f"{path} exists; pass overwrite=True to replace it") from None
        return
    folder = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(dir=folder, prefix=".tokin-", suffix=".psv")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.replace(tmp, path)
    except BaseException:
        os.unlink(tmp)
        raise


def psv_records(
    positions: Sequence[str],
    scores: Optional[Sequence[int]] = None,
    moves: Optional[Sequence[str]] = None,
    results: Optional[Sequence[int]] = None,
) -> np.ndarray:
    """An array of `PSV_DTYPE` made from position texts (anything `Board` reads; the game ply
    is the text's move number), with optional scores, best moves (USI) and results.

    >>> r = tokin.psv_records(["startpos"], scores=[35], moves=["7g7f"], results=[1])
    >>> int(r["score"][0]), int(r["move"][0]), int(r["game_result"][0])
    (35, 7739, 1)
    """
    out = np.zeros(len(positions), PSV_DTYPE)
    for i, text in enumerate(positions):
        board = _tokin.Board(text, "relaxed")
        out["sfen"][i] = np.frombuffer(board.to_psfen(), np.uint8)
        out["gamePly"][i] = min(board.move_number, 0xFFFF)
        if moves is not None:
            out["move"][i] = _tokin._move16(board, moves[i])
    if scores is not None:
        out["score"] = scores
    if results is not None:
        out["game_result"] = results
    return out


def psv_sfens(records: np.ndarray) -> list:
    """The SFEN of each record of an array of `PSV_DTYPE` (the move number is the record's game
    ply), decoded on every core with the GIL released; `PsvError` (with `index`) names the
    first record that holds no position.

    >>> tokin.psv_sfens(tokin.psv_records(["8k/9/9/9/9/9/9/9/K8 w - 7"]))
    ['8k/9/9/9/9/9/9/9/K8 w - 7']
    """
    return _tokin._psv_sfens(_records(records, PSV_DTYPE, "records"))


def psv_moves(records: np.ndarray) -> list:
    """The best move of each record in USI (`None` where the 16 bits name no move legal in its
    position); `PsvError` names the first record that holds no position.

    >>> tokin.psv_moves(tokin.psv_records(["startpos"], moves=["2g2f"]))
    ['2g2f']
    """
    return _tokin._psv_moves(_records(records, PSV_DTYPE, "records"))


def _packed_bytes(packed, field: str) -> bytes:
    """The bytes of 32-byte packed positions given as `bytes`, a `uint8` array, or a
    structured array whose `field` holds them."""
    if isinstance(packed, (bytes, bytearray, memoryview)):
        return bytes(packed)
    packed = np.asarray(packed)
    if packed.dtype.names:
        packed = packed[field]
    return np.ascontiguousarray(packed, np.uint8).tobytes()


def psfens_to_hcps(psfens: np.ndarray) -> np.ndarray:
    """Packed SFENs (`bytes`, an `(n, 32)` `uint8` array such as `records["sfen"]`, or the
    records themselves) as an array of
    `HCP_DTYPE`, each checked as a position; `PsvError` names the first that is not one.

    >>> hcps = tokin.psfens_to_hcps(tokin.psv_records(["startpos"])["sfen"])
    >>> hcps["hcp"][0].tobytes() == tokin.Board().to_hcp()
    True
    """
    data = _packed_bytes(psfens, "sfen")
    return np.frombuffer(_tokin._translate_packed(data, True), HCP_DTYPE).copy()


def hcps_to_psfens(hcps: np.ndarray) -> np.ndarray:
    """HuffmanCodedPos (an array of `HCP_DTYPE` or `HCPE_DTYPE`, `(n, 32)` `uint8`, or `bytes`) as an `(n, 32)` `uint8`
    array of packed SFENs, each checked as a position.

    >>> hcp = np.frombuffer(tokin.Board().to_hcp(), np.uint8)
    >>> tokin.hcps_to_psfens(hcp)[0].tobytes() == tokin.Board().to_psfen()
    True
    """
    data = _packed_bytes(hcps, "hcp")
    return np.frombuffer(_tokin._translate_packed(data, False), np.uint8).reshape(-1, 32).copy()


def move16_to_cshogi(moves: np.ndarray) -> np.ndarray:
    """The training records' 16-bit moves (YaneuraOu's: a drop flag at bit 14, promotion at
    bit 15) as cshogi's (`bestMove16`: a drop's origin is 80 plus the kind's number, promotion
    at bit 14), as cshogi's `move16_from_psv` converts one.

    >>> int(tokin.move16_to_cshogi(np.array([0x4000 | 1 << 7 | 40]))[0])  # P*5e
    10408
    """
    m = np.asarray(moves).astype(np.int32)
    to = m & 0x7F
    high = (m >> 7) & 0x7F
    drop = (m & 0x4000) != 0
    promote = (m & 0x8000) != 0
    origin = np.where(drop, high + 80, high)
    return (to | origin << 7 | promote.astype(np.int32) << 14).astype("<i2")


def psv_to_hcpe(records: np.ndarray) -> np.ndarray:
    """An array of `PSV_DTYPE` as cshogi's `HuffmanCodedPosAndEval` (`HCPE_DTYPE`): each
    position as hcp, the score as `eval`, the move in cshogi's 16 bits, and the result turned
    from the side to move's to cshogi's (0 draw, 1 Black won, 2 White won).

    >>> r = tokin.psv_records(["8k/9/9/9/9/9/9/9/K8 w - 1"], scores=[-50], results=[-1])
    >>> h = tokin.psv_to_hcpe(r)
    >>> int(h["eval"][0]), int(h["gameResult"][0])
    (-50, 1)
    """
    records = _records(records, PSV_DTYPE, "records")
    out = np.zeros(len(records), HCPE_DTYPE)
    out["hcp"] = psfens_to_hcps(records["sfen"])["hcp"]
    out["eval"] = records["score"]
    out["bestMove16"] = move16_to_cshogi(records["move"])
    white = (records["sfen"][:, 0] & 1).astype(bool)
    result = records["game_result"]
    black_won = np.where(white, result < 0, result > 0)
    white_won = np.where(white, result > 0, result < 0)
    out["gameResult"] = np.where(black_won, 1, np.where(white_won, 2, 0))
    return out


def move16_from_cshogi(moves: np.ndarray) -> np.ndarray:
    """cshogi's 16-bit moves (`bestMove16`) as the training records' (YaneuraOu's), the
    reverse of `move16_to_cshogi`, as cshogi's `move16_to_psv` converts one.

    >>> hex(int(tokin.move16_from_cshogi(np.array([10408]))[0]))  # P*5e
    '0x40a8'
    """
    m = np.asarray(moves).astype(np.int32) & 0xFFFF
    to = m & 0x7F
    origin = (m >> 7) & 0x7F
    drop = origin > 80
    promote = (m >> 14) & 1
    high = np.where(drop, origin - 80, origin)
    return (to | high << 7 | drop.astype(np.int32) << 14 | promote << 15).astype("<u2")


def hcpe_to_psv(hcpes: np.ndarray) -> np.ndarray:
    """An array of cshogi's `HuffmanCodedPosAndEval` (`HCPE_DTYPE`) as `PSV_DTYPE`, the
    reverse of `psv_to_hcpe`: each position packed (and checked), `eval` as the score, the
    move in the records' 16 bits, and the result turned to the side to move's (1 win, 0 draw,
    -1 loss). An hcpe holds no move number, so `gamePly` is 0; a `gameResult` other than 0,
    1 or 2 raises `PsvError` naming the record.

    >>> r = tokin.psv_records(["8k/9/9/9/9/9/9/9/K8 w - 1"], scores=[-50], results=[-1])
    >>> back = tokin.hcpe_to_psv(tokin.psv_to_hcpe(r))
    >>> bool((back["sfen"] == r["sfen"]).all())
    True
    >>> int(back["score"][0]), int(back["game_result"][0]), int(back["gamePly"][0])
    (-50, -1, 0)
    """
    hcpes = _records(hcpes, HCPE_DTYPE, "hcpes")
    result = hcpes["gameResult"]
    bad = np.flatnonzero((result < 0) | (result > 2))
    if bad.size:
        index = int(bad[0])
        raise _psv_error(index, None, f"gameResult {int(result[index])} is not 0, 1 or 2")
    out = np.zeros(len(hcpes), PSV_DTYPE)
    out["sfen"] = hcps_to_psfens(hcpes["hcp"])
    out["score"] = hcpes["eval"]
    out["move"] = move16_from_cshogi(hcpes["bestMove16"])
    white = (out["sfen"][:, 0] & 1).astype(bool)
    won = np.where(white, result == 2, result == 1)
    lost = np.where(white, result == 1, result == 2)
    out["game_result"] = np.where(won, 1, np.where(lost, -1, 0))
    return out


class _Progress:
    """A progress bar: tqdm's when it is installed, else a line on standard error rewritten at
    most once a second."""

    def __init__(self) -> None:
        self.bar = None
        self.last = 0.0
        self.start = time.monotonic()
        self.first: Optional[int] = None

    def __call__(self, done: int, total: int) -> None:
        if self.first is None:
            self.first = done
            try:
                from tqdm import tqdm

                self.bar = tqdm(total=total, initial=done, unit="pos", desc="gensfen")
            except ImportError:
                self.bar = None
        if self.bar is not None:
            self.bar.update(done - self.bar.n)
            return
        now = time.monotonic()
        if now - self.last >= 1.0 or done >= total:
            self.last = now
            rate = (done - self.first) / max(now - self.start, 1e-3)
            sys.stderr.write(f"\rgensfen: {done}/{total} positions, {rate:.0f} positions/s")
            sys.stderr.flush()

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()
        elif self.first is not None:
            sys.stderr.write("\n")


def gensfen(
    path: PathLike,
    positions: int,
    *,
    depth: int = 6,
    threads: Optional[int] = None,
    seed: int = 1,
    nodes: Optional[int] = None,
    random_plies: Tuple[int, int] = (4, 16),
    handicaps: float = 0.1,
    max_plies: int = 320,
    eval_limit: int = 3000,
    evalfile: Optional[PathLike] = None,
    hash_mb: int = 16,
    progress: Union[bool, Callable[[int, int], None]] = True,
) -> int:
    """Self-play training records, as `tokin gensfen` makes them with the same arguments
    (the built-in network, or `evalfile`): games on `threads` threads (default: one per
    core) with the GIL released, until the file at `path` holds exactly `positions` records.
    A file holding records from an earlier run is gone on with; one holding anything else is
    refused (`ValueError`). Returns the number of records the file holds.

    `progress`: a bar (tqdm's if installed, else a line on standard error), `False` for none,
    or a callable given `(done, total)`. Ctrl-C stops the run once the games being played
    end, keeping every record written, and raises `KeyboardInterrupt`.

    >>> import os, tempfile
    >>> path = os.path.join(tempfile.mkdtemp(), "selfplay.psv")
    >>> tokin.gensfen(path, 5, depth=1, threads=1, progress=False)
    5
    >>> len(tokin.read_psv(path))
    5
    """
    bar = _Progress() if progress is True else (progress or None)
    try:
        return _tokin._gensfen(
            os.fspath(path),
            positions,
            depth,
            threads,
            seed,
            nodes,
            tuple(random_plies),
            handicaps,
            max_plies,
            eval_limit,
            None if evalfile is None else os.fspath(evalfile),
            hash_mb,
            bar,
        )
    finally:
        if isinstance(bar, _Progress):
            bar.close()
