//! `tokin perft` as a user runs it: output format, exit codes and error messages.

mod common;

use common::{stderr, stdout, tokin};
use std::process::Command;

#[test]
fn last_line_is_the_node_count() {
    let o = tokin(&["perft", "4"]);
    assert!(o.status.success());
    assert_eq!(stdout(&o).lines().last(), Some("Nodes searched: 719731"));
    assert!(stderr(&o).contains("nodes/second"), "{}", stderr(&o));
}

#[test]
fn divide_lists_every_root_move() {
    let o = tokin(&["perft", "3", "--divide", "--threads", "2"]);
    assert!(o.status.success());
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 31);
    let mut sum = 0u64;
    for line in &lines[..30] {
        let (mv, n) = line.split_once(": ").expect("`move: count` lines");
        assert!(tokin_core::Move::from_usi(mv).is_some(), "{line}");
        sum += n.parse::<u64>().expect("a count");
    }
    assert_eq!(sum, 25470);
    assert_eq!(lines[30], "Nodes searched: 25470");
}

#[test]
fn sfen_and_moves() {
    let o = tokin(&[
        "perft",
        "2",
        "--sfen",
        "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1",
    ]);
    assert_eq!(stdout(&o).lines().last(), Some("Nodes searched: 28684"));
    // YaneuraOu's documented `go perft 4` after 7g7f.
    let o = tokin(&["perft", "4", "--moves", "7g7f"]);
    assert_eq!(stdout(&o).lines().last(), Some("Nodes searched: 1099961"));
    // Positions with more pieces than a set, as in published suites.
    let o = tokin(&[
        "perft",
        "1",
        "--sfen",
        "k+n7/sg7/9/9/9/9/+r5K1g/7L1/2LN1R1+Bb b RBGSNLP 1",
    ]);
    assert_eq!(stdout(&o).lines().last(), Some("Nodes searched: 45"));
}

#[test]
fn perft_reads_handicap_names() {
    // White, to move, has lost rook and bishop: 9 pawns, 2 lances and 3 steps each for the
    // silvers, the golds and the king.
    let o = tokin(&["perft", "1", "--sfen", "2-pieces"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o).lines().last(), Some("Nodes searched: 26"));
    let o = tokin(&["perft", "3", "--sfen", "二枚落ち", "--strictness", "game"]);
    assert_eq!(stdout(&o).lines().last(), Some("Nodes searched: 19740"));
}

#[test]
fn bad_input_exits_2_with_a_message() {
    for (args, needle) in [
        (vec!["perft", "3", "--sfen", "lnsgkgsnl/9 b - 1"], "9 ranks"),
        (
            vec!["perft", "3", "--moves", "7g7f", "7g7f"],
            "move 2 `7g7f`",
        ),
        (vec!["perft", "3", "--moves", "xyz"], "not a USI move"),
        // The message names the flag at fault.
        (vec!["perft", "3", "--sfen", "x b - 1"], "--sfen: "),
        (
            vec!["perft", "3", "--moves", "7g7f", "P*5e"],
            "--moves: move 2 `P*5e` is illegal",
        ),
        (vec!["perft", "3", "--threads", "0"], "0 is not in 1..=1024"),
        (vec!["perft", "99"], "99 is not in 0..=64"),
    ] {
        let o = tokin(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(stderr(&o).contains(needle), "{args:?}: {}", stderr(&o));
        assert!(!stderr(&o).contains("panicked"), "{args:?}");
    }
    let o = tokin(&["perft", "minus-one"]);
    assert_eq!(o.status.code(), Some(2));
}

/// `--divide` writes each `move: count` line as soon as that move is counted, in the order
/// of the moves (the order of `go perft`): the first line is out long before the end.
#[test]
fn divide_streams_its_lines_in_move_order() {
    use std::io::{BufRead, BufReader};
    let mut child = Command::new(env!("CARGO_BIN_EXE_tokin"))
        .args(["perft", "6", "--divide", "--threads", "1"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("the tokin binary runs");
    let mut lines = BufReader::new(child.stdout.take().expect("stdout")).lines();
    let first = lines.next().expect("a first line").expect("text");
    // The other 29 moves take seconds more on one thread: the line came while it runs.
    assert!(child.try_wait().expect("status").is_none());
    let _ = child.kill();
    let _ = child.wait();
    let pos = tokin_core::Position::startpos();
    let first_move = pos.legal_moves()[0];
    assert!(first.starts_with(&format!("{first_move}: ")), "{first}");
    // The whole list, in the order of the moves.
    let o = tokin(&["perft", "3", "--divide"]);
    let listed: Vec<String> = stdout(&o)
        .lines()
        .filter(|l| !l.starts_with("Nodes searched"))
        .filter_map(|l| l.split_once(": ").map(|(m, _)| m.to_string()))
        .collect();
    let moves: Vec<String> = pos.legal_moves().iter().map(|m| m.to_string()).collect();
    assert_eq!(listed, moves);
}

/// An SFEN typed without quotes is split by the shell; the error says to quote it.
#[test]
fn an_unquoted_sfen_is_met_with_a_hint_to_quote_it() {
    let board = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL";
    let o = tokin(&["perft", "2", "--sfen", board, "b", "-", "1"]);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(
        err.contains(&format!(
            "hint: an SFEN has spaces, so quote it to make it one argument: --sfen '{board} b - 1'"
        )),
        "{err}"
    );
}
