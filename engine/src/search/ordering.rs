//! Move ordering: the hash move first, then captures by most valuable victim / least
//! valuable attacker (MVV-LVA), promotions, the two killer moves, and quiet moves by their
//! history score.
//!
//! CITE: MVV-LVA, killer heuristic, history heuristic —
//! <https://www.chessprogramming.org/Move_Ordering>.

use super::see::see_ge;
use crate::eval::piece_value;
use crate::{Color, Move, MoveList, PieceKind, Position};
use arrayvec::ArrayVec;

const TT_MOVE: i32 = 1 << 30;
const CAPTURE: i32 = 1 << 28;
const PROMOTION: i32 = 1 << 27;
const KILLER: i32 = 1 << 26;
/// History scores stay within this bound (gravity keeps them there).
pub(crate) const HISTORY_MAX: i32 = 16384;

/// History of quiet moves that caused cutoffs, by side, origin (square or drop kind) and
/// destination.
pub(crate) struct History {
    table: Box<[[[i32; 81]; 88]; 2]>,
}

impl History {
    pub(crate) fn new() -> History {
        History {
            table: Box::new([[[0; 81]; 88]; 2]),
        }
    }

    #[inline]
    fn slot(mv: Move) -> usize {
        match (mv.from(), mv.drop_kind()) {
            (Some(f), _) => f.index(),
            (None, Some(k)) => 81 + k.index().min(6),
            (None, None) => 0,
        }
    }

    #[inline]
    pub(crate) fn get(&self, side: Color, mv: Move) -> i32 {
        self.table[side.index()][Self::slot(mv)][mv.to().index()]
    }

    /// Moves the entry toward `bonus` (positive for a cutoff move, negative for the quiet
    /// moves tried before it), saturating at `HISTORY_MAX`.
    #[inline]
    pub(crate) fn update(&mut self, side: Color, mv: Move, bonus: i32) {
        let e = &mut self.table[side.index()][Self::slot(mv)][mv.to().index()];
        let b = bonus.clamp(-HISTORY_MAX, HISTORY_MAX);
        *e += b - *e * b.abs() / HISTORY_MAX;
    }
}

/// Whether `mv` captures or promotes (such moves are not "quiet").
#[inline]
pub(crate) fn is_tactical(pos: &Position, mv: Move) -> bool {
    mv.is_promotion() || pos.captured_piece(mv).is_some()
}

/// Value gained by a capture (and promotion), for ordering and pruning.
#[inline]
pub(crate) fn capture_gain(pos: &Position, mv: Move) -> i32 {
    let victim = pos.captured_piece(mv).map_or(0, |p| piece_value(p.kind));
    let promo = if mv.is_promotion() {
        pos.moved_piece(mv).map_or(0, |p| {
            p.kind
                .promote()
                .map_or(0, |q| piece_value(q) - piece_value(p.kind))
        })
    } else {
        0
    };
    victim + promo
}

/// Indexes continuation history by the piece a move leaves on its destination (colour
/// ignored: the side is implied by the ply) and that destination.
pub(crate) const CONT_SLOTS: usize = 14 * 81;

/// Continuation history: how good a quiet move was right after a given earlier move (one or
/// two plies back), indexed by (earlier piece and square, this piece and square).
///
/// CITE: <https://www.chessprogramming.org/History_Heuristic> (counter-move and follow-up
/// history, as combined in continuation history).
pub(crate) struct ContHistory {
    table: Vec<i16>,
}

impl ContHistory {
    pub(crate) fn new() -> ContHistory {
        ContHistory {
            table: vec![0; CONT_SLOTS * CONT_SLOTS],
        }
    }

    #[inline]
    pub(crate) fn get(&self, prev: usize, cur: usize) -> i32 {
        if prev >= CONT_SLOTS {
            return 0;
        }
        i32::from(self.table[prev * CONT_SLOTS + cur])
    }

    #[inline]
    pub(crate) fn update(&mut self, prev: usize, cur: usize, bonus: i32) {
        if prev >= CONT_SLOTS {
            return;
        }
        let e = &mut self.table[prev * CONT_SLOTS + cur];
        let b = bonus.clamp(-HISTORY_MAX, HISTORY_MAX);
        let v = i32::from(*e);
        *e = (v + b - v * b.abs() / HISTORY_MAX) as i16;
    }
}

/// The continuation-history slot of `mv` in `pos`: the kind it leaves on its destination,
/// and the destination.
#[inline]
pub(crate) fn cont_slot(pos: &Position, mv: Move) -> usize {
    let kind = match mv.from() {
        None => mv.drop_kind().unwrap_or(PieceKind::Pawn),
        Some(f) => {
            let k = pos.piece_at(f).map_or(PieceKind::Pawn, |p| p.kind);
            match (mv.is_promotion(), k.promote()) {
                (true, Some(q)) => q,
                _ => k,
            }
        }
    };
    kind.index() * 81 + mv.to().index()
}

/// Moves with their ordering scores; [`Picker::next`] hands them out best first.
pub(crate) struct Picker {
    moves: ArrayVec<(Move, i32), { crate::MAX_MOVES }>,
    next: usize,
}

/// Ordering score of a capture that loses material by exchange: after every quiet move.
pub(crate) const BAD_CAPTURE: i32 = -(1 << 28);

impl Picker {
    /// Orders `list`: hash move, captures that do not lose material (by victim, then
    /// attacker), promotions, killers, quiet moves by `quiet_score`, then losing captures.
    pub(crate) fn new(
        pos: &Position,
        list: &MoveList,
        tt_move: Option<Move>,
        killers: [Option<Move>; 2],
        quiet_score: impl Fn(Move) -> i32,
    ) -> Picker {
        let side = pos.side_to_move();
        let mut moves = ArrayVec::new();
        for &mv in list {
            let score = if Some(mv) == tt_move {
                TT_MOVE
            } else if let Some(victim) = pos.captured_piece(mv) {
                let attacker = pos.moved_piece(mv).map_or(0, |p| piece_value(p.kind));
                let mvv = piece_value(victim.kind) * 16 - attacker / 16
                    + if mv.is_promotion() { 200 } else { 0 };
                if see_ge(pos, mv, 0) {
                    CAPTURE + mvv
                } else {
                    BAD_CAPTURE + mvv
                }
            } else if mv.is_promotion() && see_ge(pos, mv, 0) {
                PROMOTION + capture_gain(pos, mv)
            } else if Some(mv) == killers[0] {
                KILLER + 1
            } else if Some(mv) == killers[1] {
                KILLER
            } else {
                // Unpromoted moves of pawns, bishops and rooks that could have promoted are
                // almost never good: order them last.
                let poor = !mv.is_drop()
                    && pos.moved_piece(mv).is_some_and(|p| {
                        matches!(
                            p.kind,
                            PieceKind::Pawn | PieceKind::Bishop | PieceKind::Rook
                        ) && (mv.to().in_zone(side) || mv.from().is_some_and(|f| f.in_zone(side)))
                    });
                quiet_score(mv) - if poor { 16 * HISTORY_MAX } else { 0 }
            };
            moves.push((mv, score));
        }
        Picker { moves, next: 0 }
    }

    /// The best remaining move and its ordering score (selection sort, one step at a time:
    /// most nodes cut early).
    pub(crate) fn next(&mut self) -> Option<(Move, i32)> {
        if self.next >= self.moves.len() {
            return None;
        }
        let mut best = self.next;
        for i in self.next + 1..self.moves.len() {
            if self.moves[i].1 > self.moves[best].1 {
                best = i;
            }
        }
        self.moves.swap(self.next, best);
        self.next += 1;
        Some(self.moves[self.next - 1])
    }
}
