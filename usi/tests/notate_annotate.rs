//! `tokin notate` and `tokin annotate` as a user runs them.

use std::io::Write;
use std::process::{Command, Stdio};

const TOKIN: &str = env!("CARGO_BIN_EXE_tokin");

fn notate(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(TOKIN)
        .arg("notate")
        .args(args)
        .output()
        .expect("run tokin");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn notate_converts_between_styles() {
    let (code, out, _) = notate(&["7g7f", "3c3d", "8h2b+", "3a2b", "B*4e"]);
    assert_eq!(code, 0);
    assert_eq!(out, "☗７六歩\n☖３四歩\n☗２二角成\n☖同銀\n☗４五角\n");
    let (code, out, _) = notate(&["--to", "hodges", "--line", "7g7f", "3c3d", "8h2b+", "3a2b"]);
    assert_eq!(code, 0);
    assert_eq!(out, "1. P-7f P-3d 2. Bx2b+ Sx2b\n");
    // CSA moves start with `-` for White; they are moves, not options.
    let (code, out, _) = notate(&[
        "--from", "csa", "--to", "kif", "+7776FU", "-3334FU", "+8822UM", "-3122GI",
    ]);
    assert_eq!(code, 0);
    assert_eq!(out, "７六歩(77)\n３四歩(33)\n２二角成(88)\n同　銀(31)\n");
    let (code, out, _) = notate(&[
        "--sfen", "2-pieces", "--to", "western", "--line", "4a3b", "6i7h",
    ]);
    assert_eq!(code, 0);
    assert_eq!(out, "1. ... G-32 2. G-78\n");
    let (code, out, _) = notate(&[
        "--from",
        "japanese",
        "--to",
        "usi",
        "--last-to",
        "5c",
        "--sfen",
        "8k/9/4s4/3S1S3/9/9/9/9/K8 b p 2",
        "同銀左成",
    ]);
    assert_eq!(code, 0);
    assert_eq!(out, "6d5c+\n");
}

#[test]
fn a_line_of_moves_in_one_argument_is_read_move_by_move() {
    // An engine's PV pasted in quotes.
    let (code, out, err) = notate(&["--to", "hodges", "--line", "7g7f 3c3d 8h2b+ 3a2b"]);
    assert_eq!((code, err.as_str()), (0, ""));
    assert_eq!(out, "1. P-7f P-3d 2. Bx2b+ Sx2b\n");
    // A Japanese line with ideographic spaces, mixed with a move of its own; errors count
    // the moves, not the arguments.
    let (code, out, _) = notate(&[
        "--from",
        "japanese",
        "--to",
        "usi",
        "--line",
        "☗７六歩\u{3000}☖３四歩\u{3000}☗２二角成",
        "☖同銀",
    ]);
    assert_eq!(code, 0);
    assert_eq!(out, "7g7f 3c3d 8h2b+ 3a2b\n");
    let (code, _, err) = notate(&["7g7f 3c3d", "7f7e 3d3e 2b8h"]);
    assert_eq!(code, 2);
    assert!(err.starts_with("tokin notate: move 5: "), "{err}");
    let (code, _, err) = notate(&[" "]);
    assert_eq!(code, 2);
    assert!(err.contains("no moves"), "{err}");
}

#[test]
fn notate_errors_name_the_move() {
    let (code, out, err) = notate(&["7g7f", "3c3d", "7f7e", "3d3e", "2b8h"]);
    assert_eq!(code, 2);
    assert!(out.is_empty());
    assert!(err.starts_with("tokin notate: move 5: "), "{err}");
    let (code, _, err) = notate(&[
        "--from",
        "hodges",
        "--sfen",
        "8k/9/9/9/9/9/2G6/3G5/K1G6 b - 1",
        "G-7h",
    ]);
    assert_eq!(code, 2);
    assert_eq!(
        err,
        "tokin notate: move 1: `G-7h` is ambiguous: `G7g-7h`, `G6h-7h`, `G7i-7h`\n"
    );
    let (code, _, err) = notate(&["--from", "nonsense", "7g7f"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("invalid value 'nonsense' for '--from <FROM>'") && err.contains("server"),
        "{err}"
    );
}

/// A stand-in USI engine: a shell script that answers `go` with two PV lines.
const FAKE_ENGINE: &str = r#"
while read -r line; do
  case "$line" in
    usi) echo "id name fake"; echo "usiok" ;;
    isready) echo "readyok" ;;
    go*) echo "info depth 1 score cp 10 pv 8h2b+ 3a2b"
         echo "info depth 2 multipv 1 score cp 5 nodes 12 pv 8h2b+ 3a2b B*4e"
         echo "info string hello pv 7g7f"
         echo "bestmove 8h2b+ ponder 3a2b" ;;
    quit) exit 0 ;;
  esac
done
"#;

#[test]
fn annotate_adds_the_pv_in_human_notation() {
    let mut child = Command::new(TOKIN)
        .args([
            "annotate",
            "--style",
            "japanese",
            "--",
            "sh",
            "-c",
            FAKE_ENGINE,
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("run tokin annotate");
    let mut stdin = child.stdin.take().expect("stdin");
    stdin
        .write_all(b"usi\nisready\nposition startpos moves 7g7f 3c3d\ngo depth 2\nquit\n")
        .expect("write");
    drop(stdin);
    let out = child.wait_with_output().expect("wait");
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).expect("utf-8");
    assert_eq!(
        text,
        "id name fake\nusiok\nreadyok\n\
         info depth 1 score cp 10 pv 8h2b+ 3a2b\n\
         info string ☗２二角成 ☖同銀\n\
         info depth 2 multipv 1 score cp 5 nodes 12 pv 8h2b+ 3a2b B*4e\n\
         info string ☗２二角成 ☖同銀 ☗４五角\n\
         info string hello pv 7g7f\n\
         bestmove 8h2b+ ponder 3a2b\n"
    );
}

#[test]
fn annotate_uses_the_previous_move_for_the_first_pv_move() {
    let engine = r#"while read -r line; do case "$line" in go*) echo "info pv 3a2b"; echo "bestmove 3a2b";; quit) exit 0;; esac; done"#;
    let mut child = Command::new(TOKIN)
        .args(["annotate", "--style", "hodges", "--", "sh", "-c", engine])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("run tokin annotate");
    let mut stdin = child.stdin.take().expect("stdin");
    stdin
        .write_all(b"position startpos moves 7g7f 3c3d 8h2b+\ngo\nquit\n")
        .expect("write");
    drop(stdin);
    let out = child.wait_with_output().expect("wait");
    let text = String::from_utf8(out.stdout).expect("utf-8");
    assert_eq!(
        text,
        "info pv 3a2b\ninfo string 2. ... Sx2b\nbestmove 3a2b\n"
    );
}

#[test]
fn annotate_passes_bytes_through_unchanged() {
    // Not UTF-8, CR LF endings and a last line without an ending all pass as they are.
    let engine = r#"while read -r line; do case "$line" in go*) printf 'id name \377\r\ninfo pv 7g7f\r\nbestmove 7g7f';; esac; done"#;
    let mut child = Command::new(TOKIN)
        .args(["annotate", "--style", "usi", "--", "sh", "-c", engine])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("run tokin annotate");
    let mut stdin = child.stdin.take().expect("stdin");
    stdin.write_all(b"position startpos\ngo\n").expect("write");
    drop(stdin);
    let out = child.wait_with_output().expect("wait");
    assert_eq!(
        out.stdout,
        b"id name \xff\r\ninfo pv 7g7f\r\ninfo string 7g7f\nbestmove 7g7f".to_vec()
    );
}

#[test]
fn annotate_reports_a_missing_engine() {
    let out = Command::new(TOKIN)
        .args(["annotate", "--", "/nonexistent/engine"])
        .stdin(Stdio::null())
        .output()
        .expect("run tokin annotate");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot start"));
}

#[test]
fn an_option_after_the_moves_is_named() {
    let (code, _, err) = notate(&["7g7f", "3c3d", "--line"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("move 3: `--line` looks like an option"),
        "{err}"
    );
}

/// An engine that fails says so: its status, and how far the talk with it had gone (it
/// used to end `tokin annotate` with status 1 and no word).
#[test]
fn annotate_reports_an_engine_that_fails() {
    let mut child = Command::new(TOKIN)
        .args(["annotate", "--", "sh", "-c", "exit 3"])
        .stdin(Stdio::piped())
        .stderr(Stdio::piped())
        .stdout(Stdio::null())
        .spawn()
        .expect("run tokin annotate");
    // Our input stays open: the engine ends while it is still being talked to.
    let stdin = child.stdin.take();
    let out = child.wait_with_output().expect("wait");
    drop(stdin);
    assert_eq!(out.status.code(), Some(3));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains(
            "tokin annotate: the engine `sh` exited with status 3 while its input was still open"
        ),
        "{err}"
    );
}
