//! Checking one move that came from outside (a GUI, a record, a user) and saying why it is
//! not legal.
//!
//! This is written independently of the generator in [`crate::movegen`], rule by rule, so
//! that the randomized tests comparing the two check each against the other.

use crate::movegen::{is_pawn_drop_mate, pawn_files};
use crate::{Color, Move, PieceKind, Position, Square, attacks};
use core::fmt;

/// Why a move is not legal in a position.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub enum IllegalMove {
    /// There is no piece on the origin square.
    EmptyOrigin,
    /// The piece on the origin square belongs to the opponent.
    NotYourPiece,
    /// The destination holds one of the mover's own pieces.
    OwnPieceOnTarget,
    /// The piece cannot move from its square to the destination.
    Unreachable,
    /// The move must promote: a pawn or lance reaching the last rank, a knight the last two.
    MustPromote,
    /// The move asks to promote a piece that cannot (gold, king, promoted piece) or a move
    /// that neither starts nor ends in the promotion zone.
    CannotPromote,
    /// The dropped piece is not in hand.
    NotInHand,
    /// A drop onto an occupied square.
    DropOnOccupied,
    /// A pawn or lance dropped on the last rank, or a knight on the last two.
    DropWithNoMove,
    /// Two unpromoted pawns on one file (二歩, *nifu*).
    #[doc(alias = "nifu")]
    TwoPawns,
    /// A pawn drop that gives mate (打ち歩詰め, *uchifuzume*).
    #[doc(alias = "uchifuzume")]
    PawnDropMate,
    /// The move leaves (or puts) the mover's king in check.
    LeavesKingInCheck,
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            IllegalMove::EmptyOrigin => "there is no piece on the origin square",
            IllegalMove::NotYourPiece => "the piece on the origin square is not yours",
            IllegalMove::OwnPieceOnTarget => "the destination holds your own piece",
            IllegalMove::Unreachable => "the piece cannot reach the destination",
            IllegalMove::MustPromote => "the piece must promote there",
            IllegalMove::CannotPromote => "the piece cannot promote on this move",
            IllegalMove::NotInHand => "the piece is not in hand",
            IllegalMove::DropOnOccupied => "cannot drop onto an occupied square",
            IllegalMove::DropWithNoMove => "a piece dropped there could never move",
            IllegalMove::TwoPawns => "two pawns on one file (nifu)",
            IllegalMove::PawnDropMate => "a pawn drop may not give mate (uchifuzume)",
            IllegalMove::LeavesKingInCheck => "the move leaves the king in check",
        })
    }
}

impl std::error::Error for IllegalMove {}

impl Position {
    /// Whether `mv` is legal here, and if not, why.
    ///
    /// # Errors
    /// The first rule the move breaks.
    ///
    /// # Examples
    /// ```
    /// use tokin_core::{IllegalMove, Move, Position};
    /// let pos = Position::startpos();
    /// assert_eq!(pos.is_legal(Move::from_usi("7g7f").unwrap()), Ok(()));
    /// assert_eq!(pos.is_legal(Move::from_usi("7g7e").unwrap()), Err(IllegalMove::Unreachable));
    /// assert_eq!(pos.is_legal(Move::from_usi("P*5e").unwrap()), Err(IllegalMove::NotInHand));
    /// ```
    pub fn is_legal(&self, mv: Move) -> Result<(), IllegalMove> {
        let us = self.side_to_move();
        let to = mv.to();
        let rel = to.rank().relative_number(us);
        match mv.from() {
            None => {
                let Some(piece) = mv.hand_piece() else {
                    return Err(IllegalMove::NotInHand);
                };
                if !self.hand(us).has(piece) {
                    return Err(IllegalMove::NotInHand);
                }
                let kind = piece.kind();
                if self.piece_at(to).is_some() {
                    return Err(IllegalMove::DropOnOccupied);
                }
                if kind.is_stuck_on(rel) {
                    return Err(IllegalMove::DropWithNoMove);
                }
                if kind == PieceKind::Pawn && pawn_files(self, us).contains(to) {
                    return Err(IllegalMove::TwoPawns);
                }
                if self.king_left_in_check(mv) {
                    return Err(IllegalMove::LeavesKingInCheck);
                }
                if kind == PieceKind::Pawn
                    && self
                        .king_square(!us)
                        .is_some_and(|k| attacks::pawn(us, to).contains(k))
                    && is_pawn_drop_mate(self, to)
                {
                    return Err(IllegalMove::PawnDropMate);
                }
                Ok(())
            }
            Some(from) => {
                let Some(p) = self.piece_at(from) else {
                    return Err(IllegalMove::EmptyOrigin);
                };
                if p.color != us {
                    return Err(IllegalMove::NotYourPiece);
                }
                if self.piece_at(to).is_some_and(|q| q.color == us) {
                    return Err(IllegalMove::OwnPieceOnTarget);
                }
                if !attacks::piece(us, p.kind, from, self.occupied()).contains(to) {
                    return Err(IllegalMove::Unreachable);
                }
                if let Some(e) = promotion_error(p.kind, us, from, to, mv.is_promotion()) {
                    return Err(e);
                }
                if self.king_left_in_check(mv) {
                    return Err(IllegalMove::LeavesKingInCheck);
                }
                Ok(())
            }
        }
    }

    /// Whether the mover's king is attacked after `mv` (a move that passed the other
    /// checks of [`Position::is_legal`]).
    ///
    /// Out of check this is answered on the board as it is: a drop cannot expose the king, a
    /// king's step is safe when its square is unattacked with the king gone from its origin,
    /// and any other piece can expose the king only by leaving a line through it (no move
    /// jumps over the king). In check, and for a position without the mover's king, the move
    /// is played on a copy ([`Position::king_left_in_check_by_playing`]). Readers check every
    /// move of every record this way, so the copy costs where it is not needed; a test
    /// compares the two answers on every move of random positions.
    fn king_left_in_check(&self, mv: Move) -> bool {
        let us = self.side_to_move();
        let Some(k) = self.king_square(us) else {
            return false;
        };
        if self.in_check() {
            return self.king_left_in_check_by_playing(mv);
        }
        let Some(from) = mv.from() else {
            return false;
        };
        let occ = self.occupied().without(from);
        if from == k {
            return self.is_attacked_by(!us, mv.to(), occ);
        }
        let line = attacks::line(k, from);
        !line.is_empty()
            && !line.contains(mv.to())
            && self.is_attacked_by(!us, k, occ.with(mv.to()))
    }

    /// Plays `mv` on a copy and asks whether the mover's king is attacked afterwards.
    fn king_left_in_check_by_playing(&self, mv: Move) -> bool {
        let us = self.side_to_move();
        let mut after = self.clone();
        after.play_unchecked(mv);
        match after.king_square(us) {
            Some(k) => after.is_attacked_by(!us, k, after.occupied()),
            None => false,
        }
    }
}

/// Whether a move of a `kind` piece of `us` from `from` to `to`, promoting or not, breaks
/// the promotion rules: promoting needs a kind that can promote and a start or end in the
/// enemy camp; not promoting is forbidden where the piece would have no further move.
#[inline]
pub fn promotion_error(
    kind: PieceKind,
    us: Color,
    from: Square,
    to: Square,
    promote: bool,
) -> Option<IllegalMove> {
    if promote {
        (!kind.can_promote() || !(from.in_zone(us) || to.in_zone(us)))
            .then_some(IllegalMove::CannotPromote)
    } else {
        kind.is_stuck_on(to.rank().relative_number(us))
            .then_some(IllegalMove::MustPromote)
    }
}

#[cfg(test)]
mod tests {
    use crate::testing::{Pick, all_syntactic_moves, random_game_positions_from};
    use crate::{Handicap, Position, Square};

    /// Whether the king is left in check is answered on the board as it stands exactly as by
    /// playing the move on a copy, for every move that passes the other checks, in positions
    /// of random games from every handicap start (in check or not, hands full or empty).
    #[test]
    fn the_king_is_left_in_check_as_playing_the_move_shows() {
        let moves = all_syntactic_moves();
        let starts: Vec<Position> = Handicap::ALL.iter().map(|h| h.position()).collect();
        let (mut checked, mut exposed) = (0, 0);
        random_game_positions_from(&starts, 17, 40, 160, Pick::PreferCaptures, |pos, _| {
            if checked > 2_000_000 {
                return;
            }
            for &mv in &moves {
                // Only moves that reach the king test are asked (as `is_legal` asks).
                let legal = pos.is_legal(mv);
                if matches!(legal, Ok(()) | Err(crate::IllegalMove::LeavesKingInCheck)) {
                    let by_playing = pos.king_left_in_check_by_playing(mv);
                    assert_eq!(
                        pos.king_left_in_check(mv),
                        by_playing,
                        "{mv} in {}",
                        pos.to_sfen()
                    );
                    checked += 1;
                    exposed += usize::from(by_playing);
                }
            }
        });
        assert!(
            exposed > 100,
            "only {exposed} moves exposed the king: the test is too weak"
        );
    }

    /// The sparse attackers are the attackers, for both sides, on every square, with the
    /// board's occupancy and with squares taken out of it (as x-ray tests ask).
    #[test]
    fn sparse_attackers_are_the_attackers() {
        use crate::Color;
        let starts: Vec<Position> = Handicap::ALL.iter().map(|h| h.position()).collect();
        let mut ranging = 0;
        random_game_positions_from(&starts, 23, 30, 160, Pick::PreferCaptures, |pos, rng| {
            use rand::Rng;
            let occ = pos.occupied();
            let holed = occ.without(Square::ALL[rng.random_range(0..81)]);
            for color in [Color::Black, Color::White] {
                for sq in Square::ALL {
                    for o in [occ, holed] {
                        let want = pos.attackers_to(color, sq, o);
                        assert_eq!(
                            pos.attackers_to_sparse(color, sq, o),
                            want,
                            "{}",
                            pos.to_sfen()
                        );
                        ranging +=
                            usize::from((want & (pos.bishop_likes() | pos.rook_likes())).is_any());
                    }
                }
            }
        });
        assert!(
            ranging > 1000,
            "only {ranging} ranging attacks: the test is too weak"
        );
    }
}
