//! Reading the mating line from a proved root.
//!
//! The line is the one tsume composers give: the attacker's quickest mate against the
//! defender's longest resistance, counted in plies. The search's proof only bounds the
//! mate's length from above (df-pn stops at the first mate it finds at each node), so the
//! root is first searched again with ever shorter length bounds until no quicker mate is
//! left. The line then follows mate lengths that are exact: at an OR node a check whose
//! reply position is mated within one ply less, at an AND node the reply whose mate is the
//! longest, found by asking each long-looking reply for a mate two plies shorter than its
//! proof until it has none. Those questions have budgets, so two replies can look alike
//! (each mated within the bound asked, neither shown to be mated sooner); once the line is
//! read, a reply that was said to need more plies than the line's own reply took is read too,
//! and the longer line kept ([`Solver::lengthen`]).
//!
//! A useless interposition (無駄合: a piece dropped, or moved, between a ranging checker and
//! the king that the checker just takes, after which the attacker mates as quickly as the
//! interposition's own two plies allow, even with the piece given back to the defender) is
//! no resistance: it is left out of the line, and a check that only such interpositions
//! answer ends the line. The lengths the searches compare count every ply, interpositions
//! included, so where two checks mate equally quickly by that count, the line after each
//! is read from the table and the one shorter without its useless interpositions is taken
//! ([`Solver::break_tie`]).
//!
//! Each of these searches has a node budget, and the first (the search for a quicker mate)
//! also stops with the caller's clock; when a budget runs out, the line follows the
//! shortest mates found so far. While some question about the attacker's quickest check was
//! left undecided, the line is read again, and the shortest kept ([`Solver::read_again`]).
//! A line is always answered, but a pass after the first is given up with the clock.

use super::moves::{attacker, checks, evasions, interposition_squares};
use super::table::MAX_LEN;
use super::{KeyMap, Solver};
use std::time::Duration;
use tokin_core::{Color, Hand, Move, Position, Strictness};

/// Nodes for one search of the reading that must answer (a proof the table lost, a reply's
/// mate); the reading's first pass may take, in all, four times the larger of this and what
/// the solve took ([`READ_SHARE`]).
const READ_BUDGET: u64 = 2_000_000;
/// The budget of the reading's first pass beyond what the solve took, in multiples of the
/// larger of [`READ_BUDGET`] and the solve's nodes. Only a long problem's first pass spends
/// it: 雪月花's (341 plies with four, 349 with two, 365 with one) and 寿's (the same 611
/// plies); every other problem of `tests/data/mate/long.txt` and of `positions.txt` takes
/// the same nodes either way (docs/mate.md).
const READ_SHARE: u64 = 4;
/// [`READ_SHARE`] for a caller that bounded the solve's nodes (the engine's mate search at
/// the root in games, which plays the line's first move only): as the games were measured.
const BOUNDED_READ_SHARE: u64 = 2;
/// The searches for a quicker mate from the root may take an eighth of what the solve took,
/// and at least this many nodes. A quicker mate is mostly found in a small part of that;
/// showing that there is none can cost much more than the solve, and is given up when the
/// budget runs out (the line is then the quickest found, not known to be the quickest).
/// A short solve's eighth is too little to find even a quicker mate: with the drops chained
/// ([`super::mid::link_drops`]), random game 7 of `positions.txt` is first proved in 23 plies,
/// and 6,000 nodes take it to 15 (cshogi's 13), 20,000 to 11 (docs/mate.md).
const SHORTEN_MIN: u64 = 20_000;
/// The smallest budget for one question about a node of the line (is it mated within a
/// bound?), otherwise 1/128 of what the solve took.
const ASK_MIN: u64 = 1_000;
/// The most nodes for one question.
const ASK_MAX: u64 = 20_000;
/// The reading's passes after the first ([`Solver::read_again`]) may take this many times
/// the nodes spent before them.
const PASS_SHARE: u64 = 2;
/// [`PASS_SHARE`] after more than [`READ_BUDGET`] nodes: a long problem's passes wander
/// (雪月花, from a first pass of 341 plies: 365, 341, 333, 333, 333, 317, the last at about
/// three and a third times the nodes spent before them), while a short one's line is mostly
/// read exactly by the first passes, and more passes only cost it nodes (the 141 of
/// `positions.txt`: 2.93 M nodes with four times for all, 2.59 M with twice; docs/mate.md).
const LONG_PASS_SHARE: u64 = 4;
/// The reading ends after this many passes in a row that found no shorter line: a pass that
/// finds nothing shorter is no sign that the next will not (雪月花 above).
const MAX_STALE: u32 = 3;
/// The smallest budget for deciding whether one interposition is useless.
const USELESS_MIN: u64 = 2_000;

/// A reply that an AND node of the line did not choose, and the length of the mate it is
/// known to have (from the reading's questions: an upper bound).
#[derive(Clone, Copy, Debug)]
struct Other {
    ply: u16,
    mv: Move,
    len: u16,
}

/// The most lines read again for a longer defence ([`Solver::lengthen`]).
const MAX_REREADS: u32 = 256;

/// The answer to "is this position mated within so many plies?".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Within {
    /// Yes, within this many plies.
    Mated(u16),
    /// No.
    Not,
    /// The budget ran out first.
    Unknown,
}

/// The positions of the line being read, in order from the root: by full key, so that the
/// reading never goes round a cycle, and as each one's board and attacker's hand, so that a
/// question asked on the line can count them as repetitions (see [`super::path`]).
#[derive(Default)]
pub(super) struct LinePositions {
    keys: KeyMap<()>,
    boards: Vec<(u64, Hand)>,
}

impl LinePositions {
    /// Adds `pos` (an OR node if `or`) at the line's end.
    fn enter(&mut self, pos: &Position, or: bool) {
        self.keys.insert(pos.key(), ());
        self.boards
            .push((pos.board_key(), pos.hand(attacker(pos, or))));
    }

    /// Whether `pos` is on the line.
    fn contains(&self, pos: &Position) -> bool {
        self.keys.contains_key(&pos.key())
    }

    /// Empties the line.
    fn clear(&mut self) {
        self.keys.clear();
        self.boards.clear();
    }
}

impl Solver<'_> {
    /// The mating line from `root`, which the search has just proved with a mate of `len`
    /// plies.
    pub(super) fn mate_line(&mut self, root: &Position, len: u16) -> Vec<Move> {
        // A quicker mate from the root, as long as the clock and the budget allow.
        let mut len = len;
        let budget = (self.nodes / 8).max(SHORTEN_MIN);
        self.ask_budget = (self.nodes / 128).clamp(ASK_MIN, ASK_MAX);
        self.reply_budget = self.ask_budget;
        self.node_limit = self.node_limit.min(self.nodes.saturating_add(budget));
        let mut exact = len <= 1;
        while len >= 3 && !self.stopped {
            match self.mated_within(root, 0, len - 2, budget, false) {
                Within::Mated(l) => len = l,
                Within::Not => exact = true,
                Within::Unknown => break,
            }
            if exact {
                break;
            }
        }
        // Reading is not stopped by the clock: a proved mate is always answered with its line
        // (after the clock, one read from the table, see `mated_within`).
        self.reading = true;
        self.stopped = false;
        let read = self.read_budget.unwrap_or_else(|| {
            let share = if self.bounded {
                BOUNDED_READ_SHARE
            } else {
                READ_SHARE
            };
            share * READ_BUDGET.max(self.nodes)
        });
        self.node_limit = self.nodes.saturating_add(read);
        let start = self.signals.elapsed();
        let (mut line, _) = self.read_from_root(root, len, exact);
        let took = self.signals.elapsed().saturating_sub(start);
        self.read_again(root, &mut line, took);
        self.line.clear();
        self.path.clear();
        line
    }

    /// Reads the line again from `root` while some question about the attacker's quickest
    /// check was left undecided, and keeps the shortest line read. Each pass asks those
    /// questions again with the same budget (each once a pass, see [`Self::quickest_check`]),
    /// and they go on from the numbers the table kept; what one pass proves, the next one's
    /// questions above it use (雪月花: 341 plies after the first pass, 349 after the second,
    /// 309 after the third). A defender's reply is judged by what the table holds, its mate
    /// unshortened: the first pass asked what the line's defence needs, and a reply that
    /// needs more than the line does is read again by [`Self::lengthen`] all the same (unless
    /// a question shows that it does not: asked from the table alone too, those questions
    /// sent 墨酔 No. 38's passes into 256 such readings each).
    ///
    /// The passes end after [`MAX_STALE`] in a row that found no shorter line, and may take
    /// [`PASS_SHARE`] times the nodes spent before them ([`LONG_PASS_SHARE`] after more than
    /// [`READ_BUDGET`]); a pass cut short by that budget or by
    /// the clock read the rest of its line from the table, unasked (see `mated_within`), and
    /// may have missed a longer defence, so it is not kept. So that the answer does not wait
    /// for a pass that the clock would cut, none starts with less time left than the pass
    /// before it took (`took`: the first pass's, for the second). A caller that bounded the
    /// solve's nodes (the engine's mate search at the root in games, which plays the first
    /// move only; `tokin mate --nodes`) gets the first pass's line.
    fn read_again(&mut self, root: &Position, line: &mut Vec<Move>, took: Duration) {
        if self.bounded {
            return;
        }
        if self.read_budget.is_none() {
            let share = if self.nodes > READ_BUDGET {
                LONG_PASS_SHARE
            } else {
                PASS_SHARE
            };
            self.node_limit = self.nodes.saturating_add(share * self.nodes);
        }
        self.reply_budget = 0;
        self.passing = true;
        let mut stale = 0;
        let mut took = took;
        while !self.undecided.is_empty()
            && stale < MAX_STALE
            && !self.time_is_up()
            && self.signals.hard_left().is_none_or(|left| left >= took)
        {
            let start = self.signals.elapsed();
            let (again, mated) = self.read_from_root(root, line.len() as u16, false);
            if !mated || self.nodes >= self.node_limit || self.time_is_up() {
                break;
            }
            took = self.signals.elapsed().saturating_sub(start);
            if again.len() < line.len() {
                *line = again;
                stale = 0;
            } else {
                stale += 1;
            }
        }
        self.passing = false;
    }

    /// One pass of the reading: the line from `root` (mated within `len` plies, exactly that
    /// many if `exact`), lengthened where a reply turned out to resist longer; and whether it
    /// ends in mate.
    fn read_from_root(&mut self, root: &Position, len: u16, exact: bool) -> (Vec<Move>, bool) {
        self.undecided.clear();
        let mut others = Vec::new();
        let (mut line, mated) = self.read_line(root, Vec::new(), len, exact, &mut others);
        self.lengthen(root, &mut line, others, 0, &mut 0);
        (line, mated)
    }

    /// Reads the line from `root` on from the moves of `prefix` (which must lead to an OR
    /// node mated within `len` plies, exactly that many if `exact`), adding to `others` the
    /// replies that the line's AND nodes did not choose. The line, and whether it ends in
    /// mate (or with only useless interpositions left).
    fn read_line(
        &mut self,
        root: &Position,
        prefix: Vec<Move>,
        len: u16,
        exact: bool,
        others: &mut Vec<Other>,
    ) -> (Vec<Move>, bool) {
        let (mut len, mut exact) = (len, exact);
        let mut pos = self.replay(root, &prefix);
        let mut line = prefix;
        while line.len() < usize::from(self.max_ply) && !self.line.contains(&pos) {
            let ply = line.len() as u16;
            self.enter_line(&pos, ply);
            let next = if ply.is_multiple_of(2) {
                let mut ties = Vec::new();
                let next = self.quickest_check(&pos, ply, len, exact, &mut ties);
                match next {
                    Some((_, l, e)) if ties.len() > 1 && !self.table_only => {
                        Some((self.break_tie(root, &line, &pos, &ties, l), l, e))
                    }
                    _ => next,
                }
            } else {
                self.longest_reply(&pos, ply, len, exact, others)
            };
            let Some((mv, l, e)) = next else {
                return (line, ply % 2 == 1);
            };
            line.push(mv);
            pos.play_unchecked(mv);
            (len, exact) = (l, e);
        }
        (line, false)
    }

    /// At the OR node `pos` after `line` from `root`, where the checks `ties` tie for
    /// the quickest mate by the table's lengths (each reply position mated within `len`
    /// plies), the one whose line, read from the table alone, is the shortest: the lengths
    /// count useless interpositions and the lines leave them out, so one of two equally
    /// quick mates may end in such an interposition and be two plies shorter as composers
    /// count (墨酔 No. 38: 107 plies where the first check in the generator's order gives
    /// 109). A tie whose line the table does not hold to the end is passed over; ties left
    /// go to the generator's order. The reading's own line is then read as before, with its
    /// questions, along the check chosen.
    fn break_tie(
        &mut self,
        root: &Position,
        line: &[Move],
        pos: &Position,
        ties: &[Move],
        len: u16,
    ) -> Move {
        self.table_only = true;
        let mut best = (usize::MAX, ties[0]);
        for &mv in ties {
            let mut prefix = line.to_vec();
            prefix.push(mv);
            let (read, mated) = self.read_line(root, prefix, len, false, &mut Vec::new());
            if mated && read.len() < best.0 {
                best = (read.len(), mv);
            }
        }
        self.table_only = false;
        // The line's positions as they were, `pos` the last.
        self.replay(root, line);
        self.enter_line(pos, line.len() as u16);
        best.1
    }

    /// The budget for a question of the reading that wants `nodes`: none while a tie is
    /// broken by reading from the table alone ([`Self::break_tie`]).
    fn question_budget(&self, nodes: u64) -> u64 {
        if self.table_only { 0 } else { nodes }
    }

    /// Starts a line with the positions before each of `moves` from `root`; the position
    /// they lead to.
    fn replay(&mut self, root: &Position, moves: &[Move]) -> Position {
        self.line.clear();
        let mut pos = root.clone();
        for (ply, &mv) in moves.iter().enumerate() {
            self.enter_line(&pos, ply as u16);
            pos.play_unchecked(mv);
        }
        pos
    }

    /// Puts `pos`, at `ply`, on the line being read.
    fn enter_line(&mut self, pos: &Position, ply: u16) {
        self.line.enter(pos, ply.is_multiple_of(2));
    }

    /// Where the defender's reply on `line` came out mated sooner than another reply was
    /// said to be, reads that reply's line too and keeps the longer: two replies can look
    /// alike to the reading (each mated within the same bound, neither shown to be mated
    /// sooner within its budget), and the one chosen may turn out the shorter. The AND nodes
    /// below ply `from` are looked at from the deepest up, so that a line compared is one
    /// already lengthened below; each reply is read once, within the reading's budget and at
    /// most [`MAX_REREADS`] lines in all, and none once the caller's time is up.
    fn lengthen(
        &mut self,
        root: &Position,
        line: &mut Vec<Move>,
        mut others: Vec<Other>,
        from: usize,
        rereads: &mut u32,
    ) {
        // The deepest AND node (odd plies).
        let mut ply = line.len().saturating_sub(1);
        ply -= usize::from(ply.is_multiple_of(2) && ply > 0);
        while ply > from {
            // The line's positions up to this node, entered once for the questions below; a
            // reply's line read starts a line of its own, and they are entered again.
            let mut at: Option<Position> = None;
            // Once the caller's time is up, the line stays as read (see `mated_within`).
            while self.nodes < self.node_limit && *rereads < MAX_REREADS && !self.time_is_up() {
                // The plies the line takes after this node's reply.
                let rest = (line.len() - ply - 1) as u16;
                let Some(i) = (0..others.len())
                    .filter(|&i| usize::from(others[i].ply) == ply && others[i].len > rest)
                    .max_by_key(|&i| others[i].len)
                else {
                    break;
                };
                let other = others.swap_remove(i);
                let node = match at.take() {
                    Some(node) => node,
                    None => {
                        let node = self.replay(root, &line[..ply]);
                        self.enter_line(&node, ply as u16);
                        node
                    }
                };
                let len = other.len.saturating_add(1);
                let useless = interposes(&node, other.mv)
                    && self.is_useless(&node, other.mv, ply as u16, len);
                // Most such replies are soon shown to be mated as quickly as the line's own:
                // those are not read.
                let mut child = node.clone();
                child.play_unchecked(other.mv);
                if useless
                    || matches!(
                        self.mated_within(&child, ply as u16 + 1, rest, self.ask_budget, true),
                        Within::Mated(_)
                    )
                {
                    at = Some(node);
                    continue;
                }
                let mut prefix = line[..ply].to_vec();
                prefix.push(other.mv);
                *rereads += 1;
                let mut found = Vec::new();
                let (mut longer, mated) =
                    self.read_line(root, prefix, other.len, false, &mut found);
                if !mated {
                    continue;
                }
                self.lengthen(root, &mut longer, found, ply, rereads);
                if longer.len() > line.len() {
                    *line = longer;
                }
            }
            ply = ply.saturating_sub(2);
        }
    }

    /// Whether `pos` at `ply` is mated within `bound` plies: what the table says, or a
    /// search of at most `budget` nodes. With `on_line`, the search avoids the positions of
    /// the line so far (a mate found again must not lead back into it).
    fn mated_within(
        &mut self,
        pos: &Position,
        ply: u16,
        bound: u16,
        budget: u64,
        on_line: bool,
    ) -> Within {
        let or = ply.is_multiple_of(2);
        let p = self
            .tt
            .probe(pos.board_key(), pos.hand(attacker(pos, or)), bound);
        if p.pn == 0 {
            return Within::Mated(p.hi);
        }
        if p.dn == 0 {
            return Within::Not;
        }
        // Once the caller's time is up (or it said stop), the rest of the line is read from
        // what the table holds: the questions that would shorten it are left unasked, and
        // only a proof the table lost is searched again, by the reading itself. A question
        // with no budget is answered from the table alone.
        if (self.reading && self.time_is_up()) || budget == 0 {
            return Within::Unknown;
        }
        self.search_within(pos, ply, bound, budget, on_line)
    }

    /// [`Self::mated_within`] by a search, whatever the table holds for `pos` itself.
    fn search_within(
        &mut self,
        pos: &Position,
        ply: u16,
        bound: u16,
        budget: u64,
        on_line: bool,
    ) -> Within {
        if self.nodes >= self.node_limit {
            return Within::Unknown;
        }
        self.path.clear();
        if on_line {
            // The line's positions, but for `pos` itself (the search starts there).
            let here = (
                pos.board_key(),
                pos.hand(attacker(pos, ply.is_multiple_of(2))),
            );
            for (p, &(board, hand)) in self.line.boards.iter().enumerate() {
                if (board, hand) != here {
                    self.path.push(board, hand, p as u16);
                }
            }
        }
        let limit = self.node_limit;
        self.node_limit = self.nodes.saturating_add(budget).min(limit);
        self.stopped = false;
        let r = self.mid(pos, ply, bound, super::INF, super::INF);
        self.node_limit = limit;
        self.stopped = self.nodes >= limit;
        self.path.clear();
        if r.pn == 0 {
            Within::Mated(r.hi)
        } else if r.dn == 0 {
            Within::Not
        } else {
            Within::Unknown
        }
    }

    /// At an OR node mated within `len` plies (exactly that many if `exact`), the check
    /// with the quickest mate, the length of the mate from the position it leads to, and
    /// whether that length is exact; `ties` gets every check with a mate as quick by the
    /// table (the one answered first, in the generator's order).
    fn quickest_check(
        &mut self,
        pos: &Position,
        ply: u16,
        len: u16,
        exact: bool,
        ties: &mut Vec<Move>,
    ) -> Option<(Move, u16, bool)> {
        let (mut len, mut exact) = (len, exact);
        // Below the root, a length that is not known to be exact is shortened here. A question
        // this pass left undecided is not asked again in it: a reply's line read again by
        // `lengthen` joins the line's positions, and the same budget mostly ends the same
        // way (墨酔 No. 38's second pass asked each of the line's last questions up to 31 times;
        // asked once, the nodes left take the passes to 109 plies instead of 111).
        while !exact && len >= 3 && !self.table_only {
            if self.undecided.contains(&(pos.key(), len)) {
                break;
            }
            match self.mated_within(pos, ply, len - 2, self.ask_budget, true) {
                Within::Mated(l) => len = l,
                Within::Not => exact = true,
                Within::Unknown => {
                    self.undecided.insert((pos.key(), len));
                    break;
                }
            }
        }
        let mut bound = len;
        for attempt in 0..3 {
            let mut best: Option<(u16, Move)> = None;
            ties.clear();
            for mv in checks(pos) {
                let mut child = pos.clone();
                child.play_unchecked(mv);
                if self.line.contains(&child) {
                    continue;
                }
                let p = self.tt.probe(
                    child.board_key(),
                    child.hand(pos.side_to_move()),
                    bound.saturating_sub(1),
                );
                if p.pn == 0 && best.is_none_or(|(b, _)| p.hi < b) {
                    best = Some((p.hi, mv));
                    ties.clear();
                }
                if p.pn == 0 && best.is_some_and(|(b, _)| p.hi == b) {
                    ties.push(mv);
                }
            }
            if let Some((l, mv)) = best {
                // A reply position mated within one ply less than an exact length is mated
                // in exactly that many.
                return Some((mv, l, exact && bound == len && l + 1 == len));
            }
            // Reading from the table alone, a lost proof ends the line.
            if attempt == 2 || self.table_only {
                break;
            }
            // The proof's entries were replaced, or lead back into the line: prove this
            // node again (the second time with no length bound).
            if attempt == 1 {
                bound = MAX_LEN;
            }
            // A proved mate's line must end in mate, so this node is proved again with a
            // budget of its own even when the reading's is spent (a node proved by the
            // mate-in-one test, for one, leaves no entry for the mated position to follow).
            // The reading's own budget stays as it was.
            let spent = self.node_limit;
            // A later pass stays within its budget: cut short, it is not kept.
            if !self.passing {
                self.node_limit = spent.max(self.nodes.saturating_add(READ_BUDGET));
            }
            self.search_within(pos, ply, bound, READ_BUDGET, true);
            self.node_limit = spent;
        }
        None
    }

    /// At an AND node mated within `len` plies (exactly that many if `exact`), the reply
    /// with the longest mate, that mate's length and whether it is exact, useless
    /// interpositions left out; `None` when there is none (mate, or only useless
    /// interpositions).
    fn longest_reply(
        &mut self,
        pos: &Position,
        ply: u16,
        len: u16,
        exact: bool,
        others: &mut Vec<Other>,
    ) -> Option<(Move, u16, bool)> {
        let bound = len.saturating_sub(1);
        // Each reply with the length of a mate it is known to have.
        let mut replies = Vec::new();
        for mv in evasions(pos) {
            let mut child = pos.clone();
            child.play_unchecked(mv);
            if self.line.contains(&child) {
                continue;
            }
            match self.mated_within(
                &child,
                ply + 1,
                bound,
                self.question_budget(READ_BUDGET),
                true,
            ) {
                Within::Mated(l) => replies.push((l, mv, child)),
                Within::Unknown => replies.push((bound, mv, child)),
                // The proof went through the line (or the table lost it): follow it anyway, as
                // the longest.
                Within::Not => return Some((mv, MAX_LEN, false)),
            }
        }
        replies.sort_by_key(|r| std::cmp::Reverse(r.0));
        // With an exact length, some reply needs exactly one ply less: while none of those
        // that might has been found, the last of them must be it.
        let mut top_left = replies.iter().filter(|r| r.0 == bound).count();
        let mut top_found = false;
        let mut best: Option<(u16, Move, bool)> = None;
        // Each reply looked at, with the length of the mate it is known to have.
        let mut seen = Vec::new();
        for (mut l, mv, child) in replies {
            let floor = best.map(|(b, _, _)| b);
            if floor.is_some_and(|b| l <= b) {
                seen.push((mv, l));
                continue;
            }
            let mut known = false;
            if l == bound {
                top_left -= 1;
                known = exact && !top_found && top_left == 0;
            }
            // Shorten this reply's mate while it could still be the longest.
            while !known && l >= 3 && floor.is_none_or(|b| l > b) {
                let budget = self.question_budget(self.reply_budget);
                match self.mated_within(&child, ply + 1, l - 2, budget, true) {
                    Within::Mated(s) => l = s,
                    Within::Not => known = true,
                    Within::Unknown => break,
                }
            }
            known |= l <= 1;
            if known && l == bound {
                top_found = true;
            }
            if floor.is_some_and(|b| l <= b) {
                seen.push((mv, l));
                continue;
            }
            if interposes(pos, mv) && self.is_useless(pos, mv, ply, len) {
                continue;
            }
            if let Some((b, m, _)) = best {
                seen.push((m, b));
            }
            best = Some((l, mv, known));
        }
        others.extend(seen.into_iter().map(|(mv, len)| Other { ply, mv, len }));
        best.map(|(l, mv, e)| (mv, l, e))
    }

    /// Whether `mv`, a piece put between the checker and the king at the AND node `pos`
    /// (mated within `len` plies), is a useless interposition: the checker takes it, and
    /// with the piece given back to the defender (the attacker gains nothing it needs) the
    /// mate still comes within the same length, the interposition and the capture aside.
    fn is_useless(&mut self, pos: &Position, mv: Move, ply: u16, len: u16) -> bool {
        // Reading from the table alone (a tie), the least budget: whether the line ends on
        // such an interposition is what tells the ties apart.
        let budget = if self.table_only {
            USELESS_MIN
        } else {
            self.reply_budget.max(USELESS_MIN)
        };
        let Some(checker) = pos.checkers().first() else {
            return false;
        };
        let att = !pos.side_to_move();
        let mut after = pos.clone();
        after.play_unchecked(mv);
        for promote in [false, true] {
            let take = Move::normal(checker, mv.to(), promote);
            if after.is_legal(take).is_err() {
                continue;
            }
            let Some(piece) = after
                .captured_piece(take)
                .and_then(|c| c.kind.unpromote().to_hand())
            else {
                continue;
            };
            let mut taken = after.clone();
            taken.play_unchecked(take);
            if !taken.in_check() {
                continue;
            }
            let Some(returned) = piece_returned(&taken, att, piece) else {
                continue;
            };
            if let Within::Mated(_) =
                self.mated_within(&returned, ply + 2, len.saturating_sub(2), budget, false)
            {
                return true;
            }
        }
        false
    }
}

/// Whether the reply `mv` at the AND node `pos` puts a piece between the checker and the
/// king (a drop there, or a move there by a piece other than the king).
fn interposes(pos: &Position, mv: Move) -> bool {
    interposition_squares(pos).contains(mv.to()) && mv.from() != pos.king_square(pos.side_to_move())
}

/// `pos` with one `piece` moved from `attacker`'s hand to the other side's.
fn piece_returned(
    pos: &Position,
    attacker: Color,
    piece: tokin_core::HandPiece,
) -> Option<Position> {
    let mut setup = pos.to_setup();
    let a = attacker.index();
    let d = (!attacker).index();
    setup.hands[a] = setup.hands[a].checked_remove(piece)?;
    setup.hands[d] = setup.hands[d].checked_add(piece)?;
    Strictness::Relaxed.validate(&setup).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mate::MateConfig;
    use crate::signals::{NoObserver, Signals};

    #[test]
    fn an_undecided_question_is_asked_once_a_pass() {
        // A mate in 25 (random game 2 of `tests/data/mate/positions.txt`): whether it is mated
        // within 39 plies, asked with a budget of one node, is left undecided; asked again in
        // the same pass it is not searched, and a new pass asks it again.
        let sfen = "S2g5/P3k2r1/1p7/3+Br3g/2+B2P2p/4P1Pp1/3NLS2P/3K5/SNG1SG1NL b NL9Plp 105";
        let pos = Position::from_sfen_with(sfen, Strictness::Relaxed).unwrap();
        let config = MateConfig {
            hash_mib: 16,
            ..MateConfig::default()
        };
        let signals = Signals::new();
        let mut observer = NoObserver;
        let mut solver = Solver::new(&config, &signals, &mut observer, None);
        solver.ask_budget = 1;
        let first = solver.quickest_check(&pos, 0, 41, false, &mut Vec::new());
        assert!(first.is_some());
        assert!(solver.undecided.contains(&(pos.key(), 41)));
        let nodes = solver.nodes;
        assert_eq!(
            solver.quickest_check(&pos, 0, 41, false, &mut Vec::new()),
            first
        );
        assert!(solver.undecided.contains(&(pos.key(), 41)));
        assert_eq!(solver.nodes, nodes, "the question was searched again");
        solver.undecided.clear();
        solver.quickest_check(&pos, 0, 41, false, &mut Vec::new());
        assert!(solver.nodes > nodes, "a new pass did not ask the question");
    }
}
