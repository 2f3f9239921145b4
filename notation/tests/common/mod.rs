//! What the readers' garbage tests share: damaged copies of good inputs.

use rand::Rng;
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;

/// How [`damaged`] damages.
pub(crate) struct Damage<'a> {
    /// Characters to put in.
    pub(crate) alphabet: &'a [char],
    /// At most this many edits to a copy (at least one).
    pub(crate) max_edits: usize,
    /// Whether an edit may cut the text at the place.
    pub(crate) cut: bool,
    /// Every tenth input is instead up to this many random characters, half of them from
    /// the alphabet.
    pub(crate) random_len: usize,
}

/// `n` inputs: the `i`-th is `bases[i % bases.len()]` with one to `max_edits` random
/// edits (a character replaced, removed or inserted, or the text cut), and every tenth is
/// random characters instead.
pub(crate) fn damaged(bases: &[&str], how: &Damage, n: usize, rng: &mut StdRng) -> Vec<String> {
    let pick = |rng: &mut StdRng| *how.alphabet.choose(rng).unwrap_or(&'x');
    (0..n)
        .map(|i| {
            if i % 10 == 0 {
                let len = rng.random_range(0..=how.random_len);
                return (0..len)
                    .filter_map(|_| {
                        if rng.random_bool(0.5) {
                            Some(pick(rng))
                        } else {
                            char::from_u32(rng.random_range(0..0x3_0000))
                        }
                    })
                    .collect();
            }
            let mut s: Vec<char> = bases[i % bases.len()].chars().collect();
            for _ in 0..rng.random_range(1..=how.max_edits.max(1)) {
                let at = rng.random_range(0..=s.len());
                match rng.random_range(0..4) {
                    0 if at < s.len() => s[at] = pick(rng),
                    1 if at < s.len() => {
                        s.remove(at);
                    }
                    2 if how.cut => s.truncate(at),
                    _ => s.insert(at, pick(rng)),
                }
            }
            s.into_iter().collect()
        })
        .collect()
}
