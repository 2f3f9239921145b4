//! The one reader of a start position for the command-line tools: `startpos`, a handicap name,
//! an SFEN, a FEEN, a GNU Shogi EPD or a network server `-handicap=` expression, told apart
//! by their shape.

use super::{PositionTextError, epd, feen};
use core::fmt;
use tokin_core::{GameHistory, Position, Strictness, UsiPositionError};

/// Why a start position (and the moves after it) could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum StartError {
    /// `startpos`, a handicap name or an SFEN, or a USI move after it, that is wrong.
    Usi(UsiPositionError),
    /// A FEEN, an EPD or a handicap expression that is wrong.
    Text(PositionTextError),
}

impl fmt::Display for StartError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StartError::Usi(e) => e.fmt(f),
            StartError::Text(e) => write!(f, "bad start position: {e}"),
        }
    }
}

impl std::error::Error for StartError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            StartError::Usi(e) => Some(e),
            StartError::Text(e) => Some(e),
        }
    }
}

/// The form of a start position's text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StartForm {
    /// `startpos`, a handicap name or an SFEN: what USI's `position` takes.
    Usi,
    /// FEEN: its second or third field has a `/`, which no SFEN field after the board has.
    Feen,
    /// EPD: holdings in square brackets, which neither SFEN nor FEEN has.
    Epd,
    /// A network server handicap expression: `-handicap=...` or `handicap=...`.
    Handicap,
}

impl StartForm {
    /// Tells the form of `text` from its shape.
    pub fn of(text: &str) -> StartForm {
        if super::handicap::is_handicap(text) {
            return StartForm::Handicap;
        }
        if text.contains('[') {
            return StartForm::Epd;
        }
        let mut fields = text.split_ascii_whitespace().peekable();
        // An SFEN may come with USI's `sfen` before it (as after `position`), which the SFEN
        // reader skips: the board is the field after it, not the keyword.
        fields.next_if_eq(&"sfen");
        let _board = fields.next();
        if fields.any(|f| f.contains('/')) {
            StartForm::Feen
        } else {
            StartForm::Usi
        }
    }
}

/// Sets up `start` in any of the forms of [`StartForm`], holds it to `strictness`, and plays
/// the USI `moves` from it, checking each.
///
/// # Errors
/// The start that cannot be read, or the first move that is not a USI move or is illegal.
///
/// # Examples
/// ```
/// use tokin_core::{Position, Strictness};
/// use tokin_notation::position_text::read_start;
///
/// let epd = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[] w";
/// let (pos, _) = read_start(epd, &["7g7f"], Strictness::Game).unwrap();
/// assert_eq!(pos.to_sfen(), "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2");
/// ```
pub fn read_start<S: AsRef<str>>(
    start: &str,
    moves: &[S],
    strictness: Strictness,
) -> Result<(Position, GameHistory), StartError> {
    let pos = match StartForm::of(start) {
        StartForm::Usi => {
            return Position::from_usi_start(start, moves, strictness).map_err(StartError::Usi);
        }
        StartForm::Feen => feen::read(start, strictness),
        StartForm::Epd => epd::read(start, strictness),
        StartForm::Handicap => super::handicap::read(start, strictness),
    }
    .map_err(StartError::Text)?;
    // The position is accepted at `strictness`; its SFEN is read back at the loosest level so
    // that the moves are played and checked in the one place that does it for every front end.
    Position::from_usi_start(&pos.to_sfen(), moves, Strictness::Relaxed).map_err(StartError::Usi)
}
