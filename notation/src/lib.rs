//! Moves and game records in human notation.
pub mod record;
