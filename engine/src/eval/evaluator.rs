//! One interface to the evaluations the search can use: the built-in handcrafted one and an
//! NNUE network read from a file ([`Evaluator`]), and the state each keeps along the line the
//! search is on ([`EvalStack`]).
//!
//! The search asks the stack for the evaluation at a ply, and tells it of each move it makes
//! (and of null moves); it never needs to know which evaluation is behind it.

use super::nnue::{AccumulatorStack, Network};
use super::{Material, evaluate_with_material};
use std::sync::Arc;
use tokin_core::{Move, Position};

/// Which evaluation a search uses.
#[derive(Clone, Debug, Default)]
pub enum Evaluator {
    /// The handcrafted evaluation ([`evaluate`](super::evaluate)).
    #[default]
    Handcrafted,
    /// A network read from an evaluation file, shared by every search thread.
    Nnue(Arc<Network>),
}

impl Evaluator {
    /// The evaluation of `pos` for the side to move, from scratch.
    ///
    /// A network knows no position without both kings (a tsume problem): those get the
    /// handcrafted evaluation, as the search gives them.
    pub fn evaluate(&self, pos: &Position) -> i32 {
        match self {
            Evaluator::Nnue(net) if has_both_kings(pos) => net.evaluate(pos),
            _ => super::evaluate(pos),
        }
    }

    /// A short name for messages: `handcrafted`, or the network's architecture.
    pub fn name(&self) -> String {
        match self {
            Evaluator::Handcrafted => "handcrafted".to_owned(),
            Evaluator::Nnue(net) => format!("NNUE {}", net.architecture()),
        }
    }
}

fn has_both_kings(pos: &Position) -> bool {
    tokin_core::Color::ALL
        .iter()
        .all(|&c| pos.king_square(c).is_some())
}

/// The evaluation state of each position on the line a search is on, index 0 the root:
/// material for the handcrafted evaluation, set from the parent's as each move is made, or
/// a network's sums, worked out from the parent's only when the position is evaluated
/// ([`AccumulatorStack`]).
pub(crate) enum EvalStack {
    Handcrafted(Box<[Material]>),
    Nnue {
        net: Arc<Network>,
        stack: AccumulatorStack,
    },
}

impl EvalStack {
    /// The stack for a search of `root` that goes at most `plies` deep (the root included).
    /// A network needs both kings; a root without them falls back to the handcrafted
    /// evaluation (no legal move captures a king, so every position below lacks one too).
    pub(crate) fn new(evaluator: &Evaluator, root: &Position, plies: usize) -> EvalStack {
        if let Evaluator::Nnue(net) = evaluator
            && let Some(stack) = AccumulatorStack::new(net, root, plies)
        {
            return EvalStack::Nnue {
                net: Arc::clone(net),
                stack,
            };
        }
        EvalStack::Handcrafted(vec![Material::of(root); plies].into_boxed_slice())
    }

    /// The state of ply `ply + 1` after `mv`, legal in `pos` (the position at `ply`).
    #[inline]
    pub(crate) fn push(&mut self, ply: usize, pos: &Position, mv: Move) {
        match self {
            EvalStack::Handcrafted(m) => m[ply + 1] = m[ply].after(pos, mv),
            EvalStack::Nnue { net, stack } => stack.push(net, ply, pos, mv),
        }
    }

    /// The state of ply `ply + 1` after a null move: the same pieces.
    #[inline]
    pub(crate) fn push_null(&mut self, ply: usize) {
        match self {
            EvalStack::Handcrafted(m) => m[ply + 1] = m[ply],
            EvalStack::Nnue { stack, .. } => stack.push_null(ply),
        }
    }

    /// The evaluation of `pos`, the position at `ply`, for the side to move.
    #[inline]
    pub(crate) fn evaluate(&mut self, ply: usize, pos: &Position) -> i32 {
        match self {
            EvalStack::Handcrafted(m) => evaluate_with_material(pos, m[ply]),
            EvalStack::Nnue { net, stack } => stack.evaluate(net, ply, pos),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::nnue::Architecture;
    use tokin_core::testing::{Pick, random_game_positions};

    /// Along random games, every move's child state evaluates as the child from scratch,
    /// for both evaluations.
    #[test]
    fn pushed_states_evaluate_as_from_scratch() {
        for evaluator in [
            Evaluator::Handcrafted,
            Evaluator::Nnue(Arc::new(Network::random(Architecture::Kp256, 3))),
            Evaluator::Nnue(Arc::new(Network::random(Architecture::HalfKp256, 4))),
        ] {
            random_game_positions(21, 3, 120, Pick::PreferCaptures, |pos, _| {
                let mut stack = EvalStack::new(&evaluator, pos, 3);
                assert_eq!(stack.evaluate(0, pos), evaluator.evaluate(pos));
                for mv in pos.legal_moves() {
                    stack.push(0, pos, mv);
                    let mut child = pos.clone();
                    child.play_unchecked(mv);
                    assert_eq!(
                        stack.evaluate(1, &child),
                        evaluator.evaluate(&child),
                        "{} {mv}",
                        pos.to_sfen()
                    );
                }
                // A null move is only made out of check.
                if !pos.in_check() {
                    stack.push_null(0);
                    let mut passed = pos.clone();
                    passed.play_null();
                    assert_eq!(stack.evaluate(1, &passed), evaluator.evaluate(&passed));
                }
            });
        }
    }

    /// A USI `position` command's start and moves.
    fn parse_position(line: &str) -> (&str, Vec<String>) {
        let rest = line.strip_prefix("position ").unwrap();
        let rest = rest.strip_prefix("sfen ").unwrap_or(rest);
        match rest.split_once(" moves ") {
            Some((start, moves)) => (start, moves.split(' ').map(str::to_owned).collect()),
            None => (rest, Vec::new()),
        }
    }

    /// YaneuraOu's own numbers for two random networks on 12,120 positions
    /// (tests/data/nnue/reference-evals.tsv): from scratch, and through the search's stack,
    /// move by move from the start for the positions reached by playing moves.
    #[test]
    fn agrees_with_the_original_engine_on_every_reference_position() {
        let text = include_str!("../../../tests/data/nnue/reference-evals.tsv");
        let nets = [
            Evaluator::Nnue(Arc::new(Network::random(Architecture::HalfKp256, 1))),
            Evaluator::Nnue(Arc::new(Network::random(Architecture::Kp256, 1))),
        ];
        let mut checked = 0;
        for line in text.lines().filter(|l| !l.starts_with('#')) {
            let fields: Vec<&str> = line.splitn(3, '\t').collect();
            let (start, moves) = parse_position(fields[2]);
            let (pos, _) =
                Position::from_usi_start(start, &moves, tokin_core::Strictness::Relaxed).unwrap();
            for (net, expected) in nets.iter().zip(&fields[..2]) {
                let expected: i32 = expected.parse().unwrap();
                assert_eq!(net.evaluate(&pos), expected, "{line}");
                if !moves.is_empty() {
                    let (mut p, _) = Position::from_usi_start::<&str>(
                        start,
                        &[],
                        tokin_core::Strictness::Relaxed,
                    )
                    .unwrap();
                    let mut stack = EvalStack::new(net, &p, moves.len() + 1);
                    for (ply, m) in moves.iter().enumerate() {
                        let mv = tokin_core::Move::from_usi(m).unwrap();
                        stack.push(ply, &p, mv);
                        p.play_unchecked(mv);
                    }
                    assert_eq!(stack.evaluate(moves.len(), &p), expected, "{line}");
                }
            }
            checked += 1;
        }
        assert!(checked >= 12_000, "only {checked} reference positions");
    }

    #[test]
    fn a_network_leaves_positions_without_a_king_to_the_handcrafted_evaluation() {
        let net = Evaluator::Nnue(Arc::new(Network::random(Architecture::Kp256, 1)));
        let tsume =
            Position::from_tsume_sfen("4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1").unwrap();
        assert_eq!(net.evaluate(&tsume), super::super::evaluate(&tsume));
        let stack = EvalStack::new(&net, &tsume, 2);
        assert!(matches!(stack, EvalStack::Handcrafted(_)));
    }
}
