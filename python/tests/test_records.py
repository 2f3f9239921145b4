"""Game records from the Python API: the repository's fixtures, cshogi's readings of the same
files, damaged files, writing, and reading a folder in parallel."""

import pathlib
import random
import warnings

import pytest

import tokin
from games import random_game

RECORDS = pathlib.Path(__file__).resolve().parents[2] / "tests" / "data" / "records"
GOOD = [
    "tempo_loss.kif", "tempo_loss.kifu", "two_pieces.kif", "two_pieces.kifu",
    "habu_silver.kif", "habu_silver.kifu", "ishida.ki2", "ishida.ki2u", "ishida.psn",
    "v22_handicap.csa", "v30_position.csa", "forks.jkf", "multi.csa", "games.usi",
]
# file, line, column, part of the message, move number (as the Rust fixtures test says)
DAMAGED = [
    ("damaged_illegal.kif", 9, 6, "cannot reach", 5),
    ("damaged_truncated.csa", 9, 1, "is not a csa move", 4),
    ("damaged_same_first.ki2", 2, 1, "no previous move", 1),
    ("damaged_bod.kif", 5, 2, "broken board diagram", None),
    ("damaged_hand.kif", 1, 7, "more 歩 in hand", None),
    ("damaged_header.kif", 2, 1, "not a header", None),
    ("damaged_handicap.kif", 1, 5, "unknown handicap", None),
    ("damaged_json.jkf", 4, 0, "bad JSON", None),
    ("damaged_illegal.jkf", 7, 14, "cannot reach", 2),
    ("damaged_move.psn", 4, 17, "no pawn can move", 3),
]


def replay(game):
    board = tokin.Board(game.start_sfen)
    for usi in game.moves:
        board.push_usi(usi)
    return board


@pytest.mark.parametrize("name", GOOD)
def test_fixtures_read_and_replay(name):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # several games in one file
        game = tokin.read_record(RECORDS / name)
    assert game.moves
    assert replay(game).sfen() == game.board().sfen()
    assert len(game.comments) == len(game.times) == len(game) == len(game.moves)


def test_shift_jis_and_utf8_copies_read_the_same():
    for stem in ["tempo_loss", "two_pieces", "habu_silver"]:
        a = tokin.read_record(RECORDS / f"{stem}.kif")
        b = tokin.read_record(RECORDS / f"{stem}.kifu")
        assert (a.moves, a.headers, a.comments, a.times) == (b.moves, b.headers, b.comments, b.times)


def test_what_a_kif_record_holds():
    game = tokin.read_record(RECORDS / "tempo_loss.kif")
    assert game.names == ("先手 一郎", "後手 二郎")
    assert game.headers["black"] == "先手 一郎"
    assert game.result == "resign"
    assert game.times[:3] == [1.0, 2.0, 3.0]
    assert game.comments[0] == "角道を開ける"
    assert game.board(2).move_stack == game.moves[:2]


def test_variations_are_listed_with_their_start():
    game = tokin.read_record(RECORDS / "forks.jkf")
    assert game.variations
    for var in game.variations:
        board = tokin.Board(var.start_sfen)
        for usi in var.moves:
            board.push_usi(usi)
        assert var.depth >= 1 and var.ply >= 1
    psn = tokin.parse_record("[Sente \"A\"]\n\n1. P-7f P-3d (1... P-8d 2. P-2f) 2. P-2f *\n", "psn")
    [var] = psn.variations
    assert (var.ply, var.depth, var.moves) == (2, 1, ["8c8d", "2g2f"])
    assert tokin.Board(var.start_sfen).move_number == 2 or var.start_sfen.endswith(" 2")


cshogi = pytest.importorskip("cshogi")
import cshogi.CSA  # noqa: E402
import cshogi.KIF  # noqa: E402

# The fixtures cshogi 1.1.0 reads as their formats say. It misreads the others: a start from
# a board diagram (habu_silver), CSA statements joined by commas (v22_handicap), `P-00AL`
# (v30_position: White's hand left empty), and it crashes the interpreter on multi.csa.
CSHOGI_READS = ["tempo_loss.kif", "tempo_loss.kifu", "two_pieces.kif", "two_pieces.kifu"]


@pytest.mark.parametrize("name", CSHOGI_READS)
def test_fixtures_agree_with_cshogi(name):
    path = str(RECORDS / name)
    theirs = cshogi.KIF.Parser.parse_file(path)
    ours = tokin.read_record(path)
    assert ours.start_sfen == theirs.sfen
    assert ours.moves == [cshogi.move_to_usi(m) for m in theirs.moves]
    assert list(ours.names) == theirs.names
    # cshogi adds the time spent before the ending (resigning) as one more entry.
    assert [int(t) for t in ours.times] == theirs.times[: len(ours.moves)]


@pytest.mark.parametrize("fmt", ["kif", "csa"])
def test_written_games_read_the_same_in_cshogi(fmt):
    # Random games reach promotions, drops and recaptures a fixture may not.
    import random

    rng = random.Random(5)
    for _ in range(20):
        moves = random_game(rng, 200).move_stack
        text = tokin.parse_record("position startpos moves " + " ".join(moves), "usi").to_string(fmt)
        theirs = cshogi.KIF.Parser.parse_str(text) if fmt == "kif" else cshogi.CSA.Parser.parse_str(text)[0]
        assert [cshogi.move_to_usi(m) for m in theirs.moves] == moves


@pytest.mark.parametrize("name,line,column,message,ply", DAMAGED)
def test_damaged_files_raise_record_error_with_the_place(name, line, column, message, ply):
    with pytest.raises(tokin.RecordError, match=message) as info:
        tokin.read_record(RECORDS / name)
    error = info.value
    assert isinstance(error, ValueError)
    assert (error.line, error.column, error.ply) == (line, column, ply)
    assert error.file == str(RECORDS / name)
    assert str(error).startswith(str(RECORDS / name))
    if ply is not None and ply > 1:
        # Lenient reading keeps the moves before the bad one and says what it skipped.
        game = tokin.read_record(RECORDS / name, lenient=True)
        assert len(game.moves) == ply - 1
        assert len(game.warnings) == 1


def test_texts_with_no_game_and_bad_arguments():
    for text, fmt in [("", "kif"), ("   \n", "csa"), ("hello", "usi")]:
        with pytest.raises(tokin.RecordError):
            tokin.parse_record(text, fmt)
    with pytest.raises(ValueError, match="unknown record format"):
        tokin.parse_record("position startpos", "docx")
    with pytest.raises(FileNotFoundError):
        tokin.read_record(RECORDS / "no_such_file.kif")
    with pytest.warns(UserWarning, match="holds 4 games"):
        game = tokin.read_record(RECORDS / "games.usi")
    assert game.moves == tokin.parse_records((RECORDS / "games.usi").read_text(), "usi")[0].moves


def test_every_format_writes_a_game():
    game = tokin.parse_record("position startpos moves 7g7f 3c3d", "usi")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", tokin.RecordLossWarning)
        for fmt in tokin.FORMATS:
            assert tokin.parse_record(game.to_string(fmt), fmt).moves == game.moves, fmt


@pytest.mark.parametrize("fmt", ["kif", "ki2", "csa", "jkf", "psn"])
def test_written_records_read_back(fmt):
    game = tokin.read_record(RECORDS / "tempo_loss.kif")
    with warnings.catch_warnings(record=True) as lost:
        warnings.simplefilter("always")
        text = game.to_string(fmt)
    assert all(issubclass(w.category, tokin.RecordLossWarning) for w in lost)
    # KIF holds everything this game has; the others say what they drop.
    assert (fmt == "kif") == (not lost)
    again = tokin.parse_record(text, fmt)
    assert (again.moves, again.start_sfen, again.result) == (game.moves, game.start_sfen, game.result)


def test_writing_never_replaces_a_file_unasked(tmp_path):
    game = tokin.read_record(RECORDS / "two_pieces.kifu")
    target = tmp_path / "game.kif"
    game.write(target)
    # `.kif` is written in Shift_JIS, as programs expect of the extension.
    raw = target.read_bytes()
    assert raw.decode("cp932") and "encoding=Shift_JIS" in raw.decode("cp932")
    assert tokin.read_record(target).moves == game.moves
    target.write_text("mine")
    with pytest.raises(FileExistsError):
        game.write(target)
    assert target.read_text() == "mine"
    with pytest.raises(IsADirectoryError):
        game.write(tmp_path, format="kif")
    with pytest.raises(ValueError, match="extension"):
        game.write(tmp_path / "game.txt")
    game.write(target, overwrite=True)
    assert tokin.read_record(target).moves == game.moves
    with pytest.warns(tokin.RecordLossWarning, match="USI"):
        game.write(tmp_path / "game.usi")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.kif", "game.usi"]


def test_a_folder_is_read_in_parallel_with_errors_per_file():
    results = tokin.read_records(RECORDS, threads=2)
    by_name = {pathlib.Path(path).relative_to(RECORDS).as_posix(): value for path, value in results}
    assert len(by_name) == len(results) > len(GOOD) + len(DAMAGED)
    for name, line, column, _, _ in DAMAGED:
        error = by_name[name]
        assert isinstance(error, tokin.RecordError), name
        assert (error.line, error.column, error.file) == (line, column, str(RECORDS / name))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # several games in one file
        for name in GOOD:
            assert [g.moves for g in by_name[name]][0] == tokin.read_record(RECORDS / name).moves
    assert len(by_name["games.usi"]) == 4
    # The same answers for the files given one by one, on one thread.
    again = tokin.read_records([path for path, _ in results], threads=1)
    assert [(p, type(v)) for p, v in again] == [(p, type(v)) for p, v in results]
    missing = tokin.read_records([RECORDS / "no_such_file.kif"])
    assert isinstance(missing[0][1], FileNotFoundError)


def test_a_folder_larger_than_the_calling_threads_share_reads_the_same_on_any_threads(tmp_path):
    # `read_records` reads the first 256 KiB of files on the calling thread and the rest on a
    # pool: 12 files of 40 games each (about 40 KB a file) cross that line, with a broken
    # file on each side of it.
    rng = random.Random(3)
    games = [random_game(rng, 120).move_stack for _ in range(40)]
    text = "/\n".join(tokin.Record(g, result="resign").to_string("csa") for g in games)
    assert 256 * 1024 // 10 < len(text.encode()) < 256 * 1024 // 3
    for i in range(12):
        (tmp_path / f"{i:02}.csa").write_text(text)
    broken = text.replace("%TORYO", "+0000XX", 1)
    for name in ["01.csa", "11.csa"]:
        (tmp_path / name).write_text(broken)
    runs = [tokin.read_records(tmp_path, threads=t) for t in (None, 1, 2, 3)]
    for results in runs:
        assert [pathlib.Path(p).name for p, _ in results] == [f"{i:02}.csa" for i in range(12)]
        for path, value in results:
            if pathlib.Path(path).name in ("01.csa", "11.csa"):
                assert isinstance(value, tokin.RecordError)
                with pytest.raises(tokin.RecordError) as alone:
                    tokin.read_record(path)
                assert (value.file, value.line, value.column, str(value)) == (
                    alone.value.file, alone.value.line, alone.value.column, str(alone.value))
            else:
                assert [g.moves for g in value] == games


def test_a_record_built_in_python_is_written_with_what_it_holds():
    moves = random_game(random.Random(2), 60).move_stack
    comments = ["opening"] + [""] * 10 + ["two\nlines"]
    times = [1, 2.5, None, 4]
    headers = {"black": "Sente", "white": "Gote", "event": "Test", "表題": "kept"}
    game = tokin.Record(moves, headers=headers, comments=comments, times=times, result="resign")
    assert (game.moves, game.headers, game.result) == (moves, headers, "resign")
    assert game.comments == comments + [""] * (len(moves) - len(comments))
    assert game.times == [1.0, 2.5, None, 4.0] + [None] * (len(moves) - 4)
    # KIF holds all of it but the half second, and says so.
    with pytest.warns(tokin.RecordLossWarning, match="whole seconds"):
        text = game.to_string("kif")
    again = tokin.parse_record(text, "kif")
    assert (again.moves, again.headers, again.comments, again.result) == (
        game.moves, game.headers, game.comments, game.result)
    assert again.times[:4] == [1.0, 2.0, None, 4.0]  # KIF writes whole seconds
    # From a position: its move number counts the moves before.
    board = tokin.Board("lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2")
    late = tokin.Record("3c3d 2g2f", start_sfen=board.sfen())
    assert late.moves_before == 1 and late.board().move_stack == ["3c3d", "2g2f"]
    assert tokin.Record().moves == [] and len(tokin.Record()) == 0


def test_a_record_refuses_what_it_cannot_hold():
    for kwargs, error in [
        ({"moves": ["7g7f", "7g7f"]}, tokin.MoveError),
        ({"moves": ["7g7f"], "start_sfen": "9/9 b - 1"}, tokin.SfenError),
        ({"moves": ["7g7f"], "result": "won"}, ValueError),
        ({"moves": ["7g7f"], "times": [-1.0]}, ValueError),
        ({"moves": ["7g7f"], "times": [1, 2]}, ValueError),
        ({"moves": ["7g7f"], "comments": ["a", "b"]}, ValueError),
        ({"moves": ["7g7f"], "headers": {"black": 1}}, TypeError),
    ]:
        with pytest.raises(error):
            tokin.Record(**kwargs)
    with pytest.raises(tokin.MoveError, match="move 2"):
        tokin.Record(["7g7f", "7g7f"])


def test_mutated_records_raise_only_record_errors():
    # The UTF-8 fixtures with one to four characters inserted, deleted or replaced by others
    # of the same file, read strictly and leniently: games, or a RecordError with its place.
    rng = random.Random(4)
    suffixes = {".kifu": "kif", ".ki2u": "ki2", ".csa": "csa", ".jkf": "jkf", ".psn": "psn", ".usi": "usi"}
    files = sorted(p for p in RECORDS.iterdir() if p.suffix in suffixes)
    for _ in range(1500):
        path = rng.choice(files)
        text = list(path.read_text(encoding="utf-8"))
        for _ in range(rng.randrange(1, 5)):
            at = rng.randrange(len(text))
            edit = rng.randrange(3)
            if edit == 0:
                text.insert(at, rng.choice(text))
            elif edit == 1:
                del text[at]
            else:
                text[at] = rng.choice(text)
        for lenient in (False, True):
            try:
                games = tokin.parse_records("".join(text), suffixes[path.suffix], lenient=lenient)
            except tokin.RecordError as error:
                assert error.line >= 0 and error.column >= 0
            else:
                assert games
