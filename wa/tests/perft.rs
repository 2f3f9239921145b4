//! Perft counts of the start position (both forms) and of random positions, against the
//! counts in `tests/data/perft.txt`, which the reference generator of `tests/common`
//! produced; the same file is checked against the reference generator itself.
//!
//! Each line of the data file: `drops|nodrops <depth> <count> <position string>`.

mod common;

use tokin_wa::{Position, Rules, perft, sfen};

struct Case {
    rules: Rules,
    depth: u32,
    count: u64,
    position: String,
}

fn cases() -> Vec<Case> {
    let text = include_str!("data/perft.txt");
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.starts_with('#') && !l.trim().is_empty())
        .map(|(n, line)| {
            let mut parts = line.splitn(4, ' ');
            let mut field = || {
                parts
                    .next()
                    .unwrap_or_else(|| panic!("perft.txt line {}: too few fields", n + 1))
            };
            let rules = match field() {
                "drops" => Rules::Drops,
                "nodrops" => Rules::NoDrops,
                other => panic!("perft.txt line {}: unknown form `{other}`", n + 1),
            };
            let depth = field().parse().expect("depth");
            let count = field().parse().expect("count");
            Case {
                rules,
                depth,
                count,
                position: field().to_string(),
            }
        })
        .collect()
}

/// Counts above this are skipped unless `PERFT_MAX_NODES` raises it (the start position's
/// depth 4 takes seconds here and minutes in the reference).
fn max_nodes() -> u64 {
    std::env::var("PERFT_MAX_NODES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(2_000_000)
}

/// Checks `count` against every recorded case up to [`max_nodes`].
fn check(count: impl Fn(&Position, u32) -> u64) {
    let cases = cases();
    assert!(
        cases.len() >= 24,
        "start positions and at least 20 random ones"
    );
    for case in cases.into_iter().filter(|c| c.count <= max_nodes()) {
        let pos = sfen::parse(&case.position, case.rules)
            .unwrap_or_else(|e| panic!("{}: {e}", case.position));
        let (form, depth) = (case.rules, case.depth);
        assert_eq!(
            count(&pos, depth),
            case.count,
            "{form:?} depth {depth} {}",
            case.position
        );
    }
}

#[test]
fn crate_matches_the_recorded_counts() {
    check(perft);
}

/// Slow (half a minute): the reference tries every reply. Run with `--ignored`.
#[test]
#[ignore]
fn reference_matches_the_recorded_counts() {
    check(|pos, depth| common::RefPos::from(pos).perft(depth));
}

/// Prints the data file's random lines: `cargo test -p tokin-wa --test perft -- --ignored
/// --nocapture generate`. The counts come from the reference generator alone.
#[test]
#[ignore]
fn generate() {
    use rand::{Rng, SeedableRng, prelude::IndexedRandom, rngs::StdRng};
    use tokin_wa::{Color, Kind, Move, Piece, Square};
    for rules in [Rules::Drops, Rules::NoDrops] {
        let start = Position::start(rules);
        let reference = common::RefPos::from(&start);
        let form = if rules == Rules::Drops {
            "drops"
        } else {
            "nodrops"
        };
        // The start with drops to depth 4 (six minutes in the reference), the other to 3.
        let deepest = if rules == Rules::Drops { 4 } else { 3 };
        for depth in 1..=deepest {
            println!(
                "{form} {depth} {} {}",
                reference.perft(depth),
                sfen::write(&start)
            );
        }
    }
    // Positions made for a rule: a sparrow drop on 1b would mate (打ち歩詰め); a sparrow already
    // on file 3 (二歩); a sparrow and an oxcart a step from the last rank; a king in check.
    for text in [
        "10ck/11/10VW/11/11/11/11/11/11/11/5CK3CE1 b SP 1",
        "10ck/11/11/11/8SP2/11/11/11/11/11/5CK5 b 2SPOC 1",
        "5ck5/3SP3OC3/11/11/11/11/11/11/11/11/5CK5 b - 1",
        "5ck5/11/11/11/11/5ce5/11/11/11/11/5CK5 b 2SPsw 1",
    ] {
        let pos = sfen::parse(text, Rules::Drops).expect("valid");
        print_line(&pos, 2);
    }
    let mut rng = StdRng::seed_from_u64(2);
    let mut made = 0;
    // Random games that prefer captures and promotions, so that hands fill and pieces turn.
    while made < 12 {
        let rules = if made % 3 == 2 {
            Rules::NoDrops
        } else {
            Rules::Drops
        };
        let mut pos = Position::start(rules);
        for _ in 0..30 + made * 9 {
            let moves = pos.legal_moves();
            let lively: Vec<_> = moves
                .iter()
                .copied()
                .filter(|m| match *m {
                    Move::Board { to, promote, .. } => promote || pos.piece_at(to).is_some(),
                    Move::Drop { .. } => false,
                })
                .collect();
            let pool = if !lively.is_empty() && rng.random_bool(0.7) {
                &lively
            } else {
                &moves
            };
            let Some(&m) = pool.choose(&mut rng) else {
                break;
            };
            pos.play_unchecked(m);
        }
        if print_line(&pos, 2) {
            made += 1;
        }
    }
    // Random placements: any pieces, promoted or not, anywhere, with random hands.
    while made < 24 {
        let rules = if made % 3 == 2 {
            Rules::NoDrops
        } else {
            Rules::Drops
        };
        let mut pos = Position::empty(rules);
        for color in Color::ALL {
            let sq = Square::from_index(rng.random_range(0..121)).expect("on the board");
            pos.set_piece(sq, Some(Piece::new(color, Kind::CraneKing)));
        }
        for sq in Square::all() {
            if pos.piece_at(sq).is_some() || !rng.random_bool(0.15) {
                continue;
            }
            let color = if rng.random_bool(0.5) {
                Color::Black
            } else {
                Color::White
            };
            let kind = *Kind::HAND.choose(&mut rng).expect("kinds");
            let piece = match Piece::new_promoted(color, kind) {
                Some(p) if rng.random_bool(0.3) => p,
                _ => Piece::new(color, kind),
            };
            pos.set_piece(sq, Some(piece));
        }
        if rules == Rules::Drops {
            for color in Color::ALL {
                for kind in Kind::HAND {
                    pos.hand_mut(color).set(
                        kind,
                        rng.random_range(0..3) * u8::from(rng.random_bool(0.3)),
                    );
                }
            }
        }
        pos.set_side_to_move(if rng.random_bool(0.5) {
            Color::Black
        } else {
            Color::White
        });
        // Keep only what the position string accepts (one king each, no stuck or doubled
        // sparrows, the side not to move not in check).
        let Ok(pos) = sfen::parse(&sfen::write(&pos), rules) else {
            continue;
        };
        if print_line(&pos, 2) {
            made += 1;
        }
    }
}

/// Prints a data line for `pos` with the reference generator's count; false when `pos` has no
/// legal move (the game is over there).
fn print_line(pos: &Position, depth: u32) -> bool {
    if pos.legal_moves().is_empty() {
        return false;
    }
    let form = if pos.rules() == Rules::Drops {
        "drops"
    } else {
        "nodrops"
    };
    println!(
        "{form} {depth} {} {}",
        common::RefPos::from(pos).perft(depth),
        sfen::write(pos)
    );
    true
}
