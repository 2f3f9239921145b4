//! Correction history: how far the search's results have strayed from the static evaluation
//! in positions that share a feature, learned as the search goes and added to the static
//! evaluation before it is used for pruning. An evaluation that is wrong in a systematic way
//! (it misjudges a pawn structure, or a hand, or what usually follows a move) is wrong in
//! every position with that feature, and the search's scores there say by how much.
//!
//! Three features, each a table by side to move: the pawns of both sides (hashed), the
//! hands of both sides (hashed), and the move just played (its continuation slot).
//!
//! CITE: correction history — <https://www.chessprogramming.org/Static_Evaluation_Correction_History>.

use super::history::CONT_SLOTS;
use tokin_core::{Color, PieceKind, Position};

/// Entries of the pawn and hand tables (a power of two).
const ENTRIES: usize = 1 << 14;
/// Entries stay within this bound; one centipawn is [`GRAIN`] units.
const LIMIT: i32 = 8192;
/// Units per centipawn in an entry.
const GRAIN: i32 = 32;
/// The most one update moves an entry, in units.
const MAX_STEP: i32 = LIMIT / 4;

/// One table of corrections, by side to move and index.
struct Table {
    entries: Vec<[i16; 2]>,
}

impl Table {
    fn new(len: usize) -> Table {
        Table {
            entries: vec![[0; 2]; len],
        }
    }

    #[inline]
    fn get(&self, side: Color, index: usize) -> i32 {
        self.entries
            .get(index)
            .map_or(0, |e| i32::from(e[side.index()]))
    }

    /// Moves the entry toward `step` (in units) with gravity: the closer it is to the
    /// bound, the less it moves that way.
    #[inline]
    fn update(&mut self, side: Color, index: usize, step: i32) {
        if let Some(e) = self.entries.get_mut(index) {
            let v = i32::from(e[side.index()]);
            e[side.index()] = (v + step - v * step.abs() / LIMIT).clamp(-LIMIT, LIMIT) as i16;
        }
    }
}

/// The tables of one search thread, kept between searches like the move histories.
pub(crate) struct Correction {
    pawns: Table,
    hands: Table,
    /// By the continuation slot of the move that led here.
    last_move: Table,
}

/// Where a position's entries are: its pawn and hand indexes and the slot of the move that
/// led to it (`CONT_SLOTS` or more for none).
#[derive(Clone, Copy)]
pub(crate) struct CorrectionKeys {
    pawns: usize,
    hands: usize,
    last_move: usize,
}

/// Mixes 128 bits into 64, the best mixed at the top.
#[inline]
fn mix(bits: u128) -> u64 {
    let x = (bits as u64) ^ ((bits >> 64) as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    x.wrapping_mul(0xD6E8_FEB8_6659_FD93)
}

/// The top bits of `hash` as an index of a table of `entries` (a power of two).
#[inline]
pub(crate) fn top_bits(hash: u64, entries: usize) -> usize {
    (hash >> (64 - entries.trailing_zeros())) as usize
}

/// A hash of the pawns of both sides of `pos`, the best mixed bits at the top.
#[inline]
pub(crate) fn pawn_hash(pos: &Position) -> u64 {
    let pawns = |c| pos.pieces_of(c, PieceKind::Pawn).bits();
    // Each side's pawns fill 81 bits and two of them do not fit in 128: white's are
    // rotated 47 bits up, so only bits 47-80 hold both (black's files 6-9 over white's
    // files 1-4), where a pair of pawns can cancel and two structures share an entry.
    mix(pawns(Color::Black) ^ pawns(Color::White).rotate_left(47))
}

impl CorrectionKeys {
    /// The keys of `pos`, reached by a move in continuation slot `last_move`.
    #[inline]
    pub(crate) fn new(pos: &Position, last_move: usize) -> CorrectionKeys {
        CorrectionKeys::with_pawn_hash(pos, pawn_hash(pos), last_move)
    }

    /// [`CorrectionKeys::new`] with `pos`'s [`pawn_hash`] already worked out (the search
    /// also keys its pawn history by it).
    #[inline]
    pub(crate) fn with_pawn_hash(pos: &Position, pawns: u64, last_move: usize) -> CorrectionKeys {
        let hand_bits = u128::from(pos.hand(Color::Black).bits())
            | u128::from(pos.hand(Color::White).bits()) << 32;
        CorrectionKeys {
            pawns: top_bits(pawns, ENTRIES),
            hands: top_bits(mix(hand_bits), ENTRIES),
            last_move,
        }
    }
}

impl Correction {
    pub(crate) fn new() -> Correction {
        Correction {
            pawns: Table::new(ENTRIES),
            hands: Table::new(ENTRIES),
            last_move: Table::new(CONT_SLOTS),
        }
    }

    /// The correction in centipawns for `side` to move at `keys`.
    #[inline]
    pub(crate) fn value(&self, side: Color, keys: CorrectionKeys) -> i32 {
        let units = 2 * self.pawns.get(side, keys.pawns)
            + 2 * self.hands.get(side, keys.hands)
            + self.last_move.get(side, keys.last_move);
        units / (4 * GRAIN)
    }

    /// Learns from a search of `depth` plies that scored `diff` centipawns above the
    /// corrected static evaluation. At depth 8 one update moves the correction by a quarter
    /// of `diff` (the five weights of [`Self::value`] share it), more when deeper: a step
    /// that large settles the correction within a few visits without overshooting.
    pub(crate) fn update(&mut self, side: Color, keys: CorrectionKeys, diff: i32, depth: i32) {
        let step = (diff * GRAIN * depth / 40).clamp(-MAX_STEP, MAX_STEP);
        self.pawns.update(side, keys.pawns, step);
        self.hands.update(side, keys.hands, step);
        self.last_move.update(side, keys.last_move, step);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn corrections_follow_the_search_and_stay_bounded() {
        let pos = Position::startpos();
        let keys = CorrectionKeys::new(&pos, 0);
        let mut c = Correction::new();
        assert_eq!(c.value(Color::Black, keys), 0);
        for _ in 0..200 {
            c.update(Color::Black, keys, 10_000, 20);
        }
        let high = c.value(Color::Black, keys);
        // Each table is bounded by LIMIT units: 5 * LIMIT / (4 * GRAIN) centipawns in all.
        assert_eq!(high, 5 * LIMIT / (4 * GRAIN));
        // White's entries and another move's are untouched.
        assert_eq!(c.value(Color::White, keys), 0);
        // Fed back its own error against a true offset of -30, it settles there.
        for _ in 0..100 {
            let diff = -30 - c.value(Color::Black, keys);
            c.update(Color::Black, keys, diff, 8);
        }
        let v = c.value(Color::Black, keys);
        assert!((v + 30).abs() <= 3, "{v}");
    }

    #[test]
    fn pawns_and_hands_are_keyed_apart() {
        let a = Position::from_sfen(
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2",
        )
        .unwrap();
        let b = Position::startpos();
        let (ka, kb) = (CorrectionKeys::new(&a, 0), CorrectionKeys::new(&b, 0));
        assert_ne!(ka.pawns, kb.pawns);
        assert_eq!(ka.hands, kb.hands);
    }
}
