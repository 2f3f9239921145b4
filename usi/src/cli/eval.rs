//! `tokin eval [--sfen SFEN] [--moves USI...] [--evalfile PATH | --handcrafted]
//! [--fv-scale N] [--stdin]`:
//! the static evaluation of a position for the side to move, as the USI `eval` command
//! prints it (`eval = N`), with the built-in evaluation or an NNUE evaluation file.

use super::args::{EvaluatorArgs, PositionArgs};
use crate::command::Command;
use clap::Args;
use std::io::{BufRead, Write};
use std::process::ExitCode;
use tokin_core::{Position, Strictness};
use tokin_engine::eval::nnue::Network;

/// Arguments of `tokin eval`.
#[derive(Args, Debug)]
pub struct EvalArgs {
    // `--strictness` applies to `--stdin`'s positions too.
    #[command(flatten)]
    pub position: PositionArgs,
    #[command(flatten)]
    pub eval: EvaluatorArgs,
    /// What the network's output is divided by (the `FV_SCALE` option), 1 to 128.
    #[arg(long, default_value_t = Network::DEFAULT_FV_SCALE, value_parser = clap::value_parser!(i32).range(1..=128))]
    pub fv_scale: i32,
    /// Read positions from standard input instead, one per line (a USI `position` command,
    /// or what follows `position` or `position sfen` in one: an SFEN, optionally followed by
    /// `moves` and USI moves), and print one `eval = N` line for each.
    #[arg(long, conflicts_with_all = ["sfen", "moves"])]
    pub stdin: bool,
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
    let evaluator = match args.eval.evaluator(args.fv_scale) {
        Ok(e) => e,
        Err(e) => {
            eprintln!("tokin eval: {e}");
            return ExitCode::from(2);
        }
    };
    if !args.stdin {
        return match args.position.read("eval") {
            Ok(pos) => {
                println!("eval = {}", evaluator.evaluate(&pos));
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("tokin eval: {e}");
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
        let written = match position_of_line(&line, args.position.start.strictness) {
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
