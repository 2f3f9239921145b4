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
    ///
    /// Answered without generating or counting the moves: it stops at the first legal move
    /// found (see [`has_legal_move`]).
    pub fn has_no_legal_move(&self) -> bool {
        !has_legal_move(self)
    }

    /// Whether the side to move is checkmated.
    pub fn is_checkmate(&self) -> bool {
        self.in_check() && self.has_no_legal_move()
    }
}

/// Whether `pos` has a legal move: the same answer as `count_legal_moves() > 0`, from the same
/// rules as [`generate`] (every destination that the generator would hand over yields at least
/// one move), but stopping at the first one found.
///
/// In check (what the mate search asks after each candidate check), the cheapest and most
/// common answers come first: a capture of the checker, then a king step, then an
/// interposition by a drop and by a move. Out of check: a king step, a move of each piece,
/// a drop.
pub fn has_legal_move(pos: &Position) -> bool {
    let us = pos.side_to_move();
    let occ = pos.occupied();
    let Some(k) = pos.king_square(us) else {
        return any_unchecked_move(pos, None);
    };
    let checkers = pos.checkers();
    let Some(checker) = checkers.first() else {
        return king_can_step(pos, k) || any_unchecked_move(pos, Some(k));
    };
    if checkers.has_more_than_one() {
        return king_can_step(pos, k);
    }
    // A piece that can reach `to` may go there unless it is pinned and `to` leaves its pin
    // line. A piece on no line through the king cannot be pinned: most answer without the
    // pinned set, which is worked out only when needed.
    let mut pinned = None;
    let mut can_go = |movers: Bitboard, to: Square| {
        movers.into_iter().any(|from| {
            let line = attacks::line(k, from);
            line.is_empty()
                || line.contains(to)
                || !pinned
                    .get_or_insert_with(|| pos.pinned(us, occ))
                    .contains(from)
        })
    };
    if can_go(pos.attackers_to(us, checker, occ).without(k), checker) {
        return true;
    }
    if king_can_step(pos, k) {
        return true;
    }
    let between = attacks::between(k, checker);
    if between.is_empty() {
        return false;
    }
    if !pos.hand(us).is_empty() && any_drop(pos, between) {
        return true;
    }
    between
        .into_iter()
        .any(|to| can_go(pos.attackers_to(us, to, occ).without(k), to))
}

/// Whether the king of the side to move, on `ksq`, has a square to step to.
#[inline]
fn king_can_step(pos: &Position, ksq: Square) -> bool {
    let us = pos.side_to_move();
    let occ = pos.occupied().without(ksq);
    attacks::king(ksq)
        .and_not(pos.pieces(us))
        .into_iter()
        .any(|to| !pos.is_attacked_by(!us, to, occ))
}

/// Out of check: whether the side to move has a legal move other than a king step (`ksq` is
/// its king, if it has one).
fn any_unchecked_move(pos: &Position, ksq: Option<Square>) -> bool {
    let us = pos.side_to_move();
    let occ = pos.occupied();
    let own = pos.pieces(us);
    let target = !own;
    let pinned = pos.pinned(us, occ);
    let pieces = match ksq {
        Some(k) => own.without(k),
        None => own,
    };
    for from in pieces {
        let Some(p) = pos.piece_at(from) else {
            continue;
        };
        let mut dests = attacks::piece(us, p.kind, from, occ) & target;
        if let Some(k) = ksq
            && pinned.contains(from)
        {
            dests &= attacks::line(k, from);
        }
        if dests.is_any() {
            return true;
        }
    }
    !pos.hand(us).is_empty() && any_drop(pos, !occ)
}

/// Whether the side to move has a legal drop on one of the empty squares `empty`.
#[inline]
fn any_drop(pos: &Position, empty: Bitboard) -> bool {
    let us = pos.side_to_move();
    let hand = pos.hand(us);
    if empty.is_empty() {
        return false;
    }
    if [
        HandPiece::Silver,
        HandPiece::Gold,
        HandPiece::Bishop,
        HandPiece::Rook,
    ]
    .into_iter()
    .any(|piece| hand.has(piece))
    {
        return true;
    }
    if hand.has(HandPiece::Lance) && empty.and_not(last_rank(us)).is_any() {
        return true;
    }
    if hand.has(HandPiece::Knight) && empty.and_not(last_two_ranks(us)).is_any() {
        return true;
    }
    if !hand.has(HandPiece::Pawn) {
        return false;
    }
    let dests = empty.and_not(last_rank(us)).and_not(pawn_files(pos, us));
    // The one square where a pawn drop gives check; it is illegal if it mates.
    match pos
        .king_square(!us)
        .and_then(|k| attacks::pawn(!us, k).first())
        .filter(|&sq| dests.contains(sq))
    {
        Some(sq) => dests.without(sq).is_any() || !is_pawn_drop_mate(pos, sq),
        None => dests.is_any(),
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
    /// The squares whose stepping pieces (king, pawns, knights, silvers and the kinds that
    /// move like a gold) the sink wants moves from: a sink that keeps only some moves, such
    /// as checks, may spare the generator the pieces that cannot make one. The ranging
    /// pieces and the drops are always generated. Every square by default.
    #[inline(always)]
    fn stepping_origins(&self) -> Bitboard {
        Bitboard::FULL
    }
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

    let stepping = sink.stepping_origins();
    if let Some(k) = ksq
        && stepping.contains(k)
    {
        king_moves(pos, k, sink);
    }
    let (target, drop_target, stepping) = match (ksq, checkers.first()) {
        (Some(k), Some(checker)) => {
            if checkers.has_more_than_one() {
                return;
            }
            let b = attacks::between(k, checker);
            let target = b.with(checker);
            // Only a stepping piece next to the check's line, or a knight's jump from it, can
            // take the checker or step in between: the others are not looked at.
            let mut near = Bitboard::EMPTY;
            for t in target {
                near |= STEP_REACH[t.index()];
            }
            (target, b, stepping & near)
        }
        _ => (!own, !occ, stepping),
    };
    let pinned = pos.pinned(us, occ);
    board_moves(pos, target, pinned, ksq, stepping, sink);
    if !pos.hand(us).is_empty() && drop_target.is_any() {
        drops(pos, drop_target, sink);
    }
}

/// The squares from which a stepping piece (pawn, knight, silver, gold or a kind that moves
/// like one) can reach each square in one move: at most one file and two ranks away (a
/// knight's jump is the farthest step).
const STEP_REACH: [Bitboard; Square::NUM] = attacks::boxes(1, 2);

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
    stepping: Bitboard,
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
    let pawns = pos.pieces_of(us, PieceKind::Pawn) & stepping;
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
    for from in (pos.pieces_of(us, PieceKind::Knight) & stepping).and_not(pinned) {
        promotable(
            sink,
            from,
            attacks::knight(us, from) & target,
            zone,
            knight_forced,
        );
    }
    each!(
        pos.pieces_of(us, PieceKind::Silver) & stepping,
        |from| attacks::silver(us, from) & target,
        |f, d| promotable(sink, f, d, zone, Bitboard::EMPTY)
    );
    each!(
        pos.gold_likes() & own & stepping,
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

#[cfg(test)]
mod tests {
    use crate::testing::{Pick, random_game_positions};
    use crate::{Color, Position};
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    /// `has_no_legal_move` against the generator, on `pos` and on every position reached
    /// from it by a checking move (where the early exits in check are taken). Returns how
    /// many of those had no legal move.
    fn check_against_generator(pos: &Position) -> usize {
        let mut mated = 0;
        let list = pos.legal_moves();
        assert_eq!(
            pos.has_no_legal_move(),
            list.is_empty(),
            "{}",
            pos.to_sfen()
        );
        for &mv in &list {
            let mut child = pos.clone();
            child.play_unchecked(mv);
            if child.in_check() {
                let none = child.legal_moves().is_empty();
                assert_eq!(child.has_no_legal_move(), none, "{}", child.to_sfen());
                mated += usize::from(none);
            }
        }
        mated
    }

    #[test]
    fn has_no_legal_move_agrees_with_the_generator_in_games() {
        let mut mated = 0;
        for (seed, pick) in [(1, Pick::PreferCaptures), (2, Pick::Uniform)] {
            random_game_positions(seed, 60, 250, pick, |pos, _| {
                mated += check_against_generator(pos);
            });
        }
        assert!(mated > 50, "only {mated} mates");
    }

    /// A random position with both sets of pieces, many of them in hand, and the pieces on
    /// the board scattered anywhere or crowded round one spot (some promoted). To reach the
    /// rare ways out of check and of stalemate, the side to move often holds few pieces, or
    /// pieces of one kind only in hand, and now and then has no king. `None` when the SFEN
    /// breaks a rule (two pawns on a file, a dead piece, the side not to move in check).
    fn scattered(rng: &mut StdRng) -> Option<Position> {
        const SET: &str = "RBGGSSNNLLPPPPPPPPP";
        let mut board = [const { None::<String> }; 81];
        let mut hands = [String::new(), String::new()];
        let on_board = rng.random_range(0.0..0.5);
        let side = if rng.random_bool(0.5) {
            Color::Black
        } else {
            Color::White
        };
        // How likely a piece is the mover's, and the one kind it may hold (if restricted).
        let mine = if rng.random_bool(0.5) { 0.5 } else { 0.15 };
        let only = rng
            .random_bool(0.3)
            .then(|| SET.as_bytes()[rng.random_range(0..SET.len())] as char);
        let (cf, cr) = (rng.random_range(0..9i32), rng.random_range(0..9i32));
        let crowd = rng.random_bool(0.5);
        let empty_square = |board: &[Option<String>; 81], rng: &mut StdRng| {
            for _ in 0..50 {
                let sq = if crowd {
                    let f = (cf + rng.random_range(-2..=2)).clamp(0, 8);
                    let r = (cr + rng.random_range(-2..=2)).clamp(0, 8);
                    (f * 9 + r) as usize
                } else {
                    rng.random_range(0..81)
                };
                if board[sq].is_none() {
                    return sq;
                }
            }
            (0..81).find(|&sq| board[sq].is_none()).unwrap_or(0)
        };
        for (i, king) in ["K", "k"].into_iter().enumerate() {
            let color = if i == 0 { Color::Black } else { Color::White };
            if color == side && rng.random_bool(0.05) {
                continue;
            }
            let sq = empty_square(&board, rng);
            board[sq] = Some(king.to_string());
        }
        for c in SET.chars().chain(SET.chars()) {
            let mut black = rng.random_bool(mine) == (side == Color::Black);
            if rng.random_bool(on_board) {
                let sq = empty_square(&board, rng);
                let mut s = String::new();
                if "RBSNLP".contains(c) && rng.random_bool(0.3) {
                    s.push('+');
                }
                s.push(if black { c } else { c.to_ascii_lowercase() });
                board[sq] = Some(s);
            } else {
                if only.is_some_and(|o| o != c) {
                    black = side == Color::White;
                }
                hands[usize::from(!black)].push(if black { c } else { c.to_ascii_lowercase() });
            }
        }
        let mut sfen = String::new();
        for rank in 0..9 {
            let mut empty = 0;
            for file in (0..9).rev() {
                match &board[file * 9 + rank] {
                    Some(p) => {
                        if empty > 0 {
                            sfen.push_str(&empty.to_string());
                            empty = 0;
                        }
                        sfen.push_str(p);
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                sfen.push_str(&empty.to_string());
            }
            if rank < 8 {
                sfen.push('/');
            }
        }
        let mut hand = String::new();
        for (h, letters) in hands.iter().zip(["RBGSNLP", "rbgsnlp"]) {
            for c in letters.chars() {
                match h.matches(c).count() {
                    0 => {}
                    1 => hand.push(c),
                    n => hand.push_str(&format!("{n}{c}")),
                }
            }
        }
        sfen.push_str(match side {
            Color::Black => " b ",
            Color::White => " w ",
        });
        sfen.push_str(if hand.is_empty() { "-" } else { &hand });
        sfen.push_str(" 1");
        Position::from_sfen_relaxed(&sfen).ok()
    }

    #[test]
    fn has_no_legal_move_agrees_with_the_generator_with_full_hands() {
        let mut rng = StdRng::seed_from_u64(7);
        let (mut tried, mut mated) = (0, 0);
        for _ in 0..100_000 {
            let Some(pos) = scattered(&mut rng) else {
                continue;
            };
            tried += 1;
            mated += check_against_generator(&pos);
        }
        assert!(
            tried > 3000 && mated > 20,
            "{tried} positions, {mated} mates"
        );
    }
}
