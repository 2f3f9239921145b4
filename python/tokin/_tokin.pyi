import os
from typing import Any, Optional, Sequence, Union

STYLES: tuple[str, ...]
FORMATS: tuple[str, ...]

class SfenError(ValueError):
    """A position text that could not be read."""

class MoveError(ValueError):
    """A move text that is malformed or illegal."""

class NotationError(ValueError):
    """A move or line in a notation style that names no legal move, or names several."""

class RecordError(ValueError):
    """A game record that could not be read, with where."""

    file: Optional[str]
    line: int
    column: int
    ply: Optional[int]

class RecordLossWarning(UserWarning):
    """What a record format could not hold of the game written in it."""

class PsvError(ValueError):
    """Packed training data that is not what it should be, with the record at fault."""

    index: int
    file: Optional[str]

class PositionWarning(UserWarning):
    """A rule of a game that a position read breaks (a problem diagram's, say)."""

def psfen_to_sfen(psfen: Union[bytes, Any]) -> str: ...
def sfen_to_psfen(sfen: str) -> bytes: ...

def move_to_usi(id: int) -> str: ...

class Board:
    """A shogi position with the moves played on it, so they can be taken back."""

    def __init__(
        self,
        sfen: Optional[str] = None,
        strictness: str = "game",
        moves: Union[Sequence[str], str, None] = None,
    ) -> None: ...
    def set_sfen(self, sfen: str, strictness: str = "game") -> None: ...
    def to_psfen(self) -> bytes: ...
    def set_psfen(self, psfen: Union[bytes, Any]) -> None: ...
    def to_hcp(self) -> bytes: ...
    def set_hcp(self, hcp: Union[bytes, Any]) -> None: ...
    def sfen(self) -> str: ...
    @property
    def turn(self) -> int: ...
    @property
    def move_number(self) -> int: ...
    @property
    def legal_moves(self) -> list[str]: ...
    def push_usi(self, usi: str) -> None: ...
    def push(self, move: Union[int, str], /) -> None: ...
    def move_from_usi(self, usi: str) -> int: ...
    @property
    def legal_move_ids(self) -> list[int]: ...
    def pop(self) -> str: ...
    @property
    def move_stack(self) -> list[str]: ...
    def is_check(self) -> bool: ...
    def is_checkmate(self) -> bool: ...
    def is_game_over(self) -> bool: ...
    def repetition(self) -> Optional[str]: ...
    def perft(self, depth: int) -> int: ...
    def zobrist_hash(self) -> int: ...
    def move_to_notation(
        self,
        usi: str,
        style: str = "japanese",
        last_to: Optional[str] = None,
        marks: str = "pentagons",
    ) -> str: ...
    def line_to_notation(
        self,
        moves: Union[str, Sequence[str]],
        style: str = "japanese",
        last_to: Optional[str] = None,
        marks: str = "pentagons",
    ) -> str: ...
    def parse_notation(
        self, text: str, style: str = "japanese", last_to: Optional[str] = None
    ) -> str: ...
    def parse_notation_line(
        self, text: str, style: str = "japanese", last_to: Optional[str] = None
    ) -> list[str]: ...
    def push_notation(self, text: str, style: str = "japanese") -> str: ...
    def push_csa(self, csa: str) -> str: ...
    def move_from_csa(self, csa: str) -> int: ...
    def to_bod(self) -> str: ...
    def diagram(self, style: str = "bod") -> str: ...
    def to_svg(self, coordinates: bool = True, last_move: bool = True) -> str: ...
    def _repr_svg_(self) -> str: ...
    def copy(self) -> Board: ...
    def __copy__(self) -> Board: ...
    def __eq__(self, other: object) -> bool: ...

class Variation:
    """An alternative line (変化) of a record."""

    ply: int
    depth: int
    start_sfen: str
    moves: list[str]

class Record:
    """One game of a record file, or one built in Python."""

    def __init__(
        self,
        moves: Union[str, Sequence[str]] = (),
        start_sfen: Optional[str] = None,
        headers: Optional[dict[str, str]] = None,
        comments: Optional[Sequence[str]] = None,
        times: Optional[Sequence[Optional[float]]] = None,
        result: Optional[str] = None,
    ) -> None: ...

    headers: dict[str, str]
    names: tuple[Optional[str], Optional[str]]
    start_sfen: str
    moves: list[str]
    comments: list[str]
    start_comments: list[str]
    times: list[Optional[float]]
    variations: list[Variation]
    result: Optional[str]
    winner: Optional[str]
    moves_before: int
    warnings: list[str]
    def board(self, ply: Optional[int] = None) -> Board: ...
    def to_string(self, format: str) -> str: ...
    def write(
        self,
        path: Union[str, os.PathLike[str]],
        format: Optional[str] = None,
        overwrite: bool = False,
    ) -> None: ...
    def __len__(self) -> int: ...

def parse_record(text: str, format: str, lenient: bool = False) -> Record: ...
def parse_records(text: str, format: str, lenient: bool = False) -> list[Record]: ...
def read_record(
    path: Union[str, os.PathLike[str]],
    format: Optional[str] = None,
    lenient: bool = False,
) -> Record: ...
def read_records(
    paths: Union[str, os.PathLike[str], Sequence[Union[str, os.PathLike[str]]]],
    format: Optional[str] = None,
    lenient: bool = False,
    threads: Optional[int] = None,
) -> list[tuple[str, Union[list[Record], RecordError, OSError]]]: ...

class PvLine:
    """One principal variation of a search."""

    multipv: int
    depth: int
    seldepth: int
    cp: Optional[int]
    mate: Optional[int]
    pv: list[str]

class SearchResult:
    """What a search found: the move to play and its variations."""

    bestmove: str
    ponder: Optional[str]
    nodes: int
    lines: list[PvLine]
    cp: Optional[int]
    mate: Optional[int]
    pv: list[str]
    depth: int

class MateSolution:
    """The mate solver's answer: status is "mate", "no_mate" or "unknown"."""

    status: str
    moves: list[str]
    nodes: int
    def __bool__(self) -> bool: ...

def evaluate(
    board: Board, evalfile: Optional[Union[str, os.PathLike[str]]] = None
) -> int: ...
def search(
    board: Board,
    depth: Optional[int] = None,
    nodes: Optional[int] = None,
    time: Optional[float] = None,
    multipv: int = 1,
    evalfile: Optional[Union[str, os.PathLike[str]]] = None,
    threads: int = 1,
    hash_mb: int = 16,
) -> SearchResult: ...
def mate(
    board: Board,
    nodes: Optional[int] = None,
    time: Optional[float] = None,
    hash_mb: int = 16,
) -> MateSolution: ...
