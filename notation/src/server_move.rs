//! The move syntax of the network shogi server (seed 004): `P7g-7f`, `7g7f`, `Bx2b+`, `P*5e`,
//! `P'5e`, `+Rx8b`, and the same with the row letter first (`Pg7-f7`).
//!
//! The seed calls the rows "files" (`a`–`i`, top to bottom) and the columns "ranks" (`1`–`9`,
//! right to left), the reverse of the usual words for the same squares: the seed's `7g` is
//! the usual 7g (the column 7, the row g), and its other order writes it `g7`. Both squares
//! of a move must use the same order. The rest is the seed's rule text: a piece letter (`+`
//! before it for a promoted piece), `-` optional for a move, `x` for a capture, `*` or `'`
//! for a drop, and `+` or `=` whenever the move could promote (a must, even where the piece
//! has to promote) and never when it could not.
//!
//! Writing gives the piece, the origin, `-` or `x`, the destination and the promotion sign:
//! `P7g-7f`, `B8hx2b+`, `P*5e`, in the order [`crate::Options::server_order`] picks.

use crate::common::{Pattern, Reader, Scan, moved_kind, promotion_possible};
use crate::{CoordinateOrder, NotationError, Style};
use tokin_core::{Move, PieceKind, Position, Square};

fn push_square(out: &mut String, sq: Square, order: CoordinateOrder) {
    let number = char::from(b'0' + sq.file().number());
    let letter = sq.rank().usi_char();
    match order {
        CoordinateOrder::NumberFirst => {
            out.push(number);
            out.push(letter);
        }
        CoordinateOrder::LetterFirst => {
            out.push(letter);
            out.push(number);
        }
    }
}

/// Writes `mv` (legal in `pos`) in the server's syntax.
pub(crate) fn write(out: &mut String, pos: &Position, mv: Move, order: CoordinateOrder) {
    let Some(kind) = moved_kind(pos, mv) else {
        return;
    };
    if kind.is_promoted() {
        out.push('+');
        out.push_str(kind.unpromote().usi_str());
    } else {
        out.push_str(kind.usi_str());
    }
    match mv.from() {
        None => out.push('*'),
        Some(from) => {
            push_square(out, from, order);
            out.push(if pos.piece_at(mv.to()).is_some() {
                'x'
            } else {
                '-'
            });
        }
    }
    push_square(out, mv.to(), order);
    if promotion_possible(pos, mv) {
        out.push(if mv.is_promotion() { '+' } else { '=' });
    }
}

/// Reads a square at `i` in either order; the order it was written in.
fn read_square(chars: &[(usize, char)], i: &mut usize) -> Option<(Square, CoordinateOrder)> {
    let a = chars.get(*i)?.1;
    let b = chars.get(*i + 1)?.1;
    let (number, letter, order) = match (a, b) {
        ('1'..='9', 'a'..='i') => (a, b, CoordinateOrder::NumberFirst),
        ('a'..='i', '1'..='9') => (b, a, CoordinateOrder::LetterFirst),
        _ => return None,
    };
    let sq = Square::from_usi(&format!("{number}{letter}"))?;
    *i += 2;
    Some((sq, order))
}

/// Reads a move in the server's syntax.
pub(crate) fn parse(
    pos: &Position,
    last_to: Option<Square>,
    text: &str,
) -> Result<Move, NotationError> {
    let render = |p: &Position, _: Option<Square>, m: Move| {
        let mut s = String::new();
        write(&mut s, p, m, CoordinateOrder::NumberFirst);
        s
    };
    let reader = Reader::new(Style::Server, text, &render, "+ or =");
    let scan = Scan::new(text);
    let chars = scan.chars();
    let at = |i: usize| scan.at(i);
    let mut i = 0;
    if chars.is_empty() {
        return Err(reader.syntax(0, "empty move"));
    }
    // The piece: optional where the origin is given; upper case only, since the row letters
    // `b` and `g` would otherwise read as a bishop or a gold.
    let promoted = chars.first().is_some_and(|c| c.1 == '+');
    if promoted {
        i += 1;
    }
    let kind = match chars.get(i).map(|c| c.1) {
        Some(c @ ('P' | 'L' | 'N' | 'S' | 'G' | 'B' | 'R' | 'K')) => {
            let base = PieceKind::from_usi_letter(c)
                .ok_or_else(|| reader.syntax(at(i), "expected a piece letter"))?;
            let kind = if promoted {
                base.promote()
                    .ok_or_else(|| reader.syntax(at(i), "this piece has no promoted form"))?
            } else {
                base
            };
            i += 1;
            Some(kind)
        }
        _ if promoted => {
            return Err(reader.syntax(at(i), "expected a piece letter after `+`"));
        }
        _ => None,
    };
    let first = read_square(chars, &mut i);
    let marker_at = i;
    let marker = match chars.get(i).map(|c| c.1) {
        Some(c @ ('-' | 'x' | '*' | '\'')) => {
            i += 1;
            Some(c)
        }
        _ => None,
    };
    let second = read_square(chars, &mut i);
    let ((to, to_order), from) = match (first, second) {
        (Some(f), Some(t)) => (t, Some(f)),
        (Some(t), None) if marker.is_none() => (t, None),
        (None, Some(t)) => (t, None),
        _ => return Err(reader.syntax(at(i), "expected the destination square")),
    };
    if let Some((_, from_order)) = from
        && from_order != to_order
    {
        return Err(reader.syntax(
            at(marker_at),
            "both squares must be written in the same order (7g7f or g7f7)",
        ));
    }
    let mut pat = Pattern {
        kind,
        from: from.map(|f| f.0),
        to: Some(to),
        ..Pattern::default()
    };
    if kind.is_none() && from.is_none() {
        return Err(reader.syntax(0, "a move names its piece or its origin"));
    }
    let capture = marker == Some('x');
    match marker {
        Some('*' | '\'') => {
            if from.is_some() {
                return Err(reader.syntax(at(marker_at), "a drop has no origin"));
            }
            if kind.is_none() {
                return Err(reader.syntax(0, "a drop names its piece"));
            }
            pat.drop = Some(true);
        }
        Some(_) => pat.drop = Some(false),
        None if from.is_some() => pat.drop = Some(false),
        None => {}
    }
    let sign = match chars.get(i).map(|c| c.1) {
        Some(c @ ('+' | '=')) => {
            i += 1;
            Some(c)
        }
        _ => None,
    };
    pat.promote = sign.map(|c| c == '+');
    if i < chars.len() {
        return Err(reader.syntax(at(i), "unexpected character"));
    }
    if capture && pos.piece_at(to).is_none() {
        return Err(NotationError::NoMatch {
            text: text.to_string(),
            reason: format!("`x` marks a capture, but {to} is empty"),
        });
    }
    // Resolve as if `=` were `+`-less, then hold the move to the seed's rule on the signs.
    let mv = reader.resolve(pos, last_to, &pat)?;
    let could = promotion_possible(pos, mv);
    if could && sign.is_none() {
        return Err(NotationError::PromotionRequired {
            text: text.to_string(),
            hint: "+ or = (the server requires one whenever the piece could promote)",
        });
    }
    if !could && sign.is_some() {
        return Err(NotationError::NoMatch {
            text: text.to_string(),
            reason: "the move cannot promote, so it takes neither + nor =".to_string(),
        });
    }
    Ok(mv)
}
