//! Plain position data and the rules a playable position must satisfy.

use super::Position;
use crate::{Bitboard, Color, File, Hand, Piece, PieceKind, Square};
use core::fmt;

/// Position data that has not been checked: what [`parse_sfen`](Setup::from_sfen) reads,
/// and what editors and record readers build before asking [`Setup::validate`] whether it can
/// be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// The piece on each square, indexed by [`Square::index`].
    pub board: [Option<Piece>; 81],
    /// Each side's pieces in hand, indexed by [`Color::index`].
    pub hands: [Hand; 2],
    /// The side to move.
    pub side: Color,
    /// The move number (1 for the first move).
    pub move_number: u32,
}

/// How many pieces of a kind the relaxed levels allow: what a hand can record. Kings are not
/// held, so a set's two is their limit; promoted kinds are counted with their basic kind.
fn relaxed_limit(k: PieceKind) -> u32 {
    k.to_hand().map_or(2, |p| Hand::capacity(p) as u32)
}

/// Which kings a position must have.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Kings {
    /// Both sides have exactly one king: a game position.
    Both,
    /// A mating problem (詰将棋, *tsume*): the attacker may have no king, the defender has
    /// one. The attacker is usually to move, but a position reached by playing from the
    /// problem has the defender to move, and must read back as well: so one side, either,
    /// may lack its king, never both (then the side not to move is the one said to lack it).
    Tsume,
}

/// Why a setup is not a playable position.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum PositionError {
    /// More pieces of a kind (promoted or not, on the board and in hand) than a set holds.
    TooManyPieces {
        /// The basic kind.
        kind: PieceKind,
        /// How many there are.
        count: u32,
        /// How many are allowed: a set's number, or a hand's capacity under relaxed rules.
        limit: u32,
    },
    /// A pawn or lance on the last rank, or a knight on the last two: it could never move.
    DeadPiece {
        /// The piece.
        piece: Piece,
        /// Where it stands.
        square: Square,
    },
    /// Two unpromoted pawns of one side on one file (二歩, *nifu*).
    #[doc(alias = "nifu")]
    TwoPawns {
        /// The side.
        color: Color,
        /// The file.
        file: File,
    },
    /// A side that must have a king has none.
    MissingKing {
        /// The side.
        color: Color,
    },
    /// A side has two or more kings.
    TooManyKings {
        /// The side.
        color: Color,
    },
    /// The side that is not to move is in check: the last move left its king in check.
    OpponentInCheck {
        /// The side in check.
        color: Color,
    },
    /// The move number is zero.
    ZeroMoveNumber,
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::TooManyPieces { kind, count, limit } => write!(
                f,
                "{count} pieces of kind {} but at most {limit} are allowed",
                kind.usi_str(),
            ),

            PositionError::DeadPiece { piece, square } => {
                write!(f, "the {piece} on {square} could never move")
            }
            PositionError::TwoPawns { color, file } => write!(
                f,
                "{color} has two unpromoted pawns on file {} (nifu)",
                file.number()
            ),
            PositionError::MissingKing { color } => write!(f, "{color} has no king"),
            PositionError::TooManyKings { color } => write!(f, "{color} has more than one king"),
            PositionError::OpponentInCheck { color } => {
                write!(f, "{color} is in check but it is not {color}'s turn")
            }
            PositionError::ZeroMoveNumber => f.write_str("the move number must be at least 1"),
        }
    }
}

impl std::error::Error for PositionError {}

impl Setup {
    /// An empty board, empty hands, Black to move, move 1.
    pub fn empty() -> Setup {
        Setup {
            board: [None; 81],
            hands: [Hand::EMPTY; 2],
            side: Color::Black,
            move_number: 1,
        }
    }

    /// The piece on `sq`.
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board[sq.index()]
    }

    /// Checks the rules of a playable position and builds it.
    ///
    /// # Errors
    /// The first broken rule, checked in this order: piece counts, kings, dead pieces, two
    /// pawns on a file, the side not to move in check.
    pub fn validate(&self, kings: Kings) -> Result<Position, PositionError> {
        self.check(kings, |k| k.set_count() as u32, false, false)
    }

    /// As [`Setup::validate`] with [`Kings::Tsume`], for a problem diagram: two unpromoted
    /// pawns of one side on a file (which composed problems sometimes show) are accepted too;
    /// `relaxed` also lets a kind have more pieces than a set, as [`Setup::validate_relaxed`],
    /// and a piece stand where it can never move (a pawn, lance or knight on its last ranks:
    /// some composed diagrams show one, and it simply never moves).
    /// [`Setup::game_rule_breaks`] says which rules of a game the position breaks.
    ///
    /// # Errors
    /// As [`Setup::validate`], but never [`PositionError::TwoPawns`], and with `relaxed`
    /// never [`PositionError::DeadPiece`].
    pub fn validate_problem(&self, relaxed: bool) -> Result<Position, PositionError> {
        if relaxed {
            self.check(Kings::Tsume, relaxed_limit, true, true)
        } else {
            self.check(Kings::Tsume, |k| k.set_count() as u32, true, false)
        }
    }

    /// Every rule of a game position that this setup breaks and a problem diagram may: a side
    /// without its king, more pieces of a kind than a set, two unpromoted pawns of one side on
    /// a file, a piece that can never move. Empty for a game position; the front ends report
    /// these as warnings.
    pub fn game_rule_breaks(&self) -> Vec<PositionError> {
        let mut breaks = Vec::new();
        let mut counts = [0u32; PieceKind::NUM];
        let mut kings = [false; 2];
        let mut pawn_files = [Bitboard::EMPTY; 2];
        for sq in Square::ALL {
            let Some(p) = self.board[sq.index()] else {
                continue;
            };
            counts[p.kind.unpromote().index()] += 1;
            kings[p.color.index()] |= p.kind == PieceKind::King;
            if p.kind.is_stuck_on(sq.rank().relative_number(p.color)) {
                breaks.push(PositionError::DeadPiece {
                    piece: p,
                    square: sq,
                });
            }
            if p.kind == PieceKind::Pawn {
                let fb = Bitboard::file(sq.file());
                if (pawn_files[p.color.index()] & fb).is_any() {
                    let two = PositionError::TwoPawns {
                        color: p.color,
                        file: sq.file(),
                    };
                    if !breaks.contains(&two) {
                        breaks.push(two);
                    }
                }
                pawn_files[p.color.index()] |= fb;
            }
        }
        for h in &self.hands {
            for (p, n) in h.iter() {
                counts[PieceKind::from(p).index()] += n as u32;
            }
        }
        for c in Color::ALL {
            if !kings[c.index()] {
                breaks.push(PositionError::MissingKing { color: c });
            }
        }
        for k in PieceKind::ALL {
            if !k.is_promoted() && counts[k.index()] > k.set_count() as u32 {
                breaks.push(PositionError::TooManyPieces {
                    kind: k,
                    count: counts[k.index()],
                    limit: k.set_count() as u32,
                });
            }
        }
        breaks
    }

    /// As [`Setup::validate`], but a kind may have more pieces than a set holds, up to what a
    /// hand can record ([`Hand::capacity`]), so that capturing them all stays representable.
    ///
    /// # Errors
    /// As [`Setup::validate`].
    pub fn validate_relaxed(&self, kings: Kings) -> Result<Position, PositionError> {
        // Kings are not held, so a set's two is their limit here too; promoted kinds are
        // counted with their basic kind.
        self.check(kings, relaxed_limit, false, false)
    }

    fn check(
        &self,
        kings: Kings,
        limit: impl Fn(PieceKind) -> u32,
        two_pawns_allowed: bool,
        dead_allowed: bool,
    ) -> Result<Position, PositionError> {
        if self.move_number == 0 {
            return Err(PositionError::ZeroMoveNumber);
        }
        let mut counts = [0u32; PieceKind::NUM];
        let mut king_count = [0u32; 2];
        for p in self.board.iter().flatten() {
            counts[p.kind.unpromote().index()] += 1;
            if p.kind == PieceKind::King {
                king_count[p.color.index()] += 1;
            }
        }
        for h in &self.hands {
            for (p, n) in h.iter() {
                counts[PieceKind::from(p).index()] += n as u32;
            }
        }
        for k in PieceKind::ALL {
            if !k.is_promoted() && counts[k.index()] > limit(k) {
                return Err(PositionError::TooManyPieces {
                    kind: k,
                    count: counts[k.index()],
                    limit: limit(k),
                });
            }
        }
        for c in Color::ALL {
            if king_count[c.index()] > 1 {
                return Err(PositionError::TooManyKings { color: c });
            }
            let needed = match kings {
                Kings::Both => true,
                Kings::Tsume => c != self.side && king_count[self.side.index()] == 0,
            };
            if needed && king_count[c.index()] == 0 {
                return Err(PositionError::MissingKing { color: c });
            }
        }
        let mut pawn_files = [Bitboard::EMPTY; 2];
        for sq in Square::ALL {
            let Some(p) = self.board[sq.index()] else {
                continue;
            };
            let rel = sq.rank().relative_number(p.color);
            let dead = p.kind.is_stuck_on(rel);
            if dead && !dead_allowed {
                return Err(PositionError::DeadPiece {
                    piece: p,
                    square: sq,
                });
            }
            if p.kind == PieceKind::Pawn && !two_pawns_allowed {
                let fb = Bitboard::file(sq.file());
                if (pawn_files[p.color.index()] & fb).is_any() {
                    return Err(PositionError::TwoPawns {
                        color: p.color,
                        file: sq.file(),
                    });
                }
                pawn_files[p.color.index()] |= fb;
            }
        }
        let pos = Position::from_valid_setup(self);
        let them = !self.side;
        if let Some(k) = pos.king_square(them)
            && pos.is_attacked_by(self.side, k, pos.occupied())
        {
            return Err(PositionError::OpponentInCheck { color: them });
        }
        Ok(pos)
    }
}
