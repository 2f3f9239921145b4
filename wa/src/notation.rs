//! Moves as text, in two styles.
//!
//! - [`Style::Western`], the seed's notation (Hodges' shogi notation adapted to wa shogi): the
//!   piece's two-letter name, `+` in front when promoted (`+SP`, a golden bird); the start
//!   square only when another piece of the same name could reach the same square; `-` for a
//!   move, `x` for a capture, `*` for a drop; the square reached (`1a` to `11k`); and `+` or
//!   `=` at the end whenever the move could promote (taken or declined): `SP-8f`, `FFx7c=`,
//!   `+SP7c-6b`, `SP*5e`.
//! - [`Style::Japanese`]: the square reached as a full-width file number and a kanji rank
//!   (`８六`, `１１十一`), the piece's two kanji, then `成` or `不成` where promotion is possible
//!   and `打` for a drop; the start square follows in parentheses when needed
//!   (`６二金鳥(７三)`). A promoted piece is written by its reverse side's name (`金鳥`,
//!   `天馬`); the six whose reverse side repeats another piece's name are written `成` and
//!   their own name (`成烏行`, not `飛鷹`), so that every name reads back to one piece. A move
//!   to the square the move before it reached is written `同` and the name (`同雀歩`), as
//!   shogi's Japanese notation writes it, when the writer is told that square
//!   ([`write_after`], [`parse_after`]).

use crate::board::{SIDE, Square};
use crate::piece::{Kind, Piece};
use crate::position::{Move, Position};
use core::fmt;

/// Which way moves are written.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Style {
    /// The seed's notation: `SP-8f`, `FFx7c=`, `+SP7c-6b`, `SP*5e`.
    Western,
    /// Japanese two-kanji names: `８六雀歩`, `７三飛鷹不成`, `５五雀歩打`.
    Japanese,
}

/// Why a move's text was refused.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct MoveError {
    /// The text read.
    pub text: String,
    /// What is wrong with it.
    pub reason: String,
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "move `{}`: {}", self.text, self.reason)
    }
}

impl std::error::Error for MoveError {}

const RANK_KANJI: [&str; 11] = [
    "一", "二", "三", "四", "五", "六", "七", "八", "九", "十", "十一",
];
const WIDE_DIGITS: [char; 10] = ['０', '１', '２', '３', '４', '５', '６', '７', '８', '９'];

/// The kinds whose reverse side carries another piece's name.
const fn reverse_repeats_a_name(kind: Kind) -> bool {
    matches!(
        kind,
        Kind::ClimbingMonkey
            | Kind::BlindDog
            | Kind::SwoopingOwl
            | Kind::StruttingCrow
            | Kind::FlyingGoose
            | Kind::RunningRabbit
    )
}

/// The piece's name in the Japanese style.
pub fn japanese_name(kind: Kind, promoted: bool) -> String {
    match kind.promoted_kanji() {
        Some(reverse) if promoted && !reverse_repeats_a_name(kind) => reverse.to_string(),
        _ if promoted => format!("成{}", kind.kanji()),
        _ => kind.kanji().to_string(),
    }
}

fn japanese_square(sq: Square) -> String {
    let file: String = sq
        .file()
        .to_string()
        .chars()
        .map(|c| WIDE_DIGITS[c as usize - '0' as usize])
        .collect();
    format!("{file}{}", RANK_KANJI[sq.rank() as usize - 1])
}

/// Whether the move could promote or not, at the mover's choice.
fn promotion_optional(pos: &Position, m: Move) -> bool {
    let Move::Board { from, to, .. } = m else {
        return false;
    };
    let other = Move::Board {
        from,
        to,
        promote: !matches!(m, Move::Board { promote: true, .. }),
    };
    pos.legal_moves().contains(&other)
}

/// The piece that makes the move: the one on its start square, or the one dropped.
fn mover(pos: &Position, m: Move) -> Option<Piece> {
    match m {
        Move::Board { from, .. } => pos.piece_at(from),
        Move::Drop { kind, .. } => Some(Piece::new(pos.side_to_move(), kind)),
    }
}

/// Whether another piece of the same name could move to the same square.
fn needs_origin(pos: &Position, m: Move, legal: &[Move]) -> bool {
    let Move::Board { from, to, .. } = m else {
        return false;
    };
    let piece = pos.piece_at(from);
    legal.iter().any(|&o| matches!(o, Move::Board { from: f, to: t, .. } if t == to && f != from && pos.piece_at(f) == piece))
}

/// Writes a legal move, without reference to the move before it.
///
/// # Errors
/// A [`MoveError`] when `m` is not legal in `pos`.
pub fn write(pos: &Position, m: Move, style: Style) -> Result<String, MoveError> {
    write_after(pos, m, style, None)
}

/// Writes a legal move played after a move that reached `last_to`: in the Japanese style a
/// move to that same square is written `同` and the piece's name instead of the square.
///
/// # Errors
/// A [`MoveError`] when `m` is not legal in `pos`.
pub fn write_after(
    pos: &Position,
    m: Move,
    style: Style,
    last_to: Option<Square>,
) -> Result<String, MoveError> {
    let legal = pos.legal_moves();
    if !legal.contains(&m) {
        return Err(MoveError {
            text: format!("{m:?}"),
            reason: "not a legal move in this position".into(),
        });
    }
    let piece = mover(pos, m).expect("a legal move has a mover");
    let optional = promotion_optional(pos, m);
    let origin = needs_origin(pos, m, &legal);
    let mut out = String::new();
    match style {
        Style::Western => {
            out.push_str(&piece.code());
            match m {
                Move::Drop { to, .. } => out.push_str(&format!("*{to}")),
                Move::Board { from, to, promote } => {
                    if origin {
                        out.push_str(&from.to_string());
                    }
                    out.push(if pos.piece_at(to).is_some() { 'x' } else { '-' });
                    out.push_str(&to.to_string());
                    if optional {
                        out.push(if promote { '+' } else { '=' });
                    }
                }
            }
        }
        Style::Japanese => {
            if last_to == Some(m.to()) {
                out.push('同');
            } else {
                out.push_str(&japanese_square(m.to()));
            }
            out.push_str(&japanese_name(piece.kind(), piece.is_promoted()));
            match m {
                Move::Drop { .. } => out.push('打'),
                Move::Board { from, promote, .. } => {
                    if optional {
                        out.push_str(if promote { "成" } else { "不成" });
                    }
                    if origin {
                        out.push_str(&format!("({})", japanese_square(from)));
                    }
                }
            }
        }
    }
    Ok(out)
}

/// What a move's text says, before it is matched with the legal moves.
struct Parsed {
    /// The piece's kind and whether it is promoted.
    piece: (Kind, bool),
    to: Square,
    shape: Shape,
}

/// A drop, or a move on the board with what its text says of it.
enum Shape {
    Drop,
    Board {
        /// The start square, where written.
        from: Option<Square>,
        /// Whether it was written as a capture (the Japanese style does not say).
        capture: Option<bool>,
        /// The promotion mark, where written.
        promote: Option<bool>,
    },
}

/// Reads a move in either style (the style is told by the first character) and finds the one
/// legal move it names, without reference to the move before it (so `同` is refused).
///
/// # Errors
/// A [`MoveError`] saying what is wrong: malformed text, no legal move that fits, a capture
/// written as a move or the other way round, a promotion left unmarked where it was optional,
/// or a text that fits two moves.
pub fn parse(pos: &Position, text: &str) -> Result<Move, MoveError> {
    parse_after(pos, text, None)
}

/// [`parse`] for a move played after a move that reached `last_to`, which `同` names.
///
/// # Errors
/// As [`parse`]; and `同` when there is no move before (`last_to` is `None`).
pub fn parse_after(pos: &Position, text: &str, last_to: Option<Square>) -> Result<Move, MoveError> {
    let fail = |reason: &str| MoveError {
        text: text.to_string(),
        reason: reason.to_string(),
    };
    let parsed = if text.starts_with(|c: char| WIDE_DIGITS.contains(&c) || c == '同') {
        parse_japanese(text, last_to)
    } else {
        parse_western(text)
    }
    .map_err(|r| fail(&r))?;
    let us = pos.side_to_move();
    let fits: Vec<Move> = pos
        .legal_moves()
        .into_iter()
        .filter(|&m| m.to() == parsed.to)
        .filter(|&m| match (m, &parsed.shape) {
            (Move::Drop { kind, .. }, Shape::Drop) => parsed.piece == (kind, false),
            (
                Move::Board { from, promote, .. },
                Shape::Board {
                    from: f,
                    promote: p,
                    ..
                },
            ) => {
                pos.piece_at(from).is_some_and(|piece| {
                    piece.color() == us && (piece.kind(), piece.is_promoted()) == parsed.piece
                }) && f.is_none_or(|f| f == from)
                    && p.is_none_or(|p| p == promote)
            }
            _ => false,
        })
        .collect();
    match fits.as_slice() {
        [] => Err(fail("no legal move fits")),
        [m] => {
            if let Shape::Board {
                capture: Some(capture),
                ..
            } = parsed.shape
                && capture != pos.piece_at(m.to()).is_some()
            {
                return Err(fail(if capture {
                    "written as a capture, but the square is empty"
                } else {
                    "a capture must be written with `x`"
                }));
            }
            Ok(*m)
        }
        [Move::Board { from: a, .. }, Move::Board { from: b, .. }] if a == b => Err(fail(
            "the move may promote or not; write `+` or `=` (成 or 不成)",
        )),
        _ => Err(fail(
            "more than one piece of that name can move there; write its start square",
        )),
    }
}

fn parse_western(text: &str) -> Result<Parsed, String> {
    let promoted = text.starts_with('+');
    let rest = &text[usize::from(promoted)..];
    let code = rest.get(..2).ok_or("expected a two-letter piece name")?;
    if !code.bytes().all(|b| b.is_ascii_uppercase()) {
        return Err(format!(
            "expected a two-letter piece name in capitals, found `{code}`"
        ));
    }
    let kind = Kind::from_code(code).ok_or_else(|| format!("unknown piece `{code}`"))?;
    if promoted && !kind.promotes() {
        return Err(format!("{code} does not promote"));
    }
    let mut rest = &rest[2..];
    let mut from = None;
    if let Some((sq, n)) = Square::parse_prefix(rest) {
        from = Some(sq);
        rest = &rest[n..];
    }
    let sep = rest
        .chars()
        .next()
        .ok_or("expected `-`, `x` or `*` after the piece")?;
    let capture = match sep {
        '-' => Some(false),
        'x' => Some(true),
        '*' => None,
        other => return Err(format!("expected `-`, `x` or `*`, found `{other}`")),
    };
    let drop = capture.is_none();
    if drop && (promoted || from.is_some()) {
        return Err("a drop has no start square and is never promoted".into());
    }
    rest = &rest[1..];
    let (to, n) = Square::parse_prefix(rest)
        .ok_or_else(|| format!("expected a square from 1a to 11k, found `{rest}`"))?;
    rest = &rest[n..];
    let promote = match rest {
        "" => None,
        "+" if !drop => Some(true),
        "=" if !drop => Some(false),
        other => return Err(format!("unexpected `{other}` after the square")),
    };
    let shape = if drop {
        Shape::Drop
    } else {
        Shape::Board {
            from,
            capture,
            promote,
        }
    };
    Ok(Parsed {
        piece: (kind, promoted),
        to,
        shape,
    })
}

/// Reads a Japanese square at the start of `text`; returns it and the bytes read.
fn japanese_square_prefix(text: &str) -> Option<(Square, usize)> {
    let mut file = 0u32;
    let mut used = 0;
    for c in text.chars().take(2) {
        let Some(d) = WIDE_DIGITS.iter().position(|&w| w == c) else {
            break;
        };
        file = file * 10 + d as u32;
        used += c.len_utf8();
    }
    let rest = &text[used..];
    // 十一 before 十 and 一, so that the longest name wins.
    let (rank, len) = RANK_KANJI
        .iter()
        .enumerate()
        .filter(|(_, k)| rest.starts_with(**k))
        .max_by_key(|(_, k)| k.len())
        .map(|(i, k)| (i as u8 + 1, k.len()))?;
    let file = u8::try_from(file).ok().filter(|f| (1..=SIDE).contains(f))?;
    Square::new(file, rank).map(|sq| (sq, used + len))
}

fn parse_japanese(text: &str, last_to: Option<Square>) -> Result<Parsed, String> {
    let (to, mut rest) = match text.strip_prefix('同') {
        Some(after) => (
            last_to.ok_or("`同` names the square of the move before, and there is none")?,
            // Records often put a full-width space after 同 (`同　雀歩`).
            after.strip_prefix('\u{3000}').unwrap_or(after),
        ),
        None => {
            let (to, n) = japanese_square_prefix(text)
                .ok_or("expected a square such as ８六 or １１十一, or 同")?;
            (to, &text[n..])
        }
    };
    let names = Kind::ALL.into_iter().flat_map(|k| {
        let mut v = vec![(japanese_name(k, false), k, false)];
        if k.promotes() {
            v.push((japanese_name(k, true), k, true));
        }
        v
    });
    let (name, kind, promoted) = names
        .filter(|(name, _, _)| rest.starts_with(name.as_str()))
        .max_by_key(|(name, _, _)| name.len())
        .ok_or_else(|| format!("unknown piece name at `{rest}`"))?;
    rest = &rest[name.len()..];
    let mut promote = None;
    let mut drop = false;
    if let Some(r) = rest.strip_prefix("不成") {
        promote = Some(false);
        rest = r;
    } else if let Some(r) = rest.strip_prefix('成') {
        promote = Some(true);
        rest = r;
    } else if let Some(r) = rest.strip_prefix('打') {
        drop = true;
        rest = r;
    }
    let mut from = None;
    if let Some(inner) = rest.strip_prefix('(').and_then(|r| r.strip_suffix(')')) {
        let (sq, n) =
            japanese_square_prefix(inner).ok_or("expected a start square in the parentheses")?;
        if n != inner.len() {
            return Err("unexpected text in the parentheses".into());
        }
        from = Some(sq);
        rest = "";
    }
    if !rest.is_empty() {
        return Err(format!("unexpected `{rest}` after the move"));
    }
    if drop && (promoted || from.is_some()) {
        return Err("a drop has no start square and is never promoted".into());
    }
    let shape = if drop {
        Shape::Drop
    } else {
        Shape::Board {
            from,
            capture: None,
            promote,
        }
    };
    Ok(Parsed {
        piece: (kind, promoted),
        to,
        shape,
    })
}
