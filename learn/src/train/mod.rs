//! A trainer of NNUE evaluation files on the CPU: from training records ([`super::psv`],
//! such as [`super::gensfen`] makes) to a network [`Network::read`] reads.
//!
//! The model ([`Model`]) is the file's network in floating point; the loss is the one of the
//! NNUE projects: the squared difference between the model's winning chance,
//! `sigmoid(eval / 600)`, and a blend of the search's (`sigmoid(score / 600)`, weight λ) and
//! the game's result (1, ½ or 0, weight 1 − λ), all for the side to move.
//!
//! Each batch is split into fixed chunks of positions worked on in parallel (rayon, on the
//! current pool), whose gradients are added in chunk order: a run depends on its seed and
//! settings, not on the number of threads. The feature transformer is trained sparsely: a
//! row steps only in the batches that use its feature (lazy Adam).
//!
//! [`Network::read`]: tokin_engine::eval::nnue::Network::read

mod data;
mod factor;
mod model;
mod optimizer;
mod quantize;
#[cfg(test)]
mod tests;

pub use data::{DataError, Dataset, SCORE_SCALE};
pub use model::{Model, OUTPUT_CP};

use model::{FT_LIMIT, Scratch};
use optimizer::{Adam, Moments};
use rand::SeedableRng;
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rayon::prelude::*;
use std::time::Instant;

/// How many positions one parallel task takes: fixed, so that the sums, and so the run, do
/// not depend on the number of threads.
const CHUNK: usize = 256;

/// The settings of a run.
#[derive(Clone, Debug, PartialEq)]
pub struct TrainOptions {
    /// Passes over the training positions.
    pub epochs: u32,
    /// Positions per step.
    pub batch_size: usize,
    /// Adam's learning rate.
    pub lr: f32,
    /// What the learning rate is multiplied by after each epoch.
    pub lr_decay: f32,
    /// The weight of the search's score in the target, 0 to 1 (the rest is the result's).
    pub lambda: f32,
    /// The seed of the initial weights and of the shuffles.
    pub seed: u64,
    /// The share of positions held out to measure the loss on, 0 to 1.
    pub validation_share: f64,
}

impl Default for TrainOptions {
    fn default() -> TrainOptions {
        TrainOptions {
            epochs: 10,
            batch_size: 4096,
            lr: 1e-3,
            lr_decay: 1.0,
            lambda: 0.75,
            seed: 1,
            validation_share: 0.05,
        }
    }
}

/// What an epoch did.
#[derive(Clone, Debug, PartialEq)]
pub struct EpochReport {
    /// The epoch, from 1; 0 for the model as training starts (reported when positions are
    /// held out: its validation loss is the one to beat).
    pub epoch: u32,
    /// The mean loss of the training positions during the epoch (none for epoch 0).
    pub train_loss: Option<f64>,
    /// The mean loss of the held-out positions after it, if any are held out.
    pub validation_loss: Option<f64>,
    /// Whether that loss is the lowest so far: the model of this epoch is the one kept.
    pub best: bool,
    /// Training positions seen.
    pub samples: usize,
    /// Seconds the epoch's training took (not its validation).
    pub seconds: f64,
}

impl EpochReport {
    /// Training positions per second.
    pub fn samples_per_second(&self) -> f64 {
        self.samples as f64 / self.seconds.max(1e-9)
    }
}

/// The loss of one position of output `y` and target `t`, and its derivative by `y`.
#[inline]
fn loss_and_gradient(y: f32, t: f32) -> (f32, f32) {
    let k = OUTPUT_CP / SCORE_SCALE;
    let p = data::sigmoid(k * y);
    let d = p - t;
    (d * d, 2.0 * d * p * (1.0 - p) * k)
}

/// A model with the optimiser's state and the buffers a step reuses.
#[derive(Debug)]
pub struct Trainer {
    model: Model,
    adam: Adam,
    dense_moments: Moments,
    ft_moments: Moments,
    /// Per position of the batch, the gradient of both halves of its sums.
    da: Vec<f32>,
    /// Per feature, how many of the batch's (position, side) use it, and where their list
    /// starts in `entries`.
    counts: Vec<u32>,
    starts: Vec<u32>,
    entries: Vec<u32>,
    touched: Vec<u32>,
}

impl Trainer {
    /// A trainer of `model` at Adam's learning rate `lr`.
    pub fn new(model: Model, lr: f32) -> Trainer {
        let shape = model.shape();
        Trainer {
            adam: Adam::new(lr),
            dense_moments: Moments::new(model.dense.len()),
            ft_moments: Moments::new(model.ft_w.len()),
            da: Vec::new(),
            counts: vec![0; shape.inputs],
            starts: vec![0; shape.inputs],
            entries: Vec::new(),
            touched: Vec::new(),
            model,
        }
    }

    /// The model as it stands.
    pub fn model(&self) -> &Model {
        &self.model
    }

    /// The model, trained.
    pub fn into_model(self) -> Model {
        self.model
    }

    /// Sets the learning rate.
    pub fn set_lr(&mut self, lr: f32) {
        self.adam.lr = lr;
    }

    /// The learning rate.
    pub fn lr(&self) -> f32 {
        self.adam.lr
    }

    /// The mean loss of the positions `batch` of `data` under the model.
    ///
    /// # Panics
    /// If `data` is of another architecture than the model, or `batch` names a position
    /// past its end.
    pub fn loss(&self, data: &Dataset, batch: &[u32], lambda: f32) -> f64 {
        self.check(data);
        let model = &self.model;
        let sums: Vec<f64> = batch
            .par_chunks(CHUNK)
            .map(|idx| {
                let mut s = Scratch::new(model.shape());
                idx.iter()
                    .map(|&i| {
                        let (us, them) = data.features(i as usize);
                        let y = model.forward(us, them, &mut s);
                        f64::from(loss_and_gradient(y, data.target(i as usize, lambda)).0)
                    })
                    .sum()
            })
            .collect();
        sums.iter().sum::<f64>() / batch.len().max(1) as f64
    }

    /// One step of Adam on the mean loss of the positions `batch` of `data`; returns that
    /// loss (before the step).
    ///
    /// # Panics
    /// As [`Trainer::loss`].
    pub fn step(&mut self, data: &Dataset, batch: &[u32], lambda: f32) -> f64 {
        self.check(data);
        if batch.is_empty() {
            return 0.0;
        }
        let shape = self.model.shape();
        let (h, h2) = (shape.half, 2 * shape.half);
        let inv_n = 1.0 / batch.len() as f32;
        self.da.resize(batch.len() * h2, 0.0);
        let model = &self.model;
        let parts: Vec<(Vec<f32>, f64)> = batch
            .par_chunks(CHUNK)
            .zip(self.da.par_chunks_mut(CHUNK * h2))
            .map(|(idx, da)| {
                let mut grad = vec![0.0f32; model.dense.len()];
                let mut s = Scratch::new(shape);
                let mut loss = 0.0f64;
                for (&i, da) in idx.iter().zip(da.chunks_exact_mut(h2)) {
                    let (us, them) = data.features(i as usize);
                    let y = model.forward(us, them, &mut s);
                    let (l, g) = loss_and_gradient(y, data.target(i as usize, lambda));
                    loss += f64::from(l);
                    model.backward(&mut s, g * inv_n, &mut grad, da);
                }
                (grad, loss)
            })
            .collect();
        let mut parts = parts.into_iter();
        let Some((mut grad, mut loss)) = parts.next() else {
            return 0.0;
        };
        for (g, l) in parts {
            for (a, b) in grad.iter_mut().zip(&g) {
                *a += b;
            }
            loss += l;
        }

        self.adam.begin_step();
        let m = &mut self.dense_moments;
        self.adam
            .update(&mut self.model.dense, &grad, &mut m.m, &mut m.v, f32::MAX);
        self.model.clamp_dense();
        self.sparse_step(data, batch, h);
        loss / batch.len() as f64
    }

    /// Checks that `data`'s features are the model's.
    fn check(&self, data: &Dataset) {
        assert_eq!(
            data.architecture(),
            self.model.architecture(),
            "the data's features are not the model's"
        );
    }

    /// The feature transformer's part of a step: each row used in the batch takes the sum
    /// of the gradients of the halves that use it, and steps; the others stay as they are.
    fn sparse_step(&mut self, data: &Dataset, batch: &[u32], h: usize) {
        // Bucket the (position, side) pairs by feature, in batch order: a counting sort.
        let model = &self.model;
        let mut total = 0u32;
        for &i in batch {
            let (us, them) = data.features(i as usize);
            for r in us.iter().chain(them).flat_map(|&f| model.rows(f)) {
                let c = &mut self.counts[r];
                if *c == 0 {
                    self.touched.push(r as u32);
                }
                *c += 1;
                total += 1;
            }
        }
        let mut next = 0u32;
        for &f in &self.touched {
            self.starts[f as usize] = next;
            next += self.counts[f as usize];
        }
        self.entries.resize(total as usize, 0);
        for (k, &i) in batch.iter().enumerate() {
            let (us, them) = data.features(i as usize);
            for (side, feats) in [us, them].into_iter().enumerate() {
                for r in feats.iter().flat_map(|&f| model.rows(f)) {
                    let at = &mut self.starts[r];
                    self.entries[*at as usize] = (2 * k + side) as u32;
                    *at += 1;
                }
            }
        }
        // `starts` now holds each list's end.
        let (counts, starts, entries, da) = (&self.counts, &self.starts, &self.entries, &self.da);
        let adam = self.adam;
        let exact = self.model.is_exact();
        let Model { ft_w, ft_q, .. } = &mut self.model;
        let mo = &mut self.ft_moments;
        ft_w.par_chunks_mut(h)
            .zip(ft_q.par_chunks_mut(h))
            .zip(mo.m.par_chunks_mut(h))
            .zip(mo.v.par_chunks_mut(h))
            .enumerate()
            .with_min_len(64)
            .for_each_init(
                || vec![0.0f32; h],
                |g, (f, (((w, q), m), v))| {
                    let n = counts[f] as usize;
                    if n == 0 {
                        return;
                    }
                    let end = starts[f] as usize;
                    g.fill(0.0);
                    for &e in &entries[end - n..end] {
                        let e = e as usize;
                        for (g, &d) in g.iter_mut().zip(&da[e * h..(e + 1) * h]) {
                            *g += d;
                        }
                    }
                    adam.update(w, g, m, v, FT_LIMIT);
                    if exact {
                        q.copy_from_slice(w);
                    } else {
                        model::snap_ft(w, q);
                    }
                },
            );
        for &f in &self.touched {
            self.counts[f as usize] = 0;
        }
        self.touched.clear();
    }
}

/// The positions of `n` records of `stride` positions each (the record, then its mirror
/// image) split into training and validation: the records of the last `share` (rounded,
/// leaving at least one to train on) are held out, without their mirror images, which would
/// only repeat them.
///
/// The last ones, not a random share: the records of a game lie together, and the positions
/// of one game are so alike that a loss measured on positions of the games trained on says
/// little about new games (a random share of positions measured about 0.0095 where positions
/// of later games gave 0.0155, worse than the handcrafted evaluation's 0.0141).
fn split(n: usize, stride: usize, share: f64) -> (Vec<u32>, Vec<u32>) {
    let held = ((n as f64 * share.clamp(0.0, 1.0)).round() as usize).min(n.saturating_sub(1));
    let train: Vec<u32> = (0..((n - held) * stride) as u32).collect();
    let validation: Vec<u32> = (n - held..n).map(|r| (r * stride) as u32).collect();
    (train, validation)
}

/// Trains a new model of `data`'s architecture on `data` (on the current rayon pool),
/// calling `on_epoch` after each epoch.
pub fn train(data: &Dataset, opts: &TrainOptions, on_epoch: impl FnMut(&EpochReport)) -> Model {
    let model = Model::new(data.architecture(), opts.seed);
    train_model(model, data, opts, on_epoch)
}

/// [`train`] from `model` (a new one, or one read from a file: [`Model::from_network`]).
/// With positions held out, the model returned is the one of the epoch with the lowest
/// validation loss (later epochs may only fit the training games closer), the starting
/// model if none beats it; without, the last epoch's.
///
/// # Panics
/// If `data` is of another architecture than `model`.
pub fn train_model(
    model: Model,
    data: &Dataset,
    opts: &TrainOptions,
    mut on_epoch: impl FnMut(&EpochReport),
) -> Model {
    let mut rng = StdRng::seed_from_u64(opts.seed ^ 0x5EED_7A1D_0F0E_CAFE);
    let (mut train_set, validation) = split(data.records(), data.stride(), opts.validation_share);
    let mut trainer = Trainer::new(model, opts.lr);
    let lambda = opts.lambda.clamp(0.0, 1.0);
    // The starting model is a candidate too: training from a file may not improve on it.
    let mut best: Option<(f64, Model)> = None;
    if !validation.is_empty() {
        let v = trainer.loss(data, &validation, lambda);
        on_epoch(&EpochReport {
            epoch: 0,
            train_loss: None,
            validation_loss: Some(v),
            best: true,
            samples: 0,
            seconds: 0.0,
        });
        best = Some((v, trainer.model().clone()));
    }
    for epoch in 1..=opts.epochs {
        train_set.shuffle(&mut rng);
        let start = Instant::now();
        let mut loss = 0.0;
        for batch in train_set.chunks(opts.batch_size.max(1)) {
            loss += trainer.step(data, batch, lambda) * batch.len() as f64;
        }
        let seconds = start.elapsed().as_secs_f64();
        let validation_loss =
            (!validation.is_empty()).then(|| trainer.loss(data, &validation, lambda));
        let kept = validation_loss.is_some_and(|v| best.as_ref().is_none_or(|b| v < b.0));
        if let (true, Some(v)) = (kept, validation_loss) {
            best = Some((v, trainer.model().clone()));
        }
        on_epoch(&EpochReport {
            epoch,
            train_loss: Some(loss / train_set.len().max(1) as f64),
            validation_loss,
            best: kept,
            samples: train_set.len(),
            seconds,
        });
        trainer.set_lr(trainer.lr() * opts.lr_decay);
    }
    best.map_or_else(|| trainer.into_model(), |(_, model)| model)
}
