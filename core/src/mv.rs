//! Moves.

use crate::{PieceKind, Square};
use core::fmt;
use core::num::NonZeroU16;

/// A move: a board move (from, to, whether it promotes) or a drop (kind, to).
///
/// Packed in 16 bits: bits 0-6 the destination, bits 7-13 the origin square (0-80) or
/// 81 + the hand kind for a drop, bit 14 the promotion flag. A move from 1a to 1a would
/// be all zeros and cannot happen, so the packed value is never zero and `Option<Move>`
/// is also 16 bits.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move(NonZeroU16);

const DROP_BASE: u16 = 81;
const PROMOTE: u16 = 1 << 14;

impl Move {
    /// A board move. `from` and `to` must differ.
    #[inline]
    pub const fn normal(from: Square, to: Square, promote: bool) -> Move {
        let bits = to as u16 | (from as u16) << 7 | if promote { PROMOTE } else { 0 };
        match NonZeroU16::new(bits) {
            Some(n) => Move(n),
            None => panic!("a move needs two different squares"),
        }
    }

    /// A drop of `kind` (a hand kind: pawn to rook) onto `to`.
    #[inline]
    pub const fn drop(kind: PieceKind, to: Square) -> Move {
        assert!(kind.is_hand_kind(), "only pawn to rook can be dropped");
        let bits = to as u16 | (DROP_BASE + kind as u16) << 7;
        match NonZeroU16::new(bits) {
            Some(n) => Move(n),
            None => panic!("unreachable: drop bits are never zero"),
        }
    }

    /// The destination square.
    #[inline]
    pub const fn to(self) -> Square {
        Square::from_low7(self.0.get() as usize)
    }

    /// The origin field: the origin square's index for a board move, 81 + the hand kind's
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
            Some(Square::ALL[f as usize])
        }
    }

    /// The dropped kind of a drop, `None` for a board move.
    #[inline]
    pub const fn drop_kind(self) -> Option<PieceKind> {
        let f = self.origin_field();
        if f >= DROP_BASE {
            Some(PieceKind::HAND[(f - DROP_BASE) as usize])
        } else {
            None
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
        if b.len() == 4 && b[1] == b'*' {
            let kind = PieceKind::from_usi_letter(b[0] as char)?;
            if !kind.is_hand_kind() || !(b[0] as char).is_ascii_uppercase() {
                return None;
            }
            return Some(Move::drop(kind, Square::from_usi(s.get(2..4)?)?));
        }
        let promote = match b.len() {
            4 => false,
            5 if b[4] == b'+' => true,
            _ => return None,
        };
        let from = Square::from_usi(s.get(0..2)?)?;
        let to = Square::from_usi(s.get(2..4)?)?;
        if from == to {
            return None;
        }
        Some(Move::normal(from, to, promote))
    }
}

impl fmt::Display for Move {
    /// Writes USI: `7g7f`, `8h2b+`, `P*5e`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.from(), self.drop_kind()) {
            (Some(from), _) => {
                write!(f, "{from}{}", self.to())?;
                if self.is_promotion() {
                    f.write_str("+")?;
                }
                Ok(())
            }
            (None, Some(k)) => write!(f, "{}*{}", k.usi_str(), self.to()),
            (None, None) => unreachable!("a move is a board move or a drop"),
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
    fn every_encoding_decodes_consistently() {
        for bits in 0..=u16::MAX {
            if let Some(m) = Move::from_bits(bits) {
                assert_eq!(m.to_bits(), bits);
                assert_eq!(Move::from_usi(&m.to_string()), Some(m));
            }
        }
    }
}
