//! Factorised training of HalfKP: besides each file feature (a piece on a square, with the
//! own king on a square), the model has a *virtual* feature for the piece on its square
//! wherever the king is, whose row every king square shares.
//!
//! HalfKP has 81 rows for what K-P learns in one, so with the data a small machine can make,
//! most of its rows would see a few positions each. The shared row learns from every
//! position, as K-P's does, and the file's own rows learn only what the king's square adds.
//! The file has no virtual features: writing it adds each virtual row into the rows it
//! stands for ([`Factor::fold`]), so the file evaluates exactly as the model does.

use tokin_engine::eval::nnue::{Architecture, FE_END};

/// Where a model's virtual rows lie: after the file's rows, one per BonaPiece.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Factor {
    /// The file's input features (one side): the virtual rows start here.
    file_inputs: usize,
}

impl Factor {
    /// The factor of `arch`'s models, if it has one (K-P's features are already shared by
    /// every king square).
    pub(crate) fn of(arch: Architecture) -> Option<Factor> {
        match arch {
            Architecture::HalfKp256 => Some(Factor {
                file_inputs: arch.input_dimensions(),
            }),
            // K-P, and any shape the engine adds later until it is given a factor here (the
            // enum is non-exhaustive outside the engine).
            _ => None,
        }
    }

    /// How many virtual features the model has beside the file's.
    pub(crate) fn virtual_inputs(self) -> usize {
        FE_END
    }

    /// The virtual row of file feature `f`: HalfKP numbers a feature
    /// `king square · FE_END + BonaPiece`.
    #[inline]
    pub(crate) fn row(self, f: usize) -> usize {
        self.file_inputs + f % FE_END
    }

    /// The file's rows of weights (`half` numbers each) from the model's `rows`: each file
    /// row with its virtual row added. The sums of integers stay integers, so the file's
    /// sums are the model's.
    pub(crate) fn fold(self, rows: &[i16], half: usize) -> Vec<i16> {
        let mut file = rows[..self.file_inputs * half].to_vec();
        for (f, row) in file.chunks_exact_mut(half).enumerate() {
            let v = self.row(f);
            for (w, &x) in row.iter_mut().zip(&rows[v * half..(v + 1) * half]) {
                *w = w.saturating_add(x);
            }
        }
        file
    }
}
