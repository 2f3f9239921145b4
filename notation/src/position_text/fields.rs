//! What FEEN and EPD share: a string cut into fields with their character offsets, the board
//! of SFEN (with FEEN's `^` marks where allowed) and pieces in hand.

use super::{TextField, TextFormat, TextSyntaxError};
use tokin_core::{Color, File, Hand, HandPiece, Piece, PieceKind, Position, Rank, Setup, Square};

/// A reader of one format: builds errors that name the format.
#[derive(Clone, Copy)]
pub(crate) struct Fields {
    pub(crate) format: TextFormat,
}

impl Fields {
    pub(crate) fn err(
        self,
        field: TextField,
        offset: usize,
        found: impl Into<String>,
        reason: impl Into<String>,
    ) -> TextSyntaxError {
        TextSyntaxError {
            format: self.format,
            field,
            offset,
            found: found.into(),
            reason: reason.into(),
        }
    }

    /// Reads a board of nine ranks separated by `/`, each from file 9 to file 1: upper case
    /// Black, lower case White, `+` before a promoted piece, digits for empty squares and,
    /// when `king_marks`, FEEN's `^` after a king. `base` is the board's character offset.
    pub(crate) fn board(
        self,
        text: &str,
        base: usize,
        king_marks: bool,
        setup: &mut Setup,
    ) -> Result<(), TextSyntaxError> {
        let f = TextField::Board;
        let chars: Vec<char> = text.chars().collect();
        let ranks = chars.split(|&c| c == '/').count();
        if ranks != 9 {
            return Err(self.err(
                f,
                base,
                text,
                format!("the board must have 9 ranks separated by `/`, found {ranks}"),
            ));
        }
        let mut r = 0usize;
        let mut file: i32 = 9;
        let mut promoted = false;
        let mut last_king = false;
        for (i, &c) in chars.iter().enumerate() {
            let here = base + i;
            let rank_number = r + 1;
            if c != '^' {
                last_king = false;
            }
            match c {
                '/' | '+' | '1'..='9' if promoted => {
                    return Err(self.err(f, here, c, "`+` must be followed by a piece letter"));
                }
                '/' => {
                    if file != 0 {
                        return Err(self.err(
                            f,
                            here,
                            c,
                            format!("rank {rank_number} has {} squares, not 9", 9 - file),
                        ));
                    }
                    r += 1;
                    file = 9;
                }
                '+' => promoted = true,
                '1'..='9' => {
                    // A digit 1 to 9; a rank that runs over is an error just below.
                    file -= c as i32 - '0' as i32;
                    if file < 0 {
                        return Err(self.err(
                            f,
                            here,
                            c,
                            format!("rank {rank_number} has more than 9 squares"),
                        ));
                    }
                }
                '^' if king_marks && last_king => last_king = false,
                '^' if king_marks => {
                    return Err(self.err(
                        f,
                        here,
                        c,
                        "`^` marks a king (the piece whose capture ends the game) and follows it",
                    ));
                }
                _ => {
                    let Some(base_kind) = PieceKind::from_usi_letter(c) else {
                        return Err(self.err(
                            f,
                            here,
                            c,
                            format!("unknown piece letter in rank {rank_number}"),
                        ));
                    };
                    let kind = if promoted {
                        promoted = false;
                        base_kind.promote().ok_or_else(|| {
                            self.err(
                                f,
                                here.saturating_sub(1),
                                format!("+{c}"),
                                "this piece cannot be promoted",
                            )
                        })?
                    } else {
                        base_kind
                    };
                    if file < 1 {
                        return Err(self.err(
                            f,
                            here,
                            c,
                            format!("rank {rank_number} has more than 9 squares"),
                        ));
                    }
                    let color = if c.is_ascii_uppercase() {
                        Color::Black
                    } else {
                        Color::White
                    };
                    // `file` is 1 to 9 (checked above) and `r` below 9 (nine ranks).
                    let (Some(&fl), Some(&rk)) =
                        (File::ALL.get(file as usize - 1), Rank::ALL.get(r))
                    else {
                        return Err(self.err(f, here, c, "outside the board"));
                    };
                    setup.board[Square::new(fl, rk).index()] = Some(Piece::new(color, kind));
                    last_king = kind == PieceKind::King;
                    file -= 1;
                }
            }
        }
        if promoted {
            return Err(self.err(
                f,
                base + chars.len(),
                "+",
                "`+` must be followed by a piece letter",
            ));
        }
        if file != 0 {
            return Err(self.err(
                f,
                base + chars.len(),
                text,
                format!("rank 9 has {} squares, not 9", 9 - file),
            ));
        }
        Ok(())
    }

    /// Reads pieces in hand: letters, each optionally after a count (`2P`), or a letter
    /// repeated (`PPP`). The owner is `owner`, or, when `None`, the letter's case (upper
    /// case Black). `base` is the text's character offset.
    pub(crate) fn hands(
        self,
        text: &str,
        base: usize,
        owner: Option<Color>,
        setup: &mut Setup,
    ) -> Result<(), TextSyntaxError> {
        let f = TextField::Hands;
        let mut count: Option<(u32, usize)> = None;
        for (i, c) in text.chars().enumerate() {
            let here = base + i;
            if let Some(d) = c.to_digit(10) {
                let (n, start) = count.unwrap_or((0, here));
                // At most 99 so far (checked after every digit): no overflow.
                let n = n * 10 + d;
                if n > 99 {
                    return Err(self.err(f, start, c, "a hand count must have at most two digits"));
                }
                count = Some((n, start));
                continue;
            }
            let Some(piece) = PieceKind::from_usi_letter(c).and_then(PieceKind::to_hand) else {
                return Err(self.err(
                    f,
                    here,
                    c,
                    "unknown piece in hand (expected one of R B G S N L P)",
                ));
            };
            let color = owner.unwrap_or(if c.is_ascii_uppercase() {
                Color::Black
            } else {
                Color::White
            });
            let (n, start) = count.take().unwrap_or((1, here));
            if n == 0 {
                return Err(self.err(f, start, c, "a hand count must be at least 1"));
            }
            let h = &mut setup.hands[color.index()];
            // `n` is at most 99 and the sum is checked against the hand's capacity.
            let total = u32::from(h.count(piece)) + n;
            *h = u8::try_from(total)
                .ok()
                .and_then(|t| h.with_count(piece, t))
                .ok_or_else(|| {
                    self.err(
                        f,
                        start,
                        c,
                        format!(
                            "a hand can hold at most {} of this piece",
                            Hand::capacity(piece)
                        ),
                    )
                })?;
        }
        if let Some((_, start)) = count {
            return Err(self.err(f, start, text, "a count must be followed by a piece letter"));
        }
        Ok(())
    }
}

/// Splits on ASCII white space, keeping each field's character offset.
pub(crate) fn split(text: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start: Option<(usize, usize)> = None;
    for (chars, (byte, c)) in text.char_indices().enumerate() {
        if c.is_ascii_whitespace() {
            if let Some((cs, bs)) = start.take() {
                out.push((cs, &text[bs..byte]));
            }
        } else if start.is_none() {
            start = Some((chars, byte));
        }
    }
    if let Some((cs, bs)) = start {
        out.push((cs, &text[bs..]));
    }
    out
}

/// Writes the board as SFEN does, with `^` after each king when `king_marks`.
pub(crate) fn write_board(out: &mut String, pos: &Position, king_marks: bool) {
    for (r, &rank) in Rank::ALL.iter().enumerate() {
        if r > 0 {
            out.push('/');
        }
        let mut empty = 0u8;
        for &file in File::ALL.iter().rev() {
            match pos.piece_at(Square::new(file, rank)) {
                None => empty += 1,
                Some(p) => {
                    if empty > 0 {
                        out.push(char::from(b'0' + empty));
                        empty = 0;
                    }
                    out.push_str(&p.sfen());
                    if king_marks && p.kind == PieceKind::King {
                        out.push('^');
                    }
                }
            }
        }
        if empty > 0 {
            out.push(char::from(b'0' + empty));
        }
    }
}

/// Writes a hand, rook to pawn, a count before a letter for more than one (`2P`) or, when
/// `repeat`, each piece once per piece held (`PP`). `upper` picks the letters' case.
pub(crate) fn write_hand(out: &mut String, hand: Hand, upper: bool, repeat: bool) {
    for piece in HandPiece::ALL.into_iter().rev() {
        let n = hand.count(piece);
        if n == 0 {
            continue;
        }
        let letter = piece.kind().usi_str();
        let letter = if upper {
            letter.to_ascii_uppercase()
        } else {
            letter.to_ascii_lowercase()
        };
        if repeat {
            for _ in 0..n {
                out.push_str(&letter);
            }
        } else {
            if n > 1 {
                out.push_str(&n.to_string());
            }
            out.push_str(&letter);
        }
    }
}
