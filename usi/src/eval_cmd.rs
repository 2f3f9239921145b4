//! `tokin eval [--sfen SFEN] [--moves USI...] [--evalfile PATH] [--fv-scale N] [--stdin]`:
//! the static evaluation of a position for the side to move, as the USI `eval` command
//! prints it (`eval = N`), with the built-in evaluation or an NNUE evaluation file.

use crate::command::Command;
use clap::Args;
use std::io::{BufRead, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use tokin_core::{Position, Strictness};
use tokin_engine::eval::Evaluator;
use tokin_engine::eval::nnue::Network;
use tokin_notation::position_text::read_start;

/// Arguments of `tokin eval`.
#[derive(Args, Debug)]
pub struct EvalArgs {
    /// The position: `startpos` (the default), a handicap name such as `2-pieces`, a whole
    /// SFEN, FEEN or GNU Shogi EPD as one argument, or a server handicap expression
    /// (`-handicap=2p`).
    #[arg(long, default_value = "startpos", allow_hyphen_values = true)]
    pub sfen: String,
    /// Moves (USI) to play from the position first: each an argument, or several in one
    /// separated by spaces.
    #[arg(long, num_args = 1.., value_name = "USI")]
    pub moves: Vec<String>,
    /// Which positions `--sfen` (and `--stdin`) may give.
    #[arg(long, default_value_t, value_name = "LEVEL", help = crate::cli::STRICTNESS_HELP)]
    pub strictness: Strictness,
    /// An NNUE evaluation file (`nn.bin`); without it, the built-in network.
    #[arg(long, value_name = "PATH")]
    pub evalfile: Option<PathBuf>,
    /// The handcrafted evaluation instead of the built-in network.
    #[arg(long, conflicts_with = "evalfile")]
    pub handcrafted: bool,
    /// What the network's output is divided by (the `FV_SCALE` option), 1 to 128.
    #[arg(long, default_value_t = Network::DEFAULT_FV_SCALE, value_parser = clap::value_parser!(i32).range(1..=128))]
    pub fv_scale: i32,
    /// Read positions from standard input instead, one per line (a USI `position` command,
    /// or what follows `position` or `position sfen` in one: an SFEN, optionally followed by
    /// `moves` and USI moves), and print one `eval = N` line for each.
    #[arg(long, conflicts_with_all = ["sfen", "moves"])]
    pub stdin: bool,
}

/// Makes the evaluator `--evalfile`, `--fv-scale` and `--handcrafted` ask for: without a
/// file, the built-in network, or the handcrafted evaluation if `handcrafted`.
///
/// # Errors
/// The evaluation file's fault, with its path.
pub fn evaluator(
    evalfile: Option<&std::path::Path>,
    fv_scale: i32,
    handcrafted: bool,
) -> Result<Evaluator, String> {
    let Some(path) = evalfile else {
        return Ok(if handcrafted {
            Evaluator::Handcrafted
        } else {
            Evaluator::Nnue(tokin_engine::eval::builtin_network())
        });
    };
    let mut net = Network::load(path).map_err(|e| format!("--evalfile {}: {e}", path.display()))?;
    net.set_fv_scale(fv_scale);
    Ok(Evaluator::Nnue(Arc::new(net)))
}

/// A line of `--stdin`: a USI `position` command (read by the engine's own parser), or
/// what follows `position`/`position sfen` in one.
fn position_of_line(line: &str, strictness: Strictness) -> Result<Position, String> {
    let line = line.trim();
    let first = line.split_whitespace().next().unwrap_or("");
    let command = if first == "position" {
        line.to_owned()
    } else if first == "startpos" || first == "sfen" {
        format!("position {line}")
    } else {
        format!("position sfen {line}")
    };
    match crate::command::parse(&command).map_err(|e| e.to_string())? {
        Command::Position { start, moves } => {
            Position::from_usi_start(start.as_str(), &moves, strictness)
                .map(|(pos, _)| pos)
                .map_err(|e| e.to_string())
        }
        _ => Err(format!("`{line}` is not a position")),
    }
}

/// Runs `tokin eval`.
pub fn run(args: &EvalArgs) -> ExitCode {
    let evaluator = match evaluator(args.evalfile.as_deref(), args.fv_scale, args.handcrafted) {
        Ok(e) => e,
        Err(e) => {
            eprintln!("tokin eval: {e}");
            return ExitCode::from(2);
        }
    };
    if !args.stdin {
        return match read_start(
            &args.sfen,
            &crate::cli::moves_flag(&args.moves),
            args.strictness,
        ) {
            Ok((pos, _)) => {
                println!("eval = {}", evaluator.evaluate(&pos));
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("tokin eval: {}", crate::board_cmd::start_error(&e));
                ExitCode::from(2)
            }
        };
    }
    let stdin = std::io::stdin().lock();
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let mut status = ExitCode::SUCCESS;
    for (n, line) in stdin.lines().enumerate() {
        let line = match line {
            Ok(l) => l,
            Err(e) => {
                eprintln!("tokin eval: standard input, line {}: {e}", n + 1);
                return ExitCode::from(2);
            }
        };
        if line.trim().is_empty() {
            continue;
        }
        let written = match position_of_line(&line, args.strictness) {
            Ok(pos) => writeln!(out, "eval = {}", evaluator.evaluate(&pos)),
            Err(e) => {
                eprintln!("tokin eval: standard input, line {}: {e}", n + 1);
                status = ExitCode::from(2);
                writeln!(out, "error")
            }
        };
        if written.is_err() {
            // The reader went away (a closed pipe): nothing more to say to anyone.
            return status;
        }
    }
    let _ = out.flush();
    status
}
