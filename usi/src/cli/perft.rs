//! `tokin perft DEPTH [--sfen SFEN] [--moves USI...] [--strictness LEVEL] [--divide]
//! [--threads N]`.
//!
//! Standard output ends with exactly `Nodes searched: N`; time and speed go to standard error
//! so that scripts can compare outputs.

use super::args::PositionArgs;
use clap::Args;
use std::io::{IsTerminal, Write};
use std::process::ExitCode;
use std::time::Instant;
use tokin_core::Position;
use tokin_engine::{perft_divide_each, perft_parallel_observed};

/// Arguments of `tokin perft`.
#[derive(Args, Debug)]
pub struct PerftArgs {
    /// How many plies to count, 0 to 64.
    #[arg(value_parser = clap::value_parser!(u32).range(0..=64))]
    pub depth: u32,
    // Published perft suites need `--strictness relaxed`, the default.
    #[command(flatten)]
    pub position: PositionArgs,
    /// Print the count below each legal move, one `7g7f: 1234` line each.
    #[arg(long)]
    pub divide: bool,
    /// Worker threads, 1 to 1024; default: one per core.
    #[arg(long, value_name = "N", value_parser = super::numbers::threads())]
    pub threads: Option<u32>,
}

/// Writes `move: count` for each legal move of `pos` as soon as its count is known (the lines
/// are the progress of a deep divide, flushed one by one; write errors are ignored as for the
/// total's line); returns the total.
fn divide(pos: &Position, depth: u32, out: &mut dyn Write) -> u64 {
    let total = perft_divide_each(pos, depth, &|| false, |mv, n| {
        let _ = writeln!(out, "{mv}: {n}").and_then(|()| out.flush());
    });
    // Nothing stops it.
    total.unwrap_or(0)
}

/// Runs `tokin perft`.
pub fn run(args: &PerftArgs) -> ExitCode {
    let pos = match args.position.read("perft") {
        Ok(pos) => pos,
        Err(e) => {
            eprintln!("tokin perft: {e}");
            return ExitCode::from(2);
        }
    };
    let threads = super::numbers::threads_or_cores(args.threads);
    let pool = match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
        Ok(p) => p,
        Err(e) => {
            eprintln!("tokin perft: cannot start threads: {e}");
            return ExitCode::from(2);
        }
    };
    // A progress line for long runs, only when a person is watching standard error.
    let progress = std::io::stderr().is_terminal() && args.depth >= 5;
    let show = |done: usize, total: usize| {
        if progress {
            eprint!("\rperft {}: {done}/{total} root moves counted", args.depth);
        }
    };
    let start = Instant::now();
    let nodes = pool.install(|| {
        if args.divide && args.depth > 0 {
            divide(&pos, args.depth, &mut std::io::stdout())
        } else {
            perft_parallel_observed(&pos, args.depth, &show)
        }
    });
    let secs = start.elapsed().as_secs_f64();
    if progress {
        eprint!("\r{:60}\r", "");
    }
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "Nodes searched: {nodes}");
    let _ = out.flush();
    eprintln!(
        "time {:.3} s, {:.0} nodes/second",
        secs,
        nodes as f64 / secs.max(1e-9)
    );
    ExitCode::SUCCESS
}
