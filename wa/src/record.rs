//! The game record: PSN's shape (tag pairs, then the moves numbered as in chess) with the
//! seed's move notation.
//!
//! ```text
//! [Event "Club game"]
//! [Black "A"]
//! [White "B"]
//! [Variant "wa"]
//! [Result "1-0"]
//!
//! 1. SP-8g SP-4e 2. TF-7h VS-4b 3. ...
//! 1-0
//! ```
//!
//! `[Variant "wa"]` is the form with drops, `[Variant "wa-nodrops"]` the form without; a
//! `[SFEN "…"]` tag holds a start position other than the usual one, in the position string of
//! [`crate::sfen`]. Moves may carry a number (`12.` before Black's move, `12...` before
//! White's), and `{…}` comments may stand between them; the result is `1-0`, `0-1`,
//! `1/2-1/2` or `*`. Drops are written `*` (`SP*5e`).

use crate::game::Game;
use crate::notation::{self, Style};
use crate::position::{Position, Rules};
use crate::sfen;
use core::fmt;

/// A record read: its tags in order, the game and the result written at its end.
#[derive(Clone, Debug)]
pub struct Record {
    /// The tag pairs, in the order read (`Variant` and `SFEN` included).
    pub tags: Vec<(String, String)>,
    /// The game.
    pub game: Game,
    /// The result token, `*` if none was written.
    pub result: String,
}

/// Why a record was refused: the line and column (1-based, in characters) and the fault.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct RecordError {
    /// The line, from 1.
    pub line: usize,
    /// The column, from 1.
    pub column: usize,
    /// What is wrong.
    pub reason: String,
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "line {}, column {}: {}",
            self.line, self.column, self.reason
        )
    }
}

impl std::error::Error for RecordError {}

const RESULTS: [&str; 4] = ["1-0", "0-1", "1/2-1/2", "*"];

/// Reads a record.
///
/// # Errors
/// A [`RecordError`] at the first fault: a malformed tag, an unknown variant, a bad start
/// position, a move number out of sequence, a move that is not legal or not well written, or
/// text after the result.
pub fn parse(text: &str) -> Result<Record, RecordError> {
    let mut tags = Vec::new();
    let mut lines = text.lines().enumerate().peekable();
    // 1. The tag pairs, up to the first line that is neither a tag nor blank.
    while let Some(&(n, line)) = lines.peek() {
        let trimmed = line.trim();
        if trimmed.is_empty() {
            lines.next();
            continue;
        }
        if !trimmed.starts_with('[') {
            break;
        }
        let at = |col: usize, reason: String| RecordError {
            line: n + 1,
            column: col,
            reason,
        };
        let inner = trimmed
            .strip_prefix('[')
            .and_then(|t| t.strip_suffix(']'))
            .ok_or_else(|| at(1, "a tag must end with `]`".into()))?;
        let (name, value) = inner
            .split_once(' ')
            .ok_or_else(|| at(2, "a tag is `[Name \"value\"]`".into()))?;
        let value = value
            .strip_prefix('"')
            .and_then(|v| v.strip_suffix('"'))
            .ok_or_else(|| {
                at(
                    name.chars().count() + 3,
                    "a tag's value must be in double quotes".into(),
                )
            })?;
        if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
            return Err(at(
                2,
                format!("a tag name is letters and digits, found `{name}`"),
            ));
        }
        tags.push((name.to_string(), value.to_string(), n + 1));
        lines.next();
    }
    // 2. The start position from the tags.
    let tag = |name: &str| tags.iter().find(|(n, _, _)| n == name);
    let rules = match tag("Variant") {
        None => Rules::Drops,
        Some((_, v, _)) if v == "wa" => Rules::Drops,
        Some((_, v, _)) if v == "wa-nodrops" => Rules::NoDrops,
        Some((_, v, line)) => {
            return Err(RecordError {
                line: *line,
                column: 1,
                reason: format!("unknown variant `{v}`; expected `wa` or `wa-nodrops`"),
            });
        }
    };
    let start = match tag("SFEN") {
        None => Position::start(rules),
        Some((_, v, line)) => sfen::parse(v, rules).map_err(|e| RecordError {
            line: *line,
            column: 1,
            reason: e.to_string(),
        })?,
    };
    let mut game = Game::new(start);
    let mut result = None;
    // 3. The moves.
    let mut in_comment = None;
    for (n, line) in lines {
        for (col, token) in tokens(line, &mut in_comment) {
            let at = |reason: String| RecordError {
                line: n + 1,
                column: col,
                reason,
            };
            if result.is_some() {
                return Err(at(format!("`{token}` after the result")));
            }
            if RESULTS.contains(&token) {
                result = Some(token.to_string());
                continue;
            }
            if let Some(number) = token
                .strip_suffix("...")
                .or_else(|| token.strip_suffix('.'))
            {
                let expected = move_number(&game);
                let black_next = game.position().side_to_move() == crate::Color::Black;
                let dots_ok = token.ends_with("...") != black_next;
                match number.parse::<usize>() {
                    Ok(k) if k == expected && dots_ok => continue,
                    _ => {
                        return Err(at(format!(
                            "move number `{token}` out of sequence; expected {expected}{}",
                            if black_next { "." } else { "..." }
                        )));
                    }
                }
            }
            let m = notation::parse(game.position(), token).map_err(|e| at(e.to_string()))?;
            game.play(m).map_err(|e| at(e.to_string()))?;
        }
    }
    if let Some(col) = in_comment {
        return Err(RecordError {
            line: text.lines().count(),
            column: col,
            reason: "a comment `{` is never closed".into(),
        });
    }
    Ok(Record {
        tags: tags.into_iter().map(|(n, v, _)| (n, v)).collect(),
        game,
        result: result.unwrap_or_else(|| "*".to_string()),
    })
}

/// Splits a line into tokens with their 1-based columns, leaving out `{…}` comments (which may
/// span lines: `in_comment` carries the column of an open `{` to the next line).
fn tokens<'a>(line: &'a str, in_comment: &mut Option<usize>) -> Vec<(usize, &'a str)> {
    let mut out = Vec::new();
    let mut start = None;
    for (col, (i, c)) in line.char_indices().enumerate() {
        if in_comment.is_some() {
            if c == '}' {
                *in_comment = None;
            }
            continue;
        }
        if c == '{' || c.is_whitespace() {
            if let Some((s_col, s)) = start.take() {
                out.push((s_col, &line[s..i]));
            }
            if c == '{' {
                *in_comment = Some(col + 1);
            }
        } else if start.is_none() {
            start = Some((col + 1, i));
        }
    }
    if let Some((s_col, s)) = start {
        out.push((s_col, &line[s..]));
    }
    out
}

/// Writes a record: the tags given (a `Variant` tag, and an `SFEN` tag when the game does not
/// begin at the usual start, are added when missing), then the moves numbered as in chess, ten
/// moves to a line, then the result.
pub fn write(tags: &[(String, String)], game: &Game, result: &str) -> String {
    let mut out = String::new();
    let has = |name: &str| tags.iter().any(|(n, _)| n == name);
    for (name, value) in tags {
        out.push_str(&format!("[{name} \"{value}\"]\n"));
    }
    let rules = game.start().rules();
    if !has("Variant") {
        out.push_str(&format!(
            "[Variant \"{}\"]\n",
            if rules == Rules::Drops {
                "wa"
            } else {
                "wa-nodrops"
            }
        ));
    }
    if !has("SFEN") && *game.start() != Position::start(rules) {
        out.push_str(&format!("[SFEN \"{}\"]\n", sfen::write(game.start())));
    }
    out.push('\n');
    let mut pos = game.start().clone();
    let mut line = String::new();
    let mut number = 1;
    for (i, &m) in game.moves().iter().enumerate() {
        let black = pos.side_to_move() == crate::Color::Black;
        if black {
            line.push_str(&format!("{number}. "));
        } else if i == 0 {
            line.push_str(&format!("{number}... "));
        }
        line.push_str(&notation::write(&pos, m, Style::Western).expect("a game holds legal moves"));
        line.push(' ');
        pos.play_unchecked(m);
        if !black {
            number += 1;
        }
        if i % 10 == 9 {
            out.push_str(line.trim_end());
            out.push('\n');
            line.clear();
        }
    }
    out.push_str(&line);
    out.push_str(result);
    out.push('\n');
    out
}

/// The chess-style number of the next move: one more than the moves White has made.
fn move_number(game: &Game) -> usize {
    let white_first = game.start().side_to_move() == crate::Color::White;
    let plies = game.moves().len();
    // White moves on the even plies when it starts, on the odd ones otherwise.
    let whites = if white_first {
        plies.div_ceil(2)
    } else {
        plies / 2
    };
    1 + whites
}
