//! Piece kinds and pieces.
//!
//! There are eight basic kinds and six promoted ones. The seven kinds that can be held in
//! hand (pawn to rook) come first, so `kind.index() < 7` is "can be in hand" and the index
//! doubles as the hand slot.

use crate::Color;
use crate::square::indexed_enum;
use core::fmt;

indexed_enum!(
    /// What a piece is, without its colour.
    PieceKind {
        /// 歩 (*fu*), pawn.
        Pawn,
        /// 香 (*kyō*), lance.
        Lance,
        /// 桂 (*kei*), knight.
        Knight,
        /// 銀 (*gin*), silver general.
        Silver,
        /// 金 (*kin*), gold general.
        Gold,
        /// 角 (*kaku*), bishop.
        Bishop,
        /// 飛 (*hisha*), rook.
        Rook,
        /// 玉/王 (*gyoku*/*ō*), king.
        King,
        /// と (*tokin*), promoted pawn.
        ProPawn,
        /// 成香 (*narikyō*), promoted lance.
        ProLance,
        /// 成桂 (*narikei*), promoted knight.
        ProKnight,
        /// 成銀 (*narigin*), promoted silver.
        ProSilver,
        /// 馬 (*uma*), promoted bishop (horse).
        #[doc(alias = "ProBishop")]
        Horse,
        /// 龍 (*ryū*), promoted rook (dragon).
        #[doc(alias = "ProRook")]
        Dragon,
    }
);

impl PieceKind {
    /// The seven kinds that can be held in hand, in hand-slot order (pawn first).
    pub const HAND: [PieceKind; 7] = [
        PieceKind::Pawn,
        PieceKind::Lance,
        PieceKind::Knight,
        PieceKind::Silver,
        PieceKind::Gold,
        PieceKind::Bishop,
        PieceKind::Rook,
    ];

    /// The promoted kind, or `None` for gold, king and kinds already promoted.
    #[inline]
    pub const fn promote(self) -> Option<PieceKind> {
        match self {
            PieceKind::Pawn => Some(PieceKind::ProPawn),
            PieceKind::Lance => Some(PieceKind::ProLance),
            PieceKind::Knight => Some(PieceKind::ProKnight),
            PieceKind::Silver => Some(PieceKind::ProSilver),
            PieceKind::Bishop => Some(PieceKind::Horse),
            PieceKind::Rook => Some(PieceKind::Dragon),
            _ => None,
        }
    }

    /// The kind a piece of this kind becomes on its destination: promoted when `promote` is
    /// set and the kind can promote, itself otherwise. Most moves do not promote, so the
    /// flag is tested before the promoted kind is looked up.
    #[inline]
    pub const fn promoted_if(self, promote: bool) -> PieceKind {
        if promote {
            match self.promote() {
                Some(k) => k,
                None => self,
            }
        } else {
            self
        }
    }

    /// Whether the kind can promote.
    #[inline]
    pub const fn can_promote(self) -> bool {
        self.promote().is_some()
    }

    /// Whether an unpromoted piece of this kind would have no further move on a square of
    /// the given relative rank (1 = the far rank): a pawn or lance on the far rank, a knight
    /// on the last two. Such a piece may neither be dropped nor move there without promoting.
    #[inline]
    pub const fn is_stuck_on(self, relative_rank: u8) -> bool {
        match self {
            PieceKind::Pawn | PieceKind::Lance => relative_rank == 1,
            PieceKind::Knight => relative_rank <= 2,
            _ => false,
        }
    }

    /// Whether the kind is a promoted one.
    #[inline]
    pub const fn is_promoted(self) -> bool {
        self as u8 >= PieceKind::ProPawn as u8
    }

    /// The basic kind: a promoted kind's original, any other kind itself.
    /// This is also the kind a captured piece becomes in hand.
    #[inline]
    pub const fn unpromote(self) -> PieceKind {
        match self {
            PieceKind::ProPawn => PieceKind::Pawn,
            PieceKind::ProLance => PieceKind::Lance,
            PieceKind::ProKnight => PieceKind::Knight,
            PieceKind::ProSilver => PieceKind::Silver,
            PieceKind::Horse => PieceKind::Bishop,
            PieceKind::Dragon => PieceKind::Rook,
            k => k,
        }
    }

    /// Whether the kind can be held in hand (pawn to rook).
    #[inline]
    pub const fn is_hand_kind(self) -> bool {
        (self as u8) < 7
    }

    /// The USI/SFEN letter of the basic kind (upper case), with `+` for promoted kinds.
    pub const fn usi_str(self) -> &'static str {
        match self {
            PieceKind::Pawn => "P",
            PieceKind::Lance => "L",
            PieceKind::Knight => "N",
            PieceKind::Silver => "S",
            PieceKind::Gold => "G",
            PieceKind::Bishop => "B",
            PieceKind::Rook => "R",
            PieceKind::King => "K",
            PieceKind::ProPawn => "+P",
            PieceKind::ProLance => "+L",
            PieceKind::ProKnight => "+N",
            PieceKind::ProSilver => "+S",
            PieceKind::Horse => "+B",
            PieceKind::Dragon => "+R",
        }
    }

    /// The basic kind for an SFEN/USI letter (either case): `P L N S G B R K`.
    pub const fn from_usi_letter(c: char) -> Option<PieceKind> {
        match c.to_ascii_uppercase() {
            'P' => Some(PieceKind::Pawn),
            'L' => Some(PieceKind::Lance),
            'N' => Some(PieceKind::Knight),
            'S' => Some(PieceKind::Silver),
            'G' => Some(PieceKind::Gold),
            'B' => Some(PieceKind::Bishop),
            'R' => Some(PieceKind::Rook),
            'K' => Some(PieceKind::King),
            _ => None,
        }
    }

    /// How many of this basic kind one full set holds (both sides together): 18 pawns,
    /// 4 lances, knights, silvers and golds, 2 bishops, rooks and kings.
    pub const fn set_count(self) -> u8 {
        match self.unpromote() {
            PieceKind::Pawn => 18,
            PieceKind::Bishop | PieceKind::Rook | PieceKind::King => 2,
            _ => 4,
        }
    }

    /// Whether the kind moves like a gold: gold and the four promoted minor pieces.
    #[inline]
    pub const fn is_gold_like(self) -> bool {
        matches!(
            self,
            PieceKind::Gold
                | PieceKind::ProPawn
                | PieceKind::ProLance
                | PieceKind::ProKnight
                | PieceKind::ProSilver
        )
    }
}

impl fmt::Display for PieceKind {
    /// Writes the USI spelling, such as `P` or `+R`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.usi_str())
    }
}

/// A piece on the board: a kind and its owner.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Piece {
    /// Its owner.
    pub color: Color,
    /// What it is.
    pub kind: PieceKind,
}

impl Piece {
    /// How many distinct pieces there are (14 kinds times 2 colours).
    pub const NUM: usize = 28;

    /// A piece of `kind` owned by `color`.
    #[inline]
    pub const fn new(color: Color, kind: PieceKind) -> Piece {
        Piece { color, kind }
    }

    /// A dense index `0..28`: colour-major.
    #[inline]
    pub const fn index(self) -> usize {
        self.color.index() * 14 + self.kind.index()
    }

    /// The SFEN spelling: upper case for Black, lower case for White, `+` before promoted kinds.
    pub fn sfen(self) -> String {
        let s = self.kind.usi_str();
        match self.color {
            Color::Black => s.to_string(),
            Color::White => s.to_ascii_lowercase(),
        }
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.sfen())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn promotion_round_trip() {
        for k in PieceKind::ALL {
            if let Some(p) = k.promote() {
                assert!(p.is_promoted());
                assert_eq!(p.unpromote(), k);
            }
            assert_eq!(k.is_hand_kind(), PieceKind::HAND.contains(&k));
        }
        assert_eq!(core::mem::size_of::<Option<Piece>>(), 2);
        assert_eq!(Piece::new(Color::White, PieceKind::Dragon).sfen(), "+r");
    }
}
