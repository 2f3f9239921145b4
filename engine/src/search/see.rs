//! Static exchange evaluation: whether the exchange a move starts on its destination square
//! gains at least a threshold, with both sides recapturing least valuable piece first and
//! either side free to stop. Ranging pieces behind a recapturer join in (x-rays), because
//! attackers are recomputed with the pieces already exchanged removed.
//!
//! Simplifications, as usual for SEE: pins are ignored, and a recapture never promotes.
//! A drop risks the dropped piece and wins nothing at once, which is exactly what makes SEE
//! useful in shogi: most drops onto attacked squares simply lose the piece.
//!
//! CITE: <https://www.chessprogramming.org/Static_Exchange_Evaluation> (the "swap" form).

use crate::eval::piece_value;
use tokin_core::{Bitboard, Color, Move, PieceKind, Position, Square, attacks};

/// Kinds in the order a side recaptures with them: cheapest first, king last.
const RECAPTURE_ORDER: [PieceKind; 14] = [
    PieceKind::Pawn,
    PieceKind::Lance,
    PieceKind::Knight,
    PieceKind::Silver,
    PieceKind::Gold,
    PieceKind::ProPawn,
    PieceKind::ProLance,
    PieceKind::ProKnight,
    PieceKind::ProSilver,
    PieceKind::Bishop,
    PieceKind::Horse,
    PieceKind::Rook,
    PieceKind::Dragon,
    PieceKind::King,
];

/// The value of the piece of `kind` that `mv` moves, once on its destination (promoted if
/// it promotes).
#[inline]
fn placed_value(kind: PieceKind, mv: Move) -> i32 {
    piece_value(kind.promoted_if(mv.is_promotion()))
}

/// Each kind's place in [`RECAPTURE_ORDER`], by kind index.
const RECAPTURE_RANK: [u8; 14] = {
    let mut t = [0u8; 14];
    let mut i = 0;
    while i < RECAPTURE_ORDER.len() {
        t[RECAPTURE_ORDER[i] as usize] = i as u8;
        i += 1;
    }
    t
};

/// Both sides' pieces that attack `to` through `occ` and still stand (are in `occ`).
#[inline]
fn all_attackers(pos: &Position, to: Square, occ: Bitboard) -> Bitboard {
    let black = pos.pieces(Color::Black);
    let white = pos.pieces(Color::White);
    let pawns = pos.pieces_of_kind(PieceKind::Pawn);
    let knights = pos.pieces_of_kind(PieceKind::Knight);
    let silvers = pos.pieces_of_kind(PieceKind::Silver);
    let golds = pos.gold_likes();
    // A black piece attacks `to` from where a white one on `to` would attack, and back.
    let by_black = (attacks::pawn(Color::White, to) & pawns)
        | (attacks::knight(Color::White, to) & knights)
        | (attacks::silver(Color::White, to) & silvers)
        | (attacks::gold(Color::White, to) & golds);
    let by_white = (attacks::pawn(Color::Black, to) & pawns)
        | (attacks::knight(Color::Black, to) & knights)
        | (attacks::silver(Color::Black, to) & silvers)
        | (attacks::gold(Color::Black, to) & golds);
    ((by_black & black)
        | (by_white & white)
        | (attacks::king(to) & pos.king_likes())
        | file_sliders(pos, to, occ)
        | diagonal_sliders(pos, to, occ))
        & occ
}

/// Both sides' rooks, dragons and lances that attack `to` through `occ` (lances run along
/// files, so they join in whenever a rook line opens). One rook attack from `to` finds them
/// all, and it is computed only when such a piece stands on an empty-board line through `to`.
#[inline]
fn file_sliders(pos: &Position, to: Square, occ: Bitboard) -> Bitboard {
    let lances = pos.pieces_of_kind(PieceKind::Lance);
    let rooks = pos.rook_likes();
    if ((rooks | lances) & attacks::rook_empty(to)).is_empty() {
        return Bitboard::EMPTY;
    }
    // A lance attacks `to` only from the side it faces.
    let facing = (attacks::lance_empty(Color::White, to) & pos.pieces(Color::Black))
        | (attacks::lance_empty(Color::Black, to) & pos.pieces(Color::White));
    attacks::rook(to, occ) & (rooks | (lances & facing))
}

/// Both sides' bishops and horses that attack `to` along a diagonal through `occ`, computed
/// only when one stands on an empty-board diagonal through `to`.
#[inline]
fn diagonal_sliders(pos: &Position, to: Square, occ: Bitboard) -> Bitboard {
    let bishops = pos.bishop_likes() & attacks::bishop_empty(to);
    if bishops.is_empty() {
        return Bitboard::EMPTY;
    }
    attacks::bishop(to, occ) & bishops
}

/// Whether playing `mv` (legal in `pos`) gains at least `threshold` centipawns once the
/// exchange on its destination is over.
pub(crate) fn see_ge(pos: &Position, mv: Move, threshold: i32) -> bool {
    let to = mv.to();
    let us = pos.side_to_move();
    let Some(mover) = pos.moved_piece(mv) else {
        return pos.captured_piece(mv).map_or(0, |p| piece_value(p.kind)) >= threshold;
    };
    let moved = placed_value(mover.kind, mv);
    let promo_gain = if mv.is_promotion() {
        moved - piece_value(mover.kind)
    } else {
        0
    };
    // What we win at once, less what we must win: if that is already short, no exchange helps.
    let mut swap =
        pos.captured_piece(mv).map_or(0, |p| piece_value(p.kind)) + promo_gain - threshold;
    if swap < 0 {
        return false;
    }
    // If the opponent takes the moved piece and we stop, is that still enough?
    swap = moved - swap;
    if swap <= 0 {
        return true;
    }
    let mut occ = pos.occupied().with(to);
    if let Some(from) = mv.from() {
        occ = occ.without(from);
    }
    // Most squares are not attacked at all, and then the moved piece is safe: the cheap
    // test first (every enemy piece is still in `occ`, only ours can have left).
    if !pos.is_attacked_by(!us, to, occ) {
        return true;
    }
    // Attackers of both sides, kept up to date as pieces leave: removing a piece can only
    // open a line, so only the ranging pieces on the lines through the square it left need
    // looking at again.
    let mut attackers = all_attackers(pos, to, occ);
    let mut side = us;
    // `res` is 1 while the side that moved last is ahead of the threshold.
    let mut res = 1;
    loop {
        side = !side;
        let ours = attackers & pos.pieces(side);
        if ours.is_empty() {
            break;
        }
        res ^= 1;
        // The least valuable attacker, the lowest square among equals.
        let mut best_rank = u8::MAX;
        let mut best = (to, PieceKind::King);
        for sq in ours {
            let Some(p) = pos.piece_at(sq) else { continue };
            let rank = RECAPTURE_RANK[p.kind.index()];
            if rank < best_rank {
                best_rank = rank;
                best = (sq, p.kind);
            }
        }
        let (sq, kind) = best;
        if kind == PieceKind::King {
            // The king may take only if nothing takes it back.
            let defended = (attackers & pos.pieces(!side)).is_any();
            return if defended { res ^ 1 != 0 } else { res != 0 };
        }
        swap = piece_value(kind) - swap;
        if swap < res {
            break;
        }
        occ = occ.without(sq);
        attackers = attackers.without(sq);
        if attacks::rook_empty(to).contains(sq) {
            attackers |= file_sliders(pos, to, occ) & occ;
        } else if attacks::bishop_empty(to).contains(sq) {
            attackers |= diagonal_sliders(pos, to, occ) & occ;
        }
    }
    res != 0
}

#[cfg(test)]
mod tests {
    use super::*;
    use tokin_core::testing::{Pick, random_game_positions};

    fn pos(s: &str) -> Position {
        Position::from_sfen(s).unwrap()
    }

    /// The exchange worked out from scratch each round: every attacker recomputed, the
    /// cheapest found kind by kind.
    fn reference(pos: &Position, mv: Move, threshold: i32) -> bool {
        let to = mv.to();
        let us = pos.side_to_move();
        let moved = pos.moved_piece(mv).map_or(0, |p| placed_value(p.kind, mv));
        let promo_gain = if mv.is_promotion() {
            moved - pos.moved_piece(mv).map_or(0, |p| piece_value(p.kind))
        } else {
            0
        };
        let mut swap =
            pos.captured_piece(mv).map_or(0, |p| piece_value(p.kind)) + promo_gain - threshold;
        if swap < 0 {
            return false;
        }
        swap = moved - swap;
        if swap <= 0 {
            return true;
        }
        let mut occ = pos.occupied().with(to);
        if let Some(from) = mv.from() {
            occ = occ.without(from);
        }
        let mut side = us;
        let mut res = 1;
        loop {
            side = !side;
            let attackers = pos.attackers_to(side, to, occ) & occ;
            if attackers.is_empty() {
                break;
            }
            res ^= 1;
            let Some(kind) = RECAPTURE_ORDER
                .into_iter()
                .find(|&k| (pos.pieces_of(side, k) & attackers).is_any())
            else {
                break;
            };
            if kind == PieceKind::King {
                let defended = (pos.attackers_to(!side, to, occ) & occ).is_any();
                return if defended { res ^ 1 != 0 } else { res != 0 };
            }
            swap = piece_value(kind) - swap;
            if swap < res {
                break;
            }
            if let Some(sq) = (pos.pieces_of(side, kind) & attackers).first() {
                occ = occ.without(sq);
            }
        }
        res != 0
    }

    /// On random games, every legal move at a spread of thresholds agrees with the
    /// from-scratch exchange, and a move that clears a threshold clears every lower one
    /// (the search skips the exchange for captures already known to clear zero).
    #[test]
    fn agrees_with_the_reference() {
        let thresholds = [-1500, -600, -200, -1, 0, 1, 90, 300, 600, 1000];
        random_game_positions(5, 20, 140, Pick::PreferCaptures, |p, _| {
            for &m in &p.legal_moves() {
                let mut cleared_above = false;
                for t in thresholds.into_iter().rev() {
                    let ge = see_ge(p, m, t);
                    assert_eq!(ge, reference(p, m, t), "{} {m} {t}", p.to_sfen());
                    assert!(ge || !cleared_above, "{} {m} {t}", p.to_sfen());
                    cleared_above = ge;
                }
            }
        });
    }

    #[test]
    fn free_capture_wins_the_piece() {
        // A bishop takes an undefended gold.
        let p = pos("4k4/9/9/9/4g4/9/9/1B7/4K4 b - 1");
        let m = Move::from_usi("8h5e").unwrap();
        assert!(see_ge(&p, m, 540));
        assert!(!see_ge(&p, m, 541));
    }

    #[test]
    fn defended_pawn_costs_the_rook() {
        // Rook takes a pawn defended by a gold: loses rook for pawn.
        let p = pos("4k4/9/4g4/4p4/9/9/9/4R4/4K4 b - 1");
        let m = Move::from_usi("5h5d").unwrap();
        assert!(!see_ge(&p, m, 0));
        assert!(see_ge(&p, m, 90 - 990));
    }

    #[test]
    fn drops_onto_attacked_squares_lose_the_piece() {
        let p = pos("4k4/9/4p4/9/9/9/9/9/4K4 b S 1");
        assert!(!see_ge(&p, Move::from_usi("S*5d").unwrap(), 0));
        assert!(see_ge(&p, Move::from_usi("S*1e").unwrap(), 0));
    }

    #[test]
    fn x_ray_backs_up_the_first_capture() {
        // Rook behind rook: RxP, gxR, RxG wins pawn + gold for a rook.
        let p = pos("4k4/4g4/4p4/9/9/9/4R4/4R4/4K4 b - 1");
        let m = Move::from_usi("5g5c").unwrap();
        assert!(see_ge(&p, m, 90 + 540 - 990));
        assert!(!see_ge(&p, m, 90 + 540 - 990 + 1));
    }

    #[test]
    fn king_cannot_recapture_a_defended_piece() {
        // A gold drop next to the king, defended by a lance behind: the king cannot take.
        let p = pos("3k5/9/9/9/9/9/9/9/4L3K b G 1");
        assert!(see_ge(&p, Move::from_usi("G*5b").unwrap(), 0));
        // Undefended: the king takes it.
        let q = pos("3k5/9/9/9/9/9/9/9/8K b G 1");
        assert!(!see_ge(&q, Move::from_usi("G*5b").unwrap(), 0));
    }
}
