//! What the move loop of [`alpha_beta`](Worker::alpha_beta) keeps besides the score: which
//! late quiet moves survive pruning, the history and killer updates after a cutoff (and
//! after a node where every move failed low), the
//! continuation slots of the moves on the current line, and the principal variation.

use super::{NO_SLOT, Worker};
use crate::search::history::{PawnIndex, QuietScorer};
use crate::search::threats::Threats;
use std::cell::OnceCell;
use tokin_core::{Color, Move, PieceKind, Position};

/// Whether a quiet move is still searched once late move pruning has begun at its node: it
/// gives check (`gives_check`), or, when not in check, it takes a threatened piece out of
/// danger. The search asks this of each quiet move it is handed, and the picker's filter
/// (which drops the rest unsorted) asks it of the moves that are not drops; drops, which
/// never escape, are kept by the check table alone.
#[inline]
pub(super) fn kept_when_late(
    pos: &Position,
    mv: Move,
    gives_check: bool,
    in_check: bool,
    threats: &OnceCell<Threats>,
) -> bool {
    gives_check || (!in_check && threats.get().is_some_and(|t| t.is_escape(pos, mv)))
}

impl Worker<'_> {
    pub(super) fn update_pv(&mut self, ply: usize, mv: Move) {
        let child_len = self.pv_len[ply + 1].max(ply + 1);
        self.pv[ply][ply] = Some(mv);
        for i in ply + 1..child_len {
            self.pv[ply][i] = self.pv[ply + 1][i];
        }
        self.pv_len[ply] = child_len;
    }

    pub(super) fn pv_line(&self) -> Vec<Move> {
        (0..self.pv_len[0]).filter_map(|i| self.pv[0][i]).collect()
    }

    /// The ordering score of a quiet move: its history, pawn history and continuation
    /// history after the last two moves, whose slots (`prev`, from [`Self::prev_slot`]) the
    /// caller looks up once per node rather than once per quiet move.
    #[inline]
    pub(super) fn quiet_score(
        &self,
        side: Color,
        pawns: PawnIndex,
        prev: (usize, usize),
        mv: Move,
        slot: usize,
    ) -> i32 {
        QuietScorer::new(&self.tables, side, pawns, prev).score(mv, slot)
    }

    /// The continuation slot of the move played `back` plies before `ply` (none before the
    /// root or across a null move).
    #[inline]
    pub(super) fn prev_slot(&self, ply: usize, back: usize) -> usize {
        if ply >= back {
            self.slots[ply - back]
        } else {
            NO_SLOT
        }
    }

    /// Rewards the quiet move that cut off at `ply` and punishes the quiet moves tried
    /// before it.
    pub(super) fn update_quiet_stats(
        &mut self,
        side: Color,
        ply: usize,
        pawns: PawnIndex,
        best: (Move, usize),
        tried: &[(Move, usize)],
        depth: i32,
    ) {
        let (bonus, malus) = self.params.history_bonus(depth);
        let (p1, p2) = (self.prev_slot(ply, 1), self.prev_slot(ply, 2));
        for &(q, slot) in tried {
            let b = if q == best.0 { bonus } else { -malus };
            self.tables.history.update(side, q, b);
            self.tables.cont[0].update(side, p1, slot, b);
            self.tables.cont[1].update(side, p2, slot, b);
            self.tables.pawns.update(side, pawns, slot, b);
        }
        if self.killers[ply][0] != Some(best.0) {
            self.killers[ply][1] = self.killers[ply][0];
            self.killers[ply][0] = Some(best.0);
        }
    }

    /// After a cutoff by `best`: rewards it if it is one of the captures `tried` (with the
    /// kinds of the capturing and captured pieces) and punishes the others.
    pub(super) fn update_capture_stats(
        &mut self,
        side: Color,
        best: Move,
        tried: &[(Move, PieceKind, PieceKind)],
        depth: i32,
    ) {
        let (bonus, malus) = self.params.history_bonus(depth);
        for &(m, mover, victim) in tried {
            let b = if m == best { bonus } else { -malus };
            self.tables.captures.update(side, mover, m, victim, b);
        }
    }

    /// Every reply to the quiet move that led to `ply` failed low: that move gets the
    /// reward of a cutoff at its own node (whose side is `side`), in its history and its
    /// continuation histories.
    pub(super) fn reward_prior_move(&mut self, side: Color, ply: usize, depth: i32) {
        let Some(prev) = ply.checked_sub(1).and_then(|p| self.quiet_line[p]) else {
            return;
        };
        let (bonus, _) = self.params.history_bonus(depth);
        let slot = self.slots[ply - 1];
        let (p1, p2) = (self.prev_slot(ply - 1, 1), self.prev_slot(ply - 1, 2));
        self.tables.history.update(side, prev, bonus);
        self.tables.cont[0].update(side, p1, slot, bonus);
        self.tables.cont[1].update(side, p2, slot, bonus);
    }
}
