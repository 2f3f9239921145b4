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
    #[inline]
    pub fn is_legal(&self, mv: Move) -> Result<(), IllegalMove> {
        match mv.from() {
            Some(from) => self.is_legal_board_move(from, mv.to(), mv.is_promotion()),
            None => self.drop_legality(mv),
        }
    }

    /// What [`Position::is_legal`] answers for the board move from `from` to `to`, promoting
    /// or not (the move [`Move::try_normal`] makes of them), for a caller that has the squares
    /// at hand: a record reader, say, judging every move it reads.
    ///
    /// Most such moves are legal and made out of check: they are answered where this is
    /// inlined, from the kind's reach and, for the king, the attacks on its destination, for
    /// another piece the ranging pieces on the line through the king and `from`; every other
    /// move (and every illegal one, with its reason) in a call.
    ///
    /// # Errors
    /// The first rule the move breaks, as [`Position::is_legal`] gives it.
    ///
    /// # Examples
    /// ```
    /// use tokin_core::{IllegalMove, Position, Square};
    /// let pos = Position::startpos();
    /// let sq = |s: &str| Square::from_usi(s).unwrap();
    /// assert_eq!(pos.is_legal_board_move(sq("7g"), sq("7f"), false), Ok(()));
    /// assert_eq!(
    ///     pos.is_legal_board_move(sq("7g"), sq("7f"), true),
    ///     Err(IllegalMove::CannotPromote)
    /// );
    /// ```
    #[inline(always)]
    pub fn is_legal_board_move(
        &self,
        from: Square,
        to: Square,
        promote: bool,
    ) -> Result<(), IllegalMove> {
        if self.plainly_legal(from, to, promote) {
            return Ok(());
        }
        self.board_move_legality(from, to, promote)
    }

    /// Whether the board move from `from` to `to`, promoting or not, is legal and made out of
    /// check; `false` for any other move, legal or not. Out of check a king's step is legal
    /// when its destination is unattacked with the king gone from its origin, and another
    /// piece's when it uncovers no ranging piece onto the king.
    #[inline(always)]
    fn plainly_legal(&self, from: Square, to: Square, promote: bool) -> bool {
        let us = self.side_to_move();
        let Some(p) = self.piece_at(from) else {
            return false;
        };
        p.color == us
            && !self.in_check()
            && self.piece_at(to).is_none_or(|q| q.color != us)
            && attacks::reaches(us, p.kind, from, to, self.occupied())
            && promotion_error(p.kind, us, from, to, promote).is_none()
            && if p.kind == PieceKind::King {
                // `from`'s bit shifted into place, as in `uncovers_king`.
                let occ = self.occupied() ^ Bitboard::from_bits(1 << from.index());
                !self.is_attacked_by(!us, to, occ)
            } else {
                !self.uncovers_king(from, to)
            }
    }

    /// [`Position::is_legal`] for a drop.
    fn drop_legality(&self, mv: Move) -> Result<(), IllegalMove> {
        let us = self.side_to_move();
        let to = mv.to();
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
        if kind.is_stuck_on(to.rank().relative_number(us)) {
            return Err(IllegalMove::DropWithNoMove);
        }
        if kind == PieceKind::Pawn && pawn_files(self, us).contains(to) {
            return Err(IllegalMove::TwoPawns);
        }
        if self.drop_leaves_check(to) {
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

    /// [`Position::is_legal`] for a board move from `from` to `to`, promoting or not.
    #[inline(never)]
    fn board_move_legality(
        &self,
        from: Square,
        to: Square,
        promote: bool,
    ) -> Result<(), IllegalMove> {
        let us = self.side_to_move();
        let Some(p) = self.piece_at(from) else {
            return Err(IllegalMove::EmptyOrigin);
        };
        if p.color != us {
            return Err(IllegalMove::NotYourPiece);
        }
        if self.piece_at(to).is_some_and(|q| q.color == us) {
            return Err(IllegalMove::OwnPieceOnTarget);
        }
        if !attacks::reaches(us, p.kind, from, to, self.occupied()) {
            return Err(IllegalMove::Unreachable);
        }
        if let Some(e) = promotion_error(p.kind, us, from, to, promote) {
            return Err(e);
        }
        if self.board_move_leaves_check(p.kind, from, to) {
            return Err(IllegalMove::LeavesKingInCheck);
        }
        Ok(())
    }

    /// Whether the mover's king is attacked after `mv` (a move that passed the other
    /// checks of [`Position::is_legal`]): [`Position::board_move_leaves_check`] or
    /// [`Position::drop_leaves_check`], as the move is.
    #[cfg(test)]
    fn king_left_in_check(&self, mv: Move) -> bool {
        match mv.from() {
            Some(from) => self
                .piece_at(from)
                .is_some_and(|p| self.board_move_leaves_check(p.kind, from, mv.to())),
            None => self.drop_leaves_check(mv.to()),
        }
    }

    /// Whether moving the side to move's `kind` from `from` to `to` (a move that passed the
    /// other checks of [`Position::is_legal`]) leaves its king attacked, answered on the
    /// board as it is, without playing the move: readers check every move of every record
    /// this way, so a copy of the position per move would cost where it is not needed.
    ///
    /// A king's step is safe when its square is unattacked with the king gone from its
    /// origin. Any other piece must, in check, capture the single checker or stand between
    /// it and the king (none answers a double check); and, in check or not, it can expose
    /// the king only by leaving the line through the king and `from` (no move jumps over the
    /// king), uncovering an enemy ranging piece on that line: one that sees the king once
    /// `from` is empty. With `from` occupied none does (or it would be a checker, and then
    /// `to`, on its line, is on that line too), so only these pieces are looked at, not the
    /// attacks of every kind. A test compares these answers with playing the move on a copy
    /// on every move of random positions.
    #[inline(always)]
    fn board_move_leaves_check(&self, kind: PieceKind, from: Square, to: Square) -> bool {
        let us = self.side_to_move();
        let Some(k) = self.king_square(us) else {
            return false;
        };
        if kind == PieceKind::King {
            return self.is_attacked_by(!us, to, self.occupied().without(from));
        }
        let checkers = self.checkers();
        if checkers.is_any() && evasion_misses(k, checkers, to) {
            return true;
        }
        self.uncovers_king(from, to)
    }

    /// Whether moving a piece other than the king of the side to move from `from` to `to`
    /// uncovers an enemy ranging piece onto its king, the move's other effects aside (see
    /// [`Position::board_move_leaves_check`]): the piece leaves the line through the king and
    /// `from`, and a ranging piece on that line sees the king once `from` is empty.
    #[inline(always)]
    fn uncovers_king(&self, from: Square, to: Square) -> bool {
        let us = self.side_to_move();
        let Some(k) = self.king_square(us) else {
            return false;
        };
        let line = attacks::line(k, from);
        if line.is_empty() || line.contains(to) {
            return false;
        }
        let ranging = if attacks::rook_empty(k).contains(from) {
            self.rook_likes()
                | (attacks::lance_empty(us, k) & self.pieces_of_kind(PieceKind::Lance))
        } else {
            self.bishop_likes()
        };
        // `from`'s bit, shifted into place: `Bitboard::without` looks it up in a table that
        // the compiler may copy onto the stack where this is inlined (1,296 bytes a call).
        let occ = self.occupied() ^ Bitboard::from_bits(1 << from.index());
        (ranging & line & self.pieces(!us))
            .into_iter()
            .any(|s| (attacks::between(k, s) & occ).is_empty())
    }

    /// Whether dropping a piece on the empty square `to` (a drop that passed the other checks
    /// of [`Position::is_legal`]) leaves the side to move's king attacked: only in check,
    /// when the drop does not stand between the single checker and the king (a drop opens no
    /// line).
    #[inline]
    fn drop_leaves_check(&self, to: Square) -> bool {
        let checkers = self.checkers();
        checkers.is_any()
            && self
                .king_square(self.side_to_move())
                .is_some_and(|k| evasion_misses(k, checkers, to))
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

    /// What [`Position::is_legal`] must answer, rule by rule in its order with each rule
    /// stated plainly: the piece's whole attack set for its reach, and the king's safety by
    /// playing the move on a copy.
    #[cfg(test)]
    fn is_legal_by_playing(&self, mv: Move) -> Result<(), IllegalMove> {
        let us = self.side_to_move();
        let to = mv.to();
        match mv.from() {
            None => {
                let piece = mv.hand_piece().ok_or(IllegalMove::NotInHand)?;
                let kind = piece.kind();
                if !self.hand(us).has(piece) {
                    Err(IllegalMove::NotInHand)
                } else if self.piece_at(to).is_some() {
                    Err(IllegalMove::DropOnOccupied)
                } else if kind.is_stuck_on(to.rank().relative_number(us)) {
                    Err(IllegalMove::DropWithNoMove)
                } else if kind == PieceKind::Pawn
                    && self
                        .pieces_of(us, PieceKind::Pawn)
                        .into_iter()
                        .any(|s| s.file() == to.file())
                {
                    Err(IllegalMove::TwoPawns)
                } else if self.king_left_in_check_by_playing(mv) {
                    Err(IllegalMove::LeavesKingInCheck)
                } else if kind == PieceKind::Pawn && {
                    let mut after = self.clone();
                    after.play_unchecked(mv);
                    after.in_check() && after.legal_moves().is_empty()
                } {
                    Err(IllegalMove::PawnDropMate)
                } else {
                    Ok(())
                }
            }
            Some(from) => {
                let p = self.piece_at(from).ok_or(IllegalMove::EmptyOrigin)?;
                if p.color != us {
                    Err(IllegalMove::NotYourPiece)
                } else if self.piece_at(to).is_some_and(|q| q.color == us) {
                    Err(IllegalMove::OwnPieceOnTarget)
                } else if !attacks::piece(us, p.kind, from, self.occupied()).contains(to) {
                    Err(IllegalMove::Unreachable)
                } else if let Some(e) = promotion_error(p.kind, us, from, to, mv.is_promotion()) {
                    Err(e)
                } else if self.king_left_in_check_by_playing(mv) {
                    Err(IllegalMove::LeavesKingInCheck)
                } else {
                    Ok(())
                }
            }
        }
    }
}

/// In check from `checkers` (not empty), whether a move of a piece other than the king
/// on `k` to `to` fails to answer the check: it must capture the single checker or stand
/// between it and the king, and nothing answers a double check.
#[inline]
fn evasion_misses(k: Square, checkers: Bitboard, to: Square) -> bool {
    if checkers.has_more_than_one() {
        return true;
    }
    let Some(checker) = checkers.into_iter().next() else {
        return false;
    };
    to != checker && !attacks::between(k, checker).contains(to)
}

/// Whether a move of a `kind` piece of `us` from `from` to `to`, promoting or not, breaks
/// the promotion rules: promoting needs a kind that can promote and a start or end in the
/// enemy camp; not promoting is forbidden where the piece would have no further move.
#[inline(always)]
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

    /// `is_legal` on every move the syntax can express (every origin, destination and
    /// promotion flag, every drop), legal or not, in thousands of positions of random games
    /// from every handicap start and, after each, a position in check where a checking move
    /// exists (a double check where one does): it accepts exactly the generated legal moves, and it gives for each illegal
    /// move the reason the rules, stated plainly in the same order, give (the king's safety
    /// found by playing the move). Each kind of position and reason is counted, so that a
    /// weak run fails rather than passes.
    #[test]
    fn is_legal_agrees_with_the_generator_and_the_plain_rules_on_every_move() {
        use crate::IllegalMove;
        use rand::Rng;
        use std::collections::HashSet;
        let moves = all_syntactic_moves();
        let mut starts: Vec<Position> = Handicap::ALL.iter().map(|h| h.position()).collect();
        for sfen in [
            "k3r4/9/9/9/8b/9/9/3G2S2/4K4 b GPr 1",
            "7lk/7p1/8G/9/9/9/9/9/K8 b P 1",
            "4k3l/9/4r4/9/4G4/9/1b7/9/4K3L b 2P 1",
            // A double check, and one a knight's move gives by uncovering a rook.
            "k3r4/9/9/9/8b/9/9/9/4K4 b G2SPr 1",
            "4k4/9/9/9/4N4/9/9/9/4R3K b 2P 1",
        ] {
            starts.push(Position::from_sfen(sfen).unwrap());
        }
        let (mut positions, mut in_check, mut double) = (0, 0, 0);
        // Counted by the reason's place in the enum.
        let mut reasons = [0usize; 12];
        let mut judge = |pos: &Position| {
            let legal: HashSet<_> = pos.legal_moves().iter().copied().collect();
            for &mv in &moves {
                let verdict = pos.is_legal(mv);
                assert_eq!(
                    verdict.is_ok(),
                    legal.contains(&mv),
                    "{mv} is {verdict:?} in {}",
                    pos.to_sfen()
                );
                assert_eq!(
                    verdict,
                    pos.is_legal_by_playing(mv),
                    "{mv} in {}",
                    pos.to_sfen()
                );
                if let Err(why) = verdict {
                    reasons[why as usize] += 1;
                }
            }
            positions += 1;
            in_check += usize::from(pos.in_check());
            double += usize::from(pos.checkers().has_more_than_one());
        };
        for pick in [Pick::Uniform, Pick::PreferCaptures] {
            random_game_positions_from(&starts, 0x15_1e9a, 60, 60, pick, |pos, rng| {
                judge(pos);
                // The positions after every checking move, a double check's first.
                let mut checked: Vec<Position> = pos
                    .legal_moves()
                    .iter()
                    .map(|&m| {
                        let mut after = pos.clone();
                        after.play_unchecked(m);
                        after
                    })
                    .filter(Position::in_check)
                    .collect();
                checked.sort_by_key(|p| !p.checkers().has_more_than_one());
                if let Some(first) = checked.first() {
                    if first.checkers().has_more_than_one() {
                        judge(first);
                    } else {
                        judge(&checked[rng.random_range(0..checked.len())]);
                    }
                }
            });
        }
        let leaves = reasons[IllegalMove::LeavesKingInCheck as usize];
        assert!(
            positions > 3000 && in_check > 1000 && double > 10 && leaves > 10_000,
            "too weak: {positions} positions, {in_check} in check, {double} double checks, \
             {leaves} moves leaving the king in check"
        );
        assert!(
            reasons.iter().all(|&n| n > 0),
            "not every reason came up: {reasons:?}"
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
