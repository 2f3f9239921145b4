//! The `tokin` Python package's native part: boards over `tokin-core`, move notation and game
//! records over `tokin-notation`, and evaluation, search and the mate solver over
//! `tokin-engine`.
//!
//! Every error reachable from Python input is raised as an exception of a named type; nothing
//! here panics on input. Long work (perft, reading many records, search, mate) runs with the
//! GIL released.

mod board;
mod board_calls;
mod engine;
mod gensfen;
mod hcp;
mod notation;
mod packed;
mod record;
mod usi_text;

use pyo3::create_exception;
use pyo3::exceptions::{PyUserWarning, PyValueError};
use pyo3::prelude::*;

create_exception!(
    tokin,
    SfenError,
    PyValueError,
    "A position text that could not be read."
);
create_exception!(
    tokin,
    MoveError,
    PyValueError,
    "A move text that is malformed or illegal."
);
create_exception!(
    tokin,
    NotationError,
    PyValueError,
    "A move or line in a notation style that names no legal move, or names several."
);
create_exception!(
    tokin,
    RecordError,
    PyValueError,
    "A game record that could not be read; `file`, `line`, `column` and `ply` say where \
(line and column from 1, 0 when the problem is on no one line; `file` and `ply` may be None)."
);
create_exception!(
    tokin,
    RecordLossWarning,
    PyUserWarning,
    "What a record format could not hold of the game written in it (times in USI lines, say)."
);

create_exception!(
    tokin,
    PsvError,
    PyValueError,
    "Packed training data that is not what it should be; `index` is the record (from 0) at \
fault and `file` the file read, when there is one."
);
create_exception!(
    tokin,
    PositionWarning,
    PyUserWarning,
    "A rule of a game that a position read breaks, as a problem diagram may (two pawns on a \
file, the attacker without a king)."
);

/// Issues a Python warning of type `W` (an error when the warnings filter makes it one).
pub(crate) fn warn<W: pyo3::PyTypeInfo>(py: Python<'_>, message: String) -> PyResult<()> {
    // A message holds no NUL: it is the crate's own text.
    let message = std::ffi::CString::new(message).unwrap_or_default();
    PyErr::warn(py, &py.get_type::<W>(), &message, 1)
}

/// A `PsvError` for record `index` (of the file `file`, when there is one).
pub(crate) fn psv_error(index: usize, file: Option<&str>, message: String) -> PyErr {
    let err = PsvError::new_err(match file {
        Some(f) => format!("{f}: record {index}: {message}"),
        None => format!("record {index}: {message}"),
    });
    Python::with_gil(|py| {
        let value = err.value(py);
        // Setting attributes on a fresh exception instance cannot fail but for memory.
        let _ = value.setattr("index", index);
        let _ = value.setattr("file", file);
    });
    err
}

/// A list of strings as Python's `repr` writes it (`['7g7f', '3c3d']`), for the result
/// objects' own `repr`s (USI moves hold no quote or backslash to escape).
pub(crate) fn repr_list(items: &[String]) -> String {
    let quoted: Vec<String> = items.iter().map(|s| format!("'{s}'")).collect();
    format!("[{}]", quoted.join(", "))
}

/// An optional number as Python's `repr` writes it.
pub(crate) fn repr_option<T: std::fmt::Display>(value: Option<T>) -> String {
    value.map_or_else(|| "None".to_owned(), |v| v.to_string())
}

#[pymodule]
fn _tokin(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("SfenError", py.get_type::<SfenError>())?;
    m.add("MoveError", py.get_type::<MoveError>())?;
    m.add("NotationError", py.get_type::<NotationError>())?;
    m.add("RecordError", py.get_type::<RecordError>())?;
    m.add("RecordLossWarning", py.get_type::<RecordLossWarning>())?;
    m.add("PsvError", py.get_type::<PsvError>())?;
    m.add("PositionWarning", py.get_type::<PositionWarning>())?;
    board::register(m)?;
    notation::register(m)?;
    record::register(m)?;
    engine::register(m)?;
    packed::register(m)?;
    gensfen::register(m)?;
    Ok(())
}
