//! Time pacing: how far the clock's soft limit stretches or shrinks for this search, from
//! what the iterations so far say of the position. A best move that keeps changing, a
//! score that falls, or a best move that took little of the effort asks for more time; a
//! best move that has held for many iterations and took nearly all the nodes asks for
//! less. The clocks that are paced and the hard limit bound the result
//! ([`crate::signals::Signals::paced_passed`]).
//!
//! CITE: the factors follow the published idea of Stockfish's time management (best-move
//! instability, falling evaluation, node effort); the form and numbers here are tokin's.

use super::MATE_IN_MAX_PLY;
use super::params::SearchParams;
use tokin_core::Move;

/// The smallest and largest factor the soft limit is multiplied by.
const FACTOR_RANGE: (f64, f64) = (0.4, 2.5);

/// What the iterations so far say about how long to think.
#[derive(Debug, Default)]
pub(crate) struct Pacing {
    /// Best-move changes, halved at each completed iteration: recent ones weigh most.
    changes: f64,
    /// The best move of the last completed iteration and the depth at which it became best.
    best: Option<(Move, i32)>,
    /// The best score of each completed iteration, oldest first.
    scores: Vec<i32>,
}

/// One completed iteration, as the pacing sees it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Iteration {
    pub depth: i32,
    pub best: Move,
    pub score: i32,
    /// Changes of the best move at the root during the iteration (aspiration re-searches
    /// included).
    pub changes: u32,
    /// The share of the search's nodes so far spent below the best move, 0 to 1.
    pub best_share: f64,
}

impl Pacing {
    /// Takes in a completed iteration and returns the factor for the soft limit.
    pub(crate) fn update(&mut self, it: Iteration, p: &SearchParams) -> f64 {
        self.changes = self.changes / 2.0 + f64::from(it.changes);
        match self.best {
            Some((m, _)) if m == it.best => {}
            Some(_) => {
                self.changes += 1.0;
                self.best = Some((it.best, it.depth));
            }
            None => self.best = Some((it.best, it.depth)),
        }
        self.scores.push(it.score);
        let instability = 1.0 + f64::from(p.pace_instability) / 100.0 * self.changes;
        // Scores swing between odd and even depths (the evaluation's bonus for the side to
        // move): the fall is measured against the iteration two back, of the same parity.
        let falling = match self.scores.len().checked_sub(3).map(|i| self.scores[i]) {
            Some(before) if before.abs() < MATE_IN_MAX_PLY && it.score.abs() < MATE_IN_MAX_PLY => {
                (1.0 + f64::from(before - it.score) / f64::from(p.pace_fall_div)).clamp(0.8, 1.5)
            }
            _ => 1.0,
        };
        let held = self.best.map_or(0, |(_, since)| it.depth - since);
        let stability = if held >= p.pace_stable_iterations {
            f64::from(p.pace_stable_percent) / 100.0
        } else {
            1.0
        };
        let effort = (1.4 - 0.8 * it.best_share).clamp(0.6, 1.2);
        (instability * falling * stability * effort).clamp(FACTOR_RANGE.0, FACTOR_RANGE.1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::DEFAULT_SEARCH_PARAMS as P;

    fn mv(s: &str) -> Move {
        Move::from_usi(s).unwrap()
    }

    fn it(depth: i32, best: &str, score: i32, share: f64) -> Iteration {
        Iteration {
            depth,
            best: mv(best),
            score,
            changes: 0,
            best_share: share,
        }
    }

    #[test]
    fn a_settled_search_asks_for_less_time_than_an_unsettled_one() {
        let mut settled = Pacing::default();
        let mut f_settled = 1.0;
        for d in 1..=12 {
            f_settled = settled.update(it(d, "7g7f", 50, 0.9), &P);
        }
        let mut unsettled = Pacing::default();
        let mut f_unsettled = 1.0;
        for d in 1..=12 {
            let best = if d % 2 == 0 { "7g7f" } else { "2g2f" };
            f_unsettled = unsettled.update(it(d, best, 50, 0.5), &P);
        }
        assert!(f_settled < 1.0, "{f_settled}");
        assert!(f_unsettled > 1.0, "{f_unsettled}");
    }

    #[test]
    fn a_falling_score_asks_for_more_time_than_a_steady_one() {
        let run = |scores: &[i32]| {
            let mut p = Pacing::default();
            let mut f = 1.0;
            for (d, &s) in scores.iter().enumerate() {
                f = p.update(it(d as i32 + 1, "7g7f", s, 0.6), &P);
            }
            f
        };
        let steady = run(&[100, 300, 100, 300, 100, 300]);
        let falling = run(&[100, 300, 100, 300, -100, 100]);
        assert!(falling > steady, "{falling} {steady}");
        // The swing between odd and even depths alone is no fall.
        assert!((steady - run(&[100, 100, 100, 100, 100, 100])).abs() < 1e-9);
    }

    #[test]
    fn the_factor_stays_in_its_range() {
        let mut p = Pacing::default();
        for d in 1..40 {
            let f = p.update(
                Iteration {
                    depth: d,
                    best: mv(if d % 2 == 0 { "7g7f" } else { "2g2f" }),
                    score: -d * 500,
                    changes: 20,
                    best_share: 0.0,
                },
                &P,
            );
            assert!((FACTOR_RANGE.0..=FACTOR_RANGE.1).contains(&f), "{f}");
        }
    }
}
