//! The rules core of tokin: squares, pieces, hands, moves, bitboards, positions, SFEN, legal
//! move generation, the rules of repetition and the entering king, and perft.
//!
//! It holds no evaluation state: the search and its evaluation live in `tokin-engine`, the
//! notations in `tokin-notation`, and both build on this crate alone.
//!
//! # Example
//!
#![doc = include_str!(concat!(env!("OUT_DIR"), "/example.md"))]
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
pub use legality::{IllegalMove, promotion_error};
pub use movegen::{MAX_MOVES, MoveList};
pub use mv::{MalformedMove, Move};
pub use perft::perft;
pub use piece::{HandPiece, NotAHandPiece, Piece, PieceKind};
pub use position::{
    Handicap, Kings, PackedSfen, PackedSfenError, Position, PositionError, Setup, SfenError,
    SfenField, SfenSyntaxError, Strictness, Undo, UnknownStrictness, UsiPositionError,
};
pub use square::{File, Rank, Square};
pub mod rules;
pub use rules::{
    Declaration, EnteringKingRule, GameHistory, RepetitionVerdict, declaration, declaration_points,
    try_move,
};
#[cfg(any(test, feature = "testing"))]
#[doc(hidden)]
pub mod testing;
