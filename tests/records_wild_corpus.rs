//! Record files from other programs' test suites and sample folders, read by tokin and
//! checked against what an independent reader (tsshogi) read from the same files.
//!
//! The files themselves are not part of the repository: `tests/data/records/wild/fetch.sh`
//! brings them (each from a pinned commit, listed with its licence in `SOURCES.md`) into
//! `tests/data/records/wild/files/`, or `TOKIN_WILD_RECORDS` names another copy. Then
//! `cargo test --test records_wild_corpus -- --ignored` checks that every file reads, that
//! its start position, main line, ending and move count equal those in `expected.tsv`, and
//! that variations and comments survive KIF, KI2, CSA and JKF.

mod common;

use common::records::restrict;
use std::path::{Path, PathBuf};
use tokin_notation::record::{self, EndKind, Format, ReadOptions, Record};

fn wild() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/records/wild")
}

/// One line of `expected.tsv`: the file, then what the independent reader read.
struct Expected {
    path: String,
    sfen: String,
    moves: String,
    ending: String,
    nodes: usize,
}

fn expected() -> Vec<Expected> {
    let text = std::fs::read_to_string(wild().join("expected.tsv")).expect("expected.tsv");
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            assert_eq!(f.len(), 5, "expected.tsv: {l}");
            Expected {
                path: f[0].to_string(),
                sfen: f[1].to_string(),
                moves: f[2].to_string(),
                ending: f[3].to_string(),
                nodes: f[4].parse().expect("a move count"),
            }
        })
        .collect()
}

/// The independent reader's name for an ending (its `SpecialMoveType`, or `any:` and the
/// word it did not know).
fn ending_name(kind: EndKind) -> &'static str {
    match kind {
        EndKind::Resign => "resign",
        EndKind::Interrupt => "interrupt",
        EndKind::Repetition => "repetitionDraw",
        EndKind::Impasse => "impass",
        EndKind::EnteringKingWin => "enteringOfKing",
        EndKind::Draw => "draw",
        EndKind::Mate => "mate",
        EndKind::NoMate => "noMate",
        EndKind::TimeUp => "timeout",
        EndKind::IllegalWin => "foulWin",
        EndKind::IllegalLoss => "foulLose",
        EndKind::MaxMoves => "maxMoves",
        EndKind::ForfeitWin => "winByDefault",
        EndKind::ForfeitLoss => "loseByDefault",
        EndKind::SealedMove => "any:封じ手",
        _ => "other",
    }
}

/// Where the independent reader's ending and tokin's may differ in name only: a KI2 `まで`
/// line stating a problem's length (`まで61手詰`), which the other reader keeps as a word.
fn same_ending(expected: &str, got: Option<EndKind>) -> bool {
    match got {
        None => expected.is_empty(),
        Some(k) => {
            ending_name(k) == expected
                || (k == EndKind::Mate
                    && expected.starts_with("any:")
                    && expected.ends_with("手詰"))
        }
    }
}

/// Files where tokin and the independent reader part ways on purpose: the file, and what
/// tokin does instead.
enum Known {
    /// Read with a variation dropped, a warning saying this: the main line is compared, the
    /// count of moves with variations is not.
    VariationDropped(&'static str),
    /// The same moves, and this ending.
    Ending(EndKind),
}

const KNOWN: [(&str, Known); 2] = [
    // `%-ILLEGAL_ACTION` with Black to move: White's foul, so Black, the side to move, wins
    // (the CSA standard); the other reader has the side to move lose.
    (
        "na2hiro+json-kifu-format/test/files/csa/illegal_win.csa",
        Known::Ending(EndKind::IllegalWin),
    ),
    // A variation's sixth move (White's) numbered 5: the other reader plays it without
    // checking whose piece it is; tokin drops that variation with a warning there and keeps
    // the rest of the game.
    (
        "na2hiro+json-kifu-format/test/files/kif/fork-test.kif",
        Known::VariationDropped("move 5: no legal move matches `４二銀(31)`"),
    ),
];

fn read(path: &Path) -> Result<record::Parsed, String> {
    let bytes = std::fs::read(path).map_err(|e| e.to_string())?;
    let text = record::decode(&bytes);
    let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
    let format = Format::from_extension(ext).ok_or("no format")?;
    record::parse(&text, format, ReadOptions::default()).map_err(|e| e.to_string())
}

fn usi(r: &Record) -> String {
    r.main_moves()
        .map(|m| m.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
#[ignore = "needs the corpus: tests/data/records/wild/fetch.sh or TOKIN_WILD_RECORDS"]
fn wild_records_read_as_the_independent_reader_reads_them() {
    let root = std::env::var_os("TOKIN_WILD_RECORDS")
        .map(PathBuf::from)
        .unwrap_or_else(|| wild().join("files"));
    assert!(root.is_dir(), "no corpus at {}", root.display());
    let expected = expected();
    let mut problems = Vec::new();
    for e in &expected {
        let path = root.join(&e.path);
        let known = KNOWN.iter().find(|(p, _)| *p == e.path).map(|(_, k)| k);
        let parsed = match read(&path) {
            Err(err) => {
                problems.push(format!("{}: not read: {err}", e.path));
                continue;
            }
            Ok(p) => p,
        };
        let dropped = match known {
            Some(Known::VariationDropped(why)) => {
                if !parsed.warnings.iter().any(|w| w.to_string().contains(why)) {
                    problems.push(format!("{}: no warning saying {why}", e.path));
                }
                true
            }
            _ => false,
        };
        let r = &parsed.records[0];
        let sfen = r.start.position().to_sfen();
        if sfen != e.sfen {
            problems.push(format!("{}: start {sfen}, expected {}", e.path, e.sfen));
        }
        let moves = usi(r);
        if moves != e.moves {
            problems.push(format!(
                "{}: main line\n  got      {moves}\n  expected {}",
                e.path, e.moves
            ));
            continue;
        }
        let end = r.main.end.as_ref().map(|x| x.kind);
        if let Some(Known::Ending(kind)) = known {
            if end != Some(*kind) {
                problems.push(format!("{}: ending {end:?}, expected {kind:?}", e.path));
            }
        } else if !same_ending(&e.ending, end) {
            problems.push(format!("{}: ending {end:?}, expected {}", e.path, e.ending));
        }
        if !dropped && r.node_count() != e.nodes {
            problems.push(format!(
                "{}: {} moves with variations, expected {}",
                e.path,
                r.node_count(),
                e.nodes
            ));
        }
        for f in [Format::Kif, Format::Ki2, Format::Csa, Format::Jkf] {
            let w = record::write(r, f);
            match record::parse(&w.text, f, ReadOptions::default()) {
                Ok(back) if back.records[0] == restrict(r, f) => {}
                Ok(_) => problems.push(format!("{} -> {f}: not the same record", e.path)),
                Err(err) => problems.push(format!("{} -> {f}: {err}", e.path)),
            }
        }
    }
    println!("{} files, {} problems", expected.len(), problems.len());
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
