//! Wa shogi through the binary: `perft`, `notate`, `board` and the USI engine with
//! `--variant`, as a user runs them.

mod common;

use common::{stderr, stdout, tokin};
use std::io::Write;
use std::process::{Command, Stdio};

#[test]
fn perft_counts_both_forms_and_divides() {
    for variant in ["washogi", "wa", "washogi-nodrops"] {
        let o = tokin(&["perft", "3", "--variant", variant]);
        assert!(o.status.success(), "{}", stderr(&o));
        assert_eq!(stdout(&o).lines().last(), Some("Nodes searched: 126574"));
    }
    let o = tokin(&[
        "perft",
        "2",
        "--variant=washogi",
        "--divide",
        "--moves",
        "8h8g",
        "SP-4e",
    ]);
    let out = stdout(&o);
    assert_eq!(out.lines().count(), 52, "{out}");
    assert_eq!(out.lines().last(), Some("Nodes searched: 2601"));
}

#[test]
fn notate_converts_between_styles() {
    let o = tokin(&[
        "notate",
        "--variant",
        "washogi",
        "--to",
        "western",
        "--line",
        "8h8g 4d4e 8g8f",
    ]);
    assert_eq!(
        stdout(&o).trim(),
        "1. SP-8g SP-4e 2. SP-8f",
        "{}",
        stderr(&o)
    );
    let o = tokin(&[
        "notate",
        "--variant",
        "washogi",
        "--from",
        "western",
        "--to",
        "japanese",
        "SP-8g",
    ]);
    assert_eq!(stdout(&o).trim(), "８七雀歩");
    // A move to the square of the move before is 同 in Japanese, both ways.
    let falcon = "5ck5/4vs6/4sp6/11/2FF8/11/11/11/11/11/5CK5 b - 1";
    let notate = |from: &str, to: &str, moves: [&str; 2]| {
        let mut args = vec!["notate", "--variant", "washogi", "--sfen", falcon];
        args.extend(["--from", from, "--to", to]);
        args.extend(moves);
        let o = tokin(&args);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        stdout(&o)
    };
    assert_eq!(
        notate("western", "japanese", ["FFx7c=", "VSx7c"]),
        "７三飛鷹不成\n同猛鹿\n"
    );
    assert_eq!(
        notate("japanese", "western", ["７三飛鷹不成", "同猛鹿"]),
        "FFx7c=\nVSx7c\n"
    );
}

#[test]
fn bad_input_exits_2_with_a_message() {
    for (args, words) in [
        (&["perft", "2", "--variant", "chu"][..], "unknown variant"),
        (
            &["perft", "2", "--variant", "wa", "--sfen", "11/11 b - 1"][..],
            "11 ranks",
        ),
        (
            &["perft", "2", "--variant", "wa", "--moves", "8h8e"][..],
            "move 1",
        ),
        (&["notate", "--variant", "wa", "9z9y"][..], "move 1"),
        (
            &["board", "--variant", "wa", "--moves", "SP-8x"][..],
            "move 1",
        ),
    ] {
        let o = tokin(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(stderr(&o).contains(words), "{args:?}: {}", stderr(&o));
    }
}

#[test]
fn the_usi_engine_plays_wa_shogi() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tokin"))
        .args(["--variant", "washogi"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("starts");
    let script = "usi\nisready\nsetoption name USI_Variant value washogi-nodrops\nusinewgame\nposition startpos moves 8h8g\ngo depth 2\nquit\n";
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(script.as_bytes())
        .expect("written");
    let o = child.wait_with_output().expect("ends");
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(o.status.success());
    assert!(out.contains("usiok") && out.contains("readyok"), "{out}");
    assert_eq!(out.matches("bestmove ").count(), 1, "{out}");
}

/// A GUI that starts `tokin` without arguments and sets `USI_Variant` to wa shogi gets the
/// wa shogi engine for the rest of the session, as variant GUIs expect.
#[test]
fn the_variant_option_turns_the_session_to_wa_shogi() {
    let script = "usi\nsetoption name USI_Variant value washogi\nusi\nisready\nposition startpos\ngo nodes 1000\nisready\nquit\n";
    let out = common::tokin_with_input(&[], script.as_bytes());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("option name USI_Variant type combo default shogi var shogi var washogi"),
        "{text}"
    );
    assert!(text.contains("id name tokin (wa shogi)"), "{text}");
    let best = text
        .lines()
        .find_map(|l| l.strip_prefix("bestmove "))
        .expect("a bestmove");
    // A wa shogi move: squares run to 11 files and ranks a to k.
    let pos = tokin_wa::Position::start(tokin_wa::Rules::Drops);
    assert!(
        pos.legal_moves()
            .iter()
            .any(|m| tokin_wa::usi_move::write(*m) == best),
        "{best}"
    );
}
