//! Whether a move gives check, decided before the move is played, so that pruning can skip
//! a move without paying for the copy and the play.

use tokin_core::{Bitboard, Color, HandPiece, Move, PieceKind, Position, Square, attacks};

/// What every move of one node needs to know to tell whether it checks.
pub(crate) struct CheckInfo {
    /// The enemy king, if there is one.
    ksq: Option<Square>,
    /// Our pieces that alone stand between the enemy king and one of our ranging pieces:
    /// moving one off that line uncovers a check.
    discoverers: Bitboard,
}

impl CheckInfo {
    pub(crate) fn new(pos: &Position) -> CheckInfo {
        let us = pos.side_to_move();
        let Some(ksq) = pos.king_square(!us) else {
            return CheckInfo {
                ksq: None,
                discoverers: Bitboard::EMPTY,
            };
        };
        let ours = pos.pieces(us);
        let snipers = ((attacks::rook_empty(ksq) & pos.rook_likes())
            | (attacks::bishop_empty(ksq) & pos.bishop_likes())
            | (attacks::lance_empty(!us, ksq) & pos.pieces_of_kind(PieceKind::Lance)))
            & ours;
        let occ = pos.occupied();
        let mut discoverers = Bitboard::EMPTY;
        for s in snipers {
            let b = attacks::between(ksq, s) & occ;
            if !b.has_more_than_one() {
                discoverers |= b & ours;
            }
        }
        CheckInfo {
            ksq: Some(ksq),
            discoverers,
        }
    }

    /// Our pieces that uncover a check when they leave the line to the enemy king.
    pub(crate) fn discoverers(&self) -> Bitboard {
        self.discoverers
    }

    /// For each hand slot, the squares a drop of that kind checks from (the squares a piece
    /// of that kind on the enemy king's square, and of the enemy's colour, would attack):
    /// what [`CheckInfo::gives_check`] says of every drop, at one attack per kind in hand
    /// instead of a test per drop. Kinds not in hand get no squares.
    pub(crate) fn drop_checks(&self, pos: &Position) -> [Bitboard; 7] {
        let mut t = [Bitboard::EMPTY; 7];
        let Some(ksq) = self.ksq else {
            return t;
        };
        let us = pos.side_to_move();
        let hand = pos.hand(us);
        for piece in HandPiece::ALL {
            if hand.has(piece) {
                t[piece.index()] = attacks::piece(!us, piece.kind(), ksq, pos.occupied());
            }
        }
        t
    }

    /// Whether `mv` (legal in `pos`) checks the enemy king.
    #[inline(always)]
    pub(crate) fn gives_check(&self, pos: &Position, mv: Move) -> bool {
        let Some(ksq) = self.ksq else {
            return false;
        };
        let to = mv.to();
        let (kind, occ) = match mv.from() {
            None => match mv.drop_kind() {
                Some(k) => (k, pos.occupied().with(to)),
                None => return false,
            },
            Some(from) => {
                // Mostly there are no discoverers at all: test that first, it is cheaper.
                if self.discoverers.is_any()
                    && self.discoverers.contains(from)
                    && !attacks::line(from, ksq).contains(to)
                {
                    return true;
                }
                let Some(p) = pos.piece_at(from) else {
                    return false;
                };
                let kind = p.kind.promoted_if(mv.is_promotion());
                (kind, pos.occupied().without(from).with(to))
            }
        };
        attacks_square(pos.side_to_move(), kind, to, ksq, occ)
    }
}

/// Whether a piece of `color` and `kind` on `from` attacks `target`, given the occupied
/// squares: the same answer as [`attacks::piece`], but a ranging piece needs only its
/// empty-board line and the squares in between, not its whole attack set.
#[inline]
fn attacks_square(
    color: Color,
    kind: PieceKind,
    from: Square,
    target: Square,
    occ: Bitboard,
) -> bool {
    let clear = || (attacks::between(from, target) & occ).is_empty();
    match kind {
        PieceKind::Pawn => attacks::pawn(color, from).contains(target),
        PieceKind::Knight => attacks::knight(color, from).contains(target),
        PieceKind::Silver => attacks::silver(color, from).contains(target),
        PieceKind::Gold
        | PieceKind::ProPawn
        | PieceKind::ProLance
        | PieceKind::ProKnight
        | PieceKind::ProSilver => attacks::gold(color, from).contains(target),
        PieceKind::King => attacks::king(from).contains(target),
        PieceKind::Lance => attacks::lance_empty(color, from).contains(target) && clear(),
        PieceKind::Bishop => attacks::bishop_empty(from).contains(target) && clear(),
        PieceKind::Rook => attacks::rook_empty(from).contains(target) && clear(),
        PieceKind::Horse => {
            attacks::king(from).contains(target)
                || (attacks::bishop_empty(from).contains(target) && clear())
        }
        PieceKind::Dragon => {
            attacks::king(from).contains(target)
                || (attacks::rook_empty(from).contains(target) && clear())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};
    use tokin_core::testing::{Pick, random_game_positions};

    /// On random games, the prediction agrees with playing the move and looking.
    #[test]
    fn agrees_with_playing_the_move() {
        random_game_positions(7, 60, 160, Pick::Uniform, |pos, _| {
            let ci = CheckInfo::new(pos);
            let drops = ci.drop_checks(pos);
            for &m in &pos.legal_moves() {
                let mut c = pos.clone();
                c.play_unchecked(m);
                assert_eq!(
                    ci.gives_check(pos, m),
                    c.in_check(),
                    "{} {m}",
                    pos.to_sfen()
                );
                if let Some(k) = m.drop_kind() {
                    assert_eq!(drops[k.index()].contains(m.to()), c.in_check());
                }
            }
        });
    }

    /// The square test agrees with the whole attack set on random occupancies.
    #[test]
    fn square_test_agrees_with_attack_sets() {
        let mut rng = StdRng::seed_from_u64(9);
        for _ in 0..300 {
            let mut bits = 0u128;
            for _ in 0..rng.random_range(0..40) {
                bits |= 1 << rng.random_range(0..81);
            }
            let occ = Bitboard::from_bits(bits);
            for color in Color::ALL {
                for kind in PieceKind::ALL {
                    for from in Square::ALL {
                        let set = attacks::piece(color, kind, from, occ);
                        for target in Square::ALL {
                            assert_eq!(
                                attacks_square(color, kind, from, target, occ),
                                set.contains(target),
                                "{kind:?} {from} {target}"
                            );
                        }
                    }
                }
            }
        }
    }
}
