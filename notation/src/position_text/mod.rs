//! Position strings besides SFEN (which `tokin-core` reads): FEEN ([`feen`]) and GNU Shogi's
//! EPD ([`epd`]), and [`read_start`], the one reader of a start position for the tools, which
//! takes every form.
//!
//! Each reader first checks the syntax (a [`TextSyntaxError`] names the field and the
//! character, as SFEN's errors do) and then holds the position to a
//! [`Strictness`](tokin_core::Strictness).

pub mod epd;
mod error;
pub mod feen;
mod fields;
pub mod handicap;

pub use error::{PositionTextError, TextField, TextFormat, TextSyntaxError};
mod start;

pub use start::{StartError, StartForm, read_start};
