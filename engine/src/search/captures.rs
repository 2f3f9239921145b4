//! Capture generation for the quiescence search.
//!
//! The full legal generator also produces every drop, which quiescence never wants; this
//! produces captures only (with promotion where it is allowed, since a capture that could
//! promote almost always should) and leaves the king-safety test to the caller, which plays
//! the move on a copy anyway.

use crate::{Move, PieceKind, Position, attacks};
use arrayvec::ArrayVec;

/// Room for every capture of any position (at most 38 targets, a few attackers each).
pub(crate) type CaptureList = ArrayVec<Move, 256>;

/// Appends pseudo-legal captures of the side to move: the moving piece may be pinned, or the
/// king may step onto a defended square, so the caller must test that its king is safe.
pub(crate) fn captures(pos: &Position, list: &mut CaptureList) {
    let us = pos.side_to_move();
    let occ = pos.occupied();
    let theirs = pos.pieces(!us);
    for from in pos.pieces(us) {
        let Some(p) = pos.piece_at(from) else {
            continue;
        };
        let targets = attacks::piece(us, p.kind, from, occ) & theirs;
        for to in targets {
            let rel = to.rank().relative_number(us);
            let may_promote = p.kind.can_promote() && (from.in_zone(us) || to.in_zone(us));
            let forced = match p.kind {
                PieceKind::Pawn | PieceKind::Lance => rel == 1,
                PieceKind::Knight => rel <= 2,
                _ => false,
            };
            if may_promote && !list.is_full() {
                list.push(Move::normal(from, to, true));
            }
            // Pawns, bishops and rooks lose nothing by promoting; silvers, lances and
            // knights sometimes prefer to stay unpromoted.
            let keep_unpromoted = !may_promote
                || (!forced
                    && matches!(
                        p.kind,
                        PieceKind::Silver | PieceKind::Lance | PieceKind::Knight
                    ));
            if keep_unpromoted && !list.is_full() {
                list.push(Move::normal(from, to, false));
            }
        }
    }
}

/// Appends the pseudo-legal pawn pushes that promote without capturing: a tokin is worth
/// six pawns, a swing quiescence must not miss.
pub(crate) fn pawn_promotions(pos: &Position, list: &mut CaptureList) {
    let us = pos.side_to_move();
    let empty = !pos.occupied();
    for from in pos.pieces_of(us, PieceKind::Pawn) {
        for to in attacks::pawn(us, from) & empty {
            if to.in_zone(us) && !list.is_full() {
                list.push(Move::normal(from, to, true));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every capture the legal generator finds is produced here too, and everything produced
    /// here that is legal is a legal capture.
    #[test]
    fn agrees_with_the_legal_generator() {
        let sfens = [
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2",
            "ln1g1g1nl/1ks2r3/1ppppsbpp/p4pp2/9/P1P1P1P1P/1PBP1P1P1/2KSGS1R1/LN1G3NL b - 1",
            "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
            "8k/9/9/9/4p4/3B5/9/9/K8 b - 1",
        ];
        for s in sfens {
            let pos = Position::from_sfen(s).unwrap();
            let mut list = CaptureList::new();
            captures(&pos, &mut list);
            let legal = pos.legal_moves();
            for m in &legal {
                let unpromoted_pbr = !m.is_drop()
                    && !m.is_promotion()
                    && pos.moved_piece(*m).is_some_and(|p| {
                        matches!(
                            p.kind,
                            PieceKind::Pawn | PieceKind::Bishop | PieceKind::Rook
                        )
                    })
                    && legal.contains(&Move::normal(m.from().unwrap(), m.to(), true));
                if pos.captured_piece(*m).is_some() && !unpromoted_pbr {
                    assert!(list.contains(m), "{s}: missing {m}");
                }
            }
            for m in &list {
                assert!(pos.captured_piece(*m).is_some());
                if pos.is_legal(*m).is_ok() {
                    assert!(legal.contains(m), "{s}: {m}");
                }
            }
        }
    }
}
