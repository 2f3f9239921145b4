//! The `tokin` Python package's native part: boards over `tokin-core`, move notation and game
//! records over `tokin-notation`, and evaluation, search and the mate solver over
//! `tokin-engine`.
//!
//! Every error reachable from Python input is raised as an exception of a named type; nothing
//! here panics on input. Long work (perft, reading many records, search, mate) runs with the
//! GIL released.

mod board;
mod engine;
mod notation;
mod record;

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
    //TMP    m.add("RecordError", py.get_type::<RecordError>())?;
    m.add("RecordLossWarning", py.get_type::<RecordLossWarning>())?;
    board::register(m)?;
    notation::register(m)?;
    record::register(m)?;
    engine::register(m)?;
    //TMP    record::register(m)?;
    engine::register(m)?;
    //TMP    engine::register(m)?;
    Ok(())
}
