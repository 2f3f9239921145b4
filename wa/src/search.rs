//! The search for wa shogi: principal-variation alpha-beta by iterative deepening, with a
//! transposition table, a quiescence search of captures, check extensions, move ordering (the
//! table's move, captures by most valuable victim then least valuable attacker, promotions,
//! two killers a ply, a history table), repetition scored as shogi scores it, and limits of
//! depth, nodes and time. The evaluation is material, mobility and attacks next to the
//! enemy king ([`Values`]).

use crate::board::{Bitboard, Color, SQUARES};
use crate::piece::Kind;
use crate::position::{Move, Position};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

pub use crate::values::Values;

/// A score for being mated now; nearer mates score further from zero.
pub const MATE: i32 = 1_000_000;
/// Scores beyond this are mates.
const MATE_BOUND: i32 = MATE - 1_000;
/// The score of a repetition that the side to move wins because the other side checked with
/// every move of it (perpetual check loses): above any material, below any mate.
pub const PERPETUAL_WIN: i32 = 300_000;
/// The deepest ply searched (iterations, extensions and quiescence together).
const MAX_PLY: usize = 128;

/// Material, mobility (the squares each piece reaches that its own side does not hold) and
/// king attack (the squares of the enemy king and next to it that each piece attacks), from
/// the side to move's view.
pub fn evaluate(pos: &Position, values: &Values) -> i32 {
    let us = pos.side_to_move();
    let sign = |c: Color| if c == us { 1 } else { -1 };
    let occupied = pos.occupied();
    let mut own = [Bitboard::EMPTY; 2];
    // By colour: the king's square and the squares a king there would step to.
    let mut king_zone = [Bitboard::EMPTY; 2];
    for sq in crate::Square::all() {
        if let Some(p) = pos.piece_at(sq) {
            own[p.color().index()].insert(sq);
            if p.kind() == Kind::CraneKing {
                king_zone[p.color().index()] =
                    Position::attacks_from(p, sq, Bitboard::EMPTY) | Bitboard::from_square(sq);
            }
        }
    }
    let mut score = 0;
    for sq in crate::Square::all() {
        if let Some(p) = pos.piece_at(sq) {
            let attacks = Position::attacks_from(p, sq, occupied);
            let reach = attacks & !own[p.color().index()];
            let mobility = values.mobility() * reach.count() as i32;
            let near_king = attacks & king_zone[p.color().opponent().index()];
            let king_attack = values.king_attack() * near_king.count() as i32;
            score +=
                sign(p.color()) * (values.of(p.kind(), p.is_promoted()) + mobility + king_attack);
        }
    }
    for color in Color::ALL {
        for kind in Kind::HAND {
            score += sign(color) * values.in_hand(kind) * i32::from(pos.hand(color).count(kind));
        }
    }
    score
}

/// A position met before the root, or on the way to a node: what the repetition test needs.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Seen {
    /// The position's [key](Position::key).
    pub key: u64,
    /// Whether its side to move was in check.
    pub in_check: bool,
}

impl Seen {
    /// What is kept of `pos`.
    pub fn of(pos: &Position) -> Seen {
        Seen {
            key: pos.key(),
            in_check: pos.in_check(),
        }
    }
}

/// What to search for.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// The deepest iteration, in plies.
    pub depth: u32,
    /// Stop after about this many nodes.
    pub nodes: u64,
    /// Start no new iteration after this time.
    pub soft: Option<Instant>,
    /// Stop searching at this time, even in the middle of an iteration.
    pub hard: Option<Instant>,
}

impl Limits {
    /// A depth and a node budget, no clock.
    pub const fn fixed(depth: u32, nodes: u64) -> Limits {
        Limits {
            depth,
            nodes,
            soft: None,
            hard: None,
        }
    }
}

/// The result of a search.
#[derive(Clone, Copy, Debug)]
pub struct Outcome {
    /// The best move found, `None` when there is no legal move.
    pub best: Option<Move>,
    /// Its score from the side to move's view.
    pub score: i32,
    /// The last iteration completed.
    pub depth: u32,
    /// Nodes visited.
    pub nodes: u64,
}

/// Whether a score bounds the true value from below, from above, or is it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Bound {
    Lower,
    Upper,
    Exact,
}

#[derive(Clone, Copy, Debug)]
struct Entry {
    key: u64,
    best: Option<Move>,
    score: i32,
    depth: u8,
    bound: Bound,
}

/// The transposition table: what earlier searches found for positions by their key, one entry
/// per slot, a newer result replacing an older one.
#[derive(Clone, Debug)]
pub struct Table {
    slots: Vec<Option<Entry>>,
}

impl Table {
    /// A table of `2^bits` entries.
    pub fn new(bits: u32) -> Table {
        Table {
            slots: vec![None; 1 << bits],
        }
    }

    /// Forgets every entry (a new game).
    pub fn clear(&mut self) {
        self.slots.fill(None);
    }

    fn slot(&self, key: u64) -> usize {
        // The high bits: the low ones are as random, but this keeps slot and key apart.
        (key >> 40) as usize & (self.slots.len() - 1)
    }

    fn probe(&self, key: u64) -> Option<Entry> {
        self.slots[self.slot(key)].filter(|e| e.key == key)
    }

    fn store(&mut self, entry: Entry) {
        let i = self.slot(entry.key);
        self.slots[i] = Some(entry);
    }
}

impl Default for Table {
    /// 2^18 entries (about 8 MB).
    fn default() -> Table {
        Table::new(18)
    }
}

/// A mate score as the table keeps it: counted from the node, not from the root.
fn to_table(score: i32, ply: usize) -> i32 {
    let ply = ply as i32;
    if score > MATE_BOUND {
        score + ply
    } else if score < -MATE_BOUND {
        score - ply
    } else {
        score
    }
}

fn from_table(score: i32, ply: usize) -> i32 {
    let ply = ply as i32;
    if score > MATE_BOUND {
        score - ply
    } else if score < -MATE_BOUND {
        score + ply
    } else {
        score
    }
}

/// History slots: a board move by its start square, a drop by its kind; then the square reached.
const FROMS: usize = SQUARES + 16;

struct Searcher<'a> {
    nodes: u64,
    limits: Limits,
    stop: &'a AtomicBool,
    aborted: bool,
    table: &'a mut Table,
    values: &'a Values,
    /// The game's positions before the root, then the positions on the way to the node.
    path: Vec<Seen>,
    killers: [[Option<Move>; 2]; MAX_PLY + 1],
    history: Vec<i32>,
}

impl Searcher<'_> {
    /// Whether to give up: the node budget spent, the hard time reached or `stop` set. The
    /// clock is read at every node: reading it costs far less than a node, and on a busy
    /// machine a few hundred nodes can take a tenth of a second.
    fn out_of_time(&mut self) -> bool {
        if !self.aborted
            && (self.nodes >= self.limits.nodes
                || self.stop.load(Ordering::Relaxed)
                || self.limits.hard.is_some_and(|t| Instant::now() >= t))
        {
            self.aborted = true;
        }
        self.aborted
    }

    /// The score of the node as a repetition, when its position stands earlier on the path
    /// with the same side to move: a draw, or a loss for a side that gave check with every
    /// move since (a repetition counts at its second occurrence here, not its fourth: a search
    /// that can repeat once can repeat again).
    fn repetition(&self) -> Option<i32> {
        let now = self.path.len() - 1;
        let key = self.path[now].key;
        let first = (0..now)
            .rev()
            .skip(1)
            .step_by(2)
            .find(|&j| self.path[j].key == key)?;
        // Positions whose side to move is the side to move now, and the others', in the cycle.
        let ours = (first + 2..=now).step_by(2);
        let theirs = (first + 1..now).step_by(2);
        if ours.clone().all(|i| self.path[i].in_check) {
            return Some(PERPETUAL_WIN);
        }
        if theirs.clone().all(|i| self.path[i].in_check) {
            return Some(-PERPETUAL_WIN);
        }
        Some(0)
    }

    fn history_slot(us: Color, m: Move) -> usize {
        let from = match m {
            Move::Board { from, .. } => from.index(),
            Move::Drop { kind, .. } => SQUARES + kind.index(),
        };
        (us.index() * FROMS + from) * SQUARES + m.to().index()
    }

    /// Moves in the order to search them: the table's move, captures by value (most valuable
    /// victim first, then least valuable attacker), promotions, killers, then by history.
    fn order(&self, pos: &Position, moves: &mut [Move], best: Option<Move>, ply: usize) {
        let values = self.values;
        let us = pos.side_to_move();
        let rank = |m: &Move| -> i64 {
            if Some(*m) == best {
                return i64::MAX;
            }
            match *m {
                Move::Board { from, to, promote } => {
                    let piece = pos.piece_at(from);
                    let attacker = piece.map_or(0, |p| values.of(p.kind(), p.is_promoted()));
                    let gain = match piece {
                        Some(p) if promote => values.of(p.kind(), true) - attacker,
                        _ => 0,
                    };
                    if let Some(victim) = pos.piece_at(to) {
                        let v = values.of(victim.kind(), victim.is_promoted());
                        return 4_000_000_000 + i64::from(v + gain) * 4096 - i64::from(attacker);
                    }
                    if promote {
                        return 3_000_000_000 + i64::from(gain);
                    }
                }
                Move::Drop { .. } => {}
            }
            if self.killers[ply][0] == Some(*m) {
                2_000_000_001
            } else if self.killers[ply][1] == Some(*m) {
                2_000_000_000
            } else {
                i64::from(self.history[Searcher::history_slot(us, *m)])
            }
        };
        moves.sort_by_cached_key(|m| core::cmp::Reverse(rank(m)));
    }

    /// Remembers a quiet move that caused a cutoff, and lowers the quiet moves tried before it.
    fn reward(&mut self, pos: &Position, m: Move, tried: &[Move], depth: u32, ply: usize) {
        if self.killers[ply][0] != Some(m) {
            self.killers[ply][1] = self.killers[ply][0];
            self.killers[ply][0] = Some(m);
        }
        let us = pos.side_to_move();
        let bonus = (depth * depth).min(400) as i32;
        let mut push = |slot: usize, delta: i32| {
            let h = &mut self.history[slot];
            // The gravity term keeps every entry within ±16384.
            *h += delta - *h * delta.abs() / 16_384;
        };
        push(Searcher::history_slot(us, m), bonus);
        for &q in tried {
            if q != m && is_quiet(pos, q) {
                push(Searcher::history_slot(us, q), -bonus);
            }
        }
    }

    fn negamax(
        &mut self,
        pos: &Position,
        depth: u32,
        ply: usize,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        let seen = Seen::of(pos);
        self.path.push(seen);
        let score = self.node(pos, seen, depth, ply, alpha, beta);
        self.path.pop();
        if !self.aborted {
            alpha = score;
        }
        alpha
    }

    fn node(
        &mut self,
        pos: &Position,
        seen: Seen,
        mut depth: u32,
        ply: usize,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        self.nodes += 1;
        if self.out_of_time() {
            return 0;
        }
        if let Some(score) = self.repetition() {
            return score;
        }
        if seen.in_check && ply < MAX_PLY / 2 {
            depth += 1;
        }
        if depth == 0 || ply >= MAX_PLY {
            return self.quiesce(pos, seen.in_check, ply, alpha, beta);
        }
        let entry = self.table.probe(seen.key);
        if let Some(e) = entry
            && u32::from(e.depth) >= depth
        {
            let score = from_table(e.score, ply);
            let usable = match e.bound {
                Bound::Exact => true,
                Bound::Lower => score >= beta,
                Bound::Upper => score <= alpha,
            };
            if usable {
                return score;
            }
        }
        let mut moves = pos.legal_moves();
        if moves.is_empty() {
            return -MATE + ply as i32; // no legal move loses, in check or not
        }
        self.order(pos, &mut moves, entry.and_then(|e| e.best), ply);
        let alpha_in = alpha;
        let mut best_score = -MATE - 1;
        let mut best = None;
        for (i, &m) in moves.iter().enumerate() {
            let mut next = pos.clone();
            next.play_unchecked(m);
            let score = if i == 0 {
                -self.negamax(&next, depth - 1, ply + 1, -beta, -alpha)
            } else {
                let probe = -self.negamax(&next, depth - 1, ply + 1, -alpha - 1, -alpha);
                if probe > alpha && probe < beta {
                    -self.negamax(&next, depth - 1, ply + 1, -beta, -alpha)
                } else {
                    probe
                }
            };
            if self.aborted {
                return 0;
            }
            if score > best_score {
                best_score = score;
                best = Some(m);
            }
            if score > alpha {
                alpha = score;
                if alpha >= beta {
                    if is_quiet(pos, m) {
                        self.reward(pos, m, &moves[..i], depth, ply);
                    }
                    break;
                }
            }
        }
        let bound = match (best_score >= beta, best_score > alpha_in) {
            (true, _) => Bound::Lower,
            (false, true) => Bound::Exact,
            (false, false) => Bound::Upper,
        };
        self.table.store(Entry {
            key: seen.key,
            best,
            score: to_table(best_score, ply),
            depth: depth.min(255) as u8,
            bound,
        });
        best_score
    }

    /// Captures only, until the position is quiet; every evasion when in check.
    fn quiesce(
        &mut self,
        pos: &Position,
        in_check: bool,
        ply: usize,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        let mut best_score = -MATE + ply as i32;
        let mut moves = if in_check {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                return best_score;
            }
            moves
        } else {
            best_score = evaluate(pos, self.values);
            if best_score >= beta || ply >= MAX_PLY {
                return best_score;
            }
            alpha = alpha.max(best_score);
            pos.legal_captures()
        };
        self.order(pos, &mut moves, None, ply.min(MAX_PLY));
        for m in moves {
            let mut next = pos.clone();
            next.play_unchecked(m);
            self.nodes += 1;
            if self.out_of_time() {
                return 0;
            }
            // Only checks are looked for past the horizon: a quiet position's evasions would
            // widen the search without end.
            let checked = in_check && ply < MAX_PLY && next.in_check();
            let score = -self.quiesce(&next, checked, ply + 1, -beta, -alpha);
            if self.aborted {
                return 0;
            }
            if score > best_score {
                best_score = score;
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        best_score
    }
}

/// Whether `m` neither captures nor promotes.
fn is_quiet(pos: &Position, m: Move) -> bool {
    match m {
        Move::Board { to, promote, .. } => !promote && pos.piece_at(to).is_none(),
        Move::Drop { .. } => true,
    }
}

/// Searches `pos` by iterative deepening until `limits` or `stop`; `before` holds the game's
/// positions before `pos`, oldest first, for the repetition rule. The best move of the last
/// completed iteration is kept, or of the unfinished one when it has searched its first move
/// (the previous best) to the end.
pub fn search(
    pos: &Position,
    before: &[Seen],
    limits: Limits,
    stop: &AtomicBool,
    table: &mut Table,
    values: &Values,
) -> Outcome {
    let mut s = Searcher {
        nodes: 0,
        limits: Limits {
            nodes: limits.nodes.max(1),
            ..limits
        },
        stop,
        aborted: false,
        table,
        values,
        path: before.to_vec(),
        killers: [[None; 2]; MAX_PLY + 1],
        history: vec![0; 2 * FROMS * SQUARES],
    };
    let mut order = pos.legal_moves();
    let hint = s.table.probe(pos.key()).and_then(|e| e.best);
    s.order(pos, &mut order, hint, 0);
    let mut out = Outcome {
        best: order.first().copied(),
        score: 0,
        depth: 0,
        nodes: 0,
    };
    if order.len() <= 1 {
        out.score = if order.is_empty() {
            -MATE
        } else {
            evaluate(pos, values)
        };
        return out;
    }
    s.path.push(Seen::of(pos));
    for depth in 1..=limits.depth.max(1) {
        let mut best = None;
        let mut alpha = -MATE - 1;
        for (i, &m) in order.iter().enumerate() {
            let mut next = pos.clone();
            next.play_unchecked(m);
            let score = if i == 0 {
                -s.negamax(&next, depth - 1, 1, -MATE - 1, -alpha)
            } else {
                let probe = -s.negamax(&next, depth - 1, 1, -alpha - 1, -alpha);
                if probe > alpha && !s.aborted {
                    -s.negamax(&next, depth - 1, 1, -MATE - 1, -alpha)
                } else {
                    probe
                }
            };
            if s.aborted {
                break;
            }
            if score > alpha {
                alpha = score;
                best = Some(m);
            }
        }
        if let Some(b) = best {
            out.best = Some(b);
            out.score = alpha;
            if !s.aborted {
                out.depth = depth;
            }
            // The best move first in the next iteration.
            order.retain(|&m| m != b);
            order.insert(0, b);
        }
        let past_soft = limits.soft.is_some_and(|t| Instant::now() >= t);
        if s.aborted || past_soft || alpha.abs() > MATE_BOUND {
            break;
        }
    }
    out.nodes = s.nodes;
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Rules, sfen};

    fn best(sfen_text: &str, depth: u32) -> Outcome {
        let pos = sfen::parse(sfen_text, Rules::Drops).expect("valid");
        let stop = AtomicBool::new(false);
        search(
            &pos,
            &[],
            Limits::fixed(depth, 1_000_000),
            &stop,
            &mut Table::new(12),
            &Values::default(),
        )
    }

    #[test]
    fn finds_a_mate_in_one_and_takes_a_free_piece() {
        // The king on 1a has no move; most of Black's moves leave it so, and that wins.
        let text = "10ck/11/10VW/11/11/11/11/11/11/11/5CK3CE1 b OC 1";
        let out = best(text, 2);
        let mut after = sfen::parse(text, Rules::Drops).expect("valid");
        after.play(out.best.expect("a move")).expect("legal");
        assert!(after.legal_moves().is_empty());
        assert!(out.score > MATE_BOUND);
        // The swallow's wings takes the undefended eagle beside it.
        let out = best("5ck5/11/11/11/11/3ce1SW5/11/11/11/11/5CK5 b - 1", 2);
        let to = crate::Square::new(8, 6).expect("8f");
        assert!(
            matches!(out.best, Some(Move::Board { to: t, .. }) if t == to),
            "{:?}",
            out.best
        );
    }

    #[test]
    fn king_attack_counts_the_squares_by_the_enemy_king_each_piece_attacks() {
        let eval = |text: &str, att: i32| {
            let pos = sfen::parse(text, Rules::Drops).expect("valid");
            let mut values = Values::default();
            values.update(&format!("ATT={att}")).expect("valid");
            evaluate(&pos, &values)
        };
        // Black's sparrow on 6c attacks 6b, beside White's king on 6a: one square.
        let one = "5ck5/11/5SP5/11/11/11/11/11/11/11/5CK5 b - 1";
        assert_eq!(eval(one, 10) - eval(one, 0), 10);
        // From White's side to move the same square counts against it.
        let white = "5ck5/11/5SP5/11/11/11/11/11/11/11/5CK5 w - 1";
        assert_eq!(eval(white, 10) - eval(white, 0), -10);
        // A swallow's wings on 6b (one square forward or back, ranging sideways) checks the
        // king on 6a and attacks 5b and 7b beside it (its reach stops at the sparrow on 4b):
        // 3 squares against White, to move; White attacks none of Black's king's squares.
        let three = "5ck5/5SW1sp3/11/11/11/11/11/11/11/11/5CK5 w - 1";
        assert_eq!(eval(three, 10) - eval(three, 0), -30);
    }

    #[test]
    fn quiescence_sees_a_defended_piece() {
        // The sparrow pawn on 8f is defended by the violent wolf on 8e: at depth 1 the
        // swallow's wings on 6f would win 100 for nothing by material alone, and lose itself
        // to the recapture, which only the quiescence search sees.
        let out = best("5ck5/11/11/11/3vw7/3sp1SW5/11/11/11/11/5CK5 b - 1", 1);
        let to = crate::Square::new(8, 6).expect("8f");
        assert!(
            !matches!(out.best, Some(Move::Board { to: t, .. }) if t == to),
            "{:?}",
            out.best
        );
        assert!(out.score.abs() < 500, "{}", out.score);
    }

    #[test]
    fn a_repetition_scores_as_a_draw_and_perpetual_check_loses() {
        let pos = Position::start(Rules::Drops);
        let seen = Seen::of(&pos);
        let other = Seen {
            key: seen.key ^ 1,
            in_check: false,
        };
        let checked = Seen {
            in_check: true,
            ..other
        };
        let stop = AtomicBool::new(false);
        let mut table = Table::new(8);
        let values = Values::default();
        let mut s = Searcher {
            nodes: 0,
            limits: Limits::fixed(1, 1),
            stop: &stop,
            aborted: false,
            table: &mut table,
            values: &values,
            path: vec![seen, other, seen],
            killers: [[None; 2]; MAX_PLY + 1],
            history: Vec::new(),
        };
        assert_eq!(s.repetition(), Some(0));
        // The side not to move was in check at its every turn of the cycle: the side to
        // move gave those checks and loses.
        s.path = vec![seen, checked, seen];
        assert_eq!(s.repetition(), Some(-PERPETUAL_WIN));
        // The side to move was in check at every one of its turns: it wins.
        let seen_checked = Seen {
            in_check: true,
            ..seen
        };
        s.path = vec![seen_checked, other, seen_checked];
        assert_eq!(s.repetition(), Some(PERPETUAL_WIN));
        s.path = vec![seen, other];
        assert_eq!(s.repetition(), None);
    }
}
