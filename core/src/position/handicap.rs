//! The even start and the standard handicap starts (駒落ち, *komaochi*).

use super::Position;
use crate::{Color, Piece, PieceKind, Square};

/// A standard starting position. In every handicap White (上手, *uwate*, the stronger player)
/// gives up the named pieces and moves first.
///
/// "Left" and "right" are as White sees them: the left lance (香落ち) is White's lance on 1a.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[non_exhaustive]
pub enum Handicap {
    /// 平手: no handicap, Black moves first.
    Even,
    /// 香落ち: White's left lance (1a).
    Lance,
    /// 右香落ち: White's right lance (9a).
    RightLance,
    /// 角落ち: the bishop.
    Bishop,
    /// 飛車落ち: the rook.
    Rook,
    /// 飛香落ち: rook and left lance.
    RookLance,
    /// 二枚落ち: rook and bishop.
    TwoPieces,
    /// 三枚落ち: rook, bishop and left lance.
    ThreePieces,
    /// 四枚落ち: rook, bishop and both lances.
    FourPieces,
    /// 五枚落ち: four pieces and the left knight (2a).
    FivePieces,
    /// 左五枚落ち: four pieces and the right knight (8a).
    LeftFivePieces,
    /// 六枚落ち: rook, bishop, lances and knights.
    SixPieces,
    /// 左七枚落ち: six pieces and the left silver (3a).
    LeftSevenPieces,
    /// 右七枚落ち: six pieces and the right silver (7a).
    RightSevenPieces,
    /// 八枚落ち: everything but the king, the golds and the pawns.
    EightPieces,
    /// 十枚落ち: everything but the king and the pawns.
    TenPieces,
}

impl Handicap {
    /// Every standard start, even game first.
    pub const ALL: [Handicap; 16] = [
        Handicap::Even,
        Handicap::Lance,
        Handicap::RightLance,
        Handicap::Bishop,
        Handicap::Rook,
        Handicap::RookLance,
        Handicap::TwoPieces,
        Handicap::ThreePieces,
        Handicap::FourPieces,
        Handicap::FivePieces,
        Handicap::LeftFivePieces,
        Handicap::SixPieces,
        Handicap::LeftSevenPieces,
        Handicap::RightSevenPieces,
        Handicap::EightPieces,
        Handicap::TenPieces,
    ];

    /// The squares of White's pieces that are removed.
    pub fn removed(self) -> &'static [Square] {
        use Square::*;
        match self {
            Handicap::Even => &[],
            Handicap::Lance => &[S11],
            Handicap::RightLance => &[S91],
            Handicap::Bishop => &[S22],
            Handicap::Rook => &[S82],
            Handicap::RookLance => &[S82, S11],
            Handicap::TwoPieces => &[S82, S22],
            Handicap::ThreePieces => &[S82, S22, S11],
            Handicap::FourPieces => &[S82, S22, S11, S91],
            Handicap::FivePieces => &[S82, S22, S11, S91, S21],
            Handicap::LeftFivePieces => &[S82, S22, S11, S91, S81],
            Handicap::SixPieces => &[S82, S22, S11, S91, S21, S81],
            Handicap::LeftSevenPieces => &[S82, S22, S11, S91, S21, S81, S31],
            Handicap::RightSevenPieces => &[S82, S22, S11, S91, S21, S81, S71],
            Handicap::EightPieces => &[S82, S22, S11, S91, S21, S81, S31, S71],
            Handicap::TenPieces => &[S82, S22, S11, S91, S21, S81, S31, S71, S41, S61],
        }
    }

    /// The Japanese name used in KIF headers (手合割), such as `香落ち`.
    pub fn japanese_name(self) -> &'static str {
        match self {
            Handicap::Even => "平手",
            Handicap::Lance => "香落ち",
            Handicap::RightLance => "右香落ち",
            Handicap::Bishop => "角落ち",
            Handicap::Rook => "飛車落ち",
            Handicap::RookLance => "飛香落ち",
            Handicap::TwoPieces => "二枚落ち",
            Handicap::ThreePieces => "三枚落ち",
            Handicap::FourPieces => "四枚落ち",
            Handicap::FivePieces => "五枚落ち",
            Handicap::LeftFivePieces => "左五枚落ち",
            Handicap::SixPieces => "六枚落ち",
            Handicap::LeftSevenPieces => "左七枚落ち",
            Handicap::RightSevenPieces => "右七枚落ち",
            Handicap::EightPieces => "八枚落ち",
            Handicap::TenPieces => "十枚落ち",
        }
    }

    /// A short English name for command lines: `even`, `lance`, `right-lance`, `bishop`,
    /// `rook`, `rook-lance`, `2-pieces`, `3-pieces`, ..., `left-5-pieces`, `left-7-pieces`,
    /// `right-7-pieces`, `8-pieces`, `10-pieces`.
    pub fn name(self) -> &'static str {
        match self {
            Handicap::Even => "even",
            Handicap::Lance => "lance",
            Handicap::RightLance => "right-lance",
            Handicap::Bishop => "bishop",
            Handicap::Rook => "rook",
            Handicap::RookLance => "rook-lance",
            Handicap::TwoPieces => "2-pieces",
            Handicap::ThreePieces => "3-pieces",
            Handicap::FourPieces => "4-pieces",
            Handicap::FivePieces => "5-pieces",
            Handicap::LeftFivePieces => "left-5-pieces",
            Handicap::SixPieces => "6-pieces",
            Handicap::LeftSevenPieces => "left-7-pieces",
            Handicap::RightSevenPieces => "right-7-pieces",
            Handicap::EightPieces => "8-pieces",
            Handicap::TenPieces => "10-pieces",
        }
    }

    /// The handicap with this English ([`Handicap::name`]) or Japanese name.
    pub fn from_name(name: &str) -> Option<Handicap> {
        Handicap::ALL
            .into_iter()
            .find(|h| h.name().eq_ignore_ascii_case(name) || h.japanese_name() == name)
    }

    /// The starting position.
    pub fn position(self) -> Position {
        use PieceKind::*;
        const BACK: [PieceKind; 9] = [
            Lance, Knight, Silver, Gold, King, Gold, Silver, Knight, Lance,
        ];
        let side = if self == Handicap::Even {
            Color::Black
        } else {
            Color::White
        };
        let mut pos = Position::empty(side, 1);
        for (i, &kind) in BACK.iter().enumerate() {
            let file = crate::File::ALL[i];
            pos.put(
                Piece::new(Color::Black, kind),
                Square::new(file, crate::Rank::R9),
            );
            pos.put(
                Piece::new(Color::White, kind),
                Square::new(file, crate::Rank::R1),
            );
            pos.put(
                Piece::new(Color::Black, Pawn),
                Square::new(file, crate::Rank::R7),
            );
            pos.put(
                Piece::new(Color::White, Pawn),
                Square::new(file, crate::Rank::R3),
            );
        }
        pos.put(Piece::new(Color::Black, Bishop), Square::S88);
        pos.put(Piece::new(Color::Black, Rook), Square::S28);
        pos.put(Piece::new(Color::White, Bishop), Square::S22);
        pos.put(Piece::new(Color::White, Rook), Square::S82);
        for &sq in self.removed() {
            if let Some(p) = pos.piece_at(sq) {
                pos.remove(p, sq);
            }
        }
        pos
    }
}
