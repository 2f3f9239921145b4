//! Errors for reading records: where (file, line, column), what text, and why.

use super::Format;
use super::diagram::DiagramError;
use crate::{NotationError, Style};
use core::fmt;
use std::borrow::Cow;
use tokin_core::{Color, IllegalMove, Move, PositionError, SfenError};

/// A problem in a record file: where it is, the text it is about, and what is wrong.
///
/// ```
/// use tokin_notation::record::{self, Format, ReadOptions, RecordErrorKind};
///
/// let e = record::parse("position startpos moves 7g7f 7g7f\n", Format::Usi, ReadOptions::default())
///     .unwrap_err();
/// assert_eq!((e.line, e.column, e.ply), (1, 30, Some(2)));
/// assert!(matches!(*e.kind, RecordErrorKind::IllegalMove { .. }));
/// assert_eq!(
///     e.to_string(),
///     "1:30: move 2: illegal move: there is no piece on the origin square: `7g7f`"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordError {
    /// The file name, when the caller knows it (see [`RecordError::in_file`]).
    pub file: Option<String>,
    /// The line, from 1 (0 when the problem is not on one line, such as an empty file).
    pub line: usize,
    /// The column in characters, from 1.
    pub column: usize,
    /// The offending text, quoted in the message.
    pub text: String,
    /// The move number the problem is at, when it is about a move.
    pub ply: Option<usize>,
    /// What is wrong. Boxed to keep the error small (a `Result` carrying it stays cheap to
    /// return), since the kinds carry the typed errors of SFENs and moves.
    pub kind: Box<RecordErrorKind>,
}

impl RecordError {
    /// An error at `line`/`column` about `text` (cut to 60 characters for the message).
    pub fn new(
        line: usize,
        column: usize,
        text: impl Into<String>,
        kind: RecordErrorKind,
    ) -> RecordError {
        let mut text: String = text.into();
        if text.chars().count() > 60 {
            text = text.chars().take(60).collect::<String>() + "…";
        }
        RecordError {
            file: None,
            line,
            column,
            text,
            ply: None,
            kind: Box::new(kind),
        }
    }

    /// The same error, naming the move number.
    pub fn at_ply(mut self, ply: usize) -> RecordError {
        self.ply = Some(ply);
        self
    }

    /// The same error as a warning that the variation holding it was dropped.
    pub fn variation_dropped(mut self) -> RecordError {
        self.kind = Box::new(RecordErrorKind::VariationDropped { cause: self.kind });
        self
    }

    /// The same error, naming the file.
    pub fn in_file(mut self, file: impl Into<String>) -> RecordError {
        self.file = Some(file.into());
        self
    }
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(file) = &self.file {
            write!(f, "{file}:")?;
        }
        write!(f, "{}:{}: ", self.line, self.column)?;
        if let Some(ply) = self.ply {
            write!(f, "move {ply}: ")?;
        }
        write!(f, "{}", self.kind)?;
        // The text is quoted once: not again when the message already quotes exactly it.
        if !self.text.is_empty() && self.kind.quoted() != Some(self.text.as_str()) {
            write!(f, ": `{}`", self.text)?;
        }
        Ok(())
    }
}

impl std::error::Error for RecordError {
    /// The typed cause the kind wraps (an SFEN, position, move or diagram error), if any.
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        self.kind.source()
    }
}

/// What is wrong in a record, with the typed cause where another error explains it.
///
/// The messages are sentences without a capital or full stop; [`RecordError`] puts the
/// place before them and the offending text after them.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum RecordErrorKind {
    /// The text holds no game of the format (it is empty, or has only comments).
    NoGame {
        /// The format read.
        format: Format,
    },
    /// The text does not follow the format here: a line, statement or JSON value of the
    /// wrong shape or in the wrong place.
    Syntax {
        /// What the format expects, or what is wrong, as a sentence.
        reason: Cow<'static, str>,
    },
    /// A JKF document that is not JSON at all.
    Json {
        /// The JSON reader's message.
        message: String,
    },
    /// A CSA version line other than `V1`, `V2`, `V2.1`, `V2.2` or `V3.0`.
    UnknownVersion {
        /// The version as written.
        version: String,
    },
    /// A CSA `$` header key that the standard does not define.
    UnknownHeaderKey {
        /// The key, without `$`.
        key: String,
        /// Whether the reader kept it anyway (a warning in lenient mode).
        kept: bool,
    },
    /// A handicap name no reader knows.
    UnknownHandicap {
        /// The name as written.
        name: String,
    },
    /// A game ending (CSA `%` move, JKF `special`, PSN `Termination`, KI2 `まで` line) that
    /// is not one of [`EndKind`](super::EndKind).
    UnknownEnding {
        /// The ending as written.
        name: String,
    },
    /// A JKF `preset` that is neither a handicap nor `OTHER`.
    UnknownPreset {
        /// The preset as written.
        name: String,
    },
    /// A piece code (CSA `FU`, ..., `RY`) that is not one.
    UnknownPiece {
        /// The code as written.
        code: String,
    },
    /// A square that is not on the board.
    BadSquare {
        /// The square as written.
        square: String,
    },
    /// A piece put in hand that cannot be held (a king or a promoted piece).
    CannotBeInHand {
        /// The piece as written.
        piece: String,
    },
    /// More pieces of a kind in hand than a set holds.
    TooManyInHand {
        /// The piece as written.
        piece: String,
    },
    /// A CSA `PI` line removes a piece that the even game does not have there.
    NoPieceToRemove {
        /// The piece code.
        piece: String,
        /// The square, as digits.
        square: String,
    },
    /// A KIF board diagram (BOD) line that cannot be read.
    Diagram {
        /// What is wrong with the line.
        source: DiagramError,
    },
    /// A start position given as SFEN (USI lines, PSN `[SFEN]`) that cannot be read or
    /// breaks a rule at the reader's [`Strictness`](tokin_core::Strictness).
    Sfen {
        /// Why the SFEN is refused.
        source: SfenError,
    },
    /// A start position (a KIF diagram, CSA position lines, JKF `initial.data`) that breaks a
    /// rule at the reader's [`Strictness`](tokin_core::Strictness).
    StartPosition {
        /// The rule it breaks.
        source: PositionError,
    },
    /// A numbered move whose number does not follow the one before.
    MoveNumber {
        /// The number written.
        found: usize,
        /// The number the move should have.
        expected: usize,
    },
    /// A time that cannot be read.
    BadTime {
        /// The form times take in the format, such as `( m:ss/h:mm:ss)`.
        form: &'static str,
    },
    /// A `変化：N手` line naming a move the line read last does not reach.
    NoBranchPoint {
        /// The move after which the variation would branch.
        after: usize,
    },
    /// Text where a move must be that is not written as a move of the style at all.
    NotAMove {
        /// The style the format writes moves in.
        style: Style,
    },
    /// Move text that names no legal move (or several), read by [`crate::parse_move`].
    Move {
        /// Why the text names no one legal move.
        source: NotationError,
    },
    /// A move given by its squares (USI, JKF) that breaks a rule.
    IllegalMove {
        /// The move.
        mv: Move,
        /// The rule it breaks.
        source: IllegalMove,
    },
    /// A line whose last move breaks a rule (二歩, 打ち歩詰め, a king left in check, ...): a
    /// game lost by that move (反則負け). The reader ends the line before it with
    /// [`EndKind::IllegalLoss`](super::EndKind::IllegalLoss) and says so as a warning.
    IllegalLastMove {
        /// The move as the file gives it.
        mv: Move,
        /// The rule it breaks.
        source: IllegalMove,
    },
    /// A JKF move of the side that is not to move.
    WrongSide {
        /// The side to move.
        to_move: Color,
    },
    /// A JKF move whose origin does not hold the piece it names.
    NoPieceOnOrigin {
        /// The piece code.
        piece: String,
    },
    /// A JKF drop of a piece that cannot be in hand.
    CannotDrop {
        /// The piece code.
        piece: String,
    },
    /// A line of a variation that could not be read: the variation was dropped and the rest
    /// of the record kept (a warning).
    VariationDropped {
        /// What was wrong with the line.
        cause: Box<RecordErrorKind>,
    },
}

impl RecordErrorKind {
    /// A [`RecordErrorKind::Syntax`] with a fixed description.
    pub(crate) const fn syntax(reason: &'static str) -> RecordErrorKind {
        RecordErrorKind::Syntax {
            reason: Cow::Borrowed(reason),
        }
    }

    /// The text the message quotes, when it quotes one whole.
    fn quoted(&self) -> Option<&str> {
        match self {
            RecordErrorKind::UnknownHandicap { name }
            | RecordErrorKind::UnknownEnding { name }
            | RecordErrorKind::UnknownPreset { name } => Some(name),
            RecordErrorKind::UnknownPiece { code } => Some(code),
            RecordErrorKind::BadSquare { square } => Some(square),
            RecordErrorKind::VariationDropped { cause } => cause.quoted(),
            _ => None,
        }
    }
}

impl fmt::Display for RecordErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordErrorKind::NoGame {
                format: Format::Usi,
            } => f.write_str("no `position` line in the text"),
            RecordErrorKind::NoGame { format } => {
                write!(f, "no game in the {} text", format.name().to_uppercase())
            }
            RecordErrorKind::Syntax { reason } => f.write_str(reason),
            RecordErrorKind::Json { message } => write!(f, "bad JSON: {message}"),
            RecordErrorKind::UnknownVersion { version } => {
                write!(f, "unknown CSA version `{version}`")
            }
            RecordErrorKind::UnknownHeaderKey { key, kept } => {
                write!(f, "unknown header key `${key}`")?;
                if *kept {
                    f.write_str(" (kept)")?;
                }
                Ok(())
            }
            RecordErrorKind::UnknownHandicap { name } => write!(f, "unknown handicap `{name}`"),
            RecordErrorKind::UnknownEnding { name } => write!(f, "unknown game ending `{name}`"),
            RecordErrorKind::UnknownPreset { name } => write!(f, "unknown preset `{name}`"),
            RecordErrorKind::UnknownPiece { code } => write!(f, "unknown piece `{code}`"),
            RecordErrorKind::BadSquare { square } => write!(f, "bad square `{square}`"),
            RecordErrorKind::CannotBeInHand { piece } => write!(f, "`{piece}` cannot be in hand"),
            RecordErrorKind::TooManyInHand { piece } => write!(f, "too many {piece} in hand"),
            RecordErrorKind::NoPieceToRemove { piece, square } => {
                write!(f, "no {piece} on {square} to remove")
            }
            RecordErrorKind::Diagram { source } => write!(f, "broken board diagram: {source}"),
            RecordErrorKind::Sfen { source } => write!(f, "bad SFEN: {source}"),
            RecordErrorKind::StartPosition { source } => {
                write!(f, "impossible start position: {source}")
            }
            RecordErrorKind::MoveNumber { found, expected } => {
                write!(f, "move number {found} where {expected} was expected")
            }
            RecordErrorKind::BadTime { form } => write!(f, "a time is {form}"),
            RecordErrorKind::NoBranchPoint { after } => {
                write!(f, "the line read last has no move {after} to branch after")
            }
            RecordErrorKind::NotAMove { style } => {
                write!(f, "not a {} move", style.name().to_uppercase())
            }
            RecordErrorKind::Move { source } => write!(f, "{source}"),
            RecordErrorKind::IllegalMove { source, .. } => write!(f, "illegal move: {source}"),
            RecordErrorKind::IllegalLastMove { mv, source } => write!(
                f,
                "the line ends with the illegal move {mv} ({source}), read as 反則負け"
            ),
            RecordErrorKind::WrongSide { to_move } => write!(f, "it is {to_move}'s turn"),
            RecordErrorKind::NoPieceOnOrigin { piece } => {
                write!(f, "no {piece} on the origin square")
            }
            RecordErrorKind::CannotDrop { piece } => write!(f, "{piece} cannot be dropped"),
            RecordErrorKind::VariationDropped { cause } => {
                write!(
                    f,
                    "{cause}; the variation is dropped, the rest of the record kept"
                )
            }
        }
    }
}

impl std::error::Error for RecordErrorKind {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            RecordErrorKind::Diagram { source } => Some(source),
            RecordErrorKind::Sfen { source } => Some(source),
            RecordErrorKind::StartPosition { source } => Some(source),
            RecordErrorKind::Move { source } => Some(source),
            RecordErrorKind::IllegalMove { source, .. } => Some(source),
            RecordErrorKind::IllegalLastMove { source, .. } => Some(source),
            RecordErrorKind::VariationDropped { cause } => cause.source(),
            _ => None,
        }
    }
}

/// The column (in characters, from 1) of `part` inside `line`, when `part` is a slice of it
/// (1 otherwise).
pub(crate) fn column_of(line: &str, part: &str) -> usize {
    let start = line.as_ptr() as usize;
    let p = part.as_ptr() as usize;
    // `get` rather than indexing: a pointer that is not a char boundary of `line` (a `part`
    // that is not a slice of it) gives column 1 instead of a panic.
    p.checked_sub(start)
        .and_then(|offset| line.get(..offset))
        .map_or(1, |before| before.chars().count() + 1)
}
