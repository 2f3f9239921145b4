//! What a caller shares with a running search or mate solve: the stop flag and the clock
//! ([`Signals`]), and the observer that hears nothing ([`NoObserver`]). Both the search and
//! the mate solver look down to this module, so neither borrows it from the other.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

const NO_LIMIT: u64 = u64::MAX;

/// The stop flag and the clock of a running search, shared with whoever controls it.
///
/// Time limits are measured from [`Signals::new`] and may be set or changed while the search
/// runs: the soft limit ends the search between iterations, the hard limit at once. A paced
/// soft limit ([`Signals::set_paced_limits`]) may be stretched or shrunk by the search, as
/// far as the hard limit and down to the moment it was set.
#[derive(Debug)]
pub struct Signals {
    stop: AtomicBool,
    start: Instant,
    soft_ms: AtomicU64,
    hard_ms: AtomicU64,
    /// The least the soft limit shrinks to: the moment a paced one was set, the soft limit
    /// itself when not paced.
    floor_ms: AtomicU64,
}

impl Default for Signals {
    fn default() -> Signals {
        Signals::new()
    }
}

impl Signals {
    /// Signals with the clock starting now and no time limit.
    pub fn new() -> Signals {
        Signals {
            stop: AtomicBool::new(false),
            start: Instant::now(),
            soft_ms: AtomicU64::new(NO_LIMIT),
            hard_ms: AtomicU64::new(NO_LIMIT),
            floor_ms: AtomicU64::new(NO_LIMIT),
        }
    }

    /// Asks the search to stop as soon as possible.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Release);
    }

    /// Whether a stop was asked for (by the caller or because time ran out).
    #[inline]
    pub fn is_stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    /// Time since the search started.
    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// Sets the soft and hard time limits, counted from now (`None` = no limit). The soft
    /// limit is kept as it is (not paced): a fixed time such as `go movetime`.
    pub fn set_time_limits(&self, soft: Option<Duration>, hard: Option<Duration>) {
        self.set_limits(soft, soft, hard);
    }

    /// Sets the soft and hard time limits, counted from now, with a soft limit that the
    /// search may stretch as far as `hard` or shrink to nothing (the clock keeps the time
    /// not spent for later moves).
    pub fn set_paced_limits(&self, soft: Option<Duration>, hard: Option<Duration>) {
        self.set_limits(soft, Some(Duration::ZERO), hard);
    }

    fn set_limits(&self, soft: Option<Duration>, floor: Option<Duration>, hard: Option<Duration>) {
        let now = self.elapsed().as_millis() as u64;
        let to_ms = |d: Option<Duration>| {
            d.map_or(NO_LIMIT, |d| {
                now.saturating_add(u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
            })
        };
        self.soft_ms.store(to_ms(soft), Ordering::Release);
        self.hard_ms.store(to_ms(hard), Ordering::Release);
        self.floor_ms.store(to_ms(floor), Ordering::Release);
    }

    /// Whether a soft limit is set (the search is not infinite and not pondering).
    pub fn has_time_limit(&self) -> bool {
        self.soft_ms.load(Ordering::Relaxed) != NO_LIMIT
            || self.hard_ms.load(Ordering::Relaxed) != NO_LIMIT
    }

    /// Time left before the hard limit (`None`: no limit).
    pub fn hard_left(&self) -> Option<Duration> {
        let hard = self.hard_ms.load(Ordering::Relaxed);
        (hard != NO_LIMIT).then(|| Duration::from_millis(hard.saturating_sub(self.elapsed_ms())))
    }

    fn elapsed_ms(&self) -> u64 {
        self.elapsed().as_millis() as u64
    }

    /// Whether the soft time limit, times the search's `factor`, has passed (the search
    /// stops between iterations). A paced limit stays between the moment it was set and the
    /// hard limit (the time already past then counts at its full length); one not paced is
    /// the soft limit as it is.
    pub(crate) fn paced_passed(&self, factor: f64) -> bool {
        let soft = self.soft_ms.load(Ordering::Relaxed);
        if soft == NO_LIMIT {
            return false;
        }
        let floor = self.floor_ms.load(Ordering::Relaxed).min(soft);
        let hard = self.hard_ms.load(Ordering::Relaxed).max(soft);
        // Pacing scales the time from the floor to the soft limit... or beyond it.
        let paced = floor as f64 + (soft - floor) as f64 * factor;
        self.elapsed_ms() as f64 >= paced.clamp(floor as f64, hard as f64)
    }

    /// Whether the hard time limit has passed (the mate solver stops on it too).
    pub(crate) fn hard_passed(&self) -> bool {
        self.elapsed_ms() >= self.hard_ms.load(Ordering::Relaxed)
    }
}

/// An observer that ignores everything: the search's and the mate solver's progress alike.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoObserver;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_paced_soft_limit_stays_between_the_floor_and_the_hard_limit() {
        let s = |secs| Some(Duration::from_secs(secs));
        let signals = Signals::new();
        signals.set_paced_limits(s(100), s(200));
        assert!(!signals.paced_passed(1.0));
        assert!(!signals.paced_passed(2.5));
        // Shrunk to nothing: down to the moment it was set, which is now.
        assert!(signals.paced_passed(0.0));
        // Not paced: the soft limit as it is, neither shrunk ...
        signals.set_time_limits(s(100), s(200));
        assert!(!signals.paced_passed(0.0));
        // ... nor stretched.
        signals.set_time_limits(s(0), s(200));
        assert!(signals.paced_passed(2.5));
        // No limit: never.
        signals.set_time_limits(None, None);
        assert!(!signals.paced_passed(0.0));
    }
}
