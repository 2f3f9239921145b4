//! The layers after the feature transformer: affine transforms with 8-bit weights and
//! 32-bit biases, each hidden one followed by a clipped ReLU back to 8 bits.
//!
//! Each step is a plain loop over aligned rows (the portable path, and the reference), or a
//! SIMD kernel ([`super::simd`]) on the same data, by the [`Backend`] given.

use super::aligned::Aligned;
use super::error::{NnueError, Part};
use super::format::Source;
use super::format::WEIGHT_SCALE_BITS;
use super::rng::SplitMix64;
#[cfg(target_arch = "x86_64")]
use super::simd;
use super::simd::Backend;
use std::io::{self, Read, Write};

/// The largest value a clipped ReLU puts out: its outputs are 7-bit, so that an 8-bit
/// product of two of them and a weight pair cannot overflow 16 bits in a SIMD multiply-add.
const RELU_MAX: i32 = 127;

/// An affine transform `y = W x + b` from `INPUTS` 8-bit unsigned inputs to `OUT` 32-bit
/// outputs. Each row of `W` is stored padded to `PADDED` inputs (the next multiple of 32),
/// as the file stores it; the padding's weights meet inputs that are always 0.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct AffineTransform<const INPUTS: usize, const PADDED: usize, const OUT: usize> {
    biases: Aligned<[i32; OUT]>,
    /// One row per output.
    weights: Box<[Aligned<[i8; PADDED]>; OUT]>,
}

impl<const INPUTS: usize, const PADDED: usize, const OUT: usize>
    AffineTransform<INPUTS, PADDED, OUT>
{
    /// The padding is the file's; a mismatch would misread every weight after it.
    const PADDING_MATCHES: () = assert!(PADDED == INPUTS.div_ceil(32) * 32);

    /// A transform with every weight and bias 0.
    pub(crate) fn zeroed() -> Self {
        let () = Self::PADDING_MATCHES;
        AffineTransform {
            biases: Aligned([0; OUT]),
            weights: Box::new([Aligned([0; PADDED]); OUT]),
        }
    }

    /// Reads the biases, then the weights row by row.
    pub(crate) fn read(
        src: &mut Source<impl Read>,
        biases: Part,
        weights: Part,
    ) -> Result<Self, NnueError> {
        let mut t = Self::zeroed();
        src.i32s(&mut t.biases.0, biases)?;
        for row in t.weights.iter_mut() {
            src.i8s(&mut row.0, weights)?;
        }
        Ok(t)
    }

    /// Writes the transform as [`read`](Self::read) reads it.
    pub(crate) fn write(&self, w: &mut impl Write) -> io::Result<()> {
        super::format::write_i32s(w, &self.biases.0)?;
        for row in self.weights.iter() {
            super::format::write_i8s(w, &row.0)?;
        }
        Ok(())
    }

    /// The biases, then the weights row by row with each row's padding: the integers
    /// [`Network::from_parameters`](super::Network::from_parameters) takes.
    pub(crate) fn parts(&self) -> (Vec<i32>, Vec<i8>) {
        let weights = self.weights.iter().flat_map(|row| row.0).collect();
        (self.biases.0.to_vec(), weights)
    }

    /// Random biases in `bias` and weights in `weight` (inclusive), with one weight in
    /// `wild` drawn from the whole 8-bit range instead, so that the extremes are exercised.
    /// Padding weights stay 0, as the files' producers leave them.
    pub(crate) fn random(
        rng: &mut SplitMix64,
        bias: (i32, i32),
        weight: (i8, i8),
        wild: u64,
    ) -> Self {
        let mut t = Self::zeroed();
        for b in t.biases.0.iter_mut() {
            *b = rng.range_i64(i64::from(bias.0), i64::from(bias.1)) as i32;
        }
        for row in t.weights.iter_mut() {
            for w in row.0[..INPUTS].iter_mut() {
                let (lo, hi) = if rng.below(wild) == 0 {
                    (i8::MIN, i8::MAX)
                } else {
                    weight
                };
                *w = rng.range_i64(i64::from(lo), i64::from(hi)) as i8;
            }
        }
        t
    }

    /// `W x + b` by `backend`, for inputs of at most 127 (clipped, as every layer's are).
    #[inline]
    pub(crate) fn propagate(
        &self,
        backend: Backend,
        input: &Aligned<[u8; PADDED]>,
        output: &mut [i32; OUT],
    ) {
        affine(backend, &input.0, &self.weights, &self.biases.0, output);
    }
}

/// `output = W input + biases` by `backend`, `W` given row by row, for inputs of at most
/// 127 (the SIMD kernel's 16-bit pair sums rely on it; the scalar code would take any
/// byte). The products cannot overflow (at most 512 of 127 by 128); the bias is added
/// wrapping, as the SIMD adds do.
#[inline]
pub(crate) fn affine<const PADDED: usize, const OUT: usize>(
    backend: Backend,
    input: &[u8; PADDED],
    weights: &[Aligned<[i8; PADDED]>; OUT],
    biases: &[i32; OUT],
    output: &mut [i32; OUT],
) {
    match backend {
        Backend::Portable => {
            for ((o, row), &b) in output.iter_mut().zip(weights.iter()).zip(biases.iter()) {
                let mut sum = 0i32;
                for (&w, &x) in row.0.iter().zip(input.iter()) {
                    sum += i32::from(w) * i32::from(x);
                }
                *o = b.wrapping_add(sum);
            }
        }
        #[cfg(target_arch = "x86_64")]
        Backend::Avx2(cpu) => simd::affine(cpu, input, weights, biases, output),
    }
}

/// The clipped ReLU after a hidden layer, by `backend`: each sum shifted right by
/// [`WEIGHT_SCALE_BITS`] (an arithmetic shift, rounding toward minus infinity) and clipped
/// to 0..=127. Outputs past `N` (the next layer's padding) are set to 0.
#[inline]
pub(crate) fn clipped_relu<const N: usize, const PADDED: usize>(
    backend: Backend,
    input: &[i32; N],
    output: &mut Aligned<[u8; PADDED]>,
) {
    match backend {
        // The kernel takes blocks of 32 (every layer's outputs are).
        #[cfg(target_arch = "x86_64")]
        Backend::Avx2(cpu) if N.is_multiple_of(32) => {
            let blocks = output.0[..N].as_chunks_mut::<32>().0;
            simd::clipped_relu(cpu, input.as_chunks::<32>().0, blocks);
        }
        _ => {
            for (o, &x) in output.0.iter_mut().zip(input.iter()) {
                *o = (x >> WEIGHT_SCALE_BITS).clamp(0, RELU_MAX) as u8;
            }
        }
    }
    output.0[N..].fill(0);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn relu_shifts_then_clips() {
        let input = [-1, 0, 63, 64, 127 * 64 + 63, 128 * 64, i32::MAX, i32::MIN];
        for backend in Backend::available() {
            let mut out = Aligned([9u8; 32]);
            clipped_relu(backend, &input, &mut out);
            assert_eq!(&out.0[..8], &[0, 0, 0, 1, 127, 127, 127, 0], "{backend:?}");
            assert!(out.0[8..].iter().all(|&x| x == 0), "{backend:?}");
        }
    }

    #[test]
    fn affine_rows_and_biases() {
        let mut rng = SplitMix64::new(5);
        let t = AffineTransform::<32, 32, 2>::random(&mut rng, (-9, 9), (-128, 127), 1);
        let mut x = Aligned([0u8; 32]);
        x.0[3] = 2;
        x.0[31] = 127;
        for backend in Backend::available() {
            let mut y = [0; 2];
            t.propagate(backend, &x, &mut y);
            for (i, &yi) in y.iter().enumerate() {
                let row = &t.weights[i].0;
                let expected = t.biases.0[i] + 2 * i32::from(row[3]) + 127 * i32::from(row[31]);
                assert_eq!(yi, expected, "{backend:?}");
            }
        }
    }
}
