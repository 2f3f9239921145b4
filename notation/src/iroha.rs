//! Iroha square names (seed 000, "Iroha notation"): one symbol for each of the 81 squares,
//! from the syllables of the Iroha poem and other characters, as castle game records used
//! them under Tokugawa Ieharu. `を` is 2c (the seed's "the 23 square").

use tokin_core::{File, Rank, Square};

/// The seed's table: one row per rank (a to i, top to bottom), each from file 9 to file 1.
const TABLE: [[char; 9]; 9] = [
    ['谷', '柳', '万', '一', 'ゆ', 'ま', 'つ', 'ぬ', 'い'],
    ['川', '桜', '花', '三', 'め', 'け', 'ね', 'る', 'ろ'],
    ['海', '松', '鳥', '五', 'み', 'ふ', 'な', 'を', 'は'],
    ['里', '楓', '風', '六', 'し', 'こ', 'ら', 'わ', 'に'],
    ['村', '雨', '月', '七', 'ひ', 'え', 'む', 'か', 'ほ'],
    ['森', '露', '春', '八', 'も', 'て', 'う', 'よ', 'へ'],
    ['竹', '霜', '夏', '十', 'せ', 'あ', 'の', 'た', 'と'],
    ['草', '雪', '秋', '百', 'す', 'さ', 'く', 'れ', 'ち'],
    ['石', '山', '冬', '千', '京', 'き', 'や', 'そ', 'り'],
];

/// The iroha symbol of a square.
pub fn symbol(sq: Square) -> char {
    // Rank and file indices are 0 to 8; file 9 is the first column of the table.
    TABLE[sq.rank().index()][8 - sq.file().index()]
}

/// The square an iroha symbol names.
pub fn square(c: char) -> Option<Square> {
    for (r, row) in TABLE.iter().enumerate() {
        if let Some(col) = row.iter().position(|&s| s == c) {
            return Some(Square::new(*File::ALL.get(8 - col)?, *Rank::ALL.get(r)?));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_names_81_different_squares() {
        // Seed 000: "For example, the 23 square was indicated by the symbol を."
        assert_eq!(symbol(Square::from_usi("2c").unwrap()), 'を');
        assert_eq!(square('を'), Square::from_usi("2c"));
        // "| 石 | 山 | 冬 | 千 | 京 | き | や | そ | り | i |": 9i to 1i.
        assert_eq!(square('石'), Square::from_usi("9i"));
        assert_eq!(square('り'), Square::from_usi("1i"));
        assert_eq!(square('谷'), Square::from_usi("9a"));
        let mut seen = std::collections::HashSet::new();
        for sq in Square::ALL {
            assert!(seen.insert(symbol(sq)), "{sq}");
            assert_eq!(square(symbol(sq)), Some(sq));
        }
        assert_eq!(square('x'), None);
    }
}
