//! A mate solver: depth-first proof-number search (df-pn) for `go mate`, `tokin mate` and
//! the mate probe at the search's root.
//!
//! The attacker (the side to move at the root) may only give check; the defender may play
//! any legal move. A position is proved when every defence runs into mate, and disproved
//! when the attacker runs out of checks or can only repeat. The solver keeps proof and
//! disproof numbers in its own table (`table.rs`), searches with thresholds (`mid.rs`) and,
//! once the root is proved, looks for quicker mates and reads the mating line as tsume
//! composers give it (`pv.rs`).
//!
//! The moves are the rules' legal moves, so a pawn-drop mate is never a mate here, and
//! non-promotions that the rules allow are tried like any other move.

mod mate1;
mod mid;
mod moves;
mod path;
mod pv;
mod table;
#[cfg(test)]
mod tests;

pub(crate) use mate1::mate_in_one;

use crate::signals::{NoObserver, Signals};
use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};
use std::time::Duration;
use table::{INF, MAX_LEN, NO_MATE, Table};
use tokin_core::{Hand, Move, Position};

/// The answer to a mate search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MateResult {
    /// A mating sequence, attacker's move first: the defender's longest resistance against
    /// the attacker's quickest mate, without useless interpositions. Quickest and longest as
    /// far as the solver's budget for them showed (see [`solve_mate`]).
    Mate(Vec<Move>),
    /// There is no mate by continuous checks.
    NoMate,
    /// Stopped (by the caller, the clock or the node limit) before an answer.
    Timeout,
}

/// How much the solver may use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MateConfig {
    /// Size of the solver's table in MiB.
    pub hash_mib: usize,
    /// Stop after about this many nodes (`None` for no limit).
    pub max_nodes: Option<u64>,
    /// The deepest line followed, in plies (an answer that needs more is a timeout). By
    /// default the longest the table counts (4,094), beyond the longest composed problem
    /// (1,525 plies); the solver recurses once a ply, about a kilobyte of stack each (the
    /// 587-ply 橋本 problem of `tests/data/mate/long.txt` solves in 768 KiB, not in 512).
    pub max_ply: u16,
}

impl Default for MateConfig {
    fn default() -> MateConfig {
        MateConfig {
            hash_mib: 16,
            max_nodes: None,
            max_ply: MAX_LEN,
        }
    }
}

/// Progress of a running solve, for `info` lines.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MateProgress {
    /// Nodes searched so far.
    pub nodes: u64,
    /// Time since the solve started.
    pub time: Duration,
    /// Table fill, permille.
    pub hashfull: u32,
}

/// Hears about a solve's progress about once a second.
pub trait MateObserver {
    /// Called with the progress so far.
    fn progress(&mut self, progress: &MateProgress);
}

impl MateObserver for NoObserver {
    fn progress(&mut self, _progress: &MateProgress) {}
}

/// A solve's answer and what it cost.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MateReport {
    /// The answer.
    pub result: MateResult,
    /// Nodes searched (the line's reading included).
    pub nodes: u64,
    /// Time taken.
    pub time: Duration,
}

/// Zobrist keys are already uniform: the path's hash map uses them as they are.
#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

type KeyMap<V> = HashMap<u64, V, BuildHasherDefault<KeyHasher>>;

/// How often the clock is looked at (nodes, a power of two).
const POLL: u64 = 1024;

/// The solver's state during one solve.
struct Solver<'a> {
    tt: Table,
    signals: &'a Signals,
    observer: &'a mut dyn MateObserver,
    nodes: u64,
    node_limit: u64,
    stopped: bool,
    max_ply: u16,
    /// Reading the line: only the node limit stops the solver.
    reading: bool,
    /// The positions on the current path, by board ([`path`]).
    path: path::Path,
    /// Nodes for one question while reading the line.
    ask_budget: u64,
    /// Nodes for one question that would shorten a defender's reply's mate, or show an
    /// interposition useless, while reading the line. In the passes after the first it is 0:
    /// the table alone answers the first kind, and the second gets its least budget ([`pv`]).
    reply_budget: u64,
    /// The questions about the attacker's quickest check that the reading's current pass left
    /// undecided by their budget: each position's key with the length it was asked to
    /// shorten ([`pv`]). While there are some, the line is read again.
    undecided: HashSet<(u64, u16)>,
    /// Reading a pass after the first: no search beyond the budget.
    passing: bool,
    /// Reading a line from the table alone, to break a tie between equally quick checks: no
    /// question is searched but whether an interposition is useless ([`pv`]).
    table_only: bool,
    /// The caller bounded the solve's nodes: the line is read in one pass.
    bounded: bool,
    /// Nodes the reading of the line may take beyond the solve's (`None`: the rule in
    /// [`pv`]; tests set it to see that a spent budget still gives a whole line).
    read_budget: Option<u64>,
    /// The positions of the line being read.
    line: pv::LinePositions,
    next_report: Duration,
    /// Buffers kept from node to node instead of allocated at each: the moves of the node
    /// being expanded, the generator's order of its checks, and children lists not in use
    /// (one per frame on the path at most).
    moves: Vec<Move>,
    scratch: Vec<Move>,
    /// The keys, boards and attacker's hands after each of a node's moves.
    child_keys: Vec<(u64, u64, Hand)>,
    frames: Vec<Vec<mid::Child>>,
    /// Checks' reply counts already worked out, by the full key of the position after the
    /// check ([`mid::ReplyCache`]).
    replies: mid::ReplyCache,
}

impl Solver<'_> {
    /// Whether the caller said stop or its time is up.
    fn time_is_up(&self) -> bool {
        self.signals.is_stopped() || self.signals.hard_passed()
    }

    /// Counts a node and, now and then, looks at the clock, the stop flag and the node
    /// limit, and reports progress.
    fn tick(&mut self) {
        self.nodes += 1;
        // The node limit is exact (the line's questions have small budgets); the clock and
        // the flag cost more to read.
        if self.nodes >= self.node_limit {
            self.stopped = true;
        }
        // The stop flag is one relaxed load: read at every node, so that `stop` is obeyed
        // within a node rather than within a thousand (a millisecond or two, which was most
        // of what a `go mate` that a GUI stops at once cost).
        if !self.reading && self.signals.is_stopped() {
            self.stopped = true;
        }
        if !self.nodes.is_multiple_of(POLL) {
            return;
        }
        if !self.reading && self.time_is_up() {
            self.stopped = true;
        }
        let time = self.signals.elapsed();
        if time >= self.next_report {
            self.next_report = time + Duration::from_secs(1);
            let p = MateProgress {
                nodes: self.nodes,
                time,
                hashfull: self.tt.hashfull(),
            };
            self.observer.progress(&p);
        }
    }
}

/// Solves `pos` for a mate by the side to move, within `config` and until `signals` says
/// stop or its hard time limit passes, reporting progress to `observer`.
///
/// Once a mate is proved, quicker ones are looked for with up to an eighth of the nodes the
/// proof took (at least a few thousand; the clock and the stop signal still apply), and
/// the line is read with a budget of its own that only the node count limits: a proved mate
/// is always answered with a line. The line is the quickest mate the first part found. Once
/// the time is up or a stop is signalled, the rest of the line follows what the table holds,
/// without the searches that would shorten it, so a solve answers soon after its time.
///
/// # Examples
/// ```
/// use tokin_core::{Move, Position};
/// use tokin_engine::mate::{MateConfig, MateResult, solve_mate};
/// use tokin_engine::search::{NoObserver, Signals};
/// // Tsume: the attacker has no king; the pieces not shown are in the defender's hand.
/// let pos = Position::from_tsume_sfen("4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1").unwrap();
/// let r = solve_mate(&pos, &MateConfig::default(), &Signals::new(), &mut NoObserver);
/// assert_eq!(r.result, MateResult::Mate(vec![Move::from_usi("G*5b").unwrap()]));
/// ```
pub fn solve_mate(
    pos: &Position,
    config: &MateConfig,
    signals: &Signals,
    observer: &mut dyn MateObserver,
) -> MateReport {
    solve_with(pos, config, signals, observer, None)
}

impl<'a> Solver<'a> {
    /// A solver with a new table, for one solve within `config` (see [`solve_with`]).
    fn new(
        config: &MateConfig,
        signals: &'a Signals,
        observer: &'a mut dyn MateObserver,
        read_budget: Option<u64>,
    ) -> Solver<'a> {
        Solver {
            tt: Table::new(config.hash_mib),
            signals,
            observer,
            nodes: 0,
            node_limit: config.max_nodes.unwrap_or(u64::MAX).max(1),
            stopped: false,
            max_ply: config.max_ply.clamp(1, MAX_LEN),
            reading: false,
            path: path::Path::default(),
            ask_budget: 0,
            reply_budget: 0,
            undecided: HashSet::new(),
            passing: false,
            table_only: false,
            bounded: config.max_nodes.is_some(),
            read_budget,
            line: pv::LinePositions::default(),
            next_report: Duration::from_secs(1),
            moves: Vec::new(),
            scratch: Vec::new(),
            child_keys: Vec::new(),
            frames: Vec::new(),
            replies: mid::ReplyCache::default(),
        }
    }
}

/// [`solve_mate`] with the reading's budget given (`None`: the usual one).
fn solve_with(
    pos: &Position,
    config: &MateConfig,
    signals: &Signals,
    observer: &mut dyn MateObserver,
    read_budget: Option<u64>,
) -> MateReport {
    let mut solver = Solver::new(config, signals, observer, read_budget);
    let result = if pos.king_square(!pos.side_to_move()).is_none() {
        // No king to mate.
        MateResult::NoMate
    } else {
        let r = solver.mid(pos, 0, solver.max_ply, INF, INF);
        if r.pn == 0 {
            MateResult::Mate(solver.mate_line(pos, r.hi))
        } else if r.dn == 0 && r.lo == NO_MATE {
            // (A lower bound alone means only that no mate fits in `max_ply` plies.)
            MateResult::NoMate
        } else {
            MateResult::Timeout
        }
    };
    MateReport {
        result,
        nodes: solver.nodes,
        time: signals.elapsed(),
    }
}

/// [`solve_mate`] with the default table and no progress reports: the answer alone.
///
/// # Examples
/// ```
/// use tokin_engine::mate::{MateResult, mate_search};
/// use tokin_core::Position;
/// use tokin_engine::search::Signals;
/// let pos = Position::from_sfen("4k4/9/4P4/9/9/9/9/9/4K4 b G 1").unwrap();
/// let r = mate_search(&pos, &Signals::new());
/// assert_eq!(r, MateResult::Mate(vec![tokin_core::Move::from_usi("G*5b").unwrap()]));
/// let pos = Position::from_sfen("4k4/9/9/9/9/9/9/9/4K4 b P 1").unwrap();
/// assert_eq!(mate_search(&pos, &Signals::new()), MateResult::NoMate);
/// ```
pub fn mate_search(pos: &Position, signals: &Signals) -> MateResult {
    solve_mate(pos, &MateConfig::default(), signals, &mut NoObserver).result
}
