//! Kitao–Kawasaki notation: the Western order with kanji pieces and a side mark:
//! `☗歩-76`, `☗銀(72)x83+`, `☗銀*34`, and `☖銀x` for a recapture on the previous move's
//! square (the destination is left out, as in the seed's example).
//!
//! Promoted pieces are と, `+香`, `+桂`, `+銀`, 馬 and 龍. Reading also takes the Japanese
//! names (成銀, 全, 竜, 王 ...), `'` or `’` for drops, and a missing side mark.

use crate::common::piece_kanji;
use crate::common::{
    Pattern, Reader, Scan, candidates, digit_value, moved_kind, promotion_possible, push_numeric,
    side_mark_len, square_from_numbers,
};
use crate::japanese::push_mark;
use crate::{NotationError, Options, Style};
use tokin_core::{Move, PieceKind, Position, Square};

fn piece_name(kind: PieceKind, pos: &Position, opts: &Options) -> &'static str {
    match kind {
        PieceKind::ProLance => "+香",
        PieceKind::ProKnight => "+桂",
        PieceKind::ProSilver => "+銀",
        k => piece_kanji(k, pos.side_to_move(), opts),
    }
}

/// Writes `mv` (legal in `pos`) in Kitao–Kawasaki notation.
pub(crate) fn write(
    out: &mut String,
    pos: &Position,
    last_to: Option<Square>,
    mv: Move,
    opts: &Options,
    force_origin: bool,
) {
    push_mark(out, pos.side_to_move(), opts.side_marks);
    let Some(kind) = moved_kind(pos, mv) else {
        return;
    };
    out.push_str(piece_name(kind, pos, opts));
    let to = mv.to();
    match mv.from() {
        None => out.push('*'),
        Some(from) => {
            let cands = candidates(pos, pos.side_to_move(), kind, to);
            if force_origin || cands.without(from).is_any() {
                out.push('(');
                push_numeric(out, from);
                out.push(')');
            }
            out.push(if pos.piece_at(to).is_some() { 'x' } else { '-' });
        }
    }
    let recapture = !mv.is_drop() && last_to == Some(to) && pos.piece_at(to).is_some();
    if !recapture {
        push_numeric(out, to);
    }
    if promotion_possible(pos, mv) {
        out.push(if mv.is_promotion() { '+' } else { '=' });
    }
}

fn read_piece(chars: &[(usize, char)], i: &mut usize) -> Option<PieceKind> {
    let c = chars.get(*i)?.1;
    if c == '+' {
        let base = match chars.get(*i + 1)?.1 {
            '歩' => PieceKind::Pawn,
            '香' => PieceKind::Lance,
            '桂' => PieceKind::Knight,
            '銀' => PieceKind::Silver,
            '角' => PieceKind::Bishop,
            '飛' => PieceKind::Rook,
            _ => return None,
        };
        *i += 2;
        return base.promote();
    }
    let two = |k| (k, 2);
    let (kind, len) = match (c, chars.get(*i + 1).map(|c| c.1)) {
        ('成', Some('香')) => two(PieceKind::ProLance),
        ('成', Some('桂')) => two(PieceKind::ProKnight),
        ('成', Some('銀')) => two(PieceKind::ProSilver),
        ('歩' | '兵', _) => (PieceKind::Pawn, 1),
        ('香', _) => (PieceKind::Lance, 1),
        ('桂', _) => (PieceKind::Knight, 1),
        ('銀', _) => (PieceKind::Silver, 1),
        ('金', _) => (PieceKind::Gold, 1),
        ('角', _) => (PieceKind::Bishop, 1),
        ('飛', _) => (PieceKind::Rook, 1),
        ('玉' | '王', _) => (PieceKind::King, 1),
        ('と', _) => (PieceKind::ProPawn, 1),
        ('杏', _) => (PieceKind::ProLance, 1),
        ('圭', _) => (PieceKind::ProKnight, 1),
        ('全', _) => (PieceKind::ProSilver, 1),
        ('馬', _) => (PieceKind::Horse, 1),
        ('龍' | '竜', _) => (PieceKind::Dragon, 1),
        _ => return None,
    };
    *i += len;
    Some(kind)
}

fn read_square(chars: &[(usize, char)], i: &mut usize) -> Option<Square> {
    let f = digit_value(chars.get(*i)?.1)?;
    let r = digit_value(chars.get(*i + 1)?.1)?;
    let sq = square_from_numbers(f, r)?;
    *i += 2;
    Some(sq)
}

/// Reads a Kitao–Kawasaki move.
pub(crate) fn parse(
    pos: &Position,
    last_to: Option<Square>,
    text: &str,
) -> Result<Move, NotationError> {
    let render = |p: &Position, l: Option<Square>, m: Move| {
        let mut s = String::new();
        write(&mut s, p, l, m, &Options::default(), true);
        s
    };
    let reader = Reader::new(Style::Kitao, text, &render, "+ or =");
    let scan = Scan::new(text);
    let chars = scan.chars();
    let at = |i: usize| scan.at(i);
    let mut i = 0;
    if chars.is_empty() {
        return Err(reader.syntax(0, "empty move"));
    }
    i += side_mark_len(chars, pos, text)?;
    let kind = read_piece(chars, &mut i).ok_or_else(|| reader.syntax(at(i), "expected a piece"))?;
    let mut pat = Pattern {
        kind: Some(kind),
        ..Pattern::default()
    };
    if matches!(chars.get(i).map(|c| c.1), Some('(' | '（')) {
        i += 1;
        pat.from = Some(
            read_square(chars, &mut i)
                .ok_or_else(|| reader.syntax(at(i), "expected the origin square's two digits"))?,
        );
        if !matches!(chars.get(i).map(|c| c.1), Some(')' | '）')) {
            return Err(reader.syntax(at(i), "expected `)`"));
        }
        i += 1;
        pat.drop = Some(false);
    }
    match chars.get(i).map(|c| c.1) {
        Some('*' | '\'' | '’' | '打') => {
            if pat.from.is_some() {
                return Err(reader.syntax(at(i), "a drop has no origin"));
            }
            pat.drop = Some(true);
            i += 1;
        }
        Some('-' | 'x' | 'X' | '×' | 'ｘ' | '－') => {
            pat.drop = Some(false);
            i += 1;
        }
        _ => {}
    }
    pat.to = read_square(chars, &mut i);
    if pat.to.is_none() && pat.drop == Some(true) {
        return Err(reader.syntax(at(i), "a drop needs its destination"));
    }
    match chars.get(i).map(|c| c.1) {
        Some('+' | '成') => {
            pat.promote = Some(true);
            i += 1;
        }
        Some('=' | '生') => {
            pat.promote = Some(false);
            i += 1;
        }
        Some('不') if chars.get(i + 1).map(|c| c.1) == Some('成') => {
            pat.promote = Some(false);
            i += 2;
        }
        _ => {}
    }
    if i < chars.len() {
        return Err(reader.syntax(at(i), "unexpected character"));
    }
    reader.resolve(pos, last_to, &pat)
}
