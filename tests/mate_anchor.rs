//! The mate solver against anchors: cshogi's DfPn on the set in
//! `tests/data/mate/positions.txt` (random-game positions, their tsume forms and constructed
//! problems), KomoringHeights on the composed long problems of `tests/data/mate/long.txt`,
//! and YaneuraOu's mate-solving edition on both (`tests/data/mate/yaneuraou.txt`). On the
//! fast part of each set (what its anchor solved in few nodes) the verdicts agree with every
//! anchor that decided the position, and every mating line is legal, checks at every
//! attacker move, ends in mate (or where only useless interpositions are left to the
//! defender) and is no longer than any anchor's.

use std::collections::HashMap;
use tokin_core::{Move, Position, Strictness};
use tokin_engine::mate::{MateConfig, MateResult, solve_mate};
use tokin_engine::search::{NoObserver, Signals};

/// Positions cshogi decided within this many nodes are in the fast subset.
const FAST: u64 = 3000;

/// Long problems KomoringHeights decided within this many nodes are in their fast subset.
const FAST_LONG: u64 = 3_000_000;

#[test]
fn agrees_with_cshogi_and_yaneuraou_on_the_fast_subset() {
    let checked = check_fast_subset("positions.txt", FAST, 300_000);
    assert!(checked >= 60, "only {checked} positions in the fast subset");
}

/// Composed problems up to hundreds of plies (`tests/data/mate/long.txt`, with
/// KomoringHeights' answers in 60 s): the fast part, the same checks.
#[test]
fn agrees_with_komoring_heights_on_the_fast_long_problems() {
    let checked = check_fast_subset("long.txt", FAST_LONG, 4_000_000);
    assert!(checked >= 5, "only {checked} problems in the fast subset");
}

/// The answers of an anchor's file in `tests/data/mate/` (`sfen | verdict | length | nodes
/// | ...`), in order.
fn answers(file: &str) -> Vec<Vec<String>> {
    let path = format!("{}/tests/data/mate/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(path).unwrap();
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| l.split('|').map(|f| f.trim().to_string()).collect())
        .collect()
}

/// Solves the positions of `file` (an anchor's answers, see [`answers`]) that the anchor
/// decided within `fast` nodes, with at most `max_nodes` nodes each: the verdicts must agree
/// with it and with YaneuraOu's where that decided the position, and each line mate and be
/// no longer than either's. Returns how many were checked.
fn check_fast_subset(file: &str, fast: u64, max_nodes: u64) -> usize {
    // YaneuraOu's answers, by position: a second anchor for every position of both sets.
    let yaneuraou: HashMap<String, (String, usize)> = answers("yaneuraou.txt")
        .into_iter()
        .filter(|f| f[1] != "unknown")
        .map(|f| (f[0].clone(), (f[1].clone(), f[2].parse().unwrap())))
        .collect();
    let mut checked = 0;
    for f in answers(file) {
        let (sfen, verdict, nodes) = (f[0].as_str(), f[1].as_str(), f[3].parse::<u64>().unwrap());
        if nodes > fast || verdict == "unknown" {
            continue;
        }
        if let Some((v, _)) = yaneuraou.get(sfen) {
            assert_eq!(v, verdict, "{sfen}: the anchors disagree");
        }
        let pos = Position::from_sfen_with(sfen, Strictness::Relaxed).unwrap();
        let config = MateConfig {
            hash_mib: 16,
            max_nodes: Some(max_nodes),
            ..MateConfig::default()
        };
        let r = solve_mate(&pos, &config, &Signals::new(), &mut NoObserver);
        match (&r.result, verdict) {
            (MateResult::Mate(moves), "mate") => {
                let anchor_len = f[2].parse::<usize>().unwrap();
                let anchor_len = yaneuraou
                    .get(sfen)
                    .map_or(anchor_len, |a| a.1.min(anchor_len));
                check_line(&pos, moves, sfen);
                assert!(
                    moves.len() <= anchor_len,
                    "{sfen}: a line of {} plies, an anchor's has {anchor_len}",
                    moves.len()
                );
            }
            (MateResult::NoMate, "nomate") => {}
            (got, want) => panic!("{sfen}: the anchor says {want}, tokin {got:?}"),
        }
        checked += 1;
    }
    checked
}

fn check_line(start: &Position, moves: &[Move], sfen: &str) {
    assert!(moves.len() % 2 == 1, "{sfen}: {moves:?}");
    let mut pos = start.clone();
    for (i, &m) in moves.iter().enumerate() {
        pos.play(m).unwrap_or_else(|e| panic!("{sfen}: {m}: {e}"));
        assert!(i % 2 == 1 || pos.in_check(), "{sfen}: {m} does not check");
    }
    // A line may end on a check that only useless interpositions answer: drops, or moves
    // to a square between the checker and the king.
    let between = match (pos.checkers().first(), pos.king_square(pos.side_to_move())) {
        (Some(c), Some(k)) => tokin_core::attacks::between(c, k),
        _ => tokin_core::Bitboard::EMPTY,
    };
    assert!(
        pos.legal_moves().iter().all(|m| between.contains(m.to())),
        "{sfen}: the line ends before mate"
    );
}
