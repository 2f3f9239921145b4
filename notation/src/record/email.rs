//! Correspondence shogi by e-mail (seed 003) as a record format (`email`, files `.email` or
//! `.mail`): the moves listed above the board in the correspondence style (`1. P7f P3d`,
//! `P'8f`, `+S3d`, `S3c=`), then the e-mail board diagram, `wL`/`bP` cells with `+` before a
//! promoted piece and the pieces in hand in boxes on the right.
//!
//! Reading takes a game pasted from a message: lines above the board that are not moves
//! (greetings, `Subject:` and other header lines) are passed over; a line that starts with a
//! move number (`12.`) or a move must hold only moves. The moves are played from the even
//! start, or from the position of a `Start:` line above them (any form
//! [`read_start`](crate::position_text::read_start) takes, as [`write()`] puts it for a game that
//! does not start from the even position), and the board must show the position they reach.
//! Without moves, the board is the game's start, with `Black to move` unless a `White to move`
//! line says otherwise. The server's `alternate` board (seed 004) is read too, as its rows are
//! the e-mail board's.
//!
//! ```
//! use tokin_notation::record::{Format, ReadOptions, email};
//!
//! let game = tokin_core::Position::startpos();
//! let text = format!(
//!     "1. P7f P3d\n2. Bx2b+ Sx2b\n\n{}",
//!     tokin_notation::record::diagram::email(&{
//!         let mut p = game.clone();
//!         for m in ["7g7f", "3c3d", "8h2b+", "3a2b"] {
//!             p.play(tokin_core::Move::from_usi(m).unwrap()).unwrap();
//!         }
//!         p
//!     })
//! );
//! let parsed = email::parse(&text, ReadOptions::default()).unwrap();
//! let moves: Vec<String> = parsed.records[0].main_moves().map(|m| m.to_string()).collect();
//! assert_eq!(moves, ["7g7f", "3c3d", "8h2b+", "3a2b"]);
//! ```

use super::error::column_of;
use super::{
    Format, Line, Loss, Node, Parsed, ReadOptions, Record, RecordError, RecordErrorKind, Start,
    Written, numbered_lines,
};
use crate::{Style, parse_move, write_move};
use std::borrow::Cow;
use tokin_core::{Color, File, Handicap, Piece, PieceKind, Position, Rank, Setup, Square};

/// The rank letters of the board's rows, top to bottom.
const RANKS: &str = "abcdefghi";

/// Whether `t` (trimmed) is a board border: `+` and dashes, closed by `+` or not (the seed's
/// own diagram leaves one border open). Returns the length of the border in characters.
fn border_len(t: &str) -> Option<usize> {
    let rest = t.strip_prefix('+')?;
    let dashes = rest.chars().take_while(|&c| c == '-').count();
    if dashes < 8 {
        return None;
    }
    let closed = rest.chars().nth(dashes) == Some('+');
    Some(1 + dashes + usize::from(closed))
}

/// Whether `t` is the column numbers above the board: `9 8 7 6 5 4 3 2 1` (or reversed).
fn is_files_line(t: &str) -> bool {
    let words: Vec<&str> = t.split_whitespace().collect();
    words == ["9", "8", "7", "6", "5", "4", "3", "2", "1"]
}

/// A move number at the start of a word: `12.` or `12...`; returns the rest of the word.
fn strip_move_number(word: &str) -> Option<&str> {
    let digits = word.chars().take_while(char::is_ascii_digit).count();
    if digits == 0 {
        return None;
    }
    let rest = &word[digits..];
    let dots = rest.chars().take_while(|&c| c == '.').count();
    (dots > 0).then(|| &rest[dots..])
}

fn syntax(reason: &'static str) -> RecordErrorKind {
    RecordErrorKind::Syntax {
        reason: Cow::Borrowed(reason),
    }
}

/// The board and hands read so far.
struct Diagram {
    setup: Setup,
    rows: usize,
    /// The side whose hand box the lines are in (after `White in hand:`/`Black in hand:`).
    owner: Option<Color>,
    /// The side a `... to move` line names.
    to_move: Option<Color>,
    first_line: usize,
}

/// One cell of a row: `wL`, `+bP`, or nothing.
fn cell(text: &str) -> Result<Option<Piece>, RecordErrorKind> {
    let t = text.trim();
    if t.is_empty() {
        return Ok(None);
    }
    let bad = || RecordErrorKind::UnknownPiece {
        code: t.to_string(),
    };
    let (promoted, rest) = match t.strip_prefix('+') {
        Some(r) => (true, r),
        None => (false, t),
    };
    let mut chars = rest.chars();
    let color = match chars.next() {
        Some('w' | 'W') => Color::White,
        Some('b' | 'B') => Color::Black,
        _ => return Err(bad()),
    };
    let kind = match (chars.next(), chars.next()) {
        (Some(c), None) => PieceKind::from_usi_letter(c.to_ascii_uppercase()).ok_or_else(bad)?,
        _ => return Err(bad()),
    };
    let kind = if promoted {
        kind.promote().ok_or_else(bad)?
    } else {
        kind
    };
    Ok(Some(Piece::new(color, kind)))
}

impl Diagram {
    fn new(first_line: usize) -> Diagram {
        let mut setup = Setup::empty();
        setup.move_number = 1;
        Diagram {
            setup,
            rows: 0,
            owner: None,
            to_move: None,
            first_line,
        }
    }

    /// Reads a board row (`| wL | wN | ... | a`), then what stands to its right.
    fn row(&mut self, line: &str, n: usize) -> Result<(), RecordError> {
        let chars: Vec<char> = line.chars().collect();
        let bars: Vec<usize> = chars
            .iter()
            .enumerate()
            .filter(|&(_, &c)| c == '|')
            .map(|(i, _)| i)
            .take(10)
            .collect();
        if bars.len() < 10 {
            return Err(RecordError::new(
                n,
                bars.first().map_or(1, |b| b + 1),
                line,
                syntax("a board row is nine cells between `|`, then its rank letter a to i"),
            ));
        }
        let rank_letter = RANKS.chars().nth(self.rows).unwrap_or('i');
        let after = bars[9] + 1;
        let label_at = chars[after..]
            .iter()
            .position(|c| !c.is_whitespace())
            .map(|p| after + p);
        let label = label_at.map(|i| chars[i].to_ascii_lowercase());
        if label != Some(rank_letter) {
            return Err(RecordError::new(
                n,
                label_at.unwrap_or(after) + 1,
                line,
                RecordErrorKind::Syntax {
                    reason: Cow::Owned(format!("this board row should end with `{rank_letter}`")),
                },
            ));
        }
        // `self.rows` is below nine here: the row's letter was found among the nine.
        let rank = Rank::ALL[self.rows.min(8)];
        for i in 0..9 {
            let text: String = chars[bars[i] + 1..bars[i + 1]].iter().collect();
            let piece = cell(&text).map_err(|kind| {
                let lead = text.chars().take_while(|c| c.is_whitespace()).count();
                RecordError::new(n, bars[i] + 2 + lead, text.trim(), kind)
            })?;
            // `i` is below nine, so the file is 9 to 1.
            if let Some(file) = File::from_number(9 - i as u8) {
                self.setup.board[Square::new(file, rank).index()] = piece;
            }
        }
        self.rows += 1;
        let rest_at = label_at.map_or(after, |i| i + 1);
        let rest: String = chars[rest_at..].iter().collect();
        self.side_text(&rest, n, rest_at, line)
    }

    /// Reads what stands beside the board: `White in hand:`, `Black in hand:`, hand boxes and
    /// the pieces in them (`bP3`, `wR`, `P2` in the box of the side last named).
    fn side_text(
        &mut self,
        text: &str,
        n: usize,
        offset: usize,
        line: &str,
    ) -> Result<(), RecordError> {
        // ASCII lowercasing keeps every byte where it was, so positions found in `lower`
        // index `text` too. The labels are taken in the order they stand: pieces after one
        // belong to the side it names, up to the next; what stands before the first label is
        // the board's margin.
        let lower = text.to_ascii_lowercase();
        let mut start = 0;
        let mut labelled = false;
        loop {
            let next = [
                ("white in hand", Color::White),
                ("black in hand", Color::Black),
            ]
            .into_iter()
            .filter_map(|(label, color)| {
                lower[start..]
                    .find(label)
                    .map(|at| (start + at, label.len(), color))
            })
            .min_by_key(|&(at, _, _)| at);
            let Some((at, len, color)) = next else {
                break;
            };
            if labelled {
                self.hand_words(&text[start..at], n, offset + text[..start].chars().count())?;
            }
            labelled = true;
            self.owner = Some(color);
            // Everything up to the label and its colon is the label; pieces may follow.
            let end = at + len;
            start = end + usize::from(lower[end..].starts_with(':'));
        }
        self.hand_words(&text[start..], n, offset + text[..start].chars().count())?;
        let _ = line;
        Ok(())
    }

    /// The pieces in hand among the words of `text`, which starts at character `offset` of
    /// line `n` (box borders and separators passed over).
    fn hand_words(&mut self, text: &str, n: usize, offset: usize) -> Result<(), RecordError> {
        let mut col = offset + 1;
        for word in text.split(|c: char| c.is_whitespace() || c == '|' || c == ',') {
            let here = col;
            col += word.chars().count() + 1;
            if word.is_empty() || word.chars().all(|c| c == '-' || c == '+') {
                continue;
            }
            self.hand_piece(word)
                .map_err(|kind| RecordError::new(n, here, word, kind))?;
        }
        Ok(())
    }

    /// One piece in hand: `bP3`, `wR`, or `P2` in the box of the side last named.
    fn hand_piece(&mut self, word: &str) -> Result<(), RecordErrorKind> {
        let mut chars = word.chars().peekable();
        let color = match chars.peek() {
            Some('w') => Some(Color::White),
            Some('b') => Some(Color::Black),
            _ => None,
        };
        if color.is_some() {
            chars.next();
        }
        let Some(color) = color.or(self.owner) else {
            return Err(syntax(
                "a piece in hand stands in the box after `White in hand:` or `Black in hand:`",
            ));
        };
        let letter = chars.next().unwrap_or(' ');
        let count: String = chars.collect();
        let Some(kind) = PieceKind::from_usi_letter(letter) else {
            return Err(RecordErrorKind::UnknownPiece {
                code: word.to_string(),
            });
        };
        let Some(piece) = kind.to_hand() else {
            return Err(RecordErrorKind::CannotBeInHand {
                piece: word.to_string(),
            });
        };
        let n: u32 =
            if count.is_empty() {
                1
            } else {
                count.parse().ok().filter(|&n| n > 0).ok_or_else(|| {
                    RecordErrorKind::UnknownPiece {
                        code: word.to_string(),
                    }
                })?
            };
        let hand = &mut self.setup.hands[color.index()];
        let total = (hand.count(piece) as u32).saturating_add(n);
        *hand = u8::try_from(total)
            .ok()
            .filter(|&t| t <= piece.kind().set_count())
            .and_then(|t| hand.with_count(piece, t))
            .ok_or_else(|| RecordErrorKind::TooManyInHand {
                piece: word.to_string(),
            })?;
        Ok(())
    }

    /// Reads one line of the board's part of the text.
    fn line(&mut self, line: &str, n: usize) -> Result<(), RecordError> {
        let lead = line.chars().take_while(|c| c.is_whitespace()).count();
        let t = line.trim();
        let lower = t.to_ascii_lowercase();
        if t.is_empty() || is_files_line(t) {
            return Ok(());
        }
        for (words, color) in [
            ("black to move", Color::Black),
            ("white to move", Color::White),
        ] {
            if lower.starts_with(words) {
                self.to_move = Some(color);
                return Ok(());
            }
        }
        if t.starts_with('|') && self.rows < 9 {
            return self.row(line, n);
        }
        if let Some(len) = border_len(t) {
            let rest: String = t.chars().skip(len).collect();
            return self.side_text(&rest, n, lead + len, line);
        }
        if t.contains('|') || lower.contains("in hand") {
            return self.side_text(line, n, 0, line);
        }
        // Anything else below the board (a signature, a remark) is not part of the game.
        Ok(())
    }
}

/// Whether a line (trimmed) opens the board: the column numbers, a border or a row.
fn opens_board(t: &str) -> bool {
    is_files_line(t)
        || border_len(t).is_some()
        || (t.starts_with('|') && t.matches('|').count() >= 10)
}

/// Reads a correspondence game: the moves above the board, and the board.
///
/// # Errors
/// The first bad move, board row, piece or hand, with its line and column; a board that does
/// not show the position the moves reach; a start the strictness refuses.
pub fn parse(text: &str, opts: ReadOptions) -> Result<Parsed, RecordError> {
    let mut parsed = Parsed::default();
    let mut start = Start::Handicap(Handicap::Even);
    let mut pos = Position::startpos();
    let mut moves: Vec<Node> = Vec::new();
    let mut last_to = None;
    let mut diagram: Option<Diagram> = None;
    let mut stopped = false;
    for (n, line) in numbered_lines(text) {
        let t = line.trim();
        if let Some(d) = diagram.as_mut() {
            d.line(line, n)?;
            continue;
        }
        if opens_board(t) {
            let mut d = Diagram::new(n);
            d.line(line, n)?;
            diagram = Some(d);
            continue;
        }
        if let Some(rest) = t
            .strip_prefix("Start:")
            .or_else(|| t.strip_prefix("start:"))
            && moves.is_empty()
        {
            let (p, _) =
                crate::position_text::read_start(rest.trim(), &[] as &[&str], opts.strictness)
                    .map_err(|e| {
                        RecordError::new(
                            n,
                            column_of(line, rest.trim()),
                            rest.trim(),
                            RecordErrorKind::Syntax {
                                reason: Cow::Owned(e.to_string()),
                            },
                        )
                    })?;
            start = Start::from_position(&p);
            pos = start.position();
            continue;
        }
        if stopped || t.contains(':') {
            continue;
        }
        let words: Vec<&str> = t.split_whitespace().collect();
        let Some(first) = words.first() else {
            continue;
        };
        let numbered = strip_move_number(first).is_some();
        if !numbered && parse_move(&pos, last_to, first, Style::Correspondence).is_err() {
            // Prose above the moves.
            continue;
        }
        for word in words {
            let w = match strip_move_number(word) {
                Some(rest) => rest,
                None => word,
            };
            if w.is_empty() || w.chars().all(|c| c == '.') {
                continue;
            }
            match parse_move(&pos, last_to, w, Style::Correspondence) {
                Ok(mv) => {
                    pos.play_unchecked(mv);
                    last_to = Some(mv.to());
                    moves.push(Node::new(mv));
                }
                Err(source) => {
                    let e = RecordError::new(
                        n,
                        column_of(line, w),
                        w,
                        RecordErrorKind::Move { source },
                    )
                    .at_ply(moves.len() + 1);
                    if opts.lenient {
                        parsed.warnings.push(e);
                        stopped = true;
                        break;
                    }
                    return Err(e);
                }
            }
        }
    }
    if let Some(d) = diagram {
        if d.rows == 0 && moves.is_empty() {
            return Err(RecordError::new(
                0,
                0,
                "",
                RecordErrorKind::NoGame {
                    format: Format::Email,
                },
            ));
        }
        if d.rows != 9 && d.rows != 0 {
            return Err(RecordError::new(
                d.first_line,
                1,
                "",
                syntax("the board has fewer than nine rows"),
            ));
        }
        if d.rows == 9 {
            let mut shown = d.setup.clone();
            if moves.is_empty() && start == Start::Handicap(Handicap::Even) {
                shown.side = d.to_move.unwrap_or(Color::Black);
                let p = opts.strictness.validate(&shown).map_err(|source| {
                    RecordError::new(
                        d.first_line,
                        1,
                        "",
                        RecordErrorKind::StartPosition { source },
                    )
                })?;
                start = Start::from_position(&p);
            } else {
                shown.side = d.to_move.unwrap_or(pos.side_to_move());
                let mut reached = pos.to_setup();
                reached.move_number = 1;
                if shown != reached {
                    let e = RecordError::new(
                        d.first_line,
                        1,
                        "",
                        syntax("the board does not show the position the moves above it reach"),
                    );
                    if !opts.lenient {
                        return Err(e);
                    }
                    parsed.warnings.push(e);
                }
            }
        }
    } else if moves.is_empty() {
        return Err(RecordError::new(
            0,
            0,
            "",
            RecordErrorKind::NoGame {
                format: Format::Email,
            },
        ));
    }
    let mut record = Record::with_start(start);
    record.main = Line { moves, end: None };
    parsed.records.push(record);
    Ok(parsed)
}

/// Writes a game as a correspondence message: a `Start:` line (an SFEN) when the game does not
/// start from the even position, the main line's moves in the correspondence style, a
/// Black and a White move to a line, then the e-mail board of the position they reach.
pub fn write(record: &Record) -> Written {
    const FORMAT: Format = Format::Email;
    let mut out = Written::default();
    let mut pos = record.start.position();
    if record.start != Start::Handicap(Handicap::Even) {
        out.text.push_str(&format!("Start: {}\n", pos.to_sfen()));
    }
    let mut line = String::new();
    for node in &record.main.moves {
        let Ok(text) = write_move(&pos, None, node.mv, Style::Correspondence) else {
            break;
        };
        let pair = pos.move_number().div_ceil(2);
        if pos.side_to_move() == Color::Black {
            line = format!("{pair}. {text}");
        } else if line.is_empty() {
            line = format!("{pair}. ... {text}");
        } else {
            line.push(' ');
            line.push_str(&text);
        }
        if pos.side_to_move() == Color::White {
            out.text.push_str(&line);
            out.text.push('\n');
            line.clear();
        }
        pos.play_unchecked(node.mv);
    }
    if !line.is_empty() {
        out.text.push_str(&line);
        out.text.push('\n');
    }
    if !out.text.is_empty() {
        out.text.push('\n');
    }
    out.text.push_str(&super::diagram::email(&pos));
    if !record.header.is_empty() {
        out.losses.push(Loss::Header { format: FORMAT });
    }
    let mut comments = !record.comments.is_empty();
    let (mut times, mut variations, mut bookmarks) = (false, false, false);
    record.walk(|v| {
        comments |= !v.node.comments.is_empty();
        times |= v.node.time.is_some();
        variations |= !v.node.variations.is_empty();
        bookmarks |= v.node.bookmark.is_some();
    });
    for (lost, loss) in [
        (comments, Loss::Comments { format: FORMAT }),
        (times, Loss::Times { format: FORMAT }),
        (variations, Loss::Variations { format: FORMAT }),
        (bookmarks, Loss::Bookmarks { format: FORMAT }),
        (record.main.end.is_some(), Loss::Ending { format: FORMAT }),
    ] {
        if lost {
            out.losses.push(loss);
        }
    }
    out
}
