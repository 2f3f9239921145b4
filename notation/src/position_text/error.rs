//! What can be wrong with a position string: where (format, field, character) and why.

use core::fmt;
use tokin_core::PositionError;

/// The position string formats of this module.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TextFormat {
    /// FEEN (Field Expression Encoding Notation).
    Feen,
    /// GNU Shogi's EPD.
    Epd,
    /// The network server's `-handicap=` expressions (seed 004).
    Handicap,
}

impl fmt::Display for TextFormat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            TextFormat::Feen => "FEEN",
            TextFormat::Epd => "EPD",
            TextFormat::Handicap => "handicap",
        })
    }
}

/// A field of a position string.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TextField {
    /// The board (FEEN's piece placement).
    Board,
    /// The pieces in hand.
    Hands,
    /// The side to move (FEEN's style–turn field).
    Turn,
    /// One term of a handicap expression.
    Term,
}

impl fmt::Display for TextField {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            TextField::Board => "board",
            TextField::Hands => "hands",
            TextField::Turn => "side to move",
            TextField::Term => "term",
        })
    }
}

/// Text that does not follow a format's syntax, named as SFEN's errors are: the field, the
/// character (from 1 in the message, from 0 in `offset`), the text found and why it is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TextSyntaxError {
    /// The format being read.
    pub format: TextFormat,
    /// The field in which the problem is.
    pub field: TextField,
    /// The character offset (0-based) in the whole text where the problem starts.
    pub offset: usize,
    /// The offending text.
    pub found: String,
    /// What is wrong.
    pub reason: String,
}

impl fmt::Display for TextSyntaxError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "bad {} {} at character {}: {} (found `{}`)",
            self.format,
            self.field,
            self.offset.saturating_add(1),
            self.reason,
            self.found
        )
    }
}

impl std::error::Error for TextSyntaxError {}

/// Why a position string does not give a position.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum PositionTextError {
    /// The text does not follow the format.
    Syntax(TextSyntaxError),
    /// The text is well formed but the position cannot be played, or is not accepted at the
    /// [`Strictness`](tokin_core::Strictness) asked for.
    Position(PositionError),
}

impl fmt::Display for PositionTextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionTextError::Syntax(e) => e.fmt(f),
            PositionTextError::Position(e) => write!(f, "illegal position: {e}"),
        }
    }
}

impl std::error::Error for PositionTextError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            PositionTextError::Syntax(e) => Some(e),
            PositionTextError::Position(e) => Some(e),
        }
    }
}

impl From<TextSyntaxError> for PositionTextError {
    fn from(e: TextSyntaxError) -> PositionTextError {
        PositionTextError::Syntax(e)
    }
}

impl From<PositionError> for PositionTextError {
    fn from(e: PositionError) -> PositionTextError {
        PositionTextError::Position(e)
    }
}
