//! Lines of moves: a game fragment or an engine's principal variation written in one style,
//! with 同 chained from move to move and the numbering habit of the style (Western pairs
//! `1. P-7f P-3d 2. P-2f`, `1. ... G-3b` when White starts; Japanese per move on request).

use crate::{NotationError, Numbering, Options, Style, parse_move};
use tokin_core::{Color, Move, Position, Square};

fn in_line(index: usize, e: NotationError) -> NotationError {
    NotationError::InLine {
        index,
        source: Box::new(e),
    }
}

/// The pair number of a move in Western numbering. Black's move opens a pair unless White
/// started the game (handicap), in which case Black's move numbers are even.
fn pair_number(color: Color, move_number: u32) -> u32 {
    // `move_number / 2 + 1` is at most 2^31: no overflow for any `u32`.
    if color == Color::Black && move_number & 1 == 0 {
        move_number / 2 + 1
    } else {
        move_number.div_ceil(2)
    }
}

/// Writes the legal moves `moves`, played in turn from `pos`, as one line.
///
/// The numbering is `opts.numbering`, or by default pairs for the Western styles and none
/// for the others; numbers come from the position's move number.
///
/// # Errors
/// [`NotationError::InLine`] naming the first move (counting from 1) that is not legal.
///
/// # Examples
/// ```
/// use tokin_core::{Handicap, Move, Position};
/// use tokin_notation::{Style, Options, write_line};
///
/// let moves: Vec<Move> = ["7g7f", "3c3d", "2g2f"].iter().map(|m| Move::from_usi(m).unwrap()).collect();
/// let pos = Position::startpos();
/// assert_eq!(write_line(&pos, None, &moves, Style::Hodges, &Options::default()).unwrap(),
///            "1. P-7f P-3d 2. P-2f");
/// assert_eq!(write_line(&pos, None, &moves, Style::Japanese, &Options::default()).unwrap(),
///            "☗７六歩 ☖３四歩 ☗２六歩");
/// let h = Handicap::TwoPieces.position();
/// let g = [Move::from_usi("4a3b").unwrap()];
/// assert_eq!(write_line(&h, None, &g, Style::Western, &Options::default()).unwrap(), "1. ... G-32");
/// ```
pub fn write_line(
    pos: &Position,
    last_to: Option<Square>,
    moves: &[Move],
    style: Style,
    opts: &Options,
) -> Result<String, NotationError> {
    let numbering = opts.numbering.unwrap_or(if style.is_western() {
        Numbering::Pairs
    } else {
        Numbering::Off
    });
    // A Japanese move is about a dozen bytes: one allocation for most lines.
    let mut out = String::with_capacity(moves.len() * 16);
    let mut pos = pos.clone();
    let mut last = last_to;
    for (i, &mv) in moves.iter().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        let us = pos.side_to_move();
        let n = pos.move_number();
        match numbering {
            Numbering::Off => {}
            Numbering::PerMove => out.push_str(&format!("{n}.")),
            Numbering::Pairs => {
                let p = pair_number(us, n);
                if us == Color::Black {
                    out.push_str(&format!("{p}. "));
                } else if i == 0 {
                    out.push_str(&format!("{p}. ... "));
                }
            }
        }
        // Straight onto the line, without the move's own buffer that `write_move_into`
        // needs for a sink that may refuse text.
        pos.is_legal(mv)
            .map_err(|why| in_line(i + 1, NotationError::IllegalMove { mv, why }))?;
        crate::push_legal_move(&mut out, &pos, last, mv, style, opts);
        pos.play_unchecked(mv);
        last = Some(mv.to());
    }
    Ok(out)
}

/// Writes an engine's principal variation, given as USI moves from `pos`, in `style`
/// (for an `info string` next to the engine's `pv`). `last_to` is the destination of the
/// move that led to `pos`, so that 同 is right from the first move. An engine that holds
/// the PV as [`Move`] values calls [`write_line`] directly.
///
/// # Errors
/// [`NotationError::InLine`] naming the first move (counting from 1) that is not a legal
/// USI move.
///
/// # Examples
/// ```
/// use tokin_core::{Position, Square};
/// use tokin_notation::{Options, Style, pv_line};
///
/// let pos = Position::from_sfen("lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3").unwrap();
/// let pv = ["8h2b+", "3a2b"];
/// assert_eq!(pv_line(&pos, None, &pv, Style::Japanese, &Options::default()).unwrap(), "☗２二角成 ☖同銀");
/// ```
pub fn pv_line<S: AsRef<str>>(
    pos: &Position,
    last_to: Option<Square>,
    usi_moves: &[S],
    style: Style,
    opts: &Options,
) -> Result<String, NotationError> {
    let mut p = pos.clone();
    let mut moves = Vec::with_capacity(usi_moves.len());
    for (i, text) in usi_moves.iter().enumerate() {
        let mv = crate::usi_move::parse(&p, text.as_ref()).map_err(|e| in_line(i + 1, e))?;
        p.play_unchecked(mv);
        moves.push(mv);
    }
    write_line(pos, last_to, &moves, style, opts)
}

/// Whether a token is only a move number or ellipsis (`12.`, `1...`, `...`, `…`).
fn is_number_token(t: &str) -> bool {
    let rest = t.trim_start_matches(|c: char| c.is_ascii_digit());
    !rest.is_empty() && rest.chars().all(|c| c == '.' || c == '…')
}

/// Removes a leading move number glued to a move (`1.P-76`, `12.☗７六歩`, `1...G-32`).
fn strip_number(t: &str) -> &str {
    let rest = t.trim_start_matches(|c: char| c.is_ascii_digit());
    if rest.len() < t.len() && rest.starts_with(['.', '…']) {
        rest.trim_start_matches(['.', '…'])
    } else {
        t
    }
}

/// Splits a line into move texts for `style`: at any white space (the ideographic space
/// U+3000 included, which Japanese texts put between moves), and in the Japanese styles at
/// each side mark too (`▲７六歩△３四歩`); `同　銀` and `同 銀`, as KIF and KI2 write a
/// recapture, stay one move.
fn tokens(text: &str, style: Style) -> Vec<String> {
    let bare_same = |p: &String| {
        let body = p.trim_start_matches(['☗', '☖', '▲', '△']);
        body.chars().count() == 1 && body.chars().all(crate::shorthand::is_same)
    };
    let mut out: Vec<String> = Vec::new();
    for raw in text.split_whitespace() {
        if is_number_token(raw) {
            continue;
        }
        let t = strip_number(raw);
        if t.is_empty() {
            continue;
        }
        let mut parts = Vec::new();
        if matches!(style, Style::Japanese | Style::Kitao) {
            // `▲７六歩△３四歩` has no spaces: a side mark starts a move.
            let mut cur = String::new();
            for c in t.chars() {
                if crate::common::mark_color(c).is_some() && !cur.is_empty() {
                    parts.push(std::mem::take(&mut cur));
                }
                cur.push(c);
            }
            parts.push(cur);
        } else {
            parts.push(t.to_string());
        }
        for part in parts {
            match out.last_mut() {
                Some(prev) if bare_same(prev) => prev.push_str(&part),
                _ => out.push(part),
            }
        }
    }
    out
}

/// Reads a line of moves in `style`, played in turn from `pos`: moves separated by spaces
/// (or, in Japanese, by side marks), with or without move numbers.
///
/// # Errors
/// [`NotationError::InLine`] naming the first move (counting from 1) that cannot be read.
///
/// # Examples
/// ```
/// use tokin_core::Position;
/// use tokin_notation::{Style, parse_line};
///
/// let moves = parse_line(&Position::startpos(), None, "▲７六歩△３四歩▲２二角成△同銀", Style::Japanese).unwrap();
/// assert_eq!(moves.len(), 4);
/// assert_eq!(moves[3].to_string(), "3a2b");
/// ```
pub fn parse_line(
    pos: &Position,
    last_to: Option<Square>,
    text: &str,
    style: Style,
) -> Result<Vec<Move>, NotationError> {
    let mut p = pos.clone();
    let mut last = last_to;
    let mut moves = Vec::new();
    for (i, t) in tokens(text, style).iter().enumerate() {
        let mv = parse_move(&p, last, t, style).map_err(|e| in_line(i + 1, e))?;
        p.play_unchecked(mv);
        last = Some(mv.to());
        moves.push(mv);
    }
    Ok(moves)
}
