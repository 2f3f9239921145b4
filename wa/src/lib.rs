//! Wa shogi (和将棋), the 11×11 shogi of seventeen animal kinds: its rules with drops and
//! without, a position string, legal moves, perft, the seed's move notation and a Japanese
//! style, a game record format, and a search with its USI engine.
//!
//! ```
//! use tokin_wa::{Position, Rules, perft};
//! let start = Position::start(Rules::Drops);
//! assert_eq!(perft(&start, 1), start.legal_moves().len() as u64);
//! ```

mod board;
pub mod clock;
pub mod diagram;
pub mod engine;
mod game;
pub mod notation;
mod perft;
mod piece;
mod position;
pub mod record;
pub mod search;
pub mod sfen;
pub mod usi_move;
mod values;
mod zobrist;

pub use board::{Bitboard, Color, SIDE, SQUARES, Square};
pub use game::{Game, Outcome};
pub use perft::{divide, perft};
pub use piece::{Kind, Motion, Piece, Reach};
pub use position::{Hand, IllegalMove, Move, Position, Rules};
pub use sfen::START;
