//! The statistics one search thread learns and keeps from one search to the next: the
//! move-ordering histories ([`super::history`]) and the evaluation corrections
//! ([`super::correction`]), held together above both.

use super::correction::Correction;
use super::history::{CaptureHistory, ContHistory, History, PawnHistory};

/// The move-ordering statistics one search thread learns, kept between searches.
pub(crate) struct HistoryTables {
    pub(super) history: History,
    /// Continuation history one and two plies back.
    pub(super) cont: [ContHistory; 2],
    pub(super) pawns: PawnHistory,
    pub(super) captures: CaptureHistory,
    /// Corrections to the static evaluation.
    pub(super) correction: Correction,
}

impl HistoryTables {
    pub(crate) fn new() -> HistoryTables {
        HistoryTables {
            history: History::new(),
            cont: [ContHistory::new(), ContHistory::new()],
            pawns: PawnHistory::new(),
            captures: CaptureHistory::new(),
            correction: Correction::new(),
        }
    }
}
