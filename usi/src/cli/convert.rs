//! `tokin convert INPUT... [--from FORMAT] --to FORMAT [-o OUTPUT] [--force] [--lenient]
//! [--strictness LEVEL]`: converts game records between KIF, KI2, CSA, JKF, PSN, e-mail
//! correspondence records and USI lines.
//!
//! The input format comes from `--from`, else the file extension, else the content. `-` is
//! standard input (as input) or standard output (as output). One input without `-o` goes to
//! standard output; several inputs, or a directory, are converted in parallel into `-o DIR`
//! (or next to each input, each file written named on standard error), one output file per
//! input. What the target format cannot hold (comments in USI lines, say) is reported on
//! standard error, as are the problems skipped by `--lenient` and the oddities read past in
//! any mode (an unknown CSA key, a game ended by an illegal move). `.kif` and `.ki2` files are
//! written in Shift_JIS (the encoding programs expect for those extensions), everything else
//! in UTF-8.
//!
//! Nothing is written unless every output can be: two inputs that would write the same file
//! (`b.kif` and `b.kifu`), an output that is an input, an existing output without `--force`,
//! or a file name given to `-o` for several inputs stop the run before it starts. Each file is
//! written under a temporary name beside it and then renamed, so an interrupted run leaves
//! no half-written record. A file with no record in it is an error, `--lenient` or not.

use super::args::STRICTNESS_HELP;
use super::{choices, files};
use clap::Args;
use rayon::prelude::*;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use tokin_core::Strictness;
use tokin_notation::record::{self, Format, ReadOptions};

/// Arguments of `tokin convert`.
#[derive(Args, Debug)]
pub struct ConvertArgs {
    /// Record files or directories to convert; `-` reads standard input.
    #[arg(required = true)]
    pub inputs: Vec<PathBuf>,
    /// The input format; default: from the file's extension, else its content.
    #[arg(long, value_parser = choices::record_format())]
    pub from: Option<Format>,
    /// The output format.
    #[arg(long, value_parser = choices::record_format())]
    pub to: Format,
    /// The output file (`-` for standard output), or the directory for several inputs.
    #[arg(short, long)]
    pub output: Option<PathBuf>,
    /// Keep everything up to the first bad move and report the rest instead of failing.
    #[arg(long)]
    pub lenient: bool,
    /// Replace output files that already exist.
    #[arg(long)]
    pub force: bool,
    /// Which start positions the records may have.
    #[arg(long, default_value_t, value_name = "LEVEL", help = STRICTNESS_HELP)]
    pub strictness: Strictness,
}

/// One conversion: where from, where to.
struct Job {
    input: PathBuf,
    output: Option<PathBuf>,
}

/// What one conversion reports.
struct Outcome {
    messages: Vec<String>,
    ok: bool,
    stdout: Option<Vec<u8>>,
}

/// Reads a file (or standard input for `-`) and converts it.
fn convert(input: &Path, output: Option<&Path>, args: &ConvertArgs) -> Outcome {
    let name = input.display().to_string();
    let failed = |message: String| Outcome {
        messages: vec![message],
        ok: false,
        stdout: None,
    };
    let bytes = match files::read_bytes(input) {
        Ok(b) => b,
        Err(e) => return failed(e),
    };
    let opts = ReadOptions {
        lenient: args.lenient,
        strictness: args.strictness,
    };
    let read = match files::read_record(&name, &bytes, args.from, opts) {
        Ok(r) => r,
        Err(e) => return failed(e),
    };
    let parsed = read.parsed;
    let mut messages = Vec::new();
    // A problem diagram's start may break a rule of the game: converted, with a warning.
    for r in &parsed.records {
        for why in r.start.position().game_rule_breaks() {
            messages.push(format!(
                "{name}: warning: the start position breaks a rule: {why}"
            ));
        }
    }
    messages.extend(read.warnings);
    let written = record::write_all(&parsed.records, args.to);
    for l in &written.losses {
        messages.push(format!("{name}: lost in {}: {l}", args.to));
    }
    let shift_jis = output
        .and_then(|p| p.extension())
        .and_then(|e| e.to_str())
        .is_some_and(|e| matches!(e.to_ascii_lowercase().as_str(), "kif" | "ki2"));
    let data = if shift_jis {
        let text = written
            .text
            .replacen("encoding=UTF-8", "encoding=Shift_JIS", 1);
        match record::encode_shift_jis(&text) {
            Some(b) => b,
            None => {
                messages.push(format!(
                    "{name}: some characters have no Shift_JIS code; wrote UTF-8 with a byte-order mark"
                ));
                let mut b = b"\xEF\xBB\xBF".to_vec();
                b.extend_from_slice(written.text.as_bytes());
                b
            }
        }
    } else {
        written.text.into_bytes()
    };
    match output {
        None => Outcome {
            messages,
            ok: true,
            stdout: Some(data),
        },
        Some(p) if files::is_stdout(p) => Outcome {
            messages,
            ok: true,
            stdout: Some(data),
        },
        Some(p) => match files::write_output(p, &data) {
            Ok(()) => {
                if args.output.is_none() {
                    // Several inputs and no `-o`: the files go beside the inputs, which the
                    // user did not name, so each is named here.
                    messages.push(format!("wrote {} (beside {name})", p.display()));
                }
                Outcome {
                    messages,
                    ok: true,
                    stdout: None,
                }
            }
            Err(e) => {
                messages.push(format!("{}: cannot write: {e}", p.display()));
                Outcome {
                    messages,
                    ok: false,
                    stdout: None,
                }
            }
        },
    }
}

/// Checks the outputs of `jobs` before anything is written: no two the same, and each one
/// that may be written ([`files::Inputs::check_output`]).
fn check_outputs(jobs: &[Job], args: &ConvertArgs) -> Result<(), String> {
    let mut seen: std::collections::HashMap<&Path, &Path> = std::collections::HashMap::new();
    let inputs = files::Inputs::new(jobs.iter().map(|j| j.input.as_path()));
    for job in jobs {
        let Some(out) = job.output.as_deref().filter(|o| !files::is_stdout(o)) else {
            continue;
        };
        if let Some(first) = seen.insert(out, &job.input) {
            return Err(format!(
                "{} and {} would both be written to {}; convert them separately (or rename \
                 one) so that neither game is lost",
                first.display(),
                job.input.display(),
                out.display()
            ));
        }
        inputs.check_output(out, args.force)?;
    }
    Ok(())
}

fn plan(args: &ConvertArgs) -> Result<Vec<Job>, String> {
    let jobs = plan_jobs(args)?;
    check_outputs(&jobs, args)?;
    Ok(jobs)
}

fn plan_jobs(args: &ConvertArgs) -> Result<Vec<Job>, String> {
    let mut inputs = Vec::new();
    let mut from_dir = false;
    for i in &args.inputs {
        if i.is_dir() {
            from_dir = true;
            files::record_files_under(i, &mut inputs)
                .map_err(|e| format!("{}: {e}", i.display()))?;
        } else {
            inputs.push(i.clone());
        }
    }
    if inputs.is_empty() {
        return Err("no record files to convert".into());
    }
    if inputs.len() == 1 && !from_dir {
        return Ok(vec![Job {
            input: inputs.remove(0),
            output: args.output.clone(),
        }]);
    }
    let ext = args.to.extension();
    if let Some(dir) = &args.output {
        if dir.as_os_str() == "-" {
            return Err("several inputs need an output directory, not `-`".into());
        }
        // A name like `one.usi` is a file the user meant, not a directory to make: the
        // games would land in `one.usi/` instead.
        let looks_like_file = dir
            .extension()
            .and_then(|e| e.to_str())
            .is_some_and(|e| Format::from_extension(e).is_some());
        if dir.is_file() || (!dir.is_dir() && looks_like_file) {
            return Err(format!(
                "-o {}: {} inputs write one file each, so -o must be a directory (it is made \
                 if missing), not a file",
                dir.display(),
                inputs.len()
            ));
        }
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    let mut jobs = Vec::new();
    for input in inputs {
        if input.as_os_str() == "-" {
            return Err("`-` can only be the one input".into());
        }
        let stem = input
            .file_stem()
            .map(|s| s.to_os_string())
            .unwrap_or_default();
        let mut name = PathBuf::from(stem);
        name.set_extension(ext);
        let out = match &args.output {
            Some(dir) => dir.join(&name),
            None => input.with_file_name(&name),
        };
        if out == input {
            return Err(format!(
                "{}: converting would overwrite the input; use -o DIR",
                input.display()
            ));
        }
        jobs.push(Job {
            input,
            output: Some(out),
        });
    }
    Ok(jobs)
}

/// Runs `tokin convert`.
pub fn run(args: &ConvertArgs) -> ExitCode {
    let jobs = match plan(args) {
        Ok(j) => j,
        Err(e) => {
            eprintln!("tokin convert: {e}");
            return ExitCode::from(2);
        }
    };
    let outcomes: Vec<Outcome> = jobs
        .par_iter()
        .map(|j| convert(&j.input, j.output.as_deref(), args))
        .collect();
    let mut ok = true;
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    for o in outcomes {
        for m in &o.messages {
            eprintln!("tokin convert: {m}");
        }
        if let Some(data) = o.stdout
            && let Err(e) = out.write_all(&data)
        {
            eprintln!("tokin convert: cannot write to standard output: {e}");
            ok = false;
        }
        ok &= o.ok;
    }
    if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(2)
    }
}
