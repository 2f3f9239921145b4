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
//!
//! Both steps come down to one operation, [`apply_rows`]: a side's sums less some rows plus
//! others, which the SIMD kernel does with the whole side in registers. The scalar
//! functions here are the portable path and the reference the kernels are tested against.

use super::aligned::Aligned;
use super::error::{NnueError, Part};
use super::features::{self, Change};
use super::format::{HALF_DIMENSIONS, HIDDEN1_INPUTS, Source};
use super::rng::SplitMix64;
#[cfg(target_arch = "x86_64")]
use super::simd;
use super::simd::Backend;
use super::{Architecture, Network};
use arrayvec::ArrayVec;
use std::io::{self, Read, Write};
use tokin_core::{Color, Move, Position};

/// One side's sums.
type Half = Aligned<[i16; HALF_DIMENSIONS]>;

/// How many features a refresh adds in one pass of [`apply_rows`]: more than a full game's
/// 40, so that one pass does; a position of the relaxed rules with more pieces takes more.
const REFRESH_BATCH: usize = 64;

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

    /// The biases, then the rows of weights one after another (feature by feature): the
    /// integers [`Network::from_parameters`] takes.
    pub(crate) fn parts(&self) -> (Vec<i16>, Vec<i16>) {
        let weights = self.weights.iter().flat_map(|row| row.0).collect();
        (self.biases.0.to_vec(), weights)
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

    /// Sets `dst` to `src` less the rows of the features `sub` plus those of `add`.
    #[inline]
    fn apply(
        &self,
        backend: Backend,
        dst: &mut [i16; HALF_DIMENSIONS],
        src: &[i16; HALF_DIMENSIONS],
        sub: &[usize],
        add: &[usize],
    ) {
        apply_rows(backend, dst, src, &self.weights, sub, add);
    }
}

/// Sets `dst` to `src` less the rows `weights[i]` for `i` in `sub`, plus those for `i` in
/// `add`, in 16-bit wrapping arithmetic (so in any order), by `backend`.
///
/// # Panics
/// If an index is out of `weights`.
#[inline]
pub(crate) fn apply_rows(
    backend: Backend,
    dst: &mut [i16; HALF_DIMENSIONS],
    src: &[i16; HALF_DIMENSIONS],
    weights: &[Half],
    sub: &[usize],
    add: &[usize],
) {
    match backend {
        Backend::Portable => {
            *dst = *src;
            for &i in sub {
                sub_row(dst, &weights[i].0);
            }
            for &i in add {
                add_row(dst, &weights[i].0);
            }
        }
        #[cfg(target_arch = "x86_64")]
        Backend::Avx2(cpu) => simd::apply_rows(cpu, dst, src, weights, sub, add),
    }
}

/// Adds a feature's row to `half`.
#[inline]
fn add_row(half: &mut [i16; HALF_DIMENSIONS], row: &[i16; HALF_DIMENSIONS]) {
    for (a, &w) in half.iter_mut().zip(row.iter()) {
        *a = a.wrapping_add(w);
    }
}

/// Takes a feature's row from `half`: the step an incremental update needs for each feature
/// a move switches off.
#[inline]
fn sub_row(half: &mut [i16; HALF_DIMENSIONS], row: &[i16; HALF_DIMENSIONS]) {
    for (a, &w) in half.iter_mut().zip(row.iter()) {
        *a = a.wrapping_sub(w);
    }
}

/// The first hidden layer's input from the two sides' sums, by `backend`: `first`'s sums,
/// then `second`'s, each clipped to 0..=127.
#[inline]
pub(crate) fn transform(
    backend: Backend,
    first: &[i16; HALF_DIMENSIONS],
    second: &[i16; HALF_DIMENSIONS],
    out: &mut [u8; HIDDEN1_INPUTS],
) {
    match backend {
        Backend::Portable => {
            let (out_first, out_second) = out.split_at_mut(HALF_DIMENSIONS);
            for (dst, half) in [(out_first, first), (out_second, second)] {
                for (o, &a) in dst.iter_mut().zip(half.iter()) {
                    *o = a.clamp(0, 127) as u8;
                }
            }
        }
        #[cfg(target_arch = "x86_64")]
        Backend::Avx2(cpu) => simd::transform(cpu, first, second, out),
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
    /// Sums of 0, to be overwritten.
    fn zeroed() -> Accumulator {
        Accumulator {
            sides: [Aligned([0; HALF_DIMENSIONS]); 2],
        }
    }

    /// Each side's sums (by [`Color::index`]), for tests to set to what no game reaches.
    #[cfg(test)]
    pub(crate) fn sides_mut(&mut self) -> &mut [Half; 2] {
        &mut self.sides
    }

    /// [`Accumulator::new`] the plainest way, as a reference: the biases, then each active
    /// feature's row added by itself.
    #[cfg(test)]
    pub(crate) fn new_row_by_row(net: &Network, pos: &Position) -> Option<Accumulator> {
        let ft = &net.transformer;
        let mut acc = Accumulator::zeroed();
        for c in Color::ALL {
            let half = &mut acc.sides[c.index()].0;
            *half = ft.biases.0;
            features::for_each_active(net.architecture(), pos, c, |i| {
                add_row(half, &ft.weights[i].0);
            })?;
        }
        Some(acc)
    }

    /// The sums of `pos` under `net`, from scratch; `None` when a king is missing.
    pub fn new(net: &Network, pos: &Position) -> Option<Accumulator> {
        Accumulator::new_with(Backend::current(), net, pos)
    }

    /// [`Accumulator::new`] by `backend`.
    pub(crate) fn new_with(backend: Backend, net: &Network, pos: &Position) -> Option<Accumulator> {
        let mut acc = Accumulator::zeroed();
        for c in Color::ALL {
            acc.refresh_side(backend, net, pos, c)?;
        }
        Some(acc)
    }

    /// The sums after `mv`, legal in `pos`, from these sums of `pos`: the same numbers as
    /// [`Accumulator::new`] of the position after the move, touching only the rows of the
    /// features the move changes (but for a HalfKP side whose king moves, recomputed).
    pub fn after(&self, net: &Network, pos: &Position, mv: Move) -> Accumulator {
        self.after_with(Backend::current(), net, pos, mv)
    }

    /// [`Accumulator::after`] by `backend`.
    pub(crate) fn after_with(
        &self,
        backend: Backend,
        net: &Network,
        pos: &Position,
        mv: Move,
    ) -> Accumulator {
        let mut child = Accumulator::zeroed();
        let ft = &net.transformer;
        for c in Color::ALL {
            let src = &self.sides[c.index()].0;
            let dst = &mut child.sides[c.index()].0;
            match features::change(net.architecture(), pos, mv, c) {
                // The parent's sums go through the registers to the child's, the rows the
                // move changes taken off and put on on the way.
                Some(Change::Delta { removed, added, n }) => {
                    ft.apply(backend, dst, src, &removed[..n], &added[..n]);
                }
                Some(Change::Refresh) => {
                    let mut after = pos.clone();
                    after.play_unchecked(mv);
                    child.refresh_side(backend, net, &after, c);
                }
                // No accumulator of a position without both kings exists to start from.
                None => *dst = *src,
            }
        }
        child
    }

    /// Sets `perspective`'s sums to `parent`'s less the rows of `removed` plus those of
    /// `added`: one side's step of an incremental update.
    #[inline]
    pub(crate) fn update_side_from(
        &mut self,
        backend: Backend,
        net: &Network,
        parent: &Accumulator,
        perspective: Color,
        removed: &[usize],
        added: &[usize],
    ) {
        let i = perspective.index();
        net.transformer.apply(
            backend,
            &mut self.sides[i].0,
            &parent.sides[i].0,
            removed,
            added,
        );
    }

    /// Recomputes `perspective`'s sums of `pos` from scratch: the biases plus the row of
    /// every active feature, [`REFRESH_BATCH`] rows per pass. `None` (the sums left as they
    /// were) when a king is missing.
    pub(crate) fn refresh_side(
        &mut self,
        backend: Backend,
        net: &Network,
        pos: &Position,
        perspective: Color,
    ) -> Option<()> {
        let ft = &net.transformer;
        let half = &mut self.sides[perspective.index()].0;
        let mut batch = ArrayVec::<usize, REFRESH_BATCH>::new();
        // Whether `half` holds the first passes' sums yet (else the biases are the start).
        let mut started = false;
        let mut pass = |batch: &[usize], half: &mut [i16; HALF_DIMENSIONS]| {
            if started {
                let sums = *half;
                ft.apply(backend, half, &sums, &[], batch);
            } else {
                ft.apply(backend, half, &ft.biases.0, &[], batch);
                started = true;
            }
        };
        let arch: Architecture = net.architecture();
        features::for_each_active(arch, pos, perspective, |i| {
            if batch.is_full() {
                pass(&batch, half);
                batch.clear();
            }
            batch.push(i);
        })?;
        pass(&batch, half);
        Some(())
    }

    /// The transformed features the first hidden layer reads, by `backend`: the side to
    /// move's sums, then the other side's, each clipped to 0..=127.
    pub(crate) fn transform(
        &self,
        backend: Backend,
        side_to_move: Color,
    ) -> Aligned<[u8; HIDDEN1_INPUTS]> {
        let mut out = Aligned([0u8; HIDDEN1_INPUTS]);
        transform(
            backend,
            &self.sides[side_to_move.index()].0,
            &self.sides[(!side_to_move).index()].0,
            &mut out.0,
        );
        out
    }
}
