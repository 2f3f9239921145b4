//! The evaluation file format: a header (version, network hash, architecture string), then
//! each part of the network behind a hash of its own, every number little-endian.
//!
//! ```text
//! u32 version (0x7AF32F16)   u32 network hash   u32 n   n bytes: architecture string
//! u32 feature transformer hash
//!     i16 × 256 biases, i16 × 256 × (input features) weights, one row of 256 per feature
//! u32 layers hash
//!     hidden 1: i32 × 32 biases, i8 × 32 × 512 weights (row by row, each output's inputs)
//!     hidden 2: i32 × 32 biases, i8 × 32 × 32 weights
//!     output:   i32 × 1 bias,    i8 × 1 × 32 weights
//! ```
//!
//! The hashes are worked out from the network's shape the way the files' producers work them
//! out, so a file of another shape is refused at its header rather than misread.

use super::error::{NnueError, Part};
use std::io::{self, Read, Write};

/// The version number every supported file starts with.
pub(crate) const VERSION: u32 = 0x7AF3_2F16;

/// The number of outputs of the feature transformer for one side.
pub(crate) const HALF_DIMENSIONS: usize = 256;

/// The inputs of the first hidden layer: both sides' transformed features.
pub(crate) const HIDDEN1_INPUTS: usize = 2 * HALF_DIMENSIONS;

/// The outputs of each hidden layer.
pub(crate) const HIDDEN_OUTPUTS: usize = 32;

/// How far a hidden layer's sums are shifted right before clipping: the weights are scaled
/// by 2^6.
pub(crate) const WEIGHT_SCALE_BITS: u32 = 6;

/// The network shapes tokin reads.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[non_exhaustive]
pub enum Architecture {
    /// `halfkp_256x2-32-32`, the classic shape of most public `nn.bin` files: for each side,
    /// every non-king piece paired with that side's king square (125 388 input features),
    /// transformed to 256 numbers, then layers of 32, 32 and 1.
    HalfKp256,
    /// `kp_256x2-32-32`, the small shape (files under 1 MB): for each side, every piece by
    /// itself and the two kings by themselves (1 710 input features), then the same layers.
    Kp256,
}

impl Architecture {
    /// Every supported architecture.
    pub const ALL: [Architecture; 2] = [Architecture::HalfKp256, Architecture::Kp256];

    /// The name players know it by, such as `halfkp_256x2-32-32`.
    pub const fn name(self) -> &'static str {
        match self {
            Architecture::HalfKp256 => "halfkp_256x2-32-32",
            Architecture::Kp256 => "kp_256x2-32-32",
        }
    }

    /// The number of input features for one side.
    pub const fn input_dimensions(self) -> usize {
        match self {
            Architecture::HalfKp256 => super::features::HALF_KP_DIMENSIONS,
            Architecture::Kp256 => super::features::KP_DIMENSIONS,
        }
    }

    /// The hash of the input features alone. HalfKP's flags the king it pairs with (the
    /// side's own: 1); a set of two features combines the first with the second rotated.
    const fn features_hash(self) -> u32 {
        match self {
            Architecture::HalfKp256 => 0x5D69_D5B9 ^ 1,
            Architecture::Kp256 => {
                const K: u32 = 0xD3CE_E169;
                const P: u32 = 0x764C_FB4B;
                K ^ (P << 1) ^ (P >> 31)
            }
        }
    }

    /// The hash in front of the feature transformer.
    pub(crate) const fn feature_transformer_hash(self) -> u32 {
        self.features_hash() ^ (HIDDEN1_INPUTS as u32)
    }

    /// The hash in front of the layers: each layer folds in the hash of what feeds it.
    pub(crate) const fn layers_hash(self) -> u32 {
        // The input slice: the transformed features, all 512 from offset 0 (the offset,
        // shifted left by 10, would be folded in too).
        let input = 0xEC42_E90D ^ (HIDDEN1_INPUTS as u32);
        let h1 = relu_hash(affine_hash(input, HIDDEN_OUTPUTS as u32));
        let h2 = relu_hash(affine_hash(h1, HIDDEN_OUTPUTS as u32));
        affine_hash(h2, 1)
    }

    /// The size in bytes of a file of this architecture carrying [`Architecture::description`]
    /// (another architecture string changes it by its difference in length).
    pub fn file_size(self) -> u64 {
        let transformer = 2 * HALF_DIMENSIONS * (1 + self.input_dimensions());
        let layer =
            |inputs: usize, outputs: usize| 4 * outputs + outputs * inputs.div_ceil(32) * 32;
        (12 + self.description().len()
            + 4
            + transformer
            + 4
            + layer(HIDDEN1_INPUTS, HIDDEN_OUTPUTS)
            + layer(HIDDEN_OUTPUTS, HIDDEN_OUTPUTS)
            + layer(HIDDEN_OUTPUTS, 1)) as u64
    }

    /// The network hash in the file header.
    pub const fn hash(self) -> u32 {
        self.feature_transformer_hash() ^ self.layers_hash()
    }

    /// The architecture with network hash `hash`, if supported.
    pub fn from_hash(hash: u32) -> Option<Architecture> {
        Architecture::ALL.into_iter().find(|a| a.hash() == hash)
    }

    /// The architecture string tokin writes into a file header. It is the one most files
    /// in circulation carry; readers identify the network by its hash, not by this text,
    /// which producers have spelled in more than one way.
    pub fn description(self) -> String {
        let features = match self {
            Architecture::HalfKp256 => "HalfKP(Friend)",
            Architecture::Kp256 => "K+P",
        };
        format!(
            "Features={features}[{}->{HALF_DIMENSIONS}x2],Network=AffineTransform[1<-{HIDDEN_OUTPUTS}](\
             ClippedReLU[{HIDDEN_OUTPUTS}](AffineTransform[{HIDDEN_OUTPUTS}<-{HIDDEN_OUTPUTS}](\
             ClippedReLU[{HIDDEN_OUTPUTS}](AffineTransform[{HIDDEN_OUTPUTS}<-{HIDDEN1_INPUTS}](\
             InputSlice[{HIDDEN1_INPUTS}(0:{HIDDEN1_INPUTS})])))))",
            self.input_dimensions()
        )
    }
}

impl core::fmt::Display for Architecture {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.name())
    }
}

impl super::Network {
    /// A network of `arch` from its integers as the file lays them out: the feature
    /// transformer's biases and weights (row by row, one row of 256 (`HALF_DIMENSIONS`) per input
    /// feature), then the biases and weights (row by row, each output's inputs) of the
    /// hidden layers and the output. The parts are written as a file and read back, so that
    /// a part of the wrong length is refused as a file's would be. For a trainer.
    pub fn from_parameters(
        arch: Architecture,
        transformer: (&[i16], &[i16]),
        layers: [(&[i32], &[i8]); 3],
    ) -> Result<super::Network, NnueError> {
        let mut bytes = Vec::new();
        let description = arch.description();
        let write = |w: &mut Vec<u8>| -> io::Result<()> {
            write_u32(w, VERSION)?;
            write_u32(w, arch.hash())?;
            write_u32(w, description.len() as u32)?;
            w.write_all(description.as_bytes())?;
            write_u32(w, arch.feature_transformer_hash())?;
            write_i16s(w, transformer.0)?;
            write_i16s(w, transformer.1)?;
            write_u32(w, arch.layers_hash())?;
            for (biases, weights) in layers {
                write_i32s(w, biases)?;
                write_i8s(w, weights)?;
            }
            Ok(())
        };
        write(&mut bytes).map_err(NnueError::Io)?;
        super::Network::read(&bytes[..])
    }
}

/// A network's integers in the file's order, as [`Network::from_parameters`] takes them:
/// the feature transformer's biases and weights, then each later layer's biases and weights.
///
/// [`Network::from_parameters`]: super::Network::from_parameters
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Parameters {
    /// The feature transformer's biases, then its weights row by row.
    pub transformer: (Vec<i16>, Vec<i16>),
    /// The two hidden layers' and the output's biases, then weights row by row.
    pub layers: [(Vec<i32>, Vec<i8>); 3],
}

impl super::Network {
    /// The network's integers: what [`from_parameters`](Self::from_parameters) makes it
    /// from. For a trainer that starts from a file.
    pub fn parameters(&self) -> Parameters {
        Parameters {
            transformer: self.transformer.parts(),
            layers: [
                self.hidden1.parts(),
                self.hidden2.parts(),
                self.output.parts(),
            ],
        }
    }
}

/// The hash of an affine layer with `outputs` outputs fed by a layer of hash `prev`.
const fn affine_hash(prev: u32, outputs: u32) -> u32 {
    let mut h = 0xCC03_DAE4u32.wrapping_add(outputs);
    h ^= prev >> 1;
    h ^= prev << 31;
    h
}

/// The hash of a clipped ReLU fed by a layer of hash `prev`.
const fn relu_hash(prev: u32) -> u32 {
    0x538D_24C7u32.wrapping_add(prev)
}

/// A reader that counts the bytes it has taken, so that an error can say where the input
/// ended and in which part.
pub(crate) struct Source<R> {
    inner: R,
    offset: u64,
}

/// How many bytes [`Source`] converts at a time: large reads for the 64 MB of weights
/// without a large buffer.
const CHUNK: usize = 1 << 16;

impl<R: Read> Source<R> {
    pub(crate) fn new(inner: R) -> Source<R> {
        Source { inner, offset: 0 }
    }

    /// Fills `buf` entirely, or names `part` and the end of the input.
    pub(crate) fn fill(&mut self, buf: &mut [u8], part: Part) -> Result<(), NnueError> {
        let mut done = 0;
        while done < buf.len() {
            match self.inner.read(&mut buf[done..]) {
                Ok(0) => {
                    return Err(NnueError::Truncated {
                        part,
                        at: self.offset,
                    });
                }
                Ok(n) => {
                    done += n;
                    self.offset += n as u64;
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(NnueError::Io(e)),
            }
        }
        Ok(())
    }

    pub(crate) fn u32(&mut self, part: Part) -> Result<u32, NnueError> {
        let mut b = [0; 4];
        self.fill(&mut b, part)?;
        Ok(u32::from_le_bytes(b))
    }

    /// `len` bytes, read in chunks: a damaged length field costs an error at the end of
    /// the input, not a huge allocation up front.
    pub(crate) fn bytes(&mut self, len: u32, part: Part) -> Result<Vec<u8>, NnueError> {
        let len = len as usize;
        let mut v = Vec::with_capacity(len.min(CHUNK));
        let mut buf = [0; 4096];
        while v.len() < len {
            let n = (len - v.len()).min(buf.len());
            self.fill(&mut buf[..n], part)?;
            v.extend_from_slice(&buf[..n]);
        }
        Ok(v)
    }

    /// Reads the hash in front of `part`'s data and checks it.
    pub(crate) fn hash(&mut self, expected: u32, part: Part) -> Result<(), NnueError> {
        let found = self.u32(part)?;
        if found == expected {
            Ok(())
        } else {
            Err(NnueError::WrongHash {
                part,
                expected,
                found,
            })
        }
    }

    pub(crate) fn i8s(&mut self, out: &mut [i8], part: Part) -> Result<(), NnueError> {
        let mut buf = vec![0u8; out.len().min(CHUNK)];
        for chunk in out.chunks_mut(CHUNK) {
            let b = &mut buf[..chunk.len()];
            self.fill(b, part)?;
            for (o, &x) in chunk.iter_mut().zip(b.iter()) {
                *o = x as i8;
            }
        }
        Ok(())
    }

    pub(crate) fn i16s(&mut self, out: &mut [i16], part: Part) -> Result<(), NnueError> {
        let mut buf = vec![0u8; (2 * out.len()).min(CHUNK)];
        for chunk in out.chunks_mut(CHUNK / 2) {
            let b = &mut buf[..2 * chunk.len()];
            self.fill(b, part)?;
            for (o, x) in chunk.iter_mut().zip(b.chunks_exact(2)) {
                *o = i16::from_le_bytes([x[0], x[1]]);
            }
        }
        Ok(())
    }

    pub(crate) fn i32s(&mut self, out: &mut [i32], part: Part) -> Result<(), NnueError> {
        for o in out {
            *o = self.u32(part)? as i32;
        }
        Ok(())
    }

    /// Checks that the input has ended.
    pub(crate) fn finish(mut self) -> Result<(), NnueError> {
        let at = self.offset;
        let mut b = [0; 1];
        loop {
            match self.inner.read(&mut b) {
                Ok(0) => return Ok(()),
                Ok(_) => break,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(NnueError::Io(e)),
            }
        }
        let rest = io::copy(&mut self.inner, &mut io::sink()).map_err(NnueError::Io)?;
        Err(NnueError::TrailingBytes {
            at,
            count: rest + 1,
        })
    }
}

/// Little-endian writers for the same numbers.
pub(crate) fn write_u32(w: &mut impl Write, x: u32) -> io::Result<()> {
    w.write_all(&x.to_le_bytes())
}

pub(crate) fn write_i8s(w: &mut impl Write, xs: &[i8]) -> io::Result<()> {
    let bytes: Vec<u8> = xs.iter().map(|&x| x as u8).collect();
    w.write_all(&bytes)
}

pub(crate) fn write_i16s(w: &mut impl Write, xs: &[i16]) -> io::Result<()> {
    let mut bytes = Vec::with_capacity(CHUNK);
    for chunk in xs.chunks(CHUNK / 2) {
        bytes.clear();
        bytes.extend(chunk.iter().flat_map(|x| x.to_le_bytes()));
        w.write_all(&bytes)?;
    }
    Ok(())
}

pub(crate) fn write_i32s(w: &mut impl Write, xs: &[i32]) -> io::Result<()> {
    for &x in xs {
        w.write_all(&x.to_le_bytes())?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The hashes of the classic shape, as the files in circulation carry them.
    #[test]
    fn hashes_of_the_classic_shape() {
        let a = Architecture::HalfKp256;
        assert_eq!(a.feature_transformer_hash(), 0x5D69_D7B8);
        assert_eq!(a.layers_hash(), 0x6333_7156);
        assert_eq!(a.hash(), 0x3E5A_A6EE);
    }

    #[test]
    fn architectures_are_told_apart_by_hash() {
        for a in Architecture::ALL {
            assert_eq!(Architecture::from_hash(a.hash()), Some(a));
        }
        assert_ne!(Architecture::HalfKp256.hash(), Architecture::Kp256.hash());
    }

    #[test]
    fn description_of_the_classic_shape() {
        assert_eq!(
            Architecture::HalfKp256.description(),
            "Features=HalfKP(Friend)[125388->256x2],Network=AffineTransform[1<-32](\
             ClippedReLU[32](AffineTransform[32<-32](ClippedReLU[32](AffineTransform[32<-512](\
             InputSlice[512(0:512)])))))"
        );
        assert!(
            Architecture::Kp256
                .description()
                .starts_with("Features=K+P[1710->256x2],")
        );
    }
}
