//! Reading and writing a 150-move game record as KIF, KI2 and CSA.
//!
//! The game is random but fixed (seeded), with times on every move, a comment every tenth
//! move and a resignation at the end, so that every part of the formats is exercised.

#[path = "../tests/support/random_move.rs"]
mod support;
use support::random_move;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::hint::black_box;
use std::time::Duration;
use tokin_core::Position;
use tokin_notation::record::{
    self, EndKind, Ending, Format, HeaderKey, MoveTime, Node, ReadOptions, Record,
};

const PLIES: usize = 150;

fn game() -> Record {
    for seed in 0u64.. {
        let mut rng = StdRng::seed_from_u64(seed);
        let mut record = Record::new();
        record.header.push((HeaderKey::Black, "先手".into()));
        record.header.push((HeaderKey::White, "後手".into()));
        record.header.push((HeaderKey::Event, "bench".into()));
        let mut pos = Position::startpos();
        while record.main.moves.len() < PLIES {
            let Some(mv) = random_move(&pos, &mut rng) else {
                break;
            };
            let mut node = Node::new(mv);
            node.time = Some(MoveTime {
                spent: Duration::from_secs(rng.random_range(0..120)),
                total: None,
            });
            if record.main.moves.len() % 10 == 9 {
                node.comments.push("評価値 +100".into());
            }
            record.main.moves.push(node);
            pos.play_unchecked(mv);
        }
        if record.main.moves.len() == PLIES {
            record.main.end = Some(Ending::new(EndKind::Resign));
            return record;
        }
    }
    unreachable!("some seed gives a {PLIES}-move game")
}

fn bench(c: &mut Criterion) {
    let game = game();
    let mut group = c.benchmark_group("records");
    for format in [Format::Kif, Format::Ki2, Format::Csa] {
        let text = record::write(&game, format).text;
        group.bench_with_input(BenchmarkId::new("write", format), &game, |b, g| {
            b.iter(|| record::write(black_box(g), format))
        });
        group.bench_with_input(BenchmarkId::new("read", format), &text, |b, t| {
            b.iter(|| record::parse(black_box(t), format, ReadOptions::default()))
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
