//! The handwritten shorthand of Japanese move text (seed 000, "Shorthand"): quick symbols for
//! the pieces, ナ for 成, フナ or 不ナ for 不成, and －, 𠔼 or ド for 同.
//!
//! Reading takes every symbol of the seed's table wherever the Japanese reader takes the kanji
//! (moves, KIF and KI2 records); writing uses the first symbol the table lists for each.

use tokin_core::{Color, PieceKind};

use crate::{KingGlyph, Options};

/// 成 in shorthand.
pub(crate) const PROMOTE: char = 'ナ';
/// 不成 in shorthand: the first form of the table (the other is 不ナ).
pub(crate) const NO_PROMOTION: &str = "フナ";
/// 同 in shorthand: the first form of the table (the others are 𠔼 and ド).
pub(crate) const SAME: char = '－';

/// Whether `c` is 同 or one of the ways of writing it (仝 and the shorthand).
pub(crate) fn is_same(c: char) -> bool {
    matches!(c, '同' | '仝' | '－' | '𠔼' | 'ド')
}

/// The kind a one-character shorthand symbol stands for.
///
/// 王 and 玉 are the kanji themselves (the table lists them as shorthand too); と is both.
pub(crate) fn kind_of(c: char) -> Option<PieceKind> {
    Some(match c {
        '丶' | 'フ' | 'ゝ' | '・' => PieceKind::Pawn,
        '禾' | 'キ' | '↑' => PieceKind::Lance,
        '土' => PieceKind::Knight,
        'ヨ' => PieceKind::Silver,
        '人' => PieceKind::Gold,
        'ク' => PieceKind::Bishop,
        'マ' | 'ウ' => PieceKind::Horse,
        'ヒ' | '乙' => PieceKind::Rook,
        '立' | 'リ' => PieceKind::Dragon,
        '○' => PieceKind::King,
        _ => return None,
    })
}

/// The shorthand of a piece kind. The table has none for the promoted lance, knight and
/// silver, so they are ナ (its 成) before the unpromoted piece's symbol, as 成香 is 成 before
/// 香; the king keeps the glyph the options choose (the table lists 王 and 玉 themselves).
pub(crate) fn piece(kind: PieceKind, color: Color, opts: &Options) -> &'static str {
    match kind {
        PieceKind::Pawn => "丶",
        PieceKind::Lance => "禾",
        PieceKind::Knight => "土",
        PieceKind::Silver => "ヨ",
        PieceKind::Gold => "人",
        PieceKind::Bishop => "ク",
        PieceKind::Rook => "ヒ",
        PieceKind::King => match (opts.king, color) {
            (KingGlyph::Ou, _) | (KingGlyph::OuForWhite, Color::White) => "王",
            _ => "玉",
        },
        PieceKind::ProPawn => "と",
        PieceKind::ProLance => "ナ禾",
        PieceKind::ProKnight => "ナ土",
        PieceKind::ProSilver => "ナヨ",
        PieceKind::Horse => "マ",
        PieceKind::Dragon => "立",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_symbol_of_the_table_reads() {
        // Seed 000: "| 歩 | 丶, フ, ゝ, ・ |", "| 香 | 禾, キ, ↑ |", "| 桂 | 土 |", "| 銀 | ヨ |",
        // "| 金 | 人 |", "| 角 | ク |", "| 馬 | マ, ウ |", "| 飛 | ヒ, 乙 |", "| 龍 | 立, リ |",
        // "| 玉 | 王, 玉, ○ |" (王 and 玉 are read as the kanji they are).
        let table: [(&str, PieceKind); 10] = [
            ("丶フゝ・", PieceKind::Pawn),
            ("禾キ↑", PieceKind::Lance),
            ("土", PieceKind::Knight),
            ("ヨ", PieceKind::Silver),
            ("人", PieceKind::Gold),
            ("ク", PieceKind::Bishop),
            ("マウ", PieceKind::Horse),
            ("ヒ乙", PieceKind::Rook),
            ("立リ", PieceKind::Dragon),
            ("○", PieceKind::King),
        ];
        for (symbols, kind) in table {
            for c in symbols.chars() {
                assert_eq!(kind_of(c), Some(kind), "{c}");
            }
        }
        // "| 同 | －, 𠔼, ド |"
        assert!("－𠔼ド同仝".chars().all(is_same));
    }
}
