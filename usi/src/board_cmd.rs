//! `tokin board [--sfen SFEN] [--moves USI...] [--strictness LEVEL]
//! [--style bod|email|unicode]`: prints a board diagram of a position. [`render_position`] is
//! the same drawing for the USI `d` command.

use clap::Args;
use std::process::ExitCode;
use tokin_engine::{Position, Strictness};
use tokin_notation::record::diagram::{self, Style};

/// Arguments of `tokin board`.
#[derive(Args, Debug)]
pub struct BoardArgs {
    /// The position: a whole SFEN as one argument, `startpos` (the default), or a handicap
    /// name such as `2-pieces` or `香落ち`.
    #[arg(long, default_value = "startpos")]
    pub sfen: String,
    /// Moves (USI) to play from the position first.
    #[arg(long, num_args = 1.., value_name = "USI")]
    pub moves: Vec<String>,
    /// Which positions `--sfen` may give.
    #[arg(long, default_value_t, value_name = "LEVEL", help = crate::cli::STRICTNESS_HELP)]
    pub strictness: Strictness,
    /// The diagram: `bod` (KIF board), `email` (correspondence diagram) or `unicode`.
    #[arg(long, default_value = "unicode")]
    pub style: Style,
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

/// Runs `tokin board`.
pub fn run(args: &BoardArgs) -> ExitCode {
    match Position::from_usi_start(&args.sfen, &args.moves, args.strictness) {
        Ok((pos, _)) => {
            print!("{}", diagram::render(&pos, args.style));
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("tokin board: {}", crate::cli::position_flag_error(&e));
            ExitCode::from(2)
        }
    }
}
