//! Legal move generation.
//!
//! The generator produces exactly the legal moves, with no later filtering: pinned pieces
//! stay on their pin line, a king in check is answered by king moves, captures of the checker
//! and interpositions (by board moves and by drops), a double check by king moves alone, and
//! the king never steps onto an attacked square. Drops obey the last-rank rules, two pawns on a
//! file (二歩) and pawn-drop mate (打ち歩詰め). Where promotion is optional both moves are
//! generated, including the non-promotions of pawn, bishop and rook that engines often skip,
//! because they are legal and the published perft counts include them.

use crate::{Bitboard, Color, HandPiece, Move, PieceKind, Position, Rank, Square, attacks};
use arrayvec::ArrayVec;

/// Room for every legal move of any position tokin accepts, so that filling a [`MoveList`]
/// never overflows.
///
/// With one set of pieces no position has more than 593 legal moves (proven). The relaxed
/// positions ([`Strictness::Relaxed`](crate::Strictness::Relaxed)) may hold extra pieces, up
/// to [`Hand::capacity`](crate::Hand::capacity) of each kind, and then have more (one with
/// 603 is in the tests). A bound for them: a piece on the board has at most 32 moves (16
/// destinations, each with and without promotion, for a rook or bishop), a lance 16, a silver
/// 10, a king 8, any other piece 6; each of the (at most 7) pieces in hand has a drop per
/// empty square, and at most `81 - n` squares are empty when the side to move has `n` pieces
/// on the board. So there are at most `7 * (81 - n)` drops plus the board moves: `567` plus
/// `m - 7` for each piece on the board with `m` moves. Only pieces with more than 7 moves
/// add: at most 3 rooks and 3 bishops (25 each), 7 lances (9), 7 silvers (3) and a king (1),
/// 235 in all, so no accepted position has more than 802 legal moves. Moves conserve the
/// pieces, so every position reached from an accepted one has the same bound.
pub const MAX_MOVES: usize = 802;

/// A list of moves with room for every legal move of any position, on the stack.
pub type MoveList = ArrayVec<Move, MAX_MOVES>;

/// The squares of `color`'s promotion zone (its three far ranks).
#[inline]
pub fn zone(color: Color) -> Bitboard {
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

/// The low eight squares (ranks 1-8) of every file, and the rank-9 square of every file.
const LOW8: u128 = {
    let mut bits = 0u128;
    let mut f = 0;
    while f < 9 {
        bits |= 0xff << (9 * f);
        f += 1;
    }
    bits
};
const BIT8: u128 = LOW8 << 1 & !LOW8;

/// The files holding `color`'s unpromoted pawns, as a set of whole files.
#[inline]
pub fn pawn_files(pos: &Position, color: Color) -> Bitboard {
    // Each file is a 9-bit group. Adding 0xff to a group's low eight bits carries into its
    // ninth bit exactly when one of them is set (the sum stays below 512, so no carry crosses
    // into the next file); OR in the ninth bit itself and every occupied file has its top bit
    // set. `(top << 1) - (top >> 8)` then fills each flagged group: 2^(9g+9) - 2^(9g).
    let x = pos.pieces_of(color, PieceKind::Pawn).bits();
    let top = (((x & LOW8) + LOW8) | x) & BIT8;
    Bitboard::from_bits((top << 1) - (top >> 8))
}

impl Position {
    /// Every legal move.
    ///
    /// # Examples
    /// ```
    /// use tokin_core::Position;
    /// assert_eq!(Position::startpos().legal_moves().len(), 30);
    /// ```
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        generate_legal(self, &mut list);
        list
    }

    /// The number of legal moves, counted from destination sets without building the moves
    /// (what perft's last ply needs).
    ///
    /// # Examples
    /// ```
    /// use tokin_core::Position;
    /// assert_eq!(Position::startpos().count_legal_moves(), 30);
    /// ```
    pub fn count_legal_moves(&self) -> usize {
        count_inline(self)
    }

    /// Whether the side to move has no legal move (it is mated, or in the rare positions where
    /// it has no move without being in check, stalemated, which also loses in shogi).
    pub fn has_no_legal_move(&self) -> bool {
        self.count_legal_moves() == 0
    }

    /// Whether the side to move is checkmated.
    pub fn is_checkmate(&self) -> bool {
        self.in_check() && self.has_no_legal_move()
    }
}

/// Appends every legal move of `pos` to `list`.
pub fn generate_legal(pos: &Position, list: &mut MoveList) {
    generate(pos, list);
}

/// [`Position::count_legal_moves`], always inlined (for perft's feature-specific copies).
#[inline(always)]
pub(crate) fn count_inline(pos: &Position) -> usize {
    let mut counter = Counter(0);
    generate(pos, &mut counter);
    counter.0
}

/// Where generated moves go. The generator hands over whole destination sets so that a
/// counter can add population counts while a list expands them into moves (and the search's
/// move picker sorts them straight into its own lists).
///
/// The default methods build moves with [`Move::normal`], which asserts that origin and
/// destination differ: the generator's destination sets come from attack sets, which never
/// hold the attacking piece's own square, so it cannot fail for what the generator passes.
pub trait Sink {
    /// One move. The destination sets below expand into moves through it unless a sink
    /// handles a whole set at once.
    fn one(&mut self, mv: Move);
    /// One move from `from` to each of `dests`, never promoting.
    #[inline(always)]
    fn plain(&mut self, from: Square, dests: Bitboard) {
        for to in dests {
            self.one(Move::normal(from, to, false));
        }
    }
    /// From `from`: a promotion and a non-promotion to each of `both`, and only a promotion
    /// to each of `forced`.
    #[inline(always)]
    fn promoting(&mut self, from: Square, both: Bitboard, forced: Bitboard) {
        for to in both {
            self.one(Move::normal(from, to, true));
            self.one(Move::normal(from, to, false));
        }
        for to in forced {
            self.one(Move::normal(from, to, true));
        }
    }
    /// Pawn pushes of `color` (each origin is the square behind the destination): plain to
    /// `plain`, both kinds to `both`, promotion only to `forced`.
    #[inline(always)]
    fn pawns(&mut self, color: Color, plain: Bitboard, both: Bitboard, forced: Bitboard) {
        // Each destination is one push ahead of a pawn, so the square behind it is on the
        // board (and in the same file).
        let back = |to: Square| match color {
            Color::Black => Square::ALL[to.index() + 1],
            Color::White => Square::ALL[to.index() - 1],
        };
        for to in plain {
            self.one(Move::normal(back(to), to, false));
        }
        for to in both {
            self.one(Move::normal(back(to), to, true));
            self.one(Move::normal(back(to), to, false));
        }
        for to in forced {
            self.one(Move::normal(back(to), to, true));
        }
    }
    /// A drop of `kind` on each of `dests`. The generator passes hand kinds only (pawn to
    /// rook); any other kind has no drops. (The kind is a constant where the generator calls
    /// this, so the conversion costs nothing.)
    #[inline(always)]
    fn drops(&mut self, kind: PieceKind, dests: Bitboard) {
        let Some(piece) = kind.to_hand() else {
            return;
        };
        for to in dests {
            self.one(Move::drop(piece, to));
        }
    }
}

impl Sink for MoveList {
    #[inline(always)]
    fn one(&mut self, mv: Move) {
        // `push` panics on a full list; no accepted position (nor any reached from one)
        // has more than `MAX_MOVES` legal moves (see there), so it never is.
        self.push(mv);
    }
}

/// Counts moves instead of building them.
struct Counter(usize);

impl Sink for Counter {
    #[inline(always)]
    fn one(&mut self, _: Move) {
        self.0 += 1;
    }
    #[inline(always)]
    fn plain(&mut self, _: Square, dests: Bitboard) {
        self.0 += dests.count() as usize;
    }
    #[inline(always)]
    fn promoting(&mut self, _: Square, both: Bitboard, forced: Bitboard) {
        self.0 += 2 * both.count() as usize + forced.count() as usize;
    }
    #[inline(always)]
    fn pawns(&mut self, _: Color, plain: Bitboard, both: Bitboard, forced: Bitboard) {
        self.0 += plain.count() as usize + 2 * both.count() as usize + forced.count() as usize;
    }
    #[inline(always)]
    fn drops(&mut self, _: PieceKind, dests: Bitboard) {
        self.0 += dests.count() as usize;
    }
}

/// Hands every legal move of `pos` to `sink`, in the order [`generate_legal`] lists them.
#[inline(always)]
pub fn generate<S: Sink>(pos: &Position, sink: &mut S) {
    let us = pos.side_to_move();
    let occ = pos.occupied();
    let own = pos.pieces(us);
    let ksq = pos.king_square(us);
    let checkers = pos.checkers();

    if let Some(k) = ksq {
        king_moves(pos, k, sink);
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
    board_moves(pos, target, pinned, ksq, sink);
    if !pos.hand(us).is_empty() && drop_target.is_any() {
        drops(pos, drop_target, sink);
    }
}

#[inline(always)]
fn king_moves<S: Sink>(pos: &Position, ksq: Square, sink: &mut S) {
    let us = pos.side_to_move();
    let occ = pos.occupied().without(ksq);
    let mut safe = Bitboard::EMPTY;
    for to in attacks::king(ksq).and_not(pos.pieces(us)) {
        if !pos.is_attacked_by(!us, to, occ) {
            safe = safe.with(to);
        }
    }
    sink.plain(ksq, safe);
}

/// Hands the moves from `from` to `dests` to the sink, split by promotion rules: a piece that
/// may promote when `from` or the destination is in `zone`, and must promote on `forced`.
#[inline(always)]
fn promotable<S: Sink>(
    sink: &mut S,
    from: Square,
    dests: Bitboard,
    zone: Bitboard,
    forced: Bitboard,
) {
    if dests.is_empty() {
        return;
    }
    let promo = if zone.contains(from) {
        dests
    } else {
        dests & zone
    };
    sink.plain(from, dests.and_not(promo));
    sink.promoting(from, promo.and_not(forced), promo & forced);
}

#[inline(always)]
fn board_moves<S: Sink>(
    pos: &Position,
    target: Bitboard,
    pinned: Bitboard,
    ksq: Option<Square>,
    sink: &mut S,
) {
    let us = pos.side_to_move();
    let occ = pos.occupied();
    let own = pos.pieces(us);
    let zone = zone(us);
    let last = last_rank(us);
    // Pinned pieces may only move along the line through their king and the pinner.
    let pin_line = |from: Square| -> Bitboard {
        match ksq {
            Some(k) => attacks::line(k, from),
            None => Bitboard::FULL,
        }
    };

    // Unpinned pawns all at once: shift the set one rank forward. Pinned pawns can only
    // push along a file pin, so they go one by one.
    let pawns = pos.pieces_of(us, PieceKind::Pawn);
    let free = pawns.and_not(pinned);
    let mut dests = match us {
        Color::Black => free.shift_up(),
        Color::White => free.shift_down(),
    } & target;
    for from in pawns & pinned {
        dests |= attacks::pawn(us, from) & target & pin_line(from);
    }
    sink.pawns(
        us,
        dests.and_not(zone),
        (dests & zone).and_not(last),
        dests & last,
    );

    // Each kind: the unpinned pieces first, then the (rare) pinned ones restricted to their
    // pin line. A pinned knight never moves: its jump always leaves the line.
    let any_pinned = pinned.is_any();
    macro_rules! each {
        ($set:expr, |$from:ident| $dests:expr, $emit:expr) => {{
            let set = $set;
            for $from in set.and_not(pinned) {
                let d = $dests;
                $emit($from, d);
            }
            if any_pinned {
                for $from in set & pinned {
                    let d = $dests & pin_line($from);
                    $emit($from, d);
                }
            }
        }};
    }
    let lance_or_pawn_forced = last;
    each!(
        pos.pieces_of(us, PieceKind::Lance),
        |from| attacks::lance(us, from, occ) & target,
        |f, d| promotable(sink, f, d, zone, lance_or_pawn_forced)
    );
    let knight_forced = last_two_ranks(us);
    for from in pos.pieces_of(us, PieceKind::Knight).and_not(pinned) {
        promotable(
            sink,
            from,
            attacks::knight(us, from) & target,
            zone,
            knight_forced,
        );
    }
    each!(
        pos.pieces_of(us, PieceKind::Silver),
        |from| attacks::silver(us, from) & target,
        |f, d| promotable(sink, f, d, zone, Bitboard::EMPTY)
    );
    each!(
        pos.gold_likes() & own,
        |from| attacks::gold(us, from) & target,
        |f, d| sink.plain(f, d)
    );
    each!(
        pos.pieces_of(us, PieceKind::Bishop),
        |from| attacks::bishop(from, occ) & target,
        |f, d| promotable(sink, f, d, zone, Bitboard::EMPTY)
    );
    each!(
        pos.pieces_of(us, PieceKind::Rook),
        |from| attacks::rook(from, occ) & target,
        |f, d| promotable(sink, f, d, zone, Bitboard::EMPTY)
    );
    each!(
        pos.pieces_of(us, PieceKind::Horse),
        |from| attacks::horse(from, occ) & target,
        |f, d| sink.plain(f, d)
    );
    each!(
        pos.pieces_of(us, PieceKind::Dragon),
        |from| attacks::dragon(from, occ) & target,
        |f, d| sink.plain(f, d)
    );
}

#[inline(always)]
fn drops<S: Sink>(pos: &Position, empty: Bitboard, sink: &mut S) {
    let us = pos.side_to_move();
    let hand = pos.hand(us);
    if hand.has(HandPiece::Pawn) {
        let mut dests = empty.and_not(last_rank(us)).and_not(pawn_files(pos, us));
        // The one square where a pawn drop gives check; it is illegal if it mates.
        if let Some(sq) = pos
            .king_square(!us)
            .and_then(|k| attacks::pawn(!us, k).first())
            .filter(|&sq| dests.contains(sq))
            && is_pawn_drop_mate(pos, sq)
        {
            dests = dests.without(sq);
        }
        sink.drops(PieceKind::Pawn, dests);
    }
    if hand.has(HandPiece::Lance) {
        sink.drops(PieceKind::Lance, empty.and_not(last_rank(us)));
    }
    if hand.has(HandPiece::Knight) {
        sink.drops(PieceKind::Knight, empty.and_not(last_two_ranks(us)));
    }
    for piece in [
        HandPiece::Silver,
        HandPiece::Gold,
        HandPiece::Bishop,
        HandPiece::Rook,
    ] {
        if hand.has(piece) {
            sink.drops(piece.kind(), empty);
        }
    }
}

/// Whether dropping a pawn of the side to move on `to`, which checks the enemy king, mates it
/// (打ち歩詰め, *uchifuzume*, which makes the drop illegal).
#[inline(always)]
pub fn is_pawn_drop_mate(pos: &Position, to: Square) -> bool {
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
