//! The board: a position with the moves played on it, and the moves' notation.

use crate::notation::{self, last_to_arg};
use crate::usi_text::{usi_list, usi_text};
use crate::{MoveError, PositionWarning, SfenError, hcp, packed, psv_error, warn};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyInt, PyList, PyString};
use tokin_core::{Color, GameHistory, Move, Position, RepetitionVerdict, Square, Strictness, Undo};
use tokin_notation::position_text::read_start;
use tokin_notation::svg::{SvgOptions, svg};

/// A shogi position with the moves played on it, so they can be taken back.
///
/// `Board(sfen=None, strictness="game", moves=None)`: the starting position, or the position
/// of a text in any form `tokin --sfen` reads (`startpos`, an SFEN with or without the
/// leading `sfen `, a handicap name such as `2-pieces` or `香落ち`, FEEN, GNU Shogi EPD, or
/// the network server's `-handicap=` expression), with the USI `moves` (a list, or one
/// string) pushed. `strictness` says which positions are accepted: `game` (both kings, no
/// more pieces than a set), `problem` (as game, but the attacker may have no king, as in
/// tsume) or `relaxed` (anything the rules can play); each rule of a game a position breaks
/// is a `PositionWarning`.
///
/// >>> tokin.Board("4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1", strictness="problem")
/// Board('4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1')
/// >>> tokin.Board("2-pieces").sfen()
/// 'lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1'
/// >>> tokin.Board("-handicap=2p", moves="5a5b").move_stack
/// ['5a5b']
#[pyclass(module = "tokin")]
#[derive(Clone)]
pub(crate) struct Board {
    /// The position on the board, played and taken back in place.
    position: Position,
    /// What takes back each pushed move, most recent last (its move included): a push
    /// writes one small record and a pop reads it, where a copy of the position would be
    /// some 550 bytes. The position before the first move is found by taking them all back
    /// (for the repetition history), rather than kept: a board holds one position, not two,
    /// which halves the memory a set of boards (one per position of a data set) spans.
    played: Vec<Undo>,
}

/// A move as Python code may give it: its USI text or its number.
enum MoveArg {
    Id(i64),
    Text(String),
}

impl<'py> FromPyObject<'py> for MoveArg {
    /// Text is told apart by its type first, so a number (the fast path) costs no failed
    /// extraction and a string no integer error thrown away.
    fn extract_bound(ob: &Bound<'py, PyAny>) -> PyResult<MoveArg> {
        if ob.is_instance_of::<PyString>() {
            return ob.extract().map(MoveArg::Text);
        }
        ob.extract::<i64>().map(MoveArg::Id).map_err(|_| {
            if ob.is_instance_of::<PyInt>() {
                return MoveError::new_err(format!("not a move number: {ob}"));
            }
            let kind = ob
                .get_type()
                .name()
                .map_or_else(|_| "that".to_owned(), |n| n.to_string());
            PyTypeError::new_err(format!(
                "a move is a move number (int) or USI text (str), not {kind}"
            ))
        })
    }
}

impl Board {
    pub(crate) fn play(&mut self, mv: Move) -> PyResult<()> {
        self.position
            .is_legal(mv)
            .map_err(|e| MoveError::new_err(format!("{mv}: {e}")))?;
        let undo = self.position.play_undoable(mv);
        self.played.push(undo);
        Ok(())
    }

    pub(crate) fn from_position(start: Position) -> Board {
        Board {
            position: start,
            played: Vec::new(),
        }
    }

    /// The position on the board.
    pub(crate) fn position(&self) -> &Position {
        &self.position
    }

    /// The positions played from the start, for the repetition rules.
    pub(crate) fn history(&self) -> GameHistory {
        let mut position = self.position.clone();
        for &undo in self.played.iter().rev() {
            position.undo(undo);
        }
        let mut history = GameHistory::new(&position);
        for undo in &self.played {
            position.play_unchecked(undo.mv());
            history.push(&position);
        }
        history
    }

    /// The board of a position text, in any form `tokin`'s `--sfen` reads: `startpos`, a
    /// handicap name (`2-pieces`, `香落ち`), an SFEN (with or without `sfen `), FEEN, GNU
    /// Shogi EPD, or the network server's `-handicap=` expression. Held to `strictness`; each
    /// rule of a game that the position breaks (as a problem diagram may) is a
    /// `PositionWarning`.
    pub(crate) fn from_text(py: Python<'_>, text: &str, strictness: &str) -> PyResult<Board> {
        let strictness = strictness
            .parse::<Strictness>()
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        let (position, _) = read_start(text.trim(), &[] as &[&str], strictness)
            .map_err(|e| SfenError::new_err(e.to_string()))?;
        for why in position.game_rule_breaks() {
            warn::<PositionWarning>(py, why.to_string())?;
        }
        Ok(Board::from_position(position))
    }

    /// The last move pushed and not popped.
    fn last_move(&self) -> Option<Move> {
        self.played.last().map(|undo| undo.mv())
    }

    /// `Board.push`: plays a move given as USI text or as a move number (the method itself is
    /// in `board_calls`).
    pub(crate) fn push(&mut self, mv: &Bound<'_, PyAny>) -> PyResult<()> {
        let mv = match mv.extract()? {
            MoveArg::Text(text) => self.parse_move(&text)?,
            MoveArg::Id(number) => u16::try_from(number)
                .ok()
                .and_then(Move::from_bits)
                .ok_or_else(|| MoveError::new_err(format!("not a move number: {number}")))?,
        };
        self.play(mv)
    }

    /// `Board.pop`: takes back the last move and returns it in USI (the method itself is in
    /// `board_calls`).
    pub(crate) fn pop<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyString>> {
        let undo = self.played.pop().ok_or_else(|| {
            pyo3::exceptions::PyIndexError::new_err("pop from a board with no moves played")
        })?;
        self.position.undo(undo);
        Ok(usi_text(py, undo.mv()))
    }

    fn parse_move(&self, usi: &str) -> PyResult<Move> {
        Move::from_usi(usi).ok_or_else(|| MoveError::new_err(format!("not a USI move: {usi:?}")))
    }

    /// The square 同 refers to: `last_to` when given (a USI square such as `7f`), else the
    /// destination of the last move pushed.
    fn last_to(&self, last_to: Option<&str>) -> PyResult<Option<Square>> {
        match last_to {
            Some(text) => last_to_arg(text).map(Some),
            None => Ok(self.last_move().map(Move::to)),
        }
    }
}

#[pymethods]
impl Board {
    /// A board from a position text, or the starting position (the class's documentation
    /// says more).
    #[new]
    #[pyo3(signature = (sfen=None, strictness="game", moves=None))]
    fn new(
        py: Python<'_>,
        sfen: Option<&str>,
        strictness: &str,
        moves: Option<notation::MovesArg>,
    ) -> PyResult<Board> {
        let mut board = Board::from_text(py, sfen.unwrap_or("startpos"), strictness)?;
        for mv in moves.map(|m| m.0).unwrap_or_default() {
            board.push_usi(&mv)?;
        }
        Ok(board)
    }

    /// Replaces the position by the one a position text gives, forgetting the moves played.
    #[pyo3(signature = (sfen, strictness="game"))]
    fn set_sfen(&mut self, py: Python<'_>, sfen: &str, strictness: &str) -> PyResult<()> {
        *self = Board::from_text(py, sfen, strictness)?;
        Ok(())
    }

    /// The position packed into the 32 bytes of a training record (YaneuraOu's packed SFEN,
    /// cshogi's `PackedSfen`); the move number is not kept. `SfenError` for a position the
    /// format cannot hold (no king, more pieces of a kind than a set).
    ///
    /// >>> len(tokin.Board().to_psfen())
    /// 32
    fn to_psfen<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyBytes>> {
        Ok(PyBytes::new(py, &packed::packed_of(self.position())?))
    }

    /// Replaces the position by a packed SFEN's 32 bytes (`bytes`, or a NumPy array such as
    /// one record's `sfen` field), forgetting the moves played; `PsvError` for bytes that
    /// are no position.
    ///
    /// >>> board = tokin.Board()
    /// >>> board.set_psfen(tokin.Board("8k/9/9/9/9/9/9/9/K8 w - 1").to_psfen())
    /// >>> board.sfen()
    /// '8k/9/9/9/9/9/9/9/K8 w - 1'
    fn set_psfen(&mut self, psfen: &Bound<'_, PyAny>) -> PyResult<()> {
        let data = packed::one_packed(psfen, "a packed SFEN")?;
        let position = packed::position_of_packed(&data).map_err(|e| psv_error(0, None, e))?;
        *self = Board::from_position(position);
        Ok(())
    }

    /// The position as cshogi's HuffmanCodedPos (`hcp`, Apery's 32 bytes), the bytes
    /// cshogi's `Board.to_hcp` writes.
    ///
    /// >>> tokin.Board().to_hcp()[:4].hex()
    /// '58a44921'
    fn to_hcp<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyBytes>> {
        let packed = packed::packed_of(self.position())?;
        let hcp =
            hcp::hcp_of_packed_sfen(&packed).map_err(|e| psv_error(0, None, e.to_string()))?;
        Ok(PyBytes::new(py, &hcp))
    }

    /// Replaces the position by a HuffmanCodedPos's 32 bytes (`bytes`, or a NumPy array such
    /// as one of cshogi's `HuffmanCodedPos`), forgetting the moves played; `PsvError` for
    /// bytes that are no position.
    ///
    /// >>> board = tokin.Board("8k/9/9/9/9/9/9/9/K8 w - 1")
    /// >>> other = tokin.Board()
    /// >>> other.set_hcp(board.to_hcp())
    /// >>> other == board
    /// True
    fn set_hcp(&mut self, hcp: &Bound<'_, PyAny>) -> PyResult<()> {
        let data = packed::one_packed(hcp, "a HuffmanCodedPos")?;
        let position = packed::position_of_hcp(&data).map_err(|e| psv_error(0, None, e))?;
        *self = Board::from_position(position);
        Ok(())
    }

    /// The position as SFEN (board, side, hands, move number).
    fn sfen(&self) -> String {
        self.position().to_sfen()
    }

    /// 0 when Black (sente) is to move, 1 for White (gote), as in cshogi.
    #[getter]
    fn turn(&self) -> u8 {
        match self.position().side_to_move() {
            Color::Black => 0,
            Color::White => 1,
        }
    }

    /// The move number the SFEN would show.
    #[getter]
    fn move_number(&self) -> u32 {
        self.position().move_number()
    }

    /// The legal moves, as USI strings.
    #[getter]
    fn legal_moves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        usi_list(py, self.position().legal_moves().into_iter())
    }

    /// Plays a move given in USI; raises `MoveError` when it is malformed or illegal.
    fn push_usi(&mut self, usi: &str) -> PyResult<()> {
        let mv = self.parse_move(usi)?;
        self.play(mv)
    }

    /// The number that stands for a USI move in `push` and `legal_move_ids`.
    fn move_from_usi(&self, usi: &str) -> PyResult<u16> {
        Ok(self.parse_move(usi)?.to_bits())
    }

    /// The legal moves as move numbers (see `move_to_usi`), the fast form of `legal_moves`.
    #[getter]
    fn legal_move_ids<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        PyList::new(
            py,
            self.position().legal_moves().iter().map(|m| m.to_bits()),
        )
    }

    /// The moves pushed so far, in USI.
    #[getter]
    fn move_stack<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        usi_list(py, self.played.iter().map(|undo| undo.mv()))
    }

    /// Whether the side to move is in check.
    fn is_check(&self) -> bool {
        self.position().in_check()
    }

    /// Whether the side to move is checkmated.
    fn is_checkmate(&self) -> bool {
        self.position().is_checkmate()
    }

    /// Whether the side to move has no legal move (in shogi that is always a loss).
    fn is_game_over(&self) -> bool {
        self.position().has_no_legal_move()
    }

    /// The repetition verdict of the moves pushed: `None`, `"draw"`, or
    /// `"perpetual_check_by_black"` / `"perpetual_check_by_white"` (that side loses).
    fn repetition(&self) -> Option<&'static str> {
        match self.history().verdict() {
            RepetitionVerdict::None => None,
            RepetitionVerdict::Draw => Some("draw"),
            RepetitionVerdict::PerpetualCheckBy(Color::Black) => Some("perpetual_check_by_black"),
            RepetitionVerdict::PerpetualCheckBy(Color::White) => Some("perpetual_check_by_white"),
        }
    }

    /// The number of leaf positions `depth` plies down; the GIL is released while counting.
    fn perft(&self, py: Python<'_>, depth: u32) -> u64 {
        let position = self.position().clone();
        py.allow_threads(move || tokin_core::perft(&position, depth))
    }

    /// The position's Zobrist hash (board, side and hands).
    fn zobrist_hash(&self) -> u64 {
        self.position().key()
    }

    /// An independent copy, moves played included.
    fn copy(&self) -> Board {
        self.clone()
    }

    fn __copy__(&self) -> Board {
        self.clone()
    }

    /// The legal move `usi` written in a notation style (see `STYLES`), from this position;
    /// 同 refers to the last move pushed, or to `last_to` when given.
    ///
    /// `marks` are the side marks of the Japanese and Kitao–Kawasaki styles: `pentagons`
    /// (☗☖), `triangles` (▲△) or `none`.
    ///
    /// >>> tokin.Board().move_to_notation("7g7f", "japanese")
    /// '☗７六歩'
    /// >>> tokin.Board().move_to_notation("7g7f", marks="triangles")
    /// '▲７六歩'
    #[pyo3(signature = (usi, style="japanese", last_to=None, marks="pentagons"))]
    fn move_to_notation(
        &self,
        usi: &str,
        style: &str,
        last_to: Option<&str>,
        marks: &str,
    ) -> PyResult<String> {
        let mv = self.parse_move(usi)?;
        let opts = notation::options(marks)?;
        notation::write_move(self.position(), self.last_to(last_to)?, mv, style, &opts)
    }

    /// Legal USI moves played in turn from this position (a list, or one string separated by
    /// spaces), written as one line in a notation style; the board is not changed.
    ///
    /// >>> tokin.Board().line_to_notation(["7g7f", "3c3d"], "hodges")
    /// '1. P-7f P-3d'
    /// >>> tokin.Board().line_to_notation("7g7f 3c3d", marks="triangles")
    /// '▲７六歩 △３四歩'
    #[pyo3(signature = (moves, style="japanese", last_to=None, marks="pentagons"))]
    fn line_to_notation(
        &self,
        moves: notation::MovesArg,
        style: &str,
        last_to: Option<&str>,
        marks: &str,
    ) -> PyResult<String> {
        let opts = notation::options(marks)?;
        notation::write_line(
            self.position(),
            self.last_to(last_to)?,
            &moves.0,
            style,
            &opts,
        )
    }

    /// The legal move that `text`, written in a notation style, names here, in USI; raises
    /// `NotationError` when it names none or several.
    ///
    /// >>> tokin.Board().parse_notation("▲７六歩", "japanese")
    /// '7g7f'
    #[pyo3(signature = (text, style="japanese", last_to=None))]
    fn parse_notation(&self, text: &str, style: &str, last_to: Option<&str>) -> PyResult<String> {
        notation::parse_move(self.position(), self.last_to(last_to)?, text, style)
            .map(|mv| mv.to_string())
    }

    /// The moves of a line written in a notation style (with or without move numbers),
    /// played in turn from here, in USI; the board is not changed.
    ///
    /// >>> tokin.Board().parse_notation_line("1. P-7f P-3d 2. Bx2b+ Sx2b", "hodges")
    /// ['7g7f', '3c3d', '8h2b+', '3a2b']
    #[pyo3(signature = (text, style="japanese", last_to=None))]
    fn parse_notation_line(
        &self,
        text: &str,
        style: &str,
        last_to: Option<&str>,
    ) -> PyResult<Vec<String>> {
        let moves = notation::parse_line(self.position(), self.last_to(last_to)?, text, style)?;
        Ok(moves.iter().map(|m| m.to_string()).collect())
    }

    /// Plays the move `text` names in a notation style and returns it in USI.
    ///
    /// >>> board = tokin.Board("lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3")
    /// >>> board.push_notation("２二角成(88)", "kif")
    /// '8h2b+'
    /// >>> board.push_notation("△同銀")
    /// '3a2b'
    #[pyo3(signature = (text, style="japanese"))]
    fn push_notation(&mut self, text: &str, style: &str) -> PyResult<String> {
        let mv = notation::parse_move(self.position(), self.last_to(None)?, text, style)?;
        self.play(mv)?;
        Ok(mv.to_string())
    }

    /// Plays a move in CSA text (`7776FU`, with or without the side's sign) and returns it in
    /// USI, as cshogi's `push_csa` plays it.
    ///
    /// >>> tokin.Board().push_csa("+7776FU")
    /// '7g7f'
    fn push_csa(&mut self, csa: &str) -> PyResult<String> {
        self.push_notation(csa, "csa")
    }

    /// The move number (see `move_to_usi`) of a move in CSA text, as cshogi's
    /// `move_from_csa` gives a move's number.
    ///
    /// >>> board = tokin.Board()
    /// >>> board.move_from_csa("7776FU") == board.move_from_usi("7g7f")
    /// True
    fn move_from_csa(&self, csa: &str) -> PyResult<u16> {
        let mv = notation::parse_move(self.position(), None, csa, "csa")?;
        Ok(mv.to_bits())
    }

    /// The KIF board diagram (BOD) as cshogi's `to_bod` gives it: the board, the hands, the
    /// side to move, and the last move pushed as KIF writes it under a diagram.
    ///
    /// >>> board = tokin.Board()
    /// >>> board.push_usi("7g7f")
    /// >>> board.to_bod().splitlines()[-1]
    /// '手数＝1　▲７六歩　まで'
    fn to_bod(&self) -> PyResult<String> {
        let last = self.played.split_last().map(|(undo, earlier)| {
            let mut before = self.position.clone();
            before.undo(*undo);
            (before, earlier.last().map(|u| u.mv().to()), undo.mv())
        });
        let last = last.as_ref().map(|(before, to, mv)| (before, *to, *mv));
        notation::bod(self.position(), last)
    }

    /// The board as an SVG drawing: the grid, the pieces as kanji (White's upside down), the
    /// hands, the last move pushed shaded (`last_move=False` leaves it out) and, with
    /// `coordinates`, the file numbers and rank kanji. Jupyter shows a board this way.
    ///
    /// >>> svg = tokin.Board(moves=["7g7f"]).to_svg()
    /// >>> svg.startswith("<svg"), svg.count('class="piece '), svg.count('class="last-move"')
    /// (True, 40, 2)
    #[pyo3(signature = (coordinates=true, last_move=true))]
    fn to_svg(&self, coordinates: bool, last_move: bool) -> String {
        let opts = SvgOptions {
            last_move: self.last_move().filter(|_| last_move),
            coordinates,
        };
        svg(self.position(), &opts)
    }

    /// The SVG drawing of `to_svg`, which notebooks such as Jupyter show for a board.
    fn _repr_svg_(&self) -> String {
        self.to_svg(true, true)
    }

    /// A board diagram: `bod` (the KIF board), `unicode`, `email`, or the network server's
    /// `standard`, `alternate` or `small` (with `,flip` or `,noflip`).
    ///
    /// >>> bod = tokin.Board("4k4/9/9/9/9/9/9/9/4K4 b G 1").diagram("bod")
    /// >>> bod.splitlines()[-2:]
    /// ['先手の持駒：金', '先手番']
    #[pyo3(signature = (style="bod"))]
    fn diagram(&self, style: &str) -> PyResult<String> {
        notation::diagram(self.position(), style)
    }

    fn __str__(&self) -> String {
        tokin_notation::record::diagram::render(
            self.position(),
            tokin_notation::record::diagram::Style::Unicode,
        )
    }

    fn __repr__(&self) -> String {
        format!("Board('{}')", self.position().to_sfen())
    }

    fn __eq__(&self, other: &Board) -> bool {
        self.position().to_sfen() == other.position().to_sfen()
    }
}

/// The USI text of a move number; raises `MoveError` for a number that is no move.
///
/// >>> board = tokin.Board()
/// >>> tokin.move_to_usi(board.move_from_usi("7g7f"))
/// '7g7f'
#[pyfunction]
fn move_to_usi(py: Python<'_>, id: u16) -> PyResult<Bound<'_, PyString>> {
    Move::from_bits(id)
        .map(|m| usi_text(py, m))
        .ok_or_else(|| MoveError::new_err(format!("not a move number: {id}")))
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Board>()?;
    crate::board_calls::register(&m.py().get_type::<Board>())?;
    m.add_function(wrap_pyfunction!(move_to_usi, m)?)?;
    Ok(())
}
