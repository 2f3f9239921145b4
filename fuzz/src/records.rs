//! Record files as bytes (Shift_JIS or UTF-8), strict and lenient: every move of a record read
//! is legal in its position, and a record read strictly is written in its own format and reads
//! back with the same start and moves. (Writing every format is the property tests' work; here
//! each input stays cheap, so that a target runs millions of them.)

use tokin_notation::record::{self, Format, ReadOptions, Record};

fn read(data: &[u8], format: Format) {
    let text = record::decode(data);
    if let Ok(parsed) = record::parse(&text, format, ReadOptions::default()) {
        for r in &parsed.records {
            assert_legal(r, format);
            assert_reads_back(r, &record::write(r, format).text, format);
        }
        return;
    }
    // Only what the strict reader refused is read leniently (lenient reading differs only at
    // the first problem), so that each input is read as few times as the checks need.
    let opts = ReadOptions {
        lenient: true,
        ..ReadOptions::default()
    };
    if let Ok(parsed) = record::parse(&text, format, opts) {
        for r in &parsed.records {
            assert_legal(r, format);
            // What a lenient read kept may not be a whole game; writing it must still
            // give text the reader survives.
            let _ = record::parse(
                &record::write(r, format).text,
                format,
                ReadOptions::default(),
            );
        }
    }
}

/// Every move of every line is legal where it is played.
fn assert_legal(r: &Record, format: Format) {
    r.walk(|v| {
        if let Err(e) = v.before.is_legal(v.node.mv) {
            panic!(
                "{format:?} record holds an illegal {} at ply {}: {e}",
                v.node.mv, v.ply
            );
        }
    });
}

/// A written record reads back with the same start and main line.
fn assert_reads_back(r: &Record, text: &str, format: Format) {
    let back = record::parse(text, format, ReadOptions::default())
        .unwrap_or_else(|e| panic!("{format:?} written does not read back: {e}\n{text}"));
    let Some(first) = back.records.first() else {
        panic!("{format:?} written reads back as no game\n{text}");
    };
    assert_eq!(
        first.start.position().to_sfen(),
        r.start.position().to_sfen(),
        "{format:?} start\n{text}"
    );
    assert!(
        first.main_moves().eq(r.main_moves()),
        "{format:?} main line\n{text}"
    );
}

pub(crate) fn kif(data: &[u8]) {
    read(data, Format::Kif);
}

pub(crate) fn ki2(data: &[u8]) {
    read(data, Format::Ki2);
}

pub(crate) fn csa(data: &[u8]) {
    read(data, Format::Csa);
}

pub(crate) fn jkf(data: &[u8]) {
    read(data, Format::Jkf);
}

pub(crate) fn psn(data: &[u8]) {
    read(data, Format::Psn);
}

pub(crate) fn email(data: &[u8]) {
    read(data, Format::Email);
}

pub(crate) fn usi(data: &[u8]) {
    read(data, Format::Usi);
}
