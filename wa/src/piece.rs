//! The seventeen kinds of wa shogi, their names in every style, their promotions and their
//! moves.
//!
//! The moves are those of the English Wikipedia article "Wa shogi" (the set "somewhat standard
//! among modern players", who play with drops); `docs/wa.md` names the article, lists where
//! other descriptions differ, and `tests/pieces.rs` checks every piece from every square
//! against diagrams drawn from the article.

use crate::board::Color;

/// A kind of piece, unpromoted. Promotion is a flag on [`Piece`], so a promoted piece keeps
/// the kind it goes back to when captured.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Kind {
    /// 雀歩 *jakufu*, `SP`; promotes to golden bird (金鳥).
    SparrowPawn,
    /// 牛車 *gissha*, `OC`; promotes to plodding ox (歬牛).
    Oxcart,
    /// 風馬 *fūma*, `LH`; promotes to heavenly horse (天馬).
    LiberatedHorse,
    /// 登猿 *tōen*, `CM`; promotes to a piece moving as the violent stag.
    ClimbingMonkey,
    /// 盲犬 *mōken*, `BD`; promotes to a piece moving as the violent wolf.
    BlindDog,
    /// 鴟行 *shikō*, `SO`; promotes to a piece moving as the cloud eagle.
    SwoopingOwl,
    /// 烏行 *ukō*, `SC`; promotes to a piece moving as the flying falcon.
    StruttingCrow,
    /// 鶏飛 *keihi*, `FC`; promotes to raiding falcon (延鷹).
    FlyingCock,
    /// 鳫飛 *ganhi*, `FG`; promotes to a piece moving as the swallow's wings.
    FlyingGoose,
    /// 猛鹿 *mōroku*, `VS`; promotes to roaming boar (行猪).
    ViolentStag,
    /// 猛狼 *mōrō*, `VW`; promotes to bear's eyes (熊眼).
    ViolentWolf,
    /// 走兎 *sōto*, `RR`; promotes to a piece moving as the treacherous fox.
    RunningRabbit,
    /// 隠狐 *inko*, `TF`; does not promote.
    TreacherousFox,
    /// 燕羽 *en'u*, `SW`; promotes to gliding swallow (行燕).
    SwallowsWings,
    /// 飛鷹 *hiyō*, `FF`; promotes to tenacious falcon (鷙鷹).
    FlyingFalcon,
    /// 雲鷲 *unjū*, `CE`; does not promote.
    CloudEagle,
    /// 鶴玉 *kakugyoku*, `CK`: the king.
    CraneKing,
}

/// How far a piece goes along one line.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Reach {
    /// Up to this many squares; every square before the last must be empty.
    Slide(u8),
    /// To the square at the offset alone, over whatever stands between.
    Jump,
}

/// One line of a piece's move, from its owner's side: `forward` squares towards the
/// opponent (negative: backwards) and `side` squares sideways per step.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Motion {
    /// Squares forward per step (negative: backward).
    pub forward: i8,
    /// Squares sideways per step (every piece is left-right symmetric).
    pub side: i8,
    /// How far along the line.
    pub reach: Reach,
}

const fn step(forward: i8, side: i8) -> Motion {
    Motion {
        forward,
        side,
        reach: Reach::Slide(1),
    }
}
const fn slide(forward: i8, side: i8, n: u8) -> Motion {
    Motion {
        forward,
        side,
        reach: Reach::Slide(n),
    }
}
const fn range(forward: i8, side: i8) -> Motion {
    slide(forward, side, 10)
}
const fn jump(forward: i8, side: i8) -> Motion {
    Motion {
        forward,
        side,
        reach: Reach::Jump,
    }
}

// One line per table, so that a piece's move reads as one row (rustfmt would put each line
// of a move on a row of its own).
#[rustfmt::skip]
const KING: &[Motion] = &[step(1, 0), step(1, 1), step(1, -1), step(0, 1), step(0, -1), step(-1, 0), step(-1, 1), step(-1, -1)];
/// Gold general's move: the violent wolf, the golden bird, the promoted blind dog.
#[rustfmt::skip]
const WOLF: &[Motion] = &[step(1, 0), step(1, 1), step(1, -1), step(0, 1), step(0, -1), step(-1, 0)];
/// Silver general's move: the violent stag and the promoted climbing monkey.
const STAG: &[Motion] = &[
    step(1, 0),
    step(1, 1),
    step(1, -1),
    step(-1, 1),
    step(-1, -1),
];
const SPARROW: &[Motion] = &[step(1, 0)];
const OXCART: &[Motion] = &[range(1, 0)];
const LIBERATED_HORSE: &[Motion] = &[range(1, 0), slide(-1, 0, 2)];
const HEAVENLY_HORSE: &[Motion] = &[jump(2, 1), jump(2, -1), jump(-2, 1), jump(-2, -1)];
/// The strutting crow and the swooping owl.
const CROW: &[Motion] = &[step(1, 0), step(-1, 1), step(-1, -1)];
/// The climbing monkey and the flying goose.
const MONKEY: &[Motion] = &[step(1, 0), step(-1, 0), step(1, 1), step(1, -1)];
const COCK: &[Motion] = &[step(0, 1), step(0, -1), step(1, 1), step(1, -1)];
#[rustfmt::skip]
const RAIDING_FALCON: &[Motion] = &[range(1, 0), range(-1, 0), step(0, 1), step(0, -1), step(1, 1), step(1, -1)];
const DOG: &[Motion] = &[
    step(1, 1),
    step(1, -1),
    step(0, 1),
    step(0, -1),
    step(-1, 0),
];
#[rustfmt::skip]
const BOAR: &[Motion] = &[step(1, 0), step(1, 1), step(1, -1), step(0, 1), step(0, -1), step(-1, 1), step(-1, -1)];
#[rustfmt::skip]
const RABBIT: &[Motion] = &[range(1, 0), step(1, 1), step(1, -1), step(-1, 1), step(-1, -1), step(-1, 0)];
#[rustfmt::skip]
const FOX: &[Motion] = &[
    step(1, 0), step(-1, 0), step(1, 1), step(1, -1), step(-1, 1), step(-1, -1),
    jump(2, 0), jump(-2, 0), jump(2, 2), jump(2, -2), jump(-2, 2), jump(-2, -2),
];
#[rustfmt::skip]
const SWALLOW: &[Motion] = &[range(0, 1), range(0, -1), step(1, 0), step(-1, 0)];
#[rustfmt::skip]
const GLIDING_SWALLOW: &[Motion] = &[range(0, 1), range(0, -1), range(1, 0), range(-1, 0)];
#[rustfmt::skip]
const FALCON: &[Motion] = &[range(1, 1), range(1, -1), range(-1, 1), range(-1, -1), step(1, 0)];
#[rustfmt::skip]
const TENACIOUS_FALCON: &[Motion] = &[
    range(1, 1), range(1, -1), range(-1, 1), range(-1, -1), range(1, 0), range(-1, 0), step(0, 1), step(0, -1),
];
#[rustfmt::skip]
const EAGLE: &[Motion] = &[
    range(1, 0), range(-1, 0), step(0, 1), step(0, -1), step(-1, 1), step(-1, -1), slide(1, 1, 3), slide(1, -1, 3),
];

impl Kind {
    /// Every kind, in the seed's order, the crane king last.
    pub const ALL: [Kind; 17] = [
        Kind::SparrowPawn,
        Kind::Oxcart,
        Kind::LiberatedHorse,
        Kind::ClimbingMonkey,
        Kind::BlindDog,
        Kind::SwoopingOwl,
        Kind::StruttingCrow,
        Kind::FlyingCock,
        Kind::FlyingGoose,
        Kind::ViolentStag,
        Kind::ViolentWolf,
        Kind::RunningRabbit,
        Kind::TreacherousFox,
        Kind::SwallowsWings,
        Kind::FlyingFalcon,
        Kind::CloudEagle,
        Kind::CraneKing,
    ];
    /// The kinds a hand can hold (all but the crane king).
    pub const HAND: [Kind; 16] = {
        let mut kinds = [Kind::SparrowPawn; 16];
        let mut i = 0;
        while i < 16 {
            kinds[i] = Kind::ALL[i];
            i += 1;
        }
        kinds
    };

    /// The position in [`Kind::ALL`].
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The seed's two-letter name, upper case (`SP`, `CK`).
    pub const fn code(self) -> &'static str {
        [
            "SP", "OC", "LH", "CM", "BD", "SO", "SC", "FC", "FG", "VS", "VW", "RR", "TF", "SW",
            "FF", "CE", "CK",
        ][self as usize]
    }

    /// The kind with this two-letter name (either case).
    pub fn from_code(code: &str) -> Option<Kind> {
        Kind::ALL
            .into_iter()
            .find(|k| k.code().eq_ignore_ascii_case(code))
    }

    /// The two kanji on the face of the piece.
    pub const fn kanji(self) -> &'static str {
        [
            "雀歩", "牛車", "風馬", "登猿", "盲犬", "鴟行", "烏行", "鶏飛", "鳫飛", "猛鹿", "猛狼",
            "走兎", "隠狐", "燕羽", "飛鷹", "雲鷲", "鶴玉",
        ][self as usize]
    }

    /// The two kanji on the reverse side, or `None` for the three kinds that do not promote.
    /// Six of them name the piece whose move the promoted piece takes (a promoted strutting
    /// crow is written 飛鷹 on its back, like the flying falcon).
    pub const fn promoted_kanji(self) -> Option<&'static str> {
        match self {
            Kind::TreacherousFox | Kind::CloudEagle | Kind::CraneKing => None,
            _ => Some(
                [
                    "金鳥", "歬牛", "天馬", "猛鹿", "猛狼", "雲鷲", "飛鷹", "延鷹", "燕羽", "行猪",
                    "熊眼", "隠狐", "", "行燕", "鷙鷹",
                ][self as usize],
            ),
        }
    }

    /// Whether the kind has a promoted side.
    pub const fn promotes(self) -> bool {
        !matches!(
            self,
            Kind::TreacherousFox | Kind::CloudEagle | Kind::CraneKing
        )
    }

    /// The lines the piece moves along, unpromoted or promoted.
    pub const fn motions(self, promoted: bool) -> &'static [Motion] {
        if !promoted {
            return match self {
                Kind::SparrowPawn => SPARROW,
                Kind::Oxcart => OXCART,
                Kind::LiberatedHorse => LIBERATED_HORSE,
                Kind::ClimbingMonkey | Kind::FlyingGoose => MONKEY,
                Kind::BlindDog => DOG,
                Kind::SwoopingOwl | Kind::StruttingCrow => CROW,
                Kind::FlyingCock => COCK,
                Kind::ViolentStag => STAG,
                Kind::ViolentWolf => WOLF,
                Kind::RunningRabbit => RABBIT,
                Kind::TreacherousFox => FOX,
                Kind::SwallowsWings => SWALLOW,
                Kind::FlyingFalcon => FALCON,
                Kind::CloudEagle => EAGLE,
                Kind::CraneKing => KING,
            };
        }
        match self {
            Kind::SparrowPawn | Kind::BlindDog => WOLF,
            Kind::Oxcart | Kind::ViolentWolf | Kind::CraneKing => KING,
            Kind::LiberatedHorse => HEAVENLY_HORSE,
            Kind::ClimbingMonkey => STAG,
            Kind::SwoopingOwl | Kind::CloudEagle => EAGLE,
            Kind::StruttingCrow => FALCON,
            Kind::FlyingCock => RAIDING_FALCON,
            Kind::FlyingGoose => SWALLOW,
            Kind::ViolentStag => BOAR,
            Kind::RunningRabbit | Kind::TreacherousFox => FOX,
            Kind::SwallowsWings => GLIDING_SWALLOW,
            Kind::FlyingFalcon => TENACIOUS_FALCON,
        }
    }

    /// Whether a piece of this kind, unpromoted, would have no move from its owner's last rank:
    /// it must promote on arriving there and may not be dropped there. Only the sparrow pawn
    /// and the oxcart move forward alone.
    pub const fn needs_promotion_on_last_rank(self) -> bool {
        matches!(self, Kind::SparrowPawn | Kind::Oxcart)
    }
}

/// A piece on the board: its owner, its kind and whether it is promoted.
/// Invariant: only a kind that [`promotes`](Kind::promotes) is ever promoted.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Piece {
    color: Color,
    kind: Kind,
    promoted: bool,
}

impl Piece {
    /// An unpromoted piece.
    pub const fn new(color: Color, kind: Kind) -> Piece {
        Piece {
            color,
            kind,
            promoted: false,
        }
    }

    /// A promoted piece, or `None` for a kind that does not promote.
    pub const fn new_promoted(color: Color, kind: Kind) -> Option<Piece> {
        if kind.promotes() {
            Some(Piece {
                color,
                kind,
                promoted: true,
            })
        } else {
            None
        }
    }

    /// The owner.
    pub const fn color(self) -> Color {
        self.color
    }

    /// The kind (unpromoted).
    pub const fn kind(self) -> Kind {
        self.kind
    }

    /// Whether the piece is promoted.
    pub const fn is_promoted(self) -> bool {
        self.promoted
    }

    /// The piece turned over, or `None` when it cannot promote (already promoted or a kind
    /// without a promoted side).
    pub const fn promote(self) -> Option<Piece> {
        if self.promoted {
            None
        } else {
            Piece::new_promoted(self.color, self.kind)
        }
    }

    /// The lines this piece moves along.
    pub const fn motions(self) -> &'static [Motion] {
        self.kind.motions(self.promoted)
    }

    /// The seed's name: `SP`, or `+SP` promoted.
    pub fn code(self) -> String {
        let prefix = if self.promoted { "+" } else { "" };
        format!("{prefix}{}", self.kind.code())
    }
}
