//! Checking one move that came from outside (a GUI, a record, a user) and saying why it is
//! not legal.
//!
//! This is written independently of the generator in [`crate::movegen`], rule by rule, so
//! that the randomized tests comparing the two check each against the other.

use crate::movegen::{is_pawn_drop_mate, pawn_files};
use crate::{Bitboard, Color, Move, PieceKind, Position, Square, attacks};
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
    /// checks of [`Position::is_legal`]), answered on the board as it is, without playing
    /// the move: readers check every move of every record this way, so a copy of the
    /// position per move would cost where it is not needed.
    ///
    /// A king's step is safe when its square is unattacked with the king gone from its
    /// origin. Any other piece can expose the king only by leaving a line through it (no
    /// move jumps over the king). In check, a move other than the king's must also capture
    /// the single checker or block its line, and none answers a double check. A test
    /// compares these answers with playing the move on a copy on every move of random
    /// positions.
    fn king_left_in_check(&self, mv: Move) -> bool {
        let us = self.side_to_move();
        let Some(k) = self.king_square(us) else {
            return false;
        };
        let to = mv.to();
        let occ = self.occupied();
        let checkers = self.checkers();
        if mv.from() == Some(k) {
            return self.is_attacked_by(!us, to, occ.without(k));
        }
        if checkers.is_any() {
            return self.evasion_leaves_check(mv, k, checkers);
        }
        let Some(from) = mv.from() else {
            return false;
        };
        let line = attacks::line(k, from);
        !line.is_empty()
            && !line.contains(to)
            && self.is_attacked_by(!us, k, occ.without(from).with(to))
    }

    /// In check from `checkers`, whether `mv` (not a move of the king on `k`) leaves the
    /// king attacked: it must capture the single checker or stand between it and the
    /// king, and must not open another line onto the king.
    fn evasion_leaves_check(&self, mv: Move, k: Square, checkers: Bitboard) -> bool {
        if checkers.has_more_than_one() {
            return true;
        }
        let to = mv.to();
        let Some(checker) = checkers.into_iter().next() else {
            return false;
        };
        if to != checker && !attacks::between(k, checker).contains(to) {
            return true;
        }
        let Some(from) = mv.from() else {
            return false;
        };
        let line = attacks::line(k, from);
        // The piece on `to` (the checker, when captured) is gone after the move, so it is
        // left out of the attackers; the checker, when blocked, is stopped by `to`.
        !line.is_empty()
            && !line.contains(to)
            && self
                .attackers_to(
                    !self.side_to_move(),
                    k,
                    self.occupied().without(from).with(to),
                )
                .without(to)
                .is_any()
    }

    /// Plays `mv` on a copy and asks whether the mover's king is attacked afterwards (what
    /// [`Position::king_left_in_check`] must answer).
    #[cfg(test)]
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

    /// `is_legal` accepts exactly the generated legal moves among every move the syntax can
    /// express (all board moves with and without promotion, all drops), on every position
    /// of random games that give check whenever they can: so evasions, double checks, pins
    /// and pawn drops that would mate come up by the thousand, and each is counted so that
    /// a weak run fails rather than passes.
    #[test]
    fn is_legal_accepts_exactly_the_legal_moves_in_check_or_not() {
        use crate::IllegalMove;
        use rand::rngs::StdRng;
        use rand::{Rng, SeedableRng};
        use std::collections::HashSet;
        let moves = all_syntactic_moves();
        let mut rng = StdRng::seed_from_u64(0x001e_9a01);
        let (mut in_check, mut double, mut pinned, mut drop_mates, mut evasions) = (0, 0, 0, 0, 0);
        // Besides the handicap starts: a double check (rook and bishop), a check with the
        // only blocker pinned, and a pawn drop that would mate.
        let mut starts: Vec<Position> = Handicap::ALL.iter().map(|h| h.position()).collect();
        for sfen in [
            "k3r4/9/9/9/8b/9/9/3G2S2/4K4 b GPr 1",
            "k3r4/9/9/9/8b/9/9/3G1S3/4K4 b P 1",
            "7lk/7p1/8G/9/9/9/9/9/K8 b P 1",
        ] {
            starts.push(Position::from_sfen(sfen).unwrap());
        }
        for (g, start) in starts.iter().cycle().take(150).enumerate() {
            let mut pos = start.clone();
            for _ in 0..200 {
                let all: Vec<_> = pos.legal_moves().iter().copied().collect();
                let legal: HashSet<_> = all.iter().copied().collect();
                for &mv in &moves {
                    let verdict = pos.is_legal(mv);
                    assert_eq!(
                        verdict.is_ok(),
                        legal.contains(&mv),
                        "game {g}: {mv} is {verdict:?} in {}",
                        pos.to_sfen()
                    );
                    drop_mates += usize::from(verdict == Err(IllegalMove::PawnDropMate));
                }
                in_check += usize::from(pos.in_check());
                double += usize::from(pos.checkers().has_more_than_one());
                pinned += usize::from(pos.pinned(pos.side_to_move(), pos.occupied()).is_any());
                if pos.in_check() {
                    evasions += legal.len();
                }
                // A checking move when there is one, a third of the time: checks, their evasions
                // and the pins and double checks they make are what this test is about.
                if all.is_empty() {
                    break;
                }
                let checks: Vec<_> = all
                    .iter()
                    .copied()
                    .filter(|&m| {
                        let mut after = pos.clone();
                        after.play_unchecked(m);
                        after.in_check()
                    })
                    .collect();
                let pool = if !checks.is_empty() && rng.random_bool(0.3) {
                    &checks
                } else {
                    &all
                };
                pos.play_unchecked(pool[rng.random_range(0..pool.len())]);
            }
        }
        assert!(
            in_check > 3000 && double > 10 && pinned > 500 && drop_mates > 10 && evasions > 10_000,
            "too weak: {in_check} in check, {double} double, {pinned} pinned, \
             {drop_mates} pawn-drop mates, {evasions} evasions"
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
