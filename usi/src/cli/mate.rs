//! `tokin mate [--sfen SFEN | FILE] [--moves MOVE...] [--style STYLE] [--timeout SECONDS]
//! [--hash MIB] [--strictness LEVEL]`: solves a position for a mate by the side to move with
//! the df-pn solver and prints the mating line in a notation style, its length, the nodes
//! searched and the time taken.
//!
//! Exit status: 0 mate found, 1 no mate (the attacker runs out of checks in every line),
//! 3 unknown (the timeout or the node limit came first), 2 bad input.

use super::args::{self, PositionArgs};
use super::{choices, files};
use clap::Args;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;
use tokin_core::Position;
use tokin_engine::mate::{MateConfig, MateResult, solve_mate};
use tokin_engine::search::{NoObserver, Signals};
use tokin_notation::record::ReadOptions;
use tokin_notation::{Options, Style, write_line};

/// Exit status when a mate is found.
pub const EXIT_MATE: u8 = 0;
/// Exit status when there is no mate.
pub const EXIT_NO_MATE: u8 = 1;
/// Exit status for bad input.
pub const EXIT_BAD_INPUT: u8 = 2;
/// Exit status when the solver stopped before an answer.
pub const EXIT_UNKNOWN: u8 = 3;

/// Arguments of `tokin mate`.
#[derive(Args, Debug)]
pub struct MateArgs {
    /// A record file holding the problem, in any format `convert` reads (`-` reads standard
    /// input): its start position is solved.
    #[arg(value_name = "FILE", conflicts_with = "sfen")]
    pub file: Option<PathBuf>,
    #[command(flatten)]
    pub position: PositionArgs,
    /// The notation of the mating line.
    #[arg(long, default_value = "usi", value_parser = choices::style())]
    pub style: Style,
    /// Give up after this many seconds (exit status 3).
    #[arg(long, value_name = "SECONDS", value_parser = super::numbers::seconds)]
    pub timeout: Option<f64>,
    /// Give up after about this many nodes (exit status 3); at least 1.
    #[arg(long, value_name = "N", value_parser = super::numbers::at_least_one())]
    pub nodes: Option<u64>,
    /// Size of the solver's table in MiB, 1 to 65536.
    #[arg(long, default_value_t = 256, value_name = "MIB", value_parser = super::numbers::hash_mib())]
    pub hash: u64,
    /// Read the record FILE's start even when a line after it is bad (reported as a warning);
    /// a file of which nothing can be read is refused either way.
    #[arg(long)]
    pub lenient: bool,
}

/// The position to solve, or the message for bad input.
fn position(args: &MateArgs) -> Result<Position, String> {
    let p = &args.position;
    let strictness = p.start.strictness;
    let (flag, start) = match (&args.file, &p.start.sfen) {
        (Some(path), _) => {
            let name = path.display().to_string();
            let bytes = files::read_bytes(path)?;
            let opts = ReadOptions {
                lenient: args.lenient,
                strictness,
            };
            // Read as `convert` reads it: a file of which nothing could be read (prose, a
            // damaged diagram) is bad input, never a problem without a mate.
            let read = files::read_record(&name, &bytes, None, opts)?;
            for w in &read.warnings {
                eprintln!("tokin mate: {w}");
            }
            let rec = read
                .parsed
                .records
                .first()
                .ok_or_else(|| format!("{name}: no position in the file"))?;
            (name, rec.start.position().to_sfen())
        }
        (None, Some(sfen)) => ("--sfen".to_string(), sfen.clone()),
        (None, None) => return Err("give a position: --sfen SFEN or a record FILE".into()),
    };
    // No warning for a rule of a game broken: a problem often has no attacker's king.
    args::position(&flag, &start, &p.moves, strictness)
}

/// Runs `tokin mate`.
pub fn run(args: &MateArgs) -> ExitCode {
    let pos = match position(args) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("tokin mate: {e}");
            return ExitCode::from(EXIT_BAD_INPUT);
        }
    };
    let signals = Signals::new();
    if let Some(t) = args.timeout {
        let d = Duration::try_from_secs_f64(t).unwrap_or(Duration::MAX);
        signals.set_time_limits(None, Some(d));
    }
    let config = MateConfig {
        hash_mib: usize::try_from(args.hash).unwrap_or(usize::MAX),
        max_nodes: args.nodes,
        ..MateConfig::default()
    };
    // The solver recurses once a ply, up to lines of thousands of plies: on the engine's
    // mate thread, with its stack, rather than whatever stack the main thread got.
    let solve = {
        let pos = pos.clone();
        move || solve_mate(&pos, &config, &signals, &mut NoObserver)
    };
    let report = match crate::search_thread::start_thread("mate", solve).map(|h| h.join()) {
        Ok(Ok(r)) => r,
        _ => {
            eprintln!("tokin mate: could not start the solver's thread");
            return ExitCode::from(EXIT_UNKNOWN);
        }
    };
    let mut out = std::io::stdout().lock();
    let code = match &report.result {
        MateResult::Mate(line) => {
            let text = match write_line(&pos, None, line, args.style, &Options::default()) {
                Ok(t) => t,
                Err(e) => format!("({e})"),
            };
            let _ = writeln!(out, "{text}");
            let _ = writeln!(out, "mate in {}", line.len());
            EXIT_MATE
        }
        MateResult::NoMate => {
            let _ = writeln!(out, "no mate");
            EXIT_NO_MATE
        }
        MateResult::Timeout => {
            let _ = writeln!(out, "unknown (stopped before an answer)");
            EXIT_UNKNOWN
        }
    };
    let _ = writeln!(
        out,
        "nodes {} time {:.3} s",
        report.nodes,
        report.time.as_secs_f64()
    );
    let _ = out.flush();
    ExitCode::from(code)
}
