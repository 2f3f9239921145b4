//! Board diagrams (局面図): the KIF BOD diagram (read and write), the e-mail diagram of
//! correspondence shogi with its pieces-in-hand boxes, and a compact Unicode diagram for
//! terminals. All are drawn as Black sees the board: file 9 on the left, rank 1 on top.

use super::server_board::ServerBoard;
use core::fmt;
use core::str::FromStr;
use std::fmt::Write as _;
use tokin_core::{Color, File, Hand, HandPiece, Piece, PieceKind, Position, Rank, Setup, Square};

/// A diagram style.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Style {
    /// The KIF board diagram (BOD): kanji pieces, `v` before White's.
    Bod,
    /// The e-mail diagram: `wL`/`bP` cells, promoted `+bP`, hand boxes on the right.
    Email,
    /// A compact framed diagram with kanji pieces for terminals.
    #[default]
    Unicode,
    /// One of the network server's displays (seed 004): `standard`, `alternate`, `small`,
    /// `flip`/`noflip` ([`super::server_board`]).
    Server(ServerBoard),
}

/// A name that [`Style::from_str`] does not know.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownDiagramStyle(pub String);

impl fmt::Display for UnknownDiagramStyle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown diagram style `{}` (bod, email, unicode, or the server's standard, \
             alternate, small, with ,flip or ,noflip)",
            self.0
        )
    }
}

impl std::error::Error for UnknownDiagramStyle {}

impl FromStr for Style {
    type Err = UnknownDiagramStyle;

    /// Reads a style name, case-insensitively (`kif` also means [`Style::Bod`], `compact`
    /// [`Style::Unicode`]; the server's names as [`ServerBoard::from_name`]).
    fn from_str(s: &str) -> Result<Style, UnknownDiagramStyle> {
        match s.to_ascii_lowercase().as_str() {
            "bod" | "kif" => Ok(Style::Bod),
            "email" | "e-mail" | "mail" => Ok(Style::Email),
            "unicode" | "compact" => Ok(Style::Unicode),
            _ => ServerBoard::from_name(s)
                .map(Style::Server)
                .ok_or_else(|| UnknownDiagramStyle(s.to_string())),
        }
    }
}

/// A board diagram (BOD) line or KIF hand that cannot be read: where, and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DiagramError {
    /// The column in characters, from 1, in the text given to [`read_bod_line`] or
    /// [`parse_kif_hand`].
    pub column: usize,
    /// What is wrong.
    pub kind: DiagramErrorKind,
}

/// What is wrong with a board diagram line or a KIF hand.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum DiagramErrorKind {
    /// A hand line without `：` after its label.
    HandLine,
    /// A piece in hand that cannot be held (a king or a promoted piece, or no piece at all).
    NotInHand {
        /// The character written.
        piece: char,
    },
    /// A count after a piece in hand that is not a number.
    BadCount {
        /// The count as written.
        count: String,
    },
    /// More pieces of a kind in hand than a set holds.
    TooManyInHand {
        /// The piece's character.
        piece: char,
    },
    /// A board row without its closing `|` and rank.
    RowEnd,
    /// A board row whose rank label is not 一 to 九.
    BadRank {
        /// The label as written.
        label: String,
    },
    /// A board row that is not nine cells of two characters.
    RowLength {
        /// How many characters the row has between its bars.
        found: usize,
    },
    /// A cell holding a character that is not a piece.
    UnknownPiece {
        /// The character.
        piece: char,
    },
    /// A cell whose side mark is neither ` ` (Black) nor `v` (White).
    BadSideMark {
        /// The mark.
        mark: char,
    },
}

impl fmt::Display for DiagramError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            DiagramErrorKind::HandLine => f.write_str("a hand line is 先手の持駒：... "),
            DiagramErrorKind::NotInHand { piece } => {
                write!(f, "`{piece}` is not a piece that can be in hand")
            }
            DiagramErrorKind::BadCount { count } => write!(f, "bad count `{count}`"),
            DiagramErrorKind::TooManyInHand { piece } => {
                write!(f, "more {piece} in hand than a set holds")
            }
            DiagramErrorKind::RowEnd => f.write_str("a board row ends with `|` and the rank"),
            DiagramErrorKind::BadRank { label } => write!(f, "bad rank `{label}`"),
            DiagramErrorKind::RowLength { found } => write!(
                f,
                "a board row has nine cells of two characters, found {found} characters"
            ),
            DiagramErrorKind::UnknownPiece { piece } => write!(f, "unknown piece `{piece}`"),
            DiagramErrorKind::BadSideMark { mark } => write!(f, "bad side mark `{mark}`"),
        }
    }
}

impl std::error::Error for DiagramError {}

fn diagram_error<T>(column: usize, kind: DiagramErrorKind) -> Result<T, DiagramError> {
    Err(DiagramError { column, kind })
}

impl fmt::Display for Style {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Style::Bod => f.write_str("bod"),
            Style::Email => f.write_str("email"),
            Style::Unicode => f.write_str("unicode"),
            Style::Server(board) => board.fmt(f),
        }
    }
}

/// Draws `pos` in `style`.
///
/// # Examples
/// ```
/// use tokin_notation::record::diagram::{render, Style};
/// let text = render(&tokin_core::Position::startpos(), Style::Bod);
/// assert!(text.contains("|v香v桂v銀v金v玉v金v銀v桂v香|一"));
/// ```
pub fn render(pos: &Position, style: Style) -> String {
    match style {
        Style::Bod => bod(pos),
        Style::Email => email(pos),
        Style::Unicode => unicode(pos),
        Style::Server(board) => super::server_board::render(pos, board),
    }
}

/// The one-character kanji of a piece kind in diagrams (成香 is 杏, 成桂 圭, 成銀 全).
pub fn kind_char(kind: PieceKind) -> char {
    DIAGRAM_CHARS[kind.index()]
}

const DIAGRAM_CHARS: [char; 14] = [
    '歩', '香', '桂', '銀', '金', '角', '飛', '玉', 'と', '杏', '圭', '全', '馬', '龍',
];

fn kind_from_char(c: char) -> Option<PieceKind> {
    match c {
        '王' => Some(PieceKind::King),
        '竜' => Some(PieceKind::Dragon),
        _ => DIAGRAM_CHARS
            .iter()
            .position(|&d| d == c)
            .and_then(PieceKind::from_index),
    }
}

/// The full name of a hand kind in KIF hands (歩, 香, ..., 飛).
fn hand_name(kind: PieceKind) -> char {
    kind_char(kind)
}

const KANJI_DIGITS: [char; 10] = ['〇', '一', '二', '三', '四', '五', '六', '七', '八', '九'];
const WIDE_DIGITS: [char; 10] = ['０', '１', '２', '３', '４', '５', '６', '７', '８', '９'];

/// A count in kanji, 1 to 99 (一, 十, 十八).
pub fn kanji_number(n: u32) -> String {
    let mut s = String::new();
    // Both indices are taken `% 10`: in range whatever `n` is.
    let (tens, ones) = (n / 10, n % 10);
    if tens > 1 {
        s.push(KANJI_DIGITS[(tens % 10) as usize]);
    }
    if tens > 0 {
        s.push('十');
    }
    if ones > 0 || n == 0 {
        s.push(KANJI_DIGITS[ones as usize]);
    }
    s
}

/// Reads a kanji or digit count such as 二, 十八 or 3.
pub fn parse_kanji_number(s: &str) -> Option<u32> {
    if s.is_empty() {
        return None;
    }
    if s.chars()
        .all(|c| c.is_ascii_digit() || WIDE_DIGITS.contains(&c))
    {
        let mut n: u32 = 0;
        for c in s.chars() {
            let d = c
                .to_digit(10)
                .or_else(|| WIDE_DIGITS.iter().position(|&w| w == c).map(|i| i as u32))?;
            n = n.checked_mul(10)?.checked_add(d)?;
        }
        return Some(n);
    }
    // Kanji: `[d]十[d]` or `d`, so at most 99 and no sum can overflow; a second 十 is not a
    // count (before, each one added ten, and a long line of them overflowed).
    let mut total: u32 = 0;
    let mut current = 0;
    let mut ten_seen = false;
    for c in s.chars() {
        if c == '十' {
            if ten_seen {
                return None;
            }
            ten_seen = true;
            total = if current == 0 { 10 } else { current * 10 };
            current = 0;
        } else {
            let d = KANJI_DIGITS.iter().position(|&k| k == c)? as u32;
            if current != 0 {
                return None;
            }
            current = d;
        }
    }
    Some(total + current)
}

/// The KIF hand text: `角　歩二` (full-width spaces), or `なし`.
pub fn kif_hand(hand: Hand) -> String {
    if hand.is_empty() {
        return "なし".to_string();
    }
    let mut parts = Vec::new();
    for piece in HandPiece::ALL.into_iter().rev() {
        let n = hand.count(piece);
        if n == 0 {
            continue;
        }
        let mut p = hand_name(piece.kind()).to_string();
        if n > 1 {
            p.push_str(&kanji_number(n as u32));
        }
        parts.push(p);
    }
    parts.join("　")
}

/// Reads a KIF hand such as `角　歩二` or `なし`.
///
/// # Errors
/// The column (in characters of `text`, from 1) of the bad item and what is wrong.
///
/// ```
/// use tokin_notation::record::diagram::{DiagramErrorKind, parse_kif_hand};
///
/// assert_eq!(parse_kif_hand("なし"), Ok(tokin_core::Hand::EMPTY));
/// assert!(parse_kif_hand("角　歩二").is_ok());
/// let e = parse_kif_hand("角　と").unwrap_err();
/// assert_eq!((e.column, e.kind), (3, DiagramErrorKind::NotInHand { piece: 'と' }));
/// ```
pub fn parse_kif_hand(text: &str) -> Result<Hand, DiagramError> {
    let t = text.trim_matches(|c: char| c.is_whitespace());
    let mut hand = Hand::EMPTY;
    if t.is_empty() || t == "なし" {
        return Ok(hand);
    }
    // Columns from 1: the first item starts after the leading spaces.
    let mut pos = text.chars().take_while(|c| c.is_whitespace()).count() + 1;
    for item in t.split(|c: char| c.is_whitespace() || c == '、' || c == ',') {
        let here = pos;
        pos += item.chars().count() + 1;
        if item.is_empty() {
            continue;
        }
        let mut chars = item.chars();
        let k = chars.next().unwrap_or(' ');
        let Some(piece) = kind_from_char(k).and_then(PieceKind::to_hand) else {
            return diagram_error(here, DiagramErrorKind::NotInHand { piece: k });
        };
        let rest: String = chars.collect();
        let n = if rest.is_empty() {
            1
        } else {
            match parse_kanji_number(&rest) {
                Some(n) => n,
                None => {
                    return diagram_error(here + 1, DiagramErrorKind::BadCount { count: rest });
                }
            }
        };
        let total = (hand.count(piece) as u32).saturating_add(n);
        hand = match u8::try_from(total)
            .ok()
            .filter(|&t| t <= piece.kind().set_count())
            .and_then(|t| hand.with_count(piece, t))
        {
            Some(h) => h,
            None => return diagram_error(here, DiagramErrorKind::TooManyInHand { piece: k }),
        };
    }
    Ok(hand)
}

/// Gives `color` every piece of a full set that is neither on the board nor in a hand: CSA's
/// `00AL` and the `残り全部` ("all the rest") hand of tsume diagrams.
pub fn give_the_rest(setup: &mut Setup, color: Color) {
    for piece in HandPiece::ALL {
        let kind = piece.kind();
        // No overflow in `u8`: at most 81 pieces on the board, two hands of at most 31
        // (`Hand::capacity`), and `rest` is at most a set (18).
        let on_board = setup
            .board
            .iter()
            .flatten()
            .filter(|p| p.kind.unpromote() == kind)
            .count() as u8;
        let in_hands: u8 = setup.hands.iter().map(|h| h.count(piece)).sum();
        let rest = kind
            .set_count()
            .saturating_sub(on_board.saturating_add(in_hands));
        let h: Hand = setup.hands[color.index()];
        if let Some(h) = h.with_count(piece, h.count(piece).saturating_add(rest)) {
            setup.hands[color.index()] = h;
        }
    }
}

/// The side whose KIF hand line gives it "all the rest" (`後手の持駒：残り全部`, also
/// `残りすべて`), as tsume diagrams write the defender's hand; the pieces are known only once
/// the whole diagram is read ([`give_the_rest`]).
///
/// ```
/// use tokin_core::Color;
/// use tokin_notation::record::diagram::rest_hand_line;
/// assert_eq!(rest_hand_line("後手の持駒：残り全部"), Some(Color::White));
/// assert_eq!(rest_hand_line("後手の持駒：なし"), None);
/// ```
pub fn rest_hand_line(line: &str) -> Option<Color> {
    let t = line.trim();
    for (prefix, color) in [
        ("後手の持駒", Color::White),
        ("上手の持駒", Color::White),
        ("先手の持駒", Color::Black),
        ("下手の持駒", Color::Black),
    ] {
        if let Some(rest) = t.strip_prefix(prefix) {
            let rest = rest.strip_prefix('：').or_else(|| rest.strip_prefix(':'))?;
            return matches!(rest.trim(), "残り全部" | "残りすべて" | "残り全て").then_some(color);
        }
    }
    None
}

const BOD_FILES: &str = "  ９ ８ ７ ６ ５ ４ ３ ２ １";
const BOD_BORDER: &str = "+---------------------------+";

/// Appends the nine squares of `rank`, file 9 first, as the KIF and Unicode diagrams draw
/// them: `v` before White's pieces, ` ・` for an empty square.
fn push_rank_cells(s: &mut String, pos: &Position, rank: Rank) {
    for file in File::ALL.iter().rev() {
        match pos.piece_at(Square::new(*file, rank)) {
            None => s.push_str(" ・"),
            Some(p) => {
                s.push(if p.color == Color::White { 'v' } else { ' ' });
                s.push(kind_char(p.kind));
            }
        }
    }
}

/// Writes the KIF board diagram (BOD) of `pos`, with hands and the side to move.
///
/// Handicap games name the players 上手/下手 in KIF; the diagram uses 先手/後手 always.
pub fn bod(pos: &Position) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "後手の持駒：{}", kif_hand(pos.hand(Color::White)));
    let _ = writeln!(s, "{BOD_FILES}");
    let _ = writeln!(s, "{BOD_BORDER}");
    for rank in Rank::ALL {
        s.push('|');
        push_rank_cells(&mut s, pos, rank);
        s.push('|');
        // A rank number is 1 to 9.
        s.push(KANJI_DIGITS[rank.number() as usize]);
        s.push('\n');
    }
    let _ = writeln!(s, "{BOD_BORDER}");
    let _ = writeln!(s, "先手の持駒：{}", kif_hand(pos.hand(Color::Black)));
    if pos.side_to_move() == Color::White {
        s.push_str("後手番\n");
    } else {
        s.push_str("先手番\n");
    }
    s
}

/// Reads one line of a BOD diagram into `setup`.
///
/// Returns `Ok(true)` when the line belongs to a diagram (hands, file numbers, borders, board
/// rows, `先手番`/`後手番`), `Ok(false)` for any other line.
///
/// # Errors
/// The character column (from 1) and what is wrong, for a diagram line that is broken.
pub fn read_bod_line(setup: &mut Setup, line: &str) -> Result<bool, DiagramError> {
    let t = line.trim_end();
    for (prefix, color) in [
        ("後手の持駒", Color::White),
        ("上手の持駒", Color::White),
        ("先手の持駒", Color::Black),
        ("下手の持駒", Color::Black),
    ] {
        if let Some(rest) = t.strip_prefix(prefix) {
            let Some(rest) = rest.strip_prefix('：').or_else(|| rest.strip_prefix(':')) else {
                return diagram_error(6, DiagramErrorKind::HandLine);
            };
            // The hand starts after the five-character label and its colon.
            setup.hands[color.index()] = parse_kif_hand(rest).map_err(|e| DiagramError {
                column: e.column + 6,
                ..e
            })?;
            return Ok(true);
        }
    }
    match t.trim() {
        "先手番" | "下手番" => {
            setup.side = Color::Black;
            return Ok(true);
        }
        "後手番" | "上手番" => {
            setup.side = Color::White;
            return Ok(true);
        }
        _ => {}
    }
    let trimmed = t.trim_start();
    if trimmed.starts_with('+')
        && trimmed
            .trim_end_matches('+')
            .chars()
            .all(|c| c == '-' || c == '+')
    {
        return Ok(true);
    }
    if !trimmed.is_empty()
        && trimmed
            .chars()
            .all(|c| WIDE_DIGITS.contains(&c) || c == ' ' || c == '　' || c.is_ascii_digit())
        && trimmed.chars().filter(|c| !c.is_whitespace()).count() == 9
    {
        return Ok(true);
    }
    if let Some(body) = t.strip_prefix('|') {
        let chars: Vec<char> = body.chars().collect();
        let Some(bar) = chars.iter().position(|&c| c == '|') else {
            return diagram_error(1, DiagramErrorKind::RowEnd);
        };
        // `bar` is an index of `chars`, so `bar + 1 <= chars.len()`.
        let label: String = chars[bar + 1..].iter().collect();
        let label = label.trim();
        let bad_rank = || DiagramError {
            column: bar + 3,
            kind: DiagramErrorKind::BadRank {
                label: label.to_string(),
            },
        };
        let rank_n = KANJI_DIGITS
            .iter()
            .position(|&k| label.starts_with(k))
            .filter(|&i| i > 0)
            .ok_or_else(bad_rank)?;
        let rank = Rank::from_number(rank_n as u8).ok_or_else(bad_rank)?;
        let cells = &chars[..bar];
        if cells.len() != 18 {
            return diagram_error(2, DiagramErrorKind::RowLength { found: cells.len() });
        }
        // Exactly 18 cells (checked above): every index is below 18.
        for i in 0..9 {
            let (mark, c) = (cells[i * 2], cells[i * 2 + 1]);
            let col = i * 2 + 2;
            // `i` is below nine, so the file number is 1 to 9.
            let Some(file) = File::from_number(9 - i as u8) else {
                continue;
            };
            let sq = Square::new(file, rank);
            setup.board[sq.index()] = if c == '・' {
                None
            } else {
                let Some(kind) = kind_from_char(c) else {
                    return diagram_error(col + 1, DiagramErrorKind::UnknownPiece { piece: c });
                };
                let color = match mark {
                    'v' | 'V' => Color::White,
                    ' ' | '^' | '　' => Color::Black,
                    _ => return diagram_error(col, DiagramErrorKind::BadSideMark { mark }),
                };
                Some(Piece::new(color, kind))
            };
        }
        return Ok(true);
    }
    Ok(false)
}

fn email_cell(p: Option<Piece>) -> String {
    match p {
        None => "    ".to_string(),
        Some(p) => {
            let side = if p.color == Color::White { 'w' } else { 'b' };
            let letter = p.kind.unpromote().usi_str();
            // Four characters, as every cell: `+bL ` keeps the promoted piece's bars in line.
            if p.kind.is_promoted() {
                format!("+{side}{letter} ")
            } else {
                format!(" {side}{letter} ")
            }
        }
    }
}

fn email_hand_lines(hand: Hand, color: Color) -> Vec<String> {
    let side = if color == Color::White { 'w' } else { 'b' };
    let items: Vec<String> = HandPiece::ALL
        .into_iter()
        .rev()
        .filter(|&p| hand.count(p) > 0)
        .map(|p| {
            let n = hand.count(p);
            let letter = p.kind().usi_str();
            if n > 1 {
                format!("{side}{letter}{n}")
            } else {
                format!("{side}{letter}")
            }
        })
        .collect();
    let mut lines: Vec<String> = items.chunks(3).map(|c| c.join(" ")).collect();
    while lines.len() < 2 {
        lines.push(String::new());
    }
    lines
}

/// Writes the e-mail diagram of correspondence shogi: `wL`/`bP` cells (`+bP` when promoted),
/// files 9..1 on top, ranks a..i on the right, and the pieces in hand in boxes beside the
/// board (`bP3` is three pawns).
pub fn email(pos: &Position) -> String {
    const BORDER: &str = "+--------------------------------------------+";
    let mut board = vec![
        "   9    8    7    6    5    4    3    2    1".to_string(),
        BORDER.to_string(),
    ];
    for rank in Rank::ALL {
        let mut row = String::from("|");
        for file in File::ALL.iter().rev() {
            row.push_str(&email_cell(pos.piece_at(Square::new(*file, rank))));
            row.push('|');
        }
        let _ = write!(row, "  {}   ", rank.usi_char());
        board.push(row);
        board.push(format!("{BORDER}      "));
    }
    // Right-hand annotations, by board line index.
    let mut notes: Vec<(usize, String)> = Vec::new();
    let boxed = |lines: Vec<String>| -> Vec<String> {
        let mut v = vec!["+---------------+".to_string()];
        for l in lines {
            v.push(format!("| {l:<13} |"));
        }
        v.push("+---------------+".to_string());
        v
    };
    notes.push((1, "       White in hand:".to_string()));
    for (i, l) in boxed(email_hand_lines(pos.hand(Color::White), Color::White))
        .into_iter()
        .enumerate()
    {
        notes.push((2 + i, l));
    }
    notes.push((15, "       Black in hand:".to_string()));
    for (i, l) in boxed(email_hand_lines(pos.hand(Color::Black), Color::Black))
        .into_iter()
        .enumerate()
    {
        notes.push((16 + i, l));
    }
    let total = notes
        .iter()
        .map(|n| n.0 + 1)
        .max()
        .unwrap_or(0)
        .max(board.len());
    let mut out = String::new();
    for i in 0..total {
        let base = board.get(i).cloned().unwrap_or_default();
        // Box lines start in column 53; the "... in hand:" labels follow the border line.
        let line = match notes.iter().find(|n| n.0 == i).map(|n| &n.1) {
            None => base,
            Some(label) if label.starts_with(' ') => format!("{}{label}", base.trim_end()),
            Some(boxed) => format!("{base:52}{boxed}"),
        };
        out.push_str(line.trim_end());
        out.push('\n');
    }
    let _ = writeln!(
        out,
        "{} to move",
        if pos.side_to_move() == Color::Black {
            "Black"
        } else {
            "White"
        }
    );
    out
}

/// Writes a compact framed diagram for terminals: kanji pieces, `v` before White's, each
/// side's hand on one line (☖ White above, ☗ Black below) and `◀` at the side to move.
pub fn unicode(pos: &Position) -> String {
    let mut s = String::new();
    let hand_line = |c: Color| -> String {
        let h = pos.hand(c);
        if h.is_empty() {
            return "-".to_string();
        }
        HandPiece::ALL
            .into_iter()
            .rev()
            .filter(|&p| h.count(p) > 0)
            .map(|p| {
                let n = h.count(p);
                if n > 1 {
                    format!("{}{n}", kind_char(p.kind()))
                } else {
                    kind_char(p.kind()).to_string()
                }
            })
            .collect::<Vec<_>>()
            .join(" ")
    };
    let mark = |c: Color| if pos.side_to_move() == c { " ◀" } else { "" };
    let _ = writeln!(s, "☖ {}{}", hand_line(Color::White), mark(Color::White));
    let _ = writeln!(s, "  9  8  7  6  5  4  3  2  1");
    let _ = writeln!(s, "┌───────────────────────────┐");
    for rank in Rank::ALL {
        s.push('│');
        push_rank_cells(&mut s, pos, rank);
        let _ = writeln!(s, "│{}", rank.usi_char());
    }
    let _ = writeln!(s, "└───────────────────────────┘");
    let _ = writeln!(s, "☗ {}{}", hand_line(Color::Black), mark(Color::Black));
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kanji_numbers_round_trip() {
        for n in 1..=18 {
            assert_eq!(parse_kanji_number(&kanji_number(n)), Some(n), "{n}");
        }
        assert_eq!(kanji_number(18), "十八");
        assert_eq!(parse_kanji_number("二十"), Some(20));
        assert_eq!(parse_kanji_number("x"), None);
    }

    #[test]
    fn bod_round_trip() {
        let pos = Position::from_sfen(
            "ln1g5/1r2S1k2/p2pppn2/2ps2p2/1p7/2P6/PPSPPPPLP/2G2K1pr/LN4G1b w BGSLPnp 1",
        )
        .unwrap();
        let text = bod(&pos);
        let mut setup = Setup::empty();
        for line in text.lines() {
            assert_eq!(read_bod_line(&mut setup, line), Ok(true), "{line}");
        }
        assert_eq!(setup, pos.to_setup());
    }

    #[test]
    fn broken_bod_row_names_the_column() {
        let mut setup = Setup::empty();
        let e = read_bod_line(&mut setup, "| ・v飛 ・ ・ ・ ・ ・vX ・|二").unwrap_err();
        assert_eq!(e.column, 17);
        assert_eq!(e.kind, DiagramErrorKind::UnknownPiece { piece: 'X' });
    }
}
