//! Building a position from a start and USI moves: what USI's `position` command, `tokin
//! perft --sfen ... --moves ...` and the other front ends all do, in one place.

use super::{Handicap, Position, SfenError, Strictness};
use crate::{GameHistory, IllegalMove, Move};
use core::fmt;

/// Why a start and its moves do not make a position.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum UsiPositionError {
    /// The start is neither `startpos`, a handicap name nor an acceptable SFEN.
    Start {
        /// The start as given.
        text: String,
        /// What is wrong with it read as an SFEN.
        source: SfenError,
    },
    /// A move is not written as a USI move.
    NotAMove {
        /// The move's number among the moves given, from 1.
        number: usize,
        /// The text.
        text: String,
    },
    /// A move breaks the rules in the position it is played from.
    Illegal {
        /// The move's number among the moves given, from 1.
        number: usize,
        /// The text.
        text: String,
        /// The rule it breaks.
        source: IllegalMove,
    },
}

impl fmt::Display for UsiPositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UsiPositionError::Start { text, source } => {
                write!(f, "bad start position `{text}`: {source}")
            }
            UsiPositionError::NotAMove { number, text } => {
                write!(f, "move {number} `{text}` is not a USI move")
            }
            UsiPositionError::Illegal {
                number,
                text,
                source,
            } => write!(f, "move {number} `{text}` is illegal: {source}"),
        }
    }
}

impl std::error::Error for UsiPositionError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            UsiPositionError::Start { source, .. } => Some(source),
            UsiPositionError::Illegal { source, .. } => Some(source),
            UsiPositionError::NotAMove { .. } => None,
        }
    }
}

impl Position {
    /// Sets up `start` and plays `moves` from it, checking each move: the one way every
    /// front end builds a position from text.
    ///
    /// `start` is `startpos`, a handicap name ([`Handicap::from_name`]: `2-pieces`, `角落ち`,
    /// ...) or an SFEN, which must meet `strictness`. Returns the position after the moves and
    /// the history the repetition rules need.
    ///
    /// # Errors
    /// The start that cannot be read, or the first move that is not a USI move or is
    /// illegal, with its number.
    ///
    /// # Examples
    /// ```
    /// use tokin_core::{Position, Strictness};
    ///
    /// let (pos, history) =
    ///     Position::from_usi_start("startpos", &["7g7f", "3c3d"], Strictness::Game).unwrap();
    /// assert_eq!(pos.move_number(), 3);
    /// assert_eq!(history.len(), 3);
    ///
    /// let e = Position::from_usi_start("startpos", &["7g7f", "7g7f"], Strictness::Game);
    /// assert!(e.unwrap_err().to_string().starts_with("move 2 `7g7f` is illegal"));
    /// ```
    pub fn from_usi_start<S: AsRef<str>>(
        start: &str,
        moves: &[S],
        strictness: Strictness,
    ) -> Result<(Position, GameHistory), UsiPositionError> {
        let start = start.trim();
        let mut pos = if start == "startpos" {
            Position::startpos()
        } else if let Some(h) = Handicap::from_name(start) {
            h.position()
        } else {
            Position::from_sfen_with(start, strictness).map_err(|source| {
                UsiPositionError::Start {
                    text: start.to_string(),
                    source,
                }
            })?
        };
        let mut history = GameHistory::new(&pos);
        // `i + 1` below cannot overflow: `i` is an index of `moves`.
        for (i, text) in moves.iter().enumerate() {
            let text = text.as_ref();
            let Some(mv) = Move::from_usi(text) else {
                return Err(UsiPositionError::NotAMove {
                    number: i + 1,
                    text: text.to_string(),
                });
            };
            pos.play(mv).map_err(|source| UsiPositionError::Illegal {
                number: i + 1,
                text: text.to_string(),
                source,
            })?;
            history.push(&pos);
        }
        Ok((pos, history))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::error::Error;

    #[test]
    fn starts_by_name_and_by_sfen() {
        let none: [&str; 0] = [];
        let (two, _) = Position::from_usi_start("2-pieces", &none, Strictness::Game).unwrap();
        assert_eq!(two, Handicap::TwoPieces.position());
        let (japanese, _) = Position::from_usi_start("二枚落ち", &none, Strictness::Game).unwrap();
        assert_eq!(japanese, two);
        let sfen = two.to_sfen();
        let (read, _) = Position::from_usi_start(&sfen, &none, Strictness::Game).unwrap();
        assert_eq!(read, two);
    }

    #[test]
    fn errors_name_the_part_and_wrap_the_cause() {
        let e =
            Position::from_usi_start("4k4/9/9 b - 1", &["7g7f"], Strictness::Relaxed).unwrap_err();
        assert!(matches!(e, UsiPositionError::Start { .. }), "{e:?}");
        assert!(
            e.to_string()
                .starts_with("bad start position `4k4/9/9 b - 1`"),
            "{e}"
        );
        assert!(e.source().is_some());

        let e =
            Position::from_usi_start("startpos", &["7g7f", "P*"], Strictness::Game).unwrap_err();
        assert_eq!(e.to_string(), "move 2 `P*` is not a USI move");

        let tsume = "4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1";
        assert!(Position::from_usi_start(tsume, &["G*5b"], Strictness::Game).is_err());
        let (mated, _) = Position::from_usi_start(tsume, &["G*5b"], Strictness::Problem).unwrap();
        assert!(mated.legal_moves().is_empty());
    }
}
