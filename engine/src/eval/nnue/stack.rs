//! The accumulators of the positions on the line a search is on, brought up to date only
//! when a position is evaluated.
//!
//! Making a move only notes which features it changes, from each side's point of view: many
//! positions a search visits are never evaluated (a table cutoff, a pruned move, a position
//! whose evaluation the table holds), and their sums are never worked out. When a position
//! is evaluated, each side's sums are carried down from the nearest ancestor that has them,
//! one move's rows at a time, and kept at every ply on the way, so that the siblings below
//! start from there. A side whose own king moved under HalfKP is recomputed from the
//! position instead.

use super::features::{self, Change};
use super::simd::Backend;
use super::{Accumulator, Network};
use tokin_core::{Color, Move, Position};

/// One ply's sums and what the move into it changed.
#[derive(Clone)]
struct Entry {
    acc: Accumulator,
    /// By [`Color::index`]: whether that side's sums in `acc` are this ply's.
    computed: [bool; 2],
    /// By [`Color::index`]: what the move into this ply changes in that side's features.
    change: [Change; 2],
}

/// What a null move changes: nothing.
const NO_CHANGE: Change = Change::Delta {
    removed: [0; 2],
    added: [0; 2],
    n: 0,
};

/// The accumulators of a search line, index 0 the root.
pub(crate) struct AccumulatorStack {
    entries: Box<[Entry]>,
    backend: Backend,
}

impl AccumulatorStack {
    /// The stack for a search of `root` at most `plies` deep (the root included); `None`
    /// when a king is missing, as for [`Accumulator::new`].
    pub(crate) fn new(net: &Network, root: &Position, plies: usize) -> Option<AccumulatorStack> {
        let backend = Backend::current();
        let acc = Accumulator::new_with(backend, net, root)?;
        let mut entries = vec![
            Entry {
                acc,
                computed: [false; 2],
                change: [NO_CHANGE; 2],
            };
            plies.max(1)
        ]
        .into_boxed_slice();
        entries[0].computed = [true; 2];
        Some(AccumulatorStack { entries, backend })
    }

    /// Notes `mv`, legal in `pos` (the position at `ply`), as the move into `ply + 1`.
    #[inline]
    pub(crate) fn push(&mut self, net: &Network, ply: usize, pos: &Position, mv: Move) {
        let e = &mut self.entries[ply + 1];
        for c in Color::ALL {
            // Both kings are on the board (the root has them and no move takes one), so a
            // change is always found; a refresh would be right in any case.
            e.change[c.index()] =
                features::change(net.architecture(), pos, mv, c).unwrap_or(Change::Refresh);
        }
        e.computed = [false; 2];
    }

    /// Notes a null move into `ply + 1`: the same pieces.
    #[inline]
    pub(crate) fn push_null(&mut self, ply: usize) {
        let e = &mut self.entries[ply + 1];
        e.change = [NO_CHANGE; 2];
        e.computed = [false; 2];
    }

    /// The evaluation of `pos`, the position at `ply`, for the side to move.
    #[inline]
    pub(crate) fn evaluate(&mut self, net: &Network, ply: usize, pos: &Position) -> i32 {
        for c in Color::ALL {
            self.bring_up_to_date(net, ply, pos, c);
        }
        net.evaluate_accumulator(&self.entries[ply].acc, pos.side_to_move())
    }

    /// Makes `perspective`'s sums at `ply` those of `pos`, the position there.
    fn bring_up_to_date(&mut self, net: &Network, ply: usize, pos: &Position, perspective: Color) {
        let side = perspective.index();
        if self.entries[ply].computed[side] {
            return;
        }
        // The nearest ply whose sums are known, unless a refresh comes first; the root's
        // are always known, so the walk ends there at the latest.
        let mut known = ply;
        loop {
            if self.entries[known].change[side] == Change::Refresh {
                let e = &mut self.entries[ply];
                // Both kings are on the board: see `push`.
                let _ = e.acc.refresh_side(self.backend, net, pos, perspective);
                e.computed[side] = true;
                return;
            }
            known -= 1;
            if self.entries[known].computed[side] {
                break;
            }
        }
        for j in known + 1..=ply {
            let (before, rest) = self.entries.split_at_mut(j);
            let parent = &before[j - 1].acc;
            let e = &mut rest[0];
            if let Change::Delta { removed, added, n } = e.change[side] {
                e.acc.update_side_from(
                    self.backend,
                    net,
                    parent,
                    perspective,
                    &removed[..n],
                    &added[..n],
                );
            }
            e.computed[side] = true;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::nnue::Architecture;
    use rand::Rng;
    use tokin_core::testing::{Pick, random_game_positions};

    /// A small random tree below `pos` (at `ply`), searched depth first as a search does:
    /// a few children each, a null move now and then, kings moved often (to exercise the
    /// refresh), and the evaluation checked against one from scratch at random nodes, also
    /// again after the children were visited.
    fn walk(
        stack: &mut AccumulatorStack,
        net: &Network,
        pos: &Position,
        ply: usize,
        depth: usize,
        rng: &mut rand::rngs::StdRng,
    ) {
        let check = |stack: &mut AccumulatorStack| {
            assert_eq!(
                stack.evaluate(net, ply, pos),
                net.evaluate(pos),
                "{}",
                pos.to_sfen()
            );
        };
        if rng.random_bool(0.5) {
            check(stack);
        }
        let moves = pos.legal_moves();
        if depth == 0 || moves.is_empty() {
            return;
        }
        for _ in 0..rng.random_range(1..=3) {
            let mut child = pos.clone();
            if !pos.in_check() && rng.random_bool(0.1) {
                stack.push_null(ply);
                child.play_null();
            } else {
                let kings: Vec<Move> = moves
                    .iter()
                    .copied()
                    .filter(|&m| {
                        m.from().and_then(|f| pos.piece_at(f)).map(|p| p.kind)
                            == Some(tokin_core::PieceKind::King)
                    })
                    .collect();
                let mv = if !kings.is_empty() && rng.random_bool(0.3) {
                    kings[rng.random_range(0..kings.len())]
                } else {
                    moves[rng.random_range(0..moves.len())]
                };
                stack.push(net, ply, pos, mv);
                child.play_unchecked(mv);
            }
            walk(stack, net, &child, ply + 1, depth - 1, rng);
        }
        if rng.random_bool(0.3) {
            check(stack);
        }
    }

    /// Sums brought up to date lazily, over several moves, across null moves and king
    /// moves, and after siblings, always equal the sums from scratch: from positions of
    /// random games, and from every handicap start.
    #[test]
    fn lazy_sums_equal_sums_from_scratch() {
        use rand::SeedableRng;
        for arch in Architecture::ALL {
            let net = Network::random(arch, 9);
            random_game_positions(31, 4, 100, Pick::PreferCaptures, |root, rng| {
                if rng.random_bool(0.7) {
                    return;
                }
                let mut stack = AccumulatorStack::new(&net, root, 8).unwrap();
                walk(&mut stack, &net, root, 0, 5, rng);
            });
            let mut rng = rand::rngs::StdRng::seed_from_u64(32);
            for h in tokin_core::Handicap::ALL {
                let root = h.position();
                let mut stack = AccumulatorStack::new(&net, &root, 8).unwrap();
                walk(&mut stack, &net, &root, 0, 6, &mut rng);
            }
        }
    }
}
