//! What can go wrong when writing or reading a move.

use crate::Style;
use core::fmt;
use tokin_core::{IllegalMove, Move};

/// Why a move could not be written or read.
///
/// Messages quote the offending text; the reading errors say which legal moves were
/// considered where that helps.
#[derive(Clone, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub enum NotationError {
    /// The text is not a move in the style at all.
    Syntax {
        /// The style being read.
        style: Style,
        /// The whole text.
        text: String,
        /// Character index (0-based) where reading failed.
        at: usize,
        /// What was expected or found there.
        reason: &'static str,
    },
    /// The text says 同 (or leaves out the destination) but no previous move is known.
    NoPreviousMove {
        /// The whole text.
        text: String,
    },
    /// The side mark names the side that is not to move.
    WrongSide {
        /// The whole text.
        text: String,
    },
    /// No legal move matches the text.
    NoMatch {
        /// The whole text.
        text: String,
        /// Why nothing matches.
        reason: String,
    },
    /// More than one legal move matches the text.
    Ambiguous {
        /// The whole text.
        text: String,
        /// The matching moves, each written unambiguously in the same style.
        candidates: Vec<String>,
    },
    /// The move could promote and the text does not say whether it does.
    PromotionRequired {
        /// The whole text.
        text: String,
        /// What to add, such as `+ or =`.
        hint: &'static str,
    },
    /// The move to write is not legal in the position.
    IllegalMove {
        /// The move.
        mv: Move,
        /// The rule it breaks.
        why: IllegalMove,
    },
    /// The [`core::fmt::Write`] sink refused the text.
    Write,
    /// A move of a line failed; `index` counts from 1.
    InLine {
        /// Which move of the line (1 for the first).
        index: usize,
        /// What went wrong with it.
        source: Box<NotationError>,
    },
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NotationError::Syntax {
                style,
                text,
                at,
                reason,
            } => write!(
                f,
                "`{text}` is not a {style} move: {reason} at character {}",
                at.saturating_add(1)
            ),
            NotationError::NoPreviousMove { text } => write!(
                f,
                "`{text}` refers to the previous move's square, but there is no previous move"
            ),
            NotationError::WrongSide { text } => {
                write!(f, "`{text}` is marked for the side that is not to move")
            }
            NotationError::NoMatch { text, reason } => {
                write!(f, "no legal move matches `{text}`: {reason}")
            }
            NotationError::Ambiguous { text, candidates } => {
                write!(f, "`{text}` is ambiguous: ")?;
                for (i, c) in candidates.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "`{c}`")?;
                }
                Ok(())
            }
            NotationError::PromotionRequired { text, hint } => write!(
                f,
                "`{text}` could promote or not: promotion status required: add {hint}"
            ),
            NotationError::IllegalMove { mv, why } => {
                write!(f, "cannot write the illegal move `{mv}`: {why}")
            }
            NotationError::Write => f.write_str("the output refused the text"),
            NotationError::InLine { index, source } => write!(f, "move {index}: {source}"),
        }
    }
}

impl std::error::Error for NotationError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            NotationError::IllegalMove { why, .. } => Some(why),
            NotationError::InLine { source, .. } => Some(source.as_ref()),
            _ => None,
        }
    }
}
