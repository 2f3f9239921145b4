//! Material and placement: the part of the evaluation that changes piece by piece, kept by
//! the search in its own per-ply state (as an NNUE accumulator is) rather than in the
//! position, so that the rules core holds no evaluation.

use super::{hand_piece_value, placed_value};
use tokin_core::{Color, Move, Piece, Position};

/// Black's material and placement less White's, on the board and in hand, under the default
/// evaluation parameters.
///
/// Worked out once for the root with [`Material::of`], then move by move with
/// [`Material::after`], which touches only the pieces a move changes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Material(i32);

impl Material {
    /// The material of `pos`, added up piece by piece.
    pub fn of(pos: &Position) -> Material {
        let mut s = 0;
        for sq in pos.occupied() {
            if let Some(p) = pos.piece_at(sq) {
                s += placed_value(p, sq);
            }
        }
        for c in Color::ALL {
            for (k, n) in pos.hand(c).iter() {
                s += hand_piece_value(c, k.kind()) * i32::from(n);
            }
        }
        Material(s)
    }

    /// The material after `mv` is played in `pos` (the position before the move). `mv` must
    /// be legal in `pos`; the result then equals [`Material::of`] of the position after it.
    #[inline]
    pub fn after(self, pos: &Position, mv: Move) -> Material {
        let us = pos.side_to_move();
        let to = mv.to();
        let mut s = self.0;
        match mv.from() {
            None => {
                if let Some(k) = mv.drop_kind() {
                    s += placed_value(Piece::new(us, k), to) - hand_piece_value(us, k);
                }
            }
            Some(from) => {
                if let Some(p) = pos.piece_at(from) {
                    if let Some(c) = pos.piece_at(to) {
                        s += hand_piece_value(us, c.kind.unpromote()) - placed_value(c, to);
                    }
                    let moved = Piece::new(us, p.kind.promoted_if(mv.is_promotion()));
                    s += placed_value(moved, to) - placed_value(p, from);
                }
            }
        }
        Material(s)
    }

    /// The score, positive when Black is ahead.
    #[inline]
    pub fn black_minus_white(self) -> i32 {
        self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tokin_core::testing::{Pick, random_game_positions};

    /// Move by move equals from scratch, over every legal move of random games' positions.
    #[test]
    fn incremental_equals_from_scratch() {
        random_game_positions(11, 20, 150, Pick::PreferCaptures, |pos, _| {
            let m = Material::of(pos);
            for mv in pos.legal_moves() {
                let mut child = pos.clone();
                child.play_unchecked(mv);
                assert_eq!(m.after(pos, mv), Material::of(&child), "{pos:?} {mv}");
            }
        });
    }
}
