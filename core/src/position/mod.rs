//! Positions: the board, the hands, the side to move, and playing moves.

mod handicap;
mod packed;
mod setup;
mod sfen;
mod strictness;
mod undo;
mod usi_start;

pub use handicap::Handicap;
pub use packed::{PackedSfen, PackedSfenError};
pub use setup::{Kings, PositionError, Setup};
pub use sfen::{SfenError, SfenField, SfenSyntaxError};
pub use strictness::{Strictness, UnknownStrictness};
pub use undo::Undo;
pub use usi_start::UsiPositionError;

use crate::{Bitboard, Color, Hand, HandPiece, Move, Piece, PieceKind, Square, attacks, zobrist};
use core::fmt;

/// A shogi position: what stands where, what each side holds, who moves, and the move number.
///
/// A `Position` is always valid in the sense of [`Setup::validate`] (piece counts, no dead
/// pieces, no two pawns on a file, the side not to move not in check). Moves are played in place
/// with [`Position::play_unchecked`]; a search that needs to go back keeps a copy (copy-make). The struct
/// is about 550 bytes; under callgrind the copies are about 5% of perft's instructions, which
/// bounds what make/unmake with an undo stack could save, so the simpler scheme stays. A caller
/// that keeps one position for a whole game takes moves back with [`Position::play_undoable`]
/// and [`Position::undo`] instead.
#[derive(Clone)]
pub struct Position {
    board: [Option<Piece>; 81],
    by_color: [Bitboard; 2],
    by_kind: [Bitboard; PieceKind::NUM],
    /// Kinds grouped by how they attack, kept alongside `by_kind` because attack tests ask for
    /// them on every king move: gold-likes, bishop-likes, rook-likes, king-likes.
    groups: [Bitboard; 4],
    hands: [Hand; 2],
    side: Color,
    move_number: u32,
    king: [Option<Square>; 2],
    board_key: u64,
    hand_key: u64,
    checkers: Bitboard,
}

impl Position {
    /// The starting position of an even game (平手, *hirate*), Black to move.
    pub fn startpos() -> Position {
        Handicap::Even.position()
    }

    fn empty(side: Color, move_number: u32) -> Position {
        Position {
            board: [None; 81],
            by_color: [Bitboard::EMPTY; 2],
            by_kind: [Bitboard::EMPTY; PieceKind::NUM],
            groups: [Bitboard::EMPTY; 4],
            hands: [Hand::EMPTY; 2],
            side,
            move_number,
            king: [None; 2],
            board_key: if side == Color::White {
                zobrist::SIDE
            } else {
                0
            },
            hand_key: 0,
            checkers: Bitboard::EMPTY,
        }
    }

    /// Builds a position from a setup that [`Setup::validate`] accepted (or that the caller
    /// vouches for: this does not check).
    pub(crate) fn from_valid_setup(setup: &Setup) -> Position {
        let mut pos = Position::empty(setup.side, setup.move_number);
        for sq in Square::ALL {
            if let Some(p) = setup.board[sq.index()] {
                pos.put(p, sq);
            }
        }
        for c in Color::ALL {
            for (p, n) in setup.hands[c.index()].iter() {
                for _ in 0..n {
                    pos.take_in_hand(c, p);
                }
            }
        }
        pos.checkers = pos.compute_checkers();
        pos
    }

    /// The rules of a game position that this position breaks, as a problem diagram may
    /// ([`Setup::game_rule_breaks`]): empty for any position [`Strictness::Game`] accepts.
    ///
    /// ```
    /// use tokin_core::{Position, Strictness};
    /// // Two of Black's pawns on file 5, and no Black king: a problem diagram.
    /// let p = Position::from_sfen_with("4k4/9/4P4/9/4P4/9/9/9/9 b G 1", Strictness::Problem).unwrap();
    /// let breaks: Vec<String> = p.game_rule_breaks().iter().map(|e| e.to_string()).collect();
    /// assert_eq!(breaks, ["black has two unpromoted pawns on file 5 (nifu)", "black has no king"]);
    /// assert!(Position::from_sfen_with("4k4/9/4P4/9/4P4/9/9/9/9 b G 1", Strictness::Game).is_err());
    /// ```
    pub fn game_rule_breaks(&self) -> Vec<PositionError> {
        self.to_setup().game_rule_breaks()
    }

    /// This position as a [`Setup`] (plain data that can be edited and validated again).
    pub fn to_setup(&self) -> Setup {
        Setup {
            board: self.board,
            hands: self.hands,
            side: self.side,
            move_number: self.move_number,
        }
    }

    #[inline]
    fn put(&mut self, p: Piece, sq: Square) {
        self.board[sq.index()] = Some(p);
        let b = Bitboard::from_square(sq);
        self.by_color[p.color.index()] |= b;
        self.by_kind[p.kind.index()] |= b;
        self.toggle_groups(p.kind, b);
        self.board_key ^= zobrist::board(p, sq);
        if p.kind == PieceKind::King {
            self.king[p.color.index()] = Some(sq);
        }
    }

    #[inline(always)]
    fn toggle_groups(&mut self, kind: PieceKind, b: Bitboard) {
        let g = GROUPS_OF[kind.index()];
        for (i, group) in self.groups.iter_mut().enumerate() {
            if g & (1 << i) != 0 {
                *group ^= b;
            }
        }
    }

    #[inline]
    fn remove(&mut self, p: Piece, sq: Square) {
        self.board[sq.index()] = None;
        let b = Bitboard::from_square(sq);
        self.by_color[p.color.index()] ^= b;
        self.by_kind[p.kind.index()] ^= b;
        self.toggle_groups(p.kind, b);
        self.board_key ^= zobrist::board(p, sq);
    }

    /// Adds `piece` to `color`'s hand. This cannot overflow the hand: every kind has at most
    /// [`Hand::capacity`] pieces in a position, board and hands together (see [`Hand::add`]).
    #[inline]
    fn take_in_hand(&mut self, color: Color, piece: HandPiece) {
        self.hands[color.index()].add(piece);
        self.hand_key = self.hand_key.wrapping_add(zobrist::hand(color, piece));
    }

    /// Takes `piece` out of `color`'s hand (to drop it); the caller has checked that it is
    /// held.
    #[inline]
    fn give_from_hand(&mut self, color: Color, piece: HandPiece) {
        self.hands[color.index()].remove(piece);
        self.hand_key = self.hand_key.wrapping_sub(zobrist::hand(color, piece));
    }

    // ---- Queries ------------------------------------------------------------------------

    /// The piece on `sq`, if any.
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board[sq.index()]
    }

    /// The side to move.
    #[inline]
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    /// The move number (手数): 1 for the first move of the game, as SFEN's last field counts.
    #[inline]
    pub fn move_number(&self) -> u32 {
        self.move_number
    }

    /// The pieces `color` holds in hand.
    #[inline]
    pub fn hand(&self, color: Color) -> Hand {
        self.hands[color.index()]
    }

    /// Where `color`'s king stands; `None` in a tsume position for the attacking side.
    #[inline]
    pub fn king_square(&self, color: Color) -> Option<Square> {
        self.king[color.index()]
    }

    /// Every occupied square.
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.by_color[0] | self.by_color[1]
    }

    /// The squares of `color`'s pieces.
    #[inline]
    pub fn pieces(&self, color: Color) -> Bitboard {
        self.by_color[color.index()]
    }

    /// The squares of pieces of `kind`, both colours.
    #[inline]
    pub fn pieces_of_kind(&self, kind: PieceKind) -> Bitboard {
        self.by_kind[kind.index()]
    }

    /// The squares of `color`'s pieces of `kind`.
    #[inline]
    pub fn pieces_of(&self, color: Color, kind: PieceKind) -> Bitboard {
        self.by_kind[kind.index()] & self.by_color[color.index()]
    }

    /// Gold and the four gold-moving promoted kinds, both colours.
    #[inline]
    pub fn gold_likes(&self) -> Bitboard {
        self.groups[GOLD_LIKE]
    }

    /// Bishops and horses, both colours.
    #[inline]
    pub fn bishop_likes(&self) -> Bitboard {
        self.groups[BISHOP_LIKE]
    }

    /// Rooks and dragons, both colours.
    #[inline]
    pub fn rook_likes(&self) -> Bitboard {
        self.groups[ROOK_LIKE]
    }

    /// Kings, horses and dragons: the pieces with a one-step move in every direction.
    #[inline]
    pub fn king_likes(&self) -> Bitboard {
        self.groups[KING_LIKE]
    }

    /// The 64-bit Zobrist hash of board, hands and side to move (bit 0 is set when White is to
    /// move). Equal positions have equal keys whatever the move number.
    #[inline]
    pub fn key(&self) -> u64 {
        self.board_key.wrapping_add(self.hand_key)
    }

    /// The hash of the board and side to move alone, without the hands (for detecting the
    /// same board with a different hand).
    #[inline]
    pub fn board_key(&self) -> u64 {
        self.board_key
    }

    /// The enemy pieces giving check to the side to move.
    #[inline]
    pub fn checkers(&self) -> Bitboard {
        self.checkers
    }

    /// Whether the side to move is in check.
    #[inline]
    pub fn in_check(&self) -> bool {
        self.checkers.is_any()
    }

    /// `color`'s pieces that attack `sq`, with `occ` as the occupied squares (for x-rays).
    #[inline(always)]
    pub fn attackers_to(&self, color: Color, sq: Square, occ: Bitboard) -> Bitboard {
        let o = !color;
        let own = self.by_color[color.index()];
        let k = &self.by_kind;
        ((attacks::pawn(o, sq) & k[PieceKind::Pawn.index()])
            | (attacks::lance(o, sq, occ) & k[PieceKind::Lance.index()])
            | (attacks::knight(o, sq) & k[PieceKind::Knight.index()])
            | (attacks::silver(o, sq) & k[PieceKind::Silver.index()])
            | (attacks::gold(o, sq) & self.gold_likes())
            | (attacks::king(sq) & self.king_likes())
            | (attacks::bishop(sq, occ) & self.bishop_likes())
            | (attacks::rook(sq, occ) & self.rook_likes()))
            & own
    }

    /// [`Position::attackers_to`], with each ranging kind's attack computed only when one of
    /// `color`'s pieces of that kind stands on an empty-board line through `sq`: cheaper for
    /// a side with few ranging pieces near `sq` (a defender in the mate searches), dearer
    /// than it for one with many.
    #[inline(always)]
    pub fn attackers_to_sparse(&self, color: Color, sq: Square, occ: Bitboard) -> Bitboard {
        self.stepping_attackers_to(color, sq) | self.ranging_attackers_to_sparse(color, sq, occ)
    }

    /// `color`'s stepping pieces (pawns, knights, silvers, the gold-likes, the king, horses
    /// and dragons by their one-square steps) that attack `sq`.
    #[inline(always)]
    pub fn stepping_attackers_to(&self, color: Color, sq: Square) -> Bitboard {
        let o = !color;
        let k = &self.by_kind;
        ((attacks::pawn(o, sq) & k[PieceKind::Pawn.index()])
            | (attacks::knight(o, sq) & k[PieceKind::Knight.index()])
            | (attacks::silver(o, sq) & k[PieceKind::Silver.index()])
            | (attacks::gold(o, sq) & self.gold_likes())
            | (attacks::king(sq) & self.king_likes()))
            & self.by_color[color.index()]
    }

    /// `color`'s lances, bishops, rooks, horses and dragons that attack `sq` along a line,
    /// with `occ` as the occupied squares; each kind's attack is computed only when one of
    /// them stands on an empty-board line through `sq`.
    #[inline(always)]
    pub fn ranging_attackers_to_sparse(&self, color: Color, sq: Square, occ: Bitboard) -> Bitboard {
        let o = !color;
        let own = self.by_color[color.index()];
        let mut a = Bitboard::EMPTY;
        let lances = attacks::lance_empty(o, sq) & self.by_kind[PieceKind::Lance.index()] & own;
        if lances.is_any() {
            a |= attacks::lance(o, sq, occ) & lances;
        }
        let bishops = attacks::bishop_empty(sq) & self.bishop_likes() & own;
        if bishops.is_any() {
            a |= attacks::bishop(sq, occ) & bishops;
        }
        let rooks = attacks::rook_empty(sq) & self.rook_likes() & own;
        if rooks.is_any() {
            a |= attacks::rook(sq, occ) & rooks;
        }
        a
    }

    /// Whether any of `color`'s pieces attacks `sq` with `occ` as the occupied squares.
    ///
    /// Cheaper than [`Position::attackers_to`]: the stepping pieces are tested first, and a
    /// ranging attack is computed only when a ranging piece stands on an empty-board line
    /// through `sq`.
    #[inline(always)]
    pub fn is_attacked_by(&self, color: Color, sq: Square, occ: Bitboard) -> bool {
        if self.stepping_attackers_to(color, sq).is_any() {
            return true;
        }
        // The ranging kinds one at a time, as `ranging_attackers_to_sparse` does, but ending
        // at the first attack found.
        let o = !color;
        let own = self.by_color[color.index()];
        let lances = attacks::lance_empty(o, sq) & self.by_kind[PieceKind::Lance.index()] & own;
        if lances.is_any() && (attacks::lance(o, sq, occ) & lances).is_any() {
            return true;
        }
        let bishops = attacks::bishop_empty(sq) & self.bishop_likes() & own;
        if bishops.is_any() && (attacks::bishop(sq, occ) & bishops).is_any() {
            return true;
        }
        let rooks = attacks::rook_empty(sq) & self.rook_likes() & own;
        rooks.is_any() && (attacks::rook(sq, occ) & rooks).is_any()
    }

    #[inline(always)]
    fn compute_checkers(&self) -> Bitboard {
        match self.king[self.side.index()] {
            Some(k) => self.attackers_to(!self.side, k, self.occupied()),
            None => Bitboard::EMPTY,
        }
    }

    /// `color`'s pieces that alone stand between `color`'s king and an enemy ranging piece
    /// aimed at it (pinned pieces), computed with `occ` as the occupied squares.
    #[inline(always)]
    pub fn pinned(&self, color: Color, occ: Bitboard) -> Bitboard {
        let Some(ksq) = self.king[color.index()] else {
            return Bitboard::EMPTY;
        };
        let them = self.by_color[(!color).index()];
        let snipers = ((attacks::rook_empty(ksq) & self.rook_likes())
            | (attacks::bishop_empty(ksq) & self.bishop_likes())
            | (attacks::lance_empty(color, ksq) & self.by_kind[PieceKind::Lance.index()]))
            & them;
        let mut pinned = Bitboard::EMPTY;
        for s in snipers {
            let b = attacks::between(ksq, s) & occ;
            if !b.has_more_than_one() {
                pinned |= b & self.by_color[color.index()];
            }
        }
        pinned
    }

    // ---- Playing moves ------------------------------------------------------------------

    /// Plays `mv` without checking it: the fast path of the search and perft.
    ///
    /// `mv` must be legal in this position (from [`Position::legal_moves`], or checked with
    /// [`Position::is_legal`]). An illegal move leaves an inconsistent position (it cannot
    /// break memory safety, but every later answer is meaningless); moves that come from
    /// outside go through [`Position::play`], which checks them.
    ///
    /// Whatever the move, no piece is made from nothing, so hand counts stay in range: a
    /// drop of a piece not in hand, or a board move from an empty square, is ignored (debug
    /// builds assert), and a captured king goes to no hand.
    #[inline(always)]
    pub fn play_unchecked(&mut self, mv: Move) {
        let us = self.side;
        let to = mv.to();
        let (moved, from) = match mv.from() {
            None => {
                // A move without an origin square is a drop, so it has a hand piece.
                let Some(piece) = mv.hand_piece() else {
                    return;
                };
                if !self.hands[us.index()].has(piece) {
                    debug_assert!(false, "no {piece} in hand for {mv}");
                    return;
                }
                self.give_from_hand(us, piece);
                let p = Piece::new(us, piece.kind());
                self.put(p, to);
                (p, None)
            }
            Some(from) => {
                let Some(p) = self.board[from.index()] else {
                    debug_assert!(false, "no piece on {from} for {mv}");
                    return;
                };
                if let Some(captured) = self.board[to.index()] {
                    self.remove(captured, to);
                    if let Some(piece) = captured.kind.unpromote().to_hand() {
                        self.take_in_hand(us, piece);
                    }
                }
                self.remove(p, from);
                let kind = p.kind.promoted_if(mv.is_promotion());
                let moved = Piece::new(us, kind);
                self.put(moved, to);
                (moved, Some(from))
            }
        };
        self.side = !us;
        self.board_key ^= zobrist::SIDE;
        // An SFEN may start at any move number up to `u32::MAX`; the count then stays there
        // instead of wrapping to 0 (which no SFEN may hold).
        self.move_number = self.move_number.saturating_add(1);
        self.checkers = self.checkers_after(moved, from, to);
    }

    /// The checkers after the side that just moved put `moved` on `to` (from `from`, or by a
    /// drop). Before the move the side now to move was not in check, so a check can only come
    /// from the moved piece itself or from a ranging piece behind the vacated origin.
    #[inline(always)]
    fn checkers_after(&self, moved: Piece, from: Option<Square>, to: Square) -> Bitboard {
        let Some(ek) = self.king[self.side.index()] else {
            return Bitboard::EMPTY;
        };
        let occ = self.occupied();
        let mut checkers = Bitboard::EMPTY;
        // Whether the piece reaches the king, rather than its whole attack set (a call of 35
        // instructions a move when a CSA reader plays them).
        if attacks::reaches(moved.color, moved.kind, to, ek, occ) {
            checkers = Bitboard::from_square(to);
        }
        if let Some(from) = from {
            let line = attacks::line(ek, from);
            if line.is_any() {
                let ours = self.by_color[moved.color.index()];
                let sliders = (attacks::rook(ek, occ) & self.rook_likes())
                    | (attacks::bishop(ek, occ) & self.bishop_likes())
                    | (attacks::lance(self.side, ek, occ) & self.by_kind[PieceKind::Lance.index()]);
                checkers |= sliders & ours & line;
            }
        }
        checkers
    }

    /// Plays `mv` if it is legal; otherwise leaves the position alone and says why not.
    ///
    /// # Errors
    /// The rule the move breaks ([`IllegalMove`](crate::IllegalMove)).
    pub fn play(&mut self, mv: Move) -> Result<(), crate::IllegalMove> {
        self.is_legal(mv)?;
        self.play_unchecked(mv);
        Ok(())
    }

    /// Passes the turn without moving (a null move, for search). Not allowed when in check.
    pub fn play_null(&mut self) {
        debug_assert!(!self.in_check());
        self.side = !self.side;
        self.board_key ^= zobrist::SIDE;
        self.move_number = self.move_number.saturating_add(1);
        self.checkers = self.compute_checkers();
    }

    /// The hash the position would have after `mv`, without playing it (for prefetching and
    /// repetition look-ahead). `mv` must be legal.
    pub fn key_after(&self, mv: Move) -> u64 {
        let us = self.side;
        let to = mv.to();
        let mut board = self.board_key ^ zobrist::SIDE;
        let mut hand = self.hand_key;
        match mv.from() {
            None => {
                if let Some(piece) = mv.hand_piece() {
                    hand = hand.wrapping_sub(zobrist::hand(us, piece));
                    board ^= zobrist::board(Piece::new(us, piece.kind()), to);
                }
            }
            Some(from) => {
                if let Some(p) = self.board[from.index()] {
                    if let Some(c) = self.board[to.index()] {
                        board ^= zobrist::board(c, to);
                        if let Some(piece) = c.kind.unpromote().to_hand() {
                            hand = hand.wrapping_add(zobrist::hand(us, piece));
                        }
                    }
                    let kind = p.kind.promoted_if(mv.is_promotion());
                    board ^= zobrist::board(p, from) ^ zobrist::board(Piece::new(us, kind), to);
                }
            }
        }
        board.wrapping_add(hand)
    }

    /// The key computed from scratch (tests compare it with the incremental [`Position::key`]).
    pub fn compute_key(&self) -> u64 {
        let mut board = if self.side == Color::White {
            zobrist::SIDE
        } else {
            0
        };
        for sq in Square::ALL {
            if let Some(p) = self.board[sq.index()] {
                board ^= zobrist::board(p, sq);
            }
        }
        let mut hand = 0u64;
        for c in Color::ALL {
            for (p, n) in self.hands[c.index()].iter() {
                hand = hand.wrapping_add(zobrist::hand(c, p).wrapping_mul(n as u64));
            }
        }
        board.wrapping_add(hand)
    }

    /// The piece a move moves (for a drop, the dropped piece), or `None` if its origin is empty.
    pub fn moved_piece(&self, mv: Move) -> Option<Piece> {
        match mv.from() {
            Some(from) => self.piece_at(from),
            None => mv.drop_kind().map(|k| Piece::new(self.side, k)),
        }
    }

    /// The piece a move captures, if any.
    pub fn captured_piece(&self, mv: Move) -> Option<Piece> {
        if mv.is_drop() {
            None
        } else {
            self.piece_at(mv.to())
        }
    }
}

const GOLD_LIKE: usize = 0;
const BISHOP_LIKE: usize = 1;
const ROOK_LIKE: usize = 2;
const KING_LIKE: usize = 3;

/// For each kind, a bit per group of `Position::groups` it belongs to.
const GROUPS_OF: [u8; PieceKind::NUM] = {
    let mut t = [0u8; PieceKind::NUM];
    let mut i = 0;
    while i < PieceKind::NUM {
        let k = PieceKind::ALL[i];
        if k.is_gold_like() {
            t[i] |= 1 << GOLD_LIKE;
        }
        if matches!(k, PieceKind::Bishop | PieceKind::Horse) {
            t[i] |= 1 << BISHOP_LIKE;
        }
        if matches!(k, PieceKind::Rook | PieceKind::Dragon) {
            t[i] |= 1 << ROOK_LIKE;
        }
        if matches!(k, PieceKind::King | PieceKind::Horse | PieceKind::Dragon) {
            t[i] |= 1 << KING_LIKE;
        }
        i += 1;
    }
    t
};

impl PartialEq for Position {
    /// Positions are equal when board, hands, side to move and move number are.
    fn eq(&self, other: &Position) -> bool {
        self.board == other.board
            && self.hands == other.hands
            && self.side == other.side
            && self.move_number == other.move_number
    }
}
impl Eq for Position {}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({})", self.to_sfen())
    }
}

impl Default for Position {
    fn default() -> Position {
        Position::startpos()
    }
}
