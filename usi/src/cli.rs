//! The command line: `tokin` alone is the USI engine; subcommands are the tools.
//!
//! Each subcommand's arguments are a clap struct here and its work is a module of its own.

use clap::{Parser, Subcommand};
use std::process::ExitCode;
use tokin_engine::UsiPositionError;

/// A shogi toolkit: a USI engine, perft, and shogi notation.
///
/// With no subcommand, tokin speaks USI on standard input and output: register it in a
/// shogi GUI (ShogiHome, ShogiGUI, Shogidokoro) or type `usi`.
#[derive(Parser, Debug)]
#[command(name = "tokin", version, about, long_about = None)]
pub struct Cli {
    /// The tool to run; none runs the USI engine.
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// The subcommands.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Count the leaf nodes of the legal move tree to a depth (move generator test and benchmark).
    Perft(crate::perft_cmd::PerftArgs),
    /// Print a board diagram of a position (KIF BOD, e-mail, or compact Unicode).
    Board(crate::board_cmd::BoardArgs),
    /// Convert game records between KIF, KI2, CSA, JKF, PSN and USI lines.
    Convert(crate::convert_cmd::ConvertArgs),
    /// Convert moves between notations (USI, Japanese, KIF, CSA, Hodges, Western, Hosking, Kitao).
    Notate(crate::notate_cmd::NotateArgs),
    /// Run a USI engine and add each PV in human notation as an `info string`.
    Annotate(crate::annotate_cmd::AnnotateArgs),
    /// Search a fixed list of positions to a fixed depth with one thread; the last two lines
    /// are `Nodes searched: N` and `Nodes/second: X`.
    Bench(BenchArgs),
}

/// Arguments of `tokin bench`.
#[derive(clap::Args, Debug)]
pub struct BenchArgs {
    /// Search depth in plies.
    #[arg(long, default_value_t = crate::bench::BENCH_DEPTH)]
    pub depth: u32,
}

/// The help of `--strictness`, the one policy for positions that every subcommand reading a
/// position or a record offers (the USI engine's `PositionStrictness` option is the same).
pub const STRICTNESS_HELP: &str = "Which positions are accepted: game (both kings, no more \
pieces than a set), problem (as game, but the side to move may have no king, as in tsume) or \
relaxed (anything the rules can play, such as more pieces than a set)";

/// The message for a position that `--sfen` and `--moves` do not make, naming the flag at
/// fault: `--sfen` for the start, `--moves` for a move.
pub fn position_flag_error(e: &UsiPositionError) -> String {
    let flag = match e {
        UsiPositionError::Start { .. } => "--sfen",
        _ => "--moves",
    };
    format!("{flag}: {e}")
}

/// Runs the command line; the exit code is 0 on success, 2 for bad input.
pub fn run(cli: Cli) -> ExitCode {
    match cli.command {
        None => {
            crate::session::run_stdio();
            ExitCode::SUCCESS
        }
        Some(Command::Perft(args)) => crate::perft_cmd::run(&args),
        Some(Command::Board(args)) => crate::board_cmd::run(&args),
        Some(Command::Convert(args)) => crate::convert_cmd::run(&args),
        Some(Command::Notate(args)) => crate::notate_cmd::run(&args),
        Some(Command::Annotate(args)) => crate::annotate_cmd::run(&args),
        Some(Command::Bench(args)) => {
            let mut out = std::io::stdout().lock();
            match crate::bench::run_bench(&mut out, args.depth.clamp(1, 64)) {
                Ok(_) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("tokin bench: {e}");
                    ExitCode::FAILURE
                }
            }
        }
    }
}
