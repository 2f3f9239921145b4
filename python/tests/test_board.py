"""The Python API of tokin's board, cross-checked against cshogi where it is installed."""

import inspect
import random
from xml.etree import ElementTree

import numpy
import pytest

import tokin
from games import random_games

START = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"


def test_start_position():
    board = tokin.Board()
    assert board.sfen() == START
    assert board.turn == 0
    assert len(board.legal_moves) == 30
    assert tokin.Board("sfen " + START) == board


def test_push_pop_restores_everything():
    board = tokin.Board()
    before = (board.sfen(), board.zobrist_hash())
    board.push_usi("7g7f")
    board.push("3c3d")
    assert board.move_stack == ["7g7f", "3c3d"]
    assert board.pop() == "3c3d"
    assert board.pop() == "7g7f"
    assert (board.sfen(), board.zobrist_hash()) == before
    with pytest.raises(IndexError):
        board.pop()


def test_push_pop_along_a_game_with_move_numbers():
    # The fast form: numbers in, shared USI strings out; every position comes back in turn.
    board = tokin.Board()
    seen, ids = [], []
    for game in random_games(3, 80, seed=7):
        moves = game.move_stack
        for usi in moves:
            seen.append((board.sfen(), board.zobrist_hash(), board.legal_moves))
            ids.append(board.move_from_usi(usi))
            board.push(ids[-1])
        assert board.move_stack == moves
        for usi, number in zip(reversed(moves), reversed(ids)):
            assert board.pop() == usi
            assert tokin.move_to_usi(number) == usi
            assert (board.sfen(), board.zobrist_hash(), board.legal_moves) == seen.pop()
        ids.clear()


# A middle game with hands on both sides (drops) and a promoted bishop; and one in check.
HANDS = "l8/rsk4sl/np3g2N/p2pP1p1p/P8/5pP1P/NPPK3P1/g1S2G+b2/L2G2S1L b RN3Pb2p 91"
CHECK = "l8/rsk3Rsl/np3g2N/p2pP1p1p/P8/5pP1P/NPPK3P1/g1S2G+b2/L2G2S1L w N3Pb2p 92"


@pytest.mark.parametrize("sfen", [START, HANDS, CHECK])
def test_every_move_number_pushes_and_pops_or_raises_and_changes_nothing(sfen):
    # Each of the 32,768 numbers: a legal move is played and taken back to the very same
    # board; anything else raises MoveError and leaves the board as it was.
    board = tokin.Board(sfen, moves=["7g7f"] if sfen == START else None)
    before = (board.sfen(), board.zobrist_hash(), board.legal_moves, board.move_stack)
    legal = set(board.legal_move_ids)
    played = 0
    for number in range(1 << 15):
        if number in legal:
            board.push(number)
            assert board.move_stack[-1] == tokin.move_to_usi(number)
            assert board.pop() == tokin.move_to_usi(number)
            played += 1
        else:
            with pytest.raises(tokin.MoveError):
                board.push(number)
        assert (board.sfen(), board.zobrist_hash(), board.move_stack) == (
            before[0], before[1], before[3])
        if number % 997 == 0 or number in legal:
            assert (board.sfen(), board.zobrist_hash(), board.legal_moves, board.move_stack) == before
    assert played == len(legal) >= 10
    assert board.is_check() == (sfen == CHECK)


def test_push_and_pop_take_their_arguments_by_position_only():
    board = tokin.Board()
    move = board.move_from_usi("7g7f")
    for call in [lambda: board.push(), lambda: board.push(move, move),
                 lambda: board.push(move=move), lambda: board.pop(1),
                 lambda: tokin.Board.push("not a board", move)]:
        with pytest.raises(TypeError):
            call()
    assert board.move_stack == [] and board.sfen() == START
    assert tokin.Board.push(board, move) is None
    assert tokin.Board.pop(board) == "7g7f"
    assert str(inspect.signature(tokin.Board.push)) == "(self, move, /)"
    assert str(inspect.signature(tokin.Board.pop)) == "(self, /)"


def test_a_push_from_inside_a_push_is_refused_and_changes_nothing():
    # A move object whose number is computed by Python code that pushes on the same board:
    # the board is borrowed for the outer push, so the inner one cannot change it.
    board = tokin.Board()
    first, second = board.move_from_usi("7g7f"), board.move_from_usi("2g2f")
    inner = []

    class Sneaky:
        def __index__(self):
            try:
                board.push(second)
            except RuntimeError as e:
                inner.append(e)
            return first

    board.push(Sneaky())
    assert [str(e) for e in inner] == ["Already borrowed"]
    assert board.move_stack == ["7g7f"]
    assert board.pop() == "7g7f" and board.sfen() == START


def test_bod_after_a_pop_is_the_bod_before_the_push():
    # The diagram names the last move from the position before it (同 for a recapture).
    board = tokin.Board(moves="7g7f 3c3d 8h2b+ 3a2b")
    bod = board.to_bod()
    assert bod.splitlines()[-1].startswith("手数＝4　△同")
    board.push_usi("B*4e")
    board.pop()
    assert board.to_bod() == bod
    assert board.repetition() is None


@pytest.mark.parametrize("bad", [1.5, b"7g7f", None, [1]])
def test_push_of_no_move_type_names_the_type(bad):
    board = tokin.Board()
    with pytest.raises(TypeError, match=type(bad).__name__):
        board.push(bad)
    assert board.move_stack == []


@pytest.mark.parametrize("sfen", [START, HANDS, CHECK])
def test_a_move_number_of_another_integer_type_pushes_as_the_int_does(sfen):
    # A plain int is read by a way of its own (python/src/board_calls.rs); other integers
    # (a subclass of int, a NumPy integer, an object with __index__) go the general way. Each
    # number gives the same move, or the same error with the board unchanged, either way.
    class Int(int):
        pass

    class Index:
        def __init__(self, number):
            self.number = number

        def __index__(self):
            return self.number

    board = tokin.Board(sfen)
    before = board.sfen()
    numbers = board.legal_move_ids[:8] + [0, 1, 80, 81, 0x4000, (1 << 15) - 1, 1 << 15, -1,
                                          1 << 40, -(1 << 62)]
    for number in numbers:
        outcomes = []
        for form in [number, Int(number), numpy.int64(number), Index(number)]:
            try:
                board.push(form)
                outcomes.append(("pushed", board.pop()))
            except tokin.MoveError as e:
                outcomes.append(("MoveError", str(e)))
            assert board.sfen() == before and board.move_stack == []
        assert outcomes == [outcomes[0]] * 4, number
    # Past a machine integer there is no NumPy form; an int and a subclass still agree.
    for number in [1 << 64, -(1 << 70)]:
        for form in [number, Int(number)]:
            with pytest.raises(tokin.MoveError, match=f"not a move number: {number}"):
                board.push(form)


@pytest.mark.parametrize("depth,nodes", [(1, 30), (2, 900), (3, 25470), (4, 719731)])
def test_perft_start(depth, nodes):
    assert tokin.Board().perft(depth) == nodes


def test_checkmate_and_check():
    # Gold drop on 5b mates the bare king on 5a, supported by the pawn on 5c.
    board = tokin.Board("4k4/9/4P4/9/9/9/9/9/4K4 b G 1")
    assert not board.is_check()
    board.push_usi("G*5b")
    assert board.is_check()
    assert board.is_checkmate()
    assert board.is_game_over()
    assert board.legal_moves == []


def test_repetition_draw():
    board = tokin.Board()
    cycle = ["5i4h", "5a4b", "4h5i", "4b5a"]
    for _ in range(3):
        for mv in cycle:
            assert board.repetition() is None
            board.push_usi(mv)
    assert board.repetition() == "draw"
    board.pop()
    assert board.repetition() is None


def test_repetition_counts_from_the_board_start_after_drops_and_captures():
    # The history is replayed from the position before the first push, which a board finds by
    # taking back every pushed move: a drop and a capture (the hands change) come first, and
    # the position the capture left (ply 3) comes for the fourth time at ply 15. A history
    # started anywhere later misses its first time.
    board = tokin.Board("k8/9/9/9/4p4/9/9/9/8K b R 1", moves="R*5h 9a8a 5h5e 8a9a")
    for mv in (["1i2i", "9a8a", "2i1i", "8a9a"] * 3)[:-1]:
        board.push_usi(mv)
    assert board.sfen() == "1k7/9/9/9/4R4/9/9/9/8K w P 16"
    assert board.repetition() == "draw"
    board.pop()
    assert board.repetition() is None


def test_move_numbers_match_the_text():
    board = tokin.Board()
    ids = board.legal_move_ids
    assert [tokin.move_to_usi(i) for i in ids] == board.legal_moves
    board.push(ids[0])
    assert board.move_stack == [tokin.move_to_usi(ids[0])]


# 1 is a move's number (1a1b), illegal here; 0x7FFF has an origin field past every square and
# hand piece; 1 << 70 is past any machine integer.
@pytest.mark.parametrize("bad", [0, 0x7FFF, -1, 65535, 12345, 1 << 20, 1 << 70])
def test_bad_move_numbers_raise(bad):
    board = tokin.Board()
    with pytest.raises(tokin.MoveError, match="not a move number"):
        board.push(bad)
    assert board.move_stack == []
    with pytest.raises(tokin.MoveError, match="1a1b"):
        board.push(1)


def test_copy_is_independent():
    board = tokin.Board()
    other = board.copy()
    other.push_usi("2g2f")
    assert board.sfen() == START
    assert other.move_stack == ["2g2f"]


@pytest.mark.parametrize(
    "text",
    [
        "",
        "garbage",
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL x - 1",
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1 b - 1",
        "9/9/9/9/9/9/9/9/9 b - 1",
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b 99P 1",
        "\u6b69" * 20,
    ],
)
def test_bad_sfen_raises_value_error(text):
    with pytest.raises(tokin.SfenError) as info:
        tokin.Board(text)
    assert isinstance(info.value, ValueError)
    assert str(info.value)


@pytest.mark.parametrize("text", ["", "7g7", "7g7e", "P*5e", "7g7f++", "\u6b69\u6b69\u6b69\u6b69"])
def test_bad_move_raises_value_error_and_leaves_board(text):
    board = tokin.Board()
    with pytest.raises(tokin.MoveError):
        board.push_usi(text)
    assert board.sfen() == START
    assert board.move_stack == []


def test_mutated_sfens_never_crash():
    rng = random.Random(7)
    alphabet = "lnsgkbrpLNSGKBRP+/0123456789 bw-"
    for _ in range(5000):
        chars = list(START)
        for _ in range(rng.randint(1, 4)):
            chars[rng.randrange(len(chars))] = rng.choice(alphabet)
        text = "".join(chars)
        try:
            board = tokin.Board(text)
        except tokin.SfenError:
            continue
        # A position that was accepted writes itself back and reads again the same.
        assert tokin.Board(board.sfen()) == board
        board.legal_moves


def test_against_cshogi_on_random_positions():
    cshogi = pytest.importorskip("cshogi")
    checked = 0
    for game in random_games(40, 150, seed=1):
        board = tokin.Board()
        for usi in game.move_stack:
            theirs = cshogi.Board(board.sfen())
            assert board.sfen() == theirs.sfen()
            ours = sorted(board.legal_moves)
            assert ours == sorted(cshogi.move_to_usi(m) for m in theirs.legal_moves), board.sfen()
            assert board.is_check() == theirs.is_check()
            checked += 1
            board.push_usi(usi)
    assert checked > 1000


def test_strictness_says_which_positions_a_board_takes():
    tsume = "4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1"
    with pytest.raises(tokin.SfenError, match="black has no king"):
        tokin.Board(tsume)
    assert tokin.Board(tsume, strictness="problem").sfen() == tsume
    assert tokin.Board(tsume, "relaxed").legal_moves
    with pytest.raises(ValueError, match="strict"):
        tokin.Board(tsume, strictness="lax")
    board = tokin.Board()
    board.set_sfen(tsume, "problem")
    assert board.sfen() == tsume


SVG = "{http://www.w3.org/2000/svg}"
KANJI = dict(zip("plnsgbrk", "歩香桂銀金角飛玉"))
PROMOTED = dict(zip("plnsbr", "と杏圭全馬龍"))


def svg_texts(svg, cls):
    root = ElementTree.fromstring(svg)
    return [t for t in root.iter(SVG + "text") if t.get("class", "").startswith(cls)]


def expected_pieces(sfen):
    """(kanji, colour) of every piece on the board of an SFEN, with the hands' counts."""
    board, _, hands = sfen.split()[:3]
    pieces, promote = [], False
    for c in board:
        if c == "+":
            promote = True
        elif c.isalpha():
            kanji = (PROMOTED if promote else KANJI)[c.lower()]
            pieces.append((kanji, "black" if c.isupper() else "white"))
            promote = False
    held, count = {}, ""
    for c in "" if hands == "-" else hands:
        if c.isdigit():
            count += c
        else:
            held[(KANJI[c.lower()], "black" if c.isupper() else "white")] = int(count or 1)
            count = ""
    return sorted(pieces), held


def test_svg_parses_and_shows_every_piece_and_hand():
    boards = [tokin.Board("4k4/9/9/9/9/9/9/9/4K4 b RG2P10p 1")]
    boards += random_games(5, 150, seed=11)
    for board in boards:
        svg = board.to_svg()
        assert board._repr_svg_() == svg
        pieces, held = expected_pieces(board.sfen())
        drawn = sorted((t.text, t.get("class").split()[1]) for t in svg_texts(svg, "piece "))
        assert drawn == pieces
        turned = [t for t in svg_texts(svg, "piece white")]
        assert all(t.get("transform", "").startswith("rotate(180") for t in turned)
        root = ElementTree.fromstring(svg)
        texts = list(root.iter(SVG + "text"))
        shown = {}
        for i, t in enumerate(texts):
            if t.get("class", "").startswith("hand-piece"):
                after = texts[i + 1] if i + 1 < len(texts) else None
                n = 1
                if after is not None and after.get("class") == "hand-count":
                    n = int(after.text)
                shown[(t.text, t.get("class").split()[1])] = n
        assert shown == held
        shaded = [r for r in root.iter(SVG + "rect") if r.get("class") == "last-move"]
        last = board.move_stack[-1] if board.move_stack else None
        assert len(shaded) == (0 if last is None else 1 if "*" in last else 2)
        assert len(svg_texts(svg, "coordinate")) == 18
        assert len(svg_texts(board.to_svg(coordinates=False), "coordinate")) == 0
        no_last = ElementTree.fromstring(board.to_svg(last_move=False))
        assert not [r for r in no_last.iter(SVG + "rect") if r.get("class") == "last-move"]
