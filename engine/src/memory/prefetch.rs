//! Asking the processor to load memory ahead of its use: the tables the searches probe are
//! far larger than the caches, and a probe whose line was asked for a little earlier does
//! not wait for memory.

/// Starts loading the cache line that holds `at` (a hint: nothing is read, and nothing
/// happens where the processor has no such instruction).
#[inline]
#[allow(unsafe_code)]
pub(crate) fn prefetch<T>(at: &T) {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
        let p = std::ptr::from_ref(at).cast::<i8>();
        // SAFETY: a prefetch reads nothing and cannot fault; `p` comes from a reference
        // anyway. SSE, which provides the instruction, is part of every x86-64 processor.
        unsafe { _mm_prefetch::<_MM_HINT_T0>(p) };
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = at;
}
