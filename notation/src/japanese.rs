//! Japanese notation (KI2 style): `☗７六歩`, `☖同歩`, `☗５八金左`, `☗２三銀不成`, `☗５五金打`.
//!
//! Writing follows the rules of the Japan Shogi Association's records as the seed sets them
//! out: the destination (or 同 for the previous move's square), the piece, then only what
//! is needed to tell the move apart — first the movement (上 up, 引 down, 寄 sideways) when
//! that alone decides, else 直 for a gold-like piece or silver moving straight forward, else
//! the side (右/左, as the mover sees the board), else side and movement together (`左上`).
//! Horses and dragons never use 直. 打 marks a drop only when a board piece of the same kind
//! could also reach the square. 成 marks a promotion; 不成 a declined one.
//!
//! Reading accepts the real-world variants: ▲△ or ☗☖ or no mark, 竜/龍, 王/玉, 全/圭/杏 for
//! promoted silver/knight/lance, 生 for 不成, 仝 for 同, 行/入 for 上, any digits (ASCII,
//! full-width or kanji), spaces anywhere, a KIF origin such as `(77)`, the handwritten
//! shorthand of [`crate::shorthand`] (`７六丶`, `－ヨフナ`) and iroha square names (`を丶`).
//! Writing uses the shorthand or iroha names when [`Options`] asks for them.

use crate::common::{
    Movement, Pattern, Reader, Scan, candidates, digit_value, is_white, moved_kind, movement,
    piece_kanji, promotion_possible, push_square, rel_file, side_mark_len, square_from_numbers,
    straight_forward,
};
use crate::shorthand;
use crate::{DropMark, NotationError, Options, PieceGlyphs, SideMarks, SquareNames, Style};
use tokin_core::{Color, IllegalMove, Move, PieceKind, Position, Square};

/// The side mark for `color`, or nothing.
pub(crate) fn push_mark(out: &mut String, color: Color, marks: SideMarks) {
    match (marks, color) {
        (SideMarks::Pentagons, Color::Black) => out.push('☗'),
        (SideMarks::Pentagons, Color::White) => out.push('☖'),
        (SideMarks::Triangles, Color::Black) => out.push('▲'),
        (SideMarks::Triangles, Color::White) => out.push('△'),
        (SideMarks::None, _) => {}
    }
}

fn movement_word(m: Movement) -> &'static str {
    match m {
        Movement::Up => "上",
        Movement::Down => "引",
        Movement::Side => "寄",
    }
}

/// The direction words (possibly empty) that tell a board move apart from the other
/// pieces of its kind that could reach the same square.
pub(crate) fn direction_words(pos: &Position, from: Square, to: Square) -> &'static str {
    let us = pos.side_to_move();
    let Some(kind) = pos.piece_at(from).map(|p| p.kind) else {
        return "";
    };
    let cands = candidates(pos, us, kind, to);
    if !cands.has_more_than_one() {
        return "";
    }
    let mine = movement(us, from, to);
    let same_movement: Vec<Square> = cands
        .into_iter()
        .filter(|&c| movement(us, c, to) == mine)
        .collect();
    // 1. The movement alone.
    if same_movement.len() == 1 {
        return movement_word(mine);
    }
    // 2. 直 for a gold-like piece or silver moving one step straight forward.
    let big = matches!(kind, PieceKind::Horse | PieceKind::Dragon);
    if !big && (kind.is_gold_like() || kind == PieceKind::Silver) && straight_forward(us, from, to)
    {
        return "直";
    }
    // 3. The side alone, then 4. side and movement together.
    let f = rel_file(from, us);
    let side_among = |set: &mut dyn Iterator<Item = Square>| -> Option<&'static str> {
        let others: Vec<u8> = set
            .filter(|&c| c != from)
            .map(|c| rel_file(c, us))
            .collect();
        if others.iter().all(|&o| o > f) {
            Some("右")
        } else if others.iter().all(|&o| o < f) {
            Some("左")
        } else {
            None
        }
    };
    if let Some(side) = side_among(&mut cands.into_iter()) {
        return side;
    }
    match (side_among(&mut same_movement.iter().copied()), mine) {
        (Some("右"), Movement::Up) => "右上",
        (Some("右"), Movement::Down) => "右引",
        (Some("右"), Movement::Side) => "右寄",
        (Some(_), Movement::Up) => "左上",
        (Some(_), Movement::Down) => "左引",
        (Some(_), Movement::Side) => "左寄",
        // Not reachable with the pieces shogi has; the movement is the best hint left.
        (None, m) => movement_word(m),
    }
}

/// Writes `mv` (legal in `pos`) in KI2 style.
pub(crate) fn write(
    out: &mut String,
    pos: &Position,
    last_to: Option<Square>,
    mv: Move,
    opts: &Options,
) {
    let us = pos.side_to_move();
    push_mark(out, us, opts.side_marks);
    let to = mv.to();
    let short = opts.glyphs == PieceGlyphs::Shorthand;
    if last_to == Some(to) {
        out.push(if short { shorthand::SAME } else { '同' });
        if opts.same_with_space {
            out.push('\u{3000}');
        }
    } else {
        match opts.squares {
            SquareNames::Numbers => push_square(out, to),
            SquareNames::Iroha => out.push(crate::iroha::symbol(to)),
        }
    }
    let Some(kind) = moved_kind(pos, mv) else {
        return;
    };
    out.push_str(if short {
        shorthand::piece(kind, us, opts)
    } else {
        piece_kanji(kind, us, opts)
    });
    match mv.from() {
        Some(from) => {
            out.push_str(direction_words(pos, from, to));
            if mv.is_promotion() {
                out.push(if short { shorthand::PROMOTE } else { '成' });
            } else if promotion_possible(pos, mv) {
                out.push_str(if short {
                    shorthand::NO_PROMOTION
                } else {
                    "不成"
                });
            }
        }
        None => {
            if opts.drop_mark == DropMark::Always || candidates(pos, us, kind, to).is_any() {
                out.push('打');
            }
        }
    }
}

pub(crate) fn render_default(pos: &Position, last_to: Option<Square>, mv: Move) -> String {
    let mut s = String::new();
    write(&mut s, pos, last_to, mv, &Options::default());
    s
}

/// Reads a piece name at `i`: one kanji or shorthand symbol, or 成 (ナ) and a minor piece.
fn read_piece(chars: &[(usize, char)], i: &mut usize) -> Option<PieceKind> {
    let c = chars.get(*i)?.1;
    if c == '成' || c == shorthand::PROMOTE {
        let next = chars.get(*i + 1)?.1;
        let kind = match next {
            '香' | '京' => PieceKind::ProLance,
            '桂' => PieceKind::ProKnight,
            '銀' => PieceKind::ProSilver,
            _ => match shorthand::kind_of(next) {
                Some(PieceKind::Lance) => PieceKind::ProLance,
                Some(PieceKind::Knight) => PieceKind::ProKnight,
                Some(PieceKind::Silver) => PieceKind::ProSilver,
                _ => return None,
            },
        };
        *i += 2;
        return Some(kind);
    }
    if let Some(kind) = shorthand::kind_of(c) {
        *i += 1;
        return Some(kind);
    }
    let kind = match c {
        '歩' | '兵' => PieceKind::Pawn,
        '香' | '京' => PieceKind::Lance,
        '桂' => PieceKind::Knight,
        '銀' => PieceKind::Silver,
        '金' => PieceKind::Gold,
        '角' => PieceKind::Bishop,
        '飛' => PieceKind::Rook,
        '玉' | '王' => PieceKind::King,
        'と' => PieceKind::ProPawn,
        '杏' => PieceKind::ProLance,
        '圭' => PieceKind::ProKnight,
        '全' => PieceKind::ProSilver,
        '馬' => PieceKind::Horse,
        '龍' | '竜' => PieceKind::Dragon,
        _ => return None,
    };
    *i += 1;
    Some(kind)
}

/// The move a KIF move text of the usual form names (`７六歩(77)`, `同　銀成(31)`,
/// `５五角打`), when it is legal: what [`parse`] reads from such a text, without the
/// general machinery, for the record reader, which meets one on every line. `None` for
/// any other text and for a move that is not legal; [`parse`] then reads it, or says what
/// is wrong with it. A test checks that the two agree.
pub(crate) fn parse_kif_plain(pos: &Position, last_to: Option<Square>, text: &str) -> Option<Move> {
    // White space anywhere, as the general reader takes it; a text longer than the usual
    // forms is not one of them.
    let mut buf = [(0, ' '); 12];
    let mut n = 0;
    for c in text.chars() {
        if is_white(c) {
            continue;
        }
        *buf.get_mut(n)? = (n, c);
        n += 1;
    }
    let chars = buf.get(..n)?;
    let (to, mut i) = match chars.first()?.1 {
        '同' => (last_to?, 1),
        c => {
            let file = digit_value(c)?;
            let rank = digit_value(chars.get(1)?.1)?;
            (square_from_numbers(file, rank)?, 2)
        }
    };
    let kind = read_piece(chars, &mut i)?;
    let at = |j: usize| chars.get(j).map(|c| c.1);
    let promote = match at(i) {
        Some('成') => Some(true),
        Some('生') => Some(false),
        Some('不') if at(i + 1) == Some('成') => {
            i += 1;
            Some(false)
        }
        Some('打') if i + 1 == n => {
            let mv = Move::try_drop(kind, to).ok()?;
            return pos.is_legal(mv).is_ok().then_some(mv);
        }
        _ => None,
    };
    if promote.is_some() {
        i += 1;
    }
    if at(i) != Some('(') || at(i + 3) != Some(')') || i + 4 != n {
        return None;
    }
    let from = square_from_numbers(digit_value(at(i + 1)?)?, digit_value(at(i + 2)?)?)?;
    if pos.piece_at(from).is_none_or(|p| p.kind != kind) {
        return None;
    }
    // An origin and no 成: no promotion (the KIF habit [`parse`] follows too).
    let mv = Move::try_normal(from, to, promote.unwrap_or(false)).ok()?;
    pos.is_legal(mv).is_ok().then_some(mv)
}

/// How a reader writes a candidate move in its error messages (its own style's writer).
pub(crate) type Render<'a> = &'a dyn Fn(&Position, Option<Square>, Move) -> String;

/// Reads Japanese (KI2) move text.
pub(crate) fn parse(
    pos: &Position,
    last_to: Option<Square>,
    text: &str,
) -> Result<Move, NotationError> {
    parse_as(pos, last_to, text, Style::Japanese, &render_default)
}

/// Reads move text in the Japanese manner for `style` (KI2, or KIF, whose reader also takes
/// the `(77)` origin), naming candidates in errors as `render` writes them.
pub(crate) fn parse_as(
    pos: &Position,
    last_to: Option<Square>,
    text: &str,
    style: Style,
    render: Render<'_>,
) -> Result<Move, NotationError> {
    parse_admitting(pos, last_to, text, style, render, &|_| false)
}

/// The move a Japanese (KI2) text names that breaks one of the rules `admit` names (a
/// second pawn on a file, a king left in check): a record that ends on such a move (反則)
/// names it as it would any move. `None` when the text names no such move, or a legal one.
pub(crate) fn parse_foul(
    pos: &Position,
    last_to: Option<Square>,
    text: &str,
    admit: &dyn Fn(IllegalMove) -> bool,
) -> Option<Move> {
    parse_admitting(pos, last_to, text, Style::Japanese, &render_default, admit)
        .ok()
        .filter(|&mv| pos.is_legal(mv).is_err())
}

fn parse_admitting(
    pos: &Position,
    last_to: Option<Square>,
    text: &str,
    style: Style,
    render: Render<'_>,
    admit: &dyn Fn(IllegalMove) -> bool,
) -> Result<Move, NotationError> {
    let reader = Reader::new(style, text, render, "成 or 不成");
    let scan = Scan::new(text);
    let chars = scan.chars();
    let at = |i: usize| scan.at(i);
    let mut i = 0;
    let mut pat = Pattern::default();
    if chars.is_empty() {
        return Err(reader.syntax(0, "empty move"));
    }
    i += side_mark_len(chars, pos, text)?;
    // Destination: 同 (or 仝, or shorthand), two digits optionally followed by 同, or an
    // iroha symbol. Two digits come first: the iroha names of file 6 are kanji digits (一
    // is 6a), but an iroha square is followed by a piece, never by a second digit.
    let two_digits = chars.get(i).is_some_and(|c| digit_value(c.1).is_some())
        && chars.get(i + 1).is_some_and(|c| digit_value(c.1).is_some());
    match chars.get(i).map(|c| c.1) {
        Some(c) if shorthand::is_same(c) => i += 1,
        Some(c) if !two_digits && let Some(sq) = crate::iroha::square(c) => {
            pat.to = Some(sq);
            i += 1;
        }
        Some(c) if digit_value(c).is_some() => {
            let file = digit_value(c).unwrap_or(0);
            let rank = chars
                .get(i + 1)
                .and_then(|c| digit_value(c.1))
                .ok_or_else(|| reader.syntax(at(i + 1), "expected the rank digit"))?;
            pat.to = square_from_numbers(file, rank);
            i += 2;
            if chars.get(i).is_some_and(|c| shorthand::is_same(c.1)) {
                i += 1;
            }
        }
        _ => return Err(reader.syntax(at(i), "expected a square or 同")),
    }
    let kind = read_piece(chars, &mut i).ok_or_else(|| reader.syntax(at(i), "expected a piece"))?;
    pat.kind = Some(kind);
    // Direction words, promotion and drop marks, in any order.
    while let Some(&(_, c)) = chars.get(i) {
        match c {
            '上' | '行' | '入' => pat.dirs.up = true,
            '引' => pat.dirs.down = true,
            '寄' => pat.dirs.side = true,
            '直' => pat.dirs.straight = true,
            '右' => pat.dirs.right = true,
            '左' => pat.dirs.left = true,
            '打' => pat.drop = Some(true),
            '成' | shorthand::PROMOTE => pat.promote = Some(true),
            '生' => pat.promote = Some(false),
            // 不成, and the shorthand フナ and 不ナ.
            '不' | 'フ' => {
                if matches!(chars.get(i + 1).map(|c| c.1), Some('成' | 'ナ')) {
                    i += 1;
                    pat.promote = Some(false);
                } else {
                    return Err(reader.syntax(at(i + 1), "expected 成 after 不"));
                }
            }
            '(' | '（' => break,
            _ => return Err(reader.syntax(at(i), "unexpected character")),
        }
        i += 1;
    }
    // A KIF origin: (77).
    if i < chars.len() {
        i += 1;
        let file = chars.get(i).and_then(|c| digit_value(c.1));
        let rank = chars.get(i + 1).and_then(|c| digit_value(c.1));
        match (file, rank) {
            (Some(f), Some(r)) => pat.from = square_from_numbers(f, r),
            _ => return Err(reader.syntax(at(i), "expected the origin square's two digits")),
        }
        i += 2;
        if !matches!(chars.get(i).map(|c| c.1), Some(')' | '）')) {
            return Err(reader.syntax(at(i), "expected `)`"));
        }
        i += 1;
        if i < chars.len() {
            return Err(reader.syntax(at(i), "unexpected text after the origin"));
        }
        pat.drop = Some(false);
        pat.unmarked_means_no_promotion = true;
    }
    if pat.drop == Some(true) && (pat.promote.is_some() || pat.dirs != Default::default()) {
        return Err(NotationError::NoMatch {
            text: text.to_string(),
            reason: "a drop cannot promote or have a direction".to_string(),
        });
    }
    reader.resolve_admitting(pos, last_to, &pat, admit)
}
