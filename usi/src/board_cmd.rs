//! `tokin board [--sfen START | --handicap EXPR] [--moves USI...] [--strictness LEVEL]
//! [--style bod|email|unicode|standard|alternate|small[,flip|,noflip]|sfen|feen|epd]`: prints a board diagram (or a position string)
//! of a position. [`render_position`] is the same drawing for the USI `d` command.

use clap::Args;
use core::str::FromStr;
use std::process::ExitCode;
use tokin_core::{Position, Strictness};
use tokin_notation::position_text::{epd, feen, read_start};
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

/// Arguments of `tokin board`.
#[derive(Args, Debug)]
pub struct BoardArgs {
    /// The position: `startpos` (the default), a handicap name such as `2-pieces` or
    /// `香落ち`, a whole SFEN, FEEN or GNU Shogi EPD as one argument, or a server handicap
    /// expression (`-handicap=2p`).
    #[arg(long, default_value = "startpos")]
    pub sfen: String,
    /// A network server handicap expression (`-handicap=2p`, `R,B,5c,G7a,G3a`) as the start,
    /// instead of `--sfen`.
    #[arg(
        long,
        value_name = "EXPR",
        conflicts_with = "sfen",
        allow_hyphen_values = true
    )]
    pub handicap: Option<String>,
    /// Moves (USI) to play from the position first: each an argument, or several in one
    /// separated by spaces.
    #[arg(long, num_args = 1.., value_name = "USI")]
    pub moves: Vec<String>,
    /// Which positions `--sfen` may give.
    #[arg(long, default_value_t, value_name = "LEVEL", help = crate::cli::STRICTNESS_HELP)]
    pub strictness: Strictness,
    /// What to print: `bod` (KIF board), `email` (correspondence diagram), `unicode`, the
    /// network server's `standard`, `alternate` or `small` display (add `,flip` to turn it
    /// round when White is to move), or the position as `sfen`, `feen` or `epd`.
    #[arg(long, default_value = "unicode")]
    pub style: BoardStyle,
}

/// Draws `pos` for the USI `d` command (and anything else printing a position): the compact
/// diagram followed by the SFEN.
pub fn render_position(pos: &Position) -> String {
    let mut s = diagram::render(pos, Style::Unicode);
    s.push_str("sfen ");
    s.push_str(&pos.to_sfen());
    s.push('\n');
    s
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
    let start = match &args.handicap {
        Some(expr) if tokin_notation::position_text::handicap::is_handicap(expr) => expr.clone(),
        Some(expr) => format!("-handicap={expr}"),
        None => args.sfen.clone(),
    };
    match read_start(
        &start,
        &crate::cli::moves_flag(&args.moves),
        args.strictness,
    ) {
        Ok((pos, _)) => {
            warn_rule_breaks("board", &pos);
            print!("{}", render(&pos, args.style));
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("tokin board: {}", start_error(&e));
            ExitCode::from(2)
        }
    }
}

/// Writes a warning on standard error for each rule of a game that `pos` breaks, as a problem
/// diagram may (two pawns on a file, the attacker without a king): `tokin TOOL: warning: ...`.
pub fn warn_rule_breaks(tool: &str, pos: &Position) {
    for why in pos.game_rule_breaks() {
        eprintln!("tokin {tool}: warning: {why}");
    }
}

/// The message for a start or a move that `--sfen` and `--moves` do not make, naming the flag
/// at fault.
pub fn start_error(e: &tokin_notation::position_text::StartError) -> String {
    use tokin_notation::position_text::StartError;
    match e {
        StartError::Usi(e) => crate::cli::position_flag_error(e),
        other => format!("--sfen: {other}"),
    }
}
