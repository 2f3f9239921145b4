//! The command-line tools: the top-level parser, with one module per subcommand (its
//! arguments and its work) and the modules they share below them: [`args`] (the flags several
//! take), [`choices`] (flags naming one of a list), [`numbers`] (every count's range) and
//! [`files`] (reading records, writing outputs). `tokin` with no subcommand is the USI engine,
//! which `main` starts.

pub mod annotate;
pub mod args;
pub mod bench;
pub mod board;
pub mod choices;
pub mod convert;
pub mod eval;
pub mod files;
pub mod gensfen;
pub mod mate;
pub mod notate;
pub mod numbers;
pub mod perft;
pub mod train;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

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
    Perft(perft::PerftArgs),
    /// Print a board diagram of a position, or the position as one line of text (the styles
    /// are listed under --style).
    Board(board::BoardArgs),
    /// Convert game records from one format to another (the formats are listed under --to).
    Convert(convert::ConvertArgs),
    /// Convert moves from one notation to another (the styles are listed under --from).
    Notate(notate::NotateArgs),
    /// Run a USI engine and add each PV in human notation as an `info string`.
    Annotate(annotate::AnnotateArgs),
    /// Search a fixed list of positions to a fixed depth with one thread; the last two lines
    /// are `Nodes searched: N` and `Nodes/second: X`.
    Bench(bench::BenchArgs),
    /// Print the static evaluation of a position for the side to move (`eval = N`), with the
    /// built-in evaluation or an NNUE evaluation file.
    Eval(eval::EvalArgs),
    /// Play self-play games and write their positions, scored by the search, as training
    /// records (the 40-byte format of the shogi NNUE tools).
    Gensfen(gensfen::GensfenArgs),
    /// Solve a position for a mate by the side to move (df-pn) and print the mating line;
    /// exit status 0 mate, 1 no mate, 3 unknown, 2 bad input.
    Mate(mate::MateArgs),
    /// Train an NNUE evaluation file (kp or halfkp 256x2-32-32) on training records, on the
    /// CPU.
    Train(train::TrainArgs),
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

/// Runs a tool; the exit code is 0 on success, 2 for bad input (some tools have more, which
/// their help lists).
pub fn run(command: Command) -> ExitCode {
    match command {
        Command::Perft(args) => perft::run(&args),
        Command::Board(args) => board::run(&args),
        Command::Convert(args) => convert::run(&args),
        Command::Notate(args) => notate::run(&args),
        Command::Annotate(args) => annotate::run(&args),
        Command::Bench(args) => bench::run(&args),
        Command::Eval(args) => eval::run(&args),
        Command::Mate(args) => mate::run(&args),
        Command::Gensfen(args) => gensfen::run(&args),
        Command::Train(args) => train::run(&args),
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
