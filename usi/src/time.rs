//! Time management: how long to think, from the clock fields of `go` (or `ponderhit`).
//!
//! Two limits come out. The soft limit ends the search between iterations, stretched or
//! shrunk by the search's pacing (best-move changes, a falling score, the best move's share
//! of the nodes) under Fischer and sudden death (byoyomi and `movetime` are not paced); the
//! hard limit stops it at once. Both leave `NetworkDelay` milliseconds (at most a
//! quarter of the time this move may use) for the pipe, the scheduler and the GUI, so the
//! move arrives before the flag falls: 120 ms of 1 s byoyomi, 25 ms of 100 ms.
//!
//! - Byoyomi (秒読み): the byoyomi is spent anyway, so once the main time is gone the engine
//!   uses nearly all of it; while main time remains it adds a slice of it.
//! - Fischer: a slice of the main time plus most of the increment.
//! - Sudden death (no byoyomi, no increment): a slice of the main time, never all of it.

use crate::command::ClockFields;
use std::time::Duration;
use tokin_core::Color;
use tokin_engine::search::Signals;

/// The limits for one move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Do not start another iteration after this, unless the search's pacing says otherwise.
    pub soft: Duration,
    /// Whether the search's pacing may stretch or shrink `soft`: under Fischer and sudden
    /// death, where the time not spent is kept for later moves.
    pub paced: bool,
    /// Stop now.
    pub hard: Duration,
}

impl Budget {
    /// Sets these limits on a search's `signals`, counted from now.
    pub fn set_on(&self, signals: &Signals) {
        if self.paced {
            signals.set_paced_limits(Some(self.soft), Some(self.hard));
        } else {
            signals.set_time_limits(Some(self.soft), Some(self.hard));
        }
    }
}

/// How many moves' worth of main time one move may use (a slice).
const MOVES_HORIZON: u64 = 30;
/// The hard limit may reach this many slices.
const HARD_SLICES: u64 = 5;

/// The budget for `side` to move under `clock` with `overhead` ms kept back, or `None` when
/// the clock says nothing (no time limit).
///
/// # Examples
/// ```
/// use std::time::Duration;
/// use tokin_usi::{command::ClockFields, time::budget};
/// use tokin_core::Color;
/// let clock = ClockFields { btime: Some(0), wtime: Some(0), byoyomi: Some(1000), ..Default::default() };
/// let b = budget(&clock, Color::Black, 50).unwrap();
/// assert_eq!(b.hard, Duration::from_millis(950));
/// ```
pub fn budget(clock: &ClockFields, side: Color, overhead: u64) -> Option<Budget> {
    if !clock.any() {
        return None;
    }
    let (main, inc) = match side {
        Color::Black => (clock.btime.unwrap_or(0), clock.binc.unwrap_or(0)),
        Color::White => (clock.wtime.unwrap_or(0), clock.winc.unwrap_or(0)),
    };
    let byoyomi = clock.byoyomi.unwrap_or(0);
    // Everything this move may use before the flag falls, minus the safety margin. The
    // margin never takes more than a quarter of it, so that sub-second byoyomi still
    // leaves time to think.
    let total = main.saturating_add(byoyomi).saturating_add(inc);
    let available = total.saturating_sub(overhead.min(total / 4)).max(1);
    let slice = main / MOVES_HORIZON;
    // Saturating: a GUI may send absurd clocks, and none of them may panic or wrap.
    let hard_slice = slice.saturating_mul(HARD_SLICES);
    let (soft, hard) = if inc > 0 {
        (
            slice.saturating_add(inc / 4 * 3),
            hard_slice.saturating_add(inc),
        )
    } else if byoyomi > 0 {
        (
            slice.saturating_add(byoyomi),
            hard_slice.saturating_add(byoyomi),
        )
    } else {
        (slice, hard_slice)
    };
    let hard = hard.min(available).max(1);
    let soft = soft.min(hard).max(1);
    // A byoyomi clock is not paced: with main time before the byoyomi, pacing showed no gain
    // in games (docs/strength.md).
    Some(Budget {
        soft: Duration::from_millis(soft),
        paced: inc > 0 || byoyomi == 0,
        hard: Duration::from_millis(hard),
    })
}

/// The budget for `go movetime N`: think exactly N ms minus the overhead.
pub fn movetime_budget(ms: u64, overhead: u64) -> Budget {
    let t = Duration::from_millis(ms.saturating_sub(overhead.min(ms / 4)).max(1));
    Budget {
        soft: t,
        paced: false,
        hard: t,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clock(b: u64, w: u64, byo: Option<u64>, inc: Option<u64>) -> ClockFields {
        ClockFields {
            btime: Some(b),
            wtime: Some(w),
            byoyomi: byo,
            binc: inc,
            winc: inc,
        }
    }

    fn ms(d: Duration) -> u64 {
        d.as_millis() as u64
    }

    #[test]
    fn byoyomi_only_uses_nearly_all_of_it() {
        let b = budget(&clock(0, 0, Some(100), None), Color::White, 20).unwrap();
        assert_eq!((ms(b.soft), ms(b.hard)), (80, 80));
        let b = budget(&clock(0, 0, Some(1000), None), Color::White, 120).unwrap();
        assert_eq!((ms(b.soft), ms(b.hard)), (880, 880));
    }

    #[test]
    fn the_margin_takes_at_most_a_quarter() {
        let b = budget(&clock(0, 0, Some(100), None), Color::Black, 120).unwrap();
        assert_eq!((ms(b.soft), ms(b.hard)), (75, 75));
        assert_eq!(movetime_budget(100, 120).hard, Duration::from_millis(75));
    }

    #[test]
    fn btime_is_blacks_clock() {
        // Black has little time, White a lot: Black must move fast.
        let c = clock(3000, 600_000, Some(0), None);
        let black = budget(&c, Color::Black, 50).unwrap();
        let white = budget(&c, Color::White, 50).unwrap();
        assert!(black.hard < white.hard);
        assert!(ms(black.hard) <= 3000 - 50);
    }

    #[test]
    fn never_more_than_the_clock_allows() {
        for main in [0u64, 1, 10, 60, 100, 1000, 10_000, 600_000] {
            for byo in [None, Some(0), Some(100), Some(1000)] {
                for inc in [None, Some(0), Some(100)] {
                    let c = clock(main, main, byo, inc);
                    let b = budget(&c, Color::Black, 50).unwrap();
                    // The margin is 50 ms, or a quarter of the time when that is less.
                    let total = main + byo.unwrap_or(0) + inc.unwrap_or(0);
                    let limit = total.saturating_sub(50.min(total / 4)).max(1);
                    assert!(ms(b.hard) <= limit, "{c:?}: {b:?}");
                    assert!(b.soft <= b.hard);
                }
            }
        }
    }

    #[test]
    fn fischer_spends_most_of_the_increment() {
        let b = budget(&clock(2000, 2000, None, Some(100)), Color::Black, 20).unwrap();
        assert_eq!(ms(b.soft), 2000 / 30 + 75);
        let huge = clock(u64::MAX, u64::MAX, Some(u64::MAX), Some(u64::MAX));
        assert!(budget(&huge, Color::White, 50).is_some());
        assert!(ms(b.hard) <= 2080);
    }

    #[test]
    fn only_fischer_and_sudden_death_are_paced() {
        // Byoyomi, with main time left or not: the soft limit as it is.
        let b = budget(&clock(0, 0, Some(1000), None), Color::Black, 120).unwrap();
        assert_eq!((b.paced, ms(b.soft)), (false, 880));
        let b = budget(&clock(60_000, 60_000, Some(1000), None), Color::Black, 120).unwrap();
        assert_eq!((b.paced, ms(b.soft)), (false, 3000));
        // Time not spent under Fischer or sudden death is kept for later moves.
        let b = budget(&clock(60_000, 60_000, None, Some(1000)), Color::Black, 120).unwrap();
        assert!(b.paced);
        let b = budget(&clock(60_000, 60_000, None, None), Color::Black, 120).unwrap();
        assert!(b.paced);
        // A fixed time is not paced.
        let b = movetime_budget(500, 50);
        assert_eq!((b.paced, b.soft), (false, b.hard));
    }

    #[test]
    fn no_clock_means_no_limit() {
        assert_eq!(budget(&ClockFields::default(), Color::Black, 50), None);
    }
}
