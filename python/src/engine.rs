//! The engine from Python: the static evaluation, the search and the mate solver, each with
//! the GIL released.

use crate::board::Board;
use pyo3::exceptions::{PyMemoryError, PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use std::path::PathBuf;
use std::sync::mpsc::RecvTimeoutError;
use std::sync::{Arc, Mutex};
use std::time::{Duration, SystemTime};
use tokin_engine::eval::nnue::{Network, NnueError};
use tokin_engine::eval::{Evaluator, builtin_network};
use tokin_engine::mate::{MateConfig, MateResult, solve_mate};
use tokin_engine::search::{
    Bound as ScoreBound, IterationInfo, Limits, NoObserver, Score, SearchObserver, SearchOutcome,
    Signals, TranspositionTable,
};

/// The stack a search or a solve runs on: the search recurses once a ply, and the solver
/// follows lines of thousands of plies (the engine's own search thread has the same).
const SEARCH_STACK: usize = 64 << 20;

/// The network last read from a file, with the file's path, size and modification time: a
/// program evaluating many positions with one file reads it once, and again when it changes.
type LoadedNetwork = (PathBuf, Option<(u64, SystemTime)>, Arc<Network>);
static LAST_NETWORK: Mutex<Option<LoadedNetwork>> = Mutex::new(None);

/// The evaluation to use: the file's network (its output divided by the default scale, as
/// `tokin eval --evalfile` reads it), else the built-in network.
pub(crate) fn evaluator(evalfile: Option<PathBuf>) -> PyResult<Evaluator> {
    let Some(path) = evalfile else {
        return Ok(Evaluator::Nnue(builtin_network()));
    };
    let modified = std::fs::metadata(&path)
        .and_then(|m| Ok((m.len(), m.modified()?)))
        .ok();
    // A poisoned lock only means another load panicked; the cache is still a valid value.
    let mut last = LAST_NETWORK.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((p, m, net)) = last.as_ref()
        && *p == path
        && modified.is_some()
        && *m == modified
    {
        return Ok(Evaluator::Nnue(Arc::clone(net)));
    }
    let mut net = Network::load(&path).map_err(|e| match e {
        NnueError::Io(io) => PyErr::from(std::io::Error::new(
            io.kind(),
            format!("{}: {io}", path.display()),
        )),
        other => PyValueError::new_err(format!("{}: {other}", path.display())),
    })?;
    net.set_fv_scale(Network::DEFAULT_FV_SCALE);
    let net = Arc::new(net);
    *last = Some((path, modified, Arc::clone(&net)));
    Ok(Evaluator::Nnue(net))
}

/// How often a caller waiting for a search looks whether Python has a signal to handle.
const SIGNAL_POLL: Duration = Duration::from_millis(50);

/// Runs `work` on a thread of its own with a search's stack, the GIL released while it runs.
/// Python's signals are looked at while waiting: Ctrl-C stops the search through `signals`
/// and raises `KeyboardInterrupt`, as it would in Python code.
fn on_search_stack<T: Send + 'static>(
    py: Python<'_>,
    signals: &Arc<Signals>,
    work: impl FnOnce(&Signals) -> T + Send + 'static,
) -> PyResult<T> {
    let (done, mut result) = std::sync::mpsc::channel();
    let shared = Arc::clone(signals);
    let thread = std::thread::Builder::new()
        .name("search".into())
        .stack_size(SEARCH_STACK)
        .spawn(move || {
            // The receiver waits until this is sent or the thread ends.
            let _ = done.send(work(&shared));
        })
        .map_err(|e| PyRuntimeError::new_err(format!("cannot start the search thread: {e}")))?;
    loop {
        // The receiver is not shared between threads: it goes to the wait and comes back.
        let (answer, receiver) =
            py.allow_threads(move || (result.recv_timeout(SIGNAL_POLL), result));
        result = receiver;
        match answer {
            Ok(value) => {
                let _ = thread.join();
                return Ok(value);
            }
            Err(RecvTimeoutError::Timeout) => {
                if let Err(interrupt) = py.check_signals() {
                    signals.stop();
                    py.allow_threads(|| thread.join()).map_err(|_| {
                        PyRuntimeError::new_err("the search stopped on an internal error")
                    })?;
                    return Err(interrupt);
                }
            }
            Err(RecvTimeoutError::Disconnected) => {
                return Err(PyRuntimeError::new_err(
                    "the search stopped on an internal error",
                ));
            }
        }
    }
}

/// The clock's limit for `time` seconds; a `ValueError` unless it is positive and finite.
fn time_limit(time: Option<f64>) -> PyResult<Option<Duration>> {
    time.map(|t| {
        Duration::try_from_secs_f64(t)
            .ok()
            .filter(|d| !d.is_zero())
            .ok_or_else(|| {
                PyValueError::new_err(format!(
                    "time: {t} is not a positive, finite number of seconds"
                ))
            })
    })
    .transpose()
}

/// The size of a search's or solver's table in MiB: 1 to 65,536, as `tokin mate --hash` and
/// the engine's `USI_Hash` take it.
fn hash_mib(value: usize) -> PyResult<usize> {
    let max = usize::try_from(tokin_usi::cli::numbers::MAX_HASH_MIB).unwrap_or(usize::MAX);
    if (1..=max).contains(&value) {
        Ok(value)
    } else {
        Err(PyValueError::new_err(format!(
            "hash_mb: {value} is not in 1 to {max}"
        )))
    }
}

fn at_least_one<T: PartialOrd + From<u8> + std::fmt::Display>(name: &str, value: T) -> PyResult<T> {
    if value >= T::from(1) {
        Ok(value)
    } else {
        Err(PyValueError::new_err(format!(
            "{name}: {value} is less than 1"
        )))
    }
}

/// The static evaluation of the board for the side to move, in centipawns: the built-in
/// network's, or an NNUE evaluation file's (the number `tokin eval` prints).
///
/// >>> tokin.evaluate(tokin.Board())
/// 302
#[pyfunction]
#[pyo3(signature = (board, evalfile=None))]
fn evaluate(py: Python<'_>, board: &Board, evalfile: Option<PathBuf>) -> PyResult<i32> {
    let position = board.position().clone();
    py.allow_threads(move || Ok(evaluator(evalfile)?.evaluate(&position)))
}

/// One principal variation of a search.
#[pyclass(module = "tokin", frozen, get_all)]
#[derive(Clone)]
struct PvLine {
    /// Which variation (1 the best).
    multipv: usize,
    /// The depth of the iteration that found it.
    depth: u32,
    /// The deepest ply it reached.
    seldepth: u32,
    /// Centipawns for the side to move (`None` for a mate score).
    cp: Option<i32>,
    /// Mate in this many plies: positive when the side to move mates (`None` otherwise).
    mate: Option<i32>,
    /// The moves, in USI.
    pv: Vec<String>,
}

impl PvLine {
    fn new(info: &IterationInfo) -> PvLine {
        let (cp, mate) = match info.score {
            Score::Cp(cp) => (Some(cp), None),
            Score::Mate(plies) => (None, Some(plies)),
        };
        PvLine {
            multipv: info.multipv,
            depth: info.depth,
            seldepth: info.seldepth,
            cp,
            mate,
            pv: info.pv.iter().map(|m| m.to_string()).collect(),
        }
    }
}

#[pymethods]
impl PvLine {
    fn __repr__(&self) -> String {
        format!(
            "PvLine(multipv={}, depth={}, cp={}, mate={}, pv={})",
            self.multipv,
            self.depth,
            crate::repr_option(self.cp),
            crate::repr_option(self.mate),
            crate::repr_list(&self.pv)
        )
    }
}

/// What a search found: the move to play and its variations.
#[pyclass(module = "tokin", frozen, get_all)]
struct SearchResult {
    /// The move to play in USI, or `resign` (no legal move) or `win` (an entering-king
    /// declaration wins), as a USI engine's `bestmove`.
    bestmove: String,
    /// The expected reply, when the search has one.
    ponder: Option<String>,
    /// Nodes searched.
    nodes: u64,
    /// The variations, best first (one unless `multipv` asked for more; none when there is
    /// no legal move).
    lines: Vec<PvLine>,
}

#[pymethods]
impl SearchResult {
    /// The best line's score in centipawns (`None` for a mate score or no line).
    #[getter]
    fn cp(&self) -> Option<i32> {
        self.lines.first().and_then(|l| l.cp)
    }

    /// The best line's mate score in plies (`None` unless it is one).
    #[getter]
    fn mate(&self) -> Option<i32> {
        self.lines.first().and_then(|l| l.mate)
    }

    /// The best line's moves, in USI.
    #[getter]
    fn pv(&self) -> Vec<String> {
        self.lines.first().map(|l| l.pv.clone()).unwrap_or_default()
    }

    /// The depth of the best line.
    #[getter]
    fn depth(&self) -> u32 {
        self.lines.first().map_or(0, |l| l.depth)
    }

    fn __repr__(&self) -> String {
        format!(
            "SearchResult(bestmove='{}', cp={}, mate={}, pv={})",
            self.bestmove,
            crate::repr_option(self.cp()),
            crate::repr_option(self.mate()),
            crate::repr_list(&self.pv())
        )
    }
}

/// The last exact variation of each rank the search reported.
#[derive(Default)]
struct Lines(Vec<Option<IterationInfo>>);

impl SearchObserver for Lines {
    fn iteration(&mut self, info: &IterationInfo) {
        // A bound from an aspiration fail is no line's final score.
        if info.bound != ScoreBound::Exact {
            return;
        }
        let i = info.multipv.saturating_sub(1);
        if self.0.len() <= i {
            self.0.resize(i + 1, None);
        }
        self.0[i] = Some(info.clone());
    }
}

/// Searches the board within the limits given (at least one of `depth` plies, about `nodes`
/// nodes, `time` seconds), with the built-in network or an NNUE file, and the board's moves
/// for repetitions; the GIL is released while it runs. One thread is deterministic.
///
/// >>> result = tokin.search(tokin.Board("4k4/9/4P4/9/9/9/9/9/4K4 b G 1"), depth=3)
/// >>> result.bestmove, result.mate
/// ('G*5b', 1)
#[pyfunction]
#[pyo3(signature = (board, depth=None, nodes=None, time=None, multipv=1, evalfile=None, threads=1, hash_mb=16))]
#[allow(clippy::too_many_arguments)]
fn search(
    py: Python<'_>,
    board: &Board,
    depth: Option<u32>,
    nodes: Option<u64>,
    time: Option<f64>,
    multipv: usize,
    evalfile: Option<PathBuf>,
    threads: usize,
    hash_mb: usize,
) -> PyResult<SearchResult> {
    if depth.is_none() && nodes.is_none() && time.is_none() {
        return Err(PyValueError::new_err(
            "give a limit: depth, nodes or time (a search without one never ends)",
        ));
    }
    let time = time_limit(time)?;
    let limits = Limits {
        depth: depth.map(|d| at_least_one("depth", d)).transpose()?,
        nodes: nodes.map(|n| at_least_one("nodes", n)).transpose()?,
        multipv: at_least_one("multipv", multipv)?,
        threads: at_least_one("threads", threads)?,
        evaluator: evaluator(evalfile)?,
        ..Limits::default()
    };
    let tt = TranspositionTable::try_new(hash_mib(hash_mb)?)
        .map_err(|e| PyMemoryError::new_err(e.to_string()))?;
    let position = board.position().clone();
    let history = board.history();
    let signals = Arc::new(Signals::new());
    signals.set_time_limits(time, time);
    let (result, lines) = on_search_stack(py, &signals, move |signals| {
        let mut lines = Lines::default();
        let result =
            tokin_engine::search::search(&position, &history, &limits, &tt, signals, &mut lines);
        (result, lines)
    })?;
    let mut lines: Vec<PvLine> = lines.0.iter().flatten().map(PvLine::new).collect();
    // The result's own line for the best move has the search's last word on it.
    if let (Some(info), Some(first)) = (&result.info, lines.first_mut()) {
        *first = PvLine::new(info);
    }
    let (bestmove, ponder) = match result.outcome {
        SearchOutcome::Move { best, ponder } => (best.to_string(), ponder.map(|m| m.to_string())),
        SearchOutcome::Resign => ("resign".to_owned(), None),
        SearchOutcome::Win => ("win".to_owned(), None),
    };
    Ok(SearchResult {
        bestmove,
        ponder,
        nodes: result.nodes,
        lines,
    })
}

/// The mate solver's answer.
#[pyclass(module = "tokin", frozen, get_all)]
struct MateSolution {
    /// `mate`, `no_mate` (no mate by continuous checks), or `unknown` (the limit came first).
    status: &'static str,
    /// The mating line in USI, attacker's move first (empty unless `status` is `mate`).
    moves: Vec<String>,
    /// Nodes searched.
    nodes: u64,
}

#[pymethods]
impl MateSolution {
    /// Whether a mate was found.
    fn __bool__(&self) -> bool {
        self.status == "mate"
    }

    fn __repr__(&self) -> String {
        format!(
            "MateSolution(status='{}', moves={})",
            self.status,
            crate::repr_list(&self.moves)
        )
    }
}

/// Solves the board for a mate by the side to move (df-pn, checks only) within about
/// `nodes` nodes or `time` seconds (no limit by default), the GIL released while it runs.
///
/// >>> solution = tokin.mate(tokin.Board("4k4/9/4P4/9/9/9/9/9/4K4 b G 1"))
/// >>> solution.status, solution.moves
/// ('mate', ['G*5b'])
#[pyfunction]
#[pyo3(signature = (board, nodes=None, time=None, hash_mb=16))]
fn mate(
    py: Python<'_>,
    board: &Board,
    nodes: Option<u64>,
    time: Option<f64>,
    hash_mb: usize,
) -> PyResult<MateSolution> {
    let time = time_limit(time)?;
    let config = MateConfig {
        hash_mib: hash_mib(hash_mb)?,
        max_nodes: nodes.map(|n| at_least_one("nodes", n)).transpose()?,
        ..MateConfig::default()
    };
    let position = board.position().clone();
    let signals = Arc::new(Signals::new());
    signals.set_time_limits(None, time);
    let report = on_search_stack(py, &signals, move |signals| {
        solve_mate(&position, &config, signals, &mut NoObserver)
    })?;
    let (status, moves) = match report.result {
        MateResult::Mate(line) => ("mate", line.iter().map(|m| m.to_string()).collect()),
        MateResult::NoMate => ("no_mate", Vec::new()),
        MateResult::Timeout => ("unknown", Vec::new()),
    };
    Ok(MateSolution {
        status,
        moves,
        nodes: report.nodes,
    })
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PvLine>()?;
    m.add_class::<SearchResult>()?;
    m.add_class::<MateSolution>()?;
    m.add_function(wrap_pyfunction!(evaluate, m)?)?;
    m.add_function(wrap_pyfunction!(search, m)?)?;
    m.add_function(wrap_pyfunction!(mate, m)?)?;
    Ok(())
}
