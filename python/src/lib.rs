//! The `tokin` Python package's native part: boards over `tokin-core`, move notation and game
//! records over `tokin-notation`, and evaluation, search and the mate solver over
//! `tokin-engine`.
//!
//! Every error reachable from Python input is raised as an exception of a named type; nothing
//! here panics on input. Long work (perft, reading many records, search, mate) runs with the
//! GIL released.

mod board;
mod notation;

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

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
create_exception!(
    _tokin,
    NotationError,
    PyValueError,
    "A move or line in a notation style that names no legal move, or names several."
);

#[pymodule]
fn _tokin(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("SfenError", py.get_type::<SfenError>())?;
    m.add("MoveError", py.get_type::<MoveError>())?;
    m.add("NotationError", py.get_type::<NotationError>())?;
    //TMP    m.add("RecordError", py.get_type::<RecordError>())?;
    board::register(m)?;
    notation::register(m)?;
    //TMP    record::register(m)?;
    //TMP    engine::register(m)?;
    Ok(())
}
