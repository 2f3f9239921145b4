//! Repetition history and its verdicts.
//!
//! A game is the list of positions it went through. The same position (board, hands and side
//! to move, which is what [`Position::key`] hashes) appearing for the fourth time ends the game:
//! a draw, unless one side gave check with every one of its moves since the first of those
//! occurrences, in which case that side loses (連続王手の千日手).

use crate::{Color, Position};

/// One position of a game as the repetition rules see it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Entry {
    key: u64,
    side: Color,
    /// Whether the side to move was in check here, i.e. the move that led here gave check.
    in_check: bool,
}

/// The positions of a game from its initial position to the current one.
///
/// # Examples
/// ```
/// use tokin_core::{GameHistory, Move, Position, RepetitionVerdict};
/// let mut pos = Position::startpos();
/// let mut history = GameHistory::new(&pos);
/// for _ in 0..3 {
///     for m in ["5i5h", "5a5b", "5h5i", "5b5a"] {
///         pos.play_unchecked(Move::from_usi(m).unwrap());
///         history.push(&pos);
///     }
/// }
/// assert_eq!(history.verdict(), RepetitionVerdict::Draw);
/// ```
#[derive(Clone, Debug, Default)]
pub struct GameHistory {
    entries: Vec<Entry>,
}

/// What the repetition rules say about the current position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RepetitionVerdict {
    /// The game goes on.
    None,
    /// Fourth occurrence without perpetual check: the game is drawn (千日手).
    Draw,
    /// Fourth occurrence and `0` gave check with each of its moves in the cycle: `0` loses.
    PerpetualCheckBy(Color),
}

impl GameHistory {
    /// A history holding only the initial position.
    pub fn new(initial: &Position) -> GameHistory {
        let mut h = GameHistory {
            entries: Vec::with_capacity(256),
        };
        h.push(initial);
        h
    }

    /// Records the position reached by the latest move.
    pub fn push(&mut self, pos: &Position) {
        self.entries.push(Entry {
            key: pos.key(),
            side: pos.side_to_move(),
            in_check: pos.in_check(),
        });
    }

    /// Forgets the latest position (undoes a [`GameHistory::push`]).
    pub fn pop(&mut self) {
        self.entries.pop();
    }

    /// How many positions are recorded (moves played plus one).
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether nothing is recorded.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The key of the position `back` plies before the current one (0 = current).
    pub fn key_back(&self, back: usize) -> Option<u64> {
        let n = self.entries.len();
        // `back < n`, so the index is in range.
        (back < n).then(|| self.entries[n - 1 - back].key)
    }

    /// Whether the position `back` plies before the current one was a check.
    pub fn in_check_back(&self, back: usize) -> Option<bool> {
        let n = self.entries.len();
        // `back < n`, so the index is in range.
        (back < n).then(|| self.entries[n - 1 - back].in_check)
    }

    /// How many times the current position has occurred, this time included.
    pub fn occurrences(&self) -> usize {
        let Some(last) = self.entries.last() else {
            return 0;
        };
        self.entries.iter().filter(|e| e.key == last.key).count()
    }

    /// The verdict on the current (last recorded) position.
    pub fn verdict(&self) -> RepetitionVerdict {
        let n = self.entries.len();
        let Some(last) = self.entries.last() else {
            return RepetitionVerdict::None;
        };
        let same: Vec<usize> = (0..n)
            .filter(|&i| self.entries[i].key == last.key)
            .collect();
        if same.len() < 4 {
            return RepetitionVerdict::None;
        }
        // `same` has at least four entries, and `n >= 1` since there is a last entry.
        let first = same[0];
        match self.perpetual_checker(first, n - 1) {
            Some(side) => RepetitionVerdict::PerpetualCheckBy(side),
            None => RepetitionVerdict::Draw,
        }
    }

    /// Which side gave check with every one of its moves between positions `from` and `to`
    /// (indices with the same side to move), if either did.
    fn perpetual_checker(&self, from: usize, to: usize) -> Option<Color> {
        // Moves into positions to, to-2, ... were made by the side not to move now ("them");
        // moves into to-1, to-3, ... by the side to move now ("us"). Every `i` is at most
        // `to`, an index of `entries`, so `to - i` and the indexing cannot fail.
        let them_all = (from + 1..=to)
            .filter(|i| (to - i).is_multiple_of(2))
            .all(|i| self.entries[i].in_check);
        let us_all = (from + 1..=to)
            .filter(|i| (to - i) % 2 == 1)
            .all(|i| self.entries[i].in_check);
        let us = self.entries[to].side;
        if them_all {
            Some(!us)
        } else if us_all {
            Some(us)
        } else {
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Move;

    fn play_all(pos: &mut Position, h: &mut GameHistory, moves: &[&str]) {
        for m in moves {
            pos.play(Move::from_usi(m).unwrap()).unwrap();
            h.push(pos);
        }
    }

    #[test]
    fn fourth_occurrence_is_a_draw_not_the_third() {
        let mut pos = Position::startpos();
        let mut h = GameHistory::new(&pos);
        let cycle = ["5i5h", "5a5b", "5h5i", "5b5a"];
        play_all(&mut pos, &mut h, &cycle);
        play_all(&mut pos, &mut h, &cycle);
        assert_eq!(h.occurrences(), 3);
        assert_eq!(h.verdict(), RepetitionVerdict::None);
        play_all(&mut pos, &mut h, &cycle);
        assert_eq!(h.occurrences(), 4);
        assert_eq!(h.verdict(), RepetitionVerdict::Draw);
    }

    #[test]
    fn perpetual_check_loses_for_the_checker() {
        // Black's rook checks the White king back and forth; White's king shuffles.
        let mut pos = Position::from_sfen("4k4/9/9/9/9/9/9/9/R3K4 b - 1").unwrap();
        let mut h = GameHistory::new(&pos);
        // 9i9a is check along rank 1? The king is on 5a: 9a attacks along rank a.
        let cycle = [
            "9i9a", "5a5b", "9a9b", "5b5a", "9b9a", "5a5b", "9a9b", "5b5a",
        ];
        play_all(&mut pos, &mut h, &cycle[..2]);
        let start_key = pos.key();
        // From here on every Black move is a check.
        for _ in 0..3 {
            play_all(&mut pos, &mut h, &["9a9b", "5b5a", "9b9a", "5a5b"]);
        }
        assert_eq!(pos.key(), start_key);
        assert_eq!(h.occurrences(), 4);
        assert_eq!(
            h.verdict(),
            RepetitionVerdict::PerpetualCheckBy(Color::Black)
        );
        let _ = cycle;
    }

    #[test]
    fn checks_by_one_side_only_part_of_the_time_is_a_draw() {
        let mut pos = Position::from_sfen("4k4/9/9/9/9/9/9/9/R3K4 b - 1").unwrap();
        let mut h = GameHistory::new(&pos);
        // Rook 9i-9h (no check) and 9h-9i; the kings shuffle too.
        for _ in 0..3 {
            play_all(&mut pos, &mut h, &["9i9h", "5a4a", "9h9i", "4a5a"]);
        }
        assert_eq!(h.verdict(), RepetitionVerdict::Draw);
    }

    #[test]
    fn the_evading_side_can_be_the_side_to_move() {
        // Same perpetual, but judged right after the checker's move: the side to move is the
        // one in check, and the checker is the opponent.
        let mut pos = Position::from_sfen("4k4/9/9/9/9/9/9/9/R3K4 b - 1").unwrap();
        let mut h = GameHistory::new(&pos);
        play_all(&mut pos, &mut h, &["9i9a"]);
        for _ in 0..3 {
            play_all(&mut pos, &mut h, &["5a5b", "9a9b", "5b5a", "9b9a"]);
        }
        assert!(pos.in_check());
        assert_eq!(
            h.verdict(),
            RepetitionVerdict::PerpetualCheckBy(Color::Black)
        );
    }
}
