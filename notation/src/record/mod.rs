//! Game records (棋譜, *kifu*): one model ([`Record`]) and readers and writers for the files
//! GUIs, servers and databases keep games in.
//!
//! | format | module | variations | comments | times | bookmarks |
//! |---|---|---|---|---|---|
//! | KIF (`.kif` Shift_JIS, `.kifu` UTF-8) | [`kif`] | yes | yes (`*`) | yes | yes (`&`) |
//! | KI2 (`.ki2`, `.ki2u`) | [`kif`] | yes | yes | no | yes |
//! | CSA V2.2 / V3.0 | [`csa`] | no | yes (`'*`) | yes | no |
//! | JSON Kifu Format | [`jkf`] | yes | yes | whole seconds | no |
//! | PSN (Portable Shogi Notation) | [`psn`] | yes | yes (`{}`) | no | no |
//! | USI lines (`position ... moves ...`) | [`usi`] | no | no | no | no |
//!
//! ```
//! use tokin_notation::record::{self, Format, ReadOptions};
//!
//! let csa = "V2.2\nN+Sente\nN-Gote\nPI\n+\n+7776FU\nT3\n-3334FU\n%TORYO\n";
//! let game = &record::parse(csa, Format::Csa, ReadOptions::default()).unwrap().records[0];
//! let kif = record::write(game, Format::Kif);
//! assert!(kif.text.contains("   1 ７六歩(77)   ( 0:03/00:00:03)"));
//! assert!(kif.text.contains("   3 投了"));
//! let usi = record::write(game, Format::Usi);
//! assert_eq!(usi.text, "position startpos moves 7g7f 3c3d\n");
//! assert!(usi.losses.iter().any(|l| l.contains("no times")));
//! ```
//!
//! Every reader checks every move against the rules and reports the first problem with its
//! line, column and text ([`RecordError`]); [`ReadOptions::lenient`] keeps what came before
//! the first bad move instead. Every writer says what the format could not hold
//! ([`Written::losses`]). Board diagrams for printing live in [`diagram`].

pub mod csa;
pub mod diagram;
mod error;
pub mod jkf;
pub mod kif;
mod model;
pub mod psn;
mod tree;
pub mod usi;

pub use error::RecordError;
pub use model::{EndKind, Ending, HeaderKey, Line, MoveTime, Node, Record, Start, Visit};

use core::fmt;
use core::str::FromStr;
use tokin_core::Strictness;

/// A record file format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Format {
    /// CSA standard file format (`.csa`).
    Csa,
    /// USI `position` lines, one game per line (`.usi`, `.sfen`).
    Usi,
    /// JSON Kifu Format (`.jkf`, `.json`).
    Jkf,
    /// KIF (`.kif` in Shift_JIS, `.kifu` in UTF-8).
    Kif,
    /// KI2 (`.ki2` in Shift_JIS, `.ki2u` in UTF-8).
    Ki2,
    /// PSN, Portable Shogi Notation (`.psn`).
    Psn,
}

impl Format {
    /// Every format.
    pub const ALL: [Format; 5] = [
        Format::Kif,
        Format::Ki2,
        Format::Csa,
        Format::Jkf,
        Format::Usi,
    ];

    /// The name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Format::Csa => "csa",
            Format::Usi => "usi",
            Format::Jkf => "jkf",
            Format::Kif => "kif",
            Format::Ki2 => "ki2",
            Format::Psn => "psn",
        }
    }

    /// The usual file extension (the same as the name).
    pub fn extension(self) -> &'static str {
        self.name()
    }

    /// The format for a file extension (without the dot, any case).
    pub fn from_extension(ext: &str) -> Option<Format> {
        match ext.to_ascii_lowercase().as_str() {
            "csa" => Some(Format::Csa),
            "usi" | "sfen" => Some(Format::Usi),
            "jkf" | "json" => Some(Format::Jkf),
            "kif" | "kifu" => Some(Format::Kif),
            "ki2" | "ki2u" => Some(Format::Ki2),
            "psn" | "pgn" => Some(Format::Psn),
            _ => None,
        }
    }

    /// Guesses the format from a file's text.
    pub fn detect(text: &str) -> Option<Format> {
        let t = text.trim_start_matches('\u{feff}').trim_start();
        if t.starts_with('{') {
            return Some(Format::Jkf);
        }
        if t.starts_with('[') {
            return Some(Format::Psn);
        }
        let first = t.lines().next().unwrap_or("").trim();
        if first.starts_with("position ")
            || first.starts_with("startpos")
            || first.starts_with("sfen ")
        {
            return Some(Format::Usi);
        }
        let mut japanese = false;
        for line in t.lines().take(200) {
            let l = line.trim();
            if l.starts_with("手数----") || l.starts_with("手合割") {
                japanese = true;
            }
            let first = l.chars().next().unwrap_or(' ');
            if japanese && first.is_ascii_digit() {
                return Some(Format::Kif);
            }
            if japanese && matches!(first, '▲' | '△' | '☗' | '☖') {
                return Some(Format::Ki2);
            }
            if l.starts_with("手数----") {
                return Some(Format::Kif);
            }
            if l.starts_with("V2")
                || l.starts_with("V3")
                || l.starts_with("PI")
                || l.starts_with("P1")
                || l.starts_with("N+")
                || l.starts_with("'CSA")
            {
                return Some(Format::Csa);
            }
        }
        if japanese || t.contains("先手：") || t.contains("後手の持駒") {
            return Some(if t.contains('▲') || t.contains('☗') {
                Format::Ki2
            } else {
                Format::Kif
            });
        }
        None
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Format {
    type Err = String;
    fn from_str(s: &str) -> Result<Format, String> {
        Format::from_extension(s).ok_or_else(|| {
            let names: Vec<&str> = Format::ALL.iter().map(|f| f.name()).collect();
            format!("unknown record format `{s}` (known: {})", names.join(", "))
        })
    }
}

/// How strictly to read.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ReadOptions {
    /// Keep everything up to the first bad move (or line) and report the rest as warnings
    /// instead of failing.
    pub lenient: bool,
    /// Which start positions are accepted (by default [`Strictness::Relaxed`]: any position
    /// that can be played, mating problems included).
    pub strictness: Strictness,
}

/// What a reader produced.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Parsed {
    /// The games in the file (most formats hold one).
    pub records: Vec<Record>,
    /// Problems skipped in lenient mode.
    pub warnings: Vec<RecordError>,
}

/// What a writer produced.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Written {
    /// The file text.
    pub text: String,
    /// What the format could not hold, one sentence each.
    pub losses: Vec<String>,
}

/// Reads the games in `text`.
///
/// # Errors
/// The first problem, with line, column and text (unless `opts.lenient`).
pub fn parse(text: &str, format: Format, opts: ReadOptions) -> Result<Parsed, RecordError> {
    match format {
        Format::Csa => csa::parse(text, opts),
        Format::Usi => usi::parse(text, opts),
        Format::Jkf => jkf::parse(text, opts),
        Format::Kif => kif::parse(text, opts),
        Format::Ki2 => kif::parse_ki2(text, opts),
        Format::Psn => psn::parse(text, opts),
    }
}

/// Writes one game.
pub fn write(record: &Record, format: Format) -> Written {
    match format {
        Format::Csa => csa::write(record),
        Format::Usi => usi::write(record),
        Format::Jkf => jkf::write(record),
        Format::Kif => kif::write(record),
        Format::Ki2 => kif::write_ki2(record),
        Format::Psn => psn::write(record),
    }
}

/// Writes several games into one file where the format allows it (CSA separates games with
/// `/`, USI writes a line each, PSN starts each with its tags); other formats keep only the
/// first and say so.
pub fn write_all(records: &[Record], format: Format) -> Written {
    let mut out = Written::default();
    match format {
        Format::Csa | Format::Usi | Format::Psn => {
            for (i, r) in records.iter().enumerate() {
                let w = write(r, format);
                if i > 0 && format == Format::Csa {
                    out.text.push_str("/\n");
                }
                if i > 0 && format == Format::Psn {
                    out.text.push('\n');
                }
                out.text.push_str(&w.text);
                out.losses.extend(w.losses);
            }
        }
        _ => {
            if let Some(r) = records.first() {
                out = write(r, format);
            }
            if records.len() > 1 {
                out.losses.push(format!(
                    "{} holds one game per file: {} more game(s) not written",
                    format,
                    records.len() - 1
                ));
            }
        }
    }
    out
}

/// Decodes a record file's bytes: UTF-8 (with or without a byte-order mark) when they are
/// valid UTF-8, otherwise Shift_JIS (Windows code page 932, which real `.kif` files use).
pub fn decode(bytes: &[u8]) -> String {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    match std::str::from_utf8(bytes) {
        Ok(s) => s.to_string(),
        Err(_) => {
            let (text, _, _) = encoding_rs::SHIFT_JIS.decode(bytes);
            text.into_owned()
        }
    }
}

/// Encodes text as Shift_JIS (CP932), or `None` when a character has no Shift_JIS code.
pub fn encode_shift_jis(text: &str) -> Option<Vec<u8>> {
    let (bytes, _, had_errors) = encoding_rs::SHIFT_JIS.encode(text);
    if had_errors {
        None
    } else {
        Some(bytes.into_owned())
    }
}

/// Lines of a text with their numbers (from 1), without line ends (`\n`, `\r\n` or `\r`).
pub(crate) fn numbered_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    text.split('\n')
        .map(|l| l.trim_end_matches('\r'))
        .enumerate()
        .map(|(i, l)| (i + 1, l))
}
