//! Board diagrams (局面図): the KIF BOD diagram (read and write), the e-mail diagram of
//! correspondence shogi with its pieces-in-hand boxes, and a compact Unicode diagram for
//! terminals. All are drawn as Black sees the board: file 9 on the left, rank 1 on top.

use core::fmt;
use core::str::FromStr;
use std::fmt::Write as _;
use tokin_core::{Color, File, Hand, Piece, PieceKind, Position, Rank, Setup, Square};

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
}

impl FromStr for Style {
    type Err = String;
    fn from_str(s: &str) -> Result<Style, String> {
        match s.to_ascii_lowercase().as_str() {
            "bod" | "kif" => Ok(Style::Bod),
            "email" | "e-mail" | "mail" => Ok(Style::Email),
            "unicode" | "compact" => Ok(Style::Unicode),
            _ => Err(format!("unknown diagram style `{s}` (bod, email, unicode)")),
        }
    }
}

impl fmt::Display for Style {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Style::Bod => "bod",
            Style::Email => "email",
            Style::Unicode => "unicode",
        })
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
    let mut total = 0;
    let mut current = 0;
    for c in s.chars() {
        if c == '十' {
            total += if current == 0 { 10 } else { current * 10 };
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
    for kind in PieceKind::HAND.iter().rev() {
        let n = hand.count(*kind);
        if n == 0 {
            continue;
        }
        let mut p = hand_name(*kind).to_string();
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
/// The character offset of the bad item and what is wrong.
pub fn parse_kif_hand(text: &str) -> Result<Hand, (usize, String)> {
    let t = text.trim_matches(|c: char| c.is_whitespace());
    let mut hand = Hand::EMPTY;
    if t.is_empty() || t == "なし" {
        return Ok(hand);
    }
    let offset = text.chars().take_while(|c| c.is_whitespace()).count();
    let mut pos = offset;
    for item in t.split(|c: char| c.is_whitespace() || c == '、' || c == ',') {
        let here = pos;
        pos += item.chars().count() + 1;
        if item.is_empty() {
            continue;
        }
        let mut chars = item.chars();
        let k = chars.next().unwrap_or(' ');
        let kind = kind_from_char(k)
            .filter(|k| k.is_hand_kind())
            .ok_or_else(|| (here, format!("`{k}` is not a piece that can be in hand")))?;
        let rest: String = chars.collect();
        let n = if rest.is_empty() {
            1
        } else {
            parse_kanji_number(&rest).ok_or_else(|| (here + 1, format!("bad count `{rest}`")))?
        };
        let total = hand.count(kind) as u32 + n;
        hand = u8::try_from(total)
            .ok()
            .filter(|&t| t <= kind.set_count())
            .and_then(|t| hand.with_count(kind, t))
            .ok_or_else(|| (here, format!("more {k} in hand than a set holds")))?;
    }
    Ok(hand)
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
pub fn read_bod_line(setup: &mut Setup, line: &str) -> Result<bool, (usize, String)> {
    let t = line.trim_end();
    for (prefix, color) in [
        ("後手の持駒", Color::White),
        ("上手の持駒", Color::White),
        ("先手の持駒", Color::Black),
        ("下手の持駒", Color::Black),
    ] {
        if let Some(rest) = t.strip_prefix(prefix) {
            let Some(rest) = rest.strip_prefix('：').or_else(|| rest.strip_prefix(':')) else {
                return Err((6, "a hand line is 先手の持駒：... ".into()));
            };
            setup.hands[color.index()] = parse_kif_hand(rest).map_err(|(c, m)| (c + 7, m))?;
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
            return Err((1, "a board row ends with `|` and the rank".into()));
        };
        let label: String = chars[bar + 1..].iter().collect();
        let label = label.trim();
        let rank_n = KANJI_DIGITS
            .iter()
            .position(|&k| label.starts_with(k))
            .filter(|&i| i > 0)
            .ok_or_else(|| (bar + 3, format!("bad rank `{label}`")))?;
        let rank =
            Rank::from_number(rank_n as u8).ok_or_else(|| (bar + 3, "bad rank".to_string()))?;
        let cells = &chars[..bar];
        if cells.len() != 18 {
            return Err((
                2,
                format!(
                    "a board row has nine cells of two characters, found {} characters",
                    cells.len()
                ),
            ));
        }
        for i in 0..9 {
            let (mark, c) = (cells[i * 2], cells[i * 2 + 1]);
            let col = i * 2 + 2;
            let file =
                File::from_number(9 - i as u8).ok_or_else(|| (col, "bad file".to_string()))?;
            let sq = Square::new(file, rank);
            setup.board[sq.index()] = if c == '・' {
                None
            } else {
                let kind =
                    kind_from_char(c).ok_or_else(|| (col + 1, format!("unknown piece `{c}`")))?;
                let color = match mark {
                    'v' | 'V' => Color::White,
                    ' ' | '^' | '　' => Color::Black,
                    _ => return Err((col, format!("bad side mark `{mark}`"))),
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
            if p.kind.is_promoted() {
                format!("+{side}{letter}")
            } else {
                format!(" {side}{letter} ")
            }
        }
    }
}

fn email_hand_lines(hand: Hand, color: Color) -> Vec<String> {
    let side = if color == Color::White { 'w' } else { 'b' };
    let items: Vec<String> = PieceKind::HAND
        .iter()
        .rev()
        .filter(|k| hand.count(**k) > 0)
        .map(|k| {
            let n = hand.count(*k);
            if n > 1 {
                format!("{side}{}{n}", k.usi_str())
            } else {
                format!("{side}{}", k.usi_str())
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
        PieceKind::HAND
            .iter()
            .rev()
            .filter(|k| h.count(**k) > 0)
            .map(|k| {
                let n = h.count(*k);
                if n > 1 {
                    format!("{}{n}", kind_char(*k))
                } else {
                    kind_char(*k).to_string()
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
        assert_eq!(e.0, 17);
    }
}
