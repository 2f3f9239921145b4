//! Legal move generation.
//!
//! The generator produces exactly the legal moves, with no later filtering: pinned pieces
//! stay on their pin line, a king in check is answered by king moves, captures of the checker
//! and interpositions (by board moves and by drops), a double check by king moves alone, and
//! the king never steps onto an attacked square. Drops obey the last-rank rules, two pawns on a
//! file (二歩) and pawn-drop mate (打ち歩詰め). Where promotion is optional both moves are
//! generated, including the non-promotions of pawn, bishop and rook that engines often skip,
//! because they are legal and the published perft counts include them.

use crate::{Bitboard, Color, Move, PieceKind, Position, Rank, Square, attacks};
use arrayvec::ArrayVec;

/// The most legal moves any shogi position has (593, proven); lists have room for a few more.
pub const MAX_MOVES: usize = 600;

/// A list of moves with room for every legal move of any position, on the stack.
pub type MoveList = ArrayVec<Move, MAX_MOVES>;

/// The squares of `color`'s promotion zone (its three far ranks).
#[inline]
pub(crate) fn zone(color: Color) -> Bitboard {
    match color {
        Color::Black => ZONE_BLACK,
        Color::White => ZONE_WHITE,
    }
}

/// `color`'s last rank (where pawns and lances must promote).
#[inline]
fn last_rank(color: Color) -> Bitboard {
    match color {
        Color::Black => Bitboard::rank(Rank::R1),
        Color::White => Bitboard::rank(Rank::R9),
    }
}

/// `color`'s last two ranks (where knights must promote).
#[inline]
fn last_two_ranks(color: Color) -> Bitboard {
    match color {
        Color::Black => Bitboard::rank(Rank::R1) | Bitboard::rank(Rank::R2),
        Color::White => Bitboard::rank(Rank::R9) | Bitboard::rank(Rank::R8),
    }
}

const ZONE_BLACK: Bitboard = Bitboard::from_bits(
    Bitboard::rank(Rank::R1).bits()
        | Bitboard::rank(Rank::R2).bits()
        | Bitboard::rank(Rank::R3).bits(),
);
const ZONE_WHITE: Bitboard = Bitboard::from_bits(
    Bitboard::rank(Rank::R7).bits()
        | Bitboard::rank(Rank::R8).bits()
        | Bitboard::rank(Rank::R9).bits(),
);

/// The files holding `color`'s unpromoted pawns, as a set of whole files.
#[inline]
pub(crate) fn pawn_files(pos: &Position, color: Color) -> Bitboard {
    let mut files = Bitboard::EMPTY;
    for sq in pos.pieces_of(color, PieceKind::Pawn) {
        files |= Bitboard::file(sq.file());
    }
    files
}

impl Position {
    /// Every legal move.
    ///
    /// # Examples
    /// ```
    /// use tokin_engine::Position;
    /// assert_eq!(Position::startpos().legal_moves().len(), 30);
    /// ```
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        generate_legal(self, &mut list);
        list
    }

    /// Whether the side to move has no legal move (it is mated, or in the rare positions where
    /// it has no move without being in check, stalemated, which also loses in shogi).
    pub fn has_no_legal_move(&self) -> bool {
        self.legal_moves().is_empty()
    }

    /// Whether the side to move is checkmated.
    pub fn is_checkmate(&self) -> bool {
        self.in_check() && self.has_no_legal_move()
    }
}

/// Appends every legal move of `pos` to `list`.
pub fn generate_legal(pos: &Position, list: &mut MoveList) {
    let us = pos.side_to_move();
    let occ = pos.occupied();
    let own = pos.pieces(us);
    let ksq = pos.king_square(us);
    let checkers = pos.checkers();

    if let Some(k) = ksq {
        king_moves(pos, k, list);
    }
    let (target, drop_target) = match (ksq, checkers.first()) {
        (Some(k), Some(checker)) => {
            if checkers.has_more_than_one() {
                return;
            }
            let b = attacks::between(k, checker);
            (b.with(checker), b)
        }
        _ => (!own, !occ),
    };
    let pinned = pos.pinned(us, occ);
    board_moves(pos, target, pinned, ksq, list);
    if !pos.hand(us).is_empty() && drop_target.is_any() {
        drops(pos, drop_target, list);
    }
}

#[inline]
fn king_moves(pos: &Position, ksq: Square, list: &mut MoveList) {
    let us = pos.side_to_move();
    let occ = pos.occupied().without(ksq);
    for to in attacks::king(ksq).and_not(pos.pieces(us)) {
        if !pos.is_attacked_by(!us, to, occ) {
            list.push(Move::normal(ksq, to, false));
        }
    }
}

/// Pushes the moves from `from` to each of `dests` for a piece that may promote when `from`
/// or the destination is in the zone, and must promote on `forced` squares.
#[inline(always)]
fn push_promotable(
    from: Square,
    dests: Bitboard,
    from_in_zone: bool,
    zone: Bitboard,
    forced: Bitboard,
    list: &mut MoveList,
) {
    for to in dests {
        if from_in_zone || zone.contains(to) {
            list.push(Move::normal(from, to, true));
            if !forced.contains(to) {
                list.push(Move::normal(from, to, false));
            }
        } else {
            list.push(Move::normal(from, to, false));
        }
    }
}

fn board_moves(
    pos: &Position,
    target: Bitboard,
    pinned: Bitboard,
    ksq: Option<Square>,
    list: &mut MoveList,
) {
    let us = pos.side_to_move();
    let occ = pos.occupied();
    let zone = zone(us);
    let last = last_rank(us);
    let pin_ok = |from: Square, dests: Bitboard| -> Bitboard {
        match ksq {
            Some(k) if pinned.contains(from) => dests & attacks::line(k, from),
            _ => dests,
        }
    };

    // Pawns, all at once: shift the set one rank forward.
    let pawns = pos.pieces_of(us, PieceKind::Pawn);
    let (dests, back) = match us {
        Color::Black => (pawns.shift_up() & target, 1i8),
        Color::White => (pawns.shift_down() & target, -1i8),
    };
    for to in dests {
        let Some(from) = to.offset(0, back) else {
            continue;
        };
        if pinned.contains(from) && !pin_ok(from, Bitboard::from_square(to)).contains(to) {
            continue;
        }
        if zone.contains(to) {
            list.push(Move::normal(from, to, true));
            if !last.contains(to) {
                list.push(Move::normal(from, to, false));
            }
        } else {
            list.push(Move::normal(from, to, false));
        }
    }

    for from in pos.pieces_of(us, PieceKind::Lance) {
        let dests = pin_ok(from, attacks::lance(us, from, occ) & target);
        push_promotable(from, dests, false, zone, last, list);
    }
    for from in pos.pieces_of(us, PieceKind::Knight).and_not(pinned) {
        // A pinned knight can never move: its jump always leaves the line.
        let dests = attacks::knight(us, from) & target;
        push_promotable(from, dests, false, zone, last_two_ranks(us), list);
    }
    for from in pos.pieces_of(us, PieceKind::Silver) {
        let dests = pin_ok(from, attacks::silver(us, from) & target);
        push_promotable(
            from,
            dests,
            zone.contains(from),
            zone,
            Bitboard::EMPTY,
            list,
        );
    }
    for from in pos.gold_likes() & pos.pieces(us) {
        let dests = pin_ok(from, attacks::gold(us, from) & target);
        for to in dests {
            list.push(Move::normal(from, to, false));
        }
    }
    for from in pos.pieces_of(us, PieceKind::Bishop) {
        let dests = pin_ok(from, attacks::bishop(from, occ) & target);
        push_promotable(
            from,
            dests,
            zone.contains(from),
            zone,
            Bitboard::EMPTY,
            list,
        );
    }
    for from in pos.pieces_of(us, PieceKind::Rook) {
        let dests = pin_ok(from, attacks::rook(from, occ) & target);
        push_promotable(
            from,
            dests,
            zone.contains(from),
            zone,
            Bitboard::EMPTY,
            list,
        );
    }
    for from in pos.pieces_of(us, PieceKind::Horse) {
        for to in pin_ok(from, attacks::horse(from, occ) & target) {
            list.push(Move::normal(from, to, false));
        }
    }
    for from in pos.pieces_of(us, PieceKind::Dragon) {
        for to in pin_ok(from, attacks::dragon(from, occ) & target) {
            list.push(Move::normal(from, to, false));
        }
    }
}

fn drops(pos: &Position, empty: Bitboard, list: &mut MoveList) {
    let us = pos.side_to_move();
    let hand = pos.hand(us);
    if hand.has(PieceKind::Pawn) {
        let dests = empty.and_not(last_rank(us)).and_not(pawn_files(pos, us));
        // The one square where a pawn drop gives check, if it is among the destinations.
        let mate_sq = pos
            .king_square(!us)
            .and_then(|k| attacks::pawn(!us, k).first())
            .filter(|&sq| dests.contains(sq));
        for to in dests {
            if Some(to) == mate_sq && is_pawn_drop_mate(pos, to) {
                continue;
            }
            list.push(Move::drop(PieceKind::Pawn, to));
        }
    }
    if hand.has(PieceKind::Lance) {
        for to in empty.and_not(last_rank(us)) {
            list.push(Move::drop(PieceKind::Lance, to));
        }
    }
    if hand.has(PieceKind::Knight) {
        for to in empty.and_not(last_two_ranks(us)) {
            list.push(Move::drop(PieceKind::Knight, to));
        }
    }
    for kind in [
        PieceKind::Silver,
        PieceKind::Gold,
        PieceKind::Bishop,
        PieceKind::Rook,
    ] {
        if hand.has(kind) {
            for to in empty {
                list.push(Move::drop(kind, to));
            }
        }
    }
}

/// Whether dropping a pawn of the side to move on `to`, which checks the enemy king, mates it
/// (打ち歩詰め, *uchifuzume*, which makes the drop illegal).
pub(crate) fn is_pawn_drop_mate(pos: &Position, to: Square) -> bool {
    let us = pos.side_to_move();
    let them = !us;
    let Some(ek) = pos.king_square(them) else {
        return false;
    };
    let occ = pos.occupied().with(to);
    // 1. Can a piece other than the king take the pawn without exposing its king?
    let defenders = pos.attackers_to(them, to, occ).without(ek);
    if defenders.is_any() {
        let pinned = pos.pinned(them, occ);
        for d in defenders {
            if !pinned.contains(d) || attacks::line(ek, d).contains(to) {
                return false;
            }
        }
    }
    // 2. Can the king take the pawn or step away? The pawn now occupies `to`; the king's own
    // square is vacated so that ranging pieces see through it.
    let occ_without_king = occ.without(ek);
    for sq in attacks::king(ek).and_not(pos.pieces(them)) {
        if !pos.is_attacked_by(us, sq, occ_without_king) {
            return false;
        }
    }
    true
}
