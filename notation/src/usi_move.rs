//! USI move text: `7g7f`, `8h2b+`, `P*5e`.

use crate::{NotationError, Style};
use tokin_core::{Move, Position};

/// Reads a USI move and checks that it is legal.
pub(crate) fn parse(pos: &Position, text: &str) -> Result<Move, NotationError> {
    let trimmed = text.trim();
    let mv = Move::from_usi(trimmed).ok_or_else(|| NotationError::Syntax {
        style: Style::Usi,
        text: text.to_string(),
        at: 0,
        reason: "expected a USI move such as 7g7f, 8h2b+ or P*5e",
    })?;
    pos.is_legal(mv).map_err(|why| NotationError::NoMatch {
        text: text.to_string(),
        reason: format!("{why}"),
    })?;
    Ok(mv)
}
