//! The 40-byte training record of the shogi NNUE tools (YaneuraOu's `PackedSfenValue`, the
//! `.psv` or `.bin` files that cshogi and the trainers read): a packed position, the search's
//! score for the side to move, its best move, the game ply and the game's result.
//!
//! ```text
//! bytes  0-31  the position, packed (Position::to_packed_sfen)
//! bytes 32-33  i16 score for the side to move
//! bytes 34-35  u16 best move (Move::to_move16)
//! bytes 36-37  u16 game ply
//! byte  38     i8 game result for the side to move: 1 win, 0 draw, -1 loss
//! byte  39     0 (padding)
//! ```
//! Numbers are little-endian.

use core::fmt;
use std::io::{self, Read, Write};
use tokin_core::{Move, PackedSfen, PackedSfenError, Position, Strictness};

/// The size of one record.
pub const RECORD_SIZE: usize = 40;

/// One training position.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct PsvRecord {
    /// The position.
    pub sfen: PackedSfen,
    /// The search's score for the side to move, in centipawns.
    pub score: i16,
    /// The search's best move, 16-bit form.
    pub mv: u16,
    /// The ply of the game the position was reached at.
    pub game_ply: u16,
    /// The game's result for the side to move: 1 win, 0 draw, -1 loss.
    pub result: i8,
}

impl PsvRecord {
    /// The record's 40 bytes.
    pub fn to_bytes(&self) -> [u8; RECORD_SIZE] {
        let mut b = [0u8; RECORD_SIZE];
        b[..32].copy_from_slice(&self.sfen.0);
        b[32..34].copy_from_slice(&self.score.to_le_bytes());
        b[34..36].copy_from_slice(&self.mv.to_le_bytes());
        b[36..38].copy_from_slice(&self.game_ply.to_le_bytes());
        b[38] = self.result as u8;
        b
    }

    /// The record of 40 bytes (the padding byte is not looked at).
    pub fn from_bytes(b: &[u8; RECORD_SIZE]) -> PsvRecord {
        let mut sfen = [0u8; 32];
        sfen.copy_from_slice(&b[..32]);
        PsvRecord {
            sfen: PackedSfen(sfen),
            score: i16::from_le_bytes([b[32], b[33]]),
            mv: u16::from_le_bytes([b[34], b[35]]),
            game_ply: u16::from_le_bytes([b[36], b[37]]),
            result: b[38] as i8,
        }
    }

    /// The position (any strictness the format can hold: relaxed).
    ///
    /// # Errors
    /// Bytes that are not a position.
    pub fn position(&self) -> Result<Position, PackedSfenError> {
        Position::from_packed_sfen(&self.sfen, Strictness::Relaxed)
    }

    /// The best move, if the 16 bits name a move legal in the position.
    pub fn best_move(&self, pos: &Position) -> Option<Move> {
        Move::from_move16(self.mv).filter(|&m| pos.is_legal(m).is_ok())
    }

    /// Writes the record.
    ///
    /// # Errors
    /// Those of `w`.
    pub fn write(&self, mut w: impl Write) -> io::Result<()> {
        w.write_all(&self.to_bytes())
    }
}

/// A file of records ended in the middle of one.
#[derive(Debug)]
#[non_exhaustive]
pub enum PsvReadError {
    /// The input ended `len` bytes into record number `index` (from 0).
    PartialRecord {
        /// The record's number.
        index: u64,
        /// The bytes of it that were there.
        len: usize,
    },
    /// Reading failed.
    Io(io::Error),
}

impl fmt::Display for PsvReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PsvReadError::PartialRecord { index, len } => write!(
                f,
                "the data ends {len} bytes into record {index} (records are {RECORD_SIZE} bytes)"
            ),
            PsvReadError::Io(e) => write!(f, "reading training records: {e}"),
        }
    }
}

impl std::error::Error for PsvReadError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            PsvReadError::Io(e) => Some(e),
            PsvReadError::PartialRecord { .. } => None,
        }
    }
}

/// The records of `r` one by one, until its end; a partial record at the end is an error.
pub fn read_records<R: Read>(r: R) -> impl Iterator<Item = Result<PsvRecord, PsvReadError>> {
    let mut r = io::BufReader::new(r);
    let mut index = 0u64;
    let mut done = false;
    std::iter::from_fn(move || {
        if done {
            return None;
        }
        let mut b = [0u8; RECORD_SIZE];
        let mut len = 0;
        while len < RECORD_SIZE {
            match r.read(&mut b[len..]) {
                Ok(0) => break,
                Ok(n) => len += n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => {
                    done = true;
                    return Some(Err(PsvReadError::Io(e)));
                }
            }
        }
        match len {
            0 => {
                done = true;
                None
            }
            RECORD_SIZE => {
                index += 1;
                Some(Ok(PsvRecord::from_bytes(&b)))
            }
            _ => {
                done = true;
                Some(Err(PsvReadError::PartialRecord { index, len }))
            }
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use tokin_core::testing::{Pick, random_game_positions};

    #[test]
    fn records_round_trip_through_bytes_and_files() {
        let mut records = Vec::new();
        random_game_positions(8, 4, 80, Pick::PreferCaptures, |pos, _| {
            let mv = pos.legal_moves().first().copied();
            records.push(PsvRecord {
                sfen: pos.to_packed_sfen().unwrap(),
                score: -1234,
                mv: mv.map_or(0, Move::to_move16),
                game_ply: 77,
                result: -1,
            });
        });
        let mut file = Vec::new();
        for r in &records {
            r.write(&mut file).unwrap();
        }
        assert_eq!(file.len(), records.len() * RECORD_SIZE);
        let read: Vec<PsvRecord> = read_records(&file[..]).map(Result::unwrap).collect();
        assert_eq!(read, records);
        for r in &read {
            let pos = r.position().unwrap();
            if r.mv != 0 {
                assert_eq!(r.best_move(&pos), Move::from_move16(r.mv));
            }
        }
        // A file cut in the middle of a record says where.
        let cut = &file[..RECORD_SIZE * 3 + 5];
        let all: Vec<_> = read_records(cut).collect();
        assert_eq!(all.len(), 4);
        assert!(matches!(
            all[3],
            Err(PsvReadError::PartialRecord { index: 3, len: 5 })
        ));
    }

    /// The byte layout, field by field.
    #[test]
    fn the_layout_is_the_tools_one() {
        let r = PsvRecord {
            sfen: Position::startpos().to_packed_sfen().unwrap(),
            score: -2,
            mv: 0x1234,
            game_ply: 0x0102,
            result: -1,
        };
        let b = r.to_bytes();
        assert_eq!(&b[32..], &[0xfe, 0xff, 0x34, 0x12, 0x02, 0x01, 0xff, 0]);
    }
}
