//! The moves of the two kinds of node and the proof- and disproof-hand rules that follow from
//! them.
//!
//! At an OR node the attacker may only give check; at an AND node the defender has every
//! legal move (all of them evasions). Both come from the rules' own legal move generator,
//! so everything it knows (no pawn-drop mate, no second pawn on a file, pieces that could
//! never move again, every legal non-promotion) holds in the solver too.

use crate::checks::CheckInfo;
use tokin_core::movegen::{Sink, generate, is_pawn_drop_mate, pawn_files, zone};
use tokin_core::{
    Bitboard, Color, Hand, HandPiece, Move, PieceKind, Position, Rank, Square, attacks, zobrist,
};

/// The attacker's checking moves, promotions and drops first (they mate more often, and
/// among children with equal numbers the first is expanded first).
pub(super) fn checks(pos: &Position) -> Vec<Move> {
    let mut v = Vec::new();
    checks_into(pos, &mut v, &mut Vec::new());
    v
}

/// [`checks`] appended to `out`, with `scratch` (cleared first) for the checks that are
/// neither promotions nor drops until the others are in.
pub(super) fn checks_into(pos: &Position, out: &mut Vec<Move>, scratch: &mut Vec<Move>) {
    scratch.clear();
    let info = CheckInfo::new(pos);
    let mut sink = CheckSink {
        pos,
        ksq: pos.king_square(!pos.side_to_move()),
        drop_checks: info.drop_checks(pos),
        info,
        first: out,
        rest: scratch,
    };
    if sink.ksq.is_none() {
        return;
    }
    // The generator hands over the board moves, then the drops: the promotions go straight
    // to `out`, then the drops, and the rest after them, each in the generator's order.
    generate(pos, &mut sink);
    out.extend_from_slice(scratch);
}

/// Keeps the checks among the legal moves the generator hands over. Drops and the moves of a
/// piece that uncovers no check are filtered by destination sets (the squares from which the
/// piece, as it lands, attacks the king), the rest one by one.
struct CheckSink<'a> {
    pos: &'a Position,
    info: CheckInfo,
    ksq: Option<Square>,
    drop_checks: [Bitboard; 7],
    /// Promotions and drops.
    first: &'a mut Vec<Move>,
    /// The other checks.
    rest: &'a mut Vec<Move>,
}

impl CheckSink<'_> {
    /// The squares from which a piece of `kind` of the side to move, having left `from`,
    /// attacks the enemy king.
    #[inline(always)]
    fn checking_squares(&self, kind: PieceKind, from: Square) -> Bitboard {
        match self.ksq {
            Some(k) => attacks::piece(
                !self.pos.side_to_move(),
                kind,
                k,
                self.pos.occupied().without(from),
            ),
            None => Bitboard::EMPTY,
        }
    }

    /// Keeps a check, in [`CheckSink::first`] or [`CheckSink::rest`].
    #[inline(always)]
    fn push(&mut self, mv: Move) {
        if mv.is_promotion() || mv.is_drop() {
            self.first.push(mv);
        } else {
            self.rest.push(mv);
        }
    }

    /// The kind on `from`, when its moves can be filtered by destination.
    #[inline(always)]
    fn filterable(&self, from: Square) -> Option<PieceKind> {
        if self.info.discoverers().contains(from) {
            return None;
        }
        self.pos.piece_at(from).map(|p| p.kind)
    }
}

impl Sink for CheckSink<'_> {
    #[inline(always)]
    fn one(&mut self, mv: Move) {
        if self.info.gives_check(self.pos, mv) {
            self.push(mv);
        }
    }

    /// A stepping piece checks by itself only from near the enemy king, or by uncovering a
    /// ranging piece's line: the pieces elsewhere (most of them, in a game) are not looked at.
    #[inline(always)]
    fn stepping_origins(&self) -> Bitboard {
        match self.ksq {
            Some(k) => near_king(k) | self.info.discoverers(),
            None => Bitboard::EMPTY,
        }
    }

    #[inline(always)]
    fn plain(&mut self, from: Square, dests: Bitboard) {
        let Some(kind) = self.filterable(from) else {
            for to in dests {
                self.one(Move::normal(from, to, false));
            }
            return;
        };
        for to in dests & self.checking_squares(kind, from) {
            self.rest.push(Move::normal(from, to, false));
        }
    }

    #[inline(always)]
    fn promoting(&mut self, from: Square, both: Bitboard, forced: Bitboard) {
        let Some(kind) = self.filterable(from) else {
            for to in both {
                self.one(Move::normal(from, to, true));
                self.one(Move::normal(from, to, false));
            }
            for to in forced {
                self.one(Move::normal(from, to, true));
            }
            return;
        };
        let promoted = self.checking_squares(kind.promoted_if(true), from);
        let plain = self.checking_squares(kind, from);
        for to in (both | forced) & promoted {
            self.first.push(Move::normal(from, to, true));
        }
        for to in both & plain {
            self.rest.push(Move::normal(from, to, false));
        }
    }

    #[inline(always)]
    fn drops(&mut self, kind: PieceKind, dests: Bitboard) {
        let Some(piece) = kind.to_hand() else {
            return;
        };
        for to in dests & self.drop_checks[piece.index()] {
            self.first.push(Move::drop(piece, to));
        }
    }
}

/// The squares from which a stepping piece (pawn, knight, silver, gold or a kind that moves
/// like one, king) could reach, in one move, a square from which it attacks a king on `k`,
/// promoted or not: its move and then its attack each go at most one file and two ranks (a
/// knight's jump), so at most two files and four ranks from the king in all.
pub(super) fn near_king(k: Square) -> Bitboard {
    NEAR_KING[k.index()]
}

/// [`near_king`] for each square, built at compile time (it is asked at every OR node).
const NEAR_KING: [Bitboard; Square::NUM] = attacks::boxes(2, 4);

/// The defender's replies to a check, in the generator's order.
pub(super) fn evasions(pos: &Position) -> Vec<Move> {
    let mut v = Vec::new();
    evasions_into(pos, &mut v);
    v
}

/// [`evasions`] appended to `out`.
pub(super) fn evasions_into(pos: &Position, out: &mut Vec<Move>) {
    // Straight into the vector: a full move list is a few kilobytes to copy.
    generate(pos, &mut VecSink(out));
}

/// Collects generated moves in a vector.
struct VecSink<'a>(&'a mut Vec<Move>);

impl Sink for VecSink<'_> {
    #[inline(always)]
    fn one(&mut self, mv: Move) {
        self.0.push(mv);
    }
}

/// The number of legal replies of the side to move, in check, counted exactly up to `cap`
/// (beyond it, some number at least `cap`): the same count as
/// [`Position::count_legal_moves`] below the cap.
///
/// A new AND node's proof number needs only that much, and the full count runs the move
/// generator over every piece although only the king, the pieces that reach the checker
/// or a square between it and the king, and the drops there can answer a check. This asks
/// those squares who reaches them instead, the cheapest kinds of reply first (drops are a
/// population count, a king step costs an attack test), and stops once the cap is reached.
pub(super) fn evasion_count(pos: &Position, cap: u32) -> u32 {
    let us = pos.side_to_move();
    let checkers = pos.checkers();
    let (Some(k), Some(checker)) = (pos.king_square(us), checkers.first()) else {
        // Not an evasion (no king, or not in check): count every move.
        return pos.count_legal_moves() as u32;
    };
    let occ = pos.occupied();
    let mut n = 0u32;
    if !checkers.has_more_than_one() {
        let between = attacks::between(k, checker);
        n = drops_between(pos, between);
        if n >= cap {
            return n;
        }
        n += board_replies(pos, k, checker, between, cap - n);
        if n >= cap {
            return n;
        }
    }
    let without_king = occ.without(k);
    // The squares the checker covers (through the king's square) need no attack test.
    let covered = pos.piece_at(checker).map_or(Bitboard::EMPTY, |p| {
        attacks::piece(p.color, p.kind, checker, without_king)
    });
    for to in attacks::king(k).and_not(pos.pieces(us) | covered) {
        if !pos.is_attacked_by(!us, to, without_king) {
            n += 1;
            if n >= cap {
                break;
            }
        }
    }
    n
}

/// The drops of the side to move on `between` (the squares between its king and the one
/// checker), under the generator's rules for each kind.
fn drops_between(pos: &Position, between: Bitboard) -> u32 {
    let us = pos.side_to_move();
    let hand = pos.hand(us);
    if between.is_empty() || hand.is_empty() {
        return 0;
    }
    let last = last_rank(us);
    let mut n = 0;
    if hand.has(HandPiece::Pawn) {
        let mut dests = between.and_not(last).and_not(pawn_files(pos, us));
        if let Some(sq) = pos
            .king_square(!us)
            .and_then(|ek| attacks::pawn(!us, ek).first())
            .filter(|&sq| dests.contains(sq))
            && is_pawn_drop_mate(pos, sq)
        {
            dests = dests.without(sq);
        }
        n += dests.count();
    }
    if hand.has(HandPiece::Lance) {
        n += between.and_not(last).count();
    }
    if hand.has(HandPiece::Knight) {
        n += between.and_not(last_two_ranks(us)).count();
    }
    let others = [
        HandPiece::Silver,
        HandPiece::Gold,
        HandPiece::Bishop,
        HandPiece::Rook,
    ];
    let kinds = others.into_iter().filter(|&p| hand.has(p)).count() as u32;
    n + kinds * between.count()
}

/// The moves of the side to move, other than by its king on `k`, that take the one
/// `checker` or go `between` it and the king, counted up to `cap` at least.
fn board_replies(pos: &Position, k: Square, checker: Square, between: Bitboard, cap: u32) -> u32 {
    let us = pos.side_to_move();
    let occ = pos.occupied();
    let zone = zone(us);
    let mut n = 0;
    // The pinned pieces, worked out only when a piece on a line through the king answers.
    let mut pinned = None;
    for to in between.with(checker) {
        // Sparse: the defender seldom has a ranging piece on a line through `to`.
        for from in pos.attackers_to_sparse(us, to, occ).without(k) {
            let line = attacks::line(k, from);
            if line.is_any()
                && !line.contains(to)
                && pinned
                    .get_or_insert_with(|| pos.pinned(us, occ))
                    .contains(from)
            {
                continue;
            }
            let Some(p) = pos.piece_at(from) else {
                continue;
            };
            // As the generator splits them: a promotion where the piece may promote, a
            // non-promotion unless the piece would be stuck there.
            n += if p.kind.can_promote() && (zone.contains(from) || zone.contains(to)) {
                if p.kind.is_stuck_on(to.rank().relative_number(us)) {
                    1
                } else {
                    2
                }
            } else {
                1
            };
        }
        if n >= cap {
            break;
        }
    }
    n
}

/// `color`'s last rank (where pawns and lances must promote).
fn last_rank(color: Color) -> Bitboard {
    match color {
        Color::Black => Bitboard::rank(Rank::R1),
        Color::White => Bitboard::rank(Rank::R9),
    }
}

/// `color`'s last two ranks (where knights must promote).
fn last_two_ranks(color: Color) -> Bitboard {
    match color {
        Color::Black => Bitboard::rank(Rank::R1) | Bitboard::rank(Rank::R2),
        Color::White => Bitboard::rank(Rank::R9) | Bitboard::rank(Rank::R8),
    }
}

/// A child's keys and attacker's hand, worked out without playing the move: its full key,
/// its board key and the attacker's hand after `mv` (legal in `pos`), where `or` says
/// whether the attacker is the side to move.
pub(super) fn child_keys(pos: &Position, mv: Move, or: bool) -> (u64, u64, Hand) {
    let us = pos.side_to_move();
    let key = pos.key_after(mv);
    let mut hand_key = pos.key().wrapping_sub(pos.board_key());
    let mut hand = pos.hand(attacker(pos, or));
    if let Some(piece) = mv.hand_piece() {
        hand_key = hand_key.wrapping_sub(zobrist::hand(us, piece));
        if or {
            hand = hand.checked_remove(piece).unwrap_or(hand);
        }
    } else if let Some(piece) = pos
        .captured_piece(mv)
        .and_then(|c| c.kind.unpromote().to_hand())
    {
        hand_key = hand_key.wrapping_add(zobrist::hand(us, piece));
        if or {
            hand = hand.checked_add(piece).unwrap_or(hand);
        }
    }
    (key, key.wrapping_sub(hand_key), hand)
}

/// The attacker in a node: the side to move at an OR node, the other side at an AND node.
pub(super) fn attacker(pos: &Position, or: bool) -> Color {
    if or {
        pos.side_to_move()
    } else {
        !pos.side_to_move()
    }
}

/// Whether the check on the side to move could be blocked by a drop: one ranging checker
/// with empty squares between it and the king.
pub(super) fn interposable(pos: &Position) -> bool {
    let checkers = pos.checkers();
    if checkers.has_more_than_one() {
        return false;
    }
    match (checkers.first(), pos.king_square(pos.side_to_move())) {
        (Some(c), Some(k)) => attacks::between(c, k).is_any(),
        _ => false,
    }
}

/// The proof hand of an AND node (defender to move, in check) from the union of its
/// children's: where the defender could drop a piece between, every kind it does not hold
/// must stay out of its hand, so the attacker must keep all of that kind it has. With that,
/// a position with any covering attacker hand has no evasion this one lacks.
pub(super) fn and_proof_hand(pos: &Position, children: Hand) -> Hand {
    let attacker_hand = pos.hand(!pos.side_to_move());
    let defender_hand = pos.hand(pos.side_to_move());
    let mut ph = children;
    if interposable(pos) {
        for p in HandPiece::ALL {
            if !defender_hand.has(p) {
                let n = attacker_hand.count(p).max(ph.count(p));
                ph = ph.with_count(p, n).unwrap_or(ph);
            }
        }
    }
    ph
}

/// The attacker's hand before the check `mv` at the OR node `pos`, for the hand `after` it
/// (a proof or disproof hand of the child): a dropped piece was needed, a captured one was
/// not brought in by the attacker. A proved node's proof hand is its mating check's so taken
/// back; a disproved node's disproof hand comes from the smallest of its checks' so taken
/// back ([`or_disproof_hand`]).
pub(super) fn hand_before(pos: &Position, mv: Move, after: Hand) -> Hand {
    if let Some(p) = mv.hand_piece() {
        // At capacity already (a disproof hand can be): it stays there.
        return after.checked_add(p).unwrap_or(after);
    }
    let captured = pos
        .captured_piece(mv)
        .and_then(|c| c.kind.unpromote().to_hand());
    match captured {
        Some(p) => after.checked_remove(p).unwrap_or(after),
        None => after,
    }
}

/// A hand with every kind at [`Hand::capacity`]: the disproof hand of an OR node before any
/// of its checks is taken into account.
pub(super) const FULL_HAND: Hand = {
    let mut h = Hand::EMPTY;
    let mut i = 0;
    while i < HandPiece::ALL.len() {
        let p = HandPiece::ALL[i];
        h = match h.with_count(p, Hand::capacity(p)) {
            Some(h) => h,
            None => h,
        };
        i += 1;
    }
    h
};

/// The disproof hand of the OR node `pos` (attacker to move, every check disproved) from
/// `before`, the smallest of its checks' disproof hands taken back over each check
/// ([`hand_before`]; [`FULL_HAND`] when there is no check). With any hand it covers the
/// attacker has no check the node lacks: more of a kind it holds drops on the same squares,
/// and each check leads to a position its child's disproof covers. A kind it does not hold
/// is the exception: were it held, its drops could check. Such a kind stays out of the hand
/// (at the node's count, none) unless no drop of it would check.
///
/// The disproof hand is what lets a disproof stand for the positions with more in the
/// attacker's hand (and less in the defender's) that the search meets through other move
/// orders: with the node's own hand a disproof covers only weaker hands.
pub(super) fn or_disproof_hand(pos: &Position, before: Hand) -> Hand {
    let us = pos.side_to_move();
    let held = pos.hand(us);
    let Some(k) = pos.king_square(!us) else {
        return held;
    };
    let empty = !pos.occupied();
    // A pawn checks from the king's file only, where a pawn of the attacker's forbids the
    // drop. (A pawn-drop mate is illegal too, but a drop that checks is counted as one.)
    let no_pawn_drop = pawn_files(pos, us).contains(k);
    let mut dh = before;
    for p in HandPiece::ALL {
        if held.has(p) || !dh.has(p) || (p == HandPiece::Pawn && no_pawn_drop) {
            continue;
        }
        if (attacks::piece(!us, p.kind(), k, pos.occupied()) & empty).is_any() {
            dh = dh.with_count(p, 0).unwrap_or(dh);
        }
    }
    dh
}

/// The disproof hand of the AND node `pos` (defender to move) refuted by `mv`, from its
/// child's disproof hand `child`: the defender's reply stays legal with any attacker hand it
/// covers, but for a drop, which needs the piece in the defender's hand: the attacker may
/// hold all of that kind but one.
pub(super) fn and_disproof_hand(pos: &Position, mv: Move, child: Hand) -> Hand {
    let Some(p) = mv.hand_piece() else {
        return child;
    };
    let us = pos.side_to_move();
    let total = pos.hand(us).count(p) + pos.hand(!us).count(p);
    if child.count(p) < total {
        return child;
    }
    child.with_count(p, total - 1).unwrap_or(child)
}

/// The squares where a reply at the AND node `pos` puts a piece between the checker and
/// the king (a drop, or a move by anything but the king): empty when the check cannot be
/// blocked.
pub(super) fn interposition_squares(pos: &Position) -> Bitboard {
    if !interposable(pos) {
        return Bitboard::EMPTY;
    }
    match (pos.checkers().first(), pos.king_square(pos.side_to_move())) {
        (Some(c), Some(k)) => attacks::between(c, k),
        _ => Bitboard::EMPTY,
    }
}
