//! What a new user meets in the first hour with files and numbers: a verdict only on a
//! position read, no input ever overwritten, special files written through, and every count
//! held to one range in every command.

mod common;

use common::{stderr, stdout, tokin};
use std::path::{Path, PathBuf};
use std::process::Command;

fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

const GAME_KIF: &str =
    "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 ３四歩(33)\n";

#[test]
fn mate_refuses_a_file_that_holds_no_position() {
    let dir = scratch("mate_no_position");
    let prose = dir.join("notes.md");
    std::fs::write(&prose, "# A title\n\nSome words about shogi.\n").unwrap();
    let hello = dir.join("hello.kif");
    std::fs::write(&hello, "hello world\n").unwrap();
    // A board diagram cut after its first row.
    let damaged = dir.join("damaged.kif");
    std::fs::write(
        &damaged,
        "後手の持駒：なし\n  ９ ８ ７ ６ ５ ４ ３ ２ １\n+---------------------------+\n|v香v桂 ・ ・ ・ ・ ・ ・ ・|一\n",
    )
    .unwrap();
    // Where the reader stopped: prose is no record format at all.
    for (file, line) in [
        (&prose, "cannot tell the record format"),
        (&hello, ":1:1"),
        (&damaged, ":4:"),
    ] {
        for lenient in [false, true] {
            let mut args = vec!["mate", s(file)];
            if lenient {
                args.push("--lenient");
            }
            let out = tokin(&args);
            let err = stderr(&out);
            assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
            assert!(!stdout(&out).contains("no mate"), "{args:?}");
            assert!(
                err.contains(s(file)) && err.contains(line),
                "{args:?}: {err}"
            );
        }
    }
    // A problem that is read is still solved.
    let problem = dir.join("problem.kif");
    std::fs::write(
        &problem,
        "後手の持駒：飛二 角二 金三 銀四 桂四 香四 歩十七\n  ９ ８ ７ ６ ５ ４ ３ ２ １\n+---------------------------+\n| ・ ・ ・ ・v玉 ・ ・ ・ ・|一\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|二\n| ・ ・ ・ ・ 歩 ・ ・ ・ ・|三\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|四\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|五\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|六\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|七\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|八\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|九\n+---------------------------+\n先手の持駒：金\n",
    )
    .unwrap();
    let out = tokin(&["mate", s(&problem)]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(stdout(&out).contains("mate in 1"));
}

#[test]
fn train_never_writes_over_its_own_data() {
    let dir = scratch("train_over_data");
    let data = dir.join("keep.bin");
    let bytes = [7u8; 80];
    std::fs::write(&data, bytes).unwrap();
    let link = dir.join("link.bin");
    #[cfg(unix)]
    std::os::unix::fs::symlink(&data, &link).unwrap();
    let dotted = format!("{}/./keep.bin", s(&dir));
    let mut outputs = vec![s(&data).to_string(), dotted];
    if cfg!(unix) {
        outputs.push(s(&link).to_string());
    }
    for output in &outputs {
        let out = tokin(&["train", "--data", s(&data), "-o", output, "--force"]);
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{output}: {err}");
        assert!(err.contains("the output is the input"), "{output}: {err}");
        assert_eq!(std::fs::read(&data).unwrap(), bytes, "{output}");
    }
    // `--init` is an input too.
    let net = dir.join("net.nnue");
    std::fs::write(&net, b"not a network").unwrap();
    let out = tokin(&[
        "train",
        "--data",
        s(&data),
        "--init",
        s(&net),
        "-o",
        s(&net),
        "--force",
    ]);
    assert!(stderr(&out).contains("the output is the input"));
    assert_eq!(std::fs::read(&net).unwrap(), b"not a network");
}

#[cfg(unix)]
#[test]
fn outputs_write_through_devices_fifos_and_links() {
    use std::os::unix::fs::FileTypeExt;
    let dir = scratch("special_outputs");
    let game = dir.join("game.kif");
    std::fs::write(&game, GAME_KIF).unwrap();
    // `convert GAME --to FORMAT -o OUTPUT --force`.
    let forced =
        |to: &str, output: &str| tokin(&["convert", s(&game), "--to", to, "-o", output, "--force"]);

    // A full device reports its error and stays a device.
    if Path::new("/dev/full").exists() {
        let out = forced("csa", "/dev/full");
        assert_ne!(out.status.code(), Some(0), "{}", stderr(&out));
        assert!(stderr(&out).contains("/dev/full"), "{}", stderr(&out));
        let meta = std::fs::metadata("/dev/full").unwrap();
        assert!(meta.file_type().is_char_device());
    }
    let out = tokin(&["convert", s(&game), "--to", "csa", "-o", "/dev/null"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        std::fs::metadata("/dev/null")
            .unwrap()
            .file_type()
            .is_char_device()
    );

    // A FIFO is written through to whoever reads it.
    let fifo = dir.join("pipe");
    let made = Command::new("mkfifo").arg(&fifo).status();
    if made.is_ok_and(|s| s.success()) {
        let reader = {
            let fifo = fifo.clone();
            std::thread::spawn(move || std::fs::read_to_string(fifo).unwrap())
        };
        let out = forced("usi", s(&fifo));
        assert!(out.status.success(), "{}", stderr(&out));
        assert!(reader.join().unwrap().contains("7g7f 3c3d"));
        assert!(std::fs::metadata(&fifo).unwrap().file_type().is_fifo());
    }

    // A link stays a link; its target gets the output.
    let target = dir.join("target.csa");
    std::fs::write(&target, "old").unwrap();
    let link = dir.join("link.csa");
    std::os::unix::fs::symlink("target.csa", &link).unwrap();
    let out = forced("csa", s(&link));
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert!(
        std::fs::read_to_string(&target)
            .unwrap()
            .contains("+7776FU")
    );
}

#[test]
fn gensfen_refuses_numbers_outside_their_range() {
    let dir = scratch("gensfen_numbers");
    let out_file = dir.join("data.bin");
    let o = s(&out_file);
    for bad in [
        &["--handicaps", "nan"][..],
        &["--handicaps", "inf"],
        &["--handicaps", "2"],
        &["--handicaps=-0.5"],
        &["--max-plies", "0"],
        &["--threads", "0"],
        &["--positions", "0"],
        &["--hash", "0"],
    ] {
        let args = [&["gensfen", "-o", o, "--positions", "5"][..], bad].concat();
        let out = tokin(&args);
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{bad:?}: {err}");
        let flag = bad[0].split('=').next().unwrap();
        assert!(
            err.contains(flag) && !err.contains("panicked"),
            "{bad:?}: {err}"
        );
        assert!(!out_file.exists(), "{bad:?}");
    }
}

#[test]
fn gensfen_writes_exactly_the_positions_asked_for() {
    let dir = scratch("gensfen_exact");
    let data = dir.join("data.bin");
    for n in [10u64, 37] {
        let out = tokin(&[
            "gensfen",
            "-o",
            s(&data),
            "--positions",
            &n.to_string(),
            "--depth",
            "1",
            "--threads",
            "2",
        ]);
        assert!(out.status.success(), "{}", stderr(&out));
        assert_eq!(std::fs::metadata(&data).unwrap().len(), n * 40);
    }
}

#[cfg(unix)]
#[test]
fn gensfen_reports_a_table_it_cannot_allocate() {
    let dir = scratch("gensfen_hash");
    let data = dir.join("data.bin");
    // Under a limit of 4 GB of address space, 60 GiB of tables cannot be had.
    let script = format!(
        "ulimit -v 4000000; exec '{}' gensfen -o '{}' --positions 5 --depth 1 --threads 1 --hash 60000",
        env!("CARGO_BIN_EXE_tokin"),
        s(&data)
    );
    let out = Command::new("sh").args(["-c", &script]).output().unwrap();
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("--hash 60000") && err.contains("cannot allocate"),
        "{err}"
    );
}

#[test]
fn every_count_has_one_range_in_every_command() {
    for (args, flag) in [
        (&["perft", "1", "--threads", "20000"][..], "--threads"),
        (&["perft", "1", "--threads", "0"], "--threads"),
        (
            &[
                "gensfen",
                "-o",
                "x.bin",
                "--positions",
                "1",
                "--threads",
                "0",
            ],
            "--threads",
        ),
        (
            &["train", "--data", "x.bin", "-o", "y.bin", "--threads", "0"],
            "--threads",
        ),
        (&["mate", "--sfen", "startpos", "--hash", "0"], "--hash"),
        (
            &["mate", "--sfen", "startpos", "--hash", "100000"],
            "--hash",
        ),
        (
            &["mate", "--sfen", "startpos", "--timeout", "nan"],
            "--timeout",
        ),
        (&["mate", "--sfen", "startpos", "--nodes", "0"], "--nodes"),
    ] {
        let out = tokin(args);
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(flag), "{args:?}: {err}");
    }
    // Each range as the help shows it: cli_names_and_flags.rs.
}
