//! Moves' USI text as Python strings, each made once and then shared.
//!
//! Formatting a move and building a Python string for it cost more than the rest of `pop` or
//! of a legal move's share of `legal_moves`; a string made once per move (there are under
//! 14,000 distinct moves) and handed out again costs a reference count. Python strings are
//! immutable, so sharing them is invisible to callers.

use pyo3::prelude::*;
use pyo3::sync::GILOnceCell;
use pyo3::types::{PyList, PyString};
use tokin_core::Move;

/// One cell per 15-bit move encoding ([`Move::to_bits`] is below 2^15), filled on first use.
type Table = Box<[GILOnceCell<Py<PyString>>]>;

static TEXTS: GILOnceCell<Table> = GILOnceCell::new();

/// The USI text of `mv` (`7g7f`, `8h2b+`, `P*5e`) as a shared Python string.
pub(crate) fn usi_text(py: Python<'_>, mv: Move) -> Bound<'_, PyString> {
    let table = TEXTS.get_or_init(py, || (0..1 << 15).map(|_| GILOnceCell::new()).collect());
    // `to_bits` is below 2^15 (bit 15 is never set), so the index is in range.
    table[usize::from(mv.to_bits())]
        .get_or_init(py, || PyString::new(py, &mv.to_string()).unbind())
        .bind(py)
        .clone()
}

/// A Python list of the moves' USI texts, built without Rust strings in between.
pub(crate) fn usi_list<'py>(
    py: Python<'py>,
    moves: impl ExactSizeIterator<Item = Move>,
) -> PyResult<Bound<'py, PyList>> {
    PyList::new(py, moves.map(|mv| usi_text(py, mv)))
}
