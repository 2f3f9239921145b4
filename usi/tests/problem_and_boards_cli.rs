//! Issue 16, the tools' side: `perft` and `eval` take every start form `board` takes, the
//! network server's board styles, the e-mail board read by `convert`, and problem positions.

mod common;

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

const FEEN_START: &str = "lnsgk^gsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGK^GSNL / S/s";
const EPD_START: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[] w";

#[test]
fn perft_takes_feen_epd_and_server_handicaps() {
    for start in [FEEN_START, EPD_START] {
        let (code, out, err) = tokin(&["perft", "2", "--threads", "1", "--sfen", start]);
        assert_eq!(code, 0, "{start}: {err}");
        assert_eq!(out.trim(), "Nodes searched: 900", "{start}");
    }
    let by_name = tokin(&["perft", "2", "--threads", "1", "--sfen", "2-pieces"]);
    let by_expr = tokin(&["perft", "2", "--threads", "1", "--sfen", "-handicap=2p"]);
    assert_eq!(by_name.0, 0, "{}", by_name.2);
    assert_eq!(by_expr.0, 0, "{}", by_expr.2);
    assert_eq!(by_name.1, by_expr.1);
    // The moves are played after the start, whatever its form.
    let (code, out, err) = tokin(&[
        "perft",
        "1",
        "--threads",
        "1",
        "--sfen",
        EPD_START,
        "--moves",
        "7g7f",
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.trim(), "Nodes searched: 30");
    // A bad FEEN names the flag and the field.
    let (code, _, err) = tokin(&["perft", "1", "--sfen", "lnsgk^gsnl/9 S/s"]);
    assert_eq!(code, 2);
    assert!(err.starts_with("tokin perft: --sfen: "), "{err}");
}

#[test]
fn eval_takes_feen_epd_and_server_handicaps() {
    let sfen = tokin(&["eval", "--sfen", "startpos", "--moves", "7g7f"]);
    assert_eq!(sfen.0, 0, "{}", sfen.2);
    for start in [FEEN_START, EPD_START] {
        let (code, out, err) = tokin(&["eval", "--sfen", start, "--moves", "7g7f"]);
        assert_eq!(code, 0, "{start}: {err}");
        assert_eq!(out, sfen.1, "{start}");
    }
    let by_name = tokin(&["eval", "--sfen", "2-pieces"]);
    let by_expr = tokin(&["eval", "--sfen", "-handicap=R,B"]);
    assert_eq!(by_expr.0, 0, "{}", by_expr.2);
    assert_eq!(by_name.1, by_expr.1);
    let (code, _, err) = tokin(&["eval", "--sfen", "-handicap=Q"]);
    assert_eq!(code, 2);
    assert!(err.starts_with("tokin eval: --sfen: "), "{err}");
}

#[test]
fn board_draws_the_server_styles() {
    // Seed 004: "alternate : Shogi-L board style     | wN |+bP | "
    let row_a = "n+P4nG+P/9/9/9/4k4/9/9/9/4K4 b - 1";
    let (code, out, err) = tokin(&["board", "--sfen", row_a, "--style", "alternate"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("| wN |+bP |"), "{out}");
    // Seed 004: "small     : Small board display     |wN bG bP+|"
    let (code, out, _) = tokin(&["board", "--sfen", row_a, "--style", "small"]);
    assert_eq!(code, 0);
    assert!(out.contains("|wN bG bP+| a"), "{out}");
    // `flip` with White to move: White's side at the bottom, file 1 on the left.
    let (code, out, err) = tokin(&["board", "--moves", "7g7f", "--style", "standard,flip"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out.lines().nth(1),
        Some("   1    2    3    4    5    6    7    8    9")
    );
    assert_eq!(out.lines().last(), Some("White to move"));
    let (code, _, err) = tokin(&["board", "--style", "tiny"]);
    assert_eq!(code, 2);
    assert!(err.contains("standard"), "{err}");
}

#[test]
fn convert_reads_a_pasted_correspondence_game() {
    let dir = std::env::temp_dir().join(format!("tokin-email-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // A message as a player sends it (seed 003): the moves above the board.
    let (code, board, err) = tokin(&["board", "--moves", "7g7f", "3c3d", "--style", "email"]);
    assert_eq!(code, 0, "{err}");
    let message = format!("Subject: game 1\n\nYour move.\n\n1. P7f P3d\n\n{board}");
    let path = dir.join("game.email");
    std::fs::write(&path, &message).unwrap();
    let (code, out, err) = tokin(&["convert", path.to_str().unwrap(), "--to", "usi"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, "position startpos moves 7g7f 3c3d\n");
    // From standard input, the format is told by the board; and written back as e-mail.
    let out = common::tokin_with_input(&["convert", "-", "--to", "email"], message.as_bytes());
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with("1. P7f P3d\n\n"), "{text}");
    assert!(text.ends_with(&board), "{text}");
    // A bad move is reported with the file, line and column.
    std::fs::write(&path, "1. P7f P3x\n").unwrap();
    let (code, _, err) = tokin(&["convert", path.to_str().unwrap(), "--to", "usi"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("game.email:1:8: move 2"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A problem diagram: White's king alone against two Black pawns on file 5 (which a game
/// position cannot have) and a gold in hand; Black, the attacker, has no king.
const NIFU_PROBLEM: &str = "4k4/9/4P4/9/4P4/9/9/9/9 b G 1";

#[test]
fn a_problem_diagram_is_read_played_and_written_with_warnings() {
    let nifu = "warning: black has two unpromoted pawns on file 5 (nifu)";
    let no_king = "warning: black has no king";
    for tool in [
        vec![
            "board",
            "--strictness",
            "problem",
            "--sfen",
            NIFU_PROBLEM,
            "--style",
            "sfen",
        ],
        vec![
            "perft",
            "1",
            "--strictness",
            "problem",
            "--sfen",
            NIFU_PROBLEM,
        ],
        vec![
            "notate",
            "--strictness",
            "problem",
            "--sfen",
            NIFU_PROBLEM,
            "G*5b",
        ],
    ] {
        let (code, out, err) = tokin(&tool);
        assert_eq!(code, 0, "{tool:?}: {err}");
        assert!(
            err.contains(&format!("tokin {}: {nifu}", tool[0])),
            "{tool:?}: {err}"
        );
        assert!(err.contains(no_king), "{tool:?}: {err}");
        assert!(!out.is_empty());
    }
    let (_, out, _) = tokin(&[
        "board",
        "--strictness",
        "problem",
        "--sfen",
        NIFU_PROBLEM,
        "--style",
        "sfen",
    ]);
    assert_eq!(out.trim(), NIFU_PROBLEM);
    let (_, out, _) = tokin(&[
        "notate",
        "--strictness",
        "problem",
        "--sfen",
        NIFU_PROBLEM,
        "G*5b",
    ]);
    assert_eq!(out.trim(), "☗５二金");
    // As a game it is refused, with the rule; positions that cannot be played are refused at
    // every level: the side not to move in check, no king at all. (One side without its king
    // is the attacker of a problem, to move or not: positions reached while solving have
    // either.)
    let (code, _, err) = tokin(&["board", "--strictness", "game", "--sfen", NIFU_PROBLEM]);
    assert_eq!(code, 2);
    assert!(err.contains("black has no king"), "{err}");
    for (sfen, why) in [
        (
            "4k4/4P4/9/9/9/9/9/9/9 b G 1",
            "white is in check but it is not white's turn",
        ),
        ("9/9/4P4/9/9/9/9/9/9 b G 1", "white has no king"),
    ] {
        let (code, _, err) = tokin(&["board", "--strictness", "problem", "--sfen", sfen]);
        assert_eq!(code, 2, "{sfen}");
        assert!(err.contains(why), "{sfen}: {err}");
    }
}

#[test]
fn usi_position_plays_a_problem_diagram_with_an_info_string() {
    let script = format!(
        "usi\nsetoption name PositionStrictness value problem\nposition sfen {NIFU_PROBLEM} moves G*5b\nisready\nquit\n"
    );
    let out = common::stdout(&common::tokin_with_input(&[], script.as_bytes()));
    assert!(
        out.contains("info string warning: black has two unpromoted pawns on file 5 (nifu)"),
        "{out}"
    );
    assert!(out.contains("readyok"), "{out}");
}

#[test]
fn tsume_records_with_the_rest_in_hand_convert() {
    // A tsume record: the defender's hand is "the rest" (残り全部), every piece not shown.
    let kif = "後手の持駒：残り全部\n  ９ ８ ７ ６ ５ ４ ３ ２ １\n+---------------------------+\n| ・ ・ ・ ・v玉 ・ ・ ・ ・|一\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|二\n| ・ ・ ・ ・ 歩 ・ ・ ・ ・|三\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|四\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|五\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|六\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|七\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|八\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|九\n+---------------------------+\n先手の持駒：金\n手数----指手---------消費時間--\n   1 ５二金打\n   2 詰み\n";
    let dir = std::env::temp_dir().join(format!("tokin-tsume-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("tsume.kifu");
    std::fs::write(&path, kif).unwrap();
    let (code, out, err) = tokin(&["convert", path.to_str().unwrap(), "--to", "usi"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out,
        "position sfen 4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1 moves G*5b\n"
    );
    assert!(
        err.contains("warning: the start position breaks a rule: black has no king"),
        "{err}"
    );
    let (code, out, err) = tokin(&["convert", path.to_str().unwrap(), "--to", "csa"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("+0052KI"), "{out}");
    // KI2 reads the same diagram.
    let ki2 = kif.replace(
        "手数----指手---------消費時間--\n   1 ５二金打\n   2 詰み\n",
        "▲５二金打\nまで1手で先手の勝ち\n",
    );
    let path = dir.join("tsume.ki2u");
    std::fs::write(&path, ki2).unwrap();
    let (code, out, err) = tokin(&["convert", path.to_str().unwrap(), "--to", "usi"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.starts_with("position sfen 4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1 moves G*5b"),
        "{out}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn moves_in_one_argument_are_the_same_moves() {
    // A PV pasted in quotes after `--moves`, or with `sfen` before the SFEN as after USI's
    // `position`: each tool answers as for the moves given one by one.
    let sfen = "sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
    for tool in [
        &["board"][..],
        &["eval"][..],
        &["perft", "2", "--threads", "1"][..],
        &["mate", "--nodes", "1000"][..],
    ] {
        let run = |moves: &[&str]| {
            let mut args = tool.to_vec();
            args.extend(["--sfen", sfen, "--moves"]);
            args.extend(moves);
            tokin(&args)
        };
        let apart = run(&["7g7f", "3c3d", "8h2b+"]);
        let together = run(&["7g7f 3c3d", "8h2b+"]);
        assert!(apart.0 == 0 || tool[0] == "mate", "{tool:?}: {}", apart.2);
        assert_eq!(apart.0, together.0, "{tool:?}: {}", together.2);
        // (`mate` ends with its time, which may differ: its answer is the first line.)
        let answer = |out: &str| -> String {
            match tool[0] {
                "mate" => out.lines().next().unwrap_or_default().to_owned(),
                _ => out.to_owned(),
            }
        };
        assert_eq!(answer(&apart.1), answer(&together.1), "{tool:?}");
    }
}
