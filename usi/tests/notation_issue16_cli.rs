//! `tokin notate` and `tokin board` with the notations of issue 16: Japanese shorthand and
//! iroha squares, the server and correspondence styles, FEEN, EPD and server handicaps.

use std::process::Command;

const TOKIN: &str = env!("CARGO_BIN_EXE_tokin");

fn tokin(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(TOKIN).args(args).output().expect("run tokin");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn notate_writes_and_reads_shorthand_and_iroha() {
    let (code, out, err) = tokin(&[
        "notate",
        "--shorthand",
        "--line",
        "7g7f",
        "3c3d",
        "8h2b+",
        "3a2b",
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.trim(), "☗７六丶 ☖３四丶 ☗２二クナ ☖－ヨ");
    let (code, out, err) = tokin(&["notate", "--squares", "iroha", "--line", "7g7f", "3c3d"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.trim(), "☗春歩 ☖ら歩");
    let (code, out, err) = tokin(&[
        "notate",
        "--from",
        "japanese",
        "--to",
        "usi",
        "春丶",
        "ら丶",
        "２二クナ",
        "ドヨ",
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.trim(), "7g7f\n3c3d\n8h2b+\n3a2b");
}

#[test]
fn notate_server_and_correspondence() {
    let (code, out, err) = tokin(&[
        "notate", "--to", "server", "--order", "letter", "7g7f", "3c3d", "8h2b+",
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.trim(), "Pg7-f7\nPc3-d3\nBh8xb2+");
    let (code, out, err) = tokin(&[
        "notate",
        "--from",
        "server",
        "--to",
        "correspondence",
        "7g7f",
        "3c3d",
        "8h2b+",
        "3a2b",
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.trim(), "P7f\nP3d\nBx2b+\nSx2b");
    // The server requires + or = where the move could promote.
    let (code, _, err) = tokin(&["notate", "--from", "server", "7g7f", "3c3d", "8h2b"]);
    assert_eq!(code, 2);
    assert!(err.contains("move 3"), "{err}");
}

#[test]
fn board_takes_feen_epd_and_handicaps() {
    let feen = "lnsgk^gsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGK^GSNL / S/s";
    let (code, out, err) = tokin(&["board", "--sfen", feen, "--moves", "7g7f", "--style", "epd"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out.trim(),
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL[] b"
    );
    let (code, out, err) = tokin(&["board", "--sfen", out.trim(), "--style", "feen"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out.trim(),
        "lnsgk^gsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGK^GSNL / s/S"
    );
    let (code, out, err) = tokin(&["board", "--handicap", "2p", "--style", "sfen"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out.trim(),
        "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"
    );
    let (code, out, err) = tokin(&["notate", "--sfen", "-handicap=2p", "--to", "server", "5a4b"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.trim(), "K5a-4b");
    let (code, _, err) = tokin(&["board", "--handicap", "9p"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("--handicap: bad start position: bad handicap term at character 11"),
        "{err}"
    );
    let (code, _, err) = tokin(&["board", "--sfen", "4k4/9/9/9/9/9/9/9/4K4[PPx] w"]);
    assert_eq!(code, 2);
    assert!(err.contains("bad EPD hands at character 25"), "{err}");
}
