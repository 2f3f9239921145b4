//! PSN (Portable Shogi Notation, GNU Shogi's PGN-like format).
//!
//! Tag pairs (`[Sente "..."]`, `[Gote "..."]`, `[Event "..."]`, `[Site "..."]`, `[Date "..."]`,
//! `[Handicap "..."]` or `[SFEN "..."]` for the start, `[Termination "TORYO"]` for the end),
//! then numbered Hodges moves (`1. P-7f P-3d 2. P-2f`), `{comments}` after moves, and
//! `( ... )` variations that replace the move before them, as in PGN. A result token
//! (`1-0`, `0-1`, `1/2-1/2`, `*`) closes the game. PSN holds no times, no bookmarks and no
//! endings of variations.
//!
//! ```
//! use tokin_notation::record::{psn, ReadOptions};
//!
//! let text = "[Sente \"A\"]\n[Gote \"B\"]\n\n1. P-7f P-3d (1... P-8d) 2. Bx2b+ {sharp} Sx2b *\n";
//! let game = &psn::parse(text, ReadOptions::default()).unwrap().records[0];
//! assert_eq!(game.main.moves.len(), 4);
//! assert_eq!(game.main.moves[1].variations.len(), 1);
//! assert_eq!(game.main.moves[2].comments, vec!["sharp".to_string()]);
//! assert!(psn::write(game).text.contains("1. P-7f P-3d ( 1... P-8d ) 2. Bx2b+ {sharp} 2... Sx2b *"));
//! ```

use super::tree::MAX_VARIATION_DEPTH;
use super::{
    EndKind, Ending, Format, HeaderKey, Line, Loss, Node, Parsed, ReadOptions, Record, RecordError,
    RecordErrorKind, Start, Written, numbered_lines,
};
use crate::{Style, parse_move, write_move};
use std::fmt::Write as _;
use tokin_core::{Color, Handicap, Position, Square};

#[derive(Debug, Clone, PartialEq, Eq)]
enum Tok {
    Open,
    Close,
    Comment(String),
    Number,
    Result,
    Nag,
    Word(String),
}

struct Token {
    tok: Tok,
    line: usize,
    col: usize,
    text: String,
}

fn tokenize(lines: &[(usize, &str)]) -> Result<Vec<Token>, RecordError> {
    let mut out = Vec::new();
    let mut comment: Option<(usize, usize, String)> = None;
    for &(n, line) in lines {
        let chars: Vec<char> = line.chars().collect();
        let mut i = 0;
        // Every `chars[i]` below is under `i < chars.len()`; inside a word `i > start`, so
        // `chars[i - 1]` and `chars[start..i]` are in range.
        while i < chars.len() {
            if let Some((_, _, text)) = comment.as_mut() {
                if chars[i] == '}' {
                    let (l, c, text) = comment.take().unwrap_or_default();
                    out.push(Token {
                        tok: Tok::Comment(text.clone()),
                        line: l,
                        col: c,
                        text,
                    });
                } else {
                    text.push(chars[i]);
                }
                i += 1;
                continue;
            }
            let c = chars[i];
            let col = i + 1;
            match c {
                _ if c.is_whitespace() => i += 1,
                '{' => {
                    comment = Some((n, col, String::new()));
                    i += 1;
                }
                ';' => break,
                '(' => {
                    out.push(Token {
                        tok: Tok::Open,
                        line: n,
                        col,
                        text: "(".into(),
                    });
                    i += 1;
                }
                ')' => {
                    out.push(Token {
                        tok: Tok::Close,
                        line: n,
                        col,
                        text: ")".into(),
                    });
                    i += 1;
                }
                _ => {
                    let start = i;
                    while i < chars.len()
                        && !chars[i].is_whitespace()
                        && !matches!(chars[i], '{' | '(' | ')' | ';')
                    {
                        i += 1;
                        // A move number runs into its move: `1.P-7f`.
                        if chars[i - 1] == '.'
                            && chars[start].is_ascii_digit()
                            && i < chars.len()
                            && chars[i] != '.'
                        {
                            break;
                        }
                    }
                    let word: String = chars[start..i].iter().collect();
                    let tok = if matches!(word.as_str(), "1-0" | "0-1" | "1/2-1/2" | "*") {
                        Tok::Result
                    } else if word.starts_with('$') {
                        Tok::Nag
                    } else if word.chars().next().is_some_and(|c| c.is_ascii_digit())
                        && word
                            .trim_end_matches('.')
                            .chars()
                            .all(|c| c.is_ascii_digit())
                        && word.ends_with('.')
                    {
                        Tok::Number
                    } else {
                        Tok::Word(word.clone())
                    };
                    out.push(Token {
                        tok,
                        line: n,
                        col: start + 1,
                        text: word,
                    });
                }
            }
        }
        if let Some((_, _, text)) = comment.as_mut() {
            text.push('\n');
        }
    }
    if let Some((l, c, _)) = comment {
        return Err(RecordError::new(
            l,
            c,
            "{",
            RecordErrorKind::syntax("comment not closed with }"),
        ));
    }
    Ok(out)
}

/// The form of a tag, for the errors about one.
const TAG: &str = "a tag is [Name \"value\"]";

fn unquote(v: &str) -> Option<String> {
    let inner = v.strip_prefix('"')?.strip_suffix('"')?;
    let mut out = String::new();
    let mut esc = false;
    for c in inner.chars() {
        if esc {
            out.push(c);
            esc = false;
        } else if c == '\\' {
            esc = true;
        } else {
            out.push(c);
        }
    }
    Some(out)
}

/// Reads a PSN text (one game).
///
/// # Errors
/// The first problem (unless `opts.lenient`): a bad tag, an unknown handicap, a bad SFEN, a
/// move that is not legal, an unbalanced parenthesis.
pub fn parse(text: &str, opts: ReadOptions) -> Result<Parsed, RecordError> {
    // A tag line after move text starts the next game.
    let mut games: Vec<Vec<(usize, &str)>> = vec![Vec::new()];
    let mut in_moves = false;
    for (n, line) in numbered_lines(text) {
        let t = line.trim();
        if t.starts_with('[') && in_moves {
            games.push(Vec::new());
            in_moves = false;
        } else if !t.is_empty() && !t.starts_with('[') {
            in_moves = true;
        }
        if let Some(g) = games.last_mut() {
            g.push((n, line));
        }
    }
    let mut parsed = Parsed::default();
    for g in &games {
        if g.iter().all(|(_, l)| l.trim().is_empty()) {
            continue;
        }
        let record = parse_game(g, opts, &mut parsed.warnings)?;
        parsed.records.push(record);
    }
    if parsed.records.is_empty() {
        return Err(RecordError::new(
            0,
            0,
            "",
            RecordErrorKind::NoGame {
                format: Format::Psn,
            },
        ));
    }
    Ok(parsed)
}

fn parse_game(
    lines: &[(usize, &str)],
    opts: ReadOptions,
    warnings: &mut Vec<RecordError>,
) -> Result<Record, RecordError> {
    let mut record = Record::new();
    let mut termination = None;
    let mut body: Vec<(usize, &str)> = Vec::new();
    for &(n, line) in lines {
        let t = line.trim();
        if body.is_empty() && t.starts_with('[') {
            let inner = t
                .strip_prefix('[')
                .and_then(|x| x.strip_suffix(']'))
                .ok_or_else(|| RecordError::new(n, 1, t, RecordErrorKind::syntax(TAG)))?;
            let (name, value) = inner
                .split_once(' ')
                .ok_or_else(|| RecordError::new(n, 2, t, RecordErrorKind::syntax(TAG)))?;
            let value = unquote(value.trim()).ok_or_else(|| {
                RecordError::new(
                    n,
                    name.len() + 3,
                    t,
                    RecordErrorKind::syntax("a tag value is in double quotes"),
                )
            })?;
            match name {
                "Sente" | "Black" => record.header.push((HeaderKey::Black, value)),
                "Gote" | "White" => record.header.push((HeaderKey::White, value)),
                "Event" => record.header.push((HeaderKey::Event, value)),
                "Site" => record.header.push((HeaderKey::Site, value)),
                "Date" => record.header.push((HeaderKey::StartTime, value)),
                "EndDate" => record.header.push((HeaderKey::EndTime, value)),
                "TimeControl" => record.header.push((HeaderKey::TimeControl, value)),
                "Opening" => record.header.push((HeaderKey::Opening, value)),
                "Handicap" => {
                    let h = handicap_from_tag(&value).ok_or_else(|| {
                        RecordError::new(
                            n,
                            name.len() + 3,
                            &value,
                            RecordErrorKind::UnknownHandicap {
                                name: value.clone(),
                            },
                        )
                    })?;
                    record.start = Start::Handicap(h);
                }
                "SFEN" | "FEN" => {
                    let pos =
                        Position::from_sfen_with(&value, opts.strictness).map_err(|source| {
                            RecordError::new(
                                n,
                                name.len() + 3,
                                &value,
                                RecordErrorKind::Sfen { source },
                            )
                        })?;
                    record.start = Start::from_position(&pos);
                }
                "Termination" => termination = Some((n, value)),
                "Result" => {}
                other => record
                    .header
                    .push((HeaderKey::Other(other.to_string()), value)),
            }
            continue;
        }
        if !t.is_empty() || !body.is_empty() {
            body.push((n, line));
        }
    }
    let tokens = tokenize(&body)?;
    let mut i = 0;
    let mut stop = false;
    let start = record.start.position();
    let mut comments = Vec::new();
    let main = parse_line(
        &tokens,
        &mut i,
        start,
        None,
        0,
        opts,
        warnings,
        &mut stop,
        &mut comments,
    )?;
    record.comments = comments;
    record.main = main;
    if let Some((n, t)) = termination {
        let side = record.final_position().side_to_move();
        let kind = EndKind::from_csa(&t, side).ok_or_else(|| {
            RecordError::new(n, 1, &t, RecordErrorKind::UnknownEnding { name: t.clone() })
        })?;
        record.main.end = Some(Ending::new(kind));
    }
    Ok(record)
}

#[allow(clippy::too_many_arguments)]
fn parse_line(
    tokens: &[Token],
    i: &mut usize,
    mut pos: Position,
    mut last_to: Option<Square>,
    depth: usize,
    opts: ReadOptions,
    warnings: &mut Vec<RecordError>,
    stop: &mut bool,
    start_comments: &mut Vec<String>,
) -> Result<Line, RecordError> {
    let mut line = Line::default();
    let mut before: Option<(Position, Option<Square>)> = None;
    let mut pending: Vec<String> = Vec::new();
    while *i < tokens.len() {
        let t = &tokens[*i];
        *i += 1;
        match &t.tok {
            Tok::Number | Tok::Nag => {}
            Tok::Result => {
                if depth == 0 {
                    break;
                }
            }
            Tok::Comment(c) => {
                let c = c.trim().to_string();
                match line.moves.last_mut() {
                    Some(node) => node.comments.push(c),
                    None if depth == 0 => start_comments.push(c),
                    None => pending.push(c),
                }
            }
            Tok::Close => {
                if depth == 0 {
                    return Err(RecordError::new(
                        t.line,
                        t.col,
                        ")",
                        RecordErrorKind::syntax("`)` without `(`"),
                    ));
                }
                return Ok(line);
            }
            Tok::Open => {
                let Some((p, l)) = before.clone() else {
                    return Err(RecordError::new(
                        t.line,
                        t.col,
                        "(",
                        RecordErrorKind::syntax("a variation must follow a move"),
                    ));
                };
                // Each `(` recurses: bound the nesting before a crafted file runs the stack out.
                if depth >= MAX_VARIATION_DEPTH {
                    return Err(RecordError::new(
                        t.line,
                        t.col,
                        "(",
                        RecordErrorKind::Syntax {
                            reason: format!(
                                "variations nest more than {MAX_VARIATION_DEPTH} levels deep"
                            )
                            .into(),
                        },
                    ));
                }
                let mut ignored = Vec::new();
                let var = parse_line(
                    tokens,
                    i,
                    p,
                    l,
                    depth + 1,
                    opts,
                    warnings,
                    stop,
                    &mut ignored,
                )?;
                if let Some(node) = line.moves.last_mut()
                    && !var.moves.is_empty()
                {
                    node.variations.push(var);
                }
            }
            Tok::Word(w) => {
                if *stop {
                    continue;
                }
                let text = w.trim_end_matches(['!', '?']);
                let ply = pos.move_number() as usize;
                match parse_move(&pos, last_to, text, Style::Hodges) {
                    Ok(mv) => {
                        before = Some((pos.clone(), last_to));
                        pos.play_unchecked(mv);
                        last_to = Some(mv.to());
                        let mut node = Node::new(mv);
                        node.comments.append(&mut pending);
                        line.moves.push(node);
                    }
                    Err(source) => {
                        let e = RecordError::new(
                            t.line,
                            t.col,
                            &t.text,
                            RecordErrorKind::Move { source },
                        )
                        .at_ply(ply);
                        if opts.lenient {
                            warnings.push(e);
                            *stop = true;
                        } else {
                            return Err(e);
                        }
                    }
                }
            }
        }
    }
    if depth > 0 {
        let t = tokens.last().map_or((0, 0), |t| (t.line, t.col));
        return Err(RecordError::new(
            t.0,
            t.1,
            "(",
            RecordErrorKind::syntax("variation not closed with `)`"),
        ));
    }
    Ok(line)
}

/// The handicap of a PSN `Handicap` tag: tokin's names (`2-pieces`), Japanese names, or the
/// spellings other PSN writers use (`2 piece`, `Two pieces`, `Rook and Lance`, `None`).
fn handicap_from_tag(value: &str) -> Option<Handicap> {
    if let Some(h) = Handicap::from_name(value.trim()) {
        return Some(h);
    }
    let mut key: String = value
        .to_ascii_lowercase()
        .chars()
        .filter(|c| c.is_ascii_alphanumeric())
        .collect();
    for (word, digit) in [
        ("two", "2"),
        ("three", "3"),
        ("four", "4"),
        ("five", "5"),
        ("six", "6"),
        ("seven", "7"),
        ("eight", "8"),
        ("ten", "10"),
    ] {
        key = key.replace(word, digit);
    }
    let key = key
        .trim_end_matches("handicap")
        .trim_end_matches('s')
        .replace("and", "");
    Some(match key.as_str() {
        "" | "none" | "even" | "hirate" => Handicap::Even,
        "lance" | "leftlance" => Handicap::Lance,
        "rightlance" => Handicap::RightLance,
        "bishop" => Handicap::Bishop,
        "rook" => Handicap::Rook,
        "rooklance" => Handicap::RookLance,
        "2piece" => Handicap::TwoPieces,
        "3piece" => Handicap::ThreePieces,
        "4piece" => Handicap::FourPieces,
        "5piece" => Handicap::FivePieces,
        "left5piece" => Handicap::LeftFivePieces,
        "6piece" => Handicap::SixPieces,
        "left7piece" => Handicap::LeftSevenPieces,
        "right7piece" => Handicap::RightSevenPieces,
        "8piece" => Handicap::EightPieces,
        "10piece" => Handicap::TenPieces,
        _ => return None,
    })
}

fn quote(v: &str) -> String {
    let mut s = String::from("\"");
    for c in v.chars() {
        match c {
            '"' | '\\' => {
                s.push('\\');
                s.push(c);
            }
            '\n' | '\r' => s.push(' '),
            c => s.push(c),
        }
    }
    s.push('"');
    s
}

const FORMAT: Format = Format::Psn;

/// Writes a record as PSN.
pub fn write(record: &Record) -> Written {
    let mut out = Written::default();
    let s = &mut out.text;
    for (k, v) in &record.header {
        let tag = match k {
            HeaderKey::Black => "Sente",
            HeaderKey::White => "Gote",
            HeaderKey::Event => "Event",
            HeaderKey::Site => "Site",
            HeaderKey::StartTime => "Date",
            HeaderKey::EndTime => "EndDate",
            HeaderKey::TimeControl => "TimeControl",
            HeaderKey::Opening => "Opening",
            HeaderKey::Other(k) => {
                let reserved = [
                    "Handicap",
                    "SFEN",
                    "FEN",
                    "Termination",
                    "Result",
                    "Sente",
                    "Gote",
                    "Black",
                    "White",
                    "Event",
                    "Site",
                    "Date",
                    "EndDate",
                    "TimeControl",
                    "Opening",
                ];
                if !k.is_empty()
                    && k.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
                    && !reserved.contains(&k.as_str())
                {
                    k.as_str()
                } else {
                    out.losses.push(Loss::HeaderKey {
                        format: FORMAT,
                        key: k.clone(),
                    });
                    continue;
                }
            }
        };
        let _ = writeln!(s, "[{tag} {}]", quote(v));
    }
    match &record.start {
        Start::Handicap(Handicap::Even) => {}
        Start::Handicap(h) => {
            let _ = writeln!(s, "[Handicap {}]", quote(h.name()));
        }
        Start::Position(p) => {
            let _ = writeln!(s, "[SFEN {}]", quote(&p.to_sfen()));
        }
    }
    let final_pos = record.final_position();
    let result = match &record.main.end {
        Some(end) => match end.kind.csa(final_pos.side_to_move()) {
            Some(name) => {
                let _ = writeln!(s, "[Termination {}]", quote(name));
                result_token(end.kind, final_pos.side_to_move())
            }
            None => {
                out.losses.push(Loss::EndKind {
                    format: FORMAT,
                    kind: end.kind,
                });
                "*"
            }
        },
        None => "*",
    };
    s.push('\n');
    let mut words: Vec<String> = Vec::new();
    for c in &record.comments {
        words.push(comment(c));
    }
    let first = record.start.position().side_to_move();
    let mut losses = Vec::new();
    write_line(
        &record.main,
        record.start.position(),
        None,
        1,
        first,
        &mut words,
        &mut losses,
        true,
    );
    words.push(result.to_string());
    for l in losses {
        if !out.losses.contains(&l) {
            out.losses.push(l);
        }
    }
    let mut col = 0;
    for w in words {
        if col > 0 && col + 1 + w.chars().count() > 79 {
            s.push('\n');
            col = 0;
        } else if col > 0 {
            s.push(' ');
            col += 1;
        }
        col += w.chars().count();
        s.push_str(&w);
    }
    s.push('\n');
    out
}

fn result_token(kind: EndKind, side_to_move: Color) -> &'static str {
    let winner = match kind {
        EndKind::Resign
        | EndKind::Mate
        | EndKind::TimeUp
        | EndKind::IllegalLoss
        | EndKind::ForfeitLoss => Some(!side_to_move),
        EndKind::EnteringKingWin | EndKind::IllegalWin | EndKind::ForfeitWin => Some(side_to_move),
        EndKind::Repetition | EndKind::Impasse | EndKind::Draw => return "1/2-1/2",
        _ => None,
    };
    match winner {
        Some(Color::Black) => "1-0",
        Some(Color::White) => "0-1",
        None => "*",
    }
}

fn comment(c: &str) -> String {
    format!("{{{}}}", c.replace('}', ")"))
}

#[allow(clippy::too_many_arguments)]
fn write_line(
    line: &Line,
    mut pos: Position,
    mut last_to: Option<Square>,
    first_ply: usize,
    first_mover: Color,
    words: &mut Vec<String>,
    losses: &mut Vec<Loss>,
    main: bool,
) {
    let offset = usize::from(first_mover == Color::White);
    let mut need_number = true;
    for (i, node) in line.moves.iter().enumerate() {
        let ply = first_ply + i;
        let pair = (ply + offset).div_ceil(2);
        let side = pos.side_to_move();
        if side == Color::Black {
            words.push(format!("{pair}."));
        } else if need_number {
            words.push(format!("{pair}..."));
        }
        need_number = false;
        let text = write_move(&pos, last_to, node.mv, Style::Hodges).unwrap_or_default();
        words.push(text);
        for c in &node.comments {
            words.push(comment(c));
            need_number = true;
        }
        if node.time.is_some() {
            losses.push(Loss::Times { format: FORMAT });
        }
        if node.bookmark.is_some() {
            losses.push(Loss::Bookmarks { format: FORMAT });
        }
        for var in &node.variations {
            words.push("(".into());
            write_line(
                var,
                pos.clone(),
                last_to,
                ply,
                first_mover,
                words,
                losses,
                false,
            );
            words.push(")".into());
            need_number = true;
        }
        last_to = Some(node.mv.to());
        pos.play_unchecked(node.mv);
    }
    if let Some(end) = &line.end {
        if !main {
            losses.push(Loss::VariationEndings { format: FORMAT });
        }
        if !end.comments.is_empty() || !end.variations.is_empty() || end.time.is_some() {
            losses.push(Loss::EndingDetails { format: FORMAT });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn handicap_tags_in_other_spellings() {
        assert_eq!(handicap_from_tag("2 piece"), Some(Handicap::TwoPieces));
        assert_eq!(handicap_from_tag("Two Pieces"), Some(Handicap::TwoPieces));
        assert_eq!(
            handicap_from_tag("Rook and Lance"),
            Some(Handicap::RookLance)
        );
        assert_eq!(
            handicap_from_tag("left-7-pieces"),
            Some(Handicap::LeftSevenPieces)
        );
        assert_eq!(handicap_from_tag("香落ち"), Some(Handicap::Lance));
        assert_eq!(handicap_from_tag("9 pieces"), None);
        for h in Handicap::ALL {
            assert_eq!(handicap_from_tag(h.name()), Some(h));
        }
    }
}
