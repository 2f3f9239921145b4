//! The game-tree search: iterative deepening over a principal-variation alpha-beta search,
//! shared by several threads (Lazy SMP). It calls the mate solver ([`crate::mate`]) at the
//! root to prove a mate the tree search has not reached.
//!
//! This module knows nothing of USI text. The caller passes a position, the game's history
//! (for repetitions), [`Limits`], a [`TranspositionTable`], [`Signals`] (the stop flag and
//! the clock, which the caller may change while the search runs, e.g. on `ponderhit`) and a
//! [`SearchObserver`] that hears about each finished iteration. The result is a
//! [`SearchResult`]: a move with an optional ponder move, `Resign` when mated, or `Win` when
//! the entering-king declaration holds.
//!
//! Scores are in centipawns from the side to move's point of view; mate scores are
//! `MATE - plies` (see [`Score`]).

mod captures;
mod correction;
mod history;
mod ordering;
mod pacing;
mod params;
mod see;
mod stats;
mod tables;
mod threats;
mod tt;
mod worker;

pub use crate::signals::{NoObserver, Signals};
#[cfg(feature = "tune")]
pub use params::set_tunable;
pub use params::{DEFAULT_SEARCH_PARAMS, SearchParams, TUNABLES, Tunable, active_params};
pub use tt::{TableAllocError, TranspositionTable, TtBound};

use crate::eval::Evaluator;
use crate::mate::{MateConfig, MateReport, MateResult, solve_mate};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Duration;
use tables::HistoryTables;
use tokin_core::{EnteringKingRule, GameHistory, Move, Position, declaration, rules, try_move};
use worker::Worker;

/// The score of delivering mate now; mate in `n` plies scores `MATE - n`.
pub const MATE: i32 = 32000;
/// The deepest ply the search reaches.
pub const MAX_PLY: usize = 128;
/// Scores at least this large are mates.
pub const MATE_IN_MAX_PLY: i32 = MATE - MAX_PLY as i32;
/// Larger than any score.
pub(crate) const INFINITE: i32 = MATE + 1;

/// What bounds a search besides the clock, and the rules it plays under.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Deepest iteration (plies); `None` for no limit.
    pub depth: Option<u32>,
    /// Stop after about this many nodes (exactly, with one thread).
    pub nodes: Option<u64>,
    /// How many principal variations to search (1 for play).
    pub multipv: usize,
    /// Search threads (at least 1). With one thread the search is deterministic.
    pub threads: usize,
    /// The value of a draw for the side to move at the root, in centipawns (contempt).
    pub draw_value: i32,
    /// The entering-king rule in force (for `Win` and for scores inside the search).
    pub entering_king_rule: EnteringKingRule,
    /// The game is a draw once this many moves have been played (0 = no limit).
    pub max_moves_to_draw: u32,
    /// Search only these root moves (`go searchmoves`); empty, or no legal one, means all.
    pub searchmoves: Vec<Move>,
    /// The evaluation the search uses (every thread shares one network).
    pub evaluator: Evaluator,
    /// The mate solver's budget at the root, in nodes (0: not used). Before searching, it
    /// tries the root, and a mate it proves is played at once; during the search, it tries
    /// each new best move from the opponent's side, and a move after which it proves a mate
    /// by checks is dropped and the depth searched again without it. Not with `searchmoves`
    /// or several PVs, which ask for the search's lines.
    pub root_mate_nodes: u64,
}

impl Limits {
    /// Whether the mate solver works at the root: a budget, and neither several lines nor
    /// given moves asked for, which want the search's lines.
    fn root_solving(&self) -> bool {
        self.root_mate_nodes > 0 && self.multipv <= 1 && self.searchmoves.is_empty()
    }

    /// The mate solver's answer for `pos` within [`Limits::root_mate_nodes`], for the root
    /// and its moves; `None` when [`Limits::root_solving`] says no.
    fn root_solve(&self, pos: &Position, signals: &Signals) -> Option<MateReport> {
        if !self.root_solving() {
            return None;
        }
        let config = MateConfig {
            hash_mib: 4,
            max_nodes: Some(self.root_mate_nodes),
            max_ply: MAX_PLY as u16,
        };
        Some(solve_mate(pos, &config, signals, &mut NoObserver))
    }
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            depth: None,
            nodes: None,
            multipv: 1,
            threads: 1,
            draw_value: 0,
            entering_king_rule: EnteringKingRule::default(),
            max_moves_to_draw: 0,
            searchmoves: Vec::new(),
            evaluator: Evaluator::Handcrafted,
            root_mate_nodes: 0,
        }
    }
}

/// A score as a GUI shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// Centipawns for the side to move.
    Cp(i32),
    /// Mate in this many plies: positive when the side to move mates, negative when mated.
    Mate(i32),
}

impl Score {
    /// Converts an internal score.
    pub fn from_internal(v: i32) -> Score {
        if v >= MATE_IN_MAX_PLY {
            Score::Mate(MATE - v)
        } else if v <= -MATE_IN_MAX_PLY {
            Score::Mate(-(MATE + v))
        } else {
            Score::Cp(v)
        }
    }
}

/// Whether an iteration's score is exact or failed against its aspiration window.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The score is exact.
    Exact,
    /// The true score is at least this.
    Lower,
    /// The true score is at most this.
    Upper,
}

/// One principal variation from one iteration, as reported to the observer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IterationInfo {
    /// Nominal depth of the iteration.
    pub depth: u32,
    /// Deepest ply reached.
    pub seldepth: u32,
    /// Which variation (1-based) when several are searched.
    pub multipv: usize,
    /// The score of the variation.
    pub score: Score,
    /// Whether the score is exact.
    pub bound: Bound,
    /// Nodes searched so far by all threads.
    pub nodes: u64,
    /// Time since the search started.
    pub time: Duration,
    /// Transposition table fill, permille.
    pub hashfull: u32,
    /// The moves of the variation.
    pub pv: Vec<Move>,
}

/// Hears about the search's progress (the USI layer turns this into `info` lines).
pub trait SearchObserver {
    /// Called for each variation of each finished iteration, and for aspiration fails.
    fn iteration(&mut self, info: &IterationInfo);
}

impl SearchObserver for NoObserver {
    fn iteration(&mut self, _info: &IterationInfo) {}
}

/// What the side to move should do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SearchOutcome {
    /// Play `best`; `ponder` is the expected reply, legal after `best`.
    Move {
        /// The move to play.
        best: Move,
        /// The expected reply.
        ponder: Option<Move>,
    },
    /// No legal move: the side to move is mated (or has no move, which also loses).
    Resign,
    /// The entering-king declaration wins under the rule in force.
    Win,
}

/// The outcome with the last main variation and the effort spent.
#[derive(Clone, Debug)]
pub struct SearchResult {
    /// What to do.
    pub outcome: SearchOutcome,
    /// The last variation reported for the best move (with its final node count and time).
    pub info: Option<IterationInfo>,
    /// Nodes searched by all threads.
    pub nodes: u64,
}

/// Searches `pos` and says what to play.
///
/// `history` holds the game's positions up to and including `pos` (for repetitions); an
/// empty history is allowed.
///
/// # Examples
/// ```
/// use tokin_core::{GameHistory, Position};
/// use tokin_engine::search::{Limits, NoObserver, SearchOutcome, Signals, TranspositionTable, search};
/// // Black mates with a gold drop.
/// let pos = Position::from_sfen("4k4/9/4P4/9/9/9/9/9/4K4 b G 1").unwrap();
/// let limits = Limits { depth: Some(3), ..Limits::default() };
/// let tt = TranspositionTable::new(1);
/// let r = search(&pos, &GameHistory::new(&pos), &limits, &tt, &Signals::new(), &mut NoObserver);
/// assert_eq!(r.outcome, SearchOutcome::Move { best: tokin_core::Move::from_usi("G*5b").unwrap(), ponder: None });
/// ```
pub fn search(
    pos: &Position,
    history: &GameHistory,
    limits: &Limits,
    tt: &TranspositionTable,
    signals: &Signals,
    observer: &mut dyn SearchObserver,
) -> SearchResult {
    search_with_tables(
        pos,
        history,
        limits,
        tt,
        signals,
        observer,
        &mut SearchTables::default(),
    )
}

/// Move-ordering statistics a game's searches hand on to each other: what was learnt about
/// quiet moves while thinking about one move still orders the next search, as the
/// transposition table does for scores. Clear them for a new game.
#[derive(Default)]
pub struct SearchTables {
    per_thread: Vec<HistoryTables>,
}

impl SearchTables {
    /// Forgets everything (a new game).
    pub fn clear(&mut self) {
        self.per_thread.clear();
    }
}

impl std::fmt::Debug for SearchTables {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "SearchTables({} threads)", self.per_thread.len())
    }
}

/// [`search`] with move-ordering statistics kept from earlier searches in `tables` (and
/// left there for later ones).
#[allow(clippy::too_many_arguments)]
pub fn search_with_tables(
    pos: &Position,
    history: &GameHistory,
    limits: &Limits,
    tt: &TranspositionTable,
    signals: &Signals,
    observer: &mut dyn SearchObserver,
    tables: &mut SearchTables,
) -> SearchResult {
    let legal = pos.legal_moves();
    if legal.is_empty() {
        return SearchResult {
            outcome: SearchOutcome::Resign,
            info: None,
            nodes: 0,
        };
    }
    if declaration(pos, limits.entering_king_rule) == Some(rules::Declaration::Win) {
        return SearchResult {
            outcome: SearchOutcome::Win,
            info: None,
            nodes: 0,
        };
    }
    if limits.entering_king_rule == EnteringKingRule::TryRule
        && let Some(mv) = try_move(pos)
    {
        return SearchResult {
            outcome: SearchOutcome::Move {
                best: mv,
                ponder: None,
            },
            info: None,
            nodes: 0,
        };
    }
    if let Some(result) = root_mate(pos, limits, signals, observer) {
        return result;
    }
    tt.new_search();
    let threads = limits.threads.max(1);
    tables.per_thread.resize_with(threads, HistoryTables::new);
    let counters: Vec<AtomicU64> = (0..threads).map(|_| AtomicU64::new(0)).collect();
    let helpers_done = AtomicBool::new(false);
    let params = &params::active_params();
    let mut own = std::mem::take(&mut tables.per_thread);
    let main_tables = own.remove(0);
    let (result, returned) = std::thread::scope(|scope| {
        let mut handles = Vec::new();
        for (i, t) in own.into_iter().enumerate() {
            let id = i + 1;
            let counters = &counters;
            let helpers_done = &helpers_done;
            let builder = std::thread::Builder::new().stack_size(16 << 20);
            // A helper that fails to start only costs strength.
            if let Ok(h) = builder.spawn_scoped(scope, move || {
                let mut w = Worker::new(
                    id,
                    pos,
                    history,
                    limits,
                    tt,
                    signals,
                    counters,
                    helpers_done,
                    params,
                    t,
                );
                w.iterate(pos, &mut NoObserver);
                w.into_tables()
            }) {
                handles.push(h);
            }
        }
        let mut main = Worker::new(
            0,
            pos,
            history,
            limits,
            tt,
            signals,
            &counters,
            &helpers_done,
            params,
            main_tables,
        );
        let result = main.iterate(pos, observer);
        helpers_done.store(true, Ordering::Release);
        let mut returned = vec![main.into_tables()];
        returned.extend(handles.into_iter().filter_map(|h| h.join().ok()));
        (result, returned)
    });
    tables.per_thread = returned;
    result
}

/// The mate solver's answer at the root within [`Limits::root_mate_nodes`], as a search
/// result (reported to `observer` as a one-line iteration), when it proves a mate that the
/// game's move limit leaves time for.
fn root_mate(
    pos: &Position,
    limits: &Limits,
    signals: &Signals,
    observer: &mut dyn SearchObserver,
) -> Option<SearchResult> {
    let report = limits.root_solve(pos, signals)?;
    let MateResult::Mate(line) = report.result else {
        return None;
    };
    let (&best, plies) = (line.first()?, line.len() as u32);
    if limits.max_moves_to_draw > 0 && pos.move_number() + plies > limits.max_moves_to_draw + 1 {
        return None;
    }
    let info = IterationInfo {
        depth: plies,
        seldepth: plies,
        multipv: 1,
        score: Score::Mate(plies as i32),
        bound: Bound::Exact,
        nodes: report.nodes,
        time: signals.elapsed(),
        hashfull: 0,
        pv: line.clone(),
    };
    observer.iteration(&info);
    Some(SearchResult {
        outcome: SearchOutcome::Move {
            best,
            ponder: line.get(1).copied(),
        },
        info: Some(info),
        nodes: report.nodes,
    })
}

/// Total nodes from the per-thread counters.
fn total_nodes(counters: &[AtomicU64]) -> u64 {
    counters.iter().map(|c| c.load(Ordering::Relaxed)).sum()
}

/// Runs `search` on a fixed depth with one thread and no output, with `evaluator`, returning
/// the node count (the behaviour signature quoted by `tokin bench`).
pub fn bench_nodes(
    pos: &Position,
    depth: u32,
    tt: &TranspositionTable,
    evaluator: &Evaluator,
    signals: &Signals,
) -> (SearchResult, u64) {
    let limits = Limits {
        depth: Some(depth),
        evaluator: evaluator.clone(),
        ..Limits::default()
    };
    let r = search(
        pos,
        &GameHistory::new(pos),
        &limits,
        tt,
        signals,
        &mut NoObserver,
    );
    let n = r.nodes;
    (r, n)
}
#[cfg(test)]
mod tests;
