//! Round trips over a directory of record files from other programs, which is not part of
//! the repository: `TOKIN_EXTERNAL_RECORDS=/path/to/files cargo test --test records_external
//! -- --ignored`. Files that do not read are listed (some collections hold deliberately
//! broken files); every file that reads must survive every format.

mod common;

use common::records::restrict;
use std::path::{Path, PathBuf};
use tokin_notation::record::{self, Format, ReadOptions};

fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            files(&p, out);
        } else {
            out.push(p);
        }
    }
}

#[test]
#[ignore = "needs TOKIN_EXTERNAL_RECORDS"]
fn external_records_round_trip() {
    let Ok(dir) = std::env::var("TOKIN_EXTERNAL_RECORDS") else {
        panic!("set TOKIN_EXTERNAL_RECORDS to a directory of record files");
    };
    let mut all = Vec::new();
    files(Path::new(&dir), &mut all);
    all.sort();
    let mut read = 0;
    for path in &all {
        let bytes = std::fs::read(path).unwrap();
        let text = record::decode(&bytes);
        let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
        let Some(format) = Format::from_extension(ext).or_else(|| Format::detect(&text)) else {
            continue;
        };
        let parsed = match record::parse(&text, format, ReadOptions::default()) {
            Ok(p) => p,
            Err(e) => {
                println!("not read: {}", e.in_file(path.display().to_string()));
                continue;
            }
        };
        read += 1;
        for r in &parsed.records {
            for f in Format::ALL {
                let w = record::write(r, f);
                let back = record::parse(&w.text, f, ReadOptions::default())
                    .unwrap_or_else(|e| panic!("{} -> {f}: {e}", path.display()));
                assert_eq!(back.records[0], restrict(r, f), "{} -> {f}", path.display());
            }
        }
    }
    println!("{read} of {} files read and round-tripped", all.len());
    assert!(read > 0);
}
