//! Training positions: each record's position turned once into its active features from
//! both sides (side to move first, as the network reads them), with its score and result.

use super::model::Model;
use crate::eval::nnue::Architecture;
use crate::learn::psv::PsvRecord;
use core::fmt;
use rayon::prelude::*;

/// How many records one task turns into features.
const CHUNK: usize = 4096;

/// The sigmoid's scale: a score of 600 centipawns is odds of e to 1, as in the other NNUE
/// trainers of shogi.
pub const SCORE_SCALE: f32 = 600.0;

/// One position: where its features lie, and what it teaches.
#[derive(Clone, Copy, Debug)]
struct Sample {
    /// The side to move's features start here in [`Dataset::features`], the other side's
    /// follow.
    start: usize,
    us: u32,
    them: u32,
    score: i16,
    result: i8,
}

/// A record that holds no position.
#[derive(Clone, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub enum DataError {
    /// Record `index` (from 0, of the records given) is not a packed position.
    NotAPosition {
        /// The record's number.
        index: usize,
    },
}

impl fmt::Display for DataError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DataError::NotAPosition { index } => write!(
                f,
                "record {index} is not a position (not a file of 40-byte training records?)"
            ),
        }
    }
}

impl std::error::Error for DataError {}

/// The positions of training records, ready for the trainer.
#[derive(Clone, Debug)]
pub struct Dataset {
    arch: Architecture,
    features: Vec<u32>,
    samples: Vec<Sample>,
    skipped: usize,
}

impl Dataset {
    /// An empty dataset for networks of `arch`.
    pub fn new(arch: Architecture) -> Dataset {
        Dataset {
            arch,
            features: Vec::new(),
            samples: Vec::new(),
            skipped: 0,
        }
    }

    /// Adds `records` (on the current rayon pool). A position without both kings (which the
    /// networks know nothing of) is skipped and counted ([`Dataset::skipped`]).
    ///
    /// # Errors
    /// The first record that is not a position; nothing of `records` is added then.
    pub fn add_records(&mut self, records: &[PsvRecord]) -> Result<(), DataError> {
        let arch = self.arch;
        type Part = (Vec<u32>, Vec<(u32, u32, i16, i8)>, usize);
        let parts: Vec<Result<Part, DataError>> = records
            .par_chunks(CHUNK)
            .enumerate()
            .map(|(c, chunk)| {
                let mut feats = Vec::with_capacity(chunk.len() * 80);
                let mut samples = Vec::with_capacity(chunk.len());
                let mut skipped = 0;
                for (k, r) in chunk.iter().enumerate() {
                    let pos = r.position().map_err(|_| DataError::NotAPosition {
                        index: c * CHUNK + k,
                    })?;
                    match Model::features_of(arch, &pos) {
                        Some((us, them)) => {
                            samples.push((us.len() as u32, them.len() as u32, r.score, r.result));
                            feats.extend_from_slice(&us);
                            feats.extend_from_slice(&them);
                        }
                        None => skipped += 1,
                    }
                }
                Ok((feats, samples, skipped))
            })
            .collect();
        let parts = parts
            .into_iter()
            .collect::<Result<Vec<Part>, DataError>>()?;
        for (feats, samples, skipped) in parts {
            let mut start = self.features.len();
            self.features.extend_from_slice(&feats);
            for (us, them, score, result) in samples {
                self.samples.push(Sample {
                    start,
                    us,
                    them,
                    score,
                    result,
                });
                start += (us + them) as usize;
            }
            self.skipped += skipped;
        }
        Ok(())
    }

    /// The architecture whose features the dataset holds.
    pub fn architecture(&self) -> Architecture {
        self.arch
    }

    /// The number of positions.
    pub fn len(&self) -> usize {
        self.samples.len()
    }

    /// Whether there are no positions.
    pub fn is_empty(&self) -> bool {
        self.samples.is_empty()
    }

    /// How many records were skipped for a missing king.
    pub fn skipped(&self) -> usize {
        self.skipped
    }

    /// Position `i`'s features: the side to move's, then the other side's.
    #[inline]
    pub(crate) fn features(&self, i: usize) -> (&[u32], &[u32]) {
        let s = &self.samples[i];
        let (us, them) = (s.us as usize, s.them as usize);
        let all = &self.features[s.start..s.start + us + them];
        all.split_at(us)
    }

    /// Position `i`'s target: `lambda` of the score's winning chance, the rest of the game's
    /// result (1 win, 1/2 draw, 0 loss), all for the side to move.
    #[inline]
    pub(crate) fn target(&self, i: usize, lambda: f32) -> f32 {
        let s = &self.samples[i];
        let from_score = sigmoid(f32::from(s.score) / SCORE_SCALE);
        let from_result = (f32::from(s.result.clamp(-1, 1)) + 1.0) / 2.0;
        lambda * from_score + (1.0 - lambda) * from_result
    }
}

/// The logistic function.
#[inline]
pub(crate) fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}
