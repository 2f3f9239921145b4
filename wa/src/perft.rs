//! Perft: the number of leaf positions of the legal-move tree to a given depth.

use crate::position::{Move, Position};

/// The number of legal move sequences of `depth` plies from `pos`.
pub fn perft(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = pos.legal_moves();
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .into_iter()
        .map(|m| {
            let mut next = pos.clone();
            next.play_unchecked(m);
            perft(&next, depth - 1)
        })
        .sum()
}

/// Perft split by the first move: each legal move with the count below it.
pub fn divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    pos.legal_moves()
        .into_iter()
        .map(|m| {
            let mut next = pos.clone();
            next.play_unchecked(m);
            (m, perft(&next, depth.saturating_sub(1)))
        })
        .collect()
}
