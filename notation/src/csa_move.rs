//! The move text of a CSA record: `+7776FU`, `-3334FU`, `+0055KA` (a drop), `+8822UM`.
//!
//! The sign is the side, then origin (`00` for a drop) and destination as file-rank
//! digits, then the piece as it stands after the move: a promoting move names the promoted
//! kind (`TO NY NK NG UM RY`).

use crate::common::{Scan, kind_name, square_from_numbers};
use crate::{NotationError, Style};
use tokin_core::{Color, Move, PieceKind, Position};

const CODES: [(PieceKind, &str); 14] = [
    (PieceKind::Pawn, "FU"),
    (PieceKind::Lance, "KY"),
    (PieceKind::Knight, "KE"),
    (PieceKind::Silver, "GI"),
    (PieceKind::Gold, "KI"),
    (PieceKind::Bishop, "KA"),
    (PieceKind::Rook, "HI"),
    (PieceKind::King, "OU"),
    (PieceKind::ProPawn, "TO"),
    (PieceKind::ProLance, "NY"),
    (PieceKind::ProKnight, "NK"),
    (PieceKind::ProSilver, "NG"),
    (PieceKind::Horse, "UM"),
    (PieceKind::Dragon, "RY"),
];

/// The CSA code of a kind: `FU`, `RY`.
pub(crate) fn code(kind: PieceKind) -> &'static str {
    // One entry per kind, in `PieceKind` order.
    CODES[kind.index()].1
}

/// The kind of a two-letter code in any case (`FU`, `fu`, `Fu`).
fn kind_of_code(code: [u8; 2]) -> Option<PieceKind> {
    kind_of_upper_code(code.map(|b| b.to_ascii_uppercase()))
}

/// The kind of an upper-case piece code (`FU`, `TO`, ...; nothing for any other case).
#[inline]
pub(crate) fn kind_of_upper_code(code: [u8; 2]) -> Option<PieceKind> {
    // A match on the two letters rather than a search of `CODES` (about 15 instructions a
    // move fewer); a test checks that they agree.
    Some(match code {
        [b'F', b'U'] => PieceKind::Pawn,
        [b'K', b'Y'] => PieceKind::Lance,
        [b'K', b'E'] => PieceKind::Knight,
        [b'G', b'I'] => PieceKind::Silver,
        [b'K', b'I'] => PieceKind::Gold,
        [b'K', b'A'] => PieceKind::Bishop,
        [b'H', b'I'] => PieceKind::Rook,
        [b'O', b'U'] => PieceKind::King,
        [b'T', b'O'] => PieceKind::ProPawn,
        [b'N', b'Y'] => PieceKind::ProLance,
        [b'N', b'K'] => PieceKind::ProKnight,
        [b'N', b'G'] => PieceKind::ProSilver,
        [b'U', b'M'] => PieceKind::Horse,
        [b'R', b'Y'] => PieceKind::Dragon,
        _ => return None,
    })
}

/// Writes `mv` (legal in `pos`) as CSA move text.
pub(crate) fn write(out: &mut String, pos: &Position, mv: Move) {
    out.push(match pos.side_to_move() {
        Color::Black => '+',
        Color::White => '-',
    });
    match mv.from() {
        Some(from) => crate::common::push_numeric(out, from),
        None => out.push_str("00"),
    }
    crate::common::push_numeric(out, mv.to());
    let Some(kind) = crate::common::moved_kind(pos, mv) else {
        return;
    };
    let after = if mv.is_promotion() {
        kind.promote().unwrap_or(kind)
    } else {
        kind
    };
    out.push_str(code(after));
}

/// A CSA move text taken apart: what `parse` reads before it looks at the position's pieces.
struct Parts {
    /// The sign, if there is one.
    color: Option<Color>,
    /// Origin file and rank (`0 0` for a drop), then destination file and rank.
    digits: [u8; 4],
    /// The piece as it stands after the move.
    after: PieceKind,
    /// Where (in characters) the origin's and the destination's digits start, for errors.
    origin_at: usize,
    to_at: usize,
}

/// The parts of the form every writer uses, `+7776FU` (sign optional, any case), read from
/// the bytes in place; `None` for anything else, which [`scanned`] reads (and explains).
fn plain(text: &str) -> Option<Parts> {
    let (color, rest) = match text.as_bytes() {
        [b'+', rest @ ..] => (Some(Color::Black), rest),
        [b'-', rest @ ..] => (Some(Color::White), rest),
        rest => (None, rest),
    };
    let &[a, b, c, d, k1, k2] = rest else {
        return None;
    };
    let digits = [a, b, c, d];
    if !digits.iter().all(u8::is_ascii_digit) {
        return None;
    }
    let after = kind_of_code([k1, k2])?;
    // ASCII throughout, so characters are bytes; the sign is one of them.
    let sign = usize::from(color.is_some());
    Some(Parts {
        color,
        // ASCII digits: the subtractions give 0 to 9.
        digits: digits.map(|d| d - b'0'),
        after,
        origin_at: sign,
        to_at: sign + 2,
    })
}

/// The parts of any CSA move text, spaces anywhere included, or the first thing wrong with
/// it; the sign is checked against `side` as soon as it is read.
fn scanned(text: &str, side: Color) -> Result<Parts, NotationError> {
    let syntax = |at: usize, reason: &'static str| NotationError::Syntax {
        style: Style::Csa,
        text: text.to_string(),
        at,
        reason,
    };
    let scan = Scan::new(text);
    let chars = scan.chars();
    let at = |i: usize| scan.at(i);
    let mut i = 0;
    let mut color = None;
    match chars.first().map(|c| c.1) {
        None => return Err(syntax(0, "empty move")),
        Some(c @ ('+' | '-')) => {
            let c = if c == '+' { Color::Black } else { Color::White };
            if c != side {
                return Err(wrong_side(text));
            }
            color = Some(c);
            i = 1;
        }
        Some(_) => {}
    }
    let mut digits = [0u8; 4];
    for (k, d) in digits.iter_mut().enumerate() {
        match chars.get(i + k).map(|c| c.1) {
            // An ASCII digit: the subtraction gives 0 to 9.
            Some(c @ '0'..='9') => *d = c as u8 - b'0',
            _ => {
                return Err(syntax(
                    at(i + k),
                    "expected four digits (origin and destination)",
                ));
            }
        }
    }
    let origin_at = at(i);
    let to_at = at(i + 2);
    i += 4;
    // The code is the last two significant characters, any case.
    let after = match chars.get(i..) {
        // ASCII characters: `as u8` keeps them whole.
        Some(&[(_, a), (_, b)]) if a.is_ascii() && b.is_ascii() => kind_of_code([a as u8, b as u8]),
        _ => None,
    };
    let Some(after) = after else {
        return Err(syntax(at(i), "expected a piece code such as FU or RY"));
    };
    Ok(Parts {
        color,
        digits,
        after,
        origin_at,
        to_at,
    })
}

fn wrong_side(text: &str) -> NotationError {
    NotationError::WrongSide {
        text: text.to_string(),
    }
}

/// Reads CSA move text; the sign may be left out.
pub(crate) fn parse(pos: &Position, text: &str) -> Result<Move, NotationError> {
    let side = pos.side_to_move();
    let parts = match plain(text) {
        // The plain form has nothing else wrong to report first.
        Some(p) if p.color.is_some_and(|c| c != side) => return Err(wrong_side(text)),
        Some(p) => p,
        None => scanned(text, side)?,
    };
    let syntax = |at: usize, reason: &'static str| NotationError::Syntax {
        style: Style::Csa,
        text: text.to_string(),
        at,
        reason,
    };
    let no_match = |reason: String| NotationError::NoMatch {
        text: text.to_string(),
        reason,
    };
    let Parts {
        digits,
        after,
        origin_at,
        to_at,
        ..
    } = parts;
    let to = square_from_numbers(digits[2], digits[3])
        .ok_or_else(|| syntax(to_at, "destination must be two digits 1-9"))?;
    let mv = if digits[0] == 0 && digits[1] == 0 {
        Move::try_drop(after, to)
            .map_err(|_| no_match(format!("a {} cannot be dropped", kind_name(after))))?
    } else {
        let from = square_from_numbers(digits[0], digits[1])
            .ok_or_else(|| syntax(origin_at, "origin must be two digits 1-9 or 00"))?;
        let Some(piece) = pos.piece_at(from) else {
            return Err(no_match(format!("there is no piece on {from}")));
        };
        let promote = if piece.kind == after {
            false
        } else if piece.kind.promote() == Some(after) {
            true
        } else {
            return Err(no_match(format!(
                "the piece on {from} is a {}, which cannot become a {}",
                kind_name(piece.kind),
                kind_name(after)
            )));
        };
        // `+1111KY` names one square twice: no move at all.
        Move::try_normal(from, to, promote).map_err(|e| no_match(e.to_string()))?
    };
    pos.is_legal(mv).map_err(|why| no_match(format!("{why}")))?;
    Ok(mv)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_two_bytes_read_as_the_code_table_says() {
        for a in 0..=255u8 {
            for b in 0..=255u8 {
                let upper = [a, b].map(|x| x.to_ascii_uppercase());
                let by_table = CODES
                    .iter()
                    .find(|(_, c)| c.as_bytes() == upper)
                    .map(|&(k, _)| k);
                assert_eq!(kind_of_code([a, b]), by_table, "{a} {b}");
            }
        }
    }
}
