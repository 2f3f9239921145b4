//! Quiescence: the search past the nominal depth, which looks only at moves that change
//! the material (and at every evasion in check) so that a leaf is not scored in the middle
//! of an exchange.

use super::{LeafType, NO_SLOT, Worker, eval_with_table, score_from_tt, score_to_tt, settles};
use crate::eval::piece_value;
use crate::mate::mate_in_one;
use crate::search::captures::{CaptureList, captures, pawn_promotions};
use crate::search::correction::CorrectionKeys;
use crate::search::ordering::{Picker, capture_gain, is_tactical};
use crate::search::see::see_ge;
use crate::search::stats::stat;
use crate::search::tt::TtBound;
use crate::search::{INFINITE, MATE, MATE_IN_MAX_PLY, MAX_PLY};
use arrayvec::ArrayVec;
use tokin_core::{Move, Position};

impl Worker<'_> {
    /// Quiescence: captures that do not lose material (every evasion when in check), with
    /// stand-pat, and the transposition table.
    /// CITE: <https://www.chessprogramming.org/Quiescence_Search>
    pub(super) fn qsearch(
        &mut self,
        pos: &Position,
        ply: usize,
        mut alpha: i32,
        beta: i32,
        node: LeafType,
    ) -> i32 {
        self.pv_len[ply] = ply;
        if self.check_stop() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        stat!(self, q_nodes);
        if ply >= MAX_PLY - 2 {
            return self.eval.evaluate(ply, pos);
        }
        let key = pos.key();
        let hit = self.tt.probe(key);
        if let Some(h) = hit
            && node == LeafType::NonPv
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
            while let Some((mv, _)) = picker.next(pos, &self.tables.captures, || {
                |m, _| self.tables.history.get(us, m)
            }) {
                // Once one evasion holds off mate, further quiet ones (mostly drops in the
                // way) and evasions that lose material are left to the full search.
                let quiet = !is_tactical(pos, mv);
                if best > -MATE_IN_MAX_PLY
                    && ((quiet && quiet_evasions >= self.params.qs_quiet_evasions)
                        || !see_ge(pos, mv, 0))
                {
                    continue;
                }
                quiet_evasions += usize::from(quiet);
                let mut child = pos.clone();
                self.eval.push(ply, pos, mv);
                child.play_unchecked(mv);
                self.tt.prefetch(child.key());
                let Some(s) = self.qsearch_child(&child, ply, &mut best, &mut alpha, beta, node)
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
        // The move that led here may be a capture of quiescence, whose slot is not kept:
        // only the pawn and hand corrections.
        let us = pos.side_to_move();
        let c = self
            .tables
            .correction
            .value(us, CorrectionKeys::new(pos, NO_SLOT));
        let (raw, _, stand) = eval_with_table(&mut self.eval, pos, hit, ply, c);
        if stand >= beta {
            // Halfway back to beta: a stand-pat far above it is mostly the evaluation's own
            // swing, which the parent's margins would otherwise take at face value.
            let stand = if stand.abs() < MATE_IN_MAX_PLY {
                (stand + beta) / 2
            } else {
                stand
            };
            if hit.is_none() {
                self.tt.store(
                    key,
                    None,
                    score_to_tt(stand, ply),
                    raw,
                    0,
                    TtBound::Lower,
                    false,
                );
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
                false,
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
            self.eval.push(ply, pos, mv);
            child.play_unchecked(mv);
            self.tt.prefetch(child.key());
            if let Some(k) = child.king_square(us)
                && child.is_attacked_by(!us, k, child.occupied())
            {
                continue;
            }
            let before = best;
            let Some(s) = self.qsearch_child(&child, ply, &mut best, &mut alpha, beta, node) else {
                return 0;
            };
            if best > before {
                best_move = Some(mv);
            }
            if s >= beta {
                break;
            }
        }
        // A capture's fail high drawn a quarter of the way back to beta, for the same reason.
        if best > beta && best.abs() < MATE_IN_MAX_PLY {
            best = (3 * best + beta) / 4;
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
        self.tt.store(
            key,
            best_move,
            score_to_tt(best, ply),
            eval,
            0,
            bound,
            false,
        );
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
        node: LeafType,
    ) -> Option<i32> {
        let s = -self.qsearch(child, ply + 1, -beta, -*alpha, node);
        if self.stopped {
            return None;
        }
        if s > *best {
            *best = s;
            *alpha = (*alpha).max(s);
        }
        Some(s)
    }
}
