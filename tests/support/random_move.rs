//! Random legal moves for tests and benches, shared with `#[path]` includes.

use rand::Rng;
use rand::seq::IndexedRandom;
use tokin_core::{Move, Position};

/// A random legal move, a capture half of the time when there is one, so that random games
/// reach recaptures (同), drops and promoted pieces quickly. `None` when there is no move.
pub fn random_move(pos: &Position, rng: &mut impl Rng) -> Option<Move> {
    let legal = pos.legal_moves();
    let captures: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|&m| pos.captured_piece(m).is_some())
        .collect();
    if !captures.is_empty() && rng.random_bool(0.5) {
        captures.choose(rng).copied()
    } else {
        legal.choose(rng).copied()
    }
}
