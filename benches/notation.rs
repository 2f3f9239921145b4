//! Writing and reading a 150-move game in each notation style.
//!
//! The game is random but fixed (seeded), with captures preferred half of the time so that
//! 同, recaptures and drops come up as in real games. The positions before each move are
//! prepared once, so the timings cover notation only.

use tokin_core::testing::{Pick, random_move};

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use rand::SeedableRng;
use rand::rngs::StdRng;
use std::hint::black_box;
use tokin_core::{Move, Position, Square};
use tokin_notation::{Options, Style, parse_move, write_move_into};

const PLIES: usize = 150;

/// The positions before each move, the previous move's destination, and the move.
fn game() -> Vec<(Position, Option<Square>, Move)> {
    for seed in 0u64.. {
        let mut rng = StdRng::seed_from_u64(seed);
        let mut pos = Position::startpos();
        let mut last = None;
        let mut plies = Vec::with_capacity(PLIES);
        while plies.len() < PLIES {
            let Some(mv) = random_move(&pos, Pick::PreferCaptures, &mut rng) else {
                break;
            };
            plies.push((pos.clone(), last, mv));
            pos.play_unchecked(mv);
            last = Some(mv.to());
        }
        if plies.len() == PLIES {
            return plies;
        }
    }
    unreachable!("some seed gives a game of {PLIES} moves")
}

fn bench_notation(c: &mut Criterion) {
    let game = game();
    let opts = Options::default();
    let mut write = c.benchmark_group("notation_write_150");
    for style in Style::ALL {
        write.bench_with_input(BenchmarkId::from_parameter(style), &style, |b, &style| {
            let mut out = String::with_capacity(4096);
            b.iter(|| {
                out.clear();
                for (pos, last, mv) in &game {
                    write_move_into(&mut out, pos, *last, *mv, style, &opts).expect("legal");
                }
                black_box(out.len())
            })
        });
    }
    write.finish();
    let mut read = c.benchmark_group("notation_read_150");
    for style in Style::ALL {
        let texts: Vec<String> = game
            .iter()
            .map(|(pos, last, mv)| {
                let mut s = String::new();
                write_move_into(&mut s, pos, *last, *mv, style, &opts).expect("legal");
                s
            })
            .collect();
        read.bench_with_input(BenchmarkId::from_parameter(style), &style, |b, &style| {
            b.iter(|| {
                for ((pos, last, _), text) in game.iter().zip(&texts) {
                    black_box(parse_move(pos, *last, text, style).expect("readable"));
                }
            })
        });
    }
    read.finish();
}

criterion_group!(benches, bench_notation);
criterion_main!(benches);
