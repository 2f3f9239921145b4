//! Round trips of game records through every format, on random games.
//!
//! A random record (random start, moves, times, comments, bookmarks, variations, endings and
//! header facts) is written in each format and read back; the result must equal the record
//! with exactly what that format cannot hold removed — and the writer must have reported each
//! such loss. Seeds are fixed and printed on failure.

use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use std::time::Duration;
use tokin_core::{Handicap, Position};
mod common;

use common::records::restrict;
use tokin_notation::record::{
    self, EndKind, Ending, Format, HeaderKey, Line, MoveTime, Node, ReadOptions, Record, Start,
};

const COMMENTS: [&str; 6] = [
    "good move",
    "▲７六歩は定跡",
    "評価値 +120",
    "a comment, with a comma",
    "**engine line",
    "急戦",
];

fn random_line(rng: &mut StdRng, pos: &Position, depth: usize, max_len: usize) -> Line {
    let mut line = Line::default();
    let mut pos = pos.clone();
    let len = rng.random_range(1..=max_len);
    for _ in 0..len {
        let moves = pos.legal_moves();
        let Some(&mv) = moves.as_slice().choose(rng) else {
            break;
        };
        let mut node = Node::new(mv);
        if rng.random_bool(0.5) {
            node.time = Some(MoveTime {
                spent: Duration::from_secs(rng.random_range(0..200)),
                total: None,
            });
        }
        if rng.random_bool(0.15) {
            node.comments
                .push(COMMENTS.choose(rng).copied().unwrap_or("").to_string());
        }
        if rng.random_bool(0.05) {
            node.bookmark = Some("しおり".to_string());
        }
        // The first move of a variation takes no variations of its own: those are siblings
        // of the variation, listed at the move it replaces (the canonical tree).
        let first_of_variation = depth > 0 && line.moves.is_empty();
        if depth < 2 && !first_of_variation && rng.random_bool(0.08) {
            for _ in 0..rng.random_range(1..=2) {
                let var = random_line(rng, &pos, depth + 1, 6);
                // An alternative that starts with the move it replaces, or with another
                // alternative's move, is no alternative: readers join it to that line.
                let first = var.moves.first().map(|n| n.mv);
                let repeated = first == Some(mv)
                    || node
                        .variations
                        .iter()
                        .any(|v| v.moves.first().map(|n| n.mv) == first);
                if first.is_some() && !repeated {
                    node.variations.push(var);
                }
            }
        }
        line.moves.push(node);
        pos.play_unchecked(mv);
    }
    if rng.random_bool(0.6) {
        let kind = *EndKind::ALL.choose(rng).unwrap_or(&EndKind::Resign);
        let mut end = Ending::new(kind);
        if rng.random_bool(0.3) {
            end.time = Some(MoveTime {
                spent: Duration::from_secs(rng.random_range(0..60)),
                total: None,
            });
        }
        if rng.random_bool(0.2) {
            end.comments.push("終局".to_string());
        }
        if depth < 2 && (depth == 0 || !line.moves.is_empty()) && rng.random_bool(0.2) {
            let var = random_line(rng, &pos, depth + 1, 4);
            if !var.moves.is_empty() {
                end.variations.push(var);
            }
        }
        line.end = Some(end);
    }
    line
}

fn random_record(rng: &mut StdRng) -> Record {
    let start = match rng.random_range(0..3) {
        0 => Start::Handicap(Handicap::Even),
        1 => Start::Handicap(*Handicap::ALL.choose(rng).unwrap_or(&Handicap::Even)),
        _ => {
            let mut pos = Position::startpos();
            for _ in 0..rng.random_range(10..60) {
                let moves = pos.legal_moves();
                match moves.as_slice().choose(rng) {
                    Some(&mv) => pos.play_unchecked(mv),
                    None => break,
                }
            }
            Start::from_position(&pos)
        }
    };
    let mut record = Record::with_start(start);
    let facts = [
        (HeaderKey::Event, "第1期 tokin杯"),
        (HeaderKey::Site, "Tokyo"),
        (HeaderKey::StartTime, "2024/01/02 10:00:00"),
        (HeaderKey::TimeControl, "10分+30秒"),
        (HeaderKey::Other("NOTE".into()), "practice"),
        (HeaderKey::Other("表題".into()), "研究"),
    ];
    for (k, v) in facts {
        if rng.random_bool(0.5) {
            record.header.push((k, v.to_string()));
        }
    }
    if rng.random_bool(0.8) {
        record
            .header
            .insert(0, (HeaderKey::Black, "先手太郎".into()));
        record
            .header
            .insert(1, (HeaderKey::White, "Gote Hanako".into()));
    }
    if rng.random_bool(0.3) {
        record.comments.push("序盤の研究".into());
    }
    let pos = record.start.position();
    if !pos.legal_moves().is_empty() {
        record.main = random_line(rng, &pos, 0, 80);
    }
    record
}

#[test]
fn random_records_round_trip_through_every_format() {
    for seed in 0..120u64 {
        let mut rng = StdRng::seed_from_u64(seed);
        let record = random_record(&mut rng);
        for f in Format::ALL {
            let written = record::write(&record, f);
            let back = record::parse(&written.text, f, ReadOptions::default())
                .unwrap_or_else(|e| panic!("seed {seed}, {f}: {e}\n{}", written.text));
            assert_eq!(back.records.len(), 1, "seed {seed}, {f}");
            let expected = restrict(&record, f);
            assert_eq!(
                back.records[0], expected,
                "seed {seed}, {f}:\n{}",
                written.text
            );
            if expected != record {
                assert!(
                    !written.losses.is_empty(),
                    "seed {seed}, {f}: a loss went unreported"
                );
            }
            // Writing what was read gives the same text: the writers are stable.
            let again = record::write(&back.records[0], f).text;
            assert_eq!(again, written.text, "seed {seed}, {f}");
        }
    }
}

#[test]
fn conversions_chain_across_formats() {
    // KIF -> CSA -> JKF -> KI2 -> PSN -> KIF keeps the main line moves.
    for seed in 500..530u64 {
        let mut rng = StdRng::seed_from_u64(seed);
        let record = random_record(&mut rng);
        let mut current = record.clone();
        for f in [
            Format::Kif,
            Format::Csa,
            Format::Jkf,
            Format::Ki2,
            Format::Psn,
            Format::Usi,
        ] {
            let text = record::write(&current, f).text;
            current = record::parse(&text, f, ReadOptions::default())
                .unwrap_or_else(|e| panic!("seed {seed}, {f}: {e}"))
                .records
                .remove(0);
        }
        assert_eq!(current.start, record.start, "seed {seed}");
        let a: Vec<_> = current.main_moves().collect();
        let b: Vec<_> = record.main_moves().collect();
        assert_eq!(a, b, "seed {seed}");
    }
}
