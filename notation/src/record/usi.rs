//! USI position lines as a record format: one game per line,
//! `position startpos moves 7g7f 3c3d` or `position sfen <sfen> moves ...` (the leading
//! `position` is optional). Only the start and the main line's moves fit; headers, comments,
//! times, endings and variations are reported as losses when writing.
//!
//! ```
//! use tokin_notation::record::{usi, ReadOptions};
//!
//! let text = "position startpos moves 7g7f 3c3d\nposition sfen 8k/9/9/9/9/9/9/9/K8 b G 1 moves G*1b\n";
//! let games = usi::parse(text, ReadOptions::default()).unwrap().records;
//! assert_eq!(games.len(), 2);
//! assert_eq!(usi::write(&games[1]).text, "position sfen 8k/9/9/9/9/9/9/9/K8 b G 1 moves G*1b\n");
//! ```

use super::error::column_of;
use super::{
    Format, Line, Loss, Node, Parsed, ReadOptions, Record, RecordError, RecordErrorKind, Start,
    Written, numbered_lines,
};
use crate::Style;
use tokin_core::{Handicap, Move, Position};

/// Reads every non-empty line as a game.
///
/// # Errors
/// The first bad line or move (unless `opts.lenient`, which keeps a game's moves up to its
/// first bad one).
pub fn parse(text: &str, opts: ReadOptions) -> Result<Parsed, RecordError> {
    let mut parsed = Parsed::default();
    for (n, line) in numbered_lines(text) {
        let t = line.trim();
        if t.is_empty() || t.starts_with('#') {
            continue;
        }
        match parse_line(line, n, opts, &mut parsed.warnings) {
            Ok(r) => parsed.records.push(r),
            Err(e) if opts.lenient => parsed.warnings.push(e),
            Err(e) => return Err(e),
        }
    }
    if parsed.records.is_empty() && parsed.warnings.is_empty() {
        return Err(RecordError::new(
            0,
            0,
            "",
            RecordErrorKind::NoGame {
                format: Format::Usi,
            },
        ));
    }
    Ok(parsed)
}

/// Reads one `position ...` line (line number `n`); the start position must meet
/// `opts.strictness`.
///
/// # Errors
/// A bad start or a bad move, with its column.
pub fn parse_line(
    line: &str,
    n: usize,
    opts: ReadOptions,
    warnings: &mut Vec<RecordError>,
) -> Result<Record, RecordError> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let mut i = 0;
    if words.first() == Some(&"position") {
        i += 1;
    }
    let at = |w: &str| column_of(line, w);
    let start = match words.get(i) {
        Some(&"startpos") => {
            i += 1;
            Start::Handicap(Handicap::Even)
        }
        // `words[i]` exists (it is `sfen`), so `i + 1 <= words.len()`; the fields are taken
        // from the words after it, so `i + 1 + fields.len()` stays within `words` too.
        Some(&"sfen") => {
            let fields: Vec<&str> = words[i + 1..]
                .iter()
                .take_while(|w| **w != "moves")
                .copied()
                .collect();
            if fields.len() < 3 || fields.len() > 4 {
                return Err(RecordError::new(
                    n,
                    at(words[i]),
                    line.trim(),
                    RecordErrorKind::syntax("an SFEN has three or four fields"),
                ));
            }
            let sfen = fields.join(" ");
            let pos = Position::from_sfen_with(&sfen, opts.strictness).map_err(|source| {
                RecordError::new(
                    n,
                    at(fields[0]),
                    sfen.clone(),
                    RecordErrorKind::Sfen { source },
                )
            })?;
            i += 1 + fields.len();
            Start::from_position(&pos)
        }
        Some(w) => {
            return Err(RecordError::new(
                n,
                at(w),
                *w,
                RecordErrorKind::syntax("expected `startpos` or `sfen`"),
            ));
        }
        None => {
            return Err(RecordError::new(
                n,
                1,
                line.trim(),
                RecordErrorKind::syntax("expected `startpos` or `sfen`"),
            ));
        }
    };
    let mut record = Record::with_start(start);
    match words.get(i) {
        None => return Ok(record),
        Some(&"moves") => i += 1,
        Some(w) => {
            return Err(RecordError::new(
                n,
                at(w),
                *w,
                RecordErrorKind::syntax("expected `moves`"),
            ));
        }
    }
    let mut pos = record.start.position();
    let mut moves = Vec::new();
    // `words[i - 1]` was `moves`, so `i <= words.len()`.
    for (k, w) in words[i..].iter().enumerate() {
        let ply = k + 1;
        let result = match Move::from_usi(w) {
            None => Err(RecordErrorKind::NotAMove { style: Style::Usi }),
            Some(mv) => pos
                .is_legal(mv)
                .map(|()| mv)
                .map_err(|source| RecordErrorKind::IllegalMove { mv, source }),
        };
        match result {
            Ok(mv) => {
                pos.play_unchecked(mv);
                moves.push(Node::new(mv));
            }
            Err(kind) => {
                let e = RecordError::new(n, at(w), *w, kind).at_ply(ply);
                if opts.lenient {
                    warnings.push(e);
                    break;
                }
                return Err(e);
            }
        }
    }
    record.main = Line { moves, end: None };
    Ok(record)
}

/// Writes the main line as one `position` line.
pub fn write(record: &Record) -> Written {
    let mut out = Written::default();
    let mut s = String::from("position ");
    match &record.start {
        Start::Handicap(Handicap::Even) => s.push_str("startpos"),
        start => {
            let mut sfen = start.position().to_sfen();
            // Records number moves from 1; the SFEN's move number is always 1 here.
            if let Some(cut) = sfen.rfind(' ') {
                sfen.truncate(cut);
                sfen.push_str(" 1");
            }
            s.push_str("sfen ");
            s.push_str(&sfen);
        }
    }
    if !record.main.moves.is_empty() {
        s.push_str(" moves");
        for node in &record.main.moves {
            s.push(' ');
            s.push_str(&node.mv.to_string());
        }
    }
    s.push('\n');
    out.text = s;
    const FORMAT: Format = Format::Usi;
    if !record.header.is_empty() {
        out.losses.push(Loss::Header { format: FORMAT });
    }
    let mut comments = !record.comments.is_empty();
    let mut times = false;
    let mut variations = false;
    let mut bookmarks = false;
    record.walk(|v| {
        comments |= !v.node.comments.is_empty();
        times |= v.node.time.is_some();
        variations |= !v.node.variations.is_empty();
        bookmarks |= v.node.bookmark.is_some();
    });
    if comments {
        out.losses.push(Loss::Comments { format: FORMAT });
    }
    if times {
        out.losses.push(Loss::Times { format: FORMAT });
    }
    if variations {
        out.losses.push(Loss::Variations { format: FORMAT });
    }
    if bookmarks {
        out.losses.push(Loss::Bookmarks { format: FORMAT });
    }
    if record.main.end.is_some() {
        out.losses.push(Loss::Ending { format: FORMAT });
    }
    out
}
