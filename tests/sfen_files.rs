//! SFEN reading against the lists in `tests/data/valid.sfen` and `tests/data/invalid.sfen`:
//! every valid one reads and writes back as expected, every invalid one fails with a message
//! naming what is wrong (and for syntax errors, the field and the character).

use tokin_core::Position;

fn rows(path: &str) -> Vec<(usize, String, String)> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.starts_with('#') && !l.is_empty())
        .map(|(i, l)| {
            let (a, b) = l.split_once('\t').unwrap_or((l, ""));
            (i + 1, a.to_string(), b.to_string())
        })
        .collect()
}

#[test]
fn valid_sfens_read_and_write_back() {
    let rows = rows("tests/data/valid.sfen");
    assert!(rows.len() >= 8);
    for (line, sfen, expected) in rows {
        let pos = Position::from_sfen(&sfen).unwrap_or_else(|e| panic!("line {line}: {e}"));
        let expected = if expected.is_empty() {
            sfen.clone()
        } else {
            expected
        };
        assert_eq!(pos.to_sfen(), expected, "line {line}");
    }
}

#[test]
fn invalid_sfens_name_the_problem() {
    let rows = rows("tests/data/invalid.sfen");
    assert!(rows.len() >= 25);
    for (line, sfen, needle) in rows {
        match Position::from_sfen(&sfen) {
            Ok(p) => panic!("line {line}: `{sfen}` was accepted as {}", p.to_sfen()),
            Err(e) => assert!(
                e.to_string().contains(&needle),
                "line {line}: message `{e}` does not contain `{needle}`"
            ),
        }
    }
}

#[test]
fn garbage_never_panics() {
    use rand::{Rng, SeedableRng, rngs::StdRng};
    let seed = 77;
    println!("seed {seed}");
    let mut rng = StdRng::seed_from_u64(seed);
    let alphabet: Vec<char> = "lnsgkbrpLNSGKBRP+0123456789/ bw-歩\t".chars().collect();
    let base = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
    for _ in 0..20_000 {
        let mut s: Vec<char> = base.chars().collect();
        for _ in 0..rng.random_range(1..6) {
            let i = rng.random_range(0..s.len());
            match rng.random_range(0..3) {
                0 => s[i] = alphabet[rng.random_range(0..alphabet.len())],
                1 => {
                    s.remove(i);
                }
                _ => s.insert(i, alphabet[rng.random_range(0..alphabet.len())]),
            }
            if s.is_empty() {
                break;
            }
        }
        let text: String = s.into_iter().collect();
        if let Ok(p) = Position::from_sfen(&text) {
            // Whatever is accepted must be a consistent position.
            assert_eq!(
                Position::from_sfen(&p.to_sfen()).ok(),
                Some(p.clone()),
                "{text}"
            );
            assert_eq!(p.key(), p.compute_key());
        }
        let _ = Position::from_sfen_relaxed(&text);
    }
}
