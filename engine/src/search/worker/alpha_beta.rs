//! The alpha-beta search of one node: the rules that end the game, the table, the pruning
//! before any move is tried, and the move loop with its reductions and extensions.

use super::move_loop::kept_when_late;
use super::{
    LeafType, NO_SLOT, NodeType, NullMove, Worker, eval_with_table, score_from_tt, score_to_tt,
    settles,
};
use crate::checks::CheckInfo;
use crate::eval::piece_value;
use crate::mate::mate_in_one;
use crate::search::correction::{CorrectionKeys, pawn_hash};
use crate::search::history::{HISTORY_MAX, PawnIndex, QuietScorer, cont_slot, cont_slot_of};
use crate::search::ordering::{BAD_CAPTURE, Picker, capture_gain, is_tactical, see_ge_ordered};
use crate::search::see::see_ge;
use crate::search::stats::stat;
use crate::search::threats::Threats;
use crate::search::tt::TtBound;
use crate::search::{INFINITE, MATE, MATE_IN_MAX_PLY, MAX_PLY};
use arrayvec::ArrayVec;
use std::cell::OnceCell;
use tokin_core::{Move, PieceKind, Position};

/// Ordering bonus unit for moves that save a threatened piece (twice this) or put one
/// where a cheaper piece attacks it (minus this).
const THREAT_UNIT: i32 = 8192;

/// Ordering bonus of a quiet move that gives check and loses less than a pawn by exchange:
/// above every history score, so such checks come first among the quiet moves.
const QUIET_CHECK: i32 = 8 * HISTORY_MAX;

impl Worker<'_> {
    /// The alpha-beta search of `pos` to `depth` plies (`ply` plies from the root).
    pub(super) fn alpha_beta(
        &mut self,
        pos: &Position,
        mut depth: i32,
        ply: usize,
        mut alpha: i32,
        mut beta: i32,
        node: NodeType,
    ) -> i32 {
        self.pv_len[ply] = ply;
        // Step 1. Leaves go to quiescence.
        if depth <= 0 {
            return self.qsearch(pos, ply, alpha, beta, node.leaf());
        }
        if self.check_stop() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        stat!(self, main_nodes);
        let root = node == NodeType::Root;
        debug_assert_eq!(root, ply == 0);
        let pv_node = node.is_pv();
        let cut_node = node.is_cut();
        let in_check = pos.in_check();
        self.killers[ply + 2] = [None; 2];
        self.cutoffs[ply + 2] = 0;

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
                return self.eval.evaluate(ply, pos);
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
        if hit.is_some() {
            stat!(self, tt_hits);
        }
        // On a principal variation now, or when the node was stored (a search that leaves a
        // move out keeps the node's own mark).
        let tt_pv = if excluded.is_some() {
            self.tt_pv[ply]
        } else {
            pv_node || hit.is_some_and(|h| h.pv)
        };
        self.tt_pv[ply] = tt_pv;
        if let Some(h) = hit
            && !pv_node
            && h.depth >= depth
        {
            let s = score_from_tt(h.score, ply);
            if settles(h.bound, s, alpha, beta) {
                stat!(self, tt_cuts);
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
            stat!(self, mate1);
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
                tt_pv,
            );
            return s;
        }

        // Step 5. Static evaluation, from the table when it has one; a table score that
        // bounds it in the right direction is a better guess still.
        // In check there is no static evaluation, so nothing to correct or learn from.
        let us = pos.side_to_move();
        // The pawns' hash keys both the pawn correction and the pawn history.
        let pawn_hash = pawn_hash(pos);
        let corr_keys = (!in_check)
            .then(|| CorrectionKeys::with_pawn_hash(pos, pawn_hash, self.prev_slot(ply, 1)));
        let (raw_eval, corrected_eval, static_eval) = match corr_keys {
            None => (-INFINITE, -INFINITE, -INFINITE),
            Some(keys) => {
                let c = self.tables.correction.value(us, keys);
                eval_with_table(&mut self.eval, pos, hit, ply, c)
            }
        };
        self.evals[ply] = corrected_eval;
        // Better than two plies ago (four, if we were in check then).
        let improving = !in_check
            && ply >= 2
            && (if self.evals[ply - 2] != -INFINITE {
                corrected_eval > self.evals[ply - 2]
            } else {
                ply < 4 || corrected_eval > self.evals[ply - 4]
            });

        // Step 5b. Hindsight, from the two sides' static evaluations summed (high when the
        // parent's move left both sides content): a node the parent reduced by much is searched a ply
        // deeper when the sum is low (the opponent's position did not get worse by the
        // parent's move), and one it reduced a little a ply shallower when it is high (the
        // parent's move was likely a quiet slip that the reduction rightly judged).
        let prior_reduction = self.prior_reduction[ply];
        if !in_check && ply >= 1 && self.evals[ply - 1] != -INFINITE {
            let sum = corrected_eval + self.evals[ply - 1];
            if prior_reduction >= 3 && sum <= self.params.hindsight_deeper_sum {
                depth += 1;
            }
            if prior_reduction >= 2 && depth >= 2 && sum > self.params.hindsight_eval_sum {
                depth -= 1;
            }
        }

        if !pv_node && !in_check && !root && beta.abs() < MATE_IN_MAX_PLY {
            let p = self.params;
            // Step 6. Razoring: hopelessly below alpha, only captures can save us.
            if depth <= p.razor_max_depth
                && static_eval + p.razor_base + p.razor_per_depth2 * depth * depth < alpha
            {
                let s = self.qsearch(pos, ply, alpha - 1, alpha, LeafType::NonPv);
                if s < alpha {
                    stat!(self, razor);
                    return s;
                }
            }
            // Step 7. Reverse futility pruning: far above beta at low depth, stop here.
            // CITE: <https://www.chessprogramming.org/Reverse_Futility_Pruning>
            if depth <= p.rfp_max_depth
                && static_eval
                    - p.rfp_margin * (depth - i32::from(improving))
                    - if depth % 2 == 1 { p.rfp_odd_margin } else { 0 }
                    >= beta
                && static_eval < MATE_IN_MAX_PLY
            {
                stat!(self, rfp);
                return static_eval;
            }
            // Step 8. Null move pruning: even passing keeps us above beta.
            // CITE: <https://www.chessprogramming.org/Null_Move_Pruning>
            if matches!(
                node,
                NodeType::NonPv {
                    null: NullMove::Allowed,
                    ..
                }
            ) && (cut_node || p.null_cut_only == 0)
                && excluded.is_none()
                && depth >= p.null_min_depth
                && static_eval
                    >= beta + (p.null_margin_base - p.null_margin_per_depth * depth).max(0)
            {
                let r = p.null_base_r
                    + depth / p.null_depth_div
                    + ((static_eval - beta) / p.null_eval_div).min(3);
                stat!(self, null_tries);
                let mut child = pos.clone();
                child.play_null();
                self.eval.push_null(ply);
                self.tt.prefetch(child.key());
                self.push_path(&child, ply, true);
                self.slots[ply] = NO_SLOT;
                self.quiet_line[ply] = None;
                self.follow_pv[ply + 1] = false;
                let s = -self.alpha_beta(
                    &child,
                    depth - 1 - r,
                    ply + 1,
                    -beta,
                    -beta + 1,
                    NodeType::NonPv {
                        null: NullMove::Forbidden,
                        cut: !cut_node,
                    },
                );
                self.path.pop();
                if self.stopped {
                    return 0;
                }
                if s >= beta {
                    stat!(self, null_cuts);
                    return if s >= MATE_IN_MAX_PLY { beta } else { s };
                }
            }
        }

        // Step 9. Internal iterative reduction: a node without a hash move is probably new
        // to us and not worth the full depth yet (an expected fail-low node, whose moves
        // are all searched anyway, keeps it).
        let follow_pv = self.params.follow_pv != 0 && self.follow_pv[ply];
        if tt_move.is_none()
            && !follow_pv
            && (pv_node || cut_node)
            && depth >= self.params.iir_min_depth
            && !root
            && excluded.is_none()
        {
            depth -= 1;
        }

        // Step 10. Moves. No legal move loses, in check or not (found when the picker runs
        // dry without a move).
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
        let mut captures: ArrayVec<(Move, PieceKind, PieceKind), 32> = ArrayVec::new();
        let pawns = PawnIndex::from_hash(pawn_hash);
        let mut quiets_seen = 0usize;
        let prev_slots = (self.prev_slot(ply, 1), self.prev_slot(ply, 2));
        // The first move searched stays on the principal variation when the node is on it.
        // A zero-window child searched to full depth: the opposite of this node.
        let full_child = NodeType::NonPv {
            null: NullMove::Allowed,
            cut: !cut_node,
        };
        let first_child = if pv_node { NodeType::Pv } else { full_child };

        loop {
            let (mv, order) = match picker.as_mut() {
                Some(p) => match p.next(pos, &self.tables.captures, || {
                    let threats = threats.get_or_init(|| Threats::new(pos));
                    let scorer = QuietScorer::new(&self.tables, us, pawns, prev_slots);
                    let checks = &checks;
                    // Most quiet moves are drops: whether they check is looked up by kind.
                    let drop_checks = checks.drop_checks(pos);
                    let pawn = piece_value(PieceKind::Pawn);
                    move |m: Move, kind| {
                        let check = match m.drop_kind() {
                            Some(k) => drop_checks[k.index()].contains(m.to()),
                            None => checks.gives_check(pos, m),
                        } && see_ge(pos, m, 1 - pawn);
                        // King moves after the others of the same score: the generator
                        // hands them out first.
                        scorer.score(m, cont_slot_of(kind, m))
                            + threats.adjustment(kind, m, THREAT_UNIT)
                            + threats.attack_bonus(pos, kind, m, THREAT_UNIT)
                            + if check { QUIET_CHECK } else { 0 }
                            - i32::from(kind == PieceKind::King)
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
                self.params.reduction(depth as usize, searched)
            } else {
                0
            };

            // Step 11. Pruning at shallow depth, once a move has been searched and we are
            // not being mated: late quiet moves, quiet moves that cannot reach alpha, and
            // moves that lose material by exchange.
            if !root && best_score > -MATE_IN_MAX_PLY {
                let p = self.params;
                // The depth the move would be searched to after its late move reduction.
                let reduced = depth - 1 - r;
                let lmr_depth = reduced.max(0);
                // Checks escape late move pruning unless `lmp_checks` says otherwise; they
                // always escape the quiet moves' futility and exchange pruning below.
                let spared_checks = p.lmp_checks == 0;
                let spared = quiet && kept_when_late(pos, mv, gives_check, in_check, &threats);
                let lmp_spared = if gives_check && !spared_checks {
                    kept_when_late(pos, mv, false, in_check, &threats)
                } else {
                    spared
                };
                if quiet
                    && !lmp_spared
                    && depth <= p.lmp_max_depth
                    && quiets_seen
                        > (p.lmp_base + (depth * depth) as usize) / (2 - usize::from(improving))
                {
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
                                Some(k) => spared_checks && drop_checks[k.index()].contains(m.to()),
                                None => {
                                    is_tactical(pos, m)
                                        || kept_when_late(
                                            pos,
                                            m,
                                            spared_checks && checks.gives_check(pos, m),
                                            in_check,
                                            threats,
                                        )
                                }
                            }
                        });
                    }
                    stat!(self, lmp);
                    continue;
                }
                if quiet && !spared {
                    // On the last iteration's line quiet moves are not pruned here.
                    let guarded = pv_node && follow_pv;
                    // The reduced depth, moved by the move's histories when asked (it may
                    // fall below zero for futility: a move that keeps failing is pruned
                    // with a smaller margin).
                    let fut_depth = match p.futility_history_div {
                        0 => lmr_depth,
                        div => {
                            let slot = cont_slot(pos, mv);
                            reduced + self.quiet_score(us, pawns, prev_slots, mv, slot) / div
                        }
                    };
                    if !guarded
                        && !in_check
                        && fut_depth <= p.futility_max_depth
                        && static_eval + p.futility_base + p.futility_per_depth * fut_depth <= alpha
                    {
                        stat!(self, futility);
                        continue;
                    }
                    let see_depth = fut_depth.max(0);
                    if !guarded
                        && see_depth <= p.futility_max_depth
                        && !see_ge(pos, mv, -p.see_quiet_margin * see_depth * see_depth)
                    {
                        stat!(self, see_quiet);
                        continue;
                    }
                } else {
                    // Futility of captures: even the piece won and a margin for what the
                    // exchange leaves cannot lift a quiet position to alpha.
                    if !in_check
                        && !gives_check
                        && lmr_depth <= p.capture_futility_max_depth
                        && static_eval
                            + p.capture_futility_base
                            + p.capture_futility_per_depth * lmr_depth
                            + capture_gain(pos, mv)
                            <= alpha
                    {
                        stat!(self, capture_futility);
                        continue;
                    }
                    if depth <= p.futility_max_depth
                        && !see_ge_ordered(pos, mv, order, -p.see_tactical_margin * depth)
                    {
                        stat!(self, see_tactical);
                        continue;
                    }
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
            if ext > 0 {
                stat!(self, ext_check);
            }
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
                stat!(self, singular_tests);
                let tt_score = score_from_tt(h.score, ply);
                let singular_beta = tt_score - self.params.singular_margin * depth;
                self.singular_excluded[ply] = Some(mv);
                let s = self.alpha_beta(
                    pos,
                    (depth - 1) / 2,
                    ply,
                    singular_beta - 1,
                    singular_beta,
                    NodeType::NonPv {
                        null: NullMove::Forbidden,
                        cut: cut_node,
                    },
                );
                self.singular_excluded[ply] = None;
                if self.stopped {
                    return 0;
                }
                if s < singular_beta {
                    ext = 1;
                    stat!(self, ext_singular);
                } else if singular_beta >= beta {
                    stat!(self, multicut);
                    return singular_beta;
                } else if tt_score >= beta {
                    ext = -1;
                    stat!(self, ext_negative);
                }
            }
            stat!(self, moves);
            let new_depth = depth - 1 + ext;
            // Most moves are pruned above: their slot and history are not worth looking up.
            let slot = cont_slot(pos, mv);
            let mut child = pos.clone();
            self.eval.push(ply, pos, mv);
            child.play_unchecked(mv);
            self.tt.prefetch(child.key());
            self.push_path(&child, ply, false);
            self.slots[ply] = slot;
            self.quiet_line[ply] = quiet.then_some(mv);
            self.follow_pv[ply + 1] = follow_pv && self.last_pv.get(ply) == Some(&mv);

            // Step 13. PVS with late move reductions.
            // CITE: <https://www.chessprogramming.org/Late_Move_Reductions>
            let mut score;
            // A principal variation's hash move that the table searched deeper is searched
            // past the horizon rather than left to quiescence.
            let pv_depth = if pv_node && Some(mv) == tt_move && hit.is_some_and(|h| h.depth > 1) {
                new_depth.max(1)
            } else {
                new_depth
            };
            let nodes_before = self.nodes;
            if searched == 0 {
                score = -self.alpha_beta(&child, pv_depth, ply + 1, -beta, -alpha, first_child);
            } else {
                let reducible =
                    quiet || order <= BAD_CAPTURE / 2 || self.params.lmr_good_captures != 0;
                if lmr_ok && reducible {
                    if !improving {
                        r += 1;
                    }
                    // Less reduction on a node that is or was on a principal variation, and at a
                    // cut node whose table entry from such a node is already as deep.
                    if tt_pv {
                        r -= self.params.lmr_tt_pv;
                    }
                    if pv_node {
                        r -= self.params.lmr_pv_node;
                    }
                    if cut_node {
                        r += self.params.lmr_cut_node
                            - i32::from(tt_pv && hit.is_some_and(|h| h.depth >= depth));
                        if tt_move.is_none() {
                            r += self.params.lmr_cut_no_tt_move;
                        }
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
                    let c = self.params.lmr_child_cutoffs;
                    if c > 0 && self.cutoffs[ply + 1] > c as u32 {
                        r += 1;
                    }
                    if quiet {
                        // Looked up only here, for the few moves reduced. The tables are as
                        // they were when the move was handed out: only the singular search
                        // changes them meanwhile, and that is for the hash move, which comes
                        // first and is never reduced.
                        r -= self.quiet_score(us, pawns, prev_slots, mv, slot)
                            / self.params.lmr_history_div;
                    }
                    // A move whose statistics outweigh its lateness may be searched deeper
                    // than the others (`lmr_max_extension`).
                    r = r.clamp(-self.params.lmr_max_extension, (new_depth - 1).max(0));
                    if r > 0 {
                        stat!(self, reduced);
                        stat!(self, reduced_plies, r);
                    }
                } else {
                    r = 0;
                }
                // A reduced search expects to fail high (the move to fail low).
                let reduced_child = if r > 0 {
                    NodeType::NonPv {
                        null: NullMove::Allowed,
                        cut: true,
                    }
                } else {
                    full_child
                };
                self.prior_reduction[ply + 1] = r;
                score = -self.alpha_beta(
                    &child,
                    new_depth - r,
                    ply + 1,
                    -alpha - 1,
                    -alpha,
                    reduced_child,
                );
                self.prior_reduction[ply + 1] = 0;
                if score > alpha && r > 0 {
                    // The reduced search's margin over the best score says how far to look:
                    // a ply deeper when it is large, a ply shallower when it is slight.
                    let p = self.params;
                    let full = new_depth + i32::from(score > best_score + p.deeper_margin)
                        - i32::from(score < best_score + p.shallower_margin);
                    if full > new_depth - r {
                        stat!(self, re_searched);
                        score =
                            -self.alpha_beta(&child, full, ply + 1, -alpha - 1, -alpha, full_child);
                    }
                }
                if pv_node && score > alpha && score < beta {
                    score =
                        -self.alpha_beta(&child, pv_depth, ply + 1, -beta, -alpha, NodeType::Pv);
                }
            }
            self.path.pop();
            if root {
                self.add_root_nodes(mv, self.nodes - nodes_before);
            }
            if self.stopped {
                return 0;
            }
            searched += 1;
            if quiet && !quiets.is_full() {
                quiets.push((mv, slot));
            } else if !quiet
                && !captures.is_full()
                && let (Some(mover), Some(victim)) = (pos.moved_piece(mv), pos.captured_piece(mv))
            {
                captures.push((mv, mover.kind, victim.kind));
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
                        self.root_changes += u32::from(searched > 1);
                        self.root_best = Some((mv, score, self.pv_line()));
                    }
                    if score >= beta {
                        self.cutoffs[ply] += 1;
                        stat!(self, fail_high);
                        if searched == 1 {
                            stat!(self, fail_high_first);
                        }
                        if quiet {
                            self.update_quiet_stats(us, ply, pawns, (mv, slot), &quiets, depth);
                        }
                        self.update_capture_stats(us, mv, &captures, depth);
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

        // A fail high is drawn toward beta, the less the deeper the node: a shallow search's
        // margin over beta is mostly the evaluation's noise.
        if best_score >= beta
            && best_score.abs() < MATE_IN_MAX_PLY
            && alpha.abs() < MATE_IN_MAX_PLY
            && beta.abs() < MATE_IN_MAX_PLY
        {
            best_score = (best_score * depth + beta) / (depth + 1);
        }

        // Step 15. Remember the result, and how far it is from the corrected evaluation
        // when it says which way that is wrong: not after a capture (the evaluation cannot
        // see one coming), nor from a bound on the evaluation's own side.
        // A search that left moves out (the singular test, MultiPV's later lines at the
        // root) says nothing of the node's own value.
        let whole_node = (!root || self.excluded.is_empty()) && excluded.is_none();
        if best_move.is_none() && whole_node {
            self.reward_prior_move(!us, ply, depth);
        }
        if let Some(keys) = corr_keys
            && whole_node
            && best_score.abs() < MATE_IN_MAX_PLY
            && best_move.is_none_or(|m| !is_tactical(pos, m))
            && !(best_score >= beta && best_score <= corrected_eval)
            && !(best_move.is_none() && best_score >= corrected_eval)
        {
            self.tables
                .correction
                .update(us, keys, best_score - corrected_eval, depth);
        }
        if whole_node {
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
                // A node that failed low keeps its parent's mark when deep enough: the
                // principal variation may come back through it.
                tt_pv || (bound == TtBound::Upper && depth > 3 && ply >= 1 && self.tt_pv[ply - 1]),
            );
        }
        best_score
    }
}
