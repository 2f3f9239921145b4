//! Inputs that once aborted the `tokin` binary (release builds abort on a panic): each must
//! now end with exit status 2 (bad input) and a message naming what is wrong, or simply work.

mod common;

use common::{Engine, Scratch, stderr, stdout, tokin};
use std::path::{Path, PathBuf};
use std::process::Output;

/// Bad input: exit status 2, no panic, and every piece of `says` in the message.
fn refused(o: &Output, says: &[&str]) {
    let err = stderr(o);
    assert_eq!(o.status.code(), Some(2), "stderr: {err}");
    assert!(!err.contains("panicked"), "{err}");
    for s in says {
        assert!(err.contains(s), "`{s}` missing from: {err}");
    }
}

/// A file holding `text`, named `name`, in a directory of its own (removed with the
/// [`Scratch`] when the test ends).
fn file(name: &str, text: &str) -> (Scratch, PathBuf) {
    let dir = Scratch::new(&format!("crash-{name}"));
    let path = dir.join(name);
    std::fs::write(&path, text).expect("file written");
    (dir, path)
}

fn convert(path: &Path, to: &str) -> Output {
    tokin(&["convert", path.to_str().expect("UTF-8 path"), "--to", to])
}

#[test]
fn notate_a_csa_move_from_a_square_to_itself() {
    let o = tokin(&["notate", "--from", "csa", "--to", "usi", "+1111KY"]);
    refused(
        &o,
        &["move 1", "`+1111KY`", "origin and destination are both 1a"],
    );
}

#[test]
fn notate_other_styles_naming_one_square_twice() {
    let o = tokin(&[
        "notate", "--from", "hodges", "--to", "usi", "P-7f", "L1a-1a",
    ]);
    refused(&o, &["move 2", "`L1a-1a`", "both 1a"]);
    let o = tokin(&[
        "notate",
        "--from",
        "kif",
        "--to",
        "usi",
        "７六歩(77)",
        "１一香(11)",
    ]);
    refused(&o, &["move 2", "both 1a"]);
}

#[test]
fn a_csa_record_with_a_move_from_a_square_to_itself() {
    let (_dir, path) = file(
        "same-square.csa",
        "V2.2\nN+A\nN-B\nPI\n+\n+1111KY\n%TORYO\n",
    );
    let o = convert(&path, "usi");
    refused(&o, &["same-square.csa:6:", "+1111KY", "both 1a"]);
}

#[test]
fn a_jkf_record_dropping_a_king() {
    let (_dir, path) = file(
        "king-drop.jkf",
        r#"{"header":{},"initial":{"preset":"HIRATE"},"moves":[{},
{"move":{"to":{"x":5,"y":5},"color":0,"piece":"OU"}}]}"#,
    );
    let o = convert(&path, "usi");
    refused(&o, &["king-drop.jkf:2:", "OU", "dropped"]);
}

#[test]
fn a_kif_record_with_a_move_from_a_square_to_itself() {
    let (_dir, path) = file(
        "same-square.kif",
        "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 １一香(11)\n",
    );
    let o = convert(&path, "csa");
    refused(&o, &["same-square.kif:4:", "both 1a"]);
}

/// Each `(` opened a level of recursion in the PSN reader: 100 000 of them overflowed the
/// stack, which aborts even in a debug build.
#[test]
fn a_psn_record_nesting_variations_too_deep() {
    let mut text = String::from("[Sente \"A\"]\n\n1. P-7f");
    text.push_str(&" ( 1. P-2f".repeat(100_000));
    text.push_str(&" )".repeat(100_000));
    text.push_str(" *\n");
    let (_dir, path) = file("deep.psn", &text);
    let o = convert(&path, "kif");
    refused(
        &o,
        &["deep.psn:3:", "variations nest more than 100 levels deep"],
    );
}

/// JKF times are whole numbers of any size: two of the largest for one side overflowed the
/// sum of its time.
#[test]
fn a_jkf_record_with_huge_times() {
    let max = u64::MAX;
    let (_dir, path) = file(
        "huge-times.jkf",
        &format!(
            r#"{{"header":{{}},"initial":{{"preset":"HIRATE"}},"moves":[{{}},
{{"move":{{"from":{{"x":7,"y":7}},"to":{{"x":7,"y":6}},"color":0,"piece":"FU"}},"time":{{"now":{{"m":0,"s":{max}}}}}}},
{{"move":{{"from":{{"x":3,"y":3}},"to":{{"x":3,"y":4}},"color":1,"piece":"FU"}}}},
{{"move":{{"from":{{"x":2,"y":7}},"to":{{"x":2,"y":6}},"color":0,"piece":"FU"}},"time":{{"now":{{"m":{max},"s":{max}}}}}}}]}}"#
        ),
    );
    let o = convert(&path, "kif");
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("２六歩(27)"), "{}", stdout(&o));
}

/// The 593-move record position with a third rook: relaxed positions (the default) may have
/// more than the 600 moves a move list held.
const SIX_HUNDRED_AND_THREE: &str = "R8/2K1S1SSk/4B4/9/4+R4/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1";

#[test]
fn perft_of_a_position_with_more_than_600_moves() {
    let o = tokin(&["perft", "1", "--sfen", SIX_HUNDRED_AND_THREE]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o).lines().last(), Some("Nodes searched: 603"));
    let o = tokin(&["perft", "2", "--divide", "--sfen", SIX_HUNDRED_AND_THREE]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o).lines().count(), 604, "603 moves and the total");
}

/// Lines for the USI engine on standard input; returns its output up to the first line
/// that starts with `until`, then quits it.
fn usi_session(lines: &[&str], until: &str) -> Vec<String> {
    let mut e = Engine::start();
    for l in lines {
        e.send(l);
    }
    let seen = e.until(|l| l.starts_with(until));
    e.quit_and_wait();
    seen
}

#[test]
fn the_engine_searches_a_position_with_more_than_600_moves() {
    let position = format!("position sfen {SIX_HUNDRED_AND_THREE}");
    let out = usi_session(
        &[
            "usi",
            "setoption name USI_Hash value 1",
            "isready",
            &position,
            "go depth 2",
        ],
        "bestmove",
    );
    assert!(
        out.iter().any(|l| l.starts_with("bestmove ")),
        "no bestmove: {out:?}"
    );
}

/// An SFEN may give move number 4294967295 (`u32::MAX`); playing on from there overflowed.
#[test]
fn moves_after_the_largest_move_number() {
    let position = "position sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - \
                    4294967295 moves 7g7f 3c3d";
    let out = usi_session(&["usi", position, "d"], "sfen ");
    assert!(
        out.iter()
            .any(|l| l.starts_with("sfen ") && l.ends_with(" 4294967295")),
        "{out:?}"
    );
    let o = tokin(&[
        "perft",
        "1",
        "--sfen",
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 4294967295",
        "--moves",
        "7g7f",
        "3c3d",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
}
