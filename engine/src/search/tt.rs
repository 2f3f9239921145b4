//! The transposition table: a shared, lock-free hash of search results.
//!
//! CITE: lock-free hashing with the XOR trick — Hyatt and Mann, "A lock-less transposition
//! table implementation for parallel search chess engines" (2002). Each entry is two atomic
//! words, `key ^ data` and `data`; a torn write by another thread makes the XOR fail to give
//! back the key, so the entry reads as a miss instead of as garbage.
//!
//! Data word layout: bits 0-15 move (0 = none), 16-31 score (i16), 32-39 depth, 40-41 bound,
//! 42-46 generation, 47 whether the node was on a principal variation, 48-63 static
//! evaluation (i16).
//!
//! Entries come in buckets of four (64 bytes, one cache line): a key may live in any entry
//! of its bucket, and a new key replaces the entry that is shallowest and oldest.
//!
//! The entries live in memory of their own ([`Slab`]), aligned to 2 MiB and offered to the
//! operating system for huge pages: every probe lands on a random line of a table far larger
//! than what the processor's address cache (TLB) covers with ordinary 4 KiB pages, so
//! without them nearly every probe also walks the page tables. On the machine this was
//! measured on, the same search ran at 0.68-0.74M nodes/s with a 256 MB table on ordinary
//! pages against 1.0-1.1M with a 16 MB one.

use crate::memory::prefetch::prefetch;
use crate::memory::zeroed::{HUGE_PAGE, ZeroValid, Zeroed};
use rayon::prelude::*;
use std::sync::atomic::{AtomicU8, AtomicU64, Ordering};
use tokin_core::Move;

/// Whether a stored score is exact or a bound.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TtBound {
    /// The true score is at most this (fail low).
    Upper = 1,
    /// The true score is at least this (fail high).
    Lower = 2,
    /// The score is exact.
    Exact = 3,
}

/// What a probe found.
#[derive(Clone, Copy, Debug)]
pub(crate) struct TtHit {
    pub mv: Option<Move>,
    pub score: i32,
    pub depth: i32,
    /// The static evaluation stored with the entry (saves evaluating the node again).
    pub eval: i32,
    pub bound: TtBound,
    /// Whether the node was on a principal variation when it was stored (or before).
    pub pv: bool,
}

/// Entries per bucket.
const BUCKET: usize = 4;
/// Where the generation lies in the data word, and its mask (32 searches, then it wraps).
const GEN_SHIFT: u32 = 42;
const GEN_MASK: u64 = 31;
/// The data word's bit for a node on a principal variation.
const PV_BIT: u64 = 1 << 47;

/// The generation of a data word.
#[inline]
fn generation_of(data: u64) -> u64 {
    (data >> GEN_SHIFT) & GEN_MASK
}

struct Entry {
    check: AtomicU64,
    data: AtomicU64,
}

/// The shared transposition table, sized in megabytes.
pub struct TranspositionTable {
    entries: Slab,
    generation: AtomicU8,
}

impl std::fmt::Debug for TranspositionTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "TranspositionTable({} entries)", self.entries.len())
    }
}

/// The memory for a table could not be had.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TableAllocError {
    /// The bytes asked for.
    pub bytes: usize,
}

impl std::fmt::Display for TableAllocError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "cannot allocate {} bytes for the hash table", self.bytes)
    }
}

impl std::error::Error for TableAllocError {}

/// The bytes one worker clears at a time in [`TranspositionTable::clear`]: a table of many
/// gigabytes takes a while to write on one core, so the chunks are spread over all cores
/// (no search runs meanwhile).
const ZERO_CHUNK: usize = HUGE_PAGE;

/// Zeroed entries in memory aligned to [`HUGE_PAGE`], which on Linux is also marked for
/// transparent huge pages before it is first touched (the kernel backs it with 2 MiB pages
/// where it can, and with ordinary ones where it cannot; either way it works). The
/// alignment also puts every bucket on a single cache line.
///
/// The memory is mapped fresh for the table and never written here: the kernel hands out
/// its pages zeroed when they are first touched, so making a table of any size costs no
/// time (writing the zeros ourselves took about a second per 2 GB on two cores, all of it
/// before `readyok`; see [`Zeroed`] for why the allocator's zeroed memory is not enough).
struct Slab(Zeroed<Entry>);

// SAFETY: an entry is two atomic words, and zero is a valid atomic.
#[allow(unsafe_code)]
unsafe impl ZeroValid for Entry {}

impl Slab {
    /// `len` zeroed entries, or `None` when the memory cannot be had.
    fn zeroed(len: usize) -> Option<Slab> {
        let entries = Zeroed::<Entry>::new(len, HUGE_PAGE)?;
        entries.advise_huge_pages();
        Some(Slab(entries))
    }
}

/// How much of a table one backing request covers: 8 MiB (four huge pages), short enough
/// that the time budget is checked often even on a loaded machine.
const BACKING_CHUNK: usize = 8 << 20;

impl Slab {
    /// Has the kernel back the entries with huge pages now, without writing them, for as
    /// long as `deadline` allows, and gives up huge pages for whatever is left.
    ///
    /// Why both: a search that touches a huge page the kernel has not yet backed waits
    /// while the kernel finds and zeroes 2 MiB (compacting memory for it if need be). On a
    /// loaded machine that stopped the first searches on a new 1 GB table for 100-800 ms
    /// past a 75 ms limit, with or without a thread backing the table beside the search.
    /// Ordinary pages are found and zeroed 4 KiB at a time, too quickly to matter. So what
    /// is backed before `readyok` keeps its huge pages, and the rest becomes ordinary.
    ///
    /// `go_on` is asked before each piece of [`BACKING_CHUNK`] (the caller's deadline, and
    /// whether the process is quitting). Returns how many bytes were backed. A kernel
    /// without the request (before Linux 5.14) refuses it: then nothing is backed and the
    /// whole table takes ordinary pages.
    ///
    /// A table smaller than [`BACKING_CHUNK`] is left to be backed as it is touched: its
    /// faults add up to about a millisecond wherever they fall, and backing it ahead was
    /// most of the time of a short session (a GUI's quick `isready` after `usi`, the `usi`
    /// fuzz target's inputs).
    #[allow(unsafe_code)]
    fn back(&self, go_on: impl Fn() -> bool) -> usize {
        if std::mem::size_of_val(&**self) < BACKING_CHUNK {
            return 0;
        }
        let per_chunk = BACKING_CHUNK / std::mem::size_of::<Entry>();
        let mut backed = 0;
        for chunk in self.chunks(per_chunk) {
            let bytes = std::mem::size_of_val(chunk);
            #[cfg(target_os = "linux")]
            {
                let ok = go_on()
                    // SAFETY: advice about memory this slab owns: a run of its entries.
                    && unsafe {
                        libc::madvise(
                            chunk.as_ptr().cast_mut().cast(),
                            bytes,
                            libc::MADV_POPULATE_WRITE,
                        )
                    } == 0;
                if !ok {
                    let rest = std::mem::size_of_val(&**self) - backed;
                    // SAFETY: advice about memory this slab owns: its entries from the
                    // first one not backed to the end. Harmless if refused.
                    unsafe {
                        libc::madvise(
                            chunk.as_ptr().cast_mut().cast(),
                            rest,
                            libc::MADV_NOHUGEPAGE,
                        );
                    }
                    return backed;
                }
            }
            #[cfg(not(target_os = "linux"))]
            let _ = &go_on;
            backed += bytes;
        }
        backed
    }
}

impl std::ops::Deref for Slab {
    type Target = [Entry];

    #[inline]
    fn deref(&self) -> &[Entry] {
        &self.0
    }
}

impl TranspositionTable {
    /// A cleared table of `mb` megabytes (at least one bucket).
    ///
    /// # Panics
    /// When the memory cannot be had; see [`TranspositionTable::try_new`].
    pub fn new(mb: usize) -> TranspositionTable {
        match TranspositionTable::try_new(mb) {
            Ok(tt) => tt,
            Err(e) => panic!("{e}"),
        }
    }

    /// A cleared table of `mb` megabytes (at least one bucket), or an error when the memory
    /// is not available (instead of aborting the process as a failed allocation would).
    ///
    /// # Errors
    /// When the allocation fails.
    pub fn try_new(mb: usize) -> Result<TranspositionTable, TableAllocError> {
        let bytes = mb.saturating_mul(1024 * 1024);
        let n = (bytes / std::mem::size_of::<Entry>() / BUCKET).max(1) * BUCKET;
        let entries = Slab::zeroed(n).ok_or(TableAllocError { bytes })?;
        Ok(TranspositionTable {
            entries,
            generation: AtomicU8::new(0),
        })
    }

    /// Has the kernel back the table's memory with huge pages while `go_on` says so (asked
    /// every 8 MiB: a deadline, say) and leaves the rest on ordinary pages (see
    /// `Slab::back`): called once on a new table, before any search uses it. Returns how
    /// many bytes were backed.
    pub fn back(&self, go_on: impl Fn() -> bool) -> usize {
        self.entries.back(go_on)
    }

    /// The table's size in megabytes, rounded down.
    pub fn size_mb(&self) -> usize {
        self.entries.len() * std::mem::size_of::<Entry>() / (1024 * 1024)
    }

    /// Forgets everything (a new game).
    pub fn clear(&self) {
        let per_chunk = ZERO_CHUNK / std::mem::size_of::<Entry>();
        self.entries.par_chunks(per_chunk).for_each(|chunk| {
            for e in chunk {
                e.check.store(0, Ordering::Relaxed);
                e.data.store(0, Ordering::Relaxed);
            }
        });
        self.generation.store(0, Ordering::Relaxed);
    }

    /// Starts a new search: older entries become preferred victims for replacement.
    pub fn new_search(&self) {
        let g = self.generation.load(Ordering::Relaxed);
        self.generation
            .store(((u64::from(g) + 1) & GEN_MASK) as u8, Ordering::Relaxed);
    }

    /// The bucket of `key`.
    #[inline]
    fn bucket(&self, key: u64) -> &[Entry] {
        let buckets = self.entries.len() / BUCKET;
        let i = ((u128::from(key) * buckets as u128) >> 64) as usize;
        &self.entries[i * BUCKET..(i + 1) * BUCKET]
    }

    /// Starts loading the bucket of `key` into the cache, for a probe that comes a little
    /// later: called as soon as a child position is made, so that the memory access (the
    /// table is far larger than the caches) overlaps the work before the child's probe.
    #[inline]
    pub(crate) fn prefetch(&self, key: u64) {
        if let Some(first) = self.bucket(key).first() {
            prefetch(first);
        }
    }

    /// Looks `key` up.
    #[inline]
    pub(crate) fn probe(&self, key: u64) -> Option<TtHit> {
        let data = self.bucket(key).iter().find_map(|e| {
            let data = e.data.load(Ordering::Relaxed);
            let check = e.check.load(Ordering::Relaxed);
            (data != 0 && check ^ data == key).then_some(data)
        })?;
        let bound = match (data >> 40) & 3 {
            1 => TtBound::Upper,
            2 => TtBound::Lower,
            3 => TtBound::Exact,
            _ => return None,
        };
        Some(TtHit {
            mv: Move::from_bits((data & 0xffff) as u16),
            score: i32::from((data >> 16) as u16 as i16),
            depth: ((data >> 32) & 0xff) as i32,
            eval: i32::from((data >> 48) as u16 as i16),
            bound,
            pv: data & PV_BIT != 0,
        })
    }

    /// Stores a result; `score` must already be adjusted for the ply (see `score_to_tt`).
    #[inline]
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn store(
        &self,
        key: u64,
        mv: Option<Move>,
        score: i32,
        eval: i32,
        depth: i32,
        bound: TtBound,
        pv: bool,
    ) {
        let cur_gen = u64::from(self.generation.load(Ordering::Relaxed));
        let bucket = self.bucket(key);
        // The entry holding this key, else the emptiest: shallow and from old searches.
        let mut e = &bucket[0];
        let mut worst = i64::MAX;
        for candidate in bucket {
            let data = candidate.data.load(Ordering::Relaxed);
            if data != 0 && candidate.check.load(Ordering::Relaxed) ^ data == key {
                e = candidate;
                break;
            }
            let age = (cur_gen.wrapping_sub(generation_of(data)) & GEN_MASK) as i64;
            let value = if data == 0 {
                i64::MIN
            } else {
                ((data >> 32) & 0xff) as i64 - 8 * age
            };
            if value < worst {
                worst = value;
                e = candidate;
            }
        }
        let old = e.data.load(Ordering::Relaxed);
        let old_check = e.check.load(Ordering::Relaxed);
        let same = old != 0 && old_check ^ old == key;
        let depth = depth.clamp(0, 255) as u64;
        if same {
            let old_depth = (old >> 32) & 0xff;
            let old_gen = generation_of(old);
            let replace = old_gen != cur_gen || depth + 2 >= old_depth || bound == TtBound::Exact;
            if !replace {
                return;
            }
        }
        // Keep the old move when the new result has none for the same position.
        let mv_bits = match mv {
            Some(m) => u64::from(m.to_bits()),
            None if same => old & 0xffff,
            None => 0,
        };
        let score = (score.clamp(-32767, 32767) as i16) as u16 as u64;
        let eval = (eval.clamp(-32767, 32767) as i16) as u16 as u64;
        let data = mv_bits
            | score << 16
            | depth << 32
            | (bound as u64) << 40
            | cur_gen << GEN_SHIFT
            | eval << 48;
        let data = if pv { data | PV_BIT } else { data };
        e.check.store(key ^ data, Ordering::Relaxed);
        e.data.store(data, Ordering::Relaxed);
    }

    /// How full the table is, in permille, from a sample of this search's entries.
    pub fn hashfull(&self) -> u32 {
        let cur_gen = u64::from(self.generation.load(Ordering::Relaxed));
        let n = self.entries.len().min(1000);
        if n == 0 {
            return 0;
        }
        let used = self.entries[..n]
            .iter()
            .filter(|e| {
                let d = e.data.load(Ordering::Relaxed);
                d != 0 && generation_of(d) == cur_gen
            })
            .count();
        (used * 1000 / n) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Backing changes no entry, and stops when told: entries stored before are still found
    /// after; backing to the end covers the whole table (on Linux 5.14 and later) and
    /// stopping at once backs nothing, while the table still works on ordinary pages.
    #[test]
    fn backing_keeps_the_entries_and_keeps_to_its_budget() {
        let tt = TranspositionTable::new(100);
        let keys: Vec<u64> = (1..200u64)
            .map(|i| i.wrapping_mul(0x9E37_79B9_7F4A_7C15))
            .collect();
        for &k in &keys {
            tt.store(k, None, 5, 0, 7, TtBound::Exact, false);
        }
        let backed = tt.back(|| true);
        assert!(backed == 0 || backed == 100 << 20, "backed {backed} bytes");
        for &k in &keys {
            assert!(tt.probe(k).is_some(), "entry {k:#x} lost");
        }
        let fresh = TranspositionTable::new(100);
        assert_eq!(fresh.back(|| false), 0);
        let small = TranspositionTable::new(4);
        assert_eq!(
            small.back(|| true),
            0,
            "a small table is backed as it is touched"
        );
        fresh.store(keys[0], None, 5, 0, 7, TtBound::Exact, false);
        assert!(fresh.probe(keys[0]).is_some());
    }

    /// The principal-variation mark comes back as stored, whatever the generation (which
    /// wraps after 32 searches without touching the mark or the depth).
    #[test]
    fn the_pv_mark_round_trips_across_generations() {
        let tt = TranspositionTable::new(1);
        for search in 0..70u64 {
            let pv = search % 3 == 0;
            let key = 0x9E37_79B9_7F4A_7C15_u64.wrapping_mul(search + 1);
            tt.store(key, None, -7, 3, 9, TtBound::Lower, pv);
            let hit = tt.probe(key).expect("just stored");
            assert_eq!((hit.pv, hit.depth, hit.score, hit.eval), (pv, 9, -7, 3));
            assert_eq!(hit.bound, TtBound::Lower);
            assert!(tt.hashfull() <= 1000);
            tt.new_search();
        }
    }

    /// The table starts on a huge-page boundary, so each bucket is one cache line; a size
    /// that cannot exist is an error, not a crash.
    #[test]
    fn memory_is_aligned_and_failure_is_an_error() {
        let tt = TranspositionTable::new(3);
        assert_eq!(tt.entries.as_ptr() as usize % HUGE_PAGE, 0);
        assert_eq!(tt.size_mb(), 3);
        assert!(
            tt.entries
                .iter()
                .all(|e| e.data.load(Ordering::Relaxed) == 0)
        );
        assert_eq!(
            TranspositionTable::try_new(usize::MAX).unwrap_err().bytes,
            usize::MAX
        );
    }

    /// Making a table writes none of it: the memory comes zeroed from the kernel, so even a
    /// table of gigabytes costs neither time nor resident memory until a search touches it.
    #[cfg(target_os = "linux")]
    #[test]
    fn a_new_table_is_not_written() {
        let resident_mb = || -> usize {
            let status = std::fs::read_to_string("/proc/self/status").unwrap();
            let line = status.lines().find(|l| l.starts_with("VmRSS:")).unwrap();
            line.split_whitespace()
                .nth(1)
                .unwrap()
                .parse::<usize>()
                .unwrap()
                / 1024
        };
        let before = resident_mb();
        // A machine that cannot map this much has nothing to show here.
        let Ok(tt) = TranspositionTable::try_new(4096) else {
            return;
        };
        assert_eq!(tt.entries.as_ptr() as usize % HUGE_PAGE, 0);
        let grown = resident_mb().saturating_sub(before);
        assert!(
            grown < 1024,
            "making a 4096 MB table made {grown} MB resident"
        );
        // Untouched memory reads as empty entries.
        assert!(tt.probe(0x5555_5555_5555_5555).is_none());
        assert!(
            tt.entries[tt.entries.len() - 1]
                .data
                .load(Ordering::Relaxed)
                == 0
        );
    }

    /// Clearing reaches every chunk of a table larger than one worker's share, the last
    /// (shorter) one included.
    #[test]
    fn clear_zeroes_every_chunk() {
        let tt = TranspositionTable::new(5);
        let n = 1000u64;
        for i in 0..n {
            // Keys spread evenly over the buckets, from the first to the last.
            let key = (u64::MAX / n) * i + 1;
            tt.store(key, None, 1, 0, 3, TtBound::Exact, false);
        }
        let used = |tt: &TranspositionTable| {
            tt.entries
                .iter()
                .filter(|e| e.data.load(Ordering::Relaxed) != 0)
                .count()
        };
        assert_eq!(used(&tt), n as usize);
        assert!(tt.probe((u64::MAX / n) * (n - 1) + 1).is_some());
        tt.clear();
        assert_eq!(used(&tt), 0);
    }

    /// Four keys of one bucket live side by side; a fifth replaces the shallowest.
    #[test]
    fn a_bucket_holds_four_keys() {
        let tt = TranspositionTable::new(1);
        let base = 0x4000_0000_0000_0000u64;
        for i in 0..4 {
            tt.store(base + i, None, 10, 0, 5 + i as i32, TtBound::Exact, false);
        }
        for i in 0..4 {
            assert_eq!(tt.probe(base + i).map(|h| h.depth), Some(5 + i as i32));
        }
        tt.store(base + 9, None, 10, 0, 20, TtBound::Exact, false);
        assert!(tt.probe(base + 9).is_some());
        assert!(tt.probe(base).is_none(), "the shallowest entry made room");
        assert!(tt.probe(base + 3).is_some());
    }

    #[test]
    fn store_then_probe() {
        let tt = TranspositionTable::new(1);
        let mv = Move::from_usi("7g7f");
        tt.store(
            0x1234_5678_9abc_def0,
            mv,
            -123,
            45,
            7,
            TtBound::Lower,
            false,
        );
        let hit = tt.probe(0x1234_5678_9abc_def0).unwrap();
        assert_eq!(hit.mv, mv);
        assert_eq!(hit.score, -123);
        assert_eq!(hit.eval, 45);
        assert_eq!(hit.depth, 7);
        assert_eq!(hit.bound, TtBound::Lower);
        assert!(tt.probe(0x1234_5678_9abc_def1).is_none());
        tt.clear();
        assert!(tt.probe(0x1234_5678_9abc_def0).is_none());
    }
}
