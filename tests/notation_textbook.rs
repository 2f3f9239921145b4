//! Textbook disambiguation cases (tests/data/notation-textbook.tsv): every row is written
//! exactly in every style it gives and read back; every other style round-trips.

use tokin_core::{Move, Position, Square};
use tokin_notation::{Style, parse_move, write_move};

struct Row {
    line: usize,
    sfen: String,
    last_to: Option<Square>,
    usi: String,
    cells: Vec<(Style, String)>,
    why: String,
}

fn rows() -> Vec<Row> {
    let text = include_str!("data/notation-textbook.tsv");
    let mut lines = text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.starts_with('#') && !l.trim().is_empty());
    let header: Vec<&str> = lines.next().expect("header").1.split('\t').collect();
    assert_eq!(header[..3], ["sfen", "last_to", "usi"]);
    assert_eq!(header.last(), Some(&"why"));
    let styles: Vec<Style> = header[3..header.len() - 1]
        .iter()
        .map(|h| h.parse().expect("style column"))
        .collect();
    lines
        .map(|(n, l)| {
            let f: Vec<&str> = l.split('\t').collect();
            assert_eq!(f.len(), header.len(), "line {}", n + 1);
            Row {
                line: n + 1,
                sfen: f[0].to_string(),
                last_to: match f[1] {
                    "-" => None,
                    s => Some(Square::from_usi(s).expect("last_to")),
                },
                usi: f[2].to_string(),
                cells: styles
                    .iter()
                    .zip(&f[3..])
                    .map(|(&s, c)| (s, c.to_string()))
                    .collect(),
                why: f[f.len() - 1].to_string(),
            }
        })
        .collect()
}

#[test]
fn every_row_in_every_style() {
    let rows = rows();
    assert!(rows.len() >= 30, "{} rows", rows.len());
    for row in &rows {
        let pos = Position::from_sfen(&row.sfen).expect("sfen");
        let mv = Move::from_usi(&row.usi).expect("usi");
        let ctx = format!("line {} ({}: {})", row.line, row.usi, row.why);
        for (style, expected) in &row.cells {
            let written =
                write_move(&pos, row.last_to, mv, *style).unwrap_or_else(|e| panic!("{ctx}: {e}"));
            assert_eq!(&written, expected, "{ctx} in {style}");
            let read = parse_move(&pos, row.last_to, expected, *style)
                .unwrap_or_else(|e| panic!("{ctx} reading {expected}: {e}"));
            assert_eq!(read, mv, "{ctx} reading {expected}");
        }
        for style in Style::ALL {
            let written = write_move(&pos, row.last_to, mv, style).expect("write");
            let read = parse_move(&pos, row.last_to, &written, style)
                .unwrap_or_else(|e| panic!("{ctx} reading back {written}: {e}"));
            assert_eq!(read, mv, "{ctx} reading back {written} ({style})");
        }
    }
}
