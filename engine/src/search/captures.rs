//! Capture generation for the quiescence search.
//!
//! The full legal generator also produces every drop, which quiescence never wants; this
//! produces captures only (with promotion where it is allowed, since a capture that could
//! promote almost always should) and leaves the king-safety test to the caller, which plays
//! the move on a copy anyway.

use arrayvec::ArrayVec;
use tokin_core::movegen::zone;
use tokin_core::{Bitboard, Color, Move, PieceKind, Position, Square, attacks};

/// Room for every capture of any position (at most 38 targets, a few attackers each).
pub(crate) type CaptureList = ArrayVec<Move, 256>;

/// Appends pseudo-legal captures of the side to move: the moving piece may be pinned, or the
/// king may step onto a defended square, so the caller must test that its king is safe.
///
/// Moves come by origin square, then destination square, promotion first: the callers sort
/// them by score, and equal scores keep this order, so it is part of the search's behaviour.
pub(crate) fn captures(pos: &Position, list: &mut CaptureList) {
    let us = pos.side_to_move();
    let them = !us;
    let occ = pos.occupied();
    let theirs = pos.pieces(them);
    // The pieces that capture something, found kind by kind with the kind's own attack
    // function (a ranging attack only when the empty-board lines reach an enemy piece, which
    // most do not); then put back in square order.
    let mut movers: ArrayVec<(Square, PieceKind, Bitboard), 40> = ArrayVec::new();
    let mut add = |from: Square, kind: PieceKind, targets: Bitboard| {
        if targets.is_any() {
            movers.push((from, kind, targets));
        }
    };
    // A pawn captures what stands right in front of it.
    let ahead_of_theirs = match us {
        Color::Black => theirs.shift_down(),
        Color::White => theirs.shift_up(),
    };
    for from in pos.pieces_of(us, PieceKind::Pawn) & ahead_of_theirs {
        add(from, PieceKind::Pawn, attacks::pawn(us, from));
    }
    for from in pos.pieces_of(us, PieceKind::Knight) {
        add(from, PieceKind::Knight, attacks::knight(us, from) & theirs);
    }
    // Golds, silvers, the king and the promoted minors step one square: only those next to
    // an enemy piece can capture, and there are seldom many.
    let steppers = (pos.gold_likes()
        | pos.pieces_of_kind(PieceKind::Silver)
        | pos.pieces_of_kind(PieceKind::King))
        & pos.pieces(us)
        & next_to(theirs);
    for from in steppers {
        let Some(p) = pos.piece_at(from) else {
            continue;
        };
        let reach = match p.kind {
            PieceKind::Silver => attacks::silver(us, from),
            PieceKind::King => attacks::king(from),
            _ => attacks::gold(us, from),
        };
        add(from, p.kind, reach & theirs);
    }
    for from in pos.pieces_of(us, PieceKind::Lance) {
        if (attacks::lance_empty(us, from) & theirs).is_any() {
            add(
                from,
                PieceKind::Lance,
                attacks::lance(us, from, occ) & theirs,
            );
        }
    }
    for from in pos.pieces_of(us, PieceKind::Bishop) {
        if (attacks::bishop_empty(from) & theirs).is_any() {
            add(from, PieceKind::Bishop, attacks::bishop(from, occ) & theirs);
        }
    }
    for from in pos.pieces_of(us, PieceKind::Rook) {
        if (attacks::rook_empty(from) & theirs).is_any() {
            add(from, PieceKind::Rook, attacks::rook(from, occ) & theirs);
        }
    }
    for from in pos.pieces_of(us, PieceKind::Horse) {
        let near = attacks::king(from) & theirs;
        let far = if (attacks::bishop_empty(from) & theirs).is_any() {
            attacks::bishop(from, occ) & theirs
        } else {
            Bitboard::EMPTY
        };
        add(from, PieceKind::Horse, near | far);
    }
    for from in pos.pieces_of(us, PieceKind::Dragon) {
        let near = attacks::king(from) & theirs;
        let far = if (attacks::rook_empty(from) & theirs).is_any() {
            attacks::rook(from, occ) & theirs
        } else {
            Bitboard::EMPTY
        };
        add(from, PieceKind::Dragon, near | far);
    }
    movers.sort_unstable_by_key(|m| m.0);
    // Every target holds an enemy piece and every origin one of ours, so the squares of each
    // `Move::normal` below differ.
    for &(from, kind, targets) in &movers {
        let from_zone = from.in_zone(us);
        for to in targets {
            let rel = to.rank().relative_number(us);
            let may_promote = kind.can_promote() && (from_zone || to.in_zone(us));
            let forced = kind.is_stuck_on(rel);
            if may_promote && !list.is_full() {
                list.push(Move::normal(from, to, true));
            }
            // Pawns, bishops and rooks lose nothing by promoting; silvers, lances and
            // knights sometimes prefer to stay unpromoted.
            let keep_unpromoted = !may_promote
                || (!forced
                    && matches!(
                        kind,
                        PieceKind::Silver | PieceKind::Lance | PieceKind::Knight
                    ));
            if keep_unpromoted && !list.is_full() {
                list.push(Move::normal(from, to, false));
            }
        }
    }
}

/// The squares next to (a king's step from) any square of `b`.
#[inline]
fn next_to(b: Bitboard) -> Bitboard {
    // Along the file first, then that column of three spread to the neighbouring files
    // (moving a whole file is a shift by nine, which needs no edge mask).
    let column = b | b.shift_up() | b.shift_down();
    let bits = column.bits();
    Bitboard::from_bits(bits | bits << 9 | bits >> 9)
}

/// Appends the pseudo-legal pawn pushes that promote without capturing: a tokin is worth
/// six pawns, a swing quiescence must not miss.
pub(crate) fn pawn_promotions(pos: &Position, list: &mut CaptureList) {
    let us = pos.side_to_move();
    let pawns = pos.pieces_of(us, PieceKind::Pawn);
    // Every pawn at once: one square forward, onto an empty square in the zone. Each pawn
    // has one such square, so going by destination keeps the order of the origins.
    let (ahead, back) = match us {
        Color::Black => (pawns.shift_up(), 1),
        Color::White => (pawns.shift_down(), -1),
    };
    for to in ahead & !pos.occupied() & zone(us) {
        let Some(from) = Square::from_index((to.index() as isize + back) as usize) else {
            continue;
        };
        if !list.is_full() {
            // `from` is the square behind `to`: two different squares.
            list.push(Move::normal(from, to, true));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tokin_core::testing::{Pick, random_game_positions};

    /// The captures square by square, as the generator must order them.
    fn reference(pos: &Position) -> Vec<Move> {
        let us = pos.side_to_move();
        let mut v = Vec::new();
        for from in pos.pieces(us) {
            let kind = pos.piece_at(from).unwrap().kind;
            for to in attacks::piece(us, kind, from, pos.occupied()) & pos.pieces(!us) {
                let rel = to.rank().relative_number(us);
                let may_promote = kind.can_promote() && (from.in_zone(us) || to.in_zone(us));
                let forced = kind.is_stuck_on(rel);
                if may_promote {
                    v.push(Move::normal(from, to, true));
                }
                let minor = matches!(
                    kind,
                    PieceKind::Silver | PieceKind::Lance | PieceKind::Knight
                );
                if !may_promote || (!forced && minor) {
                    v.push(Move::normal(from, to, false));
                }
            }
        }
        v
    }

    /// On random games the captures come exactly in the reference's order.
    #[test]
    fn same_order_as_square_by_square() {
        random_game_positions(11, 30, 160, Pick::PreferCaptures, |pos, _| {
            let mut list = CaptureList::new();
            captures(pos, &mut list);
            assert_eq!(list.to_vec(), reference(pos), "{}", pos.to_sfen());
            let mut pushes = CaptureList::new();
            pawn_promotions(pos, &mut pushes);
            let us = pos.side_to_move();
            let mut want = Vec::new();
            for from in pos.pieces_of(us, PieceKind::Pawn) {
                for to in attacks::pawn(us, from) & !pos.occupied() {
                    if to.in_zone(us) {
                        want.push(Move::normal(from, to, true));
                    }
                }
            }
            assert_eq!(pushes.to_vec(), want, "{}", pos.to_sfen());
        });
    }

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
