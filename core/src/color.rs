//! The two sides. Black (先手, *sente*) moves first in an even game and is drawn at the
//! bottom of the board; White (後手, *gote*) sits at the top. In handicap games the
//! stronger player (上手, *uwate*) takes White and moves first.

use core::fmt;
use core::ops::Not;

/// A side: Black (先手, *sente*) or White (後手, *gote*).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
#[repr(u8)]
pub enum Color {
    /// 先手 (*sente*), the side that starts at the bottom; `b` in SFEN, `+` in CSA.
    Black = 0,
    /// 後手 (*gote*), the side that starts at the top; `w` in SFEN, `-` in CSA.
    White = 1,
}

impl Color {
    /// Both colours, Black first.
    pub const ALL: [Color; 2] = [Color::Black, Color::White];

    /// 0 for Black, 1 for White: for indexing per-side arrays.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The other side.
    #[inline]
    pub const fn flip(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// The SFEN letter, `b` or `w`.
    pub const fn sfen_char(self) -> char {
        match self {
            Color::Black => 'b',
            Color::White => 'w',
        }
    }
}

impl Not for Color {
    type Output = Color;
    #[inline]
    fn not(self) -> Color {
        self.flip()
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Color::Black => "black",
            Color::White => "white",
        })
    }
}
