//! Files, ranks and squares.
//!
//! The board convention, stated once for the whole project:
//! - Black (先手) moves first and the board is drawn from Black's side.
//! - File 1 is on Black's right; rank 1 (USI `a`, Japanese 一) is the top, White's back rank.
//! - Squares are numbered **file-major**: `index = 9 * (file - 1) + (rank - 1)`, so 1a is 0,
//!   9a is 72 and 9i is 80. A file is then a run of nine consecutive bits in a
//!   [`Bitboard`](crate::Bitboard), which makes lance rays contiguous.

use core::fmt;

macro_rules! indexed_enum {
    ($(#[$m:meta])* $name:ident { $($(#[$vm:meta])* $v:ident),+ $(,)? }) => {
        $(#[$m])*
        #[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
        #[repr(u8)]
        pub enum $name { $($(#[$vm])* $v),+ }
        impl $name {
            /// Every value, in index order.
            pub const ALL: [$name; [$($name::$v),+].len()] = [$($name::$v),+];
            /// How many values there are.
            pub const NUM: usize = Self::ALL.len();
            /// The position of this value in [`Self::ALL`].
            #[inline]
            pub const fn index(self) -> usize { self as usize }
            /// The value at `i` in [`Self::ALL`], or `None` when out of range.
            #[inline]
            pub const fn from_index(i: usize) -> Option<$name> {
                if i < Self::NUM { Some(Self::ALL[i]) } else { None }
            }
        }
    };
}
pub(crate) use indexed_enum;

indexed_enum!(
    /// A file (筋, *suji*): a column, numbered 1 to 9 from Black's right.
    #[allow(missing_docs)] // F1..F9 name themselves
    File { F1, F2, F3, F4, F5, F6, F7, F8, F9 }
);
indexed_enum!(
    /// A rank (段, *dan*): a row, numbered 1 (a, 一) at the top to 9 (i, 九) at the bottom.
    #[allow(missing_docs)] // R1..R9 name themselves
    Rank { R1, R2, R3, R4, R5, R6, R7, R8, R9 }
);

impl File {
    /// The file's number, 1 to 9.
    #[inline]
    pub const fn number(self) -> u8 {
        self as u8 + 1
    }
    /// The file with number `n` (1 to 9).
    pub const fn from_number(n: u8) -> Option<File> {
        if n >= 1 && n <= 9 {
            Some(File::ALL[n as usize - 1])
        } else {
            None
        }
    }
}

impl Rank {
    /// The rank's number, 1 (top) to 9 (bottom).
    #[inline]
    pub const fn number(self) -> u8 {
        self as u8 + 1
    }
    /// The rank with number `n` (1 to 9).
    pub const fn from_number(n: u8) -> Option<Rank> {
        if n >= 1 && n <= 9 {
            Some(Rank::ALL[n as usize - 1])
        } else {
            None
        }
    }
    /// The USI letter, `a` for rank 1 to `i` for rank 9.
    pub const fn usi_char(self) -> char {
        (b'a' + self as u8) as char
    }
    /// The rank for a USI letter `a`..`i`.
    pub const fn from_usi_char(c: char) -> Option<Rank> {
        match c {
            'a'..='i' => Some(Rank::ALL[c as usize - 'a' as usize]),
            _ => None,
        }
    }
    /// The rank as seen from `color`'s side: rank 1 is the far rank for Black, rank 9 for White.
    /// Returns 1 for the side's farthest rank and 9 for its own back rank.
    #[inline]
    pub const fn relative_number(self, color: crate::Color) -> u8 {
        match color {
            crate::Color::Black => self.number(),
            crate::Color::White => 10 - self.number(),
        }
    }
}

indexed_enum!(
    /// A square of the board, file-major: `S76` is file 7, rank 6 (USI `7f`, Japanese ７六).
    #[rustfmt::skip]
    #[allow(missing_docs)] // S11..S99 name themselves: file digit, then rank digit
    Square {
        S11, S12, S13, S14, S15, S16, S17, S18, S19,
        S21, S22, S23, S24, S25, S26, S27, S28, S29,
        S31, S32, S33, S34, S35, S36, S37, S38, S39,
        S41, S42, S43, S44, S45, S46, S47, S48, S49,
        S51, S52, S53, S54, S55, S56, S57, S58, S59,
        S61, S62, S63, S64, S65, S66, S67, S68, S69,
        S71, S72, S73, S74, S75, S76, S77, S78, S79,
        S81, S82, S83, S84, S85, S86, S87, S88, S89,
        S91, S92, S93, S94, S95, S96, S97, S98, S99,
    }
);

/// `Square::ALL` padded to 128 entries, so that a 7-bit index needs no bounds check. The
/// padding is never read for a valid index: moves and bitboards hold squares below 81.
const BY_7BITS: [Square; 128] = {
    let mut t = [Square::S99; 128];
    let mut i = 0;
    while i < Square::NUM {
        t[i] = Square::ALL[i];
        i += 1;
    }
    t
};

impl Square {
    /// The square whose index is the low seven bits of `i`. Hot decoders (move fields, the
    /// lowest bit of a bitboard) know their value is a square; masking instead of checking
    /// the range spares them a compare and branch on every call.
    #[inline]
    pub(crate) const fn from_low7(i: usize) -> Square {
        BY_7BITS[i & 0x7f]
    }

    /// The square on `file` and `rank`. Typed arguments, so the order cannot be confused.
    #[inline]
    pub const fn new(file: File, rank: Rank) -> Square {
        Square::ALL[file.index() * 9 + rank.index()]
    }

    /// The square's file.
    #[inline]
    pub const fn file(self) -> File {
        File::ALL[self.index() / 9]
    }

    /// The square's rank.
    #[inline]
    pub const fn rank(self) -> Rank {
        Rank::ALL[self.index() % 9]
    }

    /// The square `df` files and `dr` ranks away, or `None` when that leaves the board.
    /// Positive `df` goes toward file 9 (Black's left), positive `dr` toward rank 9 (down).
    pub const fn offset(self, df: i8, dr: i8) -> Option<Square> {
        // In `i16`: any `i8` delta added to an index below 9 fits, so no delta overflows.
        let f = self.file().index() as i16 + df as i16;
        let r = self.rank().index() as i16 + dr as i16;
        if f < 0 || f > 8 || r < 0 || r > 8 {
            None
        } else {
            Some(Square::ALL[(f * 9 + r) as usize])
        }
    }

    /// The same square seen from the other side (180° rotation): 1a <-> 9i.
    #[inline]
    pub const fn flip(self) -> Square {
        Square::ALL[80 - self.index()]
    }

    /// Whether the square is in `color`'s promotion zone (the three far ranks).
    #[inline]
    pub const fn in_zone(self, color: crate::Color) -> bool {
        self.rank().relative_number(color) <= 3
    }

    /// Parses a USI square such as `7f`.
    pub fn from_usi(s: &str) -> Option<Square> {
        let mut chars = s.chars();
        let f = chars.next()?.to_digit(10)?;
        let r = Rank::from_usi_char(chars.next()?)?;
        if chars.next().is_some() {
            return None;
        }
        Some(Square::new(File::from_number(f as u8)?, r))
    }
}

impl fmt::Display for Square {
    /// Writes the USI name, such as `7f`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file().number(), self.rank().usi_char())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layout_and_names() {
        assert_eq!(Square::S11.index(), 0);
        assert_eq!(Square::S91.index(), 72);
        assert_eq!(Square::S99.index(), 80);
        assert_eq!(Square::new(File::F7, Rank::R6), Square::S76);
        assert_eq!(Square::S76.to_string(), "7f");
        assert_eq!(Square::from_usi("7f"), Some(Square::S76));
        assert_eq!(Square::from_usi("0a"), None);
        assert_eq!(Square::from_usi("7j"), None);
        assert_eq!(Square::from_usi("7fa"), None);
        assert_eq!(Square::S11.flip(), Square::S99);
        assert_eq!(Square::S55.offset(1, -1), Some(Square::S64));
        assert_eq!(Square::S11.offset(-1, 0), None);
        assert_eq!(core::mem::size_of::<Option<Square>>(), 1);
        for sq in Square::ALL {
            assert_eq!(Square::new(sq.file(), sq.rank()), sq);
            assert_eq!(Square::from_usi(&sq.to_string()), Some(sq));
        }
    }

    #[test]
    fn zones() {
        assert!(Square::S13.in_zone(crate::Color::Black));
        assert!(!Square::S14.in_zone(crate::Color::Black));
        assert!(Square::S17.in_zone(crate::Color::White));
        assert!(!Square::S16.in_zone(crate::Color::White));
    }
}
