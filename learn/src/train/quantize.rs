//! The float model as the file's integers, the way the integer network reads them:
//!
//! - feature transformer weights and biases: `round(127 x)` (16-bit);
//! - hidden weights: `round(64 w)`, kept within ±127 (8-bit, and safe for the SIMD
//!   multiply-add); hidden biases: `round(127 · 64 · b)` (32-bit), plus 32 for the two
//!   layers followed by the integer network's shift right by 6, which rounds down: the 32
//!   makes it round to nearest, as the float model's value is;
//! - the output layer the same (without the 32), so that its integer output is
//!   `127 · 64 · y` and the evaluation, that over 16, is [`OUTPUT_CP`]` · y` centipawns.
//!
//! [`dequantize`] reads those integers back as the numbers they stand for, so that training
//! can go on from a file.
//!
//! [`OUTPUT_CP`]: super::model::OUTPUT_CP

use super::model::{BIAS_SCALE, FT_SCALE, Model, Shape, WEIGHT_SCALE};
use tokin_engine::eval::nnue::{Network, NnueError, Parameters};

/// Half of 2⁶: added to a hidden layer's biases so that the integer network's shift
/// rounds to nearest.
const SHIFT_ROUNDING: i64 = 32;

impl Model {
    /// The model that [`Model::to_network`] turns into `net`: a network's integers read as
    /// numbers, to train on from there (a new generation starting from the last one's
    /// file). A factored HalfKP model starts with the file's rows and zero virtual rows.
    pub fn from_network(net: &Network) -> Model {
        dequantize(net)
    }

    /// The integer network of the model: each parameter as the integer the file holds (the
    /// values the model computes with already).
    ///
    /// # Errors
    /// Only for a model of a shape no file has (made for a test).
    pub fn to_network(&self) -> Result<Network, NnueError> {
        quantize(self)
    }
}

fn to_i16(x: f32) -> i16 {
    (x * 127.0)
        .round()
        .clamp(f32::from(i16::MIN), f32::from(i16::MAX)) as i16
}

fn to_i8(w: f32) -> i8 {
    (w * 64.0).round().clamp(-127.0, 127.0) as i8
}

fn to_i32(b: f32, rounding: i64) -> i32 {
    let x = (f64::from(b) * 127.0 * 64.0).round() as i64 + rounding;
    x.clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32
}

/// The integer network of `model`.
///
/// # Errors
/// A model of a shape no file has (the parts' lengths do not match the file's).
pub(crate) fn quantize(model: &Model) -> Result<Network, NnueError> {
    let l = model.layout();
    let d = &model.dense;
    let ft_b: Vec<i16> = d[l.ft_b..l.h1_w].iter().map(|&x| to_i16(x)).collect();
    let rows: Vec<i16> = model.ft_w.iter().map(|&x| to_i16(x)).collect();
    let ft_w = match model.factor() {
        Some(factor) => factor.fold(&rows, model.shape().half),
        None => rows,
    };
    let weights =
        |r: core::ops::Range<usize>| -> Vec<i8> { d[r].iter().map(|&w| to_i8(w)).collect() };
    let biases = |r: core::ops::Range<usize>, rounding| -> Vec<i32> {
        d[r].iter().map(|&b| to_i32(b, rounding)).collect()
    };
    let (h1_w, h1_b) = (
        weights(l.h1_w..l.h1_b),
        biases(l.h1_b..l.h2_w, SHIFT_ROUNDING),
    );
    let (h2_w, h2_b) = (
        weights(l.h2_w..l.h2_b),
        biases(l.h2_b..l.out_w, SHIFT_ROUNDING),
    );
    let (out_w, out_b) = (weights(l.out_w..l.out_b), biases(l.out_b..l.len, 0));
    Network::from_parameters(
        model.architecture(),
        (&ft_b, &ft_w),
        [(&h1_b, &h1_w), (&h2_b, &h2_w), (&out_b, &out_w)],
    )
}

/// The model whose quantisation is `net` (for the networks [`quantize`] writes, exactly:
/// [`quantize`] of it gives `net` back): each integer as the number it stands for, and a
/// factored model's virtual rows zero, so that the file's rows carry everything. An 8-bit
/// weight of -128 (which [`quantize`] never writes) becomes -127 at the model's first
/// snapping. Every network tokin reads has the trainer's shape (256 × 2, 32, 32, 1).
pub(crate) fn dequantize(net: &Network) -> Model {
    let Parameters {
        transformer: (ft_b, ft_w),
        layers: [(h1_b, h1_w), (h2_b, h2_w), (out_b, out_w)],
    } = net.parameters();
    let arch = net.architecture();
    let shape = Shape::of(arch);
    // The file's rows first; a factored model's virtual rows follow them, zero.
    let mut rows = transformer(&ft_w);
    rows.resize(shape.inputs * shape.half, 0.0);
    let dense = [
        transformer(&ft_b),
        weights(&h1_w),
        biases(&h1_b, SHIFT_ROUNDING),
        weights(&h2_w),
        biases(&h2_b, SHIFT_ROUNDING),
        weights(&out_w),
        biases(&out_b, 0),
    ]
    .concat();
    Model::with_parameters(arch, rows, dense)
}

/// Feature transformer weights or biases as numbers: the integer over 127.
fn transformer(q: &[i16]) -> Vec<f32> {
    q.iter().map(|&x| f32::from(x) / FT_SCALE).collect()
}

/// Later layers' weights as numbers: the integer over 64.
fn weights(q: &[i8]) -> Vec<f32> {
    q.iter().map(|&w| f32::from(w) / WEIGHT_SCALE).collect()
}

/// Later layers' biases as numbers: the integer, less the rounding [`quantize`] added, over
/// 127 · 64.
fn biases(q: &[i32], rounding: i64) -> Vec<f32> {
    q.iter()
        .map(|&b| ((i64::from(b) - rounding) as f64 / f64::from(BIAS_SCALE)) as f32)
        .collect()
}
