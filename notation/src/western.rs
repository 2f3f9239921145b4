//! Western notations: Hodges (`P-7f`, `S7bx8c+`, `P*5e`), the numeric Western form of the
//! seed's first example game (`P-76`, `G69-58`, `P*23`) and Hosking (`P76`, `Px45`,
//! `S’34`, `G69-58`, `Sx23=`) and the correspondence notation of seed 003 (`P7f`, `P'8f`,
//! `G4a-5b`, `Px5e`, `+S3d`, `B7g+`, `S3c=`).
//!
//! The five parts are piece (`+` before the letter for a promoted piece), origin (only when
//! another piece of the same kind could reach the square), movement (`-`, `x` for a
//! capture, `*` or `’` for a drop), destination, and `+`/`=` (only when the move could
//! promote). Reading takes letter or digit ranks in every variant, a missing hyphen,
//! `*`, `'` or `’` for drops, and `D`, `H`, `T` for dragon, horse and tokin.

use crate::common::{
    Pattern, Reader, Scan, candidates, digit_value, moved_kind, promotion_possible,
    square_from_numbers,
};
use crate::{NotationError, Style};
use tokin_core::{Move, PieceKind, Position, Square};

fn push_square(out: &mut String, sq: Square, letters: bool) {
    out.push(char::from(b'0' + sq.file().number()));
    if letters {
        out.push(sq.rank().usi_char());
    } else {
        out.push(char::from(b'0' + sq.rank().number()));
    }
}

/// Writes `mv` (legal in `pos`) in a Western style; `force_origin` always writes the
/// origin (used to list the moves an ambiguous text could be).
pub(crate) fn write(out: &mut String, pos: &Position, mv: Move, style: Style, force_origin: bool) {
    let letters = matches!(style, Style::Hodges | Style::Correspondence);
    // Correspondence notation is Hosking's shape with Hodges' letter ranks.
    let hosking = matches!(style, Style::Hosking | Style::Correspondence);
    let Some(kind) = moved_kind(pos, mv) else {
        return;
    };
    out.push_str(kind.usi_str());
    let to = mv.to();
    match mv.from() {
        None => {
            out.push(match style {
                Style::Hosking => '’',
                // Seed 003: "the preferred notation for drops is an apostrophe (e.g. P'8f)".
                Style::Correspondence => '\'',
                _ => '*',
            });
        }
        Some(from) => {
            let cands = candidates(pos, pos.side_to_move(), kind, to);
            let with_origin = force_origin || cands.without(from).is_any();
            if with_origin {
                push_square(out, from, letters);
            }
            if pos.piece_at(to).is_some() {
                out.push('x');
            } else if !hosking || with_origin {
                out.push('-');
            }
        }
    }
    push_square(out, to, letters);
    if promotion_possible(pos, mv) {
        out.push(if mv.is_promotion() { '+' } else { '=' });
    }
}

/// Reads a square: a file digit and a rank letter (`a`-`i`) or digit.
fn read_square(chars: &[(usize, char)], i: &mut usize) -> Option<Square> {
    let file = digit_value(chars.get(*i)?.1)?;
    let r = chars.get(*i + 1)?.1;
    // Each subtraction is within the range its arm matched.
    let rank = match r {
        'a'..='i' => r as u8 - b'a' + 1,
        'A'..='I' => r as u8 - b'A' + 1,
        'ａ'..='ｉ' => (r as u32 - 'ａ' as u32) as u8 + 1,
        _ => digit_value(r)?,
    };
    let sq = square_from_numbers(file, rank)?;
    *i += 2;
    Some(sq)
}

/// Reads a move in any Western variant.
pub(crate) fn parse(
    pos: &Position,
    last_to: Option<Square>,
    text: &str,
    style: Style,
) -> Result<Move, NotationError> {
    let render = |p: &Position, _: Option<Square>, m: Move| {
        let mut s = String::new();
        write(&mut s, p, m, style, true);
        s
    };
    let reader = Reader::new(style, text, &render, "+ or =");
    let scan = Scan::new(text);
    let chars = scan.chars();
    let at = |i: usize| scan.at(i);
    let mut i = 0;
    // A leading ellipsis marks White's move in a numbered line.
    while matches!(chars.get(i).map(|c| c.1), Some('.' | '…')) {
        i += 1;
    }
    if i >= chars.len() {
        return Err(reader.syntax(at(i), "empty move"));
    }
    // `i < chars.len()` (checked just above).
    let promoted = chars[i].1 == '+';
    if promoted {
        i += 1;
    }
    let letter = chars
        .get(i)
        .map(|c| c.1)
        .ok_or_else(|| reader.syntax(at(i), "expected a piece letter"))?;
    let base = match letter {
        'D' | 'd' => Some(PieceKind::Dragon),
        'H' | 'h' => Some(PieceKind::Horse),
        'T' | 't' => Some(PieceKind::ProPawn),
        c if c.is_ascii_alphabetic() => PieceKind::from_usi_letter(c),
        _ => None,
    }
    .ok_or_else(|| reader.syntax(at(i), "expected a piece letter (P L N S G B R K)"))?;
    let kind = if promoted {
        base.promote()
            .ok_or_else(|| reader.syntax(at(i), "this piece has no promoted form"))?
    } else {
        base
    };
    i += 1;
    let mut pat = Pattern {
        kind: Some(kind),
        ..Pattern::default()
    };
    let first = read_square(chars, &mut i);
    let marker_at = i;
    let marker = match chars.get(i).map(|c| c.1) {
        Some(c @ ('-' | 'x' | 'X' | '×' | '*' | '\'' | '’' | '‘' | '′')) => {
            i += 1;
            Some(c)
        }
        _ => None,
    };
    let second = read_square(chars, &mut i);
    let (from, to) = match (first, second) {
        (Some(f), Some(t)) => (Some(f), t),
        (Some(t), None) if marker.is_none() => (None, t),
        (None, Some(t)) => (None, t),
        _ => return Err(reader.syntax(at(i), "expected the destination square")),
    };
    pat.from = from;
    pat.to = Some(to);
    match marker {
        Some('*' | '\'' | '’' | '‘' | '′') => {
            if from.is_some() {
                return Err(reader.syntax(at(marker_at), "a drop has no origin"));
            }
            pat.drop = Some(true);
        }
        Some(_) => pat.drop = Some(false),
        None if from.is_some() => pat.drop = Some(false),
        None => {}
    }
    match chars.get(i).map(|c| c.1) {
        Some('+') => {
            pat.promote = Some(true);
            i += 1;
        }
        Some('=') => {
            pat.promote = Some(false);
            i += 1;
        }
        _ => {}
    }
    // Annotations such as `!` or `?!` say nothing about the move.
    while matches!(chars.get(i).map(|c| c.1), Some('!' | '?' | '#')) {
        i += 1;
    }
    if i < chars.len() {
        return Err(reader.syntax(at(i), "unexpected character"));
    }
    if pat.drop == Some(true) && pat.promote.is_some() {
        return Err(NotationError::NoMatch {
            text: text.to_string(),
            reason: "a drop cannot promote".to_string(),
        });
    }
    reader.resolve(pos, last_to, &pat)
}
