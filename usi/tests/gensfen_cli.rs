//! `tokin gensfen` as a user runs it: a small run, a resumed run, and files it must not touch.

use std::process::Command;
use tokin_learn::psv::{RECORD_SIZE, read_records};

fn gensfen(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_tokin"))
        .arg("gensfen")
        .args(args)
        .output()
        .expect("the tokin binary runs")
}

#[test]
fn writes_records_resumes_and_leaves_other_files_alone() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("gensfen_cli");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("data.bin");
    let path = file.to_str().unwrap();
    let quick = ["--depth", "2", "--threads", "2", "--max-plies", "60"];

    let out = gensfen(&[&["-o", path, "--positions", "150"][..], &quick[..]].concat());
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let first = std::fs::read(&file).unwrap();
    assert_eq!(first.len() % RECORD_SIZE, 0);
    let n = first.len() / RECORD_SIZE;
    assert!(n >= 150, "{n} records");
    for r in read_records(&first[..]) {
        let r = r.unwrap();
        let pos = r.position().unwrap();
        assert!(r.best_move(&pos).is_some(), "{}", pos.to_sfen());
    }

    // A run cut short in the middle of a record, then resumed: the partial record is cut
    // off (and said so), the earlier records are kept as they were, and new ones follow.
    std::fs::write(&file, &first[..first.len() - 13]).unwrap();
    let out = gensfen(&[&["-o", path, "--positions", "300"][..], &quick[..]].concat());
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("cutting them off"));
    let second = std::fs::read(&file).unwrap();
    assert!(second.len() / RECORD_SIZE >= 300);
    assert_eq!(
        &second[..(n - 1) * RECORD_SIZE],
        &first[..(n - 1) * RECORD_SIZE]
    );

    // Enough already: nothing is written.
    let out = gensfen(&["-o", path, "--positions", "10"]);
    assert!(out.status.success());
    assert_eq!(std::fs::read(&file).unwrap(), second);

    // A file that holds something else, and a folder, are refused and left as they were.
    let other = dir.join("notes.txt");
    std::fs::write(&other, "my notes, not training data\n").unwrap();
    for target in [other.to_str().unwrap(), dir.to_str().unwrap()] {
        let out = gensfen(&["-o", target, "--positions", "10"]);
        assert_eq!(out.status.code(), Some(2), "{target}");
        assert!(String::from_utf8_lossy(&out.stderr).starts_with("tokin gensfen: "));
    }
    assert_eq!(
        std::fs::read_to_string(&other).unwrap(),
        "my notes, not training data\n"
    );
}
