//! Moves.

use crate::{HandPiece, NotAHandPiece, PieceKind, Square};
use core::fmt;
use core::num::NonZeroU16;

/// A move: a board move (from, to, whether it promotes) or a drop (hand piece, to).
///
/// Packed in 16 bits: bits 0-6 the destination, bits 7-13 the origin square (0-80) or
/// 81 + the hand piece's index for a drop, bit 14 the promotion flag. The constructors never
/// build a board move with one square as both origin and destination; a move from 1a to 1a
/// would be all zeros, so the packed value is never zero and `Option<Move>` is also 16 bits.
///
/// Moves read from text are built with [`Move::try_normal`], [`Move::try_drop`] or
/// [`Move::from_usi`], which say what is wrong instead of panicking; [`Move::normal`] is for
/// code that knows its squares differ (the move generator), and [`Move::drop`] cannot fail.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move(NonZeroU16);

const DROP_BASE: u16 = 81;
const PROMOTE: u16 = 1 << 14;

/// The dropped piece for each value of the 7-bit origin field: `None` below 81 (a board move's
/// origin square) and above 87 (which no move has). A table of all 128 values lets the
/// decoder index it without a range check.
const DROPPED: [Option<HandPiece>; 128] = {
    let mut t = [None; 128];
    let mut i = 0;
    while i < HandPiece::NUM {
        t[DROP_BASE as usize + i] = Some(HandPiece::ALL[i]);
        i += 1;
    }
    t
};

/// Why a move cannot be built at all, whatever the position: the shape of the move is wrong.
/// (Whether a well-formed move is legal is [`Position::is_legal`](crate::Position::is_legal)'s
/// question.)
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub enum MalformedMove {
    /// A board move whose origin and destination are the same square.
    SameSquare(Square),
    /// A drop of a kind that cannot be held in hand: the king or a promoted kind.
    NotDroppable(PieceKind),
}

impl fmt::Display for MalformedMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MalformedMove::SameSquare(sq) => write!(
                f,
                "a move needs two different squares, but origin and destination are both {sq}"
            ),
            MalformedMove::NotDroppable(kind) => fmt::Display::fmt(&NotAHandPiece(*kind), f),
        }
    }
}

impl std::error::Error for MalformedMove {}

impl From<NotAHandPiece> for MalformedMove {
    fn from(e: NotAHandPiece) -> MalformedMove {
        MalformedMove::NotDroppable(e.0)
    }
}

impl Move {
    /// A board move, for code that knows `from` and `to` differ: the move generator, whose
    /// destinations come from attack sets, which never hold the attacker's own square.
    ///
    /// # Panics
    /// When `from == to`. Squares read from text go through [`Move::try_normal`] instead.
    #[inline]
    pub const fn normal(from: Square, to: Square, promote: bool) -> Move {
        match Move::try_normal(from, to, promote) {
            Ok(m) => m,
            Err(_) => panic!("a move needs two different squares"),
        }
    }

    /// A board move from `from` to `to`, promoting or not.
    ///
    /// # Errors
    /// [`MalformedMove::SameSquare`] when `from == to`.
    ///
    /// # Examples
    /// ```
    /// use tokin_core::{MalformedMove, Move, Square};
    /// assert_eq!(Move::try_normal(Square::S77, Square::S76, false).unwrap().to_string(), "7g7f");
    /// assert_eq!(
    ///     Move::try_normal(Square::S11, Square::S11, false),
    ///     Err(MalformedMove::SameSquare(Square::S11))
    /// );
    /// ```
    #[inline]
    pub const fn try_normal(
        from: Square,
        to: Square,
        promote: bool,
    ) -> Result<Move, MalformedMove> {
        if from as u8 == to as u8 {
            return Err(MalformedMove::SameSquare(to));
        }
        let bits = to as u16 | (from as u16) << 7 | if promote { PROMOTE } else { 0 };
        // Two different squares below 81 cannot both be 0, so `bits` is never zero.
        match NonZeroU16::new(bits) {
            Some(n) => Ok(Move(n)),
            None => Err(MalformedMove::SameSquare(to)),
        }
    }

    /// A drop of `piece` onto `to`. Every hand piece can be dropped, so this cannot fail.
    #[inline]
    pub const fn drop(piece: HandPiece, to: Square) -> Move {
        let bits = to as u16 | (DROP_BASE + piece as u16) << 7;
        // The origin field is at least 81, so `bits` is never zero; `MIN` (never used) keeps
        // this free of a panic path.
        match NonZeroU16::new(bits) {
            Some(n) => Move(n),
            None => Move(NonZeroU16::MIN),
        }
    }

    /// A drop of a piece of `kind` onto `to`, for kinds read from text.
    ///
    /// # Errors
    /// [`MalformedMove::NotDroppable`] for the king and the promoted kinds.
    ///
    /// # Examples
    /// ```
    /// use tokin_core::{MalformedMove, Move, PieceKind, Square};
    /// assert_eq!(Move::try_drop(PieceKind::Pawn, Square::S55).unwrap().to_string(), "P*5e");
    /// assert_eq!(
    ///     Move::try_drop(PieceKind::King, Square::S55),
    ///     Err(MalformedMove::NotDroppable(PieceKind::King))
    /// );
    /// ```
    #[inline]
    pub const fn try_drop(kind: PieceKind, to: Square) -> Result<Move, MalformedMove> {
        match kind.to_hand() {
            Some(piece) => Ok(Move::drop(piece, to)),
            None => Err(MalformedMove::NotDroppable(kind)),
        }
    }

    /// The destination square.
    #[inline]
    pub const fn to(self) -> Square {
        Square::from_low7(self.0.get() as usize)
    }

    /// The origin field: the origin square's index for a board move, 81 + the hand piece's
    /// index for a drop (below 88 either way).
    #[inline]
    pub const fn origin_field(self) -> u16 {
        (self.0.get() >> 7) & 0x7f
    }

    /// Whether this is a drop.
    #[inline]
    pub const fn is_drop(self) -> bool {
        self.origin_field() >= DROP_BASE
    }

    /// The origin square of a board move, `None` for a drop.
    #[inline]
    #[allow(clippy::wrong_self_convention)] // `from` is the origin square, not a conversion
    pub const fn from(self) -> Option<Square> {
        let f = self.origin_field();
        if f >= DROP_BASE {
            None
        } else {
            Some(Square::from_low7(f as usize))
        }
    }

    /// The piece a drop takes from the hand, `None` for a board move.
    #[inline]
    pub const fn hand_piece(self) -> Option<HandPiece> {
        DROPPED[self.origin_field() as usize]
    }

    /// The kind a drop puts on the board, `None` for a board move: [`Move::hand_piece`] as a
    /// [`PieceKind`], for the many tables indexed by kind.
    #[inline]
    pub const fn drop_kind(self) -> Option<PieceKind> {
        match self.hand_piece() {
            Some(p) => Some(p.kind()),
            None => None,
        }
    }

    /// Whether the move promotes.
    #[inline]
    pub const fn is_promotion(self) -> bool {
        self.0.get() & PROMOTE != 0
    }

    /// The raw 16-bit encoding (never zero).
    #[inline]
    pub const fn to_bits(self) -> u16 {
        self.0.get()
    }

    /// Decodes [`Move::to_bits`]; `None` when the bits are not a move's.
    pub fn from_bits(bits: u16) -> Option<Move> {
        let to = bits & 0x7f;
        let from = (bits >> 7) & 0x7f;
        if bits >> 15 != 0 || to > 80 || from > DROP_BASE + 6 || from == to {
            return None;
        }
        if from >= DROP_BASE && bits & PROMOTE != 0 {
            return None;
        }
        NonZeroU16::new(bits).map(Move)
    }

    /// Parses a USI move: `7g7f`, `8h2b+` or `P*5e`. This checks the syntax only; whether the
    /// move is legal is [`Position::is_legal`](crate::Position::is_legal)'s question.
    pub fn from_usi(s: &str) -> Option<Move> {
        let b = s.as_bytes();
        // Each byte index below is under the length just tested, and the squares are taken
        // with `get`, which refuses a range that splits a character.
        if b.len() == 4 && b[1] == b'*' {
            // Upper case only: `p*5e` is not USI.
            if !b[0].is_ascii_uppercase() {
                return None;
            }
            let kind = PieceKind::from_usi_letter(b[0] as char)?;
            return Move::try_drop(kind, Square::from_usi(s.get(2..4)?)?).ok();
        }
        let promote = match b.len() {
            4 => false,
            5 if b[4] == b'+' => true,
            _ => return None,
        };
        let from = Square::from_usi(s.get(0..2)?)?;
        let to = Square::from_usi(s.get(2..4)?)?;
        Move::try_normal(from, to, promote).ok()
    }
}

impl fmt::Display for Move {
    /// Writes USI: `7g7f`, `8h2b+`, `P*5e`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.from(), self.drop_kind()) {
            (_, Some(k)) => write!(f, "{}*{}", k.usi_str(), self.to()),
            (from, None) => {
                // Not a drop: `from` is the origin square (`None` cannot happen, and would
                // only leave the origin out).
                if let Some(from) = from {
                    write!(f, "{from}")?;
                }
                write!(f, "{}", self.to())?;
                if self.is_promotion() {
                    f.write_str("+")?;
                }
                Ok(())
            }
        }
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn usi_round_trip() {
        for s in ["7g7f", "8h2b+", "P*5e", "R*1a", "1a9i"] {
            let m = Move::from_usi(s).unwrap();
            assert_eq!(m.to_string(), s);
            assert_eq!(Move::from_bits(m.to_bits()), Some(m));
        }
        for s in [
            "", "7g7g", "K*5e", "p*5e", "7g7f=", "7g7f++", "P*5e+", "0a1a",
        ] {
            assert_eq!(Move::from_usi(s), None, "{s}");
        }
        assert_eq!(core::mem::size_of::<Option<Move>>(), 2);
    }

    #[test]
    fn fallible_constructors_refuse_impossible_moves() {
        for sq in Square::ALL {
            assert_eq!(
                Move::try_normal(sq, sq, false),
                Err(MalformedMove::SameSquare(sq))
            );
            assert_eq!(
                Move::try_normal(sq, sq, true),
                Err(MalformedMove::SameSquare(sq))
            );
            for kind in PieceKind::ALL {
                match Move::try_drop(kind, sq) {
                    Ok(m) => {
                        assert_eq!(m.drop_kind(), Some(kind));
                        assert_eq!(m.hand_piece(), kind.to_hand());
                        assert_eq!(m.to(), sq);
                        assert_eq!(m.from(), None);
                    }
                    Err(e) => {
                        assert!(!kind.is_hand_kind(), "{kind}");
                        assert_eq!(e, MalformedMove::NotDroppable(kind));
                    }
                }
            }
        }
        let e = Move::try_normal(Square::S11, Square::S11, false).unwrap_err();
        assert!(e.to_string().contains("both 1a"), "{e}");
        let e = Move::try_drop(PieceKind::King, Square::S55).unwrap_err();
        assert!(e.to_string().contains("`K` cannot be held in hand"), "{e}");
        let m = Move::try_normal(Square::S88, Square::S22, true).unwrap();
        assert_eq!(
            (m.from(), m.to(), m.is_promotion()),
            (Some(Square::S88), Square::S22, true)
        );
        assert_eq!(m.hand_piece(), None);
    }

    #[test]
    #[should_panic(expected = "two different squares")]
    fn the_asserting_constructor_panics_on_one_square() {
        let _ = Move::normal(Square::S55, Square::S55, false);
    }

    #[test]
    fn every_encoding_decodes_consistently() {
        for bits in 0..=u16::MAX {
            if let Some(m) = Move::from_bits(bits) {
                assert_eq!(m.to_bits(), bits);
                assert_eq!(Move::from_usi(&m.to_string()), Some(m));
            }
        }
    }
}
