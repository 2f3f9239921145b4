//! Evaluation by an efficiently updatable neural network (NNUE), read from the evaluation
//! files shogi players already have: the classic `halfkp_256x2-32-32` shape of most public
//! `nn.bin` files and the small `kp_256x2-32-32` shape ([`Architecture`]).
//!
//! [`Network::evaluate`] gives, for the side to move, the same integer the files' original
//! engines give: the network's output divided by the scale (16 unless changed,
//! [`Network::set_fv_scale`]) and kept within [`Network::MAX_EVAL`].
//!
//! The network runs in integers throughout:
//! - the feature transformer ([`Accumulator`]) adds 16-bit weight rows, one per active input
//!   feature (each piece numbered from each side's point of view, as the files were trained
//!   on), to 16-bit biases;
//! - each side's 256 sums, clipped to 0..=127, make the 512 8-bit inputs of the first
//!   hidden layer, the side to move's first;
//! - two hidden layers of 32 (8-bit weights, 32-bit biases), each followed by a shift right
//!   by 6 and a clip to 0..=127, then one output.
//!
//! A search keeps an [`Accumulator`] per ply: [`Accumulator::new`] for the root, then
//! [`Accumulator::after`] for each move, which touches only the features the move changes,
//! and [`Network::evaluate_accumulator`] at the nodes it evaluates. [`Network::evaluate`]
//! does all of it from scratch.
//!
//! The feature transformer and the layers run as AVX2 SIMD code on x86-64 CPUs that have
//! it (detected at run time, once), and as portable scalar code elsewhere; both give the
//! same numbers.
//!
//! ```
//! use tokin_core::Position;
//! use tokin_engine::eval::nnue::{Architecture, Network};
//!
//! // A network of random weights, written out and read back as from a file.
//! let net = Network::random(Architecture::Kp256, 1);
//! let bytes = net.to_bytes();
//! let read = Network::from_bytes(&bytes).unwrap();
//! let pos = Position::startpos();
//! assert_eq!(read.evaluate(&pos), net.evaluate(&pos));
//! ```

mod accumulator;
mod aligned;
mod error;
mod features;
mod file;
mod format;
mod layers;
mod rng;
mod simd;
mod stack;
#[cfg(test)]
mod tests;

pub use accumulator::Accumulator;
pub use error::{NnueError, Part};
pub use features::FE_END;
pub use format::Architecture;
pub use format::Parameters;
#[cfg(feature = "bench-internals")]
pub use simd::set_backend_for_bench;
pub(crate) use stack::AccumulatorStack;

use accumulator::FeatureTransformer;
use aligned::Aligned;
use format::{HIDDEN_OUTPUTS, HIDDEN1_INPUTS, Source, VERSION};
use layers::{AffineTransform, clipped_relu};
use rng::SplitMix64;
use simd::Backend;
use std::io::{self, Read, Write};
use tokin_core::{Color, Position};

/// A network read from an evaluation file (or made up for tests), ready to evaluate.
#[derive(Clone, PartialEq, Eq)]
pub struct Network {
    arch: Architecture,
    /// The architecture string of the file it was read from, kept to be written back.
    description: String,
    transformer: FeatureTransformer,
    hidden1: AffineTransform<HIDDEN1_INPUTS, HIDDEN1_INPUTS, HIDDEN_OUTPUTS>,
    hidden2: AffineTransform<HIDDEN_OUTPUTS, HIDDEN_OUTPUTS, HIDDEN_OUTPUTS>,
    output: AffineTransform<HIDDEN_OUTPUTS, HIDDEN_OUTPUTS, 1>,
    fv_scale: i32,
}

impl core::fmt::Debug for Network {
    /// The shape and the scale; the millions of weights would say nothing.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Network")
            .field("architecture", &self.arch)
            .field("fv_scale", &self.fv_scale)
            .finish_non_exhaustive()
    }
}

impl Network {
    /// The scale the network's output is divided by unless told otherwise.
    pub const DEFAULT_FV_SCALE: i32 = 16;

    /// The largest evaluation in absolute value: the files' original engine keeps its
    /// evaluations below its mate scores (32 000 less its 246-ply limit, less 1), and so
    /// does this one.
    pub const MAX_EVAL: i32 = 32_000 - 246 - 1;

    /// Reads an evaluation file: its header, which names the architecture, then every
    /// parameter, up to the end of the input (which must end there).
    pub fn read(reader: impl Read) -> Result<Network, NnueError> {
        let mut src = Source::new(reader);
        let version = src.u32(Part::Version)?;
        if version != VERSION {
            return Err(NnueError::WrongVersion {
                found: version,
                expected: VERSION,
            });
        }
        let hash = src.u32(Part::NetworkHash)?;
        let len = src.u32(Part::ArchitectureLength)?;
        let description = src.bytes(len, Part::ArchitectureString)?;
        let description = String::from_utf8_lossy(&description).into_owned();
        let Some(arch) = Architecture::from_hash(hash) else {
            return Err(NnueError::UnsupportedArchitecture { hash, description });
        };

        src.hash(
            arch.feature_transformer_hash(),
            Part::FeatureTransformerHash,
        )?;
        let transformer = FeatureTransformer::read(&mut src, arch.input_dimensions())?;
        src.hash(arch.layers_hash(), Part::LayersHash)?;
        let hidden1 = AffineTransform::read(&mut src, Part::Hidden1Biases, Part::Hidden1Weights)?;
        let hidden2 = AffineTransform::read(&mut src, Part::Hidden2Biases, Part::Hidden2Weights)?;
        let output = AffineTransform::read(&mut src, Part::OutputBiases, Part::OutputWeights)?;
        src.finish()?;
        Ok(Network {
            arch,
            description,
            transformer,
            hidden1,
            hidden2,
            output,
            fv_scale: Network::DEFAULT_FV_SCALE,
        })
    }

    /// [`Network::read`] from bytes in memory.
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, NnueError> {
        Network::read(bytes)
    }

    /// Writes the network in the format [`Network::read`] reads, with the architecture
    /// string it was read with (or [`Architecture::description`] for a made-up one).
    pub fn write(&self, mut w: impl Write) -> io::Result<()> {
        let w = &mut w;
        format::write_u32(w, VERSION)?;
        format::write_u32(w, self.arch.hash())?;
        let len = u32::try_from(self.description.len())
            .map_err(|_| io::Error::new(io::ErrorKind::InvalidInput, "description too long"))?;
        format::write_u32(w, len)?;
        w.write_all(self.description.as_bytes())?;
        format::write_u32(w, self.arch.feature_transformer_hash())?;
        self.transformer.write(w)?;
        format::write_u32(w, self.arch.layers_hash())?;
        self.hidden1.write(w)?;
        self.hidden2.write(w)?;
        self.output.write(w)
    }

    /// The bytes of the file [`Network::write`] writes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut v = Vec::new();
        // Writing to a vector cannot fail (the description's length fits: it was read
        // with a 32-bit length or made here).
        self.write(&mut v).expect("writing to memory");
        v
    }

    /// A network of `arch` with weights drawn from a fixed generator seeded by `seed`: the
    /// same seed gives the same network on every machine and version, so that tests need no
    /// downloaded file.
    ///
    /// The weights are spread so that every stage is exercised: some feature sums below 0,
    /// some above 127 and some wrapping around 16 bits, hidden outputs on both sides of the
    /// clipping, extreme 8-bit weights here and there, and evaluations of a few hundred to a
    /// few thousand.
    pub fn random(arch: Architecture, seed: u64) -> Network {
        let mut rng = SplitMix64::new(seed);
        let transformer = FeatureTransformer::random(&mut rng, arch.input_dimensions());
        let hidden1 = AffineTransform::random(&mut rng, (-2048, 6144), (-6, 6), 64);
        let hidden2 = AffineTransform::random(&mut rng, (-1024, 4096), (-16, 16), 64);
        let output = AffineTransform::random(&mut rng, (-8192, 8192), (-128, 127), 1);
        Network {
            arch,
            description: arch.description(),
            transformer,
            hidden1,
            hidden2,
            output,
            fv_scale: Network::DEFAULT_FV_SCALE,
        }
    }

    /// The network's shape.
    pub fn architecture(&self) -> Architecture {
        self.arch
    }

    /// The architecture string of the file header.
    pub fn description(&self) -> &str {
        &self.description
    }

    /// The scale the output is divided by.
    pub fn fv_scale(&self) -> i32 {
        self.fv_scale
    }

    /// Sets the scale the output is divided by, kept within 1..=128 as the original engine's
    /// option is (some networks are trained for 24 rather than 16).
    pub fn set_fv_scale(&mut self, scale: i32) {
        self.fv_scale = scale.clamp(1, 128);
    }

    /// The evaluation of `pos` for the side to move. A position without both kings (a
    /// problem position) is outside what the networks know: it evaluates to 0.
    pub fn evaluate(&self, pos: &Position) -> i32 {
        match Accumulator::new(self, pos) {
            Some(acc) => self.evaluate_accumulator(&acc, pos.side_to_move()),
            None => 0,
        }
    }

    /// The evaluation from `acc`, the sums of a position with `side_to_move` to move: the
    /// output divided by the scale (rounding toward 0), within [`Network::MAX_EVAL`].
    pub fn evaluate_accumulator(&self, acc: &Accumulator, side_to_move: Color) -> i32 {
        let raw = self.output_of(acc, side_to_move);
        (raw / self.fv_scale).clamp(-Network::MAX_EVAL, Network::MAX_EVAL)
    }

    /// The network's output before scaling.
    pub fn output_of(&self, acc: &Accumulator, side_to_move: Color) -> i32 {
        self.output_with(Backend::current(), acc, side_to_move)
    }

    /// [`Network::output_of`] by `backend`.
    pub(crate) fn output_with(&self, backend: Backend, acc: &Accumulator, stm: Color) -> i32 {
        let input = acc.transform(backend, stm);
        let mut sums = [0i32; HIDDEN_OUTPUTS];
        let mut hidden = Aligned([0u8; HIDDEN_OUTPUTS]);
        self.hidden1.propagate(backend, &input, &mut sums);
        clipped_relu(backend, &sums, &mut hidden);
        self.hidden2.propagate(backend, &hidden, &mut sums);
        clipped_relu(backend, &sums, &mut hidden);
        let mut out = [0i32; 1];
        self.output.propagate(backend, &hidden, &mut out);
        out[0]
    }
}
