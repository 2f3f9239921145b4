//! One policy for positions: `--strictness` on the tools and the `PositionStrictness` option
//! of the USI engine accept and refuse the same positions.

mod common;

use common::{tokin, tokin_with_input};
use std::io::Write;
use std::process::{Command, Stdio};

/// A mating problem (詰将棋): Black, the attacker, has no king.
const TSUME: &str = "4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1";

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// Runs the tool once under each level: refused with status 2 and a message naming
/// `--sfen` and the missing king under `game`; accepted under `problem` and by default.
fn refused_as_a_game_only(tool: &[&str]) -> [String; 2] {
    let with = |level: Option<&str>| {
        let mut args = vec![tool[0], "--sfen", TSUME];
        if let Some(level) = level {
            args.extend(["--strictness", level]);
        }
        args.extend(&tool[1..]);
        tokin(&args)
    };
    let o = with(Some("game"));
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{tool:?}: {err}");
    assert!(
        err.contains("--sfen") && err.contains("no king") && !err.contains("panicked"),
        "{tool:?}: {err}"
    );
    let problem = with(Some("problem"));
    assert!(
        problem.status.success(),
        "{tool:?}: {}",
        text(&problem.stderr)
    );
    let relaxed = with(None);
    assert!(
        relaxed.status.success(),
        "{tool:?}: {}",
        text(&relaxed.stderr)
    );
    assert_eq!(problem.stdout, relaxed.stdout, "{tool:?}");
    [text(&problem.stdout), text(&problem.stderr)]
}

#[test]
fn perft_notate_and_board_share_the_policy() {
    let [out, _] = refused_as_a_game_only(&["perft", "1"]);
    // A gold dropped on any of the 79 empty squares, and the pawn's push with and without
    // promotion.
    assert_eq!(out.lines().last(), Some("Nodes searched: 81"), "{out}");
    let [out, _] = refused_as_a_game_only(&["notate", "--to", "kif", "G*5b"]);
    assert_eq!(out, "５二金打\n");
    let [out, _] = refused_as_a_game_only(&["board", "--moves", "G*5b"]);
    assert!(out.contains("│ ・ ・ ・ ・ 金 ・ ・ ・ ・│b"), "{out}");
}

#[test]
fn a_bad_level_exits_2_naming_it() {
    for tool in [
        &["perft", "1"][..],
        &["board"],
        &["notate", "7g7f"],
        &["convert", "-", "--to", "usi"],
        &["annotate", "--", "true"],
    ] {
        let mut args = vec![tool[0], "--strictness", "tsume"];
        args.extend(&tool[1..]);
        let o = tokin(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(
            text(&o.stderr).contains("`tsume`"),
            "{args:?}: {}",
            text(&o.stderr)
        );
    }
}

#[test]
fn convert_takes_the_level() {
    let o = tokin_with_input(
        &["convert", "-", "--to", "usi", "--strictness", "game"],
        b"position startpos moves 7g7f 3c3d\n",
    );
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert_eq!(text(&o.stdout), "position startpos moves 7g7f 3c3d\n");
}

/// The USI engine fed `lines` and then end of input; its whole output.
fn usi(lines: &[&str]) -> Vec<String> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tokin"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the tokin binary runs");
    let mut stdin = child.stdin.take().expect("stdin");
    for l in lines {
        writeln!(stdin, "{l}").expect("input written");
    }
    drop(stdin);
    let o = child.wait_with_output().expect("tokin finishes");
    text(&o.stdout).lines().map(str::to_string).collect()
}

#[test]
fn the_position_command_follows_position_strictness() {
    let position = format!("position sfen {TSUME}");
    let out = usi(&[
        "usi",
        "setoption name PositionStrictness value game",
        "position startpos moves 7g7f",
        &position,
        "d",
        "setoption name PositionStrictness value problem",
        &position,
        "d",
        "quit",
    ]);
    let option = "option name PositionStrictness type combo default relaxed \
                  var game var problem var relaxed";
    assert!(out.iter().any(|l| l == option), "{out:?}");
    let errors: Vec<&String> = out
        .iter()
        .filter(|l| l.starts_with("info string error"))
        .collect();
    assert_eq!(errors.len(), 1, "{out:?}");
    // The tsume, accepted under `problem`, is played with the rule it breaks as a warning.
    assert!(
        out.iter()
            .any(|l| l == "info string warning: black has no king"),
        "{out:?}"
    );
    let after_7g7f = "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2";
    assert!(
        errors[0].starts_with("info string error: position: bad start position")
            && errors[0].contains("no king")
            && errors[0].ends_with(&format!("keeping the previous position {after_7g7f}")),
        "{}",
        errors[0]
    );
    let shown: Vec<&String> = out.iter().filter(|l| l.starts_with("sfen ")).collect();
    assert_eq!(
        shown,
        [&format!("sfen {after_7g7f}"), &format!("sfen {TSUME}")],
        "{out:?}"
    );
}
