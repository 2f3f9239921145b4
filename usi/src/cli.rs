//! The command line: `tokin` alone is the USI engine; subcommands are the tools.
//!
//! Each subcommand's arguments are a clap struct here and its work is a module of its own.

use clap::{Parser, Subcommand};
use std::process::ExitCode;
use tokin_core::UsiPositionError;

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
    /// Print the static evaluation of a position for the side to move (`eval = N`), with the
    /// built-in evaluation or an NNUE evaluation file.
    Eval(crate::eval_cmd::EvalArgs),
    /// Play self-play games and write their positions, scored by the search, as training
    /// records (the 40-byte format of the shogi NNUE tools).
    Gensfen(crate::gensfen_cmd::GensfenArgs),
    /// Solve a position for a mate by the side to move (df-pn) and print the mating line;
    /// exit status 0 mate, 1 no mate, 3 unknown, 2 bad input.
    Mate(crate::mate_cmd::MateArgs),
    /// Train an NNUE evaluation file (kp or halfkp 256x2-32-32) on training records, on the
    /// CPU.
    Train(crate::train_cmd::TrainArgs),
}

/// Arguments of `tokin bench`.
#[derive(clap::Args, Debug)]
pub struct BenchArgs {
    /// Search depth in plies.
    #[arg(long, default_value_t = crate::bench::BENCH_DEPTH)]
    pub depth: u32,
    /// Search with the NNUE evaluation file at PATH instead of the built-in network (the
    /// signature then depends on the file).
    #[arg(long, value_name = "PATH")]
    pub evalfile: Option<std::path::PathBuf>,
    /// The handcrafted evaluation instead of the built-in network.
    #[arg(long, conflicts_with = "evalfile")]
    pub handcrafted: bool,
}

/// The help of `--strictness`, the one policy for positions that every subcommand reading a
/// position or a record offers (the USI engine's `PositionStrictness` option is the same).
pub const STRICTNESS_HELP: &str = "Which positions are accepted: game (both kings, no more \
pieces than a set), problem (as game, but one side may have no king, as the attacker in tsume) or \
relaxed (anything the rules can play, such as more pieces than a set)";

/// The moves of a `--moves` flag (or `notate`'s moves), one an argument or several in one
/// separated by spaces (a PV pasted in quotes): no USI move has a space inside.
pub fn moves_flag(values: &[String]) -> Vec<&str> {
    values.iter().flat_map(|v| v.split_whitespace()).collect()
}

/// The message for a position that `--sfen` and `--moves` do not make, naming the flag at
/// fault: `--sfen` for the start, `--moves` for a move.
pub fn position_flag_error(e: &UsiPositionError) -> String {
    let flag = match e {
        UsiPositionError::Start { .. } => "--sfen",
        _ => "--moves",
    };
    format!("{flag}: {e}")
}

/// Reads the command line as clap does, printing clap's message for one it refuses (with a
/// hint where an unquoted SFEN is the likely cause) and handing back the exit code then.
///
/// # Errors
/// The exit code when there is nothing to run: 0 after `--help` or `--version`, 2 for a
/// command line that cannot be read.
pub fn parse(args: impl IntoIterator<Item = std::ffi::OsString>) -> Result<Cli, ExitCode> {
    let args: Vec<std::ffi::OsString> = args.into_iter().collect();
    Cli::try_parse_from(&args).map_err(|e| {
        let _ = e.print();
        if e.use_stderr() {
            let words: Vec<String> = args
                .iter()
                .map(|a| a.to_string_lossy().into_owned())
                .collect();
            if let Some(hint) = unquoted_sfen_hint(&words) {
                eprintln!("\nhint: {hint}");
            }
        }
        ExitCode::from(u8::try_from(e.exit_code()).unwrap_or(2))
    })
}

/// Whether `word` looks like the board of an SFEN: nine ranks, each of piece letters,
/// `+` and digits.
fn looks_like_board(word: &str) -> bool {
    word.split('/').count() == 9
        && word
            .chars()
            .all(|c| c == '/' || c == '+' || c.is_ascii_digit() || c.is_ascii_alphabetic())
}

/// The hint for a command line that was refused because an SFEN was typed without quotes:
/// the shell split it at its spaces, so its board is followed by a lone `b` or `w` (which
/// clap calls an unexpected argument or a bad value). The hint shows the SFEN quoted.
pub fn unquoted_sfen_hint(words: &[String]) -> Option<String> {
    let (i, board) = words.iter().enumerate().find_map(|(i, w)| {
        let board = w.strip_prefix("--sfen=").unwrap_or(w);
        looks_like_board(board).then_some((i, board))
    })?;
    let side = words.get(i + 1).filter(|w| *w == "b" || *w == "w")?;
    let mut sfen = vec![board, side.as_str()];
    // The hand and the move number, where the next words look like them.
    if let Some(hand) = words
        .get(i + 2)
        .filter(|w| *w == "-" || w.chars().all(|c| c.is_ascii_alphanumeric()))
    {
        sfen.push(hand);
        if let Some(n) = words
            .get(i + 3)
            .filter(|w| !w.is_empty() && w.chars().all(|c| c.is_ascii_digit()))
        {
            sfen.push(n);
        }
    }
    Some(format!(
        "an SFEN has spaces, so quote it to make it one argument: --sfen '{}'",
        sfen.join(" ")
    ))
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
        Some(Command::Eval(args)) => crate::eval_cmd::run(&args),
        Some(Command::Mate(args)) => crate::mate_cmd::run(&args),
        Some(Command::Gensfen(args)) => crate::gensfen_cmd::run(&args),
        Some(Command::Train(args)) => crate::train_cmd::run(&args),
        Some(Command::Bench(args)) => {
            let evaluator = match crate::eval_cmd::evaluator(
                args.evalfile.as_deref(),
                tokin_engine::eval::nnue::Network::DEFAULT_FV_SCALE,
                args.handcrafted,
            ) {
                Ok(e) => e,
                Err(e) => {
                    eprintln!("tokin bench: {e}");
                    return ExitCode::from(2);
                }
            };
            let mut out = std::io::stdout().lock();
            match crate::bench::run_bench(
                &mut out,
                args.depth.clamp(1, 64),
                &evaluator,
                &tokin_engine::search::Signals::new(),
            ) {
                Ok(_) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("tokin bench: {e}");
                    ExitCode::FAILURE
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(line: &str) -> Vec<String> {
        line.split(' ').map(str::to_string).collect()
    }

    #[test]
    fn an_unquoted_sfen_gets_a_hint() {
        let board = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL";
        let hint = unquoted_sfen_hint(&words(&format!("tokin perft 3 --sfen {board} b - 1")));
        assert_eq!(
            hint.as_deref(),
            Some(format!("an SFEN has spaces, so quote it to make it one argument: --sfen '{board} b - 1'").as_str())
        );
        let hint = unquoted_sfen_hint(&words(&format!("tokin board --sfen={board} w 2P 10")));
        assert!(hint.unwrap().ends_with(&format!("'{board} w 2P 10'")));
        // No board, or a board with its side in the same argument: no hint.
        assert_eq!(unquoted_sfen_hint(&words("tokin perft 3 b")), None);
        assert_eq!(
            unquoted_sfen_hint(&words(&format!("tokin perft {board} 3"))),
            None
        );
    }
}
