//! Alignment for the network's rows, shared by the portable layers and the SIMD kernels.

/// A value aligned to a cache line (64 bytes), which also suits the widest SIMD loads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(C, align(64))]
pub(crate) struct Aligned<T>(pub(crate) T);
