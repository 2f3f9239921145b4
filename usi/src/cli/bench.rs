//! `tokin bench [--depth D] [--evalfile PATH | --handcrafted]`: the fixed benchmark of
//! [`crate::bench`], as the USI `bench` command runs it.

use super::args::EvaluatorArgs;
use crate::bench::{BENCH_DEPTH, run_bench};
use clap::Args;
use std::process::ExitCode;
use tokin_engine::eval::nnue::Network;
use tokin_engine::search::Signals;

/// Arguments of `tokin bench`.
#[derive(Args, Debug)]
pub struct BenchArgs {
    /// Search depth in plies, 1 to 64.
    #[arg(long, default_value_t = BENCH_DEPTH, value_parser = clap::value_parser!(u32).range(1..=64))]
    pub depth: u32,
    // With a file, the signature depends on the file.
    #[command(flatten)]
    pub eval: EvaluatorArgs,
}

/// Runs `tokin bench`.
pub fn run(args: &BenchArgs) -> ExitCode {
    let evaluator = match args.eval.evaluator(Network::DEFAULT_FV_SCALE) {
        Ok(e) => e,
        Err(e) => {
            eprintln!("tokin bench: {e}");
            return ExitCode::from(2);
        }
    };
    let mut out = std::io::stdout().lock();
    // Nothing stops the command-line bench but the end of the process.
    match run_bench(&mut out, args.depth, &evaluator, &Signals::new()) {
        Ok(_) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("tokin bench: {e}");
            ExitCode::FAILURE
        }
    }
}
