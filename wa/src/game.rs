//! A game: a start position and the moves played, with how it ended.
//!
//! The end rules are shogi's: the side to move with no legal move has lost (mate, and the rare
//! position with no move at all); the same position with the same side to move and the same
//! hands for the fourth time is a draw (千日手, *sennichite*), unless one side gave check with
//! every one of its moves since the first of the four, and then that side has lost.

use crate::board::Color;
use crate::position::{IllegalMove, Move, Position};

/// How a game ended.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Outcome {
    /// The side to move has no legal move and has lost.
    Mate {
        /// The side that won.
        winner: Color,
    },
    /// The fourth repetition of a position: a draw.
    Repetition,
    /// The fourth repetition brought about by one side's checks alone: that side has lost.
    PerpetualCheck {
        /// The side that won (the one that was checked).
        winner: Color,
    },
}

/// A start position and the legal moves played from it.
#[derive(Clone, Debug)]
pub struct Game {
    positions: Vec<Position>,
    moves: Vec<Move>,
}

impl Game {
    /// A game from `start` with no move played yet.
    pub fn new(start: Position) -> Game {
        Game {
            positions: vec![start],
            moves: Vec::new(),
        }
    }

    /// The start position.
    pub fn start(&self) -> &Position {
        &self.positions[0]
    }

    /// The position after the last move.
    pub fn position(&self) -> &Position {
        self.positions.last().expect("a game holds its start")
    }

    /// The moves played.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Plays a legal move.
    ///
    /// # Errors
    /// [`IllegalMove`] when `m` is not legal; the game is unchanged.
    pub fn play(&mut self, m: Move) -> Result<(), IllegalMove> {
        let mut next = self.position().clone();
        next.play(m)?;
        self.positions.push(next);
        self.moves.push(m);
        Ok(())
    }

    /// How the game ended after its last move, if it has.
    pub fn outcome(&self) -> Option<Outcome> {
        let now = self.position();
        if now.legal_moves().is_empty() {
            return Some(Outcome::Mate {
                winner: now.side_to_move().opponent(),
            });
        }
        let same = |p: &Position| same_position(p, now);
        let seen: Vec<usize> = (0..self.positions.len())
            .filter(|&i| same(&self.positions[i]))
            .collect();
        if seen.len() < 4 {
            return None;
        }
        // The positions from the first of the four on; each position's side to move is the
        // one that did not make the move leading to it.
        let cycle = &self.positions[seen[0] + 1..];
        for checker in [Color::Black, Color::White] {
            let checked = checker.opponent();
            let all_checks = cycle
                .iter()
                .filter(|p| p.side_to_move() == checked)
                .all(Position::in_check);
            if all_checks {
                return Some(Outcome::PerpetualCheck { winner: checked });
            }
        }
        Some(Outcome::Repetition)
    }
}

/// The same board, hands and side to move (the move number aside).
fn same_position(a: &Position, b: &Position) -> bool {
    let mut a = a.clone();
    a.set_move_number(b.move_number());
    a == *b
}
