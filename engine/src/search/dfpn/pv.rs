//! Reading the mating line from a proved root.
//!
//! Every proof in the table carries the length of the mate it found. The line follows
//! them: at an OR node the proved check with the shortest mate, at an AND node the reply
//! with the longest. As tsume composers count, a useless interposition (無駄合: a piece
//! dropped between the checker and the king that the attacker just takes, and mates without
//! needing it) is no resistance: it is left out of the line, and a check that only such
//! drops can answer ends the line. Where the table lost a position of the proof (replaced by
//! others), it is proved again.

use super::Solver;
use super::mid::CLEAN;
use super::moves::{attacker, checks, evasions, is_drop_interposition};
use crate::{Color, Move, Position, Strictness};

/// Nodes a re-proof while reading the line may take, beyond what the solve took.
const READ_BUDGET: u64 = 2_000_000;
/// Nodes to decide whether one interposition is useless.
const USELESS_BUDGET: u64 = 20_000;

impl Solver<'_> {
    /// The mating line from `root`, which the search has just proved.
    pub(super) fn mate_line(&mut self, root: &Position) -> Vec<Move> {
        // Reading is not stopped by the clock: a proved mate is always answered with its line.
        self.reading = true;
        self.stopped = false;
        self.node_limit = self.nodes.saturating_add(READ_BUDGET.max(self.nodes));
        self.path.clear();
        let mut line = Vec::new();
        let mut pos = root.clone();
        self.line_keys.clear();
        while line.len() < usize::from(self.max_ply) && !self.line_keys.contains_key(&pos.key()) {
            let ply = line.len() as u16;
            self.line_keys.insert(pos.key(), ply);
            let next = if ply.is_multiple_of(2) {
                self.quickest_check(&pos, ply)
            } else {
                self.longest_reply(&pos, ply)
            };
            let Some(mv) = next else {
                break;
            };
            line.push(mv);
            pos.play_unchecked(mv);
        }
        self.path.clear();
        line
    }

    /// Searches `pos` at `ply` of the line until it is decided, with the line so far as
    /// its path (so that a proof found again does not lead back into the line).
    fn prove_again(&mut self, pos: &Position, ply: u16) -> super::mid::NodeResult {
        self.path.clone_from(&self.line_keys);
        self.path.remove(&pos.key());
        let r = self.mid(pos, ply, super::INF, super::INF);
        self.path.clear();
        r
    }

    /// The proof the table holds for a position, if any: the length of its mate.
    fn proof_len(&self, pos: &Position, or: bool) -> Option<u16> {
        let p = self.tt.probe(pos.board_key(), pos.hand(attacker(pos, or)));
        (p.pn == 0).then_some(p.len)
    }

    /// The length of the proved mate from `pos` (proving it again if the table lost it).
    fn proved_len(&mut self, pos: &Position, ply: u16) -> Option<u16> {
        let or = ply.is_multiple_of(2);
        if let Some(l) = self.proof_len(pos, or) {
            return Some(l);
        }
        if self.stopped {
            return None;
        }
        let r = self.prove_again(pos, ply);
        (r.pn == 0).then_some(r.len)
    }

    /// At an OR node, the check with the shortest proved mate.
    fn quickest_check(&mut self, pos: &Position, ply: u16) -> Option<Move> {
        let mut best: Option<(u16, Move)> = None;
        for attempt in 0..2 {
            for mv in checks(pos) {
                let mut child = pos.clone();
                child.play_unchecked(mv);
                if self.line_keys.contains_key(&child.key()) {
                    continue;
                }
                if let Some(l) = self.proof_len(&child, false)
                    && best.is_none_or(|(b, _)| l < b)
                {
                    best = Some((l, mv));
                }
            }
            if best.is_some() || attempt == 1 || self.stopped {
                break;
            }
            // The proof's entries were replaced, or lead back into the line: prove this
            // node again.
            self.prove_again(pos, ply);
        }
        best.map(|(_, mv)| mv)
    }

    /// At an AND node, the reply with the longest proved mate, useless interpositions left
    /// out; `None` when there is none (mate, or only useless interpositions).
    fn longest_reply(&mut self, pos: &Position, ply: u16) -> Option<Move> {
        let mut worst: Option<(u16, Move)> = None;
        for mv in evasions(pos) {
            let mut child = pos.clone();
            child.play_unchecked(mv);
            if self.line_keys.contains_key(&child.key()) {
                continue;
            }
            let Some(l) = self.proved_len(&child, ply + 1) else {
                // Not proved again within the budget: follow it anyway, as the longest.
                return Some(mv);
            };
            if worst.is_some_and(|(w, _)| l <= w) {
                continue;
            }
            if is_drop_interposition(pos, mv) && self.is_useless(pos, mv, ply) {
                continue;
            }
            worst = Some((l, mv));
        }
        worst.map(|(_, mv)| mv)
    }

    /// Whether the drop `mv` between the checker and the king at the AND node `pos` is a
    /// useless interposition: the checker takes it and mates with the piece given back to
    /// the defender (the attacker gains nothing it needs).
    fn is_useless(&mut self, pos: &Position, mv: Move, ply: u16) -> bool {
        let (Some(checker), Some(piece)) = (pos.checkers().first(), mv.hand_piece()) else {
            return false;
        };
        let att = !pos.side_to_move();
        let mut after = pos.clone();
        after.play_unchecked(mv);
        for promote in [false, true] {
            let take = Move::normal(checker, mv.to(), promote);
            if after.is_legal(take).is_err() {
                continue;
            }
            let mut taken = after.clone();
            taken.play_unchecked(take);
            if !taken.in_check() {
                continue;
            }
            let Some(without) = taken.hand(att).checked_remove(piece) else {
                continue;
            };
            if self.tt.probe(taken.board_key(), without).pn == 0 {
                return true;
            }
            let Some(returned) = piece_returned(&taken, att, piece) else {
                continue;
            };
            let (limit, stopped) = (self.node_limit, self.stopped);
            self.node_limit = self.nodes.saturating_add(USELESS_BUDGET).min(limit);
            let r = self.mid(&returned, ply + 2, super::INF, super::INF);
            self.node_limit = limit;
            self.stopped = stopped;
            if r.pn == 0 && r.dep == CLEAN {
                return true;
            }
        }
        false
    }
}

/// `pos` with one `piece` moved from `attacker`'s hand to the other side's.
fn piece_returned(pos: &Position, attacker: Color, piece: crate::HandPiece) -> Option<Position> {
    let mut setup = pos.to_setup();
    let a = attacker.index();
    let d = (!attacker).index();
    setup.hands[a] = setup.hands[a].checked_remove(piece)?;
    setup.hands[d] = setup.hands[d].checked_add(piece)?;
    Strictness::Relaxed.validate(&setup).ok()
}
