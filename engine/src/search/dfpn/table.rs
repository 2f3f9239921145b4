//! The solver's transposition table: proof and disproof numbers per position, keyed by the
//! board (with the side to move) and the attacker's hand.
//!
//! The attacker's hand is kept apart from the board because hands order positions: a
//! position proved with hand `h` is proved for every hand that covers `h` (the attacker
//! only has more to drop, the defender less), and one disproved with `h` is disproved for
//! every hand that `h` covers. A probe therefore scans every entry of the same board, not
//! only the one with the same hand. Entries of one board live in one small window of the
//! table, so that scan is a few slots.
//!
//! Within one solve, the pieces of each kind on the board and in both hands add up to the
//! same count, so the board and the attacker's hand also fix the defender's hand.

use crate::{Hand, HandPiece};

/// Proof or disproof number standing for "infinite" (proved or disproved).
pub(super) const INF: u32 = u32::MAX;
/// The largest number a node that is neither proved nor disproved may hold.
pub(super) const NEAR_INF: u32 = INF - 1;

/// Slots scanned for one board: enough to hold the few hands one board is met with, few
/// enough for a probe to stay in a couple of cache lines.
const WINDOW: usize = 8;

#[derive(Clone, Copy, Default, PartialEq, Eq)]
struct Entry {
    board: u64,
    hand: Hand,
    pn: u32,
    dn: u32,
    /// Nodes spent below this entry (saturating), at least 1 for a used slot (0 marks an
    /// empty one): the cheapest entry to recompute is the one replaced.
    amount: u16,
    /// For a proof, the length in plies of the mate it found.
    len: u16,
}

/// What the table knows of a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Probe {
    pub(super) pn: u32,
    pub(super) dn: u32,
    /// For a proved position the hand it was proved with (a subset of the hand asked
    /// about); for a disproved one the hand it was disproved with (a superset).
    pub(super) hand: Hand,
    /// Whether any entry said anything (a new position gets (1, 1)).
    pub(super) known: bool,
    /// For a proof, the length of the mate it found (plies).
    pub(super) len: u16,
}

impl Entry {
    fn pack(self) -> [u64; 3] {
        [
            self.board,
            u64::from(self.hand.bits()) | u64::from(self.amount) << 32 | u64::from(self.len) << 48,
            u64::from(self.pn) | u64::from(self.dn) << 32,
        ]
    }

    fn unpack(w: [u64; 3]) -> Entry {
        Entry {
            board: w[0],
            // Only hands read from positions are stored, so the bits are a valid hand.
            hand: Hand::from_bits(w[1] as u32).unwrap_or(Hand::EMPTY),
            amount: (w[1] >> 32) as u16,
            len: (w[1] >> 48) as u16,
            pn: w[2] as u32,
            dn: (w[2] >> 32) as u32,
        }
    }
}

/// The table: a power-of-two number of slots, each an entry packed into three words. Kept
/// as plain words so that a new table is zeroed memory the system hands over lazily: a
/// large table costs nothing until it is used.
pub(super) struct Table {
    slots: Vec<[u64; 3]>,
    mask: usize,
}

impl Table {
    /// A table of about `mib` mebibytes (at least one window).
    pub(super) fn new(mib: usize) -> Table {
        let want = (mib.max(1) << 20) / std::mem::size_of::<[u64; 3]>();
        let n = (want + 1).next_power_of_two() / 2;
        let n = n.max(WINDOW * 2);
        Table {
            slots: vec![[0u64; 3]; n],
            mask: n - 1,
        }
    }

    fn window(&self, board: u64) -> impl Iterator<Item = usize> + use<> {
        let (start, mask) = ((board as usize) & self.mask, self.mask);
        (0..WINDOW).map(move |i| (start + i) & mask)
    }

    /// What is known of the position with this board and attacker's hand: a proof with a
    /// hand it covers, a disproof with a hand that covers it, or the exact entry's numbers,
    /// raised to what the neighbours by hand imply (a stronger attacker hand is at least as
    /// easy to prove, a weaker one at least as easy to disprove).
    pub(super) fn probe(&self, board: u64, hand: Hand) -> Probe {
        let mut exact = None;
        let mut pn_floor = 1;
        let mut dn_floor = 1;
        for i in self.window(board) {
            if self.slots[i][0] != board {
                continue;
            }
            let e = &Entry::unpack(self.slots[i]);
            if e.amount == 0 {
                continue;
            }
            if e.pn == 0 && hand.covers(e.hand) {
                return Probe {
                    pn: 0,
                    dn: INF,
                    hand: e.hand,
                    known: true,
                    len: e.len,
                };
            }
            if e.dn == 0 && e.hand.covers(hand) {
                return Probe {
                    pn: INF,
                    dn: 0,
                    hand: e.hand,
                    known: true,
                    len: 0,
                };
            }
            if e.hand == hand {
                exact = Some(*e);
            } else if e.hand.covers(hand) {
                pn_floor = pn_floor.max(e.pn);
            } else if hand.covers(e.hand) {
                dn_floor = dn_floor.max(e.dn);
            }
        }
        match exact {
            Some(e) => Probe {
                pn: e.pn.max(pn_floor).min(NEAR_INF),
                dn: e.dn.max(dn_floor).min(NEAR_INF),
                hand,
                known: true,
                len: 0,
            },
            None => Probe {
                pn: pn_floor.min(NEAR_INF),
                dn: dn_floor.min(NEAR_INF),
                hand,
                known: false,
                len: 0,
            },
        }
    }

    /// Records numbers for a board and hand. A proof or disproof is stored under the hand
    /// it holds for (the proof hand or disproof hand), and entries it makes useless (the
    /// same board with hands it now decides) are freed.
    pub(super) fn store(&mut self, board: u64, hand: Hand, n: (u32, u32), len: u16, amount: u64) {
        let (pn, dn) = n;
        let amount = u16::try_from(amount.max(1)).unwrap_or(u16::MAX);
        let final_ = pn == 0 || dn == 0;
        let mut target = None;
        let mut victim = None;
        let mut victim_cost = u64::MAX;
        for i in self.window(board) {
            let e = Entry::unpack(self.slots[i]);
            if e.amount != 0 && e.board == board {
                if e.hand == hand {
                    target = Some(i);
                    continue;
                }
                let decided = (pn == 0 && e.hand.covers(hand) && e.pn != 0)
                    || (dn == 0 && hand.covers(e.hand) && e.dn != 0);
                if final_ && decided {
                    self.slots[i] = [0; 3];
                }
            }
            let e = Entry::unpack(self.slots[i]);
            // Empty slots first, then cheap undecided entries; decided ones are kept longest.
            let cost = if e.amount == 0 {
                0
            } else if e.pn == 0 || e.dn == 0 {
                u64::from(e.amount) << 32
            } else {
                u64::from(e.amount)
            };
            if cost < victim_cost {
                victim_cost = cost;
                victim = Some(i);
            }
        }
        let Some(i) = target.or(victim) else {
            return;
        };
        let old = Entry::unpack(self.slots[i]);
        let amount = if target.is_some() {
            amount.max(old.amount)
        } else {
            amount
        };
        self.slots[i] = Entry {
            board,
            hand,
            pn,
            dn,
            amount,
            len,
        }
        .pack();
    }

    /// Permille of the first thousand slots in use (the USI `hashfull`).
    pub(super) fn hashfull(&self) -> u32 {
        let n = self.slots.len().min(1000);
        let used = self.slots[..n]
            .iter()
            .filter(|w| (w[1] >> 32) & 0xffff != 0)
            .count();
        (used * 1000 / n) as u32
    }
}

/// The larger count of each piece of `a` and `b`.
pub(super) fn hand_max(a: Hand, b: Hand) -> Hand {
    let mut h = a;
    for p in HandPiece::ALL {
        if b.count(p) > h.count(p) {
            h = h.with_count(p, b.count(p)).unwrap_or(h);
        }
    }
    h
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hand(pairs: &[(HandPiece, u8)]) -> Hand {
        pairs
            .iter()
            .fold(Hand::EMPTY, |h, &(p, n)| h.with_count(p, n).unwrap())
    }

    #[test]
    fn proofs_and_disproofs_reach_along_hands() {
        let mut t = Table::new(1);
        let g = hand(&[(HandPiece::Gold, 1)]);
        let gs = hand(&[(HandPiece::Gold, 1), (HandPiece::Silver, 1)]);
        t.store(42, g, (0, INF), 3, 5);
        assert_eq!(t.probe(42, gs).len, 3);
        assert_eq!(t.probe(42, gs).pn, 0);
        assert_eq!(t.probe(42, gs).hand, g);
        assert!(!t.probe(42, Hand::EMPTY).known);
        assert!(!t.probe(43, gs).known);
        t.store(7, g, (INF, 0), 0, 5);
        assert_eq!(t.probe(7, Hand::EMPTY).dn, 0);
        assert_ne!(t.probe(7, gs).dn, 0);
        // Undecided numbers: the exact entry, raised by a stronger hand's proof number.
        t.store(9, gs, (6, 2), 0, 1);
        t.store(9, g, (3, 4), 0, 1);
        let p = t.probe(9, g);
        assert_eq!((p.pn, p.dn), (6, 4));
        assert_eq!(hand_max(g, gs), gs);
    }
}
