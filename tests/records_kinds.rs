//! Kinds of record file found in public collections that the readers once refused or read
//! wrongly, each with a fixture of our own in tests/data/records/kinds.

use std::path::Path;
use tokin_core::{Handicap, Move};
use tokin_notation::record::{self, Format, Parsed, ReadOptions, RecordErrorKind, Start};

fn read(name: &str, lenient: bool) -> Result<Parsed, record::RecordError> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/records/kinds")
        .join(name);
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{name}: {e}"));
    let ext = path.extension().and_then(|e| e.to_str()).unwrap();
    let format = Format::from_extension(ext).unwrap();
    let opts = ReadOptions {
        lenient,
        ..ReadOptions::default()
    };
    record::parse(&record::decode(&bytes), format, opts)
}

fn usi(moves: &[Move]) -> String {
    moves
        .iter()
        .map(|m| m.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn a_problem_named_in_the_handicap_line_starts_from_its_diagram() {
    let p = read("problem_handicap.kifu", false).unwrap();
    let r = &p.records[0];
    assert!(matches!(r.start, Start::Position(_)), "{:?}", r.start);
    assert_eq!(
        r.start.position().to_sfen(),
        "4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1"
    );
    let main: Vec<Move> = r.main.moves.iter().map(|n| n.mv).collect();
    assert_eq!(usi(&main), "G*5b");
    // The same handicap name without a diagram names no start: an error at its line.
    let text = "手合割：詰将棋\n手数----指手--\n   1 ７六歩(77)\n";
    let e = record::parse(text, Format::Kif, ReadOptions::default()).unwrap_err();
    assert_eq!((e.line, e.column), (1, 5), "{e}");
    assert!(
        matches!(*e.kind, RecordErrorKind::UnknownHandicap { .. }),
        "{e}"
    );
}

#[test]
fn a_variation_header_may_say_te_me() {
    let p = read("variation_moku.kifu", false).unwrap();
    assert!(p.warnings.is_empty(), "{:?}", p.warnings);
    let r = &p.records[0];
    let third = &r.main.moves[2];
    assert_eq!(third.variations.len(), 1);
    let v: Vec<Move> = third.variations[0].moves.iter().map(|n| n.mv).collect();
    assert_eq!(usi(&v), "8h2b+ 3a2b");
}

#[test]
fn csa_board_rows_with_single_spaced_empty_squares_read() {
    let p = read("single_space_rows.csa", false).unwrap();
    let r = &p.records[0];
    assert_eq!(
        r.start.position().to_sfen(),
        Handicap::Even.position().to_sfen()
    );
    let main: Vec<Move> = r.main.moves.iter().map(|n| n.mv).collect();
    assert_eq!(usi(&main), "7g7f 3c3d");
    // A row of eight cells is still refused, at its line.
    let text = "P1-KY-KE-GI-KI-OU-KI-GI-KE\n";
    let e = record::parse(text, Format::Csa, ReadOptions::default()).unwrap_err();
    assert_eq!(e.line, 1);
    assert!(e.to_string().contains("nine cells, this one 8"), "{e}");
}

#[test]
fn a_broken_variation_is_dropped_and_the_rest_kept() {
    for lenient in [false, true] {
        let p = read("broken_variation.kifu", lenient).unwrap();
        let r = &p.records[0];
        let main: Vec<Move> = r.main.moves.iter().map(|n| n.mv).collect();
        assert_eq!(usi(&main), "7g7f 3c3d 2g2f 8c8d", "lenient {lenient}");
        // The broken variation from move 3 is gone; the one from move 2 is kept.
        assert!(r.main.moves[2].variations.is_empty());
        let v: Vec<Move> = r.main.moves[1].variations[0]
            .moves
            .iter()
            .map(|n| n.mv)
            .collect();
        assert_eq!(usi(&v), "8c8d 2g2f");
        let w = p
            .warnings
            .iter()
            .find(|w| matches!(*w.kind, RecordErrorKind::VariationDropped { .. }))
            .unwrap_or_else(|| panic!("no warning: {:?}", p.warnings));
        assert_eq!(w.line, 14, "{w}");
        assert!(w.to_string().contains("the variation is dropped"), "{w}");
    }
}
