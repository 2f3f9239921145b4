//! Pieces in hand (持ち駒, *mochigoma*).

use crate::PieceKind;
use core::fmt;

/// The pieces one side holds in hand: a count for each of the seven hand kinds.
///
/// Packed into one `u32`, a byte-aligned field per kind would waste space, so each kind has a
/// field just wide enough for a whole set (5 bits for pawns, 3 for lance to gold, 2 for bishop
/// and rook). Adding or removing a piece is one add or subtract. Counts are checked on the way
/// in ([`Hand::with_count`]) so a field can never overflow into its neighbour.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, Debug)]
pub struct Hand(u32);

const SHIFT: [u32; 7] = [0, 6, 10, 14, 18, 22, 25];
const MASK: [u32; 7] = [0x1f, 0x7, 0x7, 0x7, 0x7, 0x3, 0x3];

impl Hand {
    /// An empty hand.
    pub const EMPTY: Hand = Hand(0);

    /// How many pieces of `kind` (a hand kind) are held; 0 for kinds that cannot be held.
    #[inline]
    pub const fn count(self, kind: PieceKind) -> u8 {
        if !kind.is_hand_kind() {
            return 0;
        }
        let i = kind.index();
        ((self.0 >> SHIFT[i]) & MASK[i]) as u8
    }

    /// Whether at least one piece of `kind` is held.
    #[inline]
    pub const fn has(self, kind: PieceKind) -> bool {
        self.count(kind) > 0
    }

    /// Whether the hand holds nothing.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The most pieces of `kind` a hand can record: 31 pawns, 7 lances, knights, silvers or
    /// golds, 3 bishops or rooks. That is more than a set has (which [`Setup::validate`]
    /// enforces) so that the problem positions of published perft suites, which have extra
    /// pieces, can still be represented.
    ///
    /// [`Setup::validate`]: crate::Setup::validate
    pub const fn capacity(kind: PieceKind) -> u8 {
        if kind.is_hand_kind() {
            MASK[kind.index()] as u8
        } else {
            0
        }
    }

    /// The same hand with `n` pieces of `kind`, or `None` when `kind` cannot be held or `n`
    /// is more than [`Hand::capacity`].
    pub const fn with_count(self, kind: PieceKind, n: u8) -> Option<Hand> {
        if !kind.is_hand_kind() || n > Hand::capacity(kind) {
            return None;
        }
        let i = kind.index();
        Some(Hand(
            (self.0 & !(MASK[i] << SHIFT[i])) | ((n as u32) << SHIFT[i]),
        ))
    }

    /// Adds one piece of `kind` (a hand kind whose count is below a full set).
    #[inline]
    pub(crate) fn add(&mut self, kind: PieceKind) {
        debug_assert!(self.count(kind) < Hand::capacity(kind));
        self.0 += 1 << SHIFT[kind.index()];
    }

    /// Removes one piece of `kind`, which must be held.
    #[inline]
    pub(crate) fn remove(&mut self, kind: PieceKind) {
        debug_assert!(self.has(kind));
        self.0 -= 1 << SHIFT[kind.index()];
    }

    /// Whether every count of `self` is at least the count in `other` (a superior hand).
    pub fn covers(self, other: Hand) -> bool {
        PieceKind::HAND
            .iter()
            .all(|&k| self.count(k) >= other.count(k))
    }

    /// The kinds held, pawn first, with their counts.
    pub fn iter(self) -> impl Iterator<Item = (PieceKind, u8)> {
        PieceKind::HAND
            .into_iter()
            .map(move |k| (k, self.count(k)))
            .filter(|&(_, n)| n > 0)
    }

    /// The raw packed value (for hashing tables).
    #[inline]
    pub const fn bits(self) -> u32 {
        self.0
    }

    /// The total number of pieces held.
    pub fn total(self) -> u32 {
        self.iter().map(|(_, n)| n as u32).sum()
    }
}

impl fmt::Display for Hand {
    /// Writes the SFEN hand of Black (upper case), rook first: `R2B3P`. Empty hands write nothing.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for k in PieceKind::HAND.into_iter().rev() {
            let n = self.count(k);
            if n > 1 {
                write!(f, "{n}")?;
            }
            if n > 0 {
                f.write_str(k.usi_str())?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_are_independent() {
        let mut h = Hand::EMPTY;
        for k in PieceKind::HAND {
            for _ in 0..k.set_count() {
                h.add(k);
            }
        }
        for k in PieceKind::HAND {
            assert_eq!(h.count(k), k.set_count());
        }
        h.remove(PieceKind::Gold);
        assert_eq!(h.count(PieceKind::Gold), 3);
        assert_eq!(h.count(PieceKind::Silver), 4);
        assert_eq!(Hand::EMPTY.with_count(PieceKind::Rook, 4), None);
        assert_eq!(Hand::EMPTY.with_count(PieceKind::King, 1), None);
        let h = Hand::EMPTY
            .with_count(PieceKind::Pawn, 3)
            .and_then(|h| h.with_count(PieceKind::Rook, 1));
        assert_eq!(h.map(|h| h.to_string()), Some("R3P".to_string()));
    }
}
