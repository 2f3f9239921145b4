//! `tokin convert` and `tokin board` as a user runs them: standard input and output, files,
//! directories, Shift_JIS output, losses and errors on standard error, exit codes.

mod common;

use common::{Scratch, tokin, tokin_with_input};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/data/records")
}

fn scratch(name: &str) -> Scratch {
    Scratch::new(&format!("convert-{name}"))
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

/// Runs `tokin` in `dir`.
fn tokin_in(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tokin"))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("the tokin binary runs")
}

const GAME: &str = "position startpos moves 7g7f 3c3d\n";

/// Two inputs that would write the same output (`b.kif` and `b.kifu`, or `game.kif` and
/// `game.csa`) stop the run, naming both, and nothing is written: one game used to be lost.
#[test]
fn two_inputs_with_one_output_name_are_refused() {
    let d = scratch("collide");
    std::fs::create_dir(d.join("in")).unwrap();
    let csa = "V2.2\nPI\n+\n+7776FU\n-3334FU\n";
    std::fs::write(d.join("in/game.csa"), csa).unwrap();
    std::fs::write(d.join("in/game.usi"), GAME).unwrap();
    let o = tokin_in(&d, &["convert", "in", "--to", "kif", "-o", "out"]);
    assert_eq!(o.status.code(), Some(2));
    let err = text(&o.stderr);
    assert!(
        err.contains("game.csa") && err.contains("game.usi") && err.contains("game.kif"),
        "{err}"
    );
    assert!(!d.join("out/game.kif").exists());
}

/// `-o` with a file name for several inputs is refused (it used to become a directory
/// named like the file).
#[test]
fn a_file_name_for_several_inputs_is_refused() {
    let d = scratch("onefile");
    std::fs::write(d.join("a.usi"), GAME).unwrap();
    std::fs::write(d.join("b.usi"), GAME).unwrap();
    let o = tokin_in(
        &d,
        &["convert", "a.usi", "b.usi", "--to", "csa", "-o", "one.csa"],
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(
        text(&o.stderr).contains("must be a directory"),
        "{}",
        text(&o.stderr)
    );
    assert!(!d.join("one.csa").exists());
}

/// Several inputs without `-o` are written beside the inputs, and each file written is
/// named on standard error.
#[test]
fn outputs_beside_the_inputs_are_named() {
    let d = scratch("beside");
    std::fs::write(d.join("a.usi"), GAME).unwrap();
    std::fs::write(d.join("b.usi"), GAME).unwrap();
    let o = tokin_in(&d, &["convert", "a.usi", "b.usi", "--to", "csa"]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let err = text(&o.stderr);
    assert!(err.contains("wrote a.csa (beside a.usi)"), "{err}");
    assert!(err.contains("wrote b.csa (beside b.usi)"), "{err}");
    assert!(d.join("a.csa").exists() && d.join("b.csa").exists());
}

/// A file with no record in it is an error, `--lenient` or not: an empty file and a file
/// of random bytes (both used to give an empty game and exit 0).
#[test]
fn a_file_without_a_record_is_an_error_even_when_lenient() {
    let d = scratch("norecord");
    std::fs::write(d.join("empty.kif"), "").unwrap();
    let noise: Vec<u8> = (0..400u32)
        .map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8)
        .collect();
    std::fs::write(d.join("noise.kif"), noise).unwrap();
    for (file, why) in [
        ("empty.kif", "the file is empty"),
        ("noise.kif", "nothing in it could be read"),
    ] {
        for lenient in [true, false] {
            let mut args = vec!["convert", file, "--to", "usi"];
            if lenient {
                args.push("--lenient");
            }
            let o = tokin_in(&d, &args);
            assert_eq!(o.status.code(), Some(2), "{file} {lenient}");
            assert_eq!(text(&o.stdout), "", "{file} {lenient}");
            if lenient {
                let err = text(&o.stderr);
                assert!(
                    err.contains(&format!("{file}: no game record: {why}")),
                    "{err}"
                );
            }
        }
    }
}

/// `-o` never replaces an existing file without `--force`, never writes over its own
/// input even with it, and leaves no temporary file behind.
#[test]
fn outputs_are_not_overwritten_without_force() {
    let d = scratch("force");
    std::fs::write(d.join("a.usi"), GAME).unwrap();
    std::fs::write(d.join("a.csa"), "keep me").unwrap();
    let o = tokin_in(&d, &["convert", "a.usi", "--to", "csa", "-o", "a.csa"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        text(&o.stderr).contains("a.csa: already exists; use --force"),
        "{}",
        text(&o.stderr)
    );
    assert_eq!(std::fs::read_to_string(d.join("a.csa")).unwrap(), "keep me");
    let o = tokin_in(
        &d,
        &["convert", "a.usi", "--to", "csa", "-o", "a.csa", "--force"],
    );
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert!(
        std::fs::read_to_string(d.join("a.csa"))
            .unwrap()
            .contains("+7776FU")
    );
    for args in [
        &["convert", "a.usi", "--to", "usi", "-o", "a.usi", "--force"][..],
        &[
            "convert", "a.usi", "--to", "usi", "-o", "./a.usi", "--force",
        ][..],
    ] {
        let o = tokin_in(&d, args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(
            text(&o.stderr).contains("the output is the input"),
            "{}",
            text(&o.stderr)
        );
    }
    assert_eq!(std::fs::read_to_string(d.join("a.usi")).unwrap(), GAME);
    let names: Vec<String> = std::fs::read_dir(&*d)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert!(names.iter().all(|n| !n.ends_with(".tmp")), "{names:?}");
}
