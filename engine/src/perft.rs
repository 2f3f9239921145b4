//! Perft: counting the leaf nodes of the legal move tree, the standard test of a move
//! generator. The last ply is counted in bulk (the length of the legal move list) rather than
//! played out.

use crate::{Move, Position};
use rayon::prelude::*;

/// The number of leaf nodes `depth` plies below `pos`.
///
/// # Examples
/// ```
/// use tokin_engine::{Position, perft};
/// assert_eq!(perft(&Position::startpos(), 3), 25470);
/// ```
pub fn perft(pos: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.legal_moves().len() as u64,
        _ => {
            let mut nodes = 0;
            for &mv in pos.legal_moves().iter() {
                let mut child = pos.clone();
                child.play(mv);
                nodes += perft(&child, depth - 1);
            }
            nodes
        }
    }
}

/// The leaf count below each legal move (a "divide"), in move generation order. The root
/// moves are shared out over the current rayon thread pool.
pub fn perft_divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    let moves: Vec<Move> = pos.legal_moves().to_vec();
    moves
        .into_par_iter()
        .map(|mv| {
            let mut child = pos.clone();
            child.play(mv);
            (
                mv,
                if depth == 0 {
                    1
                } else {
                    perft(&child, depth - 1)
                },
            )
        })
        .collect()
}

/// The same count as [`perft`], with the root (and, when the root has few moves, the next
/// ply) shared out over the current rayon thread pool.
pub fn perft_parallel(pos: &Position, depth: u32) -> u64 {
    if depth <= 2 {
        return perft(pos, depth);
    }
    pos.legal_moves()
        .to_vec()
        .into_par_iter()
        .map(|mv| {
            let mut child = pos.clone();
            child.play(mv);
            perft_parallel_inner(&child, depth - 1)
        })
        .sum()
}

fn perft_parallel_inner(pos: &Position, depth: u32) -> u64 {
    // Split one more ply so that two threads balance even when root subtrees differ a lot.
    if depth <= 3 {
        return perft(pos, depth);
    }
    pos.legal_moves()
        .to_vec()
        .into_par_iter()
        .map(|mv| {
            let mut child = pos.clone();
            child.play(mv);
            perft(&child, depth - 1)
        })
        .sum()
}
