//! `tokin board [--sfen START | --handicap EXPR] [--moves USI...] [--strictness LEVEL]
//! [--style STYLE]`: prints a board diagram of a position, or the position as one line of
//! text.

use super::args::{PositionArgs, position, warn_rule_breaks};
use super::choices::Choice;
use clap::Args;
use core::str::FromStr;
use std::process::ExitCode;
use tokin_core::Position;
use tokin_notation::position_text::{epd, feen, handicap};
use tokin_notation::record::diagram::{self, Style};

/// What `tokin board` prints: a diagram, or the position as one line of text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardStyle {
    /// A board diagram.
    Diagram(Style),
    /// The SFEN.
    Sfen,
    /// The FEEN.
    Feen,
    /// The GNU Shogi EPD.
    Epd,
}

impl FromStr for BoardStyle {
    type Err = String;

    fn from_str(s: &str) -> Result<BoardStyle, String> {
        match s.to_ascii_lowercase().as_str() {
            "sfen" => Ok(BoardStyle::Sfen),
            "feen" => Ok(BoardStyle::Feen),
            "epd" => Ok(BoardStyle::Epd),
            _ => s
                .parse::<Style>()
                .map(BoardStyle::Diagram)
                .map_err(|e| format!("{e}, or sfen, feen, epd")),
        }
    }
}

/// The names `--style` takes: each diagram, then each line of text. A server display may
/// add `,flip` (turned round when White is to move) or `,noflip`.
fn style_names() -> Vec<&'static str> {
    vec![
        "unicode",
        "bod",
        "email",
        "standard",
        "alternate",
        "small",
        "sfen",
        "feen",
        "epd",
    ]
}

/// Arguments of `tokin board`.
#[derive(Args, Debug)]
pub struct BoardArgs {
    #[command(flatten)]
    pub position: PositionArgs,
    /// A network server handicap expression (`-handicap=2p`, `R,B,5c,G7a,G3a`) as the start,
    /// instead of `--sfen`.
    #[arg(
        long,
        value_name = "EXPR",
        conflicts_with = "sfen",
        allow_hyphen_values = true
    )]
    pub handicap: Option<String>,
    /// What to print: `unicode` (a compact diagram), `bod` (the KIF board), `email` (the
    /// correspondence diagram), the network server's `standard`, `alternate` or `small`
    /// display (add `,flip` to turn it round when White is to move), or the position as
    /// `sfen`, `feen` or `epd`.
    #[arg(long, default_value = "unicode", value_parser = Choice::<BoardStyle>::new(style_names))]
    pub style: BoardStyle,
}

/// The text `tokin board` prints for `pos`.
pub fn render(pos: &Position, style: BoardStyle) -> String {
    match style {
        BoardStyle::Diagram(style) => diagram::render(pos, style),
        BoardStyle::Sfen => format!("{}\n", pos.to_sfen()),
        BoardStyle::Feen => format!("{}\n", feen::write(pos)),
        BoardStyle::Epd => format!("{}\n", epd::write(pos)),
    }
}

/// Runs `tokin board`.
pub fn run(args: &BoardArgs) -> ExitCode {
    let p = &args.position;
    let (flag, start) = match &args.handicap {
        Some(expr) if handicap::is_handicap(expr) => ("--handicap", expr.clone()),
        Some(expr) => ("--handicap", format!("-handicap={expr}")),
        None => ("--sfen", p.start.start().to_string()),
    };
    match position(flag, &start, &p.moves, p.start.strictness) {
        Ok(pos) => {
            warn_rule_breaks("board", &pos);
            print!("{}", render(&pos, args.style));
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("tokin board: {e}");
            ExitCode::from(2)
        }
    }
}
