//! The rules core of tokin: bitboards, positions, SFEN, legal move generation and perft.
//!
//! ```
//! use tokin_engine::{Move, Position};
//!
//! let mut pos = Position::startpos();
//! assert_eq!(pos.legal_moves().len(), 30);
//! pos.try_play(Move::from_usi("7g7f").unwrap()).unwrap();
//! assert_eq!(pos.to_sfen(), "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2");
//! ```
#![warn(missing_docs)]

pub mod attacks;
mod bitboard;
mod color;
mod hand;
mod legality;
pub mod movegen;
mod mv;
mod perft;
mod piece;
mod position;
pub mod square;
pub mod zobrist;

pub use bitboard::Bitboard;
pub use color::Color;
pub use hand::Hand;
pub use legality::IllegalMove;
pub use movegen::{MAX_MOVES, MoveList};
pub use mv::Move;
pub use perft::{perft, perft_divide, perft_parallel, perft_parallel_observed};
pub use piece::{Piece, PieceKind};
pub use position::{
    Handicap, Kings, Position, PositionError, Setup, SfenError, SfenField, SfenSyntaxError,
};
pub use square::{File, Rank, Square};
pub mod rules;
pub use rules::{
    Declaration, EnteringKingRule, GameHistory, RepetitionVerdict, declaration, declaration_points,
    try_move,
};
pub mod eval;
pub mod search;
#[cfg(test)]
mod testing;
