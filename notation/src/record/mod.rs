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
//! | e-mail correspondence (`.email`, `.mail`): moves, then the board | [`email`] | no | no | no | no |
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
//! assert!(usi.losses.contains(&record::Loss::Times { format: Format::Usi }));
//! ```
//!
//! Every reader checks every move against the rules and reports the first problem with its
//! line, column and text ([`RecordError`], what is wrong typed as a [`RecordErrorKind`]);
//! [`ReadOptions::lenient`] keeps what came before the first bad move instead. Every reader
//! holds the start position to [`ReadOptions::strictness`]. Every writer says what the format
//! could not hold ([`Written::losses`], each a [`Loss`]). Board diagrams for printing live in [`diagram`].

pub mod csa;
pub mod diagram;
pub mod email;
mod error;
pub mod jkf;
pub mod kif;
mod loss;
mod model;
pub mod psn;
pub mod server_board;
mod tree;
pub mod usi;

pub use error::{RecordError, RecordErrorKind};
pub use loss::Loss;
pub use model::{EndKind, Ending, HeaderKey, Line, MoveTime, Node, Record, Start, Visit};
pub use tree::MAX_VARIATION_DEPTH;

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
    /// A correspondence game by e-mail (seed 003): the moves, then the e-mail board
    /// (`.email`, `.mail`).
    Email,
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
            Format::Email => "email",
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
            "email" | "mail" => Some(Format::Email),
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
        // The e-mail board: a row of nine cells between bars, and hand boxes.
        if t.to_ascii_lowercase().contains("in hand")
            && t.lines()
                .any(|l| l.trim_start().starts_with('|') && l.matches('|').count() >= 10)
        {
            return Some(Format::Email);
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

/// A name that [`Format::from_str`] does not know.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownFormat(pub String);

impl fmt::Display for UnknownFormat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown record format `{}` (known: ", self.0)?;
        for (i, format) in Format::ALL.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            f.write_str(format.name())?;
        }
        f.write_str(")")
    }
}

impl std::error::Error for UnknownFormat {}

impl FromStr for Format {
    type Err = UnknownFormat;

    /// Reads a format name or file extension, as [`Format::from_extension`].
    fn from_str(s: &str) -> Result<Format, UnknownFormat> {
        Format::from_extension(s).ok_or_else(|| UnknownFormat(s.to_string()))
    }
}

/// How strictly to read.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ReadOptions {
    /// Keep everything up to the first bad move (or line) and report the rest as warnings
    /// instead of failing. In either mode a KIF or KI2 variation with a line that cannot be
    /// read is dropped, with a warning naming the line
    /// ([`RecordErrorKind::VariationDropped`]), and
    /// the main line and the other variations are kept: only a broken main line fails a
    /// strict read.
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
    /// Problems skipped in lenient mode, and in every mode the oddities a reader read past:
    /// an unknown CSA `$` key (kept), a KIF ending word it does not know, move numbers that
    /// skip or go back without a `変化` line, a second ending line, a line that ends with a
    /// move breaking a rule (read as 反則負け).
    pub warnings: Vec<RecordError>,
}

/// What a writer produced.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Written {
    /// The file text.
    pub text: String,
    /// What the format could not hold, each once.
    pub losses: Vec<Loss>,
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
        Format::Email => email::parse(text, opts),
    }
}

/// Writes one game.
pub fn write(record: &Record, format: Format) -> Written {
    let mut written = write_one(record, format);
    // KIF numbers every move; KI2 counts them in the `まで` line of a main line that ends.
    let numbered = match format {
        Format::Kif => true,
        Format::Ki2 => record.main.end.is_some(),
        _ => false,
    };
    if record.moves_before > 0 && !numbered {
        written.losses.push(Loss::MoveNumbers {
            format,
            moves_before: record.moves_before,
        });
    }
    written
}

fn write_one(record: &Record, format: Format) -> Written {
    match format {
        Format::Csa => csa::write(record),
        Format::Usi => usi::write(record),
        Format::Jkf => jkf::write(record),
        Format::Kif => kif::write(record),
        Format::Ki2 => kif::write_ki2(record),
        Format::Psn => psn::write(record),
        Format::Email => email::write(record),
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
                for l in w.losses {
                    if !out.losses.contains(&l) {
                        out.losses.push(l);
                    }
                }
            }
        }
        _ => {
            if let Some(r) = records.first() {
                out = write(r, format);
            }
            if records.len() > 1 {
                out.losses.push(Loss::Games {
                    format,
                    left_out: records.len() - 1,
                });
            }
        }
    }
    out
}

/// Decodes a record file's bytes: UTF-8 (with or without a byte-order mark) when they are
/// valid UTF-8, otherwise Shift_JIS (Windows code page 932, which real `.kif` files use).
pub fn decode(bytes: &[u8]) -> String {
    decode_borrowed(bytes).into_owned()
}

/// [`decode`] without copying text that is UTF-8 already: borrowed from `bytes` (after the
/// byte-order mark, if any), or decoded from Shift_JIS.
pub fn decode_borrowed(bytes: &[u8]) -> std::borrow::Cow<'_, str> {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    match std::str::from_utf8(bytes) {
        Ok(s) => std::borrow::Cow::Borrowed(s),
        Err(_) => encoding_rs::SHIFT_JIS.decode(bytes).0,
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
    let mut rest = Some(text);
    std::iter::from_fn(move || {
        let r = rest?;
        // `\n` is ASCII, so the split is on char boundaries; the pieces are those of
        // `split('\n')`, an empty one after a final line end included.
        let line = match find_newline(r.as_bytes()) {
            Some(at) => {
                rest = Some(&r[at + 1..]);
                &r[..at]
            }
            None => {
                rest = None;
                r
            }
        };
        Some(line.trim_end_matches('\r'))
    })
    .enumerate()
    .map(|(i, l)| (i + 1, l))
}

/// The first `\n` in `bytes`, looked for eight bytes at a time: the general search that
/// `split` sets up for each line cost a record reader about as much as the rest of a move
/// line.
fn find_newline(bytes: &[u8]) -> Option<usize> {
    const ONES: u64 = u64::from_le_bytes([1; 8]);
    const HIGHS: u64 = u64::from_le_bytes([0x80; 8]);
    const NEWLINES: u64 = u64::from_le_bytes([b'\n'; 8]);
    let mut chunks = bytes.chunks_exact(8);
    let mut base = 0;
    for chunk in &mut chunks {
        let mut word = [0; 8];
        word.copy_from_slice(chunk);
        // A zero byte in `x` is a newline in the chunk; the test is the usual one for a zero
        // byte in a word, exact as to whether there is one (the position is found below).
        let x = u64::from_le_bytes(word) ^ NEWLINES;
        let found = x.wrapping_sub(ONES) & !x & HIGHS;
        if found != 0 {
            // The lowest flagged byte is the first newline: a byte before it is not zero in
            // `x`, so nothing borrows out of it, and only bytes after a zero can be flagged
            // wrongly. (Looking for it again byte by byte cost 34 instructions a CSA move.)
            return Some(base + (found.trailing_zeros() / 8) as usize);
        }
        base += 8;
    }
    chunks
        .remainder()
        .iter()
        .position(|&b| b == b'\n')
        .map(|i| base + i)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utf8_text_is_borrowed_and_shift_jis_decoded() {
        let cases: [(&[u8], &str); 5] = [
            (b"PI\n+\n", "PI\n+\n"),
            (b"\xEF\xBB\xBFPI\n", "PI\n"),
            ("先手：A\n".as_bytes(), "先手：A\n"),
            // 先手 in Shift_JIS.
            (b"\x90\xe6\x8e\xe8\n", "先手\n"),
            (b"\xEF\xBB\xBF\x90\xe6\x8e\xe8", "先手"),
        ];
        for (bytes, text) in cases {
            let borrowed = decode_borrowed(bytes);
            assert_eq!(borrowed, text, "{bytes:?}");
            assert_eq!(decode(bytes), text, "{bytes:?}");
            let utf8 = std::str::from_utf8(bytes).is_ok();
            assert_eq!(
                matches!(borrowed, std::borrow::Cow::Borrowed(_)),
                utf8,
                "{bytes:?}"
            );
        }
    }

    #[test]
    fn lines_split_as_split_does() {
        let texts = [
            "",
            "\n",
            "a",
            "a\n",
            "a\r\nb\r\n",
            "\u{feff}先手：A\r\n\r\n   1 ７六歩(77)   ( 0:01/00:00:01)\n",
            "one line longer than eight bytes\nand another one\n\n\nlast",
            "\r\r\n\r",
            "１２３４５６７８９\n１２３４５６７８９\n",
        ];
        for text in texts {
            let by_split: Vec<(usize, &str)> = text
                .strip_prefix('\u{feff}')
                .unwrap_or(text)
                .split('\n')
                .map(|l| l.trim_end_matches('\r'))
                .enumerate()
                .map(|(i, l)| (i + 1, l))
                .collect();
            assert_eq!(
                numbered_lines(text).collect::<Vec<_>>(),
                by_split,
                "{text:?}"
            );
        }
        // A newline at every offset of a chunk and past it.
        for len in 0..40 {
            for at in 0..len {
                let mut bytes = vec![b'x'; len];
                bytes[at] = b'\n';
                assert_eq!(find_newline(&bytes), Some(at));
            }
            assert_eq!(find_newline(&vec![b'x'; len]), None);
        }
        // Bytes that differ from a newline in one bit, or that borrow, around one or two.
        let near = [0x0b, 0x09, 0x8a, 0x00, 0x01, 0xff, 0x0e, 0x02];
        for len in 1..24 {
            for at in 0..len {
                for second in at..len {
                    let mut bytes: Vec<u8> =
                        (0..len).map(|i| near[(i + at) % near.len()]).collect();
                    bytes[at] = b'\n';
                    bytes[second] = b'\n';
                    assert_eq!(find_newline(&bytes), Some(at), "{bytes:?}");
                }
            }
        }
    }
    use std::error::Error as _;
    use tokin_core::{Color, PositionError, SfenError};

    /// A mating problem (詰将棋): Black, to move, has no king; White's king stands on 5a.
    const TSUME: [(Format, &str); 3] = [
        (
            Format::Kif,
            "後手の持駒：なし\n  ９ ８ ７ ６ ５ ４ ３ ２ １\n+---------------------------+\n| ・ ・ ・ ・v玉 ・ ・ ・ ・|一\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|二\n| ・ ・ ・ ・ 歩 ・ ・ ・ ・|三\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|四\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|五\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|六\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|七\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|八\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|九\n+---------------------------+\n先手の持駒：金\n手数----指手---------消費時間--\n   1 ５二金打\n   2 詰み\n",
        ),
        (
            Format::Csa,
            "V2.2\nP-51OU\nP+53FU\nP+00KI\n+\n+0052KI\n%TSUMI\n",
        ),
        (
            Format::Usi,
            "position sfen 4k4/9/4P4/9/9/9/9/9/9 b G 1 moves G*5b\n",
        ),
    ];

    fn with(strictness: Strictness) -> ReadOptions {
        ReadOptions {
            strictness,
            ..ReadOptions::default()
        }
    }

    #[test]
    fn a_tsume_record_is_refused_as_a_game_and_read_as_a_problem() {
        let missing = PositionError::MissingKing {
            color: Color::Black,
        };
        for (format, text) in TSUME {
            let e = parse(text, format, with(Strictness::Game)).unwrap_err();
            assert!(e.to_string().contains("black has no king"), "{format}: {e}");
            match &*e.kind {
                RecordErrorKind::StartPosition { source } => assert_eq!(source, &missing),
                RecordErrorKind::Sfen {
                    source: SfenError::Position(source),
                } => assert_eq!(source, &missing),
                other => panic!("{format}: {other:?}"),
            }
            // The typed cause is reachable through `source()`.
            assert!(e.source().is_some(), "{format}");
            for strictness in [Strictness::Problem, Strictness::Relaxed] {
                let p = parse(text, format, with(strictness))
                    .unwrap_or_else(|e| panic!("{format} {strictness}: {e}"));
                let game = &p.records[0];
                assert_eq!(game.start.position().king_square(Color::Black), None);
                assert_eq!(
                    game.main_moves().map(|m| m.to_string()).collect::<Vec<_>>(),
                    ["G*5b"],
                    "{format}"
                );
            }
        }
    }

    #[test]
    fn psn_and_jkf_starts_follow_the_strictness_too() {
        let psn = "[SFEN \"4k4/9/4P4/9/9/9/9/9/9 b G 1\"]\n\n1. G*5b *\n";
        assert!(parse(psn, Format::Psn, with(Strictness::Game)).is_err());
        assert!(parse(psn, Format::Psn, with(Strictness::Problem)).is_ok());
        let game = &parse(psn, Format::Psn, ReadOptions::default())
            .unwrap()
            .records[0];
        let jkf = write(game, Format::Jkf).text;
        let e = parse(&jkf, Format::Jkf, with(Strictness::Game)).unwrap_err();
        assert!(
            matches!(*e.kind, RecordErrorKind::StartPosition { .. }),
            "{e}"
        );
        assert!(e.to_string().contains("black has no king"), "{e}");
        assert_eq!(
            parse(&jkf, Format::Jkf, with(Strictness::Problem))
                .unwrap()
                .records[0],
            *game
        );
    }

    #[test]
    fn move_errors_wrap_their_typed_cause() {
        let e = parse(
            "position startpos moves 7g7e\n",
            Format::Usi,
            ReadOptions::default(),
        )
        .unwrap_err();
        let RecordErrorKind::IllegalMove { source, .. } = &*e.kind else {
            panic!("{e:?}")
        };
        assert_eq!(*source, tokin_core::IllegalMove::Unreachable);
        let e = parse("PI\n+\n+7775FU\n", Format::Csa, ReadOptions::default()).unwrap_err();
        assert!(
            matches!(
                *e.kind,
                RecordErrorKind::Move {
                    source: crate::NotationError::NoMatch { .. }
                }
            ),
            "{e:?}"
        );
        assert_eq!(e.ply, Some(1));
        assert_eq!(e.to_string(), format!("3:1: move 1: {}: `+7775FU`", e.kind));
    }

    #[test]
    fn a_message_quotes_the_text_once() {
        let e = parse("手合割：八枚半落ち\n", Format::Kif, ReadOptions::default()).unwrap_err();
        assert_eq!(e.to_string(), "1:5: unknown handicap `八枚半落ち`");
        let e = parse("V9\n", Format::Csa, ReadOptions::default()).unwrap_err();
        assert_eq!(e.to_string(), "1:1: unknown CSA version `9`: `V9`");
    }

    #[test]
    fn names_of_formats_and_diagram_styles_are_typed_errors() {
        assert_eq!("KIFU".parse::<Format>(), Ok(Format::Kif));
        let e = "kifx".parse::<Format>().unwrap_err();
        assert_eq!(
            e.to_string(),
            "unknown record format `kifx` (known: kif, ki2, csa, jkf, usi)"
        );
        let e = "svg".parse::<diagram::Style>().unwrap_err();
        assert_eq!(
            e.to_string(),
            "unknown diagram style `svg` (bod, email, unicode, or the server's standard, \
             alternate, small, with ,flip or ,noflip)"
        );
    }

    #[test]
    fn losses_are_listed_once_across_games() {
        let text = "position startpos moves 7g7f\nposition startpos moves 2g2f\n";
        let mut games = parse(text, Format::Usi, ReadOptions::default())
            .unwrap()
            .records;
        for g in &mut games {
            g.main.moves[0].bookmark = Some("b".into());
        }
        let w = write_all(&games, Format::Csa);
        assert_eq!(
            w.losses,
            [Loss::Bookmarks {
                format: Format::Csa
            }]
        );
        assert_eq!(w.losses[0].to_string(), "CSA holds no bookmarks");
        let w = write_all(&games, Format::Kif);
        assert_eq!(
            w.losses.last().map(ToString::to_string).as_deref(),
            Some("KIF holds one game per file: 1 more game(s) not written")
        );
    }
}
