"""Shogi from Rust: boards, moves in every notation, game records, evaluation, search, mate.

>>> import tokin
>>> board = tokin.Board()
>>> len(board.legal_moves)
30
>>> board.push_usi("7g7f")
>>> board.sfen()
'lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2'
>>> board.pop()
'7g7f'
>>> mv = board.move_from_usi("2g2f")
>>> mv in board.legal_move_ids
True
>>> board.push(mv)
>>> tokin.move_to_usi(mv)
'2g2f'
>>> board.pop()
'2g2f'
>>> board.perft(3)
25470
"""

from ._tokin import (
    PositionWarning,
    PsvError,
    psfen_to_sfen,
    sfen_to_psfen,
    FORMATS,
    STYLES,
    Board,
    MateSolution,
    MoveError,
    NotationError,
    PvLine,
    Record,
    RecordError,
    RecordLossWarning,
    SearchResult,
    SfenError,
    Variation,
    evaluate,
    mate,
    move_to_usi,
    parse_record,
    parse_records,
    read_record,
    read_records,
    search,
)

from .data import (
    HCP_DTYPE,
    HCPE_DTYPE,
    PSV_DTYPE,
    gensfen,
    hcpe_to_psv,
    hcps_to_psfens,
    move16_from_cshogi,
    move16_to_cshogi,
    psfens_to_hcps,
    psv_moves,
    psv_records,
    psv_sfens,
    psv_to_hcpe,
    read_psv,
    write_psv,
)

__all__ = [
    "HCP_DTYPE",
    "HCPE_DTYPE",
    "PSV_DTYPE",
    "PositionWarning",
    "PsvError",
    "gensfen",
    "hcpe_to_psv",
    "hcps_to_psfens",
    "move16_from_cshogi",
    "move16_to_cshogi",
    "psfen_to_sfen",
    "psfens_to_hcps",
    "psv_moves",
    "psv_records",
    "psv_sfens",
    "psv_to_hcpe",
    "read_psv",
    "sfen_to_psfen",
    "write_psv",
    "FORMATS",
    "STYLES",
    "Board",
    "MateSolution",
    "MoveError",
    "NotationError",
    "PvLine",
    "Record",
    "RecordError",
    "RecordLossWarning",
    "SearchResult",
    "SfenError",
    "Variation",
    "evaluate",
    "mate",
    "move_to_usi",
    "parse_record",
    "parse_records",
    "read_record",
    "read_records",
    "search",
]
