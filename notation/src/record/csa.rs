//! CSA standard file format (CSA標準棋譜ファイル形式), versions 2.2 and 3.0.
//!
//! Read: `V2.2`/`V3.0`, `N+`/`N-` names, `$KEY:value` facts, the start as `PI` (with removed
//! pieces), `P1`..`P9` rows or `P+`/`P-` placements (with `00AL`), the side to move, moves
//! (`+7776FU`) with `T` times (whole seconds, or V3.0 milliseconds `T1.500`), `%` specials,
//! `'*` comments on moves, `'` comments (skipped), several statements per line separated by
//! commas, and several games separated by `/` lines.
//!
//! Written: V3.0 in UTF-8 (announced by `'CSA encoding=UTF-8`), with `PI` for standard starts
//! and `P1`..`P9` rows plus `P+00..`/`P-00..` hands otherwise. CSA holds no variations, no
//! bookmarks and only ASCII `$` keys; [`Written::losses`] lists what was left out.

use super::error::column_of;

/// The byte offset of `part` (a slice of `line`) in `line`.
fn column_byte(line: &str, part: &str) -> usize {
    (part.as_ptr() as usize)
        .saturating_sub(line.as_ptr() as usize)
        .min(line.len())
}
use super::{
    EndKind, Ending, Format, HeaderKey, Loss, MoveTime, Node, Parsed, ReadOptions, Record,
    RecordError, RecordErrorKind, Start, Written, numbered_lines,
};
use crate::{NotationError, Style, write_move};
use std::borrow::Cow;
use std::fmt::Write as _;
use std::sync::LazyLock;
use std::time::Duration;
use tokin_core::{
    Color, File, Handicap, IllegalMove, Move, Piece, PieceKind, Position, Rank, Setup, Square,
};

/// The `$` keys of CSA V3.0 besides those [`HeaderKey`] names.
pub const OTHER_KEYS: [&str; 6] = ["TIME", "TIME+", "TIME-", "MAX_MOVES", "JISHOGI", "NOTE"];

/// The two-letter CSA code of a piece kind.
pub fn kind_code(kind: PieceKind) -> &'static str {
    // One code per kind, in `PieceKind` order.
    CODES[kind.index()]
}

const CODES: [&str; 14] = [
    "FU", "KY", "KE", "GI", "KI", "KA", "HI", "OU", "TO", "NY", "NK", "NG", "UM", "RY",
];

/// The piece kind for a two-letter CSA code.
pub fn kind_from_code(code: &str) -> Option<PieceKind> {
    CODES
        .iter()
        .position(|&c| c == code)
        .and_then(PieceKind::from_index)
}

fn color_sign(c: Color) -> char {
    match c {
        Color::Black => '+',
        Color::White => '-',
    }
}

fn square_digits(sq: Square) -> String {
    format!("{}{}", sq.file().number(), sq.rank().number())
}

fn square_from_digits(s: &str) -> Option<Square> {
    let b = s.as_bytes();
    // Two bytes, both ASCII digits (checked before use), so the subtractions give 0 to 9.
    if b.len() != 2 || !b[0].is_ascii_digit() || !b[1].is_ascii_digit() {
        return None;
    }
    Some(Square::new(
        File::from_number(b[0] - b'0')?,
        Rank::from_number(b[1] - b'0')?,
    ))
}

/// Writes a move in CSA form, such as `+7776FU` or `-0055KA` (the piece is the one standing
/// on the destination after the move). `mv` must be legal in `pos`.
///
/// # Examples
/// ```
/// use tokin_core::{Move, Position};
/// use tokin_notation::record::csa;
/// let pos = Position::startpos();
/// assert_eq!(csa::move_text(&pos, Move::from_usi("7g7f").unwrap()), "+7776FU");
/// ```
pub fn move_text(pos: &Position, mv: Move) -> String {
    write_move(pos, None, mv, Style::Csa).unwrap_or_default()
}

/// Reads a CSA move such as `+7776FU` in `pos` and checks it is legal.
///
/// # Errors
/// What [`crate::parse_move`] says for [`Style::Csa`]: text that is not a CSA move, a move
/// of the side not to move, or one that no legal move matches.
///
/// # Examples
/// ```
/// use tokin_core::{Move, Position};
/// use tokin_notation::record::csa;
/// let pos = Position::startpos();
/// assert_eq!(csa::parse_move(&pos, "+7776FU"), Ok(Move::from_usi("7g7f").unwrap()));
/// assert!(csa::parse_move(&pos, "-3334FU").is_err());
/// ```
pub fn parse_move(pos: &Position, text: &str) -> Result<Move, NotationError> {
    crate::parse_move(pos, None, text.trim(), Style::Csa)
}

/// Reads every game in a CSA file.
///
/// # Errors
/// The first problem (unless `opts.lenient`), with its line, column and text.
pub fn parse(text: &str, opts: ReadOptions) -> Result<Parsed, RecordError> {
    let mut parsed = Parsed::default();
    // The game being read: started by its first line that is not blank, ended by a `/` line
    // or the end of the text. The lines are read as they come, not gathered first.
    let mut game: Option<GameReader> = None;
    // The number of the game's last line, blank or not, where a missing start is reported.
    let mut last = 0;
    for (n, line) in numbered_lines(text) {
        if is_separator(line) {
            if let Some(g) = game.take() {
                parsed.records.push(g.finish(last, &mut parsed.warnings)?);
            }
            continue;
        }
        last = n;
        let g = match &mut game {
            Some(g) => g,
            // Blank lines say nothing; a game of nothing else is no game.
            None if line.trim().is_empty() => continue,
            None => {
                let g = game.insert(GameReader::new(opts));
                // Room for as many moves as the rest of the text can hold (a move line is
                // at least eight bytes with its line end), so that the moves are not copied as
                // the list grows (that cost 50 instructions a move); `finish` gives back what
                // is left over. At most 1,024 for a start, for a file of many games.
                let rest = text
                    .len()
                    .saturating_sub(line.as_ptr() as usize - text.as_ptr() as usize);
                g.record.main.moves.reserve((rest / 8 + 1).min(1024));
                g
            }
        };
        g.line(n, line)?;
    }
    if let Some(g) = game.take() {
        parsed.records.push(g.finish(last, &mut parsed.warnings)?);
    }
    if parsed.records.is_empty() {
        return Err(RecordError::new(
            0,
            0,
            "",
            RecordErrorKind::NoGame {
                format: Format::Csa,
            },
        ));
    }
    Ok(parsed)
}

/// Whether `line` is a `/` line, which separates games. Only a line starting with `/` or with
/// a space can be one: every other line is told apart by its first byte, without trimming it.
fn is_separator(line: &str) -> bool {
    match line.as_bytes().first() {
        Some(b'/') => line.trim_end() == "/",
        // A space, ASCII or wider (whose first byte is not ASCII), may be trimmed off.
        Some(b) if !b.is_ascii_graphic() => line.trim() == "/",
        _ => false,
    }
}

#[derive(PartialEq, Eq, PartialOrd, Ord, Clone, Copy)]
enum Phase {
    Header,
    Position,
    Moves,
}

struct GameReader {
    record: Record,
    setup: Option<Setup>,
    uses_pi: bool,
    uses_rows: bool,
    side: Option<Color>,
    pos: Option<Position>,
    phase: Phase,
    ended: bool,
    stopped: bool,
    opts: ReadOptions,
    /// A problem passed over in lenient mode by the statement just read.
    note: Vec<RecordErrorKind>,
    /// The statement just read is a move that breaks a rule (the move, the rule, and the
    /// error for it if the game goes on).
    foul: Option<(Move, IllegalMove, RecordErrorKind)>,
    /// A move that broke a rule, held until the next statement says whether the game went on
    /// after it (the error) or ended there (the warning).
    pending: Option<(RecordError, RecordError)>,
    /// The game's warnings, handed on when it ends.
    warnings: Vec<RecordError>,
}

impl GameReader {
    fn new(opts: ReadOptions) -> GameReader {
        GameReader {
            record: Record::new(),
            setup: None,
            uses_pi: false,
            uses_rows: false,
            side: None,
            pos: None,
            phase: Phase::Header,
            ended: false,
            stopped: false,
            opts,
            note: Vec::new(),
            foul: None,
            pending: None,
            warnings: Vec::new(),
        }
    }

    /// Reads line `n` of the game.
    #[inline(always)]
    fn line(&mut self, n: usize, line: &str) -> Result<(), RecordError> {
        if self.stopped {
            return Ok(());
        }
        // The usual move and time lines, read from their bytes; anything else, and any
        // problem with them, goes through the general reading below, which explains it.
        if self.pending.is_none() && self.quick_line(line) {
            return Ok(());
        }
        self.general_line(n, line)
    }

    /// Reads line `n` by statements, the way every line but the usual ones is read.
    #[inline(never)]
    fn general_line(&mut self, n: usize, line: &str) -> Result<(), RecordError> {
        if let Some(comment) = line.strip_prefix('\'') {
            self.comment(comment);
            return Ok(());
        }
        // Comma-separated statements, except in names and facts, which may contain commas.
        let whole = line.starts_with('N') || line.starts_with('$');
        let mut trailing_comment = None;
        for st in statements(line, whole) {
            let st = st.trim_end();
            // A comment may follow statements on the same line (`+7776FU,T3,'** 120`); it runs
            // to the end of the line, commas included.
            if st.trim_start().starts_with('\'') {
                // `st` is a slice of `line` (from `statements`), so `at` is a char boundary.
                let at = column_byte(line, st);
                trailing_comment = Some(line[at..].trim_start());
                break;
            }
            if st.is_empty() {
                continue;
            }
            // Only problems need the column, and counting it costs a pass over the line.
            let col = || column_of(line, st);
            if let Some((error, _)) = &self.pending {
                let t = st.trim_start();
                if (t.starts_with('+') || t.starts_with('-')) && t.len() > 1 {
                    // The game went on after the move: a broken file, not a foul.
                    let e = error.clone();
                    if self.opts.lenient {
                        self.warnings.push(e);
                        self.stopped = true;
                        break;
                    }
                    return Err(e);
                }
                if t.starts_with('T') {
                    continue; // the time the foul took
                }
                let ending = t.starts_with('%');
                self.settle_foul();
                if ending {
                    continue; // the game's own ending for the foul
                }
            }
            let result = self.statement(st);
            if let Some((mv, why, kind)) = self.foul.take() {
                let ply = self.pos.as_ref().map_or(1, |p| p.move_number() as usize);
                let col = col();
                let at = |kind| RecordError::new(n, col, st.trim(), kind).at_ply(ply);
                self.pending = Some((
                    at(kind),
                    at(RecordErrorKind::IllegalLastMove { mv, source: why }),
                ));
            }
            // Most statements leave no note; taking the empty list apart cost 27 instructions
            // a move.
            if !self.note.is_empty() {
                for note in std::mem::take(&mut self.note) {
                    self.warnings
                        .push(RecordError::new(n, col(), st.trim(), note));
                }
            }
            if let Err(e) = result {
                let e = RecordError::new(n, col() + e.0, st.trim(), e.1);
                let e = match e.ply {
                    None => {
                        if let Some(ply) = self
                            .pos
                            .as_ref()
                            .map(|p| p.move_number() as usize)
                            .filter(|_| self.phase == Phase::Moves)
                        {
                            e.at_ply(ply)
                        } else {
                            e
                        }
                    }
                    Some(_) => e,
                };
                if self.opts.lenient {
                    self.warnings.push(e);
                    self.stopped = true;
                    break;
                }
                return Err(e);
            }
        }
        if let Some(c) = trailing_comment
            && !self.stopped
        {
            // `c` starts with the one-byte `'`.
            self.comment(&c[1..]);
        }
        Ok(())
    }

    /// Ends the game, whose last line (blank or not) is line `last`.
    fn finish(
        mut self,
        last: usize,
        warnings: &mut Vec<RecordError>,
    ) -> Result<Record, RecordError> {
        self.settle_foul();
        if !self.stopped
            && let Err(e) = self.ensure_position()
        {
            let e = RecordError::new(last, 1, "", e.1);
            if self.opts.lenient {
                self.warnings.push(e);
            } else {
                return Err(e);
            }
        }
        warnings.append(&mut self.warnings);
        self.record.main.moves.shrink_to_fit();
        Ok(self.record)
    }
}

/// The statements of a line: split at commas, or the `whole` line as one.
fn statements(line: &str, whole: bool) -> impl Iterator<Item = &str> {
    let mut rest = Some(line);
    std::iter::from_fn(move || {
        let r = rest?;
        // `,` is ASCII, so the split is on char boundaries; the pieces are those of
        // `split(',')`, here without setting up its general search for each short line.
        let comma = if whole {
            None
        } else {
            r.bytes().position(|b| b == b',')
        };
        match comma {
            Some(at) => {
                rest = Some(&r[at + 1..]);
                Some(&r[..at])
            }
            None => {
                rest = None;
                Some(r)
            }
        }
    })
}

/// The even game's start with Black to move, as `GameReader::ensure_position` sets it up.
static EVEN: LazyLock<Setup> = LazyLock::new(|| {
    let mut setup = Position::startpos().to_setup();
    setup.side = Color::Black;
    setup.move_number = 1;
    setup
});

/// An error inside one statement: the column offset from the statement start, and what is
/// wrong.
struct StErr(usize, RecordErrorKind);

fn err<T>(kind: RecordErrorKind) -> Result<T, StErr> {
    Err(StErr(0, kind))
}

/// A syntax error at the statement start.
fn syntax<T>(reason: &'static str) -> Result<T, StErr> {
    err(RecordErrorKind::syntax(reason))
}

impl GameReader {
    /// Reads `line` if it is a legal move in the usual form (`+7776FU`, alone or followed by
    /// its time as `,T12`) or the time of the last move (`T12`) and the game is under way,
    /// and says whether it did. A line it does not read is left untouched, for the general
    /// reading: this one has no errors of its own, so every problem is reported as before.
    #[inline]
    fn quick_line(&mut self, line: &str) -> bool {
        let b = line.as_bytes();
        match b {
            [b'+' | b'-', _, _, _, _, _, _, rest @ ..] => {
                if self.ended {
                    return false;
                }
                let Some(pos) = self.pos.as_mut() else {
                    return false;
                };
                let time = match rest {
                    [] => None,
                    // `line[9..]` follows the ASCII `,T`.
                    [b',', b'T', ..] => match quick_time(&line[9..]) {
                        Some(t) => Some(t),
                        None => return false,
                    },
                    _ => return false,
                };
                let Some(mv) = quick_move(pos, b) else {
                    return false;
                };
                pos.play_unchecked(mv);
                let mut node = Node::new(mv);
                node.time = time.map(|spent| MoveTime { spent, total: None });
                self.record.main.moves.push(node);
                true
            }
            [b'T', ..] => {
                if self.ended {
                    return false;
                }
                let Some(node) = self.record.main.moves.last_mut() else {
                    return false;
                };
                if node.time.is_some() {
                    return false;
                }
                // `line[1..]` follows the ASCII `T`.
                let Some(spent) = quick_time(&line[1..]) else {
                    return false;
                };
                node.time = Some(MoveTime { spent, total: None });
                true
            }
            _ => false,
        }
    }

    /// Ends the game with the foul its last move was, if it was one.
    fn settle_foul(&mut self) {
        if let Some((_, warning)) = self.pending.take() {
            self.record.main.end = Some(Ending::new(EndKind::IllegalLoss));
            self.ended = true;
            self.warnings.push(warning);
        }
    }

    fn comment(&mut self, body: &str) {
        let Some(text) = body.strip_prefix('*') else {
            return; // plain comments are for people; programs skip them
        };
        let text = text.to_string();
        if self.ended
            && let Some(end) = self.record.main.end.as_mut()
        {
            end.comments.push(text);
        } else if let Some(node) = self.record.main.moves.last_mut() {
            node.comments.push(text);
        } else {
            self.record.comments.push(text);
        }
    }

    fn statement(&mut self, st: &str) -> Result<(), StErr> {
        // Each `st[1..]` below follows a match on an ASCII first character, and `st[2..]`
        // follows `st.get(1..2)` being an ASCII sign: all are char boundaries.
        let first = st.chars().next().unwrap_or(' ');
        match first {
            'V' if self.phase == Phase::Header => {
                let v = st[1..].trim();
                if !matches!(v, "1" | "2" | "2.1" | "2.2" | "3.0") {
                    return err(RecordErrorKind::UnknownVersion {
                        version: v.to_string(),
                    });
                }
                Ok(())
            }
            'N' => {
                if self.phase > Phase::Header {
                    return syntax("player names must come before the position");
                }
                let key = match st.get(1..2) {
                    Some("+") => HeaderKey::Black,
                    Some("-") => HeaderKey::White,
                    _ => return syntax("a name line is N+ or N-"),
                };
                self.record.header.push((key, st[2..].to_string()));
                Ok(())
            }
            '$' => {
                if self.phase > Phase::Header {
                    // Some writers put a fact after the position; it is still a fact.
                    self.note.push(RecordErrorKind::syntax(
                        "a game fact after the position (kept)",
                    ));
                }
                let Some((k, v)) = st[1..].split_once(':') else {
                    return syntax("a fact is $KEY:value");
                };
                if k.is_empty()
                    || !k.bytes().all(|b| {
                        b.is_ascii_uppercase()
                            || b == b'_'
                            || b == b'+'
                            || b == b'-'
                            || b.is_ascii_digit()
                    })
                {
                    return err(RecordErrorKind::Syntax {
                        reason: Cow::Owned(format!("bad fact key `{k}`")),
                    });
                }
                let key = match k {
                    "EVENT" => HeaderKey::Event,
                    "SITE" => HeaderKey::Site,
                    "START_TIME" => HeaderKey::StartTime,
                    "END_TIME" => HeaderKey::EndTime,
                    "TIME_LIMIT" => HeaderKey::TimeControl,
                    "OPENING" => HeaderKey::Opening,
                    other if OTHER_KEYS.contains(&other) => HeaderKey::Other(other.to_string()),
                    other => {
                        // Programs and servers add keys of their own (`$RATING`, `$MOVE_TIME`,
                        // ...): kept, and named in a warning.
                        self.note.push(RecordErrorKind::UnknownHeaderKey {
                            key: other.to_string(),
                            kept: true,
                        });
                        HeaderKey::Other(other.to_string())
                    }
                };
                self.record.header.push((key, v.to_string()));
                Ok(())
            }
            'P' if self.phase <= Phase::Position => {
                self.phase = Phase::Position;
                self.position_line(st)
            }
            '+' | '-' if st.len() == 1 => {
                if self.phase == Phase::Moves {
                    return syntax("the side to move is given twice");
                }
                self.side = Some(if first == '+' {
                    Color::Black
                } else {
                    Color::White
                });
                self.ensure_position()?;
                Ok(())
            }
            '+' | '-' => {
                if self.ended {
                    return syntax("a move after the end of the game");
                }
                if self.side.is_none() && self.pos.is_none() {
                    self.side = Some(if first == '+' {
                        Color::Black
                    } else {
                        Color::White
                    });
                }
                self.ensure_position()?;
                let Some(pos) = self.pos.as_mut() else {
                    return syntax("no position");
                };
                // `st` starts with its sign and ends trimmed: what `parse_move` would pass on.
                let mv = match crate::parse_move(pos, None, st, Style::Csa) {
                    Ok(mv) => mv,
                    Err(source) => {
                        let kind = RecordErrorKind::Move { source };
                        if let Some(mv) = csa_squares(pos, st)
                            && let Err(why) = pos.is_legal(mv)
                            && super::kif::is_foul(why)
                        {
                            self.foul = Some((mv, why, kind));
                            return Ok(());
                        }
                        return err(kind);
                    }
                };
                pos.play_unchecked(mv);
                self.record.main.moves.push(Node::new(mv));
                Ok(())
            }
            'T' => {
                let t = parse_time(&st[1..]).ok_or(StErr(
                    0,
                    RecordErrorKind::BadTime {
                        form: "T and seconds, such as T12 or T1.500",
                    },
                ))?;
                let time = Some(MoveTime {
                    spent: t,
                    total: None,
                });
                if self.ended
                    && let Some(end) = self.record.main.end.as_mut()
                {
                    end.time = time;
                    return Ok(());
                }
                match self.record.main.moves.last_mut() {
                    Some(node) if node.time.is_none() => {
                        node.time = time;
                        Ok(())
                    }
                    Some(_) => syntax("two times for one move"),
                    None => syntax("a time before any move"),
                }
            }
            '%' => {
                self.ensure_position()?;
                let side = self.pos.as_ref().map_or(Color::Black, |p| p.side_to_move());
                let kind = EndKind::from_csa(&st[1..], side).ok_or_else(|| {
                    StErr(
                        0,
                        RecordErrorKind::UnknownEnding {
                            name: st.trim().to_string(),
                        },
                    )
                })?;
                if self.ended {
                    // Servers repeat a player's %KACHI or %TORYO when they confirm it.
                    if self
                        .record
                        .main
                        .end
                        .as_ref()
                        .is_some_and(|e| e.kind == kind)
                    {
                        return Ok(());
                    }
                    return syntax("the game already ended");
                }
                self.record.main.end = Some(Ending::new(kind));
                self.ended = true;
                Ok(())
            }
            _ => syntax("not a CSA statement"),
        }
    }

    fn position_line(&mut self, st: &str) -> Result<(), StErr> {
        // `st` starts with `P` and `rest[1..]` below follows an ASCII `I`, digit or sign.
        let rest = &st[1..];
        let setup = self.setup.get_or_insert_with(Setup::empty);
        match rest.chars().next() {
            Some('I') => {
                if self.uses_rows || self.uses_pi {
                    return syntax("PI cannot be combined with other position lines");
                }
                self.uses_pi = true;
                *setup = Position::startpos().to_setup();
                let removed = &rest[1..];
                if !removed.len().is_multiple_of(4) || !removed.is_ascii() {
                    return syntax("PI is followed by square-and-piece pairs such as 82HI");
                }
                // ASCII and a multiple of four bytes: every `i..i + 4` is in range and on
                // char boundaries.
                for i in (0..removed.len()).step_by(4) {
                    let sq = square_from_digits(&removed[i..i + 2]).ok_or_else(|| {
                        StErr(
                            3 + i,
                            RecordErrorKind::BadSquare {
                                square: removed[i..i + 2].to_string(),
                            },
                        )
                    })?;
                    let kind = kind_from_code(&removed[i + 2..i + 4]);
                    match (setup.board[sq.index()], kind) {
                        (Some(p), Some(k)) if p.kind == k => setup.board[sq.index()] = None,
                        _ => {
                            return Err(StErr(
                                3 + i,
                                RecordErrorKind::NoPieceToRemove {
                                    piece: removed[i + 2..i + 4].to_string(),
                                    square: removed[i..i + 2].to_string(),
                                },
                            ));
                        }
                    }
                }
                Ok(())
            }
            Some(c @ '1'..='9') => {
                if self.uses_pi {
                    return syntax("PI cannot be combined with P1..P9");
                }
                self.uses_rows = true;
                let rank = Rank::from_number(c as u8 - b'0')
                    .ok_or(StErr(0, RecordErrorKind::syntax("bad rank")))?;
                // Nine cells, each `+FU`/`-FU` or an empty `*`. Writers put each in three
                // characters (` * `), but some write the empty ones with single spaces or
                // drop the trailing spaces: the cells are read as tokens, which is the same
                // reading wherever the fixed width holds.
                let chars: Vec<char> = rest[1..].chars().collect();
                let mut cells: Vec<(usize, String)> = Vec::with_capacity(9);
                let mut i = 0;
                while i < chars.len() {
                    match chars[i] {
                        c if c.is_whitespace() => i += 1,
                        '*' => {
                            cells.push((i, "*".to_string()));
                            i += 1;
                        }
                        '+' | '-' => {
                            let end = (i + 3).min(chars.len());
                            cells.push((i, chars[i..end].iter().collect()));
                            i = end;
                        }
                        c => {
                            return Err(StErr(
                                2 + i,
                                RecordErrorKind::Syntax {
                                    reason: Cow::Owned(format!(
                                        "`{c}` in a board row: a cell is `+FU`, `-FU` or `*`"
                                    )),
                                },
                            ));
                        }
                    }
                }
                if cells.len() != 9 {
                    let at = cells.get(9).map_or(2 + chars.len(), |c| 2 + c.0);
                    return Err(StErr(
                        at,
                        RecordErrorKind::Syntax {
                            reason: Cow::Owned(format!(
                                "a board row has nine cells, this one {}",
                                cells.len()
                            )),
                        },
                    ));
                }
                for (i, (at, cell)) in cells.iter().enumerate() {
                    // `9 - i` is 1 to 9.
                    let file = File::from_number(9 - i as u8)
                        .ok_or(StErr(0, RecordErrorKind::syntax("bad file")))?;
                    let sq = Square::new(file, rank);
                    setup.board[sq.index()] = if cell == "*" {
                        None
                    } else {
                        Some(piece_from_cell(cell).ok_or_else(|| {
                            StErr(
                                2 + at,
                                RecordErrorKind::Syntax {
                                    reason: Cow::Owned(format!("bad cell `{cell}`")),
                                },
                            )
                        })?)
                    };
                }
                Ok(())
            }
            Some(sign @ ('+' | '-')) => {
                let color = if sign == '+' {
                    Color::Black
                } else {
                    Color::White
                };
                let items = &rest[1..];
                if !items.len().is_multiple_of(4) || !items.is_ascii() {
                    return syntax("placements are square-and-piece pairs such as 00FU or 55KA");
                }
                // ASCII and a multiple of four bytes: every `i..i + 4` is in range and on
                // char boundaries; `count + 1` is at most 32 (a count is at most 31).
                for i in (0..items.len()).step_by(4) {
                    let col = 2 + i;
                    let sq_text = &items[i..i + 2];
                    let code = &items[i + 2..i + 4];
                    if sq_text == "00" {
                        if code == "AL" {
                            super::diagram::give_the_rest(setup, color);
                            continue;
                        }
                        let piece = kind_from_code(code)
                            .and_then(PieceKind::to_hand)
                            .ok_or_else(|| {
                                StErr(
                                    col,
                                    RecordErrorKind::CannotBeInHand {
                                        piece: code.to_string(),
                                    },
                                )
                            })?;
                        let h = setup.hands[color.index()];
                        setup.hands[color.index()] = Some(h.count(piece) + 1)
                            .filter(|&n| n <= piece.kind().set_count())
                            .and_then(|n| h.with_count(piece, n))
                            .ok_or_else(|| {
                                StErr(
                                    col,
                                    RecordErrorKind::TooManyInHand {
                                        piece: code.to_string(),
                                    },
                                )
                            })?;
                    } else {
                        let sq = square_from_digits(sq_text).ok_or_else(|| {
                            StErr(
                                col,
                                RecordErrorKind::BadSquare {
                                    square: sq_text.to_string(),
                                },
                            )
                        })?;
                        let kind = kind_from_code(code).ok_or_else(|| {
                            StErr(
                                col,
                                RecordErrorKind::UnknownPiece {
                                    code: code.to_string(),
                                },
                            )
                        })?;
                        setup.board[sq.index()] = Some(Piece::new(color, kind));
                    }
                }
                self.uses_rows = true;
                Ok(())
            }
            _ => syntax("unknown position line"),
        }
    }

    /// Builds the start position once the side to move is known (or a move or special comes),
    /// holding it to the reader's strictness.
    #[inline]
    fn ensure_position(&mut self) -> Result<(), StErr> {
        if self.pos.is_some() {
            return Ok(());
        }
        self.build_position()
    }

    /// `ensure_position`'s work, done once a game: out of line, so that what every move runs
    /// of it is a test (the call cost 20 instructions a move).
    #[inline(never)]
    fn build_position(&mut self) -> Result<(), StErr> {
        let mut setup = match self.setup.take() {
            Some(s) => s,
            None => Position::startpos().to_setup(),
        };
        setup.side = self.side.unwrap_or(Color::Black);
        setup.move_number = 1;
        self.record.start = if setup == *EVEN {
            // The start of most games: legal at every strictness and named the even game, as
            // a test checks. Judging it and looking for its name cost about 9,000
            // instructions a game, as much as reading eight of its moves.
            Start::Handicap(Handicap::Even)
        } else {
            let pos = self
                .opts
                .strictness
                .validate(&setup)
                .map_err(|source| StErr(0, RecordErrorKind::StartPosition { source }))?;
            Start::from_position(&pos)
        };
        self.pos = Some(self.record.start.position());
        self.phase = Phase::Moves;
        Ok(())
    }
}

/// The move a CSA move names by its squares (`+0055FU`, `-2233UM`), whether or not the
/// rules allow it; `None` when the text names none.
fn csa_squares(pos: &Position, st: &str) -> Option<Move> {
    let st = st.trim();
    let to = square_from_digits(st.get(3..5)?)?;
    let kind = kind_from_code(st.get(5..7)?)?;
    if st.get(1..3)? == "00" {
        return Move::try_drop(kind, to).ok();
    }
    let from = square_from_digits(st.get(1..3)?)?;
    let promote = pos
        .piece_at(from)
        .is_some_and(|p| p.kind != kind && !p.kind.is_promoted());
    Move::try_normal(from, to, promote).ok()
}

/// The move of a CSA move text in the usual form, `+7776FU` (its first seven bytes: sign,
/// four digits, upper-case piece code), if it is legal in `pos`; `None` for anything else,
/// whatever is wrong with it, which [`crate::parse_move`] then explains. What it accepts it
/// reads as `crate::parse_move` does.
#[inline]
fn quick_move(pos: &Position, b: &[u8]) -> Option<Move> {
    let &[sign, f1, r1, f2, r2, k1, k2, ..] = b else {
        return None;
    };
    let us = pos.side_to_move();
    if sign != (if us == Color::Black { b'+' } else { b'-' }) {
        return None;
    }
    // Upper case only (the form writers use); other cases go the general way.
    let after = crate::csa_move::kind_of_upper_code([k1, k2])?;
    let to = quick_square(f2, r2)?;
    if f1 == b'0' && r1 == b'0' {
        let mv = Move::try_drop(after, to).ok()?;
        pos.is_legal(mv).ok()?;
        return Some(mv);
    }
    let from = quick_square(f1, r1)?;
    let piece = pos.piece_at(from)?;
    let promote = if piece.kind == after {
        false
    } else if piece.kind.promote() == Some(after) {
        true
    } else {
        return None;
    };
    pos.is_legal_board_move(from, to, promote).ok()?;
    Move::try_normal(from, to, promote).ok()
}

/// The square of two ASCII digits 1 to 9 (file, then rank).
#[inline]
fn quick_square(file: u8, rank: u8) -> Option<Square> {
    // Wrapping: a byte below `0` becomes large and fails the range test.
    crate::common::square_from_numbers(file.wrapping_sub(b'0'), rank.wrapping_sub(b'0'))
}

/// A time in whole seconds of up to 19 digits (which a `u64` always holds) read directly,
/// anything else as [`parse_time`] reads it.
#[inline]
fn quick_time(s: &str) -> Option<Duration> {
    let b = s.as_bytes();
    if b.is_empty() || b.len() > 19 || !b.iter().all(u8::is_ascii_digit) {
        return parse_time(s);
    }
    // At most 19 digits: below 10^19, within a `u64`.
    let secs = b.iter().fold(0u64, |n, &d| n * 10 + u64::from(d - b'0'));
    Some(Duration::from_secs(secs))
}

fn piece_from_cell(cell: &str) -> Option<Piece> {
    let color = match cell.get(..1)? {
        "+" => Color::Black,
        "-" => Color::White,
        _ => return None,
    };
    Some(Piece::new(color, kind_from_code(cell.get(1..3)?)?))
}

fn parse_time(s: &str) -> Option<Duration> {
    let (secs, frac) = match s.split_once('.') {
        Some((a, b)) => (a, Some(b)),
        None => (s, None),
    };
    if secs.is_empty() || !secs.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    // Any number of seconds a `u64` holds, as every writer writes (more is refused).
    let mut d = Duration::from_secs(secs.parse().ok()?);
    if let Some(f) = frac {
        if f.is_empty() || f.len() > 3 || !f.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let ms: u64 = format!("{f:0<3}").parse().ok()?;
        d = d.checked_add(Duration::from_millis(ms))?;
    }
    Some(d)
}

fn time_text(d: Duration) -> String {
    if d.subsec_millis() == 0 {
        format!("T{}", d.as_secs())
    } else {
        format!("T{}.{:03}", d.as_secs(), d.subsec_millis())
    }
}

/// Writes a record as a CSA V3.0 file.
pub fn write(record: &Record) -> Written {
    let mut out = Written::default();
    let s = &mut out.text;
    s.push_str("'CSA encoding=UTF-8\nV3.0\n");
    for (key, value) in &record.header {
        let value = value.replace(['\n', '\r'], " ");
        let k = match key {
            HeaderKey::Black => {
                let _ = writeln!(s, "N+{value}");
                continue;
            }
            HeaderKey::White => {
                let _ = writeln!(s, "N-{value}");
                continue;
            }
            HeaderKey::Event => "EVENT",
            HeaderKey::Site => "SITE",
            HeaderKey::StartTime => "START_TIME",
            HeaderKey::EndTime => "END_TIME",
            HeaderKey::TimeControl => "TIME_LIMIT",
            HeaderKey::Opening => "OPENING",
            HeaderKey::Other(k) => {
                if OTHER_KEYS.contains(&k.as_str()) {
                    k.as_str()
                } else {
                    out.losses.push(Loss::HeaderKey {
                        format: Format::Csa,
                        key: k.clone(),
                    });
                    continue;
                }
            }
        };
        let _ = writeln!(s, "${k}:{value}");
    }
    write_start(s, &record.start);
    for c in &record.comments {
        write_comment(s, c);
    }
    let mut pos = record.start.position();
    for node in &record.main.moves {
        let _ = writeln!(s, "{}", move_text(&pos, node.mv));
        if let Some(t) = node.time {
            let _ = writeln!(s, "{}", time_text(t.spent));
            if t.total.is_some() {
                note(
                    &mut out.losses,
                    Loss::TotalTimes {
                        format: Format::Csa,
                    },
                );
            }
        }
        for c in &node.comments {
            write_comment(s, c);
        }
        if node.bookmark.is_some() {
            note(
                &mut out.losses,
                Loss::Bookmarks {
                    format: Format::Csa,
                },
            );
        }
        if !node.variations.is_empty() {
            note(
                &mut out.losses,
                Loss::Variations {
                    format: Format::Csa,
                },
            );
        }
        pos.play_unchecked(node.mv);
    }
    if let Some(end) = &record.main.end {
        match end.kind.csa(pos.side_to_move()) {
            Some(name) => {
                let _ = writeln!(s, "%{name}");
                if let Some(t) = end.time {
                    let _ = writeln!(s, "{}", time_text(t.spent));
                }
                for c in &end.comments {
                    write_comment(s, c);
                }
            }
            None => note(
                &mut out.losses,
                Loss::EndKind {
                    format: Format::Csa,
                    kind: end.kind,
                },
            ),
        }
        if !end.variations.is_empty() {
            note(
                &mut out.losses,
                Loss::Variations {
                    format: Format::Csa,
                },
            );
        }
    }
    out
}

fn note(losses: &mut Vec<Loss>, loss: Loss) {
    if !losses.contains(&loss) {
        losses.push(loss);
    }
}

fn write_comment(s: &mut String, c: &str) {
    for line in c.split('\n') {
        let _ = writeln!(s, "'*{}", line.trim_end_matches('\r'));
    }
}

fn write_start(s: &mut String, start: &Start) {
    match start {
        Start::Handicap(h) => {
            s.push_str("PI");
            let even = Handicap::Even.position();
            for &sq in h.removed() {
                if let Some(p) = even.piece_at(sq) {
                    let _ = write!(s, "{}{}", square_digits(sq), kind_code(p.kind));
                }
            }
            s.push('\n');
            let side = h.position().side_to_move();
            let _ = writeln!(s, "{}", color_sign(side));
        }
        Start::Position(pos) => {
            for rank in Rank::ALL {
                let _ = write!(s, "P{}", rank.number());
                for file in File::ALL.iter().rev() {
                    match pos.piece_at(Square::new(*file, rank)) {
                        None => s.push_str(" * "),
                        Some(p) => {
                            let _ = write!(s, "{}{}", color_sign(p.color), kind_code(p.kind));
                        }
                    }
                }
                s.push('\n');
            }
            for c in Color::ALL {
                let hand = pos.hand(c);
                if hand.is_empty() {
                    continue;
                }
                let _ = write!(s, "P{}", color_sign(c));
                for (k, n) in hand.iter() {
                    for _ in 0..n {
                        let _ = write!(s, "00{}", kind_code(k.kind()));
                    }
                }
                s.push('\n');
            }
            let _ = writeln!(s, "{}", color_sign(pos.side_to_move()));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_text_round_trip_over_legal_moves() {
        let pos = Position::startpos();
        for mv in pos.legal_moves() {
            let t = move_text(&pos, mv);
            assert_eq!(parse_move(&pos, &t), Ok(mv), "{t}");
        }
    }

    #[test]
    fn the_even_start_taken_as_known_is_what_judging_it_gives() {
        use tokin_core::Strictness;
        for strictness in [Strictness::Game, Strictness::Problem, Strictness::Relaxed] {
            let pos = strictness.validate(&EVEN).unwrap();
            assert_eq!(Start::from_position(&pos), Start::Handicap(Handicap::Even));
            assert_eq!(pos.to_sfen(), Handicap::Even.position().to_sfen());
        }
        let mut white = EVEN.clone();
        white.side = Color::White;
        let opts = ReadOptions::default();
        let game = parse("PI\n-\n-3334FU\n", opts).unwrap();
        assert_ne!(game.records[0].start, Start::Handicap(Handicap::Even));
        assert_eq!(
            game.records[0].start.position().to_setup(),
            Strictness::Game.validate(&white).unwrap().to_setup()
        );
        for text in ["PI\n+\n+7776FU\n", "+7776FU\n", "PI\n+7776FU\n"] {
            let game = parse(text, opts).unwrap();
            assert_eq!(
                game.records[0].start,
                Start::Handicap(Handicap::Even),
                "{text}"
            );
        }
    }

    #[test]
    fn reads_a_short_game() {
        let text =
            "V2.2\nN+Sente\nN-Gote\n$EVENT:Test\nPI\n+\n+7776FU,T3\n-3334FU\nT2\n'*nice\n%TORYO\n";
        let p = parse(text, ReadOptions::default()).unwrap();
        let r = &p.records[0];
        assert_eq!(r.main.moves.len(), 2);
        assert_eq!(r.main.moves[0].time.unwrap().spent, Duration::from_secs(3));
        assert_eq!(r.main.moves[1].comments, vec!["nice".to_string()]);
        assert_eq!(r.main.end.as_ref().unwrap().kind, EndKind::Resign);
        assert_eq!(r.header_value(&HeaderKey::Event), Some("Test"));
    }

    #[test]
    fn games_are_separated_by_slash_lines_with_any_spaces() {
        for sep in ["/", " /", "/ ", "\t/", "\u{3000}/\u{3000}", "\u{b}/"] {
            let text = format!("PI\n+\n+7776FU\n{sep}\nPI\n+\n+2726FU\n");
            let p = parse(&text, ReadOptions::default()).unwrap();
            assert_eq!(p.records.len(), 2, "{sep:?}");
        }
        for not_sep in ["//", "/+", "x/"] {
            let text = format!("PI\n+\n+7776FU\n{not_sep}\nPI\n+\n+2726FU\n");
            let e = parse(&text, ReadOptions::default()).unwrap_err();
            assert_eq!((e.line, e.column), (4, 1), "{not_sep:?}");
        }
    }

    #[test]
    fn every_time_a_u64_holds_reads_back() {
        // A JKF record's long time written as CSA used to be refused (nine digits at most).
        for d in [
            Duration::from_secs(5_999_999_999_943),
            Duration::from_secs(u64::MAX),
            Duration::from_millis(1_500),
            Duration::from_secs(u64::MAX) + Duration::from_millis(999),
        ] {
            assert_eq!(parse_time(&time_text(d)[1..]), Some(d), "{d:?}");
        }
        assert_eq!(parse_time("18446744073709551616"), None);
        assert_eq!(
            parse_time("18446744073709551615.5"),
            Some(Duration::from_secs(u64::MAX) + Duration::from_millis(500))
        );
    }

    /// What a text reads to, in one line: the games' moves (USI), times, endings and
    /// warnings, or the error with its place.
    fn summary(text: &str, lenient: bool) -> String {
        let opts = ReadOptions {
            lenient,
            ..ReadOptions::default()
        };
        match parse(text, opts) {
            Err(e) => format!("error {e}"),
            Ok(p) => {
                let mut s = String::new();
                for r in &p.records {
                    for n in &r.main.moves {
                        let _ = write!(s, "{}", n.mv);
                        if let Some(t) = n.time {
                            let _ = write!(s, "@{}ms", t.spent.as_millis());
                        }
                        for c in &n.comments {
                            let _ = write!(s, "'{c}");
                        }
                        s.push(' ');
                    }
                    if let Some(end) = &r.main.end {
                        let _ = write!(s, "{:?}", end.kind);
                        if let Some(t) = end.time {
                            let _ = write!(s, "@{}ms", t.spent.as_millis());
                        }
                    }
                    s.push_str(" / ");
                }
                for w in &p.warnings {
                    let _ = write!(s, "warning {w}; ");
                }
                s
            }
        }
    }

    #[test]
    fn quick_moves_are_judged_as_is_legal_judges_them() {
        use tokin_core::testing::{Pick, all_syntactic_moves, random_game_positions_from};
        let starts = [
            Position::startpos(),
            Handicap::TwoPieces.position(),
            Position::from_sfen("4k3l/9/4r4/9/4G4/9/1b7/9/4K3L b 2P 1").unwrap(),
        ];
        let moves = all_syntactic_moves();
        let (mut checked, mut legal) = (0, 0);
        let mut text = String::new();
        for pick in [Pick::Uniform, Pick::PreferCaptures] {
            random_game_positions_from(&starts, 7, 12, 90, pick, |pos, _| {
                for &mv in &moves {
                    // The move's text as the writer has it: a promotion flag on a kind that
                    // cannot promote names the move without it, which must then be read.
                    text.clear();
                    crate::csa_move::write(&mut text, pos, mv);
                    let quick = quick_move(pos, text.as_bytes());
                    let ok = pos.is_legal(mv).is_ok();
                    assert_eq!(quick == Some(mv), ok, "{mv} ({text}) in {}", pos.to_sfen());
                    if let Some(m) = quick {
                        assert!(pos.is_legal(m).is_ok(), "{m} ({text}) in {}", pos.to_sfen());
                    }
                    checked += 1;
                    legal += usize::from(ok);
                }
            });
        }
        assert!(
            checked > 1_000_000 && legal > 100_000,
            "{checked}, {legal} legal"
        );
    }

    #[test]
    fn usual_move_and_time_lines_read_as_every_other_form() {
        // The usual lines are read from their bytes; these cases, each close to that form,
        // must read (or fail, at the same line and column) as the general reading has them.
        let start = "PI\n+\n+7776FU\n-3334FU\n";
        let cases: &[&str] = &[
            "+8822UM,T3\n-3122GI\nT5\n+0055KA\n%TORYO\nT1\n",
            "+8822um\n-3122gi,T1.500\n",
            "+8822UM \n-3122GI\t\n",
            "+8822UM,T3,'*good\n-3122GI\nT18446744073709551615\n",
            "+8822UM,T18446744073709551616\n",
            "+8822UM,T\n",
            "+8822UM,T3 \n",
            "+8822UM,T3,T4\n",
            "+8822UM,X\n",
            "+8822UM\nT3\nT4\n",
            "+8822UM\nT3.\n",
            "+8822UM\nT-3\n",
            "+8822UM\nT03,\n",
            "+8822KA\n",
            "+8822NG\n",
            "+8823UM\n",
            "-8822UM\n",
            "+8722UM\n",
            "+0055FU\n",
            "+0055KY\n",
            "+9955FU\n",
            "+1010FU\n",
            "+7675FU\n-3435FU\n+7574FU\n-3536FU\n+7473TO\n",
            "+7675FU\n-3435FU\n+7574FU\n-3536FU\n+7473FU\n-2233KA\n+0077FU\n%TORYO\n",
            "+7675FU\n-3435FU\n+7574FU\n-3536FU\n+7473FU\n-2233KA\n+0077FU\nT3\n%ILLEGAL_MOVE\n",
            "+7675FU\n-3435FU\n+7574FU\n-3536FU\n+7473FU\n-2233KA\n+0077FU\n-4132KI\n",
            "+5958OU\n-2288UM\n+5969OU\n",
            "+2726FU\n%TORYO\n+2625FU\n",
            "%TORYO\n-8822UM\n",
            "+7776FU\n",
            "+77 76FU\n",
            "7776FU\n",
            "+8822UM\n/\nPI\n+\n+2726FU,T2\n",
        ];
        let mut got = Vec::new();
        for case in cases {
            let text = format!("{start}{case}");
            for lenient in [false, true] {
                got.push(summary(&text, lenient));
            }
            // The first moves, before the start position is built, and a start of White to move.
            got.push(summary(case, false));
            got.push(summary(&format!("PI\n-\n{case}"), false));
        }
        let expected: &[&str] = &[
            "7g7f 3c3d 8h2b+@3000ms 3a2b@5000ms B*5e Resign@1000ms / ",
            "7g7f 3c3d 8h2b+@3000ms 3a2b@5000ms B*5e Resign@1000ms / ",
            "error 1:1: move 1: no legal move matches `+8822UM`: the piece cannot reach the destination: `+8822UM`",
            "error 3:1: move 1: `+8822UM` is marked for the side that is not to move: `+8822UM`",
            "7g7f 3c3d 8h2b+ 3a2b@1500ms  / ",
            "7g7f 3c3d 8h2b+ 3a2b@1500ms  / ",
            "error 1:1: move 1: no legal move matches `+8822um`: the piece cannot reach the destination: `+8822um`",
            "error 3:1: move 1: `+8822um` is marked for the side that is not to move: `+8822um`",
            "7g7f 3c3d 8h2b+ 3a2b  / ",
            "7g7f 3c3d 8h2b+ 3a2b  / ",
            "error 1:1: move 1: no legal move matches `+8822UM`: the piece cannot reach the destination: `+8822UM`",
            "error 3:1: move 1: `+8822UM` is marked for the side that is not to move: `+8822UM`",
            "7g7f 3c3d 8h2b+@3000ms'good 3a2b@18446744073709551615000ms  / ",
            "7g7f 3c3d 8h2b+@3000ms'good 3a2b@18446744073709551615000ms  / ",
            "error 1:1: move 1: no legal move matches `+8822UM`: the piece cannot reach the destination: `+8822UM`",
            "error 3:1: move 1: `+8822UM` is marked for the side that is not to move: `+8822UM`",
            "error 5:9: move 4: a time is T and seconds, such as T12 or T1.500: `T18446744073709551616`",
            "7g7f 3c3d 8h2b+  / warning 5:9: move 4: a time is T and seconds, such as T12 or T1.500: `T18446744073709551616`; ",
            "error 1:1: move 1: no legal move matches `+8822UM`: the piece cannot reach the destination: `+8822UM`",
            "error 3:1: move 1: `+8822UM` is marked for the side that is not to move: `+8822UM`",
            "error 5:9: move 4: a time is T and seconds, such as T12 or T1.500: `T`",
            "7g7f 3c3d 8h2b+  / warning 5:9: move 4: a time is T and seconds, such as T12 or T1.500: `T`; ",
            "error 1:1: move 1: no legal move matches `+8822UM`: the piece cannot reach the destination: `+8822UM`",
            "error 3:1: move 1: `+8822UM` is marked for the side that is not to move: `+8822UM`",
            "7g7f 3c3d 8h2b+@3000ms  / ",
            "7g7f 3c3d 8h2b+@3000ms  / ",
            "error 1:1: move 1: no legal move matches `+8822UM`: the piece cannot reach the destination: `+8822UM`",
            "error 3:1: move 1: `+8822UM` is marked for the side that is not to move: `+8822UM`",
            "error 5:12: move 4: two times for one move: `T4`",
            "7g7f 3c3d 8h2b+@3000ms  / warning 5:12: move 4: two times for one move: `T4`; ",
            "error 1:1: move 1: no legal move matches `+8822UM`: the piece cannot reach the destination: `+8822UM`",
            "error 3:1: move 1: `+8822UM` is marked for the side that is not to move: `+8822UM`",
            "error 5:9: move 4: not a CSA statement: `X`",
            "7g7f 3c3d 8h2b+  / warning 5:9: move 4: not a CSA statement: `X`; ",
            "error 1:1: move 1: no legal move matches `+8822UM`: the piece cannot reach the destination: `+8822UM`",
            "error 3:1: move 1: `+8822UM` is marked for the side that is not to move: `+8822UM`",
            "error 7:1: move 4: two times for one move: `T4`",
            "7g7f 3c3d 8h2b+@3000ms  / warning 7:1: move 4: two times for one move: `T4`; ",
            "error 1:1: move 1: no legal move matches `+8822UM`: the piece cannot reach the destination: `+8822UM`",
            "error 3:1: move 1: `+8822UM` is marked for the side that is not to move: `+8822UM`",
            "error 6:1: move 4: a time is T and seconds, such as T12 or T1.500: `T3.`",
            "7g7f 3c3d 8h2b+  / warning 6:1: move 4: a time is T and seconds, such as T12 or T1.500: `T3.`; ",
            "error 1:1: move 1: no legal move matches `+8822UM`: the piece cannot reach the destination: `+8822UM`",
            "error 3:1: move 1: `+8822UM` is marked for the side that is not to move: `+8822UM`",
            "error 6:1: move 4: a time is T and seconds, such as T12 or T1.500: `T-3`",
            "7g7f 3c3d 8h2b+  / warning 6:1: move 4: a time is T and seconds, such as T12 or T1.500: `T-3`; ",
            "error 1:1: move 1: no legal move matches `+8822UM`: the piece cannot reach the destination: `+8822UM`",
            "error 3:1: move 1: `+8822UM` is marked for the side that is not to move: `+8822UM`",
            "7g7f 3c3d 8h2b+@3000ms  / ",
            "7g7f 3c3d 8h2b+@3000ms  / ",
            "error 1:1: move 1: no legal move matches `+8822UM`: the piece cannot reach the destination: `+8822UM`",
            "error 3:1: move 1: `+8822UM` is marked for the side that is not to move: `+8822UM`",
            "7g7f 3c3d 8h2b  / ",
            "7g7f 3c3d 8h2b  / ",
            "error 1:1: move 1: no legal move matches `+8822KA`: the piece cannot reach the destination: `+8822KA`",
            "error 3:1: move 1: `+8822KA` is marked for the side that is not to move: `+8822KA`",
            "error 5:1: move 3: no legal move matches `+8822NG`: the piece on 8h is a bishop, which cannot become a promoted silver: `+8822NG`",
            "7g7f 3c3d  / warning 5:1: move 3: no legal move matches `+8822NG`: the piece on 8h is a bishop, which cannot become a promoted silver: `+8822NG`; ",
            "error 1:1: move 1: no legal move matches `+8822NG`: the piece on 8h is a bishop, which cannot become a promoted silver: `+8822NG`",
            "error 3:1: move 1: `+8822NG` is marked for the side that is not to move: `+8822NG`",
            "error 5:1: move 3: no legal move matches `+8823UM`: the piece cannot reach the destination: `+8823UM`",
            "7g7f 3c3d  / warning 5:1: move 3: no legal move matches `+8823UM`: the piece cannot reach the destination: `+8823UM`; ",
            "error 1:1: move 1: no legal move matches `+8823UM`: the piece cannot reach the destination: `+8823UM`",
            "error 3:1: move 1: `+8823UM` is marked for the side that is not to move: `+8823UM`",
            "error 5:1: move 3: `-8822UM` is marked for the side that is not to move: `-8822UM`",
            "7g7f 3c3d  / warning 5:1: move 3: `-8822UM` is marked for the side that is not to move: `-8822UM`; ",
            "error 1:1: move 1: no legal move matches `-8822UM`: the piece on the origin square is not yours: `-8822UM`",
            "error 3:1: move 1: no legal move matches `-8822UM`: the piece on the origin square is not yours: `-8822UM`",
            "error 5:1: move 3: no legal move matches `+8722UM`: the piece on 8g is a pawn, which cannot become a horse: `+8722UM`",
            "7g7f 3c3d  / warning 5:1: move 3: no legal move matches `+8722UM`: the piece on 8g is a pawn, which cannot become a horse: `+8722UM`; ",
            "error 1:1: move 1: no legal move matches `+8722UM`: the piece on 8g is a pawn, which cannot become a horse: `+8722UM`",
            "error 3:1: move 1: `+8722UM` is marked for the side that is not to move: `+8722UM`",
            "error 5:1: move 3: no legal move matches `+0055FU`: the piece is not in hand: `+0055FU`",
            "7g7f 3c3d  / warning 5:1: move 3: no legal move matches `+0055FU`: the piece is not in hand: `+0055FU`; ",
            "error 1:1: move 1: no legal move matches `+0055FU`: the piece is not in hand: `+0055FU`",
            "error 3:1: move 1: `+0055FU` is marked for the side that is not to move: `+0055FU`",
            "error 5:1: move 3: no legal move matches `+0055KY`: the piece is not in hand: `+0055KY`",
            "7g7f 3c3d  / warning 5:1: move 3: no legal move matches `+0055KY`: the piece is not in hand: `+0055KY`; ",
            "error 1:1: move 1: no legal move matches `+0055KY`: the piece is not in hand: `+0055KY`",
            "error 3:1: move 1: `+0055KY` is marked for the side that is not to move: `+0055KY`",
            "error 5:1: move 3: no legal move matches `+9955FU`: the piece on 9i is a lance, which cannot become a pawn: `+9955FU`",
            "7g7f 3c3d  / warning 5:1: move 3: no legal move matches `+9955FU`: the piece on 9i is a lance, which cannot become a pawn: `+9955FU`; ",
            "error 1:1: move 1: no legal move matches `+9955FU`: the piece on 9i is a lance, which cannot become a pawn: `+9955FU`",
            "error 3:1: move 1: `+9955FU` is marked for the side that is not to move: `+9955FU`",
            "error 5:1: move 3: `+1010FU` is not a csa move: destination must be two digits 1-9 at character 4: `+1010FU`",
            "7g7f 3c3d  / warning 5:1: move 3: `+1010FU` is not a csa move: destination must be two digits 1-9 at character 4: `+1010FU`; ",
            "error 1:1: move 1: `+1010FU` is not a csa move: destination must be two digits 1-9 at character 4: `+1010FU`",
            "error 3:1: move 1: `+1010FU` is marked for the side that is not to move: `+1010FU`",
            "7g7f 3c3d 7f7e 3d3e 7e7d 3e3f 7d7c+  / ",
            "7g7f 3c3d 7f7e 3d3e 7e7d 3e3f 7d7c+  / ",
            "error 1:1: move 1: no legal move matches `+7675FU`: there is no piece on 7f: `+7675FU`",
            "error 3:1: move 1: `+7675FU` is marked for the side that is not to move: `+7675FU`",
            "7g7f 3c3d 7f7e 3d3e 7e7d 3e3f 7d7c 2b3c IllegalLoss / warning 11:1: move 9: the line ends with the illegal move P*7g (two pawns on one file (nifu)), read as 反則負け: `+0077FU`; ",
            "7g7f 3c3d 7f7e 3d3e 7e7d 3e3f 7d7c 2b3c IllegalLoss / warning 11:1: move 9: the line ends with the illegal move P*7g (two pawns on one file (nifu)), read as 反則負け: `+0077FU`; ",
            "error 1:1: move 1: no legal move matches `+7675FU`: there is no piece on 7f: `+7675FU`",
            "error 3:1: move 1: `+7675FU` is marked for the side that is not to move: `+7675FU`",
            "7g7f 3c3d 7f7e 3d3e 7e7d 3e3f 7d7c 2b3c IllegalLoss / warning 11:1: move 9: the line ends with the illegal move P*7g (two pawns on one file (nifu)), read as 反則負け: `+0077FU`; ",
            "7g7f 3c3d 7f7e 3d3e 7e7d 3e3f 7d7c 2b3c IllegalLoss / warning 11:1: move 9: the line ends with the illegal move P*7g (two pawns on one file (nifu)), read as 反則負け: `+0077FU`; ",
            "error 1:1: move 1: no legal move matches `+7675FU`: there is no piece on 7f: `+7675FU`",
            "error 3:1: move 1: `+7675FU` is marked for the side that is not to move: `+7675FU`",
            "error 11:1: move 9: no legal move matches `+0077FU`: two pawns on one file (nifu): `+0077FU`",
            "7g7f 3c3d 7f7e 3d3e 7e7d 3e3f 7d7c 2b3c IllegalLoss / warning 11:1: move 9: no legal move matches `+0077FU`: two pawns on one file (nifu): `+0077FU`; warning 11:1: move 9: the line ends with the illegal move P*7g (two pawns on one file (nifu)), read as 反則負け: `+0077FU`; ",
            "error 1:1: move 1: no legal move matches `+7675FU`: there is no piece on 7f: `+7675FU`",
            "error 3:1: move 1: `+7675FU` is marked for the side that is not to move: `+7675FU`",
            "error 7:1: move 5: no legal move matches `+5969OU`: there is no piece on 5i: `+5969OU`",
            "7g7f 3c3d 5i5h 2b8h+  / warning 7:1: move 5: no legal move matches `+5969OU`: there is no piece on 5i: `+5969OU`; ",
            "error 2:1: move 2: no legal move matches `-2288UM`: the piece cannot reach the destination: `-2288UM`",
            "error 3:1: move 1: `+5958OU` is marked for the side that is not to move: `+5958OU`",
            "error 7:1: move 4: a move after the end of the game: `+2625FU`",
            "7g7f 3c3d 2g2f Resign / warning 7:1: move 4: a move after the end of the game: `+2625FU`; ",
            "error 3:1: move 2: a move after the end of the game: `+2625FU`",
            "error 3:1: move 1: `+2726FU` is marked for the side that is not to move: `+2726FU`",
            "error 6:1: move 3: a move after the end of the game: `-8822UM`",
            "7g7f 3c3d Resign / warning 6:1: move 3: a move after the end of the game: `-8822UM`; ",
            "error 2:1: move 1: a move after the end of the game: `-8822UM`",
            "error 4:1: move 1: a move after the end of the game: `-8822UM`",
            "error 5:1: move 3: no legal move matches `+7776FU`: there is no piece on 7g: `+7776FU`",
            "7g7f 3c3d  / warning 5:1: move 3: no legal move matches `+7776FU`: there is no piece on 7g: `+7776FU`; ",
            "7g7f  / ",
            "error 3:1: move 1: `+7776FU` is marked for the side that is not to move: `+7776FU`",
            "error 5:1: move 3: no legal move matches `+77 76FU`: there is no piece on 7g: `+77 76FU`",
            "7g7f 3c3d  / warning 5:1: move 3: no legal move matches `+77 76FU`: there is no piece on 7g: `+77 76FU`; ",
            "7g7f  / ",
            "error 3:1: move 1: `+77 76FU` is marked for the side that is not to move: `+77 76FU`",
            "error 5:1: move 3: not a CSA statement: `7776FU`",
            "7g7f 3c3d  / warning 5:1: move 3: not a CSA statement: `7776FU`; ",
            "error 1:1: not a CSA statement: `7776FU`",
            "error 3:1: move 1: not a CSA statement: `7776FU`",
            "7g7f 3c3d 8h2b+  / 2g2f@2000ms  / ",
            "7g7f 3c3d 8h2b+  / 2g2f@2000ms  / ",
            "error 1:1: move 1: no legal move matches `+8822UM`: the piece cannot reach the destination: `+8822UM`",
            "error 3:1: move 1: `+8822UM` is marked for the side that is not to move: `+8822UM`",
        ];
        assert_eq!(got, expected);
    }
    #[test]
    fn games_split_and_end_as_before() {
        // Games are read line by line as the text is split; these readings and errors were
        // taken from the reader that gathered each game's lines first.
        let cases: &[&str] = &[
            "PI\n+\n+7776FU\n/\n\n/\nPI\n+\n-3334FU\n",
            "\n\nPI\n+\n+7776FU\n\n\n",
            "N+a\n\n\n/\nPI\n-\n-3334FU\n",
            "P+00FU\n\n\n/\nPI\n+\n",
            "PI\n+\n+7776FU\n/\nP+00FU\n \n",
            "PI\n+\n+7775FU\n/\nPI\n+\n+7776FU\n+3334FU\n",
            "PI\n+\n+7776FU\n-3334FU\n+0055FU\n/\nPI\n+\n+7776FU\n-3334FU\n+8822UM\n-3122GI\n+0055KA\n",
            "/\n/\n",
            "",
            "  \n\u{3000}\n",
            "PI\n+\n+7776FU",
            "PI\r\n+\r\n+7776FU\r\n-3334FU,T3\r\nT4\r\n",
            "\u{feff}PI\n+\n+7776FU\n",
            "'*before\nPI\n+\n'*start\n+7776FU\n'*after\n%TORYO\n'*end\n/\n'*second\n",
            "PI\n+\n+7776FU\n%TORYO\nT3\n'*x\n",
        ];
        let mut got = Vec::new();
        for case in cases {
            for lenient in [false, true] {
                got.push(summary(case, lenient));
            }
        }
        let expected: &[&str] = &[
            "error 9:1: move 1: `-3334FU` is marked for the side that is not to move: `-3334FU`",
            "7g7f  /  / warning 9:1: move 1: `-3334FU` is marked for the side that is not to move: `-3334FU`; ",
            "7g7f  / ",
            "7g7f  / ",
            " / 3c3d  / ",
            " / 3c3d  / ",
            "error 3:1: impossible start position: white has no king",
            " /  / warning 3:1: impossible start position: white has no king; ",
            "error 7:1: impossible start position: white has no king",
            "7g7f  /  / warning 7:1: impossible start position: white has no king; ",
            "error 3:1: move 1: no legal move matches `+7775FU`: the piece cannot reach the destination: `+7775FU`",
            " / 7g7f  / warning 3:1: move 1: no legal move matches `+7775FU`: the piece cannot reach the destination: `+7775FU`; warning 8:1: move 2: `+3334FU` is marked for the side that is not to move: `+3334FU`; ",
            "error 5:1: move 3: no legal move matches `+0055FU`: the piece is not in hand: `+0055FU`",
            "7g7f 3c3d  / 7g7f 3c3d 8h2b+ 3a2b B*5e  / warning 5:1: move 3: no legal move matches `+0055FU`: the piece is not in hand: `+0055FU`; ",
            "error 0:0: no game in the CSA text",
            "error 0:0: no game in the CSA text",
            "error 0:0: no game in the CSA text",
            "error 0:0: no game in the CSA text",
            "error 0:0: no game in the CSA text",
            "error 0:0: no game in the CSA text",
            "7g7f  / ",
            "7g7f  / ",
            "error 5:1: move 3: two times for one move: `T4`",
            "7g7f 3c3d@3000ms  / warning 5:1: move 3: two times for one move: `T4`; ",
            "7g7f  / ",
            "7g7f  / ",
            "7g7f'after Resign /  / ",
            "7g7f'after Resign /  / ",
            "7g7f Resign@3000ms / ",
            "7g7f Resign@3000ms / ",
        ];
        assert_eq!(got, expected);
    }
}
