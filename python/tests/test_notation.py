"""Moves and lines in every notation style, both ways, from the Python API."""

import csv
import pathlib
import random

import pytest

import tokin
from games import random_games

DATA = pathlib.Path(__file__).resolve().parents[2] / "tests" / "data"


def test_styles_are_the_rust_crate_names():
    assert tokin.STYLES[0] == "japanese"
    assert set(tokin.STYLES) == {
        "japanese", "kif", "csa", "hodges", "western", "hosking",
        "correspondence", "kitao", "usi", "server",
    }


@pytest.mark.parametrize("style", tokin.STYLES)
def test_every_legal_move_round_trips(style):
    # Every legal move of every position of the games, so that each direction word, 打, 同
    # and promotion choice the games reach is written and read back.
    for game in random_games(6, 120, seed=7):
        game = game.move_stack
        board = tokin.Board()
        for played in game:
            for usi in board.legal_moves:
                text = board.move_to_notation(usi, style)
                assert board.parse_notation(text, style) == usi, (board.sfen(), text)
            board.push_usi(played)


@pytest.mark.parametrize("style", tokin.STYLES)
def test_lines_round_trip_and_leave_the_board_alone(style):
    for game in random_games(10, 150, seed=11):
        game = game.move_stack
        board = tokin.Board()
        line = board.line_to_notation(game, style)
        assert board.parse_notation_line(line, style) == game
        assert board.move_stack == []
        for usi in game:
            # 同 and the Kitao-Kawasaki recapture refer to the move pushed before.
            assert board.push_notation(board.move_to_notation(usi, style), style) == usi
        assert board.move_stack == game


def test_same_square_refers_to_the_last_move_pushed():
    board = tokin.Board()
    for usi in ["7g7f", "3c3d", "8h2b+"]:
        board.push_usi(usi)
    assert board.move_to_notation("3a2b") == "☖同銀"
    assert board.move_to_notation("3a2b", "kif") == "同　銀(31)"
    assert board.push_notation("同銀", "japanese") == "3a2b"
    # Another square given explicitly wins over the last move's.
    board = tokin.Board("8k/9/4s4/3S1S3/9/9/9/9/K8 b p 2")
    assert board.move_to_notation("6d5c+") == "☗５三銀左成"
    assert board.move_to_notation("6d5c+", last_to="5c") == "☗同銀左成"


def textbook_rows():
    with open(DATA / "notation-textbook.tsv", encoding="utf-8") as f:
        lines = [line for line in f if not line.startswith("#")]
    return list(csv.DictReader(lines, delimiter="\t"))


@pytest.mark.parametrize("row", textbook_rows(), ids=lambda r: f"{r['usi']}:{r['why'][:30]}")
def test_textbook_disambiguation(row):
    board = tokin.Board(row["sfen"])
    last_to = None if row["last_to"] == "-" else row["last_to"]
    for style in ["japanese", "hodges", "kif", "csa"]:
        assert board.move_to_notation(row["usi"], style, last_to) == row[style], style
        assert board.parse_notation(row[style], style, last_to) == row["usi"], style


def test_an_ambiguous_or_impossible_text_is_a_notation_error():
    board = tokin.Board("8k/9/9/9/9/9/2G6/3G5/K1G6 b - 1")
    with pytest.raises(tokin.NotationError, match="ambiguous"):
        board.parse_notation("G-7h", "hodges")
    assert issubclass(tokin.NotationError, ValueError)
    start = tokin.Board()
    for text, style in [("７五歩", "japanese"), ("P-7e", "hodges"), ("", "kif"),
                        ("同歩", "japanese"), ("+7775FU", "csa"), ("xyz", "usi")]:
        with pytest.raises(tokin.NotationError):
            start.parse_notation(text, style)
        with pytest.raises(tokin.NotationError):
            start.push_notation(text, style)
        assert start.move_stack == []
    with pytest.raises(tokin.NotationError, match="move 2"):
        start.parse_notation_line("P-7f P-7e", "hodges")


def test_bad_arguments_are_value_errors():
    board = tokin.Board()
    with pytest.raises(ValueError, match="unknown notation style"):
        board.move_to_notation("7g7f", "klingon")
    with pytest.raises(tokin.MoveError):
        board.move_to_notation("7g7e", "japanese")
    with pytest.raises(tokin.MoveError, match="move 2"):
        board.line_to_notation(["7g7f", "7g7f"], "hodges")
    with pytest.raises(ValueError, match="last_to"):
        board.move_to_notation("7g7f", "japanese", last_to="7z")
    with pytest.raises(ValueError, match="unknown diagram style"):
        board.diagram("svg")


def test_diagrams():
    board = tokin.Board()
    bod = board.diagram("bod")
    assert "| ・ ・ ・ ・ ・ ・ ・ ・ ・|五" in bod
    assert "|v香v桂v銀v金v玉v金v銀v桂v香|一" in bod
    assert str(board) == board.diagram("unicode")
    for style in ["email", "standard", "small", "alternate,flip"]:
        assert board.diagram(style)


def test_bod_and_csa_moves_agree_with_cshogi():
    cshogi = pytest.importorskip("cshogi")
    positions = 0
    for game in random_games(8, 120, seed=23):
        board = tokin.Board()
        theirs = cshogi.Board()
        for usi in game.move_stack:
            # Every legal move's CSA text, as cshogi writes it, names the same move here.
            for move in theirs.legal_moves:
                assert tokin.move_to_usi(board.move_from_csa(cshogi.move_to_csa(move))) == cshogi.move_to_usi(move)
            board.push_csa(cshogi.move_to_csa(theirs.move_from_usi(usi)))
            theirs.push_usi(usi)
            ours = board.to_bod().splitlines()
            # The same diagram (cshogi leaves out `先手番`, the default side to move); the
            # last-move line is ours (cshogi writes `△８二同玉`, not `△同　玉`), and it names
            # the move played.
            assert [line for line in ours[:-1] if line != "先手番"] == theirs.to_bod().splitlines()[:-1]
            count, rest = ours[-1].split("\u3000", 1)
            text, end = rest.rsplit("\u3000", 1)  # `同　玉` has the space inside
            assert (count, end) == (f"手数＝{len(board.move_stack)}", "まで")
            before = board.copy()
            assert before.pop() == usi
            assert before.parse_notation(text) == usi
            positions += 1
    assert positions > 500
    assert "手数" not in tokin.Board().to_bod()


def test_mutated_move_texts_raise_only_notation_errors():
    # Each style's texts for every legal move, with one to three characters inserted,
    # deleted or replaced by ones the styles use: a move, or a NotationError, never another
    # exception (and never a crash).
    rng = random.Random(1)
    board = tokin.Board()
    for usi in ["7g7f", "3c3d", "8h2b+"]:
        board.push_usi(usi)
    alphabet = "☗☖▲△同銀金角飛歩成不打上引寄右左直行入生龍竜王玉0123456789１２３４５６７８９一二三四五六七八九abcdefghi+-x*'’=()（）. 　PLNSGBRK"
    for style in tokin.STYLES:
        texts = [board.move_to_notation(usi, style) for usi in board.legal_moves]
        for _ in range(1000):
            text = list(rng.choice(texts))
            for _ in range(rng.randrange(1, 4)):
                at = rng.randrange(len(text) + 1)
                edit = rng.randrange(3)
                if edit == 0:
                    text.insert(at, rng.choice(alphabet))
                elif text:
                    at = min(at, len(text) - 1)
                    if edit == 1:
                        del text[at]
                    else:
                        text[at] = rng.choice(alphabet)
            for parse in (board.parse_notation, board.parse_notation_line):
                try:
                    parse("".join(text), style)
                except tokin.NotationError:
                    pass
    assert board.move_stack == ["7g7f", "3c3d", "8h2b+"]


def test_side_marks():
    board = tokin.Board()
    line = "7g7f 3c3d"
    assert board.line_to_notation(line) == "☗７六歩 ☖３四歩"
    assert board.line_to_notation(line, marks="triangles") == "▲７六歩 △３四歩"
    assert board.line_to_notation(line, marks="none") == "７六歩 ３四歩"
    assert board.line_to_notation(line, "kitao", marks="triangles") == "▲歩-76 △歩-34"
    for marks in ["triangles", "none"]:
        assert board.parse_notation_line(board.line_to_notation(line, marks=marks)) == line.split()
    with pytest.raises(ValueError, match="marks"):
        board.move_to_notation("7g7f", marks="circles")
