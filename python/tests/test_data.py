"""Training data: PackedSfenValue arrays, hcp/hcpe against cshogi, gensfen, position texts."""

import os
import pathlib
import random
import shutil
import signal
import subprocess
import threading
import warnings

import cshogi
import numpy as np
import pytest

import tokin
from games import random_games

REPO = pathlib.Path(__file__).resolve().parents[2]
STARTPOS = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"
HANDICAPS = ["lance", "bishop", "rook", "2-pieces", "4-pieces", "6-pieces", "10-pieces"]


def positions(count_games=30, plies=160, seed=11):
    """Every position of random games from the even start and from handicap starts, as
    (sfen, a legal move or None) with the SFEN's move number."""
    rng = random.Random(seed)
    out = []
    for g in range(count_games):
        board = tokin.Board(HANDICAPS[g % len(HANDICAPS)] if g % 3 == 0 else "startpos")
        for _ in range(rng.randint(1, plies)):
            moves = board.legal_moves
            out.append((board.sfen(), rng.choice(moves) if moves else None))
            if not moves:
                break
            board.push_usi(rng.choice(moves))
    return out


@pytest.fixture(scope="module")
def sample():
    return positions()


def test_psv_round_trips_through_a_file(tmp_path, sample):
    rng = random.Random(3)
    sfens = [s for s, _ in sample]
    moves = [m or "" for _, m in sample]
    scores = [rng.randint(-32768, 32767) for _ in sample]
    results = [rng.choice([-1, 0, 1]) for _ in sample]
    with_moves = [i for i, m in enumerate(moves) if m]
    records = tokin.psv_records(
        [sfens[i] for i in with_moves],
        scores=[scores[i] for i in with_moves],
        moves=[moves[i] for i in with_moves],
        results=[results[i] for i in with_moves],
    )
    assert len(records) > 1000
    path = tmp_path / "data.psv"
    tokin.write_psv(path, records)
    assert path.stat().st_size == 40 * len(records)
    for read in (tokin.read_psv(path), tokin.read_psv(path, mmap=True)):
        assert read.dtype == tokin.PSV_DTYPE == cshogi.PackedSfenValue
        assert tokin.psv_sfens(read) == [sfens[i] for i in with_moves]
        assert tokin.psv_moves(read) == [moves[i] for i in with_moves]
        for field in ("score", "move", "gamePly", "game_result"):
            assert (read[field] == records[field]).all(), field
        assert list(read["score"]) == [scores[i] for i in with_moves]
        assert list(read["game_result"]) == [results[i] for i in with_moves]
    # One at a time, as the Board reads and writes them.
    board = tokin.Board()
    for sfen, rec in zip([sfens[i] for i in with_moves][:300], records[:300]):
        board.set_psfen(rec["sfen"])
        assert board.sfen().split()[:3] == sfen.split()[:3]
        assert board.to_psfen() == rec["sfen"].tobytes()
        assert tokin.psfen_to_sfen(rec["sfen"]).split()[:3] == sfen.split()[:3]


def test_psv_agrees_with_cshogi(sample):
    """cshogi packs every position as tokin does, and reads tokin's moves as the same."""
    board = cshogi.Board()
    psfen = np.zeros(1, cshogi.PackedSfen)
    for sfen, mv in sample[::3]:
        board.set_sfen(sfen)
        board.to_psfen(psfen)
        assert tokin.Board(sfen).to_psfen() == psfen.tobytes(), sfen
        if mv:
            rec = tokin.psv_records([sfen], moves=[mv])
            assert cshogi.move_to_usi(board.move_from_psv(int(rec["move"][0]))) == mv


def test_hcp_is_cshogis_on_random_positions(sample):
    board = cshogi.Board()
    hcp = np.zeros(1, cshogi.HuffmanCodedPos)
    ours = tokin.Board()
    for sfen, _ in sample:
        board.set_sfen(sfen)
        board.to_hcp(hcp)
        assert tokin.Board(sfen).to_hcp() == hcp.tobytes(), sfen
        ours.set_hcp(hcp)
        assert ours.sfen().split()[:3] == sfen.split()[:3]
        back = cshogi.Board()
        back.set_hcp(np.frombuffer(tokin.Board(sfen).to_hcp(), np.uint8))
        assert back.sfen().split()[:3] == sfen.split()[:3]
    assert tokin.HCP_DTYPE == cshogi.HuffmanCodedPos
    assert tokin.HCPE_DTYPE == cshogi.HuffmanCodedPosAndEval


def test_psv_to_hcpe_is_what_cshogi_reads(sample):
    rng = random.Random(5)
    chosen = [(s, m) for s, m in sample if m][::2]
    results = [rng.choice([-1, 0, 1]) for _ in chosen]
    scores = [rng.randint(-3000, 3000) for _ in chosen]
    records = tokin.psv_records(
        [s for s, _ in chosen], scores=scores, moves=[m for _, m in chosen], results=results
    )
    hcpes = tokin.psv_to_hcpe(records)
    assert hcpes.dtype == cshogi.HuffmanCodedPosAndEval
    # The array as cshogi would have written it, through its own file reader.
    board = cshogi.Board()
    for (sfen, mv), result, score, rec, hcpe in zip(chosen, results, scores, records, hcpes):
        board.set_hcp(hcpe["hcp"])
        assert board.sfen().split()[:3] == sfen.split()[:3]
        assert int(hcpe["eval"]) == score
        move = board.move_from_move16(int(hcpe["bestMove16"]))
        assert cshogi.move_to_usi(move) == mv
        assert int(hcpe["bestMove16"]) == cshogi.move16_from_psv(int(rec["move"]))
        side_won = {1: board.turn, -1: 1 - board.turn}.get(result)
        expected = cshogi.DRAW if side_won is None else (
            cshogi.BLACK_WIN if side_won == cshogi.BLACK else cshogi.WHITE_WIN
        )
        assert int(hcpe["gameResult"]) == expected
    # And back: the hcp of every record reads as its packed SFEN.
    assert (tokin.hcps_to_psfens(hcpes["hcp"]) == records["sfen"]).all()


def test_hcpe_to_psv_is_what_cshogi_writes(sample):
    # hcpe records made by cshogi itself, turned into training records here.
    rng = random.Random(6)
    chosen = [(s, m) for s, m in sample if m][1::2]
    hcpes = np.zeros(len(chosen), cshogi.HuffmanCodedPosAndEval)
    board = cshogi.Board()
    for (sfen, mv), hcpe in zip(chosen, hcpes):
        board.set_sfen(sfen)
        board.to_hcp(hcpe["hcp"])
        hcpe["eval"] = rng.randint(-3000, 3000)
        hcpe["bestMove16"] = cshogi.move16(board.move_from_usi(mv))
        hcpe["gameResult"] = rng.choice([cshogi.DRAW, cshogi.BLACK_WIN, cshogi.WHITE_WIN])
    records = tokin.hcpe_to_psv(hcpes)
    assert records.dtype == tokin.PSV_DTYPE
    psfen = np.zeros(32, np.uint8)
    for (sfen, mv), hcpe, rec in zip(chosen, hcpes, records):
        board.set_hcp(hcpe["hcp"])
        board.to_psfen(psfen)
        assert (rec["sfen"] == psfen).all()
        assert int(rec["score"]) == int(hcpe["eval"])
        assert int(rec["move"]) == cshogi.move16_to_psv(int(hcpe["bestMove16"]))
        assert cshogi.move_to_usi(board.move_from_psv(int(rec["move"]))) == mv
        winner = {cshogi.BLACK_WIN: cshogi.BLACK, cshogi.WHITE_WIN: cshogi.WHITE}
        side_won = winner.get(int(hcpe["gameResult"]))
        expected = 0 if side_won is None else 1 if side_won == board.turn else -1
        assert int(rec["game_result"]) == expected
        assert int(rec["gamePly"]) == 0
    # Back the other way, the same array.
    assert (tokin.psv_to_hcpe(records) == hcpes).all()
    bad = hcpes.copy()
    bad["gameResult"][3] = 7
    with pytest.raises(tokin.PsvError, match="record 3") as e:
        tokin.hcpe_to_psv(bad)
    assert e.value.index == 3


def test_mutated_packed_data_raises_only_psv_errors():
    rng = np.random.default_rng(17)
    good = tokin.psv_records(["startpos", "2-pieces", "8k/9/9/9/9/9/9/9/K8 w - 1"] * 10)
    decoded = 0
    for trial in range(2000):
        records = good.copy()
        raw = records.view(np.uint8).reshape(len(records), 40)
        bad = int(rng.integers(len(records)))
        if trial % 2:
            raw[bad, :32] = rng.integers(0, 256, 32, dtype=np.uint8)
        else:
            for _ in range(int(rng.integers(1, 4))):
                bit = int(rng.integers(256))
                raw[bad, bit // 8] ^= 1 << (bit % 8)
        try:
            sfens = tokin.psv_sfens(records)
        except tokin.PsvError as e:
            assert e.index == bad and f"record {bad}" in str(e)
            assert isinstance(e, ValueError)
            continue
        decoded += 1
        # What decodes is a position tokin reads back (with warnings of the rules of a game
        # that random bits break).
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", tokin.PositionWarning)
            tokin.Board(sfens[bad], "relaxed")
        for convert in (lambda: tokin.psv_to_hcpe(records), lambda: tokin.psv_moves(records)):
            convert()
    assert decoded > 0
    for trial in range(2000):
        data = rng.integers(0, 256, 32, dtype=np.uint8).tobytes()
        for read in (tokin.Board().set_psfen, tokin.Board().set_hcp, tokin.psfen_to_sfen):
            try:
                read(data)
            except tokin.PsvError as e:
                assert e.index == 0
        try:
            tokin.hcps_to_psfens(np.frombuffer(data * 3, np.uint8).reshape(3, 32))
        except tokin.PsvError as e:
            assert e.index == 0
    with pytest.raises(tokin.PsvError, match="32 bytes, not 31"):
        tokin.psfen_to_sfen(b"\0" * 31)
    with pytest.raises(TypeError):
        tokin.psv_sfens(np.zeros(3, tokin.HCPE_DTYPE))
    with pytest.raises(TypeError):
        tokin.psfen_to_sfen("not bytes")
    assert tokin.psfen_to_sfen(list(tokin.sfen_to_psfen("startpos"))) == STARTPOS


def test_truncated_files_name_the_record(tmp_path):
    records = tokin.psv_records(["startpos"] * 5)
    path = tmp_path / "cut.psv"
    tokin.write_psv(path, records)
    data = path.read_bytes()
    for cut in (1, 39, 41, 117, 199):
        path.write_bytes(data[:cut])
        with pytest.raises(tokin.PsvError) as info:
            tokin.read_psv(path)
        assert info.value.index == cut // 40
        assert info.value.file == str(path)
        assert f"{cut % 40} bytes into it" in str(info.value)
    path.write_bytes(b"")
    assert len(tokin.read_psv(path)) == 0


def test_write_psv_never_replaces_a_file_unasked(tmp_path):
    path = tmp_path / "kept.psv"
    path.write_bytes(b"the user's file")
    with pytest.raises(FileExistsError):
        tokin.write_psv(path, tokin.psv_records(["startpos"]))
    assert path.read_bytes() == b"the user's file"
    tokin.write_psv(path, tokin.psv_records(["startpos"]), overwrite=True)
    assert tokin.psv_sfens(tokin.read_psv(path)) == [STARTPOS]
    assert sorted(os.listdir(tmp_path)) == ["kept.psv"]
    with pytest.raises(TypeError):
        tokin.write_psv(tmp_path / "other.psv", np.zeros(2, np.int32))
    assert not (tmp_path / "other.psv").exists()


def test_gensfen_writes_exactly_the_records_asked_for(tmp_path):
    path = tmp_path / "selfplay.psv"
    seen = []
    assert tokin.gensfen(path, 37, depth=1, threads=2, progress=lambda d, t: seen.append((d, t))) == 37
    assert path.stat().st_size == 37 * 40
    assert seen[-1] == (37, 37)
    records = tokin.read_psv(path)
    for sfen, mv in zip(tokin.psv_sfens(records), tokin.psv_moves(records)):
        assert mv in tokin.Board(sfen, "relaxed").legal_moves
    assert set(np.unique(records["game_result"])) <= {-1, 0, 1}
    # Going on from the file, as the command does.
    assert tokin.gensfen(path, 50, depth=1, threads=1, progress=False) == 50
    assert path.stat().st_size == 50 * 40
    assert (tokin.read_psv(path)[:37] == records).all()
    # Already there: nothing played.
    assert tokin.gensfen(path, 20, depth=1, progress=False) == 50


def test_gensfen_shows_its_progress(tmp_path, capsys):
    assert tokin.gensfen(tmp_path / "shown.psv", 6, depth=1, threads=1) == 6
    assert "6/6" in capsys.readouterr().err


def test_gensfen_refuses_a_file_of_something_else(tmp_path):
    path = tmp_path / "notes.txt"
    path.write_bytes(b"\xff" * 80)
    with pytest.raises(ValueError, match="does not hold training records"):
        tokin.gensfen(path, 10, depth=1, progress=False)
    assert path.read_bytes() == b"\xff" * 80
    for bad in (dict(positions=0), dict(depth=0), dict(threads=0), dict(random_plies=(5, 2))):
        args = dict(positions=3, depth=1, progress=False) | bad
        with pytest.raises(ValueError):
            tokin.gensfen(tmp_path / "x.psv", **args)


def tokin_binary():
    """The command-line `tokin` built in the workspace (or named by `TOKIN_BIN`), if any: the
    debug build first, which `cargo test --workspace` leaves. It must be built from the same
    sources as the package: another search writes other records."""
    named = os.environ.get("TOKIN_BIN")
    if named:
        return named
    target = pathlib.Path(os.environ.get("CARGO_TARGET_DIR", REPO / "target"))
    for build in ("debug", "release"):
        if (target / build / "tokin").is_file():
            return str(target / build / "tokin")
    return shutil.which("tokin")


@pytest.mark.skipif(tokin_binary() is None, reason="no tokin binary built (set TOKIN_BIN)")
def test_gensfen_writes_what_tokin_gensfen_writes(tmp_path):
    ours, theirs = tmp_path / "ours.psv", tmp_path / "theirs.psv"
    args = ["--depth", "2", "--threads", "1", "--seed", "7", "--max-plies", "60"]
    for n in ("30", "45"):
        subprocess.run(
            [tokin_binary(), "gensfen", "--output", theirs, "--positions", n, *args],
            check=True,
            capture_output=True,
        )
        tokin.gensfen(ours, int(n), depth=2, threads=1, seed=7, max_plies=60, progress=False)
        assert ours.read_bytes() == theirs.read_bytes(), n


def test_ctrl_c_stops_gensfen_keeping_what_was_written(tmp_path):
    path = tmp_path / "stopped.psv"
    timer = threading.Timer(1.5, lambda: os.kill(os.getpid(), signal.SIGINT))
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            tokin.gensfen(path, 10**9, depth=1, threads=2, progress=False)
    finally:
        timer.cancel()
    size = path.stat().st_size
    assert size > 0 and size % 40 == 0
    tokin.psv_sfens(tokin.read_psv(path))
    # The run goes on from what it kept.
    assert tokin.gensfen(path, size // 40 + 3, depth=1, progress=False) == size // 40 + 3


TEXTS = [
    # (text, SFEN): every form `--sfen` reads.
    ("startpos", STARTPOS),
    ("sfen " + STARTPOS, STARTPOS),
    ("lnsgk^gsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGK^GSNL / S/s", STARTPOS),
    (
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[] w",
        STARTPOS,
    ),
    ("2-pieces", "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"),
    ("香落ち", "lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"),
    ("-handicap=2p", "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"),
]


@pytest.mark.parametrize("text,sfen", TEXTS)
def test_a_board_reads_every_position_text(text, sfen):
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert tokin.Board(text).sfen() == sfen
        board = tokin.Board()
        board.set_sfen(text)
        assert board.sfen() == sfen
        assert tokin.sfen_to_psfen(text) == tokin.Board(sfen).to_psfen()


def test_problem_positions_warn_of_the_rules_they_break():
    problems = [
        line.split("|")[0].strip()
        for line in (REPO / "tests/data/mate/positions.txt").read_text().splitlines()
        if line and not line.startswith("#")
    ]
    kingless = [p for p in problems if "K" not in p.split()[0]]
    read = 0
    for sfen in kingless:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            try:
                board = tokin.Board(sfen, "problem")
            except tokin.SfenError:
                # More pieces of a kind than a set: only `relaxed` reads it.
                board = tokin.Board(sfen, "relaxed")
            else:
                read += 1
        assert board.sfen().split()[:2] == sfen.split()[:2]
        assert any(
            w.category is tokin.PositionWarning and "black has no king" in str(w.message)
            for w in caught
        ), sfen
        with pytest.raises(tokin.SfenError):
            tokin.Board(sfen)
    assert read >= 3
    with pytest.warns(tokin.PositionWarning, match="nifu"):
        tokin.Board("4k4/9/4P4/9/4P4/9/9/9/9 b G 1", "problem")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with pytest.raises(tokin.PositionWarning):
            tokin.Board("4k4/9/4P4/9/9/9/9/9/9 b G 1", "problem")


def test_bad_position_texts_raise_sfen_errors():
    for text in ["", "-handicap=9z", "lnsgk^gsnl / S", "foo[] w", "10-pieces x", "sfen"]:
        with pytest.raises(tokin.SfenError):
            tokin.Board(text)
    with pytest.raises(tokin.MoveError):
        tokin.Board("startpos", moves=["7g7f", "7f7e", "1a1b"])
    assert tokin.Board("2-pieces", moves="3c3d 7g7f").move_stack == ["3c3d", "7g7f"]


def test_random_games_pack_and_unpack_every_position():
    for board in random_games(10, 200, 23):
        while board.move_stack:
            sfen = board.sfen()
            packed = board.to_psfen()
            assert tokin.psfen_to_sfen(packed).split()[:3] == sfen.split()[:3]
            assert tokin.hcps_to_psfens(board.to_hcp())[0].tobytes() == packed
            board.pop()
