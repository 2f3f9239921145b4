//! Training positions: each record's position turned once into its active features from
//! both sides (side to move first, as the network reads them), with its score and result;
//! optionally followed by the same position mirrored left to right, which is worth the same
//! (the rules do not tell the files 1 and 9 apart) and doubles what the records teach.

use super::model::Model;
use crate::psv::PsvRecord;
use core::fmt;
use rayon::prelude::*;
use tokin_core::{Kings, Position, Setup};
use tokin_engine::eval::nnue::Architecture;

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
    /// Whether each position is followed by its mirror image (samples come in pairs).
    mirror: bool,
    features: Vec<u32>,
    samples: Vec<Sample>,
    skipped: usize,
}

/// `pos` mirrored left to right (file 1 ↔ file 9), or `None` if the mirror image is not a
/// position of the game (it always is for one that is).
pub(crate) fn mirrored(pos: &Position) -> Option<Position> {
    let mut setup: Setup = pos.to_setup();
    let board = setup.board;
    for (i, piece) in setup.board.iter_mut().enumerate() {
        // Squares are numbered file by file, nine a file: file f becomes file 8 - f.
        *piece = board[(8 - i / 9) * 9 + i % 9];
    }
    setup.validate(Kings::Both).ok()
}

impl Dataset {
    /// An empty dataset for networks of `arch`.
    pub fn new(arch: Architecture) -> Dataset {
        Dataset {
            arch,
            mirror: false,
            features: Vec::new(),
            samples: Vec::new(),
            skipped: 0,
        }
    }

    /// An empty dataset for networks of `arch` that adds each record twice: as it is, and
    /// mirrored left to right. The mirror images are trained on, never held out to validate
    /// on ([`Dataset::records`] counts the records, [`Dataset::len`] the positions).
    pub fn with_mirror(arch: Architecture) -> Dataset {
        Dataset {
            mirror: true,
            ..Dataset::new(arch)
        }
    }

    /// Whether each record is added mirrored too.
    pub fn is_mirrored(&self) -> bool {
        self.mirror
    }

    /// The records added (not skipped).
    pub fn records(&self) -> usize {
        self.samples.len() / self.stride()
    }

    /// The positions of each record: record `r`'s are the `stride` from `r * stride`, the
    /// record itself first, then its mirror image.
    pub(crate) fn stride(&self) -> usize {
        if self.mirror { 2 } else { 1 }
    }

    /// Adds `records` (on the current rayon pool). A position without both kings (which the
    /// networks know nothing of) is skipped and counted ([`Dataset::skipped`]).
    ///
    /// # Errors
    /// The first record that is not a position; nothing of `records` is added then.
    pub fn add_records(&mut self, records: &[PsvRecord]) -> Result<(), DataError> {
        let (arch, mirror) = (self.arch, self.mirror);
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
                    let Some((us, them)) = Model::features_of(arch, &pos) else {
                        skipped += 1;
                        continue;
                    };
                    let mut add = |(us, them): (Vec<u32>, Vec<u32>)| {
                        samples.push((us.len() as u32, them.len() as u32, r.score, r.result));
                        feats.extend_from_slice(&us);
                        feats.extend_from_slice(&them);
                    };
                    if mirror {
                        // A record's image lies beside it, so that records stay whole.
                        let image = mirrored(&pos)
                            .and_then(|m| Model::features_of(arch, &m))
                            .unwrap_or_else(|| (us.clone(), them.clone()));
                        add((us, them));
                        add(image);
                    } else {
                        add((us, them));
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
