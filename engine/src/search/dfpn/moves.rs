//! The moves of the two kinds of node and the proof-hand rules that follow from them.
//!
//! At an OR node the attacker may only give check; at an AND node the defender has every
//! legal move (all of them evasions). Both come from the rules' own legal move generator,
//! so everything it knows (no pawn-drop mate, no second pawn on a file, pieces that could
//! never move again, every legal non-promotion) holds in the solver too.

use crate::search::checks::CheckInfo;
use crate::{Color, Hand, HandPiece, Move, Position, attacks};

/// The attacker's checking moves, promotions and drops first (they mate more often, and
/// among children with equal numbers the first is expanded first).
pub(super) fn checks(pos: &Position) -> Vec<Move> {
    let info = CheckInfo::new(pos);
    let mut v: Vec<Move> = pos
        .legal_moves()
        .into_iter()
        .filter(|&m| info.gives_check(pos, m))
        .collect();
    v.sort_by_key(|m| (!m.is_promotion(), !m.is_drop()));
    v
}

/// The defender's replies to a check.
pub(super) fn evasions(pos: &Position) -> Vec<Move> {
    pos.legal_moves().into_iter().collect()
}

/// The attacker in a node: the side to move at an OR node, the other side at an AND node.
pub(super) fn attacker(pos: &Position, or: bool) -> Color {
    if or {
        pos.side_to_move()
    } else {
        !pos.side_to_move()
    }
}

/// Whether the check on the side to move could be blocked by a drop: one ranging checker
/// with empty squares between it and the king.
pub(super) fn interposable(pos: &Position) -> bool {
    let checkers = pos.checkers();
    if checkers.has_more_than_one() {
        return false;
    }
    match (checkers.first(), pos.king_square(pos.side_to_move())) {
        (Some(c), Some(k)) => attacks::between(c, k).is_any(),
        _ => false,
    }
}

/// The proof hand of an AND node (defender to move, in check) from the union of its
/// children's: where the defender could drop a piece between, every kind it does not hold
/// must stay out of its hand, so the attacker must keep all of that kind it has. With that,
/// a position with any covering attacker hand has no evasion this one lacks.
pub(super) fn and_proof_hand(pos: &Position, children: Hand) -> Hand {
    let attacker_hand = pos.hand(!pos.side_to_move());
    let defender_hand = pos.hand(pos.side_to_move());
    let mut ph = children;
    if interposable(pos) {
        for p in HandPiece::ALL {
            if !defender_hand.has(p) {
                let n = attacker_hand.count(p).max(ph.count(p));
                ph = ph.with_count(p, n).unwrap_or(ph);
            }
        }
    }
    ph
}

/// The proof hand of an OR node proved by `mv` whose child's proof hand is `child`: a
/// dropped piece was needed, a captured one was not brought in by the attacker.
pub(super) fn or_proof_hand(pos: &Position, mv: Move, child: Hand) -> Hand {
    if let Some(p) = mv.hand_piece() {
        return child.checked_add(p).unwrap_or(child);
    }
    let captured = pos
        .captured_piece(mv)
        .and_then(|c| c.kind.unpromote().to_hand());
    match captured {
        Some(p) => child.checked_remove(p).unwrap_or(child),
        None => child,
    }
}

/// Whether `mv`, a reply at an AND node, drops a piece between the checker and the king (a
/// candidate useless interposition, 無駄合).
pub(super) fn is_drop_interposition(pos: &Position, mv: Move) -> bool {
    if !mv.is_drop() || !interposable(pos) {
        return false;
    }
    match (pos.checkers().first(), pos.king_square(pos.side_to_move())) {
        (Some(c), Some(k)) => attacks::between(c, k).contains(mv.to()),
        _ => false,
    }
}
