//! What the search learns about moves as it goes, for ordering them: the history of cutoffs
//! by side and move, continuation history by the one or two moves before, pawn history by
//! pawn structure, and capture history by the capturing and captured kinds. A
//! search thread keeps its tables from one search to the next ([`super::tables::HistoryTables`]).
//!
//! CITE: history heuristic — <https://www.chessprogramming.org/History_Heuristic>.

use super::tables::HistoryTables;
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
        *e = gravity(*e, bonus);
    }
}

/// Indexes continuation history by the piece a move leaves on its destination (its colour
/// left out: the tables are kept by side to move) and that destination.
pub(crate) const CONT_SLOTS: usize = 14 * 81;

/// Moves `e` toward `bonus` (saturating at `HISTORY_MAX`): the closer it is to the bound,
/// the less it moves that way.
#[inline]
fn gravity(e: i32, bonus: i32) -> i32 {
    let b = bonus.clamp(-HISTORY_MAX, HISTORY_MAX);
    e + b - e * b.abs() / HISTORY_MAX
}

/// A table of `i16` entries in rows of [`CONT_SLOTS`], mapped zeroed ([`Zeroed`]): a new
/// game makes new tables, and only the rows its searches touch cost anything.
struct SlotRows {
    table: Zeroed<i16>,
}

impl SlotRows {
    /// `rows` empty rows. Like a `Vec`'s, a failed allocation ends the process.
    fn new(rows: usize) -> SlotRows {
        let len = rows * CONT_SLOTS;
        match Zeroed::new(len, 64) {
            Some(table) => SlotRows { table },
            None => std::alloc::handle_alloc_error(
                std::alloc::Layout::array::<i16>(len).expect("a fixed, small size"),
            ),
        }
    }

    #[inline]
    fn row(&self, row: usize) -> &[i16] {
        &self.table[row * CONT_SLOTS..(row + 1) * CONT_SLOTS]
    }

    #[inline]
    fn update(&mut self, row: usize, slot: usize, bonus: i32) {
        let e = &mut self.table[row * CONT_SLOTS + slot];
        *e = gravity(i32::from(*e), bonus) as i16;
    }
}

/// Continuation history: how good a quiet move was right after a given earlier move (one or
/// two plies back), indexed by the side to move (the slots name a piece's kind, not its
/// colour), the earlier move's piece and square, and this move's.
///
/// CITE: <https://www.chessprogramming.org/History_Heuristic> (counter-move and follow-up
/// history, as combined in continuation history).
pub(crate) struct ContHistory {
    rows: SlotRows,
}

impl ContHistory {
    /// An empty table (5 MB, mapped zeroed).
    pub(crate) fn new() -> ContHistory {
        ContHistory {
            rows: SlotRows::new(2 * CONT_SLOTS),
        }
    }

    /// The row of entries for `side`'s moves after the earlier move `prev`, if it is a slot.
    #[inline]
    fn row(&self, side: Color, prev: usize) -> Option<&[i16]> {
        (prev < CONT_SLOTS).then(|| self.rows.row(side.index() * CONT_SLOTS + prev))
    }

    #[inline]
    pub(crate) fn update(&mut self, side: Color, prev: usize, cur: usize, bonus: i32) {
        if prev < CONT_SLOTS {
            self.rows
                .update(side.index() * CONT_SLOTS + prev, cur, bonus);
        }
    }
}

/// Pawn structures a side's pawn history tells apart (a power of two).
const PAWN_STRUCTURES: usize = 512;

/// Pawn history: how good a quiet move (by the piece it leaves and its destination) was in
/// positions of the same pawn structure, by side to move. Moves that suit a structure (a
/// silver up the file a pawn has left) suit it wherever the other pieces stand.
pub(crate) struct PawnHistory {
    rows: SlotRows,
}

/// The pawn-history row of a position: its pawn structure's index.
#[derive(Clone, Copy)]
pub(crate) struct PawnIndex(usize);

impl PawnIndex {
    /// The index of `pos`'s pawns (both sides').
    #[cfg(test)]
    pub(crate) fn of(pos: &Position) -> PawnIndex {
        PawnIndex::from_hash(crate::search::correction::pawn_hash(pos))
    }

    /// The index of the pawns whose [`pawn_hash`](crate::search::correction::pawn_hash) is
    /// `hash`.
    #[inline]
    pub(crate) fn from_hash(hash: u64) -> PawnIndex {
        PawnIndex(crate::search::correction::top_bits(hash, PAWN_STRUCTURES))
    }
}

impl PawnHistory {
    pub(crate) fn new() -> PawnHistory {
        PawnHistory {
            rows: SlotRows::new(2 * PAWN_STRUCTURES),
        }
    }

    #[inline]
    fn row(&self, side: Color, pawns: PawnIndex) -> &[i16] {
        self.rows.row(side.index() * PAWN_STRUCTURES + pawns.0)
    }

    #[inline]
    pub(crate) fn update(&mut self, side: Color, pawns: PawnIndex, slot: usize, bonus: i32) {
        self.rows
            .update(side.index() * PAWN_STRUCTURES + pawns.0, slot, bonus);
    }
}

/// Capture history: how captures by one kind of piece of one kind of piece on one square
/// fared (rewarded when they cut off, punished when another move did), by side. It orders
/// the captures of one victim.
pub(crate) struct CaptureHistory {
    table: Box<[[[[i16; 14]; 81]; 14]; 2]>,
}

impl CaptureHistory {
    pub(crate) fn new() -> CaptureHistory {
        CaptureHistory {
            table: Box::new([[[[0; 14]; 81]; 14]; 2]),
        }
    }

    /// The entry of `side`'s capture of `victim` with `mv` by a piece of kind `mover`.
    #[inline]
    pub(crate) fn get(&self, side: Color, mover: PieceKind, mv: Move, victim: PieceKind) -> i32 {
        i32::from(self.table[side.index()][mover.index()][mv.to().index()][victim.index()])
    }

    #[inline]
    pub(crate) fn update(
        &mut self,
        side: Color,
        mover: PieceKind,
        mv: Move,
        victim: PieceKind,
        bonus: i32,
    ) {
        let e = &mut self.table[side.index()][mover.index()][mv.to().index()][victim.index()];
        *e = gravity(i32::from(*e), bonus) as i16;
    }
}

/// The history score of the quiet moves of one node: history, pawn history and
/// continuation history after the last two moves, with the tables' rows for that side,
/// pawn structure and those moves looked up once.
pub(crate) struct QuietScorer<'a> {
    history: &'a [[i32; 81]; 88],
    pawns: &'a [i16],
    cont: [Option<&'a [i16]>; 2],
}

impl<'a> QuietScorer<'a> {
    /// For `side` to move in pawn structure `pawns`, after moves in continuation slots
    /// `prev` (one and two plies back; [`CONT_SLOTS`] or more for none).
    #[inline]
    pub(crate) fn new(
        tables: &'a HistoryTables,
        side: Color,
        pawns: PawnIndex,
        prev: (usize, usize),
    ) -> QuietScorer<'a> {
        QuietScorer {
            history: tables.history.of(side),
            pawns: tables.pawns.row(side, pawns),
            cont: [
                tables.cont[0].row(side, prev.0),
                tables.cont[1].row(side, prev.1),
            ],
        }
    }

    /// `mv`'s score, `slot` being its continuation slot.
    #[inline]
    pub(crate) fn score(&self, mv: Move, slot: usize) -> i32 {
        let c = |row: Option<&[i16]>| row.map_or(0, |r| i32::from(r[slot]));
        2 * self.history[History::slot(mv)][mv.to().index()]
            + i32::from(self.pawns[slot])
            + c(self.cont[0])
            + c(self.cont[1])
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Each table keeps its entries within the bound, keeps the two sides apart, and moves
    /// toward the bonus.
    #[test]
    fn tables_learn_by_side_within_the_bound() {
        let mut tables = HistoryTables::new();
        let pos = Position::startpos();
        let mv = Move::from_usi("7g7f").unwrap();
        let slot = cont_slot(&pos, mv);
        let prev = cont_slot(&pos, Move::from_usi("3c3d").unwrap());
        let pawns = PawnIndex::of(&pos);
        for _ in 0..1000 {
            tables.history.update(Color::Black, mv, 3000);
            tables.cont[0].update(Color::Black, prev, slot, 3000);
            tables.pawns.update(Color::Black, pawns, slot, 3000);
        }
        let black = QuietScorer::new(&tables, Color::Black, pawns, (prev, CONT_SLOTS));
        let white = QuietScorer::new(&tables, Color::White, pawns, (prev, CONT_SLOTS));
        let top = black.score(mv, slot);
        assert!(top > 3 * HISTORY_MAX && top <= 4 * HISTORY_MAX, "{top}");
        assert_eq!(white.score(mv, slot), 0);
        for _ in 0..1000 {
            tables.cont[0].update(Color::Black, prev, slot, -3000);
        }
        let black = QuietScorer::new(&tables, Color::Black, pawns, (prev, CONT_SLOTS));
        assert!(black.score(mv, slot) < top - HISTORY_MAX);
    }

    /// Two pawn structures usually fall in different rows; the pieces besides do not count.
    #[test]
    fn pawn_index_follows_the_pawns_alone() {
        let start = Position::startpos();
        let moved = Position::from_sfen(
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2",
        )
        .unwrap();
        let rook =
            Position::from_sfen("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B3R3/LNSGKGSNL w - 2")
                .unwrap();
        assert_ne!(PawnIndex::of(&start).0, PawnIndex::of(&moved).0);
        assert_eq!(PawnIndex::of(&start).0, PawnIndex::of(&rook).0);
    }
}
