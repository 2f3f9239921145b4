//! The position string: SFEN's shape on the 11×11 board.
//!
//! `<board> <side> <hands> [<move number>]`, fields separated by single spaces:
//! - the board: ranks a to k separated by `/`, each from file 11 to file 1; a piece is its
//!   two-letter name from the seed (`SP` … `CK`), upper case for Black, lower case for White,
//!   with a leading `+` when promoted; a number 1 to 11 counts empty squares;
//! - the side to move, `b` or `w`;
//! - the hands, `-` when both are empty, otherwise each held kind as an optional count and the
//!   name (Black's upper case, White's lower case), e.g. `2SPoc`: two sparrow pawns for
//!   Black, an oxcart for White;
//! - the move number, counted per ply as in SFEN (1 if left out).
//!
//! No program that plays wa shogi exchanges a position string (see `docs/wa.md`), so this one
//! takes SFEN's layout and the seed's names.

use crate::board::{Color, SIDE, Square};
use crate::piece::{Kind, Piece};
use crate::position::{Position, Rules};
use core::fmt;

/// Why a position string was refused, and at which column (1-based, in characters).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct PositionError {
    /// The column of the offending character, 1-based.
    pub column: usize,
    /// What is wrong.
    pub reason: String,
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "position string, column {}: {}",
            self.column, self.reason
        )
    }
}

impl std::error::Error for PositionError {}

fn err<T>(column: usize, reason: impl Into<String>) -> Result<T, PositionError> {
    Err(PositionError {
        column,
        reason: reason.into(),
    })
}

/// How many of each kind one side has in the starting position.
pub const fn set_count(kind: Kind) -> u8 {
    match kind {
        Kind::SparrowPawn => 11,
        _ => 1,
    }
}

/// Reads a two-letter piece name at the start of `text`: its kind and whether it was upper
/// case (Black). Both letters must be of one case.
fn piece_code(text: &str) -> Option<(Kind, Color)> {
    let code = text.get(..2)?;
    let kind = Kind::from_code(code)?;
    if code.bytes().all(|b| b.is_ascii_uppercase()) {
        Some((kind, Color::Black))
    } else if code.bytes().all(|b| b.is_ascii_lowercase()) {
        Some((kind, Color::White))
    } else {
        None
    }
}

/// Reads a position string.
///
/// # Errors
/// A [`PositionError`] naming the column and the fault: a malformed field, a rank that is not
/// 11 squares, an unknown piece, a side without exactly one crane king, a sparrow pawn or
/// oxcart that could never move, two unpromoted sparrow pawns of one side on a file, more
/// pieces of a kind than the two sets hold, pieces in hand in the form without drops, or the
/// side not to move in check.
pub fn parse(text: &str, rules: Rules) -> Result<Position, PositionError> {
    if !text.is_ascii() {
        let at = text
            .char_indices()
            .find(|(_, c)| !c.is_ascii())
            .map_or(0, |(i, _)| i);
        return err(text[..at].chars().count() + 1, "not an ASCII character");
    }
    let fields: Vec<&str> = text.split(' ').collect();
    if !(3..=4).contains(&fields.len()) {
        return err(
            1,
            format!(
                "expected 3 or 4 fields separated by single spaces, found {}",
                fields.len()
            ),
        );
    }
    let mut pos = Position::empty(rules);
    let board_col = 1;
    read_board(fields[0], board_col, &mut pos)?;
    let side_col = fields[0].len() + 2;
    pos.set_side_to_move(match fields[1] {
        "b" => Color::Black,
        "w" => Color::White,
        other => {
            return err(
                side_col,
                format!("side to move must be `b` or `w`, found `{other}`"),
            );
        }
    });
    let hand_col = side_col + fields[1].len() + 1;
    read_hands(fields[2], hand_col, &mut pos)?;
    if let Some(number) = fields.get(3) {
        let col = hand_col + fields[2].len() + 1;
        match number.parse::<u32>() {
            Ok(n) if n >= 1 && !number.starts_with('+') => pos.set_move_number(n),
            _ => {
                return err(
                    col,
                    format!("move number must be a whole number from 1, found `{number}`"),
                );
            }
        }
    }
    validate(&pos, rules)?;
    Ok(pos)
}

fn read_board(board: &str, start: usize, pos: &mut Position) -> Result<(), PositionError> {
    let ranks: Vec<&str> = board.split('/').collect();
    if ranks.len() != SIDE as usize {
        return err(
            start,
            format!(
                "the board needs 11 ranks separated by `/`, found {}",
                ranks.len()
            ),
        );
    }
    let mut col = start;
    for (r, rank_text) in ranks.iter().enumerate() {
        let rank = r as u8 + 1;
        let mut file = SIDE; // files run 11 down to 1
        let mut filled = 0u8;
        let mut i = 0;
        let bytes = rank_text.as_bytes();
        while i < bytes.len() {
            let here = col + i;
            if bytes[i].is_ascii_digit() {
                let len = if bytes.get(i + 1).is_some_and(u8::is_ascii_digit) {
                    2
                } else {
                    1
                };
                let n: u8 = rank_text[i..i + len].parse().unwrap_or(0);
                if n == 0 || n > SIDE {
                    return err(
                        here,
                        format!(
                            "an empty-square count must be 1 to 11, found `{}`",
                            &rank_text[i..i + len]
                        ),
                    );
                }
                filled = filled.saturating_add(n);
                file = file.saturating_sub(n);
                i += len;
            } else {
                let promoted = bytes[i] == b'+';
                let at = i + usize::from(promoted);
                let Some((kind, color)) = piece_code(&rank_text[at.min(rank_text.len())..]) else {
                    return err(
                        col + at,
                        format!(
                            "expected a piece name such as `SP` or `ck`, found `{}`",
                            &rank_text[at.min(rank_text.len())..]
                        ),
                    );
                };
                let piece = if promoted {
                    match Piece::new_promoted(color, kind) {
                        Some(p) => p,
                        None => return err(here, format!("{} does not promote", kind.code())),
                    }
                } else {
                    Piece::new(color, kind)
                };
                filled = filled.saturating_add(1);
                if filled <= SIDE
                    && let Some(sq) = Square::new(file, rank)
                {
                    pos.set_piece(sq, Some(piece));
                }
                file = file.saturating_sub(1);
                i = at + 2;
            }
            if filled > SIDE {
                return err(
                    here,
                    format!(
                        "rank {} holds more than 11 squares",
                        (b'a' + r as u8) as char
                    ),
                );
            }
        }
        if filled != SIDE {
            return err(
                col,
                format!(
                    "rank {} holds {filled} squares, not 11",
                    (b'a' + r as u8) as char
                ),
            );
        }
        col += rank_text.len() + 1;
    }
    Ok(())
}

fn read_hands(text: &str, start: usize, pos: &mut Position) -> Result<(), PositionError> {
    if text == "-" {
        return Ok(());
    }
    if text.is_empty() {
        return err(start, "the hands field is empty; write `-` for empty hands");
    }
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let here = start + i;
        let digits = bytes[i..].iter().take_while(|b| b.is_ascii_digit()).count();
        let count: u8 = if digits == 0 {
            1
        } else {
            match text[i..i + digits].parse::<u8>() {
                Ok(n) if (2..=22).contains(&n) && digits <= 2 => n,
                _ => {
                    return err(
                        here,
                        format!(
                            "a count in hand must be 2 to 22, found `{}`",
                            &text[i..i + digits]
                        ),
                    );
                }
            }
        };
        i += digits;
        let Some((kind, color)) = piece_code(&text[i..]) else {
            return err(
                start + i,
                format!("expected a piece name in hand, found `{}`", &text[i..]),
            );
        };
        if kind == Kind::CraneKing {
            return err(start + i, "the crane king cannot be in hand");
        }
        if pos.hand(color).count(kind) != 0 {
            return err(here, format!("{} is listed twice in hand", &text[i..i + 2]));
        }
        pos.hand_mut(color).set(kind, count);
        i += 2;
    }
    Ok(())
}

fn validate(pos: &Position, rules: Rules) -> Result<(), PositionError> {
    let mut totals = [0u32; 17];
    for color in Color::ALL {
        let kings = Square::all()
            .filter(|&sq| pos.piece_at(sq) == Some(Piece::new(color, Kind::CraneKing)))
            .count();
        if kings != 1 {
            return err(
                1,
                format!("{color:?} has {kings} crane kings on the board, not 1"),
            );
        }
        for kind in Kind::HAND {
            totals[kind.index()] += u32::from(pos.hand(color).count(kind));
        }
        if rules == Rules::NoDrops && !pos.hand(color).is_empty() {
            return err(1, "pieces in hand in the form without drops");
        }
    }
    for sq in Square::all() {
        let Some(p) = pos.piece_at(sq) else { continue };
        totals[p.kind().index()] += 1;
        if !p.is_promoted()
            && p.kind().needs_promotion_on_last_rank()
            && sq.rank_for(p.color()) == 1
        {
            return err(1, format!("{} on {sq} could never move", p.code()));
        }
        if p.kind() == Kind::SparrowPawn && !p.is_promoted() {
            let same_file = (1..=SIDE)
                .filter_map(|r| Square::new(sq.file(), r))
                .filter(|&s| pos.piece_at(s) == Some(p))
                .count();
            if same_file > 1 {
                return err(
                    1,
                    format!(
                        "two unpromoted sparrow pawns of one side on file {}",
                        sq.file()
                    ),
                );
            }
        }
    }
    for kind in Kind::ALL {
        if totals[kind.index()] > 2 * u32::from(set_count(kind)) {
            return err(1, format!("more {} than the two sets hold", kind.code()));
        }
    }
    let mut other = pos.clone();
    other.set_side_to_move(pos.side_to_move().opponent());
    if other.in_check() {
        return err(1, "the side not to move is in check");
    }
    Ok(())
}

/// Writes the position string.
pub fn write(pos: &Position) -> String {
    let mut out = String::new();
    for rank in 1..=SIDE {
        if rank > 1 {
            out.push('/');
        }
        let mut empty = 0;
        for file in (1..=SIDE).rev() {
            let sq = Square::new(file, rank).expect("on the board");
            match pos.piece_at(sq) {
                None => empty += 1,
                Some(p) => {
                    if empty > 0 {
                        out.push_str(&empty.to_string());
                        empty = 0;
                    }
                    out.push_str(&cased(&p.code(), p.color()));
                }
            }
        }
        if empty > 0 {
            out.push_str(&empty.to_string());
        }
    }
    out.push(' ');
    out.push(if pos.side_to_move() == Color::Black {
        'b'
    } else {
        'w'
    });
    out.push(' ');
    let mut hands = String::new();
    for color in Color::ALL {
        for kind in Kind::HAND {
            let n = pos.hand(color).count(kind);
            if n > 1 {
                hands.push_str(&n.to_string());
            }
            if n > 0 {
                hands.push_str(&cased(kind.code(), color));
            }
        }
    }
    out.push_str(if hands.is_empty() { "-" } else { &hands });
    out.push(' ');
    out.push_str(&pos.move_number().to_string());
    out
}

fn cased(code: &str, color: Color) -> String {
    match color {
        Color::Black => code.to_ascii_uppercase(),
        Color::White => code.to_ascii_lowercase(),
    }
}

/// The starting position in the position string of [`crate::sfen`].
pub const START: &str = "lhcmsofcvsckvwfgscbdoc/1ce3sw3ff1/spspsprrspspsptfspspsp/3sp3sp3/11/11/11/3SP3SP3/SPSPSPTFSPSPSPRRSPSPSP/1FF3SW3CE1/OCBDSCFGVWCKVSFCSOCMLH b - 1";

impl Position {
    /// The starting position of the given form.
    pub fn start(rules: Rules) -> Position {
        parse(START, rules).expect("the start position string is valid")
    }
}
