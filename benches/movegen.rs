//! Move generation and perft speed.
//!
//! Run with `cargo bench --bench movegen`. Compare with other generators with
//! `tokin perft`, which prints nodes per second (see the README's speed table).

use criterion::{Criterion, black_box, criterion_group, criterion_main};
use tokin_core::{Position, perft};

/// Positions with different characters: the opening, a drop-heavy middle game, the
/// 593-move position and a position in check.
const POSITIONS: [&str; 5] = [
    "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
    "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1",
    "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1",
    "l7l/3s5/prnp2kp1/2p1Gppnp/1P7/PnPP1P3/3BP2PP/1S1G5/LN1K1G1+rL b SBG3ps 91",
    "8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KSG3+r1/LN2+p3L w Sbgn3p 124",
];

fn positions() -> Vec<Position> {
    POSITIONS
        .iter()
        .map(|s| Position::from_sfen(s).expect("bench positions are valid"))
        .collect()
}

fn legal_moves(c: &mut Criterion) {
    let positions = positions();
    c.bench_function("legal_moves/5 positions", |b| {
        b.iter(|| {
            positions
                .iter()
                .map(|p| black_box(p).legal_moves().len())
                .sum::<usize>()
        })
    });
}

fn perft_startpos(c: &mut Criterion) {
    let pos = Position::startpos();
    let mut group = c.benchmark_group("perft");
    group.sample_size(20);
    group.bench_function("startpos depth 4", |b| b.iter(|| perft(black_box(&pos), 4)));
    let matsuri = &positions()[1];
    group.bench_function("matsuri depth 3", |b| {
        b.iter(|| perft(black_box(matsuri), 3))
    });
    group.finish();
}

criterion_group!(benches, legal_moves, perft_startpos);
criterion_main!(benches);
