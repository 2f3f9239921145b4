//! NNUE evaluation speed: a HalfKP network (`halfkp_256x2-32-32`, random weights) on
//! middle-game positions of random games, run by the portable scalar code and by the SIMD
//! code the CPU has (AVX2 on x86-64), one after the other in one run.
//!
//! Run with `cargo bench --bench nnue`; `cargo bench --bench nnue -- portable` or `-- avx2`
//! runs one of the two. Each measurement evaluates every position once, and criterion
//! reports it in positions (`elem/s`) per second:
//! - `refresh`: the sums from scratch ([`Accumulator::new`]), then the evaluation;
//! - `update`: the sums after a move that is not a king move, from the parent's
//!   ([`Accumulator::after`]), then the evaluation of the child;
//! - `layers`: the evaluation of sums already made ([`Network::evaluate_accumulator`]).

use criterion::{BenchmarkId, Criterion, Throughput, black_box, criterion_group, criterion_main};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::time::Duration;
use tokin_core::{Move, PieceKind, Position};
use tokin_engine::eval::nnue::{Accumulator, Architecture, Network, set_backend_for_bench};

/// How many positions, and the plies of random play before each.
const POSITIONS: usize = 8;
const PLIES: std::ops::Range<usize> = 40..70;

/// Middle-game positions of random games, each with a move that is not a king move (so
/// that an update touches a few rows rather than recomputing a side).
fn positions() -> Vec<(Position, Move)> {
    let mut rng = StdRng::seed_from_u64(2024);
    let mut found = Vec::new();
    while found.len() < POSITIONS {
        let mut pos = Position::startpos();
        let plies = rng.random_range(PLIES);
        let mut ok = true;
        for _ in 0..plies {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                ok = false;
                break;
            }
            let mv = moves[rng.random_range(0..moves.len())];
            pos.play_unchecked(mv);
        }
        if !ok {
            continue;
        }
        let quiet: Vec<Move> = pos
            .legal_moves()
            .iter()
            .copied()
            .filter(|mv| {
                mv.from()
                    .and_then(|sq| pos.piece_at(sq))
                    .is_none_or(|p| p.kind != PieceKind::King)
            })
            .collect();
        if !quiet.is_empty() {
            let mv = quiet[rng.random_range(0..quiet.len())];
            found.push((pos, mv));
        }
    }
    found
}

fn nnue(c: &mut Criterion) {
    let net = Network::random(Architecture::HalfKp256, 1);
    let cases = positions();
    let accs: Vec<Accumulator> = cases
        .iter()
        .map(|(pos, _)| Accumulator::new(&net, pos).expect("both kings"))
        .collect();

    let mut group = c.benchmark_group("nnue halfkp");
    group
        .sample_size(30)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2))
        .throughput(Throughput::Elements(cases.len() as u64));
    for simd in [false, true] {
        let backend = set_backend_for_bench(simd);
        if simd && backend == "portable" {
            eprintln!("no SIMD on this CPU: the portable code only");
            break;
        }
        group.bench_function(BenchmarkId::new("refresh", backend), |b| {
            b.iter(|| {
                cases
                    .iter()
                    .map(|(pos, _)| {
                        let acc = Accumulator::new(&net, black_box(pos)).expect("both kings");
                        net.evaluate_accumulator(&acc, pos.side_to_move())
                    })
                    .sum::<i32>()
            })
        });
        group.bench_function(BenchmarkId::new("update", backend), |b| {
            b.iter(|| {
                cases
                    .iter()
                    .zip(&accs)
                    .map(|((pos, mv), acc)| {
                        let child = black_box(acc).after(&net, pos, *mv);
                        net.evaluate_accumulator(&child, !pos.side_to_move())
                    })
                    .sum::<i32>()
            })
        });
        group.bench_function(BenchmarkId::new("layers", backend), |b| {
            b.iter(|| {
                cases
                    .iter()
                    .zip(&accs)
                    .map(|((pos, _), acc)| {
                        net.evaluate_accumulator(black_box(acc), pos.side_to_move())
                    })
                    .sum::<i32>()
            })
        });
    }
    group.finish();
    // Back to the default for anything that runs after.
    set_backend_for_bench(true);
}

criterion_group!(benches, nnue);
criterion_main!(benches);
