//! The 32-byte packed position of the shogi NNUE training tools ("packed SFEN", the first 32
//! bytes of YaneuraOu's and cshogi's 40-byte training records), and their 16-bit moves.
//!
//! The position is a bit stream, least significant bit of each byte first:
//! - the side to move (1 bit: 0 Black, 1 White);
//! - Black's king square, then White's (7 bits each, the square index; 81 for no king);
//! - every other square, index 0 (1a) to 80 (9i), as a prefix code: `0` for empty, else the
//!   kind's code, a promotion bit (not for golds) and the owner's bit;
//! - the pieces in hand, Black's then White's, each kind in the order pawn, lance, knight,
//!   silver, gold, bishop, rook, one code per piece: the board code less its leading `1`,
//!   a promotion bit of 0 (not for golds) and the owner;
//! - the pieces of a set that are nowhere (a handicap game, a problem), "in the box", in the
//!   same order, as a hand piece whose promotion bit is 1 (a gold, which has no promotion
//!   bit, is written as a White promoted silver would be), owner bit 0.
//!
//! Any position made of the 40 pieces of one set, some of them in the box, fills exactly
//! 256 bits. A position with more pieces of a kind than a set has cannot be packed.
//!
//! A 16-bit move is the destination square (bits 0-6), the origin square or, for a drop, the
//! dropped kind (pawn 1, lance 2, knight 3, silver 4, bishop 5, rook 6, gold 7; bits 7-13),
//! a drop flag (bit 14) and a promotion flag (bit 15).

use super::{Position, PositionError, Setup, Strictness};
use crate::{Color, Hand, HandPiece, Move, Piece, PieceKind, Square};
use core::fmt;

/// A position packed into 32 bytes.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct PackedSfen(pub [u8; 32]);

/// Why 32 bytes are not a packed position, or a position cannot be packed.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum PackedSfenError {
    /// A code runs past the 256th bit.
    Overrun {
        /// What was being read: `board` or `hand`.
        part: &'static str,
    },
    /// A king square field holds a number above 81.
    BadKingSquare {
        /// The king's owner.
        color: Color,
        /// The number found.
        found: u8,
    },
    /// The pieces read make no playable position.
    Position(PositionError),
    /// The position has more pieces of `kind` than a set: the format has no room for them.
    TooManyPieces {
        /// The basic kind.
        kind: PieceKind,
    },
}

impl fmt::Display for PackedSfenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PackedSfenError::Overrun { part } => {
                write!(f, "packed position: the {part} runs past 256 bits")
            }
            PackedSfenError::BadKingSquare { color, found } => {
                write!(
                    f,
                    "packed position: {color}'s king square is {found} (0-81)"
                )
            }
            PackedSfenError::Position(e) => write!(f, "packed position: {e}"),
            PackedSfenError::TooManyPieces { kind } => write!(
                f,
                "cannot pack a position with more pieces of kind {} than a set",
                kind.usi_str()
            ),
        }
    }
}

impl std::error::Error for PackedSfenError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            PackedSfenError::Position(e) => Some(e),
            _ => None,
        }
    }
}

/// A kind's code on the board (read from its lowest bit) and its length, in the format's
/// own kind order; the hand code is the same less its lowest bit.
#[derive(Clone, Copy)]
struct Code {
    bits: u32,
    len: u32,
    kind: HandPiece,
}

/// The codes of the seven kinds, in the order hands and the box list them.
const CODES: [Code; 7] = [
    Code {
        bits: 0b1,
        len: 2,
        kind: HandPiece::Pawn,
    },
    Code {
        bits: 0b0011,
        len: 4,
        kind: HandPiece::Lance,
    },
    Code {
        bits: 0b1011,
        len: 4,
        kind: HandPiece::Knight,
    },
    Code {
        bits: 0b0111,
        len: 4,
        kind: HandPiece::Silver,
    },
    Code {
        bits: 0b01111,
        len: 5,
        kind: HandPiece::Gold,
    },
    Code {
        bits: 0b011111,
        len: 6,
        kind: HandPiece::Bishop,
    },
    Code {
        bits: 0b111111,
        len: 6,
        kind: HandPiece::Rook,
    },
];

/// A set's number of each kind, in [`CODES`]' order.
const SET: [u8; 7] = [18, 4, 4, 4, 4, 2, 2];

fn code_of(kind: HandPiece) -> Code {
    // Every hand kind has a code.
    CODES[CODES.iter().position(|c| c.kind == kind).unwrap_or(0)]
}

/// The bit writer and reader over the 32 bytes.
struct Bits<'a> {
    data: &'a mut [u8; 32],
    at: u32,
}

impl Bits<'_> {
    fn write(&mut self, value: u32, len: u32) {
        for i in 0..len {
            // Writing never passes 256 bits: `pack` has checked that the pieces fit.
            if value >> i & 1 == 1 && self.at < 256 {
                self.data[(self.at / 8) as usize] |= 1 << (self.at % 8);
            }
            self.at += 1;
        }
    }

    fn read(&mut self, part: &'static str) -> Result<u32, PackedSfenError> {
        if self.at >= 256 {
            return Err(PackedSfenError::Overrun { part });
        }
        let b = u32::from(self.data[(self.at / 8) as usize] >> (self.at % 8) & 1);
        self.at += 1;
        Ok(b)
    }

    fn read_n(&mut self, len: u32, part: &'static str) -> Result<u32, PackedSfenError> {
        let mut v = 0;
        for i in 0..len {
            v |= self.read(part)? << i;
        }
        Ok(v)
    }

    /// Reads bits until they make one of `codes`, each shifted right by `drop` bits.
    fn read_code(&mut self, drop: u32, part: &'static str) -> Result<Code, PackedSfenError> {
        let (mut v, mut len) = (0, 0);
        loop {
            v |= self.read(part)? << len;
            len += 1;
            if let Some(c) = CODES
                .iter()
                .find(|c| c.len - drop == len && c.bits >> drop == v)
            {
                return Ok(*c);
            }
            // The codes are complete (every run of bits begins with one), so this only
            // guards the loop.
            if len >= 6 {
                return Err(PackedSfenError::Overrun { part });
            }
        }
    }
}

impl Position {
    /// The position packed into 32 bytes (the side to move, the board and the hands; the
    /// move number is not kept).
    ///
    /// # Errors
    /// [`PackedSfenError::TooManyPieces`] for a position with more pieces of a kind than a
    /// set (which the relaxed rules allow), and a missing king
    /// ([`PositionError::MissingKing`]): the empty square where it would stand takes one bit
    /// more than the 256 (the format's "no king" square number is for a king in the box,
    /// which the other writers do not produce either).
    pub fn to_packed_sfen(&self) -> Result<PackedSfen, PackedSfenError> {
        for color in Color::ALL {
            if self.king_square(color).is_none() {
                return Err(PackedSfenError::Position(PositionError::MissingKing {
                    color,
                }));
            }
        }
        let mut box_count = SET;
        let mut data = [0u8; 32];
        let mut bits = Bits {
            data: &mut data,
            at: 0,
        };
        let mut take = |kind: PieceKind| -> Result<(), PackedSfenError> {
            let i = kind
                .unpromote()
                .to_hand()
                .map_or(0, |h| CODES.iter().position(|c| c.kind == h).unwrap_or(0));
            box_count[i] = box_count[i]
                .checked_sub(1)
                .ok_or(PackedSfenError::TooManyPieces {
                    kind: kind.unpromote(),
                })?;
            Ok(())
        };
        // Count first, so that nothing past 256 bits is ever written.
        for sq in self.occupied() {
            if let Some(p) = self.piece_at(sq)
                && p.kind != PieceKind::King
            {
                take(p.kind)?;
            }
        }
        for c in Color::ALL {
            for (h, n) in self.hand(c).iter() {
                for _ in 0..n {
                    take(h.kind())?;
                }
            }
        }
        bits.write(u32::from(self.side_to_move() == Color::White), 1);
        for c in Color::ALL {
            bits.write(self.king_square(c).map_or(81, |s| s.index() as u32), 7);
        }
        for sq in Square::ALL {
            match self.piece_at(sq) {
                None => bits.write(0, 1),
                Some(p) if p.kind == PieceKind::King => {}
                Some(p) => {
                    let base = p.kind.unpromote().to_hand().unwrap_or(HandPiece::Pawn);
                    let code = code_of(base);
                    bits.write(code.bits, code.len);
                    if base != HandPiece::Gold {
                        bits.write(u32::from(p.kind.is_promoted()), 1);
                    }
                    bits.write(u32::from(p.color == Color::White), 1);
                }
            }
        }
        for c in Color::ALL {
            for code in CODES {
                for _ in 0..self.hand(c).count(code.kind) {
                    bits.write(code.bits >> 1, code.len - 1);
                    if code.kind != HandPiece::Gold {
                        bits.write(0, 1);
                    }
                    bits.write(u32::from(c == Color::White), 1);
                }
            }
        }
        for (code, &n) in CODES.iter().zip(box_count.iter()) {
            for _ in 0..n {
                // The promotion bit set marks the box, with owner bit 0. A gold has no
                // promotion bit: a gold in the box is written as a White promoted silver
                // (which can be in no hand), as the format's other writers do.
                let (written, owner) = if code.kind == HandPiece::Gold {
                    (code_of(HandPiece::Silver), 1)
                } else {
                    (*code, 0)
                };
                bits.write(written.bits >> 1, written.len - 1);
                bits.write(1, 1);
                bits.write(owner, 1);
            }
        }
        Ok(PackedSfen(data))
    }

    /// The position of a packed one, checked as `strictness` asks, with move number 1 (the
    /// format does not keep it).
    ///
    /// # Errors
    /// Bits that are not a position, or a position `strictness` refuses.
    pub fn from_packed_sfen(
        packed: &PackedSfen,
        strictness: Strictness,
    ) -> Result<Position, PackedSfenError> {
        let mut data = packed.0;
        let mut bits = Bits {
            data: &mut data,
            at: 0,
        };
        let mut setup = Setup::empty();
        setup.side = if bits.read("side to move")? == 1 {
            Color::White
        } else {
            Color::Black
        };
        for c in Color::ALL {
            let n = bits.read_n(7, "king squares")? as u8;
            if n < 81 {
                setup.board[usize::from(n)] = Some(Piece::new(c, PieceKind::King));
            } else if n > 81 {
                return Err(PackedSfenError::BadKingSquare { color: c, found: n });
            }
        }
        for sq in Square::ALL {
            if setup.board[sq.index()].is_some() {
                continue;
            }
            if bits.read("board")? == 0 {
                continue;
            }
            // The leading 1 is read: the rest of the code, as a hand code.
            let code = bits.read_code(1, "board")?;
            let promoted = code.kind != HandPiece::Gold && bits.read("board")? == 1;
            let color = owner(bits.read("board")?);
            let kind = code.kind.kind();
            let kind = if promoted {
                kind.promote().unwrap_or(kind)
            } else {
                kind
            };
            setup.board[sq.index()] = Some(Piece::new(color, kind));
        }
        while bits.at < 256 {
            let code = bits.read_code(1, "hand")?;
            let in_box = if code.kind == HandPiece::Gold {
                false
            } else {
                bits.read("hand")? == 1
            };
            let color_bit = bits.read("hand")?;
            // A piece in the box (golds there read as promoted silvers) is in no hand.
            if in_box {
                continue;
            }
            let c = owner(color_bit);
            let hand: &mut Hand = &mut setup.hands[c.index()];
            *hand = hand
                .checked_add(code.kind)
                .ok_or(PackedSfenError::TooManyPieces {
                    kind: code.kind.kind(),
                })?;
        }
        strictness
            .validate(&setup)
            .map_err(PackedSfenError::Position)
    }
}

fn owner(bit: u32) -> Color {
    if bit == 1 { Color::White } else { Color::Black }
}

/// The format's number of a drop's kind.
fn drop_number(kind: HandPiece) -> u16 {
    match kind {
        HandPiece::Pawn => 1,
        HandPiece::Lance => 2,
        HandPiece::Knight => 3,
        HandPiece::Silver => 4,
        HandPiece::Bishop => 5,
        HandPiece::Rook => 6,
        HandPiece::Gold => 7,
    }
}

impl Move {
    /// The move as the training tools' 16 bits.
    pub fn to_move16(self) -> u16 {
        let to = self.to().index() as u16;
        match (self.from(), self.drop_kind().and_then(PieceKind::to_hand)) {
            (Some(from), _) => {
                to | (from.index() as u16) << 7 | u16::from(self.is_promotion()) << 15
            }
            (None, Some(kind)) => to | drop_number(kind) << 7 | 1 << 14,
            // A move is either a move from a square or a drop.
            (None, None) => to,
        }
    }

    /// The move of 16 training-tool bits, if they name one (it may still be illegal in a
    /// given position).
    pub fn from_move16(bits: u16) -> Option<Move> {
        let to = Square::from_index(usize::from(bits & 0x7f))?;
        let high = usize::from(bits >> 7 & 0x7f);
        if bits & 1 << 14 != 0 {
            let kind = match high {
                1 => HandPiece::Pawn,
                2 => HandPiece::Lance,
                3 => HandPiece::Knight,
                4 => HandPiece::Silver,
                5 => HandPiece::Bishop,
                6 => HandPiece::Rook,
                7 => HandPiece::Gold,
                _ => return None,
            };
            Move::try_drop(kind.kind(), to).ok()
        } else {
            let from = Square::from_index(high)?;
            Move::try_normal(from, to, bits & 1 << 15 != 0).ok()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{Pick, random_game_positions};

    fn hex(p: &PackedSfen) -> String {
        p.0.iter().map(|b| format!("{b:02x}")).collect()
    }

    /// The SFEN less its move number, which the format does not keep.
    fn without_number(pos: &Position) -> String {
        let s = pos.to_sfen();
        s.rsplit_once(' ').map_or(s.clone(), |(a, _)| a.to_owned())
    }

    /// cshogi's bytes for 300 positions (with handicap starts, so pieces in the box) and its
    /// 16-bit form of a move of each: the same bytes, read back to the same position.
    #[test]
    fn agrees_with_cshogi() {
        let text = include_str!("../../../tests/data/packed-sfen.tsv");
        let mut n = 0;
        for line in text.lines().filter(|l| !l.starts_with('#')) {
            let f: Vec<&str> = line.split('\t').collect();
            let pos = Position::from_sfen_relaxed(f[0]).unwrap();
            let packed = pos.to_packed_sfen().unwrap();
            assert_eq!(hex(&packed), f[1], "{}", f[0]);
            let back = Position::from_packed_sfen(&packed, Strictness::Relaxed).unwrap();
            assert_eq!(without_number(&back), without_number(&pos));
            if f[2] != "-" {
                let mv = Move::from_usi(f[2]).unwrap();
                assert_eq!(mv.to_move16().to_string(), f[3], "{} {}", f[0], f[2]);
                assert_eq!(Move::from_move16(mv.to_move16()), Some(mv));
            }
            n += 1;
        }
        assert_eq!(n, 300);
    }

    /// Every position of random games from the start and every handicap start packs and
    /// unpacks to itself, and every legal move's 16 bits give the move back.
    #[test]
    fn round_trips_over_random_games() {
        random_game_positions(3, 30, 200, Pick::PreferCaptures, |pos, _| {
            let packed = pos.to_packed_sfen().unwrap();
            let back = Position::from_packed_sfen(&packed, Strictness::Game).unwrap();
            assert_eq!(without_number(&back), without_number(pos));
            for mv in pos.legal_moves() {
                assert_eq!(Move::from_move16(mv.to_move16()), Some(mv));
            }
        });
        for h in crate::Handicap::ALL {
            let pos = h.position();
            let back = Position::from_packed_sfen(&pos.to_packed_sfen().unwrap(), Strictness::Game)
                .unwrap();
            assert_eq!(without_number(&back), without_number(&pos), "{h:?}");
        }
    }

    /// A tsume position has one king: 257 bits, more than the format has.
    #[test]
    fn a_position_without_both_kings_is_refused() {
        let pos = Position::from_tsume_sfen("4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1").unwrap();
        assert_eq!(
            pos.to_packed_sfen(),
            Err(PackedSfenError::Position(PositionError::MissingKing {
                color: Color::Black
            }))
        );
    }

    #[test]
    fn more_pieces_than_a_set_cannot_be_packed() {
        let pos = Position::from_sfen_relaxed("4k4/9/9/9/9/9/9/9/4K4 b 19P 1").unwrap();
        assert_eq!(
            pos.to_packed_sfen(),
            Err(PackedSfenError::TooManyPieces {
                kind: PieceKind::Pawn
            })
        );
    }

    /// Any 32 bytes are a position, an error or a refusal by the strictness: never a panic.
    #[test]
    fn any_bytes_give_a_position_or_an_error() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand::rngs::StdRng::seed_from_u64(17);
        let start = Position::startpos().to_packed_sfen().unwrap();
        for i in 0..20_000 {
            let mut b = if i % 2 == 0 { start.0 } else { rng.random() };
            let k = rng.random_range(0..32);
            b[k] ^= rng.random::<u8>();
            let _ = Position::from_packed_sfen(&PackedSfen(b), Strictness::Relaxed);
            let _ = Move::from_move16(rng.random());
        }
        assert!(Move::from_move16(0xffff).is_none());
    }
}
