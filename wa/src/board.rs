//! Sides, squares and sets of squares on the 11×11 board.
//!
//! The convention is the 9×9 core's, widened: Black moves first and the board is drawn from
//! Black's side; file 1 is on Black's right, rank a (一) is the top, White's back rank.
//! Squares are numbered file-major, `index = 11 * (file - 1) + (rank - 1)`, so 1a is 0,
//! 11a is 110 and 11k is 120. A [`Bitboard`] is a `u128` with one bit per square; bits
//! 121..128 are always zero.

use core::fmt;

/// A side: Black (先手, *sente*) moves first and plays up the board.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Color {
    /// 先手, *sente*.
    Black,
    /// 後手, *gote*.
    White,
}

impl Color {
    /// Both sides, Black first.
    pub const ALL: [Color; 2] = [Color::Black, Color::White];

    /// The other side.
    pub const fn opponent(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// 0 for Black, 1 for White.
    pub const fn index(self) -> usize {
        self as usize
    }
}

/// The number of files and of ranks.
pub const SIDE: u8 = 11;
/// The number of squares.
pub const SQUARES: usize = 121;

/// One of the 121 squares.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square(u8);

impl Square {
    /// The square at `file` (1 to 11, from Black's right) and `rank` (1 to 11, a to k, from the
    /// top), or `None` off the board.
    pub const fn new(file: u8, rank: u8) -> Option<Square> {
        if file >= 1 && file <= SIDE && rank >= 1 && rank <= SIDE {
            Some(Square((file - 1) * SIDE + rank - 1))
        } else {
            None
        }
    }

    /// The square with this index (0 to 120), or `None`.
    pub const fn from_index(index: usize) -> Option<Square> {
        if index < SQUARES {
            Some(Square(index as u8))
        } else {
            None
        }
    }

    /// Every square in index order.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..SQUARES as u8).map(Square)
    }

    /// The index, 0 to 120.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The file, 1 to 11.
    pub const fn file(self) -> u8 {
        self.0 / SIDE + 1
    }

    /// The rank, 1 (a) to 11 (k).
    pub const fn rank(self) -> u8 {
        self.0 % SIDE + 1
    }

    /// The square `df` files and `dr` ranks away, seen from Black (a positive `dr` goes down
    /// the board, towards rank k), or `None` off the board.
    pub const fn offset(self, df: i8, dr: i8) -> Option<Square> {
        let file = self.file() as i8 + df;
        let rank = self.rank() as i8 + dr;
        if file < 1 || rank < 1 {
            return None;
        }
        Square::new(file as u8, rank as u8)
    }

    /// The rank counted from `color`'s far edge: 1 is the last rank `color` moves towards.
    pub const fn rank_for(self, color: Color) -> u8 {
        match color {
            Color::Black => self.rank(),
            Color::White => SIDE + 1 - self.rank(),
        }
    }

    /// Whether the square lies in `color`'s promotion zone, the three farthest ranks.
    pub const fn in_zone(self, color: Color) -> bool {
        self.rank_for(color) <= 3
    }

    /// Reads a square as written in the seed's notation (`1a` to `11k`) from the start of
    /// `text`; returns the square and the number of bytes read.
    pub fn parse_prefix(text: &str) -> Option<(Square, usize)> {
        let bytes = text.as_bytes();
        let digits = bytes.iter().take_while(|b| b.is_ascii_digit()).count();
        if digits == 0 || digits > 2 || bytes.get(digits).is_none() {
            return None;
        }
        let file: u8 = text[..digits].parse().ok()?;
        let letter = bytes[digits];
        if !(b'a'..=b'k').contains(&letter) {
            return None;
        }
        Square::new(file, letter - b'a' + 1).map(|sq| (sq, digits + 1))
    }
}

/// Writes `7f`, `11k`: the file's number, then the rank's letter.
impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file(), (b'a' + self.rank() - 1) as char)
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// A set of squares. Invariant: bits 121..128 are zero.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Bitboard(u128);

impl Bitboard {
    /// No square.
    pub const EMPTY: Bitboard = Bitboard(0);
    /// Every square.
    pub const FULL: Bitboard = Bitboard((1 << SQUARES) - 1);

    /// The set holding `sq` alone.
    pub const fn from_square(sq: Square) -> Bitboard {
        Bitboard(1 << sq.index())
    }

    /// Whether `sq` is in the set.
    pub const fn contains(self, sq: Square) -> bool {
        self.0 >> sq.index() & 1 != 0
    }

    /// Adds `sq`.
    pub fn insert(&mut self, sq: Square) {
        self.0 |= 1 << sq.index();
    }

    /// Removes `sq`.
    pub fn remove(&mut self, sq: Square) {
        self.0 &= !(1 << sq.index());
    }

    /// How many squares the set holds.
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }
}

impl core::ops::BitOr for Bitboard {
    type Output = Bitboard;
    fn bitor(self, rhs: Bitboard) -> Bitboard {
        Bitboard(self.0 | rhs.0)
    }
}

impl core::ops::BitOrAssign for Bitboard {
    fn bitor_assign(&mut self, rhs: Bitboard) {
        self.0 |= rhs.0;
    }
}

impl core::ops::BitAnd for Bitboard {
    type Output = Bitboard;
    fn bitand(self, rhs: Bitboard) -> Bitboard {
        Bitboard(self.0 & rhs.0)
    }
}

impl core::ops::Not for Bitboard {
    type Output = Bitboard;
    fn not(self) -> Bitboard {
        Bitboard(!self.0 & Bitboard::FULL.0) // keeps the invariant
    }
}

/// The squares in index order, lowest first.
impl Iterator for Bitboard {
    type Item = Square;
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        let index = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Some(Square(index))
    }
}

/// An 11×11 diagram as Black sees it (rank a on top, file 11 on the left), `x` for a member.
impl fmt::Debug for Bitboard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in 1..=SIDE {
            for file in (1..=SIDE).rev() {
                let sq = Square::new(file, rank).expect("on the board");
                f.write_str(if self.contains(sq) { "x" } else { "." })?;
            }
            f.write_str("\n")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_read_and_write_the_seed_spelling() {
        for sq in Square::all() {
            let text = sq.to_string();
            assert_eq!(Square::parse_prefix(&text), Some((sq, text.len())));
        }
        assert_eq!(
            Square::new(1, 1).map(|s| s.to_string()).as_deref(),
            Some("1a")
        );
        assert_eq!(
            Square::new(11, 11).map(|s| s.to_string()).as_deref(),
            Some("11k")
        );
        for bad in ["0a", "12a", "1l", "a1", "", "1", "111a"] {
            assert_eq!(Square::parse_prefix(bad), None, "{bad}");
        }
    }

    #[test]
    fn complement_keeps_the_high_bits_clear() {
        assert_eq!((!Bitboard::EMPTY).count(), 121);
        assert_eq!((!Bitboard::FULL).count(), 0);
    }
}
