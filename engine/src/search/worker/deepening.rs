//! The iterations at the root: iterative deepening with aspiration windows and MultiPV,
//! the root move order they keep, and what they report.

use super::{NodeType, Worker};
use crate::search::ordering::Picker;
use crate::search::pacing::{Iteration, Pacing};
use crate::search::{
    Bound, INFINITE, IterationInfo, MATE, MATE_IN_MAX_PLY, MAX_PLY, MateResult, Score,
    SearchObserver, SearchOutcome, SearchResult, total_nodes,
};
use std::sync::atomic::Ordering;
use tokin_core::{Move, Position};

impl Worker<'_> {
    /// The move ordering of the root before the first iteration.
    fn order_root(&mut self, pos: &Position) {
        let tt_move = self.tt.probe(pos.key()).and_then(|h| h.mv);
        let us = pos.side_to_move();
        let mut picker = Picker::new(pos, tt_move, [None; 2]);
        self.root_order.clear();
        while let Some((m, _)) = picker.next(pos, &self.tables.captures, || {
            |m, _| self.tables.history.get(us, m)
        }) {
            self.root_order.push(m);
        }
        let wanted = &self.limits.searchmoves;
        if self.root_order.iter().any(|m| wanted.contains(m)) {
            self.root_order.retain(|m| wanted.contains(m));
        }
    }

    /// Counts `nodes` spent below the root move `mv`.
    pub(super) fn add_root_nodes(&mut self, mv: Move, nodes: u64) {
        match self.root_nodes.iter_mut().find(|(m, _)| *m == mv) {
            Some((_, n)) => *n += nodes,
            None => self.root_nodes.push((mv, nodes)),
        }
    }

    /// The share of this search's nodes spent below root move `mv`.
    fn root_share(&self, mv: Move) -> f64 {
        let all: u64 = self.root_nodes.iter().map(|(_, n)| n).sum();
        let own = self
            .root_nodes
            .iter()
            .find(|(m, _)| *m == mv)
            .map_or(0, |(_, n)| *n);
        if all == 0 {
            0.0
        } else {
            own as f64 / all as f64
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

    /// Whether the mate solver proves, within [`Limits::root_mate_nodes`](crate::search::Limits),
    /// that the opponent mates by checks after `mv`, the best root move of an iteration with
    /// `score`. Each move is asked once a search (`verified` keeps those asked); not when the
    /// score is already a mate either way, when `mv` is the only move left, or when the
    /// search was asked for several lines or for given moves.
    fn mated_after(&self, pos: &Position, mv: Move, score: i32, verified: &mut Vec<Move>) -> bool {
        if !self.limits.root_solving()
            || self.root_order.len() < 2
            || score.abs() >= MATE_IN_MAX_PLY
            || verified.contains(&mv)
        {
            return false;
        }
        verified.push(mv);
        let mut after = pos.clone();
        after.play_unchecked(mv);
        self.limits
            .root_solve(&after, self.signals)
            .is_some_and(|r| matches!(r.result, MateResult::Mate(_)))
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
        let mut best_score = self.eval.evaluate(0, pos);
        let mut best_depth = 0;
        // Each line's score in the last two complete iterations.
        let mut prev_scores: Vec<i32> = Vec::new();
        let mut prev2_scores: Vec<i32> = Vec::new();
        let mut verified: Vec<Move> = Vec::new();
        let mut pacing = Pacing::default();
        self.root_nodes.clear();
        self.last_pv.clear();
        self.follow_pv[0] = true;

        let mut iteration = 0;
        while iteration < max_depth {
            iteration += 1;
            // Helpers search a little deeper half the time, which spreads the threads over
            // different trees.
            let depth = if self.is_main() {
                iteration
            } else {
                (iteration + (self.id % 2) as i32).min(max_depth)
            };
            self.root_depth = depth;
            self.excluded.clear();
            self.root_changes = 0;
            let mut lines: Vec<(Move, i32, Vec<Move>)> = Vec::new();
            for pv_idx in 0..multipv {
                let prev = prev_scores.get(pv_idx).copied();
                let mut delta = self.params.aspiration_delta;
                let (mut alpha, mut beta) = match prev {
                    Some(p)
                        if depth >= self.params.aspiration_min_depth
                            && p.abs() < MATE_IN_MAX_PLY =>
                    {
                        // Scores swing between odd and even depths: the window is centred
                        // between the last two and wide enough for both.
                        let centre = match prev2_scores.get(pv_idx) {
                            Some(&q) if q.abs() < MATE_IN_MAX_PLY => {
                                delta += (p - q).abs() / 2;
                                (p + q) / 2
                            }
                            _ => p,
                        };
                        (
                            (centre - delta).max(-INFINITE),
                            (centre + delta).min(INFINITE),
                        )
                    }
                    _ => (-INFINITE, INFINITE),
                };
                let mut result = None;
                // A failure high is searched again a ply shallower for each failure in a
                // row (the move's worth is settled sooner; the next iteration searches it
                // to the full depth); a failure low, at the full depth again.
                let mut failed_high = 0;
                loop {
                    self.root_best = None;
                    self.seldepth = 0;
                    let d = (depth - failed_high).max(1);
                    let s = self.alpha_beta(pos, d, 0, alpha, beta, NodeType::Root);
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
                        failed_high = 0;
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
                        failed_high += 1;
                    } else {
                        result = self.root_best.take();
                        break;
                    }
                    delta += delta;
                }
                match result {
                    Some((m, s, pv)) => {
                        self.excluded.push(m);
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
            // The searches of one iteration need not agree: a later line's may score its move
            // above an earlier line's. The lines are reported, and the next iteration's root
            // moves ordered, best first (a stable sort: equal scores keep the order they were
            // found in; the other moves keep theirs after them).
            lines.sort_by_key(|l| std::cmp::Reverse(l.1));
            for (i, (m, _, _)) in lines.iter().enumerate() {
                if let Some(j) = self.root_order.iter().position(|x| x == m) {
                    let mv = self.root_order.remove(j);
                    self.root_order.insert(i, mv);
                }
            }
            if self.is_main() && self.mated_after(pos, lines[0].0, lines[0].1, &mut verified) {
                // The solver proved that the opponent mates after this move: the depth is
                // searched again without it, and the last iteration's move stands meanwhile.
                self.root_order.retain(|&m| m != lines[0].0);
                prev_scores.clear();
                prev2_scores.clear();
                iteration -= 1;
                continue;
            }
            // The iteration is complete.
            prev2_scores = std::mem::replace(&mut prev_scores, lines.iter().map(|l| l.1).collect());
            best_move = Some(lines[0].0);
            best_score = lines[0].1;
            best_pv = lines[0].2.clone();
            self.last_pv.clone_from(&best_pv);
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
                let pace = pacing.update(
                    Iteration {
                        depth,
                        best: lines[0].0,
                        score: lines[0].1,
                        changes: self.root_changes,
                        best_share: self.root_share(lines[0].0),
                    },
                    self.params,
                );
                if self.signals.paced_passed(pace) {
                    break;
                }
                if self.root_order.len() == 1 && self.signals.has_time_limit() && depth >= 4 {
                    break;
                }
            } else if self.helpers_done.load(Ordering::Relaxed) || self.signals.is_stopped() {
                break;
            }
        }

        #[cfg(feature = "stats")]
        if self.is_main() {
            eprintln!("{}", self.stats.line());
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
