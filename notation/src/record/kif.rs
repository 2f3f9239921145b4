//! KIF (`.kif` in Shift_JIS, `.kifu` in UTF-8) and KI2 (`.ki2`, `.ki2u`), the Kakinoki formats.
//!
//! Both share the header (`key：value` lines such as `開始日時`, `棋戦`, `手合割` with every
//! handicap name, `先手`/`後手` or `下手`/`上手`), the BOD board diagram for other starts,
//! `*` comments, `&` bookmarks and `変化：N手` variations. KIF numbers each move and gives its
//! origin and times (`   1 ７六歩(77)   ( 0:01/00:00:01)`), and writes the end as a move
//! (`投了`, `千日手`, ...). KI2 writes several moves per line in Japanese notation with
//! direction words (`▲７六歩    △３四歩`) and states the end in its `まで…手で…` line.
//!
//! Text is decoded by the caller ([`super::decode`]); a byte-order mark and CRLF are fine.
//!
//! ```
//! use tokin_notation::record::{kif, EndKind, ReadOptions};
//!
//! let text = "手合割：平手\n先手：A\n後手：B\n手数----指手---------消費時間--\n   1 ７六歩(77)   ( 0:01/00:00:01)\n   2 ３四歩(33)   ( 0:02/00:00:02)\n   3 ２二角成(88) ( 0:03/00:00:04)\n   4 同　銀(31)   ( 0:01/00:00:03)\n   5 投了\n";
//! let game = &kif::parse(text, ReadOptions::default()).unwrap().records[0];
//! assert_eq!(game.main.moves.len(), 4);
//! assert_eq!(game.main.end.as_ref().unwrap().kind, EndKind::Resign);
//! let ki2 = kif::write_ki2(game).text;
//! assert!(ki2.contains("▲７六歩    △３四歩    ▲２二角成  △同　銀\n"));
//! assert!(ki2.contains("まで4手で後手の勝ち"));
//! ```

use super::diagram;
use super::error::column_of;
use super::tree::{Step, Tree, walk_line};
use super::{
    EndKind, Ending, Format, HeaderKey, Line, Loss, Parsed, ReadOptions, Record, RecordError,
    RecordErrorKind, Start, Written, numbered_lines,
};
use crate::{DropMark, Options, SideMarks, Style, parse_move, write_move_into};
use std::fmt::Write as _;
use std::time::Duration;
use tokin_core::{Color, Handicap, Position, Setup, Square};

/// Which of the two formats.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Flavor {
    Kif,
    Ki2,
}

/// Reads a KIF text.
///
/// # Errors
/// The first problem (unless `opts.lenient`) with line, column, the text and the move number.
pub fn parse(text: &str, opts: ReadOptions) -> Result<Parsed, RecordError> {
    Reader::new(Flavor::Kif, opts).run(text)
}

/// Reads a KI2 text.
///
/// # Errors
/// As [`parse`].
pub fn parse_ki2(text: &str, opts: ReadOptions) -> Result<Parsed, RecordError> {
    Reader::new(Flavor::Ki2, opts).run(text)
}

const MARKS: [char; 4] = ['▲', '△', '☗', '☖'];

struct Reader {
    flavor: Flavor,
    opts: ReadOptions,
    record: Record,
    handicap: Option<(Handicap, usize)>,
    setup: Option<Setup>,
    last_bod_line: usize,
    /// The side whose hand line says `残り全部`: it gets every piece the diagram leaves.
    rest_to: Option<Color>,
    /// Moves numbered before the first one in the file: a game saved from a diagram may
    /// continue the numbering of the game it came from (`  31 ７六歩(77)` as its first move).
    ply_offset: usize,
    tree: Option<Tree>,
    stopped: bool,
    warnings: Vec<RecordError>,
}

impl Reader {
    fn new(flavor: Flavor, opts: ReadOptions) -> Reader {
        Reader {
            flavor,
            opts,
            record: Record::new(),
            handicap: None,
            setup: None,
            last_bod_line: 0,
            rest_to: None,
            ply_offset: 0,
            tree: None,
            stopped: false,
            warnings: Vec::new(),
        }
    }

    fn run(mut self, text: &str) -> Result<Parsed, RecordError> {
        for (n, line) in numbered_lines(text) {
            if self.stopped {
                break;
            }
            if let Err(e) = self.line(n, line) {
                let is_move = e.ply.is_some();
                if self.opts.lenient {
                    self.warnings.push(e);
                    if is_move {
                        self.stopped = true;
                    }
                } else {
                    return Err(e);
                }
            }
        }
        let n = text.lines().count();
        self.start_moves(n)?;
        let mut record = self.record;
        if let Some(tree) = self.tree {
            tree.finish(&mut record);
        }
        Ok(Parsed {
            records: vec![record],
            warnings: self.warnings,
        })
    }

    /// Fixes the start position (from the diagram, held to the reader's strictness; the
    /// handicap; or the even game) before the first move, comment or ending.
    fn start_moves(&mut self, n: usize) -> Result<(), RecordError> {
        if self.tree.is_some() {
            return Ok(());
        }
        let start = if let Some(setup) = &self.setup {
            let mut setup = setup.clone();
            if let Some(color) = self.rest_to {
                diagram::give_the_rest(&mut setup, color);
            }
            let pos = self.opts.strictness.validate(&setup).map_err(|source| {
                RecordError::new(
                    self.last_bod_line.max(n.min(1)),
                    1,
                    "",
                    RecordErrorKind::StartPosition { source },
                )
            })?;
            Start::from_position(&pos)
        } else {
            Start::Handicap(self.handicap.map_or(Handicap::Even, |h| h.0))
        };
        self.record.start = start;
        self.tree = Some(Tree::new(self.record.start.position()));
        Ok(())
    }

    fn tree(&mut self, n: usize) -> Result<&mut Tree, RecordError> {
        self.start_moves(n)?;
        self.tree
            .as_mut()
            .ok_or_else(|| RecordError::new(n, 1, "", RecordErrorKind::syntax("no game")))
    }

    fn line(&mut self, n: usize, line: &str) -> Result<(), RecordError> {
        let t = line.trim_matches(|c: char| c == ' ' || c == '\t' || c == '\u{3000}');
        if t.is_empty() || t.starts_with('#') {
            return Ok(());
        }
        if let Some(c) = t.strip_prefix('*') {
            let c = c.to_string();
            if self.tree.is_none() {
                self.record.comments.push(c);
            } else {
                self.tree(n)?.comment(c);
            }
            return Ok(());
        }
        if let Some(b) = t.strip_prefix('&') {
            let b = b.to_string();
            self.tree(n)?.bookmark(b);
            return Ok(());
        }
        if let Some(rest) = t.strip_prefix("変化") {
            let num = rest
                .trim_start_matches(['：', ':'])
                .trim_end_matches('手')
                .trim();
            let ply = diagram::parse_kanji_number(num)
                .map(|n| n as usize)
                .ok_or_else(|| {
                    RecordError::new(
                        n,
                        column_of(line, t),
                        t,
                        RecordErrorKind::syntax("a variation line is 変化：N手"),
                    )
                })?;
            let ply = ply.saturating_sub(self.ply_offset);
            let tree = self.tree(n)?;
            return tree
                .branch(ply)
                .map_err(|kind| RecordError::new(n, column_of(line, t), t, kind));
        }
        if t.starts_with("まで") {
            if self.flavor == Flavor::Ki2 {
                return self.ki2_summary(n, line, t);
            }
            return Ok(());
        }
        if t.starts_with("手数") && (t.contains("指手") || t.contains('＝') || t.contains('='))
        {
            if t.contains("指手") {
                self.tree(n)?;
            }
            return Ok(());
        }
        if self.tree.is_none() {
            // Diagram lines fill a setup that only exists once a diagram line has been seen.
            let mut setup = self.setup.clone().unwrap_or_else(Setup::empty);
            if let Some(color) = diagram::rest_hand_line(line) {
                self.rest_to = Some(color);
                self.setup = Some(setup);
                self.last_bod_line = n;
                return Ok(());
            }
            match diagram::read_bod_line(&mut setup, line) {
                Ok(true) => {
                    self.setup = Some(setup);
                    self.last_bod_line = n;
                    return Ok(());
                }
                Ok(false) => {}
                Err(source) => {
                    return Err(RecordError::new(
                        n,
                        source.column,
                        line.trim_end(),
                        RecordErrorKind::Diagram { source },
                    ));
                }
            }
        }
        let first = t.chars().next().unwrap_or(' ');
        match self.flavor {
            Flavor::Kif if first.is_ascii_digit() || ('０'..='９').contains(&first) => {
                return self.kif_move_line(n, line, t);
            }
            Flavor::Ki2 if MARKS.contains(&first) => return self.ki2_move_line(n, line, t),
            _ => {}
        }
        if let Some((k, v)) = t.split_once('：').or_else(|| t.split_once(':')) {
            return self.header(n, line, k.trim(), v);
        }
        Err(RecordError::new(
            n,
            column_of(line, t),
            t,
            RecordErrorKind::syntax("not a header, move, comment or variation line"),
        ))
    }

    fn header(&mut self, n: usize, line: &str, key: &str, value: &str) -> Result<(), RecordError> {
        let value = value.trim_matches(|c: char| c == ' ' || c == '\u{3000}' || c == '\t');
        if key.is_empty() {
            return Err(RecordError::new(
                n,
                1,
                line.trim(),
                RecordErrorKind::syntax("a header line is key：value"),
            ));
        }
        if key == "手合割" {
            // Older files shorten the names (香落, 角落, 飛落).
            let h = Handicap::from_name(value).or(match value {
                "平手" | "" => Some(Handicap::Even),
                "香落" => Some(Handicap::Lance),
                "角落" => Some(Handicap::Bishop),
                "飛落" | "飛車落" => Some(Handicap::Rook),
                _ => None,
            });
            return match h {
                Some(h) => {
                    self.handicap = Some((h, n));
                    Ok(())
                }
                None if value == "その他" => Ok(()),
                None => Err(RecordError::new(
                    n,
                    column_of(line, value),
                    value,
                    RecordErrorKind::UnknownHandicap {
                        name: value.to_string(),
                    },
                )),
            };
        }
        if key == "手番" {
            // Some writers state the side to move of a diagram this way.
            if let Some(setup) = self.setup.as_mut() {
                match value {
                    "先手" | "下手" => setup.side = Color::Black,
                    "後手" | "上手" => setup.side = Color::White,
                    _ => {}
                }
            }
            return Ok(());
        }
        self.record
            .header
            .push((HeaderKey::from_japanese(key), value.to_string()));
        Ok(())
    }

    fn move_error(
        &self,
        n: usize,
        line: &str,
        text: &str,
        ply: usize,
        kind: RecordErrorKind,
    ) -> RecordError {
        RecordError::new(n, column_of(line, text), text, kind).at_ply(ply)
    }

    fn kif_move_line(&mut self, n: usize, line: &str, t: &str) -> Result<(), RecordError> {
        let digits_end = t
            .char_indices()
            .find(|(_, c)| !(c.is_ascii_digit() || ('０'..='９').contains(c)))
            .map_or(t.len(), |(i, _)| i);
        // `digits_end` comes from `char_indices` (or is the length): a char boundary.
        let number_text = &t[..digits_end];
        // More digits than a `u32` holds: say so, rather than call it move 0.
        let number = diagram::parse_kanji_number(number_text).ok_or_else(|| {
            RecordError::new(
                n,
                column_of(line, number_text),
                number_text,
                RecordErrorKind::syntax("a move number too large to be one"),
            )
        })? as usize;
        let mut rest = t[digits_end..].trim_start_matches([' ', '\u{3000}', '\t']);
        rest = rest.trim_end_matches(['+', ' ', '\t', '\u{3000}']);
        // The time is the last parenthesised part containing ':'.
        let mut time = None;
        if let Some(open) = rest.rfind('(')
            && rest.ends_with(')')
            && rest[open..].contains(':')
        {
            // `(` at `open` and a different `)` at the end, both one byte: the range is in
            // order and on char boundaries.
            let inner = &rest[open + 1..rest.len() - 1];
            time = Some(parse_kif_time(inner).ok_or_else(|| {
                self.move_error(
                    n,
                    line,
                    inner,
                    number,
                    RecordErrorKind::BadTime {
                        form: "( m:ss/h:mm:ss)",
                    },
                )
            })?);
            rest = rest[..open].trim_end_matches([' ', '\t', '\u{3000}']);
        }
        let mv_text = rest.trim_start_matches(MARKS);
        let first_move = self.tree(n)?.next_ply() == 1;
        if first_move && number > 1 && self.setup.is_some() {
            self.ply_offset = number - 1;
        }
        let offset = self.ply_offset;
        let tree = self.tree(n)?;
        // The offset may be `u32::MAX - 1` (a first move numbered `u32::MAX`), which overflows
        // a 32-bit `usize` with the next move's number: saturate, and the number mismatches.
        let expected = tree.next_ply().saturating_add(offset);
        if number != expected {
            return Err(RecordError::new(
                n,
                column_of(line, number_text),
                number_text,
                RecordErrorKind::MoveNumber {
                    found: number,
                    expected,
                },
            )
            .at_ply(number));
        }
        if tree.ended() {
            return Err(self.move_error(
                n,
                line,
                mv_text,
                number,
                RecordErrorKind::syntax("a move after the end of the line"),
            ));
        }
        if mv_text.is_empty() {
            return Err(self.move_error(
                n,
                line,
                t,
                number,
                RecordErrorKind::syntax("missing move"),
            ));
        }
        let tree = self.tree(n)?;
        if let Some(kind) = EndKind::from_japanese(mv_text) {
            tree.end(Ending::new(kind));
        } else {
            let pos = tree.position();
            match parse_move(pos, tree.last_to(), mv_text, Style::Kif) {
                Ok(mv) => tree.play(mv),
                Err(source) => {
                    return Err(self.move_error(
                        n,
                        line,
                        mv_text,
                        number,
                        RecordErrorKind::Move { source },
                    ));
                }
            }
        }
        if let Some((spent, total)) = time {
            self.tree(n)?.set_time(spent, total);
        }
        Ok(())
    }

    fn ki2_move_line(&mut self, n: usize, line: &str, t: &str) -> Result<(), RecordError> {
        let mut starts: Vec<usize> = t
            .char_indices()
            .filter(|(_, c)| MARKS.contains(c))
            .map(|(i, _)| i)
            .collect();
        starts.push(t.len());
        // Increasing char boundaries (from `char_indices`, then the length).
        for w in starts.windows(2) {
            let token = t[w[0]..w[1]].trim_end_matches([' ', '\t', '\u{3000}']);
            let tree = self.tree(n)?;
            let ply = tree.next_ply();
            if tree.ended() {
                return Err(self.move_error(
                    n,
                    line,
                    token,
                    ply,
                    RecordErrorKind::syntax("a move after the end of the line"),
                ));
            }
            let body = token.trim_start_matches(MARKS);
            if let Some(kind) = EndKind::from_japanese(body) {
                tree.end(Ending::new(kind));
                continue;
            }
            match parse_move(tree.position(), tree.last_to(), token, Style::Japanese) {
                Ok(mv) => tree.play(mv),
                Err(source) => {
                    return Err(self.move_error(
                        n,
                        line,
                        token,
                        ply,
                        RecordErrorKind::Move { source },
                    ));
                }
            }
        }
        Ok(())
    }

    fn ki2_summary(&mut self, n: usize, line: &str, t: &str) -> Result<(), RecordError> {
        let body = t.trim_start_matches("まで");
        let digits: String = body.chars().take_while(|c| c.is_ascii_digit()).collect();
        // ASCII digits: their byte length is a char boundary of `body`.
        let rest = body[digits.len()..]
            .trim_start_matches("手")
            .trim_start_matches('で');
        let kind = if let Some(side) = rest.strip_suffix("の勝ち")
            && ["先手", "後手", "下手", "上手"].contains(&side)
        {
            EndKind::Resign
        } else if rest.contains("時間切れ") {
            EndKind::TimeUp
        } else if rest == "詰" {
            EndKind::Mate
        } else {
            let mut best: Option<EndKind> = None;
            for k in EndKind::ALL {
                if rest.contains(k.japanese())
                    && best.is_none_or(|b| b.japanese().len() < k.japanese().len())
                {
                    best = Some(k);
                }
            }
            best.ok_or_else(|| {
                RecordError::new(
                    n,
                    column_of(line, rest),
                    rest,
                    RecordErrorKind::UnknownEnding {
                        name: rest.to_string(),
                    },
                )
            })?
        };
        let tree = self.tree(n)?;
        if !tree.ended() {
            tree.end(Ending::new(kind));
        }
        Ok(())
    }
}

fn parse_hms(s: &str) -> Option<u64> {
    let mut total: u64 = 0;
    let parts: Vec<&str> = s.trim().split(':').collect();
    if parts.is_empty() || parts.len() > 3 {
        return None;
    }
    for p in parts {
        let p = p.trim();
        if p.is_empty() || p.len() > 9 || !p.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        total = total.checked_mul(60)?.checked_add(p.parse().ok()?)?;
    }
    Some(total)
}

/// ` 0:01/00:00:01` → (1 s, Some(1 s)).
fn parse_kif_time(inner: &str) -> Option<(Duration, Option<Duration>)> {
    let (spent, total) = match inner.split_once('/') {
        Some((a, b)) => (a, Some(b)),
        None => (inner, None),
    };
    let spent = Duration::from_secs(parse_hms(spent)?);
    let total = match total.map(str::trim) {
        None | Some("") => None,
        Some(t) => Some(Duration::from_secs(parse_hms(t)?)),
    };
    Some((spent, total))
}

fn kif_time(spent: Duration, total: Duration) -> String {
    let s = spent.as_secs();
    let t = total.as_secs();
    format!(
        "({:>2}:{:02}/{:02}:{:02}:{:02})",
        s / 60,
        s % 60,
        t / 3600,
        t / 60 % 60,
        t % 60
    )
}

/// Display width: East Asian wide characters count two columns.
fn width(s: &str) -> usize {
    s.chars()
        .map(|c| if (c as u32) < 0x1100 { 1 } else { 2 })
        .sum()
}

/// `s` padded with spaces to `w` columns, and at least one space.
fn pad(s: &str, w: usize) -> String {
    let mut out = s.to_string();
    for _ in width(s)..w.max(width(s) + 1) {
        out.push(' ');
    }
    out
}

fn side_name(color: Color, handicap: bool) -> &'static str {
    match (color, handicap) {
        (Color::Black, false) => "先手",
        (Color::White, false) => "後手",
        (Color::Black, true) => "下手",
        (Color::White, true) => "上手",
    }
}

fn write_header(s: &mut String, record: &Record, format: Format, losses: &mut Vec<Loss>) {
    let handicap = matches!(record.start, Start::Handicap(h) if h != Handicap::Even);
    let start_text = match &record.start {
        Start::Handicap(h) => format!("手合割：{}\n", h.japanese_name()),
        Start::Position(p) => diagram::bod(p),
    };
    let mut start_written = false;
    for (k, v) in &record.header {
        if !start_written && matches!(k, HeaderKey::Black | HeaderKey::White) {
            s.push_str(&start_text);
            start_written = true;
        }
        if v.trim_matches([' ', '\t', '\u{3000}']) != v {
            note(losses, Loss::HeaderSpaces { format });
        }
        let _ = writeln!(
            s,
            "{}：{}",
            k.japanese(handicap),
            v.replace(['\n', '\r'], " ")
        );
    }
    if !start_written {
        s.push_str(&start_text);
    }
}

fn note(losses: &mut Vec<Loss>, loss: Loss) {
    if !losses.contains(&loss) {
        losses.push(loss);
    }
}

fn kif_options() -> Options {
    Options {
        side_marks: SideMarks::None,
        drop_mark: DropMark::Always,
        ..Options::default()
    }
}

fn ki2_options() -> Options {
    Options {
        side_marks: SideMarks::Triangles,
        same_with_space: true,
        ..Options::default()
    }
}

/// KIF move text with 不成 when the piece could have promoted and did not.
fn kif_move_text(pos: &Position, last_to: Option<Square>, mv: tokin_core::Move) -> String {
    let mut out = String::new();
    if write_move_into(&mut out, pos, last_to, mv, Style::Kif, &kif_options()).is_err() {
        return out;
    }
    if let Some(from) = mv.from()
        && !mv.is_promotion()
        && let Some(p) = pos.piece_at(from)
        && p.kind.can_promote()
        && (from.in_zone(p.color) || mv.to().in_zone(p.color))
        && let Some(paren) = out.rfind('(')
    {
        out.insert_str(paren, "不成");
    }
    out
}

fn write_comments(s: &mut String, comments: &[String]) {
    for c in comments {
        for l in c.split('\n') {
            let _ = writeln!(s, "*{}", l.trim_end_matches('\r'));
        }
    }
}

/// Writes a record as KIF (UTF-8 text; encode with [`super::encode_shift_jis`] for `.kif`).
pub fn write(record: &Record) -> Written {
    let mut out = Written::default();
    let mut s = String::new();
    s.push_str("#KIF version=2.0 encoding=UTF-8\n");
    write_header(&mut s, record, Format::Kif, &mut out.losses);
    s.push_str("手数----指手---------消費時間--\n");
    write_comments(&mut s, &record.comments);
    let handicap = matches!(record.start, Start::Handicap(h) if h != Handicap::Even);
    let mut losses = Vec::new();
    write_kif_line(
        &mut s,
        &record.main,
        record.start.position(),
        1,
        None,
        Default::default(),
        &mut losses,
        true,
        handicap,
    );
    for l in losses {
        note(&mut out.losses, l);
    }
    out.text = s;
    out
}

#[allow(clippy::too_many_arguments)]
fn write_kif_line(
    s: &mut String,
    line: &Line,
    pos: Position,
    first_ply: usize,
    last_to: Option<Square>,
    clock: super::model::Clock,
    losses: &mut Vec<Loss>,
    main: bool,
    handicap: bool,
) {
    let mut body = String::new();
    let mut end_side = None;
    let branches = walk_line(line, pos, first_ply, last_to, clock, |step| match step {
        Step::Move(pos, last_to, node, ply, total) => {
            let text = kif_move_text(pos, last_to, node.mv);
            let _ = write!(body, "{ply:>4} {}", pad(&text, 13));
            if let (Some(t), Some(total)) = (node.time, total) {
                body.push_str(&kif_time(t.spent, total));
                if t.spent.subsec_millis() != 0 {
                    losses.push(Loss::FractionsOfSeconds {
                        format: Format::Kif,
                    });
                }
            }
            if !node.variations.is_empty() {
                body.push('+');
            }
            let trimmed = body.trim_end().len();
            body.truncate(trimmed);
            body.push('\n');
            write_comments(&mut body, &node.comments);
            if let Some(b) = &node.bookmark {
                let _ = writeln!(body, "&{b}");
            }
        }
        Step::End(pos, end, ply, total) => {
            let _ = write!(body, "{ply:>4} {}", pad(end.kind.japanese(), 13));
            if let (Some(t), Some(total)) = (end.time, total) {
                body.push_str(&kif_time(t.spent, total));
            }
            if !end.variations.is_empty() {
                body.push('+');
            }
            let trimmed = body.trim_end().len();
            body.truncate(trimmed);
            body.push('\n');
            write_comments(&mut body, &end.comments);
            end_side = Some((pos.side_to_move(), ply, end.kind));
        }
    });
    s.push_str(&body);
    // An ending's number is at least `first_ply >= 1`, so `ply - 1` cannot underflow.
    if main && let Some((side, ply, EndKind::Resign)) = end_side {
        let _ = writeln!(s, "まで{}手で{}の勝ち", ply - 1, side_name(!side, handicap));
    }
    for b in branches {
        for var in b.lines {
            let _ = writeln!(s, "\n変化：{}手", b.ply);
            write_kif_line(
                s,
                var,
                b.pos.clone(),
                b.ply,
                b.last_to,
                b.clock,
                losses,
                false,
                handicap,
            );
        }
    }
}

/// Writes a record as KI2 (UTF-8 text). KI2 holds no times.
pub fn write_ki2(record: &Record) -> Written {
    let mut out = Written::default();
    let mut s = String::new();
    write_header(&mut s, record, Format::Ki2, &mut out.losses);
    write_comments(&mut s, &record.comments);
    let handicap = matches!(record.start, Start::Handicap(h) if h != Handicap::Even);
    let mut losses = Vec::new();
    write_ki2_line(
        &mut s,
        &record.main,
        record.start.position(),
        1,
        None,
        &mut losses,
        handicap,
    );
    for l in losses {
        note(&mut out.losses, l);
    }
    out.text = s;
    out
}

fn write_ki2_line(
    s: &mut String,
    line: &Line,
    pos: Position,
    first_ply: usize,
    last_to: Option<Square>,
    losses: &mut Vec<Loss>,
    handicap: bool,
) {
    let mut body = String::new();
    let mut on_line = 0;
    let opts = ki2_options();
    let branches = walk_line(
        line,
        pos,
        first_ply,
        last_to,
        Default::default(),
        |step| match step {
            Step::Move(pos, last_to, node, _ply, _total) => {
                let mut text = String::new();
                let _ = write_move_into(&mut text, pos, last_to, node.mv, Style::Japanese, &opts);
                // Pad to a column so the moves of successive lines line up.
                body.push_str(&pad(&text, 12));
                on_line += 1;
                if node.time.is_some() {
                    losses.push(Loss::Times {
                        format: Format::Ki2,
                    });
                }
                if on_line == 6 || !node.comments.is_empty() || node.bookmark.is_some() {
                    let trimmed = body.trim_end_matches(' ').len();
                    body.truncate(trimmed);
                    body.push('\n');
                    on_line = 0;
                    write_comments(&mut body, &node.comments);
                    if let Some(b) = &node.bookmark {
                        let _ = writeln!(body, "&{b}");
                    }
                }
            }
            Step::End(pos, end, ply, _total) => {
                if on_line > 0 {
                    let trimmed = body.trim_end_matches(' ').len();
                    body.truncate(trimmed);
                    body.push('\n');
                    on_line = 0;
                }
                // At least `first_ply >= 1`: no underflow.
                let moves = ply - 1;
                match end.kind {
                    EndKind::Resign => {
                        let _ = writeln!(
                            body,
                            "まで{moves}手で{}の勝ち",
                            side_name(!pos.side_to_move(), handicap)
                        );
                    }
                    k => {
                        let _ = writeln!(body, "まで{moves}手で{}", k.japanese());
                    }
                }
                if end.time.is_some() {
                    losses.push(Loss::Times {
                        format: Format::Ki2,
                    });
                }
                write_comments(&mut body, &end.comments);
            }
        },
    );
    if on_line > 0 {
        let trimmed = body.trim_end_matches(' ').len();
        body.truncate(trimmed);
        body.push('\n');
    }
    s.push_str(&body);
    for b in branches {
        for var in b.lines {
            let _ = writeln!(s, "\n変化：{}手", b.ply);
            write_ki2_line(s, var, b.pos.clone(), b.ply, b.last_to, losses, handicap);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_diagram_game_may_continue_the_numbering() {
        let text = "後手の持駒：なし\n  ９ ８ ７ ６ ５ ４ ３ ２ １\n+---------------------------+\n| ・ ・ ・ ・v玉 ・ ・ ・ ・|一\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|二\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|三\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|四\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|五\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|六\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|七\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|八\n| ・ ・ ・ ・ 玉 ・ ・ ・ ・|九\n+---------------------------+\n先手の持駒：金\n手数----指手---------消費時間--\n  31 ５二金打\n  32 投了\n\n変化：31手\n  31 ４二金打\n";
        let r = &parse(text, ReadOptions::default()).unwrap().records[0];
        assert_eq!(r.main.moves.len(), 1);
        assert_eq!(r.main.moves[0].variations.len(), 1);
        assert_eq!(r.main.end.as_ref().map(|e| e.kind), Some(EndKind::Resign));
    }

    #[test]
    fn kif_time_round_trip() {
        assert_eq!(
            parse_kif_time(" 0:01/00:00:01"),
            Some((Duration::from_secs(1), Some(Duration::from_secs(1))))
        );
        assert_eq!(
            kif_time(Duration::from_secs(61), Duration::from_secs(3725)),
            "( 1:01/01:02:05)"
        );
        assert_eq!(parse_kif_time("x"), None);
    }

    #[test]
    fn reads_a_kif_game_with_a_variation_starting_with_same() {
        let text = "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)   ( 0:01/00:00:01)\n   2 ３四歩(33)   ( 0:02/00:00:02)\n   3 ２二角成(88)  ( 0:03/00:00:04)+\n   4 同　銀(31)\n   5 投了\n\n変化：3手\n   3 ６六歩(67)\n";
        let p = parse(text, ReadOptions::default()).unwrap();
        let r = &p.records[0];
        assert_eq!(r.main.moves.len(), 4);
        assert_eq!(r.main.moves[2].variations.len(), 1);
        assert_eq!(r.main.end.as_ref().map(|e| e.kind), Some(EndKind::Resign));
        let back = parse(&write(r).text, ReadOptions::default()).unwrap();
        assert_eq!(&back.records[0], r);
        let ki2 = parse_ki2(&write_ki2(r).text, ReadOptions::default()).unwrap();
        assert_eq!(ki2.records[0].main.moves.len(), 4);
    }
}
