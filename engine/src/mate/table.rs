//! The solver's transposition table: proof and disproof numbers per position, keyed by the
//! board (with the side to move) and the attacker's hand, and bounds on the length of the
//! position's quickest mate, from which a search with a length bound reads its proofs and
//! disproofs.
//!
//! The attacker's hand is kept apart from the board because hands order positions: a
//! position proved with hand `h` is proved for every hand that covers `h` (the attacker
//! only has more to drop, the defender less), and one disproved with `h` is disproved for
//! every hand that `h` covers. A probe therefore scans every entry of the same board, not
//! only the one with the same hand. Entries of one board live in one bucket of the table,
//! a few slots on whole cache lines, so that scan is cheap.
//!
//! Within one solve, the pieces of each kind on the board and in both hands add up to the
//! same count, so the board and the attacker's hand also fix the defender's hand.

use crate::memory::prefetch::prefetch;
use crate::memory::zeroed::{HUGE_PAGE, Zeroed};
use tokin_core::{Hand, HandPiece};

/// Proof or disproof number standing for "infinite" (proved or disproved).
pub(super) const INF: u32 = u32::MAX;
/// The largest number a node that is neither proved nor disproved may hold.
pub(super) const NEAR_INF: u32 = INF - 1;

/// Mate lengths are kept in this many bits.
const LEN_BITS: u32 = 12;
/// As a lower bound on the mate's length: there is no mate at all. As an upper bound: no
/// mate is known.
pub(super) const NO_MATE: u16 = (1 << LEN_BITS) - 1;
/// The longest line a bound may ask about: below [`NO_MATE`], so that every bound can be
/// told apart from "no mate at all".
pub(super) const MAX_LEN: u16 = NO_MATE - 1;

/// Slots scanned for one board (one bucket): enough to hold the few hands one board is met
/// with, few enough for a probe to stay in a couple of cache lines.
const WINDOW: usize = 8;
/// Words from one bucket to the next: its slots (three words each) and padding, so that a
/// bucket fills whole cache lines and a probe touches no more than it must.
const STRIDE: usize = 24;
/// Words in a cache line.
const LINE_WORDS: usize = 8;

/// One position's entry. It bounds the length of the shortest mate (plies, defender's
/// interpositions counted): `lo` from below (no mate is shorter; [`NO_MATE`]: none at all)
/// and `hi` from above (a mate of that length was proved; [`NO_MATE`]: none known). A
/// search with a length bound reads a proof or a disproof from them, and nothing else.
///
/// Its numbers are those the last search left it with while it was undecided, and a proof
/// or a disproof leaves them as they were ((1, 1) for an entry first stored decided): a
/// search with a bound that the entry's decision does not answer (a proof too long for it,
/// a disproof of a shorter mate) starts from them. (KomoringHeights keeps its numbers so;
/// measured against numbers made from the decision's cost in docs/mate.md.)
#[derive(Clone, Copy, Default, PartialEq, Eq)]
struct Entry {
    board: u64,
    hand: Hand,
    /// Never 0 nor [`INF`]: the numbers of an undecided search.
    pn: u32,
    dn: u32,
    /// Nodes spent below this entry, as `1 + log2` (0 marks an empty slot): the cheapest
    /// entry to recompute is the one replaced.
    amount: u8,
    lo: u16,
    hi: u16,
}

/// What the table knows of a position, for a search that allows a mate of `bound` plies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Probe {
    pub(super) pn: u32,
    pub(super) dn: u32,
    /// For a proved position the hand it was proved with (a subset of the hand asked
    /// about); for a disproved one the hand it was disproved with (a superset).
    pub(super) hand: Hand,
    /// Whether any entry said anything (a new position gets (1, 1)).
    pub(super) known: bool,
    /// A lower bound on the mate's length (above the bound for a disproof).
    pub(super) lo: u16,
    /// An upper bound on it (within the bound for a proof).
    pub(super) hi: u16,
}

const LEN_MASK: u64 = (1 << LEN_BITS) - 1;

impl Entry {
    fn pack(self) -> [u64; 3] {
        [
            self.board,
            u64::from(self.hand.bits())
                | u64::from(self.amount) << 32
                | u64::from(self.lo) << 40
                | u64::from(self.hi) << (40 + LEN_BITS),
            u64::from(self.pn) | u64::from(self.dn) << 32,
        ]
    }

    fn unpack(w: [u64; 3]) -> Entry {
        Entry {
            board: w[0],
            // Only hands read from positions are stored, so the bits are a valid hand.
            hand: Hand::from_bits(w[1] as u32).unwrap_or(Hand::EMPTY),
            amount: (w[1] >> 32) as u8,
            lo: ((w[1] >> 40) & LEN_MASK) as u16,
            hi: ((w[1] >> (40 + LEN_BITS)) & LEN_MASK) as u16,
            pn: w[2] as u32,
            dn: (w[2] >> 32) as u32,
        }
    }

    /// Whether the entry proves or disproves anything at some bound.
    fn decided(&self) -> bool {
        self.hi != NO_MATE || self.lo != 0
    }
}

/// `1 + log2(nodes)`, the scale of [`Entry::amount`].
fn amount_of(nodes: u64) -> u8 {
    (64 - nodes.max(1).leading_zeros()) as u8
}

/// What a [`Table::store`] records.
#[derive(Clone, Copy, Debug)]
pub(super) struct Record {
    /// The numbers: kept for an undecided result only (a decision keeps the entry's
    /// numbers from before it, see `Entry`).
    pub(super) pn: u32,
    pub(super) dn: u32,
    /// Lower bound on the mate's length (0 for none).
    pub(super) lo: u16,
    /// Upper bound on it ([`NO_MATE`] for none).
    pub(super) hi: u16,
    /// Nodes spent on it.
    pub(super) nodes: u64,
}

/// The table: a power-of-two number of buckets of slots, each slot an entry packed into
/// three words.
///
/// It starts small and doubles, up to the size asked for, when a store finds its bucket
/// full while the table holds an entry per bucket or more. A solve that needs few entries so
/// touches little memory: the first touch of each page of a large table costs the system a
/// page fault, which made up more than a third of the processor time of short solves with
/// a 64 MiB table. (A bucket filled by one board's many hands, with little else in the
/// table, does not make it grow: doubling would not move those entries apart.) A doubling
/// splits each bucket in two, every entry keeping its slot.
///
/// The memory for the full size is mapped at the start and only its first buckets are
/// used (untouched pages cost address space only), so a doubling moves no bucket but the
/// entries that change bucket. Once the table reaches [`HUGE_FROM`] it asks the kernel for
/// huge pages: a probe lands on a random bucket of a table far larger than the processor's
/// address caches, and with ordinary pages it also walks the page tables (about 3% of the
/// time of a 17 s solve with a 4 GiB table, measured).
pub(super) struct Table {
    /// The full-size table's words, from a huge-page boundary.
    words: Zeroed<u64>,
    mask: usize,
    /// `mask` at full size.
    max_mask: usize,
    /// Slots in use.
    used: usize,
}

/// The size (bytes in use) from which the table asks for huge pages. A smaller table, such
/// as a game's mate searches of a few thousand nodes use, stays on ordinary pages: a huge
/// page's first touch has the kernel find and zero 2 MiB, compacting memory for it if need
/// be, which can hold up a search for far longer than the few milliseconds it has.
const HUGE_FROM: usize = 32 << 20;

/// Buckets a table starts with (when it may grow that large).
const START_BUCKETS: usize = 1 << 8;
// Each table starts below the size that asks for huge pages, so a doubling crosses it.
const _: () = assert!(START_BUCKETS * STRIDE * 8 < HUGE_FROM);

impl Table {
    /// A table of about `mib` mebibytes at most (at least two buckets; fewer than asked
    /// for when the system cannot map that much).
    pub(super) fn new(mib: usize) -> Table {
        let want = (mib.max(1) << 20) / (STRIDE * 8);
        let mut max = ((want + 1).next_power_of_two() / 2).max(2);
        let words = loop {
            match Zeroed::<u64>::new(max * STRIDE, HUGE_PAGE) {
                Some(words) => break words,
                None if max > 2 => max /= 2,
                // Two buckets are 384 bytes: a system without them has failed already.
                None => panic!("cannot map the mate solver's table"),
            }
        };
        let n = max.min(START_BUCKETS);
        Table {
            words,
            mask: n - 1,
            max_mask: max - 1,
            used: 0,
        }
    }

    /// Doubles the number of buckets: the entries of bucket `b` whose board says `b + n`
    /// move there, into the same slot. The new buckets have never been written: they are
    /// zero.
    fn grow(&mut self) {
        let n = self.mask + 1;
        let (low, high) = self.words[..2 * n * STRIDE].split_at_mut(n * STRIDE);
        for (from, to) in low
            .chunks_exact_mut(STRIDE)
            .zip(high.chunks_exact_mut(STRIDE))
        {
            for (f, t) in from.chunks_exact_mut(3).zip(to.chunks_exact_mut(3)) {
                if slot_used([f[0], f[1], f[2]]) && (f[0] as usize) & n != 0 {
                    t.copy_from_slice(f);
                    f.fill(0);
                }
            }
        }
        self.mask = 2 * n - 1;
        // Asked once, by the doubling that crosses the size (a table starts far below it).
        let bytes = |buckets: usize| buckets * STRIDE * 8;
        if bytes(n) < HUGE_FROM && bytes(2 * n) >= HUGE_FROM {
            self.words.advise_huge_pages();
        }
    }

    /// The first word of each slot of the bucket for `board`.
    fn window(&self, board: u64) -> impl Iterator<Item = usize> + use<> {
        let start = self.bucket(board);
        (0..WINDOW).map(move |i| start + 3 * i)
    }

    /// The first word of the bucket for `board`.
    fn bucket(&self, board: u64) -> usize {
        ((board as usize) & self.mask) * STRIDE
    }

    /// Asks the processor to bring the bucket for `board` into the cache: a node's
    /// children are probed one after another, and a bucket not cached costs a trip to
    /// memory; asked for all of them first, the trips overlap.
    #[inline]
    pub(super) fn prefetch(&self, board: u64) {
        let start = self.bucket(board);
        // Every line of the bucket: a probe reads all of them (one line alone measured
        // about 10% slower).
        for line in 0..STRIDE / LINE_WORDS {
            prefetch(&self.words[start + line * LINE_WORDS]);
        }
    }

    fn get(&self, i: usize) -> [u64; 3] {
        [self.words[i], self.words[i + 1], self.words[i + 2]]
    }

    fn set(&mut self, i: usize, w: [u64; 3]) {
        self.words[i..i + 3].copy_from_slice(&w);
    }

    /// What is known of the position with this board and attacker's hand when a mate of
    /// at most `bound` plies is asked for: a proof no longer than that with a hand it
    /// covers (the shortest such), a lower bound above it with a hand that covers it, or
    /// the exact entry's numbers, raised to what the neighbours by hand imply (a stronger
    /// attacker hand is at least as easy to prove, a weaker one at least as easy to
    /// disprove).
    pub(super) fn probe(&self, board: u64, hand: Hand, bound: u16) -> Probe {
        let mut exact = None;
        let mut pn_floor = 1;
        let mut dn_floor = 1;
        let (mut lo, mut lo_hand, mut hi, mut hi_hand) = (0, hand, NO_MATE, hand);
        let start = self.bucket(board);
        for w in self.words[start..start + 3 * WINDOW].chunks_exact(3) {
            if w[0] != board {
                continue;
            }
            let e = &Entry::unpack([w[0], w[1], w[2]]);
            if e.amount == 0 {
                continue;
            }
            let weaker = hand.covers(e.hand);
            let stronger = e.hand.covers(hand);
            // Ties go the same way whatever slots the entries are in (a growing table
            // moves them): the smaller proof hand, the larger disproof hand, by their bits.
            if weaker && (e.hi < hi || (e.hi == hi && e.hand.bits() < hi_hand.bits())) {
                (hi, hi_hand) = (e.hi, e.hand);
            }
            if stronger && (e.lo > lo || (e.lo == lo && e.hand.bits() > lo_hand.bits())) {
                (lo, lo_hand) = (e.lo, e.hand);
            }
            if e.hand == hand {
                exact = Some(*e);
            } else if stronger {
                pn_floor = pn_floor.max(e.pn);
            } else if weaker {
                dn_floor = dn_floor.max(e.dn);
            }
        }
        if hi <= bound {
            return Probe {
                pn: 0,
                dn: INF,
                hand: hi_hand,
                known: true,
                lo,
                hi,
            };
        }
        if lo > bound {
            return Probe {
                pn: INF,
                dn: 0,
                hand: lo_hand,
                known: true,
                lo,
                hi,
            };
        }
        // Undecided at this bound: the exact entry's numbers, whatever it decides at others.
        let (pn, dn, known) = exact.map_or((1, 1, false), |e| (e.pn, e.dn, true));
        Probe {
            pn: pn.max(pn_floor).min(NEAR_INF),
            dn: dn.max(dn_floor).min(NEAR_INF),
            hand,
            known,
            lo,
            hi,
        }
    }

    /// Records what a search found for a board and hand: a proof under its proof hand, a
    /// disproof under its disproof hand, numbers under the hand searched. What an entry
    /// of the same hand knew of the mate's length is kept (the tighter bounds win), and
    /// entries the new one makes useless (the same board, hands it now decides, nothing
    /// else known; for a disproof, only entries disproved already) are freed.
    pub(super) fn store(&mut self, board: u64, hand: Hand, r: Record) {
        let amount = amount_of(r.nodes);
        let proof = r.hi != NO_MATE;
        let disproof = r.lo != 0;
        let mut target = None;
        let mut victim = None;
        let mut victim_cost = (u32::MAX, 0, 0);
        // Whether some entry here would sit in another bucket of the full-size table.
        let mut splittable = false;
        let mut freed = 0;
        let start = self.bucket(board);
        let max_mask = self.max_mask;
        for (s, w) in self.words[start..start + 3 * WINDOW]
            .chunks_exact_mut(3)
            .enumerate()
        {
            let mut e = Entry::unpack([w[0], w[1], w[2]]);
            if e.amount != 0 && e.board == board {
                if e.hand == hand {
                    target = Some(s);
                    continue;
                }
                // A disproof frees only entries disproved already: an entry undecided at
                // every bound keeps the numbers a search with a longer bound starts from (see
                // `Entry`), and a disproof stored under a larger hand than the one searched
                // would take them away. (The same rule for a proof under a smaller hand was
                // measured and not kept: more nodes, and the lines no shorter; docs/mate.md.)
                let subsumed = (proof && e.hand.covers(hand) && e.lo == 0 && e.hi >= r.hi)
                    || (disproof
                        && hand.covers(e.hand)
                        && e.hi == NO_MATE
                        && (1..=r.lo).contains(&e.lo));
                if subsumed {
                    w.fill(0);
                    freed += 1;
                    e = Entry::default();
                }
            }
            // Empty slots first, then cheap undecided entries; decided ones are kept longest.
            // Ties go by board and hand, not by slot (which a growing table changes).
            let cost = if e.amount == 0 {
                0
            } else if e.decided() {
                u32::from(e.amount) << 8
            } else {
                u32::from(e.amount)
            };
            let cost = (cost, e.board, e.hand.bits());
            if cost < victim_cost {
                victim_cost = cost;
                victim = Some(s);
            }
            splittable |= e.amount != 0 && (e.board ^ board) as usize & max_mask != 0;
        }
        self.used -= freed;
        if target.is_none() && victim_cost.0 != 0 && splittable && self.used > self.mask {
            // Room is made rather than an entry lost.
            self.grow();
            return self.store(board, hand, r);
        }
        let Some(i) = target.or(victim).map(|s| start + 3 * s) else {
            return;
        };
        if target.is_none() && victim_cost.0 == 0 {
            self.used += 1;
        }
        let old = target.map(|_| Entry::unpack(self.get(i)));
        // A decision keeps the numbers of the search before it (see `Entry`).
        let (pn, dn) = match old {
            _ if !proof && !disproof => (r.pn, r.dn),
            Some(old) => (old.pn, old.dn),
            None => (1, 1),
        };
        let mut e = Entry {
            board,
            hand,
            pn,
            dn,
            amount,
            lo: r.lo,
            hi: r.hi,
        };
        if let Some(old) = old {
            e.amount = e.amount.max(old.amount);
            e.lo = e.lo.max(old.lo);
            e.hi = e.hi.min(old.hi);
        }
        debug_assert!(!matches!(e.pn, 0 | INF) && !matches!(e.dn, 0 | INF));
        self.set(i, e.pack());
    }

    /// Permille of the full-size table's slots in use (the USI `hashfull`), estimated from
    /// the first buckets.
    pub(super) fn hashfull(&self) -> u32 {
        let buckets = (self.mask + 1).min(200);
        let used = (0..buckets as u64)
            .flat_map(|b| self.window(b))
            .filter(|&i| slot_used(self.get(i)))
            .count();
        let slots = buckets * WINDOW * (self.max_mask + 1) / (self.mask + 1);
        (used * 1000 / slots) as u32
    }
}

/// Whether a packed slot holds an entry (an empty one has no amount).
fn slot_used(w: [u64; 3]) -> bool {
    (w[1] >> 32) & 0xff != 0
}

/// The larger count of each piece of `a` and `b`.
pub(super) fn hand_max(a: Hand, b: Hand) -> Hand {
    hand_by(a, b, u8::max)
}

/// The smaller count of each piece of `a` and `b`.
pub(super) fn hand_min(a: Hand, b: Hand) -> Hand {
    hand_by(a, b, u8::min)
}

/// The hand with, of each piece, `pick` of the counts in `a` and `b` (one of the two, so
/// it fits).
fn hand_by(a: Hand, b: Hand, pick: fn(u8, u8) -> u8) -> Hand {
    HandPiece::ALL.into_iter().fold(a, |h, p| {
        h.with_count(p, pick(a.count(p), b.count(p))).unwrap_or(h)
    })
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
        let rec = |pn, dn, lo, hi| Record {
            pn,
            dn,
            lo,
            hi,
            nodes: 5,
        };
        t.store(42, g, rec(0, INF, 0, 3));
        assert_eq!(t.probe(42, gs, MAX_LEN).hi, 3);
        assert_eq!(t.probe(42, gs, MAX_LEN).pn, 0);
        assert_eq!(t.probe(42, gs, MAX_LEN).hand, g);
        assert!(!t.probe(42, Hand::EMPTY, MAX_LEN).known);
        assert!(!t.probe(43, gs, MAX_LEN).known);
        // A mate of 3 plies is no answer to a search for one of 1.
        assert_ne!(t.probe(42, gs, 1).pn, 0);
        t.store(7, g, rec(INF, 0, NO_MATE, NO_MATE));
        assert_eq!(t.probe(7, Hand::EMPTY, MAX_LEN).dn, 0);
        assert_ne!(t.probe(7, gs, MAX_LEN).dn, 0);
        // Bounds from both sides: no mate in 5, one in 9.
        t.store(8, g, rec(INF, 0, 7, NO_MATE));
        t.store(8, g, rec(0, INF, 0, 9));
        assert_eq!(t.probe(8, g, 5).dn, 0);
        assert_eq!(t.probe(8, g, 9).pn, 0);
        let p = t.probe(8, g, 7);
        assert!(p.pn != 0 && p.dn != 0 && (p.lo, p.hi) == (7, 9));
        // A proof too long for the bound asked about, or a disproof of a shorter mate,
        // answers with the numbers the entry had before it was decided ((1, 1) if none).
        t.store(10, g, rec(0, INF, 0, 31));
        let p = t.probe(10, g, 29);
        assert!(p.known && (p.pn, p.dn) == (1, 1));
        t.store(11, g, rec(5, 3, 0, NO_MATE));
        t.store(11, g, rec(0, INF, 0, 31));
        t.store(11, g, rec(INF, 0, 21, NO_MATE));
        let p = t.probe(11, g, 29);
        assert_eq!((p.pn, p.dn, p.lo, p.hi), (5, 3, 21, 31));
        assert_eq!(t.probe(11, g, 31).pn, 0);
        assert_eq!(t.probe(11, g, 19).dn, 0);
        // Nor does another hand's decision raise the numbers: a disproof with a stronger
        // hand of a mate shorter than the bound says nothing of this hand's proof number.
        t.store(12, gs, rec(INF, 0, 9, NO_MATE));
        t.store(12, g, rec(2, 2, 0, NO_MATE));
        assert_eq!(t.probe(12, g, 29).pn, 2);
        // A disproof under a larger hand than the one searched (its disproof hand) leaves
        // that hand's undecided entry and its numbers, for a longer bound; an entry
        // disproved already it frees.
        t.store(13, g, rec(4, 6, 0, NO_MATE));
        t.store(13, gs, rec(INF, 0, 15, NO_MATE));
        assert_eq!(t.probe(13, g, 9).dn, 0);
        let p = t.probe(13, g, 19);
        assert!(p.known && (p.pn, p.dn, p.lo) == (4, 6, 15));
        let used = t.used;
        t.store(14, g, rec(INF, 0, 5, NO_MATE));
        t.store(14, gs, rec(INF, 0, 15, NO_MATE));
        assert_eq!(t.used, used + 1);
        assert!(!t.probe(14, g, 19).known);
        // Undecided numbers: the exact entry, raised by a stronger hand's proof number.
        t.store(9, gs, rec(6, 2, 0, NO_MATE));
        t.store(9, g, rec(3, 4, 0, NO_MATE));
        let p = t.probe(9, g, MAX_LEN);
        assert_eq!((p.pn, p.dn), (6, 4));
        assert_eq!(hand_max(g, gs), gs);
        assert_eq!(hand_min(g, gs), g);
    }

    #[test]
    fn a_growing_table_keeps_every_entry_until_full_size() {
        // 1 MiB: 4096 buckets at full size, 32768 slots; the table starts with 256.
        let mut t = Table::new(1);
        let hands = [
            Hand::EMPTY,
            hand(&[(HandPiece::Gold, 1)]),
            hand(&[(HandPiece::Pawn, 2)]),
        ];
        // Boards spread over the buckets like keys (odd multiplier), three hands each.
        let board = |i: u64| i.wrapping_mul(0x9e37_79b9_7f4a_7c15);
        let n = 4000u64;
        for i in 0..n {
            for (j, &h) in hands.iter().enumerate() {
                let r = Record {
                    pn: 2 + j as u32,
                    dn: 3,
                    lo: 0,
                    hi: NO_MATE,
                    nodes: i + 1,
                };
                t.store(board(i), h, r);
            }
        }
        assert!(t.mask > START_BUCKETS - 1 && t.mask <= t.max_mask);
        for i in 0..n {
            for (j, &h) in hands.iter().enumerate() {
                let p = t.probe(board(i), h, MAX_LEN);
                assert!(p.known, "entry {i}/{j} lost");
                assert_eq!(p.dn, 3);
            }
        }
        assert!(t.hashfull() > 0 && t.hashfull() <= 1000);
    }
}
