//! `tokin notate [--from STYLE] [--to STYLE] [--sfen SFEN] [--strictness LEVEL]
//! [--last-to SQUARE] [--line] MOVE...`: converts moves played in turn from a position from
//! one notation to another.
//!
//! One move per line on standard output (or one line with `--line`); an error goes to
//! standard error naming the move by its index, and the exit status is 2.

use super::args::{StartArgs, moves_flag, position, warn_rule_breaks};
use super::choices;
use clap::Args;
use std::io::Write;
use std::process::ExitCode;
use tokin_core::Square;
use tokin_notation::{
    CoordinateOrder, Options, PieceGlyphs, SideMarks, SquareNames, Style, parse_line, write_line,
    write_move_into,
};

/// Arguments of `tokin notate`.
#[derive(Args, Debug)]
pub struct NotateArgs {
    /// The notation of the given moves.
    #[arg(long, default_value = "usi", value_parser = choices::style())]
    pub from: Style,
    /// The notation to write.
    #[arg(long, default_value = "japanese", value_parser = choices::style())]
    pub to: Style,
    #[command(flatten)]
    pub start: StartArgs,
    /// The previous move's destination (for 同), as `7f`, `76` or `７六`.
    #[arg(long, value_name = "SQUARE")]
    pub last_to: Option<String>,
    /// Print the moves as one line (Western styles numbered in pairs).
    #[arg(long)]
    pub line: bool,
    /// Side marks for Japanese and Kitao–Kawasaki output: pentagons (☗☖), triangles (▲△)
    /// or none.
    #[arg(long, default_value = "pentagons", value_parser = parse_marks)]
    pub marks: SideMarks,
    /// Write the Japanese style in the handwritten shorthand of seed 000 (`☗７六丶`,
    /// `☖－ヨフナ`); reading takes it always.
    #[arg(long)]
    pub shorthand: bool,
    /// How the Japanese style names squares: numbers (`７六`) or iroha (`を` for 2c);
    /// reading takes both always.
    #[arg(long, default_value = "numbers", value_parser = parse_squares)]
    pub squares: SquareNames,
    /// The order of the coordinates in `server` output: `number` first (`P7g-7f`, the
    /// default) or `letter` first (`Pg7-f7`); reading takes both always.
    #[arg(long, default_value = "number", value_parser = parse_order)]
    pub order: CoordinateOrder,
    /// The moves, in turn: each an argument, or several in one separated by spaces (a PV
    /// as an engine prints it).
    #[arg(required = true, allow_hyphen_values = true, value_name = "MOVE")]
    pub moves: Vec<String>,
}

fn parse_marks(s: &str) -> Result<SideMarks, String> {
    match s {
        "pentagons" | "☗" => Ok(SideMarks::Pentagons),
        "triangles" | "▲" => Ok(SideMarks::Triangles),
        "none" => Ok(SideMarks::None),
        _ => Err(format!("`{s}`: expected pentagons, triangles or none")),
    }
}

fn parse_squares(s: &str) -> Result<SquareNames, String> {
    match s {
        "numbers" | "numeric" => Ok(SquareNames::Numbers),
        "iroha" => Ok(SquareNames::Iroha),
        _ => Err(format!("`{s}`: expected numbers or iroha")),
    }
}

fn parse_order(s: &str) -> Result<CoordinateOrder, String> {
    match s {
        "number" | "number-first" | "7g" => Ok(CoordinateOrder::NumberFirst),
        "letter" | "letter-first" | "g7" => Ok(CoordinateOrder::LetterFirst),
        _ => Err(format!("`{s}`: expected number or letter")),
    }
}

/// Reads a square as USI (`7f`), two digits (`76`) or Japanese (`７六`).
pub fn parse_square(s: &str) -> Option<Square> {
    let t = s.trim();
    if let Some(sq) = Square::from_usi(t) {
        return Some(sq);
    }
    let mut chars = t.chars();
    let (f, r) = (chars.next()?, chars.next()?);
    if chars.next().is_some() {
        return None;
    }
    let digit = |c: char| -> Option<u8> {
        match c {
            '1'..='9' => Some(c as u8 - b'0'),
            '１'..='９' => Some((c as u32 - '０' as u32) as u8),
            _ => ['一', '二', '三', '四', '五', '六', '七', '八', '九']
                .iter()
                .position(|&k| k == c)
                .map(|i| i as u8 + 1),
        }
    };
    Some(Square::new(
        tokin_core::File::from_number(digit(f)?)?,
        tokin_core::Rank::from_number(digit(r)?)?,
    ))
}

/// Converts the moves; the text to print, or the error message.
pub fn convert(args: &NotateArgs) -> Result<String, String> {
    // Moves may begin with `-` (CSA's White moves), so everything after the first move is
    // taken as a move; say so when an option has landed there, before any move is read (a
    // move read from the wrong position would be the error otherwise).
    let texts = moves_flag(&args.moves);
    if let Some((i, text)) = texts.iter().enumerate().find(|(_, t)| looks_like_option(t)) {
        return Err(format!(
            "move {}: `{text}` looks like an option; options go before the moves",
            i + 1
        ));
    }
    let start = position("--sfen", args.start.start(), &[], args.start.strictness)?;
    warn_rule_breaks("notate", &start);
    let last_to = match &args.last_to {
        None => None,
        Some(s) => Some(parse_square(s).ok_or_else(|| {
            format!("--last-to: `{s}` is not a square (expected 7f, 76 or ７六)")
        })?),
    };
    // The arguments are read as one line, as the style writes one: a PV pasted as one
    // argument, moves run together (`▲７六歩△３四歩`), move numbers (`1. P-7f P-3d`) and
    // `同　銀` with an ideographic space all read as they are written.
    let text = args.moves.join(" ");
    if text.trim().is_empty() {
        return Err("no moves given (only spaces)".into());
    }
    let moves = parse_line(&start, last_to, &text, args.from).map_err(|e| e.to_string())?;
    let mut opts = Options::default();
    opts.side_marks = args.marks;
    if args.shorthand {
        opts.glyphs = PieceGlyphs::Shorthand;
    }
    opts.squares = args.squares;
    opts.server_order = args.order;
    if args.line {
        return write_line(&start, last_to, &moves, args.to, &opts).map_err(|e| e.to_string());
    }
    let mut out = String::new();
    let mut pos = start;
    let mut last = last_to;
    for (i, &mv) in moves.iter().enumerate() {
        write_move_into(&mut out, &pos, last, mv, args.to, &opts)
            .map_err(|e| format!("move {}: {e}", i + 1))?;
        out.push('\n');
        pos.play_unchecked(mv);
        last = Some(mv.to());
    }
    if out.ends_with('\n') {
        out.pop();
    }
    Ok(out)
}

/// Whether an argument among the moves is an option put after them (`--sfen`, `--to`).
fn looks_like_option(text: &str) -> bool {
    text.strip_prefix("--").is_some_and(|name| {
        name.starts_with(|c: char| c.is_ascii_alphabetic())
            && name.chars().all(|c| c.is_ascii_alphabetic() || c == '-')
    })
}

/// Runs `tokin notate`.
pub fn run(args: &NotateArgs) -> ExitCode {
    match convert(args) {
        Ok(text) => {
            let mut out = std::io::stdout().lock();
            let _ = writeln!(out, "{text}");
            let _ = out.flush();
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("tokin notate: {e}");
            ExitCode::from(2)
        }
    }
}
