//! The positions on the current path of the search, found by board.
//!
//! A position on the path again is a repetition: the attacker gains nothing by going round
//! the cycle, so the search counts it as a disproof that depends on the path ([`super::mid`]).
//! The same holds for a position with the same board and side to move as one on the path
//! and an attacker's hand that the earlier one's covers (the defender then holds the
//! difference): any mate from the later, worse position would also mate from the earlier
//! one, in fewer plies, without the detour. Finding those is what the path is for: its
//! positions are kept by board, each with the attacker's hand and its ply, and the few that
//! share a board are chained, newest first.

use super::KeyMap;
use tokin_core::Hand;

/// No entry (the end of a chain).
const NONE: u32 = u32::MAX;

/// One position on the path.
#[derive(Clone, Copy, Debug)]
struct Entry {
    board: u64,
    /// The attacker's hand.
    hand: Hand,
    ply: u16,
    /// The entry before it with the same board ([`NONE`]: none).
    prev: u32,
}

/// The path's positions, deepest last.
#[derive(Default)]
pub(super) struct Path {
    entries: Vec<Entry>,
    /// The newest entry of each board on the path.
    newest: KeyMap<u32>,
}

impl Path {
    /// Adds the position with `board` and attacker's `hand` at `ply`, below the others.
    pub(super) fn push(&mut self, board: u64, hand: Hand, ply: u16) {
        let index = u32::try_from(self.entries.len()).unwrap_or(NONE);
        let prev = self.newest.insert(board, index).unwrap_or(NONE);
        self.entries.push(Entry {
            board,
            hand,
            ply,
            prev,
        });
    }

    /// Removes the deepest position.
    pub(super) fn pop(&mut self) {
        if let Some(e) = self.entries.pop() {
            if e.prev == NONE {
                self.newest.remove(&e.board);
            } else {
                self.newest.insert(e.board, e.prev);
            }
        }
    }

    /// Empties the path.
    pub(super) fn clear(&mut self) {
        self.entries.clear();
        self.newest.clear();
    }

    /// The ply of the deepest position on the path with `board` whose attacker's hand
    /// covers `hand` (the same position, or one at least as good for the attacker).
    pub(super) fn covering(&self, board: u64, hand: Hand) -> Option<u16> {
        let mut i = *self.newest.get(&board)?;
        while let Some(e) = self.entries.get(i as usize) {
            if e.hand.covers(hand) {
                return Some(e.ply);
            }
            i = e.prev;
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::Path;
    use tokin_core::{Hand, HandPiece};

    fn hand(pieces: &[(HandPiece, u8)]) -> Hand {
        pieces.iter().fold(Hand::EMPTY, |h, &(p, n)| {
            h.with_count(p, n).expect("a count that fits")
        })
    }

    #[test]
    fn finds_the_deepest_position_whose_hand_covers() {
        let mut path = Path::default();
        let (a, b) = (0x1111, 0x2222);
        let gold = hand(&[(HandPiece::Gold, 1)]);
        let gold_silver = hand(&[(HandPiece::Gold, 1), (HandPiece::Silver, 1)]);
        path.push(a, gold_silver, 0);
        path.push(b, Hand::EMPTY, 1);
        path.push(a, gold, 2);
        // The same board with a hand both cover: the deeper one.
        assert_eq!(path.covering(a, gold), Some(2));
        assert_eq!(path.covering(a, Hand::EMPTY), Some(2));
        // Only the shallower one covers a gold and a silver.
        assert_eq!(path.covering(a, gold_silver), Some(0));
        // A better hand than any on the path, or a board not on it: no repetition.
        assert_eq!(path.covering(a, hand(&[(HandPiece::Rook, 1)])), None);
        assert_eq!(path.covering(0x3333, Hand::EMPTY), None);
        assert_eq!(path.covering(b, gold), None);
        // Popping restores the board's older entry, then removes it.
        path.pop();
        assert_eq!(path.covering(a, gold), Some(0));
        path.pop();
        path.pop();
        assert_eq!(path.covering(a, Hand::EMPTY), None);
        path.push(b, gold, 0);
        path.clear();
        assert_eq!(path.covering(b, Hand::EMPTY), None);
        path.pop();
    }
}
