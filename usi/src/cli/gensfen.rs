//! `tokin gensfen --output FILE --positions N [...]`: self-play training data in the 40-byte
//! records of the shogi NNUE tools, on every core, resumable, with a progress line.

use super::args::EvaluatorArgs;
use clap::Args;
use std::fs::{File, OpenOptions};
use std::io::{BufWriter, IsTerminal, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};
use tokin_engine::eval::nnue::Network;
use tokin_learn::gensfen::{GensfenOptions, generate};
use tokin_learn::psv::{PsvRecord, RECORD_SIZE};

/// Arguments of `tokin gensfen`.
#[derive(Args, Debug)]
pub struct GensfenArgs {
    /// The file the records go to. If it exists and holds records (from an earlier run), the
    /// run goes on from there until the file holds `--positions` records.
    #[arg(long, short = 'o', value_name = "FILE")]
    pub output: PathBuf,
    /// How many records the file holds at the end: exactly this many.
    #[arg(long, value_name = "N", value_parser = super::numbers::at_least_one())]
    pub positions: u64,
    /// The search depth of every move.
    #[arg(long, default_value_t = 6, value_parser = clap::value_parser!(u32).range(1..=30))]
    pub depth: u32,
    /// A node limit per move as well (at least 1).
    #[arg(long, value_name = "N", value_parser = super::numbers::at_least_one())]
    pub nodes: Option<u64>,
    /// Threads (games played at once), 1 to 1024; default: one per core.
    #[arg(long, value_name = "N", value_parser = super::numbers::threads())]
    pub threads: Option<u32>,
    /// How many random legal moves each game starts with: `MIN-MAX` or one number.
    #[arg(long, default_value = "4-16", value_name = "MIN-MAX", value_parser = parse_range)]
    pub random_plies: (u32, u32),
    /// The share of games started from a handicap position, 0 to 1.
    #[arg(long, default_value_t = 0.1, value_name = "SHARE", value_parser = super::numbers::share)]
    pub handicaps: f64,
    /// A game still going after this many plies (after the random ones) is a draw; 1 to
    /// 10000.
    #[arg(long, default_value_t = 320, value_parser = clap::value_parser!(u32).range(1..=10_000))]
    pub max_plies: u32,
    /// A score (centipawns) at or beyond which a game is decided.
    #[arg(long, default_value_t = 3000)]
    pub eval_limit: i32,
    /// The seed of the first run; a resumed run derives its own from it and the records
    /// already there, so that it plays other games.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    #[command(flatten)]
    pub eval: EvaluatorArgs,
    /// Each thread's hash table, in MiB, 1 to 65536.
    #[arg(long, default_value_t = 16, value_name = "MIB", value_parser = super::numbers::hash_mib())]
    pub hash: u64,
}

fn parse_range(s: &str) -> Result<(u32, u32), String> {
    let number = |t: &str| {
        t.trim()
            .parse::<u32>()
            .map_err(|_| format!("`{t}` is not a number of plies"))
    };
    match s.split_once('-') {
        Some((a, b)) => {
            let (a, b) = (number(a)?, number(b)?);
            if a > b {
                return Err(format!("{a} is more than {b}"));
            }
            Ok((a, b))
        }
        None => number(s).map(|n| (n, n)),
    }
}

/// How many whole records `path` holds, after checking that it holds records at all: its
/// first and last whole records must be positions. A partial record at the end (a run cut
/// short while writing) is cut off, and said so.
///
/// # Errors
/// A path that is not a file, a file that does not hold records, or one that cannot be read
/// or cut, with the path.
pub fn existing_records(path: &Path) -> Result<u64, String> {
    let Ok(meta) = std::fs::metadata(path) else {
        return Ok(0);
    };
    if !meta.is_file() {
        return Err(format!("{} is not a file", path.display()));
    }
    let len = meta.len();
    let whole = len / RECORD_SIZE as u64;
    let partial = len % RECORD_SIZE as u64;
    if whole > 0 {
        let mut f = File::open(path).map_err(|e| format!("{}: {e}", path.display()))?;
        let mut first = [0u8; RECORD_SIZE];
        f.read_exact(&mut first)
            .map_err(|e| format!("{}: {e}", path.display()))?;
        let mut last_ok = true;
        if whole > 1 {
            use std::io::{Seek, SeekFrom};
            let mut last = [0u8; RECORD_SIZE];
            f.seek(SeekFrom::Start((whole - 1) * RECORD_SIZE as u64))
                .and_then(|_| f.read_exact(&mut last))
                .map_err(|e| format!("{}: {e}", path.display()))?;
            last_ok = PsvRecord::from_bytes(&last).position().is_ok();
        }
        if PsvRecord::from_bytes(&first).position().is_err() || !last_ok {
            return Err(format!(
                "{} exists and does not hold training records; name another file",
                path.display()
            ));
        }
    } else if partial > 0 {
        return Err(format!(
            "{} exists and does not hold training records; name another file",
            path.display()
        ));
    }
    if partial > 0 {
        eprintln!(
            "tokin gensfen: {} ends {partial} bytes into a record (an earlier run was cut \
             short); cutting them off",
            path.display()
        );
        OpenOptions::new()
            .write(true)
            .open(path)
            .and_then(|f| f.set_len(whole * RECORD_SIZE as u64))
            .map_err(|e| format!("{}: {e}", path.display()))?;
    }
    Ok(whole)
}

fn format_duration(d: Duration) -> String {
    let s = d.as_secs();
    if s >= 3600 {
        format!("{}h{:02}m", s / 3600, s / 60 % 60)
    } else {
        format!("{}m{:02}s", s / 60, s % 60)
    }
}

/// Runs `tokin gensfen`.
pub fn run(args: &GensfenArgs) -> ExitCode {
    let fail = |e: String| {
        eprintln!("tokin gensfen: {e}");
        ExitCode::from(2)
    };
    let evaluator = match args.eval.evaluator(Network::DEFAULT_FV_SCALE) {
        Ok(e) => e,
        Err(e) => return fail(e),
    };
    let have = match existing_records(&args.output) {
        Ok(n) => n,
        Err(e) => return fail(e),
    };
    if have >= args.positions {
        eprintln!(
            "tokin gensfen: {} already holds {have} records",
            args.output.display()
        );
        return ExitCode::SUCCESS;
    }
    let file = match OpenOptions::new()
        .create(true)
        .append(true)
        .open(&args.output)
    {
        Ok(f) => f,
        Err(e) => return fail(format!("{}: {e}", args.output.display())),
    };
    let mut out = BufWriter::with_capacity(1 << 20, file);
    let opts = GensfenOptions {
        depth: args.depth,
        nodes: args.nodes,
        random_plies: args.random_plies,
        handicap_share: args.handicaps,
        max_plies: args.max_plies,
        eval_limit: args.eval_limit.max(1),
        evaluator,
        hash_mb: args.hash as usize,
    };
    let threads = super::numbers::threads_or_cores(args.threads);
    let tables = match opts.tables(threads) {
        Ok(t) => t,
        Err(e) => {
            return fail(format!(
                "--hash {} with {threads} threads: {e}; give a smaller --hash or fewer --threads",
                args.hash
            ));
        }
    };
    let target = args.positions - have;
    let start = Instant::now();
    let terminal = std::io::stderr().is_terminal();
    let mut last_report = Instant::now();
    let mut last_flush = Instant::now();
    let mut written = 0u64;
    let stop = AtomicBool::new(false);
    let seed = args.seed ^ have.wrapping_mul(0xD6E8_FEB8_6659_FD93);
    let result = generate(
        &opts,
        &tables,
        target,
        seed,
        &stop,
        |records: &[PsvRecord]| {
            for r in records {
                r.write(&mut out)?;
            }
            written += records.len() as u64;
            if last_flush.elapsed() >= Duration::from_secs(5) {
                out.flush()?;
                last_flush = Instant::now();
            }
            // On a terminal the line is rewritten every second; in a file (a run in the
            // background) a new line every five seconds, so that it can be followed.
            let every = if terminal { 1 } else { 5 };
            if last_report.elapsed() >= Duration::from_secs(every) {
                last_report = Instant::now();
                let rate = written as f64 / start.elapsed().as_secs_f64().max(1e-3);
                let left = target.saturating_sub(written) as f64 / rate.max(1e-3);
                let line = format!(
                    "gensfen: {}/{} positions, {rate:.0} positions/s, ETA {}",
                    have + written,
                    args.positions,
                    format_duration(Duration::from_secs_f64(left.min(1e9)))
                );
                if terminal {
                    eprint!("\r{line}   ");
                } else {
                    eprintln!("{line}");
                }
            }
            Ok::<(), std::io::Error>(())
        },
    );
    let result = result.and_then(|n| out.flush().map(|()| n));
    if terminal {
        eprintln!();
    }
    match result {
        Ok(n) => {
            eprintln!(
                "gensfen: {} now holds {} records ({n} new in {}, {:.0} positions/s)",
                args.output.display(),
                have + n,
                format_duration(start.elapsed()),
                n as f64 / start.elapsed().as_secs_f64().max(1e-3)
            );
            ExitCode::SUCCESS
        }
        Err(e) => fail(format!(
            "writing {}: {e} (the records written before are kept; run again to go on)",
            args.output.display()
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_of_plies() {
        assert_eq!(parse_range("4-16"), Ok((4, 16)));
        assert_eq!(parse_range("8"), Ok((8, 8)));
        assert!(parse_range("9-3").is_err());
        assert!(parse_range("x").is_err());
    }
}
