//! Moves in the engine protocol's coordinate form, widened to 11×11: the start and end squares
//! as in the seed (`8h8g`, `10j9i`), `+` when promoting; a drop is the two-letter name, `*`
//! and the square (`SP*5e`). The squares' file numbers run to 11 and a rank is always one
//! letter, so the two squares never run together.

use crate::board::Square;
use crate::notation::MoveError;
use crate::piece::Kind;
use crate::position::{Move, Position};

/// Writes `m`.
pub fn write(m: Move) -> String {
    match m {
        Move::Board { from, to, promote } => {
            format!("{from}{to}{}", if promote { "+" } else { "" })
        }
        Move::Drop { kind, to } => format!("{}*{to}", kind.code()),
    }
}

/// Reads a move and checks that it is legal in `pos`.
///
/// # Errors
/// A [`MoveError`] for malformed text or a move that is not legal.
pub fn parse(pos: &Position, text: &str) -> Result<Move, MoveError> {
    let fail = |reason: &str| MoveError {
        text: text.to_string(),
        reason: reason.to_string(),
    };
    let m = if let Some((code, square)) = text.split_once('*') {
        let kind = Kind::from_code(code)
            .filter(|_| code.len() == 2)
            .ok_or_else(|| fail("unknown piece before `*`"))?;
        let to = whole_square(square)
            .ok_or_else(|| fail("expected a square from 1a to 11k after `*`"))?;
        Move::Drop { kind, to }
    } else {
        let (body, promote) = match text.strip_suffix('+') {
            Some(b) => (b, true),
            None => (text, false),
        };
        let (from, n) = Square::parse_prefix(body)
            .ok_or_else(|| fail("expected a start square from 1a to 11k"))?;
        let to = whole_square(&body[n..])
            .ok_or_else(|| fail("expected an end square from 1a to 11k"))?;
        Move::Board { from, to, promote }
    };
    if pos.is_legal(m) {
        Ok(m)
    } else {
        Err(fail("not a legal move in this position"))
    }
}

fn whole_square(text: &str) -> Option<Square> {
    Square::parse_prefix(text)
        .filter(|&(_, n)| n == text.len())
        .map(|(sq, _)| sq)
}
