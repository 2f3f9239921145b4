//! The `tokin` Python package's native part: a shogi board over `tokin-core`.
//!
//! Every error reachable from Python input is raised as an exception of a named type; nothing
//! here panics on input.

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use tokin_core::{Color, GameHistory, Move, Position, RepetitionVerdict};

create_exception!(
    _tokin,
    SfenError,
    PyValueError,
    "A position text that could not be read."
);
create_exception!(
    _tokin,
    MoveError,
    PyValueError,
    "A move text that is malformed or illegal."
);

/// A shogi position with the moves played on it, so they can be taken back.
#[pyclass(module = "tokin")]
#[derive(Clone)]
struct Board {
    position: Position,
    /// The positions before each pushed move, most recent last (copy-make: `pop` restores one).
    stack: Vec<(Position, Move)>,
    history: GameHistory,
}

/// A move as Python code may give it: its USI text or its number.
#[derive(FromPyObject)]
enum MoveArg {
    Id(i64),
    Text(String),
}

impl Board {
    fn play(&mut self, mv: Move) -> PyResult<()> {
        let before = self.position.clone();
        self.position
            .play(mv)
            .map_err(|e| MoveError::new_err(format!("{mv}: {e}")))?;
        self.stack.push((before, mv));
        self.history.push(&self.position);
        Ok(())
    }

    fn from_position(position: Position) -> Board {
        let history = GameHistory::new(&position);
        Board {
            position,
            stack: Vec::new(),
            history,
        }
    }

    fn parse_move(&self, usi: &str) -> PyResult<Move> {
        Move::from_usi(usi).ok_or_else(|| MoveError::new_err(format!("not a USI move: {usi:?}")))
    }
}

#[pymethods]
impl Board {
    /// A board from an SFEN (with or without the leading `sfen `), or the starting position.
    #[new]
    #[pyo3(signature = (sfen=None))]
    fn new(sfen: Option<&str>) -> PyResult<Board> {
        let position = match sfen {
            None => Position::startpos(),
            Some(text) => {
                let text = text.trim();
                let text = text.strip_prefix("sfen ").unwrap_or(text);
                Position::from_sfen(text).map_err(|e| SfenError::new_err(e.to_string()))?
            }
        };
        Ok(Board::from_position(position))
    }

    /// Replaces the position by the one an SFEN gives, forgetting the moves played.
    fn set_sfen(&mut self, sfen: &str) -> PyResult<()> {
        *self = Board::new(Some(sfen))?;
        Ok(())
    }

    /// The position as SFEN (board, side, hands, move number).
    fn sfen(&self) -> String {
        self.position.to_sfen()
    }

    /// 0 when Black (sente) is to move, 1 for White (gote), as in cshogi.
    #[getter]
    fn turn(&self) -> u8 {
        match self.position.side_to_move() {
            Color::Black => 0,
            Color::White => 1,
        }
    }

    /// The move number the SFEN would show.
    #[getter]
    fn move_number(&self) -> u32 {
        self.position.move_number()
    }

    /// The legal moves, as USI strings.
    #[getter]
    fn legal_moves(&self) -> Vec<String> {
        self.position
            .legal_moves()
            .iter()
            .map(|m| m.to_string())
            .collect()
    }

    /// Plays a move given in USI; raises `MoveError` when it is malformed or illegal.
    fn push_usi(&mut self, usi: &str) -> PyResult<()> {
        let mv = self.parse_move(usi)?;
        self.play(mv)
    }

    /// Plays a move given as USI text or as the number `move_from_usi` and `legal_move_ids`
    /// give (the fast form, as cshogi's integer moves); raises `MoveError` when it is not legal.
    fn push(&mut self, mv: MoveArg) -> PyResult<()> {
        let mv = match mv {
            MoveArg::Text(text) => self.parse_move(&text)?,
            MoveArg::Id(number) => u16::try_from(number)
                .ok()
                .and_then(Move::from_bits)
                .ok_or_else(|| MoveError::new_err(format!("not a move number: {number}")))?,
        };
        self.play(mv)
    }

    /// The number that stands for a USI move in `push` and `legal_move_ids`.
    fn move_from_usi(&self, usi: &str) -> PyResult<u16> {
        Ok(self.parse_move(usi)?.to_bits())
    }

    /// The legal moves as move numbers (see `move_to_usi`), the fast form of `legal_moves`.
    #[getter]
    fn legal_move_ids(&self) -> Vec<u16> {
        self.position
            .legal_moves()
            .iter()
            .map(|m| m.to_bits())
            .collect()
    }

    /// Takes back the last move and returns it in USI; raises `IndexError` when none was played.
    fn pop(&mut self) -> PyResult<String> {
        let (before, mv) = self.stack.pop().ok_or_else(|| {
            pyo3::exceptions::PyIndexError::new_err("pop from a board with no moves played")
        })?;
        self.position = before;
        self.history.pop();
        Ok(mv.to_string())
    }

    /// The moves pushed so far, in USI.
    #[getter]
    fn move_stack(&self) -> Vec<String> {
        self.stack.iter().map(|(_, m)| m.to_string()).collect()
    }

    /// Whether the side to move is in check.
    fn is_check(&self) -> bool {
        self.position.in_check()
    }

    /// Whether the side to move is checkmated.
    fn is_checkmate(&self) -> bool {
        self.position.is_checkmate()
    }

    /// Whether the side to move has no legal move (in shogi that is always a loss).
    fn is_game_over(&self) -> bool {
        self.position.has_no_legal_move()
    }

    /// The repetition verdict of the moves pushed: `None`, `"draw"`, or
    /// `"perpetual_check_by_black"` / `"perpetual_check_by_white"` (that side loses).
    fn repetition(&self) -> Option<&'static str> {
        match self.history.verdict() {
            RepetitionVerdict::None => None,
            RepetitionVerdict::Draw => Some("draw"),
            RepetitionVerdict::PerpetualCheckBy(Color::Black) => Some("perpetual_check_by_black"),
            RepetitionVerdict::PerpetualCheckBy(Color::White) => Some("perpetual_check_by_white"),
        }
    }

    /// The number of leaf positions `depth` plies down; the GIL is released while counting.
    fn perft(&self, py: Python<'_>, depth: u32) -> u64 {
        let position = self.position.clone();
        py.allow_threads(move || tokin_core::perft(&position, depth))
    }

    /// The position's Zobrist hash (board, side and hands).
    fn zobrist_hash(&self) -> u64 {
        self.position.key()
    }

    /// An independent copy, moves played included.
    fn copy(&self) -> Board {
        self.clone()
    }

    fn __copy__(&self) -> Board {
        self.clone()
    }

    fn __repr__(&self) -> String {
        format!("Board('{}')", self.position.to_sfen())
    }

    fn __eq__(&self, other: &Board) -> bool {
        self.position.to_sfen() == other.position.to_sfen()
    }
}

/// The USI text of a move number; raises `MoveError` for a number that is no move.
#[pyfunction]
fn move_to_usi(id: u16) -> PyResult<String> {
    Move::from_bits(id)
        .map(|m| m.to_string())
        .ok_or_else(|| MoveError::new_err(format!("not a move number: {id}")))
}

#[pymodule]
fn _tokin(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Board>()?;
    m.add_function(wrap_pyfunction!(move_to_usi, m)?)?;
    m.add("SfenError", m.py().get_type::<SfenError>())?;
    m.add("MoveError", m.py().get_type::<MoveError>())?;
    Ok(())
}
