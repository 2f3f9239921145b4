"""Evaluation, search and the mate solver from the Python API."""

import _thread
import pathlib
import random
import threading

import pytest

import tokin
from games import random_game

ROOT = pathlib.Path(__file__).resolve().parents[2]
BUILTIN_NET = ROOT / "engine" / "nets" / "kp-5.nnue"
MATE_IN_1 = "4k4/9/4P4/9/9/9/9/9/4K4 b G 1"
# `tokin eval --sfen startpos` and `tokin eval --sfen startpos --moves 7g7f` print these.
EVALS = [([], 302), (["7g7f"], -63)]


@pytest.mark.parametrize("moves,expected", EVALS)
def test_evaluate_is_the_number_tokin_eval_prints(moves, expected):
    board = tokin.Board()
    for usi in moves:
        board.push_usi(usi)
    assert tokin.evaluate(board) == expected
    # The built-in network's own file gives the same numbers.
    assert tokin.evaluate(board, evalfile=BUILTIN_NET) == expected


def test_an_evaluation_file_is_read_again_when_it_changes(tmp_path):
    net = tmp_path / "nn.bin"
    net.write_bytes(BUILTIN_NET.read_bytes())
    assert tokin.evaluate(tokin.Board(), evalfile=net) == 302
    net.write_bytes(b"no longer a network")
    with pytest.raises(ValueError, match="nn.bin"):
        tokin.evaluate(tokin.Board(), evalfile=net)
    net.unlink()
    with pytest.raises(FileNotFoundError):
        tokin.evaluate(tokin.Board(), evalfile=net)


def test_a_bad_evaluation_file_is_an_error(tmp_path):
    with pytest.raises(FileNotFoundError):
        tokin.evaluate(tokin.Board(), evalfile=tmp_path / "missing.nnue")
    junk = tmp_path / "junk.nnue"
    junk.write_bytes(b"not a network")
    with pytest.raises(ValueError, match="junk.nnue"):
        tokin.evaluate(tokin.Board(), evalfile=junk)
    with pytest.raises(ValueError):
        tokin.search(tokin.Board(), depth=1, evalfile=junk)


def test_search_finds_a_mate_in_one():
    result = tokin.search(tokin.Board(MATE_IN_1), depth=3)
    assert result.bestmove == "G*5b"
    assert result.mate == 1 and result.cp is None
    assert result.pv[0] == "G*5b"


def random_positions(count, seed):
    rng = random.Random(seed)
    for _ in range(count):
        board = random_game(rng, rng.randrange(0, 60))
        if not board.is_game_over():
            yield board


@pytest.mark.parametrize("depth", [1, 2, 3])
def test_search_returns_a_legal_move_and_a_legal_line(depth):
    for board in random_positions(8, seed=depth):
        result = tokin.search(board, depth=depth)
        assert result.bestmove in board.legal_moves
        assert result.depth == depth
        line = board.copy()
        for usi in result.pv:
            line.push_usi(usi)
        assert result.pv[0] == result.bestmove
        assert (result.cp is None) != (result.mate is None)
        # One thread: the same search gives the same answer.
        again = tokin.search(board, depth=depth)
        assert (again.bestmove, again.pv, again.nodes) == (result.bestmove, result.pv, result.nodes)


def test_multipv_gives_distinct_first_moves_best_first():
    board = tokin.Board()
    result = tokin.search(board, depth=3, multipv=4)
    assert [line.multipv for line in result.lines] == [1, 2, 3, 4]
    firsts = [line.pv[0] for line in result.lines]
    assert len(set(firsts)) == 4 and set(firsts) <= set(board.legal_moves)
    scores = [line.cp for line in result.lines]
    assert scores == sorted(scores, reverse=True)
    assert result.bestmove == firsts[0]


def test_limits():
    board = tokin.Board()
    assert tokin.search(board, nodes=500).nodes <= 500
    assert tokin.search(board, time=0.05).bestmove in board.legal_moves
    for bad in [{}, {"depth": 0}, {"nodes": 0}, {"time": -1.0}, {"time": float("nan")},
                {"depth": 1, "multipv": 0}, {"depth": 1, "threads": 0}, {"depth": 1, "hash_mb": 0},
                {"depth": 1, "hash_mb": 65537}]:
        with pytest.raises(ValueError):
            tokin.search(board, **bad)


def test_no_legal_move_resigns():
    board = tokin.Board(MATE_IN_1)
    board.push_usi("G*5b")
    result = tokin.search(board, depth=2)
    assert result.bestmove == "resign"
    assert result.lines == [] and result.pv == [] and result.cp is None


def test_search_sees_the_boards_repetitions():
    # The rooks shuffle until White's 7b8b would bring the start position back a fourth
    # time: a draw, scored 0, which the search knows only from the board's moves.
    board = tokin.Board()
    cycle = ["2h3h", "8b7b", "3h2h", "7b8b"]
    for usi in cycle * 2 + cycle[:3]:
        board.push_usi(usi)
    assert board.repetition() is None
    fresh = tokin.Board(board.sfen())
    def score(b):
        result = tokin.search(b, depth=3, multipv=len(b.legal_moves))
        return {line.pv[0]: line.cp for line in result.lines}["7b8b"]
    assert score(board) == 0
    assert score(fresh) != 0


def test_mate_solver_answers():
    solution = tokin.mate(tokin.Board(MATE_IN_1))
    assert (solution.status, solution.moves, bool(solution)) == ("mate", ["G*5b"], True)
    # Only a pawn-drop mate exists, which the rules forbid.
    none = tokin.mate(tokin.Board("8k/6G2/9/7N1/9/9/9/9/4K4 b P 1"))
    assert (none.status, none.moves, bool(none)) == ("no_mate", [], False)
    # Mating problems: the attacker has no king.
    none = tokin.mate(tokin.Board("8k/6G2/9/7N1/9/9/9/9/9 b P2r2b3g4s3n4l17p 1", strictness="problem"))
    assert (none.status, none.moves, bool(none)) == ("no_mate", [], False)
    # A mate in 37 (将棋図巧 No. 98) is not found in 100 nodes.
    hard = tokin.mate(tokin.Board("8k/9/9/9/9/9/9/9/9 b R2GSr2b2g3s4n4l18p 1", "problem"), nodes=100)
    assert hard.status == "unknown" and hard.nodes <= 200
    board = tokin.Board("3sks3/9/4S4/9/9/B8/9/9/9 b S2rb4g4n4l18p 1", "problem")
    three = tokin.mate(board)
    assert three.status == "mate" and len(three.moves) == 3
    for usi in three.moves:
        board.push_usi(usi)
    assert board.is_checkmate()
    with pytest.raises(ValueError):
        tokin.mate(board, time=0)


def test_searches_run_from_several_python_threads():
    boards = list(random_positions(4, seed=9))
    alone = [tokin.search(b, depth=3).bestmove for b in boards]
    together = [None] * len(boards)

    def work(i):
        together[i] = tokin.search(boards[i], depth=3).bestmove

    threads = [threading.Thread(target=work, args=(i,)) for i in range(len(boards))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert together == alone


@pytest.mark.parametrize("run", [
    lambda: tokin.search(tokin.Board(), nodes=10**12),
    lambda: tokin.mate(tokin.Board("4k4/9/9/9/9/9/9/9/9 b B4G2S9P2rb2s4n4l9p 1", "problem")),
])
def test_ctrl_c_stops_a_long_search(run):
    # Both would run for hours (the problem is one no solver has answered in a minute): the
    # interrupt must reach into the call, which then raises it as Python code would.
    timer = threading.Timer(0.2, _thread.interrupt_main)
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            run()
    finally:
        timer.cancel()
