//! `tokin train --data FILE... --output FILE [...]`: trains an NNUE evaluation file
//! (`kp_256x2-32-32` or `halfkp_256x2-32-32`) on training records such as `tokin gensfen`
//! writes, on the CPU, and writes it where `--evalfile` can load it.

use clap::{Args, ValueEnum};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;
use tokin_engine::eval::nnue::{Architecture, Network};
use tokin_learn::psv::{PsvRecord, RECORD_SIZE};
use tokin_learn::train::{Dataset, EpochReport, Model, TrainOptions, train_model};

/// The network shapes `tokin train` makes.
#[derive(Clone, Copy, PartialEq, Eq, Debug, ValueEnum)]
pub enum Arch {
    /// `kp_256x2-32-32`: 1 710 input features, under 1 MB; quick to train.
    Kp,
    /// `halfkp_256x2-32-32`: 125 388 input features (64 MB), trained with a shared row per
    /// piece and square (folded into the file) so that it starts from what K-P learns.
    Halfkp,
}

impl Arch {
    fn architecture(self) -> Architecture {
        match self {
            Arch::Kp => Architecture::Kp256,
            Arch::Halfkp => Architecture::HalfKp256,
        }
    }

    /// The shape of a network read from a file, if `tokin train` makes it.
    fn of(arch: Architecture) -> Option<Arch> {
        [Arch::Kp, Arch::Halfkp]
            .into_iter()
            .find(|a| a.architecture() == arch)
    }
}

/// The model training starts from: `--init`'s network read back as numbers, or new random
/// weights of `--arch` (K-P unless told).
///
/// # Errors
/// An `--init` file that cannot be read as a network, or whose shape is not `--arch`'s; the
/// message names the file.
fn starting_model(args: &TrainArgs) -> Result<Model, String> {
    let Some(path) = &args.init else {
        let arch = args.arch.unwrap_or(Arch::Kp).architecture();
        return Ok(Model::new(arch, args.seed));
    };
    let net = Network::load(path).map_err(|e| format!("--init {}: {e}", path.display()))?;
    let shape = Arch::of(net.architecture()).ok_or_else(|| {
        format!(
            "--init {}: {} is not a shape tokin trains",
            path.display(),
            net.architecture()
        )
    })?;
    match args.arch {
        Some(arch) if arch != shape => Err(format!(
            "--init {} is {}, not the {} of --arch",
            path.display(),
            net.architecture(),
            arch.architecture()
        )),
        _ => Ok(Model::from_network(&net)),
    }
}

/// Arguments of `tokin train`.
#[derive(Args, Debug)]
pub struct TrainArgs {
    /// Training record files (40-byte records, as `tokin gensfen` writes).
    #[arg(long, required = true, num_args = 1.., value_name = "FILE")]
    pub data: Vec<PathBuf>,
    /// The evaluation file to write.
    #[arg(long, short = 'o', value_name = "FILE")]
    pub output: PathBuf,
    /// The network shape [default: kp, or the shape of the --init file].
    #[arg(long, value_enum)]
    pub arch: Option<Arch>,
    /// Start from the network of this evaluation file (one of the shapes above, such as an
    /// earlier `tokin train` wrote) instead of new random weights: a new generation goes on
    /// from the last. Epoch 0 reports its loss on the held-out positions, and it is kept if
    /// no epoch beats it.
    #[arg(long, value_name = "FILE")]
    pub init: Option<PathBuf>,
    /// Passes over the training positions.
    #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub epochs: u32,
    /// Positions per optimiser step.
    #[arg(long, default_value_t = 4096, value_parser = clap::value_parser!(u32).range(1..=262_144))]
    pub batch: u32,
    /// Adam's learning rate [default: 0.001 from new weights, 0.00025 with --init].
    #[arg(long, value_parser = super::numbers::positive)]
    pub lr: Option<f32>,
    /// What the learning rate is multiplied by after each epoch (0 to 1).
    #[arg(long, default_value_t = 0.75, value_parser = super::numbers::unit)]
    pub lr_decay: f32,
    /// The weight of the search's score in the target, 0 to 1; the rest goes to the game's
    /// result.
    #[arg(long, default_value_t = 1.0, value_parser = super::numbers::unit)]
    pub lambda: f32,
    /// Threads, 1 to 1024; default: one per core. A run's result does not depend on it.
    #[arg(long, value_name = "N", value_parser = super::numbers::threads())]
    pub threads: Option<u32>,
    /// The seed of the initial weights and of the shuffles.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// The share of positions held out to measure the loss on, 0 to 1: the last records (of
    /// the last file), so that they come from games not trained on. The file written is the
    /// model of the epoch with the lowest loss on them.
    #[arg(long, default_value_t = 0.05, value_parser = super::numbers::share)]
    pub validation: f64,
    /// Train on each position mirrored left to right too (file 1 <-> file 9): twice the
    /// positions from the same records, at twice the time per epoch. The mirror images are
    /// never held out.
    #[arg(long)]
    pub mirror: bool,
    /// Replace `--output` if it exists.
    #[arg(long)]
    pub force: bool,
}

/// The learning rate from new random weights.
const LR_NEW: f32 = 1e-3;
/// The learning rate going on from a network (`--init`): a quarter of [`LR_NEW`]. Generation
/// 4, trained on from generation 3's file, beat it at this rate; at `LR_NEW` no epoch beat
/// the starting network (docs/strength.md, "Learned evaluation").
const LR_INIT: f32 = LR_NEW / 4.0;

impl TrainArgs {
    /// `--lr`, or the default for where training starts.
    fn lr(&self) -> f32 {
        self.lr
            .unwrap_or(if self.init.is_some() { LR_INIT } else { LR_NEW })
    }
}

/// Reads the records of `path` into `data`.
///
/// # Errors
/// A file that cannot be read, is empty, ends in the middle of a record, or holds a record
/// that is not a position; the message names the file.
pub fn load(path: &Path, data: &mut Dataset) -> Result<usize, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    if bytes.is_empty() {
        return Err(format!("{}: the file is empty", path.display()));
    }
    let (whole, rest) = bytes.as_chunks::<RECORD_SIZE>();
    if !rest.is_empty() {
        return Err(format!(
            "{}: the data ends {} bytes into record {} (records are {RECORD_SIZE} bytes): not \
             a file of training records, or a cut one",
            path.display(),
            rest.len(),
            whole.len()
        ));
    }
    let records: Vec<PsvRecord> = whole.iter().map(PsvRecord::from_bytes).collect();
    data.add_records(&records)
        .map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(records.len())
}

fn report(r: &EpochReport) {
    let validation = r
        .validation_loss
        .map_or_else(|| "-".to_string(), |v| format!("{v:.6}"));
    let Some(train_loss) = r.train_loss else {
        eprintln!("epoch   0: the starting model, validation loss {validation}");
        return;
    };
    eprintln!(
        "epoch {:>3}: train loss {:.6}, validation loss {validation}{}, {:.0} samples/s, {:.1}s",
        r.epoch,
        train_loss,
        if r.best { " (best: kept)" } else { "" },
        r.samples_per_second(),
        r.seconds
    );
}

/// Runs `tokin train`.
pub fn run(args: &TrainArgs) -> ExitCode {
    let fail = |e: String| {
        eprintln!("tokin train: {e}");
        ExitCode::from(2)
    };
    // The network must never be written over what it is trained from, whatever the flags.
    let inputs =
        super::files::Inputs::new(args.data.iter().chain(&args.init).map(PathBuf::as_path));
    if let Err(e) = inputs.check_output(&args.output, args.force) {
        return fail(e);
    }
    let threads = super::numbers::threads_or_cores(args.threads);
    let pool = match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
        Ok(p) => p,
        Err(e) => return fail(format!("starting {threads} threads: {e}")),
    };
    pool.install(|| {
        let start = Instant::now();
        let model = match starting_model(args) {
            Ok(m) => m,
            Err(e) => return fail(e),
        };
        let arch = model.architecture();
        let mut data = if args.mirror {
            Dataset::with_mirror(arch)
        } else {
            Dataset::new(arch)
        };
        let mut records = 0;
        for path in &args.data {
            match load(path, &mut data) {
                Ok(n) => records += n,
                Err(e) => return fail(e),
            }
        }
        if data.len() < 2 {
            return fail(format!("{records} usable records: too few to train on"));
        }
        eprintln!(
            "train: {} positions{} from {} file(s) ({} skipped) in {:.1}s; {arch}{}, {} epochs, \
             batch {}, lr {}, lambda {}, {threads} threads",
            data.len(),
            if args.mirror {
                " (half of them mirrored)"
            } else {
                ""
            },
            args.data.len(),
            data.skipped(),
            start.elapsed().as_secs_f64(),
            args.init
                .as_ref()
                .map_or_else(String::new, |p| format!(" from {}", p.display())),
            args.epochs,
            args.batch,
            args.lr(),
            args.lambda
        );
        let opts = TrainOptions {
            epochs: args.epochs,
            batch_size: args.batch as usize,
            lr: args.lr(),
            lr_decay: args.lr_decay,
            lambda: args.lambda,
            seed: args.seed,
            validation_share: args.validation,
        };
        let model = train_model(model, &data, &opts, report);
        let net = match model.to_network() {
            Ok(n) => n,
            Err(e) => return fail(format!("making the network: {e}")),
        };
        let bytes = net.to_bytes();
        if let Err(e) = super::files::write_output(&args.output, &bytes) {
            return fail(format!("writing {}: {e}", args.output.display()));
        }
        eprintln!(
            "train: wrote {} ({arch}, {} bytes) after {:.1}s",
            args.output.display(),
            bytes.len(),
            start.elapsed().as_secs_f64()
        );
        ExitCode::SUCCESS
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_files_are_named() {
        let dir = std::env::temp_dir().join(format!("tokin-train-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let mut data = Dataset::new(Architecture::Kp256);
        let missing = dir.join("missing.bin");
        assert!(
            load(&missing, &mut data)
                .unwrap_err()
                .contains("missing.bin")
        );
        let cut = dir.join("cut.bin");
        let rec = PsvRecord {
            sfen: tokin_core::Position::startpos().to_packed_sfen().unwrap(),
            score: 10,
            mv: 0,
            game_ply: 1,
            result: 0,
        };
        let mut bytes = rec.to_bytes().to_vec();
        bytes.extend_from_slice(&[1, 2, 3]);
        std::fs::write(&cut, &bytes).unwrap();
        let e = load(&cut, &mut data).unwrap_err();
        assert!(
            e.contains("cut.bin") && e.contains("3 bytes into record 1"),
            "{e}"
        );
        let junk = dir.join("junk.bin");
        std::fs::write(&junk, [0xFFu8; 80]).unwrap();
        let e = load(&junk, &mut data).unwrap_err();
        assert!(e.contains("junk.bin") && e.contains("record 0"), "{e}");
        std::fs::write(&junk, rec.to_bytes()).unwrap();
        assert_eq!(load(&junk, &mut data), Ok(1));
        assert_eq!(data.len(), 1);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
