//! One search thread: iterative deepening around a principal-variation alpha-beta search
//! with quiescence. The main thread (id 0) owns the clock and reports to the observer;
//! helper threads of Lazy SMP run the same loop, share only the transposition table, and
//! stop when the main thread finishes.
//!
//! CITE: Lazy SMP — <https://www.chessprogramming.org/Lazy_SMP>; PVS —
//! <https://www.chessprogramming.org/Principal_Variation_Search>.

use super::captures::{CaptureList, captures, pawn_promotions};
use super::checks::CheckInfo;
use super::mate1::mate_in_one;
use super::ordering::{
    BAD_CAPTURE, ContHistory, History, Picker, QuietScorer, capture_gain, cont_slot, cont_slot_of,
    is_tactical, see_ge_ordered,
};
use super::see::see_ge;
use super::threats::Threats;
use super::tt::{TranspositionTable, TtBound, TtHit};
use super::{
    Bound, INFINITE, IterationInfo, Limits, MATE, MATE_IN_MAX_PLY, MAX_PLY, Score, SearchObserver,
    SearchOutcome, SearchParams, SearchResult, Signals, total_nodes,
};
use crate::eval::{Material, evaluate_with_material, piece_value};
use crate::rules::Declaration;
use crate::{Color, EnteringKingRule, GameHistory, Move, Position, declaration, try_move};
use arrayvec::ArrayVec;
use std::cell::OnceCell;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

#[derive(Clone, Copy)]
struct PathEntry {
    key: u64,
    in_check: bool,
}

/// Ordering bonus unit for moves that save a threatened piece (twice this) or put one
/// where a cheaper piece attacks it (minus this).
const THREAT_UNIT: i32 = 8192;

/// No continuation slot: before the root or after a null move.
const NO_SLOT: usize = usize::MAX;

/// How many plies back a repetition is looked for inside the search.
const REPETITION_WINDOW: usize = 32;

/// The move-ordering statistics one search thread learns, kept between searches.
pub(crate) struct HistoryTables {
    history: History,
    cont: [ContHistory; 2],
}

impl HistoryTables {
    pub(crate) fn new() -> HistoryTables {
        HistoryTables {
            history: History::new(),
            cont: [ContHistory::new(), ContHistory::new()],
        }
    }
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
    path: Vec<PathEntry>,
    from_null: [usize; MAX_PLY + 2],
    killers: [[Option<Move>; 2]; MAX_PLY + 2],
    /// History and continuation history, kept between searches.
    tables: HistoryTables,
    slots: [usize; MAX_PLY + 4],
    evals: [i32; MAX_PLY + 4],
    /// The material of the position at each ply of the current line (index 0: the root),
    /// set from the parent's as each move is made.
    material: [Material; MAX_PLY + 4],
    singular_excluded: [Option<Move>; MAX_PLY + 4],
    pv: Box<[[Option<Move>; MAX_PLY + 2]; MAX_PLY + 2]>,
    pv_len: [usize; MAX_PLY + 2],
    lmr: Box<[[i32; 64]; 64]>,
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

/// The static evaluation of `pos` (from the table entry when there is one), and that
/// evaluation replaced by the entry's score when the score bounds it in the right direction.
#[inline]
fn eval_with_table(
    pos: &Position,
    material: Material,
    hit: Option<TtHit>,
    ply: usize,
) -> (i32, i32) {
    let raw = match hit {
        Some(h) if h.eval.abs() < MATE_IN_MAX_PLY => h.eval,
        _ => evaluate_with_material(pos, material),
    };
    let refined = hit.map_or(raw, |h| {
        let s = score_from_tt(h.score, ply);
        let better = match h.bound {
            TtBound::Exact => true,
            TtBound::Lower => s > raw,
            TtBound::Upper => s < raw,
        };
        if better && s.abs() < MATE_IN_MAX_PLY {
            s
        } else {
            raw
        }
    });
    (raw, refined)
}

/// Whether a quiet move is still searched once late move pruning has begun at its node: it
/// gives check (`gives_check`), or, when not in check, it takes a threatened piece out of
/// danger. The search asks this of each quiet move it is handed, and the picker's filter
/// (which drops the rest unsorted) asks it of the moves that are not drops; drops, which
/// never escape, are kept by the check table alone.
#[inline]
fn kept_when_late(
    pos: &Position,
    mv: Move,
    gives_check: bool,
    in_check: bool,
    threats: &OnceCell<Threats>,
) -> bool {
    gives_check || (!in_check && threats.get().is_some_and(|t| t.is_escape(pos, mv)))
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
        let mut lmr = Box::new([[0i32; 64]; 64]);
        for (d, row) in lmr.iter_mut().enumerate().skip(1) {
            for (m, r) in row.iter_mut().enumerate().skip(1) {
                *r = (params.lmr_base + (d as f64).ln() * (m as f64).ln() / params.lmr_divisor)
                    as i32;
            }
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
            path,
            from_null,
            killers: [[None; 2]; MAX_PLY + 2],
            tables,
            slots: [NO_SLOT; MAX_PLY + 4],
            evals: [-INFINITE; MAX_PLY + 4],
            material: [Material::of(pos); MAX_PLY + 4],
            singular_excluded: [None; MAX_PLY + 4],
            pv: Box::new([[None; MAX_PLY + 2]; MAX_PLY + 2]),
            pv_len: [0; MAX_PLY + 2],
            lmr,
        }
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

    fn update_pv(&mut self, ply: usize, mv: Move) {
        let child_len = self.pv_len[ply + 1].max(ply + 1);
        self.pv[ply][ply] = Some(mv);
        for i in ply + 1..child_len {
            self.pv[ply][i] = self.pv[ply + 1][i];
        }
        self.pv_len[ply] = child_len;
    }

    fn pv_line(&self) -> Vec<Move> {
        (0..self.pv_len[0]).filter_map(|i| self.pv[0][i]).collect()
    }

    /// The ordering score of a quiet move: its history and its continuation history after
    /// the last two moves, whose slots (`prev`, from [`Self::prev_slot`]) the caller looks
    /// up once per node rather than once per quiet move.
    #[inline]
    fn quiet_score(&self, side: Color, prev: (usize, usize), mv: Move, slot: usize) -> i32 {
        2 * self.tables.history.get(side, mv)
            + self.tables.cont[0].get(prev.0, slot)
            + self.tables.cont[1].get(prev.1, slot)
    }

    /// The continuation slot of the move played `back` plies before `ply` (none before the
    /// root or across a null move).
    #[inline]
    fn prev_slot(&self, ply: usize, back: usize) -> usize {
        if ply >= back {
            self.slots[ply - back]
        } else {
            NO_SLOT
        }
    }

    /// Rewards the quiet move that cut off at `ply` and punishes the quiet moves tried
    /// before it.
    fn update_quiet_stats(
        &mut self,
        side: Color,
        ply: usize,
        best: (Move, usize),
        tried: &[(Move, usize)],
        depth: i32,
    ) {
        let bonus = (depth * depth * 16 + depth * 32).min(2400);
        let (p1, p2) = (self.prev_slot(ply, 1), self.prev_slot(ply, 2));
        for &(q, slot) in tried {
            let b = if q == best.0 { bonus } else { -bonus };
            self.tables.history.update(side, q, b);
            self.tables.cont[0].update(p1, slot, b);
            self.tables.cont[1].update(p2, slot, b);
        }
        if self.killers[ply][0] != Some(best.0) {
            self.killers[ply][1] = self.killers[ply][0];
            self.killers[ply][0] = Some(best.0);
        }
    }

    /// The alpha-beta search of `pos` to `depth` plies (`ply` plies from the root).
    #[allow(clippy::too_many_arguments)]
    fn alpha_beta(
        &mut self,
        pos: &Position,
        mut depth: i32,
        ply: usize,
        mut alpha: i32,
        mut beta: i32,
        pv_node: bool,
        null_ok: bool,
    ) -> i32 {
        self.pv_len[ply] = ply;
        // Step 1. Leaves go to quiescence.
        if depth <= 0 {
            return self.qsearch(pos, ply, alpha, beta, pv_node);
        }
        if self.check_stop() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        let root = ply == 0;
        let in_check = pos.in_check();
        self.killers[ply + 2] = [None; 2];

        // Step 2. Rules that end the game here: repetition, the move limit, a declaration.
        if !root {
            if let Some(s) = self.repetition_score(pos, ply) {
                return s;
            }
            let max = self.limits.max_moves_to_draw;
            if max > 0 && pos.move_number() > max {
                return if pos.has_no_legal_move() {
                    -MATE + ply as i32
                } else {
                    self.draw_score(pos)
                };
            }
            if self.rule_win(pos) {
                return MATE - ply as i32 - 1;
            }
            // Step 3. Mate distance pruning: no line from here beats a shorter mate found.
            // CITE: <https://www.chessprogramming.org/Mate_Distance_Pruning>
            alpha = alpha.max(-MATE + ply as i32);
            beta = beta.min(MATE - ply as i32 - 1);
            if alpha >= beta {
                return alpha;
            }
            if ply >= MAX_PLY - 2 {
                return evaluate_with_material(pos, self.material[ply]);
            }
        }

        // Step 4. Transposition table.
        let excluded = self.singular_excluded[ply];
        let key = pos.key();
        // A search that leaves out one move (the singular test) must not use or overwrite
        // the node's own entry.
        let hit = if excluded.is_some() {
            None
        } else {
            self.tt.probe(key)
        };
        let tt_move = hit
            .and_then(|h| h.mv)
            .filter(|&m| !root || self.root_order.contains(&m));
        if let Some(h) = hit
            && !pv_node
            && h.depth >= depth
        {
            let s = score_from_tt(h.score, ply);
            if settles(h.bound, s, alpha, beta) {
                return s;
            }
        }

        // Step 4b. A mate in one ends the search here: most shogi games end with a mating
        // drop that quiescence cannot see. A table entry without a mate score from an
        // earlier search of this node (not from quiescence, which may stand pat without
        // asking) means it was asked then and found none.
        if !root
            && !in_check
            && excluded.is_none()
            && hit.is_none_or(|h| h.depth < 1 || h.score.abs() >= MATE_IN_MAX_PLY)
            && let Some(m) = mate_in_one(pos)
        {
            let s = MATE - ply as i32 - 1;
            if pv_node {
                self.pv_len[ply + 1] = ply + 1;
                self.update_pv(ply, m);
            }
            self.tt.store(
                key,
                Some(m),
                score_to_tt(s, ply),
                0,
                MAX_PLY as i32,
                TtBound::Exact,
            );
            return s;
        }

        // Step 5. Static evaluation, from the table when it has one; a table score that
        // bounds it in the right direction is a better guess still.
        let (raw_eval, static_eval) = if in_check {
            (-INFINITE, -INFINITE)
        } else {
            eval_with_table(pos, self.material[ply], hit, ply)
        };
        self.evals[ply] = raw_eval;
        // Better than two plies ago (four, if we were in check then).
        let improving = !in_check
            && ply >= 2
            && (if self.evals[ply - 2] != -INFINITE {
                raw_eval > self.evals[ply - 2]
            } else {
                ply < 4 || raw_eval > self.evals[ply - 4]
            });

        if !pv_node && !in_check && !root && beta.abs() < MATE_IN_MAX_PLY {
            let p = self.params;
            // Step 6. Razoring: hopelessly below alpha, only captures can save us.
            if depth <= p.razor_max_depth
                && static_eval + p.razor_base + p.razor_per_depth2 * depth * depth < alpha
            {
                let s = self.qsearch(pos, ply, alpha - 1, alpha, false);
                if s < alpha {
                    return s;
                }
            }
            // Step 7. Reverse futility pruning: far above beta at low depth, stop here.
            // CITE: <https://www.chessprogramming.org/Reverse_Futility_Pruning>
            if depth <= p.rfp_max_depth
                && static_eval - p.rfp_margin * (depth - i32::from(improving)) >= beta
                && static_eval < MATE_IN_MAX_PLY
            {
                return static_eval;
            }
            // Step 8. Null move pruning: even passing keeps us above beta.
            // CITE: <https://www.chessprogramming.org/Null_Move_Pruning>
            if null_ok && excluded.is_none() && depth >= p.null_min_depth && static_eval >= beta {
                let r = p.null_base_r
                    + depth / p.null_depth_div
                    + ((static_eval - beta) / p.null_eval_div).min(3);
                let mut child = pos.clone();
                child.play_null();
                self.material[ply + 1] = self.material[ply];
                self.tt.prefetch(child.key());
                self.push_path(&child, ply, true);
                self.slots[ply] = NO_SLOT;
                let s = -self.alpha_beta(
                    &child,
                    depth - 1 - r,
                    ply + 1,
                    -beta,
                    -beta + 1,
                    false,
                    false,
                );
                self.path.pop();
                if self.stopped {
                    return 0;
                }
                if s >= beta {
                    return if s >= MATE_IN_MAX_PLY { beta } else { s };
                }
            }
        }

        // Step 9. Internal iterative reduction: a node without a hash move is probably new
        // to us and not worth the full depth yet.
        if tt_move.is_none() && depth >= self.params.iir_min_depth && !root && excluded.is_none() {
            depth -= 1;
        }

        // Step 10. Moves. No legal move loses, in check or not (found when the picker runs
        // dry without a move).
        let us = pos.side_to_move();
        let killers = self.killers[ply];
        let root_list;
        let mut picker = if root {
            root_list = self.root_order.clone();
            None
        } else {
            root_list = Vec::new();
            Some(Picker::new(pos, tt_move, killers))
        };
        let checks = CheckInfo::new(pos);
        // Worked out when the quiet moves are first reached.
        let threats: OnceCell<Threats> = OnceCell::new();
        let tt_tactical = tt_move.is_some_and(|m| is_tactical(pos, m));
        let mut root_index = 0;
        let old_alpha = alpha;
        let mut best_score = -INFINITE;
        let mut best_move = None;
        let mut searched = 0usize;
        let mut quiets: ArrayVec<(Move, usize), 64> = ArrayVec::new();
        let mut quiets_seen = 0usize;
        let prev_slots = (self.prev_slot(ply, 1), self.prev_slot(ply, 2));

        loop {
            let (mv, order) = match picker.as_mut() {
                Some(p) => match p.next(pos, || {
                    let threats = threats.get_or_init(|| Threats::new(pos));
                    let t = &self.tables;
                    let scorer = QuietScorer::new(&t.history, &t.cont, us, prev_slots);
                    move |m, kind| {
                        scorer.score(m, cont_slot_of(kind, m))
                            + threats.adjustment(kind, m, THREAT_UNIT)
                    }
                }) {
                    Some(x) => x,
                    None => break,
                },
                None => {
                    let Some(m) = root_list.get(root_index).copied() else {
                        break;
                    };
                    root_index += 1;
                    (m, 0)
                }
            };
            if (root && self.excluded.contains(&mv)) || Some(mv) == excluded {
                continue;
            }
            let tactical = is_tactical(pos, mv);
            let gives_check = checks.gives_check(pos, mv);
            let quiet = !tactical;
            if quiet {
                quiets_seen += 1;
            }
            let lmr_ok =
                depth >= self.params.lmr_min_depth && searched >= self.params.lmr_min_moves;
            let mut r = if lmr_ok {
                self.lmr[(depth as usize).min(63)][searched.min(63)]
            } else {
                0
            };

            // Step 11. Pruning at shallow depth, once a move has been searched and we are
            // not being mated: late quiet moves, quiet moves that cannot reach alpha, and
            // moves that lose material by exchange.
            if !root && best_score > -MATE_IN_MAX_PLY {
                let p = self.params;
                if quiet && !kept_when_late(pos, mv, gives_check, in_check, &threats) {
                    let lmp =
                        (p.lmp_base + (depth * depth) as usize) / (2 - usize::from(improving));
                    if depth <= p.lmp_max_depth && quiets_seen > lmp {
                        // From here on every quiet move that neither checks nor escapes a
                        // threat is skipped (the move count and the best score only grow):
                        // the picker need not sort or hand out any more of them.
                        if let Some(pk) = picker.as_mut() {
                            let (checks, threats) = (&checks, &threats);
                            pk.drop_quiets(|| {
                                // Most of the list is drops, which neither capture, promote
                                // nor escape: whether they check is looked up by kind.
                                let drop_checks = checks.drop_checks(pos);
                                move |m: Move| match m.drop_kind() {
                                    Some(k) => drop_checks[k.index()].contains(m.to()),
                                    None => {
                                        is_tactical(pos, m)
                                            || kept_when_late(
                                                pos,
                                                m,
                                                checks.gives_check(pos, m),
                                                in_check,
                                                threats,
                                            )
                                    }
                                }
                            });
                        }
                        continue;
                    }
                    let lmr_depth = (depth - 1 - r).max(0);
                    if !in_check
                        && lmr_depth <= p.futility_max_depth
                        && static_eval + p.futility_base + p.futility_per_depth * lmr_depth <= alpha
                    {
                        continue;
                    }
                    if lmr_depth <= p.futility_max_depth
                        && !see_ge(pos, mv, -p.see_quiet_margin * lmr_depth * lmr_depth)
                    {
                        continue;
                    }
                } else if depth <= p.futility_max_depth
                    && !see_ge_ordered(pos, mv, order, -p.see_tactical_margin * depth)
                {
                    continue;
                }
            }

            // Step 12. Check extension, only on the principal variation and for checks that
            // do not lose material: with pieces in hand almost every drop can check, and
            // extending them all makes the tree explode.
            let mut ext = i32::from(
                gives_check
                    && (ply as i32) < 2 * self.root_depth
                    && (pv_node || (tactical && see_ge_ordered(pos, mv, order, 0))),
            );
            // Step 12b. Singular extension: when the hash move is much better than every
            // other move (a search without it fails low), it is extended; when even the
            // others beat beta, the node is cut (multi-cut).
            // CITE: <https://www.chessprogramming.org/Singular_Extensions>
            if !root
                && Some(mv) == tt_move
                && excluded.is_none()
                && depth >= self.params.singular_min_depth
                && (ply as i32) < 2 * self.root_depth
                && let Some(h) = hit
                && h.depth >= depth - 3
                && h.bound != TtBound::Upper
                && h.score.abs() < MATE_IN_MAX_PLY
            {
                let tt_score = score_from_tt(h.score, ply);
                let singular_beta = tt_score - 2 * depth;
                self.singular_excluded[ply] = Some(mv);
                let s = self.alpha_beta(
                    pos,
                    (depth - 1) / 2,
                    ply,
                    singular_beta - 1,
                    singular_beta,
                    false,
                    false,
                );
                self.singular_excluded[ply] = None;
                if self.stopped {
                    return 0;
                }
                if s < singular_beta {
                    ext = 1;
                } else if singular_beta >= beta {
                    return singular_beta;
                } else if tt_score >= beta {
                    ext = -1;
                }
            }
            let new_depth = depth - 1 + ext;
            // Most moves are pruned above: their slot and history are not worth looking up.
            let slot = cont_slot(pos, mv);
            let mut child = pos.clone();
            self.material[ply + 1] = self.material[ply].after(pos, mv);
            child.play_unchecked(mv);
            self.tt.prefetch(child.key());
            self.push_path(&child, ply, false);
            self.slots[ply] = slot;

            // Step 13. PVS with late move reductions.
            // CITE: <https://www.chessprogramming.org/Late_Move_Reductions>
            let mut score;
            if searched == 0 {
                score = -self.alpha_beta(&child, new_depth, ply + 1, -beta, -alpha, pv_node, true);
            } else {
                let reducible = quiet || order <= BAD_CAPTURE / 2;
                if lmr_ok && reducible {
                    if !improving {
                        r += 1;
                    }
                    if pv_node {
                        r -= 1;
                    }
                    if tt_tactical {
                        r += 1;
                    }
                    if gives_check || in_check {
                        r -= 1;
                    }
                    if killers.contains(&Some(mv)) {
                        r -= 1;
                    }
                    if quiet {
                        // Looked up only here, for the few moves reduced. The tables are as
                        // they were when the move was handed out: only the singular search
                        // changes them meanwhile, and that is for the hash move, which comes
                        // first and is never reduced.
                        r -= self.quiet_score(us, prev_slots, mv, slot)
                            / self.params.lmr_history_div;
                    }
                    r = r.clamp(0, (new_depth - 1).max(0));
                } else {
                    r = 0;
                }
                score = -self.alpha_beta(
                    &child,
                    new_depth - r,
                    ply + 1,
                    -alpha - 1,
                    -alpha,
                    false,
                    true,
                );
                if score > alpha && r > 0 {
                    score = -self.alpha_beta(
                        &child,
                        new_depth,
                        ply + 1,
                        -alpha - 1,
                        -alpha,
                        false,
                        true,
                    );
                }
                if pv_node && score > alpha && score < beta {
                    score = -self.alpha_beta(&child, new_depth, ply + 1, -beta, -alpha, true, true);
                }
            }
            self.path.pop();
            if self.stopped {
                return 0;
            }
            searched += 1;
            if quiet && !quiets.is_full() {
                quiets.push((mv, slot));
            }

            // Step 14. Keep the best move; cut off at beta.
            if score > best_score {
                best_score = score;
                if score > alpha {
                    best_move = Some(mv);
                    if pv_node {
                        self.update_pv(ply, mv);
                    }
                    if root {
                        self.root_best = Some((mv, score, self.pv_line()));
                    }
                    if score >= beta {
                        if quiet {
                            self.update_quiet_stats(us, ply, (mv, slot), &quiets, depth);
                        }
                        break;
                    }
                    alpha = score;
                }
            }
        }

        if picker.as_ref().is_some_and(Picker::no_legal_move) {
            return -MATE + ply as i32;
        }
        if searched == 0 {
            // Every move was pruned (never at the root, where nothing is pruned) or, at the
            // root, every move is excluded (MultiPV past the last move).
            return if root {
                alpha
            } else {
                static_eval.max(alpha).min(beta)
            };
        }

        // Step 15. Remember the result.
        if (!root || self.excluded.is_empty()) && excluded.is_none() {
            let bound = if best_score >= beta {
                TtBound::Lower
            } else if best_score > old_alpha {
                TtBound::Exact
            } else {
                TtBound::Upper
            };
            self.tt.store(
                key,
                best_move,
                score_to_tt(best_score, ply),
                raw_eval,
                depth,
                bound,
            );
        }
        best_score
    }

    /// Quiescence: captures that do not lose material (every evasion when in check), with
    /// stand-pat, and the transposition table.
    /// CITE: <https://www.chessprogramming.org/Quiescence_Search>
    fn qsearch(
        &mut self,
        pos: &Position,
        ply: usize,
        mut alpha: i32,
        beta: i32,
        pv_node: bool,
    ) -> i32 {
        self.pv_len[ply] = ply;
        if self.check_stop() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        if ply >= MAX_PLY - 2 {
            return evaluate_with_material(pos, self.material[ply]);
        }
        let key = pos.key();
        let hit = self.tt.probe(key);
        if let Some(h) = hit
            && !pv_node
        {
            let s = score_from_tt(h.score, ply);
            if settles(h.bound, s, alpha, beta) {
                return s;
            }
        }
        let old_alpha = alpha;
        if pos.in_check() {
            let us = pos.side_to_move();
            let mut picker = Picker::new(pos, hit.and_then(|h| h.mv), [None; 2]);
            let mut best = -INFINITE;
            let mut best_move = None;
            let mut quiet_evasions = 0;
            while let Some((mv, _)) = picker.next(pos, || |m, _| self.tables.history.get(us, m)) {
                // Once one evasion holds off mate, further quiet ones (mostly drops in the
                // way) and evasions that lose material are left to the full search.
                let quiet = !is_tactical(pos, mv);
                if best > -MATE_IN_MAX_PLY
                    && ((quiet && quiet_evasions >= 1) || !see_ge(pos, mv, 0))
                {
                    continue;
                }
                quiet_evasions += usize::from(quiet);
                let mut child = pos.clone();
                self.material[ply + 1] = self.material[ply].after(pos, mv);
                child.play_unchecked(mv);
                self.tt.prefetch(child.key());
                let Some(s) = self.qsearch_child(&child, ply, &mut best, &mut alpha, beta, pv_node)
                else {
                    return 0;
                };
                if s >= best {
                    best_move = Some(mv);
                }
                if s >= beta {
                    break;
                }
            }
            if picker.no_legal_move() {
                return -MATE + ply as i32;
            }
            self.store_qsearch(key, ply, best, -INFINITE, best_move, old_alpha, beta);
            return best;
        }
        let (raw, stand) = eval_with_table(pos, self.material[ply], hit, ply);
        if stand >= beta {
            if hit.is_none() {
                self.tt
                    .store(key, None, score_to_tt(stand, ply), raw, 0, TtBound::Lower);
            }
            return stand;
        }
        // A mate in one beats any stand-pat (asked only now: above beta, either cuts).
        if let Some(m) = mate_in_one(pos) {
            let s = MATE - ply as i32 - 1;
            self.tt.store(
                key,
                Some(m),
                score_to_tt(s, ply),
                raw,
                MAX_PLY as i32,
                TtBound::Exact,
            );
            return s;
        }
        alpha = alpha.max(stand);
        let mut caps = CaptureList::new();
        captures(pos, &mut caps);
        pawn_promotions(pos, &mut caps);
        // Filled and read in place: collecting into the list or iterating it by value copies
        // all of its room (two kilobytes) for a handful of moves.
        let mut scored: ArrayVec<(Move, i32), 256> = ArrayVec::new();
        scored.extend(caps.iter().map(|&m| {
            let attacker = pos.moved_piece(m).map_or(0, |p| piece_value(p.kind));
            (m, capture_gain(pos, m) * 16 - attacker / 16)
        }));
        scored.sort_unstable_by_key(|&(_, s)| -s);
        let us = pos.side_to_move();
        let mut best = stand;
        let mut best_move = None;
        for &(mv, _) in &scored {
            // Delta pruning: even winning this piece cannot lift us to alpha.
            if stand + capture_gain(pos, mv) + self.params.delta_margin <= alpha {
                continue;
            }
            // Captures that lose material by exchange are left out.
            if !see_ge(pos, mv, 0) {
                continue;
            }
            let mut child = pos.clone();
            self.material[ply + 1] = self.material[ply].after(pos, mv);
            child.play_unchecked(mv);
            self.tt.prefetch(child.key());
            if let Some(k) = child.king_square(us)
                && child.is_attacked_by(!us, k, child.occupied())
            {
                continue;
            }
            let before = best;
            let Some(s) = self.qsearch_child(&child, ply, &mut best, &mut alpha, beta, pv_node)
            else {
                return 0;
            };
            if best > before {
                best_move = Some(mv);
            }
            if s >= beta {
                break;
            }
        }
        self.store_qsearch(key, ply, best, raw, best_move, old_alpha, beta);
        best
    }

    /// Stores a quiescence result (depth 0) in the transposition table.
    #[allow(clippy::too_many_arguments)]
    fn store_qsearch(
        &self,
        key: u64,
        ply: usize,
        best: i32,
        eval: i32,
        best_move: Option<Move>,
        old_alpha: i32,
        beta: i32,
    ) {
        let bound = if best >= beta {
            TtBound::Lower
        } else if best > old_alpha {
            TtBound::Exact
        } else {
            TtBound::Upper
        };
        let eval = if eval == -INFINITE { 0 } else { eval };
        self.tt
            .store(key, best_move, score_to_tt(best, ply), eval, 0, bound);
    }

    /// Searches `child` (reached from the quiescence node at `ply`) and folds its score into
    /// the node's `best` and `alpha`; `None` when the search was stopped meanwhile.
    fn qsearch_child(
        &mut self,
        child: &Position,
        ply: usize,
        best: &mut i32,
        alpha: &mut i32,
        beta: i32,
        pv_node: bool,
    ) -> Option<i32> {
        let s = -self.qsearch(child, ply + 1, -beta, -*alpha, pv_node);
        if self.stopped {
            return None;
        }
        if s > *best {
            *best = s;
            *alpha = (*alpha).max(s);
        }
        Some(s)
    }

    /// The move ordering of the root before the first iteration.
    fn order_root(&mut self, pos: &Position) {
        let tt_move = self.tt.probe(pos.key()).and_then(|h| h.mv);
        let us = pos.side_to_move();
        let mut picker = Picker::new(pos, tt_move, [None; 2]);
        self.root_order.clear();
        while let Some((m, _)) = picker.next(pos, || |m, _| self.tables.history.get(us, m)) {
            self.root_order.push(m);
        }
        let wanted = &self.limits.searchmoves;
        if self.root_order.iter().any(|m| wanted.contains(m)) {
            self.root_order.retain(|m| wanted.contains(m));
        }
    }

    fn make_info(
        &self,
        depth: i32,
        multipv: usize,
        score: i32,
        bound: Bound,
        pv: Vec<Move>,
    ) -> IterationInfo {
        IterationInfo {
            depth: depth.max(0) as u32,
            seldepth: self.seldepth.max(depth.max(0) as usize) as u32,
            multipv,
            score: Score::from_internal(score),
            bound,
            nodes: self.total(),
            time: self.signals.elapsed(),
            hashfull: self.tt.hashfull(),
            pv,
        }
    }

    fn total(&self) -> u64 {
        self.counters[self.id].store(self.nodes, Ordering::Relaxed);
        total_nodes(self.counters)
    }

    /// A reply to `best` to ponder on: the PV's second move, else the hash move after it.
    fn ponder_move(&self, pos: &Position, best: Move, pv: &[Move]) -> Option<Move> {
        let mut after = pos.clone();
        after.play_unchecked(best);
        let candidate = pv
            .get(1)
            .copied()
            .or_else(|| self.tt.probe(after.key()).and_then(|h| h.mv));
        candidate.filter(|&m| after.is_legal(m).is_ok())
    }

    /// Step 0. Iterative deepening with aspiration windows and MultiPV.
    pub(crate) fn iterate(
        &mut self,
        pos: &Position,
        observer: &mut dyn SearchObserver,
    ) -> SearchResult {
        self.order_root(pos);
        let max_depth = self.limits.depth.map_or(MAX_PLY as i32 - 4, |d| {
            d.clamp(1, MAX_PLY as u32 - 4) as i32
        });
        let multipv = self.limits.multipv.clamp(1, self.root_order.len().max(1));
        let mut best_move = self.root_order.first().copied();
        let mut best_pv: Vec<Move> = best_move.into_iter().collect();
        let mut best_score = evaluate_with_material(pos, self.material[0]);
        let mut best_depth = 0;
        let mut prev_scores: Vec<i32> = Vec::new();

        for iteration in 1..=max_depth {
            // Helpers search a little deeper half the time, which spreads the threads over
            // different trees.
            let depth = if self.is_main() {
                iteration
            } else {
                (iteration + (self.id % 2) as i32).min(max_depth)
            };
            self.root_depth = depth;
            self.excluded.clear();
            let mut lines: Vec<(Move, i32, Vec<Move>)> = Vec::new();
            for pv_idx in 0..multipv {
                let prev = prev_scores.get(pv_idx).copied();
                let mut delta = self.params.aspiration_delta;
                let (mut alpha, mut beta) = match prev {
                    Some(p)
                        if depth >= self.params.aspiration_min_depth
                            && p.abs() < MATE_IN_MAX_PLY =>
                    {
                        ((p - delta).max(-INFINITE), (p + delta).min(INFINITE))
                    }
                    _ => (-INFINITE, INFINITE),
                };
                let mut result = None;
                loop {
                    self.root_best = None;
                    self.seldepth = 0;
                    let s = self.alpha_beta(pos, depth, 0, alpha, beta, true, false);
                    if self.stopped {
                        break;
                    }
                    if s <= alpha {
                        if self.is_main() && self.signals.elapsed().as_millis() > 1000 {
                            let pv = vec![best_move.unwrap_or(self.root_order[0])];
                            observer.iteration(&self.make_info(
                                depth,
                                pv_idx + 1,
                                s,
                                Bound::Upper,
                                pv,
                            ));
                        }
                        beta = (alpha + beta) / 2;
                        alpha = (s - delta).max(-INFINITE);
                    } else if s >= beta {
                        if self.is_main()
                            && self.signals.elapsed().as_millis() > 1000
                            && let Some((m, _, pv)) = &self.root_best
                        {
                            let pv = if pv.is_empty() { vec![*m] } else { pv.clone() };
                            observer.iteration(&self.make_info(
                                depth,
                                pv_idx + 1,
                                s,
                                Bound::Lower,
                                pv,
                            ));
                        }
                        beta = (s + delta).min(INFINITE);
                    } else {
                        result = self.root_best.take();
                        break;
                    }
                    delta += delta;
                }
                match result {
                    Some((m, s, pv)) => {
                        self.excluded.push(m);
                        // Keep the root order: this iteration's choices first.
                        if let Some(i) = self.root_order.iter().position(|&x| x == m) {
                            let mv = self.root_order.remove(i);
                            self.root_order
                                .insert(pv_idx.min(self.root_order.len()), mv);
                        }
                        lines.push((m, s, if pv.is_empty() { vec![m] } else { pv }));
                    }
                    None => {
                        // Stopped. A better first move found by the unfinished iteration
                        // is still worth playing (its score is exact or a lower bound).
                        if pv_idx == 0
                            && let Some((m, s, pv)) = self.root_best.take()
                            && Some(m) != best_move
                            && s > best_score
                        {
                            best_move = Some(m);
                            best_score = s;
                            best_pv = if pv.is_empty() { vec![m] } else { pv };
                        }
                        break;
                    }
                }
            }
            if self.stopped || lines.len() < multipv {
                break;
            }
            // The iteration is complete.
            prev_scores = lines.iter().map(|l| l.1).collect();
            best_move = Some(lines[0].0);
            best_score = lines[0].1;
            best_pv = lines[0].2.clone();
            best_depth = depth;
            if self.is_main() {
                for (i, (_, s, pv)) in lines.iter().enumerate() {
                    observer.iteration(&self.make_info(depth, i + 1, *s, Bound::Exact, pv.clone()));
                }
                // Time management between iterations.
                let mate_plies = MATE - best_score.abs();
                if best_score.abs() >= MATE_IN_MAX_PLY && depth > mate_plies + 2 {
                    break;
                }
                if self.signals.soft_passed() {
                    break;
                }
                if self.root_order.len() == 1 && self.signals.has_time_limit() && depth >= 4 {
                    break;
                }
            } else if self.helpers_done.load(Ordering::Relaxed) || self.signals.is_stopped() {
                break;
            }
        }

        let Some(best) = best_move else {
            return SearchResult {
                outcome: SearchOutcome::Resign,
                info: None,
                nodes: self.total(),
            };
        };
        let ponder = self.ponder_move(pos, best, &best_pv);
        let mut pv = best_pv;
        if pv.first() != Some(&best) {
            pv = vec![best];
        }
        if pv.len() < 2
            && let Some(p) = ponder
        {
            pv.push(p);
        }
        let info = self.make_info(best_depth, 1, best_score, Bound::Exact, pv);
        SearchResult {
            outcome: SearchOutcome::Move { best, ponder },
            nodes: info.nodes,
            info: Some(info),
        }
    }
}
