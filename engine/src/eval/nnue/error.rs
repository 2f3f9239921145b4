//! What can be wrong with an evaluation file, named precisely enough to act on: a user
//! handed a truncated download, a file of another architecture or a file that is not an
//! evaluation file at all should learn which, and where.

use super::Architecture;
use core::fmt;

/// The part of an evaluation file being read, for error messages. The parts come in this
/// order in the file.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub enum Part {
    /// The file's version number (the first 4 bytes).
    Version,
    /// The hash of the whole network (bytes 4 to 8).
    NetworkHash,
    /// The length of the architecture string (bytes 8 to 12).
    ArchitectureLength,
    /// The architecture string.
    ArchitectureString,
    /// The hash in front of the feature transformer.
    FeatureTransformerHash,
    /// The feature transformer's biases (16-bit).
    FeatureTransformerBiases,
    /// The feature transformer's weights (16-bit, one row of 256 per input feature).
    FeatureTransformerWeights,
    /// The hash in front of the layers after the feature transformer.
    LayersHash,
    /// The first hidden layer's biases (32-bit).
    Hidden1Biases,
    /// The first hidden layer's weights (8-bit).
    Hidden1Weights,
    /// The second hidden layer's biases (32-bit).
    Hidden2Biases,
    /// The second hidden layer's weights (8-bit).
    Hidden2Weights,
    /// The output layer's bias (32-bit).
    OutputBiases,
    /// The output layer's weights (8-bit).
    OutputWeights,
}

impl Part {
    /// A short English name, as error messages use it.
    pub fn name(self) -> &'static str {
        match self {
            Part::Version => "version",
            Part::NetworkHash => "network hash",
            Part::ArchitectureLength => "architecture string length",
            Part::ArchitectureString => "architecture string",
            Part::FeatureTransformerHash => "feature transformer hash",
            Part::FeatureTransformerBiases => "feature transformer biases",
            Part::FeatureTransformerWeights => "feature transformer weights",
            Part::LayersHash => "layers hash",
            Part::Hidden1Biases => "first hidden layer biases",
            Part::Hidden1Weights => "first hidden layer weights",
            Part::Hidden2Biases => "second hidden layer biases",
            Part::Hidden2Weights => "second hidden layer weights",
            Part::OutputBiases => "output layer bias",
            Part::OutputWeights => "output layer weights",
        }
    }
}

impl fmt::Display for Part {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Why an evaluation file could not be read.
#[derive(Debug)]
#[non_exhaustive]
pub enum NnueError {
    /// The input ended in the middle of `part`, after `at` bytes.
    Truncated {
        /// What was being read.
        part: Part,
        /// How many bytes the input had (the offset at which it ended).
        at: u64,
    },
    /// The first four bytes are not the version every supported file starts with.
    WrongVersion {
        /// The version the file has.
        found: u32,
        /// The version supported files have.
        expected: u32,
    },
    /// The network hash names no supported architecture.
    UnsupportedArchitecture {
        /// The network hash the file has.
        hash: u32,
        /// The architecture string the file has (lossily decoded as UTF-8).
        description: String,
    },
    /// A hash inside the file does not match the architecture its header names: the file is
    /// damaged, or was written for another network shape.
    WrongHash {
        /// Which hash.
        part: Part,
        /// The value the architecture has.
        expected: u32,
        /// The value the file has.
        found: u32,
    },
    /// The network is complete but the input goes on.
    TrailingBytes {
        /// Where the network ended (the size the file should have).
        at: u64,
        /// How many bytes follow.
        count: u64,
    },
    /// Reading failed for another reason than the input ending.
    Io(std::io::Error),
}

impl fmt::Display for NnueError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NnueError::Truncated { part, at } => {
                write!(
                    f,
                    "evaluation file truncated: it ends at byte {at}, in the {part}"
                )
            }
            NnueError::WrongVersion { found, expected } => write!(
                f,
                "not an NNUE evaluation file of a supported version: version {found:#010x}, \
                 expected {expected:#010x}"
            ),
            NnueError::UnsupportedArchitecture { hash, description } => {
                write!(
                    f,
                    "unsupported NNUE architecture (hash {hash:#010x}, \"{description}\"); \
                     supported:"
                )?;
                for (i, a) in Architecture::ALL.iter().enumerate() {
                    let sep = if i == 0 { " " } else { ", " };
                    write!(f, "{sep}{} (hash {:#010x})", a.name(), a.hash())?;
                }
                Ok(())
            }
            NnueError::WrongHash {
                part,
                expected,
                found,
            } => write!(
                f,
                "evaluation file damaged or of another shape: {part} is {found:#010x}, \
                 expected {expected:#010x}"
            ),
            NnueError::TrailingBytes { at, count } => write!(
                f,
                "evaluation file has {count} bytes after the network, which ends at byte {at}"
            ),
            NnueError::Io(e) => write!(f, "reading the evaluation file: {e}"),
        }
    }
}

impl std::error::Error for NnueError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            NnueError::Io(e) => Some(e),
            _ => None,
        }
    }
}
