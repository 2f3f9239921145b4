//! Zobrist keys of wa shogi positions: one random number per piece on a square, per count of
//! a kind in a hand, and one for White to move, combined by xor. The search's transposition
//! table and its repetition test compare positions by these keys.

use crate::board::{Color, SQUARES, Square};
use crate::piece::Kind;
use crate::position::Position;

/// Piece codes: 17 kinds, promoted or not, of two colours.
const PIECES: usize = 2 * 2 * 17;
/// Counts in hand that get a number of their own: 0 to 22 (a hand holds at most 22 sparrow
/// pawns, and every other kind fewer).
const COUNTS: usize = 23;

/// xorshift64*, run at compile time: a fixed seed gives the same keys in every build.
const fn next(state: u64) -> (u64, u64) {
    let mut x = state;
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    (x, x.wrapping_mul(0x2545_f491_4f6c_dd1d))
}

struct Tables {
    board: [[u64; SQUARES]; PIECES],
    hand: [[[u64; COUNTS]; 16]; 2],
    white: u64,
}

const TABLES: Tables = {
    let mut t = Tables {
        board: [[0; SQUARES]; PIECES],
        hand: [[[0; COUNTS]; 16]; 2],
        white: 0,
    };
    let mut state = 0x2c1b_3c6d_5a4f_7e21;
    let mut p = 0;
    while p < PIECES {
        let mut sq = 0;
        while sq < SQUARES {
            let (s, z) = next(state);
            state = s;
            t.board[p][sq] = z;
            sq += 1;
        }
        p += 1;
    }
    let mut c = 0;
    while c < 2 {
        let mut k = 0;
        while k < 16 {
            // A count of zero adds nothing, so an empty hand needs no work.
            let mut n = 1;
            while n < COUNTS {
                let (s, z) = next(state);
                state = s;
                t.hand[c][k][n] = z;
                n += 1;
            }
            k += 1;
        }
        c += 1;
    }
    t.white = next(state).1;
    t
};

/// The key of `pos`: its board, hands and side to move (not its move number).
pub(crate) fn key(pos: &Position) -> u64 {
    let mut key = 0;
    for sq in Square::all() {
        if let Some(p) = pos.piece_at(sq) {
            let code =
                (p.color().index() * 2 + usize::from(p.is_promoted())) * 17 + p.kind().index();
            key ^= TABLES.board[code][sq.index()];
        }
    }
    for color in Color::ALL {
        for kind in Kind::HAND {
            let n = usize::from(pos.hand(color).count(kind)).min(COUNTS - 1);
            key ^= TABLES.hand[color.index()][kind.index()][n];
        }
    }
    if pos.side_to_move() == Color::White {
        key ^= TABLES.white;
    }
    key
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Rules, usi_move};

    #[test]
    fn a_transposition_has_one_key_and_a_different_position_another() {
        let start = Position::start(Rules::Drops);
        let play = |moves: &[&str]| {
            let mut pos = start.clone();
            for text in moves {
                let m = usi_move::parse(&pos, text).expect("legal");
                pos.play(m).expect("legal");
            }
            pos
        };
        let a = play(&["8h8g", "4d4e", "4h4g"]);
        let b = play(&["4h4g", "4d4e", "8h8g"]);
        assert_eq!(key(&a), key(&b));
        assert_ne!(key(&a), key(&play(&["8h8g", "4d4e"])));
        // The side to move alone makes a difference.
        let mut c = a.clone();
        c.set_side_to_move(c.side_to_move().opponent());
        assert_ne!(key(&a), key(&c));
        // A piece in hand differs from none.
        let mut d = a.clone();
        d.hand_mut(Color::Black).set(Kind::SparrowPawn, 1);
        assert_ne!(key(&a), key(&d));
    }
}
