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

fn kind_of_code(s: &str) -> Option<PieceKind> {
    CODES.iter().find(|(_, c)| *c == s).map(|&(k, _)| k)
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

/// Reads CSA move text; the sign may be left out.
pub(crate) fn parse(pos: &Position, text: &str) -> Result<Move, NotationError> {
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
    let scan = Scan::new(text);
    let chars = scan.chars();
    let at = |i: usize| scan.at(i);
    let mut i = 0;
    match chars.first().map(|c| c.1) {
        None => return Err(syntax(0, "empty move")),
        Some(c @ ('+' | '-')) => {
            let color = if c == '+' { Color::Black } else { Color::White };
            if color != pos.side_to_move() {
                return Err(NotationError::WrongSide {
                    text: text.to_string(),
                });
            }
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
    // Four digits were read, so `i >= 4` and `i - 2`, `i - 4` below cannot underflow.
    i += 4;
    let code_text: String = chars.iter().skip(i).map(|c| c.1).collect();
    let Some(after) = kind_of_code(&code_text.to_ascii_uppercase()) else {
        return Err(syntax(at(i), "expected a piece code such as FU or RY"));
    };
    let to = square_from_numbers(digits[2], digits[3])
        .ok_or_else(|| syntax(at(i - 2), "destination must be two digits 1-9"))?;
    let mv = if digits[0] == 0 && digits[1] == 0 {
        Move::try_drop(after, to)
            .map_err(|_| no_match(format!("a {} cannot be dropped", kind_name(after))))?
    } else {
        let from = square_from_numbers(digits[0], digits[1])
            .ok_or_else(|| syntax(at(i - 4), "origin must be two digits 1-9 or 00"))?;
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
