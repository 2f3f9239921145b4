//! The USI engine and command-line tools.
