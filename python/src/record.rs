//! Game records: read from text, a file or many files at once (in parallel, the GIL
//! released), looked at from Python, and written in any format.

use crate::board::Board;
use crate::notation::MovesArg;
use crate::{MoveError, RecordError, RecordLossWarning, SfenError, warn};
use pyo3::exceptions::{PyFileExistsError, PyIsADirectoryError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::borrow::Cow;
use std::path::{Path, PathBuf};
use std::time::Duration;
use tokin_core::{Color, Move, Position, Strictness};
use tokin_notation::record::{
    self, EndKind, Ending, Format, HeaderKey, Line, MoveTime, Node, ReadOptions, RecordErrorKind,
    Start,
};

/// Every format's name, as `FORMATS` lists them (each one `Format::from_str` reads).
const FORMATS: [&str; 7] = ["kif", "ki2", "csa", "jkf", "psn", "usi", "email"];

/// One game of a record file: start position, header, main line with its comments and times,
/// variations and ending.
///
/// `Record(moves=(), start_sfen=None, headers=None, comments=None, times=None, result=None)`
/// builds one in Python, for writing games made there: a game played from `start_sfen` (the
/// starting position by default; its move number says how many moves came before), `moves`
/// in USI (a list, or one string), `headers` by the names `headers` gives, each move's
/// `comments` and `times` in seconds (lists no longer than `moves`; `""` and `None` for
/// none), and the `result` by the names `result` gives.
///
/// >>> game = tokin.Record(["7g7f", "3c3d"], headers={"black": "A", "white": "B"},
/// ...                     times=[3, 5.5], result="resign")
/// >>> print(game.to_string("csa"), end="")
/// 'CSA encoding=UTF-8
/// V3.0
/// N+A
/// N-B
/// PI
/// +
/// +7776FU
/// T3
/// -3334FU
/// T5.500
/// %TORYO
///
/// A record read from a file gives what the file holds:
///
/// >>> game = tokin.parse_record("N+Sente\nN-Gote\nPI\n+\n+7776FU\nT3\n'*opens the bishop\n-3334FU\n%TORYO\n", "csa")
/// >>> game.names, game.moves, game.times, game.comments
/// (('Sente', 'Gote'), ['7g7f', '3c3d'], [3.0, None], ['opens the bishop', ''])
/// >>> game.result, game.winner, len(game)
/// ('resign', 'white', 2)
#[pyclass(module = "tokin", frozen)]
struct Record {
    record: record::Record,
    /// What the reader read past in the file this game came from (and, reading leniently,
    /// what it skipped), as `LINE:COLUMN: message` lines.
    warnings: Vec<String>,
}

impl Drop for Record {
    fn drop(&mut self) {
        // Freeing a game's moves one by one cost 37 instructions a move (the call that drops
        // a node, looking at each of its lists), 5% of reading a folder of CSA games. A move
        // with no comments, bookmark or variations owns nothing on the heap, so when every
        // move is one the list is freed whole and its moves forgotten, which leaks nothing.
        // Every field is named, so that a field added to `Node` is looked at here too.
        let moves = &mut self.record.main.moves;
        let owns_nothing = |n: &Node| {
            let Node {
                mv: _,
                time: _,
                comments,
                bookmark,
                variations,
            } = n;
            comments.capacity() == 0 && bookmark.is_none() && variations.capacity() == 0
        };
        if moves.iter().all(owns_nothing) {
            std::mem::take(moves).into_iter().for_each(std::mem::forget);
        }
    }
}

/// An alternative line (変化) of a record.
#[pyclass(module = "tokin", frozen, get_all)]
struct Variation {
    /// The number of the variation's first move in the game (1 for the first move).
    ply: usize,
    /// How many variations deep it is (1 for an alternative to the main line).
    depth: usize,
    /// The position before its first move.
    start_sfen: String,
    /// Its moves, in USI.
    moves: Vec<String>,
}

#[pymethods]
impl Variation {
    fn __repr__(&self) -> String {
        format!(
            "Variation(ply={}, depth={}, moves={})",
            self.ply,
            self.depth,
            crate::repr_list(&self.moves)
        )
    }
}

/// Why a file gave no games, kept apart from Python until the GIL is held again.
enum Failure {
    Io(std::io::Error),
    Record(record::RecordError),
}

impl Failure {
    fn into_py_err(self, file: Option<&str>) -> PyErr {
        match self {
            Failure::Io(e) => match file {
                Some(f) => PyErr::from(std::io::Error::new(e.kind(), format!("{f}: {e}"))),
                None => e.into(),
            },
            Failure::Record(e) => record_error(e, file),
        }
    }
}

/// A `RecordError` exception with the error's place as attributes.
fn record_error(mut e: record::RecordError, file: Option<&str>) -> PyErr {
    if let Some(f) = file {
        e = e.in_file(f);
    }
    let err = RecordError::new_err(e.to_string());
    Python::with_gil(|py| {
        let value = err.value(py);
        // Setting attributes on a fresh exception instance cannot fail but for memory.
        let _ = value.setattr("file", e.file.clone());
        let _ = value.setattr("line", e.line);
        let _ = value.setattr("column", e.column);
        let _ = value.setattr("ply", e.ply);
    });
    err
}

/// An error on no one line of the text (line and column 0).
fn whole_text_error(kind: RecordErrorKind) -> Failure {
    Failure::Record(record::RecordError::new(0, 0, "", kind))
}

fn format_arg(name: &str) -> PyResult<Format> {
    name.parse::<Format>().map_err(|_| {
        PyValueError::new_err(format!(
            "unknown record format `{name}`; the formats are {}",
            FORMATS.join(", ")
        ))
    })
}

fn options(lenient: bool) -> ReadOptions {
    ReadOptions {
        lenient,
        ..ReadOptions::default()
    }
}

/// The games of a record's text, in `format` (else the one `name`'s extension or the text
/// says), as `tokin convert` reads them: a text of which nothing could be read is an error,
/// lenient or not.
fn parse_games(
    text: &str,
    name: Option<&str>,
    format: Option<Format>,
    opts: ReadOptions,
) -> Result<Vec<Record>, Failure> {
    if text.trim().is_empty() {
        return Err(whole_text_error(RecordErrorKind::Syntax {
            reason: Cow::Borrowed("no game record: the text is empty"),
        }));
    }
    let format = format
        .or_else(|| {
            let ext = Path::new(name?).extension()?.to_str()?;
            Format::from_extension(ext)
        })
        .or_else(|| Format::detect(text))
        .ok_or_else(|| {
            whole_text_error(RecordErrorKind::Syntax {
                reason: Cow::Borrowed("cannot tell the record format; give format="),
            })
        })?;
    let parsed = record::parse(text, format, opts).map_err(Failure::Record)?;
    let nothing = parsed
        .records
        .iter()
        .all(|r| r.main.moves.is_empty() && r.start == record::Start::default());
    if parsed.records.is_empty() || (opts.lenient && !parsed.warnings.is_empty() && nothing) {
        return Err(match parsed.warnings.into_iter().next() {
            Some(first) => Failure::Record(first),
            None => whole_text_error(RecordErrorKind::NoGame { format }),
        });
    }
    let warnings: Vec<String> = parsed.warnings.iter().map(|w| w.to_string()).collect();
    Ok(parsed
        .records
        .into_iter()
        .map(|record| Record {
            record,
            warnings: warnings.clone(),
        })
        .collect())
}

fn read_games(
    path: &Path,
    format: Option<Format>,
    opts: ReadOptions,
    buf: &mut Vec<u8>,
) -> Result<Vec<Record>, Failure> {
    read_games_counted(path, format, opts, buf, &mut 0)
}

/// `read_games`, adding the file's size to `read`.
fn read_games_counted(
    path: &Path,
    format: Option<Format>,
    opts: ReadOptions,
    buf: &mut Vec<u8>,
    read: &mut usize,
) -> Result<Vec<Record>, Failure> {
    let len = read_file(path, buf).map_err(Failure::Io)?;
    *read += len;
    let text = record::decode_borrowed(&buf[..len]);
    parse_games(&text, path.to_str(), format, opts)
}

/// Reads the file at `path` into the start of `buf`, which grows as needed and is kept for
/// the next file, and returns its length. `std::fs::read` asks for the file's size first (a
/// `statx` call, about 0.5 µs) and allocates a buffer for every file; reading until the end
/// into one buffer makes the same `openat`, `read`, `read` (the end) and `close` without
/// them, and the text read is then borrowed rather than copied when it is UTF-8.
fn read_file(path: &Path, buf: &mut Vec<u8>) -> std::io::Result<usize> {
    use std::io::{ErrorKind, Read};
    let mut file = std::fs::File::open(path)?;
    let mut len = 0;
    loop {
        if len == buf.len() {
            buf.resize((2 * buf.len()).max(16 * 1024), 0);
        }
        match file.read(&mut buf[len..]) {
            Ok(0) => return Ok(len),
            Ok(n) => len += n,
            Err(e) if e.kind() == ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
}

/// How many bytes of files `read_records` reads on the calling thread before it starts
/// threads for the rest (about 2.5 ms of work in CSA or KIF). Starting a pool and handing it
/// work costs about 0.04 ms of CPU time a thread, and 30 CSA games of 1 KB each took 0.00088–
/// 0.00099 s of CPU time on a pool of two threads against 0.00047 on the calling thread.
const READ_ALONE: usize = 256 * 1024;

/// What reading each of `files` gives, in their order: on the calling thread until
/// `READ_ALONE` bytes are read (or all of them when `threads` is 1), the rest on a pool of
/// `threads` threads (0 for one per core).
fn read_files(
    files: &[PathBuf],
    format: Option<Format>,
    opts: ReadOptions,
    threads: usize,
) -> Result<Vec<Result<Vec<Record>, Failure>>, rayon::ThreadPoolBuildError> {
    use rayon::prelude::*;
    let mut results = Vec::with_capacity(files.len());
    let mut read = 0;
    let mut buf = Vec::new();
    for path in files {
        if threads != 1 && read >= READ_ALONE {
            break;
        }
        results.push(read_games_counted(path, format, opts, &mut buf, &mut read));
    }
    let rest = &files[results.len()..];
    if !rest.is_empty() {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()?;
        pool.install(|| {
            results.par_extend(
                rest.par_iter()
                    .map_init(Vec::new, |buf, p| read_games(p, format, opts, buf)),
            );
        });
    }
    Ok(results)
}

/// The first game, with a warning when the text holds more.
fn first_game(py: Python<'_>, games: Vec<Record>) -> PyResult<Record> {
    let count = games.len();
    if count > 1 {
        let message = format!(
            "the record holds {count} games; this is the first (parse_records and \
             read_records give them all)"
        );
        warn::<pyo3::exceptions::PyUserWarning>(py, message)?;
    }
    // `parse_games` never returns an empty list.
    games
        .into_iter()
        .next()
        .ok_or_else(|| PyValueError::new_err("no game in the record"))
}

fn end_name(kind: EndKind) -> &'static str {
    match kind {
        EndKind::Resign => "resign",
        EndKind::Interrupt => "interrupt",
        EndKind::Repetition => "repetition",
        EndKind::Impasse => "impasse",
        EndKind::EnteringKingWin => "entering_king_win",
        EndKind::Draw => "draw",
        EndKind::Mate => "mate",
        EndKind::NoMate => "no_mate",
        EndKind::TimeUp => "time_up",
        EndKind::IllegalWin => "illegal_win",
        EndKind::IllegalLoss => "illegal_loss",
        EndKind::MaxMoves => "max_moves",
        EndKind::TakeBack => "take_back",
        EndKind::Error => "error",
        EndKind::ForfeitWin => "forfeit_win",
        EndKind::ForfeitLoss => "forfeit_loss",
        EndKind::SealedMove => "sealed_move",
        _ => "other",
    }
}

/// Whether the side to move at the end wins (`Some(true)`), loses, or neither.
fn side_to_move_wins(kind: EndKind) -> Option<bool> {
    match kind {
        EndKind::Resign
        | EndKind::Mate
        | EndKind::TimeUp
        | EndKind::IllegalLoss
        | EndKind::ForfeitLoss => Some(false),
        EndKind::EnteringKingWin | EndKind::IllegalWin | EndKind::ForfeitWin => Some(true),
        _ => None,
    }
}

/// The header keys `headers` names in English; any other key is kept as it is spelt.
const NAMED_KEYS: [HeaderKey; 8] = [
    HeaderKey::Black,
    HeaderKey::White,
    HeaderKey::Event,
    HeaderKey::Site,
    HeaderKey::StartTime,
    HeaderKey::EndTime,
    HeaderKey::TimeControl,
    HeaderKey::Opening,
];

/// The key `headers` calls `name`.
fn header_key(name: &str) -> HeaderKey {
    NAMED_KEYS
        .into_iter()
        .find(|k| header_name(k) == name)
        .unwrap_or_else(|| HeaderKey::Other(name.to_owned()))
}

fn header_name(key: &HeaderKey) -> &str {
    match key {
        HeaderKey::Black => "black",
        HeaderKey::White => "white",
        HeaderKey::Event => "event",
        HeaderKey::Site => "site",
        HeaderKey::StartTime => "start_time",
        HeaderKey::EndTime => "end_time",
        HeaderKey::TimeControl => "time_control",
        HeaderKey::Opening => "opening",
        HeaderKey::Other(k) => k,
    }
}

/// The variations of `line`, played from `pos` with its first move numbered `ply`, depth
/// first (each followed by those inside it).
fn collect_variations(
    line: &Line,
    pos: &Position,
    ply: usize,
    depth: usize,
    out: &mut Vec<Variation>,
) {
    let mut pos = pos.clone();
    let branch = |var: &Line, pos: &Position, ply: usize, out: &mut Vec<Variation>| {
        out.push(Variation {
            ply,
            depth: depth + 1,
            start_sfen: pos.to_sfen(),
            moves: var.moves.iter().map(|n| n.mv.to_string()).collect(),
        });
        collect_variations(var, pos, ply, depth + 1, out);
    };
    for (i, node) in line.moves.iter().enumerate() {
        for var in &node.variations {
            branch(var, &pos, ply + i, out);
        }
        pos.play_unchecked(node.mv);
    }
    if let Some(end) = &line.end {
        for var in &end.variations {
            branch(var, &pos, ply + line.moves.len(), out);
        }
    }
}

/// The bytes of a record's text for a file at `path`: Shift_JIS for `.kif` and `.ki2` (what
/// programs expect of those extensions, as `tokin convert` writes them; UTF-8 with a
/// byte-order mark when a character has no Shift_JIS code), UTF-8 otherwise.
fn file_bytes(path: &Path, text: String) -> Vec<u8> {
    let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
    if !matches!(ext.to_ascii_lowercase().as_str(), "kif" | "ki2") {
        return text.into_bytes();
    }
    let declared = text.replacen("encoding=UTF-8", "encoding=Shift_JIS", 1);
    record::encode_shift_jis(&declared)
        .unwrap_or_else(|| [b"\xEF\xBB\xBF", text.as_bytes()].concat())
}

#[pymethods]
impl Record {
    /// A record built in Python (the class's documentation says more).
    #[new]
    #[pyo3(signature = (moves=MovesArg(Vec::new()), start_sfen=None, headers=None, comments=None, times=None, result=None))]
    fn new(
        moves: MovesArg,
        start_sfen: Option<&str>,
        headers: Option<Bound<'_, PyDict>>,
        comments: Option<Vec<String>>,
        times: Option<Vec<Option<f64>>>,
        result: Option<&str>,
    ) -> PyResult<Record> {
        let start = match start_sfen {
            None => Position::startpos(),
            Some(text) => {
                let text = text.trim();
                let text = text.strip_prefix("sfen ").unwrap_or(text);
                Position::from_sfen_with(text, Strictness::Relaxed)
                    .map_err(|e| SfenError::new_err(e.to_string()))?
            }
        };
        let comments = comments.unwrap_or_default();
        let times = times.unwrap_or_default();
        for (name, given) in [("comments", comments.len()), ("times", times.len())] {
            if given > moves.0.len() {
                return Err(PyValueError::new_err(format!(
                    "{name}: {given} for {} moves",
                    moves.0.len()
                )));
            }
        }
        let mut pos = start.clone();
        let mut nodes = Vec::with_capacity(moves.0.len());
        for (i, usi) in moves.0.iter().enumerate() {
            let mv = Move::from_usi(usi)
                .filter(|&mv| pos.is_legal(mv).is_ok())
                .ok_or_else(|| {
                    MoveError::new_err(format!("move {}: `{usi}` is not a legal USI move", i + 1))
                })?;
            pos.play_unchecked(mv);
            let mut node = Node::new(mv);
            if let Some(text) = comments.get(i).filter(|c| !c.is_empty()) {
                node.comments = text.lines().map(str::to_owned).collect();
            }
            if let Some(seconds) = times.get(i).copied().flatten() {
                let spent = Duration::try_from_secs_f64(seconds).map_err(|_| {
                    PyValueError::new_err(format!(
                        "times: move {}: {seconds} is not a number of seconds",
                        i + 1
                    ))
                })?;
                node.time = Some(MoveTime { spent, total: None });
            }
            nodes.push(node);
        }
        let end = result
            .map(|name| {
                EndKind::ALL
                    .into_iter()
                    .find(|&k| end_name(k) == name)
                    .map(Ending::new)
                    .ok_or_else(|| {
                        let names: Vec<&str> = EndKind::ALL.into_iter().map(end_name).collect();
                        PyValueError::new_err(format!(
                            "result: unknown ending `{name}`; the endings are {}",
                            names.join(", ")
                        ))
                    })
            })
            .transpose()?;
        let mut header = Vec::new();
        for (name, value) in headers.iter().flat_map(|h| h.iter()) {
            header.push((
                header_key(&name.extract::<String>()?),
                value.extract::<String>()?,
            ));
        }
        let record = record::Record {
            header,
            start: Start::from_position(&start),
            main: Line { moves: nodes, end },
            moves_before: usize::try_from(start.move_number().saturating_sub(1)).unwrap_or(0),
            ..record::Record::default()
        };
        Ok(Record {
            record,
            warnings: Vec::new(),
        })
    }

    /// Header facts by name: `black`, `white`, `event`, `site`, `start_time`, `end_time`,
    /// `time_control`, `opening`, and any other key as the file spells it (the first value
    /// of a key given twice).
    #[getter]
    fn headers<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        for (key, value) in &self.record.header {
            let name = header_name(key);
            if !dict.contains(name)? {
                dict.set_item(name, value)?;
            }
        }
        Ok(dict)
    }

    /// The players, Black's then White's (`None` where the record names none), as cshogi's
    /// parsers give them.
    #[getter]
    fn names(&self) -> (Option<&str>, Option<&str>) {
        (
            self.record.header_value(&HeaderKey::Black),
            self.record.header_value(&HeaderKey::White),
        )
    }

    /// The start position as SFEN (move number 1).
    #[getter]
    fn start_sfen(&self) -> String {
        self.record.start.position().to_sfen()
    }

    /// The main line's moves, in USI.
    #[getter]
    fn moves(&self) -> Vec<String> {
        self.record.main_moves().map(|m| m.to_string()).collect()
    }

    /// The comment on each main-line move (its lines joined by `\n`; `""` for none).
    #[getter]
    fn comments(&self) -> Vec<String> {
        self.record
            .main
            .moves
            .iter()
            .map(|n| n.comments.join("\n"))
            .collect()
    }

    /// The comments before the first move (on the game or its start position).
    #[getter]
    fn start_comments(&self) -> Vec<String> {
        self.record.comments.clone()
    }

    /// The seconds spent on each main-line move (`None` where the record gives no time).
    #[getter]
    fn times(&self) -> Vec<Option<f64>> {
        self.record
            .main
            .moves
            .iter()
            .map(|n| n.time.map(|t| t.spent.as_secs_f64()))
            .collect()
    }

    /// Every variation, depth first: each after the moves it branches from, and followed by
    /// the variations inside it.
    #[getter]
    fn variations(&self) -> Vec<Variation> {
        let mut out = Vec::new();
        collect_variations(
            &self.record.main,
            &self.record.start.position(),
            1,
            0,
            &mut out,
        );
        out
    }

    /// How the main line ends (`resign`, `mate`, `repetition`, `impasse`, `time_up`,
    /// `interrupt`, ...), or `None` when the record does not say.
    #[getter]
    fn result(&self) -> Option<&'static str> {
        self.record.main.end.as_ref().map(|e| end_name(e.kind))
    }

    /// `"black"` or `"white"` when the ending says who won, else `None`.
    #[getter]
    fn winner(&self) -> Option<&'static str> {
        let end = self.record.main.end.as_ref()?;
        let to_move = self.record.final_position().side_to_move();
        let winner = if side_to_move_wins(end.kind)? {
            to_move
        } else {
            !to_move
        };
        Some(match winner {
            Color::Black => "black",
            Color::White => "white",
        })
    }

    /// The moves played before the record's first one (a record taken from move 41 of a game
    /// has 40); 0 for a whole game.
    #[getter]
    fn moves_before(&self) -> usize {
        self.record.moves_before
    }

    /// What the reader read past (and, leniently, skipped) in the file, as messages.
    #[getter]
    fn warnings(&self) -> Vec<String> {
        self.warnings.clone()
    }

    /// A board at the start with the first `ply` main-line moves played (all by default).
    #[pyo3(signature = (ply=None))]
    fn board(&self, ply: Option<usize>) -> PyResult<Board> {
        let mut board = Board::from_position(self.record.start.position());
        let count = ply.unwrap_or(usize::MAX);
        for mv in self.record.main_moves().take(count) {
            board.play(mv)?;
        }
        Ok(board)
    }

    /// The record as the text of a format (`kif`, `ki2`, `csa`, `jkf`, `psn`, `usi`,
    /// `email`); what the format cannot hold is named in a `RecordLossWarning` each.
    ///
    /// >>> game = tokin.parse_record("PI\n+\n+7776FU\nT3\n-3334FU\n%TORYO\n", "csa")
    /// >>> print(game.to_string("kif"), end="")
    /// #KIF version=2.0 encoding=UTF-8
    /// 手合割：平手
    /// 手数----指手---------消費時間--
    ///    1 ７六歩(77)   ( 0:03/00:00:03)
    ///    2 ３四歩(33)
    ///    3 投了
    /// まで2手で後手の勝ち
    fn to_string(&self, py: Python<'_>, format: &str) -> PyResult<String> {
        let format = format_arg(format)?;
        let written = record::write(&self.record, format);
        for loss in &written.losses {
            warn::<RecordLossWarning>(py, loss.to_string())?;
        }
        Ok(written.text)
    }

    /// Writes the record to `path` in `format` (else the one its extension names), as
    /// `tokin convert` writes: `.kif` and `.ki2` in Shift_JIS, others in UTF-8, by way of a
    /// temporary file renamed over the target. An existing file is replaced only with
    /// `overwrite=True` (else `FileExistsError`).
    ///
    /// >>> import pathlib, tempfile
    /// >>> path = pathlib.Path(tempfile.mkdtemp()) / "game.kif"
    /// >>> game = tokin.parse_record("position startpos moves 7g7f 3c3d", "usi")
    /// >>> game.write(path)
    /// >>> tokin.read_record(path).moves
    /// ['7g7f', '3c3d']
    /// >>> game.write(path)
    /// Traceback (most recent call last):
    /// FileExistsError: ...game.kif: already exists; give overwrite=True to replace it
    /// >>> game.write(path, overwrite=True)
    #[pyo3(signature = (path, format=None, overwrite=false))]
    fn write(
        &self,
        py: Python<'_>,
        path: PathBuf,
        format: Option<&str>,
        overwrite: bool,
    ) -> PyResult<()> {
        let format = match format {
            Some(name) => format_arg(name)?,
            None => {
                let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
                Format::from_extension(ext).ok_or_else(|| {
                    PyValueError::new_err(format!(
                        "{}: cannot tell the format from the extension; give format=",
                        path.display()
                    ))
                })?
            }
        };
        if path.is_dir() {
            return Err(PyIsADirectoryError::new_err(format!(
                "{}: is a directory, not a file",
                path.display()
            )));
        }
        if !overwrite && path.exists() {
            return Err(PyFileExistsError::new_err(format!(
                "{}: already exists; give overwrite=True to replace it",
                path.display()
            )));
        }
        let text = self.to_string(py, format.name())?;
        tokin_usi::cli::files::write_output(&path, &file_bytes(&path, text))
            .map_err(|e| Failure::Io(e).into_py_err(path.to_str()))
    }

    fn __len__(&self) -> usize {
        self.record.main.moves.len()
    }

    fn __repr__(&self) -> String {
        format!(
            "<Record {} moves from '{}'>",
            self.record.main.moves.len(),
            self.start_sfen()
        )
    }
}

/// The games of a record's text in `format`; raises `RecordError` at the first problem
/// (unless `lenient`, which keeps what came before the first bad move).
///
/// >>> games = tokin.parse_records("position startpos moves 7g7f\nposition startpos moves 2g2f\n", "usi")
/// >>> [g.moves for g in games]
/// [['7g7f'], ['2g2f']]
#[pyfunction]
#[pyo3(signature = (text, format, lenient=false))]
fn parse_records(py: Python<'_>, text: &str, format: &str, lenient: bool) -> PyResult<Vec<Record>> {
    let format = format_arg(format)?;
    py.allow_threads(|| parse_games(text, None, Some(format), options(lenient)))
        .map_err(|e| e.into_py_err(None))
}

/// The game of a record's text in `format` (the first, with a warning, when it holds several).
///
/// >>> game = tokin.parse_record("position startpos moves 7g7f 3c3d", "usi")
/// >>> game.moves, game.start_sfen
/// (['7g7f', '3c3d'], 'lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1')
#[pyfunction]
#[pyo3(signature = (text, format, lenient=false))]
fn parse_record(py: Python<'_>, text: &str, format: &str, lenient: bool) -> PyResult<Record> {
    first_game(py, parse_records(py, text, format, lenient)?)
}

/// The game of a record file (the first, with a warning, when it holds several), in `format`,
/// else the one its extension names, else the one its text shows; Shift_JIS or UTF-8.
/// Raises `RecordError` with the file, line and column of the first problem, and `OSError`
/// when the file cannot be read.
///
/// >>> import pathlib, tempfile
/// >>> path = pathlib.Path(tempfile.mkdtemp()) / "game.csa"
/// >>> _ = path.write_text("PI\n+\n+7776FU\n-3334FU\n%TORYO\n")
/// >>> tokin.read_record(path).moves
/// ['7g7f', '3c3d']
/// >>> _ = path.write_text("PI\n+\n+7776FU\n-3335FU\n")
/// >>> try:
/// ...     tokin.read_record(path)
/// ... except tokin.RecordError as error:
/// ...     print(error.line, error.column, error.ply)
/// 4 1 2
#[pyfunction]
#[pyo3(signature = (path, format=None, lenient=false))]
fn read_record(
    py: Python<'_>,
    path: PathBuf,
    format: Option<&str>,
    lenient: bool,
) -> PyResult<Record> {
    let format = format.map(format_arg).transpose()?;
    let name = path.display().to_string();
    let games = py
        .allow_threads(|| read_games(&path, format, options(lenient), &mut Vec::new()))
        .map_err(|e| e.into_py_err(Some(&name)))?;
    first_game(py, games)
}

/// A path as text: itself when it is Unicode (by far the usual case, without the general
/// display's lossy decoding, about 1,000 instructions a file), else as `Path::display`
/// shows it.
fn path_text(path: &Path) -> String {
    match path.to_str() {
        Some(text) => text.to_owned(),
        None => path.display().to_string(),
    }
}

/// Paths as Python gives them: one (a file or a folder), or a list.
#[derive(FromPyObject)]
enum PathsArg {
    One(PathBuf),
    Many(Vec<PathBuf>),
}

/// Reads many record files at once on `threads` threads (default: one per core), with the
/// GIL released: the files given, and those under each folder given (by extension, every
/// level down, in name order). The first 256 KiB of files are read on the calling thread
/// and threads started only for the rest, since on fewer files they cost more than they
/// save. Returns one `(path, games)` pair per file, in that order, where `games` is the list
/// of its games or, for a file that could not be read, the `RecordError` or `OSError` that
/// reading it alone would raise.
///
/// >>> import pathlib, tempfile
/// >>> folder = pathlib.Path(tempfile.mkdtemp())
/// >>> _ = (folder / "a.usi").write_text("position startpos moves 7g7f\n")
/// >>> _ = (folder / "b.usi").write_text("position startpos moves 7g7e\n")
/// >>> for path, games in tokin.read_records(folder):
/// ...     print(pathlib.Path(path).name, games[0].moves if isinstance(games, list) else repr(games))
/// a.usi ['7g7f']
/// b.usi RecordError(...b.usi:1:25: move 1: illegal move: ...')
#[pyfunction]
#[pyo3(signature = (paths, format=None, lenient=false, threads=None))]
fn read_records(
    py: Python<'_>,
    paths: PathsArg,
    format: Option<&str>,
    lenient: bool,
    threads: Option<usize>,
) -> PyResult<Vec<(String, PyObject)>> {
    let format = format.map(format_arg).transpose()?;
    let given = match paths {
        PathsArg::One(p) => vec![p],
        PathsArg::Many(ps) => ps,
    };
    let mut files = Vec::new();
    for path in given {
        if path.is_dir() {
            tokin_usi::cli::files::record_files_under(&path, &mut files)
                .map_err(|e| Failure::Io(e).into_py_err(path.to_str()))?;
        } else {
            files.push(path);
        }
    }
    let opts = options(lenient);
    let results = py
        .allow_threads(|| read_files(&files, format, opts, threads.unwrap_or(0)))
        .map_err(|e| PyValueError::new_err(format!("threads: {e}")))?;
    files
        .iter()
        .zip(results)
        .map(|(path, result)| {
            let name = path_text(path);
            let value = match result {
                Ok(games) => games.into_pyobject(py)?.into_any().unbind(),
                Err(e) => e.into_py_err(Some(&name)).into_value(py).into_any(),
            };
            Ok((name, value))
        })
        .collect()
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Record>()?;
    m.add_class::<Variation>()?;
    m.add("FORMATS", pyo3::types::PyTuple::new(m.py(), FORMATS)?)?;
    m.add_function(wrap_pyfunction!(parse_record, m)?)?;
    m.add_function(wrap_pyfunction!(parse_records, m)?)?;
    m.add_function(wrap_pyfunction!(read_record, m)?)?;
    m.add_function(wrap_pyfunction!(read_records, m)?)?;
    Ok(())
}
