//! Tests of the network as a whole: reading and writing, every way a file can be wrong, the
//! symmetry of the evaluation, and agreement with reference numbers.

use super::*;
use simd::Backend;
use tokin_core::testing::{Pick, random_game_positions};

/// The small network most tests use (under 1 MB): one per seed, made once per test.
fn small(seed: u64) -> Network {
    Network::random(Architecture::Kp256, seed)
}

/// The offset where the feature transformer's hash begins in `net`'s file.
fn header_len(net: &Network) -> usize {
    12 + net.description().len()
}

#[test]
fn write_then_read_is_identical() {
    for arch in Architecture::ALL {
        let net = Network::random(arch, 7);
        let bytes = net.to_bytes();
        let expected = 12
            + net.description().len()
            + 4
            + 2 * 256 * (1 + arch.input_dimensions())
            + 4
            + (4 * 32 + 32 * 512)
            + (4 * 32 + 32 * 32)
            + (4 + 32);
        assert_eq!(bytes.len(), expected, "{arch}");
        let read = Network::from_bytes(&bytes).unwrap();
        assert!(read == net, "{arch}: the network read back differs");
        assert_eq!(read.to_bytes(), bytes);
        random_game_positions(3, 4, 120, Pick::PreferCaptures, |pos, _| {
            assert_eq!(
                read.evaluate(pos),
                net.evaluate(pos),
                "{arch} {}",
                pos.to_sfen()
            );
        });
    }
}

#[test]
fn seeds_give_different_networks_and_spread_evaluations() {
    let a = small(1);
    assert!(a != small(2));
    let mut values = Vec::new();
    random_game_positions(5, 4, 150, Pick::PreferCaptures, |pos, _| {
        values.push(a.evaluate(pos));
    });
    values.sort_unstable();
    values.dedup();
    // A random network is no player, but its numbers must vary for the tests to mean much.
    assert!(values.len() > 100, "{} distinct values", values.len());
}

/// The position with the colours swapped and the board turned around: the same game from
/// the other chair, which the network must score the same for the side to move.
fn flipped_sfen(sfen: &str) -> String {
    let fields: Vec<&str> = sfen.split(' ').collect();
    let swap = |c: char| {
        if c.is_ascii_uppercase() {
            c.to_ascii_lowercase()
        } else {
            c.to_ascii_uppercase()
        }
    };
    // Reverse the ranks and each rank's squares; '+' stays in front of its piece.
    let ranks: Vec<String> = fields[0]
        .split('/')
        .rev()
        .map(|rank| {
            let mut tokens: Vec<String> = Vec::new();
            let mut pending = String::new();
            for ch in rank.chars() {
                pending.push(if ch.is_ascii_alphabetic() {
                    swap(ch)
                } else {
                    ch
                });
                if ch != '+' {
                    tokens.push(std::mem::take(&mut pending));
                }
            }
            tokens.reverse();
            tokens.concat()
        })
        .collect();
    let side = if fields[1] == "b" { "w" } else { "b" };
    let hand = if fields[2] == "-" {
        "-".to_string()
    } else {
        fields[2].chars().map(swap).collect()
    };
    format!("{} {side} {hand} {}", ranks.join("/"), fields[3])
}

#[test]
fn evaluation_is_the_same_from_the_other_chair() {
    for arch in Architecture::ALL {
        let net = Network::random(arch, 11);
        random_game_positions(13, 3, 150, Pick::PreferCaptures, |pos, _| {
            let sfen = pos.to_sfen();
            let other = Position::from_sfen_relaxed(&flipped_sfen(&sfen)).unwrap();
            assert_eq!(net.evaluate(&other), net.evaluate(pos), "{arch} {sfen}");
        });
    }
}

/// Move by move equals from scratch, over every legal move of random games' positions.
#[test]
fn incremental_update_equals_refresh() {
    for (arch, games) in [(Architecture::Kp256, 12), (Architecture::HalfKp256, 4)] {
        let net = Network::random(arch, 21);
        random_game_positions(17, games, 160, Pick::PreferCaptures, |pos, _| {
            let acc = Accumulator::new(&net, pos).unwrap();
            for mv in pos.legal_moves() {
                let mut child = pos.clone();
                child.play_unchecked(mv);
                let fresh = Accumulator::new(&net, &child).unwrap();
                assert!(
                    acc.after(&net, pos, mv) == fresh,
                    "{arch} {} {mv}",
                    pos.to_sfen()
                );
            }
        });
    }
}

#[test]
fn positions_without_a_king_evaluate_to_zero() {
    let pos = Position::from_tsume_sfen("4k4/9/4P4/9/9/9/9/9/9 b G 1").unwrap();
    assert_eq!(small(1).evaluate(&pos), 0);
}

#[test]
fn fv_scale_divides_the_output() {
    let mut net = small(3);
    let pos = Position::startpos();
    let acc = Accumulator::new(&net, &pos).unwrap();
    let raw = net.output_of(&acc, Color::Black);
    assert_eq!(net.evaluate(&pos), (raw / 16).clamp(-31753, 31753));
    net.set_fv_scale(24);
    assert_eq!(net.evaluate(&pos), (raw / 24).clamp(-31753, 31753));
    net.set_fv_scale(0);
    assert_eq!(net.fv_scale(), 1);
}

#[test]
fn empty_input_is_truncated_at_the_version() {
    assert!(matches!(
        Network::from_bytes(&[]),
        Err(NnueError::Truncated {
            part: Part::Version,
            at: 0
        })
    ));
}

#[test]
fn zeros_are_not_a_network() {
    let zeros = vec![0u8; 1 << 24];
    assert!(matches!(
        Network::from_bytes(&zeros),
        Err(NnueError::WrongVersion { found: 0, .. })
    ));
}

#[test]
fn every_truncation_names_where_the_file_ends() {
    let net = small(4);
    let bytes = net.to_bytes();
    let n = bytes.len();
    let head = header_len(&net) + 4 + 512 + 64;
    let tail = n - (4 + 32 * 4 + 32 * 512 + 32 * 4 + 32 * 32 + 4 + 32) - 64;
    // Every length in the header and around each part's start, a sample in the weights.
    let lengths = (0..head)
        .chain((head..tail).step_by(4099))
        .chain((tail..n - 300).step_by(61))
        .chain(n - 300..n);
    for len in lengths {
        match Network::from_bytes(&bytes[..len]) {
            Err(NnueError::Truncated { at, .. }) => assert_eq!(at, len as u64),
            other => panic!("length {len} of {n}: {other:?}"),
        }
    }
}

#[test]
fn truncation_names_the_part() {
    let net = small(4);
    let bytes = net.to_bytes();
    let h = header_len(&net);
    let cases = [
        (2, Part::Version),
        (6, Part::NetworkHash),
        (10, Part::ArchitectureLength),
        (h - 1, Part::ArchitectureString),
        (h + 2, Part::FeatureTransformerHash),
        (h + 4 + 100, Part::FeatureTransformerBiases),
        (h + 4 + 512 + 1, Part::FeatureTransformerWeights),
        (bytes.len() - 1, Part::OutputWeights),
        (bytes.len() - 33, Part::OutputBiases),
    ];
    for (len, part) in cases {
        match Network::from_bytes(&bytes[..len]) {
            Err(NnueError::Truncated { part: p, .. }) => assert_eq!(p, part, "length {len}"),
            other => panic!("length {len}: {other:?}"),
        }
    }
}

#[test]
fn trailing_bytes_are_refused() {
    let mut bytes = small(5).to_bytes();
    let n = bytes.len() as u64;
    bytes.extend_from_slice(&[0; 10]);
    match Network::from_bytes(&bytes) {
        Err(NnueError::TrailingBytes { at, count }) => {
            assert_eq!((at, count), (n, 10));
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn flipped_header_bytes_are_named() {
    let net = small(6);
    let bytes = net.to_bytes();
    let h = header_len(&net);
    for i in 0..h + 4 {
        for bit in [0, 3, 7] {
            let mut b = bytes.clone();
            b[i] ^= 1 << bit;
            let r = Network::from_bytes(&b);
            match i {
                0..4 => assert!(matches!(r, Err(NnueError::WrongVersion { .. }))),
                4..8 => assert!(
                    matches!(r, Err(NnueError::UnsupportedArchitecture { .. })),
                    "byte {i}: {r:?}"
                ),
                // A longer string eats into what follows, a shorter one leaves text where
                // the hash should be: either way a hash is wrong, or the end comes early.
                8..12 => assert!(
                    matches!(
                        r,
                        Err(NnueError::WrongHash { .. } | NnueError::Truncated { .. })
                    ),
                    "byte {i}: {r:?}"
                ),
                // The architecture string is text for people: the hash decides.
                _ if i < h => assert!(r.is_ok(), "byte {i}: {r:?}"),
                _ => assert!(
                    matches!(
                        r,
                        Err(NnueError::WrongHash {
                            part: Part::FeatureTransformerHash,
                            ..
                        })
                    ),
                    "byte {i}: {r:?}"
                ),
            }
        }
    }
}

#[test]
fn a_network_of_another_shape_is_named() {
    let mut bytes = small(6).to_bytes();
    bytes[4..8].copy_from_slice(&0x1234_5678u32.to_le_bytes());
    let err = Network::from_bytes(&bytes).unwrap_err();
    let msg = err.to_string();
    assert!(
        matches!(
            err,
            NnueError::UnsupportedArchitecture {
                hash: 0x1234_5678,
                ..
            }
        ),
        "{err:?}"
    );
    assert!(msg.contains("K+P[1710->256x2]"), "{msg}");
    assert!(
        msg.contains("halfkp_256x2-32-32") && msg.contains("kp_256x2-32-32"),
        "{msg}"
    );
}

#[test]
fn a_wrong_layers_hash_is_named() {
    let net = small(8);
    let mut bytes = net.to_bytes();
    let at = header_len(&net) + 4 + 2 * 256 * (1 + 1710);
    bytes[at] ^= 0x40;
    assert!(matches!(
        Network::from_bytes(&bytes),
        Err(NnueError::WrongHash {
            part: Part::LayersHash,
            ..
        })
    ));
}

#[test]
fn a_huge_architecture_length_is_a_truncation() {
    let mut bytes = small(9).to_bytes();
    bytes[8..12].copy_from_slice(&u32::MAX.to_le_bytes());
    let n = bytes.len() as u64;
    assert!(matches!(
        Network::from_bytes(&bytes),
        Err(NnueError::Truncated { part: Part::ArchitectureString, at }) if at == n
    ));
}

/// Random bytes after a valid header, and random bytes altogether: errors, never a panic.
#[test]
fn garbage_is_an_error() {
    let net = small(10);
    let bytes = net.to_bytes();
    let mut rng = rng::SplitMix64::new(99);
    for _ in 0..200 {
        let len = rng.below(4096) as usize;
        let garbage: Vec<u8> = (0..len).map(|_| rng.next_u64() as u8).collect();
        assert!(Network::from_bytes(&garbage).is_err());
        let mut b = bytes[..header_len(&net) + 4].to_vec();
        b.extend_from_slice(&garbage);
        assert!(Network::from_bytes(&b).is_err());
    }
}

/// Reference evaluations recorded from the files' original engine, run on random networks
/// written by [`Network::write`]: one file per architecture in `tests/data/nnue/`, each
/// line `seed<TAB>evaluation<TAB>sfen` (lines starting with `#` are comments), grouped by
/// seed.
#[test]
fn agrees_with_the_reference_numbers() {
    check_reference_numbers(|net, pos| net.evaluate(pos));
}

/// [`agrees_with_the_reference_numbers`] with the portable scalar code forced, whatever
/// the CPU has.
#[test]
fn portable_path_agrees_with_the_reference_numbers() {
    check_reference_numbers(|net, pos| evaluate_with(Backend::Portable, net, pos));
}

/// [`Network::evaluate`] by `backend`, at every step.
fn evaluate_with(backend: Backend, net: &Network, pos: &Position) -> i32 {
    match Accumulator::new_with(backend, net, pos) {
        Some(acc) => {
            let raw = net.output_with(backend, &acc, pos.side_to_move());
            (raw / net.fv_scale()).clamp(-Network::MAX_EVAL, Network::MAX_EVAL)
        }
        None => 0,
    }
}

/// Every backend this CPU has against the portable path on random games, step by step: the
/// sums from scratch, the sums after every legal move, the first layer's input, the output
/// and the evaluation, which must also be what [`Network::evaluate`] gives.
#[test]
fn simd_and_portable_paths_agree_on_random_games() {
    let backends = Backend::available();
    if backends.len() == 1 {
        eprintln!("no SIMD backend on this CPU: only the portable path is checked");
    }
    for (arch, games) in [(Architecture::Kp256, 10), (Architecture::HalfKp256, 4)] {
        let net = Network::random(arch, 23);
        random_game_positions(29, games, 160, Pick::PreferCaptures, |pos, _| {
            let sfen = pos.to_sfen();
            let stm = pos.side_to_move();
            let reference = Accumulator::new_with(Backend::Portable, &net, pos).unwrap();
            let children: Vec<Accumulator> = pos
                .legal_moves()
                .iter()
                .map(|&mv| reference.after_with(Backend::Portable, &net, pos, mv))
                .collect();
            let expected = evaluate_with(Backend::Portable, &net, pos);
            for &backend in &backends {
                let acc = Accumulator::new_with(backend, &net, pos).unwrap();
                assert!(acc == reference, "{arch} {backend:?} {sfen}");
                assert_eq!(
                    acc.transform(backend, stm).0,
                    reference.transform(Backend::Portable, stm).0,
                    "{arch} {backend:?} {sfen}"
                );
                assert_eq!(
                    net.output_with(backend, &acc, stm),
                    net.output_with(Backend::Portable, &reference, stm),
                    "{arch} {backend:?} {sfen}"
                );
                assert_eq!(
                    evaluate_with(backend, &net, pos),
                    expected,
                    "{arch} {backend:?} {sfen}"
                );
                for (&mv, child) in pos.legal_moves().iter().zip(&children) {
                    assert!(
                        acc.after_with(backend, &net, pos, mv) == *child,
                        "{arch} {backend:?} {sfen} {mv}"
                    );
                }
            }
            assert_eq!(net.evaluate(pos), expected, "{arch} {sfen}");
        });
    }
}

/// A refresh adds its rows in passes of 64 (more than a game's pieces); positions of the
/// relaxed rules with more pieces than that, up to all a hand can hold, take two passes.
#[test]
fn refresh_of_more_pieces_than_one_pass() {
    let sfens = [
        // 65 pieces: the most the hands can record of each kind.
        "4k4/9/9/9/9/9/9/9/4K4 b 3R3B7G7S7N7L31P 1",
        "4k4/9/9/9/9/9/9/9/4K4 w 2R3b7G2s7N3l20P11p 1",
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b 3G3S3N3L13P 1",
        // A full game's 38 and a little more or less.
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b 3P 1",
        "4k4/9/9/9/9/9/9/9/4K4 b P 1",
    ];
    for arch in Architecture::ALL {
        let net = Network::random(arch, 3);
        for sfen in sfens {
            let pos = Position::from_sfen_relaxed(sfen).unwrap();
            let expected = Accumulator::new_row_by_row(&net, &pos).unwrap();
            for backend in Backend::available() {
                let acc = Accumulator::new_with(backend, &net, &pos).unwrap();
                assert!(acc == expected, "{arch} {backend:?} {sfen}");
            }
            // Moves (king moves refresh a HalfKP side) from such positions.
            for mv in pos.legal_moves() {
                let mut child = pos.clone();
                child.play_unchecked(mv);
                let expected = Accumulator::new_row_by_row(&net, &child).unwrap();
                for backend in Backend::available() {
                    let acc = Accumulator::new_with(backend, &net, &pos).unwrap();
                    let after = acc.after_with(backend, &net, &pos, mv);
                    assert!(after == expected, "{arch} {backend:?} {sfen} {mv}");
                }
            }
        }
    }
}

/// The layers by every backend on sums the random games do not reach: each side's sums
/// all at one extreme, around the clipping's edges, or over the whole 16-bit range.
#[test]
fn simd_and_portable_outputs_agree_on_extreme_sums() {
    let net = small(12);
    let mut rng = rng::SplitMix64::new(43);
    let pos = Position::startpos();
    let base = Accumulator::new_with(Backend::Portable, &net, &pos).unwrap();
    for round in 0..500 {
        let mut acc = base.clone();
        for side in acc.sides_mut().iter_mut() {
            let kind = rng.below(4);
            for x in side.0.iter_mut() {
                *x = match kind {
                    0 => i16::MIN,
                    1 => i16::MAX,
                    2 => [0, 127, -1, 128][rng.below(4) as usize],
                    _ => rng.next_u64() as i16,
                };
            }
        }
        for stm in Color::ALL {
            let expected = net.output_with(Backend::Portable, &acc, stm);
            for backend in Backend::available() {
                assert_eq!(
                    net.output_with(backend, &acc, stm),
                    expected,
                    "{backend:?} round {round}"
                );
            }
        }
    }
}

/// Checks `evaluate` against the numbers recorded from the files' original engine.
fn check_reference_numbers(evaluate: impl Fn(&Network, &Position) -> i32) {
    let data = [
        (
            Architecture::HalfKp256,
            include_str!("../../../../tests/data/nnue/halfkp_256x2-32-32.tsv"),
        ),
        (
            Architecture::Kp256,
            include_str!("../../../../tests/data/nnue/kp_256x2-32-32.tsv"),
        ),
    ];
    for (arch, text) in data {
        // One network at a time: a HalfKP network is 64 MB.
        let mut current: Option<(u64, Network)> = None;
        let mut checked = 0;
        for line in text
            .lines()
            .filter(|l| !l.starts_with('#') && !l.is_empty())
        {
            let mut fields = line.splitn(3, '\t');
            let seed: u64 = fields.next().unwrap().parse().unwrap();
            let expected: i32 = fields.next().unwrap().parse().unwrap();
            let sfen = fields.next().unwrap();
            if current.as_ref().is_none_or(|(s, _)| *s != seed) {
                current = Some((seed, Network::random(arch, seed)));
            }
            let net = &current.as_ref().unwrap().1;
            let pos = Position::from_sfen_relaxed(sfen).unwrap();
            assert_eq!(evaluate(net, &pos), expected, "{arch} seed {seed}: {sfen}");
            checked += 1;
        }
        assert!(checked >= 600, "{arch}: only {checked} reference positions");
    }
}
