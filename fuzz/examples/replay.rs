//! Replays a folder of inputs through one fuzz target, each input as the fuzzer runs it, and
//! prints how many inputs a second the target gets through: the figures of
//! docs/reliability.md's "short sessions" table.
//!
//! ```sh
//! cargo run --release -p tokin-fuzz --example replay -- TARGET DIR [PASSES]
//! ```
//!
//! TARGET is a target's name (`usi`, `kif`, ...); DIR holds the inputs (an AFL++ queue, or
//! `fuzz/corpus/<target>`); every plain file in it is one input, taken in name order. PASSES
//! (default 3) runs the whole folder that many times. Each pass prints its inputs per second
//! of wall time and of the process's CPU time (all threads, the sessions' search threads
//! included), so a pass beside other work can be told from one alone on the machine.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Mutex;
use std::time::{Duration, Instant};

fn main() -> ExitCode {
    match run(std::env::args().skip(1).collect()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("replay: {e}");
            ExitCode::from(2)
        }
    }
}

fn run(args: Vec<String>) -> Result<(), String> {
    let usage = "usage: replay TARGET DIR [PASSES]";
    let (name, dir, passes) = match args.as_slice() {
        [name, dir] => (name, dir, "3"),
        [name, dir, passes] => (name, dir, passes.as_str()),
        _ => return Err(usage.into()),
    };
    let target = tokin_fuzz::target(name).ok_or_else(|| {
        let names: Vec<&str> = tokin_fuzz::TARGETS.iter().map(|t| t.name).collect();
        format!("no target `{name}`; the targets: {}", names.join(", "))
    })?;
    let passes: u32 = passes
        .parse()
        .ok()
        .filter(|&n| n > 0)
        .ok_or_else(|| format!("PASSES `{passes}` is not a whole number above 0"))?;
    // Read before timing, so that the passes time the target and not the disk.
    let inputs = read_inputs(Path::new(dir))?;
    println!("{} inputs from {dir}, target {}", inputs.len(), target.name);
    // A target that breaks a promise panics, and the release profile aborts on a panic: the
    // hook names the input before that happens.
    static CURRENT: Mutex<Option<PathBuf>> = Mutex::new(None);
    let default_hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        default_hook(info);
        if let Ok(Some(path)) = CURRENT.lock().as_deref() {
            eprintln!("replay: the target panicked on {}", path.display());
        }
    }));
    let (cpu_start, wall_start) = (process_cpu(), Instant::now());
    for pass in 1..=passes {
        let (cpu0, wall0) = (process_cpu(), Instant::now());
        for (path, data) in &inputs {
            if let Ok(mut current) = CURRENT.lock() {
                *current = Some(path.clone());
            }
            (target.run)(data);
        }
        println!("pass {pass}: {}", rate(inputs.len(), wall0, cpu0));
    }
    let all = inputs.len() * passes as usize;
    if passes > 1 {
        println!("all {passes} passes: {}", rate(all, wall_start, cpu_start));
    }
    Ok(())
}

/// `inputs` over the wall and CPU time since `wall0` and `cpu0`, as one line.
fn rate(inputs: usize, wall0: Instant, cpu0: Option<Duration>) -> String {
    let n = inputs as f64;
    let wall = wall0.elapsed().as_secs_f64();
    let cpu = match (cpu0, process_cpu()) {
        // The clock counts in 10 ms ticks: a shorter span would give a figure of noise.
        (Some(a), Some(b)) if (b - a).as_secs_f64() >= 0.5 => {
            let cpu = (b - a).as_secs_f64();
            format!("{:.0} a CPU second ({cpu:.2} s of CPU)", n / cpu)
        }
        (Some(_), Some(_)) => "under 0.5 s of CPU, too short for the 10 ms CPU clock".into(),
        _ => "CPU time not available here".into(),
    };
    format!(
        "{:.0} inputs a second ({wall:.2} s), {cpu}",
        n / wall.max(1e-9)
    )
}

/// Every plain file in `dir`, in name order, with its bytes.
fn read_inputs(dir: &Path) -> Result<Vec<(PathBuf, Vec<u8>)>, String> {
    let entries = std::fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let mut paths = Vec::new();
    for entry in entries {
        let path = entry.map_err(|e| format!("{}: {e}", dir.display()))?.path();
        if path.is_file() {
            paths.push(path);
        }
    }
    if paths.is_empty() {
        return Err(format!("{}: no input files", dir.display()));
    }
    paths.sort();
    paths
        .into_iter()
        .map(|p| match std::fs::read(&p) {
            Ok(data) => Ok((p, data)),
            Err(e) => Err(format!("{}: {e}", p.display())),
        })
        .collect()
}

/// User and system CPU time of the whole process, threads that have ended included, from
/// `/proc/self/stat` (Linux; `None` elsewhere). The kernel reports it there in units of
/// `USER_HZ`, which is 100 on every Linux architecture's user ABI.
fn process_cpu() -> Option<Duration> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // The command name in parentheses may hold spaces; the fields after it are fixed:
    // state is the first, utime the 12th and stime the 13th.
    let rest = &stat[stat.rfind(')')? + 1..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks: u64 = fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
    Some(Duration::from_millis(ticks * 10))
}
