//! The hash table: made, resized or cleared at `isready` (or at `go` when `isready` did not),
//! capped by the memory the machine has, and freed off the loop.

use super::input::QUIT_SEEN;
use super::state::Session;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};
use tokin_engine::search::TranspositionTable;

/// The largest table, in MB, that `usinewgame` empties by writing it over: about a tenth of
/// a second's writing on two cores. A larger one is replaced by a new (zeroed) table
/// instead, so that `isready` answers at once whatever the size.
pub(super) const CLEAR_IN_PLACE_MB: usize = 1024;

/// How long `isready` may spend having a new hash table's memory backed with huge pages:
/// what it backs in that time searches faster, and the rest is left on ordinary pages,
/// which searches fault in without stopping (see [`TranspositionTable::back`]). 64 MB takes
/// a few milliseconds; a table of gigabytes gets part of its memory backed.
pub(super) const ISREADY_BACKING: Duration = Duration::from_millis(250);

/// Half of the memory available now plus `held_mb` (memory of ours that is about to be
/// given back), in MB, where the system says (Linux `/proc/meminfo`).
pub(super) fn memory_cap_mb(held_mb: usize) -> Option<usize> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = text.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kb: usize = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(((kb / 1024).saturating_add(held_mb) / 2).max(1))
}

/// Drops a table on a thread of its own: giving gigabytes of touched memory back to the
/// kernel takes it a noticeable time, which `isready` need not wait for. (If the thread
/// cannot be started, the table is dropped here.)
pub(super) fn free_in_background(tt: Arc<TranspositionTable>) {
    let _ = std::thread::Builder::new()
        .name("free hash".into())
        .spawn(move || drop(tt));
}

impl Session {
    /// Makes sure the hash has the size the options ask for, at most half the memory
    /// available (searches touch all of it in time, and more would invite the OOM killer),
    /// and empties it if `clear` (a `usinewgame` since the last one).
    ///
    /// Nothing here takes long, whatever the size: a new table is memory the kernel hands
    /// out zeroed, so nothing is written, and the old one is given back on a thread of its
    /// own. A table of more than [`CLEAR_IN_PLACE_MB`] is emptied the same way, by a new
    /// one; a smaller one is written over, which keeps the pages it already has. A new
    /// table's memory is backed with huge pages for at most `backing` (see
    /// [`TranspositionTable::back`]): [`ISREADY_BACKING`] at `isready`, none when a `go`
    /// makes the table, whose clock is already running.
    pub(super) fn ensure_tt(&mut self, clear: bool, backing: Duration) -> Arc<TranspositionTable> {
        let mut want = self.options.hash_mb as usize;
        // The table in use counts as available: it is given back when replaced. A table of
        // the size asked for passed this check when it was made, and is kept: the system is
        // asked only when a table may be made (reading it took a sixth of a short `go`).
        let held = self.tt.as_ref().map_or(0, |tt| tt.size_mb());
        if held != want
            && let Some(cap) = memory_cap_mb(held)
            && want > cap
        {
            self.info_string(format!(
                "USI_Hash {want} MB is more than half the available memory; using {cap} MB"
            ));
            want = cap;
            self.options.hash_mb = cap as u64;
        }
        if let Some(tt) = &self.tt {
            // A search still holds the table: it stays as it is.
            if self.running.is_some() {
                return Arc::clone(tt);
            }
            if tt.size_mb() == want && !clear {
                return Arc::clone(tt);
            }
            if tt.size_mb() == want && want <= CLEAR_IN_PLACE_MB {
                tt.clear();
                self.clear_pending = false;
                self.tt_fresh = true;
                return Arc::clone(tt);
            }
        }
        if let Some(old) = self.tt.take() {
            free_in_background(old);
        }
        let tt = match TranspositionTable::try_new(want) {
            Ok(tt) => tt,
            Err(_) => {
                self.info_string(format!(
                    "error: cannot allocate a {want} MB hash; using 16 MB"
                ));
                TranspositionTable::new(16)
            }
        };
        // A new table comes empty: a clear asked for by `usinewgame` is done.
        self.clear_pending = false;
        self.tt_fresh = true;
        let deadline = Instant::now() + backing;
        tt.back(|| Instant::now() < deadline && !QUIT_SEEN.load(Ordering::Relaxed));
        let tt = Arc::new(tt);
        self.tt = Some(Arc::clone(&tt));
        tt
    }
}
