//! One search thread: iterative deepening around a principal-variation alpha-beta search
//! with quiescence. The main thread (id 0) owns the clock and reports to the observer;
//! helper threads of Lazy SMP run the same loop, share only the transposition table, and
//! stop when the main thread finishes.
//!
//! The thread's state and the rules that end a line (stop, repetition, declaration) are
//! here; the search itself is spread over the children: [`deepening`] (the iterations at
//! the root), [`alpha_beta`], [`qsearch`] (quiescence) and [`move_loop`] (what the move
//! loop keeps: statistics, killers and the principal variation).
//!
//! CITE: Lazy SMP — <https://www.chessprogramming.org/Lazy_SMP>; PVS —
//! <https://www.chessprogramming.org/Principal_Variation_Search>.

mod alpha_beta;
mod deepening;
mod move_loop;
mod qsearch;

use super::tables::HistoryTables;
use super::tt::{TranspositionTable, TtBound, TtHit};
use super::{INFINITE, Limits, MATE_IN_MAX_PLY, MAX_PLY, SearchParams, Signals, total_nodes};
use crate::eval::EvalStack;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use tokin_core::rules::Declaration;
use tokin_core::{Color, EnteringKingRule, GameHistory, Move, Position, declaration, try_move};

#[derive(Clone, Copy)]
struct PathEntry {
    key: u64,
    in_check: bool,
}

/// No continuation slot: before the root or after a null move.
const NO_SLOT: usize = usize::MAX;

/// How many plies back a repetition is looked for inside the search.
const REPETITION_WINDOW: usize = 32;

/// What kind of node an [`alpha_beta`](Worker::alpha_beta) call searches, which decides
/// what it may prune. The root is always at ply 0.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum NodeType {
    /// The root of an iteration: it searches the root move list (less the moves of earlier
    /// MultiPV lines), and its result is the iteration's.
    Root,
    /// On the principal variation, with an open window: its exact score is wanted, so no
    /// table cutoff and no pruning that only proves a bound.
    Pv,
    /// A zero-window node, asked only whether the score is above or below the window.
    NonPv {
        null: NullMove,
        /// Expected to fail high (a cut node): the child of a reduced search, or of an
        /// expected fail-low node. Cut nodes are reduced more, and only they (and the
        /// principal variation) pay for internal iterative reduction.
        /// CITE: <https://www.chessprogramming.org/Node_Types>
        cut: bool,
    },
}

impl NodeType {
    /// Whether the node is on the principal variation (the root included).
    #[inline]
    fn is_pv(self) -> bool {
        !matches!(self, NodeType::NonPv { .. })
    }

    /// Whether the node is expected to fail high.
    #[inline]
    fn is_cut(self) -> bool {
        matches!(self, NodeType::NonPv { cut: true, .. })
    }

    /// What quiescence makes of a leaf of this kind.
    #[inline]
    fn leaf(self) -> LeafType {
        if self.is_pv() {
            LeafType::Pv
        } else {
            LeafType::NonPv
        }
    }
}

/// Whether a zero-window node may try null move pruning.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum NullMove {
    Allowed,
    /// Right after a null move (two passes in a row come back to the same position and
    /// prove nothing), and in the singular test, which asks about the node's other moves,
    /// not about a pass.
    Forbidden,
}

/// The node kinds [`qsearch`](Worker::qsearch) tells apart: the root never reaches it, and
/// it plays no null move.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum LeafType {
    /// On the principal variation: no table cutoff.
    Pv,
    NonPv,
}

pub(crate) struct Worker<'a> {
    id: usize,
    limits: &'a Limits,
    tt: &'a TranspositionTable,
    signals: &'a Signals,
    counters: &'a [AtomicU64],
    helpers_done: &'a AtomicBool,
    params: &'a SearchParams,
    nodes: u64,
    seldepth: usize,
    stopped: bool,
    root_side: Color,
    root_depth: i32,
    root_order: Vec<Move>,
    excluded: Vec<Move>,
    root_best: Option<(Move, i32, Vec<Move>)>,
    /// Changes of the best root move in the iteration under way, and the nodes this search
    /// has spent below each root move: what the time pacing reads.
    root_changes: u32,
    root_nodes: Vec<(Move, u64)>,
    path: Vec<PathEntry>,
    from_null: [usize; MAX_PLY + 2],
    killers: [[Option<Move>; 2]; MAX_PLY + 2],
    /// The beta cutoffs at each ply since the node two plies above began: at a node's
    /// children's ply, about how many of its moves searched so far were refuted
    /// (`SearchParams::lmr_child_cutoffs`).
    cutoffs: [u32; MAX_PLY + 4],
    /// History and continuation history, kept between searches.
    tables: HistoryTables,
    slots: [usize; MAX_PLY + 4],
    /// The move played at each ply of the current line when it was quiet (for the reward of
    /// a move after which every reply failed low).
    quiet_line: [Option<Move>; MAX_PLY + 4],
    /// Whether the node at each ply of the current line is or was on a principal variation
    /// (its own or its table entry's mark).
    tt_pv: [bool; MAX_PLY + 4],
    /// The reduction the parent's late move reduction took from the node at each ply (0
    /// when it was searched to its full depth), for the node's hindsight.
    prior_reduction: [i32; MAX_PLY + 4],
    /// The principal variation of the last complete iteration, and whether the node at each
    /// ply of the current line lies on it (the root always does): such nodes are spared
    /// the pruning that would most easily lose the line (`SearchParams::follow_pv`).
    last_pv: Vec<Move>,
    follow_pv: [bool; MAX_PLY + 4],
    evals: [i32; MAX_PLY + 4],
    /// The evaluation state of the position at each ply of the current line (index 0: the
    /// root), set from the parent's as each move is made (and copied across a null move):
    /// material for the handcrafted evaluation, a network's sums for NNUE.
    eval: EvalStack,
    singular_excluded: [Option<Move>; MAX_PLY + 4],
    pv: Box<[[Option<Move>; MAX_PLY + 2]; MAX_PLY + 2]>,
    pv_len: [usize; MAX_PLY + 2],
    #[cfg(feature = "stats")]
    stats: super::stats::SearchStats,
}

#[inline]
fn score_to_tt(s: i32, ply: usize) -> i32 {
    if s >= MATE_IN_MAX_PLY {
        s + ply as i32
    } else if s <= -MATE_IN_MAX_PLY {
        s - ply as i32
    } else {
        s
    }
}

#[inline]
fn score_from_tt(s: i32, ply: usize) -> i32 {
    if s >= MATE_IN_MAX_PLY {
        s - ply as i32
    } else if s <= -MATE_IN_MAX_PLY {
        s + ply as i32
    } else {
        s
    }
}

/// Whether a table score `s` with `bound` decides a node searched with window
/// (`alpha`, `beta`).
#[inline]
fn settles(bound: TtBound, s: i32, alpha: i32, beta: i32) -> bool {
    match bound {
        TtBound::Exact => true,
        TtBound::Lower => s >= beta,
        TtBound::Upper => s <= alpha,
    }
}

/// The static evaluation of `pos` (from the table entry when there is one), that evaluation
/// plus `correction` (see [`Correction`](crate::search::correction::Correction)), and the
/// corrected one replaced by the entry's score when the score bounds it in the right
/// direction.
#[inline]
fn eval_with_table(
    eval: &mut EvalStack,
    pos: &Position,
    hit: Option<TtHit>,
    ply: usize,
    correction: i32,
) -> (i32, i32, i32) {
    let raw = match hit {
        Some(h) if h.eval.abs() < MATE_IN_MAX_PLY => h.eval,
        _ => eval.evaluate(ply, pos),
    };
    let corrected = (raw + correction).clamp(-MATE_IN_MAX_PLY + 1, MATE_IN_MAX_PLY - 1);
    let refined = hit.map_or(corrected, |h| {
        let s = score_from_tt(h.score, ply);
        let better = match h.bound {
            TtBound::Exact => true,
            TtBound::Lower => s > corrected,
            TtBound::Upper => s < corrected,
        };
        if better && s.abs() < MATE_IN_MAX_PLY {
            s
        } else {
            corrected
        }
    });
    (raw, corrected, refined)
}

impl<'a> Worker<'a> {
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn new(
        id: usize,
        pos: &Position,
        history: &GameHistory,
        limits: &'a Limits,
        tt: &'a TranspositionTable,
        signals: &'a Signals,
        counters: &'a [AtomicU64],
        helpers_done: &'a AtomicBool,
        params: &'a SearchParams,
        tables: HistoryTables,
    ) -> Worker<'a> {
        let mut path = Vec::with_capacity(MAX_PLY + 80);
        let tail = history.len().min(2 * REPETITION_WINDOW);
        for back in (0..tail).rev() {
            if let (Some(key), Some(in_check)) =
                (history.key_back(back), history.in_check_back(back))
            {
                path.push(PathEntry { key, in_check });
            }
        }
        if path.last().is_none_or(|e| e.key != pos.key()) {
            path.push(PathEntry {
                key: pos.key(),
                in_check: pos.in_check(),
            });
        }
        let mut from_null = [0; MAX_PLY + 2];
        from_null[0] = path.len();
        Worker {
            id,
            limits,
            tt,
            signals,
            counters,
            helpers_done,
            params,
            nodes: 0,
            seldepth: 0,
            stopped: false,
            root_side: pos.side_to_move(),
            root_depth: 1,
            root_order: Vec::new(),
            excluded: Vec::new(),
            root_best: None,
            root_changes: 0,
            root_nodes: Vec::new(),
            path,
            from_null,
            killers: [[None; 2]; MAX_PLY + 2],
            cutoffs: [0; MAX_PLY + 4],
            tables,
            slots: [NO_SLOT; MAX_PLY + 4],
            quiet_line: [None; MAX_PLY + 4],
            tt_pv: [false; MAX_PLY + 4],
            prior_reduction: [0; MAX_PLY + 4],
            last_pv: Vec::new(),
            follow_pv: [false; MAX_PLY + 4],
            evals: [-INFINITE; MAX_PLY + 4],
            eval: EvalStack::new(&limits.evaluator, pos, MAX_PLY + 4),
            singular_excluded: [None; MAX_PLY + 4],
            pv: Box::new([[None; MAX_PLY + 2]; MAX_PLY + 2]),
            pv_len: [0; MAX_PLY + 2],
            #[cfg(feature = "stats")]
            stats: Default::default(),
        }
    }

    /// The principal variation of the last complete iteration, which the next one follows.
    #[cfg(test)]
    pub(crate) fn last_pv(&self) -> &[Move] {
        &self.last_pv
    }

    /// Hands the statistics back for the next search.
    pub(crate) fn into_tables(self) -> HistoryTables {
        self.tables
    }

    fn is_main(&self) -> bool {
        self.id == 0
    }

    /// Counts a node and decides whether to stop. Only the main thread looks at the clock
    /// and the node limit; helpers follow the shared flags.
    #[inline]
    fn check_stop(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        self.nodes += 1;
        // Every 256 nodes (well under a millisecond even on a loaded machine) the main
        // thread reads the clock; reading it is a cheap vDSO call.
        if self.nodes & 255 == 0 {
            self.counters[self.id].store(self.nodes, Ordering::Relaxed);
            if self.is_main() {
                if self.signals.hard_passed() {
                    self.signals.stop();
                }
                if let Some(limit) = self.limits.nodes
                    && total_nodes(self.counters) >= limit
                {
                    self.signals.stop();
                }
            }
        }
        if self.is_main()
            && self.counters.len() == 1
            && let Some(limit) = self.limits.nodes
            && self.nodes >= limit
        {
            self.signals.stop();
        }
        if self.signals.is_stopped()
            || (!self.is_main() && self.helpers_done.load(Ordering::Relaxed))
        {
            self.stopped = true;
        }
        self.stopped
    }

    fn draw_score(&self, pos: &Position) -> i32 {
        if pos.side_to_move() == self.root_side {
            self.limits.draw_value
        } else {
            -self.limits.draw_value
        }
    }

    /// A repetition of an earlier position on the path (twofold is enough inside the
    /// search): a draw, or a win/loss when one side checked with every move of the cycle.
    fn repetition_score(&self, pos: &Position, ply: usize) -> Option<i32> {
        let n = self.path.len();
        let cur = self.path[n - 1].key;
        let limit = self.from_null[ply].min(n - 1).min(REPETITION_WINDOW);
        let mut i = 4;
        while i <= limit {
            if self.path[n - 1 - i].key == cur {
                let them_all = (0..i).step_by(2).all(|b| self.path[n - 1 - b].in_check);
                let us_all = (1..i).step_by(2).all(|b| self.path[n - 1 - b].in_check);
                let s = self.params.perpetual_check_score;
                return Some(if them_all {
                    s
                } else if us_all {
                    -s
                } else {
                    self.draw_score(pos)
                });
            }
            i += 2;
        }
        None
    }

    /// Whether the side to move wins now by declaration or by the try rule.
    fn rule_win(&self, pos: &Position) -> bool {
        match self.limits.entering_king_rule {
            EnteringKingRule::NoEnteringKing => false,
            EnteringKingRule::TryRule => try_move(pos).is_some(),
            rule => declaration(pos, rule) == Some(Declaration::Win),
        }
    }

    fn push_path(&mut self, child: &Position, ply: usize, null: bool) {
        self.path.push(PathEntry {
            key: child.key(),
            in_check: child.in_check(),
        });
        self.from_null[ply + 1] = if null { 0 } else { self.from_null[ply] + 1 };
    }
}
