//! The notation styles and the writing options they share.

use core::fmt;
use core::str::FromStr;

/// A way of writing one move.
///
/// Every style is written by [`crate::write_move`] and read by [`crate::parse_move`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
#[non_exhaustive]
pub enum Style {
    /// Japanese (KI2 style) with direction words: `☗７六歩`, `☖同歩`, `☗５八金左`, `☗２三銀不成`.
    #[default]
    Japanese,
    /// The move text of a KIF record: `７六歩(77)`, `同　歩(33)`, `５五角打`, `２二角成(88)`.
    Kif,
    /// The move text of a CSA record: `+7776FU`, `+0055KA`, `-8822UM`.
    Csa,
    /// Hodges' Western notation with letter ranks: `P-7f`, `Bx2b+`, `S7bx8c+`, `P*5e`.
    Hodges,
    /// Western notation with numeric ranks and a hyphen: `P-76`, `Bx88+`, `G69-58`, `P*23`.
    Western,
    /// Hosking's Western notation: numeric ranks, no hyphen, `’` for drops: `P76`, `S’34`.
    Hosking,
    /// The correspondence (e-mail) notation of seed 003: Hosking's shape with letter ranks
    /// and `'` for drops: `P7f`, `P'8f`, `G4a-5b`, `Px5e`, `+S3d`, `B7g+`, `S3c=`.
    Correspondence,
    /// Kitao–Kawasaki, kanji pieces with Western order: `☗歩-76`, `☗銀(72)x83+`, `☖銀x`.
    Kitao,
    /// USI: `7g7f`, `8h2b+`, `P*5e`.
    Usi,
    /// The network shogi server's syntax (seed 004): `P7g-7f`, `B8hx2b+`, `P*5e`, `P'5e`,
    /// `+Rx8b`, `g7f7`, with `+` or `=` whenever the move could promote.
    Server,
}

impl Style {
    /// Every style, the default first.
    pub const ALL: [Style; 10] = [
        Style::Japanese,
        Style::Kif,
        Style::Csa,
        Style::Hodges,
        Style::Western,
        Style::Hosking,
        Style::Correspondence,
        Style::Kitao,
        Style::Usi,
        Style::Server,
    ];

    /// The style's name as [`FromStr`] reads it: `japanese`, `kif`, `csa`, `hodges`,
    /// `western`, `hosking`, `correspondence`, `kitao`, `usi` or `server`.
    pub const fn name(self) -> &'static str {
        match self {
            Style::Japanese => "japanese",
            Style::Kif => "kif",
            Style::Csa => "csa",
            Style::Hodges => "hodges",
            Style::Western => "western",
            Style::Hosking => "hosking",
            Style::Correspondence => "correspondence",
            Style::Kitao => "kitao",
            Style::Usi => "usi",
            Style::Server => "server",
        }
    }

    /// Whether a line in this style is numbered in pairs of moves by default (the Western
    /// habit), rather than not at all.
    pub const fn is_western(self) -> bool {
        matches!(
            self,
            Style::Hodges | Style::Western | Style::Hosking | Style::Correspondence
        )
    }
}

impl fmt::Display for Style {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A style name that [`Style::from_str`] does not know.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct UnknownStyle(pub String);

impl fmt::Display for UnknownStyle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown notation style `{}` (expected one of: japanese, ki2, kif, csa, hodges, western, hosking, correspondence, kitao, usi, server)",
            self.0
        )
    }
}

impl std::error::Error for UnknownStyle {}

impl FromStr for Style {
    type Err = UnknownStyle;

    /// Reads a style name, case-insensitively; `ki2` and `ja` also mean [`Style::Japanese`],
    /// `numeric` [`Style::Western`] and `kitao-kawasaki` [`Style::Kitao`].
    fn from_str(s: &str) -> Result<Style, UnknownStyle> {
        let lower = s.trim().to_ascii_lowercase();
        Ok(match lower.as_str() {
            "japanese" | "ja" | "ki2" => Style::Japanese,
            "kif" => Style::Kif,
            "csa" => Style::Csa,
            "hodges" => Style::Hodges,
            "western" | "numeric" | "western-numeric" => Style::Western,
            "hosking" => Style::Hosking,
            "correspondence" | "email" | "e-mail" => Style::Correspondence,
            "kitao" | "kitao-kawasaki" => Style::Kitao,
            "usi" => Style::Usi,
            "server" | "shogi-server" => Style::Server,
            _ => return Err(UnknownStyle(s.to_string())),
        })
    }
}

/// Which marks show the side that moves (Japanese and Kitao–Kawasaki styles).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum SideMarks {
    /// `☗` for Black (先手), `☖` for White (後手).
    #[default]
    Pentagons,
    /// `▲` for Black, `△` for White.
    Triangles,
    /// No mark.
    None,
}

/// When a Japanese drop is marked with 打.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum DropMark {
    /// Only when a piece of the same kind on the board could also move to the square
    /// (the rule of KI2 records and printed Japanese).
    #[default]
    WhenAmbiguous,
    /// On every drop (the habit of KIF records).
    Always,
}

/// The kanji of the dragon (promoted rook).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum DragonGlyph {
    /// 龍, the traditional form.
    #[default]
    Ryu,
    /// 竜, the simplified (shinjitai) form.
    Simplified,
}

/// The kanji of the king.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum KingGlyph {
    /// 玉 for both kings.
    #[default]
    Gyoku,
    /// 王 for both kings.
    Ou,
    /// 玉 for Black's king and 王 for White's (a common habit in printed games).
    OuForWhite,
}

/// Options for writing moves. Reading accepts every variant regardless of these.
///
/// ```
/// use tokin_notation::{Options, SideMarks};
/// let mut opts = Options::default();
/// opts.side_marks = SideMarks::Triangles;
/// opts.same_with_space = true;
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
#[non_exhaustive]
pub struct Options {
    /// Side marks for the Japanese and Kitao–Kawasaki styles.
    pub side_marks: SideMarks,
    /// When Japanese drops get 打.
    pub drop_mark: DropMark,
    /// 龍 or 竜 (Japanese, KIF and Kitao–Kawasaki).
    pub dragon: DragonGlyph,
    /// 玉 or 王 (Japanese, KIF and Kitao–Kawasaki).
    pub king: KingGlyph,
    /// Write `同　` (with a full-width space) instead of `同` in the Japanese style.
    pub same_with_space: bool,
    /// How [`crate::write_line`] numbers moves; `None` uses the style's habit.
    pub numbering: Option<Numbering>,
    /// Kanji or the quick handwritten shorthand (`丶` for 歩, `ナ` for 成) in the Japanese
    /// style.
    pub glyphs: PieceGlyphs,
    /// How the Japanese style names squares: numbers (`７六`) or iroha symbols (`を`).
    pub squares: SquareNames,
    /// The order of the coordinates in [`Style::Server`] moves.
    pub server_order: CoordinateOrder,
    /// Whether KIF move text marks a move that could promote and does not with 不成; the
    /// record writer and the KIF style follow this one option.
    pub declined_promotion: DeclinedPromotion,
}

/// How KIF move text writes a move that could promote and does not.
///
/// Readers take both forms (tokin's among them); some take only the unmarked one: tsshogi,
/// which ShogiHome reads KIF with, stops reading at `２三銀不成(34)`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum DeclinedPromotion {
    /// Without a mark: `２三銀(34)` (the origin already says which piece moved, and every
    /// reader takes it).
    #[default]
    Unmarked,
    /// With 不成: `２三銀不成(34)`, as KI2 writes it.
    Marked,
}

/// The symbols of pieces, 成, 不成 and 同 in the Japanese style.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum PieceGlyphs {
    /// The usual kanji: `☗７六歩`, `☖同銀不成`.
    #[default]
    Kanji,
    /// The handwritten shorthand of seed 000 (the first symbol its table lists for each):
    /// `☗７六丶`, `☖－ヨフナ`, `☗２二クナ`.
    Shorthand,
}

/// How the Japanese style names a square.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum SquareNames {
    /// A full-width file digit and a kanji rank: `２三`.
    #[default]
    Numbers,
    /// The iroha symbol of the square (seed 000's table): `を` for 2c.
    Iroha,
}

/// The order of a square's two coordinates in [`Style::Server`] moves.
///
/// Seed 004 calls the rows (`a`–`i`, top to bottom) "files" and the columns (`1`–`9`,
/// right to left) "ranks", the reverse of the usual words for the same squares; the names
/// here say what is written first instead, so that they cannot be misread either way.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum CoordinateOrder {
    /// The column number first, as USI and Hodges write it: `7g-7f`.
    #[default]
    NumberFirst,
    /// The row letter first: `g7-f7`.
    LetterFirst,
}

/// How a line of moves is numbered.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Numbering {
    /// No numbers.
    Off,
    /// Every move gets its own number (the Japanese habit): `1.☗７六歩 2.☖３四歩`.
    PerMove,
    /// Pairs of a Black and a White move share a number (the Western habit):
    /// `1. P-7f P-3d 2. P-2f`, or `1. ... G-3b` when White moves first.
    Pairs,
}
