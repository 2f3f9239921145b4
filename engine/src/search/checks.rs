//! Whether a move gives check, decided before the move is played, so that pruning can skip
//! a move without paying for the copy and the play.

use crate::{Bitboard, Move, PieceKind, Position, Square, attacks};

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

    /// Whether `mv` (legal in `pos`) checks the enemy king.
    #[inline]
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
                if self.discoverers.contains(from) && !attacks::line(from, ksq).contains(to) {
                    return true;
                }
                let Some(p) = pos.piece_at(from) else {
                    return false;
                };
                let kind = match (mv.is_promotion(), p.kind.promote()) {
                    (true, Some(k)) => k,
                    _ => p.kind,
                };
                (kind, pos.occupied().without(from).with(to))
            }
        };
        attacks::piece(pos.side_to_move(), kind, to, occ).contains(ksq)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    /// On random games, the prediction agrees with playing the move and looking.
    #[test]
    fn agrees_with_playing_the_move() {
        let mut rng = StdRng::seed_from_u64(7);
        for _ in 0..60 {
            let mut pos = Position::startpos();
            for _ in 0..160 {
                let list = pos.legal_moves();
                if list.is_empty() {
                    break;
                }
                let ci = CheckInfo::new(&pos);
                for &m in &list {
                    let mut c = pos.clone();
                    c.play(m);
                    assert_eq!(
                        ci.gives_check(&pos, m),
                        c.in_check(),
                        "{} {m}",
                        pos.to_sfen()
                    );
                }
                let m = list[rng.random_range(0..list.len())];
                pos.play(m);
            }
        }
    }
}
