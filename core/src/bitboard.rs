//! Sets of squares.

use crate::{File, Rank, Square};
use core::fmt;
use core::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

/// A set of squares, one bit per square in file-major order (see [`crate::square`]).
///
/// Invariant: bits 81 to 127 are always zero. Every constructor and operator keeps it
/// (`!` masks), so counting and iterating never see stray bits.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Bitboard(u128);

const FULL_BITS: u128 = (1 << 81) - 1;

/// The bit of each square, looked up rather than shifted into place: shifting a 128-bit
/// one by a variable amount takes several instructions on 64-bit machines.
const SQUARE_BITS: [u128; 81] = {
    let mut t = [0u128; 81];
    let mut i = 0;
    while i < 81 {
        t[i] = 1 << i;
        i += 1;
    }
    t
};

impl Bitboard {
    /// No squares.
    pub const EMPTY: Bitboard = Bitboard(0);
    /// All 81 squares.
    pub const FULL: Bitboard = Bitboard(FULL_BITS);

    /// The set holding one square.
    #[inline]
    pub const fn from_square(sq: Square) -> Bitboard {
        Bitboard(SQUARE_BITS[sq.index()])
    }

    /// The set from raw bits; bits above 80 are dropped.
    #[inline]
    pub const fn from_bits(bits: u128) -> Bitboard {
        Bitboard(bits & FULL_BITS)
    }

    /// The raw bits (bit `i` is `Square::ALL[i]`).
    #[inline]
    pub const fn bits(self) -> u128 {
        self.0
    }

    /// Every square of `file`.
    #[inline]
    pub const fn file(file: File) -> Bitboard {
        Bitboard(0x1ff << (9 * file.index()))
    }

    /// Every square of `rank`.
    pub const fn rank(rank: Rank) -> Bitboard {
        let mut bits = 0u128;
        let mut f = 0;
        while f < 9 {
            bits |= 1 << (f * 9 + rank.index());
            f += 1;
        }
        Bitboard(bits)
    }

    /// Whether `sq` is in the set.
    #[inline]
    pub const fn contains(self, sq: Square) -> bool {
        // A shift of all 128 bits by a variable amount needs both halves and a select; a
        // shift within the half that holds the square does not.
        let i = sq.index();
        let half = if i < 64 {
            self.0 as u64
        } else {
            (self.0 >> 64) as u64
        };
        (half >> (i & 63)) & 1 != 0
    }

    /// Whether the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether the set has at least one square.
    #[inline]
    pub const fn is_any(self) -> bool {
        self.0 != 0
    }

    /// How many squares the set holds.
    #[inline]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the set holds two or more squares.
    #[inline]
    pub const fn has_more_than_one(self) -> bool {
        self.0 & self.0.wrapping_sub(1) != 0
    }

    /// The square with the lowest index, if any.
    #[inline]
    pub const fn first(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square::from_low7(self.0.trailing_zeros() as usize))
        }
    }

    /// The set with `sq` added.
    #[inline]
    pub const fn with(self, sq: Square) -> Bitboard {
        Bitboard(self.0 | SQUARE_BITS[sq.index()])
    }

    /// The set with `sq` removed.
    #[inline]
    pub const fn without(self, sq: Square) -> Bitboard {
        Bitboard(self.0 & !SQUARE_BITS[sq.index()])
    }

    /// `self` minus `other`.
    #[inline]
    pub const fn and_not(self, other: Bitboard) -> Bitboard {
        Bitboard(self.0 & !other.0)
    }

    /// The set shifted one rank toward rank 1 (up, as Black sees it); squares on rank 1 drop out.
    #[inline]
    pub const fn shift_up(self) -> Bitboard {
        // A square on rank 1 lands on rank 9 of the next file down: mask those out.
        Bitboard((self.0 >> 1) & !RANK9_BITS)
    }

    /// The set shifted one rank toward rank 9 (down); squares on rank 9 drop out.
    #[inline]
    pub const fn shift_down(self) -> Bitboard {
        // A square on rank 9 lands on rank 1 of the next file up: mask those out.
        Bitboard((self.0 << 1) & !RANK1_BITS & FULL_BITS)
    }
}

const RANK1_BITS: u128 = Bitboard::rank(Rank::R1).0;
const RANK9_BITS: u128 = Bitboard::rank(Rank::R9).0;

impl Iterator for Bitboard {
    type Item = Square;
    /// Takes out the lowest square. The two 64-bit halves are taken in turn: finding and
    /// clearing the lowest bit of one half is a single instruction each, while doing it on
    /// the whole 128 bits needs the halves combined at every step.
    #[inline]
    fn next(&mut self) -> Option<Square> {
        let lo = self.0 as u64;
        let hi = (self.0 >> 64) as u64;
        if lo != 0 {
            self.0 = (u128::from(hi) << 64) | u128::from(lo & (lo - 1));
            Some(Square::from_low7(lo.trailing_zeros() as usize))
        } else if hi != 0 {
            self.0 = u128::from(hi & (hi - 1)) << 64;
            Some(Square::from_low7(64 + hi.trailing_zeros() as usize))
        } else {
            None
        }
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.count() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Bitboard {}

macro_rules! bit_op {
    ($tr:ident, $f:ident, $atr:ident, $af:ident, $op:tt) => {
        impl $tr for Bitboard {
            type Output = Bitboard;
            #[inline]
            fn $f(self, rhs: Bitboard) -> Bitboard { Bitboard(self.0 $op rhs.0) }
        }
        impl $atr for Bitboard {
            #[inline]
            fn $af(&mut self, rhs: Bitboard) { self.0 = self.0 $op rhs.0; }
        }
    };
}
bit_op!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
bit_op!(BitOr, bitor, BitOrAssign, bitor_assign, |);
bit_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Not for Bitboard {
    type Output = Bitboard;
    /// The complement within the 81 squares (keeps the invariant).
    #[inline]
    fn not(self) -> Bitboard {
        Bitboard(!self.0 & FULL_BITS)
    }
}

impl From<Square> for Bitboard {
    fn from(sq: Square) -> Bitboard {
        Bitboard::from_square(sq)
    }
}

impl FromIterator<Square> for Bitboard {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Bitboard {
        iter.into_iter().fold(Bitboard::EMPTY, Bitboard::with)
    }
}

impl fmt::Debug for Bitboard {
    /// A 9x9 diagram as Black sees it: rank 1 on top, file 9 on the left; `X` for members.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "Bitboard(")?;
        for r in Rank::ALL {
            f.write_str("  ")?;
            for file in File::ALL.into_iter().rev() {
                let c = if self.contains(Square::new(file, r)) {
                    'X'
                } else {
                    '.'
                };
                write!(f, "{c}")?;
            }
            writeln!(f)?;
        }
        f.write_str(")")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn basics() {
        assert_eq!(Bitboard::FULL.count(), 81);
        assert_eq!((!Bitboard::EMPTY), Bitboard::FULL);
        assert_eq!(Bitboard::file(File::F1).count(), 9);
        assert_eq!(Bitboard::rank(Rank::R9).count(), 9);
        let b = Bitboard::from_square(Square::S55) | Bitboard::from_square(Square::S11);
        assert_eq!(b.collect::<Vec<_>>(), vec![Square::S11, Square::S55]);
        assert!(b.has_more_than_one());
        assert_eq!(
            Bitboard::from_square(Square::S55).shift_up(),
            Bitboard::from_square(Square::S54)
        );
        assert!(Bitboard::from_square(Square::S51).shift_up().is_empty());
        assert!(Bitboard::from_square(Square::S59).shift_down().is_empty());
    }
}
