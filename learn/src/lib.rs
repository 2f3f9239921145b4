//! Training data for the evaluation: positions scored by the search in self-play, in the
//! 40-byte record of the shogi NNUE tools ([`psv`]), made by [`gensfen`]; and a trainer of
//! NNUE evaluation files on them ([`train`]).
//!
//! It builds on `tokin-engine` (the search that scores the positions, the network format it
//! writes) and `tokin-core`; nothing below it depends on it.
#![warn(missing_docs)]

pub mod gensfen;
pub mod psv;
pub mod train;
