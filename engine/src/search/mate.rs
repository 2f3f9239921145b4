//! A small mate solver for `go mate`: iterative deepening over an AND/OR tree where the
//! attacker only gives check and the defender tries every legal reply.
//!
//! It proves "no mate" only when the whole tree of checks runs out without hitting the depth
//! limit (the attacker runs out of checks in every line); otherwise it keeps deepening until
//! stopped. A proof-number search would prove much more; this is the simple version.

use super::Signals;
use crate::{Move, Position};

/// The answer to a mate search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MateResult {
    /// A mating sequence, attacker's move first, defender answering with the longest defence.
    Mate(Vec<Move>),
    /// There is no mate by continuous checks.
    NoMate,
    /// Stopped before an answer.
    Timeout,
}

struct Solver<'a> {
    signals: &'a Signals,
    nodes: u64,
    hit_limit: bool,
    stopped: bool,
}

impl Solver<'_> {
    fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes & 1023 == 0 && (self.signals.is_stopped() || self.signals.hard_passed()) {
            self.stopped = true;
        }
        self.stopped
    }

    /// Attacker to move: a mate within `depth` plies (odd), as the moves.
    fn or_node(&mut self, pos: &Position, depth: u32) -> Option<Vec<Move>> {
        if self.tick() {
            return None;
        }
        if depth == 0 {
            self.hit_limit = true;
            return None;
        }
        for mv in pos.legal_moves() {
            let mut child = pos.clone();
            child.play_unchecked(mv);
            if !child.in_check() {
                continue;
            }
            if let Some(mut line) = self.and_node(&child, depth - 1) {
                line.insert(0, mv);
                return Some(line);
            }
            if self.stopped {
                return None;
            }
        }
        None
    }

    /// Defender to move, in check: every reply must lose within `depth` plies.
    fn and_node(&mut self, pos: &Position, depth: u32) -> Option<Vec<Move>> {
        if self.tick() {
            return None;
        }
        let replies = pos.legal_moves();
        if replies.is_empty() {
            return Some(Vec::new());
        }
        if depth == 0 {
            self.hit_limit = true;
            return None;
        }
        let mut longest: Option<Vec<Move>> = None;
        for mv in replies {
            let mut child = pos.clone();
            child.play_unchecked(mv);
            let mut line = self.or_node(&child, depth - 1)?;
            line.insert(0, mv);
            if longest.as_ref().is_none_or(|l| line.len() > l.len()) {
                longest = Some(line);
            }
        }
        longest
    }
}

/// Looks for a mate by continuous checks from `pos`, up to `max_plies` plies, until
/// `signals` says stop or its hard time limit passes.
///
/// # Examples
/// ```
/// use tokin_engine::{Position, search::{MateResult, Signals, mate_search}};
/// let pos = Position::from_sfen("4k4/9/4P4/9/9/9/9/9/4K4 b G 1").unwrap();
/// let r = mate_search(&pos, &Signals::new(), 31);
/// assert_eq!(r, MateResult::Mate(vec![tokin_engine::Move::from_usi("G*5b").unwrap()]));
/// let pos = Position::from_sfen("4k4/9/9/9/9/9/9/9/4K4 b P 1").unwrap();
/// assert_eq!(mate_search(&pos, &Signals::new(), 31), MateResult::NoMate);
/// ```
pub fn mate_search(pos: &Position, signals: &Signals, max_plies: u32) -> MateResult {
    let mut solver = Solver {
        signals,
        nodes: 0,
        hit_limit: false,
        stopped: false,
    };
    let mut depth = 1;
    while depth <= max_plies.max(1) {
        solver.hit_limit = false;
        if let Some(line) = solver.or_node(pos, depth) {
            return MateResult::Mate(line);
        }
        if solver.stopped {
            return MateResult::Timeout;
        }
        if !solver.hit_limit {
            return MateResult::NoMate;
        }
        depth += 2;
    }
    MateResult::Timeout
}
