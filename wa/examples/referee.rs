//! A referee for wa shogi matches, on the second move generator of the tests
//! (`tests/common/mod.rs`, written apart from the crate), so that a match checks the engines'
//! moves against rules that tokin's own generator did not supply. `scripts/wa/selfplay.py`
//! drives it. One command a line on standard input, one answer a line:
//!
//! | command | answer |
//! |---|---|
//! | `new washogi` or `new washogi-nodrops` | `ok` |
//! | `play MOVE` (USI form, `8h8g`, `10j9i+`, `SP*5e`) | `legal KEY CHECK REPLIES` (the move is made; `KEY` names the position reached, `CHECK` is `check` or `-`, `REPLIES` is `some` or `none`) or `illegal` |
//! | `moves` | the legal moves, space-separated |
//!
//! Moves are read and written here, not by the crate's notation code.

#[path = "../tests/common/mod.rs"]
mod common;

use common::{RefMove, RefPos};
use std::hash::{Hash, Hasher};
use std::io::{BufRead, Write};
use tokin_wa::{Kind, Position, Rules, Square};

/// `8h` → the square's index, reading the file number and the rank letter.
fn square(text: &str) -> Option<usize> {
    let digits = text.len().checked_sub(1)?;
    let file: u8 = text.get(..digits)?.parse().ok()?;
    let rank = text.as_bytes()[digits].checked_sub(b'a')? + 1;
    Square::new(file, rank).map(Square::index)
}

fn square_text(i: usize) -> String {
    let s = Square::from_index(i).expect("on the board");
    format!("{}{}", s.file(), char::from(b'a' + s.rank() - 1))
}

fn read_move(text: &str) -> Option<RefMove> {
    if let Some((kind, to)) = text.split_once('*') {
        let kind = Kind::from_code(kind).filter(|k| *k != Kind::CraneKing)?;
        return Some(RefMove::Drop(kind.index(), square(to)?));
    }
    let (body, promote) = match text.strip_suffix('+') {
        Some(b) => (b, true),
        None => (text, false),
    };
    // The start square ends at its rank letter.
    let split = body.find(|c: char| c.is_ascii_lowercase())? + 1;
    Some(RefMove::Board(
        square(&body[..split])?,
        square(&body[split..])?,
        promote,
    ))
}

fn write_move(m: RefMove) -> String {
    match m {
        RefMove::Board(from, to, promote) => format!(
            "{}{}{}",
            square_text(from),
            square_text(to),
            if promote { "+" } else { "" }
        ),
        RefMove::Drop(kind, to) => format!("{}*{}", Kind::ALL[kind].code(), square_text(to)),
    }
}

fn key(pos: &RefPos) -> u64 {
    let mut h = std::collections::hash_map::DefaultHasher::new();
    (pos.cells, pos.hands, pos.black_to_move).hash(&mut h);
    h.finish()
}

fn main() {
    let mut pos = RefPos::from(&Position::start(Rules::Drops));
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    for line in std::io::stdin().lock().lines() {
        let Ok(line) = line else { break };
        let words: Vec<&str> = line.split_whitespace().collect();
        let answer = match words.as_slice() {
            ["new", "washogi"] => {
                pos = RefPos::from(&Position::start(Rules::Drops));
                "ok".to_string()
            }
            ["new", "washogi-nodrops"] => {
                pos = RefPos::from(&Position::start(Rules::NoDrops));
                "ok".to_string()
            }
            ["play", text] => match read_move(text) {
                Some(m) if pos.is_legal(m) => {
                    pos = pos.play(m);
                    format!(
                        "legal {:016x} {} {}",
                        key(&pos),
                        if pos.in_check() { "check" } else { "-" },
                        if pos.has_legal_move() { "some" } else { "none" }
                    )
                }
                _ => "illegal".to_string(),
            },
            ["moves"] => pos
                .legal()
                .into_iter()
                .map(write_move)
                .collect::<Vec<_>>()
                .join(" "),
            _ => format!("error: unknown command `{line}`"),
        };
        if writeln!(out, "{answer}")
            .and_then(|()| out.flush())
            .is_err()
        {
            break;
        }
    }
}
