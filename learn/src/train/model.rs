//! The network the trainer fits, in floating point: the shape of the integer network
//! ([`Network`]) with each integer read as the number it stands for, so that quantising it
//! ([`Model::to_network`]) gives a file that evaluates as the model does.
//!
//! - the feature transformer: for each side, biases plus one row per active input feature,
//!   in units where 1.0 is the integer 127, clipped to [0, 1];
//! - the side to move's half, then the other side's (512 numbers), into a layer of 32,
//!   clipped to [0, 1], another of 32, clipped, then one output `y`;
//! - the evaluation in centipawns is [`OUTPUT_CP`]` · y`.
//!
//! [`Model::forward`] and [`Model::backward`] work one position at a time; the first layer
//! touches only the rows of the active features, both ways.
//!
//! Training is quantisation-aware: the model keeps its parameters (the *master* copy, which
//! the optimiser steps) and, beside them, the same snapped to the integers the file will
//! hold (127 per unit for the feature transformer, 64 for a weight of a later layer, 127 · 64
//! for its bias); the forward pass runs on the snapped copy and rounds each hidden output
//! to 1/127 as the integer network does, and the backward pass hands its gradients straight
//! to the master copy (the "straight-through" estimate). So the model's evaluation is the
//! file's, to a centipawn, and training sees the rounding the file will have.

use super::factor::Factor;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use tokin_core::Position;
use tokin_engine::eval::nnue::{Architecture, Network};

/// The centipawns of an output of 1.0. A hidden output `h` is the integer `127 h`, an
/// output weight `w` the integer `64 w` and the bias `b` the integer `127 · 64 · b`, so the
/// integer output is `127 · 64 · y`, and the evaluation, that divided by the scale 16, is
/// `508 y`.
pub const OUTPUT_CP: f32 = 127.0 * 64.0 / Network::DEFAULT_FV_SCALE as f32;

/// The largest feature transformer weight or bias: the integer is `127 x`, a 16-bit number.
pub(crate) const FT_LIMIT: f32 = i16::MAX as f32 / 127.0;

/// The largest weight of a later layer: the integer is `64 w`, kept within ±127 (the SIMD
/// multiply-add of the integer network needs it).
pub(crate) const WEIGHT_LIMIT: f32 = 127.0 / 64.0;

/// The largest bias of a later layer: the integer is `127 · 64 · b`, within 32 bits with
/// room to spare.
pub(crate) const BIAS_LIMIT: f32 = 1.0e5;

/// The sizes of a network: the file's are [`Shape::of`]; tests take smaller ones.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Shape {
    /// Input features for one side.
    pub(crate) inputs: usize,
    /// Outputs of the feature transformer for one side.
    pub(crate) half: usize,
    /// Outputs of each hidden layer.
    pub(crate) hidden: usize,
}

impl Shape {
    /// The shape of `arch`'s models: the file's, with the virtual features' rows added
    /// ([`Factor`]).
    pub(crate) fn of(arch: Architecture) -> Shape {
        Shape {
            inputs: arch.input_dimensions() + Factor::of(arch).map_or(0, Factor::virtual_inputs),
            half: 256,
            hidden: 32,
        }
    }

    /// Where each part lies in [`Model::dense`].
    pub(crate) fn layout(self) -> Layout {
        let ft_b = 0;
        let h1_w = ft_b + self.half;
        let h1_b = h1_w + self.hidden * 2 * self.half;
        let h2_w = h1_b + self.hidden;
        let h2_b = h2_w + self.hidden * self.hidden;
        let out_w = h2_b + self.hidden;
        let out_b = out_w + self.hidden;
        Layout {
            ft_b,
            h1_w,
            h1_b,
            h2_w,
            h2_b,
            out_w,
            out_b,
            len: out_b + 1,
        }
    }
}

/// The offsets of the parts in the vector of dense parameters: everything but the feature
/// transformer's weights (which are sparse: a row per feature, few used per position).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Layout {
    pub(crate) ft_b: usize,
    pub(crate) h1_w: usize,
    pub(crate) h1_b: usize,
    pub(crate) h2_w: usize,
    pub(crate) h2_b: usize,
    pub(crate) out_w: usize,
    pub(crate) out_b: usize,
    pub(crate) len: usize,
}

/// The floating-point network.
#[derive(Clone, PartialEq, Debug)]
pub struct Model {
    arch: Architecture,
    shape: Shape,
    layout: Layout,
    /// The virtual features, if the model has them: their rows follow the file's.
    factor: Option<Factor>,
    /// The feature transformer's weights: row `i` (of [`Shape::half`]) is feature `i`'s.
    pub(crate) ft_w: Vec<f32>,
    /// Every other parameter, laid out as [`Layout`] says; the layers' weights row by row,
    /// one row per output.
    pub(crate) dense: Vec<f32>,
    /// `ft_w` snapped to the file's integers: what the forward pass uses.
    pub(crate) ft_q: Vec<f32>,
    /// `dense` snapped likewise.
    dense_q: Vec<f32>,
    /// Whether to leave the parameters and hidden outputs unsnapped (for the gradient
    /// check: snapping makes the loss a staircase).
    exact: bool,
}

/// The intermediate values of one position's forward pass, which the backward pass reads,
/// and the backward pass's own buffers.
#[derive(Clone, Debug)]
pub(crate) struct Scratch {
    /// Both halves of the feature transformer's sums before clipping, side to move first.
    acc: Vec<f32>,
    /// The same clipped to [0, 1]: the first hidden layer's input.
    x: Vec<f32>,
    z1: Vec<f32>,
    y1: Vec<f32>,
    z2: Vec<f32>,
    y2: Vec<f32>,
    dy1: Vec<f32>,
    dz1: Vec<f32>,
    dz2: Vec<f32>,
    dx: Vec<f32>,
}

impl Scratch {
    pub(crate) fn new(shape: Shape) -> Scratch {
        let h = shape.hidden;
        Scratch {
            acc: vec![0.0; 2 * shape.half],
            x: vec![0.0; 2 * shape.half],
            z1: vec![0.0; h],
            y1: vec![0.0; h],
            z2: vec![0.0; h],
            y2: vec![0.0; h],
            dy1: vec![0.0; h],
            dz1: vec![0.0; h],
            dz2: vec![0.0; h],
            dx: vec![0.0; 2 * shape.half],
        }
    }

    /// Whether each pre-activation lies strictly inside the clipping range, in a fixed
    /// order: what the gradient check compares to see that a step crossed no kink.
    #[cfg(test)]
    pub(crate) fn pattern(&self) -> Vec<bool> {
        self.acc
            .iter()
            .chain(&self.z1)
            .chain(&self.z2)
            .map(|&z| inside(z))
            .collect()
    }
}

/// `x` on the grid of steps `1 / scale`, within ±`limit` steps.
#[inline]
fn snap(x: f32, scale: f32, limit: f32) -> f32 {
    (x * scale).round().clamp(-limit, limit) / scale
}

/// The grid of the feature transformer: 1/127.
pub(crate) const FT_SCALE: f32 = 127.0;

/// The grid of the later layers' weights: 1/64.
pub(crate) const WEIGHT_SCALE: f32 = 64.0;

/// The grid of the later layers' biases: 1/(127 · 64).
pub(crate) const BIAS_SCALE: f32 = 127.0 * 64.0;

/// Snaps a row of feature transformer weights, `w` into `q`.
#[inline]
pub(crate) fn snap_ft(w: &[f32], q: &mut [f32]) {
    for (q, &w) in q.iter_mut().zip(w) {
        *q = snap(w, FT_SCALE, f32::from(i16::MAX));
    }
}

/// A clipped ReLU's output, rounded to 1/127 as the integer network's (which rounds to
/// nearest: see [`super::quantize`]) unless `exact`.
#[inline]
fn relu(z: f32, exact: bool) -> f32 {
    let y = z.clamp(0.0, 1.0);
    if exact {
        y
    } else {
        (y * 127.0).round() / 127.0
    }
}

/// Whether a clipped ReLU passes a gradient at `z`.
#[inline]
fn inside(z: f32) -> bool {
    z > 0.0 && z < 1.0
}

/// `a · b`, in eight lanes so that the compiler can vectorise it.
#[inline]
fn dot(a: &[f32], b: &[f32]) -> f32 {
    let mut lanes = [0.0f32; 8];
    let (ac, ar) = a.as_chunks::<8>();
    let (bc, br) = b.as_chunks::<8>();
    for (x, y) in ac.iter().zip(bc) {
        for k in 0..8 {
            lanes[k] += x[k] * y[k];
        }
    }
    let mut sum: f32 = lanes.iter().sum();
    for (x, y) in ar.iter().zip(br) {
        sum += x * y;
    }
    sum
}

/// `y += a x`.
#[inline]
fn axpy(y: &mut [f32], a: f32, x: &[f32]) {
    for (y, &x) in y.iter_mut().zip(x) {
        *y += a * x;
    }
}

/// A layer: `z = W x + b`, `W` row by row.
#[inline]
fn affine(w: &[f32], b: &[f32], x: &[f32], z: &mut [f32]) {
    for ((z, row), &b) in z.iter_mut().zip(w.chunks_exact(x.len())).zip(b) {
        *z = b + dot(row, x);
    }
}

/// The back-propagation through a layer `z = W x + b` of the gradient `dz`: adds to the
/// weights' and biases' gradients, and sets `dx` (the gradient of `x`).
#[inline]
fn affine_backward(
    w: &[f32],
    x: &[f32],
    dz: &[f32],
    grad_w: &mut [f32],
    grad_b: &mut [f32],
    dx: &mut [f32],
) {
    dx.fill(0.0);
    let n = x.len();
    for (o, &d) in dz.iter().enumerate() {
        if d == 0.0 {
            continue;
        }
        axpy(&mut grad_w[o * n..(o + 1) * n], d, x);
        grad_b[o] += d;
        axpy(dx, d, &w[o * n..(o + 1) * n]);
    }
}

impl Model {
    /// A model of `arch` with weights drawn from a generator seeded by `seed`, spread so
    /// that most units start inside their clipping range.
    pub fn new(arch: Architecture, seed: u64) -> Model {
        Model::with_shape(arch, Shape::of(arch), seed)
    }

    /// [`Model::new`] of another shape (for tests: a file takes [`Shape::of`]).
    pub(crate) fn with_shape(arch: Architecture, shape: Shape, seed: u64) -> Model {
        let mut rng = StdRng::seed_from_u64(seed);
        let layout = shape.layout();
        let mut uniform =
            |n: usize, a: f32| -> Vec<f32> { (0..n).map(|_| rng.random_range(-a..=a)).collect() };
        // A factored model's own rows start at zero: what a piece is worth anywhere is the
        // virtual row's to learn first.
        let factor = Factor::of(arch)
            .filter(|f| shape.inputs == arch.input_dimensions() + f.virtual_inputs());
        let shared = factor.map_or(0, |_| arch.input_dimensions());
        let mut ft_w = uniform(shape.inputs * shape.half, 0.05);
        ft_w[..shared * shape.half].fill(0.0);
        let mut dense = vec![0.0; layout.len];
        dense[layout.ft_b..layout.h1_w].fill(0.5);
        let h1 = uniform(
            shape.hidden * 2 * shape.half,
            (1.0 / (2 * shape.half) as f32).sqrt(),
        );
        dense[layout.h1_w..layout.h1_b].copy_from_slice(&h1);
        dense[layout.h1_b..layout.h2_w].fill(0.5);
        let a = (1.0 / shape.hidden as f32).sqrt();
        let h2 = uniform(shape.hidden * shape.hidden, a);
        dense[layout.h2_w..layout.h2_b].copy_from_slice(&h2);
        dense[layout.h2_b..layout.out_w].fill(0.5);
        let out = uniform(shape.hidden, a);
        dense[layout.out_w..layout.out_b].copy_from_slice(&out);
        Model::assemble(arch, shape, factor, ft_w, dense)
    }

    /// A model of `arch` (its file's shape, [`Shape::of`]) with these parameters: the
    /// feature transformer's rows, and the rest laid out as [`Shape::layout`] says.
    pub(crate) fn with_parameters(arch: Architecture, ft_w: Vec<f32>, dense: Vec<f32>) -> Model {
        Model::assemble(arch, Shape::of(arch), Factor::of(arch), ft_w, dense)
    }

    /// The model of these parts, with the snapped copies made from them.
    fn assemble(
        arch: Architecture,
        shape: Shape,
        factor: Option<Factor>,
        ft_w: Vec<f32>,
        dense: Vec<f32>,
    ) -> Model {
        let layout = shape.layout();
        debug_assert_eq!(ft_w.len(), shape.inputs * shape.half);
        debug_assert_eq!(dense.len(), layout.len);
        let mut model = Model {
            arch,
            shape,
            layout,
            factor,
            ft_q: ft_w.clone(),
            ft_w,
            dense_q: dense.clone(),
            dense,
            exact: false,
        };
        model.sync();
        model
    }

    /// Leaves the parameters and hidden outputs unsnapped from now on (for the gradient
    /// check).
    #[cfg(test)]
    pub(crate) fn set_exact(&mut self) {
        self.exact = true;
        self.sync();
    }

    /// Snaps every parameter anew from the master copy.
    pub(crate) fn sync(&mut self) {
        if self.exact {
            self.ft_q.copy_from_slice(&self.ft_w);
        } else {
            snap_ft(&self.ft_w, &mut self.ft_q);
        }
        self.sync_dense();
    }

    /// Snaps the dense parameters anew from the master copy.
    pub(crate) fn sync_dense(&mut self) {
        let l = self.layout;
        if self.exact {
            self.dense_q.copy_from_slice(&self.dense);
            return;
        }
        let ranges = [
            (l.ft_b..l.h1_w, FT_SCALE, f32::from(i16::MAX)),
            (l.h1_w..l.h1_b, WEIGHT_SCALE, 127.0),
            (l.h1_b..l.h2_w, BIAS_SCALE, f32::MAX),
            (l.h2_w..l.h2_b, WEIGHT_SCALE, 127.0),
            (l.h2_b..l.out_w, BIAS_SCALE, f32::MAX),
            (l.out_w..l.out_b, WEIGHT_SCALE, 127.0),
            (l.out_b..l.len, BIAS_SCALE, f32::MAX),
        ];
        for (range, scale, limit) in ranges {
            for (q, &x) in self.dense_q[range.clone()]
                .iter_mut()
                .zip(&self.dense[range])
            {
                *q = snap(x, scale, limit);
            }
        }
    }

    /// Whether the model leaves its parameters unsnapped.
    pub(crate) fn is_exact(&self) -> bool {
        self.exact
    }

    /// The architecture of the file the model becomes.
    pub fn architecture(&self) -> Architecture {
        self.arch
    }

    pub(crate) fn shape(&self) -> Shape {
        self.shape
    }

    pub(crate) fn layout(&self) -> Layout {
        self.layout
    }

    /// The rows of the feature transformer that file feature `f` switches on: its own, and
    /// its virtual feature's when the model has them.
    #[inline]
    pub(crate) fn rows(&self, f: u32) -> impl Iterator<Item = usize> + use<> {
        let f = f as usize;
        std::iter::once(f).chain(self.factor.map(|v| v.row(f)))
    }

    /// The virtual features, if the model has them.
    pub(crate) fn factor(&self) -> Option<Factor> {
        self.factor
    }

    /// The output `y` for a position whose side to move has the active features `us` and
    /// the other side `them`, keeping what the backward pass needs in `s`.
    pub(crate) fn forward(&self, us: &[u32], them: &[u32], s: &mut Scratch) -> f32 {
        let (h, l, exact) = (self.shape.half, self.layout, self.exact);
        let d = &self.dense_q;
        for (acc, feats) in s.acc.chunks_exact_mut(h).zip([us, them]) {
            acc.copy_from_slice(&d[l.ft_b..l.ft_b + h]);
            for &f in feats {
                for r in self.rows(f) {
                    for (a, &w) in acc.iter_mut().zip(&self.ft_q[r * h..(r + 1) * h]) {
                        *a += w;
                    }
                }
            }
        }
        // The sums are on the grid already (but for the float's own rounding).
        for (x, &a) in s.x.iter_mut().zip(&s.acc) {
            *x = relu(a, exact);
        }
        affine(&d[l.h1_w..l.h1_b], &d[l.h1_b..l.h2_w], &s.x, &mut s.z1);
        for (y, &z) in s.y1.iter_mut().zip(&s.z1) {
            *y = relu(z, exact);
        }
        affine(&d[l.h2_w..l.h2_b], &d[l.h2_b..l.out_w], &s.y1, &mut s.z2);
        for (y, &z) in s.y2.iter_mut().zip(&s.z2) {
            *y = relu(z, exact);
        }
        d[l.out_b] + dot(&d[l.out_w..l.out_b], &s.y2)
    }

    /// The backward pass of the position [`Model::forward`] last saw in `s`, for the
    /// gradient `g` of the loss by the output: adds the dense parameters' gradients to
    /// `grad` (laid out as [`Model::dense`]) and sets `da` to the gradient of the feature
    /// transformer's sums (both halves, side to move first), which each row an active
    /// feature switches on ([`Model::rows`]) takes as its own gradient (the caller adds
    /// them up row by row).
    pub(crate) fn backward(&self, s: &mut Scratch, g: f32, grad: &mut [f32], da: &mut [f32]) {
        let (h, l) = (self.shape.half, self.layout);
        let d = &self.dense_q;
        axpy(&mut grad[l.out_w..l.out_b], g, &s.y2);
        grad[l.out_b] += g;
        for ((dz, &z), &w) in s.dz2.iter_mut().zip(&s.z2).zip(&d[l.out_w..l.out_b]) {
            *dz = if inside(z) { g * w } else { 0.0 };
        }
        let (gw2, gb2) = grad[l.h2_w..l.out_w].split_at_mut(l.h2_b - l.h2_w);
        affine_backward(&d[l.h2_w..l.h2_b], &s.y1, &s.dz2, gw2, gb2, &mut s.dy1);
        for ((dz, &z), &dy) in s.dz1.iter_mut().zip(&s.z1).zip(&s.dy1) {
            *dz = if inside(z) { dy } else { 0.0 };
        }
        let (gw1, gb1) = grad[l.h1_w..l.h2_w].split_at_mut(l.h1_b - l.h1_w);
        affine_backward(&d[l.h1_w..l.h1_b], &s.x, &s.dz1, gw1, gb1, &mut s.dx);
        for ((da, &a), &dx) in da.iter_mut().zip(&s.acc).zip(&s.dx) {
            *da = if inside(a) { dx } else { 0.0 };
        }
        let gb = &mut grad[l.ft_b..l.ft_b + h];
        for half in da.chunks_exact(h) {
            for (g, &x) in gb.iter_mut().zip(half) {
                *g += x;
            }
        }
    }

    /// Keeps every dense parameter within what its integer can hold, and snaps them anew.
    pub(crate) fn clamp_dense(&mut self) {
        let l = self.layout;
        let d = &mut self.dense;
        let ranges = [
            (l.ft_b..l.h1_w, FT_LIMIT),
            (l.h1_w..l.h1_b, WEIGHT_LIMIT),
            (l.h1_b..l.h2_w, BIAS_LIMIT),
            (l.h2_w..l.h2_b, WEIGHT_LIMIT),
            (l.h2_b..l.out_w, BIAS_LIMIT),
            (l.out_w..l.out_b, WEIGHT_LIMIT),
            (l.out_b..l.len, BIAS_LIMIT),
        ];
        for (range, limit) in ranges {
            for x in &mut d[range] {
                *x = x.clamp(-limit, limit);
            }
        }
        self.sync_dense();
    }

    /// The active features of `pos` from the side to move's side, then the other's; `None`
    /// when a king is missing.
    pub(crate) fn features_of(arch: Architecture, pos: &Position) -> Option<(Vec<u32>, Vec<u32>)> {
        let us = pos.side_to_move();
        let mut a = Vec::with_capacity(40);
        let mut b = Vec::with_capacity(40);
        arch.active_features(pos, us, &mut a)?;
        arch.active_features(pos, !us, &mut b)?;
        Some((a, b))
    }

    /// The model's evaluation of `pos` for the side to move, in centipawns (unrounded);
    /// `None` when a king is missing.
    pub fn evaluate(&self, pos: &Position) -> Option<f32> {
        let (us, them) = Model::features_of(self.arch, pos)?;
        let mut s = Scratch::new(self.shape);
        Some(OUTPUT_CP * self.forward(&us, &them, &mut s))
    }
}
