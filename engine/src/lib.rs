//! The tokin engine: the search and the evaluation, on the rules of [`tokin_core`].
//!
//! The rules core's types are re-exported here, so that a program that plays (the USI front
//! end) needs one crate; a program that only reads and writes positions and moves depends on
//! `tokin-core` alone.
//!
//! ```
//! use tokin_engine::Position;
//! use tokin_engine::eval::evaluate;
//!
//! // The start position is symmetric: only the side to move's tempo bonus is left.
//! assert_eq!(evaluate(&Position::startpos()), tokin_engine::eval::DEFAULT_PARAMS.tempo);
//! ```
#![warn(missing_docs)]

pub use tokin_core::*;

mod checks;
pub mod eval;
pub mod mate;
mod memory;
pub mod perft;
pub mod search;

pub use perft::{perft_divide, perft_parallel, perft_parallel_observed};
