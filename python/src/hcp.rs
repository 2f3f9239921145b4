//! cshogi's `HuffmanCodedPos` (hcp: Apery's 32-byte position, the first 32 bytes of the
//! `hcpe` training records) from and to the packed SFEN of the 40-byte records.
//!
//! The two formats are the same bit stream but for the codes: the side to move, both king
//! squares, the other 79 squares from 1a to 9i, then the pieces in hand and those of a set
//! that are nowhere (in the box). Each code has the same length in both (the formats differ
//! in which of knight and silver has which code, the order of a board piece's owner and
//! promotion bits, and the bishop's and rook's hand and box codes), so a position is
//! translated code by code, and the packed SFEN's reader (`tokin-core`) checks it.

use std::sync::OnceLock;

/// What one code stands for, in the order both formats' tables list them.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Token {
    /// An empty square, or a piece on the board: kind (0 pawn, 1 lance, 2 knight, 3 silver,
    /// 4 gold, 5 bishop, 6 rook), promoted, owned by White.
    Square(Option<(u8, bool, bool)>),
    /// A piece in hand: kind, owned by White.
    Hand(u8, bool),
    /// A piece of the set that is nowhere.
    Box(u8),
}

/// The silver's and the gold's numbers among the kinds (a gold has no promotion bit).
const SILVER: u8 = 3;
const GOLD: u8 = 4;

/// One format's codes, each written as its bits in stream order.
struct Format {
    /// Each kind's code on the board, before its owner and promotion bits.
    board: [&'static str; 7],
    /// Whether the owner bit comes before the promotion bit (a gold has none).
    owner_first: bool,
    /// Each kind's code in Black's hand; White's ends in 1 instead of 0.
    hand: [&'static str; 7],
    /// Each kind's code in the box.
    in_box: [&'static str; 7],
}

/// YaneuraOu's packed SFEN, as `tokin-core` writes it.
const PACKED_SFEN: Format = Format {
    board: ["10", "1100", "1101", "1110", "11110", "111110", "111111"],
    owner_first: false,
    hand: [
        "000", "10000", "10100", "11000", "11100", "1111000", "1111100",
    ],
    in_box: [
        "010", "10010", "10110", "11010", "11011", "1111010", "1111110",
    ],
};

/// cshogi's HuffmanCodedPos, as its `to_hcp` writes it (the box as cshogi 1.1.0 writes it).
const HCP: Format = Format {
    board: ["10", "1100", "1110", "1101", "11110", "111110", "111111"],
    owner_first: true,
    hand: [
        "000", "10000", "11000", "10100", "11100", "1111100", "1111110",
    ],
    in_box: [
        "010", "10010", "11010", "10110", "10111", "1111000", "1111010",
    ],
};

/// The longest code (a promoted bishop or rook on the board).
const MAX_LEN: usize = 8;

/// A format's codes both ways: the token of each (length, bits) and the code of each token.
struct Table {
    board: Vec<Option<Token>>,
    hand: Vec<Option<Token>>,
    codes: Vec<(Token, u32, u32)>,
}

/// Where (length, bits read so far) is kept in a table's lookup.
fn slot(len: usize, bits: u32) -> usize {
    (len << MAX_LEN) | bits as usize
}

fn bits_of(code: &str) -> (u32, u32) {
    let bits = code
        .bytes()
        .enumerate()
        .fold(0, |v, (i, c)| v | u32::from(c == b'1') << i);
    (bits, code.len() as u32)
}

impl Table {
    fn new(f: &Format) -> Table {
        let mut codes = vec![(Token::Square(None), "0".to_owned())];
        for (kind, base) in f.board.iter().enumerate() {
            let kind = kind as u8;
            for white in [false, true] {
                for promoted in [false, true] {
                    if promoted && kind == GOLD {
                        continue;
                    }
                    let (o, p) = (
                        if white { "1" } else { "0" },
                        if promoted { "1" } else { "0" },
                    );
                    let tail = match (kind == GOLD, f.owner_first) {
                        (true, _) => o.to_owned(),
                        (false, true) => format!("{o}{p}"),
                        (false, false) => format!("{p}{o}"),
                    };
                    codes.push((
                        Token::Square(Some((kind, promoted, white))),
                        base.to_string() + &tail,
                    ));
                }
            }
        }
        for (kind, code) in f.hand.iter().enumerate() {
            let stem = &code[..code.len() - 1];
            codes.push((Token::Hand(kind as u8, false), format!("{stem}0")));
            codes.push((Token::Hand(kind as u8, true), format!("{stem}1")));
            codes.push((Token::Box(kind as u8), f.in_box[kind].to_owned()));
        }
        let mut table = Table {
            board: vec![None; (MAX_LEN + 1) << MAX_LEN],
            hand: vec![None; (MAX_LEN + 1) << MAX_LEN],
            codes: Vec::new(),
        };
        for (token, code) in codes {
            let (bits, len) = bits_of(&code);
            let lookup = match token {
                Token::Square(_) => &mut table.board,
                _ => &mut table.hand,
            };
            lookup[slot(len as usize, bits)] = Some(token);
            table.codes.push((token, bits, len));
        }
        // `tokin-core` reads a piece in the box whatever its owner bit (which only tells a
        // gold, written as a White promoted silver, from a silver); such a code reads here
        // as the piece in the box too, and is written as the format writes it.
        for (kind, code) in f.in_box.iter().enumerate() {
            if kind as u8 == SILVER || kind as u8 == GOLD {
                continue;
            }
            let (bits, len) = bits_of(code);
            let other = slot(len as usize, bits ^ 1 << (len - 1));
            table.hand[other].get_or_insert(Token::Box(kind as u8));
        }
        table
    }

    fn code(&self, token: Token) -> (u32, u32) {
        // Every token has a code: `new` made one for each.
        self.codes
            .iter()
            .find(|c| c.0 == token)
            .map_or((0, 0), |c| (c.1, c.2))
    }
}

fn packed_sfen_table() -> &'static Table {
    static T: OnceLock<Table> = OnceLock::new();
    T.get_or_init(|| Table::new(&PACKED_SFEN))
}

fn hcp_table() -> &'static Table {
    static T: OnceLock<Table> = OnceLock::new();
    T.get_or_init(|| Table::new(&HCP))
}

/// Why 32 bytes could not be translated.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum CodeError {
    /// The bits at `bit` begin no code of the format.
    NoCode { bit: u32, part: &'static str },
    /// A king square above 81 (81 is "no king").
    KingSquare(u32),
}

impl std::fmt::Display for CodeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CodeError::NoCode { bit, part } => {
                write!(
                    f,
                    "no {part} code begins at bit {bit} (or it runs past 256 bits)"
                )
            }
            CodeError::KingSquare(n) => write!(f, "a king square of {n} (0-81)"),
        }
    }
}

fn bit(data: &[u8; 32], at: u32) -> Option<u32> {
    (at < 256).then(|| u32::from(data[(at / 8) as usize] >> (at % 8) & 1))
}

fn put(data: &mut [u8; 32], at: &mut u32, bits: u32, len: u32) {
    for i in 0..len {
        // Both formats' codes have the same lengths: a translation ends where its input did.
        if bits >> i & 1 == 1 && *at < 256 {
            data[(*at / 8) as usize] |= 1 << (*at % 8);
        }
        *at += 1;
    }
}

/// The 32 bytes of `data`, read in format `from` and written in format `to`.
fn translate(data: &[u8; 32], from: &Table, to: &Table) -> Result<[u8; 32], CodeError> {
    let mut out = [0u8; 32];
    // The side to move and the king squares are the same 15 bits in both.
    let mut kings = [81u32; 2];
    for (i, k) in kings.iter_mut().enumerate() {
        *k = (0..7).fold(0, |v, j| {
            v | bit(data, 1 + 7 * i as u32 + j).unwrap_or(0) << j
        });
        if *k > 81 {
            return Err(CodeError::KingSquare(*k));
        }
    }
    let mut at_out = 0;
    put(&mut out, &mut at_out, data[0] as u32 & 1, 1);
    put(&mut out, &mut at_out, kings[0], 7);
    put(&mut out, &mut at_out, kings[1], 7);
    let mut at = 15;
    let squares = (0..81).filter(|sq| !kings.contains(sq)).count();
    let read = |lookup: &[Option<Token>], part: &'static str, at: &mut u32| {
        let start = *at;
        let mut bits = 0;
        for len in 1..=MAX_LEN {
            let b = bit(data, *at).ok_or(CodeError::NoCode { bit: start, part })?;
            bits |= b << (len - 1);
            *at += 1;
            if let Some(token) = lookup[slot(len, bits)] {
                return Ok(token);
            }
        }
        Err(CodeError::NoCode { bit: start, part })
    };
    for _ in 0..squares {
        let token = read(&from.board, "board", &mut at)?;
        let (bits, len) = to.code(token);
        put(&mut out, &mut at_out, bits, len);
    }
    while at < 256 {
        let token = read(&from.hand, "hand", &mut at)?;
        let (bits, len) = to.code(token);
        put(&mut out, &mut at_out, bits, len);
    }
    Ok(out)
}

/// A packed SFEN's 32 bytes as cshogi's HuffmanCodedPos.
pub(crate) fn hcp_of_packed_sfen(data: &[u8; 32]) -> Result<[u8; 32], CodeError> {
    translate(data, packed_sfen_table(), hcp_table())
}

/// A HuffmanCodedPos's 32 bytes as a packed SFEN.
pub(crate) fn packed_sfen_of_hcp(data: &[u8; 32]) -> Result<[u8; 32], CodeError> {
    translate(data, hcp_table(), packed_sfen_table())
}
