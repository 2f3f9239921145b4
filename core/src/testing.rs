//! Helpers shared by the unit tests.

use crate::{HandPiece, Move, Position, Square};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// How [`random_game_positions`] picks each move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pick {
    /// Any legal move, all equally likely.
    Uniform,
    /// A capture half of the time when there is one, so that the games reach open,
    /// tactical positions.
    PreferCaptures,
}

/// Calls `f` on every position of `games` random games of at most `plies` plies from the
/// start position (a game ends after the first position without a legal move), with the
/// random generator seeded by `seed`, so that a failure can be replayed. `f` gets the same
/// generator, for tests that need more random choices of their own.
pub fn random_game_positions(
    seed: u64,
    games: usize,
    plies: usize,
    pick: Pick,
    f: impl FnMut(&Position, &mut StdRng),
) {
    random_game_positions_from(&[Position::startpos()], seed, games, plies, pick, f);
}

/// [`random_game_positions`] with game `g` starting from `starts[g % starts.len()]` (the
/// handicap starts, say, so that hands and lone kings come up).
pub fn random_game_positions_from(
    starts: &[Position],
    seed: u64,
    games: usize,
    plies: usize,
    pick: Pick,
    mut f: impl FnMut(&Position, &mut StdRng),
) {
    let mut rng = StdRng::seed_from_u64(seed);
    for start in starts.iter().cycle().take(games) {
        let mut pos = start.clone();
        for _ in 0..plies {
            f(&pos, &mut rng);
            let Some(mv) = random_move(&pos, pick, &mut rng) else {
                break;
            };
            pos.play_unchecked(mv);
        }
    }
}

/// A random legal move of `pos` picked as `pick` says, or `None` when there is none.
pub fn random_move(pos: &Position, pick: Pick, rng: &mut impl Rng) -> Option<Move> {
    let list = pos.legal_moves();
    if list.is_empty() {
        return None;
    }
    let caps: Vec<Move> = match pick {
        Pick::Uniform => Vec::new(),
        Pick::PreferCaptures => list
            .iter()
            .copied()
            .filter(|&m| pos.captured_piece(m).is_some())
            .collect(),
    };
    Some(if !caps.is_empty() && rng.random_bool(0.5) {
        caps[rng.random_range(0..caps.len())]
    } else {
        list[rng.random_range(0..list.len())]
    })
}

/// Every move the USI syntax can express: all board moves with and without promotion and
/// all drops of the seven hand kinds (legal or not anywhere).
pub fn all_syntactic_moves() -> Vec<Move> {
    let mut v = Vec::new();
    for from in Square::ALL {
        for to in Square::ALL {
            if from != to {
                v.push(Move::normal(from, to, false));
                v.push(Move::normal(from, to, true));
            }
        }
    }
    for p in HandPiece::ALL {
        for to in Square::ALL {
            v.push(Move::drop(p, to));
        }
    }
    v
}
