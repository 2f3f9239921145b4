//! What a writer could not put in a file ([`Written::losses`](super::Written::losses)).

use super::{EndKind, Format};
use core::fmt;

/// Something a record held that the written format cannot, so it was left out.
///
/// Each loss names the format; its message is one sentence such as
/// `CSA holds no variations`.
///
/// ```
/// use tokin_notation::record::{self, Format, Loss, ReadOptions};
///
/// let psn = "[Sente \"A\"]\n\n1. P-7f {a comment} *\n";
/// let game = &record::parse(psn, Format::Psn, ReadOptions::default()).unwrap().records[0];
/// let usi = record::write(game, Format::Usi);
/// assert_eq!(usi.losses, [Loss::Header { format: Format::Usi }, Loss::Comments { format: Format::Usi }]);
/// assert_eq!(usi.losses[0].to_string(), "USI lines hold no header");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Loss {
    /// The format holds no header facts at all.
    Header {
        /// The format written.
        format: Format,
    },
    /// The format has no key (CSA) or tag (PSN) for this header fact.
    HeaderKey {
        /// The format written.
        format: Format,
        /// The key as the record spells it.
        key: String,
    },
    /// The format holds one value per header key; later values of this key were dropped.
    RepeatedHeaderKey {
        /// The format written.
        format: Format,
        /// The key as written in the file.
        key: String,
    },
    /// Spaces around header values are dropped (KIF and KI2 trim them when reading).
    HeaderSpaces {
        /// The format written.
        format: Format,
    },
    /// Header values are one line each: line breaks in a value became spaces (KIF, KI2).
    HeaderLineBreaks {
        /// The format written.
        format: Format,
    },
    /// The format holds no comments.
    Comments {
        /// The format written.
        format: Format,
    },
    /// The format holds no times.
    Times {
        /// The format written.
        format: Format,
    },
    /// The format holds times spent but not stated totals.
    TotalTimes {
        /// The format written.
        format: Format,
    },
    /// The format holds whole seconds only; fractions were cut.
    FractionsOfSeconds {
        /// The format written.
        format: Format,
    },
    /// The format holds no bookmarks.
    Bookmarks {
        /// The format written.
        format: Format,
    },
    /// The format holds no variations.
    Variations {
        /// The format written.
        format: Format,
    },
    /// The format holds no game ending.
    Ending {
        /// The format written.
        format: Format,
    },
    /// The format has no word for this ending.
    EndKind {
        /// The format written.
        format: Format,
        /// The ending left out.
        kind: EndKind,
    },
    /// The format holds no endings of variations (only the game's).
    VariationEndings {
        /// The format written.
        format: Format,
    },
    /// The format holds no comments, times or variations on a game's end.
    EndingDetails {
        /// The format written.
        format: Format,
    },
    /// The format numbers moves from 1: the moves played before the record's start
    /// ([`Record::moves_before`](super::Record::moves_before)) are not kept.
    MoveNumbers {
        /// The format written.
        format: Format,
        /// The moves before the start that were dropped.
        moves_before: usize,
    },
    /// The format holds one game per file; the games after the first were not written.
    Games {
        /// The format written.
        format: Format,
        /// How many games were left out.
        left_out: usize,
    },
}

impl Loss {
    /// The format that could not hold it.
    pub fn format(&self) -> Format {
        match self {
            Loss::Header { format }
            | Loss::HeaderKey { format, .. }
            | Loss::RepeatedHeaderKey { format, .. }
            | Loss::HeaderSpaces { format }
            | Loss::HeaderLineBreaks { format }
            | Loss::Comments { format }
            | Loss::Times { format }
            | Loss::TotalTimes { format }
            | Loss::FractionsOfSeconds { format }
            | Loss::Bookmarks { format }
            | Loss::Variations { format }
            | Loss::Ending { format }
            | Loss::EndKind { format, .. }
            | Loss::VariationEndings { format }
            | Loss::EndingDetails { format }
            | Loss::MoveNumbers { format, .. }
            | Loss::Games { format, .. } => *format,
        }
    }
}

/// The format as the subject of a sentence: `USI lines hold`, `CSA holds`.
fn subject(format: Format) -> (&'static str, &'static str) {
    match format {
        Format::Usi => ("USI lines", "hold"),
        Format::Csa => ("CSA", "holds"),
        Format::Jkf => ("JKF", "holds"),
        Format::Kif => ("KIF", "holds"),
        Format::Ki2 => ("KI2", "holds"),
        Format::Psn => ("PSN", "holds"),
        Format::Email => ("e-mail records", "hold"),
    }
}

impl fmt::Display for Loss {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (name, holds) = subject(self.format());
        let has = if holds == "hold" { "have" } else { "has" };
        match self {
            Loss::Header { .. } => write!(f, "{name} {holds} no header"),
            Loss::HeaderKey {
                format: Format::Psn,
                key,
            } => write!(f, "{name} has no tag for `{key}`"),
            Loss::HeaderKey { key, .. } => write!(f, "{name} {has} no header key for `{key}`"),
            Loss::RepeatedHeaderKey { key, .. } => {
                write!(
                    f,
                    "{name} {holds} one value per header key: `{key}` repeated"
                )
            }
            Loss::HeaderSpaces { .. } => {
                let drops = if holds == "hold" { "drop" } else { "drops" };
                write!(f, "{name} {drops} spaces around header values")
            }
            Loss::HeaderLineBreaks { .. } => write!(
                f,
                "{name} {holds} header values on one line: line breaks became spaces"
            ),
            Loss::Comments { .. } => write!(f, "{name} {holds} no comments"),
            Loss::Times { .. } => write!(f, "{name} {holds} no times"),
            Loss::TotalTimes { .. } => write!(f, "{name} {holds} no total times"),
            Loss::FractionsOfSeconds { .. } => write!(f, "{name} {holds} whole seconds only"),
            Loss::Bookmarks { .. } => write!(f, "{name} {holds} no bookmarks"),
            Loss::Variations { .. } => write!(f, "{name} {holds} no variations"),
            Loss::Ending { .. } => write!(f, "{name} {holds} no game ending"),
            Loss::EndKind {
                format: Format::Psn,
                kind,
            } => write!(f, "{name} has no termination for {}", kind.japanese()),
            Loss::EndKind { kind, .. } => {
                write!(f, "{name} {has} no special move for {}", kind.japanese())
            }
            Loss::VariationEndings { .. } => write!(f, "{name} {holds} no endings of variations"),
            Loss::EndingDetails { .. } => write!(
                f,
                "{name} {holds} no comments, times or variations on a game's end"
            ),
            Loss::MoveNumbers { moves_before, .. } => write!(
                f,
                "{name} {holds} no start number: the first move is numbered 1, not {}",
                moves_before + 1
            ),
            Loss::Games { left_out, .. } => write!(
                f,
                "{name} {holds} one game per file: {left_out} more game(s) not written"
            ),
        }
    }
}
