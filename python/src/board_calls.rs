//! `Board.push` and `Board.pop` as plain CPython methods (one argument, and none), called
//! without PyO3's method wrapper.
//!
//! A walk through a game is one push and one pop per move, so what a call costs besides the
//! move is most of their time. PyO3's wrapper counts the GIL in a thread-local (twice a call),
//! looks up the class to check the type of `self` (which CPython's method descriptor has
//! already checked) and parses the arguments generically: under callgrind about 230
//! instructions a call, more than playing or taking back the move. Here CPython checks the
//! number of arguments (`METH_O`, `METH_NOARGS`: in every version of its API, the stable one
//! too), and a call borrows the board (the borrow flag still stops a push while the board is
//! in use) and does nothing else: about 430 fewer instructions per push + pop
//! (docs/python.md, "Speed"). A push of a plain `int` reads the number itself rather than
//! through PyO3's conversions (`move_number`). Everything else of a board stays a PyO3 method.

use crate::board::Board;
use pyo3::ffi;
use pyo3::panic::PanicException;
use pyo3::prelude::*;
use pyo3::types::PyType;
use std::any::Any;
use std::ffi::CStr;
use std::panic::{AssertUnwindSafe, catch_unwind};
use tokin_core::Move;

/// The methods: name, function, how CPython passes the arguments, and docstring (its first
/// line the signature `inspect` shows).
const METHODS: [(&CStr, ffi::PyCFunction, i32, &CStr); 2] = [
    (
        c"push",
        push,
        ffi::METH_O,
        c"push($self, move, /)
--

Plays a move given as USI text or as the number `move_from_usi` and `legal_move_ids` give (the
fast form, as cshogi's integer moves); raises `MoveError` when it is not legal and leaves the
board unchanged.",
    ),
    (
        c"pop",
        pop,
        ffi::METH_NOARGS,
        c"pop($self, /)
--

Takes back the last move and returns it in USI; raises `IndexError` when none was played.",
    ),
];

/// Sets the methods on the class `Board` (which PyO3 has made, without `push` and `pop`).
pub(crate) fn register(board: &Bound<'_, PyType>) -> PyResult<()> {
    for (name, function, flags, doc) in METHODS {
        // A method's definition must outlive its class, which lives as long as the process.
        let def: &'static mut ffi::PyMethodDef = Box::leak(Box::new(ffi::PyMethodDef {
            ml_name: name.as_ptr(),
            ml_meth: ffi::PyMethodDefPointer {
                PyCFunction: function,
            },
            ml_flags: flags,
            ml_doc: doc.as_ptr(),
        }));
        // SAFETY: `board` is a live class and `def` a method definition that is never freed;
        // the new descriptor is owned by the returned object.
        let descriptor = unsafe {
            Bound::from_owned_ptr_or_err(
                board.py(),
                ffi::PyDescr_NewMethod(board.as_type_ptr(), def),
            )?
        };
        board.setattr(name.to_str()?, descriptor)?;
    }
    Ok(())
}

/// `Board.push(move)`: `METH_O`, so `arg` is the one argument.
unsafe extern "C" fn push(slf: *mut ffi::PyObject, arg: *mut ffi::PyObject) -> *mut ffi::PyObject {
    // SAFETY: CPython calls a method of `Board` with a `Board` as `slf`, with the GIL held,
    // and a `METH_O` method with its argument, borrowed for the call, as `arg`.
    unsafe {
        on_board(slf, |py, board| {
            match move_number(arg) {
                Some(mv) => board.play(mv)?,
                None => board.push(&Borrowed::from_ptr(py, arg))?,
            }
            Ok(py.None().into_ptr())
        })
    }
}

/// The move that `arg` numbers when it is a plain `int` that is a move number, read straight
/// from the integer; `None` for anything else, which `Board::push` then reads (text, other
/// integer types) or refuses with its message. Moves are pushed by number in bulk, and the
/// general way (PyO3's `str` test, which calls `PyType_IsSubtype` for anything not a `str`,
/// then its `i64` extraction) costs about 75 instructions more per push under callgrind than
/// this comparison of the type and one call.
///
/// # Safety
/// `arg` must be a live object and the GIL held.
unsafe fn move_number(arg: *mut ffi::PyObject) -> Option<Move> {
    // SAFETY: the caller passes a live object and holds the GIL.
    if unsafe { ffi::PyLong_CheckExact(arg) } == 0 {
        return None;
    }
    let mut overflow = 0;
    // SAFETY: `arg` is an `int` (checked above), for which this never fails: a value out of
    // range sets `overflow` instead of raising.
    let number = unsafe { ffi::PyLong_AsLongAndOverflow(arg, &mut overflow) };
    if overflow != 0 {
        return None;
    }
    u16::try_from(number).ok().and_then(Move::from_bits)
}

/// `Board.pop()`: `METH_NOARGS`, so there is no argument.
unsafe extern "C" fn pop(slf: *mut ffi::PyObject, _: *mut ffi::PyObject) -> *mut ffi::PyObject {
    // SAFETY: CPython calls a method of `Board` with a `Board` as `slf`, with the GIL held.
    unsafe { on_board(slf, |py, board| Ok(board.pop(py)?.into_ptr())) }
}

/// Runs `body` on the board `slf` and hands its result to CPython: the new reference it
/// returns, or null with its error (a panic too) raised.
///
/// The error is raised inside, so that what leaves the closure is a pointer: a `PyResult`
/// passed out instead is copied (several words) on every call, the calls that succeed too
/// (about 5 instructions a call under callgrind).
///
/// # Safety
/// `slf` must be a `Board` and the GIL held. CPython's method descriptors see to both: they
/// check the type of `self` before the call (and `Board` has no subclasses).
unsafe fn on_board(
    slf: *mut ffi::PyObject,
    body: impl FnOnce(Python<'_>, &mut Board) -> PyResult<*mut ffi::PyObject>,
) -> *mut ffi::PyObject {
    // SAFETY: the caller holds the GIL.
    let py = unsafe { Python::assume_gil_acquired() };
    // SAFETY: `slf` is a live object, borrowed for the call.
    let object = unsafe { Borrowed::from_ptr(py, slf) };
    // SAFETY: the caller passes a `Board`.
    let board = unsafe { object.downcast_unchecked::<Board>() };
    catch_unwind(AssertUnwindSafe(|| {
        let result = match board.try_borrow_mut() {
            Ok(mut board) => body(py, &mut board),
            Err(err) => Err(err.into()),
        };
        result.unwrap_or_else(|err| {
            err.restore(py);
            std::ptr::null_mut()
        })
    }))
    .unwrap_or_else(|payload| {
        panic_error(payload).restore(py);
        std::ptr::null_mut()
    })
}

/// The `PanicException` PyO3 raises for a panic, with the panic's message.
fn panic_error(payload: Box<dyn Any + Send>) -> PyErr {
    let message = match payload.downcast::<String>() {
        Ok(text) => *text,
        Err(payload) => payload
            .downcast_ref::<&str>()
            .map_or_else(|| "a panic in Board".to_owned(), |text| (*text).to_owned()),
    };
    PanicException::new_err(message)
}
