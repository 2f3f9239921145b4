//! The df-pn recursion: multiple iterative deepening (MID) with thresholds, over OR nodes
//! (attacker to move, checks only) and AND nodes (defender to move, every evasion).
//!
//! Five refinements over the textbook version:
//! - The 1+ε trick: the best child gets a proof (or disproof) threshold of (1+ε) times the
//!   second best's number rather than one more, so the search stays longer in one subtree
//!   instead of jumping between two nearly equal ones (ε = 1/4).
//! - Children's numbers are kept in the frame while it runs instead of being read back from
//!   the table each time, so a result that the table must not keep (below) still counts.
//! - Repetition: a position already on the path is a loss for the attacker (in shogi a
//!   repeated check loses for the checker, and a repeated evasion gains the attacker
//!   nothing), and so is one no better for the attacker than a position on the path (the
//!   same board and side to move, the attacker's hand covered by that position's: whatever
//!   mates it mates the earlier one sooner; see [`super::path`]). Such a disproof depends on
//!   the path (the graph-history interaction), so each result carries the shallowest ply it
//!   depends on; a disproof that depends on a node above is not stored, and stops depending
//!   on anything once it reaches that node.
//! - A non-promotion of a pawn, bishop or rook waits until its promotion fails
//!   ([`link_promotions`]), so the pair weighs as one move in its node's numbers.
//! - A defender's drop waits until the drop before it on the same square is mated
//!   ([`link_drops`]), so the interpositions on one square weigh as one reply.
//!
//! Every search also has a length bound: only a mate within that many plies counts, and a
//! node that cannot be mated within its bound is disproved for it (with the length its mate
//! needs at least, so the table can answer other bounds). The first search's bound is the
//! deepest line followed; shorter bounds then look for a quicker mate ([`super::pv`]).

use super::Solver;
use super::moves::{
    FULL_HAND, and_disproof_hand, and_proof_hand, attacker, checks_into, child_keys, evasion_count,
    evasions_into, hand_before, or_disproof_hand,
};
use super::table::{INF, NEAR_INF, NO_MATE, Record, hand_max, hand_min};
use crate::memory::prefetch::prefetch;
use tokin_core::{Hand, Move, PieceKind, Position, Square};

/// The largest proof number a new AND node starts with (its number of replies, up to this).
const INIT_CAP: u32 = 8;

/// The key's bits that index the cache of reply counts (its top ones).
const REPLY_BITS: u32 = 16;
/// Slots in the cache of reply counts.
const REPLY_SLOTS: usize = 1 << REPLY_BITS;

/// The capped reply counts of checks seen before, one per slot, by the full key of the
/// position after the check. A count is the same wherever and whenever the position comes
/// up, but the table keeps none for a check that was counted and never searched, and a
/// node searched again counts its checks again; this saves the playing and the counting.
/// Small (512 KiB), so that a short solve touches few of its pages; a slot's newest count
/// replaces the one before. A larger cache saves few counts more: most checks counted are
/// met only once (ACTの夢, 11.4 M nodes: 16.0 M counts with these 64 Ki slots, 14.9 M with
/// 1 Mi, 14.2 M with 16 Mi).
pub(super) struct ReplyCache {
    /// The key's upper 60 bits and, in the lower 4, the count plus one (0: an empty slot).
    slots: Vec<u64>,
}

impl Default for ReplyCache {
    fn default() -> ReplyCache {
        ReplyCache {
            slots: vec![0; REPLY_SLOTS],
        }
    }
}

impl ReplyCache {
    fn slot(key: u64) -> usize {
        // The high bits, as many as index the slots: the table's buckets come from the low
        // ones.
        (key >> (64 - REPLY_BITS)) as usize
    }

    /// Starts loading the slot of `key` into the cache (see [`Table::prefetch`]).
    ///
    /// [`Table::prefetch`]: super::table::Table::prefetch
    fn prefetch(&self, key: u64) {
        prefetch(&self.slots[Self::slot(key)]);
    }

    /// The count stored for `key`, if any.
    fn get(&self, key: u64) -> Option<u32> {
        let e = self.slots[Self::slot(key)];
        let n = (e & 0xF) as u32;
        (n > 0 && (e ^ key) & !0xF == 0).then(|| n - 1)
    }

    /// Stores `n` (at most [`INIT_CAP`]) for `key`.
    fn put(&mut self, key: u64, n: u32) {
        self.slots[Self::slot(key)] = (key & !0xF) | u64::from(n + 1);
    }
}

/// A result that depends on no node above the one it is stored for.
pub(super) const CLEAN: u16 = u16::MAX;

/// One child as its parent frame sees it.
#[derive(Clone, Copy, Debug)]
pub(super) struct Child {
    pub(super) mv: Move,
    pub(super) pn: u32,
    pub(super) dn: u32,
    /// Proof hand when proved, disproof hand when disproved.
    pub(super) hand: Hand,
    /// The shallowest ply whose position this result depends on ([`CLEAN`] for none).
    pub(super) dep: u16,
    /// Lower bound on the length of the child's mate (plies; [`NO_MATE`]: none).
    pub(super) lo: u16,
    /// Upper bound on it: for a proof, the length of the mate it found.
    pub(super) hi: u16,
    /// For a move that waits for another (a non-promotion for its promotion, see
    /// [`link_promotions`]; a drop for the drop before it on its square, see [`link_drops`]),
    /// that move's index among the node's children plus one; 0 for any other move.
    pub(super) after: u16,
}

#[cfg(test)]
impl Child {
    /// A child with these numbers and nothing else known, for tests.
    pub(super) fn with_numbers(mv: Move, pn: u32, dn: u32) -> Child {
        Child {
            mv,
            pn,
            dn,
            hand: Hand::EMPTY,
            dep: CLEAN,
            lo: 0,
            hi: NO_MATE,
            after: 0,
        }
    }
}

/// What a search of a node hands back to its parent.
#[derive(Clone, Copy, Debug)]
pub(super) struct NodeResult {
    pub(super) pn: u32,
    pub(super) dn: u32,
    pub(super) hand: Hand,
    pub(super) dep: u16,
    /// Lower bound on the mate's length (above the bound for a disproof).
    pub(super) lo: u16,
    /// Upper bound on it (for a proof, the length of the mate found).
    pub(super) hi: u16,
}

impl NodeResult {
    fn proof(hand: Hand, len: u16) -> NodeResult {
        NodeResult {
            pn: 0,
            dn: INF,
            hand,
            dep: CLEAN,
            lo: 0,
            hi: len,
        }
    }

    fn disproof(hand: Hand, lo: u16) -> NodeResult {
        NodeResult {
            pn: INF,
            dn: 0,
            hand,
            dep: CLEAN,
            lo,
            hi: NO_MATE,
        }
    }

    fn record(&self, nodes: u64) -> Record {
        Record {
            pn: self.pn,
            dn: self.dn,
            lo: if self.dn == 0 { self.lo } else { 0 },
            hi: if self.pn == 0 { self.hi } else { NO_MATE },
            nodes,
        }
    }
}

/// `a + b`, kept below infinity for a node that is not decided.
fn add(a: u32, b: u32) -> u32 {
    a.saturating_add(b).min(NEAR_INF)
}

/// One ply more than `len`, "no mate" staying so.
fn plus_one(len: u16) -> u16 {
    if len >= NO_MATE { NO_MATE } else { len + 1 }
}

/// The threshold for the best child: (1+ε) times the second best's number, within the
/// parent's threshold.
fn epsilon_threshold(parent: u32, second: u32) -> u32 {
    if second >= NEAR_INF {
        return parent;
    }
    parent.min(second.saturating_add(second / 4).saturating_add(1))
}

/// The other number's threshold for the best child: what is left of the parent's after the
/// other children's share.
fn sum_threshold(parent: u32, total: u32, child: u32) -> u32 {
    if parent == INF {
        return INF;
    }
    add(parent.saturating_sub(total), child).max(child.saturating_add(1))
}

impl Solver<'_> {
    /// Searches the node `pos` at `ply` (even: attacker to move) for a mate within `bound`
    /// plies, until its proof number reaches `th_pn` or its disproof number `th_dn`, or
    /// the solver stops.
    pub(super) fn mid(
        &mut self,
        pos: &Position,
        ply: u16,
        bound: u16,
        th_pn: u32,
        th_dn: u32,
    ) -> NodeResult {
        let or = ply.is_multiple_of(2);
        let hand = pos.hand(attacker(pos, or));
        let board = pos.board_key();
        let start_nodes = self.nodes;
        self.tick();
        if or && bound < 1 {
            // A mate takes at least one more ply.
            return NodeResult::disproof(hand, 1);
        }
        let mut moves = std::mem::take(&mut self.moves);
        moves.clear();
        if or {
            checks_into(pos, &mut moves, &mut self.scratch);
        } else {
            evasions_into(pos, &mut moves);
        }
        if moves.is_empty() {
            self.moves = moves;
            let r = if or {
                NodeResult::disproof(or_disproof_hand(pos, FULL_HAND), NO_MATE)
            } else {
                NodeResult::proof(and_proof_hand(pos, Hand::EMPTY), 0)
            };
            self.tt.store(board, r.hand, r.record(1));
            return r;
        }
        if !or && bound < 2 {
            // Not mated yet: a reply and a mate are two more plies.
            self.moves = moves;
            return NodeResult::disproof(hand, 2);
        }
        self.path.push(board, hand, ply);
        let mut children = self.frames.pop().unwrap_or_default();
        children.clear();
        // Every child's bucket is asked for before the first is probed (see
        // `Table::prefetch`).
        let mut keys = std::mem::take(&mut self.child_keys);
        keys.clear();
        for &mv in &moves {
            let k = child_keys(pos, mv, or);
            self.tt.prefetch(k.1);
            if or {
                self.replies.prefetch(k.0);
            }
            keys.push(k);
        }
        for (&mv, &k) in moves.iter().zip(&keys) {
            let c = self.init_child(pos, mv, k, or, bound - 1);
            children.push(c);
            if or && c.pn == 0 && c.hi == 0 {
                // A mate in one: no quicker mate, nor any need to look at the other checks.
                // Counting each check's replies finds every mate in one, so a new node is
                // not first asked for one by a search of its own: that search found only
                // what the counts find, and left out it takes a quarter of the instructions
                // off 将棋図巧 No. 98 (docs/mate.md).
                break;
            }
        }
        self.child_keys = keys;
        // The moves after a mate in one were left out.
        moves.truncate(children.len());
        link_promotions(pos, &moves, &mut children);
        if !or {
            link_drops(&moves, &mut children);
        }
        // The buffer is free again before the children are searched.
        self.moves = moves;
        loop {
            let (pn, dn) = aggregate(&children, or);
            if pn >= th_pn || dn >= th_dn || self.stopped {
                break;
            }
            let (best, second) = select(&children, or);
            let c = children[best];
            let (cpn, cdn) = if or {
                (
                    epsilon_threshold(th_pn, second),
                    sum_threshold(th_dn, dn, c.dn),
                )
            } else {
                (
                    sum_threshold(th_pn, pn, c.pn),
                    epsilon_threshold(th_dn, second),
                )
            };
            let mut child = pos.clone();
            child.play_unchecked(c.mv);
            let r = self.mid(&child, ply + 1, bound - 1, cpn, cdn);
            let slot = &mut children[best];
            slot.pn = r.pn;
            slot.dn = r.dn;
            slot.hand = r.hand;
            slot.dep = r.dep;
            slot.lo = r.lo;
            slot.hi = r.hi;
        }
        self.path.pop();
        let r = conclude(pos, or, ply, hand, &children);
        self.frames.push(children);
        let spent = self.nodes - start_nodes;
        if r.dep == CLEAN {
            self.tt.store(board, r.hand, r.record(spent));
        }
        r
    }

    /// A child's numbers before it is searched for a mate within `bound` plies: a
    /// repetition, what the table knows, or a first look at a check (none of its replies
    /// left, or as many as there are up to [`INIT_CAP`]). A new reply is left at (1, 1): whether
    /// it allows a mate in one is found only if it is searched, since most replies of a node
    /// are never searched (one refutation disproves the node).
    fn init_child(
        &mut self,
        pos: &Position,
        mv: Move,
        (key, board, hand): (u64, u64, Hand),
        or: bool,
        bound: u16,
    ) -> Child {
        // The table is asked before the move is played (`child_keys` gave the keys after
        // it): most children are known when a node is searched again.
        let mut c = Child {
            mv,
            pn: INF,
            dn: 0,
            hand,
            dep: CLEAN,
            lo: NO_MATE,
            hi: NO_MATE,
            after: 0,
        };
        if let Some(q) = self.path.covering(board, hand) {
            c.dep = q;
            return c;
        }
        let p = self.tt.probe(board, hand, bound);
        (c.pn, c.dn, c.hand, c.lo, c.hi) = (p.pn, p.dn, p.hand, p.lo, p.hi);
        if p.known {
            return c;
        }
        if or {
            if let Some(n) = self.replies.get(key) {
                // Counted before. Only counts above zero are kept: a check that mates at once
                // is a proof, left to the table.
                if bound < 2 {
                    (c.pn, c.dn, c.lo) = (INF, 0, 2);
                } else {
                    c.pn = c.pn.max(n);
                }
                return c;
            }
            let mut child = pos.clone();
            child.play_unchecked(mv);
            // The child is an AND node: mated at once, or as hard as its replies are many
            // (up to a cap: beyond it, more replies say little about the work to come).
            let n = evasion_count(&child, INIT_CAP);
            if n > 0 {
                self.replies.put(key, n.min(INIT_CAP));
            }
            if n == 0 {
                let r = NodeResult::proof(and_proof_hand(&child, Hand::EMPTY), 0);
                self.tt.store(board, r.hand, r.record(1));
                (c.pn, c.dn, c.hand, c.hi) = (r.pn, r.dn, r.hand, r.hi);
            } else if bound < 2 {
                (c.pn, c.dn, c.lo) = (INF, 0, 2);
            } else {
                c.pn = c.pn.max(n.min(INIT_CAP));
            }
        }
        c
    }
}

/// Links each non-promotion that is seldom worth searching before its promotion is decided
/// to that promotion (the child's `after`): a move of a pawn, bishop or rook, whose
/// promoted form moves as it did and more, or of a lance to the last rank but one, where it
/// can still move one square. Such a move waits until its promotion fails (see
/// [`waiting`]). The defender's non-promotions wait as well: at an AND node they are mostly
/// mated as the promotion was.
///
/// The checks come promotions first, each promotion before its non-promotion in the
/// generator's order; among the evasions the generator puts the non-promotion right after
/// its promotion. So one pass finds each pair.
pub(super) fn link_promotions(pos: &Position, moves: &[Move], children: &mut [Child]) {
    let us = pos.side_to_move();
    // Promotions before this one are not looked at again (the checks' promotions).
    let mut next_promotion = 0;
    for (i, &mv) in moves.iter().enumerate() {
        let Some(from) = mv.from() else { continue };
        if mv.is_promotion() {
            continue;
        }
        let waits = match pos.piece_at(from).map(|p| p.kind) {
            Some(PieceKind::Pawn | PieceKind::Bishop | PieceKind::Rook) => true,
            Some(PieceKind::Lance) => mv.to().rank().relative_number(us) == 2,
            _ => false,
        };
        if !waits {
            continue;
        }
        let promotion = Move::normal(from, mv.to(), true);
        let found = if i > 0 && moves[i - 1] == promotion {
            Some(i - 1)
        } else {
            moves[next_promotion..]
                .iter()
                .take_while(|m| m.is_promotion())
                .position(|&m| m == promotion)
                .map(|k| next_promotion + k)
        };
        if let Some(j) = found
            && let Ok(after) = u16::try_from(j + 1)
        {
            children[i].after = after;
            next_promotion = next_promotion.max(j + 1);
        }
    }
}

/// Links each of the defender's drops at an AND node to the drop before it on the same
/// square (the child's `after`), so that it waits until that one is mated (see [`waiting`]):
/// an interposition by one piece is mostly mated as one by another piece was, and seven
/// drops on one square then weigh as one reply in the node's proof number, not seven. The
/// drops wait in the generator's order; the node is proved only once the last drop of each
/// square is. (The idea of KomoringHeights' delayed moves, built anew; its chain of quiet
/// interpositions on different squares was measured and not kept, docs/mate.md.)
pub(super) fn link_drops(moves: &[Move], children: &mut [Child]) {
    // The last drop seen on each square, as its index plus one.
    let mut last = [0u16; Square::NUM];
    for (i, &mv) in moves.iter().enumerate() {
        if !mv.is_drop() {
            continue;
        }
        let Ok(this) = u16::try_from(i + 1) else {
            break;
        };
        let to = mv.to().index();
        children[i].after = last[to];
        last[to] = this;
    }
}

/// Whether the child `c` still waits for the move it is linked to (see [`Child::after`]):
/// at an OR node until that move is disproved, at an AND node until it is proved. A waiting
/// move counts at once if it is already decided the other way (a mate by the non-promotion,
/// a reply that escapes), and otherwise takes no part in its node's numbers, so that a
/// promotion and its non-promotion, or the drops on one square, weigh as one move.
pub(super) fn waiting(children: &[Child], c: &Child, or: bool) -> bool {
    if c.after == 0 {
        return false;
    }
    let first = &children[usize::from(c.after - 1)];
    if or {
        first.dn != 0 && c.pn != 0
    } else {
        first.pn != 0 && c.dn != 0
    }
}

/// The node's numbers from its children's: at an OR node the smallest proof number and the
/// sum of disproof numbers, at an AND node the other way round.
fn aggregate(children: &[Child], or: bool) -> (u32, u32) {
    let (mut min, mut sum) = (INF, 0u32);
    for c in children.iter().filter(|c| !waiting(children, c, or)) {
        let (m, s) = if or { (c.pn, c.dn) } else { (c.dn, c.pn) };
        min = min.min(m);
        sum = add(sum, s);
    }
    if min == 0 {
        sum = INF;
    }
    if or { (min, sum) } else { (sum, min) }
}

/// The child to search (smallest proof number at an OR node, smallest disproof number at an
/// AND node) and the second smallest such number.
///
/// Among children with the same number, the one whose other number is smaller goes first
/// (at an OR node the smaller disproof number, at an AND node the smaller proof number), as
/// KomoringHeights orders them; generation order only breaks what is left. Measured against
/// taking the first in generation order (docs/mate.md): a long problem's first proof can
/// come out far shorter (雪月花 357 plies instead of 413) and the 141 positions of the test
/// set take a tenth fewer nodes, for more nodes on some other long problems.
fn select(children: &[Child], or: bool) -> (usize, u32) {
    let (mut best, mut first, mut second) = (0, (INF, INF), INF);
    for (i, c) in children.iter().enumerate() {
        if waiting(children, c, or) {
            continue;
        }
        let v = if or { (c.pn, c.dn) } else { (c.dn, c.pn) };
        if v < first {
            // The child it displaces is the second best now, whether its number was larger or
            // the same.
            second = first.0;
            first = v;
            best = i;
        } else if v.0 < second {
            second = v.0;
        }
    }
    (best, second)
}

/// The node's result once its loop ends: numbers, the hand a decision holds for, the
/// bounds on the mate's length, and the path dependence of a disproof (none once it reaches
/// the node it depends on).
fn conclude(pos: &Position, or: bool, ply: u16, hand: Hand, children: &[Child]) -> NodeResult {
    let (pn, dn) = aggregate(children, or);
    let mut r = NodeResult {
        pn,
        dn,
        hand,
        dep: CLEAN,
        lo: 0,
        hi: NO_MATE,
    };
    if pn == 0 {
        if or {
            // The quickest mate found; its proof hand.
            if let Some(c) = children.iter().filter(|c| c.pn == 0).min_by_key(|c| c.hi) {
                r.hand = hand_before(pos, c.mv, c.hand);
                r.hi = plus_one(c.hi);
            }
        } else {
            let union = children
                .iter()
                .fold(Hand::EMPTY, |acc, c| hand_max(acc, c.hand));
            r.hand = and_proof_hand(pos, union);
            r.hi = plus_one(children.iter().map(|c| c.hi).max().unwrap_or(0));
        }
    } else if dn == 0 {
        // The disproof hand: the largest attacker hand for which the children's disproofs
        // still refute every move (see `or_disproof_hand`). A disproof that depends on the
        // path keeps the node's own hand: the repetition it found is one of these hands
        // exactly, and the chain of children down to it gives each node its own hand back.
        let (dep, lo) = if or {
            let before = children.iter().fold(FULL_HAND, |h, c| {
                hand_min(h, hand_before(pos, c.mv, c.hand))
            });
            r.hand = or_disproof_hand(pos, before);
            let dep = children.iter().map(|c| c.dep).min().unwrap_or(CLEAN);
            (dep, children.iter().map(|c| c.lo).min().unwrap_or(NO_MATE))
        } else {
            // The least path-dependent refutation, and among those the one that needs the
            // longest mate.
            let refutation = children
                .iter()
                .filter(|c| c.dn == 0)
                .max_by_key(|c| (c.dep, c.lo));
            if let Some(c) = refutation {
                r.hand = and_disproof_hand(pos, c.mv, c.hand);
            }
            refutation.map_or((CLEAN, NO_MATE), |c| (c.dep, c.lo))
        };
        r.dep = if dep >= ply { CLEAN } else { dep };
        r.lo = plus_one(lo);
    }
    r
}

#[cfg(test)]
mod reply_cache_tests {
    use super::{INIT_CAP, REPLY_BITS, REPLY_SLOTS, ReplyCache};

    #[test]
    fn every_slot_is_used() {
        // Keys that differ only in the bits above the table's: each its own slot, the first
        // and the last included (the cache once shifted by two bits too many and used a
        // quarter of its slots).
        let slots: std::collections::HashSet<usize> = (0..REPLY_SLOTS as u64)
            .map(|i| ReplyCache::slot(i << (64 - REPLY_BITS) | 0x5a5a))
            .collect();
        assert_eq!(slots.len(), REPLY_SLOTS);
        assert!(slots.contains(&0) && slots.contains(&(REPLY_SLOTS - 1)));
    }

    #[test]
    fn gives_back_what_was_put_for_the_same_key_only() {
        let mut c = ReplyCache::default();
        let key = 0x1234_5678_9abc_def0u64;
        assert_eq!(c.get(key), None);
        for n in 0..=INIT_CAP {
            c.put(key, n);
            assert_eq!(c.get(key), Some(n));
        }
        // Another key in the same slot is not answered with this one's count, and its own
        // count replaces it.
        assert_eq!(c.get(key ^ (1 << 20)), None);
        c.put(key ^ (1 << 20), 3);
        assert_eq!(c.get(key), None);
    }
}

#[cfg(test)]
mod select_tests {
    use super::{Child, INF, select};
    use tokin_core::Move;

    fn child(pn: u32, dn: u32) -> Child {
        Child::with_numbers(Move::from_usi("7g7f").expect("a move"), pn, dn)
    }

    #[test]
    fn ties_go_to_the_smaller_other_number_and_the_displaced_child_is_second() {
        // OR node: proof numbers first, then the smaller disproof number.
        let or = [
            child(3, 5),
            child(2, 9),
            child(2, 4),
            child(2, 4),
            child(7, 1),
        ];
        assert_eq!(select(&or, true), (2, 2));
        // AND node: disproof numbers first, then the smaller proof number.
        let and = [child(6, 3), child(1, 3), child(9, 8)];
        assert_eq!(select(&and, false), (1, 3));
        // A strictly smaller number wins whatever the other number; the second is the next
        // number up.
        let or = [child(4, 1), child(3, 50), child(5, 1)];
        assert_eq!(select(&or, true), (1, 4));
        // One child: no second.
        assert_eq!(select(&[child(2, 2)], true), (0, INF));
    }
}
