//! SFEN: reading and writing.
//!
//! `lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1`: the board from rank 1 to
//! rank 9, each rank from file 9 to file 1 (upper case Black, lower case White, `+` before a
//! promoted piece, digits for empty squares); the side to move; the hands (`-` when both are
//! empty; Black's upper case before White's lower case, rook to pawn, a count before a letter);
//! and the move number, which may be left out (it is then 1).
//!
//! Reading is two steps: [`Setup::from_sfen`] checks the syntax and gives a [`Setup`];
//! [`Setup::validate`] checks the rules. [`Position::from_sfen`] does both.

use super::{Position, PositionError, Setup, Strictness};
use crate::{Color, File, Hand, Piece, PieceKind, Rank, Square};
use core::fmt;

/// The four fields of an SFEN.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum SfenField {
    /// The board.
    Board,
    /// The side to move.
    SideToMove,
    /// The pieces in hand.
    Hand,
    /// The move number.
    MoveNumber,
}

impl fmt::Display for SfenField {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            SfenField::Board => "board",
            SfenField::SideToMove => "side to move",
            SfenField::Hand => "hand",
            SfenField::MoveNumber => "move number",
        })
    }
}

/// An SFEN that does not follow the syntax: which field, where, what was found and why it is
/// wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SfenSyntaxError {
    /// The field in which the problem is.
    pub field: SfenField,
    /// The character offset (0-based) in the SFEN text where the problem starts.
    pub offset: usize,
    /// The offending text, quoted in the message.
    pub found: String,
    /// What is wrong.
    pub reason: String,
}

impl fmt::Display for SfenSyntaxError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "bad sfen {} at character {}: {} (found `{}`)",
            self.field,
            self.offset.saturating_add(1),
            self.reason,
            self.found
        )
    }
}

impl std::error::Error for SfenSyntaxError {}

/// Why an SFEN could not be turned into a position.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum SfenError {
    /// The text does not follow the SFEN syntax.
    Syntax(SfenSyntaxError),
    /// The text is well formed but the position breaks a rule.
    Position(PositionError),
}

impl fmt::Display for SfenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SfenError::Syntax(e) => e.fmt(f),
            SfenError::Position(e) => write!(f, "illegal sfen position: {e}"),
        }
    }
}

impl std::error::Error for SfenError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            SfenError::Syntax(e) => Some(e),
            SfenError::Position(e) => Some(e),
        }
    }
}

impl From<SfenSyntaxError> for SfenError {
    fn from(e: SfenSyntaxError) -> SfenError {
        SfenError::Syntax(e)
    }
}

impl From<PositionError> for SfenError {
    fn from(e: PositionError) -> SfenError {
        SfenError::Position(e)
    }
}

fn err(field: SfenField, offset: usize, found: &str, reason: impl Into<String>) -> SfenSyntaxError {
    SfenSyntaxError {
        field,
        offset,
        found: found.to_string(),
        reason: reason.into(),
    }
}

/// Splits on ASCII whitespace, keeping each token's character offset.
fn tokens(s: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start = None;
    // Every slice bound below comes from `char_indices`, so it is a char boundary.
    for (i, c) in s.char_indices() {
        if c.is_ascii_whitespace() {
            if let Some(st) = start.take() {
                out.push((st, &s[st..i]));
            }
        } else if start.is_none() {
            start = Some(i);
        }
    }
    if let Some(st) = start {
        out.push((st, &s[st..]));
    }
    out
}

/// `byte` is a token start from [`tokens`], a char boundary of `s`.
fn char_offset(s: &str, byte: usize) -> usize {
    s[..byte].chars().count()
}

impl Setup {
    /// Reads an SFEN (with or without the leading `sfen` keyword; the move number may be
    /// missing) without checking the rules.
    ///
    /// # Errors
    /// A [`SfenSyntaxError`] naming the field and the character where the text goes wrong.
    pub fn from_sfen(sfen: &str) -> Result<Setup, SfenSyntaxError> {
        let mut toks = tokens(sfen);
        if toks.first().map(|t| t.1) == Some("sfen") {
            toks.remove(0);
        }
        let at = |byte: usize| char_offset(sfen, byte);
        let end = sfen.chars().count();
        let Some(&(board_at, board)) = toks.first() else {
            return Err(err(SfenField::Board, 0, sfen, "empty sfen"));
        };
        let mut setup = Setup::empty();
        read_board(board, at(board_at), &mut setup)?;

        let Some(&(side_at, side)) = toks.get(1) else {
            return Err(err(
                SfenField::SideToMove,
                end,
                "",
                "missing side to move (`b` or `w`)",
            ));
        };
        setup.side = match side {
            "b" => Color::Black,
            "w" => Color::White,
            _ => {
                return Err(err(
                    SfenField::SideToMove,
                    at(side_at),
                    side,
                    "side to move must be `b` or `w`",
                ));
            }
        };

        let Some(&(hand_at, hand)) = toks.get(2) else {
            return Err(err(SfenField::Hand, end, "", "missing hand (`-` for none)"));
        };
        read_hands(hand, at(hand_at), &mut setup)?;

        if let Some(&(num_at, num)) = toks.get(3) {
            setup.move_number = match num.parse::<u32>() {
                Ok(n) if n >= 1 => n,
                _ => {
                    return Err(err(
                        SfenField::MoveNumber,
                        at(num_at),
                        num,
                        "move number must be a whole number from 1",
                    ));
                }
            };
        }
        if let Some(&(extra_at, extra)) = toks.get(4) {
            return Err(err(
                SfenField::MoveNumber,
                at(extra_at),
                extra,
                "unexpected text after the move number",
            ));
        }
        Ok(setup)
    }
}

fn read_board(board: &str, base: usize, setup: &mut Setup) -> Result<(), SfenSyntaxError> {
    let ranks: Vec<&str> = board.split('/').collect();
    if ranks.len() != 9 {
        return Err(err(
            SfenField::Board,
            base,
            board,
            format!(
                "the board must have 9 ranks separated by `/`, found {}",
                ranks.len()
            ),
        ));
    }
    let mut offset = base;
    for (r, text) in ranks.iter().enumerate() {
        // Exactly nine ranks (checked above), so `r` is below 9.
        let rank = Rank::ALL[r];
        let mut file: i32 = 9; // next file to fill, counting down
        let mut promoted_at: Option<usize> = None;
        for (i, c) in text.chars().enumerate() {
            let here = offset + i;
            if let Some(d) = c.to_digit(10) {
                if promoted_at.is_some() {
                    return Err(err(
                        SfenField::Board,
                        here,
                        &c.to_string(),
                        "`+` must be followed by a piece letter",
                    ));
                }
                if d == 0 {
                    return Err(err(
                        SfenField::Board,
                        here,
                        "0",
                        format!(
                            "empty-square count must be 1 to 9 in rank {}",
                            rank.number()
                        ),
                    ));
                }
                // `d` is 1 to 9 and `file < 0` is an error just below, so `file` stays in
                // -9..=9.
                file -= d as i32;
            } else if c == '+' {
                if promoted_at.is_some() {
                    return Err(err(SfenField::Board, here, "++", "two `+` in a row"));
                }
                promoted_at = Some(here);
                continue;
            } else {
                let Some(kind) = PieceKind::from_usi_letter(c) else {
                    return Err(err(
                        SfenField::Board,
                        here,
                        &c.to_string(),
                        format!("unknown piece letter in rank {}", rank.number()),
                    ));
                };
                let kind = match promoted_at.take() {
                    None => kind,
                    Some(_) => match kind.promote() {
                        Some(p) => p,
                        None => {
                            // The `+` was the character before, so `here >= 1`.
                            return Err(err(
                                SfenField::Board,
                                here - 1,
                                &format!("+{c}"),
                                "this piece cannot be promoted",
                            ));
                        }
                    },
                };
                if file < 1 {
                    return Err(err(
                        SfenField::Board,
                        here,
                        text,
                        format!("rank {} has more than 9 squares", rank.number()),
                    ));
                }
                let color = if c.is_ascii_uppercase() {
                    Color::Black
                } else {
                    Color::White
                };
                // `file` is 1 to 9 here: it starts at 9, only goes down, and is at least 1
                // (checked just above).
                let sq = Square::new(File::ALL[file as usize - 1], rank);
                setup.board[sq.index()] = Some(Piece::new(color, kind));
                file -= 1;
            }
            if file < 0 {
                return Err(err(
                    SfenField::Board,
                    offset,
                    text,
                    format!("rank {} has more than 9 squares", rank.number()),
                ));
            }
        }
        if let Some(p) = promoted_at {
            return Err(err(
                SfenField::Board,
                p,
                "+",
                "`+` must be followed by a piece letter",
            ));
        }
        if file != 0 {
            return Err(err(
                SfenField::Board,
                offset,
                text,
                format!("rank {} has {} squares, not 9", rank.number(), 9 - file),
            ));
        }
        offset += text.chars().count() + 1;
    }
    Ok(())
}

fn read_hands(hand: &str, base: usize, setup: &mut Setup) -> Result<(), SfenSyntaxError> {
    if hand == "-" {
        return Ok(());
    }
    let mut count: Option<(u32, usize)> = None;
    let mut seen = [[false; 7]; 2];
    for (i, c) in hand.char_indices() {
        let here = base + i; // the hand is ASCII when valid; offsets are exact until a non-ASCII char
        if let Some(d) = c.to_digit(10) {
            let (n, start) = count.unwrap_or((0, here));
            // The count so far is at most 99 (checked below after every digit), so this
            // cannot overflow; `start - base` and `i` bound ASCII digits (char boundaries).
            let n = n * 10 + d;
            if n > 99 {
                return Err(err(
                    SfenField::Hand,
                    start,
                    &hand[start - base..=i],
                    "a hand count must have at most two digits",
                ));
            }
            count = Some((n, start));
            continue;
        }
        let Some(piece) = PieceKind::from_usi_letter(c).and_then(PieceKind::to_hand) else {
            return Err(err(
                SfenField::Hand,
                here,
                &c.to_string(),
                "unknown piece in hand (expected one of R B G S N L P, or `-`)",
            ));
        };
        let color = if c.is_ascii_uppercase() {
            Color::Black
        } else {
            Color::White
        };
        let (n, start) = count.take().unwrap_or((1, here));
        // `start - base` is the byte index of this item's first character and `c` is an
        // ASCII letter (a piece), so both ends are char boundaries.
        let text = &hand[start - base..=i];
        if n == 0 {
            return Err(err(
                SfenField::Hand,
                start,
                text,
                "a hand count must be at least 1 (leave the piece out)",
            ));
        }
        if n == 1 && start != here {
            // "1P" is accepted by some writers; it is harmless.
        }
        if seen[color.index()][piece.index()] {
            return Err(err(
                SfenField::Hand,
                here,
                text,
                "this piece is listed twice in the hand",
            ));
        }
        seen[color.index()][piece.index()] = true;
        let h = &mut setup.hands[color.index()];
        // `n` has at most two digits (checked above), so it fits a `u8`.
        *h = match h.with_count(piece, n as u8) {
            Some(h) => h,
            None => {
                return Err(err(
                    SfenField::Hand,
                    start,
                    text,
                    format!(
                        "a hand can hold at most {} of this piece",
                        Hand::capacity(piece)
                    ),
                ));
            }
        };
    }
    if let Some((_, start)) = count {
        // `start - base` is the byte index of an ASCII digit: a char boundary.
        return Err(err(
            SfenField::Hand,
            start,
            &hand[start - base..],
            "a count must be followed by a piece letter",
        ));
    }
    Ok(())
}

impl Position {
    /// Reads an SFEN and checks that the position is playable with both kings on the board.
    ///
    /// # Errors
    /// [`SfenError::Syntax`] for malformed text, [`SfenError::Position`] for a broken rule.
    ///
    /// # Examples
    /// ```
    /// use tokin_core::Position;
    /// let pos = Position::from_sfen("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1").unwrap();
    /// assert_eq!(pos, Position::startpos());
    /// assert!(Position::from_sfen("lnsgkgsnl/9/9 b - 1").is_err());
    /// ```
    pub fn from_sfen(sfen: &str) -> Result<Position, SfenError> {
        Position::from_sfen_with(sfen, Strictness::Game)
    }

    /// Reads a mating-problem (詰将棋, *tsume*) SFEN: one side (the attacker) may have no king.
    ///
    /// # Errors
    /// As [`Position::from_sfen`].
    pub fn from_tsume_sfen(sfen: &str) -> Result<Position, SfenError> {
        Position::from_sfen_with(sfen, Strictness::Problem)
    }

    /// Reads an SFEN under relaxed rules: one side may have no king (as in
    /// [`Position::from_tsume_sfen`]) and a kind may have more pieces than a set holds, up to
    /// what a hand can record ([`Hand::capacity`]). Published perft suites use such
    /// positions. Every other rule still holds.
    ///
    /// # Errors
    /// As [`Position::from_sfen`].
    pub fn from_sfen_relaxed(sfen: &str) -> Result<Position, SfenError> {
        Position::from_sfen_with(sfen, Strictness::Relaxed)
    }

    /// Reads an SFEN and checks it under `strictness`: the form every front end uses, with the
    /// strictness its caller chose.
    ///
    /// # Errors
    /// As [`Position::from_sfen`].
    pub fn from_sfen_with(sfen: &str, strictness: Strictness) -> Result<Position, SfenError> {
        Ok(strictness.validate(&Setup::from_sfen(sfen)?)?)
    }

    /// Writes the SFEN of the position, with the move number.
    pub fn to_sfen(&self) -> String {
        let mut s = String::with_capacity(90);
        for rank in Rank::ALL {
            // At most nine empty squares in a rank: `b'0' + empty` is a digit.
            let mut empty = 0;
            for file in File::ALL.into_iter().rev() {
                match self.piece_at(Square::new(file, rank)) {
                    None => empty += 1,
                    Some(p) => {
                        if empty > 0 {
                            s.push(char::from(b'0' + empty));
                            empty = 0;
                        }
                        s.push_str(&p.sfen());
                    }
                }
            }
            if empty > 0 {
                s.push(char::from(b'0' + empty));
            }
            if rank != Rank::R9 {
                s.push('/');
            }
        }
        s.push(' ');
        s.push(self.side_to_move().sfen_char());
        s.push(' ');
        s.push_str(&hands_sfen(
            self.hand(Color::Black),
            self.hand(Color::White),
        ));
        s.push(' ');
        s.push_str(&self.move_number().to_string());
        s
    }
}

/// The SFEN hand field: Black's pieces (upper case) then White's (lower case), `-` if none.
pub(crate) fn hands_sfen(black: Hand, white: Hand) -> String {
    if black.is_empty() && white.is_empty() {
        return "-".to_string();
    }
    format!("{black}{}", white.to_string().to_ascii_lowercase())
}

#[cfg(test)]
mod tests {
    use super::*;

    const START: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";

    #[test]
    fn round_trip() {
        for s in [
            START,
            "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
            "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1",
            "8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KSG3+r1/LN2+p3L w Sbgn3p 124",
        ] {
            assert_eq!(Position::from_sfen(s).unwrap().to_sfen(), s);
        }
        let p = Position::from_sfen(
            "sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b -",
        )
        .unwrap();
        assert_eq!(p.to_sfen(), START);
    }

    /// A composed diagram with White's pawns on every rank of file 2, one on its last rank
    /// where it can never move (the "9fu" problem of the KIF test suites): relaxed reads it
    /// and plays on (the pawn just never moves), the stricter levels refuse it, and the
    /// game-rule warnings name the piece.
    #[test]
    fn a_piece_that_can_never_move_reads_relaxed() {
        let sfen = "7pk/7p1/7p1/7p1/7p1/7p1/7p1/7p1/7p1 b 2R4L4s4n 1";
        for strictness in [Strictness::Game, Strictness::Problem] {
            assert!(
                Position::from_sfen_with(sfen, strictness).is_err(),
                "{strictness}"
            );
        }
        let pos = Position::from_sfen_relaxed(sfen).unwrap();
        assert_eq!(pos.to_sfen(), sfen);
        let mut p = pos.clone();
        p.play(crate::Move::from_usi("L*1c").unwrap()).unwrap();
        // White answers the check; whatever it plays, the pawn on 2i never moves.
        assert!(!p.legal_moves().is_empty());
        assert!(
            p.legal_moves()
                .iter()
                .all(|m| m.from() != Some(crate::Square::from_usi("2i").unwrap()))
        );
        let breaks = crate::Setup::from_sfen(sfen).unwrap().game_rule_breaks();
        assert!(
            breaks.iter().any(|b| b.to_string().contains("2i")),
            "{breaks:?}"
        );
    }

    /// A position reached by playing from a mating problem (the defender to move, the attacker
    /// without a king) reads back from its own SFEN, as the problem does; a position with no
    /// king at all does not. Fuzzing found the first refused.
    #[test]
    fn positions_played_from_a_problem_read_back() {
        let tsume = "4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1";
        let mut p = Position::from_tsume_sfen(tsume).unwrap();
        p.play(crate::Move::from_usi("G*1a").unwrap()).unwrap();
        let played = p.to_sfen();
        assert_eq!(played, "4k3G/9/4P4/9/9/9/9/9/9 w 2r2b3g4s4n4l17p 2");
        for strictness in [Strictness::Problem, Strictness::Relaxed] {
            assert_eq!(
                Position::from_sfen_with(&played, strictness)
                    .unwrap()
                    .to_sfen(),
                played
            );
        }
        assert!(Position::from_sfen(&played).is_err());
        let kingless = "9/9/4P4/9/9/9/9/9/9 w G2r2b3g4s4n4l17p 2";
        let err = Position::from_sfen_relaxed(kingless).unwrap_err();
        assert_eq!(err.to_string(), "illegal sfen position: black has no king");
    }

    fn syntax(s: &str) -> SfenSyntaxError {
        match Position::from_sfen(s) {
            Err(SfenError::Syntax(e)) => e,
            other => panic!("expected a syntax error for {s:?}, got {other:?}"),
        }
    }

    fn rule(s: &str) -> PositionError {
        match Position::from_sfen(s) {
            Err(SfenError::Position(e)) => e,
            other => panic!("expected a rule error for {s:?}, got {other:?}"),
        }
    }

    #[test]
    fn syntax_errors_name_field_and_place() {
        let e = syntax("");
        assert_eq!(e.field, SfenField::Board);
        let e = syntax("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1 b - 1");
        assert!(e.reason.contains("9 ranks"), "{e}");
        let e = syntax("lnsgkgsnl/1r5b1/ppppppppp/9/9/8/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1");
        assert!(e.reason.contains("rank 6 has 8"), "{e}");
        assert_eq!(e.offset, 30);
        let e = syntax("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPXPPPP/1B5R1/LNSGKGSNL b - 1");
        assert_eq!((e.found.as_str(), e.offset), ("X", 36));
        assert!(e.to_string().contains("character 37"), "{e}");
        let e = syntax("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL x - 1");
        assert_eq!(e.field, SfenField::SideToMove);
        let e = syntax("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b K 1");
        assert_eq!(e.field, SfenField::Hand);
        let e = syntax("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b 0P 1");
        assert!(e.reason.contains("at least 1"), "{e}");
        let e = syntax("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b 32P 1");
        assert!(e.reason.contains("at most 31"), "{e}");
        let e = syntax("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b 100P 1");
        assert!(e.reason.contains("two digits"), "{e}");
        let e = syntax("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b 4R 1");
        assert!(e.reason.contains("at most 3"), "{e}");
        // Three rooks are well-formed but more than a set has.
        assert!(matches!(
            rule("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b 3R 1"),
            PositionError::TooManyPieces {
                kind: PieceKind::Rook,
                count: 5,
                ..
            }
        ));
        let e = syntax("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 0");
        assert_eq!(e.field, SfenField::MoveNumber);
        let e = syntax("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGK+GSNL b - 1");
        assert!(e.reason.contains("cannot be promoted"), "{e}");
        let e = syntax("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1 extra");
        assert_eq!(e.found, "extra");
        let e = syntax("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL");
        assert_eq!(e.field, SfenField::SideToMove);
        let e = syntax("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b");
        assert_eq!(e.field, SfenField::Hand);
        // Non-ASCII text never panics.
        let e = syntax("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b 歩 1");
        assert_eq!(e.found, "歩");
        syntax("９/9/9/9/9/9/9/9/9 b - 1");
    }

    #[test]
    fn rule_errors() {
        assert!(matches!(
            rule("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b P 1"),
            PositionError::TooManyPieces {
                kind: PieceKind::Pawn,
                count: 19,
                limit: 18
            }
        ));
        assert!(matches!(
            rule("P3k4/9/9/9/9/9/9/9/4K4 b - 1"),
            PositionError::DeadPiece { .. }
        ));
        assert!(matches!(
            rule("4k4/9/9/9/9/9/9/9/n3K4 w - 1"),
            PositionError::DeadPiece { .. }
        ));
        assert!(matches!(
            rule("4k4/N8/9/9/9/9/9/9/4K4 b - 1"),
            PositionError::DeadPiece { .. }
        ));
        assert!(matches!(
            rule("4k4/9/9/4P4/9/4P4/9/9/4K4 b - 1"),
            PositionError::TwoPawns { .. }
        ));
        assert!(matches!(
            rule("9/9/9/9/9/9/9/9/4K4 b - 1"),
            PositionError::MissingKing {
                color: Color::White
            }
        ));
        assert!(matches!(
            rule("9/9/9/9/9/9/9/9/3KK4 b - 1"),
            PositionError::TooManyKings {
                color: Color::Black
            }
        ));
        assert!(matches!(
            rule("4k4/4R4/9/9/9/9/9/9/4K4 b - 1"),
            PositionError::OpponentInCheck {
                color: Color::White
            }
        ));
        // The side to move may be in check.
        assert!(Position::from_sfen("4k4/4R4/9/9/9/9/9/9/4K4 w - 1").is_ok());
        // Tsume: no attacking king.
        assert!(Position::from_tsume_sfen("4k4/9/4P4/9/9/9/9/9/9 b G 1").is_ok());
        assert!(Position::from_sfen("4k4/9/4P4/9/9/9/9/9/9 b G 1").is_err());
    }
}
