//! Holding a reply: `go ponder` and `go infinite` keep their `bestmove` until `stop` or
//! `ponderhit` (which `jobs.rs` handles) lets it go.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Condvar, Mutex, MutexGuard, PoisonError};

/// What a search thread and the session share about the reply: whether it may go out yet,
/// and whether it has.
///
/// `go infinite` and `go ponder` hold their `bestmove` until `stop` (or `ponderhit`); the
/// thread holding it sleeps on a condition variable that the session signals, so nothing
/// polls while a search waits.
pub(super) struct Control {
    pub(super) hold: Mutex<Hold>,
    /// Signalled whenever [`Control::hold`] changes.
    pub(super) changed: Condvar,
    /// The search thread has written its `bestmove`: the search is over, even if the
    /// session has not yet heard so through [`Event::SearchDone`].
    pub(super) answered: AtomicBool,
}

/// The state a held reply waits on.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Hold {
    /// `stop`, `gameover` or `quit` arrived: reply now.
    pub(super) released: bool,
    /// `go ponder` still waiting for `ponderhit`.
    pub(super) pondering: bool,
}

impl Control {
    pub(super) fn new(pondering: bool) -> Control {
        Control {
            hold: Mutex::new(Hold {
                released: false,
                pondering,
            }),
            changed: Condvar::new(),
            answered: AtomicBool::new(false),
        }
    }

    /// The lock on the hold state. A thread that panicked while holding it left plain flags,
    /// which are still right, so a poisoned lock is used as it is.
    pub(super) fn lock(&self) -> MutexGuard<'_, Hold> {
        self.hold.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Changes the hold state and wakes the thread waiting on it.
    pub(super) fn update(&self, change: impl FnOnce(&mut Hold)) {
        change(&mut self.lock());
        self.changed.notify_all();
    }

    /// `stop`, `gameover` or `quit`: the reply goes out now.
    pub(super) fn release(&self) {
        self.update(|h| {
            h.released = true;
            h.pondering = false;
        });
    }

    /// Whether the search is a `go ponder` that has not yet had its `ponderhit`.
    pub(super) fn is_pondering(&self) -> bool {
        self.lock().pondering
    }

    /// `ponderhit`: the search now plays for real and may reply once it is done.
    pub(super) fn end_ponder(&self) {
        self.update(|h| h.pondering = false);
    }

    /// Blocks the search thread until its reply may go out: at once for a plain `go`; for
    /// `go infinite` (`infinite`) until released; for `go ponder` until released or
    /// `ponderhit`.
    pub(super) fn wait_for_release(&self, infinite: bool) {
        let mut hold = self.lock();
        while (infinite || hold.pondering) && !hold.released {
            hold = self
                .changed
                .wait(hold)
                .unwrap_or_else(PoisonError::into_inner);
        }
    }

    /// Notes that the reply is out.
    pub(super) fn mark_answered(&self) {
        self.answered.store(true, Ordering::Release);
    }

    pub(super) fn is_answered(&self) -> bool {
        self.answered.load(Ordering::Acquire)
    }
}
