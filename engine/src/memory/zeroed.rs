//! Tables that start at zero, in memory taken from the kernel for them alone.
//!
//! Why not `vec![0; n]`: the system allocator (glibc) maps fresh pages, which the kernel
//! hands out zeroed, only for a block above its mapping threshold, and it raises that
//! threshold to the size of each mapped block freed, up to 32 MiB. So after the first table
//! of a few megabytes is dropped (a new game, a new hash size, a new session), the next one
//! comes from the heap, and `calloc` writes zeros over all of it: 5 MB of continuation
//! history and the transposition table again at every new game, a third of the time of a
//! short session (measured with `perf` over the `usi` fuzz target's inputs). Pages mapped
//! here are zero until first touched, and only the pages a search touches cost anything.

use std::ptr::NonNull;

/// The size of a huge page (x86-64, ARM64 with 4 KiB pages): the alignment for tables that
/// ask for huge pages ([`Zeroed::advise_huge_pages`]).
pub(crate) const HUGE_PAGE: usize = 2 << 20;

/// Types for which all-zero bytes are a valid value (integers, atomics, structs of them).
///
/// # Safety
/// An implementor must be valid when every byte of it is zero, and have no drop glue.
#[allow(unsafe_code)]
pub(crate) unsafe trait ZeroValid: Sized {}

// SAFETY: zero is a valid integer.
#[allow(unsafe_code)]
unsafe impl ZeroValid for i16 {}

// SAFETY: zero is a valid integer.
#[allow(unsafe_code)]
unsafe impl ZeroValid for u64 {}

/// `len` values of `T`, all zero at first, at an address aligned to `align` bytes.
pub(crate) struct Zeroed<T: ZeroValid> {
    ptr: NonNull<T>,
    len: usize,
    /// What was mapped: the values lie inside it, from its first `align` boundary.
    base: NonNull<u8>,
    mapped: usize,
}

// SAFETY: the buffer owns its values, as a `Vec<T>` would.
#[allow(unsafe_code)]
unsafe impl<T: ZeroValid + Send> Send for Zeroed<T> {}
// SAFETY: shared access gives only `&[T]`, as for a `Vec<T>`.
#[allow(unsafe_code)]
unsafe impl<T: ZeroValid + Sync> Sync for Zeroed<T> {}

impl<T: ZeroValid> Zeroed<T> {
    /// `len` zero values (at least one byte is mapped), aligned to `align` (a power of two,
    /// at least `T`'s own alignment), or `None` when the memory cannot be had.
    #[allow(unsafe_code)]
    pub(crate) fn new(len: usize, align: usize) -> Option<Zeroed<T>> {
        if !align.is_power_of_two() || align < std::mem::align_of::<T>() {
            return None;
        }
        let bytes = len.checked_mul(std::mem::size_of::<T>())?.max(1);
        // `align` more than needed, so that a boundary with `bytes` after it lies inside;
        // the pages of the slack are never touched, so they cost address space only.
        let mapped = bytes.checked_add(align)?;
        let base = map_zeroed(mapped)?;
        let offset = base.as_ptr().align_offset(align);
        if offset > align {
            // `align_offset` may give up (never on the platforms we build for).
            // SAFETY: mapped just above with this size, and not yet handed out.
            unsafe { unmap(base, mapped) };
            return None;
        }
        // SAFETY: `offset + bytes <= align + bytes`, the size mapped.
        let start = unsafe { base.as_ptr().add(offset) };
        // All-zero bytes are valid values of `T` (`ZeroValid`), and `start` is aligned for
        // it, so the memory from `start` holds `len` initialised values.
        let ptr = NonNull::new(start.cast::<T>())?;
        Some(Zeroed {
            ptr,
            len,
            base,
            mapped,
        })
    }

    /// The address of the first value.
    #[cfg(test)]
    pub(crate) fn as_ptr(&self) -> *const T {
        self.ptr.as_ptr()
    }

    /// Asks the kernel (Linux) to back the values with transparent huge pages where it can,
    /// from here on. Meant for a buffer aligned to a huge page; a kernel that refuses the
    /// advice, or a start not on a page, changes nothing but speed.
    #[allow(unsafe_code)]
    pub(crate) fn advise_huge_pages(&self) {
        #[cfg(target_os = "linux")]
        // SAFETY: advice about memory this buffer owns (its values); it changes no contents.
        // The result is ignored: a refusal is harmless.
        unsafe {
            libc::madvise(
                self.ptr.as_ptr().cast(),
                std::mem::size_of_val(&**self),
                libc::MADV_HUGEPAGE,
            );
        }
    }
}

impl<T: ZeroValid> std::ops::Deref for Zeroed<T> {
    type Target = [T];

    #[allow(unsafe_code)]
    #[inline]
    fn deref(&self) -> &[T] {
        // SAFETY: `ptr` points to `len` initialised values (zero at creation) that live as
        // long as the buffer.
        unsafe { std::slice::from_raw_parts(self.ptr.as_ptr(), self.len) }
    }
}

impl<T: ZeroValid> std::ops::DerefMut for Zeroed<T> {
    #[allow(unsafe_code)]
    #[inline]
    fn deref_mut(&mut self) -> &mut [T] {
        // SAFETY: as for `deref`, and `&mut self` makes this the only access.
        unsafe { std::slice::from_raw_parts_mut(self.ptr.as_ptr(), self.len) }
    }
}

impl<T: ZeroValid> Drop for Zeroed<T> {
    #[allow(unsafe_code)]
    fn drop(&mut self) {
        // SAFETY: mapped in `new` with this size, and unmapped only here; `T` has no drop
        // glue (`ZeroValid`).
        unsafe { unmap(self.base, self.mapped) };
    }
}

/// `bytes` (not zero) of fresh zeroed memory, private to this process.
#[cfg(target_os = "linux")]
#[allow(unsafe_code)]
fn map_zeroed(bytes: usize) -> Option<NonNull<u8>> {
    // SAFETY: an anonymous private mapping at an address of the kernel's choosing: it
    // touches no memory of ours. The kernel gives zero pages.
    let p = unsafe {
        libc::mmap(
            std::ptr::null_mut(),
            bytes,
            libc::PROT_READ | libc::PROT_WRITE,
            libc::MAP_PRIVATE | libc::MAP_ANONYMOUS,
            -1,
            0,
        )
    };
    if p == libc::MAP_FAILED {
        return None;
    }
    NonNull::new(p.cast::<u8>())
}

/// Gives back what [`map_zeroed`] mapped.
///
/// # Safety
/// `base` and `bytes` are a mapping made by [`map_zeroed`], not used after this.
#[cfg(target_os = "linux")]
#[allow(unsafe_code)]
unsafe fn unmap(base: NonNull<u8>, bytes: usize) {
    // SAFETY: the caller's promise. A failure (which would leave the pages mapped) cannot
    // be acted on in a drop; it is ignored.
    unsafe {
        libc::munmap(base.as_ptr().cast(), bytes);
    }
}

/// Elsewhere, the allocator's zeroed memory (at the alignment of 16 at which it may call
/// `calloc`).
#[cfg(not(target_os = "linux"))]
#[allow(unsafe_code)]
fn map_zeroed(bytes: usize) -> Option<NonNull<u8>> {
    let layout = std::alloc::Layout::from_size_align(bytes, 16).ok()?;
    // SAFETY: the layout's size is not zero (the caller's promise).
    NonNull::new(unsafe { std::alloc::alloc_zeroed(layout) })
}

/// Gives back what [`map_zeroed`] allocated.
///
/// # Safety
/// `base` and `bytes` are an allocation made by [`map_zeroed`], not used after this.
#[cfg(not(target_os = "linux"))]
#[allow(unsafe_code)]
unsafe fn unmap(base: NonNull<u8>, bytes: usize) {
    // SAFETY: the caller's promise; the layout is the one `map_zeroed` used.
    unsafe {
        std::alloc::dealloc(
            base.as_ptr(),
            std::alloc::Layout::from_size_align_unchecked(bytes, 16),
        )
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zeroed_tables_are_zero_aligned_and_writable() {
        for (len, align) in [(0, 2), (1, 64), (1000, 4096), (300_000, 2 << 20)] {
            let mut z = Zeroed::<i16>::new(len, align).unwrap();
            assert_eq!(z.len(), len);
            assert_eq!(z.as_ptr() as usize % align, 0);
            assert!(z.iter().all(|&v| v == 0));
            for (i, v) in z.iter_mut().enumerate() {
                *v = i as i16;
            }
            assert!(z.iter().enumerate().all(|(i, &v)| v == i as i16));
        }
        // Not a power of two; below the type's own alignment (2).
        assert!(Zeroed::<i16>::new(10, 3).is_none());
        assert!(Zeroed::<i16>::new(10, 1).is_none());
    }

    #[test]
    fn a_table_made_after_another_was_dropped_is_zero() {
        // The case the system allocator serves from memory written before.
        let mut a = Zeroed::<i16>::new(1 << 20, 64).unwrap();
        a.fill(-1);
        drop(a);
        let b = Zeroed::<i16>::new(1 << 20, 64).unwrap();
        assert!(b.iter().all(|&v| v == 0));
    }
}
