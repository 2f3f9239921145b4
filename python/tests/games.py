"""Random games for the tests: each move drawn from the legal ones by a seeded generator."""

import random

import tokin


def random_game(rng, plies):
    """The board after up to `plies` random moves from the start (fewer when a side has none)."""
    board = tokin.Board()
    for _ in range(plies):
        if board.is_game_over():
            break
        board.push_usi(rng.choice(board.legal_moves))
    return board


def random_games(count, plies, seed):
    """`count` random games of up to `plies` moves, as boards with their moves."""
    rng = random.Random(seed)
    return [random_game(rng, plies) for _ in range(count)]
