//! Zobrist keys for hashing positions.
//!
//! The keys come from a SplitMix64 stream with a fixed seed, evaluated at compile time, so
//! they, and every hash-dependent count such as the bench signature, are the same in every
//! build. Board keys are XORed; hand keys are *added* once per piece held, so a hand of three
//! pawns hashes as three times the pawn key and taking or dropping a piece is one add or
//! subtract. Bit 0 of every board and hand key is clear; bit 0 of the hash is the side to move.

use crate::{Color, HandPiece, Piece, Square};

const fn splitmix(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    (s, z ^ (z >> 31))
}

struct Keys {
    board: [[u64; 81]; Piece::NUM],
    hand: [[u64; 7]; 2],
}

static KEYS: Keys = {
    let mut state = 0x746f_6b69_6e5f_7a6f; // "tokin_zo"
    let mut board = [[0u64; 81]; Piece::NUM];
    let mut p = 0;
    while p < Piece::NUM {
        let mut sq = 0;
        while sq < 81 {
            let (s, z) = splitmix(state);
            state = s;
            board[p][sq] = z & !1;
            sq += 1;
        }
        p += 1;
    }
    let mut hand = [[0u64; 7]; 2];
    let mut c = 0;
    while c < 2 {
        let mut k = 0;
        while k < 7 {
            let (s, z) = splitmix(state);
            state = s;
            hand[c][k] = z & !1;
            k += 1;
        }
        c += 1;
    }
    Keys { board, hand }
};

/// The key of `piece` standing on `sq`.
#[inline]
pub fn board(piece: Piece, sq: Square) -> u64 {
    KEYS.board[piece.index()][sq.index()]
}

/// The key added once for each `piece` that `color` holds in hand.
#[inline]
pub fn hand(color: Color, piece: HandPiece) -> u64 {
    KEYS.hand[color.index()][piece.index()]
}

/// The bit that marks White to move.
pub const SIDE: u64 = 1;
