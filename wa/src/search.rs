//! A small search for wa shogi: material evaluation, alpha-beta with iterative deepening under
//! a node limit, captures and promotions tried first.
//!
//! The values are a first estimate from the pieces' moves (a step mover by its number of
//! squares, a ranging piece by its lines), not tuned by play; `docs/wa.md` lists them.

use crate::board::Color;
use crate::piece::{Kind, Piece};
use crate::position::{Move, Position};
use std::sync::atomic::{AtomicBool, Ordering};

/// The value of a piece on the board, in hundredths of a sparrow pawn.
pub const fn value(kind: Kind, promoted: bool) -> i32 {
    if promoted {
        return match kind {
            Kind::SparrowPawn => 450,
            Kind::Oxcart | Kind::ViolentWolf => 550,
            Kind::LiberatedHorse => 350,
            Kind::ClimbingMonkey | Kind::ViolentStag => 400,
            Kind::BlindDog => 400,
            Kind::SwoopingOwl => 850,
            Kind::StruttingCrow => 800,
            Kind::FlyingCock => 800,
            Kind::FlyingGoose => 550,
            Kind::RunningRabbit => 500,
            Kind::SwallowsWings => 1000,
            Kind::FlyingFalcon => 1100,
            Kind::TreacherousFox | Kind::CloudEagle | Kind::CraneKing => value(kind, false),
        };
    }
    match kind {
        Kind::SparrowPawn => 100,
        Kind::Oxcart => 300,
        Kind::LiberatedHorse => 400,
        Kind::ClimbingMonkey | Kind::FlyingGoose | Kind::SwoopingOwl | Kind::StruttingCrow => 250,
        Kind::BlindDog | Kind::FlyingCock => 250,
        Kind::ViolentStag => 350,
        Kind::ViolentWolf => 400,
        Kind::RunningRabbit => 550,
        Kind::TreacherousFox => 500,
        Kind::SwallowsWings => 550,
        Kind::FlyingFalcon => 800,
        Kind::CloudEagle => 850,
        Kind::CraneKing => 0,
    }
}

/// A piece in hand is worth a little more than on the board: it can go anywhere.
const fn hand_value(kind: Kind) -> i32 {
    value(kind, false) * 11 / 10
}

/// The material balance from the side to move's view.
pub fn evaluate(pos: &Position) -> i32 {
    let us = pos.side_to_move();
    let sign = |c: Color| if c == us { 1 } else { -1 };
    let mut score = 0;
    for sq in crate::Square::all() {
        if let Some(p) = pos.piece_at(sq) {
            score += sign(p.color()) * value(p.kind(), p.is_promoted());
        }
    }
    for color in Color::ALL {
        for kind in Kind::HAND {
            score += sign(color) * hand_value(kind) * i32::from(pos.hand(color).count(kind));
        }
    }
    score
}

/// A score for being mated now; nearer mates score further from zero.
pub const MATE: i32 = 1_000_000;

/// What to search for.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// The deepest iteration, in plies.
    pub depth: u32,
    /// Stop after about this many nodes.
    pub nodes: u64,
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

struct Searcher<'a> {
    nodes: u64,
    limit: u64,
    stop: &'a AtomicBool,
}

impl Searcher<'_> {
    fn out_of_time(&self) -> bool {
        self.nodes >= self.limit || self.stop.load(Ordering::Relaxed)
    }

    fn negamax(&mut self, pos: &Position, depth: u32, ply: i32, mut alpha: i32, beta: i32) -> i32 {
        self.nodes += 1;
        let moves = ordered(pos, pos.legal_moves());
        if moves.is_empty() {
            return -MATE + ply; // no legal move loses, in check or not
        }
        if depth == 0 || self.out_of_time() {
            return evaluate(pos);
        }
        for m in moves {
            let mut next = pos.clone();
            next.play_unchecked(m);
            let score = -self.negamax(&next, depth - 1, ply + 1, -beta, -alpha);
            if score > alpha {
                alpha = score;
                if alpha >= beta {
                    break;
                }
            }
        }
        alpha
    }
}

/// Captures by value, then promotions, then the rest, in the order generated.
fn ordered(pos: &Position, mut moves: Vec<Move>) -> Vec<Move> {
    let gain = |m: &Move| match *m {
        Move::Board { to, promote, .. } => {
            pos.piece_at(to)
                .map_or(0, |p: Piece| value(p.kind(), p.is_promoted()))
                + if promote { 50 } else { 0 }
        }
        Move::Drop { .. } => -1,
    };
    moves.sort_by_key(|m| -gain(m));
    moves
}

/// Searches `pos` by iterative deepening until `limits` or `stop`; the best move of the last
/// completed iteration is kept.
pub fn search(pos: &Position, limits: Limits, stop: &AtomicBool) -> Outcome {
    let mut s = Searcher {
        nodes: 0,
        limit: limits.nodes.max(1),
        stop,
    };
    let root = ordered(pos, pos.legal_moves());
    let mut out = Outcome {
        best: root.first().copied(),
        score: 0,
        depth: 0,
        nodes: 0,
    };
    if root.len() <= 1 {
        out.score = if root.is_empty() {
            -MATE
        } else {
            evaluate(pos)
        };
        return out;
    }
    let mut order = root;
    for depth in 1..=limits.depth.max(1) {
        let mut best = None;
        let mut alpha = -MATE - 1;
        for &m in &order {
            let mut next = pos.clone();
            next.play_unchecked(m);
            let score = -s.negamax(&next, depth - 1, 1, -MATE - 1, -alpha);
            if s.out_of_time() && depth > 1 {
                break;
            }
            if score > alpha {
                alpha = score;
                best = Some(m);
            }
        }
        if s.out_of_time() && depth > 1 {
            break;
        }
        if let Some(b) = best {
            out = Outcome {
                best: Some(b),
                score: alpha,
                depth,
                nodes: s.nodes,
            };
            // The best move first in the next iteration.
            order.retain(|&m| m != b);
            order.insert(0, b);
        }
    }
    out.nodes = s.nodes;
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Rules, sfen};

    #[test]
    fn finds_a_mate_in_one_and_takes_a_free_piece() {
        let stop = AtomicBool::new(false);
        let limits = Limits {
            depth: 2,
            nodes: 1_000_000,
        };
        // The king on 1a has no move; most of Black's moves leave it so, and that wins.
        let mate = sfen::parse(
            "10ck/11/10VW/11/11/11/11/11/11/11/5CK3CE1 b OC 1",
            Rules::Drops,
        )
        .expect("valid");
        let out = search(&mate, limits, &stop);
        let mut after = mate.clone();
        after.play(out.best.expect("a move")).expect("legal");
        assert!(after.legal_moves().is_empty());
        assert!(out.score > MATE / 2);
        // The swallow's wings takes the undefended eagle beside it.
        let free = sfen::parse(
            "5ck5/11/11/11/11/3ce1SW5/11/11/11/11/5CK5 b - 1",
            Rules::Drops,
        )
        .expect("valid");
        let out = search(&free, limits, &stop);
        let to = crate::Square::new(8, 6).expect("8f");
        assert!(
            matches!(out.best, Some(Move::Board { to: t, .. }) if t == to),
            "{:?}",
            out.best
        );
    }
}
