//! Perft shared out over threads: the root moves (and, when the root has few moves, the next
//! ply) are counted on the current rayon thread pool, each subtree by the rules crate's
//! single-thread [`perft`]. It lives here rather than in `tokin-core` so that the rules need
//! no thread pool.

use rayon::prelude::*;
use tokin_core::{Move, Position, perft};

/// The leaf count below each legal move in turn (a "divide", in move generation order), each
/// handed to `each` as soon as it is known — a deep divide takes minutes, and its lines are its
/// progress — and the total at the end; `None` once `stopped()` says so. Each root move's
/// subtree is counted a reply at a time, each reply's over the current rayon thread pool, and
/// `stopped` is asked before each reply, so a stop is obeyed within one reply's subtree (well
/// under a second at depth 7).
pub fn perft_divide_each(
    pos: &Position,
    depth: u32,
    stopped: &dyn Fn() -> bool,
    mut each: impl FnMut(Move, u64),
) -> Option<u64> {
    if depth == 0 {
        return Some(1);
    }
    let mut total = 0;
    for mv in pos.legal_moves().iter().copied() {
        let mut child = pos.clone();
        child.play_unchecked(mv);
        let mut n = 0;
        if depth == 1 {
            n = 1;
        } else {
            for reply in child.legal_moves().iter().copied() {
                if stopped() {
                    return None;
                }
                let mut grandchild = child.clone();
                grandchild.play_unchecked(reply);
                n += perft_parallel(&grandchild, depth - 2);
            }
        }
        if stopped() {
            return None;
        }
        each(mv, n);
        total += n;
    }
    Some(total)
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Each root move's count is the single-thread perft below it, in generation order, and
    /// the total theirs; a stop asked for gives no total and no more moves.
    #[test]
    fn a_divide_counts_each_move_and_obeys_a_stop() {
        let pos = Position::startpos();
        for depth in 1..=3 {
            let mut seen = Vec::new();
            let total = perft_divide_each(&pos, depth, &|| false, |mv, n| seen.push((mv, n)));
            assert_eq!(total, Some(perft(&pos, depth)));
            let expected: Vec<(Move, u64)> = pos
                .legal_moves()
                .iter()
                .map(|&mv| {
                    let mut child = pos.clone();
                    child.play_unchecked(mv);
                    (mv, perft(&child, depth - 1))
                })
                .collect();
            assert_eq!(seen, expected);
        }
        let mut seen = 0;
        assert_eq!(perft_divide_each(&pos, 3, &|| true, |_, _| seen += 1), None);
        assert_eq!(seen, 0);
    }
}
