//! Perft shared out over threads: the root moves (and, when the root has few moves, the next
//! ply) are counted on the current rayon thread pool, each subtree by the rules crate's
//! single-thread [`perft`]. It lives here rather than in `tokin-core` so that the rules need
//! no thread pool.

use rayon::prelude::*;
use tokin_core::{Move, Position, perft};

/// The leaf count below each legal move (a "divide"), in move generation order. The root
/// moves are shared out over the current rayon thread pool.
pub fn perft_divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    let moves: Vec<Move> = pos.legal_moves().to_vec();
    moves
        .into_par_iter()
        .map(|mv| {
            let mut child = pos.clone();
            child.play_unchecked(mv);
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
    perft_parallel_observed(pos, depth, &|_, _| {})
}

/// [`perft_parallel`] that calls `root_done(done, total)` each time the count below one root
/// move is finished (for progress displays). It may be called from any worker thread.
pub fn perft_parallel_observed(
    pos: &Position,
    depth: u32,
    root_done: &(dyn Fn(usize, usize) + Sync),
) -> u64 {
    if depth <= 2 {
        return perft(pos, depth);
    }
    let moves = pos.legal_moves().to_vec();
    let total = moves.len();
    let done = std::sync::atomic::AtomicUsize::new(0);
    moves
        .into_par_iter()
        .map(|mv| {
            let mut child = pos.clone();
            child.play_unchecked(mv);
            let n = perft_parallel_inner(&child, depth - 1);
            let k = done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
            root_done(k, total);
            n
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
            child.play_unchecked(mv);
            perft(&child, depth - 1)
        })
        .sum()
}
