//! Helpers shared by the unit tests.

use crate::Position;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// Calls `f` on every position of `games` random games of at most `plies` plies from the
/// start position (a game ends early when the side to move has no legal move), with the
/// random generator seeded by `seed`, so that a failure can be replayed.
pub(crate) fn random_game_positions(
    seed: u64,
    games: usize,
    plies: usize,
    mut f: impl FnMut(&Position),
) {
    let mut rng = StdRng::seed_from_u64(seed);
    for _ in 0..games {
        let mut pos = Position::startpos();
        for _ in 0..plies {
            f(&pos);
            let list = pos.legal_moves();
            if list.is_empty() {
                break;
            }
            pos.play(list[rng.random_range(0..list.len())]);
        }
    }
}
