//! The numbers the tools take, one rule for every command: a count of threads, a table size
//! or a number of positions is read the same way and held to the same range wherever it is
//! given, and each flag's help says its range.

use clap::builder::{RangedI64ValueParser, RangedU64ValueParser};

/// The most threads any tool starts.
pub const MAX_THREADS: i64 = 1024;
/// The largest table, in MiB (as the engine's `USI_Hash`).
pub const MAX_HASH_MIB: u64 = 65536;

/// `--threads N`: 1 to [`MAX_THREADS`].
pub fn threads() -> RangedI64ValueParser<u32> {
    clap::value_parser!(u32).range(1..=MAX_THREADS)
}

/// `--hash MIB`: 1 to [`MAX_HASH_MIB`].
pub fn hash_mib() -> RangedU64ValueParser<u64> {
    clap::value_parser!(u64).range(1..=MAX_HASH_MIB)
}

/// A count that must be at least 1 (positions, plies, nodes).
pub fn at_least_one() -> RangedU64ValueParser<u64> {
    clap::value_parser!(u64).range(1..)
}

/// The threads a tool starts: `given`, or one per core.
pub fn threads_or_cores(given: Option<u32>) -> usize {
    given.map_or_else(
        || std::thread::available_parallelism().map_or(1, |n| n.get()),
        |n| n as usize,
    )
}

/// A finite number (not `nan`, not `inf`).
fn number(s: &str) -> Result<f64, String> {
    s.trim()
        .parse::<f64>()
        .ok()
        .filter(|x| x.is_finite())
        .ok_or_else(|| format!("`{s}` is not a number"))
}

/// A share: a number from 0 to 1.
pub fn share(s: &str) -> Result<f64, String> {
    let x = number(s)?;
    if (0.0..=1.0).contains(&x) {
        Ok(x)
    } else {
        Err(format!("{x} is not within [0, 1]"))
    }
}

/// A share as `f32`.
pub fn unit(s: &str) -> Result<f32, String> {
    share(s).map(|x| x as f32)
}

/// A rate: more than 0, at most 1.
pub fn positive(s: &str) -> Result<f32, String> {
    let x = number(s)?;
    if x > 0.0 && x <= 1.0 {
        Ok(x as f32)
    } else {
        Err(format!("{x} is not within (0, 1]"))
    }
}

/// A positive number of seconds.
pub fn seconds(s: &str) -> Result<f64, String> {
    let x = number(s)?;
    if x > 0.0 {
        Ok(x)
    } else {
        Err(format!("{x} is not a positive number of seconds"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shares_are_finite_and_within_zero_and_one() {
        assert_eq!(share("0.25"), Ok(0.25));
        assert_eq!(share("1"), Ok(1.0));
        for bad in ["nan", "inf", "-0.5", "2", "x"] {
            assert!(share(bad).is_err(), "{bad}");
        }
        assert!(positive("0").is_err());
        assert_eq!(positive("0.001"), Ok(0.001));
        assert!(seconds("0").is_err());
        assert!(seconds("inf").is_err());
        assert_eq!(seconds("1.5"), Ok(1.5));
    }
}
