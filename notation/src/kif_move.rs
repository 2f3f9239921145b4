//! The move text of a KIF record: `７六歩(77)`, `同　歩(33)`, `５五角打`, `２二角成(88)`.
//!
//! KIF always gives the origin in parentheses (file and rank digits) and always marks
//! drops with 打; it writes `同　` with a full-width space, and a move that could promote and
//! does not without a mark unless [`Options::declined_promotion`] asks for 不成. Reading
//! accepts everything the Japanese reader does, with `(77)`.

use crate::common::{moved_kind, piece_kanji, promotion_possible, push_square};
use crate::{DeclinedPromotion, NotationError, Options, Style};
use tokin_core::{Move, Position, Square};

/// Writes `mv` (legal in `pos`) as KIF move text.
pub(crate) fn write(
    out: &mut String,
    pos: &Position,
    last_to: Option<Square>,
    mv: Move,
    opts: &Options,
) {
    let to = mv.to();
    if last_to == Some(to) {
        out.push_str("同\u{3000}");
    } else {
        push_square(out, to);
    }
    let Some(kind) = moved_kind(pos, mv) else {
        return;
    };
    out.push_str(piece_kanji(kind, pos.side_to_move(), opts));
    match mv.from() {
        Some(from) => {
            if mv.is_promotion() {
                out.push('成');
            } else if opts.declined_promotion == DeclinedPromotion::Marked
                && promotion_possible(pos, mv)
            {
                out.push_str("不成");
            }
            out.push('(');
            out.push(char::from(b'0' + from.file().number()));
            out.push(char::from(b'0' + from.rank().number()));
            out.push(')');
        }
        None => out.push('打'),
    }
}

pub(crate) fn render_default(pos: &Position, last_to: Option<Square>, mv: Move) -> String {
    let mut s = String::new();
    write(&mut s, pos, last_to, mv, &Options::default());
    s
}

/// Reads KIF move text (the Japanese reader, which takes the `(77)` origin).
pub(crate) fn parse(
    pos: &Position,
    last_to: Option<Square>,
    text: &str,
) -> Result<Move, NotationError> {
    if let Some(mv) = crate::japanese::parse_kif_plain(pos, last_to, text) {
        return Ok(mv);
    }
    crate::japanese::parse_as(pos, last_to, text, Style::Kif, &render_default)
}
