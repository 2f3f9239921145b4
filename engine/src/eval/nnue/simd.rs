//! The SIMD kernels of the network (AVX2), and the choice at run time between them and the
//! portable scalar code.
//!
//! Each kernel computes exactly the numbers of its portable counterpart, which stays the
//! reference (in [`accumulator`](super::accumulator) and [`layers`](super::layers)): the
//! same integer arithmetic in another order, wrapping where the scalar code wraps and never
//! saturating where it does not, so that an evaluation does not depend on the CPU.
//!
//! | kernel | portable counterpart | does |
//! |---|---|---|
//! | [`apply_rows`] | `accumulator::apply_rows` | a side's 256 sums less some weight rows plus others, kept in 16 registers |
//! | [`transform`] | `accumulator::transform` | both sides' sums clipped to 0..=127 as the 512 bytes of the first layer's input |
//! | [`affine`] | `layers::affine` | 8-bit inputs by 8-bit weights, 32-bit sums plus the biases |
//! | [`clipped_relu`] | `layers::clipped_relu` | 32-bit sums shifted right by 6, clipped to 0..=127 |
//!
//! # Choosing at run time
//! The baseline x86-64 target has no AVX2, and a binary built for a `target-cpu` that has
//! it crashes on a CPU that has not. So the kernels are compiled with
//! `#[target_feature(enable = "avx2")]` into a portable build and called only with an
//! [`Avx2`] token, which only [`Avx2::detect`] makes, after asking the CPU. Which
//! [`Backend`] the network uses is decided once ([`Backend::current`]); the tests pass a
//! backend explicitly, to run both on the same data.

use std::sync::atomic::{AtomicU8, Ordering};

#[cfg(target_arch = "x86_64")]
use super::aligned::Aligned;
#[cfg(target_arch = "x86_64")]
use super::format::{HALF_DIMENSIONS, HIDDEN1_INPUTS, WEIGHT_SCALE_BITS};
#[cfg(target_arch = "x86_64")]
use std::arch::x86_64::*;

/// The code that runs the network.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Backend {
    /// Plain Rust, on every target: the reference.
    Portable,
    /// The AVX2 kernels, on an x86-64 CPU that has AVX2 (the token is the proof).
    #[cfg(target_arch = "x86_64")]
    Avx2(Avx2),
}

/// [`Backend::current`]'s choice, one of the codes below. `AVX2` is stored only by
/// [`Backend::choose`] with a [`Backend::Avx2`], whose token proves that the CPU has AVX2:
/// [`Backend::current`] relies on it to make a token from the code.
static CHOICE: AtomicU8 = AtomicU8::new(UNDECIDED);
const UNDECIDED: u8 = 0;
const PORTABLE: u8 = 1;
#[cfg(target_arch = "x86_64")]
const AVX2: u8 = 2;

impl Backend {
    /// The fastest backend this CPU runs.
    pub(crate) fn best() -> Backend {
        #[cfg(target_arch = "x86_64")]
        if let Some(cpu) = Avx2::detect() {
            return Backend::Avx2(cpu);
        }
        Backend::Portable
    }

    /// The backend the network uses: [`Backend::best`], detected on the first call, unless
    /// a benchmark chose otherwise (`set_backend_for_bench`, with the `bench-internals` feature).
    #[inline]
    pub(crate) fn current() -> Backend {
        match CHOICE.load(Ordering::Relaxed) {
            PORTABLE => Backend::Portable,
            // Stored only with a token in hand (see `CHOICE`).
            #[cfg(target_arch = "x86_64")]
            AVX2 => Backend::Avx2(Avx2(())),
            _ => Backend::choose(Backend::best()),
        }
    }

    /// Makes `backend` the one [`Backend::current`] returns.
    fn choose(backend: Backend) -> Backend {
        let code = match backend {
            Backend::Portable => PORTABLE,
            #[cfg(target_arch = "x86_64")]
            Backend::Avx2(_) => AVX2,
        };
        CHOICE.store(code, Ordering::Relaxed);
        backend
    }

    /// A short name, for benchmark reports.
    #[cfg(any(test, feature = "bench-internals"))]
    pub(crate) fn name(self) -> &'static str {
        match self {
            Backend::Portable => "portable",
            #[cfg(target_arch = "x86_64")]
            Backend::Avx2(_) => "avx2",
        }
    }

    /// Every backend this CPU runs, the portable one first.
    #[cfg(test)]
    pub(crate) fn available() -> Vec<Backend> {
        let mut all = vec![Backend::Portable];
        if Backend::best() != Backend::Portable {
            all.push(Backend::best());
        }
        all
    }
}

/// For benchmarks only: makes the network run the portable scalar code (`simd` false) or
/// the fastest SIMD code this CPU has (`simd` true) from now on, in the whole process, and
/// returns the name of the code chosen (`"portable"` or `"avx2"`; `"portable"` also when
/// `simd` is asked for and the CPU has none). The numbers are the same either way.
#[cfg(feature = "bench-internals")]
pub fn set_backend_for_bench(simd: bool) -> &'static str {
    let backend = if simd {
        Backend::best()
    } else {
        Backend::Portable
    };
    Backend::choose(backend).name()
}

/// Proof that the CPU running the program has AVX2: made only by [`Avx2::detect`] (and by
/// [`Backend::current`] from a choice that [`Avx2::detect`] made), so that the safe
/// functions below, which take one, may call the AVX2 kernels.
#[cfg(target_arch = "x86_64")]
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Avx2(());

#[cfg(target_arch = "x86_64")]
impl Avx2 {
    /// A token if the CPU has AVX2.
    pub(crate) fn detect() -> Option<Avx2> {
        std::is_x86_feature_detected!("avx2").then_some(Avx2(()))
    }
}

/// One side's sums or one feature's weight row.
#[cfg(target_arch = "x86_64")]
type Row = Aligned<[i16; HALF_DIMENSIONS]>;

/// `dst = src - Σ weights[sub] + Σ weights[add]`, 16-bit wrapping, as
/// `accumulator::apply_rows`: the whole row stays in 16 registers of 16 lanes from the load
/// of `src` to the store to `dst`, one load and one add or subtract per register and row.
#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)]
#[inline]
pub(crate) fn apply_rows(
    _cpu: Avx2,
    dst: &mut [i16; HALF_DIMENSIONS],
    src: &[i16; HALF_DIMENSIONS],
    weights: &[Row],
    sub: &[usize],
    add: &[usize],
) {
    // SAFETY: the token proves the CPU has AVX2, the only feature the kernel needs.
    unsafe { apply_rows_avx2(dst, src, weights, sub, add) }
}

/// The first layer's input, as `accumulator::transform`: `first` then `second`, each sum
/// clipped to 0..=127.
#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)]
#[inline]
pub(crate) fn transform(
    _cpu: Avx2,
    first: &[i16; HALF_DIMENSIONS],
    second: &[i16; HALF_DIMENSIONS],
    out: &mut [u8; HIDDEN1_INPUTS],
) {
    // SAFETY: the token proves the CPU has AVX2, the only feature the kernel needs.
    unsafe { transform_avx2(first, second, out) }
}

/// `out = W input + biases`, as `layers::affine`, for inputs of at most 127 (which the
/// clipped inputs of every layer are): see [`dot_lanes`] for why that bound matters.
#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)]
#[inline]
pub(crate) fn affine<const PADDED: usize, const OUT: usize>(
    _cpu: Avx2,
    input: &[u8; PADDED],
    weights: &[Aligned<[i8; PADDED]>; OUT],
    biases: &[i32; OUT],
    out: &mut [i32; OUT],
) {
    debug_assert!(input.iter().all(|&x| x <= 127), "inputs above 127");
    // SAFETY: the token proves the CPU has AVX2, the only feature the kernel needs.
    unsafe { affine_avx2(input, weights, biases, out) }
}

/// Blocks of 32 sums shifted right by [`WEIGHT_SCALE_BITS`] and clipped to 0..=127, as
/// `layers::clipped_relu`.
#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)]
#[inline]
pub(crate) fn clipped_relu(_cpu: Avx2, input: &[[i32; 32]], out: &mut [[u8; 32]]) {
    // SAFETY: the token proves the CPU has AVX2, the only feature the kernel needs.
    unsafe { clipped_relu_avx2(input, out) }
}

/// The integers a 256-bit register is loaded from and stored to: every bit pattern is a
/// value of each of them.
#[cfg(target_arch = "x86_64")]
trait Lane: Copy {}
#[cfg(target_arch = "x86_64")]
impl Lane for i8 {}
#[cfg(target_arch = "x86_64")]
impl Lane for u8 {}
#[cfg(target_arch = "x86_64")]
impl Lane for i16 {}
#[cfg(target_arch = "x86_64")]
impl Lane for i32 {}

/// The 32 bytes of `src` in a register.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[allow(unsafe_code)]
#[inline]
fn load<T: Lane, const N: usize>(src: &[T; N]) -> __m256i {
    const { assert!(size_of::<[T; N]>() == 32) };
    // SAFETY: `src` is 32 readable bytes (checked above when compiled), and `loadu` needs
    // no alignment.
    unsafe { _mm256_loadu_si256(src.as_ptr().cast()) }
}

/// Stores `v` into the 32 bytes of `dst`.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[allow(unsafe_code)]
#[inline]
fn store<T: Lane, const N: usize>(dst: &mut [T; N], v: __m256i) {
    const { assert!(size_of::<[T; N]>() == 32) };
    // SAFETY: `dst` is 32 writable bytes (checked above when compiled), exclusively
    // borrowed, of integers that any bit pattern is a value of; `storeu` needs no
    // alignment.
    unsafe { _mm256_storeu_si256(dst.as_mut_ptr().cast(), v) }
}

/// The registers a side's sums fill: 16 lanes of 16 bits each.
#[cfg(target_arch = "x86_64")]
const ROW_REGISTERS: usize = HALF_DIMENSIONS / 16;

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn apply_rows_avx2(
    dst: &mut [i16; HALF_DIMENSIONS],
    src: &[i16; HALF_DIMENSIONS],
    weights: &[Row],
    sub: &[usize],
    add: &[usize],
) {
    // x86-64 has 16 vector registers: the 16 running sums fill them, and each row's lanes
    // are read straight from memory by the add (or subtract) instruction itself.
    let mut sums = [_mm256_setzero_si256(); ROW_REGISTERS];
    for (s, chunk) in sums.iter_mut().zip(src.as_chunks::<16>().0) {
        *s = load(chunk);
    }
    for &i in sub {
        for (s, w) in sums.iter_mut().zip(weights[i].0.as_chunks::<16>().0) {
            *s = _mm256_sub_epi16(*s, load(w));
        }
    }
    for &i in add {
        for (s, w) in sums.iter_mut().zip(weights[i].0.as_chunks::<16>().0) {
            *s = _mm256_add_epi16(*s, load(w));
        }
    }
    for (d, s) in dst.as_chunks_mut::<16>().0.iter_mut().zip(sums) {
        store(d, s);
    }
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn transform_avx2(
    first: &[i16; HALF_DIMENSIONS],
    second: &[i16; HALF_DIMENSIONS],
    out: &mut [u8; HIDDEN1_INPUTS],
) {
    let zero = _mm256_setzero_si256();
    let (out_first, out_second) = out.split_at_mut(HALF_DIMENSIONS);
    for (half, dst) in [(first, out_first), (second, out_second)] {
        let pairs = half.as_chunks::<16>().0.as_chunks::<2>().0;
        for ([a, b], o) in pairs.iter().zip(dst.as_chunks_mut::<32>().0) {
            // Saturating to 8 signed bits keeps 0..=127, makes anything above 127 into 127
            // and anything below 0 negative; the maximum with 0 then clips those to 0. So
            // each byte is its sum clipped to 0..=127, as the scalar code's clamp.
            let packed = _mm256_packs_epi16(load(a), load(b));
            let clipped = _mm256_max_epi8(packed, zero);
            // The pack works within each 128-bit half: its 64-bit quarters hold a[0..8],
            // b[0..8], a[8..16], b[8..16]. Quarters 0, 2, 1, 3 put them back in order.
            store(o, _mm256_permute4x64_epi64(clipped, 0b11_01_10_00));
        }
    }
}

/// The products of one row of weights with the inputs, as 8 partial sums of 32 bits
/// (their total is the row's dot product).
///
/// `maddubs` multiplies each unsigned input byte by its signed weight byte and adds adjacent
/// pairs into 16 bits, *saturating*. It never saturates here: an input is at most 127 (the
/// layers' inputs are clipped to 0..=127) and a weight at least -128 and at most 127, so a
/// pair of products lies within 2 × 127 × -128 = -32 512 and 2 × 127 × 127 = 32 258, inside
/// the 16-bit range. `madd` by ones then adds adjacent 16-bit pairs into exact 32-bit sums.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
fn dot_lanes(input: __m256i, weights: &[i8; 32], ones: __m256i) -> __m256i {
    let pairs = _mm256_maddubs_epi16(input, load(weights));
    _mm256_madd_epi16(pairs, ones)
}

/// The totals of 8 registers of 8 lanes, in one register: lane `i` is the sum of `v[i]`'s
/// lanes (32-bit wrapping).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
fn sum_each(v: [__m256i; 8]) -> __m256i {
    // `hadd(a, b)` adds neighbours within each 128-bit half: [a0+a1, a2+a3, b0+b1, b2+b3 |
    // a4+a5, a6+a7, b4+b5, b6+b7]. Twice over four registers, each 128-bit half holds the
    // four registers' sums of that half of their lanes: [v0 v1 v2 v3 (lanes 0-3) | v0 v1
    // v2 v3 (lanes 4-7)].
    let v01 = _mm256_hadd_epi32(v[0], v[1]);
    let v23 = _mm256_hadd_epi32(v[2], v[3]);
    let v45 = _mm256_hadd_epi32(v[4], v[5]);
    let v67 = _mm256_hadd_epi32(v[6], v[7]);
    let v0123 = _mm256_hadd_epi32(v01, v23);
    let v4567 = _mm256_hadd_epi32(v45, v67);
    // The low halves side by side, the high halves side by side, added.
    let low = _mm256_permute2x128_si256(v0123, v4567, 0x20);
    let high = _mm256_permute2x128_si256(v0123, v4567, 0x31);
    _mm256_add_epi32(low, high)
}

/// The total of a register's 8 lanes (32-bit wrapping).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
fn sum_all(v: __m256i) -> i32 {
    let s = _mm_add_epi32(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1));
    let s = _mm_add_epi32(s, _mm_shuffle_epi32(s, 0b01_00_11_10));
    let s = _mm_add_epi32(s, _mm_shuffle_epi32(s, 0b10_11_00_01));
    _mm_cvtsi128_si32(s)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn affine_avx2<const PADDED: usize, const OUT: usize>(
    input: &[u8; PADDED],
    weights: &[Aligned<[i8; PADDED]>; OUT],
    biases: &[i32; OUT],
    out: &mut [i32; OUT],
) {
    const { assert!(PADDED.is_multiple_of(32)) };
    let ones = _mm256_set1_epi16(1);
    let x = input.as_chunks::<32>().0;
    // Eight rows at a time, each input block loaded once for the eight, and one reduction
    // for all eight; the rows left over (the output layer's one) one by one.
    let (groups, rest) = weights.as_chunks::<8>();
    let (out_groups, out_rest) = out.as_chunks_mut::<8>();
    let (bias_groups, bias_rest) = biases.as_chunks::<8>();
    for ((rows, o), b) in groups.iter().zip(out_groups).zip(bias_groups) {
        let mut sums = [_mm256_setzero_si256(); 8];
        for (c, block) in x.iter().enumerate() {
            let xv = load(block);
            for (s, row) in sums.iter_mut().zip(rows) {
                *s = _mm256_add_epi32(*s, dot_lanes(xv, &row.0.as_chunks::<32>().0[c], ones));
            }
        }
        store(o, _mm256_add_epi32(sum_each(sums), load(b)));
    }
    for ((row, o), &b) in rest.iter().zip(out_rest).zip(bias_rest) {
        let mut sum = _mm256_setzero_si256();
        for (block, w) in x.iter().zip(row.0.as_chunks::<32>().0) {
            sum = _mm256_add_epi32(sum, dot_lanes(load(block), w, ones));
        }
        *o = sum_all(sum).wrapping_add(b);
    }
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn clipped_relu_avx2(input: &[[i32; 32]], out: &mut [[u8; 32]]) {
    let zero = _mm256_setzero_si256();
    // Undoes the interleaving of the two packs below (see there), by 32-bit groups.
    let order = _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7);
    for (x, o) in input.iter().zip(out) {
        let [a, b, c, d] = x.as_chunks::<8>().0 else {
            unreachable!("32 lanes are 4 registers")
        };
        const SHIFT: i32 = WEIGHT_SCALE_BITS as i32;
        let a = _mm256_srai_epi32(load(a), SHIFT);
        let b = _mm256_srai_epi32(load(b), SHIFT);
        let c = _mm256_srai_epi32(load(c), SHIFT);
        let d = _mm256_srai_epi32(load(d), SHIFT);
        // Saturating to 16 then to 8 signed bits keeps 0..=127, makes anything above into
        // 127 and anything below 0 negative; the maximum with 0 clips those to 0.
        // Each pack interleaves its operands within 128-bit halves: the 32-bit groups of
        // bytes come out as a0-3 b0-3 c0-3 d0-3 a4-7 b4-7 c4-7 d4-7.
        let ab = _mm256_packs_epi32(a, b);
        let cd = _mm256_packs_epi32(c, d);
        let clipped = _mm256_max_epi8(_mm256_packs_epi16(ab, cd), zero);
        store(o, _mm256_permutevar8x32_epi32(clipped, order));
    }
}

/// Each kernel against its portable counterpart, on random data and on the extremes: sums
/// that wrap around 16 bits, every 16-bit value clipped, weights of -128 and 127, inputs of
/// 0 and 127, biases that wrap around 32 bits. On a CPU without SIMD only the portable
/// path runs, against itself.
#[cfg(test)]
mod tests {
    use super::super::accumulator::{apply_rows, transform};
    use super::super::format::{HALF_DIMENSIONS, HIDDEN1_INPUTS};
    use super::super::layers::{affine, clipped_relu};
    use super::super::rng::SplitMix64;
    use super::*;

    type Row = Aligned<[i16; HALF_DIMENSIONS]>;

    /// The backends to check against the portable one.
    fn simd_backends() -> Vec<Backend> {
        let others: Vec<Backend> = Backend::available()
            .into_iter()
            .filter(|&b| b != Backend::Portable)
            .collect();
        if others.is_empty() {
            eprintln!("no SIMD backend on this CPU: only the portable path is checked");
            return vec![Backend::Portable];
        }
        others
    }

    fn random_i16(rng: &mut SplitMix64) -> i16 {
        rng.next_u64() as i16
    }

    /// A row of 16-bit numbers: all random, all one extreme, or small with extremes here
    /// and there.
    fn random_row(rng: &mut SplitMix64) -> Row {
        let mut row = Aligned([0i16; HALF_DIMENSIONS]);
        let kind = rng.below(5);
        for x in row.0.iter_mut() {
            *x = match kind {
                0 => random_i16(rng),
                1 => i16::MAX,
                2 => i16::MIN,
                _ if rng.below(16) == 0 => random_i16(rng),
                _ => rng.range_i64(-64, 64) as i16,
            };
        }
        row
    }

    #[test]
    fn row_updates_match_portable() {
        let mut rng = SplitMix64::new(31);
        let weights: Vec<Row> = (0..200).map(|_| random_row(&mut rng)).collect();
        for backend in simd_backends() {
            for round in 0..2000 {
                let src = random_row(&mut rng);
                // Up to 80 rows each way (more than a refresh's batch), with repeats: the
                // same extreme row 80 times over wraps around many times.
                let sub: Vec<usize> = (0..rng.below(81))
                    .map(|_| rng.below(200) as usize)
                    .collect();
                let add: Vec<usize> = if round % 10 == 0 {
                    vec![rng.below(200) as usize; 80]
                } else {
                    (0..rng.below(81))
                        .map(|_| rng.below(200) as usize)
                        .collect()
                };
                let mut expected = Aligned([0i16; HALF_DIMENSIONS]);
                apply_rows(
                    Backend::Portable,
                    &mut expected.0,
                    &src.0,
                    &weights,
                    &sub,
                    &add,
                );
                let mut got = Aligned([7i16; HALF_DIMENSIONS]);
                apply_rows(backend, &mut got.0, &src.0, &weights, &sub, &add);
                assert_eq!(got, expected, "{backend:?} round {round}");
            }
        }
    }

    /// Every 16-bit value, in both halves and both orders.
    #[test]
    fn transform_matches_portable_for_every_sum() {
        let all: Vec<i16> = (i16::MIN..=i16::MAX).collect();
        let halves: Vec<&[i16; HALF_DIMENSIONS]> = all.as_chunks().0.iter().collect();
        for backend in simd_backends() {
            for (i, &first) in halves.iter().enumerate() {
                let second = halves[halves.len() - 1 - i];
                let mut expected = Aligned([0u8; HIDDEN1_INPUTS]);
                transform(Backend::Portable, first, second, &mut expected.0);
                let mut got = Aligned([200u8; HIDDEN1_INPUTS]);
                transform(backend, first, second, &mut got.0);
                assert_eq!(got.0, expected.0, "{backend:?} block {i}");
            }
        }
    }

    /// Inputs as the layers see them (0..=127): random, all 0, all 127, or only the
    /// extremes.
    fn random_input<const N: usize>(rng: &mut SplitMix64) -> Aligned<[u8; N]> {
        let kind = rng.below(5);
        let mut x = Aligned([0u8; N]);
        for v in x.0.iter_mut() {
            *v = match kind {
                0 => 0,
                1 => 127,
                2 => [0, 127][rng.below(2) as usize],
                _ => rng.below(128) as u8,
            };
        }
        x
    }

    /// Weights over the whole 8-bit range: random, all -128, all 127, or only the extremes.
    fn random_weights<const N: usize, const OUT: usize>(
        rng: &mut SplitMix64,
    ) -> Box<[Aligned<[i8; N]>; OUT]> {
        let kind = rng.below(5);
        let mut w = Box::new([Aligned([0i8; N]); OUT]);
        for v in w.iter_mut().flat_map(|row| row.0.iter_mut()) {
            *v = match kind {
                0 => i8::MIN,
                1 => i8::MAX,
                2 => [i8::MIN, i8::MAX][rng.below(2) as usize],
                _ => rng.next_u64() as i8,
            };
        }
        w
    }

    fn check_affine<const N: usize, const OUT: usize>(rng: &mut SplitMix64, rounds: usize) {
        for backend in simd_backends() {
            for round in 0..rounds {
                let x = random_input::<N>(rng);
                let w = random_weights::<N, OUT>(rng);
                let mut b = [0i32; OUT];
                for v in b.iter_mut() {
                    *v = match rng.below(4) {
                        // Near the ends: the products carry the sum over.
                        0 => i32::MAX - rng.below(1 << 20) as i32,
                        1 => i32::MIN + rng.below(1 << 20) as i32,
                        _ => rng.range_i64(-10_000, 10_000) as i32,
                    };
                }
                let mut expected = [0i32; OUT];
                affine(Backend::Portable, &x.0, &w, &b, &mut expected);
                let mut got = [1i32; OUT];
                affine(backend, &x.0, &w, &b, &mut got);
                assert_eq!(got, expected, "{backend:?} {N}x{OUT} round {round}");
            }
        }
    }

    /// The network's three shapes, and others that take the kernel's other ways: rows one
    /// by one after the groups of 8, several blocks per row.
    #[test]
    fn affine_matches_portable() {
        let mut rng = SplitMix64::new(37);
        check_affine::<512, 32>(&mut rng, 300);
        check_affine::<32, 32>(&mut rng, 1000);
        check_affine::<32, 1>(&mut rng, 1000);
        check_affine::<64, 3>(&mut rng, 500);
        check_affine::<96, 13>(&mut rng, 500);
        check_affine::<512, 1>(&mut rng, 200);
    }

    /// The largest sums in absolute value, which a kernel that saturated would get wrong.
    #[test]
    fn affine_extremes_match_the_exact_sums() {
        let x = Aligned([127u8; 512]);
        for backend in Backend::available() {
            for (w, expected) in [(i8::MIN, -127 * 128 * 512), (i8::MAX, 127 * 127 * 512)] {
                let weights = Box::new([Aligned([w; 512]); 32]);
                let mut out = [0i32; 32];
                affine(backend, &x.0, &weights, &[5; 32], &mut out);
                assert_eq!(out, [expected + 5; 32], "{backend:?}");
            }
        }
    }

    #[test]
    fn clipped_relu_matches_portable() {
        let mut rng = SplitMix64::new(41);
        // Around each edge of the clipping, and the ends of the range.
        let edges = [
            i32::MIN,
            i32::MIN + 1,
            -65,
            -64,
            -1,
            0,
            1,
            63,
            64,
            127 * 64 - 1,
            127 * 64,
            127 * 64 + 63,
            128 * 64,
            (1 << 21) - 1,
            1 << 21,
            i32::MAX,
        ];
        for backend in simd_backends() {
            for round in 0..5000 {
                let mut x = [0i32; 64];
                for v in x.iter_mut() {
                    *v = match rng.below(3) {
                        0 => edges[rng.below(edges.len() as u64) as usize],
                        1 => rng.next_u64() as i32,
                        _ => rng.range_i64(-2000, 10_000) as i32,
                    };
                }
                let mut expected = Aligned([9u8; 96]);
                clipped_relu(Backend::Portable, &x, &mut expected);
                let mut got = Aligned([200u8; 96]);
                clipped_relu(backend, &x, &mut got);
                assert_eq!(got.0, expected.0, "{backend:?} round {round}");
            }
        }
    }

    /// The choice is the best backend, made once and kept (only a benchmark changes it,
    /// which no test does).
    #[test]
    fn the_current_backend_is_the_best() {
        assert_eq!(Backend::current(), Backend::best());
        assert_eq!(Backend::current(), Backend::best());
        assert!(["portable", "avx2"].contains(&Backend::current().name()));
    }
}
