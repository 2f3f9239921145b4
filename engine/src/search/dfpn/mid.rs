//! The df-pn recursion: multiple iterative deepening (MID) with thresholds, over OR nodes
//! (attacker to move, checks only) and AND nodes (defender to move, every evasion).
//!
//! Three refinements over the textbook version:
//! - The 1+ε trick: the best child gets a proof (or disproof) threshold of (1+ε) times the
//!   second best's number rather than one more, so the search stays longer in one subtree
//!   instead of jumping between two nearly equal ones (ε = 1/4).
//! - Children's numbers are kept in the frame while it runs instead of being read back from
//!   the table each time, so a result that the table must not keep (below) still counts.
//! - Repetition: a position already on the path is a loss for the attacker (in shogi a
//!   repeated check loses for the checker, and a repeated evasion gains the attacker
//!   nothing). Such a disproof depends on the path (the graph-history interaction), so each
//!   result carries the shallowest ply it depends on; a disproof that depends on a node
//!   above is not stored, and stops depending on anything once it reaches that node.

use super::Solver;
use super::moves::{and_proof_hand, attacker, checks, evasions, or_proof_hand};
use super::table::{INF, NEAR_INF, hand_max};
use crate::search::mate1::mate_in_one;
use crate::{Hand, Move, Position};

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
    /// For a proof, the length of the mate it found (plies).
    pub(super) len: u16,
}

/// What a search of a node hands back to its parent.
#[derive(Clone, Copy, Debug)]
pub(super) struct NodeResult {
    pub(super) pn: u32,
    pub(super) dn: u32,
    pub(super) hand: Hand,
    pub(super) dep: u16,
    pub(super) len: u16,
}

/// `a + b`, kept below infinity for a node that is not decided.
fn add(a: u32, b: u32) -> u32 {
    a.saturating_add(b).min(NEAR_INF)
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
    /// Searches the node `pos` at `ply` (even: attacker to move) until its proof number
    /// reaches `th_pn` or its disproof number `th_dn`, or the solver stops.
    pub(super) fn mid(&mut self, pos: &Position, ply: u16, th_pn: u32, th_dn: u32) -> NodeResult {
        let or = ply.is_multiple_of(2);
        let hand = pos.hand(attacker(pos, or));
        let board = pos.board_key();
        let start_nodes = self.nodes;
        self.tick();
        if ply >= self.max_ply {
            // Too deep to follow: an answer for this path only (depends on the root).
            self.truncated = true;
            return NodeResult {
                pn: INF,
                dn: 0,
                hand,
                dep: 0,
                len: 0,
            };
        }
        let moves = if or { checks(pos) } else { evasions(pos) };
        if moves.is_empty() {
            let r = if or {
                NodeResult {
                    pn: INF,
                    dn: 0,
                    hand,
                    dep: CLEAN,
                    len: 0,
                }
            } else {
                NodeResult {
                    pn: 0,
                    dn: INF,
                    hand: and_proof_hand(pos, Hand::EMPTY),
                    dep: CLEAN,
                    len: 0,
                }
            };
            self.tt.store(board, r.hand, (r.pn, r.dn), 0, 1);
            return r;
        }
        let key = pos.key();
        self.path.insert(key, ply);
        let mut children: Vec<Child> = moves
            .iter()
            .map(|&mv| self.init_child(pos, mv, or))
            .collect();
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
            let r = self.mid(&child, ply + 1, cpn, cdn);
            let slot = &mut children[best];
            slot.pn = r.pn;
            slot.dn = r.dn;
            slot.hand = r.hand;
            slot.dep = r.dep;
            slot.len = r.len;
        }
        self.path.remove(&key);
        let r = conclude(pos, or, ply, hand, &children);
        let spent = self.nodes - start_nodes;
        if r.dep == CLEAN {
            self.tt.store(board, r.hand, (r.pn, r.dn), r.len, spent);
        }
        r
    }

    /// A child's numbers before it is searched: a repetition, what the table knows, or a
    /// first look (a check that leaves no evasion, a reply that allows a mate in one).
    fn init_child(&mut self, pos: &Position, mv: Move, or: bool) -> Child {
        let mut child = pos.clone();
        child.play_unchecked(mv);
        let att = attacker(pos, or);
        let hand = child.hand(att);
        if let Some(&q) = self.path.get(&child.key()) {
            return Child {
                mv,
                pn: INF,
                dn: 0,
                hand,
                dep: q,
                len: 0,
            };
        }
        let board = child.board_key();
        let p = self.tt.probe(board, hand);
        let mut c = Child {
            mv,
            pn: p.pn,
            dn: p.dn,
            hand: p.hand,
            dep: CLEAN,
            len: p.len,
        };
        if p.known {
            return c;
        }
        if or {
            // The child is an AND node: mated at once, or as hard as its replies are many.
            let n = child.count_legal_moves() as u32;
            if n == 0 {
                c.pn = 0;
                c.dn = INF;
                c.hand = and_proof_hand(&child, Hand::EMPTY);
                c.len = 0;
                self.tt.store(board, c.hand, (0, INF), 0, 1);
            } else {
                c.pn = c.pn.max(n.min(8));
            }
        } else if !child.in_check()
            && let Some(m) = mate_in_one(&child)
        {
            let mut mated = child.clone();
            mated.play_unchecked(m);
            let leaf = and_proof_hand(&mated, Hand::EMPTY);
            c.pn = 0;
            c.dn = INF;
            c.hand = or_proof_hand(&child, m, leaf);
            c.len = 1;
            self.tt.store(board, c.hand, (0, INF), 1, 1);
        }
        c
    }
}

/// The node's numbers from its children's: at an OR node the smallest proof number and the
/// sum of disproof numbers, at an AND node the other way round.
fn aggregate(children: &[Child], or: bool) -> (u32, u32) {
    let (mut min, mut sum) = (INF, 0u32);
    for c in children {
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
fn select(children: &[Child], or: bool) -> (usize, u32) {
    let (mut best, mut first, mut second) = (0, INF, INF);
    for (i, c) in children.iter().enumerate() {
        let v = if or { c.pn } else { c.dn };
        if v < first {
            second = first;
            first = v;
            best = i;
        } else if v < second {
            second = v;
        }
    }
    (best, second)
}

/// The node's result once its loop ends: numbers, the hand a decision holds for, and the
/// path dependence of a disproof (none once it reaches the node it depends on).
fn conclude(pos: &Position, or: bool, ply: u16, hand: Hand, children: &[Child]) -> NodeResult {
    let (pn, dn) = aggregate(children, or);
    let mut r = NodeResult {
        pn,
        dn,
        hand,
        dep: CLEAN,
        len: 0,
    };
    if pn == 0 {
        if or {
            // The quickest mate found; its proof hand.
            if let Some(c) = children.iter().filter(|c| c.pn == 0).min_by_key(|c| c.len) {
                r.hand = or_proof_hand(pos, c.mv, c.hand);
                r.len = c.len.saturating_add(1);
            }
        } else {
            let union = children
                .iter()
                .fold(Hand::EMPTY, |acc, c| hand_max(acc, c.hand));
            r.hand = and_proof_hand(pos, union);
            r.len = children
                .iter()
                .map(|c| c.len)
                .max()
                .unwrap_or(0)
                .saturating_add(1);
        }
    } else if dn == 0 {
        // The attacker's hand itself is the disproof hand: any hand it covers has no more
        // checks and leaves the defender no fewer pieces.
        let dep = if or {
            children.iter().map(|c| c.dep).min().unwrap_or(CLEAN)
        } else {
            children
                .iter()
                .filter(|c| c.dn == 0)
                .map(|c| c.dep)
                .max()
                .unwrap_or(CLEAN)
        };
        r.dep = if dep >= ply { CLEAN } else { dep };
    }
    r
}
