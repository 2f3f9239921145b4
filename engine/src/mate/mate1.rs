//! Mate in one: a checking move after which the opponent has no legal move.
//!
//! The search asks this at every node before anything else, because in shogi most games end
//! with a drop that mates, and quiescence (captures only) cannot see one coming. Candidates
//! are contact checks and knight checks, by drop or by a move; each one first passes a cheap
//! necessary test (the checking square is defended when the king could take, and every
//! square the king could flee to is covered) and is then proved by playing it. The cheap
//! test reasons from the position before the move, so a mate that needs a discovered attack
//! on a flight square can be missed; a move reported is always a mate.

use tokin_core::{Bitboard, Color, HandPiece, Move, PieceKind, Position, Square, attacks};

/// Hand pieces tried as mating drops (a pawn drop may not mate).
const DROP_PIECES: [HandPiece; 6] = [
    HandPiece::Rook,
    HandPiece::Bishop,
    HandPiece::Gold,
    HandPiece::Silver,
    HandPiece::Knight,
    HandPiece::Lance,
];

/// A move of the side to move that mates at once, if the cheap search finds one. The side
/// to move must not be in check.
pub(crate) fn mate_in_one(pos: &Position) -> Option<Move> {
    let us = pos.side_to_move();
    let them = !us;
    let ksq = pos.king_square(them)?;
    let occ = pos.occupied();
    let near = attacks::king(ksq);
    // Flight squares the king could use now, worked out when a candidate first needs them.
    let mut open = None;
    let hand = pos.hand(us);
    // Checking squares: adjacent to the king, or a knight's jump away.
    for piece in DROP_PIECES {
        if hand.count(piece) == 0 {
            continue;
        }
        let kind = piece.kind();
        let from_here = match piece {
            HandPiece::Rook => attacks::rook(ksq, occ),
            HandPiece::Bishop => attacks::bishop(ksq, occ),
            HandPiece::Gold => attacks::gold(them, ksq),
            HandPiece::Silver => attacks::silver(them, ksq),
            HandPiece::Knight => attacks::knight(them, ksq),
            HandPiece::Lance => attacks::lance(them, ksq, occ),
            HandPiece::Pawn => attacks::pawn(them, ksq),
        } & !occ;
        // Golds and silvers check only from next to the king; knights jump, and ranging
        // pieces may check from afar (a mate when nothing can be put in between).
        let targets = match kind {
            PieceKind::Gold | PieceKind::Silver => from_here & near,
            _ => from_here,
        };
        for to in targets {
            let mv = Move::drop(piece, to);
            if passes(pos, kind, to, &mut open, occ, ksq, None)
                && !taken(pos, to, occ.with(to), ksq, None)
                && proves(pos, mv)
            {
                return Some(mv);
            }
        }
    }
    let ours = pos.pieces(us);
    let jump = attacks::knight(them, ksq);
    let region = (near | jump) & !ours;
    // From a knight's jump away only an unpromoted knight checks: there, only the knights
    // moving in are worth a look.
    let knights = pos.pieces_of(us, PieceKind::Knight);
    // Only the squares some piece can move to are worth a look at who moves there.
    for to in region & reach(pos, region, occ) {
        let movers = if jump.contains(to) {
            attacks::knight(them, to) & knights
        } else {
            movers_to(pos, to, occ)
        };
        for from in movers {
            let Some(p) = pos.piece_at(from) else {
                continue;
            };
            let zone = from.in_zone(us) || to.in_zone(us);
            let rel = to.rank().relative_number(us);
            let forced = p.kind.is_stuck_on(rel);
            for promote in [true, false] {
                let kind = match (promote, p.kind.promote()) {
                    (true, Some(k)) if zone => k,
                    (true, _) => continue,
                    (false, _) if forced => continue,
                    (false, _) => p.kind,
                };
                // `from` holds one of our pieces and `to` does not: two different squares.
                let mv = Move::normal(from, to, promote);
                if passes(pos, kind, to, &mut open, occ, ksq, Some(from))
                    && !taken(pos, to, occ.with(to).without(from), ksq, Some(from))
                    && pos.is_legal(mv).is_ok()
                    && proves(pos, mv)
                {
                    return Some(mv);
                }
            }
        }
    }
    None
}

/// The squares of `region` that some piece of the side to move other than its king can move
/// to: the union of what [`movers_to`] finds over `region`, found piece by piece (there are
/// few pieces and many squares), with a ranging attack computed only when the piece's
/// empty-board lines reach into `region`.
#[inline]
fn reach(pos: &Position, region: Bitboard, occ: Bitboard) -> Bitboard {
    let us = pos.side_to_move();
    let ours = pos.pieces(us);
    let pawns = pos.pieces_of(us, PieceKind::Pawn);
    let mut r = match us {
        Color::Black => pawns.shift_up(),
        Color::White => pawns.shift_down(),
    };
    for sq in pos.pieces_of(us, PieceKind::Knight) {
        r |= attacks::knight(us, sq);
    }
    for sq in pos.pieces_of(us, PieceKind::Silver) {
        r |= attacks::silver(us, sq);
    }
    for sq in pos.gold_likes() & ours {
        r |= attacks::gold(us, sq);
    }
    for sq in pos.pieces_of(us, PieceKind::Horse) | pos.pieces_of(us, PieceKind::Dragon) {
        r |= attacks::king(sq);
    }
    for sq in pos.pieces_of(us, PieceKind::Lance) {
        if (attacks::lance_empty(us, sq) & region).is_any() {
            r |= attacks::lance(us, sq, occ);
        }
    }
    for sq in pos.bishop_likes() & ours {
        if (attacks::bishop_empty(sq) & region).is_any() {
            r |= attacks::bishop(sq, occ);
        }
    }
    for sq in pos.rook_likes() & ours {
        if (attacks::rook_empty(sq) & region).is_any() {
            r |= attacks::rook(sq, occ);
        }
    }
    r & region
}

/// The side to move's pieces other than its king that can move to `to` (most squares have
/// no ranging piece on a line through them, so the sparse form pays).
#[inline]
fn movers_to(pos: &Position, to: Square, occ: Bitboard) -> Bitboard {
    let us = pos.side_to_move();
    pos.attackers_to_sparse(us, to, occ) & !pos.pieces_of(us, PieceKind::King)
}

/// The squares next to the enemy king at `ksq` that it could flee to now.
fn flight_squares(pos: &Position, ksq: Square, occ: Bitboard) -> Bitboard {
    let us = pos.side_to_move();
    let without_king = occ.without(ksq);
    let mut open = Bitboard::EMPTY;
    for s in attacks::king(ksq) & !pos.pieces(!us) {
        if !pos.is_attacked_by(us, s, without_king) {
            open |= Bitboard::from_square(s);
        }
    }
    open
}

/// What a piece of `color` and `kind` on `sq` attacks on an empty board (a superset of what
/// it attacks given any occupied squares), and whether it ranges (if not, that is exactly
/// what it attacks).
#[inline]
fn empty_board_reach(color: Color, kind: PieceKind, sq: Square) -> (Bitboard, bool) {
    match kind {
        PieceKind::Lance => (attacks::lance_empty(color, sq), true),
        PieceKind::Bishop => (attacks::bishop_empty(sq), true),
        PieceKind::Rook => (attacks::rook_empty(sq), true),
        PieceKind::Horse => (attacks::bishop_empty(sq) | attacks::king(sq), true),
        PieceKind::Dragon => (attacks::rook_empty(sq) | attacks::king(sq), true),
        PieceKind::Pawn => (attacks::pawn(color, sq), false),
        PieceKind::Knight => (attacks::knight(color, sq), false),
        PieceKind::Silver => (attacks::silver(color, sq), false),
        PieceKind::King => (attacks::king(sq), false),
        // Gold and the promoted small pieces.
        _ => (attacks::gold(color, sq), false),
    }
}

/// Whether a piece of the side to move other than the one on `from` attacks `to`, with
/// `after` occupied: `(attackers_to(us, to, after) & after).without(from)`, but with the
/// stepping pieces asked first and a ranging attack computed only when a ranging piece
/// stands on an empty-board line through `to` (as in `Position::is_attacked_by`).
#[inline]
fn guarded_without(pos: &Position, to: Square, after: Bitboard, from: Square) -> bool {
    let us = pos.side_to_move();
    let them = !us;
    let ours = pos.pieces(us).without(from);
    let steppers = (attacks::pawn(them, to) & pos.pieces_of(us, PieceKind::Pawn))
        | (attacks::knight(them, to) & pos.pieces_of(us, PieceKind::Knight))
        | (attacks::silver(them, to) & pos.pieces_of(us, PieceKind::Silver))
        | (attacks::gold(them, to) & pos.gold_likes())
        | (attacks::king(to) & pos.king_likes());
    if (steppers & ours).is_any() {
        return true;
    }
    let lances = attacks::lance_empty(them, to) & pos.pieces_of(us, PieceKind::Lance) & ours;
    if lances.is_any() && (attacks::lance(them, to, after) & lances).is_any() {
        return true;
    }
    let bishops = attacks::bishop_empty(to) & pos.bishop_likes() & ours;
    if bishops.is_any() && (attacks::bishop(to, after) & bishops).is_any() {
        return true;
    }
    let rooks = attacks::rook_empty(to) & pos.rook_likes() & ours;
    rooks.is_any() && (attacks::rook(to, after) & rooks).is_any()
}

/// The cheap necessary test: the piece of `kind` on `to` checks, the king cannot take it,
/// and it covers every flight square left open.
///
/// Each part is first asked of the piece's empty-board reach, a table lookup: most
/// candidates fail there (a ranging piece dropped at a distance rarely covers the flight
/// squares), and only the survivors pay for the ranging attack through the pieces.
#[inline]
fn passes(
    pos: &Position,
    kind: PieceKind,
    to: Square,
    open: &mut Option<Bitboard>,
    occ: Bitboard,
    ksq: Square,
    from: Option<Square>,
) -> bool {
    let us = pos.side_to_move();
    let (wide, ranging) = empty_board_reach(us, kind, to);
    if !wide.contains(ksq) {
        return false;
    }
    let mut after = occ.with(to);
    if let Some(f) = from {
        after = after.without(f);
    }
    if attacks::king(ksq).contains(to) {
        // The king takes the checker unless another of our pieces guards the square.
        let guarded = match from {
            Some(f) => guarded_without(pos, to, after, f),
            // A drop leaves every piece where it was, and the square it fills blocks no
            // line to itself: the cheaper question answers it.
            None => pos.is_attacked_by(us, to, after),
        };
        if !guarded {
            return false;
        }
    }
    let open = *open.get_or_insert_with(|| flight_squares(pos, ksq, occ));
    let left = open.without(to);
    if (left & !wide).is_any() {
        return false;
    }
    if !ranging {
        return true;
    }
    let reach = attacks::piece(us, kind, to, after.without(ksq));
    reach.contains(ksq) && (left & !reach).is_empty()
}

/// Whether the checker that [`passes`] let through, put on `to` (dropped, or moved from
/// `from`), can be taken by a piece other than the king: then the check is no mate, and the
/// move need not be played to find out. `after` is the occupancy after the move.
///
/// Exact as far as it answers yes: the move must give a single check (a discovered check
/// as well can only be answered by the king: then this says no), and the taker must be free
/// to go (see [`maybe_pinned`]).
#[inline]
fn taken(pos: &Position, to: Square, after: Bitboard, ksq: Square, from: Option<Square>) -> bool {
    let us = pos.side_to_move();
    let them = !us;
    if let Some(f) = from {
        let line = attacks::line(ksq, f);
        if line.is_any() {
            let sliders = (attacks::rook(ksq, after) & pos.rook_likes())
                | (attacks::bishop(ksq, after) & pos.bishop_likes())
                | (attacks::lance(them, ksq, after) & pos.pieces_of(us, PieceKind::Lance));
            if (sliders & pos.pieces(us).without(f) & line).is_any() {
                return false;
            }
        }
    }
    let free = |d: Square| {
        let line = attacks::line(ksq, d);
        line.is_empty() || line.contains(to) || !maybe_pinned(pos, ksq, d, after)
    };
    // The stepping takers first; a ranging one is looked for only when one stands on an
    // empty-board line through `to` (as in `Position::is_attacked_by`).
    if pos
        .stepping_attackers_to(them, to)
        .without(ksq)
        .into_iter()
        .any(free)
    {
        return true;
    }
    pos.ranging_attackers_to_sparse(them, to, after)
        .into_iter()
        .any(free)
}

/// Whether the opponent's piece on `d`, on a line through its king on `ksq`, may be pinned
/// after the move that leaves `after` occupied: whether the first piece beyond `d` on that
/// line, seen from the king, is one of ours that pins along it (as in `Position::pinned`).
///
/// A superset of the pins after the move, asked of the position before it: our pieces after
/// the move are the same but for the one moved, which pins nothing (it checks, so nothing
/// stands between it and the king), while the one that left its square can only add pins
/// here.
#[inline]
fn maybe_pinned(pos: &Position, ksq: Square, d: Square, after: Bitboard) -> bool {
    let us = pos.side_to_move();
    let ours = pos.pieces(us);
    let occ = after.without(d);
    let snipers = if attacks::rook_empty(ksq).contains(d) {
        attacks::rook(ksq, occ)
            & ((pos.rook_likes() & ours)
                | (attacks::lance_empty(!us, ksq) & pos.pieces_of(us, PieceKind::Lance)))
    } else {
        attacks::bishop(ksq, occ) & pos.bishop_likes() & ours
    };
    (snipers & attacks::line(ksq, d)).is_any()
}

/// Plays `mv` and checks that the opponent has no legal reply.
#[inline]
fn proves(pos: &Position, mv: Move) -> bool {
    let mut child = pos.clone();
    child.play_unchecked(mv);
    child.in_check() && child.has_no_legal_move()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mate(s: &str) -> Option<String> {
        let p = Position::from_sfen(s).unwrap();
        mate_in_one(&p).map(|m| m.to_string())
    }

    #[test]
    fn finds_drop_and_move_mates() {
        // A gold dropped on the king's head, guarded by a pawn.
        assert_eq!(
            mate("4k4/9/4P4/9/9/9/9/9/4K4 b G 1").as_deref(),
            Some("G*5b")
        );
        // The same with the king's own lances taking its flight squares.
        assert_eq!(
            mate("3lkl3/9/4P4/9/9/9/9/9/4K4 b G 1").as_deref(),
            Some("G*5b")
        );
        // Unguarded, the king takes the gold.
        assert_eq!(mate("4k4/9/9/9/9/9/9/9/4K4 b G 1"), None);
        // A gold that steps up to the head, guarded by a silver.
        assert_eq!(
            mate("4k4/9/3SG4/9/9/9/9/9/4K4 b - 1").as_deref(),
            Some("5c5b")
        );
        // A rook drop on the back rank against a king walled in by its own pawns.
        let m = mate("8k/7pp/9/9/9/9/9/9/4K4 b R 1").unwrap();
        assert!(
            m.starts_with("R*") && m.ends_with('a') && m != "R*2a",
            "{m}"
        );
    }

    /// The shortcuts that spare playing a candidate are exact: `taken` says yes only when
    /// the checked side has a legal reply, `guarded_without` and `empty_board_reach` answer
    /// as the plain attack sets do. So `mate_in_one` returns what it did without them.
    #[test]
    fn shortcuts_are_exact_on_random_positions() {
        use tokin_core::testing::{Pick, random_game_positions};
        let (mut asked, mut taken_yes) = (0, 0);
        for (seed, pick) in [(21, Pick::PreferCaptures), (22, Pick::Uniform)] {
            random_game_positions(seed, 150, 200, pick, |pos, _| {
                let us = pos.side_to_move();
                let occ = pos.occupied();
                for kind in PieceKind::ALL {
                    for sq in tokin_core::Square::ALL {
                        let (wide, ranging) = empty_board_reach(us, kind, sq);
                        if !ranging {
                            assert_eq!(wide, attacks::piece(us, kind, sq, Bitboard::EMPTY));
                        }
                    }
                }
                let Some(ksq) = pos.king_square(!us) else {
                    return;
                };
                for mv in pos.legal_moves() {
                    let to = mv.to();
                    let from = mv.from();
                    let after = match from {
                        Some(f) => occ.with(to).without(f),
                        None => occ.with(to),
                    };
                    if let Some(f) = from {
                        let want = (pos.attackers_to(us, to, after) & after).without(f);
                        assert_eq!(guarded_without(pos, to, after, f), want.is_any());
                    }
                    let mut child = pos.clone();
                    child.play_unchecked(mv);
                    // `taken` is asked of moves whose piece itself gives check.
                    if !child.checkers().contains(to) {
                        continue;
                    }
                    asked += 1;
                    if taken(pos, to, after, ksq, from) {
                        taken_yes += 1;
                        assert!(!child.legal_moves().is_empty(), "{} {mv}", pos.to_sfen());
                    }
                }
            });
        }
        assert!(asked > 5000 && taken_yes > 1000, "{asked} {taken_yes}");
    }

    #[test]
    fn agrees_with_brute_force_on_random_positions() {
        use tokin_core::testing::{Pick, random_game_positions};
        let mut found = 0;
        random_game_positions(11, 200, 200, Pick::Uniform, |pos, _| {
            let list = pos.legal_moves();
            let us = pos.side_to_move();
            for to in tokin_core::Square::ALL {
                let want =
                    pos.attackers_to(us, to, pos.occupied()) & !pos.pieces_of(us, PieceKind::King);
                assert_eq!(movers_to(pos, to, pos.occupied()), want);
            }
            // `reach` is the union of `movers_to` over the region asked about.
            let occ = pos.occupied();
            let mut regions = vec![Bitboard::FULL];
            if let Some(k) = pos.king_square(!us) {
                regions.push((attacks::king(k) | attacks::knight(!us, k)) & !pos.pieces(us));
            }
            for region in regions {
                let want: Bitboard = region
                    .filter(|&to| movers_to(pos, to, occ).is_any())
                    .collect();
                assert_eq!(reach(pos, region, occ), want, "{}", pos.to_sfen());
            }
            if !pos.in_check()
                && let Some(m) = mate_in_one(pos)
            {
                found += 1;
                assert!(list.contains(&m));
                assert!(proves(pos, m), "{} {m}", pos.to_sfen());
            }
        });
        assert!(found > 20, "only {found} mates found");
    }
}
