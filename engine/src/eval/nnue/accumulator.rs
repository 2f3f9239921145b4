//! The feature transformer and its accumulator: for each side, the biases plus the weight
//! row of every active input feature, in 16-bit arithmetic.
//!
//! The sums wrap around on overflow, as the 16-bit SIMD adds of the files' producers do;
//! wrapping addition is associative, so adding the rows in any order, or updating a parent's
//! sums by the features a move changes, gives the same numbers as a full refresh.
//!
//! An [`Accumulator`] is plain data (1 KiB), meant to live in the search's per-ply state the
//! way [`Material`](crate::eval::Material) does: made from scratch for the root
//! ([`Accumulator::new`]), then a child's from its parent's before the move is played
//! ([`Accumulator::after`]), by subtracting the rows of the features the move switches off
//! and adding those it switches on; a side whose own king moves under HalfKP, where every
//! feature of that side changes, is recomputed.

use super::error::{NnueError, Part};
use super::features::{self, Change};
use super::format::{HALF_DIMENSIONS, HIDDEN1_INPUTS, Source};
use super::layers::Aligned;
use super::rng::SplitMix64;
use super::{Architecture, Network};
use crate::{Color, Move, Position};
use std::io::{self, Read, Write};

/// One side's sums.
type Half = Aligned<[i16; HALF_DIMENSIONS]>;

/// The first layer: a 16-bit weight row of [`HALF_DIMENSIONS`] for each input feature.
#[derive(Clone, PartialEq, Eq)]
pub(crate) struct FeatureTransformer {
    biases: Half,
    /// Row `i` is input feature `i`'s contribution.
    weights: Vec<Half>,
}

impl FeatureTransformer {
    /// A transformer of `inputs` features with every weight and bias 0.
    fn zeroed(inputs: usize) -> FeatureTransformer {
        FeatureTransformer {
            biases: Aligned([0; HALF_DIMENSIONS]),
            weights: vec![Aligned([0; HALF_DIMENSIONS]); inputs],
        }
    }

    pub(crate) fn read(
        src: &mut Source<impl Read>,
        inputs: usize,
    ) -> Result<FeatureTransformer, NnueError> {
        let mut t = FeatureTransformer::zeroed(inputs);
        src.i16s(&mut t.biases.0, Part::FeatureTransformerBiases)?;
        // Several rows per read: 64 MB row by row would be 125 388 small reads.
        let mut rows = vec![0i16; 64 * HALF_DIMENSIONS];
        for chunk in t.weights.chunks_mut(64) {
            let flat = &mut rows[..chunk.len() * HALF_DIMENSIONS];
            src.i16s(flat, Part::FeatureTransformerWeights)?;
            for (row, src_row) in chunk.iter_mut().zip(flat.chunks_exact(HALF_DIMENSIONS)) {
                row.0.copy_from_slice(src_row);
            }
        }
        Ok(t)
    }

    pub(crate) fn write(&self, w: &mut impl Write) -> io::Result<()> {
        super::format::write_i16s(w, &self.biases.0)?;
        let mut flat = Vec::with_capacity(64 * HALF_DIMENSIONS);
        for chunk in self.weights.chunks(64) {
            flat.clear();
            for row in chunk {
                flat.extend_from_slice(&row.0);
            }
            super::format::write_i16s(w, &flat)?;
        }
        Ok(())
    }

    /// Random biases in -32..=96 and weights in -24..=24, with one weight in 2048 drawn
    /// from the whole 16-bit range, so that sums wrap around now and then: with about 38
    /// active features, the sums spread over the clipped range 0..=127 and both sides of it.
    pub(crate) fn random(rng: &mut SplitMix64, inputs: usize) -> FeatureTransformer {
        let mut t = FeatureTransformer::zeroed(inputs);
        for b in t.biases.0.iter_mut() {
            *b = rng.range_i64(-32, 96) as i16;
        }
        for row in t.weights.iter_mut() {
            for w in row.0.iter_mut() {
                *w = if rng.below(2048) == 0 {
                    rng.range_i64(i16::MIN.into(), i16::MAX.into()) as i16
                } else {
                    rng.range_i64(-24, 24) as i16
                };
            }
        }
        t
    }

    /// Adds feature `index`'s row to `half`.
    #[inline]
    pub(crate) fn add_row(&self, half: &mut [i16; HALF_DIMENSIONS], index: usize) {
        for (a, &w) in half.iter_mut().zip(self.weights[index].0.iter()) {
            *a = a.wrapping_add(w);
        }
    }

    /// Takes feature `index`'s row from `half`: the step an incremental update needs for
    /// each feature a move switches off.
    #[inline]
    pub(crate) fn sub_row(&self, half: &mut [i16; HALF_DIMENSIONS], index: usize) {
        for (a, &w) in half.iter_mut().zip(self.weights[index].0.iter()) {
            *a = a.wrapping_sub(w);
        }
    }
}

/// The feature transformer's sums for both sides of a position: what a network evaluates,
/// and what the search can keep move by move.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Accumulator {
    /// By [`Color::index`]: the sums from that side's point of view.
    sides: [Half; 2],
}

impl Accumulator {
    /// The sums of `pos` under `net`, from scratch; `None` when a king is missing.
    pub fn new(net: &Network, pos: &Position) -> Option<Accumulator> {
        let mut acc = Accumulator {
            sides: [Aligned([0; HALF_DIMENSIONS]); 2],
        };
        for c in Color::ALL {
            acc.refresh_side(net, pos, c)?;
        }
        Some(acc)
    }

    /// The sums after `mv`, legal in `pos`, from these sums of `pos`: the same numbers as
    /// [`Accumulator::new`] of the position after the move, touching only the rows of the
    /// features the move changes (but for a HalfKP side whose king moves, recomputed).
    pub fn after(&self, net: &Network, pos: &Position, mv: Move) -> Accumulator {
        let mut child = self.clone();
        let ft = &net.transformer;
        for c in Color::ALL {
            match features::change(net.architecture(), pos, mv, c) {
                Some(Change::Delta { removed, added, n }) => {
                    let half = &mut child.sides[c.index()].0;
                    for i in 0..n {
                        ft.sub_row(half, removed[i]);
                        ft.add_row(half, added[i]);
                    }
                }
                Some(Change::Refresh) => {
                    let mut after = pos.clone();
                    after.play_unchecked(mv);
                    child.refresh_side(net, &after, c);
                }
                // No accumulator of a position without both kings exists to start from.
                None => {}
            }
        }
        child
    }

    /// Recomputes `perspective`'s sums of `pos` from scratch.
    fn refresh_side(&mut self, net: &Network, pos: &Position, perspective: Color) -> Option<()> {
        let ft = &net.transformer;
        let half = &mut self.sides[perspective.index()].0;
        *half = ft.biases.0;
        let arch: Architecture = net.architecture();
        features::for_each_active(arch, pos, perspective, |i| ft.add_row(half, i))
    }

    /// The transformed features the first hidden layer reads: the side to move's sums, then
    /// the other side's, each clipped to 0..=127.
    pub(crate) fn transform(&self, side_to_move: Color) -> Aligned<[u8; HIDDEN1_INPUTS]> {
        let mut out = Aligned([0u8; HIDDEN1_INPUTS]);
        let (first, second) = out.0.split_at_mut(HALF_DIMENSIONS);
        for (dst, side) in [(first, side_to_move), (second, !side_to_move)] {
            for (o, &a) in dst.iter_mut().zip(self.sides[side.index()].0.iter()) {
                *o = a.clamp(0, 127) as u8;
            }
        }
        out
    }
}
