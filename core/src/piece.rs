//! Piece kinds, the pieces that can be in hand, and pieces.
//!
//! There are eight basic kinds and six promoted ones. The seven kinds that can be held in
//! hand (pawn to rook) come first, so `kind.index() < 7` is "can be in hand" and the index
//! doubles as the hand slot. [`HandPiece`] is that subset as a type of its own: what a hand
//! counts and what a drop puts down, so that a king or promoted drop cannot be written.

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

indexed_enum!(
    /// A piece that can be held in hand and dropped: the seven basic kinds other than the
    /// king. A captured piece goes to the hand unpromoted, so promoted kinds never get here.
    ///
    /// The order, and so [`HandPiece::index`], is [`PieceKind`]'s: pawn first, rook last.
    HandPiece {
        /// 歩, pawn.
        Pawn,
        /// 香, lance.
        Lance,
        /// 桂, knight.
        Knight,
        /// 銀, silver general.
        Silver,
        /// 金, gold general.
        Gold,
        /// 角, bishop.
        Bishop,
        /// 飛, rook.
        Rook,
    }
);

impl HandPiece {
    /// The piece kind of this hand piece (its unpromoted kind, as it stands after a drop).
    #[inline]
    pub const fn kind(self) -> PieceKind {
        // The seven hand pieces are the first seven kinds, in the same order.
        PieceKind::ALL[self.index()]
    }
}

impl fmt::Display for HandPiece {
    /// Writes the USI letter, such as `P` or `R` (as a drop writes it: `P*5e`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.kind().usi_str())
    }
}

impl From<HandPiece> for PieceKind {
    #[inline]
    fn from(p: HandPiece) -> PieceKind {
        p.kind()
    }
}

/// A piece kind that cannot be held in hand: the king or a promoted kind.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct NotAHandPiece(pub PieceKind);

impl fmt::Display for NotAHandPiece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "`{}` cannot be held in hand or dropped (only P, L, N, S, G, B and R can)",
            self.0
        )
    }
}

impl std::error::Error for NotAHandPiece {}

impl TryFrom<PieceKind> for HandPiece {
    type Error = NotAHandPiece;

    /// The hand piece of a kind, or an error for the king and the promoted kinds (a piece
    /// taken off the board is first unpromoted with [`PieceKind::unpromote`]).
    #[inline]
    fn try_from(kind: PieceKind) -> Result<HandPiece, NotAHandPiece> {
        kind.to_hand().ok_or(NotAHandPiece(kind))
    }
}

impl PieceKind {
    /// The hand piece of this kind: `Some` for pawn to rook, `None` for the king and the
    /// promoted kinds.
    #[inline]
    pub const fn to_hand(self) -> Option<HandPiece> {
        HandPiece::from_index(self.index())
    }

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

    /// Whether the kind can be held in hand (pawn to rook): whether [`PieceKind::to_hand`]
    /// gives a [`HandPiece`].
    #[inline]
    pub const fn is_hand_kind(self) -> bool {
        self.to_hand().is_some()
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
            assert_eq!(k.is_hand_kind(), HandPiece::try_from(k).is_ok());
            if let Some(h) = k.to_hand() {
                assert_eq!(PieceKind::from(h), k);
                assert_eq!(h.index(), k.index());
            }
        }
        for h in HandPiece::ALL {
            assert_eq!(h.kind().to_hand(), Some(h));
            assert!(!h.kind().is_promoted());
        }
        assert_eq!(HandPiece::NUM, 7);
        assert_eq!(
            HandPiece::try_from(PieceKind::King),
            Err(NotAHandPiece(PieceKind::King))
        );
        assert_eq!(PieceKind::Horse.to_hand(), None);
        assert_eq!(
            PieceKind::Horse.unpromote().to_hand(),
            Some(HandPiece::Bishop)
        );
        assert_eq!(core::mem::size_of::<Option<HandPiece>>(), 1);
        assert_eq!(core::mem::size_of::<Option<Piece>>(), 2);
        assert_eq!(Piece::new(Color::White, PieceKind::Dragon).sfen(), "+r");
    }
}
