//! A wa shogi position: the board, both hands, the side to move; its moves and their
//! legality.
//!
//! Legality follows shogi: a move may not leave the mover's crane king attacked; a sparrow
//! pawn or oxcart must promote on reaching the last rank and may not be dropped there; no
//! second unpromoted sparrow pawn may be dropped on a file (二歩, *nifu*); a sparrow pawn may
//! not be dropped to give mate (打ち歩詰め, *uchifuzume*). Promotion is optional for a move
//! that starts or ends in the three farthest ranks. In the [`Rules::NoDrops`] form captured
//! pieces leave the game and hands stay empty.

use crate::board::{Bitboard, Color, SQUARES, Square};
use crate::piece::{Kind, Piece, Reach};

/// Which form of the game is played.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum Rules {
    /// Captured pieces go to the captor's hand and may be dropped (the modern form).
    #[default]
    Drops,
    /// Captured pieces leave the game (the older form).
    NoDrops,
}

/// A move: a piece moved on the board, or a piece dropped from the hand.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Move {
    /// A move on the board, promoting or not.
    Board {
        /// The square left.
        from: Square,
        /// The square reached.
        to: Square,
        /// Whether the piece turns over.
        promote: bool,
    },
    /// A drop of an unpromoted piece from the hand.
    Drop {
        /// The kind dropped.
        kind: Kind,
        /// The empty square it lands on.
        to: Square,
    },
}

impl Move {
    /// The square the move reaches.
    pub const fn to(self) -> Square {
        match self {
            Move::Board { to, .. } | Move::Drop { to, .. } => to,
        }
    }
}

/// The pieces a side holds in hand, one count per kind of [`Kind::HAND`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Hand([u8; 16]);

impl Hand {
    /// How many of `kind` the hand holds.
    pub const fn count(&self, kind: Kind) -> u8 {
        if kind.index() < 16 {
            self.0[kind.index()]
        } else {
            0
        }
    }

    /// Sets the count of `kind`; the crane king is never in hand and is ignored.
    pub fn set(&mut self, kind: Kind, n: u8) {
        if let Some(slot) = self.0.get_mut(kind.index()) {
            *slot = n;
        }
    }

    /// Whether the hand is empty.
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&n| n == 0)
    }
}

/// A position.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Position {
    board: [Option<Piece>; SQUARES],
    hands: [Hand; 2],
    side: Color,
    rules: Rules,
    move_number: u32,
}

impl Position {
    /// An empty board, Black to move, move 1.
    pub fn empty(rules: Rules) -> Position {
        Position {
            board: [None; SQUARES],
            hands: [Hand::default(); 2],
            side: Color::Black,
            rules,
            move_number: 1,
        }
    }

    /// The piece on `sq`.
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board[sq.index()]
    }

    /// Puts `piece` on `sq` (or empties it).
    pub fn set_piece(&mut self, sq: Square, piece: Option<Piece>) {
        self.board[sq.index()] = piece;
    }

    /// A side's hand.
    pub fn hand(&self, color: Color) -> &Hand {
        &self.hands[color.index()]
    }

    /// A side's hand, to change.
    pub fn hand_mut(&mut self, color: Color) -> &mut Hand {
        &mut self.hands[color.index()]
    }

    /// The side to move.
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    /// Sets the side to move.
    pub fn set_side_to_move(&mut self, color: Color) {
        self.side = color;
    }

    /// The form of the game.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// The number of the next move (1 for the first move of the game, counted per ply as in
    /// SFEN).
    pub fn move_number(&self) -> u32 {
        self.move_number
    }

    /// Sets the move number.
    pub fn set_move_number(&mut self, n: u32) {
        self.move_number = n;
    }

    /// The position's Zobrist key: equal for the same board, hands and side to move.
    pub fn key(&self) -> u64 {
        crate::zobrist::key(self)
    }

    /// The occupied squares.
    pub fn occupied(&self) -> Bitboard {
        let mut bb = Bitboard::EMPTY;
        for sq in Square::all() {
            if self.board[sq.index()].is_some() {
                bb.insert(sq);
            }
        }
        bb
    }

    /// The squares `piece` on `from` attacks, given which squares are occupied.
    pub fn attacks_from(piece: Piece, from: Square, occupied: Bitboard) -> Bitboard {
        let ahead = forward(piece.color());
        let mut bb = Bitboard::EMPTY;
        for m in piece.motions() {
            let (df, dr) = (m.side, m.forward * ahead);
            match m.reach {
                Reach::Jump => {
                    if let Some(to) = from.offset(df, dr) {
                        bb.insert(to);
                    }
                }
                Reach::Slide(n) => {
                    let mut at = from;
                    for _ in 0..n {
                        let Some(to) = at.offset(df, dr) else { break };
                        bb.insert(to);
                        if occupied.contains(to) {
                            break;
                        }
                        at = to;
                    }
                }
            }
        }
        bb
    }

    /// The square of `color`'s crane king, if it has one on the board.
    pub fn king(&self, color: Color) -> Option<Square> {
        Square::all().find(|&sq| self.board[sq.index()] == Some(Piece::new(color, Kind::CraneKing)))
    }

    /// Whether any piece of `by` attacks `sq`.
    pub fn attacked(&self, sq: Square, by: Color) -> bool {
        let occupied = self.occupied();
        Square::all().any(|from| match self.board[from.index()] {
            Some(p) if p.color() == by => Position::attacks_from(p, from, occupied).contains(sq),
            _ => false,
        })
    }

    /// Whether the side to move's crane king is attacked.
    pub fn in_check(&self) -> bool {
        self.king(self.side)
            .is_some_and(|k| self.attacked(k, self.side.opponent()))
    }

    /// Every move the rules allow, except that the mover's king may be left attacked and a
    /// sparrow-pawn drop may mate.
    fn pseudo_legal(&self, out: &mut Vec<Move>) {
        let us = self.side;
        let occupied = self.occupied();
        for from in Square::all() {
            let Some(piece) = self.board[from.index()] else {
                continue;
            };
            if piece.color() != us {
                continue;
            }
            for to in Position::attacks_from(piece, from, occupied) {
                if self.board[to.index()].is_some_and(|p| p.color() == us) {
                    continue;
                }
                let can_promote = piece.promote().is_some() && (from.in_zone(us) || to.in_zone(us));
                let must_promote = !piece.is_promoted()
                    && piece.kind().needs_promotion_on_last_rank()
                    && to.rank_for(us) == 1;
                if can_promote {
                    out.push(Move::Board {
                        from,
                        to,
                        promote: true,
                    });
                }
                if !must_promote {
                    out.push(Move::Board {
                        from,
                        to,
                        promote: false,
                    });
                }
            }
        }
        if self.rules == Rules::NoDrops {
            return;
        }
        let hand = self.hands[us.index()];
        for kind in Kind::HAND {
            if hand.count(kind) == 0 {
                continue;
            }
            for to in !occupied {
                if kind.needs_promotion_on_last_rank() && to.rank_for(us) == 1 {
                    continue;
                }
                if kind == Kind::SparrowPawn && self.sparrow_on_file(us, to.file()) {
                    continue;
                }
                out.push(Move::Drop { kind, to });
            }
        }
    }

    fn sparrow_on_file(&self, color: Color, file: u8) -> bool {
        (1..=11)
            .filter_map(|rank| Square::new(file, rank))
            .any(|sq| self.board[sq.index()] == Some(Piece::new(color, Kind::SparrowPawn)))
    }

    /// Every legal move.
    pub fn legal_moves(&self) -> Vec<Move> {
        self.legal_moves_where(|_| true)
    }

    /// Every legal capture (promoting or not): the moves a quiescence search looks at.
    pub fn legal_captures(&self) -> Vec<Move> {
        self.legal_moves_where(|m| match *m {
            Move::Board { to, .. } => self.board[to.index()].is_some(),
            Move::Drop { .. } => false,
        })
    }

    /// The legal moves that `keep` accepts; legality is tested only for those.
    fn legal_moves_where(&self, keep: impl Fn(&Move) -> bool) -> Vec<Move> {
        let mut moves = Vec::with_capacity(256);
        self.pseudo_legal(&mut moves);
        moves.retain(|m| keep(m));
        let safety = Safety::of(self);
        moves.retain(|&m| self.is_legal_pseudo(m, &safety));
        moves
    }

    /// Whether a pseudo-legal move leaves the king safe and is not a sparrow-drop mate.
    fn is_legal_pseudo(&self, m: Move, safety: &Safety) -> bool {
        let us = self.side;
        // Without a check, a move can expose the mover's king only by the king moving or by
        // a piece leaving one of the king's eight lines (every ranging move of wa shogi runs
        // along a file, a rank or a diagonal; a jump cannot be blocked). A drop only adds a
        // piece, so it never exposes the king.
        let needs_king_test = safety.in_check
            || match m {
                Move::Board { from, .. } => {
                    safety.king.is_none_or(|k| k == from || aligned(k, from))
                }
                Move::Drop { .. } => false,
            };
        // A sparrow drop is tested for mate only when it checks: when it lands right in front
        // of the enemy king.
        let sparrow_check = matches!(m, Move::Drop { kind: Kind::SparrowPawn, to }
            if safety.enemy_king.is_some_and(|k| to.offset(0, forward(us)) == Some(k)));
        if !needs_king_test && !sparrow_check {
            return true;
        }
        let mut next = self.clone();
        next.play_unchecked(m);
        if needs_king_test
            && next
                .king(us)
                .is_some_and(|k| next.attacked(k, us.opponent()))
        {
            return false;
        }
        // 打ち歩詰め: a sparrow drop may check but not mate.
        !(sparrow_check && next.in_check() && next.legal_moves().is_empty())
    }

    /// Whether `m` is legal here.
    pub fn is_legal(&self, m: Move) -> bool {
        let mut moves = Vec::with_capacity(256);
        self.pseudo_legal(&mut moves);
        moves.contains(&m) && self.is_legal_pseudo(m, &Safety::of(self))
    }

    /// Plays `m` if it is legal; otherwise leaves the position as it was and says so.
    ///
    /// # Errors
    /// [`IllegalMove`] when `m` is not among the legal moves.
    pub fn play(&mut self, m: Move) -> Result<(), IllegalMove> {
        if !self.is_legal(m) {
            return Err(IllegalMove(m));
        }
        self.play_unchecked(m);
        Ok(())
    }

    /// Plays a move known to be legal (or pseudo-legal: the search and legality test use it).
    pub fn play_unchecked(&mut self, m: Move) {
        let us = self.side;
        match m {
            Move::Board { from, to, promote } => {
                let Some(mut piece) = self.board[from.index()].take() else {
                    return;
                };
                if promote && let Some(p) = piece.promote() {
                    piece = p;
                }
                if let Some(captured) = self.board[to.index()]
                    && self.rules == Rules::Drops
                    && captured.kind() != Kind::CraneKing
                {
                    let hand = &mut self.hands[us.index()];
                    hand.set(
                        captured.kind(),
                        hand.count(captured.kind()).saturating_add(1),
                    );
                }
                self.board[to.index()] = Some(piece);
            }
            Move::Drop { kind, to } => {
                let hand = &mut self.hands[us.index()];
                hand.set(kind, hand.count(kind).saturating_sub(1));
                self.board[to.index()] = Some(Piece::new(us, kind));
            }
        }
        self.side = us.opponent();
        self.move_number = self.move_number.saturating_add(1);
    }
}

/// What the legality test needs to know about the position before a move, found once for
/// all the moves.
struct Safety {
    /// The mover's king, if on the board.
    king: Option<Square>,
    /// The opponent's king, if on the board.
    enemy_king: Option<Square>,
    /// Whether the mover's king is attacked now.
    in_check: bool,
}

impl Safety {
    fn of(pos: &Position) -> Safety {
        Safety {
            king: pos.king(pos.side),
            enemy_king: pos.king(pos.side.opponent()),
            in_check: pos.in_check(),
        }
    }
}

/// The rank offset of one step forward for `color` (Black moves towards rank a).
const fn forward(color: Color) -> i8 {
    match color {
        Color::Black => -1,
        Color::White => 1,
    }
}

/// Whether `a` and `b` share a file, a rank or a diagonal.
fn aligned(a: Square, b: Square) -> bool {
    let (df, dr) = (
        i16::from(a.file()) - i16::from(b.file()),
        i16::from(a.rank()) - i16::from(b.rank()),
    );
    df == 0 || dr == 0 || df.abs() == dr.abs()
}

/// A move that is not legal in the position it was played in.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct IllegalMove(pub Move);

impl core::fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self.0 {
            Move::Board { from, to, promote } => {
                write!(
                    f,
                    "illegal move from {from} to {to}{}",
                    if promote { " promoting" } else { "" }
                )
            }
            Move::Drop { kind, to } => write!(f, "illegal drop of {} on {to}", kind.code()),
        }
    }
}

impl std::error::Error for IllegalMove {}
