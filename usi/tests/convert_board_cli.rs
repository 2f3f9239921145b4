//! `tokin convert` and `tokin board` as a user runs them: standard input and output, files,
//! directories, Shift_JIS output, losses and errors on standard error, exit codes.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn tokin(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tokin"))
        .args(args)
        .output()
        .expect("the tokin binary runs")
}

fn tokin_with_input(args: &[&str], input: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tokin"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the tokin binary runs");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input)
        .expect("input written");
    child.wait_with_output().expect("tokin finishes")
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/data/records")
}

fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("tokin-convert-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("scratch directory");
    d
}

#[test]
fn stdin_to_stdout_reports_losses() {
    let csa = b"V2.2\nN+A\nN-B\nPI\n+\n+7776FU\nT3\n'*a comment\n-3334FU\n%TORYO\n";
    let o = tokin_with_input(&["convert", "-", "--to", "usi"], csa);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert_eq!(text(&o.stdout), "position startpos moves 7g7f 3c3d\n");
    let err = text(&o.stderr);
    for loss in ["no header", "no comments", "no times", "no game ending"] {
        assert!(err.contains(loss), "{err}");
    }
}

#[test]
fn shift_jis_kif_converts_to_csa_and_back() {
    let dir = scratch("sjis");
    let csa = dir.join("game.csa");
    let kif = dir.join("game.kif");
    let input = fixtures().join("two_pieces.kif");
    let o = tokin(&[
        "convert",
        input.to_str().unwrap(),
        "--to",
        "csa",
        "-o",
        csa.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let written = std::fs::read_to_string(&csa).unwrap();
    assert!(
        written.contains("PI82HI22KA\n-\n-7162GI\nT5\n"),
        "{written}"
    );
    let o = tokin(&[
        "convert",
        csa.to_str().unwrap(),
        "--to",
        "kif",
        "-o",
        kif.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let bytes = std::fs::read(&kif).unwrap();
    assert!(
        std::str::from_utf8(&bytes).is_err(),
        "a .kif is written in Shift_JIS"
    );
    let decoded = tokin_notation::record::decode(&bytes);
    assert!(decoded.contains("手合割：二枚落ち"), "{decoded}");
    assert!(decoded.contains("encoding=Shift_JIS"), "{decoded}");
}

#[test]
fn a_directory_converts_in_parallel_and_bad_files_fail_with_their_place() {
    let dir = scratch("dir");
    let src = dir.join("in");
    std::fs::create_dir_all(&src).unwrap();
    for name in [
        "tempo_loss.kif",
        "ishida.ki2",
        "v30_position.csa",
        "forks.jkf",
        "damaged_illegal.kif",
    ] {
        std::fs::copy(fixtures().join(name), src.join(name)).unwrap();
    }
    let out = dir.join("out");
    let o = tokin(&[
        "convert",
        src.to_str().unwrap(),
        "--to",
        "jkf",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2), "one input is damaged");
    let err = text(&o.stderr);
    assert!(err.contains("damaged_illegal.kif:9:6: move 5:"), "{err}");
    for stem in ["tempo_loss", "ishida", "v30_position", "forks"] {
        let j = std::fs::read_to_string(out.join(format!("{stem}.jkf"))).unwrap();
        assert!(j.contains("\"moves\""), "{stem}");
    }
    assert!(!out.join("damaged_illegal.jkf").exists());
    let o = tokin(&[
        "convert",
        src.join("damaged_illegal.kif").to_str().unwrap(),
        "--to",
        "usi",
        "--lenient",
    ]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert_eq!(
        text(&o.stdout),
        "position startpos moves 7g7f 3c3d 2g2f 8c8d\n"
    );
    assert!(text(&o.stderr).contains("warning:"), "{}", text(&o.stderr));
}

#[test]
fn format_comes_from_the_content_without_an_extension() {
    let ki2 = std::fs::read(fixtures().join("ishida.ki2u")).unwrap();
    let o = tokin_with_input(&["convert", "-", "--to", "psn"], &ki2);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert!(
        text(&o.stdout).contains("1. P-7f P-3d 2. P-7e P-3e"),
        "{}",
        text(&o.stdout)
    );
    let o = tokin_with_input(&["convert", "-", "--to", "psn"], b"hello");
    assert_eq!(o.status.code(), Some(2));
    assert!(text(&o.stderr).contains("--from"), "{}", text(&o.stderr));
}

#[test]
fn board_draws_each_style() {
    let o = tokin(&[
        "board", "--moves", "7g7f", "3c3d", "8h2b+", "--style", "bod",
    ]);
    assert!(o.status.success());
    let out = text(&o.stdout);
    assert!(out.starts_with("後手の持駒：なし\n"), "{out}");
    assert!(out.contains("|v香v桂v銀v金v玉v金v銀v桂v香|一"), "{out}");
    assert!(out.contains("| ・v飛 ・ ・ ・ ・ ・ 馬 ・|二"), "{out}");
    assert!(out.contains("先手の持駒：角\n後手番"), "{out}");
    let o = tokin(&["board", "--style", "email"]);
    let out = text(&o.stdout);
    assert!(
        out.contains("| wL | wN | wS | wG | wK | wG | wS | wN | wL |  a   +---------------+"),
        "{out}"
    );
    assert!(
        out.contains("White in hand:") && out.contains("Black in hand:"),
        "{out}"
    );
    let o = tokin(&["board", "--sfen", "8k/9/9/9/9/9/9/9/K8 b 2G 1"]);
    let out = text(&o.stdout);
    assert!(out.contains("☗ 金2 ◀"), "{out}");
    let o = tokin(&[
        "board", "--sfen", "2-pieces", "--moves", "5a4b", "--style", "bod",
    ]);
    let out = text(&o.stdout);
    assert!(
        out.contains("|v香v桂v銀v金 ・v金v銀v桂v香|一\n| ・ ・ ・ ・ ・v玉 ・ ・ ・|二"),
        "{out}"
    );
    let o = tokin(&["board", "--style", "fancy"]);
    assert_eq!(o.status.code(), Some(2));
    let o = tokin(&["board", "--moves", "7g7e"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(text(&o.stderr).contains("7g7e"), "{}", text(&o.stderr));
}
