//! The tokin engine: the search, the evaluation and the mate solver, on the rules of
//! [`tokin_core`].
//!
//! The rules' types (positions, moves, colours) are not re-exported: a program names them
//! from `tokin-core`, which it depends on directly, so that each type has one path.
//!
//! ```
//! use tokin_core::Position;
//! use tokin_engine::eval::evaluate;
//!
//! // The start position is symmetric: only the side to move's tempo bonus is left.
//! assert_eq!(evaluate(&Position::startpos()), tokin_engine::eval::DEFAULT_PARAMS.tempo);
//! ```
#![warn(missing_docs)]

mod checks;
pub mod eval;
pub mod mate;
mod memory;
pub mod perft;
pub mod search;
mod signals;

pub use perft::{perft_divide_each, perft_parallel, perft_parallel_observed};
