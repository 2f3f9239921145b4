//! JSON Kifu Format (JKF), the record format of Kifu for JS and ShogiHome.
//!
//! A JKF document is an object with `header` (Japanese keys such as `先手`), `initial`
//! (`preset` such as `HIRATE` or `2`, or `OTHER` with a `data` board of `board[file-1][rank-1]`
//! cells, `color` and `hands`), and `moves`: the first element holds comments on the start,
//! each later one a `move` (`from`/`to` as `{x, y}`, `color` 0 or 1, `piece`, `promote`),
//! `time` (`now` {m, s}, `total` {h, m, s}), `comments`, and `forks` (alternative lines for
//! that move), or a `special` ending (`TORYO`, ...). Times are whole seconds; bookmarks and
//! the endings CSA has no name for are written as comments-free losses.
//!
//! ```
//! use tokin_notation::record::{jkf, ReadOptions};
//!
//! let text = r#"{"header":{"先手":"A"},"initial":{"preset":"KA"},"moves":[{},
//!   {"move":{"from":{"x":5,"y":1},"to":{"x":4,"y":2},"color":1,"piece":"OU"}},{"special":"TORYO"}]}"#;
//! let game = &jkf::parse(text, ReadOptions::default()).unwrap().records[0];
//! assert_eq!(game.start.handicap(), Some(tokin_core::Handicap::Bishop));
//! assert!(jkf::write(game).text.contains("\"preset\": \"KA\""));
//! ```

use super::model::Clock;
use super::{
    EndKind, Ending, Format, HeaderKey, Line, Loss, Node, Parsed, ReadOptions, Record, RecordError,
    RecordErrorKind, Start, Written, csa,
};
use serde_json::{Map, Value, json};
use std::time::Duration;
use tokin_core::{
    Color, File, HandPiece, Handicap, Move, Piece, PieceKind, Position, Rank, Setup, Square,
};

const PRESETS: [(Handicap, &str); 16] = [
    (Handicap::Even, "HIRATE"),
    (Handicap::Lance, "KY"),
    (Handicap::RightLance, "KY_R"),
    (Handicap::Bishop, "KA"),
    (Handicap::Rook, "HI"),
    (Handicap::RookLance, "HIKY"),
    (Handicap::TwoPieces, "2"),
    (Handicap::ThreePieces, "3"),
    (Handicap::FourPieces, "4"),
    (Handicap::FivePieces, "5"),
    (Handicap::LeftFivePieces, "5_L"),
    (Handicap::SixPieces, "6"),
    (Handicap::LeftSevenPieces, "7_L"),
    (Handicap::RightSevenPieces, "7_R"),
    (Handicap::EightPieces, "8"),
    (Handicap::TenPieces, "10"),
];

/// The JKF preset name of a handicap.
pub fn preset_name(h: Handicap) -> &'static str {
    PRESETS.iter().find(|p| p.0 == h).map_or("HIRATE", |p| p.1)
}

fn color_num(c: Color) -> u64 {
    c.index() as u64
}

/// A problem at a JSON path; [`parse`] moves it to the line and column where that value
/// starts.
fn at(path: &str, kind: RecordErrorKind) -> RecordError {
    RecordError::new(1, 1, path, kind)
}

/// A value of the wrong shape at a JSON path.
fn shape(path: &str, reason: &'static str) -> RecordError {
    at(path, RecordErrorKind::syntax(reason))
}

enum Frame {
    /// An object, with the key of the value being read (`None` while a key is expected).
    Object(Option<String>),
    /// An array, with the index of the element being read.
    Array(usize),
}

fn path_of(stack: &[Frame]) -> Option<String> {
    let mut p = String::new();
    for f in stack {
        match f {
            Frame::Object(Some(k)) => {
                if !p.is_empty() {
                    p.push('.');
                }
                p.push_str(k);
            }
            Frame::Object(None) => return None,
            Frame::Array(i) => p.push_str(&format!("[{i}]")),
        }
    }
    Some(p)
}

/// Where the value at a JSON path such as `moves[3].move.to` starts: (line, column) from 1,
/// or where its deepest enclosing value starts. serde_json values carry no positions, so
/// this walks the text once more, keeping the path of every value it meets.
fn locate(text: &str, path: &str) -> (usize, usize) {
    let mut stack: Vec<Frame> = Vec::new();
    let mut best = (0, 0usize); // (matched length, byte offset)
    let mut chars = text.char_indices().peekable();
    let mut check = |stack: &[Frame], offset: usize| {
        // `path` starts with `p`, so `p.len()` is a char boundary of `path`.
        if let Some(p) = path_of(stack)
            && path.starts_with(p.as_str())
            && (p.len() == path.len() || path[p.len()..].starts_with(['.', '[']))
            && (p.len() > best.0 || best == (0, 0))
        {
            best = (p.len(), offset);
        }
    };
    while let Some((i, c)) = chars.next() {
        match c {
            '{' => {
                check(&stack, i);
                stack.push(Frame::Object(None));
            }
            '[' => {
                check(&stack, i);
                stack.push(Frame::Array(0));
            }
            '}' | ']' => {
                stack.pop();
            }
            ',' => match stack.last_mut() {
                Some(Frame::Array(n)) => *n += 1,
                Some(Frame::Object(k)) => *k = None,
                None => {}
            },
            '"' => {
                let mut s = String::new();
                let mut escaped = false;
                for (_, d) in chars.by_ref() {
                    if escaped {
                        s.push(d);
                        escaped = false;
                    } else if d == '\\' {
                        escaped = true;
                    } else if d == '"' {
                        break;
                    } else {
                        s.push(d);
                    }
                }
                if let Some(Frame::Object(k @ None)) = stack.last_mut() {
                    *k = Some(s);
                } else {
                    check(&stack, i);
                }
            }
            c if c.is_ascii_alphanumeric() || c == '-' => {
                check(&stack, i);
                while chars
                    .peek()
                    .is_some_and(|(_, d)| d.is_ascii_alphanumeric() || matches!(d, '.' | '+' | '-'))
                {
                    chars.next();
                }
            }
            _ => {}
        }
    }
    // `best.1` is 0 or an offset from `char_indices`: a char boundary.
    let before = &text[..best.1];
    let line = before.matches('\n').count() + 1;
    let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, col)
}

/// Moves an error found at a JSON path to its line and column.
fn place(text: &str, mut e: RecordError) -> RecordError {
    let (line, column) = locate(text, &e.text);
    e.line = line;
    e.column = column;
    e
}

/// Reads a JKF document.
///
/// # Errors
/// JSON syntax errors with their line and column; structural and rule errors with the JSON
/// path of the bad value (such as `moves[12].move`) and the move number.
pub fn parse(text: &str, opts: ReadOptions) -> Result<Parsed, RecordError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    match parse_document(text, opts) {
        Ok(mut p) => {
            p.warnings = p.warnings.into_iter().map(|e| place(text, e)).collect();
            Ok(p)
        }
        // JSON syntax errors already have their line and column; the rest name a path.
        Err(e) if matches!(*e.kind, RecordErrorKind::Json { .. }) => Err(e),
        Err(e) => Err(place(text, e)),
    }
}

fn parse_document(text: &str, opts: ReadOptions) -> Result<Parsed, RecordError> {
    let doc: Value = serde_json::from_str(text).map_err(|e| {
        let line_text = text.lines().nth(e.line().saturating_sub(1)).unwrap_or("");
        RecordError::new(
            e.line(),
            e.column(),
            line_text,
            RecordErrorKind::Json {
                message: e.to_string(),
            },
        )
    })?;
    let obj = doc
        .as_object()
        .ok_or_else(|| shape("", "a JKF document is a JSON object"))?;
    let mut record = Record::new();
    let mut warnings = Vec::new();
    if let Some(h) = obj.get("header") {
        let h = h
            .as_object()
            .ok_or_else(|| shape("header", "the header is an object"))?;
        for (k, v) in h {
            let v = v
                .as_str()
                .ok_or_else(|| shape(&format!("header.{k}"), "header values are strings"))?;
            // The start belongs to `initial`; a 手合割 fact only names it when that is absent.
            if k == "手合割" {
                if obj.get("initial").is_none()
                    && let Some(h) = Handicap::from_name(v)
                {
                    record.start = Start::Handicap(h);
                }
                continue;
            }
            record
                .header
                .push((HeaderKey::from_japanese(k), v.to_string()));
        }
    }
    if let Some(init) = obj.get("initial") {
        record.start = parse_initial(init, opts)?;
    }
    let moves: &[Value] = match obj.get("moves") {
        None => &[],
        Some(m) => m
            .as_array()
            .ok_or_else(|| shape("moves", "moves is an array"))?,
    };
    let pos = record.start.position();
    if let Some(first) = moves.first()
        && first.get("move").is_none()
        && first.get("special").is_none()
    {
        record.comments = comments(first, "moves[0]")?;
    }
    let skip = usize::from(
        moves
            .first()
            .is_some_and(|m| m.get("move").is_none() && m.get("special").is_none()),
    );
    let mut stop = false;
    record.main = parse_line(
        &moves[skip.min(moves.len())..],
        pos,
        "moves",
        skip,
        &mut Clock::default(),
        opts,
        &mut warnings,
        &mut stop,
    )?;
    Ok(Parsed {
        records: vec![record],
        warnings,
    })
}

fn comments(v: &Value, path: &str) -> Result<Vec<String>, RecordError> {
    match v.get("comments") {
        None => Ok(Vec::new()),
        Some(Value::Array(a)) => a
            .iter()
            .enumerate()
            .map(|(i, c)| {
                c.as_str()
                    .map(str::to_string)
                    .ok_or_else(|| shape(&format!("{path}.comments[{i}]"), "comments are strings"))
            })
            .collect(),
        Some(_) => Err(shape(
            &format!("{path}.comments"),
            "comments is an array of strings",
        )),
    }
}

fn num(v: &Value, key: &str, path: &str) -> Result<u64, RecordError> {
    v.get(key)
        .and_then(Value::as_u64)
        .ok_or_else(|| shape(&format!("{path}.{key}"), "expected a whole number"))
}

fn parse_time(v: &Value, path: &str) -> Result<(Duration, Option<Duration>), RecordError> {
    let now = v
        .get("now")
        .ok_or_else(|| shape(&format!("{path}.now"), "a time has `now`"))?;
    let p = format!("{path}.now");
    let spent = Duration::from_secs(
        num(now, "m", &p)?
            .saturating_mul(60)
            .saturating_add(num(now, "s", &p)?),
    );
    let total = match v.get("total") {
        None => None,
        Some(t) => {
            let p = format!("{path}.total");
            let h = t.get("h").and_then(Value::as_u64).unwrap_or(0);
            Some(Duration::from_secs(
                h.saturating_mul(3600)
                    .saturating_add(num(t, "m", &p)?.saturating_mul(60))
                    .saturating_add(num(t, "s", &p)?),
            ))
        }
    };
    Ok((spent, total))
}

#[allow(clippy::too_many_arguments)]
fn parse_line(
    items: &[Value],
    mut pos: Position,
    path: &str,
    first_index: usize,
    clock: &mut Clock,
    opts: ReadOptions,
    warnings: &mut Vec<RecordError>,
    stop: &mut bool,
) -> Result<Line, RecordError> {
    let mut line = Line::default();
    for (i, item) in items.iter().enumerate() {
        if *stop {
            break;
        }
        let p = format!("{path}[{}]", first_index + i);
        let ply = pos.move_number() as usize;
        if line.end.is_some() {
            return Err(shape(&p, "an element after the game's end").at_ply(ply));
        }
        let clock_before_special = *clock;
        if let Some(sp) = item.get("special") {
            let name = sp
                .as_str()
                .ok_or_else(|| shape(&format!("{p}.special"), "special is a string"))?;
            let kind = EndKind::from_csa(name, pos.side_to_move()).ok_or_else(|| {
                at(
                    &format!("{p}.special"),
                    RecordErrorKind::UnknownEnding {
                        name: name.to_string(),
                    },
                )
                .at_ply(ply)
            })?;
            let mut end = Ending::new(kind);
            if let Some(t) = item.get("time") {
                let (spent, total) = parse_time(t, &format!("{p}.time"))?;
                end.time = Some(clock.read(pos.side_to_move(), spent, total));
            }
            end.comments = comments(item, &p)?;
            end.variations =
                parse_forks(item, &pos, &p, clock_before_special, opts, warnings, stop)?;
            line.end = Some(end);
            continue;
        }
        let mv_v = item
            .get("move")
            .ok_or_else(|| shape(&p, "a move element has `move` or `special`").at_ply(ply))?;
        let mv = match parse_move(mv_v, &pos, &format!("{p}.move")) {
            Ok(mv) => mv,
            Err(e) => {
                let e = e.at_ply(ply);
                if opts.lenient {
                    warnings.push(e);
                    *stop = true;
                    break;
                }
                return Err(e);
            }
        };
        let mut node = Node::new(mv);
        let side = pos.side_to_move();
        // Forks replace this move: they start from the position before it, with the clock before it.
        let clock_before = *clock;
        if let Some(t) = item.get("time") {
            let (spent, total) = parse_time(t, &format!("{p}.time"))?;
            node.time = Some(clock.read(side, spent, total));
        }
        node.comments = comments(item, &p)?;
        node.variations = parse_forks(item, &pos, &p, clock_before, opts, warnings, stop)?;
        pos.play_unchecked(mv);
        line.moves.push(node);
    }
    Ok(line)
}

fn parse_forks(
    item: &Value,
    pos: &Position,
    p: &str,
    clock_before: Clock,
    opts: ReadOptions,
    warnings: &mut Vec<RecordError>,
    stop: &mut bool,
) -> Result<Vec<Line>, RecordError> {
    let mut lines = Vec::new();
    if let Some(forks) = item.get("forks") {
        let forks = forks
            .as_array()
            .ok_or_else(|| shape(&format!("{p}.forks"), "forks is an array of arrays"))?;
        for (j, f) in forks.iter().enumerate() {
            let fp = format!("{p}.forks[{j}]");
            let f = f
                .as_array()
                .ok_or_else(|| shape(&fp, "a fork is an array of moves"))?;
            // Forks replace this element: they start from the same position and clock.
            let mut c = clock_before;
            let var = parse_line(f, pos.clone(), &fp, 0, &mut c, opts, warnings, stop)?;
            if !var.moves.is_empty() || var.end.is_some() {
                lines.push(var);
            }
        }
    }
    Ok(lines)
}

fn square(v: &Value, path: &str) -> Result<Square, RecordError> {
    let x = num(v, "x", path)?;
    let y = num(v, "y", path)?;
    let f = u8::try_from(x).ok().and_then(File::from_number);
    let r = u8::try_from(y).ok().and_then(Rank::from_number);
    match (f, r) {
        (Some(f), Some(r)) => Ok(Square::new(f, r)),
        _ => Err(at(
            path,
            RecordErrorKind::BadSquare {
                square: format!("x {x}, y {y}"),
            },
        )),
    }
}

fn parse_move(v: &Value, pos: &Position, path: &str) -> Result<Move, RecordError> {
    let to = square(
        v.get("to").ok_or_else(|| shape(path, "a move has `to`"))?,
        &format!("{path}.to"),
    )?;
    let piece = v
        .get("piece")
        .and_then(Value::as_str)
        .ok_or_else(|| shape(&format!("{path}.piece"), "a move has a `piece` code"))?;
    let kind = csa::kind_from_code(piece).ok_or_else(|| {
        at(
            &format!("{path}.piece"),
            RecordErrorKind::UnknownPiece {
                code: piece.to_string(),
            },
        )
    })?;
    if let Some(c) = v.get("color")
        && c.as_u64() != Some(color_num(pos.side_to_move()))
    {
        return Err(at(
            &format!("{path}.color"),
            RecordErrorKind::WrongSide {
                to_move: pos.side_to_move(),
            },
        ));
    }
    let mv = match v.get("from").filter(|f| !f.is_null()) {
        // A drop of `OU` or of a promoted piece is refused here, before anything is built.
        None => Move::try_drop(kind, to).map_err(|_| {
            at(
                &format!("{path}.piece"),
                RecordErrorKind::CannotDrop {
                    piece: piece.to_string(),
                },
            )
        })?,
        Some(f) => {
            let from = square(f, &format!("{path}.from"))?;
            let promote = v.get("promote").and_then(Value::as_bool).unwrap_or(false);
            let mv = Move::try_normal(from, to, promote)
                .map_err(|_| shape(path, "origin and destination are the same square"))?;
            if pos.piece_at(from).map(|p| p.kind) != Some(kind) {
                return Err(at(
                    &format!("{path}.piece"),
                    RecordErrorKind::NoPieceOnOrigin {
                        piece: piece.to_string(),
                    },
                ));
            }
            mv
        }
    };
    pos.is_legal(mv)
        .map_err(|source| at(path, RecordErrorKind::IllegalMove { mv, source }))?;
    Ok(mv)
}

/// Reads `initial`: a preset, or an `OTHER` position held to `opts.strictness`.
fn parse_initial(v: &Value, opts: ReadOptions) -> Result<Start, RecordError> {
    let preset = v
        .get("preset")
        .and_then(Value::as_str)
        .ok_or_else(|| shape("initial.preset", "initial has a preset"))?;
    if preset != "OTHER" {
        return PRESETS
            .iter()
            .find(|p| p.1 == preset)
            .map(|p| Start::Handicap(p.0))
            .ok_or_else(|| {
                at(
                    "initial.preset",
                    RecordErrorKind::UnknownPreset {
                        name: preset.to_string(),
                    },
                )
            });
    }
    let data = v
        .get("data")
        .ok_or_else(|| shape("initial.data", "an OTHER preset has data"))?;
    let mut setup = Setup::empty();
    let board = data
        .get("board")
        .and_then(Value::as_array)
        .ok_or_else(|| shape("initial.data.board", "the board is a 9x9 array"))?;
    if board.len() != 9 {
        return Err(shape("initial.data.board", "the board has nine files"));
    }
    for (x, col) in board.iter().enumerate() {
        let col = col
            .as_array()
            .filter(|c| c.len() == 9)
            .ok_or_else(|| shape(&format!("initial.data.board[{x}]"), "a file has nine cells"))?;
        for (y, cell) in col.iter().enumerate() {
            let p = format!("initial.data.board[{x}][{y}]");
            let Some(kind) = cell.get("kind") else {
                continue;
            };
            let code = kind.as_str().unwrap_or("");
            let kind = csa::kind_from_code(code).ok_or_else(|| {
                at(
                    &p,
                    RecordErrorKind::UnknownPiece {
                        code: code.to_string(),
                    },
                )
            })?;
            let color = match cell.get("color").and_then(Value::as_u64) {
                Some(0) => Color::Black,
                Some(1) => Color::White,
                _ => return Err(shape(&p, "a piece has color 0 or 1")),
            };
            // Nine files of nine cells (checked above): `x` and `y` are below 9.
            let (Some(f), Some(r)) = (
                File::from_number(x as u8 + 1),
                Rank::from_number(y as u8 + 1),
            ) else {
                return Err(shape(&p, "bad square"));
            };
            setup.board[Square::new(f, r).index()] = Some(Piece::new(color, kind));
        }
    }
    setup.side = match data.get("color").and_then(Value::as_u64) {
        Some(0) | None => Color::Black,
        Some(1) => Color::White,
        Some(_) => return Err(shape("initial.data.color", "color is 0 or 1")),
    };
    if let Some(hands) = data.get("hands") {
        let hands = hands
            .as_array()
            .filter(|h| h.len() == 2)
            .ok_or_else(|| shape("initial.data.hands", "hands is an array of two objects"))?;
        // Exactly two hands (checked above): `c` is 0 or 1.
        for (c, h) in hands.iter().enumerate() {
            let p = format!("initial.data.hands[{c}]");
            let h = h
                .as_object()
                .ok_or_else(|| shape(&p, "a hand is an object"))?;
            for (code, n) in h {
                let piece = csa::kind_from_code(code)
                    .and_then(PieceKind::to_hand)
                    .ok_or_else(|| {
                        at(
                            &p,
                            RecordErrorKind::CannotBeInHand {
                                piece: code.to_string(),
                            },
                        )
                    })?;
                let path = format!("{p}.{code}");
                let n = n
                    .as_u64()
                    .ok_or_else(|| shape(&path, "a count is a whole number"))?;
                let too_many = || {
                    at(
                        &path,
                        RecordErrorKind::TooManyInHand {
                            piece: code.to_string(),
                        },
                    )
                };
                let n = u8::try_from(n)
                    .ok()
                    .filter(|&n| n <= piece.kind().set_count())
                    .ok_or_else(too_many)?;
                setup.hands[c] = setup.hands[c].with_count(piece, n).ok_or_else(too_many)?;
            }
        }
    }
    let pos = opts
        .strictness
        .validate(&setup)
        .map_err(|source| at("initial.data", RecordErrorKind::StartPosition { source }))?;
    Ok(Start::from_position(&pos))
}

/// Writes a record as JKF (pretty-printed JSON).
pub fn write(record: &Record) -> Written {
    let mut out = Written::default();
    let mut doc = Map::new();
    let handicap = matches!(record.start, Start::Handicap(h) if h != Handicap::Even);
    let mut header = Map::new();
    for (k, v) in &record.header {
        let key = k.japanese(handicap).to_string();
        if header.contains_key(&key) {
            out.losses.push(Loss::RepeatedHeaderKey {
                format: Format::Jkf,
                key,
            });
            continue;
        }
        header.insert(key, Value::String(v.clone()));
    }
    doc.insert("header".into(), Value::Object(header));
    doc.insert("initial".into(), initial(&record.start));
    let mut moves = vec![if record.comments.is_empty() {
        json!({})
    } else {
        json!({ "comments": record.comments })
    }];
    let mut losses = Vec::new();
    write_line(
        &record.main,
        record.start.position(),
        &mut Clock::default(),
        &mut moves,
        &mut losses,
    );
    for l in losses {
        if !out.losses.contains(&l) {
            out.losses.push(l);
        }
    }
    doc.insert("moves".into(), Value::Array(moves));
    out.text = serde_json::to_string_pretty(&Value::Object(doc)).unwrap_or_default();
    out.text.push('\n');
    out
}

fn time_json(spent: Duration, total: Duration) -> Value {
    let s = spent.as_secs();
    let t = total.as_secs();
    json!({ "now": { "m": s / 60, "s": s % 60 }, "total": { "h": t / 3600, "m": t / 60 % 60, "s": t % 60 } })
}

/// The JKF `forks` of a move: each variation written from `pos`, with the clocks as they
/// stood before the move it replaces.
fn write_forks(
    variations: &[Line],
    pos: &Position,
    clock_before: Clock,
    losses: &mut Vec<Loss>,
) -> Value {
    let mut forks = Vec::new();
    for var in variations {
        let mut f = Vec::new();
        let mut c = clock_before;
        write_line(var, pos.clone(), &mut c, &mut f, losses);
        forks.push(Value::Array(f));
    }
    Value::Array(forks)
}

fn write_line(
    line: &Line,
    mut pos: Position,
    clock: &mut Clock,
    out: &mut Vec<Value>,
    losses: &mut Vec<Loss>,
) {
    for node in &line.moves {
        let mut item = Map::new();
        item.insert("move".into(), move_json(&pos, node.mv));
        let clock_before = *clock;
        if let Some(t) = &node.time {
            let total = clock.advance_whole_seconds(pos.side_to_move(), t);
            item.insert("time".into(), time_json(t.spent, total));
            if t.spent.subsec_millis() != 0 {
                losses.push(Loss::FractionsOfSeconds {
                    format: Format::Jkf,
                });
            }
        }
        if !node.comments.is_empty() {
            item.insert("comments".into(), json!(node.comments));
        }
        if node.bookmark.is_some() {
            losses.push(Loss::Bookmarks {
                format: Format::Jkf,
            });
        }
        if !node.variations.is_empty() {
            let forks = write_forks(&node.variations, &pos, clock_before, losses);
            item.insert("forks".into(), forks);
        }
        out.push(Value::Object(item));
        pos.play_unchecked(node.mv);
    }
    if let Some(end) = &line.end {
        let clock_before = *clock;
        let Some(name) = end.kind.csa(pos.side_to_move()) else {
            losses.push(Loss::EndKind {
                format: Format::Jkf,
                kind: end.kind,
            });
            return;
        };
        let mut item = Map::new();
        item.insert("special".into(), Value::String(name.into()));
        if let Some(t) = &end.time {
            let total = clock.advance_whole_seconds(pos.side_to_move(), t);
            item.insert("time".into(), time_json(t.spent, total));
        }
        if !end.comments.is_empty() {
            item.insert("comments".into(), json!(end.comments));
        }
        if !end.variations.is_empty() {
            let forks = write_forks(&end.variations, &pos, clock_before, losses);
            item.insert("forks".into(), forks);
        }
        out.push(Value::Object(item));
    }
}

fn move_json(pos: &Position, mv: Move) -> Value {
    let to = mv.to();
    let mut m = Map::new();
    m.insert("color".into(), json!(color_num(pos.side_to_move())));
    if let Some(from) = mv.from() {
        m.insert(
            "from".into(),
            json!({ "x": from.file().number(), "y": from.rank().number() }),
        );
    }
    m.insert(
        "to".into(),
        json!({ "x": to.file().number(), "y": to.rank().number() }),
    );
    let kind = match mv.from() {
        Some(from) => pos.piece_at(from).map_or(PieceKind::Pawn, |p| p.kind),
        None => mv.drop_kind().unwrap_or(PieceKind::Pawn),
    };
    m.insert("piece".into(), json!(csa::kind_code(kind)));
    if let Some(from) = mv.from() {
        let can = kind.can_promote()
            && (from.in_zone(pos.side_to_move()) || to.in_zone(pos.side_to_move()));
        if can {
            m.insert("promote".into(), json!(mv.is_promotion()));
        }
    }
    if let Some(c) = pos.captured_piece(mv) {
        m.insert("capture".into(), json!(csa::kind_code(c.kind)));
    }
    Value::Object(m)
}

fn initial(start: &Start) -> Value {
    match start {
        Start::Handicap(h) => json!({ "preset": preset_name(*h) }),
        Start::Position(pos) => {
            let mut board = Vec::new();
            for file in File::ALL {
                let mut col = Vec::new();
                for rank in Rank::ALL {
                    col.push(match pos.piece_at(Square::new(file, rank)) {
                        None => json!({}),
                        Some(p) => {
                            json!({ "color": color_num(p.color), "kind": csa::kind_code(p.kind) })
                        }
                    });
                }
                board.push(Value::Array(col));
            }
            let hands: Vec<Value> = Color::ALL
                .iter()
                .map(|c| {
                    let h = pos.hand(*c);
                    let mut m = Map::new();
                    for p in HandPiece::ALL {
                        m.insert(csa::kind_code(p.kind()).into(), json!(h.count(p)));
                    }
                    Value::Object(m)
                })
                .collect();
            json!({ "preset": "OTHER", "data": { "board": board, "color": color_num(pos.side_to_move()), "hands": hands } })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::MoveTime;

    #[test]
    fn reads_forks_and_specials() {
        let text = r#"{"header":{"先手":"A"},"initial":{"preset":"HIRATE"},"moves":[{},
            {"move":{"from":{"x":7,"y":7},"to":{"x":7,"y":6},"color":0,"piece":"FU"},
             "forks":[[{"move":{"from":{"x":2,"y":7},"to":{"x":2,"y":6},"color":0,"piece":"FU"}},{"special":"CHUDAN"}]]},
            {"move":{"from":{"x":3,"y":3},"to":{"x":3,"y":4},"color":1,"piece":"FU"},"time":{"now":{"m":0,"s":5},"total":{"h":0,"m":0,"s":5}}},
            {"special":"TORYO"}]}"#;
        let p = parse(text, ReadOptions::default()).unwrap();
        let r = &p.records[0];
        assert_eq!(r.main.moves.len(), 2);
        assert_eq!(
            r.main.moves[0].variations[0].end.as_ref().unwrap().kind,
            EndKind::Interrupt
        );
        assert_eq!(
            r.main.moves[1].time,
            Some(MoveTime {
                spent: Duration::from_secs(5),
                total: None
            })
        );
        let back = parse(&write(r).text, ReadOptions::default()).unwrap();
        assert_eq!(&back.records[0], r);
    }

    #[test]
    fn a_huge_time_saturates_instead_of_overflowing() {
        // Found by tests/mutated_inputs.rs: 307445734561825861 minutes is more seconds than a
        // Duration holds, and adding them to Black's 3 s overflowed when reading and writing.
        let text = r#"{"moves":[{},
            {"move":{"from":{"x":7,"y":7},"to":{"x":7,"y":6},"color":0,"piece":"FU"},"time":{"now":{"m":0,"s":3}}},
            {"move":{"from":{"x":3,"y":3},"to":{"x":3,"y":4},"color":1,"piece":"FU"}},
            {"special":"TORYO","time":{"now":{"m":307445734561825861,"s":0}}}]}"#;
        let r = &parse(text, ReadOptions::default()).unwrap().records[0];
        let end = r.main.end.as_ref().unwrap();
        assert_eq!(end.time.unwrap().spent, Duration::from_secs(u64::MAX));
        for format in [
            Format::Kif,
            Format::Ki2,
            Format::Csa,
            Format::Jkf,
            Format::Psn,
        ] {
            assert!(!crate::record::write(r, format).text.is_empty());
        }
    }
}
