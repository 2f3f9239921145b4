//! Pieces in hand (持ち駒, *mochigoma*).

use crate::{HandPiece, PieceKind};
use core::fmt;

/// The pieces one side holds in hand: a count for each of the seven [`HandPiece`]s.
///
/// Packed into one `u32`, a byte-aligned field per piece would waste space, so each piece has
/// a field just wide enough for what [`Hand::capacity`] allows (5 bits for pawns, 3 for lance
/// to gold, 2 for bishop and rook), with a clear guard bit above each field. Adding or
/// removing a piece is one add or subtract. Every way to build a hand checks the count
/// ([`Hand::with_count`], [`Hand::checked_add`], [`Hand::checked_remove`]), so a field never
/// overflows into its guard bit: the guard bits of a `Hand` are always clear.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, Debug)]
pub struct Hand(u32);

const SHIFT: [u32; 7] = [0, 6, 10, 14, 18, 22, 25];
const MASK: [u32; 7] = [0x1f, 0x7, 0x7, 0x7, 0x7, 0x3, 0x3];

/// The bit just above each field. An add that overflows a full field carries into it, and a
/// subtract from an empty field borrows through it (whatever lies above), so one test of these
/// bits after the arithmetic tells whether a count left its range.
const GUARDS: u32 = {
    let mut g = 0;
    let mut i = 0;
    while i < 7 {
        g |= (MASK[i] + 1) << SHIFT[i];
        i += 1;
    }
    g
};

// The fields and their guard bits fit one `u32` without overlapping, and a full set of each
// piece fits its field: a position that passes the strict checks (at most a set of each kind,
// `Setup::validate`) is within the relaxed limits (`Setup::validate_relaxed`, at most
// `capacity` of each), which is what makes `Hand::add` safe for every position. The asserts
// run at compile time (a `const` item), so no input can reach them.
const _: () = {
    let mut used = 0u32;
    let mut i = 0;
    while i < 7 {
        let field = (MASK[i] << SHIFT[i]) | ((MASK[i] + 1) << SHIFT[i]);
        assert!(used & field == 0, "hand fields overlap");
        used |= field;
        assert!(
            HandPiece::ALL[i].kind().set_count() as u32 <= MASK[i],
            "a full set does not fit a hand field"
        );
        i += 1;
    }
};

impl Hand {
    /// An empty hand.
    pub const EMPTY: Hand = Hand(0);

    /// How many of `piece` are held.
    #[inline]
    pub const fn count(self, piece: HandPiece) -> u8 {
        let i = piece.index();
        ((self.0 >> SHIFT[i]) & MASK[i]) as u8
    }

    /// Whether at least one `piece` is held.
    #[inline]
    pub const fn has(self, piece: HandPiece) -> bool {
        self.count(piece) > 0
    }

    /// Whether the hand holds nothing.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The most of `piece` a hand can record: 31 pawns, 7 lances, knights, silvers or golds,
    /// 3 bishops or rooks. That is more than a set has (which [`Setup::validate`] enforces)
    /// so that the problem positions of published perft suites, which have extra pieces, can
    /// still be represented.
    ///
    /// [`Setup::validate`]: crate::Setup::validate
    #[inline]
    pub const fn capacity(piece: HandPiece) -> u8 {
        MASK[piece.index()] as u8
    }

    /// The same hand with `n` of `piece`, or `None` when `n` is more than
    /// [`Hand::capacity`].
    pub const fn with_count(self, piece: HandPiece, n: u8) -> Option<Hand> {
        if n > Hand::capacity(piece) {
            return None;
        }
        let i = piece.index();
        Some(Hand(
            (self.0 & !(MASK[i] << SHIFT[i])) | ((n as u32) << SHIFT[i]),
        ))
    }

    /// The same hand with one more `piece`, or `None` when it already holds
    /// [`Hand::capacity`] of them.
    #[inline]
    pub const fn checked_add(self, piece: HandPiece) -> Option<Hand> {
        let h = self.0.wrapping_add(1 << SHIFT[piece.index()]);
        if h & GUARDS != 0 { None } else { Some(Hand(h)) }
    }

    /// The same hand with one `piece` fewer, or `None` when it holds none.
    #[inline]
    pub const fn checked_remove(self, piece: HandPiece) -> Option<Hand> {
        let h = self.0.wrapping_sub(1 << SHIFT[piece.index()]);
        if h & GUARDS != 0 { None } else { Some(Hand(h)) }
    }

    /// Adds one `piece`: the capture path of [`Position`](crate::Position), which is hot and
    /// needs no check.
    ///
    /// It cannot overflow for a position's hand. Every position is checked when it is built
    /// ([`Setup::validate`](crate::Setup::validate) or `validate_relaxed`): counting the
    /// pieces of each kind on the board (promoted or not) and in both hands, there are at most
    /// [`Hand::capacity`] of them. A move only carries pieces between the board and the
    /// hands (a capture moves one from the board to a hand, a drop one from a hand to the
    /// board; `Position::play_unchecked` refuses a drop of a piece not held), so that total
    /// never grows, and no hand can hold more than the total. Debug builds check it anyway.
    #[inline]
    pub(crate) fn add(&mut self, piece: HandPiece) {
        debug_assert!(self.count(piece) < Hand::capacity(piece));
        self.0 += 1 << SHIFT[piece.index()];
    }

    /// Removes one `piece`. The caller has checked that it is held (the drop path of
    /// [`Position`](crate::Position) tests [`Hand::has`] first), so this cannot underflow.
    #[inline]
    pub(crate) fn remove(&mut self, piece: HandPiece) {
        debug_assert!(self.has(piece));
        self.0 -= 1 << SHIFT[piece.index()];
    }

    /// Whether every count of `self` is at least the count in `other` (a superior hand).
    ///
    /// One subtraction for all seven fields: with every guard bit of `self` set, a field's
    /// subtraction borrows from its own guard bit and never further (a count is below its
    /// guard bit's value), and the guard bit stays set exactly when `self`'s count is the
    /// larger or equal. A mate solver asks this of every table entry it meets.
    #[inline]
    pub fn covers(self, other: Hand) -> bool {
        (self.0 | GUARDS).wrapping_sub(other.0) & GUARDS == GUARDS
    }

    /// The pieces held, pawn first, with their counts.
    pub fn iter(self) -> impl Iterator<Item = (HandPiece, u8)> {
        HandPiece::ALL
            .into_iter()
            .map(move |p| (p, self.count(p)))
            .filter(|&(_, n)| n > 0)
    }

    /// The raw packed value (for hashing tables).
    #[inline]
    pub const fn bits(self) -> u32 {
        self.0
    }

    /// The hand whose packed value is `bits` (as [`Hand::bits`] gave it), or `None` for a
    /// value no hand has (a guard bit or a bit above the last field set).
    ///
    /// ```
    /// use tokin_core::{Hand, HandPiece};
    /// let h = Hand::EMPTY.with_count(HandPiece::Gold, 2).unwrap();
    /// assert_eq!(Hand::from_bits(h.bits()), Some(h));
    /// assert_eq!(Hand::from_bits(u32::MAX), None);
    /// ```
    #[inline]
    pub const fn from_bits(bits: u32) -> Option<Hand> {
        let top = SHIFT[6] + 3;
        if bits & GUARDS != 0 || bits >> top != 0 {
            None
        } else {
            Some(Hand(bits))
        }
    }

    /// The total number of pieces held.
    pub fn total(self) -> u32 {
        self.iter().map(|(_, n)| n as u32).sum()
    }
}

impl fmt::Display for Hand {
    /// Writes the SFEN hand of Black (upper case), rook first: `R2B3P`. Empty hands write nothing.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for p in HandPiece::ALL.into_iter().rev() {
            let n = self.count(p);
            if n > 1 {
                write!(f, "{n}")?;
            }
            if n > 0 {
                f.write_str(PieceKind::from(p).usi_str())?;
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
        for p in HandPiece::ALL {
            for _ in 0..p.kind().set_count() {
                h.add(p);
            }
        }
        for p in HandPiece::ALL {
            assert_eq!(h.count(p), p.kind().set_count());
        }
        h.remove(HandPiece::Gold);
        assert_eq!(h.count(HandPiece::Gold), 3);
        assert_eq!(h.count(HandPiece::Silver), 4);
        assert_eq!(Hand::EMPTY.with_count(HandPiece::Rook, 4), None);
        let h = Hand::EMPTY
            .with_count(HandPiece::Pawn, 3)
            .and_then(|h| h.with_count(HandPiece::Rook, 1));
        assert_eq!(h.map(|h| h.to_string()), Some("R3P".to_string()));
    }

    /// Checked adds stop at the capacity and checked removes at zero, for every piece and
    /// whatever the other counts are, and never disturb a neighbouring count.
    #[test]
    fn checked_arithmetic_stays_in_range() {
        for fill in [0u8, 1, u8::MAX] {
            // Every other piece at 0, at 1, or full.
            let mut base = Hand::EMPTY;
            for p in HandPiece::ALL {
                base = base.with_count(p, fill.min(Hand::capacity(p))).unwrap();
            }
            for p in HandPiece::ALL {
                let empty = base.with_count(p, 0).unwrap();
                assert_eq!(empty.checked_remove(p), None, "{p:?} below zero");
                let mut h = empty;
                for n in 1..=Hand::capacity(p) {
                    h = h.checked_add(p).unwrap();
                    assert_eq!(h.count(p), n);
                }
                assert_eq!(h.checked_add(p), None, "{p:?} above {}", Hand::capacity(p));
                for q in HandPiece::ALL.into_iter().filter(|&q| q != p) {
                    assert_eq!(h.count(q), base.count(q), "{q:?} disturbed by {p:?}");
                }
                for n in (0..Hand::capacity(p)).rev() {
                    h = h.checked_remove(p).unwrap();
                    assert_eq!(h.count(p), n);
                }
                assert_eq!(h, empty);
            }
        }
    }

    /// `covers` agrees with its definition, count by count, on pairs of hands that differ
    /// in every way a field can: each count at zero, one, its capacity and in between,
    /// against the same with one count moved up or down (a borrow from one field must not
    /// reach the next).
    #[test]
    fn covers_is_every_count_at_least() {
        let by_count = |a: Hand, b: Hand| HandPiece::ALL.iter().all(|&p| a.count(p) >= b.count(p));
        let levels = |p: HandPiece| {
            let c = Hand::capacity(p);
            [0, 1, c / 2, c.saturating_sub(1), c]
        };
        let mut hands = Vec::new();
        for i in 0..5 {
            for j in 0..5 {
                let mut h = Hand::EMPTY;
                for (k, p) in HandPiece::ALL.into_iter().enumerate() {
                    let n = levels(p)[if k % 2 == 0 { i } else { j }];
                    h = h.with_count(p, n).unwrap();
                }
                hands.push(h);
                for p in HandPiece::ALL {
                    if let Some(up) = h.checked_add(p) {
                        hands.push(up);
                    }
                    if let Some(down) = h.checked_remove(p) {
                        hands.push(down);
                    }
                }
            }
        }
        for &a in &hands {
            for &b in &hands {
                assert_eq!(a.covers(b), by_count(a, b), "{a} against {b}");
            }
        }
    }
}
