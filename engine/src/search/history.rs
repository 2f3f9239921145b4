//! What the search learns about quiet moves as it goes, for ordering them: the history of
//! cutoffs by side and move, and continuation history by the one or two moves before. A
//! search thread keeps its tables from one search to the next ([`super::tables::HistoryTables`]).
//!
//! CITE: history heuristic — <https://www.chessprogramming.org/History_Heuristic>.

use crate::memory::zeroed::Zeroed;
use tokin_core::{Color, Move, PieceKind, Position};

/// History scores stay within this bound (gravity keeps them there).
pub(crate) const HISTORY_MAX: i32 = 16384;

/// History of quiet moves that caused cutoffs, by side, origin (square or drop kind) and
/// destination.
pub(crate) struct History {
    table: Box<[[[i32; 81]; 88]; 2]>,
}

impl History {
    pub(crate) fn new() -> History {
        History {
            table: Box::new([[[0; 81]; 88]; 2]),
        }
    }

    /// The origin square's index, or 81 + the dropped kind's index (hand kinds come first
    /// among the kinds, so this is the move's own origin field).
    #[inline]
    fn slot(mv: Move) -> usize {
        mv.origin_field() as usize
    }

    #[inline]
    pub(crate) fn get(&self, side: Color, mv: Move) -> i32 {
        self.table[side.index()][Self::slot(mv)][mv.to().index()]
    }

    /// `side`'s table, for [`QuietScorer`].
    #[inline]
    fn of(&self, side: Color) -> &[[i32; 81]; 88] {
        &self.table[side.index()]
    }

    /// Moves the entry toward `bonus` (positive for a cutoff move, negative for the quiet
    /// moves tried before it), saturating at `HISTORY_MAX`.
    #[inline]
    pub(crate) fn update(&mut self, side: Color, mv: Move, bonus: i32) {
        let e = &mut self.table[side.index()][Self::slot(mv)][mv.to().index()];
        let b = bonus.clamp(-HISTORY_MAX, HISTORY_MAX);
        *e += b - *e * b.abs() / HISTORY_MAX;
    }
}

/// Indexes continuation history by the piece a move leaves on its destination (colour
/// ignored: the side is implied by the ply) and that destination.
pub(crate) const CONT_SLOTS: usize = 14 * 81;

/// Continuation history: how good a quiet move was right after a given earlier move (one or
/// two plies back), indexed by (earlier piece and square, this piece and square).
///
/// CITE: <https://www.chessprogramming.org/History_Heuristic> (counter-move and follow-up
/// history, as combined in continuation history).
///
/// The table (2.5 MB) is mapped zeroed for it ([`Zeroed`]): a new game makes new tables, and
/// only the rows its searches touch cost anything.
pub(crate) struct ContHistory {
    table: Zeroed<i16>,
}

impl ContHistory {
    /// An empty table. Like a `Vec`'s, a failed allocation ends the process.
    pub(crate) fn new() -> ContHistory {
        let len = CONT_SLOTS * CONT_SLOTS;
        match Zeroed::new(len, 64) {
            Some(table) => ContHistory { table },
            None => std::alloc::handle_alloc_error(
                std::alloc::Layout::array::<i16>(len).expect("a fixed, small size"),
            ),
        }
    }

    #[inline]
    pub(crate) fn get(&self, prev: usize, cur: usize) -> i32 {
        if prev >= CONT_SLOTS {
            return 0;
        }
        i32::from(self.table[prev * CONT_SLOTS + cur])
    }

    /// The row of entries after the earlier move `prev`, if it is a slot.
    #[inline]
    fn row(&self, prev: usize) -> Option<&[i16]> {
        if prev >= CONT_SLOTS {
            return None;
        }
        self.table.get(prev * CONT_SLOTS..(prev + 1) * CONT_SLOTS)
    }

    #[inline]
    pub(crate) fn update(&mut self, prev: usize, cur: usize, bonus: i32) {
        if prev >= CONT_SLOTS {
            return;
        }
        let e = &mut self.table[prev * CONT_SLOTS + cur];
        let b = bonus.clamp(-HISTORY_MAX, HISTORY_MAX);
        let v = i32::from(*e);
        *e = (v + b - v * b.abs() / HISTORY_MAX) as i16;
    }
}

/// The history score of the quiet moves of one node: history and continuation history after
/// the last two moves, with the tables' rows for that side and those moves looked up once.
pub(crate) struct QuietScorer<'a> {
    history: &'a [[i32; 81]; 88],
    cont: [Option<&'a [i16]>; 2],
}

impl<'a> QuietScorer<'a> {
    /// For `side` to move, after moves in continuation slots `prev` (one and two plies back;
    /// [`CONT_SLOTS`] or more for none).
    #[inline]
    pub(crate) fn new(
        history: &'a History,
        cont: &'a [ContHistory; 2],
        side: Color,
        prev: (usize, usize),
    ) -> QuietScorer<'a> {
        QuietScorer {
            history: history.of(side),
            cont: [cont[0].row(prev.0), cont[1].row(prev.1)],
        }
    }

    /// The same as `2 * history.get(side, mv) + cont[0].get(prev.0, slot) +
    /// cont[1].get(prev.1, slot)`.
    #[inline]
    pub(crate) fn score(&self, mv: Move, slot: usize) -> i32 {
        let c = |row: Option<&[i16]>| row.map_or(0, |r| i32::from(r[slot]));
        2 * self.history[History::slot(mv)][mv.to().index()] + c(self.cont[0]) + c(self.cont[1])
    }
}

/// The continuation-history slot of `mv` moving (or dropping) a piece of `kind`: the kind
/// it leaves on its destination, and the destination.
#[inline]
pub(crate) fn cont_slot_of(kind: PieceKind, mv: Move) -> usize {
    kind.promoted_if(mv.is_promotion()).index() * 81 + mv.to().index()
}

/// The continuation-history slot of `mv` in `pos`: the kind it leaves on its destination,
/// and the destination.
#[inline]
pub(crate) fn cont_slot(pos: &Position, mv: Move) -> usize {
    let kind = match mv.from() {
        None => mv.drop_kind().unwrap_or(PieceKind::Pawn),
        Some(f) => {
            let k = pos.piece_at(f).map_or(PieceKind::Pawn, |p| p.kind);
            k.promoted_if(mv.is_promotion())
        }
    };
    kind.index() * 81 + mv.to().index()
}
