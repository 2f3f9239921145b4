//! Packed positions: the 32-byte packed SFEN of the 40-byte training records (YaneuraOu's
//! `PackedSfenValue`, as `tokin gensfen` writes them) and cshogi's HuffmanCodedPos, one at a
//! time and whole arrays at once with the GIL released. The NumPy side (the dtypes, files)
//! is `tokin/data.py`.

use crate::{MoveError, SfenError, hcp, psv_error};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::PyBytes;
use rayon::prelude::*;
use tokin_core::{Move, PackedSfen, Position, Strictness};

/// The size of a packed position, in either format.
const PACKED: usize = 32;
/// The size of a training record (`tokin_learn::psv::RECORD_SIZE`).
const RECORD: usize = 40;

/// The bytes of `data`: `bytes`, anything with NumPy's `tobytes()` (an array of any dtype,
/// one of cshogi's `PackedSfen` or `HuffmanCodedPos` arrays), or a sequence of byte values.
pub(crate) fn bytes_arg(data: &Bound<'_, PyAny>) -> PyResult<Vec<u8>> {
    if let Ok(b) = data.downcast::<PyBytes>() {
        return Ok(b.as_bytes().to_vec());
    }
    if let Ok(b) = data.call_method0("tobytes") {
        return Ok(b.downcast::<PyBytes>()?.as_bytes().to_vec());
    }
    data.extract::<Vec<u8>>().map_err(|_| {
        PyTypeError::new_err(format!(
            "expected bytes or a NumPy array, not {}",
            data.get_type()
                .name()
                .map_or_else(|_| "that".to_owned(), |n| n.to_string())
        ))
    })
}

/// The 32 bytes of one packed position; a `ValueError` naming the length otherwise.
pub(crate) fn one_packed(data: &Bound<'_, PyAny>, what: &str) -> PyResult<[u8; PACKED]> {
    let bytes = bytes_arg(data)?;
    <[u8; PACKED]>::try_from(bytes.as_slice()).map_err(|_| {
        psv_error(
            0,
            None,
            format!("{what} is {PACKED} bytes, not {}", bytes.len()),
        )
    })
}

/// The position of a packed SFEN, any the rules can play (relaxed, as the record reader).
pub(crate) fn position_of_packed(data: &[u8; PACKED]) -> Result<Position, String> {
    Position::from_packed_sfen(&PackedSfen(*data), Strictness::Relaxed).map_err(|e| e.to_string())
}

/// The position of a HuffmanCodedPos.
pub(crate) fn position_of_hcp(data: &[u8; PACKED]) -> Result<Position, String> {
    let packed = hcp::packed_sfen_of_hcp(data).map_err(|e| format!("hcp: {e}"))?;
    position_of_packed(&packed)
}

/// A position packed, or an `SfenError` saying why it cannot be (more pieces of a kind than a
/// set, a missing king).
pub(crate) fn packed_of(pos: &Position) -> PyResult<[u8; PACKED]> {
    pos.to_packed_sfen()
        .map(|p| p.0)
        .map_err(|e| SfenError::new_err(e.to_string()))
}

/// `pos`'s SFEN with move number `ply` (the record's game ply) when it is not 0.
fn sfen_at_ply(pos: &Position, ply: u16) -> String {
    let sfen = pos.to_sfen();
    match (ply, sfen.rsplit_once(' ')) {
        (1.., Some((rest, _))) => format!("{rest} {ply}"),
        _ => sfen,
    }
}

/// Runs `each` on every `size`-byte chunk of `data` on every core, and gives the results in
/// order, or the first chunk's error with its index.
fn each_chunk<T: Send>(
    data: &[u8],
    size: usize,
    each: impl Fn(&[u8]) -> Result<T, String> + Sync + Send,
) -> Result<Vec<T>, (usize, String)> {
    let results: Vec<Result<T, String>> = data.par_chunks(size).map(each).collect();
    results
        .into_iter()
        .enumerate()
        .map(|(i, r)| r.map_err(|e| (i, e)))
        .collect()
}

/// Checks that `data` is whole `size`-byte records.
fn whole(data: &[u8], size: usize) -> PyResult<()> {
    match data.len() % size {
        0 => Ok(()),
        part => Err(psv_error(
            data.len() / size,
            None,
            format!("the data ends {part} bytes into it (records are {size} bytes)"),
        )),
    }
}

fn first_32(chunk: &[u8]) -> [u8; PACKED] {
    let mut b = [0u8; PACKED];
    b.copy_from_slice(&chunk[..PACKED]);
    b
}

/// The SFEN of a packed position's 32 bytes (cshogi's `PackedSfen`, the first 32 bytes of a
/// training record): move number 1, which the format does not keep. Raises `PsvError` for
/// bytes that are no position.
///
/// >>> tokin.psfen_to_sfen(tokin.sfen_to_psfen("4k4/9/9/9/9/9/9/9/4K4 b G 1"))
/// '4k4/9/9/9/9/9/9/9/4K4 b G 1'
#[pyfunction]
fn psfen_to_sfen(psfen: &Bound<'_, PyAny>) -> PyResult<String> {
    let data = one_packed(psfen, "a packed SFEN")?;
    position_of_packed(&data)
        .map(|p| p.to_sfen())
        .map_err(|e| psv_error(0, None, e))
}

/// The 32 bytes of a position text's packed SFEN (any text `Board` reads).
///
/// >>> len(tokin.sfen_to_psfen("startpos"))
/// 32
#[pyfunction]
fn sfen_to_psfen<'py>(py: Python<'py>, sfen: &str) -> PyResult<Bound<'py, PyBytes>> {
    let board = crate::board::Board::from_text(py, sfen, "relaxed")?;
    Ok(PyBytes::new(py, &packed_of(board.position())?))
}

/// The SFEN of each 40-byte record of `data` (the move number is the record's game ply), on
/// every core with the GIL released; `PsvError` names the first record that is no position.
#[pyfunction]
fn _psv_sfens(py: Python<'_>, data: &Bound<'_, PyAny>) -> PyResult<Vec<String>> {
    let data = bytes_arg(data)?;
    whole(&data, RECORD)?;
    py.allow_threads(|| {
        each_chunk(&data, RECORD, |r| {
            let ply = u16::from_le_bytes([r[36], r[37]]);
            position_of_packed(&first_32(r)).map(|p| sfen_at_ply(&p, ply))
        })
    })
    .map_err(|(i, e)| psv_error(i, None, e))
}

/// Each 32-byte packed SFEN of `data` as a HuffmanCodedPos (`to_hcp`), or back
/// (`to_hcp=False`), checked as a position, on every core with the GIL released.
#[pyfunction]
fn _translate_packed<'py>(
    py: Python<'py>,
    data: &Bound<'py, PyAny>,
    to_hcp: bool,
) -> PyResult<Bound<'py, PyBytes>> {
    let data = bytes_arg(data)?;
    whole(&data, PACKED)?;
    let out = py
        .allow_threads(|| {
            each_chunk(&data, PACKED, |c| {
                let c = first_32(c);
                if to_hcp {
                    position_of_packed(&c)?;
                    hcp::hcp_of_packed_sfen(&c).map_err(|e| e.to_string())
                } else {
                    let packed = hcp::packed_sfen_of_hcp(&c).map_err(|e| format!("hcp: {e}"))?;
                    position_of_packed(&packed).map(|_| packed)
                }
            })
        })
        .map_err(|(i, e)| psv_error(i, None, e))?;
    Ok(PyBytes::new(py, &out.concat()))
}

/// The best move of each 40-byte record of `data` in USI (`None` where the 16 bits name no
/// move legal in the record's position), on every core with the GIL released.
#[pyfunction]
fn _psv_moves(py: Python<'_>, data: &Bound<'_, PyAny>) -> PyResult<Vec<Option<String>>> {
    let data = bytes_arg(data)?;
    whole(&data, RECORD)?;
    py.allow_threads(|| {
        each_chunk(&data, RECORD, |r| {
            let bits = u16::from_le_bytes([r[34], r[35]]);
            let pos = position_of_packed(&first_32(r))?;
            Ok(Move::from_move16(bits)
                .filter(|&m| pos.is_legal(m).is_ok())
                .map(|m| m.to_string()))
        })
    })
    .map_err(|(i, e)| psv_error(i, None, e))
}

/// The training records' 16 bits of a legal USI move on `board`.
#[pyfunction]
fn _move16(board: PyRef<'_, crate::board::Board>, usi: &str) -> PyResult<u16> {
    let mv = Move::from_usi(usi)
        .filter(|&m| board.position().is_legal(m).is_ok())
        .ok_or_else(|| MoveError::new_err(format!("not a legal move here: {usi:?}")))?;
    Ok(mv.to_move16())
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(psfen_to_sfen, m)?)?;
    m.add_function(wrap_pyfunction!(sfen_to_psfen, m)?)?;
    m.add_function(wrap_pyfunction!(_psv_sfens, m)?)?;
    m.add_function(wrap_pyfunction!(_translate_packed, m)?)?;
    m.add_function(wrap_pyfunction!(_psv_moves, m)?)?;
    m.add_function(wrap_pyfunction!(_move16, m)?)?;
    Ok(())
}
