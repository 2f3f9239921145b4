//! Reading and writing game records as KIF, KI2 and CSA.
//!
//! `records`: a 150-move game, random but fixed (seeded), with times on every move, a comment
//! every tenth move and a resignation at the end, so that every part of the formats is
//! exercised.
//!
//! `corpus`: real record files, read and written per format, with throughput in main-line
//! moves per second and time measured as CPU time (user and system) of the benchmark thread
//! where the system reports it (Linux), so that other work on the machine counts less. The
//! files are those in `TOKIN_BENCH_RECORDS` (a directory; `.kif`, `.kifu`, `.ki2`, `.ki2u`,
//! `.csa`), by default `tests/data/records`; files that do not read strictly as one game are
//! left out.

use tokin_core::testing::{Pick, random_move};

use criterion::measurement::{Measurement, ValueFormatter, WallTime};
use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};
use tokin_core::Position;
use tokin_notation::record::{
    self, EndKind, Ending, Format, HeaderKey, MoveTime, Node, ReadOptions, Record,
};
use tokin_notation::{Options, Style};

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
            let Some(mv) = random_move(&pos, Pick::PreferCaptures, &mut rng) else {
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

/// CPU time (user and system) of the calling thread, from `CLOCK_THREAD_CPUTIME_ID`, or wall
/// time where the system has no such clock.
struct CpuTime;

#[cfg(target_os = "linux")]
fn thread_cpu_ns() -> Option<u64> {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `ts` is a valid, writable `timespec`; the call only writes into it.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    (rc == 0).then(|| ts.tv_sec as u64 * 1_000_000_000 + ts.tv_nsec as u64)
}

#[cfg(not(target_os = "linux"))]
fn thread_cpu_ns() -> Option<u64> {
    None
}

impl Measurement for CpuTime {
    type Intermediate = (Option<u64>, Instant);
    type Value = Duration;

    fn start(&self) -> Self::Intermediate {
        (thread_cpu_ns(), Instant::now())
    }

    fn end(&self, (cpu, wall): Self::Intermediate) -> Duration {
        match (cpu, thread_cpu_ns()) {
            (Some(a), Some(b)) => Duration::from_nanos(b.saturating_sub(a)),
            _ => wall.elapsed(),
        }
    }

    fn add(&self, a: &Duration, b: &Duration) -> Duration {
        *a + *b
    }

    fn zero(&self) -> Duration {
        Duration::ZERO
    }

    fn to_f64(&self, value: &Duration) -> f64 {
        value.as_nanos() as f64
    }

    fn formatter(&self) -> &dyn ValueFormatter {
        static WALL: WallTime = WallTime;
        WALL.formatter()
    }
}

/// The record files of one format, as text, with the games read from them.
struct Corpus {
    format: Format,
    texts: Vec<String>,
    games: Vec<Record>,
    moves: u64,
}

fn corpus() -> Vec<Corpus> {
    let dir = std::env::var_os("TOKIN_BENCH_RECORDS").map_or_else(
        || Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/records"),
        PathBuf::from,
    );
    let mut paths: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|e| Some(e.ok()?.path()))
        .collect();
    paths.sort();
    let mut sets: Vec<Corpus> = [Format::Kif, Format::Ki2, Format::Csa]
        .into_iter()
        .map(|format| Corpus {
            format,
            texts: Vec::new(),
            games: Vec::new(),
            moves: 0,
        })
        .collect();
    for path in paths {
        let Some(format) = path
            .extension()
            .and_then(|e| e.to_str())
            .and_then(Format::from_extension)
        else {
            continue;
        };
        let Some(set) = sets.iter_mut().find(|s| s.format == format) else {
            continue;
        };
        let Ok(bytes) = std::fs::read(&path) else {
            continue;
        };
        let text = record::decode(&bytes);
        let Ok(mut parsed) = record::parse(&text, format, ReadOptions::default()) else {
            continue;
        };
        if parsed.records.len() != 1 {
            continue;
        }
        let game = parsed.records.remove(0);
        set.moves += game.main.moves.len() as u64;
        set.texts.push(text);
        set.games.push(game);
    }
    sets.retain(|s| s.moves > 0);
    sets
}

fn corpus_bench(c: &mut Criterion<CpuTime>) {
    let sets = corpus();
    let mut group = c.benchmark_group("corpus");
    for set in &sets {
        let format = set.format;
        group.throughput(Throughput::Elements(set.moves));
        group.bench_with_input(BenchmarkId::new("read", format), &set.texts, |b, texts| {
            b.iter(|| {
                for t in texts {
                    black_box(record::parse(black_box(t), format, ReadOptions::default()).ok());
                }
            })
        });
    }
    // Japanese move text, from every game read: whole KI2 records, and the main line alone.
    let games: Vec<&Record> = sets.iter().flat_map(|s| &s.games).collect();
    let moves = sets.iter().map(|s| s.moves).sum();
    group.throughput(Throughput::Elements(moves));
    group.bench_function("write/ki2", |b| {
        b.iter(|| {
            for g in &games {
                black_box(record::write(black_box(g), Format::Ki2));
            }
        })
    });
    let lines: Vec<(Position, Vec<tokin_core::Move>)> = games
        .iter()
        .map(|g| (g.start.position(), g.main_moves().collect()))
        .collect();
    let opts = Options::default();
    group.bench_function("write/japanese-line", |b| {
        b.iter(|| {
            for (pos, moves) in &lines {
                black_box(
                    tokin_notation::write_line(pos, None, moves, Style::Japanese, &opts).ok(),
                );
            }
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_group! {
    name = corpus_benches;
    config = Criterion::default().with_measurement(CpuTime);
    targets = corpus_bench
}
criterion_main!(benches, corpus_benches);
