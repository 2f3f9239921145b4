//! Perft counts against published and independently generated data.
//!
//! - `tests/data/perft-reference.tsv`: published counts (YaneuraOu, python-shogi, yasai,
//!   Peeper and other public sources) and handicap starts agreed by several generators.
//! - `tests/data/random-perft.tsv`: 208 positions from random games (even and handicap
//!   starts, with drops, checks, double checks, pins and pawn-drop-mate situations), counted
//!   by cshogi's independent generator (`tests/data/gen_random_perft.py`).
//!
//! Counts up to `PERFT_MAX_NODES` (default 10 million) run in the default `cargo test`;
//! the deeper ones run with `cargo test -- --ignored`.

use tokin_core::{Position, perft};
use tokin_engine::perft_parallel;

struct Case {
    name: String,
    sfen: String,
    depth: u32,
    nodes: u64,
}

fn read_cases(path: &str) -> Vec<Case> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut cases = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.starts_with('#') || line.trim().is_empty() || line.starts_with("name\t") {
            continue;
        }
        let f: Vec<&str> = line.split('\t').collect();
        assert!(f.len() >= 4, "{path}:{}: expected at least 4 fields", i + 1);
        cases.push(Case {
            name: f[0].to_string(),
            sfen: f[1].to_string(),
            depth: f[2]
                .parse()
                .unwrap_or_else(|e| panic!("{path}:{}: depth: {e}", i + 1)),
            nodes: f[3]
                .parse()
                .unwrap_or_else(|e| panic!("{path}:{}: nodes: {e}", i + 1)),
        });
    }
    assert!(!cases.is_empty(), "{path} has no cases");
    cases
}

fn max_nodes() -> u64 {
    std::env::var("PERFT_MAX_NODES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(10_000_000)
}

fn position(case: &Case) -> Position {
    Position::from_sfen_relaxed(&case.sfen)
        .unwrap_or_else(|e| panic!("{}: bad sfen {}: {e}", case.name, case.sfen))
}

fn check(path: &str, select: impl Fn(u64) -> bool) -> usize {
    let mut run = 0;
    let mut failures = Vec::new();
    for case in read_cases(path).iter().filter(|c| select(c.nodes)) {
        let got = perft_parallel(&position(case), case.depth);
        if got != case.nodes {
            failures.push(format!(
                "{} depth {}: expected {}, got {} ({})",
                case.name, case.depth, case.nodes, got, case.sfen
            ));
        }
        run += 1;
    }
    assert!(
        failures.is_empty(),
        "perft mismatches:\n{}",
        failures.join("\n")
    );
    run
}

#[test]
fn published_counts() {
    let limit = max_nodes();
    let run = check("tests/data/perft-reference.tsv", |n| n <= limit);
    assert!(run >= 80, "only {run} cases ran");
}

#[test]
#[ignore = "deep counts: minutes to hours; run with --ignored"]
fn published_counts_deep() {
    let limit = max_nodes();
    let cap: u64 = std::env::var("PERFT_DEEP_MAX_NODES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(u64::MAX);
    check("tests/data/perft-reference.tsv", |n| n > limit && n <= cap);
}

#[test]
fn random_positions_against_independent_generator() {
    let run = check("tests/data/random-perft.tsv", |_| true);
    assert!(run >= 600, "only {run} cases ran");
}

#[test]
fn the_593_move_position() {
    let pos = Position::from_sfen("R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1").unwrap();
    assert_eq!(pos.legal_moves().len(), 593);
}

#[test]
fn serial_and_parallel_agree() {
    let pos = Position::from_sfen(
        "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1",
    )
    .unwrap();
    assert_eq!(perft(&pos, 3), perft_parallel(&pos, 3));
    assert_eq!(perft(&pos, 3), 4_809_015);
}
