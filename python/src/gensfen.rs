//! `tokin gensfen` from Python: self-play training records written to a file as the command
//! writes them, the GIL released while the games are played, progress reported to a Python
//! callable, and Ctrl-C stopping the run with the records written kept.

use crate::engine::evaluator;
use pyo3::exceptions::{PyMemoryError, PyOSError, PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use std::fs::OpenOptions;
use std::io::{BufWriter, Write};
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::RecvTimeoutError;
use std::time::Duration;
use tokin_learn::gensfen::{GensfenOptions, generate};
use tokin_learn::psv::PsvRecord;
use tokin_usi::cli::gensfen::existing_records;
use tokin_usi::cli::numbers::threads_or_cores;

/// How often the waiting caller reports progress and looks for Python signals.
const POLL: Duration = Duration::from_millis(100);

/// The seed of a run that goes on from `have` records, as `tokin gensfen` derives it, so that
/// a resumed run plays other games than the first and the same as the command would.
fn resumed_seed(seed: u64, have: u64) -> u64 {
    seed ^ have.wrapping_mul(0xD6E8_FEB8_6659_FD93)
}

/// Plays self-play games until the file at `path` holds `positions` records, as `tokin
/// gensfen` does (a file holding records is gone on with; one holding something else is
/// refused); `report(done, total)` is called about ten times a second. Returns the number of
/// records the file holds.
#[pyfunction]
#[pyo3(signature = (path, positions, depth, threads, seed, nodes, random_plies, handicaps,
    max_plies, eval_limit, evalfile, hash_mb, report))]
#[allow(clippy::too_many_arguments)]
fn _gensfen(
    py: Python<'_>,
    path: PathBuf,
    positions: u64,
    depth: u32,
    threads: Option<u32>,
    seed: u64,
    nodes: Option<u64>,
    random_plies: (u32, u32),
    handicaps: f64,
    max_plies: u32,
    eval_limit: i32,
    evalfile: Option<PathBuf>,
    hash_mb: usize,
    report: Option<PyObject>,
) -> PyResult<u64> {
    let check = |ok: bool, what: &str| {
        if ok {
            Ok(())
        } else {
            Err(PyValueError::new_err(what.to_owned()))
        }
    };
    check(positions >= 1, "positions: at least 1")?;
    check((1..=30).contains(&depth), "depth: 1 to 30")?;
    check(
        threads.is_none_or(|t| (1..=1024).contains(&t)),
        "threads: 1 to 1024",
    )?;
    check(nodes.is_none_or(|n| n >= 1), "nodes: at least 1")?;
    check(
        random_plies.0 <= random_plies.1,
        "random_plies: (min, max) with min <= max",
    )?;
    check(
        (0.0..=1.0).contains(&handicaps),
        "handicaps: a share from 0 to 1",
    )?;
    check((1..=10_000).contains(&max_plies), "max_plies: 1 to 10000")?;
    check((1..=65_536).contains(&hash_mb), "hash_mb: 1 to 65536")?;
    let evaluator = evaluator(evalfile)?;
    let have = existing_records(&path).map_err(PyValueError::new_err)?;
    if have >= positions {
        return Ok(have);
    }
    let file = OpenOptions::new()
        .create(true)
        .append(true)
        .open(&path)
        .map_err(|e| PyOSError::new_err(format!("{}: {e}", path.display())))?;
    let opts = GensfenOptions {
        depth,
        nodes,
        random_plies,
        handicap_share: handicaps,
        max_plies,
        eval_limit: eval_limit.max(1),
        evaluator,
        hash_mb,
    };
    let threads = threads_or_cores(threads);
    let tables = opts.tables(threads).map_err(|e| {
        PyMemoryError::new_err(format!("hash_mb={hash_mb} with {threads} threads: {e}"))
    })?;
    let target = positions - have;
    let stop = Arc::new(AtomicBool::new(false));
    let written = Arc::new(AtomicU64::new(0));
    let (done, result) = std::sync::mpsc::channel();
    let worker = {
        let (stop, written) = (Arc::clone(&stop), Arc::clone(&written));
        std::thread::spawn(move || {
            let mut out = BufWriter::with_capacity(1 << 20, file);
            let sink = |records: &[PsvRecord]| {
                records.iter().try_for_each(|r| r.write(&mut out))?;
                written.fetch_add(records.len() as u64, Ordering::Relaxed);
                Ok::<(), std::io::Error>(())
            };
            let n = generate(
                &opts,
                &tables,
                target,
                resumed_seed(seed, have),
                &stop,
                sink,
            );
            let _ = done.send(n.and_then(|n| out.flush().map(|()| n)));
        })
    };
    let mut result = result;
    let outcome = loop {
        let (answer, receiver) = py.allow_threads(move || (result.recv_timeout(POLL), result));
        result = receiver;
        match answer {
            Ok(outcome) => break outcome,
            Err(RecvTimeoutError::Timeout) => {}
            Err(RecvTimeoutError::Disconnected) => {
                return Err(PyRuntimeError::new_err(
                    "gensfen stopped on an internal error",
                ));
            }
        }
        let progress = report.as_ref().map_or(Ok(()), |r| {
            r.call1(py, (have + written.load(Ordering::Relaxed), positions))
                .map(drop)
        });
        if let Err(e) = py.check_signals().and(progress) {
            // The games being played end and their records are written before the error
            // is raised, so the file holds whole records to go on from.
            stop.store(true, Ordering::Relaxed);
            let _ = py.allow_threads(|| worker.join());
            return Err(e);
        }
    };
    let _ = py.allow_threads(|| worker.join());
    let n = outcome.map_err(|e| {
        PyOSError::new_err(format!(
            "writing {}: {e} (the records written before are kept)",
            path.display()
        ))
    })?;
    if let Some(r) = &report {
        r.call1(py, (have + n, positions))?;
    }
    Ok(have + n)
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(_gensfen, m)?)?;
    Ok(())
}
