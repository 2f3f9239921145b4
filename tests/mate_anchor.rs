//! The mate solver against anchors: cshogi's DfPn on the set in
//! `tests/data/mate/positions.txt` (random-game positions, their tsume forms and constructed
//! problems), KomoringHeights on the composed long problems of `tests/data/mate/long.txt`.
//! On the fast part of each (what the anchor solved in few nodes) the verdicts agree and
//! every mating line is legal, checks at every attacker move, ends in mate (or where only
//! useless interpositions are left to the defender) and is no longer than the anchor's.

use tokin_engine::search::{MateConfig, MateResult, NoObserver, Signals, solve_mate};
use tokin_engine::{Move, Position, Strictness};

/// Positions cshogi decided within this many nodes are in the fast subset.
const FAST: u64 = 3000;

/// Long problems KomoringHeights decided within this many nodes are in their fast subset.
const FAST_LONG: u64 = 3_000_000;

#[test]
fn agrees_with_cshogi_on_the_fast_subset() {
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

/// Solves the positions of `file` (in `tests/data/mate/`: `sfen | verdict | length | nodes
/// | ...`, an anchor's answers) that the anchor decided within `fast` nodes, with at most
/// `max_nodes` nodes each: the verdicts must agree, and each line mate and be no longer
/// than the anchor's. Returns how many were checked.
fn check_fast_subset(file: &str, fast: u64, max_nodes: u64) -> usize {
    let path = format!("{}/tests/data/mate/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(path).unwrap();
    let mut checked = 0;
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let f: Vec<&str> = line.split('|').map(str::trim).collect();
        let (sfen, verdict, nodes) = (f[0], f[1], f[3].parse::<u64>().unwrap());
        if nodes > fast || verdict == "unknown" {
            continue;
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
                check_line(&pos, moves, sfen);
                assert!(
                    moves.len() <= anchor_len,
                    "{sfen}: a line of {} plies, the anchor's has {anchor_len}",
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
        (Some(c), Some(k)) => tokin_engine::attacks::between(c, k),
        _ => tokin_engine::Bitboard::EMPTY,
    };
    assert!(
        pos.legal_moves().iter().all(|m| between.contains(m.to())),
        "{sfen}: the line ends before mate"
    );
}
