//! Perft: counting the leaf nodes of the legal move tree, the standard test of a move
//! generator. The last ply is counted in bulk (population counts of destination sets) rather
//! than played out. The counts shared out over threads (`perft_parallel`, `perft_divide_each`) are
//! in `tokin-engine`, so that the rules need no thread pool.
//!
//! # CPU features
//! The generator is mostly population counts and leading/trailing-zero counts on `u128`. The
//! baseline x86-64 target has no `popcnt` or `lzcnt` instruction, so a portable build emulates
//! them in software, which costs about a fifth of perft's time. Rather than committing a
//! `target-cpu` setting (a binary that then crashes on older CPUs), the recursion is compiled
//! twice: once for the baseline and once with the x86-64-v3 features (`popcnt`, `lzcnt`,
//! `bmi1`, `bmi2`, `avx2`), chosen at run time by feature detection.

use crate::Position;

/// The number of leaf nodes `depth` plies below `pos`.
///
/// # Examples
/// ```
/// use tokin_core::{Position, perft};
/// assert_eq!(perft(&Position::startpos(), 3), 25470);
/// ```
pub fn perft(pos: &Position, depth: u32) -> u64 {
    #[cfg(target_arch = "x86_64")]
    if has_v3_features() {
        // SAFETY: `perft_v3` only needs the CPU features that were just detected.
        #[allow(unsafe_code)]
        return unsafe { perft_v3(pos, depth) };
    }
    perft_portable(pos, depth)
}

#[cfg(target_arch = "x86_64")]
fn has_v3_features() -> bool {
    std::is_x86_feature_detected!("popcnt")
        && std::is_x86_feature_detected!("lzcnt")
        && std::is_x86_feature_detected!("bmi1")
        && std::is_x86_feature_detected!("bmi2")
        && std::is_x86_feature_detected!("avx2")
}

/// The perft recursion; `recurse` is the function that counts the children, so that each
/// compiled copy calls itself.
#[inline(always)]
fn perft_body(pos: &Position, depth: u32, recurse: impl Fn(&Position, u32) -> u64) -> u64 {
    match depth {
        0 => 1,
        1 => crate::movegen::count_inline(pos) as u64,
        _ => {
            // `depth >= 2` here, so `depth - 1` cannot underflow; the `u64` count would need
            // 2^64 leaves to overflow, far more than any search can visit.
            let mut nodes = 0;
            // Generated into a local list rather than returned by value: the returned list
            // took a second list-sized slot in every frame of the recursion.
            let mut list = crate::MoveList::new();
            crate::movegen::generate(pos, &mut list);
            for &mv in list.iter() {
                let mut child = pos.clone();
                child.play_unchecked(mv);
                nodes += recurse(&child, depth - 1);
            }
            nodes
        }
    }
}

fn perft_portable(pos: &Position, depth: u32) -> u64 {
    perft_body(pos, depth, perft_portable)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt,lzcnt,bmi1,bmi2,avx2")]
fn perft_v3(pos: &Position, depth: u32) -> u64 {
    perft_body(pos, depth, |p, d| perft_v3(p, d))
}
