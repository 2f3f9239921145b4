//! Moves and game records in human notation.
